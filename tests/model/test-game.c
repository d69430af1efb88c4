/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kol-engine-dividend.h"
#include "kol-engine-info.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-engine-trains.h"
#include "kol-engine-policy.h"
#include "kol-game-private.h"
#include "kol-game-words.h"
#include "kol-l10n.h"
#include "kol-log-format.h"
#include "kol-state-dump.h"
#include "kol-test-game.h"
#include "kol-title-info.h"

/*
 * KolGame: properties that notify once per change, apply, undo,
 * redo and seeking, refusals as translated errors, list models refreshed in
 * place, the log derived from the history, and autosave surviving a killed
 * process. Games are the real titles, played by choosing among the engine's
 * own legal actions with a fixed random sequence. Run by meson in English
 * and again in Russian (game-ru), where the names must be each title's.
 */

static gboolean russian;

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

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
  g_assert_nonnull (game);
  return game;
}

/* Plays @n legal actions chosen by @rand (the engine's own candidates). */
static void
play_random (KolGame *game,
             GRand   *rand,
             guint    n)
{
  for (guint i = 0; i < n && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;
      const KolAction *a;

      g_assert_cmpuint (legal->len, >, 0);
      a = g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len));
      g_assert_true (kol_game_apply_action (game, a, &error));
      g_assert_no_error (error);
    }
}

typedef struct
{
  guint n_actions;
  guint can_undo;
  guint position;
  guint state_changed;
  guint applied;
} Counts;

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              Counts     *c)
{
  if (g_str_equal (pspec->name, "n-actions"))
    c->n_actions++;
  else if (g_str_equal (pspec->name, "can-undo"))
    c->can_undo++;
  else if (g_str_equal (pspec->name, "position"))
    c->position++;
}

static void
count_changed (KolGame *game,
               Counts  *c)
{
  c->state_changed++;
}

static void
count_applied (KolGame  *game,
               gpointer  action,
               Counts   *c)
{
  c->applied++;
}

/* One action: n-actions and position notify once each, can-undo once (it
 * becomes TRUE), state-changed and action-applied once. */
static void
test_notify_once (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 3, 42);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  Counts c = { 0 };

  g_signal_connect (game, "notify", G_CALLBACK (count_notify), &c);
  g_signal_connect (game, "state-changed", G_CALLBACK (count_changed), &c);
  g_signal_connect (game, "action-applied", G_CALLBACK (count_applied), &c);
  g_assert_false (kol_game_get_can_undo (game));
  play_random (game, rand, 1);
  g_assert_cmpuint (c.n_actions, ==, 1);
  g_assert_cmpuint (c.position, ==, 1);
  g_assert_cmpuint (c.can_undo, ==, 1);
  g_assert_cmpuint (c.state_changed, ==, 1);
  g_assert_cmpuint (c.applied, ==, 1);
  play_random (game, rand, 1);
  /* can-undo stays TRUE: no new notification */
  g_assert_cmpuint (c.can_undo, ==, 1);
  g_assert_cmpuint (c.n_actions, ==, 2);
  g_signal_handlers_disconnect_by_data (game, &c);
}

static JsonNode *
dump (KolGame *game)
{
  return kol_state_dump ((KolEngine *) kol_game_get_engine (game), KOL_STATE_DUMP_TILES);
}

static void
assert_same_state (JsonNode *a,
                   JsonNode *b)
{
  KolStateMismatch m = { 0 };

  if (!kol_state_compare (a, b, &m))
    g_error ("states differ at %s: %s vs %s", m.field, m.expected, m.actual);
  kol_state_mismatch_clear (&m);
}

/* @game now is in the state dumped as @expected. */
static void
assert_state_is (JsonNode *expected,
                 KolGame  *game)
{
  g_autoptr(JsonNode) now = dump (game);

  assert_same_state (expected, now);
}

/* Two games are in the same state. */
static void
assert_same_games (KolGame *a,
                   KolGame *b)
{
  g_autoptr(JsonNode) state = dump (a);

  assert_state_is (state, b);
}

static void
test_undo_redo_seek (void)
{
  g_autoptr(KolGame) game = new_game ("1840", 3, 11);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(JsonNode) at5 = NULL;
  g_autoptr(JsonNode) at6 = NULL;
  g_autoptr(GError) error = NULL;
  guint log_at5;

  play_random (game, rand, 5);
  at5 = dump (game);
  log_at5 = g_list_model_get_n_items (kol_game_get_log (game));
  play_random (game, rand, 1);
  at6 = dump (game);
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 6);

  g_assert_true (kol_game_undo (game, &error));
  g_assert_no_error (error);
  assert_state_is (at5, game);
  g_assert_true (kol_game_get_can_redo (game));
  /* the log follows the line of play */
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (game)), ==, log_at5);

  g_assert_true (kol_game_redo (game, &error));
  assert_state_is (at6, game);
  g_assert_false (kol_game_get_can_redo (game));

  g_assert_true (kol_game_seek (game, 5, &error));
  g_assert_false (kol_game_get_live (game));
  g_assert_cmpuint (kol_game_get_position (game), ==, 5);
  assert_state_is (at5, game);
  /* acting in the past needs the players' agreement */
  {
    g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

    g_assert_cmpuint (legal->len, ==, 0);
  }
  /* the last action's entries are in the future now */
  {
    GListModel *log = kol_game_get_log (game);
    g_autoptr(KolGameLogEntry) last = g_list_model_get_item (log, g_list_model_get_n_items (log) - 1);
    g_autoptr(KolGameLogEntry) first = g_list_model_get_item (log, 0);

    g_assert_true (kol_game_log_entry_get_future (last));
    g_assert_false (kol_game_log_entry_get_future (first));
  }
  g_assert_true (kol_game_continue_from_here (game, &error));
  g_assert_true (kol_game_get_live (game));
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 5);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (game)), ==, log_at5);
}

/* A past action needs KOL_GAME_APPLY_DISCARD_FUTURE, and a refused one
 * leaves the future alone. */
static void
test_apply_in_past (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 4, 5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolAction) bogus = NULL;

  play_random (game, rand, 4);
  legal = kol_game_legal_actions (game);
  g_assert_true (kol_game_seek (game, 2, NULL));
  /* any action: not live */
  g_assert_false (kol_game_apply_action (game, g_ptr_array_index (legal, 0), &error));
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_NOT_LIVE);
  g_clear_error (&error);
  /* refused even with the flag: nothing is discarded */
  bogus = kol_action_new (KOL_ACTION_BUY_TRAIN, kol_entity (KOL_ENTITY_PLAYER, 0));
  g_assert_false (kol_game_apply_action_full (game, bogus, KOL_GAME_APPLY_DISCARD_FUTURE, &error));
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED);
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 4);
}

/* A bid over the player's cash is refused with a sentence naming the
 * player and both sums. */
static void
test_refusal_message (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 3, 9);
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  g_autoptr(KolAction) bid = NULL;
  g_autoptr(GError) error = NULL;
  const KolAction *first = NULL;

  /* the last bid: on a company that is auctioned, not bought at its price */
  for (guint i = 0; i < legal->len; i++)
    if (((KolAction *) g_ptr_array_index (legal, i))->type == KOL_ACTION_BID)
      first = g_ptr_array_index (legal, i);
  g_assert_nonnull (first);
  bid = kol_action_copy (first);
  bid->price = 100000;
  g_assert_false (kol_game_check_action (game, bid, &error));
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "L.100000"));
  g_clear_error (&error);
  g_assert_false (kol_game_apply_action (game, bid, &error));
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED);
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 0);
}

