/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-svg-private.h"

#include <math.h>
#include <string.h>

/*
 * One tile: where its nodes sit, the curve of every path, and the drawing of
 * track, cities, towns, revenues and the label, after the conventions of
 * 18xx.games and printed 18xx tiles:
 *  - track between two edges is a straight line through the centre, or an
 *    arc centred on the corner (sharp curve, radius R/2) or on the centre of
 *    the hex across the middle edge (gentle curve, radius 3R/2);
 *  - a town on two exits sits on that curve, drawn as a bar across it;
 *  - track to a node runs straight, or leaves the edge square and bends
 *    towards a node that is off the edge's axis;
 *  - track into an off-board area tapers to a point.
 */

#define TRACK_W      9.0
#define LANE_GAP     17.0
#define BAR_LEN      32.0
#define BAR_W        10.0
#define DOT_R        9.0
#define REVENUE_R    15.0
#define DEG          (G_PI / 180.0)

/* ------------------------------------------------------------- numbers */

/**
 * _kol_svg_num:
 *
 * Appends @value rounded to hundredths without trailing zeros, in the C
 * locale whatever the user's locale is (SVG wants a '.').
 */
void
_kol_svg_num (GString *out,
              double   value)
{
  gint64 n;
  int frac;

  if (!isfinite (value))
    value = 0.0;
  n = (gint64) llround (value * 100.0);
  if (n < 0)
    {
      g_string_append_c (out, '-');
      n = -n;
    }
  g_string_append_printf (out, "%" G_GINT64_FORMAT, n / 100);
  frac = (int) (n % 100);
  if (frac % 10 == 0 && frac != 0)
    g_string_append_printf (out, ".%d", frac / 10);
  else if (frac != 0)
    g_string_append_printf (out, ".%02d", frac);
}

void
_kol_svg_pt (GString  *out,
             KolSvgPt  p)
{
  _kol_svg_num (out, p.x);
  g_string_append_c (out, ',');
  _kol_svg_num (out, p.y);
}

/* A rough width of @text in DejaVu Sans, enough to place and fit labels. */
double
_kol_svg_text_width (const char *text,
                     double      size)
{
  double w = 0.0;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 128 && strchr ("iljtfrI.,:;'|! ", (int) c) != NULL)
        w += 0.34;
      else if (c == 'm' || c == 'w' || c == 'M' || c == 'W')
        w += 0.88;
      else if (g_unichar_isupper (c))
        w += 0.70;
      else if (g_unichar_isdigit (c))
        w += 0.64;
      else
        w += 0.60;
    }
  return w * size;
}

/**
 * _kol_svg_text_halo:
 * @halo: (nullable): colour of a thin outline behind the letters, so that
 *   text stays readable where it has to cross track
 *
 * Appends a centred text element whose middle is at (@x, @y).
 */
void
_kol_svg_text_halo (GString    *out,
                    double      x,
                    double      y,
                    double      size,
                    const char *weight,
                    const char *fill,
                    const char *halo,
                    const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, "<text x=\"");
  _kol_svg_num (out, x);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, y + size * 0.36);
  g_string_append (out, "\" font-size=\"");
  _kol_svg_num (out, size);
  g_string_append (out, "\" text-anchor=\"middle\"");
  if (weight != NULL)
    g_string_append_printf (out, " font-weight=\"%s\"", weight);
  if (fill != NULL && strcmp (fill, "#000") != 0)
    g_string_append_printf (out, " fill=\"%s\"", fill);
  if (halo != NULL)
    g_string_append_printf (out, " stroke=\"%s\" stroke-width=\"3\" stroke-linejoin=\"round\" "
                            "paint-order=\"stroke\"", halo);
  g_string_append_printf (out, ">%s</text>\n", escaped);
}

void
_kol_svg_text (GString    *out,
               double      x,
               double      y,
               double      size,
               const char *weight,
               const char *fill,
               const char *text)
{
  _kol_svg_text_halo (out, x, y, size, weight, fill, NULL, text);
}

/* ------------------------------------------------------------- colours */

/* The usual 18xx palette (18xx.games' hex colours). */
const char *
_kol_svg_color_hex (KolColor color)
{
  static const char *const palette[KOL_N_COLORS] = {
    [KOL_COLOR_WHITE] = "#eae0c8",
    [KOL_COLOR_YELLOW] = "#fde900",
    [KOL_COLOR_GREEN] = "#71bf44",
    [KOL_COLOR_BROWN] = "#cb7745",
    [KOL_COLOR_GRAY] = "#bcbdc0",
    [KOL_COLOR_RED] = "#ec232a",
    [KOL_COLOR_PURPLE] = "#a79ecd",
    [KOL_COLOR_BLUE] = "#35a7ff",
  };

  return (guint) color < KOL_N_COLORS ? palette[color] : palette[KOL_COLOR_WHITE];
}

/* "#rgb" or "#rrggbb" into components. */
static gboolean
_kol_svg_parse_rgb (const char *color,
                    int        *r,
                    int        *g,
                    int        *b)
{
  int digits[6];
  gsize len;

  if (color == NULL || color[0] != '#')
    return FALSE;
  len = strlen (color + 1);
  if (len != 3 && len != 6)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if ((digits[i] = g_ascii_xdigit_value (color[1 + i])) < 0)
      return FALSE;
  if (len == 3)
    {
      *r = digits[0] * 17;
      *g = digits[1] * 17;
      *b = digits[2] * 17;
      return TRUE;
    }
  *r = digits[0] * 16 + digits[1];
  *g = digits[2] * 16 + digits[3];
  *b = digits[4] * 16 + digits[5];
  return TRUE;
}

/**
 * _kol_svg_text_color:
 *
 * Returns: black or white, whichever reads better on @background.
 */
const char *
_kol_svg_text_color (const char *background)
{
  int r, g, b;

  if (!_kol_svg_parse_rgb (background, &r, &g, &b))
    return "#000";
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
}

/* ------------------------------------------------------------ geometry */

static KolSvgPt
pt (double x,
    double y)
{
  return (KolSvgPt) { x, y };
}

static KolSvgPt
pt_add (KolSvgPt a,
        KolSvgPt b)
{
  return pt (a.x + b.x, a.y + b.y);
}

static KolSvgPt
pt_sub (KolSvgPt a,
        KolSvgPt b)
{
  return pt (a.x - b.x, a.y - b.y);
}

static KolSvgPt
pt_scale (KolSvgPt a,
          double   s)
{
  return pt (a.x * s, a.y * s);
}

static double
pt_len (KolSvgPt a)
{
  return hypot (a.x, a.y);
}

