/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-cli-game-file.h"
#include "kol-json-scan.h"
#include "kol-state-dump.h"

/**
 * kol_cli_game_clear:
 *
 * Frees what @game holds.
 */
void
kol_cli_game_clear (KolCliGame *game)
{
  g_clear_object (&game->history);
  g_clear_pointer (&game->record, kol_record_free);
  kol_import_report_clear (&game->report);
  g_clear_error (&game->error);
}

/**
 * kol_cli_game_parse_seed_mode:
 * @value: "auto", "settings" or "game-id"
 *
 * Returns: %TRUE if @value names a mode.
 */
gboolean
kol_cli_game_parse_seed_mode (const char        *value,
                              KolRecordSeedMode *mode)
{
  if (value == NULL || g_str_equal (value, "auto"))
    *mode = KOL_RECORD_SEED_AUTO;
  else if (g_str_equal (value, "settings"))
    *mode = KOL_RECORD_SEED_SETTINGS;
  else if (g_str_equal (value, "game-id"))
    *mode = KOL_RECORD_SEED_GAME_ID;
  else
    return FALSE;
  return TRUE;
}

/**
 * kol_cli_print_file_error:
 * @path: the file given on the command line
 * @message: what is wrong with it
 *
 * Prints "FILE: MESSAGE" on stderr: every error of a command names the
 * file it is about, so that a run on many files says which one failed
 * (the file is not named twice when the message already does).
 */
void
kol_cli_print_file_error (const char *path,
                          const char *message)
{
  g_autofree char *name = g_filename_display_name (path);

  if (strstr (message, name) != NULL)
    g_printerr ("%s\n", message);
  else
    g_printerr ("%s: %s\n", name, message);
}

/* A save, or what was meant to be one: its "format" is the save's mark
 * (an 18xx.games record has none), and so is the extension. A file that
 * claims to be a save but is damaged is then called a damaged save, not
 * something else that is not a record. */
static gboolean
meant_as_save (const char *path,
               JsonNode   *root)
{
  if (kol_save_file_is_save (root) || g_str_has_suffix (path, KOL_SAVE_FILE_EXTENSION))
    return TRUE;
  return JSON_NODE_HOLDS_OBJECT (root) && json_object_has_member (json_node_get_object (root), "format");
}

/* An imported game keeps the record's result in its source: a finished
 * game is checked against it, as the import checked it. */
static void
check_source_result (KolCliGame *game)
{
  JsonObject *source = game->history ? kol_history_get_source (game->history) : NULL;
  KolEngine *engine = game->history ? kol_history_get_game (game->history) : NULL;
  JsonNode *expected = source ? json_object_get_member (source, "result") : NULL;
  KolStateMismatch m;

  if (engine == NULL || !engine->finished || expected == NULL || !JSON_NODE_HOLDS_OBJECT (expected))
    return;
  game->report.finished = TRUE;
  game->report.result = kol_state_result (engine);
  game->report.result_checked = TRUE;
  game->report.result_matches = kol_state_compare_result (expected, game->report.result, &m);
  kol_state_mismatch_clear (&m);
}

static gboolean
open_save (GBytes     *bytes,
           JsonNode   *root,
           KolCliGame *game)
{
  KolHistory *partial = NULL;
  JsonNode *actions = JSON_NODE_HOLDS_OBJECT (root) ? json_object_get_member (json_node_get_object (root), "actions")
                                                    : NULL;

  game->kind = KOL_CLI_GAME_SAVE;
  if (actions && JSON_NODE_HOLDS_ARRAY (actions))
    game->n_actions = json_array_get_length (json_node_get_array (actions));
  game->history = kol_save_file_load_bytes_full (bytes, NULL, NULL, &partial, &game->error);
  if (game->history == NULL)
    game->history = partial;
  check_source_result (game);
  return TRUE;
}

/**
 * kol_cli_game_open:
 * @path: a file name
 * @seed_mode: for records
 * @game: (out caller-allocates): the game, zero-initialised by the caller
 * @error: return location for a #GError
 *
 * Opens a save or a record and replays it as far as it goes. Fails only
 * when the file cannot be read or is neither; a replay that stops, or a
 * game that cannot be set up, is described in @game.
 *
 * Returns: %TRUE unless the file is unusable.
 */
gboolean
kol_cli_game_open (const char        *path,
                   KolRecordSeedMode  seed_mode,
                   KolCliGame        *game,
                   GError           **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  gsize length;
  const char *data;

  bytes = kol_save_file_read (file, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_READ, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  root = kol_save_file_parse_json (data, length, KOL_RECORD_IMPORT_ERROR,
                                   KOL_RECORD_IMPORT_ERROR_SYNTAX, error);
  if (root == NULL)
    return FALSE;
  if (meant_as_save (path, root))
    return open_save (bytes, root, game);

  game->kind = KOL_CLI_GAME_RECORD;
  game->record = kol_record_parse_node (root, error);
  if (game->record == NULL)
    return FALSE;
  game->record->bytes = g_bytes_ref (bytes);
  game->n_actions = game->record->kept->len;
  game->history = kol_record_import (game->record, seed_mode, NULL, NULL, NULL, NULL,
                                     &game->report, &game->error);
  return TRUE;
}
