/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "kol-display-text.h"
#include "kol-title-loader-private.h"
#include "kol-log-format.h"

/*
 * The title loader: the three files of a title folder into a KolTitle. This
 * file holds the public API, the problems and their formats, the reading of
 * files and the order of the whole load. The typed readers and selectors are
 * in kol-title-loader-read.c, game.json in kol-title-loader-game.c, and the
 * board (tiles.json, map.json) in kol-title-loader-board.c.
 */

G_DEFINE_QUARK (kol-title-loader-error-quark, kol_title_loader_error)

static const char *const file_names[KOL_N_FILES] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

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

/* A problem for a message to people: the file's name without its folder
 * (an installed title's folder means nothing to them) and the line, no
 * JSON path; all of it in verbose mode (koleya-cli --verbose). */
static char *
problem_for_people (const KolTitleProblem *problem)
{
  g_autofree char *base = NULL;

  if (kol_display_get_verbose ())
    return kol_title_problem_format (problem);
  base = problem->file != NULL ? g_path_get_basename (problem->file) : NULL;
  if (base != NULL && problem->line > 0)
    /* Translators: a problem in a title's file: "map.json, line 3, column 7: …". */
    return g_strdup_printf (_("%s, line %d, column %d: %s"), base, problem->line, problem->column,
                            problem->message);
  if (base != NULL)
    /* Translators: a problem in a title's file: "map.json: …". */
    return g_strdup_printf (_("%s: %s"), base, problem->message);
  return g_strdup (problem->message);
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

/* Checks and parses the text of a file already in file->text. */
static void
parse_file (KolLoader *l,
            KolFileId  id)
{
  KolLoaderFile *file = &l->files[id];
  g_autoptr(GError) error = NULL;
  JsonNode *root;

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
read_file (KolLoader  *l,
           KolFileId   id,
           const char *dir)
{
  KolLoaderFile *file = &l->files[id];
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) error = NULL;

  file->path = g_build_filename (dir, file_names[id], NULL);
  gfile = g_file_new_for_path (file->path);
  if (!kol_json_read_file (gfile, &file->text, &file->length, &error))
    {
      /* Translators: %s is the system's reason, e.g. “No such file or directory”. */
      kol_loader_problem (l, id, KOL_TITLE_LOADER_ERROR_READ, NULL, _("Cannot read the file: %s"),
                          error->message);
      return;
    }
  parse_file (l, id);
}

void
kol_loader_check_schema (KolLoader  *l,
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

/* ---- the whole load ------------------------------------------------------ */

static void
set_options (KolLoader          *l,
             const char * const *options)
{
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    if (!kol_title_has_option (l->title, options[i]))
      g_ptr_array_add (l->title->options, g_strdup (options[i]));
}

static KolLoader *
loader_new (KolTitleSource     *source,
            int                 n_players,
            const char * const *options)
{
  KolLoader *l = g_new0 (KolLoader, 1);

  l->source = source;
  l->files = source->files;
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
  kol_loader_read_game (l);
  kol_loader_read_map (l);
  kol_loader_read_tiles (l);
  kol_loader_build_hexes (l);
  kol_loader_resolve_tiles (l);
  kol_loader_read_companies (l);
}

/* A JSON type name of a title check, in words. */
static const char *
type_word (const char *type)
{
  if (g_strcmp0 (type, "string") == 0)
    return C_("json type", "a string");
  if (g_strcmp0 (type, "integer") == 0)
    return C_("json type", "a whole number");
  if (g_strcmp0 (type, "boolean") == 0)
    return C_("json type", "true or false");
  if (g_strcmp0 (type, "object") == 0)
    return C_("json type", "an object");
  if (g_strcmp0 (type, "array") == 0)
    return C_("json type", "a list");
  return type;
}

/* What a title check's reference names, in words. */
static const char *
reference_word (const char *what)
{
  if (g_strcmp0 (what, "hex") == 0)
    return C_("reference", "hex");
  if (g_strcmp0 (what, "tile") == 0)
    return C_("reference", "tile");
  if (g_strcmp0 (what, "corporation") == 0)
    return C_("reference", "corporation");
  if (g_strcmp0 (what, "phase") == 0)
    return C_("reference", "phase");
  if (g_strcmp0 (what, "track type") == 0)
    return C_("reference", "track type");
  return what;
}

/* A problem the rules module found, in words. */
static char *
check_message (const KolTitleModule  *module,
               const KolCheckProblem *p)
{
  const char *value = p->value != NULL ? p->value : "";

  switch ((KolCheckKind) p->kind)
    {
    case KOL_CHECK_VALUE:
      /* Translators: a value of the title's data the rules module has no
       * rule for, then the values it knows: “"quarter"”, “"payout", "half"”. */
      return g_strdup_printf (_("%s is not a value the rules know; allowed: %s"), value, p->allowed);
    case KOL_CHECK_KEY:
      /* Translators: a key of game.json, then the keys allowed there. */
      return g_strdup_printf (_("The rules have no key “%s”; allowed: %s"), value, p->allowed);
    case KOL_CHECK_TYPE:
      /* Translators: %s is what was found (a JSON value), then what the
       * rules need: “a whole number”. */
      return g_strdup_printf (_("%s must be %s"), value, type_word (p->allowed));
    case KOL_CHECK_RANGE:
      return g_strdup_printf (_("%s must be from %d to %d"), value, p->min, p->max);
    case KOL_CHECK_MISSING:
      /* Translators: %s is a key of game.json the rules need here. */
      return g_strdup_printf (_("“%s” is required here"), value);
    case KOL_CHECK_REFERENCE:
      /* Translators: %s is a name from the file, then what it should name: “hex”. */
      return g_strdup_printf (_("%s names no %s of the title"), value, reference_word (p->allowed));
    default:
      {
        const KolTitleWords *words = module->words;
        const KolWordInfo *text = words != NULL && p->text >= 0 && (guint) p->text < words->n_checks
                                  ? &words->checks[p->text] : NULL;
        const char *values[1] = { value };

        if (text == NULL)
          return g_strdup (_("The rules module cannot play this"));
        return kol_log_format_template (g_dpgettext2 (GETTEXT_PACKAGE, text->context, text->text), values, 1);
      }
    }
}

/* What the title's rules module cannot play (KolTitleModule.check_title):
 * a title that validates can be played to its end. */
static void
check_module (KolLoader *l)
{
  const KolTitleModule *module = l->title->module;
  static const KolFileId files[] = { KOL_FILE_GAME, KOL_FILE_MAP, KOL_FILE_TILES };
  KolTitleCheck check;

  if (module == NULL || module->check_title == NULL || l->source->board_only)
    return;
  kol_title_check_init (&check);
  module->check_title (l->title, &check);
  for (guint i = 0; i < check.problems->len; i++)
    {
      const KolCheckProblem *p = g_ptr_array_index (check.problems, i);
      g_autofree char *message = check_message (module, p);
      guint before = l->problems->len;

      kol_loader_invalid (l, files[MIN (p->file, G_N_ELEMENTS (files) - 1)], p->path, "%s", message);
      if (l->problems->len > before)
        ((KolTitleProblem *) g_ptr_array_index (l->problems, before))->kind = KOL_TITLE_LOADER_ERROR_RULES;
    }
  kol_title_check_clear (&check);
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
  else
    check_module (l);
}

static KolTitleProblem *
problem_copy (const KolTitleProblem *problem)
{
  KolTitleProblem *copy = g_memdup2 (problem, sizeof *problem);

  copy->file = g_strdup (problem->file);
  copy->path = g_strdup (problem->path);
  copy->message = g_strdup (problem->message);
  return copy;
}

static KolLoader *
run (KolTitleSource     *source,
     int                 n_players,
     const char * const *options)
{
  KolLoader *l = loader_new (source, n_players, options);

  for (guint i = 0; i < source->problems->len; i++)
    add_problem (l, problem_copy (g_ptr_array_index (source->problems, i)));
  l->n_dropped += source->n_dropped;
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

/**
 * kol_title_source_new:
 * @dir: a title folder holding game.json, tiles.json and map.json
 *
 * Reads and parses the three files. Problems of reading and syntax are kept
 * and reported by every load.
 *
 * Returns: (transfer full): the source, even when files are missing
 */
KolTitleSource *
kol_title_source_new (const char *dir)
{
  KolTitleSource *source = g_new0 (KolTitleSource, 1);
  KolLoader reader = { 0 };

  g_return_val_if_fail (dir != NULL, NULL);

  source->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_problem_free);
  reader.files = source->files;
  reader.problems = source->problems;
  for (int i = 0; i < KOL_N_FILES; i++)
    read_file (&reader, i, dir);
  source->n_dropped = reader.n_dropped;
  return source;
}

/**
 * kol_title_source_new_for_texts:
 * @dir: the folder the files would be in; it only names them in problems
 * @texts: the texts of game.json, tiles.json and map.json, in that order
 * @lengths: their lengths in bytes, or -1 for NUL-terminated texts
 *
 * kol_title_source_new() on files held in memory, for the editor's live
 * validation of a document that is not saved.
 *
 * Returns: (transfer full): the source
 */
KolTitleSource *
kol_title_source_new_for_texts (const char         *dir,
                                const char * const *texts,
                                const gssize       *lengths)
{
  KolTitleSource *source = g_new0 (KolTitleSource, 1);
  KolLoader reader = { 0 };

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (texts != NULL && lengths != NULL, NULL);

  source->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_problem_free);
  reader.files = source->files;
  reader.problems = source->problems;
  for (int i = 0; i < KOL_N_FILES; i++)
    {
      KolLoaderFile *file = &source->files[i];

      file->path = g_build_filename (dir, file_names[i], NULL);
      if (texts[i] == NULL)
        {
          kol_loader_problem (&reader, i, KOL_TITLE_LOADER_ERROR_READ, NULL, _("Cannot read the file: %s"),
                              g_strerror (ENOENT));
          continue;
        }
      /* a copy of exactly the bytes given: a NUL inside is the scanner's
       * to report, not a place to cut the text */
      file->length = lengths[i] < 0 ? strlen (texts[i]) : (gsize) lengths[i];
      file->text = g_malloc (file->length + 1);
      memcpy (file->text, texts[i], file->length);
      file->text[file->length] = '\0';
      parse_file (&reader, i);
    }
  source->n_dropped = reader.n_dropped;
  return source;
}

/**
 * kol_title_source_set_board_only:
 * @board_only: %TRUE to load the title for its pictures only
 *
 * A title loaded for its pictures need not be playable: the loads of
 * @source then skip the rules module's check of what it can play (the
 * editor draws a title whose game.json is a stand-in).
 */
void
kol_title_source_set_board_only (KolTitleSource *source,
                                 gboolean        board_only)
{
  g_return_if_fail (source != NULL);

  source->board_only = board_only;
}

/**
 * kol_title_source_free:
 *
 * Frees @source.
 */
void
kol_title_source_free (KolTitleSource *source)
{
  if (source == NULL)
    return;
  for (int i = 0; i < KOL_N_FILES; i++)
    {
      g_free (source->files[i].path);
      g_free (source->files[i].text);
      kol_json_scan_free (source->files[i].scan);
      g_clear_object (&source->files[i].parser);
    }
  g_ptr_array_unref (source->problems);
  g_clear_pointer (&source->rules, g_variant_unref);
  g_free (source);
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
 * kol_title_source_validate:
 * @source: a title folder's files
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
kol_title_source_validate (KolTitleSource     *source,
                           int                 n_players,
                           const char * const *options,
                           KolTitleStats      *stats_out)
{
  KolLoader *l;
  GPtrArray *problems;

  g_return_val_if_fail (source != NULL, NULL);

  l = run (source, n_players, options);
  if (stats_out != NULL)
    fill_stats (l, stats_out);
  problems = g_steal_pointer (&l->problems);
  loader_free (l);
  return problems;
}

/**
 * kol_title_source_load:
 * @source: a title folder's files
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
kol_title_source_load (KolTitleSource     *source,
                       int                 n_players,
                       const char * const *options,
                       GError            **error)
{
  KolLoader *l;
  KolTitle *title = NULL;

  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  l = run (source, n_players, options);
  if (l->problems->len == 0)
    title = g_steal_pointer (&l->title);
  else
    {
      const KolTitleProblem *first = g_ptr_array_index (l->problems, 0);
      g_autofree char *text = problem_for_people (first);
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

/**
 * kol_title_loader_validate:
 * @dir: a title folder
 * @n_players: the player count
 * @options: (nullable) (array zero-terminated=1): option ids in effect
 * @stats_out: (out caller-allocates) (optional): what the configuration holds
 *
 * kol_title_source_validate() on a folder read for this call.
 *
 * Returns: (transfer full) (element-type KolTitleProblem): the problems
 */
GPtrArray *
kol_title_loader_validate (const char         *dir,
                           int                 n_players,
                           const char * const *options,
                           KolTitleStats      *stats_out)
{
  g_autoptr(KolTitleSource) source = NULL;

  g_return_val_if_fail (dir != NULL, NULL);

  source = kol_title_source_new (dir);
  return kol_title_source_validate (source, n_players, options, stats_out);
}

/**
 * kol_title_loader_load:
 * @dir: a title folder holding game.json, tiles.json and map.json
 * @n_players: the player count
 * @options: (nullable) (array zero-terminated=1): option ids in effect
 * @error: return location for a #KOL_TITLE_LOADER_ERROR
 *
 * kol_title_source_load() on a folder read for this call.
 *
 * Returns: (transfer full) (nullable): the title, or %NULL with @error set
 */
KolTitle *
kol_title_loader_load (const char         *dir,
                       int                 n_players,
                       const char * const *options,
                       GError            **error)
{
  g_autoptr(KolTitleSource) source = NULL;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  source = kol_title_source_new (dir);
  return kol_title_source_load (source, n_players, options, error);
}

/* ---- configurations ------------------------------------------------------ */

/* Above this many options for one player count, only each option alone is
 * listed (2^n combinations would be too many to check). */
#define MAX_COMBINED_OPTIONS 10

typedef struct
{
  const char *id;
  JsonArray  *players;
  JsonArray  *requires;
  JsonArray  *excludes;
} OptionInfo;

static gboolean
array_has_int (JsonArray *array,
               int        n)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (kol_loader_holds (node, G_TYPE_INT64) && json_node_get_int (node) == n)
        return TRUE;
    }
  return FALSE;
}

