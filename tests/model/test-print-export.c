/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#include "kol-print-export.h"
#include "kol-svg-market.h"
#include "kol-svg-renderer.h"

/*
 * Print and export: every sheet of both shipped titles and of
 * the New Title template, on A4 and on US Letter. Each sheet must hold
 * all it prints (every tile copy, card, charter and token, counted in the
 * pages' SVG), on no more pages than its own density needs (every page
 * but the last full), and no page may be a sliver. The map and the market
 * must not fit on fewer pages at the size they print, and may shrink only
 * as much as allowed. PDF files hold the job's pages; SVG pages keep their
 * text as text.
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

static char *
cache_file (const char *name)
{
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "print-export", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return g_build_filename (dir, name, NULL);
}

/* "/Type /Page" objects, not "/Type /Pages". The file is binary: compressed
 * streams hold NUL bytes, so no string function may scan it. */
static guint
count_pdf_pages (const char *path)
{
  static const char needle[] = "/Type /Page";
  g_autofree char *pdf = NULL;
  gsize length = 0, n = sizeof needle - 1;
  guint count = 0;

  g_assert_true (g_file_get_contents (path, &pdf, &length, NULL));
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  for (gsize i = 0; i + n < length; i++)
    if (memcmp (pdf + i, needle, n) == 0 && pdf[i + n] != 's')
      count++;
  return count;
}

