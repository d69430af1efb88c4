/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-title.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"
#include "kol-title-loader.h"

/*
 * Live validation of a KolTitleDocument: the title loader run on the
 * unsaved texts for every configuration the title allows, plus what only
 * an editor cares about (hexes no track can reach, tiles without copies or
 * that nothing upgrades into, upgrades to an earlier colour, missing
 * translations, and the warnings of kol-title-document-lint.c). Every
 * problem becomes a KolTitleIssue that names its file, JSON path, line and
 * column (of the file on disk while it is unchanged) and, where it is
 * about one, its hex or tile.
 */

typedef struct
{
  KolTitleIssueSeverity severity;
  const char           *code;
  KolTitleFile          file;
  char                 *path;
  char                 *message;
  int                   line;
  int                   column;
  char                 *configuration;   /* the first one it showed in */
  guint                 count;           /* configurations it showed in */
} Pending;

typedef struct
{
  KolTitleDocument *doc;
  char             *texts[KOL_TITLE_N_FILES];
  KolJsonScan      *scans[KOL_TITLE_N_FILES];
  GPtrArray        *pending;             /* Pending*, in order */
  GHashTable       *seen;                /* key -> Pending* */
  GHashTable       *loader_paths;        /* "file|path" the loader reported */
  guint             n_configs;
  gboolean          upgrades_linted;     /* the manifest's upgrades, checked once */
} Check;

static void
pending_free (Pending *pending)
{
  g_free (pending->path);
  g_free (pending->message);
  g_free (pending->configuration);
  g_free (pending);
}

static KolTitleFile
file_of_name (const char *path)
{
  if (path != NULL && g_str_has_suffix (path, KOL_TITLE_TILES_FILE))
    return KOL_TITLE_FILE_TILES;
  if (path != NULL && g_str_has_suffix (path, KOL_TITLE_MAP_FILE))
    return KOL_TITLE_FILE_MAP;
  return KOL_TITLE_FILE_GAME;
}

/* Records a problem once; the same problem in another configuration only
 * counts it, so that one shown in all of them is not tied to one. */
static Pending *
add (Check                 *c,
     KolTitleIssueSeverity  severity,
     const char            *code,
     KolTitleFile           file,
     const char            *path,
     const char            *message,
     const char            *configuration)
{
  g_autofree char *key = g_strdup_printf ("%s|%d|%s|%s", code, file, path ? path : "", message);
  Pending *pending = g_hash_table_lookup (c->seen, key);

  if (pending != NULL)
    {
      pending->count++;
      return pending;
    }
  pending = g_new0 (Pending, 1);
  pending->severity = severity;
  pending->code = code;
  pending->file = file;
  pending->path = g_strdup (path);
  pending->message = g_strdup (message);
  pending->configuration = g_strdup (configuration);
  pending->count = 1;
  g_ptr_array_add (c->pending, pending);
  g_hash_table_insert (c->seen, g_steal_pointer (&key), pending);
  return pending;
}

/* A problem of the files themselves, the same in every configuration. */
static void
add_static (Check                 *c,
            KolTitleIssueSeverity  severity,
            const char            *code,
            KolTitleFile           file,
            const char            *path,
            const char            *message)
{
  g_autofree char *loader_key = g_strdup_printf ("%d|%s", file, path);
  Pending *pending;

  /* the loader's message about the same value says more */
  if (g_hash_table_contains (c->loader_paths, loader_key))
    return;
  pending = add (c, severity, code, file, path, message, NULL);
  pending->count = c->n_configs;
}

/* ---- targets and positions ------------------------------------------------- */

static const char *
id_at (KolTitleDocument *doc,
       KolTitleFile      file,
       const char       *path)
{
  JsonNode *node = kol_title_document_get_value (doc, file, path);

  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (node))
    return _kol_object_string (json_node_get_object (node), "id");
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  return NULL;
}

