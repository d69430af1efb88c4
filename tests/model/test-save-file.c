/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "kol-json-scan.h"
#include "kol-record-import.h"
#include "kol-save-file.h"
#include "kol-save-file-private.h"
#include "kol-test-game.h"

/* Saves round-trip; a truncated, corrupted, wrong-title,
 * newer-version or hostile file gets a clear message saying what is wrong
 * and where; writing is atomic. */

#define PLAYERS "\"players\":[{\"id\":1,\"name\":\"A\"},{\"id\":2,\"name\":\"B\"},{\"id\":3,\"name\":\"C\"}]"
#define HEAD "\"format\":\"koleya-save\",\"version\":1,\"title\":{\"id\":\"1849\",\"data_version\":1},"

typedef struct
{
  const char *text;
  int         code;        /* -1: loads */
  const char *in_message;
} LoadCase;

static const LoadCase load_cases[] = {
  { "{" HEAD PLAYERS ",\"options\":[\"delay_ift\"],\"seed\":5,\"actions\":[],\"redo\":[]}", -1, NULL },
  { "", KOL_SAVE_FILE_ERROR_SYNTAX, "" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"act", KOL_SAVE_FILE_ERROR_SYNTAX, "line 1" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[]} trailing", KOL_SAVE_FILE_ERROR_SYNTAX, "line 1" },
  { "{\"format\":\"koleya-save\",\"format\":\"koleya-save\"}", KOL_SAVE_FILE_ERROR_SYNTAX, "" },
  { "{" HEAD PLAYERS ",\"seed\":123456789012345678901234567890,\"actions\":[]}", KOL_SAVE_FILE_ERROR_SYNTAX, "" },
  { "{\"a\":1}", KOL_SAVE_FILE_ERROR_FORMAT, "not a Koleya save" },
  { "[1]", KOL_SAVE_FILE_ERROR_FORMAT, "not a Koleya save" },
  { "{\"id\":1,\"title\":\"1849\",\"players\":[],\"actions\":[]}", KOL_SAVE_FILE_ERROR_FORMAT, "not a Koleya save" },
  { "{\"format\":\"koleya-save\",\"version\":2," PLAYERS "}", KOL_SAVE_FILE_ERROR_VERSION, "newer version" },
  { "{\"format\":\"koleya-save\",\"version\":0}", KOL_SAVE_FILE_ERROR_INVALID, "version" },
  { "{\"format\":\"koleya-save\",\"version\":\"1\"}", KOL_SAVE_FILE_ERROR_INVALID, "version" },
  { "{\"format\":\"koleya-save\",\"version\":1,\"title\":{\"id\":\"1830\",\"data_version\":1}," PLAYERS
    ",\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_TITLE, "1830" },
  { "{\"format\":\"koleya-save\",\"version\":1,\"title\":{\"id\":\"1849\",\"data_version\":999}," PLAYERS
    ",\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_TITLE, "999" },
  { "{" HEAD PLAYERS ",\"options\":[\"no_such_option\"],\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_TITLE,
    "no_such_option" },
  { "{" HEAD "\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "players" },
  /* a title id is a plain name, never a path */
  { "{\"format\":\"koleya-save\",\"version\":1,\"title\":{\"id\":\"../../../escape-test/owned\","
    "\"data_version\":1}," PLAYERS ",\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "title.id" },
  { "{" HEAD "\"players\":[],\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "players" },
  { "{" HEAD "\"players\":[{\"id\":1,\"name\":\"A\"},{\"id\":1,\"name\":\"B\"},{\"id\":3,\"name\":\"C\"}],"
    "\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "players[1].id" },
  { "{" HEAD "\"players\":[{\"id\":\"1\",\"name\":\"A\"}],\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID,
    "players[0].id" },
  { "{" HEAD "\"players\":[{\"id\":1,\"name\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"}],"
    "\"seed\":5,\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "players[0].name" },
  { "{" HEAD PLAYERS ",\"seed\":\"5\",\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "seed" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":{}}", KOL_SAVE_FILE_ERROR_INVALID, "actions" },
  { "{" HEAD PLAYERS ",\"seed\":5}", KOL_SAVE_FILE_ERROR_INVALID, "actions" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[],\"redo\":7}", KOL_SAVE_FILE_ERROR_INVALID, "redo" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"options\":[1],\"actions\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "options[0]" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[],\"source\":[]}", KOL_SAVE_FILE_ERROR_INVALID, "source" },
  /* an action that cannot be read: which one, which field, where */
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[\n{\"type\":\"bid\",\"entity\":99,\"id\":1,\"company\":\"SCE\","
    "\"price\":20}]}", KOL_SAVE_FILE_ERROR_REPLAY, "Action 1, field “entity”" },
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[\n{\"type\":\"bid\",\"entity\":99,\"id\":1}]}",
    KOL_SAVE_FILE_ERROR_REPLAY, "line 2, column" },
  /* an action the rules refuse: nothing is laid before the private auction */
  { "{" HEAD PLAYERS ",\"seed\":5,\"actions\":[{\"type\":\"lay_tile\",\"entity\":\"AFG\",\"entity_type\":"
    "\"corporation\",\"id\":7,\"hex\":\"D6\",\"tile\":\"9-0\",\"rotation\":2}]}", KOL_SAVE_FILE_ERROR_REPLAY,
    "Action 7 is refused by the rules" },
  /* a save whose mark is damaged is a damaged save */
  { "{\"format\":\"koleya-sav\",\"version\":1}", KOL_SAVE_FILE_ERROR_INVALID, "damaged" },
  { "{\"format\":7,\"version\":1}", KOL_SAVE_FILE_ERROR_INVALID, "damaged" },
};

static void
test_load_refusals (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (load_cases); i++)
    {
      const LoadCase *c = &load_cases[i];
      g_autoptr(GBytes) bytes = g_bytes_new (c->text, strlen (c->text));
      g_autoptr(GError) error = NULL;
      g_autoptr(KolHistory) h = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, c->text);
      h = kol_save_file_load_bytes (bytes, NULL, NULL, &error);
      if (c->code < 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (h);
          continue;
        }
      g_assert_null (h);
      g_assert_error (error, KOL_SAVE_FILE_ERROR, c->code);
      g_test_message ("  → %s", error->message);
      g_assert_nonnull (strstr (error->message, c->in_message));
    }
}

/* Hostile nesting is refused before json-glib recurses into it. */
static void
test_deep_nesting (void)
{
  gsize depth = 100000;
  g_autofree char *text = g_malloc (2 * depth + 1);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  memset (text, '[', depth);
  memset (text + depth, ']', depth);
  text[2 * depth] = '\0';
  bytes = g_bytes_new (text, 2 * depth);
  g_assert_null (kol_save_file_load_bytes (bytes, NULL, NULL, &error));
  g_assert_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_SYNTAX);
}

/* A save whose ignored member holds millions of empty objects took 3.3 GB
 * and 20 s to refuse: the count of values is bounded
 * before json-glib builds the tree, and a save just under the bound
 * loads. */
static void
test_many_values (void)
{
  static const char *const fillers[] = { "{}", "0" };

  for (gsize f = 0; f < G_N_ELEMENTS (fillers); f++)
    for (int over = 1; over >= 0; over--)
      {
        g_autoptr(GString) text = g_string_new ("{" HEAD PLAYERS ",\"seed\":5,\"actions\":[],\"ignored\":[");
        /* the root, format, version, title and its 2, players, 3 × 3, seed, actions, ignored */
        guint fixed = 1 + 2 + 3 + 1 + 9 + 1 + 1 + 1;
        guint n = KOL_JSON_MAX_VALUES - fixed + (guint) over;
        g_autoptr(GBytes) bytes = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(KolHistory) h = NULL;

        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (text, ',');
            g_string_append (text, fillers[f]);
          }
        g_string_append (text, "]}");
        bytes = g_string_free_to_bytes (g_steal_pointer (&text));
        h = kol_save_file_load_bytes (bytes, NULL, NULL, &error);
        if (over)
          {
            g_assert_null (h);
            g_assert_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_SYNTAX);
          }
        else
          {
            g_assert_no_error (error);
            g_assert_nonnull (h);
          }
      }
}

static KolHistory *
new_history (void)
{
  static const int ids[] = { 1, 2, 3 };
  static const char *const names[] = { "Anna", "Борис", "Vera" };
  g_autoptr(GError) error = NULL;
  KolHistory *h = kol_history_new (kol_test_load_title ("1849", 3), 3, ids, names, 5, &error);

  g_assert_no_error (error);
  return h;
}

/* A game saved and loaded again is the same game. */
static void
test_round_trip_setup (void)
{
  g_autoptr(KolHistory) h = new_history ();
  g_autoptr(GBytes) bytes = kol_save_file_serialize (h);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolHistory) back = kol_save_file_load_bytes (bytes, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (kol_test_games_equal (kol_history_get_game (h), kol_history_get_game (back)));
  g_assert_cmpstr (kol_history_get_game (back)->players[1].name, ==, "Борис");
  g_assert_cmpint (kol_history_get_game (back)->seed, ==, 5);
}

static void
test_write_atomic (void)
{
  g_autofree char *dir = g_dir_make_tmp ("koleya-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autofree char *target = g_build_filename (dir, "real.koleya", NULL);
  g_autofree char *link = g_build_filename (dir, "link.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) via_link = g_file_new_for_path (link);
  g_autoptr(KolHistory) h = new_history ();
  g_autoptr(GBytes) expected = kol_save_file_serialize (h);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  guint n_files = 0;
  gsize length;

  /* a new file, then over an old one */
  g_assert_true (kol_save_file_write (h, file, &error));
  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  g_assert_true (kol_save_file_write (h, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "{\n  \"format\": \"koleya-save\""));
  /* saved_at may differ by a second: compare the length only */
  g_assert_cmpuint (length, ==, g_bytes_get_size (expected));

  /* through a symbolic link: the file it points to is replaced, the link stays */
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_true (kol_save_file_write (h, via_link, &error));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "{\n  \"format\""));

  /* no temporary file is left behind */
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_assert_false (name[0] == '.');
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, 3);

  g_unlink (link);
  g_unlink (target);
  g_unlink (path);
  g_rmdir (dir);
}

/* Only regular files are read: a device would never end. */
static void
test_not_a_file (void)
{
  static const char *const paths[] = { "/dev/zero", "/", "/nonexistent-koleya-file.koleya" };

  for (gsize i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr(GError) error = NULL;

      g_assert_null (kol_save_file_load (file, &error));
      g_assert_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_READ);
      g_assert_nonnull (strstr (error->message, paths[i]));
    }
}

