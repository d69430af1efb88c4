/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "kol-cli.h"
#include "kol-action-json.h"
#include "kol-engine-consent.h"
#include "kol-policy.h"
#include "kol-save-file.h"

/*
 * koleya-cli arena: computer players against each other. Each seat has a
 * policy (random, easy, medium, strong); the seats rotate between games
 * (game g gives seat i the policy given (i + g) mod N), so every policy
 * sits everywhere in the turn order. Every action is checked as self-play
 * checks it: applied atomically (a refusal is a violation), the title's
 * invariants after it, a game that ends. The winner is the highest score;
 * a tie shares the win. Deals between owners are offers the seller's seat
 * answers (kol-engine-consent.h), so a computer is asked like a person.
 * Move times are those of decisions with more than
 * one legal action, measured around the policy's choice alone.
 *
 * Arenas of strong seats take hours: Ctrl+C (or SIGTERM) stops the games
 * under way and reports those finished, marked "stopped"; a second one
 * ends the program at once.
 */

#define MAX_ACTIONS_PER_GAME 20000

typedef struct
{
  const KolTitle *title;
  int             n_players;
  int             n_seats;
  KolPolicyKind   seats[KOL_MAX_PLAYERS];
  gint64          seed;
  int             budget_ms;
  int             rollouts;
  gboolean        verbose;
  gboolean        trace;
  gboolean        cpu_budget;
} Arena;

/* The outcome of one game. */
typedef struct
{
  guint    index;
  gint64   seed;
  KolPolicyKind policy[KOL_MAX_PLAYERS];   /* of each player */
  int      score[KOL_MAX_PLAYERS];
  double   win[KOL_MAX_PLAYERS];           /* 1, or a share of a tie */
  GArray  *move_ms[KOL_N_POLICIES];        /* double */
  guint    actions;
  char    *violation;                      /* NULL when none */
  char    *violation_action;
  guint    violation_index;
  int      end_reason;
  gboolean unfinished;                     /* stopped before its end */
} Game;

/* Set by SIGINT or SIGTERM; also the policies' cancel flag. */
static gint stop_requested;

static void
on_stop_signal (int sig)
{
  g_atomic_int_set (&stop_requested, 1);
  signal (sig, SIG_DFL);
}

static gboolean
stopping (void)
{
  return g_atomic_int_get (&stop_requested) != 0;
}

static void
game_clear (Game *g)
{
  for (int k = 0; k < KOL_N_POLICIES; k++)
    g_clear_pointer (&g->move_ms[k], g_array_unref);
  g_clear_pointer (&g->violation, g_free);
  g_clear_pointer (&g->violation_action, g_free);
}

static void
violation (Game            *g,
           KolEngine       *engine,
           const KolAction *a,
           const char      *problem)
{
  g->violation = g_strdup (problem);
  g->violation_index = g->actions;
  if (a != NULL)
    {
      g_autoptr(JsonNode) node = kol_action_to_json (engine, a);

      if (node)
        g->violation_action = json_to_string (node, FALSE);
    }
}

/* As self-play checks: the title's invariants, and that nothing changed
 * hands between owners without consent. */
static gboolean
check (KolEngine       *before,
       KolEngine       *engine,
       Game            *g,
       const KolAction *a)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  gboolean ok = kol_consent_check (before, engine, a, problems);

  if (engine->module->check_invariants != NULL)
    ok = engine->module->check_invariants (engine, problems) && ok;
  if (!ok)
    violation (g, engine, a, problems->str);
  return ok;
}

static void
trace (KolEngine          *engine,
       const Game         *g,
       const KolAction    *a,
       const KolPolicyWhy *why,
       guint               n_legal,
       double              ms)
{
  g_autoptr(JsonNode) node = kol_action_to_json (engine, a);
  g_autofree char *text = node ? json_to_string (node, FALSE) : g_strdup ("?");
  int player = kol_policy_acting_player (engine);

  g_printerr ("%u.%u [%s %d %s] %s (%u choices, %.1f ms, why %d/%d/%d) %s\n", g->index, g->actions,
              kol_engine_round_name (engine), engine->round.round_num, engine->title->phases[engine->phase].name,
              player >= 0 ? kol_policy_kind_to_string (g->policy[player]) : "-", n_legal, ms, why->kind, why->corp,
              why->amount, text);
}

