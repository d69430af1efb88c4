/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-private.h"

#include <string.h>

/*
 * From the board to the chain multigraph the solver searches.
 *
 * Vertices are the revenue nodes the company can reach from its anchors
 * without passing an END_ONLY node; edges ("chains") are every walk over tile
 * paths from one node to the next, found by the same walk as the board's
 * reach (kol-engine-graph.c). Each chain carries the track keys it uses; keys that occur in
 * exactly the same set of chains are merged into one resource bit, which
 * keeps the conflict relation between chains exact while the bitsets stay a
 * few words wide.
 */

/* ---- board primitives ---------------------------------------------------- */

const KolTileDef *
_kol_rg_tile (const KolEngine *engine,
              int              hex,
              int             *rotation)
{
  int t;

  if (hex < 0 || (guint) hex >= engine->title->n_hexes)
    return NULL;
  t = engine->hexes[hex].tile;
  if (t < 0 || (guint) t >= engine->title->n_tiles)
    return NULL;
  if (rotation)
    *rotation = engine->hexes[hex].rotation % 6;
  return &engine->title->tiles[t];
}

/* The title's neighbours. The links a tile laid over a blue, gray or red hex
 * adds (kol_board_neighbor()) are not asked for here; if a title needs
 * routes over them, this is the place to ask the board. */
int
_kol_rg_neighbor (const KolEngine *engine,
                  int              hex,
                  int              edge)
{
  return engine->title->hexes[hex].neighbors[edge];
}

guint8
_kol_rg_path_networks (const KolTitle   *title,
                       const KolPathDef *path)
{
  if (path->track == KOL_TRACK_FUTURE)
    return 0;
  if (title->n_track_types == 0)
    return 1;  /* a title without track types has one network */
  if (path->track >= title->n_track_types)
    return 0;
  return title->track_types[path->track].networks;
}

guint8
_kol_rg_path_end (const KolPathDef *path,
                  int               rotation,
                  int               which)
{
  return kol_path_end_rotate (which == 0 ? path->a : path->b, rotation);
}

void
_kol_rg_path_lane (const KolPathDef *path,
                   int               which,
                   guint8            lane[2])
{
  const guint8 *l = which == 0 ? path->a_lane : path->b_lane;

  if (l[0] == 0)
    {
      lane[0] = 1;
      lane[1] = 0;
    }
  else
    {
      lane[0] = l[0];
      lane[1] = l[1];
    }
}

/* Facing exits match when one's index is the other's mirrored index,
 * centring the narrower side on the wider one. */
gboolean
_kol_rg_lane_match (const guint8 l0[2],
                    const guint8 l1[2])
{
  const guint8 *a, *b;
  int delta;

  if (l0[0] == l1[0])
    return l1[1] == l0[0] - l0[1] - 1;
  if (l0[0] < l1[0] || (l0[0] == l1[0] && l0[1] <= l1[1]))
    a = l0, b = l1;
  else
    a = l1, b = l0;
  delta = (b[0] - a[0]) / 2;
  return a[1] + delta == b[0] - b[1] - 1;
}

gboolean
_kol_rg_end_is_junction (const KolTileDef *tile,
                         guint8            end)
{
  int n;

  if (!KOL_PATH_IS_NODE (end))
    return FALSE;
  n = KOL_PATH_NODE_INDEX (end);
  return n < tile->n_nodes && tile->nodes[n].kind == KOL_NODE_JUNCTION;
}

int
_kol_rg_path_keys (const KolEngine *engine,
                   int              hex,
                   int              p,
                   int             *keys)
{
  int rot = 0;
  const KolTileDef *tile = _kol_rg_tile (engine, hex, &rot);
  const KolPathDef *path = &tile->paths[p];
  int n = 0, n_stop_ends = 0;

  for (int which = 0; which < 2; which++)
    {
      guint8 end = _kol_rg_path_end (path, rot, which);

      if (KOL_PATH_IS_EDGE (end))
        {
          guint8 lane[2];

          _kol_rg_path_lane (path, which, lane);
          keys[n++] = KOL_RG_KEY_EDGE (hex, end, MIN (lane[1], 7));
        }
      else if (_kol_rg_end_is_junction (tile, end))
        keys[n++] = KOL_RG_KEY_JUNCTION (hex, KOL_PATH_NODE_INDEX (end));
      else
        n_stop_ends++;
    }
  if (n_stop_ends == 2)
    keys[n++] = KOL_RG_KEY_PATH (hex, p);
  return n;
}

