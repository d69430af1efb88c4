/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-test-stock.h"

/*
 * Stock rounds (1849 §9, 1840 VII): turns, passing, selling and buying with
 * their limits and order, starting corporations, and the end of the round.
 * 1849's own rules run as test hooks where a case mirrors them.
 */

static const char *market_rows[] = {
  "120 130 140 150 160",
  "100p 110 120 130 140",
  "90 100 110 120 130",
  "80 90 100 110",
  NULL,
};

static const KolTestStockCorp corps[] = {
  { "AA", "20 10 10 10 10 10 10 10 10", 60, NULL },
  { "BB", "20 10 10 10 10 10 10 20", 20, NULL },
  { NULL },
};

static KolEngine *
stock_game (int cash,
            int cert_limit)
{
  KolTitle *t;

  kol_test_stock_reset ();
  t = kol_test_stock_title (market_rows, corps, NULL, 3, cash, cert_limit);
  return kol_test_stock_game (t);
}

static void
free_game (KolEngine *engine)
{
  KolTitle *t = (KolTitle *) engine->title;

  kol_engine_free (engine);
  kol_title_free (t);
}

#define P(i) kol_test_player (i)
#define POOL kol_entity (KOL_ENTITY_POOL, 0)
#define BIT(t) KOL_ACTION_BIT (KOL_ACTION_##t)
/* the step's actions, without the default steps' (end game, messages, programs) */
#define SR_ACTIONS(engine, p) (kol_engine_actions_for ((engine), P (p)) & \
                          (BIT (PASS) | BIT (PAR) | BIT (BUY_SHARES) | BIT (SELL_SHARES)))

/* A started corporation at (row, col), with @holders' certificates. */
static void
start_corp (KolEngine  *engine,
            const char *corp,
            int         row,
            int         col,
            int         president,
            const char *ids)
{
  int c = kol_test_corp (engine, corp);

  kol_test_par (engine, corp, row, col);
  kol_test_give (engine, P (president), ids);
  engine->corps[c].owner = P (president);
  kol_corp_floated (engine, c);
}

/* @error is read after the call that set it (C leaves the order of
 * argument evaluation open, so it cannot be passed by value). */
static void
assert_refused (gboolean        ok,
                GError        **error,
                KolEngineError  code)
{
  g_assert_false (ok);
  g_assert_error (*error, KOL_ENGINE_ERROR, (gint) code);
}

static void
assert_reason (KolEngine *engine,
               KolReason  reason)
{
  gboolean found = FALSE;

  for (guint i = 0; i < engine->refusal.n_args; i++)
    if (engine->refusal.args[i].kind == KOL_ARG_REASON && engine->refusal.args[i].value == (int) reason)
      found = TRUE;
  g_assert_true (found);
}

/* The framework refuses an action type the step does not offer now (a
 * blocking step, NOT_NOW); the UI asks the step why with kol_stock_refuse_*,
 * which gives the specific reason. */
