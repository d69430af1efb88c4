/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-stock.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

#include <string.h>

static inline KolEntity
corp_entity (int corp)
{
  return kol_entity (KOL_ENTITY_CORP, corp);
}

static inline KolEntity
pool_entity (void)
{
  return kol_entity (KOL_ENTITY_POOL, 0);
}

static inline gboolean
same_entity (KolEntity a,
             KolEntity b)
{
  return a.kind != KOL_ENTITY_NONE && kol_entity_equal (a, b);
}

static KolStockRoundState *
state (KolEngine *engine)
{
  return KOL_STOCK_STATE (engine);
}

/* players_sold[entity][corp]; only players sell in stock rounds */
static KolSold
sold_state (KolEngine *engine,
            KolEntity  entity,
            int        corp)
{
  if (entity.kind != KOL_ENTITY_PLAYER || entity.index < 0 || entity.index >= KOL_MAX_PLAYERS)
    return KOL_SOLD_NONE;
  return (KolSold) state (engine)->players_sold[entity.index][corp];
}

/* ------------------------------------------------------------- Game methods */

/**
 * kol_default_can_par:
 *
 * Game#can_par?: a corporation that has not been started (Base's
 * par_via_exchange, needs_token_to_par and unparrable cases do not occur in
 * our titles).
 *
 * Returns: %TRUE if @parrer may par @corp.
 */
gboolean
kol_default_can_par (KolEngine *engine,
                     int        corp,
                     KolEntity  parrer)
{
  const KolCorp *c = &engine->corps[corp];

  return !c->ipoed && !c->closed && !c->removed;
}

/**
 * kol_stock_can_par:
 *
 * Returns: Game#can_par? through the title's hook.
 */
gboolean
kol_stock_can_par (KolEngine *engine,
                   int        corp,
                   KolEntity  parrer)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->can_par)
    return h->can_par (engine, corp, parrer);
  return kol_default_can_par (engine, corp, parrer);
}

static void
maybe_place_home_token (KolEngine *engine,
                        int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int timing = h ? h->home_token_timing : KOL_HOME_TOKEN_OPERATE;

  if ((timing == KOL_HOME_TOKEN_FLOAT && kol_corp_floated (engine, corp)) ||
      (timing == KOL_HOME_TOKEN_PAR && engine->corps[corp].ipoed))
    kol_operating_place_home_token (engine, corp);
}

/**
 * kol_stock_after_par:
 *
 * Game#after_par through the title's hook. Without one: the 'par' close
 * event of companies and, with HOME_TOKEN_TIMING :par, the home token.
 */
void
kol_stock_after_par (KolEngine *engine,
                     int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  const KolOperatingHooks *oh = kol_operating_hooks (engine);

  if (h && h->after_par)
    {
      h->after_par (engine, corp);
      return;
    }
  kol_operating_close_companies_on_event (engine, corp, "par");
  if (oh && oh->home_token_timing == KOL_HOME_TOKEN_PAR)
    kol_operating_place_home_token (engine, corp);
}

/**
 * kol_stock_par_prices:
 * @out: (out) (array): par cells in StockMarket#par_prices order
 *
 * Returns: the par cells available for @corp (the title's Game#par_prices,
 * else every par cell).
 */
int
kol_stock_par_prices (KolEngine *engine,
                      int        corp,
                      KolCell   *out,
                      int        max)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->par_prices)
    return h->par_prices (engine, corp, out, max);
  return kol_market_par_cells (engine, 0, out, max);
}

/**
 * kol_stock_check_sale_timing:
 *
 * Game#check_sale_timing by SELL_AFTER.
 *
 * Returns: %TRUE if @bundle's corporation may be sold now.
 */
