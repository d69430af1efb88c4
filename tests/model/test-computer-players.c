/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kol-game.h"
#include "kol-game-log-entry.h"
#include "kol-action-json.h"
#include "kol-engine-policy.h"
#include "kol-policy.h"
#include "kol-title-info.h"

/*
 * Computer seats in the model: who plays each seat is saved
 * and read back; KolBotDriver plays the computer seats by itself in the
 * main loop, with its reasons in the log; a person's undo takes back the
 * computers' moves up to that person's last decision, and redo plays them
 * again; a computer seat sells trains only at face value; every policy
 * only ever chooses a legal action.
 */

static char *
title_dir (const char *id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), id) == 0)
        return g_file_get_path (kol_title_info_get_directory (info));
    }
  g_assert_not_reached ();
}

static KolGame *
new_game (const char *id,
          int         n_players,
          gint64      seed)
{
  static const char * const names[] = { "Anna", "Boris", "Clara", "Dmitri", "Eva", "Fyodor", NULL };
  g_autofree char *dir = title_dir (id);
  g_autoptr(GError) error = NULL;
  KolGame *game = kol_game_new (dir, n_players, names, NULL, seed, &error);

  g_assert_no_error (error);
  return game;
}

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done says so or @seconds pass; FALSE on the
 * time limit. */
static gboolean
run_until (gboolean (*done) (KolGame *game),
           KolGame  *game,
           guint     seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (seconds, timed_out_cb, &timed_out);

  while (!done (game) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return !timed_out;
}

static gboolean
finished (KolGame *game)
{
  return kol_game_get_finished (game);
}

static gboolean
persons_turn (KolGame *game)
{
  int player = kol_game_get_acting_player (game);

  return kol_game_get_finished (game) || (player >= 0 && kol_game_get_computer (game, player) < 0 &&
                                          !kol_bot_driver_get_thinking (kol_game_get_bot_driver (game)));
}

/* The seats are part of the save: a resumed game keeps its computers. */
static void
test_seats_saved (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 4, 5);
  g_autofree char *dir = g_dir_make_tmp ("kol-seats-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KolGame) opened = NULL;
  g_autoptr(GError) error = NULL;
  char *at;

  kol_game_set_computer (game, 1, KOL_POLICY_STRONG);
  kol_game_set_computer (game, 3, KOL_POLICY_EASY);
  g_assert_true (kol_game_save (game, file, &error));
  g_assert_no_error (error);
  opened = kol_game_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kol_game_get_computer (opened, 0), ==, -1);
  g_assert_cmpint (kol_game_get_computer (opened, 1), ==, KOL_POLICY_STRONG);
  g_assert_cmpint (kol_game_get_computer (opened, 2), ==, -1);
  g_assert_cmpint (kol_game_get_computer (opened, 3), ==, KOL_POLICY_EASY);
  g_clear_object (&opened);

  /* an unknown strength is a damaged file, not a person */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, "\"strong\"");
  g_assert_nonnull (at);
  memcpy (at, "\"clever\"", 8);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  opened = kol_game_new_from_file (file, &error);
  g_assert_null (opened);
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "players[1].computer"));
  g_unlink (path);
  g_rmdir (dir);
}

/* Computers alone play a whole game, and say why in the log. */
static void
test_computers_alone (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 3, 11);
  KolBotDriver *driver;
  GListModel *log;
  guint notes = 0;

  for (int p = 0; p < 3; p++)
    kol_game_set_computer (game, p, KOL_POLICY_EASY);
  driver = kol_game_get_bot_driver (game);
  kol_bot_driver_set_delay (driver, 0);
  g_assert_true (run_until (finished, game, 240));
  g_assert_false (kol_bot_driver_get_thinking (driver));
  log = kol_game_get_log (game);
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);

      notes += strstr (kol_game_log_entry_get_text (e), "(Easy):") != NULL;
    }
  g_assert_cmpuint (notes, >, 10);
}

/* A person's undo goes back over the computers' moves to that person's
 * last decision; redo plays them again. */
static void
test_undo_over_computers (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 3, 21);
  KolBotDriver *driver;
  guint before = 0, mine = 0;

  kol_game_set_computer (game, 1, KOL_POLICY_EASY);
  kol_game_set_computer (game, 2, KOL_POLICY_EASY);
  driver = kol_game_get_bot_driver (game);
  kol_bot_driver_set_delay (driver, 0);
  /* the person plays easy's move until the computers have answered one
   * with moves of their own */
  for (int turn = 0; turn < 40 && before <= mine + 1; turn++)
    {
      g_autoptr(KolAction) a = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (run_until (persons_turn, game, 60));
      g_assert_false (kol_game_get_finished (game));
      a = kol_policy_choose (kol_game_get_engine (game), KOL_POLICY_EASY, NULL, NULL);
      g_assert_nonnull (a);
      mine = kol_game_get_n_actions (game);
      g_assert_true (kol_game_apply_action (game, a, &error));
      g_assert_no_error (error);
      g_assert_true (run_until (persons_turn, game, 60));
      before = kol_game_get_n_actions (game);
    }
  g_assert_cmpuint (before, >, mine + 1);
  g_assert_true (kol_game_undo (game, NULL));
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, mine);
  g_assert_cmpint (kol_game_get_acting_player (game), ==, 0);
  g_assert_true (kol_game_redo (game, NULL));
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, before);
}

/* A game of a person and computers saved in the middle and opened again
 * goes on: the same position, the same seats, and the computers of the
 * opened game answer the person's next move by themselves. */
