/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-display-text.h"
#include "kol-game.h"
#include "kol-game-log-entry.h"
#include "kol-game-words.h"
#include "kol-state-dump.h"

static guint
processed (KolCliGame *game)
{
  return game->history ? kol_history_get_n_actions (game->history) : 0;
}

static gboolean
stopped (KolCliGame *game)
{
  return game->history == NULL || game->error != NULL || game->report.stopped;
}

static const GError *
stop_error (KolCliGame *game)
{
  return game->error ? game->error : game->report.error;
}

static JsonNode *
players_node (KolEngine *engine)
{
  g_autoptr(JsonArray) players = json_array_new ();

  for (int i = 0; i < engine->n_players; i++)
    {
      JsonObject *p = json_object_new ();

      json_object_set_int_member (p, "id", engine->players[i].id);
      json_object_set_string_member (p, "name", engine->players[i].name);
      json_array_add_object_element (players, p);
    }
  return json_node_init_array (json_node_alloc (), players);
}

static JsonArray *
strings_array (GPtrArray *strings)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; strings && i < strings->len; i++)
    json_array_add_string_element (a, g_ptr_array_index (strings, i));
  return a;
}

static JsonObject *
error_object (KolCliGame *game)
{
  JsonObject *e = json_object_new ();
  const GError *error = stop_error (game);

  json_object_set_string_member (e, "message", error ? error->message : "");
  if (game->report.stopped)
    {
      json_object_set_int_member (e, "seq", game->report.failed_seq);
      json_object_set_int_member (e, "index", game->report.failed_index);
      json_object_set_int_member (e, "id", game->report.failed_id);
      json_object_set_string_member (e, "type", game->report.failed_type);
      if (game->report.error_path)
        json_object_set_string_member (e, "path", game->report.error_path);
    }
  return e;
}

static void
print_json (const char *path,
            KolCliGame *game)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  g_autofree char *text = NULL;
  KolEngine *engine = game->history ? kol_history_get_game (game->history) : NULL;

  json_node_take_object (node, o);
  json_object_set_string_member (o, "file", path);
  json_object_set_string_member (o, "kind", game->kind == KOL_CLI_GAME_SAVE ? "save" : "18xx.games");
  json_object_set_boolean_member (o, "finished", engine && engine->finished);
  json_object_set_int_member (o, "actions", processed (game));
  json_object_set_int_member (o, "total", game->n_actions);
  if (engine)
    {
      json_object_set_string_member (o, "title", engine->title->id);
      json_object_set_int_member (o, "seed", engine->seed);
      json_object_set_member (o, "players", players_node (engine));
      json_object_set_member (o, "result", kol_state_result (engine));
      json_object_set_member (o, "state", kol_state_dump (engine, KOL_STATE_DUMP_NONE));
    }
  if (game->record && game->record->result)
    json_object_set_member (o, "expected_result", json_node_ref (game->record->result));
  if (game->report.result_checked)
    json_object_set_boolean_member (o, "result_matches", game->report.result_matches);
  json_object_set_int_member (o, "routes_checked", game->report.n_routes_checked);
  json_object_set_int_member (o, "routes_valid", game->report.n_routes_valid);
  json_object_set_array_member (o, "notes", strings_array (game->report.notes));
  json_object_set_array_member (o, "warnings", strings_array (game->report.warnings));
  if (stopped (game))
    json_object_set_object_member (o, "error", error_object (game));
  text = json_to_string (node, TRUE);
  g_print ("%s\n", text);
}

static void
print_players (KolEngine *engine)
{
  for (int i = 0; i < engine->n_players; i++)
    {
      const KolPlayer *p = &engine->players[i];

      /* Translators: a line of the players' table: name, id, cash and
       * value (cash, shares and companies, or the final score). */
      g_print (_("  %s (%d): cash %d, value %d"), p->name, p->id, p->cash, kol_state_player_value (engine, i));
      g_print ("\n");
    }
}

/* Why the replay stopped early, if it did, on stderr. */
static void
print_stop (const char *path,
            KolCliGame *game)
{
  if (game->report.stopped)
    {
      g_autofree char *why = kol_import_report_describe_stop (&game->report);

      kol_cli_print_file_error (path, why);
    }
  else if (game->error)
    kol_cli_print_file_error (path, game->error->message);
}

