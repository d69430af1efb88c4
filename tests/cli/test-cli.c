/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

#include "cli-run.h"

/* Runs koleya-cli with @args in English (or Russian when @russian), with
 * the titles of KOLEYA_DATA_DIR=@data_dir (the test environment's, the
 * source tree's, when @data_dir is NULL). */

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
      int status = cli_run_full (NULL, cases[i].args, NULL, FALSE, &out, &err);

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

  g_assert_cmpint (cli_run_full (NULL, args, g_get_user_cache_dir (), FALSE, &out, &err), ==, 0);
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

  g_assert_cmpint (cli_run_full (NULL, help, NULL, TRUE, &out, &err), ==, 0);
  g_assert_null (strstr (out, "Commands:"));
  g_assert_nonnull (strstr (out, "Команды:"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (game,
                                      "{\"id\": \"9999\", \"name\": {\"en\": \"9999 Testland\", "
                                      "\"ru\": \"9999 Тестландия\"}, "
                                      "\"players\": {\"min\": 2, \"max\": 4}}", -1, NULL));
  g_assert_cmpint (cli_run_full (NULL, titles, g_get_user_cache_dir (), TRUE, &out, &err), ==, 0);
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
