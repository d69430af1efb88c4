/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-title-document.h"
#include "kol-title-issue.h"
#include "kol-title-loader.h"

/*
 * koleya-cli validate DIR [--players N] [--option X]… [--json]
 *
 * Loads a title folder for one configuration, or for every configuration
 * the title allows, and lists every problem. A problem seen in an earlier
 * configuration is not listed again. The editor's warnings follow (things
 * that load but would play wrong), with the lines of the files on disk;
 * they do not make the exit status a failure.
 */

typedef struct
{
  KolTitleConfig *config;
  KolTitleStats   stats;
  GPtrArray      *problems;
} Result;

static void
result_free (gpointer data)
{
  Result *result = data;

  kol_title_config_free (result->config);
  g_ptr_array_unref (result->problems);
  g_free (result);
}

static const char *
color_label (int color)
{
  switch (color)
    {
    case KOL_COLOR_WHITE:  return C_("tile colour", "white");
    case KOL_COLOR_YELLOW: return C_("tile colour", "yellow");
    case KOL_COLOR_GREEN:  return C_("tile colour", "green");
    case KOL_COLOR_BROWN:  return C_("tile colour", "brown");
    case KOL_COLOR_GRAY:   return C_("tile colour", "gray");
    case KOL_COLOR_RED:    return C_("tile colour", "red");
    case KOL_COLOR_PURPLE: return C_("tile colour", "purple");
    case KOL_COLOR_BLUE:   return C_("tile colour", "blue");
    default:               return "?";
    }
}

static char *
describe_colors (const KolTitleStats *stats)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < KOL_N_COLORS; c++)
    if (stats->tile_types_by_color[c] > 0)
      g_string_append_printf (out, "%s%s %u", out->len > 0 ? ", " : "", color_label (c),
                              stats->tiles_by_color[c]);
  return g_string_free (out, FALSE);
}

static void
print_counts (const Result *result)
{
  const KolTitleStats *s = &result->stats;
  g_autofree char *config = kol_title_config_describe (result->config);
  g_autofree char *colors = describe_colors (s);

  /* Translators: a summary line. The first %s is a configuration such as
   * “4 players, options: bonds”; the last %s lists tile copies per colour,
   * e.g. “yellow 72, green 72, brown 24”. */
  g_print (_("%s — hexes: %u, tile types: %u, tile copies: %u (%s), trains: %u, corporations: %u, "
             "private companies: %u"),
           config, s->hexes, s->tiles, s->tile_copies, colors, s->train_copies, s->corporations, s->companies);
  g_print (" — ");
  if (result->problems->len == 0)
    g_print ("%s\n", _("no problems"));
  else
    g_print (ngettext ("%u problem\n", "%u problems\n", result->problems->len), result->problems->len);
}

static void
print_summary (const Result *result)
{
  if (result->config->n_players == 0)
    {
      /* game.json is too broken to know the player counts */
      g_print (ngettext ("The title cannot be loaded (%u problem):\n", "The title cannot be loaded (%u problems):\n",
                         result->problems->len), result->problems->len);
      return;
    }
  print_counts (result);
}

/* Prints the problems not listed before; returns how many were new. */
static guint
print_problems (const Result *result,
                GHashTable   *seen)
{
  guint fresh = 0;

  for (guint i = 0; i < result->problems->len; i++)
    {
      g_autofree char *line = kol_title_problem_format (g_ptr_array_index (result->problems, i));

      if (!g_hash_table_add (seen, g_strdup (line)))
        continue;
      g_print ("  %s\n", line);
      fresh++;
    }
  if (fresh < result->problems->len)
    g_print (ngettext ("  (%u listed above)\n", "  (%u listed above)\n", result->problems->len - fresh),
             result->problems->len - fresh);
  return fresh;
}

static void
print_text (GPtrArray *results)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint total = 0;

  for (guint i = 0; i < results->len; i++)
    {
      const Result *result = g_ptr_array_index (results, i);

      print_summary (result);
      total += print_problems (result, seen);
    }
  if (results->len > 1)
    g_print (ngettext ("%u configuration checked, ", "%u configurations checked, ", results->len), results->len);
  if (total == 0)
    g_print ("%s\n", _("the title is valid."));
  else
    g_print (ngettext ("%u distinct problem.\n", "%u distinct problems.\n", total), total);
}

static void
add_config_members (JsonObject           *object,
                    const KolTitleConfig *config)
{
  JsonArray *options = json_array_new ();

  for (guint i = 0; config->options[i] != NULL; i++)
    json_array_add_string_element (options, config->options[i]);
  json_object_set_int_member (object, "players", config->n_players);
  json_object_set_array_member (object, "options", options);
}

