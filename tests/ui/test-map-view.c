/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kol-engine-board.h"
#include "kol-map-view.h"
#include "kol-svg-renderer.h"
#include "kol-test-board.h"
#include "ui-test-utils.h"

/*
 * KolMapView bound to real 1849 and 1840 boards, under Xvfb with the cairo
 * renderer: drawing (and a reference picture), zoom and pan through the
 * actions, keys and gesture signals (emitted on the view's own controllers,
 * as libshumate's tests do), selection and activation, hovering, overlays,
 * scrolling, and updates of the board.
 *
 * The reference pictures are in tests/ui/reference/. To draw them again
 * after an intended change of the drawing or of the title data, run
 *   KOLEYA_UPDATE_REFERENCE=1 xvfb-run -a meson test -C build map-view
 * then look at the new PNGs before committing them.
 */

typedef struct
{
  GtkWidget  *window;
  GtkWidget  *scroller;
  KolMapView *map;
  KolTitle   *title;
  KolEngine    *engine;
} Fixture;

static gboolean
ready_cb (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->map)) &&
         gtk_widget_get_width (GTK_WIDGET (f->map)) > 0 &&
         !kol_map_view_get_rendering (f->map);
}

/* Waits until every hex in view is drawn from a texture of the right size. */
static void
wait_ready (Fixture *f)
{
  kol_test_wait_until (ready_cb, f);
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_open (Fixture    *f,
              const char *title_id,
              int         n_players,
              gboolean    late,
              gboolean    scrolled,
              int         width,
              int         height)
{
  f->title = kol_test_board_load_title (title_id, n_players);
  f->engine = kol_test_board_new_game (f->title);
  if (late)
    kol_test_board_fill (f->engine);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  f->map = KOL_MAP_VIEW (kol_map_view_new ());
  if (scrolled)
    {
      f->scroller = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (f->scroller), GTK_WIDGET (f->map));
      gtk_window_set_child (GTK_WINDOW (f->window), f->scroller);
    }
  else
    gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->map));
  kol_map_view_set_board (f->map, f->engine);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_ready (f);
}

/* The window and the view are finalized, then the game and title (the
 * view holds a pointer to the title until it goes). */
static void
fixture_close (Fixture *f)
{
  g_object_ref (f->map);
  g_object_ref (f->window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  /* the window's last reference takes its children with it */
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->map);
  kol_engine_free (f->engine);
  kol_title_free (f->title);
}

static gpointer
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;  /* the widget keeps it */
    }
  g_assert_not_reached ();
}

/* Runs what the widget binds to a key, as a key press would. */
static void
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  mods)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, mods);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (!gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            continue;
          g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                       widget,
                                                       gtk_shortcut_get_arguments (shortcut)));
          return;
        }
    }
  g_assert_not_reached ();
}

/* Zooms to @zoom with the middle of the board in the middle. */
static void
zoom_to_middle (Fixture *f,
                double   zoom)
{
  KolViewport *vp = kol_map_view_get_viewport (f->map);
  double bx, by, bw, bh;

  kol_viewport_get_bounds (vp, &bx, &by, &bw, &bh);
  kol_viewport_set_zoom (vp, zoom);
  kol_viewport_set_center (vp, bx + bw / 2, by + bh / 2);
}

static double
zoom_of (Fixture *f)
{
  return kol_viewport_get_zoom (kol_map_view_get_viewport (f->map));
}

/* A hex whose tile has a city with token slots, well inside the view. */
static int
hex_with_city (Fixture *f)
{
  int width = gtk_widget_get_width (GTK_WIDGET (f->map));
  int height = gtk_widget_get_height (GTK_WIDGET (f->map));

  for (guint h = 0; h < f->title->n_hexes; h++)
    {
      double x, y;

      if (kol_tile_n_slots (kol_board_tile (f->engine, (int) h, NULL)) > 0 &&
          kol_viewport_hex_to_widget (kol_map_view_get_viewport (f->map), (int) h, &x, &y) &&
          x > 60 && y > 60 && x < width - 60 && y < height - 60)
        return (int) h;
    }
  g_assert_not_reached ();
}

