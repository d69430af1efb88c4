/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-game.h"
#include "kol-game-bank.h"
#include "kol-game-choice.h"
#include "kol-game-company.h"
#include "kol-game-holding.h"
#include "kol-game-log-entry.h"
#include "kol-game-row.h"
#include "kol-game-player.h"

G_BEGIN_DECLS

/*
 * Between KolGame and its list items: the game refreshes each item from the
 * state shown, and an item notifies only the properties whose value changed
 * (the helpers below), so a view bound to a property redraws only when it
 * must.
 */

KolGamePlayer      *_kol_game_player_new                 (int              index);
void                _kol_game_player_update              (KolGamePlayer   *self,
                                                          const KolEngine *engine,
                                                          KolEntity        acting,
                                                          GListModel      *companies);
KolGameCompany     *_kol_game_company_new                (KolEntity        entity);
void                _kol_game_company_set_run            (KolGameCompany  *self,
                                                          const KolTitle  *title,
                                                          int              revenue);
void                _kol_game_company_update             (KolGameCompany  *self,
                                                          const KolEngine *engine,
                                                          KolEntity        acting);
KolGameBank        *_kol_game_bank_new                   (void);
void                _kol_game_bank_update                (KolGameBank     *self,
                                                          const KolEngine *engine);
char               *_kol_game_bank_purchase_effects      (const KolEngine *engine,
                                                          int              def);
KolGameChoice      *_kol_game_choice_new                 (KolGame           *game,
                                                          KolAction         *action,
                                                          KolGameChoiceKind  kind,
                                                          char              *section);
void                _kol_game_choice_set_range           (KolGameChoice   *self,
                                                          int              min,
                                                          int              max,
                                                          int              step,
                                                          char            *key);
void                _kol_game_choice_set_twin_note       (KolGameChoice   *self,
                                                          char            *note);
void                _kol_game_choice_set_has_run         (KolGameChoice   *self);
void                _kol_game_choice_set_details         (KolGameChoice   *self,
                                                          char            *details);
void                _kol_game_choice_set_hexes           (KolGameChoice   *self,
                                                          GArray          *hexes);
void                _kol_game_describe_choice            (KolGame         *game,
                                                          KolGameChoice   *choice);
void                _kol_game_choice_set_preview         (KolGameChoice   *self,
                                                          int              corp,
                                                          int              row,
                                                          int              col);
void                _kol_game_company_set_subsidiaries   (KolGameCompany  *self,
                                                          GPtrArray       *lines);
KolGameHolding     *_kol_game_holding_new                (KolGameCompany  *company);
void                _kol_game_holding_update             (KolGameHolding  *self,
                                                          int              percent,
                                                          gboolean         president,
                                                          char            *text);
KolGameLogEntry    *_kol_game_log_entry_new              (guint            index,
                                                          const char      *text,
                                                          const char      *round,
                                                          int              kind,
                                                          KolLogCategory   category,
                                                          guint            action_index);
void                _kol_game_log_entry_set_future       (KolGameLogEntry *self,
                                                          gboolean         future);
guint               _kol_game_log_entry_get_action_index (KolGameLogEntry *self);

/* The colour a title gives a train kind (1840's trams: "yellow",
 * "orange"…), or NULL; whether players buy it (not 1840's imaginary
 * Stadtbahn trams). */
char               *_kol_game_train_color        (const KolTitle  *title,
                                                  int              def);
gboolean            _kol_game_train_buyable      (const KolTitle  *title,
                                                  int              def);

/* The name of an entity in logs and labels (a player's name, a
 * corporation's id, a private's name), translated where it is a word. */
char               *_kol_game_round_track_id     (KolEngine       *engine);
/* A train by its rulebook's name (1840: «желтый трамвай», not "Y2"). */
char               *_kol_game_train_name         (const KolEngine *engine,
                                                  int              train);
char               *_kol_game_entity_name        (const KolEngine *engine,
                                                  KolEntity        entity);

/* kol-game-choices-why.c */
void                _kol_game_choices_explain_pass     (KolEngine  *engine,
                                                        GListStore *choices);
void                _kol_game_choices_drop_idle_offers (KolEngine  *engine,
                                                        GPtrArray  *actions);
gboolean            _kol_game_choices_explain          (KolGame       *game,
                                                        KolEngine     *engine,
                                                        KolGameChoice *choice);

void                _kol_game_runs_trim          (KolGame         *self,
                                                  guint            n_actions);

/* A row of a panel's table to be (kol-game-row.c). */
typedef struct
{
  char   **cells;
  gboolean markup;
  gboolean current;
  char    *tooltip;
} KolGameRowSpec;

GArray *_kol_game_row_specs_new (void);
void    _kol_game_row_spec_add  (GArray     *rows,
                                 gboolean    markup,
                                 gboolean    current,
                                 char       *tooltip,
                                                  ...) G_GNUC_NULL_TERMINATED;
void    _kol_game_rows_sync     (GListStore *store,
                                 GArray     *rows);

/*
 * The items' properties, from a table: each read-only, notifying
 * explicitly, read from a field of the instance struct at an offset. An
 * item's class_init installs its table, get_property reads through it and
 * finalize frees what it holds.
 */
typedef enum
{
  KOL_ITEM_INT,
  KOL_ITEM_BOOL,
  KOL_ITEM_STRING,
  KOL_ITEM_STRV,
  KOL_ITEM_ENUM,
  KOL_ITEM_OBJECT,
} KolItemType;

typedef struct
{
  const char  *name;
  KolItemType  type;
  gsize        offset;
  int          min;       /* ints: the smallest value, and the default */
  GType      (*gtype) (void);  /* enums and objects */
} KolItemProp;

#define KOL_ITEM_FIELD(Type, field) G_STRUCT_OFFSET (Type, field)

void _kol_item_install (GObjectClass      *klass,
                        const KolItemProp *props,
                        guint              n_props,
                        GParamSpec       **pspecs);
void _kol_item_get     (GObject           *object,
                        const KolItemProp *props,
                        guint              n_props,
                        guint              prop_id,
                        GValue            *value,
                        GParamSpec        *pspec);
void _kol_item_clear   (GObject           *object,
                        const KolItemProp *props,
                        guint              n_props);

/* Set-and-notify helpers: the field changes and the property notifies only
 * when the value is new. */
static inline void
_kol_set_int (GObject    *object,
              int        *field,
              int         value,
              GParamSpec *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

static inline void
_kol_set_bool (GObject    *object,
               gboolean   *field,
               gboolean    value,
               GParamSpec *pspec)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

/* Takes @value. */
static inline void
_kol_set_string (GObject    *object,
                 char      **field,
                 char       *value,
                 GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

/* Takes @value. */
static inline void
_kol_set_strv (GObject    *object,
               char     ***field,
               char      **value,
               GParamSpec *pspec)
{
  if (*field != NULL && value != NULL && g_strv_equal ((const char * const *) *field,
                                                       (const char * const *) value))
    {
      g_strfreev (value);
      return;
    }
  g_strfreev (*field);
  *field = value;
  g_object_notify_by_pspec (object, pspec);
}

G_END_DECLS
