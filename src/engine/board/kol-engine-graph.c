/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-board-private.h"

#include <string.h>

/*
 * The track graph: what a corporation's tokens reach (1849 §10.1, 1840
 * IX.2): a depth-first walk from each token over the track, from node to
 * path to node, that never uses a piece of track twice in one trail and
 * stops at cities other corporations block. Where trails would reverse
 * through a switch the order of the walk decides what is reached; the walk
 * is the same search in the same order with the same bookkeeping as
 * 18xx.games' (visited nodes and paths, converging exits that unmark them
 * on the way back, the edge and junction counters), so that the track
 * reached is the same as in the games recorded there. Its state lives in
 * fixed arrays on the stack: no allocation while walking.
 *
 * Converging exits (two paths on one edge) make the search enumerate
 * trails; on the real maps that stays at a few path walks per path (a late
 * 1849 or 1840 map takes some microseconds), and only contrived boards
 * packed with switches take longer.
 */

#define WALK_LANES 4

typedef struct
{
  KolEngine        *engine;
  const KolTitle *t;
  KolReach       *out;
  int             corp;
  guint8          networks;
  gboolean        no_blocking;
  gboolean        stop_at_route;                /* stop once a route is known to exist */
  gboolean        stopped;
  guint16         blocked[KOL_MAX_HEXES];       /* nodes a walk may not pass */
  guint8          blocked_known[KOL_MAX_HEXES]; /* blocked[] is filled in for the hex */
  guint16         node_visited[KOL_MAX_HEXES];
  guint16         path_visited[KOL_MAX_HEXES];
  guint16         local[KOL_MAX_HEXES];         /* nodes found from the current token */
  guint8          edge_count[KOL_MAX_HEXES][6][WALK_LANES];
  guint8          junction_count[KOL_MAX_HEXES][KOL_MAX_NODES];
  int             n_mandatory;
  int             n_optional;
} KolWalk;

typedef struct
{
  gint16 hex;
  gint8  node;
} KolWalkStart;

/* The node whose walk started the current chain of path walks: each path
 * reached is recorded for it. */
typedef struct
{
  int      hex;
  int      node;
  gboolean converging;
} Origin;

static guint16 hex_blocked (KolWalk *w, int hex);
static void node_walk (KolWalk *w, int hex, int node, gboolean converging_path);
static void path_walk (KolWalk *w, int hex, int index, int skip, int jskip,
                       gboolean converging, const Origin *origin);

/* ------------------------------------------------------------- neighbours */

/* A tile laid over a printed blue, gray or red tile opens the edges it exits
 * through, linking both hexes. */
static gboolean
opened_toward (const KolEngine *engine,
               int              hex,
               int              edge)
{
  const KolTitle *t = engine->title;
  const KolHexDef *def = &t->hexes[hex];
  const KolHexState *s = &engine->hexes[hex];

  if (s->tile == def->tile || !_kol_board_impassable_color (t->tiles[def->tile].color))
    return FALSE;
  if (def->impassable & (1u << edge))
    return FALSE;
  return (kol_tile_exits (&t->tiles[s->tile], s->rotation) >> edge) & 1u;
}

/**
 * kol_board_neighbor:
 * @engine: a game
 * @hex: a hex index
 * @edge: an edge 0..5
 *
 * Returns: the hex across @edge that track may lead to, or -1.
 */
int
kol_board_neighbor (const KolEngine *engine,
                    int              hex,
                    int              edge)
{
  const KolHexDef *def = &engine->title->hexes[hex];
  int other = def->neighbors[edge];

  if (other >= 0)
    return other;
  other = def->all_neighbors[edge];
  if (other < 0)
    return -1;
  if (opened_toward (engine, hex, edge) || opened_toward (engine, other, kol_hex_invert (edge)))
    return other;
  return -1;
}

/**
 * kol_board_track_networks:
 * @title: a title
 * @track: a path's track type index
 *
 * Returns: the networks of the track type; 0 for future track. A title
 * without track types has one network.
 */