/* ------------------------------------------------------------- pixels */

typedef struct
{
  int     width;
  int     height;
  guchar *data;   /* 4 bytes a pixel, GDK_MEMORY_DEFAULT */
} Pixels;

static Pixels
download (GdkTexture *texture)
{
  Pixels p = { gdk_texture_get_width (texture), gdk_texture_get_height (texture), NULL };

  p.data = g_malloc ((gsize) p.width * p.height * 4);
  gdk_texture_download (texture, p.data, (gsize) p.width * 4);
  return p;
}

/* Sum of channel differences in a box of two renderings. */
static guint64
difference (const Pixels *a,
            const Pixels *b,
            int           x0,
            int           y0,
            int           x1,
            int           y1)
{
  guint64 sum = 0;

  for (int y = MAX (y0, 0); y < MIN (y1, a->height); y++)
    for (int x = MAX (x0, 0); x < MIN (x1, a->width); x++)
      for (int c = 0; c < 4; c++)
        sum += ABS (a->data[(y * a->width + x) * 4 + c] - b->data[(y * b->width + x) * 4 + c]);
  return sum;
}

static Pixels
render (Fixture *f)
{
  g_autoptr(GdkTexture) texture = NULL;

  gtk_widget_queue_draw (GTK_WIDGET (f->map));
  wait_ready (f);
  texture = kol_test_render_widget (GTK_WIDGET (f->map));
  return download (texture);
}

/* Compares the view with a reference picture: at most 0.5 % of the pixels
 * may differ by more than a quarter of a channel, and the mean difference
 * must stay small (antialiasing and font hinting may move a little). */
static void
compare_with_reference (GdkTexture *texture,
                        const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "ui", "reference", file, NULL);
  g_autoptr(GdkTexture) reference = NULL;
  g_autoptr(GError) error = NULL;
  Pixels a, b;
  guint64 total = 0, off = 0;

  if (g_getenv ("KOLEYA_UPDATE_REFERENCE") != NULL)
    {
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("wrote %s", path);
      return;
    }
  reference = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  a = download (texture);
  b = download (reference);
  g_assert_cmpint (a.width, ==, b.width);
  g_assert_cmpint (a.height, ==, b.height);
  for (int i = 0; i < a.width * a.height; i++)
    {
      int worst = 0;

      for (int c = 0; c < 4; c++)
        {
          int d = ABS (a.data[i * 4 + c] - b.data[i * 4 + c]);

          worst = MAX (worst, d);
          total += d;
        }
      off += worst > 64;
    }
  if (off * 200 > (guint64) a.width * a.height || total > (guint64) a.width * a.height * 4 * 3)
    {
      g_autofree char *actual = g_strconcat (name, "-actual.png", NULL);
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, actual, NULL);

      gdk_texture_save_to_png (texture, out);
      g_error ("%s: %" G_GUINT64_FORMAT " pixels differ, mean difference %.2f; see %s", name,
               off, (double) total / (a.width * a.height * 4), out);
    }
  g_free (a.data);
  g_free (b.data);
}

/* -------------------------------------------------------------- tests */

/* The whole board is drawn from one texture per hex at the size the zoom
 * asks for; the view fits the board first. */
static void
test_board_drawn (gconstpointer data)
{
  const char *title_id = data;
  Fixture f = { 0 };
  KolViewport *vp;

  fixture_open (&f, title_id, 4, FALSE, TRUE, 900, 650);
  vp = kol_map_view_get_viewport (f.map);
  g_assert_true (kol_map_view_get_board (f.map) != f.engine);
  g_assert_true (kol_map_view_get_board (f.map)->title == f.title);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_zoom (vp), kol_viewport_get_fit_zoom (vp), 1e-9);
  g_assert_cmpuint (kol_tile_renderer_get_n_textures (kol_map_view_get_renderer (f.map)), >=,
                    f.title->n_hexes);
  g_assert_cmpuint (kol_tile_renderer_get_n_pending (kol_map_view_get_renderer (f.map)), ==, 0);

  kol_map_view_set_board (f.map, NULL);
  g_assert_null (kol_map_view_get_board (f.map));
  g_assert_false (kol_map_view_get_rendering (f.map));
  fixture_close (&f);
}

