/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-print-private.h"
#include "kol-svg-renderer.h"

/*
 * The tile sheet and the tile counts.
 *
 * Tiles print at the size of the map's hexes, so that they fit the printed
 * map. Without bleed they are packed as a honeycomb: neighbours share an
 * edge and one cut separates two tiles (A4 holds 30 flat 38 mm tiles, where
 * a grid with gaps holds 24). With bleed each tile stands apart, its colour
 * and track running 2.5 mm past the cut line, with ticks at its corners to
 * cut by. Copies follow the upgrade order of colours, then the manifest.
 *
 * The counts sheet shows each tile once, smaller, with its count, under a
 * heading per colour; the size is the largest that needs no more pages
 * than the smallest.
 */

#define TICK_MM 1.5
#define TILE_GAP_MM 5.0
#define COUNT_MAX_MM 22.0
#define COUNT_MIN_MM 12.0

/* The upgrade order first, then the colours laid only by a title's rules. */
static int
sheet_colors (const KolTitle *title,
              KolColor       *order)
{
  int n = 0;

  for (int i = 0; i < title->n_colors; i++)
    order[n++] = title->tile_colors[i];
  for (int c = 0; c < KOL_N_COLORS; c++)
    {
      gboolean listed = FALSE;

      for (int i = 0; i < n; i++)
        listed |= order[i] == (KolColor) c;
      if (!listed)
        order[n++] = c;
    }
  return n;
}

/* Copies printed of a tile: its count; one for an unlimited tile. */
static int
copies_of (const KolTileDef *tile)
{
  return tile->count < 0 ? 1 : tile->count;
}

/* Every copy to print, as manifest tile indices, by colour. */
static GArray *
copies_in_order (const KolTitle *title)
{
  GArray *copies = g_array_new (FALSE, FALSE, sizeof (guint));
  KolColor order[KOL_N_COLORS];
  int n_order = sheet_colors (title, order);

  for (int i = 0; i < n_order; i++)
    for (guint t = 0; t < title->n_manifest_tiles; t++)
      for (int k = 0; title->tiles[t].color == order[i] && k < copies_of (&title->tiles[t]); k++)
        g_array_append_val (copies, t);
  return copies;
}

/* ---- the tile sheet ----------------------------------------------------------- */

typedef struct
{
  gboolean flat, landscape, bleed;
  double   r;              /* circumradius, points */
  double   grow;           /* circumradius added by the bleed */
  guint    cols, rows;
  double   x0, y0;         /* the block's top left */
  double   pitch_x, pitch_y;
} TileGrid;

static void
plan_honeycomb (TileGrid *g,
                double    pw,
                double    ph)
{
  double r = g->r, across = KOL_SQRT3 * r;

  if (g->flat)
    {
      g->cols = pw >= 2 * r ? (guint) floor ((pw - 2 * r) / (1.5 * r) + 1e-9) + 1 : 0;
      g->rows = (guint) floor ((ph - across / 2) / across + 1e-9);
      g->pitch_x = 1.5 * r;
      g->pitch_y = across;
    }
  else
    {
      g->rows = ph >= 2 * r ? (guint) floor ((ph - 2 * r) / (1.5 * r) + 1e-9) + 1 : 0;
      g->cols = (guint) floor ((pw - across / 2) / across + 1e-9);
      g->pitch_x = across;
      g->pitch_y = 1.5 * r;
    }
}

static void
plan_apart (TileGrid *g,
            double    pw,
            double    ph)
{
  double outer = g->r + g->grow, gap = TILE_GAP_MM * KOL_PT_PER_MM;
  double w = g->flat ? 2 * outer : KOL_SQRT3 * outer, h = g->flat ? KOL_SQRT3 * outer : 2 * outer;

  g->pitch_x = w + gap;
  g->pitch_y = h + gap;
  g->cols = (guint) floor ((pw + gap) / g->pitch_x + 1e-9);
  g->rows = (guint) floor ((ph + gap) / g->pitch_y + 1e-9);
}

/* The size of the block of tiles on a full page. */
static void
block_size (const TileGrid *g,
            double         *w,
            double         *h)
{
  double r = g->r, across = KOL_SQRT3 * r;

  if (g->bleed)
    {
      double gap = TILE_GAP_MM * KOL_PT_PER_MM;

      *w = g->cols * g->pitch_x - gap;
      *h = g->rows * g->pitch_y - gap;
    }
  else if (g->flat)
    {
      *w = 2 * r + (g->cols - 1) * g->pitch_x;
      *h = g->rows * across + (g->cols > 1 ? across / 2 : 0);
    }
  else
    {
      *w = g->cols * across + (g->rows > 1 ? across / 2 : 0);
      *h = 2 * r + (g->rows - 1) * g->pitch_y;
    }
}

