/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "route-test-common.h"

/*
 * The worked route examples of the rulebooks. Their maps survive only as
 * images, so each board here is a small synthetic one rebuilt from what the
 * text states: the stops, their values, the stations and (1849) the
 * distances. Hex ids are ours, not the real map's.
 */

static const KolTestCorp lines[] = {
  { "L0", 8, NULL, 0 }, { "L1", 8, NULL, 0 }, { "L2", 8, NULL, 0 }, { "L3", 8, NULL, 0 },
  { "L4", 8, NULL, 0 }, { "L5", 8, NULL, 0 }, { "L6", 8, NULL, 0 }, { "L7", 8, NULL, 0 },
  { "L8", 8, NULL, 0 }, { "L9", 8, NULL, 0 }, { "L10", 8, NULL, 0 }, { "L11", 8, NULL, 0 },
  { "L12", 8, NULL, 0 }, { "L13", 8, NULL, 0 }, { "L14", 8, NULL, 0 }, { "L15", 8, NULL, 0 },
  { "L16", 8, NULL, 0 }, { "L17", 8, NULL, 0 }, { "L18", 8, NULL, 0 }, { NULL },
};

static KolEngine *
game_new (KolTitle        **title,
          const char       *layout,
          const char       *tracks,
          const char       *phases,
          const KolTestHex *hexes)
{
  KolTestTitleSpec spec = { 0 };
  KolEngine *engine;

  spec.layout = layout;
  spec.tracks = tracks;
  spec.phases = phases;
  spec.hexes = hexes;
  spec.corps = lines;
  *title = kol_test_title_new (&spec);
  engine = kol_test_game_new (*title);
  rt_clear_tokens (engine);
  return engine;
}

/* 1840 IX.8: an interchange pays only with the line's own station; the
 * landmark private owned by the line's company adds 20. */
static void
value_1840 (const KolEngine     *engine,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             data)
{
  const int *landmark = data;

  if (stop->kind == KOL_NODE_CITY && !(stop->flags & KOL_ROUTE_STOP_ANCHOR))
    stop->value = 0;
  if (stop->hex == *landmark)
    stop->bonus |= 1;
}

static void
rules_1840 (KolRouteRules *rules,
            int           *landmark)
{
  kol_route_rules_init (rules);
  rules->stop_value = value_1840;
  rules->user_data = landmark;
  rules->n_bonuses = 1;
  rules->bonus_value[0] = 20;
}

/* ------------------------------------------------------------ 1840 IX.8 */

/*
 * "Line Round 3a: Line #18 runs a yellow tram for A: 30 (yellow value still
 * valid), B: 20 (city counts due to token), C: 10, D: 40 (20 bonus due to
 * private), E: 10. Total: 110 − 50 (maintenance cost) = 60."
 *
 * Rebuilt on one row of pointy hexes: A a red area paying yellow 30 / brown
 * 60 (green and yellow tiles are out in LR3a), B an interchange with #18's
 * station, C/D/E halts, D the landmark's stop. A second interchange hangs off
 * C without a station and must not count. The route earns 110; the −50
 * maintenance is the rules module's.
 */
static const KolTestHex ix8_hexes[] = {
  { "A1", "red", "offboard=revenue:0;path=a:4,b:_0" },
  { "C1", NULL, "city=revenue:20;path=a:1,b:_0;path=a:_0,b:4" },
  { "E1", NULL, "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4;path=a:_0,b:5" },
  { "F2", NULL, "city=revenue:30;path=a:2,b:_0" },
  { "G1", NULL, "town=revenue:20;path=a:1,b:_0;path=a:_0,b:4" },
  { "I1", NULL, "town=revenue:10;path=a:1,b:_0" },
  { NULL },
};

