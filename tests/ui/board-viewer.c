/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-board.h"
#include "kol-engine-route.h"
#include "kol-l10n.h"
#include "kol-map-view.h"
#include "kol-market-view.h"
#include "kol-test-board.h"

/*
 * A board viewer for development: the map and the stock market of a title,
 * fresh or filled like a late game, with the overlays on show, in a window
 * or saved as a PNG (under xvfb-run, for screenshots).
 *
 *   board-viewer 1840 --players 5 --late --overlays
 *   xvfb-run -a board-viewer 1849 --view market --screenshot market.png
 *   LANGUAGE=ru LC_ALL=C.UTF-8 KOLEYA_LOCALEDIR=build/po board-viewer …
 */

typedef struct
{
  char     *title_id;
  int       players;
  gboolean  late;
  gboolean  overlays;
  char     *view;
  char     *screenshot;
  int       width;
  int       height;
  double    zoom;
  int       select;
  int       describe;
  gboolean  zoomed;
  GtkWidget *window;
  GtkWidget *map;
  GtkWidget *market;
  KolTitle  *title;
  KolEngine   *engine;
} Viewer;

/* The best routes of a corporation with tokens, as the router finds them
 * for two unlimited trains on every network: something real to draw. */
static void
show_routes (Viewer *v)
{
  KolMapView *map = KOL_MAP_VIEW (v->map);

  for (int c = 0; c < v->engine->n_corps && kol_map_view_get_n_routes (map) == 0; c++)
    {
      KolRouteRules rules;
      KolRouteTrain trains[2];
      g_autoptr(KolRouteResult) result = NULL;
      g_autofree char *label = NULL;

      if (v->engine->corps[c].n_tokens == 0 || v->engine->corps[c].tokens[0].hex < 0)
        continue;
      kol_route_rules_init (&rules);
      kol_route_train_init (&trains[0], 0xff, 4);
      kol_route_train_init (&trains[1], 0xff, 3);
      result = kol_route_solve (v->engine, c, &rules, trains, 2, NULL, NULL);
      for (int i = 0; result != NULL && i < result->n_routes; i++)
        {
          label = g_strdup_printf ("%s: %d", v->title->corps[c].id, result->routes[i].revenue);
          kol_map_view_add_route (map, &result->routes[i], NULL, label);
          g_clear_pointer (&label, g_free);
        }
    }
}

/* Lay targets of the first corporation, a tentative tile, token cities. */
static void
show_overlays (Viewer *v)
{
  KolMapView *map = KOL_MAP_VIEW (v->map);
  gint16 hexes[KOL_MAX_HEXES], lays[KOL_MAX_HEXES], upgrades[KOL_MAX_HEXES], tiles[32];
  KolMapCity cities[16];
  int n = kol_board_legal_hexes (v->engine, 0, NULL, hexes, G_N_ELEMENTS (hexes));
  int n_lays = 0, n_upgrades = 0, n_cities = 0;

  for (int i = 0; i < n; i++)
    {
      if (kol_board_tile (v->engine, hexes[i], NULL)->preprinted)
        lays[n_lays++] = hexes[i];
      else
        upgrades[n_upgrades++] = hexes[i];
    }
  kol_map_view_set_hex_highlights (map, KOL_MAP_HIGHLIGHT_LAY, lays, n_lays);
  kol_map_view_set_hex_highlights (map, KOL_MAP_HIGHLIGHT_UPGRADE, upgrades, n_upgrades);
  if (n > 0 && kol_board_legal_tiles (v->engine, 0, hexes[n / 2], NULL, tiles, 32) > 0)
    kol_map_view_set_tentative_tile (map, hexes[n / 2], tiles[0],
                                     g_bit_nth_lsf (kol_board_legal_rotations (v->engine, 0,
                                                                               hexes[n / 2],
                                                                               tiles[0], NULL),
                                                    -1));
  for (guint h = 0; h < v->title->n_hexes && n_cities < 16; h++)
    for (int city = 0; city < kol_tile_n_cities (kol_board_tile (v->engine, h, NULL)); city++)
      if (n_cities < 16 && kol_board_can_place_token (v->engine, 0, h, city, FALSE, NULL) &&
          h % 5 == 0)
        cities[n_cities++] = (KolMapCity) { h, city };
  kol_map_view_set_city_highlights (map, cities, n_cities);
  show_routes (v);
}

static gboolean
map_ready (Viewer *v)
{
  return v->map == NULL || !kol_map_view_get_rendering (KOL_MAP_VIEW (v->map));
}

/* Once the map has its size (and has fitted the board), applies --zoom;
 * with --screenshot, saves the window when every hex is drawn. */
