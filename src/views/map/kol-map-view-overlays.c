/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-map-view-private.h"
#include "kol-svg-renderer.h"
#include "kol-view-util.h"

/*
 * The overlays of the map view, what the table shows over the board:
 * highlighted hexes and cities, a tentative tile, routes. They are drawn by
 * kol-map-view-draw.c.
 */

void
_kol_map_view_route_overlay_free (gpointer data)
{
  KolMapRouteOverlay *route = data;

  g_free (route->label);
  g_free (route->nodes);
  g_clear_pointer (&route->paths, g_ptr_array_unref);
  g_free (route);
}

/* ------------------------------------------------------------ overlays */

/**
 * kol_map_view_set_hex_highlights:
 * @self: a map view
 * @style: how to mark the hexes
 * @hexes: (array length=n_hexes) (nullable): hex indices
 * @n_hexes: their number
 *
 * Marks @hexes with @style, replacing the hexes marked with @style before
 * (so legal lays and legal upgrades can be shown at once). A hex has one
 * style; the last call wins. %KOL_MAP_HIGHLIGHT_NONE unmarks @hexes.
 */
void
kol_map_view_set_hex_highlights (KolMapView      *self,
                                 KolMapHighlight  style,
                                 const gint16    *hexes,
                                 int              n_hexes)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  g_return_if_fail (n_hexes == 0 || hexes != NULL);
  if (self->title == NULL)
    return;
  for (guint h = 0; style != KOL_MAP_HIGHLIGHT_NONE && h < kol_board_query_n_hexes (self->title); h++)
    if (self->highlights[h] == style)
      self->highlights[h] = KOL_MAP_HIGHLIGHT_NONE;
  for (int i = 0; i < n_hexes; i++)
    if (hexes[i] >= 0 && (guint) hexes[i] < kol_board_query_n_hexes (self->title))
      self->highlights[hexes[i]] = style;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_map_view_get_hex_highlight:
 *
 * Returns: the style @hex is marked with
 */
KolMapHighlight
kol_map_view_get_hex_highlight (KolMapView *self,
                                int         hex)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), KOL_MAP_HIGHLIGHT_NONE);
  if (self->title == NULL || hex < 0 || (guint) hex >= kol_board_query_n_hexes (self->title))
    return KOL_MAP_HIGHLIGHT_NONE;
  return self->highlights[hex];
}

/**
 * kol_map_view_set_city_highlights:
 * @self: a map view
 * @cities: (array length=n_cities) (nullable): cities to ring
 * @n_cities: their number
 *
 * Rings the token slots of @cities (the cities a token may go to),
 * replacing the cities ringed before.
 */
void
kol_map_view_set_city_highlights (KolMapView       *self,
                                  const KolMapCity *cities,
                                  int               n_cities)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  g_return_if_fail (n_cities == 0 || cities != NULL);
  g_array_set_size (self->city_highlights, 0);
  if (n_cities > 0)
    g_array_append_vals (self->city_highlights, cities, n_cities);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_map_view_set_pointed_hexes:
 * @self: a map view
 * @hexes: (array length=n_hexes) (nullable): hexes
 * @n_hexes: their number
 *
 * Rings @hexes boldly: what the choice under the pointer concerns (a
 * line's home, a station marker it removes), replacing those before.
 */
void
kol_map_view_set_pointed_hexes (KolMapView   *self,
                                const gint16 *hexes,
                                int           n_hexes)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  g_array_set_size (self->pointed, 0);
  for (int i = 0; i < n_hexes; i++)
    if (self->title != NULL && hexes[i] >= 0 && (guint) hexes[i] < kol_board_query_n_hexes (self->title))
      g_array_append_val (self->pointed, hexes[i]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
kol_map_view_get_n_pointed_hexes (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), 0);
  return self->pointed->len;
}

/**
 * kol_map_view_clear_highlights:
 * @self: a map view
 *
 * Unmarks every hex and city.
 */
void
kol_map_view_clear_highlights (KolMapView *self)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  if (self->title != NULL)
    memset (self->highlights, 0, kol_board_query_n_hexes (self->title));
  g_array_set_size (self->city_highlights, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The tentative tile is drawn as the hex would look with it laid (tokens
 * moved, name and terrain kept): a copy of the state with the lay done. */
void
_kol_map_view_refresh_tentative (KolMapView *self)
{
  KolMapTentative *t = &self->tentative;
  g_autofree char *hex_key = NULL;

  g_clear_pointer (&t->key, g_free);
  g_clear_pointer (&t->engine, kol_board_query_free);
  if (t->hex < 0 || self->engine == NULL)
    return;
  t->engine = kol_board_query_with_tile (self->engine, t->hex, t->tile, t->rotation);
  if (t->engine == NULL)
    return;
  hex_key = kol_board_query_hex_key (t->engine, t->hex);
  t->key = g_strdup_printf ("g%d:%d:%d:%s:%u", t->hex, t->tile, t->rotation, hex_key, self->title_serial);
}

/**
 * kol_map_view_set_tentative_tile:
 * @self: a map view
 * @hex: the hex, or -1 to remove the tentative tile
 * @tile: a tile def index of the title
 * @rotation: 0..5
 *
 * Shows @tile on @hex as it would be laid (a tile the player is choosing,
 * before the action is applied), marked as tentative.
 */
void
kol_map_view_set_tentative_tile (KolMapView *self,
                                 int         hex,
                                 int         tile,
                                 int         rotation)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  if (self->title == NULL || hex < 0 || (guint) hex >= kol_board_query_n_hexes (self->title) ||
      tile < 0 || (guint) tile >= kol_board_query_n_tiles (self->title))
    hex = -1;
  self->tentative.hex = hex;
  self->tentative.tile = hex < 0 ? -1 : tile;
  self->tentative.rotation = ((rotation % 6) + 6) % 6;
  _kol_map_view_refresh_tentative (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_map_view_get_tentative_tile:
 * @self: a map view
 * @hex: (out) (optional): its hex
 * @tile: (out) (optional): its tile def index
 * @rotation: (out) (optional): its rotation
 *
 * Returns: %TRUE if a tentative tile is shown
 */
gboolean
kol_map_view_get_tentative_tile (KolMapView *self,
                                 int        *hex,
                                 int        *tile,
                                 int        *rotation)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), FALSE);
  if (hex != NULL)
    *hex = self->tentative.hex;
  if (tile != NULL)
    *tile = self->tentative.tile;
  if (rotation != NULL)
    *rotation = self->tentative.rotation;
  return self->tentative.hex >= 0;
}