/* A late 1849 game at two zoom levels looks as the reference pictures
 * do. */
static void
test_reference (void)
{
  Fixture f = { 0 };
  g_autoptr(GdkTexture) fit = NULL;
  g_autoptr(GdkTexture) near = NULL;

  fixture_open (&f, "1849", 4, TRUE, FALSE, 800, 560);
  fit = kol_test_render_widget (GTK_WIDGET (f.map));
  compare_with_reference (fit, "map-1849-late");

  zoom_to_middle (&f, 1.0);
  wait_ready (&f);
  near = kol_test_render_widget (GTK_WIDGET (f.map));
  compare_with_reference (near, "map-1849-late-zoomed");
  fixture_close (&f);
}

/* map.zoom-in/out step the zoom, map.zoom-reset fits the board; the keys
 * Ctrl+plus/minus/0 run them. */
static void
test_zoom_actions (void)
{
  Fixture f = { 0 };
  double fit;

  fixture_open (&f, "1840", 5, FALSE, TRUE, 900, 650);
  fit = zoom_of (&f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), fit * KOL_VIEWPORT_ZOOM_STEP, 1e-9);
  press_key (GTK_WIDGET (f.map), GDK_KEY_plus, GDK_CONTROL_MASK);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), fit * KOL_VIEWPORT_ZOOM_STEP * KOL_VIEWPORT_ZOOM_STEP, 1e-9);
  press_key (GTK_WIDGET (f.map), GDK_KEY_minus, GDK_CONTROL_MASK);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), fit * KOL_VIEWPORT_ZOOM_STEP, 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), fit, 1e-9);

  /* textures follow the zoom once it settles */
  press_key (GTK_WIDGET (f.map), GDK_KEY_plus, GDK_CONTROL_MASK);
  g_assert_true (kol_map_view_get_rendering (f.map));
  wait_ready (&f);
  press_key (GTK_WIDGET (f.map), GDK_KEY_0, GDK_CONTROL_MASK);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), fit, 1e-9);
  fixture_close (&f);
}

static void
allocate (Fixture *f,
          int      width,
          int      height)
{
  gtk_widget_size_allocate (GTK_WIDGET (f->map), &(GtkAllocation) { 0, 0, width, height }, -1);
}

/* The board fills the view and is fitted again when the view is resized,
 * until the user zooms; fitting (Ctrl+0) makes it follow the size again. */
static void
test_refit_on_resize (void)
{
  Fixture f = { 0 };
  KolViewport *vp;
  double big, small, zoomed;

  fixture_open (&f, "1849", 4, FALSE, FALSE, 900, 650);
  vp = kol_map_view_get_viewport (f.map);
  big = zoom_of (&f);
  allocate (&f, 600, 400);
  small = zoom_of (&f);
  g_assert_cmpfloat (small, <, big);
  g_assert_cmpfloat_with_epsilon (small, kol_viewport_get_fit_zoom (vp), 1e-9);
  allocate (&f, 900, 650);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), big, 1e-9);

  /* the user's zoom is kept through a resize */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.zoom-in", NULL));
  zoomed = zoom_of (&f);
  allocate (&f, 600, 400);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), zoomed, 1e-9);

  /* until the board is fitted again */
  press_key (GTK_WIDGET (f.map), GDK_KEY_0, GDK_CONTROL_MASK);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), small, 1e-9);
  allocate (&f, 900, 650);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), big, 1e-9);
  fixture_close (&f);
}

/* The mouse wheel zooms around the pointer: the hex under it stays under
 * it. A touchpad's pixels scroll instead. */
