/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-operating.h"

/*
 * Track laying in operating rounds (1849 §10.3, 1840 IX.4): the lays a turn
 * allows, where a corporation may lay, the refusals, the track restriction
 * and the cost of a lay; the Track and TrackAndToken steps.
 */

static const KolStepClass *const steps[] = {
  &kol_step_home_token, &kol_step_track, &kol_step_token, NULL,
};

/* AA operates alone (BB floats later), its home token placed. */
static KolEngine *
new_game (KolTitle **title)
{
  KolEngine *engine;

  *title = kol_test_op_title ();
  engine = kol_test_op_game (*title);
  kol_test_float (engine, "AA", 0, 0, 2, 300);
  kol_test_float (engine, "BB", 1, 0, 1, 300);
  return engine;
}

static int
aa_cash (KolEngine *engine)
{
  return engine->corps[kol_test_corp (engine, "AA")].cash;
}

/* The usual lay (one lay or upgrade, 1849 §10.3) and its cost: the terrain
 * cost of the printed hex is paid; after the lay the Track step passes and
 * the next corporation operates. */
static void
test_lay_with_terrain (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  g_autofree char *tile = NULL;

  kol_test_op_reset ();
  engine = new_game (&title);
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "9", 0)), ==, -1);
  g_assert_cmpint (aa_cash (engine), ==, 300 - 40);
  g_assert_cmpstr (engine->title->tiles[engine->hexes[kol_test_hex (engine, "A3")].tile].id, ==, "9");
  g_assert_cmpint (kol_test_count_log (KOL_LOG_TILE_LAID_COST), ==, 1);
  /* one lay only: AA's turn ended (no token target), BB operates */
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
}

static const KolTileLay two_lays[] = {
  { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
  { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
};

/* 1840's lays: two a turn (IX.3: a track tile and a Stadtbahn tile); the
 * round state counts them and the hexes laid on. */
static void
test_two_lays (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  KolOperatingRoundState *st;

  kol_test_op_reset ();
  kol_test_op_hooks.tile_lays_table = two_lays;
  kol_test_op_hooks.n_tile_lays = G_N_ELEMENTS (two_lays);
  engine = new_game (&title);
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "9", 0)), ==, -1);
  st = KOL_OPERATING_STATE (engine);
  g_assert_cmpint (st->num_laid_track, ==, 1);
  g_assert_cmpint (st->n_laid_hexes, ==, 1);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Lay Track");
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A5", "9", 0)), ==, -1);
  /* no lay left: the Token step takes over (A7 is now reachable) */
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Place a Token");
}

typedef struct
{
  const char *what;
  KolTileLay  lays[2];
  int         n_lays;
  gboolean    upgrade_allowed_second;  /* expected */
} NotIfUpgradedCase;

/* A lay "not if upgraded" forbids a second lay (or upgrade) after an upgrade
 * this turn. */
static const NotIfUpgradedCase upgrade_cases[] = {
  { "upgrade then lay: not if upgraded",
    { { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
      { KOL_TILE_LAY_NOT_IF_UPGRADED, KOL_TILE_LAY_NO, FALSE, 0, -1 } }, 2, FALSE },
  { "upgrade then lay: allowed",
    { { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
      { KOL_TILE_LAY_YES, KOL_TILE_LAY_NO, FALSE, 0, -1 } }, 2, TRUE },
};

static void
test_not_if_upgraded (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (upgrade_cases); i++)
    {
      const NotIfUpgradedCase *c = &upgrade_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = NULL;
      KolTileLay lay;

      g_test_message ("%s", c->what);
      kol_test_op_reset ();
      kol_test_op_hooks.tile_lays_table = c->lays;
      kol_test_op_hooks.n_tile_lays = c->n_lays;
      kol_test_op_hooks.track_restriction = KOL_TRACK_PERMISSIVE;
      engine = new_game (&title);
      kol_test_lay (engine, "A3", "9", 0);
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "G8", 0)), ==, -1);
      if (c->upgrade_allowed_second)
        {
          g_assert_true (KOL_OPERATING_STATE (engine)->upgraded_track);
          g_assert_true (kol_tracker_get_tile_lay (engine, kol_test_corp_entity (engine, "AA"), &lay));
          g_assert_true (lay.lay);
          g_assert_false (lay.upgrade);
          g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A5", "9", 0)), ==, -1);
        }
      else
        {
          /* nothing left to lay: AA's turn is over */
          g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
          g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A5", "9", 0)), ==,
                           KOL_ENGINE_ERROR_NOT_YOUR_TURN);
        }
    }
}

typedef struct
{
  const char *what;
  const char *hex;
  const char *tile;
  int         rotation;
  int         cash;
  int         code;
  int         reason;
} RefusalCase;

