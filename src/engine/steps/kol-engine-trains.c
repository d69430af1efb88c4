/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-trains.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"
#include "kol-engine-token.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------ trains */

static const KolTrainDef *
train_def (KolEngine *g,
           int      train)
{
  return &g->title->trains[g->trains[train].def];
}

static int
n_variants (KolEngine *g,
            int      train)
{
  return MAX (train_def (g, train)->n_variants, 1);
}

/**
 * kol_train_variant_price:
 *
 * Returns: the price of variant @variant of @train, -1 when there is none.
 */
int
kol_train_variant_price (KolEngine *g,
                         int      train,
                         int      variant)
{
  const KolTrainDef *def = train_def (g, train);

  if (variant < 0 || variant >= n_variants (g, train))
    return -1;
  return def->n_variants > 0 ? def->variants[variant].price : def->price;
}

/**
 * kol_train_variant_by_name:
 *
 * Returns: the variant of @train named @name (the current one for %NULL),
 * or -1.
 */
int
kol_train_variant_by_name (KolEngine    *g,
                           int         train,
                           const char *name)
{
  const KolTrainDef *def = train_def (g, train);

  if (name == NULL)
    return g->trains[train].variant;
  for (int v = 0; v < def->n_variants; v++)
    if (g_strcmp0 (def->variants[v].name, name) == 0)
      return v;
  if (def->n_variants == 0 && g_strcmp0 (def->name, name) == 0)
    return 0;
  return -1;
}

/**
 * kol_train_from_depot:
 *
 * Returns: %TRUE if the depot owns @train (upcoming or discarded).
 */
gboolean
kol_train_from_depot (KolEngine *g,
                      int      train)
{
  KolEntity o = g->trains[train].owner;

  return o.kind == KOL_ENTITY_BANK || o.kind == KOL_ENTITY_POOL;
}

/**
 * kol_train_discarded:
 *
 * Returns: %TRUE if @train is in the depot's discard pile.
 */
gboolean
kol_train_discarded (KolEngine *g,
                     int      train)
{
  return g->trains[train].owner.kind == KOL_ENTITY_POOL;
}

/**
 * kol_train_min_price:
 *
 * Returns: Train#min_price: 1 for a corporation's train, else the cheapest
 * variant.
 */
int
kol_train_min_price (KolEngine *g,
                     int      train)
{
  int min = G_MAXINT;

  if (!kol_train_from_depot (g, train))
    return 1;
  for (int v = 0; v < n_variants (g, train); v++)
    min = MIN (min, kol_train_variant_price (g, train, v));
  return min;
}

static int
variants_max_price (KolEngine *g,
                    int      train)
{
  int max = 0;

  for (int v = 0; v < n_variants (g, train); v++)
    max = MAX (max, kol_train_variant_price (g, train, v));
  return max;
}

/* ------------------------------------------------------------------- depot */

/**
 * kol_depot_discarded:
 * @out: (out) (array): discarded trains, in discard order
 *
 * Returns: how many trains the depot's discard pile holds.
 */
int
kol_depot_discarded (KolEngine *g,
                     gint16  *out,
                     int      max)
{
  return kol_engine_trains_of (g, kol_entity (KOL_ENTITY_POOL, 0), out, max);
}

static gboolean
phase_reached (KolEngine *g,
               int      phase)
{
  return phase >= 0 && phase <= g->phase;
}

/* A train's name is its variant's: a train of the same type and variant
 * (most of the depot) has it without a comparison of the strings, so that
 * is looked for first. */
static gboolean
name_listed (KolEngine      *g,
             const gint16 *list,
             int           n,
             int           train)
{
  const KolTrain *t = &g->trains[train];
  const char *name;

  for (int i = 0; i < n; i++)
    if (g->trains[list[i]].def == t->def && g->trains[list[i]].variant == t->variant)
      return TRUE;
  name = kol_engine_train_name (g, train);
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (kol_engine_train_name (g, list[i]), name) == 0)
      return TRUE;
  return FALSE;
}

/* Appends @train unless a train of the same name is in out[from..n). */
static int
push_unique (KolEngine *g,
             gint16  *out,
             int      from,
             int      n,
             int      max,
             int      train)
{
  if (n >= max || name_listed (g, out + from, n - from, train))
    return n;
  out[n] = (gint16) train;
  return n + 1;
}

/**
 * kol_depot_trains:
 * @out: (out) (array): the depot trains on offer
 *
 * Returns: how many trains the depot offers (Depot#depot_trains).
 */
int
kol_depot_trains (KolEngine *g,
                  gint16  *out,
                  int      max)
{
  gint16 list[KOL_MAX_TRAINS];
  int n_up = kol_engine_depot_upcoming (g, list, KOL_MAX_TRAINS);
  int n = 0, from;

  if (n_up > 0)
    n = push_unique (g, out, 0, n, max, list[0]);
  for (int i = 0; i < n_up; i++)
    if (phase_reached (g, g->title->trains[g->trains[list[i]].def].available_on))
      n = push_unique (g, out, 0, n, max, list[i]);
  from = n;
  n_up = kol_depot_discarded (g, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n_up; i++)
    n = push_unique (g, out, from, n, max, list[i]);
  return n;
}

/**
 * kol_operating_can_buy_train_from_others:
 *
 * Returns: Game#can_buy_train_from_others? through the title's hook.
 */
gboolean
kol_operating_can_buy_train_from_others (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->can_buy_train_from_others)
    return h->can_buy_train_from_others (g);
  return !(h && h->no_train_buy_from_others);
}

/**
 * kol_depot_other_trains:
 * @out: (out) (array): trains of other corporations
 *
 * Returns: how many trains of other corporations @corp may buy.
 */
int
kol_depot_other_trains (KolEngine *g,
                        int      corp,
                        gint16  *out,
                        int      max)
{
  int n = 0;

  if (!kol_operating_can_buy_train_from_others (g))
    return 0;
  for (int i = 0; i < g->n_trains && n < max; i++)
    {
      const KolTrain *t = &g->trains[i];

      if (t->owner.kind != KOL_ENTITY_CORP || t->owner.index == corp || t->obsolete || t->rusted)
        continue;
      if (g->corps[t->owner.index].closed)
        continue;
      out[n++] = (gint16) i;
    }
  return n;
}

/**
 * kol_depot_available:
 * @out: (out) (array): depot trains, then other corporations' trains
 *
 * Returns: Depot#available for @corp.
 */
int
kol_depot_available (KolEngine *g,
                     int      corp,
                     gint16  *out,
                     int      max)
{
  int n = kol_depot_trains (g, out, max);

  return n + kol_depot_other_trains (g, corp, out + n, max - n);
}

/**
 * kol_depot_min_price:
 *
 * Returns: the lowest price @corp could pay for an available train, or -1.
 */
int
kol_depot_min_price (KolEngine *g,
                     int      corp)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_depot_available (g, corp, list, KOL_MAX_TRAINS);
  int min = -1;

  for (int i = 0; i < n; i++)
    {
      int p = kol_train_min_price (g, list[i]);

      if (min < 0 || p < min)
        min = p;
    }
  return min;
}

/**
 * kol_depot_min_depot_train:
 *
 * Returns: the cheapest depot train (the first of equals), or -1.
 */
