/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Hex coordinates as 18xx.games writes them ("C5", "a12", "K27"), in its
 * "doubled" coordinate system: one axis counts letters, the other numbers, and
 * neighbours differ by the fixed offsets of the layout. Edges are numbered
 * 0..5 clockwise; on a flat map 0 is south, on a pointy map 0 is south-west.
 */
typedef enum
{
  KOL_LAYOUT_FLAT,
  KOL_LAYOUT_POINTY,
} KolLayout;

typedef enum
{
  KOL_AXIS_LETTER,
  KOL_AXIS_NUMBER,
} KolAxis;

typedef struct
{
  KolLayout layout;
  KolAxis   x;   /* what the x coordinate counts */
  KolAxis   y;
} KolGrid;

/* Parse "C5" into doubled coordinates; FALSE if the id is malformed. */
gboolean kol_hex_parse       (const KolGrid *grid,
                              const char    *id,
                              int           *x,
                              int           *y);
/* Format doubled coordinates back into an id; returns a newly allocated string. */
char    *kol_hex_format      (const KolGrid *grid,
                              int            x,
                              int            y);
/* The coordinates of the neighbour across @edge. */
void     kol_hex_neighbor    (const KolGrid *grid,
                              int            x,
                              int            y,
                              int            edge,
                              int           *nx,
                              int           *ny);
/* The edge of (x,y) that faces (ox,oy), or -1 when they are not adjacent. */
int      kol_hex_direction   (const KolGrid *grid,
                              int            x,
                              int            y,
                              int            ox,
                              int            oy);
static inline int
kol_hex_invert (int edge)
{
  return (edge + 3) % 6;
}
/* Crow-flies distance in hexes. */
int      kol_hex_distance    (const KolGrid *grid,
                              int            x1,
                              int            y1,
                              int            x2,
                              int            y2);
/* Centre of a hex in drawing units, for a hex of circumradius 1. */
void     kol_hex_center      (const KolGrid *grid,
                              int            x,
                              int            y,
                              double        *cx,
                              double        *cy);
/* Angle in degrees (0 = east, clockwise positive on screen) of the middle of
 * @edge, so that renderers and hit-tests agree. */
double   kol_hex_edge_angle  (KolLayout      layout,
                              int            edge);

G_END_DECLS
