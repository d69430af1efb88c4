/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-engine-market.h"
#include "kol-market-view.h"
#include "kol-svg-market.h"
#include "kol-test-board.h"
#include "ui-test-utils.h"

/*
 * KolMarketView bound to the 1849 and 1840 markets under Xvfb: each title's
 * own heading and legend, the space colours, the tokens in stack order
 * (kol-engine-market.h: the corporation that arrived first is on top), the
 * 1840 dividend table (rulebook VIII.5.1, Table 6), clicks on spaces.
 */

typedef struct
{
  GtkWidget     *window;
  KolMarketView *market;
  KolTitle      *title;
  KolEngine     *engine;
  KolGameMarket *model;
} Fixture;

static void
fixture_open (Fixture    *f,
              const char *title_id,
              int         n_players)
{
  f->title = kol_test_board_load_title (title_id, n_players);
  f->engine = kol_test_board_new_game (f->title);
  kol_test_board_fill_market (f->engine);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1300, 800);
  f->market = KOL_MARKET_VIEW (kol_market_view_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->market));
  f->model = kol_game_market_new ();
  kol_game_market_update (f->model, f->engine);
  kol_market_view_set_market (f->market, f->model);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_close (Fixture *f)
{
  g_object_ref (f->market);
  g_object_ref (f->window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->market);
  g_assert_finalize_object (f->model);
  kol_engine_free (f->engine);
  kol_title_free (f->title);
}

/* The first space holding two corporations or more. */
static gboolean
find_stack (Fixture *f,
            KolCell *cell)
{
  for (int c = 0; c < f->engine->n_corps; c++)
    {
      gint16 stack[KOL_MAX_CORPS];

      *cell = kol_market_corp_cell (f->engine, c);
      if (!kol_cell_is_none (*cell) && kol_market_cell_corps (f->engine, *cell, stack, KOL_MAX_CORPS) > 1)
        return TRUE;
    }
  return FALSE;
}

static char *
expected_stack (Fixture *f,
                KolCell  cell)
{
  gint16 stack[KOL_MAX_CORPS];
  int n = kol_market_cell_corps (f->engine, cell, stack, KOL_MAX_CORPS);
  g_autoptr(GString) out = g_string_new ("Here, top first: ");

  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", f->title->corps[stack[i]].id);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The tooltip of a shared space lists its corporations from the top of the
 * stack; a new order shows after the next update. */
static void
test_stack_order (gconstpointer data)
{
  const char *title_id = data;
  Fixture f = { 0 };
  g_autofree char *text = NULL, *expected = NULL, *reversed = NULL;
  gint16 stack[KOL_MAX_CORPS], swapped[KOL_MAX_CORPS];
  KolCell cell;
  int n;

  fixture_open (&f, title_id, 4);
  g_assert_true (find_stack (&f, &cell));
  text = kol_market_view_describe_cell (f.market, cell.row, cell.col);
  expected = expected_stack (&f, cell);
  g_assert_nonnull (strstr (text, expected));
  g_assert_true (g_str_has_prefix (text, "Share price "));

  n = kol_market_cell_corps (f.engine, cell, stack, KOL_MAX_CORPS);
  for (int i = 0; i < n; i++)
    swapped[i] = stack[n - 1 - i];
  kol_market_restack (f.engine, cell, swapped, n);
  kol_game_market_update (f.model, f.engine);
  g_clear_pointer (&text, g_free);
  text = kol_market_view_describe_cell (f.market, cell.row, cell.col);
  reversed = expected_stack (&f, cell);
  g_assert_cmpstr (reversed, !=, expected);
  g_assert_nonnull (strstr (text, reversed));
  g_assert_null (kol_market_view_describe_cell (f.market, 99, 99));
  fixture_close (&f);
}

/* Each title's words: 1849's Stock Market with its phase zone, end and
 * closing spaces; 1840's Share Price Board with its two kinds of par and
 * Table 6. */
static void
test_terms (void)
{
  static const struct
  {
    const char *title;
    int         players;
    const char *labels[6];
    guint       price_moves;
  } cases[] = {
    { "1849", 4, { "Stock Market", "Par from the start", "Par from Phase 10", "Phase 16 only", "Game end",
                   "Closed" }, 0 },
    { "1840", 5, { "Share Price Board", "Tram company par", "Stadtbahn start price",
                   "Tram company dividends (Table 6)", "2500 or more", "7 spaces to the right" }, 9 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fixture f = { 0 };
      g_autofree char *labels = NULL;

      fixture_open (&f, cases[i].title, cases[i].players);
      labels = kol_test_collect_labels (GTK_WIDGET (f.market));
      for (int j = 0; j < 6 && cases[i].labels[j] != NULL; j++)
        if (strstr (labels, cases[i].labels[j]) == NULL)
          g_error ("%s: no “%s” in\n%s", cases[i].title, cases[i].labels[j], labels);
      g_assert_cmpuint (kol_market_view_get_n_price_moves (f.market), ==, cases[i].price_moves);
      g_assert_cmpint (strstr (labels, "Dividends") != NULL, ==, cases[i].price_moves > 0);
      fixture_close (&f);
    }
}

static void
record_cell_cb (KolMarketView *market,
                int            row,
                int            col,
                GArray        *log)
{
  int pair[2] = { row, col };

  g_array_append_vals (log, pair, 2);
}

/* A click on a space tells which one; points and spaces map both ways. */
static void
test_click (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) clicks = g_array_new (FALSE, FALSE, sizeof (int));
  GtkWidget *grid;
  GtkGesture *click = NULL;
  double x, y, gx, gy;
  int row, col;

  fixture_open (&f, "1849", 4);
  g_signal_connect (f.market, "cell-activated", G_CALLBACK (record_cell_cb), clicks);
  g_assert_true (kol_market_view_get_cell_center (f.market, 3, 5, &x, &y));
  g_assert_true (kol_market_view_cell_at (f.market, x, y, &row, &col));
  g_assert_cmpint (row, ==, 3);
  g_assert_cmpint (col, ==, 5);
  g_assert_false (kol_market_view_cell_at (f.market, -10, -10, NULL, NULL));
  g_assert_false (kol_market_view_get_cell_center (f.market, 9, 15, &x, &y));  /* a gap */

  grid = kol_test_find_descendant (GTK_WIDGET (f.market), GTK_TYPE_DRAWING_AREA);
  g_assert_nonnull (grid);
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (grid);

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_GESTURE_CLICK (controller))
          click = GTK_GESTURE (controller);
      }
  }
  g_assert_nonnull (click);
  g_assert_true (kol_market_view_get_cell_center (f.market, 4, 2, &x, &y));
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (f.market), grid, x, y, &gx, &gy));
  g_signal_emit_by_name (click, "released", 1, gx, gy);
  g_assert_cmpuint (clicks->len, ==, 2);
  g_assert_cmpint (g_array_index (clicks, int, 0), ==, 4);
  g_assert_cmpint (g_array_index (clicks, int, 1), ==, 2);
  fixture_close (&f);
}

