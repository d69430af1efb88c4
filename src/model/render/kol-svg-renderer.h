/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * SVG pictures of tiles, hexes, tile sheets and whole boards, drawn the way
 * 18xx players know them (18xx.games' conventions): hex colours, track by
 * type and gauge, cities with their slots, towns, off-boards with revenue per
 * phase, labels, terrain and costs, borders, names, reservations and tokens.
 *
 * Plain C on GLib and the engine, no GTK: the views rasterize the text with
 * librsvg (and cache one texture per hex), print export hands it to cairo.
 *
 * Geometry is in SVG user units in which a hex has a circumradius of
 * KOL_SVG_HEX_RADIUS; the width and height attributes of a document scale
 * that to KolSvgOptions.hex_size. Output is deterministic: the same input
 * gives the same bytes in every locale.
 */

#define KOL_SVG_HEX_RADIUS 100.0
/* A city's token slot and a piece of track in the same units: printed
 * station tokens fit the slot, and a printed tile's bleed carries its
 * track. */
#define KOL_SVG_SLOT_RADIUS 25.0
#define KOL_SVG_TRACK_WIDTH 9.0

/**
 * KolSvgFlags:
 * @KOL_SVG_COORDS: write each hex's id in a corner of the hex
 * @KOL_SVG_AXES: write the letters and numbers of the coordinates around
 *   the board
 * @KOL_SVG_NO_NAMES: leave out location names
 * @KOL_SVG_NO_TOKENS: leave out tokens and reservations (for per-hex
 *   textures that the map view tokens separately)
 * @KOL_SVG_INITIAL_TOKENS: draw the title's initial tokens of corporations
 *   that have no token on the board yet (a freshly printed board)
 * @KOL_SVG_NO_BACKGROUND: leave the document background transparent
 */
typedef enum
{
  KOL_SVG_COORDS         = 1 << 0,
  KOL_SVG_AXES           = 1 << 1,
  KOL_SVG_NO_NAMES       = 1 << 2,
  KOL_SVG_NO_TOKENS      = 1 << 3,
  KOL_SVG_INITIAL_TOKENS = 1 << 4,
  KOL_SVG_NO_BACKGROUND  = 1 << 5,
} KolSvgFlags;

/**
 * KolSvgOptions:
 * @hex_size: circumradius of a hex in the document's output units
 *   (pixels for rasterizing, points for print); 0 means 50
 * @flags: #KolSvgFlags
 * @language: "ru" for Russian names where the data has them; %NULL or
 *   anything else for English
 */
typedef struct
{
  double      hex_size;
  guint       flags;
  const char *language;
} KolSvgOptions;

void  kol_svg_options_init   (KolSvgOptions *opts);

/* ---- whole documents ---------------------------------------------------- */

char *kol_svg_render_tile       (const KolTitle      *title,
                                 int                  tile,
                                 int                  rotation,
                                 const KolSvgOptions *opts);
char *kol_svg_render_tile_sheet (const KolTitle      *title,
                                 const KolSvgOptions *opts);
char *kol_svg_render_hex        (const KolEngine     *engine,
                                 int                  hex,
                                 const KolSvgOptions *opts);

/**
 * KolSvgLayer:
 * @KOL_SVG_LAYER_UNDER_TILES: after the background, before any hex
 * @KOL_SVG_LAYER_OVER_TILES: over the hexes and borders, under the tokens
 *   (highlights of hexes and routes)
 * @KOL_SVG_LAYER_TOP: over everything
 *
 * The places in a board where a #KolSvgLayerFunc may add its own SVG.
 */
typedef enum
{
  KOL_SVG_LAYER_UNDER_TILES,
  KOL_SVG_LAYER_OVER_TILES,
  KOL_SVG_LAYER_TOP,
} KolSvgLayer;

/**
 * KolSvgBoardGeometry:
 * @layout: flat or pointy
 * @min_x: user-space x of the document's left edge
 * @min_y: user-space y of the document's top edge
 * @width: width of the document in user units
 * @height: height of the document in user units
 * @scale: output units per user unit
 *
 * Where a title's hexes lie in a board document, so that views can place
 * overlays and hit-test without reading the SVG. Hex centres are
 * kol_hex_center() × KOL_SVG_HEX_RADIUS in user units.
 */
typedef struct
{
  KolLayout layout;
  double    min_x;
  double    min_y;
  double    width;
  double    height;
  double    scale;
} KolSvgBoardGeometry;

typedef void (*KolSvgLayerFunc) (GString                   *svg,
                                 KolSvgLayer                layer,
                                 const KolSvgBoardGeometry *geometry,
                                 gpointer                   user_data);

char *kol_svg_render_board   (const KolEngine     *engine,
                              const KolSvgOptions *opts,
                              KolSvgLayerFunc      layer_func,
                              gpointer             user_data);

/* ---- pieces, for views composing their own documents ----------------------
 * These append SVG elements in hex-local user units (centre 0,0). */

void  kol_svg_append_tile    (GString             *svg,
                              const KolTitle      *title,
                              const KolTileDef    *tile,
                              int                  rotation,
                              const KolSvgOptions *opts);
void  kol_svg_append_hex     (GString             *svg,
                              const KolEngine     *engine,
                              int                  hex,
                              const KolSvgOptions *opts);

/* ---- geometry ------------------------------------------------------------- */

void     kol_svg_board_geometry   (const KolTitle      *title,
                                   const KolSvgOptions *opts,
                                   KolSvgBoardGeometry *geometry);
void     kol_svg_board_hex_center (const KolTitle *title,
                                   int             hex,
                                   double         *x,
                                   double         *y);
/* The hex under a user-space point, or -1. */
int      kol_svg_board_hex_at     (const KolTitle *title,
                                   double          x,
                                   double          y);
/* Middle of an edge of a hex, in user space. */
void     kol_svg_board_edge_point (const KolTitle *title,
                                   int             hex,
                                   int             edge,
                                   double         *x,
                                   double         *y);
/* Centre of node @node of the tile on @hex now, in user space. */
gboolean kol_svg_board_node_point (const KolEngine *engine,
                                   int              hex,
                                   int              node,
                                   double          *x,
                                   double          *y);
/* Centre and radius of token slot @slot (over all cities) on @hex. */
gboolean kol_svg_board_slot_point (const KolEngine *engine,
                                   int              hex,
                                   int              slot,
                                   double          *x,
                                   double          *y,
                                   double          *radius);
/* The SVG path data ("d") of path @path of the tile on @hex, in user space,
 * for drawing routes over the board. */
char    *kol_svg_board_path_data  (const KolEngine *engine,
                                   int              hex,
                                   int              path);

/* Hex-local geometry of a tile (centre 0,0, circumradius KOL_SVG_HEX_RADIUS). */
gboolean kol_svg_tile_node_point  (const KolTitle   *title,
                                   const KolTileDef *tile,
                                   int               rotation,
                                   int               node,
                                   double           *x,
                                   double           *y);
char    *kol_svg_tile_path_data   (const KolTitle   *title,
                                   const KolTileDef *tile,
                                   int               rotation,
                                   int               path);
void     kol_svg_edge_point       (KolLayout         layout,
                                   int               edge,
                                   double           *x,
                                   double           *y);
/* The fill of a hex or tile of @color ("#fde900" for yellow). */
const char *kol_svg_color_fill    (KolColor          color);

G_END_DECLS
