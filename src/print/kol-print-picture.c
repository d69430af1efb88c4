/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "kol-engine.h"
#include "kol-game-words.h"
#include "kol-print-private.h"
#include "kol-svg-market.h"
#include "kol-svg-renderer.h"

/*
 * The map and the stock market: one picture over as many pages as real
 * scale needs, with an overlap to glue them and registration marks in it.
 *
 * No page may hold a mere sliver of the picture. Among the layouts the
 * options allow (either orientation when it is automatic; sizes from the
 * one asked down to max_shrink smaller) the fewest pages win, then the
 * largest size, then the orientation that suits the picture's shape. The
 * picture is then split equally among its pages across and down, so that
 * every page holds at least half a page of it.
 */

#define CROSS_MM 3.0

static double
capacity (guint  pages,
          double printable,
          double overlap)
{
  return pages * printable - (pages - 1) * overlap;
}

static guint
pages_along (double length,
             double printable,
             double overlap)
{
  if (length <= printable + 1e-6)
    return 1;
  return (guint) ceil ((length - overlap) / (printable - overlap) - 1e-9);
}

typedef struct
{
  gboolean landscape;
  guint    cols, rows;
  double   scale;
} Layout;

/* Whether @a beats @b: fewer pages, then larger, then the orientation
 * that suits the picture. */
static gboolean
better (const Layout *a,
        const Layout *b,
        gboolean      natural)
{
  if (a->cols * a->rows != b->cols * b->rows)
    return a->cols * a->rows < b->cols * b->rows;
  if (fabs (a->scale - b->scale) > 1e-6)
    return a->scale > b->scale;
  return a->landscape == natural && b->landscape != natural;
}

static void
consider (KolPrintJob     *job,
          KolPrintPicture *pic,
          gboolean         landscape,
          gboolean         natural,
          Layout          *best)
{
  double pw, ph, ov = job->opts.overlap_mm * KOL_PT_PER_MM;
  double min_scale = 1.0 - CLAMP (job->opts.max_shrink, 0.0, 0.5);
  guint c1, r1;

  _kol_print_printable (job, landscape, &pw, &ph);
  ov = CLAMP (ov, 0, MIN (pw, ph) / 4);
  if (job->opts.fit)
    {
      Layout l = { landscape, 1, 1, MIN (pw / pic->w, ph / pic->h) };

      if (best->cols == 0 || better (&l, best, natural))
        *best = l;
      return;
    }
  c1 = pages_along (pic->w, pw, ov);
  r1 = pages_along (pic->h, ph, ov);
  for (guint c = 1; c <= c1; c++)
    for (guint r = 1; r <= r1; r++)
      {
        Layout l = { landscape, c, r, 1.0 };
        double across = capacity (c, pw, ov) / pic->w;
        double down = capacity (r, ph, ov) / pic->h;

        l.scale = MIN (1.0, MIN (across, down));
        if (l.scale < min_scale - 1e-9)
          continue;
        if (best->cols == 0 || better (&l, best, natural))
          *best = l;
      }
}

static guint
naive_pages (KolPrintJob     *job,
             KolPrintPicture *pic,
             gboolean         landscape)
{
  double pw, ph, ov = job->opts.overlap_mm * KOL_PT_PER_MM;

  _kol_print_printable (job, landscape, &pw, &ph);
  ov = CLAMP (ov, 0, MIN (pw, ph) / 4);
  return pages_along (pic->w, pw, ov) * pages_along (pic->h, ph, ov);
}

/* Chooses the orientation, the pages and the scale of @pic. */
static void
plan_picture (KolPrintJob     *job,
              KolPrintPicture *pic)
{
  gboolean natural = pic->w > pic->h;
  Layout best = { 0 };

  if (job->opts.orientation != KOL_ORIENTATION_AUTO)
    natural = job->opts.orientation == KOL_ORIENTATION_LANDSCAPE;
  consider (job, pic, natural, natural, &best);
  if (job->opts.orientation == KOL_ORIENTATION_AUTO)
    consider (job, pic, !natural, natural, &best);
  pic->landscape = best.landscape;
  pic->cols = best.cols;
  pic->rows = best.rows;
  pic->scale = best.scale;
  if (job->opts.fit)
    return;
  pic->rotated = best.landscape != natural;
  pic->shrunk = best.scale < 0.9999;
  pic->saved = naive_pages (job, pic, natural) - best.cols * best.rows;
}