static void
test_write_failure (void)
{
  g_autoptr(KolHistory) h = new_history ();
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent-koleya-dir/game.koleya");
  g_autoptr(GError) error = NULL;

  g_assert_false (kol_save_file_write (h, file, &error));
  g_assert_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "/nonexistent-koleya-dir/game.koleya"));
}

/* write(2) that writes nothing and reports nothing (a full file system
 * can): the reason given is no space, not whatever errno held. */
static gssize
writes_nothing (int         fd,
                const void *data,
                gsize       length)
{
  errno = 0;
  return 0;
}

static gssize
writes_a_little (int         fd,
                 const void *data,
                 gsize       length)
{
  static gboolean wrote;

  if (wrote)
    {
      errno = EFBIG;
      return -1;
    }
  wrote = TRUE;
  return write (fd, data, MIN (length, 10));
}

/* A failed write says why with the system's reason, and leaves nothing
 * behind. */
static void
test_write_errno (void)
{
  g_autoptr(KolHistory) h = new_history ();
  g_autofree char *dir = g_dir_make_tmp ("koleya-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;

  _kol_save_file_set_write (writes_nothing);
  g_assert_false (kol_save_file_write (h, file, &error));
  g_assert_error (error, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_WRITE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  g_clear_error (&error);
  _kol_save_file_set_write (writes_a_little);
  g_assert_false (kol_save_file_write (h, file, &error));
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
  _kol_save_file_set_write (NULL);

  listing = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (listing));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A recorded game imported, saved and loaded is the same game, and undo
 * then redo of every action is the identity. */
static void
test_import_save_load (void)
{
  g_autofree char *shared = kol_test_shared_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolHistory) h = NULL;
  g_autoptr(KolHistory) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autoptr(KolEngine) end = NULL;
  guint n;

  if (shared == NULL)
    {
      g_test_skip ("../shared/fixtures is not there");
      return;
    }
  path = g_build_filename (shared, "fixtures", "18xx.games", "1849-1849_game_end_bank.json", NULL);
  file = g_file_new_for_path (path);
  record = kol_record_load (file, &error);
  g_assert_no_error (error);
  h = kol_record_import (record, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  g_assert_false (report.stopped);
  n = kol_history_get_n_actions (h);

  bytes = kol_save_file_serialize (h);
  back = kol_save_file_load_bytes (bytes, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_history_get_n_actions (back), ==, n);
  g_assert_true (kol_test_games_equal (kol_history_get_game (h), kol_history_get_game (back)));

  end = kol_engine_copy (kol_history_get_game (back));
  for (guint i = 0; i < n; i++)
    g_assert_true (kol_history_undo (back, &error));
  for (guint i = 0; i < n; i++)
    g_assert_true (kol_history_redo (back, &error));
  g_assert_no_error (error);
  g_assert_true (kol_test_games_equal (end, kol_history_get_game (back)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save-file/load-refusals", test_load_refusals);
  g_test_add_func ("/save-file/deep-nesting", test_deep_nesting);
  g_test_add_func ("/save-file/many-values", test_many_values);
  g_test_add_func ("/save-file/round-trip-setup", test_round_trip_setup);
  g_test_add_func ("/save-file/write-atomic", test_write_atomic);
  g_test_add_func ("/save-file/write-failure", test_write_failure);
  g_test_add_func ("/save-file/write-errno", test_write_errno);
  g_test_add_func ("/save-file/not-a-file", test_not_a_file);
  g_test_add_func ("/save-file/import-save-load", test_import_save_load);

  return g_test_run ();
}
