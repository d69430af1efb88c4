/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-private.h"

#include <string.h>

/*
 * The single-train search of the route optimiser (see kol-engine-route.c for
 * the whole design).
 *
 * Every route containing an anchor is written uniquely as (s, A, B): s is
 * its anchor of smallest index, A and B are the two "arms" leaving s (B may
 * be empty), and no arm visits an anchor ordered before s. For each anchor a
 * depth-first search enumerates the arms, evaluating each one as a route of
 * its own (s at one end); then arms are joined in pairs (s in the middle).
 * Each arm is bounded (ext_bound): a bound holds for every route containing
 * the arm in either role, so an arm below the threshold goes with all its
 * extensions and the search stays exhaustive.
 */

/* Short local names. */
typedef KolRgScore    Score;
typedef KolRgTrain    TrainView;
typedef KolRgCand     Cand;
typedef KolRgCandList CandList;
#define SCORE_M       KOL_RG_SCORE_M
#define SCORE_NONE    KOL_RG_SCORE_NONE
#define score_of      _kol_rg_score
#define seq_reversed  _kol_rg_seq_reversed
#define words_disjoint _kol_rg_disjoint

/* ---- a train's view of the network ------------------------------------------ */


int
_kol_rg_bonus_value (const KolRouteRules *rules,
                     guint32              mask)
{
  int sum = 0;

  for (int i = 0; mask && i < rules->n_bonuses && i < KOL_ROUTE_MAX_BONUSES; i++)
    if (mask & (1u << i))
      sum += rules->bonus_value[i];
  return sum;
}

typedef struct
{
  const TrainView *T;
  const KolRouteGraph *G;
} OrderCtx;

static int
cmp_adj (gconstpointer a,
         gconstpointer b,
         gpointer      data)
{
  const OrderCtx *ctx = data;
  const KolRgAdj *x = &ctx->G->adj[*(const guint32 *) a];
  const KolRgAdj *y = &ctx->G->adj[*(const guint32 *) b];
  int vx = ctx->T->rv[x->other], vy = ctx->T->rv[y->other];

  if (vx != vy)
    return vx > vy ? -1 : 1;
  return x->chain < y->chain ? -1 : x->chain > y->chain;
}

void
_kol_rg_train_init (KolRgTrain          *T,
                    const KolRouteGraph *G,
                    const KolRouteTrain *train)
{
  int mult = train->multiplier > 0 ? train->multiplier : 1;
  OrderCtx ctx = { T, G };

  memset (T, 0, sizeof *T);
  T->train = *train;
  T->unlimited = train->distance < 0;
  T->budget = T->unlimited ? G_MAXINT / 4 : train->distance;
  T->rv = g_new0 (int, MAX (G->nv, 1));
  T->bonus = g_new0 (guint32, MAX (G->nv, 1));
  T->cost = g_new (int, MAX (G->nc, 1));
  for (int v = 0; v < G->nv; v++)
    {
      KolRouteStop stop;

      kol_route_stop_info (G->engine, G->corp, G->rules, train, G->v[v].hex, G->v[v].node, &stop);
      T->rv[v] = MAX (stop.value, 0) * mult;
      T->bonus[v] = stop.bonus;
      T->total_rv += T->rv[v];
      T->all_bonus |= stop.bonus;
    }
  for (int c = 0; c < G->nc; c++)
    {
      int cost;

      if (_kol_rg_cost_network (G->c[c].net, train, &cost))
        T->cost[c] = cost * G->c[c].borders;
      else
        T->cost[c] = -1;
    }
  T->order = g_new (guint32, MAX (G->adj_off[G->nv], 1));
  for (guint32 i = 0; i < G->adj_off[G->nv]; i++)
    T->order[i] = i;
  for (int v = 0; v < G->nv; v++)
    g_qsort_with_data (T->order + G->adj_off[v], (gint) (G->adj_off[v + 1] - G->adj_off[v]),
                       sizeof (guint32), cmp_adj, &ctx);
}

void
_kol_rg_train_clear (KolRgTrain *T)
{
  g_free (T->rv);
  g_free (T->bonus);
  g_free (T->cost);
  g_free (T->order);
}

/* ---- route records ------------------------------------------------------------ */

/*
 * A route is kept as an interleaved sequence v0, c1, v1, …, ck, vk of vertex
 * and chain indices (2k + 1 entries). Vertex indices follow (hex, node)
 * order, so comparing sequences compares node sequences, then chains.
 */
static int
seq_cmp_oriented (const guint32 *a,
                  int            len,
                  gboolean       rev_a,
                  const guint32 *b,
                  gboolean       rev_b)
{
  for (int i = 0; i < len; i++)
    {
      guint32 x = rev_a ? a[len - 1 - i] : a[i];
      guint32 y = rev_b ? b[len - 1 - i] : b[i];

      if (x != y)
        return x < y ? -1 : 1;
    }
  return 0;
}

/* Is the reversed reading of @a its canonical (smaller) one? */
gboolean
_kol_rg_seq_reversed (const guint32 *a,
                      int            len)
{
  return seq_cmp_oriented (a, len, FALSE, a, TRUE) > 0;
}

static int
seq_cmp (const guint32 *a,
         int            len_a,
         const guint32 *b,
         int            len_b)
{
  if (len_a != len_b)
    return len_a < len_b ? -1 : 1;
  return seq_cmp_oriented (a, len_a, seq_reversed (a, len_a), b, seq_reversed (b, len_b));
}


/* ---- the single-train search ------------------------------------------------ */

typedef struct
{
  int     v;
  int     pe;         /* tree edge id into v, −1 at the root */
  guint32 it;         /* next adjacency index; adj_off[v+1] is the virtual edge */
  int     eidx;       /* estack height before v's tree edge */
} Frame;

typedef struct
{
  gint32  parent;      /* arm index, −1 when the chain leaves s */
  guint32 chain;
  guint16 end;
  guint16 nchains;
  gint32  value;       /* Σ rv of the arm's vertices (s excluded) */
  guint32 bonus;
  gint32  rev;         /* value + bonuses s does not already pay */
  gint32  dist;
  guint16 ncount;
  guint16 nopt;
} Arm;

