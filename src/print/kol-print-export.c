/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "kol-engine.h"
#include "kol-print-export.h"
#include "kol-svg-market.h"
#include "kol-game-words.h"
#include "kol-svg-renderer.h"

/*
 * Pages are laid out in points (1/72 inch), the unit of PDF and of cairo's
 * print surfaces. The model's SVG pictures are drawn by librsvg into
 * viewports sized so that a hex measures exactly what was asked across its
 * flats.
 */

G_DEFINE_QUARK (kol-print-error-quark, kol_print_error)

#define PT_PER_MM (72.0 / 25.4)
#define SQRT3 1.7320508075688772
#define TILE_GAP_MM 3.0
#define HEADING_MM 8.0
#define CROSS_MM 3.0
#define FOOTER_PT 7.0

typedef struct
{
  guint  page;
  double x, y;     /* centre of the hex on the page */
  guint  tile;     /* manifest tile index */
} TilePlace;

typedef struct
{
  guint  page;
  double x, y;     /* baseline start */
  char  *text;
} Heading;

struct _KolPrintJob
{
  KolPrintOptions opts;
  char           *language;
  GStrv           options;
  KolTitle       *title;
  char           *title_name;
  double          page_w, page_h, margin;
  guint           n_pages;

  /* the map or the market: one picture over cols × rows pages */
  RsvgHandle     *picture;
  double          pic_w, pic_h;
  guint           cols, rows;
  double          step_x, step_y, overlap, fit_scale;

  /* the tile sheet */
  double          hex_r;
  GPtrArray      *tile_pictures;   /* RsvgHandle* per manifest tile, or NULL */
  GArray         *places;          /* TilePlace */
  GPtrArray      *headings;        /* Heading* */
};

/**
 * kol_print_options_init:
 * @opts: options to fill
 *
 * The defaults: the map on A4 portrait at real scale, hexes 38 mm across
 * the flats, 10 mm margins and overlap, market cells 18 mm wide.
 */
void
kol_print_options_init (KolPrintOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->what = KOL_PRINT_MAP;
  opts->paper = KOL_PAPER_A4;
  opts->hex_mm = 38.0;
  opts->margin_mm = 10.0;
  opts->overlap_mm = 10.0;
  opts->market_cell_mm = 18.0;
}

/**
 * kol_print_paper_from_string:
 * @name: "a4", "a3" or "letter" (any case)
 * @paper: (out): the paper
 *
 * Returns: whether @name is a known paper
 */
gboolean
kol_print_paper_from_string (const char *name,
                             KolPaper   *paper)
{
  static const struct { const char *name; KolPaper paper; } papers[] = {
    { "a4", KOL_PAPER_A4 }, { "a3", KOL_PAPER_A3 }, { "letter", KOL_PAPER_LETTER },
  };

  for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (papers); i++)
    if (g_ascii_strcasecmp (name, papers[i].name) == 0)
      {
        *paper = papers[i].paper;
        return TRUE;
      }
  return FALSE;
}

static void
paper_size (KolPaper  paper,
            gboolean  landscape,
            double   *w,
            double   *h)
{
  switch (paper)
    {
    case KOL_PAPER_A3:
      *w = 297 * PT_PER_MM, *h = 420 * PT_PER_MM;
      break;
    case KOL_PAPER_LETTER:
      *w = 612, *h = 792;
      break;
    case KOL_PAPER_A4:
    default:
      *w = 210 * PT_PER_MM, *h = 297 * PT_PER_MM;
    }
  if (landscape)
    {
      double t = *w;

      *w = *h;
      *h = t;
    }
}

static void
heading_free (Heading *heading)
{
  g_free (heading->text);
  g_free (heading);
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
  g_clear_object (&job->picture);
  g_clear_pointer (&job->tile_pictures, g_ptr_array_unref);
  g_clear_pointer (&job->places, g_array_unref);
  g_clear_pointer (&job->headings, g_ptr_array_unref);
  g_clear_pointer (&job->title, kol_title_free);
  g_free (job->title_name);
  g_free (job->language);
  g_strfreev (job->options);
  g_free (job);
}