static void
plan_tiles (KolPrintJob *job,
            TileGrid    *g,
            gboolean     landscape)
{
  double pw, ph, bw, bh;

  _kol_print_printable (job, landscape, &pw, &ph);
  g->flat = job->title->grid.layout == KOL_LAYOUT_FLAT;
  g->landscape = landscape;
  g->bleed = job->opts.bleed;
  g->r = job->hex_mm * KOL_PT_PER_MM / KOL_SQRT3;
  g->grow = g->bleed ? KOL_PRINT_BLEED_MM * KOL_PT_PER_MM * 2 / KOL_SQRT3 : 0;
  if (g->bleed)
    plan_apart (g, pw, ph);
  else
    plan_honeycomb (g, pw, ph);
  block_size (g, &bw, &bh);
  g->x0 = job->margin + (pw - bw) / 2;
  g->y0 = job->margin + (ph - bh) / 2;
}

/* The centre of the @i-th tile of a page, filling rows from the top. */
static void
tile_centre (const TileGrid *g,
             guint           i,
             double         *x,
             double         *y)
{
  guint row = i / g->cols, col = i % g->cols;
  double outer = g->r + g->grow, across = KOL_SQRT3 * g->r;

  if (g->bleed)
    {
      *x = g->x0 + col * g->pitch_x + (g->flat ? outer : KOL_SQRT3 * outer / 2);
      *y = g->y0 + row * g->pitch_y + (g->flat ? KOL_SQRT3 * outer / 2 : outer);
    }
  else if (g->flat)
    {
      *x = g->x0 + g->r + col * g->pitch_x;
      *y = g->y0 + across / 2 + row * across + (col % 2 == 1 ? across / 2 : 0);
    }
  else
    {
      *x = g->x0 + across / 2 + col * across + (row % 2 == 1 ? across / 2 : 0);
      *y = g->y0 + g->r + row * g->pitch_y;
    }
}

/* The tile's number in a corner, where no track runs, so that a cut tile
 * still says which it is ("∞" marks the one copy printed of an unlimited
 * tile). */
static void
draw_tile_id (GString          *out,
              const KolTileDef *tile,
              gboolean          flat,
              double            x,
              double            y,
              double            r)
{
  g_autofree char *label = tile->count < 0 ? g_strdup_printf ("%s ∞", tile->id) : g_strdup (tile->id);
  double cx = flat ? 0.44 * r : 0.78 * r, cy = flat ? 0.80 * r : 0.40 * r;

  _kol_print_text (out, x + cx, y + cy, r * 0.12, KOL_PRINT_TEXT_END, "#1a1a1a", label);
}

/* The bleed: the tile's colour and its track carried past the cut line,
 * so that a cut a little outside it shows no white. */
static void
draw_bleed (GString          *out,
            const KolTileDef *tile,
            const TileGrid   *g,
            double            x,
            double            y)
{
  double s = g->r / KOL_SVG_HEX_RADIUS, run = g->grow * KOL_SQRT3 / 2 + 0.5;
  KolLayout layout = g->flat ? KOL_LAYOUT_FLAT : KOL_LAYOUT_POINTY;

  g_string_append (out, "<polygon points=\"");
  _kol_print_hex_points (out, g->flat, x, y, g->r + g->grow);
  _kol_print_svg (out, "\" fill=\"%s\"/>\n<path fill=\"none\" stroke=\"#000000\" stroke-width=\"%g\" d=\"",
                  kol_svg_color_fill (tile->color), KOL_SVG_TRACK_WIDTH * s);
  for (int p = 0; p < tile->n_paths; p++)
    for (int end = 0; end < 2 && tile->paths[p].track != KOL_TRACK_FUTURE; end++)
      {
        guint8 e = end == 0 ? tile->paths[p].a : tile->paths[p].b;
        double ex, ey, len;

        if (!KOL_PATH_IS_EDGE (e))
          continue;
        kol_svg_edge_point (layout, e, &ex, &ey);
        len = hypot (ex, ey);
        _kol_print_svg (out, "M%g,%gl%g,%g ", x + ex * s, y + ey * s, ex / len * run, ey / len * run);
      }
  g_string_append (out, "\"/>\n");
}

