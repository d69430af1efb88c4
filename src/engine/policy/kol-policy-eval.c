/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-policy-private.h"
#include "kol-engine-info.h"
#include "kol-engine-market.h"
#include "kol-engine-round.h"
#include "kol-engine-route.h"
#include "kol-engine-trains.h"

/*
 * What a position is worth to each player, as an estimate of the final
 * score: the title's player_value now (cash, shares at market price,
 * privates), plus each holder's part of what the corporations hold and
 * will still earn with the trains they have, minus what a president will
 * have to put in for a train the corporation must own and cannot pay.
 *
 * That is what an 18xx player reckons with: a share is worth its price and
 * the dividends still to come; a treasury is worth less than cash in hand
 * (it is spent on trains and track); a corporation without a train costs
 * its president the difference. The weights were tuned by arena runs.
 */

const KolPolicyWeights kol_policy_default_weights = {
  .cash_weight = 0.6,
  .income_weight = 0.7,
  .liability_weight = 1.0,
  .private_weight = 0.8,
  .rival_max_weight = 0.5,
  .fresh_routes = TRUE,
};

/* Income of a corporation without a train, once it has bought one: what a
 * first train typically earns per run, as a share of its price. */
#define TRAINLESS_YIELD 0.3
/* Trains bought per round, for how soon the depot reaches a rusting train. */
#define TRAINS_PER_ROUND 2.0
/* Bounds of the generic estimate of the rounds left. */
#define MIN_ROUNDS_LEFT 1.0
#define MAX_ROUNDS_LEFT 12.0

static const KolPolicyHooks *
hooks (KolEngine *engine)
{
  return engine->module != NULL ? engine->module->policy_hooks : NULL;
}

void
kol_policy_cache_init (KolPolicyCache *cache)
{
  memset (cache, 0, sizeof *cache);
  cache->routes = g_hash_table_new (g_int64_hash, g_int64_equal);
}

static void
free_key (gpointer key,
          gpointer value,
          gpointer data)
{
  g_free (key);
}

void
kol_policy_cache_clear (KolPolicyCache *cache)
{
  if (cache->routes != NULL)
    {
      g_hash_table_foreach (cache->routes, free_key, NULL);
      g_hash_table_destroy (cache->routes);
    }
  cache->routes = NULL;
}

/* ------------------------------------------------------------- hashing */

static guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

/* Four lanes mixed apart and joined at the end: one chain of multiplies
 * over the whole board was a twentieth of the bots' thinking time. */
static guint64
hash_bytes (guint64       h,
            gconstpointer data,
            gsize         size)
{
  const guint8 *p = data;
  guint64 lane[4] = { h, h ^ 0x243f6a8885a308d3ull, h ^ 0x13198a2e03707344ull, h ^ 0xa4093822299f31d0ull };
  gsize i = 0;

  for (; i + 32 <= size; i += 32)
    for (int k = 0; k < 4; k++)
      {
        guint64 v;

        memcpy (&v, p + i + 8 * k, 8);
        lane[k] = mix (lane[k], v);
      }
  for (; i + 8 <= size; i += 8)
    {
      guint64 v;

      memcpy (&v, p + i, 8);
      lane[0] = mix (lane[0], v);
    }
  for (; i < size; i++)
    lane[0] = mix (lane[0], p[i]);
  return mix (mix (mix (lane[0], lane[1]), lane[2]), lane[3]);
}

/* Everything a corporation's best routes depend on: the board, the phase,
 * who owns the privates (bonuses) and the trains as the router sees them. */
static guint64
board_signature (KolEngine *engine)
{
  /* the hexes past the title's map are never set */
  return hash_bytes (0x1234567ull, engine->hexes, MIN (engine->title->n_hexes, KOL_MAX_HEXES) * sizeof *engine->hexes);
}

static guint64
route_signature (KolEngine           *engine,
                 guint64              board_hash,
                 int                  corp,
                 const KolRouteTrain *trains,
                 int                  n)
{
  guint64 h = board_hash;

  h = mix (h, (guint64) corp);
  h = mix (h, (guint64) engine->phase);
  for (int c = 0; c < engine->n_companies; c++)
    h = mix (h, (guint64) engine->companies[c].owner.kind << 16 | (guint16) engine->companies[c].owner.index |
                  (guint64) engine->companies[c].closed << 20);
  for (int i = 0; i < n; i++)
    {
      h = mix (h, (guint64) (guint32) trains[i].distance << 8 | trains[i].networks);
      h = hash_bytes (h, trains[i].edge_cost, sizeof trains[i].edge_cost);
      h = mix (h, (guint64) (guint32) trains[i].multiplier << 32 | (guint32) trains[i].tag);
    }
  return h ? h : 1;
}