gboolean
kol_stock_check_sale_timing (KolEngine       *engine,
                             KolEntity        entity,
                             const KolBundle *bundle)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  const KolCorp *c = &engine->corps[bundle->corp];
  gboolean operating = engine->round.klass && engine->round.klass->operating;
  gboolean stock = engine->round.klass && engine->round.klass->stock;

  switch (h ? h->sell_after : KOL_SELL_AFTER_FIRST)
    {
    case KOL_SELL_AFTER_OPERATE:
      return c->operated > 0;
    case KOL_SELL_AFTER_SR_FLOATED:
      return c->operated > 0 || operating;
    case KOL_SELL_AFTER_P_ANY_OPERATE:
      return c->operated > 0 || kol_corp_is_president (engine, bundle->corp, entity);
    case KOL_SELL_AFTER_ROUND:
      if (operating)
        return TRUE;
      if (!stock || entity.kind != KOL_ENTITY_PLAYER)
        return FALSE;
      return kol_engine_percent_of (engine, entity, bundle->corp) -
             state (engine)->players_bought[entity.index][bundle->corp] >= bundle->percent;
    case KOL_SELL_AFTER_ANY_TIME:
      return TRUE;
    case KOL_SELL_AFTER_FIRST:
    default:
      return engine->turn > 1 || operating;
    }
}

/**
 * kol_stock_allow_president_change:
 *
 * Returns: Step#allow_president_change? through the title's hook.
 */
gboolean
kol_stock_allow_president_change (KolEngine *engine,
                                  int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  return h && h->allow_president_change ? h->allow_president_change (engine, corp) : TRUE;
}

/**
 * kol_stock_sold_out:
 *
 * Returns: Game#sold_out?: players hold all of @corp.
 */
gboolean
kol_stock_sold_out (KolEngine *engine,
                    int        corp)
{
  return kol_corp_player_percent (engine, corp) == 100;
}

/**
 * kol_stock_action_processed:
 *
 * Game#action_processed: closes corporations on a close cell; if that left
 * the current entity without actions in the active step, skips the steps
 * and moves to the next entity.
 */
void
kol_stock_action_processed (KolEngine *engine)
{
  KolStep *s;

  if (!kol_shares_close_corporations_in_close_cell (engine))
    return;
  s = kol_round_active_step (engine);
  if (s == NULL || kol_step_actions (engine, s, kol_round_current_entity (engine)) != 0)
    return;
  kol_round_skip_steps (engine);
  if (engine->round.klass && engine->round.klass->next_entity)
    engine->round.klass->next_entity (engine, &engine->round);
}

/* ----------------------------------------------------------------- the round */

/**
 * kol_round_stock_select_entities:
 *
 * Round::Stock#select_entities: the players in order, without the bankrupt.
 */
void
kol_round_stock_select_entities (KolEngine *engine,
                                 KolRound  *r)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n = kol_shares_possible_presidents (engine, order);

  r->n_entities = n;
  for (int i = 0; i < n; i++)
    r->entities[i] = kol_entity (KOL_ENTITY_PLAYER, order[i]);
}

/* start_entity without moving on: unpass and set up every step, skip the
 * ones with nothing to do. Returns TRUE if a step is active. */
static gboolean
start_entity_steps (KolEngine *engine)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  KolRound *r = &engine->round;

  if (h && h->start_entity)
    h->start_entity (engine);
  for (int i = 0; i < r->n_steps; i++)
    kol_step_unpass (engine, &r->steps[i]);
  for (int i = 0; i < r->n_steps; i++)
    kol_step_setup (engine, &r->steps[i]);
  return kol_round_skip_steps_active (engine) != NULL;
}

/**
 * kol_round_stock_next_entity:
 *
 * Round::Stock#next_entity!: when everyone has passed, the entity index
 * moves once more (to the priority deal) and the round finishes; else the
 * next player starts a turn, and players who can do nothing are skipped.
 */
void
kol_round_stock_next_entity (KolEngine *engine,
                             KolRound  *r)
{
  /* the recursion of Ruby's next_entity!/start_entity, as a loop */
  for (int guard = 0; guard <= 4 * (r->n_entities + 1); guard++)
    {
      if (kol_round_finished (engine))
        {
          kol_round_next_entity_index (engine);
          kol_round_stock_finish_round (engine);
          return;
        }
      kol_round_next_entity_index (engine);
      if (start_entity_steps (engine))
        return;
    }
  g_warning ("stock round: no player can act and not all have passed");
}

/**
 * kol_round_stock_start_entity:
 *
 * Round::Stock#start_entity: a turn begins for the current player.
 */
void
kol_round_stock_start_entity (KolEngine *engine)
{
  if (!start_entity_steps (engine))
    kol_round_stock_next_entity (engine, &engine->round);
}

