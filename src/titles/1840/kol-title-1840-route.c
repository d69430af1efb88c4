/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <string.h>

/*
 * Runs (VIII.5.2, IX.7, IX.8): the routing rules the route engine applies
 * to a line's tram, the Stadtbahn companies' automatic runs, and the
 * checks of run_routes actions in games played here (imported games trust their claimed revenues, as
 * 18xx.games does).
 */

/* ------------------------------------------------------------ the rules */

static gboolean
own_token_in_city (KolEngine *engine,
                   int        corp,
                   int        hex,
                   int        node)
{
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  int city = tile->nodes[node].city_index;

  return city >= 0 && kol_board_city_tokened_by (engine, hex, city, corp);
}

static gboolean
hex_has_stop (KolEngine *engine,
              int        hex)
{
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);

  return kol_tile_n_cities (tile) > 0 || kol_tile_n_towns (tile) > 0;
}

/* IX.8: a city counts only with the line's own marker; halts always; a
 * landmark whose private the line's tram company owns adds 20 (once per
 * hex with a city or halt). */
static void
stop_value (const KolEngine     *cg,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             user_data)
{
  KolEngine *engine = (KolEngine *) cg;
  K1840State *st = k1840_state (engine);
  int major;

  if (stop->kind == KOL_NODE_CITY && !own_token_in_city (engine, corp, stop->hex, stop->node))
    stop->value = 0;
  if (!k1840_is (engine, corp, K1840_LINE) || (major = k1840_line_major (engine, corp)) < 0 ||
      !hex_has_stop (engine, stop->hex))
    return;
  for (int c = 0; c < engine->n_companies && c < KOL_ROUTE_MAX_BONUSES; c++)
    if (st->company_bonus_hex[c] == stop->hex && !engine->companies[c].closed &&
        kol_entity_equal (engine->companies[c].owner, kol_entity (KOL_ENTITY_CORP, major)))
      stop->bonus |= 1u << c;
}

/* Is (hex, node) one of the two home stations a Stadtbahn company's
 * imaginary tram starts from (VIII.5.2)? */
static gboolean
city_start_node (KolEngine *engine,
                 int        corp,
                 int        hex,
                 int        node)
{
  K1840State *st = k1840_state (engine);
  int slot = st->city_slot[corp];

  if (slot < 0)
    return FALSE;
  for (int i = 0; i < 2; i++)
    if (st->start_hex[slot][i] == hex &&
        kol_tile_city_node (kol_board_tile (engine, hex, NULL), st->start_city[slot][i]) == node)
      return TRUE;
  return FALSE;
}

/* The inner city can only be reached once its red tile is there (IX.4). A
 * Stadtbahn company's run starts at one of its home stations, whatever
 * markers it has elsewhere (VIII.5.2): only those anchor its routes, and a
 * route must start or end there. */
static void
stop_flags (const KolEngine *cg,
            int              corp,
            KolRouteStop    *stop,
            gpointer         user_data)
{
  KolEngine *engine = (KolEngine *) cg;
  K1840State *st = k1840_state (engine);

  if (k1840_is (engine, corp, K1840_CITY))
    {
      stop->flags &= (guint16) ~KOL_ROUTE_STOP_ANCHOR;
      if (city_start_node (engine, corp, stop->hex, stop->node))
        stop->flags |= KOL_ROUTE_STOP_ANCHOR;
    }
  for (int i = 0; i < st->n_red; i++)
    if (st->red_hexes[i] == stop->hex && k1840_pristine (engine, stop->hex))
      {
        stop->flags |= KOL_ROUTE_STOP_FORBIDDEN;
        stop->forbid_reason = K1840_REASON_ROUTE_RED_AREA;
      }
}

/* By the rulebook only the lines' markers block a line's tram (IX.7);
 * imported games keep 18xx.games' blocking by every marker. */
