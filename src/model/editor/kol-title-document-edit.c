/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-hex.h"
#include "kol-engine-types.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * What the typed edits of KolTitleDocument share: checks, reading and
 * writing members inside an edit, and where a tile or a hex is to be
 * changed (in a variant, a base hex is first copied into the variant's
 * "replace"). The edits themselves are in kol-title-document-tiles.c (tiles,
 * nodes, paths) and kol-title-document-map.c (hexes, homes, the grid,
 * variants). Each public edit is one command; the ones a view calls again
 * and again for the same thing (a colour picked twice, a name typed letter
 * by letter) merge into one.
 */

gboolean
_kol_edit_invalid (GError    **error,
                   const char *message)
{
  g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID, message);
  return FALSE;
}

gboolean
_kol_edit_abort (KolEdit *edit)
{
  _kol_edit_clear (edit);
  return FALSE;
}

gboolean
_kol_check_color (const char  *color,
                  GError     **error)
{
  KolColor value;

  if (color != NULL && kol_color_from_string (color, &value))
    return TRUE;
  /* Translators: %s is what was given as a colour. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
               _("“%s” is not a tile colour"), color != NULL ? color : "");
  return FALSE;
}

gboolean
_kol_is_hex_tile (const char *tile)
{
  return g_str_has_prefix (tile, KOL_HEX_TILE_PREFIX);
}

static const char *
hex_of_tile (const char *tile)
{
  return tile + strlen (KOL_HEX_TILE_PREFIX);
}

JsonObject *
_kol_edit_object_at (KolEdit      *edit,
                     KolTitleFile  file,
                     const char   *path)
{
  JsonNode *node = _kol_edit_get (edit, file, path);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
_kol_edit_array_at (KolEdit      *edit,
                    KolTitleFile  file,
                    const char   *path)
{
  JsonNode *node = _kol_edit_get (edit, file, path);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* Sets member @key of the object at @path, keeping @order for a new one. */
gboolean
_kol_edit_set_member (KolEdit            *edit,
                      KolTitleFile        file,
                      const char         *path,
                      const char         *key,
                      JsonNode           *value,
                      const char * const *order,
                      GError            **error)
{
  g_autofree char *member = kol_json_path_key (path, key);

  return _kol_edit_set (edit, file, member, value, order, error);
}

/* Appends @value to the array member @key of the object at @path, creating
 * the array when absent; returns the new element's index, or -1. */
int
_kol_edit_append (KolEdit            *edit,
                  KolTitleFile        file,
                  const char         *path,
                  const char         *key,
                  JsonNode           *value,
                  const char * const *order,
                  GError            **error)
{
  g_autofree char *member = kol_json_path_key (path, key);
  JsonArray *array = _kol_edit_array_at (edit, file, member);
  guint index = array != NULL ? json_array_get_length (array) : 0;

  if (array == NULL)
    {
      g_autoptr(JsonNode) empty = json_node_new (JSON_NODE_ARRAY);

      json_node_take_array (empty, json_array_new ());

      if (!_kol_edit_set (edit, file, member, empty, order, error))
        return -1;
    }
  if (!_kol_edit_insert (edit, file, member, (int) index, value, error))
    return -1;
  return (int) index;
}

/* ---- where things are, for writing ------------------------------------------- */

gboolean
_kol_grid_of (JsonNode *map,
              KolGrid  *grid)
{
  JsonObject *root = JSON_NODE_HOLDS_OBJECT (map) ? json_node_get_object (map) : NULL;
  JsonNode *axes = root != NULL ? json_object_get_member (root, "axes") : NULL;
  JsonObject *axes_object = axes != NULL && JSON_NODE_HOLDS_OBJECT (axes) ? json_node_get_object (axes) : NULL;

  grid->layout = g_strcmp0 (_kol_object_string (root, "layout"), "pointy") == 0 ? KOL_LAYOUT_POINTY
                                                                                 : KOL_LAYOUT_FLAT;
  grid->x = g_strcmp0 (_kol_object_string (axes_object, "x"), "letter") == 0 ? KOL_AXIS_LETTER : KOL_AXIS_NUMBER;
  grid->y = grid->x == KOL_AXIS_LETTER ? KOL_AXIS_NUMBER : KOL_AXIS_LETTER;
  return root != NULL;
}

/* The variant being edited as "$.variants[v]", or NULL for the base map. */
char *
_kol_edit_variant_path (KolEdit *edit)
{
  int v;

  if (edit->doc->variant == NULL || (v = _kol_variant_index (edit->roots, edit->doc->variant)) < 0)
    return NULL;
  return g_strdup_printf ("$.variants[%d]", v);
}

/* Where to change @hex: in a variant, a base hex is first copied into the
 * variant's "replace", so that the base map stays as it is. */
char *
_kol_edit_hex_path (KolEdit     *edit,
                    const char  *hex,
                    GError     **error)
{
  g_autofree char *path = _kol_hex_path (edit->roots, edit->doc->variant, hex, error);
  g_autofree char *variant = NULL;
  JsonNode *base;
  int index;

  if (path == NULL || !g_str_has_prefix (path, "$.hexes[") || (variant = _kol_edit_variant_path (edit)) == NULL)
    return g_steal_pointer (&path);
  /* held: the edit's tree is replaced while the copy is added */
  base = json_node_ref (_kol_edit_get (edit, KOL_TITLE_FILE_MAP, path));
  index = _kol_edit_append (edit, KOL_TITLE_FILE_MAP, variant, "replace", base, _kol_variant_key_order, error);
  json_node_unref (base);
  if (index < 0)
    return NULL;
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_VARIANTS, hex);
  return g_strdup_printf ("%s.replace[%d]", variant, index);
}