/* One decision: the seat's choice, timed, then applied. */
static gboolean
play_move (const Arena *arena,
           KolEngine   *engine,
           Game        *g)
{
  g_autoptr(GPtrArray) legal = kol_engine_legal_actions (engine);
  g_autoptr(KolAction) a = NULL;
  g_autoptr(KolEngine) before = NULL;
  g_autoptr(GError) error = NULL;
  int player = kol_policy_acting_player (engine);
  KolPolicyKind kind = player >= 0 ? g->policy[player] : KOL_POLICY_EASY;
  KolPolicyOptions opts = { 0 };
  KolPolicyWhy why;
  gint64 start;

  if (legal->len == 0)
    {
      violation (g, engine, NULL, "no legal action");
      return FALSE;
    }
  opts.seed = (guint64) g->seed * 1000003u + g->actions;
  opts.budget_ms = arena->budget_ms;
  opts.rollouts = arena->rollouts;
  opts.cpu_budget = arena->cpu_budget;
  opts.cancel = &stop_requested;
  start = g_get_monotonic_time ();
  a = kol_policy_choose (engine, kind, &opts, &why);
  if (stopping ())
    {
      g->unfinished = TRUE;
      return FALSE;
    }
  if (legal->len > 1)
    {
      double ms = (g_get_monotonic_time () - start) / 1000.0;

      g_array_append_val (g->move_ms[kind], ms);
      if (arena->trace && a != NULL)
        trace (engine, g, a, &why, legal->len, ms);
    }
  if (a == NULL)
    {
      violation (g, engine, NULL, "the policy chose nothing");
      return FALSE;
    }
  before = kol_engine_copy (engine);
  if (!kol_engine_apply (engine, a, TRUE, NULL, &error))
    {
      g_autofree char *what = g_strdup_printf ("a chosen action was refused: %s", error->message);

      violation (g, engine, a, what);
      return FALSE;
    }
  g->actions++;
  return check (before, engine, g, a);
}

static void
score (KolEngine *engine,
       Game      *g)
{
  int best = G_MININT, n_best = 0;

  for (int p = 0; p < engine->n_players; p++)
    {
      g->score[p] = kol_engine_player_value (engine, p);
      best = MAX (best, g->score[p]);
    }
  for (int p = 0; p < engine->n_players; p++)
    n_best += g->score[p] == best;
  for (int p = 0; p < engine->n_players; p++)
    g->win[p] = g->score[p] == best ? 1.0 / n_best : 0;
}

static void
play_game (const Arena *arena,
           Game        *g)
{
  int ids[KOL_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;
  g_autoptr(KolEngine) engine = NULL;

  for (int k = 0; k < KOL_N_POLICIES; k++)
    g->move_ms[k] = g_array_new (FALSE, FALSE, sizeof (double));
  for (int p = 0; p < arena->n_players; p++)
    {
      ids[p] = p + 1;
      g->policy[p] = arena->seats[(p + g->index) % arena->n_players];
    }
  engine = kol_engine_new (arena->title, arena->n_players, ids, NULL, g->seed, &error);
  if (engine == NULL)
    {
      violation (g, NULL, NULL, error->message);
      return;
    }
  engine->log_func = NULL;
  while (!engine->finished)
    {
      if (stopping ())
        {
          g->unfinished = TRUE;
          return;
        }
      if (g->actions >= MAX_ACTIONS_PER_GAME)
        {
          violation (g, engine, NULL, "the game does not end");
          return;
        }
      if (!play_move (arena, engine, g))
        return;
    }
  g->end_reason = engine->end_reason;
  score (engine, g);
}

/* ------------------------------------------------------------- threads */

typedef struct
{
  const Arena *arena;
  GMutex       lock;
  GCond        done_cond;
  guint        done;
} Pool;

static void
run_game (gpointer data,
          gpointer user_data)
{
  Game *g = data;
  Pool *pool = user_data;

  if (stopping ())
    g->unfinished = TRUE;
  else
    play_game (pool->arena, g);
  if (pool->arena->verbose && !g->unfinished)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, "game %u seed %" G_GINT64_FORMAT ": %u actions;", g->index, g->seed, g->actions);
      for (int p = 0; p < pool->arena->n_players; p++)
        g_string_append_printf (line, " %s %d", kol_policy_kind_to_string (g->policy[p]), g->score[p]);
      if (g->violation)
        g_string_append_printf (line, " VIOLATION %s", g->violation);
      g_printerr ("%s\n", line->str);
    }
  g_mutex_lock (&pool->lock);
  pool->done++;
  g_cond_signal (&pool->done_cond);
  g_mutex_unlock (&pool->lock);
}