static double
pt_dist (KolSvgPt a,
         KolSvgPt b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

static KolSvgPt
pt_dir (double radians)
{
  return pt (cos (radians), sin (radians));
}

static double
edge_radians (KolLayout layout,
              int       edge)
{
  return kol_hex_edge_angle (layout, ((edge % 6) + 6) % 6) * DEG;
}

KolSvgPt
_kol_svg_edge_mid (KolLayout layout,
                   int       edge)
{
  return pt_scale (pt_dir (edge_radians (layout, edge)), KOL_SVG_A);
}

/* Corner @corner lies between edges @corner and @corner + 1. */
KolSvgPt
_kol_svg_corner (KolLayout layout,
                 int       corner)
{
  return pt_scale (pt_dir (edge_radians (layout, corner) + 30.0 * DEG), KOL_SVG_R);
}

void
_kol_svg_hex_polygon (GString   *out,
                      KolLayout  layout,
                      double     scale)
{
  for (int k = 0; k < 6; k++)
    {
      if (k > 0)
        g_string_append_c (out, ' ');
      _kol_svg_pt (out, pt_scale (_kol_svg_corner (layout, k), scale));
    }
}

/* ----------------------------------------------------------- segments */

static KolSvgPt
arc_point (const KolSvgSeg *seg,
           double           t)
{
  double a0 = atan2 (seg->p0.y - seg->centre.y, seg->p0.x - seg->centre.x);
  double a1 = atan2 (seg->p1.y - seg->centre.y, seg->p1.x - seg->centre.x);
  double d = a1 - a0;

  while (d > G_PI)
    d -= 2 * G_PI;
  while (d < -G_PI)
    d += 2 * G_PI;
  return pt_add (seg->centre, pt_scale (pt_dir (a0 + d * t), seg->r));
}

static KolSvgPt
seg_point (const KolSvgSeg *seg,
           double           t)
{
  double u = 1.0 - t;

  switch (seg->kind)
    {
    case KOL_SVG_SEG_ARC:
      return arc_point (seg, t);
    case KOL_SVG_SEG_CUBIC:
      return pt (u * u * u * seg->p0.x + 3 * u * u * t * seg->c1.x + 3 * u * t * t * seg->c2.x +
                 t * t * t * seg->p1.x,
                 u * u * u * seg->p0.y + 3 * u * u * t * seg->c1.y + 3 * u * t * t * seg->c2.y +
                 t * t * t * seg->p1.y);
    default:
      return pt_add (seg->p0, pt_scale (pt_sub (seg->p1, seg->p0), t));
    }
}

static KolSvgSeg
seg_line (KolSvgPt a,
          KolSvgPt b)
{
  KolSvgSeg s = { 0 };

  s.kind = KOL_SVG_SEG_LINE;
  s.p0 = a;
  s.p1 = b;
  return s;
}

static KolSvgSeg
seg_arc (KolSvgPt a,
         KolSvgPt b,
         KolSvgPt centre,
         double   r)
{
  KolSvgSeg s = seg_line (a, b);
  double cross = (a.x - centre.x) * (b.y - centre.y) - (a.y - centre.y) * (b.x - centre.x);

  s.kind = KOL_SVG_SEG_ARC;
  s.centre = centre;
  s.r = r;
  s.sweep = cross > 0;
  return s;
}

/* A curve that leaves @a along -@na (into the hex) and reaches @b, arriving
 * along -@nb when @nb is non-zero: a quadratic written as a cubic. */
static KolSvgSeg
seg_bend (KolSvgPt a,
          KolSvgPt na,
          KolSvgPt b,
          KolSvgPt nb)
{
  KolSvgSeg s = seg_line (a, b);
  double len = pt_dist (a, b);

  s.kind = KOL_SVG_SEG_CUBIC;
  if (nb.x == 0.0 && nb.y == 0.0)
    {
      double reach = MAX (0.0, -(b.x - a.x) * na.x - (b.y - a.y) * na.y) * 0.6;
      KolSvgPt q = pt_sub (a, pt_scale (na, reach));

      s.c1 = pt_add (a, pt_scale (pt_sub (q, a), 2.0 / 3.0));
      s.c2 = pt_add (b, pt_scale (pt_sub (q, b), 2.0 / 3.0));
    }
  else
    {
      s.c1 = pt_sub (a, pt_scale (na, len * 0.4));
      s.c2 = pt_sub (b, pt_scale (nb, len * 0.4));
    }
  return s;
}

/* The curve between the middles of two edges (18xx.games' straight, gentle
 * and sharp track). */
static KolSvgSeg
seg_edge_to_edge (KolLayout layout,
                  int       a,
                  int       b)
{
  KolSvgPt pa = _kol_svg_edge_mid (layout, a);
  KolSvgPt pb = _kol_svg_edge_mid (layout, b);
  int d = ((b - a) % 6 + 6) % 6;
  double ra = edge_radians (layout, a);

  switch (d)
    {
    case 1:
      return seg_arc (pa, pb, pt_scale (pt_dir (ra + 30 * DEG), KOL_SVG_R), KOL_SVG_R / 2);
    case 5:
      return seg_arc (pa, pb, pt_scale (pt_dir (ra - 30 * DEG), KOL_SVG_R), KOL_SVG_R / 2);
    case 2:
      return seg_arc (pa, pb, pt_scale (pt_dir (ra + 60 * DEG), 2 * KOL_SVG_A), 1.5 * KOL_SVG_R);
    case 4:
      return seg_arc (pa, pb, pt_scale (pt_dir (ra - 60 * DEG), 2 * KOL_SVG_A), 1.5 * KOL_SVG_R);
    default:
      return seg_line (pa, pb);
    }
}

/**
 * _kol_svg_seg_data:
 *
 * Appends the path data of @seg moved by (@dx, @dy).
 */
void
_kol_svg_seg_data (GString         *out,
                   const KolSvgSeg *seg,
                   double           dx,
                   double           dy)
{
  KolSvgPt d = pt (dx, dy);

  g_string_append (out, "M");
  _kol_svg_pt (out, pt_add (seg->p0, d));
  switch (seg->kind)
    {
    case KOL_SVG_SEG_ARC:
      g_string_append (out, "A");
      _kol_svg_num (out, seg->r);
      g_string_append_c (out, ' ');
      _kol_svg_num (out, seg->r);
      g_string_append_printf (out, " 0 0 %d ", seg->sweep ? 1 : 0);
      break;
    case KOL_SVG_SEG_CUBIC:
      g_string_append (out, "C");
      _kol_svg_pt (out, pt_add (seg->c1, d));
      g_string_append_c (out, ' ');
      _kol_svg_pt (out, pt_add (seg->c2, d));
      g_string_append_c (out, ' ');
      break;
    default:
      g_string_append (out, "L");
      break;
    }
  _kol_svg_pt (out, pt_add (seg->p1, d));
}

/* --------------------------------------------------------------- layout */

static const char *
_kol_svg_path_draw (const KolSvgTileLayout *lay,
                    const KolPathDef       *p)
{
  if (p->track == KOL_TRACK_FUTURE)
    return "future";
  if (p->track < lay->title->n_track_types && lay->title->track_types[p->track].draw != NULL)
    return lay->title->track_types[p->track].draw;
  return "solid";
}

static gboolean
node_is_end (guint8 end,
             int    node)
{
  return KOL_PATH_IS_NODE (end) && KOL_PATH_NODE_INDEX (end) == node;
}

static gboolean
_kol_svg_revenue_is_zero (const KolRevenue *rev)
{
  if (rev->kind == KOL_REVENUE_FIXED)
    return rev->fixed == 0;
  for (int i = 0; i < rev->n; i++)
    if (rev->values[i] != 0)
      return FALSE;
  return TRUE;
}

/* Exits of each node, the style it is drawn in and its footprint. */
static void
classify_nodes (KolSvgTileLayout *lay)
{
  const KolTileDef *tile = lay->tile;

  for (int n = 0; n < tile->n_nodes; n++)
    {
      KolSvgNode *node = &lay->nodes[n];
      gboolean thin_only = TRUE;

      for (int i = 0; i < tile->n_paths; i++)
        {
          const KolPathDef *p = &tile->paths[i];
          const char *draw = _kol_svg_path_draw (lay, p);
          guint8 other;

          if (!node_is_end (p->a, n) && !node_is_end (p->b, n))
            continue;
          other = node_is_end (p->a, n) ? p->b : p->a;
          if (KOL_PATH_IS_EDGE (other))
            {
              node->exits |= 1u << kol_path_end_rotate (other, lay->rotation);
              node->n_exits++;
            }
          if (strcmp (draw, "narrow") != 0 && strcmp (draw, "dotted") != 0)
            thin_only = FALSE;
        }

      switch (tile->nodes[n].kind)
        {
        case KOL_NODE_CITY:
          node->style = KOL_SVG_NODE_CITY;
          node->n_slots = CLAMP (tile->nodes[n].slots, 1, KOL_MAX_HEX_SLOTS);
          node->slot_r = KOL_SVG_SLOT_R;
          node->extent = node->n_slots == 1 ? KOL_SVG_SLOT_R : 2.1 * KOL_SVG_SLOT_R;
          break;
        case KOL_NODE_TOWN:
          if (node->n_exits >= 1 && node->n_exits <= 2 && !thin_only)
            node->style = KOL_SVG_NODE_TOWN_BAR;
          else
            node->style = KOL_SVG_NODE_TOWN_DOT;
          node->extent = node->style == KOL_SVG_NODE_TOWN_BAR ? BAR_LEN / 2 + 2 : DOT_R + 2;
          break;
        default:
          node->style = KOL_SVG_NODE_HUB;
          node->extent = 6.0;
          break;
        }
    }
}

/* The loc hint: "center", or an edge number (fractions allowed) that turns
 * with the tile. */
static gboolean
parse_loc (const KolSvgTileLayout *lay,
           const char             *loc,
           KolSvgPt               *out)
{
  char *end = NULL;
  double edge;

  if (loc == NULL || loc[0] == '\0')
    return FALSE;
  if (g_ascii_strcasecmp (loc, "center") == 0 || g_ascii_strcasecmp (loc, "centre") == 0 ||
      g_ascii_strcasecmp (loc, "c") == 0)
    {
      *out = pt (0, 0);
      return TRUE;
    }
  edge = g_ascii_strtod (loc, &end);
  if (end == loc)
    return FALSE;
  *out = pt_scale (pt_dir (edge_radians (lay->layout, 0) + (edge + lay->rotation) * 60.0 * DEG),
                   0.6 * KOL_SVG_A);
  return TRUE;
}

/* A town on exactly two edges and nothing else sits on their curve. */
static gboolean
is_on_track (const KolSvgTileLayout *lay,
             int                     n)
{
  const KolTileDef *tile = lay->tile;
  int edges = 0, others = 0;
  guint8 seen = 0;

  if (tile->nodes[n].kind != KOL_NODE_TOWN || tile->nodes[n].loc[0] != '\0')
    return FALSE;
  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolPathDef *p = &tile->paths[i];
      guint8 other;

      if (!node_is_end (p->a, n) && !node_is_end (p->b, n))
        continue;
      other = node_is_end (p->a, n) ? p->b : p->a;
      if (KOL_PATH_IS_EDGE (other) && !(seen & (1u << other)) && p->a_lane[0] <= 1 &&
          p->b_lane[0] <= 1)
        {
          seen |= 1u << other;
          edges++;
        }
      else
        others++;
    }
  return edges == 2 && others == 0;
}