int
kol_depot_min_depot_train (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (g, list, KOL_MAX_DEPOT_TRAINS);
  int best = -1;
  /* the round's entity (the operating corporation), not the active step's:
   * asking the steps would ask this again */
  KolEntity current = kol_round_entity (g);

  for (int i = 0; i < n; i++)
    {
      /* 1849's Depot#min_depot_train: not a train the current corporation
       * may not own (an E train without an E-token) */
      if (h && h->train_buyable && current.kind == KOL_ENTITY_CORP &&
          !h->train_buyable (g, current.index, list[i]))
        continue;
      if (best < 0 || kol_engine_train_price (g, list[i]) < kol_engine_train_price (g, best))
        best = list[i];
    }
  return best;
}

/**
 * kol_depot_min_depot_price:
 *
 * Returns: the cheapest variant of the cheapest depot train, 0 if none.
 */
int
kol_depot_min_depot_price (KolEngine *g)
{
  int train = kol_depot_min_depot_train (g);
  int min = G_MAXINT;

  if (train < 0)
    return 0;
  for (int v = 0; v < n_variants (g, train); v++)
    min = MIN (min, kol_train_variant_price (g, train, v));
  return min;
}

/**
 * kol_depot_max_depot_price:
 *
 * Returns: the dearest variant of the dearest depot train, 0 if none.
 */
int
kol_depot_max_depot_price (KolEngine *g)
{
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (g, list, KOL_MAX_DEPOT_TRAINS);
  int best = -1;

  for (int i = 0; i < n; i++)
    if (best < 0 || kol_engine_train_price (g, list[i]) > kol_engine_train_price (g, best))
      best = list[i];
  return best < 0 ? 0 : variants_max_price (g, best);
}

/**
 * kol_depot_reclaim_train:
 *
 * Depot#reclaim_train: the train goes to the discard pile, or out of the
 * game when the title removes discarded trains or the train is obsolete.
 */
void
kol_depot_reclaim_train (KolEngine *g,
                         int      train)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (g->trains[train].owner.kind == KOL_ENTITY_NONE || g->trains[train].rusted)
    return;
  if ((h && h->discarded_trains_removed) || g->trains[train].obsolete)
    kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_REMOVED, 0));
  else
    kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_POOL, 0));
}

static void
log_train_name (KolEngine    *g,
                int         kind,
                const char *name)
{
  KolArg args[1] = { kol_arg_string (name) };

  kol_engine_log (g, kind, args, 1);
}

/**
 * kol_depot_export:
 *
 * Depot#export!: the first upcoming train leaves the game, with the phase
 * effects of a purchase.
 */
void
kol_depot_export (KolEngine *g)
{
  gint16 list[KOL_MAX_TRAINS];
  int train;

  if (kol_engine_depot_upcoming (g, list, KOL_MAX_TRAINS) == 0)
    return;
  train = list[0];
  log_train_name (g, KOL_LOG_TRAIN_EXPORTS, kol_engine_train_name (g, train));
  kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_REMOVED, 0));
  kol_phase_buying_train (g, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
}

static int
first_upcoming_named (KolEngine    *g,
                      const char *name)
{
  gint16 list[KOL_MAX_TRAINS];

  if (kol_engine_depot_upcoming (g, list, KOL_MAX_TRAINS) == 0)
    return -1;
  return g_strcmp0 (kol_engine_train_name (g, list[0]), name) == 0 ? list[0] : -1;
}

/**
 * kol_depot_export_all:
 *
 * Depot#export_all!: the leading upcoming trains named @name leave the game.
 */
void
kol_depot_export_all (KolEngine    *g,
                      const char *name)
{
  int train;

  log_train_name (g, KOL_LOG_TRAINS_EXPORTED, name);
  while ((train = first_upcoming_named (g, name)) >= 0)
    {
      kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_REMOVED, 0));
      kol_phase_buying_train (g, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
    }
}

/**
 * kol_depot_reclaim_all:
 *
 * Depot#reclaim_all!: the leading upcoming trains named @name go to the
 * discard pile.
 */
void
kol_depot_reclaim_all (KolEngine    *g,
                       const char *name)
{
  int train;

  log_train_name (g, KOL_LOG_TRAINS_TO_POOL, name);
  while ((train = first_upcoming_named (g, name)) >= 0)
    {
      kol_depot_reclaim_train (g, train);
      kol_phase_buying_train (g, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
    }
}

/* ------------------------------------------------------ game and phase */

/**
 * kol_engine_rust_train:
 *
 * Game#rust: the train is rusted and leaves its owner.
 */
void
kol_engine_rust_train (KolEngine *g,
                     int      train)
{
  g->trains[train].rusted = TRUE;
  kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_REMOVED, 0));
}

/* Game#rust?: rusts_on the bought train, or obsolete_on it while discarded. */
static gboolean
train_rusts (KolEngine *g,
             int      t,
             int      bought)
{
  const KolTrainDef *def = train_def (g, t);
  int bought_def = g->trains[bought].def;

  return def->rusts_on == bought_def || (def->obsolete_on == bought_def && kol_train_discarded (g, t));
}

typedef struct
{
  GString  *names;
  int       n_owners;
  KolEntity owners[KOL_MAX_CORPS + 2];
  int       counts[KOL_MAX_CORPS + 2];
} RustTally;

static void
tally_name (GString    *names,
            const char *name)
{
  g_auto(GStrv) parts = g_strsplit (names->str, ", ", -1);

  for (int i = 0; parts[i] != NULL; i++)
    if (g_strcmp0 (parts[i], name) == 0)
      return;
  if (names->len > 0)
    g_string_append (names, ", ");
  g_string_append (names, name);
}

static void
tally_owner (RustTally *r,
             KolEntity  owner)
{
  /* the depot is one owner, whether the train was upcoming or discarded */
  if (owner.kind == KOL_ENTITY_POOL)
    owner = kol_entity (KOL_ENTITY_BANK, 0);
  for (int i = 0; i < r->n_owners; i++)
    if (kol_entity_equal (r->owners[i], owner))
      {
        r->counts[i]++;
        return;
      }
  if (r->n_owners < (int) G_N_ELEMENTS (r->owners))
    {
      r->owners[r->n_owners] = owner;
      r->counts[r->n_owners++] = 1;
    }
}

static void
log_rust (KolEngine   *g,
          RustTally *r)
{
  log_train_name (g, KOL_LOG_TRAINS_RUST, r->names->str);
  for (int i = 0; i < r->n_owners; i++)
    {
      KolArg args[2] = {
        r->owners[i].kind == KOL_ENTITY_BANK ? kol_arg_string ("The Depot") : kol_arg_entity (r->owners[i]),
        kol_arg_int (KOL_ARG_INT, r->counts[i]),
      };

      kol_engine_log (g, KOL_LOG_TRAINS_RUST_OWNER, args, 2);
    }
}

/**
 * kol_default_rust_trains:
 *
 * Game#rust_trains!: trains whose obsolete_on is the bought train become
 * obsolete; trains whose rusts_on it is (and discarded obsolete ones) rust,
 * wherever they are, depot included.
 */
