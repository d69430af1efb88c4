/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <time.h>

#include "kol-map-view.h"
#include "kol-test-board.h"

/*
 * Frame time of a full-board redraw of a late-game 1840 position (five
 * players, tiles on every hex that takes one, tokens in the cities) in a
 * 1280 × 800 map view, at three zoom levels, with GSK's cairo renderer:
 *
 *  - snapshot: KolMapView's snapshot vfunc building the render nodes;
 *  - render: gsk_renderer_render_texture() drawing them (cairo);
 *  - paintable: the same frame through gtk_widget_paintable_new() →
 *    gdk_paintable_snapshot() → gsk_renderer_render_texture();
 *  - settle: wall time from a zoom change until every hex in view has its
 *    texture at the new size (rasterized with librsvg in worker threads);
 *  - baseline: gsk_renderer_render_texture() of one flat colour node of the
 *    same size, the cost of the offscreen target itself (allocating and
 *    copying 4 MB), which a frame on screen does not pay.
 *
 * Wall times suffer from other processes on a busy machine (a preempted
 * frame shows as a spike of a few milliseconds), so each frame's CPU time
 * (of the drawing thread) is printed too. Timings are printed, never
 * asserted (DEVELOPERS.md). Run it with
 *   xvfb-run -a -s '-screen 0 1400x1000x24' meson test -C build --benchmark --suite ui -v
 */

#define WIDTH   1280
#define HEIGHT  800
#define FRAMES  60
#define TARGET_MS 8.0

static gboolean
ready (KolMapView *map)
{
  return gtk_widget_get_mapped (GTK_WIDGET (map)) && gtk_widget_get_width (GTK_WIDGET (map)) > 0 &&
         !kol_map_view_get_rendering (map);
}

static void
wait_ready (KolMapView *map)
{
  while (!ready (map))
    g_main_context_iteration (NULL, TRUE);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (double *values,
            int     n,
            double  p)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return values[MIN (n - 1, (int) (p * n))];
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

typedef struct
{
  double snapshot[FRAMES];
  double render[FRAMES];
  double total[FRAMES];
  double cpu[FRAMES];
  double paintable[FRAMES];
} Samples;

static void
measure (KolMapView  *map,
         GskRenderer *renderer,
         Samples     *s)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (map));
  graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT);

  for (int i = 0; i < FRAMES; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      double c0 = cpu_ms ();
      gint64 t0 = g_get_monotonic_time ();

      GTK_WIDGET_GET_CLASS (map)->snapshot (GTK_WIDGET (map), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      s->snapshot[i] = ms_since (t0);
      t0 = g_get_monotonic_time ();
      texture = gsk_renderer_render_texture (renderer, node, &viewport);
      s->render[i] = ms_since (t0);
      s->total[i] = s->snapshot[i] + s->render[i];
      s->cpu[i] = cpu_ms () - c0;
      g_object_unref (texture);
      gsk_render_node_unref (node);

      /* the widget's last frame, as the paintable replays it */
      t0 = g_get_monotonic_time ();
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, WIDTH, HEIGHT);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node, &viewport);
      s->paintable[i] = ms_since (t0);
      g_object_unref (texture);
      g_clear_pointer (&node, gsk_render_node_unref);
    }
}

static void
baseline (GskRenderer *renderer)
{
  graphene_rect_t viewport = GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT);
  GskRenderNode *node = gsk_color_node_new (&(GdkRGBA) { 0.9, 0.9, 0.9, 1 }, &viewport);
  double samples[FRAMES];

  for (int i = 0; i < FRAMES; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &viewport);

      samples[i] = ms_since (t0);
      g_object_unref (texture);
    }
  gsk_render_node_unref (node);
  g_print ("baseline: render_texture of a flat %d × %d node: %.2f / %.2f ms (med/p90)\n", WIDTH,
           HEIGHT, percentile (samples, FRAMES, 0.5), percentile (samples, FRAMES, 0.9));
}

