/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-print-private.h"
#include "kol-svg-renderer.h"

/*
 * Cards: a private company card per private, a train card per train (every
 * copy the configuration has), at the mini euro card size of 18xx games
 * (67.5 × 44 mm), and the grid of same-sized pieces that cards and charters
 * share.
 *
 * Without bleed pieces are butted and one cut line separates two; with
 * bleed they stand apart, each with its colours running 2.5 mm past its
 * edges, and crop marks outside the block show where the cuts go.
 */

#define CARD_W_MM 67.5
#define CARD_H_MM 44.0
#define PAD 6.0

/* ---- the grid ------------------------------------------------------------------- */

static void
grid_fit (KolPrintJob  *job,
          KolPrintGrid *grid,
          gboolean      landscape)
{
  double pw, ph, pitch_x = grid->w + 2 * grid->bleed, pitch_y = grid->h + 2 * grid->bleed;

  _kol_print_printable (job, landscape, &pw, &ph);
  grid->landscape = landscape;
  grid->cols = (guint) floor (pw / pitch_x + 1e-9);
  grid->rows = (guint) floor (ph / pitch_y + 1e-9);
  grid->x0 = job->margin + (pw - grid->cols * pitch_x) / 2 + grid->bleed;
  grid->y0 = job->margin + (ph - grid->rows * pitch_y) / 2 + grid->bleed;
}

/**
 * _kol_print_pieces_on_page:
 * @count: pieces of a sheet
 * @cols: pieces in a row of a page
 * @rows: rows on a page
 * @page: a page of the sheet
 *
 * Pages are filled in turn, but when the last would hold a sliver (under a
 * quarter of its rows), the last two share their pieces equally: the same
 * pages, none of them nearly empty.
 *
 * Returns: how many pieces go on @page
 */
guint
_kol_print_pieces_on_page (guint count,
                           guint cols,
                           guint rows,
                           guint page)
{
  guint per_page = cols * rows, pages, rest;

  if (per_page == 0 || count == 0)
    return 0;
  pages = (count + per_page - 1) / per_page;
  rest = count - (pages - 1) * per_page;
  if (page >= pages)
    return 0;
  if (pages >= 2 && (double) ((rest + cols - 1) / cols) / rows < KOL_PRINT_SLIVER)
    {
      guint shared = per_page + rest, first = (shared + 1) / 2;

      if (page == pages - 2)
        return first;
      if (page == pages - 1)
        return shared - first;
    }
  return page + 1 < pages ? per_page : rest;
}

static guint
grid_pages (const KolPrintGrid *grid,
            guint               count)
{
  guint per_page = grid->cols * grid->rows;

  return per_page == 0 ? G_MAXUINT : (count + per_page - 1) / per_page;
}

/**
 * _kol_print_grid_plan:
 * @w: a piece's width, points
 * @h: its height
 * @count: how many pieces
 *
 * Plans the pages of @count pieces: the orientation asked, or the one
 * needing fewer pages (portrait when equal).
 *
 * Returns: whether a piece fits on the paper
 */
gboolean
_kol_print_grid_plan (KolPrintJob  *job,
                      KolPrintGrid *grid,
                      double        w,
                      double        h,
                      guint         count)
{
  KolPrintGrid other;

  memset (grid, 0, sizeof *grid);
  grid->w = w;
  grid->h = h;
  grid->bleed = job->opts.bleed ? KOL_PRINT_BLEED_MM * KOL_PT_PER_MM : 0;
  other = *grid;
  grid_fit (job, grid, job->opts.orientation == KOL_ORIENTATION_LANDSCAPE);
  if (job->opts.orientation == KOL_ORIENTATION_AUTO)
    {
      grid_fit (job, &other, TRUE);
      if (grid_pages (&other, count) < grid_pages (grid, count))
        *grid = other;
    }
  return grid->cols * grid->rows > 0;
}

static void
grid_place (const KolPrintGrid *grid,
            guint               slot,
            double             *x,
            double             *y)
{
  *x = grid->x0 + (slot % grid->cols) * (grid->w + 2 * grid->bleed);
  *y = grid->y0 + (slot / grid->cols) * (grid->h + 2 * grid->bleed);
}

/* The cut lines of a page's pieces: each piece's outline where pieces
 * butt (one cut serves two), crop marks outside the block with bleed. */
