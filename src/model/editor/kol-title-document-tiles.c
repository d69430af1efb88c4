/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-hex.h"
#include "kol-engine-types.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/* The edits of tiles: manifest tiles and their members, and the nodes and
 * paths of any tile body (a hex's pre-printed tile too, as "hex:<id>"). */

static const char * const node_kinds[] = { "city", "town", "offboard", "junction", NULL };
static const char * const upgrade_policies[] = { "inferred", "explicit", "same_color", "none", NULL };

#define MAX_LABEL_BYTES 7
#define MAX_CITY_SLOTS 8

/* ---- tile members ---------------------------------------------------------------- */

/* One command setting (or, with %NULL, removing) member @key of a tile. */
static gboolean
set_tile_member (KolTitleDocument *self,
                 const char       *tile,
                 const char       *key,
                 JsonNode         *value,
                 const char       *label,
                 GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *merge_key = NULL;
  KolTitleFile file;
  KolEdit edit;

  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, value != NULL, &file, error)) == NULL
      || !_kol_edit_set_member (&edit, file, path, key, value, _kol_tile_key_order, error))
    return _kol_edit_abort (&edit);
  merge_key = g_strdup_printf ("tile:%s:%s:%s", self->variant ? self->variant : "", tile, key);
  return _kol_edit_commit (&edit, label, merge_key, error);
}

/**
 * kol_title_document_set_tile_color:
 * @self: a document
 * @id: a manifest tile id
 * @color: a tile colour ("yellow", …)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the colour was set
 */
gboolean
kol_title_document_set_tile_color (KolTitleDocument *self,
                                   const char       *id,
                                   const char       *color,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_kol_need_manifest_tile (id, error) || !_kol_check_color (color, error))
    return FALSE;
  value = _kol_node_string (color);
  return set_tile_member (self, id, "color", value, _("Tile colour"), error);
}

/**
 * kol_title_document_set_tile_count:
 * @self: a document
 * @id: a manifest tile id
 * @count: copies in the box, or -1 for unlimited
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets a plain count; a count by player count or option is a selector
 * object, for kol_title_document_set_value().
 *
 * Returns: whether the count was set
 */
gboolean
kol_title_document_set_tile_count (KolTitleDocument *self,
                                   const char       *id,
                                   int               count,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_kol_need_manifest_tile (id, error))
    return FALSE;
  if (count < -1)
    return _kol_edit_invalid (error, _("A tile count cannot be negative"));
  value = count < 0 ? _kol_node_string ("unlimited") : _kol_node_int (count);
  return set_tile_member (self, id, "count", value, _("Tile count"), error);
}

/**
 * kol_title_document_set_tile_label:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @label: (nullable): "OO", "P", … (at most 7 bytes), or %NULL for none
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the label was set
 */
gboolean
kol_title_document_set_tile_label (KolTitleDocument *self,
                                   const char       *tile,
                                   const char       *label,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (label != NULL && label[0] == '\0')
    label = NULL;
  if (label != NULL && strlen (label) > MAX_LABEL_BYTES)
    return _kol_edit_invalid (error, _("A tile label has at most 7 letters"));
  value = label != NULL ? _kol_node_string (label) : NULL;
  return set_tile_member (self, tile, "label", value, _("Tile label"), error);
}

/**
 * kol_title_document_set_tile_frame:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @frame: (nullable): a frame colour ("#ffa500"), or %NULL for none
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the frame was set
 */
gboolean
kol_title_document_set_tile_frame (KolTitleDocument *self,
                                   const char       *tile,
                                   const char       *frame,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  value = frame != NULL && frame[0] != '\0' ? _kol_node_string (frame) : NULL;
  return set_tile_member (self, tile, "frame", value, _("Tile frame"), error);
}

/**
 * kol_title_document_set_tile_icons:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @icons: (nullable) (transfer none): an array of icon objects
 *   (`{"id": …, "role": …}`), copied, or %NULL for none
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the icons were set
 */
