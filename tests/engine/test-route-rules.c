/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "route-test-common.h"

/*
 * One hand-made board per routing rule: the optimiser's answer and the
 * validator's verdict (with its reason) for routes drawn on it. Boards are in
 * the 18xx.games tile DSL of kol-test-title.h, flat layout: edge 0 leads from
 * C1 to C3 (south), 3 back north, 5 to D4, 1 to B4, 4 to D2, 2 to B2.
 */

static const KolTestCorp corps[] = {
  { "A", 8, NULL, 0 }, { "B", 8, NULL, 0 }, { "C", 8, NULL, 0 }, { "D", 8, NULL, 0 }, { NULL },
};

typedef struct
{
  KolTitle *title;
  KolEngine  *engine;
} Board;

static Board
board_new (const char       *tracks,
           const char       *phases,
           const KolTestHex *hexes)
{
  KolTestTitleSpec spec = { 0 };
  Board b;

  spec.tracks = tracks;
  spec.phases = phases;
  spec.hexes = hexes;
  spec.corps = corps;
  b.title = kol_test_title_new (&spec);
  b.engine = kol_test_game_new (b.title);
  rt_clear_tokens (b.engine);
  return b;
}

static void
board_free (Board *b)
{
  kol_engine_free (b->engine);
  kol_title_free (b->title);
}

static KolRouteTrain
train_unlimited (guint8 networks)
{
  KolRouteTrain t;

  kol_route_train_init (&t, networks, KOL_ROUTE_UNLIMITED);
  return t;
}

/* 1849 H train (002 §10.5.1): n hex edges, narrow gauge counting double. */
static KolRouteTrain
train_h (int n)
{
  KolRouteTrain t;

  kol_route_train_init (&t, RT_BROAD | RT_NARROW, n);
  t.edge_cost[1] = 2;
  return t;
}

/* 1849 R6H: the reverse. */
static KolRouteTrain
train_r6h (void)
{
  KolRouteTrain t;

  kol_route_train_init (&t, RT_BROAD | RT_NARROW, 6);
  t.edge_cost[0] = 2;
  return t;
}

/* ---------------------------------------------------------------- basics */

/* 1849 §10.5.2 example: a route through cities of 30, 20 and 20 earns 70. */
static const KolTestHex line_hexes[] = {
  { "C1", NULL, "city=revenue:30;path=a:0,b:_0" },
  { "C3", NULL, "path=a:3,b:0" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0;path=a:_0,b:0" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

static void
test_sum_of_stops (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  g_autoptr(KolRouteResult) r = NULL;
  g_autofree char *s = NULL;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  r = rt_solve (b.engine, 0, &rules, &t, 1);
  g_assert_cmpint (r->total, ==, 70);
  g_assert_cmpint (r->n_routes, ==, 1);
  s = rt_route_str (b.engine, &r->routes[0]);
  g_assert_cmpstr (s, ==, "C1.0 C5.0 C9.0");
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C9.0 C5.0 C1.0", NULL, 0, NULL), ==, 70);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C5.0", NULL, 0, NULL), ==, 50);
  board_free (&b);
}

/* A route needs a station of its company (002 §10.1, 1840 IX.7). */
static void
test_needs_token (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  g_autoptr(KolRouteResult) r = NULL;
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C1", 0, 1);
  r = rt_solve (b.engine, 0, &rules, &t, 1);
  g_assert_cmpint (r->n_routes, ==, 0);
  g_assert_cmpint (r->total, ==, 0);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C5.0 C9.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_NO_TOKEN);
  board_free (&b);
}

/* At least two revenue locations (1840 IX.7; 002 §10.5.1). */
static void
test_too_short (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C5.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TOO_SHORT);
  rules.min_stops = 4;
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->n_routes, ==, 0);
  }
  board_free (&b);
}

/* A revenue location once per route (1840 IX.7; 002 §10.1). */
static void
test_reuses_stop (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C5.0 C1.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_REUSES_STOP);
  board_free (&b);
}

/* ------------------------------------------------------------- blocking */

/* A city full of other companies' tokens may end a route but not be passed
 * (002 §10.1, §10.4; 1840 IX.7). An own token in a full
 * city keeps it open. */
static void
test_blocked_city (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C1", 0, 0);
  rt_token_at (b.engine, "C5", 0, 1);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_autofree char *s = rt_route_str (b.engine, &r->routes[0]);

    g_assert_cmpint (r->total, ==, 50);
    g_assert_cmpstr (s, ==, "C1.0 C5.0");
  }
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C5.0 C9.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_BLOCKED);

  /* the blocking hook: corporation B's tokens do not block (1840 #5938,
   * Stadtbahn markers and trams) */
  rules.token_blocks = NULL;
  rules.no_blocking = TRUE;
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 70);
  }
  board_free (&b);
}

static gboolean
corp1_does_not_block (const KolEngine *engine,
                      int              corp,
                      int              hex,
                      int              slot,
                      int              token,
                      gpointer         data)
{
  return KOL_TOKEN_CORP (token) != 1;
}

static void
test_token_blocks_hook (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);

  kol_route_rules_init (&rules);
  rules.token_blocks = corp1_does_not_block;
  rt_token_at (b.engine, "C1", 0, 0);
  rt_token_at (b.engine, "C5", 0, 1);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 70);
  }
  b.engine->hexes[kol_test_hex (b.engine, "C5")].slot_token[0] = KOL_TOKEN_ID (2, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 50);
  }
  board_free (&b);
}

