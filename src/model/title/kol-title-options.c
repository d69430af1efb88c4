/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <json-glib/json-glib.h>

#include "kol-json-scan.h"
#include "kol-l10n.h"
#include "kol-title-loader.h"
#include "kol-title-options.h"

/**
 * kol_title_option_free:
 */
void
kol_title_option_free (KolTitleOption *option)
{
  if (option == NULL)
    return;
  g_free (option->id);
  g_free (option->name);
  g_free (option->description);
  g_clear_pointer (&option->players, g_array_unref);
  g_strfreev (option->requires);
  g_strfreev (option->excludes);
  g_free (option);
}

static GStrv
string_list (JsonObject *object,
             const char *member)
{
  JsonNode *node = json_object_get_member (object, member);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *item = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (item));
        }
    }
  return g_strv_builder_end (builder);
}

static GArray *
player_list (JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "players");
  GArray *players;
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  players = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_INT64)
        {
          int n = (int) json_node_get_int (item);

          g_array_append_val (players, n);
        }
    }
  return players;
}

static KolTitleOption *
option_from_json (JsonObject *object)
{
  KolTitleOption *option;
  const char *id = json_object_get_string_member_with_default (object, "id", NULL);
  const char *name = kol_l10n_pick (json_object_get_member (object, "name"));
  const char *description = kol_l10n_pick (json_object_get_member (object, "description"));

  if (id == NULL)
    return NULL;
  option = g_new0 (KolTitleOption, 1);
  option->id = g_strdup (id);
  option->name = g_strdup (name != NULL ? name : id);
  option->description = g_strdup (description != NULL ? description : "");
  option->players = player_list (object);
  option->requires = string_list (object, "requires");
  option->excludes = string_list (object, "excludes");
  option->hidden = json_object_get_boolean_member_with_default (object, "hidden", FALSE);
  return option;
}

/**
 * kol_title_options_load:
 * @title_dir: a title's data folder
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type KolTitleOption): the title's
 *   options in the order of game.json, or %NULL when game.json cannot be
 *   read
 */
GPtrArray *
kol_title_options_load (const char  *title_dir,
                        GError     **error)
{
  g_autofree char *path = g_build_filename (title_dir, KOL_TITLE_GAME_FILE, NULL);
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  gsize length;
  GPtrArray *options;
  JsonNode *root, *list;

  /* json-glib recurses without a limit: the scanner checks the text first */
  if (!kol_json_read_file (file, &text, &length, error) || !kol_json_check_text (text, length, error) ||
      !json_parser_load_from_data (parser, text, (gssize) length, error))
    return NULL;
  options = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_title_option_free);
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return options;
  list = json_object_get_member (json_node_get_object (root), "options");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return options;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (list)); i++)
    {
      JsonNode *item = json_array_get_element (json_node_get_array (list), i);
      KolTitleOption *option = JSON_NODE_HOLDS_OBJECT (item) ? option_from_json (json_node_get_object (item)) : NULL;

      if (option != NULL)
        g_ptr_array_add (options, option);
    }
  return options;
}

static gboolean
listed (const char * const *list,
        const char         *id)
{
  return list != NULL && g_strv_contains (list, id);
}

/**
 * kol_title_option_allowed:
 * @option: an option
 * @all: (element-type KolTitleOption): every option of the title
 * @n_players: the player count chosen
 * @selected: (array zero-terminated=1): the options chosen so far
 *
 * Returns: %TRUE if @option may be chosen with these: it is not hidden, is
 *   for @n_players, its requirements are chosen, and neither it nor a
 *   chosen option excludes the other
 */
gboolean
kol_title_option_allowed (const KolTitleOption *option,
                          GPtrArray            *all,
                          int                   n_players,
                          const char * const   *selected)
{
  gboolean for_count = option->players == NULL || option->players->len == 0;

  if (option->hidden)
    return FALSE;
  for (guint i = 0; option->players != NULL && i < option->players->len; i++)
    for_count |= g_array_index (option->players, int, i) == n_players;
  if (!for_count)
    return FALSE;
  for (guint i = 0; option->requires[i] != NULL; i++)
    if (!listed (selected, option->requires[i]))
      return FALSE;
  for (guint i = 0; option->excludes[i] != NULL; i++)
    if (listed (selected, option->excludes[i]))
      return FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      const KolTitleOption *other = g_ptr_array_index (all, i);

      if (other != option && listed (selected, other->id) &&
          listed ((const char * const *) other->excludes, option->id))
        return FALSE;
    }
  return TRUE;
}