static gboolean
is_hex_anywhere (KolTitleDocument *doc,
                 const char       *id)
{
  JsonArray *variants = _kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "variants");

  if (_kol_find_by_id (_kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "hexes"), id) >= 0)
    return TRUE;
  for (guint v = 0; variants != NULL && v < json_array_get_length (variants); v++)
    {
      JsonObject *variant = json_array_get_object_element (variants, v);
      JsonNode *added = variant != NULL ? json_object_get_member (variant, "add") : NULL;

      if (added != NULL && JSON_NODE_HOLDS_ARRAY (added)
          && _kol_find_by_id (json_node_get_array (added), id) >= 0)
        return TRUE;
    }
  return FALSE;
}

/* The hex or manifest tile a JSON path points into, for jumping to it. */
static void
find_target (KolTitleDocument  *doc,
             KolTitleFile       file,
             const char        *path,
             const char       **hex,
             const char       **tile)
{
  char prefix[64];
  guint a, b;
  int n = 0;
  const char *value;

  *hex = *tile = NULL;
  if (path == NULL)
    return;
  if (file == KOL_TITLE_FILE_TILES && sscanf (path, "$.tiles[%u]%n", &a, &n) == 1 && n > 0)
    {
      g_snprintf (prefix, sizeof prefix, "$.tiles[%u]", a);
      *tile = id_at (doc, file, prefix);
    }
  else if (file == KOL_TITLE_FILE_MAP && sscanf (path, "$.hexes[%u]%n", &a, &n) == 1 && n > 0)
    {
      g_snprintf (prefix, sizeof prefix, "$.hexes[%u]", a);
      *hex = id_at (doc, file, prefix);
    }
  else if (file == KOL_TITLE_FILE_MAP && sscanf (path, "$.variants[%u].%15[a-z][%u]%n", &a, prefix, &b, &n) == 3
           && n > 0)
    {
      g_autofree char *item = g_strdup_printf ("$.variants[%u].%s[%u]", a, prefix, b);

      *hex = id_at (doc, file, item);
    }
  else if ((value = id_at (doc, file, path)) != NULL && is_hex_anywhere (doc, value))
    *hex = value;
}

static void
locate (Check        *c,
        KolTitleFile  file,
        const char   *path,
        int          *line,
        int          *column)
{
  g_autofree char *probe = NULL;

  *line = *column = 0;
  if (path == NULL)
    return;
  if (c->scans[file] == NULL)
    c->scans[file] = kol_json_scan_new (c->texts[file], strlen (c->texts[file]), TRUE);
  probe = g_strdup (path);
  /* the nearest ancestor that is in the file, for a member that is absent */
  while (!kol_json_scan_lookup (c->scans[file], probe, line, column))
    {
      char *dot = strrchr (probe, '.'), *bracket = strrchr (probe, '[');
      char *cut = dot == NULL ? bracket : bracket == NULL ? dot : MAX (dot, bracket);

      if (cut == NULL || cut <= probe + 1)
        break;
      *cut = '\0';
    }
}

static KolTitleIssue *
make_issue (Check   *c,
            Pending *pending)
{
  const char *hex, *tile;
  int line = pending->line, column = pending->column;

  find_target (c->doc, pending->file, pending->path, &hex, &tile);
  if (line == 0)
    locate (c, pending->file, pending->path, &line, &column);
  return g_object_new (KOL_TYPE_TITLE_ISSUE,
                       "severity", pending->severity,
                       "code", pending->code,
                       "file", (int) pending->file,
                       "path", pending->path,
                       "line", line,
                       "column", column,
                       "hex", hex,
                       "tile", tile,
                       "message", pending->message,
                       "configuration", pending->count >= c->n_configs ? NULL : pending->configuration,
                       NULL);
}

/* ---- the loader's problems --------------------------------------------------- */