static void
print_text (const char *path,
            KolCliGame *game)
{
  KolEngine *engine = game->history ? kol_history_get_game (game->history) : NULL;

  for (guint i = 0; game->report.notes && i < game->report.notes->len; i++)
    g_print ("%s\n", (char *) g_ptr_array_index (game->report.notes, i));
  if (engine)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GINT64_FORMAT, engine->seed);

      /* Translators: %s is a title id, %d a number of players, the last %s
       * the seed of the random draws (a number). */
      g_print (_("Title %s, %d players, seed %s"), engine->title->id, engine->n_players, seed);
      g_print ("\n");
      /* Translators: %u are numbers of actions. */
      g_print (_("Actions replayed: %u of %u"), processed (game), game->n_actions);
      g_print ("\n");
      /* Translators: the state at the end: round name, then phase name. */
      g_print (_("Round: %s, phase %s"), kol_game_word_round (engine->title, kol_engine_round_name (engine)),
               engine->title->n_phases ? kol_game_word_phase (engine->title, engine->phase) : "");
      g_print ("\n%s\n", engine->finished ? _("The game is over.") : _("The game is not over."));
      print_players (engine);
    }
  for (guint i = 0; game->report.warnings && i < game->report.warnings->len; i++)
    g_print ("%s\n", (char *) g_ptr_array_index (game->report.warnings, i));
  if (game->report.result_checked)
    g_print ("%s\n", game->report.result_matches ? _("The scores match the record.")
                                                 : _("The scores differ from the record."));
  print_stop (path, game);
}

/* @text without the isolates the model wraps names from files in, for the
 * window's bidirectional layout (kol_display_isolate(), which also drops
 * the names' own controls): a terminal would show them escaped. */
static char *
without_isolates (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0x2068 && c != 0x2069)
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* The game's log as the app shows it, one entry a line: a round's heading
 * on a line of its own, what follows from an action (one receiver of a
 * dividend) indented under it. The log is the model's, so its words are
 * the title's and the user's language. */
static void
print_log (KolCliGame *game)
{
  g_autoptr(KolGame) model = kol_game_new_for_history (game->history, NULL);
  GListModel *log = kol_game_get_log (model);
  guint n = g_list_model_get_n_items (log);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameLogEntry) entry = g_list_model_get_item (log, i);
      g_autofree char *plain = without_isolates (kol_game_log_entry_get_text (entry));
      g_auto(GStrv) lines = g_strsplit (plain, "\n", -1);
      g_autofree char *text = g_strjoinv (" ", lines);
      KolLogCategory category = kol_game_log_entry_get_category (entry);

      if (category == KOL_LOG_CATEGORY_ROUND && i > 0)
        g_print ("\n");
      g_print ("%s%s\n", category == KOL_LOG_CATEGORY_DETAIL ? "  " : "", text);
    }
}

/* A file that cannot be read or is neither a save nor a record: with
 * --json, still a JSON object on stdout, so that scripts read one answer
 * whatever happened. */
static void
print_json_error (const char   *path,
                  const GError *error)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  JsonObject *e = json_object_new ();
  g_autofree char *text = NULL;

  json_node_take_object (node, o);
  json_object_set_string_member (o, "file", path);
  json_object_set_boolean_member (o, "finished", FALSE);
  json_object_set_int_member (o, "actions", 0);
  json_object_set_string_member (e, "message", error->message);
  json_object_set_object_member (o, "error", e);
  text = json_to_string (node, TRUE);
  g_print ("%s\n", text);
}

/**
 * kol_cli_replay:
 *
 * `koleya-cli replay FILE [--json | --log] [--seed MODE]`: replays a save
 * or an 18xx.games record and prints the final state and the scores, or
 * the game's log.
 *
 * Returns: a #KolCliExit status: failure when the replay stopped early or
 * the scores differ from the record's.
 */
int
kol_cli_replay (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr(GError) error = NULL;
  g_auto(KolCliGame) game = { 0 };
  g_autofree char *seed = NULL;
  KolRecordSeedMode mode;
  gboolean json = FALSE, log = FALSE;
  gboolean verbose = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print a JSON object: finished, actions, result, error, state…"), NULL },
    { "log", 0, 0, G_OPTION_ARG_NONE, &log,
      N_("Print the game’s log in the user’s language, one entry a line"), NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      N_("Say where problems are as JSON paths and whole file names, for developers"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
      N_("For 18xx.games records: take the seed from “settings”, from the “game-id”, or "
         "“auto” (by the record’s date; the default)"), N_("MODE") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Replays a Koleya save or a game exported from 18xx.games "
                                           "and prints the final state and the scores."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || !kol_cli_game_parse_seed_mode (seed, &mode) || (json && log))
    {
      g_printerr ("%s\n", argc != 2 ? _("Give one game file.")
                         : json && log ? _("Give either --json or --log, not both.")
                                       : _("Unknown seed mode."));
      return KOL_CLI_EXIT_USAGE;
    }
  kol_display_set_verbose (verbose);
  if (!kol_cli_game_open (argv[1], mode, &game, &error))
    {
      if (json)
        print_json_error (argv[1], error);
      kol_cli_print_file_error (argv[1], error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  if (json)
    print_json (argv[1], &game);
  else if (log && game.history != NULL)
    {
      print_log (&game);
      print_stop (argv[1], &game);
    }
  else
    print_text (argv[1], &game);
  if (stopped (&game) || (game.report.result_checked && !game.report.result_matches))
    return KOL_CLI_EXIT_FAILURE;
  return KOL_CLI_EXIT_OK;
}