static void
test_1840_ix8 (void)
{
  KolTitle *title;
  KolEngine *engine = game_new (&title, "pointy", RT_TRACKS_1840, "yellow;yellow green", ix8_hexes);
  KolRouteRules rules;
  KolRouteTrain tram;
  int landmark = kol_test_hex (engine, "G1");

  engine->phase = 1;
  rt_revenue (title, kol_test_hex (engine, "A1"), 0, KOL_REVENUE_BY_COLOR,
              KOL_COLOR_YELLOW, 30, KOL_COLOR_BROWN, 60, -1);
  rules_1840 (&rules, &landmark);
  kol_route_train_init (&tram, RT_TRAM, KOL_ROUTE_UNLIMITED);
  rt_token_at (engine, "C1", 0, 18);
  g_assert_cmpint (rt_check (engine, 18, &rules, &tram, "A1.0 C1.0 E1.0 G1.0 I1.0", NULL, 0, NULL), ==, 110);
  {
    g_autoptr(KolRouteResult) r = rt_solve (engine, 18, &rules, &tram, 1);
    g_autofree char *s = rt_route_str (engine, &r->routes[0]);

    g_assert_cmpint (r->total, ==, 110);
    g_assert_cmpstr (s, ==, "A1.0 C1.0 E1.0 G1.0 I1.0");
  }
  kol_engine_free (engine);
  kol_title_free (title);
}

/* --------------------------------------------------- 1840 Example 2, LR2b */

/*
 * Example 2 (every line has a tram, LR2b), as the glossary (§3.1.16) keeps
 * its sums:
 *   #1:  G-H-N-M           = 20+10+40+40 = 110
 *   #2:  J-K-O-P           = 10+40+40+40 = 130
 *   #3:  A-B-C-D-E-F-L-M   = 10+10+10+30+10+10+40+40 = 160 ("I" does not
 *                            count: no station)
 *   #12: A-B-C-D-E-F       = 80 ("L" does not count: other lines' stations)
 *
 * Rebuilt: a row A…F, L, M, I; a branch M-N-H-G; a separate row J-K-O-P.
 * Stations: #1 at G, N (one slot) and M; #2 at K, O, P; #3 at F, L, M; #12
 * at F; #5 fills L's second slot, so L is full for #1 and #12. A–E are
 * halts; F, L, M, N, G, I, K, O, P interchanges (I without a station).
 */
static const KolTestHex ex2_hexes[] = {
  { "A1", NULL, "town=revenue:10;path=a:_0,b:4" },
  { "C1", NULL, "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4" },
  { "E1", NULL, "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4" },
  { "G1", NULL, "town=revenue:30;path=a:1,b:_0;path=a:_0,b:4" },
  { "I1", NULL, "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4" },
  { "K1", NULL, "city=revenue:10,slots:2;path=a:1,b:_0;path=a:_0,b:4" },
  { "M1", NULL, "city=revenue:40,slots:2;path=a:1,b:_0;path=a:_0,b:4" },
  { "O1", NULL, "city=revenue:40,slots:2;path=a:1,b:_0;path=a:_0,b:4;path=a:_0,b:5" },
  { "Q1", NULL, "city=revenue:20;path=a:1,b:_0" },
  { "P2", NULL, "city=revenue:40;path=a:2,b:_0;path=a:_0,b:4" },
  { "R2", NULL, "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4" },
  { "T2", NULL, "city=revenue:20;path=a:1,b:_0" },
  { "A5", NULL, "town=revenue:10;path=a:_0,b:4" },
  { "C5", NULL, "city=revenue:40;path=a:1,b:_0;path=a:_0,b:4" },
  { "E5", NULL, "city=revenue:40;path=a:1,b:_0;path=a:_0,b:4" },
  { "G5", NULL, "city=revenue:40;path=a:1,b:_0" },
  { NULL },
};