/* Off-boards and terminal paths end a route (1840's red tiles L20–L23 have
 * terminal paths). */
static const KolTestHex terminal_hexes[] = {
  { "C1", NULL, "city=revenue:30;path=a:0,b:_0" },
  { "C3", NULL, "path=a:3,b:0" },
  { "C5", NULL, "city=revenue:20,slots:2;path=a:3,b:_0,terminal:1;path=a:_0,b:0,terminal:1" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "offboard=revenue:40;path=a:3,b:_0;path=a:_0,b:0" },
  { "C11", NULL, "path=a:3,b:0" },
  { "C13", NULL, "town=revenue:10;path=a:3,b:_0" },
  { NULL },
};

static void
test_terminal (void)
{
  Board b = board_new (NULL, NULL, terminal_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C1", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 50);
  }
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C5.0 C9.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TERMINAL);

  /* a station in the terminal city: routes may start there and run on */
  rt_token_at (b.engine, "C5", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_autofree char *s = rt_route_str (b.engine, &r->routes[0]);

    g_assert_cmpint (r->total, ==, 60);
    g_assert_cmpstr (s, ==, "C5.0 C9.0");
  }
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C5.0 C9.0 C13.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TERMINAL);
  board_free (&b);
}

/* Two cities on one tile (OO) are separate revenue locations (1840 IX.7). */
static const KolTestHex oo_hexes[] = {
  { "C1", NULL, "town=revenue:10;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:20;city=revenue:20;path=a:3,b:_0;path=a:_0,b:5;path=a:0,b:_1;path=a:_1,b:1" },
  { "D4", NULL, "town=revenue:10;path=a:2,b:_0;path=a:_0,b:0" },
  { "D6", NULL, "path=a:3,b:2" },
  { "C5", NULL, "town=revenue:10;path=a:3,b:_0;path=a:5,b:_0" },
  { "B4", NULL, "town=revenue:30;path=a:4,b:_0" },
  { NULL },
};

static void
test_two_cities_on_a_tile (void)
{
  Board b = board_new (NULL, NULL, oo_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  g_autoptr(KolRouteResult) r = NULL;
  g_autofree char *s = NULL;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C3", 0, 0);
  r = rt_solve (b.engine, 0, &rules, &t, 1);
  /* C1 - C3.0 - D4 - (D6) - C5 - C3.1 - B4: both cities of C3, read from
   * the end with the smaller hex (hexes are numbered in spec order) */
  g_assert_cmpint (r->total, ==, 100);
  s = rt_route_str (b.engine, &r->routes[0]);
  g_assert_cmpstr (s, ==, "C1.0 C3.0 D4.0 C5.0 C3.1 B4.0");
  board_free (&b);
}

/* ------------------------------------------------------------- track */

/* No track twice in a route, nor between one company's trains, which may
 * still meet at stations (002 §10.5.1). */
static const KolTestHex share_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0;path=a:5,b:_0" },
  { "C3", NULL, "path=a:3,b:0" },
  { "C5", NULL, "city=revenue:50,slots:2;path=a:3,b:_0;path=a:_0,b:0;path=a:4,b:_0" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "D2", NULL, "path=a:2,b:0" },
  { "D4", NULL, "town=revenue:10;path=a:3,b:_0;path=a:_0,b:1" },
  { NULL },
};

static void
test_track_reuse (void)
{
  Board b = board_new (NULL, NULL, share_hexes);
  KolRouteRules rules;
  KolRouteTrain t[2] = { train_unlimited (1), train_unlimited (1) };
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, t, 2);

    /* one train C9-C5-D4-C1 (100), the other C5-C1 over C3 (70); a
     * single train could not take all four cities (C5 twice) */
    g_assert_cmpint (r->total, ==, 170);
    g_assert_cmpint (r->n_routes, ==, 2);
  }
  {
    KolRoute first = { 0 };
    KolRouteNode nodes[3];
    KolRouteDraft d = { 0 };
    g_autoptr(GError) error = NULL;

    d.n_nodes = rt_parse_nodes (b.engine, "C9.0 C5.0 C1.0", nodes, 3);
    d.nodes = nodes;
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &t[0], &d, NULL, 0, &first, NULL, &error), ==, 90);
    g_assert_no_error (error);
    /* the second train may meet the first at C5 and C1, on other track */
    g_assert_cmpint (rt_check (b.engine, 0, &rules, &t[1], "C5.0 D4.0 C1.0", &first, 1, NULL), ==, 80);
    g_assert_cmpint (rt_check (b.engine, 0, &rules, &t[1], "C5.0 C9.0", &first, 1, &reason), ==, -1);
    g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_REUSES_TRACK);
    kol_route_clear (&first);
  }
  board_free (&b);
}

/* Gauge: only at a station (002 §10.1, §10.5.1). Dual track takes the gauge it is entered on; a dual-only
 * connection counts 1 per edge for every train. */
static const KolTestHex gauge_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0,track:broad" },
  { "C3", NULL, "path=a:3,b:0,track:dual" },
  { "C5", NULL, "path=a:3,b:0,track:narrow" },
  { "C7", NULL, "town=revenue:10;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:dual" },
  { "C9", NULL, "path=a:3,b:0,track:dual" },
  { "C11", NULL, "city=revenue:30;path=a:3,b:_0,track:dual" },
  { NULL },
};

