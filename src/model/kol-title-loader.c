/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "kol-title-loader-private.h"

/*
 * The title loader: the three files of a title folder into a KolTitle. This
 * file holds the public API, the reading of files, the typed readers that
 * report problems instead of stopping, selectors, and game.json; the board
 * (tiles.json, map.json) is in kol-title-loader-board.c.
 */

G_DEFINE_QUARK (kol-title-loader-error-quark, kol_title_loader_error)

static const char *const file_names[KOL_N_FILES] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

/* Money and other amounts are bounded so that sums stay far from overflow. */
#define MAX_AMOUNT 100000000

/* ---- problems ------------------------------------------------------------ */

/**
 * kol_title_problem_free:
 *
 * Frees @problem.
 */
void
kol_title_problem_free (KolTitleProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->file);
  g_free (problem->path);
  g_free (problem->message);
  g_free (problem);
}

/* Length of the parent of @path ("$.a[2].b" -> "$.a[2]"); 1 for "$". */
static gsize
parent_length (const char *path)
{
  gsize last = 1;
  gboolean quoted = FALSE;

  for (gsize i = 1; path[i] != '\0'; i++)
    {
      if (quoted)
        {
          if (path[i] == '\\' && path[i + 1] != '\0')
            i++;
          else if (path[i] == '\'')
            quoted = FALSE;
        }
      else if (path[i] == '\'')
        quoted = TRUE;
      else if (path[i] == '.' || path[i] == '[')
        last = i;
    }
  return last;
}

/* Finds where the value at @path (or its nearest ancestor in the file)
 * starts, scanning the file again with positions on the first request. */
static void
locate (KolLoaderFile   *file,
        KolTitleProblem *problem)
{
  g_autofree char *path = NULL;

  if (problem->path == NULL || file->text == NULL)
    return;
  if (!file->positioned)
    {
      kol_json_scan_free (file->scan);
      file->scan = kol_json_scan_new (file->text, file->length, TRUE);
      file->positioned = TRUE;
    }
  path = g_strdup (problem->path);
  while (!kol_json_scan_lookup (file->scan, path, &problem->line, &problem->column)
         && strlen (path) > 1)
    path[parent_length (path)] = '\0';
}

static void
add_problem (KolLoader       *l,
             KolTitleProblem *problem)
{
  if (l->problems->len >= KOL_LOADER_MAX_PROBLEMS)
    {
      l->n_dropped++;
      kol_title_problem_free (problem);
      return;
    }
  g_ptr_array_add (l->problems, problem);
}

/**
 * kol_loader_problem:
 * @l: the loader
 * @file: which file
 * @kind: a #KolTitleLoaderError
 * @path: (nullable): JSON path of the offending value
 * @format: printf-style, translated message
 *
 * Records a problem; its line and column are looked up from @path.
 */
void
kol_loader_problem (KolLoader  *l,
                    KolFileId   file,
                    int         kind,
                    const char *path,
                    const char *format,
                    ...)
{
  KolTitleProblem *problem = g_new0 (KolTitleProblem, 1);
  va_list args;

  va_start (args, format);
  problem->message = g_strdup_vprintf (format, args);
  va_end (args);
  problem->kind = kind;
  problem->file = g_strdup (l->files[file].path);
  problem->path = g_strdup (path);
  locate (&l->files[file], problem);
  add_problem (l, problem);
}

/**
 * kol_title_problem_format:
 * @problem: a problem
 *
 * Formats @problem as compilers do, so that editors can jump to it:
 * `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown.
 *
 * Returns: (transfer full): one line of text
 */
char *
kol_title_problem_format (const KolTitleProblem *problem)
{
  GString *out = g_string_new (problem->file ? problem->file : "");

  if (problem->line > 0)
    g_string_append_printf (out, ":%d:%d", problem->line, problem->column);
  g_string_append (out, ": ");
  if (problem->path != NULL)
    g_string_append_printf (out, "%s: ", problem->path);
  g_string_append (out, problem->message);
  return g_string_free (out, FALSE);
}

static const char *
kind_name (int kind)
{
  switch (kind)
    {
    case KOL_TITLE_LOADER_ERROR_READ:
      return "read";
    case KOL_TITLE_LOADER_ERROR_SYNTAX:
      return "syntax";
    case KOL_TITLE_LOADER_ERROR_CONFIGURATION:
      return "configuration";
    default:
      return "invalid";
    }
}

/**
 * kol_title_problem_to_json:
 * @problem: a problem
 *
 * Returns: (transfer full): an object with "file", "path", "line", "column",
 *   "kind" and "message" (null where unknown)
 */
JsonNode *
kol_title_problem_to_json (const KolTitleProblem *problem)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "file");
  json_builder_add_string_value (builder, problem->file);
  json_builder_set_member_name (builder, "path");
  if (problem->path != NULL)
    json_builder_add_string_value (builder, problem->path);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "line");
  json_builder_add_int_value (builder, problem->line);
  json_builder_set_member_name (builder, "column");
  json_builder_add_int_value (builder, problem->column);
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, kind_name (problem->kind));
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, problem->message);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/**
 * kol_title_problems_to_json:
 * @problems: (element-type KolTitleProblem): problems
 *
 * Returns: (transfer full): a JSON array of kol_title_problem_to_json()
 */
JsonNode *
kol_title_problems_to_json (GPtrArray *problems)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; problems != NULL && i < problems->len; i++)
    json_array_add_element (array, kol_title_problem_to_json (g_ptr_array_index (problems, i)));
  json_node_take_array (node, array);
  return node;
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

/**
 * kol_title_stats_to_json:
 * @stats: statistics of a loaded configuration
 *
 * Returns: (transfer full): an object with "hexes", "tiles" (tile types),
 *   "tile_copies", "tiles_by_color" (colour → copies), "tile_types_by_color"
 *   and the other counts
 */
JsonNode *
kol_title_stats_to_json (const KolTitleStats *stats)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  add_int (builder, "players", stats->n_players);
  add_int (builder, "hexes", stats->hexes);
  add_int (builder, "tiles", stats->tiles);
  add_int (builder, "tile_copies", stats->tile_copies);
  add_int (builder, "unlimited_tiles", stats->unlimited_tiles);
  json_builder_set_member_name (builder, "tiles_by_color");
  json_builder_begin_object (builder);
  for (int c = 0; c < KOL_N_COLORS; c++)
    if (stats->tile_types_by_color[c] > 0)
      add_int (builder, kol_color_to_string (c), stats->tiles_by_color[c]);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "tile_types_by_color");
  json_builder_begin_object (builder);
  for (int c = 0; c < KOL_N_COLORS; c++)
    if (stats->tile_types_by_color[c] > 0)
      add_int (builder, kol_color_to_string (c), stats->tile_types_by_color[c]);
  json_builder_end_object (builder);
  add_int (builder, "phases", stats->phases);
  add_int (builder, "train_types", stats->train_types);
  add_int (builder, "trains", stats->train_copies);
  add_int (builder, "companies", stats->companies);
  add_int (builder, "corporations", stats->corporations);
  add_int (builder, "bank", stats->bank);
  add_int (builder, "starting_cash", stats->starting_cash);
  add_int (builder, "cert_limit", stats->cert_limit);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/**
 * kol_title_config_free:
 *
 * Frees @config.
 */
void
kol_title_config_free (KolTitleConfig *config)
{
  if (config == NULL)
    return;
  g_strfreev (config->options);
  g_free (config);
}

/**
 * kol_title_config_describe:
 *
 * Returns: (transfer full): "4 players" or "4 players, options: bonds, delay_ift",
 *   translated
 */
char *
kol_title_config_describe (const KolTitleConfig *config)
{
  /* Translators: %d is a number of players. */
  g_autofree char *players = g_strdup_printf (ngettext ("%d player", "%d players", config->n_players),
                                              config->n_players);
  g_autofree char *options = NULL;

  if (config->options == NULL || config->options[0] == NULL)
    return g_steal_pointer (&players);
  options = g_strjoinv (", ", config->options);
  /* Translators: the first %s is e.g. “4 players”, the second a list of
   * option ids. */
  return g_strdup_printf (_("%s, options: %s"), players, options);
}

/* ---- typed readers ------------------------------------------------------- */

static const char *
describe_node (JsonNode *node)
{
  if (node == NULL)
    return _("nothing");
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");
    case JSON_NODE_ARRAY:
      return _("an array");
    case JSON_NODE_NULL:
      return "null";
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("a string");
    case G_TYPE_INT64:
      return _("a whole number");
    case G_TYPE_DOUBLE:
      return _("a fractional number");
    case G_TYPE_BOOLEAN:
      return _("true or false");
    default:
      return _("an unknown value");
    }
}

static void
wrong_type (KolLoader  *l,
            KolFileId   file,
            JsonNode   *node,
            const char *path,
            const char *expected)
{
  /* Translators: both %s are kinds of value, e.g. “a string”, “an array”. */
  kol_loader_invalid (l, file, path, _("Expected %s, found %s"), expected, describe_node (node));
}