static JsonNode *
result_to_json (const Result *result)
{
  JsonNode *node = kol_title_stats_to_json (&result->stats);
  JsonObject *object = json_node_get_object (node);

  add_config_members (object, result->config);
  json_object_set_member (object, "errors", kol_title_problems_to_json (result->problems));
  return node;
}

/* The configuration the top level reports: most players, no options (the
 * whole game as printed), else the first. */
static const Result *
main_result (GPtrArray *results)
{
  const Result *best = g_ptr_array_index (results, 0);

  for (guint i = 0; i < results->len; i++)
    {
      const Result *r = g_ptr_array_index (results, i);

      if (r->config->options[0] == NULL
          && (best->config->options[0] != NULL || r->config->n_players > best->config->n_players))
        best = r;
    }
  return best;
}

/* Every distinct problem once, with the first configuration that has it. */
static JsonArray *
distinct_problems (GPtrArray *results)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonArray *errors = json_array_new ();

  for (guint i = 0; i < results->len; i++)
    {
      const Result *result = g_ptr_array_index (results, i);

      for (guint p = 0; p < result->problems->len; p++)
        {
          const KolTitleProblem *problem = g_ptr_array_index (result->problems, p);
          JsonNode *node;

          if (!g_hash_table_add (seen, kol_title_problem_format (problem)))
            continue;
          node = kol_title_problem_to_json (problem);
          add_config_members (json_node_get_object (node), result->config);
          json_array_add_element (errors, node);
        }
    }
  return errors;
}

static const char * const file_names[] = { "game.json", "tiles.json", "map.json" };

/* The editor's warnings, for the configuration asked for or every one. */
static GListModel *
warnings_of (const char  *dir,
             int          n_players,
             char       **options)
{
  g_autoptr(KolTitleDocument) doc = kol_title_document_new_from_directory (dir, NULL);
  GListStore *warnings = g_list_store_new (KOL_TYPE_TITLE_ISSUE);
  g_autoptr(GListModel) issues = NULL;

  if (doc == NULL)
    return G_LIST_MODEL (warnings);
  issues = kol_title_document_validate (doc, n_players > 0 ? n_players : 0, (const char * const *) options);
  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (issues, i);

      if (kol_title_issue_get_severity (issue) == KOL_TITLE_ISSUE_WARNING)
        g_list_store_append (warnings, issue);
    }
  return G_LIST_MODEL (warnings);
}

static JsonNode *
warning_to_json (const char    *dir,
                 KolTitleIssue *issue)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *file = g_build_filename (dir, file_names[kol_title_issue_get_file (issue)], NULL);
  const char *strings[][2] = {
    { "code", kol_title_issue_get_code (issue) }, { "path", kol_title_issue_get_path (issue) },
    { "message", kol_title_issue_get_message (issue) }, { "hex", kol_title_issue_get_hex (issue) },
    { "tile", kol_title_issue_get_tile (issue) }, { "configuration", kol_title_issue_get_configuration (issue) },
  };

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, file);
  json_builder_set_member_name (builder, "line");
  json_builder_add_int_value (builder, kol_title_issue_get_line (issue));
  json_builder_set_member_name (builder, "column");
  json_builder_add_int_value (builder, kol_title_issue_get_column (issue));
  for (gsize i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      json_builder_set_member_name (builder, strings[i][0]);
      if (strings[i][1] != NULL)
        json_builder_add_string_value (builder, strings[i][1]);
      else
        json_builder_add_null_value (builder);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
warnings_to_json (const char *dir,
                  GListModel *warnings)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < g_list_model_get_n_items (warnings); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (warnings, i);

      json_array_add_element (array, warning_to_json (dir, issue));
    }
  json_node_take_array (node, array);
  return node;
}

static void
print_warnings (const char *dir,
                GListModel *warnings)
{
  guint n = g_list_model_get_n_items (warnings);

  if (n == 0)
    return;
  g_print (ngettext ("%u warning:\n", "%u warnings:\n", n), n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (warnings, i);
      g_autofree char *file = g_build_filename (dir, file_names[kol_title_issue_get_file (issue)], NULL);

      g_print ("  %s:%d:%d: %s: %s\n", file, kol_title_issue_get_line (issue), kol_title_issue_get_column (issue),
               kol_title_issue_get_path (issue) != NULL ? kol_title_issue_get_path (issue) : "$",
               kol_title_issue_get_message (issue));
    }
}

static void
print_json (const char *dir,
            GPtrArray  *results,
            GListModel *warnings)
{
  g_autoptr(JsonNode) root = result_to_json (main_result (results));
  JsonObject *object = json_node_get_object (root);
  JsonArray *configurations = json_array_new ();
  g_autofree char *text = NULL;

  json_object_set_string_member (object, "dir", dir);
  json_object_set_array_member (object, "errors", distinct_problems (results));
  json_object_set_member (object, "warnings", warnings_to_json (dir, warnings));
  for (guint i = 0; i < results->len; i++)
    json_array_add_element (configurations, result_to_json (g_ptr_array_index (results, i)));
  json_object_set_array_member (object, "configurations", configurations);
  text = json_to_string (root, TRUE);
  g_print ("%s\n", text);
}