static void
test_gauge (void)
{
  Board b = board_new (RT_TRACKS_1849, NULL, gauge_hexes);
  KolRouteRules rules;
  KolRouteTrain h8 = train_h (8), r6h = train_r6h (), e = train_unlimited (RT_BROAD);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C11", 0, 0);
  rt_token_at (b.engine, "C1", 0, 0);
  /* C1 - C7 mixes broad and narrow away from a station */
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &h8, "C1.0 C7.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_NOT_CONNECTED);
  {
    KolRoutePath paths[4];
    KolRouteConnection conn = { 4, paths, 0, NULL };
    KolRouteNode nodes[2];
    KolRouteDraft d = { 2, nodes, &conn };
    KolRefusal refusal = { 0 };
    g_autoptr(GError) error = NULL;

    rt_parse_nodes (b.engine, "C1.0 C7.0", nodes, 2);
    paths[0] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C1"), 0 };
    paths[1] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C3"), 0 };
    paths[2] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C5"), 0 };
    paths[3] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C7"), 0 };
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h8, &d, NULL, 0, NULL, &refusal, &error), ==, -1);
    g_assert_cmpint (refusal.args[0].value, ==, KOL_REASON_ROUTE_GAUGE_CHANGE);
  }
  /* C7 - C11 is dual only: 2 edges for every train, E trains included */
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &h8, "C7.0 C11.0", NULL, 0, NULL), ==, 40);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &r6h, "C7.0 C11.0", NULL, 0, NULL), ==, 40);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &e, "C7.0 C11.0", NULL, 0, NULL), ==, 40);
  {
    KolRouteTrain h1 = train_h (1);
    g_assert_cmpint (rt_check (b.engine, 0, &rules, &h1, "C7.0 C11.0", NULL, 0, &reason), ==, -1);
    g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TOO_LONG);
  }
  board_free (&b);
}

/* Dual gauge counts as the gauge the route entered it on, across stops
 * (002 §10.5.1, KolRouteRules.entered_gauge): C1 –narrow– C3 –dual, 2
 * edges– C7 –narrow or standard, 2 edges– C11. 18xx.games prices each
 * stretch between stops on its own (entered_gauge FALSE). */
static const KolTestHex entered_narrow_hexes[] = {
  { "C1", NULL, "city=revenue:10;path=a:0,b:_0,track:narrow" },
  { "C3", NULL, "town=revenue:10;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:dual" },
  { "C5", NULL, "path=a:3,b:0,track:dual" },
  { "C7", NULL, "town=revenue:10;path=a:3,b:_0,track:dual;path=a:_0,b:0,track:narrow" },
  { "C9", NULL, "path=a:3,b:0,track:narrow" },
  { "C11", NULL, "city=revenue:30;path=a:3,b:_0,track:narrow" },
  { NULL },
};

static const KolTestHex entered_mixed_hexes[] = {
  { "C1", NULL, "city=revenue:10;path=a:0,b:_0,track:narrow" },
  { "C3", NULL, "town=revenue:10;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:dual" },
  { "C5", NULL, "path=a:3,b:0,track:dual" },
  { "C7", NULL, "town=revenue:10;path=a:3,b:_0,track:dual;path=a:_0,b:0,track:broad" },
  { "C9", NULL, "path=a:3,b:0,track:broad" },
  { "C11", NULL, "city=revenue:30;path=a:3,b:_0,track:broad" },
  { NULL },
};

/* The distance of @nodes for @train (−1 when refused). */
static int
distance_of (Board               *b,
             const KolRouteRules *rules,
             const KolRouteTrain *train,
             const char          *text)
{
  KolRouteNode nodes[8];
  KolRouteDraft d = { 0 };
  KolRoute out = { 0 };
  int dist;

  d.n_nodes = rt_parse_nodes (b->engine, text, nodes, G_N_ELEMENTS (nodes));
  d.nodes = nodes;
  if (kol_route_check (b->engine, 0, rules, train, &d, NULL, 0, &out, NULL, NULL) < 0)
    return -1;
  dist = out.distance;
  kol_route_clear (&out);
  return dist;
}

static void
test_entered_gauge (void)
{
  Board b = board_new (RT_TRACKS_1849, NULL, entered_narrow_hexes);
  KolRouteRules rules, per_stretch;
  KolRouteTrain h = train_h (KOL_ROUTE_UNLIMITED), h9 = train_h (9), r6h = train_r6h ();
  const char *whole = "C1.0 C3.0 C7.0 C11.0";

  kol_route_rules_init (&rules);
  rules.entered_gauge = TRUE;
  kol_route_rules_init (&per_stretch);
  rt_token_at (b.engine, "C1", 0, 0);
  rt_token_at (b.engine, "C11", 0, 0);
  /* narrow on both sides: the dual stretch counts narrow, 2 per edge */
  g_assert_cmpint (distance_of (&b, &rules, &h, whole), ==, 2 + 4 + 4);
  g_assert_cmpint (distance_of (&b, &per_stretch, &h, whole), ==, 2 + 2 + 4);
  /* a dual stretch at the start takes the gauge that follows */
  g_assert_cmpint (distance_of (&b, &rules, &h, "C3.0 C7.0 C11.0"), ==, 4 + 4);
  /* a 9H cannot run the whole line; the router agrees (C3–C7–C11 is 8) */
  g_assert_cmpint (distance_of (&b, &rules, &h9, whole), ==, -1);
  g_assert_cmpint (distance_of (&b, &per_stretch, &h9, whole), ==, 8);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &h9, 1);
    g_autoptr(KolRouteResult) q = rt_solve (b.engine, 0, &per_stretch, &h9, 1);

    g_assert_cmpint (r->total, ==, 50);
    g_assert_cmpint (r->routes[0].distance, ==, 8);
    g_assert_cmpint (q->total, ==, 60);
  }
  board_free (&b);

  /* narrow on one side, standard on the other: the route may be run from
   * either end, so the dual stretch takes the cheaper reading (entered
   * from the standard side: 1 per edge for an H train; from the narrow
   * side for an R6H) */
  b = board_new (RT_TRACKS_1849, NULL, entered_mixed_hexes);
  rt_token_at (b.engine, "C1", 0, 0);
  rt_token_at (b.engine, "C11", 0, 0);
  g_assert_cmpint (distance_of (&b, &rules, &h, whole), ==, 2 + 2 + 2);
  r6h.distance = KOL_ROUTE_UNLIMITED;
  g_assert_cmpint (distance_of (&b, &rules, &r6h, whole), ==, 1 + 2 + 4);
  /* dual then standard only: standard for the R6H, 2 per edge */
  g_assert_cmpint (distance_of (&b, &rules, &r6h, "C3.0 C7.0 C11.0"), ==, 4 + 4);
  g_assert_cmpint (distance_of (&b, &per_stretch, &r6h, "C3.0 C7.0 C11.0"), ==, 2 + 4);
  board_free (&b);
}