typedef struct
{
  int      end;
  gint32   arm;
  gint32   value;
  guint32  bonus;
  gint32   dist;
  int      nchains;
  int      ncount, nopt;
  gboolean closed;     /* the first chain is terminal at s: s must be an end */
  gboolean stopped;    /* the end cannot be passed */
} ArmState;

typedef struct
{
  guint32  order;      /* index into G->adj */
  Score    ub;
  ArmState st;
} Child;

typedef struct
{
  const KolRouteGraph *G;
  const TrainView     *T;
  const KolRouteRules *rules;
  KolRouteStats       *stats;
  const gint          *cancel;
  gboolean             cancelled;
  guint                tick;

  gboolean             collect;
  gboolean             exact_ties;
  Score                threshold;

  gboolean             have_best;
  Score                best_score;
  int                  best_rev, best_dist, best_len;
  guint32             *best_seq;
  guint32             *tmp_seq;
  guint64             *tmp_res;
  guint32             *greedy_seq;

  GArray              *cands;        /* Cand */
  GArray              *cand_seq;     /* guint32 */
  GArray              *cand_res;     /* guint64 */

  const guint64       *used0;        /* track other trains hold, or NULL */
  int                  s;
  gboolean             pairs;
  guint64             *vis;          /* LW */
  guint64             *used;         /* W: the current route's chains */
  guint32             *stack;        /* s, c1, v1, … of the current arm */
  int                  depth;
  Child               *kids;         /* extensions waiting, per depth */
  int                  n_kids;

  GArray              *arms;
  GArray              *arm_vis;
  GArray              *arm_res;

  guint32              gen;
  /* chains sharing track with the current route or with used0: a stack
   * (one level per chain taken) of chain sets, CW words each */
  guint64             *blocked;
  guint64             *blocked0;
  guint64             *blk_stack;
  guint32             *blk_chain;    /* the chain taken at each level */
  int                  blk_top;

  /* Vertex bitsets (VW words) for the bounds of unlimited trains, kept up
   * to date as chains are taken and released (see "Unlimited trains"
   * below): per vertex, its neighbours over free chains the train may use
   * (rows_all), and those not terminal at the vertex (rows_pass); the
   * vertices of visited locations; the anchors before s; the END_ONLY
   * vertices. */
  gboolean             fast;
  guint64             *rows_all;
  guint64             *rows_pass;
  guint64             *vloc;
  guint64             *vanchor;
  guint64             *vend;
  guint64             *vtmp;         /* 6 × VW scratch */
  guint64             *chg;          /* CW scratch */
  gpointer             bitframes;
  int                 *vstk;
  gint64              *branch;
  guint64             *nbleft;
  guint32             *mark;
  int                 *dist;
  int                 *queue;
  guint8              *inq;
  int                 *reached;
  int                 *values;

  /* block-cut tree scratch */
  guint32             *disc_gen;
  int                 *disc, *low;
  Frame               *frames;
  int                 *estack;       /* pairs of vertices */
  int                  n_estack;
  int                  n_blocks;
  int                 *block_off;
  int                 *bverts;
  int                  n_bverts;
  guint32              bstamp;
  guint32             *vstamp;
  guint32             *vb_gen;
  int                 *vb_head;
  int                 *vb_block, *vb_next;
  int                  n_vb;
  int                 *bparent, *border;
  gint64              *bweight, *bdown;
} Search;

static inline gboolean
loc_visited (const Search *S,
             int           v)
{
  int loc = S->G->v[v].loc;

  return (S->vis[loc >> 6] >> (loc & 63)) & 1;
}