void
kol_default_rust_trains (KolEngine  *g,
                         int       train,
                         KolEntity entity)
{
  g_autoptr(GString) obsolete = g_string_new (NULL);
  g_autoptr(GString) removed = g_string_new (NULL);
  RustTally rusted = { g_string_new (NULL), 0, { { 0 } }, { 0 } };
  int bought_def = g->trains[train].def;

  for (int t = 0; t < g->n_trains; t++)
    if (!g->trains[t].obsolete && train_def (g, t)->obsolete_on == bought_def)
      {
        tally_name (obsolete, kol_engine_train_name (g, t));
        g->trains[t].obsolete = TRUE;
      }
  for (int t = 0; t < g->n_trains; t++)
    {
      KolTrain *tr = &g->trains[t];

      if (tr->rusted || tr->owner.kind == KOL_ENTITY_REMOVED || !train_rusts (g, t, train))
        continue;
      if (tr->obsolete && kol_train_from_depot (g, t))
        tally_name (removed, kol_engine_train_name (g, t));
      else
        {
          tally_name (rusted.names, kol_engine_train_name (g, t));
          tally_owner (&rusted, tr->owner);
        }
      kol_engine_rust_train (g, t);
    }
  if (obsolete->len > 0)
    log_train_name (g, KOL_LOG_TRAINS_OBSOLETE, obsolete->str);
  if (removed->len > 0)
    log_train_name (g, KOL_LOG_OBSOLETE_REMOVED, removed->str);
  if (rusted.names->len > 0)
    log_rust (g, &rusted);
  g_string_free (rusted.names, TRUE);
}

/**
 * kol_phase_buying_train:
 *
 * Phase#buying_train!: every phase whose `on` is this train starts (its
 * events run in kol_engine_set_phase), trains rust, then the title's
 * after_buying_train runs.
 */
void
kol_phase_buying_train (KolEngine  *g,
                        KolEntity entity,
                        int       train,
                        KolEntity source)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  int def = g->trains[train].def;

  while ((guint) g->phase + 1 < g->title->n_phases && g->title->phases[g->phase + 1].on == def)
    kol_engine_set_phase (g, g->phase + 1);
  if (h && h->rust_trains)
    h->rust_trains (g, train, entity);
  else
    kol_default_rust_trains (g, train, entity);
  if (h && h->after_buying_train)
    h->after_buying_train (g, train, source);
}

/**
 * kol_default_buy_train:
 *
 * Game#buy_train: @corp pays @price to the train's owner (the bank for the
 * depot) and takes the train; companies closing on a train purchase close.
 */
void
kol_default_buy_train (KolEngine *g,
                       int      corp,
                       int      train,
                       int      price)
{
  KolEntity owner = g->trains[train].owner;

  if (kol_train_from_depot (g, train))
    owner = kol_entity (KOL_ENTITY_BANK, 0);
  kol_engine_transfer (g, kol_entity (KOL_ENTITY_CORP, corp), owner, price);
  kol_engine_move_train (g, train, kol_entity (KOL_ENTITY_CORP, corp));
  kol_operating_close_companies_on_event (g, corp, "bought_train");
}

/**
 * kol_operating_buy_train:
 *
 * Game#buy_train through the title's hook.
 */
void
kol_operating_buy_train (KolEngine *g,
                         int      corp,
                         int      train,
                         int      price)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->buy_train)
    h->buy_train (g, corp, train, price);
  else
    kol_default_buy_train (g, corp, train, price);
}

/**
 * kol_num_corp_trains:
 *
 * Returns: @corp's trains that count for the limit (obsolete ones only when
 * the title says so).
 */
int
kol_num_corp_trains (KolEngine *g,
                     int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  gboolean obsolete_count = h && h->obsolete_trains_count_for_limit;
  int n = 0;

  for (int i = 0; i < g->n_trains; i++)
    if (kol_entity_equal (g->trains[i].owner, kol_entity (KOL_ENTITY_CORP, corp)) &&
        (obsolete_count || !g->trains[i].obsolete))
      n++;
  return n;
}

static int
corp_n_trains (KolEngine *g,
               int      corp)
{
  gint16 list[KOL_MAX_TRAINS];

  return kol_engine_trains_of (g, kol_entity (KOL_ENTITY_CORP, corp), list, KOL_MAX_TRAINS);
}

/**
 * kol_crowded_corps:
 * @out: (out) (array): corporations over their train limit
 *
 * Returns: how many corporations hold more trains than their limit.
 */
int
kol_crowded_corps (KolEngine *g,
                   gint16  *out,
                   int      max)
{
  int n = 0;

  for (int i = 0; i < g->n_corp_order && n < max; i++)
    {
      int c = g->corp_order[i];

      if (!g->corps[c].closed && kol_num_corp_trains (g, c) > kol_operating_train_limit (g, c))
        out[n++] = (gint16) c;
    }
  return n;
}

/**
 * kol_default_must_buy_train:
 *
 * Returns: Game#must_buy_train?: no train, the depot has one, and (by
 * MUST_BUY_TRAIN) always or when the network has a route.
 */
gboolean
kol_default_must_buy_train (KolEngine *g,
                            int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  int rule = h ? h->must_buy_train_rule : KOL_MUST_BUY_TRAIN_ROUTE;
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  KolReach reach;

  if (corp_n_trains (g, corp) > 0 || kol_depot_trains (g, list, KOL_MAX_DEPOT_TRAINS) == 0)
    return FALSE;
  if (rule == KOL_MUST_BUY_TRAIN_ALWAYS)
    return TRUE;
  if (rule != KOL_MUST_BUY_TRAIN_ROUTE)
    return FALSE;
  kol_board_compute_reach (g, corp, NULL, &reach);
  return reach.route_train_purchase;
}

/**
 * kol_operating_must_buy_train:
 *
 * Returns: Game#must_buy_train? through the title's hook.
 */
gboolean
kol_operating_must_buy_train (KolEngine *g,
                              int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->must_buy_train)
    return h->must_buy_train (g, corp);
  return kol_default_must_buy_train (g, corp);
}

/* -------------------------------------------------------- Step::BuyTrain */

/**
 * kol_step_buy_train_data:
 *
 * Returns: the BuyTrain step's data.
 */
KolBuyTrainData *
kol_step_buy_train_data (KolStep *s)
{
  return (KolBuyTrainData *) (void *) s->data;
}

static KolEntity
current_corp (KolEngine *g,
              KolStep *s)
{
  return kol_step_current_entity (g, s);
}

/**
 * kol_step_buy_train_setup:
 *
 * Step::Train#setup: no emergency sales yet.
 */
void
kol_step_buy_train_setup (KolEngine *g,
                          KolStep *s)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);

  memset (d, 0, sizeof *d);
  d->last_share_sold_price = -1;
  d->last_share_issued_price = -1;
}

/**
 * kol_step_buy_train_pass:
 *
 * BuyTrain#pass!: forgets the emergency sale prices.
 */
void
kol_step_buy_train_pass (KolEngine *g,
                         KolStep *s)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);

  d->last_share_sold_price = -1;
  d->last_share_issued_price = -1;
  s->passed = TRUE;
}

/**
 * kol_step_buy_train_room:
 *
 * Returns: Step::Train#room?: fewer trains than the limit.
 */
gboolean
kol_step_buy_train_room (KolEngine *g,
                         int      corp)
{
  return kol_num_corp_trains (g, corp) < kol_operating_train_limit (g, corp);
}

