/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <stdio.h>

/*
 * Board benchmark (run by `meson test --benchmark`, or `bench-board` by
 * hand): reach computation and legal tile lays on synthetic 150-hex maps.
 *  - late game: 150 flat hexes, five in six with track, towns and cities of
 *    up to six exits in random rotations (1849's switches among them), five
 *    corporations with two to four stations;
 *  - every hex a switch: each hex holds a four-path brown tile whose paths
 *    share edges, the case that makes 18xx.games' walk enumerate trails.
 * The figures are printed; nothing is asserted about time.
 */

static const char *const track_codes[] = {
  "path=a:0,b:3",
  "path=a:0,b:2",
  "path=a:0,b:1",
  "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3",
  "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0",
  "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2",
  "path=a:0,b:3;path=a:0,b:4",
  "path=a:0,b:3;path=a:1,b:2",
  "path=a:0,b:2;path=a:1,b:3",
  "path=a:0,b:3;path=a:1,b:4;path=a:2,b:5",
  "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0",
  "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;"
  "path=a:5,b:_0",
  "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;"
  "path=a:5,b:_0",
};

static const char *const switch_codes[] = {
  "path=a:0,b:3;path=a:0,b:2;path=a:1,b:3;path=a:1,b:2",
  "path=a:0,b:3;path=a:1,b:4;path=a:0,b:1;path=a:3,b:4",
  "path=a:0,b:3;path=a:2,b:4;path=a:0,b:4;path=a:2,b:3",
  "path=a:0,b:3;path=a:2,b:4;path=a:3,b:4;path=a:0,b:2",
  "path=a:0,b:3;path=a:1,b:4;path=a:1,b:3;path=a:0,b:4",
};

static const KolTestTile tiles[] = {
  { "7", "yellow", 8, "path=a:0,b:1" },
  { "8", "yellow", 8, "path=a:0,b:2" },
  { "9", "yellow", 8, "path=a:0,b:3" },
  { "57", "yellow", 4, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3" },
  { "14", "green", 4, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0" },
  { "15", "green", 4, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0" },
  { "23", "green", 4, "path=a:0,b:3;path=a:0,b:4" },
  { "24", "green", 4, "path=a:0,b:3;path=a:0,b:2" },
  { "26", "green", 4, "path=a:0,b:3;path=a:0,b:5" },
  { "63", "brown", 4, "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
                      "path=a:4,b:_0;path=a:5,b:_0" },
  { NULL },
};

static const KolTestCorp corps[] = {
  { "A", 4, NULL, 0 }, { "B", 4, NULL, 0 }, { "C", 4, NULL, 0 }, { "D", 4, NULL, 0 }, { "E", 4, NULL, 0 },
  { NULL },
};

/* 15 columns of 10 flat hexes. */
static KolTestHex *
make_hexes (GRand     *rand,
            gboolean   switches,
            GPtrArray *strings)
{
  KolTestHex *hexes = g_new0 (KolTestHex, 151);
  int n = 0;

  for (int col = 0; col < 15; col++)
    for (int row = 0; row < 10; row++)
      {
        KolTestHex *h = &hexes[n++];
        int rotation = g_rand_int_range (rand, 0, 6);
        char *id = g_strdup_printf ("%c%d", 'A' + col, 2 * row + 1 + col % 2);
        char *code = NULL;

        g_ptr_array_add (strings, id);
        h->id = id;
        if (switches)
          code = g_strdup_printf ("%s;rotation=%d", switch_codes[g_rand_int_range (rand, 0, 5)], rotation);
        else if (g_rand_int_range (rand, 0, 6) > 0)
          code = g_strdup_printf ("%s;rotation=%d", track_codes[g_rand_int_range (rand, 0, G_N_ELEMENTS (track_codes))],
                                  rotation);
        h->color = switches ? "brown" : code ? "yellow" : NULL;
        if (code)
          g_ptr_array_add (strings, code);
        h->code = code;
      }
  if (switches)
    hexes[0].code = "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;"
                    "path=a:4,b:_0;path=a:5,b:_0";
  return hexes;
}

/* Tokens in random cities with a free slot. */
static void
place_tokens (KolEngine *engine,
              GRand     *rand)
{
  for (int c = 0; c < engine->n_corps; c++)
    for (int k = 0; k < 2 + c % 3; k++)
      for (int tries = 0; tries < 200; tries++)
        {
          int hex = g_rand_int_range (rand, 0, (int) engine->title->n_hexes);

          if (kol_tile_n_cities (kol_board_tile (engine, hex, NULL)) > 0 &&
              kol_board_check_token (engine, c, hex, 0, 0, NULL, NULL) &&
              kol_board_place_token (engine, c, -1, hex, 0, -1))
            break;
        }
}

static void
run (const char *name,
     gboolean    switches)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1849);
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autofree KolTestHex *hexes = make_hexes (rand, switches, strings);
  KolTestTitleSpec spec = { .hexes = hexes, .tiles = tiles, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  gint16 out[KOL_MAX_HEXES];
  gint64 start;
  int reaches = 0, legal = 0, n_hexes = 0, n_paths = 0;
  KolReach reach;

  place_tokens (engine, rand);
  start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 300000)
    kol_board_compute_reach (engine, reaches++ % engine->n_corps, NULL, &reach);
  printf ("%s: reach %.2f µs", name, (double) (g_get_monotonic_time () - start) / reaches);

  for (guint h = 0; h < title->n_hexes; h++)
    n_paths += __builtin_popcount (reach.paths[h]);
  start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 300000)
    {
      kol_board_compute_reach (engine, legal % engine->n_corps, NULL, &reach);
      n_hexes = kol_board_legal_hexes (engine, legal++ % engine->n_corps, &reach, out, G_N_ELEMENTS (out));
    }
  printf (", reach + legal hexes %.1f µs (last: %d paths reached, %d hexes to lay on)\n",
          (double) (g_get_monotonic_time () - start) / legal, n_paths, n_hexes);
}

int
main (int   argc,
      char *argv[])
{
  run ("150 hexes, late game", FALSE);
  run ("150 hexes, every hex a switch", TRUE);
  return 0;
}
