/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-track.h"
#include "kol-engine-log.h"
#include "kol-engine-token.h"

#include <string.h>

/* --------------------------------------------------------------- helpers */

static const KolBoardHooks *
board_hooks (KolEngine *engine)
{
  return engine->module ? (const KolBoardHooks *) engine->module->board_hooks : NULL;
}

static int tile_options (KolEngine     *engine, KolEntity entity, int hex, const KolReach *reach_in,
                         KolTileOption *out, int max);

static gboolean
refuse_tile (KolEngine   *engine,
             GError     **error,
             int          tile,
             int          hex,
             KolReason    reason,
             const char  *message)
{
  KolArg args[3] = {
    kol_arg_int (KOL_ARG_TILE, tile),
    kol_arg_int (KOL_ARG_HEX, hex),
    kol_arg_int (KOL_ARG_REASON, reason),
  };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TILE, args, 3, "tile %s cannot be laid on %s: %s",
                          tile >= 0 ? engine->title->tiles[tile].id : "?",
                          hex >= 0 ? engine->title->hexes[hex].id : "?", message);
}

static gboolean
hex_laid_this_turn (KolEngine *engine,
                    int        hex)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  for (int i = 0; i < st->n_laid_hexes; i++)
    if (st->laid_hexes[i] == hex)
      return TRUE;
  return FALSE;
}

/* --------------------------------------------------------------- Tracker */

/**
 * kol_tracker_round_state:
 *
 * At the start of a round nothing is laid yet.
 */
void
kol_tracker_round_state (KolEngine *engine,
                         KolStep   *s)
{
  kol_tracker_setup (engine, s);
}

/**
 * kol_tracker_setup:
 *
 * A new turn has laid nothing.
 */
void
kol_tracker_setup (KolEngine *engine,
                   KolStep   *s)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  st->num_laid_track = 0;
  st->num_upgraded_track = 0;
  st->upgraded_track = FALSE;
  st->n_laid_hexes = 0;
}

static gboolean
resolve_allowed (guint8   value,
                 gboolean upgraded)
{
  if (value == KOL_TILE_LAY_NOT_IF_UPGRADED)
    return !upgraded;
  return value == KOL_TILE_LAY_YES;
}

/**
 * kol_tracker_get_tile_lay:
 * @out: (out): the lay
 *
 * Returns: %TRUE if @entity's corporation has a lay left this turn.
 */
gboolean
kol_tracker_get_tile_lay (KolEngine  *engine,
                          KolEntity   entity,
                          KolTileLay *out)
{
  KolTileLay lays[KOL_MAX_TILE_LAYS];
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);
  int corp = kol_operating_acting_corp (engine, entity);
  int n;

  if (corp < 0)
    return FALSE;
  n = kol_operating_tile_lays (engine, corp, lays, KOL_MAX_TILE_LAYS);
  if (st->num_laid_track < 0 || st->num_laid_track >= n)
    return FALSE;
  *out = lays[st->num_laid_track];
  out->lay = resolve_allowed (out->lay, st->upgraded_track);
  out->upgrade = resolve_allowed (out->upgrade, st->upgraded_track);
  if (out->upgrade_cost < 0)
    out->upgrade_cost = out->cost;
  return TRUE;
}

/**
 * kol_tracker_can_lay_tile:
 *
 * A lay is left this turn, the corporation has station tokens (it is on the
 * map) and can pay the lay's cost.
 *
 * Returns: %TRUE if @entity can lay a tile.
 */
gboolean
kol_tracker_can_lay_tile (KolEngine *engine,
                          KolEntity  entity)
{
  KolTileLay lay;
  int corp = kol_operating_acting_corp (engine, entity);

  if (corp < 0 || !kol_tracker_get_tile_lay (engine, entity, &lay))
    return FALSE;
  return engine->corps[corp].n_tokens > 0 && kol_operating_buying_power (engine, entity) >= lay.cost &&
         (lay.lay || lay.upgrade);
}

static gboolean
hex_blocked (KolEngine *engine,
             int        corp,
             int        hex)
{
  const KolBoardHooks *h = board_hooks (engine);

  return h && h->hex_blocked && h->hex_blocked (engine, corp, hex);
}

/**
 * kol_tracker_available_hex:
 *
 * @hex is connected to @entity's network (1849 §10.3, 1840 IX.4) and this
 * turn's lay allows a lay (white hex) or an upgrade there.
 *
 * Returns: %TRUE if the hex is available.
 */
