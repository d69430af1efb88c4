/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * Private companies bought by corporations (1849 §7.1, §10.2: their price
 * range; 1840: 1 to the face value) and bankruptcy.
 *
 * Companies: P1 (value 20, player 1's), P2 (value 40, player 0's).
 */

static const KolStepClass *const steps[] = {
  &kol_step_bankrupt, &kol_step_buy_company, &kol_step_buy_train, &kol_step_buy_company, NULL,
};
static const gint16 opts[] = { 0, 0, 0, KOL_BUY_COMPANY_BLOCKS };

static KolEngine *
new_game (KolTitle **title,
          int        phase)
{
  KolEngine *engine;

  kol_test_op_reset ();
  *title = kol_test_op_title ();
  engine = kol_test_op_game (*title);
  kol_test_float (engine, "AA", 0, 0, 2, 100);
  kol_engine_move_company (engine, 0, kol_entity (KOL_ENTITY_PLAYER, 1));
  kol_engine_move_company (engine, 1, kol_entity (KOL_ENTITY_PLAYER, 0));
  kol_engine_set_phase (engine, phase);
  return engine;
}

static KolAction *
buy (KolEngine  *engine,
     const char *company,
     int         price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_COMPANY, kol_test_corp_entity (engine, "AA"));

  a->company = (gint16) kol_title_company_by_id (engine->title, company);
  a->price = price;
  return a;
}

/* Only in phases that allow it (1849 §7.1: phases 6 to 10). */
static void
test_phase_status (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 0);

  kol_test_start_or (engine, steps, opts);
  g_assert_cmpuint (kol_engine_actions_for (engine, kol_test_corp_entity (engine, "AA")) &
                    KOL_ACTION_BIT (KOL_ACTION_BUY_COMPANY), ==, 0);
  g_assert_cmpint (kol_test_apply (engine, buy (engine, "P1", 20)), ==, KOL_ENGINE_ERROR_NOT_NOW);
}

typedef struct
{
  const char *what;
  gboolean    up_to_face;
  const char *company;
  int         price;
  int         code;
  int         aa_cash;         /* 0: 100 */
} PriceCase;

/* The generic range: ceil(value / 2) to 2 × value; 1840's: 1 to the value. */
static const PriceCase price_cases[] = {
  { "below half the value", FALSE, "P1", 9, KOL_ENGINE_ERROR_RULE },
  { "half the value", FALSE, "P1", 10, -1 },
  { "twice the value", FALSE, "P1", 40, -1 },
  { "above twice the value", FALSE, "P1", 41, KOL_ENGINE_ERROR_RULE },
  { "up to face: 1", TRUE, "P1", 1, -1 },
  { "up to face: above face", TRUE, "P1", 21, KOL_ENGINE_ERROR_RULE },
  { "more than the treasury", FALSE, "P2", 80, KOL_ENGINE_ERROR_NO_CASH, 50 },
};

static void
up_to_face (KolEngine *engine,
            int        corp,
            int        company,
            int       *min,
            int       *max)
{
  *min = 1;
  *max = engine->companies[company].value;
}

static void
test_price_range (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (price_cases); i++)
    {
      const PriceCase *c = &price_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = new_game (&title, 1);
      int company = kol_title_company_by_id (engine->title, c->company);
      KolEntity owner = engine->companies[company].owner;
      int owner_cash;
      int aa = kol_test_corp (engine, "AA");

      g_test_message ("%s", c->what);
      if (c->up_to_face)
        kol_test_op_hooks.company_price_range = up_to_face;
      if (c->aa_cash)
        engine->corps[aa].cash = c->aa_cash;
      kol_test_start_or (engine, steps, opts);
      owner_cash = kol_engine_cash (engine, owner);
      g_assert_cmpint (kol_test_apply (engine, buy (engine, c->company, c->price)), ==, c->code);
      if (c->code == KOL_ENGINE_ERROR_RULE)
        g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_COMPANY_PRICE);
      if (c->code >= 0)
        continue;
      g_assert_true (kol_entity_equal (engine->companies[company].owner, kol_test_corp_entity (engine, "AA")));
      g_assert_cmpint (kol_engine_cash (engine, owner), ==, owner_cash + c->price);
      g_assert_cmpint (engine->corps[aa].cash, ==, 100 - c->price);
      g_assert_cmpint (KOL_OPERATING_STATE (engine)->just_sold_company, ==, company);
      g_assert_true (kol_entity_equal (KOL_OPERATING_STATE (engine)->company_sellers[company], owner));
      g_assert_cmpint (kol_test_count_log (KOL_LOG_BUYS_COMPANY), ==, 1);
    }
}

