/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include "kol-map-view-private.h"
#include "kol-svg-renderer.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolMapView:
 *
 * The board widget; see kol-map-view.h. This file holds its state, its
 * API and scrolling; the overlays' API is in kol-map-view-overlays.c,
 * drawing in kol-map-view-draw.c, input in kol-map-view-input.c.
 */

G_DEFINE_ENUM_TYPE (KolMapHighlight, kol_map_highlight,
                    G_DEFINE_ENUM_VALUE (KOL_MAP_HIGHLIGHT_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (KOL_MAP_HIGHLIGHT_LAY, "lay"),
                    G_DEFINE_ENUM_VALUE (KOL_MAP_HIGHLIGHT_UPGRADE, "upgrade"),
                    G_DEFINE_ENUM_VALUE (KOL_MAP_HIGHLIGHT_TOKEN, "token"),
                    G_DEFINE_ENUM_VALUE (KOL_MAP_HIGHLIGHT_ATTENTION, "attention"))

G_DEFINE_FINAL_TYPE_WITH_CODE (KolMapView, kol_map_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

enum {
  PROP_0,
  PROP_VIEWPORT,
  PROP_RENDERER,
  PROP_SELECTED_HEX,
  PROP_HOVERED_HEX,
  PROP_SHOW_COORDINATES,
  PROP_RENDERING,
  N_PROPS,
  /* GtkScrollable's, overridden: after N_PROPS so install_properties skips them */
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  HEX_ACTIVATED,
  HEX_HOVERED,
  NODE_ACTIVATED,
  ROTATE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ----------------------------------------------------------- rendering */

/**
 * kol_map_view_get_rendering:
 * @self: a map view
 *
 * Returns: %TRUE while the view still draws some hexes scaled or not at
 *   all because their textures at the current zoom are not ready (tests
 *   wait for %FALSE)
 */
gboolean
kol_map_view_get_rendering (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), FALSE);
  return self->engine != NULL &&
         (!self->settled || self->needs_textures ||
          kol_tile_renderer_get_n_pending (self->renderer) > 0);
}

static gboolean
notify_rendering_cb (gpointer data)
{
  KolMapView *self = data;
  gboolean rendering = kol_map_view_get_rendering (self);

  self->notify_id = 0;
  if (rendering != self->was_rendering)
    {
      self->was_rendering = rendering;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RENDERING]);
    }
  return G_SOURCE_REMOVE;
}

/* Notifies :rendering from the main loop, never from inside a snapshot. */
void
_kol_map_view_update_rendering (KolMapView *self)
{
  if (self->notify_id == 0)
    self->notify_id = g_idle_add (notify_rendering_cb, self);
}

static void
textures_ready_cb (KolMapView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _kol_map_view_update_rendering (self);
}

static gboolean
settle_cb (gpointer data)
{
  KolMapView *self = data;

  self->settle_id = 0;
  self->settled = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _kol_map_view_update_rendering (self);
  return G_SOURCE_REMOVE;
}

/* The zoom moved: draw what there is, scaled, and rasterize at the new
 * size once it has stayed still for a moment. */
void
_kol_map_view_settle_later (KolMapView *self)
{
  self->settled = FALSE;
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (KOL_MAP_VIEW_SETTLE_MS, settle_cb, self);
  _kol_map_view_update_rendering (self);
}

/* The circumradius of a hex in device pixels, the size textures are
 * requested at. */
int
_kol_map_view_texture_size (KolMapView *self)
{
  double px = kol_viewport_get_zoom (self->viewport) * KOL_SVG_HEX_RADIUS *
              gtk_widget_get_scale_factor (GTK_WIDGET (self));

  int size = (int) lround (px);

  return MAX (4, size);
}

/* ---------------------------------------------------------- scrolling */

static void
configure_adjustment (GtkAdjustment *adj,
                      double         value,
                      double         content,
                      double         page)
{
  double upper = MAX (content, page);

  if (adj == NULL)
    return;
  value = content <= page ? 0 : CLAMP (value, 0, upper - page);
  gtk_adjustment_configure (adj, value, 0, upper, page * 0.1, page * 0.9, page);
}

