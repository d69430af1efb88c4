/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-test-stock.h"

/*
 * Auctions: the auction round, the waterfall auction (1849 §8), starting
 * the corporation a company brings (§8.1), the selection auction (as 1840
 * VI) and the companies' revenue. The 1849 rulebook's initial stock round
 * example (§8) runs on synthetic privates with 1849's values.
 */

static const char *market_rows[] = {
  "120 130 140",
  "68p 100p 110",
  NULL,
};

static const KolTestStockCorp corps[] = {
  { "AA", "20 10 10 10 10 10 10 10 20", 20, NULL },
  { NULL },
};

/* 1849's privates P1..P5: face values and incomes (1849 rules 7.1). */
static const KolTestStockCompany sicily_privates[] = {
  { "SCE", 20, 5 },
  { "SIGI", 45, 10 },
  { "CNM", 75, 15 },
  { "SMS", 110, 20 },
  { "RSA", 150, 25 },
  { NULL },
};

#define P(i) kol_test_player (i)

static KolEngine *
auction_game (int                        n_players,
              int                        cash,
              const KolTestStockCompany *companies)
{
  KolTitle *t;

  kol_test_stock_reset ();
  t = kol_test_stock_title (market_rows, corps, companies, n_players, cash, 12);
  return kol_test_stock_game (t);
}

static void
free_game (KolEngine *engine)
{
  KolTitle *t = (KolTitle *) engine->title;

  kol_engine_free (engine);
  kol_title_free (t);
}

/* An auction round: the CompanyPendingPar and waterfall auction steps. */
static void
start_waterfall (KolEngine *engine)
{
  static const KolStepClass *const steps[] = {
    &kol_step_company_pending_par, &kol_step_waterfall_auction,
  };

  kol_round_start (engine, &kol_round_auction, 0, 1, steps, NULL, 2);
  kol_round_setup (engine);
}

static int
company (KolEngine  *engine,
         const char *id)
{
  return kol_title_company_by_id (engine->title, id);
}

static void
assert_owner (KolEngine  *engine,
              const char *id,
              int         player)
{
  const KolCompany *c = &engine->companies[company (engine, id)];

  if (player < 0)
    g_assert_cmpint (c->owner.kind, ==, KOL_ENTITY_NONE);
  else
    g_assert_true (kol_entity_equal (c->owner, P (player)));
}

static int
cash (KolEngine *engine,
      int        player)
{
  return engine->players[player].cash;
}

/* ---- 1849 rules §8: the worked example ------------------------------------ */

/* The example's opening: bids set money aside; the cheapest company is
 * bought at face value, which sells the next ones with a single bid and
 * starts an auction for one with several. */
static void
example_opening (KolEngine *engine)
{
  g_autoptr(GError) error = NULL;

  start_waterfall (engine);
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_true (kol_test_bid (engine, 0, "SMS", 115, &error));
  g_assert_true (kol_test_bid (engine, 1, "SMS", 120, &error));
  g_assert_true (kol_test_bid (engine, 2, "CNM", 80, &error));
  g_assert_true (kol_test_bid (engine, 3, "SCE", 20, &error));
  g_assert_no_error (error);
  assert_owner (engine, "SCE", 3);
  g_assert_cmpint (cash (engine, 3), ==, 355);
  g_assert_cmpint (kol_test_acting (engine), ==, 0);

  /* player 1 buys SIGI for 45: CNM goes to its only bidder, SMS to auction */
  g_assert_true (kol_test_bid (engine, 0, "SIGI", 45, &error));
  g_assert_no_error (error);
  assert_owner (engine, "SIGI", 0);
  assert_owner (engine, "CNM", 2);
  g_assert_cmpint (cash (engine, 2), ==, 295);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_WINS_AUCTION_ONLY_BID), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_GOES_UP_FOR_AUCTION), ==, 1);
  g_assert_cmpint (kol_step_waterfall_auction_auctioning (engine, kol_engine_active_step (engine)), ==,
                   company (engine, "SMS"));
  /* the lowest bidder acts: player 1 must bid at least 125 or pass */
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
}

