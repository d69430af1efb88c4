/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <math.h>

/*
 * Hex coordinates as 18xx.games writes them (kol-engine-hex.h): ids to
 * coordinates and back, the edges, distances, and which hexes track may
 * lead to.
 */

static const KolGrid flat_ln = { KOL_LAYOUT_FLAT, KOL_AXIS_LETTER, KOL_AXIS_NUMBER };
static const KolGrid flat_nl = { KOL_LAYOUT_FLAT, KOL_AXIS_NUMBER, KOL_AXIS_LETTER };    /* 1849 */
static const KolGrid pointy_nl = { KOL_LAYOUT_POINTY, KOL_AXIS_NUMBER, KOL_AXIS_LETTER }; /* 1840 */

typedef struct
{
  const KolGrid *grid;
  const char    *id;
  gboolean       ok;
  int            x, y;
} ParseCase;

/* Letters A..Z then AA..AZ count up from 0, lower-case letters count down
 * from -1, numbers start at 1. */
static const ParseCase parse_cases[] = {
  { &flat_ln, "A1", TRUE, 0, 0 },
  { &flat_ln, "C5", TRUE, 2, 4 },
  { &flat_ln, "AA3", TRUE, 26, 2 },
  { &flat_ln, "AZ1", TRUE, 51, 0 },
  { &flat_nl, "a12", TRUE, 11, -1 },     /* 1849's port north of Milazzo */
  { &flat_nl, "B14", TRUE, 13, 1 },      /* 1849 Messina */
  { &pointy_nl, "A17", TRUE, 16, 0 },    /* 1840's Stadtbahn hub */
  { &pointy_nl, "I1", TRUE, 0, 8 },
  { &flat_ln, "", FALSE, 0, 0 },
  { &flat_ln, "5C", FALSE, 0, 0 },
  { &flat_ln, "C", FALSE, 0, 0 },
  { &flat_ln, "AAA1", FALSE, 0, 0 },
  { &flat_ln, "BA1", FALSE, 0, 0 },
  { &flat_ln, "C5x", FALSE, 0, 0 },
};

static void
test_parse (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      const ParseCase *c = &parse_cases[i];
      int x = -100, y = -100;

      g_test_message ("parse %s", c->id);
      g_assert_cmpint (kol_hex_parse (c->grid, c->id, &x, &y), ==, c->ok);
      if (!c->ok)
        continue;
      g_assert_cmpint (x, ==, c->x);
      g_assert_cmpint (y, ==, c->y);
      {
        g_autofree char *back = kol_hex_format (c->grid, x, y);

        g_assert_cmpstr (back, ==, c->id);
      }
    }
}

typedef struct
{
  const KolGrid *grid;
  const char    *id;
  const char    *neighbors[6];
} NeighborCase;

/* Flat edge 0 is south, pointy edge 0 south-west, then clockwise. 1849
 * a12's only track leaves by edge 5 to A13. */
static const NeighborCase neighbor_cases[] = {
  { &flat_ln, "C5", { "C7", "B6", "B4", "C3", "D4", "D6" } },
  { &flat_nl, "a12", { "B12", "A11", "b11", "c12", "b13", "A13" } },
  { &pointy_nl, "A17", { "B16", "A15", "a16", "a18", "A19", "B18" } },
  { &pointy_nl, "F24", { "G23", "F22", "E23", "E25", "F26", "G25" } },
};

static void
test_neighbors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (neighbor_cases); i++)
    {
      const NeighborCase *c = &neighbor_cases[i];
      int x, y;

      g_assert_true (kol_hex_parse (c->grid, c->id, &x, &y));
      for (int e = 0; e < 6; e++)
        {
          int nx, ny;
          g_autofree char *id = NULL;

          kol_hex_neighbor (c->grid, x, y, e, &nx, &ny);
          id = kol_hex_format (c->grid, nx, ny);
          g_test_message ("%s edge %d", c->id, e);
          g_assert_cmpstr (id, ==, c->neighbors[e]);
          g_assert_cmpint (kol_hex_direction (c->grid, x, y, nx, ny), ==, e);
          g_assert_cmpint (kol_hex_direction (c->grid, nx, ny, x, y), ==, kol_hex_invert (e));
          g_assert_cmpint (kol_hex_distance (c->grid, x, y, nx, ny), ==, 1);
        }
      g_assert_cmpint (kol_hex_direction (c->grid, x, y, x, y), ==, -1);
      g_assert_cmpint (kol_hex_direction (c->grid, x, y, x + 4, y + 4), ==, -1);
    }
}

typedef struct
{
  const KolGrid *grid;
  const char    *a, *b;
  int            distance;
} DistanceCase;