static void
assert_buy_explained (KolEngine      *engine,
                      int             player,
                      const char     *ids,
                      KolEngineError  code)
{
  g_autoptr(GError) error = NULL;
  KolBundle b = kol_test_bundle (engine, ids, 0);
  KolStep *s = kol_round_find_step (engine, &kol_step_buy_sell_par_shares);

  g_assert_false (kol_test_buy (engine, player, ids, &error));
  g_clear_error (&error);
  g_assert_false (kol_stock_can_buy (engine, s, P (player), &b));
  g_assert_false (kol_stock_refuse_buy (engine, s, P (player), &b, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, (gint) code);
}

static void
assert_sell_explained (KolEngine      *engine,
                       int             player,
                       const char     *ids,
                       KolEngineError  code)
{
  g_autoptr(GError) error = NULL;
  KolBundle b = kol_test_bundle (engine, ids, 0);
  KolStep *s = kol_round_find_step (engine, &kol_step_buy_sell_par_shares);

  g_assert_false (kol_test_sell (engine, player, ids, 0, &error));
  g_clear_error (&error);
  g_assert_false (kol_stock_can_sell (engine, s, P (player), &b));
  g_assert_false (kol_stock_refuse_sell (engine, s, P (player), &b, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, (gint) code);
}

/* ---- turns ------------------------------------------------------------------- */

/* process_par: the price, the president's certificate at par, and the turn
 * ends by itself (one purchase, no sale in the first round: the step has
 * nothing left, skips, and the player is not passed). */
static void
test_par (void)
{
  KolEngine *engine = stock_game (600, 8);
  int aa = kol_test_corp (engine, "AA");
  g_autoptr(GError) error = NULL;
  KolParOption par[4];
  int n;

  kol_test_start_stock_round (engine);
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_cmphex (SR_ACTIONS (engine, 0), ==, BIT (PAR) | BIT (PASS));
  g_assert_cmphex (SR_ACTIONS (engine, 1), ==, 0);
  n = kol_stock_par_options (engine, P (0), par, 4);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (par[0].n_cells, ==, 1);
  g_assert_cmpint (kol_market_cell_price (engine, par[0].cells[0]), ==, 100);

  g_assert_true (kol_test_par_action (engine, 0, "AA", 1, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (engine->players[0].cash, ==, 400);
  g_assert_true (engine->corps[aa].ipoed);
  g_assert_true (kol_corp_is_president (engine, aa, P (0)));
  g_assert_true (kol_entity_equal (engine->round.last_to_act, P (0)));
  g_assert_false (engine->players[0].passed);
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_PARS), ==, 1);
  free_game (engine);
}

/* The round is finished when everyone passed in a row; the entity index moves
 * once more, to the priority deal (the player after the last to act). */
static void
test_all_pass_ends_round (void)
{
  KolEngine *engine = stock_game (600, 8);
  g_autoptr(GError) error = NULL;

  kol_test_stock_module.next_round = NULL;   /* the game stops after the round */
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_par_action (engine, 0, "AA", 1, 0, &error));
  g_assert_true (kol_test_pass (engine, 1, &error));
  g_assert_true (engine->players[1].passed);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_SR_PASSES), ==, 1);
  g_assert_true (kol_test_pass (engine, 2, &error));
  g_assert_false (engine->finished);
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_no_error (error);
  g_assert_true (engine->finished);
  g_assert_cmpint (engine->round.entity_index, ==, 1);
  kol_stock_priority_after_last_to_act (engine);
  g_assert_cmpint (engine->priority_deal, ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_PRIORITY_DEAL), ==, 1);
  free_game (engine);
}

/* A player who can do nothing is skipped and counts as passed. */
static void
test_skip_without_actions (void)
{
  KolEngine *engine = stock_game (600, 8);
  g_autoptr(GError) error = NULL;

  engine->players[1].cash = 0;
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_par_action (engine, 0, "AA", 1, 0, &error));
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_NO_VALID_ACTIONS), ==, 1);
  g_assert_true (engine->players[1].passed);
  g_assert_cmpint (kol_test_acting (engine), ==, 2);
  free_game (engine);
}

/* ---- selling and buying back ------------------------------------------------ */

/* players_sold: no buying back what you sold this round, in this turn or a
 * later one (1849 rules 9.2). */
static void
test_no_buy_back (void)
{
  KolEngine *engine = stock_game (600, 8);
  int aa = kol_test_corp (engine, "AA");
  g_autoptr(GError) error = NULL;

  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1");
  kol_test_give (engine, P (1), "AA_2");
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_sell (engine, 0, "AA_1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, 90);   /* one row down */
  g_assert_cmpint (engine->players[0].cash, ==, 700);
  assert_buy_explained (engine, 0, "AA_1", KOL_ENGINE_ERROR_SOLD_THIS_ROUND);
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_DECLINES_TO_BUY), ==, 1);
  g_assert_false (engine->players[0].passed);
  g_assert_true (kol_test_pass (engine, 1, &error));
  g_assert_true (kol_test_pass (engine, 2, &error));
  /* a later turn: still sold this round */
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  assert_buy_explained (engine, 0, "AA_1", KOL_ENGINE_ERROR_SOLD_THIS_ROUND);
  free_game (engine);
}

