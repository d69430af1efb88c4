/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Emergency money (1849 §10.7): the president of a
 * corporation that must buy a train and cannot pay for it sells shares,
 * no more than needed and without changing a presidency where that is
 * forbidden. It is its own file because these are share sales with their
 * own rules, used by the BuyTrain step (kol-engine-trains-buy.c) and by
 * titles' emergency steps (1849's). */
#include "kol-engine-trains-private.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"

#include <math.h>

/* ---- emergency money ---- */

static int
needed_cash (KolEngine *engine)
{
  return _kol_trains_depot_must_be_cheapest (engine) ? kol_depot_min_depot_price (engine)
                                                     : kol_depot_max_depot_price (engine);
}

static int
available_cash (KolEngine *engine,
                KolStep   *s,
                KolEntity  seller)
{
  KolEntity cur = _kol_trains_current_corp (engine, s);

  if (kol_entity_equal (seller, cur))
    return kol_engine_cash (engine, cur);
  return kol_engine_cash (engine, seller) + kol_engine_cash (engine, cur);
}

/* Would the sale change a presidency: the seller would hold less than
 * another holder (players and corporations)? */
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
        {
          int percent = kol_engine_percent_of (engine, e, b->corp);

          next_highest = MAX (next_highest, percent);
        }
    }
  for (int c = 0; c < engine->n_corps; c++)
    {
      KolEntity e = kol_entity (KOL_ENTITY_CORP, c);

      if (c != b->corp && !kol_entity_equal (e, b->owner))
        {
          int percent = kol_engine_percent_of (engine, e, b->corp);

          next_highest = MAX (next_highest, percent);
        }
    }
  return remaining < next_highest;
}

/* Dumpable, fits in the pool, and no presidency change where that matters
 * (the title forbids it, or shares of the corporation buying: 1849
 * §10.7). */
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
 * @needed: the cash the emergency needs
 * @available: what the seller has at hand
 * @reason: (out): why not
 *
 * The seller's own bundle, sale timing, a sellable bundle, and no more than
 * needed: the next smaller bundle would not raise enough (1849 §10.7: the
 * president stops selling once there is enough).
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
    {
      int price = cert_price (engine, b->certs[i]);

      min = MIN (min, price);
    }
  if (kol_bundle_price (engine, b) - min >= needed - available)
    *reason = KOL_REASON_SELL_NOT_NEEDED;
  return *reason == KOL_REASON_NONE;
}

/**
 * kol_emergency_sell:
 *
 * A sale after the checks: the bundle goes to the pool and the price moves;
 * the rest of an operating round is put back in order.
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

/* The title's rule (its ebuy_can_sell hook), selling in blocks where the
 * title asks for it, then kol_emergency_can_sell(). */
static gboolean
ebuy_can_sell (KolEngine       *engine,
               KolStep         *s,
               KolEntity        seller,
               const KolBundle *b,
               KolReason       *reason)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  const KolStockHooks *sh = kol_stock_hooks (engine);
  KolEntity cur = _kol_trains_current_corp (engine, s);

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

gboolean
_kol_trains_player_has_sellable_shares (KolEngine *engine,
                                        KolStep   *s,
                                        int        player)
{
  KolBundle one[1];

  return ebuy_bundles (engine, s, player, one, 1) > 0;
}

/**
 * kol_step_buy_train_process_sell_shares:
 *
 * The president sells what the purchase needs; the price moves; the rest of the
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
  if (!kol_entity_equal (a->entity, _kol_trains_current_corp (engine, s)))
    {
      d->last_share_sold_price = price_per_share;
      if (!corp_sold (s, b.corp) && d->n_corps_sold < KOL_MAX_CORPS)
        d->corps_sold[d->n_corps_sold++] = b.corp;
    }
  if (h && h->after_ebuy_sell)
    h->after_ebuy_sell (engine, b.corp, !kol_cell_equal (before, kol_market_corp_cell (engine, b.corp)));
  return TRUE;
}
