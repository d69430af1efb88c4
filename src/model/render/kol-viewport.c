/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "kol-svg-renderer.h"
#include "kol-viewport.h"

/**
 * KolViewport:
 *
 * Zoom, centre, widget size and board bounds of a map view, and the
 * transforms between board units and widget pixels:
 *
 *   widget = (board - centre) × zoom + size / 2
 *
 * Every change goes through apply(), which keeps the centre inside the
 * board and notifies exactly the properties whose values changed.
 */
struct _KolViewport
{
  GObject parent_instance;

  double zoom;
  double min_zoom;
  double max_zoom;
  double center_x;
  double center_y;
  int    width;
  int    height;
  double bounds_x;
  double bounds_y;
  double bounds_width;
  double bounds_height;
  double fit_pixels;      /* room kept at each edge when fitting, in pixels */
  double fit_margin;      /* of the bounds, what that room may take */

  const KolTitle *title;  /* not owned; for hex lookups */
};

G_DEFINE_FINAL_TYPE (KolViewport, kol_viewport, G_TYPE_OBJECT)

/* The transforms divide by the zoom. */
#define SMALLEST_ZOOM 1e-6

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_MIN_ZOOM,
  PROP_MAX_ZOOM,
  PROP_CENTER_X,
  PROP_CENTER_Y,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_BOUNDS_X,
  PROP_BOUNDS_Y,
  PROP_BOUNDS_WIDTH,
  PROP_BOUNDS_HEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The whole state, so that a change can be computed first and notified
 * property by property afterwards. */
typedef struct
{
  double zoom, min_zoom, max_zoom;
  double center_x, center_y;
  int    width, height;
  double bounds_x, bounds_y, bounds_width, bounds_height;
} ViewState;

static ViewState
get_state (KolViewport *self)
{
  return (ViewState) {
    self->zoom, self->min_zoom, self->max_zoom, self->center_x, self->center_y,
    self->width, self->height, self->bounds_x, self->bounds_y, self->bounds_width,
    self->bounds_height,
  };
}

/* One axis: the centre stays where the widget shows only board, or in the
 * middle of the board when all of it fits. */
static double
constrain_axis (double center,
                double lower,
                double length,
                double visible)
{
  if (length <= visible)
    return lower + length / 2;
  return CLAMP (center, lower + visible / 2, lower + length - visible / 2);
}

static void
constrain (ViewState *s)
{
  s->zoom = CLAMP (s->zoom, s->min_zoom, s->max_zoom);
  s->center_x = constrain_axis (s->center_x, s->bounds_x, s->bounds_width, s->width / s->zoom);
  s->center_y = constrain_axis (s->center_y, s->bounds_y, s->bounds_height, s->height / s->zoom);
}