static gboolean
room (KolEngine *g,
      KolStep *s,
      int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->buy_train_room)
    return h->buy_train_room (g, s, corp);
  return kol_step_buy_train_room (g, corp);
}

static gboolean
can_buy (KolEngine *g,
         KolStep *s,
         int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->can_buy_train)
    return h->can_buy_train (g, s, corp);
  return kol_step_buy_train_can_buy (g, s, corp);
}

/**
 * kol_step_buy_train_can_buy:
 *
 * Returns: Step::Train#can_buy_train?: room for a train and money for the
 * cheapest available one.
 */
gboolean
kol_step_buy_train_can_buy (KolEngine *g,
                            KolStep *s,
                            int      corp)
{
  int min = kol_depot_min_price (g, corp);

  return room (g, s, corp) && min >= 0 &&
         kol_operating_buying_power (g, kol_entity (KOL_ENTITY_CORP, corp)) >= min;
}

/**
 * kol_step_buy_train_president_may_contribute:
 *
 * Returns: Step::Train#president_may_contribute? (= must_buy_train?).
 */
gboolean
kol_step_buy_train_president_may_contribute (KolEngine *g,
                                             KolStep *s,
                                             int      corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  if (h && h->step_must_buy_train)
    return h->step_must_buy_train (g, s, corp);
  return kol_operating_must_buy_train (g, corp);
}

static int
ebuy_from_others (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return h ? h->ebuy_from_others : KOL_EBUY_FROM_OTHERS_VALUE;
}

static gboolean
depot_must_be_cheapest (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return !(h && h->ebuy_depot_train_any);
}

/**
 * kol_step_buy_train_spend_minmax:
 * @min: (out): lowest price
 * @max: (out): highest price
 *
 * Step::Train#spend_minmax: what @corp may pay for another corporation's
 * @train (with the president's money when it cannot pay the train's price).
 */
void
kol_step_buy_train_spend_minmax (KolEngine *g,
                                 KolStep *s,
                                 int      corp,
                                 int      train,
                                 int     *min,
                                 int     *max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  int power = kol_operating_buying_power (g, e);
  int price = kol_engine_train_price (g, train);
  int rule = ebuy_from_others (g);

  if (rule != KOL_EBUY_FROM_OTHERS_NEVER && power < price)
    {
      int max_possible = power + kol_engine_cash (g, g->corps[corp].owner);

      *min = d->last_share_sold_price >= 0 ? max_possible - d->last_share_sold_price + 1 : 1;
      *max = rule == KOL_EBUY_FROM_OTHERS_VALUE ? MIN (price, max_possible) : max_possible;
      return;
    }
  *min = 1;
  *max = power;
}

static gboolean
train_buyable_by_title (KolEngine *g,
                        int      corp,
                        int      train)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return !(h && h->train_buyable) || h->train_buyable (g, corp, train);
}

/**
 * kol_step_buy_train_buyable_trains:
 * @out: (out) (array): trains
 *
 * Step::Train#buyable_trains: the depot's trains (only the cheapest when the
 * corporation cannot pay for it and the title says so), then other
 * corporations' trains (within what an emergency allows).
 *
 * Returns: how many trains @corp may buy.
 */
int
kol_step_buy_train_buyable_trains (KolEngine *g,
                                   KolStep *s,
                                   int      corp,
                                   gint16  *out,
                                   int      max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  gint16 depot[KOL_MAX_DEPOT_TRAINS], others[KOL_MAX_TRAINS];
  int n_depot = kol_depot_trains (g, depot, KOL_MAX_DEPOT_TRAINS);
  int n_others = kol_depot_other_trains (g, corp, others, KOL_MAX_TRAINS);
  int cash = g->corps[corp].cash;
  int rule = ebuy_from_others (g);
  int n = 0;

  if (cash < kol_depot_min_depot_price (g))
    {
      if (depot_must_be_cheapest (g))
        {
          int cheapest = kol_depot_min_depot_train (g);

          n_depot = cheapest >= 0 ? 1 : 0;
          depot[0] = (gint16) cheapest;
        }
      if (d->last_share_sold_price >= 0)
        {
          int k = 0;

          for (int i = 0; rule != KOL_EBUY_FROM_OTHERS_NEVER && i < n_others; i++)
            {
              int min, max_price;

              kol_step_buy_train_spend_minmax (g, s, corp, others[i], &min, &max_price);
              if (kol_engine_train_price (g, others[i]) >= min)
                others[k++] = others[i];
            }
          n_others = k;
        }
    }
  if (cash == 0 && rule == KOL_EBUY_FROM_OTHERS_NEVER)
    n_others = 0;
  for (int i = 0; i < n_depot && n < max; i++)
    if (train_buyable_by_title (g, corp, depot[i]))
      out[n++] = depot[i];
  for (int i = 0; i < n_others && n < max; i++)
    if (train_buyable_by_title (g, corp, others[i]))
      out[n++] = others[i];
  return n;
}

static gboolean
can_ebuy_sell_shares (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return !(h && h->ebuy_cannot_sell_shares);
}

/**
 * kol_step_buy_train_actions:
 *
 * Returns: BuyTrain#actions: the president may sell shares for an emergency
 * purchase; the corporation buys (and may pass unless it must buy).
 */
guint32
kol_step_buy_train_actions (KolEngine  *g,
                            KolStep  *s,
                            KolEntity entity)
{
  KolEntity cur = current_corp (g, s);

  if (cur.kind != KOL_ENTITY_CORP)
    return 0;
  if (entity.kind == KOL_ENTITY_PLAYER && kol_entity_equal (entity, g->corps[cur.index].owner) &&
      can_ebuy_sell_shares (g))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (!kol_entity_equal (entity, cur))
    return 0;
  if (kol_step_buy_train_president_may_contribute (g, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES) | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN);
  if (can_buy (g, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  return 0;
}

static gboolean
variant_buyable (KolEngine *g,
                 int      corp,
                 int      train,
                 int      variant)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return !(h && h->train_variant_buyable) || h->train_variant_buyable (g, corp, train, variant);
}

static gboolean
listed (const gint16 *list,
        int           n,
        int           train)
{
  for (int i = 0; i < n; i++)
    if (list[i] == train)
      return TRUE;
  return FALSE;
}

static gboolean
refuse_train (KolEngine    *g,
              GError    **error,
              int         train,
              KolReason   reason,
              const char *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_TRAIN, train), kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_TRAIN, args, 2, "cannot buy train %s: %s",
                          train >= 0 ? kol_engine_train_name (g, train) : "?", message);
}

/* The check at the start of Step::Train#buy_train_action: the variant and
 * the train are on offer. Measured before the variant is changed, as Ruby's
 * cached depot list is. */
static gboolean
check_buyable (KolEngine *g,
               KolStep *s,
               int      corp,
               int      train,
               int      variant,
               GError **error)
{
  gint16 avail[KOL_MAX_TRAINS], buyable[KOL_MAX_TRAINS];
  int n_avail = kol_depot_available (g, corp, avail, KOL_MAX_TRAINS);
  int n_buyable = kol_step_buy_train_buyable_trains (g, s, corp, buyable, KOL_MAX_TRAINS);

  if (n_buyable == 0 || !variant_buyable (g, corp, train, variant))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "variant not buyable");
  if (!listed (avail, n_avail, train) && !listed (buyable, n_buyable, train))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  if (!train_buyable_by_title (g, corp, train))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  return TRUE;
}

