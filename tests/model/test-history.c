/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "kol-action-json.h"
#include "kol-history.h"
#include "kol-record-import.h"
#include "kol-save-file.h"
#include "kol-state-dump.h"
#include "kol-test-game.h"

/* The history's own logic (unlimited undo and redo, goto, continue from an
 * earlier point, autosave) on a synthetic round, so it is tested
 * whatever the state of the titles' rules. */

typedef struct
{
  KolTitle   *title;      /* owned by the history */
  KolHistory *history;
  guint       changed;
} Fixture;

static void
on_changed (KolHistory *history,
            Fixture    *f)
{
  f->changed++;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(KolEngine) initial = NULL;

  f->title = kol_test_load_title ("1849", 3);
  initial = kol_test_game_new (f->title);
  f->history = kol_history_new_from_game (f->title, initial);
  g_signal_connect (f->history, "changed", G_CALLBACK (on_changed), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->history);
}

/* Plays @action (and frees it). */
static void
play (Fixture   *f,
      KolAction *action)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kol_history_apply (f->history, action, KOL_HISTORY_APPLY_NONE, &error));
  g_assert_no_error (error);
  kol_action_free (action);
}

/* Bids of 1 to 7 by the players in turn. */
static void
play_bids (Fixture *f,
           int      n)
{
  for (int i = 0; i < n; i++)
    {
      KolEngine *engine = kol_history_get_game (f->history);
      KolEntity e = engine->round.entities[engine->round.entity_index];

      play (f, kol_test_bid (engine, e.index, 1 + i % 7));
    }
}

static void
test_apply_and_refuse (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(KolEngine) before = NULL;
  g_autoptr(KolAction) wrong_turn = NULL;
  g_autoptr(KolAction) too_much = NULL;
  g_autoptr(GError) error = NULL;
  KolEngine *engine;

  play (f, kol_test_bid (kol_history_get_game (f->history), 0, 100));
  engine = kol_history_get_game (f->history);
  g_assert_cmpint (engine->players[0].cash, ==, 400);
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, 1);
  g_assert_cmpuint (f->changed, ==, 1);
  /* ids are given in order, as 18xx.games does */
  g_assert_cmpint (kol_history_get_action (f->history, 0)->id, ==, 1);

  /* refusals leave everything as it was */
  before = kol_engine_copy (engine);
  wrong_turn = kol_test_bid (engine, 2, 10);
  g_assert_false (kol_history_apply (f->history, wrong_turn, KOL_HISTORY_APPLY_NONE, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  too_much = kol_test_bid (engine, 1, 501);
  g_assert_false (kol_history_apply (f->history, too_much, KOL_HISTORY_APPLY_NONE, &error));
  g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_NO_CASH);
  engine = kol_history_get_game (f->history);
  g_assert_cmpint (engine->refusal.code, ==, KOL_ENGINE_ERROR_NO_CASH);
  g_assert_cmpint (engine->refusal.args[2].value, ==, 501);
  g_assert_true (kol_test_games_equal (before, engine));
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, 1);
  g_assert_cmpuint (f->changed, ==, 1);
}

/* Undo then redo is the identity, for every length and across snapshots. */
static void
test_undo_redo_identity (Fixture       *f,
                         gconstpointer  data)
{
  const guint n = 3 * KOL_HISTORY_SNAPSHOT_INTERVAL + 5;
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_engine_free);

  g_ptr_array_add (states, kol_engine_copy (kol_history_get_game (f->history)));
  for (guint i = 0; i < n; i++)
    {
      play_bids (f, 1);
      g_ptr_array_add (states, kol_engine_copy (kol_history_get_game (f->history)));
    }
  /* all the way back */
  for (guint i = n; i > 0; i--)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (kol_history_undo (f->history, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, i - 1);
      g_assert_true (kol_test_games_equal (g_ptr_array_index (states, i - 1), kol_history_get_game (f->history)));
    }
  g_assert_false (kol_history_can_undo (f->history));
  g_assert_cmpuint (kol_history_get_n_redo (f->history), ==, n);
  /* and forward again */
  for (guint i = 1; i <= n; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (kol_history_redo (f->history, &error));
      g_assert_no_error (error);
      g_assert_true (kol_test_games_equal (g_ptr_array_index (states, i), kol_history_get_game (f->history)));
    }
  g_assert_false (kol_history_can_redo (f->history));
}

