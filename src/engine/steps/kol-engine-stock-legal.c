/* SPDX-License-Identifier: GPL-3.0-or-later */

/* What a player may do in a turn of a stock round: may they gain, buy or
 * sell a bundle, must they sell, may they start a corporation and at which
 * par prices (1849 §9.1–9.4, 1840 VII.3–VII.6); the refusals that say why an action is
 * not allowed, and the choices offered to the UI. It is its own file
 * because these questions are the part of the step that titles override
 * (KolStockHooks) and that every list of legal actions asks, apart from
 * the processing of actions (kol-engine-stock-step.c). */
#include "kol-engine-stock-private.h"
#include "kol-engine-operating.h"

static inline KolEntity
pool_entity (void)
{
  return kol_entity (KOL_ENTITY_POOL, 0);
}

/* players_sold[entity][corp]; only players sell in stock rounds */
static KolSold
sold_state (KolEngine *engine,
            KolEntity  entity,
            int        corp)
{
  if (entity.kind != KOL_ENTITY_PLAYER || entity.index < 0 || entity.index >= KOL_MAX_PLAYERS)
    return KOL_SOLD_NONE;
  return (KolSold) _kol_stock_state (engine)->players_sold[entity.index][corp];
}

/* ---------------------------------------------------------- step predicates */

/**
 * kol_step_buy_sell_par_shares_can_gain:
 *
 * Within the holding limit and, if the corporation counts, under the
 * certificate limit (1849 §9.3). Players' certificates cannot be bought
 * (in both titles shares come only from the treasury or the pool).
 *
 * Returns: %TRUE if @entity may gain @bundle.
 */
gboolean
kol_step_buy_sell_par_shares_can_gain (KolEngine       *engine,
                                       KolEntity        entity,
                                       const KolBundle *bundle)
{
  int corp = bundle->corp;

  if (entity.kind == KOL_ENTITY_NONE || bundle->owner.kind == KOL_ENTITY_PLAYER)
    return FALSE;
  if (!kol_corp_holding_ok (engine, corp, entity, bundle->percent))
    return FALSE;
  return !kol_corp_counts_for_limit (engine, corp) ||
         kol_shares_num_certs (engine, entity) < kol_shares_cert_limit (engine, entity.index);
}

/**
 * kol_step_buy_sell_par_shares_can_buy_multiple:
 *
 * Only on multiple-buy cells (none in our titles), with no par and no
 * purchase of another corporation this turn.
 *
 * Returns: %TRUE if @entity may buy another certificate of @corp this turn.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy_multiple (KolEngine *engine,
                                               KolStep   *s,
                                               KolEntity  entity,
                                               int        corp,
                                               KolEntity  owner)
{
  KolStockRoundState *st = _kol_stock_state (engine);

  if (!kol_corp_buy_multiple (engine, corp))
    return FALSE;
  for (int i = 0; i < st->n_current_actions; i++)
    {
      const KolTurnAction *t = &st->current_actions[i];

      if (t->type == KOL_ACTION_PAR || (t->type == KOL_ACTION_BUY_SHARES && t->corp != corp))
        return FALSE;
    }
  return TRUE;
}

/**
 * kol_stock_can_buy_multiple:
 *
 * Returns: whether @entity may buy another certificate of @corp this turn,
 * through the title's hook.
 */
gboolean
kol_stock_can_buy_multiple (KolEngine *engine,
                            KolStep   *s,
                            KolEntity  entity,
                            int        corp,
                            KolEntity  owner)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->can_buy_multiple)
    return h->can_buy_multiple (engine, s, entity, corp, owner);
  return kol_step_buy_sell_par_shares_can_buy_multiple (engine, s, entity, corp, owner);
}