static gboolean
token_blocks (const KolEngine *cg,
              int              corp,
              int              hex,
              int              slot,
              int              token,
              gpointer         user_data)
{
  KolEngine *engine = (KolEngine *) cg;

  if (k1840_state (engine)->compat)
    return TRUE;
  return !k1840_is (engine, KOL_TOKEN_CORP (token), K1840_CITY);
}

static guint8
networks_of (KolEngine  *engine,
             const char *track)
{
  int t = kol_title_track_by_id (engine->title, track);

  return t >= 0 ? kol_board_track_networks (engine->title, t) : 0;
}

static void
fill_rules (KolEngine     *engine,
            int            corp,
            KolRouteRules *rules)
{
  K1840State *st = k1840_state (engine);

  kol_route_rules_init (rules);
  rules->min_stops = 2;
  rules->stop_value = stop_value;
  rules->stop_flags = stop_flags;
  rules->token_blocks = token_blocks;
  rules->n_bonuses = MIN (engine->n_companies, KOL_ROUTE_MAX_BONUSES);
  for (int c = 0; c < rules->n_bonuses; c++)
    rules->bonus_value[c] = st->company_bonus[c];
  if (k1840_is (engine, corp, K1840_CITY))
    {
      rules->no_blocking = TRUE;
      rules->anchor_is_end = TRUE;
    }
}

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
  guint8 nets = networks_of (engine, k1840_is (engine, corp, K1840_CITY) ? "stadtbahn" : "tram");

  fill_rules (engine, corp, rules);
  n = MIN (n, max_trains);
  for (int i = 0; i < n; i++)
    {
      kol_route_train_init (&trains[i], nets, KOL_ROUTE_UNLIMITED);
      trains[i].tag = owned[i];
    }
  return n;
}

const KolRouteHooks k1840_route_hooks = {
  .prepare = prepare,
};

/* ------------------------------------------------------ Stadtbahn runs */

typedef struct
{
  int          corp;
  guint8       track;
  gboolean     visited_paths[KOL_MAX_HEXES][KOL_MAX_PATHS];
  gboolean     visited_nodes[KOL_MAX_HEXES][KOL_MAX_NODES];
  gboolean     touched[KOL_MAX_HEXES][KOL_MAX_NODES];
  int          n;
  KolRouteNode order[64];
} Walk;

static void walk_node (KolEngine *engine, Walk *w, int hex, int node);

/* Walks Stadtbahn track: the path, then the paths across each of its
 * edges; a path's first node is a stop of the run, and the walk goes on
 * from its nodes. */
static void
walk_path (KolEngine *engine,
           Walk      *w,
           int        hex,
           int        path,
           int        from_node)
{
  int rot;
  const KolTileDef *tile = kol_board_tile (engine, hex, &rot);
  const KolPathDef *p = &tile->paths[path];
  guint8 ends[2] = { p->a, p->b };
  int first = -1;

  if (w->visited_paths[hex][path] || p->track != w->track)
    return;
  w->visited_paths[hex][path] = TRUE;
  for (int e = 0; e < 2; e++)
    if (KOL_PATH_IS_NODE (ends[e]) && first < 0)
      first = KOL_PATH_NODE_INDEX (ends[e]);
  if (first >= 0 && !w->touched[hex][first] && w->n < (int) G_N_ELEMENTS (w->order))
    {
      w->touched[hex][first] = TRUE;
      w->order[w->n++] = (KolRouteNode) { (gint16) hex, (gint8) first };
    }
  if (!p->terminal)
    for (int e = 0; e < 2; e++)
      if (KOL_PATH_IS_NODE (ends[e]) && KOL_PATH_NODE_INDEX (ends[e]) != from_node)
        walk_node (engine, w, hex, KOL_PATH_NODE_INDEX (ends[e]));
  for (int e = 0; e < 2; e++)
    {
      int edge, nb, nrot, back;
      const KolTileDef *nt;

      if (!KOL_PATH_IS_EDGE (ends[e]))
        continue;
      edge = kol_path_end_rotate (ends[e], rot);
      nb = kol_board_neighbor (engine, hex, edge);
      if (nb < 0)
        continue;
      nt = kol_board_tile (engine, nb, &nrot);
      back = (edge + 3) % 6;
      for (int q = 0; q < nt->n_paths; q++)
        {
          const KolPathDef *np = &nt->paths[q];

          if ((KOL_PATH_IS_EDGE (np->a) && kol_path_end_rotate (np->a, nrot) == back) ||
              (KOL_PATH_IS_EDGE (np->b) && kol_path_end_rotate (np->b, nrot) == back))
            walk_path (engine, w, nb, q, -1);
        }
    }
}