/* KOL_SELL_BUY_OR_BUY_SELL: after selling and buying no more selling;
 * KOL_SELL_BUY (1849 §9, 1840 VII.1): no selling after any purchase. */
static void
test_sell_buy_order (void)
{
  KolEngine *engine = stock_game (600, 8);
  g_autoptr(GError) error = NULL;

  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  start_corp (engine, "BB", 1, 0, 1, "BB_0");
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_sell (engine, 0, "AA_2", 0, &error));
  g_assert_true (kol_test_buy (engine, 0, "BB_1", &error));
  g_assert_no_error (error);
  /* after [sell, buy] nothing is left: the turn ended by itself */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  {
    KolBundle b = kol_test_bundle (engine, "AA_1", 0);
    KolStep *s = kol_round_find_step (engine, &kol_step_buy_sell_par_shares);
    KolStockRoundState *st = KOL_STOCK_STATE (engine);

    /* the same order rule, asked of the turn just played */
    st->n_current_actions = 2;
    st->current_actions[0].type = KOL_ACTION_SELL_SHARES;
    st->current_actions[1].type = KOL_ACTION_BUY_SHARES;
    kol_stock_refuse_sell (engine, s, P (0), &b, &error);
    assert_reason (engine, KOL_REASON_SELL_AFTER_BUY);
    g_clear_error (&error);
  }
  free_game (engine);

  engine = stock_game (600, 8);
  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  start_corp (engine, "BB", 1, 0, 1, "BB_0");
  kol_test_stock_hooks.sell_buy_order = KOL_SELL_BUY;
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_buy (engine, 0, "BB_1", &error));
  /* nothing left to do: the turn ended by itself */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);

  engine = stock_game (600, 8);
  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  start_corp (engine, "BB", 1, 0, 1, "BB_0");
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_buy (engine, 0, "BB_1", &error));
  /* buy then sell is allowed by Base's order, and selling again too */
  g_assert_true (kol_test_sell (engine, 0, "AA_2", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_true (kol_test_sell (engine, 0, "AA_1", 0, &error));
  g_assert_no_error (error);
  free_game (engine);
}

/* KOL_SELL_AFTER_FIRST (1840 VII.4) forbids selling in the first stock
 * round; KOL_SELL_AFTER_OPERATE (1849 §9.2) until the corporation has
 * operated. */
static void
test_sale_timing (void)
{
  KolEngine *engine = stock_game (600, 8);
  int aa = kol_test_corp (engine, "AA");
  g_autoptr(GError) error = NULL;

  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  kol_test_give (engine, P (1), "AA_3 AA_4");
  kol_test_start_stock_round (engine);
  assert_refused (kol_test_sell (engine, 0, "AA_2", 0, &error), &error, KOL_ENGINE_ERROR_NOT_NOW);
  g_clear_error (&error);
  free_game (engine);

  engine = stock_game (600, 8);
  aa = kol_test_corp (engine, "AA");
  engine->turn = 3;
  kol_test_stock_hooks.sell_after = KOL_SELL_AFTER_OPERATE;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  kol_test_start_stock_round (engine);
  {
    KolBundle b = kol_test_bundle (engine, "AA_2", 0);
    KolStep *s = kol_round_find_step (engine, &kol_step_buy_sell_par_shares);

    g_assert_false (kol_stock_can_sell (engine, s, P (0), &b));
    kol_stock_refuse_sell (engine, s, P (0), &b, &error);
    g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_CANNOT_SELL);
    assert_reason (engine, KOL_REASON_SELL_NOT_OPERATED);
    g_clear_error (&error);
    engine->corps[aa].operated = 1;
    g_assert_true (kol_stock_can_sell (engine, s, P (0), &b));
  }
  free_game (engine);
}

/* ---- limits --------------------------------------------------------------------- */

/* Buying within the certificate limit and the 60% holding limit; a player
 * over the limit must sell (1849 §9.1, §9.3). */
