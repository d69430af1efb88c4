/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * Trains (1849 §10.6, §10.7): what the depot offers and at what price,
 * trains taken back, the phases a purchase starts and the trains it rusts,
 * corporations over the train limit, the obligation to own a train, and
 * the BuyTrain and DiscardTrain steps.
 *
 * The standard board's trains: "2" (80, x3, rusts on "4"), "3" (180, x2,
 * variant "3+" at 150), "4" (300, x2), "D" (500, available in phase "4");
 * phases "2", "3" (on "3"), "4" (on "4", limit 2, event close_companies).
 */

static const KolStepClass *const steps[] = {
  &kol_step_discard_train, &kol_step_buy_train, NULL,
};

static KolEngine *
new_game (KolTitle **title)
{
  KolEngine *engine;

  kol_test_op_reset ();
  *title = kol_test_op_title ();
  engine = kol_test_op_game (*title);
  kol_test_float (engine, "AA", 0, 0, 2, 1000);
  kol_test_float (engine, "BB", 1, 0, 1, 1000);
  return engine;
}

static int
train (KolEngine  *engine,
       const char *id)
{
  int t = kol_engine_train_by_id (engine, id);

  g_assert_cmpint (t, >=, 0);
  return t;
}

static char *
depot_names (KolEngine *engine)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_depot_trains (engine, list, KOL_MAX_TRAINS);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      g_autofree char *id = kol_engine_train_id (engine, list[i]);

      g_string_append_printf (s, "%s%s", i ? " " : "", id);
    }
  return g_string_free (s, FALSE);
}

/* What the depot offers: the first upcoming train, the upcoming trains
 * available in this phase (one per name), then the discarded ones. */
static void
test_depot_trains (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  g_autofree char *first = NULL, *later = NULL, *phase4 = NULL;

  first = depot_names (engine);
  g_assert_cmpstr (first, ==, "2-0");
  g_assert_cmpint (kol_depot_min_depot_price (engine), ==, 80);
  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_depot_reclaim_train (engine, train (engine, "2-1"));
  later = depot_names (engine);
  g_assert_cmpstr (later, ==, "3-0 2-1");
  /* the variant of the cheapest train sets the minimum */
  g_assert_cmpint (kol_depot_min_depot_price (engine), ==, 80);
  g_assert_cmpint (kol_depot_max_depot_price (engine), ==, 180);
  /* D is available from phase 4 on, though not first */
  kol_engine_set_phase (engine, 2);
  phase4 = depot_names (engine);
  g_assert_cmpstr (phase4, ==, "3-0 D-0 2-1");
}

/* A depot train, at its price, from the depot; the bank receives the
 * money. */
static void
test_buy_from_depot (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int aa = kol_test_corp (engine, "AA");
  int bank = engine->bank;

  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Buy Trains");
  /* the second 2 is not on offer; a wrong price is refused */
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-1"), 80, NULL)), ==,
                   KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TRAIN_NOT_BUYABLE);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-0"), 70, NULL)), ==,
                   KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TRAIN_PRICE);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-0"), 80, NULL)), ==, -1);
  g_assert_cmpint (engine->corps[aa].cash, ==, 920);
  g_assert_cmpint (engine->bank, ==, bank + 80);
  g_assert_true (kol_entity_equal (engine->trains[train (engine, "2-0")].owner, kol_test_corp_entity (engine, "AA")));
  g_assert_cmpint (kol_test_count_log (KOL_LOG_BUYS_TRAIN_DEPOT), ==, 1);
  /* room left: AA may buy more or pass */
  g_assert_cmpuint (kol_engine_actions_for (engine, kol_test_corp_entity (engine, "AA")) & KOL_ACTION_BIT (KOL_ACTION_PASS),
                    !=, 0);
}

/* The first 3 starts phase 3 (1849 §10.6: the first of a class); the first
 * 4 starts phase 4, whose events run (close_companies) and 2s rust
 * (rusts_on) wherever they are. */