static void
walk_node (KolEngine *engine,
           Walk      *w,
           int        hex,
           int        node)
{
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);

  if (w->visited_nodes[hex][node])
    return;
  w->visited_nodes[hex][node] = TRUE;
  for (int p = 0; p < tile->n_paths; p++)
    if (tile->paths[p].a == KOL_PATH_NODE + node || tile->paths[p].b == KOL_PATH_NODE + node)
      walk_path (engine, w, hex, p, node);
}

/* The stops an imaginary tram reaches from (hex, city) along the dotted
 * track (VIII.5.2), in walk order, and their revenue. */
static int
city_walk (KolEngine    *engine,
           int           corp,
           int           hex,
           int           city,
           KolRouteNode *out,
           int          *n_out)
{
  g_autofree Walk *w = g_new0 (Walk, 1);
  KolRouteRules rules;
  const KolTileDef *tile;
  int node, revenue = 0, track = kol_title_track_by_id (engine->title, "stadtbahn");

  *n_out = 0;
  if (hex < 0 || track < 0)
    return 0;
  tile = kol_board_tile (engine, hex, NULL);
  node = kol_tile_city_node (tile, city);
  if (node < 0)
    return 0;
  w->corp = corp;
  w->track = (guint8) track;
  walk_node (engine, w, hex, node);
  fill_rules (engine, corp, &rules);
  for (int i = 0; i < w->n; i++)
    {
      KolRouteStop stop;
      KolRouteTrain train;

      kol_route_train_init (&train, networks_of (engine, "stadtbahn"), KOL_ROUTE_UNLIMITED);
      kol_route_stop_info (engine, corp, &rules, &train, w->order[i].hex, w->order[i].node, &stop);
      revenue += stop.value;
      out[i] = w->order[i];
    }
  *n_out = w->n;
  return revenue;
}

/* The stops' hex ids, "F6-G7-H8": how 18xx.games records a run's stops
 * (revenue_str) alongside the revenue. */
static char *
stop_ids (KolEngine          *engine,
          const KolRouteNode *nodes,
          int                 n)
{
  GString *str = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (str, "%s%s", i ? "-" : "", engine->title->hexes[nodes[i].hex].id);
  return g_string_free (str, FALSE);
}

/* A run_routes record of a City run, which has no chains of its own. */
static KolRouteSpec *
spec_from_nodes (KolEngine          *engine,
                 int                 train,
                 int                 revenue,
                 const KolRouteNode *nodes,
                 int                 n)
{
  KolRouteSpec *spec = g_new0 (KolRouteSpec, 1);

  spec->train = (gint16) train;
  spec->revenue = revenue;
  spec->nodes = g_array_sized_new (FALSE, FALSE, sizeof (KolRouteNode), n);
  g_array_append_vals (spec->nodes, nodes, n);
  spec->hexes = g_array_sized_new (FALSE, FALSE, sizeof (gint16), n);
  for (int i = 0; i < n; i++)
    g_array_append_val (spec->hexes, nodes[i].hex);
  spec->revenue_str = stop_ids (engine, nodes, n);
  return spec;
}

/**
 * k1840_city_run:
 *
 * VIII.5.2: the Stadtbahn company's imaginary tram runs from one of its two
 * home stations as far as the dotted line is built; the better of the two
 * runs counts (one home station without a run: the other).
 *
 * Returns: (transfer full) (nullable): the run_routes action, or %NULL
 *   when the company has no train.
 */
