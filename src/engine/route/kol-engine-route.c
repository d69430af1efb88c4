/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-private.h"

#include <string.h>

/*
 * The exact route optimiser: the public entry points, the assembly of the
 * result, and the design.
 *
 * Graph (kol-engine-route-graph.c). The company's reachable network becomes
 * a multigraph: vertices are revenue nodes, edges ("chains") every walk over
 * tile paths from one node to the next, each with the track it uses as a
 * resource bitset. Track conflicts are then word-wise ANDs.
 *
 * One train (kol-engine-route-search.c). Every route is written uniquely as
 * two arms from its smallest anchor s. A depth-first search enumerates the
 * arms of each anchor, offering each as a route with s at one end, and pairs
 * of arms are joined afterwards (s in the middle). Nothing is cut but by an
 * upper bound that holds for every route containing the arm: the reach of
 * the open ends over free track (within the distance left, counting
 * end-only stops once per end), the number of stops the distance left can
 * pay for, and the heaviest path of the block-cut tree of what is reachable
 * (exact on tree-like networks). Extensions are searched best bound first,
 * and a greedy second arm is tried at each leaf, so that good routes come
 * early and the bounds bite. The search is exhaustive: the result is the
 * optimum, proven, unless the caller cancels.
 *
 * Costs (kol-engine-route-bounds.c, and kol-engine-route-search-state.c
 * for what they read). The bounds are most of the work (on dense late-game
 * boards more than nine tenths of it), so the search keeps what they need
 * up to date as chains are taken and given back: the chains blocked by the
 * track in use (each chain's conflict set, compiled with the graph, ORed
 * in), and for unlimited trains (1840 trams, 1849 E trains) each vertex's
 * neighbours over free chains as rows of bits. A bound of an unlimited
 * train is then a breadth-first search and a block-cut tree computed a
 * machine word at a time (ext_bound_fast); trains with a distance budget
 * take the general path, which follows distances chain by chain. Both give
 * the same bounds.
 *
 * Distance by the entered gauge (KolRouteRules.entered_gauge, 1849
 * §10.5.1). A dual chain's cost then depends on the rest of the route, so
 * the search prices every chain at its cheapest network, which is never
 * more than the route pays: every cut on distance (arms over budget, the
 * reach bounds) stays a cut the exact price would make too. The arm keeps
 * the gauge it last ran on and what the dual chains since would cost more
 * on it (ArmState.gauge, .flex), and charges that once a chain of the same
 * gauge closes the run, which is exact whichever way the route is read; a
 * route is priced exactly (_kol_rg_chains_distance, the validator's
 * function) when it is offered, and refused there when too long. The
 * search stays exhaustive: only routes of the exact price are accepted.
 *
 * Scores. Routes compare by revenue × 4096 − chains: equal revenue goes to
 * fewer chains. Further ties go to the lexicographically smallest node
 * sequence (which explores every subtree whose bound equals the optimum),
 * or with opts->search_order_ties to the first route in the search order.
 *
 * Several trains (kol-engine-route-combo.c). A lower bound LB comes from
 * greedy assignments improved train by train. A route of train t can be in a
 * combination better than LB only if it scores at least LB minus the other
 * trains' single optima; all such routes are collected per train (the same
 * search with that fixed threshold), and a branch-and-bound picks one route
 * or none per train with disjoint track, bounded by the first compatible
 * route of each remaining train and by the exact optimum of the remaining
 * trains alone, with a memo on (train, track used that later trains could
 * touch).
 *
 * One source of truth: in builds with assertions every route returned is
 * checked again by the validator (kol-engine-route-check.c), which must agree
 * on its revenue.
 */

/* ---- small public helpers ------------------------------------------------- */

/**
 * kol_route_train_init:
 * @train: (out): a train
 * @networks: the networks it runs on
 * @distance: KOL_ROUTE_UNLIMITED or the hex-edge budget
 *
 * Fills @train with edge cost 1 on every network and multiplier 1.
 */