static void
test_1840_example_2 (void)
{
  KolTitle *title;
  KolEngine *engine = game_new (&title, "pointy", RT_TRACKS_1840, NULL, ex2_hexes);
  KolRouteRules rules;
  KolRouteTrain tram;
  int landmark = -1;
  static const struct
  {
    int         line;
    int         revenue;
    const char *route;
  } runs[] = {
    { 1, 110, "O1.0 P2.0 R2.0 T2.0" },                           /* M N H G */
    { 2, 130, "A5.0 C5.0 E5.0 G5.0" },                           /* J K O P */
    { 3, 160, "A1.0 C1.0 E1.0 G1.0 I1.0 K1.0 M1.0 O1.0" },       /* A … F L M */
    { 12, 80, "A1.0 C1.0 E1.0 G1.0 I1.0 K1.0" },                 /* A … F */
  };

  rules_1840 (&rules, &landmark);
  kol_route_train_init (&tram, RT_TRAM, KOL_ROUTE_UNLIMITED);
  rt_token_at (engine, "T2", 0, 1);
  rt_token_at (engine, "P2", 0, 1);
  rt_token_at (engine, "O1", 0, 1);
  rt_token_at (engine, "C5", 0, 2);
  rt_token_at (engine, "E5", 0, 2);
  rt_token_at (engine, "G5", 0, 2);
  rt_token_at (engine, "K1", 0, 3);
  rt_token_at (engine, "M1", 0, 3);
  rt_token_at (engine, "O1", 0, 3);
  rt_token_at (engine, "K1", 0, 12);
  rt_token_at (engine, "M1", 0, 5);
  for (gsize i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autoptr(KolRouteResult) r = rt_solve (engine, runs[i].line, &rules, &tram, 1);
      g_autofree char *s = rt_route_str (engine, &r->routes[0]);

      g_assert_cmpint (r->total, ==, runs[i].revenue);
      g_assert_cmpstr (s, ==, runs[i].route);
      g_assert_cmpint (rt_check (engine, runs[i].line, &rules, &tram, runs[i].route, NULL, 0, NULL), ==,
                       runs[i].revenue);
    }
  /* #3 may run on to I, for nothing; #12 may end at L, for nothing */
  g_assert_cmpint (rt_check (engine, 3, &rules, &tram, "A1.0 C1.0 E1.0 G1.0 I1.0 K1.0 M1.0 O1.0 Q1.0",
                             NULL, 0, NULL), ==, 160);
  g_assert_cmpint (rt_check (engine, 12, &rules, &tram, "A1.0 C1.0 E1.0 G1.0 I1.0 K1.0 M1.0", NULL, 0, NULL), ==, 80);
  {
    KolReason reason;

    /* … but not through L, full of other lines' stations */
    g_assert_cmpint (rt_check (engine, 12, &rules, &tram, "A1.0 C1.0 E1.0 G1.0 I1.0 K1.0 M1.0 O1.0",
                               NULL, 0, &reason), ==, -1);
    g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_BLOCKED);
  }
  kol_engine_free (engine);
  kol_title_free (title);
}

/* ----------------------------------------------------------- 1849 10.5.1 */

/*
 * 002 §10.5.1, Lilibeo in Phase 10:
 *  - an 8H from Palermo along standard gauge to Partinico (2 hexes), Alcamo
 *    (3), Castelvetrano (5), Mazara (7), Marsala (8): L.160;
 *  - another 8H from Palermo on narrow gauge to Partinico and on to Marsala,
 *    8 hexes (narrow counts double): L.130; it may not enter Marsala on
 *    standard gauge, the gauge changes only at a station;
 *  - an R6H Palermo – Partinico (1 narrow hex) – Marsala (3 more) – Trapani
 *    (one dual hex): 5 hexes, L.160;
 *  - Palermo – Partinico costs 2 (standard) or 4 (R6H) on standard gauge,
 *    1 (R6H) or 2 on narrow.
 * Values chosen to give the stated sums: Palermo 50, Partinico 30, Marsala
 * 50, Trapani 30, the three towns 10. Flat hexes: Palermo C1, Partinico C3
 * (narrow C1–C3, standard C1–D2–C3), standard C3 Alcamo D4 – E5 –
 * Castelvetrano E7 – E9 – Mazara D10 – Marsala C9, narrow C3 – C5 – C7 – C9,
 * dual C9 – Trapani C11.
 */