KolAction *
k1840_city_run (KolEngine *engine,
                int        city)
{
  K1840State *st = k1840_state (engine);
  int slot = st->city_slot[city];
  KolRouteNode nodes[2][64];
  int n[2], revenue[2], pick;
  gint16 trains[KOL_MAX_TRAINS];
  KolAction *a;

  if (slot < 0 || kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, city), trains, KOL_MAX_TRAINS) == 0)
    return NULL;
  for (int i = 0; i < 2; i++)
    revenue[i] = city_walk (engine, city, st->start_hex[slot][i], st->start_city[slot][i], nodes[i], &n[i]);
  if (n[1] < 2 || (n[0] >= 2 && revenue[0] > revenue[1]))
    pick = 0;
  else
    pick = 1;
  a = kol_action_new (KOL_ACTION_RUN_ROUTES, kol_entity (KOL_ENTITY_CORP, city));
  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  if (n[pick] >= 2)
    g_ptr_array_add (a->routes, spec_from_nodes (engine, trains[0], revenue[pick], nodes[pick], n[pick]));
  return a;
}

/* ---------------------------------------------------------- line runs */

/**
 * k1840_line_runs:
 *
 * Appends the run_routes action of @line's best route (IX.8: the highest
 * revenue), or an empty run when it has none.
 */
void
k1840_line_runs (KolEngine *engine,
                 int        line,
                 GPtrArray *out)
{
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  gint16 runnable[KOL_MAX_TRAINS];
  int n_runnable = kol_route_trains (engine, line, runnable, KOL_MAX_TRAINS);
  int n = MIN (n_runnable, 1);
  g_autoptr(KolRouteResult) result = NULL;
  KolAction *a;

  fill_rules (engine, line, &rules);
  for (int i = 0; i < n; i++)
    kol_route_train_init (&trains[i], networks_of (engine, "tram"), KOL_ROUTE_UNLIMITED);
  a = kol_action_new (KOL_ACTION_RUN_ROUTES, kol_entity (KOL_ENTITY_CORP, line));
  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  if (n > 0)
    result = kol_route_solve (engine, line, &rules, trains, n, NULL, NULL);
  for (int i = 0; result && i < result->n_routes; i++)
    {
      const KolRoute *route = &result->routes[i];
      KolRouteSpec *spec = kol_route_spec_new_from_route (route, runnable[route->train], route->revenue);

      spec->revenue_str = stop_ids (engine, route->nodes, route->n_nodes);
      g_ptr_array_add (a->routes, spec);
    }
  g_ptr_array_add (out, a);
}

/* ---------------------------------------------------------- checking */

/**
 * k1840_route_revenue_check:
 *
 * Checks one claimed route of @corp with the route validator.
 *
 * Returns: its revenue, or -1 with @error set.
 */
int
k1840_route_revenue_check (KolEngine           *engine,
                           int                  corp,
                           const KolRouteSpec  *spec,
                           GError             **error)
{
  KolRouteRules rules;
  KolRouteTrain train;
  KolRouteDraft draft = { 0 };
  KolRefusal refusal = { 0 };
  g_autofree KolRouteConnection *conns = NULL;
  int revenue;

  if (spec->nodes == NULL || spec->nodes->len < 2)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_ROUTE_TOO_SHORT) };

      kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 1, "route not valid: too short");
      return -1;
    }
  fill_rules (engine, corp, &rules);
  kol_route_train_init (&train, networks_of (engine, "tram"), KOL_ROUTE_UNLIMITED);
  draft.n_nodes = (int) spec->nodes->len;
  draft.nodes = (const KolRouteNode *) (gconstpointer) spec->nodes->data;
  if (spec->connections && spec->connections->len + 1 == spec->nodes->len)
    {
      conns = g_new0 (KolRouteConnection, spec->connections->len);
      for (guint c = 0; c < spec->connections->len; c++)
        {
          GArray *chain = g_array_index (spec->connections, GArray *, c);

          conns[c].n_hexes = (int) chain->len;
          conns[c].hexes = (const gint16 *) (gconstpointer) chain->data;
        }
      draft.connections = conns;
    }
  revenue = kol_route_check (engine, corp, &rules, &train, &draft, NULL, 0, NULL, &refusal, error);
  if (revenue < 0)
    engine->refusal = refusal;
  return revenue;
}