static gboolean
holds_type (JsonNode *node,
            GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

JsonArray *
kol_loader_peek_array (JsonObject *object,
                       const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

JsonObject *
kol_loader_peek_object (JsonObject *object,
                        const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * kol_loader_member:
 *
 * Returns: (transfer none) (nullable): member @key of @object; reports it
 *   missing when @required
 */
JsonNode *
kol_loader_member (KolLoader  *l,
                   KolFileId   file,
                   JsonObject *object,
                   const char *path,
                   const char *key,
                   gboolean    required)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  if (node == NULL && required && object != NULL)
    /* Translators: %s is the name of a JSON member, e.g. “color”. */
    kol_loader_invalid (l, file, path, _("The required member “%s” is missing"), key);
  return node;
}

JsonObject *
kol_loader_object (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path)
{
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);
  wrong_type (l, file, node, path, _("an object"));
  return NULL;
}

JsonArray *
kol_loader_array (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path)
{
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    return json_node_get_array (node);
  wrong_type (l, file, node, path, _("an array"));
  return NULL;
}

const char *
kol_loader_string (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path)
{
  if (holds_type (node, G_TYPE_STRING))
    {
      const char *s = json_node_get_string (node);

      if (s != NULL && *s != '\0')
        return s;
      kol_loader_invalid (l, file, path, _("The string must not be empty"));
      return NULL;
    }
  wrong_type (l, file, node, path, _("a string"));
  return NULL;
}

gboolean
kol_loader_int (KolLoader  *l,
                KolFileId   file,
                JsonNode   *node,
                const char *path,
                int         min,
                int         max,
                int        *out)
{
  gint64 value;

  if (kol_json_scan_is_bad_number (l->files[file].scan, path))
    return FALSE;  /* the scanner reported it */
  if (!holds_type (node, G_TYPE_INT64))
    {
      wrong_type (l, file, node, path, _("a whole number"));
      return FALSE;
    }
  value = json_node_get_int (node);
  if (value < min || value > max)
    {
      /* Translators: the first value is from the file, the others are the
       * bounds. */
      kol_loader_invalid (l, file, path, _("The value %" G_GINT64_FORMAT " is out of range (%d to %d)"),
                          value, min, max);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

gboolean
kol_loader_bool (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path,
                 gboolean   *out)
{
  if (!holds_type (node, G_TYPE_BOOLEAN))
    {
      wrong_type (l, file, node, path, _("true or false"));
      return FALSE;
    }
  *out = json_node_get_boolean (node);
  return TRUE;
}

JsonObject *
kol_loader_object_member (KolLoader  *l,
                          KolFileId   file,
                          JsonObject *object,
                          const char *path,
                          const char *key,
                          gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  child = kol_json_path_key (path, key);
  return kol_loader_object (l, file, node, child);
}

JsonArray *
kol_loader_array_member (KolLoader  *l,
                         KolFileId   file,
                         JsonObject *object,
                         const char *path,
                         const char *key,
                         gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  child = kol_json_path_key (path, key);
  return kol_loader_array (l, file, node, child);
}

const char *
kol_loader_string_member (KolLoader  *l,
                          KolFileId   file,
                          JsonObject *object,
                          const char *path,
                          const char *key,
                          gboolean    required)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return NULL;
  child = kol_json_path_key (path, key);
  return kol_loader_string (l, file, node, child);
}

gboolean
kol_loader_int_member (KolLoader  *l,
                       KolFileId   file,
                       JsonObject *object,
                       const char *path,
                       const char *key,
                       gboolean    required,
                       int         min,
                       int         max,
                       int        *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  child = kol_json_path_key (path, key);
  return kol_loader_int (l, file, node, child, min, max, out);
}

gboolean
kol_loader_bool_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key,
                        gboolean   *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, FALSE);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  child = kol_json_path_key (path, key);
  return kol_loader_bool (l, file, node, child, out);
}

static gboolean
read_language (KolLoader  *l,
               KolFileId   file,
               JsonObject *object,
               const char *path,
               const char *language,
               char      **out)
{
  JsonNode *node = json_object_get_member (object, language);
  g_autofree char *child = kol_json_path_key (path, language);
  const char *s;

  if (node == NULL)
    {
      /* Translators: %s is a language code, “en” or “ru”. */
      kol_loader_invalid (l, file, path, _("The text has no “%s” translation; every text needs “en” and “ru”"),
                          language);
      return FALSE;
    }
  if ((s = kol_loader_string (l, file, node, child)) == NULL)
    return FALSE;
  g_free (*out);
  *out = g_strdup (s);
  return TRUE;
}

/**
 * kol_loader_text:
 *
 * Reads a proper name (a plain string, the same in every language) or a
 * translatable object with both "en" and "ru".
 */
gboolean
kol_loader_text (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path,
                 gboolean    translatable,
                 KolText    *out)
{
  JsonObject *object;
  gboolean ok;

  if (!translatable && holds_type (node, G_TYPE_STRING))
    {
      const char *s = kol_loader_string (l, file, node, path);

      if (s == NULL)
        return FALSE;
      g_free (out->en);
      g_free (out->ru);
      out->en = g_strdup (s);
      out->ru = g_strdup (s);
      return TRUE;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_type (l, file, node, path,
                  translatable ? _("a translated text ({\"en\": …, \"ru\": …})")
                               : _("a text (a string, or {\"en\": …, \"ru\": …})"));
      return FALSE;
    }
  object = json_node_get_object (node);
  ok = read_language (l, file, object, path, "en", &out->en);
  ok = read_language (l, file, object, path, "ru", &out->ru) && ok;
  return ok;
}

gboolean
kol_loader_text_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key,
                        gboolean    required,
                        gboolean    translatable,
                        KolText    *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, required);
  g_autofree char *child = NULL;

  if (node == NULL)
    return FALSE;
  child = kol_json_path_key (path, key);
  return kol_loader_text (l, file, node, child, translatable, out);
}

int
kol_loader_enum (KolLoader          *l,
                 KolFileId           file,
                 JsonNode           *node,
                 const char         *path,
                 const char * const *names)
{
  const char *value = kol_loader_string (l, file, node, path);
  g_autofree char *list = NULL;

  if (value == NULL)
    return -1;
  for (int i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], value))
      return i;
  list = g_strjoinv (", ", (char **) names);
  /* Translators: the first %s is a value from the file, the second the list
   * of values allowed there. */
  kol_loader_invalid (l, file, path, _("“%s” is not allowed here; expected one of: %s"), value, list);
  return -1;
}

gboolean
kol_loader_color (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path,
                  KolColor   *out)
{
  static const char *const names[] = {
    "white", "yellow", "green", "brown", "gray", "red", "purple", "blue", NULL
  };
  int value = kol_loader_enum (l, file, node, path, names);

  if (value < 0)
    return FALSE;
  return kol_color_from_string (names[value], out);
}

/**
 * kol_loader_strv_member:
 *
 * Returns: (transfer full): the strings of array member @key (bad elements
 *   reported and left out); empty when the member is absent
 */
GStrv
kol_loader_strv_member (KolLoader  *l,
                        KolFileId   file,
                        JsonObject *object,
                        const char *path,
                        const char *key)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array = kol_loader_array_member (l, file, object, path, key, FALSE);
  g_autofree char *child = kol_json_path_key (path, key);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *element = kol_json_path_index (child, i);
      const char *s = kol_loader_string (l, file, json_array_get_element (array, i), element);

      if (s != NULL)
        g_strv_builder_add (builder, s);
    }
  return g_strv_builder_end (builder);
}

/* ---- selectors and conditions ------------------------------------------ */

gboolean
kol_loader_has_option (KolLoader  *l,
                       const char *option)
{
  return kol_title_has_option (l->title, option);
}

static gboolean
parse_player_count (const char *s,
                    int        *out)
{
  guint64 value;

  if (s[0] == '\0' || strlen (s) > 3 || !g_ascii_string_to_unsigned (s, 10, 1, 999, &value, NULL))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

/* How specific selector key @key is, and whether it applies now: -1 when it
 * does not apply (or is malformed, which is reported). */
static int
selector_rank (KolLoader  *l,
               KolFileId   file,
               const char *key,
               const char *path)
{
  g_autofree char *count = NULL;
  const char *option = key;
  const char *plus = strchr (key, '+');
  int n = 0;

  if (g_str_equal (key, "default"))
    return 0;
  if (parse_player_count (key, &n))
    return n == l->n_players ? 1 : -1;
  if (plus != NULL)
    {
      count = g_strndup (key, (gsize) (plus - key));
      option = plus + 1;
      if (!parse_player_count (count, &n))
        {
          /* Translators: %s is a key such as “4+bonds”. */
          kol_loader_invalid (l, file, path, _("The selector “%s” does not start with a player count"), key);
          return -1;
        }
    }
  if (!g_hash_table_contains (l->declared_options, option))
    {
      /* Translators: %s is an option id in a selector. */
      kol_loader_invalid (l, file, path, _("The selector names “%s”, which is not an option of this title"), option);
      return -1;
    }
  if (!kol_loader_has_option (l, option) || (plus != NULL && n != l->n_players))
    return -1;
  return plus != NULL ? 3 : 2;
}

/**
 * kol_loader_select:
 * @chosen_path: (out) (optional): JSON path of the value chosen
 *
 * Resolves a selector object for the configuration: the most specific key
 * that applies wins (count + option, option, count, "default"); the first in
 * file order on a tie. Any other value is returned as it is.
 *
 * Returns: (transfer none) (nullable): the value, or %NULL when no key
 *   applies
 */
JsonNode *
kol_loader_select (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path,
                   char      **chosen_path)
{
  g_autoptr(GList) members = NULL;
  const char *best = NULL;
  int best_rank = -1;
  JsonObject *object;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      if (chosen_path != NULL)
        *chosen_path = g_strdup (path);
      return node;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *child = kol_json_path_key (path, m->data);
      int rank = selector_rank (l, file, m->data, child);

      if (rank > best_rank)
        {
          best_rank = rank;
          best = m->data;
        }
    }
  if (best == NULL)
    return NULL;
  if (chosen_path != NULL)
    *chosen_path = kol_json_path_key (path, best);
  return json_object_get_member (object, best);
}

static void
no_selection (KolLoader  *l,
              KolFileId   file,
              const char *path)
{
  kol_loader_invalid (l, file, path, _("No key of this selector applies to %d players with the options chosen"),
                      l->n_players);
}