static const char *
pick (const KolText *text,
      const char    *language)
{
  const char *picked = kol_game_word_text_in (text, language);

  return picked != NULL ? picked : "";
}

static RsvgHandle *
load_svg (const char  *svg,
          GError     **error)
{
  g_autoptr(GError) local = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &local);

  if (handle == NULL)
    {
      /* Translators: %s is librsvg's message. */
      g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("Cannot draw the picture: %s"),
                   local->message);
      return NULL;
    }
  rsvg_handle_set_dpi (handle, 72.0);
  return handle;
}

/* ---- map and market: one picture over several pages ------------------------- */

static char *
map_svg (KolPrintJob  *job,
         GError      **error)
{
  g_autoptr(KolEngine) engine = kol_engine_new (job->title, job->title->n_players, NULL, NULL, 1, error);
  KolSvgOptions svg_opts;

  if (engine == NULL)
    return NULL;
  kol_svg_options_init (&svg_opts);
  svg_opts.hex_size = job->hex_r;
  svg_opts.language = job->language;
  svg_opts.flags |= KOL_SVG_AXES | KOL_SVG_INITIAL_TOKENS;
  return kol_svg_render_board (engine, &svg_opts, NULL, NULL);
}

static char *
market_svg (KolPrintJob      *job,
            KolTitleDocument *doc)
{
  JsonNode *market = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, "$.market");
  double cell = job->opts.market_cell_mm * PT_PER_MM;

  return kol_svg_render_market (market != NULL && JSON_NODE_HOLDS_OBJECT (market) ? json_node_get_object (market)
                                                                                 : NULL,
                                job->language, cell / KOL_SVG_MARKET_CELL);
}

static guint
pages_along (double  length,
             double  printable,
             double  overlap)
{
  if (length <= printable)
    return 1;
  return (guint) ceil ((length - overlap) / (printable - overlap) - 1e-9);
}

static gboolean
layout_picture (KolPrintJob  *job,
                const char   *svg,
                GError      **error)
{
  double pw = job->page_w - 2 * job->margin, ph = job->page_h - 2 * job->margin;

  if ((job->picture = load_svg (svg, error)) == NULL)
    return FALSE;
  if (!rsvg_handle_get_intrinsic_size_in_pixels (job->picture, &job->pic_w, &job->pic_h)
      || job->pic_w <= 0 || job->pic_h <= 0)
    {
      g_set_error_literal (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("The picture has no size"));
      return FALSE;
    }
  job->overlap = CLAMP (job->opts.overlap_mm * PT_PER_MM, 0, MIN (pw, ph) / 2);
  if (job->opts.fit)
    {
      job->cols = job->rows = 1;
      job->fit_scale = MIN (pw / job->pic_w, ph / job->pic_h);
    }
  else
    {
      job->cols = pages_along (job->pic_w, pw, job->overlap);
      job->rows = pages_along (job->pic_h, ph, job->overlap);
      job->step_x = pw - job->overlap;
      job->step_y = ph - job->overlap;
    }
  job->n_pages = job->cols * job->rows;
  return TRUE;
}

/* A registration mark: pages sharing an overlap show it at the same place
 * of the picture, so that they are glued by lining the marks up. */