static int
color_rank (const KolTitle *title,
            int             color)
{
  int rank = kol_title_color_rank (title, (KolColor) color);

  return rank >= 0 ? rank : color - KOL_N_COLORS;
}

int
_kol_rg_revenue (const KolEngine  *engine,
                 const KolRevenue *revenue)
{
  const KolTitle *title = engine->title;
  int value = 0, best = G_MININT;

  switch (revenue->kind)
    {
    case KOL_REVENUE_BY_COLOR:
      {
        guint8 tiles = (guint) engine->phase < title->n_phases ? title->phases[engine->phase].tiles : 0;

        for (int i = 0; i < revenue->n; i++)
          {
            int color = revenue->keys[i];

            if (color < 0 || color >= 8 || !(tiles & (1u << color)))
              continue;
            if (color_rank (title, color) > best)
              {
                best = color_rank (title, color);
                value = revenue->values[i];
              }
          }
        return value;
      }
    case KOL_REVENUE_BY_PHASE:
      for (int i = 0; i < revenue->n; i++)
        if (revenue->keys[i] <= engine->phase && revenue->keys[i] > best)
          {
            best = revenue->keys[i];
            value = revenue->values[i];
          }
      return value;
    case KOL_REVENUE_FIXED:
    default:
      return revenue->fixed;
    }
}

/* A city blocks when every slot holds a token of another company that
 * blocks, and none is the company's own (1849 §10.4). */
static void
city_tokens (const KolEngine     *engine,
             int                  corp,
             const KolRouteRules *rules,
             int                  hex,
             const KolTileDef    *tile,
             int                  node,
             gboolean            *own,
             gboolean            *blocked)
{
  const KolNodeDef *nd = &tile->nodes[node];
  int base = kol_tile_city_slot_base (tile, nd->city_index);

  *own = FALSE;
  *blocked = TRUE;
  for (int s = 0; s < nd->slots; s++)
    {
      int slot = base + s;
      int token = (base >= 0 && slot < KOL_MAX_HEX_SLOTS) ? engine->hexes[hex].slot_token[slot] : -1;

      if (token < 0)
        *blocked = FALSE;
      else if (KOL_TOKEN_CORP (token) == corp)
        *own = TRUE;
      else if (rules->token_blocks &&
               !rules->token_blocks (engine, corp, hex, slot, token, rules->user_data))
        *blocked = FALSE;
    }
  if (*own || rules->no_blocking)
    *blocked = FALSE;
}

/**
 * kol_route_stop_info:
 * @engine: a game
 * @corp: the company running
 * @rules: its routing rules
 * @train: (nullable): the train, for the value
 * @hex: a hex
 * @node: a node of the hex's tile
 * @out: (out): the stop
 *
 * Fills @out with what (hex, node) is worth and how it may be used, the
 * rules' hooks applied. Junctions are not stops: their flags are 0.
 */
void
kol_route_stop_info (const KolEngine     *engine,
                     int                  corp,
                     const KolRouteRules *rules,
                     const KolRouteTrain *train,
                     int                  hex,
                     int                  node,
                     KolRouteStop        *out)
{
  const KolTileDef *tile = _kol_rg_tile (engine, hex, NULL);
  const KolNodeDef *nd;

  memset (out, 0, sizeof *out);
  out->hex = hex;
  out->node = node;
  if (tile == NULL || node < 0 || node >= tile->n_nodes)
    {
      out->flags = KOL_ROUTE_STOP_FORBIDDEN;
      out->forbid_reason = KOL_REASON_ROUTE_NOT_CONNECTED;
      return;
    }
  nd = &tile->nodes[node];
  out->kind = nd->kind;
  if (nd->kind == KOL_NODE_JUNCTION)
    return;

  out->flags = nd->optional ? KOL_ROUTE_STOP_OPTIONAL : KOL_ROUTE_STOP_COUNTS;
  if (nd->kind == KOL_NODE_OFFBOARD)
    out->flags |= KOL_ROUTE_STOP_END_ONLY;
  if (nd->kind == KOL_NODE_CITY)
    {
      gboolean own, blocked;

      city_tokens (engine, corp, rules, hex, tile, node, &own, &blocked);
      if (own)
        out->flags |= KOL_ROUTE_STOP_ANCHOR;
      if (blocked)
        out->flags |= KOL_ROUTE_STOP_END_ONLY | KOL_ROUTE_STOP_BLOCKED;
    }
  if (rules->stop_flags)
    rules->stop_flags (engine, corp, out, rules->user_data);
  if (train == NULL)
    return;
  out->value = _kol_rg_revenue (engine, &nd->revenue);
  if (rules->stop_value)
    rules->stop_value (engine, corp, train, out, rules->user_data);
}

