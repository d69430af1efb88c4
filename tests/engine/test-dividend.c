/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * Running routes and paying dividends (1849 §10.5): a run trusts its
 * claimed revenue; the ways to pay, the payout to each holder and to the
 * corporation, the price move, and a corporation that runs nothing; with
 * 1849's price move (§10.5.3) as a hook.
 *
 * AA: president player 0 (20%), player 1 holds 20%, the pool 10%, its
 * treasury the other 50%. Its price is 120 (row 0, column 2).
 */

static const KolStepClass *const steps[] = {
  &kol_step_route, &kol_step_dividend, NULL,
};

static GPtrArray *close_events;

static void
record_close_event (KolEngine  *engine,
                    int         corp,
                    const char *event)
{
  g_ptr_array_add (close_events, g_strdup (event));
}

static KolEngine *
new_game (KolTitle **title,
          int        capitalization)
{
  KolEngine *engine;
  int aa;

  kol_test_op_reset ();
  kol_test_op_hooks.capitalization = (guint8) capitalization;
  kol_test_op_hooks.close_companies_on_event = record_close_event;
  g_clear_pointer (&close_events, g_ptr_array_unref);
  close_events = g_ptr_array_new_with_free_func (g_free);
  *title = kol_test_op_title ();
  engine = kol_test_op_game (*title);
  kol_test_float (engine, "AA", 0, 0, 2, 100);
  aa = kol_test_corp (engine, "AA");
  kol_test_give_shares (engine, aa, kol_entity (KOL_ENTITY_PLAYER, 1), 2);
  kol_test_give_shares (engine, aa, kol_entity (KOL_ENTITY_POOL, 0), 1);
  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_board_place_token (engine, aa, 0, kol_test_hex (engine, "A1"), 0, -1);
  return engine;
}

static int
run (KolEngine *engine,
     int        revenue)
{
  int t = kol_engine_train_by_id (engine, "2-0");
  int pairs[] = { t, revenue, -1 };

  return kol_test_apply (engine, kol_test_run_action (engine, "AA", pairs));
}

typedef struct
{
  const char *what;
  int         capitalization;
  const char *kind;
  int         revenue;
  int         p0, p1, corp;   /* money received */
  int         col;            /* price column afterwards */
} PayoutCase;

/* The payout: ceil(shares × revenue / 10) per holder; the corporation is
 * paid for its treasury shares when incremental (1849 §10.5.3) and for the
 * pool's shares when fully capitalised; withholding keeps
 * everything; the price moves right for a payout, left otherwise. */
static const PayoutCase payout_cases[] = {
  { "payout, incremental", KOL_CAPITALIZATION_INCREMENTAL, "payout", 70, 14, 14, 35, 3 },
  { "payout, full", KOL_CAPITALIZATION_FULL, "payout", 70, 14, 14, 7, 3 },
  { "payout rounds up per holder", KOL_CAPITALIZATION_INCREMENTAL, "payout", 35, 7, 7, 18, 3 },
  { "withhold", KOL_CAPITALIZATION_INCREMENTAL, "withhold", 70, 0, 0, 70, 1 },
};

static void
test_payout (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (payout_cases); i++)
    {
      const PayoutCase *c = &payout_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = NULL;
      int aa, p0, p1, cash;

      g_test_message ("%s", c->what);
      engine = new_game (&title, c->capitalization);
      aa = kol_test_corp (engine, "AA");
      kol_test_give_train (engine, "AA", "2");
      p0 = engine->players[0].cash;
      p1 = engine->players[1].cash;
      cash = engine->corps[aa].cash;
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (run (engine, c->revenue), ==, -1);
      g_assert_cmpint (KOL_OPERATING_STATE (engine)->n_routes, ==, 1);
      g_assert_cmpint (kol_dividend_total_revenue (engine, aa), ==, c->revenue);
      g_assert_cmpint (kol_test_apply (engine, kol_test_dividend_action (engine, "AA", c->kind)), ==, -1);
      g_assert_cmpint (engine->players[0].cash - p0, ==, c->p0);
      g_assert_cmpint (engine->players[1].cash - p1, ==, c->p1);
      g_assert_cmpint (engine->corps[aa].cash - cash, ==, c->corp);
      g_assert_cmpint (engine->corps[aa].price_col, ==, c->col);
      g_assert_cmpint (kol_operating_history_size (engine, aa), ==, 1);
      g_assert_true (engine->trains[kol_engine_train_by_id (engine, "2-0")].operated);
      /* companies closing when running a train, then when first operating */
      g_assert_cmpuint (close_events->len, ==, 2);
      g_assert_cmpstr (g_ptr_array_index (close_events, 0), ==, "ran_train");
      g_assert_cmpstr (g_ptr_array_index (close_events, 1), ==, "operated");
    }
}

/* 1849's price move (§10.5.3) as a title hook: 0 → left,
 * below the share price → none, at or above → right. */
static void
price_1849 (KolEngine      *engine,
            int             corp,
            int             revenue,
            KolPriceChange *out)
{
  int price = kol_market_corp_price (engine, corp);

  if (revenue == 0)
    kol_default_share_price_change (engine, corp, 0, out);
  else if (revenue >= price)
    kol_default_share_price_change (engine, corp, revenue, out);
}

typedef struct
{
  const char *kind;
  int         revenue;
  int         col;
} PriceCase;

static const PriceCase price_cases[] = {
  { "payout", 110, 2 },
  { "payout", 120, 3 },
  { "withhold", 120, 1 },
};