static guint
count (const char *text,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* ---- what each sheet must hold, from the title itself ------------------------------- */

static guint
expected_pieces (const KolTitle *title,
                 KolPrintSheet   sheet)
{
  guint n = 0;

  switch (sheet)
    {
    case KOL_PRINT_TILES:
      for (guint t = 0; t < title->n_manifest_tiles; t++)
        n += title->tiles[t].count < 0 ? 1 : (guint) title->tiles[t].count;
      return n;
    case KOL_PRINT_TILE_COUNTS:
      return title->n_manifest_tiles;
    case KOL_PRINT_CHARTERS:
      return title->n_corps;
    case KOL_PRINT_PRIVATES:
      return title->n_companies;
    case KOL_PRINT_TRAINS:
      for (guint t = 0; t < title->n_trains; t++)
        n += title->trains[t].count < 0 ? 1 : (guint) title->trains[t].count;
      return n;
    case KOL_PRINT_TOKENS:
      for (guint c = 0; c < title->n_corps; c++)
        n += title->corps[c].n_tokens + (title->corps[c].n_shares > 1 ? 1 : 0);
      return n;
    case KOL_PRINT_MAP:
    case KOL_PRINT_MARKET:
    default:
      return 0;
    }
}

static const char *
piece_class (KolPrintSheet sheet)
{
  switch (sheet)
    {
    case KOL_PRINT_TILES: return "class=\"tile\"";
    case KOL_PRINT_TILE_COUNTS: return "class=\"count\"";
    case KOL_PRINT_CHARTERS: return "class=\"charter\"";
    case KOL_PRINT_PRIVATES:
    case KOL_PRINT_TRAINS: return "class=\"card\"";
    case KOL_PRINT_MAP:
    case KOL_PRINT_MARKET:
    case KOL_PRINT_TOKENS:
    default: return NULL;
    }
}

/* Pieces of a sheet: all there, on no more pages than the sheet's own
 * density needs (as many as its fullest page holds); pages are full but
 * for the last two, which may share what is left. Charters and tile
 * counts are left out of the density check: their groups each end a
 * page. */
static void
check_pieces (KolPrintJob             *job,
              const KolTitle          *title,
              const KolPrintSheetInfo *info)
{
  const char *klass = piece_class (info->sheet);
  gboolean dense = info->sheet != KOL_PRINT_CHARTERS && info->sheet != KOL_PRINT_TILE_COUNTS;
  guint total = 0, most = 0, first = 0;

  if (info->sheet == KOL_PRINT_TOKENS)
    {
      for (guint p = info->first_page; p < info->first_page + info->n_pages; p++)
        total += count (kol_print_job_get_page_svg (job, p), "class=\"token\"") +
                 count (kol_print_job_get_page_svg (job, p), "class=\"marker\"");
      g_assert_cmpuint (total, ==, expected_pieces (title, info->sheet));
      return;
    }
  if (klass == NULL)
    return;
  for (guint p = info->first_page; p < info->first_page + info->n_pages; p++)
    {
      guint here = count (kol_print_job_get_page_svg (job, p), klass);

      g_assert_cmpuint (here, >, 0);
      if (p == info->first_page)
        first = here;
      if (dense && p + 2 < info->first_page + info->n_pages)
        g_assert_cmpuint (here, ==, first);
      most = MAX (most, here);
      total += here;
    }
  g_assert_cmpuint (total, ==, expected_pieces (title, info->sheet));
  if (dense)
    g_assert_cmpuint (info->n_pages, ==, (total + most - 1) / most);
}

/* The map and the market: cols × rows pages, which the picture at its
 * printed size would not fit in with a column or a row fewer; shrunk no
 * more than allowed. */
static void
check_picture (const KolPrintOptions   *opts,
               const KolPrintSheetInfo *info)
{
  g_assert_cmpuint (info->cols * info->rows, ==, info->n_pages);
  g_assert_cmpfloat (info->scale, <=, 1.0 + 1e-9);
  g_assert_cmpfloat (info->scale, >=, 1.0 - opts->max_shrink - 1e-9);
  g_assert_cmpint (info->shrunk, ==, info->scale < 0.9999);
  if (info->shrunk || info->rotated)
    g_assert_cmpuint (info->pages_saved, >, 0);
}

typedef struct
{
  const char *title;
  KolPaper    paper;
  gboolean    bleed;
  gboolean    write;
} SheetsCase;

/* Both papers of the issue, with and without bleed, written to PDF; the
 * other papers laid out only. */
static const SheetsCase sheets_cases[] = {
  { "1849", KOL_PAPER_A4, FALSE, TRUE }, { "1849", KOL_PAPER_LETTER, FALSE, TRUE },
  { "1840", KOL_PAPER_A4, FALSE, TRUE }, { "1840", KOL_PAPER_LETTER, FALSE, TRUE },
  { "template", KOL_PAPER_A4, FALSE, TRUE }, { "template", KOL_PAPER_LETTER, FALSE, TRUE },
  { "1849", KOL_PAPER_A4, TRUE, TRUE }, { "1849", KOL_PAPER_LETTER, TRUE, TRUE },
  { "1840", KOL_PAPER_A4, TRUE, TRUE }, { "1840", KOL_PAPER_LETTER, TRUE, TRUE },
  { "template", KOL_PAPER_A4, TRUE, TRUE }, { "template", KOL_PAPER_LETTER, TRUE, TRUE },
  { "1849", KOL_PAPER_A3, FALSE, FALSE }, { "1849", KOL_PAPER_A5, FALSE, FALSE },
  { "1849", KOL_PAPER_LEGAL, TRUE, FALSE }, { "1849", KOL_PAPER_TABLOID, FALSE, FALSE },
  { "1840", KOL_PAPER_A3, TRUE, FALSE }, { "1840", KOL_PAPER_A5, FALSE, FALSE },
  { "1840", KOL_PAPER_LEGAL, FALSE, FALSE }, { "1840", KOL_PAPER_TABLOID, TRUE, FALSE },
};

static void
check_page_size (KolPrintJob *job,
                 guint        page,
                 KolPaper     paper,
                 gboolean     landscape)
{
  double w, h, pw, ph;

  kol_print_job_get_page_size (job, page, &w, &h);
  kol_print_paper_size_mm (paper, &pw, &ph);
  g_assert_cmpint (w > h, ==, landscape);
  g_assert_cmpfloat_with_epsilon (MIN (w, h), pw * PT_PER_MM, 0.5);
  g_assert_cmpfloat_with_epsilon (MAX (w, h), ph * PT_PER_MM, 0.5);
}

static void
test_every_sheet (gconstpointer data)
{
  const SheetsCase *c = data;
  g_autoptr(KolTitleDocument) doc = open_title (c->title);
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file = cache_file ("every-sheet.pdf");
  g_auto(GStrv) written = NULL;
  KolPrintOptions opts;
  KolPrintOutput output;
  guint pages = 0;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  title = kol_title_document_load_title (doc, 0, NULL, &error);
  g_assert_no_error (error);
  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_ALL_SHEETS;
  opts.paper = c->paper;
  opts.bleed = c->bleed;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);

  for (guint s = 0; s < kol_print_job_get_n_sheets (job); s++)
    {
      const KolPrintSheetInfo *info = kol_print_job_get_sheet (job, s);

      g_assert_cmpuint (info->first_page, ==, pages);
      g_assert_cmpuint (info->n_pages, >, 0);
      for (guint p = info->first_page; p < info->first_page + info->n_pages; p++)
        {
          g_assert_cmpint (kol_print_job_get_page_sheet (job, p), ==, info->sheet);
          if (info->sheet != KOL_PRINT_CHARTERS)
            check_page_size (job, p, c->paper, info->landscape);
          /* no sliver: a sheet of one page may hold anything */
          if (info->n_pages > 1)
            g_assert_cmpfloat (kol_print_job_get_page_fill (job, p), >=, 0.25);
        }
      if (info->sheet == KOL_PRINT_MAP || info->sheet == KOL_PRINT_MARKET)
        check_picture (&opts, info);
      check_pieces (job, title, info);
      g_assert_nonnull (info->summary);
      pages += info->n_pages;
      g_test_message ("%s", info->summary);
    }
  g_assert_cmpuint (pages, ==, kol_print_job_get_n_pages (job));
  /* every sheet that has something to print is there */
  g_assert_cmpuint (kol_print_job_get_n_sheets (job), ==, title->n_companies > 0 ? 8 : 7);
  if (!c->write)
    return;

  kol_print_output_init (&output);
  written = kol_print_job_write (job, &output, file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (written), ==, 1);
  g_assert_cmpuint (count_pdf_pages (file), ==, kol_print_job_get_n_pages (job));
  g_remove (file);
}