/**
 * kol_step_buy_sell_par_shares_can_buy:
 *
 * Buyable, not one's own, affordable, not sold this round, one purchase per
 * turn (unless several are allowed), and within the limits
 * (kol_step_buy_sell_par_shares_can_gain(); 1849 §9.3).
 *
 * Returns: %TRUE if @entity may buy @bundle.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy (KolEngine       *engine,
                                      KolStep         *s,
                                      KolEntity        entity,
                                      const KolBundle *bundle)
{
  int corp;

  if (bundle == NULL || !kol_bundle_buyable (engine, bundle) || kol_entity_same (entity, bundle->owner))
    return FALSE;
  corp = bundle->corp;
  return kol_engine_cash (engine, entity) >= kol_bundle_price (engine, bundle) &&
         sold_state (engine, entity, corp) == KOL_SOLD_NONE &&
         (kol_stock_can_buy_multiple (engine, s, entity, corp, bundle->owner) ||
          !kol_step_buy_sell_par_shares_bought (engine, s)) &&
         kol_step_buy_sell_par_shares_can_gain (engine, entity, bundle);
}

/**
 * kol_stock_can_buy:
 *
 * Returns: whether @entity may buy @bundle, through the title's hook.
 */
gboolean
kol_stock_can_buy (KolEngine       *engine,
                   KolStep         *s,
                   KolEntity        entity,
                   const KolBundle *bundle)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->can_buy)
    return h->can_buy (engine, s, entity, bundle);
  return kol_step_buy_sell_par_shares_can_buy (engine, s, entity, bundle);
}

/**
 * kol_step_buy_sell_par_shares_can_sell_order:
 *
 * Returns: whether a sale is still allowed in this turn, by the title's
 * KolSellBuyOrder.
 */
gboolean
kol_step_buy_sell_par_shares_can_sell_order (KolEngine *engine,
                                             KolStep   *s)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  KolStockRoundState *st = _kol_stock_state (engine);

  switch (h ? h->sell_buy_order : KOL_SELL_BUY_OR_BUY_SELL)
    {
    case KOL_SELL_BUY:
      return !kol_step_buy_sell_par_shares_bought (engine, s);
    case KOL_SELL_BUY_SELL:
      return TRUE;
    case KOL_SELL_BUY_OR_BUY_SELL:
    default:
      {
        /* current_actions.uniq(&:class).size == 2 and the last a purchase */
        guint32 kinds = 0;
        int n_kinds = 0;

        for (int i = 0; i < st->n_current_actions; i++)
          {
            guint32 bit = 1u << st->current_actions[i].type;

            if (!(kinds & bit))
              n_kinds++;
            kinds |= bit;
          }
        return !(n_kinds == 2 &&
                 _kol_stock_is_purchase (st->current_actions[st->n_current_actions - 1].type));
      }
    }
}

/**
 * kol_step_buy_sell_par_shares_can_dump:
 *
 * Returns: whether @entity may sell @bundle with the president's certificate
 * in it (kol_bundle_can_dump()).
 */
gboolean
kol_step_buy_sell_par_shares_can_dump (KolEngine       *engine,
                                       KolEntity        entity,
                                       const KolBundle *bundle)
{
  return kol_bundle_can_dump (engine, bundle, entity);
}

/**
 * kol_step_buy_sell_par_shares_can_sell:
 *
 * One's own bundle, the sale timing, the rule of selling in blocks, the
 * sell/buy order, the pool limit and the president's certificate (1849
 * §9.2).
 *
 * Returns: %TRUE if @entity may sell @bundle.
 */
gboolean
kol_step_buy_sell_par_shares_can_sell (KolEngine       *engine,
                                       KolStep         *s,
                                       KolEntity        entity,
                                       const KolBundle *bundle)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (bundle == NULL || !kol_entity_same (entity, bundle->owner))
    return FALSE;
  return kol_stock_check_sale_timing (engine, entity, bundle) &&
         !(h && h->must_sell_in_blocks && sold_state (engine, entity, bundle->corp) == KOL_SOLD_NOW) &&
         kol_step_buy_sell_par_shares_can_sell_order (engine, s) &&
         kol_shares_fit_in_pool (engine, bundle) &&
         kol_step_buy_sell_par_shares_can_dump (engine, entity, bundle);
}

/**
 * kol_stock_can_sell:
 *
 * Returns: whether @entity may sell @bundle, through the title's hook.
 */
gboolean
kol_stock_can_sell (KolEngine       *engine,
                    KolStep         *s,
                    KolEntity        entity,
                    const KolBundle *bundle)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->can_sell)
    return h->can_sell (engine, s, entity, bundle);
  return kol_step_buy_sell_par_shares_can_sell (engine, s, entity, bundle);
}

