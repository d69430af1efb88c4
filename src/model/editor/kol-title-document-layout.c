/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * Switching a map between flat and pointy hexes without breaking it.
 *
 * The hex ids stay: the two axes swap what they count (the letters become
 * the other coordinate), which transposes the grid, and a transposed flat
 * grid is a pointy one with every hex in the same company of neighbours.
 * The picture is the map mirrored across its diagonal, so every edge
 * number of the map (track, revenue centres drawn at an edge, borders, the
 * exits of 1840's Stadtbahn hexes) becomes its mirror image, 4 − e (flat
 * south, edge 0, becomes pointy east, edge 4, and back), a pre-printed
 * tile's rotation r becomes −r, and parallel lanes swap sides. Manifest
 * tiles are laid at any rotation, so they need nothing.
 */

static int
mirror_edge (gint64 edge)
{
  return (int) (((4 - edge) % 6 + 6) % 6);
}

/* An edge number, or a node id left as it is. */
static gboolean
mirror_end (KolEdit      *edit,
            const char   *path,
            GError      **error)
{
  JsonNode *end = _kol_edit_get (edit, KOL_TITLE_FILE_MAP, path);
  g_autoptr(JsonNode) value = NULL;

  if (end == NULL || !JSON_NODE_HOLDS_VALUE (end) || json_node_get_value_type (end) != G_TYPE_INT64)
    return TRUE;
  value = _kol_node_int (mirror_edge (json_node_get_int (end)));
  return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, path, value, NULL, error);
}

/* [lanes, index] counts the lanes from the other side. */
static gboolean
mirror_lane (KolEdit      *edit,
             const char   *path,
             GError      **error)
{
  JsonArray *lane = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, path);
  g_autoptr(JsonNode) value = NULL;
  gint64 n, i;

  if (lane == NULL || json_array_get_length (lane) != 2)
    return TRUE;
  n = json_array_get_int_element (lane, 0);
  i = json_array_get_int_element (lane, 1);
  value = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (value, json_array_new ());
  json_array_add_int_element (json_node_get_array (value), n);
  json_array_add_int_element (json_node_get_array (value), n - 1 - i);
  return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, path, value, NULL, error);
}

static gboolean
mirror_paths (KolEdit     *edit,
              const char  *tile,
              GError     **error)
{
  g_autofree char *paths = kol_json_path_key (tile, "paths");
  JsonArray *array = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, paths);
  static const char * const ends[] = { "a", "b" };
  static const char * const lanes[] = { "a_lane", "b_lane" };

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = kol_json_path_index (paths, i);

      for (int k = 0; k < 2; k++)
        {
          g_autofree char *end = kol_json_path_key (item, ends[k]);
          g_autofree char *lane = kol_json_path_key (item, lanes[k]);

          if (!mirror_end (edit, end, error) || !mirror_lane (edit, lane, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* A centre drawn at an edge, or between two ("4.5"), moves to its mirror
 * image; "center" stays. */
static gboolean
mirror_locs (KolEdit     *edit,
             const char  *tile,
             GError      **error)
{
  g_autofree char *nodes = kol_json_path_key (tile, "nodes");
  JsonArray *array = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, nodes);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = kol_json_path_index (nodes, i);
      g_autofree char *path = kol_json_path_key (item, "loc");
      JsonNode *loc = _kol_edit_get (edit, KOL_TITLE_FILE_MAP, path);
      const char *text;
      char *end;
      double angle;
      g_autoptr(JsonNode) value = NULL;
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      if (loc == NULL || !JSON_NODE_HOLDS_VALUE (loc))
        continue;
      if (json_node_get_value_type (loc) == G_TYPE_INT64)
        {
          if (!mirror_end (edit, path, error))
            return FALSE;
          continue;
        }
      if ((text = json_node_get_string (loc)) == NULL)
        continue;
      angle = g_ascii_strtod (text, &end);
      if (end == text || *end != '\0')
        continue;
      angle = 4.0 - angle;
      while (angle < 0)
        angle += 6.0;
      value = _kol_node_string (g_ascii_formatd (buffer, sizeof buffer, "%g", angle));
      if (!_kol_edit_set (edit, KOL_TITLE_FILE_MAP, path, value, NULL, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
mirror_edge_list (KolEdit     *edit,
                  const char  *path,
                  GError     **error)
{
  JsonArray *array = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, path);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = kol_json_path_index (path, i);

      if (!mirror_end (edit, item, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
mirror_borders (KolEdit     *edit,
                const char  *hex,
                GError     **error)
{
  g_autofree char *borders = kol_json_path_key (hex, "borders");
  JsonArray *array = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, borders);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *item = kol_json_path_index (borders, i);
      g_autofree char *edge = kol_json_path_key (item, "edge");

      if (!mirror_end (edit, edge, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
mirror_rotation (KolEdit     *edit,
                 const char  *hex,
                 GError     **error)
{
  g_autofree char *path = kol_json_path_key (hex, "rotation");
  JsonNode *rotation = _kol_edit_get (edit, KOL_TITLE_FILE_MAP, path);
  g_autoptr(JsonNode) value = NULL;
  gint64 r;

  if (rotation == NULL || !JSON_NODE_HOLDS_VALUE (rotation) || json_node_get_value_type (rotation) != G_TYPE_INT64)
    return TRUE;
  r = (6 - json_node_get_int (rotation) % 6) % 6;
  value = _kol_node_int (r);
  return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, path, value, NULL, error);
}

static gboolean
mirror_hex (KolEdit     *edit,
            const char  *hex,
            GError     **error)
{
  g_autofree char *tile = kol_json_path_key (hex, "tile");
  g_autofree char *stadtbahn = kol_json_path_key (hex, "stadtbahn");
  g_autofree char *exits = kol_json_path_key (stadtbahn, "exits");

  return mirror_paths (edit, tile, error) && mirror_locs (edit, tile, error)
         && mirror_borders (edit, hex, error) && mirror_rotation (edit, hex, error)
         && mirror_edge_list (edit, exits, error);
}

/* The letters go to the other axis. */
static gboolean
swap_axes (KolEdit  *edit,
           GError  **error)
{
  JsonObject *axes = _kol_edit_object_at (edit, KOL_TITLE_FILE_MAP, "$.axes");
  const char *x = axes != NULL ? _kol_object_string (axes, "x") : NULL;
  gboolean letters_x = g_strcmp0 (x, "letter") == 0;
  g_autoptr(JsonNode) new_x = _kol_node_string (letters_x ? "number" : "letter");
  g_autoptr(JsonNode) new_y = _kol_node_string (letters_x ? "letter" : "number");

  if (axes == NULL)
    return TRUE;
  return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, "$.axes.x", new_x, NULL, error)
         && _kol_edit_set (edit, KOL_TITLE_FILE_MAP, "$.axes.y", new_y, NULL, error);
}

/**
 * _kol_edit_mirror_map:
 * @edit: an edit changing the layout
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Converts every hex of map.json (the variants' too) for the other layout;
 * see the top of this file.
 *
 * Returns: whether the map was converted
 */
gboolean
_kol_edit_mirror_map (KolEdit  *edit,
                      GError  **error)
{
  g_autoptr(GPtrArray) hexes = _kol_edit_all_hex_paths (edit);

  if (!swap_axes (edit, error))
    return FALSE;
  for (guint i = 0; i < hexes->len; i++)
    if (!mirror_hex (edit, g_ptr_array_index (hexes, i), error))
      return FALSE;
  return TRUE;
}
