/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-board-private.h"

#include <string.h>

/*
 * Cities, tokens, tiles and the rules of laying them, after 18xx.games:
 * part/city.rb (slots, reservations, blocking, tokenable?), base.rb
 * (upgrades_to?), tile.rb (paths_are_subset_of?, city_town_edges),
 * step/tracker.rb (legal_tile_rotation?, potential_tiles) and hex.rb (lay,
 * city_map_for). The track graph itself is in kol-engine-graph.c.
 */

/* ------------------------------------------------------------------ cities */

static int
city_node (KolGame *g,
           int      hex,
           int      city)
{
  return kol_tile_city_node (_kol_board_tile_def (g, hex, NULL), city);
}

/**
 * kol_board_city_slots:
 *
 * Returns: the number of token slots of city @city on @hex's tile.
 */
int
kol_board_city_slots (KolGame *g,
                      int      hex,
                      int      city)
{
  int node = city_node (g, hex, city);

  return node < 0 ? 0 : _kol_board_tile_def (g, hex, NULL)->nodes[node].slots;
}

/**
 * kol_board_slot_index:
 *
 * Returns: the flattened slot of @slot in city @city of @hex, or -1.
 */
int
kol_board_slot_index (KolGame *g,
                      int      hex,
                      int      city,
                      int      slot)
{
  const KolTileDef *tile = _kol_board_tile_def (g, hex, NULL);
  int base = kol_tile_city_slot_base (tile, city);

  if (base < 0 || slot < 0 || slot >= kol_board_city_slots (g, hex, city) || base + slot >= KOL_MAX_HEX_SLOTS)
    return -1;
  return base + slot;
}

/**
 * kol_board_slot_city:
 *
 * Returns: the city of flattened slot @slot on @hex's tile, or -1.
 */
int
kol_board_slot_city (KolGame *g,
                     int      hex,
                     int      slot)
{
  const KolTileDef *tile = _kol_board_tile_def (g, hex, NULL);
  int base = 0;

  for (int i = 0; i < tile->n_nodes; i++)
    {
      const KolNodeDef *n = &tile->nodes[i];

      if (n->kind != KOL_NODE_CITY)
        continue;
      if (slot >= base && slot < base + n->slots)
        return n->city_index;
      base += n->slots;
    }
  return -1;
}

/* Flattened slots [*first, *end) of a city, clipped to the state's array. */
static gboolean
city_slot_range (KolGame *g,
                 int      hex,
                 int      city,
                 int     *first,
                 int     *end)
{
  const KolTileDef *tile = _kol_board_tile_def (g, hex, NULL);
  int base = kol_tile_city_slot_base (tile, city);
  int node = kol_tile_city_node (tile, city);

  if (base < 0 || node < 0)
    return FALSE;
  *first = MIN (base, KOL_MAX_HEX_SLOTS);
  *end = MIN (base + tile->nodes[node].slots, KOL_MAX_HEX_SLOTS);
  return TRUE;
}

/**
 * kol_board_slot_corp:
 *
 * Returns: the corporation whose token is in (hex, city, slot), or -1.
 */
int
kol_board_slot_corp (KolGame *g,
                     int      hex,
                     int      city,
                     int      slot)
{
  int s = kol_board_slot_index (g, hex, city, slot);

  if (s < 0 || g->hexes[hex].slot_token[s] < 0)
    return -1;
  return KOL_TOKEN_CORP (g->hexes[hex].slot_token[s]);
}

/**
 * kol_board_city_tokened_by:
 *
 * Returns: %TRUE if @corp has a token in city @city of @hex.
 */
