/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "kol-game-words.h"
#include "kol-print-private.h"

/*
 * A print job: the options, the title loaded for the configuration asked,
 * and every page of every sheet asked, built at once as SVG documents. The
 * map is planned first even when it is not printed, because the tiles and
 * the station tokens must match the hexes of the map as it prints (shrunk
 * or fitted), and the market likewise for its markers.
 */

G_DEFINE_QUARK (kol-print-error-quark, kol_print_error)

typedef struct
{
  const char *id;
  double      w, h;   /* millimetres, portrait */
} Paper;

static const Paper papers[KOL_N_PAPERS] = {
  [KOL_PAPER_A4] = { "a4", 210, 297 },
  [KOL_PAPER_A3] = { "a3", 297, 420 },
  [KOL_PAPER_LETTER] = { "letter", 215.9, 279.4 },
  [KOL_PAPER_A5] = { "a5", 148, 210 },
  [KOL_PAPER_LEGAL] = { "legal", 215.9, 355.6 },
  [KOL_PAPER_TABLOID] = { "tabloid", 279.4, 431.8 },
};

typedef struct
{
  KolPrintSheet sheet;
  const char   *id;
  gboolean    (*build) (KolPrintJob *, KolPrintSheetInfo *, GError **);
} SheetKind;

static const SheetKind sheet_kinds[KOL_PRINT_N_SHEETS] = {
  { KOL_PRINT_MAP, "map", _kol_print_map_sheet },
  { KOL_PRINT_TILES, "tiles", _kol_print_tiles_sheet },
  { KOL_PRINT_TILE_COUNTS, "tile-counts", _kol_print_counts_sheet },
  { KOL_PRINT_MARKET, "market", _kol_print_market_sheet },
  { KOL_PRINT_CHARTERS, "charters", _kol_print_charters_sheet },
  { KOL_PRINT_PRIVATES, "privates", _kol_print_privates_sheet },
  { KOL_PRINT_TRAINS, "trains", _kol_print_trains_sheet },
  { KOL_PRINT_TOKENS, "tokens", _kol_print_tokens_sheet },
};

/**
 * kol_print_options_init:
 * @opts: options to fill
 *
 * The defaults: the map on A4 in the orientation that needs fewer pages,
 * at real scale with hexes 38 mm across the flats (shrunk by up to 15 %
 * to save pages), 10 mm margins and overlap, market cells 18 mm wide, no
 * bleed.
 */
void
kol_print_options_init (KolPrintOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->sheets = KOL_PRINT_MAP;
  opts->paper = KOL_PAPER_A4;
  opts->orientation = KOL_ORIENTATION_AUTO;
  opts->hex_mm = 38.0;
  opts->max_shrink = 0.15;
  opts->margin_mm = 10.0;
  opts->overlap_mm = 10.0;
  opts->market_cell_mm = 18.0;
}

/**
 * kol_print_output_init:
 * @output: to fill
 *
 * PDF, all pages in one file; PNG pages would be at 150 dpi.
 */
void
kol_print_output_init (KolPrintOutput *output)
{
  output->format = KOL_PRINT_FORMAT_PDF;
  output->files = KOL_PRINT_FILES_ONE;
  output->dpi = 150.0;
}

/**
 * kol_print_paper_from_string:
 * @name: "a4", "a3", "a5", "letter", "legal" or "tabloid" (any case)
 * @paper: (out): the paper
 *
 * Returns: whether @name is a known paper
 */