/* The pages the shipped titles take: the numbers a designer sees in the
 * dialog, kept here so that a change to the layout is a decision. */
typedef struct
{
  const char   *title;
  KolPaper      paper;
  KolPrintSheet sheet;
  guint         pages;
} PagesCase;

static const PagesCase pages_cases[] = {
  { "1849", KOL_PAPER_A4, KOL_PRINT_MAP, 4 },
  { "1849", KOL_PAPER_A4, KOL_PRINT_TILES, 6 },
  { "1849", KOL_PAPER_A4, KOL_PRINT_MARKET, 1 },
  { "1849", KOL_PAPER_A4, KOL_PRINT_CHARTERS, 3 },
  { "1849", KOL_PAPER_A4, KOL_PRINT_TRAINS, 2 },
  { "1849", KOL_PAPER_LETTER, KOL_PRINT_MAP, 4 },
  { "1849", KOL_PAPER_LETTER, KOL_PRINT_TILES, 5 },
  { "1840", KOL_PAPER_A4, KOL_PRINT_MAP, 4 },
  { "1840", KOL_PAPER_A4, KOL_PRINT_MARKET, 2 },
  { "1840", KOL_PAPER_A4, KOL_PRINT_CHARTERS, 11 },
  { "1840", KOL_PAPER_A4, KOL_PRINT_TRAINS, 3 },
  { "1840", KOL_PAPER_LETTER, KOL_PRINT_MAP, 6 },
};

static void
test_shipped_pages (gconstpointer data)
{
  const PagesCase *c = data;
  g_autoptr(KolTitleDocument) doc = open_title (c->title);
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  kol_print_options_init (&opts);
  opts.sheets = c->sheet;
  opts.paper = c->paper;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_print_job_get_n_pages (job), ==, c->pages);
}

