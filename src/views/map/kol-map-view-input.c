/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kol-map-view-private.h"
#include "kol-svg-renderer.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/*
 * Input of the map view: the pointer (click, drag, wheel, touchpad, pinch,
 * hover), the keyboard (bindings), the widget's actions, and the details a
 * tooltip and the accessible description give of a hex.
 */

/* Touchpad scrolling comes in pixels; Ctrl+scroll zooms by this much per
 * pixel. */
#define TOUCHPAD_ZOOM_PER_PX 0.01
/* A horizontal wheel click pans this many pixels. */
#define WHEEL_PAN_PX         48.0

static void
pointer_or_center (KolMapView *self,
                   double     *x,
                   double     *y)
{
  if (self->has_pointer)
    {
      *x = self->pointer_x;
      *y = self->pointer_y;
      return;
    }
  *x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  *y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
}

/* ---------------------------------------------------------------- actions */

static void
zoom_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolMapView *self = KOL_MAP_VIEW (widget);
  double x, y;

  if (g_str_equal (action_name, "map.zoom-reset"))
    {
      self->user_zoomed = FALSE;
      kol_viewport_fit (self->viewport);
      return;
    }
  /* keys zoom around the middle, like every viewer does */
  x = gtk_widget_get_width (widget) / 2.0;
  y = gtk_widget_get_height (widget) / 2.0;
  _kol_map_view_zoom_by (self, g_str_equal (action_name, "map.zoom-in")
                                 ? KOL_VIEWPORT_ZOOM_STEP : 1 / KOL_VIEWPORT_ZOOM_STEP, x, y);
}

static void
rotate_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  int step = g_variant_get_int32 (parameter);

  if (step != 0)
    _kol_map_view_emit_rotate (KOL_MAP_VIEW (widget), step > 0 ? 1 : -1);
}

static void
activate_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolMapView *self = KOL_MAP_VIEW (widget);

  if (self->selected_hex >= 0)
    _kol_map_view_emit_hex_activated (self, self->selected_hex);
}

/* The hex whose centre lies best in direction (@dx, @dy) from @hex's:
 * within 60° of it, nearest first, straighter breaking near-ties. On a
 * pointy map Left/Right cross a row, on a flat map Up/Down cross a column;
 * the diagonal neighbours are reached by two keys. */
int
_kol_map_view_neighbor_in_direction (KolMapView *self,
                                     int         hex,
                                     double      dx,
                                     double      dy)
{
  double x0, y0, best_score = G_MAXDOUBLE;
  int best = -1;

  kol_svg_board_hex_center (self->title, hex, &x0, &y0);
  for (guint h = 0; h < kol_board_query_n_hexes (self->title); h++)
    {
      double x, y, d, cosine, score;

      if ((int) h == hex)
        continue;
      kol_svg_board_hex_center (self->title, (int) h, &x, &y);
      d = hypot (x - x0, y - y0);
      cosine = ((x - x0) * dx + (y - y0) * dy) / d;
      if (cosine < 0.5 - 1e-9)
        continue;
      score = d * (2.0 - cosine);
      if (score < best_score - 1e-9)
        {
          best_score = score;
          best = (int) h;
        }
    }
  return best;
}

static gboolean
move_selection_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  KolMapView *self = KOL_MAP_VIEW (widget);
  double dx, dy, x, y;
  int next;

  if (self->title == NULL)
    return FALSE;
  g_variant_get (args, "(dd)", &dx, &dy);
  if (self->selected_hex < 0)
    {
      /* the first key press picks the hex in the middle of the view */
      next = kol_viewport_hex_at (self->viewport, gtk_widget_get_width (widget) / 2.0,
                                  gtk_widget_get_height (widget) / 2.0);
      for (guint h = 0; next < 0 && h < kol_board_query_n_hexes (self->title); h++)
        if (kol_viewport_hex_to_widget (self->viewport, (int) h, &x, &y) && x >= 0 && y >= 0 &&
            x <= gtk_widget_get_width (widget) && y <= gtk_widget_get_height (widget))
          next = (int) h;
      next = MAX (next, 0);
    }
  else
    {
      next = _kol_map_view_neighbor_in_direction (self, self->selected_hex, dx, dy);
      if (next < 0)
        {
          gtk_widget_error_bell (widget);
          return TRUE;
        }
    }
  _kol_map_view_select_and_show (self, next);
  return TRUE;
}

static void
add_move_binding (GtkWidgetClass *widget_class,
                  guint           key,
                  guint           keypad_key,
                  double          dx,
                  double          dy)
{
  gtk_widget_class_add_binding (widget_class, key, 0, move_selection_cb, "(dd)", dx, dy);
  gtk_widget_class_add_binding (widget_class, keypad_key, 0, move_selection_cb, "(dd)", dx, dy);
}

/**
 * _kol_map_view_class_init_input:
 *
 * Installs the actions and key bindings of KolMapView.
 */
void
_kol_map_view_class_init_input (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "map.zoom-reset", NULL, zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "map.rotate", "i", rotate_action_cb);
  gtk_widget_class_install_action (widget_class, "map.activate", NULL, activate_action_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK,
                                       "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK,
                                       "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK,
                                       "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK,
                                       "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK,
                                       "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "map.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK,
                                       "map.zoom-reset", NULL);

  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0);
  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, -1);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, 1);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "map.rotate", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, GDK_SHIFT_MASK, "map.rotate",
                                       "i", -1);
}

