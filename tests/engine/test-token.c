/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * Station tokens in operating rounds (1849 §10.4, 1840 IX.6): whether and
 * where a token may be placed, its price, one token a turn, the HomeToken
 * step, and the tokens of a trackless multi-city tile that gets track.
 */

static const KolStepClass *const steps[] = {
  &kol_step_home_token, &kol_step_token, NULL,
};

/* AA at A1 with track down to A7; BB floated too. */
static KolEngine *
new_game (KolTitle **title,
          int        aa_cash)
{
  KolEngine *engine;

  kol_test_op_reset ();
  *title = kol_test_op_title ();
  engine = kol_test_op_game (*title);
  kol_test_float (engine, "AA", 0, 0, 2, aa_cash);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  return engine;
}

/* The token's price (the second token costs 40 on
 * this board) is paid to the bank; the turn's token is used and the Token
 * step passes. */
static void
test_place_token (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 300);
  g_autofree char *a7 = NULL;
  int aa = kol_test_corp (engine, "AA");

  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Place a Token");
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "AA", "A7", 0)), ==, -1);
  a7 = kol_test_slots (engine, "A7");
  g_assert_cmpstr (a7, ==, "AA");
  g_assert_cmpint (engine->corps[aa].cash, ==, 300 - 40);
  g_assert_true (engine->corps[aa].tokens[1].used);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TOKEN_PLACED_FOR), ==, 1);
  /* the step passed, AA's turn is over; BB had nothing to do: round over */
  g_assert_true (engine->finished);
}

/* The cheapest token must be affordable, so a
 * poor corporation has no token action and the step is skipped. */
static void
test_cannot_afford (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 30);

  kol_test_start_or (engine, steps, NULL);
  g_assert_true (kol_round_finished (engine));
  g_assert_cmpint (kol_test_count_log (KOL_LOG_STEP_SKIP), ==, 2);
}

typedef struct
{
  const char *what;
  const char *hex;
  int         city;
  int         code;
  int         reason;
} RefusalCase;

/* Placements refused (not connected, no slot, same hex…), with their
 * reasons. */
static const RefusalCase refusal_cases[] = {
  { "not reachable", "C1", 0, KOL_ENGINE_ERROR_TOKEN, KOL_REASON_TOKEN_NOT_REACHABLE },
  { "already there (same hex)", "A1", 0, KOL_ENGINE_ERROR_TOKEN, KOL_REASON_TOKEN_NOT_REACHABLE },
  { "no such city", "A7", 1, KOL_ENGINE_ERROR_TOKEN, KOL_REASON_TOKEN_NO_SLOT },
};

static void
test_refusals (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    {
      const RefusalCase *c = &refusal_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = new_game (&title, 300);

      g_test_message ("%s", c->what);
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "AA", c->hex, c->city)), ==, c->code);
      g_assert_cmpint (kol_test_refusal_reason (engine), !=, KOL_REASON_NONE);
      if (i != 1)
        g_assert_cmpint (kol_test_refusal_reason (engine), ==, c->reason);
      g_assert_cmpint (engine->corps[kol_test_corp (engine, "AA")].cash, ==, 300);
    }
}

/* One token a turn (1849 §10.4): "Token already placed this turn". */
static void
test_one_token_per_turn (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 300);
  g_autoptr(GError) error = NULL;
  int aa = kol_test_corp (engine, "AA");

  kol_test_start_or (engine, steps, NULL);
  KOL_OPERATING_STATE (engine)->tokened = TRUE;
  g_assert_false (kol_tokener_place_token (engine, kol_test_corp_entity (engine, "AA"), aa,
                                           kol_tokener_available_token (engine, aa), kol_test_hex (engine, "A7"), 0,
                                           NULL, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_TOKEN);
  g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TOKEN_ALREADY_PLACED);
}