/* Ticks at the corners, in line with the edges' corners beyond the bleed:
 * where a punch or a knife goes. */
static void
draw_ticks (GString        *out,
            const TileGrid *g,
            double          x,
            double          y)
{
  double from = g->r + g->grow + 0.5 * KOL_PT_PER_MM, to = from + TICK_MM * KOL_PT_PER_MM;

  g_string_append (out, "<path fill=\"none\" stroke=\"#000000\" stroke-width=\"0.3\" d=\"");
  for (int k = 0; k < 6; k++)
    {
      double a = ((g->flat ? 0.0 : 30.0) + 60.0 * k) * G_PI / 180;

      _kol_print_svg (out, "M%g,%gL%g,%g ", x + from * cos (a), y + from * sin (a), x + to * cos (a),
                      y + to * sin (a));
    }
  g_string_append (out, "\"/>\n");
}

static void
draw_tile (KolPrintJob    *job,
           GString        *out,
           const TileGrid *g,
           guint           t,
           double          x,
           double          y)
{
  const KolTileDef *tile = &job->title->tiles[t];
  KolSvgOptions svg_opts;

  kol_svg_options_init (&svg_opts);
  svg_opts.language = kol_game_word_language ();
  svg_opts.flags |= KOL_SVG_NO_BACKGROUND;
  _kol_print_svg (out, "<g class=\"tile\" data-tile=\"%t\">\n", tile->id);
  if (g->bleed)
    draw_bleed (out, tile, g, x, y);
  _kol_print_svg (out, "<g transform=\"translate(%g %g) scale(%g)\">\n", x, y, g->r / KOL_SVG_HEX_RADIUS);
  kol_svg_append_tile (out, job->title, tile, 0, &svg_opts);
  g_string_append (out, "</g>\n");
  draw_tile_id (out, tile, g->flat, x, y, g->r);
  if (g->bleed)
    draw_ticks (out, g, x, y);
  else
    {
      /* the cut line, on the hex's edge (shared with the neighbours) */
      g_string_append (out, "<polygon fill=\"none\" stroke=\"#000000\" stroke-width=\"0.35\" points=\"");
      _kol_print_hex_points (out, g->flat, x, y, g->r);
      g_string_append (out, "\"/>\n");
    }
  g_string_append (out, "</g>\n");
}

static guint
grid_pages (const TileGrid *g,
            guint           n)
{
  guint per_page = g->cols * g->rows;

  return per_page == 0 ? G_MAXUINT : (n + per_page - 1) / per_page;
}

/* How full the emptiest page is, by rows. */
static double
least_fill (const TileGrid *g,
            guint           n)
{
  guint pages = grid_pages (g, n);
  double least = 1.0;

  for (guint p = 0; pages > 1 && p < pages; p++)
    {
      guint rows_used = (_kol_print_pieces_on_page (n, g->cols, g->rows, p) + g->cols - 1) / g->cols;

      least = MIN (least, (double) rows_used / g->rows);
    }
  return least;
}

/* Fewer pages, then a fuller emptiest page, then portrait. */
static void
choose_grid (KolPrintJob *job,
             TileGrid    *grid,
             guint        n)
{
  TileGrid other;

  plan_tiles (job, grid, job->opts.orientation == KOL_ORIENTATION_LANDSCAPE);
  if (job->opts.orientation != KOL_ORIENTATION_AUTO)
    return;
  plan_tiles (job, &other, TRUE);
  if (grid_pages (&other, n) < grid_pages (grid, n) ||
      (grid_pages (&other, n) == grid_pages (grid, n) && least_fill (&other, n) > least_fill (grid, n) + 1e-9))
    *grid = other;
}

gboolean
_kol_print_tiles_sheet (KolPrintJob        *job,
                        KolPrintSheetInfo  *info,
                        GError            **error)
{
  g_autoptr(GArray) copies = copies_in_order (job->title);
  TileGrid grid;
  guint index = 0;

  if (copies->len == 0)
    return TRUE;
  choose_grid (job, &grid, copies->len);
  if (grid.cols * grid.rows == 0)
    {
      g_set_error_literal (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("A tile does not fit on the paper."));
      return FALSE;
    }
  for (guint p = 0; index < copies->len; p++)
    {
      guint here = _kol_print_pieces_on_page (copies->len, grid.cols, grid.rows, p);
      KolPrintPage *page = _kol_print_page_new (job, KOL_PRINT_TILES, grid.landscape);

      _kol_print_add_page (job, page);
      for (guint slot = 0; slot < here; slot++, index++)
        {
          double x, y;

          tile_centre (&grid, slot, &x, &y);
          draw_tile (job, page->svg, &grid, g_array_index (copies, guint, index), x, y);
        }
      page->fill = (double) ((here + grid.cols - 1) / grid.cols) / grid.rows;
    }
  info->landscape = grid.landscape;
  return TRUE;
}

