/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "kol-json-scan.h"
#include "kol-l10n.h"
#include "kol-title-info.h"

/**
 * KolTitleInfo:
 *
 * What the start page and `koleya-cli` need to know about a title before it
 * is loaded: the metadata at the top of `data/games/<id>/game.json`.
 * Immutable once created.
 */
struct _KolTitleInfo
{
  GObject parent_instance;

  char *id;
  char *name;
  char *designer;
  guint min_players;
  guint max_players;
  GFile *directory;
};

G_DEFINE_FINAL_TYPE (KolTitleInfo, kol_title_info, G_TYPE_OBJECT)

G_DEFINE_QUARK (kol-title-info-error-quark, kol_title_info_error)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_DESIGNER,
  PROP_MIN_PLAYERS,
  PROP_MAX_PLAYERS,
  PROP_DIRECTORY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Player counts above this are a data error, not a big table. */
#define KOL_MAX_PLAYERS 20

static void
kol_title_info_finalize (GObject *object)
{
  KolTitleInfo *self = KOL_TITLE_INFO (object);

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->designer, g_free);
  g_clear_object (&self->directory);

  G_OBJECT_CLASS (kol_title_info_parent_class)->finalize (object);
}

static void
kol_title_info_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KolTitleInfo *self = KOL_TITLE_INFO (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_DESIGNER:
      g_value_set_string (value, self->designer);
      break;
    case PROP_MIN_PLAYERS:
      g_value_set_uint (value, self->min_players);
      break;
    case PROP_MAX_PLAYERS:
      g_value_set_uint (value, self->max_players);
      break;
    case PROP_DIRECTORY:
      g_value_set_object (value, self->directory);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_info_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KolTitleInfo *self = KOL_TITLE_INFO (object);

  switch (prop_id)
    {
    case PROP_ID:
      self->id = g_value_dup_string (value);
      break;
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    case PROP_DESIGNER:
      self->designer = g_value_dup_string (value);
      break;
    case PROP_MIN_PLAYERS:
      self->min_players = g_value_get_uint (value);
      break;
    case PROP_MAX_PLAYERS:
      self->max_players = g_value_get_uint (value);
      break;
    case PROP_DIRECTORY:
      self->directory = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_info_class_init (KolTitleInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = kol_title_info_finalize;
  object_class->get_property = kol_title_info_get_property;
  object_class->set_property = kol_title_info_set_property;

  /** KolTitleInfo:id: the title's id, as the name of its data directory ("1849"). */
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  /** KolTitleInfo:name: the title's name in the user's language. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  /** KolTitleInfo:designer: who designed the game; empty when unknown. */
  properties[PROP_DESIGNER] = g_param_spec_string ("designer", NULL, NULL, "", flags);
  /** KolTitleInfo:min-players: the fewest players the title supports. */
  properties[PROP_MIN_PLAYERS] =
    g_param_spec_uint ("min-players", NULL, NULL, 1, KOL_MAX_PLAYERS, 1, flags);
  /** KolTitleInfo:max-players: the most players the title supports. */
  properties[PROP_MAX_PLAYERS] =
    g_param_spec_uint ("max-players", NULL, NULL, 1, KOL_MAX_PLAYERS, 1, flags);
  /** KolTitleInfo:directory: the directory holding the title's files, if any. */
  properties[PROP_DIRECTORY] = g_param_spec_object ("directory", NULL, NULL, G_TYPE_FILE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_title_info_init (KolTitleInfo *self)
{
}

/* NULL if @member is absent or not a string. */
static const char *
get_string (JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
get_player_count (JsonObject *players,
                  const char *member,
                  guint      *count)
{
  JsonNode *node = json_object_get_member (players, member);
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  value = json_node_get_int (node);
  if (value < 1 || value > KOL_MAX_PLAYERS)
    return FALSE;
  *count = (guint) value;
  return TRUE;
}

static gboolean
get_player_range (JsonObject *object,
                  guint      *min,
                  guint      *max)
{
  JsonNode *node = json_object_get_member (object, "players");
  JsonObject *players;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  players = json_node_get_object (node);
  return get_player_count (players, "min", min)
         && get_player_count (players, "max", max)
         && *min <= *max;
}

/* Always returns NULL, for the callers' return statements. */
static gpointer set_invalid (GError    **error,
                             const char *format,
                             ...) G_GNUC_PRINTF (2, 3);

static gpointer
set_invalid (GError    **error,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (KOL_TITLE_INFO_ERROR,
                                                KOL_TITLE_INFO_ERROR_INVALID,
                                                format, args));
  va_end (args);
  return NULL;
}

static gboolean
is_blank (const char *text,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;
  return TRUE;
}

/* json-glib recurses without a limit: the scanner checks the text first
 * (an empty file is for the caller to call not a title). */
static JsonObject *
load_object (GFile      *file,
             const char *where,
             GError    **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  JsonNode *root;

  if (!kol_json_read_file (file, &contents, &length, &local_error)
      || (!is_blank (contents, length) && !kol_json_check_text (contents, length, &local_error))
      || !json_parser_load_from_data (parser, contents, (gssize) length, &local_error))
    {
      /* Translators: the first %s is a file name, the second the reason. */
      g_set_error (error, KOL_TITLE_INFO_ERROR, KOL_TITLE_INFO_ERROR_READ,
                   _("Cannot read “%s”: %s"), where, local_error->message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      /* Translators: %s is a file name. */
      return set_invalid (error, _("“%s” does not describe a game: it holds no JSON object"), where);
    }
  return json_object_ref (json_node_get_object (root));
}

/**
 * kol_title_id_is_valid:
 * @id: (nullable): a title id
 *
 * Title ids name folders (the user's titles) and start file names (the
 * autosaves), so only plain names are ids: ASCII letters, digits, “-”, “_”
 * and “.”, not starting with a dot, at most 64 characters. No id can
 * reach outside the folder it is put in (“..”, “/”), hide its file or
 * carry a control character.
 *
 * Returns: whether @id may be a title id
 */
gboolean
kol_title_id_is_valid (const char *id)
{
  gsize len;

  if (id == NULL || id[0] == '\0' || id[0] == '.' || (len = strlen (id)) > 64)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '-' && id[i] != '_' && id[i] != '.')
      return FALSE;
  return TRUE;
}

/**
 * kol_title_info_new_from_file:
 * @file: a title's `game.json`
 * @error: return location for a #KOL_TITLE_INFO_ERROR
 *
 * Reads the metadata of a title: "id", "name" (a translation object or a
 * plain string), "players" {"min", "max"} and the optional "designer".
 * The rest of the file is left to the title loader.
 *
 * Returns: (transfer full) (nullable): the title's metadata, or %NULL with
 *   @error set if the file cannot be read or lacks a required member
 */
KolTitleInfo *
kol_title_info_new_from_file (GFile   *file,
                              GError **error)
{
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(GFile) directory = NULL;
  g_autofree char *where = NULL;
  const char *id, *name, *designer = "";
  guint min = 0, max = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  where = g_file_get_parse_name (file);
  if ((object = load_object (file, where, error)) == NULL)
    return NULL;

  id = get_string (object, "id");
  name = kol_l10n_pick (json_object_get_member (object, "name"));
  if (id == NULL || *id == '\0')
    /* Translators: %s is a file name; “id” stays in English. */
    return set_invalid (error, _("“%s” has no title id (“id”)"), where);
  if (!kol_title_id_is_valid (id))
    /* Translators: %s is a file name; “id” stays in English. */
    return set_invalid (error, _("In “%s”, the title id (“id”) is not a plain name: use letters, digits, "
                                 "“-”, “_” and “.”"), where);
  if (name == NULL || *name == '\0')
    /* Translators: %s is a file name; “name” stays in English. */
    return set_invalid (error, _("“%s” has no title name (“name”)"), where);
  if (!get_player_range (object, &min, &max))
    /* Translators: %s is a file name; the words in quotes stay in English. */
    return set_invalid (error, _("“%s” has no valid player range (“players”: “min” to “max”)"), where);
  if (json_object_has_member (object, "designer")
      && (designer = get_string (object, "designer")) == NULL)
    /* Translators: %s is a file name; “designer” stays in English. */
    return set_invalid (error, _("In “%s”, “designer” is not a text"), where);

  directory = g_file_get_parent (file);
  return g_object_new (KOL_TYPE_TITLE_INFO,
                       "id", id,
                       "name", name,
                       "designer", designer,
                       "min-players", min,
                       "max-players", max,
                       "directory", directory,
                       NULL);
}

/** kol_title_info_get_id: Returns: (transfer none): the title's id */
const char *
kol_title_info_get_id (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), NULL);
  return self->id;
}

/** kol_title_info_get_name: Returns: (transfer none): the name in the user's language */
const char *
kol_title_info_get_name (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), NULL);
  return self->name;
}

