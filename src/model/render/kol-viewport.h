/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-engine-title.h"

G_BEGIN_DECLS

/*
 * What part of a board a map view shows: the zoom, the board point at the
 * centre of the widget, the widget's size and the board's bounds, and the
 * coordinate maths between board units (the SVG renderer's user units, in
 * which a hex has a circumradius of KOL_SVG_HEX_RADIUS) and widget pixels.
 *
 * A plain GObject without GTK, so that hit-testing and zooming around the
 * pointer, the bug-prone parts of a map widget, are tested without a display.
 *
 * The centre is kept so that the board fills the widget where it can: when
 * the board is wider (taller) than the widget at the current zoom, the view
 * never scrolls past its edges; when it is narrower, it is centred.
 */

#define KOL_TYPE_VIEWPORT (kol_viewport_get_type ())

G_DECLARE_FINAL_TYPE (KolViewport, kol_viewport, KOL, VIEWPORT, GObject)

/* Zoom factors of one step (keys, buttons) and the default zoom range, in
 * widget pixels per board unit: 0.5 draws hexes of circumradius 50 px. */
#define KOL_VIEWPORT_ZOOM_STEP     1.25
#define KOL_VIEWPORT_DEFAULT_ZOOM  0.5
#define KOL_VIEWPORT_MIN_ZOOM      0.05
#define KOL_VIEWPORT_MAX_ZOOM      4.0

KolViewport *kol_viewport_new              (void);

double       kol_viewport_get_zoom         (KolViewport    *self);
void         kol_viewport_set_zoom         (KolViewport    *self,
                                            double          zoom);
double       kol_viewport_get_min_zoom     (KolViewport    *self);
double       kol_viewport_get_max_zoom     (KolViewport    *self);
void         kol_viewport_set_zoom_range   (KolViewport    *self,
                                            double          min_zoom,
                                            double          max_zoom);

double       kol_viewport_get_center_x     (KolViewport    *self);
double       kol_viewport_get_center_y     (KolViewport    *self);
void         kol_viewport_set_center       (KolViewport    *self,
                                            double          x,
                                            double          y);

int          kol_viewport_get_width        (KolViewport    *self);
int          kol_viewport_get_height       (KolViewport    *self);
void         kol_viewport_set_size         (KolViewport    *self,
                                            int             width,
                                            int             height);

void         kol_viewport_get_bounds       (KolViewport    *self,
                                            double         *x,
                                            double         *y,
                                            double         *width,
                                            double         *height);
void         kol_viewport_set_bounds       (KolViewport    *self,
                                            double          x,
                                            double          y,
                                            double          width,
                                            double          height);

const KolTitle *kol_viewport_get_title (KolViewport    *self);
void            kol_viewport_set_title (KolViewport    *self,
                                        const KolTitle *title,
                                        guint           svg_flags);

/* ---- coordinates ---------------------------------------------------------- */

void         kol_viewport_board_to_widget  (KolViewport    *self,
                                            double          bx,
                                            double          by,
                                            double         *wx,
                                            double         *wy);
void         kol_viewport_widget_to_board  (KolViewport    *self,
                                            double          wx,
                                            double          wy,
                                            double         *bx,
                                            double         *by);
int          kol_viewport_hex_at           (KolViewport    *self,
                                            double          wx,
                                            double          wy);
gboolean     kol_viewport_hex_to_widget    (KolViewport    *self,
                                            int             hex,
                                            double         *wx,
                                            double         *wy);
void         kol_viewport_get_visible_area (KolViewport    *self,
                                            double         *x,
                                            double         *y,
                                            double         *width,
                                            double         *height);

/* ---- moving ---------------------------------------------------------------- */

void         kol_viewport_zoom_at          (KolViewport    *self,
                                            double          zoom,
                                            double          wx,
                                            double          wy);
void         kol_viewport_pan              (KolViewport    *self,
                                            double          dx,
                                            double          dy);
double       kol_viewport_get_fit_zoom     (KolViewport    *self);
void         kol_viewport_set_fit_room     (KolViewport    *self,
                                            double          pixels,
                                            double          margin);
void         kol_viewport_fit              (KolViewport    *self);
gboolean     kol_viewport_ensure_visible   (KolViewport    *self,
                                            double          bx,
                                            double          by,
                                            double          margin);

/* ---- scrolling (GtkScrollable adjustments) ---------------------------------- */

void         kol_viewport_get_content_size (KolViewport    *self,
                                            double         *width,
                                            double         *height);
void         kol_viewport_get_scroll       (KolViewport    *self,
                                            double         *x,
                                            double         *y);
void         kol_viewport_set_scroll       (KolViewport    *self,
                                            double          x,
                                            double          y);

G_END_DECLS
