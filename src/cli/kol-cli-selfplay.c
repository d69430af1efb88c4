/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "kol-cli.h"
#include "kol-action-json.h"
#include "kol-engine-consent.h"
#include "kol-engine-policy.h"
#include "kol-engine-round.h"
#include "kol-history.h"
#include "kol-save-file.h"
#include "kol-title-loader.h"
#include "kol-state-dump.h"

/*
 * koleya-cli selfplay: plays games of random legal actions to their end.
 * Each step of the round offers its concrete legal actions
 * (KolStepClass.legal_actions); one is chosen uniformly with a GRand that is
 * independent of the game's own random numbers, applied (with the engine's
 * auto actions), and the title's invariants are checked after it
 * (KolTitleModule.check_invariants). A legal action that the engine refuses,
 * a state without any legal action, a broken invariant, a game that does not
 * end or ends without scores is a violation; the command then exits with
 * failure.
 */

#define MAX_ACTIONS_PER_GAME 20000
/* An initial auction that lasts longer is a livelock of random bidding. */
#define MAX_AUCTION_ACTIONS 2000

/* How an action is chosen among the legal ones. */
typedef enum
{
  POLICY_UNIFORM,   /* uniformly (the default) */
  POLICY_WEIGHTED,  /* each kind of action has a weight shared by its
                     * actions: games go on to the late phases */
} Policy;

typedef struct
{
  guint     game;
  gint64    seed;
  guint     action_index;
  char     *action;        /* the action as JSON, or NULL */
  char     *problem;
} Violation;

static void
violation_free (gpointer data)
{
  Violation *v = data;

  g_free (v->action);
  g_free (v->problem);
  g_free (v);
}

typedef struct
{
  guint64     actions;
  guint       games;
  guint       finished;
  GHashTable *end_reasons;  /* name → count */
  GPtrArray  *violations;
  gboolean    verbose;
  gboolean    trace;
  Policy      policy;
  guint       livelocks;
  GPtrArray  *played;       /* --save: the actions chosen in the game */
} Stats;

static const char *
end_reason_name (int reason)
{
  switch (reason)
    {
    case KOL_GAME_END_BANK:
      return "bank";
    case KOL_GAME_END_STOCK_MARKET:
      return "stock_market";
    case KOL_GAME_END_BANKRUPT:
      return "bankrupt";
    case KOL_GAME_END_FIXED_ROUND:
      return "fixed_round";
    case KOL_GAME_END_MANUAL:
      return "manually_ended";
    default:
      return "dnf";
    }
}

static void
add_violation (Stats           *stats,
               guint            game,
               gint64           seed,
               guint            index,
               KolEngine       *engine,
               const KolAction *a,
               const char      *problem)
{
  Violation *v = g_new0 (Violation, 1);

  v->game = game;
  v->seed = seed;
  v->action_index = index;
  v->problem = g_strdup (problem);
  if (a && engine)
    {
      g_autoptr(JsonNode) node = kol_action_to_json (engine, a);

      if (node)
        v->action = json_to_string (node, FALSE);
    }
  g_ptr_array_add (stats->violations, v);
}

/* The index of the action to play. */
static guint
choose (KolEngine *engine,
        GPtrArray *actions,
        GRand     *rand,
        Policy     policy)
{
  if (policy == POLICY_UNIFORM || actions->len == 1)
    return (guint) g_rand_int_range (rand, 0, (gint32) actions->len);
  return kol_policy_choose_weighted (engine, actions, rand, FALSE);
}

/* The title's invariants of the state, and those of the move from
 * @before (NULL at the start) by @a: nothing changed hands between owners
 * without consent. */
static gboolean
check (KolEngine       *before,
       KolEngine       *engine,
       const KolAction *a,
       GString         *problems)
{
  gboolean ok = before == NULL || kol_consent_check (before, engine, a, problems);

  if (engine->module->check_invariants == NULL)
    return ok;
  return engine->module->check_invariants (engine, problems) && ok;
}

