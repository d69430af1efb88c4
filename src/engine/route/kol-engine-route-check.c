/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-private.h"

#include <string.h>

/*
 * The route validator: a route drawn by a player, checked rule by rule on the
 * tile paths themselves (not on the optimiser's compiled network), with its
 * revenue. It is the reference the optimiser's results are checked against.
 */

typedef struct
{
  const KolEngine       *engine;
  int                  corp;
  const KolRouteRules *rules;
  const KolRouteTrain *train;
  const KolRouteDraft *draft;
  KolRouteStop        *stops;
  GArray              *paths;       /* KolRoutePath, all chains */
  int                 *chain_start; /* n_nodes */
  KolReason            reason;
  int                  hex;         /* where the rule broke, −1 */
} Check;

static gboolean
refuse (Check    *C,
        KolReason reason,
        int       hex)
{
  C->reason = reason;
  C->hex = hex;
  return FALSE;
}

static gboolean
check_nodes (Check *C)
{
  const KolRouteDraft *d = C->draft;

  for (int i = 0; i < d->n_nodes; i++)
    {
      const KolTileDef *tile = _kol_rg_tile (C->engine, d->nodes[i].hex, NULL);

      if (tile == NULL || d->nodes[i].node < 0 || d->nodes[i].node >= tile->n_nodes ||
          tile->nodes[d->nodes[i].node].kind == KOL_NODE_JUNCTION)
        return refuse (C, KOL_REASON_NONE, d->nodes[i].hex);
      kol_route_stop_info (C->engine, C->corp, C->rules, C->train, d->nodes[i].hex,
                           d->nodes[i].node, &C->stops[i]);
    }
  return TRUE;
}

static gboolean
same_location (const KolEngine    *engine,
               const KolRouteNode *a,
               const KolRouteNode *b)
{
  const KolTileDef *ta, *tb;
  int ga, gb;

  if (a->hex == b->hex && a->node == b->node)
    return TRUE;
  ta = _kol_rg_tile (engine, a->hex, NULL);
  tb = _kol_rg_tile (engine, b->hex, NULL);
  ga = ta->nodes[a->node].group;
  gb = tb->nodes[b->node].group;
  return ga >= 0 && ga == gb;
}

static gboolean
check_stops (Check *C)
{
  const KolRouteDraft *d = C->draft;

  for (int i = 0; i < d->n_nodes; i++)
    if (C->stops[i].flags & KOL_ROUTE_STOP_FORBIDDEN)
      return refuse (C, C->stops[i].forbid_reason ? C->stops[i].forbid_reason
                                                  : KOL_REASON_ROUTE_NOT_CONNECTED,
                     d->nodes[i].hex);
  for (int i = 0; i < d->n_nodes; i++)
    for (int j = i + 1; j < d->n_nodes; j++)
      if (same_location (C->engine, &d->nodes[i], &d->nodes[j]))
        return refuse (C, KOL_REASON_ROUTE_REUSES_STOP, d->nodes[j].hex);
  return TRUE;
}

/* ---- connections ------------------------------------------------------------- */

/* Does end @which of path @p on @hex lead on to path @q on @qhex (its end
 * *qwhich)? Across an edge: lanes match (and networks are checked apart);
 * through a junction: the same junction node. */
static gboolean
joins (const KolEngine *engine,
       int              hex,
       int              p,
       int              which,
       int              qhex,
       int              q,
       int             *qwhich)
{
  int rot = 0, qrot = 0;
  const KolTileDef *tile = _kol_rg_tile (engine, hex, &rot);
  const KolTileDef *qtile = _kol_rg_tile (engine, qhex, &qrot);
  guint8 end = _kol_rg_path_end (&tile->paths[p], rot, which);

  if (KOL_PATH_IS_EDGE (end))
    {
      guint8 lane[2];

      if (_kol_rg_neighbor (engine, hex, end) != qhex)
        return FALSE;
      _kol_rg_path_lane (&tile->paths[p], which, lane);
      for (int w = 0; w < 2; w++)
        {
          guint8 qlane[2];

          if (_kol_rg_path_end (&qtile->paths[q], qrot, w) != kol_hex_invert (end))
            continue;
          _kol_rg_path_lane (&qtile->paths[q], w, qlane);
          if (_kol_rg_lane_match (lane, qlane))
            {
              *qwhich = w;
              return TRUE;
            }
        }
      return FALSE;
    }
  if (!_kol_rg_end_is_junction (tile, end) || qhex != hex || q == p)
    return FALSE;
  for (int w = 0; w < 2; w++)
    if (_kol_rg_path_end (&qtile->paths[q], qrot, w) == end)
      {
        *qwhich = w;
        return TRUE;
      }
  return FALSE;
}

