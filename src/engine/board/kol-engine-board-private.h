/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-board.h"

G_BEGIN_DECLS

/* Internals shared by the board (kol-engine-board.c) and the track graph
 * (kol-engine-graph.c). */

static inline const KolBoardHooks *
_kol_board_hooks (KolEngine *engine)
{
  return engine->module ? (const KolBoardHooks *) engine->module->board_hooks : NULL;
}

static inline const KolTileDef *
_kol_board_tile_def (const KolEngine *engine,
                     int              hex,
                     int             *rotation)
{
  const KolHexState *s = &engine->hexes[hex];

  if (rotation)
    *rotation = s->rotation;
  return &engine->title->tiles[s->tile];
}

static inline gboolean
_kol_board_valid_tile (const KolEngine *engine,
                       int              tile)
{
  return tile >= 0 && (guint) tile < engine->title->n_tiles;
}

/* Blue, gray and red hexes are walls unless their track points at the
 * neighbour (1849 §10.3: no track may end on a gray hex's empty side). */
static inline gboolean
_kol_board_impassable_color (guint8 color)
{
  return color == KOL_COLOR_BLUE || color == KOL_COLOR_GRAY || color == KOL_COLOR_RED;
}

/* Cities, towns and off-boards are the nodes of a walk; junctions are not:
 * track runs through them. */
static inline gboolean
_kol_node_is_stop (const KolNodeDef *node)
{
  return node->kind == KOL_NODE_CITY || node->kind == KOL_NODE_TOWN || node->kind == KOL_NODE_OFFBOARD;
}

/* The end of @path at @end_index (0 = a, 1 = b). */
static inline guint8
_kol_path_end (const KolPathDef *path,
               int               end_index)
{
  return end_index == 0 ? path->a : path->b;
}

/* Lanes of a path end as {width, index}; data without lanes is {1, 0}. */
static inline void
_kol_path_lane (const KolPathDef *path,
                int               end_index,
                guint8           *width,
                guint8           *index)
{
  const guint8 *lane = end_index == 0 ? path->a_lane : path->b_lane;

  if (lane[0] == 0)
    {
      *width = 1;
      *index = 0;
    }
  else
    {
      *width = lane[0];
      *index = lane[1];
    }
}

/* The junction node a path runs into (the last one listed), or -1. */
static inline int
_kol_path_junction (const KolTileDef *tile,
                    const KolPathDef *path)
{
  int junction = -1;

  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (path, e);

      if (KOL_PATH_IS_NODE (end) && KOL_PATH_NODE_INDEX (end) < tile->n_nodes &&
          tile->nodes[KOL_PATH_NODE_INDEX (end)].kind == KOL_NODE_JUNCTION)
        junction = KOL_PATH_NODE_INDEX (end);
    }
  return junction;
}

/* Which end (0 = a, 1 = b) of @path lies on rotated edge @edge, or -1. */
static inline int
_kol_path_end_at_edge (const KolPathDef *path,
                       int               rotation,
                       int               edge)
{
  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (path, e);

      if (KOL_PATH_IS_EDGE (end) && kol_path_end_rotate (end, rotation) == edge)
        return e;
    }
  return -1;
}

static inline guint8
_kol_rotate_mask (guint8 mask,
                  int    ticks)
{
  ticks = ((ticks % 6) + 6) % 6;
  return (guint8) (((mask << ticks) | (mask >> (6 - ticks))) & 0x3f);
}

G_END_DECLS