/**
 * kol_round_stock_setup:
 *
 * Round::Stock#setup: skips steps; if the first player cannot act, the
 * round moves on.
 */
void
kol_round_stock_setup (KolEngine *engine,
                       KolRound  *r)
{
  if (kol_round_skip_steps_active (engine) == NULL)
    kol_round_stock_next_entity (engine, r);
}

/**
 * kol_round_stock_after_process:
 *
 * Round::Stock#after_process: when the turn is over, the next player.
 */
void
kol_round_stock_after_process (KolEngine       *engine,
                               KolRound        *r,
                               const KolAction *a)
{
  if (kol_round_active_step (engine) == NULL)
    kol_round_stock_next_entity (engine, r);
}

/**
 * kol_round_stock_finished:
 *
 * Returns: %TRUE when every player has passed in a row (or the game ended).
 */
gboolean
kol_round_stock_finished (KolEngine *engine,
                          KolRound  *r)
{
  if (engine->finished)
    return TRUE;
  for (int i = 0; i < r->n_entities; i++)
    if (!kol_entity_passed (engine, r->entities[i]))
      return FALSE;
  return TRUE;
}

static gboolean
moves_price_at_sr_end (KolEngine *engine,
                       int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (!kol_corp_floated (engine, corp))
    return FALSE;
  return h && h->moves_price_at_sr_end ? h->moves_price_at_sr_end (engine, corp) : TRUE;
}

/**
 * kol_round_stock_finish_round:
 *
 * Round::Stock#finish_round: in operating order (taken before any move),
 * a sold-out corporation moves up and, by POOL_SHARE_DROP, one with shares
 * in the pool moves down; each move is logged.
 */
void
kol_round_stock_finish_round (KolEngine *engine)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  gint16 corps[KOL_MAX_CORPS];
  int n = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    if (moves_price_at_sr_end (engine, engine->corp_order[i]))
      corps[n++] = engine->corp_order[i];
  kol_market_sort_corps (engine, corps, n);

  for (int i = 0; i < n; i++)
    {
      int corp = corps[i];
      KolCell old = kol_market_corp_cell (engine, corp);
      int market_shares;

      if (kol_cell_is_none (old))
        continue;
      if (kol_stock_sold_out (engine, corp) && !(h && h->no_sold_out_increase))
        kol_market_move_up (engine, corp);
      market_shares = kol_corp_num_market_shares (engine, corp);
      if (market_shares > 0)
        switch (h ? h->pool_share_drop : KOL_POOL_DROP_NONE)
          {
          case KOL_POOL_DROP_DOWN_BLOCK:
            kol_market_move_down (engine, corp);
            break;
          case KOL_POOL_DROP_DOWN_SHARE:
            for (int k = 0; k < market_shares; k++)
              kol_market_move_down (engine, corp);
            break;
          case KOL_POOL_DROP_LEFT_BLOCK:
            kol_market_move_left (engine, corp);
            break;
          case KOL_POOL_DROP_NONE:
          default:
            break;
          }
      kol_market_log_share_price (engine, corp, old, 0, FALSE);
    }
}

/**
 * kol_stock_priority_after_last_to_act:
 *
 * Game#reorder_players(:after_last_to_act): @players rotates to the player
 * at the round's entity index, who holds the priority deal; logged.
 */
void
kol_stock_priority_after_last_to_act (KolEngine *engine)
{
  KolEntity e = kol_round_entity (engine);
  KolArg args[1];

  if (e.kind != KOL_ENTITY_PLAYER)
    return;
  kol_engine_reorder_players (engine, KOL_ORDER_AFTER_LAST_TO_ACT, NULL, 0);
  args[0] = kol_arg_int (KOL_ARG_PLAYER, engine->priority_deal);
  kol_engine_log (engine, KOL_LOG_PRIORITY_DEAL, args, 1);
}

const KolRoundClass kol_round_stock = {
  .name = "Stock Round",
  .short_name = "SR",
  .stock = TRUE,
  .select_entities = kol_round_stock_select_entities,
  .setup = kol_round_stock_setup,
  .after_process = kol_round_stock_after_process,
  .finished = kol_round_stock_finished,
  .next_entity = kol_round_stock_next_entity,
};

