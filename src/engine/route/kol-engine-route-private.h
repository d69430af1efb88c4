/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-route.h"

G_BEGIN_DECLS

/*
 * Internals shared by the route compiler (kol-engine-route-graph.c), the
 * solver (kol-engine-route.c) and the validator (kol-engine-route-check.c).
 */

/* ---- board primitives ---------------------------------------------------- */

/* Track keys, the pieces of track no two routes may share (1849 §10.5.1): a
 * hex side with its lane, a node-to-node tile path (as 18xx.games counts
 * them), plus a junction (our addition, see the header). */
#define KOL_RG_KEY_EDGE(hex, edge, lane) (((hex) * 6 + (edge)) * 8 + (lane))
#define KOL_RG_KEY_PATH(hex, path)       (KOL_MAX_HEXES * 48 + (hex) * KOL_MAX_PATHS + (path))
#define KOL_RG_KEY_JUNCTION(hex, node)   (KOL_MAX_HEXES * (48 + KOL_MAX_PATHS) + (hex) * KOL_MAX_NODES + (node))
#define KOL_RG_N_KEYS                    (KOL_MAX_HEXES * (48 + KOL_MAX_PATHS + KOL_MAX_NODES))
#define KOL_RG_MAX_PATH_KEYS             3

/* The tile on @hex (NULL when none) and its rotation. */
const KolTileDef *_kol_rg_tile           (const KolEngine *engine,
                                          int              hex,
                                          int             *rotation);
int               _kol_rg_neighbor       (const KolEngine *engine,
                                          int              hex,
                                          int              edge);
guint8            _kol_rg_path_networks  (const KolTitle   *title,
                                          const KolPathDef *path);
/* End @which (0 = a, 1 = b) of a path after rotation: edge 0..5 or KOL_PATH_NODE+n. */
guint8            _kol_rg_path_end       (const KolPathDef *path,
                                          int               rotation,
                                          int               which);
/* Lane {width, index} of end @which, {1, 0} when the data gives none. */
void              _kol_rg_path_lane      (const KolPathDef *path,
                                          int               which,
                                          guint8            lane[2]);
gboolean          _kol_rg_lane_match     (const guint8 l0[2],
                                          const guint8 l1[2]);
/* Is end @end a junction node of @tile? */
gboolean          _kol_rg_end_is_junction (const KolTileDef *tile,
                                           guint8            end);
/* The track keys of path @p on @hex; returns how many (≤ KOL_RG_MAX_PATH_KEYS). */
int               _kol_rg_path_keys      (const KolEngine *engine,
                                          int              hex,
                                          int              p,
                                          int             *keys);
int               _kol_rg_revenue        (const KolEngine  *engine,
                                          const KolRevenue *revenue);
/* Networks usable between two paths joined across an edge (0 = they do not join). */
static inline guint8
_kol_rg_cost_network (guint8               chain_net,
                      const KolRouteTrain *train,
                      int                 *cost)
{
  guint8 usable = chain_net & train->networks;
  int best = -1;

  for (int n = 0; n < KOL_ROUTE_MAX_NETWORKS; n++)
    if (usable & (1u << n))
      {
        int c = train->edge_cost[n] ? train->edge_cost[n] : 1;
        if (best < 0 || c < best)
          best = c;
      }
  *cost = best;
  return usable;
}

/* The distance of a route over @n chains with networks @nets (each the AND
 * of its paths') crossing @borders hex borders, for @train, with or without
 * KolRouteRules.entered_gauge (kol-engine-route.c). The optimiser and the
 * validator both price routes with it. */
int _kol_rg_chains_distance (const KolRouteTrain *train,
                             gboolean             entered_gauge,
                             const guint8        *nets,
                             const int           *borders,
                             int                  n);

/* ---- chain walking ---------------------------------------------------------- */

typedef struct
{
  int           start_hex, start_node;
  int           end_hex, end_node;
  int           n_paths;
  KolRoutePath *paths;        /* in travel order */
  int           n_keys;
  int          *keys;
  int           borders;
  guint8        net;          /* AND of the paths' networks */
  gboolean      term_start;   /* the first path is terminal */
  gboolean      term_end;     /* the last path is terminal */
  gboolean      term_mid;     /* a terminal path in between: never usable */
} KolRgWalk;

/* Called for each chain found; return FALSE to stop the walk. */
typedef gboolean (*KolRgWalkFunc) (const KolRgWalk *walk,
                                   gpointer         data);

/* Every chain from (hex, node) over paths whose networks meet @networks,
 * passing no other node (lanes and networks must match, no path or track
 * key twice, junctions once). Loops back to the start are skipped. */
void _kol_rg_walk_chains (const KolEngine *engine,
                          int              hex,
                          int              node,
                          guint8           networks,
                          KolRgWalkFunc    func,
                          gpointer         data);

/* ---- the compiled network ------------------------------------------------- */

#define KOL_RG_TERM_A 1   /* a terminal path touches end a: a must be a route end */
#define KOL_RG_TERM_B 2

typedef struct
{
  gint16  hex;
  guint8  node;
  guint8  kind;
  guint16 flags;          /* KolRouteStopFlags */
  guint16 loc;            /* visit-once location (off-board groups merged) */
} KolRgVertex;

typedef struct
{
  guint16 a, b;           /* vertex indices, a ≤ b in (hex, node) order */
  guint8  net;
  guint8  term;           /* KOL_RG_TERM_* */
  guint16 borders;
  guint32 path_off;       /* into KolRouteGraph.paths, in travel order a → b */
  guint16 n_paths;
} KolRgChain;

typedef struct
{
  guint32 chain;
  guint16 other;
  guint8  at_a;           /* this vertex is the chain's a end */
} KolRgAdj;