/* Lays refused, with their reasons. */
static const RefusalCase refusal_cases[] = {
  { "not connected (board check_lay)", "C3", "9", 0, 300, KOL_ENGINE_ERROR_TILE, -1 },
  { "track off the map", "A3", "9", 1, 300, KOL_ENGINE_ERROR_TILE, -1 },
  { "cannot pay the terrain (Spender#spend)", "A3", "9", 0, 30, KOL_ENGINE_ERROR_NO_CASH, KOL_REASON_NONE },
};

static void
test_refusals (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    {
      const RefusalCase *c = &refusal_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = NULL;
      int before_cash;

      g_test_message ("%s", c->what);
      kol_test_op_reset ();
      engine = new_game (&title);
      engine->corps[kol_test_corp (engine, "AA")].cash = c->cash;
      kol_test_start_or (engine, steps, NULL);
      before_cash = aa_cash (engine);
      g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", c->hex, c->tile, c->rotation)), ==,
                       c->code);
      if (c->reason >= 0)
        g_assert_cmpint (kol_test_refusal_reason (engine), ==, c->reason);
      else
        g_assert_cmpint (kol_test_refusal_reason (engine), !=, KOL_REASON_NONE);
      /* refused actions change nothing */
      g_assert_cmpint (aa_cash (engine), ==, before_cash);
      g_assert_cmpint (engine->hexes[kol_test_hex (engine, c->hex)].copy, ==, -1);
    }
}

typedef struct
{
  const char *what;
  int         restriction;
  int         code;
} RestrictionCase;

/* The track restriction: upgrading A3's straight to G9 adds
 * only a curve AA cannot reach; semi-restrictive (1849 §10.3) and
 * restrictive refuse it, permissive (1840) allows it. */
static const RestrictionCase restriction_cases[] = {
  { "semi-restrictive", KOL_TRACK_SEMI_RESTRICTIVE, KOL_ENGINE_ERROR_TILE },
  { "restrictive", KOL_TRACK_RESTRICTIVE, KOL_ENGINE_ERROR_TILE },
  { "permissive", KOL_TRACK_PERMISSIVE, -1 },
};

static void
test_track_restriction (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (restriction_cases); i++)
    {
      const RestrictionCase *c = &restriction_cases[i];
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(KolEngine) engine = NULL;

      g_test_message ("%s", c->what);
      kol_test_op_reset ();
      kol_test_op_hooks.track_restriction = (guint8) c->restriction;
      engine = new_game (&title);
      kol_test_lay (engine, "A3", "9", 0);
      kol_test_start_or (engine, steps, NULL);
      g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "G9", 0)), ==, c->code);
      if (c->code >= 0)
        g_assert_cmpint (kol_test_refusal_reason (engine), ==, KOL_REASON_TILE_NO_NEW_TRACK);
    }
}

/* An upgrade with new track AA reaches (G8: 3-4 from A1's side) is
 * fine under semi-restrictive. */
static void
test_track_restriction_new_track (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;

  kol_test_op_reset ();
  engine = new_game (&title);
  kol_test_lay (engine, "A3", "9", 0);
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "G8", 0)), ==, -1);
  /* no terrain cost on an upgrade of a laid tile */
  g_assert_cmpint (aa_cash (engine), ==, 300);
}

/* The cost of a lay is a hook (1849 charges by gauge, §10.3.1); it sees the
 * board after the lay. */
static int
half_terrain (KolEngine *engine,
              KolEntity  entity,
              int        spender,
              int        hex,
              int        old_tile,
              int        new_tile)
{
  g_assert_cmpint (engine->hexes[hex].tile, ==, new_tile);
  return kol_default_upgrade_cost (engine, entity, spender, hex, old_tile, new_tile) / 2;
}

static void
test_upgrade_cost_hook (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;

  kol_test_op_reset ();
  kol_test_op_hooks.upgrade_cost = half_terrain;
  engine = new_game (&title);
  kol_test_start_or (engine, steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "9", 0)), ==, -1);
  g_assert_cmpint (aa_cash (engine), ==, 300 - 20);
}

/* Legal choices: tracker_available_hex and upgradeable_tiles through the
 * board API, with the lay's cost. */
