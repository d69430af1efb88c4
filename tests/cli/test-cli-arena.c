/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <signal.h>

#include "cli-run.h"

/*
 * koleya-cli arena: computer players against each other. A few
 * short games of each title with random, easy and medium seats report, in
 * the JSON the issue asks for, every game won by somebody, a mean score
 * and move times for every policy, and no violation; a policy that does
 * not exist is a usage error. (Strong thinks for a second and more per
 * decision; its figures are measured by hand, never asserted here, nor
 * any time.)
 */

static void
check_policy (JsonObject *o,
              const char *policy)
{
  JsonObject *times = json_object_get_object_member (json_object_get_object_member (o, "move_ms"), policy);

  g_assert_true (json_object_has_member (json_object_get_object_member (o, "wins"), policy));
  g_assert_true (json_object_has_member (json_object_get_object_member (o, "mean_score"), policy));
  g_assert_nonnull (times);
  g_assert_cmpfloat (json_object_get_double_member (times, "median"), >=, 0);
  g_assert_cmpfloat (json_object_get_double_member (times, "p95"), >=,
                     json_object_get_double_member (times, "median"));
  g_assert_cmpfloat (json_object_get_double_member (times, "max"), >=, json_object_get_double_member (times, "p95"));
}

static void
test_arena (gconstpointer data)
{
  const char *title = data;
  const char *args[] = { "arena", title, "--players", "3", "--seat", "medium", "--seat", "easy", "--seat", "random",
                         "--games", "3", "--seed", "7", "--json", NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *policies[] = { "medium", "easy", "random" };
  JsonObject *o, *wins;
  double total = 0;

  g_assert_cmpint (cli_run (args, &out, &err), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 3);
  g_assert_false (json_object_get_boolean_member (o, "stopped"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "violations")), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (policies); i++)
    check_policy (o, policies[i]);
  /* every game has a winner (a tie shares its win) */
  wins = json_object_get_object_member (o, "wins");
  for (guint i = 0; i < G_N_ELEMENTS (policies); i++)
    total += json_object_get_double_member (wins, policies[i]);
  g_assert_cmpfloat_with_epsilon (total, 3.0, 1e-9);
}

static void
test_unknown_policy (void)
{
  const char *args[] = { "arena", "1849", "--players", "3", "--seat", "clever", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run (args, &out, &err), ==, 2);
}

/* An arena of strong seats takes hours: Ctrl+C stops it and reports the
 * games finished so far, marked "stopped" (it used to print nothing). */
static void
test_stop (void)
{
  const char *argv[] = { g_getenv ("KOLEYA_CLI"), "arena", "1849", "--players", "3", "--seat", "easy",
                         "--seat", "random", "--games", "100000", "--json", "--verbose", NULL };
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *out = NULL;
  JsonObject *o;

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  /* a game finished (its --verbose line), then the stop */
  lines = g_data_input_stream_new (g_subprocess_get_stderr_pipe (process));
  do
    {
      g_free (line);
      line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (line);
    }
  while (!g_str_has_prefix (line, "game "));
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (o, "stopped"));
  g_assert_cmpint (json_object_get_int_member (o, "games"), >=, 1);
  g_assert_cmpint (json_object_get_int_member (o, "games"), <, 100000);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "violations")), ==, 0);
  check_policy (o, "easy");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/arena/1849", "1849", test_arena);
  g_test_add_data_func ("/arena/1840", "1840", test_arena);
  g_test_add_func ("/arena/unknown-policy", test_unknown_policy);
  g_test_add_func ("/arena/stop", test_stop);
  return g_test_run ();
}
