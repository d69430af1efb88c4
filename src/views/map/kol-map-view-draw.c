/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "kol-map-view-private.h"
#include "kol-svg-renderer.h"

/*
 * Drawing the board: per hex one picture rasterized at the size the zoom
 * asks for (placed on whole device pixels, so it is copied, not filtered),
 * a flat placeholder where none exists yet, the tentative tile, one cairo
 * node with all the overlays, and the coordinates, which stay at the
 * widget's edges when the board's margins are scrolled away.
 *
 * The pictures are texture nodes, except under GSK's cairo renderer: GTK
 * 4.8 copies a texture into a new cairo surface, converting it pixel by
 * pixel, every time cairo draws it, which made a frame of the whole board
 * take 25–50 ms (profiled: a per-pixel loop inside libgtk and the clearing
 * of the new surfaces). There each picture is a small cairo node painting
 * the same pixels as a cairo surface: about 1.5 ms a frame
 * (tests/ui/bench-map-view.c).
 */

#define BOARD_FILL      "#f4f0e6"
#define AXIS_FONT_PX    12.0
#define AXIS_INK        "#555555"
#define ROUTE_WIDTH     14.0
#define ROUTE_STOP_R    13.0
#define LAST_RUN_ALPHA  0.6

static void
set_source_hex (cairo_t    *cr,
                const char *spec,
                double      alpha)
{
  GdkRGBA c;

  gdk_rgba_parse (&c, spec);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, alpha);
}

/* ------------------------------------------------------------ textures */

/**
 * _kol_map_view_hex_svg:
 *
 * The renderer's picture of @hex of @engine for a texture of hex size @size
 * (device pixels).
 */
char *
_kol_map_view_hex_svg (KolMapView      *self,
                       const KolEngine *engine,
                       int              hex,
                       int              size)
{
  KolSvgOptions opts;

  kol_svg_options_init (&opts);
  opts.hex_size = size;
  opts.language = self->language;
  opts.flags = KOL_SVG_NO_BACKGROUND;  /* the corners belong to the neighbours */
  return kol_svg_render_hex (engine, hex, &opts);
}

/* A picture to paint with cairo. */
typedef struct
{
  cairo_surface_t *surface;
  graphene_rect_t  rect;
  double           alpha;
} Paint;

typedef struct
{
  GtkSnapshot *snapshot;
  gboolean     use_cairo;    /* paint surfaces in cairo nodes, not textures */
  GArray      *paints;       /* Paint, waiting for flush_paints() */
  int          size;         /* wanted texture size */
  double       scale;        /* device pixels per logical pixel */
  int          tex_width;    /* texture size in device pixels at @size */
  int          tex_height;
  gboolean     missing;      /* some hex lacked its exact texture */
  GArray      *placeholders; /* hexes drawn flat */
} Frame;

/* Where the texture of a hex centred on board (bx, by) goes. An exact
 * texture is put on whole device pixels; another is scaled to the hex's
 * size. */
static graphene_rect_t
texture_rect (KolMapView  *self,
              const Frame *f,
              double       bx,
              double       by,
              gboolean     exact)
{
  double wx, wy, zoom = kol_viewport_get_zoom (self->viewport);

  kol_viewport_board_to_widget (self->viewport, bx, by, &wx, &wy);
  if (exact)
    {
      double x = round (wx * f->scale - f->tex_width / 2.0);
      double y = round (wy * f->scale - f->tex_height / 2.0);

      return GRAPHENE_RECT_INIT (x / f->scale, y / f->scale, f->tex_width / f->scale,
                                 f->tex_height / f->scale);
    }
  return GRAPHENE_RECT_INIT (wx - self->doc_width * zoom / 2, wy - self->doc_height * zoom / 2,
                             self->doc_width * zoom, self->doc_height * zoom);
}

/* The texture of @key at the frame's size, asking for it when missing; the
 * nearest size meanwhile. Rasterizing waits until the zoom is still, so a
 * pinch does not start a rasterization per frame. */
