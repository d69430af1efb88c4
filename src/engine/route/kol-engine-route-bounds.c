/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The upper bounds of the single-train search (kol-engine-route-search.c):
 * what the open ends of a partial route can still collect, as the reach of
 * the open ends, the number of stops the distance left pays for and the
 * heaviest path of the block-cut tree; in the general form, which follows
 * distances chain by chain, and for unlimited trains on rows of bits. They
 * are most of the search's work and a design of their own (described
 * below), so they are read and tuned apart from the enumeration of routes
 * that calls them. */
#include "kol-engine-route-search-private.h"

#include <string.h>

/* ---- bounds -------------------------------------------------------------------- */

/*
 * What the open ends of a partial route (x, the arm's end, and s, where the
 * second arm would start) can still collect, three ways; each is an upper
 * bound, the smallest is used.
 *
 * Reach: the vertices reachable from the open ends over free chains within
 * the remaining distance, END_ONLY ones not expanded. Vertices that can only
 * end a route (END_ONLY, or fewer than two free neighbours) count at most
 * once per open end.
 *
 * Count (distance-limited trains): each new vertex takes a chain, and every
 * chain costs at least 1 except node-to-node chains inside a tile, so at most
 * (remaining distance + free zero-cost chains) vertices can be added: the
 * largest that many values.
 *
 * Blocks: in the graph of reachable vertices that can be passed (plus a
 * virtual edge x–s standing for the route so far, which joins the two
 * extensions into one simple path), a simple path never re-enters a
 * biconnected block it has left, so the blocks it visits lie on one path of
 * the block-cut tree. The bound is the heaviest such tree path through the
 * block of x–s (one open end: starting at it), plus the END_ONLY ends. On
 * tree-like tram networks this is nearly exact.
 */

static inline gboolean
in_core (const Search *S,
         int           v)
{
  return S->mark[v] == S->gen && !(S->G->v[v].flags & KOL_ROUTE_STOP_END_ONLY);
}

/* Is the adjacency entry @a of @u a usable core edge? */
static inline gboolean
core_edge (Search         *S,
           const KolRgAdj *a,
           int             rem)
{
  /* the chain's cost alone (stop-counted trains: 0), so that the graph
   * stays undirected for the block-cut tree; a looser bound is still one */
  int cost = S->T->cost[a->chain];

  return cost >= 0 && cost <= rem && in_core (S, a->other) && _kol_rg_res_free (S, a->chain);
}

static void
add_block (Search *S,
           int     from)
{
  int b = S->n_blocks++;

  S->block_off[b] = S->n_bverts;
  S->bstamp++;
  for (int i = S->n_estack - 1; i >= from; i--)
    for (int k = 0; k < 2; k++)
      {
        int v = S->estack[2 * i + k];

        if (S->vstamp[v] == S->bstamp)
          continue;
        S->vstamp[v] = S->bstamp;
        S->bverts[S->n_bverts++] = v;
        if (S->vb_gen[v] != S->gen)
          {
            S->vb_gen[v] = S->gen;
            S->vb_head[v] = -1;
          }
        S->vb_block[S->n_vb] = b;
        S->vb_next[S->n_vb] = S->vb_head[v];
        S->vb_head[v] = S->n_vb++;
      }
  S->block_off[b + 1] = S->n_bverts;
  S->n_estack = from;
}

/* Tarjan's biconnected components of the core graph reachable from @root,
 * with a virtual edge between @vx and @vs when both are ≥ 0. */