static void
test_wheel_zoom (void)
{
  Fixture f = { 0 };
  GtkEventController *motion, *scroll;
  KolViewport *vp;
  double bx, by, x, y, zoom;
  gboolean handled = FALSE;
  int hex;

  fixture_open (&f, "1849", 4, FALSE, TRUE, 900, 650);
  vp = kol_map_view_get_viewport (f.map);
  /* zoomed in far enough that the board's edges do not hold the view */
  zoom_to_middle (&f, 0.6);
  motion = find_controller (GTK_WIDGET (f.map), GTK_TYPE_EVENT_CONTROLLER_MOTION);
  scroll = find_controller (GTK_WIDGET (f.map), GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  hex = hex_with_city (&f);
  kol_viewport_hex_to_widget (vp, hex, &x, &y);
  x += 7;
  y -= 5;
  g_signal_emit_by_name (motion, "motion", x, y);
  kol_viewport_widget_to_board (vp, x, y, &bx, &by);
  zoom = zoom_of (&f);

  for (int i = 0; i < 3; i++)
    {
      double bx2, by2;

      g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
      g_assert_true (handled);
      zoom *= KOL_VIEWPORT_ZOOM_STEP;
      g_assert_cmpfloat_with_epsilon (zoom_of (&f), zoom, 1e-9);
      kol_viewport_widget_to_board (vp, x, y, &bx2, &by2);
      g_assert_cmpfloat_with_epsilon (bx2, bx, 1e-6);
      g_assert_cmpfloat_with_epsilon (by2, by, 1e-6);
      g_assert_cmpint (kol_viewport_hex_at (vp, x, y), ==, hex);
    }
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), zoom / KOL_VIEWPORT_ZOOM_STEP, 1e-9);
  wait_ready (&f);
  fixture_close (&f);
}

/* Dragging moves the board with the pointer; a pinch zooms relative to
 * the zoom at its start. */
static void
test_drag_and_pinch (void)
{
  Fixture f = { 0 };
  GtkGesture *drag, *pinch;
  KolViewport *vp;
  double cx, cy, zoom;

  fixture_open (&f, "1840", 3, FALSE, TRUE, 700, 500);
  vp = kol_map_view_get_viewport (f.map);
  zoom_to_middle (&f, 1.0);
  cx = kol_viewport_get_center_x (vp);
  cy = kol_viewport_get_center_y (vp);

  drag = find_controller (GTK_WIDGET (f.map), GTK_TYPE_GESTURE_DRAG);
  g_signal_emit_by_name (drag, "drag-begin", 300.0, 200.0);
  g_signal_emit_by_name (drag, "drag-update", 40.0, -25.0);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_x (vp), cx - 40.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_y (vp), cy + 25.0, 1e-9);
  g_signal_emit_by_name (drag, "drag-update", 10.0, 5.0);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_x (vp), cx - 10.0, 1e-9);
  g_signal_emit_by_name (drag, "drag-end", 10.0, 5.0);

  pinch = find_controller (GTK_WIDGET (f.map), GTK_TYPE_GESTURE_ZOOM);
  zoom = zoom_of (&f);
  g_signal_emit_by_name (pinch, "scale-changed", 1.5);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), zoom * 1.5, 1e-9);
  g_signal_emit_by_name (pinch, "scale-changed", 0.8);
  g_assert_cmpfloat_with_epsilon (zoom_of (&f), zoom * 0.8, 1e-9);
  g_signal_emit_by_name (pinch, "end", NULL);
  wait_ready (&f);
  fixture_close (&f);
}

static void
record_int_cb (KolMapView *map,
               int         value,
               GArray     *log)
{
  g_array_append_val (log, value);
}

static void
record_node_cb (KolMapView *map,
                int         hex,
                int         node,
                GArray     *log)
{
  int pair[2] = { hex, node };

  g_array_append_vals (log, pair, 2);
}

/* A click selects and activates the hex under it; a click on a city's
 * token slot activates that node first. */