gboolean
kol_print_paper_from_string (const char *name,
                             KolPaper   *paper)
{
  for (int i = 0; name != NULL && i < KOL_N_PAPERS; i++)
    if (g_ascii_strcasecmp (name, papers[i].id) == 0)
      {
        *paper = (KolPaper) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * kol_print_paper_to_string:
 *
 * Returns: the paper's id, "custom" for a custom size
 */
const char *
kol_print_paper_to_string (KolPaper paper)
{
  return paper < KOL_N_PAPERS ? papers[paper].id : "custom";
}

/**
 * kol_print_paper_size_mm:
 * @width_mm: (out): the shorter side
 * @height_mm: (out): the longer side
 */
void
kol_print_paper_size_mm (KolPaper  paper,
                         double   *width_mm,
                         double   *height_mm)
{
  g_return_if_fail (paper < KOL_N_PAPERS);

  *width_mm = papers[paper].w;
  *height_mm = papers[paper].h;
}

/**
 * kol_print_paper_from_size:
 * @paper: (out): the named paper of that size, in either orientation
 *
 * A print dialog's paper is known by its size, not its name.
 *
 * Returns: whether a named paper has that size (within a millimetre)
 */
gboolean
kol_print_paper_from_size (double    width_mm,
                           double    height_mm,
                           KolPaper *paper)
{
  double w = MIN (width_mm, height_mm), h = MAX (width_mm, height_mm);

  for (int i = 0; i < KOL_N_PAPERS; i++)
    if (fabs (papers[i].w - w) < 1.0 && fabs (papers[i].h - h) < 1.0)
      {
        *paper = (KolPaper) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * kol_print_sheet_to_string:
 *
 * Returns: the sheet's id: "map", "tiles", "tile-counts", "market",
 *   "charters", "privates", "trains" or "tokens"
 */
const char *
kol_print_sheet_to_string (KolPrintSheet sheet)
{
  for (guint i = 0; i < G_N_ELEMENTS (sheet_kinds); i++)
    if (sheet_kinds[i].sheet == sheet)
      return sheet_kinds[i].id;
  g_return_val_if_reached ("map");
}

/**
 * kol_print_sheets_from_string:
 * @list: sheet ids separated by commas, or "all"
 * @sheets: (out): their #KolPrintSheet flags
 *
 * Returns: whether every id is known
 */
gboolean
kol_print_sheets_from_string (const char *list,
                              guint      *sheets)
{
  g_auto(GStrv) ids = NULL;
  guint found = 0;

  if (list == NULL)
    return FALSE;
  ids = g_strsplit (list, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      const char *id = g_strstrip (ids[i]);
      guint before = found;

      if (g_str_equal (id, "all"))
        found |= KOL_PRINT_ALL_SHEETS;
      for (guint k = 0; k < G_N_ELEMENTS (sheet_kinds); k++)
        if (g_str_equal (id, sheet_kinds[k].id))
          found |= sheet_kinds[k].sheet;
      if (found == before && !g_str_equal (id, "all"))
        return FALSE;
    }
  *sheets = found;
  return found != 0;
}

/**
 * kol_print_sheet_name:
 * @title: (nullable): the title, for its own words ("Trams", "Share Price
 *   Board")
 *
 * Returns: (transfer none): the sheet's name in the current language
 */
const char *
kol_print_sheet_name (KolPrintSheet   sheet,
                      const KolTitle *title)
{
  const char *own;

  switch (sheet)
    {
    case KOL_PRINT_TILES:
      return C_("sheet", "Tiles");
    case KOL_PRINT_TILE_COUNTS:
      return C_("sheet", "Tile counts");
    case KOL_PRINT_MARKET:
      own = kol_game_word_own (title, "", "stock_market");
      return own != NULL ? own : C_("sheet", "Stock market");
    case KOL_PRINT_CHARTERS:
      own = kol_game_word_own (title, "", "charters");
      return own != NULL ? own : C_("sheet", "Charters");
    case KOL_PRINT_PRIVATES:
      return kol_game_word (title, KOL_WORD_PRIVATE_COMPANIES);
    case KOL_PRINT_TRAINS:
      return kol_game_word (title, KOL_WORD_TRAINS);
    case KOL_PRINT_TOKENS:
      return kol_game_word (title, KOL_WORD_STATION_MARKERS);
    case KOL_PRINT_MAP:
    default:
      return C_("sheet", "Map");
    }
}

/* ---- the language printed ------------------------------------------------------ */

/* Everything printed is in one language, which may not be the user's:
 * gettext, the model's words and the title's texts all follow LANGUAGE,
 * so it is set while the pages are built and put back afterwards (only
 * when the language asked is not the user's already: setenv is not safe
 * while other threads read the environment, and a GTK app has some).
 * gettext ignores LANGUAGE in the C locale, hence C.UTF-8 meanwhile. */
typedef struct
{
  gboolean  active;
  char     *language;
  char     *messages;
} LanguageScope;

static void
language_push (LanguageScope *scope,
               const char    *language)
{
  const char *messages = setlocale (LC_MESSAGES, NULL);

  memset (scope, 0, sizeof *scope);
  if (language == NULL || *language == '\0' || g_str_equal (language, kol_game_word_language ()))
    return;
  scope->active = TRUE;
  scope->language = g_strdup (g_getenv ("LANGUAGE"));
  g_setenv ("LANGUAGE", language, TRUE);
  if (messages != NULL && (g_str_equal (messages, "C") || g_str_equal (messages, "POSIX")) &&
      setlocale (LC_MESSAGES, "C.UTF-8") != NULL)
    scope->messages = g_strdup (messages);
}

static void
language_pop (LanguageScope *scope)
{
  if (!scope->active)
    return;
  if (scope->language != NULL)
    g_setenv ("LANGUAGE", scope->language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  if (scope->messages != NULL)
    setlocale (LC_MESSAGES, scope->messages);
  g_free (scope->language);
  g_free (scope->messages);
  scope->active = FALSE;
}

/**
 * _kol_print_pick:
 *
 * Returns: (transfer none): @text in the language printed
 */
const char *
_kol_print_pick (KolPrintJob   *job,
                 const KolText *text)
{
  const char *picked = kol_game_word_text (text);

  return picked != NULL ? picked : "";
}

/**
 * _kol_print_money:
 *
 * Returns: (transfer full): @amount in the title's currency
 */
char *
_kol_print_money (KolPrintJob *job,
                  int          amount)
{
  return kol_game_word_money (job->title, amount);
}

/* ---- the job ------------------------------------------------------------------------- */

static void
sheet_info_clear (KolPrintSheetInfo *info)
{
  g_free (info->summary);
}

/**
 * kol_print_job_free:
 *
 * Frees @job.
 */
void
kol_print_job_free (KolPrintJob *job)
{
  if (job == NULL)
    return;
  g_clear_pointer (&job->pages, g_ptr_array_unref);
  g_clear_pointer (&job->sheets, g_array_unref);
  g_clear_pointer (&job->title, kol_title_free);
  g_clear_object (&job->doc);
  g_free (job->map.svg);
  g_free (job->market.svg);
  g_free (job->title_name);
  g_free (job->language);
  g_strfreev (job->options);
  g_free (job);
}

/**
 * _kol_print_sheet_begin:
 *
 * Returns: (transfer none): the info of a new sheet of the job, whose
 *   pages start after the pages so far
 */
KolPrintSheetInfo *
_kol_print_sheet_begin (KolPrintJob   *job,
                        KolPrintSheet  sheet)
{
  KolPrintSheetInfo info = { 0 };

  info.sheet = sheet;
  info.first_page = job->pages->len;
  info.scale = 1.0;
  g_array_append_val (job->sheets, info);
  return &g_array_index (job->sheets, KolPrintSheetInfo, job->sheets->len - 1);
}

/**
 * _kol_print_add_page:
 *
 * Adds @page, still open, to the job.
 */
void
_kol_print_add_page (KolPrintJob  *job,
                     KolPrintPage *page)
{
  g_ptr_array_add (job->pages, page);
}

/* The footer names the title, the sheet and the page among the sheet's,
 * so that loose pages find their place; then closes the document. */
static void
finish_sheet (KolPrintJob       *job,
              KolPrintSheetInfo *info)
{
  const char *name = kol_print_sheet_name (info->sheet, job->title);

  info->n_pages = job->pages->len - info->first_page;
  for (guint i = 0; i < info->n_pages; i++)
    {
      KolPrintPage *page = g_ptr_array_index (job->pages, info->first_page + i);
      /* Translators: a printed page's footer: the title's name, the sheet
       * (map, tiles, charters…), the page number and the sheet's pages. */
      g_autofree char *footer = g_strdup_printf (_("%1$s — %2$s — page %3$u of %4$u"), job->title_name, name,
                                                 i + 1, info->n_pages);
      g_autofree char *text = page->note != NULL ? g_strdup_printf ("%s — %s", footer, page->note)
                                                 : g_strdup (footer);

      if (info->n_pages == 1)
        page->fill = 1.0;

      _kol_print_text (page->svg, job->margin, page->h - MIN (job->margin / 2, 5 * KOL_PT_PER_MM),
                       KOL_PRINT_FOOTER_PT, 0, "#555555", text);
      g_string_append (page->svg, "</svg>\n");
    }
}

static gboolean
build_sheets (KolPrintJob  *job,
              GError      **error)
{
  if (!_kol_print_plan_map (job, error) || !_kol_print_plan_market (job))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (sheet_kinds); i++)
    {
      KolPrintSheetInfo *info;

      if ((job->opts.sheets & sheet_kinds[i].sheet) == 0)
        continue;
      info = _kol_print_sheet_begin (job, sheet_kinds[i].sheet);
      if (!sheet_kinds[i].build (job, info, error))
        return FALSE;
      info = &g_array_index (job->sheets, KolPrintSheetInfo, job->sheets->len - 1);
      finish_sheet (job, info);
      if (info->n_pages == 0)
        g_array_set_size (job->sheets, job->sheets->len - 1);
    }
  if (job->pages->len == 0)
    {
      g_set_error_literal (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_EMPTY,
                           _("There is nothing to print: the sheets chosen are empty for this title."));
      return FALSE;
    }
  return TRUE;
}

static char *sheet_summary (KolPrintJob             *job,
                            const KolPrintSheetInfo *info);

static void
setup_job (KolPrintJob           *job,
           KolTitleDocument      *doc,
           const KolPrintOptions *opts)
{
  job->opts = *opts;
  job->language = g_strdup (opts->language);
  job->options = g_strdupv ((char **) opts->options);
  job->opts.language = job->language;
  job->opts.options = (const char * const *) job->options;
  job->doc = g_object_ref (doc);
  if (opts->paper == KOL_PAPER_CUSTOM)
    {
      job->paper_w = MIN (opts->paper_w_mm, opts->paper_h_mm) * KOL_PT_PER_MM;
      job->paper_h = MAX (opts->paper_w_mm, opts->paper_h_mm) * KOL_PT_PER_MM;
    }
  else
    {
      job->paper_w = papers[opts->paper].w * KOL_PT_PER_MM;
      job->paper_h = papers[opts->paper].h * KOL_PT_PER_MM;
    }
  job->margin = MAX (opts->margin_mm, 5.0) * KOL_PT_PER_MM;
  job->hex_mm = opts->hex_mm;
  job->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) _kol_print_page_free);
  job->sheets = g_array_new (FALSE, TRUE, sizeof (KolPrintSheetInfo));
  g_array_set_clear_func (job->sheets, (GDestroyNotify) sheet_info_clear);
}

/**
 * kol_print_job_new:
 * @doc: the title, as it is now (unsaved edits included)
 * @opts: what and how to print
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Loads the title for the configuration of @opts and builds every page.
 *
 * Returns: (transfer full) (nullable): the job
 */
KolPrintJob *
kol_print_job_new (KolTitleDocument       *doc,
                   const KolPrintOptions  *opts,
                   GError                **error)
{
  g_autoptr(KolPrintJob) job = g_new0 (KolPrintJob, 1);
  g_autoptr(GError) local = NULL;
  LanguageScope scope;
  gboolean ok;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), NULL);
  g_return_val_if_fail (opts != NULL && opts->hex_mm > 0 && opts->market_cell_mm > 0, NULL);
  g_return_val_if_fail (opts->paper < KOL_PAPER_CUSTOM || (opts->paper_w_mm > 20 && opts->paper_h_mm > 20), NULL);

  setup_job (job, doc, opts);
  if ((job->title = kol_title_document_load_title (doc, opts->n_players, opts->options, &local)) == NULL)
    {
      /* Translators: %s says why the title does not load. */
      g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_TITLE, _("The title cannot be printed: %s"),
                   local->message);
      return NULL;
    }
  language_push (&scope, job->language);
  job->title_name = g_strdup (_kol_print_pick (job, &job->title->name));
  ok = build_sheets (job, error);
  language_pop (&scope);
  if (!ok)
    return NULL;
  for (guint i = 0; i < job->sheets->len; i++)
    {
      KolPrintSheetInfo *info = &g_array_index (job->sheets, KolPrintSheetInfo, i);

      info->summary = sheet_summary (job, info);
    }
  return g_steal_pointer (&job);
}

