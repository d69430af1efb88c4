/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-route.h"

#include <string.h>

/*
 * The exhaustive oracle of the route tests (test-route-brute.c on random
 * synthetic boards, tests/model/test-route-real.c on boards of the real
 * titles). It shares nothing with the optimiser but the validator: it walks
 * every simple node path over the tile paths from every node of the map,
 * asks the validator about each, and for several trains tries every
 * assignment of valid routes (or none) whose track is disjoint (the track
 * keys computed here on their own).
 */

typedef struct
{
  int     revenue;
  int     chains;
  GArray *nodes;   /* KolRouteNode */
  GArray *keys;    /* int, sorted */
} RtFound;

typedef struct
{
  KolEngine             *engine;
  int                  corp;
  const KolRouteRules *rules;
  const KolRouteTrain *train;
  GArray              *nodes;      /* KolRouteNode, current route */
  GArray              *paths;      /* KolRoutePath */
  GArray              *starts;     /* int: chain starts */
  GPtrArray           *found;      /* RtFound* valid routes */
  guint64              checked;
  guint64              limit;
  gboolean             too_big;    /* over the limit: the board is skipped */
} RtOracle;

static const KolTileDef *
rt_oracle_tile (const KolEngine *engine,
                int              hex,
                int             *rot)
{
  *rot = engine->hexes[hex].rotation;
  return &engine->title->tiles[engine->hexes[hex].tile];
}

static int
rt_oracle_end (const KolPathDef *p,
               int               rot,
               int               which)
{
  return kol_path_end_rotate (which ? p->b : p->a, rot);
}

static void rt_oracle_from_node (RtOracle *o, int hex, int node);

static gboolean
rt_oracle_node_on_route (RtOracle *o,
                         int       hex,
                         int       node)
{
  for (guint i = 0; i < o->nodes->len; i++)
    {
      KolRouteNode *n = &g_array_index (o->nodes, KolRouteNode, i);

      if (n->hex == hex && n->node == node)
        return TRUE;
    }
  return FALSE;
}

static gboolean
rt_oracle_path_on_route (RtOracle *o,
                         int       hex,
                         int       p)
{
  for (guint i = 0; i < o->paths->len; i++)
    {
      KolRoutePath *x = &g_array_index (o->paths, KolRoutePath, i);

      if (x->hex == hex && x->path == p)
        return TRUE;
    }
  return FALSE;
}

static int
rt_oracle_cmp_int (gconstpointer a,
                   gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* Track keys (hex side and lane, node-to-node path), computed here on their
 * own, apart from the router's. */
static GArray *
rt_oracle_keys (const KolEngine    *engine,
                const KolRoutePath *paths,
                int                 n)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 0; i < n; i++)
    {
      int rot;
      const KolTileDef *tile = rt_oracle_tile (engine, paths[i].hex, &rot);
      const KolPathDef *p = &tile->paths[paths[i].path];
      int nodes = 0;

      for (int w = 0; w < 2; w++)
        {
          int e = rt_oracle_end (p, rot, w);

          if (e < 6)
            {
              int lane = (w ? p->b_lane[1] : p->a_lane[1]);
              int k = (paths[i].hex * 6 + e) * 8 + MIN (lane, 7);

              g_array_append_val (keys, k);
            }
          else
            nodes++;
        }
      if (nodes == 2)
        {
          int k = 10000000 + paths[i].hex * 64 + paths[i].path;

          g_array_append_val (keys, k);
        }
    }
  g_array_sort (keys, rt_oracle_cmp_int);
  return keys;
}

/* The network a chain of the reading counts as (1849 §10.5.1), written
 * here on its own: its own when it has one network the train may use,
 * else the nearest such chain's before it in the reading, else after it;
 * −1 when the route has none. */
static int
rt_oracle_gauge (const guint8 *usable,
                 int           n,
                 int           i,
                 gboolean      backward)
{
  int step = backward ? -1 : 1;

  for (int pass = 0; pass < 2; pass++)
    for (int j = i; j >= 0 && j < n; j -= pass == 0 ? step : -step)
      if (usable[j] != 0 && (usable[j] & (usable[j] - 1)) == 0)
        return g_bit_nth_lsf (usable[j], -1);
  return -1;
}

/* The distance of the current route with dual gauge counted as the gauge
 * entered on, the smaller of its two readings; −1 when a chain mixes
 * gauges (the validator refuses it). */