static void
add_loader_problems (Check      *c,
                     GPtrArray  *problems,
                     const char *configuration)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const KolTitleProblem *problem = g_ptr_array_index (problems, i);
      KolTitleFile file = file_of_name (problem->file);
      Pending *pending = add (c, KOL_TITLE_ISSUE_ERROR, "loader", file, problem->path, problem->message,
                              configuration);

      pending->line = problem->line;
      pending->column = problem->column;
      g_hash_table_add (c->loader_paths, g_strdup_printf ("%d|%s", file, problem->path ? problem->path : ""));
    }
}

/* ---- hexes no track can reach -------------------------------------------------- */

static gboolean
has_stop (const KolTileDef *tile)
{
  for (guint n = 0; n < tile->n_nodes; n++)
    if (tile->nodes[n].kind != KOL_NODE_JUNCTION)
      return TRUE;
  return FALSE;
}

/* Grey, red and blue hexes hold only their printed track; one without any
 * takes no part in the network and is no problem. */
static gboolean
takes_track (const KolTitle *title,
             guint           hex)
{
  const KolTileDef *tile = &title->tiles[title->hexes[hex].tile];
  KolColor color = tile->color;

  return tile->n_paths > 0 || !(color == KOL_COLOR_GRAY || color == KOL_COLOR_RED || color == KOL_COLOR_BLUE);
}

static gboolean
joined (const KolTitle *title,
        guint           hex,
        int             edge)
{
  int other = title->hexes[hex].neighbors[edge];

  return other >= 0 && title->hexes[other].neighbors[kol_hex_invert (edge)] == (gint16) hex;
}

/* The hexes joined to @start across edges track may cross on both sides. */
static GArray *
component (const KolTitle *title,
           guint           start,
           guint8         *seen)
{
  GArray *members = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_val (members, start);
  seen[start] = 1;
  for (guint k = 0; k < members->len; k++)
    {
      guint hex = g_array_index (members, guint, k);

      for (int e = 0; e < 6; e++)
        {
          int other = title->hexes[hex].neighbors[e];

          if (other < 0 || seen[other] || !takes_track (title, (guint) other) || !joined (title, hex, e))
            continue;
          seen[other] = 1;
          g_array_append_val (members, other);
        }
    }
  return members;
}

static char *
hex_source_path (KolTitleDocument *doc,
                 const char       *hex)
{
  JsonArray *variants = _kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "variants");
  int i = _kol_find_by_id (_kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "hexes"), hex);

  if (i >= 0)
    return g_strdup_printf ("$.hexes[%d]", i);
  for (guint v = 0; variants != NULL && v < json_array_get_length (variants); v++)
    {
      JsonObject *variant = json_array_get_object_element (variants, v);
      JsonNode *added = variant != NULL ? json_object_get_member (variant, "add") : NULL;

      if (added != NULL && JSON_NODE_HOLDS_ARRAY (added)
          && (i = _kol_find_by_id (json_node_get_array (added), hex)) >= 0)
        return g_strdup_printf ("$.variants[%u].add[%d]", v, i);
    }
  return NULL;
}

static void
check_unreachable (Check          *c,
                   const KolTitle *title,
                   const char     *configuration)
{
  g_autofree guint8 *seen = g_new0 (guint8, title->n_hexes + 1);

  for (guint h = 0; h < title->n_hexes; h++)
    {
      g_autoptr(GArray) members = NULL;
      gboolean stop = FALSE;

      if (seen[h] || !takes_track (title, h))
        continue;
      members = component (title, h, seen);
      for (guint k = 0; k < members->len && !stop; k++)
        stop = has_stop (&title->tiles[title->hexes[g_array_index (members, guint, k)].tile]);
      if (stop)
        continue;
      for (guint k = 0; k < members->len; k++)
        {
          const char *id = title->hexes[g_array_index (members, guint, k)].id;
          g_autofree char *path = hex_source_path (c->doc, id);

          add (c, KOL_TITLE_ISSUE_WARNING, "unreachable-hex", KOL_TITLE_FILE_MAP, path,
               _("No track laid on this hex could ever reach a city, a town or an off-board"),
               configuration);
        }
    }
}