/* ---- chain walking ---------------------------------------------------------- */

typedef struct
{
  const KolEngine *engine;
  guint8         networks;
  int            start_hex, start_node;
  GArray        *paths;      /* KolRoutePath */
  GArray        *terminal;   /* guint8 */
  GArray        *keys;       /* int */
  guint8        *keyset;     /* bitmap over KOL_RG_N_KEYS */
  guint16       *path_used;  /* per hex: bitmask of paths in the walk */
  guint16       *junction_used;
  KolRgWalkFunc  func;
  gpointer       data;
  gboolean       stop;
} WalkState;

static void walk_path (WalkState *st,
                       int        hex,
                       int        p,
                       int        entered,
                       guint8     net,
                       int        borders);

static void
emit (WalkState *st,
      int        hex,
      int        node,
      guint8     net,
      int        borders)
{
  KolRgWalk walk = { 0 };
  const guint8 *term = (const guint8 *) st->terminal->data;
  int n = (int) st->paths->len;

  walk.start_hex = st->start_hex;
  walk.start_node = st->start_node;
  walk.end_hex = hex;
  walk.end_node = node;
  walk.n_paths = n;
  walk.paths = (KolRoutePath *) st->paths->data;
  walk.n_keys = (int) st->keys->len;
  walk.keys = (int *) st->keys->data;
  walk.borders = borders;
  walk.net = net;
  walk.term_start = term[0];
  walk.term_end = term[n - 1];
  for (int i = 1; i < n - 1; i++)
    walk.term_mid |= term[i];
  if (!st->func (&walk, st->data))
    st->stop = TRUE;
}

/* Continue from the end of path @p on @hex that was not entered. */
static void
walk_on (WalkState        *st,
         int               hex,
         const KolTileDef *tile,
         int               rot,
         int               p,
         int               entered,
         guint8            net,
         int               borders)
{
  const KolPathDef *path = &tile->paths[p];
  guint8 end = _kol_rg_path_end (path, rot, 1 - entered);

  if (KOL_PATH_IS_NODE (end))
    {
      int node = KOL_PATH_NODE_INDEX (end);

      if (node >= tile->n_nodes)
        return;
      if (tile->nodes[node].kind != KOL_NODE_JUNCTION)
        {
          if (hex != st->start_hex || node != st->start_node)
            emit (st, hex, node, net, borders);
          return;
        }
      if (st->junction_used[hex] & (1u << node))
        return;
      st->junction_used[hex] |= (guint16) (1u << node);
      for (int q = 0; q < tile->n_paths && !st->stop; q++)
        for (int which = 0; which < 2; which++)
          if (q != p && _kol_rg_path_end (&tile->paths[q], rot, which) == end)
            walk_path (st, hex, q, which, net, borders);
      st->junction_used[hex] &= (guint16) ~(1u << node);
      return;
    }

  {
    int nh = _kol_rg_neighbor (st->engine, hex, end);
    int nrot = 0;
    const KolTileDef *ntile;
    guint8 lane[2], ne = (guint8) kol_hex_invert (end);
    guint8 pnet = _kol_rg_path_networks (st->engine->title, path);

    if (nh < 0 || (ntile = _kol_rg_tile (st->engine, nh, &nrot)) == NULL)
      return;
    _kol_rg_path_lane (path, 1 - entered, lane);
    for (int q = 0; q < ntile->n_paths && !st->stop; q++)
      for (int which = 0; which < 2; which++)
        {
          const KolPathDef *qp = &ntile->paths[q];
          guint8 qlane[2];

          if (_kol_rg_path_end (qp, nrot, which) != ne)
            continue;
          if (!(_kol_rg_path_networks (st->engine->title, qp) & pnet))
            continue;
          _kol_rg_path_lane (qp, which, qlane);
          if (!_kol_rg_lane_match (lane, qlane))
            continue;
          walk_path (st, nh, q, which, net, borders + 1);
        }
  }
}