static void
test_click (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (int));
  GtkGesture *click;
  KolViewport *vp;
  const KolTileDef *tile;
  double bx, by, r, x, y;
  int hex, node;

  fixture_open (&f, "1849", 4, FALSE, TRUE, 900, 650);
  vp = kol_map_view_get_viewport (f.map);
  kol_viewport_set_zoom (vp, 1.0);
  g_signal_connect (f.map, "hex-activated", G_CALLBACK (record_int_cb), hexes);
  g_signal_connect (f.map, "node-activated", G_CALLBACK (record_node_cb), nodes);
  click = find_controller (GTK_WIDGET (f.map), GTK_TYPE_GESTURE_CLICK);

  hex = hex_with_city (&f);
  tile = kol_board_tile (f.engine, hex, NULL);
  g_assert_true (kol_svg_board_slot_point (f.engine, hex, 0, &bx, &by, &r));
  kol_viewport_board_to_widget (vp, bx, by, &x, &y);
  g_signal_emit_by_name (click, "released", 1, x, y);
  g_assert_cmpint (kol_map_view_get_selected_hex (f.map), ==, hex);
  g_assert_cmpuint (hexes->len, ==, 1);
  g_assert_cmpint (g_array_index (hexes, int, 0), ==, hex);
  g_assert_cmpuint (nodes->len, ==, 2);
  g_assert_cmpint (g_array_index (nodes, int, 0), ==, hex);
  node = g_array_index (nodes, int, 1);
  g_assert_cmpint (tile->nodes[node].kind, ==, KOL_NODE_CITY);
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (f.map)));

  /* a corner of the hex: the hex, no node */
  kol_svg_board_hex_center (f.title, hex, &bx, &by);
  kol_viewport_board_to_widget (vp, bx, by - KOL_SVG_HEX_RADIUS * 0.7, &x, &y);
  g_signal_emit_by_name (click, "released", 1, x, y);
  g_assert_cmpuint (hexes->len, ==, 2);
  g_assert_cmpuint (nodes->len, ==, 2);
  /* a double click is not a second activation */
  g_signal_emit_by_name (click, "released", 2, x, y);
  g_assert_cmpuint (hexes->len, ==, 2);
  fixture_close (&f);
}

/* Arrow keys move the selection to the neighbour that way, Enter
 * activates it, R and Shift+R ask for rotations; the selection is
 * described to assistive technologies and kept in view. */
static void
test_keyboard (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) rotations = g_array_new (FALSE, FALSE, sizeof (int));
  KolViewport *vp;
  double x0, y0, x1, y1;
  int start, right, left;

  fixture_open (&f, "1840", 5, FALSE, TRUE, 800, 600);
  vp = kol_map_view_get_viewport (f.map);
  kol_viewport_set_zoom (vp, 1.5);
  g_signal_connect (f.map, "hex-activated", G_CALLBACK (record_int_cb), hexes);
  g_signal_connect (f.map, "rotate-requested", G_CALLBACK (record_int_cb), rotations);

  /* the first arrow picks the hex in the middle */
  press_key (GTK_WIDGET (f.map), GDK_KEY_Right, 0);
  start = kol_map_view_get_selected_hex (f.map);
  g_assert_cmpint (start, >=, 0);

  press_key (GTK_WIDGET (f.map), GDK_KEY_Right, 0);
  right = kol_map_view_get_selected_hex (f.map);
  g_assert_cmpint (right, !=, start);
  kol_svg_board_hex_center (f.title, start, &x0, &y0);
  kol_svg_board_hex_center (f.title, right, &x1, &y1);
  g_assert_cmpfloat (x1, >, x0);
  g_assert_cmpfloat (fabs (y1 - y0), <, 1e-6);  /* 1840 is pointy: a row */
  g_assert_cmpint (kol_hex_distance (&f.title->grid, f.title->hexes[start].x,
                                     f.title->hexes[start].y, f.title->hexes[right].x,
                                     f.title->hexes[right].y), ==, 1);
  press_key (GTK_WIDGET (f.map), GDK_KEY_Left, 0);
  left = kol_map_view_get_selected_hex (f.map);
  g_assert_cmpint (left, ==, start);
  press_key (GTK_WIDGET (f.map), GDK_KEY_Down, 0);
  kol_svg_board_hex_center (f.title, kol_map_view_get_selected_hex (f.map), &x1, &y1);
  g_assert_cmpfloat (y1, >, y0);

  /* the selection stays in view */
  for (int i = 0; i < 12; i++)
    press_key (GTK_WIDGET (f.map), GDK_KEY_Down, 0);
  g_assert_true (kol_viewport_hex_to_widget (vp, kol_map_view_get_selected_hex (f.map), &x1, &y1));
  g_assert_cmpfloat (y1, <=, gtk_widget_get_height (GTK_WIDGET (f.map)));

  press_key (GTK_WIDGET (f.map), GDK_KEY_Return, 0);
  g_assert_cmpuint (hexes->len, ==, 1);
  g_assert_cmpint (g_array_index (hexes, int, 0), ==, kol_map_view_get_selected_hex (f.map));
  press_key (GTK_WIDGET (f.map), GDK_KEY_r, 0);
  press_key (GTK_WIDGET (f.map), GDK_KEY_R, GDK_SHIFT_MASK);
  g_assert_cmpuint (rotations->len, ==, 2);
  g_assert_cmpint (g_array_index (rotations, int, 0), ==, 1);
  g_assert_cmpint (g_array_index (rotations, int, 1), ==, -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.rotate", "i", -3));
  g_assert_cmpint (g_array_index (rotations, int, 2), ==, -1);

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (f.map)), ==,
                   GTK_ACCESSIBLE_ROLE_GROUP);
  fixture_close (&f);
}