static void
blocks (Search *S,
        int     root,
        int     vx,
        int     vs,
        int     rem)
{
  const KolRouteGraph *G = S->G;
  int n_frames = 0, time = 0, virt = G->nc;

  S->n_blocks = 0;
  S->n_bverts = 0;
  S->n_vb = 0;
  S->n_estack = 0;
  S->block_off[0] = 0;
  S->disc_gen[root] = S->gen;
  S->disc[root] = S->low[root] = ++time;
  S->frames[n_frames++] = (Frame) { root, -1, G->adj_off[root], 0 };
  while (n_frames > 0)
    {
      Frame *f = &S->frames[n_frames - 1];
      int v = f->v, w, id;

      if (f->it < G->adj_off[v + 1])
        {
          const KolRgAdj *a = &G->adj[f->it++];

          if (!core_edge (S, a, rem))
            continue;
          w = a->other;
          id = (int) a->chain;
        }
      else if (f->it == G->adj_off[v + 1] && vx >= 0 && vs >= 0 && (v == vx || v == vs))
        {
          f->it++;
          w = v == vx ? vs : vx;
          id = virt;
        }
      else
        {
          int p;

          n_frames--;
          if (n_frames == 0)
            break;
          p = S->frames[n_frames - 1].v;
          S->low[p] = MIN (S->low[p], S->low[v]);
          if (S->low[v] >= S->disc[p])
            add_block (S, f->eidx);
          continue;
        }
      if (id == f->pe)
        continue;
      if (S->disc_gen[w] != S->gen)
        {
          int eidx = S->n_estack;

          S->estack[2 * S->n_estack] = v;
          S->estack[2 * S->n_estack + 1] = w;
          S->n_estack++;
          S->disc_gen[w] = S->gen;
          S->disc[w] = S->low[w] = ++time;
          S->frames[n_frames++] = (Frame) { w, id, G->adj_off[w], eidx };
        }
      else if (S->disc[w] < S->disc[v])
        {
          S->estack[2 * S->n_estack] = v;
          S->estack[2 * S->n_estack + 1] = w;
          S->n_estack++;
          S->low[v] = MIN (S->low[v], S->disc[w]);
        }
    }
}

static inline gint64
vweight (const Search *S,
         int           v,
         int           z1,
         int           z2)
{
  return (v == z1 || v == z2) ? 0 : S->T->rv[v];
}

/* The heaviest block-cut tree path: rooted at vertex @root; with @other ≥ 0
 * (the virtual edge root–other), through the block holding both. */
static gint64
block_tree_bound (Search *S,
                  int     root,
                  int     other)
{
  int n = S->n_blocks, n_order = 0, b0 = -1;
  gint64 best = 0, top[2] = { 0, 0 };

  if (n == 0 || S->vb_gen[root] != S->gen)
    return 0;
  /* order the tree from the root */
  for (int e = S->vb_head[root]; e >= 0; e = S->vb_next[e])
    {
      S->bparent[S->vb_block[e]] = root;
      S->border[n_order++] = S->vb_block[e];
    }
  for (int i = 0; i < n_order; i++)
    {
      int b = S->border[i];

      S->bweight[b] = 0;
      for (int k = S->block_off[b]; k < S->block_off[b + 1]; k++)
        {
          int c = S->bverts[k];

          S->bweight[b] += vweight (S, c, root, other);
          if (c == S->bparent[b])
            continue;
          for (int e = S->vb_head[c]; e >= 0; e = S->vb_next[e])
            if (S->vb_block[e] != b)
              {
                S->bparent[S->vb_block[e]] = c;
                S->border[n_order++] = S->vb_block[e];
              }
        }
    }
  /* down(B) = w(B) − w(parent) + the best child branch, children first */
  for (int i = n_order - 1; i >= 0; i--)
    {
      int b = S->border[i], p = S->bparent[b];
      gint64 branch = 0;

      for (int k = S->block_off[b]; k < S->block_off[b + 1]; k++)
        {
          int c = S->bverts[k];

          if (c == p)
            continue;
          for (int e = S->vb_head[c]; e >= 0; e = S->vb_next[e])
            if (S->vb_block[e] != b)
              branch = MAX (branch, S->bdown[S->vb_block[e]]);
        }
      S->bdown[b] = S->bweight[b] - vweight (S, p, root, other) + branch;
    }
  if (other < 0)
    {
      for (int e = S->vb_head[root]; e >= 0; e = S->vb_next[e])
        best = MAX (best, S->bdown[S->vb_block[e]]);
      return best;
    }
  for (int e = S->vb_head[root]; e >= 0; e = S->vb_next[e])
    {
      int b = S->vb_block[e];

      for (int k = S->block_off[b]; k < S->block_off[b + 1] && b0 < 0; k++)
        if (S->bverts[k] == other)
          b0 = b;
    }
  g_assert (b0 >= 0);
  /* through B0, leaving it by at most two distinct vertices */
  for (int k = S->block_off[b0]; k < S->block_off[b0 + 1]; k++)
    {
      int c = S->bverts[k];
      gint64 branch = 0;

      for (int e = S->vb_head[c]; e >= 0; e = S->vb_next[e])
        if (S->vb_block[e] != b0)
          branch = MAX (branch, S->bdown[S->vb_block[e]]);
      if (branch > top[0])
        {
          top[1] = top[0];
          top[0] = branch;
        }
      else if (branch > top[1])
        top[1] = branch;
    }
  return S->bweight[b0] + top[0] + top[1];
}