static void
test_phases_and_rust (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int aa = kol_test_corp (engine, "AA"), bb = kol_test_corp (engine, "BB");
  gint16 list[8];

  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "AA", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "3-0"), 180, NULL)), ==, -1);
  g_assert_cmpint (engine->phase, ==, 1);
  g_assert_false (kol_test_saw_event ("close_companies"));
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "3-1"), 180, NULL)), ==, -1);
  g_assert_cmpint (engine->phase, ==, 1);
  /* AA is at the limit of 4: the step passed, BB buys */
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "BB", train (engine, "4-0"), 300, NULL)), ==, -1);
  g_assert_cmpint (engine->phase, ==, 2);
  g_assert_true (kol_test_saw_event ("close_companies"));
  g_assert_true (engine->trains[train (engine, "2-0")].rusted);
  g_assert_true (engine->trains[train (engine, "2-2")].rusted);
  g_assert_cmpint (kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, aa), list, 8), ==, 2);
  g_assert_cmpint (kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, bb), list, 8), ==, 1);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TRAINS_RUST), ==, 1);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TRAINS_RUST_OWNER), ==, 2);
}

/* Trains still in the depot rust too (owner "The
 * Depot" in the log). */
static void
test_rust_in_depot (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  gint16 list[KOL_MAX_TRAINS];

  kol_test_give_train (engine, "AA", "2");
  kol_default_rust_trains (engine, train (engine, "4-0"), kol_test_corp_entity (engine, "AA"));
  g_assert_true (engine->trains[train (engine, "2-1")].rusted);
  g_assert_cmpint (engine->trains[train (engine, "2-1")].owner.kind, ==, KOL_ENTITY_REMOVED);
  g_assert_cmpint (kol_engine_trains_of (engine, kol_test_corp_entity (engine, "AA"), list, KOL_MAX_TRAINS), ==, 0);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TRAINS_RUST_OWNER), ==, 2);
  g_assert_false (engine->trains[train (engine, "3-0")].rusted);
}

/* Buying the 3+ variant costs its price and renames the
 * train; the phase still follows the train type. */
static void
test_variant (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);

  kol_test_give_train (engine, "BB", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "3-0"), 180, "3+")), ==,
                   KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "3-0"), 150, "3+")), ==, -1);
  g_assert_cmpstr (kol_engine_train_name (engine, train (engine, "3-0")), ==, "3+");
  g_assert_cmpint (engine->corps[kol_test_corp (engine, "AA")].cash, ==, 850);
  g_assert_cmpint (engine->phase, ==, 1);
}

/* A title may restrict variants (1840 by round): train_variant_buyable. */
static gboolean
no_plus (KolEngine *engine,
         int        corp,
         int        t,
         int        variant)
{
  return variant == 0;
}

static void
test_variant_hook (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);

  kol_test_op_hooks.train_variant_buyable = no_plus;
  kol_test_give_train (engine, "BB", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_test_give_train (engine, "BB", "2");
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "3-0"), 150, "3+")), ==,
                   KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TRAIN_NOT_BUYABLE);
}

typedef struct
{
  const char *what;
  int         price;
  gboolean    from_others_forbidden;
  int         code;
} OtherCase;

/* Another corporation's train for 1 up to the buyer's cash (1849 §10.6); a
 * title that forbids buying from others (1840) refuses it. */
static const OtherCase other_cases[] = {
  { "one", 1, FALSE, -1 },
  { "all the cash", 1000, FALSE, -1 },
  { "more than the cash", 1001, FALSE, KOL_ENGINE_ERROR_TRAIN },
  { "zero", 0, FALSE, KOL_ENGINE_ERROR_TRAIN },
  { "not allowed by the title", 10, TRUE, KOL_ENGINE_ERROR_TRAIN },
};