/* Distances by gauge: an H train pays 2 per narrow edge, 1 per broad or dual
 * edge of a chain that is broad; R6H the reverse (002 §10.5.1). */
static const KolTestHex cost_hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0,track:broad;path=a:5,b:_0,track:narrow" },
  { "C3", NULL, "path=a:3,b:0,track:broad" },
  { "C5", NULL, "city=revenue:30;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:narrow" },
  { "D2", NULL, "path=a:2,b:0,track:narrow" },
  { "D4", NULL, "path=a:3,b:1,track:narrow" },
  { NULL },
};

static void
test_edge_costs (void)
{
  Board b = board_new (RT_TRACKS_1849, NULL, cost_hexes);
  KolRouteRules rules;
  KolRouteTrain h[5];
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C1", 0, 0);
  /* broad C1-C3-C5: 2 edges (dual at C5 counts as broad); narrow C1-D2-D4-C5: 3 edges */
  for (int n = 1; n <= 4; n++)
    {
      g_autoptr(KolRouteResult) r = NULL;

      h[n] = train_h (n);
      r = rt_solve (b.engine, 0, &rules, &h[n], 1);
      g_assert_cmpint (r->total, ==, n >= 2 ? 50 : 0);
      if (n >= 2)
        g_assert_cmpint (r->routes[0].distance, ==, 2);
    }
  {
    KolRouteTrain r6 = train_r6h ();
    KolRoutePath narrow[4];
    KolRouteConnection conn = { 4, narrow, 0, NULL };
    KolRouteNode nodes[2];
    KolRouteDraft d = { 2, nodes, &conn };
    KolRoute out = { 0 };
    g_autoptr(GError) error = NULL;

    rt_parse_nodes (b.engine, "C1.0 C5.0", nodes, 2);
    narrow[0] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C1"), 1 };
    narrow[1] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "D2"), 0 };
    narrow[2] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "D4"), 0 };
    narrow[3] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C5"), 1 };
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &r6, &d, NULL, 0, &out, NULL, &error), ==, 50);
    g_assert_cmpint (out.distance, ==, 3);
    kol_route_clear (&out);
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h[4], &d, NULL, 0, NULL, NULL, NULL), ==, -1);
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h[4], &d, NULL, 0, &out, NULL, NULL), ==, -1);
    h[4].distance = 6;
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h[4], &d, NULL, 0, &out, NULL, NULL), ==, 50);
    g_assert_cmpint (out.distance, ==, 6);
    kol_route_clear (&out);
  }
  /* the connection is ambiguous without paths; an 18xx.games connection
   * (its hexes, read from either end) settles it */
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &h[4], "C1.0 C5.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_AMBIGUOUS);
  {
    gint16 broad[3] = { (gint16) kol_test_hex (b.engine, "C1"), (gint16) kol_test_hex (b.engine, "C3"),
                        (gint16) kol_test_hex (b.engine, "C5") };
    gint16 narrow[4] = { (gint16) kol_test_hex (b.engine, "C5"), (gint16) kol_test_hex (b.engine, "D4"),
                         (gint16) kol_test_hex (b.engine, "D2"), (gint16) kol_test_hex (b.engine, "C1") };
    KolRouteConnection conn = { 0, NULL, 3, broad };
    KolRouteNode nodes[2];
    KolRouteDraft d = { 2, nodes, &conn };
    KolRoute out = { 0 };

    rt_parse_nodes (b.engine, "C1.0 C5.0", nodes, 2);
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h[4], &d, NULL, 0, &out, NULL, NULL), ==, 50);
    g_assert_cmpint (out.distance, ==, 2);
    g_assert_cmpint (out.n_paths, ==, 3);
    kol_route_clear (&out);
    conn.n_hexes = 4;
    conn.hexes = narrow;
    h[4].distance = 6;
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &h[4], &d, NULL, 0, &out, NULL, NULL), ==, 50);
    g_assert_cmpint (out.distance, ==, 6);
    kol_route_clear (&out);
  }
  board_free (&b);
}

/* Track a train may not use (1840 IX.7: never the dotted Stadtbahn track;
 * 1849 §14.3: E trains never on narrow gauge). */