/* Hovering reports the hex under the pointer, once per hex. */
static void
test_hover_and_details (void)
{
  Fixture f = { 0 };
  g_autoptr(GArray) hovered = g_array_new (FALSE, FALSE, sizeof (int));
  GtkEventController *motion;
  g_autofree char *text = NULL;
  double x, y;
  int hex;

  fixture_open (&f, "1849", 4, TRUE, TRUE, 900, 650);
  g_signal_connect (f.map, "hex-hovered", G_CALLBACK (record_int_cb), hovered);
  motion = find_controller (GTK_WIDGET (f.map), GTK_TYPE_EVENT_CONTROLLER_MOTION);
  hex = hex_with_city (&f);
  kol_viewport_hex_to_widget (kol_map_view_get_viewport (f.map), hex, &x, &y);
  g_signal_emit_by_name (motion, "motion", x, y);
  g_signal_emit_by_name (motion, "motion", x + 2, y + 1);
  g_assert_cmpint (kol_map_view_get_hovered_hex (f.map), ==, hex);
  g_assert_cmpuint (hovered->len, ==, 1);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (kol_map_view_get_hovered_hex (f.map), ==, -1);
  g_assert_cmpuint (hovered->len, ==, 2);
  g_assert_cmpint (g_array_index (hovered, int, 1), ==, -1);

  /* the details name the hex and its tile (the tests run in English) */
  text = kol_map_view_describe_hex (f.map, hex);
  g_assert_true (g_str_has_prefix (text, f.title->hexes[hex].id));
  g_assert_true (strstr (text, "\nTile ") != NULL || strstr (text, "\nPrinted hex") != NULL);
  g_assert_nonnull (strstr (text, "Revenue: "));
  g_assert_null (kol_map_view_describe_hex (f.map, -1));
  fixture_close (&f);
}

/* Highlights, a tentative tile and routes change the pixels of their hexes
 * only, and go away again. */