/**
 * kol_step_buy_sell_par_shares_can_sell_any_bundles:
 *
 * Returns: %TRUE if some bundle of @corp that @entity holds can be sold.
 */
gboolean
kol_step_buy_sell_par_shares_can_sell_any_bundles (KolEngine *engine,
                                                   KolStep   *s,
                                                   KolEntity  entity,
                                                   int        corp)
{
  KolBundle bundles[KOL_BUNDLE_MAX_CERTS * 2];
  int n = kol_shares_bundles_for_corporation (engine, entity, corp, bundles, G_N_ELEMENTS (bundles));

  for (int i = 0; i < n; i++)
    if (kol_stock_can_sell (engine, s, entity, &bundles[i]))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_can_sell_any:
 *
 * Returns: %TRUE if @entity can sell anything.
 */
gboolean
kol_step_buy_sell_par_shares_can_sell_any (KolEngine *engine,
                                           KolStep   *s,
                                           KolEntity  entity)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    if (kol_step_buy_sell_par_shares_can_sell_any_bundles (engine, s, entity, engine->corp_order[i]))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_must_sell:
 *
 * @entity can sell and is over the certificate limit or over the holding
 * limit of a corporation it can sell: it must sell first (1849 §9.1, §9.2).
 *
 * Returns: %TRUE if @entity must sell before anything else.
 */
/* The same, once it is known that @entity can sell something. */
gboolean
_kol_stock_must_sell_given_can_sell (KolEngine *engine,
                                     KolStep   *s,
                                     KolEntity  entity)
{
  if (entity.kind == KOL_ENTITY_PLAYER &&
      kol_shares_num_certs (engine, entity) > kol_shares_cert_limit (engine, entity.index))
    return TRUE;
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];

      if (!kol_corp_holding_ok (engine, corp, entity, 0) &&
          kol_step_buy_sell_par_shares_can_sell_any_bundles (engine, s, entity, corp))
        return TRUE;
    }
  return FALSE;
}

gboolean
kol_step_buy_sell_par_shares_must_sell (KolEngine *engine,
                                        KolStep   *s,
                                        KolEntity  entity)
{
  return kol_step_buy_sell_par_shares_can_sell_any (engine, s, entity) &&
         _kol_stock_must_sell_given_can_sell (engine, s, entity);
}

/**
 * kol_step_buy_sell_par_shares_can_buy_shares:
 * @certs: (array length=n): one holder's certificates of one corporation
 *
 * Not sold this round, a purchase still allowed, and the
 * smallest buyable certificate affordable and gainable.
 *
 * Returns: %TRUE if @entity can buy from @certs.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy_shares (KolEngine    *engine,
                                             KolStep      *s,
                                             KolEntity     entity,
                                             const gint16 *certs,
                                             int           n)
{
  const KolCert *sample;
  int min = -1;
  KolBundle bundle;

  if (n == 0)
    return FALSE;
  sample = &engine->certs[certs[0]];
  if (sold_state (engine, entity, sample->corp) != KOL_SOLD_NONE ||
      (kol_step_buy_sell_par_shares_bought (engine, s) &&
       !kol_stock_can_buy_multiple (engine, s, entity, sample->corp, sample->owner)))
    return FALSE;
  for (int i = 0; i < n; i++)
    if (engine->certs[certs[i]].buyable &&
        (min < 0 || engine->certs[certs[i]].percent < engine->certs[min].percent))
      min = certs[i];
  if (min < 0)
    return FALSE;
  kol_bundle_init_cert (engine, &bundle, min);
  return kol_engine_cash (engine, entity) >= kol_bundle_price (engine, &bundle) &&
         kol_step_buy_sell_par_shares_can_gain (engine, entity, &bundle);
}

/**
 * kol_step_buy_sell_par_shares_can_buy_any_from_market:
 *
 * Returns: %TRUE if @entity can buy some certificate in the pool.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy_any_from_market (KolEngine *engine,
                                                      KolStep   *s,
                                                      KolEntity  entity)
{
  for (int corp = 0; corp < engine->n_corps; corp++)
    {
      gint16 certs[KOL_MAX_CERTS];
      int n = kol_engine_certs_of (engine, pool_entity (), corp, certs, KOL_MAX_CERTS);

      if (kol_step_buy_sell_par_shares_can_buy_shares (engine, s, entity, certs, n))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_can_buy_any_from_ipo:
 *
 * Returns: %TRUE if @entity can buy from the IPO of a started corporation.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy_any_from_ipo (KolEngine *engine,
                                                   KolStep   *s,
                                                   KolEntity  entity)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];
      gint16 certs[KOL_MAX_CERTS];
      int n;

      if (!engine->corps[corp].ipoed)
        continue;
      /* every certificate the corporation holds of itself */
      n = kol_engine_certs_of (engine, kol_entity_corp (corp), -1, certs, KOL_MAX_CERTS);
      if (kol_step_buy_sell_par_shares_can_buy_shares (engine, s, entity, certs, n))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_stock_can_buy_any_from_ipo:
 *
 * Returns: whether @entity can buy any treasury (IPO) certificate, through
 * the title's hook.
 */