/* ---- translations ---------------------------------------------------------------- */

static gboolean
is_text_object (JsonObject *object)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (json_object_get_size (object) == 0)
    return FALSE;
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    if ((!g_str_equal (name, "en") && !g_str_equal (name, "ru")) || !JSON_NODE_HOLDS_VALUE (member)
        || json_node_get_value_type (member) != G_TYPE_STRING)
      return FALSE;
  return TRUE;
}

static gboolean
blank (const char *text)
{
  for (; text != NULL && *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static void
check_text_object (Check        *c,
                   KolTitleFile  file,
                   const char   *path,
                   JsonObject   *object)
{
  static const char * const languages[] = { "en", "ru" };

  for (gsize i = 0; i < G_N_ELEMENTS (languages); i++)
    if (blank (_kol_object_string (object, languages[i])))
      {
        g_autofree char *member = kol_json_path_key (path, languages[i]);

        add_static (c, KOL_TITLE_ISSUE_WARNING, "missing-translation", file,
                    json_object_has_member (object, languages[i]) ? member : path,
                    i == 0 ? _("The English text is missing") : _("The Russian text is missing"));
      }
}

static void
walk_texts (Check        *c,
            KolTitleFile  file,
            const char   *path,
            JsonNode     *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (is_text_object (object))
        {
          check_text_object (c, file, path, object);
          return;
        }
      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &name, &member))
        {
          g_autofree char *child = kol_json_path_key (path, name);

          walk_texts (c, file, child, member);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *child = kol_json_path_index (path, i);

          walk_texts (c, file, child, json_array_get_element (array, i));
        }
    }
}

/* ---- counts and upgrades -------------------------------------------------------- */

static gboolean
never_any_copy (JsonNode *count)
{
  if (count == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (count))
    return json_node_get_value_type (count) == G_TYPE_INT64 && json_node_get_int (count) == 0;
  if (JSON_NODE_HOLDS_OBJECT (count))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, json_node_get_object (count));
      while (json_object_iter_next_ordered (&iter, &name, &member))
        if (!never_any_copy (member))
          return FALSE;
      return TRUE;
    }
  return FALSE;
}

static int
color_rank (JsonArray  *order,
            const char *color)
{
  for (guint i = 0; order != NULL && color != NULL && i < json_array_get_length (order); i++)
    if (g_strcmp0 (json_array_get_string_element (order, i), color) == 0)
      return (int) i;
  return g_strcmp0 (color, "white") == 0 ? -1 : -2;
}

/* A tile body or a blank hex that tiles are laid on or upgraded from. */
typedef struct
{
  KolTitleFile file;
  char        *path;          /* of the body, or of the hex for a blank one */
  const char  *color;
  JsonObject  *body;          /* NULL for a blank hex */
  JsonArray   *upgrades_to;   /* explicit list, or NULL */
  gboolean     inferred;
  gboolean     same_color;
} Source;

static void
source_free (Source *source)
{
  g_free (source->path);
  g_free (source);
}

static JsonArray *
array_member (JsonObject *object,
              const char *key)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static Source *
source_new (KolTitleFile  file,
            const char   *path,
            const char   *color,
            JsonObject   *body,
            JsonArray    *blank_upgrades)
{
  Source *source = g_new0 (Source, 1);
  const char *policy = _kol_object_string (body, "upgrade_policy");

  source->file = file;
  source->path = g_strdup (path);
  source->color = color;
  source->body = body;
  source->upgrades_to = body != NULL ? array_member (body, "upgrades_to") : blank_upgrades;
  if (policy == NULL)
    source->inferred = source->upgrades_to == NULL;
  else
    {
      source->inferred = g_str_equal (policy, "inferred");
      source->same_color = g_str_equal (policy, "same_color");
    }
  return source;
}