static int
cmp_int_desc (const void *a,
              const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;

  return x > y ? -1 : x < y;
}

/* The vertices the open ends reach over free chains within @rem, END_ONLY
 * ones not expanded (a label-correcting search: distances only matter for
 * distance-limited trains). Fills S->reached; returns how many. */
static int
reach_bfs (Search         *S,
           const ArmState *st,
           gboolean        ext_x,
           gboolean        ext_s,
           int             rem)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  int head = 0, tail = 0, n_reached = 0, qcap = G->nv + 1;
  guint32 gen = S->gen;
  int starts[2], n_starts = 0;

  if (ext_x)
    starts[n_starts++] = st->end;
  if (ext_s && st->end != S->s)
    starts[n_starts++] = S->s;
  for (int i = 0; i < n_starts; i++)
    {
      S->mark[starts[i]] = gen;
      S->dist[starts[i]] = 0;
      S->queue[tail++] = starts[i];
      S->inq[starts[i]] = 1;
    }
  while (head != tail)
    {
      int u = S->queue[head];

      head = (head + 1) % qcap;
      S->inq[u] = 0;
      for (guint32 i = G->adj_off[u]; i < G->adj_off[u + 1]; i++)
        {
          const KolRgAdj *a = &G->adj[i];
          int y = a->other, cost = _kol_rg_step_cost (T, a->chain, y), nd;

          if (cost < 0 || (G->c[a->chain].term & (a->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)))
            continue;
          nd = T->unlimited ? 0 : S->dist[u] + cost;
          if (nd > rem || _kol_rg_excluded (S, y) || !_kol_rg_res_free (S, a->chain))
            continue;
          if (S->mark[y] == gen && S->dist[y] <= nd)
            continue;
          if (S->mark[y] != gen)
            S->reached[n_reached++] = y;
          S->mark[y] = gen;
          S->dist[y] = nd;
          if (!(G->v[y].flags & KOL_ROUTE_STOP_END_ONLY) && !S->inq[y])
            {
              S->queue[tail] = y;
              tail = (tail + 1) % qcap;
              S->inq[y] = 1;
            }
        }
    }
  return n_reached;
}

typedef struct
{
  gint64 sum;          /* vertices that may be passed */
  int    top[2];       /* the best two that can only end a route (few free neighbours) */
  int    etop[2];      /* the best two END_ONLY ones */
  int    zero_chains;  /* free chains costing nothing */
} Reached;

static void
keep_top (int *top,
          int  value)
{
  if (value > top[0])
    {
      top[1] = top[0];
      top[0] = value;
    }
  else if (value > top[1])
    top[1] = value;
}

/* Sorts the reached vertices into those a route may pass and those it can
 * only end at: END_ONLY, or with fewer than two free neighbours (counting the
 * open ends). Also counts the free zero-cost chains and the bonus bits. */
static void
classify (Search         *S,
          const ArmState *st,
          gboolean        ext_x,
          gboolean        ext_s,
          int             rem,
          int             n_reached,
          Reached        *r,
          guint32        *ext_bonus)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;

  memset (r, 0, sizeof *r);
  for (int i = 0; i < n_reached; i++)
    {
      int y = S->reached[i], first = -1;
      gboolean flagged = (G->v[y].flags & KOL_ROUTE_STOP_END_ONLY) != 0, end_only = TRUE;

      *ext_bonus |= T->bonus[y];
      S->values[i] = T->rv[y];
      for (guint32 j = G->adj_off[y]; j < G->adj_off[y + 1]; j++)
        {
          const KolRgAdj *a = &G->adj[j];
          int z = a->other, cost = T->cost[a->chain];
          gboolean open_end = (ext_x && z == st->end) || (ext_s && z == S->s);

          /* stop-counted: the chain is free one way if either end is */
          if (cost >= 0)
            cost += MIN (T->vcost[y], T->vcost[z]);

          if (cost < 0 || cost > rem || !_kol_rg_res_free (S, a->chain))
            continue;
          if (cost == 0 && S->mark[z] == S->gen && (z > y || open_end))
            r->zero_chains++;
          if (flagged || !end_only || z == first ||
              (G->c[a->chain].term & (a->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)) ||
              (_kol_rg_excluded (S, z) && !open_end))
            continue;
          if (first < 0)
            first = z;
          else
            end_only = FALSE;
        }
      if (!end_only)
        r->sum += T->rv[y];
      else
        keep_top (flagged ? r->etop : r->top, T->rv[y]);
    }
}