static void
test_overlays (void)
{
  Fixture f = { 0 };
  gint16 hexes[1];
  Pixels before, lit, after;
  KolViewport *vp;
  KolMapCity city;
  gint16 tiles[16];
  KolRouteNode stops[2];
  KolRoute route = { 0 };
  double x, y, other_x, other_y, zoom;
  int box, hex, other, tile_hex = -1, n_tiles = 0;

  fixture_open (&f, "1849", 4, FALSE, FALSE, 800, 560);
  vp = kol_map_view_get_viewport (f.map);
  zoom = zoom_of (&f);
  box = (int) (KOL_SVG_HEX_RADIUS * zoom * 0.8);
  hex = hex_with_city (&f);
  other = (hex + f.title->n_hexes / 2) % f.title->n_hexes;
  kol_viewport_hex_to_widget (vp, hex, &x, &y);
  kol_viewport_hex_to_widget (vp, other, &other_x, &other_y);
  before = render (&f);

  hexes[0] = hex;
  kol_map_view_set_hex_highlights (f.map, KOL_MAP_HIGHLIGHT_LAY, hexes, 1);
  g_assert_cmpint (kol_map_view_get_hex_highlight (f.map, hex), ==, KOL_MAP_HIGHLIGHT_LAY);
  kol_map_view_set_hex_highlights (f.map, KOL_MAP_HIGHLIGHT_UPGRADE, NULL, 0);
  g_assert_cmpint (kol_map_view_get_hex_highlight (f.map, hex), ==, KOL_MAP_HIGHLIGHT_LAY);
  city = (KolMapCity) { hex, 0 };
  kol_map_view_set_city_highlights (f.map, &city, 1);
  lit = render (&f);
  g_assert_cmpuint (difference (&before, &lit, x - box, y - box, x + box, y + box), >, 1000);
  g_assert_cmpuint (difference (&before, &lit, other_x - box, other_y - box, other_x + box,
                                other_y + box), ==, 0);
  kol_map_view_clear_highlights (f.map);
  g_assert_cmpint (kol_map_view_get_hex_highlight (f.map, hex), ==, KOL_MAP_HIGHLIGHT_NONE);
  after = render (&f);
  g_assert_cmpuint (difference (&before, &after, 0, 0, after.width, after.height), ==, 0);
  g_free (lit.data);
  g_free (after.data);

  /* a tentative tile on an empty hex */
  for (guint h = 0; h < f.title->n_hexes && n_tiles == 0; h++)
    if ((n_tiles = kol_board_legal_tiles (f.engine, 0, (int) h, NULL, tiles, 16)) > 0)
      tile_hex = (int) h;
  g_assert_cmpint (tile_hex, >=, 0);
  kol_map_view_set_tentative_tile (f.map, tile_hex, tiles[0], 7);
  {
    int h, t, r;

    g_assert_true (kol_map_view_get_tentative_tile (f.map, &h, &t, &r));
    g_assert_cmpint (h, ==, tile_hex);
    g_assert_cmpint (t, ==, tiles[0]);
    g_assert_cmpint (r, ==, 1);
  }
  kol_viewport_hex_to_widget (vp, tile_hex, &x, &y);
  lit = render (&f);
  g_assert_cmpuint (difference (&before, &lit, x - box, y - box, x + box, y + box), >, 1000);
  kol_map_view_set_tentative_tile (f.map, -1, 0, 0);
  g_assert_false (kol_map_view_get_tentative_tile (f.map, NULL, NULL, NULL));
  g_free (lit.data);

  /* a route being drawn: two stops, no track yet */
  stops[0] = (KolRouteNode) { hex, (gint8) kol_tile_city_node (kol_board_tile (f.engine, hex, NULL), 0) };
  stops[1] = (KolRouteNode) { other, 0 };
  route.n_nodes = 2;
  route.nodes = stops;
  g_assert_cmpint (kol_map_view_add_route (f.map, &route, NULL, "4H: 120"), ==, 0);
  g_assert_cmpuint (kol_map_view_get_n_routes (f.map), ==, 1);
  kol_viewport_hex_to_widget (vp, hex, &x, &y);
  lit = render (&f);
  g_assert_cmpuint (difference (&before, &lit, x - box, y - box, x + box, y + box), >, 1000);
  kol_map_view_clear_routes (f.map);
  g_assert_cmpuint (kol_map_view_get_n_routes (f.map), ==, 0);
  after = render (&f);
  g_assert_cmpuint (difference (&before, &after, 0, 0, after.width, after.height), ==, 0);

  g_free (before.data);
  g_free (lit.data);
  g_free (after.data);
  fixture_close (&f);
}

/* In a GtkScrolledWindow the scrollbars span the board at the current
 * zoom, and moving them moves the view. */