static int
touches_node (const KolEngine    *engine,
              const KolRoutePath *ref,
              const KolRouteNode *node)
{
  int rot = 0;
  const KolTileDef *tile = _kol_rg_tile (engine, ref->hex, &rot);

  if (ref->hex != node->hex)
    return -1;
  for (int w = 0; w < 2; w++)
    if (_kol_rg_path_end (&tile->paths[ref->path], rot, w) == KOL_PATH_NODE + node->node)
      return w;
  return -1;
}

/* The paths given for a connection really run from node @from to node @to. */
static gboolean
verify_given (Check                    *C,
              const KolRouteConnection *conn,
              const KolRouteNode       *from,
              const KolRouteNode       *to)
{
  const KolEngine *engine = C->engine;
  int entered;

  for (int k = 0; k < conn->n_paths; k++)
    {
      const KolTileDef *tile = _kol_rg_tile (engine, conn->paths[k].hex, NULL);

      if (tile == NULL || conn->paths[k].path >= tile->n_paths)
        return refuse (C, KOL_REASON_NONE, conn->paths[k].hex);
      if (tile->paths[conn->paths[k].path].track == KOL_TRACK_FUTURE)
        return refuse (C, KOL_REASON_ROUTE_NOT_CONNECTED, conn->paths[k].hex);
    }
  entered = touches_node (engine, &conn->paths[0], from);
  if (entered < 0)
    return refuse (C, KOL_REASON_ROUTE_NOT_CONNECTED, from->hex);
  for (int k = 0; k + 1 < conn->n_paths; k++)
    {
      const KolRoutePath *p = &conn->paths[k], *q = &conn->paths[k + 1];
      int rot = 0, qwhich;
      const KolTileDef *tile = _kol_rg_tile (engine, p->hex, &rot);
      const KolTileDef *qtile = _kol_rg_tile (engine, q->hex, NULL);
      guint8 exit = _kol_rg_path_end (&tile->paths[p->path], rot, 1 - entered);

      if (KOL_PATH_IS_NODE (exit) && !_kol_rg_end_is_junction (tile, exit))
        return refuse (C, KOL_REASON_ROUTE_NOT_CONNECTED, p->hex);  /* passes a stop not listed */
      if (!joins (engine, p->hex, p->path, 1 - entered, q->hex, q->path, &qwhich))
        return refuse (C, KOL_REASON_ROUTE_NOT_CONNECTED, q->hex);
      if (KOL_PATH_IS_EDGE (exit) &&
          !(_kol_rg_path_networks (engine->title, &tile->paths[p->path]) &
            _kol_rg_path_networks (engine->title, &qtile->paths[q->path])))
        return refuse (C, KOL_REASON_ROUTE_GAUGE_CHANGE, q->hex);
      entered = qwhich;
    }
  if (touches_node (engine, &conn->paths[conn->n_paths - 1], to) != 1 - entered)
    return refuse (C, KOL_REASON_ROUTE_NOT_CONNECTED, to->hex);
  return TRUE;
}

typedef struct
{
  const KolRouteNode       *to;
  const KolRouteConnection *conn;
  int                       found;
  GArray                   *paths;
} InferCtx;

static gboolean
on_infer (const KolRgWalk *walk,
          gpointer         data)
{
  InferCtx *ctx = data;

  if (walk->end_hex != ctx->to->hex || walk->end_node != ctx->to->node)
    return TRUE;
  if (ctx->conn && ctx->conn->n_hexes > 0)
    {
      gboolean forward = TRUE, backward = TRUE;
      int n = walk->n_paths;

      /* a recorded connection may list its hexes from either end */
      if (ctx->conn->n_hexes != n)
        return TRUE;
      for (int i = 0; i < n; i++)
        {
          forward &= walk->paths[i].hex == ctx->conn->hexes[i];
          backward &= walk->paths[i].hex == ctx->conn->hexes[n - 1 - i];
        }
      if (!forward && !backward)
        return TRUE;
    }
  if (ctx->found++ == 0)
    g_array_append_vals (ctx->paths, walk->paths, (guint) walk->n_paths);
  return ctx->found < 2;
}