typedef struct
{
  guint items_changed;
  guint cash;
} ListCounts;

static void
count_items (GListModel *model,
             guint       position,
             guint       removed,
             guint       added,
             ListCounts *c)
{
  c->items_changed++;
}

static void
count_cash (GObject    *object,
            GParamSpec *pspec,
            ListCounts *c)
{
  c->cash++;
}

/* Items stay the same objects; their properties notify. */
static void
test_lists_in_place (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 3, 42);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  GListModel *players = kol_game_get_players (game);
  GListModel *companies = kol_game_get_companies (game);
  g_autoptr(KolGamePlayer) p0 = g_list_model_get_item (players, 0);
  ListCounts c = { 0 };
  int cash_before = kol_game_player_get_cash (p0);
  guint n_companies = g_list_model_get_n_items (companies);

  g_assert_cmpuint (g_list_model_get_n_items (players), ==, 3);
  g_assert_cmpuint (n_companies, ==, kol_game_get_engine (game)->n_corps + kol_game_get_engine (game)->n_companies);
  g_signal_connect (players, "items-changed", G_CALLBACK (count_items), &c);
  g_signal_connect (companies, "items-changed", G_CALLBACK (count_items), &c);
  g_signal_connect (p0, "notify::cash", G_CALLBACK (count_cash), &c);
  /* the initial stock round goes on until someone pays */
  for (guint i = 0; i < 40 && kol_game_player_get_cash (p0) == cash_before; i++)
    play_random (game, rand, 1);
  g_assert_cmpint (kol_game_player_get_cash (p0), !=, cash_before);
  g_assert_cmpuint (c.cash, >=, 1);
  g_assert_cmpuint (c.items_changed, ==, 0);
  {
    g_autoptr(KolGamePlayer) again = g_list_model_get_item (players, 0);

    g_assert_true (again == p0);
  }
  g_signal_handlers_disconnect_by_data (players, &c);
  g_signal_handlers_disconnect_by_data (companies, &c);
  g_signal_handlers_disconnect_by_data (p0, &c);
}

/* The log of an imported game: entries for every action, every kind in
 * words, rounds named. */
static void
test_log_of_record (void)
{
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;
  GListModel *log;
  guint n, rounds = 0;

  if (shared == NULL)
    {
      g_test_skip ("../shared is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", "1849-27939.json", NULL);
  file = g_file_new_for_path (path);
  game = kol_game_new_from_record (file, &error);
  g_assert_no_error (error);
  log = kol_game_get_log (game);
  n = g_list_model_get_n_items (log);
  g_assert_cmpuint (n, >, kol_game_get_n_actions (game));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);
      const char *text = kol_game_log_entry_get_text (e);

      g_assert_cmpuint (kol_game_log_entry_get_index (e), ==, i);
      g_assert_false (g_str_has_prefix (text, "("));
      g_assert_null (strstr (text, "$s"));
      g_assert_null (strstr (text, "?"));
      if (i < 80)
        g_test_message ("%u [%s] %s", kol_game_log_entry_get_position (e), kol_game_log_entry_get_round (e), text);
      g_assert_nonnull (kol_game_log_entry_get_round (e));
      rounds += kol_game_log_entry_get_category (e) == KOL_LOG_CATEGORY_ROUND;
    }
  g_assert_cmpuint (rounds, >, 10);
  g_assert_true (kol_game_get_finished (game));
}

/* ----------------------------------------------------------- autosave */

static void
play_fixed (KolGame *game,
            guint    n)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

  play_random (game, rand, n);
}

/* A child process plays and is killed (_exit, no clean-up); the parent
 * finds the autosave and resumes the same game. */
static void
test_autosave_after_kill (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosave-XXXXXX", NULL);
  g_autoptr(GFile) found = NULL;
  g_autoptr(KolGame) resumed = NULL;
  g_autoptr(KolGame) reference = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  pid_t pid;

  g_assert_nonnull (dir);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      KolGame *game = new_game ("1840", 4, 1234);

      if (!kol_game_enable_autosave (game, dir, NULL))
        _exit (2);
      play_fixed (game, 12);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);

  found = kol_history_find_autosave (dir);
  g_assert_nonnull (found);
  resumed = kol_game_new_from_file (found, &error);
  g_assert_no_error (error);
  reference = new_game ("1840", 4, 1234);
  play_fixed (reference, 12);
  g_assert_cmpuint (kol_game_get_n_actions (resumed), ==, 12);
  assert_same_games (reference, resumed);

  /* resuming keeps the autosave file; a clean close removes it */
  g_assert_true (kol_game_enable_autosave (resumed, dir, &error));
  g_assert_true (g_file_equal (kol_game_get_autosave_file (resumed), found));
  g_assert_null (kol_game_get_path (resumed));
  play_fixed (resumed, 1);
  g_assert_true (kol_game_remove_autosave (resumed, &error));
  g_assert_false (g_file_query_exists (found, NULL));
  g_assert_null (kol_history_find_autosave (dir));
  g_rmdir (dir);
}

/* Save and open again: the same state, not modified. */
static void
test_save_open (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 5, 77);
  g_autofree char *dir = g_dir_make_tmp ("kol-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KolGame) opened = NULL;
  g_autoptr(GError) error = NULL;

  play_fixed (game, 20);
  g_assert_true (kol_game_get_modified (game));
  g_assert_true (kol_game_save (game, file, &error));
  g_assert_no_error (error);
  g_assert_false (kol_game_get_modified (game));
  g_assert_true (g_file_equal (kol_game_get_path (game), file));
  opened = kol_game_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_false (kol_game_get_modified (opened));
  assert_same_games (game, opened);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (opened)), ==,
                    g_list_model_get_n_items (kol_game_get_log (game)));
  g_unlink (path);
  g_rmdir (dir);
}

/* Opening garbage fails with a message naming the file. */
static void
test_open_bad_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-bad-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;

  g_assert_true (g_file_set_contents (path, "{\"format\": \"koleya-save\", \"version\":", -1, NULL));
  game = kol_game_new_from_file (file, &error);
  g_assert_null (game);
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "bad.koleya"));
  g_clear_error (&error);
  game = kol_game_new_from_record (file, &error);
  g_assert_null (game);
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE);
  g_unlink (path);
  g_rmdir (dir);
}

/* The text of an error a dialog shows (before a blank line): in the
 * user's language, naming no JSON position, path or engine word; the
 * details after it say where. */