/* The blocking step offers pass, the
 * other does not; a company a corporation owns is not for sale. */
static void
test_blocking_and_offers (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 1);
  KolCompanyOffer offers[4];
  KolStep *first, *last;
  int n;

  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "AA", "3");
  kol_test_start_or (engine, steps, opts);
  first = &engine->round.steps[4];
  last = &engine->round.steps[6];
  g_assert_true (first->klass == &kol_step_buy_company && last->klass == &kol_step_buy_company);
  g_assert_cmpuint (kol_step_actions (engine, first, kol_test_corp_entity (engine, "AA")) &
                    KOL_ACTION_BIT (KOL_ACTION_PASS), ==, 0);
  g_assert_cmpuint (kol_step_actions (engine, last, kol_test_corp_entity (engine, "AA")) &
                    KOL_ACTION_BIT (KOL_ACTION_PASS), !=, 0);
  /* AA at its train limit: the blocking step is the active one */
  g_assert_true (kol_round_active_step (engine) == last);

  n = kol_buyable_company_offers (engine, kol_test_corp_entity (engine, "AA"), offers, G_N_ELEMENTS (offers));
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (offers[0].min_price, ==, 10);
  g_assert_cmpint (offers[0].max_price, ==, 40);
  g_assert_cmpint (offers[1].min_price, ==, 20);
  g_assert_cmpint (offers[1].max_price, ==, 80);

  g_assert_cmpint (kol_test_apply (engine, buy (engine, "P1", 20)), ==, -1);
  n = kol_buyable_company_offers (engine, kol_test_corp_entity (engine, "AA"), offers, G_N_ELEMENTS (offers));
  /* P1 is AA's now; P2 costs at least 20 and AA has 80 */
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (offers[0].company, ==, 1);
  g_assert_cmpint (offers[0].max_price, ==, 80);
}

/* Bankruptcy only when the president's cash, sellable
 * shares and the treasury cannot buy the cheapest depot train. */
static void
test_bankrupt (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 0);
  int aa = kol_test_corp (engine, "AA");
  KolAction *a;

  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_board_place_token (engine, aa, 0, kol_test_hex (engine, "A1"), 0, -1);
  engine->corps[aa].cash = 20;
  engine->players[0].cash = 70;
  kol_test_start_or (engine, steps, opts);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Buy Trains");
  /* 20 + 70 = 90 ≥ 80: no bankruptcy */
  a = kol_action_new (KOL_ACTION_BANKRUPT, kol_test_corp_entity (engine, "AA"));
  g_assert_cmpint (kol_test_apply (engine, a), ==, KOL_ENGINE_ERROR_RULE);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_CANNOT_GO_BANKRUPT);
  engine->players[0].cash = 50;
  a = kol_action_new (KOL_ACTION_BANKRUPT, kol_test_corp_entity (engine, "AA"));
  g_assert_cmpint (kol_test_apply (engine, a), ==, -1);
  g_assert_true (engine->players[0].bankrupt);
  g_assert_cmpint (engine->players[0].cash, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/companies/phase-status", test_phase_status);
  g_test_add_func ("/companies/price-range", test_price_range);
  g_test_add_func ("/companies/blocking-and-offers", test_blocking_and_offers);
  g_test_add_func ("/companies/bankrupt", test_bankrupt);
  return g_test_run ();
}
