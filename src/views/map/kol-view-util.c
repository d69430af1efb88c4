/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-view-util.h"

/**
 * kol_view_language:
 *
 * The language title data is shown in: "ru" when the user's first
 * language with data is Russian, else "en". Title data has only these two
 * (names and rules are `{"en": …, "ru": …}` maps).
 *
 * Returns: (transfer none): "ru" or "en"
 */
const char *
kol_view_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      if (g_str_has_prefix (names[i], "ru"))
        return "ru";
      if (g_str_has_prefix (names[i], "en") || g_str_equal (names[i], "C") ||
          g_str_equal (names[i], "POSIX"))
        return "en";
    }
  return "en";
}

/**
 * kol_view_pick_text:
 * @text: (nullable): a text of the title data
 *
 * Returns: (transfer none) (nullable): its Russian form for a Russian user
 *   when there is one, else the English one
 */
const char *
kol_view_pick_text (const KolText *text)
{
  if (text == NULL)
    return NULL;
  if (g_str_equal (kol_view_language (), "ru") && text->ru != NULL && text->ru[0] != '\0')
    return text->ru;
  return text->en;
}

/* ----------------------------------------------------------------- terms */

typedef struct
{
  KolViewTerm term;
  const char *key;     /* the id in game.json "terms" */
  const char *text;    /* the usual word, msgctxt "term" */
} Term;

/* The usual 18xx words, for titles whose rulebook says nothing else; a
 * title's own words are in its game.json "terms" (data/games/README.md).
 * Indexed by KolViewTerm. */
