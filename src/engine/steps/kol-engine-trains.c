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
train_def (KolEngine *engine,
           int        train)
{
  return &engine->title->trains[engine->trains[train].def];
}

static int
n_variants (KolEngine *engine,
            int        train)
{
  return MAX (train_def (engine, train)->n_variants, 1);
}

/**
 * kol_train_variant_price:
 *
 * Returns: the price of variant @variant of @train, -1 when there is none.
 */
int
kol_train_variant_price (KolEngine *engine,
                         int        train,
                         int        variant)
{
  const KolTrainDef *def = train_def (engine, train);

  if (variant < 0 || variant >= n_variants (engine, train))
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
kol_train_variant_by_name (KolEngine  *engine,
                           int         train,
                           const char *name)
{
  const KolTrainDef *def = train_def (engine, train);

  if (name == NULL)
    return engine->trains[train].variant;
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
kol_train_from_depot (KolEngine *engine,
                      int        train)
{
  KolEntity o = engine->trains[train].owner;

  return o.kind == KOL_ENTITY_BANK || o.kind == KOL_ENTITY_POOL;
}

/**
 * kol_train_discarded:
 *
 * Returns: %TRUE if @train is in the depot's discard pile.
 */
gboolean
kol_train_discarded (KolEngine *engine,
                     int        train)
{
  return engine->trains[train].owner.kind == KOL_ENTITY_POOL;
}

/**
 * kol_train_min_price:
 *
 * Returns: Train#min_price: 1 for a corporation's train, else the cheapest
 * variant.
 */
int
kol_train_min_price (KolEngine *engine,
                     int        train)
{
  int min = G_MAXINT;

  if (!kol_train_from_depot (engine, train))
    return 1;
  for (int v = 0; v < n_variants (engine, train); v++)
    min = MIN (min, kol_train_variant_price (engine, train, v));
  return min;
}

static int
variants_max_price (KolEngine *engine,
                    int        train)
{
  int max = 0;

  for (int v = 0; v < n_variants (engine, train); v++)
    max = MAX (max, kol_train_variant_price (engine, train, v));
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
kol_depot_discarded (KolEngine *engine,
                     gint16    *out,
                     int        max)
{
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_POOL, 0), out, max);
}

static gboolean
phase_reached (KolEngine *engine,
               int        phase)
{
  return phase >= 0 && phase <= engine->phase;
}

/* A train's name is its variant's: a train of the same type and variant
 * (most of the depot) has it without a comparison of the strings, so that
 * is looked for first. */
static gboolean
name_listed (KolEngine    *engine,
             const gint16 *list,
             int           n,
             int           train)
{
  const KolTrain *t = &engine->trains[train];
  const char *name;

  for (int i = 0; i < n; i++)
    if (engine->trains[list[i]].def == t->def && engine->trains[list[i]].variant == t->variant)
      return TRUE;
  name = kol_engine_train_name (engine, train);
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (kol_engine_train_name (engine, list[i]), name) == 0)
      return TRUE;
  return FALSE;
}

/* Appends @train unless a train of the same name is in out[from..n). */
static int
push_unique (KolEngine *engine,
             gint16    *out,
             int        from,
             int        n,
             int        max,
             int        train)
{
  if (n >= max || name_listed (engine, out + from, n - from, train))
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
kol_depot_trains (KolEngine *engine,
                  gint16    *out,
                  int        max)
{
  gint16 list[KOL_MAX_TRAINS];
  int n_up = kol_engine_depot_upcoming (engine, list, KOL_MAX_TRAINS);
  int n = 0, from;

  if (n_up > 0)
    n = push_unique (engine, out, 0, n, max, list[0]);
  for (int i = 0; i < n_up; i++)
    if (phase_reached (engine, engine->title->trains[engine->trains[list[i]].def].available_on))
      n = push_unique (engine, out, 0, n, max, list[i]);
  from = n;
  n_up = kol_depot_discarded (engine, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n_up; i++)
    n = push_unique (engine, out, from, n, max, list[i]);
  return n;
}

/**
 * kol_operating_can_buy_train_from_others:
 *
 * Returns: Game#can_buy_train_from_others? through the title's hook.
 */
gboolean
kol_operating_can_buy_train_from_others (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->can_buy_train_from_others)
    return h->can_buy_train_from_others (engine);
  return !(h && h->no_train_buy_from_others);
}

/**
 * kol_depot_other_trains:
 * @out: (out) (array): trains of other corporations
 *
 * Returns: how many trains of other corporations @corp may buy.
 */
