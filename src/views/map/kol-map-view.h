/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-board-query.h"
#include "kol-tile-renderer.h"
#include "kol-viewport.h"

G_BEGIN_DECLS

/*
 * The board of a game, drawn by one widget: every hex as a texture
 * rasterized from the SVG renderer's picture of it, the coordinates around
 * the board, and overlays for the table (highlighted hexes and cities, a
 * tentative tile, routes, the selected hex). Zoom with the wheel, a pinch or
 * Ctrl+plus/minus, Ctrl+0 fits the board to the widget (actions
 * map.zoom-in, map.zoom-out, map.zoom-reset); until the user zooms, the board
 * is fitted again whenever the widget is resized;
 * pan by dragging or with the scrollbars of a GtkScrolledWindow around it.
 * With the keyboard, the arrow keys move the selected hex, Enter activates
 * it, R and Shift+R ask for a rotation.
 *
 * The view shows a copy of the game state given to kol_map_view_set_board();
 * call it again after every change. The state and its title are handles it
 * reads only through the model (kol-board-query.h, the SVG renderer). The
 * view never changes the game: what a click or a key means is the table's
 * business, through the signals.
 */

#define KOL_TYPE_MAP_VIEW (kol_map_view_get_type ())

G_DECLARE_FINAL_TYPE (KolMapView, kol_map_view, KOL, MAP_VIEW, GtkWidget)

/**
 * KolMapHighlight:
 * @KOL_MAP_HIGHLIGHT_NONE: not highlighted
 * @KOL_MAP_HIGHLIGHT_LAY: a hex where a tile may be laid
 * @KOL_MAP_HIGHLIGHT_UPGRADE: a hex whose tile may be upgraded
 * @KOL_MAP_HIGHLIGHT_TOKEN: a city a token may go to (cities), or a hex
 *   holding one
 * @KOL_MAP_HIGHLIGHT_ATTENTION: something the player should look at
 *   (a refused placement, a blocked hex)
 *
 * How an overlay marks a hex or a city.
 */
typedef enum
{
  KOL_MAP_HIGHLIGHT_NONE,
  KOL_MAP_HIGHLIGHT_LAY,
  KOL_MAP_HIGHLIGHT_UPGRADE,
  KOL_MAP_HIGHLIGHT_TOKEN,
  KOL_MAP_HIGHLIGHT_ATTENTION,
} KolMapHighlight;

#define KOL_TYPE_MAP_HIGHLIGHT (kol_map_highlight_get_type ())
GType kol_map_highlight_get_type (void);

/**
 * KolMapCity:
 * @hex: a hex index
 * @city: a city index on the hex's current tile (the board API's numbering)
 */
typedef struct
{
  gint16 hex;
  gint8  city;
} KolMapCity;

GtkWidget       *kol_map_view_new                (void);

void             kol_map_view_set_board    (KolMapView      *self,
                                            const KolEngine *engine);
const KolEngine *kol_map_view_get_board    (KolMapView       *self);
void             kol_map_view_update_title (KolMapView      *self,
                                            const KolEngine *engine);
KolViewport     *kol_map_view_get_viewport (KolMapView       *self);
KolTileRenderer *kol_map_view_get_renderer (KolMapView       *self);

int      kol_map_view_get_selected_hex     (KolMapView       *self);
void     kol_map_view_set_selected_hex     (KolMapView       *self,
                                            int               hex);
int      kol_map_view_get_hovered_hex      (KolMapView       *self);
gboolean kol_map_view_get_show_coordinates (KolMapView     *self);
void     kol_map_view_set_show_coordinates (KolMapView     *self,
                                            gboolean        show);
gboolean kol_map_view_get_rendering        (KolMapView       *self);

/* ---- overlays ------------------------------------------------------------ */

void            kol_map_view_set_hex_highlights  (KolMapView       *self,
                                                  KolMapHighlight   style,
                                                  const gint16     *hexes,
                                                  int               n_hexes);
KolMapHighlight kol_map_view_get_hex_highlight   (KolMapView       *self,
                                                  int               hex);
void            kol_map_view_set_city_highlights (KolMapView       *self,
                                                  const KolMapCity *cities,
                                                  int               n_cities);
void            kol_map_view_set_pointed_hexes   (KolMapView       *self,
                                                  const gint16     *hexes,
                                                  int               n_hexes);
guint           kol_map_view_get_n_pointed_hexes (KolMapView       *self);
void            kol_map_view_clear_highlights    (KolMapView       *self);

void             kol_map_view_set_tentative_tile (KolMapView       *self,
                                                  int               hex,
                                                  int               tile,
                                                  int               rotation);
gboolean         kol_map_view_get_tentative_tile (KolMapView       *self,
                                                  int              *hex,
                                                  int              *tile,
                                                  int              *rotation);

int              kol_map_view_add_route          (KolMapView       *self,
                                                  const KolRoute   *route,
                                                  const GdkRGBA    *color,
                                                  const char       *label);
int              kol_map_view_add_last_run       (KolMapView       *self,
                                                  const KolRoute   *route,
                                                  const GdkRGBA    *color,
                                                  const char       *label);
guint            kol_map_view_get_n_routes       (KolMapView       *self);
guint            kol_map_view_get_n_last_runs    (KolMapView       *self);
void             kol_map_view_clear_routes       (KolMapView       *self);

/* ---- hit-testing ----------------------------------------------------------- */

char            *kol_map_view_describe_hex       (KolMapView       *self,
                                                  int               hex);
gboolean         kol_map_view_pick               (KolMapView       *self,
                                                  double            x,
                                                  double            y,
                                                  int              *hex,
                                                  int              *node);

G_END_DECLS
