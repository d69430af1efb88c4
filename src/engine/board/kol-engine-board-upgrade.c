/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-board-private.h"

#include <string.h>

/*
 * Which tile may replace which (the colour order, old track kept, cities
 * and towns kept), and where and in which rotations it may be laid (1849
 * §10.3, 1840 IX.4). Where the rulebooks leave the geometry open (junction
 * tiles, cities that merge), the checks are the ones 18xx.games applies, so
 * that every lay of a recorded game is legal here.
 */

/* ---------------------------------------------------------------- upgrades */

/* A path end for Path#<=: an edge number, or 8 + the node kind (cities match
 * cities, towns towns, off-boards off-boards). */
#define END_NODE_KIND(kind) (8 + (kind))

typedef struct
{
  int    n;
  guint8 end[2 * KOL_MAX_PATHS];
} Ends;

static guint8
end_code (const KolTileDef *tile,
          guint8            end,
          int               rotation)
{
  if (KOL_PATH_IS_EDGE (end))
    return kol_path_end_rotate (end, rotation);
  return (guint8) END_NODE_KIND (tile->nodes[KOL_PATH_NODE_INDEX (end)].kind);
}

static gboolean
is_junction_end (const KolTileDef *tile,
                 guint8            end)
{
  return KOL_PATH_IS_NODE (end) && tile->nodes[KOL_PATH_NODE_INDEX (end)].kind == KOL_NODE_JUNCTION;
}

/* The ends of a path for comparing track: a junction end stands for the far
 * ends of the junction's other paths. */
static void
path_ends (const KolTileDef *tile,
           int               rotation,
           int               index,
           Ends             *out)
{
  const KolPathDef *p = &tile->paths[index];

  out->n = 0;
  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (p, e);

      if (!is_junction_end (tile, end))
        {
          if (out->n < (int) G_N_ELEMENTS (out->end))
            out->end[out->n++] = end_code (tile, end, rotation);
          continue;
        }
      for (int j = 0; j < tile->n_paths; j++)
        {
          const KolPathDef *q = &tile->paths[j];

          if (j == index || q->track == KOL_TRACK_FUTURE || (q->a != end && q->b != end))
            continue;
          for (int f = 0; f < 2 && out->n < (int) G_N_ELEMENTS (out->end); f++)
            if (!is_junction_end (tile, _kol_path_end (q, f)))
              out->end[out->n++] = end_code (tile, _kol_path_end (q, f), rotation);
        }
    }
}

/* Path#<=: every end of the old path is an end of the new one, and the new
 * track carries every network of the old (broad ⊆ broad|dual, dual ⊆ dual). */
