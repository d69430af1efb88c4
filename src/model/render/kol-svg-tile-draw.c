/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-svg-private.h"

#include <math.h>
#include <string.h>

/*
 * Drawing a tile once kol-svg-tile.c has laid it out: where text and
 * symbols go (the free spot nearest where they belong, clear of track and
 * cities), the background and frame, track in its styles (tapered into
 * off-board areas, lanes side by side), cities and towns, revenues (plain,
 * or boxes per phase), the label and icons. The layout decides geometry,
 * this file only how it looks, so each can change without the other.
 */

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
  double boundary = boundary_clearance (tables, b) + 2.0;
  double outside = 8.0 * MIN (boundary, 0.0);
  double clear = 6.0;

  if (24.0 + outside - penalty <= best)
    return -G_MAXDOUBLE;
  for (int k = 0; k < lay->n_boxes; k++)
    {
      double gap = box_gap (b, &lay->boxes[k]);

      clear = MIN (clear, gap);
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
  glong length;

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
  length = g_utf8_strlen (id, -1);
  prefix = g_utf8_substring (id, 0, MIN (2, length));
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
