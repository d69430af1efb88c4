/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * Routes: the exact route optimiser and the route validator.
 *
 * Both read the board straight from the flat game state (tiles, rotations,
 * tokens, phase) and take the title's rules as data plus a few hooks
 * (KolRouteRules, KolRouteTrain), so no title name appears here.
 *
 * A route is a sequence of revenue nodes (cities, towns, off-boards) joined by
 * "chains": walks over tile paths from one node to the next that pass no other
 * node, exactly the connections of a route as 18xx.games records it. The optimiser compiles
 * the company's reachable network into a multigraph of such chains whose track
 * pieces are resource bitsets, then searches it exhaustively with bounds that
 * can never cut off an optimum (see kol-engine-route.c). The validator checks a
 * route drawn by a player path by path and is the one source of truth for
 * revenue: every optimiser result is re-checked by it in builds with
 * assertions enabled.
 */

#define KOL_ROUTE_UNLIMITED      (-1)
#define KOL_ROUTE_MAX_TRAINS       8
#define KOL_ROUTE_MAX_NETWORKS     8
#define KOL_ROUTE_MAX_BONUSES     32

/* ------------------------------------------------------------------ trains */

/*
 * One train of the company, as the router sees it.
 *
 * @distance: KOL_ROUTE_UNLIMITED, or the budget in hex edges: the sum over
 *   the route's chains of (hex borders crossed) × (edge cost of the chain's
 *   network for this train). A chain's networks are the AND of its paths'
 *   track networks (so broad + dual = broad, all dual = broad|narrow, broad +
 *   narrow = none: the gauge may change only at a node); the edge cost used is
 *   the cheapest of the chain's networks this train may use, or with
 *   KolRouteRules.entered_gauge the network the route entered the chain on.
 *   1849: H trains cost broad 1 / narrow 2 (dual-only routes 1), R6H broad 2
 *   / narrow 1, E trains are unlimited on broad only.
 * @networks: bitmask of track networks (KolTrackType.networks) the train may
 *   use; a chain is usable when it shares one of them.
 * @edge_cost: per network index; 0 means 1.
 * @multiplier: multiplies the sum of the stop values (not the bonuses): a
 *   double-revenue train has 2; 0 means 1.
 * @tag: free for the title (e.g. a train def index), passed to the hooks.
 * @count_stops: the distance is counted in stops, not hex edges (the 1830
 *   family: a "3" train visits three stops): a route's distance is the sum
 *   of its stops' costs, stop_cost by node kind (KolNodeKind), and 0 for a
 *   node whose tile data says visit_cost 0; track between stops costs
 *   nothing. FALSE (the default): hex edges, as above.
 * @stop_cost: with count_stops, what a stop of each node kind costs (1840
 *   style halts that do not count: 0).
 * @pay_best: 0, or an express train: only the pay_best most valuable stops
 *   of a route pay (the route itself is limited by distance as usual,
 *   typically KOL_ROUTE_UNLIMITED). Bonuses are paid as for other trains.
 */
#define KOL_ROUTE_NODE_KINDS 4

typedef struct
{
  int    distance;
  guint8 networks;
  guint8 edge_cost[KOL_ROUTE_MAX_NETWORKS];
  int    multiplier;
  int    tag;
  guint8 count_stops;
  guint8 stop_cost[KOL_ROUTE_NODE_KINDS];
  int    pay_best;
} KolRouteTrain;

/* An unlimited train on @networks (an 1840 tram, an 1849 E train). */
void kol_route_train_init (KolRouteTrain *train,
                           guint8         networks,
                           int            distance);
/* What visiting node @node of @hex costs @train (0 unless count_stops). */
int  kol_route_stop_cost  (const KolEngine     *engine,
                           const KolRouteTrain *train,
                           int                  hex,
                           int                  node);

/* ------------------------------------------------------------------ stops */

typedef enum
{
  KOL_ROUTE_STOP_COUNTS    = 1 << 0, /* counts towards KolRouteRules.min_stops */
  KOL_ROUTE_STOP_OPTIONAL  = 1 << 1, /* an optional stop (1849 port), see KolRouteOptionalRule */
  KOL_ROUTE_STOP_END_ONLY  = 1 << 2, /* may start or end a route, never be passed through */
  KOL_ROUTE_STOP_ANCHOR    = 1 << 3, /* a station of the company: a route needs one */
  KOL_ROUTE_STOP_FORBIDDEN = 1 << 4, /* may not be visited at all (reason in forbid_reason) */
  KOL_ROUTE_STOP_BLOCKED   = 1 << 5, /* a city full of other companies' blocking tokens
                                      * (set with END_ONLY; tells the validator's message) */
} KolRouteStopFlags;

