/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-board-private.h"

#include <string.h>

/*
 * Laying a tile: the old tile goes back to the supply and the tokens and
 * reservations of its cities move to the new tile's. The rulebooks say only
 * that tokens stay in their city; where an upgrade joins or splits cities,
 * the mapping is the one 18xx.games uses, so that recorded games keep their
 * tokens where they were.
 */

/* --------------------------------------------------------------------- lay */

/**
 * kol_board_city_map:
 * @map: (out caller-allocates) (array fixed-size=10): new city per old city
 *
 * Which new city each old city becomes: cities without track map by index;
 * otherwise each old city goes to the first new city whose edges include
 * all of its edges; the rest by index, or to the first city still free.
 *
 * Returns: the number of cities on the hex's current tile.
 */
int
kol_board_city_map (KolEngine *engine,
                    int        hex,
                    int        tile,
                    int        rotation,
                    gint8     *map)
{
  int old_rotation;
  const KolTileDef *old_tile = _kol_board_tile_def (engine, hex, &old_rotation);
  const KolTileDef *new_tile = &engine->title->tiles[tile];
  int cities_old = kol_tile_n_cities (old_tile);
  int cities_new = kol_tile_n_cities (new_tile);
  int n_old = MIN (cities_old, KOL_MAX_NODES);
  int n_new = MIN (cities_new, KOL_MAX_NODES);
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

/* Moves a token into new city @city: a "cheater" (a token beyond the city's
 * slots) takes the first open slot, others their reservation or the first
 * open slot. Returns the flattened slot or -1. */
static int
exchange_slot (KolEngine *engine,
               int        hex,
               int        city,
               int        corp,
               gboolean   cheater)
{
  return kol_board_city_get_slot (engine, hex, city, cheater ? -1 : corp);
}

static void
settle_token (KolEngine *engine,
              int        hex,
              gint16     id,
              int        slot)
{
  KolToken *token = &engine->corps[KOL_TOKEN_CORP (id)].tokens[KOL_TOKEN_INDEX (id)];

  if (slot < 0)
    {
      /* no slot left: the flat state has no room for an extra one (18xx.games
       * adds one), so the token goes back to its corporation */
      token->hex = -1;
      token->slot = -1;
      token->used = FALSE;
      return;
    }
  engine->hexes[hex].slot_token[slot] = id;
  token->hex = (gint16) hex;
  token->slot = (gint8) slot;
}

/* Reservations of each new city: the old cities' reservations concatenated
 * in old city order, trailing empty slots dropped. */
static void
move_reservations (KolEngine         *engine,
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
        int slot = kol_board_slot_index (engine, hex, c, s);

        if (slot >= 0)
          engine->hexes[hex].slot_reserved[slot] = lists[c][s];
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

/* Moves the tokens: with one old city its tokens go in slot order; with
 * several, each new city takes the tokens of its old cities, those beyond
 * its slots (after reservations) as cheaters. */
static void
move_tokens (KolEngine    *engine,
             int           hex,
             const Moving *moving,
             int           n_moving,
             const gint8  *map,
             int           n_old,
             const int    *n_reserved)
{
  gint8 order[KOL_MAX_NODES];
  int n_order = 0;

  if (n_old == 1)
    {
      for (int k = 0; k < n_moving; k++)
        settle_token (engine, hex, moving[k].id,
                      map[0] < 0 ? -1 : exchange_slot (engine, hex, map[0], KOL_TOKEN_CORP (moving[k].id), FALSE));
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
              settle_token (engine, hex, moving[k].id, -1);
              continue;
            }
          cheater = n_reserved[city] + index >= kol_board_city_slots (engine, hex, city);
          settle_token (engine, hex, moving[k].id,
                        exchange_slot (engine, hex, city, KOL_TOKEN_CORP (moving[k].id), cheater));
          index++;
        }
    }
}

/**
 * kol_board_lay:
 * @engine: a game
 * @hex: a hex index
 * @copy: a tile copy in the supply, or -1 for the hex's preprinted tile
 * @rotation: 0..5
 *
 * Replaces the tile on @hex: the old copy returns to the supply;
 * reservations, then tokens, move to the new cities by
 * kol_board_city_map().
 */
void
kol_board_lay (KolEngine *engine,
               int        hex,
               int        copy,
               int        rotation)
{
  const KolTitle *t = engine->title;
  KolHexState old = engine->hexes[hex];
  const KolTileDef *old_tile = &t->tiles[old.tile];
  KolHexState *s = &engine->hexes[hex];
  gint8 map[KOL_MAX_NODES];
  int n_reserved[KOL_MAX_NODES];
  Moving moving[KOL_MAX_HEX_SLOTS];
  int new_tile, n_old, n_moving;

  g_return_if_fail (hex >= 0 && (guint) hex < t->n_hexes);
  g_return_if_fail (copy < 0 || (guint) copy < t->n_tile_copies);
  g_return_if_fail (copy < 0 || engine->copy_hex[copy] < 0 || engine->copy_hex[copy] == hex);

  rotation = ((rotation % 6) + 6) % 6;
  new_tile = copy >= 0 ? t->copy_tile[copy] : t->hexes[hex].tile;
  n_old = kol_board_city_map (engine, hex, new_tile, rotation, map);
  n_moving = collect_tokens (&old, old_tile, moving);

  if (old.copy >= 0)
    engine->copy_hex[old.copy] = -1;
  if (copy >= 0)
    engine->copy_hex[copy] = (gint16) hex;
  s->tile = (gint16) new_tile;
  s->copy = (gint16) copy;
  s->rotation = (guint8) rotation;
  for (int i = 0; i < KOL_MAX_HEX_SLOTS; i++)
    s->slot_token[i] = s->slot_reserved[i] = -1;

  move_reservations (engine, hex, &old, old_tile, map, n_old, n_reserved);
  move_tokens (engine, hex, moving, n_moving, map, n_old, n_reserved);
}