int
kol_depot_other_trains (KolEngine *engine,
                        int        corp,
                        gint16    *out,
                        int        max)
{
  int n = 0;

  if (!kol_operating_can_buy_train_from_others (engine))
    return 0;
  for (int i = 0; i < engine->n_trains && n < max; i++)
    {
      const KolTrain *t = &engine->trains[i];

      if (t->owner.kind != KOL_ENTITY_CORP || t->owner.index == corp || t->obsolete || t->rusted)
        continue;
      if (engine->corps[t->owner.index].closed)
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
kol_depot_available (KolEngine *engine,
                     int        corp,
                     gint16    *out,
                     int        max)
{
  int n = kol_depot_trains (engine, out, max);

  return n + kol_depot_other_trains (engine, corp, out + n, max - n);
}

/**
 * kol_depot_min_price:
 *
 * Returns: the lowest price @corp could pay for an available train, or -1.
 */
int
kol_depot_min_price (KolEngine *engine,
                     int        corp)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_depot_available (engine, corp, list, KOL_MAX_TRAINS);
  int min = -1;

  for (int i = 0; i < n; i++)
    {
      int p = kol_train_min_price (engine, list[i]);

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
kol_depot_min_depot_train (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (engine, list, KOL_MAX_DEPOT_TRAINS);
  int best = -1;
  /* the round's entity (the operating corporation), not the active step's:
   * asking the steps would ask this again */
  KolEntity current = kol_round_entity (engine);

  for (int i = 0; i < n; i++)
    {
      /* 1849's Depot#min_depot_train: not a train the current corporation
       * may not own (an E train without an E-token) */
      if (h && h->train_buyable && current.kind == KOL_ENTITY_CORP &&
          !h->train_buyable (engine, current.index, list[i]))
        continue;
      if (best < 0 || kol_engine_train_price (engine, list[i]) < kol_engine_train_price (engine, best))
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
kol_depot_min_depot_price (KolEngine *engine)
{
  int train = kol_depot_min_depot_train (engine);
  int min = G_MAXINT;

  if (train < 0)
    return 0;
  for (int v = 0; v < n_variants (engine, train); v++)
    min = MIN (min, kol_train_variant_price (engine, train, v));
  return min;
}

/**
 * kol_depot_max_depot_price:
 *
 * Returns: the dearest variant of the dearest depot train, 0 if none.
 */
int
kol_depot_max_depot_price (KolEngine *engine)
{
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (engine, list, KOL_MAX_DEPOT_TRAINS);
  int best = -1;

  for (int i = 0; i < n; i++)
    if (best < 0 || kol_engine_train_price (engine, list[i]) > kol_engine_train_price (engine, best))
      best = list[i];
  return best < 0 ? 0 : variants_max_price (engine, best);
}

/**
 * kol_depot_reclaim_train:
 *
 * Depot#reclaim_train: the train goes to the discard pile, or out of the
 * game when the title removes discarded trains or the train is obsolete.
 */
void
kol_depot_reclaim_train (KolEngine *engine,
                         int        train)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (engine->trains[train].owner.kind == KOL_ENTITY_NONE || engine->trains[train].rusted)
    return;
  if ((h && h->discarded_trains_removed) || engine->trains[train].obsolete)
    kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_REMOVED, 0));
  else
    kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_POOL, 0));
}

static void
log_train_name (KolEngine  *engine,
                int         kind,
                const char *name)
{
  KolArg args[1] = { kol_arg_string (name) };

  kol_engine_log (engine, kind, args, 1);
}

/**
 * kol_depot_export:
 *
 * Depot#export!: the first upcoming train leaves the game, with the phase
 * effects of a purchase.
 */
void
kol_depot_export (KolEngine *engine)
{
  gint16 list[KOL_MAX_TRAINS];
  int train;

  if (kol_engine_depot_upcoming (engine, list, KOL_MAX_TRAINS) == 0)
    return;
  train = list[0];
  log_train_name (engine, KOL_LOG_TRAIN_EXPORTS, kol_engine_train_name (engine, train));
  kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_REMOVED, 0));
  kol_phase_buying_train (engine, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
}

static int
first_upcoming_named (KolEngine  *engine,
                      const char *name)
{
  gint16 list[KOL_MAX_TRAINS];

  if (kol_engine_depot_upcoming (engine, list, KOL_MAX_TRAINS) == 0)
    return -1;
  return g_strcmp0 (kol_engine_train_name (engine, list[0]), name) == 0 ? list[0] : -1;
}

/**
 * kol_depot_export_all:
 *
 * Depot#export_all!: the leading upcoming trains named @name leave the game.
 */
void
kol_depot_export_all (KolEngine  *engine,
                      const char *name)
{
  int train;

  log_train_name (engine, KOL_LOG_TRAINS_EXPORTED, name);
  while ((train = first_upcoming_named (engine, name)) >= 0)
    {
      kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_REMOVED, 0));
      kol_phase_buying_train (engine, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
    }
}

/**
 * kol_depot_reclaim_all:
 *
 * Depot#reclaim_all!: the leading upcoming trains named @name go to the
 * discard pile.
 */
void
kol_depot_reclaim_all (KolEngine  *engine,
                       const char *name)
{
  int train;

  log_train_name (engine, KOL_LOG_TRAINS_TO_POOL, name);
  while ((train = first_upcoming_named (engine, name)) >= 0)
    {
      kol_depot_reclaim_train (engine, train);
      kol_phase_buying_train (engine, KOL_ENTITY_INIT_NONE, train, kol_entity (KOL_ENTITY_BANK, 0));
    }
}

/* ------------------------------------------------------ game and phase */

/**
 * kol_engine_rust_train:
 *
 * Game#rust: the train is rusted and leaves its owner.
 */
void
kol_engine_rust_train (KolEngine *engine,
                       int        train)
{
  engine->trains[train].rusted = TRUE;
  kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_REMOVED, 0));
}