static void
assert_error_text (const GError *error,
                   const char   *path)
{
  const char *details = strstr (error->message, "\n\n");
  g_autofree char *text = details != NULL ? g_strndup (error->message, (gsize) (details - error->message))
                                          : g_strdup (error->message);
  g_autofree char *without_path = NULL;
  g_auto(GStrv) parts = g_strsplit (text, path, -1);

  g_test_message ("%s", error->message);
  without_path = g_strjoinv ("", parts);
  g_assert_nonnull (details);
  g_assert_false (g_regex_match_simple ("[0-9]+:[0-9]+|\\$[.\\[]|line [0-9]|строка [0-9]|\\.json", without_path, 0, 0));
  g_assert_true (has_cyrillic (without_path) == russian);
  if (russian)
    g_assert_false (g_regex_match_simple ("[A-Za-z]{2,}", without_path, 0, 0));
}

/* Errors that reach a dialog: a title whose data broke, a damaged save, a
 * damaged 18xx.games record. */
static void
test_error_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-error-XXXXXX", NULL);
  g_autofree char *broken_dir = g_build_filename (dir, "broken", NULL);
  g_autofree char *save = g_build_filename (dir, "bad.koleya", NULL);
  g_autofree char *record = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *source = title_dir ("1849");
  g_autoptr(GFile) save_file = g_file_new_for_path (save);
  g_autoptr(GFile) record_file = g_file_new_for_path (record);
  static const char * const names[] = { "Anna", "Boris", "Clara", NULL };
  static const char * const files[] = { "game.json", "map.json", "tiles.json" };
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;

  g_assert_cmpint (g_mkdir (broken_dir, 0700), ==, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *from = g_build_filename (source, files[i], NULL), *to = g_build_filename (broken_dir, files[i], NULL);
      g_autofree char *contents = NULL;

      g_assert_true (g_file_get_contents (from, &contents, NULL, NULL));
      g_assert_true (g_file_set_contents (to, i == 2 ? "{\n  \"tiles\": [\n" : contents, -1, NULL));
    }
  game = kol_game_new (broken_dir, 3, names, NULL, 1, &error);
  g_assert_null (game);
  assert_error_text (error, broken_dir);
  g_assert_nonnull (strstr (error->message, "tiles.json"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (save, "{\"format\": \"koleya-save\", \"version\":", -1, NULL));
  game = kol_game_new_from_file (save_file, &error);
  g_assert_null (game);
  assert_error_text (error, save);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (record, "{\"id\": 1, \"title\": \"1849\", \"actions\": [", -1, NULL));
  game = kol_game_new_from_record (record_file, &error);
  g_assert_null (game);
  assert_error_text (error, record);
  g_clear_error (&error);

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (broken_dir, files[i], NULL);

      g_unlink (path);
    }
  g_rmdir (broken_dir);
  g_unlink (save);
  g_unlink (record);
  g_rmdir (dir);
}

/* ------------------------------------------------------- new games */

/* The first round of each title, as its rulebook calls it. */
static const struct
{
  const char *title;
  const char *first_round_en;
  const char *first_round_ru;
  const char *stock_round_ru;
} first_rounds[] = {
  { "1840", "Pre-Share Round", "Предварительный раунд", "Раунд акций" },
  { "1849", "Initial Stock Round", "Начальный фондовый раунд", "Фондовый раунд" },
};

typedef struct
{
  const char *title;
  int         n_players;
  gsize       row;        /* in first_rounds */
} NewGameCase;

static void
assert_lists_match_engine (KolGame *game)
{
  const KolEngine *engine = kol_game_get_engine (game);
  GListModel *players = kol_game_get_players (game);

  g_assert_cmpuint (g_list_model_get_n_items (players), ==, (guint) engine->n_players);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_companies (game)), ==, engine->n_corps + engine->n_companies);
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(KolGamePlayer) p = g_list_model_get_item (players, i);

      g_assert_cmpint (kol_game_player_get_cash (p), ==, engine->players[i].cash);
      g_assert_cmpstr (kol_game_player_get_name (p), ==, engine->players[i].name);
      g_assert_true (kol_game_player_get_acting (p) == ((int) i == kol_game_get_acting_player (game)));
    }
}

/* A new game of each title and player count: its properties, its lists,
 * and how they change after one action and its undo. */
static void
test_new_game (gconstpointer data)
{
  const NewGameCase *c = data;
  g_autoptr(KolGame) game = new_game (c->title, c->n_players, 1000 + c->n_players);
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  g_autoptr(GError) error = NULL;
  g_autofree char *round = NULL;
  g_autofree char *title_id = NULL;
  gboolean can_undo = TRUE;
  int acting = -2;
  guint log_before;

  g_object_get (game, "round-name", &round, "title-id", &title_id, "can-undo", &can_undo,
                "acting-player", &acting, NULL);
  g_test_message ("%s, %d players: %s; %s", c->title, c->n_players, round, kol_game_get_step_name (game));
  g_assert_cmpstr (title_id, ==, c->title);
  g_assert_true (g_str_has_prefix (round, russian ? first_rounds[c->row].first_round_ru
                                                  : first_rounds[c->row].first_round_en));
  g_assert_false (can_undo);
  g_assert_false (kol_game_get_can_redo (game));
  g_assert_true (kol_game_get_live (game));
  g_assert_false (kol_game_get_finished (game));
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 0);
  g_assert_cmpint (acting, >=, 0);
  g_assert_cmpint (acting, <, c->n_players);
  g_assert_nonnull (kol_game_get_acting_entity_name (game));
  g_assert_cmpstr (kol_game_get_step_name (game), !=, "");
  if (russian)
    g_assert_true (has_cyrillic (kol_game_get_step_name (game)));
  assert_lists_match_engine (game);
  g_assert_cmpuint (legal->len, >, 0);
  log_before = g_list_model_get_n_items (kol_game_get_log (game));

  /* one action: can-undo, the position, the lists and the log follow */
  g_assert_true (kol_game_apply_action (game, g_ptr_array_index (legal, legal->len - 1), &error));
  g_assert_no_error (error);
  g_assert_true (kol_game_get_can_undo (game));
  g_assert_false (kol_game_get_can_redo (game));
  g_assert_cmpuint (kol_game_get_position (game), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (game)), >, log_before);
  assert_lists_match_engine (game);

  g_assert_true (kol_game_undo (game, &error));
  g_assert_false (kol_game_get_can_undo (game));
  g_assert_true (kol_game_get_can_redo (game));
  g_assert_cmpint (kol_game_get_acting_player (game), ==, acting);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (game)), ==, log_before);
  assert_lists_match_engine (game);
}

/* The stock round of each title by its rulebook's name. */
static void
test_round_names (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (first_rounds); i++)
    {
      g_autoptr(KolGame) game = new_game (first_rounds[i].title, 4, 5);
      const char *name = kol_game_word_round (kol_game_get_title (game), "Stock Round");

      g_test_message ("%s: %s", first_rounds[i].title, name);
      if (russian)
        g_assert_cmpstr (name, ==, first_rounds[i].stock_round_ru);
      else
        g_assert_false (has_cyrillic (name));
    }
}

/* Money in the title's currency; a debt carries its sign before the
 * currency ("−L.750", the 1849 loan penalty of 13), never "L.-750". */
static void
test_money (void)
{
  g_autoptr(KolGame) game = new_game ("1849", 4, 5);
  g_autofree char *plus = kol_game_format_money (game, 750);
  g_autofree char *minus = kol_game_format_money (game, -750);
  g_autofree char *want = g_strconcat ("−", plus, NULL);

  g_assert_nonnull (strstr (plus, "750"));
  g_assert_null (strchr (plus, '-'));
  g_assert_cmpstr (minus, ==, want);
}