static inline void
bit_put (guint64 *set,
         int      i,
         gboolean on)
{
  if (on)
    set[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
  else
    set[i >> 6] &= ~(G_GUINT64_CONSTANT (1) << (i & 63));
}

static inline gboolean
bit_get (const guint64 *set,
         int            i)
{
  return (set[i >> 6] >> (i & 63)) & 1;
}

static inline void
loc_set (Search  *S,
         int      v,
         gboolean on)
{
  int loc = S->G->v[v].loc;

  bit_put (S->vis, loc, on);
  if (S->fast)
    for (int u = S->G->loc_head[loc]; u >= 0; u = S->G->loc_next[u])
      bit_put (S->vloc, u, on);
}

/* vloc from vis, from scratch. */
static void
vloc_reset (Search *S)
{
  const KolRouteGraph *G = S->G;

  if (!S->fast)
    return;
  memset (S->vloc, 0, sizeof (guint64) * (gsize) G->VW);
  for (int v = 0; v < G->nv; v++)
    if (bit_get (S->vis, G->v[v].loc))
      bit_put (S->vloc, v, TRUE);
}

static inline const guint64 *
chain_res (const KolRouteGraph *G,
           guint32              c)
{
  return G->res + (gsize) c * (gsize) G->W;
}

/* Is chain @c free of the track the route (and other trains) use? */
static inline gboolean
res_free (const Search *S,
          guint32       c)
{
  return !((S->blocked[c >> 6] >> (c & 63)) & 1);
}

/* The rows of the two vertices of chain @k, after a change of the chains
 * between them. */
static void
rows_update_pair (Search  *S,
                  guint32  k)
{
  const KolRouteGraph *G = S->G;
  int a = G->c[k].a, b = G->c[k].b, VW = G->VW;
  gboolean any = FALSE, pass_a = FALSE, pass_b = FALSE;

  for (guint32 j = G->pair_lo[k]; j < G->pair_hi[k]; j++)
    if (S->T->cost[j] >= 0 && res_free (S, j))
      {
        any = TRUE;
        pass_a |= !(G->c[j].term & KOL_RG_TERM_A);
        pass_b |= !(G->c[j].term & KOL_RG_TERM_B);
      }
  bit_put (S->rows_all + (gsize) a * (gsize) VW, b, any);
  bit_put (S->rows_all + (gsize) b * (gsize) VW, a, any);
  bit_put (S->rows_pass + (gsize) a * (gsize) VW, b, pass_a);
  bit_put (S->rows_pass + (gsize) b * (gsize) VW, a, pass_b);
}

/* The rows of the chains in @changed (CW words). */
static void
rows_update (Search        *S,
             const guint64 *changed)
{
  for (int w = 0; w < S->G->CW; w++)
    for (guint64 bits = changed[w]; bits; bits &= bits - 1)
      rows_update_pair (S, (guint32) (w * 64 + __builtin_ctzll (bits)));
}

static void
rows_reset (Search *S)
{
  const KolRouteGraph *G = S->G;

  if (!S->fast)
    return;
  memset (S->rows_all, 0, sizeof (guint64) * (gsize) G->nv * (gsize) G->VW);
  memset (S->rows_pass, 0, sizeof (guint64) * (gsize) G->nv * (gsize) G->VW);
  for (int k = 0; k < G->nc; k++)
    if (S->T->cost[k] >= 0 && res_free (S, (guint32) k))
      {
        int a = G->c[k].a, b = G->c[k].b, VW = G->VW;

        bit_put (S->rows_all + (gsize) a * (gsize) VW, b, TRUE);
        bit_put (S->rows_all + (gsize) b * (gsize) VW, a, TRUE);
        if (!(G->c[k].term & KOL_RG_TERM_A))
          bit_put (S->rows_pass + (gsize) a * (gsize) VW, b, TRUE);
        if (!(G->c[k].term & KOL_RG_TERM_B))
          bit_put (S->rows_pass + (gsize) b * (gsize) VW, a, TRUE);
      }
}

/* Takes chain @c's track: every chain sharing it is blocked. */
static inline void
block_push (Search  *S,
            guint32  c)
{
  int CW = S->G->CW;
  const guint64 *conf = S->G->conflict + (gsize) c * (gsize) CW;
  guint64 *saved = S->blk_stack + (gsize) S->blk_top * (gsize) CW;
  guint64 *changed = S->chg;

  S->blk_chain[S->blk_top++] = c;
  for (int w = 0; w < CW; w++)
    {
      saved[w] = S->blocked[w];
      changed[w] = conf[w] & ~S->blocked[w];
      S->blocked[w] |= conf[w];
    }
  if (S->fast)
    rows_update (S, changed);
}

static inline void
block_pop (Search *S)
{
  int CW = S->G->CW;
  guint32 c;
  const guint64 *conf;
  guint64 *changed = S->chg;

  c = S->blk_chain[--S->blk_top];
  conf = S->G->conflict + (gsize) c * (gsize) CW;
  memcpy (S->blocked, S->blk_stack + (gsize) S->blk_top * (gsize) CW, sizeof (guint64) * (gsize) CW);
  for (int w = 0; w < CW; w++)
    changed[w] = conf[w] & ~S->blocked[w];
  if (S->fast)
    rows_update (S, changed);
}

/* The blocked chains for the track set @used (plus used0), from scratch. */
static void
block_reset (Search        *S,
             const guint64 *used)
{
  const KolRouteGraph *G = S->G;

  memcpy (S->blocked, S->blocked0, sizeof (guint64) * (gsize) G->CW);
  for (int c = 0; used && c < G->nc; c++)
    if (!_kol_rg_disjoint (chain_res (G, (guint32) c), used, G->W))
      S->blocked[c >> 6] |= G_GUINT64_CONSTANT (1) << (c & 63);
  rows_reset (S);
}

static inline gboolean
excluded (const Search *S,
          int           v)
{
  return loc_visited (S, v) || ((S->G->v[v].flags & KOL_ROUTE_STOP_ANCHOR) && v < S->s);
}

static gboolean
stops_ok (const KolRouteRules *rules,
          int                  ncount,
          int                  nopt)
{
  int min = rules->min_stops > 0 ? rules->min_stops : 2;

  if (rules->optional_rule == KOL_ROUTE_OPTIONAL_NEED_MORE)
    return ncount + nopt >= min + (nopt > 0 ? 1 : 0);
  return ncount >= min;
}

static inline int
counts (const KolRgVertex *v)
{
  return (v->flags & KOL_ROUTE_STOP_COUNTS) != 0;
}

static inline int
optional (const KolRgVertex *v)
{
  return (v->flags & KOL_ROUTE_STOP_OPTIONAL) != 0;
}

static gboolean
check_cancel (Search *S)
{
  if (S->cancel && (++S->tick & 1023) == 0 && g_atomic_int_get (S->cancel))
    S->cancelled = TRUE;
  return S->cancelled;
}

/* Accepts a finished, valid route. */
static void
offer (Search        *S,
       Score          score,
       int            revenue,
       int            dist,
       const guint32 *seq,
       int            len,
       const guint64 *res)
{
  if (S->collect)
    {
      Cand c;

      if (score < S->threshold)
        return;
      c.score = score;
      c.revenue = revenue;
      c.dist = dist;
      c.seq_off = S->cand_seq->len;
      c.len = len;
      c.res_off = S->cand_res->len;
      g_array_append_vals (S->cand_seq, seq, (guint) len);
      g_array_append_vals (S->cand_res, res, (guint) S->G->W);
      g_array_append_val (S->cands, c);
      return;
    }
  if (score < S->threshold)
    return;
  if (S->have_best && (score < S->best_score ||
                       (score == S->best_score &&
                        (!S->exact_ties || seq_cmp (seq, len, S->best_seq, S->best_len) >= 0))))
    return;
  S->have_best = TRUE;
  S->best_score = score;
  /* without exact ties only a better score is worth looking for */
  S->threshold = S->exact_ties ? score : score + 1;
  S->best_rev = revenue;
  S->best_dist = dist;
  S->best_len = len;
  memcpy (S->best_seq, seq, sizeof (guint32) * (gsize) len);
}

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
  int cost = S->T->cost[a->chain];

  return cost >= 0 && cost <= rem && in_core (S, a->other) && res_free (S, a->chain);
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

static inline gint64
ceil_div (gint64 a,
          gint64 m)
{
  return a >= 0 ? (a + m - 1) / m : -((-a) / m);
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
          int y = a->other, cost = T->cost[a->chain], nd;

          if (cost < 0 || (G->c[a->chain].term & (a->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)))
            continue;
          nd = T->unlimited ? 0 : S->dist[u] + cost;
          if (nd > rem || excluded (S, y) || !res_free (S, a->chain))
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

          if (cost < 0 || cost > rem || !res_free (S, a->chain))
            continue;
          if (cost == 0 && S->mark[z] == S->gen && (z > y || open_end))
            r->zero_chains++;
          if (flagged || !end_only || z == first ||
              (G->c[a->chain].term & (a->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)) ||
              (excluded (S, z) && !open_end))
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

typedef struct
{
  int v;
  int parent;         /* −1 at the root */
  int via_virtual;    /* reached over the virtual edge */
  int next;           /* next neighbour bit to look at; VW·64: the virtual edge */
} BitFrame;

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
    bit_put (open, st->end, TRUE);
  if (ext_s)
    bit_put (open, S->s, TRUE);
  memcpy (seen, open, sizeof (guint64) * (gsize) VW);
  memcpy (front, open, sizeof (guint64) * (gsize) VW);
  memset (reach, 0, sizeof (guint64) * (gsize) VW);
  /* a neighbour may be gone to unless visited or an anchor before s */
  for (int i = 0; i < VW; i++)
    okn[i] = ~(S->vloc[i] | S->vanchor[i]);
  for (int u; (u = next_bit (front, VW, 0)) >= 0;)
    {
      const guint64 *row = S->rows_pass + (gsize) u * (gsize) VW;

      bit_put (front, u, FALSE);
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
      if (bit_get (S->vend, y))
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
static gint64
ext_bound (Search         *S,
           const ArmState *st,
           gboolean        ext_x,
           gboolean        ext_s,
           gint64          need,
           guint32        *ext_bonus)
{
  const TrainView *T = S->T;
  int rem = T->budget - st->dist, k = (ext_x ? 1 : 0) + (ext_s ? 1 : 0), n_reached;
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
static Score
arm_bound (Search         *S,
           const ArmState *st,
           Score           single)
{
  const TrainView *T = S->T;
  gboolean ext_x = !st->stopped;
  gboolean ext_s = S->pairs && !st->closed;
  gint64 cur = T->rv[S->s] + st->value;
  guint32 cb = T->bonus[S->s] | st->bonus, eb;
  gint64 ext, need;
  Score ub;

  if (!ext_x && !ext_s)
    return single;
  ub = MAX (single, score_of (T->total_rv + _kol_rg_bonus_value (S->rules, cb | T->all_bonus),
                              st->nchains + 1));
  if (ub < S->threshold)
    return ub;
  /* the extension value below which the arm is pruned whatever the bonus */
  need = S->threshold == SCORE_NONE ? G_MININT64
         : ceil_div (S->threshold + st->nchains + 1, SCORE_M) - cur -
           _kol_rg_bonus_value (S->rules, cb | T->all_bonus);
  ext = ext_bound (S, st, ext_x, ext_s, need, &eb);
  return MAX (single, score_of (cur + ext + _kol_rg_bonus_value (S->rules, cb | eb), st->nchains + 1));
}

static int  extend (Search *S, const ArmState *st);


static gint32
store_arm (Search         *S,
           const ArmState *st,
           gint32          parent,
           guint32         chain)
{
  const TrainView *T = S->T;
  Arm arm;
  int loc = S->G->v[S->s].loc;
  guint n;

  arm.parent = parent;
  arm.chain = chain;
  arm.end = (guint16) st->end;
  arm.nchains = (guint16) st->nchains;
  arm.value = st->value;
  arm.bonus = st->bonus;
  arm.rev = st->value + _kol_rg_bonus_value (S->rules, st->bonus & ~T->bonus[S->s]);
  arm.dist = st->dist;
  arm.ncount = (guint16) st->ncount;
  arm.nopt = (guint16) st->nopt;
  g_array_append_val (S->arms, arm);
  n = S->arm_vis->len;
  g_array_append_vals (S->arm_vis, S->vis, (guint) S->G->LW);
  g_array_index (S->arm_vis, guint64, n + (guint) (loc >> 6)) &= ~(G_GUINT64_CONSTANT (1) << (loc & 63));
  g_array_append_vals (S->arm_res, S->used, (guint) S->G->W);
  S->stats->arms++;
  return (gint32) (S->arms->len - 1);
}

/*
 * A quick incumbent: at each leaf of the arm search, a second arm from s is
 * walked greedily (best next stop, preferring stops that lead on) and the
 * resulting routes are offered. Routes with s in the middle are otherwise
 * only met in the join, after all arms of s; a good incumbent early lets the
 * bounds cut the arm search. It changes no result, only the speed.
 */
static void
greedy_partner (Search         *S,
                const ArmState *a)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  const KolRgVertex *vs = &G->v[S->s];
  int cur = S->s, n = 0, dist = a->dist, ncount = counts (vs) + a->ncount, nopt = optional (vs) + a->nopt;
  gint64 value = T->rv[S->s] + a->value;
  guint32 bonus = T->bonus[S->s] | a->bonus;
  guint32 *bseq = S->greedy_seq;
  gboolean stop = FALSE;

  while (!stop)
    {
      int best = -1, best_key = G_MININT;
      guint32 best_i = 0;

      for (guint32 i = G->adj_off[cur]; i < G->adj_off[cur + 1]; i++)
        {
          const KolRgAdj *e = &G->adj[T->order[i]];
          const KolRgChain *c = &G->c[e->chain];
          int y = e->other, cost = T->cost[e->chain], key;

          if (cost < 0 || dist + cost > T->budget || excluded (S, y) ||
              (c->term & (e->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)) || !res_free (S, e->chain))
            continue;
          key = 4 * T->rv[y];
          if (!(G->v[y].flags & KOL_ROUTE_STOP_END_ONLY) && !(c->term & (e->at_a ? KOL_RG_TERM_B : KOL_RG_TERM_A)))
            key += 40;
          if (key > best_key)
            {
              best_key = key;
              best = y;
              best_i = T->order[i];
            }
        }
      if (best < 0)
        break;
      {
        const KolRgAdj *e = &G->adj[best_i];
        const KolRgChain *c = &G->c[e->chain];
        const guint64 *r = chain_res (G, e->chain);

        stop = (G->v[best].flags & KOL_ROUTE_STOP_END_ONLY) || (c->term & (e->at_a ? KOL_RG_TERM_B : KOL_RG_TERM_A));
        for (int w = 0; w < G->W; w++)
          S->used[w] |= r[w];
        block_push (S, e->chain);
        loc_set (S, best, TRUE);
        bseq[2 * n] = e->chain;
        bseq[2 * n + 1] = (guint32) best;
        n++;
        dist += T->cost[e->chain];
        value += T->rv[best];
        bonus |= T->bonus[best];
        ncount += counts (&G->v[best]);
        nopt += optional (&G->v[best]);
        cur = best;
      }
      if (stops_ok (S->rules, ncount, nopt))
        {
          gint64 rev = value + _kol_rg_bonus_value (S->rules, bonus);
          Score score = score_of (rev, a->nchains + n);

          if (score >= S->threshold)
            {
              int len = 2 * S->depth + 1;

              /* rev(A) + s + B */
              for (int i = 0; i < len; i++)
                S->tmp_seq[i] = S->stack[len - 1 - i];
              memcpy (S->tmp_seq + len, bseq, sizeof (guint32) * (gsize) (2 * n));
              offer (S, score, (int) rev, dist, S->tmp_seq, len + 2 * n, S->used);
            }
        }
    }
  /* undo the walk */
  for (int k = n - 1; k >= 0; k--)
    {
      const guint64 *r = chain_res (G, bseq[2 * k]);

      loc_set (S, (int) bseq[2 * k + 1], FALSE);
      for (int w = 0; w < G->W; w++)
        S->used[w] &= ~r[w];
      block_pop (S);
    }
}

static inline void
mark_chain (Search  *S,
            guint32  chain,
            int      y,
            gboolean on)
{
  const guint64 *r = chain_res (S->G, chain);

  for (int w = 0; w < S->G->W; w++)
    {
      if (on)
        S->used[w] |= r[w];
      else
        S->used[w] &= ~r[w];
    }
  if (on)
    block_push (S, chain);
  else
    block_pop (S);
  loc_set (S, y, on);
}

static int
cmp_child (gconstpointer a,
           gconstpointer b)
{
  const Child *x = a, *y = b;

  if (x->ub != y->ub)
    return x->ub > y->ub ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * Extends the arm by every chain. Each extension is first evaluated as a
 * route and bounded; the survivors are then searched in falling order of
 * their bounds, so that good routes turn up early and raise the threshold
 * for the rest. Returns how many extensions were searched.
 */
static int
extend (Search         *S,
        const ArmState *st)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  const KolRgVertex *vs = &G->v[S->s];
  int x = st->end, n_kids = 0, n_visited = 0;
  gboolean root = st->nchains == 0;
  Child *kids = S->kids + S->n_kids;

  if (st->stopped)
    return 0;
  for (guint32 i = G->adj_off[x]; i < G->adj_off[x + 1]; i++)
    {
      const KolRgAdj *a = &G->adj[T->order[i]];
      const KolRgChain *c = &G->c[a->chain];
      guint8 term_x = a->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B;
      guint8 term_y = a->at_a ? KOL_RG_TERM_B : KOL_RG_TERM_A;
      int y = a->other, cost = T->cost[a->chain];
      const KolRgVertex *vy = &G->v[y];
      ArmState ns;
      gint64 rev;
      Score single, ub;

      if (check_cancel (S))
        return n_visited;
      S->stats->extensions++;
      if (cost < 0 || st->dist + cost > T->budget || excluded (S, y))
        continue;
      if ((c->term & term_x) && !root)
        continue;
      if (!res_free (S, a->chain))
        continue;

      ns = *st;
      ns.end = y;
      ns.value += T->rv[y];
      ns.bonus |= T->bonus[y];
      ns.dist += cost;
      ns.nchains++;
      ns.ncount += counts (vy);
      ns.nopt += optional (vy);
      if (root)
        ns.closed = (c->term & term_x) != 0;
      ns.stopped = (vy->flags & KOL_ROUTE_STOP_END_ONLY) || (c->term & term_y);

      mark_chain (S, a->chain, y, TRUE);
      S->stack[2 * S->depth + 1] = a->chain;
      S->stack[2 * S->depth + 2] = (guint32) y;
      S->depth++;
      rev = T->rv[S->s] + ns.value + _kol_rg_bonus_value (S->rules, T->bonus[S->s] | ns.bonus);
      single = score_of (rev, ns.nchains);
      if (stops_ok (S->rules, counts (vs) + ns.ncount, optional (vs) + ns.nopt))
        offer (S, single, (int) rev, ns.dist, S->stack, 2 * S->depth + 1, S->used);
      ub = arm_bound (S, &ns, single);
      S->depth--;
      mark_chain (S, a->chain, y, FALSE);
      if (ub < S->threshold)
        {
          S->stats->pruned++;
          continue;
        }
      kids[n_kids].order = T->order[i];
      kids[n_kids].ub = ub;
      kids[n_kids].st = ns;
      n_kids++;
    }

  qsort (kids, (size_t) n_kids, sizeof (Child), cmp_child);
  S->n_kids += n_kids;
  for (int k = 0; k < n_kids && !S->cancelled; k++)
    {
      Child *kid = &kids[k];
      const KolRgAdj *a = &G->adj[kid->order];

      if (kid->ub < S->threshold)
        {
          S->stats->pruned++;
          continue;
        }
      n_visited++;
      mark_chain (S, a->chain, a->other, TRUE);
      S->stack[2 * S->depth + 1] = a->chain;
      S->stack[2 * S->depth + 2] = (guint32) a->other;
      S->depth++;
      kid->st.arm = -1;
      if (S->pairs && !kid->st.closed)
        kid->st.arm = store_arm (S, &kid->st, st->arm, a->chain);
      if (extend (S, &kid->st) == 0 && S->pairs && !kid->st.closed && !S->collect)
        greedy_partner (S, &kid->st);
      S->depth--;
      mark_chain (S, a->chain, a->other, FALSE);
    }
  S->n_kids -= n_kids;
  return n_visited;
}

/* Writes the route rev(A) + s + B into S->tmp_seq; returns its length.
 * Following an arm's parents reads it from its end back to s. */
static int
pair_seq (Search *S,
          gint32  a,
          gint32  b)
{
  const Arm *arms = (const Arm *) S->arms->data;
  int na = arms[a].nchains, nb = arms[b].nchains;
  guint32 *seq = S->tmp_seq;
  int i = 0;

  for (gint32 x = a; x >= 0; x = arms[x].parent)
    {
      seq[i++] = arms[x].end;
      seq[i++] = arms[x].chain;
    }
  seq[i] = (guint32) S->s;
  i = 2 * (na + nb);
  for (gint32 x = b; x >= 0; x = arms[x].parent)
    {
      seq[i--] = arms[x].end;
      seq[i--] = arms[x].chain;
    }
  return 2 * (na + nb) + 1;
}

typedef struct
{
  const Arm *arms;
} ArmSortCtx;

static int
cmp_arm_rev (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  const Arm *arms = data;
  gint32 x = *(const gint32 *) a, y = *(const gint32 *) b;

  if (arms[x].rev != arms[y].rev)
    return arms[x].rev > arms[y].rev ? -1 : 1;
  return x < y ? -1 : x > y;
}

static void
try_pair (Search *S,
          gint32  ia,
          gint32  ib)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  const Arm *A = &g_array_index (S->arms, Arm, ia), *B = &g_array_index (S->arms, Arm, ib);
  const KolRgVertex *vs = &G->v[S->s];
  gint64 rev;
  Score score;
  int len;
  guint64 *res;

  if (A->dist + B->dist > T->budget)
    return;
  if (!words_disjoint (&g_array_index (S->arm_res, guint64, (gsize) ia * (gsize) G->W),
                       &g_array_index (S->arm_res, guint64, (gsize) ib * (gsize) G->W), G->W))
    return;
  if (!words_disjoint (&g_array_index (S->arm_vis, guint64, (gsize) ia * (gsize) G->LW),
                       &g_array_index (S->arm_vis, guint64, (gsize) ib * (gsize) G->LW), G->LW))
    return;
  if (!stops_ok (S->rules, counts (vs) + A->ncount + B->ncount, optional (vs) + A->nopt + B->nopt))
    return;
  rev = T->rv[S->s] + A->value + B->value +
        _kol_rg_bonus_value (S->rules, T->bonus[S->s] | A->bonus | B->bonus);
  score = score_of (rev, A->nchains + B->nchains);
  if (score < S->threshold)
    return;
  len = pair_seq (S, ia, ib);
  res = S->tmp_res;
  for (int w = 0; w < G->W; w++)
    res[w] = g_array_index (S->arm_res, guint64, (gsize) ia * (gsize) G->W + (gsize) w) |
             g_array_index (S->arm_res, guint64, (gsize) ib * (gsize) G->W + (gsize) w);
  offer (S, score, (int) rev, A->dist + B->dist, S->tmp_seq, len, res);
}

/* The most a second arm from s can add next to arm @ia (its rev). Called
 * when the arm search of s is over (only s visited, no track used): the
 * arm's chains are taken, one by one as the search took them, and given
 * back. */
static gint64
partner_bound (Search *S,
               gint32  ia,
               gint64  need)
{
  const Arm *arms = (const Arm *) S->arms->data;
  ArmState st = { 0 };
  guint32 eb, *path = S->tmp_seq;
  gint64 ext;
  int n = 0;

  for (gint32 x = ia; x >= 0; x = arms[x].parent)
    {
      path[2 * n] = arms[x].chain;
      path[2 * n + 1] = arms[x].end;
      n++;
    }
  for (int i = n - 1; i >= 0; i--)
    mark_chain (S, path[2 * i], (int) path[2 * i + 1], TRUE);
  st.end = arms[ia].end;
  st.dist = arms[ia].dist;
  st.stopped = TRUE;
  ext = ext_bound (S, &st, FALSE, TRUE, need, &eb);
  for (int i = 0; i < n; i++)
    mark_chain (S, path[2 * i], (int) path[2 * i + 1], FALSE);
  return ext + _kol_rg_bonus_value (S->rules, eb & ~S->T->bonus[S->s]);
}

/*
 * Routes with s in the middle: pairs of arms, scanned by falling value. For
 * each arm A, a bound on what a compatible partner can be worth (from s in
 * the network minus A) skips A or starts its scan at the first partner that
 * could be compatible.
 */
static void
join (Search *S)
{
  const KolRouteGraph *G = S->G;
  const TrainView *T = S->T;
  int n = (int) S->arms->len, LW = G->LW, W = G->W, stride = G->LW + G->W;
  gint32 *order;
  gint32 *revs;
  guint64 *packed;
  gint64 base = T->rv[S->s] + _kol_rg_bonus_value (S->rules, T->bonus[S->s]);
  int all_bonus = _kol_rg_bonus_value (S->rules, T->all_bonus);

  if (n < 2)
    return;
  order = g_new (gint32, n);
  revs = g_new (gint32, n);
  packed = g_new (guint64, (gsize) n * (gsize) stride);
  for (int i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (gint32), cmp_arm_rev, S->arms->data);
  for (int i = 0; i < n; i++)
    {
      revs[i] = g_array_index (S->arms, Arm, order[i]).rev;
      memcpy (packed + (gsize) i * (gsize) stride,
              &g_array_index (S->arm_vis, guint64, (gsize) order[i] * (gsize) LW), sizeof (guint64) * (gsize) LW);
      memcpy (packed + (gsize) i * (gsize) stride + LW,
              &g_array_index (S->arm_res, guint64, (gsize) order[i] * (gsize) W), sizeof (guint64) * (gsize) W);
    }
  for (int i = 0; i + 1 < n && !check_cancel (S); i++)
    {
      const guint64 *pa = packed + (gsize) i * (gsize) stride;
      gint64 pub, need;
      int lo = i + 1, hi = n;

      if (score_of (base + revs[i] + revs[i + 1], 2) < S->threshold)
        break;
      need = S->threshold == SCORE_NONE ? G_MININT64
             : ceil_div (S->threshold + 2, SCORE_M) - base - revs[i] - all_bonus;
      pub = partner_bound (S, order[i], need);
      if (score_of (base + revs[i] + MIN (pub, revs[i + 1]), 2) < S->threshold)
        continue;
      /* the first partner whose value a compatible arm could have */
      while (lo < hi)
        {
          int mid = (lo + hi) / 2;

          if (revs[mid] > pub)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (int j = lo; j < n; j++)
        {
          const guint64 *pb = packed + (gsize) j * (gsize) stride;

          if (score_of (base + revs[i] + revs[j], 2) < S->threshold)
            break;
          S->stats->pairs++;
          if (!words_disjoint (pa, pb, LW) || !words_disjoint (pa + LW, pb + LW, W))
            continue;
          try_pair (S, order[i], order[j]);
        }
    }
  g_free (order);
  g_free (revs);
  g_free (packed);
}

static void
search_anchor (Search *S,
               int     s)
{
  const KolRouteGraph *G = S->G;
  ArmState root = { 0 };

  S->s = s;
  S->pairs = !S->rules->anchor_is_end && !(G->v[s].flags & KOL_ROUTE_STOP_END_ONLY);
  g_array_set_size (S->arms, 0);
  g_array_set_size (S->arm_vis, 0);
  g_array_set_size (S->arm_res, 0);
  memset (S->vis, 0, sizeof (guint64) * (gsize) G->LW);
  memset (S->used, 0, sizeof (guint64) * (gsize) G->W);
  block_reset (S, NULL);
  S->blk_top = 0;
  vloc_reset (S);
  if (S->fast)
    {
      memset (S->vanchor, 0, sizeof (guint64) * (gsize) G->VW);
      for (int v = 0; v < s; v++)
        if (G->v[v].flags & KOL_ROUTE_STOP_ANCHOR)
          bit_put (S->vanchor, v, TRUE);
    }
  loc_set (S, s, TRUE);
  S->stack[0] = (guint32) s;
  S->depth = 0;
  root.end = s;
  root.arm = -1;
  extend (S, &root);
  if (S->pairs && !S->cancelled)
    join (S);
}

static void
search_init (Search              *S,
             const KolRouteGraph *G,
             const TrainView     *T,
             const KolRouteRules *rules,
             KolRouteStats       *stats,
             const gint          *cancel)
{
  memset (S, 0, sizeof *S);
  S->G = G;
  S->T = T;
  S->rules = rules;
  S->stats = stats;
  S->cancel = cancel;
  S->threshold = SCORE_NONE;
  S->best_seq = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->tmp_seq = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->tmp_res = g_new (guint64, G->W);
  S->greedy_seq = g_new (guint32, 2 * (gsize) G->nv + 2);
  S->kids = g_new (Child, (gsize) G->adj_off[G->nv] + 1);
  S->stack = g_new (guint32, 2 * (gsize) G->nv + 1);
  S->vis = g_new0 (guint64, G->LW);
  S->used = g_new0 (guint64, G->W);
  S->arms = g_array_new (FALSE, FALSE, sizeof (Arm));
  S->arm_vis = g_array_new (FALSE, FALSE, sizeof (guint64));
  S->arm_res = g_array_new (FALSE, FALSE, sizeof (guint64));
  S->mark = g_new0 (guint32, MAX (G->nv, 1));
  S->blocked = g_new0 (guint64, G->CW);
  S->blocked0 = g_new0 (guint64, G->CW);
  S->blk_stack = g_new0 (guint64, (gsize) (2 * G->nv + 4) * (gsize) G->CW);
  S->blk_chain = g_new0 (guint32, (gsize) (2 * G->nv + 4));
  S->chg = g_new0 (guint64, G->CW);
  S->fast = T->unlimited;
  if (S->fast)
    {
      gsize VW = (gsize) G->VW;

      S->rows_all = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      S->rows_pass = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      S->vloc = g_new0 (guint64, VW);
      S->vanchor = g_new0 (guint64, VW);
      S->vend = g_new0 (guint64, VW);
      S->vtmp = g_new0 (guint64, 6 * VW);
      S->bitframes = g_new0 (BitFrame, (gsize) G->nv + 1);
      S->vstk = g_new0 (int, (gsize) G->nv + 1);
      S->branch = g_new0 (gint64, (gsize) G->nv + 1);
      S->nbleft = g_new0 (guint64, (gsize) MAX (G->nv, 1) * VW);
      for (int v = 0; v < G->nv; v++)
        if (G->v[v].flags & KOL_ROUTE_STOP_END_ONLY)
          bit_put (S->vend, v, TRUE);
    }
  S->dist = g_new0 (int, MAX (G->nv, 1));
  S->queue = g_new0 (int, (gsize) G->nv + 1);
  S->inq = g_new0 (guint8, MAX (G->nv, 1));
  S->reached = g_new0 (int, MAX (G->nv, 1));
  S->values = g_new0 (int, MAX (G->nv, 1));
  {
    gsize nv = (gsize) MAX (G->nv, 1), ne = (gsize) G->nc + 2;

    S->disc_gen = g_new0 (guint32, nv);
    S->disc = g_new0 (int, nv);
    S->low = g_new0 (int, nv);
    S->frames = g_new0 (Frame, nv);
    S->estack = g_new0 (int, 2 * ne);
    S->block_off = g_new0 (int, ne + 1);
    S->bverts = g_new0 (int, 2 * ne);
    S->vstamp = g_new0 (guint32, nv);
    S->vb_gen = g_new0 (guint32, nv);
    S->vb_head = g_new0 (int, nv);
    S->vb_block = g_new0 (int, 2 * ne);
    S->vb_next = g_new0 (int, 2 * ne);
    S->bparent = g_new0 (int, ne);
    S->border = g_new0 (int, ne);
    S->bweight = g_new0 (gint64, ne);
    S->bdown = g_new0 (gint64, ne);
  }
  S->cands = g_array_new (FALSE, FALSE, sizeof (Cand));
  S->cand_seq = g_array_new (FALSE, FALSE, sizeof (guint32));
  S->cand_res = g_array_new (FALSE, FALSE, sizeof (guint64));
}

static void
search_clear (Search *S)
{
  g_free (S->best_seq);
  g_free (S->tmp_seq);
  g_free (S->tmp_res);
  g_free (S->greedy_seq);
  g_free (S->kids);
  g_free (S->stack);
  g_free (S->vis);
  g_free (S->used);
  g_array_unref (S->arms);
  g_array_unref (S->arm_vis);
  g_array_unref (S->arm_res);
  g_free (S->mark);
  g_free (S->blocked);
  g_free (S->blocked0);
  g_free (S->blk_stack);
  g_free (S->blk_chain);
  g_free (S->chg);
  g_free (S->rows_all);
  g_free (S->rows_pass);
  g_free (S->vloc);
  g_free (S->vanchor);
  g_free (S->vend);
  g_free (S->vtmp);
  g_free (S->bitframes);
  g_free (S->vstk);
  g_free (S->branch);
  g_free (S->nbleft);
  g_free (S->dist);
  g_free (S->queue);
  g_free (S->inq);
  g_free (S->reached);
  g_free (S->values);
  g_free (S->disc_gen);
  g_free (S->disc);
  g_free (S->low);
  g_free (S->frames);
  g_free (S->estack);
  g_free (S->block_off);
  g_free (S->bverts);
  g_free (S->vstamp);
  g_free (S->vb_gen);
  g_free (S->vb_head);
  g_free (S->vb_block);
  g_free (S->vb_next);
  g_free (S->bparent);
  g_free (S->border);
  g_free (S->bweight);
  g_free (S->bdown);
  g_array_unref (S->cands);
  g_array_unref (S->cand_seq);
  g_array_unref (S->cand_res);
}

static void
search_run (Search *S)
{
  for (int s = 0; s < S->G->nv && !S->cancelled; s++)
    if (S->G->v[s].flags & KOL_ROUTE_STOP_ANCHOR)
      search_anchor (S, s);
}

/* ---- candidate lists (several trains) ---------------------------------------- */


typedef struct
{
  const guint64 *res;
  const guint32 *seq;
  const Cand    *cands;
  int            W;
} CandSortCtx;

static int
cmp_cand_res (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const CandSortCtx *ctx = data;
  const Cand *x = &ctx->cands[*(const int *) a], *y = &ctx->cands[*(const int *) b];
  int c = memcmp (ctx->res + x->res_off, ctx->res + y->res_off, sizeof (guint64) * (gsize) ctx->W);

  if (c)
    return c;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return seq_cmp (ctx->seq + x->seq_off, x->len, ctx->seq + y->seq_off, y->len);
}

static int
cmp_cand_rank (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const CandSortCtx *ctx = data;
  const Cand *x = &ctx->cands[*(const int *) a], *y = &ctx->cands[*(const int *) b];

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return seq_cmp (ctx->seq + x->seq_off, x->len, ctx->seq + y->seq_off, y->len);
}

/* Keeps the best route per track set (two routes on the same track are
 * interchangeable for the other trains), sorted best first. */
static void
cand_list_build (CandList     *L,
                 const Search *S,
                 int           W)
{
  int n = (int) S->cands->len, kept = 0;
  int *idx = g_new (int, MAX (n, 1));
  CandSortCtx ctx = { (const guint64 *) S->cand_res->data, (const guint32 *) S->cand_seq->data,
                      (const Cand *) S->cands->data, W };
  guint32 seq_len = 0;

  for (int i = 0; i < n; i++)
    idx[i] = i;
  g_qsort_with_data (idx, n, sizeof (int), cmp_cand_res, &ctx);
  for (int i = 0; i < n; i++)
    if (i == 0 || memcmp (ctx.res + ctx.cands[idx[i]].res_off, ctx.res + ctx.cands[idx[kept - 1]].res_off,
                          sizeof (guint64) * (gsize) W) != 0)
      idx[kept++] = idx[i];
  g_qsort_with_data (idx, kept, sizeof (int), cmp_cand_rank, &ctx);

  L->n = kept;
  L->cands = g_new (Cand, MAX (kept, 1));
  L->res = g_new (guint64, (gsize) MAX (kept, 1) * (gsize) W);
  L->union_res = g_new0 (guint64, W);
  for (int i = 0; i < kept; i++)
    seq_len += (guint32) ctx.cands[idx[i]].len;
  L->seq = g_new (guint32, MAX (seq_len, 1));
  seq_len = 0;
  for (int i = 0; i < kept; i++)
    {
      Cand c = ctx.cands[idx[i]];

      memcpy (L->seq + seq_len, ctx.seq + c.seq_off, sizeof (guint32) * (gsize) c.len);
      memcpy (L->res + (gsize) i * (gsize) W, ctx.res + c.res_off, sizeof (guint64) * (gsize) W);
      for (int w = 0; w < W; w++)
        L->union_res[w] |= ctx.res[c.res_off + (guint32) w];
      c.seq_off = seq_len;
      c.res_off = (guint32) i * (guint32) W;
      seq_len += (guint32) c.len;
      L->cands[i] = c;
    }
  g_free (idx);
}

void
_kol_rg_cand_list_clear (KolRgCandList *L)
{
  g_free (L->cands);
  g_free (L->seq);
  g_free (L->res);
  g_free (L->union_res);
}

/* ---- entry points ------------------------------------------------------------ */

/* The best route of train @T avoiding the track @used0 (may be NULL); fills
 * @out (seq allocated) and returns FALSE when the train has no valid route. */
gboolean
_kol_rg_best (const KolRouteGraph *G,
              const KolRgTrain    *T,
              KolRgRun            *run,
              const guint64       *used0,
              KolRgPicked         *out)
{
  Search S;
  gboolean found;

  search_init (&S, G, T, run->rules, run->stats, run->cancel);
  S.exact_ties = run->exact_ties;
  S.used0 = used0;
  block_reset (&S, used0);
  memcpy (S.blocked0, S.blocked, sizeof (guint64) * (gsize) G->CW);
  search_run (&S);
  run->cancelled |= S.cancelled;
  found = S.have_best;
  if (found)
    {
      out->score = S.best_score;
      out->revenue = S.best_rev;
      out->dist = S.best_dist;
      out->len = S.best_len;
      out->seq = g_memdup2 (S.best_seq, sizeof (guint32) * (gsize) S.best_len);
    }
  search_clear (&S);
  return found;
}

/* Every valid route of train @T scoring at least @theta, best first, one per
 * track set. */
void
_kol_rg_collect (const KolRouteGraph *G,
                 const KolRgTrain    *T,
                 KolRgRun            *run,
                 KolRgScore           theta,
                 KolRgCandList       *out)
{
  Search S;

  search_init (&S, G, T, run->rules, run->stats, run->cancel);
  S.collect = TRUE;
  S.threshold = theta;
  search_run (&S);
  run->cancelled |= S.cancelled;
  cand_list_build (out, &S, G->W);
  run->stats->candidates += (guint64) out->n;
  search_clear (&S);
}


/* Adds the track of route @seq to @res. */
void
_kol_rg_seq_res (const KolRouteGraph *G,
                 const guint32       *seq,
                 int                  len,
                 guint64             *res)
{
  for (int i = 1; i < len; i += 2)
    for (int w = 0; w < G->W; w++)
      res[w] |= chain_res (G, seq[i])[w];
}