static void
test_wrong_track (void)
{
  Board b = board_new (RT_TRACKS_1849, NULL, gauge_hexes);
  KolRouteRules rules;
  KolRouteTrain e = train_unlimited (RT_BROAD);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C11", 0, 0);
  rt_token_at (b.engine, "C1", 0, 0);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &e, "C7.0 C11.0", NULL, 0, NULL), ==, 40);
  {
    KolRoutePath paths[4];
    KolRouteConnection conn = { 4, paths, 0, NULL };
    KolRouteNode nodes[2];
    KolRouteDraft d = { 2, nodes, &conn };
    KolRefusal refusal = { 0 };

    rt_parse_nodes (b.engine, "C7.0 C1.0", nodes, 2);
    paths[0] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C7"), 0 };
    paths[1] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C5"), 0 };
    paths[2] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C3"), 0 };
    paths[3] = (KolRoutePath) { (gint16) kol_test_hex (b.engine, "C1"), 0 };
    g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &e, &d, NULL, 0, NULL, &refusal, NULL), ==, -1);
    g_assert_cmpint (refusal.args[0].value, ==, KOL_REASON_ROUTE_WRONG_TRACK);
  }
  (void) reason;
  board_free (&b);
}

/* ------------------------------------------------------------- ports */

/* 1849 ports (002 §10.1, §10.5.1): only at the ends of a route, at most two,
 * and a route needs two stops that are not ports. 18xx.games asks only for
 * more than two stops (port–city–port passes): offered as
 * KOL_ROUTE_OPTIONAL_NEED_MORE for imported games. */
static const KolTestHex port_hexes[] = {
  { "C1", NULL, "offboard=revenue:20,route:optional;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:30;path=a:3,b:_0;path=a:_0,b:0" },
  { "C5", NULL, "offboard=revenue:60,route:optional;path=a:3,b:_0;path=a:_0,b:0" },
  { "C7", NULL, "town=revenue:10;path=a:3,b:_0" },
  { NULL },
};

static void
test_ports (void)
{
  Board b = board_new (NULL, NULL, port_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C3", 0, 0);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C3.0 C5.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_PORT);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C3.0 C5.0 C7.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_PORT);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->n_routes, ==, 0);
  }
  rules.optional_rule = KOL_ROUTE_OPTIONAL_NEED_MORE;
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C3.0 C5.0", NULL, 0, NULL), ==, 110);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C3.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_PORT);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 110);
  }
  board_free (&b);
}

/* ------------------------------------------------------------- hooks */

/* 1840 IX.8: a city pays only with this line's station; a landmark private
 * owned by the line's company adds 20 once per route; the red areas may not
 * be visited before their red tile (IX.4). */
typedef struct
{
  int bonus_hex;
  int red_hex;
} Hooks1840;

static void
flags_1840 (const KolEngine *engine,
            int              corp,
            KolRouteStop    *stop,
            gpointer         data)
{
  Hooks1840 *h = data;

  if (stop->hex == h->red_hex)
    {
      stop->flags |= KOL_ROUTE_STOP_FORBIDDEN;
      stop->forbid_reason = TEST_REASON_FORBIDDEN;
    }
}

static void
value_1840 (const KolEngine     *engine,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             data)
{
  Hooks1840 *h = data;

  if (stop->kind == KOL_NODE_CITY && !(stop->flags & KOL_ROUTE_STOP_ANCHOR))
    stop->value = 0;
  if (stop->hex == h->bonus_hex)
    stop->bonus |= 1;
}

/* C1 red area - C3 halt - C5 interchange - C7 two halts (landmark) - C9
 * interchange; D6 joins C5 to C7's second halt; a dotted Stadtbahn line
 * C3 - D4 - D6 - C7 that trams may not use. */
static const KolTestHex tram_hexes[] = {
  { "C1", NULL, "offboard=revenue:0;path=a:0,b:_0" },
  { "C3", NULL, "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:5,track:stadtbahn" },
  { "C5", NULL, "city=revenue:40;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:5" },
  { "C7", NULL, "town=revenue:20;town=revenue:20;path=a:3,b:_0;path=a:_0,b:0;path=a:5,b:_1;path=a:_1,b:4;path=a:4,b:_1,track:stadtbahn" },
  { "C9", NULL, "city=revenue:30;path=a:3,b:_0" },
  { "D6", NULL, "path=a:1,b:2;path=a:3,b:1,track:stadtbahn" },
  { "D4", NULL, "path=a:0,b:2,track:stadtbahn" },
  { NULL },
};

