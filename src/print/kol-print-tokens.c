/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-print-private.h"
#include "kol-svg-renderer.h"

/*
 * Station tokens and share price markers, a row per corporation: as many
 * station tokens as it has token spaces, and a share price marker for
 * each corporation whose shares are traded (more than one certificate).
 * A station token is as large as a city's slot on the printed map, a
 * marker a little smaller than a printed market cell is tall, so that
 * both sit where they go. With bleed the colour runs 1.3 mm past the cut
 * circle (for punches and stickers on discs).
 */

#define TOKEN_BLEED_MM 1.3
#define GAP_MM 2.0
#define LABEL_MM 22.0
#define LEGEND_PT 18.0

typedef struct
{
  KolPrintJob  *job;
  double        station, marker;   /* diameters, points */
  double        bleed, gap;
  double        left, right, top, bottom;
  double        page_bottom;       /* the printable area's bottom */
  guint         short_page;        /* a page ended early, or G_MAXUINT */
  double        short_bottom;
  double        x, y, row_h;
  gboolean      landscape, emit;
  guint         pages;
  KolPrintPage *page;
} Flow;

static void
draw_token (GString          *out,
            const KolCorpDef *corp,
            double            cx,
            double            cy,
            double            d,
            double            bleed,
            gboolean          marker)
{
  const char *fill = corp->color != NULL ? corp->color : "#888888";
  const char *ink = corp->text_color != NULL ? corp->text_color : "#000000";
  double fitted = _kol_print_fit_size (corp->id, d * 0.36, KOL_PRINT_TEXT_BOLD, d * 0.72);
  double size = MIN (d * 0.36, fitted);

  _kol_print_svg (out, "<g class=\"%s\" data-corporation=\"%t\">\n<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\"/>\n",
                  marker ? "marker" : "token", corp->id, cx, cy, d / 2 + bleed, fill);
  if (marker)
    _kol_print_svg (out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"none\" stroke=\"%s\" stroke-width=\"0.8\"/>\n",
                    cx, cy, d * 0.41, ink);
  _kol_print_text (out, cx, cy + size * 0.36, size, KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE, ink, corp->id);
  /* the cut line: on the edge, or inside the bleed */
  _kol_print_svg (out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"none\" stroke=\"%s\" stroke-width=\"0.3\"%s/>\n",
                  cx, cy, d / 2, bleed > 0 ? "#7f7f7f" : "#000000", bleed > 0 ? " stroke-dasharray=\"1 1\"" : "");
  g_string_append (out, "</g>\n");
}

static void
flow_page (Flow *f)
{
  f->pages++;
  f->y = f->top;
  f->bottom = f->pages - 1 == f->short_page ? f->short_bottom : f->page_bottom;
  if (!f->emit)
    return;
  f->page = _kol_print_page_new (f->job, KOL_PRINT_TOKENS, f->landscape);
  _kol_print_add_page (f->job, f->page);
  if (f->pages == 1)
    {
      /* Translators: the legend of the token sheet: the diameters of the
       * station tokens and of the share price markers, in millimetres. */
      g_autofree char *legend = g_strdup_printf (_("%s: %.1f mm across; share price markers (ringed): %.1f mm"),
                                                 kol_game_word (f->job->title, KOL_WORD_STATION_MARKERS),
                                                 f->station / KOL_PT_PER_MM, f->marker / KOL_PT_PER_MM);

      _kol_print_text (f->page->svg, f->left, f->y + 10, 9, 0, "#333333", legend);
      f->y += LEGEND_PT;
    }
}

/* Places a piece of diameter @d, on a new line or page when the row is
 * full; returns its centre. */
static void
flow_piece (Flow   *f,
            double  d,
            double *cx,
            double *cy)
{
  double pitch = d + 2 * f->bleed + f->gap;

  if (f->x + pitch > f->right + 0.01)
    {
      f->y += f->row_h;
      f->x = f->left + LABEL_MM * KOL_PT_PER_MM;
    }
  if (f->y + f->row_h > f->bottom + 0.01)
    {
      flow_page (f);
      f->x = f->left + LABEL_MM * KOL_PT_PER_MM;
    }
  *cx = f->x + pitch / 2;
  *cy = f->y + f->row_h / 2;
  f->x += pitch;
}