static void
update_adjustments (KolMapView *self)
{
  double cw, ch, x, y;

  kol_viewport_get_content_size (self->viewport, &cw, &ch);
  kol_viewport_get_scroll (self->viewport, &x, &y);
  self->updating_adjustments = TRUE;
  configure_adjustment (self->hadjustment, x, cw, kol_viewport_get_width (self->viewport));
  configure_adjustment (self->vadjustment, y, ch, kol_viewport_get_height (self->viewport));
  self->updating_adjustments = FALSE;
}

static void
adjustment_value_changed_cb (KolMapView *self)
{
  double x, y;

  if (self->updating_adjustments)
    return;
  kol_viewport_get_scroll (self->viewport, &x, &y);
  if (self->hadjustment != NULL && gtk_adjustment_get_upper (self->hadjustment) >
                                   gtk_adjustment_get_page_size (self->hadjustment))
    x = gtk_adjustment_get_value (self->hadjustment);
  if (self->vadjustment != NULL && gtk_adjustment_get_upper (self->vadjustment) >
                                   gtk_adjustment_get_page_size (self->vadjustment))
    y = gtk_adjustment_get_value (self->vadjustment);
  kol_viewport_set_scroll (self->viewport, x, y);
}

static void
set_adjustment (KolMapView     *self,
                GtkAdjustment **slot,
                GtkAdjustment  *adj,
                int             prop)
{
  if (*slot == adj)
    return;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed_cb, self);
  g_set_object (slot, adj);
  if (adj != NULL)
    g_signal_connect_swapped (adj, "value-changed", G_CALLBACK (adjustment_value_changed_cb), self);
  update_adjustments (self);
  g_object_notify (G_OBJECT (self), prop == PROP_HADJUSTMENT ? "hadjustment" : "vadjustment");
}

static void
viewport_changed_cb (KolMapView *self)
{
  update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
viewport_zoom_changed_cb (KolMapView *self)
{
  _kol_map_view_settle_later (self);
}

/* ------------------------------------------------------------ widget */

static void
kol_map_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = 48;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

static void
kol_map_view_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  KolMapView *self = KOL_MAP_VIEW (widget);
  gboolean resized = width != kol_viewport_get_width (self->viewport) ||
                     height != kol_viewport_get_height (self->viewport);

  kol_viewport_set_size (self->viewport, width, height);
  /* the board fills the window and follows its size until the user
   * zooms; the fit action (Ctrl+0) comes back to that */
  if ((self->fit_pending || (resized && !self->user_zoomed)) &&
      self->title != NULL && width > 0 && height > 0)
    {
      self->fit_pending = FALSE;
      kol_viewport_fit (self->viewport);
    }
  update_adjustments (self);
}

static void
kol_map_view_dispose (GObject *object)
{
  KolMapView *self = KOL_MAP_VIEW (object);

  g_clear_handle_id (&self->settle_id, g_source_remove);
  g_clear_handle_id (&self->notify_id, g_source_remove);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_value_changed_cb, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_value_changed_cb, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  g_clear_object (&self->viewport);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->routes, g_ptr_array_unref);
  g_clear_pointer (&self->axis_labels[0], g_array_unref);
  g_clear_pointer (&self->axis_labels[1], g_array_unref);

  G_OBJECT_CLASS (kol_map_view_parent_class)->dispose (object);
}

static void
kol_map_view_finalize (GObject *object)
{
  KolMapView *self = KOL_MAP_VIEW (object);

  g_clear_pointer (&self->engine, kol_board_query_free);
  g_clear_pointer (&self->hex_keys, g_strfreev);
  g_clear_pointer (&self->hex_serials, g_free);
  g_clear_pointer (&self->highlights, g_free);
  g_clear_pointer (&self->city_highlights, g_array_unref);
  g_clear_pointer (&self->pointed, g_array_unref);
  g_clear_pointer (&self->tentative.key, g_free);
  g_clear_pointer (&self->tentative.engine, kol_board_query_free);

  G_OBJECT_CLASS (kol_map_view_parent_class)->finalize (object);
}

