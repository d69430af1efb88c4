/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * The operating round and the rules it asks about: the operating order by
 * share price (1849 §10), the private companies' revenue, home tokens and
 * when they go down, the sequence of turns (a turn starts, lasts while a
 * step waits, passes to the next corporation, ends the round) and the
 * order sorted again after prices move.
 */

static const KolStepClass *const track_token_steps[] = {
  &kol_step_home_token, &kol_step_track, &kol_step_token, NULL,
};

static KolEngine *
new_game (KolTitle **title)
{
  kol_test_op_reset ();
  *title = kol_test_op_title ();
  return kol_test_op_game (*title);
}

/* ------------------------------------------------------- operating order */

typedef struct
{
  const char *what;
  /* AA, BB, CC: row, col; -1 row = not floated */
  int         cells[3][2];
  const char *order;
} OrderCase;

/* Operating order (1849 §10): higher price, then further right, then higher,
 * then the top of the stack; only floated corporations operate. */
static const OrderCase order_cases[] = {
  { "higher price first", { { 1, 1 }, { 0, 3 }, { 0, 0 } }, "BB AA CC" },
  { "same price: further right first", { { 1, 2 }, { 0, 2 }, { -1, 0 } }, "BB AA" },
  { "same price and column: higher row first", { { 1, 1 }, { 0, 1 }, { -1, 0 } }, "BB AA" },
  { "same cell: earlier arrival first", { { 0, 1 }, { 0, 1 }, { 0, 1 } }, "AA BB CC" },
  { "unfloated corporations do not operate", { { -1, 0 }, { 0, 4 }, { -1, 0 } }, "BB" },
};

static void
test_operating_order (void)
{
  static const char *ids[] = { "AA", "BB", "CC" };

  for (gsize i = 0; i < G_N_ELEMENTS (order_cases); i++)
    {
      const OrderCase *c = &order_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = new_game (&title);
      KolEntity order[KOL_MAX_ROUND_ENTITIES];
      g_autoptr(GString) got = g_string_new (NULL);
      int n;

      for (int k = 0; k < 3; k++)
        if (c->cells[k][0] >= 0)
          kol_test_float (engine, ids[k], k % 2, c->cells[k][0], c->cells[k][1], 100);
      n = kol_operating_order (engine, order, KOL_MAX_ROUND_ENTITIES);
      for (int k = 0; k < n; k++)
        g_string_append_printf (got, "%s%s", k ? " " : "", engine->title->corps[order[k].index].id);
      g_test_message ("%s", c->what);
      g_assert_cmpstr (got->str, ==, c->order);
    }
}

/* ------------------------------------------------------ company revenue */

/* Owned companies pay their owner at the start of the round (1849 §10),
 * players first; unowned and closed companies pay nothing. */
static void
test_payout_companies (void)
{
  static const KolStepClass *const no_steps[] = { NULL };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int p0 = engine->players[0].cash, aa_cash = 300;

  kol_test_float (engine, "AA", 0, 0, 2, aa_cash);
  kol_engine_move_company (engine, 0, kol_entity (KOL_ENTITY_PLAYER, 0));
  kol_engine_move_company (engine, 1, kol_test_corp_entity (engine, "AA"));
  kol_test_start_or (engine, no_steps, NULL);

  g_assert_cmpint (engine->players[0].cash, ==, p0 + 5);
  g_assert_cmpint (engine->corps[kol_test_corp (engine, "AA")].cash, ==, aa_cash + 10);
  g_assert_cmpint (kol_test_count_log (KOL_LOG_COMPANY_REVENUE), ==, 2);
}

static void
no_payout (KolEngine *engine)
{
}

/* A title's payout_companies hook replaces the generic one (1840 pays only
 * in some rounds, VIII.2). */
static void
test_payout_companies_hook (void)
{
  static const KolStepClass *const no_steps[] = { NULL };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int p0 = engine->players[0].cash;

  kol_test_op_hooks.payout_companies = no_payout;
  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_engine_move_company (engine, 0, kol_entity (KOL_ENTITY_PLAYER, 0));
  kol_test_start_or (engine, no_steps, NULL);
  g_assert_cmpint (engine->players[0].cash, ==, p0);
}

/* ----------------------------------------------------------- home tokens */

/* KOL_HOME_TOKEN_OPERATE (the usual rule): the home token goes down when
 * the corporation starts its first turn. */