gboolean
kol_stock_can_buy_any_from_ipo (KolEngine *engine,
                                KolStep   *s,
                                KolEntity  entity)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->can_buy_any_from_ipo)
    return h->can_buy_any_from_ipo (engine, s, entity);
  return kol_step_buy_sell_par_shares_can_buy_any_from_ipo (engine, s, entity);
}

/**
 * kol_step_buy_sell_par_shares_can_buy_any:
 *
 * Returns: %TRUE if @entity can buy from the pool or an IPO.
 */
gboolean
kol_step_buy_sell_par_shares_can_buy_any (KolEngine *engine,
                                          KolStep   *s,
                                          KolEntity  entity)
{
  return kol_step_buy_sell_par_shares_can_buy_any_from_market (engine, s, entity) ||
         kol_stock_can_buy_any_from_ipo (engine, s, entity);
}

/* The first certificate a corporation holds of itself. */
int
_kol_stock_first_own_cert (KolEngine *engine,
                           int        corp)
{
  gint16 first;

  return kol_engine_certs_of (engine, kol_entity_corp (corp), corp, &first, 1) == 1 ? first : -1;
}

/**
 * kol_step_buy_sell_par_shares_can_ipo_any:
 *
 * Returns: whether @entity may start a corporation: nothing bought this
 * turn, and some corporation it may start and whose first certificate it
 * can buy.
 */
gboolean
kol_step_buy_sell_par_shares_can_ipo_any (KolEngine *engine,
                                          KolStep   *s,
                                          KolEntity  entity)
{
  if (kol_step_buy_sell_par_shares_bought (engine, s))
    return FALSE;
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];
      int cert;
      KolBundle bundle;

      if (!kol_stock_can_par (engine, corp, entity) || (cert = _kol_stock_first_own_cert (engine, corp)) < 0)
        continue;
      kol_bundle_init_cert (engine, &bundle, cert);
      if (kol_stock_can_buy (engine, s, entity, &bundle))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_par_prices:
 * @out: (out) (array): par cells
 *
 * The par cells for @corp whose price × the title's multiplier (2; 1840 5:
 * the size of the president's certificate) @entity can afford.
 *
 * Returns: the number of cells.
 */
int
kol_step_buy_sell_par_shares_par_prices (KolEngine *engine,
                                         KolStep   *s,
                                         KolEntity  entity,
                                         int        corp,
                                         KolCell   *out,
                                         int        max)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  int share = kol_engine_share_percent (engine, corp);
  /* Base's 2 is the president's 20 % in shares of 10 %: the president's
   * certificate in shares, for a title whose president holds 30 % */
  int mult = h && h->par_cash_multiplier > 0 ? h->par_cash_multiplier
             : share > 0 ? MAX (1, engine->title->corps[corp].shares[0] / share) : 2;
  KolCell cells[KOL_MAX_MARKET_ROWS * KOL_MAX_MARKET_COLS];
  int n = kol_stock_par_prices (engine, corp, cells, G_N_ELEMENTS (cells)), m = 0;

  for (int i = 0; i < n && m < max; i++)
    if (kol_market_cell_price (engine, cells[i]) * mult <= kol_engine_cash (engine, entity))
      out[m++] = cells[i];
  return m;
}