static void
draw_cross (cairo_t *cr,
            double   x,
            double   y)
{
  double arm = CROSS_MM * PT_PER_MM;

  cairo_new_path (cr);
  cairo_move_to (cr, x - arm, y);
  cairo_line_to (cr, x + arm, y);
  cairo_move_to (cr, x, y - arm);
  cairo_line_to (cr, x, y + arm);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, arm / 2, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
draw_registration (KolPrintJob *job,
                   cairo_t     *cr)
{
  double pw = job->page_w - 2 * job->margin, ph = job->page_h - 2 * job->margin;

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.5);
  for (guint k = 1; k < job->cols; k++)
    for (guint r = 0; r < job->rows; r++)
      draw_cross (cr, k * job->step_x + job->overlap / 2, r * job->step_y + ph / 2);
  for (guint k = 1; k < job->rows; k++)
    for (guint c = 0; c < job->cols; c++)
      draw_cross (cr, c * job->step_x + pw / 2, k * job->step_y + job->overlap / 2);
}

static void
line (cairo_t *cr,
      double   x0,
      double   y0,
      double   x1,
      double   y1)
{
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
}

/* Dashed lines where the neighbouring page's part begins. */
static void
draw_overlap_lines (KolPrintJob *job,
                    cairo_t     *cr,
                    guint        row,
                    guint        col)
{
  double m = job->margin, pw = job->page_w - 2 * m, ph = job->page_h - 2 * m, ov = job->overlap;
  const double dash[] = { 3.0, 3.0 };

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 0.4);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  if (col > 0)
    line (cr, m + ov, m, m + ov, m + ph);
  if (col + 1 < job->cols)
    line (cr, m + pw - ov, m, m + pw - ov, m + ph);
  if (row > 0)
    line (cr, m, m + ov, m + pw, m + ov);
  if (row + 1 < job->rows)
    line (cr, m, m + ph - ov, m + pw, m + ph - ov);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_footer (KolPrintJob *job,
             cairo_t     *cr,
             const char  *text)
{
  cairo_save (cr);
  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, FOOTER_PT);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_move_to (cr, job->margin, job->page_h - job->margin / 2);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

static const char *
what_name (KolPrintWhat what)
{
  switch (what)
    {
    case KOL_PRINT_TILES:
      /* Translators: what a printed page shows, in its footer. */
      return _("tiles");
    case KOL_PRINT_MARKET:
      /* Translators: what a printed page shows, in its footer. */
      return _("stock market");
    case KOL_PRINT_MAP:
    default:
      /* Translators: what a printed page shows, in its footer. */
      return _("map");
    }
}

static char *
page_footer (KolPrintJob *job,
             guint        page)
{
  /* Translators: a printed page's footer: the title's name, what the page
   * shows (map, tiles, stock market), the page number and the page count. */
  g_autofree char *base = g_strdup_printf (_("%1$s — %2$s — page %3$u of %4$u"), job->title_name,
                                           what_name (job->opts.what), page + 1, job->n_pages);

  if (job->picture != NULL && job->opts.fit && job->opts.what == KOL_PRINT_MAP)
    /* Translators: added to the footer of a map fitted to the paper; %.1f
     * is the printed width of a hex across the flats, in millimetres. */
    return g_strdup_printf (_("%s — fitted to the page, hexes %.1f mm"), base, job->opts.hex_mm * job->fit_scale);
  if (job->picture != NULL && job->opts.fit)
    /* Translators: added to the footer of a page fitted to the paper. */
    return g_strdup_printf (_("%s — fitted to the page"), base);
  if (job->picture != NULL && job->n_pages > 1)
    /* Translators: added to a page's footer: where the page goes among the
     * others, counted from the top left. */
    return g_strdup_printf (_("%s — row %u, column %u"), base, page / job->cols + 1, page % job->cols + 1);
  return g_steal_pointer (&base);
}

