/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The board: tiles on hexes, station tokens in city slots, the track graph and
 * what it allows (connectivity from a corporation's tokens with blocking,
 * legal tile lays and upgrades, legal token placements). Where the
 * rulebooks leave room (which track a blocked city lets through, how tokens
 * move when a tile with several cities is upgraded), the answers are those
 * of 18xx.games, so that the games recorded there stay legal here.
 *
 * Titles change behaviour through KolBoardHooks (KolTitleModule.board_hooks).
 * A hook replaces the generic function of the same name, which stays public so
 * that the hook can call it for the part of the rule it keeps.
 *
 * Cities are named by their index among the cities of the hex's current tile
 * (as records name them); slots are flattened over all cities of the tile
 * (kol_tile_city_slot_base).
 */

/* ---- neighbours ---------------------------------------------------------- */

/* The hex across @edge of @hex that track may lead to now, or -1: the title's
 * neighbours (no impassable border, no blue/gray/red hex that does not point
 * back), plus the links made when a tile is laid on a hex whose old tile had
 * an impassable colour (its new track connects where it points). */
int      kol_board_neighbor          (const KolEngine *engine,
                                      int              hex,
                                      int              edge);

/* ---- connectivity ----------------------------------------------------- */

/* What a corporation's track network reaches from its tokens: where it may
 * lay track, place tokens and run (1849 §10.1, 1840 IX.2). */
typedef struct
{
  guint8  hex_edges[KOL_MAX_HEXES];   /* connected_hexes: edges through which each hex is reached */
  guint8  hex_connected[KOL_MAX_HEXES];/* hex appears in connected_hexes */
  guint16 nodes[KOL_MAX_HEXES];       /* connected_nodes: bitmask of node indices per hex */
  guint16 paths[KOL_MAX_HEXES];       /* connected_paths: bitmask of path indices per hex;
                                       * a hex with paths is in reachable_hexes */
  guint8  route_available;            /* a route with ≥2 mandatory stops exists */
  guint8  route_train_purchase;
} KolReach;

typedef struct
{
  guint8   networks;        /* track networks walked (bitmask); 0 = the corporation's
                             * networks (hook), or all */
  gboolean no_blocking;     /* ignore other corporations' blocking tokens, and walk
                             * through off-boards (what a walk for no corporation sees) */
  gint16   one_token_hex;   /* compute from the token in one city only, -1 for all */
  gint8    one_token_city;
  gboolean home_as_token;   /* treat the home as a token (before it is placed): the
                             * home city, or every city and town of the home hex
                             * when KolCorpDef.home_city < 0 */
} KolReachOpts;

void     kol_board_reach_opts_init   (KolReachOpts *opts);
/* Fills @out for corporation @corp; @opts may be NULL for the defaults. */
void     kol_board_compute_reach     (KolEngine          *engine,
                                      int                 corp,
                                      const KolReachOpts *opts,
                                      KolReach           *out);
/* KolReach.route_available alone; the walk stops once a route is found. */
gboolean kol_board_route_available   (KolEngine          *engine,
                                      int                 corp,
                                      const KolReachOpts *opts);
/* Track networks of a path's track type (0 for future track). */
guint8   kol_board_track_networks    (const KolTitle     *title,
                                      int                 track);
/* Is node @node of @hex's tile reached? */
static inline gboolean
kol_reach_has_node (const KolReach *reach,
                    int             hex,
                    int             node)
{
  return (reach->nodes[hex] >> node) & 1u;
}

/* ---- cities and tokens ------------------------------------------------- */

int      kol_board_city_slots        (const KolEngine *engine,
                                      int              hex,
                                      int              city);   /* number of slots */
int      kol_board_slot_index        (const KolEngine *engine,
                                      int              hex,
                                      int              city,
                                      int              slot);   /* flattened slot, -1 */
/* The city (index on the hex's tile) of flattened slot @slot, or -1. */
int      kol_board_slot_city         (const KolEngine *engine,
                                      int              hex,
                                      int              slot);
/* The corporation owning the token in a slot, or -1. */
int      kol_board_slot_corp         (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        slot);
gboolean kol_board_city_tokened_by   (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        corp);
/* Does @corp have a token in any city of @hex? */
gboolean kol_board_hex_tokened_by    (KolEngine *engine,
                                      int        hex,
                                      int        corp);
gboolean kol_board_city_reserved_by  (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        corp);
/* A city all of whose slots hold other corporations' tokens: track does not
 * lead through it for @corp (1849 §10.4). */
