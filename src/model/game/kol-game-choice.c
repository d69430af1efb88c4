/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-game-private.h"

/**
 * KolGameChoice:
 *
 * One choice of the current decision; see kol-game-choice.h.
 */
struct _KolGameChoice
{
  GObject parent_instance;

  GWeakRef          game;
  KolAction        *action;
  KolGameChoiceKind kind;
  char             *section;
  char             *label;
  gboolean          has_run;        /* a train that ran, beside a twin that did not */
  char             *twin_note;      /* what tells it from a twin ("C5 (Palermo)"), or NULL */
  char             *details;
  char             *key;
  gboolean          ranged;
  int               min;
  int               max;
  int               step;
  int               value;
  int               preview_corp;
  int               preview_row;
  int               preview_col;
  GArray           *hexes;          /* gint16: where on the map the move is, or NULL */
};

G_DEFINE_FINAL_TYPE (KolGameChoice, kol_game_choice, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (KolGameChoiceKind, kol_game_choice_kind,
                    G_DEFINE_ENUM_VALUE (KOL_GAME_CHOICE_BUTTON, "button"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_CHOICE_MAP, "map"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_CHOICE_PASS, "pass"))

#define F(field) KOL_ITEM_FIELD (KolGameChoice, field)

static const KolItemProp props[] = {
  { "kind", KOL_ITEM_ENUM, F (kind), KOL_GAME_CHOICE_BUTTON, kol_game_choice_kind_get_type },
  /** KolGameChoice:section: the kind of move, as a heading, in the
   * title's terms ("Buy shares", 1840 "Buy a tram") */
  { "section", KOL_ITEM_STRING, F (section) },
  /** KolGameChoice:label: the move in words, for its button */
  { "label", KOL_ITEM_STRING, F (label) },
  /** KolGameChoice:details: what it costs or changes, shown before it is
   * made (a dividend's amounts and price move, a train's effects), or
   * %NULL */
  { "details", KOL_ITEM_STRING, F (details) },
  /** KolGameChoice:key: "<action type>:<what>" ("bid:SCE", "buy_train:4H-0",
   * "dividend:WT") for a ranged choice, %NULL otherwise */
  { "key", KOL_ITEM_STRING, F (key) },
  { "ranged", KOL_ITEM_BOOL, F (ranged) },
  /** KolGameChoice:value: the number of a ranged choice (a bid, a price, a
   * dividend) */
  { "value", KOL_ITEM_INT, F (value), G_MININT },
};

enum { PROP_0, PROP_KIND, PROP_SECTION, PROP_LABEL, PROP_DETAILS, PROP_KEY, PROP_RANGED, PROP_VALUE, N_PROPS };

static GParamSpec *properties[N_PROPS];

static void
kol_game_choice_finalize (GObject *object)
{
  KolGameChoice *self = KOL_GAME_CHOICE (object);

  g_weak_ref_clear (&self->game);
  g_clear_pointer (&self->action, kol_action_free);
  g_free (self->twin_note);
  g_clear_pointer (&self->hexes, g_array_unref);
  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  G_OBJECT_CLASS (kol_game_choice_parent_class)->finalize (object);
}

static void
kol_game_choice_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_choice_class_init (KolGameChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_choice_finalize;
  object_class->get_property = kol_game_choice_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_choice_init (KolGameChoice *self)
{
  g_weak_ref_init (&self->game, NULL);
  self->preview_corp = self->preview_row = self->preview_col = -1;
}

/* Takes @hexes (gint16), or NULL. */
void
_kol_game_choice_set_hexes (KolGameChoice *self,
                            GArray        *hexes)
{
  g_clear_pointer (&self->hexes, g_array_unref);
  self->hexes = hexes;
}

/**
 * kol_game_choice_get_hexes:
 * @n_hexes: (out): how many
 *
 * Where on the map the move is or what it concerns (a line's home, a
 * station marker to remove), for the map to show while the choice is
 * pointed at.
 *
 * Returns: (array length=n_hexes) (nullable): hex indices
 */
const gint16 *
kol_game_choice_get_hexes (KolGameChoice *self,
                           int           *n_hexes)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  *n_hexes = self->hexes != NULL ? (int) self->hexes->len : 0;
  return self->hexes != NULL ? (const gint16 *) (gconstpointer) self->hexes->data : NULL;
}

static int *
value_field (KolAction *a)
{
  return a->type == KOL_ACTION_DIVIDEND ? &a->amount : &a->price;
}

static void
relabel (KolGameChoice *self)
{
  g_autoptr(KolGame) game = g_weak_ref_get (&self->game);
  g_autofree char *what = NULL;

  if (game == NULL)
    return;
  what = kol_game_describe_action (game, self->action);
  if (self->twin_note != NULL)
    {
      g_autofree char *plain = g_steal_pointer (&what);

      /* Translators: a choice and what tells it from another alike:
       * "Remove a station marker — I11 (Wien)", "Sell 20% of ATA for L.200
       * — President". */
      what = g_strdup_printf (_("%s — %s"), plain, self->twin_note);
    }
  if (self->has_run)
    {
      g_autofree char *plain = g_steal_pointer (&what);

      /* Translators: a train offered twice, once one that has run already
       * (it cannot run again for its buyer this turn): "4H from CTL for
       * L.96 (has run this turn)". */
      what = g_strdup_printf (_("%s (has run this turn)"), plain);
    }
  _kol_set_string (G_OBJECT (self), &self->label, g_steal_pointer (&what), properties[PROP_LABEL]);
}

/**
 * _kol_game_choice_new:
 * @game: the game
 * @action: (transfer full): the move
 * @kind: how it is offered
 * @section: (transfer full): its heading
 */
KolGameChoice *
_kol_game_choice_new (KolGame           *game,
                      KolAction         *action,
                      KolGameChoiceKind  kind,
                      char              *section)
{
  KolGameChoice *self = g_object_new (KOL_TYPE_GAME_CHOICE, NULL);

  g_weak_ref_set (&self->game, game);
  self->action = action;
  self->kind = kind;
  self->section = section;
  self->value = *value_field (action);
  relabel (self);
  return self;
}

/* A number in a range: @key names it for tests and the keyboard. Takes
 * @key. */
void
_kol_game_choice_set_range (KolGameChoice *self,
                            int            min,
                            int            max,
                            int            step,
                            char          *key)
{
  self->ranged = min < max;
  self->min = min;
  self->max = max;
  self->step = MAX (step, 1);
  g_clear_pointer (&self->key, g_free);
  if (self->ranged)
    self->key = key;
  else
    g_free (key);
}

/* What tells the choice from a twin the engine words alike: its hex ("C5
 * (Palermo)"), "President". Takes @note. */
void
_kol_game_choice_set_twin_note (KolGameChoice *self,
                                char          *note)
{
  g_free (self->twin_note);
  self->twin_note = note;
  relabel (self);
}

/* A train that has run, offered beside a twin that has not. */
void
_kol_game_choice_set_has_run (KolGameChoice *self)
{
  self->has_run = TRUE;
  relabel (self);
}

/* Takes @details. */
void
_kol_game_choice_set_details (KolGameChoice *self,
                              char          *details)
{
  _kol_set_string (G_OBJECT (self), &self->details, details, properties[PROP_DETAILS]);
}

void
_kol_game_choice_set_preview (KolGameChoice *self,
                              int            corp,
                              int            row,
                              int            col)
{
  self->preview_corp = corp;
  self->preview_row = row;
  self->preview_col = col;
}

/* ---------------------------------------------------------------- API */

KolGameChoiceKind
kol_game_choice_get_kind (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), KOL_GAME_CHOICE_BUTTON);
  return self->kind;
}