/* Game#rust?: rusts_on the bought train, or obsolete_on it while discarded. */
static gboolean
train_rusts (KolEngine *engine,
             int        t,
             int        bought)
{
  const KolTrainDef *def = train_def (engine, t);
  int bought_def = engine->trains[bought].def;

  return def->rusts_on == bought_def || (def->obsolete_on == bought_def && kol_train_discarded (engine, t));
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
log_rust (KolEngine *engine,
          RustTally *r)
{
  log_train_name (engine, KOL_LOG_TRAINS_RUST, r->names->str);
  for (int i = 0; i < r->n_owners; i++)
    {
      KolArg args[2] = {
        r->owners[i].kind == KOL_ENTITY_BANK ? kol_arg_string ("The Depot") : kol_arg_entity (r->owners[i]),
        kol_arg_int (KOL_ARG_INT, r->counts[i]),
      };

      kol_engine_log (engine, KOL_LOG_TRAINS_RUST_OWNER, args, 2);
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
kol_default_rust_trains (KolEngine *engine,
                         int        train,
                         KolEntity  entity)
{
  g_autoptr(GString) obsolete = g_string_new (NULL);
  g_autoptr(GString) removed = g_string_new (NULL);
  RustTally rusted = { g_string_new (NULL), 0, { { 0 } }, { 0 } };
  int bought_def = engine->trains[train].def;

  for (int t = 0; t < engine->n_trains; t++)
    if (!engine->trains[t].obsolete && train_def (engine, t)->obsolete_on == bought_def)
      {
        tally_name (obsolete, kol_engine_train_name (engine, t));
        engine->trains[t].obsolete = TRUE;
      }
  for (int t = 0; t < engine->n_trains; t++)
    {
      KolTrain *tr = &engine->trains[t];

      if (tr->rusted || tr->owner.kind == KOL_ENTITY_REMOVED || !train_rusts (engine, t, train))
        continue;
      if (tr->obsolete && kol_train_from_depot (engine, t))
        tally_name (removed, kol_engine_train_name (engine, t));
      else
        {
          tally_name (rusted.names, kol_engine_train_name (engine, t));
          tally_owner (&rusted, tr->owner);
        }
      kol_engine_rust_train (engine, t);
    }
  if (obsolete->len > 0)
    log_train_name (engine, KOL_LOG_TRAINS_OBSOLETE, obsolete->str);
  if (removed->len > 0)
    log_train_name (engine, KOL_LOG_OBSOLETE_REMOVED, removed->str);
  if (rusted.names->len > 0)
    log_rust (engine, &rusted);
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
kol_phase_buying_train (KolEngine *engine,
                        KolEntity  entity,
                        int        train,
                        KolEntity  source)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int def = engine->trains[train].def;

  while ((guint) engine->phase + 1 < engine->title->n_phases && engine->title->phases[engine->phase + 1].on == def)
    kol_engine_set_phase (engine, engine->phase + 1);
  if (h && h->rust_trains)
    h->rust_trains (engine, train, entity);
  else
    kol_default_rust_trains (engine, train, entity);
  if (h && h->after_buying_train)
    h->after_buying_train (engine, train, source);
}

/**
 * kol_default_buy_train:
 *
 * Game#buy_train: @corp pays @price to the train's owner (the bank for the
 * depot) and takes the train; companies closing on a train purchase close.
 */
void
kol_default_buy_train (KolEngine *engine,
                       int        corp,
                       int        train,
                       int        price)
{
  KolEntity owner = engine->trains[train].owner;

  if (kol_train_from_depot (engine, train))
    owner = kol_entity (KOL_ENTITY_BANK, 0);
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, corp), owner, price);
  kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_CORP, corp));
  kol_operating_close_companies_on_event (engine, corp, "bought_train");
}

/**
 * kol_operating_buy_train:
 *
 * Game#buy_train through the title's hook.
 */
void
kol_operating_buy_train (KolEngine *engine,
                         int        corp,
                         int        train,
                         int        price)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->buy_train)
    h->buy_train (engine, corp, train, price);
  else
    kol_default_buy_train (engine, corp, train, price);
}

/**
 * kol_num_corp_trains:
 *
 * Returns: @corp's trains that count for the limit (obsolete ones only when
 * the title says so).
 */
int
kol_num_corp_trains (KolEngine *engine,
                     int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  gboolean obsolete_count = h && h->obsolete_trains_count_for_limit;
  int n = 0;

  for (int i = 0; i < engine->n_trains; i++)
    if (kol_entity_equal (engine->trains[i].owner, kol_entity (KOL_ENTITY_CORP, corp)) &&
        (obsolete_count || !engine->trains[i].obsolete))
      n++;
  return n;
}

static int
corp_n_trains (KolEngine *engine,
               int        corp)
{
  gint16 list[KOL_MAX_TRAINS];

  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), list, KOL_MAX_TRAINS);
}

/**
 * kol_crowded_corps:
 * @out: (out) (array): corporations over their train limit
 *
 * Returns: how many corporations hold more trains than their limit.
 */
int
kol_crowded_corps (KolEngine *engine,
                   gint16    *out,
                   int        max)
{
  int n = 0;

  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      int c = engine->corp_order[i];

      if (!engine->corps[c].closed && kol_num_corp_trains (engine, c) > kol_operating_train_limit (engine, c))
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
kol_default_must_buy_train (KolEngine *engine,
                            int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int rule = h ? h->must_buy_train_rule : KOL_MUST_BUY_TRAIN_ROUTE;
  gint16 list[KOL_MAX_DEPOT_TRAINS];
  KolReach reach;

  if (corp_n_trains (engine, corp) > 0 || kol_depot_trains (engine, list, KOL_MAX_DEPOT_TRAINS) == 0)
    return FALSE;
  if (rule == KOL_MUST_BUY_TRAIN_ALWAYS)
    return TRUE;
  if (rule != KOL_MUST_BUY_TRAIN_ROUTE)
    return FALSE;
  kol_board_compute_reach (engine, corp, NULL, &reach);
  return reach.route_train_purchase;
}

/**
 * kol_operating_must_buy_train:
 *
 * Returns: Game#must_buy_train? through the title's hook.
 */
gboolean
kol_operating_must_buy_train (KolEngine *engine,
                              int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->must_buy_train)
    return h->must_buy_train (engine, corp);
  return kol_default_must_buy_train (engine, corp);
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
current_corp (KolEngine *engine,
              KolStep   *s)
{
  return kol_step_current_entity (engine, s);
}

/**
 * kol_step_buy_train_setup:
 *
 * Step::Train#setup: no emergency sales yet.
 */
void
kol_step_buy_train_setup (KolEngine *engine,
                          KolStep   *s)
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
kol_step_buy_train_pass (KolEngine *engine,
                         KolStep   *s)
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
kol_step_buy_train_room (KolEngine *engine,
                         int        corp)
{
  return kol_num_corp_trains (engine, corp) < kol_operating_train_limit (engine, corp);
}

static gboolean
room (KolEngine *engine,
      KolStep   *s,
      int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->buy_train_room)
    return h->buy_train_room (engine, s, corp);
  return kol_step_buy_train_room (engine, corp);
}