static KolSvgPt
exits_mean (const KolSvgTileLayout *lay,
            guint8                  exits,
            int                    *count)
{
  KolSvgPt sum = pt (0, 0);

  *count = 0;
  for (int e = 0; e < 6; e++)
    if (exits & (1u << e))
      {
        sum = pt_add (sum, pt_dir (edge_radians (lay->layout, e)));
        (*count)++;
      }
  return *count > 0 ? pt_scale (sum, 1.0 / *count) : sum;
}

/* First guess for a node with exits: the centre when it is the tile's only
 * node or its exits balance out, else towards the middle of its exits. */
static KolSvgPt
initial_position (const KolSvgTileLayout *lay,
                  int                     n)
{
  const KolSvgNode *node = &lay->nodes[n];
  int count;
  KolSvgPt mean = exits_mean (lay, node->exits, &count);
  double len = pt_len (mean);

  if (lay->tile->n_nodes == 1 || len < 0.2)
    return pt (0, 0);
  if (count == 1)
    return pt_scale (mean, 0.6 * KOL_SVG_A / len);
  return pt_scale (mean, 0.45 * KOL_SVG_A / len);
}

/* Pushes overlapping nodes apart and keeps them inside the hex. */
static void
relax_nodes (KolSvgTileLayout *lay)
{
  int n_nodes = lay->tile->n_nodes;

  for (int iter = 0; iter < 60; iter++)
    {
      gboolean moved = FALSE;

      for (int i = 0; i < n_nodes; i++)
        for (int j = i + 1; j < n_nodes; j++)
          {
            KolSvgNode *a = &lay->nodes[i], *b = &lay->nodes[j];
            KolSvgPt d;
            double dist, need, wa, wb;

            if (!a->placed || !b->placed || a->on_track || b->on_track)
              continue;
            d = pt_sub (b->pos, a->pos);
            dist = pt_len (d);
            need = a->extent + b->extent + 5.0;
            if (dist >= need)
              continue;
            if (dist < 1e-6)
              d = pt_dir ((30.0 + 60.0 * j) * DEG), dist = 1.0;
            wa = a->style == KOL_SVG_NODE_HUB ? 1.0 : b->style == KOL_SVG_NODE_HUB ? 0.0 : 0.5;
            wb = 1.0 - wa;
            a->pos = pt_sub (a->pos, pt_scale (d, (need - dist) * wa / dist));
            b->pos = pt_add (b->pos, pt_scale (d, (need - dist) * wb / dist));
            moved = TRUE;
          }
      for (int i = 0; i < n_nodes; i++)
        {
          KolSvgNode *a = &lay->nodes[i];
          double max = MAX (0.0, KOL_SVG_A - a->extent - 3.0);
          double len = pt_len (a->pos);

          if (a->placed && len > max)
            a->pos = pt_scale (a->pos, max / len);
        }
      if (!moved)
        break;
    }
}

/* Nodes without track go where they are furthest from the rest. */
static void
place_free_nodes (KolSvgTileLayout *lay)
{
  const KolTileDef *tile = lay->tile;
  int first = lay->layout == KOL_LAYOUT_POINTY ? 1 : 2;

  for (int n = 0; n < tile->n_nodes; n++)
    {
      KolSvgNode *node = &lay->nodes[n];
      double best = -1.0;

      if (node->placed)
        continue;
      if (tile->n_nodes == 1)
        {
          node->pos = pt (0, 0);
          node->placed = TRUE;
          continue;
        }
      for (int k = 0; k < 6; k++)
        {
          int e = (first + (k % 2) * 3 + k / 2) % 6;
          KolSvgPt cand = pt_scale (pt_dir (edge_radians (lay->layout, e)), 0.5 * KOL_SVG_A);
          double score = 1e9;

          for (int m = 0; m < tile->n_nodes; m++)
            if (m != n && lay->nodes[m].placed)
              score = MIN (score, pt_dist (cand, lay->nodes[m].pos) - lay->nodes[m].extent);
          for (int x = 0; x < 6; x++)
            if (kol_tile_exits (tile, lay->rotation) & (1u << x))
              score = MIN (score, pt_dist (cand, _kol_svg_edge_mid (lay->layout, x)) + 10.0);
          if (score > best + 1e-6)
            {
              best = score;
              node->pos = cand;
            }
        }
      node->placed = TRUE;
    }
}