static void
notify_if (KolViewport *self,
           gboolean     changed,
           int          prop)
{
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
apply (KolViewport *self,
       ViewState    s)
{
  ViewState old = get_state (self);

  constrain (&s);
  self->zoom = s.zoom;
  self->min_zoom = s.min_zoom;
  self->max_zoom = s.max_zoom;
  self->center_x = s.center_x;
  self->center_y = s.center_y;
  self->width = s.width;
  self->height = s.height;
  self->bounds_x = s.bounds_x;
  self->bounds_y = s.bounds_y;
  self->bounds_width = s.bounds_width;
  self->bounds_height = s.bounds_height;

  g_object_freeze_notify (G_OBJECT (self));
  notify_if (self, old.zoom != s.zoom, PROP_ZOOM);
  notify_if (self, old.min_zoom != s.min_zoom, PROP_MIN_ZOOM);
  notify_if (self, old.max_zoom != s.max_zoom, PROP_MAX_ZOOM);
  notify_if (self, old.center_x != s.center_x, PROP_CENTER_X);
  notify_if (self, old.center_y != s.center_y, PROP_CENTER_Y);
  notify_if (self, old.width != s.width, PROP_WIDTH);
  notify_if (self, old.height != s.height, PROP_HEIGHT);
  notify_if (self, old.bounds_x != s.bounds_x, PROP_BOUNDS_X);
  notify_if (self, old.bounds_y != s.bounds_y, PROP_BOUNDS_Y);
  notify_if (self, old.bounds_width != s.bounds_width, PROP_BOUNDS_WIDTH);
  notify_if (self, old.bounds_height != s.bounds_height, PROP_BOUNDS_HEIGHT);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
kol_viewport_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KolViewport *self = KOL_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM: g_value_set_double (value, self->zoom); break;
    case PROP_MIN_ZOOM: g_value_set_double (value, self->min_zoom); break;
    case PROP_MAX_ZOOM: g_value_set_double (value, self->max_zoom); break;
    case PROP_CENTER_X: g_value_set_double (value, self->center_x); break;
    case PROP_CENTER_Y: g_value_set_double (value, self->center_y); break;
    case PROP_WIDTH: g_value_set_int (value, self->width); break;
    case PROP_HEIGHT: g_value_set_int (value, self->height); break;
    case PROP_BOUNDS_X: g_value_set_double (value, self->bounds_x); break;
    case PROP_BOUNDS_Y: g_value_set_double (value, self->bounds_y); break;
    case PROP_BOUNDS_WIDTH: g_value_set_double (value, self->bounds_width); break;
    case PROP_BOUNDS_HEIGHT: g_value_set_double (value, self->bounds_height); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_viewport_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  KolViewport *self = KOL_VIEWPORT (object);
  ViewState s = get_state (self);

  switch (prop_id)
    {
    case PROP_ZOOM: s.zoom = g_value_get_double (value); break;
    case PROP_MIN_ZOOM: s.min_zoom = g_value_get_double (value); s.min_zoom = MIN (s.min_zoom, s.max_zoom); break;
    case PROP_MAX_ZOOM: s.max_zoom = g_value_get_double (value); s.max_zoom = MAX (s.max_zoom, s.min_zoom); break;
    case PROP_CENTER_X: s.center_x = g_value_get_double (value); break;
    case PROP_CENTER_Y: s.center_y = g_value_get_double (value); break;
    case PROP_WIDTH: s.width = g_value_get_int (value); break;
    case PROP_HEIGHT: s.height = g_value_get_int (value); break;
    case PROP_BOUNDS_X: s.bounds_x = g_value_get_double (value); break;
    case PROP_BOUNDS_Y: s.bounds_y = g_value_get_double (value); break;
    case PROP_BOUNDS_WIDTH: s.bounds_width = g_value_get_double (value); break;
    case PROP_BOUNDS_HEIGHT: s.bounds_height = g_value_get_double (value); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  apply (self, s);
}

static GParamSpec *
double_property (const char *name,
                 double      min,
                 double      max,
                 double      fallback)
{
  return g_param_spec_double (name, NULL, NULL, min, max, fallback,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                              G_PARAM_STATIC_STRINGS);
}

static void
kol_viewport_class_init (KolViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kol_viewport_get_property;
  object_class->set_property = kol_viewport_set_property;

  /**
   * KolViewport:zoom:
   *
   * Widget pixels per board unit, within [min-zoom, max-zoom].
   */
  properties[PROP_ZOOM] = double_property ("zoom", SMALLEST_ZOOM, G_MAXDOUBLE,
                                           KOL_VIEWPORT_DEFAULT_ZOOM);
  properties[PROP_MIN_ZOOM] = double_property ("min-zoom", SMALLEST_ZOOM, G_MAXDOUBLE,
                                               KOL_VIEWPORT_MIN_ZOOM);
  properties[PROP_MAX_ZOOM] = double_property ("max-zoom", SMALLEST_ZOOM, G_MAXDOUBLE,
                                               KOL_VIEWPORT_MAX_ZOOM);
  /**
   * KolViewport:center-x:
   *
   * The board x (in board units) shown in the middle of the widget.
   */
  properties[PROP_CENTER_X] = double_property ("center-x", -G_MAXDOUBLE, G_MAXDOUBLE, 0.0);
  properties[PROP_CENTER_Y] = double_property ("center-y", -G_MAXDOUBLE, G_MAXDOUBLE, 0.0);
  /**
   * KolViewport:width:
   *
   * Width of the widget in (logical) pixels.
   */
  properties[PROP_WIDTH] = g_param_spec_int ("width", NULL, NULL, 0, G_MAXINT, 0,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                             G_PARAM_STATIC_STRINGS);
  properties[PROP_HEIGHT] = g_param_spec_int ("height", NULL, NULL, 0, G_MAXINT, 0,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                              G_PARAM_STATIC_STRINGS);
  /**
   * KolViewport:bounds-x:
   *
   * Left edge of the board in board units; the bounds are the rectangle
   * the view may show (board and margins).
   */
  properties[PROP_BOUNDS_X] = double_property ("bounds-x", -G_MAXDOUBLE, G_MAXDOUBLE, 0.0);
  properties[PROP_BOUNDS_Y] = double_property ("bounds-y", -G_MAXDOUBLE, G_MAXDOUBLE, 0.0);
  properties[PROP_BOUNDS_WIDTH] = double_property ("bounds-width", 0.0, G_MAXDOUBLE, 0.0);
  properties[PROP_BOUNDS_HEIGHT] = double_property ("bounds-height", 0.0, G_MAXDOUBLE, 0.0);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_viewport_init (KolViewport *self)
{
  self->zoom = KOL_VIEWPORT_DEFAULT_ZOOM;
  self->min_zoom = KOL_VIEWPORT_MIN_ZOOM;
  self->max_zoom = KOL_VIEWPORT_MAX_ZOOM;
}

/**
 * kol_viewport_new:
 *
 * Returns: (transfer full): a viewport with no size and empty bounds
 */
KolViewport *
kol_viewport_new (void)
{
  return g_object_new (KOL_TYPE_VIEWPORT, NULL);
}

double
kol_viewport_get_zoom (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 1.0);
  return self->zoom;
}

/**
 * kol_viewport_set_zoom:
 * @self: a viewport
 * @zoom: widget pixels per board unit; clamped to the zoom range
 *
 * Zooms around the centre of the widget.
 */
void
kol_viewport_set_zoom (KolViewport *self,
                       double       zoom)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (zoom) && zoom > 0);
  s = get_state (self);
  s.zoom = zoom;
  apply (self, s);
}