static void
test_buy_from_other (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (other_cases); i++)
    {
      const OtherCase *c = &other_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = new_game (&title);
      int t, bb_cash;

      g_test_message ("%s", c->what);
      kol_test_op_hooks.no_train_buy_from_others = (guint8) c->from_others_forbidden;
      t = kol_test_give_train (engine, "BB", "2");
      bb_cash = engine->corps[kol_test_corp (engine, "BB")].cash;
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", t, c->price, NULL)), ==, c->code);
      if (c->code < 0)
        {
          g_assert_true (kol_entity_equal (engine->trains[t].owner, kol_test_corp_entity (engine, "AA")));
          g_assert_cmpint (engine->corps[kol_test_corp (engine, "BB")].cash, ==, bb_cash + c->price);
          g_assert_cmpint (kol_test_count_log (KOL_LOG_BUYS_TRAIN), ==, 1);
        }
    }
}

/* A corporation over the train limit (phase 4:
 * limit 2) must discard; the train goes to the discard pile and is on offer
 * again (bought "from The Discard"). */
static void
test_discard (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  gint16 crowded[4];
  KolAction *a;
  g_autofree char *names = NULL;
  int t;

  kol_test_give_train (engine, "AA", "3");
  kol_test_give_train (engine, "AA", "3");
  t = kol_test_give_train (engine, "AA", "4");
  kol_engine_set_phase (engine, 2);
  g_assert_cmpint (kol_crowded_corps (engine, crowded, 4), ==, 1);
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Discard Trains");
  a = kol_action_new (KOL_ACTION_DISCARD_TRAIN, kol_test_corp_entity (engine, "AA"));
  a->train = (gint16) train (engine, "4-1");
  /* not AA's train */
  g_assert_cmpint (kol_test_apply (engine, a), ==, KOL_ENGINE_ERROR_TRAIN);
  a = kol_action_new (KOL_ACTION_DISCARD_TRAIN, kol_test_corp_entity (engine, "AA"));
  a->train = (gint16) t;
  g_assert_cmpint (kol_test_apply (engine, a), ==, -1);
  g_assert_cmpint (engine->trains[t].owner.kind, ==, KOL_ENTITY_POOL);
  g_assert_cmpint (kol_crowded_corps (engine, crowded, 4), ==, 0);
  names = depot_names (engine);
  g_assert_cmpstr (names, ==, "2-0 D-0 4-0");
  /* AA is at its limit, so its turn ended; BB buys the 4 from the discard */
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "BB", t, 300, NULL)), ==, -1);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_BUYS_TRAIN_DISCARD), ==, 1);
}

/* A forced purchase (1849 §10.6, §10.7): a corporation without trains but
 * with a route must buy; it cannot pass; the president pays what the
 * treasury lacks, only for the cheapest depot train. */
static void
test_must_buy (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int aa = kol_test_corp (engine, "AA");
  int p0;
  guint32 actions;
  KolTrainOffer offers[8];
  int n;

  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_board_place_token (engine, aa, 0, kol_test_hex (engine, "A1"), 0, -1);
  engine->corps[aa].cash = 50;
  /* a 4 in the discard pile: dearer than the cheapest depot train */
  kol_depot_reclaim_train (engine, train (engine, "4-1"));
  kol_test_start_or (engine, steps, NULL);
  g_assert_true (kol_operating_must_buy_train (engine, aa));
  actions = kol_engine_actions_for (engine, kol_test_corp_entity (engine, "AA"));
  g_assert_cmpuint (actions & KOL_ACTION_BIT (KOL_ACTION_PASS), ==, 0);
  g_assert_cmpuint (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN), !=, 0);
  /* the step explains why pass is refused */
  g_assert_cmpint (kol_test_apply (engine, kol_test_pass (engine, "AA")), ==, KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TRAIN_MUST_BUY);

  /* offered: the 2 (with the president's money), not the 4 */
  n = kol_buyable_train_offers (engine, aa, offers, G_N_ELEMENTS (offers));
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (offers[0].train, ==, train (engine, "2-0"));
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "4-1"), 300, NULL)), ==,
                   KOL_ENGINE_ERROR_TRAIN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TRAIN_CHEAPEST);

  p0 = engine->players[0].cash;
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-0"), 80, NULL)), ==, -1);
  g_assert_cmpint (engine->players[0].cash, ==, p0 - 30);
  g_assert_cmpint (engine->corps[aa].cash, ==, 0);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_CONTRIBUTES), ==, 1);
}