/* ---- unlimited trains: the same bounds on vertex bitsets --------------------
 *
 * Without a distance budget, what the open ends reach is a plain graph
 * search, and every quantity above is a question about neighbours over free
 * chains. The search keeps those neighbour sets as rows of bits, changed
 * only for the chains a taken chain blocks or frees (rows_update), so that
 * a bound costs a few word operations per vertex instead of a pass over
 * every chain end. The results are the same as the general code's. */

/* Next set bit of @set (VW words) at or after @from, or −1. */
static inline int
next_bit (const guint64 *set,
          int            VW,
          int            from)
{
  int w = from >> 6;
  guint64 bits;

  if (w >= VW)
    return -1;
  bits = set[w] & (~G_GUINT64_CONSTANT (0) << (from & 63));
  while (!bits)
    {
      if (++w >= VW)
        return -1;
      bits = set[w];
    }
  return w * 64 + __builtin_ctzll (bits);
}

static inline void
keep_top64 (gint64 *top,
            gint64  value)
{
  if (value > top[0])
    {
      top[1] = top[0];
      top[0] = value;
    }
  else if (value > top[1])
    top[1] = value;
}

/*
 * blocks() and block_tree_bound() in one depth-first search over the rows
 * of the core (@core, VW words), rooted at @root, with the virtual edge
 * root–@other when @other ≥ 0. Rooted at the search's root, the block-cut
 * tree is the search's own structure: a block is complete (its vertices on
 * top of a vertex stack, Tarjan's test low ≥ disc) only after every block
 * below it, so its weight down (its vertices but the top one, plus the best
 * branch hanging below one of them) is known at once. Parallel chains are
 * one edge, which splits no block a vertex-simple path could use.
 */
static gint64
block_bound_fast (Search        *S,
                  const guint64 *core,
                  int            root,
                  int            other)
{
  const KolRouteGraph *G = S->G;
  const int *rv = S->T->rv;
  int VW = G->VW, n_frames = 0, n_stack = 0, time = 0, end = VW * 64;
  BitFrame *frames = S->bitframes;
  int *stack = S->vstk;
  gint64 *branch = S->branch;
  guint64 *left = S->nbleft;   /* per vertex: the neighbours not yet looked at */
  gint64 b0_sum = -1, b0_top[2] = { 0, 0 }, root_other = 0;

  S->disc_gen[root] = S->gen;
  S->disc[root] = S->low[root] = ++time;
  branch[root] = 0;
  for (int i = 0; i < VW; i++)
    left[(gsize) root * (gsize) VW + (gsize) i] = S->rows_all[(gsize) root * (gsize) VW + (gsize) i] & core[i];
  frames[n_frames++] = (BitFrame) { root, -1, 0, 0 };
  while (n_frames > 0)
    {
      BitFrame *f = &frames[n_frames - 1];
      int v = f->v, w = -1;
      gboolean virt = FALSE;

      if (f->next < end)
        {
          guint64 *nb = left + (gsize) v * (gsize) VW;

          w = next_bit (nb, VW, f->next);
          f->next = w < 0 ? end : w + 1;
          if (w >= 0 && w == f->parent && !f->via_virtual)
            continue;  /* the tree edge itself */
        }
      if (w < 0 && f->next == end && other >= 0 && (v == root || v == other))
        {
          f->next = end + 1;
          w = v == root ? other : root;
          virt = TRUE;
          if (f->via_virtual && w == f->parent)
            continue;
        }
      if (w < 0)
        {
          int p;

          n_frames--;
          if (n_frames == 0)
            break;
          p = frames[n_frames - 1].v;
          S->low[p] = MIN (S->low[p], S->low[v]);
          if (S->low[v] >= S->disc[p])
            {
              /* a block: p and the stack down to v */
              gint64 sum = 0, top[2] = { 0, 0 };
              gboolean has_other = FALSE;
              int c;

              do
                {
                  c = stack[--n_stack];
                  if (c != other)
                    sum += rv[c];
                  has_other |= c == other;
                  keep_top64 (top, branch[c]);
                }
              while (c != v);
              if (p == root && has_other)
                {
                  b0_sum = sum;
                  b0_top[0] = top[0];
                  b0_top[1] = top[1];
                }
              else
                {
                  branch[p] = MAX (branch[p], sum + top[0]);
                  if (p == root)
                    root_other = MAX (root_other, sum + top[0]);
                }
            }
          continue;
        }
      if (S->disc_gen[w] != S->gen)
        {
          S->disc_gen[w] = S->gen;
          S->disc[w] = S->low[w] = ++time;
          branch[w] = 0;
          for (int i = 0; i < VW; i++)
            left[(gsize) w * (gsize) VW + (gsize) i] = S->rows_all[(gsize) w * (gsize) VW + (gsize) i] & core[i];
          stack[n_stack++] = w;
          frames[n_frames++] = (BitFrame) { w, v, virt, 0 };
        }
      else if (S->disc[w] < S->disc[v])
        S->low[v] = MIN (S->low[v], S->disc[w]);
    }
  if (other < 0)
    return branch[root];
  g_assert (b0_sum >= 0);
  /* through the block of the virtual edge, leaving it by at most two of its
   * vertices (the root's other blocks hang from the root) */
  keep_top64 (b0_top, root_other);
  return b0_sum + b0_top[0] + b0_top[1];
}