/* The one chain between two stops, for a route drawn by its stops only. */
static gboolean
infer (Check                    *C,
       const KolRouteConnection *conn,
       const KolRouteNode       *from,
       const KolRouteNode       *to)
{
  InferCtx ctx = { to, conn, 0, C->paths };

  _kol_rg_walk_chains (C->engine, from->hex, from->node, C->train->networks, on_infer, &ctx);
  if (ctx.found == 1)
    return TRUE;
  if (ctx.found > 1)
    return refuse (C, KOL_REASON_ROUTE_AMBIGUOUS, to->hex);
  ctx.found = 0;
  ctx.paths = g_array_new (FALSE, FALSE, sizeof (KolRoutePath));
  _kol_rg_walk_chains (C->engine, from->hex, from->node, 0xff, on_infer, &ctx);
  g_array_unref (ctx.paths);
  return refuse (C, ctx.found ? KOL_REASON_ROUTE_WRONG_TRACK : KOL_REASON_ROUTE_NOT_CONNECTED, to->hex);
}

static gboolean
resolve_connections (Check *C)
{
  const KolRouteDraft *d = C->draft;

  for (int i = 0; i + 1 < d->n_nodes; i++)
    {
      const KolRouteConnection *conn = d->connections ? &d->connections[i] : NULL;
      guint before = C->paths->len;

      C->chain_start[i] = (int) before;
      if (conn && conn->n_paths > 0)
        {
          if (!verify_given (C, conn, &d->nodes[i], &d->nodes[i + 1]))
            return FALSE;
          g_array_append_vals (C->paths, conn->paths, (guint) conn->n_paths);
        }
      else
        {
          if (!infer (C, conn, &d->nodes[i], &d->nodes[i + 1]))
            {
              g_array_set_size (C->paths, before);
              return FALSE;
            }
        }
    }
  C->chain_start[d->n_nodes - 1] = (int) C->paths->len;
  return TRUE;
}

static const KolPathDef *
path_def (const KolEngine    *engine,
          const KolRoutePath *ref)
{
  return &_kol_rg_tile (engine, ref->hex, NULL)->paths[ref->path];
}

/* Track types and gauge per chain; returns the chain's networks in *nets. */
static gboolean
check_track (Check  *C,
             guint8 *nets)
{
  const KolRoutePath *paths = (const KolRoutePath *) C->paths->data;

  for (int i = 0; i + 1 < C->draft->n_nodes; i++)
    {
      guint8 net = 0xff;

      for (int k = C->chain_start[i]; k < C->chain_start[i + 1]; k++)
        {
          guint8 pn = _kol_rg_path_networks (C->engine->title, path_def (C->engine, &paths[k]));

          if (!(pn & C->train->networks))
            return refuse (C, KOL_REASON_ROUTE_WRONG_TRACK, paths[k].hex);
          net &= pn;
          if (!(net & C->train->networks))
            return refuse (C, KOL_REASON_ROUTE_GAUGE_CHANGE, paths[k].hex);
        }
      nets[i] = net;
    }
  return TRUE;
}

static gboolean
check_terminals (Check *C)
{
  const KolRoutePath *paths = (const KolRoutePath *) C->paths->data;
  int n = (int) C->paths->len;

  for (int k = 1; k + 1 < n; k++)
    if (path_def (C->engine, &paths[k])->terminal)
      return refuse (C, KOL_REASON_ROUTE_TERMINAL, paths[k].hex);
  return TRUE;
}

static gboolean
check_pass_through (Check *C)
{
  for (int i = 1; i + 1 < C->draft->n_nodes; i++)
    {
      guint16 f = C->stops[i].flags;

      if (!(f & KOL_ROUTE_STOP_END_ONLY))
        continue;
      if (f & KOL_ROUTE_STOP_BLOCKED)
        return refuse (C, KOL_REASON_ROUTE_BLOCKED, C->draft->nodes[i].hex);
      if (f & KOL_ROUTE_STOP_OPTIONAL)
        return refuse (C, KOL_REASON_ROUTE_PORT, C->draft->nodes[i].hex);
      return refuse (C, KOL_REASON_ROUTE_TERMINAL, C->draft->nodes[i].hex);
    }
  return TRUE;
}