/**
 * kol_print_job_get_n_pages:
 *
 * Returns: how many pages @job prints
 */
guint
kol_print_job_get_n_pages (KolPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);

  return job->pages->len;
}

static KolPrintPage *
page_at (KolPrintJob *job,
         guint        page)
{
  return g_ptr_array_index (job->pages, page);
}

/**
 * kol_print_job_get_page_size:
 * @page: a page index
 * @width_pt: (out): the page's width in points
 * @height_pt: (out): its height (pages of different sheets may be turned
 *   differently)
 */
void
kol_print_job_get_page_size (KolPrintJob *job,
                             guint        page,
                             double      *width_pt,
                             double      *height_pt)
{
  g_return_if_fail (job != NULL && page < job->pages->len);

  *width_pt = page_at (job, page)->w;
  *height_pt = page_at (job, page)->h;
}

/**
 * kol_print_job_get_page_sheet:
 *
 * Returns: the sheet @page belongs to
 */
KolPrintSheet
kol_print_job_get_page_sheet (KolPrintJob *job,
                              guint        page)
{
  g_return_val_if_fail (job != NULL && page < job->pages->len, KOL_PRINT_MAP);

  return page_at (job, page)->sheet;
}

/**
 * kol_print_job_get_page_fill:
 *
 * How much of the printable area the page's part of its sheet fills, along
 * the direction in which the sheet goes on to other pages: for a picture
 * over several pages, the smaller of its width and height on the page
 * against the printable width and height (along the axes with more than
 * one page); for pieces packed on pages, the rows used against the rows a
 * page holds. 1 for a sheet of one page.
 *
 * Returns: a fraction; below 0.25 the page is a sliver
 */