static const KolTestHex sicily_hexes[] = {
  { "C1", NULL, "city=revenue:50;path=a:0,b:_0,track:narrow;path=a:5,b:_0,track:broad" },
  { "D2", NULL, "path=a:2,b:1,track:broad" },
  { "C3", NULL, "city=revenue:30;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:broad;"
                "path=a:_0,b:5,track:broad;path=a:_0,b:0,track:narrow" },
  { "D4", NULL, "town=revenue:10;path=a:2,b:_0,track:broad;path=a:_0,b:5,track:broad" },
  { "E5", NULL, "path=a:2,b:0,track:broad" },
  { "E7", NULL, "town=revenue:10;path=a:3,b:_0,track:broad;path=a:_0,b:0,track:broad" },
  { "E9", NULL, "path=a:3,b:1,track:broad" },
  { "D10", NULL, "town=revenue:10;path=a:4,b:_0,track:broad;path=a:_0,b:2,track:broad" },
  { "C5", NULL, "path=a:3,b:0,track:narrow" },
  { "C7", NULL, "path=a:3,b:0,track:narrow" },
  { "C9", NULL, "city=revenue:50;path=a:5,b:_0,track:broad;path=a:3,b:_0,track:narrow;"
                "path=a:_0,b:0,track:dual" },
  { "C11", NULL, "city=revenue:30;path=a:3,b:_0,track:dual" },
  { NULL },
};

static KolRouteTrain
h_train (int n)
{
  KolRouteTrain t;

  kol_route_train_init (&t, RT_BROAD | RT_NARROW, n);
  t.edge_cost[1] = 2;
  return t;
}

static KolRouteTrain
r6h_train (void)
{
  KolRouteTrain t;

  kol_route_train_init (&t, RT_BROAD | RT_NARROW, 6);
  t.edge_cost[0] = 2;
  return t;
}

/* Checks a route given by its stops and, per connection, the hexes it runs
 * through (as 18xx.games records it); returns the revenue, *dist the
 * distance. */
static int
check_by_hexes (KolEngine           *engine,
                const KolRouteRules *rules,
                const KolRouteTrain *train,
                const char          *stops,
                const char *const   *conns,
                int                 *dist,
                KolReason           *reason)
{
  KolRouteNode nodes[16];
  KolRouteConnection c[16] = { { 0 } };
  gint16 hexes[16][16];
  KolRouteDraft d = { 0 };
  KolRoute out = { 0 };
  KolRefusal refusal = { 0 };
  int rev;

  d.n_nodes = rt_parse_nodes (engine, stops, nodes, 16);
  d.nodes = nodes;
  d.connections = c;
  for (int i = 0; i + 1 < d.n_nodes; i++)
    {
      g_auto(GStrv) ids = g_strsplit (conns[i], " ", -1);

      for (int k = 0; ids[k]; k++)
        hexes[i][c[i].n_hexes++] = (gint16) kol_test_hex (engine, ids[k]);
      c[i].hexes = hexes[i];
    }
  rev = kol_route_check (engine, 0, rules, train, &d, NULL, 0, &out, &refusal, NULL);
  *dist = out.distance;
  if (reason)
    *reason = rev >= 0 ? KOL_REASON_NONE : (KolReason) refusal.args[0].value;
  kol_route_clear (&out);
  return rev;
}