/* ------------------------------------------------------- the turn's actions */

static gboolean
is_purchase (guint8 type)
{
  return type == KOL_ACTION_BUY_SHARES || type == KOL_ACTION_PAR || type == KOL_ACTION_BUY_COMPANY;
}

/**
 * kol_step_buy_sell_par_shares_bought:
 *
 * Returns: %TRUE if the current player bought (or parred) this turn.
 */
gboolean
kol_step_buy_sell_par_shares_bought (KolEngine *engine,
                                     KolStep   *s)
{
  KolStockRoundState *st = state (engine);

  for (int i = 0; i < st->n_current_actions; i++)
    if (is_purchase (st->current_actions[i].type))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_sold:
 *
 * Returns: %TRUE if the current player sold this turn.
 */
gboolean
kol_step_buy_sell_par_shares_sold (KolEngine *engine,
                                   KolStep   *s)
{
  KolStockRoundState *st = state (engine);

  for (int i = 0; i < st->n_current_actions; i++)
    if (st->current_actions[i].type == KOL_ACTION_SELL_SHARES)
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_just_parred:
 *
 * Returns: %TRUE if @corp was parred this turn (1849's just_parred).
 */
gboolean
kol_step_buy_sell_par_shares_just_parred (KolEngine *engine,
                                          int        corp)
{
  KolStockRoundState *st = state (engine);

  for (int i = 0; i < st->n_current_actions; i++)
    if (st->current_actions[i].type == KOL_ACTION_PAR && st->current_actions[i].corp == corp)
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_num_bought:
 *
 * Returns: the number of buy_shares of @corp this turn (1849's
 * num_shares_bought).
 */
int
kol_step_buy_sell_par_shares_num_bought (KolEngine *engine,
                                         int        corp)
{
  KolStockRoundState *st = state (engine);
  int n = 0;

  for (int i = 0; i < st->n_current_actions; i++)
    if (st->current_actions[i].type == KOL_ACTION_BUY_SHARES && st->current_actions[i].corp == corp)
      n++;
  return n;
}

/**
 * kol_step_buy_sell_par_shares_track_action:
 *
 * #track_action: the acting player is the last to act, and the action joins
 * the turn's actions.
 */
void
kol_step_buy_sell_par_shares_track_action (KolEngine       *engine,
                                           const KolAction *a,
                                           int              corp,
                                           gboolean         from_corp,
                                           int              percent)
{
  KolStockRoundState *st = state (engine);
  int player = kol_entity_player (engine, a->entity);
  KolTurnAction *t;

  engine->round.last_to_act = player >= 0 ? kol_entity (KOL_ENTITY_PLAYER, player)
                                     : KOL_ENTITY_INIT_NONE;
  /* a full list keeps its first entries and the latest action */
  if (st->n_current_actions < KOL_STOCK_MAX_TURN_ACTIONS)
    st->n_current_actions++;
  t = &st->current_actions[st->n_current_actions - 1];
  t->type = (guint8) a->type;
  t->corp = (gint16) corp;
  t->from_corp = from_corp;
  t->percent = (gint16) percent;
}

/* ---------------------------------------------------------- step predicates */

/**
 * kol_step_buy_sell_par_shares_can_gain:
 *
 * ShareBuying#can_gain?: within the holding limit and, if the corporation
 * counts, under the certificate limit. Players' certificates cannot be
 * bought (BUY_SHARE_FROM_OTHER_PLAYER is false in both titles).
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
 * #can_buy_multiple?: only on multiple-buy cells (none in our titles), with
 * no par and no purchase of another corporation this turn.
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
  KolStockRoundState *st = state (engine);

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
 * Returns: #can_buy_multiple? through the title's hook.
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
 * #can_buy?: buyable, not one's own, affordable, not sold this round, one
 * purchase per turn (unless several are allowed), and can_gain?.
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

  if (bundle == NULL || !kol_bundle_buyable (engine, bundle) || same_entity (entity, bundle->owner))
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
 * Returns: #can_buy? through the title's hook.
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
 * Returns: #can_sell_order? by SELL_BUY_ORDER.
 */
gboolean
kol_step_buy_sell_par_shares_can_sell_order (KolEngine *engine,
                                             KolStep   *s)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  KolStockRoundState *st = state (engine);

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
                 is_purchase (st->current_actions[st->n_current_actions - 1].type));
      }
    }
}