/**
 * kol_loader_count:
 *
 * Reads a count: an integer 0..@max, "unlimited" (-1), or a selector of
 * those.
 */
gboolean
kol_loader_count (KolLoader  *l,
                  KolFileId   file,
                  JsonNode   *node,
                  const char *path,
                  int         max,
                  int        *out)
{
  g_autofree char *chosen = NULL;
  JsonNode *value = kol_loader_select (l, file, node, path, &chosen);

  if (value == NULL)
    {
      no_selection (l, file, path);
      return FALSE;
    }
  if (holds_type (value, G_TYPE_STRING) && g_str_equal (json_node_get_string (value), "unlimited"))
    {
      *out = -1;
      return TRUE;
    }
  if (holds_type (value, G_TYPE_STRING) || JSON_NODE_HOLDS_OBJECT (value))
    {
      wrong_type (l, file, value, chosen, _("a count (a whole number or “unlimited”)"));
      return FALSE;
    }
  return kol_loader_int (l, file, value, chosen, 0, max, out);
}

/* An integer, or a selector of integers. */
static gboolean
read_selected_int (KolLoader  *l,
                   KolFileId   file,
                   JsonNode   *node,
                   const char *path,
                   int         min,
                   int         max,
                   int        *out)
{
  g_autofree char *chosen = NULL;
  JsonNode *value = kol_loader_select (l, file, node, path, &chosen);

  if (value == NULL)
    {
      no_selection (l, file, path);
      return FALSE;
    }
  return kol_loader_int (l, file, value, chosen, min, max, out);
}

static gboolean
int_in_array (KolLoader  *l,
              KolFileId   file,
              JsonArray  *array,
              const char *path,
              int         wanted)
{
  gboolean found = FALSE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *child = kol_json_path_index (path, i);
      int n = 0;

      if (kol_loader_int (l, file, json_array_get_element (array, i), child, 1, KOL_MAX_PLAYERS * 4, &n))
        found = found || n == wanted;
    }
  return found;
}

/**
 * kol_loader_when:
 *
 * A condition {"players": [3, 4], "options": ["x"]}: it holds when the
 * player count is listed (if "players" is given) and every option listed is
 * in effect. An absent condition holds.
 */
gboolean
kol_loader_when (KolLoader  *l,
                 KolFileId   file,
                 JsonNode   *node,
                 const char *path)
{
  JsonObject *object;
  JsonArray *players;
  g_auto(GStrv) options = NULL;
  gboolean holds = TRUE;

  if (node == NULL)
    return TRUE;
  if ((object = kol_loader_object (l, file, node, path)) == NULL)
    return FALSE;
  players = kol_loader_array_member (l, file, object, path, "players", FALSE);
  if (players != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "players");
      holds = int_in_array (l, file, players, child, l->n_players);
    }
  options = kol_loader_strv_member (l, file, object, path, "options");
  for (guint i = 0; options[i] != NULL; i++)
    {
      g_autofree char *child = kol_json_path_key (path, "options");
      g_autofree char *element = kol_json_path_index (child, i);

      if (!g_hash_table_contains (l->declared_options, options[i]))
        /* Translators: %s is an option id. */
        kol_loader_invalid (l, file, element, _("“%s” is not an option of this title"), options[i]);
      holds = holds && kol_loader_has_option (l, options[i]);
    }
  return holds;
}

/* ---- GVariant ------------------------------------------------------------ */

/**
 * kol_loader_variant:
 *
 * Converts free-form JSON (depth already bounded by the scanner) into a
 * GVariant: objects become a{sv}, arrays av, numbers x or d.
 *
 * Returns: (transfer full) (nullable): a floating-free variant
 */
GVariant *
kol_loader_variant (KolLoader  *l,
                    KolFileId   file,
                    JsonNode   *node,
                    const char *path)
{
  g_autoptr(GError) error = NULL;
  GVariant *value = json_gvariant_deserialize (node, NULL, &error);

  if (value == NULL)
    {
      /* Translators: %s is json-glib's reason. */
      kol_loader_invalid (l, file, path, _("Cannot convert this value: %s"), error->message);
      return NULL;
    }
  return g_variant_ref_sink (value);
}

static gboolean
is_known (const char * const *known,
          const char         *key)
{
  return known != NULL && g_strv_contains (known, key);
}

static void
add_extra_members (KolLoader       *l,
                   KolFileId        file,
                   JsonObject      *object,
                   const char      *path,
                   const char *const *known,
                   GVariantBuilder *builder)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *child = NULL;
      g_autoptr(GVariant) value = NULL;

      if (is_known (known, m->data) || (known != NULL && g_str_equal (m->data, "extra")))
        continue;
      child = kol_json_path_key (path, m->data);
      value = kol_loader_variant (l, file, json_object_get_member (object, m->data), child);
      if (value != NULL)
        g_variant_builder_add (builder, "{sv}", (const char *) m->data, value);
    }
}

/**
 * kol_loader_extra:
 *
 * Returns: (transfer full): an a{sv} of the members of @object that are not
 *   in @known, merged with the members of its "extra" object
 */
GVariant *
kol_loader_extra (KolLoader          *l,
                  KolFileId           file,
                  JsonObject         *object,
                  const char         *path,
                  const char * const *known)
{
  GVariantBuilder builder;
  JsonObject *extra;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  add_extra_members (l, file, object, path, known, &builder);
  extra = kol_loader_object_member (l, file, object, path, "extra", FALSE);
  if (extra != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "extra");
      add_extra_members (l, file, extra, child, NULL, &builder);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/**
 * kol_loader_hex_ref:
 *
 * Resolves a hex id. A hex that a variant of this configuration removed
 * resolves to -1 silently (the rules module leaves out what stood there);
 * an id that no map definition has is reported.
 *
 * Returns: the hex index, or -1
 */
int
kol_loader_hex_ref (KolLoader  *l,
                    KolFileId   file,
                    JsonNode   *node,
                    const char *path)
{
  const char *id = kol_loader_string (l, file, node, path);
  gpointer found;

  if (id == NULL)
    return -1;
  found = l->hex_lookup ? g_hash_table_lookup (l->hex_lookup, id) : NULL;
  if (found != NULL)
    return GPOINTER_TO_INT (found) - 1;
  if (l->hex_lookup != NULL && !g_hash_table_contains (l->all_hex_ids, id))
    /* Translators: %s is a hex id such as “C5”. */
    kol_loader_invalid (l, file, path, _("There is no hex “%s” on the map"), id);
  return -1;
}

/* ---- files --------------------------------------------------------------- */

static void
add_scan_issues (KolLoader *l,
                 KolFileId  id)
{
  KolLoaderFile *file = &l->files[id];
  GPtrArray *issues = kol_json_scan_get_issues (file->scan);
  int kind = kol_json_scan_is_parsable (file->scan) ? KOL_TITLE_LOADER_ERROR_INVALID
                                                     : KOL_TITLE_LOADER_ERROR_SYNTAX;

  for (guint i = 0; i < issues->len; i++)
    {
      KolJsonIssue *issue = g_ptr_array_index (issues, i);
      KolTitleProblem *problem = g_new0 (KolTitleProblem, 1);

      problem->kind = kind;
      problem->file = g_strdup (file->path);
      problem->path = g_strdup (issue->path);
      problem->line = issue->line;
      problem->column = issue->column;
      problem->message = g_strdup (issue->message);
      add_problem (l, problem);
    }
}

static void
read_file (KolLoader  *l,
           KolFileId   id,
           const char *dir)
{
  KolLoaderFile *file = &l->files[id];
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  file->path = g_build_filename (dir, file_names[id], NULL);
  gfile = g_file_new_for_path (file->path);
  if (!g_file_load_contents (gfile, NULL, &file->text, &file->length, NULL, &error))
    {
      /* Translators: %s is the system's reason, e.g. “No such file or directory”. */
      kol_loader_problem (l, id, KOL_TITLE_LOADER_ERROR_READ, NULL, _("Cannot read the file: %s"),
                          error->message);
      return;
    }
  file->scan = kol_json_scan_new (file->text, file->length, FALSE);
  add_scan_issues (l, id);
  if (!kol_json_scan_is_parsable (file->scan))
    return;

  file->parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (file->parser, file->text, (gssize) file->length, &error))
    {
      kol_loader_problem (l, id, KOL_TITLE_LOADER_ERROR_SYNTAX, NULL, "%s", error->message);
      return;
    }
  root = json_parser_get_root (file->parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      kol_loader_invalid (l, id, "$", _("The file must hold a JSON object"));
      return;
    }
  file->root = json_node_get_object (root);
}

static void
check_schema (KolLoader  *l,
              KolFileId   id,
              const char *expected)
{
  const char *schema = kol_loader_string_member (l, id, l->files[id].root, "$", "schema", TRUE);

  if (schema != NULL && !g_str_equal (schema, expected))
    /* Translators: the first %s is the "schema" value found, the second the
     * one this file must have. */
    kol_loader_invalid (l, id, "$.schema", _("The schema “%s” is not “%s”: this is not the right kind of file"),
                        schema, expected);
}

/* ---- game.json: header, options and configuration ----------------------- */

/* A currency is a printf format given one integer: exactly one %d and no
 * other conversion, since it is passed to printf. */
static gboolean
currency_format_ok (const char *format)
{
  int n_d = 0;

  for (const char *c = format; c != NULL && *c != '\0'; c++)
    {
      if (*c != '%')
        continue;
      if (c[1] == '%')
        c++;
      else if (c[1] == 'd')
        {
          n_d++;
          c++;
        }
      else
        return FALSE;
    }
  return n_d == 1;
}