static GdkTexture *
get_texture (KolMapView       *self,
             Frame            *f,
             const char       *key,
             const KolEngine  *engine,
             int               hex,
             gboolean         *exact,
             cairo_surface_t **surface)
{
  int found = 0;
  GdkTexture *texture = kol_tile_renderer_lookup (self->renderer, key, f->size, &found, surface);

  *exact = texture != NULL && found == f->size;
  if (*exact)
    return texture;
  if (self->settled && !kol_tile_renderer_is_pending (self->renderer, key, f->size))
    {
      kol_tile_renderer_request (self->renderer, key, f->size,
                                 _kol_map_view_hex_svg (self, engine, hex, f->size),
                                 f->tex_width, f->tex_height);
      /* an unthreaded renderer has it already */
      texture = kol_tile_renderer_lookup (self->renderer, key, f->size, &found, surface);
      *exact = texture != NULL && found == f->size;
    }
  f->missing |= !*exact;
  return texture;
}

/* Draws a hex picture: a texture node, or under the cairo renderer a
 * surface painted by flush_paints() (see the top of this file). */
static void
add_picture (Frame                 *f,
             GdkTexture            *texture,
             cairo_surface_t       *surface,
             const graphene_rect_t *rect,
             double                 alpha)
{
  if (f->use_cairo)
    {
      Paint paint = { surface, *rect, alpha };

      g_array_append_val (f->paints, paint);
      return;
    }
  if (alpha < 1.0)
    gtk_snapshot_push_opacity (f->snapshot, alpha);
  gtk_snapshot_append_texture (f->snapshot, texture, rect);
  if (alpha < 1.0)
    gtk_snapshot_pop (f->snapshot);
}

/* Paints the pictures collected so far, each in a cairo node of its own
 * size: cairo replays a node through a scratch image of the node's extent,
 * so small nodes keep that cheap. An exact picture lands on whole device
 * pixels at its own size, so cairo copies it. */
static void
flush_paints (Frame *f)
{
  for (guint i = 0; i < f->paints->len; i++)
    {
      const Paint *p = &g_array_index (f->paints, Paint, i);
      int w = cairo_image_surface_get_width (p->surface);
      int h = cairo_image_surface_get_height (p->surface);
      cairo_t *cr = gtk_snapshot_append_cairo (f->snapshot, &p->rect);

      cairo_translate (cr, p->rect.origin.x, p->rect.origin.y);
      cairo_scale (cr, p->rect.size.width / w, p->rect.size.height / h);
      cairo_set_source_surface (cr, p->surface, 0, 0);
      if (p->alpha < 1.0)
        cairo_paint_with_alpha (cr, p->alpha);
      else
        cairo_paint (cr);
      cairo_destroy (cr);
    }
  g_array_set_size (f->paints, 0);
}

static gboolean
hex_visible (KolMapView            *self,
             double                 bx,
             double                 by,
             const graphene_rect_t *visible)
{
  graphene_rect_t r = GRAPHENE_RECT_INIT (bx - self->doc_width / 2, by - self->doc_height / 2,
                                          self->doc_width, self->doc_height);

  return graphene_rect_intersection (&r, visible, NULL);
}

static void
draw_hexes (KolMapView            *self,
            Frame                 *f,
            const graphene_rect_t *visible)
{
  for (guint h = 0; h < kol_board_query_n_hexes (self->title); h++)
    {
      double bx, by;
      gboolean exact;
      GdkTexture *texture;
      cairo_surface_t *surface;
      graphene_rect_t rect;

      kol_svg_board_hex_center (self->title, (int) h, &bx, &by);
      if (!hex_visible (self, bx, by, visible))
        continue;
      texture = get_texture (self, f, self->hex_keys[h], self->engine, (int) h, &exact, &surface);
      if (texture == NULL)
        {
          g_array_append_val (f->placeholders, h);
          continue;
        }
      rect = texture_rect (self, f, bx, by, exact);
      add_picture (f, texture, surface, &rect, 1.0);
    }
}