/* ------------------------------------------------------- refusals */

/* A refused action: a translated message, and nothing changed. */
static void
test_refusal_unchanged (void)
{
  g_autoptr(KolGame) game = new_game ("1840", 3, 21);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2);
  g_autoptr(KolAction) bogus = NULL;
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(GError) error = NULL;
  guint log_before;

  play_random (game, rand, 3);
  before = dump (game);
  log_before = g_list_model_get_n_items (kol_game_get_log (game));
  /* a tram bought by a player in the Pre-Share Round */
  bogus = kol_action_new (KOL_ACTION_BUY_TRAIN, kol_entity (KOL_ENTITY_PLAYER, 0));
  g_assert_false (kol_game_apply_action (game, bogus, &error));
  g_assert_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_true (has_cyrillic (error->message) == russian);
  g_assert_cmpuint (kol_game_get_n_actions (game), ==, 3);
  g_assert_cmpuint (kol_game_get_position (game), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (game)), ==, log_before);
  assert_state_is (before, game);
}

/* --------------------------------------------------------- records */

static JsonNode *
record_result (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "result"));
  return json_node_copy (json_object_get_member (root, "result"));
}

/* A recorded game imported through the model ends with the record's
 * scores, the dump's scores and the players' net worth all equal. */
static void
test_record_scores (gconstpointer data)
{
  const char *name = data;
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) actual = NULL;
  KolStateMismatch m = { 0 };
  KolEngine *engine;
  GListModel *players;

  if (shared == NULL)
    {
      g_test_skip ("../shared is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", name, NULL);
  file = g_file_new_for_path (path);
  game = kol_game_new_from_record (file, &error);
  g_assert_no_error (error);
  g_assert_true (kol_game_get_finished (game));
  engine = (KolEngine *) kol_game_get_engine (game);
  expected = record_result (path);
  actual = kol_state_result (engine);
  if (!kol_state_compare_result (expected, actual, &m))
    g_error ("%s: scores differ at %s: %s vs %s", name, m.field, m.expected, m.actual);
  kol_state_mismatch_clear (&m);
  players = kol_game_get_players (game);
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(KolGamePlayer) p = g_list_model_get_item (players, i);

      g_assert_cmpint (kol_game_player_get_net_worth (p), ==, kol_state_player_value (engine, (int) i));
    }
}

/* -------------------------------------------------------- autosave */

/* The autosave of a live game opens as the same game. */
static void
test_autosave_live (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosave-live-XXXXXX", NULL);
  g_autoptr(KolGame) game = new_game ("1849", 4, 31);
  g_autoptr(KolGame) opened = NULL;
  g_autoptr(GError) error = NULL;
  GFile *file;

  g_assert_true (kol_game_enable_autosave (game, dir, &error));
  g_assert_no_error (error);
  play_fixed (game, 15);
  file = kol_game_get_autosave_file (game);
  g_assert_nonnull (file);
  g_assert_true (g_file_query_exists (file, NULL));
  opened = kol_game_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_game_get_n_actions (opened), ==, kol_game_get_n_actions (game));
  assert_same_games (game, opened);
  g_assert_true (kol_game_remove_autosave (game, &error));
  g_assert_false (g_file_query_exists (file, NULL));
  g_rmdir (dir);
}

/* Limits the size of files this process writes, as a full disk would
 * (write() fails with EFBIG); 0 lifts the limit. Works for root too, unlike
 * a read-only folder. */
static void
limit_file_size (rlim_t bytes)
{
  static struct rlimit saved;
  static gboolean limited;
  struct rlimit limit;

  if (bytes > 0)
    {
      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      limit = saved;
      limit.rlim_cur = bytes;
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      limited = TRUE;
    }
  else if (limited)
    {
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      limited = FALSE;
    }
}

static void
count_autosave_error (GObject    *game,
                      GParamSpec *pspec,
                      guint      *count)
{
  (*count)++;
}

/* A failing autosave is said, kept and tried again:
 * the first write's failure is an error, not a silent FALSE; every move
 * tries again; a write that works clears the failure; nothing is left
 * behind in the folder. */
static void
test_autosave_failure (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosave-full-XXXXXX", NULL);
  g_autoptr(KolGame) game = new_game ("1849", 3, 8);
  g_autoptr(KolGame) opened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  GFile *file;
  guint notified = 0;

  g_signal_connect (game, "notify::autosave-error", G_CALLBACK (count_autosave_error), &notified);
  limit_file_size (16);
  g_assert_false (kol_game_enable_autosave (game, dir, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_nonnull (kol_game_get_autosave_error (game));
  g_assert_cmpint (kol_game_get_autosaved_n_actions (game), ==, -1);
  g_assert_cmpuint (notified, ==, 1);
  file = kol_game_get_autosave_file (game);
  g_assert_false (g_file_query_exists (file, NULL));

  play_fixed (game, 1);
  g_assert_nonnull (kol_game_get_autosave_error (game));
  g_assert_false (g_file_query_exists (file, NULL));

  /* room again: the next move writes it */
  limit_file_size (0);
  play_fixed (game, 1);
  g_assert_null (kol_game_get_autosave_error (game));
  g_assert_cmpuint (notified, >=, 2);
  g_assert_cmpint (kol_game_get_autosaved_n_actions (game), ==, (int) kol_game_get_n_actions (game));
  opened = kol_game_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_game_get_n_actions (opened), ==, kol_game_get_n_actions (game));

  /* failing again keeps what is on disk */
  limit_file_size (16);
  play_fixed (game, 1);
  limit_file_size (0);
  g_assert_nonnull (kol_game_get_autosave_error (game));
  g_assert_cmpint (kol_game_get_autosaved_n_actions (game), ==, (int) kol_game_get_n_actions (game) - 1);
  g_assert_true (kol_game_retry_autosave (game, &error));
  g_assert_null (kol_game_get_autosave_error (game));

  g_assert_true (kol_game_remove_autosave (game, &error));
  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  g_assert_null (g_dir_read_name (listing));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A folder that cannot be made (read-only, or a file in its way) is the
 * reason given, not the missing file that follows from it; once it can be
 * made, the next move writes. */
static void
test_autosave_folder_failure (void)
{
  g_autofree char *base = g_dir_make_tmp ("kol-autosave-folder-XXXXXX", NULL);
  g_autofree char *blocker = g_build_filename (base, "data", NULL);
  g_autofree char *dir = g_build_filename (blocker, "autosave", NULL);
  g_autofree char *inside = g_strconcat (dir, G_DIR_SEPARATOR_S, NULL);
  g_autoptr(KolGame) game = new_game ("1849", 3, 8);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (blocker, "a file where the folder should be", -1, NULL));
  g_assert_false (kol_game_enable_autosave (game, dir, &error));
  g_test_message ("%s", error->message);
  /* the folder is named, not a file in it (in any language) */
  g_assert_nonnull (strstr (error->message, dir));
  g_assert_null (strstr (error->message, inside));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOTDIR)));
  g_assert_true (g_str_equal (kol_game_get_autosave_error (game)->message, error->message));

  g_assert_cmpint (g_unlink (blocker), ==, 0);
  play_fixed (game, 1);
  g_assert_null (kol_game_get_autosave_error (game));
  g_assert_true (g_file_query_exists (kol_game_get_autosave_file (game), NULL));
  g_assert_true (kol_game_remove_autosave (game, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_assert_cmpint (g_rmdir (blocker), ==, 0);
  g_assert_cmpint (g_rmdir (base), ==, 0);
}

/* An autosave's name never leaves its folder, whatever the title's id
 * (the loader refuses such ids; this is the second line of defence) */
static void
test_autosave_name_stays_in_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosave-id-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  KolTitle *title = kol_test_load_title ("1849", 3);
  g_autoptr(KolHistory) history = NULL;
  g_autoptr(KolGame) game = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GError) error = NULL;

  g_free (title->id);
  title->id = g_strdup ("../../../escape-test/owned");
  history = kol_history_new (title, 3, NULL, (const char *[]) { "A", "B", "C" }, 5, &error);
  g_assert_no_error (error);
  game = kol_game_new_for_history (history, NULL);
  g_assert_true (kol_game_enable_autosave (game, dir, &error));
  g_assert_no_error (error);
  parent = g_file_get_parent (kol_game_get_autosave_file (game));
  g_assert_true (g_file_equal (parent, folder));
  g_assert_true (g_file_query_exists (kol_game_get_autosave_file (game), NULL));
  g_assert_true (kol_game_remove_autosave (game, &error));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ------------------------------------------------------- last runs */