gboolean
kol_tracker_available_hex (KolEngine      *engine,
                           KolEntity       entity,
                           int             hex,
                           const KolReach *reach)
{
  KolTileLay lay;
  int corp = kol_operating_acting_corp (engine, entity);
  const KolBoardHooks *bh = board_hooks (engine);
  const KolTileDef *tile;

  if (corp < 0)
    return FALSE;
  /* hex_neighbors, which titles override (1849's SMS teleport) */
  if (bh && bh->connected_edges ? bh->connected_edges (engine, corp, hex, reach) == 0 : !reach->hex_connected[hex])
    return FALSE;
  if (!kol_tracker_get_tile_lay (engine, entity, &lay))
    return FALSE;
  tile = kol_board_tile (engine, hex, NULL);
  if (tile->color == KOL_COLOR_WHITE && !lay.lay)
    return FALSE;
  if (tile->color != KOL_COLOR_WHITE && !lay.upgrade)
    return FALSE;
  if (tile->color != KOL_COLOR_WHITE && lay.cannot_reuse_same_hex && hex_laid_this_turn (engine, hex))
    return FALSE;
  return !hex_blocked (engine, corp, hex);
}

/* ---- track restrictions ---- */

typedef struct
{
  guint8 is_edge;
  guint8 value;            /* edge number after rotation, or KolNodeKind */
} PathEnd;

static int
push_part (const KolTileDef *t,
           guint8            end,
           int               rotation,
           PathEnd          *out,
           int               n)
{
  if (KOL_PATH_IS_EDGE (end))
    out[n++] = (PathEnd) { TRUE, kol_path_end_rotate (end, rotation) };
  else
    out[n++] = (PathEnd) { FALSE, t->nodes[KOL_PATH_NODE_INDEX (end)].kind };
  return n;
}

static gboolean
is_junction (const KolTileDef *t,
             guint8            end)
{
  return KOL_PATH_IS_NODE (end) && t->nodes[KOL_PATH_NODE_INDEX (end)].kind == KOL_NODE_JUNCTION;
}

/* The ends of a path for comparing track: a junction stands for the other
 * ends of the paths through it. */
static int
path_ends (const KolTileDef *t,
           int               p,
           int               rotation,
           PathEnd          *out)
{
  const guint8 ends[2] = { t->paths[p].a, t->paths[p].b };
  int n = 0;

  for (int e = 0; e < 2; e++)
    {
      if (!is_junction (t, ends[e]))
        {
          n = push_part (t, ends[e], rotation, out, n);
          continue;
        }
      for (int q = 0; q < t->n_paths && n < 2 * KOL_MAX_PATHS - 2; q++)
        {
          if (q == p || (t->paths[q].a != ends[e] && t->paths[q].b != ends[e]))
            continue;
          if (!is_junction (t, t->paths[q].a))
            n = push_part (t, t->paths[q].a, rotation, out, n);
          if (!is_junction (t, t->paths[q].b))
            n = push_part (t, t->paths[q].b, rotation, out, n);
        }
    }
  return n;
}

static guint8
path_networks (KolEngine *engine,
               guint8     track)
{
  if (track == KOL_TRACK_FUTURE || track >= engine->title->n_track_types)
    return 0;
  return engine->title->track_types[track].networks;
}

/* Path#<=: every end of @np is an end of @op, and the gauges match. */
static gboolean
path_le (KolEngine        *engine,
         const KolTileDef *nt,
         int               np,
         int               nrot,
         const KolTileDef *ot,
         int               op,
         int               orot)
{
  PathEnd ne[2 * KOL_MAX_PATHS], oe[2 * KOL_MAX_PATHS];
  int nn = path_ends (nt, np, nrot, ne);
  int no = path_ends (ot, op, orot, oe);
  guint8 nnet = path_networks (engine, nt->paths[np].track);
  guint8 onet = path_networks (engine, ot->paths[op].track);

  for (int i = 0; i < nn; i++)
    {
      gboolean found = FALSE;

      for (int j = 0; j < no && !found; j++)
        found = ne[i].is_edge == oe[j].is_edge && ne[i].value == oe[j].value;
      if (!found)
        return FALSE;
    }
  return (nnet & onet) == nnet;
}

static int
node_max_revenue (const KolNodeDef *node)
{
  int max = node->revenue.kind == KOL_REVENUE_FIXED ? node->revenue.fixed : 0;

  for (int i = 0; node->revenue.kind != KOL_REVENUE_FIXED && i < node->revenue.n; i++)
    max = MAX (max, node->revenue.values[i]);
  return max;
}

static int
path_revenues (const KolTileDef *t,
               int               p,
               int              *out)
{
  const guint8 ends[2] = { t->paths[p].a, t->paths[p].b };
  int n = 0;

  for (int e = 0; e < 2; e++)
    if (KOL_PATH_IS_NODE (ends[e]))
      out[n++] = node_max_revenue (&t->nodes[KOL_PATH_NODE_INDEX (ends[e])]);
  if (n == 2 && out[0] > out[1])
    {
      int tmp = out[0];
      out[0] = out[1];
      out[1] = tmp;
    }
  return n;
}