static void
test_limits (void)
{
  KolEngine *engine = stock_game (2000, 3);
  g_autoptr(GError) error = NULL;

  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2 AA_3");
  kol_test_start_stock_round (engine);
  assert_buy_explained (engine, 0, "AA_4", KOL_ENGINE_ERROR_CERT_LIMIT);
  /* over the limit: only selling */
  g_assert_cmphex (SR_ACTIONS (engine, 0), ==, BIT (SELL_SHARES));
  free_game (engine);

  engine = stock_game (2000, 12);
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2 AA_3 AA_4");
  kol_test_start_stock_round (engine);
  assert_buy_explained (engine, 0, "AA_5", KOL_ENGINE_ERROR_HOLDING_LIMIT);
  free_game (engine);
}

/* At most 50% in the pool (1849 §9.2); 1840's pool may hold 100%. */
static void
test_pool_limit (void)
{
  KolEngine *engine = stock_game (600, 12);
  g_autoptr(GError) error = NULL;

  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 1, "AA_0");
  kol_test_give (engine, POOL, "AA_1 AA_2 AA_3 AA_4 AA_5");
  kol_test_give (engine, P (0), "AA_6");
  kol_test_start_stock_round (engine);
  assert_sell_explained (engine, 0, "AA_6", KOL_ENGINE_ERROR_POOL_LIMIT);
  kol_test_stock_hooks.market_share_limit = 100;
  g_assert_true (kol_test_sell (engine, 0, "AA_6", 0, &error));
  g_assert_no_error (error);
  free_game (engine);
}

/* ---- what is for sale -------------------------------------------------------------- */

/* Only the IPO of a started corporation and the pool sell; a par needs an
 * offered cell (get_par_prices: price × 2 within cash). */
static void
test_not_offered (void)
{
  KolEngine *engine = stock_game (600, 8);
  g_autoptr(GError) error = NULL;

  /* buying is offered (AA's IPO), but BB has not been started */
  start_corp (engine, "AA", 1, 0, 1, "AA_0");
  kol_test_start_stock_round (engine);
  assert_refused (kol_test_buy (engine, 0, "BB_1", &error), &error, KOL_ENGINE_ERROR_RULE);
  assert_reason (engine, KOL_REASON_BUY_NOT_AVAILABLE);
  g_clear_error (&error);
  free_game (engine);

  engine = stock_game (600, 8);
  kol_test_start_stock_round (engine);
  start_corp (engine, "BB", 1, 0, 1, "BB_0");
  /* players' certificates are not for sale (shares come from the treasury or the pool) */
  assert_refused (kol_test_buy (engine, 0, "BB_0", &error), &error, KOL_ENGINE_ERROR_RULE);
  g_clear_error (&error);
  g_assert_false (kol_test_par_action (engine, 0, "AA", 0, 0, &error));
  assert_reason (engine, KOL_REASON_PAR_PRICE);
  g_clear_error (&error);
  g_assert_false (kol_test_par_action (engine, 0, "BB", 1, 0, &error));
  assert_reason (engine, KOL_REASON_PAR_NOT_ALLOWED);
  g_clear_error (&error);
  engine->players[0].cash = 150;
  g_assert_false (kol_test_par_action (engine, 0, "AA", 1, 0, &error));
  free_game (engine);
}