static int
rt_oracle_distance (RtOracle *o)
{
  const KolRouteTrain *t = o->train;
  int n = (int) o->nodes->len - 1, best = G_MAXINT;
  guint8 *usable = g_newa (guint8, MAX (n, 1));
  int *borders = g_newa (int, MAX (n, 1));

  for (int i = 0; i < n; i++)
    {
      int from = g_array_index (o->starts, int, i);
      int to = i + 1 < n ? g_array_index (o->starts, int, i + 1) : (int) o->paths->len;
      guint8 net = 0xff;

      borders[i] = 0;
      for (int k = from; k < to; k++)
        {
          const KolRoutePath *p = &g_array_index (o->paths, KolRoutePath, k);
          int rot;
          const KolTileDef *tile = rt_oracle_tile (o->engine, p->hex, &rot);

          net &= o->engine->title->track_types[tile->paths[p->path].track].networks;
          if (k > from && p->hex != g_array_index (o->paths, KolRoutePath, k - 1).hex)
            borders[i]++;
        }
      usable[i] = net & t->networks;
      if (usable[i] == 0)
        return -1;
    }
  for (int backward = 0; backward < 2; backward++)
    {
      int total = 0;

      for (int i = 0; i < n; i++)
        {
          int g = rt_oracle_gauge (usable, n, i, backward), cost = G_MAXINT;

          for (int net = 0; net < KOL_ROUTE_MAX_NETWORKS; net++)
            if ((g < 0 && (usable[i] & (1u << net))) || net == g)
              cost = MIN (cost, t->edge_cost[net] ? t->edge_cost[net] : 1);
          total += cost * borders[i];
        }
      best = MIN (best, total);
    }
  return best;
}

static void
rt_oracle_record (RtOracle *o)
{
  KolRouteConnection *conns;
  KolRouteDraft draft;
  int n = (int) o->nodes->len, rev;
  KolRouteNode *first = &g_array_index (o->nodes, KolRouteNode, 0);
  KolRouteNode *last = &g_array_index (o->nodes, KolRouteNode, n - 1);

  /* the same route is met from both ends: check one reading */
  if (first->hex > last->hex || (first->hex == last->hex && first->node > last->node))
    return;

  conns = g_new0 (KolRouteConnection, n);
  for (int i = 0; i + 1 < n; i++)
    {
      int from = g_array_index (o->starts, int, i);
      int to = i + 2 < n ? g_array_index (o->starts, int, i + 1) : (int) o->paths->len;

      conns[i].n_paths = to - from;
      conns[i].paths = &g_array_index (o->paths, KolRoutePath, from);
    }
  draft.n_nodes = n;
  draft.nodes = (const KolRouteNode *) o->nodes->data;
  draft.connections = conns;
  if (o->rules->entered_gauge && o->train->distance >= 0 && !o->train->count_stops)
    {
      /* the validator's distance against the one computed here */
      KolRoute resolved;
      KolRefusal refusal = { 0 };
      int d = rt_oracle_distance (o);

      rev = kol_route_check (o->engine, o->corp, o->rules, o->train, &draft, NULL, 0, &resolved, &refusal, NULL);
      if (rev >= 0)
        g_assert_cmpint (resolved.distance, ==, d);
      else if (refusal.n_args > 0 && refusal.args[0].value == KOL_REASON_ROUTE_TOO_LONG)
        g_assert_cmpint (d, >, o->train->distance);
      kol_route_clear (&resolved);
    }
  else
    rev = kol_route_check (o->engine, o->corp, o->rules, o->train, &draft, NULL, 0, NULL, NULL, NULL);
  if (++o->checked > o->limit)
    o->too_big = TRUE;
  if (rev >= 0)
    {
      RtFound *f = g_new0 (RtFound, 1);

      f->revenue = rev;
      f->chains = n - 1;
      f->nodes = g_array_copy (o->nodes);
      f->keys = rt_oracle_keys (o->engine, (const KolRoutePath *) o->paths->data, (int) o->paths->len);
      g_ptr_array_add (o->found, f);
    }
  g_free (conns);
}

/* Follows track from path @p of @hex (entered at end @entered) to the next
 * node. Lanes and networks are left to the validator (no title has
 * junctions yet; the walk treats one as a node, which the validator
 * refuses). */
