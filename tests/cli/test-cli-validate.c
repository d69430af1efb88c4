/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "cli-run.h"

/*
 * `koleya-cli validate`: counts and every problem, as
 * text or JSON, exit status 1 on problems and 2 on usage errors. It runs on
 * the model tests' mini title (tests/model/titles/mini) and a broken copy.
 */

static char *
mini_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "model", "titles", "mini", NULL);
}

/* A copy of the mini title whose first tile has an edge 7. */
static char *
broken_copy (void)
{
  g_autofree char *source = mini_dir ();
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "validate-XXXXXX", NULL);
  const char *names[] = { "game.json", "tiles.json", "map.json" };

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_nonnull (g_mkdtemp (dir));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (source, names[i], NULL);
      g_autofree char *to = g_build_filename (dir, names[i], NULL);
      g_autofree char *text = NULL;
      g_autoptr(GString) changed = NULL;
      g_autoptr(GError) error = NULL;

      g_file_get_contents (from, &text, NULL, &error);
      g_assert_no_error (error);
      changed = g_string_new (text);
      if (i == 1)
        g_assert_cmpuint (g_string_replace (changed, "\"b\": 1, \"track\"", "\"b\": 7, \"track\"", 1), ==, 1);
      g_file_set_contents (to, changed->str, -1, &error);
      g_assert_no_error (error);
    }
  return g_steal_pointer (&dir);
}

/* A copy of the title in @source with @from replaced by @to in @file
 * (once), in a fresh directory. */
static char *
changed_copy (const char *source,
              const char *file,
              const char *from,
              const char *to)
{
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "validate-XXXXXX", NULL);
  const char *names[] = { "game.json", "tiles.json", "map.json" };

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_nonnull (g_mkdtemp (dir));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *in = g_build_filename (source, names[i], NULL);
      g_autofree char *out = g_build_filename (dir, names[i], NULL);
      g_autofree char *text = NULL;
      g_autoptr(GString) changed = NULL;
      g_autoptr(GError) error = NULL;

      g_file_get_contents (in, &text, NULL, &error);
      g_assert_no_error (error);
      changed = g_string_new (text);
      if (g_str_equal (names[i], file))
        g_assert_cmpuint (g_string_replace (changed, from, to, 1), ==, 1);
      g_file_set_contents (out, changed->str, -1, &error);
      g_assert_no_error (error);
    }
  return g_steal_pointer (&dir);
}

static char *
template_dir (void)
{
  return g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "..", "templates", "blank", NULL);
}

/* Every configuration, as text: one line each, and success. */
static void
test_valid_text (void)
{
  g_autofree char *dir = mini_dir ();
  const char *args[] = { dir, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "2 players — hexes: 3, tile types: 4, tile copies: 5 (yellow 4, green 1)"));
  g_assert_nonnull (strstr (out, "3 players, options: big, extra_train — hexes: 6"));
  g_assert_nonnull (strstr (out, "7 configurations checked, the title is valid."));
}

static void
test_valid_json (void)
{
  g_autofree char *dir = mini_dir ();
  const char *args[] = { dir, "--players", "3", "--option", "big", "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *colors;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "hexes"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (root, "tiles"), ==, 4);
  colors = json_object_get_object_member (root, "tiles_by_color");
  g_assert_cmpint (json_object_get_int_member (colors, "green"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "errors")), ==, 0);
}

/* A problem: exit status 1, listed once with its place, in JSON too. */
static void
test_problem (void)
{
  g_autofree char *dir = broken_copy ();
  const char *text_args[] = { dir, NULL };
  const char *json_args[] = { dir, "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_err = NULL;
  g_autofree char *location = g_strdup_printf ("%s/tiles.json:4:72: $.tiles[0].paths[0].b: "
                                               "The value 7 is out of range (0 to 5)", dir);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *errors;
  JsonObject *first;

  g_assert_cmpint (cli_run_full ("validate", text_args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, location));
  g_assert_true (strstr (out, location) == g_strrstr (out, location));  /* listed once */
  g_assert_nonnull (strstr (out, "1 distinct problem."));

  g_assert_cmpint (cli_run_full ("validate", json_args, NULL, FALSE, &json, &json_err), ==, 1);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  errors = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "errors");
  g_assert_cmpuint (json_array_get_length (errors), ==, 1);
  first = json_array_get_object_element (errors, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "path"), ==, "$.tiles[0].paths[0].b");
  g_assert_cmpint (json_object_get_int_member (first, "line"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (first, "column"), ==, 72);
}