/* The legal-choice queries list what process accepts. */
static void
test_queries (void)
{
  KolEngine *engine = stock_game (600, 8);
  KolBuyOption buy[16];
  KolSellOption sell[16];
  int n;

  engine->turn = 2;
  start_corp (engine, "AA", 1, 0, 0, "AA_0 AA_1 AA_2");
  kol_test_give (engine, P (1), "AA_3 AA_4");
  kol_test_give (engine, POOL, "AA_5");
  kol_test_start_stock_round (engine);

  n = kol_stock_buy_options (engine, P (0), buy, 16);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (buy[0].cert, ==, kol_test_cert (engine, "AA_6"));
  g_assert_true (kol_entity_equal (buy[0].source, kol_test_corp_entity (engine, "AA")));
  g_assert_cmpint (buy[0].price, ==, 100);
  g_assert_cmpint (buy[1].cert, ==, kol_test_cert (engine, "AA_5"));
  g_assert_true (kol_entity_equal (buy[1].source, POOL));

  /* P1's turn does not answer for P0 */
  g_assert_cmpint (kol_stock_buy_options (engine, P (1), buy, 16), ==, 0);

  n = kol_stock_sell_options (engine, P (0), sell, 16);
  /* 10, 20, 30 (part of the president's certificate) and 40: P1's 20% can
   * take the presidency, the pool takes up to 50% */
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpint (sell[0].bundle.percent, ==, 10);
  g_assert_cmpint (sell[0].price, ==, 100);
  g_assert_cmpint (sell[2].bundle.percent, ==, 30);
  g_assert_true (kol_bundle_partial (engine, &sell[2].bundle));
  g_assert_cmpint (sell[3].price, ==, 400);

  /* with P1 at 10% the president's certificate cannot go */
  kol_test_give (engine, POOL, "AA_4");
  n = kol_stock_sell_options (engine, P (0), sell, 16);
  g_assert_cmpint (n, ==, 2);
  free_game (engine);
}

/* A sale must be one of the bundles the game offers. */
static void
test_sell_shape (void)
{
  KolEngine *engine = stock_game (600, 8);
  g_autoptr(GError) error = NULL;

  engine->turn = 2;
  start_corp (engine, "BB", 1, 0, 0, "BB_0 BB_1 BB_7");
  kol_test_give (engine, P (1), "BB_2 BB_3");
  kol_test_start_stock_round (engine);
  /* generic bundles grow by (president last, percent): 10, 30, …; the 20%
   * certificate alone is not among them */
  assert_refused (kol_test_sell (engine, 0, "BB_7", 0, &error), &error, KOL_ENGINE_ERROR_CANNOT_SELL);
  g_clear_error (&error);
  g_assert_true (kol_test_sell (engine, 0, "BB_1 BB_7", 0, &error));
  g_assert_no_error (error);
  free_game (engine);
}

/* ---- 1849: two more shares after parring ------------------------------------------ */

static gboolean
sicily_can_buy_multiple (KolEngine *engine,
                         KolStep   *s,
                         KolEntity  entity,
                         int        corp,
                         KolEntity  owner)
{
  return kol_step_buy_sell_par_shares_can_buy_multiple (engine, s, entity, corp, owner) ||
         (kol_corp_is_president (engine, corp, entity) &&
          kol_step_buy_sell_par_shares_just_parred (engine, corp) &&
          kol_step_buy_sell_par_shares_num_bought (engine, corp) < 2);
}

/* 1849 §9.4:
 * the founder may buy up to 40%, and with incremental capital the
 * corporation receives it all (L.400 at par 100). */
static void
test_sicily_founder_buys_40 (void)
{
  KolEngine *engine = stock_game (600, 8);
  int bb = kol_test_corp (engine, "BB");
  g_autoptr(GError) error = NULL;

  kol_test_stock_hooks.can_buy_multiple = sicily_can_buy_multiple;
  kol_test_stock_hooks.sell_buy_order = KOL_SELL_BUY;
  kol_test_stock_op_hooks.capitalization = KOL_CAPITALIZATION_INCREMENTAL;
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_par_action (engine, 0, "BB", 1, 0, &error));
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_true (kol_test_buy (engine, 0, "BB_1", &error));
  g_assert_true (kol_test_buy (engine, 0, "BB_2", &error));
  g_assert_no_error (error);
  g_assert_cmpint (engine->corps[bb].cash, ==, 400);
  g_assert_cmpint (engine->players[0].cash, ==, 200);
  /* the third is one too many: the turn is over */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);
}

/* ---- end of the round ------------------------------------------------------------ */

