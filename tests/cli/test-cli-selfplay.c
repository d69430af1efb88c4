/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-run.h"

/*
 * koleya-cli selfplay: games of random legal
 * actions must all end, with scores, and keep the title's invariants after
 * every action. meson registers this program several times, one
 * configuration each (so that they run in parallel):
 *
 *   test-cli-selfplay TITLE PLAYERS GAMES SEED POLICY [OPTION…]
 *
 * Without arguments it checks the command line of the command itself.
 */

typedef struct
{
  char  *title;
  char  *players;
  char  *games;
  char  *seed;
  char  *policy;
  char **options;
} Config;

static void
test_config (gconstpointer data)
{
  const Config *c = data;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  JsonObject *o;
  JsonArray *violations;
  int status;

  g_ptr_array_add (args, "selfplay");
  g_ptr_array_add (args, c->title);
  g_ptr_array_add (args, "--players");
  g_ptr_array_add (args, c->players);
  g_ptr_array_add (args, "--games");
  g_ptr_array_add (args, c->games);
  g_ptr_array_add (args, "--seed");
  g_ptr_array_add (args, c->seed);
  g_ptr_array_add (args, "--policy");
  g_ptr_array_add (args, c->policy);
  for (int i = 0; c->options && c->options[i]; i++)
    {
      g_ptr_array_add (args, "--option");
      g_ptr_array_add (args, c->options[i]);
    }
  g_ptr_array_add (args, "--json");
  g_ptr_array_add (args, NULL);

  status = cli_run ((const char * const *) args->pdata, &out, &err);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  violations = json_object_get_array_member (o, "violations");
  for (guint i = 0; i < json_array_get_length (violations); i++)
    {
      JsonObject *v = json_array_get_object_element (violations, i);

      g_test_message ("seed %" G_GINT64_FORMAT ", action %" G_GINT64_FORMAT ": %s %s",
                      json_object_get_int_member (v, "seed"), json_object_get_int_member (v, "action_index"),
                      json_object_get_string_member (v, "problem"),
                      json_object_has_member (v, "action") ? json_object_get_string_member (v, "action") : "");
    }
  g_test_message ("%s, %s players: %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT " actions, %.1f games/s",
                  c->title, c->players, json_object_get_int_member (o, "games"),
                  json_object_get_int_member (o, "actions"), json_object_get_double_member (o, "games_per_second"));
  g_assert_cmpuint (json_array_get_length (violations), ==, 0);
  g_assert_cmpint (status, ==, 0);
  /* every game ended, with scores */
  g_assert_cmpint (json_object_get_int_member (o, "finished"), ==, json_object_get_int_member (o, "games"));
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, g_ascii_strtoll (c->games, NULL, 10));
}

static void
test_usage (void)
{
  static const struct { const char *args[8]; int status; } cases[] = {
    { { "selfplay" }, 2 },
    { { "selfplay", "1849" }, 2 },
    { { "selfplay", "1849", "--players", "3", "--policy", "clever" }, 2 },
    { { "selfplay", "nosuchtitle", "--players", "3" }, 1 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (cli_run (cases[i].args, &out, &err), ==, cases[i].status);
    }
}

int
main (int   argc,
      char *argv[])
{
  Config c = { 0 };

  g_test_init (&argc, &argv, NULL);
  if (argc < 6)
    {
      g_test_add_func ("/cli-selfplay/usage", test_usage);
      return g_test_run ();
    }
  c.title = argv[1];
  c.players = argv[2];
  c.games = argv[3];
  c.seed = argv[4];
  c.policy = argv[5];
  c.options = argc > 6 ? &argv[6] : NULL;
  {
    g_autofree char *opts = c.options ? g_strjoinv ("+", c.options) : g_strdup ("base");
    g_autofree char *path = g_strdup_printf ("/cli-selfplay/%s/%sp/%s/%s", c.title, c.players, c.policy, opts);

    g_test_add_data_func (path, &c, test_config);
    return g_test_run ();
  }
}