static void
kol_map_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KolMapView *self = KOL_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_RENDERER:
      g_value_set_object (value, self->renderer);
      break;
    case PROP_SELECTED_HEX:
      g_value_set_int (value, self->selected_hex);
      break;
    case PROP_HOVERED_HEX:
      g_value_set_int (value, self->hovered_hex);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_RENDERING:
      g_value_set_boolean (value, kol_map_view_get_rendering (self));
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_map_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  KolMapView *self = KOL_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED_HEX:
      kol_map_view_set_selected_hex (self, g_value_get_int (value));
      break;
    case PROP_SHOW_COORDINATES:
      kol_map_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value), PROP_HADJUSTMENT);
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value), PROP_VADJUSTMENT);
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_map_view_class_init (KolMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_map_view_dispose;
  object_class->finalize = kol_map_view_finalize;
  object_class->get_property = kol_map_view_get_property;
  object_class->set_property = kol_map_view_set_property;
  widget_class->measure = kol_map_view_measure;
  widget_class->size_allocate = kol_map_view_size_allocate;
  widget_class->snapshot = _kol_map_view_snapshot;

  /**
   * KolMapView:viewport:
   *
   * Zoom and position; the view's own, for other widgets to follow.
   */
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, KOL_TYPE_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * KolMapView:renderer:
   *
   * The cache of hex textures.
   */
  properties[PROP_RENDERER] =
    g_param_spec_object ("renderer", NULL, NULL, KOL_TYPE_TILE_RENDERER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * KolMapView:selected-hex:
   *
   * The hex the keyboard is on, -1 for none. Drawn with an outline.
   */
  properties[PROP_SELECTED_HEX] =
    g_param_spec_int ("selected-hex", NULL, NULL, -1, G_MAXINT16, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * KolMapView:hovered-hex:
   *
   * The hex under the pointer, -1 for none.
   */
  properties[PROP_HOVERED_HEX] =
    g_param_spec_int ("hovered-hex", NULL, NULL, -1, G_MAXINT16, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * KolMapView:show-coordinates:
   *
   * Whether the letters and numbers of the coordinates are drawn around
   * the board.
   */
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * KolMapView:rendering:
   *
   * See kol_map_view_get_rendering().
   */
  properties[PROP_RENDERING] =
    g_param_spec_boolean ("rendering", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * KolMapView::hex-activated:
   * @self: the view
   * @hex: the hex index
   *
   * A hex was clicked (without dragging), or Enter was pressed on the
   * selected hex.
   */
  signals[HEX_ACTIVATED] =
    g_signal_new ("hex-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * KolMapView::hex-hovered:
   * @self: the view
   * @hex: the hex under the pointer now, or -1
   *
   * The pointer moved onto another hex or off the board.
   */
  signals[HEX_HOVERED] =
    g_signal_new ("hex-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * KolMapView::node-activated:
   * @self: the view
   * @hex: the hex index
   * @node: the node index on the hex's tile (a city, town or off-board)
   *
   * A node was clicked: a city's token slots, a town, an off-board's
   * revenue location (placing tokens, drawing routes). Emitted before
   * KolMapView::hex-activated for the same click.
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  /**
   * KolMapView::rotate-requested:
   * @self: the view
   * @step: 1 for clockwise (R), -1 for counter-clockwise (Shift+R)
   *
   * The player asked to turn the tentative tile; the table picks the next
   * legal rotation and calls kol_map_view_set_tentative_tile().
   */
  signals[ROTATE_REQUESTED] =
    g_signal_new ("rotate-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  _kol_map_view_class_init_input (widget_class);
  gtk_widget_class_set_css_name (widget_class, "kolmapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kol_map_view_init (KolMapView *self)
{
  self->viewport = kol_viewport_new ();
  self->renderer = kol_tile_renderer_new (TRUE);
  self->language = kol_game_word_language ();
  self->routes = g_ptr_array_new_with_free_func (_kol_map_view_route_overlay_free);
  self->city_highlights = g_array_new (FALSE, FALSE, sizeof (KolMapCity));
  self->pointed = g_array_new (FALSE, FALSE, sizeof (gint16));
  self->selected_hex = -1;
  self->hovered_hex = -1;
  self->tentative.hex = -1;
  self->show_coordinates = TRUE;
  self->settled = TRUE;
  _kol_map_view_update_fit_room (self);

  g_signal_connect_object (self->viewport, "notify", G_CALLBACK (viewport_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->viewport, "notify::zoom", G_CALLBACK (viewport_zoom_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->renderer, "textures-ready", G_CALLBACK (textures_ready_cb), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  -1);
  _kol_map_view_init_input (self);
}

/**
 * kol_map_view_new:
 *
 * Returns: (transfer floating): a map view without a board
 */
GtkWidget *
kol_map_view_new (void)
{
  return g_object_new (KOL_TYPE_MAP_VIEW, NULL);
}

/* -------------------------------------------------------------- board */

static void
rebuild_keys (KolMapView *self)
{
  guint n = kol_board_query_n_hexes (self->title);

  g_clear_pointer (&self->hex_keys, g_strfreev);
  self->hex_keys = g_new0 (char *, n + 1);
  for (guint h = 0; h < n; h++)
    {
      g_autofree char *key = kol_board_query_hex_key (self->engine, (int) h);

      self->hex_keys[h] = g_strdup_printf ("h%u:%s:%u", h, key,
                                           self->hex_serials != NULL ? self->hex_serials[h] : 0);
    }
}

/* The extent of the renderer's picture of one hex, in board units (it
 * leaves a margin around the hex for outlines). */
static void
measure_hex_document (KolMapView *self)
{
  KolSvgOptions opts;
  g_autofree char *svg = NULL;
  RsvgHandle *handle;
  double w = 0, h = 0;

  kol_svg_options_init (&opts);
  opts.hex_size = KOL_SVG_HEX_RADIUS;  /* one pixel per board unit */
  svg = kol_svg_render_hex (self->engine, 0, &opts);
  handle = svg != NULL ? rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), NULL)
                       : NULL;
  if (handle == NULL || !rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h))
    w = h = 2 * KOL_SVG_HEX_RADIUS;
  g_clear_object (&handle);
  self->doc_width = w;
  self->doc_height = h;
}

static void
clear_overlays (KolMapView *self)
{
  g_ptr_array_set_size (self->routes, 0);
  g_array_set_size (self->city_highlights, 0);
  g_array_set_size (self->pointed, 0);
  self->tentative.hex = -1;
  g_clear_pointer (&self->tentative.key, g_free);
  g_clear_pointer (&self->tentative.engine, kol_board_query_free);
  if (self->selected_hex >= 0)
    {
      self->selected_hex = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_HEX]);
    }
  if (self->hovered_hex >= 0)
    {
      self->hovered_hex = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED_HEX]);
    }
}

static void
set_title (KolMapView     *self,
           const KolTitle *title)
{
  self->title = title;
  kol_tile_renderer_clear (self->renderer);
  clear_overlays (self);
  g_clear_pointer (&self->highlights, g_free);
  g_clear_pointer (&self->hex_keys, g_strfreev);
  g_clear_pointer (&self->hex_serials, g_free);
  if (title != NULL)
    self->highlights = g_new0 (guint8, kol_board_query_n_hexes (title));
  kol_viewport_set_title (self->viewport, title, KOL_SVG_AXES);
  self->fit_pending = TRUE;
  self->user_zoomed = FALSE;
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/**
 * kol_map_view_set_board:
 * @self: a map view
 * @engine: (nullable): the game state to show, or %NULL for none
 *
 * Shows @engine's board: every hex's tile at its rotation, with its tokens
 * and reservations. The view keeps a copy of the state, so call this again
 * after every change (hexes whose picture did not change keep their
 * textures). Its title is not copied and must stay alive while the view
 * shows it (until the next call with another title, or %NULL).
 *
 * A new title resets the zoom to show the whole board and clears the
 * overlays; the same title keeps the view where it is, the overlays and
 * the selection.
 */
void
kol_map_view_set_board (KolMapView      *self,
                        const KolEngine *engine)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));

  if (engine == NULL)
    {
      if (self->title != NULL)
        set_title (self, NULL);
      _kol_map_view_build_axes (self);
      g_clear_pointer (&self->engine, kol_board_query_free);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      _kol_map_view_update_rendering (self);
      return;
    }
  if (self->engine == NULL)
    self->engine = kol_board_query_copy (engine);
  else
    kol_board_query_copy_into (self->engine, engine);
  if (kol_board_query_title (engine) != self->title)
    {
      set_title (self, kol_board_query_title (engine));
      measure_hex_document (self);
      _kol_map_view_build_axes (self);
    }
  rebuild_keys (self);
  _kol_map_view_refresh_tentative (self);
  self->needs_textures = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _kol_map_view_update_rendering (self);
}

/* Bumps the serial of every hex whose picture differs between the board
 * shown and @engine, so that only those are rasterized again. */
static void
bump_changed_hexes (KolMapView      *self,
                    const KolEngine *engine)
{
  guint n = kol_board_query_n_hexes (self->title);

  if (self->hex_serials == NULL)
    self->hex_serials = g_new0 (guint, n);
  for (guint h = 0; h < n; h++)
    {
      g_autofree char *before = _kol_map_view_hex_svg (self, self->engine, (int) h, 100);
      g_autofree char *after = _kol_map_view_hex_svg (self, engine, (int) h, 100);

      if (g_strcmp0 (before, after) != 0)
        self->hex_serials[h]++;
    }
}

/**
 * kol_map_view_update_title:
 * @self: a map view
 * @engine: a game on a title that is an edited version of the one shown
 *
 * For editors, whose every change loads the title again: shows @engine as
 * kol_map_view_set_board() does, but as long as the number of hexes is
 * the same, the zoom, the position, the selection and the highlights stay,
 * and only the hexes whose picture changed are drawn again. The title shown
 * before must stay alive until this returns. A tentative tile is removed.
 */
void
kol_map_view_update_title (KolMapView      *self,
                           const KolEngine *engine)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  g_return_if_fail (engine != NULL);

  if (self->engine == NULL || self->title == NULL || kol_board_query_title (engine) == self->title ||
      kol_board_query_n_hexes (kol_board_query_title (engine)) != kol_board_query_n_hexes (self->title))
    {
      kol_map_view_set_board (self, engine);
      return;
    }
  bump_changed_hexes (self, engine);
  self->title = kol_board_query_title (engine);
  self->title_serial++;
  self->tentative.hex = -1;
  kol_board_query_copy_into (self->engine, engine);
  kol_viewport_set_title (self->viewport, self->title, KOL_SVG_AXES);
  measure_hex_document (self);
  _kol_map_view_build_axes (self);
  rebuild_keys (self);
  _kol_map_view_refresh_tentative (self);
  self->needs_textures = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _kol_map_view_update_rendering (self);
}

/**
 * kol_map_view_get_board:
 *
 * Returns: (transfer none) (nullable): the view's copy of the game state
 */
const KolEngine *
kol_map_view_get_board (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), NULL);
  return self->engine;
}