/* Step::Train#check_for_cheapest_train as a test: with the president's
 * money only a variant of the cheapest depot train (at its lowest price). */
static gboolean
cheapest_ok (KolEngine *g,
             int      train)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  int cheapest = kol_depot_min_depot_train (g);
  int min = G_MAXINT;

  if ((h && h->no_cheapest_train_check) || cheapest < 0 || !depot_must_be_cheapest (g))
    return TRUE;
  if (ebuy_from_others (g) != KOL_EBUY_FROM_OTHERS_NEVER && !kol_train_from_depot (g, train))
    return TRUE;
  for (int v = 0; v < n_variants (g, cheapest); v++)
    min = MIN (min, kol_train_variant_price (g, cheapest, v));
  for (int v = 0; v < n_variants (g, cheapest); v++)
    if (kol_train_variant_price (g, cheapest, v) == min)
      {
        const KolTrainDef *def = train_def (g, cheapest);
        const char *name = def->n_variants > 0 ? def->variants[v].name : def->name;

        if (g_strcmp0 (name, kol_engine_train_name (g, train)) == 0)
          return TRUE;
      }
  return FALSE;
}

static gboolean
check_cheapest (KolEngine *g,
                int      train,
                GError **error)
{
  if (cheapest_ok (g, train))
    return TRUE;
  return refuse_train (g, error, train, KOL_REASON_TRAIN_CHEAPEST, "a cheaper train is available");
}

static gboolean
player_has_sellable_shares (KolEngine *g,
                            KolStep *s,
                            int      player);

/* Step::Train#try_take_player_loan (EBUY_CAN_TAKE_PLAYER_LOAN). */
static gboolean
try_take_player_loan (KolEngine *g,
                      KolStep *s,
                      int      player,
                      int      cost,
                      GError **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  int cash = g->players[player].cash;

  if (cost <= 0 || cost <= cash || h == NULL || h->ebuy_player_loan == KOL_PLAYER_LOAN_NONE)
    return TRUE;
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_AFTER_SELL && player_has_sellable_shares (g, s, player))
    return refuse_train (g, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares must be sold first");
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_NO_SELL && kol_step_buy_train_data (s)->n_corps_sold > 0)
    return refuse_train (g, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares were sold: no loan");
  if (h->take_player_loan)
    h->take_player_loan (g, player, cost - cash);
  return TRUE;
}

static gboolean
president_contributes (KolEngine *g,
                       KolStep *s,
                       int      corp,
                       int      train,
                       int      price,
                       int      remaining,
                       GError **error)
{
  KolEntity owner = g->corps[corp].owner;
  KolArg args[2];

  if (!check_cheapest (g, train, error))
    return FALSE;
  if (price > kol_engine_train_price (g, train) && kol_train_from_depot (g, train))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_OVER_COST, "cannot buy for more than cost");
  if (owner.kind != KOL_ENTITY_PLAYER)
    return refuse_train (g, error, train, KOL_REASON_TRAIN_PRICE, "no president to contribute");
  if (!try_take_player_loan (g, s, owner.index, remaining, error))
    return FALSE;
  if (g->players[owner.index].cash < remaining)
    {
      KolArg cash_args[3] = {
        kol_arg_entity (owner),
        kol_arg_int (KOL_ARG_MONEY, g->players[owner.index].cash),
        kol_arg_int (KOL_ARG_MONEY, remaining),
      };

      return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NO_CASH, cash_args, 3,
                              "%s cannot contribute %d", kol_engine_entity_name (g, owner), remaining);
    }
  kol_engine_transfer (g, owner, kol_entity (KOL_ENTITY_CORP, corp), remaining);
  args[0] = kol_arg_entity (owner);
  args[1] = kol_arg_int (KOL_ARG_MONEY, remaining);
  kol_engine_log (g, KOL_LOG_CONTRIBUTES, args, 2);
  return TRUE;
}

static void
log_buy (KolEngine  *g,
         int       corp,
         int       train,
         int       price,
         KolEntity source)
{
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_CORP, corp),
    kol_arg_string (kol_engine_train_name (g, train)),
    kol_arg_int (KOL_ARG_MONEY, price),
    kol_arg_entity (source),
  };

  if (source.kind == KOL_ENTITY_POOL)
    kol_engine_log (g, KOL_LOG_BUYS_TRAIN_DISCARD, args, 3);
  else if (source.kind == KOL_ENTITY_BANK)
    kol_engine_log (g, KOL_LOG_BUYS_TRAIN_DEPOT, args, 3);
  else
    kol_engine_log (g, KOL_LOG_BUYS_TRAIN, args, 4);
}

static gboolean
check_train_action (KolEngine         *g,
                    const KolAction *a,
                    int             *variant,
                    GError         **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only corporations buy trains");
  if (a->train < 0 || a->train >= g->n_trains)
    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  *variant = kol_train_variant_by_name (g, a->train, a->variant);
  if (*variant < 0)
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_NOT_BUYABLE, "no such variant");
  if (a->price < 0)
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_PRICE, "negative price");
  return TRUE;
}

/**
 * kol_step_buy_train_action:
 * @pass_after: pass when no other train can be bought (Step::Train does)
 *
 * Step::Train#buy_train_action: the train (and variant) must be on offer;
 * a depot train costs its price; with the president's help (must buy) only
 * the cheapest depot train; the president pays what the corporation lacks;
 * then the corporation buys and the phase reacts.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_action (KolEngine         *g,
                           KolStep         *s,
                           const KolAction *a,
                           gboolean         pass_after,
                           GError         **error)
{
  int corp = a->entity.index, train = a->train, variant, remaining;
  KolEntity source;

  if (!check_train_action (g, a, &variant, error) ||
      !check_buyable (g, s, corp, train, variant, error))
    return FALSE;
  if (kol_entity_equal (g->trains[train].owner, a->entity))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_OWN, "a corporation cannot buy from itself");
  g->trains[train].variant = (guint8) variant;
  /* 18xx.games trusts the price of a depot train; ours is its variant's */
  if (kol_train_from_depot (g, train) && a->price != kol_engine_train_price (g, train))
    return refuse_train (g, error, train, KOL_REASON_TRAIN_PRICE, "a depot train costs its price");

  remaining = a->price - kol_operating_buying_power (g, a->entity);
  if (remaining > 0 && kol_step_buy_train_president_may_contribute (g, s, corp) &&
      !president_contributes (g, s, corp, train, a->price, remaining, error))
    return FALSE;
  if (g->corps[corp].cash < a->price)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_CORP, corp),
        kol_arg_int (KOL_ARG_MONEY, g->corps[corp].cash),
        kol_arg_int (KOL_ARG_MONEY, a->price),
      };

      return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s has %d, needs %d",
                              g->title->corps[corp].id, g->corps[corp].cash, a->price);
    }

  source = g->trains[train].owner;
  log_buy (g, corp, train, a->price, source);
  kol_operating_buy_train (g, corp, train, a->price);
  kol_phase_buying_train (g, a->entity, train, source);
  if (pass_after && !can_buy (g, s, corp))
    kol_step_pass (g, s);
  return TRUE;
}