static void
rt_oracle_walk (RtOracle *o,
                int       hex,
                int       p,
                int       entered)
{
  int rot;
  const KolTileDef *tile = rt_oracle_tile (o->engine, hex, &rot);
  int e = rt_oracle_end (&tile->paths[p], rot, 1 - entered);
  KolRoutePath ref = { (gint16) hex, (guint8) p };

  if (o->too_big || rt_oracle_path_on_route (o, hex, p) || tile->paths[p].track == KOL_TRACK_FUTURE)
    return;
  g_array_append_val (o->paths, ref);
  if (e >= KOL_PATH_NODE)
    {
      int node = e - KOL_PATH_NODE;

      if (!rt_oracle_node_on_route (o, hex, node))
        {
          KolRouteNode n = { (gint16) hex, (gint8) node };

          g_array_append_val (o->nodes, n);
          rt_oracle_record (o);
          rt_oracle_from_node (o, hex, node);
          g_array_set_size (o->nodes, o->nodes->len - 1);
        }
    }
  else
    {
      int nh = o->engine->title->hexes[hex].neighbors[e];

      if (nh >= 0)
        {
          int nrot;
          const KolTileDef *nt = rt_oracle_tile (o->engine, nh, &nrot);

          for (int q = 0; q < nt->n_paths; q++)
            for (int w = 0; w < 2; w++)
              if (rt_oracle_end (&nt->paths[q], nrot, w) == (e + 3) % 6)
                rt_oracle_walk (o, nh, q, w);
        }
    }
  g_array_set_size (o->paths, o->paths->len - 1);
}

static void
rt_oracle_from_node (RtOracle *o,
                     int       hex,
                     int       node)
{
  int rot;
  const KolTileDef *tile = rt_oracle_tile (o->engine, hex, &rot);

  g_array_append_val (o->starts, o->paths->len);
  for (int p = 0; p < tile->n_paths; p++)
    for (int w = 0; w < 2; w++)
      if (rt_oracle_end (&tile->paths[p], rot, w) == KOL_PATH_NODE + node)
        rt_oracle_walk (o, hex, p, w);
  g_array_set_size (o->starts, o->starts->len - 1);
}

static void
rt_found_free (gpointer data)
{
  RtFound *f = data;

  g_array_unref (f->nodes);
  g_array_unref (f->keys);
  g_free (f);
}

/* Every valid route of @train of @corp on the board; *too_big is set when
 * there are more than @limit candidate routes to check. */
G_GNUC_UNUSED static GPtrArray *
rt_oracle_routes (KolEngine           *engine,
                  int                  corp,
                  const KolRouteRules *rules,
                  const KolRouteTrain *train,
                  guint64              limit,
                  guint64             *checked,
                  gboolean            *too_big)
{
  RtOracle o = { engine, corp, rules, train };

  o.limit = limit;
  o.nodes = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));
  o.paths = g_array_new (FALSE, FALSE, sizeof (KolRoutePath));
  o.starts = g_array_new (FALSE, FALSE, sizeof (int));
  o.found = g_ptr_array_new_with_free_func (rt_found_free);
  for (guint h = 0; h < engine->title->n_hexes && !o.too_big; h++)
    {
      int rot;
      const KolTileDef *tile = rt_oracle_tile (engine, (int) h, &rot);

      for (int n = 0; n < tile->n_nodes; n++)
        {
          KolRouteNode start = { (gint16) h, (gint8) n };

          g_array_append_val (o.nodes, start);
          rt_oracle_from_node (&o, (int) h, n);
          g_array_set_size (o.nodes, 0);
        }
    }
  *checked += o.checked;
  *too_big |= o.too_big;
  g_array_unref (o.nodes);
  g_array_unref (o.paths);
  g_array_unref (o.starts);
  return o.found;
}

static gboolean
rt_keys_disjoint (GArray *a,
                  GArray *b)
{
  guint i = 0, j = 0;

  while (i < a->len && j < b->len)
    {
      int x = g_array_index (a, int, i), y = g_array_index (b, int, j);

      if (x == y)
        return FALSE;
      if (x < y)
        i++;
      else
        j++;
    }
  return TRUE;
}

/* The best assignment of valid routes (or none) to the trains, with
 * disjoint track. */
typedef struct
{
  int        n;
  GPtrArray *lists[KOL_ROUTE_MAX_TRAINS];
  int        max[KOL_ROUTE_MAX_TRAINS];
  int        best;
  RtFound   *chosen[KOL_ROUTE_MAX_TRAINS];
} RtAssign;