static void
add_hex_sources (GPtrArray  *sources,
                 JsonArray  *hexes,
                 const char *list_path,
                 JsonArray  *blank_upgrades)
{
  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      JsonObject *hex = json_array_get_object_element (hexes, i);
      JsonNode *tile = hex != NULL ? json_object_get_member (hex, "tile") : NULL;
      g_autofree char *path = kol_json_path_index (list_path, i);
      g_autofree char *body_path = kol_json_path_key (path, "tile");

      if (hex == NULL)
        continue;
      if (tile != NULL && JSON_NODE_HOLDS_OBJECT (tile))
        g_ptr_array_add (sources, source_new (KOL_TITLE_FILE_MAP, body_path, _kol_object_string (hex, "color"),
                                              json_node_get_object (tile), NULL));
      else
        g_ptr_array_add (sources, source_new (KOL_TITLE_FILE_MAP, path, _kol_object_string (hex, "color"),
                                              NULL, blank_upgrades));
    }
}

/* Every tile body and blank hex of the document. */
static GPtrArray *
collect_sources (KolTitleDocument *doc)
{
  GPtrArray *sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_free);
  JsonArray *tiles = _kol_root_array (doc->roots[KOL_TITLE_FILE_TILES], "tiles");
  JsonArray *variants = _kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "variants");
  JsonArray *blank = array_member (json_node_get_object (doc->roots[KOL_TITLE_FILE_MAP]), "blank_upgrades_to");

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      g_autofree char *path = g_strdup_printf ("$.tiles[%u]", i);

      if (tile != NULL)
        g_ptr_array_add (sources, source_new (KOL_TITLE_FILE_TILES, path, _kol_object_string (tile, "color"),
                                              tile, NULL));
    }
  add_hex_sources (sources, _kol_root_array (doc->roots[KOL_TITLE_FILE_MAP], "hexes"), "$.hexes", blank);
  for (guint v = 0; variants != NULL && v < json_array_get_length (variants); v++)
    {
      JsonObject *variant = json_array_get_object_element (variants, v);
      g_autofree char *add_path = g_strdup_printf ("$.variants[%u].add", v);
      g_autofree char *replace_path = g_strdup_printf ("$.variants[%u].replace", v);

      add_hex_sources (sources, array_member (variant, "add"), add_path, blank);
      add_hex_sources (sources, array_member (variant, "replace"), replace_path, blank);
    }
  return sources;
}

static JsonObject *
manifest_tile (KolTitleDocument *doc,
               const char       *id)
{
  JsonArray *tiles = _kol_root_array (doc->roots[KOL_TITLE_FILE_TILES], "tiles");
  int i = _kol_find_by_id (tiles, id);

  return i >= 0 ? json_array_get_object_element (tiles, (guint) i) : NULL;
}

static void
check_upgrade_list (Check     *c,
                    Source    *source,
                    JsonArray *order)
{
  g_autofree char *list_path = source->body != NULL ? kol_json_path_key (source->path, "upgrades_to")
                                                    : g_strdup ("$.blank_upgrades_to");
  int rank = color_rank (order, source->color);

  for (guint i = 0; source->upgrades_to != NULL && i < json_array_get_length (source->upgrades_to); i++)
    {
      const char *id = json_array_get_string_element (source->upgrades_to, i);
      JsonObject *target = id != NULL ? manifest_tile (c->doc, id) : NULL;
      g_autofree char *path = kol_json_path_index (list_path, i);
      g_autofree char *message = NULL;
      int target_rank;

      if (target == NULL)
        continue;   /* the loader reports unknown ids */
      target_rank = color_rank (order, _kol_object_string (target, "color"));
      if (!source->same_color && rank >= -1 && target_rank >= 0 && target_rank <= rank)
        {
          /* Translators: %s is a tile id such as 57. */
          message = g_strdup_printf (_("Tile %s is not of a later colour in the upgrade order"), id);
          add_static (c, KOL_TITLE_ISSUE_WARNING, "upgrade-color", source->file, path, message);
        }
      else if (never_any_copy (json_object_get_member (target, "count")))
        {
          /* Translators: %s is a tile id such as 57. */
          message = g_strdup_printf (_("Tile %s has no copies, so this upgrade can never be made"), id);
          add_static (c, KOL_TITLE_ISSUE_WARNING, "upgrade-no-copies", source->file, path, message);
        }
    }
}

