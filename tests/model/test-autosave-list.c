/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kol-autosave-list.h"
#include "kol-game.h"
#include "kol-save-file.h"

/*
 * Every interrupted game can be resumed or discarded:
 * the list holds every autosave, newest first, a damaged one with its
 * problem and never hiding the others; discarding moves a file to the
 * trash (or deletes it where there is none, when asked to). Reloading
 * removes the temporary files that interrupted writes left (item 6).
 */

static KolGame *
new_game (const char *id,
          int         n_players)
{
  static const char * const names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), id, NULL);
  g_autoptr(GError) error = NULL;
  KolGame *game = kol_game_new (dir, n_players, names, NULL, 11, &error);

  g_assert_no_error (error);
  return game;
}

static void
play (KolGame *game,
      guint    n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;

      g_assert_true (kol_game_apply_action (game, legal->pdata[0], &error));
    }
}

/* Sets the time @file was last written, @age_s seconds ago. */
static void
set_age (GFile *file,
         gint64 age_s)
{
  g_autoptr(GError) error = NULL;
  guint64 when = (guint64) (g_get_real_time () / G_USEC_PER_SEC - age_s);

  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, when,
                                              G_FILE_QUERY_INFO_NONE, NULL, &error));
  g_assert_no_error (error);
}

static GFile *
write_file (const char *dir,
            const char *name,
            const char *text,
            gint64      age_s)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GFile *file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  set_age (file, age_s);
  return file;
}

/* Leaves @game's autosave in @dir, written @age_s seconds ago. */
static GFile *
interrupt (KolGame    *game,
           const char *dir,
           gint64      age_s)
{
  g_autoptr(GError) error = NULL;
  GFile *file;

  g_assert_true (kol_game_enable_autosave (game, dir, &error));
  file = g_object_ref (kol_game_get_autosave_file (game));
  set_age (file, age_s);
  return file;
}

static KolAutosaveEntry *
entry_at (KolAutosaveList *list,
          guint            i)
{
  KolAutosaveEntry *entry = g_list_model_get_item (G_LIST_MODEL (list), i);

  g_object_unref (entry);  /* the list keeps it */
  return entry;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A damaged newer autosave does not hide an intact older game. */
static void
test_every_game (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosaves-XXXXXX", NULL);
  g_autoptr(KolGame) older = new_game ("1849", 3);
  g_autoptr(KolGame) newer = new_game ("1840", 4);
  g_autoptr(GFile) older_file = NULL;
  g_autoptr(GFile) newer_file = NULL;
  g_autoptr(GFile) broken = NULL;
  g_autoptr(GFile) not_a_save = NULL;
  g_autoptr(KolAutosaveList) list = kol_autosave_list_new (dir);
  KolAutosaveEntry *e;

  play (older, 3);
  play (newer, 5);
  older_file = interrupt (older, dir, 3600);
  newer_file = interrupt (newer, dir, 600);
  broken = write_file (dir, "1849-20990101-000000-deadbeef.koleya", "{\"format\": \"koleya-save\", \"versi", 10);
  not_a_save = write_file (dir, "notes.txt", "not a game", 5);

  kol_autosave_list_reload (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 3);

  e = entry_at (list, 0);
  g_assert_true (g_file_equal (kol_autosave_entry_get_file (e), broken));
  g_assert_nonnull (kol_autosave_entry_get_problem (e));
  g_assert_nonnull (strstr (kol_autosave_entry_get_problem (e), "damaged"));

  e = entry_at (list, 1);
  g_assert_true (g_file_equal (kol_autosave_entry_get_file (e), newer_file));
  g_assert_null (kol_autosave_entry_get_problem (e));
  g_assert_cmpstr (kol_autosave_entry_get_title_id (e), ==, "1840");
  g_assert_cmpstr (kol_autosave_entry_get_title_name (e), ==, kol_game_get_title_name (newer));
  g_assert_cmpuint (g_strv_length ((char **) kol_autosave_entry_get_player_names (e)), ==, 4);
  g_assert_cmpstr (kol_autosave_entry_get_player_names (e)[3], ==, "Dmitri");
  g_assert_cmpuint (kol_autosave_entry_get_n_actions (e), ==, 5);

  e = entry_at (list, 2);
  g_assert_true (g_file_equal (kol_autosave_entry_get_file (e), older_file));
  g_assert_cmpuint (kol_autosave_entry_get_n_actions (e), ==, 3);
  g_assert_cmpuint (g_strv_length ((char **) kol_autosave_entry_get_player_names (e)), ==, 3);

  /* every one can be opened on its own */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KolGame) resumed = kol_game_new_from_file (older_file, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kol_game_get_n_actions (resumed), ==, 3);
  }
  remove_dir (dir);
}