/* Plays one game; returns FALSE on a violation. */
static gboolean
play_one (const KolTitle *title,
          int             n_players,
          guint           index,
          gint64          seed,
          GRand          *rand,
          Stats          *stats)
{
  int ids[KOL_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;
  g_autoptr(KolEngine) engine = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  guint count = 0;

  for (int i = 0; i < n_players; i++)
    ids[i] = i + 1;
  engine = kol_engine_new (title, n_players, ids, NULL, seed, &error);
  if (engine == NULL)
    {
      add_violation (stats, index, seed, 0, NULL, NULL, error->message);
      return FALSE;
    }
  if (!check (NULL, engine, NULL, problems))
    {
      add_violation (stats, index, seed, 0, engine, NULL, problems->str);
      return FALSE;
    }

  while (!engine->finished)
    {
      g_autoptr(GPtrArray) actions = kol_engine_legal_actions (engine);
      g_autoptr(KolEngine) before = NULL;
      KolAction *a;

      if (actions->len == 0)
        {
          KolStep *step = kol_engine_active_step (engine);
          KolEntity who = step ? kol_step_current_entity (engine, step) : KOL_ENTITY_INIT_NONE;
          g_autofree char *what = g_strdup_printf ("no legal action in %s (round %d, turn %d; step %s, "
                                                   "%s may %#x)",
                                                   kol_engine_round_name (engine), engine->round.round_num, engine->turn,
                                                   step ? step->klass->name : "none",
                                                   kol_engine_entity_name (engine, who),
                                                   kol_engine_actions_for (engine, who));

          add_violation (stats, index, seed, count, engine, NULL, what);
          if (stats->trace)
            {
              g_autoptr(JsonNode) state = kol_state_dump (engine, KOL_STATE_DUMP_NONE);
              g_autofree char *text = json_to_string (state, TRUE);

              g_print ("%s\n", text);
              for (int i = 0; i < engine->round.n_entities; i++)
                g_print ("entity %d: %s passed %d\n", i, kol_engine_entity_name (engine, engine->round.entities[i]),
                         kol_entity_passed (engine, engine->round.entities[i]));
              g_print ("entity index %d\n", engine->round.entity_index);
              for (int i = 0; i < engine->round.n_steps; i++)
                g_print ("step %s passed %d active %d\n", engine->round.steps[i].klass->name,
                         engine->round.steps[i].passed, kol_step_active (engine, &engine->round.steps[i]));
            }
          return FALSE;
        }
      if (engine->round.klass && !engine->round.klass->stock && !engine->round.klass->operating &&
          count >= MAX_AUCTION_ACTIONS)
        {
          /* random bidders can keep raising bids with all their cash set
           * aside (the initial stock round allows it) and never end it:
           * from here on they only buy at face value or pass */
          guint k = 0;

          for (guint i = 0; i < actions->len; i++)
            {
              KolAction *b = g_ptr_array_index (actions, i);

              if (b->type != KOL_ACTION_BID || (b->company >= 0 && b->price == engine->companies[b->company].value))
                g_ptr_array_index (actions, k++) = b;
              else
                kol_action_free (b);
            }
          if (k > 0)
            {
              g_ptr_array_set_free_func (actions, NULL);
              g_ptr_array_set_size (actions, k);
              g_ptr_array_set_free_func (actions, (GDestroyNotify) kol_action_free);
              if (count == MAX_AUCTION_ACTIONS)
                stats->livelocks++;
            }
        }
      if (count >= MAX_ACTIONS_PER_GAME)
        {
          g_autofree char *what = g_strdup_printf ("the game does not end (%s %d, turn %d, phase %s)",
                                                   kol_engine_round_name (engine), engine->round.round_num, engine->turn,
                                                   engine->title->phases[engine->phase].name);

          add_violation (stats, index, seed, count, engine, NULL, what);
          return FALSE;
        }
      a = g_ptr_array_index (actions, choose (engine, actions, rand, stats->policy));
      if (stats->trace)
        {
          g_autoptr(JsonNode) node = kol_action_to_json (engine, a);
          g_autofree char *text = node ? json_to_string (node, FALSE) : g_strdup ("?");

          g_print ("%u [%s %d.%d %s, %u choices] %s\n", count, kol_engine_round_name (engine), engine->turn,
                   engine->round.round_num, engine->title->phases[engine->phase].name, actions->len, text);
        }
      /* apply to a copy, which becomes the game: @before keeps the state
       * the action was chosen in (one copy per action) */
      before = kol_engine_copy (engine);
      if (!kol_engine_apply_unsafe (before, a, TRUE, NULL, &error))
        {
          g_autofree char *what = g_strdup_printf ("a legal action was refused: %s", error->message);

          add_violation (stats, index, seed, count, engine, a, what);
          return FALSE;
        }
      {
        KolEngine *swap = engine;

        engine = before;
        before = swap;
      }
      if (stats->played != NULL)
        g_ptr_array_add (stats->played, kol_action_copy (a));
      count++;
      stats->actions++;
      g_string_truncate (problems, 0);
      if (!check (before, engine, a, problems))
        {
          add_violation (stats, index, seed, count, before, a, problems->str);
          return FALSE;
        }
    }

  stats->finished++;
  {
    const char *reason = end_reason_name (engine->end_reason);
    guint n = GPOINTER_TO_UINT (g_hash_table_lookup (stats->end_reasons, reason));

    g_hash_table_insert (stats->end_reasons, (gpointer) reason, GUINT_TO_POINTER (n + 1));
    /* KOL_GAME_END_NONE: rounds went by without anybody able to act (all
     * corporations closed, nobody can start one): a dead game, ended as
     * 18xx.games ends it ("did not finish"), with scores. Not a violation. */
  }
  if (stats->verbose)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, "game %u seed %" G_GINT64_FORMAT ": %u actions, %s;", index, seed, count,
                              end_reason_name (engine->end_reason));
      for (int p = 0; p < engine->n_players; p++)
        g_string_append_printf (line, " %d", kol_state_player_value (engine, p));
      g_print ("%s\n", line->str);
    }
  return TRUE;
}