static void
test_hooks_1840 (void)
{
  Board b = board_new (RT_TRACKS_1840, NULL, tram_hexes);
  KolRouteRules rules;
  KolRouteTrain tram = train_unlimited (RT_TRAM);
  Hooks1840 h = { -1, -1 };
  KolReason reason;

  kol_route_rules_init (&rules);
  rules.stop_flags = flags_1840;
  rules.stop_value = value_1840;
  rules.user_data = &h;
  rules.n_bonuses = 1;
  rules.bonus_value[0] = 20;
  rt_token_at (b.engine, "C9", 0, 0);
  {
    /* C5 pays nothing without a station: C9 C7.0 C5 C7.1 = 30+20+0+20 */
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &tram, 1);
    g_assert_cmpint (r->total, ==, 70);
  }
  rt_token_at (b.engine, "C5", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &tram, 1);
    g_assert_cmpint (r->total, ==, 110);
  }
  /* the landmark on C7 pays once although both halts are on the route */
  h.bonus_hex = kol_test_hex (b.engine, "C7");
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &tram, "C9.0 C7.0 C5.0", NULL, 0, NULL), ==, 110);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &tram, "C9.0 C7.0 C5.0 C7.1", NULL, 0, NULL), ==, 130);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &tram, 1);
    g_assert_cmpint (r->total, ==, 130);
  }
  /* the dotted track would give C9 C7.0 C5 C3 (D4 D6) C7.1 */
  {
    KolRouteTrain both = train_unlimited (RT_TRAM | RT_STADT);
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &both, 1);

    g_assert_cmpint (r->total, ==, 140);
    g_assert_cmpint (rt_check (b.engine, 0, &rules, &tram, "C9.0 C7.0 C5.0 C3.0 C7.1", NULL, 0, &reason), ==, -1);
    g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_WRONG_TRACK);
  }
  h.red_hex = kol_test_hex (b.engine, "C1");
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &tram, "C1.0 C3.0 C5.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, TEST_REASON_FORBIDDEN);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &tram, 1);
    g_autofree char *s = rt_route_str (b.engine, &r->routes[0]);

    g_assert_cmpint (r->total, ==, 130);
    g_assert_cmpstr (s, ==, "C7.1 C5.0 C7.0 C9.0");
  }
  board_free (&b);
}

/* 1840 VIII.5.2: a Stadtbahn line runs from one of its home stations along
 * its dotted track: anchors are the homes and must be route ends. */
static void
stadtbahn_flags (const KolEngine *engine,
                 int              corp,
                 KolRouteStop    *stop,
                 gpointer         data)
{
  const int *home = data;

  stop->flags &= (guint16) ~KOL_ROUTE_STOP_ANCHOR;
  if (stop->hex == *home)
    stop->flags |= KOL_ROUTE_STOP_ANCHOR;
}

static const KolTestHex stadt_hexes[] = {
  { "C1", NULL, "town=revenue:10;path=a:0,b:_0,track:stadtbahn" },
  { "C3", NULL, "town=revenue:20;path=a:3,b:_0,track:stadtbahn;path=a:_0,b:0,track:stadtbahn" },
  { "C5", NULL, "town=revenue:30;path=a:3,b:_0,track:stadtbahn;path=a:_0,b:0,track:stadtbahn" },
  { "C7", NULL, "town=revenue:40;path=a:3,b:_0,track:stadtbahn" },
  { NULL },
};

static void
test_anchor_is_end (void)
{
  Board b = board_new (RT_TRACKS_1840, NULL, stadt_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (RT_STADT);
  int home = kol_test_hex (b.engine, "C3");
  KolReason reason;

  kol_route_rules_init (&rules);
  rules.stop_flags = stadtbahn_flags;
  rules.user_data = &home;
  rules.anchor_is_end = TRUE;
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 90);
  }
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C3.0 C5.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_NO_TOKEN);
  rules.anchor_is_end = FALSE;
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t, 1);
    g_assert_cmpint (r->total, ==, 100);
  }
  board_free (&b);
}

/* 1849 §14.3: E trains double Messina, Palermo, Catania, Siracusa. */
static void
value_e (const KolEngine     *engine,
         int                  corp,
         const KolRouteTrain *train,
         KolRouteStop        *stop,
         gpointer             data)
{
  if (train->tag == 'E' && stop->hex == *(const int *) data)
    stop->value *= 2;
}

static void
test_train_value_hook (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t[2] = { train_unlimited (1), train_unlimited (1) };
  int doubled;

  kol_route_rules_init (&rules);
  doubled = kol_test_hex (b.engine, "C1");
  rules.stop_value = value_e;
  rules.user_data = &doubled;
  t[1].tag = 'E';
  rt_token_at (b.engine, "C5", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t[1], 1);
    g_assert_cmpint (r->total, ==, 100);
  }
  {
    /* E on C1-C5 (60 + 20), the other train on C5-C9 (40) */
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, t, 2);
    g_autofree char *s0 = NULL, *s1 = NULL;

    g_assert_cmpint (r->total, ==, 120);
    g_assert_cmpint (r->n_routes, ==, 2);
    s0 = rt_route_str (b.engine, &r->routes[0]);
    s1 = rt_route_str (b.engine, &r->routes[1]);
    g_assert_cmpstr (s0, ==, "C5.0 C9.0");
    g_assert_cmpstr (s1, ==, "C1.0 C5.0");
  }
  /* the train multiplier multiplies stop values (a double-revenue train) */
  t[0].multiplier = 3;
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, &t[0], 1);
    g_assert_cmpint (r->total, ==, 210);
  }
  board_free (&b);
}

/* ------------------------------------------------------------- revenue data */

/* Values by colour (1840 IX.8: the newest available colour's box) and by
 * phase (1849 §10.5.2 gray centres). */