gboolean
kol_title_document_set_tile_icons (KolTitleDocument *self,
                                   const char       *tile,
                                   JsonNode         *icons,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (icons != NULL && !JSON_NODE_HOLDS_ARRAY (icons))
    return _kol_edit_invalid (error, _("Icons are a list of objects"));
  if (icons != NULL && json_array_get_length (json_node_get_array (icons)) > 0)
    value = kol_json_lexemes_copy_node (self->lexemes, icons);
  return set_tile_member (self, tile, "icons", value, _("Tile icons"), error);
}

/**
 * kol_title_document_set_tile_rotations:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @mask: the allowed rotations, bit r for rotation r; 0x3f (all) removes
 *   the restriction
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the rotations were set
 */
gboolean
kol_title_document_set_tile_rotations (KolTitleDocument *self,
                                       const char       *tile,
                                       guint             mask,
                                       GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (mask == 0 || mask > 0x3f)
    return _kol_edit_invalid (error, _("A tile needs at least one rotation among 0 to 5"));
  if (mask != 0x3f)
    {
      JsonArray *array = json_array_new ();

      for (int r = 0; r < 6; r++)
        if (mask & (1u << r))
          json_array_add_int_element (array, r);
      value = json_node_init_array (json_node_alloc (), array);
      json_array_unref (array);
    }
  return set_tile_member (self, tile, "rotations", value, _("Tile rotations"), error);
}

/**
 * kol_title_document_set_tile_upgrades_to:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @ids: (nullable) (array zero-terminated=1): the tiles it upgrades to, or
 *   %NULL to remove the list (upgrades are then inferred)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the list was set
 */
gboolean
kol_title_document_set_tile_upgrades_to (KolTitleDocument   *self,
                                         const char         *tile,
                                         const char * const *ids,
                                         GError            **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (!_kol_check_tile_ids (self, ids, error))
    return FALSE;
  value = ids != NULL ? _kol_node_strv (ids) : NULL;
  return set_tile_member (self, tile, "upgrades_to", value, _("Upgrades"), error);
}

/**
 * kol_title_document_set_tile_upgrade_policy:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @policy: (nullable): "inferred", "explicit", "same_color" or "none", or
 *   %NULL for the default
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the policy was set
 */
gboolean
kol_title_document_set_tile_upgrade_policy (KolTitleDocument *self,
                                            const char       *tile,
                                            const char       *policy,
                                            GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (policy != NULL && !g_strv_contains (upgrade_policies, policy))
    return _kol_edit_invalid (error, _("The upgrade policy is one of inferred, explicit, same_color and none"));
  value = policy != NULL ? _kol_node_string (policy) : NULL;
  return set_tile_member (self, tile, "upgrade_policy", value, _("Upgrade policy"), error);
}

/**
 * kol_title_document_set_tile_lay_only_on:
 * @self: a document
 * @tile: a manifest tile id
 * @hexes: (nullable) (array zero-terminated=1): the only hexes it may be
 *   laid on, or %NULL for any
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the restriction was set
 */
gboolean
kol_title_document_set_tile_lay_only_on (KolTitleDocument   *self,
                                         const char         *tile,
                                         const char * const *hexes,
                                         GError            **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (!_kol_need_manifest_tile (tile, error))
    return FALSE;
  value = hexes != NULL && hexes[0] != NULL ? _kol_node_strv (hexes) : NULL;
  return set_tile_member (self, tile, "lay_only_on", value, _("Hex restriction"), error);
}

/* ---- adding and removing tiles ----------------------------------------------------- */

