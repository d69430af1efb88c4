/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "kol-svg-renderer.h"
#include "kol-title-loader.h"
#include "kol-viewport.h"

/*
 * KolViewport without a display: the transforms round-trip, zooming around a
 * point keeps that point under the pointer, zoom and centre are clamped, and
 * each real change is notified once.
 */

#define EPS 1e-9

static KolViewport *
viewport_new (int    width,
              int    height,
              double bw,
              double bh)
{
  KolViewport *vp = kol_viewport_new ();

  kol_viewport_set_size (vp, width, height);
  kol_viewport_set_bounds (vp, -bw / 2, -bh / 3, bw, bh);
  return vp;
}

typedef struct
{
  double zoom;
  double cx, cy;
  int    width, height;
} ViewCase;

static const ViewCase view_cases[] = {
  { 0.5, 0, 0, 800, 600 },
  { 1.0, 120, -40, 1280, 800 },
  { 2.5, -333.3, 250.25, 640, 480 },
  { 0.07, 10, 10, 300, 1000 },
  { 3.9, 1900, 900, 1920, 1080 },
};

/* board → widget → board and widget → board → widget are identities. */
static void
test_round_trip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (view_cases); i++)
    {
      const ViewCase *c = &view_cases[i];
      g_autoptr(KolViewport) vp = viewport_new (c->width, c->height, 8000, 6000);

      kol_viewport_set_zoom (vp, c->zoom);
      kol_viewport_set_center (vp, c->cx, c->cy);
      g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_x (vp), c->cx, EPS);
      for (double wx = -50; wx <= c->width + 50; wx += c->width / 7.0)
        for (double wy = -50; wy <= c->height + 50; wy += c->height / 5.0)
          {
            double bx, by, x, y;

            kol_viewport_widget_to_board (vp, wx, wy, &bx, &by);
            kol_viewport_board_to_widget (vp, bx, by, &x, &y);
            g_assert_cmpfloat_with_epsilon (x, wx, 1e-6);
            g_assert_cmpfloat_with_epsilon (y, wy, 1e-6);
          }
      /* the centre of the board view is the middle of the widget */
      {
        double x, y;

        kol_viewport_board_to_widget (vp, kol_viewport_get_center_x (vp),
                                      kol_viewport_get_center_y (vp), &x, &y);
        g_assert_cmpfloat_with_epsilon (x, c->width / 2.0, 1e-6);
        g_assert_cmpfloat_with_epsilon (y, c->height / 2.0, 1e-6);
      }
    }
}

typedef struct
{
  double from, to;
  double wx, wy;
} ZoomCase;

/* Zooming in and out around a point inside a large board keeps the board
 * point under that widget point (the pointer stays on the same hex). */
static void
test_zoom_at_keeps_point (void)
{
  static const ZoomCase cases[] = {
    { 0.5, 1.0, 100, 100 },
    { 1.0, 0.6, 700, 500 },
    { 0.8, 3.2, 400, 300 },
    { 2.0, 2.0 * KOL_VIEWPORT_ZOOM_STEP, 13, 587 },
    { 1.5, 1.5 / KOL_VIEWPORT_ZOOM_STEP, 799, 1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ZoomCase *c = &cases[i];
      g_autoptr(KolViewport) vp = viewport_new (800, 600, 20000, 20000);
      double bx, by, bx2, by2;

      kol_viewport_set_zoom (vp, c->from);
      kol_viewport_set_center (vp, 1000, 2000);
      kol_viewport_widget_to_board (vp, c->wx, c->wy, &bx, &by);
      kol_viewport_zoom_at (vp, c->to, c->wx, c->wy);
      g_assert_cmpfloat_with_epsilon (kol_viewport_get_zoom (vp), c->to, EPS);
      kol_viewport_widget_to_board (vp, c->wx, c->wy, &bx2, &by2);
      g_assert_cmpfloat_with_epsilon (bx2, bx, 1e-6);
      g_assert_cmpfloat_with_epsilon (by2, by, 1e-6);
    }
}

/* The zoom stays within its range, whichever way it is set. */
static void
test_zoom_clamped (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 5000, 4000);

  kol_viewport_set_zoom (vp, 1000.0);
  g_assert_cmpfloat (kol_viewport_get_zoom (vp), ==, KOL_VIEWPORT_MAX_ZOOM);
  kol_viewport_zoom_at (vp, 1e-4, 10, 10);
  g_assert_cmpfloat (kol_viewport_get_zoom (vp), ==, KOL_VIEWPORT_MIN_ZOOM);
  g_object_set (vp, "zoom", 50.0, NULL);
  g_assert_cmpfloat (kol_viewport_get_zoom (vp), ==, KOL_VIEWPORT_MAX_ZOOM);

  kol_viewport_set_zoom_range (vp, 0.25, 2.0);
  g_assert_cmpfloat (kol_viewport_get_zoom (vp), ==, 2.0);
  kol_viewport_set_zoom (vp, 0.1);
  g_assert_cmpfloat (kol_viewport_get_zoom (vp), ==, 0.25);
}