/**
 * kol_map_view_get_viewport:
 *
 * Returns: (transfer none): the zoom and position of the view
 */
KolViewport *
kol_map_view_get_viewport (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), NULL);
  return self->viewport;
}

/**
 * kol_map_view_get_renderer:
 *
 * Returns: (transfer none): the texture cache
 */
KolTileRenderer *
kol_map_view_get_renderer (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), NULL);
  return self->renderer;
}

/* ----------------------------------------------------------- selection */

int
kol_map_view_get_selected_hex (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), -1);
  return self->selected_hex;
}

static void
update_accessible_description (KolMapView *self)
{
  g_autofree char *text = NULL;

  if (self->selected_hex >= 0)
    text = _kol_map_view_describe_hex (self, self->selected_hex, FALSE);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/**
 * kol_map_view_set_selected_hex:
 * @self: a map view
 * @hex: a hex index, or -1 for none
 *
 * Selects a hex (outlined; the arrow keys move from it; Enter activates
 * it). Out-of-range values select nothing.
 */
void
kol_map_view_set_selected_hex (KolMapView *self,
                               int         hex)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  if (self->title == NULL || hex < 0 || (guint) hex >= kol_board_query_n_hexes (self->title))
    hex = -1;
  if (self->selected_hex == hex)
    return;
  self->selected_hex = hex;
  update_accessible_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_HEX]);
}