static void
add_keys (const KolEngine    *engine,
          const KolRoutePath *paths,
          int                 n,
          GHashTable         *keys,
          int                *dup_hex)
{
  for (int k = 0; k < n; k++)
    {
      int ks[KOL_RG_MAX_PATH_KEYS];
      int nk = _kol_rg_path_keys (engine, paths[k].hex, paths[k].path, ks);

      for (int i = 0; i < nk; i++)
        if (!g_hash_table_add (keys, GINT_TO_POINTER (ks[i] + 1)) && *dup_hex < 0)
          *dup_hex = paths[k].hex;
    }
}

static gboolean
check_overlap (Check          *C,
               const KolRoute *others,
               int             n_others)
{
  GHashTable *keys = g_hash_table_new (g_direct_hash, g_direct_equal);
  int dup = -1;

  for (int o = 0; o < n_others; o++)
    add_keys (C->engine, others[o].paths, others[o].n_paths, keys, &dup);
  dup = -1;
  add_keys (C->engine, (const KolRoutePath *) C->paths->data, (int) C->paths->len, keys, &dup);
  g_hash_table_unref (keys);
  if (dup >= 0)
    return refuse (C, KOL_REASON_ROUTE_REUSES_TRACK, dup);
  return TRUE;
}

static gboolean
check_counts (Check *C)
{
  const KolRouteRules *rules = C->rules;
  int n = C->draft->n_nodes, counted = 0, opt = 0, min = rules->min_stops > 0 ? rules->min_stops : 2;
  gboolean ok;

  for (int i = 0; i < n; i++)
    {
      counted += (C->stops[i].flags & KOL_ROUTE_STOP_COUNTS) != 0;
      opt += (C->stops[i].flags & KOL_ROUTE_STOP_OPTIONAL) != 0;
    }
  if (rules->optional_rule == KOL_ROUTE_OPTIONAL_NEED_MORE)
    ok = counted + opt >= min + (opt > 0 ? 1 : 0);
  else
    ok = counted >= min;
  if (!ok)
    return refuse (C, opt > 0 ? KOL_REASON_ROUTE_PORT : KOL_REASON_ROUTE_TOO_SHORT,
                   C->draft->nodes[0].hex);
  return TRUE;
}

static gboolean
check_anchor (Check *C)
{
  int n = C->draft->n_nodes;

  if (C->rules->anchor_is_end)
    {
      if ((C->stops[0].flags | C->stops[n - 1].flags) & KOL_ROUTE_STOP_ANCHOR)
        return TRUE;
      return refuse (C, KOL_REASON_ROUTE_NO_TOKEN, -1);
    }
  for (int i = 0; i < n; i++)
    if (C->stops[i].flags & KOL_ROUTE_STOP_ANCHOR)
      return TRUE;
  return refuse (C, KOL_REASON_ROUTE_NO_TOKEN, -1);
}

static int
route_distance (Check        *C,
                const guint8 *nets)
{
  const KolRoutePath *paths = (const KolRoutePath *) C->paths->data;
  int total = 0;

  if (C->train->count_stops)
    {
      for (int i = 0; i < C->draft->n_nodes; i++)
        total += kol_route_stop_cost (C->engine, C->train, C->draft->nodes[i].hex, C->draft->nodes[i].node);
      return total;
    }
  {
    int n = C->draft->n_nodes - 1;
    int *borders = g_newa (int, MAX (n, 1));

    for (int i = 0; i < n; i++)
      {
        borders[i] = 0;
        for (int k = C->chain_start[i]; k + 1 < C->chain_start[i + 1]; k++)
          borders[i] += paths[k].hex != paths[k + 1].hex;
      }
    return _kol_rg_chains_distance (C->train, C->rules->entered_gauge, nets, borders, n);
  }
}

/* An express train: the sum of the @k largest stop values. */
static int
best_values (Check *C,
             int    k)
{
  int n = C->draft->n_nodes, sum = 0;
  int *values = g_newa (int, MAX (n, 1));

  for (int i = 0; i < n; i++)
    values[i] = MAX (C->stops[i].value, 0);
  for (int i = 0; i < k; i++)
    {
      int best = i;

      for (int j = i + 1; j < n; j++)
        if (values[j] > values[best])
          best = j;
      sum += values[best];
      values[best] = values[i];
    }
  return sum;
}