static gboolean
render_picture (RsvgHandle  *handle,
                cairo_t     *cr,
                double       x,
                double       y,
                double       w,
                double       h,
                GError     **error)
{
  RsvgRectangle viewport = { x, y, w, h };
  g_autoptr(GError) local = NULL;

  if (!rsvg_handle_render_document (handle, cr, &viewport, &local))
    {
      g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("Cannot draw the picture: %s"),
                   local->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
draw_picture_page (KolPrintJob  *job,
                   cairo_t      *cr,
                   guint         page,
                   GError      **error)
{
  double m = job->margin, pw = job->page_w - 2 * m, ph = job->page_h - 2 * m;
  guint row = page / job->cols, col = page % job->cols;
  gboolean ok;

  cairo_save (cr);
  cairo_rectangle (cr, m, m, pw, ph);
  cairo_clip (cr);
  if (job->opts.fit)
    {
      cairo_translate (cr, m + (pw - job->pic_w * job->fit_scale) / 2, m + (ph - job->pic_h * job->fit_scale) / 2);
      cairo_scale (cr, job->fit_scale, job->fit_scale);
    }
  else
    cairo_translate (cr, m - col * job->step_x, m - row * job->step_y);
  ok = render_picture (job->picture, cr, 0, 0, job->pic_w, job->pic_h, error);
  if (ok && !job->opts.fit)
    draw_registration (job, cr);
  cairo_restore (cr);
  if (ok && !job->opts.fit)
    draw_overlap_lines (job, cr, row, col);
  return ok;
}

/* ---- the tile sheet ------------------------------------------------------------ */

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

typedef struct
{
  KolPrintJob *job;
  double       w, h, gap;
  double       x, y;
  guint        page;
} Cursor;

static void
cursor_new_page (Cursor *cur)
{
  cur->page++;
  cur->x = cur->job->margin;
  cur->y = cur->job->margin;
}

static void
place_heading (Cursor     *cur,
               KolColor    color,
               int         copies)
{
  KolPrintJob *job = cur->job;
  double bottom = job->page_h - job->margin;
  Heading *heading = g_new0 (Heading, 1);

  if (cur->y + HEADING_MM * PT_PER_MM + cur->h > bottom)
    cursor_new_page (cur);
  heading->page = cur->page;
  heading->x = job->margin;
  heading->y = cur->y + HEADING_MM * PT_PER_MM * 0.65;
  /* Translators: a heading of the printed tile sheet: e.g. “Yellow tiles”,
   * then how many tiles of that colour are printed. */
  heading->text = g_strdup_printf (ngettext ("%s: %d tile", "%s: %d tiles", copies), color_heading (color), copies);
  g_ptr_array_add (job->headings, heading);
  cur->y += HEADING_MM * PT_PER_MM;
  cur->x = job->margin;
}

static void
place_copy (Cursor *cur,
            guint   tile)
{
  KolPrintJob *job = cur->job;
  TilePlace place;

  if (cur->x + cur->w > job->page_w - job->margin + 0.01)
    {
      cur->x = job->margin;
      cur->y += cur->h + cur->gap;
    }
  if (cur->y + cur->h > job->page_h - job->margin + 0.01)
    cursor_new_page (cur);
  place.page = cur->page;
  place.x = cur->x + cur->w / 2;
  place.y = cur->y + cur->h / 2;
  place.tile = tile;
  g_array_append_val (job->places, place);
  cur->x += cur->w + cur->gap;
}

static gboolean
load_tile_pictures (KolPrintJob  *job,
                    GError      **error)
{
  KolSvgOptions svg_opts;

  kol_svg_options_init (&svg_opts);
  svg_opts.hex_size = job->hex_r;
  svg_opts.language = job->language;
  svg_opts.flags |= KOL_SVG_NO_BACKGROUND;
  job->tile_pictures = g_ptr_array_new_with_free_func ((GDestroyNotify) g_object_unref);
  for (guint t = 0; t < job->title->n_manifest_tiles; t++)
    {
      g_autofree char *svg = kol_svg_render_tile (job->title, (int) t, 0, &svg_opts);
      RsvgHandle *handle = load_svg (svg, error);

      if (handle == NULL)
        return FALSE;
      g_ptr_array_add (job->tile_pictures, handle);
    }
  return TRUE;
}

static gboolean
layout_tiles (KolPrintJob  *job,
              GError      **error)
{
  KolColor order[KOL_N_COLORS];
  int n_order = sheet_colors (job->title, order);
  gboolean flat = job->title->grid.layout == KOL_LAYOUT_FLAT;
  Cursor cur = { job, 0 };

  if (!load_tile_pictures (job, error))
    return FALSE;
  cur.w = flat ? 2 * job->hex_r : SQRT3 * job->hex_r;
  cur.h = flat ? SQRT3 * job->hex_r : 2 * job->hex_r;
  cur.gap = TILE_GAP_MM * PT_PER_MM;
  cur.x = cur.y = job->margin;
  for (int i = 0; i < n_order; i++)
    {
      int copies = 0;

      for (guint t = 0; t < job->title->n_manifest_tiles; t++)
        if (job->title->tiles[t].color == order[i])
          copies += copies_of (&job->title->tiles[t]);
      if (copies == 0)
        continue;
      place_heading (&cur, order[i], copies);
      for (guint t = 0; t < job->title->n_manifest_tiles; t++)
        for (int k = 0; job->title->tiles[t].color == order[i] && k < copies_of (&job->title->tiles[t]); k++)
          place_copy (&cur, t);
      cur.y += cur.h + cur.gap;
    }
  job->n_pages = job->places->len > 0 ? cur.page + 1 : 1;
  return TRUE;
}

static void
hex_outline (cairo_t  *cr,
             gboolean  flat,
             double    x,
             double    y,
             double    r)
{
  cairo_new_path (cr);
  for (int k = 0; k < 6; k++)
    {
      double angle = (flat ? 0.0 : 30.0) + 60.0 * k;
      double px = x + r * cos (angle * G_PI / 180), py = y + r * sin (angle * G_PI / 180);

      if (k == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/* The tile's number in a corner, where no track runs, so that a cut tile
 * still says which it is ("∞" marks the one copy printed of an unlimited
 * tile). */
static void
draw_tile_id (cairo_t          *cr,
              const KolTileDef *tile,
              gboolean          flat,
              double            x,
              double            y,
              double            r)
{
  g_autofree char *label = tile->count < 0 ? g_strdup_printf ("%s ∞", tile->id) : g_strdup (tile->id);
  cairo_text_extents_t extents;
  double cx = flat ? 0.44 * r : 0.78 * r, cy = flat ? 0.80 * r : 0.40 * r;

  cairo_save (cr);
  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, r * 0.12);
  cairo_text_extents (cr, label, &extents);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x + cx - extents.x_advance, y + cy);
  cairo_show_text (cr, label);
  cairo_restore (cr);
}

static gboolean
draw_tile_copy (KolPrintJob      *job,
                cairo_t          *cr,
                const TilePlace  *place,
                GError          **error)
{
  RsvgHandle *handle = g_ptr_array_index (job->tile_pictures, place->tile);
  gboolean flat = job->title->grid.layout == KOL_LAYOUT_FLAT;
  gboolean has_width, has_height, has_viewbox;
  RsvgLength width, height;
  RsvgRectangle viewbox;
  double units = job->hex_r / KOL_SVG_HEX_RADIUS, w, h;

  rsvg_handle_get_intrinsic_dimensions (handle, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
  if (!has_viewbox)
    {
      g_set_error_literal (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_RENDER, _("The picture has no size"));
      return FALSE;
    }
  w = viewbox.width * units;
  h = viewbox.height * units;
  if (!render_picture (handle, cr, place->x - w / 2, place->y - h / 2, w, h, error))
    return FALSE;
  draw_tile_id (cr, &job->title->tiles[place->tile], flat, place->x, place->y, job->hex_r);
  /* the cut line, on the hex's edge */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.35);
  hex_outline (cr, flat, place->x, place->y, job->hex_r);
  cairo_stroke (cr);
  return TRUE;
}

static gboolean
draw_tiles_page (KolPrintJob  *job,
                 cairo_t      *cr,
                 guint         page,
                 GError      **error)
{
  cairo_save (cr);
  cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 11);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint i = 0; i < job->headings->len; i++)
    {
      Heading *heading = g_ptr_array_index (job->headings, i);

      if (heading->page != page)
        continue;
      cairo_move_to (cr, heading->x, heading->y);
      cairo_show_text (cr, heading->text);
    }
  cairo_restore (cr);
  for (guint i = 0; i < job->places->len; i++)
    {
      const TilePlace *place = &g_array_index (job->places, TilePlace, i);

      if (place->page == page && !draw_tile_copy (job, cr, place, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- the job -------------------------------------------------------------------- */

/**
 * kol_print_job_new:
 * @doc: the title, as it is now (unsaved edits included)
 * @opts: what and how to print
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Loads the title for the configuration of @opts and lays out the pages.
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
  g_autofree char *svg = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), NULL);
  g_return_val_if_fail (opts != NULL && opts->hex_mm > 0, NULL);

  job->opts = *opts;
  job->language = g_strdup (opts->language);
  job->options = g_strdupv ((char **) opts->options);
  job->opts.language = job->language;
  job->opts.options = (const char * const *) job->options;
  if ((job->title = kol_title_document_load_title (doc, opts->n_players, opts->options, &local)) == NULL)
    {
      /* Translators: %s says why the title does not load. */
      g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_TITLE, _("The title cannot be printed: %s"),
                   local->message);
      return NULL;
    }
  job->title_name = g_strdup (pick (&job->title->name, job->language));
  paper_size (opts->paper, opts->landscape, &job->page_w, &job->page_h);
  job->margin = MAX (opts->margin_mm, 5.0) * PT_PER_MM;
  job->hex_r = opts->hex_mm * PT_PER_MM / SQRT3;
  job->places = g_array_new (FALSE, FALSE, sizeof (TilePlace));
  job->headings = g_ptr_array_new_with_free_func ((GDestroyNotify) heading_free);

  if (opts->what == KOL_PRINT_TILES)
    return layout_tiles (job, error) ? g_steal_pointer (&job) : NULL;
  svg = opts->what == KOL_PRINT_MARKET ? market_svg (job, doc) : map_svg (job, error);
  if (svg == NULL || !layout_picture (job, svg, error))
    return NULL;
  return g_steal_pointer (&job);
}

/**
 * kol_print_job_get_n_pages:
 * @job: a job
 *
 * Returns: how many pages it prints
 */
guint
kol_print_job_get_n_pages (KolPrintJob *job)
{
  g_return_val_if_fail (job != NULL, 0);

  return job->n_pages;
}

/**
 * kol_print_job_get_page_size:
 * @job: a job
 * @width_pt: (out): the paper's width in points
 * @height_pt: (out): its height
 */
void
kol_print_job_get_page_size (KolPrintJob *job,
                             double      *width_pt,
                             double      *height_pt)
{
  g_return_if_fail (job != NULL);

  *width_pt = job->page_w;
  *height_pt = job->page_h;
}

/**
 * kol_print_job_draw_page:
 * @job: a job
 * @cr: a cairo context whose user space is the page in points, (0, 0) at
 *   the paper's top left corner
 * @page: a page index
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Draws one page: its part of the picture with the overlap and registration
 * marks, or its tiles with their cut lines, and the footer.
 *
 * Returns: whether the page was drawn
 */
gboolean
kol_print_job_draw_page (KolPrintJob  *job,
                         cairo_t      *cr,
                         guint         page,
                         GError      **error)
{
  g_autofree char *footer = NULL;
  gboolean ok;

  g_return_val_if_fail (job != NULL && cr != NULL, FALSE);
  g_return_val_if_fail (page < job->n_pages, FALSE);

  ok = job->picture != NULL ? draw_picture_page (job, cr, page, error) : draw_tiles_page (job, cr, page, error);
  footer = page_footer (job, page);
  draw_footer (job, cr, footer);
  return ok;
}

/* ---- files ------------------------------------------------------------------------ */

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  return g_output_stream_write_all (closure, data, length, NULL, NULL, NULL) ? CAIRO_STATUS_SUCCESS
                                                                             : CAIRO_STATUS_WRITE_ERROR;
}

static gboolean
write_failed (const char  *filename,
              const char  *reason,
              GError     **error)
{
  /* Translators: %s is a file name, the second %s what went wrong. */
  g_set_error (error, KOL_PRINT_ERROR, KOL_PRINT_ERROR_WRITE, _("Cannot write “%s”: %s"), filename, reason);
  return FALSE;
}

static gboolean
draw_pages (KolPrintJob      *job,
            cairo_surface_t  *surface,
            guint             first,
            guint             last,
            GError          **error)
{
  cairo_t *cr = cairo_create (surface);
  gboolean ok = TRUE;

  for (guint page = first; ok && page <= last; page++)
    {
      ok = kol_print_job_draw_page (job, cr, page, error);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  return ok;
}

/* Writes pages @first..@last into @filename, replaced atomically when the
 * stream closes. */
static gboolean
write_file (KolPrintJob     *job,
            KolPrintFormat   format,
            const char      *filename,
            guint            first,
            guint            last,
            GError         **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (filename);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) local = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean ok;

  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, &local);
  if (stream == NULL)
    return write_failed (filename, local->message, error);
  if (format == KOL_PRINT_FORMAT_PDF)
    {
      surface = cairo_pdf_surface_create_for_stream (write_to_stream, stream, job->page_w, job->page_h);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, job->title_name);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Koleya");
    }
  else
    {
      surface = cairo_svg_surface_create_for_stream (write_to_stream, stream, job->page_w, job->page_h);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
    }
  ok = draw_pages (job, surface, first, last, error);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (ok && status != CAIRO_STATUS_SUCCESS)
    ok = write_failed (filename, cairo_status_to_string (status), error);
  if (!ok)
    {
      g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, NULL);
      g_file_delete (file, NULL, NULL);
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &local))
    return write_failed (filename, local->message, error);
  return TRUE;
}