static gboolean
tick_cb (gpointer data)
{
  Viewer *v = data;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *child = gtk_window_get_child (GTK_WINDOW (v->window));

  if (gtk_widget_get_width (child) == 0)
    return G_SOURCE_CONTINUE;
  if (v->map != NULL && v->zoom > 0 && !v->zoomed)
    {
      kol_viewport_set_zoom (kol_map_view_get_viewport (KOL_MAP_VIEW (v->map)), v->zoom);
      v->zoomed = TRUE;
    }
  if (v->screenshot == NULL)
    return G_SOURCE_REMOVE;
  if (g_getenv ("KOLEYA_VIEWER_VERBOSE") != NULL)
    g_printerr ("renderer: %s\n",
                G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (v->window))));
  if (!map_ready (v))
    return G_SOURCE_CONTINUE;
  texture = kol_test_render_widget (v->window);
  if (!gdk_texture_save_to_png (texture, v->screenshot))
    g_printerr ("Cannot write %s\n", v->screenshot);
  gtk_window_destroy (GTK_WINDOW (v->window));
  return G_SOURCE_REMOVE;
}

static GtkWidget *
build_map (Viewer *v)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  v->map = kol_map_view_new ();
  kol_map_view_set_board (KOL_MAP_VIEW (v->map), v->engine);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), v->map);
  gtk_widget_set_hexpand (scroller, TRUE);
  gtk_widget_set_vexpand (scroller, TRUE);
  if (v->overlays)
    show_overlays (v);
  if (v->select >= 0)
    kol_map_view_set_selected_hex (KOL_MAP_VIEW (v->map), v->select);
  if (v->describe >= 0)
    {
      g_autofree char *text = kol_map_view_describe_hex (KOL_MAP_VIEW (v->map), v->describe);

      g_print ("%s\n", text != NULL ? text : "(no such hex)");
    }
  return scroller;
}

static GtkWidget *
build_market (Viewer *v)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  g_autoptr(KolGameMarket) model = kol_game_market_new ();

  kol_game_market_update (model, v->engine);
  v->market = kol_market_view_new ();
  kol_market_view_set_market (KOL_MARKET_VIEW (v->market), model);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), v->market);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_hexpand (scroller, TRUE);
  gtk_widget_set_vexpand (scroller, TRUE);
  return scroller;
}

static void
activate_cb (GtkApplication *app,
             Viewer         *v)
{
  GtkWidget *content;

  v->window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (v->window), v->title_id);
  gtk_window_set_default_size (GTK_WINDOW (v->window), v->width, v->height);
  if (g_str_equal (v->view, "market"))
    content = build_market (v);
  else if (g_str_equal (v->view, "map"))
    content = build_map (v);
  else
    {
      content = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
      gtk_paned_set_start_child (GTK_PANED (content), build_map (v));
      gtk_paned_set_end_child (GTK_PANED (content), build_market (v));
      gtk_paned_set_position (GTK_PANED (content), v->height * 3 / 5);
    }
  gtk_window_set_child (GTK_WINDOW (v->window), content);
  gtk_window_present (GTK_WINDOW (v->window));
  g_timeout_add (50, tick_cb, v);
}

int
main (int   argc,
      char *argv[])
{
  Viewer v = { .players = 0, .view = NULL, .width = 1200, .height = 800, .select = -1,
               .describe = -1 };
  g_autoptr(GOptionContext) context = g_option_context_new ("TITLE");
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkApplication) app = NULL;
  const GOptionEntry entries[] = {
    { "players", 'p', 0, G_OPTION_ARG_INT, &v.players, "Players", "N" },
    { "late", 0, 0, G_OPTION_ARG_NONE, &v.late, "Fill the board like a late game", NULL },
    { "overlays", 0, 0, G_OPTION_ARG_NONE, &v.overlays, "Show highlights, a tile, routes", NULL },
    { "view", 0, 0, G_OPTION_ARG_STRING, &v.view, "map, market or both", "VIEW" },
    { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, &v.screenshot, "Save a PNG and quit", "FILE" },
    { "width", 0, 0, G_OPTION_ARG_INT, &v.width, "Window width", "PX" },
    { "height", 0, 0, G_OPTION_ARG_INT, &v.height, "Window height", "PX" },
    { "zoom", 0, 0, G_OPTION_ARG_DOUBLE, &v.zoom, "Zoom (pixels per board unit)", "Z" },
    { "select", 0, 0, G_OPTION_ARG_INT, &v.select, "Select a hex index", "HEX" },
    { "describe", 0, 0, G_OPTION_ARG_INT, &v.describe, "Print a hex's details", "HEX" },
    G_OPTION_ENTRY_NULL
  };
  int status;

  kol_l10n_init_gettext ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "Give a title: 1840 or 1849");
      return 2;
    }
  v.title_id = argv[1];
  if (v.view == NULL)
    v.view = g_strdup ("both");
  v.title = kol_test_board_load_title (v.title_id, v.players > 0 ? v.players : 4);
  v.engine = kol_test_board_new_game (v.title);
  if (v.late)
    kol_test_board_fill (v.engine);
  else
    kol_test_board_fill_market (v.engine);

  app = gtk_application_new ("io.github.koleya.BoardViewer", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), &v);
  status = g_application_run (G_APPLICATION (app), 1, argv);
  kol_engine_free (v.engine);
  kol_title_free (v.title);
  g_free (v.view);
  g_free (v.screenshot);
  return status;
}
