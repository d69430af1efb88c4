/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kol-file-set.h"
#include "kol-title-document.h"

/*
 * The editor saves a title as a set: a process killed
 * at any step of a write leaves game.json, tiles.json and map.json all old
 * or all new, never a mix, with or without RENAME_EXCHANGE, and the other
 * files of the folder stay. The kill is simulated by a child process that
 * _exit()s at the Nth step of the write.
 */

static const char *const names[] = { "game.json", "tiles.json", "map.json", NULL };
static const char *const old_texts[] = { "{\"v\": \"old game\"}\n", "{\"v\": \"old tiles\"}\n",
                                         "{\"v\": \"old map\"}\n", NULL };
static const char *const new_texts[] = { "{\"v\": \"new game\"}\n", "{\"v\": \"new tiles\"}\n",
                                         "{\"v\": \"new map\"}\n", NULL };

static int crash_at;
static int steps_seen;

static void
crash_hook (int step)
{
  if (++steps_seen == crash_at)
    _exit (0);
}

static char *
read_text (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Which set @dir holds: 0 old, 1 new; fails on a mix or a missing file. */
static int
which_set (const char *dir)
{
  int old = 0, new = 0;

  for (int i = 0; names[i] != NULL; i++)
    {
      g_autofree char *text = read_text (dir, names[i]);

      g_assert_nonnull (text);
      old += g_str_equal (text, old_texts[i]);
      new += g_str_equal (text, new_texts[i]);
    }
  g_assert_true ((old == 3 && new == 0) || (old == 0 && new == 3));
  return new == 3;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

static void
test_crash (gconstpointer data)
{
  gboolean exchange = GPOINTER_TO_INT (data);
  gboolean finished = FALSE;

  for (crash_at = 1; !finished; crash_at++)
    {
      g_autofree char *parent = g_dir_make_tmp ("kol-file-set-XXXXXX", NULL);
      g_autofree char *dir = g_build_filename (parent, "mytitle", NULL);
      g_autofree char *notes = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0, set;
      pid_t pid;

      g_assert_true (kol_file_set_write (dir, (const char **) names, (const char **) old_texts, &error));
      g_assert_no_error (error);
      notes = g_build_filename (dir, "notes.txt", NULL);
      g_assert_true (g_file_set_contents (notes, "mine", -1, NULL));
      g_clear_pointer (&notes, g_free);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          _kol_file_set_set_exchange (exchange);
          _kol_file_set_set_step_hook (crash_hook);
          steps_seen = 0;
          kol_file_set_write (dir, (const char **) names, (const char **) new_texts, NULL);
          _exit (1);  /* went through without reaching the step */
        }
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFEXITED (status));
      finished = WEXITSTATUS (status) == 1;
      g_test_message ("killed at step %d: %s", crash_at, finished ? "not reached" : "killed");

      kol_file_set_recover (parent, 0);
      /* killed: either set, whole; not killed: the new one */
      set = which_set (dir);
      g_assert_true (!finished || set == 1);
      notes = read_text (dir, "notes.txt");
      g_assert_cmpstr (notes, ==, "mine");
      /* nothing is left beside the folder */
      g_assert_cmpuint (count_entries (parent), ==, 1);
      remove_tree (parent);
      g_assert_cmpint (crash_at, <, 20);
    }
  /* the steps were reached: the exchange has one fewer */
  g_assert_cmpint (crash_at - 1, ==, exchange ? 6 : 7);
}

/* The editor's Save of a real title, killed after its first file: the
 * folder still opens as the title it was. */
static void
test_document_save (void)
{
  g_autofree char *parent = g_dir_make_tmp ("kol-file-set-doc-XXXXXX", NULL);
  g_autofree char *mini = g_test_build_filename (G_TEST_DIST, "model", "titles", "mini", NULL);
  g_autofree char *dir = g_build_filename (parent, "mini", NULL);
  g_autoptr(KolTitleDocument) original = NULL;
  g_autoptr(KolTitleDocument) doc = NULL;
  g_autoptr(KolTitleDocument) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) bank = json_node_init_int (json_node_alloc (), 1234);
  int status = 0;
  pid_t pid;

  original = kol_title_document_new_from_directory (mini, &error);
  g_assert_no_error (error);
  g_assert_true (kol_title_document_save_to_directory (original, dir, &error));
  doc = kol_title_document_new_from_directory (dir, &error);
  g_assert_no_error (error);
  g_assert_true (kol_title_document_set_value (doc, KOL_TITLE_FILE_GAME, "$.bank", bank, NULL));
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      crash_at = 1;
      steps_seen = 0;
      _kol_file_set_set_step_hook (crash_hook);
      kol_title_document_save (doc, NULL);
      _exit (1);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  kol_file_set_recover (parent, 0);
  reopened = kol_title_document_new_from_directory (dir, &error);
  g_assert_no_error (error);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *a = kol_title_document_serialize (original, i);
      g_autofree char *b = kol_title_document_serialize (reopened, i);

      g_assert_cmpstr (a, ==, b);
    }
  /* and saving without a crash writes the new set */
  g_assert_true (kol_title_document_save (doc, &error));
  g_clear_object (&reopened);
  reopened = kol_title_document_new_from_directory (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_node_get_int (kol_title_document_get_value (reopened, KOL_TITLE_FILE_GAME, "$.bank")), ==,
                   1234);
  g_assert_cmpuint (count_entries (parent), ==, 1);
  remove_tree (parent);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/file-set/crash/exchange", GINT_TO_POINTER (TRUE), test_crash);
  g_test_add_data_func ("/file-set/crash/two-renames", GINT_TO_POINTER (FALSE), test_crash);
  g_test_add_func ("/file-set/document-save", test_document_save);
  return g_test_run ();
}