/* The last run_routes of @corp before @position, or -1 (the action
 * itself or one of its auto actions). */
static int
last_run_index (KolGame *game,
                int      corp,
                guint    position)
{
  KolHistory *history = kol_game_get_history (game);

  for (guint i = position; i-- > 0;)
    {
      const KolAction *a = kol_history_get_action (history, i);

      if (a->type == KOL_ACTION_RUN_ROUTES && a->entity.kind == KOL_ENTITY_CORP && a->entity.index == corp)
        return (int) i;
      for (guint j = 0; a->auto_actions != NULL && j < a->auto_actions->len; j++)
        {
          const KolAction *b = g_ptr_array_index (a->auto_actions, j);

          if (b->type == KOL_ACTION_RUN_ROUTES && b->entity.kind == KOL_ENTITY_CORP && b->entity.index == corp)
            return (int) i;
        }
    }
  return -1;
}

/* The runs the map draws at the point shown: one per company, the last
 * before that point, along the track: a route has the paths of the track
 * it used, from stop to stop, or its stops alone (counted in
 * @n_unresolved). */
static void
check_last_runs (KolGame *game,
                 guint   *n_routes,
                 guint   *n_unresolved)
{
  g_autoptr(GPtrArray) runs = kol_game_get_last_runs (game);
  const KolEngine *engine = kol_game_get_engine (game);
  guint position = kol_game_get_position (game), routes = 0, unresolved = 0;

  for (guint i = 0; i < runs->len; i++)
    {
      const KolGameRun *run = g_ptr_array_index (runs, i);

      for (guint j = 0; j < i; j++)
        g_assert_cmpint (((const KolGameRun *) g_ptr_array_index (runs, j))->corp, !=, run->corp);
      g_assert_cmpint ((int) run->action_index, ==, last_run_index (game, run->corp, position));
      g_assert_false (engine->corps[run->corp].closed);
      g_assert_nonnull (run->label);
      for (int k = 0; k < run->n_routes; k++)
        {
          const KolRoute *route = &run->routes[k];

          g_assert_cmpint (route->n_nodes, >=, 2);
          /* a run the validator no longer explains (1840's City runs
           * along the dotted track are walked, not routed) keeps its
           * stops */
          if (route->n_paths == 0)
            {
              unresolved++;
              continue;
            }
          g_assert_cmpint (route->n_paths, >=, route->n_nodes - 1);
          routes++;
        }
    }
  /* a company that ran and is still in the game has its run drawn */
  for (int c = 0; c < engine->n_corps; c++)
    if (!engine->corps[c].closed && !engine->corps[c].removed && last_run_index (game, c, position) >= 0)
      {
        gboolean found = FALSE;

        for (guint i = 0; i < runs->len; i++)
          found |= ((const KolGameRun *) g_ptr_array_index (runs, i))->corp == c;
        g_assert_true (found);
      }
  *n_routes += routes;
  *n_unresolved += unresolved;
}

/* The last runs of a recorded game, drawn along the track at the end and
 * at points of the history browsed back to. */
static void
test_last_runs_of_record (gconstpointer data)
{
  const char *name = data;
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = NULL;
  guint n, routes = 0, unresolved = 0;

  if (shared == NULL)
    {
      g_test_skip ("../shared is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", name, NULL);
  file = g_file_new_for_path (path);
  game = kol_game_new_from_record (file, &error);
  g_assert_no_error (error);
  n = kol_game_get_n_actions (game);
  check_last_runs (game, &routes, &unresolved);
  for (guint k = 1; k < 8; k++)
    {
      g_assert_true (kol_game_seek (game, n * k / 8, &error));
      g_assert_no_error (error);
      check_last_runs (game, &routes, &unresolved);
    }
  g_test_message ("%s: %u routes drawn along the track, %u by their stops", name, routes, unresolved);
  g_assert_cmpuint (routes, >, 10);
  /* nearly every run is drawn along its track; 1840's City runs (four of
   * them whenever the companies have run) are walks of the dotted track,
   * which the validator does not route */
  g_assert_cmpuint (unresolved, <=, g_str_has_prefix (name, "1840") ? routes / 2 : 0);
}

/* Runs made in the app: their log lines list the stops, and the map keeps
 * them drawn along the track. */
static void
test_last_runs_of_play (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 3, 7);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  GListModel *log = kol_game_get_log (game);
  guint runs = 0, routes = 0, unresolved = 0;

  for (guint step = 0; step < 12 && !kol_game_get_finished (game); step++)
    {
      play_random (game, rand, 60);
      check_last_runs (game, &routes, &unresolved);
    }
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);
      const char *text = kol_game_log_entry_get_text (e);

      if (kol_game_log_entry_get_kind (e) != KOL_LOG_RUNS_TRAIN)
        continue;
      /* "… for L.40: F6-G7" */
      g_assert_false (g_str_has_suffix (text, ": "));
      g_assert_true (g_regex_match_simple ("[A-Z][0-9]+-[A-Z][0-9]+$", text, 0, 0));
      runs++;
    }
  g_test_message ("%s: %u runs logged, %u routes drawn along the track, %u by their stops", title, runs,
                  routes, unresolved);
  g_assert_cmpuint (runs, >, 0);
  g_assert_cmpuint (routes, >, 0);
  g_assert_cmpuint (unresolved, <=, g_str_equal (title, "1840") ? routes / 2 : 0);
}

/* ------------------------------------------------- corporation order */

/* 1849 (§2.2): the charters of the corporations not started say their
 * place in the drawn order, the next one "next to start"; with Delay IFT,
 * IFT's charter says so and IFT is not among the first three; with three
 * players the corporation drawn last is not in the game and says so. */