static void
grid_cut (const KolPrintGrid *grid,
          KolPrintPage       *page,
          guint               used)
{
  guint rows = (used + grid->cols - 1) / grid->cols, cols = MIN (used, grid->cols);
  double x1, y1, xs[64], ys[64];
  guint n_xs = 0, n_ys = 0;

  if (grid->bleed == 0)
    {
      g_string_append (page->svg, "<path fill=\"none\" stroke=\"#666666\" stroke-width=\"0.3\" d=\"");
      for (guint i = 0; i < used; i++)
        {
          double x, y;

          grid_place (grid, i, &x, &y);
          _kol_print_svg (page->svg, "M%g,%gh%gv%gh%gz ", x, y, grid->w, grid->h, -grid->w);
        }
      g_string_append (page->svg, "\"/>\n");
      return;
    }
  for (guint c = 0; c < cols && n_xs + 2 <= G_N_ELEMENTS (xs); c++)
    {
      xs[n_xs] = grid->x0 + c * (grid->w + 2 * grid->bleed);
      xs[n_xs + 1] = xs[n_xs] + grid->w;
      n_xs += 2;
    }
  for (guint r = 0; r < rows && n_ys + 2 <= G_N_ELEMENTS (ys); r++)
    {
      ys[n_ys] = grid->y0 + r * (grid->h + 2 * grid->bleed);
      ys[n_ys + 1] = ys[n_ys] + grid->h;
      n_ys += 2;
    }
  x1 = grid->x0 + cols * (grid->w + 2 * grid->bleed) - 2 * grid->bleed;
  y1 = grid->y0 + rows * (grid->h + 2 * grid->bleed) - 2 * grid->bleed;
  _kol_print_crop_marks (page->svg, grid->x0 - grid->bleed, grid->y0 - grid->bleed, x1 + grid->bleed,
                         y1 + grid->bleed, xs, n_xs, ys, n_ys);
}

/**
 * _kol_print_grid_pack:
 * @count: the pieces
 * @draw: draws piece @index in the box given
 *
 * Adds the pages of @count pieces planned by _kol_print_grid_plan(), with
 * their cut lines.
 */
void
_kol_print_grid_pack (KolPrintJob        *job,
                      KolPrintSheet       sheet,
                      const KolPrintGrid *grid,
                      guint               count,
                      KolPrintDrawPiece   draw,
                      gpointer            data)
{
  guint index = 0;

  for (guint p = 0; index < count; p++)
    {
      guint here = _kol_print_pieces_on_page (count, grid->cols, grid->rows, p);
      KolPrintPage *page = _kol_print_page_new (job, sheet, grid->landscape);

      _kol_print_add_page (job, page);
      for (guint slot = 0; slot < here; slot++, index++)
        {
          double x, y;

          grid_place (grid, slot, &x, &y);
          draw (job, page->svg, index, x, y, grid->w, grid->h, grid->bleed, data);
        }
      grid_cut (grid, page, here);
      page->fill = (double) ((here + grid->cols - 1) / grid->cols) / grid->rows;
    }
}

/* ---- cards ----------------------------------------------------------------------- */

typedef struct
{
  double x, y, w, h;
  double bleed;
} Box;

/* The card's white body, and a band across its top in @color, both
 * running into the bleed. */
static void
card_frame (GString    *out,
            const Box  *box,
            double      band,
            const char *color)
{
  double b = box->bleed;

  _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#ffffff\"/>\n"
                  "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"/>\n",
                  box->x - b, box->y - b, box->w + 2 * b, box->h + 2 * b,
                  box->x - b, box->y - b, box->w + 2 * b, band + b, color);
}

/* The largest size up to @size at which @text fits @lines lines. */
static double
paragraph_size (const char *text,
                double      size,
                double      width,
                double      height)
{
  for (; size > 4.5; size -= 0.25)
    {
      g_auto(GStrv) lines = _kol_print_wrap (text, size, 0, width);

      if (g_strv_length (lines) * size * 1.22 <= height)
        break;
    }
  return size;
}

/* A badge with a private's short name ("P1") on the band. */
static double
draw_badge (GString    *out,
            double      x,
            double      y,
            const char *text)
{
  double w = _kol_print_text_width (text, 9, KOL_PRINT_TEXT_BOLD) + 8;

  _kol_print_svg (out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"14\" rx=\"3\" fill=\"#3b3126\"/>\n", x, y, w);
  _kol_print_text (out, x + w / 2, y + 10.5, 9, KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE, "#ffffff", text);
  return w;
}