static gboolean
check_new_tile_id (KolTitleDocument *self,
                   const char       *id,
                   GError          **error)
{
  if (id == NULL || id[0] == '\0' || _kol_is_hex_tile (id))
    return _kol_edit_invalid (error, _("A tile needs an id, and it cannot start with “hex:”"));
  if (_kol_find_by_id (_kol_root_array (self->roots[KOL_TITLE_FILE_TILES], "tiles"), id) >= 0
      || _kol_find_by_id (_kol_root_array (self->roots[KOL_TITLE_FILE_MAP], "hexes"), id) >= 0)
    {
      /* Translators: %s is a tile id such as 57. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_EXISTS,
                   _("The id “%s” is already a tile or a hex"), id);
      return FALSE;
    }
  return TRUE;
}

static int
color_rank (const char *color)
{
  KolColor value;

  return color != NULL && kol_color_from_string (color, &value) ? (int) value : KOL_N_COLORS;
}

/* Tiles are listed by colour: a new one goes after the last of its colour,
 * or of an earlier colour when it is the first of its own. */
static int
position_for_color (JsonArray  *tiles,
                    const char *color)
{
  int rank = color_rank (color);
  int last = -1, before = -1;

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      int other = color_rank (_kol_object_string (json_array_get_object_element (tiles, i), "color"));

      if (other <= rank)
        last = (int) i;
      else if (before < 0)
        before = (int) i;
    }
  if (last >= 0)
    return last + 1;
  return before;
}

/**
 * kol_title_document_add_tile_body:
 * @self: a document
 * @tile: (transfer none): a whole tile object, with its id (not a tile's or
 *   a hex's already), colour and count (a tile of the library of common
 *   tiles, kol_tile_library_dup_tile())
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds the tile after the last tile of its colour, as one command.
 *
 * Returns: whether it was added
 */
gboolean
kol_title_document_add_tile_body (KolTitleDocument *self,
                                  JsonNode         *tile,
                                  GError          **error)
{
  g_autoptr(JsonNode) copy = NULL;
  const char *id, *color;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (!JSON_NODE_HOLDS_OBJECT (tile))
    return _kol_edit_invalid (error, _("A tile is a JSON object"));
  id = _kol_object_string (json_node_get_object (tile), "id");
  color = _kol_object_string (json_node_get_object (tile), "color");
  if (!check_new_tile_id (self, id, error) || !_kol_check_color (color, error))
    return FALSE;
  copy = kol_json_lexemes_copy_node (self->lexemes, tile);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_insert (&edit, KOL_TITLE_FILE_TILES, "$.tiles",
                         position_for_color (_kol_root_array (self->roots[KOL_TITLE_FILE_TILES], "tiles"), color),
                         copy, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_TILES, id);
  return _kol_edit_commit (&edit, _("Add tile"), NULL, error);
}

/**
 * kol_title_document_add_tile:
 * @self: a document
 * @id: the new tile's id (not a tile's or a hex's already)
 * @color: its colour
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds a tile with one copy and no track, after the last tile of its
 * colour.
 *
 * Returns: whether it was added
 */
gboolean
kol_title_document_add_tile (KolTitleDocument *self,
                             const char       *id,
                             const char       *color,
                             GError          **error)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  object = json_object_new ();
  if (id != NULL)
    json_object_set_string_member (object, "id", id);
  if (color != NULL)
    json_object_set_string_member (object, "color", color);
  json_object_set_int_member (object, "count", 1);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return kol_title_document_add_tile_body (self, node, error);
}

/**
 * kol_title_document_duplicate_tile:
 * @self: a document
 * @id: a manifest tile id
 * @new_id: the copy's id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds a copy of tile @id, everything but the id kept, right after it.
 *
 * Returns: whether the copy was added
 */