/* Legal choices: the reachable cities with their cost. */
static void
test_targets (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 300);
  KolTokenTarget targets[8];
  int n;

  kol_test_start_or (engine, steps, NULL);
  n = kol_token_targets (engine, kol_test_corp_entity (engine, "AA"), targets, G_N_ELEMENTS (targets));
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (targets[0].hex, ==, kol_test_hex (engine, "A7"));
  g_assert_cmpint (targets[0].city, ==, 0);
  g_assert_cmpint (targets[0].cost, ==, 40);
  g_assert_cmpint (kol_token_targets (engine, kol_test_corp_entity (engine, "BB"), targets, 8), ==, 0);
}

/* The token comes from the corporation the action names when it names one
 * (placing another corporation's token). */
static void
test_tokener_field (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title, 300);
  KolAction *a;
  g_autofree char *a7 = NULL;

  kol_test_start_or (engine, steps, NULL);
  a = kol_test_token_action (engine, "AA", "A7", 0);
  a->tokener = (gint16) kol_test_corp (engine, "CC");
  g_assert_cmpint (kol_test_apply (engine, a), ==, -1);
  a7 = kol_test_slots (engine, "A7");
  g_assert_cmpstr (a7, ==, "CC");
}

/* A trackless tile with two cities holding a
 * token gets track: the token comes off and its corporation (for the
 * operator) chooses its city in the HomeToken step. */
static const KolTestHex oo_hexes[] = {
  { "A1", "yellow", "city=revenue:20;path=a:0,b:_0" },
  { "A3", NULL, "city=revenue:0;city=revenue:0;label=OO" },
  { "A5", NULL, NULL },
  { NULL },
};

static const KolTestTile oo_tiles[] = {
  { "OO1", "yellow", 1, "city=revenue:20;city=revenue:20;path=a:3,b:_0;path=a:0,b:_1;label=OO" },
  { NULL },
};

static const KolTestCorp oo_corps[] = {
  { "AA", 3, "A1", 0 },
  { "BB", 2, NULL, 0 },
  { NULL },
};

static void
test_update_token (void)
{
  static const KolStepClass *const track_steps[] = {
    &kol_step_home_token, &kol_step_track, &kol_step_token, NULL,
  };
  KolTestTitleSpec spec = { .hexes = oo_hexes, .tiles = oo_tiles, .corps = oo_corps };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  g_autofree char *before = NULL, *after = NULL;
  KolPendingTokens *pending;

  kol_test_op_reset ();
  title = kol_test_title_new (&spec);
  kol_test_set_market (title, kol_test_op_market);
  kol_test_set_shares (title);
  engine = kol_test_op_game (title);
  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_board_place_token (engine, kol_test_corp (engine, "BB"), 0, kol_test_hex (engine, "A3"), 1, -1);
  before = kol_test_slots (engine, "A3");
  kol_test_start_or (engine, track_steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "OO1", 0)), ==, -1);

  after = kol_test_slots (engine, "A3");
  g_assert_cmpstr (before, ==, "- | BB");
  g_assert_cmpstr (after, ==, "- | -");
  pending = kol_round_pending_tokens (engine);
  g_assert_nonnull (pending);
  g_assert_cmpint (pending->n, ==, 1);
  g_assert_cmpint (pending->tokens[0].corp, ==, kol_test_corp (engine, "BB"));
  g_assert_true (kol_entity_equal (pending->tokens[0].entity, kol_test_corp_entity (engine, "AA")));
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Place Home Token");
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TOKEN_CHOOSE), ==, 1);

  /* AA places BB's token in the second city (the faked action) */
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "AA", "A3", 1)), ==, -1);
  g_clear_pointer (&after, g_free);
  after = kol_test_slots (engine, "A3");
  g_assert_cmpstr (after, ==, "- | BB");
  g_assert_cmpint (kol_round_pending_tokens (engine)->n, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/token/place", test_place_token);
  g_test_add_func ("/token/cannot-afford", test_cannot_afford);
  g_test_add_func ("/token/refusals", test_refusals);
  g_test_add_func ("/token/one-per-turn", test_one_token_per_turn);
  g_test_add_func ("/token/targets", test_targets);
  g_test_add_func ("/token/tokener-field", test_tokener_field);
  g_test_add_func ("/token/update-token", test_update_token);
  return g_test_run ();
}