static void
walk_path (WalkState *st,
           int        hex,
           int        p,
           int        entered,
           guint8     net,
           int        borders)
{
  int rot = 0;
  const KolTileDef *tile = _kol_rg_tile (st->engine, hex, &rot);
  const KolPathDef *path = &tile->paths[p];
  int keys[KOL_RG_MAX_PATH_KEYS], n_keys;
  KolRoutePath ref = { (gint16) hex, (guint8) p };
  guint8 term = path->terminal != 0;

  if (st->stop || (st->path_used[hex] & (1u << p)))
    return;
  net &= _kol_rg_path_networks (st->engine->title, path);
  if (!(net & st->networks))
    return;  /* unusable track, or a gauge change away from a node */
  if (term && (_kol_rg_end_is_junction (tile, path->a) || _kol_rg_end_is_junction (tile, path->b)))
    return;
  n_keys = _kol_rg_path_keys (st->engine, hex, p, keys);
  for (int i = 0; i < n_keys; i++)
    if (st->keyset[keys[i] >> 3] & (1u << (keys[i] & 7)))
      return;

  st->path_used[hex] |= (guint16) (1u << p);
  for (int i = 0; i < n_keys; i++)
    st->keyset[keys[i] >> 3] |= (guint8) (1u << (keys[i] & 7));
  g_array_append_val (st->paths, ref);
  g_array_append_val (st->terminal, term);
  g_array_append_vals (st->keys, keys, (guint) n_keys);

  walk_on (st, hex, tile, rot, p, entered, net, borders);

  g_array_set_size (st->keys, st->keys->len - (guint) n_keys);
  g_array_set_size (st->terminal, st->terminal->len - 1);
  g_array_set_size (st->paths, st->paths->len - 1);
  for (int i = 0; i < n_keys; i++)
    st->keyset[keys[i] >> 3] &= (guint8) ~(1u << (keys[i] & 7));
  st->path_used[hex] &= (guint16) ~(1u << p);
}

void
_kol_rg_walk_chains (const KolEngine *engine,
                     int              hex,
                     int              node,
                     guint8           networks,
                     KolRgWalkFunc    func,
                     gpointer         data)
{
  int rot = 0;
  const KolTileDef *tile = _kol_rg_tile (engine, hex, &rot);
  WalkState st = { 0 };
  guint8 end = (guint8) (KOL_PATH_NODE + node);

  if (tile == NULL || node >= tile->n_nodes || tile->nodes[node].kind == KOL_NODE_JUNCTION)
    return;
  st.engine = engine;
  st.networks = networks;
  st.start_hex = hex;
  st.start_node = node;
  st.paths = g_array_new (FALSE, FALSE, sizeof (KolRoutePath));
  st.terminal = g_array_new (FALSE, FALSE, sizeof (guint8));
  st.keys = g_array_new (FALSE, FALSE, sizeof (int));
  st.keyset = g_new0 (guint8, KOL_RG_N_KEYS / 8 + 1);
  st.path_used = g_new0 (guint16, engine->title->n_hexes);
  st.junction_used = g_new0 (guint16, engine->title->n_hexes);
  st.func = func;
  st.data = data;

  for (int p = 0; p < tile->n_paths && !st.stop; p++)
    for (int which = 0; which < 2; which++)
      if (_kol_rg_path_end (&tile->paths[p], rot, which) == end &&
          _kol_rg_path_end (&tile->paths[p], rot, 1 - which) != end)
        walk_path (&st, hex, p, which, 0xff, 0);

  g_array_unref (st.paths);
  g_array_unref (st.terminal);
  g_array_unref (st.keys);
  g_free (st.keyset);
  g_free (st.path_used);
  g_free (st.junction_used);
}

/* ---- compiling the network ------------------------------------------------ */

typedef struct
{
  int      u, v;            /* temporary vertex ids */
  guint32  path_off;
  guint32  n_paths;
  guint32  key_off;
  guint32  n_keys;
  int      borders;
  guint8   net;
  guint8   term_u, term_v;
} RawChain;

typedef struct
{
  const KolEngine       *engine;
  int                  corp;
  const KolRouteRules *rules;
  guint8               networks;
  int                 *node_vertex;   /* hex * KOL_MAX_NODES + node → temp id, -1 */
  guint16             *node_flags;    /* flags + 1 (0 = not computed) */
  GArray              *verts;         /* KolRgVertex (temp order) */
  GArray              *queue;         /* int temp ids */
  GArray              *raw;           /* RawChain */
  GArray              *paths;         /* KolRoutePath */
  GArray              *keys;          /* int */
  int                  from;          /* temp id of the vertex being walked */
} Compiler;