guint8
kol_board_track_networks (const KolTitle *title,
                          int             track)
{
  if (track == KOL_TRACK_FUTURE)
    return 0;
  if (track < 0 || track >= title->n_track_types || title->track_types[track].networks == 0)
    return 1;
  return title->track_types[track].networks;
}

/**
 * kol_board_reach_opts_init:
 * @opts: options to reset
 *
 * Sets the defaults: the corporation's networks, blocking, all tokens.
 */
void
kol_board_reach_opts_init (KolReachOpts *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->one_token_hex = -1;
  opts->one_token_city = -1;
}

/* ------------------------------------------------------------------ walk */

/* Do two lanes meet across an edge? Lanes of one width meet mirrored; a
 * narrower track meets the middle of a wider one. */
static gboolean
lane_match (guint8 w0,
            guint8 i0,
            guint8 w1,
            guint8 i1)
{
  if (w0 == w1)
    return i1 == w0 - i0 - 1;
  if (w0 > w1)
    {
      guint8 tw = w0, ti = i0;

      w0 = w1, i0 = i1, w1 = tw, i1 = ti;
    }
  return i0 + (w1 - w0) / 2 == w1 - i1 - 1;
}

static gboolean
edges_in_use (KolWalk          *w,
              int               hex,
              const KolPathDef *p,
              int               rotation)
{
  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (p, e);
      guint8 width, lane;

      if (!KOL_PATH_IS_EDGE (end))
        continue;
      _kol_path_lane (p, e, &width, &lane);
      if (w->edge_count[hex][kol_path_end_rotate (end, rotation)][MIN (lane, WALK_LANES - 1)] > 0)
        return TRUE;
    }
  return FALSE;
}

/* A converging exit: more than one path ends on the edge. */
static gboolean
converging_exit (const KolTileDef *tile,
                 int               rotation,
                 int               edge)
{
  int n = 0;

  for (int i = 0; i < tile->n_paths; i++)
    if (tile->paths[i].track != KOL_TRACK_FUTURE && _kol_path_end_at_edge (&tile->paths[i], rotation, edge) >= 0)
      n++;
  return n > 1;
}

static void
record_node (KolWalk          *w,
             int               hex,
             const KolTileDef *tile,
             int               node)
{
  if (node >= tile->n_nodes || !_kol_node_is_stop (&tile->nodes[node]))
    return;
  w->out->nodes[hex] |= (guint16) (1u << node);
  if (w->local[hex] & (1u << node))
    return;
  w->local[hex] |= (guint16) (1u << node);
  if (tile->nodes[node].optional)
    w->n_optional++;
  else
    w->n_mandatory++;
  /* two mandatory stops from one token: a route exists, whatever else the
   * walk would find */
  if (w->stop_at_route && w->n_mandatory > 1)
    w->stopped = TRUE;
}

/* Records a path reached: the path, its nodes and the hex edges it touches
 * (and the facing edges of the neighbours). */
static void
record_path (KolWalk          *w,
             int               hex,
             const KolTileDef *tile,
             int               rotation,
             int               index)
{
  const KolPathDef *p = &tile->paths[index];
  KolReach *out = w->out;

  if (out->paths[hex] & (1u << index))
    return;
  out->paths[hex] |= (guint16) (1u << index);
  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (p, e);
      int edge, nb;

      if (KOL_PATH_IS_NODE (end))
        {
          record_node (w, hex, tile, KOL_PATH_NODE_INDEX (end));
          continue;
        }
      edge = kol_path_end_rotate (end, rotation);
      nb = kol_board_neighbor (w->engine, hex, edge);
      out->hex_edges[hex] |= (guint8) (1u << edge);
      if (nb >= 0)
        out->hex_edges[nb] |= (guint8) (1u << kol_hex_invert (edge));
    }
}

/* A path reached from a node: record it, then walk on into the other nodes
 * of the path unless it is a terminal or they block. */