static void
print_json (const char *title_id,
            int         n_players,
            char      **options,
            Stats      *stats,
            double      seconds)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  GHashTableIter iter;
  gpointer key, value;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, title_id);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, n_players);
  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (int i = 0; options && options[i]; i++)
    json_builder_add_string_value (b, options[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, stats->games);
  json_builder_set_member_name (b, "finished");
  json_builder_add_int_value (b, stats->finished);
  json_builder_set_member_name (b, "actions");
  json_builder_add_int_value (b, (gint64) stats->actions);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, seconds);
  json_builder_set_member_name (b, "games_per_second");
  json_builder_add_double_value (b, seconds > 0 ? stats->games / seconds : 0);
  json_builder_set_member_name (b, "livelocks");
  json_builder_add_int_value (b, stats->livelocks);
  json_builder_set_member_name (b, "end_reasons");
  json_builder_begin_object (b);
  g_hash_table_iter_init (&iter, stats->end_reasons);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      json_builder_set_member_name (b, key);
      json_builder_add_int_value (b, GPOINTER_TO_UINT (value));
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "violations");
  json_builder_begin_array (b);
  for (guint i = 0; i < stats->violations->len; i++)
    {
      Violation *v = g_ptr_array_index (stats->violations, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "game");
      json_builder_add_int_value (b, v->game);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, v->seed);
      json_builder_set_member_name (b, "action_index");
      json_builder_add_int_value (b, v->action_index);
      if (v->action)
        {
          json_builder_set_member_name (b, "action");
          json_builder_add_string_value (b, v->action);
        }
      json_builder_set_member_name (b, "problem");
      json_builder_add_string_value (b, v->problem);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

static void
print_text (Stats  *stats,
            double  seconds)
{
  g_print (_("Games played: %u (%u finished)"), stats->games, stats->finished);
  g_print ("\n");
  /* A 64-bit format macro inside _() would hide the string from xgettext. */
  g_print (_("Actions: %llu"), (unsigned long long) stats->actions);
  g_print ("\n");
  g_print (_("Games per second: %.1f"), seconds > 0 ? stats->games / seconds : 0.0);
  g_print ("\n");
  if (stats->livelocks > 0)
    {
      /* Translators: games whose random bidding went on so long that the
       * players then only bought or passed. */
      g_print (_("Games whose first auction was ended after %d actions: %u"), MAX_AUCTION_ACTIONS,
               stats->livelocks);
      g_print ("\n");
    }
  for (guint i = 0; i < stats->violations->len; i++)
    {
      Violation *v = g_ptr_array_index (stats->violations, i);

      /* Translators: a broken rule found by self-play: the game number,
       * its seed, the number of the action, then what went wrong. */
      g_print (_("Violation in game %u (seed %lld), action %u: %s"), v->game, (long long) v->seed,
               v->action_index, v->problem);
      g_print ("\n");
      if (v->action)
        g_print ("  %s\n", v->action);
    }
}

/* --save: the game played, as a Koleya save, with the players named as
 * the app names them, so that `replay --log` reads it as a user's game. */
static gboolean
save_game (KolTitle   *title,
           int         n_players,
           gint64      seed,
           GPtrArray  *played,
           const char *path,
           GError    **error)
{
  int ids[KOL_MAX_PLAYERS];
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KolHistory) history = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  for (int i = 0; i < n_players; i++)
    {
      ids[i] = i + 1;
      /* Translators: the name of a player in a saved self-played game. */
      g_ptr_array_add (names, g_strdup_printf (_("Player %d"), i + 1));
    }
  g_ptr_array_add (names, NULL);
  history = kol_history_new_full (title, NULL, n_players, ids, (const char * const *) names->pdata, seed, error);
  if (history == NULL)
    return FALSE;
  for (guint i = 0; i < played->len; i++)
    if (!kol_history_apply (history, g_ptr_array_index (played, i), KOL_HISTORY_APPLY_TRUSTED, error))
      return FALSE;
  return kol_save_file_write (history, file, error);
}