static void
draw_tentative (KolMapView *self,
                Frame      *f)
{
  const KolMapTentative *t = &self->tentative;
  GdkTexture *texture;
  cairo_surface_t *surface;
  gboolean exact;
  graphene_rect_t rect;
  double bx, by;

  if (t->hex < 0 || t->key == NULL)
    return;
  texture = get_texture (self, f, t->key, t->engine, t->hex, &exact, &surface);
  if (texture == NULL)
    return;
  kol_svg_board_hex_center (self->title, t->hex, &bx, &by);
  rect = texture_rect (self, f, bx, by, exact);
  add_picture (f, texture, surface, &rect, 0.92);
}

/* ------------------------------------------------------------ overlays */

static void
hex_path (cairo_t  *cr,
          KolLayout layout,
          double    bx,
          double    by,
          double    radius)
{
  for (int e = 0; e < 6; e++)
    {
      double x, y;

      kol_board_query_hex_corner (layout, e, &x, &y);
      if (e == 0)
        cairo_move_to (cr, bx + radius * x, by + radius * y);
      else
        cairo_line_to (cr, bx + radius * x, by + radius * y);
    }
  cairo_close_path (cr);
}

static const char *
color_fill (KolColor color)
{
  switch (color)
    {
    case KOL_COLOR_YELLOW: return "#f6e05e";
    case KOL_COLOR_GREEN: return "#6fbf73";
    case KOL_COLOR_BROWN: return "#b9834f";
    case KOL_COLOR_GRAY: return "#bdbdbd";
    case KOL_COLOR_RED: return "#e04a3f";
    case KOL_COLOR_PURPLE: return "#a89bd8";
    case KOL_COLOR_BLUE: return "#6fa8dc";
    case KOL_COLOR_WHITE:
    case KOL_N_COLORS:
    default:
      return "#ebe3cf";
    }
}

/* Hexes whose texture is not ready: their colour, so the board's shape
 * and colours show at once. */
static void
draw_placeholders (KolMapView *self,
                   cairo_t    *cr,
                   GArray     *hexes)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      int h = g_array_index (hexes, guint, i);
      KolColor color = kol_board_query_hex_color (self->engine, h);
      double bx, by;

      kol_svg_board_hex_center (self->title, h, &bx, &by);
      hex_path (cr, kol_board_query_layout (self->title), bx, by, KOL_SVG_HEX_RADIUS);
      set_source_hex (cr, color_fill (color), 1.0);
      cairo_fill_preserve (cr);
      set_source_hex (cr, "#3c3c3c", 1.0);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
}

static const char *
highlight_color (KolMapHighlight style)
{
  switch (style)
    {
    case KOL_MAP_HIGHLIGHT_LAY: return "#26a269";
    case KOL_MAP_HIGHLIGHT_UPGRADE: return "#1c71d8";
    case KOL_MAP_HIGHLIGHT_TOKEN: return "#9141ac";
    case KOL_MAP_HIGHLIGHT_ATTENTION: return "#e01b24";
    case KOL_MAP_HIGHLIGHT_NONE:
    default:
      return NULL;
    }
}

static void
draw_highlights (KolMapView *self,
                 cairo_t    *cr,
                 double      px)
{
  for (guint h = 0; h < kol_board_query_n_hexes (self->title); h++)
    {
      const char *color = highlight_color (self->highlights[h]);
      double bx, by;

      if (color == NULL)
        continue;
      kol_svg_board_hex_center (self->title, (int) h, &bx, &by);
      hex_path (cr, kol_board_query_layout (self->title), bx, by, KOL_SVG_HEX_RADIUS - 4 - 2 * px);
      set_source_hex (cr, color, 0.16);
      cairo_fill_preserve (cr);
      set_source_hex (cr, color, 0.95);
      cairo_set_line_width (cr, MAX (6.0, 3 * px));
      cairo_stroke (cr);
    }
}