static guint16
node_flags (Compiler *cc,
            int       hex,
            int       node)
{
  int i = hex * KOL_MAX_NODES + node;

  if (cc->node_flags[i] == 0)
    {
      KolRouteStop stop;

      kol_route_stop_info (cc->engine, cc->corp, cc->rules, NULL, hex, node, &stop);
      cc->node_flags[i] = (guint16) (stop.flags + 1);
    }
  return (guint16) (cc->node_flags[i] - 1);
}

static int
vertex_for (Compiler *cc,
            int       hex,
            int       node)
{
  int i = hex * KOL_MAX_NODES + node;
  guint16 flags;

  if (cc->node_vertex[i] >= 0)
    return cc->node_vertex[i];
  flags = node_flags (cc, hex, node);
  if (flags & KOL_ROUTE_STOP_FORBIDDEN)
    return -1;
  {
    KolRgVertex v = { 0 };
    const KolTileDef *tile = _kol_rg_tile (cc->engine, hex, NULL);
    int id = (int) cc->verts->len;

    v.hex = (gint16) hex;
    v.node = (guint8) node;
    v.kind = tile->nodes[node].kind;
    v.flags = flags;
    g_array_append_val (cc->verts, v);
    cc->node_vertex[i] = id;
    if (!(flags & KOL_ROUTE_STOP_END_ONLY) || (flags & KOL_ROUTE_STOP_ANCHOR))
      g_array_append_val (cc->queue, id);
    return id;
  }
}

static gboolean
on_walk (const KolRgWalk *walk,
         gpointer         data)
{
  Compiler *cc = data;
  RawChain rc = { 0 };
  int v;

  if (walk->term_mid)
    return TRUE;
  v = vertex_for (cc, walk->end_hex, walk->end_node);
  if (v < 0)
    return TRUE;
  rc.u = cc->from;
  rc.v = v;
  rc.path_off = cc->paths->len;
  rc.n_paths = (guint32) walk->n_paths;
  rc.key_off = cc->keys->len;
  rc.n_keys = (guint32) walk->n_keys;
  rc.borders = walk->borders;
  rc.net = walk->net;
  rc.term_u = (guint8) walk->term_start;
  rc.term_v = (guint8) walk->term_end;
  g_array_append_vals (cc->paths, walk->paths, (guint) walk->n_paths);
  g_array_append_vals (cc->keys, walk->keys, (guint) walk->n_keys);
  g_array_append_val (cc->raw, rc);
  return TRUE;
}

static void
discover (Compiler *cc)
{
  const KolEngine *engine = cc->engine;

  for (guint hex = 0; hex < engine->title->n_hexes; hex++)
    {
      const KolTileDef *tile = _kol_rg_tile (engine, (int) hex, NULL);

      for (int n = 0; tile && n < tile->n_nodes; n++)
        if (tile->nodes[n].kind != KOL_NODE_JUNCTION &&
            (node_flags (cc, (int) hex, n) & (KOL_ROUTE_STOP_ANCHOR | KOL_ROUTE_STOP_FORBIDDEN)) ==
            KOL_ROUTE_STOP_ANCHOR)
          vertex_for (cc, (int) hex, n);
    }
  for (guint qi = 0; qi < cc->queue->len; qi++)
    {
      KolRgVertex *v;

      cc->from = g_array_index (cc->queue, int, qi);
      v = &g_array_index (cc->verts, KolRgVertex, cc->from);
      _kol_rg_walk_chains (engine, v->hex, v->node, cc->networks, on_walk, cc);
    }
}

typedef struct
{
  Compiler *cc;
  int      *perm;  /* temp id → final index */
} SortCtx;

static int
cmp_vertex (gconstpointer a,
            gconstpointer b,
            gpointer      data)
{
  const KolRgVertex *verts = data;
  const KolRgVertex *x = &verts[*(const int *) a], *y = &verts[*(const int *) b];

  if (x->hex != y->hex)
    return x->hex < y->hex ? -1 : 1;
  return (int) x->node - (int) y->node;
}

/* Chains in a canonical orientation (a ≤ b) and order, for determinism and
 * to drop the copy of each chain found from its other end. */
typedef struct
{
  int      a, b;
  gboolean flip;       /* paths stored from b to a in the raw pool */
  int      raw;
} OrientedChain;

static int
path_cmp (const KolRoutePath *x,
          const KolRoutePath *y)
{
  if (x->hex != y->hex)
    return x->hex < y->hex ? -1 : 1;
  return (int) x->path - (int) y->path;
}

