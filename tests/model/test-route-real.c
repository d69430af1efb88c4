/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-title-loader.h"
#include "kol-cli-route-boards.h"
#include "route-test-oracle.h"

/*
 * The route optimiser against exhaustive search on boards of the real
 * titles: the synthetic late-game boards of `koleya-cli bench-routes`
 * (src/cli/kol-cli-route-boards.c), but filled only in a small region
 * around a company home so that the oracle (tests/engine/route-test-oracle.h)
 * can enumerate every route. The rules and trains are the title modules'
 * own (their route hooks), so this also checks that the optimiser and the
 * validator agree under the real 1840 and 1849 rules (1840 IX.7–IX.8; 1849
 * §10.5.1–10.5.2): the optimum, the one-train tie-break and the documented
 * choice among equal combinations of several trains.
 *
 * A failure names its configuration and seed; ROUTE_SEED=n moves the seeds,
 * ROUTE_CASES=n sets the boards per configuration.
 */

#define ORACLE_LIMIT 60000

typedef struct
{
  const char       *title;
  int               players;
  const char       *options;   /* separated by spaces, or NULL */
  int               boards;
  KolRouteBoardSpec spec;
} Config;

/* Regions of 9 to 14 hexes, filled to the last phase unless said. */
static const Config configs[] = {
  { "1840", 2, NULL, 20, { -1, 1, 4, 4, "Y1|O1|R1|Pi1|Pu1", "line city", 11, 80, 70 } },
  { "1840", 3, "three_player_small", 16, { -1, 1, 4, 4, "Y1|R1|Pu1", "line city", 12, 80, 70 } },
  { "1840", 4, NULL, 16, { -1, 1, 4, 4, "Y1|O1|Pu1", "line city", 10, 60, 70 } },
  { "1840", 6, NULL, 16, { 2, 1, 3, 5, "O1|Pi1", "line", 12, 90, 70 } },
  { "1849", 3, NULL, 25, { 1, 1, 3, 0, "4H 4H 6H", "public", 12, 80, 0 } },
  { "1849", 4, NULL, 25, { -1, 1, 3, 0, "8H|10H 12H|16H", "public", 12, 80, 0 } },
  { "1849", 5, NULL, 25, { -1, 1, 3, 0, "R6H 16H", "public", 14, 70, 0 } },
  { "1849", 3, "bonds acquiring_station_tokens electric_dreams", 25,
    { -1, 1, 3, 0, "16H E", "public", 12, 80, 0 } },
};

typedef struct
{
  int     runs;
  int     nonzero;
  int     skipped;
  int     combos;
  guint64 checked;
} Tally;

static KolTitle *
load (const Config *cfg)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), cfg->title, NULL);
  g_auto(GStrv) options = cfg->options ? g_strsplit (cfg->options, " ", -1) : g_new0 (char *, 1);
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_loader_load (dir, cfg->players, (const char * const *) options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

static void
check_routes_valid (KolEngine              *engine,
                    const KolRouteBoardRun *run,
                    const KolRouteResult   *r)
{
  for (int i = 0; i < r->n_routes; i++)
    {
      const KolRoute *route = &r->routes[i];
      g_autofree KolRouteConnection *conns = g_new0 (KolRouteConnection, MAX (route->n_nodes, 1));
      KolRouteDraft d = { route->n_nodes, route->nodes, conns };

      for (int k = 0; k + 1 < route->n_nodes; k++)
        {
          conns[k].n_paths = route->chain_start[k + 1] - route->chain_start[k];
          conns[k].paths = route->paths + route->chain_start[k];
        }
      g_assert_cmpint (kol_route_check (engine, run->corp, &run->rules, &run->trains[route->train], &d,
                                        r->routes, i, NULL, NULL, NULL), ==, route->revenue);
    }
}

static void
check_run (const char             *name,
           guint32                 seed,
           KolEngine              *engine,
           const KolRouteBoardRun *run,
           Tally                  *tally)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRouteResult) r = kol_route_solve (engine, run->corp, &run->rules, run->trains, run->n_trains,
                                                 NULL, &error);
  GPtrArray *lists[KOL_ROUTE_MAX_TRAINS] = { NULL };
  RtAssign a = { 0 };
  gboolean too_big = FALSE;

  g_assert_no_error (error);
  g_assert_true (r->proven);
  check_routes_valid (engine, run, r);
  tally->runs++;
  a.n = run->n_trains;
  for (int t = 0; t < run->n_trains && !too_big; t++)
    {
      lists[t] = rt_oracle_routes (engine, run->corp, &run->rules, &run->trains[t], ORACLE_LIMIT,
                                   &tally->checked, &too_big);
      a.lists[t] = lists[t];
      for (guint i = 0; i < lists[t]->len; i++)
        a.max[t] = MAX (a.max[t], ((RtFound *) g_ptr_array_index (lists[t], i))->revenue);
    }
  if (too_big)
    {
      tally->skipped++;
      goto out;
    }
  rt_assign (&a, 0, 0);
  if (r->total != a.best)
    g_error ("%s seed %u, %s: optimiser %d, exhaustive search %d", name, seed, run->label, r->total, a.best);
  tally->nonzero += a.best > 0;
  if (run->n_trains == 1)
    {
      RtFound *best = rt_oracle_best (lists[0]);

      g_assert_cmpint (r->n_routes, ==, best ? 1 : 0);
      if (best)
        {
          g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));

          g_array_append_vals (mine, r->routes[0].nodes, (guint) r->routes[0].n_nodes);
          if (rt_cmp_nodes (mine, best->nodes) != 0)
            g_error ("%s seed %u, %s: the tie-break differs from the smallest best route", name, seed,
                     run->label);
        }
    }
  else if (rt_check_combo (seed, r, lists, run->n_trains))
    tally->combos++;
out:
  for (int t = 0; t < run->n_trains; t++)
    if (lists[t])
      g_ptr_array_unref (lists[t]);
}

static void
test_config (gconstpointer data)
{
  const Config *cfg = data;
  g_autoptr(KolTitle) title = load (cfg);
  const char *env_seed = g_getenv ("ROUTE_SEED"), *env_n = g_getenv ("ROUTE_CASES");
  guint32 seed0 = env_seed ? (guint32) g_ascii_strtoull (env_seed, NULL, 10) : 1;
  int n = env_n ? atoi (env_n) : cfg->boards;
  g_autofree char *name = g_strdup_printf ("%s %dp%s%s", cfg->title, cfg->players, cfg->options ? " " : "",
                                           cfg->options ? cfg->options : "");
  Tally tally = { 0 };

  for (int i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KolRouteBoard) board = kol_route_board_new (title, &cfg->spec, seed0 + (guint32) i, &error);

      g_assert_no_error (error);
      for (int k = 0; k < board->n_runs; k++)
        check_run (name, seed0 + (guint32) i, board->engine, &board->runs[k], &tally);
    }
  g_test_message ("%s: %d runs on %d boards, %d with revenue, %d too big for the oracle, %d choices "
                  "among equal combinations checked, %" G_GUINT64_FORMAT " routes checked by the oracle",
                  name, tally.runs, n, tally.nonzero, tally.skipped, tally.combos, tally.checked);
  /* the boards must give the comparison something to compare */
  g_assert_cmpint (tally.nonzero, >=, tally.runs / 3);
  g_assert_cmpint (tally.skipped, <=, tally.runs / 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      const Config *cfg = &configs[i];
      g_autofree char *path = g_strdup_printf ("/route/real/%zu-%s-%dp", i, cfg->title, cfg->players);

      g_test_add_data_func (path, cfg, test_config);
    }
  return g_test_run ();
}
