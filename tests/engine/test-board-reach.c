/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <string.h>

/*
 * Connectivity from station tokens (kol-engine-graph.c): cities full of
 * other corporations' tokens stop a walk, a corporation's own token opens
 * its city, reservations never block, off-boards
 * and terminal paths end a walk, track joins across an edge only with
 * matching lanes and a shared network, and no walk uses the same edge twice.
 * 1849 rule 10.1 ("a route may end in a city full of other corporations'
 * tokens but not pass through it") and 1840 IX.6 rely on this.
 */

static const KolTestCorp corps[] = {
  { "A", 4, NULL, 0 },
  { "B", 4, NULL, 0 },
  { "C", 4, NULL, 0 },
  { NULL },
};

/* C's home is C13 on the line map */
static const KolTestCorp line_corps[] = {
  { "A", 4, NULL, 0 },
  { "B", 4, NULL, 0 },
  { "C", 4, "C13", 0 },
  { NULL },
};

/* Places tokens and reservations: "A@C1 B@C5.0 rB@C9". */
static void
setup (KolEngine  *engine,
       const char *spec)
{
  g_auto(GStrv) items = g_strsplit (spec, " ", -1);

  for (int i = 0; items[i]; i++)
    {
      char *item = items[i];
      gboolean reserve = item[0] == 'r';
      char *at, *dot;
      int city = 0;

      if (item[0] == '\0')
        continue;
      if (reserve)
        item++;
      at = strchr (item, '@');
      g_assert_nonnull (at);
      *at = '\0';
      dot = strchr (at + 1, '.');
      if (dot)
        {
          *dot = '\0';
          city = atoi (dot + 1);
        }
      if (reserve)
        kol_board_reserve (engine, kol_test_hex (engine, at + 1), city, kol_test_corp (engine, item));
      else
        kol_test_place (engine, item, at + 1, city);
    }
}

/* ------------------------------------------------------------ blocking */

/* A column of track running south: cities at C1, C5 (one slot), C9 (two
 * slots) and C13. */
