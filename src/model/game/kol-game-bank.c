/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-info.h"
#include "kol-engine-shares.h"
#include "kol-engine-trains.h"
#include "kol-game-private.h"
#include "kol-game-words.h"

/**
 * KolGameBank:
 *
 * The bank, the pool, the depot, the phases and the round track of a
 * game; see kol-game-bank.h.
 */
struct _KolGameBank
{
  GObject parent_instance;

  char       *bank_text;
  char       *pool_text;
  char       *discarded_text;
  char      **effects;
  char       *next_train;
  char       *next_train_effects;
  char      **round_track;
  int         round_track_index;
  GListStore *depot_now;
  GListStore *depot_later;
  GListStore *phases;
};

G_DEFINE_FINAL_TYPE (KolGameBank, kol_game_bank, G_TYPE_OBJECT)

#define F(field) KOL_ITEM_FIELD (KolGameBank, field)

static const KolItemProp props[] = {
  /** KolGameBank:bank-text: the bank's cash ("unlimited" in 1840) */
  { "bank-text", KOL_ITEM_STRING, F (bank_text) },
  /** KolGameBank:pool-text: the shares in the pool, by company */
  { "pool-text", KOL_ITEM_STRING, F (pool_text) },
  /** KolGameBank:discarded-text: trains discarded to the pool and on
   * sale, %NULL for none */
  { "discarded-text", KOL_ITEM_STRING, F (discarded_text) },
  /** KolGameBank:effects: what buying the first train of each kind still
   * to come changes ("First 4H: Phase 4 begins (train limit 4); 2H
   * rust"), a sentence each */
  { "effects", KOL_ITEM_STRV, F (effects) },
  /** KolGameBank:next-train: the train the depot sells next and its price
   * ("4H for L.300"), %NULL when it is empty */
  { "next-train", KOL_ITEM_STRING, F (next_train) },
  /** KolGameBank:next-train-effects: what buying that train changes,
   * %NULL for nothing */
  { "next-train-effects", KOL_ITEM_STRING, F (next_train_effects) },
  /** KolGameBank:round-track: the steps of the title's round track
   * (1840's round bar: "SR1", "CR1 ×1"…), empty without one */
  { "round-track", KOL_ITEM_STRV, F (round_track) },
  { "round-track-index", KOL_ITEM_INT, F (round_track_index), -1 },
};

enum {
  PROP_0,
  PROP_BANK_TEXT,
  PROP_POOL_TEXT,
  PROP_DISCARDED_TEXT,
  PROP_EFFECTS,
  PROP_NEXT_TRAIN,
  PROP_NEXT_TRAIN_EFFECTS,
  PROP_ROUND_TRACK,
  PROP_ROUND_TRACK_INDEX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_bank_finalize (GObject *object)
{
  KolGameBank *self = KOL_GAME_BANK (object);

  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  g_clear_object (&self->depot_now);
  g_clear_object (&self->depot_later);
  g_clear_object (&self->phases);
  G_OBJECT_CLASS (kol_game_bank_parent_class)->finalize (object);
}

static void
kol_game_bank_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_bank_class_init (KolGameBankClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_bank_finalize;
  object_class->get_property = kol_game_bank_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_bank_init (KolGameBank *self)
{
  self->round_track_index = -1;
  self->effects = g_new0 (char *, 1);
  self->round_track = g_new0 (char *, 1);
  self->depot_now = g_list_store_new (KOL_TYPE_GAME_ROW);
  self->depot_later = g_list_store_new (KOL_TYPE_GAME_ROW);
  self->phases = g_list_store_new (KOL_TYPE_GAME_ROW);
}

KolGameBank *
_kol_game_bank_new (void)
{
  return g_object_new (KOL_TYPE_GAME_BANK, NULL);
}

/* ------------------------------------------------------- bank and pool */

/* A train by its rulebook's name (1840: «желтый трамвай» for Y1, Y2). */
static char *
bank_train_name (const KolTitle *title,
                 const char     *name)
{
  char *label = kol_game_word_train (title, name);

  return label != NULL ? label : g_strdup (name);
}

static char *
pool_text (const KolEngine *engine)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];
      int percent;

      g_autofree char *name = NULL;