static void
test_corporation_order (void)
{
  static const char * const names[] = { "Anna", "Boris", "Clara", NULL };
  static const char * const options[] = { "delay_ift", NULL };
  g_autofree char *dir = title_dir ("1849");
  g_autoptr(GError) error = NULL;
  const char *next_text = g_dpgettext2 (GETTEXT_PACKAGE, "company", "not started; next to start");
  const char *removed_text = g_dpgettext2 (GETTEXT_PACKAGE, "company", "not in this game");
  guint next = 0, removed = 0, delayed = 0, removed_ift = 0;

  for (gint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(KolGame) game = kol_game_new (dir, 3, names, options, seed, &error);
      GListModel *companies = kol_game_get_companies (game);
      const KolEngine *engine = kol_game_get_engine (game);
      int waiting = 0;

      g_assert_no_error (error);
      for (int corp = 0; corp < engine->n_corps; corp++)
        if (engine->corps[corp].removed)
          {
            g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, (guint) corp);
            g_autofree char *text = NULL;

            g_object_get (c, "status-text", &text, NULL);
            g_assert_cmpstr (text, ==, removed_text);
            removed++;
            removed_ift += g_str_equal (engine->title->corps[corp].id, "IFT");
          }
      for (int i = 0; i < engine->n_corp_order; i++)
        {
          int corp = engine->corp_order[i];
          g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, (guint) corp);
          g_autofree char *text = NULL;

          g_object_get (c, "status-text", &text, NULL);
          if (engine->corps[corp].removed)
            continue;
          if (g_str_equal (engine->title->corps[corp].id, "IFT"))
            {
              g_autofree char *note = g_strdup_printf (g_dpgettext2 (GETTEXT_PACKAGE, "company",
                                                                     "delayed by the variant: not among the first %d"),
                                                       3);

              g_assert_cmpint (i, >=, 3);
              g_assert_nonnull (strstr (text, note));
              delayed++;
            }
          if (waiting++ == 0)
            {
              g_assert_true (g_str_has_prefix (text, next_text));
              next++;
            }
          else
            {
              g_autofree char *place = g_strdup_printf (g_dpgettext2 (GETTEXT_PACKAGE, "company",
                                                                      "not started; number %d to start"), waiting);

              g_assert_true (g_str_has_prefix (text, place));
            }
        }
    }
  g_assert_cmpuint (next, ==, 12);
  g_assert_cmpuint (removed, ==, 12);
  /* IFT is in the game unless it drew the last place (three players) */
  g_assert_cmpuint (delayed, >=, 12 - removed_ift);
  g_assert_cmpuint (delayed, >, 0);
}

/* ------------------------------------------- choices explain themselves */

typedef struct
{
  guint explained_passes;  /* only Pass, with why under it */
  guint line_moves;        /* 1840 line-round moves with details */
  guint pointed;           /* of them, with hexes for the map */
} ExplainCounts;

static gboolean
step_wants (KolEngine *engine,
            KolEntity  entity,
            guint32    bits)
{
  KolStep *step = kol_engine_active_step (engine);

  return step != NULL && step->klass->actions != NULL && (step->klass->actions (engine, step, entity) & bits) != 0;
}

/* The choices of the moment: Pass alone says why when the step wants a
 * tile, a station marker or a train; no share sale by a president is
 * offered in "Buy trains" while the company may pass; the moves of 1840's
 * line and company rounds say what they do, and those on the map where. */
static void
check_choices_explain (KolGame       *game,
                       ExplainCounts *counts)
{
  GListModel *choices = kol_game_get_choices (game);
  KolEngine *engine = (KolEngine *) kol_game_get_engine (game);
  guint n = g_list_model_get_n_items (choices);
  gboolean corp_may_pass = FALSE, player_sells = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      const KolAction *a = kol_game_choice_get_action (c);
      int n_hexes;

      corp_may_pass |= a->type == KOL_ACTION_PASS && a->entity.kind == KOL_ENTITY_CORP;
      player_sells |= a->type == KOL_ACTION_SELL_SHARES && a->entity.kind == KOL_ENTITY_PLAYER;
      if (n == 1 && a->type == KOL_ACTION_PASS &&
          step_wants (engine, a->entity, KOL_ACTION_BIT (KOL_ACTION_LAY_TILE) | KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) |
                                         KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN)))
        {
          g_assert_nonnull (kol_game_choice_get_details (c));
          counts->explained_passes++;
        }
      switch ((int) a->type)
        {
        case KOL_ACTION_MERGE:
        case KOL_ACTION_REMOVE_TOKEN:
          g_assert_nonnull (kol_game_choice_get_hexes (c, &n_hexes));
          g_assert_cmpint (n_hexes, >, 0);
          counts->pointed++;
          G_GNUC_FALLTHROUGH;
        case KOL_ACTION_REASSIGN_TRAINS:
        case KOL_ACTION_SCRAP_TRAIN:
          g_assert_nonnull (kol_game_choice_get_details (c));
          counts->line_moves++;
          break;
        default:
          break;
        }
    }
  if (kol_round_buy_train_step (engine) != NULL && kol_round_buy_train_step (engine) == kol_engine_active_step (engine))
    g_assert_false (corp_may_pass && player_sells);
}

/* The log says a skipped step once a round, not once per company. */
static void
check_skips_once (KolGame *game)
{
  GListModel *log = kol_game_get_log (game);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint skips = 0;

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);
      const char *text = kol_game_log_entry_get_text (e);
      const char *step = strstr (text, "“") != NULL ? strstr (text, "“") : strstr (text, "«");
      char *key;

      if (kol_game_log_entry_get_kind (e) != KOL_LOG_STEP_SKIP)
        continue;
      g_assert_nonnull (step);
      key = g_strdup_printf ("%s %s", kol_game_log_entry_get_round (e), step);
      g_assert_false (g_hash_table_contains (seen, key));
      g_hash_table_add (seen, key);
      skips++;
    }
  g_test_message ("%u skips logged", skips);
}

static void
test_choices_explain (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 3, 11);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  ExplainCounts counts = { 0 };

  for (guint n = 0; n < 1500 && !kol_game_get_finished (game); n++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

      check_choices_explain (game, &counts);
      if (legal->len == 0)
        break;
      g_assert_true (kol_game_apply_action (game, g_ptr_array_index (legal, kol_policy_choose_weighted (
                                                      kol_game_get_engine (game), legal, rand, FALSE)), NULL));
    }
  check_skips_once (game);
  g_test_message ("%s: %u passes explained, %u line-round moves described, %u with hexes", title,
                  counts.explained_passes, counts.line_moves, counts.pointed);
  g_assert_cmpuint (counts.explained_passes, >, 0);
  if (g_str_equal (title, "1840"))
    {
      g_assert_cmpuint (counts.line_moves, >, 0);
      g_assert_cmpuint (counts.pointed, >, 0);
    }
}

/* -------------------------------------------------------- self-play */

/* The policy of koleya-cli selfplay --policy=weighted, so that games end. */
static const KolAction *
choose_weighted (const KolEngine *engine,
                 GPtrArray       *legal,
                 GRand           *rand,
                 gboolean         no_raises)
{
  return g_ptr_array_index (legal, kol_policy_choose_weighted (engine, legal, rand, no_raises));
}