static gboolean
path_within (const KolTitle   *t,
             const KolTileDef *old_tile,
             int               old_rotation,
             int               old_index,
             const KolTileDef *new_tile,
             int               new_rotation,
             int               new_index)
{
  guint8 old_net = kol_board_track_networks (t, old_tile->paths[old_index].track);
  guint8 new_net = kol_board_track_networks (t, new_tile->paths[new_index].track);
  Ends a, b;

  if (old_net & ~new_net)
    return FALSE;
  path_ends (old_tile, old_rotation, old_index, &a);
  path_ends (new_tile, new_rotation, new_index, &b);
  for (int i = 0; i < a.n; i++)
    {
      gboolean found = FALSE;

      for (int j = 0; j < b.n && !found; j++)
        found = a.end[i] == b.end[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Every track path of @old_tile at @old_rotation lies within some path of
 * @new_tile at @new_rotation: the upgrade keeps the old track (1849 §10.3). */
static gboolean
paths_kept (const KolTitle   *t,
            const KolTileDef *old_tile,
            int               old_rotation,
            const KolTileDef *new_tile,
            int               new_rotation)
{
  for (int i = 0; i < old_tile->n_paths; i++)
    {
      gboolean found = FALSE;

      if (old_tile->paths[i].track == KOL_TRACK_FUTURE)
        continue;
      for (int j = 0; j < new_tile->n_paths && !found; j++)
        found = new_tile->paths[j].track != KOL_TRACK_FUTURE &&
                path_within (t, old_tile, old_rotation, i, new_tile, new_rotation, j);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static gboolean
has_junction_path (const KolTileDef *tile)
{
  for (int i = 0; i < tile->n_paths; i++)
    if (tile->paths[i].track != KOL_TRACK_FUTURE && _kol_path_junction (tile, &tile->paths[i]) >= 0)
      return TRUE;
  return FALSE;
}

/* In some rotation the old tile's track is kept; between two junction tiles
 * only the exits count. */
static gboolean
paths_subset (const KolTitle   *t,
              const KolTileDef *from,
              const KolTileDef *to)
{
  if (has_junction_path (from) && has_junction_path (to))
    {
      guint8 old_exits = kol_tile_exits (from, 0);
      guint8 new_exits = kol_tile_exits (to, 0);

      for (int ticks = 0; ticks < 6; ticks++)
        if ((old_exits & ~_kol_rotate_mask (new_exits, ticks)) == 0)
          return TRUE;
      return FALSE;
    }
  for (int ticks = 0; ticks < 6; ticks++)
    if (paths_kept (t, from, ticks, to, 0))
      return TRUE;
  return FALSE;
}

/* For each city or town with track to an edge, the edges it reaches;
 * returns how many. */
static int
city_town_edges (const KolTileDef *tile,
                 int               rotation,
                 guint8           *masks)
{
  gint8 slot_of[KOL_MAX_NODES];
  int n = 0;

  memset (slot_of, -1, sizeof slot_of);
  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolPathDef *p = &tile->paths[i];
      int ct = -1;
      guint8 exits = 0;

      if (p->track == KOL_TRACK_FUTURE)
        continue;
      for (int e = 0; e < 2; e++)
        {
          guint8 end = _kol_path_end (p, e);

          if (KOL_PATH_IS_EDGE (end))
            exits |= (guint8) (1u << kol_path_end_rotate (end, rotation));
          else if (tile->nodes[KOL_PATH_NODE_INDEX (end)].kind == KOL_NODE_CITY)
            ct = KOL_PATH_NODE_INDEX (end);
        }
      if (ct < 0)  /* a path's city, else its town: a city wins over a town */
        for (int e = 0; e < 2; e++)
          {
            guint8 end = _kol_path_end (p, e);

            if (KOL_PATH_IS_NODE (end) && tile->nodes[KOL_PATH_NODE_INDEX (end)].kind == KOL_NODE_TOWN)
              ct = KOL_PATH_NODE_INDEX (end);
          }
      if (ct < 0 || exits == 0)
        continue;
      if (slot_of[ct] < 0)
        {
          slot_of[ct] = (gint8) n;
          masks[n++] = 0;
        }
      masks[slot_of[ct]] |= exits;
    }
  return n;
}

/* In some rotation every old city or town keeps its edges within one new
 * one. */
static gboolean
city_town_edges_subset (const KolTileDef *from,
                        const KolTileDef *to)
{
  guint8 old_ct[KOL_MAX_NODES], new_ct[KOL_MAX_NODES];
  int n_old = city_town_edges (from, 0, old_ct);
  int n_new = city_town_edges (to, 0, new_ct);

  for (int r = 0; r < 6; r++)
    {
      gboolean all = TRUE;

      for (int i = 0; i < n_old && all; i++)
        {
          guint8 m = _kol_rotate_mask (old_ct[i], r);
          gboolean found = FALSE;

          for (int j = 0; j < n_new && !found; j++)
            found = (m & ~new_ct[j]) == 0;
          all = found;
        }
      if (all)
        return TRUE;
    }
  return FALSE;
}

/* The next colour of the title's order (yellow, green, brown, …); a white hex
 * comes before the first colour unless the title lists white. */
static gboolean
next_color (const KolTitle *t,
            KolColor        from,
            KolColor        to)
{
  int from_rank = kol_title_color_rank (t, from);
  int to_rank = kol_title_color_rank (t, to);

  if (from_rank < 0 && from == KOL_COLOR_WHITE)
    from_rank = -1;
  else if (from_rank < 0)
    return FALSE;
  return to_rank >= 0 && to_rank == from_rank + 1;
}

/* The same towns and, on unlabelled tiles, the same cities: an upgrade never
 * turns a town into a city or drops one. */
static gboolean
city_town_counts (const KolTileDef *from,
                  const KolTileDef *to)
{
  int from_cities = kol_tile_n_cities (from);
  int to_cities = kol_tile_n_cities (to);
  gboolean labelled = from->label[0] != '\0';

  if (kol_tile_n_towns (from) != kol_tile_n_towns (to))
    return FALSE;
  /* labelled cities may merge (OO to one city in brown) */
  if (!labelled && from_cities != to_cities)
    return FALSE;
  if (from_cities > 1 && to_cities > 1 && !city_town_edges_subset (from, to))
    return FALSE;
  if (labelled && from_cities > 0 && to_cities == 0)
    return FALSE;
  if (from->color == KOL_COLOR_WHITE && strcmp (from->label, "OO") == 0 && from_cities != to_cities)
    return FALSE;
  return TRUE;
}

static gboolean
in_list (GArray *list,
         int     value)
{
  for (guint i = 0; list && i < list->len; i++)
    if (g_array_index (list, gint16, i) == value)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_upgrades_to:
 * @engine: a game
 * @hex: the hex (for hooks; unused by the generic rule)
 * @from_tile: the tile def there
 * @to_tile: the candidate
 *
 * The data's policy first: "none" never upgrades, an explicit upgrades_to
 * list always allows its tiles ("explicit" allows nothing else),
 * "same_color" allows any tile of the same colour; then the general rule
 * (1849 §10.3, 1840 IX.4): next colour, old track kept in some rotation,
 * same label, same number of towns and (unless labelled) cities, OO cities
 * kept apart.
 *
 * Returns: %TRUE if @from_tile may be replaced by @to_tile.
 */
gboolean
kol_board_upgrades_to (const KolEngine *engine,
                       int              hex,
                       int              from_tile,
                       int              to_tile)
{
  const KolTitle *t = engine->title;
  const KolTileDef *from, *to;

  if (!_kol_board_valid_tile (engine, from_tile) || !_kol_board_valid_tile (engine, to_tile))
    return FALSE;
  from = &t->tiles[from_tile];
  to = &t->tiles[to_tile];

  switch ((KolUpgradePolicy) from->upgrade_policy)
    {
    case KOL_UPGRADE_NONE:
      return FALSE;
    case KOL_UPGRADE_EXPLICIT:
      return in_list (from->upgrades_to, to_tile);
    case KOL_UPGRADE_SAME_COLOR:
      if (to->color == from->color)
        return TRUE;
      break;
    case KOL_UPGRADE_INFERRED:
    default:
      break;
    }
  if (in_list (from->upgrades_to, to_tile))
    return TRUE;
  return kol_board_upgrade_inferred (t, from_tile, to_tile);
}

/**
 * kol_board_upgrade_inferred:
 * @title: a title
 * @from_tile: a tile def
 * @to_tile: the candidate
 *
 * base.rb upgrades_to? alone, whatever the tile's own policy and list say:
 * next colour, old track kept in some rotation, same label, same number
 * of towns and (unless labelled) cities, OO cities kept apart. The editor
 * shows it beside what a tile's data says.
 *
 * Returns: %TRUE if the generic rule lets @from_tile be replaced by
 *   @to_tile
 */
gboolean
kol_board_upgrade_inferred (const KolTitle *title,
                            int             from_tile,
                            int             to_tile)
{
  const KolTileDef *from, *to;

  if (from_tile < 0 || to_tile < 0 || (guint) from_tile >= title->n_tiles || (guint) to_tile >= title->n_tiles)
    return FALSE;
  from = &title->tiles[from_tile];
  to = &title->tiles[to_tile];
  return next_color (title, from->color, to->color) &&
         paths_subset (title, from, to) &&
         strcmp (from->label, to->label) == 0 &&
         city_town_counts (from, to);
}

static gboolean
upgrades (KolEngine *engine,
          int        hex,
          int        to_tile)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);
  int from_tile = engine->hexes[hex].tile;

  if (hooks && hooks->upgrades_to)
    return hooks->upgrades_to (engine, hex, from_tile, to_tile);
  return kol_board_upgrades_to (engine, hex, from_tile, to_tile);
}

/* --------------------------------------------------------------- rotations */

/**
 * kol_board_allowed_rotations:
 *
 * Returns: the rotations the tile's data allows (all when unset).
 */
guint8
kol_board_allowed_rotations (const KolTileDef *tile)
{
  return tile->rotations ? (guint8) (tile->rotations & 0x3f) : 0x3f;
}

/**
 * kol_board_connected_edges:
 *
 * Returns: the edges of @hex through which @corp's network arrives, every
 * edge when @reach is %NULL.
 */
guint8
kol_board_connected_edges (KolEngine      *engine,
                           int             corp,
                           int             hex,
                           const KolReach *reach)
{
  return reach ? reach->hex_edges[hex] : 0x3f;
}

static guint8
connected_edges (KolEngine      *engine,
                 int             corp,
                 int             hex,
                 const KolReach *reach)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  if (hooks && hooks->connected_edges)
    return hooks->connected_edges (engine, corp, hex, reach);
  return kol_board_connected_edges (engine, corp, hex, reach);
}

static gboolean
refuse_lay (KolReason *reason,
            KolReason  why)
{
  if (reason)
    *reason = why;
  return FALSE;
}

/* Every new exit must lead to a neighbour: no track off the map or into an
 * impassable border (1849 §10.3). */
static KolReason
exits_lead_somewhere (KolEngine *engine,
                      int        hex,
                      guint8     exits)
{
  const KolHexDef *def = &engine->title->hexes[hex];

  for (int e = 0; e < 6; e++)
    {
      if (!(exits & (1u << e)) || kol_board_neighbor (engine, hex, e) >= 0)
        continue;
      if (def->all_neighbors[e] >= 0 && (def->impassable & (1u << e)))
        return KOL_REASON_TILE_IMPASSABLE;
      return KOL_REASON_TILE_OFF_MAP;
    }
  return KOL_REASON_NONE;
}

/* No more cities from nowhere than cities added, every old city of a
 * multi-city upgrade within exactly one new one. */
static gboolean
cities_kept (const KolTileDef *old_tile,
             int               old_rotation,
             const KolTileDef *new_tile,
             int               rotation)
{
  guint8 old_ct[KOL_MAX_NODES], new_ct[KOL_MAX_NODES], old_union = 0;
  int n_old = city_town_edges (old_tile, old_rotation, old_ct);
  int n_new = city_town_edges (new_tile, rotation, new_ct);
  int added = MAX (0, n_new - n_old), fresh = 0;

  for (int i = 0; i < n_old; i++)
    old_union |= old_ct[i];
  for (int j = 0; j < n_new; j++)
    if ((new_ct[j] & old_union) == 0)
      fresh++;
  if (fresh > added)
    return FALSE;

  if (kol_tile_n_cities (new_tile) > 1 && kol_tile_n_cities (old_tile) > 1)
    for (int i = 0; i < n_old; i++)
      {
        int holders = 0;

        for (int j = 0; j < n_new; j++)
          if ((old_ct[i] & ~new_ct[j]) == 0)
            holders++;
        if (holders != 1)
          return FALSE;
      }
  return TRUE;
}

/* Where the old cities differ in size, no city may shrink (its tokens
 * must still fit). */
static gboolean
city_sizes_kept (KolEngine *engine,
                 int        hex,
                 int        tile,
                 int        rotation)
{
  const KolTileDef *old_tile = _kol_board_tile_def (engine, hex, NULL);
  const KolTileDef *new_tile = &engine->title->tiles[tile];
  gint8 map[KOL_MAX_NODES];
  int n_old = kol_tile_n_cities (old_tile), first_size = -1;
  gboolean mixed = FALSE;

  for (int c = 0; c < n_old; c++)
    {
      int size = old_tile->nodes[kol_tile_city_node (old_tile, c)].slots;

      mixed = mixed || (first_size >= 0 && size != first_size);
      first_size = size;
    }
  if (!mixed)
    return TRUE;
  kol_board_city_map (engine, hex, tile, rotation, map);
  for (int c = 0; c < n_old; c++)
    {
      if (map[c] < 0)
        return FALSE;
      if (new_tile->nodes[kol_tile_city_node (new_tile, map[c])].slots <
          old_tile->nodes[kol_tile_city_node (old_tile, c)].slots)
        return FALSE;
    }
  return TRUE;
}

/**
 * kol_board_rotation_legal:
 * @engine: a game
 * @corp: the corporation laying
 * @hex: a hex index
 * @tile: the tile def to lay
 * @rotation: its rotation
 * @reach: (nullable): @corp's reach, or %NULL to skip the connection check
 * @reason: (out) (optional): why not
 *
 * The generic checks of one rotation (listed in kol-engine-board.h); a
 * title's legal_rotation hook adds its own and calls this for the rest.
 *
 * Returns: %TRUE if @tile may lie on @hex in @rotation.
 */
gboolean
kol_board_rotation_legal (KolEngine      *engine,
                          int             corp,
                          int             hex,
                          int             tile,
                          int             rotation,
                          const KolReach *reach,
                          KolReason      *reason)
{
  int old_rotation;
  const KolTileDef *old_tile = _kol_board_tile_def (engine, hex, &old_rotation);
  const KolTileDef *new_tile = &engine->title->tiles[tile];
  guint8 exits = kol_tile_exits (new_tile, rotation);
  KolReason why;

  if (reason)
    *reason = KOL_REASON_NONE;
  why = exits_lead_somewhere (engine, hex, exits);
  if (why != KOL_REASON_NONE)
    return refuse_lay (reason, why);
  if (reach && !(exits & connected_edges (engine, corp, hex, reach)))
    return refuse_lay (reason, KOL_REASON_TILE_NOT_CONNECTED);
  if (!paths_kept (engine->title, old_tile, old_rotation, new_tile, rotation) ||
      !cities_kept (old_tile, old_rotation, new_tile, rotation) ||
      !city_sizes_kept (engine, hex, tile, rotation))
    return refuse_lay (reason, KOL_REASON_TILE_ROTATION);
  return TRUE;
}

static gboolean
rotation_ok (KolEngine      *engine,
             int             corp,
             int             hex,
             int             tile,
             int             rotation,
             const KolReach *reach,
             KolReason      *reason)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  if (hooks && hooks->legal_rotation)
    return hooks->legal_rotation (engine, corp, hex, tile, rotation, reach, reason);
  return kol_board_rotation_legal (engine, corp, hex, tile, rotation, reach, reason);
}

/**
 * kol_board_legal_rotations:
 *
 * Returns: bitmask of the distinct rotations of @tile that are legal on @hex.
 */
guint8
kol_board_legal_rotations (KolEngine      *engine,
                           int             corp,
                           int             hex,
                           int             tile,
                           const KolReach *reach)
{
  guint8 candidates, legal = 0;

  if (!_kol_board_valid_tile (engine, tile))
    return 0;
  candidates = kol_tile_distinct_rotations (&engine->title->tiles[tile]) &
               kol_board_allowed_rotations (&engine->title->tiles[tile]);
  for (int r = 0; r < 6; r++)
    if ((candidates & (1u << r)) && rotation_ok (engine, corp, hex, tile, r, reach, NULL))
      legal |= (guint8) (1u << r);
  return legal;
}

/* ------------------------------------------------------------- tile lays */

/**
 * kol_board_tile_available:
 *
 * Returns: %TRUE if @tile is in the supply, of a colour of the phase, not
 * locked to other hexes and needs no capability.
 */
gboolean
kol_board_tile_available (KolEngine *engine,
                          int        corp,
                          int        hex,
                          int        tile,
                          KolReason *reason)
{
  const KolTileDef *def;

  if (!_kol_board_valid_tile (engine, tile) || engine->title->tiles[tile].preprinted)
    return refuse_lay (reason, KOL_REASON_TILE_NOT_AVAILABLE);
  def = &engine->title->tiles[tile];
  if (def->lay_only_on && !in_list (def->lay_only_on, hex))
    return refuse_lay (reason, KOL_REASON_TILE_HEX_LOCKED);
  if (def->lay_requires != NULL || kol_board_free_copy (engine, tile) < 0)
    return refuse_lay (reason, KOL_REASON_TILE_NOT_AVAILABLE);
  if (!kol_board_color_available (engine, (KolColor) def->color))
    return refuse_lay (reason, KOL_REASON_TILE_COLOR_PHASE);
  return TRUE;
}

static gboolean
tile_available (KolEngine *engine,
                int        corp,
                int        hex,
                int        tile,
                KolReason *reason)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  if (hooks && hooks->tile_available)
    return hooks->tile_available (engine, corp, hex, tile, reason);
  return kol_board_tile_available (engine, corp, hex, tile, reason);
}