      if (c < 0 || c >= engine->n_corps || (percent = kol_corp_pool_percent (engine, c)) == 0)
        continue;
      name = _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, c));
      /* a company of one certificate (1840's lines) is there whole: its
       * name says it («Линия 17», not "17 100%") */
      if (engine->title->corps[c].n_shares == 1)
        g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", name);
      else
        g_string_append_printf (out, "%s%s\xc2\xa0%d%%", out->len > 0 ? ", " : "", name, percent);
    }
  if (out->len == 0)
    /* Translators: the pool holds no shares. */
    return g_strdup (C_("pool", "empty"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
discarded_text (const KolEngine *engine)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_depot_discarded (engine, trains, G_N_ELEMENTS (trains));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = bank_train_name (engine->title, kol_engine_train_name (engine, trains[i]));

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", name);
    }
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static char *
bank_text (const KolEngine *engine)
{
  if (engine->title->bank < 0)
    /* Translators: the bank's cash when it is unlimited (1840). */
    return g_strdup (C_("bank", "unlimited"));
  return kol_game_word_money (engine->title, engine->bank);
}

/* ------------------------------------------------ what a purchase changes */

/* Has no train of @def left the depot yet? */
static gboolean
def_fresh (const KolEngine *engine,
           int              def)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (engine->trains[i].def == def && (!engine->trains[i].in_depot || engine->trains[i].owner.kind != KOL_ENTITY_BANK))
      return FALSE;
  return TRUE;
}

static void
append_sentence (GString    *out,
                 const char *sentence)
{
  g_string_append_printf (out, "%s%s", out->len > 0 ? "; " : "", sentence);
}

static void
append_phase (GString        *out,
              const KolTitle *title,
              int             phase)
{
  const KolPhaseDef *p = &title->phases[phase];
  /* Translators: buying a train starts a phase: "Phase 6H begins". */
  g_autofree char *begins = g_strdup_printf (_("Phase %s begins"), kol_game_word_phase (title, phase));
  g_autofree char *sentence = g_strdup_printf ("%s (%s %d)", begins, kol_game_word (title, KOL_WORD_TRAIN_LIMIT),
                                               p->train_limit);

  append_sentence (out, sentence);
  for (guint e = 0; p->events != NULL && e < p->events->len; e++)
    {
      const char *id = g_ptr_array_index (p->events, e);
      g_autofree char *key = g_strconcat ("event_", id, NULL);

      append_sentence (out, kol_game_word_id (title, key, id));
    }
}

/**
 * _kol_game_bank_purchase_effects:
 *
 * Returns: (transfer full) (nullable): what buying a train of kind @def
 *   changes now (a phase, older trains rusting), %NULL for nothing: only
 *   the first of a kind does
 */