static void
test_1849_10_5_1 (void)
{
  KolTitle *title;
  KolEngine *engine = game_new (&title, "flat", RT_TRACKS_1849, NULL, sicily_hexes);
  KolRouteRules rules;
  KolRouteTrain h8 = h_train (8), r6h = r6h_train ();
  KolReason reason;
  int dist;

  kol_route_rules_init (&rules);
  rt_token_at (engine, "C1", 0, 0);

  {
    static const char *const standard[] = { "C1 D2 C3", "C3 D4", "D4 E5 E7", "E7 E9 D10", "D10 C9" };
    g_assert_cmpint (check_by_hexes (engine, &rules, &h8, "C1.0 C3.0 D4.0 E7.0 D10.0 C9.0", standard, &dist, NULL),
                     ==, 160);
    g_assert_cmpint (dist, ==, 8);
  }
  {
    static const char *const narrow[] = { "C1 C3", "C3 C5 C7 C9" };
    g_assert_cmpint (check_by_hexes (engine, &rules, &h8, "C1.0 C3.0 C9.0", narrow, &dist, NULL), ==, 130);
    g_assert_cmpint (dist, ==, 8);
  }
  {
    static const char *const r6[] = { "C1 C3", "C3 C5 C7 C9", "C9 C11" };
    g_assert_cmpint (check_by_hexes (engine, &rules, &r6h, "C1.0 C3.0 C9.0 C11.0", r6, &dist, NULL), ==, 160);
    g_assert_cmpint (dist, ==, 5);
    /* the same run is one hex too long for an 8H */
    g_assert_cmpint (check_by_hexes (engine, &rules, &h8, "C1.0 C3.0 C9.0 C11.0", r6, &dist, &reason), ==, -1);
    g_assert_cmpint (reason, ==, KOL_REASON_ROUTE_TOO_LONG);
  }
  {
    /* Palermo – Partinico: standard 2 (R6H 4), narrow 2 (R6H 1) */
    static const char *const std[] = { "C1 D2 C3" }, *const nar[] = { "C1 C3" };
    KolRouteTrain h = h_train (16), r = r6h_train ();

    check_by_hexes (engine, &rules, &h, "C1.0 C3.0", std, &dist, NULL);
    g_assert_cmpint (dist, ==, 2);
    check_by_hexes (engine, &rules, &r, "C1.0 C3.0", std, &dist, NULL);
    g_assert_cmpint (dist, ==, 4);
    check_by_hexes (engine, &rules, &h, "C1.0 C3.0", nar, &dist, NULL);
    g_assert_cmpint (dist, ==, 2);
    check_by_hexes (engine, &rules, &r, "C1.0 C3.0", nar, &dist, NULL);
    g_assert_cmpint (dist, ==, 1);
  }

  /* the optimiser: each train alone, and the two 8H together on separate
   * track, meeting at Palermo, Partinico and Marsala */
  {
    g_autoptr(KolRouteResult) r = rt_solve (engine, 0, &rules, &h8, 1);
    g_assert_cmpint (r->total, ==, 160);
  }
  {
    g_autoptr(KolRouteResult) r = rt_solve (engine, 0, &rules, &r6h, 1);
    g_autofree char *s = rt_route_str (engine, &r->routes[0]);

    g_assert_cmpint (r->total, ==, 160);
    g_assert_cmpstr (s, ==, "C1.0 C3.0 C9.0 C11.0");
    g_assert_cmpint (r->routes[0].distance, ==, 5);
  }
  {
    KolRouteTrain two[2] = { h8, h8 };
    g_autoptr(KolRouteResult) r = rt_solve (engine, 0, &rules, two, 2);

    g_assert_cmpint (r->total, ==, 290);
    g_assert_cmpint (r->n_routes, ==, 2);
  }
  kol_engine_free (engine);
  kol_title_free (title);
}

/* 002 §10.5.2: "a route through cities of 30, 20 and 20 earns L.70". */
static const KolTestHex sum_hexes[] = {
  { "C1", NULL, "city=revenue:30;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:20;path=a:3,b:_0;path=a:_0,b:0" },
  { "C5", NULL, "city=revenue:20;path=a:3,b:_0" },
  { NULL },
};

static void
test_1849_10_5_2 (void)
{
  KolTitle *title;
  KolEngine *engine = game_new (&title, "flat", RT_TRACKS_1849, NULL, sum_hexes);
  KolRouteRules rules;
  KolRouteTrain h4 = h_train (4);

  kol_route_rules_init (&rules);
  rt_token_at (engine, "C3", 0, 0);
  g_assert_cmpint (rt_check (engine, 0, &rules, &h4, "C1.0 C3.0 C5.0", NULL, 0, NULL), ==, 70);
  {
    g_autoptr(KolRouteResult) r = rt_solve (engine, 0, &rules, &h4, 1);
    g_assert_cmpint (r->total, ==, 70);
  }
  kol_engine_free (engine);
  kol_title_free (title);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/route/examples/1840-ix8", test_1840_ix8);
  g_test_add_func ("/route/examples/1840-example-2", test_1840_example_2);
  g_test_add_func ("/route/examples/1849-10.5.1", test_1849_10_5_1);
  g_test_add_func ("/route/examples/1849-10.5.2", test_1849_10_5_2);
  return g_test_run ();
}