static gboolean
is_city_town (const KolNodeDef *node)
{
  return node->kind == KOL_NODE_CITY || node->kind == KOL_NODE_TOWN;
}

/* An upgrade never removes a town: every old city or town keeps its exits
 * on some new city or town. */
static gboolean
old_stops_kept (const KolTileDef *ot,
                int               orot,
                const KolTileDef *nt,
                int               nrot)
{
  for (int i = 0; i < ot->n_nodes; i++)
    {
      guint8 old_exits;
      gboolean kept = FALSE;

      if (!is_city_town (&ot->nodes[i]))
        continue;
      old_exits = kol_tile_node_exits (ot, i, orot);
      for (int j = 0; j < nt->n_nodes && !kept; j++)
        kept = is_city_town (&nt->nodes[j]) && (old_exits & ~kol_tile_node_exits (nt, j, nrot)) == 0;
      if (!kept)
        return FALSE;
    }
  return TRUE;
}

static int
track_restriction (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->track_restriction : KOL_TRACK_SEMI_RESTRICTIVE;
}

static void
scan_new_track (KolEngine        *engine,
                int               corp,
                int               hex,
                const KolTileDef *ot,
                int               orot,
                gboolean         *used_new_track,
                gboolean         *changed_city)
{
  int nrot;
  const KolTileDef *nt = kol_board_tile (engine, hex, &nrot);
  KolReach reach;

  kol_board_compute_reach (engine, corp, NULL, &reach);
  *used_new_track = ot->n_paths == 0;
  *changed_city = FALSE;
  for (int np = 0; np < nt->n_paths; np++)
    {
      int op, nrev[2], orev[2], nn, no;

      if (!(reach.paths[hex] & (1u << np)))
        continue;
      for (op = 0; op < ot->n_paths; op++)
        if (path_le (engine, nt, np, nrot, ot, op, orot))
          break;
      if (op == ot->n_paths)
        {
          *used_new_track = TRUE;
          *changed_city = TRUE;   /* nil revenues never equal the new ones */
          continue;
        }
      nn = path_revenues (nt, np, nrev);
      no = path_revenues (ot, op, orev);
      if (nn != no || (nn > 0 && nrev[0] != orev[0]) || (nn > 1 && nrev[1] != orev[1]))
        *changed_city = TRUE;
    }
}

/**
 * kol_tracker_check_track_restrictions:
 *
 * After a lay: the new tile keeps the old cities and towns, and, as strictly
 * as the title's track_restriction says, the corporation reaches the new
 * track (or a city whose value the tile changes): an upgrade must extend
 * the corporation's own route (1849 §10.3).
 *
 * Returns: %TRUE if the lay is allowed.
 */
gboolean
kol_tracker_check_track_restrictions (KolEngine  *engine,
                                      int         corp,
                                      int         hex,
                                      int         old_tile,
                                      int         old_rotation,
                                      GError    **error)
{
  const KolTileDef *ot = &engine->title->tiles[old_tile];
  int nrot, tile = engine->hexes[hex].tile;
  const KolTileDef *nt = kol_board_tile (engine, hex, &nrot);
  gboolean used_new_track, changed_city;
  int restriction = track_restriction (engine);

  if (!old_stops_kept (ot, old_rotation, nt, nrot))
    return refuse_tile (engine, error, tile, hex, KOL_REASON_TILE_NOT_UPGRADE,
                        "new track must override old one");
  if (restriction == KOL_TRACK_PERMISSIVE)
    return TRUE;
  scan_new_track (engine, corp, hex, ot, old_rotation, &used_new_track, &changed_city);
  switch (restriction)
    {
    case KOL_TRACK_CITY_PERMISSIVE:
      if (kol_tile_n_cities (nt) == 0 && !used_new_track)
        return refuse_tile (engine, error, tile, hex, KOL_REASON_TILE_NO_NEW_TRACK,
                            "must be city tile or use new track");
      break;
    case KOL_TRACK_RESTRICTIVE:
      if (!used_new_track)
        return refuse_tile (engine, error, tile, hex, KOL_REASON_TILE_NO_NEW_TRACK, "must use new track");
      break;
    case KOL_TRACK_STATION_RESTRICTIVE:
      if (!used_new_track && nt->n_nodes == 0)
        return refuse_tile (engine, error, tile, hex, KOL_REASON_TILE_NO_NEW_TRACK, "must use new track");
      break;
    default:
      if (!used_new_track && !changed_city)
        return refuse_tile (engine, error, tile, hex, KOL_REASON_TILE_NO_NEW_TRACK,
                            "must use new track or change city value");
      break;
    }
  return TRUE;
}

/* ---- laying ---- */