gboolean
kol_title_document_duplicate_tile (KolTitleDocument *self,
                                   const char       *id,
                                   const char       *new_id,
                                   GError          **error)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonNode) copy = NULL;
  g_autoptr(JsonNode) id_node = NULL;
  KolTitleFile file;
  KolEdit edit;
  int index;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_kol_need_manifest_tile (id, error) || !check_new_tile_id (self, new_id, error))
    return FALSE;
  if ((path = _kol_tile_path (self->roots, NULL, id, &file, error)) == NULL)
    return FALSE;
  index = _kol_find_by_id (_kol_root_array (self->roots[KOL_TITLE_FILE_TILES], "tiles"), id);
  copy = kol_json_lexemes_copy_node (self->lexemes, kol_title_document_get_value (self, file, path));
  id_node = _kol_node_string (new_id);
  json_object_set_member (json_node_get_object (copy), "id", g_steal_pointer (&id_node));

  _kol_edit_begin (&edit, self);
  if (!_kol_edit_insert (&edit, KOL_TITLE_FILE_TILES, "$.tiles", index + 1, copy, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_TILES, new_id);
  return _kol_edit_commit (&edit, _("Duplicate tile"), NULL, error);
}

/* Deleting a tile also takes it out of every upgrade list that names it,
 * so that the files stay loadable. */
static gboolean
forget_tile (KolEdit     *edit,
             const char  *id,
             GError     **error)
{
  JsonArray *tiles = _kol_edit_array_at (edit, KOL_TITLE_FILE_TILES, "$.tiles");
  /* counted first: each removal replaces the arrays of the edit's tree */
  guint n_tiles = tiles != NULL ? json_array_get_length (tiles) : 0;
  g_autoptr(GPtrArray) hexes = _kol_edit_all_hex_paths (edit);

  for (guint i = 0; i < n_tiles; i++)
    {
      g_autofree char *list = g_strdup_printf ("$.tiles[%u].upgrades_to", i);

      if (!_kol_edit_remove_from_list (edit, KOL_TITLE_FILE_TILES, list, id, error))
        return FALSE;
    }
  for (guint i = 0; i < hexes->len; i++)
    {
      g_autofree char *list = g_strconcat (g_ptr_array_index (hexes, i), ".tile.upgrades_to", NULL);

      if (!_kol_edit_remove_from_list (edit, KOL_TITLE_FILE_MAP, list, id, error))
        return FALSE;
    }
  return _kol_edit_remove_from_list (edit, KOL_TITLE_FILE_MAP, "$.blank_upgrades_to", id, error);
}

/**
 * kol_title_document_delete_tile:
 * @self: a document
 * @id: a manifest tile id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Deletes the tile and removes it from the upgrade lists that name it.
 *
 * Returns: whether it was deleted
 */
gboolean
kol_title_document_delete_tile (KolTitleDocument *self,
                                const char       *id,
                                GError          **error)
{
  g_autofree char *path = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_kol_need_manifest_tile (id, error))
    return FALSE;
  _kol_edit_begin (&edit, self);
  if ((path = _kol_tile_path (edit.roots, NULL, id, &file, error)) == NULL
      || !_kol_edit_remove (&edit, file, path, error) || !forget_tile (&edit, id, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_TILES, id);
  return _kol_edit_commit (&edit, _("Delete tile"), NULL, error);
}

/* ---- nodes ------------------------------------------------------------------------ */

/* The path of node @node of the tile body at @tile_path, or NULL. */
static char *
node_path (KolEdit      *edit,
           KolTitleFile  file,
           const char   *tile_path,
           const char   *node,
           GError      **error)
{
  g_autofree char *nodes = kol_json_path_key (tile_path, "nodes");
  int index = _kol_find_by_id (_kol_edit_array_at (edit, file, nodes), node);

  if (index < 0)
    {
      /* Translators: %s is the id of a city, town or off-board on a tile (c0, t1…). */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("The tile has no node “%s”"), node);
      return NULL;
    }
  return kol_json_path_index (nodes, (guint) index);
}

static char *
free_node_id (JsonArray  *nodes,
              const char *kind)
{
  for (int n = 0;; n++)
    {
      char *id = g_strdup_printf ("%c%d", kind[0], n);

      if (_kol_find_by_id (nodes, id) < 0)
        return id;
      g_free (id);
    }
}