static void
draw_city_highlights (KolMapView *self,
                      cairo_t    *cr,
                      double      px)
{
  for (guint i = 0; i < self->city_highlights->len; i++)
    {
      const KolMapCity *c = &g_array_index (self->city_highlights, KolMapCity, i);
      int n = kol_board_query_city_slots (self->engine, c->hex, c->city);

      for (int s = 0; s < n; s++)
        {
          int slot = kol_board_query_slot_index (self->engine, c->hex, c->city, s);
          double x, y, r;

          if (slot < 0 || !kol_svg_board_slot_point (self->engine, c->hex, slot, &x, &y, &r))
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, r + 3 + px, 0, 2 * G_PI);
          set_source_hex (cr, highlight_color (KOL_MAP_HIGHLIGHT_TOKEN), 0.25);
          cairo_fill_preserve (cr);
          set_source_hex (cr, highlight_color (KOL_MAP_HIGHLIGHT_TOKEN), 1.0);
          cairo_set_line_width (cr, MAX (5.0, 3 * px));
          cairo_stroke (cr);
        }
    }
}

/* Whether dark ink reads better than white over @c. */
static gboolean
is_light (const GdkRGBA *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue > 0.6;
}

static void
route_stop_point (KolMapView         *self,
                  const KolRouteNode *node,
                  double             *x,
                  double             *y)
{
  if (!kol_svg_board_node_point (self->engine, node->hex, node->node, x, y))
    kol_svg_board_hex_center (self->title, node->hex, x, y);
}

static void
draw_route (KolMapView               *self,
            cairo_t                  *cr,
            const KolMapRouteOverlay *route,
            double                    px)
{
  GdkRGBA faint = route->color;
  const GdkRGBA *c = &faint;
  /* a company's last run is fainter and thinner than routes being drawn */
  double width = MAX (ROUTE_WIDTH, 4 * px) * (route->last_run ? 0.6 : 1);
  double stop_r = MAX (ROUTE_STOP_R, 5 * px) * (route->last_run ? 0.7 : 1);

  if (route->last_run)
    faint.alpha *= LAST_RUN_ALPHA;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int pass = 0; pass < 2 && !(route->last_run && route->paths->len == 0); pass++)
    {
      cairo_new_path (cr);
      for (guint i = 0; i < route->paths->len; i++)
        cairo_append_path (cr, g_ptr_array_index (route->paths, i));
      if (route->paths->len == 0)
        for (int i = 0; i < route->n_nodes; i++)
          {
            double x, y;

            route_stop_point (self, &route->nodes[i], &x, &y);
            if (i == 0)
              cairo_move_to (cr, x, y);
            else
              cairo_line_to (cr, x, y);
          }
      if (route->paths->len == 0)
        cairo_set_dash (cr, (double[]) { 4 * ROUTE_WIDTH, 2 * ROUTE_WIDTH }, 2, 0);
      /* a casing first, so the route stands out on any track: light, or
       * dark under a light colour (a white tram line's run) */
      if (pass == 0 && is_light (c))
        cairo_set_source_rgba (cr, 0, 0, 0, 0.7 * c->alpha);
      else if (pass == 0)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.7 * c->alpha);
      else
        cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.9 * c->alpha);
      cairo_set_line_width (cr, width + (pass == 0 ? 6 : 0));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  for (int i = 0; i < route->n_nodes; i++)
    {
      double x, y;

      route_stop_point (self, &route->nodes[i], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, stop_r, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.95 * c->alpha);
      cairo_fill_preserve (cr);
      if (is_light (c))
        cairo_set_source_rgba (cr, 0, 0, 0, c->alpha);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, c->alpha);
      cairo_set_line_width (cr, MAX (3.0, 1.5 * px));
      cairo_stroke (cr);
    }
}

static gboolean
overlaps_any (GArray                *placed,
              const graphene_rect_t *rect)
{
  for (guint i = 0; i < placed->len; i++)
    if (graphene_rect_intersection (&g_array_index (placed, graphene_rect_t, i), rect, NULL))
      return TRUE;
  return FALSE;
}

/* A label is read whole: it stays inside the widget, however the board
 * is scrolled or zoomed. */
static void
keep_inside (KolMapView      *self,
             graphene_rect_t *rect)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  rect->origin.x = CLAMP (rect->origin.x, 0, MAX (0, width - rect->size.width));
  rect->origin.y = CLAMP (rect->origin.y, 0, MAX (0, height - rect->size.height));
}