static gboolean
hex_blocked (KolEngine *engine,
             int        corp,
             int        hex)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  return hooks && hooks->hex_blocked && hooks->hex_blocked (engine, corp, hex);
}

/**
 * kol_board_legal_tiles:
 *
 * Returns: the number of tile defs written to @out.
 */
int
kol_board_legal_tiles (KolEngine      *engine,
                       int             corp,
                       int             hex,
                       const KolReach *reach,
                       gint16         *out,
                       int             max)
{
  int n = 0;

  for (guint i = 0; i < engine->title->n_tiles && n < max; i++)
    {
      if (engine->title->tiles[i].preprinted || !tile_available (engine, corp, hex, (int) i, NULL))
        continue;
      if (!upgrades (engine, hex, (int) i) || kol_board_legal_rotations (engine, corp, hex, (int) i, reach) == 0)
        continue;
      out[n++] = (gint16) i;
    }
  return n;
}

/**
 * kol_board_legal_hexes:
 *
 * Returns: the number of hex indices written to @out.
 */
int
kol_board_legal_hexes (KolEngine      *engine,
                       int             corp,
                       const KolReach *reach,
                       gint16         *out,
                       int             max)
{
  gint16 tiles[1];
  int n = 0;

  for (guint h = 0; h < engine->title->n_hexes && n < max; h++)
    {
      if (reach && connected_edges (engine, corp, (int) h, reach) == 0)
        continue;
      if (hex_blocked (engine, corp, (int) h))
        continue;
      if (kol_board_legal_tiles (engine, corp, (int) h, reach, tiles, 1) > 0)
        out[n++] = (gint16) h;
    }
  return n;
}