char *
_kol_game_bank_purchase_effects (const KolEngine *engine,
                                 int              def)
{
  const KolTitle *t = engine->title;
  g_autoptr(GString) out = g_string_new (NULL);

  if (!def_fresh (engine, def))
    return NULL;
  for (guint p = 0; p < t->n_phases; p++)
    if (t->phases[p].on == def)
      append_phase (out, t, (int) p);
  for (guint d = 0; d < t->n_trains; d++)
    {
      g_autofree char *sentence = NULL;
      g_autofree char *name = bank_train_name (t, t->trains[d].name);

      if (t->trains[d].rusts_on == def)
        /* Translators: buying a train makes older trains rust: "4H rust"
         * (1849: «исключаются из игры»). */
        sentence = g_strdup_printf (_("%s rust"), name);
      else if (t->trains[d].obsolete_on == def)
        /* Translators: buying a train makes older trains obsolete. */
        sentence = g_strdup_printf (_("%s become obsolete"), name);
      if (sentence != NULL)
        append_sentence (out, sentence);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static char **
effects_of (const KolEngine *engine,
            const gint16    *upcoming,
            int              n)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  guint32 seen = 0;

  for (int i = 0; i < n; i++)
    {
      int def = engine->trains[upcoming[i]].def;
      g_autofree char *effects = NULL;

      if (def < 0 || def >= 32 || (seen & (1u << def)))
        continue;
      seen |= 1u << def;
      g_autofree char *name = NULL;

      if ((effects = _kol_game_bank_purchase_effects (engine, def)) == NULL)
        continue;
      name = bank_train_name (engine->title, engine->title->trains[def].name);
      /* Translators: %1$s is a train (1840: tram) name, %2$s what buying
       * the first one changes. */
      g_ptr_array_add (lines, g_strdup_printf (_("First %1$s: %2$s"), name, effects));
    }
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_steal (lines, NULL);
}

/* --------------------------------------------------------------- depot */

static gboolean
train_on_sale (const KolEngine *engine,
               const gint16    *sale,
               int              n_sale,
               int              train)
{
  for (int i = 0; i < n_sale; i++)
    if (engine->trains[sale[i]].def == engine->trains[train].def &&
        engine->trains[sale[i]].variant == engine->trains[train].variant)
      return TRUE;
  return FALSE;
}

static char *
train_markup (const KolEngine *engine,
              int              train)
{
  g_autofree char *color = _kol_game_train_color (engine->title, engine->trains[train].def);
  g_autofree char *label = _kol_game_train_name (engine, train);
  g_autofree char *name = g_markup_escape_text (label, -1);

  if (color == NULL)
    return g_steal_pointer (&name);
  return g_strdup_printf ("<span foreground=\"%s\">●</span> %s", color, name);
}

/* One row per run of equal trains (same name and price) in depot order:
 * name, how many, price; the tooltip says what buying the first changes. */
static GArray *
depot_rows (const KolEngine *engine,
            const gint16    *trains,
            int              n)
{
  GArray *rows = _kol_game_row_specs_new ();

  for (int i = 0; i < n;)
    {
      int j = i + 1;
      int price = kol_engine_train_price (engine, trains[i]);

      while (j < n && g_strcmp0 (kol_engine_train_name (engine, trains[j]), kol_engine_train_name (engine, trains[i])) == 0 &&
             kol_engine_train_price (engine, trains[j]) == price)
        j++;
      _kol_game_row_spec_add (rows, TRUE, FALSE, _kol_game_bank_purchase_effects (engine, engine->trains[trains[i]].def),
                              train_markup (engine, trains[i]),
                              /* Translators: how many equal trains (trams) are in the depot. */
                              g_strdup_printf (C_("trains", "×%d"), j - i),
                              kol_game_word_money (engine->title, price), NULL);
      i = j;
    }
  return rows;
}

static void
update_depot (KolGameBank     *self,
              const KolEngine *engine)
{
  gint16 upcoming[KOL_MAX_TRAINS], sale[KOL_MAX_TRAINS], now[KOL_MAX_TRAINS] = { 0 }, later[KOL_MAX_TRAINS] = { 0 };
  int n = kol_engine_depot_upcoming (engine, upcoming, G_N_ELEMENTS (upcoming));
  int n_sale = kol_depot_trains (engine, sale, G_N_ELEMENTS (sale));
  int n_now = 0, n_later = 0;
  g_autoptr(GArray) now_rows = NULL;
  g_autoptr(GArray) later_rows = NULL;
  char *next = NULL;

  for (int i = 0; i < n; i++)
    {
      if (!_kol_game_train_buyable (engine->title, engine->trains[upcoming[i]].def))
        continue;
      if (train_on_sale (engine, sale, n_sale, upcoming[i]))
        now[n_now++] = upcoming[i];
      else
        later[n_later++] = upcoming[i];
    }
  now_rows = depot_rows (engine, now, n_now);
  later_rows = depot_rows (engine, later, n_later);
  _kol_game_rows_sync (self->depot_now, now_rows);
  _kol_game_rows_sync (self->depot_later, later_rows);
  if (n_now > 0)
    {
      g_autofree char *price = kol_game_word_money (engine->title, kol_engine_train_price (engine, now[0]));

      /* Translators: the train the depot sells next and its price: "4H for
       * L.300". */
      g_autofree char *name = bank_train_name (engine->title, kol_engine_train_name (engine, now[0]));

      next = g_strdup_printf (C_("next train", "%1$s for %2$s"), name, price);
    }
  _kol_set_string (G_OBJECT (self), &self->next_train, next, properties[PROP_NEXT_TRAIN]);
  _kol_set_string (G_OBJECT (self), &self->next_train_effects,
                   n_now > 0 ? _kol_game_bank_purchase_effects (engine, engine->trains[now[0]].def) : NULL,
                   properties[PROP_NEXT_TRAIN_EFFECTS]);
  _kol_set_strv (G_OBJECT (self), &self->effects, effects_of (engine, upcoming, n), properties[PROP_EFFECTS]);
}

/* -------------------------------------------------------------- phases */

static char *
tiles_markup (guint8 tiles)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int c = 0; c < KOL_N_COLORS; c++)
    if (tiles & (1u << c))
      g_string_append_printf (out, "%s<span foreground=\"%s\">■</span> %s", out->len > 0 ? " " : "",
                              kol_color_to_string ((KolColor) c), kol_game_word_color ((KolColor) c));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The phase table: name, tile colours, train limit, operating rounds. */
static void
update_phases (KolGameBank     *self,
               const KolEngine *engine)
{
  const KolTitle *t = engine->title;
  g_autoptr(GArray) rows = _kol_game_row_specs_new ();

  for (guint p = 0; p < t->n_phases; p++)
    {
      const KolPhaseDef *def = &t->phases[p];
      g_autofree char *name = g_markup_escape_text (def->name, -1);

      _kol_game_row_spec_add (rows, TRUE, (int) p == engine->phase, NULL, g_strdup (name), tiles_markup (def->tiles),
                              def->train_limit > 0 ? g_strdup_printf ("%d", def->train_limit) : g_strdup ("—"),
                              g_strdup_printf ("%d", def->operating_rounds), NULL);
    }
  _kol_game_rows_sync (self->phases, rows);
}

