/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-tile.h"

#include <string.h>

/**
 * kol_tile_exits:
 * @tile: a tile
 * @rotation: its rotation 0..5
 *
 * Returns: bitmask of the edges that track (not future track) reaches.
 */
guint8
kol_tile_exits (const KolTileDef *tile,
                int               rotation)
{
  guint8 mask = 0;

  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolPathDef *p = &tile->paths[i];

      if (p->track == KOL_TRACK_FUTURE)
        continue;
      if (KOL_PATH_IS_EDGE (p->a))
        mask |= 1u << kol_path_end_rotate (p->a, rotation);
      if (KOL_PATH_IS_EDGE (p->b))
        mask |= 1u << kol_path_end_rotate (p->b, rotation);
    }
  return mask;
}

static int
count_kind (const KolTileDef *tile,
            KolNodeKind       kind)
{
  int n = 0;

  for (int i = 0; i < tile->n_nodes; i++)
    if (tile->nodes[i].kind == kind)
      n++;
  return n;
}

/**
 * kol_tile_n_cities:
 *
 * Returns: the number of cities on @tile.
 */
int
kol_tile_n_cities (const KolTileDef *tile)
{
  return count_kind (tile, KOL_NODE_CITY);
}

/**
 * kol_tile_n_towns:
 *
 * Returns: the number of towns on @tile.
 */
int
kol_tile_n_towns (const KolTileDef *tile)
{
  return count_kind (tile, KOL_NODE_TOWN);
}

/**
 * kol_tile_n_slots:
 *
 * Returns: the token slots over all cities of @tile.
 */
int
kol_tile_n_slots (const KolTileDef *tile)
{
  int n = 0;

  for (int i = 0; i < tile->n_nodes; i++)
    if (tile->nodes[i].kind == KOL_NODE_CITY)
      n += tile->nodes[i].slots;
  return n;
}

/**
 * kol_tile_city_node:
 *
 * Returns: the node index of city @city_index, or -1.
 */
int
kol_tile_city_node (const KolTileDef *tile,
                    int               city_index)
{
  for (int i = 0; i < tile->n_nodes; i++)
    if (tile->nodes[i].kind == KOL_NODE_CITY && tile->nodes[i].city_index == city_index)
      return i;
  return -1;
}

/**
 * kol_tile_city_slot_base:
 *
 * Returns: the first flattened slot of city @city_index, or -1.
 */
int
kol_tile_city_slot_base (const KolTileDef *tile,
                         int               city_index)
{
  int base = 0;

  for (int i = 0; i < tile->n_nodes; i++)
    {
      if (tile->nodes[i].kind != KOL_NODE_CITY)
        continue;
      if (tile->nodes[i].city_index == city_index)
        return base;
      base += tile->nodes[i].slots;
    }
  return -1;
}

/**
 * kol_tile_node_exits:
 *
 * Returns: bitmask of edges joined to node @node by a single path.
 */
guint8
kol_tile_node_exits (const KolTileDef *tile,
                     int               node,
                     int               rotation)
{
  guint8 mask = 0;
  guint8 end = (guint8) (KOL_PATH_NODE + node);

  for (int i = 0; i < tile->n_paths; i++)
    {
      const KolPathDef *p = &tile->paths[i];

      if (p->track == KOL_TRACK_FUTURE)
        continue;
      if (p->a == end && KOL_PATH_IS_EDGE (p->b))
        mask |= 1u << kol_path_end_rotate (p->b, rotation);
      if (p->b == end && KOL_PATH_IS_EDGE (p->a))
        mask |= 1u << kol_path_end_rotate (p->a, rotation);
    }
  return mask;
}

/* One end of a path with its lane, for signatures. */
static guint64
end_key (guint8        end,
         const guint8 *lane,
         int           rotation)
{
  return ((guint64) kol_path_end_rotate (end, rotation) << 8) | ((guint64) (lane[0] & 0xf) << 4) |
         (lane[1] & 0xf);
}

/* A canonical signature of the tile's paths under @rotation (sorted, one
 * entry per path), to find rotations that look the same. Lanes and terminals
 * are part of a path's look: a double lane turned half round is the same tile
 * only if its lanes swap too. */
static void
rotation_signature (const KolTileDef *tile,
                    int               rotation,
                    guint64          *sig)
{
  int n = tile->n_paths;

  for (int i = 0; i < n; i++)
    {
      const KolPathDef *p = &tile->paths[i];
      guint64 a = end_key (p->a, p->a_lane, rotation);
      guint64 b = end_key (p->b, p->b_lane, rotation);

      if (a > b)
        {
          guint64 t = a;
          a = b;
          b = t;
        }
      sig[i] = (a << 32) | (b << 16) | ((guint64) p->track << 8) | p->terminal;
    }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && sig[j - 1] > sig[j]; j--)
      {
        guint64 t = sig[j];
        sig[j] = sig[j - 1];
        sig[j - 1] = t;
      }
}

/**
 * kol_tile_distinct_rotations:
 *
 * Returns: bitmask of the allowed rotations (all when @tile->rotations is 0)
 * that give distinct tiles; of rotations that look the same only the smallest
 * is kept.
 */
guint8
kol_tile_distinct_rotations (const KolTileDef *tile)
{
  guint64 seen[6][KOL_MAX_PATHS];
  gsize size = sizeof (guint64) * MIN (tile->n_paths, KOL_MAX_PATHS);
  guint8 allowed = tile->rotations ? tile->rotations : 0x3f;
  int n_seen = 0;
  guint8 mask = 0;

  for (int r = 0; r < 6; r++)
    {
      gboolean dup = FALSE;

      if (!(allowed & (1u << r)))
        continue;
      rotation_signature (tile, r, seen[n_seen]);
      for (int i = 0; i < n_seen && !dup; i++)
        dup = memcmp (seen[i], seen[n_seen], size) == 0;
      if (dup)
        continue;
      n_seen++;
      mask |= 1u << r;
    }
  return mask;
}

static void
icon_free (gpointer data)
{
  KolIconDef *icon = data;

  g_free (icon->id);
  g_free (icon->role);
  g_free (icon);
}

/**
 * kol_tile_icon_new:
 *
 * Returns: (transfer full): an icon definition.
 */
KolIconDef *
kol_tile_icon_new (const char *id,
                   const char *role)
{
  KolIconDef *icon = g_new0 (KolIconDef, 1);

  icon->id = g_strdup (id);
  icon->role = g_strdup (role);
  return icon;
}

/**
 * kol_tile_icons_new:
 *
 * Returns: (transfer full): an empty array for KolIconDef with its free function.
 */
GPtrArray *
kol_tile_icons_new (void)
{
  return g_ptr_array_new_with_free_func (icon_free);
}

/**
 * kol_tile_def_clear:
 *
 * Frees what @tile owns (not @tile itself).
 */
void
kol_tile_def_clear (KolTileDef *tile)
{
  g_clear_pointer (&tile->id, g_free);
  g_clear_pointer (&tile->frame, g_free);
  g_clear_pointer (&tile->icons, g_ptr_array_unref);
  g_clear_pointer (&tile->upgrades_to, g_array_unref);
  g_clear_pointer (&tile->lay_only_on, g_array_unref);
  g_clear_pointer (&tile->lay_requires, g_free);
}
