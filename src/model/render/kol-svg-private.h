/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>

#include "kol-svg-renderer.h"

G_BEGIN_DECLS

/*
 * Internals of the SVG renderer shared by kol-svg-markup.c (numbers, text,
 * colours), kol-svg-tile.c (the layout of one tile), kol-svg-tile-draw.c
 * (its drawing) and kol-svg-renderer.c (hexes, boards, sheets).
 *
 * A tile is laid out once in hex-local user units: node positions, one
 * segment per path, and a list of occupied boxes (track, cities, text) that
 * the placement of revenues, labels, names and symbols avoids.
 */

#define KOL_SVG_R KOL_SVG_HEX_RADIUS
#define KOL_SVG_A (KOL_SVG_HEX_RADIUS * 0.86602540378443865)  /* apothem */
#define KOL_SVG_SLOT_R KOL_SVG_SLOT_RADIUS
#define KOL_SVG_MAX_BOXES 384

/* The sizes of a tile's track, town bars and dots and revenue circles, in
 * hex-local user units: for its layout (kol-svg-tile.c) and its drawing
 * (kol-svg-tile-draw.c). */
#define TRACK_W      KOL_SVG_TRACK_WIDTH
#define LANE_GAP     17.0
#define BAR_LEN      32.0
#define BAR_W        10.0
#define DOT_R        9.0
#define REVENUE_R    15.0
#define DEG          (G_PI / 180.0)

typedef struct
{
  double x, y;
} KolSvgPt;

/* Point arithmetic and the direction of an edge, for the layout and the
 * drawing of a tile. */
static inline KolSvgPt
pt (double x,
    double y)
{
  return (KolSvgPt) { x, y };
}

static inline KolSvgPt
pt_add (KolSvgPt a,
        KolSvgPt b)
{
  return pt (a.x + b.x, a.y + b.y);
}

static inline KolSvgPt
pt_sub (KolSvgPt a,
        KolSvgPt b)
{
  return pt (a.x - b.x, a.y - b.y);
}

static inline KolSvgPt
pt_scale (KolSvgPt a,
          double   s)
{
  return pt (a.x * s, a.y * s);
}

static inline double
pt_len (KolSvgPt a)
{
  return hypot (a.x, a.y);
}

static inline double
pt_dist (KolSvgPt a,
         KolSvgPt b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

static inline KolSvgPt
pt_dir (double radians)
{
  return pt (cos (radians), sin (radians));
}

static inline double
edge_radians (KolLayout layout,
              int       edge)
{
  return kol_hex_edge_angle (layout, ((edge % 6) + 6) % 6) * DEG;
}

typedef enum
{
  KOL_SVG_SEG_LINE,
  KOL_SVG_SEG_ARC,
  KOL_SVG_SEG_CUBIC,
} KolSvgSegKind;

typedef struct
{
  guint8   kind;     /* KolSvgSegKind */
  guint8   sweep;    /* arcs: SVG sweep flag */
  double   r;        /* arcs: radius */
  KolSvgPt p0, p1;   /* start and end */
  KolSvgPt c1, c2;   /* cubic control points */
  KolSvgPt centre;   /* arcs: centre */
} KolSvgSeg;

typedef enum
{
  KOL_SVG_NODE_HUB,       /* off-board or junction: track meets, no symbol */
  KOL_SVG_NODE_CITY,
  KOL_SVG_NODE_TOWN_BAR,
  KOL_SVG_NODE_TOWN_DOT,
} KolSvgNodeStyle;

typedef struct
{
  KolSvgPt pos;
  guint8   style;       /* KolSvgNodeStyle */
  guint8   placed;
  guint8   on_track;    /* sits on the curve between its two exits */
  guint8   n_exits;
  guint8   exits;       /* rotated edge mask, future track included */
  guint8   n_slots;
  double   bar_angle;   /* radians: the direction a town bar lies along */
  double   slot_r;
  double   extent;      /* radius of the node's footprint */
  KolSvgPt slots[KOL_MAX_HEX_SLOTS];
} KolSvgNode;

typedef struct
{
  double x, y;          /* centre */
  double w, h;
} KolSvgBox;

typedef struct
{
  const KolTitle   *title;
  const KolTileDef *tile;
  KolLayout         layout;
  int               rotation;
  KolSvgNode        nodes[KOL_MAX_NODES];
  KolSvgSeg         segs[KOL_MAX_PATHS];
  guint8            tapered[KOL_MAX_PATHS];
  char              bg[8];       /* background colour drawn, for text halos */
  int               n_boxes;
  KolSvgBox         boxes[KOL_SVG_MAX_BOXES];
} KolSvgTileLayout;

/* numbers and text */
void         _kol_svg_num          (GString    *out,
                                    double      value);
void         _kol_svg_pt           (GString    *out,
                                    KolSvgPt    p);
void         _kol_svg_text         (GString    *out,
                                    double      x,
                                    double      y,
                                    double      size,
                                    const char *weight,
                                    const char *fill,
                                    const char *text);
void         _kol_svg_text_halo    (GString    *out,
                                    double      x,
                                    double      y,
                                    double      size,
                                    const char *weight,
                                    const char *fill,
                                    const char *halo,
                                    const char *text);
double       _kol_svg_text_width   (const char *text,
                                    double      size);
const char  *_kol_svg_color_hex    (KolColor    color);
const char  *_kol_svg_text_color   (const char *background);
gboolean     _kol_svg_parse_rgb    (const char *color,
                                    int        *r,
                                    int        *g,
                                    int        *b);
KolSvgPt     _kol_svg_edge_mid     (KolLayout   layout,
                                    int         edge);
KolSvgPt     _kol_svg_corner       (KolLayout   layout,
                                    int         corner);
void         _kol_svg_hex_polygon  (GString    *out,
                                    KolLayout   layout,
                                    double      scale);

/* tile layout and drawing */
void      _kol_svg_layout_tile     (KolSvgTileLayout *lay,
                                    const KolTitle   *title,
                                    const KolTileDef *tile,
                                    int               rotation,
                                    KolLayout         layout);
void      _kol_svg_seg_data        (GString          *out,
                                    const KolSvgSeg  *seg,
                                    double            dx,
                                    double            dy);
void      _kol_svg_occupy          (KolSvgTileLayout *lay,
                                    KolSvgBox         box);
KolSvgBox _kol_svg_place           (KolSvgTileLayout *lay,
                                    double            w,
                                    double            h,
                                    KolSvgPt          near,
                                    double            weight);
void      _kol_svg_draw_background (GString          *out,
                                    KolSvgTileLayout *lay,
                                    KolColor          color,
                                    const char       *fill,
                                    const char       *frame,
                                    gboolean          light);
void      _kol_svg_draw_frame      (GString          *out,
                                    KolLayout         layout,
                                    const char       *frame);
void      _kol_svg_draw_tile_body  (GString          *out,
                                    KolSvgTileLayout *lay);
void      _kol_svg_draw_tile_items (GString          *out,
                                    KolSvgTileLayout *lay);
void      _kol_svg_draw_icons      (GString          *out,
                                    KolSvgTileLayout *lay,
                                    GPtrArray        *icons);

/* shared by the layout and the drawing of a tile */
const char *_kol_svg_path_draw       (const KolSvgTileLayout *lay,
                                      const KolPathDef       *p);
gboolean    _kol_svg_revenue_is_zero (const KolRevenue       *rev);

G_END_DECLS