/**
 * kol_policy_corp_routes:
 *
 * Returns: the revenue of @corp's best routes now, -1 when it has no
 *   trains (or the title does not route)
 */
int
kol_policy_corp_routes (KolEngine      *engine,
                        KolPolicyCache *cache,
                        int             corp)
{
  const KolRouteHooks *rh = engine->module != NULL ? engine->module->route_hooks : NULL;
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  KolRouteSolveOpts opts = { 0 };
  g_autoptr(KolRouteResult) result = NULL;
  guint64 key;
  gpointer found;
  int n;

  if (rh == NULL || rh->prepare == NULL)
    return -1;
  n = rh->prepare (engine, corp, &rules, trains, KOL_ROUTE_MAX_TRAINS);
  if (n <= 0)
    return -1;
  /* the board is hashed once per position evaluated, and only when a
   * corporation has to be routed */
  if (cache->board_hash == 0)
    cache->board_hash = board_signature (engine) | 1;
  key = route_signature (engine, cache->board_hash, corp, trains, n);
  found = g_hash_table_lookup (cache->routes, &key);
  if (found != NULL)
    {
      cache->hits++;
      return GPOINTER_TO_INT (found) - 1;
    }
  cache->misses++;
  opts.no_self_check = TRUE;
  opts.search_order_ties = TRUE;
  result = kol_route_solve (engine, corp, &rules, trains, n, &opts, NULL);
  {
    int total = result != NULL ? MAX (result->total, 0) : 0;
    guint64 *k = g_new (guint64, 1);

    *k = key;
    g_hash_table_insert (cache->routes, k, GINT_TO_POINTER (total + 1));
    return total;
  }
}

/* -------------------------------------------------------------- owners */

int
kol_policy_controller (KolEngine *engine,
                       KolEntity  entity)
{
  return kol_entity_player (engine, entity);
}

/* ----------------------------------------------------------- the future */

/* The operating rounds left when the title does not say: the bank breaks
 * after about (bank left / money paid out per round) rounds. */
static double
estimate_rounds_left (KolEngine *engine,
                      int        total_income)
{
  double rounds;

  if (engine->title->bank <= 0)
    return MAX_ROUNDS_LEFT / 2;
  rounds = 0.6 * MAX (engine->bank, 0) / MAX (total_income, 1);
  return CLAMP (rounds, MIN_ROUNDS_LEFT, MAX_ROUNDS_LEFT);
}

/* How many rounds the trains of @corp will still run, on average: a
 * train that rusts when a later train is bought runs until the depot gets
 * there. */
static double
train_horizon (KolEngine *engine,
               int        corp,
               double     rounds_left)
{
  KolEntity owner = kol_entity (KOL_ENTITY_CORP, corp);
  gint16 trains[KOL_MAX_TRAINS], depot[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, KOL_MAX_TRAINS);
  int n_depot = kol_engine_depot_upcoming (engine, depot, KOL_MAX_TRAINS);
  double sum = 0;

  if (n == 0)
    return rounds_left;
  for (int i = 0; i < n; i++)
    {
      const KolTrainDef *def = &engine->title->trains[engine->trains[trains[i]].def];
      int until = def->rusts_on >= 0 ? def->rusts_on : def->obsolete_on;
      double h = rounds_left;

      if (until >= 0)
        {
          int ahead = 0;

          while (ahead < n_depot && engine->trains[depot[ahead]].def != until)
            ahead++;
          h = MIN (rounds_left, 0.5 + ahead / TRAINS_PER_ROUND);
        }
      sum += h;
    }
  return sum / n;
}

/* How many rounds the cheapest train of the depot would run. */
static double
first_train_horizon (KolEngine *engine,
                     double     rounds_left)
{
  int train = kol_depot_min_depot_train (engine);
  const KolTrainDef *def;
  gint16 depot[KOL_MAX_TRAINS];
  int n_depot, until, ahead = 0;

  if (train < 0)
    return rounds_left;
  def = &engine->title->trains[engine->trains[train].def];
  until = def->rusts_on >= 0 ? def->rusts_on : def->obsolete_on;
  if (until < 0)
    return rounds_left;
  n_depot = kol_engine_depot_upcoming (engine, depot, KOL_MAX_TRAINS);
  while (ahead < n_depot && engine->trains[depot[ahead]].def != until)
    ahead++;
  return MIN (rounds_left, 0.5 + ahead / TRAINS_PER_ROUND);
}

/* How many rounds until the phase whose events close the private
 * companies ("close_companies"), or -1 when none will. */