G_GNUC_UNUSED static void
rt_assign (RtAssign *a,
           int       t,
           int       total)
{
  int bound = total;

  for (int u = t; u < a->n; u++)
    bound += a->max[u];
  if (bound <= a->best)
    return;
  if (t == a->n)
    {
      a->best = total;
      return;
    }
  rt_assign (a, t + 1, total);  /* the train does not run */
  for (guint i = 0; i < a->lists[t]->len; i++)
    {
      RtFound *f = g_ptr_array_index (a->lists[t], i);
      gboolean ok = f->revenue > 0;

      for (int u = 0; u < t && ok; u++)
        if (a->chosen[u] && !rt_keys_disjoint (a->chosen[u]->keys, f->keys))
          ok = FALSE;
      if (!ok)
        continue;
      a->chosen[t] = f;
      rt_assign (a, t + 1, total + f->revenue);
      a->chosen[t] = NULL;
    }
}

/* The route the optimiser must pick among equals: fewer chains, then the
 * node sequence read from its smaller end, smallest by (hex, node). */
G_GNUC_UNUSED static int
rt_cmp_nodes (GArray *a,
              GArray *b)
{
  int n = (int) a->len;
  gboolean ra, rb;

  if (a->len != b->len)
    return a->len < b->len ? -1 : 1;
  {
    KolRouteNode *x = (KolRouteNode *) a->data, *y = (KolRouteNode *) b->data;
    int cx = (x[0].hex != x[n - 1].hex) ? x[0].hex - x[n - 1].hex : x[0].node - x[n - 1].node;
    int cy = (y[0].hex != y[n - 1].hex) ? y[0].hex - y[n - 1].hex : y[0].node - y[n - 1].node;

    ra = cx > 0;
    rb = cy > 0;
    for (int i = 0; i < n; i++)
      {
        KolRouteNode *p = &x[ra ? n - 1 - i : i], *q = &y[rb ? n - 1 - i : i];

        if (p->hex != q->hex)
          return p->hex < q->hex ? -1 : 1;
        if (p->node != q->node)
          return p->node < q->node ? -1 : 1;
      }
  }
  return 0;
}

/* Of @list, the best route by revenue and the tie-break above, or NULL. */
G_GNUC_UNUSED static RtFound *
rt_oracle_best (GPtrArray *list)
{
  RtFound *best = NULL;

  for (guint i = 0; i < list->len; i++)
    {
      RtFound *f = g_ptr_array_index (list, i);

      if (best == NULL || f->revenue > best->revenue ||
          (f->revenue == best->revenue && rt_cmp_nodes (f->nodes, best->nodes) < 0))
        best = f;
    }
  return best;
}

/* ---- the documented choice among equal combinations (several trains) ---- */

typedef struct
{
  int        n;                              /* trains, in the optimiser's order */
  int        train[KOL_ROUTE_MAX_TRAINS];    /* train index of each position */
  GPtrArray *lists[KOL_ROUTE_MAX_TRAINS];    /* RtFound*, ranked */
  gint64     max[KOL_ROUTE_MAX_TRAINS];
  gint64     best;
  RtFound   *chosen[KOL_ROUTE_MAX_TRAINS];
  RtFound   *pick[KOL_ROUTE_MAX_TRAINS];
  gboolean   ambiguous;                      /* equal node sequences on different track */
} RtCombo;

static gint64
rt_score (const RtFound *f)
{
  return (gint64) f->revenue * 4096 - f->chains;
}

static int
rt_cmp_rank (gconstpointer a,
             gconstpointer b)
{
  const RtFound *x = *(RtFound *const *) a, *y = *(RtFound *const *) b;

  if (rt_score (x) != rt_score (y))
    return rt_score (x) > rt_score (y) ? -1 : 1;
  return rt_cmp_nodes (x->nodes, y->nodes);
}