static int
revenue (Check *C)
{
  int mult = C->train->multiplier > 0 ? C->train->multiplier : 1;
  int sum = 0, bonus = 0;
  guint32 mask = 0;

  for (int i = 0; i < C->draft->n_nodes; i++)
    {
      sum += MAX (C->stops[i].value, 0);
      mask |= C->stops[i].bonus;
    }
  if (C->train->pay_best > 0 && C->train->pay_best < C->draft->n_nodes)
    sum = best_values (C, C->train->pay_best);
  for (int i = 0; i < C->rules->n_bonuses && i < KOL_ROUTE_MAX_BONUSES; i++)
    if (mask & (1u << i))
      bonus += C->rules->bonus_value[i];
  return sum * mult + bonus;
}

static gboolean
run_checks (Check          *C,
            const KolRoute *others,
            int             n_others,
            int            *dist)
{
  guint8 *nets = g_newa (guint8, MAX (C->draft->n_nodes, 1));

  if (!check_nodes (C))
    return FALSE;
  if (C->draft->n_nodes < 2)
    return refuse (C, KOL_REASON_ROUTE_TOO_SHORT, C->draft->n_nodes ? C->draft->nodes[0].hex : -1);
  if (!check_stops (C) || !resolve_connections (C) || !check_track (C, nets) ||
      !check_terminals (C) || !check_pass_through (C) || !check_overlap (C, others, n_others) ||
      !check_counts (C) || !check_anchor (C))
    return FALSE;
  *dist = route_distance (C, nets);
  if (C->train->distance >= 0 && *dist > C->train->distance)
    return refuse (C, KOL_REASON_ROUTE_TOO_LONG, -1);
  return TRUE;
}

static void
fill_resolved (Check    *C,
               KolRoute *out,
               int       rev,
               int       dist)
{
  int n = C->draft->n_nodes;

  memset (out, 0, sizeof *out);
  out->revenue = rev;
  out->distance = dist;
  out->n_nodes = n;
  out->nodes = g_memdup2 (C->draft->nodes, sizeof (KolRouteNode) * (gsize) n);
  out->chain_start = g_memdup2 (C->chain_start, sizeof (int) * (gsize) n);
  out->n_paths = (int) C->paths->len;
  out->paths = g_memdup2 (C->paths->data, sizeof (KolRoutePath) * (gsize) MAX (C->paths->len, 1));
}

/**
 * kol_route_check:
 *
 * See the header.
 */
int
kol_route_check (const KolEngine      *engine,
                 int                   corp,
                 const KolRouteRules  *rules,
                 const KolRouteTrain  *train,
                 const KolRouteDraft  *draft,
                 const KolRoute       *others,
                 int                   n_others,
                 KolRoute             *resolved,
                 KolRefusal           *refusal,
                 GError              **error)
{
  Check C = { 0 };
  int rev = -1, dist = 0;

  if (resolved)
    memset (resolved, 0, sizeof *resolved);
  if (engine == NULL || rules == NULL || train == NULL || draft == NULL ||
      draft->n_nodes < 0 || (draft->n_nodes > 0 && draft->nodes == NULL))
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID, "route check: invalid arguments");
      return -1;
    }
  C.engine = engine;
  C.corp = corp;
  C.rules = rules;
  C.train = train;
  C.draft = draft;
  C.hex = -1;
  C.stops = g_new0 (KolRouteStop, MAX (draft->n_nodes, 1));
  C.chain_start = g_new0 (int, MAX (draft->n_nodes, 1));
  C.paths = g_array_new (FALSE, FALSE, sizeof (KolRoutePath));

  if (run_checks (&C, others, n_others, &dist))
    {
      rev = revenue (&C);
      if (resolved)
        fill_resolved (&C, resolved, rev, dist);
    }
  else if (C.reason == KOL_REASON_NONE)
    g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                 "route check: no such node or path on hex %d", C.hex);
  else
    {
      const char *hex_id = C.hex >= 0 ? engine->title->hexes[C.hex].id : NULL;

      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_ROUTE, "route not valid: %s%s%s",
                   kol_reason_to_string (C.reason), hex_id ? " at " : "", hex_id ? hex_id : "");
      if (refusal)
        {
          memset (refusal, 0, sizeof *refusal);
          refusal->code = KOL_ENGINE_ERROR_ROUTE;
          refusal->args[refusal->n_args++] = kol_arg_int (KOL_ARG_REASON, C.reason);
          if (C.hex >= 0)
            refusal->args[refusal->n_args++] = kol_arg_int (KOL_ARG_HEX, C.hex);
        }
    }
  g_free (C.stops);
  g_free (C.chain_start);
  g_array_unref (C.paths);
  return rev;
}