/**
 * kol_step_buy_sell_par_shares_can_dump:
 *
 * Returns: #can_dump? (ShareBundle#can_dump?).
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
 * #can_sell?: one's own bundle, the sale timing, MUST_SELL_IN_BLOCKS, the
 * sell/buy order, the pool limit and can_dump?.
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

  if (bundle == NULL || !same_entity (entity, bundle->owner))
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
 * Returns: #can_sell? through the title's hook.
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
 * #must_sell?: @entity can sell and is over the certificate limit or over
 * the holding limit of a corporation it can sell.
 *
 * Returns: %TRUE if @entity must sell before anything else.
 */
/* #must_sell? once can_sell_any? is known to hold. */
static gboolean
must_sell_given_can_sell (KolEngine *engine,
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
         must_sell_given_can_sell (engine, s, entity);
}

/**
 * kol_step_buy_sell_par_shares_can_buy_shares:
 * @certs: (array length=n): one holder's certificates of one corporation
 *
 * #can_buy_shares?: not sold this round, a purchase still allowed, and the
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
      /* Corporation#shares: every certificate the corporation holds */
      n = kol_engine_certs_of (engine, corp_entity (corp), -1, certs, KOL_MAX_CERTS);
      if (kol_step_buy_sell_par_shares_can_buy_shares (engine, s, entity, certs, n))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_stock_can_buy_any_from_ipo:
 *
 * Returns: #can_buy_any_from_ipo? through the title's hook.
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

/* The first certificate a corporation holds (Corporation#shares.first). */
static int
first_own_cert (KolEngine *engine,
                int        corp)
{
  gint16 first;

  return kol_engine_certs_of (engine, corp_entity (corp), corp, &first, 1) == 1 ? first : -1;
}

/**
 * kol_step_buy_sell_par_shares_can_ipo_any:
 *
 * Returns: #can_ipo_any?: nothing bought this turn and some corporation
 * @entity may par and can buy the first certificate of.
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

      if (!kol_stock_can_par (engine, corp, entity) || (cert = first_own_cert (engine, corp)) < 0)
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
 * #get_par_prices: the par cells for @corp whose price × the title's
 * multiplier (2; 1840 5) @entity can afford.
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
  int mult = h && h->par_cash_multiplier > 0 ? h->par_cash_multiplier : 2;
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

  if (same_entity (entity, bundle->owner))
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

  if (!same_entity (entity, bundle->owner))
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

/* ----------------------------------------------------- buying and selling */

/**
 * kol_step_buy_sell_par_shares_buy_shares:
 *
 * ShareBuying#buy_shares: refuses unless #can_buy? (through the hooks),
 * buys, and places the home token if HOME_TOKEN_TIMING says so.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_buy_shares (KolEngine        *engine,
                                         KolStep          *s,
                                         KolEntity         entity,
                                         const KolBundle  *bundle,
                                         gboolean          allow_president_change,
                                         GError          **error)
{
  KolBuyOpts opts;

  if (!kol_stock_can_buy (engine, s, entity, bundle))
    return kol_stock_refuse_buy (engine, s, entity, bundle, error);
  kol_buy_opts_init (&opts);
  opts.allow_president_change = allow_president_change;
  kol_shares_buy (engine, entity, bundle, &opts);
  maybe_place_home_token (engine, bundle->corp);
  return TRUE;
}

/* Is @bundle one of the bundles the game offers @entity (the same choice
 * as one of bundles_for_corporation)? */