static gboolean
can_buy (KolEngine *engine,
         KolStep   *s,
         int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->can_buy_train)
    return h->can_buy_train (engine, s, corp);
  return kol_step_buy_train_can_buy (engine, s, corp);
}

/**
 * kol_step_buy_train_can_buy:
 *
 * Returns: Step::Train#can_buy_train?: room for a train and money for the
 * cheapest available one.
 */
gboolean
kol_step_buy_train_can_buy (KolEngine *engine,
                            KolStep   *s,
                            int        corp)
{
  int min = kol_depot_min_price (engine, corp);

  return room (engine, s, corp) && min >= 0 &&
         kol_operating_buying_power (engine, kol_entity (KOL_ENTITY_CORP, corp)) >= min;
}

/**
 * kol_step_buy_train_president_may_contribute:
 *
 * Returns: Step::Train#president_may_contribute? (= must_buy_train?).
 */
gboolean
kol_step_buy_train_president_may_contribute (KolEngine *engine,
                                             KolStep   *s,
                                             int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->step_must_buy_train)
    return h->step_must_buy_train (engine, s, corp);
  return kol_operating_must_buy_train (engine, corp);
}

static int
ebuy_from_others (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->ebuy_from_others : KOL_EBUY_FROM_OTHERS_VALUE;
}

static gboolean
depot_must_be_cheapest (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

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
kol_step_buy_train_spend_minmax (KolEngine *engine,
                                 KolStep   *s,
                                 int        corp,
                                 int        train,
                                 int       *min,
                                 int       *max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  int power = kol_operating_buying_power (engine, e);
  int price = kol_engine_train_price (engine, train);
  int rule = ebuy_from_others (engine);

  if (rule != KOL_EBUY_FROM_OTHERS_NEVER && power < price)
    {
      int max_possible = power + kol_engine_cash (engine, engine->corps[corp].owner);

      *min = d->last_share_sold_price >= 0 ? max_possible - d->last_share_sold_price + 1 : 1;
      *max = rule == KOL_EBUY_FROM_OTHERS_VALUE ? MIN (price, max_possible) : max_possible;
      return;
    }
  *min = 1;
  *max = power;
}

static gboolean
train_buyable_by_title (KolEngine *engine,
                        int        corp,
                        int        train)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->train_buyable) || h->train_buyable (engine, corp, train);
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
kol_step_buy_train_buyable_trains (KolEngine *engine,
                                   KolStep   *s,
                                   int        corp,
                                   gint16    *out,
                                   int        max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  gint16 depot[KOL_MAX_DEPOT_TRAINS], others[KOL_MAX_TRAINS];
  int n_depot = kol_depot_trains (engine, depot, KOL_MAX_DEPOT_TRAINS);
  int n_others = kol_depot_other_trains (engine, corp, others, KOL_MAX_TRAINS);
  int cash = engine->corps[corp].cash;
  int rule = ebuy_from_others (engine);
  int n = 0;

  if (cash < kol_depot_min_depot_price (engine))
    {
      if (depot_must_be_cheapest (engine))
        {
          int cheapest = kol_depot_min_depot_train (engine);

          n_depot = cheapest >= 0 ? 1 : 0;
          depot[0] = (gint16) cheapest;
        }
      if (d->last_share_sold_price >= 0)
        {
          int k = 0;

          for (int i = 0; rule != KOL_EBUY_FROM_OTHERS_NEVER && i < n_others; i++)
            {
              int min, max_price;

              kol_step_buy_train_spend_minmax (engine, s, corp, others[i], &min, &max_price);
              if (kol_engine_train_price (engine, others[i]) >= min)
                others[k++] = others[i];
            }
          n_others = k;
        }
    }
  if (cash == 0 && rule == KOL_EBUY_FROM_OTHERS_NEVER)
    n_others = 0;
  for (int i = 0; i < n_depot && n < max; i++)
    if (train_buyable_by_title (engine, corp, depot[i]))
      out[n++] = depot[i];
  for (int i = 0; i < n_others && n < max; i++)
    if (train_buyable_by_title (engine, corp, others[i]))
      out[n++] = others[i];
  return n;
}

static gboolean
can_ebuy_sell_shares (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->ebuy_cannot_sell_shares);
}

/**
 * kol_step_buy_train_actions:
 *
 * Returns: BuyTrain#actions: the president may sell shares for an emergency
 * purchase; the corporation buys (and may pass unless it must buy).
 */
guint32
kol_step_buy_train_actions (KolEngine *engine,
                            KolStep   *s,
                            KolEntity  entity)
{
  KolEntity cur = current_corp (engine, s);

  if (cur.kind != KOL_ENTITY_CORP)
    return 0;
  if (entity.kind == KOL_ENTITY_PLAYER && kol_entity_equal (entity, engine->corps[cur.index].owner) &&
      can_ebuy_sell_shares (engine))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (!kol_entity_equal (entity, cur))
    return 0;
  if (kol_step_buy_train_president_may_contribute (engine, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES) | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN);
  if (can_buy (engine, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  return 0;
}

static gboolean
variant_buyable (KolEngine *engine,
                 int        corp,
                 int        train,
                 int        variant)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->train_variant_buyable) || h->train_variant_buyable (engine, corp, train, variant);
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
refuse_train (KolEngine   *engine,
              GError     **error,
              int          train,
              KolReason    reason,
              const char  *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_TRAIN, train), kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 2, "cannot buy train %s: %s",
                          train >= 0 ? kol_engine_train_name (engine, train) : "?", message);
}

/* The check at the start of Step::Train#buy_train_action: the variant and
 * the train are on offer. Measured before the variant is changed, as Ruby's
 * cached depot list is. */