gboolean
kol_board_city_tokened_by (KolGame *g,
                           int      hex,
                           int      city,
                           int      corp)
{
  int first, end;

  if (corp < 0 || !city_slot_range (g, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (g->hexes[hex].slot_token[s] >= 0 && KOL_TOKEN_CORP (g->hexes[hex].slot_token[s]) == corp)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_hex_tokened_by:
 *
 * Returns: %TRUE if @corp has a token in any city of @hex.
 */
gboolean
kol_board_hex_tokened_by (KolGame *g,
                          int      hex,
                          int      corp)
{
  int n_cities = kol_tile_n_cities (_kol_board_tile_def (g, hex, NULL));

  for (int c = 0; c < n_cities; c++)
    if (kol_board_city_tokened_by (g, hex, c, corp))
      return TRUE;
  return FALSE;
}

/**
 * kol_board_city_reserved_by:
 *
 * Returns: %TRUE if a slot of city @city of @hex is reserved for @corp.
 */
gboolean
kol_board_city_reserved_by (KolGame *g,
                            int      hex,
                            int      city,
                            int      corp)
{
  int first, end;

  if (corp < 0 || !city_slot_range (g, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (g->hexes[hex].slot_reserved[s] == corp)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_city_blocks:
 *
 * City#blocks?: a city blocks @corp when @corp has no token there and no
 * slot is empty. Reservations do not block a walk.
 *
 * Returns: %TRUE if the city blocks @corp.
 */
gboolean
kol_board_city_blocks (KolGame *g,
                       int      hex,
                       int      city,
                       int      corp)
{
  int first, end;

  if (corp < 0 || !city_slot_range (g, hex, city, &first, &end))
    return FALSE;
  if (kol_board_city_tokened_by (g, hex, city, corp))
    return FALSE;
  for (int s = first; s < end; s++)
    if (g->hexes[hex].slot_token[s] < 0)
      return FALSE;
  return TRUE;
}

/**
 * kol_board_city_get_slot:
 *
 * City#get_slot: @corp's reserved slot in the city, else the first slot
 * with neither token nor reservation.
 *
 * Returns: a flattened slot, or -1.
 */
int
kol_board_city_get_slot (KolGame *g,
                         int      hex,
                         int      city,
                         int      corp)
{
  const KolHexState *s = &g->hexes[hex];
  int first, end;

  if (!city_slot_range (g, hex, city, &first, &end))
    return -1;
  for (int i = first; i < end; i++)
    if (corp >= 0 && s->slot_reserved[i] == corp && s->slot_token[i] < 0)
      return i;
  for (int i = first; i < end; i++)
    if (s->slot_token[i] < 0 && s->slot_reserved[i] < 0)
      return i;
  return -1;
}

/* ------------------------------------------------------------------ tokens */

/**
 * kol_board_next_token:
 *
 * Returns: the first token of @corp that is not used (Operator#next_token),
 * or -1.
 */
int
kol_board_next_token (KolGame *g,
                      int      corp)
{
  const KolCorp *c = &g->corps[corp];

  for (int i = 0; i < c->n_tokens; i++)
    if (!c->tokens[i].used && c->tokens[i].hex < 0)
      return i;
  return -1;
}

static gboolean
refuse_token (KolReason *reason,
              KolReason  why)
{
  if (reason)
    *reason = why;
  return FALSE;
}

/* Every slot of the city is taken, but some only by other reservations. */
static gboolean
free_but_reserved (KolGame *g,
                   int      hex,
                   int      city)
{
  int first, end;

  if (!city_slot_range (g, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (g->hexes[hex].slot_token[s] < 0)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_check_token:
 * @g: a game
 * @corp: the corporation placing
 * @hex: a hex index
 * @city: a city index on the hex's tile
 * @checks: what to check beyond City#tokenable?
 * @reach: (nullable): @corp's reach, needed with %KOL_TOKEN_CHECK_CONNECTED
 * @reason: (out) (optional): why not
 *
 * In the order of step/token.rb: reachable hex and connected city, then
 * City#tokenable?: a token left, a slot, no token on the hex already.
 *
 * Returns: %TRUE if the token may go there.
 */
gboolean
kol_board_check_token (KolGame        *g,
                       int             corp,
                       int             hex,
                       int             city,
                       KolTokenCheck   checks,
                       const KolReach *reach,
                       KolReason      *reason)
{
  int node = city_node (g, hex, city);

  if (reason)
    *reason = KOL_REASON_NONE;
  if (node < 0)
    return refuse_token (reason, KOL_REASON_TOKEN_NO_SLOT);
  if ((checks & KOL_TOKEN_CHECK_CONNECTED) &&
      (reach == NULL || reach->paths[hex] == 0 || !kol_reach_has_node (reach, hex, node)))
    return refuse_token (reason, KOL_REASON_TOKEN_NOT_REACHABLE);
  if (kol_board_next_token (g, corp) < 0)
    return refuse_token (reason, KOL_REASON_TOKEN_NONE_LEFT);
  if (kol_board_city_get_slot (g, hex, city, corp) < 0)
    return refuse_token (reason, free_but_reserved (g, hex, city) ? KOL_REASON_TOKEN_RESERVED
                                                                   : KOL_REASON_TOKEN_NO_SLOT);
  if (!(checks & KOL_TOKEN_ALLOW_SAME_HEX) && kol_board_hex_tokened_by (g, hex, corp))
    return refuse_token (reason, KOL_REASON_TOKEN_ALREADY_THERE);
  return TRUE;
}

/**
 * kol_board_can_place_token:
 *
 * Returns: %TRUE if @corp may place its next token in (hex, city).
 */
gboolean
kol_board_can_place_token (KolGame  *g,
                           int       corp,
                           int       hex,
                           int       city,
                           gboolean  check_connected,
                           KolReason *reason)
{
  KolReach reach;

  if (!check_connected)
    return kol_board_check_token (g, corp, hex, city, 0, NULL, reason);
  kol_board_compute_reach (g, corp, NULL, &reach);
  return kol_board_check_token (g, corp, hex, city, KOL_TOKEN_CHECK_CONNECTED, &reach, reason);
}

/* City#remove_reservation!: the first reservation of @corp in the city. */
static void
remove_city_reservation (KolGame *g,
                         int      hex,
                         int      city,
                         int      corp)
{
  int first, end;

  if (!city_slot_range (g, hex, city, &first, &end))
    return;
  for (int s = first; s < end; s++)
    if (g->hexes[hex].slot_reserved[s] == corp)
      {
        g->hexes[hex].slot_reserved[s] = -1;
        return;
      }
}

/**
 * kol_board_place_token:
 *
 * Puts a token of @corp into a slot of (hex, city) and drops @corp's
 * reservation there (City#place_token).
 *
 * Returns: %FALSE if the token or the slot does not exist or is taken.
 */
gboolean
kol_board_place_token (KolGame *g,
                       int      corp,
                       int      token_index,
                       int      hex,
                       int      city,
                       int      slot)
{
  KolCorp *c;
  int first, end;

  g_return_val_if_fail (corp >= 0 && corp < g->n_corps, FALSE);
  g_return_val_if_fail (hex >= 0 && (guint) hex < g->title->n_hexes, FALSE);

  c = &g->corps[corp];
  if (token_index < 0)
    token_index = kol_board_next_token (g, corp);
  if (token_index < 0 || token_index >= c->n_tokens || c->tokens[token_index].hex >= 0)
    return FALSE;
  if (!city_slot_range (g, hex, city, &first, &end))
    return FALSE;
  if (slot < 0)
    slot = kol_board_city_get_slot (g, hex, city, corp);
  if (slot < first || slot >= end || g->hexes[hex].slot_token[slot] >= 0)
    return FALSE;

  g->hexes[hex].slot_token[slot] = KOL_TOKEN_ID (corp, token_index);
  c->tokens[token_index].hex = (gint16) hex;
  c->tokens[token_index].slot = (gint8) slot;
  c->tokens[token_index].used = TRUE;
  remove_city_reservation (g, hex, city, corp);
  return TRUE;
}

/**
 * kol_board_remove_token:
 *
 * Takes token @token_index of @corp off the board (Token#remove!): it is no
 * longer used and can be placed again.
 */
void
kol_board_remove_token (KolGame *g,
                        int      corp,
                        int      token_index)
{
  KolToken *token;

  g_return_if_fail (corp >= 0 && corp < g->n_corps);
  g_return_if_fail (token_index >= 0 && token_index < g->corps[corp].n_tokens);

  token = &g->corps[corp].tokens[token_index];
  if (token->hex >= 0 && token->slot >= 0 && token->slot < KOL_MAX_HEX_SLOTS &&
      g->hexes[token->hex].slot_token[token->slot] == KOL_TOKEN_ID (corp, token_index))
    g->hexes[token->hex].slot_token[token->slot] = -1;
  token->hex = -1;
  token->slot = -1;
  token->used = FALSE;
}

/**
 * kol_board_reserve:
 *
 * Reserves a slot of (hex, city) for @corp (a home reservation).
 */
void
kol_board_reserve (KolGame *g,
                   int      hex,
                   int      city,
                   int      corp)
{
  const KolTileDef *tile = &g->title->tiles[g->hexes[hex].tile];
  int base = kol_tile_city_slot_base (tile, city);
  int node = kol_tile_city_node (tile, city);

  if (base < 0 || node < 0)
    return;
  for (int s = 0; s < tile->nodes[node].slots && base + s < KOL_MAX_HEX_SLOTS; s++)
    if (g->hexes[hex].slot_reserved[base + s] < 0 && g->hexes[hex].slot_token[base + s] < 0)
      {
        g->hexes[hex].slot_reserved[base + s] = (gint16) corp;
        return;
      }
}

/**
 * kol_board_unreserve:
 *
 * Removes @corp's reservations on @hex.
 */
void
kol_board_unreserve (KolGame *g,
                     int      hex,
                     int      corp)
{
  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    if (g->hexes[hex].slot_reserved[s] == corp)
      g->hexes[hex].slot_reserved[s] = -1;
}

/* ------------------------------------------------------------------- tiles */

/**
 * kol_board_tile:
 * @rotation: (out) (optional): the tile's rotation
 *
 * Returns: the tile def on @hex now.
 */
const KolTileDef *
kol_board_tile (KolGame *g,
                int      hex,
                int     *rotation)
{
  return _kol_board_tile_def (g, hex, rotation);
}

static gboolean
valid_tile (KolGame *g,
            int      tile)
{
  return tile >= 0 && (guint) tile < g->title->n_tiles;
}

/**
 * kol_board_tile_copies:
 *
 * Returns: the number of copies of @tile in the title's copy table.
 */
int
kol_board_tile_copies (KolGame *g,
                       int      tile)
{
  const KolTitle *t = g->title;
  int first, n = 0;

  if (!valid_tile (g, tile) || t->tiles[tile].preprinted)
    return 0;
  first = t->tiles[tile].first_copy;
  while ((guint) (first + n) < t->n_tile_copies && t->copy_tile[first + n] == tile)
    n++;
  return n;
}

/**
 * kol_board_tiles_left:
 *
 * Returns: the copies of @tile in the supply, or -1 for an unlimited tile
 * that still has one.
 */
int
kol_board_tiles_left (KolGame *g,
                      int      tile)
{
  int first, n, left = 0;

  if (!valid_tile (g, tile))
    return 0;
  first = g->title->tiles[tile].first_copy;
  n = kol_board_tile_copies (g, tile);
  for (int c = first; c < first + n && c < KOL_MAX_TILE_COPIES; c++)
    if (g->copy_hex[c] < 0)
      left++;
  if (g->title->tiles[tile].count < 0 && left > 0)
    return -1;
  return left;
}

/**
 * kol_board_free_copy:
 *
 * Returns: the lowest copy of @tile in the supply, or -1.
 */
int
kol_board_free_copy (KolGame *g,
                     int      tile)
{
  int first, n;

  if (!valid_tile (g, tile))
    return -1;
  first = g->title->tiles[tile].first_copy;
  n = kol_board_tile_copies (g, tile);
  for (int c = first; c < first + n && c < KOL_MAX_TILE_COPIES; c++)
    if (g->copy_hex[c] < 0)
      return c;
  return -1;
}

/**
 * kol_board_color_available:
 *
 * Returns: %TRUE if the current phase allows tiles of @color.
 */
gboolean
kol_board_color_available (KolGame *g,
                           KolColor color)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);

  if (hooks && hooks->color_available)
    return hooks->color_available (g, color);
  if (g->phase < 0 || (guint) g->phase >= g->title->n_phases)
    return FALSE;
  return (g->title->phases[g->phase].tiles >> color) & 1u;
}

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

/* Path#ends: a junction end stands for the far ends of the junction's other
 * paths. */
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
 * @new_tile at @new_rotation (tracker.rb old_paths_maintained?). */
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

/* Tile#paths_are_subset_of?: in some rotation the old tile's track is kept;
 * between two junction tiles only the exits count. */
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

/* Tile#city_town_edges: for each city or town with track to an edge, the
 * edges it reaches; returns how many. */
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
      if (ct < 0)  /* Path#city || Path#town: a city wins over a town */
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

/* Tile#city_town_edges_are_subset_of?: in some rotation every old city or
 * town keeps its edges within one new one. */
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

/* base.rb upgrades_to_correct_color?: the next colour of the title's order;
 * a white hex comes before the first colour unless the title lists white. */
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

/* base.rb upgrades_to_correct_city_town? */
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
 * @g: a game
 * @hex: the hex (for hooks; unused by the generic rule)
 * @from_tile: the tile def there
 * @to_tile: the candidate
 *
 * The data's policy first: "none" never upgrades, an explicit upgrades_to
 * list always allows its tiles ("explicit" allows nothing else),
 * "same_color" allows any tile of the same colour; then base.rb
 * upgrades_to?: next colour, old track kept in some rotation, same label,
 * same number of towns and (unless labelled) cities, OO cities kept apart.
 *
 * Returns: %TRUE if @from_tile may be replaced by @to_tile.
 */
gboolean
kol_board_upgrades_to (KolGame *g,
                       int      hex,
                       int      from_tile,
                       int      to_tile)
{
  const KolTitle *t = g->title;
  const KolTileDef *from, *to;

  if (!valid_tile (g, from_tile) || !valid_tile (g, to_tile))
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

  return next_color (t, from->color, to->color) &&
         paths_subset (t, from, to) &&
         strcmp (from->label, to->label) == 0 &&
         city_town_counts (from, to);
}

static gboolean
upgrades (KolGame *g,
          int      hex,
          int      to_tile)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);
  int from_tile = g->hexes[hex].tile;

  if (hooks && hooks->upgrades_to)
    return hooks->upgrades_to (g, hex, from_tile, to_tile);
  return kol_board_upgrades_to (g, hex, from_tile, to_tile);
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
kol_board_connected_edges (KolGame        *g,
                           int             corp,
                           int             hex,
                           const KolReach *reach)
{
  return reach ? reach->hex_edges[hex] : 0x3f;
}

static guint8
connected_edges (KolGame        *g,
                 int             corp,
                 int             hex,
                 const KolReach *reach)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);

  if (hooks && hooks->connected_edges)
    return hooks->connected_edges (g, corp, hex, reach);
  return kol_board_connected_edges (g, corp, hex, reach);
}

static gboolean
refuse_lay (KolReason *reason,
            KolReason  why)
{
  if (reason)
    *reason = why;
  return FALSE;
}

/* Every new exit must lead to a neighbour (tracker.rb hex_neighbor_exists?). */
static KolReason
exits_lead_somewhere (KolGame *g,
                      int      hex,
                      guint8   exits)
{
  const KolHexDef *def = &g->title->hexes[hex];

  for (int e = 0; e < 6; e++)
    {
      if (!(exits & (1u << e)) || kol_board_neighbor (g, hex, e) >= 0)
        continue;
      if (def->all_neighbors[e] >= 0 && (def->impassable & (1u << e)))
        return KOL_REASON_TILE_IMPASSABLE;
      return KOL_REASON_TILE_OFF_MAP;
    }
  return KOL_REASON_NONE;
}

/* No more cities from nowhere than cities added, every old city of a
 * multi-city upgrade within exactly one new one (tracker.rb). */
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

/* tracker.rb city_sizes_maintained: where the old cities differ in size, no
 * city may shrink. */
static gboolean
city_sizes_kept (KolGame *g,
                 int      hex,
                 int      tile,
                 int      rotation)
{
  const KolTileDef *old_tile = _kol_board_tile_def (g, hex, NULL);
  const KolTileDef *new_tile = &g->title->tiles[tile];
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
  kol_board_city_map (g, hex, tile, rotation, map);
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
 * @g: a game
 * @corp: the corporation laying
 * @hex: a hex index
 * @tile: the tile def to lay
 * @rotation: its rotation
 * @reach: (nullable): @corp's reach, or %NULL to skip the connection check
 * @reason: (out) (optional): why not
 *
 * tracker.rb legal_tile_rotation? without the title's part.
 *
 * Returns: %TRUE if @tile may lie on @hex in @rotation.
 */
gboolean
kol_board_rotation_legal (KolGame        *g,
                          int             corp,
                          int             hex,
                          int             tile,
                          int             rotation,
                          const KolReach *reach,
                          KolReason      *reason)
{
  int old_rotation;
  const KolTileDef *old_tile = _kol_board_tile_def (g, hex, &old_rotation);
  const KolTileDef *new_tile = &g->title->tiles[tile];
  guint8 exits = kol_tile_exits (new_tile, rotation);
  KolReason why;

  if (reason)
    *reason = KOL_REASON_NONE;
  why = exits_lead_somewhere (g, hex, exits);
  if (why != KOL_REASON_NONE)
    return refuse_lay (reason, why);
  if (reach && !(exits & connected_edges (g, corp, hex, reach)))
    return refuse_lay (reason, KOL_REASON_TILE_NOT_CONNECTED);
  if (!paths_kept (g->title, old_tile, old_rotation, new_tile, rotation) ||
      !cities_kept (old_tile, old_rotation, new_tile, rotation) ||
      !city_sizes_kept (g, hex, tile, rotation))
    return refuse_lay (reason, KOL_REASON_TILE_ROTATION);
  return TRUE;
}

static gboolean
rotation_ok (KolGame        *g,
             int             corp,
             int             hex,
             int             tile,
             int             rotation,
             const KolReach *reach,
             KolReason      *reason)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);

  if (hooks && hooks->legal_rotation)
    return hooks->legal_rotation (g, corp, hex, tile, rotation, reach, reason);
  return kol_board_rotation_legal (g, corp, hex, tile, rotation, reach, reason);
}

/**
 * kol_board_legal_rotations:
 *
 * Returns: bitmask of the distinct rotations of @tile that are legal on @hex.
 */
guint8
kol_board_legal_rotations (KolGame        *g,
                           int             corp,
                           int             hex,
                           int             tile,
                           const KolReach *reach)
{
  guint8 candidates, legal = 0;

  if (!valid_tile (g, tile))
    return 0;
  candidates = kol_tile_distinct_rotations (&g->title->tiles[tile]) &
               kol_board_allowed_rotations (&g->title->tiles[tile]);
  for (int r = 0; r < 6; r++)
    if ((candidates & (1u << r)) && rotation_ok (g, corp, hex, tile, r, reach, NULL))
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
kol_board_tile_available (KolGame   *g,
                          int        corp,
                          int        hex,
                          int        tile,
                          KolReason *reason)
{
  const KolTileDef *def;

  if (!valid_tile (g, tile) || g->title->tiles[tile].preprinted)
    return refuse_lay (reason, KOL_REASON_TILE_NOT_AVAILABLE);
  def = &g->title->tiles[tile];
  if (def->lay_only_on && !in_list (def->lay_only_on, hex))
    return refuse_lay (reason, KOL_REASON_TILE_HEX_LOCKED);
  if (def->lay_requires != NULL || kol_board_free_copy (g, tile) < 0)
    return refuse_lay (reason, KOL_REASON_TILE_NOT_AVAILABLE);
  if (!kol_board_color_available (g, (KolColor) def->color))
    return refuse_lay (reason, KOL_REASON_TILE_COLOR_PHASE);
  return TRUE;
}

static gboolean
tile_available (KolGame   *g,
                int        corp,
                int        hex,
                int        tile,
                KolReason *reason)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);

  if (hooks && hooks->tile_available)
    return hooks->tile_available (g, corp, hex, tile, reason);
  return kol_board_tile_available (g, corp, hex, tile, reason);
}

static gboolean
hex_blocked (KolGame *g,
             int      corp,
             int      hex)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);

  return hooks && hooks->hex_blocked && hooks->hex_blocked (g, corp, hex);
}

