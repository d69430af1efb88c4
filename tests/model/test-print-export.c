/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <librsvg/rsvg.h>

#include "kol-print-export.h"
#include "kol-svg-market.h"
#include "kol-svg-renderer.h"

/*
 * Print and export (issue 9, item 4): the map, the tile sheet and the stock
 * market of both shipped titles and of the template, as PDF and SVG, at real
 * scale over several pages and fitted to one. A PDF must start as one, and
 * hold as many pages as the job says; SVG pages must be pictures librsvg
 * reads, with the paper's size.
 */

#define PT_PER_MM (72.0 / 25.4)

static char *
data_dir (const char *title)
{
  const char *root = g_getenv ("KOLEYA_DATA_DIR");

  return root != NULL ? g_build_filename (root, title, NULL) : NULL;
}

static KolTitleDocument *
open_title (const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  KolTitleDocument *doc;

  if (g_str_equal (title, "template"))
    {
      g_autofree char *template = kol_title_document_find_template ("blank");

      g_assert_nonnull (template);
      doc = kol_title_document_new_from_directory (template, &error);
    }
  else
    {
      if ((dir = data_dir (title)) == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
        return NULL;
      doc = kol_title_document_new_from_directory (dir, &error);
    }
  g_assert_no_error (error);
  return doc;
}

/* "/Type /Page" objects, not "/Type /Pages". The file is binary: compressed
 * streams hold NUL bytes, so no string function may scan it. */
static guint
count_pdf_pages (const char *pdf,
                 gsize       length)
{
  static const char needle[] = "/Type /Page";
  gsize n = sizeof needle - 1;
  guint count = 0;

  for (gsize i = 0; i + n < length; i++)
    if (memcmp (pdf + i, needle, n) == 0 && pdf[i + n] != 's')
      count++;
  return count;
}

typedef struct
{
  const char  *title;
  KolPrintWhat what;
  gboolean     fit;
  KolPaper     paper;
  gboolean     landscape;
  guint        min_pages;
} PdfCase;

static const PdfCase pdf_cases[] = {
  { "1849", KOL_PRINT_MAP, FALSE, KOL_PAPER_A4, FALSE, 4 },
  { "1849", KOL_PRINT_MAP, TRUE, KOL_PAPER_A4, FALSE, 1 },
  { "1849", KOL_PRINT_TILES, FALSE, KOL_PAPER_A4, FALSE, 5 },
  { "1849", KOL_PRINT_MARKET, FALSE, KOL_PAPER_A4, TRUE, 2 },
  { "1849", KOL_PRINT_MARKET, TRUE, KOL_PAPER_LETTER, TRUE, 1 },
  { "1840", KOL_PRINT_MAP, FALSE, KOL_PAPER_A3, TRUE, 2 },
  { "1840", KOL_PRINT_MAP, TRUE, KOL_PAPER_A3, TRUE, 1 },
  { "1840", KOL_PRINT_TILES, FALSE, KOL_PAPER_A4, FALSE, 5 },
  { "1840", KOL_PRINT_MARKET, TRUE, KOL_PAPER_A4, TRUE, 1 },
  { "template", KOL_PRINT_MAP, FALSE, KOL_PAPER_A4, FALSE, 1 },
  { "template", KOL_PRINT_TILES, FALSE, KOL_PAPER_A4, FALSE, 2 },
  { "template", KOL_PRINT_MARKET, TRUE, KOL_PAPER_A4, FALSE, 1 },
};

static void
test_pdf (gconstpointer data)
{
  const PdfCase *c = data;
  g_autoptr(KolTitleDocument) doc = open_title (c->title);
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_build_filename (g_get_user_cache_dir (), "print.pdf", NULL);
  g_autofree char *pdf = NULL;
  g_auto(GStrv) written = NULL;
  KolPrintOptions opts;
  double w, h;
  gsize length;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  kol_print_options_init (&opts);
  opts.what = c->what;
  opts.fit = c->fit;
  opts.paper = c->paper;
  opts.landscape = c->landscape;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  g_assert_nonnull (job);
  g_assert_cmpuint (kol_print_job_get_n_pages (job), >=, c->min_pages);
  if (c->fit)
    g_assert_cmpuint (kol_print_job_get_n_pages (job), ==, 1);
  kol_print_job_get_page_size (job, &w, &h);
  g_assert_cmpint (c->landscape, ==, w > h);

  written = kol_print_job_write (job, KOL_PRINT_FORMAT_PDF, file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (written), ==, 1);
  g_assert_true (g_file_get_contents (file, &pdf, &length, NULL));
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  g_assert_cmpuint (count_pdf_pages (pdf, length), ==, kol_print_job_get_n_pages (job));
  g_test_message ("%s: %u pages", c->title, kol_print_job_get_n_pages (job));
}

/* Real scale: the map needs as many pages as its size says, sharing the
 * overlap. */
static void
test_real_scale_pages (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("1849");
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolPrintJob) job = NULL;
  KolSvgBoardGeometry geometry;
  KolSvgOptions svg_opts;
  KolPrintOptions opts;
  double pw = (210 - 20) * PT_PER_MM, ph = (297 - 20) * PT_PER_MM, ov = 10 * PT_PER_MM;
  guint cols, rows;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1849");
      return;
    }
  title = kol_title_document_load_title (doc, 0, NULL, NULL);
  g_assert_nonnull (title);
  kol_svg_options_init (&svg_opts);
  /* 38 mm across the flats is a circumradius of 38 / sqrt (3) mm */
  svg_opts.hex_size = 38 * PT_PER_MM / sqrt (3);
  svg_opts.flags |= KOL_SVG_AXES;
  kol_svg_board_geometry (title, &svg_opts, &geometry);
  cols = (guint) ceil ((geometry.width * geometry.scale - ov) / (pw - ov));
  rows = (guint) ceil ((geometry.height * geometry.scale - ov) / (ph - ov));

  kol_print_options_init (&opts);
  job = kol_print_job_new (doc, &opts, NULL);
  g_assert_nonnull (job);
  g_assert_cmpuint (kol_print_job_get_n_pages (job), ==, cols * rows);
}