static gboolean
check_buyable (KolEngine  *engine,
               KolStep    *s,
               int         corp,
               int         train,
               int         variant,
               GError    **error)
{
  gint16 avail[KOL_MAX_TRAINS], buyable[KOL_MAX_TRAINS];
  int n_avail = kol_depot_available (engine, corp, avail, KOL_MAX_TRAINS);
  int n_buyable = kol_step_buy_train_buyable_trains (engine, s, corp, buyable, KOL_MAX_TRAINS);

  if (n_buyable == 0 || !variant_buyable (engine, corp, train, variant))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "variant not buyable");
  if (!listed (avail, n_avail, train) && !listed (buyable, n_buyable, train))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  if (!train_buyable_by_title (engine, corp, train))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  return TRUE;
}

/* Step::Train#check_for_cheapest_train as a test: with the president's
 * money only a variant of the cheapest depot train (at its lowest price). */
static gboolean
cheapest_ok (KolEngine *engine,
             int        train)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int cheapest = kol_depot_min_depot_train (engine);
  int min = G_MAXINT;

  if ((h && h->no_cheapest_train_check) || cheapest < 0 || !depot_must_be_cheapest (engine))
    return TRUE;
  if (ebuy_from_others (engine) != KOL_EBUY_FROM_OTHERS_NEVER && !kol_train_from_depot (engine, train))
    return TRUE;
  for (int v = 0; v < n_variants (engine, cheapest); v++)
    min = MIN (min, kol_train_variant_price (engine, cheapest, v));
  for (int v = 0; v < n_variants (engine, cheapest); v++)
    if (kol_train_variant_price (engine, cheapest, v) == min)
      {
        const KolTrainDef *def = train_def (engine, cheapest);
        const char *name = def->n_variants > 0 ? def->variants[v].name : def->name;

        if (g_strcmp0 (name, kol_engine_train_name (engine, train)) == 0)
          return TRUE;
      }
  return FALSE;
}

static gboolean
check_cheapest (KolEngine  *engine,
                int         train,
                GError    **error)
{
  if (cheapest_ok (engine, train))
    return TRUE;
  return refuse_train (engine, error, train, KOL_REASON_TRAIN_CHEAPEST, "a cheaper train is available");
}

static gboolean
player_has_sellable_shares (KolEngine *engine,
                            KolStep   *s,
                            int        player);

/* Step::Train#try_take_player_loan (EBUY_CAN_TAKE_PLAYER_LOAN). */
static gboolean
try_take_player_loan (KolEngine  *engine,
                      KolStep    *s,
                      int         player,
                      int         cost,
                      GError    **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int cash = engine->players[player].cash;

  if (cost <= 0 || cost <= cash || h == NULL || h->ebuy_player_loan == KOL_PLAYER_LOAN_NONE)
    return TRUE;
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_AFTER_SELL && player_has_sellable_shares (engine, s, player))
    return refuse_train (engine, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares must be sold first");
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_NO_SELL && kol_step_buy_train_data (s)->n_corps_sold > 0)
    return refuse_train (engine, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares were sold: no loan");
  if (h->take_player_loan)
    h->take_player_loan (engine, player, cost - cash);
  return TRUE;
}

static gboolean
president_contributes (KolEngine  *engine,
                       KolStep    *s,
                       int         corp,
                       int         train,
                       int         price,
                       int         remaining,
                       GError    **error)
{
  KolEntity owner = engine->corps[corp].owner;
  KolArg args[2];

  if (!check_cheapest (engine, train, error))
    return FALSE;
  if (price > kol_engine_train_price (engine, train) && kol_train_from_depot (engine, train))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_OVER_COST, "cannot buy for more than cost");
  if (owner.kind != KOL_ENTITY_PLAYER)
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_PRICE, "no president to contribute");
  if (!try_take_player_loan (engine, s, owner.index, remaining, error))
    return FALSE;
  if (engine->players[owner.index].cash < remaining)
    {
      KolArg cash_args[3] = {
        kol_arg_entity (owner),
        kol_arg_int (KOL_ARG_MONEY, engine->players[owner.index].cash),
        kol_arg_int (KOL_ARG_MONEY, remaining),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, cash_args, 3,
                              "%s cannot contribute %d", kol_engine_entity_name (engine, owner), remaining);
    }
  kol_engine_transfer (engine, owner, kol_entity (KOL_ENTITY_CORP, corp), remaining);
  args[0] = kol_arg_entity (owner);
  args[1] = kol_arg_int (KOL_ARG_MONEY, remaining);
  kol_engine_log (engine, KOL_LOG_CONTRIBUTES, args, 2);
  return TRUE;
}

static void
log_buy (KolEngine *engine,
         int        corp,
         int        train,
         int        price,
         KolEntity  source)
{
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_CORP, corp),
    kol_arg_string (kol_engine_train_name (engine, train)),
    kol_arg_int (KOL_ARG_MONEY, price),
    kol_arg_entity (source),
  };

  if (source.kind == KOL_ENTITY_POOL)
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN_DISCARD, args, 3);
  else if (source.kind == KOL_ENTITY_BANK)
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN_DEPOT, args, 3);
  else
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN, args, 4);
}