static void
discard (KolAutosaveList  *list,
         KolAutosaveEntry *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_object_ref (kol_autosave_entry_get_file (entry));

  /* to the trash where there is one; otherwise only when allowed to delete */
  if (!kol_autosave_list_discard (list, entry, FALSE, &error))
    {
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
      g_assert_true (g_file_query_exists (file, NULL));
      g_clear_error (&error);
      g_assert_true (kol_autosave_list_discard (list, entry, TRUE, &error));
    }
  g_assert_no_error (error);
  g_assert_false (g_file_query_exists (file, NULL));
}

/* Discarding takes a game off the folder and the list, the others stay. */
static void
test_discard (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosaves-XXXXXX", NULL);
  g_autoptr(KolGame) game = new_game ("1849", 3);
  g_autoptr(GFile) kept = NULL;
  g_autoptr(GFile) broken = NULL;
  g_autoptr(KolAutosaveList) list = kol_autosave_list_new (dir);

  kept = interrupt (game, dir, 100);
  broken = write_file (dir, "x.koleya", "[]", 10);
  kol_autosave_list_reload (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 2);
  discard (list, kol_autosave_list_find (list, broken));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  g_assert_true (g_file_equal (kol_autosave_entry_get_file (entry_at (list, 0)), kept));
  kol_autosave_list_reload (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  discard (list, entry_at (list, 0));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  remove_dir (dir);
}

/* Reloading in a thread gives the same list. */
static void
reloaded_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_assert_true (kol_autosave_list_reload_finish (KOL_AUTOSAVE_LIST (source), result, NULL));
  *(gboolean *) data = TRUE;
}

static void
test_reload_async (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-autosaves-XXXXXX", NULL);
  g_autoptr(KolGame) game = new_game ("1840", 3);
  g_autoptr(GFile) file = NULL;
  g_autoptr(KolAutosaveList) list = kol_autosave_list_new (dir);
  gboolean done = FALSE;

  file = interrupt (game, dir, 50);
  kol_autosave_list_reload_async (list, NULL, reloaded_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  g_assert_true (g_file_equal (kol_autosave_entry_get_file (entry_at (list, 0)), file));
  remove_dir (dir);
}

/* The temporary files of interrupted writes are removed on the next
 * start, and nothing else: not a write that may be going on now, not a
 * file that only looks alike. */
static void
test_leftovers (void)
{
  static const struct {
    const char *name;
    gint64 age_s;
    gboolean removed;
  } files[] = {
    { ".1849-20261122-120000-0a1b2c3d.koleya.Ab12Cd", 3600, TRUE },
    { ".game.koleya.XYZ789", 120, TRUE },
    { ".1840-20261122-120000-0a1b2c3d.koleya.Qw34Er", 5, FALSE },  /* being written now */
    { ".notes.txt.Ab12Cd", 3600, FALSE },
    { ".game.koleya.backup1", 3600, FALSE },
    { "game.koleya.Ab12Cd", 3600, FALSE },
    { ".koleya.Ab12Cd", 3600, FALSE },
    { ".bashrc", 3600, FALSE },
  };
  g_autofree char *dir = g_dir_make_tmp ("kol-leftovers-XXXXXX", NULL);
  g_autoptr(KolAutosaveList) list = kol_autosave_list_new (dir);

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    g_object_unref (write_file (dir, files[i].name, "{", files[i].age_s));
  kol_autosave_list_reload (list);
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);

      g_test_message ("%s", files[i].name);
      g_assert_cmpint (g_file_test (path, G_FILE_TEST_EXISTS), ==, !files[i].removed);
      g_assert_cmpint (kol_save_file_is_leftover (files[i].name), ==,
                       files[i].removed || files[i].age_s < 60);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/autosave-list/every-game", test_every_game);
  g_test_add_func ("/autosave-list/discard", test_discard);
  g_test_add_func ("/autosave-list/reload-async", test_reload_async);
  g_test_add_func ("/autosave-list/leftovers", test_leftovers);
  return g_test_run ();
}