static gboolean
offered_bundle (KolEngine       *engine,
                KolEntity        entity,
                const KolBundle *bundle)
{
  KolBundle bundles[KOL_BUNDLE_MAX_CERTS * 2];
  int n = kol_shares_bundles_for_corporation (engine, entity, bundle->corp, bundles,
                                              G_N_ELEMENTS (bundles));

  for (int i = 0; i < n; i++)
    if (kol_bundle_same_shape (engine, &bundles[i], bundle))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_sell_shares:
 *
 * #sell_shares: refuses unless #can_sell? (through the hooks) and the
 * bundle is one the game offers; records the sale for the round and calls
 * Game#sell_shares_and_change_price.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_sell_shares (KolEngine        *engine,
                                          KolStep          *s,
                                          KolEntity         entity,
                                          const KolBundle  *bundle,
                                          gboolean          allow_president_change,
                                          GError          **error)
{
  if (!kol_stock_can_sell (engine, s, entity, bundle))
    return kol_stock_refuse_sell (engine, s, entity, bundle, error);
  if (!offered_bundle (engine, entity, bundle))
    {
      KolArg args[3] = {
        kol_arg_entity (entity), kol_arg_int (KOL_ARG_CORP, bundle->corp),
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_NONE),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_CANNOT_SELL, args, 3,
                              "%s cannot sell this combination of %s certificates",
                              kol_engine_entity_name (engine, entity), engine->title->corps[bundle->corp].id);
    }
  if (bundle->owner.kind == KOL_ENTITY_PLAYER)
    state (engine)->players_sold[bundle->owner.index][bundle->corp] = KOL_SOLD_NOW;
  kol_shares_sell_and_change_price (engine, bundle, allow_president_change, -1);
  return TRUE;
}

/* ------------------------------------------------------------ processing */

static void
add_bought (KolEngine *engine,
            KolEntity  entity,
            int        corp,
            int        percent)
{
  guint8 *slot;

  if (entity.kind != KOL_ENTITY_PLAYER)
    return;
  slot = &state (engine)->players_bought[entity.index][corp];
  *slot = (guint8) MIN (*slot + percent, 255);
}

/**
 * kol_step_buy_sell_par_shares_process_buy_shares:
 *
 * #process_buy_shares. Only the IPO of a started corporation and the pool
 * sell certificates (what the game offers).
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_process_buy_shares (KolEngine        *engine,
                                                 KolStep          *s,
                                                 const KolAction  *a,
                                                 GError          **error)
{
  KolBundle bundle;
  gboolean from_corp;

  if (!kol_bundle_from_action (engine, &bundle, a, error))
    return FALSE;
  from_corp = bundle.owner.kind == KOL_ENTITY_CORP;
  if (!(bundle.owner.kind == KOL_ENTITY_POOL ||
        (same_entity (bundle.owner, corp_entity (bundle.corp)) && engine->corps[bundle.corp].ipoed)))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_BUY_NOT_AVAILABLE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "these certificates of %s are not for sale",
                              engine->title->corps[bundle.corp].id);
    }
  add_bought (engine, a->entity, bundle.corp, bundle.percent);
  if (from_corp)
    state (engine)->bought_from_ipo = TRUE;
  if (!kol_step_buy_sell_par_shares_buy_shares (engine, s, a->entity, &bundle,
                                                kol_stock_allow_president_change (engine, bundle.corp),
                                                error))
    return FALSE;
  kol_step_buy_sell_par_shares_track_action (engine, a, bundle.corp, from_corp, bundle.percent);
  return TRUE;
}

/**
 * kol_step_buy_sell_par_shares_process_sell_shares:
 *
 * #process_sell_shares.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_process_sell_shares (KolEngine        *engine,
                                                  KolStep          *s,
                                                  const KolAction  *a,
                                                  GError          **error)
{
  KolBundle bundle;

  if (!kol_bundle_from_action (engine, &bundle, a, error))
    return FALSE;
  if (!kol_step_buy_sell_par_shares_sell_shares (engine, s, a->entity, &bundle,
                                                 kol_stock_allow_president_change (engine, bundle.corp),
                                                 error))
    return FALSE;
  kol_step_buy_sell_par_shares_track_action (engine, a, bundle.corp, FALSE, bundle.percent);
  return TRUE;
}

static gboolean
par_cell_offered (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity,
                  int        corp,
                  KolCell    cell)
{
  KolCell cells[KOL_MAX_MARKET_ROWS * KOL_MAX_MARKET_COLS];
  int n = kol_step_buy_sell_par_shares_par_prices (engine, s, entity, corp, cells, G_N_ELEMENTS (cells));

  for (int i = 0; i < n; i++)
    if (kol_cell_equal (cells[i], cell))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_buy_sell_par_shares_process_par:
 *
 * #process_par: the corporation must be parrable and the cell one of
 * #get_par_prices; the market price is set, the first IPO certificate
 * bought (with can_buy? checked), then Game#after_par.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_process_par (KolEngine        *engine,
                                          KolStep          *s,
                                          const KolAction  *a,
                                          GError          **error)
{
  int corp = a->corp, cert;
  KolCell cell = kol_cell (a->cell_row, a->cell_col);
  KolBundle bundle;

  if (corp < 0 || corp >= engine->n_corps || !kol_stock_can_par (engine, corp, a->entity) ||
      (cert = first_own_cert (engine, corp)) < 0)
    {
      KolArg args[2] = {
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_PAR_NOT_ALLOWED),
        kol_arg_int (KOL_ARG_CORP, corp),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, corp >= 0 ? 2 : 1,
                              "this corporation cannot be parred now");
    }
  if (!par_cell_offered (engine, s, a->entity, corp, cell))
    {
      KolArg args[2] = {
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_PAR_PRICE),
        kol_arg_int (KOL_ARG_MONEY, kol_market_cell_price (engine, cell)),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                              "par price at %d,%d is not available", cell.row, cell.col);
    }
  kol_market_set_par (engine, corp, cell);
  add_bought (engine, a->entity, corp, engine->certs[cert].percent);
  kol_bundle_init_cert (engine, &bundle, cert);
  if (!kol_step_buy_sell_par_shares_buy_shares (engine, s, a->entity, &bundle, TRUE, error))
    return FALSE;
  kol_stock_after_par (engine, corp);
  kol_step_buy_sell_par_shares_track_action (engine, a, corp, TRUE, bundle.percent);
  return TRUE;
}

static void
log_pass (KolEngine *engine,
          KolStep   *s,
          KolEntity  entity)
{
  KolArg args[1] = { kol_arg_entity (entity) };
  gboolean bought = kol_step_buy_sell_par_shares_bought (engine, s);

  if (state (engine)->n_current_actions == 0)
    kol_engine_log (engine, KOL_LOG_SR_PASSES, args, 1);
  else if (!(bought && kol_step_buy_sell_par_shares_sold (engine, s)))
    kol_engine_log (engine, bought ? KOL_LOG_DECLINES_TO_SELL : KOL_LOG_DECLINES_TO_BUY, args, 1);
}

/**
 * kol_step_buy_sell_par_shares_process_pass:
 *
 * Step::Base#process_pass with BuySellParShares#log_pass.
 *
 * Returns: %TRUE.
 */
