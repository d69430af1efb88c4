/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>

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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/arena/1849", "1849", test_arena);
  g_test_add_data_func ("/arena/1840", "1840", test_arena);
  g_test_add_func ("/arena/unknown-policy", test_unknown_policy);
  return g_test_run ();
}