static gboolean
read_picture (KolPrintPicture  *pic,
              char             *svg,
              GError          **error)
{
  pic->svg = svg;
  if (svg == NULL || !_kol_print_document_box (svg, pic->view, &pic->w, &pic->h))
    {
      g_set_error_literal (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("The picture has no size"));
      return FALSE;
    }
  return TRUE;
}

/**
 * _kol_print_plan_map:
 *
 * Draws the board at the hex size asked and plans its pages; the job's
 * hex size becomes the size it prints at.
 *
 * Returns: whether the board could be drawn
 */
gboolean
_kol_print_plan_map (KolPrintJob  *job,
                     GError      **error)
{
  g_autoptr(KolEngine) engine = kol_engine_new (job->title, job->title->n_players, NULL, NULL, 1, error);
  KolSvgOptions svg_opts;

  if (engine == NULL)
    return FALSE;
  kol_svg_options_init (&svg_opts);
  svg_opts.hex_size = job->opts.hex_mm * KOL_PT_PER_MM / KOL_SQRT3;
  svg_opts.language = kol_game_word_language ();
  svg_opts.flags |= KOL_SVG_AXES | KOL_SVG_INITIAL_TOKENS;
  if (!read_picture (&job->map, kol_svg_render_board (engine, &svg_opts, NULL, NULL), error))
    return FALSE;
  plan_picture (job, &job->map);
  job->hex_mm = job->opts.hex_mm * job->map.scale;
  return TRUE;
}

/**
 * _kol_print_plan_market:
 *
 * Draws the market at the cell size asked and plans its pages.
 *
 * Returns: whether the title has a market to draw
 */
gboolean
_kol_print_plan_market (KolPrintJob *job)
{
  JsonNode *market = kol_title_document_get_value (job->doc, KOL_TITLE_FILE_GAME, "$.market");
  double cell = job->opts.market_cell_mm * KOL_PT_PER_MM;
  char *svg;

  job->cell_pt = cell;
  svg = kol_svg_render_market (market != NULL && JSON_NODE_HOLDS_OBJECT (market) ? json_node_get_object (market) : NULL,
                               kol_game_word_language (), cell / KOL_SVG_MARKET_CELL);
  if (!read_picture (&job->market, svg, NULL))
    return TRUE;
  plan_picture (job, &job->market);
  job->cell_pt = cell * job->market.scale;
  return TRUE;
}

/* ---- pages ------------------------------------------------------------------------ */

static void
draw_cross (GString *out,
            double   x,
            double   y)
{
  double arm = CROSS_MM * KOL_PT_PER_MM;

  _kol_print_svg (out, "<path d=\"M%g,%gh%g M%g,%gv%g\" stroke=\"#000000\" stroke-width=\"0.5\" fill=\"none\"/>"
                  "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" stroke=\"#000000\" stroke-width=\"0.5\" fill=\"none\"/>\n",
                  x - arm, y, 2 * arm, x, y - arm, 2 * arm, x, y, arm / 2);
}

typedef struct
{
  double x, y;      /* the part's top left on the page */
  double w, h;      /* the part's size: every page's part is the same */
  double ov;
  guint  row, col;
} Part;

/* Registration marks in the middle of each overlap this page shares, and
 * dashed lines where the neighbouring page's part begins: pages are glued
 * by lining the marks up. */