static void
test_home_token_on_operate (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  g_autofree char *slots = NULL;

  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  kol_test_start_or (engine, track_token_steps, NULL);

  slots = kol_test_slots (engine, "A1");
  g_assert_cmpstr (slots, ==, "AA");
  /* BB has not started yet */
  g_clear_pointer (&slots, g_free);
  slots = kol_test_slots (engine, "C1");
  g_assert_cmpstr (slots, ==, "rBB");
  g_assert_cmpint (kol_test_count_log (KOL_LOG_OPERATES), ==, 1);
  g_assert_true (kol_entity_equal (engine->round.current_operator, kol_test_corp_entity (engine, "AA")));
}

/* KOL_HOME_TOKEN_OPERATING_ROUND: every home token at the start of the
 * round. */
static void
test_home_token_on_round (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  g_autofree char *a1 = NULL, *c1 = NULL;

  kol_test_op_hooks.home_token_timing = KOL_HOME_TOKEN_OPERATING_ROUND;
  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  kol_test_start_or (engine, track_token_steps, NULL);
  a1 = kol_test_slots (engine, "A1");
  c1 = kol_test_slots (engine, "C1");
  g_assert_cmpstr (a1, ==, "AA");
  g_assert_cmpstr (c1, ==, "BB");
}

static int
cc_home_choices (KolEngine *engine,
                 int        corp,
                 gint16    *hexes,
                 int        max)
{
  hexes[0] = (gint16) kol_test_hex (engine, "A7");
  hexes[1] = (gint16) kol_test_hex (engine, "C1");
  return 2;
}

/* A home without a hex: the corporation chooses among the title's home
 * token locations in the HomeToken step (1849's AFG, §9.4.1). */
static void
test_home_token_choice (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  KolTokenTarget targets[8];
  g_autofree char *a7 = NULL;
  int n;

  kol_test_op_hooks.home_token_locations = cc_home_choices;
  kol_test_float (engine, "CC", 0, 0, 2, 300);
  kol_test_start_or (engine, track_token_steps, NULL);

  g_assert_cmpstr (kol_test_active_step (engine), ==, "Place Home Token");
  g_assert_cmpint (kol_test_count_log (KOL_LOG_HOME_TOKEN_CHOOSE), ==, 1);
  n = kol_home_token_targets (engine, targets, G_N_ELEMENTS (targets));
  /* C1 is reserved for BB: only A7 */
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (targets[0].hex, ==, kol_test_hex (engine, "A7"));

  /* a hex outside the choices is refused */
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "CC", "A1", 0)), ==,
                   KOL_ENGINE_ERROR_TOKEN);
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "CC", "A7", 0)), ==, -1);
  a7 = kol_test_slots (engine, "A7");
  g_assert_cmpstr (a7, ==, "CC");
  /* the choice did not use the turn's token */
  g_assert_false (KOL_OPERATING_STATE (engine)->tokened);
}

/* ------------------------------------------------------- turn sequence */

/* A corporation's turn lasts
 * while a step waits for it; when every step passed the next one operates
 * with fresh steps; after the last one the round is finished. */
static void
test_turn_sequence (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);

  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  kol_test_start_or (engine, track_token_steps, NULL);

  g_assert_cmpstr (kol_test_active_step (engine), ==, "Lay Track");
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "AA")));
  /* BB may not act now */
  g_assert_cmpint (kol_test_apply (engine, kol_test_pass (engine, "BB")), ==, KOL_ENGINE_ERROR_NOT_YOUR_TURN);
  /* AA passes track; the token step has nothing to do (no reachable city), so
   * BB operates */
  g_assert_cmpint (kol_test_apply (engine, kol_test_pass (engine, "AA")), ==, -1);
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
  g_assert_true (kol_entity_equal (engine->round.current_operator, kol_test_corp_entity (engine, "BB")));
  g_assert_cmpint (kol_test_count_log (KOL_LOG_OPERATES), ==, 2);
  g_assert_cmpint (kol_test_apply (engine, kol_test_pass (engine, "BB")), ==, -1);
  /* the round is over: the generic module has no next round, the game ends */
  g_assert_true (engine->finished);
}

/* The entities after the current one are sorted again (after emergency
 * sales moved prices). */
static void
test_recalculate_order (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);

  kol_test_float (engine, "AA", 0, 0, 4, 300);
  kol_test_float (engine, "BB", 1, 0, 2, 300);
  kol_test_float (engine, "CC", 0, 0, 1, 300);
  kol_test_start_or (engine, track_token_steps, NULL);
  g_assert_cmpint (engine->round.n_entities, ==, 3);
  /* CC's price rises above BB's */
  kol_market_move (engine, kol_test_corp (engine, "CC"), kol_cell (0, 3));
  kol_round_operating_recalculate_order (engine);
  g_assert_cmpint (engine->round.entities[0].index, ==, kol_test_corp (engine, "AA"));
  g_assert_cmpint (engine->round.entities[1].index, ==, kol_test_corp (engine, "CC"));
  g_assert_cmpint (engine->round.entities[2].index, ==, kol_test_corp (engine, "BB"));
}

