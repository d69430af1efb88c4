/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-view-util.h"

/* ---------------------------------------------------------- SVG paths */

typedef struct
{
  const char *p;
  gboolean    ok;
} PathReader;

static void
skip_separators (PathReader *r)
{
  while (*r->p == ' ' || *r->p == ',' || *r->p == '\n' || *r->p == '\t' || *r->p == '\r')
    r->p++;
}

static double
read_number (PathReader *r)
{
  char *end;
  double v;

  skip_separators (r);
  v = g_ascii_strtod (r->p, &end);
  if (end == r->p || !isfinite (v))
    r->ok = FALSE;
  r->p = end;
  return v;
}

/* SVG's endpoint arc (rx = ry, no x-axis rotation, as the renderer writes
 * them) as a cairo arc: SVG implementation notes F.6.5. */
static void
svg_arc (cairo_t *cr,
         double   r,
         gboolean large,
         gboolean sweep,
         double   x2,
         double   y2)
{
  double x1, y1, hx, hy, d2, coef, cx, cy, t1, t2, dt;

  cairo_get_current_point (cr, &x1, &y1);
  hx = (x1 - x2) / 2;
  hy = (y1 - y2) / 2;
  d2 = hx * hx + hy * hy;
  r = fabs (r);
  if (d2 == 0)
    return;
  if (r == 0)
    {
      cairo_line_to (cr, x2, y2);
      return;
    }
  if (d2 > r * r)
    r = sqrt (d2);
  coef = sqrt (MAX (0.0, (r * r - d2) / d2)) * (large == sweep ? -1 : 1);
  cx = coef * hy + (x1 + x2) / 2;
  cy = -coef * hx + (y1 + y2) / 2;
  t1 = atan2 (y1 - cy, x1 - cx);
  t2 = atan2 (y2 - cy, x2 - cx);
  dt = t2 - t1;
  if (sweep && dt < 0)
    dt += 2 * G_PI;
  else if (!sweep && dt > 0)
    dt -= 2 * G_PI;
  /* y points down on screen, so SVG's positive sweep is cairo's arc */
  if (sweep)
    cairo_arc (cr, cx, cy, r, t1, t1 + dt);
  else
    cairo_arc_negative (cr, cx, cy, r, t1, t1 + dt);
}

static void
path_command (cairo_t    *cr,
              PathReader *r,
              char        cmd)
{
  double x, y, x1, y1, x2, y2, rx;
  gboolean large, sweep;

  switch (cmd)
    {
    case 'M':
      x = read_number (r), y = read_number (r);
      cairo_move_to (cr, x, y);
      break;
    case 'L':
      x = read_number (r), y = read_number (r);
      cairo_line_to (cr, x, y);
      break;
    case 'H':
      cairo_get_current_point (cr, &x, &y);
      cairo_line_to (cr, read_number (r), y);
      break;
    case 'V':
      cairo_get_current_point (cr, &x, &y);
      cairo_line_to (cr, x, read_number (r));
      break;
    case 'C':
      x1 = read_number (r), y1 = read_number (r);
      x2 = read_number (r), y2 = read_number (r);
      x = read_number (r), y = read_number (r);
      cairo_curve_to (cr, x1, y1, x2, y2, x, y);
      break;
    case 'A':
      rx = read_number (r);
      read_number (r);           /* ry: the renderer's arcs are circular */
      read_number (r);           /* x-axis rotation */
      large = read_number (r) != 0;
      sweep = read_number (r) != 0;
      x = read_number (r), y = read_number (r);
      if (r->ok)
        svg_arc (cr, rx, large, sweep, x, y);
      break;
    case 'Z':
    case 'z':
      cairo_close_path (cr);
      break;
    default:
      r->ok = FALSE;
    }
}

/**
 * kol_view_append_svg_path:
 * @cr: a cairo context
 * @data: SVG path data with absolute commands (M, L, H, V, C, A, Z), as
 *   kol_svg_board_path_data() gives it
 *
 * Appends the path to @cr's current path, to draw routes and outlines over
 * the board in its own units.
 *
 * Returns: %FALSE if @data holds something else (the path is then partial)
 */
gboolean
kol_view_append_svg_path (cairo_t    *cr,
                          const char *data)
{
  PathReader r = { data, TRUE };

  g_return_val_if_fail (cr != NULL && data != NULL, FALSE);
  for (;;)
    {
      char cmd;

      skip_separators (&r);
      if (*r.p == '\0' || !r.ok)
        break;
      cmd = *r.p++;
      if (cmd != 'M' && !cairo_has_current_point (cr))
        return FALSE;
      path_command (cr, &r, cmd);
      /* implicit repetitions of a command ("L 1 2 3 4") */
      skip_separators (&r);
      while (r.ok && cmd != 'Z' && cmd != 'z' &&
             (g_ascii_isdigit (*r.p) || *r.p == '-' || *r.p == '.' || *r.p == '+'))
        {
          path_command (cr, &r, cmd == 'M' ? 'L' : cmd);
          skip_separators (&r);
        }
    }
  return r.ok;
}

/* ------------------------------------------------------------ textures */

/**
 * kol_view_texture_for_surface:
 * @surface: a flushed %CAIRO_FORMAT_ARGB32 image surface
 *
 * A texture sharing the surface's pixels (it keeps a reference to it).
 * Cairo's ARGB32 is premultiplied BGRA in native byte order, which is
 * %GDK_MEMORY_DEFAULT.
 *
 * Returns: (transfer full): the texture
 */
GdkTexture *
kol_view_texture_for_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32, NULL);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}