/* Can anything become @tile: an explicit list naming it, or a body one
 * colour before it (same colour for "same_color") whose upgrades are
 * inferred? */
static gboolean
is_reached (GPtrArray  *sources,
            JsonArray  *order,
            const char *id,
            int         rank)
{
  for (guint i = 0; i < sources->len; i++)
    {
      Source *source = g_ptr_array_index (sources, i);
      int source_rank = color_rank (order, source->color);

      if (source->upgrades_to != NULL)
        {
          for (guint k = 0; k < json_array_get_length (source->upgrades_to); k++)
            if (g_strcmp0 (json_array_get_string_element (source->upgrades_to, k), id) == 0)
              return TRUE;
        }
      if ((source->inferred && source_rank == rank - 1) || (source->same_color && source_rank == rank))
        return TRUE;
    }
  return FALSE;
}

static void
check_tiles (Check *c)
{
  KolTitleDocument *doc = c->doc;
  JsonArray *tiles = _kol_root_array (doc->roots[KOL_TITLE_FILE_TILES], "tiles");
  JsonArray *order = _kol_root_array (doc->roots[KOL_TITLE_FILE_GAME], "tile_colors");
  g_autoptr(GPtrArray) sources = collect_sources (doc);

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      const char *id = _kol_object_string (tile, "id");
      int rank = color_rank (order, _kol_object_string (tile, "color"));
      g_autofree char *path = g_strdup_printf ("$.tiles[%u]", i);
      g_autofree char *count_path = g_strdup_printf ("$.tiles[%u].count", i);

      if (tile == NULL || id == NULL)
        continue;
      if (never_any_copy (json_object_get_member (tile, "count")))
        add_static (c, KOL_TITLE_ISSUE_WARNING, "zero-count", KOL_TITLE_FILE_TILES, count_path,
                    _("The tile has no copies in any configuration, so it is never laid"));
      if (rank >= 0 && !is_reached (sources, order, id, rank))
        add_static (c, KOL_TITLE_ISSUE_WARNING, "tile-never-reached", KOL_TITLE_FILE_TILES, path,
                    _("No tile or hex upgrades to this tile"));
    }
  for (guint i = 0; i < sources->len; i++)
    check_upgrade_list (c, g_ptr_array_index (sources, i), order);
}

/* ---- the whole check ------------------------------------------------------------- */

static GPtrArray *
configurations (KolTitleSource     *source,
                int                 n_players,
                const char * const *options)
{
  GPtrArray *configs = NULL;
  KolTitleConfig *config;

  if (n_players <= 0 && (configs = kol_title_source_list_configurations (source, NULL)) != NULL
      && configs->len > 0)
    return configs;
  g_clear_pointer (&configs, g_ptr_array_unref);
  configs = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_config_free);
  config = g_new0 (KolTitleConfig, 1);
  config->n_players = MAX (n_players, 0);
  config->options = g_strdupv ((char **) options);
  g_ptr_array_add (configs, config);
  return configs;
}

/* Where a warning of kol-title-document-lint.c is in the files. */
static char *
lint_path (Check   *c,
           KolLint *lint)
{
  int i;

  if (lint->path != NULL)
    return g_strdup (lint->path);
  if (lint->hex != NULL)
    return hex_source_path (c->doc, lint->hex);
  if (lint->tile != NULL
      && (i = _kol_find_by_id (_kol_root_array (c->doc->roots[KOL_TITLE_FILE_TILES], "tiles"), lint->tile)) >= 0)
    return g_strdup_printf ("$.tiles[%d]", i);
  if (lint->corporation != NULL
      && (i = _kol_find_by_id (_kol_root_array (c->doc->roots[KOL_TITLE_FILE_GAME], "corporations"),
                               lint->corporation)) >= 0)
    return g_strdup_printf ("$.corporations[%d].home", i);
  return NULL;
}