double
kol_viewport_get_min_zoom (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0.0);
  return self->min_zoom;
}

double
kol_viewport_get_max_zoom (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0.0);
  return self->max_zoom;
}

/**
 * kol_viewport_set_zoom_range:
 * @self: a viewport
 * @min_zoom: the smallest zoom, > 0
 * @max_zoom: the largest zoom, ≥ @min_zoom
 *
 * Sets the range and clamps the zoom into it.
 */
void
kol_viewport_set_zoom_range (KolViewport *self,
                             double       min_zoom,
                             double       max_zoom)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  g_return_if_fail (min_zoom > 0 && max_zoom >= min_zoom);
  s = get_state (self);
  s.min_zoom = min_zoom;
  s.max_zoom = max_zoom;
  apply (self, s);
}

double
kol_viewport_get_center_x (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0.0);
  return self->center_x;
}

double
kol_viewport_get_center_y (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0.0);
  return self->center_y;
}

/**
 * kol_viewport_set_center:
 * @self: a viewport
 * @x: board x to show in the middle of the widget
 * @y: board y
 *
 * Moves the view; the centre is kept inside the board (see the type's
 * description), so it may end up elsewhere.
 */
void
kol_viewport_set_center (KolViewport *self,
                         double       x,
                         double       y)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  s = get_state (self);
  s.center_x = x;
  s.center_y = y;
  apply (self, s);
}

int
kol_viewport_get_width (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0);
  return self->width;
}

int
kol_viewport_get_height (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 0);
  return self->height;
}

/**
 * kol_viewport_set_size:
 * @self: a viewport
 * @width: widget width in pixels
 * @height: widget height in pixels
 *
 * The board point in the middle stays in the middle.
 */