/* The view never scrolls past the board's edges, and a board smaller than
 * the widget is centred. */
static void
test_center_constrained (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 4000, 3000);
  double bx, by, bw, bh, x, y, w, h;

  kol_viewport_get_bounds (vp, &bx, &by, &bw, &bh);
  kol_viewport_set_zoom (vp, 1.0);
  kol_viewport_set_center (vp, -1e6, 1e6);
  kol_viewport_get_visible_area (vp, &x, &y, &w, &h);
  g_assert_cmpfloat_with_epsilon (x, bx, EPS);
  g_assert_cmpfloat_with_epsilon (y + h, by + bh, EPS);

  kol_viewport_pan (vp, -1e7, -1e7);
  kol_viewport_get_visible_area (vp, &x, &y, &w, &h);
  g_assert_cmpfloat_with_epsilon (x + w, bx + bw, 1e-6);
  g_assert_cmpfloat_with_epsilon (y + h, by + bh, 1e-6);

  kol_viewport_set_zoom (vp, 0.1);  /* 400 × 300 px: smaller than the widget */
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_x (vp), bx + bw / 2, EPS);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_y (vp), by + bh / 2, EPS);
  kol_viewport_pan (vp, 100, 100);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_center_x (vp), bx + bw / 2, EPS);
}

/* Panning moves the board with the pointer. */
static void
test_pan (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 40000, 30000);
  double x0, y0, x1, y1;

  kol_viewport_set_zoom (vp, 2.0);
  kol_viewport_board_to_widget (vp, 100, 100, &x0, &y0);
  kol_viewport_pan (vp, 37, -12);
  kol_viewport_board_to_widget (vp, 100, 100, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x1 - x0, 37, 1e-6);
  g_assert_cmpfloat_with_epsilon (y1 - y0, -12, 1e-6);
}

/* Fit shows all of the bounds and touches two of the widget's edges. */
static void
test_fit (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 4000, 1000);
  double bx, by, bw, bh, x, y;

  kol_viewport_fit (vp);
  kol_viewport_get_bounds (vp, &bx, &by, &bw, &bh);
  g_assert_cmpfloat_with_epsilon (kol_viewport_get_zoom (vp), 0.2, EPS);
  kol_viewport_board_to_widget (vp, bx, by, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 0, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, (600 - 200) / 2.0, 1e-6);
  kol_viewport_board_to_widget (vp, bx + bw, by + bh, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 800, 1e-6);
}

/* Scroll offsets are what GtkScrollable's adjustments show. */
static void
test_scroll (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 4000, 3000);
  double w, h, x, y;

  kol_viewport_set_zoom (vp, 1.0);
  kol_viewport_get_content_size (vp, &w, &h);
  g_assert_cmpfloat (w, ==, 4000);
  kol_viewport_set_scroll (vp, 0, 0);
  kol_viewport_get_scroll (vp, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 0, 1e-6);
  kol_viewport_set_scroll (vp, 1234, 777);
  kol_viewport_get_scroll (vp, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 1234, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, 777, 1e-6);
  kol_viewport_set_scroll (vp, 1e9, 1e9);
  kol_viewport_get_scroll (vp, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, w - 800, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, h - 600, 1e-6);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 int        *count)
{
  (*count)++;
}