static void
test_russian (void)
{
  g_autofree char *dir = broken_copy ();
  const char *args[] = { dir, "--players", "2", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, TRUE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "2\u00a0игрока — гексов: 3"));
  g_assert_nonnull (strstr (out, "Значение 7 вне допустимого диапазона (от 0 до 5)"));
}

static const struct {
  const char *args[4];
  const char *in_stderr;
} usage_cases[] = {
  { { NULL }, "Give the folder of a title." },
  { { "a", "b" }, "Give only one folder." },
  { { "a", "--players", "0" }, "The number of players is out of range." },
  { { "a", "--no-such-option" }, "--no-such-option" },
};

static void
test_usage (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (usage_cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("usage case %u", i);
      g_assert_cmpint (cli_run_full ("validate", usage_cases[i].args, NULL, FALSE, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, usage_cases[i].in_stderr));
    }
}

/* No files at all: every file is reported, and nothing crashes. */
static void
test_missing_folder (void)
{
  const char *args[] = { "/nonexistent/title", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "The title cannot be loaded (3 problems):"));
  g_assert_nonnull (strstr (out, "/nonexistent/title/map.json: Cannot read the file"));
}

/* No false "valid": a title whose rules module does not exist
 * cannot be played, and validation says so, listing the modules. */
static void
test_unknown_module (void)
{
  g_autofree char *mini = mini_dir ();
  g_autofree char *dir = changed_copy (mini, "game.json", "\"rules_module\": \"1849\"",
                                       "\"rules_module\": \"generic\"");
  const char *args[] = { dir, "--players", "2", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "$.rules_module: No rules module is called “generic”"));
  g_assert_nonnull (strstr (out, "allowed: “1849”, “1840”, “standard”"));
}

/* The New Title template is a title the standard module plays. */
static void
test_template_valid (void)
{
  g_autofree char *dir = template_dir ();
  const char *args[] = { dir, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "3 configurations checked, the title is valid."));
}

/* An unknown value of a field the standard module reads is refused,
 * naming the field and the values allowed, in English and Russian. */
static void
test_unknown_value (void)
{
  g_autofree char *template = template_dir ();
  g_autofree char *dir = changed_copy (template, "game.json", "\"rules\": {}",
                                       "\"rules\": {\"private_auction\": {\"kind\": \"quarter\"}}");
  const char *args[] = { dir, "--players", "3", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *ru = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "$.rules.private_auction.kind: \"quarter\" is not a value the rules know; "
                                 "allowed: \"waterfall\", \"fixed_price\", \"none\""));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (cli_run_full ("validate", args, NULL, TRUE, &ru, &err), ==, 1);
  g_assert_nonnull (strstr (ru, "$.rules.private_auction.kind: "));
  g_assert_null (strstr (ru, "is not a value the rules know"));
}

/* A title whose game could not be played is refused: here nobody has the
 * money to start a corporation. */
static void
test_unplayable (void)
{
  g_autofree char *template = template_dir ();
  g_autofree char *dir = changed_copy (template, "game.json", "\"3\": 500", "\"3\": 100");
  const char *args[] = { dir, "--players", "3", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "$.starting_cash: with 100 to start with"));
}

/* Under the standard module a phase must give its train limit (without
 * one a corporation could buy more trains than a game holds), as
 * data/games/README.md says. */
static void
test_phase_train_limit (void)
{
  g_autofree char *template = template_dir ();
  g_autofree char *dir = changed_copy (template, "game.json", "\"train_limit\": 4,\n      \"operating_rounds\": 1",
                                       "\"operating_rounds\": 1");
  const char *args[] = { dir, "--players", "3", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "$.phases[0]: "));
  g_assert_nonnull (strstr (out, "train_limit"));
}

/* A train may carry the editor's "notes", as any object may; a key the
 * module does not know is refused, naming the keys allowed. */
static void
test_train_keys (void)
{
  g_autofree char *template = template_dir ();
  g_autofree char *dir = changed_copy (template, "game.json", "\"count\": 5, \"rusts_on\": \"4\"}",
                                       "\"count\": 5, \"rusts_on\": \"4\", \"notes\": \"the first\", \"town\": \"free\"}");
  const char *args[] = { dir, "--players", "3", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "$.trains[0].town: "));
  g_assert_null (strstr (out, "$.trains[0].notes"));
  g_assert_nonnull (strstr (out, "1 problem"));
}

/* Names and ids the standard module reads from lists are each checked,
 * with the path of the element: a phase's status, a corporation's type, a
 * train's track types, the tiles of a private company's tile lay. */