void
kol_viewport_set_size (KolViewport *self,
                       int          width,
                       int          height)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  g_return_if_fail (width >= 0 && height >= 0);
  s = get_state (self);
  s.width = width;
  s.height = height;
  apply (self, s);
}

/**
 * kol_viewport_get_bounds:
 * @self: a viewport
 * @x: (out) (optional): left edge in board units
 * @y: (out) (optional): top edge
 * @width: (out) (optional): width in board units
 * @height: (out) (optional): height
 */
void
kol_viewport_get_bounds (KolViewport *self,
                         double      *x,
                         double      *y,
                         double      *width,
                         double      *height)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  if (x != NULL)
    *x = self->bounds_x;
  if (y != NULL)
    *y = self->bounds_y;
  if (width != NULL)
    *width = self->bounds_width;
  if (height != NULL)
    *height = self->bounds_height;
}

/**
 * kol_viewport_set_bounds:
 * @self: a viewport
 * @x: left edge of what may be shown, in board units
 * @y: top edge
 * @width: width, ≥ 0
 * @height: height, ≥ 0
 */
void
kol_viewport_set_bounds (KolViewport *self,
                         double       x,
                         double       y,
                         double       width,
                         double       height)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  g_return_if_fail (width >= 0 && height >= 0);
  s = get_state (self);
  s.bounds_x = x;
  s.bounds_y = y;
  s.bounds_width = width;
  s.bounds_height = height;
  apply (self, s);
}

/**
 * kol_viewport_get_title:
 *
 * Returns: (transfer none) (nullable): the title hexes are looked up in
 */
const KolTitle *
kol_viewport_get_title (KolViewport *self)
{
  g_return_val_if_fail (KOL_IS_VIEWPORT (self), NULL);
  return self->title;
}

/**
 * kol_viewport_set_title:
 * @self: a viewport
 * @title: (nullable): the title whose board is shown; not copied, it must
 *   outlive its use here (until the next call)
 * @svg_flags: the #KolSvgFlags the board is drawn with, for its margins
 *   (%KOL_SVG_AXES leaves room for the coordinates)
 *
 * Sets the bounds to the board of @title as kol_svg_board_geometry() lays
 * it out (empty without a title), for kol_viewport_hex_at() and friends.
 */
void
kol_viewport_set_title (KolViewport    *self,
                        const KolTitle *title,
                        guint           svg_flags)
{
  KolSvgBoardGeometry geom = { 0 };
  KolSvgOptions opts;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  self->title = title;
  if (title != NULL)
    {
      kol_svg_options_init (&opts);
      opts.flags = svg_flags;
      kol_svg_board_geometry (title, &opts, &geom);
    }
  kol_viewport_set_bounds (self, geom.min_x, geom.min_y, geom.width, geom.height);
}

/**
 * kol_viewport_board_to_widget:
 * @self: a viewport
 * @bx: board x
 * @by: board y
 * @wx: (out): widget x
 * @wy: (out): widget y
 */
void
kol_viewport_board_to_widget (KolViewport *self,
                              double       bx,
                              double       by,
                              double      *wx,
                              double      *wy)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  *wx = (bx - self->center_x) * self->zoom + self->width / 2.0;
  *wy = (by - self->center_y) * self->zoom + self->height / 2.0;
}

/**
 * kol_viewport_widget_to_board:
 * @self: a viewport
 * @wx: widget x
 * @wy: widget y
 * @bx: (out): board x
 * @by: (out): board y
 */
void
kol_viewport_widget_to_board (KolViewport *self,
                              double       wx,
                              double       wy,
                              double      *bx,
                              double      *by)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  *bx = (wx - self->width / 2.0) / self->zoom + self->center_x;
  *by = (wy - self->height / 2.0) / self->zoom + self->center_y;
}

/**
 * kol_viewport_hex_at:
 * @self: a viewport with a title
 * @wx: widget x
 * @wy: widget y
 *
 * Returns: the index of the hex under the widget point, or -1
 */