/* BuyTrain#check_spend: a train of another corporation within spend_minmax. */
static gboolean
check_spend (KolEngine         *g,
             KolStep         *s,
             const KolAction *a,
             GError         **error)
{
  int min, max;

  if (g->trains[a->train].owner.kind != KOL_ENTITY_CORP)
    return TRUE;
  kol_step_buy_train_spend_minmax (g, s, a->entity.index, a->train, &min, &max);
  if (a->price >= min && a->price <= max)
    return TRUE;
  if (max == 0 && ebuy_from_others (g) == KOL_EBUY_FROM_OTHERS_NEVER)
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_PRICE,
                         "may not buy a train from another corporation");
  {
    KolArg args[4] = {
      kol_arg_int (KOL_ARG_TRAIN, a->train),
      kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_PRICE),
      kol_arg_int (KOL_ARG_MONEY, min),
      kol_arg_int (KOL_ARG_MONEY, max),
    };

    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_TRAIN, args, 4,
                            "may only spend between %d and %d", min, max);
  }
}

/**
 * kol_step_buy_train_process_buy_train:
 *
 * BuyTrain#process_buy_train.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_process_buy_train (KolEngine         *g,
                                      KolStep         *s,
                                      const KolAction *a,
                                      GError         **error)
{
  int variant;

  if (!check_train_action (g, a, &variant, error) || !check_spend (g, s, a, error))
    return FALSE;
  if (!kol_step_buy_train_action (g, s, a, TRUE, error))
    return FALSE;
  if (!s->passed && !can_buy (g, s, a->entity.index))
    kol_step_pass (g, s);
  return TRUE;
}

/* ---- emergency money ---- */

static int
needed_cash (KolEngine *g)
{
  return depot_must_be_cheapest (g) ? kol_depot_min_depot_price (g) : kol_depot_max_depot_price (g);
}

static int
available_cash (KolEngine  *g,
                KolStep  *s,
                KolEntity seller)
{
  KolEntity cur = current_corp (g, s);

  if (kol_entity_equal (seller, cur))
    return kol_engine_cash (g, cur);
  return kol_engine_cash (g, seller) + kol_engine_cash (g, cur);
}

/* EmergencyMoney#causes_president_swap?: the seller would hold less than
 * another holder (players and corporations). */
static gboolean
causes_president_swap (KolEngine         *g,
                       const KolBundle *b)
{
  int remaining = kol_engine_percent_of (g, b->owner, b->corp) - b->percent;
  int next_highest = 0;

  for (int p = 0; p < g->n_players; p++)
    {
      KolEntity e = kol_entity (KOL_ENTITY_PLAYER, p);

      if (!kol_entity_equal (e, b->owner))
        next_highest = MAX (next_highest, kol_engine_percent_of (g, e, b->corp));
    }
  for (int c = 0; c < g->n_corps; c++)
    {
      KolEntity e = kol_entity (KOL_ENTITY_CORP, c);

      if (c != b->corp && !kol_entity_equal (e, b->owner))
        next_highest = MAX (next_highest, kol_engine_percent_of (g, e, b->corp));
    }
  return remaining < next_highest;
}

/* EmergencyMoney#sellable_bundle?: dumpable, fits in the pool, and no
 * presidency change where that matters (EBUY_PRES_SWAP, or shares of the
 * corporation buying). */
static gboolean
sellable_bundle (KolEngine         *g,
                 int              current_corp,
                 const KolBundle *b)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  gboolean swap_concern;

  if (!kol_bundle_can_dump (g, b, b->owner) || !kol_shares_fit_in_pool (g, b))
    return FALSE;
  if (!kol_corp_is_president (g, b->corp, b->owner))
    return TRUE;
  swap_concern = (h && h->ebuy_no_pres_swap) || current_corp == b->corp;
  return !swap_concern || !causes_president_swap (g, b);
}

static int
cert_price (KolEngine *g,
            int      cert)
{
  double shares = g->certs[cert].percent / (double) kol_engine_share_percent (g, g->certs[cert].corp);

  return (int) ceil (kol_cert_price_per_share (g, cert) * shares);
}

/**
 * kol_emergency_can_sell:
 * @current_corp: the corporation in the emergency
 * @needed: the cash the emergency needs (EmergencyMoney#needed_cash)
 * @available: what the seller has at hand (#available_cash)
 * @reason: (out): why not
 *
 * EmergencyMoney#can_sell?: the seller's own bundle, sale timing, a
 * sellable bundle, and no more than needed (selling_minimum_shares?: the
 * next smaller bundle would not raise enough; EBUY_SELL_MORE_THAN_NEEDED is
 * false in both titles).
 *
 * Returns: %TRUE if the bundle may be sold.
 */
gboolean
kol_emergency_can_sell (KolEngine         *g,
                        int              current_corp,
                        KolEntity        seller,
                        const KolBundle *b,
                        int              needed,
                        int              available,
                        KolReason       *reason)
{
  int min = G_MAXINT;

  *reason = KOL_REASON_NONE;
  if (!kol_entity_equal (seller, b->owner) || !kol_stock_check_sale_timing (g, seller, b))
    *reason = KOL_REASON_SELL_NOT_OPERATED;
  else if (!sellable_bundle (g, current_corp, b))
    *reason = KOL_REASON_SELL_PRESIDENCY;
  if (*reason != KOL_REASON_NONE)
    return FALSE;
  for (int i = 0; i < b->n_certs; i++)
    min = MIN (min, cert_price (g, b->certs[i]));
  if (kol_bundle_price (g, b) - min >= needed - available)
    *reason = KOL_REASON_SELL_NOT_NEEDED;
  return *reason == KOL_REASON_NONE;
}

/**
 * kol_emergency_sell:
 *
 * EmergencyMoney#process_sell_shares after the checks: the bundle goes to
 * the pool and the price moves (Game#sell_shares_and_change_price); the
 * rest of an operating round is put back in order.
 */
void
kol_emergency_sell (KolEngine         *g,
                    const KolBundle *b)
{
  kol_shares_sell_and_change_price (g, b, TRUE, -1);
  if (kol_round_is_operating (g))
    kol_round_operating_recalculate_order (g);
}

static gboolean
corp_sold (KolStep *s,
           int      corp)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);

  for (int i = 0; i < d->n_corps_sold; i++)
    if (d->corps_sold[i] == corp)
      return TRUE;
  return FALSE;
}

/* BuyTrain#can_sell? (the title's), Step::Train#can_sell?
 * (MUST_SELL_IN_BLOCKS), then EmergencyMoney#can_sell?. */
static gboolean
ebuy_can_sell (KolEngine         *g,
               KolStep         *s,
               KolEntity        seller,
               const KolBundle *b,
               KolReason       *reason)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  const KolStockHooks *sh = kol_stock_hooks (g);
  KolEntity cur = current_corp (g, s);

  *reason = KOL_REASON_NONE;
  if (h && h->ebuy_can_sell && !h->ebuy_can_sell (g, s, seller, b->corp))
    *reason = KOL_REASON_SELL_NOT_OPERATED;
  else if (sh && sh->must_sell_in_blocks && corp_sold (s, b->corp))
    *reason = KOL_REASON_SELL_SOLD_THIS_TURN;
  if (*reason != KOL_REASON_NONE)
    return FALSE;
  return kol_emergency_can_sell (g, cur.kind == KOL_ENTITY_CORP ? cur.index : -1, seller, b, needed_cash (g),
                                 available_cash (g, s, seller), reason);
}