/* The tile body to change; a blank hex gets an empty "tile" when @create. */
char *
_kol_edit_tile_path (KolEdit       *edit,
                     const char    *tile,
                     gboolean       create,
                     KolTitleFile  *file,
                     GError       **error)
{
  g_autofree char *hex = NULL;
  char *path;

  if (!_kol_is_hex_tile (tile))
    {
      path = _kol_tile_path (edit->roots, edit->doc->variant, tile, file, error);
      if (path != NULL)
        _kol_edit_touch (edit, KOL_TITLE_CHANGE_TILES, tile);
      return path;
    }
  *file = KOL_TITLE_FILE_MAP;
  if ((hex = _kol_edit_hex_path (edit, hex_of_tile (tile), error)) == NULL)
    return NULL;
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_HEXES, hex_of_tile (tile));
  path = g_strconcat (hex, ".tile", NULL);
  if (create && _kol_edit_object_at (edit, KOL_TITLE_FILE_MAP, path) == NULL)
    {
      g_autoptr(JsonNode) empty = json_node_new (JSON_NODE_OBJECT);

      json_node_take_object (empty, json_object_new ());

      if (!_kol_edit_set (edit, KOL_TITLE_FILE_MAP, path, empty, _kol_hex_key_order, error))
        g_clear_pointer (&path, g_free);
    }
  return path;
}

gboolean
_kol_need_manifest_tile (const char  *tile,
                         GError     **error)
{
  if (!_kol_is_hex_tile (tile))
    return TRUE;
  return _kol_edit_invalid (error, _("Only tiles of the tile set have an id, a colour and a count"));
}

gboolean
_kol_check_tile_ids (KolTitleDocument   *self,
                     const char * const *ids,
                     GError            **error)
{
  JsonArray *tiles = _kol_root_array (self->roots[KOL_TITLE_FILE_TILES], "tiles");

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (_kol_find_by_id (tiles, ids[i]) < 0)
      {
        /* Translators: %s is a tile id such as 57. */
        g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                     _("There is no tile “%s”"), ids[i]);
        return FALSE;
      }
  return TRUE;
}

/* Removes @id from the string array at @path, if it is there. */
gboolean
_kol_edit_remove_from_list (KolEdit      *edit,
                            KolTitleFile  file,
                            const char   *path,
                            const char   *id,
                            GError      **error)
{
  JsonArray *array = _kol_edit_array_at (edit, file, path);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (element) && g_strcmp0 (json_node_get_string (element), id) == 0)
        {
          g_autofree char *item = kol_json_path_index (path, i);

          return _kol_edit_remove (edit, file, item, error);
        }
    }
  return TRUE;
}

/* The hex objects of map.json: the base map's and every variant's. */
GPtrArray *
_kol_edit_all_hex_paths (KolEdit *edit)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  JsonArray *hexes = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, "$.hexes");
  JsonArray *variants = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, "$.variants");
  static const char * const lists[] = { "add", "replace" };

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    g_ptr_array_add (paths, g_strdup_printf ("$.hexes[%u]", i));
  for (guint v = 0; variants != NULL && v < json_array_get_length (variants); v++)
    for (gsize l = 0; l < G_N_ELEMENTS (lists); l++)
      {
        g_autofree char *list = g_strdup_printf ("$.variants[%u].%s", v, lists[l]);
        JsonArray *array = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, list);

        for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
          g_ptr_array_add (paths, g_strdup_printf ("%s[%u]", list, i));
      }
  return paths;
}
