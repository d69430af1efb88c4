/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "route-test-boards.h"
#include "route-test-oracle.h"

/*
 * The optimiser against exhaustive search on random small boards.
 *
 * Each board is generated from a seed (so a failure names its seed and can be
 * replayed with ROUTE_SEED=n) in one of two title styles:
 *  - 1840 style: pointy hexes, tram and Stadtbahn networks, one unlimited
 *    tram, cities paying only with the line's own station (IX.8), halts,
 *    two-city and two-halt tiles, off-boards and terminal red cities, red
 *    areas that may not be visited, blocked cities, tokens that do not block
 *    (Stadtbahn markers, #5938), landmark bonuses, revenue by colour; a tenth
 *    of the boards run a Stadtbahn-style line from its station as route end.
 *  - 1849 style: flat hexes, broad/narrow/dual track, one to four trains out
 *    of H trains (narrow edges count 2), R6H (broad counts 2) and E trains
 *    (unlimited, broad only, doubling some cities), ports (optional stops,
 *    both the rulebook and the 18xx.games readings), a CNM-style bonus,
 *    gray values by phase, and up to four trains on edge-disjoint routes;
 *    dual gauge counts as the gauge entered on (§10.5.1) on two boards in
 *    three, per stretch (18xx.games) on the others. On those of §10.5.1 the
 *    oracle computes each route's distance on its own and holds the
 *    validator's to it.
 *
 * The oracle (route-test-oracle.h) shares nothing with the optimiser but
 * the validator.
 */

#define N_1840 300
#define N_1849 250
#define N_1830 250

/* Routes the oracle may check on one board before giving up on it; a few
 * dense boards with unlimited trains have millions. */
#define ORACLE_LIMIT 80000

static void
run_case (guint32              seed,
          gboolean             style_1840,
          const RtBoardParams *params,
          guint64 *checked,
          int     *nonzero,
          int     *skipped,
          int     *combos,
          int     *entered)
{
  Case c;
  gboolean too_big = FALSE;
  GPtrArray *lists[4] = { NULL };
  RtAssign a = { 0 };
  g_autoptr(KolRouteResult) r = NULL;
  g_autoptr(GError) error = NULL;
  KolRouteSolveOpts search_order = { NULL, FALSE, TRUE };

  case_init (&c, seed, style_1840, params);
  /* the default tie-break is checked below against the oracle */
  r = kol_route_solve (c.engine, 0, &c.rules, c.trains, c.n_trains, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (r->proven);
  /* ties by search order reach the same optimum */
  {
    g_autoptr(KolRouteResult) fast = kol_route_solve (c.engine, 0, &c.rules, c.trains, c.n_trains,
                                                      &search_order, &error);

    g_assert_no_error (error);
    g_assert_true (fast->proven);
    if (fast->total != r->total)
      g_error ("seed %u: %d with ties by search order, %d by the rule", seed, fast->total, r->total);
    g_assert_cmpint (fast->n_routes, ==, r->n_routes);
  }

  a.n = c.n_trains;
  for (int t = 0; t < c.n_trains; t++)
    {
      int same = -1;

      for (int u = 0; u < t && same < 0; u++)
        if (memcmp (&c.trains[u], &c.trains[t], sizeof (KolRouteTrain)) == 0)
          same = u;
      lists[t] = same >= 0 ? g_ptr_array_ref (lists[same]) : rt_oracle_routes (c.engine, 0, &c.rules, &c.trains[t], ORACLE_LIMIT,
                                                                       checked, &too_big);
      a.lists[t] = lists[t];
      for (guint i = 0; i < lists[t]->len; i++)
        a.max[t] = MAX (a.max[t], ((RtFound *) g_ptr_array_index (lists[t], i))->revenue);
    }
  if (too_big)
    {
      (*skipped)++;
      goto out;
    }
  rt_assign (&a, 0, 0);

  if (r->total != a.best)
    g_error ("seed %u (%s): optimiser %d, exhaustive search %d", seed,
             style_1840 ? "1840" : "1849", r->total, a.best);
  /* boards where the entered gauge changes the optimum */
  if (c.rules.entered_gauge)
    {
      KolRouteRules per_stretch = c.rules;
      g_autoptr(KolRouteResult) other = NULL;

      per_stretch.entered_gauge = FALSE;
      other = kol_route_solve (c.engine, 0, &per_stretch, c.trains, c.n_trains, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (other->total, >=, r->total);
      *entered += other->total > r->total;
    }
  if (a.best > 0)
    (*nonzero)++;

  /* every route is valid, on its own and beside the others */
  for (int i = 0; i < r->n_routes; i++)
    {
      const KolRoute *route = &r->routes[i];
      KolRouteConnection conns[64];
      KolRouteDraft d = { route->n_nodes, route->nodes, conns };

      g_assert_cmpint (route->n_nodes, <=, 64);
      for (int k = 0; k + 1 < route->n_nodes; k++)
        {
          conns[k].n_paths = route->chain_start[k + 1] - route->chain_start[k];
          conns[k].paths = route->paths + route->chain_start[k];
          conns[k].n_hexes = 0;
        }
      g_assert_cmpint (kol_route_check (c.engine, 0, &c.rules, &c.trains[route->train], &d, r->routes, i,
                                        NULL, NULL, NULL), ==, route->revenue);
    }

  /* one train: a valid route whenever one exists, and the exact tie-break */
  if (c.n_trains == 1)
    {
      RtFound *best = rt_oracle_best (lists[0]);
      g_assert_cmpint (r->n_routes, ==, best ? 1 : 0);
      if (best)
        {
          GArray *mine = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));

          g_array_append_vals (mine, r->routes[0].nodes, (guint) r->routes[0].n_nodes);
          if (rt_cmp_nodes (mine, best->nodes) != 0)
            g_error ("seed %u: tie-break differs from the smallest best route", seed);
          g_array_unref (mine);
        }
    }

  /* several trains: the documented choice among equal combinations */
  if (c.n_trains > 1 && rt_check_combo (seed, r, lists, c.n_trains))
    (*combos)++;

out:
  for (int t = 0; t < c.n_trains; t++)
    g_ptr_array_unref (lists[t]);
  case_clear (&c);
}