gboolean kol_board_city_blocks       (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        corp);
/* The slot a token of @corp would take in (hex, city): its reservation there,
 * else the first slot with neither token nor reservation; flattened, or -1. */
int      kol_board_city_get_slot     (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        corp);

typedef enum
{
  KOL_TOKEN_CHECK_CONNECTED = 1 << 0,  /* the city must be reached from a token (1849 §10.4) */
  KOL_TOKEN_ALLOW_SAME_HEX  = 1 << 1,  /* a second token in another city of the hex is fine */
} KolTokenCheck;

/* May @corp place a token in (hex, city)? A token left, a slot (its own
 * reservation, or free and unreserved), no token of @corp on the hex yet
 * (1849 §10.4), and with KOL_TOKEN_CHECK_CONNECTED the city in @reach and its
 * hex reachable. @reach may be NULL without that flag. Money is the step's. */
gboolean kol_board_check_token       (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      int             city,
                                      KolTokenCheck   checks,
                                      const KolReach *reach,
                                      KolReason      *reason);
/* Can @corp place a token in (hex, city) now? Checks free slot, reservations,
 * already-there, connectivity (unless @check_connected is FALSE; the reach is
 * computed with the default options). */
gboolean kol_board_can_place_token   (KolEngine *engine,
                                      int        corp,
                                      int        hex,
                                      int        city,
                                      gboolean   check_connected,
                                      KolReason *reason);
/* Places token @token_index (-1 = kol_board_next_token) of @corp in (hex,
 * city), in flattened @slot or -1 for kol_board_city_get_slot(); removes @corp's
 * reservation in that city. No rule checks. FALSE if there is no such token
 * or slot. */
gboolean kol_board_place_token       (KolEngine *engine,
                                      int        corp,
                                      int        token_index,
                                      int        hex,
                                      int        city,
                                      int        slot);
/* Takes a token off the board; it can be placed again. */
void     kol_board_remove_token      (KolEngine *engine,
                                      int        corp,
                                      int        token_index);
/* First unused token of @corp, -1 when none. */
int      kol_board_next_token        (const KolEngine *engine,
                                      int              corp);
void     kol_board_reserve           (KolEngine *engine,
                                      int        hex,
                                      int        city,
                                      int        corp);
void     kol_board_unreserve         (KolEngine *engine,
                                      int        hex,
                                      int        corp);

/* ---- tiles --------------------------------------------------------------- */

/* Current tile def on @hex and its rotation. */
const KolTileDef *kol_board_tile     (const KolEngine *engine,
                                      int              hex,
                                      int             *rotation);
/* Number of copies of tile def @tile in the copy table (0 for preprinted). */
int      kol_board_tile_copies       (const KolEngine *engine,
                                      int              tile);
/* Copies of tile def @tile still in the supply; -1 = unlimited. */
int      kol_board_tiles_left        (const KolEngine *engine,
                                      int              tile);
/* First copy of @tile in the supply, -1 when none. */
int      kol_board_free_copy         (const KolEngine *engine,
                                      int              tile);
/* May @to_tile replace @from_tile? The next colour, the old track kept in some
 * rotation, the same label, towns and cities (1849 §10.3, 1840 IX.4), without
 * phase or connectivity; independent of rotations. The tile's
 * upgrade_policy and explicit upgrades_to list come first. */
gboolean kol_board_upgrades_to       (const KolEngine *engine,
                                      int              hex,
                                      int              from_tile,
                                      int              to_tile);
gboolean kol_board_upgrade_inferred  (const KolTitle  *title,
                                      int              from_tile,
                                      int              to_tile);
/* Is colour @color layable in the current phase? */
gboolean kol_board_color_available   (KolEngine *engine,
                                      KolColor   color);
/* Tile Def @tile may be laid on @hex now as far as the supply, the phase
 * colour, hex locks and capabilities go (the upgrade itself is checked
 * apart). Tiles with lay_requires are refused here; a title hook that knows
 * the capability accepts them. */
gboolean kol_board_tile_available    (KolEngine *engine,
                                      int        corp,
                                      int        hex,
                                      int        tile,
                                      KolReason *reason);
/* Edges of @hex through which @corp's network arrives: reach->hex_edges, or
 * every edge when @reach is NULL. */
guint8   kol_board_connected_edges   (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      const KolReach *reach);
/* Rotations allowed by the tile's data (KolTileDef.rotations, 0 = all). */
guint8   kol_board_allowed_rotations (const KolTileDef *tile);
/* May @tile lie on @hex in @rotation? New exits lead to neighbours, one of
 * them is connected (skipped when @reach is NULL), old track kept (1849
 * §10.3, 1840 IX.4), no new city from nowhere, multi-city upgrades keep
 * every old city in one new one, city sizes kept. Sets *reason on failure. */