/* One notification per property whose value changed, none otherwise. */
static void
test_notify_once (void)
{
  g_autoptr(KolViewport) vp = viewport_new (800, 600, 40000, 30000);
  int zoom = 0, cx = 0, width = 0;

  g_signal_connect (vp, "notify::zoom", G_CALLBACK (count_notify_cb), &zoom);
  g_signal_connect (vp, "notify::center-x", G_CALLBACK (count_notify_cb), &cx);
  g_signal_connect (vp, "notify::width", G_CALLBACK (count_notify_cb), &width);

  kol_viewport_set_zoom (vp, 1.0);
  g_assert_cmpint (zoom, ==, 1);
  kol_viewport_set_zoom (vp, 1.0);
  g_assert_cmpint (zoom, ==, 1);
  g_assert_cmpint (cx, ==, 0);

  kol_viewport_zoom_at (vp, 2.0, 10, 300);
  g_assert_cmpint (zoom, ==, 2);
  g_assert_cmpint (cx, ==, 1);

  kol_viewport_set_size (vp, 800, 600);
  g_assert_cmpint (width, ==, 0);
  kol_viewport_set_size (vp, 801, 600);
  g_assert_cmpint (width, ==, 1);
}

/* On a real board every hex is found under its own centre, and keyboard
 * scrolling brings a hex into view. */
static void
test_hexes (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "1849", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitle) title = kol_title_loader_load (dir, 4, NULL, &error);
  g_autoptr(KolViewport) vp = kol_viewport_new ();

  g_assert_no_error (error);
  kol_viewport_set_size (vp, 1024, 768);
  kol_viewport_set_title (vp, title, KOL_SVG_AXES);
  kol_viewport_fit (vp);
  for (guint h = 0; h < title->n_hexes; h++)
    {
      double wx, wy;

      g_assert_true (kol_viewport_hex_to_widget (vp, (int) h, &wx, &wy));
      g_assert_cmpint (kol_viewport_hex_at (vp, wx, wy), ==, (int) h);
      g_assert_cmpint (kol_viewport_hex_at (vp, wx + 20 * kol_viewport_get_zoom (vp),
                                            wy - 20 * kol_viewport_get_zoom (vp)), ==, (int) h);
    }
  g_assert_cmpint (kol_viewport_hex_at (vp, -5, -5), ==, -1);

  kol_viewport_set_zoom (vp, 3.0);
  for (guint h = 0; h < title->n_hexes; h += 7)
    {
      double bx, by, wx, wy;

      kol_svg_board_hex_center (title, (int) h, &bx, &by);
      kol_viewport_ensure_visible (vp, bx, by, KOL_SVG_HEX_RADIUS);
      kol_viewport_board_to_widget (vp, bx, by, &wx, &wy);
      g_assert_cmpfloat (wx, >=, 0);
      g_assert_cmpfloat (wx, <=, 1024);
      g_assert_cmpfloat (wy, >=, 0);
      g_assert_cmpfloat (wy, <=, 768);
      g_assert_false (kol_viewport_ensure_visible (vp, bx, by, KOL_SVG_HEX_RADIUS));
    }
  kol_viewport_set_title (vp, NULL, 0);
  g_assert_cmpint (kol_viewport_hex_at (vp, 512, 384), ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/viewport/round-trip", test_round_trip);
  g_test_add_func ("/viewport/zoom-at-keeps-point", test_zoom_at_keeps_point);
  g_test_add_func ("/viewport/zoom-clamped", test_zoom_clamped);
  g_test_add_func ("/viewport/center-constrained", test_center_constrained);
  g_test_add_func ("/viewport/pan", test_pan);
  g_test_add_func ("/viewport/fit", test_fit);
  g_test_add_func ("/viewport/scroll", test_scroll);
  g_test_add_func ("/viewport/notify-once", test_notify_once);
  g_test_add_func ("/viewport/hexes", test_hexes);

  return g_test_run ();
}