static void
draw_private (KolPrintJob         *job,
              GString             *out,
              const Box           *box,
              const KolCompanyDef *company)
{
  const char *name = _kol_print_pick (job, &company->name);
  const char *description = _kol_print_pick (job, &company->description);
  g_autofree char *value = _kol_print_money (job, company->value);
  g_autofree char *revenue = _kol_print_money (job, company->revenue);
  /* Translators: on a private company card: its price. */
  g_autofree char *value_line = g_strdup_printf (_("Value %s"), value);
  g_autofree char *revenue_line = g_strdup_printf ("%s %s", kol_game_word (job->title, KOL_WORD_REVENUE), revenue);
  double band = 24, x = box->x + PAD, width = box->w - 2 * PAD, top, size, badge;

  card_frame (out, box, band, "#e6d9b8");
  badge = draw_badge (out, x, box->y + 5, company->short_name != NULL ? company->short_name : company->id);
  size = _kol_print_fit_size (name, 9.5, KOL_PRINT_TEXT_BOLD, width - badge - 5);
  _kol_print_text (out, x + badge + 5, box->y + 15.5, size, KOL_PRINT_TEXT_BOLD, "#1a1a1a", name);
  top = box->y + band + 12;
  _kol_print_text (out, x, top, 8, KOL_PRINT_TEXT_BOLD, "#1a1a1a", value_line);
  _kol_print_text (out, x + width, top, 8, KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_END, "#1a1a1a", revenue_line);
  top += 4;
  size = paragraph_size (description, 7.0, width, box->y + box->h - PAD - top);
  _kol_print_paragraph (out, x, top, width, size, 0, "#1a1a1a", description);
}

static void
private_piece (KolPrintJob *job,
               GString     *out,
               guint        index,
               double       x,
               double       y,
               double       w,
               double       h,
               double       bleed,
               gpointer     data)
{
  Box box = { x, y, w, h, bleed };

  _kol_print_svg (out, "<g class=\"card\" data-private=\"%t\">\n", job->title->companies[index].id);
  draw_private (job, out, &box, &job->title->companies[index]);
  g_string_append (out, "</g>\n");
}

gboolean
_kol_print_privates_sheet (KolPrintJob        *job,
                           KolPrintSheetInfo  *info,
                           GError            **error)
{
  KolPrintGrid grid;
  guint n = job->title->n_companies;

  if (n == 0)
    return TRUE;
  _kol_print_grid_plan (job, &grid, CARD_W_MM * KOL_PT_PER_MM, CARD_H_MM * KOL_PT_PER_MM, n);
  _kol_print_grid_pack (job, KOL_PRINT_PRIVATES, &grid, n, private_piece, NULL);
  info->landscape = grid.landscape;
  return TRUE;
}

/* ---- trains ------------------------------------------------------------------------ */

/* The colour a train's card is known by: the title's own (1840 trams),
 * else the newest tile colour of the phase it starts or belongs to. */
static const char *
train_color (const KolTitle *title,
             guint           train)
{
  static const struct { const char *name; const char *rgb; } named[] = {
    { "yellow", "#fde900" }, { "orange", "#f7a21b" }, { "red", "#ec232a" }, { "pink", "#f49ac1" },
    { "purple", "#a79ecd" }, { "green", "#71bf44" }, { "brown", "#cb7745" }, { "gray", "#bcbdc0" },
    { "grey", "#bcbdc0" }, { "blue", "#35a7ff" },
  };
  const KolTrainDef *def = &title->trains[train];
  g_autoptr(GVariant) color = def->extra != NULL ? g_variant_lookup_value (def->extra, "color", G_VARIANT_TYPE_STRING)
                                                 : NULL;
  int phase = def->available_on;

  for (gsize i = 0; color != NULL && i < G_N_ELEMENTS (named); i++)
    if (g_str_equal (g_variant_get_string (color, NULL), named[i].name))
      return named[i].rgb;
  for (guint p = 0; p < title->n_phases; p++)
    if (title->phases[p].on == (int) train || (phase < 0 && title->phases[p].on <= (int) train))
      phase = (int) p;
  for (int c = phase >= 0 ? title->n_colors - 1 : -1; c >= 0; c--)
    if (title->phases[phase].tiles & (1u << title->tile_colors[c]))
      return kol_svg_color_fill (title->tile_colors[c]);
  return kol_svg_color_fill (KOL_COLOR_GRAY);
}

