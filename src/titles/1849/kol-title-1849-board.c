/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1849-private.h"

#include <string.h>

/*
 * 1849 Sicily: track (§10.3, §10.3.1), the Messina earthquake (§12), the
 * stock market's blue zone (§5, §9.7, §10.5.3) and routes (§10.1, §10.5).
 */

/* ------------------------------------------------------------ helpers */

static guint8
track_networks (KolEngine *engine,
                int        track)
{
  if (track < 0 || track == KOL_TRACK_FUTURE || track >= engine->title->n_track_types)
    return 0;
  return engine->title->track_types[track].networks;
}

/* ---------------------------------------------------------- terrain */

/* new_track: the track types the new tile adds (one old path of each type
 * removed per old path): dual if any, else broad if any, else narrow. */
static int
new_track (KolEngine *engine,
           int        old_tile,
           int        new_tile)
{
  const KolTileDef *o = &engine->title->tiles[old_tile], *n = &engine->title->tiles[new_tile];
  Kol1849State *st = kol_1849_state (engine);
  guint8 added[KOL_MAX_PATHS];
  gboolean used[KOL_MAX_PATHS] = { FALSE };
  gboolean dual = FALSE, broad = FALSE;

  for (int i = 0; i < n->n_paths; i++)
    added[i] = n->paths[i].track;
  for (int i = 0; i < o->n_paths; i++)
    for (int j = 0; j < n->n_paths; j++)
      if (!used[j] && added[j] == o->paths[i].track)
        {
          used[j] = TRUE;
          break;
        }
  for (int j = 0; j < n->n_paths; j++)
    if (!used[j])
      {
        dual = dual || added[j] == st->track_dual;
        broad = broad || added[j] == st->track_broad;
      }
  return dual ? st->track_dual : broad ? st->track_broad : st->track_narrow;
}

static gboolean
owns_sigi (KolEngine *engine,
           int        corp)
{
  int sigi = kol_1849_state (engine)->sigi;

  return sigi >= 0 && corp >= 0 && !engine->companies[sigi].closed &&
         kol_entity_equal (engine->companies[sigi].owner, kol_entity (KOL_ENTITY_CORP, corp));
}

/**
 * kol_1849_upgrade_cost:
 *
 * The terrain cost of the hex is paid on every lay and upgrade (§10.3.1:
 * the terrain marker goes back on the new tile): in
 * full when the tile adds dual track, a quarter when it adds only narrow
 * gauge, in full or halved with SIGI when it adds standard gauge.
 *
 * Returns: the cost.
 */
int
kol_1849_upgrade_cost (KolEngine *engine,
                       KolEntity  entity,
                       int        spender,
                       int        hex,
                       int        old_tile,
                       int        new_tile)
{
  Kol1849State *st = kol_1849_state (engine);
  int cost = engine->title->hexes[hex].terrain_cost;
  int corp = kol_operating_acting_corp (engine, entity);
  int track;
  KolArg args[3];

  if (cost <= 0)
    return 0;
  track = new_track (engine, old_tile, new_tile);
  if (track == st->track_dual)
    return cost;
  args[0] = kol_arg_entity (entity);
  if (track == st->track_narrow)
    {
      kol_engine_log (engine, K49_LOG_NARROW_COST, args, 1);
      return cost / st->narrow_divisor;
    }
  if (owns_sigi (engine, corp))
    {
      args[1] = kol_arg_int (KOL_ARG_MONEY, cost / 2);
      args[2] = kol_arg_int (KOL_ARG_COMPANY, st->sigi);
      kol_engine_log (engine, K49_LOG_DISCOUNT, args, 3);
      return cost - cost / 2;
    }
  return cost;
}

/* ------------------------------------------------------------ board hooks */

/* Messina cannot be upgraded after the earthquake until the next stock
 * round (§12). */
static gboolean
upgrades_to (KolEngine *engine,
             int        hex,
             int        from_tile,
             int        to_tile)
{
  Kol1849State *st = kol_1849_state (engine);

  if (!kol_board_upgrades_to (engine, hex, from_tile, to_tile))
    return FALSE;
  return hex != st->messina || st->messina_upgradeable;
}