static gboolean
array_has_string (JsonArray  *array,
                  const char *s)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (kol_loader_holds (node, G_TYPE_STRING) && g_str_equal (json_node_get_string (node), s))
        return TRUE;
    }
  return FALSE;
}

static GArray *
option_infos (JsonObject *game)
{
  JsonArray *options = kol_loader_peek_array (game, "options");
  GArray *out = g_array_new (FALSE, TRUE, sizeof (OptionInfo));

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonNode *node = json_array_get_element (options, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id = object ? json_object_get_member (object, "id") : NULL;
      OptionInfo info;

      if (!kol_loader_holds (id, G_TYPE_STRING))
        continue;
      info.id = json_node_get_string (id);
      info.players = kol_loader_peek_array (object, "players");
      info.requires = kol_loader_peek_array (object, "requires");
      info.excludes = kol_loader_peek_array (object, "excludes");
      g_array_append_val (out, info);
    }
  return out;
}

/* Is the set @chosen (indices into @infos) closed under "requires" and
 * free of "excludes"? */
static gboolean
combination_valid (GPtrArray *chosen)
{
  for (guint i = 0; i < chosen->len; i++)
    {
      const OptionInfo *info = g_ptr_array_index (chosen, i);

      for (guint k = 0; info->requires != NULL && k < json_array_get_length (info->requires); k++)
        {
          JsonNode *required = json_array_get_element (info->requires, k);
          gboolean found = FALSE;

          for (guint j = 0; j < chosen->len && kol_loader_holds (required, G_TYPE_STRING); j++)
            found = found || g_str_equal (json_node_get_string (required),
                                          ((OptionInfo *) g_ptr_array_index (chosen, j))->id);
          if (!found)
            return FALSE;
        }
      for (guint j = 0; j < chosen->len; j++)
        if (array_has_string (info->excludes, ((OptionInfo *) g_ptr_array_index (chosen, j))->id))
          return FALSE;
    }
  return TRUE;
}

