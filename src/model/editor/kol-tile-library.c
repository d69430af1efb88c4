/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-title-document.h"
#include "kol-title-loader.h"
#include "kol-tile-library.h"

/*
 * The library of common tiles: found like the templates, read as a tile
 * manifest, and loaded as a
 * title of its own (the template's game and map with the library's tiles)
 * so that its tiles can be drawn before one is added.
 */

#define LIBRARY_FILE "library.json"

/**
 * kol_tile_library_find:
 *
 * Looks in `KOLEYA_TILE_LIBRARY` (a file; `meson devenv` and the tests
 * set it to the source tree's), then the installed data.
 *
 * Returns: (transfer full) (nullable): the library's file
 */
char *
kol_tile_library_find (void)
{
  const char *env = g_getenv ("KOLEYA_TILE_LIBRARY");
  const char *candidates[] = {
    env,
    PKGDATADIR G_DIR_SEPARATOR_S "tiles" G_DIR_SEPARATOR_S LIBRARY_FILE,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL && candidates[i][0] != '\0' && g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      return g_strdup (candidates[i]);
  return NULL;
}

static JsonArray *
read_tiles (JsonParser **parser,
            GError     **error)
{
  g_autofree char *path = kol_tile_library_find ();
  JsonNode *root, *tiles;

  if (path == NULL)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                           _("The library of common tiles is not installed"));
      return NULL;
    }
  *parser = json_parser_new ();
  if (!json_parser_load_from_file (*parser, path, error))
    return NULL;
  root = json_parser_get_root (*parser);
  tiles = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_object_get_member (json_node_get_object (root), "tiles")
                                                        : NULL;
  if (tiles == NULL || !JSON_NODE_HOLDS_ARRAY (tiles))
    {
      /* Translators: %s is a file name. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                   _("“%s” is not a tile manifest"), path);
      return NULL;
    }
  return json_node_get_array (tiles);
}

static const char *
tile_id (JsonArray *tiles,
         guint      i)
{
  JsonNode *tile = json_array_get_element (tiles, i);

  if (!JSON_NODE_HOLDS_OBJECT (tile) || !json_object_has_member (json_node_get_object (tile), "id"))
    return NULL;
  return json_object_get_string_member (json_node_get_object (tile), "id");
}

/**
 * kol_tile_library_dup_ids:
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: (transfer full) (nullable): the library's tile numbers, by
 *   colour
 */
GStrv
kol_tile_library_dup_ids (GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *tiles = read_tiles (&parser, error);
  g_autoptr(GStrvBuilder) builder = NULL;

  if (tiles == NULL)
    return NULL;
  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    if (tile_id (tiles, i) != NULL)
      g_strv_builder_add (builder, tile_id (tiles, i));
  return g_strv_builder_end (builder);
}

/**
 * kol_tile_library_dup_tile:
 * @number: a tile number, e.g. "57"
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: (transfer full) (nullable): a copy of the tile, with one copy
 *   in the box, or %NULL when the library has no such tile
 */
JsonNode *
kol_tile_library_dup_tile (const char  *number,
                           GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *tiles = read_tiles (&parser, error);

  if (tiles == NULL)
    return NULL;
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    if (g_strcmp0 (tile_id (tiles, i), number) == 0)
      return json_node_copy (json_array_get_element (tiles, i));
  /* Translators: %s is a tile number such as 57. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
               _("The library of common tiles has no tile %s"), number);
  return NULL;
}

/**
 * kol_tile_library_load_title:
 * @error: return location for a #KOL_TITLE_LOADER_ERROR or a
 *   #KOL_TITLE_DOCUMENT_ERROR
 *
 * The library as the tile manifest of the new-title template, for drawing
 * its tiles.
 *
 * Returns: (transfer full) (nullable): the title
 */
KolTitle *
kol_tile_library_load_title (GError **error)
{
  g_autofree char *library = kol_tile_library_find ();
  g_autofree char *template_dir = kol_title_document_find_template ("blank");
  char *texts[3] = { NULL, NULL, NULL };
  const char *names[3] = { "game.json", NULL, "map.json" };
  gssize lengths[3] = { -1, -1, -1 };
  g_autoptr(KolTitleSource) source = NULL;
  KolTitle *title = NULL;
  gboolean ok = library != NULL && template_dir != NULL;

  for (int i = 0; ok && i < 3; i++)
    {
      g_autofree char *path = names[i] != NULL ? g_build_filename (template_dir, names[i], NULL)
                                               : g_strdup (library);

      ok = g_file_get_contents (path, &texts[i], NULL, error);
    }
  if (ok)
    {
      g_autoptr(GPtrArray) configs = NULL;
      int n_players = 0;

      source = kol_title_source_new_for_texts (template_dir, (const char * const *) texts, lengths);
      configs = kol_title_source_list_configurations (source, NULL);
      if (configs != NULL && configs->len > 0)
        n_players = ((KolTitleConfig *) g_ptr_array_index (configs, 0))->n_players;
      title = kol_title_source_load (source, n_players, NULL, error);
    }
  else if (error != NULL && *error == NULL)
    g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                         _("The library of common tiles is not installed"));
  for (int i = 0; i < 3; i++)
    g_free (texts[i]);
  return title;
}