/*
 * What a revenue node is worth and how it may be used, for one company (and,
 * for the value, one train). The generic code fills it, then the rules' hooks
 * adjust it:
 *  - flags: COUNTS for every node not marked optional in the tile data,
 *    OPTIONAL for those; END_ONLY for off-boards and for cities whose slots all
 *    hold tokens of other companies that block (KolRouteRules.token_blocks)
 *    and none of the company's (1849 §10.4), with BLOCKED;
 *    ANCHOR for cities holding one of the company's tokens.
 *  - value: the printed revenue for the current phase (fixed; by colour: the
 *    value of the newest colour the phase lays that is listed; by phase: the
 *    value of the latest listed phase reached).
 *  - bonus: none (bits of KolRouteRules.bonus_value, each paid once a route).
 * A value below 0 counts as 0.
 * Terminal paths (off-board tapers, 1840 red tiles) are handled by the
 * router from the tile data: a node reached over a terminal path ends the
 * route.
 */
typedef struct
{
  int     hex;            /* in */
  int     node;           /* in: node index on the hex's tile */
  guint8  kind;           /* in: KolNodeKind */
  guint16 flags;          /* KolRouteStopFlags */
  guint16 forbid_reason;  /* KolReason or a module's reason, reported when FORBIDDEN */
  int     value;
  guint32 bonus;
} KolRouteStop;

/* ------------------------------------------------------------------ rules */

typedef enum
{
  /* Rulebook 1849 (002 §10.5.1): optional stops never count towards
   * min_stops, so a route touching a port needs two other stops. */
  KOL_ROUTE_OPTIONAL_NOT_COUNTED,
  /* How 18xx.games reads the same rule: every stop counts, but a route that
   * touches an optional stop needs more than min_stops stops (so port –
   * city – port passes). For games imported from there, whose runs must be
   * accepted as they were played. */
  KOL_ROUTE_OPTIONAL_NEED_MORE,
} KolRouteOptionalRule;

typedef struct _KolRouteRules KolRouteRules;

/*
 * The title's routing rules for one company at one moment. Initialise with
 * kol_route_rules_init() (the generic 18xx rules), then change what the title
 * needs. Every hook may be NULL.
 *
 * Generic rules always applied: a route visits each revenue location once
 * (nodes sharing an off-board group are one location); uses each piece of
 * track once, within a route and between the trains of one solve (1849
 * §10.5.1; a piece is a hex side and lane, a node-to-node tile path, or a
 * junction); never uses future track; crosses a hex edge only where lanes
 * match and the two paths share a network; passes no END_ONLY node and no
 * node at the end of a terminal path; needs an ANCHOR; and has at least
 * min_stops counted stops. Trains of one company may meet at nodes.
 *
 * How the titles fill it (for the rules modules):
 *  1840 line: trains = one tram, unlimited, networks = tram; stop_value: a city
 *    is worth 0 unless it holds this line's token (IX.8), towns count, +bit
 *    per landmark hex whose private the line's company owns (bonus_value 20,
 *    once per hex, IX.8); stop_flags: D20/E19/E21 FORBIDDEN with
 *    1840's K1840_REASON_ROUTE_RED_AREA while the printed tile is there (the red tiles
 *    have terminal paths, so later they are route ends); COUNTS cleared on
 *    0-value nodes if the reading of 18xx.games issue #5874 is chosen (an
 *    open rules question, ../shared/reference/rules-notes.md); token_blocks: Stadtbahn
 *    tokens do not block trams. Maintenance and the purple +200 are per-line
 *    constants the module adds when the result has a route (n_routes > 0: a
 *    single train is given its best valid route even when it earns 0).
 *  1840 Stadtbahn: networks = stadtbahn; anchors = the two home stations
 *    (stop_flags), anchor_is_end; the CR multiplier stays with the module.
 *  1849: H trains with edge costs, R6H, E (unlimited, broad, stop_value doubles
 *    B14/C5/H12/M13); gray values are by-phase data; CNM: a bonus bit on the
 *    marked port (bonus_value 20); optional_rule by the rulebook, or
 *    NEED_MORE for imported games.
 */
struct _KolRouteRules
{
  int      min_stops;        /* counted stops a route needs; 0 means 2 */
  guint8   optional_rule;    /* KolRouteOptionalRule */
  /* A chain the train may run on several networks (1849 dual gauge) counts
   * as the network the route entered it on (1849 §10.5.1): the network of
   * the nearest chain before it that has only one, even across stops; at
   * the start of the route the first such chain after it; the cheapest
   * when the whole route has none. A route may be run from either end, so
   * its distance is the smaller of its two readings. FALSE: each chain
   * costs its cheapest network on its own (18xx.games). */
  gboolean entered_gauge;
  gboolean anchor_is_end;    /* a route must start or end at an anchor */
  gboolean no_blocking;      /* no city blocks (1840: the Stadtbahn companies' runs) */
  int      n_bonuses;
  int      bonus_value[KOL_ROUTE_MAX_BONUSES];