/** kol_title_info_get_designer: Returns: (transfer none): the designer, or "" */
const char *
kol_title_info_get_designer (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), NULL);
  return self->designer != NULL ? self->designer : "";
}

/** kol_title_info_get_min_players: Returns: the fewest players */
guint
kol_title_info_get_min_players (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), 0);
  return self->min_players;
}

/** kol_title_info_get_max_players: Returns: the most players */
guint
kol_title_info_get_max_players (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), 0);
  return self->max_players;
}

/** kol_title_info_get_directory: Returns: (transfer none) (nullable): the data directory */
GFile *
kol_title_info_get_directory (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), NULL);
  return self->directory;
}

/**
 * kol_title_info_dup_players_label:
 * @self: a #KolTitleInfo
 *
 * Returns: (transfer full): the player range for people, "3–5 players"
 */
char *
kol_title_info_dup_players_label (KolTitleInfo *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_INFO (self), NULL);

  if (self->min_players == self->max_players)
    return g_strdup_printf (ngettext ("%u player", "%u players", self->max_players),
                            self->max_players);

  /* Translators: a range of player counts, "3–5 players"; the plural form
   * follows the larger number, as in Russian "3–5 игроков", "2–4 игрока". */
  return g_strdup_printf (ngettext ("%u–%u player", "%u–%u players", self->max_players),
                          self->min_players, self->max_players);
}