static void
test_nothing_to_undo (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (kol_history_undo (f->history, &error));
  g_assert_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_NOTHING);
  g_clear_error (&error);
  g_assert_false (kol_history_redo (f->history, &error));
  g_assert_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_NOTHING);
}

static void
test_new_action_clears_redo (Fixture       *f,
                             gconstpointer  data)
{
  play_bids (f, 4);
  g_assert_true (kol_history_undo (f->history, NULL));
  g_assert_true (kol_history_undo (f->history, NULL));
  g_assert_true (kol_history_can_redo (f->history));
  play (f, kol_test_pass (kol_history_get_game (f->history), 2));
  g_assert_false (kol_history_can_redo (f->history));
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, 3);
}

/* goto shows any earlier point without changing the log; acting there needs
 * the caller's confirmation, then discards the future. */
static void
test_goto_and_continue (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_engine_free);
  g_autoptr(KolAction) pass = NULL;
  g_autoptr(GError) error = NULL;
  const guint n = 2 * KOL_HISTORY_SNAPSHOT_INTERVAL + 3;

  g_ptr_array_add (states, kol_engine_copy (kol_history_get_game (f->history)));
  for (guint i = 0; i < n; i++)
    {
      play_bids (f, 1);
      g_ptr_array_add (states, kol_engine_copy (kol_history_get_game (f->history)));
    }
  for (guint k = 0; k <= n; k += 7)
    {
      g_assert_true (kol_history_goto (f->history, k, &error));
      g_assert_cmpuint (kol_history_get_position (f->history), ==, k);
      g_assert_true (kol_test_games_equal (g_ptr_array_index (states, k), kol_history_get_game (f->history)));
    }
  g_assert_false (kol_history_goto (f->history, n + 1, &error));
  g_assert_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_RANGE);
  g_clear_error (&error);
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, n);

  g_assert_true (kol_history_goto (f->history, 40, NULL));
  pass = kol_test_pass (kol_history_get_game (f->history), kol_history_get_game (f->history)->round.entity_index);
  g_assert_false (kol_history_apply (f->history, pass, KOL_HISTORY_APPLY_NONE, &error));
  g_assert_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_HAS_FUTURE);
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, n);
  g_assert_true (kol_history_apply (f->history, pass, KOL_HISTORY_APPLY_DISCARD_FUTURE, NULL));
  g_assert_cmpuint (kol_history_get_n_actions (f->history), ==, 41);
  g_assert_true (kol_history_is_live (f->history));
  g_assert_false (kol_history_can_redo (f->history));
  /* the state after 40 actions is still the one played then */
  g_assert_true (kol_history_goto (f->history, 40, NULL));
  g_assert_true (kol_test_games_equal (g_ptr_array_index (states, 40), kol_history_get_game (f->history)));
}

/* Auto actions the engine generates are stored inside their action and
 * replayed as they are, not generated again. */