static void
yield_path (KolWalk          *w,
            int               hex,
            const KolTileDef *tile,
            int               rotation,
            int               index,
            gboolean          converging,
            const Origin     *origin)
{
  const KolPathDef *p = &tile->paths[index];

  record_path (w, hex, tile, rotation, index);
  if (p->terminal)
    return;
  for (int e = 0; e < 2; e++)
    {
      guint8 end = _kol_path_end (p, e);
      int node;

      if (!KOL_PATH_IS_NODE (end))
        continue;
      node = KOL_PATH_NODE_INDEX (end);
      if (node >= tile->n_nodes || !_kol_node_is_stop (&tile->nodes[node]))
        continue;
      if (hex == origin->hex && node == origin->node)
        continue;
      if (hex_blocked (w, hex) & (1u << node))
        continue;
      node_walk (w, hex, node, origin->converging || converging);
    }
}

/* Walks across one edge: into every path of the neighbour that ends on the
 * facing edge with matching lanes and a shared track network. */
static void
cross_edge (KolWalk          *w,
            int               hex,
            const KolTileDef *tile,
            int               rotation,
            const KolPathDef *p,
            int               end_index,
            gboolean          converging,
            const Origin     *origin)
{
  int edge = kol_path_end_rotate (_kol_path_end (p, end_index), rotation);
  int nb = kol_board_neighbor (w->engine, hex, edge);
  int facing = kol_hex_invert (edge);
  guint8 width, lane, networks = kol_board_track_networks (w->t, p->track);
  const KolTileDef *ntile;
  int nrot;

  if (nb < 0)
    return;
  _kol_path_lane (p, end_index, &width, &lane);
  ntile = _kol_board_tile_def (w->engine, nb, &nrot);
  converging = converging || converging_exit (tile, rotation, edge);
  w->edge_count[hex][edge][MIN (lane, WALK_LANES - 1)]++;
  for (int j = 0; j < ntile->n_paths; j++)
    {
      const KolPathDef *np = &ntile->paths[j];
      int nend = _kol_path_end_at_edge (np, nrot, facing);
      guint8 nwidth, nlane;

      if (nend < 0 || np->track == KOL_TRACK_FUTURE)
        continue;
      _kol_path_lane (np, nend, &nwidth, &nlane);
      if (!lane_match (width, lane, nwidth, nlane))
        continue;
      if (!(networks & kol_board_track_networks (w->t, np->track)))
        continue;
      path_walk (w, nb, j, facing, -1, converging, origin);
    }
  w->edge_count[hex][edge][MIN (lane, WALK_LANES - 1)]--;
}

/* Walks along a path and on from its ends: @skip is the edge the walk came
 * across, @jskip the junction it came through. */
static void
path_walk (KolWalk      *w,
           int           hex,
           int           index,
           int           skip,
           int           jskip,
           gboolean      converging,
           const Origin *origin)
{
  int rotation;
  const KolTileDef *tile = _kol_board_tile_def (w->engine, hex, &rotation);
  const KolPathDef *p = &tile->paths[index];
  int junction = _kol_path_junction (tile, p);
  guint16 bit = (guint16) (1u << index);

  if (w->stopped || (w->path_visited[hex] & bit))
    return;
  if (junction >= 0 && w->junction_count[hex][junction] > 1)
    return;
  if (edges_in_use (w, hex, p, rotation))
    return;
  if (!(kol_board_track_networks (w->t, p->track) & w->networks))
    return;
  if (junction >= 0 && p->terminal)
    return;

  w->path_visited[hex] |= bit;
  if (junction >= 0)
    w->junction_count[hex][junction]++;

  yield_path (w, hex, tile, rotation, index, converging, origin);

  if (junction >= 0 && junction != jskip)
    for (int j = 0; j < tile->n_paths; j++)
      if (tile->paths[j].track != KOL_TRACK_FUTURE && _kol_path_junction (tile, &tile->paths[j]) == junction)
        path_walk (w, hex, j, -1, junction, converging, origin);

  for (int e = 0; e < 2; e++)
    if (KOL_PATH_IS_EDGE (_kol_path_end (p, e)) &&
        kol_path_end_rotate (_kol_path_end (p, e), rotation) != skip)
      cross_edge (w, hex, tile, rotation, p, e, converging, origin);

  if (converging)
    w->path_visited[hex] &= (guint16) ~bit;
  if (junction >= 0)
    w->junction_count[hex][junction]--;
}