int
kol_viewport_hex_at (KolViewport *self,
                     double       wx,
                     double       wy)
{
  double bx, by;

  g_return_val_if_fail (KOL_IS_VIEWPORT (self), -1);
  if (self->title == NULL)
    return -1;
  kol_viewport_widget_to_board (self, wx, wy, &bx, &by);
  return kol_svg_board_hex_at (self->title, bx, by);
}

/**
 * kol_viewport_hex_to_widget:
 * @self: a viewport with a title
 * @hex: a hex index
 * @wx: (out): widget x of the hex's centre
 * @wy: (out): widget y
 *
 * Returns: %FALSE if there is no title or no such hex
 */
gboolean
kol_viewport_hex_to_widget (KolViewport *self,
                            int          hex,
                            double      *wx,
                            double      *wy)
{
  double bx, by;

  g_return_val_if_fail (KOL_IS_VIEWPORT (self), FALSE);
  if (self->title == NULL || hex < 0 || (guint) hex >= self->title->n_hexes)
    return FALSE;
  kol_svg_board_hex_center (self->title, hex, &bx, &by);
  kol_viewport_board_to_widget (self, bx, by, wx, wy);
  return TRUE;
}

/**
 * kol_viewport_get_visible_area:
 * @self: a viewport
 * @x: (out): board x of the widget's left edge
 * @y: (out): board y of its top edge
 * @width: (out): width the widget shows, in board units
 * @height: (out): height
 */
void
kol_viewport_get_visible_area (KolViewport *self,
                               double      *x,
                               double      *y,
                               double      *width,
                               double      *height)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  kol_viewport_widget_to_board (self, 0, 0, x, y);
  *width = self->width / self->zoom;
  *height = self->height / self->zoom;
}

/**
 * kol_viewport_zoom_at:
 * @self: a viewport
 * @zoom: the new zoom; clamped to the zoom range
 * @wx: widget x of the point to keep still (the pointer)
 * @wy: widget y
 *
 * Zooms so that the board point under (@wx, @wy) stays there, unless the
 * board's edges stop the view from following it.
 */
void
kol_viewport_zoom_at (KolViewport *self,
                      double       zoom,
                      double       wx,
                      double       wy)
{
  ViewState s;
  double bx, by;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (zoom) && zoom > 0);
  kol_viewport_widget_to_board (self, wx, wy, &bx, &by);
  s = get_state (self);
  s.zoom = CLAMP (zoom, s.min_zoom, s.max_zoom);
  s.center_x = bx - (wx - s.width / 2.0) / s.zoom;
  s.center_y = by - (wy - s.height / 2.0) / s.zoom;
  apply (self, s);
}

/**
 * kol_viewport_pan:
 * @self: a viewport
 * @dx: pixels to move the board right (a drag to the right)
 * @dy: pixels to move the board down
 */
void
kol_viewport_pan (KolViewport *self,
                  double       dx,
                  double       dy)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  kol_viewport_set_center (self, self->center_x - dx / self->zoom,
                           self->center_y - dy / self->zoom);
}

/**
 * kol_viewport_get_fit_zoom:
 * @self: a viewport
 *
 * Returns: the zoom (clamped to the range) at which the whole bounds fit
 *   the widget, or the current zoom when there is no size or no bounds yet
 */
double
kol_viewport_get_fit_zoom (KolViewport *self)
{
  double zoom;

  g_return_val_if_fail (KOL_IS_VIEWPORT (self), 1.0);
  if (self->width <= 0 || self->height <= 0 || self->bounds_width <= 0 || self->bounds_height <= 0)
    return self->zoom;
  zoom = MIN (self->width / self->bounds_width, self->height / self->bounds_height);
  if (self->fit_pixels > 0 && self->width > 2 * self->fit_pixels && self->height > 2 * self->fit_pixels &&
      self->bounds_width > 2 * self->fit_margin && self->bounds_height > 2 * self->fit_margin)
    zoom = MIN (zoom, MIN ((self->width - 2 * self->fit_pixels) / (self->bounds_width - 2 * self->fit_margin),
                           (self->height - 2 * self->fit_pixels) / (self->bounds_height - 2 * self->fit_margin)));
  return CLAMP (zoom, self->min_zoom, self->max_zoom);
}