void
kol_route_train_init (KolRouteTrain *train,
                      guint8         networks,
                      int            distance)
{
  memset (train, 0, sizeof *train);
  train->networks = networks;
  train->distance = distance;
  train->multiplier = 1;
  for (int n = 0; n < KOL_ROUTE_MAX_NETWORKS; n++)
    train->edge_cost[n] = 1;
}

/**
 * kol_route_stop_cost:
 *
 * Returns: the distance a visit of node @node on @hex costs @train: with
 *   count_stops, the stop cost of its kind, or 0 when the tile data say
 *   visit_cost 0; else 0 (hex-edge distance is paid on the track).
 */
int
kol_route_stop_cost (const KolEngine     *engine,
                     const KolRouteTrain *train,
                     int                  hex,
                     int                  node)
{
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];
  const KolNodeDef *def;

  if (!train->count_stops || node < 0 || node >= tile->n_nodes)
    return 0;
  def = &tile->nodes[node];
  if (def->visit_cost == 0 || def->kind >= KOL_ROUTE_NODE_KINDS)
    return 0;
  return train->stop_cost[def->kind];
}

/**
 * kol_route_rules_init:
 * @rules: (out): rules
 *
 * The generic 18xx routing rules: two stops, no hooks, no bonuses.
 */
void
kol_route_rules_init (KolRouteRules *rules)
{
  memset (rules, 0, sizeof *rules);
  rules->min_stops = 2;
  rules->optional_rule = KOL_ROUTE_OPTIONAL_NOT_COUNTED;
}

/* ---- distance ------------------------------------------------------------- */

/* The one network of @usable, or −1 when it has several. */
static int
sole_network (guint8 usable)
{
  return usable != 0 && (usable & (usable - 1)) == 0 ? g_bit_nth_lsf (usable, -1) : -1;
}

/* What chain @i costs on network @net, or on its cheapest when @net is
 * −1 or not one the chain has. */
static int
chain_cost (const KolRouteTrain *train,
            const guint8        *nets,
            const int           *borders,
            int                  i,
            int                  net)
{
  guint8 usable = nets[i] & train->networks;
  int cost;

  if (net >= 0 && (usable & (1u << net)))
    cost = train->edge_cost[net] ? train->edge_cost[net] : 1;
  else
    _kol_rg_cost_network (usable, train, &cost);
  return cost * borders[i];
}

/* One reading of the route, from its first chain or (@backward) its last:
 * each chain with several networks takes the network carried from the
 * last chain with one; those before the first such chain take its network
 * (the route consists of that gauge and dual track, §10.5.1). */
static int
reading_distance (const KolRouteTrain *train,
                  const guint8        *nets,
                  const int           *borders,
                  int                  n,
                  gboolean             backward)
{
  int total = 0, carried = -1, pending = 0;

  for (int k = 0; k < n; k++)
    {
      int i = backward ? n - 1 - k : k;
      int net = sole_network (nets[i] & train->networks);

      if (net < 0 && carried < 0)
        {
          pending++;
          continue;
        }
      if (net >= 0 && carried < 0)
        for (int j = 0; j < pending; j++)
          total += chain_cost (train, nets, borders, backward ? n - 1 - j : j, net);
      if (net >= 0)
        carried = net;
      total += chain_cost (train, nets, borders, i, carried);
    }
  if (carried < 0)
    for (int i = 0; i < n; i++)
      total += chain_cost (train, nets, borders, i, -1);
  return total;
}

int
_kol_rg_chains_distance (const KolRouteTrain *train,
                         gboolean             entered_gauge,
                         const guint8        *nets,
                         const int           *borders,
                         int                  n)
{
  int total = 0;

  if (entered_gauge)
    {
      int forward = reading_distance (train, nets, borders, n, FALSE);
      int backward = reading_distance (train, nets, borders, n, TRUE);

      return MIN (forward, backward);
    }
  for (int i = 0; i < n; i++)
    total += chain_cost (train, nets, borders, i, -1);
  return total;
}