static void
node_walk (KolWalk *w,
           int      hex,
           int      node,
           gboolean converging_path)
{
  const KolTileDef *tile = _kol_board_tile_def (w->engine, hex, NULL);
  guint16 bit = (guint16) (1u << node);
  guint8 end = (guint8) (KOL_PATH_NODE + node);
  Origin origin = { hex, node, converging_path };

  if (w->stopped || (w->node_visited[hex] & bit))
    return;
  w->node_visited[hex] |= bit;
  for (int j = 0; j < tile->n_paths; j++)
    {
      const KolPathDef *p = &tile->paths[j];

      if ((p->a == end || p->b == end) && (kol_board_track_networks (w->t, p->track) & w->networks))
        path_walk (w, hex, j, -1, -1, converging_path, &origin);
    }
  if (converging_path)
    w->node_visited[hex] &= (guint16) ~bit;
}

/* ---------------------------------------------------------------- starts */

#define MAX_STARTS (KOL_MAX_CORP_TOKENS * 2 + KOL_MAX_NODES)

static void
add_start (KolWalkStart *starts,
           int          *n,
           int           hex,
           int           node)
{
  for (int i = 0; i < *n; i++)
    if (starts[i].hex == hex && starts[i].node == node)
      return;
  if (*n >= MAX_STARTS)
    return;
  starts[*n].hex = (gint16) hex;
  starts[*n].node = (gint8) node;
  (*n)++;
}

/* A token hex connects through every edge that has a neighbour. */
static void
open_hex (KolWalk *w,
          int      hex)
{
  for (int e = 0; e < 6; e++)
    if (kol_board_neighbor (w->engine, hex, e) >= 0)
      w->out->hex_edges[hex] |= (guint8) (1u << e);
}

/* One city of a hex: does @corp hold a token there, and is every slot
 * taken (the tokens' half of kol_board_city_blocks())? */
static void
scan_city (const KolHexState *s,
           int                first,
           int                end,
           int                corp,
           gboolean          *tokened,
           gboolean          *full)
{
  *tokened = FALSE;
  *full = TRUE;
  for (int i = MIN (first, KOL_MAX_HEX_SLOTS); i < MIN (end, KOL_MAX_HEX_SLOTS); i++)
    {
      if (s->slot_token[i] < 0)
        *full = FALSE;
      else if (KOL_TOKEN_CORP (s->slot_token[i]) == corp)
        *tokened = TRUE;
    }
}

/* The nodes of @hex that stop a walk (off-boards, cities full of other
 * tokens), as a bitmask. Asked of a hex when a walk reaches it, so that a
 * walk through part of the map asks the title's city_blocks hook only about
 * the cities it meets. */
static guint16
hex_blocked (KolWalk *w,
             int      hex)
{
  const KolBoardHooks *hooks;
  const KolTileDef *tile;
  int base = 0;

  if (w->blocked_known[hex])
    return w->blocked[hex];
  w->blocked_known[hex] = TRUE;
  if (w->no_blocking)
    return 0;
  hooks = _kol_board_hooks (w->engine);
  tile = _kol_board_tile_def (w->engine, hex, NULL);
  for (int node = 0; node < tile->n_nodes; node++)
    {
      const KolNodeDef *nd = &tile->nodes[node];
      gboolean tokened, full, blocks;

      if (nd->kind == KOL_NODE_OFFBOARD)
        w->blocked[hex] |= (guint16) (1u << node);
      if (nd->kind != KOL_NODE_CITY)
        continue;
      scan_city (&w->engine->hexes[hex], base, base + nd->slots, w->corp, &tokened, &full);
      base += nd->slots;
      blocks = hooks && hooks->city_blocks ? hooks->city_blocks (w->engine, hex, nd->city_index, w->corp)
                                           : full && !tokened;
      if (blocks)
        w->blocked[hex] |= (guint16) (1u << node);
    }
  return w->blocked[hex];
}

/* One pass over the map for the cities holding @corp's tokens, which start
 * the walk, in map order. */
