/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

/*
 * Laying a tile: the old tile goes back to the supply, reservations and
 * then tokens move to the city
 * of the new tile that keeps their city's track, so that an OO upgrade keeps
 * each station on its own track (1840 IX.4, 1849 10.3).
 */

static const KolTestHex hexes[] = {
  { "A1", NULL, "city=revenue:0" },
  { "A5", "yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;upgrade=cost:40" },
  { "C5", NULL, "city=revenue:0;city=revenue:0;label=OO" },
  { "C7", NULL, NULL },
  { "B6", NULL, NULL },
  { "B4", NULL, NULL },
  { "C3", NULL, NULL },
  { "D4", NULL, NULL },
  { "D6", NULL, NULL },
  { NULL },
};

static const KolTestTile tiles[] = {
  { "57", "yellow", 2, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3" },
  { "59", "yellow", 1, "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO" },
  { "U9", "yellow", -1, "path=a:0,b:3" },
  { "14", "green", 2, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0" },
  { "64", "green", 2, "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;"
                      "path=a:_1,b:4;label=OO" },
  { "OOB", "brown", 1, "city=revenue:70,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;"
                       "path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=OO" },
  { NULL },
};

static const KolTestCorp corps[] = {
  { "A", 3, NULL, 0 },
  { "B", 3, NULL, 0 },
  { "C", 3, NULL, 0 },
  { NULL },
};

static KolTitle *
lay_title (void)
{
  KolTestTitleSpec spec = { .hexes = hexes, .tiles = tiles, .corps = corps };

  return kol_test_title_new (&spec);
}

static void
assert_slots (KolEngine  *engine,
              const char *hex,
              const char *expected)
{
  g_autofree char *got = kol_test_slots (engine, hex);

  g_assert_cmpstr (got, ==, expected);
}

/* The copy laid leaves the supply, the copy replaced returns to it. */
static void
test_supply (void)
{
  g_autoptr(KolTitle) title = lay_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int t57 = kol_test_tile (engine, "57"), t14 = kol_test_tile (engine, "14");
  int a1 = kol_test_hex (engine, "A1");
  int first = kol_board_free_copy (engine, t57), green;

  g_assert_cmpint (kol_board_tile_copies (engine, t57), ==, 2);
  g_assert_cmpint (kol_board_tiles_left (engine, t57), ==, 2);
  kol_board_lay (engine, a1, first, 0);
  g_assert_cmpint (engine->hexes[a1].copy, ==, first);
  g_assert_cmpint (engine->hexes[a1].tile, ==, t57);
  g_assert_cmpint (engine->copy_hex[first], ==, a1);
  g_assert_cmpint (kol_board_tiles_left (engine, t57), ==, 1);
  g_assert_cmpint (kol_board_free_copy (engine, t57), ==, first + 1);

  green = kol_board_free_copy (engine, t14);
  kol_board_lay (engine, a1, green, 0);
  g_assert_cmpint (kol_board_tiles_left (engine, t57), ==, 2);
  g_assert_cmpint (kol_board_tiles_left (engine, t14), ==, 1);
  g_assert_cmpint (kol_board_free_copy (engine, t14), ==, green + 1);
  g_assert_cmpint (engine->copy_hex[first], ==, -1);

  /* the printed tile back (1849's Messina earthquake) */
  kol_board_lay (engine, a1, -1, 0);
  g_assert_cmpint (engine->hexes[a1].tile, ==, title->hexes[a1].tile);
  g_assert_cmpint (engine->hexes[a1].copy, ==, -1);
  g_assert_cmpint (kol_board_tiles_left (engine, t14), ==, 2);
}

/* Unlimited tiles (init_tile 'unlimited', add_extra_tile): a new copy,
 * numbered on, whenever one is laid. */
static void
test_unlimited (void)
{
  g_autoptr(KolTitle) title = lay_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int u9 = kol_test_tile (engine, "U9");
  const char *where[] = { "C7", "B6", "B4" };

  g_assert_cmpint (kol_board_tiles_left (engine, u9), ==, -1);
  g_assert_cmpint (kol_board_tile_copies (engine, u9), >=, (int) title->n_hexes);
  for (int i = 0; i < 3; i++)
    {
      int copy = kol_board_free_copy (engine, u9);

      g_assert_cmpint (title->copy_tile[copy], ==, u9);
      g_assert_cmpint (title->copy_number[copy], ==, i);
      kol_board_lay (engine, kol_test_hex (engine, where[i]), copy, 0);
      g_assert_cmpint (kol_board_tiles_left (engine, u9), ==, -1);
    }
  /* a copy taken up again is laid again first */
  kol_board_lay (engine, kol_test_hex (engine, "B6"), -1, 0);
  g_assert_cmpint (title->copy_number[kol_board_free_copy (engine, u9)], ==, 1);
}

/* One city: its reservation, then its tokens, go to the new city (a moved
 * token honours the reservation). */
static void
test_single_city (void)
{
  g_autoptr(KolTitle) title = lay_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int a = kol_test_corp (engine, "A");

  kol_board_reserve (engine, kol_test_hex (engine, "A1"), 0, kol_test_corp (engine, "B"));
  kol_test_lay (engine, "A1", "57", 0);
  assert_slots (engine, "A1", "rB");
  kol_test_lay (engine, "A1", "14", 0);
  assert_slots (engine, "A1", "rB -");
  kol_test_place (engine, "A", "A1", 0);
  assert_slots (engine, "A1", "rB A");

  kol_test_place (engine, "C", "A5", 0);
  kol_test_lay (engine, "A5", "14", 0);
  assert_slots (engine, "A5", "C -");
  g_assert_cmpint (engine->corps[kol_test_corp (engine, "C")].tokens[0].hex, ==, kol_test_hex (engine, "A5"));
  g_assert_cmpint (engine->corps[kol_test_corp (engine, "C")].tokens[0].slot, ==, 0);
  g_assert_cmpint (engine->corps[a].tokens[0].slot, ==, 1);
}

/* Cities without track map by index (city_map_for's first branch); later
 * each old city follows its track: turned by 2, tile 64's city 0 takes the
 * old city 1's edge and the stations swap city indices. */
static void
test_oo_follows_track (void)
{
  static const struct { int rotation; const char *slots; } cases[] = {
    { 2, "B | A" },
    { 4, "A | B" },
  };
  g_autoptr(KolTitle) title = lay_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      g_autofree char *legal = NULL;
      gint8 map[KOL_MAX_NODES];
      int c5 = kol_test_hex (engine, "C5");

      kol_test_place (engine, "A", "C5", 0);
      kol_test_place (engine, "B", "C5", 1);
      kol_test_lay (engine, "C5", "59", 0);
      assert_slots (engine, "C5", "A | B");

      /* every old city within exactly one new one, no new city out of
       * nowhere */
      legal = kol_test_mask (kol_board_legal_rotations (engine, kol_test_corp (engine, "A"), c5, kol_test_tile (engine, "64"), NULL));
      g_assert_cmpstr (legal, ==, "2 4");

      g_assert_cmpint (kol_board_city_map (engine, c5, kol_test_tile (engine, "64"), cases[i].rotation, map), ==, 2);
      kol_test_lay (engine, "C5", "64", cases[i].rotation);
      assert_slots (engine, "C5", cases[i].slots);
      g_assert_cmpint (engine->corps[kol_test_corp (engine, "A")].tokens[0].slot, ==, map[0]);
      g_assert_cmpint (engine->corps[kol_test_corp (engine, "B")].tokens[0].slot, ==, map[1]);
    }
}

/* Two cities into one (labelled OO cities may merge): the reservations of
 * the old cities in order, then the tokens. */
static void
test_oo_merge (void)
{
  g_autoptr(KolTitle) title = lay_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autoptr(KolEngine) g2 = kol_test_game_new (title);

  kol_test_place (engine, "A", "C5", 0);
  kol_test_place (engine, "B", "C5", 1);
  kol_test_lay (engine, "C5", "59", 0);
  kol_test_lay (engine, "C5", "64", 4);
  kol_test_lay (engine, "C5", "OOB", 0);
  assert_slots (engine, "C5", "A B");

  kol_board_reserve (g2, kol_test_hex (g2, "C5"), 0, kol_test_corp (g2, "C"));
  kol_test_place (g2, "B", "C5", 1);
  kol_test_lay (g2, "C5", "59", 0);
  assert_slots (g2, "C5", "rC | B");
  kol_test_lay (g2, "C5", "64", 2);
  assert_slots (g2, "C5", "B | rC");
  kol_test_lay (g2, "C5", "OOB", 0);
  assert_slots (g2, "C5", "rC B");
}

/* The terrain of the printed hex is paid when its
 * printed tile is replaced, not again for later upgrades. */
static void
test_tile_cost (void)
{
  g_autoptr(KolTitle) title = lay_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int a5 = kol_test_hex (engine, "A5"), t14 = kol_test_tile (engine, "14");

  g_assert_cmpint (kol_board_tile_cost (engine, 0, a5, t14), ==, 40);
  kol_test_lay (engine, "A5", "14", 0);
  g_assert_cmpint (kol_board_tile_cost (engine, 0, a5, kol_test_tile (engine, "OOB")), ==, 0);
  g_assert_cmpint (kol_board_tile_cost (engine, 0, kol_test_hex (engine, "A1"), t14), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/board/lay/supply", test_supply);
  g_test_add_func ("/engine/board/lay/unlimited", test_unlimited);
  g_test_add_func ("/engine/board/lay/single-city", test_single_city);
  g_test_add_func ("/engine/board/lay/oo-follows-track", test_oo_follows_track);
  g_test_add_func ("/engine/board/lay/oo-merge", test_oo_merge);
  g_test_add_func ("/engine/board/lay/tile-cost", test_tile_cost);

  return g_test_run ();
}
