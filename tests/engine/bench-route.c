/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "route-test-boards.h"

#include <stdio.h>
#include <time.h>

/*
 * Route optimiser benchmark on random boards of the engine's tile DSL, the
 * "stress beyond reality" category (run by `meson test --benchmark`;
 * `bench-route [--quick]` by hand; ROUTE_BENCH=TEXT runs the configurations
 * whose name contains TEXT, ROUTE_SEARCH_ORDER_TIES=1 breaks ties by search
 * order, ROUTE_PER_STRETCH=1 prices 1849 dual gauge per stretch as
 * 18xx.games does instead of by the gauge entered on). Realistic positions are `koleya-cli bench-routes`: the recorded
 * games, and late-game boards filled legally from the real titles' tile
 * supply. These boards go beyond what a game can lay:
 *  - 1840: 150 pointy hexes, every one with a tile (halts, one or two per
 *    tile, and interchanges of up to six exits), six stations, one
 *    unlimited tram; with about as many chains as vertices (like the real
 *    maps), also with stations in most interchanges, then a quarter more
 *    chains, and nearly every hex side joined;
 *  - 1849: 73 flat hexes of plain track, halts and cities on broad, narrow
 *    and dual gauge, with 4 trains (4H 4H 6H 6H), 2 trains (12H 16H) and
 *    16H + E, and denser boards with 4H 6H 8H 10H and 16H + E.
 * Each position is solved three times; its time is the median of the three,
 * in CPU time of the solving thread (the machine may be shared; wall time is
 * printed too). The figures are printed; nothing is asserted about time.
 */

typedef struct
{
  const char   *name;
  gboolean      style_1840;
  RtBoardParams params;
  int           trains[4];    /* 1849: H distance, −6 for R6H, 0 for E; 1840: unused */
  int           n_trains;
  int           n_positions;  /* 0: the default */
} Config;

static const Config configs[] = {
  /* about as many chains as vertices, like the real 1840 maps (routing.md §3.6) */
  { "1840 late game, 150 hexes, 6 stations", TRUE,
    { 10, 10, 15, 15, 42, 48, 0, 6, 6, 1, 1, 0, 3, 55 }, { 0 }, 1 },
  /* the same with stations nearly everywhere (routing.md §3.6's stress) */
  { "1840 late game, 60 stations", TRUE,
    { 10, 10, 15, 15, 42, 48, 0, 60, 60, 1, 1, 0, 3, 55 }, { 0 }, 1 },
  /* a quarter more chains than vertices: many more cycles than real maps */
  { "1840 busy, 150 hexes, 6 stations", TRUE,
    { 10, 10, 15, 15, 58, 62, 0, 6, 6, 1, 1, 0, 3, 55 }, { 0 }, 1 },
  /* nearly every hex side joined: a lattice of 4–6-exit tiles */
  { "1840 dense lattice, 150 hexes, 6 stations", TRUE,
    { 10, 10, 15, 15, 85, 95, 0, 6, 6, 1, 1, 0, 3, 55 }, { 0 }, 1, 10 },
  { "1849 early, 73 hexes, 4H 4H 6H 6H", FALSE,
    { 7, 7, 11, 11, 70, 80, 5, 3, 4, 4, 4, 40, 5, 20 }, { 4, 4, 6, 6 }, 4 },
  { "1849 late, 73 hexes, 12H 16H", FALSE,
    { 7, 7, 11, 11, 70, 80, 5, 3, 4, 2, 2, 40, 5, 20 }, { 12, 16 }, 2 },
  { "1849 late, 73 hexes, 16H E", FALSE,
    { 7, 7, 11, 11, 70, 80, 5, 3, 4, 2, 2, 40, 5, 20 }, { 16, 0 }, 2 },
  { "1849 dense, 73 hexes, 4H 6H 8H 10H", FALSE,
    { 7, 7, 11, 11, 85, 95, 5, 4, 4, 4, 4, 20, 5, 25 }, { 4, 6, 8, 10 }, 4 },
  { "1849 dense, 73 hexes, 16H E", FALSE,
    { 7, 7, 11, 11, 85, 95, 5, 4, 4, 2, 2, 20, 5, 25 }, { 16, 0 }, 2 },
};

static KolRouteTrain
make_train (int code)
{
  KolRouteTrain t;

  if (code > 0)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, code);
      t.edge_cost[1] = 2;
    }
  else if (code < 0)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, -code);
      t.edge_cost[0] = 2;
    }
  else
    {
      kol_route_train_init (&t, RT_BROAD, KOL_ROUTE_UNLIMITED);
      t.tag = 'E';
    }
  return t;
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1000.0 + (double) ts.tv_nsec / 1e6;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (const double *sorted,
            int           n,
            double        p)
{
  int i = (int) (p * (n - 1) + 0.5);

  return sorted[CLAMP (i, 0, n - 1)];
}