static void
add_combination (GPtrArray *out,
                 int        n_players,
                 GPtrArray *chosen)
{
  KolTitleConfig *config = g_new0 (KolTitleConfig, 1);

  config->n_players = n_players;
  config->options = g_new0 (char *, chosen->len + 1);
  for (guint i = 0; i < chosen->len; i++)
    config->options[i] = g_strdup (((OptionInfo *) g_ptr_array_index (chosen, i))->id);
  g_ptr_array_add (out, config);
}

static void
list_for_players (GArray    *infos,
                  int        n_players,
                  GPtrArray *out)
{
  g_autoptr(GPtrArray) applicable = g_ptr_array_new ();
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  guint n_masks;

  for (guint i = 0; i < infos->len; i++)
    {
      OptionInfo *info = &g_array_index (infos, OptionInfo, i);

      if (info->players == NULL || array_has_int (info->players, n_players))
        g_ptr_array_add (applicable, info);
    }
  if (applicable->len > MAX_COMBINED_OPTIONS)
    {
      /* too many to combine: none, then each alone, in file order (a bit
       * mask of them would not even fit in an int past 32) */
      if (combination_valid (chosen))
        add_combination (out, n_players, chosen);
      for (guint i = 0; i < applicable->len; i++)
        {
          g_ptr_array_set_size (chosen, 0);
          g_ptr_array_add (chosen, g_ptr_array_index (applicable, i));
          if (combination_valid (chosen))
            add_combination (out, n_players, chosen);
        }
      return;
    }
  n_masks = 1u << applicable->len;
  /* by size, then in file order: no options first */
  for (guint size = 0; size <= applicable->len; size++)
    for (guint mask = 0; mask < n_masks; mask++)
      {
        g_ptr_array_set_size (chosen, 0);
        for (guint i = 0; i < applicable->len; i++)
          if (mask & (1u << i))
            g_ptr_array_add (chosen, g_ptr_array_index (applicable, i));
        if (chosen->len == size && combination_valid (chosen))
          add_combination (out, n_players, chosen);
      }
}