/* -------------------------------------------------------------- refusals */

/**
 * kol_stock_refuse_buy:
 *
 * Refuses a purchase of @bundle with the first generic reason that applies
 * (a title's own reason becomes "certificate not available").
 *
 * Returns: %FALSE.
 */
gboolean
kol_stock_refuse_buy (KolEngine        *engine,
                      KolStep          *s,
                      KolEntity         entity,
                      const KolBundle  *bundle,
                      GError          **error)
{
  int corp = bundle->corp;
  int price = kol_bundle_price (engine, bundle);
  KolArg args[3] = { kol_arg_entity (entity) };

  if (kol_entity_same (entity, bundle->owner))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, args, 1,
                            "%s already holds these certificates", kol_engine_entity_name (engine, entity));
  if (kol_engine_cash (engine, entity) < price)
    {
      args[1] = kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, entity));
      args[2] = kol_arg_int (KOL_ARG_MONEY, price);
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s has %d, needs %d",
                              kol_engine_entity_name (engine, entity), kol_engine_cash (engine, entity), price);
    }
  if (sold_state (engine, entity, corp) != KOL_SOLD_NONE)
    {
      args[1] = kol_arg_int (KOL_ARG_CORP, corp);
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_SOLD_THIS_ROUND, args, 2,
                              "%s sold %s this round and cannot buy it back",
                              kol_engine_entity_name (engine, entity), engine->title->corps[corp].id);
    }
  if (kol_step_buy_sell_par_shares_bought (engine, s) &&
      !kol_stock_can_buy_multiple (engine, s, entity, corp, bundle->owner))
    {
      args[0] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_BUY_ALREADY_BOUGHT);
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "only one purchase per turn");
    }
  if (!kol_corp_holding_ok (engine, corp, entity, bundle->percent))
    {
      args[1] = kol_arg_int (KOL_ARG_PERCENT, kol_corp_max_ownership (engine, corp));
      args[2] = kol_arg_int (KOL_ARG_CORP, corp);
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_HOLDING_LIMIT, args, 3,
                              "%s would hold more than %d%% of %s",
                              kol_engine_entity_name (engine, entity), kol_corp_max_ownership (engine, corp),
                              engine->title->corps[corp].id);
    }
  if (entity.kind == KOL_ENTITY_PLAYER && kol_corp_counts_for_limit (engine, corp) &&
      kol_shares_num_certs (engine, entity) >= kol_shares_cert_limit (engine, entity.index))
    {
      args[1] = kol_arg_int (KOL_ARG_INT, kol_shares_cert_limit (engine, entity.index));
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_CERT_LIMIT, args, 2,
                              "%s would exceed the certificate limit of %d",
                              kol_engine_entity_name (engine, entity),
                              kol_shares_cert_limit (engine, entity.index));
    }
  args[0] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_BUY_NOT_AVAILABLE);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                          "this certificate of %s cannot be bought now", engine->title->corps[corp].id);
}

/**
 * kol_stock_refuse_sell:
 *
 * Refuses a sale of @bundle with the first generic reason that applies.
 *
 * Returns: %FALSE.
 */