static JsonNode *
new_node (const char *id,
          const char *kind)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "id", id);
  json_object_set_string_member (object, "kind", kind);
  if (g_str_equal (kind, "city"))
    json_object_set_int_member (object, "slots", 1);
  if (!g_str_equal (kind, "junction"))
    json_object_set_int_member (object, "revenue", 0);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

static gboolean
check_kind (const char  *kind,
            GError     **error)
{
  if (kind != NULL && g_strv_contains (node_kinds, kind))
    return TRUE;
  return _kol_edit_invalid (error, _("A node is a city, a town, an off-board or a junction"));
}

/**
 * kol_title_document_add_node:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @kind: "city", "town", "offboard" or "junction"
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds a node at the end of the tile's nodes: a city with one slot, revenue
 * 0 for anything but a junction. Its id is the kind's first letter and the
 * first free number ("c1").
 *
 * Returns: (transfer full) (nullable): the new node's id
 */
char *
kol_title_document_add_node (KolTitleDocument *self,
                             const char       *tile,
                             const char       *kind,
                             GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *nodes_path = NULL;
  g_autofree char *id = NULL;
  g_autoptr(JsonNode) node = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (tile != NULL, NULL);

  if (!check_kind (kind, error))
    return NULL;
  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, TRUE, &file, error)) == NULL)
    {
      _kol_edit_abort (&edit);
      return NULL;
    }
  nodes_path = kol_json_path_key (path, "nodes");
  id = free_node_id (_kol_edit_array_at (&edit, file, nodes_path), kind);
  node = new_node (id, kind);
  if (_kol_edit_append (&edit, file, path, "nodes", node, _kol_tile_key_order, error) < 0
      || !_kol_edit_commit (&edit, _("Add node"), NULL, error))
    {
      _kol_edit_abort (&edit);
      return NULL;
    }
  return g_steal_pointer (&id);
}

static gboolean
end_is (JsonObject *path,
        const char *key,
        const char *node)
{
  return g_strcmp0 (_kol_object_string (path, key), node) == 0;
}

/**
 * kol_title_document_remove_node:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: a node id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Removes the node and the paths that end at it.
 *
 * Returns: whether it was removed
 */
gboolean
kol_title_document_remove_node (KolTitleDocument *self,
                                const char       *tile,
                                const char       *node,
                                GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *nodep = NULL;
  g_autofree char *paths_path = NULL;
  JsonArray *paths;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (nodep = node_path (&edit, file, path, node, error)) == NULL
      || !_kol_edit_remove (&edit, file, nodep, error))
    return _kol_edit_abort (&edit);
  paths_path = kol_json_path_key (path, "paths");
  paths = _kol_edit_array_at (&edit, file, paths_path);
  for (guint i = paths != NULL ? json_array_get_length (paths) : 0; i-- > 0;)
    {
      JsonObject *p = json_array_get_object_element (paths, i);

      if (p != NULL && (end_is (p, "a", node) || end_is (p, "b", node)))
        {
          g_autofree char *item = kol_json_path_index (paths_path, i);

          if (!_kol_edit_remove (&edit, file, item, error))
            return _kol_edit_abort (&edit);
          paths = _kol_edit_array_at (&edit, file, paths_path);
        }
    }
  return _kol_edit_commit (&edit, _("Remove node"), NULL, error);
}

/* One command setting member @key of node @node (NULL value removes). */
static gboolean
set_node_member (KolTitleDocument *self,
                 const char       *tile,
                 const char       *node,
                 const char       *key,
                 JsonNode         *value,
                 const char       *label,
                 GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *nodep = NULL;
  g_autofree char *merge_key = NULL;
  KolTitleFile file;
  KolEdit edit;

  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (nodep = node_path (&edit, file, path, node, error)) == NULL
      || !_kol_edit_set_member (&edit, file, nodep, key, value, _kol_node_key_order, error))
    return _kol_edit_abort (&edit);
  merge_key = g_strdup_printf ("node:%s:%s:%s:%s", self->variant ? self->variant : "", tile, node, key);
  return _kol_edit_commit (&edit, label, merge_key, error);
}