static void
read_currency (KolLoader  *l,
               JsonObject *game)
{
  KolText *currency = &l->title->currency;

  if (!kol_loader_text_member (l, KOL_FILE_GAME, game, "$", "currency", TRUE, FALSE, currency))
    return;
  if (!currency_format_ok (currency->en) || !currency_format_ok (currency->ru))
    {
      g_clear_pointer (&currency->en, g_free);
      g_clear_pointer (&currency->ru, g_free);
      kol_loader_invalid (l, KOL_FILE_GAME, "$.currency",
                          _("A currency needs exactly one “%%d” (the amount) and no other “%%” sign"));
    }
}

static void
read_players (KolLoader  *l,
              JsonObject *game)
{
  JsonObject *players = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "players", TRUE);
  int min = 0, max = 0;

  if (players == NULL)
    return;
  if (!kol_loader_int_member (l, KOL_FILE_GAME, players, "$.players", "min", TRUE, 1, KOL_MAX_PLAYERS, &min)
      | !kol_loader_int_member (l, KOL_FILE_GAME, players, "$.players", "max", TRUE, 1, KOL_MAX_PLAYERS, &max))
    return;
  if (min > max)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.players", _("The minimum number of players exceeds the maximum"));
      return;
    }
  if (l->n_players < min || l->n_players > max)
    {
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.players",
                          _("This title is for %d to %d players, not %d"), min, max, l->n_players);
      return;
    }
  l->players_known = TRUE;
}

static void
read_option_def (KolLoader    *l,
                 JsonObject   *object,
                 const char   *path,
                 KolOptionDef *def)
{
  const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

  def->id = g_strdup (id);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, TRUE, &def->name);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "description", FALSE, TRUE, &def->description);
  if (id == NULL)
    return;
  if (g_hash_table_contains (l->declared_options, id))
    /* Translators: %s is an option id. */
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The option “%s” is defined twice"), id);
  g_hash_table_add (l->declared_options, g_strdup (id));
}

static void
read_option_defs (KolLoader  *l,
                  JsonObject *game)
{
  JsonArray *options = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "options", FALSE);
  guint n = options != NULL ? json_array_get_length (options) : 0;

  l->title->option_defs = g_new0 (KolOptionDef, MAX (n, 1));
  l->title->n_option_defs = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.options", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (options, i), path);

      if (object != NULL)
        read_option_def (l, object, path, &l->title->option_defs[i]);
    }
}

static JsonObject *
find_option (KolLoader  *l,
             const char *id,
             char      **path_out)
{
  JsonArray *options = kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "options");

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonNode *node = json_array_get_element (options, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id_node = object ? json_object_get_member (object, "id") : NULL;

      if (holds_type (id_node, G_TYPE_STRING) && g_str_equal (json_node_get_string (id_node), id))
        {
          *path_out = kol_json_path_index ("$.options", i);
          return object;
        }
    }
  return NULL;
}

/* An option in effect must allow the player count, have what it requires
 * and nothing it excludes. */
static void
check_option_in_effect (KolLoader  *l,
                        const char *id)
{
  g_autofree char *path = NULL;
  JsonObject *object = find_option (l, id, &path);
  JsonArray *players;
  g_auto(GStrv) requires = NULL;
  g_auto(GStrv) excludes = NULL;

  if (object == NULL)
    {
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.options",
                          _("This title has no option “%s”"), id);
      return;
    }
  players = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "players", FALSE);
  if (players != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "players");

      if (!int_in_array (l, KOL_FILE_GAME, players, child, l->n_players))
        kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, child,
                            _("The option “%s” is not available with %d players"), id, l->n_players);
    }
  requires = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "requires");
  excludes = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "excludes");
  for (guint i = 0; requires[i] != NULL; i++)
    if (!kol_loader_has_option (l, requires[i]))
      /* Translators: both %s are option ids. */
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, path,
                          _("The option “%s” requires the option “%s”"), id, requires[i]);
  for (guint i = 0; excludes[i] != NULL; i++)
    if (kol_loader_has_option (l, excludes[i]))
      kol_loader_problem (l, KOL_FILE_GAME, KOL_TITLE_LOADER_ERROR_CONFIGURATION, path,
                          _("The option “%s” cannot be combined with the option “%s”"), id, excludes[i]);
}

/* Option ids named by "requires" and "excludes" must exist, whatever the
 * configuration. */
static void
check_option_references (KolLoader *l)
{
  JsonArray *options = kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "options");

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.options", i);
      JsonNode *node = json_array_get_element (options, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *keys[] = { "requires", "excludes" };

      for (guint k = 0; object != NULL && k < G_N_ELEMENTS (keys); k++)
        {
          g_auto(GStrv) ids = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, keys[k]);
          g_autofree char *child = kol_json_path_key (path, keys[k]);

          for (guint j = 0; ids[j] != NULL; j++)
            if (!g_hash_table_contains (l->declared_options, ids[j]))
              {
                g_autofree char *element = kol_json_path_index (child, j);
                kol_loader_invalid (l, KOL_FILE_GAME, element, _("“%s” is not an option of this title"), ids[j]);
              }
        }
    }
}

static void
set_options (KolLoader          *l,
             const char * const *options)
{
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    if (!kol_title_has_option (l->title, options[i]))
      g_ptr_array_add (l->title->options, g_strdup (options[i]));
}

static void
read_header (KolLoader  *l,
             JsonObject *game)
{
  KolTitle *title = l->title;
  const char *s;

  check_schema (l, KOL_FILE_GAME, "koleya/game/1");
  title->id = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "id", TRUE));
  title->data_version = 1;
  kol_loader_int_member (l, KOL_FILE_GAME, game, "$", "data_version", FALSE, 1, G_MAXINT, &title->data_version);
  title->rules_module = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "rules_module", TRUE));
  kol_loader_text_member (l, KOL_FILE_GAME, game, "$", "name", TRUE, FALSE, &title->name);
  if ((s = kol_loader_string_member (l, KOL_FILE_GAME, game, "$", "designer", FALSE)) != NULL)
    title->designer = g_strdup (s);
  read_currency (l, game);
  read_players (l, game);
  read_option_defs (l, game);
  check_option_references (l);
  for (guint i = 0; i < title->options->len; i++)
    check_option_in_effect (l, g_ptr_array_index (title->options, i));
}

static void
read_by_players (KolLoader  *l,
                 JsonObject *game,
                 const char *key,
                 int        *out)
{
  JsonObject *table = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", key, TRUE);
  g_autofree char *path = kol_json_path_key ("$", key);
  g_autofree char *count = g_strdup_printf ("%d", l->n_players);
  g_autofree char *child = kol_json_path_key (path, count);
  JsonNode *node;

  if (table == NULL || !l->players_known)
    return;
  if ((node = json_object_get_member (table, count)) == NULL)
    {
      /* Translators: %s is a member name such as “starting_cash”. */
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("“%s” has no entry for %d players"), key, l->n_players);
      return;
    }
  read_selected_int (l, KOL_FILE_GAME, node, child, 0, MAX_AMOUNT, out);
}

static void
read_money (KolLoader  *l,
            JsonObject *game)
{
  JsonNode *bank = kol_loader_member (l, KOL_FILE_GAME, game, "$", "bank", TRUE);

  if (holds_type (bank, G_TYPE_STRING) && g_str_equal (json_node_get_string (bank), "unlimited"))
    l->title->bank = -1;
  else if (bank != NULL)
    kol_loader_int (l, KOL_FILE_GAME, bank, "$.bank", 0, MAX_AMOUNT, &l->title->bank);
  read_by_players (l, game, "starting_cash", &l->title->starting_cash);
  read_by_players (l, game, "cert_limit", &l->title->cert_limit);
}

static void
read_tile_colors (KolLoader  *l,
                  JsonObject *game)
{
  JsonArray *colors = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "tile_colors", TRUE);
  guint8 seen = 0;

  for (guint i = 0; colors != NULL && i < json_array_get_length (colors); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.tile_colors", i);
      KolColor color;

      if (!kol_loader_color (l, KOL_FILE_GAME, json_array_get_element (colors, i), path, &color))
        continue;
      if (seen & (1u << color))
        {
          kol_loader_invalid (l, KOL_FILE_GAME, path, _("This colour is listed twice"));
          continue;
        }
      seen |= (guint8) (1u << color);
      l->title->tile_colors[l->title->n_colors++] = (guint8) color;
    }
  if (colors != NULL && l->title->n_colors == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.tile_colors", _("The list must not be empty"));
}

static int
network_index (KolLoader  *l,
               const char *id)
{
  for (guint i = 0; i < l->networks->len; i++)
    if (g_str_equal (g_ptr_array_index (l->networks, i), id))
      return (int) i;
  if (l->networks->len >= 8)
    return -1;
  g_ptr_array_add (l->networks, g_strdup (id));
  return (int) l->networks->len - 1;
}

static gboolean
valid_track_id (const char *id)
{
  if (!g_ascii_islower (id[0]) || g_str_equal (id, "future"))
    return FALSE;
  for (const char *c = id; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

static void
read_track_type (KolLoader    *l,
                 JsonObject   *object,
                 const char   *path,
                 KolTrackType *track)
{
  static const char *const draws[] = { "solid", "narrow", "dual", "dotted", NULL };
  JsonArray *networks = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "networks", TRUE);
  g_autofree char *networks_path = kol_json_path_key (path, "networks");
  JsonNode *draw = json_object_get_member (object, "draw");

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, TRUE, &track->name);
  for (guint i = 0; networks != NULL && i < json_array_get_length (networks); i++)
    {
      g_autofree char *child = kol_json_path_index (networks_path, i);
      const char *id = kol_loader_string (l, KOL_FILE_GAME, json_array_get_element (networks, i), child);
      int index = id != NULL ? network_index (l, id) : -1;

      if (id != NULL && index < 0)
        kol_loader_invalid (l, KOL_FILE_GAME, child, _("A title may have at most 8 track networks"));
      else if (index >= 0)
        track->networks |= (guint8) (1u << index);
    }
  if (networks != NULL && track->networks == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, networks_path, _("The list must not be empty"));
  track->draw = g_strdup ("solid");
  if (draw != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "draw");
      int value = kol_loader_enum (l, KOL_FILE_GAME, draw, child, draws);

      if (value >= 0)
        {
          g_free (track->draw);
          track->draw = g_strdup (draws[value]);
        }
    }
}