static void
test_phase_values (void)
{
  Board b = board_new (NULL, "yellow;yellow green;yellow green brown", line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  int c1 = kol_test_hex (b.engine, "C1"), c9 = kol_test_hex (b.engine, "C9");

  kol_route_rules_init (&rules);
  rt_revenue (b.title, c1, 0, KOL_REVENUE_BY_COLOR, KOL_COLOR_YELLOW, 30, KOL_COLOR_BROWN, 50, -1);
  rt_revenue (b.title, c9, 0, KOL_REVENUE_BY_PHASE, 0, 20, 2, 90, -1);
  rt_token_at (b.engine, "C5", 0, 0);
  for (int phase = 0; phase < 3; phase++)
    {
      static const int expected[] = { 70, 70, 160 };
      g_autoptr(KolRouteResult) r = NULL;

      b.engine->phase = phase;
      r = rt_solve (b.engine, 0, &rules, &t, 1);
      g_assert_cmpint (r->total, ==, expected[phase]);
    }
  board_free (&b);
}

/* ------------------------------------------------------------- results */

/* With one train, a valid route earning 0 is still returned (1840: the
 * maintenance and purple +200 apply to a run); with several, trains that add
 * nothing do not run. Ties go to fewer chains, then the smaller nodes. */
static const KolTestHex tie_hexes[] = {
  { "C1", NULL, "city=revenue:0;path=a:0,b:_0" },
  { "C3", NULL, "path=a:3,b:0" },
  { "C5", NULL, "city=revenue:0;path=a:3,b:_0;path=a:_0,b:0" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "city=revenue:0;path=a:3,b:_0" },
  { NULL },
};

static void
test_zero_and_ties (void)
{
  Board b = board_new (NULL, NULL, tie_hexes);
  KolRouteRules rules;
  KolRouteTrain t[2] = { train_unlimited (1), train_unlimited (1) };

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, t, 1);
    g_autofree char *s = rt_route_str (b.engine, &r->routes[0]);

    g_assert_cmpint (r->n_routes, ==, 1);
    g_assert_cmpint (r->total, ==, 0);
    g_assert_cmpstr (s, ==, "C1.0 C5.0");
  }
  {
    g_autoptr(KolRouteResult) r = rt_solve (b.engine, 0, &rules, t, 2);
    g_assert_cmpint (r->n_routes, ==, 0);
  }
  board_free (&b);
}

/* Nothing to run: no station, or no revenue location on the company's
 * track at all. Every count of trains gets an empty, proven result (the
 * zero-length arrays of the end of the solve must be handled too, which
 * UndefinedBehaviorSanitizer checks: no null pointer to memcpy or qsort). */
static void
test_nothing_to_run (void)
{
  static const KolTestHex bare_hexes[] = {
    { "C1", NULL, "path=a:0,b:3" },
    { "C3", NULL, "path=a:3,b:0" },
    { NULL },
  };
  Board boards[2] = { board_new (NULL, NULL, line_hexes), board_new (NULL, NULL, bare_hexes) };
  KolRouteTrain t[4] = { train_unlimited (1), train_h (2), train_unlimited (1), train_h (4) };
  KolRouteRules rules;

  kol_route_rules_init (&rules);
  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      for (int n = 0; n <= 4; n++)
        {
          g_autoptr(KolRouteResult) r = rt_solve (boards[b].engine, 0, &rules, t, n);

          g_assert_cmpint (r->n_routes, ==, 0);
          g_assert_cmpint (r->total, ==, 0);
        }
      board_free (&boards[b]);
    }
}

/* Cancelling returns what was found, unproven (the model runs the solver in
 * a thread and may cancel it). On a lattice of six-exit tiles the search is
 * long enough for the flag to be seen. */
static void
test_cancel (void)
{
  GPtrArray *strings = g_ptr_array_new_with_free_func (g_free);
  GArray *hexes = g_array_new (TRUE, TRUE, sizeof (KolTestHex));
  KolTestTitleSpec spec = { 0 };
  KolTitle *title;
  KolEngine *engine;
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  gint cancel = 1;
  KolRouteSolveOpts opts = { &cancel, FALSE, FALSE };
  g_autoptr(KolRouteResult) r = NULL;

  for (int row = 0; row < 8; row++)
    for (int col = 0; col < 8; col++)
      {
        KolTestHex hex = { 0 };

        hex.id = g_strdup_printf ("%c%d", 'A' + row, 2 * col + (row % 2) + 1);
        hex.code = g_strdup ((row + col) % 3 ? "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;"
                                               "path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"
                                             : "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;"
                                               "path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0");
        g_ptr_array_add (strings, (gpointer) hex.id);
        g_ptr_array_add (strings, (gpointer) hex.code);
        g_array_append_val (hexes, hex);
      }
  spec.hexes = (const KolTestHex *) hexes->data;
  spec.corps = corps;
  title = kol_test_title_new (&spec);
  engine = kol_test_game_new (title);
  rt_clear_tokens (engine);
  rt_token_at (engine, "A1", 0, 0);
  kol_route_rules_init (&rules);
  r = kol_route_solve (engine, 0, &rules, &t, 1, &opts, NULL);
  g_assert_nonnull (r);
  g_assert_false (r->proven);
  for (int i = 0; i < r->n_routes; i++)
    g_assert_cmpint (r->routes[i].revenue, >, 0);
  {
    /* several trains: what the greedy assignment found */
    KolRouteTrain two[2] = { t, t };
    g_autoptr(KolRouteResult) r2 = kol_route_solve (engine, 0, &rules, two, 2, &opts, NULL);

    g_assert_nonnull (r2);
    g_assert_false (r2->proven);
  }
  kol_engine_free (engine);
  kol_title_free (title);
  g_array_unref (hexes);
  g_ptr_array_unref (strings);
}