/* A whole seeded game played through the model the table uses, choosing
 * only among kol_game_legal_actions(), reaches its end. */
static void
test_selfplay (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 4, 1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint n = 0, stock = 0;
  GListModel *log;

  while (!kol_game_get_finished (game))
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;
      const KolEngine *engine = kol_game_get_engine (game);
      gboolean auction = engine->round.klass != NULL && !engine->round.klass->stock && !engine->round.klass->operating;

      if (legal->len == 0)
        g_error ("%s: no legal action after %u actions (%s)", title, n, kol_game_get_step_name (game));
      if (!kol_game_apply_action (game, choose_weighted (engine, legal, rand, auction && n >= 2000), &error))
        g_error ("%s: a legal action was refused after %u actions: %s", title, n, error->message);
      g_assert_cmpuint (kol_game_get_n_actions (game), ==, ++n);
      g_assert_cmpuint (n, <, 20000);
      stock += g_str_has_prefix (kol_game_get_round_name (game),
                                 kol_game_word_round (kol_game_get_title (game), "Stock Round"));
    }
  g_test_message ("%s: finished after %u actions", title, n);
  g_assert_cmpuint (stock, >, 0);
  g_assert_false (kol_game_get_can_redo (game));
  g_assert_true (kol_game_get_can_undo (game));
  {
    g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

    g_assert_cmpuint (legal->len, ==, 0);
  }
  log = kol_game_get_log (game);
  g_assert_cmpuint (g_list_model_get_n_items (log), >, n / 2);
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);
      const char *text = kol_game_log_entry_get_text (e);

      g_assert_false (g_str_has_prefix (text, "("));
      g_assert_null (strstr (text, "$s"));
    }
  assert_lists_match_engine (game);
}

/* What a company's item says is what the state holds: the par value it
 * was started at (not the price its unsold shares sell at), the market
 * price, the treasury, the bids open on it. */
static void
assert_company_matches (KolGameCompany  *item,
                        const KolEngine *engine)
{
  KolEntity e = kol_game_company_get_entity (item);
  const KolAuctioneer *auction = kol_engine_open_auction (engine);
  const char * const *bids = kol_game_company_get_bids (item);
  int idx[KOL_AUCTION_MAX_BIDS];
  int n_bids = auction != NULL ? kol_auctioneer_bids_on (auction, e, idx, G_N_ELEMENTS (idx)) : 0;

  g_assert_cmpuint (bids != NULL ? g_strv_length ((char **) bids) : 0, ==, (guint) n_bids);
  if (e.kind != KOL_ENTITY_CORP)
    return;
  {
    const KolCorp *c = &engine->corps[e.index];
    int par = c->ipoed && c->par_row >= 0 ? kol_market_cell_price (engine, kol_cell (c->par_row, c->par_col)) : -1;
    int price = c->ipoed && !c->closed ? kol_market_corp_price (engine, e.index) : -1;

    g_assert_cmpint (kol_game_company_get_par (item), ==, par);
    g_assert_cmpint (kol_game_company_get_price (item), ==, price);
    g_assert_cmpint (kol_game_company_get_treasury (item), ==, c->cash);
    g_assert_cmpint (kol_game_company_get_parent (item), ==, kol_engine_corp_parent (engine, e.index));
  }
}

/* What a player's item says: the holdings company by company (in the
 * game's order), the cash their open bids hold. */
static void
assert_player_matches (KolGamePlayer   *item,
                       const KolEngine *engine)
{
  int index = kol_game_player_get_index (item);
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, index);
  GListModel *holdings = kol_game_player_get_holdings (item);
  const KolAuctioneer *auction = kol_engine_open_auction (engine);
  guint k = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];
      int percent = kol_engine_percent_of (engine, me, corp);
      g_autoptr(KolGameHolding) holding = NULL;

      if (percent == 0)
        continue;
      g_assert_cmpuint (k, <, g_list_model_get_n_items (holdings));
      holding = g_list_model_get_item (holdings, k++);
      g_assert_cmpint (kol_game_company_get_entity (kol_game_holding_get_company (holding)).index, ==, corp);
      g_assert_cmpint (kol_game_holding_get_percent (holding), ==, percent);
      g_assert_true (kol_game_holding_get_president (holding) == kol_corp_is_president (engine, corp, me));
    }
  g_assert_cmpuint (k, ==, g_list_model_get_n_items (holdings));
  g_assert_cmpint (kol_game_player_get_committed (item), ==,
                   auction != NULL ? kol_auctioneer_committed (auction, me) : 0);
}

/* Every dividend a company with shares may pay says, before it is
 * chosen, what it pays and where the share price goes, with a preview of
 * the price on the market (or that the company closes); returns whether
 * there was a preview. */
static gboolean
assert_dividends_described (KolGame         *game,
                            const KolEngine *engine)
{
  GListModel *choices = kol_game_get_choices (game);
  gboolean seen = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) choice = g_list_model_get_item (choices, i);
      const KolAction *a = kol_game_choice_get_action (choice);
      int corp = a->entity.index;
      g_autofree char *price = NULL;

      if (a->type != KOL_ACTION_DIVIDEND || a->entity.kind != KOL_ENTITY_CORP ||
          engine->title->corps[corp].n_shares == 0)
        continue;
      /* the run being paid is the company's run now, not the one before */
      {
        int revenue = G_MININT;

        g_object_get (kol_game_get_acting_company_item (game), "revenue", &revenue, NULL);
        g_assert_cmpint (revenue, ==, kol_dividend_total_revenue (kol_history_get_game (kol_game_get_history (game)), corp));
      }
      price = kol_game_word_money (engine->title, kol_market_corp_price (engine, corp));
      g_assert_nonnull (kol_game_choice_get_details (choice));
      g_assert_cmpstr (kol_game_choice_get_details (choice), !=, "");
      /* a dividend that closes the company has no price to preview */
      if (!kol_game_choice_get_preview (choice, NULL, NULL, NULL))
        continue;
      g_assert_nonnull (strstr (kol_game_choice_get_details (choice), price));
      seen = TRUE;
    }
  return seen;
}

/* The model's read API follows the state move after move, through
 * auctions, share rounds and operating rounds. */
static void
test_items_follow_state (gconstpointer data)
{
  const char *title = data;
  g_autoptr(KolGame) game = new_game (title, 4, 7);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  gboolean bids_seen = FALSE, par_differs = FALSE, dividends_seen = FALSE;

  for (guint n = 0; n < 600 && !kol_game_get_finished (game); n++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      const KolEngine *engine = kol_game_get_engine (game);
      GListModel *companies = kol_game_get_companies (game);
      GListModel *players = kol_game_get_players (game);

      for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
        {
          g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, i);

          assert_company_matches (c, engine);
          bids_seen |= kol_game_company_get_bids (c) != NULL && kol_game_company_get_bids (c)[0] != NULL;
          par_differs |= kol_game_company_get_par (c) > 0 && kol_game_company_get_par (c) != kol_game_company_get_price (c);
        }
      for (guint i = 0; i < g_list_model_get_n_items (players); i++)
        {
          g_autoptr(KolGamePlayer) p = g_list_model_get_item (players, i);

          assert_player_matches (p, engine);
        }
      dividends_seen |= assert_dividends_described (game, engine);
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (kol_game_apply_action (game, choose_weighted (engine, legal, rand, FALSE), NULL));
    }
  /* the checks saw what they are about */
  g_assert_true (bids_seen);
  g_assert_true (par_differs);
  g_assert_true (dividends_seen);
}