static void
test_auto_actions_embedded (Fixture       *f,
                            gconstpointer  data)
{
  const KolAction *stored;
  JsonNode *json;
  JsonArray *autos;

  play (f, kol_test_bid (kol_history_get_game (f->history), 0, 10));
  play (f, kol_test_bid (kol_history_get_game (f->history), 1, 495));  /* Boris is left with 5 */
  play (f, kol_test_bid (kol_history_get_game (f->history), 2, 10));
  play (f, kol_test_bid (kol_history_get_game (f->history), 0, 10));   /* Boris passes by himself */
  stored = kol_history_get_action (f->history, 3);
  g_assert_nonnull (stored->auto_actions);
  g_assert_cmpuint (stored->auto_actions->len, ==, 1);
  json = kol_history_get_action_json (f->history, 3);
  autos = json_object_get_array_member (json_node_get_object (json), "auto_actions");
  g_assert_cmpuint (json_array_get_length (autos), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (autos, 0), "type"), ==, "pass");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (autos, 0), "entity"), ==, 22);
  g_assert_cmpint (kol_history_get_game (f->history)->round.entity_index, ==, 2);
  /* undo takes the action back with its auto action */
  g_assert_true (kol_history_undo (f->history, NULL));
  g_assert_cmpint (kol_history_get_game (f->history)->round.entity_index, ==, 0);
  g_assert_true (kol_history_redo (f->history, NULL));
  g_assert_cmpint (kol_history_get_game (f->history)->round.entity_index, ==, 2);
}

/* The log as saved replays to the same state: serialize, read the actions
 * back and replay them onto a fresh game. */
static void
test_saved_log_replays (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolHistory) copy = NULL;
  g_autoptr(KolEngine) initial = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(KolImportReport) report = { 0 };
  gsize length;
  const char *text;

  play_bids (f, 1);
  play (f, kol_test_bid (kol_history_get_game (f->history), 1, 495));  /* Boris passes from now on */
  play_bids (f, 40);
  bytes = kol_save_file_serialize (f->history);
  text = g_bytes_get_data (bytes, &length);
  root = kol_save_file_parse_json (text, length, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_SYNTAX, &error);
  g_assert_no_error (error);
  g_assert_true (kol_save_file_is_save (root));
  record = kol_save_file_to_record (root, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->kept->len, ==, 42);
  g_assert_true (kol_history_get_action (f->history, 3)->auto_actions != NULL);

  initial = kol_test_game_new (f->title);
  copy = kol_history_new_from_game (NULL, initial);
  kol_record_replay (record, copy, NULL, NULL, &report);
  g_assert_false (report.stopped);
  g_assert_cmpuint (report.n_processed, ==, 42);
  g_assert_true (kol_test_games_equal (kol_history_get_game (f->history), kol_history_get_game (copy)));
}

static void
test_autosave (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("koleya-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game" KOL_SAVE_FILE_EXTENSION, NULL);
  g_autofree char *leftover = g_build_filename (dir, ".game.koleya.A1B2C3", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) found = NULL;
  g_autofree char *contents = NULL;

  g_assert_null (kol_history_find_autosave (dir));
  g_assert_true (kol_history_set_autosave_file (f->history, file, NULL));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  play_bids (f, 3);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\"actions\": ["));
  g_assert_nonnull (strstr (contents, "\"price\":3"));
  g_assert_true (kol_history_undo (f->history, NULL));
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root;

    g_assert_true (json_parser_load_from_file (parser, path, NULL));
    root = json_node_get_object (json_parser_get_root (parser));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "actions")), ==, 2);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "redo")), ==, 1);
  }

  /* a temporary file left by an interrupted write is not offered */
  g_assert_true (g_file_set_contents (leftover, "{", 1, NULL));
  found = kol_history_find_autosave (dir);
  g_assert_nonnull (found);
  g_assert_true (g_file_equal (found, file));

  /* a game closed on purpose leaves nothing to resume */
  g_assert_true (kol_history_remove_autosave (f->history, NULL));
  g_clear_object (&found);
  g_assert_null (kol_history_find_autosave (dir));
  g_unlink (leftover);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, fn) g_test_add ("/history/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("apply-and-refuse", test_apply_and_refuse);
  ADD ("undo-redo-identity", test_undo_redo_identity);
  ADD ("nothing-to-undo", test_nothing_to_undo);
  ADD ("new-action-clears-redo", test_new_action_clears_redo);
  ADD ("goto-and-continue", test_goto_and_continue);
  ADD ("auto-actions-embedded", test_auto_actions_embedded);
  ADD ("saved-log-replays", test_saved_log_replays);
  ADD ("autosave", test_autosave);
#undef ADD

  return g_test_run ();
}