static void
scan_map (KolWalk            *w,
          int                 corp,
          const KolReachOpts *opts,
          KolWalkStart       *starts,
          int                *n)
{
  for (guint h = 0; h < w->t->n_hexes; h++)
    {
      const KolTileDef *tile = _kol_board_tile_def (w->engine, (int) h, NULL);
      int base = 0;

      for (int node = 0; node < tile->n_nodes; node++)
        {
          const KolNodeDef *nd = &tile->nodes[node];
          gboolean tokened, full;

          if (nd->kind != KOL_NODE_CITY)
            continue;
          scan_city (&w->engine->hexes[h], base, base + nd->slots, corp, &tokened, &full);
          base += nd->slots;
          if (!tokened)
            continue;
          if (opts->one_token_hex >= 0 && (opts->one_token_hex != (int) h || opts->one_token_city != nd->city_index))
            continue;
          open_hex (w, (int) h);
          w->out->nodes[h] |= (guint16) (1u << node);
          add_start (starts, n, (int) h, node);
        }
    }
}

/* Where a corporation without a placed token starts: its home city, or
 * every city and town of the home hex when the corporation names no city
 * (home_city < 0). */
static void
home_starts (KolWalk      *w,
             int           corp,
             KolWalkStart *starts,
             int          *n)
{
  const KolCorpDef *def = &w->t->corps[corp];
  const KolTileDef *tile;

  if (def->home < 0)
    return;
  tile = _kol_board_tile_def (w->engine, def->home, NULL);
  open_hex (w, def->home);
  for (int node = 0; node < tile->n_nodes; node++)
    {
      const KolNodeDef *nd = &tile->nodes[node];

      if (def->home_city >= 0 ? (nd->kind != KOL_NODE_CITY || nd->city_index != def->home_city)
                              : (nd->kind != KOL_NODE_CITY && nd->kind != KOL_NODE_TOWN))
        continue;
      w->out->nodes[def->home] |= (guint16) (1u << node);
      add_start (starts, n, def->home, node);
    }
}

static guint8
walk_networks (KolEngine          *engine,
               int                 corp,
               const KolReachOpts *opts)
{
  const KolBoardHooks *hooks = _kol_board_hooks (engine);

  if (opts->networks)
    return opts->networks;
  if (hooks && hooks->networks)
    return hooks->networks (engine, corp);
  return 0xff;
}

/* One token's walk; the cities of the other tokens count as visited, since
 * their own walks cover them. */
static void
walk_from (KolWalk            *w,
           const KolWalkStart *starts,
           int                 n,
           int                 i)
{
  gsize n_hexes = w->t->n_hexes;

  memset (w->node_visited, 0, n_hexes * sizeof w->node_visited[0]);
  memset (w->path_visited, 0, n_hexes * sizeof w->path_visited[0]);
  memset (w->local, 0, n_hexes * sizeof w->local[0]);
  w->n_mandatory = w->n_optional = 0;
  for (int j = 0; j < n; j++)
    if (j != i)
      w->node_visited[starts[j].hex] |= (guint16) (1u << starts[j].node);

  node_walk (w, starts[i].hex, starts[i].node, FALSE);

  if (w->out->route_train_purchase)
    return;
  if (w->n_mandatory > 1)
    w->out->route_available = w->out->route_train_purchase = TRUE;
  else if (w->n_mandatory == 1 && w->n_optional > 0)
    w->out->route_available = TRUE;
}

/* The walk's arrays are sized for the largest map; only the rows of the
 * title's hexes are used, so only they are cleared. */
static void
walk_init (KolWalk   *w,
           KolEngine *engine,
           KolReach  *out)
{
  gsize n_hexes = engine->title->n_hexes;

  w->engine = engine;
  w->t = engine->title;
  w->out = out;
  w->n_mandatory = w->n_optional = 0;
  w->stop_at_route = w->stopped = FALSE;
  memset (w->blocked, 0, n_hexes * sizeof w->blocked[0]);
  memset (w->blocked_known, 0, n_hexes * sizeof w->blocked_known[0]);
  memset (w->node_visited, 0, n_hexes * sizeof w->node_visited[0]);
  memset (w->path_visited, 0, n_hexes * sizeof w->path_visited[0]);
  memset (w->local, 0, n_hexes * sizeof w->local[0]);
  memset (w->edge_count, 0, n_hexes * sizeof w->edge_count[0]);
  memset (w->junction_count, 0, n_hexes * sizeof w->junction_count[0]);
}