/* The operating corporation closes (1849 §11): its tokens and cash go, and
 * the next corporation operates at once. */
static void
test_close_operating_corporation (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  g_autofree char *a1 = NULL;
  int aa = 0;

  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  kol_test_start_or (engine, track_token_steps, NULL);
  aa = kol_test_corp (engine, "AA");
  kol_default_close_corporation (engine, aa);
  a1 = kol_test_slots (engine, "A1");
  g_assert_cmpstr (a1, ==, "-");
  g_assert_cmpint (engine->corps[aa].cash, ==, 0);
  g_assert_true (engine->corps[aa].closed);
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
}

/* Every action a step's legal_actions offers is accepted (the engine
 * "offers only legal moves"): a walk through whole turns of a round with
 * every generic step, checking each offered action on a copy of the game,
 * then taking the first (run_routes, which needs the router, by hand). */
static void
test_legal_actions_apply (void)
{
  static const KolStepClass *const all_steps[] = {
    &kol_step_bankrupt, &kol_step_buy_company, &kol_step_home_token, &kol_step_track, &kol_step_token,
    &kol_step_route, &kol_step_dividend, &kol_step_discard_train, &kol_step_buy_train,
    &kol_step_buy_company, NULL,
  };
  static const gint16 all_opts[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, KOL_BUY_COMPANY_BLOCKS };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = new_game (&title);
  int checked = 0;

  kol_test_float (engine, "AA", 0, 0, 2, 600);
  kol_test_float (engine, "BB", 1, 0, 1, 600);
  kol_engine_move_company (engine, 0, kol_entity (KOL_ENTITY_PLAYER, 0));
  kol_engine_set_phase (engine, 1);
  kol_test_start_or (engine, all_steps, all_opts);
  for (int guard = 0; guard < 60 && !engine->finished; guard++)
    {
      KolStep *s = kol_round_active_step (engine);
      KolEntity e = kol_round_current_entity (engine);
      g_autoptr(GPtrArray) legal = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);

      g_assert_nonnull (s);
      if (s->klass == &kol_step_route)
        {
          gint16 trains[4];
          int pairs[] = { 0, 30, -1 };

          g_assert_cmpint (kol_route_trains (engine, e.index, trains, 4), >=, 1);
          pairs[0] = trains[0];
          g_assert_cmpint (kol_test_apply (engine, kol_test_run_action (engine, engine->title->corps[e.index].id, pairs)), ==, -1);
          continue;
        }
      g_assert_nonnull (s->klass->legal_actions);
      s->klass->legal_actions (engine, s, e, legal);
      g_assert_cmpuint (legal->len, >, 0);
      for (guint i = 0; i < legal->len; i++)
        {
          g_autoptr(KolEngine) copy = kol_engine_copy (engine);
          g_autoptr(GError) error = NULL;

          if (!kol_engine_apply (copy, g_ptr_array_index (legal, i), FALSE, NULL, &error))
            g_error ("%s: offered %s refused: %s", s->klass->name,
                     kol_action_type_to_string (((KolAction *) g_ptr_array_index (legal, i))->type),
                     error->message);
          checked++;
        }
      g_assert_cmpint (kol_test_apply (engine, kol_action_copy (g_ptr_array_index (legal, 0))), ==, -1);
    }
  g_assert_true (engine->finished);
  g_assert_cmpint (checked, >, 10);
  /* the walk laid track, bought trains and the company */
  g_assert_cmpint (engine->hexes[kol_test_hex (engine, "A3")].copy, >=, 0);
  g_assert_cmpint (kol_num_corp_trains (engine, kol_test_corp (engine, "AA")), >=, 1);
  g_assert_true (engine->companies[0].owner.kind == KOL_ENTITY_CORP);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/operating/order", test_operating_order);
  g_test_add_func ("/operating/payout-companies", test_payout_companies);
  g_test_add_func ("/operating/payout-companies-hook", test_payout_companies_hook);
  g_test_add_func ("/operating/home-token/operate", test_home_token_on_operate);
  g_test_add_func ("/operating/home-token/operating-round", test_home_token_on_round);
  g_test_add_func ("/operating/home-token/choice", test_home_token_choice);
  g_test_add_func ("/operating/turn-sequence", test_turn_sequence);
  g_test_add_func ("/operating/recalculate-order", test_recalculate_order);
  g_test_add_func ("/operating/close-corporation", test_close_operating_corporation);
  g_test_add_func ("/operating/legal-actions-apply", test_legal_actions_apply);
  return g_test_run ();
}