gboolean kol_board_rotation_legal    (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      int             tile,
                                      int             rotation,
                                      const KolReach *reach,
                                      KolReason      *reason);
/* Distinct rotations of @tile legal on @hex for @corp (bitmask; of rotations
 * that look the same only the smallest), given reach (NULL = no connection
 * check). */
guint8   kol_board_legal_rotations   (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      int             tile,
                                      const KolReach *reach);
/* Tile defs that may be laid on @hex now by @corp (upgrades/lays, phase,
 * supply, label, hex lock) with at least one legal rotation, in the order of
 * the tile manifest; @reach NULL skips the connection check. Returns count. */
int      kol_board_legal_tiles       (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      const KolReach *reach,
                                      gint16         *out,
                                      int             max);
/* Hexes where @corp may lay or upgrade now (connected, not blocked, with a
 * legal tile; every hex is connected when @reach is NULL); fills @out with
 * hex indices in map order and returns the count. Whether this turn allows
 * a lay or an upgrade is the step's (tracker_available_hex). */
int      kol_board_legal_hexes       (KolEngine      *engine,
                                      int             corp,
                                      const KolReach *reach,
                                      gint16         *out,
                                      int             max);
/* Checks a lay completely; on failure sets *reason. Does not check money or
 * which copy (the caller checks that the copy is in the supply). */
gboolean kol_board_check_lay         (KolEngine      *engine,
                                      int             corp,
                                      int             hex,
                                      int             tile,
                                      int             rotation,
                                      const KolReach *reach,
                                      KolReason      *reason);
/* Cost of laying @tile on @hex: the terrain of the printed hex, paid on its
 * first lay only (1849 pays it on every lay, §10.3.1, through its operating
 * hook upgrade_cost). */
int      kol_board_tile_cost         (KolEngine *engine,
                                      int        corp,
                                      int        hex,
                                      int        tile);
/* For each city of @hex's tile, the city of @tile (at @rotation) it becomes,
 * -1 if none; returns the number of old cities. */
int      kol_board_city_map          (KolEngine *engine,
                                      int        hex,
                                      int        tile,
                                      int        rotation,
                                      gint8     *map);
/* Lays copy @copy (of its tile def) on @hex with @rotation: the old tile goes
 * back to the supply, tokens and reservations move to the matching cities
 * (kol_board_city_map()). @copy -1 puts the hex's preprinted tile back.
 * No rule checks. */
void     kol_board_lay               (KolEngine *engine,
                                      int        hex,
                                      int        copy,
                                      int        rotation);

/* ---- title hooks ---------------------------------------------------------- */

typedef struct
{
  /* Track networks corporation @corp uses (bitmask); default all. */
  guint8   (*networks)          (KolEngine *engine, int corp);
  /* Does (hex, city) block @corp? Default kol_board_city_blocks. */
  gboolean (*city_blocks)       (KolEngine *engine, int hex, int city, int corp);
  /* Upgrade relation; default kol_board_upgrades_to. */
  gboolean (*upgrades_to)       (KolEngine *engine, int hex, int from_tile, int to_tile);
  /* Rotation check; default kol_board_rotation_legal (call it for the generic
   * part, as 1849 adds its gauge rule and 1840 replaces it on orange hexes). */
  gboolean (*legal_rotation)    (KolEngine *engine, int corp, int hex, int tile, int rotation,
                                 const KolReach *reach, KolReason *reason);
  /* Cost of laying @tile on @hex for @corp; default kol_board_tile_cost. */
  int      (*tile_cost)         (KolEngine *engine, int corp, int hex, int tile);
  /* Is @hex blocked for laying (private companies, rules)? Default no. */
  gboolean (*hex_blocked)       (KolEngine *engine, int corp, int hex);
  /* Colours layable now; default from the phase. */
  gboolean (*color_available)   (KolEngine *engine, KolColor color);
  /* Tile filter; default kol_board_tile_available. */
  gboolean (*tile_available)    (KolEngine *engine, int corp, int hex, int tile, KolReason *reason);
  /* Connected edges of a hex; default kol_board_connected_edges (1840's
   * orange hexes and 1849's SMS use every neighbour). */
  guint8   (*connected_edges)   (KolEngine *engine, int corp, int hex, const KolReach *reach);
} KolBoardHooks;

G_END_DECLS