static void
pixel_at (GdkTexture *texture,
          int         x,
          int         y,
          GdkRGBA    *out)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  guint32 p;

  gdk_texture_download (texture, data, (gsize) width * 4);
  memcpy (&p, data + ((gsize) y * width + x) * 4, 4);
  /* GDK_MEMORY_DEFAULT is cairo's native-endian premultiplied ARGB */
  *out = (GdkRGBA) { ((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0, (p & 0xff) / 255.0,
                     (p >> 24) / 255.0 };
}

static void
assert_color (GdkRGBA    *seen,
              const char *spec)
{
  GdkRGBA want;

  g_assert_true (gdk_rgba_parse (&want, spec));
  g_assert_cmpfloat_with_epsilon (seen->red, want.red, 0.01);
  g_assert_cmpfloat_with_epsilon (seen->green, want.green, 0.01);
  g_assert_cmpfloat_with_epsilon (seen->blue, want.blue, 0.01);
}

/* Spaces take the colour of their zone in game.json market.zones (as the
 * printed market has them), else of their flags; a token the colour of
 * its corporation. */
static void
test_colours (void)
{
  Fixture f = { 0 };
  g_autoptr(GdkTexture) texture = NULL;
  GdkRGBA seen;
  double x, y;
  KolCell cell;
  gint16 stack[KOL_MAX_CORPS];

  fixture_open (&f, "1849", 4);
  texture = kol_test_render_widget (GTK_WIDGET (f.market));
  /* the top right corner of a space, clear of its price and tokens */
  g_assert_true (kol_market_view_get_cell_center (f.market, 4, 2, &x, &y));  /* 68, par */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, kol_svg_market_zone_color ("yellow"));
  g_assert_true (kol_market_view_get_cell_center (f.market, 2, 8, &x, &y));  /* par from Phase 6 */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, kol_svg_market_zone_color ("green"));
  g_assert_true (kol_market_view_get_cell_center (f.market, 0, 14, &x, &y));  /* 340, Phase 16 */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, kol_svg_market_zone_color ("blue"));
  g_assert_true (kol_market_view_get_cell_center (f.market, 0, 2, &x, &y));  /* 95, plain */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, "#fbf8ef");

  /* the top of a stack is the leftmost token */
  g_assert_true (find_stack (&f, &cell));
  kol_market_cell_corps (f.engine, cell, stack, KOL_MAX_CORPS);
  g_assert_true (kol_market_view_get_cell_center (f.market, cell.row, cell.col, &x, &y));
  /* its centre is 13.5 px left of and 12.5 px below the space's; below
   * the id written on it */
  pixel_at (texture, (int) (x - 13.5 - 5), (int) (y + 12.5 + 7), &seen);
  assert_color (&seen, f.title->corps[stack[0]].color);
  fixture_close (&f);
}

/* 1840: the Stadtbahn start prices are red and the tram company pars
 * orange on the Share Price Board (III.4.2), from the title's zones. */
static void
test_colours_1840 (void)
{
  Fixture f = { 0 };
  g_autoptr(GdkTexture) texture = NULL;
  GdkRGBA seen;
  double x, y;

  fixture_open (&f, "1840", 4);
  texture = kol_test_render_widget (GTK_WIDGET (f.market));
  g_assert_true (kol_market_view_get_cell_center (f.market, 1, 1, &x, &y));  /* 95, Stadtbahn */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, kol_svg_market_zone_color ("red"));
  g_assert_true (kol_market_view_get_cell_center (f.market, 1, 2, &x, &y));  /* 100, tram company par */
  pixel_at (texture, (int) x + 20, (int) y - 18, &seen);
  assert_color (&seen, kol_svg_market_zone_color ("orange"));
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/market-view/stack-order/1849", "1849", test_stack_order);
  g_test_add_data_func ("/market-view/stack-order/1840", "1840", test_stack_order);
  g_test_add_func ("/market-view/terms", test_terms);
  g_test_add_func ("/market-view/click", test_click);
  g_test_add_func ("/market-view/colours", test_colours);
  g_test_add_func ("/market-view/colours/1840", test_colours_1840);

  return g_test_run ();
}