/**
 * kol_board_check_lay:
 * @reason: (out) (optional): the rule that refuses
 *
 * Returns: %TRUE if @corp may lay @tile on @hex in @rotation.
 */
gboolean
kol_board_check_lay (KolEngine      *engine,
                     int             corp,
                     int             hex,
                     int             tile,
                     int             rotation,
                     const KolReach *reach,
                     KolReason      *reason)
{
  if (reason)
    *reason = KOL_REASON_NONE;
  if (hex < 0 || (guint) hex >= engine->title->n_hexes)
    return refuse_lay (reason, KOL_REASON_TILE_OFF_MAP);
  if (hex_blocked (engine, corp, hex))
    return refuse_lay (reason, KOL_REASON_TILE_BLOCKED);
  if (!tile_available (engine, corp, hex, tile, reason))
    return FALSE;
  if (!upgrades (engine, hex, tile))
    return refuse_lay (reason, strcmp (_kol_board_tile_def (engine, hex, NULL)->label, engine->title->tiles[tile].label) != 0
                                 ? KOL_REASON_TILE_LABEL
                                 : KOL_REASON_TILE_NOT_UPGRADE);
  if (rotation < 0 || rotation > 5 || !(kol_board_allowed_rotations (&engine->title->tiles[tile]) & (1u << rotation)))
    return refuse_lay (reason, KOL_REASON_TILE_ROTATION);
  return rotation_ok (engine, corp, hex, tile, rotation, reach, reason);
}

/**
 * kol_board_tile_cost:
 *
 * Returns: the terrain cost of the printed hex when its printed tile is
 * still there, else 0: the terrain is paid for once, by the first lay.
 */
int
kol_board_tile_cost (KolEngine *engine,
                     int        corp,
                     int        hex,
                     int        tile)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);
  const KolHexDef *def = &engine->title->hexes[hex];

  if (hooks && hooks->tile_cost)
    return hooks->tile_cost (engine, corp, hex, tile);
  return engine->hexes[hex].tile == def->tile ? def->terrain_cost : 0;
}