static void
flow_corp (Flow             *f,
           const KolCorpDef *corp)
{
  gboolean marker = corp->n_shares > 1;
  double cx, cy;

  if (corp->n_tokens == 0 && !marker)
    return;
  if (f->pages == 0 || f->y + f->row_h > f->bottom + 0.01)
    flow_page (f);
  f->x = f->left + LABEL_MM * KOL_PT_PER_MM;
  for (int i = 0; i < corp->n_tokens + (marker ? 1 : 0); i++)
    {
      gboolean is_marker = i == corp->n_tokens;
      double d = is_marker ? f->marker : f->station;

      flow_piece (f, d, &cx, &cy);
      if (i == 0 && f->emit)
        _kol_print_text (f->page->svg, f->left, cy + 3.5,
                         _kol_print_fit_size (corp->id, 10, KOL_PRINT_TEXT_BOLD, LABEL_MM * KOL_PT_PER_MM - 4),
                         KOL_PRINT_TEXT_BOLD, "#1a1a1a", corp->id);
      if (f->emit)
        draw_token (f->page->svg, corp, cx, cy, d, f->bleed, is_marker);
    }
  f->y += f->row_h;
}

static void
flow_init (Flow        *f,
           KolPrintJob *job,
           gboolean     landscape,
           gboolean     emit)
{
  double pw, ph, cell_h = job->cell_pt * 2 / 3;

  memset (f, 0, sizeof *f);
  _kol_print_printable (job, landscape, &pw, &ph);
  f->job = job;
  f->emit = emit;
  f->landscape = landscape;
  f->station = job->hex_mm * KOL_PT_PER_MM / KOL_SQRT3 * 2 * KOL_SVG_SLOT_RADIUS / KOL_SVG_HEX_RADIUS;
  f->marker = cell_h * 0.8;
  f->bleed = job->opts.bleed ? TOKEN_BLEED_MM * KOL_PT_PER_MM : 0;
  f->gap = GAP_MM * KOL_PT_PER_MM;
  f->row_h = MAX (f->station, f->marker) + 2 * f->bleed + f->gap;
  f->left = job->margin;
  f->right = job->margin + pw;
  f->top = job->margin;
  f->bottom = f->page_bottom = job->margin + ph;
  f->short_page = G_MAXUINT;
}

static guint
flow_all (Flow *f)
{
  for (guint c = 0; c < f->job->title->n_corps; c++)
    flow_corp (f, &f->job->title->corps[c]);
  return f->pages;
}

/* The last page's share of the page height. */
static double
last_fill (const Flow *f)
{
  return (f->y - f->top) / (f->page_bottom - f->top);
}

/* When the last page would hold a sliver, the page before it ends half
 * way through what the two hold, so that they share it. */
static void
share_last_pages (Flow *f,
                  Flow *plan)
{
  if (plan->pages < 2 || last_fill (plan) >= KOL_PRINT_SLIVER)
    return;
  f->short_page = plan->pages - 2;
  f->short_bottom = f->top + (plan->page_bottom - plan->top + plan->y - plan->top) / 2 + plan->row_h / 2;
}

gboolean
_kol_print_tokens_sheet (KolPrintJob        *job,
                         KolPrintSheetInfo  *info,
                         GError            **error)
{
  gboolean landscape = job->opts.orientation == KOL_ORIENTATION_LANDSCAPE;
  Flow f, plan;

  if (job->opts.orientation == KOL_ORIENTATION_AUTO)
    {
      Flow portrait, turned;

      flow_init (&portrait, job, FALSE, FALSE);
      flow_init (&turned, job, TRUE, FALSE);
      landscape = flow_all (&turned) < flow_all (&portrait);
    }
  flow_init (&plan, job, landscape, FALSE);
  flow_all (&plan);
  flow_init (&f, job, landscape, TRUE);
  share_last_pages (&f, &plan);
  if (flow_all (&f) > 1)
    {
      KolPrintPage *before = g_ptr_array_index (job->pages, job->pages->len - 2);

      f.page->fill = last_fill (&f);
      if (f.short_page != G_MAXUINT)
        before->fill = (f.short_bottom - f.top) / (f.page_bottom - f.top);
    }
  info->landscape = landscape;
  return TRUE;
}