/**
 * kol_title_source_list_configurations:
 * @source: a title folder's files
 * @error: return location for a #KOL_TITLE_LOADER_ERROR
 *
 * Lists every configuration the title allows: each player count from
 * "players" min to max, with every combination of the options available at
 * that count ("players") that satisfies "requires" and "excludes". With
 * more than ten options for one count, only each option alone is listed.
 *
 * Returns: (transfer full) (element-type KolTitleConfig) (nullable): the
 *   configurations, or %NULL when game.json gives no player range
 */
GPtrArray *
kol_title_source_list_configurations (KolTitleSource *source,
                                      GError        **error)
{
  JsonObject *game = source->files[KOL_FILE_GAME].root;
  JsonObject *players = kol_loader_peek_object (game, "players");
  JsonNode *min = players ? json_object_get_member (players, "min") : NULL;
  JsonNode *max = players ? json_object_get_member (players, "max") : NULL;
  GPtrArray *out = NULL;

  if (kol_loader_holds (min, G_TYPE_INT64) && kol_loader_holds (max, G_TYPE_INT64)
      && json_node_get_int (min) >= 1 && json_node_get_int (max) <= KOL_MAX_PLAYERS)
    {
      g_autoptr(GArray) infos = option_infos (game);

      out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_config_free);
      for (int n = (int) json_node_get_int (min); n <= (int) json_node_get_int (max); n++)
        list_for_players (infos, n, out);
    }
  else if (source->problems->len > 0)
    {
      const KolTitleProblem *first = g_ptr_array_index (source->problems, 0);
      g_autofree char *text = problem_for_people (first);

      g_set_error_literal (error, KOL_TITLE_LOADER_ERROR, first->kind, text);
    }
  else
    {
      const char *path = source->files[KOL_FILE_GAME].path;
      g_autofree char *name = kol_display_get_verbose () ? g_strdup (path) : g_path_get_basename (path);

      /* Translators: %s is a file, game.json. */
      g_set_error (error, KOL_TITLE_LOADER_ERROR, KOL_TITLE_LOADER_ERROR_INVALID,
                   _("%s gives no valid player range"), name);
    }
  return out;
}

/**
 * kol_title_loader_list_configurations:
 * @dir: a title folder
 * @error: return location for a #KOL_TITLE_LOADER_ERROR
 *
 * kol_title_source_list_configurations() on a folder read for this call.
 *
 * Returns: (transfer full) (element-type KolTitleConfig) (nullable): the
 *   configurations
 */
GPtrArray *
kol_title_loader_list_configurations (const char *dir,
                                      GError    **error)
{
  g_autoptr(KolTitleSource) source = NULL;

  g_return_val_if_fail (dir != NULL, NULL);

  source = kol_title_source_new (dir);
  return kol_title_source_list_configurations (source, error);
}