static void
rt_combo_search (RtCombo *c,
                 int      t,
                 gint64   total)
{
  gint64 bound = total;

  for (int u = t; u < c->n; u++)
    bound += c->max[u];
  if (bound <= c->best)
    return;
  if (t == c->n)
    {
      c->best = total;
      memcpy (c->pick, c->chosen, sizeof c->pick);
      return;
    }
  for (guint i = 0; i < c->lists[t]->len; i++)
    {
      RtFound *f = g_ptr_array_index (c->lists[t], i);
      gboolean ok = TRUE;

      for (int u = 0; u < t && ok; u++)
        if (c->chosen[u] && !rt_keys_disjoint (c->chosen[u]->keys, f->keys))
          ok = FALSE;
      if (!ok)
        continue;
      c->chosen[t] = f;
      rt_combo_search (c, t + 1, total + rt_score (f));
    }
  c->chosen[t] = NULL;
  rt_combo_search (c, t + 1, total);  /* the train does not run, last */
}

/* The combination kol_route_solve() documents for several trains: the best
 * total score (revenue × 4096 − chains), and among equals the first in
 * the nested order of the trains (by falling single-train optimum, then
 * index), each train's routes ranked by score then node sequence, "no
 * route" last. @lists: every valid route of each train. Fills @c (pick[i]
 * is the route of train c->train[i], or NULL). */
G_GNUC_UNUSED static void
rt_oracle_combo (GPtrArray **lists,
                 int         n_trains,
                 RtCombo    *c)
{
  gint64 single[KOL_ROUTE_MAX_TRAINS];

  memset (c, 0, sizeof *c);
  c->n = n_trains;
  for (int t = 0; t < n_trains; t++)
    {
      RtFound *b = rt_oracle_best (lists[t]);

      /* a single train's best scores its best route, or 0 without one */
      single[t] = b && b->revenue > 0 ? rt_score (b) : 0;
      c->train[t] = t;
    }
  for (int i = 1; i < n_trains; i++)
    for (int j = i; j > 0 && single[c->train[j - 1]] < single[c->train[j]]; j--)
      {
        int x = c->train[j];

        c->train[j] = c->train[j - 1];
        c->train[j - 1] = x;
      }
  for (int i = 0; i < n_trains; i++)
    {
      GPtrArray *src = lists[c->train[i]];

      c->lists[i] = g_ptr_array_new ();
      for (guint k = 0; k < src->len; k++)
        if (((RtFound *) g_ptr_array_index (src, k))->revenue > 0)
          g_ptr_array_add (c->lists[i], g_ptr_array_index (src, k));
      g_ptr_array_sort (c->lists[i], rt_cmp_rank);
      for (guint k = 0; k < c->lists[i]->len; k++)
        {
          RtFound *f = g_ptr_array_index (c->lists[i], k);

          gint64 score = rt_score (f);

          c->max[i] = MAX (c->max[i], score);
          if (k > 0)
            {
              RtFound *p = g_ptr_array_index (c->lists[i], k - 1);

              if (rt_score (p) == rt_score (f) && rt_cmp_nodes (p->nodes, f->nodes) == 0)
                c->ambiguous = TRUE;
            }
        }
    }
  c->best = -1;
  rt_combo_search (c, 0, 0);
  for (int i = 0; i < n_trains; i++)
    g_ptr_array_unref (c->lists[i]);
}

/* Checks that the optimiser's result @r for several trains is the
 * combination rt_oracle_combo() names (g_error naming @seed if not).
 * Returns FALSE when the rule cannot be checked: equal node sequences on
 * different track make the oracle's ranking incomplete. */
G_GNUC_UNUSED static gboolean
rt_check_combo (guint32               seed,
                const KolRouteResult *r,
                GPtrArray           **lists,
                int                   n_trains)
{
  RtCombo combo;

  rt_oracle_combo (lists, n_trains, &combo);
  if (combo.ambiguous)
    return FALSE;
  for (int i = 0; i < n_trains; i++)
    {
      const KolRoute *mine = NULL;
      RtFound *want = combo.pick[i];

      for (int k = 0; k < r->n_routes; k++)
        if (r->routes[k].train == combo.train[i])
          mine = &r->routes[k];
      if ((mine == NULL) != (want == NULL))
        g_error ("seed %u: train %d %s, the rule says it %s", seed, combo.train[i],
                 mine ? "runs" : "does not run", want ? "runs" : "does not");
      if (mine)
        {
          GArray *nodes = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));
          int cmp;

          g_array_append_vals (nodes, mine->nodes, (guint) mine->n_nodes);
          cmp = rt_cmp_nodes (nodes, want->nodes);
          g_array_unref (nodes);
          if (cmp != 0)
            g_error ("seed %u: train %d takes another of the equal combinations than the rule", seed,
                     combo.train[i]);
        }
    }
  return TRUE;
}