/* One SVG per page, each the paper's size and readable by librsvg. */
static void
test_svg_pages (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autofree char *file = g_build_filename (g_get_user_cache_dir (), "tiles.svg", NULL);
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) written = NULL;
  KolPrintOptions opts;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  kol_print_options_init (&opts);
  opts.what = KOL_PRINT_TILES;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  written = kol_print_job_write (job, KOL_PRINT_FORMAT_SVG, file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (written), ==, kol_print_job_get_n_pages (job));
  g_assert_cmpuint (g_strv_length (written), >, 1);
  for (guint i = 0; written[i] != NULL; i++)
    {
      g_autofree char *expected = g_strdup_printf ("tiles-%u.svg", i + 1);
      RsvgHandle *handle;
      double w, h;

      g_assert_true (g_str_has_suffix (written[i], expected));
      handle = rsvg_handle_new_from_file (written[i], &error);
      g_assert_no_error (error);
      rsvg_handle_set_dpi (handle, 72);
      g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
      g_assert_cmpfloat_with_epsilon (w, 210 * PT_PER_MM, 0.5);
      g_assert_cmpfloat_with_epsilon (h, 297 * PT_PER_MM, 0.5);
      /* librsvg 2.54 has no autoptr for RsvgHandle */
      g_clear_object (&handle);
    }
}

/* The market picture: every price, the zones' colours and their legend. */
static void
test_market_svg (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("1849");
  g_autofree char *svg = NULL;
  g_autofree char *svg_ru = NULL;
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle;
  JsonNode *market;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1849");
      return;
    }
  market = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, "$.market");
  svg = kol_svg_render_market (json_node_get_object (market), NULL, 1.0);
  svg_ru = kol_svg_render_market (json_node_get_object (market), "ru", 1.0);
  g_assert_nonnull (strstr (svg, ">377</text>"));
  g_assert_nonnull (strstr (svg, ">68</text>"));
  g_assert_nonnull (strstr (svg, "Par from the start"));
  g_assert_nonnull (strstr (svg_ru, "Начальная стоимость с начала игры"));
  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  g_assert_no_error (error);
  g_assert_nonnull (handle);
  g_clear_object (&handle);
  /* no market at all still gives a picture */
  g_clear_pointer (&svg, g_free);
  svg = kol_svg_render_market (NULL, NULL, 0);
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
}

/* A title that does not load cannot be printed, and says why. */
static void
test_broken_title (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts;

  g_assert_true (kol_title_document_set_value (doc, KOL_TITLE_FILE_MAP, "$.hexes", NULL, &error));
  kol_print_options_init (&opts);
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_null (job);
  g_assert_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_TITLE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (pdf_cases); i++)
    {
      static const char * const whats[] = { "map", "tiles", "market" };
      g_autofree char *path = g_strdup_printf ("/print-export/pdf/%s/%s/%s/%" G_GSIZE_FORMAT, pdf_cases[i].title,
                                               whats[pdf_cases[i].what], pdf_cases[i].fit ? "fit" : "real", i);

      g_test_add_data_func (path, &pdf_cases[i], test_pdf);
    }
  g_test_add_func ("/print-export/real-scale-pages", test_real_scale_pages);
  g_test_add_func ("/print-export/svg-pages", test_svg_pages);
  g_test_add_func ("/print-export/market-svg", test_market_svg);
  g_test_add_func ("/print-export/broken-title", test_broken_title);
  return g_test_run ();
}