/**
 * kol_title_document_set_node_kind:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: a node id
 * @kind: "city", "town", "offboard" or "junction"
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Changes the kind; slots are kept only on cities, revenue not on junctions.
 *
 * Returns: whether the kind was set
 */
gboolean
kol_title_document_set_node_kind (KolTitleDocument *self,
                                  const char       *tile,
                                  const char       *node,
                                  const char       *kind,
                                  GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *nodep = NULL;
  g_autoptr(JsonNode) value = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL, FALSE);

  if (!check_kind (kind, error))
    return FALSE;
  value = _kol_node_string (kind);
  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (nodep = node_path (&edit, file, path, node, error)) == NULL
      || !_kol_edit_set_member (&edit, file, nodep, "kind", value, _kol_node_key_order, error)
      || (!g_str_equal (kind, "city") && !_kol_edit_set_member (&edit, file, nodep, "slots", NULL, NULL, error))
      || (g_str_equal (kind, "junction") && !_kol_edit_set_member (&edit, file, nodep, "revenue", NULL, NULL, error)))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Node kind"), NULL, error);
}

/**
 * kol_title_document_set_node_slots:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: a city's id
 * @slots: token slots (0–8), or -1 to remove the member (1 by default)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the slots were set
 */
gboolean
kol_title_document_set_node_slots (KolTitleDocument *self,
                                   const char       *tile,
                                   const char       *node,
                                   int               slots,
                                   GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL, FALSE);

  if (slots > MAX_CITY_SLOTS)
    return _kol_edit_invalid (error, _("A city has at most 8 slots"));
  value = slots >= 0 ? _kol_node_int (slots) : NULL;
  return set_node_member (self, tile, node, "slots", value, _("City slots"), error);
}

/**
 * kol_title_document_set_node_revenue:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>" (off-board revenues are those of
 *   the off-board nodes of a hex's tile)
 * @node: a node id
 * @revenue: a fixed revenue, at least 0
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the revenue was set
 */
gboolean
kol_title_document_set_node_revenue (KolTitleDocument *self,
                                     const char       *tile,
                                     const char       *node,
                                     int               revenue,
                                     GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL, FALSE);

  if (revenue < 0)
    return _kol_edit_invalid (error, _("A revenue cannot be negative"));
  value = _kol_node_int (revenue);
  return set_node_member (self, tile, node, "revenue", value, _("Revenue"), error);
}

/**
 * kol_title_document_set_node_revenue_by:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: a node id
 * @by: "color" or "phase"
 * @keys: (array zero-terminated=1): tile colours or phase names
 * @values: the revenue for each key, as many as @keys
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets a revenue by colour (`{"by": "color", "yellow": 20, …}`) or by phase
 * (`{"by": "phase", "4H": 20, …}`).
 *
 * Returns: whether the revenue was set
 */
gboolean
kol_title_document_set_node_revenue_by (KolTitleDocument   *self,
                                        const char         *tile,
                                        const char         *node,
                                        const char         *by,
                                        const char * const *keys,
                                        const int          *values,
                                        GError            **error)
{
  g_autoptr(JsonNode) value = NULL;
  JsonObject *object;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL && keys != NULL && values != NULL, FALSE);

  if (g_strcmp0 (by, "color") != 0 && g_strcmp0 (by, "phase") != 0)
    return _kol_edit_invalid (error, _("A revenue is by colour or by phase"));
  if (keys[0] == NULL)
    return _kol_edit_invalid (error, _("A revenue by colour or phase needs at least one value"));
  object = json_object_new ();
  json_object_set_string_member (object, "by", by);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      if (values[i] < 0 || (g_str_equal (by, "color") && !_kol_check_color (keys[i], error))
          || g_str_equal (keys[i], "by"))
        {
          json_object_unref (object);
          return values[i] < 0 ? _kol_edit_invalid (error, _("A revenue cannot be negative")) : FALSE;
        }
      json_object_set_int_member (object, keys[i], values[i]);
    }
  value = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return set_node_member (self, tile, node, "revenue", value, _("Revenue"), error);
}

