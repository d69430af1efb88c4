/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

/* Runs koleya-cli with @args in English (or Russian when @russian), with
 * the titles of KOLEYA_DATA_DIR=@data_dir (the test environment's, the
 * source tree's, when @data_dir is NULL). */
static int
run_cli (const char * const *args,
         const char         *data_dir,
         gboolean            russian,
         char              **out,
         char              **err)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("KOLEYA_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  /* C.UTF-8 keeps the "–" in "2–4 players"; LANGUAGE picks the catalogue. */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  if (russian)
    {
      g_subprocess_launcher_setenv (launcher, "LANGUAGE", "ru", TRUE);
      g_subprocess_launcher_setenv (launcher, "KOLEYA_LOCALEDIR",
                                    g_getenv ("KOLEYA_TEST_LOCALEDIR"), TRUE);
    }
  else
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  if (data_dir != NULL)
    g_subprocess_launcher_setenv (launcher, "KOLEYA_DATA_DIR", data_dir, TRUE);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

static const struct {
  const char *args[4];
  int status;
  const char *in_stdout;  /* NULL: not checked */
  const char *in_stderr;
} cases[] = {
  { { "--version" }, 0, "koleya-cli " PACKAGE_VERSION "\n", NULL },
  { { "help" }, 0, "  titles ", NULL },
  { { "--help" }, 0, "Usage: koleya-cli COMMAND", NULL },
  { { "help", "titles" }, 0, "--dirs", NULL },
  { { "help", "titles" }, 0, "koleya-cli titles [OPTION…]", NULL },
  { { "titles", "--help" }, 0, "koleya-cli titles [OPTION…]", NULL },
  { { NULL }, 2, NULL, "Usage: koleya-cli COMMAND" },
  { { "no-such-command" }, 2, NULL, "Unknown command “no-such-command”" },
  { { "help", "no-such-command" }, 2, NULL, "Unknown command “no-such-command”" },
  { { "titles", "--no-such-option" }, 2, NULL, "--no-such-option" },
  { { "titles", "extra" }, 2, NULL, "Unexpected argument “extra”" },
};

static void
test_dispatch (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = run_cli (cases[i].args, NULL, FALSE, &out, &err);

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, cases[i].args[0]);
      g_assert_cmpint (status, ==, cases[i].status);
      if (cases[i].in_stdout != NULL)
        g_assert_nonnull (strstr (out, cases[i].in_stdout));
      if (cases[i].in_stderr != NULL)
        g_assert_nonnull (strstr (err, cases[i].in_stderr));
    }
}

static void
test_titles (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "9999", NULL);
  g_autofree char *game = g_build_filename (dir, "game.json", NULL);
  const char *args[] = { "titles", "--dirs", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (game,
                                      "{\"id\": \"9999\", \"name\": {\"en\": \"9999 Testland\", "
                                      "\"ru\": \"9999 Тестландия\"}, \"designer\": \"A. Designer\", "
                                      "\"players\": {\"min\": 2, \"max\": 4}}", -1, NULL));

  g_assert_cmpint (run_cli (args, g_get_user_cache_dir (), FALSE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "9999\t9999 Testland\t2–4 players\tA. Designer\n"));
  g_assert_nonnull (strstr (out, g_get_user_cache_dir ()));
}

/* The tool's own messages, the title names and the player counts all come
 * back in Russian. */
static void
test_russian (void)
{
  const char *help[] = { "help", NULL };
  const char *titles[] = { "titles", NULL };
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "9999", NULL);
  g_autofree char *game = g_build_filename (dir, "game.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (help, NULL, TRUE, &out, &err), ==, 0);
  g_assert_null (strstr (out, "Commands:"));
  g_assert_nonnull (strstr (out, "Команды:"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (game,
                                      "{\"id\": \"9999\", \"name\": {\"en\": \"9999 Testland\", "
                                      "\"ru\": \"9999 Тестландия\"}, "
                                      "\"players\": {\"min\": 2, \"max\": 4}}", -1, NULL));
  g_assert_cmpint (run_cli (titles, g_get_user_cache_dir (), TRUE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "9999\t9999 Тестландия\t2–4 игрока\t\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/cli/dispatch", test_dispatch);
  g_test_add_func ("/cli/titles", test_titles);
  g_test_add_func ("/cli/russian", test_russian);

  return g_test_run ();
}
