/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-hex.h"

#include <math.h>
#include <string.h>

/* Neighbour offsets in doubled coordinates (see kol-engine-hex.h), indexed by edge. */
static const int flat_dirs[6][2] = {
  { 0, 2 }, { -1, 1 }, { -1, -1 }, { 0, -2 }, { 1, -1 }, { 1, 1 },
};
static const int pointy_dirs[6][2] = {
  { -1, 1 }, { -2, 0 }, { -1, -1 }, { 1, -1 }, { 2, 0 }, { 1, 1 },
};

static const int (*
dirs_for (KolLayout layout))[2]
{
  return layout == KOL_LAYOUT_FLAT ? flat_dirs : pointy_dirs;
}

/* "A".."Z" = 0..25, "AA".."AZ" = 26..51; lower case "a".."z" = -1..-26. */
static gboolean
letter_value (const char *letters,
              gsize       len,
              int        *out)
{
  if (len == 1 && g_ascii_isupper (letters[0]))
    *out = letters[0] - 'A';
  else if (len == 2 && letters[0] == 'A' && g_ascii_isupper (letters[1]))
    *out = 26 + (letters[1] - 'A');
  else if (len == 1 && g_ascii_islower (letters[0]))
    *out = -(letters[0] - 'a' + 1);
  else
    return FALSE;
  return TRUE;
}

/**
 * kol_hex_parse:
 * @grid: the map's grid
 * @id: a hex id such as "C5" or "a12"
 * @x: (out): doubled x coordinate
 * @y: (out): doubled y coordinate
 *
 * Returns: %TRUE if @id is well formed.
 */
gboolean
kol_hex_parse (const KolGrid *grid,
               const char    *id,
               int           *x,
               int           *y)
{
  gsize n_letters = 0;
  gint64 number;
  char *end = NULL;
  int letter;

  g_return_val_if_fail (grid != NULL && id != NULL, FALSE);

  while (g_ascii_isalpha (id[n_letters]))
    n_letters++;
  if (n_letters == 0 || !letter_value (id, n_letters, &letter))
    return FALSE;
  if (!g_ascii_isdigit (id[n_letters]) && id[n_letters] != '-')
    return FALSE;
  number = g_ascii_strtoll (id + n_letters, &end, 10);
  if (end == NULL || *end != '\0' || number < -999 || number > 999)
    return FALSE;

  *x = grid->x == KOL_AXIS_LETTER ? letter : (int) number - 1;
  *y = grid->y == KOL_AXIS_LETTER ? letter : (int) number - 1;
  return TRUE;
}

/**
 * kol_hex_format:
 * @grid: the map's grid
 * @x: doubled x coordinate
 * @y: doubled y coordinate
 *
 * Returns: (transfer full): the hex id, letter first.
 */
char *
kol_hex_format (const KolGrid *grid,
                int            x,
                int            y)
{
  int letter = grid->x == KOL_AXIS_LETTER ? x : y;
  int number = (grid->x == KOL_AXIS_LETTER ? y : x) + 1;
  char l[3] = { 0 };

  if (letter >= 26)
    {
      l[0] = 'A';
      l[1] = (char) ('A' + letter - 26);
    }
  else if (letter >= 0)
    l[0] = (char) ('A' + letter);
  else
    l[0] = (char) ('a' - letter - 1);
  return g_strdup_printf ("%s%d", l, number);
}

/**
 * kol_hex_neighbor:
 * @grid: the map's grid
 * @x: hex x
 * @y: hex y
 * @edge: an edge 0..5
 * @nx: (out): neighbour x
 * @ny: (out): neighbour y
 *
 * Computes the coordinates across @edge, whether or not a hex is there.
 */
void
kol_hex_neighbor (const KolGrid *grid,
                  int            x,
                  int            y,
                  int            edge,
                  int           *nx,
                  int           *ny)
{
  const int (*d)[2] = dirs_for (grid->layout);

  g_return_if_fail (edge >= 0 && edge < 6);
  *nx = x + d[edge][0];
  *ny = y + d[edge][1];
}

/**
 * kol_hex_direction:
 * @grid: the map's grid
 *
 * Returns: the edge of (x,y) facing (ox,oy), or -1 if not adjacent.
 */
int
kol_hex_direction (const KolGrid *grid,
                   int            x,
                   int            y,
                   int            ox,
                   int            oy)
{
  const int (*d)[2] = dirs_for (grid->layout);

  for (int e = 0; e < 6; e++)
    if (d[e][0] == ox - x && d[e][1] == oy - y)
      return e;
  return -1;
}

/**
 * kol_hex_distance:
 * @grid: the map's grid
 *
 * Returns: the distance in hexes as the crow flies.
 */
int
kol_hex_distance (const KolGrid *grid,
                  int            x1,
                  int            y1,
                  int            x2,
                  int            y2)
{
  int dx = ABS (x2 - x1);
  int dy = ABS (y2 - y1);

  if (grid->layout == KOL_LAYOUT_POINTY)
    return dy + MAX (0, (dx - dy) / 2);
  return dx + MAX (0, (dy - dx) / 2);
}

/**
 * kol_hex_center:
 * @grid: the map's grid
 * @cx: (out): centre x for circumradius 1
 * @cy: (out): centre y for circumradius 1
 *
 * In the doubled system a horizontal step of 2 (pointy) or a vertical step of
 * 2 (flat) is one hex width, which is sqrt(3) circumradii.
 */
void
kol_hex_center (const KolGrid *grid,
                int            x,
                int            y,
                double        *cx,
                double        *cy)
{
  const double half_w = sqrt (3.0) / 2.0;

  if (grid->layout == KOL_LAYOUT_FLAT)
    {
      *cx = x * 1.5;
      *cy = y * half_w;
    }
  else
    {
      *cx = x * half_w;
      *cy = y * 1.5;
    }
}

/**
 * kol_hex_edge_angle:
 * @layout: flat or pointy
 * @edge: an edge 0..5
 *
 * Returns: the direction of the middle of @edge from the hex centre, in
 * degrees, 0 = east, clockwise on screen (y grows downwards).
 */
double
kol_hex_edge_angle (KolLayout layout,
                    int       edge)
{
  /* flat: 0 = S (90°), then clockwise; pointy: 0 = SW (120°), then clockwise */
  double base = layout == KOL_LAYOUT_FLAT ? 90.0 : 120.0;

  return fmod (base + 60.0 * edge, 360.0);
}