/* A benchmark may give up on a position (the solver never does on its own):
 * after LIMIT_MS the cancel flag is raised and the position counts as not
 * proven. */
#define LIMIT_MS 10000

typedef struct
{
  gint cancel;
  gint done;
} Watch;

static gpointer
watchdog (gpointer data)
{
  Watch *w = data;

  for (int waited = 0; waited < LIMIT_MS && !g_atomic_int_get (&w->done); waited += 5)
    g_usleep (5000);
  g_atomic_int_set (&w->cancel, 1);
  return NULL;
}

static void
run_config (const Config *cfg,
            int           n_positions)
{
  double *ms = g_new (double, n_positions), *wall = g_new (double, n_positions);
  guint64 arms = 0, pairs = 0, bb = 0, memo = 0, cands = 0;
  guint vmax = 0, cmax = 0;
  int unproven = 0;

  for (int i = 0; i < n_positions; i++)
    {
      Case c;
      double runs[3], walls[3];

      case_init (&c, 1000 + (guint32) i, cfg->style_1840, &cfg->params);
      if (cfg->style_1840)
        {
          c.stadtbahn = FALSE;
          c.rules.anchor_is_end = FALSE;
          kol_route_train_init (&c.trains[0], RT_TRAM, KOL_ROUTE_UNLIMITED);
        }
      else
        {
          c.n_trains = cfg->n_trains;
          for (int t = 0; t < cfg->n_trains; t++)
            c.trains[t] = make_train (cfg->trains[t]);
          /* the rulebook's pricing of dual gauge (§10.5.1), the default */
          c.rules.entered_gauge = g_getenv ("ROUTE_PER_STRETCH") == NULL;
        }
      for (int run = 0; run < 3; run++)
        {
          g_autoptr(KolRouteResult) r = NULL;
          Watch w = { 0, 0 };
          KolRouteSolveOpts opts = { &w.cancel, TRUE, g_getenv ("ROUTE_SEARCH_ORDER_TIES") != NULL };
          GThread *dog = g_thread_new ("watchdog", watchdog, &w);
          gint64 t0 = g_get_monotonic_time ();
          double c0 = cpu_ms ();

          r = kol_route_solve (c.engine, 0, &c.rules, c.trains, c.n_trains, &opts, NULL);
          runs[run] = cpu_ms () - c0;
          walls[run] = (double) (g_get_monotonic_time () - t0) / 1000.0;
          g_atomic_int_set (&w.done, 1);
          g_thread_join (dog);
          if (!r->proven)
            {
              unproven++;
              runs[1] = runs[2] = runs[run];
              walls[1] = walls[2] = walls[run];
              break;
            }
          if (run == 0)
            {
              arms += r->stats.arms;
              pairs += r->stats.pairs;
              bb += r->stats.bb_nodes;
              memo += r->stats.memo_hits;
              cands += r->stats.candidates;
              vmax = MAX (vmax, r->stats.vertices);
              cmax = MAX (cmax, r->stats.chains);
            }
        }
      qsort (runs, 3, sizeof (double), cmp_double);
      qsort (walls, 3, sizeof (double), cmp_double);
      ms[i] = runs[1];
      wall[i] = walls[1];
      case_clear (&c);
    }
  qsort (ms, (size_t) n_positions, sizeof (double), cmp_double);
  qsort (wall, (size_t) n_positions, sizeof (double), cmp_double);
  printf ("stress: %-40s n=%d  CPU median %.3f ms  p95 %.3f ms  max %.3f ms  (wall median %.3f, max %.3f)",
          cfg->name, n_positions, percentile (ms, n_positions, 0.5), percentile (ms, n_positions, 0.95),
          ms[n_positions - 1], percentile (wall, n_positions, 0.5), wall[n_positions - 1]);
  if (unproven)
    printf ("  (%d not proven within %d ms)", unproven, LIMIT_MS);
  printf ("\n");
  printf ("        %-40s up to %u vertices, %u chains; per position: %.0f arms, %.0f pairs, "
          "%.0f candidates, %.0f B&B nodes, %.0f memo hits\n", "",
          vmax, cmax, (double) arms / n_positions, (double) pairs / n_positions,
          (double) cands / n_positions, (double) bb / n_positions, (double) memo / n_positions);
  fflush (stdout);
  g_free (ms);
  g_free (wall);
}

int
main (int   argc,
      char *argv[])
{
  int n = (argc > 1 && strcmp (argv[1], "--quick") == 0) ? 5 : 40;
  const char *only = g_getenv ("ROUTE_BENCH");

  for (gsize i = 0; i < G_N_ELEMENTS (configs); i++)
    if (only == NULL || strstr (configs[i].name, only))
      run_config (&configs[i], n == 5 || configs[i].n_positions == 0 ? n : configs[i].n_positions);
  return 0;
}