static void
read_track_types (KolLoader  *l,
                  JsonObject *game)
{
  JsonObject *types = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "track_types", TRUE);
  g_autoptr(GList) members = types != NULL ? json_object_get_members (types) : NULL;

  if (types != NULL && members == NULL)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.track_types", _("A title needs at least one track type"));
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *path = kol_json_path_key ("$.track_types", m->data);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_object_get_member (types, m->data), path);
      KolTrackType *track;

      if (!valid_track_id (m->data))
        kol_loader_invalid (l, KOL_FILE_GAME, path,
                            _("A track type id is lower-case letters, digits and “_”, and not “future”"));
      if (l->title->n_track_types >= KOL_MAX_TRACK_TYPES)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, path, _("A title may have at most %d track types"),
                              KOL_MAX_TRACK_TYPES);
          return;
        }
      if (object == NULL)
        continue;
      track = &l->title->track_types[l->title->n_track_types++];
      track->id = g_strdup (m->data);
      read_track_type (l, object, path, track);
    }
}

/* ---- game.json: market --------------------------------------------------- */

static guint8
cell_flag (char c)
{
  switch (c)
    {
    case 'p': return KOL_CELL_PAR;
    case 'e': return KOL_CELL_END;
    case 'c': return KOL_CELL_CLOSE;
    case 'u': return KOL_CELL_PHASE_ZONE;
    case 'z': return KOL_CELL_PAR_2;
    case 'x': return KOL_CELL_BLOCKED;
    default:  return 0;
    }
}

static void
read_market_cell (KolLoader     *l,
                  JsonNode      *node,
                  const char    *path,
                  KolMarketCell *cell)
{
  const char *text;
  guint64 price = 0;
  gsize digits = 0;

  if (!holds_type (node, G_TYPE_STRING))
    {
      wrong_type (l, KOL_FILE_GAME, node, path, _("a string"));
      return;
    }
  text = json_node_get_string (node);
  if (text == NULL || *text == '\0')
    return;
  while (g_ascii_isdigit (text[digits]))
    digits++;
  if (digits == 0 || digits > 7)
    {
      /* Translators: %s is a market cell such as “100p”. */
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("The market cell “%s” does not start with a price"), text);
      return;
    }
  for (gsize i = 0; i < digits; i++)
    price = price * 10 + (guint64) (text[i] - '0');
  cell->price = (int) price;
  cell->present = TRUE;
  for (const char *c = text + digits; *c != '\0'; c++)
    {
      if (cell_flag (*c) == 0)
        {
          /* Translators: %c is a letter after a market price. */
          kol_loader_invalid (l, KOL_FILE_GAME, path,
                              _("Unknown market flag “%c”; the flags are p, e, c, u, z and x"), *c);
          return;
        }
      cell->flags |= cell_flag (*c);
    }
}

static void
read_market_row (KolLoader  *l,
                 JsonArray  *row,
                 const char *path,
                 int         r)
{
  KolMarketDef *market = &l->title->market;
  guint n = json_array_get_length (row);

  if (n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("A market row must not be empty"));
  if (n > KOL_MAX_MARKET_COLS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, path, _("A market row may have at most %d cells"), KOL_MAX_MARKET_COLS);
      n = KOL_MAX_MARKET_COLS;
    }
  for (guint c = 0; c < n; c++)
    {
      g_autofree char *child = kol_json_path_index (path, c);
      read_market_cell (l, json_array_get_element (row, c), child, &market->cells[r][c]);
    }
  market->row_len[r] = (int) n;
  market->n_cols = MAX (market->n_cols, (int) n);
}

static gboolean
market_has_cell (const KolMarketDef *market,
                 int                 row,
                 int                 col)
{
  return row >= 0 && row < market->n_rows && col >= 0 && col < market->row_len[row]
         && market->cells[row][col].present;
}

static gboolean
market_has_price (const KolMarketDef *market,
                  int                 price)
{
  for (int r = 0; r < market->n_rows; r++)
    for (int c = 0; c < market->row_len[r]; c++)
      if (market->cells[r][c].present && market->cells[r][c].price == price)
        return TRUE;
  return FALSE;
}

static void
read_zone_cells (KolLoader  *l,
                 JsonObject *zone,
                 const char *path)
{
  JsonArray *cells = kol_loader_array_member (l, KOL_FILE_GAME, zone, path, "cells", FALSE);
  g_autofree char *cells_path = kol_json_path_key (path, "cells");

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      g_autofree char *child = kol_json_path_index (cells_path, i);
      JsonArray *pair = kol_loader_array (l, KOL_FILE_GAME, json_array_get_element (cells, i), child);
      g_autofree char *row_path = kol_json_path_index (child, 0);
      g_autofree char *col_path = kol_json_path_index (child, 1);
      int row = 0, col = 0;

      if (pair == NULL)
        continue;
      if (json_array_get_length (pair) != 2)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A cell is given as [row, column]"));
          continue;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (pair, 0), row_path, 0, KOL_MAX_MARKET_ROWS, &row)
          && kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (pair, 1), col_path, 0, KOL_MAX_MARKET_COLS, &col)
          && !market_has_cell (&l->title->market, row, col))
        kol_loader_invalid (l, KOL_FILE_GAME, child, _("The market has no cell at row %d, column %d"), row, col);
    }
}

static void
read_zones (KolLoader  *l,
            JsonObject *market)
{
  JsonArray *zones = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "zones", FALSE);

  for (guint i = 0; zones != NULL && i < json_array_get_length (zones); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.zones", i);
      JsonObject *zone = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (zones, i), path);
      const char *flag;
      KolText label = { NULL, NULL };

      if (zone == NULL)
        continue;
      flag = kol_loader_string_member (l, KOL_FILE_GAME, zone, path, "flag", FALSE);
      if (flag != NULL && (strlen (flag) != 1 || cell_flag (flag[0]) == 0))
        {
          g_autofree char *child = kol_json_path_key (path, "flag");
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("Unknown market flag “%s”; the flags are p, e, c, u, z and x"),
                              flag);
        }
      if (!json_object_has_member (zone, "flag") && !json_object_has_member (zone, "cells"))
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("A zone needs “flag” or “cells”"));
      read_zone_cells (l, zone, path);
      kol_loader_text_member (l, KOL_FILE_GAME, zone, path, "label", FALSE, TRUE, &label);
      g_free (label.en);
      g_free (label.ru);
    }
}

static void
read_par_list (KolLoader  *l,
               JsonObject *market)
{
  JsonArray *par = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "par", FALSE);

  for (guint i = 0; par != NULL && i < json_array_get_length (par); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.par", i);
      int price = 0;

      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (par, i), path, 0, MAX_AMOUNT, &price)
          && !market_has_price (&l->title->market, price))
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("No market cell has the price %d"), price);
    }
}

static void
read_market (KolLoader  *l,
             JsonObject *game)
{
  static const char *const kinds[] = { "2d", "1d", NULL };
  JsonObject *market = kol_loader_object_member (l, KOL_FILE_GAME, game, "$", "market", TRUE);
  JsonArray *rows;
  JsonNode *kind;
  guint n;

  if (market == NULL)
    return;
  if ((kind = kol_loader_member (l, KOL_FILE_GAME, market, "$.market", "kind", TRUE)) != NULL)
    kol_loader_enum (l, KOL_FILE_GAME, kind, "$.market.kind", kinds);
  if ((rows = kol_loader_array_member (l, KOL_FILE_GAME, market, "$.market", "rows", TRUE)) == NULL)
    return;
  n = json_array_get_length (rows);
  if (n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.market.rows", _("The market needs at least one row"));
  if (n > KOL_MAX_MARKET_ROWS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.market.rows", _("The market may have at most %d rows"),
                          KOL_MAX_MARKET_ROWS);
      n = KOL_MAX_MARKET_ROWS;
    }
  for (guint r = 0; r < n; r++)
    {
      g_autofree char *path = kol_json_path_index ("$.market.rows", r);
      JsonArray *row = kol_loader_array (l, KOL_FILE_GAME, json_array_get_element (rows, r), path);

      l->title->market.n_rows = (int) r + 1;
      if (row != NULL)
        read_market_row (l, row, path, (int) r);
    }
  read_par_list (l, market);
  read_zones (l, market);
}

/* ---- game.json: phases and trains --------------------------------------- */

static int
find_train_json (JsonArray  *trains,
                 const char *id)
{
  for (guint i = 0; trains != NULL && i < json_array_get_length (trains); i++)
    {
      JsonNode *node = json_array_get_element (trains, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id_node = object ? json_object_get_member (object, "id") : NULL;

      if (holds_type (id_node, G_TYPE_STRING) && g_str_equal (json_node_get_string (id_node), id))
        return (int) i;
    }
  return -1;
}

/* A reference to a train by id; -1 if absent (reported). */
static gint16
train_ref (KolLoader  *l,
           JsonObject *object,
           const char *path,
           const char *key)
{
  const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);
  int index;

  if (id == NULL)
    return -1;
  index = find_train_json (kol_loader_peek_array (l->files[KOL_FILE_GAME].root, "trains"), id);
  if (index < 0 || index >= KOL_MAX_TRAIN_DEFS)
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a train id such as “4H”. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("There is no train “%s”"), id);
      return -1;
    }
  return (gint16) index;
}