/* ---------------------------------------------------------------- pointer */

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               KolMapView     *self)
{
  self->drag_center_x = kol_viewport_get_center_x (self->viewport);
  self->drag_center_y = kol_viewport_get_center_y (self->viewport);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                KolMapView     *self)
{
  double zoom = kol_viewport_get_zoom (self->viewport);

  kol_viewport_set_center (self->viewport, self->drag_center_x - offset_x / zoom,
                           self->drag_center_y - offset_y / zoom);
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   KolMapView      *self)
{
  int hex, node;

  if (n_press != 1)
    return;
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  if (!kol_map_view_pick (self, x, y, &hex, &node))
    return;
  kol_map_view_set_selected_hex (self, hex);
  if (node >= 0)
    _kol_map_view_emit_node_activated (self, hex, node);
  _kol_map_view_emit_hex_activated (self, hex);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           KolMapView               *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double x, y;

  pointer_or_center (self, &x, &y);
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    {
      /* a mouse wheel zooms around the pointer, as maps do */
      if (dy != 0)
        _kol_map_view_zoom_by (self, pow (KOL_VIEWPORT_ZOOM_STEP, -dy), x, y);
      if (dx != 0)
        kol_viewport_pan (self->viewport, -dx * WHEEL_PAN_PX, 0);
      return TRUE;
    }
  /* a touchpad scrolls, and zooms with Ctrl */
  if (state & GDK_CONTROL_MASK)
    _kol_map_view_zoom_by (self, exp (-dy * TOUCHPAD_ZOOM_PER_PX), x, y);
  else
    kol_viewport_pan (self->viewport, -dx, -dy);
  return TRUE;
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               KolMapView       *self)
{
  self->gesture_zoom = kol_viewport_get_zoom (self->viewport);
  if (!gtk_gesture_get_bounding_box_center (gesture, &self->gesture_x, &self->gesture_y))
    pointer_or_center (self, &self->gesture_x, &self->gesture_y);
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       KolMapView     *self)
{
  /* a scale without a begin (synthesized gestures): around the pointer */
  if (self->gesture_zoom <= 0)
    {
      self->gesture_zoom = kol_viewport_get_zoom (self->viewport);
      pointer_or_center (self, &self->gesture_x, &self->gesture_y);
    }
  self->user_zoomed = TRUE;
  kol_viewport_zoom_at (self->viewport, self->gesture_zoom * scale, self->gesture_x,
                        self->gesture_y);
}

static void
zoom_end_cb (GtkGesture       *gesture,
             GdkEventSequence *sequence,
             KolMapView       *self)
{
  self->gesture_zoom = 0;
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           KolMapView               *self)
{
  int hex = -1;

  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;
  kol_map_view_pick (self, x, y, &hex, NULL);
  _kol_map_view_set_hovered (self, hex);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          KolMapView               *self)
{
  self->has_pointer = FALSE;
  _kol_map_view_set_hovered (self, -1);
}

/* ----------------------------------------------------------------- details */

/**
 * _kol_map_view_describe_hex:
 *
 * What a tooltip and the accessible description say of @hex (the model's
 * words: kol_board_query_describe_hex()).
 *
 * Returns: (transfer full) (nullable): the text, as Pango markup with
 *   @markup
 */
char *
_kol_map_view_describe_hex (KolMapView *self,
                            int         hex,
                            gboolean    markup)
{
  if (self->engine == NULL)
    return NULL;
  return kol_board_query_describe_hex (self->engine, hex, markup);
}

/**
 * kol_map_view_describe_hex:
 * @self: a map view
 * @hex: a hex index
 *
 * The details of a hex, as its tooltip shows them: id and name, tile,
 * revenue, terrain and its cost, station markers and reservations, a line
 * each, translated.
 *
 * Returns: (transfer full) (nullable): plain text, or %NULL for no hex
 */
char *
kol_map_view_describe_hex (KolMapView *self,
                           int         hex)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), NULL);
  return _kol_map_view_describe_hex (self, hex, FALSE);
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  KolMapView *self = KOL_MAP_VIEW (widget);
  g_autofree char *text = NULL;
  int hex = -1;
  double bx, by, x0, y0, x1, y1;

  /* nothing covers a popover over the board (the tile chooser) */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
      return FALSE;
  if (keyboard_mode)
    hex = self->selected_hex;
  else
    kol_map_view_pick (self, x, y, &hex, NULL);
  text = _kol_map_view_describe_hex (self, hex, TRUE);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, text);
  /* a new tooltip when the pointer reaches another hex */
  kol_svg_board_hex_center (self->title, hex, &bx, &by);
  kol_viewport_board_to_widget (self->viewport, bx - KOL_SVG_HEX_RADIUS * 0.8,
                                by - KOL_SVG_HEX_RADIUS * 0.8, &x0, &y0);
  kol_viewport_board_to_widget (self->viewport, bx + KOL_SVG_HEX_RADIUS * 0.8,
                                by + KOL_SVG_HEX_RADIUS * 0.8, &x1, &y1);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) x0, (int) y0, (int) (x1 - x0),
                                                       (int) (y1 - y0) });
  return TRUE;
}

/**
 * _kol_map_view_init_input:
 *
 * Adds the event controllers of a new map view.
 */
void
_kol_map_view_init_input (KolMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  g_signal_connect (zoom, "end", G_CALLBACK (zoom_end_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, scroll);

  g_signal_connect (motion, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, motion);

  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}
