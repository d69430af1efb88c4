/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-board-private.h"

#include <string.h>

/*
 * Cities, tokens and the tile supply: the slots and reservations of cities,
 * when a city blocks other corporations (1849 §10.4, 1840 IX.6), where a
 * token may go, and the copies of each tile. Upgrades and legal lays are in
 * kol-engine-board-upgrade.c, laying in kol-engine-board-lay.c, the track
 * graph in kol-engine-graph.c.
 */

/* ------------------------------------------------------------------ cities */

static int
city_node (const KolEngine *engine,
           int              hex,
           int              city)
{
  return kol_tile_city_node (_kol_board_tile_def (engine, hex, NULL), city);
}

/**
 * kol_board_city_slots:
 *
 * Returns: the number of token slots of city @city on @hex's tile.
 */
int
kol_board_city_slots (const KolEngine *engine,
                      int              hex,
                      int              city)
{
  int node = city_node (engine, hex, city);

  return node < 0 ? 0 : _kol_board_tile_def (engine, hex, NULL)->nodes[node].slots;
}

/**
 * kol_board_slot_index:
 *
 * Returns: the flattened slot of @slot in city @city of @hex, or -1.
 */
int
kol_board_slot_index (const KolEngine *engine,
                      int              hex,
                      int              city,
                      int              slot)
{
  const KolTileDef *tile = _kol_board_tile_def (engine, hex, NULL);
  int base = kol_tile_city_slot_base (tile, city);

  if (base < 0 || slot < 0 || slot >= kol_board_city_slots (engine, hex, city) || base + slot >= KOL_MAX_HEX_SLOTS)
    return -1;
  return base + slot;
}

/**
 * kol_board_slot_city:
 *
 * Returns: the city of flattened slot @slot on @hex's tile, or -1.
 */