static const KolRoutePath *
oriented_path (const Compiler      *cc,
               const OrientedChain *oc,
               guint                i)
{
  const RawChain *rc = &g_array_index (cc->raw, RawChain, oc->raw);
  guint k = oc->flip ? rc->n_paths - 1 - i : i;

  return &g_array_index (cc->paths, KolRoutePath, rc->path_off + k);
}

static int
cmp_chain (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  const Compiler *cc = data;
  const OrientedChain *x = a, *y = b;
  const RawChain *rx = &g_array_index (cc->raw, RawChain, x->raw);
  const RawChain *ry = &g_array_index (cc->raw, RawChain, y->raw);

  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  if (x->b != y->b)
    return x->b < y->b ? -1 : 1;
  if (rx->n_paths != ry->n_paths)
    return rx->n_paths < ry->n_paths ? -1 : 1;
  for (guint i = 0; i < rx->n_paths; i++)
    {
      int c = path_cmp (oriented_path (cc, x, i), oriented_path (cc, y, i));
      if (c)
        return c;
    }
  return 0;
}

static void
build_vertices (Compiler      *cc,
                KolRouteGraph *graph,
                int           *perm)
{
  int n = (int) cc->verts->len;
  int *order = g_new (int, MAX (n, 1));
  GHashTable *groups = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (int i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (int), cmp_vertex, cc->verts->data);
  graph->nv = n;
  graph->v = g_new0 (KolRgVertex, MAX (n, 1));
  for (int i = 0; i < n; i++)
    {
      KolRgVertex *v = &graph->v[i];
      const KolTileDef *tile;
      int group;

      *v = g_array_index (cc->verts, KolRgVertex, order[i]);
      perm[order[i]] = i;
      tile = _kol_rg_tile (cc->engine, v->hex, NULL);
      group = tile->nodes[v->node].group;
      if (group >= 0)
        {
          gpointer found = g_hash_table_lookup (groups, GINT_TO_POINTER (group + 1));

          if (found)
            {
              v->loc = (guint16) (GPOINTER_TO_INT (found) - 1);
              continue;
            }
          g_hash_table_insert (groups, GINT_TO_POINTER (group + 1),
                               GINT_TO_POINTER (graph->nloc + 1));
        }
      v->loc = (guint16) graph->nloc++;
    }
  graph->LW = MAX (1, (graph->nloc + 63) / 64);
  g_hash_table_unref (groups);
  g_free (order);
}

static GArray *
orient_chains (Compiler  *cc,
               const int *perm)
{
  GArray *oc = g_array_new (FALSE, FALSE, sizeof (OrientedChain));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (OrientedChain));

  for (guint i = 0; i < cc->raw->len; i++)
    {
      const RawChain *rc = &g_array_index (cc->raw, RawChain, i);
      OrientedChain c = { perm[rc->u], perm[rc->v], FALSE, (int) i };

      if (c.a == c.b)
        continue;
      if (c.a > c.b)
        {
          int t = c.a;
          c.a = c.b;
          c.b = t;
          c.flip = TRUE;
        }
      g_array_append_val (oc, c);
    }
  g_array_sort_with_data (oc, cmp_chain, cc);
  for (guint i = 0; i < oc->len; i++)
    if (i == 0 || cmp_chain (&g_array_index (oc, OrientedChain, i - 1),
                             &g_array_index (oc, OrientedChain, i), cc) != 0)
      g_array_append_val (out, g_array_index (oc, OrientedChain, i));
  g_array_unref (oc);
  return out;
}

static void
build_chains (Compiler      *cc,
              KolRouteGraph *graph,
              GArray        *oc)
{
  guint total = 0;

  graph->nc = (int) oc->len;
  graph->c = g_new0 (KolRgChain, MAX (graph->nc, 1));
  for (guint i = 0; i < oc->len; i++)
    total += g_array_index (cc->raw, RawChain, g_array_index (oc, OrientedChain, i).raw).n_paths;
  graph->paths = g_new (KolRoutePath, MAX (total, 1));
  total = 0;
  for (int i = 0; i < graph->nc; i++)
    {
      const OrientedChain *o = &g_array_index (oc, OrientedChain, i);
      const RawChain *rc = &g_array_index (cc->raw, RawChain, o->raw);
      KolRgChain *c = &graph->c[i];

      c->a = (guint16) o->a;
      c->b = (guint16) o->b;
      c->net = rc->net;
      c->borders = (guint16) rc->borders;
      c->term = (guint8) (((o->flip ? rc->term_v : rc->term_u) ? KOL_RG_TERM_A : 0) |
                          ((o->flip ? rc->term_u : rc->term_v) ? KOL_RG_TERM_B : 0));
      c->path_off = total;
      c->n_paths = (guint16) rc->n_paths;
      for (guint k = 0; k < rc->n_paths; k++)
        graph->paths[total++] = *oriented_path (cc, o, k);
    }
}