/* The 1849 map on A4: 38 mm hexes need 8 pages portrait or 6 landscape
 * (one column or row a sliver either way); turned to landscape and
 * shrunk to 37.1 mm it fits 2 × 2. Without leave to turn or shrink it
 * takes what real scale needs, split equally, so no page is a sliver. */
static void
test_map_decisions (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("1849");
  g_autoptr(KolPrintJob) saved = NULL;
  g_autoptr(KolPrintJob) plain = NULL;
  g_autoptr(GError) error = NULL;
  const KolPrintSheetInfo *info;
  KolPrintOptions opts;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1849");
      return;
    }
  kol_print_options_init (&opts);
  saved = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  info = kol_print_job_get_sheet (saved, 0);
  g_assert_true (info->landscape);
  g_assert_true (info->shrunk);
  g_assert_cmpuint (info->cols, ==, 2);
  g_assert_cmpuint (info->rows, ==, 2);
  g_assert_cmpfloat_with_epsilon (kol_print_job_get_hex_mm (saved), 37.1, 0.05);
  g_assert_nonnull (strstr (info->summary, "37.1"));

  opts.orientation = KOL_ORIENTATION_PORTRAIT;
  opts.max_shrink = 0;
  plain = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  info = kol_print_job_get_sheet (plain, 0);
  g_assert_false (info->landscape);
  g_assert_false (info->shrunk);
  g_assert_false (info->rotated);
  g_assert_cmpuint (info->n_pages, ==, 8);
  g_assert_cmpfloat (kol_print_job_get_hex_mm (plain), ==, 38.0);
  for (guint p = 0; p < info->n_pages; p++)
    g_assert_cmpfloat (kol_print_job_get_page_fill (plain, p), >=, 0.5);
}

/* Fitted, the map and the market take a page each, and tiles and tokens
 * shrink with the map's hexes so that they still fit it. */
static void
test_fit (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("1840");
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts;
  double hex;

  if (doc == NULL)
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold 1840");
      return;
    }
  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_MAP | KOL_PRINT_MARKET | KOL_PRINT_TILES;
  opts.fit = TRUE;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_print_job_get_sheet (job, 0)->n_pages, ==, 1);
  g_assert_cmpuint (kol_print_job_get_sheet (job, 2)->n_pages, ==, 1);
  hex = kol_print_job_get_hex_mm (job);
  g_assert_cmpfloat (hex, <, 30.0);
  g_assert_nonnull (strstr (kol_print_job_get_sheet (job, 0)->summary, "fitted"));
}

/* SVG pages keep their text as text (no glyph outlines), are the paper's
 * size, and go one per file; one file per sheet stacks a sheet's pages. */
static void
test_svg_text (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autofree char *file = cache_file ("sheets.svg");
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) pages = NULL;
  g_auto(GStrv) sheets = NULL;
  KolPrintOptions opts;
  KolPrintOutput output;

  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_TILES | KOL_PRINT_CHARTERS | KOL_PRINT_TRAINS;
  opts.paper = KOL_PAPER_A5;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  kol_print_output_init (&output);
  output.format = KOL_PRINT_FORMAT_SVG;
  output.files = KOL_PRINT_FILES_PER_PAGE;
  pages = kol_print_job_write (job, &output, file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (pages), ==, kol_print_job_get_n_pages (job));
  for (guint i = 0; pages[i] != NULL; i++)
    {
      g_autofree char *svg = NULL;
      RsvgHandle *handle;
      double w, h;

      g_assert_true (g_file_get_contents (pages[i], &svg, NULL, NULL));
      g_assert_nonnull (strstr (svg, "<text"));
      g_assert_null (strstr (svg, "glyph"));
      handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
      g_assert_no_error (error);
      rsvg_handle_set_dpi (handle, 72);
      g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
      g_assert_cmpfloat_with_epsilon (MIN (w, h), 148 * PT_PER_MM, 0.5);
      g_assert_cmpfloat_with_epsilon (MAX (w, h), 210 * PT_PER_MM, 0.5);
      /* librsvg 2.54 has no autoptr for RsvgHandle */
      g_clear_object (&handle);
      g_remove (pages[i]);
    }
  g_assert_true (g_str_has_suffix (pages[0], "sheets-tiles-1.svg") || g_str_has_suffix (pages[0], "sheets-tiles.svg"));

  output.files = KOL_PRINT_FILES_PER_SHEET;
  sheets = kol_print_job_write (job, &output, file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (sheets), ==, kol_print_job_get_n_sheets (job));
  g_assert_true (g_str_has_suffix (sheets[1], "sheets-charters.svg"));
  for (guint i = 0; sheets[i] != NULL; i++)
    g_remove (sheets[i]);
}