/* The point of a path end: an edge's middle (moved sideways for a lane) or
 * a node; @normal is the edge's outward normal, zero for nodes. */
static KolSvgPt
end_point (const KolSvgTileLayout *lay,
           guint8                  end,
           const guint8           *lane,
           KolSvgPt               *normal)
{
  int e;
  KolSvgPt n, p;

  if (!KOL_PATH_IS_EDGE (end))
    {
      *normal = pt (0, 0);
      return lay->nodes[KOL_PATH_NODE_INDEX (end) % KOL_MAX_NODES].pos;
    }
  e = kol_path_end_rotate (end, lay->rotation);
  n = pt_dir (edge_radians (lay->layout, e));
  p = pt_scale (n, KOL_SVG_A);
  /* lane 0 lies furthest clockwise along the edge */
  if (lane[0] > 1)
    p = pt_add (p, pt_scale (pt (-n.y, n.x), ((lane[0] - 1) / 2.0 - lane[1]) * LANE_GAP));
  *normal = n;
  return p;
}

static gboolean
is_tapered (const KolSvgTileLayout *lay,
            const KolPathDef       *p)
{
  for (int k = 0; k < 2; k++)
    {
      guint8 end = k == 0 ? p->a : p->b;
      const KolNodeDef *node;

      if (!KOL_PATH_IS_NODE (end) || KOL_PATH_NODE_INDEX (end) >= lay->tile->n_nodes)
        continue;
      node = &lay->tile->nodes[KOL_PATH_NODE_INDEX (end)];
      if (node->kind == KOL_NODE_OFFBOARD && !_kol_svg_revenue_is_zero (&node->revenue))
        return TRUE;
    }
  return p->terminal != 0;
}

static KolSvgSeg
build_segment (const KolSvgTileLayout *lay,
               const KolPathDef       *p)
{
  KolSvgPt na, nb;
  KolSvgPt a = end_point (lay, p->a, p->a_lane, &na);
  KolSvgPt b = end_point (lay, p->b, p->b_lane, &nb);
  gboolean a_edge = KOL_PATH_IS_EDGE (p->a), b_edge = KOL_PATH_IS_EDGE (p->b);

  if (a_edge && b_edge)
    {
      if (p->a_lane[0] <= 1 && p->b_lane[0] <= 1)
        return seg_edge_to_edge (lay->layout, kol_path_end_rotate (p->a, lay->rotation),
                                 kol_path_end_rotate (p->b, lay->rotation));
      if (fabs ((a.x + b.x) * na.y - (a.y + b.y) * na.x) < 0.5 && fabs (na.x + nb.x) < 1e-6 &&
          fabs (na.y + nb.y) < 1e-6)
        return seg_line (a, b);
      return seg_bend (a, na, b, nb);
    }
  if (!a_edge && b_edge)
    {
      KolPathDef reversed = *p;

      reversed.a = p->b;
      reversed.b = p->a;
      memcpy (reversed.a_lane, p->b_lane, sizeof reversed.a_lane);
      memcpy (reversed.b_lane, p->a_lane, sizeof reversed.b_lane);
      return build_segment (lay, &reversed);
    }
  if (a_edge)
    {
      /* edge to node: straight when the node lies on the edge's axis */
      double off = (b.x - a.x) * na.y - (b.y - a.y) * na.x;

      if (fabs (off) < 1.0)
        return seg_line (a, b);
      return seg_bend (a, na, b, pt (0, 0));
    }
  return seg_line (a, b);
}

/* Clearance of a point from the track built so far and from other nodes. */
static double
point_clearance (const KolSvgTileLayout *lay,
                 KolSvgPt                p,
                 int                     self,
                 const guint8           *built)
{
  const KolTileDef *tile = lay->tile;
  double best = 1e9;

  for (int i = 0; i < tile->n_paths; i++)
    {
      if (!built[i] || node_is_end (tile->paths[i].a, self) || node_is_end (tile->paths[i].b, self))
        continue;
      for (int s = 0; s <= 16; s++)
        best = MIN (best, pt_dist (p, seg_point (&lay->segs[i], s / 16.0)) - TRACK_W);
    }
  for (int n = 0; n < tile->n_nodes; n++)
    if (n != self && lay->nodes[n].placed)
      best = MIN (best, pt_dist (p, lay->nodes[n].pos) - lay->nodes[n].extent);
  return best;
}

/* Places a town on the curve between its two exits, sliding it along the
 * curve away from crossing track, and builds its two half paths. */
static void
place_on_track (KolSvgTileLayout *lay,
                int               n,
                guint8           *built)
{
  static const double ts[] = { 0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74 };
  const KolTileDef *tile = lay->tile;
  KolSvgNode *node = &lay->nodes[n];
  int paths[2], edges[2], k = 0;
  KolSvgSeg full;
  double best = -1e9, best_t = 0.5;

  for (int i = 0; i < tile->n_paths && k < 2; i++)
    {
      const KolPathDef *p = &tile->paths[i];

      if (!node_is_end (p->a, n) && !node_is_end (p->b, n))
        continue;
      paths[k] = i;
      edges[k++] = kol_path_end_rotate (node_is_end (p->a, n) ? p->b : p->a, lay->rotation);
    }
  full = seg_edge_to_edge (lay->layout, edges[0], edges[1]);
  for (gsize i = 0; i < G_N_ELEMENTS (ts); i++)
    {
      double c = MIN (point_clearance (lay, seg_point (&full, ts[i]), n, built), 14.0) -
                 fabs (ts[i] - 0.5) * 6.0;

      if (c > best + 1e-6)
        {
          best = c;
          best_t = ts[i];
        }
    }
  node->pos = seg_point (&full, best_t);
  node->placed = TRUE;
  if (full.kind == KOL_SVG_SEG_ARC)
    {
      node->bar_angle = atan2 (node->pos.y - full.centre.y, node->pos.x - full.centre.x);
      lay->segs[paths[0]] = seg_arc (full.p0, node->pos, full.centre, full.r);
      lay->segs[paths[1]] = seg_arc (full.p1, node->pos, full.centre, full.r);
    }
  else
    {
      node->bar_angle = edge_radians (lay->layout, edges[0]) + G_PI / 2;
      lay->segs[paths[0]] = seg_line (full.p0, node->pos);
      lay->segs[paths[1]] = seg_line (full.p1, node->pos);
    }
  built[paths[0]] = built[paths[1]] = TRUE;
}

/* Bars of other towns lie across their track. */
static void
orient_town (KolSvgTileLayout *lay,
             int               n)
{
  KolSvgNode *node = &lay->nodes[n];
  int count;
  KolSvgPt mean = exits_mean (lay, node->exits, &count);

  if (node->on_track)
    return;
  if (count == 1 || pt_len (mean) > 0.2)
    node->bar_angle = atan2 (mean.y, mean.x) + G_PI / 2;
  else if (count == 2)
    {
      int e = 0;

      while (e < 6 && !(node->exits & (1u << e)))
        e++;
      node->bar_angle = edge_radians (lay->layout, e) + G_PI / 2;
    }
}

/* Token slots: one, a touching pair, a triangle, a square, else a ring. A
 * city pushed off the centre turns its pair across the line to the centre
 * so that it stays inside the hex. */