/* Fills @out; with @stop_at_route the walk may stop as soon as it finds a
 * route (then only out->route_available is meaningful). Returns %FALSE if
 * it stopped early. */
static gboolean
walk_reach (KolEngine          *engine,
            int                 corp,
            const KolReachOpts *opts,
            guint8              networks,
            gboolean            stop_at_route,
            KolReach           *out)
{
  KolWalkStart starts[MAX_STARTS];
  int n_starts = 0;
  KolWalk walk;
  KolWalk *w = &walk;

  memset (out, 0, sizeof *out);
  /* the counters are zeroed once; the walk keeps them balanced */
  walk_init (w, engine, out);
  w->corp = corp;
  w->networks = networks;
  w->no_blocking = opts->no_blocking;
  w->stop_at_route = stop_at_route;
  scan_map (w, corp, opts, starts, &n_starts);
  if (opts->home_as_token && (guint) corp < engine->title->n_corps)
    home_starts (w, corp, starts, &n_starts);

  for (int i = 0; i < n_starts; i++)
    {
      walk_from (w, starts, n_starts, i);
      if (w->stopped)
        return FALSE;
    }

  for (guint h = 0; h < engine->title->n_hexes; h++)
    out->hex_connected[h] = out->hex_edges[h] != 0;
  return TRUE;
}

/* ------------------------------------------------------------------ memo */

/*
 * The same reach is asked for again and again: every step's actions, the
 * skipping of steps and the end of a round ask whether the operating
 * corporation can run a route (a walk of its whole network), many times per
 * action, while the board changes only when a tile or a token does.
 * Rather than clearing a cache on those changes, the memo is keyed by the
 * inputs themselves: the title, the module, the
 * corporation, the options (with the networks resolved) and the hex states,
 * compared byte for byte. No code that changes the board, nor a test that
 * writes a hex, has to remember to clear it, and the copies of the flat
 * state share it. Each thread keeps the reaches of the last board it saw.
 * The hooks the walk calls (networks, city_blocks) must depend only on the
 * board and on what the game fixes at setup (see KolBoardHooks).
 */

#define MEMO_ENTRIES 16

typedef struct
{
  int     corp;
  int     one_token_hex;
  int     one_token_city;
  guint8  networks;
  guint8  no_blocking;
  guint8  home_as_token;
} MemoKey;

typedef struct
{
  const KolTitle       *title;
  const KolTitleModule *module;
  guint                 title_generation;
  int                   n_corps;
  int                   n_entries;
  int                   next;         /* the entry replaced next */
  MemoKey               keys[MEMO_ENTRIES];
  gboolean              complete[MEMO_ENTRIES]; /* else only route_available holds */
  KolReach              reaches[MEMO_ENTRIES];
  KolHexState           board[KOL_MAX_HEXES];
} ReachMemo;

static GPrivate reach_memo_key = G_PRIVATE_INIT (g_free);

/* The calling thread's memo, emptied unless it holds reaches of @engine's board. */
static ReachMemo *
reach_memo (KolEngine *engine)
{
  ReachMemo *m = g_private_get (&reach_memo_key);
  guint generation = kol_title_generation ();
  gsize board_size = MIN (engine->title->n_hexes, KOL_MAX_HEXES) * sizeof (KolHexState);

  if (m == NULL)
    {
      m = g_new0 (ReachMemo, 1);
      g_private_set (&reach_memo_key, m);
    }
  if (m->title == engine->title && m->module == engine->module && m->title_generation == generation &&
      m->n_corps == engine->n_corps && memcmp (m->board, engine->hexes, board_size) == 0)
    return m;
  m->title = engine->title;
  m->module = engine->module;
  m->title_generation = generation;
  m->n_corps = engine->n_corps;
  memcpy (m->board, engine->hexes, board_size);
  m->n_entries = m->next = 0;
  return m;
}

