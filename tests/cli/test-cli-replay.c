/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-run.h"

/* koleya-cli replay, import and bench-replay. */

typedef struct
{
  char *dir;
  char *empty;      /* a record with no action */
  char *illegal;    /* a record whose first action the rules refuse */
  char *garbage;
  char *save;       /* where import writes */
} Files;

static void
files_set_up (Files        *f,
              gconstpointer data)
{
  const char *players = "\"players\":[{\"id\":341,\"name\":\"A\"},{\"id\":6961,\"name\":\"B\"},"
                        "{\"id\":833,\"name\":\"C\"}]";
  g_autofree char *empty = g_strdup_printf ("{\"id\":27939,\"title\":\"1849\",%s,\"settings\":{\"seed\":27939},"
                                            "\"actions\":[]}", players);
  g_autofree char *illegal = g_strdup_printf ("{\"id\":27939,\"title\":\"1849\",%s,\"settings\":{\"seed\":27939},"
                                              "\"actions\":[{\"type\":\"lay_tile\",\"entity\":\"AFG\","
                                              "\"entity_type\":\"corporation\",\"id\":4,\"hex\":\"D6\","
                                              "\"tile\":\"9-0\",\"rotation\":2}]}", players);

  f->dir = g_dir_make_tmp ("koleya-cli-replay-XXXXXX", NULL);
  f->empty = g_build_filename (f->dir, "empty.json", NULL);
  f->illegal = g_build_filename (f->dir, "illegal.json", NULL);
  f->garbage = g_build_filename (f->dir, "garbage.json", NULL);
  f->save = g_build_filename (f->dir, "game.koleya", NULL);
  g_assert_true (g_file_set_contents (f->empty, empty, -1, NULL));
  g_assert_true (g_file_set_contents (f->illegal, illegal, -1, NULL));
  g_assert_true (g_file_set_contents (f->garbage, "{\"actions\": [", -1, NULL));
}

static void
files_tear_down (Files        *f,
                 gconstpointer data)
{
  g_unlink (f->empty);
  g_unlink (f->illegal);
  g_unlink (f->garbage);
  g_unlink (f->save);
  g_rmdir (f->dir);
  g_free (f->empty);
  g_free (f->illegal);
  g_free (f->garbage);
  g_free (f->save);
  g_free (f->dir);
}