static KolTitleConfig *
config_new (int                 n_players,
            const char * const *options)
{
  KolTitleConfig *config = g_new0 (KolTitleConfig, 1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  config->n_players = n_players;
  if (options != NULL)
    g_strv_builder_addv (builder, (const char **) options);
  config->options = g_strv_builder_end (builder);
  return config;
}

static gboolean
same_options (char **a,
              char **b)
{
  guint n = g_strv_length (a);

  if (n != g_strv_length (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_strv_contains ((const char * const *) b, a[i]))
      return FALSE;
  return TRUE;
}

/* Every configuration to check: the one asked for, every one the title
 * allows, or those allowing exactly the options asked for. When game.json
 * is too broken to list them, one configuration shows why. */
static GPtrArray *
configurations (KolTitleSource *source,
                int             n_players,
                char          **options,
                GError        **error)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_config_free);
  g_autoptr(GPtrArray) all = NULL;

  if (n_players > 0)
    {
      g_ptr_array_add (out, config_new (n_players, (const char * const *) options));
      return out;
    }
  all = kol_title_source_list_configurations (source, NULL);
  if (all == NULL)
    {
      g_ptr_array_add (out, config_new (0, (const char * const *) options));
      return out;
    }
  for (guint i = 0; i < all->len; i++)
    {
      KolTitleConfig *config = g_ptr_array_index (all, i);

      if (options == NULL || same_options (config->options, options))
        g_ptr_array_add (out, config_new (config->n_players, (const char * const *) config->options));
    }
  if (out->len == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("No player count of this title allows exactly these options"));
      g_clear_pointer (&out, g_ptr_array_unref);
    }
  return out;
}

static GPtrArray *
validate_all (KolTitleSource *source,
              GPtrArray      *configs)
{
  GPtrArray *results = g_ptr_array_new_with_free_func (result_free);

  for (guint i = 0; i < configs->len; i++)
    {
      KolTitleConfig *config = g_ptr_array_index (configs, i);
      Result *result = g_new0 (Result, 1);

      result->config = config_new (config->n_players, (const char * const *) config->options);
      result->problems = kol_title_source_validate (source, config->n_players,
                                                    (const char * const *) config->options, &result->stats);
      g_ptr_array_add (results, result);
    }
  return results;
}

static gboolean
has_problems (GPtrArray *results)
{
  for (guint i = 0; i < results->len; i++)
    if (((Result *) g_ptr_array_index (results, i))->problems->len > 0)
      return TRUE;
  return FALSE;
}

static int
usage_error (const char *message)
{
  g_printerr ("%s\n", message);
  /* Translators: %s is a command line to type. */
  g_printerr (_("Run “%s” for the options."), "koleya-cli validate --help");
  g_printerr ("\n");
  return KOL_CLI_EXIT_USAGE;
}

/**
 * kol_cli_validate:
 *
 * `koleya-cli validate DIR [--players N] [--option X]… [--json]`.
 *
 * Returns: a #KolCliExit status: failure when any configuration has a
 *   problem
 */
int
kol_cli_validate (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("DIR"));
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(GPtrArray) configs = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GListModel) warnings = NULL;
  g_auto(GStrv) options = NULL;
  gboolean json = FALSE;
  int n_players = -1;
  const GOptionEntry entries[] = {
    { "players", 'p', 0, G_OPTION_ARG_INT, &n_players,
      N_("Check this player count only (default: every count and option combination)"), N_("N") },
    { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Check with this option in effect (repeat for several)"), N_("OPTION") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the counts and problems as JSON"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context,
                                _("Loads the title in the folder DIR (game.json, tiles.json, map.json) and "
                                  "lists every problem with its file, line, column and JSON path. Without "
                                  "--players, every player count and every combination of options the "
                                  "title allows is checked."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  if (argc != 2)
    return usage_error (argc < 2 ? _("Give the folder of a title.") : _("Give only one folder."));
  if (n_players != -1 && (n_players < 1 || n_players > KOL_MAX_PLAYERS))
    return usage_error (_("The number of players is out of range."));

  source = kol_title_source_new (argv[1]);
  if ((configs = configurations (source, n_players, options, &error)) == NULL)
    return usage_error (error->message);
  results = validate_all (source, configs);
  warnings = warnings_of (argv[1], n_players, options);
  if (json)
    print_json (argv[1], results, warnings);
  else
    {
      print_text (results);
      print_warnings (argv[1], warnings);
    }
  return has_problems (results) ? KOL_CLI_EXIT_FAILURE : KOL_CLI_EXIT_OK;
}