static void
draw_joins (GString               *out,
            const KolPrintPicture *pic,
            const Part            *part)
{
  double x0 = part->x, y0 = part->y, x1 = x0 + part->w, y1 = y0 + part->h, ov = part->ov;

  if (part->col > 0)
    draw_cross (out, x0 + ov / 2, y0 + part->h / 2);
  if (part->col + 1 < pic->cols)
    draw_cross (out, x1 - ov / 2, y0 + part->h / 2);
  if (part->row > 0)
    draw_cross (out, x0 + part->w / 2, y0 + ov / 2);
  if (part->row + 1 < pic->rows)
    draw_cross (out, x0 + part->w / 2, y1 - ov / 2);
  g_string_append (out, "<path fill=\"none\" stroke=\"#737373\" stroke-width=\"0.4\" stroke-dasharray=\"3 3\" d=\"");
  if (part->col > 0)
    _kol_print_svg (out, "M%g,%gV%g ", x0 + ov, y0, y1);
  if (part->col + 1 < pic->cols)
    _kol_print_svg (out, "M%g,%gV%g ", x1 - ov, y0, y1);
  if (part->row > 0)
    _kol_print_svg (out, "M%g,%gH%g ", x0, y0 + ov, x1);
  if (part->row + 1 < pic->rows)
    _kol_print_svg (out, "M%g,%gH%g ", x0, y1 - ov, x1);
  g_string_append (out, "\"/>\n");
}

static double
part_fill (const KolPrintPicture *pic,
           const Part            *part,
           double                 pw,
           double                 ph)
{
  double fill = 1.0;

  if (pic->cols > 1)
    fill = MIN (fill, part->w / pw);
  if (pic->rows > 1)
    fill = MIN (fill, part->h / ph);
  return fill;
}

static KolPrintPage *
picture_page (KolPrintJob           *job,
              KolPrintSheet          sheet,
              const KolPrintPicture *pic,
              Part                  *part,
              double                 pw,
              double                 ph)
{
  KolPrintPage *page = _kol_print_page_new (job, sheet, pic->landscape);
  double k = pic->w * pic->scale / pic->view[2];   /* page points per picture unit */
  double view[4];

  view[0] = pic->view[0] + part->col * (part->w - part->ov) / k;
  view[1] = pic->view[1] + part->row * (part->h - part->ov) / k;
  view[2] = part->w / k;
  view[3] = part->h / k;
  _kol_print_embed (page->svg, pic->svg, part->x, part->y, part->w, part->h, view);
  if (pic->cols * pic->rows > 1)
    {
      draw_joins (page->svg, pic, part);
      /* Translators: added to a page's footer: where the page goes among
       * the pages of a large map or market. */
      page->note = g_strdup_printf (_("row %u, column %u"), part->row + 1, part->col + 1);
    }
  page->fill = part_fill (pic, part, pw, ph);
  return page;
}

static gboolean
picture_sheet (KolPrintJob       *job,
               KolPrintSheet      sheet,
               KolPrintPicture   *pic,
               KolPrintSheetInfo *info)
{
  double pw, ph;
  Part part = { 0 };

  if (pic->svg == NULL)
    return TRUE;
  _kol_print_printable (job, pic->landscape, &pw, &ph);
  part.ov = job->opts.fit ? 0 : CLAMP (job->opts.overlap_mm * KOL_PT_PER_MM, 0, MIN (pw, ph) / 4);
  part.w = (pic->w * pic->scale + (pic->cols - 1) * part.ov) / pic->cols;
  part.h = (pic->h * pic->scale + (pic->rows - 1) * part.ov) / pic->rows;
  part.x = job->margin + (pw - part.w) / 2;
  part.y = job->margin + (ph - part.h) / 2;
  for (part.row = 0; part.row < pic->rows; part.row++)
    for (part.col = 0; part.col < pic->cols; part.col++)
      _kol_print_add_page (job, picture_page (job, sheet, pic, &part, pw, ph));
  info->landscape = pic->landscape;
  info->cols = pic->cols;
  info->rows = pic->rows;
  info->scale = pic->scale;
  info->rotated = pic->rotated;
  info->shrunk = pic->shrunk;
  info->pages_saved = pic->saved;
  return TRUE;
}

gboolean
_kol_print_map_sheet (KolPrintJob        *job,
                      KolPrintSheetInfo  *info,
                      GError            **error)
{
  return picture_sheet (job, KOL_PRINT_MAP, &job->map, info);
}

gboolean
_kol_print_market_sheet (KolPrintJob        *job,
                         KolPrintSheetInfo  *info,
                         GError            **error)
{
  return picture_sheet (job, KOL_PRINT_MARKET, &job->market, info);
}