/* Selects @hex and scrolls it into view (keyboard navigation). */
void
_kol_map_view_select_and_show (KolMapView *self,
                               int         hex)
{
  double bx, by;

  kol_map_view_set_selected_hex (self, hex);
  if (self->selected_hex < 0)
    return;
  kol_svg_board_hex_center (self->title, hex, &bx, &by);
  kol_viewport_ensure_visible (self->viewport, bx, by, KOL_SVG_HEX_RADIUS);
}

int
kol_map_view_get_hovered_hex (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), -1);
  return self->hovered_hex;
}

void
_kol_map_view_set_hovered (KolMapView *self,
                           int         hex)
{
  if (self->hovered_hex == hex)
    return;
  self->hovered_hex = hex;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED_HEX]);
  g_signal_emit (self, signals[HEX_HOVERED], 0, hex);
}

gboolean
kol_map_view_get_show_coordinates (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), FALSE);
  return self->show_coordinates;
}

void
kol_map_view_set_show_coordinates (KolMapView *self,
                                   gboolean    show)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  _kol_map_view_update_fit_room (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

void
_kol_map_view_emit_hex_activated (KolMapView *self,
                                  int         hex)
{
  g_signal_emit (self, signals[HEX_ACTIVATED], 0, hex);
}

void
_kol_map_view_emit_node_activated (KolMapView *self,
                                   int         hex,
                                   int         node)
{
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, hex, node);
}