/* IX.8 «Заявленный доход должен быть максимальным доходом, который может
 * найти любой игрок»: a line's route worth less than the best it has is
 * refused, naming both. */
static gboolean
check_best (KolEngine  *engine,
            int         line,
            int         got,
            GError    **error)
{
  g_autoptr(GPtrArray) best = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  const KolAction *run;
  int want = 0;

  k1840_line_runs (engine, line, best);
  run = best->len ? g_ptr_array_index (best, 0) : NULL;
  for (guint i = 0; run && run->routes && i < run->routes->len; i++)
    want += ((const KolRouteSpec *) g_ptr_array_index (run->routes, i))->revenue;
  if (got >= want)
    return TRUE;
  {
    KolArg args[3] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_ROUTE_NOT_BEST), kol_arg_int (KOL_ARG_MONEY, got),
                       kol_arg_int (KOL_ARG_MONEY, want) };

    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 3,
                              "the route earns %d, the best route %d", got, want);
  }
}

/**
 * k1840_validate_routes:
 *
 * Checks a run_routes action of a game played here: a line runs one tram on
 * a valid route and claims exactly its revenue (IX.7, IX.8), and must run
 * when it can; a Stadtbahn company runs as VIII.5.2 says. Imported games
 * trust the record, as 18xx.games does.
 *
 * Returns: %TRUE if the action may be processed.
 */
gboolean
k1840_validate_routes (KolEngine        *engine,
                       int               corp,
                       const KolAction  *a,
                       GError          **error)
{
  guint n = a->routes ? a->routes->len : 0;

  if (k1840_state (engine)->compat)
    return TRUE;
  if (k1840_is (engine, corp, K1840_CITY))
    {
      g_autoptr(KolAction) run = k1840_city_run (engine, corp);
      int want = 0, got = 0;

      for (guint i = 0; run && run->routes && i < run->routes->len; i++)
        want += ((KolRouteSpec *) g_ptr_array_index (run->routes, i))->revenue;
      for (guint i = 0; i < n; i++)
        got += ((KolRouteSpec *) g_ptr_array_index (a->routes, i))->revenue;
      if (want != got)
        {
          KolArg args[3] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_NONE), kol_arg_int (KOL_ARG_MONEY, got),
                             kol_arg_int (KOL_ARG_MONEY, want) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 3,
                                  "the Stadtbahn run claims %d but earns %d", got, want);
        }
      return TRUE;
    }
  if (n > 1)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_ROUTE_TRAIN_TWICE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 1, "a line runs one tram");
    }
  if (n == 0)
    {
      g_autoptr(GPtrArray) best = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
      KolAction *run;

      k1840_line_runs (engine, corp, best);
      run = best->len ? g_ptr_array_index (best, 0) : NULL;
      if (run && run->routes && run->routes->len > 0)
        {
          KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, K1840_REASON_MUST_RUN) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 1,
                                  "the line's tram must run when it can (IX.3)");
        }
      return TRUE;
    }
  {
    const KolRouteSpec *spec = g_ptr_array_index (a->routes, 0);
    int revenue = k1840_route_revenue_check (engine, corp, spec, error);

    if (revenue < 0)
      return FALSE;
    if (revenue != spec->revenue)
      {
        KolArg args[3] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_NONE), kol_arg_int (KOL_ARG_MONEY, spec->revenue),
                           kol_arg_int (KOL_ARG_MONEY, revenue) };

        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 3,
                                "the route claims %d but earns %d", spec->revenue, revenue);
      }
    return check_best (engine, corp, spec->revenue, error);
  }
}