static void
test_scrollbars (void)
{
  Fixture f = { 0 };
  GtkAdjustment *h, *v;
  KolViewport *vp;
  double cw, ch, sx, sy;

  fixture_open (&f, "1840", 5, FALSE, TRUE, 800, 600);
  vp = kol_map_view_get_viewport (f.map);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (f.scroller));
  v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (f.scroller));
  kol_viewport_set_zoom (vp, 1.0);
  kol_viewport_get_content_size (vp, &cw, &ch);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_upper (h), cw, 1e-6);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_upper (v), ch, 1e-6);
  g_assert_cmpfloat (gtk_adjustment_get_page_size (h), ==, kol_viewport_get_width (vp));

  gtk_adjustment_set_value (h, 500);
  gtk_adjustment_set_value (v, 120);
  kol_viewport_get_scroll (vp, &sx, &sy);
  g_assert_cmpfloat_with_epsilon (sx, 500, 1e-6);
  g_assert_cmpfloat_with_epsilon (sy, 120, 1e-6);
  kol_viewport_pan (vp, 100, 20);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (h), 400, 1e-6);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (v), 100, 1e-6);
  wait_ready (&f);
  fixture_close (&f);
}

/* A new state redraws the hexes that changed; the view keeps its place and
 * its selection. */
static void
test_board_update (void)
{
  Fixture f = { 0 };
  Pixels before, after;
  KolViewport *vp;
  gint16 tiles[16];
  double x, y, ox, oy, zoom;
  int hex = -1, other, box, n = 0;

  fixture_open (&f, "1849", 4, FALSE, FALSE, 800, 560);
  vp = kol_map_view_get_viewport (f.map);
  kol_viewport_set_zoom (vp, zoom_of (&f) * 1.2);
  zoom = zoom_of (&f);
  for (guint h = 0; h < f.title->n_hexes && n == 0; h++)
    if ((n = kol_board_legal_tiles (f.engine, 0, (int) h, NULL, tiles, 16)) > 0)
      hex = (int) h;
  kol_map_view_set_selected_hex (f.map, hex);
  before = render (&f);

  kol_board_lay (f.engine, hex, kol_board_free_copy (f.engine, tiles[0]),
                 g_bit_nth_lsf (kol_board_legal_rotations (f.engine, 0, hex, tiles[0], NULL), -1));
  kol_map_view_set_board (f.map, f.engine);
  g_assert_true (kol_map_view_get_rendering (f.map));
  after = render (&f);
  g_assert_cmpfloat (zoom_of (&f), ==, zoom);
  g_assert_cmpint (kol_map_view_get_selected_hex (f.map), ==, hex);
  box = (int) (KOL_SVG_HEX_RADIUS * zoom * 0.6);
  kol_viewport_hex_to_widget (vp, hex, &x, &y);
  g_assert_cmpuint (difference (&before, &after, x - box, y - box, x + box, y + box), >, 1000);
  other = hex_with_city (&f) == hex ? (hex + 7) % (int) f.title->n_hexes : hex_with_city (&f);
  kol_viewport_hex_to_widget (vp, other, &ox, &oy);
  if (fabs (ox - x) > 3 * box || fabs (oy - y) > 3 * box)
    g_assert_cmpuint (difference (&before, &after, ox - box, oy - box, ox + box, oy + box), ==, 0);
  g_free (before.data);
  g_free (after.data);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/map-view/board-drawn/1849", "1849", test_board_drawn);
  g_test_add_data_func ("/map-view/board-drawn/1840", "1840", test_board_drawn);
  g_test_add_func ("/map-view/reference", test_reference);
  g_test_add_func ("/map-view/zoom-actions", test_zoom_actions);
  g_test_add_func ("/map-view/refit-on-resize", test_refit_on_resize);
  g_test_add_func ("/map-view/wheel-zoom", test_wheel_zoom);
  g_test_add_func ("/map-view/drag-and-pinch", test_drag_and_pinch);
  g_test_add_func ("/map-view/click", test_click);
  g_test_add_func ("/map-view/keyboard", test_keyboard);
  g_test_add_func ("/map-view/hover-and-details", test_hover_and_details);
  g_test_add_func ("/map-view/overlays", test_overlays);
  g_test_add_func ("/map-view/scrollbars", test_scrollbars);
  g_test_add_func ("/map-view/board-update", test_board_update);

  return g_test_run ();
}