/**
 * kol_route_clear:
 * @route: a route
 *
 * Frees the arrays of @route and zeroes it.
 */
void
kol_route_clear (KolRoute *route)
{
  g_free (route->nodes);
  g_free (route->chain_start);
  g_free (route->paths);
  memset (route, 0, sizeof *route);
}

/**
 * kol_route_copy:
 * @dest: (out): a route to fill
 * @src: a route
 *
 * Deep copy of @src into @dest (which is overwritten, not freed).
 */
void
kol_route_copy (KolRoute       *dest,
                const KolRoute *src)
{
  *dest = *src;
  dest->nodes = g_memdup2 (src->nodes, sizeof (KolRouteNode) * (gsize) MAX (src->n_nodes, 1));
  dest->chain_start = g_memdup2 (src->chain_start, sizeof (int) * (gsize) MAX (src->n_nodes, 1));
  dest->paths = g_memdup2 (src->paths, sizeof (KolRoutePath) * (gsize) MAX (src->n_paths, 1));
}

/**
 * kol_route_chain_hexes:
 * @route: a route
 * @chain: a chain index, 0 .. n_nodes − 2
 * @n_out: (out): number of hexes
 *
 * Returns: (transfer full): the hex of each path of the chain, in travel order.
 */
gint16 *
kol_route_chain_hexes (const KolRoute *route,
                       int             chain,
                       int            *n_out)
{
  int from = route->chain_start[chain], to = route->chain_start[chain + 1];
  gint16 *out = g_new (gint16, MAX (to - from, 1));

  for (int i = from; i < to; i++)
    out[i - from] = route->paths[i].hex;
  *n_out = to - from;
  return out;
}

static void
free_chain (gpointer data)
{
  g_array_unref (*(GArray **) data);
}

/**
 * kol_route_spec_new_from_route:
 * @route: a route
 * @train: the train's index in the state
 * @revenue: the revenue claimed
 *
 * A route as a run_routes action records it: the stops as nodes and as
 * hexes, and the hexes of each chain between two stops in travel order.
 *
 * Returns: (transfer full): the route's record
 */
KolRouteSpec *
kol_route_spec_new_from_route (const KolRoute *route,
                               int             train,
                               int             revenue)
{
  KolRouteSpec *spec = g_new0 (KolRouteSpec, 1);

  spec->train = (gint16) train;
  spec->revenue = revenue;
  spec->nodes = g_array_sized_new (FALSE, FALSE, sizeof (KolRouteNode), route->n_nodes);
  g_array_append_vals (spec->nodes, route->nodes, route->n_nodes);
  spec->hexes = g_array_sized_new (FALSE, FALSE, sizeof (gint16), route->n_nodes);
  for (int k = 0; k < route->n_nodes; k++)
    g_array_append_val (spec->hexes, route->nodes[k].hex);
  spec->connections = g_array_sized_new (FALSE, FALSE, sizeof (GArray *), route->n_nodes);
  g_array_set_clear_func (spec->connections, free_chain);
  for (int c = 0; c + 1 < route->n_nodes; c++)
    {
      int m;
      g_autofree gint16 *hexes = kol_route_chain_hexes (route, c, &m);
      GArray *chain = g_array_sized_new (FALSE, FALSE, sizeof (gint16), m);

      g_array_append_vals (chain, hexes, m);
      g_array_append_val (spec->connections, chain);
    }
  return spec;
}

/* The one revenue node (city or town) of @hex's tile, or -1 when it has
 * none or several. */
static int
only_revenue_node (const KolEngine *engine,
                   int              hex)
{
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];
  int node = -1;

  for (int n = 0; n < tile->n_nodes; n++)
    if (tile->nodes[n].kind != KOL_NODE_JUNCTION)
      {
        if (node >= 0)
          return -1;
        node = n;
      }
  return node;
}

/**
 * kol_route_spec_nodes_from_hexes:
 * @engine: the game the route was run in
 * @spec: a route record
 *
 * Records made before 2022 give a route's stops as hexes only. A stop is
 * then the one revenue node of its hex's tile; when a tile has several, the
 * record does not say which one the route visits.
 *
 * Returns: (transfer full) (nullable): the stops as KolRouteNode, or %NULL
 *   when the record names fewer than two hexes or a stop cannot be told
 */
