/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-run.h"

/* koleya-cli bench-routes: the JSON report of synthetic and
 * recorded positions, and the command line. Timings are printed, never
 * checked. */

static JsonObject *
parse_report (const char *text,
              JsonParser *parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

/* Every position has found, claimed (a number or null) and ms. */
static JsonArray *
check_positions (JsonObject *report)
{
  JsonArray *positions = json_object_get_array_member (report, "positions");

  g_assert_nonnull (positions);
  g_assert_cmpuint (json_array_get_length (positions), >, 0);
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *p = json_array_get_object_element (positions, i);

      g_assert_true (json_object_has_member (p, "found"));
      g_assert_true (json_object_has_member (p, "claimed"));
      g_assert_true (json_object_has_member (p, "ms"));
      g_assert_cmpfloat (json_object_get_double_member (p, "ms"), >=, 0);
      g_assert_true (json_object_get_boolean_member (p, "proven"));
    }
  return positions;
}

static void
test_synthetic (void)
{
  const char *args[] = { "bench-routes", "--synthetic", "--boards", "1", "--repeat", "1",
                         "--category", "1849, late: 12H", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *report, *summary, *group;
  JsonArray *positions;

  g_assert_cmpint (cli_run (args, &out, &err), ==, 0);
  report = parse_report (out, parser);
  positions = check_positions (report);
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *p = json_array_get_object_element (positions, i);

      /* a synthetic position claims nothing; two trains found something */
      g_assert_true (json_object_get_null_member (p, "claimed"));
      g_assert_cmpstr (json_object_get_string_member (p, "category"), ==, "1849, late: 12H + 16H");
    }
  summary = json_object_get_object_member (report, "summary");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (summary, "synthetic"),
                                               "positions"), ==, json_array_get_length (positions));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (summary, "recorded"),
                                               "positions"), ==, 0);
  group = json_array_get_object_element (json_object_get_array_member (summary, "groups"), 0);
  g_assert_cmpint (json_object_get_int_member (group, "boards"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (group, "max_ms"), >=,
                     json_object_get_double_member (group, "median_ms"));
}

/* The recorded game of 2021 that predates 18xx.games' auto-router: its
 * players often missed the best route (routing.md §4.2). */
static void
test_recorded (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "..", "shared", "fixtures",
                                            "18xx.games", "1849-27939.json", NULL);
  const char *args[] = { "bench-routes", path, "--repeat", "1", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *report, *recorded;
  JsonArray *positions;
  int above = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("../shared/fixtures is not there");
      return;
    }
  g_assert_cmpint (cli_run (args, &out, &err), ==, 0);
  report = parse_report (out, parser);
  positions = check_positions (report);
  /* every run_routes action of the record is a position */
  g_assert_cmpuint (json_array_get_length (positions), ==, 48);
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *p = json_array_get_object_element (positions, i);
      gint64 found = json_object_get_int_member (p, "found");
      gint64 claimed = json_object_get_int_member (p, "claimed");

      g_assert_cmpint (found, >=, claimed);
      above += found > claimed;
    }
  recorded = json_object_get_object_member (json_object_get_object_member (report, "summary"), "recorded");
  g_assert_cmpint (json_object_get_int_member (recorded, "positions"), ==, 48);
  g_assert_cmpint (json_object_get_int_member (recorded, "found_below_claimed"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (recorded, "found_above_claimed"), ==, above);
}

static void
test_usage (void)
{
  const char *zero[] = { "bench-routes", "--repeat", "0", NULL };
  const char *missing[] = { "bench-routes", "/nonexistent/game.json", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

  g_assert_cmpint (cli_run (zero, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "repeat"));
  g_assert_cmpint (cli_run (missing, &out2, &err2), ==, 1);
  g_assert_nonnull (strstr (err2, "/nonexistent/game.json"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/bench-routes/synthetic", test_synthetic);
  g_test_add_func ("/cli/bench-routes/recorded", test_recorded);
  g_test_add_func ("/cli/bench-routes/usage", test_usage);
  return g_test_run ();
}
