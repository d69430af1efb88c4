/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-board.h"
#include "kol-engine-market.h"
#include "kol-test-board.h"
#include "kol-title-loader.h"

/**
 * kol_test_board_load_title:
 * @title_id: "1840" or "1849"
 * @n_players: a player count the title allows
 *
 * Loads a title of the source tree (KOLEYA_DATA_DIR in the test
 * environment) with no options; fails the test when it cannot.
 *
 * Returns: (transfer full): the title
 */
KolTitle *
kol_test_board_load_title (const char *title_id,
                           int         n_players)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title_id, NULL);
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_loader_load (dir, n_players, NULL, &error);

  g_assert_no_error (error);
  return title;
}

/**
 * kol_test_board_new_game:
 *
 * Returns: (transfer full): a new game on @title with seed 1
 */
KolEngine *
kol_test_board_new_game (const KolTitle *title)
{
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, title->n_players, NULL, NULL, 1, &error);

  g_assert_no_error (error);
  return engine;
}

/* Lays a tile on every hex that takes one, in passes, as the supply allows:
 * yellow first, then upgrades, each the first legal tile (in a varying
 * order) at a legal rotation. The phase is set to the last one so that
 * every colour is available; the board API checks upgrades and rotations,
 * not the flow of a game. */
static void
fill_tiles (KolEngine *engine)
{
  const KolTitle *title = engine->title;

  engine->phase = (int) title->n_phases - 1;
  for (int pass = 0; pass < 4; pass++)
    for (guint h = 0; h < title->n_hexes; h++)
      {
        gint16 tiles[64];
        int n = kol_board_legal_tiles (engine, 0, (int) h, NULL, tiles, G_N_ELEMENTS (tiles));

        for (int i = 0; i < n; i++)
          {
            int tile = tiles[(i + h + pass) % n];
            int copy = kol_board_free_copy (engine, tile);
            guint8 rotations = kol_board_legal_rotations (engine, 0, (int) h, tile, NULL);
            int want, r;

            if (copy < 0 || rotations == 0)
              continue;
            /* a varying one of the legal rotations */
            want = (int) (h % (guint) __builtin_popcount (rotations));
            for (r = 0; r < 6; r++)
              if ((rotations & (1u << r)) && want-- == 0)
                break;
            kol_board_lay (engine, (int) h, copy, r);
            break;
          }
      }
}

/* Every corporation with tokens puts them where it can, a few each, spread
 * over the board. */
static void
fill_tokens (KolEngine *engine)
{
  const KolTitle *title = engine->title;

  for (int c = 0; c < engine->n_corps; c++)
    {
      int placed = 0;

      if (engine->corps[c].removed || engine->corps[c].n_tokens == 0)
        continue;
      for (guint i = 0; i < title->n_hexes && placed < 3; i++)
        {
          int h = (int) ((i * 37 + c * 11) % title->n_hexes);

          for (int city = 0; city < kol_tile_n_cities (kol_board_tile (engine, h, NULL)); city++)
            if (kol_board_can_place_token (engine, c, h, city, FALSE, NULL) &&
                kol_board_place_token (engine, c, -1, h, city, -1))
              {
                placed++;
                break;
              }
        }
    }
}

/**
 * kol_test_board_fill_market:
 * @engine: a game
 *
 * Puts the corporations that have shares to sell on the market: each at its
 * fixed par or on a par cell, then moved a varying number of steps, with
 * the first two left together on one cell (a stack: the first on top).
 */
void
kol_test_board_fill_market (KolEngine *engine)
{
  KolCell par[64], second[64];
  int n_par = kol_market_par_cells (engine, KOL_CELL_PAR, par, G_N_ELEMENTS (par));
  int n_second = kol_market_par_cells (engine, KOL_CELL_PAR_2, second, G_N_ELEMENTS (second));
  int k = 0;

  for (int c = 0; c < engine->n_corps; c++)
    {
      const KolCorpDef *def = &engine->title->corps[c];
      KolCell cell = KOL_CELL_NONE;

      if (engine->corps[c].removed || def->n_shares < 2)
        continue;
      for (int i = 0; i < n_par && def->par > 0; i++)
        if (kol_market_cell_price (engine, par[i]) == def->par)
          cell = par[i];
      if (kol_cell_is_none (cell))
        cell = n_second > 0 ? second[k % n_second] : par[k % MAX (n_par, 1)];
      if (kol_cell_is_none (cell))
        continue;
      kol_market_set_par (engine, c, k < 2 ? (n_second > 0 ? second[0] : par[0]) : cell);
      for (int step = 0; k >= 2 && step < (k * 3) % 7; step++)
        kol_market_move_right (engine, c);
      if (k % 4 == 3)
        kol_market_move_down (engine, c);
      k++;
    }
}

/**
 * kol_test_board_fill:
 * @engine: a new game
 *
 * Makes @engine look like a late game: tiles on most hexes, upgraded where
 * possible, tokens in cities, corporations on the market.
 */
void
kol_test_board_fill (KolEngine *engine)
{
  fill_tiles (engine);
  fill_tokens (engine);
  kol_test_board_fill_market (engine);
}

/**
 * kol_test_render_node:
 *
 * Returns: (transfer full): @node drawn by GSK's cairo renderer
 */
GdkTexture *
kol_test_render_node (GskRenderNode *node,
                      int            width,
                      int            height)
{
  GskRenderer *renderer = gsk_cairo_renderer_new ();
  g_autoptr(GError) error = NULL;
  GdkTexture *texture;

  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_renderer_unrealize (renderer);
  g_object_unref (renderer);
  return texture;
}

/**
 * kol_test_render_widget:
 * @widget: a widget that has been drawn in a window
 *
 * What the widget showed in its last frame, drawn offscreen with the cairo
 * renderer (deterministic pixels, no GL).
 *
 * Returns: (transfer full): the texture
 */
GdkTexture *
kol_test_render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GdkTexture *texture;

  g_assert_cmpint (width, >, 0);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = kol_test_render_node (node, width, height);
  gsk_render_node_unref (node);
  return texture;
}