gboolean
kol_step_buy_sell_par_shares_process_pass (KolEngine        *engine,
                                           KolStep          *s,
                                           const KolAction  *a,
                                           GError          **error)
{
  log_pass (engine, s, a->entity);
  kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_buy_sell_par_shares_process:
 *
 * Dispatches an action to the step's process_* function.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_sell_par_shares_process (KolEngine        *engine,
                                      KolStep          *s,
                                      const KolAction  *a,
                                      GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_PASS:
      return kol_step_buy_sell_par_shares_process_pass (engine, s, a, error);
    case KOL_ACTION_BUY_SHARES:
      return kol_step_buy_sell_par_shares_process_buy_shares (engine, s, a, error);
    case KOL_ACTION_SELL_SHARES:
      return kol_step_buy_sell_par_shares_process_sell_shares (engine, s, a, error);
    case KOL_ACTION_PAR:
      return kol_step_buy_sell_par_shares_process_par (engine, s, a, error);
    default:
      {
        KolArg args[1] = { kol_arg_int (KOL_ARG_ACTION, a->type) };

        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, args, 1,
                                "%s is not a stock round action",
                                kol_action_type_to_string (a->type));
      }
    }
}

/**
 * kol_step_buy_sell_par_shares_actions:
 *
 * #actions: only the current player acts; a player over a limit may only
 * sell; else buy, par and sell as possible, and pass if anything is.
 * (buy_company is not offered: no company is ever bank-owned in our titles
 * and 1849's phases lack 'can_buy_companies_from_other_players'.)
 *
 * Returns: a KOL_ACTION_BIT mask.
 */