/* The same lock as a refusal that names it (§12). */
static gboolean
tile_available (KolEngine *engine,
                int        corp,
                int        hex,
                int        tile,
                KolReason *reason)
{
  Kol1849State *st = kol_1849_state (engine);

  if (hex == st->messina && !st->messina_upgradeable)
    {
      if (reason)
        *reason = (KolReason) K49_REASON_TILE_MESSINA_LOCKED;
      return FALSE;
    }
  return kol_board_tile_available (engine, corp, hex, tile, reason);
}

/* SCE blocks Acireale while a player owns it (§7.1 P1). */
static gboolean
hex_blocked (KolEngine *engine,
             int        corp,
             int        hex)
{
  Kol1849State *st = kol_1849_state (engine);
  const KolCompany *sce;

  if (hex != st->acireale || st->sce < 0)
    return FALSE;
  sce = &engine->companies[st->sce];
  return !sce->closed && sce->owner.kind != KOL_ENTITY_CORP;
}

/* Where the corporation's track arrives: with the SMS teleport, only at its
 * coastal cities, from every side (§7.1 P4). */
static guint8
connected_edges (KolEngine      *engine,
                 int             corp,
                 int             hex,
                 const KolReach *reach)
{
  if (corp >= 0 && kol_1849_corp (engine, corp)->sms != 0)
    return kol_1849_sms_allows (engine, corp, hex) ? 0x3f : 0;
  return kol_board_connected_edges (engine, corp, hex, reach);
}

/* The first path of @tile (at @rotation) with an exit at @edge, or -1. */
static int
path_at_edge (const KolTileDef *tile,
              int               rotation,
              int               edge)
{
  for (int p = 0; p < tile->n_paths; p++)
    {
      const KolPathDef *path = &tile->paths[p];

      if ((KOL_PATH_IS_EDGE (path->a) && kol_path_end_rotate (path->a, rotation) == edge) ||
          (KOL_PATH_IS_EDGE (path->b) && kol_path_end_rotate (path->b, rotation) == edge))
        return p;
    }
  return -1;
}

/* A rotation is legal (§10.3) when new track joining neighbouring track
 * must match its gauge (dual matches both) — unless no new exit meets
 * track at all, the corporation has a token on the hex, or SMS is used. */
static gboolean
gauge_matches (KolEngine      *engine,
               int             corp,
               int             hex,
               int             tile,
               int             rotation,
               const KolReach *reach)
{
  const KolTileDef *def = &engine->title->tiles[tile];
  guint8 dirs;
  gboolean ever = FALSE;

  if (corp < 0 || reach == NULL || kol_1849_corp (engine, corp)->sms != 0 ||
      kol_board_hex_tokened_by (engine, hex, corp))
    return TRUE;
  dirs = reach->hex_edges[hex];
  for (int dir = 0; dir < 6; dir++)
    {
      int p, nb, np, nb_rotation;
      const KolTileDef *nb_tile;

      if (!(dirs & (1u << dir)))
        continue;
      p = path_at_edge (def, rotation, dir);
      if (p < 0)
        continue;
      nb = kol_board_neighbor (engine, hex, dir);
      if (nb < 0)
        continue;
      nb_tile = kol_board_tile (engine, nb, &nb_rotation);
      np = path_at_edge (nb_tile, nb_rotation, (dir + 3) % 6);
      if (np < 0)
        continue;
      ever = TRUE;
      if (track_networks (engine, def->paths[p].track) & track_networks (engine, nb_tile->paths[np].track))
        return TRUE;
    }
  return !ever;
}

static gboolean
legal_rotation (KolEngine      *engine,
                int             corp,
                int             hex,
                int             tile,
                int             rotation,
                const KolReach *reach,
                KolReason      *reason)
{
  if (!gauge_matches (engine, corp, hex, tile, rotation, reach))
    {
      if (reason)
        *reason = KOL_REASON_TILE_GAUGE;
      return FALSE;
    }
  return kol_board_rotation_legal (engine, corp, hex, tile, rotation, reach, reason);
}