static guint32
first_seed (void)
{
  const char *env = g_getenv ("ROUTE_SEED");

  return env ? (guint32) g_ascii_strtoull (env, NULL, 10) : 1;
}

static void
run_style (gboolean             style_1840,
           const RtBoardParams *params,
           int                  n)
{
  guint64 checked = 0;
  int nonzero = 0, skipped = 0, combos = 0, entered = 0;
  guint32 seed = first_seed ();
  const char *env_n = g_getenv ("ROUTE_CASES");

  if (env_n)
    n = atoi (env_n);
  for (int i = 0; i < n; i++)
    run_case (seed + (guint32) i, style_1840, params, &checked, &nonzero, &skipped, &combos, &entered);
  g_test_message ("%d boards compared, %d with revenue, %d too big for the oracle, "
                  "%" G_GUINT64_FORMAT " routes checked by the oracle, %d choices among equal "
                  "combinations of several trains checked, %d optima lowered by the entered gauge",
                  n - skipped, nonzero, skipped, checked, combos, entered);
  /* the generator must give the comparison something to compare */
  g_assert_cmpint (nonzero, >=, n / 2);
  g_assert_cmpint (skipped, <=, n / 50);
  if (!style_1840 && !params->stop_trains)
    g_assert_cmpint (entered, >=, 1);
}

static void
test_1840_style (void)
{
  run_style (TRUE, &rt_small_boards, N_1840);
}

static void
test_1849_style (void)
{
  run_style (FALSE, &rt_small_boards_1849, N_1849);
}

static void
test_1830_style (void)
{
  run_style (FALSE, &rt_small_boards_1830, N_1830);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/route/brute/1840-style", test_1840_style);
  g_test_add_func ("/route/brute/1849-style", test_1849_style);
  g_test_add_func ("/route/brute/1830-style", test_1830_style);
  return g_test_run ();
}
