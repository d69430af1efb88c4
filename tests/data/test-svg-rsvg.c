/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include "kol-svg-renderer.h"
#include "kol-title-loader.h"

/*
 * The renderer's pictures as the views will see them: librsvg reads every
 * document and draws it onto a cairo image surface with something on it
 * (hex colours, black track), no display needed.
 */

typedef struct
{
  double opaque;      /* share of pixels with any alpha */
  double dark;        /* share of nearly black pixels (track, text) */
  guint  colors;      /* distinct colours, up to a cap */
  guint8 corner_alpha;
  guint8 centre_alpha;
} Picture;

static char *
data_dir (const char *title)
{
  return g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title, NULL);
}

static KolTitle *
load_title (const char *id,
            int         players)
{
  g_autofree char *dir = data_dir (id);
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_loader_load (dir, players, NULL, &error);

  g_assert_no_error (error);
  return title;
}

static void
measure (cairo_surface_t *surface,
         Picture         *pic)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  g_autoptr(GHashTable) colors = g_hash_table_new (NULL, NULL);
  guint64 opaque = 0, dark = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 px = *(const guint32 *) (const void *) (data + y * stride + x * 4);
        guint8 a = px >> 24, r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;

        if (a == 0)
          continue;
        opaque++;
        if (a > 200 && r < 50 && g < 50 && b < 50)
          dark++;
        if (g_hash_table_size (colors) < 4096)
          g_hash_table_add (colors, GUINT_TO_POINTER (px & 0xffffff));
      }
  pic->opaque = (double) opaque / ((double) w * h);
  pic->dark = (double) dark / ((double) w * h);
  pic->colors = g_hash_table_size (colors);
  pic->corner_alpha = data[3];
  pic->centre_alpha = data[(h / 2) * stride + (w / 2) * 4 + 3];
}

/* Draws @svg with librsvg at its own size and measures the pixels. */
static void
rasterize (const char *svg,
           Picture    *pic)
{
  g_autoptr(GError) error = NULL;
  /* librsvg 2.54 has no autoptr for its handle */
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  double width = 0, height = 0;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport;

  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height));
  g_assert_cmpfloat (width, >=, 20);
  g_assert_cmpfloat (height, >=, 20);
  g_assert_cmpfloat (width * height, <, 2e7);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width),
                                        (int) ceil (height));
  cr = cairo_create (surface);
  viewport = (RsvgRectangle) { 0, 0, width, height };
  g_assert_true (rsvg_handle_render_document (handle, cr, &viewport, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  measure (surface, pic);
  cairo_surface_destroy (surface);
  g_object_unref (handle);
}

static void
assert_drawn (const Picture *pic,
              double         min_opaque)
{
  g_assert_cmpfloat (pic->opaque, >=, min_opaque);
  g_assert_cmpfloat (pic->dark, >, 0.003);
  g_assert_cmpuint (pic->colors, >=, 6);
}

static void
check_board (const char *id,
             int         players)
{
  g_autoptr(KolTitle) title = load_title (id, players);
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, players, NULL, NULL, 1, &error);
  KolSvgOptions opts;
  g_autofree char *svg = NULL;
  Picture pic;

  g_assert_no_error (error);
  kol_svg_options_init (&opts);
  opts.hex_size = 20;
  opts.flags = KOL_SVG_AXES | KOL_SVG_INITIAL_TOKENS;
  svg = kol_svg_render_board (engine, &opts, NULL, NULL);
  rasterize (svg, &pic);
  /* the board has a background: every pixel is drawn */
  assert_drawn (&pic, 0.999);
  kol_engine_free (engine);
}

static void
test_boards (void)
{
  check_board ("1849", 4);
  check_board ("1840", 5);
  check_board ("1840", 2);
}

static void
test_sheets (void)
{
  const char *const ids[] = { "1849", "1840" };

  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(KolTitle) title = load_title (ids[i], 4);
      KolSvgOptions opts;
      g_autofree char *svg = NULL;
      Picture pic;

      kol_svg_options_init (&opts);
      opts.hex_size = 12;
      svg = kol_svg_render_tile_sheet (title, &opts);
      rasterize (svg, &pic);
      assert_drawn (&pic, 0.999);
    }
}

/* A single hex without background, as the map view caches it: transparent
 * outside the hex, drawn inside. */
static void
test_hex_texture (void)
{
  g_autoptr(KolTitle) title = load_title ("1849", 4);
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, 4, NULL, NULL, 1, &error);
  KolSvgOptions opts;
  int hex = kol_title_hex_by_id (title, "C5");
  g_autofree char *svg = NULL;
  Picture pic;

  g_assert_no_error (error);
  kol_svg_options_init (&opts);
  opts.hex_size = 80;
  opts.flags = KOL_SVG_NO_BACKGROUND;
  svg = kol_svg_render_hex (engine, hex, &opts);
  rasterize (svg, &pic);
  assert_drawn (&pic, 0.6);
  g_assert_cmpuint (pic.corner_alpha, ==, 0);
  g_assert_cmpuint (pic.centre_alpha, ==, 255);
  kol_engine_free (engine);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/svg-rsvg/boards", test_boards);
  g_test_add_func ("/svg-rsvg/sheets", test_sheets);
  g_test_add_func ("/svg-rsvg/hex-texture", test_hex_texture);

  return g_test_run ();
}