static const Term terms[] = {
  { KOL_TERM_STOCK_MARKET, "stock_market", NC_("term", "Stock Market") },
  /* Translators: what a location on the map earns. */
  { KOL_TERM_REVENUE, "revenue", NC_("term", "Revenue") },
  { KOL_TERM_CELL_PAR, "cell_par", NC_("term", "Par value") },
  { KOL_TERM_CELL_PAR_2, "cell_par_2", NC_("term", "Second par value") },
  { KOL_TERM_CELL_PHASE_ZONE, "cell_phase_zone", NC_("term", "Reached in a later phase") },
  { KOL_TERM_CELL_END, "cell_end", NC_("term", "Game ends") },
  { KOL_TERM_CELL_CLOSE, "cell_close", NC_("term", "Company closes") },
  { KOL_TERM_CELL_BLOCKED, "cell_blocked", NC_("term", "Blocked") },
  { KOL_TERM_PRICE_MOVES, "price_moves", NC_("term", "Share price after dividends") },
  { KOL_TERM_COMPANIES, "companies", NC_("term", "Companies") },
  { KOL_TERM_CHARTERS, "charters", NC_("term", "Charters") },
  { KOL_TERM_PRIVATE_COMPANIES, "private_companies", NC_("term", "Private companies") },
  /* Translators: a company's cash. */
  { KOL_TERM_TREASURY, "treasury", NC_("term", "Treasury") },
  { KOL_TERM_PRESIDENT, "president", NC_("term", "President") },
  { KOL_TERM_TRAINS, "trains", NC_("term", "Trains") },
  { KOL_TERM_SHARE_PRICE, "share_price", NC_("term", "Share price") },
  { KOL_TERM_PAR, "par", NC_("term", "Par value") },
  /* Translators: where a company's unsold shares are: "20% unsold". */
  { KOL_TERM_IPO_SHARES, "ipo_shares", NC_("term", "unsold") },
  /* Translators: shares in the pool: "10% in the bank pool". */
  { KOL_TERM_IN_POOL, "in_pool", NC_("term", "in the bank pool") },
  { KOL_TERM_POOL, "pool", NC_("term", "Bank pool") },
  { KOL_TERM_STATION_MARKERS, "station_markers", NC_("term", "Station markers") },
  { KOL_TERM_LOANS, "loans", NC_("term", "Loans") },
  /* Translators: a company's loans. */
  { KOL_TERM_COMPANY_LOANS, "company_loans", NC_("term", "Company loans") },
  { KOL_TERM_NET_WORTH, "net_worth", NC_("term", "Net worth") },
  { KOL_TERM_PRIORITY_DEAL, "priority_deal", NC_("term", "Priority deal") },
  { KOL_TERM_BANK, "bank", NC_("term", "Bank") },
  { KOL_TERM_AVAILABLE_TRAINS, "available_trains", NC_("term", "Available trains") },
  { KOL_TERM_FUTURE_TRAINS, "future_trains", NC_("term", "Future trains") },
  { KOL_TERM_PHASES, "phases", NC_("term", "Phases") },
  { KOL_TERM_ROUND_TRACK, "round_track", NC_("term", "Rounds") },
  { KOL_TERM_OPERATING_ORDER, "operating_order", NC_("term", "Operating order") },
  /* Translators: companies that another company owns. */
  { KOL_TERM_SUBSIDIARIES, "subsidiaries", NC_("term", "Owned companies") },
  /* Translators: what a company owned by another keeps of its revenue. */
  { KOL_TERM_REVENUE_PILE, "revenue_pile", NC_("term", "Revenue kept") },
  /* Translators: what the final score takes off besides cash, shares and
   * private companies. */
  { KOL_TERM_SCORE_ADJUSTMENTS, "score_adjustments", NC_("term", "Penalties") },
  { KOL_TERM_TRAIN_LIMIT, "train_limit", NC_("term", "Train limit") },
  { KOL_TERM_OPERATING_ROUNDS, "operating_rounds", NC_("term", "Operating rounds") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (terms) == KOL_N_TERMS);

/**
 * kol_view_term_key:
 * @term: a term
 *
 * Returns: (transfer none): the id of @term in game.json "terms"
 */
const char *
kol_view_term_key (KolViewTerm term)
{
  g_return_val_if_fail (term < KOL_N_TERMS, "");
  g_assert (terms[term].term == term);
  return terms[term].key;
}

/**
 * kol_view_term_id:
 * @title: (nullable): the title shown
 * @id: a term id of game.json "terms" ("marker_e_token")
 * @fallback: (nullable): what to say when the title has no such term
 *
 * For the words that only some titles have (their markers).
 *
 * Returns: (transfer none) (nullable): the title's word for @id in the
 *   user's language, or @fallback
 */
const char *
kol_view_term_id (const KolTitle *title,
                  const char     *id,
                  const char     *fallback)
{
  const KolText *text;

  g_return_val_if_fail (id != NULL, fallback);
  text = title != NULL ? kol_title_term (title, id) : NULL;
  return text != NULL ? kol_view_pick_text (text) : fallback;
}

/**
 * kol_view_term:
 * @title: (nullable): the title shown
 * @term: which word
 *
 * Returns: (transfer none): @term as @title's rulebook says it (its
 *   game.json "terms"), else the usual word, translated
 */
const char *
kol_view_term (const KolTitle *title,
               KolViewTerm     term)
{
  g_return_val_if_fail (term < KOL_N_TERMS, "");
  return kol_view_term_id (title, terms[term].key,
                           g_dpgettext2 (GETTEXT_PACKAGE, "term", terms[term].text));
}

/* ---------------------------------------------------------- SVG paths */

typedef struct
{
  const char *p;
  gboolean    ok;
} PathReader;

static void
skip_separators (PathReader *r)
{
  while (*r->p == ' ' || *r->p == ',' || *r->p == '\n' || *r->p == '\t' || *r->p == '\r')
    r->p++;
}

static double
read_number (PathReader *r)
{
  char *end;
  double v;

  skip_separators (r);
  v = g_ascii_strtod (r->p, &end);
  if (end == r->p || !isfinite (v))
    r->ok = FALSE;
  r->p = end;
  return v;
}

/* SVG's endpoint arc (rx = ry, no x-axis rotation, as the renderer writes
 * them) as a cairo arc: SVG implementation notes F.6.5. */
static void
svg_arc (cairo_t *cr,
         double   r,
         gboolean large,
         gboolean sweep,
         double   x2,
         double   y2)
{
  double x1, y1, hx, hy, d2, coef, cx, cy, t1, t2, dt;

  cairo_get_current_point (cr, &x1, &y1);
  hx = (x1 - x2) / 2;
  hy = (y1 - y2) / 2;
  d2 = hx * hx + hy * hy;
  r = fabs (r);
  if (d2 == 0)
    return;
  if (r == 0)
    {
      cairo_line_to (cr, x2, y2);
      return;
    }
  if (d2 > r * r)
    r = sqrt (d2);
  coef = sqrt (MAX (0.0, (r * r - d2) / d2)) * (large == sweep ? -1 : 1);
  cx = coef * hy + (x1 + x2) / 2;
  cy = -coef * hx + (y1 + y2) / 2;
  t1 = atan2 (y1 - cy, x1 - cx);
  t2 = atan2 (y2 - cy, x2 - cx);
  dt = t2 - t1;
  if (sweep && dt < 0)
    dt += 2 * G_PI;
  else if (!sweep && dt > 0)
    dt -= 2 * G_PI;
  /* y points down on screen, so SVG's positive sweep is cairo's arc */
  if (sweep)
    cairo_arc (cr, cx, cy, r, t1, t1 + dt);
  else
    cairo_arc_negative (cr, cx, cy, r, t1, t1 + dt);
}

static void
path_command (cairo_t    *cr,
              PathReader *r,
              char        cmd)
{
  double x, y, x1, y1, x2, y2, rx;
  gboolean large, sweep;

  switch (cmd)
    {
    case 'M':
      x = read_number (r), y = read_number (r);
      cairo_move_to (cr, x, y);
      break;
    case 'L':
      x = read_number (r), y = read_number (r);
      cairo_line_to (cr, x, y);
      break;
    case 'H':
      cairo_get_current_point (cr, &x, &y);
      cairo_line_to (cr, read_number (r), y);
      break;
    case 'V':
      cairo_get_current_point (cr, &x, &y);
      cairo_line_to (cr, x, read_number (r));
      break;
    case 'C':
      x1 = read_number (r), y1 = read_number (r);
      x2 = read_number (r), y2 = read_number (r);
      x = read_number (r), y = read_number (r);
      cairo_curve_to (cr, x1, y1, x2, y2, x, y);
      break;
    case 'A':
      rx = read_number (r);
      read_number (r);           /* ry: the renderer's arcs are circular */
      read_number (r);           /* x-axis rotation */
      large = read_number (r) != 0;
      sweep = read_number (r) != 0;
      x = read_number (r), y = read_number (r);
      if (r->ok)
        svg_arc (cr, rx, large, sweep, x, y);
      break;
    case 'Z':
    case 'z':
      cairo_close_path (cr);
      break;
    default:
      r->ok = FALSE;
    }
}

/**
 * kol_view_append_svg_path:
 * @cr: a cairo context
 * @data: SVG path data with absolute commands (M, L, H, V, C, A, Z), as
 *   kol_svg_board_path_data() gives it
 *
 * Appends the path to @cr's current path, to draw routes and outlines over
 * the board in its own units.
 *
 * Returns: %FALSE if @data holds something else (the path is then partial)
 */
gboolean
kol_view_append_svg_path (cairo_t    *cr,
                          const char *data)
{
  PathReader r = { data, TRUE };

  g_return_val_if_fail (cr != NULL && data != NULL, FALSE);
  for (;;)
    {
      char cmd;

      skip_separators (&r);
      if (*r.p == '\0' || !r.ok)
        break;
      cmd = *r.p++;
      if (cmd != 'M' && !cairo_has_current_point (cr))
        return FALSE;
      path_command (cr, &r, cmd);
      /* implicit repetitions of a command ("L 1 2 3 4") */
      skip_separators (&r);
      while (r.ok && cmd != 'Z' && cmd != 'z' &&
             (g_ascii_isdigit (*r.p) || *r.p == '-' || *r.p == '.' || *r.p == '+'))
        {
          path_command (cr, &r, cmd == 'M' ? 'L' : cmd);
          skip_separators (&r);
        }
    }
  return r.ok;
}

/* ------------------------------------------------------------ textures */

/**
 * kol_view_texture_for_surface:
 * @surface: a flushed %CAIRO_FORMAT_ARGB32 image surface
 *
 * A texture sharing the surface's pixels (it keeps a reference to it).
 * Cairo's ARGB32 is premultiplied BGRA in native byte order, which is
 * %GDK_MEMORY_DEFAULT.
 *
 * Returns: (transfer full): the texture
 */
GdkTexture *
kol_view_texture_for_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32, NULL);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}