typedef struct
{
  int key;
  int chain;
} KeyUse;

static int
cmp_key_use (gconstpointer a,
             gconstpointer b)
{
  const KeyUse *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->chain < y->chain ? -1 : x->chain > y->chain;
}

/* One resource bit per distinct set of chains sharing a key. */
static void
build_resources (Compiler      *cc,
                 KolRouteGraph *graph,
                 GArray        *oc)
{
  GArray *uses = g_array_new (FALSE, FALSE, sizeof (KeyUse));
  GHashTable *sets = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                            (GDestroyNotify) g_bytes_unref, NULL);
  GArray *bit_of_use = g_array_new (FALSE, FALSE, sizeof (int));
  int nbits = 0;

  for (int i = 0; i < graph->nc; i++)
    {
      const RawChain *rc = &g_array_index (cc->raw, RawChain,
                                           g_array_index (oc, OrientedChain, i).raw);
      for (guint k = 0; k < rc->n_keys; k++)
        {
          KeyUse u = { g_array_index (cc->keys, int, rc->key_off + k), i };
          g_array_append_val (uses, u);
        }
    }
  g_array_sort (uses, cmp_key_use);
  g_array_set_size (bit_of_use, uses->len);
  for (guint i = 0; i < uses->len;)
    {
      guint j = i;
      GArray *set = g_array_new (FALSE, FALSE, sizeof (int));
      GBytes *bytes;
      gpointer found;
      int bit;

      while (j < uses->len && g_array_index (uses, KeyUse, j).key == g_array_index (uses, KeyUse, i).key)
        {
          g_array_append_val (set, g_array_index (uses, KeyUse, j).chain);
          j++;
        }
      bytes = g_bytes_new (set->data, set->len * sizeof (int));
      found = g_hash_table_lookup (sets, bytes);
      if (found)
        {
          bit = GPOINTER_TO_INT (found) - 1;
          g_bytes_unref (bytes);
        }
      else
        {
          bit = nbits++;
          g_hash_table_insert (sets, bytes, GINT_TO_POINTER (bit + 1));
        }
      for (guint k = i; k < j; k++)
        g_array_index (bit_of_use, int, k) = bit;
      g_array_unref (set);
      i = j;
    }

  graph->W = MAX (1, (nbits + 63) / 64);
  graph->res = g_new0 (guint64, (gsize) MAX (graph->nc, 1) * (gsize) graph->W);
  for (guint i = 0; i < uses->len; i++)
    {
      int bit = g_array_index (bit_of_use, int, i);
      int c = g_array_index (uses, KeyUse, i).chain;

      graph->res[(gsize) c * (gsize) graph->W + (gsize) (bit >> 6)] |= G_GUINT64_CONSTANT (1) << (bit & 63);
    }
  graph->stats_bits = (guint) nbits;
  g_array_unref (bit_of_use);
  g_hash_table_unref (sets);
  g_array_unref (uses);
}

/* Which chains share track: the conflict sets the search keeps the blocked
 * chains with (a word-wise OR per chain taken). */
static void
build_conflicts (KolRouteGraph *graph)
{
  int nc = graph->nc, W = graph->W;

  graph->CW = MAX (1, (nc + 63) / 64);
  graph->conflict = g_new0 (guint64, (gsize) MAX (nc, 1) * (gsize) graph->CW);
  for (int a = 0; a < nc; a++)
    for (int b = a; b < nc; b++)
      if (!_kol_rg_disjoint (graph->res + (gsize) a * (gsize) W, graph->res + (gsize) b * (gsize) W, W) ||
          a == b)
        {
          graph->conflict[(gsize) a * (gsize) graph->CW + (gsize) (b >> 6)] |= G_GUINT64_CONSTANT (1) << (b & 63);
          graph->conflict[(gsize) b * (gsize) graph->CW + (gsize) (a >> 6)] |= G_GUINT64_CONSTANT (1) << (a & 63);
        }
}

/* Parallel chains (same two ends) and the vertices of each location, for
 * the search's vertex bitsets. */
