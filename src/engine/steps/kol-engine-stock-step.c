/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The BuySellParShares step of stock rounds: the record of the turn's
 * actions, buying, selling and
 * parring, and the step's processing, pass and skip. It is its own file
 * because it is the step that changes the game; the questions asked before
 * an action (may the player buy, sell, must they sell) and the refusals are in
 * kol-engine-stock-legal.c, the round around the step in
 * kol-engine-stock.c. */
#include "kol-engine-stock-private.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

#include <string.h>

/* ------------------------------------------------------- the turn's actions */

gboolean
_kol_stock_is_purchase (guint8 type)
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
  KolStockRoundState *st = _kol_stock_state (engine);

  for (int i = 0; i < st->n_current_actions; i++)
    if (_kol_stock_is_purchase (st->current_actions[i].type))
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
  KolStockRoundState *st = _kol_stock_state (engine);

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
  KolStockRoundState *st = _kol_stock_state (engine);

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
  KolStockRoundState *st = _kol_stock_state (engine);
  int n = 0;

  for (int i = 0; i < st->n_current_actions; i++)
    if (st->current_actions[i].type == KOL_ACTION_BUY_SHARES && st->current_actions[i].corp == corp)
      n++;
  return n;
}

/**
 * kol_step_buy_sell_par_shares_track_action:
 *
 * The acting player is the last to act, and the action joins the turn's
 * actions.
 */
void
kol_step_buy_sell_par_shares_track_action (KolEngine       *engine,
                                           const KolAction *a,
                                           int              corp,
                                           gboolean         from_corp,
                                           int              percent)
{
  KolStockRoundState *st = _kol_stock_state (engine);
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

/* ----------------------------------------------------- buying and selling */

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
 * kol_step_buy_sell_par_shares_buy_shares:
 *
 * Refuses unless @entity may buy @bundle (through the hooks), buys, and
 * places the home token if the title places it then.
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
 * Refuses unless @entity may sell @bundle (through the hooks) and the
 * bundle is one the game offers; records the sale for the round (no buying
 * back this round, 1849 §9.2), sells and moves the price.
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
    _kol_stock_state (engine)->players_sold[bundle->owner.index][bundle->corp] = KOL_SOLD_NOW;
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
  slot = &_kol_stock_state (engine)->players_bought[entity.index][corp];
  *slot = (guint8) MIN (*slot + percent, 255);
}

/**
 * kol_step_buy_sell_par_shares_process_buy_shares:
 *
 * A purchase. Only the IPO of a started corporation and the pool sell
 * certificates (1849 §9.3).
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
        (kol_entity_same (bundle.owner, kol_entity_corp (bundle.corp)) &&
         engine->corps[bundle.corp].ipoed)))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_BUY_NOT_AVAILABLE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "these certificates of %s are not for sale",
                              engine->title->corps[bundle.corp].id);
    }
  add_bought (engine, a->entity, bundle.corp, bundle.percent);
  if (from_corp)
    _kol_stock_state (engine)->bought_from_ipo = TRUE;
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
 * A sale.
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
 * Starting a corporation (1849 §9.4): it must be one that may be started
 * and the cell one of the par prices offered; the market price is set, the
 * president's certificate bought (checked as any purchase), then the
 * title's after_par.
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
      (cert = _kol_stock_first_own_cert (engine, corp)) < 0)
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

  if (_kol_stock_state (engine)->n_current_actions == 0)
    kol_engine_log (engine, KOL_LOG_SR_PASSES, args, 1);
  else if (!(bought && kol_step_buy_sell_par_shares_sold (engine, s)))
    kol_engine_log (engine, bought ? KOL_LOG_DECLINES_TO_SELL : KOL_LOG_DECLINES_TO_BUY, args, 1);
}

/**
 * kol_step_buy_sell_par_shares_process_pass:
 *
 * The usual pass, logged as a stock round pass.
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
 * Only the current player acts; a player over a limit may only sell (1849
 * §9.1); else buy, par and sell as possible, and pass if anything is.
 * (Buying a private company is not offered: none is ever bank-owned in our
 * titles after the auction, and players never trade them in a stock
 * round.)
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

  if (!kol_entity_same (entity, kol_step_current_entity (engine, s)))
    return 0;
  /* whether the player must sell starts with whether they can sell
   * anything, the costly question: ask it once */
  can_sell = kol_step_buy_sell_par_shares_can_sell_any (engine, s, entity);
  if (can_sell && _kol_stock_must_sell_given_can_sell (engine, s, entity))
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
  memset (_kol_stock_state (engine), 0, sizeof (KolStockRoundState));
}

/**
 * kol_step_buy_sell_par_shares_setup:
 *
 * At the start of each turn: earlier sales become "previous" (they
 * still forbid buying back but no longer count as this turn's), and the
 * turn's actions are cleared.
 */
void
kol_step_buy_sell_par_shares_setup (KolEngine *engine,
                                    KolStep   *s)
{
  KolStockRoundState *st = _kol_stock_state (engine);

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
  KolStockRoundState *st = _kol_stock_state (engine);
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
 * The step is done; a player who did something this turn is not
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
  if (_kol_stock_state (engine)->n_current_actions > 0)
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
 * The usual skip, logged as a stock round pass.
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
  .legal_actions = kol_step_buy_sell_par_shares_legal_actions,
};