  /* Adjust flags for the company (independent of the train). */
  void     (*stop_flags)   (const KolEngine *engine,
                            int            corp,
                            KolRouteStop  *stop,
                            gpointer       user_data);
  /* Adjust value and bonus bits for @train (flags are already final). */
  void     (*stop_value)   (const KolEngine       *engine,
                            int                  corp,
                            const KolRouteTrain *train,
                            KolRouteStop        *stop,
                            gpointer             user_data);
  /* Does @token (corp*KOL_MAX_CORP_TOKENS+i, another company's) in flattened
   * @slot of @hex count towards blocking @corp? Default TRUE. */
  gboolean (*token_blocks) (const KolEngine *engine,
                            int            corp,
                            int            hex,
                            int            slot,
                            int            token,
                            gpointer       user_data);
  gpointer user_data;
};

void kol_route_rules_init (KolRouteRules *rules);

/*
 * What a title module puts in KolTitleModule.route_hooks: a function that
 * fills the rules and trains of @corp's run now and returns the number of
 * trains (0 when it has none).
 */
typedef struct
{
  int (*prepare) (const KolEngine *engine,
                  int            corp,
                  KolRouteRules *rules,
                  KolRouteTrain *trains,
                  int            max_trains);
} KolRouteHooks;

/* ----------------------------------------------------------------- routes */

/* KolRouteNode (hex, node index on the hex's tile) is kol-engine-action.h's. */

typedef struct
{
  gint16 hex;
  guint8 path;            /* path index on the hex's tile */
} KolRoutePath;

/*
 * A route: n_nodes stops in order and, for each of the n_nodes − 1 chains
 * between nodes[i] and nodes[i+1], its paths in travel order:
 * paths[chain_start[i] .. chain_start[i+1]). This is what a run_routes
 * action records: `nodes` are the stops, `connections` the hexes of each
 * chain (kol_route_chain_hexes), `hexes` the stop hexes.
 */
typedef struct
{
  int           train;        /* index into the trains given */
  int           revenue;      /* stop values × multiplier + bonuses */
  int           distance;     /* Σ chain costs for the train */
  int           n_nodes;
  KolRouteNode *nodes;
  int          *chain_start;  /* n_nodes entries (n_nodes − 1 chains + end) */
  int           n_paths;
  KolRoutePath *paths;
} KolRoute;

void   kol_route_clear        (KolRoute *route);
void   kol_route_copy         (KolRoute       *dest,
                               const KolRoute *src);
/* The hexes of chain @chain in travel order, one per path (how records name
 * a connection, without their special cases for junctions and ambiguous
 * tiles): a new array of @n_out hex indices. */
gint16 *kol_route_chain_hexes (const KolRoute *route,
                               int             chain,
                               int            *n_out);
/* The run_routes record of @route (stops, their hexes and the chains'
 * hexes), for train @train (an index in the state) claiming @revenue. */
KolRouteSpec *kol_route_spec_new_from_route   (const KolRoute     *route,
                                               int                 train,
                                               int                 revenue);
/* The stops of a record that names them by hex only, or NULL when they
 * cannot be told apart. */
GArray       *kol_route_spec_nodes_from_hexes (const KolEngine    *engine,
                                               const KolRouteSpec *spec);

typedef struct
{
  guint   vertices;        /* revenue nodes in the compiled network */
  guint   chains;
  guint   resource_bits;   /* track resources after merging equivalent ones */
  guint64 arms;            /* partial routes from an anchor that survived the bounds */
  guint64 extensions;      /* chain extensions tried */
  guint64 bounds;          /* reach bounds computed */
  guint64 pruned;          /* partial routes cut by a bound */
  guint64 pairs;           /* arm pairs scanned in the joins */
  guint64 candidates;      /* routes kept for the train combination */
  guint64 bb_nodes;        /* combination search nodes */
  guint64 memo_hits;
  gint64  usec;            /* wall time of the solve */
} KolRouteStats;

struct _KolRouteResult
{
  int           total;     /* Σ route revenues */
  gboolean      proven;    /* the search finished: total is the optimum */
  int           n_routes;  /* trains that run (routes[i].train says which) */
  KolRoute     *routes;
  KolRouteStats stats;
};

void kol_route_result_free (KolRouteResult *result);