static void
test_example_pass (void)
{
  KolEngine *engine = auction_game (4, 375, sicily_privates);
  g_autoptr(GError) error = NULL;
  KolBidOption opts[8];
  int n;

  example_opening (engine);
  n = kol_auction_bid_options (engine, P (0), opts, 8);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (opts[0].company, ==, company (engine, "SMS"));
  g_assert_cmpint (opts[0].min, ==, 125);
  g_assert_cmpint (opts[0].max, ==, 330);
  g_assert_cmpint (opts[0].step, ==, 5);
  /* only SMS takes bids during its auction */
  g_assert_false (kol_test_bid (engine, 0, "RSA", 150, &error));
  g_clear_error (&error);

  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_no_error (error);
  assert_owner (engine, "SMS", 1);
  g_assert_cmpint (cash (engine, 1), ==, 255);
  g_assert_cmpint (cash (engine, 0), ==, 330);   /* the set-aside 115 is free again */
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_WINS_AUCTION), ==, 1);
  /* back to the normal order: player 2, with RSA at face value */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  n = kol_auction_bid_options (engine, P (1), opts, 8);
  g_assert_cmpint (n, ==, 1);
  g_assert_true (opts[0].purchase);
  g_assert_cmpint (opts[0].min, ==, 150);
  g_assert_cmpint (opts[0].max, ==, 150);
  free_game (engine);
}

static void
test_example_raise (void)
{
  KolEngine *engine = auction_game (4, 375, sicily_privates);
  g_autoptr(GError) error = NULL;

  example_opening (engine);
  g_assert_false (kol_test_bid (engine, 0, "SMS", 120, &error));   /* below 125 */
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_BID);
  g_clear_error (&error);
  g_assert_true (kol_test_bid (engine, 0, "SMS", 125, &error));
  g_assert_no_error (error);
  /* now player 2 is the lowest bidder */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  g_assert_true (kol_test_pass (engine, 1, &error));
  assert_owner (engine, "SMS", 0);
  g_assert_cmpint (cash (engine, 0), ==, 375 - 45 - 125);
  g_assert_cmpint (cash (engine, 1), ==, 375);
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);
}

/* ---- CompanyPendingPar (1849's RSA brings a president's certificate) ----------- */

static void
rsa_after_buy (KolEngine *engine,
               int        player,
               int        company_index,
               int        price)
{
  if (g_strcmp0 (engine->title->companies[company_index].id, "RSA") == 0)
    kol_auction_add_pending_par (engine, company_index);
}

static int
rsa_corp (KolEngine *engine,
          int        company_index)
{
  return kol_test_corp (engine, "AA");
}

static void
test_pending_par (void)
{
  KolEngine *engine = auction_game (4, 375, sicily_privates);
  int aa = kol_test_corp (engine, "AA");
  g_autoptr(GError) error = NULL;
  KolParOption par[4];

  kol_test_stock_hooks.after_buy_company = rsa_after_buy;
  kol_test_stock_hooks.pending_par_corp = rsa_corp;
  example_opening (engine);
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_true (kol_test_bid (engine, 1, "RSA", 150, &error));
  g_assert_no_error (error);
  assert_owner (engine, "RSA", 1);
  /* the buyer must par AA now */
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  g_assert_cmpint (kol_auction_par_options (engine, P (1), par, 4), ==, 1);
  g_assert_cmpint (par[0].corp, ==, aa);
  g_assert_cmpint (par[0].n_cells, ==, 2);
  g_assert_false (kol_test_par_action (engine, 1, "AA", 0, 0, &error));   /* not a par cell */
  g_clear_error (&error);
  g_assert_true (kol_test_par_action (engine, 1, "AA", 1, 1, &error));
  g_assert_no_error (error);
  g_assert_true (kol_corp_is_president (engine, aa, P (1)));
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, 100);
  g_assert_cmpint (cash (engine, 1), ==, 375 - 120 - 150);   /* the certificate was free */
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_RECEIVES_SHARE), ==, 1);
  /* every company sold and parred: the round is over */
  g_assert_cmpint (kol_test_next_rounds, ==, 1);
  free_game (engine);
}

