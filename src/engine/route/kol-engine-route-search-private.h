/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-route-private.h"

G_BEGIN_DECLS

/*
 * Internals of the single-train search, shared by the search
 * (kol-engine-route-search.c), its bounds (kol-engine-route-bounds.c) and
 * its state (kol-engine-route-search-state.c): the search's types and the
 * small helpers on them that every part calls on its hot paths (inline
 * here, as they were when the search was one file).
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
  /* KolRouteRules.entered_gauge: dist is a lower bound of what the arm's
   * chains cost in any route containing it (each chain with several
   * networks at its cheapest, but those between two chains of the same
   * one network at that network's cost, whichever way the route is read);
   * gauge is 1 + the network of the arm's last chain with only one (0:
   * none yet) and flex what the chains after it would cost more if the
   * next such chain has the same network. The route's exact distance is
   * taken when it is offered. */
  guint8   gauge;
  gint32   flex;
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
  gboolean             entered;      /* price by the entered gauge (§10.5.1) */
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
  int                  budget;       /* the train's, less what s costs */
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

typedef struct
{
  int v;
  int parent;         /* −1 at the root */
  int via_virtual;    /* reached over the virtual edge */
  int next;           /* next neighbour bit to look at; VW·64: the virtual edge */
} BitFrame;

/* What extending a route over @chain to its end @y costs the train: the
 * chain's cost plus the visit of y (stop-counted trains), −1 when the train
 * cannot use the chain. */
static inline int
_kol_rg_step_cost (const KolRgTrain *T,
                   guint32           chain,
                   int               y)
{
  int c = T->cost[chain];

  return c < 0 ? -1 : c + T->vcost[y];
}

static inline gboolean
_kol_rg_loc_visited (const Search *S,
                     int           v)
{
  int loc = S->G->v[v].loc;

  return (S->vis[loc >> 6] >> (loc & 63)) & 1;
}

static inline void
_kol_rg_bit_put (guint64 *set,
                 int      i,
                 gboolean on)
{
  if (on)
    set[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
  else
    set[i >> 6] &= ~(G_GUINT64_CONSTANT (1) << (i & 63));
}

static inline gboolean
_kol_rg_bit_get (const guint64 *set,
                 int            i)
{
  return (set[i >> 6] >> (i & 63)) & 1;
}

static inline const guint64 *
_kol_rg_chain_res (const KolRouteGraph *G,
                   guint32              c)
{
  return G->res + (gsize) c * (gsize) G->W;
}

/* Is chain @c free of the track the route (and other trains) use? */
static inline gboolean
_kol_rg_res_free (const Search *S,
                  guint32       c)
{
  return !((S->blocked[c >> 6] >> (c & 63)) & 1);
}

static inline gboolean
_kol_rg_excluded (const Search *S,
                  int           v)
{
  return _kol_rg_loc_visited (S, v) || ((S->G->v[v].flags & KOL_ROUTE_STOP_ANCHOR) && v < S->s);
}

static inline gint64
_kol_rg_ceil_div (gint64 a,
                  gint64 m)
{
  return a >= 0 ? (a + m - 1) / m : -((-a) / m);
}

/* ---- kol-engine-route-search-state.c ------------------------------------- */

void   _kol_rg_search_init  (Search              *S,
                             const KolRouteGraph *G,
                             const TrainView     *T,
                             const KolRouteRules *rules,
                             KolRouteStats       *stats,
                             const gint          *cancel);
void   _kol_rg_search_clear (Search        *S);
void   _kol_rg_vloc_reset   (Search        *S);
void   _kol_rg_rows_update  (Search        *S,
                             const guint64 *changed);
void   _kol_rg_block_reset  (Search        *S,
                             const guint64 *used);

/* ---- kol-engine-route-bounds.c -------------------------------------------- */

gint64 _kol_rg_ext_bound    (Search         *S,
                             const ArmState *st,
                             gboolean        ext_x,
                             gboolean        ext_s,
                             gint64          need,
                             guint32        *ext_bonus);
Score  _kol_rg_arm_bound    (Search         *S,
                             const ArmState *st,
                             Score           single);

G_END_DECLS
