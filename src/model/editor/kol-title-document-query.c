/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-title-document-private.h"

/*
 * What the views and the edits read from a KolTitleDocument: where a tile
 * or a hex is defined when the map is seen through a variant (the variant's
 * added or replacing hex, or the base map's), the roots and any value by
 * path, tile and hex objects, and the lists of tile, variant, hex and home
 * ids. It only reads, so it is apart from the edits and the history.
 */

/* ---- finding things ----------------------------------------------------------- */

int
_kol_variant_index (JsonNode * const *roots,
                    const char       *variant)
{
  return _kol_find_by_id (_kol_root_array (roots[KOL_TITLE_FILE_MAP], "variants"), variant);
}

gboolean G_GNUC_PRINTF (2, 3)
_kol_not_found (GError    **error,
                const char *format,
                ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND, format, args);
  va_end (args);
  return FALSE;
}

/* The member @key (an array) of variant @v, and the index of @hex in it. */
static int
variant_find (JsonNode * const *roots,
              int               v,
              const char       *key,
              const char       *hex)
{
  JsonArray *variants = _kol_root_array (roots[KOL_TITLE_FILE_MAP], "variants");
  JsonObject *variant = json_node_get_object (json_array_get_element (variants, (guint) v));
  JsonNode *list = json_object_get_member (variant, key);

  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return -1;
  if (g_str_equal (key, "remove"))
    {
      JsonArray *array = json_node_get_array (list);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_VALUE (element) && g_strcmp0 (json_node_get_string (element), hex) == 0)
            return (int) i;
        }
      return -1;
    }
  return _kol_find_by_id (json_node_get_array (list), hex);
}

/**
 * _kol_hex_path:
 * @roots: the three roots
 * @variant: (nullable): the variant seen through, or %NULL for the base map
 * @hex: a hex id
 * @error: return location for NOT_FOUND
 *
 * Where @hex is defined when the map is seen through @variant: the
 * variant's added or replacing definition, or the base map's.
 *
 * Returns: (transfer full) (nullable): a JSON path into map.json
 */
char *
_kol_hex_path (JsonNode * const *roots,
               const char       *variant,
               const char       *hex,
               GError          **error)
{
  int v = variant != NULL ? _kol_variant_index (roots, variant) : -1;
  int i;

  if (variant != NULL && v < 0)
    {
      /* Translators: %s is the id of a map variant. */
      _kol_not_found (error, _("There is no variant “%s”"), variant);
      return NULL;
    }
  if (v >= 0)
    {
      if ((i = variant_find (roots, v, "replace", hex)) >= 0)
        return g_strdup_printf ("$.variants[%d].replace[%d]", v, i);
      if ((i = variant_find (roots, v, "add", hex)) >= 0)
        return g_strdup_printf ("$.variants[%d].add[%d]", v, i);
      if (variant_find (roots, v, "remove", hex) >= 0)
        {
          /* Translators: %s is a hex id such as C5. */
          _kol_not_found (error, _("The hex %s is removed in this variant"), hex);
          return NULL;
        }
    }
  if ((i = _kol_find_by_id (_kol_root_array (roots[KOL_TITLE_FILE_MAP], "hexes"), hex)) < 0)
    {
      /* Translators: %s is a hex id such as C5. */
      _kol_not_found (error, _("There is no hex %s"), hex);
      return NULL;
    }
  return g_strdup_printf ("$.hexes[%d]", i);
}

/**
 * _kol_tile_path:
 * @roots: the three roots
 * @variant: (nullable): the variant hexes are seen through
 * @tile: a manifest tile id, or "hex:<id>"
 * @file: (out): the file the tile is in
 * @error: return location for NOT_FOUND
 *
 * Returns: (transfer full) (nullable): the JSON path of the tile object, or
 *   of the hex's "tile" member (which may be absent on a blank hex)
 */
char *
_kol_tile_path (JsonNode * const *roots,
                const char       *variant,
                const char       *tile,
                KolTitleFile     *file,
                GError          **error)
{
  int i;

  if (g_str_has_prefix (tile, KOL_HEX_TILE_PREFIX))
    {
      g_autofree char *hex = _kol_hex_path (roots, variant, tile + strlen (KOL_HEX_TILE_PREFIX), error);

      *file = KOL_TITLE_FILE_MAP;
      return hex != NULL ? g_strconcat (hex, ".tile", NULL) : NULL;
    }
  *file = KOL_TITLE_FILE_TILES;
  if ((i = _kol_find_by_id (_kol_root_array (roots[KOL_TITLE_FILE_TILES], "tiles"), tile)) < 0)
    {
      /* Translators: %s is a tile id such as 57. */
      _kol_not_found (error, _("There is no tile “%s”"), tile);
      return NULL;
    }
  return g_strdup_printf ("$.tiles[%d]", i);
}

/* ---- reading ------------------------------------------------------------------ */

/**
 * kol_title_document_get_root:
 * @self: a document
 * @file: which file
 *
 * Returns: (transfer none): the file's tree, valid until the next change
 */
JsonNode *
kol_title_document_get_root (KolTitleDocument *self,
                             KolTitleFile      file)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, NULL);

  return self->roots[file];
}

/**
 * kol_title_document_get_value:
 * @self: a document
 * @file: which file
 * @path: a JSON path, e.g. "$.tiles[3].color"
 *
 * Returns: (transfer none) (nullable): the value, valid until the next
 *   change, or %NULL when there is none
 */