GArray *
kol_route_spec_nodes_from_hexes (const KolEngine    *engine,
                                 const KolRouteSpec *spec)
{
  GArray *nodes;

  if (spec->hexes == NULL || spec->hexes->len < 2)
    return NULL;
  nodes = g_array_sized_new (FALSE, FALSE, sizeof (KolRouteNode), spec->hexes->len);
  for (guint i = 0; i < spec->hexes->len; i++)
    {
      gint16 hex = g_array_index (spec->hexes, gint16, i);
      KolRouteNode rn = { hex, (gint8) only_revenue_node (engine, hex) };

      if (rn.node < 0)
        {
          g_array_unref (nodes);
          return NULL;
        }
      g_array_append_val (nodes, rn);
    }
  return nodes;
}

/**
 * kol_route_result_free:
 * @result: (nullable): a result
 */
void
kol_route_result_free (KolRouteResult *result)
{
  if (result == NULL)
    return;
  for (int i = 0; i < result->n_routes; i++)
    kol_route_clear (&result->routes[i]);
  g_free (result->routes);
  g_free (result);
}

/* ---- from records to KolRoute ---------------------------------------------- */


static void
route_from_seq (const KolRouteGraph *G,
                const guint32       *seq,
                int                  len,
                int                  train,
                int                  revenue,
                int                  dist,
                KolRoute            *out)
{
  int n_nodes = (len + 1) / 2, n_paths = 0;
  gboolean rev = _kol_rg_seq_reversed (seq, len);

  memset (out, 0, sizeof *out);
  out->train = train;
  out->revenue = revenue;
  out->distance = dist;
  out->n_nodes = n_nodes;
  out->nodes = g_new (KolRouteNode, n_nodes);
  out->chain_start = g_new (int, n_nodes);
  for (int i = 1; i < len; i += 2)
    n_paths += G->c[seq[i]].n_paths;
  out->paths = g_new (KolRoutePath, MAX (n_paths, 1));
  out->n_paths = n_paths;
  n_paths = 0;
  for (int k = 0; k < n_nodes; k++)
    {
      guint32 v = rev ? seq[len - 1 - 2 * k] : seq[2 * k];

      out->nodes[k].hex = G->v[v].hex;
      out->nodes[k].node = (gint8) G->v[v].node;
      out->chain_start[k] = n_paths;
      if (k + 1 < n_nodes)
        {
          guint32 ci = rev ? seq[len - 2 - 2 * k] : seq[2 * k + 1];
          const KolRgChain *c = &G->c[ci];
          gboolean forward = c->a == v;

          for (int p = 0; p < c->n_paths; p++)
            out->paths[n_paths++] = G->paths[c->path_off + (forward ? p : c->n_paths - 1 - p)];
        }
    }
}

/* Every optimiser result goes through the validator: one source of truth. */
static void
self_check (const KolEngine     *engine,
            int                  corp,
            const KolRouteRules *rules,
            const KolRouteTrain *trains,
            KolRouteResult      *result)
{
  for (int i = 0; i < result->n_routes; i++)
    {
      const KolRoute *r = &result->routes[i];
      KolRouteConnection *conns = g_new0 (KolRouteConnection, MAX (r->n_nodes, 1));
      KolRouteDraft draft = { r->n_nodes, r->nodes, conns };
      g_autoptr(GError) error = NULL;
      int rev;

      for (int k = 0; k + 1 < r->n_nodes; k++)
        {
          conns[k].n_paths = r->chain_start[k + 1] - r->chain_start[k];
          conns[k].paths = r->paths + r->chain_start[k];
        }
      rev = kol_route_check (engine, corp, rules, &trains[r->train], &draft,
                             result->routes, i, NULL, NULL, &error);
      if (rev != r->revenue)
        g_critical ("route optimiser and validator disagree on train %d: %d vs %d (%s)",
                    r->train, r->revenue, rev, error ? error->message : "accepted");
      g_free (conns);
    }
}