guint32
kol_step_buy_sell_par_shares_actions (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity  entity)
{
  guint32 actions = 0;
  gboolean can_sell;

  if (!same_entity (entity, kol_step_current_entity (engine, s)))
    return 0;
  /* must_sell? starts with can_sell_any?, the costly question: ask it once */
  can_sell = kol_step_buy_sell_par_shares_can_sell_any (engine, s, entity);
  if (can_sell && must_sell_given_can_sell (engine, s, entity))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (kol_step_buy_sell_par_shares_can_buy_any (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES);
  if (kol_step_buy_sell_par_shares_can_ipo_any (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PAR);
  if (can_sell)
    actions |= KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (actions)
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  return actions;
}

/**
 * kol_step_buy_sell_par_shares_round_state:
 *
 * The step's round state: nothing sold, bought or done yet.
 */
void
kol_step_buy_sell_par_shares_round_state (KolEngine *engine,
                                          KolStep   *s)
{
  memset (state (engine), 0, sizeof (KolStockRoundState));
}

/**
 * kol_step_buy_sell_par_shares_setup:
 *
 * #setup at the start of each turn: earlier sales become "previous" (they
 * still forbid buying back but no longer count as this turn's), and the
 * turn's actions are cleared.
 */
void
kol_step_buy_sell_par_shares_setup (KolEngine *engine,
                                    KolStep   *s)
{
  KolStockRoundState *st = state (engine);

  for (int p = 0; p < KOL_MAX_PLAYERS; p++)
    for (int c = 0; c < KOL_MAX_CORPS; c++)
      if (st->players_sold[p][c] != KOL_SOLD_NONE)
        st->players_sold[p][c] = KOL_SOLD_PREV;
  st->n_current_actions = 0;
  st->bought_from_ipo = FALSE;
}

static void
pass_order_update (KolEngine *engine,
                   KolEntity  entity,
                   gboolean   add)
{
  KolStockRoundState *st = state (engine);
  int m = 0;
  gboolean present = FALSE;

  if (entity.kind != KOL_ENTITY_PLAYER)
    return;
  for (int i = 0; i < st->n_pass_order; i++)
    {
      if (st->pass_order[i] == entity.index)
        {
          present = TRUE;
          if (!add)
            continue;
        }
      st->pass_order[m++] = st->pass_order[i];
    }
  st->n_pass_order = (guint8) m;
  if (add && !present && st->n_pass_order < KOL_MAX_PLAYERS)
    st->pass_order[st->n_pass_order++] = (gint8) entity.index;
}

/**
 * kol_step_buy_sell_par_shares_pass:
 *
 * #pass!: the step is done; a player who did something this turn is not
 * passed (the round goes on), one who did nothing is.
 */
void
kol_step_buy_sell_par_shares_pass (KolEngine *engine,
                                   KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  s->passed = TRUE;
  if (e.kind == KOL_ENTITY_NONE)
    return;
  if (state (engine)->n_current_actions > 0)
    {
      pass_order_update (engine, e, FALSE);
      kol_entity_set_passed (engine, e, FALSE);
    }
  else
    {
      pass_order_update (engine, e, TRUE);
      kol_entity_set_passed (engine, e, TRUE);
    }
}

/**
 * kol_step_buy_sell_par_shares_skip:
 *
 * Step::Base#skip! with BuySellParShares#log_skip.
 */
void
kol_step_buy_sell_par_shares_skip (KolEngine *engine,
                                   KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (!s->acted && e.kind != KOL_ENTITY_NONE)
    {
      KolArg args[1] = { kol_arg_entity (e) };

      kol_engine_log (engine, KOL_LOG_NO_VALID_ACTIONS, args, 1);
    }
  kol_step_pass (engine, s);
}

const KolStepClass kol_step_buy_sell_par_shares = {
  .name = "Buy/Sell Shares",
  .actions = kol_step_buy_sell_par_shares_actions,
  .process = kol_step_buy_sell_par_shares_process,
  .setup = kol_step_buy_sell_par_shares_setup,
  .pass = kol_step_buy_sell_par_shares_pass,
  .skip = kol_step_buy_sell_par_shares_skip,
  .round_state = kol_step_buy_sell_par_shares_round_state,
};

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
        n += buy_options_from (engine, s, entity, corp, corp_entity (corp), out + n, max - n);
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

      if (!kol_stock_can_par (engine, corp, entity) || (cert = first_own_cert (engine, corp)) < 0)
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