/* PNG pages at the resolution asked. */
static void
test_png (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autofree char *file = cache_file ("market.png");
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) written = NULL;
  cairo_surface_t *png;
  KolPrintOptions opts;
  KolPrintOutput output;
  double w, h;

  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_MARKET;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_no_error (error);
  kol_print_output_init (&output);
  output.format = KOL_PRINT_FORMAT_PNG;
  output.dpi = 36;
  written = kol_print_job_write (job, &output, file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written[0], ==, file);
  png = cairo_image_surface_create_from_png (file);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  kol_print_job_get_page_size (job, 0, &w, &h);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, (int) (w / 2 + 0.5));
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, (int) (h / 2 + 0.5));
  cairo_surface_destroy (png);
  g_remove (file);
}

/* Everything printed is in the language asked, with the title's own
 * words: 1849's treasury is «Касса», 1840's director «Директор». */
static void
test_language (void)
{
  const struct { const char *title, *language, *word; } cases[] = {
    { "1849", "ru", "Касса" }, { "1849", "en", "Treasury" }, { "1840", "ru", "Директор" },
    { "1840", "en", "Director" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolTitleDocument) doc = open_title (cases[i].title);
      g_autoptr(KolPrintJob) job = NULL;
      g_autoptr(GError) error = NULL;
      KolPrintOptions opts;

      if (doc == NULL)
        continue;
      kol_print_options_init (&opts);
      opts.sheets = KOL_PRINT_CHARTERS;
      opts.language = cases[i].language;
      job = kol_print_job_new (doc, &opts, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (kol_print_job_get_page_svg (job, 0), cases[i].word));
    }
}

/* With bleed, tiles and cards stand apart with their colour past the cut,
 * and fewer fit a page. */
static void
test_bleed (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autoptr(KolPrintJob) plain = NULL;
  g_autoptr(KolPrintJob) bled = NULL;
  KolPrintOptions opts;

  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_TILES;
  opts.orientation = KOL_ORIENTATION_PORTRAIT;
  plain = kol_print_job_new (doc, &opts, NULL);
  opts.bleed = TRUE;
  bled = kol_print_job_new (doc, &opts, NULL);
  g_assert_nonnull (plain);
  g_assert_nonnull (bled);
  g_assert_cmpuint (count (kol_print_job_get_page_svg (bled, 0), "class=\"tile\""), <,
                    count (kol_print_job_get_page_svg (plain, 0), "class=\"tile\""));
  g_assert_cmpuint (count (kol_print_job_get_page_svg (plain, 0), "stroke-width=\"0.35\""), >, 0);
  g_assert_cmpuint (count (kol_print_job_get_page_svg (bled, 0), "stroke-width=\"0.35\""), ==, 0);
}