double
kol_print_job_get_page_fill (KolPrintJob *job,
                             guint        page)
{
  g_return_val_if_fail (job != NULL && page < job->pages->len, 0);

  return page_at (job, page)->fill;
}

/**
 * kol_print_job_get_page_svg:
 *
 * Returns: (transfer none): the page as an SVG document
 */
const char *
kol_print_job_get_page_svg (KolPrintJob *job,
                            guint        page)
{
  g_return_val_if_fail (job != NULL && page < job->pages->len, NULL);

  return page_at (job, page)->svg->str;
}

/**
 * kol_print_job_get_n_sheets:
 *
 * Returns: how many sheets have pages (empty sheets are left out)
 */
guint
kol_print_job_get_n_sheets (KolPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);

  return job->sheets->len;
}

/**
 * kol_print_job_get_sheet:
 *
 * Returns: (transfer none): what the job did with a sheet
 */
const KolPrintSheetInfo *
kol_print_job_get_sheet (KolPrintJob *job,
                         guint        index)
{
  g_return_val_if_fail (job != NULL && index < job->sheets->len, NULL);

  return &g_array_index (job->sheets, KolPrintSheetInfo, index);
}

/**
 * kol_print_job_get_hex_mm:
 *
 * Returns: a hex's width across the flats as the map, the tiles and the
 *   station tokens print (the size asked, unless the map was shrunk or
 *   fitted)
 */