static int
visible_hexes (KolMapView *map)
{
  KolViewport *vp = kol_map_view_get_viewport (map);
  const KolEngine *engine = kol_map_view_get_board (map);
  int n = 0;

  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      double x, y;

      kol_viewport_hex_to_widget (vp, (int) h, &x, &y);
      n += x > -60 && y > -60 && x < WIDTH + 60 && y < HEIGHT + 60;
    }
  return n;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GskRenderer) renderer = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window;
  KolMapView *map;
  KolViewport *vp;
  KolEngine *engine;
  double levels[3], worst = 0, bx, by, bw, bh;
  const char *names[3] = { "fit", "medium", "close" };

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("no display: skipped\n");
      return 77;
    }
  gtk_init ();
  title = kol_test_board_load_title ("1840", 5);
  engine = kol_test_board_new_game (title);
  kol_test_board_fill (engine);

  window = gtk_window_new ();
  map = KOL_MAP_VIEW (kol_map_view_new ());
  gtk_widget_set_size_request (GTK_WIDGET (map), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (map));
  gtk_window_set_resizable (GTK_WINDOW (window), FALSE);
  kol_map_view_set_board (map, engine);
  gtk_window_present (GTK_WINDOW (window));
  wait_ready (map);

  renderer = gsk_cairo_renderer_new ();
  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  vp = kol_map_view_get_viewport (map);
  kol_viewport_get_bounds (vp, &bx, &by, &bw, &bh);
  levels[0] = kol_viewport_get_fit_zoom (vp);  /* the whole board */
  levels[1] = 0.5;                             /* hexes of 50 px, as printed maps */
  levels[2] = 1.0;                             /* hexes of 100 px */

  g_print ("1840, 5 players, late game: %u hexes; view %d × %d, cairo renderer, %d frames\n",
           title->n_hexes, WIDTH, HEIGHT, FRAMES);
  g_print ("%-7s %6s %5s %7s | %-17s | %-17s | %-17s | %-17s | %-17s (ms)\n", "zoom", "", "hexes",
           "settle", "snapshot med/p90", "render med/p90", "frame med/p90", "frame CPU med/p90",
           "paintable med/p90");
  for (int l = 0; l < 3; l++)
    {
      Samples s;
      gint64 t0;
      double settle;

      kol_viewport_set_zoom (vp, levels[l]);
      kol_viewport_set_center (vp, bx + bw / 2, by + bh / 2);
      t0 = g_get_monotonic_time ();
      wait_ready (map);
      gtk_test_widget_wait_for_draw (window);
      settle = ms_since (t0);
      measure (map, renderer, &s);
      {
        double frame = percentile (s.total, FRAMES, 0.5);

        worst = MAX (worst, frame);
        g_print ("%-7s %6.3f %5d %7.0f | %7.2f / %7.2f | %7.2f / %7.2f | %7.2f / %7.2f | "
                 "%7.2f / %7.2f | %7.2f / %7.2f\n",
                 names[l], levels[l], visible_hexes (map), settle,
                 percentile (s.snapshot, FRAMES, 0.5), percentile (s.snapshot, FRAMES, 0.9),
                 percentile (s.render, FRAMES, 0.5), percentile (s.render, FRAMES, 0.9),
                 frame, percentile (s.total, FRAMES, 0.9),
                 percentile (s.cpu, FRAMES, 0.5), percentile (s.cpu, FRAMES, 0.9),
                 percentile (s.paintable, FRAMES, 0.5), percentile (s.paintable, FRAMES, 0.9));
      }
    }
  baseline (renderer);
  g_print ("slowest median frame %.2f ms (target ≤ %.0f ms: %s)\n", worst, TARGET_MS,
           worst <= TARGET_MS ? "met" : "NOT met");

  gsk_renderer_unrealize (renderer);
  gtk_window_destroy (GTK_WINDOW (window));
  kol_engine_free (engine);
  return 0;
}