/* Upgrades and homes, asked of a new game on the title as loaded. */
static void
lint_title (Check          *c,
            const KolTitle *title,
            int             n_players,
            const char     *configuration)
{
  g_autoptr(KolEngine) engine = kol_engine_new (title, n_players > 0 ? n_players : title->n_players, NULL, NULL,
                                                1, NULL);
  g_autoptr(GPtrArray) lints = NULL;

  if (engine == NULL)
    return;
  lints = _kol_lint_title (title, engine, !c->upgrades_linted);
  c->upgrades_linted = TRUE;
  for (guint i = 0; i < lints->len; i++)
    {
      KolLint *lint = g_ptr_array_index (lints, i);
      g_autofree char *path = lint_path (c, lint);

      if (lint->every)
        add_static (c, KOL_TITLE_ISSUE_WARNING, lint->code, lint->file, path, lint->message);
      else
        add (c, KOL_TITLE_ISSUE_WARNING, lint->code, lint->file, path, lint->message, configuration);
    }
}

/* The tile bodies of the files, the same in every configuration. */
static void
lint_files (Check *c)
{
  g_autoptr(GPtrArray) lints = _kol_lint_files (c->doc);

  for (guint i = 0; i < lints->len; i++)
    {
      KolLint *lint = g_ptr_array_index (lints, i);

      add_static (c, KOL_TITLE_ISSUE_WARNING, lint->code, lint->file, lint->path, lint->message);
    }
}

static void
check_configuration (Check                *c,
                     KolTitleSource       *source,
                     const KolTitleConfig *config)
{
  g_autofree char *description = kol_title_config_describe (config);
  const char * const *options = (const char * const *) config->options;
  g_autoptr(GPtrArray) problems = kol_title_source_validate (source, config->n_players, options, NULL);

  add_loader_problems (c, problems, description);
  if (problems->len == 0)
    {
      g_autoptr(KolTitle) title = kol_title_source_load (source, config->n_players, options, NULL);

      if (title != NULL)
        {
          check_unreachable (c, title, description);
          lint_title (c, title, config->n_players, description);
        }
    }
}

static void
check_clear (Check *c)
{
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_free (c->texts[i]);
      kol_json_scan_free (c->scans[i]);
    }
  g_ptr_array_unref (c->pending);
  g_hash_table_unref (c->seen);
  g_hash_table_unref (c->loader_paths);
}

static KolTitleSource *
source_of (KolTitleDocument *self,
           char            **texts)
{
  gssize lengths[KOL_TITLE_N_FILES];

  /* the files as on disk while unchanged: lines and columns are theirs */
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      texts[i] = kol_title_document_dup_text (self, i);
      lengths[i] = -1;
    }
  return kol_title_source_new_for_texts (self->path, (const char * const *) texts, lengths);
}

/**
 * kol_title_document_validate:
 * @self: a document
 * @n_players: a player count, or 0 for every configuration the title
 *   allows (every player count and combination of options)
 * @options: (nullable) (array zero-terminated=1): the options in effect,
 *   with @n_players
 *
 * Runs the title loader on the document as it would be saved, without
 * writing anything, and the editor's own checks. Problems found in several
 * configurations are listed once; one that does not show in all of them
 * names the first it shows in.
 *
 * Returns: (transfer full): a #GListModel of #KolTitleIssue, the loader's
 *   errors first, empty when there is nothing to say
 */