static void
play_all (const Arena *arena,
          Game        *games,
          guint        n,
          int          jobs)
{
  Pool pool = { arena };
  GThreadPool *threads;

  g_mutex_init (&pool.lock);
  g_cond_init (&pool.done_cond);
  threads = g_thread_pool_new (run_game, &pool, MAX (jobs, 1), TRUE, NULL);
  for (guint i = 0; i < n; i++)
    g_thread_pool_push (threads, &games[i], NULL);
  g_mutex_lock (&pool.lock);
  while (pool.done < n)
    g_cond_wait (&pool.done_cond, &pool.lock);
  g_mutex_unlock (&pool.lock);
  g_thread_pool_free (threads, FALSE, TRUE);
  g_mutex_clear (&pool.lock);
  g_cond_clear (&pool.done_cond);
}

/* Moves the finished games to the front, in their order.
 * Returns: how many there are. */
static guint
keep_finished (Game  *games,
               guint  n)
{
  guint k = 0;

  for (guint i = 0; i < n; i++)
    if (!games[i].unfinished)
      {
        Game g = games[k];

        games[k++] = games[i];
        games[i] = g;
      }
  return k;
}

/* ------------------------------------------------------------- results */

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
quantile (GArray *sorted,
          double  q)
{
  guint i;

  if (sorted->len == 0)
    return 0;
  i = (guint) (q * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, double, MIN (i, sorted->len - 1));
}

static gboolean
policy_used (const Arena *arena,
             int          k)
{
  for (int i = 0; i < arena->n_players; i++)
    if ((int) arena->seats[i] == k)
      return TRUE;
  return FALSE;
}

static void
add_policy_numbers (JsonBuilder *b,
                    const Arena *arena,
                    const Game  *games,
                    guint        n,
                    gboolean     wins)
{
  json_builder_begin_object (b);
  for (int k = 0; k < KOL_N_POLICIES; k++)
    {
      double sum = 0;
      guint count = 0;

      if (!policy_used (arena, k))
        continue;
      for (guint i = 0; i < n; i++)
        for (int p = 0; p < arena->n_players && games[i].violation == NULL; p++)
          if ((int) games[i].policy[p] == k)
            {
              sum += wins ? games[i].win[p] : games[i].score[p];
              count++;
            }
      json_builder_set_member_name (b, kol_policy_kind_to_string (k));
      json_builder_add_double_value (b, wins ? sum : (count ? sum / count : 0));
    }
  json_builder_end_object (b);
}

static void
add_move_times (JsonBuilder *b,
                const Arena *arena,
                const Game  *games,
                guint        n)
{
  json_builder_begin_object (b);
  for (int k = 0; k < KOL_N_POLICIES; k++)
    {
      g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));

      if (!policy_used (arena, k))
        continue;
      for (guint i = 0; i < n; i++)
        g_array_append_vals (all, games[i].move_ms[k]->data, games[i].move_ms[k]->len);
      g_array_sort (all, cmp_double);
      json_builder_set_member_name (b, kol_policy_kind_to_string (k));
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "moves");
      json_builder_add_int_value (b, all->len);
      json_builder_set_member_name (b, "median");
      json_builder_add_double_value (b, quantile (all, 0.5));
      json_builder_set_member_name (b, "p95");
      json_builder_add_double_value (b, quantile (all, 0.95));
      json_builder_set_member_name (b, "max");
      json_builder_add_double_value (b, all->len ? g_array_index (all, double, all->len - 1) : 0);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