/**
 * kol_game_choice_get_action:
 *
 * Returns: (transfer none): the move, with the choice's value; valid as
 *   long as the choice
 */
const KolAction *
kol_game_choice_get_action (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  return self->action;
}

const char *
kol_game_choice_get_section (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  return self->section;
}

const char *
kol_game_choice_get_label (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  return self->label;
}

const char *
kol_game_choice_get_details (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  return self->details;
}

const char *
kol_game_choice_get_key (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), NULL);
  return self->key;
}

gboolean
kol_game_choice_get_ranged (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), FALSE);
  return self->ranged;
}

/**
 * kol_game_choice_get_range:
 * @min: (out) (optional): the smallest value the rules allow
 * @max: (out) (optional): the largest
 * @step: (out) (optional): the steps between them
 */
void
kol_game_choice_get_range (KolGameChoice *self,
                           int           *min,
                           int           *max,
                           int           *step)
{
  g_return_if_fail (KOL_IS_GAME_CHOICE (self));
  if (min != NULL)
    *min = self->min;
  if (max != NULL)
    *max = self->max;
  if (step != NULL)
    *step = self->step;
}

int
kol_game_choice_get_value (KolGameChoice *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), 0);
  return self->value;
}

/**
 * kol_game_choice_set_value:
 * @value: the number of a ranged choice
 *
 * Sets the move's number (a bid, a price, a variable dividend); the label
 * follows. Check the move with kol_game_check_action() before playing it.
 */
void
kol_game_choice_set_value (KolGameChoice *self,
                           int            value)
{
  g_return_if_fail (KOL_IS_GAME_CHOICE (self));
  if (self->value == value)
    return;
  *value_field (self->action) = value;
  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
  relabel (self);
  {
    g_autoptr(KolGame) game = g_weak_ref_get (&self->game);

    if (game != NULL)
      _kol_game_describe_choice (game, self);
  }
}

/**
 * kol_game_choice_get_preview:
 * @corp: (out) (optional): the company whose share price the move moves
 * @row: (out) (optional): where its price marker would go
 * @col: (out) (optional)
 *
 * Returns: %TRUE when the move moves a share price (a dividend)
 */
gboolean
kol_game_choice_get_preview (KolGameChoice *self,
                             int           *corp,
                             int           *row,
                             int           *col)
{
  g_return_val_if_fail (KOL_IS_GAME_CHOICE (self), FALSE);
  if (corp != NULL)
    *corp = self->preview_corp;
  if (row != NULL)
    *row = self->preview_row;
  if (col != NULL)
    *col = self->preview_col;
  return self->preview_corp >= 0;
}