GListModel *
kol_title_document_validate (KolTitleDocument   *self,
                             int                 n_players,
                             const char * const *options)
{
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(GPtrArray) configs = NULL;
  GListStore *store = g_list_store_new (KOL_TYPE_TITLE_ISSUE);
  Check c = { 0 };

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  c.doc = self;
  c.pending = g_ptr_array_new_with_free_func ((GDestroyNotify) pending_free);
  c.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c.loader_paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  source = source_of (self, c.texts);
  configs = configurations (source, n_players, options);
  c.n_configs = configs->len;
  for (guint i = 0; i < configs->len; i++)
    check_configuration (&c, source, g_ptr_array_index (configs, i));
  walk_texts (&c, KOL_TITLE_FILE_GAME, "$", self->roots[KOL_TITLE_FILE_GAME]);
  walk_texts (&c, KOL_TITLE_FILE_TILES, "$", self->roots[KOL_TITLE_FILE_TILES]);
  walk_texts (&c, KOL_TITLE_FILE_MAP, "$", self->roots[KOL_TITLE_FILE_MAP]);
  check_tiles (&c);
  lint_files (&c);

  for (guint i = 0; i < c.pending->len; i++)
    {
      g_autoptr(KolTitleIssue) issue = make_issue (&c, g_ptr_array_index (c.pending, i));

      g_list_store_append (store, issue);
    }
  check_clear (&c);
  return G_LIST_MODEL (store);
}

/**
 * kol_title_document_load_title:
 * @self: a document
 * @n_players: a player count, or 0 for the most the title allows (the
 *   whole board, as printed)
 * @options: (nullable) (array zero-terminated=1): the options in effect
 * @error: return location for a #KOL_TITLE_LOADER_ERROR
 *
 * Loads the title as the document is now, for previews and printing,
 * without writing anything.
 *
 * Returns: (transfer full) (nullable): the engine's title
 */
KolTitle *
kol_title_document_load_title (KolTitleDocument   *self,
                               int                 n_players,
                               const char * const *options,
                               GError            **error)
{
  char *texts[KOL_TITLE_N_FILES];
  g_autoptr(KolTitleSource) source = NULL;
  KolTitle *title;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  source = source_of (self, texts);
  if (n_players <= 0)
    {
      g_autoptr(GPtrArray) configs = kol_title_source_list_configurations (source, NULL);

      for (guint i = 0; configs != NULL && i < configs->len; i++)
        n_players = MAX (n_players, ((KolTitleConfig *) g_ptr_array_index (configs, i))->n_players);
    }
  title = kol_title_source_load (source, n_players, options, error);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_free (texts[i]);
  return title;
}

/**
 * kol_title_document_check_playable:
 * @self: a document
 * @error: return location for why not
 *
 * What Play needs before it saves: the title loads with the most players
 * it allows, and a title of the user's has its folder's name as its id
 * (games find a title by its id), so that Play never renames one.
 *
 * Returns: whether a game can be started on the title as it is
 */
gboolean
kol_title_document_check_playable (KolTitleDocument  *self,
                                   GError           **error)
{
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *games = kol_title_document_user_games_dir ();
  g_autofree char *parent = NULL;
  g_autofree char *folder = NULL;
  const char *id;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if ((title = kol_title_document_load_title (self, 0, NULL, &local)) == NULL)
    {
      /* the problem, where it is in which file, is for the details */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID, "%s\n\n%s",
                   _("The title does not load yet: the list of problems shows what to fix."), local->message);
      return FALSE;
    }
  parent = g_path_get_dirname (self->path);
  folder = g_path_get_basename (self->path);
  id = kol_title_document_get_id (self);
  if (self->built_in || g_strcmp0 (parent, games) != 0 || g_strcmp0 (id, folder) == 0)
    return TRUE;
  /* Translators: %1$s is a title's id, %2$s the name of its folder. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
               _("The title’s id “%1$s” is not the name of its folder, “%2$s”: Save gives it the folder’s name, "
                 "Save As New Title a folder of its own"), id != NULL ? id : "", folder);
  return FALSE;
}