/**
 * kol_title_document_set_node_loc:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: a node id
 * @loc: (nullable): "center", an edge "0"–"5" (written as a number), an
 *   angle for the renderer, or %NULL to let the renderer choose
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the position was set
 */
gboolean
kol_title_document_set_node_loc (KolTitleDocument *self,
                                 const char       *tile,
                                 const char       *node,
                                 const char       *loc,
                                 GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL && node != NULL, FALSE);

  if (loc != NULL && loc[0] >= '0' && loc[0] <= '5' && loc[1] == '\0')
    value = _kol_node_int (loc[0] - '0');
  else if (loc != NULL && loc[0] != '\0')
    value = _kol_node_string (loc);
  return set_node_member (self, tile, node, "loc", value, _("Node position"), error);
}

/* ---- paths ---------------------------------------------------------------------------- */

/* A path end: an edge "0"–"5" (a number in the file) or a node id of the
 * tile. */
static JsonNode *
path_end (KolEdit      *edit,
          KolTitleFile  file,
          const char   *tile_path,
          const char   *end,
          GError      **error)
{
  g_autofree char *nodep = NULL;

  if (end == NULL || end[0] == '\0')
    {
      _kol_edit_invalid (error, _("A track piece needs two ends"));
      return NULL;
    }
  if (end[0] >= '0' && end[0] <= '5' && end[1] == '\0')
    return _kol_node_int (end[0] - '0');
  if ((nodep = node_path (edit, file, tile_path, end, error)) == NULL)
    return NULL;
  return _kol_node_string (end);
}

static gboolean
check_track (KolTitleDocument *self,
             const char       *track,
             GError          **error)
{
  JsonNode *types = kol_title_document_get_value (self, KOL_TITLE_FILE_GAME, "$.track_types");

  if (track == NULL || g_str_equal (track, "future")
      || (types != NULL && JSON_NODE_HOLDS_OBJECT (types)
          && json_object_has_member (json_node_get_object (types), track)))
    return TRUE;
  /* Translators: %s is a track type id such as broad. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
               _("The title has no track type “%s”"), track);
  return FALSE;
}

static JsonNode *
new_path (JsonNode   *a,
          JsonNode   *b,
          const char *track)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_member (object, "a", json_node_ref (a));
  json_object_set_member (object, "b", json_node_ref (b));
  if (track != NULL)
    json_object_set_string_member (object, "track", track);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

/* Sets an error when the tile has track between @a and @b already. */
static gboolean
duplicate (KolEdit      *edit,
           KolTitleFile  file,
           const char   *tile_path,
           JsonNode     *a,
           JsonNode     *b,
           int           except,
           GError      **error)
{
  g_autofree char *paths = kol_json_path_key (tile_path, "paths");

  if (!_kol_path_is_duplicate (_kol_edit_array_at (edit, file, paths), a, b, except))
    return FALSE;
  _kol_edit_invalid (error, _("The tile has track between these two ends already"));
  return TRUE;
}

static gboolean
same_end (const char *a,
          const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

/**
 * kol_title_document_add_path:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @a: one end: an edge "0"–"5" or a node id
 * @b: the other end
 * @track: (nullable): a track type id of game.json or "future", or %NULL
 *   for the title's default
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: the new path's index, or -1
 */
int
kol_title_document_add_path (KolTitleDocument *self,
                             const char       *tile,
                             const char       *a,
                             const char       *b,
                             const char       *track,
                             GError          **error)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonNode) a_node = NULL;
  g_autoptr(JsonNode) b_node = NULL;
  g_autoptr(JsonNode) value = NULL;
  KolTitleFile file;
  KolEdit edit;
  int index;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), -1);
  g_return_val_if_fail (tile != NULL, -1);

  if (same_end (a, b))
    {
      _kol_edit_invalid (error, _("The two ends of a track piece must differ"));
      return -1;
    }
  if (!check_track (self, track, error))
    return -1;
  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, TRUE, &file, error)) == NULL
      || (a_node = path_end (&edit, file, path, a, error)) == NULL
      || (b_node = path_end (&edit, file, path, b, error)) == NULL)
    {
      _kol_edit_abort (&edit);
      return -1;
    }
  if (duplicate (&edit, file, path, a_node, b_node, -1, error))
    {
      _kol_edit_abort (&edit);
      return -1;
    }
  value = new_path (a_node, b_node, track);
  if ((index = _kol_edit_append (&edit, file, path, "paths", value, _kol_tile_key_order, error)) < 0
      || !_kol_edit_commit (&edit, _("Add track"), NULL, error))
    {
      _kol_edit_abort (&edit);
      return -1;
    }
  return index;
}