/* Appends the route @seq of @train to @result. */
void
_kol_rg_add_route (KolRouteResult      *result,
                   const KolRouteGraph *G,
                   int                  train,
                   int                  revenue,
                   int                  dist,
                   const guint32       *seq,
                   int                  len)
{
  result->routes = g_renew (KolRoute, result->routes, result->n_routes + 1);
  route_from_seq (G, seq, len, train, revenue, dist, &result->routes[result->n_routes]);
  result->total += revenue;
  result->n_routes++;
}


static int
cmp_route_train (gconstpointer a,
                 gconstpointer b)
{
  const KolRoute *x = a, *y = b;

  return x->train - y->train;
}

/**
 * kol_route_solve:
 * @engine: a game
 * @corp: the company running
 * @rules: its routing rules
 * @trains: its trains
 * @n_trains: how many, 0 .. KOL_ROUTE_MAX_TRAINS
 * @opts: (nullable): options
 * @error: return location for a #GError
 *
 * See the header.
 */
KolRouteResult *
kol_route_solve (const KolEngine          *engine,
                 int                       corp,
                 const KolRouteRules      *rules,
                 const KolRouteTrain      *trains,
                 int                       n_trains,
                 const KolRouteSolveOpts  *opts,
                 GError                  **error)
{
  KolRouteResult *result;
  KolRgSolve X = { 0 };
  guint8 networks = 0;
  gint64 t0 = g_get_monotonic_time ();

  if (engine == NULL || rules == NULL || n_trains < 0 || n_trains > KOL_ROUTE_MAX_TRAINS ||
      (n_trains > 0 && trains == NULL))
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "route solve: invalid arguments (%d trains)", n_trains);
      return NULL;
    }
  result = g_new0 (KolRouteResult, 1);
  result->proven = TRUE;
  for (int t = 0; t < n_trains; t++)
    networks |= trains[t].networks;
  if (n_trains == 0 || networks == 0)
    return result;

  X.engine = engine;
  X.corp = corp;
  X.trains = trains;
  X.n_trains = n_trains;
  X.run.rules = rules;
  X.run.cancel = opts ? opts->cancel : NULL;
  X.run.exact_ties = !(opts && opts->search_order_ties);
  X.run.stats = &result->stats;
  X.G = _kol_route_graph_new (engine, corp, rules, networks);
  result->stats.vertices = (guint) X.G->nv;
  result->stats.chains = (guint) X.G->nc;
  result->stats.resource_bits = X.G->stats_bits;

  for (int t = 0; t < n_trains; t++)
    {
      int k;

      for (k = 0; k < X.n_classes; k++)
        if (memcmp (&X.views[k].train, &trains[t], sizeof (KolRouteTrain)) == 0)
          break;
      if (k == X.n_classes)
        _kol_rg_train_init (&X.views[X.n_classes++], X.G, &trains[t]);
      X.class_of[t] = k;
    }

  if (n_trains == 1)
    {
      KolRgPicked p = { 0 };

      if (_kol_rg_best (X.G, &X.views[0], &X.run, NULL, &p))
        _kol_rg_add_route (result, X.G, 0, p.revenue, p.dist, p.seq, p.len);
      g_free (p.seq);
    }
  else
    _kol_rg_solve_set (&X, result);

  if (result->n_routes > 1)
    qsort (result->routes, (size_t) result->n_routes, sizeof (KolRoute), cmp_route_train);
  result->proven = !X.run.cancelled;
#ifndef G_DISABLE_ASSERT
  if (!(opts && opts->no_self_check))
    self_check (engine, corp, rules, trains, result);
#endif
  for (int k = 0; k < X.n_classes; k++)
    _kol_rg_train_clear (&X.views[k]);
  _kol_route_graph_free (X.G);
  result->stats.usec = g_get_monotonic_time () - t0;
  return result;
}