/* Distances: in doubled height (flat) or width (pointy). */
static const DistanceCase distance_cases[] = {
  { &flat_ln, "C5", "C9", 2 },
  { &flat_ln, "C5", "E5", 2 },
  { &flat_ln, "C5", "F8", 3 },
  { &flat_ln, "C5", "C5", 0 },
  { &pointy_nl, "A17", "A21", 2 },
  { &pointy_nl, "A17", "C17", 2 },
  { &pointy_nl, "A17", "I1", 12 },
};

static void
test_distance (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (distance_cases); i++)
    {
      const DistanceCase *c = &distance_cases[i];
      int x1, y1, x2, y2;

      g_assert_true (kol_hex_parse (c->grid, c->a, &x1, &y1));
      g_assert_true (kol_hex_parse (c->grid, c->b, &x2, &y2));
      g_assert_cmpint (kol_hex_distance (c->grid, x1, y1, x2, y2), ==, c->distance);
      g_assert_cmpint (kol_hex_distance (c->grid, x2, y2, x1, y1), ==, c->distance);
    }
}

/* Renderers and hit-tests agree with the edge numbering: the middle of edge
 * e points at the neighbour across e, one hex width (sqrt 3) away. */
static void
test_geometry (void)
{
  static const double flat_angles[6] = { 90, 150, 210, 270, 330, 30 };
  static const double pointy_angles[6] = { 120, 180, 240, 300, 0, 60 };
  const KolGrid *grids[] = { &flat_ln, &pointy_nl };

  for (int e = 0; e < 6; e++)
    {
      g_assert_cmpfloat_with_epsilon (kol_hex_edge_angle (KOL_LAYOUT_FLAT, e), flat_angles[e], 1e-9);
      g_assert_cmpfloat_with_epsilon (kol_hex_edge_angle (KOL_LAYOUT_POINTY, e), pointy_angles[e], 1e-9);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (grids); i++)
    for (int e = 0; e < 6; e++)
      {
        double cx, cy, nx_c, ny_c, angle;
        int nx, ny;

        kol_hex_center (grids[i], 10, 10, &cx, &cy);
        kol_hex_neighbor (grids[i], 10, 10, e, &nx, &ny);
        kol_hex_center (grids[i], nx, ny, &nx_c, &ny_c);
        g_assert_cmpfloat_with_epsilon (hypot (nx_c - cx, ny_c - cy), sqrt (3.0), 1e-9);
        angle = fmod (atan2 (ny_c - cy, nx_c - cx) * 180.0 / G_PI + 360.0, 360.0);
        g_assert_cmpfloat_with_epsilon (angle, kol_hex_edge_angle (grids[i]->layout, e), 1e-6);
      }
}

/* No neighbour across the hex's own impassable
 * border, none into a blue/gray/red hex unless its track points back; the
 * other side keeps its own view (1849 declares its borders on both sides). */
static const KolTestHex connect_hexes[] = {
  { "C5", NULL, "border=edge:1,type:impassable" },
  { "C7", NULL, NULL },
  { "B6", NULL, NULL },
  { "B4", "blue", NULL },
  { "C3", "gray", "city=revenue:20;path=a:0,b:_0" },
  { "D4", "red", "offboard=revenue:30;path=a:3,b:_0" },
  { NULL },
};

static void
test_title_neighbors (void)
{
  KolTestTitleSpec spec = { .hexes = connect_hexes };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  const char *expect[6] = { "C7", NULL, NULL, "C3", NULL, NULL };
  const char *all[6] = { "C7", "B6", "B4", "C3", "D4", NULL };
  const KolHexDef *c5 = &title->hexes[kol_title_hex_by_id (title, "C5")];
  const KolHexDef *b6 = &title->hexes[kol_title_hex_by_id (title, "B6")];
  const KolHexDef *b4 = &title->hexes[kol_title_hex_by_id (title, "B4")];

  for (int e = 0; e < 6; e++)
    {
      g_assert_cmpint (c5->neighbors[e], ==, expect[e] ? kol_title_hex_by_id (title, expect[e]) : -1);
      g_assert_cmpint (c5->all_neighbors[e], ==, all[e] ? kol_title_hex_by_id (title, all[e]) : -1);
    }
  /* B6 has no border of its own: it still sees C5 across its edge 4 */
  g_assert_cmpint (b6->neighbors[4], ==, kol_title_hex_by_id (title, "C5"));
  /* the blue hex sees its white neighbour */
  g_assert_cmpint (b4->neighbors[5], ==, kol_title_hex_by_id (title, "C5"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/hex/parse", test_parse);
  g_test_add_func ("/engine/hex/neighbors", test_neighbors);
  g_test_add_func ("/engine/hex/distance", test_distance);
  g_test_add_func ("/engine/hex/geometry", test_geometry);
  g_test_add_func ("/engine/hex/title-neighbors", test_title_neighbors);

  return g_test_run ();
}