/* -------------------------------------------------------- round track */

static GVariant *
unbox (GVariant *value)
{
  while (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (value);

      g_variant_unref (value);
      value = inner;
    }
  return value;
}

static char *
track_step_text (const KolTitle *title,
                 GVariant       *entry)
{
  g_autoptr(GVariant) inner = unbox (g_variant_ref (entry));
  g_autoptr(GVariant) id = NULL;
  g_autoptr(GVariant) multiplier = NULL;
  const char *own;
  int times;

  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_VARDICT))
    return g_strdup ("?");
  id = g_variant_lookup_value (inner, "id", G_VARIANT_TYPE_STRING);
  multiplier = g_variant_lookup_value (inner, "multiplier", NULL);
  times = kol_variant_to_int (multiplier, 0);
  if (times > 0)
    /* Translators: a step of 1840's round bar: a company round and its
     * multiplier ("CR4 ×2"). */
    return g_strdup_printf (_("%s ×%d"), id != NULL ? g_variant_get_string (id, NULL) : "?", times);
  if (id == NULL)
    return g_strdup ("?");
  /* a space named by a word ("End") in the title's words; ids that count
   * ("SR2", "LR1a") are the rulebook's own */
  own = kol_game_word_own (title, "round_bar_", g_variant_get_string (id, NULL));
  return g_strdup (own != NULL ? own : g_variant_get_string (id, NULL));
}

static char **
round_track (const KolTitle *title)
{
  g_autoptr(GVariant) track = unbox (kol_title_rule (title, "round_track"));
  gsize n = track != NULL && g_variant_is_container (track) &&
            !g_variant_is_of_type (track, G_VARIANT_TYPE_VARDICT) ? g_variant_n_children (track) : 0;
  char **steps = g_new0 (char *, n + 1);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (track, i);

      steps[i] = track_step_text (title, entry);
    }
  return steps;
}

/* ------------------------------------------------------------ refresh */

void
_kol_game_bank_update (KolGameBank     *self,
                       const KolEngine *engine)
{
  GObject *o = G_OBJECT (self);

  g_object_freeze_notify (o);
  _kol_set_string (o, &self->bank_text, bank_text (engine), properties[PROP_BANK_TEXT]);
  _kol_set_string (o, &self->pool_text, pool_text (engine), properties[PROP_POOL_TEXT]);
  _kol_set_string (o, &self->discarded_text, discarded_text (engine), properties[PROP_DISCARDED_TEXT]);
  update_depot (self, engine);
  update_phases (self, engine);
  _kol_set_strv (o, &self->round_track, round_track (engine->title), properties[PROP_ROUND_TRACK]);
  _kol_set_int (o, &self->round_track_index, kol_engine_round_track_index (engine),
                properties[PROP_ROUND_TRACK_INDEX]);
  g_object_thaw_notify (o);
}

/* ---------------------------------------------------------------- API */

/**
 * kol_game_bank_get_depot_now:
 *
 * Returns: (transfer none): the #KolGameRow list of the trains on sale
 *   now, in depot order: name (markup), count, price
 */
GListModel *
kol_game_bank_get_depot_now (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return G_LIST_MODEL (self->depot_now);
}

/**
 * kol_game_bank_get_depot_later:
 *
 * Returns: (transfer none): the #KolGameRow list of the trains to come
 */
GListModel *
kol_game_bank_get_depot_later (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return G_LIST_MODEL (self->depot_later);
}

/**
 * kol_game_bank_get_phases:
 *
 * Returns: (transfer none): the #KolGameRow list of the phase table: name,
 *   tile colours (markup), train limit, operating rounds; the current phase
 *   is the row marked current
 */
GListModel *
kol_game_bank_get_phases (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return G_LIST_MODEL (self->phases);
}

const char * const *
kol_game_bank_get_effects (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return (const char * const *) self->effects;
}

const char * const *
kol_game_bank_get_round_track (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return (const char * const *) self->round_track;
}

int
kol_game_bank_get_round_track_index (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), -1);
  return self->round_track_index;
}

const char *
kol_game_bank_get_next_train (KolGameBank *self)
{
  g_return_val_if_fail (KOL_IS_GAME_BANK (self), NULL);
  return self->next_train;
}
