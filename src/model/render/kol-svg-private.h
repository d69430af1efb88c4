/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-svg-renderer.h"

G_BEGIN_DECLS

/*
 * Internals of the SVG renderer shared by kol-svg-tile.c (the layout and the
 * drawing of one tile) and kol-svg-renderer.c (hexes, boards, sheets).
 *
 * A tile is laid out once in hex-local user units: node positions, one
 * segment per path, and a list of occupied boxes (track, cities, text) that
 * the placement of revenues, labels, names and symbols avoids.
 */

#define KOL_SVG_R KOL_SVG_HEX_RADIUS
#define KOL_SVG_A (KOL_SVG_HEX_RADIUS * 0.86602540378443865)  /* apothem */
#define KOL_SVG_SLOT_R 25.0
#define KOL_SVG_MAX_BOXES 384

typedef struct
{
  double x, y;
} KolSvgPt;

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

G_END_DECLS