double
kol_print_job_get_hex_mm (KolPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);

  return job->hex_mm;
}

static char *
picture_detail (KolPrintJob             *job,
                const KolPrintSheetInfo *info)
{
  const char *paper = info->landscape ? _("landscape") : _("portrait");
  g_autofree char *size = info->sheet == KOL_PRINT_MAP
    /* Translators: the printed size of a hex across flats, in millimetres. */
    ? g_strdup_printf (_("hexes %.1f mm"), job->hex_mm)
    /* Translators: the printed width of a stock market cell, in millimetres. */
    : g_strdup_printf (_("cells %.1f mm wide"), job->cell_pt / KOL_PT_PER_MM);

  if (info->cols * info->rows == 1 && !job->opts.fit)
    /* Translators: how a map or market was printed: e.g. "landscape, hexes
     * 37.1 mm". */
    return g_strdup_printf (_("%s, %s"), paper, size);
  if (job->opts.fit)
    /* Translators: how a map or market was printed: e.g. "landscape, fitted
     * to one page, hexes 22.4 mm". */
    return g_strdup_printf (_("%s, fitted to one page, %s"), paper, size);
  /* Translators: how a map or market was printed: e.g. "landscape, 2 × 2
   * pages, hexes 37.1 mm". */
  return g_strdup_printf (_("%s, %u × %u pages, %s"), paper, info->cols, info->rows, size);
}