/**
 * kol_board_legal_tiles:
 *
 * Returns: the number of tile defs written to @out.
 */
int
kol_board_legal_tiles (KolGame        *g,
                       int             corp,
                       int             hex,
                       const KolReach *reach,
                       gint16         *out,
                       int             max)
{
  int n = 0;

  for (guint i = 0; i < g->title->n_tiles && n < max; i++)
    {
      if (g->title->tiles[i].preprinted || !tile_available (g, corp, hex, (int) i, NULL))
        continue;
      if (!upgrades (g, hex, (int) i) || kol_board_legal_rotations (g, corp, hex, (int) i, reach) == 0)
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
kol_board_legal_hexes (KolGame        *g,
                       int             corp,
                       const KolReach *reach,
                       gint16         *out,
                       int             max)
{
  gint16 tiles[1];
  int n = 0;

  for (guint h = 0; h < g->title->n_hexes && n < max; h++)
    {
      if (reach && connected_edges (g, corp, (int) h, reach) == 0)
        continue;
      if (hex_blocked (g, corp, (int) h))
        continue;
      if (kol_board_legal_tiles (g, corp, (int) h, reach, tiles, 1) > 0)
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
kol_board_check_lay (KolGame        *g,
                     int             corp,
                     int             hex,
                     int             tile,
                     int             rotation,
                     const KolReach *reach,
                     KolReason      *reason)
{
  if (reason)
    *reason = KOL_REASON_NONE;
  if (hex < 0 || (guint) hex >= g->title->n_hexes)
    return refuse_lay (reason, KOL_REASON_TILE_OFF_MAP);
  if (hex_blocked (g, corp, hex))
    return refuse_lay (reason, KOL_REASON_TILE_BLOCKED);
  if (!tile_available (g, corp, hex, tile, reason))
    return FALSE;
  if (!upgrades (g, hex, tile))
    return refuse_lay (reason, strcmp (_kol_board_tile_def (g, hex, NULL)->label, g->title->tiles[tile].label) != 0
                                 ? KOL_REASON_TILE_LABEL
                                 : KOL_REASON_TILE_NOT_UPGRADE);
  if (rotation < 0 || rotation > 5 || !(kol_board_allowed_rotations (&g->title->tiles[tile]) & (1u << rotation)))
    return refuse_lay (reason, KOL_REASON_TILE_ROTATION);
  return rotation_ok (g, corp, hex, tile, rotation, reach, reason);
}

/**
 * kol_board_tile_cost:
 *
 * Returns: the terrain cost of the printed hex when its printed tile is
 * still there, else 0 (base.rb upgrade_cost sums the old tile's upgrades).
 */
int
kol_board_tile_cost (KolGame *g,
                     int      corp,
                     int      hex,
                     int      tile)
{
  const KolBoardHooks *hooks = _kol_board_hooks (g);
  const KolHexDef *def = &g->title->hexes[hex];

  if (hooks && hooks->tile_cost)
    return hooks->tile_cost (g, corp, hex, tile);
  return g->hexes[hex].tile == def->tile ? def->terrain_cost : 0;
}

/* --------------------------------------------------------------------- lay */

/**
 * kol_board_city_map:
 * @map: (out caller-allocates) (array fixed-size=10): new city per old city
 *
 * hex.rb#city_map_for: cities without track map by index; otherwise each old
 * city goes to the first new city whose edges include all of its edges; the
 * rest by index, or to the first city still free.
 *
 * Returns: the number of cities on the hex's current tile.
 */
int
kol_board_city_map (KolGame *g,
                    int      hex,
                    int      tile,
                    int      rotation,
                    gint8   *map)
{
  int old_rotation;
  const KolTileDef *old_tile = _kol_board_tile_def (g, hex, &old_rotation);
  const KolTileDef *new_tile = &g->title->tiles[tile];
  int n_old = MIN (kol_tile_n_cities (old_tile), KOL_MAX_NODES);
  int n_new = MIN (kol_tile_n_cities (new_tile), KOL_MAX_NODES);
  guint8 old_exits[KOL_MAX_NODES], new_exits[KOL_MAX_NODES], all_old = 0;
  gboolean used[KOL_MAX_NODES] = { FALSE }, nil_used = FALSE;

  for (int i = 0; i < n_old; i++)
    all_old |= old_exits[i] = kol_tile_node_exits (old_tile, kol_tile_city_node (old_tile, i), old_rotation);
  for (int j = 0; j < n_new; j++)
    new_exits[j] = kol_tile_node_exits (new_tile, kol_tile_city_node (new_tile, j), rotation);

  for (int i = 0; i < n_old; i++)
    {
      map[i] = -1;
      if (all_old == 0 && n_old == n_new)
        map[i] = (gint8) i;
      else
        for (int j = 0; j < n_new && map[i] < 0; j++)
          if (old_exits[i] != 0 && (old_exits[i] & ~new_exits[j]) == 0)
            map[i] = (gint8) j;
      if (map[i] >= 0)
        used[map[i]] = TRUE;
    }

  for (int i = 0; i < n_old; i++)
    {
      int city;

      if (map[i] >= 0)
        continue;
      city = i < n_new ? i : -1;
      if (city >= 0 ? used[city] : nil_used)
        {
          city = -1;
          for (int j = 0; j < n_new && city < 0; j++)
            if (!used[j])
              city = j;
        }
      map[i] = (gint8) city;
      if (city >= 0)
        used[city] = TRUE;
      else
        nil_used = TRUE;
    }
  return n_old;
}

/* A token on its way from the old tile to the new one. */
typedef struct
{
  gint16 id;
  gint8  old_city;
} Moving;

/* City#exchange_token into new city @city: a cheater (more tokens than
 * slots) takes the first open slot, others their reservation or the first
 * open slot. Returns the flattened slot or -1. */
static int
exchange_slot (KolGame *g,
               int      hex,
               int      city,
               int      corp,
               gboolean cheater)
{
  return kol_board_city_get_slot (g, hex, city, cheater ? -1 : corp);
}

static void
settle_token (KolGame *g,
              int      hex,
              gint16   id,
              int      slot)
{
  KolToken *token = &g->corps[KOL_TOKEN_CORP (id)].tokens[KOL_TOKEN_INDEX (id)];

  if (slot < 0)
    {
      /* 18xx.games would add an extra slot here; the flat state has none, so
       * the token goes back to its corporation */
      token->hex = -1;
      token->slot = -1;
      token->used = FALSE;
      return;
    }
  g->hexes[hex].slot_token[slot] = id;
  token->hex = (gint16) hex;
  token->slot = (gint8) slot;
}

/* Reservations of each new city: the old cities' reservations concatenated
 * in old city order (hex.rb#lay), trailing empty slots dropped. */
static void
move_reservations (KolGame           *g,
                   int                hex,
                   const KolHexState *old,
                   const KolTileDef  *old_tile,
                   const gint8       *map,
                   int                n_old,
                   int               *n_reserved)
{
  gint16 lists[KOL_MAX_NODES][KOL_MAX_HEX_SLOTS];

  memset (n_reserved, 0, sizeof (int) * KOL_MAX_NODES);
  for (int i = 0; i < n_old; i++)
    {
      int base = kol_tile_city_slot_base (old_tile, i);
      int slots = old_tile->nodes[kol_tile_city_node (old_tile, i)].slots;
      int len = 0;

      if (map[i] < 0)
        continue;
      for (int s = 0; s < slots && base + s < KOL_MAX_HEX_SLOTS; s++)
        if (old->slot_reserved[base + s] >= 0)
          len = s + 1;
      for (int s = 0; s < len && n_reserved[map[i]] < KOL_MAX_HEX_SLOTS; s++)
        lists[map[i]][n_reserved[map[i]]++] = old->slot_reserved[base + s];
    }
  for (int c = 0; c < KOL_MAX_NODES; c++)
    for (int s = 0; s < n_reserved[c]; s++)
      {
        int slot = kol_board_slot_index (g, hex, c, s);

        if (slot >= 0)
          g->hexes[hex].slot_reserved[slot] = lists[c][s];
      }
}

/* Tokens of the old tile, city by city, slot by slot. */
static int
collect_tokens (const KolHexState *old,
                const KolTileDef  *old_tile,
                Moving            *out)
{
  int n_cities = kol_tile_n_cities (old_tile), n = 0;

  for (int c = 0; c < n_cities; c++)
    {
      int base = kol_tile_city_slot_base (old_tile, c);
      int slots = old_tile->nodes[kol_tile_city_node (old_tile, c)].slots;

      for (int s = 0; s < slots && base + s < KOL_MAX_HEX_SLOTS; s++)
        if (old->slot_token[base + s] >= 0)
          {
            out[n].id = old->slot_token[base + s];
            out[n].old_city = (gint8) c;
            n++;
          }
    }
  return n;
}

/* hex.rb#lay and move_tokens_to_new_tile_multi_city!: with one old city its
 * tokens go in slot order; with several, each new city takes the tokens of
 * its old cities, those beyond its slots (after reservations) as cheaters. */
static void
move_tokens (KolGame     *g,
             int          hex,
             const Moving *moving,
             int          n_moving,
             const gint8  *map,
             int          n_old,
             const int    *n_reserved)
{
  gint8 order[KOL_MAX_NODES];
  int n_order = 0;

  if (n_old == 1)
    {
      for (int k = 0; k < n_moving; k++)
        settle_token (g, hex, moving[k].id,
                      map[0] < 0 ? -1 : exchange_slot (g, hex, map[0], KOL_TOKEN_CORP (moving[k].id), FALSE));
      return;
    }

  for (int i = 0; i < n_old; i++)
    {
      gboolean seen = FALSE;

      for (int k = 0; k < n_order; k++)
        seen = seen || order[k] == map[i];
      if (!seen)
        order[n_order++] = map[i];
    }
  for (int o = 0; o < n_order; o++)
    {
      int city = order[o], index = 0;

      for (int k = 0; k < n_moving; k++)
        {
          gboolean cheater;

          if (map[moving[k].old_city] != city)
            continue;
          if (city < 0)
            {
              settle_token (g, hex, moving[k].id, -1);
              continue;
            }
          cheater = n_reserved[city] + index >= kol_board_city_slots (g, hex, city);
          settle_token (g, hex, moving[k].id,
                        exchange_slot (g, hex, city, KOL_TOKEN_CORP (moving[k].id), cheater));
          index++;
        }
    }
}

/**
 * kol_board_lay:
 * @g: a game
 * @hex: a hex index
 * @copy: a tile copy in the supply, or -1 for the hex's preprinted tile
 * @rotation: 0..5
 *
 * Replaces the tile on @hex (hex.rb#lay): the old copy returns to the
 * supply; reservations, then tokens, move to the new cities by
 * kol_board_city_map().
 */
void
kol_board_lay (KolGame *g,
               int      hex,
               int      copy,
               int      rotation)
{
  const KolTitle *t = g->title;
  KolHexState old = g->hexes[hex];
  const KolTileDef *old_tile = &t->tiles[old.tile];
  KolHexState *s = &g->hexes[hex];
  gint8 map[KOL_MAX_NODES];
  int n_reserved[KOL_MAX_NODES];
  Moving moving[KOL_MAX_HEX_SLOTS];
  int new_tile, n_old, n_moving;

  g_return_if_fail (hex >= 0 && (guint) hex < t->n_hexes);
  g_return_if_fail (copy < 0 || (guint) copy < t->n_tile_copies);

  rotation = ((rotation % 6) + 6) % 6;
  new_tile = copy >= 0 ? t->copy_tile[copy] : t->hexes[hex].tile;
  n_old = kol_board_city_map (g, hex, new_tile, rotation, map);
  n_moving = collect_tokens (&old, old_tile, moving);

  if (old.copy >= 0)
    g->copy_hex[old.copy] = -1;
  if (copy >= 0)
    g->copy_hex[copy] = (gint16) hex;
  s->tile = (gint16) new_tile;
  s->copy = (gint16) copy;
  s->rotation = (guint8) rotation;
  for (int i = 0; i < KOL_MAX_HEX_SLOTS; i++)
    s->slot_token[i] = s->slot_reserved[i] = -1;

  move_reservations (g, hex, &old, old_tile, map, n_old, n_reserved);
  move_tokens (g, hex, moving, n_moving, map, n_old, n_reserved);
}