static gboolean
check_restrictions (KolEngine  *engine,
                    int         corp,
                    int         hex,
                    int         old_tile,
                    int         old_rotation,
                    GError    **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->check_track_restrictions)
    return h->check_track_restrictions (engine, corp, hex, old_tile, old_rotation, error);
  return kol_tracker_check_track_restrictions (engine, corp, hex, old_tile, old_rotation, error);
}

/* The cost of a lay: the title's upgrade_cost hook sees the board after the
 * lay (1849 prices the track the new tile adds); without one, the board's
 * tile cost measured before the lay (@before) applies. */
static int
upgrade_cost (KolEngine *engine,
              KolEntity  entity,
              int        spender,
              int        hex,
              int        old_tile,
              int        new_tile,
              int        before)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->upgrade_cost)
    return h->upgrade_cost (engine, entity, spender, hex, old_tile, new_tile);
  return before;
}

/* A trackless tile with several cities holding tokens was replaced by one
 * with track: the tokens come off, and the current operator chooses their
 * cities again in the home token step. */
static void
update_token (KolEngine *engine,
              KolEntity  entity,
              int        hex,
              int        old_tile)
{
  const KolTileDef *nt = kol_board_tile (engine, hex, NULL);
  KolPendingTokens *pending;
  KolEntity actor = entity;
  gint16 one_hex = (gint16) hex;

  if (engine->title->tiles[old_tile].n_paths > 0 || nt->n_paths == 0 || kol_tile_n_cities (nt) < 2)
    return;
  pending = kol_round_pending_tokens (engine);
  if (pending == NULL)
    return;
  if (entity.kind == KOL_ENTITY_COMPANY)
    actor = engine->companies[entity.index].owner;
  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    {
      int id = engine->hexes[hex].slot_token[s];
      KolArg args[1] = { kol_arg_entity (actor) };

      if (id < 0 || pending->n >= KOL_MAX_PENDING_TOKENS)
        continue;
      kol_pending_tokens_push (pending, actor, KOL_TOKEN_CORP (id), KOL_TOKEN_INDEX (id), &one_hex, 1);
      kol_engine_log (engine, KOL_LOG_TOKEN_CHOOSE, args, 1);
      kol_board_remove_token (engine, KOL_TOKEN_CORP (id), KOL_TOKEN_INDEX (id));
      engine->corps[KOL_TOKEN_CORP (id)].tokens[KOL_TOKEN_INDEX (id)].used = FALSE;
    }
}

static void
log_lay (KolEngine *engine,
         KolEntity  payer,
         int        tile,
         int        rotation,
         int        hex,
         int        cost)
{
  if (cost > 0)
    {
      KolArg args[5] = {
        kol_arg_entity (payer), kol_arg_int (KOL_ARG_MONEY, cost), kol_arg_int (KOL_ARG_TILE, tile),
        kol_arg_int (KOL_ARG_INT, rotation), kol_arg_int (KOL_ARG_HEX, hex),
      };

      kol_engine_log (engine, KOL_LOG_TILE_LAID_COST, args, 5);
    }
  else
    {
      KolArg args[4] = {
        kol_arg_entity (payer), kol_arg_int (KOL_ARG_TILE, tile), kol_arg_int (KOL_ARG_INT, rotation),
        kol_arg_int (KOL_ARG_HEX, hex),
      };

      kol_engine_log (engine, KOL_LOG_TILE_LAID, args, 4);
    }
}

static gboolean
check_action_tile (KolEngine        *engine,
                   const KolAction  *a,
                   GError          **error)
{
  int tile;

  if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex");
  if (a->tile_copy < 0 || a->tile_copy >= (int) engine->title->n_tile_copies || a->rotation > 5)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such tile");
  tile = engine->title->copy_tile[a->tile_copy];
  if (engine->copy_hex[a->tile_copy] >= 0)
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NOT_AVAILABLE, "tile already laid");
  return TRUE;
}