static int
ebuy_bundles (KolEngine   *g,
              KolStep   *s,
              int        player,
              KolBundle *out,
              int        max)
{
  KolEntity seller = kol_entity (KOL_ENTITY_PLAYER, player);
  int n = 0;

  for (int c = 0; c < g->n_corps && n < max; c++)
    {
      KolBundle bundles[64];
      int nb;

      if (kol_engine_percent_of (g, seller, c) == 0)
        continue;
      nb = kol_shares_bundles_for_corporation (g, seller, c, bundles, G_N_ELEMENTS (bundles));
      for (int i = 0; i < nb && n < max; i++)
        {
          KolReason reason;

          if (ebuy_can_sell (g, s, seller, &bundles[i], &reason))
            out[n++] = bundles[i];
        }
    }
  return n;
}

/**
 * kol_ebuy_sellable_bundles:
 * @out: (out) (array): KolBundle elements
 *
 * Returns: how many bundles @player may sell now for the emergency purchase.
 */
int
kol_ebuy_sellable_bundles (KolEngine   *g,
                           KolStep   *s,
                           int        player,
                           KolBundle *out,
                           int        max)
{
  return ebuy_bundles (g, s, player, out, max);
}

/**
 * kol_round_buy_train_step:
 *
 * Returns: (nullable): the round's BuyTrain step.
 */
KolStep *
kol_round_buy_train_step (KolEngine *g)
{
  for (int i = 0; i < g->round.n_steps; i++)
    if (g->round.steps[i].klass->setup == kol_step_buy_train_setup)
      return &g->round.steps[i];
  return NULL;
}

static gboolean
player_has_sellable_shares (KolEngine *g,
                            KolStep *s,
                            int      player)
{
  KolBundle one[1];

  return ebuy_bundles (g, s, player, one, 1) > 0;
}

/**
 * kol_step_buy_train_process_sell_shares:
 *
 * EmergencyMoney#process_sell_shares with Step::Train's bookkeeping: the
 * president sells what the purchase needs; the price moves; the rest of the
 * round is put back in order.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_process_sell_shares (KolEngine         *g,
                                        KolStep         *s,
                                        const KolAction *a,
                                        GError         **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  KolBundle b;
  KolReason reason;
  KolCell before;
  int price_per_share;

  if (!kol_bundle_from_action (g, &b, a, error))
    return FALSE;
  if (!ebuy_can_sell (g, s, a->entity, &b, &reason))
    {
      KolArg args[3] = {
        kol_arg_entity (a->entity),
        kol_arg_int (KOL_ARG_CORP, b.corp),
        kol_arg_int (KOL_ARG_REASON, reason),
      };

      return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_CANNOT_SELL, args, 3, "cannot sell shares of %s: %s",
                              g->title->corps[b.corp].id, kol_reason_to_string (reason));
    }
  price_per_share = kol_bundle_price_per_share (g, &b);
  before = kol_market_corp_cell (g, b.corp);
  kol_emergency_sell (g, &b);
  if (!kol_entity_equal (a->entity, current_corp (g, s)))
    {
      d->last_share_sold_price = price_per_share;
      if (!corp_sold (s, b.corp) && d->n_corps_sold < KOL_MAX_CORPS)
        d->corps_sold[d->n_corps_sold++] = b.corp;
    }
  if (h && h->after_ebuy_sell)
    h->after_ebuy_sell (g, b.corp, !kol_cell_equal (before, kol_market_corp_cell (g, b.corp)));
  return TRUE;
}

/**
 * kol_step_buy_train_process:
 *
 * Dispatches buy_train, sell_shares and pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_process (KolEngine         *g,
                            KolStep         *s,
                            const KolAction *a,
                            GError         **error)
{
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      return kol_step_buy_train_process_buy_train (g, s, a, error);
    case KOL_ACTION_SELL_SHARES:
      return kol_step_buy_train_process_sell_shares (g, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (g, s, a, error);
    default:
      return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a train action");
    }
}

/**
 * kol_step_buy_train_skip:
 *
 * Step::Base#skip! with BuyTrain#log_skip: a corporation at its train limit
 * "automatically skips".
 */
void
kol_step_buy_train_skip (KolEngine *g,
                         KolStep *s)
{
  KolEntity e = current_corp (g, s);

  if (!s->acted && e.kind == KOL_ENTITY_CORP)
    {
      if (kol_num_corp_trains (g, e.index) < kol_operating_train_limit (g, e.index))
        kol_step_log_skip (g, s, e);
      else
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (g, KOL_LOG_SKIPS_TRAINS_NO_ROOM, args, 1);
        }
    }
  kol_step_pass (g, s);
}

static void
add_buy (GPtrArray           *out,
         KolEngine             *g,
         KolEntity            entity,
         const KolTrainOffer *offer,
         int                  price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_TRAIN, entity);
  const KolTrainDef *def = train_def (g, offer->train);

  a->train = offer->train;
  a->price = price;
  if (def->n_variants > 1)
    a->variant = g_strdup (def->variants[offer->variant].name);
  g_ptr_array_add (out, a);
}

/**
 * kol_step_buy_train_legal_actions:
 *
 * Appends the purchases (the lowest and highest price of a range), the
 * president's emergency sales and the pass that are legal now.
 */
void
kol_step_buy_train_legal_actions (KolEngine   *g,
                                  KolStep   *s,
                                  KolEntity  entity,
                                  GPtrArray *out)
{
  guint32 actions = kol_step_buy_train_actions (g, s, entity);

  if ((actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES)) && entity.kind == KOL_ENTITY_PLAYER)
    {
      KolBundle bundles[32];
      int n = kol_ebuy_sellable_bundles (g, s, entity.index, bundles, G_N_ELEMENTS (bundles));

      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_SELL_SHARES, entity);

          a->n_shares = (guint8) MIN (bundles[i].n_certs, KOL_ACTION_MAX_SHARES);
          memcpy (a->shares, bundles[i].certs, sizeof a->shares[0] * a->n_shares);
          a->percent = bundles[i].percent;
          g_ptr_array_add (out, a);
        }
    }
  if ((actions & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN)) && entity.kind == KOL_ENTITY_CORP)
    {
      KolTrainOffer offers[64];
      int n = kol_buyable_train_offers (g, entity.index, offers, G_N_ELEMENTS (offers));

      for (int i = 0; i < n; i++)
        {
          add_buy (out, g, entity, &offers[i], offers[i].min_price);
          if (offers[i].max_price != offers[i].min_price)
            add_buy (out, g, entity, &offers[i], offers[i].max_price);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

/**
 * kol_step_buy_train_explain:
 *
 * Explains a refused pass (the corporation must buy a train) or purchase
 * (no room, or no money).
 *
 * Returns: %FALSE with the refusal set, or %TRUE for the generic message.
 */
gboolean
kol_step_buy_train_explain (KolEngine         *g,
                            KolStep         *s,
                            const KolAction *a,
                            GError         **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return TRUE;
  if (a->type == KOL_ACTION_PASS && kol_step_buy_train_president_may_contribute (g, s, a->entity.index))
    return refuse_train (g, error, -1, KOL_REASON_TRAIN_MUST_BUY, "the corporation must buy a train");
  if (a->type == KOL_ACTION_BUY_TRAIN && !room (g, s, a->entity.index))
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_LIMIT, "no room for another train");
  if (a->type == KOL_ACTION_BUY_TRAIN)
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_PRICE, "cannot pay for any train");
  return TRUE;
}