/**
 * kol_title_info_get_search_dirs:
 *
 * Where titles are looked for, in order of precedence: the user's own titles
 * (g_get_user_data_dir()/koleya/games, where the editor saves), then each
 * directory of `KOLEYA_DATA_DIR` (a search path), then the installed titles.
 * An uninstalled build finds the source tree's titles through
 * `KOLEYA_DATA_DIR`, which `meson devenv` and the tests set: the binary
 * never looks into the tree it was built from.
 *
 * Returns: (transfer full): the directories
 */
GStrv
kol_title_info_get_search_dirs (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "koleya", "games", NULL);
  const char *env = g_getenv ("KOLEYA_DATA_DIR");

  g_strv_builder_add (builder, user_dir);
  if (env != NULL && *env != '\0')
    {
      g_auto(GStrv) env_dirs = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; env_dirs[i] != NULL; i++)
        if (*env_dirs[i] != '\0')
          g_strv_builder_add (builder, env_dirs[i]);
    }
  g_strv_builder_add (builder, PKGDATADIR G_DIR_SEPARATOR_S "games");

  return g_strv_builder_end (builder);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  return g_strcmp0 (KOL_TITLE_INFO ((gpointer) a)->id, KOL_TITLE_INFO ((gpointer) b)->id);
}

/* Adds the valid titles of @dir not already in @seen. A broken game.json
 * must not hide the others, so it is only logged. */
static void
add_titles_from_dir (GListStore *store,
                     GHashTable *seen,
                     const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;

  if (listing == NULL)
    return;

  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, "game.json", NULL);
      g_autoptr(GFile) file = NULL;
      g_autoptr(KolTitleInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      if (entry[0] == '.' || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;

      file = g_file_new_for_path (path);
      if ((info = kol_title_info_new_from_file (file, &error)) == NULL)
        {
          g_message ("Skipping a title: %s", error->message);
          continue;
        }
      if (g_hash_table_contains (seen, info->id))
        continue;

      g_hash_table_add (seen, g_strdup (info->id));
      g_list_store_insert_sorted (store, info, compare_ids, NULL);
    }
}

/**
 * kol_title_info_list_in_dirs:
 * @dirs: (array zero-terminated=1): directories holding `<id>/game.json`,
 *   in order of precedence
 *
 * Lists the titles in @dirs. When two directories hold the same id, the
 * first one wins, so a user's edited title replaces the installed one.
 * Missing directories are fine.
 *
 * Returns: (transfer full): a #GListModel of #KolTitleInfo sorted by id
 */
GListModel *
kol_title_info_list_in_dirs (const char * const *dirs)
{
  GListStore *store = g_list_store_new (KOL_TYPE_TITLE_INFO);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (dirs != NULL, G_LIST_MODEL (store));

  for (guint i = 0; dirs[i] != NULL; i++)
    add_titles_from_dir (store, seen, dirs[i]);

  return G_LIST_MODEL (store);
}

/**
 * kol_title_info_list_titles:
 *
 * Lists the titles in kol_title_info_get_search_dirs().
 *
 * Returns: (transfer full): a #GListModel of #KolTitleInfo sorted by id
 */
GListModel *
kol_title_info_list_titles (void)
{
  g_auto(GStrv) dirs = kol_title_info_get_search_dirs ();

  return kol_title_info_list_in_dirs ((const char * const *) dirs);
}