const KolBoardHooks kol_1849_board_hooks = {
  .upgrades_to = upgrades_to,
  .legal_rotation = legal_rotation,
  .hex_blocked = hex_blocked,
  .tile_available = tile_available,
  .connected_edges = connected_edges,
};

/* ---------------------------------------------------------- earthquake */

/**
 * kol_1849_earthquake:
 *
 * The Messina earthquake (§12): Garibaldi closes if Messina holds its only token;
 * the tokens in Messina leave the game, the printed tile comes back (the
 * laid one returns to the supply) and Messina cannot be upgraded until the
 * next stock round.
 */
void
kol_1849_earthquake (KolEngine *engine)
{
  Kol1849State *st = kol_1849_state (engine);
  int hex = st->messina, afg = st->afg;

  kol_engine_log (engine, K49_LOG_EVENT_EARTHQUAKE, NULL, 0);
  kol_1849_forget_can_token (engine);
  if (hex < 0)
    return;
  if (afg >= 0 && !engine->corps[afg].removed && kol_board_city_tokened_by (engine, hex, 0, afg) &&
      kol_1849_placed_tokens (engine, afg) == 1)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, afg) };

      kol_engine_log (engine, K49_LOG_AFG_LOSES_TOKEN, args, 1);
      if (kol_entity_equal (kol_round_current_entity (engine), kol_entity (KOL_ENTITY_CORP, afg)) &&
          kol_round_is_operating (engine))
        kol_round_operating_force_next_entity (engine);
      kol_operating_close_corporation (engine, afg);
    }

  kol_engine_log (engine, K49_LOG_TOKENS_REMOVED, NULL, 0);
  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    {
      int id = engine->hexes[hex].slot_token[s];
      int corp, t;

      if (id < 0)
        continue;
      corp = KOL_TOKEN_CORP (id);
      t = KOL_TOKEN_INDEX (id);
      kol_board_remove_token (engine, corp, t);
      engine->corps[corp].tokens[t].used = TRUE;
      kol_1849_corp (engine, corp)->destroyed |= 1u << t;
    }

  kol_engine_log (engine, K49_LOG_MESSINA_YELLOW, NULL, 0);
  kol_board_lay (engine, hex, -1, engine->title->hexes[hex].rotation);
  kol_engine_log (engine, K49_LOG_MESSINA_LOCKED, NULL, 0);
  st->messina_upgradeable = FALSE;
}

/* ------------------------------------------------------------- market */

static gboolean
blue_zone (KolEngine *engine)
{
  return kol_engine_phase_has_status (engine, "blue_zone");
}

static gboolean
cell_listed (const KolCell *cells,
             int            n,
             KolCell        cell)
{
  for (int i = 0; i < n; i++)
    if (kol_cell_equal (cells[i], cell))
      return TRUE;
  return FALSE;
}

/* Up from L.230 is blocked before Phase 16 (§9.7). */
static KolCell
market_up (KolEngine *engine,
           int        corp,
           KolCell    from)
{
  Kol1849State *st = kol_1849_state (engine);

  if (blue_zone (engine) || !cell_listed (st->blocked_up, st->n_blocked_up, from))
    return kol_market_default_up (engine, corp, from);
  if (corp >= 0)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

      kol_engine_log (engine, KOL_LOG_PRICE_BLOCKED_UP, args, 1);
    }
  return from;
}

/* Before Phase 16 the blue zone is the edge of
 * the market: right from L.218, 240 or 276 goes up instead (§5, §10.5.3). */
static KolCell
market_right (KolEngine *engine,
              int        corp,
              KolCell    from)
{
  Kol1849State *st = kol_1849_state (engine);

  if (!blue_zone (engine) && cell_listed (st->blocked_right, st->n_blocked_right, from))
    return market_up (engine, corp, from);
  return kol_market_default_right (engine, corp, from);
}

/* After a move: reaching L.377 ends the game after the corporation operates
 * (§13). */