/* What was done to save pages, if anything. */
static char *
saving_detail (const KolPrintSheetInfo *info)
{
  int percent = (int) (info->scale * 100 + 0.5);

  if (info->rotated && info->shrunk)
    /* Translators: %u is a number of pages; %d a percentage of the size asked. */
    return g_strdup_printf (ngettext ("turned and shrunk to %2$d %% to save %1$u page",
                                      "turned and shrunk to %2$d %% to save %1$u pages", info->pages_saved),
                            info->pages_saved, percent);
  if (info->shrunk)
    return g_strdup_printf (ngettext ("shrunk to %2$d %% to save %1$u page",
                                      "shrunk to %2$d %% to save %1$u pages", info->pages_saved),
                            info->pages_saved, percent);
  if (info->rotated)
    return g_strdup_printf (ngettext ("turned to save %u page", "turned to save %u pages", info->pages_saved),
                            info->pages_saved);
  return NULL;
}

static char *
sheet_summary (KolPrintJob             *job,
               const KolPrintSheetInfo *info)
{
  const char *name = kol_print_sheet_name (info->sheet, job->title);
  /* Translators: a number of printed pages. */
  g_autofree char *pages = g_strdup_printf (ngettext ("%u page", "%u pages", info->n_pages), info->n_pages);
  g_autofree char *detail = NULL, *saving = NULL;

  if (info->cols == 0)
    return g_strdup_printf ("%s: %s, %s", name, pages, info->landscape ? _("landscape") : _("portrait"));
  detail = picture_detail (job, info);
  saving = saving_detail (info);
  if (saving != NULL)
    return g_strdup_printf ("%s: %s (%s; %s)", name, pages, detail, saving);
  return g_strdup_printf ("%s: %s (%s)", name, pages, detail);
}

/**
 * kol_print_job_describe:
 *
 * Returns: (transfer full): a line per sheet saying its pages and how it
 *   was laid out, and the total, in the user's language
 */
char *
kol_print_job_describe (KolPrintJob *job)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (job != NULL, NULL);

  for (guint i = 0; i < job->sheets->len; i++)
    g_string_append_printf (text, "%s\n", g_array_index (job->sheets, KolPrintSheetInfo, i).summary);
  /* Translators: the total number of pages of a print job. */
  g_string_append_printf (text, ngettext ("In all: %u page", "In all: %u pages", job->pages->len), job->pages->len);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * kol_print_job_draw_page:
 * @cr: a cairo context whose user space is the page in points, (0, 0) at
 *   the paper's top left corner
 * @page: a page index
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Draws one page with librsvg.
 *
 * Returns: whether the page was drawn
 */
gboolean
kol_print_job_draw_page (KolPrintJob  *job,
                         cairo_t      *cr,
                         guint         page,
                         GError      **error)
{
  const KolPrintPage *p;
  RsvgHandle *handle;
  g_autoptr(GError) local = NULL;
  RsvgRectangle viewport;
  gboolean ok;

  g_return_val_if_fail (job != NULL && cr != NULL, FALSE);
  g_return_val_if_fail (page < job->pages->len, FALSE);

  p = page_at (job, page);
  viewport = (RsvgRectangle) { 0, 0, p->w, p->h };
  handle = rsvg_handle_new_from_data ((const guint8 *) p->svg->str, p->svg->len, &local);
  ok = handle != NULL && rsvg_handle_render_document (handle, cr, &viewport, &local);
  g_clear_object (&handle);
  if (!ok)
    {
      /* Translators: %s is librsvg's message. */
      g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("Cannot draw the picture: %s"), local->message);
      return FALSE;
    }
  return TRUE;
}