static gint16
phase_ref (KolLoader  *l,
           JsonObject *object,
           const char *path,
           const char *key)
{
  const char *name = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);
  int index;

  if (name == NULL)
    return -1;
  if ((index = kol_title_phase_by_name (l->title, name)) < 0)
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a phase name such as “4H”. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("There is no phase “%s”"), name);
    }
  return (gint16) index;
}

static void
read_phase_colors (KolLoader   *l,
                   JsonObject  *object,
                   const char  *path,
                   KolPhaseDef *phase)
{
  JsonArray *tiles = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "tiles", TRUE);
  g_autofree char *tiles_path = kol_json_path_key (path, "tiles");

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      g_autofree char *child = kol_json_path_index (tiles_path, i);
      KolColor color;

      if (kol_loader_color (l, KOL_FILE_GAME, json_array_get_element (tiles, i), child, &color))
        phase->tiles |= (guint8) (1u << color);
    }
}

/* An event: an id, or {"id", "options", "players"} for an event that happens
 * only in some configurations. */
static void
read_event (KolLoader   *l,
            JsonNode    *node,
            const char  *path,
            KolPhaseDef *phase)
{
  JsonObject *object;
  const char *id;

  if (holds_type (node, G_TYPE_STRING))
    {
      if ((id = kol_loader_string (l, KOL_FILE_GAME, node, path)) != NULL)
        g_ptr_array_add (phase->events, g_strdup (id));
      return;
    }
  if ((object = kol_loader_object (l, KOL_FILE_GAME, node, path)) == NULL)
    return;
  id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);
  if (kol_loader_when (l, KOL_FILE_GAME, node, path) && id != NULL)
    g_ptr_array_add (phase->events, g_strdup (id));
}

static void
read_phase (KolLoader   *l,
            JsonObject  *object,
            const char  *path,
            KolPhaseDef *phase)
{
  JsonNode *limit = json_object_get_member (object, "train_limit");
  JsonArray *events = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "events", FALSE);
  g_autofree char *events_path = kol_json_path_key (path, "events");
  g_auto(GStrv) status = kol_loader_strv_member (l, KOL_FILE_GAME, object, path, "status");

  phase->on = train_ref (l, object, path, "on");
  read_phase_colors (l, object, path, phase);
  phase->train_limit = -1;
  if (limit != NULL)
    {
      g_autofree char *child = kol_json_path_key (path, "train_limit");
      read_selected_int (l, KOL_FILE_GAME, limit, child, 0, KOL_MAX_TRAINS, &phase->train_limit);
    }
  phase->operating_rounds = 1;
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "operating_rounds", FALSE, 0, 100,
                         &phase->operating_rounds);
  phase->status = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; status[i] != NULL; i++)
    g_ptr_array_add (phase->status, g_strdup (status[i]));
  phase->events = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; events != NULL && i < json_array_get_length (events); i++)
    {
      g_autofree char *child = kol_json_path_index (events_path, i);
      read_event (l, json_array_get_element (events, i), child, phase);
    }
}

/* Names first, so that trains' "available_on" and tiles' revenues by phase
 * can refer to any phase. */
static void
read_phase_names (KolLoader  *l,
                  JsonArray  *phases)
{
  guint n = MIN (json_array_get_length (phases), KOL_MAX_PHASES);

  if (json_array_get_length (phases) == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.phases", _("A title needs at least one phase"));
  if (json_array_get_length (phases) > KOL_MAX_PHASES)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.phases", _("A title may have at most %d phases"), KOL_MAX_PHASES);
  l->title->phases = g_new0 (KolPhaseDef, MAX (n, 1));
  l->title->n_phases = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.phases", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (phases, i), path);
      const char *name = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "name", TRUE);

      if (name != NULL && kol_title_phase_by_name (l->title, name) >= 0)
        /* Translators: %s is a phase name. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The phase “%s” is defined twice"), name);
      else if (name != NULL)
        l->title->phases[i].name = g_strdup (name);
      l->title->phases[i].on = -1;
    }
}

static void
read_phases (KolLoader  *l,
             JsonObject *game)
{
  JsonArray *phases = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "phases", TRUE);

  if (phases == NULL)
    return;
  read_phase_names (l, phases);
  for (guint i = 0; i < l->title->n_phases; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.phases", i);
      JsonNode *node = json_array_get_element (phases, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        read_phase (l, json_node_get_object (node), path, &l->title->phases[i]);
    }
}

static void
read_train_variants (KolLoader   *l,
                     JsonObject  *object,
                     const char  *path,
                     KolTrainDef *train)
{
  JsonArray *variants = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "variants", FALSE);
  g_autofree char *variants_path = kol_json_path_key (path, "variants");

  train->variants[0].name = g_strdup (train->name);
  train->variants[0].price = train->price;
  train->n_variants = 1;
  for (guint i = 0; variants != NULL && i < json_array_get_length (variants); i++)
    {
      g_autofree char *child = kol_json_path_index (variants_path, i);
      JsonObject *variant = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (variants, i), child);
      KolTrainVariant *out;

      if (variant == NULL)
        continue;
      if (train->n_variants >= KOL_MAX_TRAIN_VARIANTS)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A train may have at most %d variants besides itself"),
                              KOL_MAX_TRAIN_VARIANTS - 1);
          return;
        }
      out = &train->variants[train->n_variants++];
      out->name = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, variant, child, "name", TRUE));
      out->price = train->price;
      kol_loader_int_member (l, KOL_FILE_GAME, variant, child, "price", FALSE, 0, MAX_AMOUNT, &out->price);
    }
}

static void
read_distance (KolLoader   *l,
               JsonObject  *object,
               const char  *path,
               KolTrainDef *train)
{
  JsonNode *node = kol_loader_member (l, KOL_FILE_GAME, object, path, "distance", TRUE);
  g_autofree char *child = kol_json_path_key (path, "distance");

  if (node == NULL)
    return;
  if (holds_type (node, G_TYPE_STRING) && g_str_equal (json_node_get_string (node), "unlimited"))
    train->distance = -1;
  else
    kol_loader_int (l, KOL_FILE_GAME, node, child, 0, 999, &train->distance);
}

static void
read_train (KolLoader   *l,
            JsonObject  *object,
            const char  *path,
            KolTrainDef *train)
{
  static const char *const known[] = {
    "id", "name", "distance", "price", "count", "rusts_on", "obsolete_on", "available_on", "variants", NULL
  };
  JsonNode *count = kol_loader_member (l, KOL_FILE_GAME, object, path, "count", TRUE);
  g_autofree char *count_path = kol_json_path_key (path, "count");
  KolText name = { NULL, NULL };

  if (kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", FALSE, FALSE, &name))
    train->name = g_strdup (name.en);
  else
    train->name = g_strdup (train->id);
  g_free (name.en);
  g_free (name.ru);
  read_distance (l, object, path, train);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "price", TRUE, 0, MAX_AMOUNT, &train->price);
  if (count != NULL)
    kol_loader_count (l, KOL_FILE_GAME, count, count_path, KOL_MAX_TRAINS, &train->count);
  train->rusts_on = train_ref (l, object, path, "rusts_on");
  train->obsolete_on = train_ref (l, object, path, "obsolete_on");
  train->available_on = phase_ref (l, object, path, "available_on");
  read_train_variants (l, object, path, train);
  train->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
check_train_total (KolLoader *l)
{
  int total = 0;

  for (guint i = 0; i < l->title->n_trains; i++)
    total += MAX (l->title->trains[i].count, 1);
  if (total > KOL_MAX_TRAINS)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("%d trains exceed the engine's limit of %d"),
                        total, KOL_MAX_TRAINS);
}

static void
read_trains (KolLoader  *l,
             JsonObject *game)
{
  JsonArray *trains = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "trains", TRUE);
  guint n = trains != NULL ? json_array_get_length (trains) : 0;

  if (trains != NULL && n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("A title needs at least one train"));
  if (n > KOL_MAX_TRAIN_DEFS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.trains", _("A title may have at most %d kinds of train"),
                          KOL_MAX_TRAIN_DEFS);
      n = KOL_MAX_TRAIN_DEFS;
    }
  l->title->trains = g_new0 (KolTrainDef, MAX (n, 1));
  l->title->n_trains = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.trains", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (trains, i), path);
      KolTrainDef *train = &l->title->trains[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      train->rusts_on = train->obsolete_on = train->available_on = -1;
      if (id != NULL && kol_title_train_by_id (l->title, id) >= 0)
        /* Translators: %s is a train id. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The train “%s” is defined twice"), id);
      train->id = g_strdup (id);
      if (object != NULL)
        read_train (l, object, path, train);
    }
  check_train_total (l);
}

/* ---- game.json: private companies and corporations ---------------------- */

static GVariant *
read_abilities (KolLoader  *l,
                JsonObject *object,
                const char *path)
{
  JsonArray *abilities = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "abilities", FALSE);
  g_autofree char *abilities_path = kol_json_path_key (path, "abilities");
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("av"));
  for (guint i = 0; abilities != NULL && i < json_array_get_length (abilities); i++)
    {
      g_autofree char *child = kol_json_path_index (abilities_path, i);
      g_autofree char *hexes_path = kol_json_path_key (child, "hexes");
      JsonNode *node = json_array_get_element (abilities, i);
      JsonObject *ability = kol_loader_object (l, KOL_FILE_GAME, node, child);
      JsonArray *hexes;
      KolText description = { NULL, NULL };
      g_autoptr(GVariant) value = NULL;

      if (ability == NULL)
        continue;
      kol_loader_string_member (l, KOL_FILE_GAME, ability, child, "type", TRUE);
      hexes = kol_loader_array_member (l, KOL_FILE_GAME, ability, child, "hexes", FALSE);
      for (guint h = 0; hexes != NULL && h < json_array_get_length (hexes); h++)
        {
          g_autofree char *hex_path = kol_json_path_index (hexes_path, h);
          kol_loader_hex_ref (l, KOL_FILE_GAME, json_array_get_element (hexes, h), hex_path);
        }
      kol_loader_text_member (l, KOL_FILE_GAME, ability, child, "description", FALSE, TRUE, &description);
      g_free (description.en);
      g_free (description.ru);
      if ((value = kol_loader_variant (l, KOL_FILE_GAME, node, child)) != NULL)
        g_variant_builder_add (&builder, "v", value);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static void
read_company (KolLoader     *l,
              JsonObject    *object,
              const char    *path,
              KolCompanyDef *company)
{
  static const char *const known[] = {
    "id", "name", "short", "value", "revenue", "description", "abilities", NULL
  };
  KolText short_name = { NULL, NULL };

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, FALSE, &company->name);
  if (kol_loader_text_member (l, KOL_FILE_GAME, object, path, "short", FALSE, FALSE, &short_name))
    company->short_name = g_strdup (short_name.en);
  g_free (short_name.en);
  g_free (short_name.ru);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "value", TRUE, 0, MAX_AMOUNT, &company->value);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "revenue", TRUE, 0, MAX_AMOUNT, &company->revenue);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "description", FALSE, TRUE, &company->description);
  company->abilities = read_abilities (l, object, path);
  company->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