add_violations (JsonBuilder *b,
                const Game  *games,
                guint        n)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    if (games[i].violation != NULL)
      {
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "game");
        json_builder_add_int_value (b, games[i].index);
        json_builder_set_member_name (b, "seed");
        json_builder_add_int_value (b, games[i].seed);
        json_builder_set_member_name (b, "action_index");
        json_builder_add_int_value (b, games[i].violation_index);
        if (games[i].violation_action)
          {
            json_builder_set_member_name (b, "action");
            json_builder_add_string_value (b, games[i].violation_action);
          }
        json_builder_set_member_name (b, "problem");
        json_builder_add_string_value (b, games[i].violation);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
}

static void
print_json (const char  *title_id,
            const Arena *arena,
            const Game  *games,
            guint        n,
            gboolean     stopped,
            double       seconds)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, title_id);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, arena->n_players);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (int i = 0; i < arena->n_players; i++)
    json_builder_add_string_value (b, kol_policy_kind_to_string (arena->seats[i]));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, arena->seed);
  json_builder_set_member_name (b, "budget_ms");
  json_builder_add_int_value (b, arena->budget_ms > 0 ? arena->budget_ms : KOL_POLICY_DEFAULT_BUDGET_MS);
  json_builder_set_member_name (b, "rollouts");
  json_builder_add_int_value (b, arena->rollouts > 0 ? arena->rollouts : KOL_POLICY_DEFAULT_ROLLOUTS);
  json_builder_set_member_name (b, "budget_clock");
  json_builder_add_string_value (b, arena->cpu_budget ? "cpu" : "wall");
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, n);
  json_builder_set_member_name (b, "stopped");
  json_builder_add_boolean_value (b, stopped);
  json_builder_set_member_name (b, "wins");
  add_policy_numbers (b, arena, games, n, TRUE);
  json_builder_set_member_name (b, "mean_score");
  add_policy_numbers (b, arena, games, n, FALSE);
  json_builder_set_member_name (b, "move_ms");
  add_move_times (b, arena, games, n);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, seconds);
  json_builder_set_member_name (b, "violations");
  add_violations (b, games, n);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

static void
print_text (const Arena *arena,
            const Game  *games,
            guint        n,
            gboolean     stopped,
            double       seconds)
{
  guint bad = 0;

  for (guint i = 0; i < n; i++)
    bad += games[i].violation != NULL;
  if (stopped)
    /* Translators: koleya-cli arena was stopped (Ctrl+C); the figures
     * below are those of the games finished. */
    g_print ("%s\n", _("Stopped: only the finished games count."));
  /* Translators: koleya-cli arena's summary: games played, seconds. */
  g_print (_("%u games in %.1f s\n"), n, seconds);
  for (int k = 0; k < KOL_N_POLICIES; k++)
    {
      double wins = 0;

      if (!policy_used (arena, k))
        continue;
      for (guint i = 0; i < n; i++)
        for (int p = 0; p < arena->n_players && games[i].violation == NULL; p++)
          if ((int) games[i].policy[p] == k)
            wins += games[i].win[p];
      /* Translators: koleya-cli arena: a policy's name and its wins. */
      g_print (_("%-8s %.1f wins\n"), kol_policy_kind_to_string (k), wins);
    }
  /* Translators: koleya-cli arena: games in which a rule was broken. */
  g_print (_("%u violations\n"), bad);
}

/* ----------------------------------------------------------- arguments */

static gboolean
parse_seats (Arena  *arena,
             char  **seats)
{
  arena->n_seats = 0;
  for (int i = 0; seats != NULL && seats[i] != NULL; i++)
    {
      if (arena->n_seats >= KOL_MAX_PLAYERS || !kol_policy_kind_from_string (seats[i], &arena->seats[arena->n_seats]))
        return FALSE;
      arena->n_seats++;
    }
  if (arena->n_seats == 0 || arena->n_seats > arena->n_players)
    return FALSE;
  /* seats not given play as the last one given */
  for (int i = arena->n_seats; i < arena->n_players; i++)
    arena->seats[i] = arena->seats[arena->n_seats - 1];
  return TRUE;
}

