/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <string.h>

/*
 * Share rounds (VII, on the engine's stock round): the first SR
 * begins with every player buying a tram company's director's certificate
 * (paid with the 350 pre-emptive right, which the engine gives as cash when
 * SR1 starts), no selling in SR1, the director's certificate is never sold,
 * 60 % and certificate limits (privates count), no buying back after
 * selling, one step down per share sold, one step up when players hold all
 * shares at the end.
 */

/* ------------------------------------------------------------------ hooks */

/* Only tram companies may be started; by the rulebook each player directs
 * one and only one (IV.1.2). */
static gboolean
can_par (KolEngine *engine,
         int        corp,
         KolEntity  parrer)
{
  K1840State *st = k1840_state (engine);

  if (!kol_default_can_par (engine, corp, parrer) || !k1840_is (engine, corp, K1840_MAJOR))
    return FALSE;
  if (!st->compat && parrer.kind == KOL_ENTITY_PLAYER)
    for (int i = 0; i < st->n_majors; i++)
      if (kol_entity_equal (engine->corps[st->majors[i]].owner, parrer))
        return FALSE;
  return TRUE;
}

/* The par prices by type: tram companies 70, 80, 90 or 100 (VII.5). */
static int
par_prices (KolEngine *engine,
            int        corp,
            KolCell   *out,
            int        max)
{
  K1840State *st = k1840_state (engine);
  KolCell cells[KOL_MAX_MARKET_ROWS * KOL_MAX_MARKET_COLS];
  int n = kol_market_par_cells (engine, 0, cells, G_N_ELEMENTS (cells)), m = 0;

  for (int i = 0; i < n && m < max; i++)
    {
      int price = kol_market_cell_price (engine, cells[i]);
      gboolean ok = FALSE;

      if (k1840_is (engine, corp, K1840_MAJOR))
        for (int k = 0; k < st->n_tram_pars; k++)
          ok |= st->tram_pars[k] == price;
      else if (k1840_is (engine, corp, K1840_CITY))
        ok = engine->title->corps[corp].par == price;
      if (ok)
        out[m++] = cells[i];
    }
  return m;
}

/* Nothing but directors' certificates until every tram company
 * (18xx.games) or every player (rulebook) has one. */
static gboolean
can_buy (KolEngine       *engine,
         KolStep         *s,
         KolEntity        entity,
         const KolBundle *bundle)
{
  /* a line's card is never for sale to players (its certificate waits in
   * the pool only as 18xx.games keeps it) */
  if (k1840_is (engine, bundle->corp, K1840_LINE))
    return FALSE;
  return kol_step_buy_sell_par_shares_can_buy (engine, s, entity, bundle) &&
         (k1840_all_majors_ipoed (engine) || !engine->corps[bundle->corp].ipoed);
}

/* Stadtbahn shares ignore the pool limit and can always be
 * dumped; a director's certificate never can (VII.4). */
static gboolean
can_sell (KolEngine       *engine,
          KolStep         *s,
          KolEntity        entity,
          const KolBundle *bundle)
{
  gboolean city;

  if (bundle == NULL || !kol_entity_equal (entity, bundle->owner) || entity.kind == KOL_ENTITY_NONE)
    return FALSE;
  city = k1840_is (engine, bundle->corp, K1840_CITY);
  /* the pool may hold every share (its limit is 100%): whether a bundle
   * fits in the pool is not asked */
  return kol_stock_check_sale_timing (engine, entity, bundle) &&
         kol_step_buy_sell_par_shares_can_sell_order (engine, s) &&
         (city || (kol_bundle_president_cert (engine, bundle) < 0 ||
                   (k1840_state (engine)->compat && kol_bundle_can_dump (engine, bundle, entity))));
}

static gboolean
allow_president_change (KolEngine *engine,
                        int        corp)
{
  return !k1840_is (engine, corp, K1840_CITY);
}

/* X.3: at the end of a share round a tram company whose shares are all in
 * players' hands rises one space; Stadtbahn companies do not. 18xx.games
 * (compat) raises every company but the lines. */
static gboolean
moves_price_at_sr_end (KolEngine *engine,
                       int        corp)
{
  if (k1840_state (engine)->compat)
    return !k1840_is (engine, corp, K1840_LINE);
  return k1840_is (engine, corp, K1840_MAJOR);
}

static int
max_ownership (KolEngine *engine,
               int        corp)
{
  return k1840_is (engine, corp, K1840_LINE) ? 100 : 60;
}