static double
rounds_until_privates_close (KolEngine *engine)
{
  const KolTitle *t = engine->title;
  gint16 depot[KOL_MAX_TRAINS];
  int n_depot, ahead = 0, on = -1;

  for (guint p = (guint) MAX (engine->phase + 1, 0); p < t->n_phases && on < 0; p++)
    for (guint e = 0; t->phases[p].events != NULL && e < t->phases[p].events->len; e++)
      if (g_strcmp0 (g_ptr_array_index (t->phases[p].events, e), "close_companies") == 0)
        on = t->phases[p].on;
  if (on < 0)
    return -1;
  n_depot = kol_engine_depot_upcoming (engine, depot, KOL_MAX_TRAINS);
  while (ahead < n_depot && engine->trains[depot[ahead]].def != on)
    ahead++;
  return 0.5 + ahead / TRAINS_PER_ROUND;
}

static gboolean
corp_in_play (KolEngine *engine,
              int        corp)
{
  const KolCorp *c = &engine->corps[corp];

  return !c->closed && !c->removed && (c->floated || c->ipoed);
}

/* A top corporation: one with holders (not a line of another). */
static int
income_target (KolEngine *engine,
               int        corp)
{
  int parent = kol_engine_corp_parent (engine, corp);

  return parent >= 0 ? parent : corp;
}

/* What the router sees of @corp's trains, to tell when they changed. */
static guint64
trains_signature (KolEngine *engine,
                  int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, KOL_MAX_TRAINS);
  guint64 h = mix (0x51ull, (guint64) n);

  for (int i = 0; i < n; i++)
    h = mix (h, (guint64) trains[i] << 8 | engine->trains[trains[i]].variant);
  return mix (h, (guint64) engine->phase);
}

/* The routes of @corp: fresh when asked for or when its trains changed
 * since @base, else @base's. */
static int
corp_routes (KolEngine              *engine,
             KolPolicyCache         *cache,
             const KolPolicyWeights *w,
             const KolPolicyEval    *base,
             guint32                 fresh,
             KolPolicyEval          *eval,
             int                     c)
{
  if (base != NULL && !(fresh & (1u << c)) && base->train_sig[c] == eval->train_sig[c])
    return base->routes[c];
  if (!w->fresh_routes)
    return engine->corps[c].last_revenue > 0 || eval->train_sig[c] != 0 ? engine->corps[c].last_revenue : -1;
  return kol_policy_corp_routes (engine, cache, c);
}

/* Fills eval->routes, eval->income (on the receiving corporation) and
 * eval->rounds_left. */
static void
future_incomes (KolEngine              *engine,
                KolPolicyCache         *cache,
                const KolPolicyWeights *w,
                const KolPolicyEval    *base,
                guint32                 fresh,
                KolPolicyEval          *eval)
{
  const KolPolicyHooks *h = hooks (engine);
  int total = 0;

  for (int c = 0; c < engine->n_corps; c++)
    {
      eval->routes[c] = -1;
      eval->income[c] = 0;
      eval->train_sig[c] = 0;
      if (!corp_in_play (engine, c))
        continue;
      eval->train_sig[c] = trains_signature (engine, c);
      eval->routes[c] = corp_routes (engine, cache, w, base, fresh, eval, c);
      total += MAX (eval->routes[c], 0);
    }
  eval->rounds_left = h != NULL && h->rounds_left != NULL ? h->rounds_left (engine)
                                                          : estimate_rounds_left (engine, total);
  for (int c = 0; c < engine->n_corps; c++)
    {
      double horizon, income;

      if (!corp_in_play (engine, c))
        continue;
      horizon = train_horizon (engine, c, eval->rounds_left);
      if (h != NULL && h->future_income != NULL)
        income = h->future_income (engine, c, eval->routes[c], horizon);
      else
        income = MAX (eval->routes[c], 0) * horizon;
      eval->income[income_target (engine, c)] += (int) income;
    }
}

/* Trains the corporation and its lines hold. */
static int
trains_held (KolEngine *engine,
             int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, KOL_MAX_TRAINS);

  for (int c = 0; c < engine->n_corps; c++)
    if (c != corp && kol_engine_corp_parent (engine, c) == corp)
      n += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, c), trains, KOL_MAX_TRAINS);
  return n;
}

/* Cash of the corporation and of its lines. */
static int
cash_held (KolEngine *engine,
           int        corp)
{
  int cash = engine->corps[corp].cash;

  for (int c = 0; c < engine->n_corps; c++)
    if (c != corp && kol_engine_corp_parent (engine, c) == corp)
      cash += engine->corps[c].cash;
  return cash;
}