int
kol_cli_arena (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("TITLE"));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) options = NULL;
  g_auto(GStrv) seats = NULL;
  g_autoptr(GPtrArray) option_list = g_ptr_array_new ();
  g_autofree Game *games = NULL;
  Arena arena = { 0 };
  KolTitle *title;
  GDestroyNotify title_free = NULL;
  int n_games = 1, jobs = 1;
  gint64 seed = 1, start;
  gboolean json = FALSE, verbose = FALSE;
  guint bad = 0;
  const GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &arena.n_players, N_("Number of players"), N_("N") },
    { "seat", 0, 0, G_OPTION_ARG_STRING_ARRAY, &seats,
      N_("The policy of the next seat: random, easy, medium or strong (repeat for each seat; seats not given "
         "play as the last)"), N_("POLICY") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options, N_("An optional rule (may be repeated)"), N_("ID") },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, N_("Number of games (default 1)"), N_("K") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), N_("S") },
    { "budget-ms", 0, 0, G_OPTION_ARG_INT, &arena.budget_ms,
      N_("Thinking time of a strong seat per move, in milliseconds (default 1500)"), N_("MS") },
    { "rollouts", 0, 0, G_OPTION_ARG_INT, &arena.rollouts,
      N_("Simulated continuations of a strong seat per move at most (default 600); the move is made at whichever "
         "limit comes first"), N_("N") },
    { "cpu-budget", 0, 0, G_OPTION_ARG_NONE, &arena.cpu_budget,
      N_("Count the thinking time in processor time, not on the clock (for a busy machine)"), NULL },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, N_("Games played at the same time (default 1)"), N_("J") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print a JSON object"), NULL },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose, N_("Print a line per game"), NULL },
    { "trace", 0, 0, G_OPTION_ARG_NONE, &arena.trace, N_("Print every choice and its reason"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Plays games between computer players, seats rotating between games, "
                                           "and reports their wins, scores and move times."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || arena.n_players <= 0 || arena.n_players > KOL_MAX_PLAYERS || n_games <= 0 ||
      arena.budget_ms < 0 || arena.rollouts < 0 || !parse_seats (&arena, seats))
    {
      g_printerr ("%s\n", _("Give one title, a number of players and games, and a policy for the seats: random, "
                             "easy, medium or strong."));
      return KOL_CLI_EXIT_USAGE;
    }
  for (int i = 0; options && options[i]; i++)
    g_ptr_array_add (option_list, options[i]);
  g_ptr_array_sort (option_list, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (option_list, NULL);
  title = kol_save_file_load_title (argv[1], arena.n_players, (const char * const *) option_list->pdata, NULL,
                                    &title_free, &error);
  if (title == NULL)
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  arena.title = title;
  arena.seed = seed;
  arena.verbose = verbose;

  games = g_new0 (Game, n_games);
  for (int i = 0; i < n_games; i++)
    {
      games[i].index = (guint) i;
      games[i].seed = seed + i;
    }
  start = g_get_monotonic_time ();
  g_atomic_int_set (&stop_requested, 0);
  signal (SIGINT, on_stop_signal);
  signal (SIGTERM, on_stop_signal);
  play_all (&arena, games, (guint) n_games, jobs);
  signal (SIGINT, SIG_DFL);
  signal (SIGTERM, SIG_DFL);
  {
    double seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
    guint finished = keep_finished (games, (guint) n_games);

    if (json)
      print_json (argv[1], &arena, games, finished, stopping (), seconds);
    else
      print_text (&arena, games, finished, stopping (), seconds);
  }
  for (int i = 0; i < n_games; i++)
    {
      bad += games[i].violation != NULL;
      game_clear (&games[i]);
    }
  if (title_free)
    title_free (title);
  return bad > 0 ? KOL_CLI_EXIT_FAILURE : KOL_CLI_EXIT_OK;
}