/* Labels of the routes, in widget pixels so they stay readable at any
 * zoom: a tag in the route's colour by its first stop, moved up past the
 * tags of routes that start there too. */
static void
draw_route_labels (KolMapView *self,
                   cairo_t    *cr)
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

  for (guint r = 0; r < self->routes->len; r++)
    {
      const KolMapRouteOverlay *route = g_ptr_array_index (self->routes, r);
      g_autoptr(PangoLayout) layout = NULL;
      PangoRectangle ink;
      graphene_rect_t tag;
      double bx, by, x, y;

      if (route->label == NULL || route->n_nodes == 0)
        continue;
      route_stop_point (self, &route->nodes[0], &bx, &by);
      kol_viewport_board_to_widget (self->viewport, bx, by, &x, &y);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), route->label);
      pango_layout_get_pixel_extents (layout, &ink, NULL);
      tag = GRAPHENE_RECT_INIT (x + 5, y - ink.height - 17, ink.width + 10, ink.height + 6);
      keep_inside (self, &tag);
      while (overlaps_any (placed, &tag) && tag.origin.y >= tag.size.height + 2)
        tag.origin.y -= tag.size.height + 2;
      /* no room above: the next free place below */
      while (overlaps_any (placed, &tag) && tag.origin.y + 2 * tag.size.height < gtk_widget_get_height (GTK_WIDGET (self)))
        tag.origin.y += tag.size.height + 2;
      g_array_append_val (placed, tag);
      cairo_new_path (cr);
      cairo_rectangle (cr, tag.origin.x, tag.origin.y, tag.size.width, tag.size.height);
      cairo_set_source_rgba (cr, route->color.red, route->color.green, route->color.blue, 0.95);
      cairo_fill (cr);
      /* dark text on a light company colour (a yellow company's run) */
      if (is_light (&route->color))
        cairo_set_source_rgb (cr, 0, 0, 0);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_move_to (cr, tag.origin.x + 5 - ink.x, tag.origin.y + 3 - ink.y);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