static void
layout_slots (KolSvgTileLayout *lay,
              int               n)
{
  KolSvgNode *node = &lay->nodes[n];
  double r = node->slot_r;
  double turn = 0.0;

  if (node->style != KOL_SVG_NODE_CITY)
    return;
  if (pt_len (node->pos) > 8.0 && node->n_slots == 2)
    turn = atan2 (node->pos.y, node->pos.x) + G_PI / 2;
  for (int s = 0; s < node->n_slots; s++)
    {
      KolSvgPt off;

      switch (node->n_slots)
        {
        case 1:
          off = pt (0, 0);
          break;
        case 2:
          off = pt_scale (pt_dir (turn + (s == 0 ? G_PI : 0.0)), r);
          break;
        case 3:
          off = s == 0 ? pt (0, -r * 1.1547) : pt (s == 1 ? -r : r, r * 0.5774);
          break;
        case 4:
          off = pt (s % 2 ? r : -r, s < 2 ? -r : r);
          break;
        default:
          off = pt_scale (pt_dir (-G_PI / 2 + 2 * G_PI * s / node->n_slots),
                          r / sin (G_PI / node->n_slots));
          break;
        }
      node->slots[s] = pt_add (node->pos, off);
    }
}

/* Occupied boxes: track samples, node footprints. */
static void
occupy_drawn (KolSvgTileLayout *lay)
{
  const KolTileDef *tile = lay->tile;

  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolSvgSeg *seg = &lay->segs[i];
      int steps = MAX (2, (int) (pt_dist (seg->p0, seg->p1) / 7.0) + 1);

      for (int s = 0; s <= steps; s++)
        {
          KolSvgPt p = seg_point (seg, (double) s / steps);

          _kol_svg_occupy (lay, (KolSvgBox) { p.x, p.y, TRACK_W + 5, TRACK_W + 5 });
        }
    }
  for (int n = 0; n < tile->n_nodes; n++)
    {
      const KolSvgNode *node = &lay->nodes[n];

      if (node->style == KOL_SVG_NODE_CITY)
        for (int s = 0; s < node->n_slots; s++)
          _kol_svg_occupy (lay, (KolSvgBox) { node->slots[s].x, node->slots[s].y,
                                              2 * node->slot_r + 4, 2 * node->slot_r + 4 });
      else if (node->style == KOL_SVG_NODE_TOWN_BAR)
        for (int s = -1; s <= 1; s++)
          {
            KolSvgPt p = pt_add (node->pos, pt_scale (pt_dir (node->bar_angle), s * 11.0));

            _kol_svg_occupy (lay, (KolSvgBox) { p.x, p.y, 14, 14 });
          }
      else if (node->style == KOL_SVG_NODE_TOWN_DOT)
        _kol_svg_occupy (lay, (KolSvgBox) { node->pos.x, node->pos.y,
                                            2 * DOT_R + 4, 2 * DOT_R + 4 });
    }
}

/**
 * _kol_svg_layout_tile:
 *
 * Lays out @tile at @rotation: node positions, path curves, occupied boxes.
 */
void
_kol_svg_layout_tile (KolSvgTileLayout *lay,
                      const KolTitle   *title,
                      const KolTileDef *tile,
                      int               rotation,
                      KolLayout         layout)
{
  guint8 built[KOL_MAX_PATHS] = { 0 };

  memset (lay, 0, sizeof *lay);
  lay->title = title;
  lay->tile = tile;
  lay->layout = layout;
  lay->rotation = ((rotation % 6) + 6) % 6;

  classify_nodes (lay);
  for (int n = 0; n < tile->n_nodes; n++)
    {
      KolSvgNode *node = &lay->nodes[n];

      if (parse_loc (lay, tile->nodes[n].loc, &node->pos))
        node->placed = TRUE;
      else if (is_on_track (lay, n))
        node->on_track = TRUE;
      else if (node->exits != 0)
        {
          node->pos = initial_position (lay, n);
          node->placed = TRUE;
        }
    }
  relax_nodes (lay);
  place_free_nodes (lay);
  relax_nodes (lay);

  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolPathDef *p = &tile->paths[i];
      gboolean skip = FALSE;

      for (int n = 0; n < tile->n_nodes; n++)
        if (lay->nodes[n].on_track && (node_is_end (p->a, n) || node_is_end (p->b, n)))
          skip = TRUE;
      if (skip)
        continue;
      lay->segs[i] = build_segment (lay, p);
      lay->tapered[i] = is_tapered (lay, p);
      built[i] = TRUE;
    }
  for (int n = 0; n < tile->n_nodes; n++)
    if (lay->nodes[n].on_track)
      place_on_track (lay, n, built);
  for (int n = 0; n < tile->n_nodes; n++)
    {
      orient_town (lay, n);
      layout_slots (lay, n);
    }
  occupy_drawn (lay);
}

/* ----------------------------------------------------------- placement */

void
_kol_svg_occupy (KolSvgTileLayout *lay,
                 KolSvgBox         box)
{
  if (lay->n_boxes < KOL_SVG_MAX_BOXES)
    lay->boxes[lay->n_boxes++] = box;
}

/* The outward normals of the edges and a coarse grid of candidate centres
 * over the hex, computed once per layout. */
typedef struct
{
  KolSvgPt normals[6];
  int      n_grid;
  KolSvgPt grid[512];
} LayoutTables;

#define GRID_STEP   11.0
#define REFINE_STEP 3.5

static gboolean
inside_hex (const LayoutTables *tables,
            KolSvgPt            p,
            double              margin)
{
  for (int e = 0; e < 6; e++)
    if (p.x * tables->normals[e].x + p.y * tables->normals[e].y > KOL_SVG_A - margin)
      return FALSE;
  return TRUE;
}

static const LayoutTables *
layout_tables (KolLayout layout)
{
  static LayoutTables tables[2];
  static gsize ready[2];
  int i = layout == KOL_LAYOUT_POINTY ? 1 : 0;

  if (g_once_init_enter (&ready[i]))
    {
      LayoutTables *t = &tables[i];

      for (int e = 0; e < 6; e++)
        t->normals[e] = pt_dir (edge_radians (layout, e));
      for (double y = -KOL_SVG_R; y <= KOL_SVG_R; y += GRID_STEP)
        for (double x = -KOL_SVG_R; x <= KOL_SVG_R; x += GRID_STEP)
          if (t->n_grid < (int) G_N_ELEMENTS (t->grid) && inside_hex (t, pt (x, y), 6.0))
            t->grid[t->n_grid++] = pt (x, y);
      g_once_init_leave (&ready[i], 1);
    }
  return &tables[i];
}

/* How far a box stays inside the hex (negative: it sticks out). */
static double
boundary_clearance (const LayoutTables *tables,
                    const KolSvgBox    *b)
{
  double best = 1e9;

  for (int e = 0; e < 6; e++)
    {
      const KolSvgPt *n = &tables->normals[e];
      /* the corner of the box furthest along the normal */
      double reach = b->x * n->x + b->y * n->y + fabs (n->x) * b->w / 2 + fabs (n->y) * b->h / 2;

      best = MIN (best, KOL_SVG_A - 4.0 - reach);
    }
  return best;
}

static double
box_gap (const KolSvgBox *a,
         const KolSvgBox *b)
{
  double gx = fabs (a->x - b->x) - (a->w + b->w) / 2;
  double gy = fabs (a->y - b->y) - (a->h + b->h) / 2;

  return MAX (gx, gy);
}

/* The worth of a box at @p: clearance from what is drawn (up to a limit),
 * sticking out of the hex costing twice as much, distance from @near a
 * little; -G_MAXDOUBLE as soon as it cannot beat @best. */