typedef struct
{
  const KolEngine       *engine;
  int                  corp;
  const KolRouteRules *rules;
  int                  nv, nc, nloc;
  int                  W;       /* guint64 words of a resource set */
  int                  LW;      /* guint64 words of a location set */
  KolRgVertex         *v;
  KolRgChain          *c;
  KolRoutePath        *paths;
  guint64             *res;     /* nc × W */
  int                  CW;      /* guint64 words of a chain set */
  guint64             *conflict;/* nc × CW: the chains sharing track with each (itself included) */
  guint32             *pair_lo; /* nc: the chains joining the same two vertices are */
  guint32             *pair_hi; /*     [pair_lo, pair_hi) (chains are sorted by ends) */
  int                  VW;      /* guint64 words of a vertex set */
  gint32              *loc_head;/* nloc: first vertex of each location, −1 */
  gint32              *loc_next;/* nv: next vertex of the same location, −1 */
  guint32             *adj_off; /* nv + 1 */
  KolRgAdj            *adj;
  guint                stats_bits;
} KolRouteGraph;

/* Compiles @corp's network usable by any of @networks. */
KolRouteGraph *_kol_route_graph_new  (const KolEngine     *engine,
                                      int                  corp,
                                      const KolRouteRules *rules,
                                      guint8               networks);
void           _kol_route_graph_free (KolRouteGraph *graph);

/* ---- the search (kol-engine-route-search.c) -------------------------------- */

#define KOL_RG_SCORE_M    4096
#define KOL_RG_SCORE_NONE G_MININT64

typedef gint64 KolRgScore;

/* Routes compare by revenue × 4096 − chains: among equal revenues, fewer
 * chains win. */
static inline KolRgScore
_kol_rg_score (gint64 revenue,
               int    chains)
{
  return revenue * KOL_RG_SCORE_M - chains;
}

static inline gboolean
_kol_rg_disjoint (const guint64 *a,
                  const guint64 *b,
                  int            n)
{
  for (int w = 0; w < n; w++)
    if (a[w] & b[w])
      return FALSE;
  return TRUE;
}

/* A train's view of the network: values, bonuses and chain costs. */
typedef struct
{
  KolRouteTrain train;
  gboolean      unlimited;
  int           budget;
  int          *rv;          /* nv: multiplier × value, ≥ 0 */
  guint32      *bonus;       /* nv */
  int          *cost;        /* nc: −1 when the train cannot use the chain
                              * (0 for the others when stops are counted) */
  int          *vcost;       /* nv: what a visit costs (count_stops), else 0 */
  int           pay_best;    /* express: the stops that pay, 0 = all */
  guint32      *order;       /* adjacency visiting order: indices into graph->adj */
  gint64        total_rv;
  guint32       all_bonus;
} KolRgTrain;

/* What every search of one solve shares. */
typedef struct
{
  const KolRouteRules *rules;
  KolRouteStats       *stats;
  const gint          *cancel;
  gboolean             exact_ties;
  gboolean             cancelled;   /* out */
} KolRgRun;

/* A route as an interleaved sequence v0, c1, v1, …, ck, vk of vertex and
 * chain indices (2k + 1 entries). */
typedef struct
{
  KolRgScore score;
  int        revenue;
  int        dist;
  int        len;
  guint32   *seq;
} KolRgPicked;

typedef struct
{
  KolRgScore score;
  int        revenue;
  int        dist;
  guint32    seq_off;
  int        len;
  guint32    res_off;
} KolRgCand;

/* A train's candidate routes, best first, one per track set. */
typedef struct
{
  int        n;
  KolRgCand *cands;
  guint32   *seq;
  guint64   *res;            /* n × W */
  guint64   *union_res;      /* W */
} KolRgCandList;

void     _kol_rg_train_init      (KolRgTrain          *T,
                                  const KolRouteGraph *G,
                                  const KolRouteTrain *train);
void     _kol_rg_train_clear     (KolRgTrain          *T);
int      _kol_rg_bonus_value     (const KolRouteRules *rules,
                                  guint32              mask);
gboolean _kol_rg_best            (const KolRouteGraph *G,
                                  const KolRgTrain    *T,
                                  KolRgRun            *run,
                                  const guint64       *used0,
                                  KolRgPicked         *out);
void     _kol_rg_collect         (const KolRouteGraph *G,
                                  const KolRgTrain    *T,
                                  KolRgRun            *run,
                                  KolRgScore           theta,
                                  KolRgCandList       *out);
void     _kol_rg_cand_list_clear (KolRgCandList       *L);
gboolean _kol_rg_seq_reversed    (const guint32       *seq,
                                  int                  len);
void     _kol_rg_seq_res         (const KolRouteGraph *G,
                                  const guint32       *seq,
                                  int                  len,
                                  guint64             *res);

/* ---- several trains (kol-engine-route-combo.c) ----------------------------- */

typedef struct
{
  const KolEngine       *engine;
  int                  corp;
  const KolRouteTrain *trains;
  int                  n_trains;
  KolRouteGraph       *G;
  KolRgRun             run;
  int                  n_classes;
  int                  class_of[KOL_ROUTE_MAX_TRAINS];
  KolRgTrain           views[KOL_ROUTE_MAX_TRAINS];
} KolRgSolve;

void _kol_rg_solve_set (KolRgSolve     *X,
                        KolRouteResult *result);
/* kol-engine-route.c */
void _kol_rg_add_route (KolRouteResult      *result,
                        const KolRouteGraph *G,
                        int                  train,
                        int                  revenue,
                        int                  dist,
                        const guint32       *seq,
                        int                  len);

G_END_DECLS