outline_hex (KolMapView *self,
             cairo_t    *cr,
             int         hex,
             const char *color,
             double      alpha,
             double      width,
             gboolean    dashed)
{
  double bx, by;

  kol_svg_board_hex_center (self->title, hex, &bx, &by);
  hex_path (cr, kol_board_query_layout (self->title), bx, by, KOL_SVG_HEX_RADIUS - width / 2);
  set_source_hex (cr, color, alpha);
  cairo_set_line_width (cr, width);
  if (dashed)
    cairo_set_dash (cr, (double[]) { 3 * width, 2 * width }, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The keyboard's cursor: corner brackets just inside the hex, dark under
 * light so that they show on every tile colour. Unlike a highlight (a
 * filled or outlined hex: a choice the rules offer) it says only "here". */
static void
cursor_path (cairo_t  *cr,
             KolLayout layout,
             double    bx,
             double    by,
             double    radius)
{
  const double arm = 0.3;  /* of an edge, along each edge from the corner */

  for (int e = 0; e < 6; e++)
    {
      double x, y, px, py, nx, ny;

      kol_board_query_hex_corner (layout, e, &x, &y);
      kol_board_query_hex_corner (layout, (e + 5) % 6, &px, &py);
      kol_board_query_hex_corner (layout, (e + 1) % 6, &nx, &ny);
      cairo_move_to (cr, bx + radius * (x + arm * (px - x)), by + radius * (y + arm * (py - y)));
      cairo_line_to (cr, bx + radius * x, by + radius * y);
      cairo_line_to (cr, bx + radius * (x + arm * (nx - x)), by + radius * (y + arm * (ny - y)));
    }
}

static void
draw_cursor (KolMapView *self,
             cairo_t    *cr,
             double      px)
{
  gboolean focused = gtk_widget_has_focus (GTK_WIDGET (self));
  double width = (focused ? 4 : 2.5) * px + 2;
  double bx, by;

  kol_svg_board_hex_center (self->title, self->selected_hex, &bx, &by);
  cursor_path (cr, kol_board_query_layout (self->title), bx, by, KOL_SVG_HEX_RADIUS - width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_source_hex (cr, "#241f31", 0.85);
  cairo_set_line_width (cr, width + 2 * px);
  cairo_stroke_preserve (cr);
  set_source_hex (cr, focused ? "#ffffff" : "#deddda", 1.0);
  cairo_set_line_width (cr, width - px);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
}

static gboolean
has_overlays (KolMapView *self,
              Frame      *f)
{
  gboolean any = f->placeholders->len > 0 || self->city_highlights->len > 0 ||
                 self->routes->len > 0 || self->selected_hex >= 0 || self->hovered_hex >= 0 ||
                 self->pointed->len > 0 ||
                 self->tentative.hex >= 0;

  for (guint h = 0; !any && h < kol_board_query_n_hexes (self->title); h++)
    any = self->highlights[h] != KOL_MAP_HIGHLIGHT_NONE;
  return any;
}

static void
draw_overlays (KolMapView *self,
               Frame      *f,
               int         width,
               int         height)
{
  double zoom = kol_viewport_get_zoom (self->viewport);
  double px = 1.0 / zoom;  /* one widget pixel in board units */
  cairo_t *cr;

  if (!has_overlays (self, f))
    return;
  cr = gtk_snapshot_append_cairo (f->snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_save (cr);
  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, zoom, zoom);
  cairo_translate (cr, -kol_viewport_get_center_x (self->viewport),
                   -kol_viewport_get_center_y (self->viewport));
  draw_placeholders (self, cr, f->placeholders);
  draw_highlights (self, cr, px);
  if (self->tentative.hex >= 0)
    outline_hex (self, cr, self->tentative.hex, "#1c71d8", 1.0, MAX (5.0, 3 * px), TRUE);
  for (guint r = 0; r < self->routes->len; r++)
    draw_route (self, cr, g_ptr_array_index (self->routes, r), px);
  draw_city_highlights (self, cr, px);
  if (self->hovered_hex >= 0 && self->hovered_hex != self->selected_hex)
    outline_hex (self, cr, self->hovered_hex, "#ffffff", 0.9, MAX (4.0, 2 * px), FALSE);
  /* what the choice under the pointer concerns: bold, with a light edge
   * inside so that it shows on any tile */
  for (guint i = 0; i < self->pointed->len; i++)
    {
      int hex = g_array_index (self->pointed, gint16, i);

      outline_hex (self, cr, hex, "#e66100", 1.0, MAX (10.0, 5 * px), FALSE);
      outline_hex (self, cr, hex, "#ffffff", 0.9, MAX (3.0, 1.5 * px), FALSE);
    }
  if (self->selected_hex >= 0)
    draw_cursor (self, cr, px);
  cairo_restore (cr);
  draw_route_labels (self, cr);
  cairo_destroy (cr);
}

/* -------------------------------------------------------- coordinates */

static void
axis_label_clear (gpointer data)
{
  KolMapAxisLabel *label = data;

  g_clear_object (&label->layout);
}

static PangoLayout *
axis_layout (KolMapView *self,
             const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, AXIS_FONT_PX * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static gint
compare_positions (gconstpointer a,
                   gconstpointer b)
{
  double pa = ((const KolMapAxisLabel *) a)->position;
  double pb = ((const KolMapAxisLabel *) b)->position;

  return pa < pb ? -1 : pa > pb;
}

/* The coordinate labels of one axis, in order: the distinct values of hex
 * x (or y) with their board position and their text, taken from a hex id
 * so that they read exactly as the ids do. */
static GArray *
axis_labels (KolMapView *self,
             gboolean    columns)
{
  const KolTitle *title = self->title;
  gboolean numbers = kol_board_query_axis_numbers (title, columns);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (KolMapAxisLabel));

  g_array_set_clear_func (labels, axis_label_clear);
  for (guint h = 0; h < kol_board_query_n_hexes (title); h++)
    {
      const char *id = kol_board_query_hex_id (title, (int) h);
      const char *digits = id;
      g_autofree char *text = NULL;
      KolMapAxisLabel label;
      double bx, by;
      int x = 0, y = 0, v;

      kol_board_query_hex_grid (title, (int) h, &x, &y);
      v = columns ? x : y;
      if (g_hash_table_contains (seen, GINT_TO_POINTER (v + 1)))
        continue;
      g_hash_table_add (seen, GINT_TO_POINTER (v + 1));
      while (*digits != '\0' && !g_ascii_isdigit (*digits))
        digits++;
      text = numbers ? g_strdup (digits) : g_strndup (id, digits - id);
      kol_svg_board_hex_center (title, (int) h, &bx, &by);
      label.position = columns ? bx : by;
      label.layout = axis_layout (self, text);
      g_array_append_val (labels, label);
    }
  g_array_sort (labels, compare_positions);
  return labels;
}

/**
 * _kol_map_view_build_axes:
 *
 * Lays out the coordinate labels of the title (once per title).
 */
void
_kol_map_view_build_axes (KolMapView *self)
{
  for (int axis = 0; axis < 2; axis++)
    {
      g_clear_pointer (&self->axis_labels[axis], g_array_unref);
      if (self->title != NULL)
        self->axis_labels[axis] = axis_labels (self, axis == 0);
    }
}

typedef struct
{
  GtkSnapshot *snapshot;
  GdkRGBA      ink;
  GdkRGBA      band;
  int          width;
  int          height;
} AxisPainter;

static void
draw_label (AxisPainter *p,
            PangoLayout *layout,
            double       x,
            double       y)
{
  PangoRectangle ink;

  pango_layout_get_pixel_extents (layout, &ink, NULL);
  gtk_snapshot_save (p->snapshot);
  gtk_snapshot_translate (p->snapshot,
                          &GRAPHENE_POINT_INIT (round (x - ink.width / 2.0 - ink.x),
                                                round (y - ink.height / 2.0 - ink.y)));
  gtk_snapshot_append_layout (p->snapshot, layout, &p->ink);
  gtk_snapshot_restore (p->snapshot);
}

/* Where a margin's labels go: in the board's margin, or held at the
 * widget's edge (on a band) when the margin is scrolled away. */
static double
sticky (AxisPainter *p,
        double       pos,
        double       edge,
        gboolean     horizontal_band,
        gboolean     far_side)
{
  double half = AXIS_FONT_PX * 0.9;
  double clamped = far_side ? MIN (pos, edge - half) : MAX (pos, half);

  if (clamped != pos)
    {
      graphene_rect_t band;

      if (horizontal_band)
        band = GRAPHENE_RECT_INIT (0, clamped - half, p->width, 2 * half);
      else
        band = GRAPHENE_RECT_INIT (clamped - 2 * half, 0, 4 * half, p->height);
      gtk_snapshot_append_color (p->snapshot, &p->band, &band);
    }
  return clamped;
}

/* A fitted board keeps room for the coordinates at each edge: with a
 * small zoom the renderer's margin around the board (46 board units,
 * KOL_SVG_AXES) is narrower than a label, whose band then covered the
 * hexes at the edges. */
void
_kol_map_view_update_fit_room (KolMapView *self)
{
  kol_viewport_set_fit_room (self->viewport, self->show_coordinates ? 2.5 * AXIS_FONT_PX : 0, 46.0);
}

static void
draw_axis (KolMapView  *self,
           AxisPainter *p,
           gboolean     columns)
{
  GArray *labels = self->axis_labels[columns ? 0 : 1];
  double bx, by, bw, bh, zoom = kol_viewport_get_zoom (self->viewport);
  double near_pos, far_pos, wx, wy, spacing = G_MAXDOUBLE, last = -G_MAXDOUBLE;
  double margin = 23.0;  /* half the renderer's axis margin, in board units */
  double length = columns ? p->width : p->height;

  kol_viewport_get_bounds (self->viewport, &bx, &by, &bw, &bh);
  kol_viewport_board_to_widget (self->viewport, bx + margin, by + margin, &wx, &wy);
  near_pos = sticky (p, columns ? wy : wx, columns ? p->height : p->width, columns, FALSE);
  kol_viewport_board_to_widget (self->viewport, bx + bw - margin, by + bh - margin, &wx, &wy);
  far_pos = sticky (p, columns ? wy : wx, columns ? p->height : p->width, columns, TRUE);

  /* labels closer than a label's width are thinned out */
  for (guint i = 1; i < labels->len; i++)
    {
      double gap = fabs (g_array_index (labels, KolMapAxisLabel, i).position -
                         g_array_index (labels, KolMapAxisLabel, i - 1).position);

      spacing = MIN (spacing, gap);
    }
  spacing *= zoom;
  for (guint i = 0; i < labels->len; i++)
    {
      const KolMapAxisLabel *label = &g_array_index (labels, KolMapAxisLabel, i);
      double at;

      kol_viewport_board_to_widget (self->viewport, label->position, label->position, &wx, &wy);
      at = columns ? wx : wy;
      if (at < -AXIS_FONT_PX || at > length + AXIS_FONT_PX ||
          (spacing < AXIS_FONT_PX * 2.2 && fabs (at - last) < AXIS_FONT_PX * 2.2))
        continue;
      last = at;
      draw_label (p, label->layout, columns ? at : near_pos, columns ? near_pos : at);
      draw_label (p, label->layout, columns ? at : far_pos, columns ? far_pos : at);
    }
}

static void
draw_coordinates (KolMapView  *self,
                  GtkSnapshot *snapshot,
                  int          width,
                  int          height)
{
  AxisPainter p = { snapshot, { 0 }, { 0 }, width, height };

  if (!self->show_coordinates || self->axis_labels[0] == NULL)
    return;
  gdk_rgba_parse (&p.ink, AXIS_INK);
  gdk_rgba_parse (&p.band, BOARD_FILL);
  p.band.alpha = 0.85;
  draw_axis (self, &p, TRUE);
  draw_axis (self, &p, FALSE);
}

/* --------------------------------------------------------------- frame */

static void
draw_background (KolMapView  *self,
                 GtkSnapshot *snapshot)
{
  double bx, by, bw, bh, x0, y0, x1, y1;
  GdkRGBA fill;

  kol_viewport_get_bounds (self->viewport, &bx, &by, &bw, &bh);
  kol_viewport_board_to_widget (self->viewport, bx, by, &x0, &y0);
  kol_viewport_board_to_widget (self->viewport, bx + bw, by + bh, &x1, &y1);
  gdk_rgba_parse (&fill, BOARD_FILL);
  gtk_snapshot_append_color (snapshot, &fill, &GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));
}

/**
 * _kol_map_view_snapshot:
 *
 * The GtkWidget snapshot vfunc of KolMapView.
 */
void
_kol_map_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  KolMapView *self = KOL_MAP_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GArray) placeholders = NULL;
  g_autoptr(GArray) paints = NULL;
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_rect_t visible;
  Frame f;
  double x, y, w, h;
  gboolean missing;

  if (self->engine == NULL || width <= 0 || height <= 0)
    return;
  placeholders = g_array_new (FALSE, FALSE, sizeof (guint));
  paints = g_array_new (FALSE, FALSE, sizeof (Paint));
  f = (Frame) {
    snapshot,
    native != NULL && GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (native)),
    paints, _kol_map_view_texture_size (self), gtk_widget_get_scale_factor (widget), 0, 0,
    FALSE, placeholders,
  };
  f.tex_width = (int) ceil (self->doc_width * f.size / KOL_SVG_HEX_RADIUS);
  f.tex_height = (int) ceil (self->doc_height * f.size / KOL_SVG_HEX_RADIUS);
  kol_viewport_get_visible_area (self->viewport, &x, &y, &w, &h);
  visible = GRAPHENE_RECT_INIT (x, y, w, h);

  kol_tile_renderer_begin_frame (self->renderer);
  draw_background (self, snapshot);
  draw_hexes (self, &f, &visible);
  flush_paints (&f);
  draw_tentative (self, &f);
  flush_paints (&f);
  draw_overlays (self, &f, width, height);
  draw_coordinates (self, snapshot, width, height);

  missing = f.missing;
  if (missing != self->needs_textures)
    {
      self->needs_textures = missing;
      _kol_map_view_update_rendering (self);
    }
}