/* Does @text name a tram by its card's code ("O1", "Pi2") rather than
 * as the rulebook does? */
static gboolean
names_tram_code (const KolTitle *title,
                 const char     *text)
{
  for (guint i = 0; i < title->n_trains; i++)
    {
      const KolTrainDef *def = &title->trains[i];
      g_autofree char *label = kol_game_word_train (title, def->name);

      if (g_strcmp0 (label, def->name) == 0)
        continue;
      for (int v = -1; v < def->n_variants; v++)
        {
          const char *code = v < 0 ? def->name : def->variants[v].name;
          g_autofree char *pattern = g_strdup_printf ("(^|[^[:alnum:]])%s($|[^[:alnum:]])", code);

          if (g_regex_match_simple (pattern, text, 0, 0))
            return TRUE;
        }
    }
  return FALSE;
}

/* A tram choice reads as the rulebook names the tram, the action panel's
 * tram row lists each kind once, and the shares row names no empty part
 * ("0% sold back to the Share Pool"). */
static gboolean
check_train_words (KolGame         *game,
                   const KolEngine *engine,
                   GPtrArray       *legal)
{
  GListModel *companies = kol_game_get_companies (game);
  gboolean seen = FALSE;

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = legal->pdata[i];
      g_autofree char *text = NULL;

      if (a->type != KOL_ACTION_BUY_TRAIN && a->type != KOL_ACTION_SCRAP_TRAIN &&
          a->type != KOL_ACTION_DISCARD_TRAIN)
        continue;
      text = kol_game_describe_action (game, a);
      g_assert_false (names_tram_code (engine->title, text));
      seen = TRUE;
    }
  for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
    {
      g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, i);
      g_autofree char *brief = NULL, *full = NULL, *shares = NULL;

      g_object_get (c, "trains-brief-markup", &brief, "trains-markup", &full, "shares-text", &shares, NULL);
      if (brief == NULL)
        continue;
      g_assert_false (names_tram_code (engine->title, brief));
      g_assert_true (shares == NULL || (!g_str_has_prefix (shares, "0%") && strstr (shares, " 0%") == NULL));
      if (kol_game_company_get_trains (c) != NULL && g_strv_length ((char **) kol_game_company_get_trains (c)) > 1)
        g_assert_cmpuint (strlen (brief), <, strlen (full));
    }
  return seen;
}

static void
test_train_words (void)
{
  g_autoptr(KolGame) game = new_game ("1840", 4, 3);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  gboolean seen = FALSE;

  for (guint n = 0; n < 1500 && !kol_game_get_finished (game); n++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      const KolEngine *engine = kol_game_get_engine (game);

      seen |= check_train_words (game, engine, legal);
      g_assert_true (kol_game_apply_action (game, choose_weighted (engine, legal, rand, FALSE), NULL));
    }
  g_assert_true (seen);
}

/* A bid on a 1840 line reads «Ставка 50 гульд. на Линию 17»: after "on"
 * the line is in the accusative its data gives, as in the log. */
static void
test_line_bid_words (void)
{
  g_autoptr(KolGame) game = new_game ("1840", 4, 3);
  KolAction a = { .type = KOL_ACTION_BID, .entity = kol_entity (KOL_ENTITY_PLAYER, 0),
                  .company = -1, .corp = 16, .price = 50 };
  g_autofree char *text = kol_game_describe_action (game, &a);

  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, russian ? "на Линию\u00a017" : "on Line 17"));
}

int
main (int   argc,
      char *argv[])
{
  static const NewGameCase new_games[] = {
    { "1840", 2, 0 }, { "1840", 3, 0 }, { "1840", 4, 0 }, { "1840", 5, 0 }, { "1840", 6, 0 },
    { "1849", 3, 1 }, { "1849", 4, 1 }, { "1849", 5, 1 },
  };

  kol_l10n_init_gettext ();
  g_test_init (&argc, &argv, NULL);
  russian = g_str_equal (kol_game_word_language (), "ru");

  for (gsize i = 0; i < G_N_ELEMENTS (new_games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/game/new/%s/%d", new_games[i].title, new_games[i].n_players);

      g_test_add_data_func (path, &new_games[i], test_new_game);
    }
  g_test_add_func ("/game/round-names", test_round_names);
  g_test_add_func ("/game/line-bid-words", test_line_bid_words);
  g_test_add_func ("/game/money", test_money);
  g_test_add_func ("/game/refusal-unchanged", test_refusal_unchanged);
  g_test_add_data_func ("/game/record-scores/1840", "1840-218809.json", test_record_scores);
  g_test_add_data_func ("/game/record-scores/1849", "1849-27939.json", test_record_scores);
  g_test_add_func ("/game/autosave-live", test_autosave_live);
  g_test_add_func ("/game/autosave-name-stays-in-folder", test_autosave_name_stays_in_folder);
  g_test_add_func ("/game/autosave-failure", test_autosave_failure);
  g_test_add_func ("/game/autosave-folder-failure", test_autosave_folder_failure);
  g_test_add_data_func ("/game/selfplay/1840", "1840", test_selfplay);
  g_test_add_data_func ("/game/selfplay/1849", "1849", test_selfplay);
  g_test_add_data_func ("/game/items-follow-state/1840", "1840", test_items_follow_state);
  g_test_add_data_func ("/game/items-follow-state/1849", "1849", test_items_follow_state);

  g_test_add_func ("/game/train-words", test_train_words);
  g_test_add_func ("/game/notify-once", test_notify_once);
  g_test_add_func ("/game/undo-redo-seek", test_undo_redo_seek);
  g_test_add_func ("/game/corporation-order", test_corporation_order);
  g_test_add_data_func ("/game/choices-explain/1849", "1849", test_choices_explain);
  g_test_add_data_func ("/game/choices-explain/1840", "1840", test_choices_explain);
  g_test_add_data_func ("/game/last-runs/record-1849", "1849-27939.json", test_last_runs_of_record);
  g_test_add_data_func ("/game/last-runs/record-1840", "1840-218809.json", test_last_runs_of_record);
  g_test_add_data_func ("/game/last-runs/play-1849", "1849", test_last_runs_of_play);
  g_test_add_data_func ("/game/last-runs/play-1840", "1840", test_last_runs_of_play);
  g_test_add_func ("/game/apply-in-past", test_apply_in_past);
  g_test_add_func ("/game/refusal-message", test_refusal_message);
  g_test_add_func ("/game/lists-in-place", test_lists_in_place);
  g_test_add_func ("/game/log-of-record", test_log_of_record);
  g_test_add_func ("/game/autosave-after-kill", test_autosave_after_kill);
  g_test_add_func ("/game/save-open", test_save_open);
  g_test_add_func ("/game/open-bad-file", test_open_bad_file);
  g_test_add_func ("/game/error-text", test_error_text);
  return g_test_run ();
}