static void
test_price_hook (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (price_cases); i++)
    {
      const PriceCase *c = &price_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);
      KolDividendOption options[KOL_MAX_DIVIDEND_OPTIONS];
      int n;

      kol_test_op_hooks.share_price_change = price_1849;
      kol_test_give_train (engine, "AA", "2");
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (run (engine, c->revenue), ==, -1);
      /* the options show the resulting moves */
      n = kol_dividend_options (engine, kol_test_corp (engine, "AA"), options, G_N_ELEMENTS (options));
      g_assert_cmpint (n, ==, 2);
      g_assert_cmpstr (options[0].kind, ==, "payout");
      g_assert_cmpint (options[0].price_change.n, ==, c->revenue >= 120 ? 1 : 0);
      g_assert_cmpstr (options[1].kind, ==, "withhold");
      g_assert_cmpint (options[1].corporation, ==, c->revenue);
      g_assert_cmpint (options[1].price_change.moves[0].direction, ==, KOL_PRICE_LEFT);
      g_assert_cmpint (kol_test_apply (engine, kol_test_dividend_action (engine, "AA", c->kind)), ==, -1);
      g_assert_cmpint (engine->corps[kol_test_corp (engine, "AA")].price_col, ==, c->col);
    }
}

/* A corporation that runs nothing (no train) gets a
 * withhold of 0: "does not run", price left, one operating history entry. */
static void
test_no_run (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);
  int aa = kol_test_corp (engine, "AA");

  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (engine->corps[aa].price_col, ==, 1);
  g_assert_cmpint (kol_operating_history_size (engine, aa), ==, 1);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_DOES_NOT_RUN), ==, 1);
  g_assert_true (kol_round_finished (engine));
}

/* An unknown dividend kind is refused. */
static void
test_bad_kind (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);

  kol_test_give_train (engine, "AA", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (run (engine, 50), ==, -1);
  g_assert_cmpint (kol_test_apply (engine, kol_test_dividend_action (engine, "AA", "half")), ==, KOL_ENGINE_ERROR_RULE);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_DIVIDEND_KIND);
}

typedef struct
{
  const char *what;
  int         reason;
} RouteCase;

/* Runs refused: another corporation's train, a train run twice, a train
 * that already operated. */
static void
test_route_refusals (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);
  int mine = kol_test_give_train (engine, "AA", "2");
  int done = kol_test_give_train (engine, "AA", "2");
  int theirs = kol_test_give_train (engine, "BB", "2");
  int other[] = { theirs, 10, -1 };
  int twice[] = { mine, 10, mine, 10, -1 };
  int ran[] = { done, 10, -1 };

  kol_test_float (engine, "BB", 1, 0, 0, 100);
  kol_test_start_or (engine, steps, NULL);
  engine->trains[done].operated = TRUE;
  g_assert_cmpint (kol_test_apply (engine, kol_test_run_action (engine, "AA", other)), ==, KOL_ENGINE_ERROR_ROUTE);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_ROUTE_TRAIN_OWNER);
  g_assert_cmpint (kol_test_apply (engine, kol_test_run_action (engine, "AA", twice)), ==, KOL_ENGINE_ERROR_ROUTE);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_ROUTE_TRAIN_TWICE);
  g_assert_cmpint (kol_test_apply (engine, kol_test_run_action (engine, "AA", ran)), ==, KOL_ENGINE_ERROR_ROUTE);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_ROUTE_TRAIN_OPERATED);
  g_assert_cmpint (KOL_OPERATING_STATE (engine)->n_routes, ==, 0);
}

/* The title's validate_routes hook (kol-engine-route.h's validator) checks
 * new actions. */
static gboolean
refuse_all_routes (KolEngine        *engine,
                   int               corp,
                   const KolAction  *a,
                   GError          **error)
{
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, NULL, 0, "no");
}

static void
test_validate_hook (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);

  kol_test_op_hooks.validate_routes = refuse_all_routes;
  kol_test_give_train (engine, "AA", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (run (engine, 50), ==, KOL_ENGINE_ERROR_ROUTE);
}

/* The revenue of a run as a hook (1840: maintenance and multipliers, IX.8). */
static int
double_revenue (KolEngine         *engine,
                int                corp,
                const KolRunRoute *routes,
                int                n)
{
  return 2 * kol_default_routes_revenue (engine, corp, routes, n);
}

static void
test_routes_revenue_hook (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, KOL_CAPITALIZATION_INCREMENTAL);
  int aa = kol_test_corp (engine, "AA");
  int cash = engine->corps[aa].cash;

  kol_test_op_hooks.routes_revenue = double_revenue;
  kol_test_give_train (engine, "AA", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (run (engine, 40), ==, -1);
  g_assert_cmpint (kol_test_apply (engine, kol_test_dividend_action (engine, "AA", "withhold")), ==, -1);
  g_assert_cmpint (engine->corps[aa].cash, ==, cash + 80);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dividend/payout", test_payout);
  g_test_add_func ("/dividend/price-hook", test_price_hook);
  g_test_add_func ("/dividend/no-run", test_no_run);
  g_test_add_func ("/dividend/bad-kind", test_bad_kind);
  g_test_add_func ("/dividend/route-refusals", test_route_refusals);
  g_test_add_func ("/dividend/validate-hook", test_validate_hook);
  g_test_add_func ("/dividend/routes-revenue-hook", test_routes_revenue_hook);
  status = g_test_run ();
  g_clear_pointer (&close_events, g_ptr_array_unref);
  return status;
}