static char *
path_path (KolEdit      *edit,
           KolTitleFile  file,
           const char   *tile_path,
           guint         index,
           GError      **error)
{
  g_autofree char *paths = kol_json_path_key (tile_path, "paths");
  JsonArray *array = _kol_edit_array_at (edit, file, paths);

  if (array == NULL || index >= json_array_get_length (array))
    {
      /* Translators: %u is the index of a track piece on a tile. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("The tile has no track piece %u"), index);
      return NULL;
    }
  return kol_json_path_index (paths, index);
}

/**
 * kol_title_document_remove_path:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: a path's index
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the path was removed
 */
gboolean
kol_title_document_remove_path (KolTitleDocument *self,
                                const char       *tile,
                                guint             index,
                                GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *item = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (item = path_path (&edit, file, path, index, error)) == NULL
      || !_kol_edit_remove (&edit, file, item, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Remove track"), NULL, error);
}

/**
 * kol_title_document_set_path_ends:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: a path's index
 * @a: one end: an edge "0"–"5" or a node id
 * @b: the other end
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the ends were set
 */
gboolean
kol_title_document_set_path_ends (KolTitleDocument *self,
                                  const char       *tile,
                                  guint             index,
                                  const char       *a,
                                  const char       *b,
                                  GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *item = NULL;
  g_autoptr(JsonNode) a_node = NULL;
  g_autoptr(JsonNode) b_node = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (same_end (a, b))
    return _kol_edit_invalid (error, _("The two ends of a track piece must differ"));
  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (item = path_path (&edit, file, path, index, error)) == NULL
      || (a_node = path_end (&edit, file, path, a, error)) == NULL
      || (b_node = path_end (&edit, file, path, b, error)) == NULL
      || duplicate (&edit, file, path, a_node, b_node, (int) index, error)
      || !_kol_edit_set_member (&edit, file, item, "a", a_node, _kol_path_key_order, error)
      || !_kol_edit_set_member (&edit, file, item, "b", b_node, _kol_path_key_order, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Track ends"), NULL, error);
}

/**
 * kol_title_document_set_path_track:
 * @self: a document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: a path's index
 * @track: (nullable): a track type id or "future", or %NULL for the
 *   title's default
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the track type was set
 */
gboolean
kol_title_document_set_path_track (KolTitleDocument *self,
                                   const char       *tile,
                                   guint             index,
                                   const char       *track,
                                   GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *item = NULL;
  g_autoptr(JsonNode) value = NULL;
  KolTitleFile file;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  if (!check_track (self, track, error))
    return FALSE;
  value = track != NULL ? _kol_node_string (track) : NULL;
  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_tile_path (&edit, tile, FALSE, &file, error)) == NULL
      || (item = path_path (&edit, file, path, index, error)) == NULL
      || !_kol_edit_set_member (&edit, file, item, "track", value, _kol_path_key_order, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Track type"), NULL, error);
}