static void
build_groups (KolRouteGraph *graph)
{
  graph->pair_lo = g_new (guint32, MAX (graph->nc, 1));
  graph->pair_hi = g_new (guint32, MAX (graph->nc, 1));
  for (int i = 0; i < graph->nc;)
    {
      int j = i;

      while (j < graph->nc && graph->c[j].a == graph->c[i].a && graph->c[j].b == graph->c[i].b)
        j++;
      for (int k = i; k < j; k++)
        {
          graph->pair_lo[k] = (guint32) i;
          graph->pair_hi[k] = (guint32) j;
        }
      i = j;
    }
  graph->VW = MAX (1, (graph->nv + 63) / 64);
  graph->loc_head = g_new (gint32, MAX (graph->nloc, 1));
  graph->loc_next = g_new (gint32, MAX (graph->nv, 1));
  for (int l = 0; l < graph->nloc; l++)
    graph->loc_head[l] = -1;
  for (int v = graph->nv - 1; v >= 0; v--)
    {
      graph->loc_next[v] = graph->loc_head[graph->v[v].loc];
      graph->loc_head[graph->v[v].loc] = v;
    }
}

static void
build_adjacency (KolRouteGraph *graph)
{
  guint32 *fill;

  graph->adj_off = g_new0 (guint32, (gsize) graph->nv + 1);
  for (int i = 0; i < graph->nc; i++)
    {
      graph->adj_off[graph->c[i].a + 1]++;
      graph->adj_off[graph->c[i].b + 1]++;
    }
  for (int v = 0; v < graph->nv; v++)
    graph->adj_off[v + 1] += graph->adj_off[v];
  graph->adj = g_new (KolRgAdj, MAX (graph->adj_off[graph->nv], 1));
  fill = g_memdup2 (graph->adj_off, sizeof (guint32) * (gsize) graph->nv);
  for (int i = 0; i < graph->nc; i++)
    {
      const KolRgChain *c = &graph->c[i];
      KolRgAdj a = { (guint32) i, c->b, 1 }, b = { (guint32) i, c->a, 0 };

      graph->adj[fill[c->a]++] = a;
      graph->adj[fill[c->b]++] = b;
    }
  g_free (fill);
}

KolRouteGraph *
_kol_route_graph_new (const KolEngine     *engine,
                      int                  corp,
                      const KolRouteRules *rules,
                      guint8               networks)
{
  KolRouteGraph *graph = g_new0 (KolRouteGraph, 1);
  Compiler cc = { 0 };
  gsize n_nodes = (gsize) engine->title->n_hexes * KOL_MAX_NODES;
  int *perm;
  GArray *oc;

  cc.engine = engine;
  cc.corp = corp;
  cc.rules = rules;
  cc.networks = networks;
  cc.node_vertex = g_new (int, MAX (n_nodes, 1));
  memset (cc.node_vertex, 0xff, sizeof (int) * n_nodes);
  cc.node_flags = g_new0 (guint16, MAX (n_nodes, 1));
  cc.verts = g_array_new (FALSE, FALSE, sizeof (KolRgVertex));
  cc.queue = g_array_new (FALSE, FALSE, sizeof (int));
  cc.raw = g_array_new (FALSE, FALSE, sizeof (RawChain));
  cc.paths = g_array_new (FALSE, FALSE, sizeof (KolRoutePath));
  cc.keys = g_array_new (FALSE, FALSE, sizeof (int));

  graph->engine = engine;
  graph->corp = corp;
  graph->rules = rules;
  discover (&cc);
  perm = g_new (int, MAX (cc.verts->len, 1));
  build_vertices (&cc, graph, perm);
  oc = orient_chains (&cc, perm);
  build_chains (&cc, graph, oc);
  build_resources (&cc, graph, oc);
  build_conflicts (graph);
  build_groups (graph);
  build_adjacency (graph);

  g_array_unref (oc);
  g_free (perm);
  g_free (cc.node_vertex);
  g_free (cc.node_flags);
  g_array_unref (cc.verts);
  g_array_unref (cc.queue);
  g_array_unref (cc.raw);
  g_array_unref (cc.paths);
  g_array_unref (cc.keys);
  return graph;
}

void
_kol_route_graph_free (KolRouteGraph *graph)
{
  if (graph == NULL)
    return;
  g_free (graph->v);
  g_free (graph->c);
  g_free (graph->paths);
  g_free (graph->res);
  g_free (graph->conflict);
  g_free (graph->pair_lo);
  g_free (graph->pair_hi);
  g_free (graph->loc_head);
  g_free (graph->loc_next);
  g_free (graph->adj_off);
  g_free (graph->adj);
  g_free (graph);
}
