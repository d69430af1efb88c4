/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

/*
 * Which tile may replace which: the next colour of the title's order (1849
 * §10.3, 1840 IX.5: yellow, green, brown, gray), the old track kept in some
 * rotation with matching gauges, the same label, the same number of towns
 * and, unless labelled, of cities, plus the data's upgrade policies. Tile
 * codes are those 18xx.games uses, as in kol-test-title.h.
 */

static const KolTestHex hexes[] = {
  { "A1", NULL, NULL },
  { "A3", NULL, "town=revenue:0" },
  { "A5", NULL, "city=revenue:0" },
  { "A7", NULL, "city=revenue:0;city=revenue:0;label=OO" },
  { "A9", NULL, "city=revenue:0;label=P" },
  { NULL },
};

static const KolTestTile tiles[] = {
  /* yellow */
  { "3", "yellow", 2, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1" },
  { "4", "yellow", 2, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3" },
  { "5", "yellow", 2, "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0" },
  { "6", "yellow", 2, "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0" },
  { "7", "yellow", 2, "path=a:0,b:1" },
  { "8", "yellow", 2, "path=a:0,b:2" },
  { "9", "yellow", 2, "path=a:0,b:3" },
  { "57", "yellow", 2, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3" },
  { "59", "yellow", 2, "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO" },
  { "1OO", "yellow", 1, "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;label=OO" },
  { "P1", "yellow", 1, "city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;label=P" },
  /* green */
  { "12", "green", 1, "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0" },
  { "14", "green", 1, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0" },
  { "15", "green", 1, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0" },
  { "16", "green", 1, "path=a:0,b:2;path=a:1,b:3" },
  { "18", "green", 1, "path=a:0,b:3;path=a:1,b:2" },
  { "19", "green", 1, "path=a:0,b:3;path=a:2,b:4" },
  { "23", "green", 1, "path=a:0,b:3;path=a:0,b:4" },
  { "26", "green", 1, "path=a:0,b:3;path=a:0,b:5" },
  { "64", "green", 1, "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;"
                      "path=a:_1,b:4;label=OO" },
  { "66", "green", 1, "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;"
                      "path=a:_1,b:2;label=OO" },
  { "87", "green", 1, "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0" },
  { "81", "green", 1, "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0" },
  /* brown */
  { "63", "brown", 1, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
                      "path=a:4,b:_0;path=a:5,b:_0" },
  { "OOB", "brown", 1, "city=revenue:70,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;"
                       "path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=OO" },
  { "J4", "brown", 1, "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0" },
  /* gray */
  { "G9", "gray", 1, "path=a:0,b:3;path=a:1,b:4;path=a:2,b:5" },
  /* gauges (1849): broad, narrow, dual */
  { "Yb", "yellow", 1, "path=a:0,b:3" },
  { "Yn", "yellow", 1, "path=a:0,b:3,track:narrow" },
  { "Yd", "yellow", 1, "path=a:0,b:3,track:dual" },
  { "Gbd", "green", 1, "path=a:0,b:3,track:dual;path=a:1,b:4" },
  { "Gbb", "green", 1, "path=a:0,b:3;path=a:1,b:4" },
  { "Gdn", "green", 1, "path=a:0,b:3,track:dual;path=a:1,b:4,track:narrow" },
  /* policies */
  { "N57", "yellow", 1, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;policy=none" },
  { "E57", "yellow", 1, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;policy=explicit;upgrades_to=63" },
  { "X57", "yellow", 1, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;upgrades_to=63" },
  { "R1", "red", 1, "city=revenue:20;path=a:0,b:_0;policy=same_color" },
  { "R2", "red", 1, "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0" },
  { NULL },
};

typedef struct
{
  const char *from;
  const char *to;
  gboolean    ok;
  const char *why;
} UpgradeCase;

static const UpgradeCase upgrade_cases[] = {
  /* colour order: white before the first colour, then the title's list */
  { "A1", "7", TRUE, "blank hex takes plain track" },
  { "7", "8", FALSE, "same colour" },
  { "7", "63", FALSE, "skips green" },
  { "14", "63", TRUE, "green to brown" },
  { "63", "14", FALSE, "backwards" },
  { "23", "G9", FALSE, "skips brown" },
  { "R2", "14", FALSE, "red is not in the colour order" },
  /* towns and cities */
  { "A1", "57", FALSE, "blank hex gets no city" },
  { "A1", "3", FALSE, "blank hex gets no town" },
  { "A3", "3", TRUE, "town hex takes a town tile" },
  { "A3", "4", TRUE, "town hex takes a town tile" },
  { "A3", "57", FALSE, "town does not become a city" },
  { "A3", "7", FALSE, "town is not dropped" },
  { "A5", "57", TRUE, "city hex takes a city tile" },
  { "A5", "7", FALSE, "city is not dropped" },
  { "3", "87", TRUE, "town keeps its track" },
  /* track kept in some rotation */
  { "7", "18", TRUE, "sharp curve within 18" },
  { "7", "26", TRUE, "sharp curve within 26" },
  { "7", "19", FALSE, "19 has no sharp curve" },
  { "7", "23", FALSE, "23 has no sharp curve" },
  { "8", "19", TRUE, "gentle curve within 19" },
  { "9", "19", TRUE, "straight within 19" },
  { "9", "16", FALSE, "16 has no straight" },
  { "57", "14", TRUE, "57 within 14" },
  { "57", "15", TRUE, "57 within 15" },
  { "57", "12", FALSE, "12 has no straight through the city" },
  { "5", "14", TRUE, "5 within 14" },
  { "6", "14", TRUE, "6 within 14" },
  { "6", "15", TRUE, "6 within 15" },
  /* labels */
  { "A9", "P1", TRUE, "labelled hex takes its label" },
  { "A9", "57", FALSE, "label must match" },
  { "A5", "P1", FALSE, "unlabelled hex takes no label" },
  { "A7", "59", TRUE, "OO hex takes OO" },
  { "A7", "1OO", FALSE, "white OO keeps two cities" },
  { "59", "64", TRUE, "OO within 64" },
  { "59", "66", TRUE, "OO within 66" },
  { "59", "14", FALSE, "OO label" },
  { "64", "OOB", TRUE, "labelled cities may merge" },
  { "64", "63", FALSE, "OO label lost" },
  /* junctions: ends through the junction; between junction tiles only exits */
  { "8", "81", TRUE, "gentle curve through the junction" },
  { "7", "81", FALSE, "no sharp curve through the junction" },
  { "81", "J4", TRUE, "junction exits kept" },
  /* gauges (broad ⊆ broad|dual, narrow ⊆ narrow|dual, dual ⊆ dual; 1849
   * §10.3) */
  { "Yb", "Gbd", TRUE, "broad kept as broad or dual" },
  { "Yn", "Gbd", TRUE, "narrow kept as dual" },
  { "Yn", "Gbb", FALSE, "narrow is not broad" },
  { "Yd", "Gbb", FALSE, "dual is not broad" },
  { "Yd", "Gdn", TRUE, "dual kept as dual" },
  /* the data's policies */
  { "N57", "14", FALSE, "policy none" },
  { "E57", "14", FALSE, "explicit list only" },
  { "E57", "63", TRUE, "explicit list" },
  { "X57", "63", TRUE, "extra upgrade" },
  { "X57", "14", TRUE, "and the inferred ones" },
  { "R1", "R2", TRUE, "same colour (1840 red hexes)" },
  { "R1", "14", FALSE, "same colour only" },
};

static void
test_upgrades_to (void)
{
  KolTestTitleSpec spec = {
    .tracks = "broad:broad narrow:narrow dual:broad+narrow",
    .hexes = hexes,
    .tiles = tiles,
  };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);

  for (gsize i = 0; i < G_N_ELEMENTS (upgrade_cases); i++)
    {
      const UpgradeCase *c = &upgrade_cases[i];

      g_test_message ("%s -> %s: %s", c->from, c->to, c->why);
      g_assert_cmpint (kol_board_upgrades_to (engine, 0, kol_test_tile (engine, c->from), kol_test_tile (engine, c->to)),
                       ==, c->ok);
    }
}

/* The next colour counts from the title's order:
 * with gray listed, brown → gray works; a title that stops at brown
 * (1849's tile_colors) has no gray upgrades. */
static void
test_color_order (void)
{
  KolTestTitleSpec four = { .hexes = hexes, .tiles = tiles };
  KolTestTitleSpec three = { .colors = "yellow green brown", .hexes = hexes, .tiles = tiles,
                             .tracks = "broad:broad narrow:narrow dual:broad+narrow" };
  g_autoptr(KolTitle) t4 = NULL, t3 = NULL;
  g_autoptr(KolEngine) g4 = NULL, g3 = NULL;
  KolTestTile gray_tiles[] = {
    { "63", "brown", 1, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:3,b:_0" },
    { "G63", "gray", 1, "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0" },
    { NULL },
  };

  four.tiles = three.tiles = gray_tiles;
  four.tracks = three.tracks;
  t4 = kol_test_title_new (&four);
  t3 = kol_test_title_new (&three);
  g4 = kol_test_game_new (t4);
  g3 = kol_test_game_new (t3);
  g_assert_true (kol_board_upgrades_to (g4, 0, kol_test_tile (g4, "63"), kol_test_tile (g4, "G63")));
  g_assert_false (kol_board_upgrades_to (g3, 0, kol_test_tile (g3, "63"), kol_test_tile (g3, "G63")));
}

/* Phase colours: the colours the phase allows (1849 §6). */
static void
test_color_available (void)
{
  KolTestTitleSpec spec = { .phases = "yellow;yellow green;yellow green brown", .hexes = hexes, .tiles = tiles,
                            .tracks = "broad:broad narrow:narrow dual:broad+narrow" };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);

  g_assert_true (kol_board_color_available (engine, KOL_COLOR_YELLOW));
  g_assert_false (kol_board_color_available (engine, KOL_COLOR_GREEN));
  kol_engine_set_phase (engine, 1);
  g_assert_true (kol_board_color_available (engine, KOL_COLOR_GREEN));
  g_assert_false (kol_board_color_available (engine, KOL_COLOR_BROWN));
  kol_engine_set_phase (engine, 2);
  g_assert_true (kol_board_color_available (engine, KOL_COLOR_BROWN));
  g_assert_false (kol_board_color_available (engine, KOL_COLOR_GRAY));
}

/* Title hooks replace the generic rules: 1849 allows no upgrade of Messina
 * after the earthquake (§12) and pays terrain on every upgrade (§10.3.1). */
static gboolean
hook_upgrades_to (KolEngine *engine,
                  int        hex,
                  int        from_tile,
                  int        to_tile)
{
  if (g_strcmp0 (engine->title->hexes[hex].id, "A5") == 0)
    return FALSE;
  return kol_board_upgrades_to (engine, hex, from_tile, to_tile);
}

static int
hook_tile_cost (KolEngine *engine,
                int        corp,
                int        hex,
                int        tile)
{
  return engine->title->hexes[hex].terrain_cost;
}

static gboolean
hook_color_available (KolEngine *engine,
                      KolColor   color)
{
  return color != KOL_COLOR_YELLOW;
}

static const KolBoardHooks upgrade_hooks = {
  .upgrades_to = hook_upgrades_to,
  .tile_cost = hook_tile_cost,
  .color_available = hook_color_available,
};
static const KolTitleModule upgrade_module = { .id = "test", .board_hooks = &upgrade_hooks };

static void
test_hooks (void)
{
  static const KolTestHex cost_hexes[] = {
    { "A3", NULL, "city=revenue:0;upgrade=cost:80" },
    { "A5", NULL, "city=revenue:0;upgrade=cost:80" },
    { NULL },
  };
  KolTestTitleSpec spec = { .hexes = cost_hexes, .tiles = tiles,
                            .tracks = "broad:broad narrow:narrow dual:broad+narrow" };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int a3 = kol_test_hex (engine, "A3"), a5 = kol_test_hex (engine, "A5"), t57 = kol_test_tile (engine, "57");
  KolReason reason;

  engine->module = &upgrade_module;
  g_assert_false (kol_board_color_available (engine, KOL_COLOR_YELLOW));
  g_assert_true (kol_board_color_available (engine, KOL_COLOR_GREEN));
  /* yellow is refused by the hook: the lay fails on the phase */
  g_assert_false (kol_board_check_lay (engine, 0, a3, t57, 0, NULL, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_COLOR_PHASE);

  kol_board_lay (engine, a3, kol_board_free_copy (engine, t57), 0);
  kol_board_lay (engine, a5, kol_board_free_copy (engine, t57), 0);
  g_assert_false (kol_board_check_lay (engine, 0, a5, kol_test_tile (engine, "14"), 0, NULL, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_NOT_UPGRADE);
  /* A3 passes the upgrade rule and fails only on its two-hex map's edge */
  g_assert_false (kol_board_check_lay (engine, 0, a3, kol_test_tile (engine, "14"), 0, NULL, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_OFF_MAP);
  g_assert_cmpint (kol_board_tile_cost (engine, 0, a3, kol_test_tile (engine, "14")), ==, 80);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/board/upgrade/upgrades-to", test_upgrades_to);
  g_test_add_func ("/engine/board/upgrade/color-order", test_color_order);
  g_test_add_func ("/engine/board/upgrade/color-available", test_color_available);
  g_test_add_func ("/engine/board/upgrade/hooks", test_hooks);

  return g_test_run ();
}