/* "map.svg" → "map-2.svg": one SVG file per page. */
static char *
page_filename (const char *filename,
               guint       page)
{
  const char *dot = strrchr (filename, '.');
  const char *slash = strrchr (filename, G_DIR_SEPARATOR);

  if (dot == NULL || (slash != NULL && dot < slash))
    return g_strdup_printf ("%s-%u", filename, page + 1);
  return g_strdup_printf ("%.*s-%u%s", (int) (dot - filename), filename, page + 1, dot);
}

/**
 * kol_print_job_write:
 * @job: a job
 * @format: PDF (every page in one file) or SVG (one file per page: with
 *   several pages, "-1", "-2"… go before the extension)
 * @filename: the file to write, replaced atomically
 * @error: return location for a #KOL_PRINT_ERROR
 *
 * Returns: (transfer full) (nullable): the files written
 */
GStrv
kol_print_job_write (KolPrintJob     *job,
                     KolPrintFormat   format,
                     const char      *filename,
                     GError         **error)
{
  g_autoptr(GStrvBuilder) files = g_strv_builder_new ();

  g_return_val_if_fail (job != NULL && filename != NULL, NULL);

  if (format == KOL_PRINT_FORMAT_PDF || job->n_pages == 1)
    {
      if (!write_file (job, format, filename, 0, job->n_pages - 1, error))
        return NULL;
      g_strv_builder_add (files, filename);
      return g_strv_builder_end (files);
    }
  for (guint page = 0; page < job->n_pages; page++)
    {
      g_autofree char *name = page_filename (filename, page);

      if (!write_file (job, format, name, page, page, error))
        return NULL;
      g_strv_builder_add (files, name);
    }
  return g_strv_builder_end (files);
}