gboolean
kol_stock_refuse_sell (KolEngine        *engine,
                       KolStep          *s,
                       KolEntity         entity,
                       const KolBundle  *bundle,
                       GError          **error)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  int corp = bundle->corp;
  KolReason reason = KOL_REASON_NONE;
  KolArg args[3] = { kol_arg_entity (entity), kol_arg_int (KOL_ARG_CORP, corp) };

  if (!kol_entity_same (entity, bundle->owner))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, args, 1,
                            "%s does not hold these certificates", kol_engine_entity_name (engine, entity));
  if (!kol_stock_check_sale_timing (engine, entity, bundle))
    reason = (h == NULL || h->sell_after == KOL_SELL_AFTER_FIRST) ? KOL_REASON_SELL_FIRST_ROUND
                                                                 : KOL_REASON_SELL_NOT_OPERATED;
  else if (h && h->must_sell_in_blocks && sold_state (engine, entity, corp) == KOL_SOLD_NOW)
    reason = KOL_REASON_SELL_SOLD_THIS_TURN;
  else if (!kol_step_buy_sell_par_shares_can_sell_order (engine, s))
    reason = KOL_REASON_SELL_AFTER_BUY;
  else if (!kol_shares_fit_in_pool (engine, bundle))
    {
      KolArg pool[2] = {
        kol_arg_int (KOL_ARG_PERCENT, kol_shares_market_share_limit (engine, corp)),
        kol_arg_int (KOL_ARG_CORP, corp),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_POOL_LIMIT, pool, 2,
                              "the pool may not hold more than %d%% of %s",
                              kol_shares_market_share_limit (engine, corp), engine->title->corps[corp].id);
    }
  else if (!kol_step_buy_sell_par_shares_can_dump (engine, entity, bundle))
    reason = KOL_REASON_SELL_PRESIDENT;
  args[2] = kol_arg_int (KOL_ARG_REASON, reason);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_CANNOT_SELL, args, 3,
                          "%s cannot sell these shares of %s: %s",
                          kol_engine_entity_name (engine, entity), engine->title->corps[corp].id,
                          kol_reason_to_string (reason));
}

/* ------------------------------------------------------------ legal choices */

/* One source's offers for @corp: the first certificate of each kind. */
static int
buy_options_from (KolEngine    *engine,
                  KolStep      *s,
                  KolEntity     entity,
                  int           corp,
                  KolEntity     source,
                  KolBuyOption *out,
                  int           max)
{
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, source, corp, certs, KOL_MAX_CERTS), m = 0;

  for (int i = 0; i < n && m < max; i++)
    {
      const KolCert *c = &engine->certs[certs[i]];
      gboolean seen = FALSE;
      KolBundle bundle;

      for (int j = 0; j < i && !seen; j++)
        seen = engine->certs[certs[j]].percent == c->percent &&
               engine->certs[certs[j]].president == c->president;
      if (seen)
        continue;
      kol_bundle_init_cert (engine, &bundle, certs[i]);
      if (!kol_stock_can_buy (engine, s, entity, &bundle))
        continue;
      out[m].corp = (gint16) corp;
      out[m].cert = certs[i];
      out[m].source = source;
      out[m].percent = c->percent;
      out[m].price = kol_bundle_price (engine, &bundle);
      m++;
    }
  return m;
}

/**
 * kol_stock_buy_options:
 * @out: (out) (array): the certificates @entity may buy
 *
 * Returns: how many options were written (0 when buying is not offered).
 */
int
kol_stock_buy_options (KolEngine    *engine,
                       KolEntity     entity,
                       KolBuyOption *out,
                       int           max)
{
  KolStep *s = kol_round_step_for (engine, entity, KOL_ACTION_BUY_SHARES);
  int n = 0;

  if (s == NULL)
    return 0;
  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      int corp = engine->corp_order[i];

      if (engine->corps[corp].ipoed)
        n += buy_options_from (engine, s, entity, corp, kol_entity_corp (corp), out + n, max - n);
      n += buy_options_from (engine, s, entity, corp, pool_entity (), out + n, max - n);
    }
  return n;
}

/**
 * kol_stock_sell_options:
 * @out: (out) (array): the bundles @entity may sell
 *
 * Returns: how many options were written (0 when selling is not offered).
 */
int
kol_stock_sell_options (KolEngine     *engine,
                        KolEntity      entity,
                        KolSellOption *out,
                        int            max)
{
  KolStep *s = kol_round_step_for (engine, entity, KOL_ACTION_SELL_SHARES);
  int n = 0;

  if (s == NULL)
    return 0;
  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      KolBundle bundles[KOL_BUNDLE_MAX_CERTS * 2];
      int m = kol_shares_bundles_for_corporation (engine, entity, engine->corp_order[i], bundles,
                                                  G_N_ELEMENTS (bundles));

      for (int j = 0; j < m && n < max; j++)
        if (kol_stock_can_sell (engine, s, entity, &bundles[j]))
          {
            out[n].bundle = bundles[j];
            out[n].price = kol_bundle_price (engine, &bundles[j]);
            n++;
          }
    }
  return n;
}