static double
spot_score (const KolSvgTileLayout *lay,
            const LayoutTables     *tables,
            KolSvgBox              *b,
            KolSvgPt                near,
            double                  weight,
            double                  best)
{
  double penalty = weight * hypot (b->x - near.x, b->y - near.y) / 10.0;
  double outside = 8.0 * MIN (boundary_clearance (tables, b) + 2.0, 0.0);
  double clear = 6.0;

  if (24.0 + outside - penalty <= best)
    return -G_MAXDOUBLE;
  for (int k = 0; k < lay->n_boxes; k++)
    {
      clear = MIN (clear, box_gap (b, &lay->boxes[k]));
      if (4.0 * clear + outside - penalty <= best)
        return -G_MAXDOUBLE;
    }
  return 4.0 * clear + outside - penalty;
}

/**
 * _kol_svg_place:
 * @near: where the box would best go
 * @weight: how much being far from @near costs
 *
 * Picks the spot where a @w × @h box stays inside the hex and clear of
 * everything drawn so far, preferring spots near @near (a coarse grid over
 * the hex, then a finer one around the best spot); marks it occupied and
 * returns it.
 */
KolSvgBox
_kol_svg_place (KolSvgTileLayout *lay,
                double            w,
                double            h,
                KolSvgPt          near,
                double            weight)
{
  const LayoutTables *tables = layout_tables (lay->layout);
  KolSvgBox best_box = { near.x, near.y, w, h };
  double best = spot_score (lay, tables, &best_box, near, weight, -G_MAXDOUBLE);
  KolSvgPt centre;

  /* starting from the preferred spot lets most others be dismissed early */
  for (int i = 0; i < tables->n_grid; i++)
    {
      KolSvgBox b = { tables->grid[i].x, tables->grid[i].y, w, h };
      double score = spot_score (lay, tables, &b, near, weight, best);

      if (score > best)
        {
          best = score;
          best_box = b;
        }
    }
  centre = pt (best_box.x, best_box.y);
  for (int dy = -3; dy <= 3; dy++)
    for (int dx = -3; dx <= 3; dx++)
      {
        KolSvgBox b = { centre.x + dx * REFINE_STEP, centre.y + dy * REFINE_STEP, w, h };
        double score;

        if ((dx == 0 && dy == 0) || !inside_hex (tables, pt (b.x, b.y), 2.0))
          continue;
        score = spot_score (lay, tables, &b, near, weight, best);
        if (score > best)
          {
            best = score;
            best_box = b;
          }
      }
  _kol_svg_occupy (lay, best_box);
  return best_box;
}

/* ------------------------------------------------------------- drawing */

static char *
mix_colors (const char *a,
            const char *b,
            double      t)
{
  int r1, g1, b1, r2, g2, b2;

  if (!_kol_svg_parse_rgb (a, &r1, &g1, &b1) || !_kol_svg_parse_rgb (b, &r2, &g2, &b2))
    return g_strdup (a);
  return g_strdup_printf ("#%02x%02x%02x", (int) lround (r1 + (r2 - r1) * t),
                          (int) lround (g1 + (g2 - g1) * t), (int) lround (b1 + (b2 - b1) * t));
}

/**
 * _kol_svg_draw_background:
 * @color: the hex or tile colour
 * @fill: (nullable): a fill that replaces the colour's (parks)
 * @frame: (nullable): a frame colour, tints a white hex
 * @light: draw a printed special hex light, edged in its own colour
 */