read_companies (KolLoader  *l,
                JsonObject *game)
{
  JsonArray *privates = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "privates", FALSE);
  guint n = privates != NULL ? json_array_get_length (privates) : 0;

  if (n > KOL_MAX_COMPANIES)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.privates", _("A title may have at most %d private companies"),
                          KOL_MAX_COMPANIES);
      n = KOL_MAX_COMPANIES;
    }
  l->title->companies = g_new0 (KolCompanyDef, MAX (n, 1));
  l->title->n_companies = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.privates", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (privates, i), path);
      KolCompanyDef *company = &l->title->companies[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      if (id != NULL && kol_title_company_by_id (l->title, id) >= 0)
        /* Translators: %s is the id of a private company. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The private company “%s” is defined twice"), id);
      company->id = g_strdup (id);
      if (object != NULL)
        read_company (l, object, path, company);
    }
}

static gboolean
valid_rgb (const char *s)
{
  if (strlen (s) != 7 || s[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (s[i]))
      return FALSE;
  return TRUE;
}

static char *
read_rgb (KolLoader  *l,
          JsonObject *object,
          const char *path,
          const char *key)
{
  const char *s = kol_loader_string_member (l, KOL_FILE_GAME, object, path, key, FALSE);

  if (s != NULL && !valid_rgb (s))
    {
      g_autofree char *child = kol_json_path_key (path, key);
      /* Translators: %s is a colour value from the file. */
      kol_loader_invalid (l, KOL_FILE_GAME, child, _("“%s” is not a colour of the form #rrggbb"), s);
      return NULL;
    }
  return g_strdup (s);
}

static void
read_shares (KolLoader  *l,
             JsonObject *object,
             const char *path,
             KolCorpDef *corp)
{
  JsonArray *shares = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "shares", FALSE);
  g_autofree char *shares_path = kol_json_path_key (path, "shares");
  int total = 0;

  if (shares == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (shares); i++)
    {
      g_autofree char *child = kol_json_path_index (shares_path, i);
      int percent = 0;

      if (corp->n_shares >= G_N_ELEMENTS (corp->shares))
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A corporation may have at most %d certificates"),
                              (int) G_N_ELEMENTS (corp->shares));
          return;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (shares, i), child, 1, 100, &percent))
        {
          corp->shares[corp->n_shares++] = (guint8) percent;
          total += percent;
        }
    }
  if (total != 100)
    kol_loader_invalid (l, KOL_FILE_GAME, shares_path, _("The certificates add up to %d%%, not 100%%"), total);
}

static void
read_tokens (KolLoader  *l,
             JsonObject *object,
             const char *path,
             KolCorpDef *corp)
{
  JsonArray *tokens = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "tokens", FALSE);
  g_autofree char *tokens_path = kol_json_path_key (path, "tokens");

  for (guint i = 0; tokens != NULL && i < json_array_get_length (tokens); i++)
    {
      g_autofree char *child = kol_json_path_index (tokens_path, i);

      if (corp->n_tokens >= KOL_MAX_CORP_TOKENS)
        {
          kol_loader_invalid (l, KOL_FILE_GAME, child, _("A corporation may have at most %d station tokens"),
                              KOL_MAX_CORP_TOKENS);
          return;
        }
      if (kol_loader_int (l, KOL_FILE_GAME, json_array_get_element (tokens, i), child, 0, MAX_AMOUNT,
                          &corp->token_costs[corp->n_tokens]))
        corp->n_tokens++;
    }
}

/* The hex's preprinted tile must have city @city; @hex >= 0. */
static gboolean
check_city (KolLoader  *l,
            int         hex,
            int         city,
            const char *path)
{
  const KolTileDef *tile = &l->title->tiles[l->title->hexes[hex].tile];
  int n = kol_tile_n_cities (tile);

  if (city < n)
    return TRUE;
  if (n == 0)
    /* Translators: %s is a hex id. */
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The hex %s has no city"), l->title->hexes[hex].id);
  else
    kol_loader_invalid (l, KOL_FILE_GAME, path, _("The hex %s has no city %d (it has %d)"),
                        l->title->hexes[hex].id, city, n);
  return FALSE;
}

static void
read_home (KolLoader  *l,
           JsonObject *object,
           const char *path,
           KolCorpDef *corp)
{
  JsonNode *home = json_object_get_member (object, "home");
  g_autofree char *home_path = kol_json_path_key (path, "home");
  int city = 0;

  corp->home = -1;
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "home_city", FALSE, 0, KOL_MAX_NODES, &city);
  corp->home_city = (gint8) city;
  if (home == NULL)
    return;
  corp->home = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME, home, home_path);
  if (corp->home >= 0)
    check_city (l, corp->home, city, home_path);
}

static void
read_home_choices (KolLoader  *l,
                   JsonObject *object,
                   const char *path,
                   KolCorpDef *corp)
{
  JsonArray *choices = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "home_choices", FALSE);
  g_autofree char *choices_path = kol_json_path_key (path, "home_choices");

  if (choices == NULL)
    return;
  corp->home_choices = g_array_new (FALSE, FALSE, sizeof (gint16));
  for (guint i = 0; i < json_array_get_length (choices); i++)
    {
      g_autofree char *child = kol_json_path_index (choices_path, i);
      gint16 hex = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME, json_array_get_element (choices, i), child);

      if (hex >= 0 && check_city (l, hex, 0, child))
        g_array_append_val (corp->home_choices, hex);
    }
}

static void
read_initial_tokens (KolLoader  *l,
                     JsonObject *object,
                     const char *path,
                     KolCorpDef *corp)
{
  JsonArray *tokens = kol_loader_array_member (l, KOL_FILE_GAME, object, path, "initial_tokens", FALSE);
  g_autofree char *tokens_path = kol_json_path_key (path, "initial_tokens");

  if (tokens == NULL)
    return;
  corp->initial_tokens = g_array_new (FALSE, TRUE, sizeof (KolInitialToken));
  for (guint i = 0; i < json_array_get_length (tokens); i++)
    {
      g_autofree char *child = kol_json_path_index (tokens_path, i);
      g_autofree char *when_path = kol_json_path_key (child, "when");
      g_autofree char *hex_path = kol_json_path_key (child, "hex");
      JsonObject *token = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (tokens, i), child);
      KolInitialToken out = { -1, 0, NULL };
      int city = 0;

      if (token == NULL)
        continue;
      kol_loader_int_member (l, KOL_FILE_GAME, token, child, "city", FALSE, 0, KOL_MAX_NODES, &city);
      out.city = (gint8) city;
      out.hex = (gint16) kol_loader_hex_ref (l, KOL_FILE_GAME,
                                             kol_loader_member (l, KOL_FILE_GAME, token, child, "hex", TRUE),
                                             hex_path);
      if (!kol_loader_when (l, KOL_FILE_GAME, json_object_get_member (token, "when"), when_path))
        continue;
      if (out.hex >= 0 && check_city (l, out.hex, city, hex_path))
        g_array_append_val (corp->initial_tokens, out);
    }
}

static void
read_corp (KolLoader  *l,
           JsonObject *object,
           const char *path,
           KolCorpDef *corp)
{
  static const char *const known[] = {
    "id", "name", "short", "type", "color", "text_color", "shares", "float_percent", "tokens",
    "token_fee", "home", "home_city", "home_choices", "initial_tokens", "par", NULL
  };

  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "name", TRUE, FALSE, &corp->name);
  kol_loader_text_member (l, KOL_FILE_GAME, object, path, "short", FALSE, FALSE, &corp->short_name);
  corp->type = g_strdup (kol_loader_string_member (l, KOL_FILE_GAME, object, path, "type", TRUE));
  corp->color = read_rgb (l, object, path, "color");
  corp->text_color = read_rgb (l, object, path, "text_color");
  read_shares (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "float_percent", FALSE, 0, 100, &corp->float_percent);
  read_tokens (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "token_fee", FALSE, 0, MAX_AMOUNT, &corp->token_fee);
  read_home (l, object, path, corp);
  read_home_choices (l, object, path, corp);
  read_initial_tokens (l, object, path, corp);
  kol_loader_int_member (l, KOL_FILE_GAME, object, path, "par", FALSE, 0, MAX_AMOUNT, &corp->par);
  corp->extra = kol_loader_extra (l, KOL_FILE_GAME, object, path, known);
}