static gboolean
check_train_action (KolEngine        *engine,
                    const KolAction  *a,
                    int              *variant,
                    GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only corporations buy trains");
  if (a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  *variant = kol_train_variant_by_name (engine, a->train, a->variant);
  if (*variant < 0)
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_NOT_BUYABLE, "no such variant");
  if (a->price < 0)
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE, "negative price");
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
kol_step_buy_train_action (KolEngine        *engine,
                           KolStep          *s,
                           const KolAction  *a,
                           gboolean          pass_after,
                           GError          **error)
{
  int corp = a->entity.index, train = a->train, variant, remaining;
  KolEntity source;

  if (!check_train_action (engine, a, &variant, error) ||
      !check_buyable (engine, s, corp, train, variant, error))
    return FALSE;
  if (kol_entity_equal (engine->trains[train].owner, a->entity))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_OWN, "a corporation cannot buy from itself");
  engine->trains[train].variant = (guint8) variant;
  /* 18xx.games trusts the price of a depot train; ours is its variant's */
  if (kol_train_from_depot (engine, train) && a->price != kol_engine_train_price (engine, train))
    return refuse_train (engine, error, train, KOL_REASON_TRAIN_PRICE, "a depot train costs its price");

  remaining = a->price - kol_operating_buying_power (engine, a->entity);
  if (remaining > 0 && kol_step_buy_train_president_may_contribute (engine, s, corp) &&
      !president_contributes (engine, s, corp, train, a->price, remaining, error))
    return FALSE;
  if (engine->corps[corp].cash < a->price)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_CORP, corp),
        kol_arg_int (KOL_ARG_MONEY, engine->corps[corp].cash),
        kol_arg_int (KOL_ARG_MONEY, a->price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s has %d, needs %d",
                              engine->title->corps[corp].id, engine->corps[corp].cash, a->price);
    }

  source = engine->trains[train].owner;
  log_buy (engine, corp, train, a->price, source);
  kol_operating_buy_train (engine, corp, train, a->price);
  kol_phase_buying_train (engine, a->entity, train, source);
  if (pass_after && !can_buy (engine, s, corp))
    kol_step_pass (engine, s);
  return TRUE;
}

/* BuyTrain#check_spend: a train of another corporation within spend_minmax. */
static gboolean
check_spend (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  int min, max;

  if (engine->trains[a->train].owner.kind != KOL_ENTITY_CORP)
    return TRUE;
  kol_step_buy_train_spend_minmax (engine, s, a->entity.index, a->train, &min, &max);
  if (a->price >= min && a->price <= max)
    return TRUE;
  if (max == 0 && ebuy_from_others (engine) == KOL_EBUY_FROM_OTHERS_NEVER)
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE,
                         "may not buy a train from another corporation");
  {
    KolArg args[4] = {
      kol_arg_int (KOL_ARG_TRAIN, a->train),
      kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_PRICE),
      kol_arg_int (KOL_ARG_MONEY, min),
      kol_arg_int (KOL_ARG_MONEY, max),
    };

    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 4,
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
kol_step_buy_train_process_buy_train (KolEngine        *engine,
                                      KolStep          *s,
                                      const KolAction  *a,
                                      GError          **error)
{
  int variant;

  if (!check_train_action (engine, a, &variant, error) || !check_spend (engine, s, a, error))
    return FALSE;
  if (!kol_step_buy_train_action (engine, s, a, TRUE, error))
    return FALSE;
  if (!s->passed && !can_buy (engine, s, a->entity.index))
    kol_step_pass (engine, s);
  return TRUE;
}

/* ---- emergency money ---- */

static int
needed_cash (KolEngine *engine)
{
  return depot_must_be_cheapest (engine) ? kol_depot_min_depot_price (engine) : kol_depot_max_depot_price (engine);
}

static int
available_cash (KolEngine *engine,
                KolStep   *s,
                KolEntity  seller)
{
  KolEntity cur = current_corp (engine, s);

  if (kol_entity_equal (seller, cur))
    return kol_engine_cash (engine, cur);
  return kol_engine_cash (engine, seller) + kol_engine_cash (engine, cur);
}

/* EmergencyMoney#causes_president_swap?: the seller would hold less than
 * another holder (players and corporations). */
static gboolean
causes_president_swap (KolEngine       *engine,
                       const KolBundle *b)
{
  int remaining = kol_engine_percent_of (engine, b->owner, b->corp) - b->percent;
  int next_highest = 0;

  for (int p = 0; p < engine->n_players; p++)
    {
      KolEntity e = kol_entity (KOL_ENTITY_PLAYER, p);

      if (!kol_entity_equal (e, b->owner))
        next_highest = MAX (next_highest, kol_engine_percent_of (engine, e, b->corp));
    }
  for (int c = 0; c < engine->n_corps; c++)
    {
      KolEntity e = kol_entity (KOL_ENTITY_CORP, c);

      if (c != b->corp && !kol_entity_equal (e, b->owner))
        next_highest = MAX (next_highest, kol_engine_percent_of (engine, e, b->corp));
    }
  return remaining < next_highest;
}

/* EmergencyMoney#sellable_bundle?: dumpable, fits in the pool, and no
 * presidency change where that matters (EBUY_PRES_SWAP, or shares of the
 * corporation buying). */
static gboolean
sellable_bundle (KolEngine       *engine,
                 int              current_corp,
                 const KolBundle *b)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  gboolean swap_concern;

  if (!kol_bundle_can_dump (engine, b, b->owner) || !kol_shares_fit_in_pool (engine, b))
    return FALSE;
  if (!kol_corp_is_president (engine, b->corp, b->owner))
    return TRUE;
  swap_concern = (h && h->ebuy_no_pres_swap) || current_corp == b->corp;
  return !swap_concern || !causes_president_swap (engine, b);
}

