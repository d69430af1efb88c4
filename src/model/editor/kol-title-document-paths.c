/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * More of a tile's track than its ends and type (kol-title-document-tiles.c):
 * parallel lanes, the tapered ends of off-board track, and the rule that a
 * tile never holds the same track twice.
 */

/* An end as text: "3" for an edge, the id for a node. */
static char *
end_text (JsonNode *end)
{
  if (end == NULL || !JSON_NODE_HOLDS_VALUE (end))
    return NULL;
  if (json_node_get_value_type (end) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (end));
  if (json_node_get_value_type (end) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (end));
  return NULL;
}

static gboolean
has_lanes (JsonObject *path)
{
  return json_object_has_member (path, "lanes") || json_object_has_member (path, "a_lane")
         || json_object_has_member (path, "b_lane");
}

/**
 * _kol_path_is_duplicate:
 * @paths: (nullable): a tile's "paths"
 * @a: one end of a track piece
 * @b: its other end
 * @except: the index of the piece itself, or -1 for a new one
 *
 * Parallel lanes are told apart by their lane indices; any other two
 * pieces joining the same two ends are the same track twice.
 *
 * Returns: whether another piece joins @a and @b
 */
gboolean
_kol_path_is_duplicate (JsonArray *paths,
                        JsonNode  *a,
                        JsonNode  *b,
                        int        except)
{
  g_autofree char *ta = end_text (a);
  g_autofree char *tb = end_text (b);

  for (guint i = 0; paths != NULL && i < json_array_get_length (paths); i++)
    {
      JsonNode *element = json_array_get_element (paths, i);
      JsonObject *path;
      g_autofree char *pa = NULL;
      g_autofree char *pb = NULL;

      if ((int) i == except || !JSON_NODE_HOLDS_OBJECT (element))
        continue;
      path = json_node_get_object (element);
      if (has_lanes (path))
        continue;
      pa = end_text (json_object_get_member (path, "a"));
      pb = end_text (json_object_get_member (path, "b"));
      if ((g_strcmp0 (pa, ta) == 0 && g_strcmp0 (pb, tb) == 0)
          || (g_strcmp0 (pa, tb) == 0 && g_strcmp0 (pb, ta) == 0))
        return TRUE;
    }
  return FALSE;
}

/* One command setting member @key of track piece @index of @tile. */
static gboolean
set_path_member (KolTitleDocument *self,
                 const char       *tile,
                 guint             index,
                 const char       *key,
                 JsonNode         *value,
                 const char       *label,
                 GError          **error)
{
  g_autofree char *body = NULL;
  g_autofree char *paths = NULL;
  g_autofree char *item = NULL;
  KolTitleFile file;
  KolEdit edit;
  JsonArray *array;

  _kol_edit_begin (&edit, self);
  if ((body = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL)
    return _kol_edit_abort (&edit);
  paths = kol_json_path_key (body, "paths");
  array = _kol_edit_array_at (&edit, file, paths);
  if (array == NULL || index >= json_array_get_length (array))
    {
      _kol_edit_abort (&edit);
      /* Translators: %u is the index of a track piece on a tile. */
      return _kol_not_found (error, _("The tile has no track piece %u"), index);
    }
  item = kol_json_path_index (paths, index);
  if (!_kol_edit_set_member (&edit, file, item, key, value, _kol_path_key_order, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, label, NULL, error);
}

/**
 * kol_title_document_set_path_lanes:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: a track piece's index
 * @lanes: how many parallel lanes the piece stands for, 1 for one track
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the lanes were set
 */
gboolean
kol_title_document_set_path_lanes (KolTitleDocument *self,
                                   const char       *tile,
                                   guint             index,
                                   int               lanes,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (lanes < 1 || lanes > 8)
    return _kol_edit_invalid (error, _("A track piece has 1 to 8 lanes"));
  value = lanes > 1 ? _kol_node_int (lanes) : NULL;
  return set_path_member (self, tile, index, "lanes", value, _("Track lanes"), error);
}

/**
 * kol_title_document_set_path_terminal:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: a track piece's index
 * @terminal: 0 for a plain end, 1 or 2 for the tapered dead end of an
 *   off-board
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the terminal end was set
 */
gboolean
kol_title_document_set_path_terminal (KolTitleDocument *self,
                                      const char       *tile,
                                      guint             index,
                                      int               terminal,
                                      GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (terminal < 0 || terminal > 2)
    return _kol_edit_invalid (error, _("A terminal end is of kind 1 or 2"));
  value = terminal > 0 ? _kol_node_int (terminal) : NULL;
  return set_path_member (self, tile, index, "terminal", value, _("Terminal end"), error);
}