static void
check_certificate_total (KolLoader *l)
{
  int total = 0;

  for (guint i = 0; i < l->title->n_corps; i++)
    total += l->title->corps[i].n_shares;
  total += (int) l->title->n_companies;
  if (total > KOL_MAX_CERTS)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("%d certificates exceed the engine's limit of %d"),
                        total, KOL_MAX_CERTS);
}

static void
read_corps (KolLoader  *l,
            JsonObject *game)
{
  JsonArray *corps = kol_loader_array_member (l, KOL_FILE_GAME, game, "$", "corporations", TRUE);
  guint n = corps != NULL ? json_array_get_length (corps) : 0;

  if (corps != NULL && n == 0)
    kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("A title needs at least one corporation"));
  if (n > KOL_MAX_CORPS)
    {
      kol_loader_invalid (l, KOL_FILE_GAME, "$.corporations", _("A title may have at most %d corporations"),
                          KOL_MAX_CORPS);
      n = KOL_MAX_CORPS;
    }
  l->title->corps = g_new0 (KolCorpDef, MAX (n, 1));
  l->title->n_corps = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = kol_json_path_index ("$.corporations", i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_GAME, json_array_get_element (corps, i), path);
      KolCorpDef *corp = &l->title->corps[i];
      const char *id = kol_loader_string_member (l, KOL_FILE_GAME, object, path, "id", TRUE);

      corp->home = -1;
      if (id != NULL && kol_title_corp_by_id (l->title, id) >= 0)
        /* Translators: %s is a corporation id. */
        kol_loader_invalid (l, KOL_FILE_GAME, path, _("The corporation “%s” is defined twice"), id);
      corp->id = g_strdup (id);
      if (object != NULL)
        read_corp (l, object, path, corp);
    }
  check_certificate_total (l);
}

static void
read_rules (KolLoader  *l,
            JsonObject *game)
{
  JsonNode *rules = json_object_get_member (game, "rules");

  if (rules != NULL && kol_loader_object (l, KOL_FILE_GAME, rules, "$.rules") != NULL)
    l->title->rules = kol_loader_variant (l, KOL_FILE_GAME, rules, "$.rules");
  if (l->title->rules == NULL)
    l->title->rules = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
}

/* ---- the whole load ------------------------------------------------------ */

static KolLoader *
loader_new (int                 n_players,
            const char * const *options)
{
  KolLoader *l = g_new0 (KolLoader, 1);

  l->title = kol_title_new ();
  l->title->n_players = n_players;
  l->n_players = n_players;
  l->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_problem_free);
  l->declared_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->networks = g_ptr_array_new_with_free_func (g_free);
  l->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->hex_objects = g_ptr_array_new ();
  l->hex_paths = g_ptr_array_new_with_free_func (g_free);
  l->hex_lookup = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->all_hex_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->removed_hex_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->tile_objects = g_ptr_array_new ();
  l->tile_lookup = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->tile_paths = g_ptr_array_new_with_free_func (g_free);
  set_options (l, options);
  return l;
}

static void
loader_free (KolLoader *l)
{
  for (int i = 0; i < KOL_N_FILES; i++)
    {
      g_free (l->files[i].path);
      g_free (l->files[i].text);
      kol_json_scan_free (l->files[i].scan);
      g_clear_object (&l->files[i].parser);
    }
  kol_title_free (l->title);
  g_clear_pointer (&l->problems, g_ptr_array_unref);
  g_hash_table_unref (l->declared_options);
  g_ptr_array_unref (l->networks);
  g_hash_table_unref (l->groups);
  g_ptr_array_unref (l->hex_objects);
  g_ptr_array_unref (l->hex_paths);
  g_hash_table_unref (l->hex_lookup);
  g_hash_table_unref (l->all_hex_ids);
  g_hash_table_unref (l->removed_hex_ids);
  g_clear_pointer (&l->blank_upgrades, g_ptr_array_unref);
  g_free (l->blank_upgrades_path);
  g_ptr_array_unref (l->tile_objects);
  g_hash_table_unref (l->tile_lookup);
  g_ptr_array_unref (l->tile_paths);
  g_free (l);
}

static gboolean
files_readable (KolLoader *l)
{
  for (int i = 0; i < KOL_N_FILES; i++)
    if (l->files[i].root == NULL)
      return FALSE;
  return TRUE;
}

/* game.json before the board: track types, colours and phases are what
 * tiles refer to; corporations and privates after it, since they refer to
 * hexes. */
static void
read_all (KolLoader *l)
{
  JsonObject *game = l->files[KOL_FILE_GAME].root;

  read_header (l, game);
  read_money (l, game);
  read_tile_colors (l, game);
  read_track_types (l, game);
  read_market (l, game);
  read_phases (l, game);
  read_trains (l, game);

  kol_loader_read_map (l);
  kol_loader_read_tiles (l);
  kol_loader_build_hexes (l);
  kol_loader_resolve_tiles (l);

  read_companies (l, game);
  read_corps (l, game);
  read_rules (l, game);
}

static void
finish (KolLoader *l)
{
  g_autoptr(GError) error = NULL;

  if (l->problems->len > 0)
    return;
  if (!kol_title_finish (l->title, &error))
    /* Translators: %s is the engine's message (in English). */
    kol_loader_invalid (l, KOL_FILE_GAME, NULL, _("The engine refuses the title: %s"), error->message);
}

static KolLoader *
run (const char         *dir,
     int                 n_players,
     const char * const *options)
{
  KolLoader *l = loader_new (n_players, options);

  for (int i = 0; i < KOL_N_FILES; i++)
    read_file (l, i, dir);
  if (files_readable (l))
    {
      read_all (l);
      finish (l);
    }
  if (l->n_dropped > 0)
    kol_loader_invalid (l, KOL_FILE_GAME, NULL, ngettext ("%u more problem is not listed",
                                                          "%u more problems are not listed", l->n_dropped),
                        l->n_dropped);
  return l;
}

static void
fill_stats (KolLoader     *l,
            KolTitleStats *stats)
{
  const KolTitle *title = l->title;

  memset (stats, 0, sizeof *stats);
  stats->n_players = l->n_players;
  stats->hexes = title->n_hexes;
  stats->tiles = title->n_manifest_tiles;
  for (guint i = 0; i < title->n_manifest_tiles && title->tiles != NULL; i++)
    {
      const KolTileDef *tile = &title->tiles[i];

      stats->tile_types_by_color[tile->color]++;
      if (tile->count < 0)
        stats->unlimited_tiles++;
      else
        {
          stats->tile_copies += (guint) tile->count;
          stats->tiles_by_color[tile->color] += (guint) tile->count;
        }
    }
  stats->phases = title->n_phases;
  stats->train_types = title->n_trains;
  for (guint i = 0; i < title->n_trains; i++)
    stats->train_copies += (guint) MAX (title->trains[i].count, 0);
  stats->companies = title->n_companies;
  stats->corporations = title->n_corps;
  stats->options = title->options->len;
  stats->bank = title->bank;
  stats->starting_cash = title->starting_cash;
  stats->cert_limit = title->cert_limit;
}

/**
 * kol_title_loader_validate:
 * @dir: a title folder
 * @n_players: the player count
 * @options: (nullable) (array zero-terminated=1): option ids in effect
 * @stats_out: (out caller-allocates) (optional): what the configuration holds
 *
 * Loads the title for one configuration and collects every problem.
 *
 * Returns: (transfer full) (element-type KolTitleProblem): the problems,
 *   empty when the title loads
 */
GPtrArray *
kol_title_loader_validate (const char         *dir,
                           int                 n_players,
                           const char * const *options,
                           KolTitleStats      *stats_out)
{
  KolLoader *l;
  GPtrArray *problems;

  g_return_val_if_fail (dir != NULL, NULL);

  l = run (dir, n_players, options);
  if (stats_out != NULL)
    fill_stats (l, stats_out);
  problems = g_steal_pointer (&l->problems);
  loader_free (l);
  return problems;
}

/**
 * kol_title_loader_load:
 * @dir: a title folder holding game.json, tiles.json and map.json
 * @n_players: the player count
 * @options: (nullable) (array zero-terminated=1): option ids in effect
 * @error: return location for a #KOL_TITLE_LOADER_ERROR
 *
 * Loads the title resolved for one configuration and finishes it.
 *
 * Returns: (transfer full) (nullable): the title, or %NULL with @error
 *   describing the first problem (and how many others there are)
 */
KolTitle *
kol_title_loader_load (const char         *dir,
                       int                 n_players,
                       const char * const *options,
                       GError            **error)
{
  KolLoader *l;
  KolTitle *title = NULL;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  l = run (dir, n_players, options);
  if (l->problems->len == 0)
    title = g_steal_pointer (&l->title);
  else
    {
      const KolTitleProblem *first = g_ptr_array_index (l->problems, 0);
      g_autofree char *text = kol_title_problem_format (first);
      guint more = l->problems->len - 1 + l->n_dropped;

      if (more == 0)
        g_set_error_literal (error, KOL_TITLE_LOADER_ERROR, first->kind, text);
      else
        /* Translators: %s is a problem; %u how many others there are. */
        g_set_error (error, KOL_TITLE_LOADER_ERROR, first->kind,
                     ngettext ("%s (and %u more problem)", "%s (and %u more problems)", more), text, more);
    }
  loader_free (l);
  return title;
}