static int
cert_price (KolEngine *engine,
            int        cert)
{
  double shares = engine->certs[cert].percent / (double) kol_engine_share_percent (engine, engine->certs[cert].corp);

  return (int) ceil (kol_cert_price_per_share (engine, cert) * shares);
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
kol_emergency_can_sell (KolEngine       *engine,
                        int              current_corp,
                        KolEntity        seller,
                        const KolBundle *b,
                        int              needed,
                        int              available,
                        KolReason       *reason)
{
  int min = G_MAXINT;

  *reason = KOL_REASON_NONE;
  if (!kol_entity_equal (seller, b->owner) || !kol_stock_check_sale_timing (engine, seller, b))
    *reason = KOL_REASON_SELL_NOT_OPERATED;
  else if (!sellable_bundle (engine, current_corp, b))
    *reason = KOL_REASON_SELL_PRESIDENCY;
  if (*reason != KOL_REASON_NONE)
    return FALSE;
  for (int i = 0; i < b->n_certs; i++)
    min = MIN (min, cert_price (engine, b->certs[i]));
  if (kol_bundle_price (engine, b) - min >= needed - available)
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
kol_emergency_sell (KolEngine       *engine,
                    const KolBundle *b)
{
  kol_shares_sell_and_change_price (engine, b, TRUE, -1);
  if (kol_round_is_operating (engine))
    kol_round_operating_recalculate_order (engine);
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
ebuy_can_sell (KolEngine       *engine,
               KolStep         *s,
               KolEntity        seller,
               const KolBundle *b,
               KolReason       *reason)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  const KolStockHooks *sh = kol_stock_hooks (engine);
  KolEntity cur = current_corp (engine, s);

  *reason = KOL_REASON_NONE;
  if (h && h->ebuy_can_sell && !h->ebuy_can_sell (engine, s, seller, b->corp))
    *reason = KOL_REASON_SELL_NOT_OPERATED;
  else if (sh && sh->must_sell_in_blocks && corp_sold (s, b->corp))
    *reason = KOL_REASON_SELL_SOLD_THIS_TURN;
  if (*reason != KOL_REASON_NONE)
    return FALSE;
  return kol_emergency_can_sell (engine, cur.kind == KOL_ENTITY_CORP ? cur.index : -1, seller, b, needed_cash (engine),
                                 available_cash (engine, s, seller), reason);
}

static int
ebuy_bundles (KolEngine *engine,
              KolStep   *s,
              int        player,
              KolBundle *out,
              int        max)
{
  KolEntity seller = kol_entity (KOL_ENTITY_PLAYER, player);
  int n = 0;

  for (int c = 0; c < engine->n_corps && n < max; c++)
    {
      KolBundle bundles[64];
      int nb;

      if (kol_engine_percent_of (engine, seller, c) == 0)
        continue;
      nb = kol_shares_bundles_for_corporation (engine, seller, c, bundles, G_N_ELEMENTS (bundles));
      for (int i = 0; i < nb && n < max; i++)
        {
          KolReason reason;

          if (ebuy_can_sell (engine, s, seller, &bundles[i], &reason))
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
kol_ebuy_sellable_bundles (KolEngine *engine,
                           KolStep   *s,
                           int        player,
                           KolBundle *out,
                           int        max)
{
  return ebuy_bundles (engine, s, player, out, max);
}

/**
 * kol_round_buy_train_step:
 *
 * Returns: (nullable): the round's BuyTrain step.
 */
KolStep *
kol_round_buy_train_step (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_steps; i++)
    if (engine->round.steps[i].klass->setup == kol_step_buy_train_setup)
      return &engine->round.steps[i];
  return NULL;
}

static gboolean
player_has_sellable_shares (KolEngine *engine,
                            KolStep   *s,
                            int        player)
{
  KolBundle one[1];

  return ebuy_bundles (engine, s, player, one, 1) > 0;
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
kol_step_buy_train_process_sell_shares (KolEngine        *engine,
                                        KolStep          *s,
                                        const KolAction  *a,
                                        GError          **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  KolBundle b;
  KolReason reason;
  KolCell before;
  int price_per_share;

  if (!kol_bundle_from_action (engine, &b, a, error))
    return FALSE;
  if (!ebuy_can_sell (engine, s, a->entity, &b, &reason))
    {
      KolArg args[3] = {
        kol_arg_entity (a->entity),
        kol_arg_int (KOL_ARG_CORP, b.corp),
        kol_arg_int (KOL_ARG_REASON, reason),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_CANNOT_SELL, args, 3, "cannot sell shares of %s: %s",
                              engine->title->corps[b.corp].id, kol_reason_to_string (reason));
    }
  price_per_share = kol_bundle_price_per_share (engine, &b);
  before = kol_market_corp_cell (engine, b.corp);
  kol_emergency_sell (engine, &b);
  if (!kol_entity_equal (a->entity, current_corp (engine, s)))
    {
      d->last_share_sold_price = price_per_share;
      if (!corp_sold (s, b.corp) && d->n_corps_sold < KOL_MAX_CORPS)
        d->corps_sold[d->n_corps_sold++] = b.corp;
    }
  if (h && h->after_ebuy_sell)
    h->after_ebuy_sell (engine, b.corp, !kol_cell_equal (before, kol_market_corp_cell (engine, b.corp)));
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
kol_step_buy_train_process (KolEngine        *engine,
                            KolStep          *s,
                            const KolAction  *a,
                            GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      return kol_step_buy_train_process_buy_train (engine, s, a, error);
    case KOL_ACTION_SELL_SHARES:
      return kol_step_buy_train_process_sell_shares (engine, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a train action");
    }
}

/**
 * kol_step_buy_train_skip:
 *
 * Step::Base#skip! with BuyTrain#log_skip: a corporation at its train limit
 * "automatically skips".
 */
void
kol_step_buy_train_skip (KolEngine *engine,
                         KolStep   *s)
{
  KolEntity e = current_corp (engine, s);

  if (!s->acted && e.kind == KOL_ENTITY_CORP)
    {
      if (kol_num_corp_trains (engine, e.index) < kol_operating_train_limit (engine, e.index))
        kol_step_log_skip (engine, s, e);
      else
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (engine, KOL_LOG_SKIPS_TRAINS_NO_ROOM, args, 1);
        }
    }
  kol_step_pass (engine, s);
}

static void
add_buy (GPtrArray           *out,
         KolEngine           *engine,
         KolEntity            entity,
         const KolTrainOffer *offer,
         int                  price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_TRAIN, entity);
  const KolTrainDef *def = train_def (engine, offer->train);

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
kol_step_buy_train_legal_actions (KolEngine *engine,
                                  KolStep   *s,
                                  KolEntity  entity,
                                  GPtrArray *out)
{
  guint32 actions = kol_step_buy_train_actions (engine, s, entity);

  if ((actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES)) && entity.kind == KOL_ENTITY_PLAYER)
    {
      KolBundle bundles[32];
      int n = kol_ebuy_sellable_bundles (engine, s, entity.index, bundles, G_N_ELEMENTS (bundles));

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
      int n = kol_buyable_train_offers (engine, entity.index, offers, G_N_ELEMENTS (offers));

      for (int i = 0; i < n; i++)
        {
          add_buy (out, engine, entity, &offers[i], offers[i].min_price);
          if (offers[i].max_price != offers[i].min_price)
            add_buy (out, engine, entity, &offers[i], offers[i].max_price);
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
kol_step_buy_train_explain (KolEngine        *engine,
                            KolStep          *s,
                            const KolAction  *a,
                            GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return TRUE;
  if (a->type == KOL_ACTION_PASS && kol_step_buy_train_president_may_contribute (engine, s, a->entity.index))
    return refuse_train (engine, error, -1, KOL_REASON_TRAIN_MUST_BUY, "the corporation must buy a train");
  if (a->type == KOL_ACTION_BUY_TRAIN && !room (engine, s, a->entity.index))
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_LIMIT, "no room for another train");
  if (a->type == KOL_ACTION_BUY_TRAIN)
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE, "cannot pay for any train");
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
kol_step_discard_train_active (KolEngine *engine,
                               KolStep   *s)
{
  gint16 one[1];

  return kol_crowded_corps (engine, one, 1) > 0;
}

/**
 * kol_step_discard_train_active_entities:
 *
 * Returns: the first crowded corporation (0 or 1).
 */
int
kol_step_discard_train_active_entities (KolEngine *engine,
                                        KolStep   *s,
                                        KolEntity *out,
                                        int        max)
{
  gint16 one[1];

  if (max < 1 || kol_crowded_corps (engine, one, 1) == 0)
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
kol_step_discard_train_actions (KolEngine *engine,
                                KolStep   *s,
                                KolEntity  entity)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (engine, crowded, KOL_MAX_CORPS);

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
kol_step_discard_train_process (KolEngine        *engine,
                                KolStep          *s,
                                const KolAction  *a,
                                GError          **error)
{
  KolArg args[2];

  if (a->type != KOL_ACTION_DISCARD_TRAIN || a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  if (!kol_entity_equal (engine->trains[a->train].owner, a->entity))
    return refuse_train (engine, error, a->train, KOL_REASON_TRAIN_NOT_OWNED, "not the corporation's train");
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_string (kol_engine_train_name (engine, a->train));
  kol_depot_reclaim_train (engine, a->train);
  kol_engine_log (engine, KOL_LOG_DISCARDS_TRAIN, args, 2);
  return TRUE;
}

/**
 * kol_step_discard_train_legal_actions:
 *
 * Appends a discard_train action for each train of the crowded @entity.
 */
void
kol_step_discard_train_legal_actions (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity  entity,
                                      GPtrArray *out)
{
  gint16 list[KOL_MAX_TRAINS];
  int n;

  if (entity.kind != KOL_ENTITY_CORP)
    return;
  n = kol_discardable_trains (engine, entity.index, list, KOL_MAX_TRAINS);
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
player_loans_allowed (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h && h->ebuy_player_loan == KOL_PLAYER_LOAN_ALWAYS;
}

static int
add_depot_offers (KolEngine     *engine,
                  KolStep       *s,
                  int            corp,
                  int            train,
                  KolTrainOffer *out,
                  int            n,
                  int            max)
{
  int power = kol_operating_buying_power (engine, kol_entity (KOL_ENTITY_CORP, corp));
  gboolean contribute = kol_step_buy_train_president_may_contribute (engine, s, corp);
  int president_cash = kol_engine_cash (engine, engine->corps[corp].owner);

  for (int v = 0; v < n_variants (engine, train) && n < max; v++)
    {
      int price = kol_train_variant_price (engine, train, v);
      KolTrain saved = engine->trains[train];
      gboolean ok = TRUE;

      if (!variant_buyable (engine, corp, train, v))
        continue;
      if (price > power)
        {
          /* with the president's money: only the cheapest train, and what
           * the president can pay now (selling shares raises more) */
          engine->trains[train].variant = (guint8) v;
          ok = contribute && cheapest_ok (engine, train);
          engine->trains[train] = saved;
          /* (unless the president may take loans: EBUY_CAN_TAKE_PLAYER_LOAN, 1840) */
          ok = ok && (price <= power + president_cash || player_loans_allowed (engine));
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
kol_buyable_train_offers (KolEngine     *engine,
                          int            corp,
                          KolTrainOffer *out,
                          int            max)
{
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  KolStep *s = kol_round_step_for (engine, e, KOL_ACTION_BUY_TRAIN);
  gint16 list[KOL_MAX_TRAINS];
  int n_list, n = 0;

  /* a title's BuyTrain step keeps KolBuyTrainData in its data */
  if (s == NULL)
    return 0;
  n_list = kol_step_buy_train_buyable_trains (engine, s, corp, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n_list && n < max; i++)
    {
      int min, max_price;

      if (kol_train_from_depot (engine, list[i]))
        {
          n = add_depot_offers (engine, s, corp, list[i], out, n, max);
          continue;
        }
      kol_step_buy_train_spend_minmax (engine, s, corp, list[i], &min, &max_price);
      if (min <= max_price && max_price > 0)
        out[n++] = (KolTrainOffer) { list[i], engine->trains[list[i]].variant, FALSE, min, max_price };
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
kol_discardable_trains (KolEngine *engine,
                        int        corp,
                        gint16    *out,
                        int        max)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (engine, crowded, KOL_MAX_CORPS);

  if (!listed (crowded, n, corp))
    return 0;
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out, max);
}