void
_kol_map_view_emit_rotate (KolMapView *self,
                           int         step)
{
  g_signal_emit (self, signals[ROTATE_REQUESTED], 0, step);
}

/* Zooms by @factor around the widget point (@x, @y). */
void
_kol_map_view_zoom_by (KolMapView *self,
                       double      factor,
                       double      x,
                       double      y)
{
  double zoom = kol_viewport_get_zoom (self->viewport);

  self->user_zoomed = TRUE;
  kol_viewport_zoom_at (self->viewport, zoom * factor, x, y);
}

/* ---------------------------------------------------------- hit-testing */

/**
 * kol_map_view_pick:
 * @self: a map view
 * @x: widget x
 * @y: widget y
 * @hex: (out) (optional): the hex there, or -1
 * @node: (out) (optional): the node there (city slots, towns, off-board
 *   locations), or -1
 *
 * Returns: %TRUE if there is a hex at the point
 */
gboolean
kol_map_view_pick (KolMapView *self,
                   double      x,
                   double      y,
                   int        *hex,
                   int        *node)
{
  int h, n = -1;

  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), FALSE);
  h = self->engine != NULL ? kol_viewport_hex_at (self->viewport, x, y) : -1;
  if (h >= 0)
    {
      double bx, by;

      kol_viewport_widget_to_board (self->viewport, x, y, &bx, &by);
      n = kol_board_query_node_at (self->engine, h, bx, by);
    }
  if (hex != NULL)
    *hex = h;
  if (node != NULL)
    *node = n;
  return h >= 0;
}