JsonNode *
kol_title_document_get_value (KolTitleDocument *self,
                              KolTitleFile      file,
                              const char       *path)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  return _kol_lookup (self->roots[file], path);
}

/**
 * kol_title_document_dup_tile_path:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @file: (out) (optional): the file it is in
 *
 * Returns: (transfer full) (nullable): the JSON path of the tile (for a hex,
 *   of its "tile" member), in the variant being edited
 */
char *
kol_title_document_dup_tile_path (KolTitleDocument *self,
                                  const char       *tile,
                                  KolTitleFile     *file)
{
  KolTitleFile where;
  char *path;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (tile != NULL, NULL);

  path = _kol_tile_path (self->roots, self->variant, tile, &where, NULL);
  if (file != NULL)
    *file = where;
  return path;
}

/**
 * kol_title_document_dup_hex_path:
 * @self: a document
 * @hex: a hex id
 *
 * Returns: (transfer full) (nullable): where @hex is defined in map.json as
 *   seen through the variant being edited
 */
char *
kol_title_document_dup_hex_path (KolTitleDocument *self,
                                 const char       *hex)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (hex != NULL, NULL);

  return _kol_hex_path (self->roots, self->variant, hex, NULL);
}

/**
 * kol_title_document_get_tile:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 *
 * Returns: (transfer none) (nullable): the tile object, valid until the
 *   next change
 */
JsonObject *
kol_title_document_get_tile (KolTitleDocument *self,
                             const char       *tile)
{
  g_autofree char *path = NULL;
  KolTitleFile file;
  JsonNode *node;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (tile != NULL, NULL);

  if ((path = _kol_tile_path (self->roots, self->variant, tile, &file, NULL)) == NULL)
    return NULL;
  node = _kol_lookup (self->roots[file], path);
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * kol_title_document_get_hex:
 * @self: a document
 * @hex: a hex id
 *
 * Returns: (transfer none) (nullable): the hex object as seen through the
 *   variant being edited, valid until the next change
 */
JsonObject *
kol_title_document_get_hex (KolTitleDocument *self,
                            const char       *hex)
{
  g_autofree char *path = NULL;
  JsonNode *node;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (hex != NULL, NULL);

  if ((path = _kol_hex_path (self->roots, self->variant, hex, NULL)) == NULL)
    return NULL;
  node = _kol_lookup (self->roots[KOL_TITLE_FILE_MAP], path);
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static GStrv
ids_of (JsonArray *array)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *id = JSON_NODE_HOLDS_OBJECT (element)
                       ? _kol_object_string (json_node_get_object (element), "id") : NULL;

      if (id != NULL)
        g_strv_builder_add (builder, id);
    }
  return g_strv_builder_end (builder);
}

/**
 * kol_title_document_dup_tile_ids:
 * @self: a document
 *
 * Returns: (transfer full): the manifest's tile ids in file order
 */
GStrv
kol_title_document_dup_tile_ids (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  return ids_of (_kol_root_array (self->roots[KOL_TITLE_FILE_TILES], "tiles"));
}

/**
 * kol_title_document_dup_variant_ids:
 * @self: a document
 *
 * Returns: (transfer full): the ids of the map's variants in file order
 */
GStrv
kol_title_document_dup_variant_ids (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  return ids_of (_kol_root_array (self->roots[KOL_TITLE_FILE_MAP], "variants"));
}

/**
 * kol_title_document_dup_hex_ids:
 * @self: a document
 *
 * Returns: (transfer full): the ids of the hexes of the map seen through
 *   the variant being edited: the base map's in file order without those
 *   the variant removes, then those it adds
 */
GStrv
kol_title_document_dup_hex_ids (KolTitleDocument *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) base = NULL;
  int v;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  base = ids_of (_kol_root_array (self->roots[KOL_TITLE_FILE_MAP], "hexes"));
  v = self->variant != NULL ? _kol_variant_index (self->roots, self->variant) : -1;
  for (guint i = 0; base[i] != NULL; i++)
    if (v < 0 || variant_find (self->roots, v, "remove", base[i]) < 0)
      g_strv_builder_add (builder, base[i]);
  if (v >= 0)
    {
      JsonArray *variants = _kol_root_array (self->roots[KOL_TITLE_FILE_MAP], "variants");
      JsonObject *variant = json_array_get_object_element (variants, (guint) v);
      JsonNode *add = json_object_get_member (variant, "add");
      g_auto(GStrv) added = ids_of (add != NULL && JSON_NODE_HOLDS_ARRAY (add) ? json_node_get_array (add) : NULL);

      g_strv_builder_addv (builder, (const char **) added);
    }
  return g_strv_builder_end (builder);
}

/**
 * kol_title_document_dup_homes_on_hex:
 * @self: a document
 * @hex: a hex id
 *
 * Returns: (transfer full): the ids of the corporations whose "home" is @hex
 */
GStrv
kol_title_document_dup_homes_on_hex (KolTitleDocument *self,
                                     const char       *hex)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *corps;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (hex != NULL, NULL);

  corps = _kol_root_array (self->roots[KOL_TITLE_FILE_GAME], "corporations");
  for (guint i = 0; corps != NULL && i < json_array_get_length (corps); i++)
    {
      JsonNode *element = json_array_get_element (corps, i);
      JsonObject *corp = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;

      if (g_strcmp0 (_kol_object_string (corp, "home"), hex) == 0 && _kol_object_string (corp, "id") != NULL)
        g_strv_builder_add (builder, _kol_object_string (corp, "id"));
    }
  return g_strv_builder_end (builder);
}