static const KolTestHex line_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, "path=a:3,b:0" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0;path=a:_0,b:0" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "city=revenue:20,slots:2;path=a:3,b:_0;path=a:_0,b:0" },
  { "C11", NULL, "path=a:3,b:0" },
  { "C13", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

typedef struct
{
  const char *name;
  const char *setup;
  const char *corp;
  gboolean    no_blocking;
  gboolean    home_as_token;
  const char *one_token;       /* hex of the only token to walk from */
  const char *reachable;
  const char *nodes;
} BlockCase;

static const BlockCase block_cases[] = {
  { "open line", "A@C1", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  /* a city blocks: all slots hold other corporations' tokens */
  { "full city stops the walk", "A@C1 B@C5", "A", FALSE, FALSE, NULL,
    "C1 C3 C5", "C1.0 C5.0" },
  /* an empty slot lets the walk through */
  { "free slot passes", "A@C1 B@C9", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  { "two-slot city full", "A@C1 B@C9 C@C9", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9", "C1.0 C5.0 C9.0" },
  /* a city never blocks the corporation that has a token in it */
  { "own token opens the city", "C@C13 A@C9 B@C9", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  { "others are stopped there", "C@C13 A@C9 B@C9", "C", FALSE, FALSE, NULL,
    "C9 C11 C13", "C9.0 C13.0" },
  /* reservations are not tokens: @tokens.include?(nil) */
  { "reservation does not block", "A@C1 rB@C5", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  /* Graph.new(no_blocking: true) walks without a corporation */
  { "no blocking", "A@C1 B@C5", "A", TRUE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  { "no token, no reach", "", "C", FALSE, FALSE, NULL, "", "" },
  /* the home city before the home token is placed */
  { "home as token", "", "C", FALSE, TRUE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
  /* a walk from one token's city only */
  { "one token", "A@C1 A@C13 B@C5", "A", FALSE, FALSE, "C13",
    "C5 C7 C9 C11 C13", "C5.0 C9.0 C13.0" },
  { "all tokens", "A@C1 A@C13 B@C5", "A", FALSE, FALSE, NULL,
    "C1 C3 C5 C7 C9 C11 C13", "C1.0 C5.0 C9.0 C13.0" },
};

static void
test_blocking (void)
{
  KolTestTitleSpec spec = { .hexes = line_hexes, .corps = line_corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);

  for (gsize i = 0; i < G_N_ELEMENTS (block_cases); i++)
    {
      const BlockCase *c = &block_cases[i];
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      g_autofree char *reachable = NULL, *nodes = NULL;
      KolReachOpts opts;
      KolReach reach;

      g_test_message ("case: %s", c->name);
      kol_board_unreserve (engine, kol_test_hex (engine, "C13"), kol_test_corp (engine, "C"));
      setup (engine, c->setup);
      kol_board_reach_opts_init (&opts);
      opts.no_blocking = c->no_blocking;
      opts.home_as_token = c->home_as_token;
      if (c->one_token)
        {
          opts.one_token_hex = (gint16) kol_test_hex (engine, c->one_token);
          opts.one_token_city = 0;
        }
      kol_board_compute_reach (engine, kol_test_corp (engine, c->corp), &opts, &reach);
      reachable = kol_test_reachable (engine, &reach);
      nodes = kol_test_nodes (engine, &reach);
      g_assert_cmpstr (reachable, ==, c->reachable);
      g_assert_cmpstr (nodes, ==, c->nodes);
    }
}

/* Connected hexes: a token hex through all its neighbours; every walked path
 * adds its exits and the neighbours' facing edges. */
static void
test_connected_edges (void)
{
  KolTestTitleSpec spec = { .hexes = line_hexes, .corps = line_corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autofree char *connected = NULL;
  KolReach reach;

  setup (engine, "A@C1 B@C5");
  kol_test_reach (engine, "A", &reach);
  connected = kol_test_connected (engine, &reach);
  g_assert_cmpstr (connected, ==, "C1:0 C3:03 C5:3");
}

/* ---------------------------------------------------- stops and ends */

/* An off-board stops the walk unless the walk has no corporation; a
 * terminal path is recorded but not walked on. Future track is no track. */
static const KolTestHex end_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", "red", "offboard=revenue:30;path=a:3,b:_0;path=a:_0,b:0" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "E1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "E3", NULL, "town=revenue:10;path=a:3,b:_0,terminal:1;path=a:_0,b:0" },
  { "E5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "G1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "G3", NULL, "path=a:3,b:0,track:future" },
  { "G5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "J1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "J3", NULL, "path=a:3,b:0;border=edge:0,type:impassable" },
  { "J5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

typedef struct
{
  const char *name;
  const char *setup;
  gboolean    no_blocking;
  const char *reachable;
} EndCase;

static const EndCase end_cases[] = {
  { "off-board stops", "A@C1", FALSE, "C1 C3" },
  { "no corporation walks through off-boards", "A@C1", TRUE, "C1 C3 C5" },
  { "terminal path ends the walk", "A@E1", FALSE, "E1 E3" },
  /* a terminal path stops only the walk through its node: coming out of
   * the town, the walk follows it on to E1 */
  { "walking out along a terminal path", "A@E5", FALSE, "E1 E3 E5" },
  { "future track is not walked", "A@G1", FALSE, "G1" },
  { "impassable border", "A@J1", FALSE, "J1 J3" },
};

static void
test_ends (void)
{
  KolTestTitleSpec spec = { .hexes = end_hexes, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);

  for (gsize i = 0; i < G_N_ELEMENTS (end_cases); i++)
    {
      const EndCase *c = &end_cases[i];
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      g_autofree char *reachable = NULL;
      KolReachOpts opts;
      KolReach reach;

      g_test_message ("case: %s", c->name);
      setup (engine, c->setup);
      kol_board_reach_opts_init (&opts);
      opts.no_blocking = c->no_blocking;
      kol_board_compute_reach (engine, kol_test_corp (engine, "A"), &opts, &reach);
      reachable = kol_test_reachable (engine, &reach);
      g_assert_cmpstr (reachable, ==, c->reachable);
    }
}

/* -------------------------------------------------- gauges and networks */

/* 1849's gauges (§10.3): broad meets broad or dual, narrow meets narrow or
 * dual, never each other across an edge. 1840 walks tram and Stadtbahn
 * track as separate networks. */
static const KolTestHex gauge_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, "path=a:3,b:0,track:narrow" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0,track:narrow" },
  { "E1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "E3", NULL, "path=a:3,b:0,track:dual" },
  { "E5", NULL, "city=revenue:20;path=a:3,b:_0,track:narrow" },
  { NULL },
};

typedef struct
{
  const char *name;
  const char *setup;
  guint8      networks;
  const char *reachable;
} GaugeCase;

static const GaugeCase gauge_cases[] = {
  { "broad does not meet narrow", "A@C1", 0, "C1" },
  { "narrow does not meet broad", "A@C5", 0, "C3 C5" },
  { "dual joins both", "A@E1", 0, "E1 E3 E5" },
  { "dual joins both, the other way", "A@E5", 0, "E1 E3 E5" },
  { "no broad track in the narrow network", "A@C1", 1u << 1, "" },
  { "walking the broad network only", "A@E1", 1u << 0, "E1 E3" },
  { "walking the narrow network only", "A@E5", 1u << 1, "E3 E5" },
};

static void
test_gauges (void)
{
  KolTestTitleSpec spec = {
    .tracks = "broad:broad narrow:narrow dual:broad+narrow",
    .hexes = gauge_hexes,
    .corps = corps,
  };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);

  for (gsize i = 0; i < G_N_ELEMENTS (gauge_cases); i++)
    {
      const GaugeCase *c = &gauge_cases[i];
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      g_autofree char *reachable = NULL;
      KolReachOpts opts;
      KolReach reach;

      g_test_message ("case: %s", c->name);
      setup (engine, c->setup);
      kol_board_reach_opts_init (&opts);
      opts.networks = c->networks;
      kol_board_compute_reach (engine, kol_test_corp (engine, "A"), &opts, &reach);
      reachable = kol_test_reachable (engine, &reach);
      g_assert_cmpstr (reachable, ==, c->reachable);
    }
}

/* ---------------------------------------------------------------- lanes */

/* Lanes of the same width meet mirrored (index i meets width-1-i); a single
 * lane meets the middle of a wider track, i.e. index 1 of two. */
static const KolTestHex lane_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:_0,b:0,b_lane:2.0" },
  { "C3", NULL, "path=a:3,b:0,lanes:2" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0,a_lane:2.1" },
  { "E1", NULL, "city=revenue:20;path=a:_0,b:0,b_lane:2.0" },
  { "E3", NULL, "path=a:3,b:0,lanes:2" },
  { "E5", NULL, "city=revenue:20;path=a:3,b:_0,a_lane:2.0" },
  { "G1", NULL, "city=revenue:20;path=a:_0,b:0" },
  { "G3", NULL, "path=a:3,b:0,a_lane:2.1,b_lane:2.0" },
  { "G5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

static void
test_lanes (void)
{
  static const struct { const char *token, *reachable; } cases[] = {
    { "A@C1", "C1 C3 C5" },
    { "A@E1", "E1 E3" },
    { "A@G1", "G1 G3" },
  };
  KolTestTitleSpec spec = { .hexes = lane_hexes, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      g_autofree char *reachable = NULL;
      KolReach reach;

      setup (engine, cases[i].token);
      kol_test_reach (engine, "A", &reach);
      reachable = kol_test_reachable (engine, &reach);
      g_assert_cmpstr (reachable, ==, cases[i].reachable);
    }
}

/* ----------------------------------------------- OO cities and junctions */

/* The two cities of an OO hex are separate nodes; only track joins them. A
 * junction (Lawson track) joins all its paths. */
static const KolTestHex oo_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:30;city=revenue:30;path=a:3,b:_0;path=a:_1,b:0;label=OO" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "E1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "E3", NULL, "junction;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:5" },
  { "E5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "F4", NULL, "city=revenue:20;path=a:2,b:_0" },
  { NULL },
};

static void
test_oo_and_junction (void)
{
  KolTestTitleSpec spec = { .hexes = oo_hexes, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autofree char *nodes = NULL, *reachable = NULL, *nodes2 = NULL, *reachable2 = NULL;
  KolReach reach;

  setup (engine, "A@C1 B@E1");
  kol_test_reach (engine, "A", &reach);
  nodes = kol_test_nodes (engine, &reach);
  reachable = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (nodes, ==, "C1.0 C3.0");
  g_assert_cmpstr (reachable, ==, "C1 C3");

  kol_test_reach (engine, "B", &reach);
  nodes2 = kol_test_nodes (engine, &reach);
  reachable2 = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (nodes2, ==, "E1.0 E5.0 F4.0");
  g_assert_cmpstr (reachable2, ==, "E1 E3 E5 F4");
}

/* ------------------------------------------------- track used only once */

/* A walk may not come back over a hex edge it has
 * already crossed. From C5 the track runs south into a loop (C7, D8, C9,
 * B8) and comes back north into C5 over the same edge; the branch 0-4 of C5
 * that shares that edge (to D4) is therefore not reached, although a search
 * that ignored the direction of travel would reach it. */
static const KolTestHex loop_hexes[] = {
  { "C5", NULL, "city=revenue:20;path=a:_0,b:0;path=a:0,b:4" },
  { "C7", NULL, "path=a:3,b:5;path=a:3,b:1" },
  { "D8", NULL, "path=a:2,b:1" },
  { "C9", NULL, "path=a:4,b:2" },
  { "B8", NULL, "path=a:5,b:4" },
  { "D4", NULL, "city=revenue:20;path=a:1,b:_0" },
  { NULL },
};

static void
test_reversing_loop (void)
{
  KolTestTitleSpec spec = { .hexes = loop_hexes, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autofree char *reachable = NULL, *from_d4 = NULL;
  KolReach reach;

  setup (engine, "A@C5 B@D4");
  kol_test_reach (engine, "A", &reach);
  reachable = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (reachable, ==, "C5 C7 D8 C9 B8");
  g_assert_false (kol_reach_has_node (&reach, kol_test_hex (engine, "D4"), 0));

  /* from D4 the same track is one way round the loop and back */
  kol_test_reach (engine, "B", &reach);
  from_d4 = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (from_d4, ==, "C5 C7 D8 C9 B8 D4");
  g_assert_false (kol_reach_has_node (&reach, kol_test_hex (engine, "C5"), 0));
}

/* ---------------------------------------------------- route available */

/* Two mandatory stops make a route (and a train
 * purchase sensible); one mandatory stop and an optional one (1849's ports)
 * make a route only. */
static const KolTestHex route_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "E1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "E3", "red", "offboard=revenue:20,route:optional;path=a:3,b:_0" },
  { "G1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { NULL },
};

static void
test_route_available (void)
{
  static const struct { const char *token; gboolean available, purchase; } cases[] = {
    { "A@C1", TRUE, TRUE },
    { "A@E1", TRUE, FALSE },
    { "A@G1", FALSE, FALSE },
  };
  KolTestTitleSpec spec = { .hexes = route_hexes, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      KolReach reach;

      setup (engine, cases[i].token);
      kol_test_reach (engine, "A", &reach);
      g_assert_cmpint (reach.route_available, ==, cases[i].available);
      g_assert_cmpint (reach.route_train_purchase, ==, cases[i].purchase);
    }
}

/* ------------------------------------------------- walls that open */

/* A tile laid on a hex whose old tile was blue, gray or
 * red links the hex to the neighbours its track points at (1840's red
 * city-centre hexes). */
static const KolTestHex red_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", "red", "policy=same_color" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

static const KolTestTile red_tiles[] = {
  { "R1", "red", 1, "path=a:3,b:0" },
  { NULL },
};

static void
test_red_hex_opens (void)
{
  KolTestTitleSpec spec = { .hexes = red_hexes, .tiles = red_tiles, .corps = corps };
  g_autoptr(KolTitle) title = kol_test_title_new (&spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autofree char *before = NULL, *after = NULL;
  KolReach reach;
  int c1 = kol_test_hex (engine, "C1");

  setup (engine, "A@C1");
  g_assert_cmpint (kol_board_neighbor (engine, c1, 0), ==, -1);
  kol_test_reach (engine, "A", &reach);
  before = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (before, ==, "C1");

  kol_test_lay (engine, "C3", "R1", 0);
  g_assert_cmpint (kol_board_neighbor (engine, c1, 0), ==, kol_test_hex (engine, "C3"));
  kol_test_reach (engine, "A", &reach);
  after = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (after, ==, "C1 C3 C5");
}

/* ------------------------------------------------------------- hooks */

/* 1840: tram lines walk tram track only, Stadtbahn companies the dotted
 * track (graph_for_entity with skip_track); here A walks the narrow net. */
static guint8
hook_networks (KolEngine *engine,
               int        corp)
{
  return g_strcmp0 (engine->title->corps[corp].id, "A") == 0 ? 1u << 1 : 0xff;
}

/* 1840 (#5938): tram tokens do not block Stadtbahn runs; here nothing
 * blocks. */
static gboolean
hook_city_blocks (KolEngine *engine,
                  int        hex,
                  int        city,
                  int        corp)
{
  return FALSE;
}

static const KolBoardHooks reach_hooks = {
  .networks = hook_networks,
  .city_blocks = hook_city_blocks,
};
static const KolTitleModule reach_module = { .id = "test", .board_hooks = &reach_hooks };

static void
test_hooks (void)
{
  KolTestTitleSpec gauge_spec = {
    .tracks = "broad:broad narrow:narrow dual:broad+narrow",
    .hexes = gauge_hexes,
    .corps = corps,
  };
  KolTestTitleSpec line_spec = { .hexes = line_hexes, .corps = line_corps };
  g_autoptr(KolTitle) gauge_title = kol_test_title_new (&gauge_spec);
  g_autoptr(KolTitle) line_title = kol_test_title_new (&line_spec);
  g_autoptr(KolEngine) engine = kol_test_game_new (gauge_title);
  g_autoptr(KolEngine) g2 = kol_test_game_new (line_title);
  g_autofree char *a = NULL, *b = NULL, *line = NULL;
  KolReach reach;

  engine->module = &reach_module;
  setup (engine, "A@E5 B@E1");
  kol_test_reach (engine, "A", &reach);
  a = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (a, ==, "E3 E5");
  kol_test_reach (engine, "B", &reach);
  b = kol_test_reachable (engine, &reach);
  g_assert_cmpstr (b, ==, "E1 E3 E5");

  g2->module = &reach_module;
  setup (g2, "C@C1 B@C5");
  kol_test_reach (g2, "C", &reach);
  line = kol_test_reachable (g2, &reach);
  g_assert_cmpstr (line, ==, "C1 C3 C5 C7 C9 C11 C13");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/board/reach/blocking", test_blocking);
  g_test_add_func ("/engine/board/reach/connected-edges", test_connected_edges);
  g_test_add_func ("/engine/board/reach/ends", test_ends);
  g_test_add_func ("/engine/board/reach/gauges", test_gauges);
  g_test_add_func ("/engine/board/reach/lanes", test_lanes);
  g_test_add_func ("/engine/board/reach/oo-and-junction", test_oo_and_junction);
  g_test_add_func ("/engine/board/reach/reversing-loop", test_reversing_loop);
  g_test_add_func ("/engine/board/reach/route-available", test_route_available);
  g_test_add_func ("/engine/board/reach/red-hex-opens", test_red_hex_opens);
  g_test_add_func ("/engine/board/reach/hooks", test_hooks);

  return g_test_run ();
}
