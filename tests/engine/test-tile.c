/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

/*
 * Tile topology: exits under rotation, cities and their slots (the city
 * index of records' ids) and the rotations that look alike (the tile
 * selector offers each look once). Tile codes are those 18xx.games uses.
 */

static const KolTestTile tiles[] = {
  { "7", "yellow", 1, "path=a:0,b:1" },
  { "8", "yellow", 1, "path=a:0,b:2" },
  { "9", "yellow", 1, "path=a:0,b:3" },
  { "57", "yellow", 1, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3" },
  { "59", "yellow", 1, "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_1,b:2;label=OO" },
  { "14", "green", 1, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0" },
  { "15", "green", 1, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:3,b:_0" },
  { "63", "brown", 1, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
                     "path=a:4,b:_0;path=a:5,b:_0" },
  { "X1", "green", 1, "city=revenue:30;town=revenue:10;city=revenue:30,slots:3;"
                     "path=a:0,b:_0;path=a:1,b:_1;path=a:3,b:_2;path=a:4,b:_2" },
  { "L2", "yellow", 1, "path=a:0,b:3,lanes:2" },
  { "L3", "yellow", 1, "path=a:0,b:3,a_lane:2.0,b_lane:2.1" },
  { "F1", "yellow", 1, "path=a:0,b:3;rotations=0" },
  { "G1", "yellow", 1, "path=a:0,b:2;path=a:1,b:3,track:future" },
  { NULL },
};

static const KolTestHex hexes[] = {
  { "A1", NULL, NULL },
  { NULL },
};

static KolTitle *
tile_title (void)
{
  KolTestTitleSpec spec = { .hexes = hexes, .tiles = tiles };

  return kol_test_title_new (&spec);
}

static const KolTileDef *
tile (const KolTitle *title,
      const char     *id)
{
  int index = kol_title_tile_by_id (title, id);

  g_assert_cmpint (index, >=, 0);
  return &title->tiles[index];
}

typedef struct
{
  const char *tile;
  int         rotation;
  const char *exits;
} ExitCase;

/* Every edge moves by the rotation, modulo 6; future track has no exits. */
static const ExitCase exit_cases[] = {
  { "7", 0, "0 1" },
  { "7", 5, "0 5" },
  { "9", 1, "1 4" },
  { "57", 2, "2 5" },
  { "59", 3, "3 5" },
  { "14", 1, "1 2 4 5" },
  { "G1", 0, "0 2" },
};

static void
test_exits (void)
{
  g_autoptr(KolTitle) title = tile_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (exit_cases); i++)
    {
      const ExitCase *c = &exit_cases[i];
      g_autofree char *got = kol_test_mask (kol_tile_exits (tile (title, c->tile), c->rotation));

      g_test_message ("%s rotation %d", c->tile, c->rotation);
      g_assert_cmpstr (got, ==, c->exits);
    }
}

typedef struct
{
  const char *tile;
  int         cities, towns, slots;
  int         slot_base[3];
  int         city_node[3];
} CityCase;

/* City indices count cities only, in the order of the tile code; slots are
 * flattened over the cities. */
static const CityCase city_cases[] = {
  { "7", 0, 0, 0, { -1, -1, -1 }, { -1, -1, -1 } },
  { "57", 1, 0, 1, { 0, -1, -1 }, { 0, -1, -1 } },
  { "59", 2, 0, 2, { 0, 1, -1 }, { 0, 1, -1 } },
  { "14", 1, 0, 2, { 0, -1, -1 }, { 0, -1, -1 } },
  { "X1", 2, 1, 4, { 0, 1, -1 }, { 0, 2, -1 } },
};

static void
test_cities (void)
{
  g_autoptr(KolTitle) title = tile_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (city_cases); i++)
    {
      const CityCase *c = &city_cases[i];
      const KolTileDef *t = tile (title, c->tile);

      g_test_message ("%s", c->tile);
      g_assert_cmpint (kol_tile_n_cities (t), ==, c->cities);
      g_assert_cmpint (kol_tile_n_towns (t), ==, c->towns);
      g_assert_cmpint (kol_tile_n_slots (t), ==, c->slots);
      for (int k = 0; k < 3; k++)
        {
          g_assert_cmpint (kol_tile_city_slot_base (t, k), ==, c->slot_base[k]);
          g_assert_cmpint (kol_tile_city_node (t, k), ==, c->city_node[k]);
        }
    }
}

/* A node's exits: the edges a single path joins to it. */
static void
test_node_exits (void)
{
  g_autoptr(KolTitle) title = tile_title ();
  const KolTileDef *oo = tile (title, "59");
  const KolTileDef *x1 = tile (title, "X1");

  g_assert_cmpint (kol_tile_node_exits (oo, 0, 0), ==, 1u << 0);
  g_assert_cmpint (kol_tile_node_exits (oo, 1, 0), ==, 1u << 2);
  g_assert_cmpint (kol_tile_node_exits (oo, 1, 2), ==, 1u << 4);
  g_assert_cmpint (kol_tile_node_exits (x1, 1, 0), ==, 1u << 1);
  g_assert_cmpint (kol_tile_node_exits (x1, 2, 1), ==, (1u << 4) | (1u << 5));
}

typedef struct
{
  const char *tile;
  const char *distinct;
} DistinctCase;

/* Rotations that look alike (a straight turned half round) are offered
 * once; the two cities of an OO tile are told apart, so turning it half
 * round is a different lay (the city indices of tokens change). Lanes swap
 * sides when a double straight turns half round, which makes it the same
 * tile; a lone lane on one side does not. Fixed-rotation tiles keep theirs. */
static const DistinctCase distinct_cases[] = {
  { "7", "0 1 2 3 4 5" },
  { "8", "0 1 2 3 4 5" },
  { "9", "0 1 2" },
  { "57", "0 1 2" },
  { "59", "0 1 2 3 4 5" },
  { "63", "0" },
  { "L2", "0 1 2" },
  { "L3", "0 1 2 3 4 5" },
  { "F1", "0" },
};

static void
test_distinct_rotations (void)
{
  g_autoptr(KolTitle) title = tile_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (distinct_cases); i++)
    {
      const DistinctCase *c = &distinct_cases[i];
      g_autofree char *got = kol_test_mask (kol_tile_distinct_rotations (tile (title, c->tile)));

      g_test_message ("%s", c->tile);
      g_assert_cmpstr (got, ==, c->distinct);
    }
}

/* Path.make_lanes: "lanes:2" between two edges makes two paths whose far
 * lane is mirrored. */
static void
test_lanes (void)
{
  g_autoptr(KolTitle) title = tile_title ();
  const KolTileDef *t = tile (title, "L2");

  g_assert_cmpint (t->n_paths, ==, 2);
  g_assert_cmpint (t->paths[0].a_lane[0], ==, 2);
  g_assert_cmpint (t->paths[0].a_lane[1], ==, 0);
  g_assert_cmpint (t->paths[0].b_lane[1], ==, 1);
  g_assert_cmpint (t->paths[1].a_lane[1], ==, 1);
  g_assert_cmpint (t->paths[1].b_lane[1], ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/tile/exits", test_exits);
  g_test_add_func ("/engine/tile/cities", test_cities);
  g_test_add_func ("/engine/tile/node-exits", test_node_exits);
  g_test_add_func ("/engine/tile/distinct-rotations", test_distinct_rotations);
  g_test_add_func ("/engine/tile/lanes", test_lanes);

  return g_test_run ();
}