void
_kol_svg_draw_background (GString          *out,
                          KolSvgTileLayout *lay,
                          KolColor          color,
                          const char       *fill,
                          const char       *frame,
                          gboolean          light)
{
  const char *base = _kol_svg_color_hex (color);
  g_autofree char *shade = NULL;

  if (fill != NULL)
    shade = g_strdup (fill);
  else if (light)
    shade = mix_colors (base, "#ffffff", 0.45);
  else if (frame != NULL && color == KOL_COLOR_WHITE)
    shade = mix_colors (base, frame, 0.3);
  else
    shade = g_strdup (base);
  g_strlcpy (lay->bg, shade, sizeof lay->bg);
  g_string_append (out, "<polygon points=\"");
  _kol_svg_hex_polygon (out, lay->layout, 1.0);
  /* the stroke in the fill's colour closes the hairline seams anti-aliasing
   * leaves between hexes of one area */
  g_string_append_printf (out, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n", shade, shade);
  if (light)
    _kol_svg_draw_frame (out, lay->layout, base);
}

void
_kol_svg_draw_frame (GString    *out,
                     KolLayout   layout,
                     const char *frame)
{
  g_autofree char *escaped = g_markup_escape_text (frame, -1);

  g_string_append (out, "<polygon points=\"");
  _kol_svg_hex_polygon (out, layout, (KOL_SVG_A - 6.5) / KOL_SVG_A);
  g_string_append_printf (out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"13\"/>\n", escaped);
}

static void
circle (GString    *out,
        KolSvgPt    c,
        double      r,
        const char *attrs)
{
  g_string_append (out, "<circle cx=\"");
  _kol_svg_num (out, c.x);
  g_string_append (out, "\" cy=\"");
  _kol_svg_num (out, c.y);
  g_string_append (out, "\" r=\"");
  _kol_svg_num (out, r);
  g_string_append_printf (out, "\" %s/>\n", attrs);
}

/* How one track style is stroked: an optional casing, then the line. Both
 * passes run over all paths of the style, so that joints and crossings of
 * one style merge cleanly. */
typedef struct
{
  const char *name;
  const char *casing;        /* colour of the first pass, or NULL */
  double      casing_width;
  const char *casing_extra;  /* more attributes of the first pass */
  const char *color;
  double      width;
  const char *extra;         /* dashes and the like */
  gboolean    solid;         /* hubs get a round joint */
} TrackStyle;

static const TrackStyle track_styles[] = {
  { "solid", NULL, 0, "", "#000", 9, "", TRUE },
  /* 1849: narrow gauge is a dotted line; a pale casing keeps it readable */
  { "narrow", "#fff", 9, " stroke-opacity=\"0.55\"", "#000", 7,
    " stroke-dasharray=\"9 5.5\"", FALSE },
  /* 1849: dual gauge is a white line with black borders */
  { "dual", "#000", 14, "", "#fff", 6, "", TRUE },
  /* 1840: the Stadtbahn's brown and white dotted line */
  { "dotted", "#7b4a26", 11, "", "#fff", 5, " stroke-dasharray=\"6 6\"", FALSE },
  /* preview track, drawn faintly */
  { "future", NULL, 0, "", "#6b4b35", 6,
    " stroke-dasharray=\"0.1 11\" stroke-linecap=\"round\" stroke-opacity=\"0.55\"", FALSE },
};

static const TrackStyle *
track_style (const char *draw)
{
  for (gsize i = 0; i < G_N_ELEMENTS (track_styles); i++)
    if (strcmp (track_styles[i].name, draw) == 0)
      return &track_styles[i];
  return &track_styles[0];
}

static const char *
tip_color (const TrackStyle *style)
{
  if (style->casing != NULL && strcmp (style->casing, "#fff") != 0)
    return style->casing;
  return style->color;
}

/* A tapered end: full width at the edge, narrowing to a point at the node;
 * narrower when lanes run side by side. */
static void
draw_tapered (GString         *out,
              const KolSvgSeg *seg,
              gboolean         lane,
              const char      *fill)
{
  KolSvgPt a = seg->p0, b = seg->p1;
  KolSvgPt u = pt_sub (b, a);
  double len = pt_len (u);
  KolSvgPt v;
  double hw = lane ? 6.0 : 8.5, shank = MIN (6.0, len * 0.1);
  KolSvgPt pts[5];

  if (len < 1.0)
    return;
  u = pt_scale (u, 1.0 / len);
  v = pt (-u.y, u.x);
  pts[0] = pt_add (a, pt_scale (v, hw));
  pts[1] = pt_add (pt_add (a, pt_scale (u, shank)), pt_scale (v, hw));
  pts[2] = b;
  pts[3] = pt_sub (pt_add (a, pt_scale (u, shank)), pt_scale (v, hw));
  pts[4] = pt_sub (a, pt_scale (v, hw));
  g_string_append (out, "<polygon points=\"");
  for (int i = 0; i < 5; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      _kol_svg_pt (out, pts[i]);
    }
  g_string_append_printf (out, "\" fill=\"%s\"/>\n", fill);
}

/* A tapered path always runs from its edge. */
static KolSvgSeg
edge_first (const KolSvgTileLayout *lay,
            int                     i)
{
  KolSvgSeg s = lay->segs[i];

  if (!KOL_PATH_IS_EDGE (lay->tile->paths[i].a))
    {
      KolSvgPt t = s.p0;

      s.p0 = s.p1;
      s.p1 = t;
    }
  return s;
}

static void
draw_track_pass (GString                *out,
                 const KolSvgTileLayout *lay,
                 const char             *draw,
                 gboolean                casing)
{
  const TrackStyle *style = track_style (draw);
  const char *color = casing ? style->casing : style->color;
  double width = casing ? style->casing_width : style->width;
  const KolTileDef *tile = lay->tile;
  gboolean any = FALSE;

  if (color == NULL)
    return;
  for (int i = 0; i < tile->n_paths; i++)
    {
      if (lay->tapered[i] || strcmp (_kol_svg_path_draw (lay, &tile->paths[i]), draw) != 0)
        continue;
      g_string_append (out, any ? " " : "<path d=\"");
      _kol_svg_seg_data (out, &lay->segs[i], 0, 0);
      any = TRUE;
    }
  if (!any)
    return;
  g_string_append_printf (out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"", color);
  _kol_svg_num (out, width);
  g_string_append_printf (out, "\"%s/>\n", casing ? style->casing_extra : style->extra);

  /* a round joint where several paths meet at a hub */
  for (int n = 0; n < tile->n_nodes && style->solid; n++)
    if (lay->nodes[n].style == KOL_SVG_NODE_HUB && lay->nodes[n].n_exits >= 2)
      {
        g_autofree char *attrs = g_strdup_printf ("fill=\"%s\"", color);

        circle (out, lay->nodes[n].pos, width / 2, attrs);
      }
}

static void
draw_track (GString                *out,
            const KolSvgTileLayout *lay)
{
  static const char *const order[] = { "future", "dotted", "narrow", "solid", "dual" };
  const KolTileDef *tile = lay->tile;

  for (gsize k = 0; k < G_N_ELEMENTS (order); k++)
    {
      draw_track_pass (out, lay, order[k], TRUE);
      draw_track_pass (out, lay, order[k], FALSE);
    }
  for (int i = 0; i < tile->n_paths; i++)
    if (lay->tapered[i])
      {
        KolSvgSeg s = edge_first (lay, i);

        draw_tapered (out, &s, tile->paths[i].a_lane[0] > 1 || tile->paths[i].b_lane[0] > 1,
                      tip_color (track_style (_kol_svg_path_draw (lay, &tile->paths[i]))));
      }
}

/* A city: the union of its slot circles, outlined, with each slot ringed. */
static void
draw_city (GString          *out,
           const KolSvgNode *node)
{
  double r = node->slot_r;

  if (node->n_slots == 1)
    {
      circle (out, node->slots[0], r, "fill=\"#fff\" stroke=\"#000\" stroke-width=\"2.5\"");
      return;
    }
  for (int pass = 0; pass < 2; pass++)
    {
      g_string_append (out, "<path d=\"");
      for (int s = 0; s < node->n_slots; s++)
        {
          g_string_append (out, s == 0 ? "M" : "L");
          _kol_svg_pt (out, node->slots[s]);
        }
      if (node->n_slots > 2)
        g_string_append (out, "Z");
      g_string_append_printf (out, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"",
                              pass == 0 ? "#000" : "#fff", pass == 0 ? "#000" : "#fff");
      _kol_svg_num (out, pass == 0 ? 2 * r + 5 : 2 * r);
      g_string_append (out, "\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n");
    }
  for (int s = 0; s < node->n_slots; s++)
    circle (out, node->slots[s], r - 0.5, "fill=\"none\" stroke=\"#000\" stroke-width=\"1\"");
}

static void
draw_town (GString          *out,
           const KolSvgNode *node)
{
  KolSvgPt u, v;

  if (node->style == KOL_SVG_NODE_TOWN_DOT)
    {
      circle (out, node->pos, DOT_R, "fill=\"#000\" stroke=\"#fff\" stroke-width=\"2\"");
      return;
    }
  u = pt_dir (node->bar_angle);
  v = pt (-u.y, u.x);
  g_string_append (out, "<polygon points=\"");
  for (int c = 0; c < 4; c++)
    {
      double along = (c == 0 || c == 3 ? -1 : 1) * BAR_LEN / 2;
      double across = (c < 2 ? -1 : 1) * BAR_W / 2;
      KolSvgPt p = pt_add (node->pos, pt_add (pt_scale (u, along), pt_scale (v, across)));

      if (c > 0)
        g_string_append_c (out, ' ');
      _kol_svg_pt (out, p);
    }
  g_string_append (out, "\" fill=\"#000\" stroke=\"#fff\" stroke-width=\"1.5\"/>\n");
}

/**
 * _kol_svg_draw_tile_body:
 *
 * Track, then cities and towns over it.
 */
void
_kol_svg_draw_tile_body (GString          *out,
                         KolSvgTileLayout *lay)
{
  draw_track (out, lay);
  for (int n = 0; n < lay->tile->n_nodes; n++)
    {
      const KolSvgNode *node = &lay->nodes[n];

      if (node->style == KOL_SVG_NODE_CITY)
        draw_city (out, node);
      else if (node->style != KOL_SVG_NODE_HUB)
        draw_town (out, node);
    }
}

/* ------------------------------------------------------------- revenue */

static gboolean
revenue_equal (const KolRevenue *a,
               const KolRevenue *b)
{
  if (a->kind != b->kind || a->n != b->n || (a->kind == KOL_REVENUE_FIXED && a->fixed != b->fixed))
    return FALSE;
  for (int i = 0; i < a->n; i++)
    if (a->keys[i] != b->keys[i] || a->values[i] != b->values[i])
      return FALSE;
  return TRUE;
}

/* The colour a phase is known by: the newest tile colour it allows. */
static KolColor
phase_color (const KolTitle *title,
             int             phase)
{
  KolColor best = KOL_COLOR_WHITE;
  int rank = -1;

  if (phase < 0 || (guint) phase >= title->n_phases)
    return best;
  for (int c = 0; c < KOL_N_COLORS; c++)
    if ((title->phases[phase].tiles & (1u << c)) && kol_title_color_rank (title, c) > rank)
      {
        rank = kol_title_color_rank (title, c);
        best = (KolColor) c;
      }
  return best;
}

static double
revenue_box_width (int value)
{
  return ABS (value) >= 100 ? 31.0 : 24.0;
}

static void
draw_revenue_boxes (GString          *out,
                    const KolTitle   *title,
                    const KolRevenue *rev,
                    KolSvgBox         box)
{
  gboolean phases = rev->kind == KOL_REVENUE_BY_PHASE;
  double x = box.x - box.w / 2;

  for (int i = 0; i < rev->n; i++)
    {
      double w = revenue_box_width (rev->values[i]);
      KolColor color = phases ? phase_color (title, rev->keys[i]) : (KolColor) rev->keys[i];
      char value[16];

      g_string_append (out, "<rect x=\"");
      _kol_svg_num (out, x);
      g_string_append (out, "\" y=\"");
      _kol_svg_num (out, box.y - box.h / 2);
      g_string_append (out, "\" width=\"");
      _kol_svg_num (out, w);
      g_string_append (out, "\" height=\"");
      _kol_svg_num (out, box.h);
      g_string_append_printf (out, "\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\"/>\n",
                              _kol_svg_color_hex (color));
      g_snprintf (value, sizeof value, "%d", rev->values[i]);
      if (phases && (guint) rev->keys[i] < title->n_phases &&
          title->phases[rev->keys[i]].name != NULL)
        {
          _kol_svg_text (out, x + w / 2, box.y - box.h / 2 + 6, 8, NULL, "#000",
                         title->phases[rev->keys[i]].name);
          _kol_svg_text (out, x + w / 2, box.y + 4.5, 14, "bold", "#000", value);
        }
      else
        _kol_svg_text (out, x + w / 2, box.y, 14, "bold", "#000", value);
      x += w;
    }
}

static void
revenue_size (const KolRevenue *rev,
              double           *w,
              double           *h)
{
  if (rev->kind == KOL_REVENUE_FIXED)
    {
      *w = *h = 2 * REVENUE_R + 2;
      return;
    }
  *w = 0;
  for (int i = 0; i < rev->n; i++)
    *w += revenue_box_width (rev->values[i]);
  *h = rev->kind == KOL_REVENUE_BY_PHASE ? 28 : 20;
}

static void
draw_revenue_at (GString          *out,
                 KolSvgTileLayout *lay,
                 const KolRevenue *rev,
                 KolSvgPt          near,
                 double            weight)
{
  double w, h;
  KolSvgBox box;
  char value[16];

  revenue_size (rev, &w, &h);
  box = _kol_svg_place (lay, w, h, near, weight);
  if (rev->kind != KOL_REVENUE_FIXED)
    {
      draw_revenue_boxes (out, lay->title, rev, box);
      return;
    }
  circle (out, pt (box.x, box.y), REVENUE_R, "fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"");
  g_snprintf (value, sizeof value, "%d", rev->fixed);
  _kol_svg_text (out, box.x, box.y, ABS (rev->fixed) >= 100 ? 13 : 15, "bold", "#000", value);
}

/* Nodes whose revenue is worth printing: not nothing, not a pass-through. */
static gboolean
shows_revenue (const KolNodeDef *node)
{
  if (node->kind == KOL_NODE_JUNCTION)
    return FALSE;
  return !_kol_svg_revenue_is_zero (&node->revenue);
}

/* One revenue for the tile when every stop earns the same (as printed
 * tiles do), else one beside each stop. */
static void
draw_revenues (GString          *out,
               KolSvgTileLayout *lay)
{
  const KolTileDef *tile = lay->tile;
  const KolRevenue *shared = NULL;
  gboolean same = TRUE;
  KolSvgPt mean = pt (0, 0);
  int count = 0;

  for (int n = 0; n < tile->n_nodes; n++)
    {
      if (!shows_revenue (&tile->nodes[n]))
        continue;
      if (shared != NULL && !revenue_equal (shared, &tile->nodes[n].revenue))
        same = FALSE;
      shared = &tile->nodes[n].revenue;
      mean = pt_add (mean, lay->nodes[n].pos);
      count++;
    }
  if (count == 0)
    return;
  if (same)
    {
      draw_revenue_at (out, lay, shared, pt_scale (mean, 1.0 / count), count > 1 ? 0.3 : 1.0);
      return;
    }
  for (int n = 0; n < tile->n_nodes; n++)
    if (shows_revenue (&tile->nodes[n]))
      draw_revenue_at (out, lay, &tile->nodes[n].revenue, lay->nodes[n].pos, 2.0);
}

static void
draw_label (GString          *out,
            KolSvgTileLayout *lay)
{
  const char *label = lay->tile->label;
  KolSvgPt corner;
  double size = 30.0;
  KolSvgBox box;

  if (label[0] == '\0')
    return;
  corner = pt_scale (pt_dir (225.0 * DEG), 0.62 * KOL_SVG_A);
  box = _kol_svg_place (lay, _kol_svg_text_width (label, size) * 1.05, size * 0.8, corner, 0.4);
  _kol_svg_text (out, box.x, box.y, size, "bold", "#000", label);
}

/**
 * _kol_svg_draw_tile_items:
 *
 * Revenues and the label, placed clear of the track.
 */
void
_kol_svg_draw_tile_items (GString          *out,
                          KolSvgTileLayout *lay)
{
  draw_revenues (out, lay);
  draw_label (out, lay);
}

/* -------------------------------------------------------------- icons */

static void
draw_icon (GString          *out,
           KolSvgTileLayout *lay,
           const char       *id,
           KolSvgBox         box)
{
  KolColor color;
  g_autofree char *prefix = NULL;

  if (g_str_has_suffix (id, "_hex"))
    {
      prefix = g_strndup (id, strlen (id) - 4);
      if (kol_color_from_string (prefix, &color))
        {
          g_string_append_printf (out, "<g transform=\"translate(");
          _kol_svg_num (out, box.x);
          g_string_append_c (out, ' ');
          _kol_svg_num (out, box.y);
          g_string_append (out, ")\"><polygon points=\"");
          _kol_svg_hex_polygon (out, lay->layout, 0.11);
          g_string_append_printf (out, "\" fill=\"%s\" stroke=\"#000\" "
                                  "stroke-width=\"1.5\"/></g>\n", _kol_svg_color_hex (color));
          return;
        }
    }
  if (strcmp (id, "token") == 0)
    {
      circle (out, pt (box.x, box.y), 10, "fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"");
      circle (out, pt (box.x, box.y), 5.5, "fill=\"#000\"");
      return;
    }
  g_string_append (out, "<rect x=\"");
  _kol_svg_num (out, box.x - 11);
  g_string_append (out, "\" y=\"");
  _kol_svg_num (out, box.y - 11);
  g_string_append (out, "\" width=\"22\" height=\"22\" rx=\"4\" fill=\"#fff\" stroke=\"#000\"/>\n");
  prefix = g_utf8_substring (id, 0, MIN (2, g_utf8_strlen (id, -1)));
  _kol_svg_text (out, box.x, box.y, 11, "bold", "#000", prefix);
}

/**
 * _kol_svg_draw_icons:
 *
 * Small symbols (the bonus icons of 1840's Stadtbahn hexes), towards the
 * upper right corner.
 */
void
_kol_svg_draw_icons (GString          *out,
                     KolSvgTileLayout *lay,
                     GPtrArray        *icons)
{
  KolSvgPt corner = pt_scale (pt_dir (-45.0 * DEG), 0.62 * KOL_SVG_A);

  for (guint i = 0; icons != NULL && i < icons->len; i++)
    {
      const KolIconDef *icon = g_ptr_array_index (icons, i);
      KolSvgBox box = _kol_svg_place (lay, 26, 26, corner, 0.6);

      draw_icon (out, lay, icon->id != NULL ? icon->id : "?", box);
    }
}