int
kol_board_slot_city (const KolEngine *engine,
                     int              hex,
                     int              slot)
{
  const KolTileDef *tile = _kol_board_tile_def (engine, hex, NULL);
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
city_slot_range (KolEngine *engine,
                 int        hex,
                 int        city,
                 int       *first,
                 int       *end)
{
  const KolTileDef *tile = _kol_board_tile_def (engine, hex, NULL);
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
kol_board_slot_corp (KolEngine *engine,
                     int        hex,
                     int        city,
                     int        slot)
{
  int s = kol_board_slot_index (engine, hex, city, slot);

  if (s < 0 || engine->hexes[hex].slot_token[s] < 0)
    return -1;
  return KOL_TOKEN_CORP (engine->hexes[hex].slot_token[s]);
}

/**
 * kol_board_city_tokened_by:
 *
 * Returns: %TRUE if @corp has a token in city @city of @hex.
 */
gboolean
kol_board_city_tokened_by (KolEngine *engine,
                           int        hex,
                           int        city,
                           int        corp)
{
  int first, end;

  if (corp < 0 || !city_slot_range (engine, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (engine->hexes[hex].slot_token[s] >= 0 && KOL_TOKEN_CORP (engine->hexes[hex].slot_token[s]) == corp)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_hex_tokened_by:
 *
 * Returns: %TRUE if @corp has a token in any city of @hex.
 */
gboolean
kol_board_hex_tokened_by (KolEngine *engine,
                          int        hex,
                          int        corp)
{
  int n_cities = kol_tile_n_cities (_kol_board_tile_def (engine, hex, NULL));

  for (int c = 0; c < n_cities; c++)
    if (kol_board_city_tokened_by (engine, hex, c, corp))
      return TRUE;
  return FALSE;
}

/**
 * kol_board_city_reserved_by:
 *
 * Returns: %TRUE if a slot of city @city of @hex is reserved for @corp.
 */
gboolean
kol_board_city_reserved_by (KolEngine *engine,
                            int        hex,
                            int        city,
                            int        corp)
{
  int first, end;

  if (corp < 0 || !city_slot_range (engine, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (engine->hexes[hex].slot_reserved[s] == corp)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_city_blocks:
 *
 * A city blocks @corp when @corp has no token there and no slot is empty:
 * track does not lead through it (1849 §10.4). Reservations do not block a
 * walk.
 *
 * Returns: %TRUE if the city blocks @corp.
 */
gboolean
kol_board_city_blocks (KolEngine *engine,
                       int        hex,
                       int        city,
                       int        corp)
{
  const gint16 *slot_token = engine->hexes[hex].slot_token;
  int first, end;

  /* one pass over the slots (every walk asks this of every city) */
  if (corp < 0 || !city_slot_range (engine, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (slot_token[s] < 0 || KOL_TOKEN_CORP (slot_token[s]) == corp)
      return FALSE;
  return TRUE;
}

/**
 * kol_board_city_get_slot:
 *
 * The slot a token of @corp takes in the city: its reserved slot, else the
 * first slot with neither token nor reservation.
 *
 * Returns: a flattened slot, or -1.
 */
int
kol_board_city_get_slot (KolEngine *engine,
                         int        hex,
                         int        city,
                         int        corp)
{
  const KolHexState *s = &engine->hexes[hex];
  int first, end;

  if (!city_slot_range (engine, hex, city, &first, &end))
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
 * Returns: the first token of @corp that is not used, or -1.
 */
int
kol_board_next_token (const KolEngine *engine,
                      int              corp)
{
  const KolCorp *c = &engine->corps[corp];

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
free_but_reserved (KolEngine *engine,
                   int        hex,
                   int        city)
{
  int first, end;

  if (!city_slot_range (engine, hex, city, &first, &end))
    return FALSE;
  for (int s = first; s < end; s++)
    if (engine->hexes[hex].slot_token[s] < 0)
      return TRUE;
  return FALSE;
}

/**
 * kol_board_check_token:
 * @engine: a game
 * @corp: the corporation placing
 * @hex: a hex index
 * @city: a city index on the hex's tile
 * @checks: what to check beyond a free slot and a token left
 * @reach: (nullable): @corp's reach, needed with %KOL_TOKEN_CHECK_CONNECTED
 * @reason: (out) (optional): why not
 *
 * Checks the reachable hex and the connected city first, then a token left,
 * a slot and no token of @corp on the hex already (1849 §10.4): the order
 * decides which reason a refusal gives.
 *
 * Returns: %TRUE if the token may go there.
 */
gboolean
kol_board_check_token (KolEngine      *engine,
                       int             corp,
                       int             hex,
                       int             city,
                       KolTokenCheck   checks,
                       const KolReach *reach,
                       KolReason      *reason)
{
  int node = city_node (engine, hex, city);

  if (reason)
    *reason = KOL_REASON_NONE;
  if (node < 0)
    return refuse_token (reason, KOL_REASON_TOKEN_NO_SLOT);
  if ((checks & KOL_TOKEN_CHECK_CONNECTED) &&
      (reach == NULL || reach->paths[hex] == 0 || !kol_reach_has_node (reach, hex, node)))
    return refuse_token (reason, KOL_REASON_TOKEN_NOT_REACHABLE);
  if (kol_board_next_token (engine, corp) < 0)
    return refuse_token (reason, KOL_REASON_TOKEN_NONE_LEFT);
  if (kol_board_city_get_slot (engine, hex, city, corp) < 0)
    return refuse_token (reason, free_but_reserved (engine, hex, city) ? KOL_REASON_TOKEN_RESERVED
                                                                   : KOL_REASON_TOKEN_NO_SLOT);
  if (!(checks & KOL_TOKEN_ALLOW_SAME_HEX) && kol_board_hex_tokened_by (engine, hex, corp))
    return refuse_token (reason, KOL_REASON_TOKEN_ALREADY_THERE);
  return TRUE;
}

/**
 * kol_board_can_place_token:
 *
 * Returns: %TRUE if @corp may place its next token in (hex, city).
 */
gboolean
kol_board_can_place_token (KolEngine *engine,
                           int        corp,
                           int        hex,
                           int        city,
                           gboolean   check_connected,
                           KolReason *reason)
{
  KolReach reach;

  if (!check_connected)
    return kol_board_check_token (engine, corp, hex, city, 0, NULL, reason);
  kol_board_compute_reach (engine, corp, NULL, &reach);
  return kol_board_check_token (engine, corp, hex, city, KOL_TOKEN_CHECK_CONNECTED, &reach, reason);
}

/* Removes the first reservation of @corp in the city. */
static void
remove_city_reservation (KolEngine *engine,
                         int        hex,
                         int        city,
                         int        corp)
{
  int first, end;

  if (!city_slot_range (engine, hex, city, &first, &end))
    return;
  for (int s = first; s < end; s++)
    if (engine->hexes[hex].slot_reserved[s] == corp)
      {
        engine->hexes[hex].slot_reserved[s] = -1;
        return;
      }
}

/**
 * kol_board_place_token:
 *
 * Puts a token of @corp into a slot of (hex, city) and drops @corp's
 * reservation there.
 *
 * Returns: %FALSE if the token does not exist or is used (placed, or
 * destroyed: used without a hex), or the slot does not exist or is taken.
 */
gboolean
kol_board_place_token (KolEngine *engine,
                       int        corp,
                       int        token_index,
                       int        hex,
                       int        city,
                       int        slot)
{
  KolCorp *c;
  int first, end;

  g_return_val_if_fail (corp >= 0 && corp < engine->n_corps, FALSE);
  g_return_val_if_fail (hex >= 0 && (guint) hex < engine->title->n_hexes, FALSE);

  c = &engine->corps[corp];
  if (token_index < 0)
    token_index = kol_board_next_token (engine, corp);
  if (token_index < 0 || token_index >= c->n_tokens || c->tokens[token_index].hex >= 0 ||
      c->tokens[token_index].used)
    return FALSE;
  if (!city_slot_range (engine, hex, city, &first, &end))
    return FALSE;
  if (slot < 0)
    slot = kol_board_city_get_slot (engine, hex, city, corp);
  if (slot < first || slot >= end || engine->hexes[hex].slot_token[slot] >= 0)
    return FALSE;

  engine->hexes[hex].slot_token[slot] = KOL_TOKEN_ID (corp, token_index);
  c->tokens[token_index].hex = (gint16) hex;
  c->tokens[token_index].slot = (gint8) slot;
  c->tokens[token_index].used = TRUE;
  remove_city_reservation (engine, hex, city, corp);
  return TRUE;
}

/**
 * kol_board_remove_token:
 *
 * Takes token @token_index of @corp off the board: it is no longer used and
 * can be placed again.
 */
void
kol_board_remove_token (KolEngine *engine,
                        int        corp,
                        int        token_index)
{
  KolToken *token;

  g_return_if_fail (corp >= 0 && corp < engine->n_corps);
  g_return_if_fail (token_index >= 0 && token_index < engine->corps[corp].n_tokens);

  token = &engine->corps[corp].tokens[token_index];
  if (token->hex >= 0 && token->slot >= 0 && token->slot < KOL_MAX_HEX_SLOTS &&
      engine->hexes[token->hex].slot_token[token->slot] == KOL_TOKEN_ID (corp, token_index))
    engine->hexes[token->hex].slot_token[token->slot] = -1;
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
kol_board_reserve (KolEngine *engine,
                   int        hex,
                   int        city,
                   int        corp)
{
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];
  int base = kol_tile_city_slot_base (tile, city);
  int node = kol_tile_city_node (tile, city);

  if (base < 0 || node < 0)
    return;
  for (int s = 0; s < tile->nodes[node].slots && base + s < KOL_MAX_HEX_SLOTS; s++)
    if (engine->hexes[hex].slot_reserved[base + s] < 0 && engine->hexes[hex].slot_token[base + s] < 0)
      {
        engine->hexes[hex].slot_reserved[base + s] = (gint16) corp;
        return;
      }
}

/**
 * kol_board_unreserve:
 *
 * Removes @corp's reservations on @hex.
 */
void
kol_board_unreserve (KolEngine *engine,
                     int        hex,
                     int        corp)
{
  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    if (engine->hexes[hex].slot_reserved[s] == corp)
      engine->hexes[hex].slot_reserved[s] = -1;
}

/* ------------------------------------------------------------------- tiles */

/**
 * kol_board_tile:
 * @rotation: (out) (optional): the tile's rotation
 *
 * Returns: the tile def on @hex now.
 */
const KolTileDef *
kol_board_tile (const KolEngine *engine,
                int              hex,
                int             *rotation)
{
  return _kol_board_tile_def (engine, hex, rotation);
}

/**
 * kol_board_tile_copies:
 *
 * Returns: the number of copies of @tile in the title's copy table.
 */
int
kol_board_tile_copies (const KolEngine *engine,
                       int              tile)
{
  const KolTitle *t = engine->title;
  int first, n = 0;

  if (!_kol_board_valid_tile (engine, tile) || t->tiles[tile].preprinted)
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
kol_board_tiles_left (const KolEngine *engine,
                      int              tile)
{
  int first, n, left = 0;

  if (!_kol_board_valid_tile (engine, tile))
    return 0;
  first = engine->title->tiles[tile].first_copy;
  n = kol_board_tile_copies (engine, tile);
  for (int c = first; c < first + n && c < KOL_MAX_TILE_COPIES; c++)
    if (engine->copy_hex[c] < 0)
      left++;
  if (engine->title->tiles[tile].count < 0 && left > 0)
    return -1;
  return left;
}

/**
 * kol_board_free_copy:
 *
 * Returns: the lowest copy of @tile in the supply, or -1.
 */
int
kol_board_free_copy (const KolEngine *engine,
                     int              tile)
{
  int first, n;

  if (!_kol_board_valid_tile (engine, tile))
    return -1;
  first = engine->title->tiles[tile].first_copy;
  n = kol_board_tile_copies (engine, tile);
  for (int c = first; c < first + n && c < KOL_MAX_TILE_COPIES; c++)
    if (engine->copy_hex[c] < 0)
      return c;
  return -1;
}

/**
 * kol_board_color_available:
 *
 * Returns: %TRUE if the current phase allows tiles of @color.
 */
gboolean
kol_board_color_available (KolEngine *engine,
                           KolColor   color)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  if (hooks && hooks->color_available)
    return hooks->color_available (engine, color);
  if (engine->phase < 0 || (guint) engine->phase >= engine->title->n_phases)
    return FALSE;
  return (engine->title->phases[engine->phase].tiles >> color) & 1u;
}