static void
test_finish_round (void)
{
  KolEngine *engine = stock_game (600, 8);
  int aa = kol_test_corp (engine, "AA"), bb = kol_test_corp (engine, "BB");

  /* AA sold out: one row up; BB with a pool share: one row down
   * (KOL_POOL_DROP_DOWN_BLOCK, 1849 §9.7) */
  start_corp (engine, "AA", 1, 2, 0, "AA_0 AA_1 AA_2 AA_3 AA_4");
  kol_test_give (engine, P (1), "AA_5 AA_6 AA_7 AA_8");
  start_corp (engine, "BB", 1, 1, 1, "BB_0 BB_1");
  kol_test_give (engine, POOL, "BB_2");
  kol_test_stock_hooks.pool_share_drop = KOL_POOL_DROP_DOWN_BLOCK;
  kol_test_start_stock_round (engine);
  kol_round_stock_finish_round (engine);
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, 140);
  g_assert_cmpint (kol_market_corp_price (engine, bb), ==, 100);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_SHARE_PRICE_MOVES), ==, 2);

  /* KOL_POOL_DROP_NONE (1840): the pool does not move prices */
  kol_test_stock_hooks.pool_share_drop = KOL_POOL_DROP_NONE;
  kol_round_stock_finish_round (engine);
  g_assert_cmpint (kol_market_corp_price (engine, bb), ==, 100);
  /* AA is still sold out: up again */
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, 140);
  free_game (engine);
}

/* corporations_to_move_price: not the title's minors (1840's lines). */
static gboolean
not_bb (KolEngine *engine,
        int        corp)
{
  return g_strcmp0 (engine->title->corps[corp].id, "BB") != 0;
}

static void
test_finish_round_skips_minors (void)
{
  KolEngine *engine = stock_game (600, 8);
  int bb = kol_test_corp (engine, "BB");

  start_corp (engine, "BB", 1, 1, 1, "BB_0 BB_1");
  kol_test_give (engine, POOL, "BB_2");
  kol_test_stock_hooks.pool_share_drop = KOL_POOL_DROP_DOWN_BLOCK;
  kol_test_stock_hooks.moves_price_at_sr_end = not_bb;
  kol_test_start_stock_round (engine);
  kol_round_stock_finish_round (engine);
  g_assert_cmpint (kol_market_corp_price (engine, bb), ==, 110);
  free_game (engine);
}

/* A full round through actions: the end moves prices, and the module's
 * next round starts. */
static void
test_round_end_moves (void)
{
  KolEngine *engine = stock_game (600, 8);
  int bb = kol_test_corp (engine, "BB");
  g_autoptr(GError) error = NULL;

  start_corp (engine, "BB", 1, 1, 1, "BB_0 BB_1");
  kol_test_give (engine, POOL, "BB_2");
  kol_test_stock_hooks.pool_share_drop = KOL_POOL_DROP_DOWN_BLOCK;
  kol_test_start_stock_round (engine);
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_true (kol_test_pass (engine, 1, &error));
  g_assert_true (kol_test_pass (engine, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kol_test_next_rounds, ==, 1);
  g_assert_cmpint (kol_market_corp_price (engine, bb), ==, 100);
  free_game (engine);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stock-round/par", test_par);
  g_test_add_func ("/stock-round/all-pass-ends-round", test_all_pass_ends_round);
  g_test_add_func ("/stock-round/skip-without-actions", test_skip_without_actions);
  g_test_add_func ("/stock-round/no-buy-back", test_no_buy_back);
  g_test_add_func ("/stock-round/sell-buy-order", test_sell_buy_order);
  g_test_add_func ("/stock-round/sale-timing", test_sale_timing);
  g_test_add_func ("/stock-round/limits", test_limits);
  g_test_add_func ("/stock-round/pool-limit", test_pool_limit);
  g_test_add_func ("/stock-round/not-offered", test_not_offered);
  g_test_add_func ("/stock-round/queries", test_queries);
  g_test_add_func ("/stock-round/sell-shape", test_sell_shape);
  g_test_add_func ("/stock-round/1849-founder-buys-40", test_sicily_founder_buys_40);
  g_test_add_func ("/stock-round/finish-round", test_finish_round);
  g_test_add_func ("/stock-round/finish-round-skips-minors", test_finish_round_skips_minors);
  g_test_add_func ("/stock-round/round-end-moves", test_round_end_moves);
  return g_test_run ();
}