typedef struct
{
  /* Set to non-zero from another thread to stop the search; the result then
   * holds the best routes found so far with proven = FALSE. */
  const gint *cancel;
  /* Do not re-check the result with the validator (benchmarks). */
  gboolean    no_self_check;
  /* Break ties (equal revenue and chains) by the first optimal route in the
   * search order instead of the lexicographic rule below. Only pathological
   * networks (dense lattices of 6-exit tiles) make the lexicographic rule
   * cost more; the result is deterministic either way. */
  gboolean    search_order_ties;
} KolRouteSolveOpts;

/*
 * The routes of maximum total revenue for @corp's @trains (1..8), proven by
 * exhaustive search: no time limit, no path cap, no heuristic cut.
 *
 * Ties are broken deterministically (the result depends on the position
 * only):
 *  - one train: fewer chains; then the route whose node sequence, read from
 *    its end that comes first in (hex, node) order, is lexicographically
 *    smallest by (hex, node); then by the chains between the nodes (in the
 *    order of their paths' (hex, path) sequences). With
 *    opts->search_order_ties, the first optimal route in the search order
 *    instead.
 *  - several trains: fewer chains in total; then the first combination in
 *    the order of the trains' candidate lists, each sorted by score and then
 *    by the one-train rule, the trains taken by falling single-train optimum
 *    (then by index), each train's candidates before "this train does not
 *    run".
 *
 * With one train its best valid route is returned even when it earns 0, so
 * that the caller can apply per-run constants (1840 maintenance); with
 * several trains, a train runs only if it adds revenue. A train that cannot
 * run is absent from routes.
 *
 * Returns: (transfer full): the result, or NULL with @error set when the
 * arguments are invalid.
 */
KolRouteResult *kol_route_solve      (const KolEngine          *engine,
                                      int                       corp,
                                      const KolRouteRules      *rules,
                                      const KolRouteTrain      *trains,
                                      int                       n_trains,
                                      const KolRouteSolveOpts  *opts,
                                      GError                  **error);

/* -------------------------------------------------------------- validator */

/*
 * How a player's route gives the track between two consecutive stops: the
 * exact paths in travel order, or nothing (n_paths = 0) to let the validator
 * find the one chain between them, optionally restricted to the hexes of an
 * 18xx.games connection (hexes, one per path, read from either end). An
 * ambiguous connection is refused with KOL_REASON_ROUTE_AMBIGUOUS.
 */
typedef struct
{
  int                 n_paths;
  const KolRoutePath *paths;
  int                 n_hexes;
  const gint16       *hexes;
} KolRouteConnection;

typedef struct
{
  int                       n_nodes;
  const KolRouteNode       *nodes;
  const KolRouteConnection *connections;  /* n_nodes − 1 entries, or NULL */
} KolRouteDraft;

/*
 * Checks a route drawn for @train of @corp against every routing rule and
 * computes its revenue. @others are the company's routes already accepted for
 * its other trains this run (track may not be shared with them), may be NULL.
 *
 * On success returns the revenue (≥ 0) and, if @resolved is not NULL, fills
 * it with the route and its paths (kol_route_clear() it). On failure returns
 * −1, sets @error (KOL_ENGINE_ERROR_ROUTE, or _INVALID for malformed input)
 * and @refusal (args: the KolReason, then the hex concerned when there is
 * one).
 */
int   kol_route_check (const KolEngine      *engine,
                       int                   corp,
                       const KolRouteRules  *rules,
                       const KolRouteTrain  *train,
                       const KolRouteDraft  *draft,
                       const KolRoute       *others,
                       int                   n_others,
                       KolRoute             *resolved,
                       KolRefusal           *refusal,
                       GError              **error);

/* The stop information the router and validator use for (hex, node), with
 * the hooks applied; @train may be NULL (value then 0). For the UI and tests. */
void  kol_route_stop_info (const KolEngine     *engine,
                           int                  corp,
                           const KolRouteRules *rules,
                           const KolRouteTrain *train,
                           int                  hex,
                           int                  node,
                           KolRouteStop        *out);

/* ------------------------------------------------------- routes as actions */

/* Checks the routes of run_routes action @a of @corp with the validator
 * and the module's route hooks (kol-engine-route-action.c). */
gboolean kol_route_validate_action (KolEngine        *engine,
                                    int               corp,
                                    const KolAction  *a,
                                    GError          **error);
/* Appends the run_routes action of the router's proven best routes for
 * @corp's trains that have not run yet. */
void     kol_route_best_action     (KolEngine *engine,
                                    int        corp,
                                    GPtrArray *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolRouteResult, kol_route_result_free)

G_END_DECLS