const KolStepClass kol_step_buy_train = {
  .name = "Buy Trains",
  .actions = kol_step_buy_train_actions,
  .process = kol_step_buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = kol_step_buy_train_pass,
  .skip = kol_step_buy_train_skip,
  .legal_actions = kol_step_buy_train_legal_actions,
  .explain = kol_step_buy_train_explain,
};

/* ---------------------------------------------------- Step::DiscardTrain */

/**
 * kol_step_discard_train_active:
 *
 * Returns: %TRUE while a corporation is over its train limit.
 */
gboolean
kol_step_discard_train_active (KolEngine *g,
                               KolStep *s)
{
  gint16 one[1];

  return kol_crowded_corps (g, one, 1) > 0;
}

/**
 * kol_step_discard_train_active_entities:
 *
 * Returns: the first crowded corporation (0 or 1).
 */
int
kol_step_discard_train_active_entities (KolEngine   *g,
                                        KolStep   *s,
                                        KolEntity *out,
                                        int        max)
{
  gint16 one[1];

  if (max < 1 || kol_crowded_corps (g, one, 1) == 0)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_CORP, one[0]);
  return 1;
}

/**
 * kol_step_discard_train_actions:
 *
 * Returns: discard_train for a crowded corporation.
 */
guint32
kol_step_discard_train_actions (KolEngine  *g,
                                KolStep  *s,
                                KolEntity entity)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (g, crowded, KOL_MAX_CORPS);

  if (entity.kind != KOL_ENTITY_CORP || !listed (crowded, n, entity.index))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_DISCARD_TRAIN);
}

/**
 * kol_step_discard_train_process:
 *
 * DiscardTrain#process_discard_train: the train goes to the depot's
 * discard pile.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_discard_train_process (KolEngine         *g,
                                KolStep         *s,
                                const KolAction *a,
                                GError         **error)
{
  KolArg args[2];

  if (a->type != KOL_ACTION_DISCARD_TRAIN || a->train < 0 || a->train >= g->n_trains)
    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  if (!kol_entity_equal (g->trains[a->train].owner, a->entity))
    return refuse_train (g, error, a->train, KOL_REASON_TRAIN_NOT_OWNED, "not the corporation's train");
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_string (kol_engine_train_name (g, a->train));
  kol_depot_reclaim_train (g, a->train);
  kol_engine_log (g, KOL_LOG_DISCARDS_TRAIN, args, 2);
  return TRUE;
}

/**
 * kol_step_discard_train_legal_actions:
 *
 * Appends a discard_train action for each train of the crowded @entity.
 */
void
kol_step_discard_train_legal_actions (KolEngine   *g,
                                      KolStep   *s,
                                      KolEntity  entity,
                                      GPtrArray *out)
{
  gint16 list[KOL_MAX_TRAINS];
  int n;

  if (entity.kind != KOL_ENTITY_CORP)
    return;
  n = kol_discardable_trains (g, entity.index, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_DISCARD_TRAIN, entity);

      a->train = list[i];
      g_ptr_array_add (out, a);
    }
}

const KolStepClass kol_step_discard_train = {
  .name = "Discard Trains",
  .actions = kol_step_discard_train_actions,
  .active = kol_step_discard_train_active,
  .active_entities = kol_step_discard_train_active_entities,
  .process = kol_step_discard_train_process,
  .legal_actions = kol_step_discard_train_legal_actions,
};

/* ---------------------------------------------------- legal choices (UI) */

static gboolean
player_loans_allowed (KolEngine *g)
{
  const KolOperatingHooks *h = kol_operating_hooks (g);

  return h && h->ebuy_player_loan == KOL_PLAYER_LOAN_ALWAYS;
}

static int
add_depot_offers (KolEngine       *g,
                  KolStep       *s,
                  int            corp,
                  int            train,
                  KolTrainOffer *out,
                  int            n,
                  int            max)
{
  int power = kol_operating_buying_power (g, kol_entity (KOL_ENTITY_CORP, corp));
  gboolean contribute = kol_step_buy_train_president_may_contribute (g, s, corp);
  int president_cash = kol_engine_cash (g, g->corps[corp].owner);

  for (int v = 0; v < n_variants (g, train) && n < max; v++)
    {
      int price = kol_train_variant_price (g, train, v);
      KolTrain saved = g->trains[train];
      gboolean ok = TRUE;

      if (!variant_buyable (g, corp, train, v))
        continue;
      if (price > power)
        {
          /* with the president's money: only the cheapest train, and what
           * the president can pay now (selling shares raises more) */
          g->trains[train].variant = (guint8) v;
          ok = contribute && cheapest_ok (g, train);
          g->trains[train] = saved;
          /* (unless the president may take loans: EBUY_CAN_TAKE_PLAYER_LOAN, 1840) */
          ok = ok && (price <= power + president_cash || player_loans_allowed (g));
        }
      if (ok)
        out[n++] = (KolTrainOffer) { (gint16) train, (guint8) v, TRUE, price, price };
    }
  return n;
}

/**
 * kol_buyable_train_offers:
 * @out: (out) (array): trains, variants and price ranges
 *
 * Returns: the purchases @corp may make now in its BuyTrain step.
 */
int
kol_buyable_train_offers (KolEngine       *g,
                          int            corp,
                          KolTrainOffer *out,
                          int            max)
{
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  KolStep *s = kol_round_step_for (g, e, KOL_ACTION_BUY_TRAIN);
  gint16 list[KOL_MAX_TRAINS];
  int n_list, n = 0;

  /* a title's BuyTrain step keeps KolBuyTrainData in its data */
  if (s == NULL)
    return 0;
  n_list = kol_step_buy_train_buyable_trains (g, s, corp, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n_list && n < max; i++)
    {
      int min, max_price;

      if (kol_train_from_depot (g, list[i]))
        {
          n = add_depot_offers (g, s, corp, list[i], out, n, max);
          continue;
        }
      kol_step_buy_train_spend_minmax (g, s, corp, list[i], &min, &max_price);
      if (min <= max_price && max_price > 0)
        out[n++] = (KolTrainOffer) { list[i], g->trains[list[i]].variant, FALSE, min, max_price };
    }
  return n;
}

/**
 * kol_discardable_trains:
 * @out: (out) (array): trains
 *
 * Returns: the trains a crowded @corp may discard (all of its trains).
 */
int
kol_discardable_trains (KolEngine *g,
                        int      corp,
                        gint16  *out,
                        int      max)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (g, crowded, KOL_MAX_CORPS);

  if (!listed (crowded, n, corp))
    return 0;
  return kol_engine_trains_of (g, kol_entity (KOL_ENTITY_CORP, corp), out, max);
}