static void
test_list_values (void)
{
  g_autofree char *template = template_dir ();
  g_autofree char *one = changed_copy (template, "game.json", "\"status\": [\"can_buy_companies\"]",
                                       "\"status\": [\"can_buy_companies\", \"gray_lower\"]");
  g_autofree char *two = changed_copy (one, "game.json", "\"type\": \"public\",", "\"type\": \"major\",");
  g_autofree char *three = changed_copy (two, "game.json", "\"count\": 5, \"rusts_on\": \"4\"}",
                                         "\"count\": 5, \"rusts_on\": \"4\", \"track\": [\"monorail\", 3, \"track\"]}");
  g_autofree char *dir = changed_copy (three, "game.json", "\"hexes\": [\"G7\"],\n          \"free\"",
                                       "\"hexes\": [\"G7\"],\n          \"tiles\": [\"57\", \"nope\"],\n          \"free\"");
  const char *args[] = { dir, "--players", "3", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 1);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "$.phases[1].status[1]: \"gray_lower\" is not a value the rules know; "
                                 "allowed: \"can_buy_companies\""));
  g_assert_nonnull (strstr (out, "$.corporations[0].type: \"major\" is not a value the rules know; "
                                 "allowed: \"public\""));
  g_assert_nonnull (strstr (out, "$.trains[0].track[0]: "));
  g_assert_nonnull (strstr (out, "$.trains[0].track[1]: "));
  g_assert_null (strstr (out, "$.trains[0].track[2]"));
  g_assert_nonnull (strstr (out, "$.privates[1].abilities[1].tiles[1]: "));
  g_assert_null (strstr (out, "$.privates[1].abilities[1].tiles[0]"));
  g_assert_nonnull (strstr (out, "5 problems"));
}

/* The editor's warnings come as "warnings" beside "errors", at the lines
 * of the file on disk even when its layout is not the editor's; a warning
 * alone is no failure. */
static void
test_warnings (void)
{
  g_autofree char *source = mini_dir ();
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "warnings-XXXXXX", NULL);
  const char *names[] = { "game.json", "tiles.json", "map.json" };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *tiles = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  JsonArray *warnings;
  JsonObject *warning = NULL;
  const char *args[] = { NULL, "--json", NULL };

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_nonnull (g_mkdtemp (dir));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (source, names[i], NULL);
      g_autofree char *to = g_build_filename (dir, names[i], NULL);
      g_autofree char *text = NULL;
      g_autoptr(GString) changed = NULL;

      g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
      changed = g_string_new (text);
      /* three blank lines the editor would not write, and a tile without copies */
      if (i == 1)
        {
          g_string_insert (changed, 1, "\n\n\n");
          g_assert_cmpuint (g_string_replace (changed, "\"id\": \"7\", \"color\": \"yellow\", \"count\": 2",
                                              "\"id\": \"7\", \"color\": \"yellow\", \"count\": 0", 1), ==, 1);
          tiles = g_strdup (changed->str);
        }
      g_assert_true (g_file_set_contents (to, changed->str, -1, NULL));
    }
  args[0] = dir;
  g_assert_cmpint (cli_run_full ("validate", args, NULL, FALSE, &out, &err), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (json_parser_get_root (parser)), "errors")), ==, 0);
  warnings = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "warnings");
  for (guint i = 0; i < json_array_get_length (warnings); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (warnings, i), "code"), "zero-count"))
      warning = json_array_get_object_element (warnings, i);
  g_assert_nonnull (warning);
  g_assert_cmpstr (json_object_get_string_member (warning, "path"), ==, "$.tiles[0].count");
  lines = g_strsplit (tiles, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[json_object_get_int_member (warning, "line") - 1]
                                   + json_object_get_int_member (warning, "column") - 1, "0,"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/cli-validate/valid/text", test_valid_text);
  g_test_add_func ("/cli-validate/valid/json", test_valid_json);
  g_test_add_func ("/cli-validate/problem", test_problem);
  g_test_add_func ("/cli-validate/russian", test_russian);
  g_test_add_func ("/cli-validate/usage", test_usage);
  g_test_add_func ("/cli-validate/missing-folder", test_missing_folder);
  g_test_add_func ("/cli-validate/unknown-module", test_unknown_module);
  g_test_add_func ("/cli-validate/template", test_template_valid);
  g_test_add_func ("/cli-validate/unknown-value", test_unknown_value);
  g_test_add_func ("/cli-validate/unplayable", test_unplayable);
  g_test_add_func ("/cli-validate/phase-train-limit", test_phase_train_limit);
  g_test_add_func ("/cli-validate/train-keys", test_train_keys);
  g_test_add_func ("/cli-validate/list-values", test_list_values);
  g_test_add_func ("/cli-validate/warnings", test_warnings);
  return g_test_run ();
}