/* Distinct colours for the trains of one run, readable over every tile
 * colour (no yellow, green or brown). */
static const char *const route_palette[] = {
  "#e01b24", "#1c71d8", "#9141ac", "#ff7800", "#26a269", "#c01c28", "#613583", "#000000",
};

/* The path of @route in board units, one cairo path per tile path. */
static GPtrArray *
route_paths (KolMapView     *self,
             const KolRoute *route)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_path_destroy);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);

  for (int i = 0; i < route->n_paths; i++)
    {
      g_autofree char *d = kol_svg_board_path_data (self->engine, route->paths[i].hex,
                                                    route->paths[i].path);

      cairo_new_path (cr);
      if (d != NULL && kol_view_append_svg_path (cr, d))
        g_ptr_array_add (paths, cairo_copy_path (cr));
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return paths;
}

/**
 * kol_map_view_add_route:
 * @self: a map view with a board
 * @route: a route on the board shown (its paths and stops)
 * @color: (nullable): its colour, or %NULL for the next one of a palette of
 *   distinct colours
 * @label: (nullable): text shown at its first stop, such as its revenue
 *
 * Draws @route over the board: its track along the tiles' paths, and its
 * stops (a route being drawn by hand may have stops and no paths yet; its
 * stops are then joined by dashed lines). The route is copied.
 *
 * Returns: the index of the route among those shown, -1 without a board
 *   (or for a route with hexes the board does not have)
 */
int
kol_map_view_add_route (KolMapView     *self,
                        const KolRoute *route,
                        const GdkRGBA  *color,
                        const char     *label)
{
  KolMapRouteOverlay *overlay;

  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), -1);
  g_return_val_if_fail (route != NULL, -1);
  g_return_val_if_fail (route->n_nodes >= 0 && route->n_paths >= 0, -1);
  if (self->engine == NULL)
    return -1;
  for (int i = 0; i < route->n_nodes; i++)
    g_return_val_if_fail (route->nodes[i].hex >= 0 &&
                          (guint) route->nodes[i].hex < kol_board_query_n_hexes (self->title), -1);
  for (int i = 0; i < route->n_paths; i++)
    g_return_val_if_fail (route->paths[i].hex >= 0 &&
                          (guint) route->paths[i].hex < kol_board_query_n_hexes (self->title), -1);
  overlay = g_new0 (KolMapRouteOverlay, 1);
  if (color != NULL)
    overlay->color = *color;
  else
    gdk_rgba_parse (&overlay->color, route_palette[self->routes->len % G_N_ELEMENTS (route_palette)]);
  overlay->label = g_strdup (label);
  overlay->n_nodes = route->n_nodes;
  overlay->nodes = g_memdup2 (route->nodes, sizeof (KolRouteNode) * MAX (route->n_nodes, 0));
  overlay->paths = route_paths (self, route);
  g_ptr_array_add (self->routes, overlay);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return (int) self->routes->len - 1;
}

/**
 * kol_map_view_add_last_run:
 * @self: a map view with a board
 * @route: a route of a company's last run
 * @color: its colour (the company's)
 * @label: (nullable): text shown at its first stop
 *
 * Like kol_map_view_add_route(), for a run already made: drawn fainter and
 * thinner, under the routes being drawn, and without paths it shows its
 * stops alone (a run is never shown as straight lines between its stops).
 *
 * Returns: the index of the route among those shown, or -1
 */
int
kol_map_view_add_last_run (KolMapView     *self,
                           const KolRoute *route,
                           const GdkRGBA  *color,
                           const char     *label)
{
  int index;

  g_return_val_if_fail (color != NULL, -1);
  index = kol_map_view_add_route (self, route, color, label);
  if (index >= 0)
    {
      KolMapRouteOverlay *overlay = g_ptr_array_index (self->routes, (guint) index);

      overlay->last_run = TRUE;
      /* under the routes being drawn: first in the list */
      g_ptr_array_steal_index (self->routes, (guint) index);
      g_ptr_array_insert (self->routes, 0, overlay);
      index = 0;
    }
  return index;
}

/* How many of the routes shown are last runs. */
guint
kol_map_view_get_n_last_runs (KolMapView *self)
{
  guint n = 0;

  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), 0);
  for (guint i = 0; i < self->routes->len; i++)
    n += ((KolMapRouteOverlay *) g_ptr_array_index (self->routes, i))->last_run;
  return n;
}

guint
kol_map_view_get_n_routes (KolMapView *self)
{
  g_return_val_if_fail (KOL_IS_MAP_VIEW (self), 0);
  return self->routes->len;
}

void
kol_map_view_clear_routes (KolMapView *self)
{
  g_return_if_fail (KOL_IS_MAP_VIEW (self));
  g_ptr_array_set_size (self->routes, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