/* ---- the counts ------------------------------------------------------------------ */

static const char *
color_heading (KolColor color)
{
  switch (color)
    {
    case KOL_COLOR_YELLOW: return _("Yellow tiles");
    case KOL_COLOR_GREEN: return _("Green tiles");
    case KOL_COLOR_BROWN: return _("Brown tiles");
    case KOL_COLOR_GRAY: return _("Grey tiles");
    case KOL_COLOR_RED: return _("Red tiles");
    case KOL_COLOR_PURPLE: return _("Purple tiles");
    case KOL_COLOR_BLUE: return _("Blue tiles");
    case KOL_COLOR_WHITE:
    default: return _("White tiles");
    }
}

/* Lays the counts out at one size, counting pages, and drawing them when
 * @emit. */
typedef struct
{
  KolPrintJob  *job;
  gboolean      emit, landscape, flat;
  double        r;                 /* a picture's circumradius */
  double        item_w, item_h, heading_h;
  double        left, right, top, bottom;
  double        page_bottom;
  guint         short_page;        /* a page ended early, or G_MAXUINT */
  double        short_bottom;
  double        x, y;
  guint         pages;
  KolPrintPage *page;
} Flow;

static void
flow_page (Flow *f)
{
  f->pages++;
  f->x = f->left;
  f->y = f->top;
  f->bottom = f->pages - 1 == f->short_page ? f->short_bottom : f->page_bottom;
  if (!f->emit)
    return;
  f->page = _kol_print_page_new (f->job, KOL_PRINT_TILE_COUNTS, f->landscape);
  _kol_print_add_page (f->job, f->page);
}

static void
flow_heading (Flow       *f,
              const char *text)
{
  if (f->pages == 0 || f->y + f->heading_h + f->item_h > f->bottom + 0.01)
    flow_page (f);
  if (f->emit)
    _kol_print_text (f->page->svg, f->left, f->y + f->heading_h * 0.7, 10, KOL_PRINT_TEXT_BOLD, "#1a1a1a", text);
  f->y += f->heading_h;
  f->x = f->left;
}

static void
flow_item (Flow             *f,
           guint             t)
{
  const KolTileDef *tile = &f->job->title->tiles[t];
  KolSvgOptions svg_opts;

  if (f->x + f->item_w > f->right + 0.01)
    {
      f->x = f->left;
      f->y += f->item_h;
    }
  if (f->y + f->item_h > f->bottom + 0.01)
    flow_page (f);
  if (f->emit)
    {
      /* Translators: a tile's number and how many copies there are: "57 ×5"
       * (“∞” when unlimited). */
      g_autofree char *caption = tile->count < 0 ? g_strdup_printf (_("%s ×∞"), tile->id)
                                                 : g_strdup_printf (_("%s ×%d"), tile->id, tile->count);
      double cx = f->x + f->item_w / 2, cy = f->y + f->r * (f->flat ? KOL_SQRT3 / 2 : 1.0) + 2;

      kol_svg_options_init (&svg_opts);
      svg_opts.language = kol_game_word_language ();
      svg_opts.flags |= KOL_SVG_NO_BACKGROUND;
      _kol_print_svg (f->page->svg, "<g class=\"count\" data-tile=\"%t\">\n<g transform=\"translate(%g %g) scale(%g)\">\n",
                      tile->id, cx, cy, f->r / KOL_SVG_HEX_RADIUS);
      kol_svg_append_tile (f->page->svg, f->job->title, tile, 0, &svg_opts);
      g_string_append (f->page->svg, "</g>\n");
      _kol_print_text (f->page->svg, cx, f->y + f->item_h - 4, 8, KOL_PRINT_TEXT_MIDDLE | KOL_PRINT_TEXT_BOLD,
                       "#1a1a1a", caption);
      g_string_append (f->page->svg, "</g>\n");
    }
  f->x += f->item_w;
}