/* ---- everyone passes ------------------------------------------------------------ */

/* Everyone passed with the cheapest company unsold: it gets 5 cheaper; at 0
 * the next player must take it (1849 §8). */
static void
test_discount_to_free (void)
{
  KolEngine *engine = auction_game (3, 300, sicily_privates);
  g_autoptr(GError) error = NULL;
  int sce = company (engine, "SCE");

  start_waterfall (engine);
  for (int round = 1; round <= 3; round++)
    {
      for (int p = 0; p < 3; p++)
        g_assert_true (kol_test_pass (engine, p, &error));
      g_assert_cmpint (kol_company_min_bid (engine, sce), ==, 20 - 5 * round);
      g_assert_cmpint (kol_test_acting (engine), ==, 0);
    }
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_MIN_BID_DECREASES), ==, 3);
  /* the price is exact */
  g_assert_false (kol_test_bid (engine, 0, "SCE", 20, &error));
  g_clear_error (&error);
  for (int p = 0; p < 3; p++)
    g_assert_true (kol_test_pass (engine, p, &error));
  g_assert_no_error (error);
  /* at 0 the first player offered it at 5 takes it */
  assert_owner (engine, "SCE", 0);
  g_assert_cmpint (cash (engine, 0), ==, 300);
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);
}

/* Everyone passed once the cheapest is sold: the companies pay out, and
 * everyone may act again (1849 §8). */
static void
test_all_pass_pays_out (void)
{
  KolEngine *engine = auction_game (3, 300, sicily_privates);
  g_autoptr(GError) error = NULL;

  start_waterfall (engine);
  g_assert_true (kol_test_bid (engine, 0, "SCE", 20, &error));
  g_assert_true (kol_test_pass (engine, 1, &error));
  g_assert_true (kol_test_pass (engine, 2, &error));
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (cash (engine, 0), ==, 300 - 20 + 5);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_COMPANY_REVENUE), ==, 1);
  g_assert_false (engine->players[1].passed);
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);
}

/* ---- bids and the cash set aside for them ------------------------------------ */