/* What the corporation is worth to its holders beyond the market price
 * (per 100 %), and what its president must put in for a train. */
static double
corp_future (KolEngine              *engine,
             const KolPolicyWeights *w,
             const KolPolicyEval    *eval,
             int                     corp,
             double                 *liability)
{
  int cash = cash_held (engine, corp);
  double value = w->cash_weight * cash + w->income_weight * eval->income[corp];

  *liability = 0;
  if (engine->corps[corp].owner.kind == KOL_ENTITY_PLAYER && trains_held (engine, corp) == 0)
    {
      int price = kol_depot_min_depot_price (engine);

      if (price > 0)
        {
          /* it must buy one: what it cannot pay, its president does; what
           * the train will earn is uncertain, and never more than buying
           * it now would show */
          double earn = w->income_weight * TRAINLESS_YIELD * price * first_train_horizon (engine, eval->rounds_left);

          *liability = w->liability_weight * MAX (0, price - cash);
          value += 0.5 * MAX (0, earn - w->cash_weight * MIN (price, cash));
        }
    }
  return value;
}

/**
 * kol_policy_evaluate:
 * @base: (nullable): the evaluation of an earlier position of the same
 *   decision, whose routes are reused for the corporations not in @fresh
 *   whose trains did not change
 * @fresh: bit c set: route corporation c again
 *
 * Fills @out with every player's value of the position.
 */
void
kol_policy_evaluate (KolEngine              *engine,
                     KolPolicyCache         *cache,
                     const KolPolicyWeights *w,
                     const KolPolicyEval    *base,
                     guint32                 fresh,
                     KolPolicyEval          *out)
{
  double future[KOL_MAX_CORPS], liability[KOL_MAX_CORPS];

  double closing = rounds_until_privates_close (engine);

  int percent[KOL_MAX_PLAYERS][KOL_MAX_CORPS] = { { 0 } };

  out->n_players = engine->n_players;
  cache->board_hash = 0;
  future_incomes (engine, cache, w, base, fresh, out);
  cache->board_hash = 0;
  for (int i = 0; i < engine->n_certs; i++)
    {
      const KolCert *cert = &engine->certs[i];

      if (cert->owner.kind == KOL_ENTITY_PLAYER && cert->owner.index < KOL_MAX_PLAYERS && cert->corp >= 0)
        percent[cert->owner.index][cert->corp] += cert->percent;
    }
  for (int c = 0; c < engine->n_corps; c++)
    {
      future[c] = liability[c] = 0;
      if (corp_in_play (engine, c) && kol_engine_corp_parent (engine, c) < 0)
        future[c] = corp_future (engine, w, out, c, &liability[c]);
    }
  for (int p = 0; p < engine->n_players; p++)
    {
      KolEntity me = kol_entity (KOL_ENTITY_PLAYER, p);
      gint16 companies[KOL_MAX_COMPANIES];
      int n = kol_engine_companies_of (engine, me, companies, KOL_MAX_COMPANIES);
      double v = kol_engine_player_value (engine, p);

      if (engine->players[p].bankrupt)
        {
          out->value[p] = v;
          continue;
        }
      for (int c = 0; c < engine->n_corps; c++)
        {
          if (future[c] == 0 && liability[c] == 0)
            continue;
          v += percent[p][c] / 100.0 * future[c];
          if (kol_entity_equal (engine->corps[c].owner, me))
            v -= liability[c];
        }
      for (int i = 0; i < n; i++)
        {
          const KolCompany *company = &engine->companies[companies[i]];

          /* it pays until it closes; then its face value is gone unless
           * sold to a corporation before */
          v += w->private_weight * company->revenue * (closing >= 0 ? MIN (closing, out->rounds_left) : out->rounds_left);
          if (closing >= 0)
            v -= 0.5 * company->value;
        }
      out->value[p] = v;
    }
}

/**
 * kol_policy_utility:
 *
 * A seat wants to finish ahead of the others: its value less a mix of the
 * best rival's and the rivals' mean.
 */
double
kol_policy_utility (const KolPolicyEval    *eval,
                    const KolPolicyWeights *w,
                    int                     player)
{
  double best = -G_MAXDOUBLE, sum = 0;
  int n = 0;

  for (int q = 0; q < eval->n_players; q++)
    if (q != player)
      {
        best = MAX (best, eval->value[q]);
        sum += eval->value[q];
        n++;
      }
  if (n == 0)
    return eval->value[player];
  return eval->value[player] - w->rival_max_weight * best - (1 - w->rival_max_weight) * sum / n;
}