static void
flow_counts (Flow *f)
{
  KolColor order[KOL_N_COLORS];
  const KolTitle *title = f->job->title;
  int n_order = sheet_colors (title, order);

  for (int i = 0; i < n_order; i++)
    {
      int kinds = 0, copies = 0;

      for (guint t = 0; t < title->n_manifest_tiles; t++)
        if (title->tiles[t].color == order[i])
          {
            kinds++;
            copies += copies_of (&title->tiles[t]);
          }
      if (kinds == 0)
        continue;
      {
        /* Translators: a heading of the tile counts: a colour's tiles
         * (“Yellow tiles”), then how many tiles of that colour there are. */
        g_autofree char *heading = g_strdup_printf (ngettext ("%s: %d tile", "%s: %d tiles", copies),
                                                    color_heading (order[i]), copies);

        flow_heading (f, heading);
      }
      for (guint t = 0; t < title->n_manifest_tiles; t++)
        if (title->tiles[t].color == order[i])
          flow_item (f, t);
      f->y += f->item_h;
    }
}

static void
flow_init (Flow        *f,
           KolPrintJob *job,
           gboolean     landscape,
           double       across_mm,
           gboolean     emit)
{
  double pw, ph;

  memset (f, 0, sizeof *f);
  _kol_print_printable (job, landscape, &pw, &ph);
  f->job = job;
  f->emit = emit;
  f->landscape = landscape;
  f->flat = job->title->grid.layout == KOL_LAYOUT_FLAT;
  f->r = across_mm * KOL_PT_PER_MM / KOL_SQRT3;
  f->item_w = (f->flat ? 2 * f->r : KOL_SQRT3 * f->r) + 4 * KOL_PT_PER_MM;
  f->item_h = (f->flat ? KOL_SQRT3 * f->r : 2 * f->r) + 16;
  f->heading_h = 18;
  f->left = job->margin;
  f->right = job->margin + pw;
  f->top = job->margin;
  f->bottom = f->page_bottom = job->margin + ph;
  f->short_page = G_MAXUINT;
}

static guint
count_pages (KolPrintJob *job,
             gboolean     landscape,
             double       across_mm)
{
  Flow f;

  flow_init (&f, job, landscape, across_mm, FALSE);
  flow_counts (&f);
  return f.pages;
}

/* The largest size that needs no more pages than the smallest, in the
 * orientation that needs fewer. */
static void
choose_counts_size (KolPrintJob *job,
                    gboolean    *landscape,
                    double      *across_mm)
{
  guint least;

  *landscape = job->opts.orientation == KOL_ORIENTATION_LANDSCAPE;
  least = count_pages (job, *landscape, COUNT_MIN_MM);
  if (job->opts.orientation == KOL_ORIENTATION_AUTO && count_pages (job, TRUE, COUNT_MIN_MM) < least)
    {
      *landscape = TRUE;
      least = count_pages (job, TRUE, COUNT_MIN_MM);
    }
  for (*across_mm = COUNT_MAX_MM; *across_mm > COUNT_MIN_MM; *across_mm -= 1.0)
    if (count_pages (job, *landscape, *across_mm) <= least)
      return;
}

gboolean
_kol_print_counts_sheet (KolPrintJob        *job,
                         KolPrintSheetInfo  *info,
                         GError            **error)
{
  Flow f, plan;
  gboolean landscape;
  double across_mm;

  if (job->title->n_manifest_tiles == 0)
    return TRUE;
  choose_counts_size (job, &landscape, &across_mm);
  flow_init (&plan, job, landscape, across_mm, FALSE);
  flow_counts (&plan);
  flow_init (&f, job, landscape, across_mm, TRUE);
  /* a sliver on the last page: the page before ends half way */
  if (plan.pages > 1 && (plan.y - plan.top) / (plan.page_bottom - plan.top) < KOL_PRINT_SLIVER)
    {
      f.short_page = plan.pages - 2;
      f.short_bottom = f.top + (plan.page_bottom - plan.top + plan.y - plan.top) / 2 + plan.item_h;
    }
  flow_counts (&f);
  if (f.pages > 1)
    {
      KolPrintPage *before = g_ptr_array_index (job->pages, job->pages->len - 2);

      f.page->fill = (f.y - f.top) / (f.page_bottom - f.top);
      if (f.short_page != G_MAXUINT)
        before->fill = (f.short_bottom - f.top) / (f.page_bottom - f.top);
    }
  info->landscape = landscape;
  return TRUE;
}