/**
 * kol_stock_par_options:
 * @out: (out) (array): corporations @entity may par, with their cells
 *
 * Returns: how many options were written (0 when parring is not offered).
 */
int
kol_stock_par_options (KolEngine    *engine,
                       KolEntity     entity,
                       KolParOption *out,
                       int           max)
{
  KolStep *s = kol_round_step_for (engine, entity, KOL_ACTION_PAR);
  int n = 0;

  if (s == NULL)
    return 0;
  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      int corp = engine->corp_order[i], cert;
      KolBundle bundle;

      if (!kol_stock_can_par (engine, corp, entity) || (cert = _kol_stock_first_own_cert (engine, corp)) < 0)
        continue;
      kol_bundle_init_cert (engine, &bundle, cert);
      if (!kol_stock_can_buy (engine, s, entity, &bundle))
        continue;
      out[n].corp = (gint16) corp;
      out[n].n_cells = kol_step_buy_sell_par_shares_par_prices (engine, s, entity, corp, out[n].cells,
                                                                KOL_MAX_PAR_CELLS);
      n++;
    }
  return n;
}

/* ------------------------------------------------------------ legal actions */

/**
 * kol_stock_add_sell_action:
 *
 * Appends a sell_shares action of @entity for @bundle.
 */
void
kol_stock_add_sell_action (KolEngine       *engine,
                           KolEntity        entity,
                           const KolBundle *bundle,
                           GPtrArray       *out)
{
  KolAction *a = kol_action_new (KOL_ACTION_SELL_SHARES, entity);

  a->n_shares = (guint8) MIN (bundle->n_certs, KOL_ACTION_MAX_SHARES);
  for (int i = 0; i < a->n_shares; i++)
    a->shares[i] = bundle->certs[i];
  a->percent = bundle->percent;
  g_ptr_array_add (out, a);
}

/**
 * kol_stock_add_buy_actions:
 *
 * Appends a buy_shares action for every certificate @entity may buy now.
 */
void
kol_stock_add_buy_actions (KolEngine *engine,
                           KolEntity  entity,
                           GPtrArray *out)
{
  KolBuyOption buy[64];
  int n = kol_stock_buy_options (engine, entity, buy, G_N_ELEMENTS (buy));

  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_BUY_SHARES, entity);

      a->n_shares = 1;
      a->shares[0] = buy[i].cert;
      a->percent = buy[i].percent;
      g_ptr_array_add (out, a);
    }
}

/**
 * kol_stock_add_sell_actions:
 *
 * Appends a sell_shares action for every bundle @entity may sell now.
 */
void
kol_stock_add_sell_actions (KolEngine *engine,
                            KolEntity  entity,
                            GPtrArray *out)
{
  KolSellOption sell[64];
  int n = kol_stock_sell_options (engine, entity, sell, G_N_ELEMENTS (sell));

  for (int i = 0; i < n; i++)
    kol_stock_add_sell_action (engine, entity, &sell[i].bundle, out);
}

/**
 * kol_stock_add_par_actions:
 *
 * Appends a par action for every corporation and par cell @entity may
 * choose now.
 */
void
kol_stock_add_par_actions (KolEngine *engine,
                           KolEntity  entity,
                           GPtrArray *out)
{
  KolParOption par[KOL_MAX_CORPS];
  int n = kol_stock_par_options (engine, entity, par, G_N_ELEMENTS (par));

  for (int i = 0; i < n; i++)
    for (int k = 0; k < par[i].n_cells; k++)
      {
        KolAction *a = kol_action_new (KOL_ACTION_PAR, entity);

        a->corp = par[i].corp;
        a->cell_row = par[i].cells[k].row;
        a->cell_col = par[i].cells[k].col;
        g_ptr_array_add (out, a);
      }
}

/**
 * kol_step_buy_sell_par_shares_legal_actions:
 *
 * Appends every legal buy, sell and par of @entity, then the pass.
 */
void
kol_step_buy_sell_par_shares_legal_actions (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity  entity,
                                            GPtrArray *out)
{
  guint32 actions = kol_step_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES))
    kol_stock_add_buy_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES))
    kol_stock_add_sell_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PAR))
    kol_stock_add_par_actions (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}