/* The president cannot pay either: refused (he must sell shares first). */
static void
test_must_buy_no_cash (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int aa = kol_test_corp (engine, "AA");

  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_board_place_token (engine, aa, 0, kol_test_hex (engine, "A1"), 0, -1);
  engine->corps[aa].cash = 50;
  engine->players[0].cash = 10;
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-0"), 80, NULL)), ==,
                   KOL_ENGINE_ERROR_NO_CASH);
  g_assert_cmpint (engine->players[0].cash, ==, 10);
  g_assert_cmpint (engine->corps[aa].cash, ==, 50);
}

static KolAction *
sell_action (KolEngine *engine,
             int        player,
             int        corp,
             int        n)
{
  KolAction *a = kol_action_new (KOL_ACTION_SELL_SHARES, kol_entity (KOL_ENTITY_PLAYER, player));
  gint16 certs[KOL_MAX_CERTS];
  int held = kol_engine_certs_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), corp, certs, KOL_MAX_CERTS);

  g_assert_cmpint (held, >=, n);
  a->n_shares = (guint8) n;
  for (int i = 0; i < n; i++)
    a->shares[i] = certs[i];
  return a;
}

/* Raising money in BuyTrain (1849 §10.7): the president sells shares of
 * another corporation, only as many as the cheapest train needs; the price
 * drops; then the purchase uses the president's money. */
static void
test_emergency_sale (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int aa = kol_test_corp (engine, "AA"), bb = kol_test_corp (engine, "BB");
  KolBundle bundles[16];
  KolStep *s;
  int n;

  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_board_place_token (engine, aa, 0, kol_test_hex (engine, "A1"), 0, -1);
  kol_test_give_shares (engine, bb, kol_entity (KOL_ENTITY_PLAYER, 0), 2);
  engine->corps[bb].operated = 1;
  engine->corps[aa].cash = 0;
  engine->players[0].cash = 10;
  kol_test_start_or (engine, steps, NULL);
  s = kol_round_buy_train_step (engine);
  g_assert_nonnull (s);
  g_assert_cmpuint (kol_engine_actions_for (engine, kol_entity (KOL_ENTITY_PLAYER, 0)) &
                    KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES), !=, 0);
  /* one share raises enough: two are refused */
  n = kol_ebuy_sellable_bundles (engine, s, 0, bundles, G_N_ELEMENTS (bundles));
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (bundles[0].percent, ==, 10);
  g_assert_cmpint (kol_test_apply (engine, sell_action (engine, 0, bb, 2)), ==, KOL_ENGINE_ERROR_CANNOT_SELL);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_SELL_NOT_NEEDED);
  g_assert_cmpint (kol_test_apply (engine, sell_action (engine, 0, bb, 1)), ==, -1);
  g_assert_cmpint (engine->players[0].cash, ==, 10 + 110);
  g_assert_cmpint (engine->corps[bb].price_row, ==, 1);
  g_assert_cmpint (kol_step_buy_train_data (kol_round_buy_train_step (engine))->last_share_sold_price, ==, 110);
  g_assert_cmpint (kol_test_apply (engine, kol_test_buy_train_action (engine, "AA", train (engine, "2-0"), 80, NULL)), ==, -1);
  g_assert_cmpint (engine->players[0].cash, ==, 40);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trains/depot-trains", test_depot_trains);
  g_test_add_func ("/trains/buy-from-depot", test_buy_from_depot);
  g_test_add_func ("/trains/phases-and-rust", test_phases_and_rust);
  g_test_add_func ("/trains/rust-in-depot", test_rust_in_depot);
  g_test_add_func ("/trains/variant", test_variant);
  g_test_add_func ("/trains/variant-hook", test_variant_hook);
  g_test_add_func ("/trains/buy-from-other", test_buy_from_other);
  g_test_add_func ("/trains/discard", test_discard);
  g_test_add_func ("/trains/must-buy", test_must_buy);
  g_test_add_func ("/trains/must-buy-no-cash", test_must_buy_no_cash);
  g_test_add_func ("/trains/emergency-sale", test_emergency_sale);
  return g_test_run ();
}