const KolStockHooks k1840_stock_hooks = {
  .sell_buy_order = KOL_SELL_BUY,
  .sell_after = KOL_SELL_AFTER_FIRST,
  .sell_movement = KOL_SELL_MOVE_DOWN_SHARE,
  .pool_share_drop = KOL_POOL_DROP_NONE,
  .always_market_price = TRUE,
  .market_share_limit = 100,
  .par_cash_multiplier = 5,
  .min_bid_increment = 5,
  .can_par = can_par,
  .par_prices = par_prices,
  .max_ownership = max_ownership,
  .moves_price_at_sr_end = moves_price_at_sr_end,
  .can_buy = can_buy,
  .can_sell = can_sell,
  .allow_president_change = allow_president_change,
};

/* ------------------------------------------------------- selling privates */

/* IV.2: a private can be returned to the bank for its face value at any
 * time. */
gboolean
k1840_sell_company (KolEngine        *engine,
                    const KolAction  *a,
                    GError          **error)
{
  int company = a->entity.index;
  KolCompany *c;
  KolArg args[3];

  if (a->entity.kind != KOL_ENTITY_COMPANY || company < 0 || company >= engine->n_companies)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only a private is sold");
  c = &engine->companies[company];
  if (c->closed || c->owner.kind == KOL_ENTITY_NONE)
    return k1840_refuse (engine, error, KOL_REASON_COMPANY_NOT_BUYABLE, "this private has no owner");
  args[0] = kol_arg_entity (c->owner);
  args[1] = kol_arg_int (KOL_ARG_COMPANY, company);
  args[2] = kol_arg_int (KOL_ARG_MONEY, c->value);
  kol_engine_log (engine, K1840_LOG_SELLS_PRIVATE, args, 3);
  k1840_bank_pays (engine, c->owner, c->value);
  kol_engine_close_company (engine, company);
  return TRUE;
}

/* ------------------------------------------------------------------ step */

static gboolean
player_has_companies (KolEngine *engine,
                      KolEntity  entity)
{
  gint16 list[KOL_MAX_COMPANIES];

  return kol_engine_companies_of (engine, entity, list, KOL_MAX_COMPANIES) > 0;
}

/* Can @entity buy anything, in one pass over the certificates: the smallest
 * buyable certificate of each company in the pool and in its own IPO, then
 * the rules of buying it. */
static gboolean
can_buy_any (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  gint16 pool_min[KOL_MAX_CORPS], ipo_min[KOL_MAX_CORPS];

  if (!k1840_all_majors_ipoed (engine) || kol_step_buy_sell_par_shares_bought (engine, s))
    return FALSE;
  for (int c = 0; c < engine->n_corps; c++)
    pool_min[c] = ipo_min[c] = -1;
  /* corporation by corporation, the lines' certificates left out whole */
  for (int corp = 0; corp < engine->n_corps; corp++)
    {
      int first, end;

      if (k1840_is (engine, corp, K1840_LINE))
        continue;
      kol_engine_corp_certs (engine, corp, &first, &end);
      for (int i = first; i < end; i++)
        {
          const KolCert *c = &engine->certs[i];
          gint16 *slot;

          if (!c->buyable)
            continue;
          if (c->owner.kind == KOL_ENTITY_POOL)
            slot = &pool_min[c->corp];
          else if (c->owner.kind == KOL_ENTITY_CORP && c->owner.index == c->corp && engine->corps[c->corp].ipoed &&
                   !engine->corps[c->corp].removed)
            slot = &ipo_min[c->corp];
          else
            continue;
          if (*slot < 0 || c->percent < engine->certs[*slot].percent ||
              (c->percent == engine->certs[*slot].percent && c->seq < engine->certs[*slot].seq))
            *slot = (gint16) i;
        }
    }
  for (int c = 0; c < engine->n_corps; c++)
    for (int k = 0; k < 2; k++)
      {
        int cert = k == 0 ? pool_min[c] : ipo_min[c];
        KolBundle bundle;

        if (cert < 0)
          continue;
        kol_bundle_init_cert (engine, &bundle, cert);
        if (kol_stock_can_buy (engine, s, entity, &bundle))
          return TRUE;
      }
  return FALSE;
}

/* Can @entity sell anything: nothing in SR1 (VII.4) or after buying; else
 * the companies the player holds. */