static void
market_moved (KolEngine *engine,
              int        corp,
              KolCell    from)
{
  Kol1849State *st = kol_1849_state (engine);
  KolCell cell = kol_market_corp_cell (engine, corp);
  KolArg args[2];

  if (!kol_market_cell_has_flag (engine, cell, KOL_CELL_END))
    return;
  st->max_reached = TRUE;
  if (kol_1849_corp (engine, corp)->reached_max)
    return;
  kol_1849_corp (engine, corp)->reached_max = TRUE;
  args[0] = kol_arg_int (KOL_ARG_CORP, corp);
  args[1] = kol_arg_int (KOL_ARG_MONEY, kol_market_cell_price (engine, cell));
  kol_engine_log (engine, K49_LOG_REACHED_MAX, args, 2);
}

const KolMarketHooks kol_1849_market_hooks = {
  .up = market_up,
  .right = market_right,
  .moved = market_moved,
};

/* -------------------------------------------------------------- routes */

typedef struct
{
  int corp;
} RouteCtx;

static void
stop_value (const KolEngine     *cg,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             user_data)
{
  KolEngine *engine = (KolEngine *) cg;
  Kol1849State *st = kol_1849_state (engine);

  /* E trains double Messina, Palermo, Catania and Siracusa (§14.3) */
  if (train && train->tag == st->train_e && (st->hex_flags[stop->hex] & K49_HEX_E_DOUBLE))
    stop->value *= 2;
  /* CNM's marker: +L.20 once for the corporation's route to the port */
  if (st->cnm_hex >= 0 && stop->hex == st->cnm_hex && corp >= 0 && kol_1849_corp (engine, corp)->cnm)
    stop->bonus |= 1u;
}

static int
network_of (KolEngine  *engine,
            const char *track_id)
{
  int t = kol_title_track_by_id (engine->title, track_id);
  guint8 nets;

  if (t < 0)
    return -1;
  nets = engine->title->track_types[t].networks;
  if (nets == 0 || (nets & (nets - 1)) != 0)
    return -1;
  return g_bit_nth_lsf (nets, -1);
}

/* One train as the router sees it: distance in hex edges with the edge
 * cost by gauge (§10.5.1: narrow counts 2, the R6H reverse; dual track as
 * the gauge entered on, KolRouteRules.entered_gauge), E trains unlimited
 * on standard and dual gauge only. */
static void
read_route_train (KolEngine     *engine,
                  int            def_index,
                  KolRouteTrain *out)
{
  const KolTrainDef *def = &engine->title->trains[def_index];
  g_autoptr(GVariant) costs = def->extra ? g_variant_lookup_value (def->extra, "edge_cost", NULL) : NULL;
  g_autoptr(GVariant) tracks = def->extra ? g_variant_lookup_value (def->extra, "track", NULL) : NULL;
  guint8 networks = 0;

  if (tracks)
    for (gsize i = 0; i < g_variant_n_children (tracks); i++)
      {
        g_autoptr(GVariant) item = g_variant_get_child_value (tracks, i);
        g_autoptr(GVariant) inner = g_variant_is_of_type (item, G_VARIANT_TYPE_VARIANT)
                                    ? g_variant_get_variant (item) : g_variant_ref (item);
        int net;

        if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_STRING))
          continue;
        net = network_of (engine, g_variant_get_string (inner, NULL));
        if (net >= 0)
          networks |= (guint8) (1u << net);
      }
  else
    for (guint t = 0; t < engine->title->n_track_types; t++)
      networks |= engine->title->track_types[t].networks;

  kol_route_train_init (out, networks, def->distance < 0 ? KOL_ROUTE_UNLIMITED : def->distance);
  out->tag = def_index;
  if (costs)
    {
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, costs);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          int net = network_of (engine, key);

          if (net >= 0 && net < KOL_ROUTE_MAX_NETWORKS)
            out->edge_cost[net] = (guint8) kol_variant_to_int (value, 1);
          g_variant_unref (value);
        }
    }
}

/**
 * kol_1849_read_route_rules:
 *
 * Reads at setup what the router needs from the title data (the minimum
 * of stops, each train type's networks and edge costs), so that preparing
 * a run does not look through the title's variants again.
 */