/* Malformed input is refused as invalid, not as a rule. */
static void
test_invalid_input (void)
{
  Board b = board_new (NULL, NULL, line_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  KolRouteNode nodes[2] = { { 0, 5 }, { 2, 0 } };
  KolRouteDraft d = { 2, nodes, NULL };
  g_autoptr(GError) error = NULL;

  kol_route_rules_init (&rules);
  g_assert_cmpint (kol_route_check (b.engine, 0, &rules, &t, &d, NULL, 0, NULL, NULL, &error), ==, -1);
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (kol_route_solve (b.engine, 0, &rules, &t, KOL_ROUTE_MAX_TRAINS + 1, NULL, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID);
  board_free (&b);
}

/* ------------------------------------------------- the 1830 family's trains */

/* A line of stops: city 40 – town 10 – city 30 – town 20 (passed free:
 * visit_cost 0) – city 60, each a hex apart. */
static const KolTestHex stops_hexes[] = {
  { "C1", NULL, "city=revenue:40;path=a:0,b:_0" },
  { "C3", NULL, "town=revenue:10;path=a:3,b:_0;path=a:_0,b:0" },
  { "C5", NULL, "city=revenue:30;path=a:3,b:_0;path=a:_0,b:0" },
  { "C7", NULL, "town=revenue:20,visit:0;path=a:3,b:_0;path=a:_0,b:0" },
  { "C9", NULL, "city=revenue:60;path=a:3,b:_0" },
  { NULL },
};

/* A train of @n stops (1830: a "3" train visits three stops; towns count
 * as stops unless @towns_free). */
static KolRouteTrain
train_stops (int      n,
             gboolean towns_free)
{
  KolRouteTrain t;

  kol_route_train_init (&t, 1, n);
  t.count_stops = TRUE;
  t.stop_cost[KOL_NODE_CITY] = 1;
  t.stop_cost[KOL_NODE_OFFBOARD] = 1;
  t.stop_cost[KOL_NODE_TOWN] = towns_free ? 0 : 1;
  return t;
}

static void
test_stops_counted (void)
{
  Board b = board_new (NULL, NULL, stops_hexes);
  KolRouteRules rules;
  KolRouteTrain three = train_stops (3, FALSE), four = train_stops (4, FALSE);
  KolRouteTrain free_towns = train_stops (2, TRUE);
  g_autoptr(KolRouteResult) r = NULL;
  g_autoptr(KolRouteResult) r4 = NULL;
  KolReason reason;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  /* three stops: C3 town counts, C7 does not (visit_cost 0) */
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &three, "C3.0 C5.0 C7.0 C9.0", NULL, 0, NULL), ==, 120);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &three, "C1.0 C3.0 C5.0 C7.0 C9.0", NULL, 0, &reason), ==, -1);
  g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TOO_LONG);
  r = rt_solve (b.engine, 0, &rules, &three, 1);
  g_assert_cmpint (r->total, ==, 120);
  r4 = rt_solve (b.engine, 0, &rules, &four, 1);
  g_assert_cmpint (r4->total, ==, 160);
  g_assert_cmpint (r4->routes[0].distance, ==, 4);
  /* towns free: two cities and every town between them */
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &free_towns, "C1.0 C3.0 C5.0 C7.0", NULL, 0, NULL), ==, 100);
  board_free (&b);
}

/* An express train visits any number of stops; its best @pay_best pay. */
static void
test_express (void)
{
  Board b = board_new (NULL, NULL, stops_hexes);
  KolRouteRules rules;
  KolRouteTrain t = train_unlimited (1);
  g_autoptr(KolRouteResult) r = NULL;

  kol_route_rules_init (&rules);
  rt_token_at (b.engine, "C5", 0, 0);
  t.pay_best = 2;
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C1.0 C3.0 C5.0 C7.0 C9.0", NULL, 0, NULL), ==, 100);
  g_assert_cmpint (rt_check (b.engine, 0, &rules, &t, "C3.0 C5.0", NULL, 0, NULL), ==, 40);
  r = rt_solve (b.engine, 0, &rules, &t, 1);
  g_assert_cmpint (r->total, ==, 100);
  board_free (&b);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/route/rules/sum-of-stops", test_sum_of_stops);
  g_test_add_func ("/route/rules/needs-token", test_needs_token);
  g_test_add_func ("/route/rules/too-short", test_too_short);
  g_test_add_func ("/route/rules/reuses-stop", test_reuses_stop);
  g_test_add_func ("/route/rules/blocked-city", test_blocked_city);
  g_test_add_func ("/route/rules/token-blocks-hook", test_token_blocks_hook);
  g_test_add_func ("/route/rules/terminal", test_terminal);
  g_test_add_func ("/route/rules/two-cities-on-a-tile", test_two_cities_on_a_tile);
  g_test_add_func ("/route/rules/track-reuse", test_track_reuse);
  g_test_add_func ("/route/rules/gauge", test_gauge);
  g_test_add_func ("/route/rules/edge-costs", test_edge_costs);
  g_test_add_func ("/route/rules/entered-gauge", test_entered_gauge);
  g_test_add_func ("/route/rules/wrong-track", test_wrong_track);
  g_test_add_func ("/route/rules/ports", test_ports);
  g_test_add_func ("/route/rules/hooks-1840", test_hooks_1840);
  g_test_add_func ("/route/rules/anchor-is-end", test_anchor_is_end);
  g_test_add_func ("/route/rules/train-value-hook", test_train_value_hook);
  g_test_add_func ("/route/rules/phase-values", test_phase_values);
  g_test_add_func ("/route/rules/zero-and-ties", test_zero_and_ties);
  g_test_add_func ("/route/rules/nothing-to-run", test_nothing_to_run);
  g_test_add_func ("/route/rules/cancel", test_cancel);
  g_test_add_func ("/route/rules/invalid-input", test_invalid_input);
  g_test_add_func ("/route/rules/stops-counted", test_stops_counted);
  g_test_add_func ("/route/rules/express", test_express);
  return g_test_run ();
}
