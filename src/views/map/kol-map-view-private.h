/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-map-view.h"

G_BEGIN_DECLS

/*
 * The parts of KolMapView shared by its files: kol-map-view.c (the object,
 * its state and API, scrolling), kol-map-view-overlays.c (highlights,
 * tentative tile, routes), kol-map-view-draw.c (snapshot) and
 * kol-map-view-input.c (gestures, keys, actions, tooltips).
 */

/* How long the zoom must stay still before hexes are rasterized again at
 * the new size; until then the textures there are are drawn scaled. */
#define KOL_MAP_VIEW_SETTLE_MS 150

typedef struct
{
  GdkRGBA       color;
  char         *label;
  int           n_nodes;
  KolRouteNode *nodes;
  GPtrArray    *paths;     /* cairo_path_t*, in board units */
  gboolean      last_run;  /* a company's last run: faint, under the others */
} KolMapRouteOverlay;

typedef struct
{
  double       position;   /* board x of a column, y of a row */
  PangoLayout *layout;
} KolMapAxisLabel;

typedef struct
{
  gint16 hex;
  gint16 tile;
  gint8  rotation;
  char    *key;            /* cache key of its picture */
  KolEngine *engine;           /* the board with the tile laid, to draw the hex */
} KolMapTentative;

struct _KolMapView
{
  GtkWidget parent_instance;

  KolEngine         *engine;          /* our copy, or NULL */
  const KolTitle  *title;         /* game->title */
  KolViewport     *viewport;
  KolTileRenderer *renderer;
  const char      *language;      /* of the names drawn */

  /* per hex, rebuilt by set_board */
  char           **hex_keys;      /* cache keys: what the hex's picture shows */
  guint           *hex_serials;   /* bumped by update_title when a hex's picture
                                   * changed with its tile and rotation the same */
  guint            title_serial;  /* bumped by update_title (tentative key) */
  double           doc_width;     /* a hex picture's document, in board units */
  double           doc_height;
  GArray          *axis_labels[2]; /* KolMapAxisLabel: columns, rows */

  /* overlays */
  guint8          *highlights;    /* KolMapHighlight per hex */
  GArray          *city_highlights;  /* KolMapCity */
  GArray          *pointed;          /* gint16: hexes of the choice pointed at */
  KolMapTentative  tentative;
  GPtrArray       *routes;        /* KolMapRouteOverlay* */
  int              selected_hex;
  int              hovered_hex;
  gboolean         show_coordinates;

  /* scrolling */
  GtkAdjustment   *hadjustment;
  GtkAdjustment   *vadjustment;
  guint            hscroll_policy : 1;
  guint            vscroll_policy : 1;
  gboolean         updating_adjustments;

  /* zoom and gestures */
  gboolean         fit_pending;   /* fit the board at the next allocation */
  gboolean         user_zoomed;   /* the user zoomed: a resize keeps their zoom */
  gboolean         settled;       /* the zoom has stayed still */
  guint            settle_id;
  gboolean         needs_textures; /* the last frame lacked textures at its size */
  gboolean         was_rendering;
  guint            notify_id;
  double           pointer_x;
  double           pointer_y;
  gboolean         has_pointer;
  double           drag_center_x;
  double           drag_center_y;
  double           gesture_zoom;
  double           gesture_x;
  double           gesture_y;
};

/* kol-map-view.c */
int  _kol_map_view_texture_size        (KolMapView *self);
void _kol_map_view_update_fit_room    (KolMapView *self);
void _kol_map_view_zoom_by             (KolMapView *self,
                                        double      factor,
                                        double      x,
                                        double      y);
void _kol_map_view_update_rendering    (KolMapView *self);
void _kol_map_view_settle_later        (KolMapView *self);
void _kol_map_view_select_and_show     (KolMapView *self,
                                        int         hex);
void _kol_map_view_emit_hex_activated  (KolMapView *self,
                                        int         hex);
void _kol_map_view_emit_node_activated (KolMapView *self,
                                        int         hex,
                                        int         node);
void _kol_map_view_emit_rotate         (KolMapView *self,
                                        int         step);
void _kol_map_view_set_hovered         (KolMapView *self,
                                        int         hex);

/* kol-map-view.c */

/* kol-map-view-overlays.c */
void     _kol_map_view_route_overlay_free (gpointer    data);
void     _kol_map_view_refresh_tentative  (KolMapView *self);

/* kol-map-view-draw.c */
void     _kol_map_view_snapshot       (GtkWidget   *widget,
                                       GtkSnapshot *snapshot);
void     _kol_map_view_build_axes     (KolMapView  *self);
char    *_kol_map_view_hex_svg        (KolMapView      *self,
                                       const KolEngine *engine,
                                       int              hex,
                                       int              size);

/* kol-map-view-input.c */
void  _kol_map_view_class_init_input      (GtkWidgetClass *widget_class);
void  _kol_map_view_init_input            (KolMapView *self);
int   _kol_map_view_neighbor_in_direction (KolMapView *self,
                                           int         hex,
                                           double      dx,
                                           double      dy);
char *_kol_map_view_describe_hex          (KolMapView *self,
                                           int         hex,
                                           gboolean    markup);

G_END_DECLS