static void
test_resume_mid_game (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 3, 21);
  g_autofree char *dir = g_dir_make_tmp ("kol-resume-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KolGame) opened = NULL;
  g_autoptr(GError) error = NULL;
  guint saved, mine;

  kol_game_set_computer (game, 1, KOL_POLICY_EASY);
  kol_game_set_computer (game, 2, KOL_POLICY_MEDIUM);
  kol_bot_driver_set_delay (kol_game_get_bot_driver (game), 0);
  for (int turn = 0; turn < 6; turn++)
    {
      g_autoptr(KolAction) move = NULL;

      g_assert_true (run_until (persons_turn, game, 120));
      g_assert_false (kol_game_get_finished (game));
      move = kol_policy_choose (kol_game_get_engine (game), KOL_POLICY_EASY, NULL, NULL);
      g_assert_true (kol_game_apply_action (game, move, &error));
      g_assert_no_error (error);
    }
  g_assert_true (run_until (persons_turn, game, 120));
  saved = kol_game_get_n_actions (game);
  g_assert_cmpuint (saved, >, 6);
  g_assert_true (kol_game_save (game, file, &error));
  g_assert_no_error (error);
  g_clear_object (&game);

  opened = kol_game_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_game_get_n_actions (opened), ==, saved);
  g_assert_cmpint (kol_game_get_computer (opened, 0), ==, -1);
  g_assert_cmpint (kol_game_get_computer (opened, 1), ==, KOL_POLICY_EASY);
  g_assert_cmpint (kol_game_get_computer (opened, 2), ==, KOL_POLICY_MEDIUM);
  g_assert_cmpint (kol_game_get_acting_player (opened), ==, 0);
  mine = saved;
  kol_bot_driver_set_delay (kol_game_get_bot_driver (opened), 0);
  /* the person moves (maybe more than once in a row) until a computer
   * has answered */
  for (int turn = 0; turn < 10 && kol_game_get_n_actions (opened) <= mine + 1; turn++)
    {
      g_autoptr(KolAction) a = kol_policy_choose (kol_game_get_engine (opened), KOL_POLICY_EASY, NULL, NULL);

      mine = kol_game_get_n_actions (opened);
      g_assert_true (kol_game_apply_action (opened, a, &error));
      g_assert_no_error (error);
      g_assert_true (run_until (persons_turn, opened, 120));
    }
  g_assert_cmpuint (kol_game_get_n_actions (opened), >, mine + 1);
  g_unlink (path);
  g_rmdir (dir);
}

/* Every policy chooses only legal actions, which the engine accepts. */
static void
test_policies_legal (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 4, 3);
  KolEngine *engine = kol_engine_copy (kol_game_get_engine (game));

  engine->log_func = NULL;
  for (guint i = 0; i < 400 && !engine->finished; i++)
    {
      KolPolicyOptions opts = { .seed = i, .budget_ms = 20 };
      KolPolicyKind kind = (KolPolicyKind) (i % KOL_N_POLICIES);
      g_autoptr(KolAction) a = kol_policy_choose (engine, kind, &opts, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (a);
      g_assert_true (kol_engine_apply (engine, a, TRUE, NULL, &error));
      g_assert_no_error (error);
    }
  kol_engine_free (engine);
}

static char *
action_text (KolEngine       *engine,
             const KolAction *a)
{
  g_autoptr(JsonNode) node = kol_action_to_json (engine, a);

  return json_to_string (node, FALSE);
}

/* With a number of continuations as its budget and the time to spare, a
 * strong move depends only on the game and the seed (arena runs can be
 * repeated). */
static void
test_strong_reproducible (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 4, 5);
  KolEngine *engine = kol_engine_copy (kol_game_get_engine (game));
  guint compared = 0;

  engine->log_func = NULL;
  for (guint i = 0; i < 240 && !engine->finished; i++)
    {
      KolPolicyOptions opts = { .seed = i, .budget_ms = 600000, .rollouts = 10 };
      g_autoptr(KolAction) a = kol_policy_choose (engine, KOL_POLICY_MEDIUM, &opts, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (a);
      if (i % 30 == 29)
        {
          g_autoptr(KolAction) first = kol_policy_choose (engine, KOL_POLICY_STRONG, &opts, NULL);
          g_autoptr(KolAction) second = kol_policy_choose (engine, KOL_POLICY_STRONG, &opts, NULL);
          g_autofree char *first_text = action_text (engine, first);
          g_autofree char *second_text = action_text (engine, second);

          g_assert_cmpstr (first_text, ==, second_text);
          compared++;
        }
      g_assert_true (kol_engine_apply (engine, a, TRUE, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (compared, ==, 8);
  kol_engine_free (engine);
}

/* A cancelled search returns nothing. */
static void
test_cancel (void)
{
  g_autoptr(KolGame) game = new_game ("1840", 4, 3);
  gint cancel = 1;
  KolPolicyOptions opts = { .seed = 1, .cancel = &cancel };
  g_autoptr(KolAction) a = kol_policy_choose (kol_game_get_engine (game), KOL_POLICY_STRONG, &opts, NULL);

  g_assert_null (a);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/computers/seats-saved", test_seats_saved);
  g_test_add_data_func ("/computers/alone/1840", "1840", test_computers_alone);
  g_test_add_data_func ("/computers/alone/1849", "1849", test_computers_alone);
  g_test_add_func ("/computers/undo-over-computers", test_undo_over_computers);
  g_test_add_func ("/computers/resume-mid-game", test_resume_mid_game);
  g_test_add_data_func ("/computers/legal/1840", "1840", test_policies_legal);
  g_test_add_data_func ("/computers/legal/1849", "1849", test_policies_legal);
  g_test_add_func ("/computers/strong-reproducible", test_strong_reproducible);
  g_test_add_func ("/computers/cancel", test_cancel);
  return g_test_run ();
}