/**
 * kol_tracker_lay_tile:
 * @extra_cost: the lay's own cost (TILE_LAYS cost or upgrade_cost)
 * @spender: the paying corporation, -1 for the acting entity
 *
 * Lays a tile with every check of the board and of the track restriction,
 * and pays for it.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_tracker_lay_tile (KolEngine        *engine,
                      const KolAction  *a,
                      int               extra_cost,
                      int               spender,
                      GError          **error)
{
  return kol_tracker_lay_tile_with (engine, a, extra_cost, spender, NULL, error);
}

/**
 * kol_tracker_lay_tile_with:
 * @opts: (nullable): how a company's ability lays (NULL: as the corporation)
 *
 * A tile lay with a tile_lay ability's options: the lay may be on a
 * hex the corporation does not reach, free of terrain costs or discounted.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_tracker_lay_tile_with (KolEngine          *engine,
                           const KolAction    *a,
                           int                 extra_cost,
                           int                 spender,
                           const KolLayOpts   *opts,
                           GError            **error)
{
  int corp = kol_operating_acting_corp (engine, a->entity);
  int tile, old_tile, old_rotation, cost;
  KolEntity payer;
  KolReach reach;
  KolReason reason = KOL_REASON_NONE;

  if (!check_action_tile (engine, a, error))
    return FALSE;
  if (corp < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no corporation lays");
  tile = engine->title->copy_tile[a->tile_copy];
  kol_board_compute_reach (engine, corp, NULL, &reach);
  if (!kol_board_check_lay (engine, corp, a->hex, tile, a->rotation, opts && opts->any_hex ? NULL : &reach,
                            &reason))
    return refuse_tile (engine, error, tile, a->hex, reason, kol_reason_to_string (reason));

  old_tile = engine->hexes[a->hex].tile;
  old_rotation = engine->hexes[a->hex].rotation;
  cost = kol_board_tile_cost (engine, corp, a->hex, tile);
  kol_board_lay (engine, a->hex, a->tile_copy, a->rotation);
  if (a->entity.kind == KOL_ENTITY_CORP && !check_restrictions (engine, corp, a->hex, old_tile, old_rotation, error))
    return FALSE;

  payer = spender >= 0 ? kol_entity (KOL_ENTITY_CORP, spender) : a->entity;
  cost = upgrade_cost (engine, a->entity, spender >= 0 ? spender : corp, a->hex, old_tile, tile, cost);
  if (opts && opts->free)
    cost = 0;
  else if (opts)
    cost = MAX (0, cost - opts->discount);
  cost += extra_cost;
  if (cost > 0 && kol_engine_cash (engine, payer) < cost)
    {
      KolArg args[3] = {
        kol_arg_entity (payer),
        kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, payer)),
        kol_arg_int (KOL_ARG_MONEY, cost),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3,
                              "%s cannot pay %d for the tile", kol_engine_entity_name (engine, payer), cost);
    }
  if (cost > 0)
    kol_engine_transfer (engine, payer, kol_entity (KOL_ENTITY_BANK, 0), cost);
  log_lay (engine, payer, tile, a->rotation, a->hex, cost);
  update_token (engine, a->entity, a->hex, old_tile);
  return TRUE;
}

/**
 * kol_tracker_lay_tile_action:
 *
 * The turn must allow this lay (a yellow lay or an upgrade, the same hex
 * twice or not), then the tile is laid and counted.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_tracker_lay_tile_action (KolEngine        *engine,
                             KolStep          *s,
                             const KolAction  *a,
                             int               spender,
                             GError          **error)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);
  KolTileLay lay;
  int tile;
  gboolean upgrade;

  if (!check_action_tile (engine, a, error))
    return FALSE;
  tile = engine->title->copy_tile[a->tile_copy];
  if (!kol_tracker_get_tile_lay (engine, a->entity, &lay))
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NO_LAYS_LEFT, "no tile lay left");
  upgrade = kol_board_tile (engine, a->hex, NULL)->color != KOL_COLOR_WHITE;
  if (upgrade && !lay.upgrade)
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NO_LAYS_LEFT, "cannot lay an upgrade now");
  if (engine->title->tiles[tile].color == KOL_COLOR_YELLOW && !lay.lay)
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NO_LAYS_LEFT, "cannot lay a yellow now");
  if (lay.cannot_reuse_same_hex && hex_laid_this_turn (engine, a->hex))
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NO_LAYS_LEFT,
                        "this hex was already laid on this turn");
  if (!kol_tracker_lay_tile (engine, a,
                             engine->title->tiles[tile].color == KOL_COLOR_YELLOW ? lay.cost : lay.upgrade_cost,
                             spender, error))
    return FALSE;
  if (upgrade)
    {
      st->upgraded_track = TRUE;
      st->num_upgraded_track++;
    }
  st->num_laid_track++;
  if (st->n_laid_hexes < KOL_MAX_LAID_HEXES)
    st->laid_hexes[st->n_laid_hexes++] = (gint16) a->hex;
  return TRUE;
}

/* ------------------------------------------------------ the Track step */

/**
 * kol_step_track_actions:
 *
 * Returns: lay_tile and pass for the current corporation while it can lay.
 */