/* Papers by name and by size; sheets by id. */
static void
test_names (void)
{
  KolPaper paper;
  guint sheets;

  g_assert_true (kol_print_paper_from_string ("Letter", &paper));
  g_assert_cmpint (paper, ==, KOL_PAPER_LETTER);
  g_assert_false (kol_print_paper_from_string ("b5", &paper));
  g_assert_true (kol_print_paper_from_size (420, 297, &paper));
  g_assert_cmpint (paper, ==, KOL_PAPER_A3);
  g_assert_true (kol_print_paper_from_size (279.4, 431.8, &paper));
  g_assert_cmpint (paper, ==, KOL_PAPER_TABLOID);
  g_assert_false (kol_print_paper_from_size (250, 353, &paper));
  g_assert_true (kol_print_sheets_from_string ("map, tokens", &sheets));
  g_assert_cmpuint (sheets, ==, KOL_PRINT_MAP | KOL_PRINT_TOKENS);
  g_assert_true (kol_print_sheets_from_string ("all", &sheets));
  g_assert_cmpuint (sheets, ==, KOL_PRINT_ALL_SHEETS);
  g_assert_false (kol_print_sheets_from_string ("map,cards", &sheets));
  g_assert_cmpstr (kol_print_sheet_to_string (KOL_PRINT_TILE_COUNTS), ==, "tile-counts");
}

/* A custom paper prints at its size. */
static void
test_custom_paper (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autoptr(KolPrintJob) job = NULL;
  KolPrintOptions opts;
  double w, h;

  kol_print_options_init (&opts);
  opts.paper = KOL_PAPER_CUSTOM;
  opts.paper_w_mm = 250;
  opts.paper_h_mm = 353;
  opts.orientation = KOL_ORIENTATION_PORTRAIT;
  job = kol_print_job_new (doc, &opts, NULL);
  g_assert_nonnull (job);
  kol_print_job_get_page_size (job, 0, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 250 * PT_PER_MM, 0.5);
  g_assert_cmpfloat_with_epsilon (h, 353 * PT_PER_MM, 0.5);
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

/* A title that does not load cannot be printed, and says why; nor can
 * sheets that are empty for the title. */
static void
test_refusals (void)
{
  g_autoptr(KolTitleDocument) doc = open_title ("template");
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) empty = json_array_new ();
  g_autoptr(JsonNode) none = json_node_init_array (json_node_alloc (), empty);
  KolPrintOptions opts;

  kol_print_options_init (&opts);
  opts.sheets = KOL_PRINT_PRIVATES;
  g_assert_true (kol_title_document_set_value (doc, KOL_TITLE_FILE_GAME, "$.privates", none, &error));
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_null (job);
  g_assert_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_EMPTY);
  g_clear_error (&error);

  g_assert_true (kol_title_document_set_value (doc, KOL_TITLE_FILE_MAP, "$.hexes", NULL, &error));
  opts.sheets = KOL_PRINT_MAP;
  job = kol_print_job_new (doc, &opts, &error);
  g_assert_null (job);
  g_assert_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_TITLE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (sheets_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/print-export/every-sheet/%s/%s%s", sheets_cases[i].title,
                                               kol_print_paper_to_string (sheets_cases[i].paper),
                                               sheets_cases[i].bleed ? "/bleed" : "");

      g_test_add_data_func (path, &sheets_cases[i], test_every_sheet);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (pages_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/print-export/pages/%s/%s/%s", pages_cases[i].title,
                                               kol_print_paper_to_string (pages_cases[i].paper),
                                               kol_print_sheet_to_string (pages_cases[i].sheet));

      g_test_add_data_func (path, &pages_cases[i], test_shipped_pages);
    }
  g_test_add_func ("/print-export/map-decisions", test_map_decisions);
  g_test_add_func ("/print-export/fit", test_fit);
  g_test_add_func ("/print-export/svg-text", test_svg_text);
  g_test_add_func ("/print-export/png", test_png);
  g_test_add_func ("/print-export/language", test_language);
  g_test_add_func ("/print-export/bleed", test_bleed);
  g_test_add_func ("/print-export/names", test_names);
  g_test_add_func ("/print-export/custom-paper", test_custom_paper);
  g_test_add_func ("/print-export/market-svg", test_market_svg);
  g_test_add_func ("/print-export/refusals", test_refusals);
  return g_test_run ();
}