static void
test_committed_cash (void)
{
  KolEngine *engine = auction_game (3, 200, sicily_privates);
  g_autoptr(GError) error = NULL;
  KolBidOption opts[8];
  int n;

  start_waterfall (engine);
  g_assert_true (kol_test_bid (engine, 0, "SMS", 150, &error));
  g_assert_true (kol_test_pass (engine, 1, &error));
  g_assert_true (kol_test_pass (engine, 2, &error));
  g_assert_no_error (error);
  /* 50 left: SIGI at 50 is the most player 1 can bid elsewhere */
  n = kol_auction_bid_options (engine, P (0), opts, 8);
  g_assert_cmpint (n, ==, 3);   /* SCE (buy), SIGI 50..50, SMS 155..200 */
  g_assert_true (opts[0].purchase);
  g_assert_cmpint (opts[1].max, ==, 50);
  g_assert_cmpint (opts[2].min, ==, 155);
  g_assert_cmpint (opts[2].max, ==, 200);
  g_assert_false (kol_test_bid (engine, 0, "SIGI", 55, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_NO_CASH);
  g_clear_error (&error);
  /* raising one's own bid replaces it */
  g_assert_true (kol_test_bid (engine, 0, "SMS", 160, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kol_auctioneer_committed (&KOL_AUCTION_STATE (engine)->auction, P (0)), ==, 160);
  g_assert_cmpint (kol_auctioneer_n_bids (&KOL_AUCTION_STATE (engine)->auction,
                                          kol_entity (KOL_ENTITY_COMPANY, company (engine, "SMS"))),
                   ==, 1);
  free_game (engine);
}

/* Auctioner storage: per target in bid order, one bid per bidder. */
static void
test_auctioneer (void)
{
  KolAuctioneer a;
  KolEntity x = kol_entity (KOL_ENTITY_COMPANY, 0), y = kol_entity (KOL_ENTITY_COMPANY, 1);
  KolBid b1 = { x, P (0), 50 }, b2 = { x, P (1), 60 }, b3 = { y, P (0), 70 }, b4 = { x, P (0), 65 };
  int idx[8];

  kol_auctioneer_init (&a);
  kol_auctioneer_put (&a, &b1);
  kol_auctioneer_put (&a, &b2);
  kol_auctioneer_put (&a, &b3);
  g_assert_cmpint (kol_auctioneer_highest (&a, x)->price, ==, 60);
  g_assert_cmpint (kol_auctioneer_lowest (&a, x)->price, ==, 50);
  g_assert_cmpint (kol_auctioneer_committed (&a, P (0)), ==, 120);
  kol_auctioneer_put (&a, &b4);
  g_assert_cmpint (kol_auctioneer_bids_on (&a, x, idx, 8), ==, 2);
  g_assert_cmpint (a.bids[idx[0]].price, ==, 60);
  g_assert_cmpint (a.bids[idx[1]].price, ==, 65);
  g_assert_cmpint (kol_auctioneer_current_bid (&a, P (0), x), ==, 65);
  kol_auctioneer_replace (&a, &b1);
  g_assert_cmpint (kol_auctioneer_n_bids (&a, x), ==, 1);
  kol_auctioneer_clear_target (&a, x);
  g_assert_null (kol_auctioneer_highest (&a, x));
  g_assert_cmpint (kol_auctioneer_n_bids (&a, y), ==, 1);
}

/* ---- SelectionAuction (passable auction, one company at a time) ---------------- */

static const KolTestStockCompany lots[] = {
  { "L1", 10, 5 },
  { "L2", 20, 5 },
  { NULL },
};

static void
test_selection_auction (void)
{
  static const KolStepClass *const steps[] = { &kol_step_selection_auction };
  KolEngine *engine = auction_game (3, 100, lots);
  g_autoptr(GError) error = NULL;
  KolAuctioneer *a;

  kol_round_start (engine, &kol_round_auction, 0, 1, steps, NULL, 1);
  kol_round_setup (engine);
  a = &KOL_AUCTION_STATE (engine)->auction;
  /* setup puts the first company up at once */
  g_assert_cmpint (a->auctioning.index, ==, company (engine, "L1"));
  g_assert_cmpint (a->n_active_bidders, ==, 3);
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_false (kol_test_bid (engine, 0, "L2", 20, &error));   /* bids on the first company only */
  g_clear_error (&error);
  g_assert_true (kol_test_bid (engine, 0, "L1", 10, &error));
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  g_assert_true (kol_test_bid (engine, 1, "L1", 15, &error));
  g_assert_cmpint (kol_test_acting (engine), ==, 2);
  g_assert_true (kol_test_pass (engine, 2, &error));
  g_assert_cmpint (kol_test_acting (engine), ==, 0);
  g_assert_true (kol_test_pass (engine, 0, &error));
  g_assert_no_error (error);
  assert_owner (engine, "L1", 1);
  g_assert_cmpint (cash (engine, 1), ==, 85);
  /* the next company goes up, from the player after the one who started */
  g_assert_cmpint (a->auctioning.index, ==, company (engine, "L2"));
  g_assert_cmpint (kol_test_acting (engine), ==, 1);
  free_game (engine);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/auction/1849-example/pass", test_example_pass);
  g_test_add_func ("/auction/1849-example/raise", test_example_raise);
  g_test_add_func ("/auction/pending-par", test_pending_par);
  g_test_add_func ("/auction/discount-to-free", test_discount_to_free);
  g_test_add_func ("/auction/all-pass-pays-out", test_all_pass_pays_out);
  g_test_add_func ("/auction/committed-cash", test_committed_cash);
  g_test_add_func ("/auction/auctioneer", test_auctioneer);
  g_test_add_func ("/auction/selection", test_selection_auction);
  return g_test_run ();
}