/* "Y1 / Y2": the faces of a card. */
static char *
train_names (const KolTrainDef *def)
{
  g_autoptr(GString) names = g_string_new (def->name);

  for (int v = 1; v < def->n_variants; v++)
    g_string_append_printf (names, " / %s", def->variants[v].name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static char *
train_prices (KolPrintJob       *job,
              const KolTrainDef *def)
{
  g_autoptr(GString) prices = g_string_new (NULL);

  for (int v = 0; v < MAX (def->n_variants, 1); v++)
    {
      g_autofree char *money = _kol_print_money (job, def->n_variants > 0 ? def->variants[v].price : def->price);

      if (v > 0)
        g_string_append (prices, " / ");
      g_string_append (prices, money);
    }
  return g_string_free (g_steal_pointer (&prices), FALSE);
}

/* g_strv_builder_take() is newer than the GLib we build against. */
static void
add_fact (GStrvBuilder *facts,
          char         *fact)
{
  g_strv_builder_add (facts, fact);
  g_free (fact);
}

/* The lines under the price: distance, when it rusts or becomes obsolete,
 * when it is available, and the title's label for it. */
static GStrv
train_facts (KolPrintJob       *job,
             const KolTrainDef *def)
{
  const KolTitle *title = job->title;
  g_autoptr(GStrvBuilder) facts = g_strv_builder_new ();
  g_autoptr(GVariant) label = def->extra != NULL ? g_variant_lookup_value (def->extra, "label", NULL) : NULL;

  if (label != NULL && g_variant_is_of_type (label, G_VARIANT_TYPE_VARDICT))
    {
      g_autofree char *en = NULL, *ru = NULL;
      KolText text;

      g_variant_lookup (label, "en", "s", &en);
      g_variant_lookup (label, "ru", "s", &ru);
      text = (KolText) { en, ru };
      add_fact (facts, g_strdup (_kol_print_pick (job, &text)));
    }
  if (def->distance > 0)
    /* Translators: on a train card: how far it runs. */
    add_fact (facts, g_strdup_printf (_("Distance %d"), def->distance));
  if (def->rusts_on >= 0)
    /* Translators: on a train card: %s is the train whose purchase
     * scraps it. */
    add_fact (facts, g_strdup_printf (_("Rusts when a %s is bought"), title->trains[def->rusts_on].name));
  if (def->obsolete_on >= 0)
    add_fact (facts, g_strdup_printf (_("Obsolete when a %s is bought"),
                                                 title->trains[def->obsolete_on].name));
  if (def->available_on >= 0)
    /* Translators: on a train card: %s is a phase's name. */
    add_fact (facts, g_strdup_printf (_("Available from phase %s"), title->phases[def->available_on].name));
  return g_strv_builder_end (facts);
}


static void
draw_train (KolPrintJob *job,
            GString     *out,
            const Box   *box,
            guint        train,
            int          copy)
{
  const KolTrainDef *def = &job->title->trains[train];
  g_autofree char *names = train_names (def), *prices = train_prices (job, def);
  g_auto(GStrv) facts = train_facts (job, def);
  g_autofree char *number = def->count < 0 ? g_strdup ("∞") : g_strdup_printf ("%d/%d", copy + 1, def->count);
  double band = 40, cx = box->x + box->w / 2, y, size;

  card_frame (out, box, band, train_color (job->title, train));
  size = _kol_print_fit_size (names, 26, KOL_PRINT_TEXT_BOLD, box->w - 2 * PAD);
  _kol_print_text (out, cx, box->y + band / 2 + size * 0.36, size, KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE,
                   "#1a1a1a", names);
  size = _kol_print_fit_size (prices, 14, KOL_PRINT_TEXT_BOLD, box->w - 2 * PAD);
  _kol_print_text (out, cx, box->y + band + 18, size, KOL_PRINT_TEXT_BOLD | KOL_PRINT_TEXT_MIDDLE, "#1a1a1a", prices);
  y = box->y + band + 30;
  for (guint i = 0; facts[i] != NULL; i++, y += 9)
    _kol_print_text (out, cx, y, _kol_print_fit_size (facts[i], 7, 0, box->w - 2 * PAD),
                     KOL_PRINT_TEXT_MIDDLE, "#333333", facts[i]);
  _kol_print_text (out, box->x + box->w - 4, box->y + box->h - 4, 6, KOL_PRINT_TEXT_END, "#555555", number);
}

/* A card is its train's index and copy: train << 8 | copy. */
static void
train_piece (KolPrintJob *job,
             GString     *out,
             guint        index,
             double       x,
             double       y,
             double       w,
             double       h,
             double       bleed,
             gpointer     data)
{
  guint card = g_array_index ((GArray *) data, guint, index);
  Box box = { x, y, w, h, bleed };

  _kol_print_svg (out, "<g class=\"card\" data-train=\"%t\">\n", job->title->trains[card >> 8].id);
  draw_train (job, out, &box, card >> 8, (int) (card & 0xff));
  g_string_append (out, "</g>\n");
}

gboolean
_kol_print_trains_sheet (KolPrintJob        *job,
                         KolPrintSheetInfo  *info,
                         GError            **error)
{
  g_autoptr(GArray) cards = g_array_new (FALSE, FALSE, sizeof (guint));
  KolPrintGrid grid;

  /* every copy, one card for an unlimited train */
  for (guint t = 0; t < job->title->n_trains; t++)
    for (int k = 0; k < (job->title->trains[t].count < 0 ? 1 : job->title->trains[t].count); k++)
      {
        guint card = t << 8 | (guint) k;

        g_array_append_val (cards, card);
      }
  if (cards->len == 0)
    return TRUE;
  _kol_print_grid_plan (job, &grid, CARD_W_MM * KOL_PT_PER_MM, CARD_H_MM * KOL_PT_PER_MM, cards->len);
  _kol_print_grid_pack (job, KOL_PRINT_TRAINS, &grid, cards->len, train_piece, cards);
  info->landscape = grid.landscape;
  return TRUE;
}
