/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Stock rounds (1849 §9, 1840 VII) and the rules they ask about: who may
 * start (par) a corporation and at what prices, when shares may be sold,
 * president changes, sold-out corporations, the order of the players, and
 * the end of the round with its price moves. The step the players act in
 * is in kol-engine-stock-step.c, what it allows them in
 * kol-engine-stock-legal.c. */
#include "kol-engine-stock-private.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

KolStockRoundState *
_kol_stock_state (KolEngine *engine)
{
  return KOL_STOCK_STATE (engine);
}

/* ------------------------------------------------- rules the round asks */

/**
 * kol_default_can_par:
 *
 * A corporation that has not been started may be (corporations started by
 * an exchange, or needing a token, do not occur in our titles).
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
 * Returns: whether @parrer may start @corp, through the title's hook.
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

/**
 * kol_stock_after_par:
 *
 * After @corp was started, through the title's hook. Without one:
 * companies that close when it starts close and, when the title places the
 * home token at par, the home token goes down.
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
 * @out: (out) (array): par cells, by price, then column, then row, descending
 *
 * Returns: the par cells available for @corp (the title's par_prices hook,
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
 * Checks the title's KolSellAfter rule.
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
             _kol_stock_state (engine)->players_bought[entity.index][bundle->corp] >= bundle->percent;
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
 * Returns: whether a trade may change @corp's president, through the
 * title's hook.
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
 * Returns: whether players hold all of @corp.
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
 * After an action: closes corporations on a closing cell; if that left
 * the current entity without actions in the active step, skips the steps
 * and moves to the next entity (1849 wrote the stock round's case).
 */
void
kol_stock_action_processed (KolEngine *engine)
{
  KolStep *s;

  if (kol_shares_close_corporations_in_close_cell (engine))
    {
      s = kol_round_active_step (engine);
      if (s != NULL && kol_step_actions (engine, s, kol_round_current_entity (engine)) == 0)
        {
          kol_round_skip_steps (engine);
          if (engine->round.klass && engine->round.klass->next_entity)
            engine->round.klass->next_entity (engine, &engine->round);
        }
    }
  /* A corporation closed by a sale in a stock round can leave the player
   * whose turn it is with nothing to do at all; 18xx.games then waits for
   * nobody (a dead end no recorded game contains): the round moves on. */
  if (engine->round.klass && engine->round.klass->stock && !engine->finished && kol_round_active_step (engine) == NULL &&
      !kol_round_finished (engine))
    engine->round.klass->next_entity (engine, &engine->round);
}

/* ----------------------------------------------------------------- the round */

/**
 * kol_round_stock_select_entities:
 *
 * The round's entities: the players in order, without the bankrupt.
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
 * When everyone has passed in a row (1849 §9), the entity index
 * moves once more (to the priority deal) and the round finishes; else the
 * next player starts a turn, and players who can do nothing are skipped.
 */
void
kol_round_stock_next_entity (KolEngine *engine,
                             KolRound  *r)
{
  /* starting a turn may end it at once (a player who can do nothing), so
   * the next player is looked for in a loop */
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
 * A turn begins for the current player.
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
 * The start of a stock round: skips steps; if the first player cannot act,
 * the round moves on.
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
 * After an action: when the turn is over, the next player.
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
 * The end of a stock round (1849 §9.7): in operating order (taken before
 * any move), a sold-out corporation moves up and, as the title's
 * KolPoolShareDrop says, one with shares in the pool moves down; each move
 * is logged.
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
 * The order of play rotates to the player at the round's entity index, who
 * holds the priority deal (1849 §9.7: the player after the last to act);
 * logged.
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

/**
 * kol_round_cycle_next:
 * @cycle: how the module starts its stock and operating rounds
 *
 * The round cycle of the 1830 family: the first round (an auction, or any
 * round that is neither a stock nor an operating round) is followed by a
 * stock round; a stock round by the operating rounds of the set, whose
 * number the phase fixes at that moment; an operating round by the next of
 * its set, and the last of the set by a stock round of the next turn. The
 * player after the last to act in a stock or first round gets the priority
 * deal.
 */
void
kol_round_cycle_next (KolEngine           *engine,
                      const KolRoundCycle *cycle)
{
  const KolRoundClass *klass = engine->round.klass;

  if (klass != NULL && klass->stock)
    {
      engine->operating_rounds = engine->title->phases[engine->phase].operating_rounds;
      kol_stock_priority_after_last_to_act (engine);
      cycle->start_operating (engine, 1);
    }
  else if (klass != NULL && klass->operating)
    {
      if (engine->round.round_num < engine->operating_rounds)
        cycle->start_operating (engine, engine->round.round_num + 1);
      else
        {
          engine->turn++;
          cycle->start_stock (engine);
        }
    }
  else
    {
      kol_stock_priority_after_last_to_act (engine);
      cycle->start_stock (engine);
    }
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