static void
test_usage (Files        *f,
            gconstpointer data)
{
  static const struct { const char *args[6]; int status; const char *in_stderr; } cases[] = {
    { { "replay" }, 2, "Give one game file." },
    { { "replay", "--seed=sometimes", "x.json" }, 2, "Unknown seed mode." },
    { { "replay", "/nonexistent/koleya.json" }, 1, "Cannot read" },
    { { "import", "x.json" }, 2, "-o SAVE" },
    { { "bench-replay" }, 2, "at least one game file" },
    { { "bench-replay", "-n", "0", "x.json" }, 2, "repeat count" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (cli_run (cases[i].args, &out, &err), ==, cases[i].status);
      g_assert_nonnull (strstr (err, cases[i].in_stderr));
    }
}

static void
test_replay_json (Files        *f,
                  gconstpointer data)
{
  const char *args[] = { "replay", "--json", f->empty, NULL };
  const char *bad[] = { "replay", "--json", f->illegal, NULL };
  const char *garbage[] = { "replay", f->garbage, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"finished\" : false"));
  g_assert_nonnull (strstr (out, "\"actions\" : 0"));
  /* scores keyed by the player ids of the file */
  g_assert_nonnull (strstr (out, "\"result\" : {"));
  g_assert_nonnull (strstr (out, "\"6961\" : "));
  g_assert_null (strstr (out, "\"error\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* stopped early: which action, why, and a failure status */
  g_assert_cmpint (cli_run (bad, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "\"error\" : {"));
  g_assert_nonnull (strstr (out, "\"id\" : 4"));
  g_assert_nonnull (strstr (out, "\"type\" : \"lay_tile\""));
  g_assert_nonnull (strstr (out, "\"index\" : 0"));
  g_assert_nonnull (strstr (out, "\"actions\" : 0"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (cli_run (garbage, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "damaged or truncated"));
}

static void
test_import (Files        *f,
             gconstpointer data)
{
  const char *refuse[] = { "import", f->illegal, "-o", f->save, NULL };
  const char *partial[] = { "import", "--partial", f->illegal, "-o", f->save, NULL };
  const char *replay[] = { "replay", "--json", f->save, NULL };
  const char *empty[] = { "import", f->empty, "-o", f->save, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run (refuse, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Nothing written"));
  g_assert_false (g_file_test (f->save, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (cli_run (partial, &out, &err), ==, 1);
  g_assert_true (g_file_test (f->save, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (cli_run (replay, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"kind\" : \"save\""));
  g_assert_nonnull (strstr (out, "\"341\" : "));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (cli_run (empty, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Wrote 0 actions"));
}

static void
assert_inert (const char *text)
{
  /* no ESC, BEL or other C0 control but newline and tab, no C1 control, no
   * bidirectional control (U+202E is E2 80 AE) */
  for (const char *p = text; *p != '\0'; p++)
    g_assert_true ((guchar) *p >= 0x20 || *p == '\n' || *p == '\t');
  g_assert_null (strstr (text, "\xe2\x80\xae"));
  g_assert_null (strstr (text, "\xe2\x81\xa6"));
  g_assert_null (strstr (text, "\xc2\x9b"));
}

/* Names, ids and bytes from a file reach the terminal inert: a player
 * named with an ESC sequence and a right-to-left override, a title id with a BEL, a syntax error at a raw ESC byte. */
static void
test_terminal_injection (Files        *f,
                         gconstpointer data)
{
  const char *record = "{\"id\":1,\"title\":\"1849\",\"players\":[{\"id\":1,\"name\":\"Ev\\u001b[2Jil\\u202e\"},"
                       "{\"id\":2,\"name\":\"B\\u009b31m\"},{\"id\":3,\"name\":\"C\\u2066\"}],"
                       "\"settings\":{\"seed\":1},\"actions\":[]}";
  const char *unknown = "{\"id\":1,\"title\":\"18\\u001b]0;owned\\u0007\",\"players\":[{\"id\":1,\"name\":\"A\"}],"
                        "\"actions\":[]}";
  g_autofree char *record_path = g_build_filename (f->dir, "names.json", NULL);
  g_autofree char *unknown_path = g_build_filename (f->dir, "title.json", NULL);
  g_autofree char *raw_path = g_build_filename (f->dir, "raw.json", NULL);
  const char *runs[][4] = {
    { "replay", record_path, NULL },
    { "replay", "--json", record_path, NULL },
    { "replay", unknown_path, NULL },
    { "replay", raw_path, NULL },
    { "import", unknown_path, "-o", NULL },
  };

  g_assert_true (g_file_set_contents (record_path, record, -1, NULL));
  g_assert_true (g_file_set_contents (unknown_path, unknown, -1, NULL));
  g_assert_true (g_file_set_contents (raw_path, "{\"title\": \x1b[2J}", -1, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      const char *args[6] = { runs[i][0], runs[i][1], runs[i][2], runs[i][3], NULL, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      if (g_str_equal (args[0], "import"))
        args[3] = f->save;
      g_test_message ("run %" G_GSIZE_FORMAT, i);
      cli_run (args, &out, &err);
      g_test_message ("out: %s\nerr: %s", out, err);
      assert_inert (out);
      assert_inert (err);
      if (i == 0)
        g_assert_nonnull (strstr (out, "Ev\\u001B[2Jil\\u202E"));
      if (i == 1)
        {
          /* the escapes are JSON's: the output is still JSON */
          g_autoptr(JsonNode) parsed = json_from_string (out, NULL);

          g_assert_nonnull (parsed);
        }
      if (i == 2)
        g_assert_nonnull (strstr (err, "\\u001B]0;owned\\u0007"));
      if (i == 3)
        g_assert_nonnull (strstr (err, "\\u001B"));
    }
  g_unlink (record_path);
  g_unlink (unknown_path);
  g_unlink (raw_path);
}

/* Messages: every error names the file; no JSON path
 * unless --verbose; a save with a damaged "format" is a damaged save, not
 * "not a game exported from 18xx.games"; replay --json answers a JSON
 * object even for a file that cannot be read. */
static void
test_messages (Files        *f,
               gconstpointer data)
{
  g_autofree char *damaged = g_build_filename (f->dir, "damaged.koleya", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.koleya", NULL);
  const char *damaged_text = "{\"format\":\"koleya-sav\",\"version\":1,\"title\":{\"id\":\"1849\",\"data_version\":1},"
                             "\"players\":[{\"id\":1,\"name\":\"A\"}],\"seed\":1,\"actions\":[]}";
  struct {
    const char *args[5];
    const char *in_err;
    const char *not_in_err;
  } cases[] = {
    { { "replay", f->garbage }, f->garbage, NULL },
    { { "replay", missing }, missing, NULL },
    { { "replay", f->illegal }, f->illegal, "$.actions" },
    { { "replay", "--verbose", f->illegal }, "$.actions[0]", NULL },
    { { "import", f->illegal, "-o", f->save }, f->illegal, "$.actions" },
    { { "replay", damaged }, "Koleya save is damaged", "18xx.games" },
  };
  const char *json_missing[] = { "replay", "--json", missing, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) answer = NULL;

  g_assert_true (g_file_set_contents (damaged, damaged_text, -1, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *case_out = NULL;
      g_autofree char *case_err = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (cli_run (cases[i].args, &case_out, &case_err), ==, 1);
      g_test_message ("err: %s", case_err);
      g_assert_nonnull (strstr (case_err, cases[i].in_err));
      if (cases[i].not_in_err != NULL)
        g_assert_null (strstr (case_err, cases[i].not_in_err));
    }

  g_assert_cmpint (cli_run (json_missing, &out, &err), ==, 1);
  answer = json_from_string (out, NULL);
  g_assert_nonnull (answer);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (answer));
  g_assert_true (json_object_has_member (json_node_get_object (answer), "error"));
  g_unlink (damaged);
}

static void
test_bench (Files        *f,
            gconstpointer data)
{
  const char *args[] = { "bench-replay", "-n", "3", f->empty, f->illegal, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (cli_run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "ms per game (median of 3"));
  g_assert_nonnull (strstr (out, "Stopped at action 1"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-replay/usage", Files, NULL, files_set_up, test_usage, files_tear_down);
  g_test_add ("/cli-replay/replay-json", Files, NULL, files_set_up, test_replay_json, files_tear_down);
  g_test_add ("/cli-replay/import", Files, NULL, files_set_up, test_import, files_tear_down);
  g_test_add ("/cli-replay/bench", Files, NULL, files_set_up, test_bench, files_tear_down);
  g_test_add ("/cli-replay/terminal-injection", Files, NULL, files_set_up, test_terminal_injection,
              files_tear_down);
  g_test_add ("/cli-replay/messages", Files, NULL, files_set_up, test_messages, files_tear_down);

  return g_test_run ();
}