void
kol_1849_read_route_rules (KolEngine *engine)
{
  Kol1849State *st = kol_1849_state (engine);
  g_autoptr(GVariant) routes = kol_title_rule (engine->title, "routes");
  g_autoptr(GVariant) min = routes ? g_variant_lookup_value (routes, "min_stops_not_counting_ports", NULL) : NULL;

  st->route_min_stops = kol_variant_to_int (min, 2);
  for (guint d = 0; d < engine->title->n_trains && d < KOL_MAX_TRAIN_DEFS; d++)
    read_route_train (engine, (int) d, &st->route_trains[d]);
}

/* One train as the router sees it. */
static void
route_train (KolEngine     *engine,
             int            train,
             KolRouteTrain *out)
{
  *out = kol_1849_state (engine)->route_trains[engine->trains[train].def];
}

static void
fill_rules (KolEngine     *engine,
            KolRouteRules *rules)
{
  Kol1849State *st = kol_1849_state (engine);

  kol_route_rules_init (rules);
  rules->min_stops = st->route_min_stops;
  /* the rulebook does not count ports (§10.5.1); 18xx.games counts every
   * stop but wants more than two when a port is touched (compat) */
  rules->optional_rule = st->compat ? KOL_ROUTE_OPTIONAL_NEED_MORE : KOL_ROUTE_OPTIONAL_NOT_COUNTED;
  /* §10.5.1: dual gauge counts as the gauge the route entered it on, even
   * across stops; 18xx.games prices each stretch between stops on its own
   * (a dual-only one at 1 per hex), compat */
  rules->entered_gauge = !st->compat;
  rules->n_bonuses = 1;
  rules->bonus_value[0] = 20;
  rules->stop_value = stop_value;
}

/* The route hooks' prepare: the rules for @corp and its trains in holding
 * order. */
static int
prepare (const KolEngine *cg,
         int              corp,
         KolRouteRules   *rules,
         KolRouteTrain   *trains,
         int              max_trains)
{
  KolEngine *engine = (KolEngine *) cg;
  gint16 owned[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), owned, KOL_MAX_TRAINS);

  fill_rules (engine, rules);
  n = MIN (n, max_trains);
  for (int i = 0; i < n; i++)
    route_train (engine, owned[i], &trains[i]);
  return n;
}

const KolRouteHooks kol_1849_route_hooks = {
  .prepare = prepare,
};

static int
claimed (const KolAction *a)
{
  int total = 0;

  for (guint i = 0; a->routes && i < a->routes->len; i++)
    total += ((const KolRouteSpec *) g_ptr_array_index (a->routes, i))->revenue;
  return total;
}

/* §10.5.2 (the routes are chosen to earn the most): a run worth less than
 * the router's proven best is refused, naming both sums. 18xx.games trusts
 * what is claimed (compat). */
static gboolean
check_best (KolEngine        *engine,
            int               corp,
            const KolAction  *a,
            GError          **error)
{
  g_autoptr(GPtrArray) best = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  int want, got = claimed (a);

  kol_route_best_action (engine, corp, best);
  want = claimed (g_ptr_array_index (best, 0));
  if (got >= want)
    return TRUE;
  {
    KolArg args[3] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_ROUTE_NOT_BEST), kol_arg_int (KOL_ARG_MONEY, got),
                       kol_arg_int (KOL_ARG_MONEY, want) };

    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 3,
                              "the routes earn %d, the best routes %d", got, want);
  }
}

/**
 * kol_1849_validate_routes:
 *
 * Checks every route of a run_routes action with the core's route
 * validator (the routing rules of §10.1 and §10.5.1, no track shared, the
 * revenue claimed is the route's, §10.5.2), and that the run earns the
 * most the trains can (§10.5.2; not with compat).
 *
 * Returns: %TRUE if the action may be processed.
 */
gboolean
kol_1849_validate_routes (KolEngine        *engine,
                          int               corp,
                          const KolAction  *a,
                          GError          **error)
{
  if (!kol_route_validate_action (engine, corp, a, error))
    return FALSE;
  return a->routes == NULL || kol_1849_state (engine)->compat || check_best (engine, corp, a, error);
}