/* Does @a ∩ @b (VW words) have two elements or more? */
static inline gboolean
two_or_more (const guint64 *a,
             const guint64 *b,
             int            VW)
{
  gboolean one = FALSE;

  for (int i = 0; i < VW; i++)
    {
      guint64 x = a[i] & b[i];

      if (x == 0)
        continue;
      if ((x & (x - 1)) || one)
        return TRUE;
      one = TRUE;
    }
  return FALSE;
}

/* ext_bound() for unlimited trains. */
static gint64
ext_bound_fast (Search         *S,
                const ArmState *st,
                gboolean        ext_x,
                gboolean        ext_s,
                gint64          need,
                guint32        *ext_bonus)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  int VW = G->VW, k = (ext_x ? 1 : 0) + (ext_s ? 1 : 0), n_reached = 0;
  guint64 *seen = S->vtmp, *front = S->vtmp + VW, *reach = S->vtmp + 2 * VW;
  guint64 *open = S->vtmp + 3 * VW, *okn = S->vtmp + 4 * VW;
  Reached r;
  gint64 best;

  *ext_bonus = 0;
  memset (&r, 0, sizeof r);
  memset (open, 0, sizeof (guint64) * (gsize) VW);
  if (ext_x)
    _kol_rg_bit_put (open, st->end, TRUE);
  if (ext_s)
    _kol_rg_bit_put (open, S->s, TRUE);
  memcpy (seen, open, sizeof (guint64) * (gsize) VW);
  memcpy (front, open, sizeof (guint64) * (gsize) VW);
  memset (reach, 0, sizeof (guint64) * (gsize) VW);
  /* a neighbour may be gone to unless visited or an anchor before s */
  for (int i = 0; i < VW; i++)
    okn[i] = ~(S->vloc[i] | S->vanchor[i]);
  for (int u; (u = next_bit (front, VW, 0)) >= 0;)
    {
      const guint64 *row = S->rows_pass + (gsize) u * (gsize) VW;

      _kol_rg_bit_put (front, u, FALSE);
      for (int i = 0; i < VW; i++)
        {
          guint64 nw = row[i] & okn[i] & ~seen[i];

          seen[i] |= nw;
          reach[i] |= nw;
          front[i] |= nw & ~S->vend[i];
        }
    }
  /* counted neighbours of a reached vertex: free ones, or an open end */
  for (int i = 0; i < VW; i++)
    okn[i] |= open[i];
  for (int y = next_bit (reach, VW, 0); y >= 0; y = next_bit (reach, VW, y + 1))
    {
      n_reached++;
      *ext_bonus |= T->bonus[y];
      if (_kol_rg_bit_get (S->vend, y))
        keep_top (r.etop, T->rv[y]);
      else if (two_or_more (S->rows_pass + (gsize) y * (gsize) VW, okn, VW))
        r.sum += T->rv[y];
      else
        keep_top (r.top, T->rv[y]);
    }
  {
    /* end-only vertices, flagged or not, share the k ends */
    gint64 top[2] = { r.top[0], r.top[1] };

    keep_top64 (top, r.etop[0]);
    keep_top64 (top, r.etop[1]);
    best = r.sum + top[0] + (k >= 2 ? top[1] : 0);
  }
  if (best < need || n_reached < 2)
    return best;

  S->stats->bounds++;
  S->gen++;
  {
    int vx = ext_x ? st->end : -1, vs = ext_s && vx != S->s ? S->s : -1;
    int root = vx >= 0 ? vx : S->s;
    guint64 *core = seen;

    /* the core: the open ends and what they reach, END_ONLY ones not */
    for (int i = 0; i < VW; i++)
      core[i] = (reach[i] & ~S->vend[i]) | open[i];
    /* (not inside MIN, which evaluates its arguments twice) */
    gint64 tree = block_bound_fast (S, core, root, vx >= 0 && vs >= 0 ? vs : -1) +
                  r.etop[0] + (k >= 2 ? r.etop[1] : 0);

    best = MIN (best, tree);
  }
  return best;
}

