/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route-search-private.h"

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
 *
 * The bounds are in kol-engine-route-bounds.c, the search's state (its
 * allocation and the sets the bounds read) in
 * kol-engine-route-search-state.c, and the types and inline helpers all
 * three share in kol-engine-route-search-private.h.
 */

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
  T->vcost = g_new0 (int, MAX (G->nv, 1));
  T->pay_best = MAX (train->pay_best, 0);
  for (int v = 0; v < G->nv; v++)
    {
      KolRouteStop stop;

      kol_route_stop_info (G->engine, G->corp, G->rules, train, G->v[v].hex, G->v[v].node, &stop);
      T->rv[v] = MAX (stop.value, 0) * mult;
      T->bonus[v] = stop.bonus;
      T->total_rv += T->rv[v];
      T->all_bonus |= stop.bonus;
      T->vcost[v] = kol_route_stop_cost (G->engine, train, G->v[v].hex, G->v[v].node);
    }
  for (int c = 0; c < G->nc; c++)
    {
      int cost;

      if (!_kol_rg_cost_network (G->c[c].net, train, &cost))
        T->cost[c] = -1;
      else
        T->cost[c] = train->count_stops ? 0 : cost * G->c[c].borders;
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
  g_free (T->vcost);
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

static inline void
loc_set (Search  *S,
         int      v,
         gboolean on)
{
  int loc = S->G->v[v].loc;

  _kol_rg_bit_put (S->vis, loc, on);
  if (S->fast)
    for (int u = S->G->loc_head[loc]; u >= 0; u = S->G->loc_next[u])
      _kol_rg_bit_put (S->vloc, u, on);
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
    _kol_rg_rows_update (S, changed);
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
    _kol_rg_rows_update (S, changed);
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

/*
 * Express trains pay only their pay_best most valuable stops. The sums the
 * search keeps (arm values, reach bounds) still bound such a route from
 * above, so every bound stays valid; only the revenue of a route offered is
 * taken from its stops here.
 */
static gint64
best_stops_value (const TrainView *T,
                  const guint32   *seq,
                  int              len)
{
  int k = T->pay_best, n = 0;
  int *top = g_newa (int, MAX (k, 1));
  gint64 sum = 0;

  for (int i = 0; i < len; i += 2)
    {
      int v = T->rv[seq[i]], j;

      if (n == k && v <= top[n - 1])
        continue;
      j = n < k ? n++ : n - 1;
      for (; j > 0 && top[j - 1] < v; j--)
        top[j] = top[j - 1];
      top[j] = v;
    }
  for (int i = 0; i < n; i++)
    sum += top[i];
  return sum;
}

/* The exact distance of route @seq by the entered gauge (§10.5.1); the
 * search itself priced it from below. */
static int
entered_distance (const Search  *S,
                  const guint32 *seq,
                  int            len)
{
  int n = len / 2;
  guint8 *nets = g_newa (guint8, MAX (n, 1));
  int *borders = g_newa (int, MAX (n, 1));

  for (int i = 0; i < n; i++)
    {
      const KolRgChain *c = &S->G->c[seq[2 * i + 1]];

      nets[i] = c->net;
      borders[i] = c->borders;
    }
  return _kol_rg_chains_distance (&S->T->train, TRUE, nets, borders, n);
}

/* Accepts a finished route, valid but for its exact distance by the
 * entered gauge. */
static void
offer (Search        *S,
       Score          score,
       int            revenue,
       int            dist,
       const guint32 *seq,
       int            len,
       const guint64 *res)
{
  if (score < S->threshold)
    return;
  if (S->entered)
    {
      dist = entered_distance (S, seq, len);
      if (dist > S->budget)
        return;
    }
  /* the anchor's visit is paid before the arms */
  dist += S->T->vcost[S->s];
  if (S->collect)
    {
      Cand c;
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
          int y = e->other, cost = _kol_rg_step_cost (T, e->chain, y), key;

          if (cost < 0 || dist + cost > S->budget || _kol_rg_excluded (S, y) ||
              (c->term & (e->at_a ? KOL_RG_TERM_A : KOL_RG_TERM_B)) || !_kol_rg_res_free (S, e->chain))
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
        const guint64 *r = _kol_rg_chain_res (G, e->chain);

        stop = (G->v[best].flags & KOL_ROUTE_STOP_END_ONLY) || (c->term & (e->at_a ? KOL_RG_TERM_B : KOL_RG_TERM_A));
        for (int w = 0; w < G->W; w++)
          S->used[w] |= r[w];
        block_push (S, e->chain);
        loc_set (S, best, TRUE);
        bseq[2 * n] = e->chain;
        bseq[2 * n + 1] = (guint32) best;
        n++;
        dist += _kol_rg_step_cost (T, e->chain, best);
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
              if (T->pay_best > 0)
                {
                  rev = best_stops_value (T, S->tmp_seq, len + 2 * n) + _kol_rg_bonus_value (S->rules, bonus);
                  score = score_of (rev, a->nchains + n);
                }
              if (score >= S->threshold)
                offer (S, score, (int) rev, dist, S->tmp_seq, len + 2 * n, S->used);
            }
        }
    }
  /* undo the walk */
  for (int k = n - 1; k >= 0; k--)
    {
      const guint64 *r = _kol_rg_chain_res (G, bseq[2 * k]);

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
  const guint64 *r = _kol_rg_chain_res (S->G, chain);

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

/* The arm's gauge state after chain @chain (ArmState.gauge, .flex):
 * returns what the arm's distance grows by beyond the chain's cheapest
 * cost, when the chain closes a run of chains with several networks
 * between two of the same one network (priced so whichever way the route
 * is read, §10.5.1). */
static inline int
gauge_step (const Search   *S,
            const ArmState *st,
            guint32         chain,
            guint8         *gauge,
            gint32         *flex)
{
  const KolRgChain *c = &S->G->c[chain];
  const KolRouteTrain *train = &S->T->train;
  guint8 usable = c->net & train->networks;
  int add = 0;

  *gauge = st->gauge;
  *flex = st->flex;
  if (!S->entered)
    return 0;
  if ((usable & (usable - 1)) == 0)
    {
      guint8 net = (guint8) (g_bit_nth_lsf (usable, -1) + 1);

      add = net == st->gauge ? st->flex : 0;
      *gauge = net;
      *flex = 0;
    }
  else if (st->gauge > 0 && (usable & (1u << (st->gauge - 1))))
    {
      int n = st->gauge - 1, cost = train->edge_cost[n] ? train->edge_cost[n] : 1;

      *flex += cost * c->borders - S->T->cost[chain];
    }
  return add;
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
      int y = a->other, cost = _kol_rg_step_cost (T, a->chain, y);
      const KolRgVertex *vy = &G->v[y];
      ArmState ns;
      gint64 rev;
      Score single, ub;
      guint8 gauge;
      gint32 flex;

      if (check_cancel (S))
        return n_visited;
      S->stats->extensions++;
      if (cost >= 0)
        cost += gauge_step (S, st, a->chain, &gauge, &flex);
      if (cost < 0 || st->dist + cost > S->budget || _kol_rg_excluded (S, y))
        continue;
      if ((c->term & term_x) && !root)
        continue;
      if (!_kol_rg_res_free (S, a->chain))
        continue;

      ns = *st;
      ns.end = y;
      ns.value += T->rv[y];
      ns.bonus |= T->bonus[y];
      ns.dist += cost;
      ns.gauge = gauge;
      ns.flex = flex;
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
      if (T->pay_best > 0)
        rev = best_stops_value (T, S->stack, 2 * S->depth + 1) +
              _kol_rg_bonus_value (S->rules, T->bonus[S->s] | ns.bonus);
      single = score_of (rev, ns.nchains);
      if (stops_ok (S->rules, counts (vs) + ns.ncount, optional (vs) + ns.nopt))
        offer (S, single, (int) rev, ns.dist, S->stack, 2 * S->depth + 1, S->used);
      ub = _kol_rg_arm_bound (S, &ns, single);
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

  if (A->dist + B->dist > S->budget)
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
  if (T->pay_best > 0)
    {
      rev = best_stops_value (T, S->tmp_seq, len) +
            _kol_rg_bonus_value (S->rules, T->bonus[S->s] | A->bonus | B->bonus);
      score = score_of (rev, A->nchains + B->nchains);
      if (score < S->threshold)
        return;
    }
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
  ext = _kol_rg_ext_bound (S, &st, FALSE, TRUE, need, &eb);
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
             : _kol_rg_ceil_div (S->threshold + 2, SCORE_M) - base - revs[i] - all_bonus;
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
  S->budget = S->T->budget - S->T->vcost[s];
  if (S->budget < 0)
    return;
  S->pairs = !S->rules->anchor_is_end && !(G->v[s].flags & KOL_ROUTE_STOP_END_ONLY);
  g_array_set_size (S->arms, 0);
  g_array_set_size (S->arm_vis, 0);
  g_array_set_size (S->arm_res, 0);
  memset (S->vis, 0, sizeof (guint64) * (gsize) G->LW);
  memset (S->used, 0, sizeof (guint64) * (gsize) G->W);
  _kol_rg_block_reset (S, NULL);
  S->blk_top = 0;
  _kol_rg_vloc_reset (S);
  if (S->fast)
    {
      memset (S->vanchor, 0, sizeof (guint64) * (gsize) G->VW);
      for (int v = 0; v < s; v++)
        if (G->v[v].flags & KOL_ROUTE_STOP_ANCHOR)
          _kol_rg_bit_put (S->vanchor, v, TRUE);
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

  _kol_rg_search_init (&S, G, T, run->rules, run->stats, run->cancel);
  S.exact_ties = run->exact_ties;
  S.used0 = used0;
  _kol_rg_block_reset (&S, used0);
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
  _kol_rg_search_clear (&S);
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

  _kol_rg_search_init (&S, G, T, run->rules, run->stats, run->cancel);
  S.collect = TRUE;
  S.threshold = theta;
  search_run (&S);
  run->cancelled |= S.cancelled;
  cand_list_build (out, &S, G->W);
  run->stats->candidates += (guint64) out->n;
  _kol_rg_search_clear (&S);
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
      res[w] |= _kol_rg_chain_res (G, seq[i])[w];
}