guint32
kol_step_track_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity)
{
  if (!kol_step_is_current (engine, s, entity) || entity.kind == KOL_ENTITY_COMPANY ||
      !kol_tracker_can_lay_tile (engine, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_LAY_TILE) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/**
 * kol_step_track_process_lay_tile:
 *
 * Lays the tile, then passes unless another lay is possible this turn.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_track_process_lay_tile (KolEngine        *engine,
                                 KolStep          *s,
                                 const KolAction  *a,
                                 GError          **error)
{
  if (!kol_tracker_lay_tile_action (engine, s, a, -1, error))
    return FALSE;
  if (!kol_tracker_can_lay_tile (engine, a->entity))
    kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_track_process:
 *
 * Dispatches lay_tile and pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_track_process (KolEngine        *engine,
                        KolStep          *s,
                        const KolAction  *a,
                        GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_LAY_TILE:
      return kol_step_track_process_lay_tile (engine, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a track action");
    }
}

/**
 * kol_tracker_legal_lays:
 * @out: (element-type KolAction): where lay_tile actions are appended
 *
 * Appends every legal lay of @entity now: each available hex, tile and
 * legal rotation (the first free copy of the tile).
 */
void
kol_tracker_legal_lays (KolEngine *engine,
                        KolEntity  entity,
                        GPtrArray *out)
{
  gint16 hexes[KOL_MAX_HEXES];
  int corp = kol_operating_acting_corp (engine, entity);
  int n_hexes;
  KolReach reach;

  /* kol_track_available_hexes, with the tiles of each hex computed once */
  if (corp < 0 || kol_round_step_for (engine, entity, KOL_ACTION_LAY_TILE) == NULL)
    return;
  kol_board_compute_reach (engine, corp, NULL, &reach);
  n_hexes = kol_board_legal_hexes (engine, corp, &reach, hexes, KOL_MAX_HEXES);
  for (int i = 0; i < n_hexes; i++)
    {
      KolTileOption options[64];
      int n = kol_tracker_available_hex (engine, entity, hexes[i], &reach)
              ? tile_options (engine, entity, hexes[i], &reach, options, G_N_ELEMENTS (options)) : 0;

      for (int k = 0; k < n; k++)
        for (int r = 0; r < 6; r++)
          {
            KolAction *a;

            if (!(options[k].rotations & (1u << r)))
              continue;
            a = kol_action_new (KOL_ACTION_LAY_TILE, entity);
            a->hex = hexes[i];
            a->tile_copy = (gint16) kol_board_free_copy (engine, options[k].tile);
            a->rotation = (guint8) r;
            g_ptr_array_add (out, a);
          }
    }
}

/**
 * kol_step_track_legal_actions:
 *
 * Appends the legal lays and the pass of @entity.
 */
void
kol_step_track_legal_actions (KolEngine *engine,
                              KolStep   *s,
                              KolEntity  entity,
                              GPtrArray *out)
{
  guint32 actions = kol_step_track_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE))
    kol_tracker_legal_lays (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

/**
 * kol_step_track_explain:
 *
 * Explains a refused lay: no lay left this turn, or the corporation cannot
 * pay for one.
 *
 * Returns: %FALSE with the refusal set, or %TRUE for the generic message.
 */
gboolean
kol_step_track_explain (KolEngine        *engine,
                        KolStep          *s,
                        const KolAction  *a,
                        GError          **error)
{
  KolTileLay lay;
  int tile = a->tile_copy >= 0 && a->tile_copy < (int) engine->title->n_tile_copies
               ? engine->title->copy_tile[a->tile_copy] : -1;

  if (a->type != KOL_ACTION_LAY_TILE)
    return TRUE;
  if (!kol_tracker_get_tile_lay (engine, a->entity, &lay))
    return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_NO_LAYS_LEFT, "no tile lay left");
  return refuse_tile (engine, error, tile, a->hex, KOL_REASON_TILE_TERRAIN_COST, "cannot pay for a tile");
}

const KolStepClass kol_step_track = {
  .name = "Lay Track",
  .actions = kol_step_track_actions,
  .process = kol_step_track_process,
  .setup = kol_tracker_setup,
  .round_state = kol_tracker_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_track_legal_actions,
  .explain = kol_step_track_explain,
};

/* --------------------------------------------- the TrackAndToken step */

static KolTrackAndTokenData *
tt_data (KolStep *s)
{
  return (KolTrackAndTokenData *) (void *) s->data;
}

/**
 * kol_step_track_and_token_round_state:
 *
 * Tracker's and Tokener's round state.
 */
void
kol_step_track_and_token_round_state (KolEngine *engine,
                                      KolStep   *s)
{
  kol_tracker_round_state (engine, s);
  kol_step_token_round_state (engine, s);
}

/**
 * kol_step_track_and_token_setup:
 *
 * A new turn: nothing laid, no token placed.
 */
void
kol_step_track_and_token_setup (KolEngine *engine,
                                KolStep   *s)
{
  kol_tracker_setup (engine, s);
  kol_step_token_setup (engine, s);
  tt_data (s)->tokened = FALSE;
}

/**
 * kol_step_track_and_token_unpass:
 *
 * Unpassing starts a new turn (for the next entity), so it runs setup too.
 */
void
kol_step_track_and_token_unpass (KolEngine *engine,
                                 KolStep   *s)
{
  kol_step_track_and_token_setup (engine, s);
}

static int
tile_cost (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->tile_cost : 0;
}

/**
 * kol_step_track_and_token_can_lay_tile:
 *
 * Returns: whether a lay is left and its cost can be paid.
 */
gboolean
kol_step_track_and_token_can_lay_tile (KolEngine *engine,
                                       KolStep   *s,
                                       KolEntity  entity)
{
  return kol_operating_buying_power (engine, entity) >= tile_cost (engine) && kol_tracker_can_lay_tile (engine, entity);
}

/**
 * kol_step_track_and_token_can_place_token:
 *
 * Returns: whether a token may still be placed this turn.
 */
gboolean
kol_step_track_and_token_can_place_token (KolEngine *engine,
                                          KolStep   *s,
                                          KolEntity  entity)
{
  return kol_tokener_can_place_token (engine, s, entity) && !tt_data (s)->tokened;
}

/**
 * kol_step_track_and_token_actions:
 *
 * Returns: lay_tile and/or place_token, with pass when either is possible.
 */
guint32
kol_step_track_and_token_actions (KolEngine *engine,
                                  KolStep   *s,
                                  KolEntity  entity)
{
  guint32 actions = 0;

  if (!kol_step_is_current (engine, s, entity))
    return 0;
  if (kol_step_track_and_token_can_lay_tile (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_LAY_TILE);
  if (kol_step_track_and_token_can_place_token (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN);
  if (actions)
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  return actions;
}

static gboolean
tt_place_token (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  int corp = a->tokener >= 0 ? a->tokener : kol_tokener_token_holder (engine, a->entity);

  if (corp < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no token owner");
  if (!kol_tokener_place_token (engine, a->entity, corp, kol_tokener_available_token (engine, corp), a->hex,
                                a->city, NULL, error))
    return FALSE;
  tt_data (s)->tokened = TRUE;
  if (!kol_step_track_and_token_can_lay_tile (engine, s, a->entity))
    kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_track_and_token_process:
 *
 * Processes a tile lay, a token placement or a pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_track_and_token_process (KolEngine        *engine,
                                  KolStep          *s,
                                  const KolAction  *a,
                                  GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_LAY_TILE:
      if (!kol_tracker_lay_tile_action (engine, s, a, -1, error))
        return FALSE;
      if (!kol_step_track_and_token_can_lay_tile (engine, s, a->entity) && tt_data (s)->tokened)
        kol_step_pass (engine, s);
      return TRUE;
    case KOL_ACTION_PLACE_TOKEN:
      return tt_place_token (engine, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a track or token action");
    }
}

/**
 * kol_step_track_and_token_legal_actions:
 *
 * Appends the legal lays, token placements and the pass of @entity.
 */
void
kol_step_track_and_token_legal_actions (KolEngine *engine,
                                        KolStep   *s,
                                        KolEntity  entity,
                                        GPtrArray *out)
{
  guint32 actions = kol_step_track_and_token_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE))
    kol_tracker_legal_lays (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN))
    kol_tokener_legal_placements (engine, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_step_track_and_token = {
  .name = "Place a Token or Lay Track",
  .actions = kol_step_track_and_token_actions,
  .process = kol_step_track_and_token_process,
  .setup = kol_step_track_and_token_setup,
  .unpass = kol_step_track_and_token_unpass,
  .round_state = kol_step_track_and_token_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_track_and_token_legal_actions,
};

/* ---------------------------------------------------- legal choices (UI) */

/**
 * kol_track_available_hexes:
 * @out: (out) (array): hex indices
 *
 * Returns: the hexes where @entity may lay or upgrade now (at least one tile
 * with a legal rotation), at most @max.
 */
int
kol_track_available_hexes (KolEngine *engine,
                           KolEntity  entity,
                           gint16    *out,
                           int        max)
{
  int corp = kol_operating_acting_corp (engine, entity);
  gint16 hexes[KOL_MAX_HEXES];
  KolReach reach;
  int n_hexes, n = 0;

  if (corp < 0 || kol_round_step_for (engine, entity, KOL_ACTION_LAY_TILE) == NULL)
    return 0;
  kol_board_compute_reach (engine, corp, NULL, &reach);
  n_hexes = kol_board_legal_hexes (engine, corp, &reach, hexes, KOL_MAX_HEXES);
  for (int i = 0; i < n_hexes && n < max; i++)
    {
      KolTileOption opt[1];

      if (kol_tracker_available_hex (engine, entity, hexes[i], &reach) &&
          tile_options (engine, entity, hexes[i], &reach, opt, 1) > 0)
        out[n++] = hexes[i];
    }
  return n;
}

/* The cost of a lay, measured on a scratch copy of the game (the upgrade
 * cost hook looks at the board after the lay). */
static int
preview_cost (KolEngine *engine,
              KolEntity  entity,
              int        hex,
              int        tile,
              int        rotation,
              int        extra_cost)
{
  g_autoptr(KolEngine) scratch = kol_engine_copy (engine);
  int corp = kol_operating_acting_corp (engine, entity);
  int copy = kol_board_free_copy (engine, tile);
  int old_tile = engine->hexes[hex].tile;
  int before = kol_board_tile_cost (engine, corp, hex, tile);

  if (copy < 0)
    return extra_cost;
  scratch->log_func = NULL;
  kol_board_lay (scratch, hex, copy, rotation);
  return upgrade_cost (scratch, entity, corp, hex, old_tile, tile, before) + extra_cost;
}

/* The rotations of @rotations whose lay passes the track restrictions,
 * each tried on a scratch copy of the game. */
static guint8
restriction_ok_rotations (KolEngine *engine,
                          int        corp,
                          int        hex,
                          int        tile,
                          guint8     rotations)
{
  g_autoptr(KolEngine) scratch = NULL;
  int copy = kol_board_free_copy (engine, tile);
  int old_tile = engine->hexes[hex].tile, old_rotation = engine->hexes[hex].rotation;
  guint8 ok = 0;

  /* a tile laid where there was no track always uses new track */
  if (copy < 0 || engine->title->tiles[old_tile].n_paths == 0)
    return rotations;
  scratch = kol_engine_copy (engine);
  for (int r = 0; r < 6; r++)
    {
      if (!(rotations & (1u << r)))
        continue;
      kol_engine_copy_into (scratch, engine);
      scratch->log_func = NULL;
      kol_board_lay (scratch, hex, copy, r);
      if (check_restrictions (scratch, corp, hex, old_tile, old_rotation, NULL))
        ok |= (guint8) (1u << r);
    }
  return ok;
}

static int
first_rotation (guint8 rotations)
{
  for (int r = 0; r < 6; r++)
    if (rotations & (1u << r))
      return r;
  return -1;
}

/**
 * kol_track_tile_options:
 * @out: (out) (array): tiles with rotations and costs
 *
 * Returns: the tiles @entity may lay on @hex now, filtered by the turn's
 * allowance (yellow lays, upgrades) and by what the corporation can pay.
 */
/* kol_track_tile_options with the corporation's reach already computed
 * (the legal lays of a turn look at every hex with the same reach). */
static int
tile_options (KolEngine      *engine,
              KolEntity       entity,
              int             hex,
              const KolReach *reach_in,
              KolTileOption  *out,
              int             max)
{
  int corp = kol_operating_acting_corp (engine, entity);
  gint16 tiles[KOL_MAX_TILE_DEFS];
  KolTileLay lay;
  KolReach computed;
  const KolReach *reach_p = reach_in;
  gboolean upgrade;
  int n_tiles, n = 0;

  if (corp < 0 || !kol_tracker_get_tile_lay (engine, entity, &lay))
    return 0;
  upgrade = kol_board_tile (engine, hex, NULL)->color != KOL_COLOR_WHITE;
  if ((upgrade && !lay.upgrade) || (lay.cannot_reuse_same_hex && hex_laid_this_turn (engine, hex)))
    return 0;
  if (reach_p == NULL)
    {
      kol_board_compute_reach (engine, corp, NULL, &computed);
      reach_p = &computed;
    }
#define reach (*reach_p)
  n_tiles = kol_board_legal_tiles (engine, corp, hex, &reach, tiles, KOL_MAX_TILE_DEFS);
  for (int i = 0; i < n_tiles && n < max; i++)
    {
      const KolTileDef *def = &engine->title->tiles[tiles[i]];
      guint8 rotations = kol_board_legal_rotations (engine, corp, hex, tiles[i], &reach);
      int extra = def->color == KOL_COLOR_YELLOW ? lay.cost : lay.upgrade_cost;
      int cost;

      if (rotations == 0 || (def->color == KOL_COLOR_YELLOW && !lay.lay))
        continue;
      /* the track restriction is checked after the lay: offer only the
       * rotations that pass it (a lay refused later is not legal) */
      if (entity.kind == KOL_ENTITY_CORP)
        rotations = restriction_ok_rotations (engine, corp, hex, tiles[i], rotations);
      if (rotations == 0)
        continue;
      cost = preview_cost (engine, entity, hex, tiles[i], first_rotation (rotations), extra);
      if (cost > kol_operating_buying_power (engine, entity))
        continue;
      out[n++] = (KolTileOption) { tiles[i], rotations, cost };
    }
#undef reach
  return n;
}

int
kol_track_tile_options (KolEngine     *engine,
                        KolEntity      entity,
                        int            hex,
                        KolTileOption *out,
                        int            max)
{
  return tile_options (engine, entity, hex, NULL, out, max);
}