static gboolean
memo_key_equal (const MemoKey *a,
                const MemoKey *b)
{
  return a->corp == b->corp && a->networks == b->networks && a->no_blocking == b->no_blocking &&
         a->home_as_token == b->home_as_token && a->one_token_hex == b->one_token_hex &&
         a->one_token_city == b->one_token_city;
}

static MemoKey
memo_key (KolEngine          *engine,
          int                 corp,
          const KolReachOpts *opts)
{
  return (MemoKey) {
    .corp = corp,
    .one_token_hex = opts->one_token_hex,
    .one_token_city = opts->one_token_city,
    .networks = walk_networks (engine, corp, opts),
    .no_blocking = opts->no_blocking != FALSE,
    .home_as_token = opts->home_as_token != FALSE,
  };
}

/* The entry for @key, complete if @complete is asked, or -1. */
static int
memo_find (const ReachMemo *m,
           const MemoKey   *key,
           gboolean         complete)
{
  for (int i = 0; i < m->n_entries; i++)
    if (memo_key_equal (&m->keys[i], key) && (m->complete[i] || !complete))
      return i;
  return -1;
}

/* Stores @reach for @key, over an earlier incomplete entry for it if any. */
static void
memo_store (ReachMemo      *m,
            const MemoKey  *key,
            const KolReach *reach,
            gboolean        complete)
{
  int slot = memo_find (m, key, FALSE);

  if (slot < 0)
    {
      slot = m->next;
      m->next = (m->next + 1) % MEMO_ENTRIES;
      m->n_entries = MAX (m->n_entries, slot + 1);
    }
  m->keys[slot] = *key;
  m->complete[slot] = complete;
  m->reaches[slot] = *reach;
}

/**
 * kol_board_compute_reach:
 * @engine: a game
 * @corp: a corporation index
 * @opts: (nullable): options, %NULL for the defaults
 * @out: (out caller-allocates): what the corporation reaches
 *
 * Walks the track from the corporation's tokens (see the top of this file):
 * connected hexes with the edges they are reached through, connected nodes
 * and paths, and whether a route is available. Reaches are memoised per
 * board (see above).
 */
void
kol_board_compute_reach (KolEngine          *engine,
                         int                 corp,
                         const KolReachOpts *opts,
                         KolReach           *out)
{
  KolReachOpts defaults;
  ReachMemo *m;
  MemoKey key;
  int i;

  g_return_if_fail (engine != NULL && out != NULL);

  if (corp < 0 || corp >= engine->n_corps)
    {
      memset (out, 0, sizeof *out);
      return;
    }
  if (opts == NULL)
    {
      kol_board_reach_opts_init (&defaults);
      opts = &defaults;
    }
  key = memo_key (engine, corp, opts);
  m = reach_memo (engine);
  if ((i = memo_find (m, &key, TRUE)) >= 0)
    {
      *out = m->reaches[i];
      return;
    }
  walk_reach (engine, corp, opts, key.networks, FALSE, out);
  memo_store (m, &key, out, TRUE);
}

/**
 * kol_board_route_available:
 * @engine: a game
 * @corp: a corporation index
 * @opts: (nullable): options, %NULL for the defaults
 *
 * KolReach.route_available of kol_board_compute_reach(), found with less
 * work when there is a route: the walk stops at the second mandatory stop
 * it reaches from one token (whether a corporation can run is asked many
 * times per action).
 *
 * Returns: %TRUE if @corp's network has a route.
 */
gboolean
kol_board_route_available (KolEngine          *engine,
                           int                 corp,
                           const KolReachOpts *opts)
{
  KolReachOpts defaults;
  KolReach reach;
  ReachMemo *m;
  MemoKey key;
  int i;

  g_return_val_if_fail (engine != NULL, FALSE);

  if (corp < 0 || corp >= engine->n_corps)
    return FALSE;
  if (opts == NULL)
    {
      kol_board_reach_opts_init (&defaults);
      opts = &defaults;
    }
  key = memo_key (engine, corp, opts);
  m = reach_memo (engine);
  if ((i = memo_find (m, &key, FALSE)) >= 0)
    return m->reaches[i].route_available;
  memo_store (m, &key, &reach, walk_reach (engine, corp, opts, key.networks, TRUE, &reach));
  return reach.route_available;
}
