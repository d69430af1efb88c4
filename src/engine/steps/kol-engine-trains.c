/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The trains themselves and where they are: a train's variants and prices,
 * the depot (what it offers, exports and takes back) and what a purchase
 * does (starting phases, rusting, paying the seller), train limits and the
 * obligation to own a train (1849 §10.6). The steps that buy and discard trains are in
 * kol-engine-trains-buy.c, kol-engine-trains-emergency.c and
 * kol-engine-trains-discard.c. */
#include "kol-engine-trains-private.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"

/* ------------------------------------------------------------------ trains */

const KolTrainDef *
_kol_trains_train_def (KolEngine *engine,
                       int        train)
{
  return &engine->title->trains[engine->trains[train].def];
}

int
_kol_trains_n_variants (KolEngine *engine,
                        int        train)
{
  int n = _kol_trains_train_def (engine, train)->n_variants;

  return MAX (n, 1);
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
  const KolTrainDef *def = _kol_trains_train_def (engine, train);

  if (variant < 0 || variant >= _kol_trains_n_variants (engine, train))
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
  const KolTrainDef *def = _kol_trains_train_def (engine, train);

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
 * Returns: the least @train may be bought for: 1 from a corporation (1849
 * §10.6), else the cheapest variant.
 */
int
kol_train_min_price (KolEngine *engine,
                     int        train)
{
  int min = G_MAXINT;

  if (!kol_train_from_depot (engine, train))
    return 1;
  for (int v = 0; v < _kol_trains_n_variants (engine, train); v++)
    {
      int price = kol_train_variant_price (engine, train, v);

      min = MIN (min, price);
    }
  return min;
}

static int
variants_max_price (KolEngine *engine,
                    int        train)
{
  int max = 0;

  for (int v = 0; v < _kol_trains_n_variants (engine, train); v++)
    {
      int price = kol_train_variant_price (engine, train, v);

      max = MAX (max, price);
    }
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
kol_depot_discarded (const KolEngine *engine,
                     gint16          *out,
                     int              max)
{
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_POOL, 0), out, max);
}

static gboolean
phase_reached (const KolEngine *engine,
               int              phase)
{
  return phase >= 0 && phase <= engine->phase;
}

/* A train's name is its variant's: a train of the same type and variant
 * (most of the depot) has it without a comparison of the strings, so that
 * is looked for first. */
static gboolean
name_listed (const KolEngine *engine,
             const gint16    *list,
             int              n,
             int              train)
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
push_unique (const KolEngine *engine,
             gint16          *out,
             int              from,
             int              n,
             int              max,
             int              train)
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
 * Returns: how many trains the depot offers (see kol-engine-trains.h).
 */
int
kol_depot_trains (const KolEngine *engine,
                  gint16          *out,
                  int              max)
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
 * Returns: whether corporations may buy trains from each other now, through
 * the title's hook.
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
 * Returns: how many trains @corp could buy.
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
      /* not a train the current corporation may not own (1849: an E train
       * without an E-token, §14.3) */
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
  for (int v = 0; v < _kol_trains_n_variants (engine, train); v++)
    {
      int price = kol_train_variant_price (engine, train, v);

      min = MIN (min, price);
    }
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
 * The train goes to the pool, or out of the game when the title removes discarded trains or the train is obsolete.
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
 * The first upcoming train leaves the game, with the phase effects of a
 * purchase.
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
 * The leading upcoming trains named @name leave the game.
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
 * The leading upcoming trains named @name go to the pool.
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
 * The train is rusted and leaves its owner.
 */
void
kol_engine_rust_train (KolEngine *engine,
                       int        train)
{
  engine->trains[train].rusted = TRUE;
  kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_REMOVED, 0));
}

/* Does @t rust now: its rusts_on is the bought train, or its obsolete_on is
 * and it lies in the pool. */
static gboolean
train_rusts (KolEngine *engine,
             int        t,
             int        bought)
{
  const KolTrainDef *def = _kol_trains_train_def (engine, t);
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
 * Trains whose obsolete_on is the bought train become
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
    if (!engine->trains[t].obsolete && _kol_trains_train_def (engine, t)->obsolete_on == bought_def)
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
 * Every phase whose `on` is this train starts (1849 §10.6; its
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
 * @corp pays @price to the train's owner (the bank for the
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
 * Buys a train, through the title's hook.
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
 * Returns: whether @corp must buy a train: it has none, the depot has one,
 * and (by the title's KolMustBuyTrain) always or when the network has a
 * route (1849 §10.6).
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
 * Returns: whether @corp must buy a train, through the title's hook.
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