static void
test_legal_choices (void)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  gint16 hexes[16];
  KolTileOption options[8];
  g_autofree char *list = NULL;
  int n;

  kol_test_op_reset ();
  engine = new_game (&title);
  kol_test_start_or (engine, steps, NULL);
  n = kol_track_available_hexes (engine, kol_test_corp_entity (engine, "AA"), hexes, G_N_ELEMENTS (hexes));
  list = kol_test_hex_list (engine, hexes, n);
  g_assert_cmpstr (list, ==, "A3");
  n = kol_track_tile_options (engine, kol_test_corp_entity (engine, "AA"), kol_test_hex (engine, "A3"), options,
                              G_N_ELEMENTS (options));
  g_assert_cmpint (n, >=, 1);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (options[i].cost, ==, 40);
      g_assert_cmpint (options[i].rotations, !=, 0);
    }
  /* BB is not operating: nothing */
  g_assert_cmpint (kol_track_available_hexes (engine, kol_test_corp_entity (engine, "BB"), hexes, 16), ==, 0);
  /* with 30 in the treasury AA cannot pay the terrain: no tile offered */
  engine->corps[kol_test_corp (engine, "AA")].cash = 30;
  g_assert_cmpint (kol_track_tile_options (engine, kol_test_corp_entity (engine, "AA"), kol_test_hex (engine, "A3"),
                                           options, G_N_ELEMENTS (options)), ==, 0);
}

/* The TrackAndToken step (1840's lines, IX.3): lays and one token in any order;
 * the step passes once nothing is left (lay_tile after the token, or the
 * token after the last lay). */
static void
test_track_and_token (void)
{
  static const KolStepClass *const tt_steps[] = { &kol_step_home_token, &kol_step_track_and_token, NULL };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  KolEntity aa;
  guint32 actions;
  const guint32 mask = KOL_ACTION_BIT (KOL_ACTION_LAY_TILE) | KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) |
                       KOL_ACTION_BIT (KOL_ACTION_PASS);

  kol_test_op_reset ();
  kol_test_op_hooks.tile_lays_table = two_lays;
  kol_test_op_hooks.n_tile_lays = G_N_ELEMENTS (two_lays);
  engine = new_game (&title);
  aa = kol_test_corp_entity (engine, "AA");
  kol_test_start_or (engine, tt_steps, NULL);
  g_assert_cmpstr (kol_test_active_step (engine), ==, "Place a Token or Lay Track");
  actions = kol_engine_actions_for (engine, aa);
  g_assert_cmpuint (actions & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE), !=, 0);
  /* nothing to token yet */
  g_assert_cmpuint (actions & KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN), ==, 0);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A3", "9", 0)), ==, -1);
  g_assert_cmpint (kol_test_apply (engine, kol_test_lay_action (engine, "AA", "A5", "9", 0)), ==, -1);
  /* no lay left, but a token: the step waits */
  actions = kol_engine_actions_for (engine, aa) & mask;
  g_assert_cmpuint (actions, ==, KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) | KOL_ACTION_BIT (KOL_ACTION_PASS));
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "AA", "A7", 0)), ==, -1);
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
}

static void
test_track_and_token_token_first (void)
{
  static const KolStepClass *const tt_steps[] = { &kol_step_home_token, &kol_step_track_and_token, NULL };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  guint32 actions;
  const guint32 mask = KOL_ACTION_BIT (KOL_ACTION_LAY_TILE) | KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) |
                       KOL_ACTION_BIT (KOL_ACTION_PASS);

  kol_test_op_reset ();
  engine = new_game (&title);
  kol_test_lay (engine, "A3", "9", 0);
  kol_test_lay (engine, "A5", "9", 0);
  kol_test_start_or (engine, tt_steps, NULL);
  g_assert_cmpint (kol_test_apply (engine, kol_test_token_action (engine, "AA", "A7", 0)), ==, -1);
  /* a lay is left: the turn goes on without a second token */
  actions = kol_engine_actions_for (engine, kol_test_corp_entity (engine, "AA")) & mask;
  g_assert_cmpuint (actions, ==, KOL_ACTION_BIT (KOL_ACTION_LAY_TILE) | KOL_ACTION_BIT (KOL_ACTION_PASS));
  g_assert_cmpint (kol_test_apply (engine, kol_test_pass (engine, "AA")), ==, -1);
  g_assert_true (kol_entity_equal (kol_round_current_entity (engine), kol_test_corp_entity (engine, "BB")));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/track/lay-with-terrain", test_lay_with_terrain);
  g_test_add_func ("/track/two-lays", test_two_lays);
  g_test_add_func ("/track/not-if-upgraded", test_not_if_upgraded);
  g_test_add_func ("/track/refusals", test_refusals);
  g_test_add_func ("/track/restriction", test_track_restriction);
  g_test_add_func ("/track/restriction-new-track", test_track_restriction_new_track);
  g_test_add_func ("/track/upgrade-cost-hook", test_upgrade_cost_hook);
  g_test_add_func ("/track/legal-choices", test_legal_choices);
  g_test_add_func ("/track/track-and-token", test_track_and_token);
  g_test_add_func ("/track/track-and-token-token-first", test_track_and_token_token_first);
  return g_test_run ();
}