/**
 * kol_viewport_set_fit_room:
 * @self: a viewport
 * @pixels: room to keep at each edge of the widget when fitting
 * @margin: the part of the bounds, at each edge, that may be that room
 *
 * A fitted board keeps @pixels at each edge however small the zoom makes
 * the bounds' own margin (the map's coordinates there stay readable and
 * do not cover the board). 0 fits the bounds alone.
 */
void
kol_viewport_set_fit_room (KolViewport *self,
                           double       pixels,
                           double       margin)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  self->fit_pixels = MAX (pixels, 0);
  self->fit_margin = MAX (margin, 0);
}

/**
 * kol_viewport_fit:
 * @self: a viewport
 *
 * Shows the whole board, centred.
 */
void
kol_viewport_fit (KolViewport *self)
{
  ViewState s;

  g_return_if_fail (KOL_IS_VIEWPORT (self));
  s = get_state (self);
  s.zoom = kol_viewport_get_fit_zoom (self);
  s.center_x = s.bounds_x + s.bounds_width / 2;
  s.center_y = s.bounds_y + s.bounds_height / 2;
  apply (self, s);
}

/**
 * kol_viewport_ensure_visible:
 * @self: a viewport
 * @bx: board x
 * @by: board y
 * @margin: board units to keep around the point
 *
 * Scrolls as little as possible to bring the point, with @margin around
 * it, into view (keyboard navigation over the board).
 *
 * Returns: %TRUE if the view moved
 */
gboolean
kol_viewport_ensure_visible (KolViewport *self,
                             double       bx,
                             double       by,
                             double       margin)
{
  double x, y, w, h, cx, cy;

  g_return_val_if_fail (KOL_IS_VIEWPORT (self), FALSE);
  kol_viewport_get_visible_area (self, &x, &y, &w, &h);
  margin = MIN (margin, MIN (w, h) / 2);
  cx = self->center_x;
  cy = self->center_y;
  /* with a little slack, so that rounding never scrolls by a hair */
  if (bx - margin < x - 1e-6)
    cx -= x - (bx - margin);
  else if (bx + margin > x + w + 1e-6)
    cx += bx + margin - (x + w);
  if (by - margin < y - 1e-6)
    cy -= y - (by - margin);
  else if (by + margin > y + h + 1e-6)
    cy += by + margin - (y + h);
  x = self->center_x;
  y = self->center_y;
  kol_viewport_set_center (self, cx, cy);
  /* the board's edges may keep the view where it was */
  return x != self->center_x || y != self->center_y;
}

/**
 * kol_viewport_get_content_size:
 * @self: a viewport
 * @width: (out): width of the bounds at the current zoom, in pixels
 * @height: (out): height
 */
void
kol_viewport_get_content_size (KolViewport *self,
                               double      *width,
                               double      *height)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  *width = self->bounds_width * self->zoom;
  *height = self->bounds_height * self->zoom;
}

/**
 * kol_viewport_get_scroll:
 * @self: a viewport
 * @x: (out): pixels between the bounds' left edge and the widget's
 * @y: (out): same, vertically
 *
 * The values of a scrollbar over the content (negative when the board is
 * smaller than the widget and centred in it).
 */
void
kol_viewport_get_scroll (KolViewport *self,
                         double      *x,
                         double      *y)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  *x = (self->center_x - self->bounds_x) * self->zoom - self->width / 2.0;
  *y = (self->center_y - self->bounds_y) * self->zoom - self->height / 2.0;
}

/**
 * kol_viewport_set_scroll:
 * @self: a viewport
 * @x: pixels between the bounds' left edge and the widget's
 * @y: same, vertically
 */
void
kol_viewport_set_scroll (KolViewport *self,
                         double       x,
                         double       y)
{
  g_return_if_fail (KOL_IS_VIEWPORT (self));
  kol_viewport_set_center (self, self->bounds_x + (x + self->width / 2.0) / self->zoom,
                           self->bounds_y + (y + self->height / 2.0) / self->zoom);
}