/* See above. Returns the bound on the revenue of the vertices the open ends
 * can add (stop values only) and sets *ext_bonus to the bonus bits in
 * reach. @need: the caller stops caring once the bound is below it. */
gint64
_kol_rg_ext_bound (Search         *S,
                   const ArmState *st,
                   gboolean        ext_x,
                   gboolean        ext_s,
                   gint64          need,
                   guint32        *ext_bonus)
{
  const TrainView *T = S->T;
  int rem = S->budget - st->dist, k = (ext_x ? 1 : 0) + (ext_s ? 1 : 0), n_reached;
  Reached r;
  gint64 best;

  if (S->fast)
    return ext_bound_fast (S, st, ext_x, ext_s, need, ext_bonus);
  *ext_bonus = 0;
  S->gen++;
  n_reached = reach_bfs (S, st, ext_x, ext_s, rem);
  classify (S, st, ext_x, ext_s, rem, n_reached, &r, ext_bonus);
  {
    /* end-only vertices, flagged or not, share the k ends */
    int all[4] = { r.top[0], r.top[1], r.etop[0], r.etop[1] };

    qsort (all, 4, sizeof (int), cmp_int_desc);
    best = r.sum + all[0] + (k >= 2 ? all[1] : 0);
  }
  if (!T->unlimited && n_reached > rem + r.zero_chains)
    {
      /* each new vertex takes a chain, which costs ≥ 1 unless zero-cost */
      gint64 count = 0;

      qsort (S->values, (size_t) n_reached, sizeof (int), cmp_int_desc);
      for (int i = 0; i < rem + r.zero_chains; i++)
        count += S->values[i];
      best = MIN (best, count);
    }
  if (best < need || n_reached < 2)
    return best;

  S->stats->bounds++;
  {
    int vx = ext_x ? st->end : -1, vs = ext_s && vx != S->s ? S->s : -1;
    int root = vx >= 0 ? vx : S->s;

    gint64 tree;

    blocks (S, root, vx, vs, rem);
    tree = block_tree_bound (S, root, vx >= 0 && vs >= 0 ? vs : -1) + r.etop[0] + (k >= 2 ? r.etop[1] : 0);
    best = MIN (best, tree);
  }
  return best;
}

/* The best score of any route containing the current arm (s + arm). */
Score
_kol_rg_arm_bound (Search         *S,
                   const ArmState *st,
                   Score           single)
{
  const TrainView *T = S->T;
  gboolean ext_x = !st->stopped;
  gboolean ext_s = S->pairs && !st->closed;
  gint64 cur = T->rv[S->s] + st->value;
  guint32 cb = T->bonus[S->s] | st->bonus, eb;
  gint64 ext, need;
  Score ub, whole, extended;

  if (!ext_x && !ext_s)
    return single;
  whole = score_of (T->total_rv + _kol_rg_bonus_value (S->rules, cb | T->all_bonus), st->nchains + 1);
  ub = MAX (single, whole);
  if (ub < S->threshold)
    return ub;
  /* the extension value below which the arm is pruned whatever the bonus */
  need = S->threshold == SCORE_NONE ? G_MININT64
         : _kol_rg_ceil_div (S->threshold + st->nchains + 1, SCORE_M) - cur -
           _kol_rg_bonus_value (S->rules, cb | T->all_bonus);
  ext = _kol_rg_ext_bound (S, st, ext_x, ext_s, need, &eb);
  extended = score_of (cur + ext + _kol_rg_bonus_value (S->rules, cb | eb), st->nchains + 1);
  return MAX (single, extended);
}