/**
 * kol_cli_selfplay:
 *
 * `koleya-cli selfplay TITLE --players N [--option X…] --games K --seed S
 * [--json] [--verbose] [--save FILE]`: plays K games of random legal
 * actions, checking the title's invariants after every action; --save
 * writes the last game played as a Koleya save. TITLE is an installed
 * title's id or a title folder.
 *
 * Returns: a #KolCliExit status: failure when a violation was found.
 */
int
kol_cli_selfplay (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("TITLE"));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) options = NULL;
  g_autoptr(GPtrArray) option_list = g_ptr_array_new ();
  g_autoptr(GRand) rand = NULL;
  KolTitle *title;
  GDestroyNotify title_free = NULL;
  int n_players = 0, games = 1;
  gint64 seed = 1;
  gboolean json = FALSE, verbose = FALSE, trace = FALSE;
  g_autofree char *policy = NULL;
  g_autofree char *save = NULL;
  Stats stats = { 0 };
  gint64 start;
  double seconds;
  const GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &n_players, N_("Number of players"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options, N_("An optional rule (may be repeated)"), N_("ID") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of games (default 1)"), N_("K") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print a JSON object"), NULL },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose, N_("Print a line per game"), NULL },
    { "trace", 0, 0, G_OPTION_ARG_NONE, &trace, N_("Print every action chosen"), NULL },
    { "policy", 0, 0, G_OPTION_ARG_STRING, &policy,
      N_("How actions are chosen: “uniform” (the default) or “weighted” (by kind of action)"), N_("POLICY") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the last game played as a Koleya save"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Plays games of random legal actions to their end and checks the "
                                           "title’s rules after every action."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (policy && !g_str_equal (policy, "uniform") && !g_str_equal (policy, "weighted"))
    {
      g_printerr ("%s\n", _("Unknown policy."));
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || n_players <= 0 || games <= 0)
    {
      g_printerr ("%s\n", _("Give one title and a number of players and games."));
      return KOL_CLI_EXIT_USAGE;
    }
  for (int i = 0; options && options[i]; i++)
    g_ptr_array_add (option_list, options[i]);
  g_ptr_array_sort (option_list, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (option_list, NULL);
  /* a title folder (the New Title template, a title being written) or an
   * installed title's id */
  if (g_file_test (argv[1], G_FILE_TEST_IS_DIR))
    {
      title = kol_title_loader_load (argv[1], n_players, (const char * const *) option_list->pdata, &error);
      title_free = (GDestroyNotify) kol_title_free;
    }
  else
    title = kol_save_file_load_title (argv[1], n_players, (const char * const *) option_list->pdata, NULL,
                                      &title_free, &error);
  if (title == NULL)
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_FAILURE;
    }

  stats.end_reasons = g_hash_table_new (g_str_hash, g_str_equal);
  stats.violations = g_ptr_array_new_with_free_func (violation_free);
  stats.verbose = verbose && !json;
  stats.trace = trace && !json;
  stats.policy = policy && g_str_equal (policy, "weighted") ? POLICY_WEIGHTED : POLICY_UNIFORM;
  start = g_get_monotonic_time ();
  for (int i = 0; i < games; i++)
    {
      /* each game's choices depend on its seed alone, so that
       * `--seed <its seed> --games 1` plays it again */
      gint64 game_seed = seed + i;

      g_clear_pointer (&rand, g_rand_free);
      if (save != NULL)
        {
          g_clear_pointer (&stats.played, g_ptr_array_unref);
          stats.played = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
        }
      rand = g_rand_new_with_seed ((guint32) ((guint64) game_seed * 2654435761u + 97u));
      stats.games++;
      play_one (title, n_players, (guint) i, game_seed, rand, &stats);
    }
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  if (save != NULL && !save_game (title, n_players, seed + games - 1, stats.played, save, &error))
    {
      /* Translators: %s says why the game could not be saved. */
      g_printerr (_("The game was not saved: %s"), error->message);
      g_printerr ("\n");
    }

  if (json)
    print_json (argv[1], n_players, options, &stats, seconds);
  else
    print_text (&stats, seconds);

  {
    int status = stats.violations->len > 0 || error != NULL ? KOL_CLI_EXIT_FAILURE : KOL_CLI_EXIT_OK;

    g_clear_pointer (&stats.played, g_ptr_array_unref);
    g_ptr_array_unref (stats.violations);
    g_hash_table_unref (stats.end_reasons);
    if (title_free)
      title_free (title);
    return status;
  }
}
