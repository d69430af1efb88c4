/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-svg-private.h"

#include <math.h>
#include <string.h>

/*
 * One tile laid out: where its nodes sit and the curve of every path (drawn
 * by kol-svg-tile-draw.c), after the conventions of 18xx.games and printed
 * 18xx tiles:
 *  - track between two edges is a straight line through the centre, or an
 *    arc centred on the corner (sharp curve, radius R/2) or on the centre of
 *    the hex across the middle edge (gentle curve, radius 3R/2);
 *  - a town on two exits sits on that curve, drawn as a bar across it;
 *  - track to a node runs straight, or leaves the edge square and bends
 *    towards a node that is off the edge's axis;
 *  - track into an off-board area tapers to a point.
 */

/* ------------------------------------------------------------ geometry */

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

const char *
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

gboolean
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
              {
                double d = pt_dist (cand, lay->nodes[m].pos) - lay->nodes[m].extent;

                score = MIN (score, d);
              }
          for (int x = 0; x < 6; x++)
            if (kol_tile_exits (tile, lay->rotation) & (1u << x))
              {
                double d = pt_dist (cand, _kol_svg_edge_mid (lay->layout, x)) + 10.0;

                score = MIN (score, d);
              }
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
        {
          double d = pt_dist (p, seg_point (&lay->segs[i], s / 16.0)) - TRACK_W;

          best = MIN (best, d);
        }
    }
  for (int n = 0; n < tile->n_nodes; n++)
    if (n != self && lay->nodes[n].placed)
      {
        double d = pt_dist (p, lay->nodes[n].pos) - lay->nodes[n].extent;

        best = MIN (best, d);
      }
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
      double clearance = point_clearance (lay, seg_point (&full, ts[i]), n, built);
      double c = MIN (clearance, 14.0) - fabs (ts[i] - 0.5) * 6.0;

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
      int by_length = (int) (pt_dist (seg->p0, seg->p1) / 7.0) + 1;
      int steps = MAX (2, by_length);

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