static gboolean
can_sell_any (KolEngine *engine,
              KolStep   *s,
              KolEntity  entity)
{
  gboolean held[KOL_MAX_CORPS] = { FALSE };

  if (kol_step_buy_sell_par_shares_bought (engine, s) || (engine->turn <= 1 && !kol_round_is_operating (engine)))
    return FALSE;
  for (int i = 0; i < engine->n_certs; i++)
    if (kol_entity_equal (engine->certs[i].owner, entity) && entity.kind != KOL_ENTITY_NONE)
      held[engine->certs[i].corp] = TRUE;
  for (int c = 0; c < engine->n_corps; c++)
    if (held[c] && kol_step_buy_sell_par_shares_can_sell_any_bundles (engine, s, entity, c))
      return TRUE;
  return FALSE;
}

static guint32
stock_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  guint32 actions = 0;

  if (entity.kind == KOL_ENTITY_COMPANY)
    return !engine->companies[entity.index].closed && engine->companies[entity.index].owner.kind != KOL_ENTITY_NONE
             ? KOL_ACTION_BIT (KOL_ACTION_CHOOSE_ABILITY) : 0;
  if (!kol_step_is_current (engine, s, entity))
    return 0;
  if (can_buy_any (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES);
  if (kol_step_buy_sell_par_shares_can_ipo_any (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PAR);
  if (can_sell_any (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (actions && k1840_all_majors_ipoed (engine))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  if (actions && entity.kind == KOL_ENTITY_PLAYER && player_has_companies (engine, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_CHOOSE_ABILITY);
  return actions;
}

static gboolean
stock_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  if (a->type == KOL_ACTION_CHOOSE_ABILITY)
    return k1840_sell_company (engine, a, error);
  return kol_step_buy_sell_par_shares_process (engine, s, a, error);
}

/* 1840 lists buys, pars, then sells. */
static void
stock_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  guint32 actions = stock_actions (engine, s, entity);

  if (entity.kind == KOL_ENTITY_COMPANY)
    return;
  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES))
    kol_stock_add_buy_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PAR))
    kol_stock_add_par_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES))
    kol_stock_add_sell_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static gboolean
stock_explain (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  if (a->type == KOL_ACTION_PASS && !k1840_all_majors_ipoed (engine))
    return k1840_refuse (engine, error, K1840_REASON_DIRECTOR_FIRST,
                         "every player must first buy a director's certificate");
  if (a->type == KOL_ACTION_BUY_SHARES)
    {
      KolBundle bundle;

      if (!kol_bundle_from_action (engine, &bundle, a, error))
        return FALSE;
      if (!k1840_all_majors_ipoed (engine))
        return k1840_refuse (engine, error, K1840_REASON_DIRECTOR_FIRST,
                             "every player must first buy a director's certificate");
      return kol_stock_refuse_buy (engine, s, a->entity, &bundle, error);
    }
  if (a->type == KOL_ACTION_SELL_SHARES)
    {
      KolBundle bundle;

      if (!kol_bundle_from_action (engine, &bundle, a, error))
        return FALSE;
      return kol_stock_refuse_sell (engine, s, a->entity, &bundle, error);
    }
  return TRUE;
}

static const KolStepClass step_stock = {
  .name = "Buy/Sell Shares",
  .actions = stock_actions,
  .process = stock_process,
  .setup = kol_step_buy_sell_par_shares_setup,
  .pass = kol_step_buy_sell_par_shares_pass,
  .skip = kol_step_buy_sell_par_shares_skip,
  .round_state = kol_step_buy_sell_par_shares_round_state,
  .legal_actions = stock_legal_actions,
  .explain = stock_explain,
};

void
k1840_start_stock_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = { &step_stock };
  K1840State *st = k1840_state (engine);

  /* III.3, VII.5: the pre-emptive right pays for the director's
   * certificate; 18xx.games gives its 350 as cash when SR1 begins */
  if (st->first_stock_round)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_MONEY, st->preemptive_right) };

      kol_engine_log (engine, K1840_LOG_PREEMPTIVE_RIGHT, args, 1);
      for (int i = 0; i < engine->n_players; i++)
        k1840_bank_pays (engine, kol_entity (KOL_ENTITY_PLAYER, engine->player_order[i]), st->preemptive_right);
      st->first_stock_round = FALSE;
    }
  {
    KolArg args[1] = { kol_arg_int (KOL_ARG_INT, engine->turn) };

    kol_engine_log (engine, K1840_LOG_STOCK_ROUND, args, 1);
  }
  kol_round_start (engine, &kol_round_stock, K1840_ROUND_STOCK, 1, steps, NULL, G_N_ELEMENTS (steps));
}
