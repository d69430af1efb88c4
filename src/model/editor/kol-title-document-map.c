/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-hex.h"
#include "kol-engine-types.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/* The edits of the map: hexes, borders, homes, the grid and variants. */

/* A pre-printed tile is a tile body: what only a manifest tile has goes. */
static const char * const manifest_only_keys[] = { "id", "color", "count", "pool", "lay_only_on", NULL };

/* ---- hexes -------------------------------------------------------------------------------- */

/* One command setting member @key of @hex (NULL value removes). */
static gboolean
set_hex_member (KolTitleDocument *self,
                const char       *hex,
                const char       *key,
                JsonNode         *value,
                const char       *label,
                GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *merge_key = NULL;
  KolEdit edit;

  _kol_edit_begin (&edit, self);
  if ((path = _kol_edit_hex_path (&edit, hex, error)) == NULL
      || !_kol_edit_set_member (&edit, KOL_TITLE_FILE_MAP, path, key, value, _kol_hex_key_order, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_HEXES, hex);
  merge_key = g_strdup_printf ("hex:%s:%s:%s", self->variant ? self->variant : "", hex, key);
  return _kol_edit_commit (&edit, label, merge_key, error);
}

/**
 * kol_title_document_set_hex_color:
 * @self: a document
 * @hex: a hex id
 * @color: its colour
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the colour was set
 */
gboolean
kol_title_document_set_hex_color (KolTitleDocument *self,
                                  const char       *hex,
                                  const char       *color,
                                  GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (!_kol_check_color (color, error))
    return FALSE;
  value = _kol_node_string (color);
  return set_hex_member (self, hex, "color", value, _("Hex colour"), error);
}

/* The hex's terrain entries after the first, which the form and the tool
 * do not show: they stay (1840's orange hexes on the Danube cost both). */
static void
add_other_terrains (KolTitleDocument *self,
                    const char       *hex,
                    JsonArray        *array)
{
  JsonObject *object = kol_title_document_get_hex (self, hex);
  JsonNode *node = object != NULL ? json_object_get_member (object, "terrain") : NULL;
  JsonArray *old = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 1; old != NULL && i < json_array_get_length (old); i++)
    json_array_add_element (array, json_node_copy (json_array_get_element (old, i)));
}

/**
 * kol_title_document_set_hex_terrain:
 * @self: a document
 * @hex: a hex id
 * @type: (nullable): a terrain type ("mountains", "water", …), or %NULL for
 *   none
 * @cost: the cost of laying track there
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets the hex's first terrain entry, or removes it; further entries
 * (several add up) are kept.
 *
 * Returns: whether the terrain was set
 */
gboolean
kol_title_document_set_hex_terrain (KolTitleDocument *self,
                                    const char       *hex,
                                    const char       *type,
                                    int               cost,
                                    GError          **error)
{
  g_autoptr(JsonNode) value = NULL;
  JsonArray *array;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (type != NULL && type[0] != '\0' && cost < 0)
    return _kol_edit_invalid (error, _("A terrain cost cannot be negative"));
  array = json_array_new ();
  if (type != NULL && type[0] != '\0')
    {
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "type", type);
      json_object_set_int_member (entry, "cost", cost);
      json_array_add_object_element (array, entry);
    }
  add_other_terrains (self, hex, array);
  if (json_array_get_length (array) > 0)
    value = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);
  return set_hex_member (self, hex, "terrain", value, _("Terrain"), error);
}

static JsonNode *
tile_body_from (KolTitleDocument *self,
                JsonObject       *tile)
{
  g_autoptr(JsonNode) whole = json_node_init_object (json_node_alloc (), tile);
  JsonNode *copy = kol_json_lexemes_copy_node (self->lexemes, whole);

  for (guint i = 0; manifest_only_keys[i] != NULL; i++)
    json_object_remove_member (json_node_get_object (copy), manifest_only_keys[i]);
  return copy;
}

static gboolean
set_hex_tile_in_edit (KolEdit     *edit,
                      const char  *hex,
                      JsonNode    *tile,
                      int          rotation,
                      const char  *color,
                      GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonNode) rotation_node = tile != NULL && rotation != 0 ? _kol_node_int (rotation) : NULL;
  g_autoptr(JsonNode) color_node = color != NULL ? _kol_node_string (color) : NULL;

  if ((path = _kol_edit_hex_path (edit, hex, error)) == NULL
      || !_kol_edit_set_member (edit, KOL_TITLE_FILE_MAP, path, "tile", tile, _kol_hex_key_order, error)
      || !_kol_edit_set_member (edit, KOL_TITLE_FILE_MAP, path, "rotation", rotation_node, _kol_hex_key_order, error)
      || (color_node != NULL && !_kol_edit_set_member (edit, KOL_TITLE_FILE_MAP, path, "color", color_node,
                                                       _kol_hex_key_order, error)))
    return FALSE;
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_HEXES, hex);
  return TRUE;
}

/**
 * kol_title_document_set_hex_tile:
 * @self: a document
 * @hex: a hex id
 * @tile: (nullable) (transfer none): an inline tile body (copied; without
 *   id or count), or %NULL for a blank hex
 * @rotation: its rotation, 0–5
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the pre-printed tile was set
 */
gboolean
kol_title_document_set_hex_tile (KolTitleDocument *self,
                                 const char       *hex,
                                 JsonNode         *tile,
                                 int               rotation,
                                 GError          **error)
{
  g_autoptr(JsonNode) body = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (tile != NULL && !JSON_NODE_HOLDS_OBJECT (tile))
    return _kol_edit_invalid (error, _("A pre-printed tile is an object"));
  if (rotation < 0 || rotation > 5)
    return _kol_edit_invalid (error, _("A rotation is between 0 and 5"));
  if (tile != NULL)
    body = tile_body_from (self, json_node_get_object (tile));
  _kol_edit_begin (&edit, self);
  if (!set_hex_tile_in_edit (&edit, hex, body, rotation, NULL, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Pre-printed tile"), NULL, error);
}

/**
 * kol_title_document_set_hex_tile_from_manifest:
 * @self: a document
 * @hex: a hex id
 * @tile: a manifest tile id
 * @rotation: its rotation, 0–5
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Prints a copy of a manifest tile on the hex: its body inline (without id,
 * count, pool and hex restriction), at @rotation, and the hex takes the
 * tile's colour.
 *
 * Returns: whether the tile was placed
 */
gboolean
kol_title_document_set_hex_tile_from_manifest (KolTitleDocument *self,
                                               const char       *hex,
                                               const char       *tile,
                                               int               rotation,
                                               GError          **error)
{
  g_autoptr(JsonNode) body = NULL;
  JsonObject *source;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL && tile != NULL, FALSE);

  if (!_kol_need_manifest_tile (tile, error) || !_kol_check_tile_ids (self, (const char *[]) { tile, NULL }, error))
    return FALSE;
  if (rotation < 0 || rotation > 5)
    return _kol_edit_invalid (error, _("A rotation is between 0 and 5"));
  source = kol_title_document_get_tile (self, tile);
  body = tile_body_from (self, source);
  _kol_edit_begin (&edit, self);
  if (!set_hex_tile_in_edit (&edit, hex, body, rotation, _kol_object_string (source, "color"), error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Pre-printed tile"), NULL, error);
}

/**
 * kol_title_document_set_hex_rotation:
 * @self: a document
 * @hex: a hex id
 * @rotation: the rotation of its pre-printed tile, 0–5
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the rotation was set
 */
gboolean
kol_title_document_set_hex_rotation (KolTitleDocument *self,
                                     const char       *hex,
                                     int               rotation,
                                     GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (rotation < 0 || rotation > 5)
    return _kol_edit_invalid (error, _("A rotation is between 0 and 5"));
  value = rotation != 0 ? _kol_node_int (rotation) : NULL;
  return set_hex_member (self, hex, "rotation", value, _("Tile rotation"), error);
}

/**
 * kol_title_document_set_hex_name:
 * @self: a document
 * @hex: a hex id
 * @en: (nullable): the location's name, or %NULL for none
 * @ru: (nullable): its Russian name when it differs (then the name is
 *   written as {"en", "ru"}), or %NULL
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the name was set
 */
gboolean
kol_title_document_set_hex_name (KolTitleDocument *self,
                                 const char       *hex,
                                 const char       *en,
                                 const char       *ru,
                                 GError          **error)
{
  g_autoptr(JsonNode) value = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (en != NULL && en[0] == '\0')
    en = NULL;
  if (ru != NULL && (ru[0] == '\0' || g_strcmp0 (en, ru) == 0))
    ru = NULL;
  if (en == NULL && ru != NULL)
    return _kol_edit_invalid (error, _("A name needs its English form"));
  if (ru != NULL)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "en", en);
      json_object_set_string_member (object, "ru", ru);
      value = json_node_init_object (json_node_alloc (), object);
      json_object_unref (object);
    }
  else if (en != NULL)
    value = _kol_node_string (en);
  return set_hex_member (self, hex, "name", value, _("Location name"), error);
}

static gboolean
set_tags_member (KolTitleDocument   *self,
                 const char         *hex,
                 const char * const *tags,
                 GError            **error)
{
  g_autoptr(JsonNode) value = tags != NULL && tags[0] != NULL ? _kol_node_strv (tags) : NULL;

  return set_hex_member (self, hex, "tags", value, _("Hex tags"), error);
}

/**
 * kol_title_document_set_hex_tags:
 * @self: a document
 * @hex: a hex id
 * @tags: (nullable) (array zero-terminated=1): free ids the rules read
 *   ("port", "park"), or %NULL for none
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the tags were set
 */
gboolean
kol_title_document_set_hex_tags (KolTitleDocument   *self,
                                 const char         *hex,
                                 const char * const *tags,
                                 GError            **error)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    if (tags[i][0] == '\0' || g_strv_contains (tags + i + 1, tags[i]))
      return _kol_edit_invalid (error, _("Tags must be different and not empty"));
  return set_tags_member (self, hex, tags, error);
}

/* ---- borders ------------------------------------------------------------------------------- */

static JsonNode *
border_with_kind (JsonObject    *old,
                  int            edge,
                  KolBorderKind  kind)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  if (old != NULL)
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, old);
      while (json_object_iter_next_ordered (&iter, &name, &member))
        if (!g_str_equal (name, "type"))
          json_object_set_member (object, name, json_node_ref (member));
    }
  else
    json_object_set_int_member (object, "edge", edge);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  if (kind == KOL_BORDER_IMPASSABLE)
    {
      g_autoptr(JsonNode) with_type = NULL;
      /* "type" goes right after "edge", as in the data files */
      JsonObject *typed = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init_ordered (&iter, json_node_get_object (node));
      while (json_object_iter_next_ordered (&iter, &name, &member))
        {
          json_object_set_member (typed, name, json_node_ref (member));
          if (g_str_equal (name, "edge"))
            json_object_set_string_member (typed, "type", "impassable");
        }
      with_type = json_node_init_object (json_node_alloc (), typed);
      json_object_unref (typed);
      json_node_unref (node);
      node = g_steal_pointer (&with_type);
    }
  return node;
}

static int
find_border (JsonArray *borders,
             int        edge)
{
  for (guint i = 0; borders != NULL && i < json_array_get_length (borders); i++)
    {
      JsonObject *border = json_array_get_object_element (borders, i);
      JsonNode *e = border != NULL ? json_object_get_member (border, "edge") : NULL;

      if (e != NULL && JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_INT64
          && json_node_get_int (e) == edge)
        return (int) i;
    }
  return -1;
}

static gboolean
set_border_in_edit (KolEdit        *edit,
                    const char     *hex,
                    int             edge,
                    KolBorderKind   kind,
                    GError        **error)
{
  g_autofree char *path = NULL;
  g_autofree char *list = NULL;
  JsonArray *borders;
  int index;

  if ((path = _kol_edit_hex_path (edit, hex, error)) == NULL)
    return FALSE;
  list = kol_json_path_key (path, "borders");
  borders = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, list);
  index = find_border (borders, edge);
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_HEXES, hex);
  if (kind == KOL_BORDER_NONE)
    {
      g_autofree char *item = NULL;

      if (index < 0)
        return TRUE;
      if (json_array_get_length (borders) == 1)
        return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, list, NULL, NULL, error);
      item = kol_json_path_index (list, (guint) index);
      return _kol_edit_remove (edit, KOL_TITLE_FILE_MAP, item, error);
    }
  {
    g_autoptr(JsonNode) border = border_with_kind (index >= 0 ? json_array_get_object_element (borders, (guint) index)
                                                              : NULL, edge, kind);
    g_autofree char *item = NULL;

    if (index < 0)
      return _kol_edit_append (edit, KOL_TITLE_FILE_MAP, path, "borders", border, _kol_hex_key_order, error) >= 0;
    item = kol_json_path_index (list, (guint) index);
    return _kol_edit_set (edit, KOL_TITLE_FILE_MAP, item, border, NULL, error);
  }
}

/**
 * kol_title_document_set_hex_border:
 * @self: a document
 * @hex: a hex id
 * @edge: an edge, 0–5
 * @kind: none, drawn or impassable
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets the border on @edge and the same border on the neighbour's facing
 * edge, since the data declares both sides.
 *
 * Returns: whether the border was set
 */
gboolean
kol_title_document_set_hex_border (KolTitleDocument *self,
                                   const char       *hex,
                                   int               edge,
                                   KolBorderKind     kind,
                                   GError          **error)
{
  g_autofree char *merge_key = NULL;
  g_autofree char *neighbour = NULL;
  g_autofree char *neighbour_path = NULL;
  KolGrid grid;
  int x, y, nx, ny;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  if (edge < 0 || edge > 5 || kind > KOL_BORDER_IMPASSABLE)
    return _kol_edit_invalid (error, _("An edge is between 0 and 5"));
  _kol_grid_of (self->roots[KOL_TITLE_FILE_MAP], &grid);
  _kol_edit_begin (&edit, self);
  if (!set_border_in_edit (&edit, hex, edge, kind, error))
    return _kol_edit_abort (&edit);
  if (kol_hex_parse (&grid, hex, &x, &y))
    {
      kol_hex_neighbor (&grid, x, y, edge, &nx, &ny);
      neighbour = kol_hex_format (&grid, nx, ny);
      neighbour_path = _kol_hex_path (edit.roots, self->variant, neighbour, NULL);
      if (neighbour_path != NULL
          && !set_border_in_edit (&edit, neighbour, kol_hex_invert (edge), kind, error))
        return _kol_edit_abort (&edit);
    }
  return _kol_edit_commit (&edit, _("Border"), NULL, error);
}

/* ---- homes ----------------------------------------------------------------------------------- */

static gboolean
hex_exists_anywhere (KolTitleDocument *self,
                     const char       *hex)
{
  KolEdit edit;
  g_autoptr(GPtrArray) paths = NULL;
  gboolean found = FALSE;

  _kol_edit_begin (&edit, self);
  paths = _kol_edit_all_hex_paths (&edit);
  for (guint i = 0; i < paths->len && !found; i++)
    {
      JsonObject *object = _kol_edit_object_at (&edit, KOL_TITLE_FILE_MAP, g_ptr_array_index (paths, i));

      found = g_strcmp0 (_kol_object_string (object, "id"), hex) == 0;
    }
  _kol_edit_clear (&edit);
  return found;
}

/* The cities printed on @hex (in the variant edited), counted. */
static int
count_cities (KolTitleDocument *self,
              const char       *hex)
{
  JsonObject *object = kol_title_document_get_hex (self, hex);
  JsonNode *tile = object != NULL ? json_object_get_member (object, "tile") : NULL;
  JsonNode *nodes = tile != NULL && JSON_NODE_HOLDS_OBJECT (tile)
                    ? json_object_get_member (json_node_get_object (tile), "nodes") : NULL;
  JsonArray *array = nodes != NULL && JSON_NODE_HOLDS_ARRAY (nodes) ? json_node_get_array (nodes) : NULL;
  int n = 0;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    if (g_strcmp0 (_kol_object_string (json_array_get_object_element (array, i), "kind"), "city") == 0)
      n++;
  return n;
}

/* A home is a city: refused at once on a hex without one, rather than
 * left for the validation to find. */
static gboolean
check_home_city (KolTitleDocument *self,
                 const char       *hex,
                 int               city,
                 GError          **error)
{
  int n = count_cities (self, hex);

  if (n == 0)
    {
      /* Translators: %s is a hex id such as C5. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   _("%s has no city: a home must be a city printed on the map"), hex);
      return FALSE;
    }
  if (city >= n)
    {
      /* Translators: %1$s is a hex id, %2$d how many cities it has, %3$d the city asked for (counted from 0). */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   ngettext ("%1$s has %2$d city, so there is no city %3$d (counted from 0)",
                             "%1$s has %2$d cities, so there is no city %3$d (counted from 0)", n),
                   hex, n, city);
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_title_document_set_home:
 * @self: a document
 * @corporation: a corporation id of game.json
 * @hex: (nullable): the hex of its home reservation, or %NULL for none
 * @city: the index of the city on that hex (0 for the first)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Home reservations are the corporations' "home" and "home_city" in
 * game.json.
 *
 * Returns: whether the home was set
 */
gboolean
kol_title_document_set_home (KolTitleDocument *self,
                             const char       *corporation,
                             const char       *hex,
                             int               city,
                             GError          **error)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonNode) hex_node = NULL;
  g_autoptr(JsonNode) city_node = NULL;
  const char *old_home;
  int index;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (corporation != NULL, FALSE);

  index = _kol_find_by_id (_kol_root_array (self->roots[KOL_TITLE_FILE_GAME], "corporations"), corporation);
  if (index < 0)
    {
      /* Translators: %s is a corporation id such as AFG. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("There is no corporation “%s”"), corporation);
      return FALSE;
    }
  if (hex != NULL && !hex_exists_anywhere (self, hex))
    {
      /* Translators: %s is a hex id such as C5. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("There is no hex %s"), hex);
      return FALSE;
    }
  if (city < 0 || city >= KOL_MAX_NODES)
    return _kol_edit_invalid (error, _("There is no such city on the hex"));
  if (hex != NULL && !check_home_city (self, hex, city, error))
    return FALSE;
  path = g_strdup_printf ("$.corporations[%d]", index);
  old_home = _kol_object_string (json_array_get_object_element (_kol_root_array (self->roots[KOL_TITLE_FILE_GAME],
                                                                                   "corporations"), (guint) index),
                                 "home");
  hex_node = hex != NULL ? _kol_node_string (hex) : NULL;
  city_node = hex != NULL && city > 0 ? _kol_node_int (city) : NULL;
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_set_member (&edit, KOL_TITLE_FILE_GAME, path, "home", hex_node, _kol_corp_key_order, error)
      || !_kol_edit_set_member (&edit, KOL_TITLE_FILE_GAME, path, "home_city", city_node, _kol_corp_key_order, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_HEXES, hex != NULL ? hex : old_home);
  return _kol_edit_commit (&edit, _("Home"), NULL, error);
}

/* ---- the grid ----------------------------------------------------------------------------------- */

/**
 * kol_title_document_set_layout:
 * @self: a document
 * @layout: "flat" or "pointy"
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Turns the hexes the other way, as one command. The map keeps its hex
 * ids and every hex its neighbours: the axes swap what they count, and the
 * edges of track, borders and rotations are converted so that everything
 * still points to the same neighbour (kol-title-document-layout.c).
 *
 * Returns: whether the layout was set
 */
gboolean
kol_title_document_set_layout (KolTitleDocument *self,
                               const char       *layout,
                               GError          **error)
{
  g_autoptr(JsonNode) value = NULL;
  gboolean was_pointy;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if (g_strcmp0 (layout, "flat") != 0 && g_strcmp0 (layout, "pointy") != 0)
    return _kol_edit_invalid (error, _("The layout is flat or pointy"));
  value = _kol_node_string (layout);
  _kol_edit_begin (&edit, self);
  was_pointy = g_strcmp0 (_kol_object_string (_kol_edit_object_at (&edit, KOL_TITLE_FILE_MAP, "$"), "layout"),
                          "pointy") == 0;
  if (!_kol_edit_set (&edit, KOL_TITLE_FILE_MAP, "$.layout", value, NULL, error)
      || (was_pointy != g_str_equal (layout, "pointy") && !_kol_edit_mirror_map (&edit, error)))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GRID, NULL);
  return _kol_edit_commit (&edit, _("Map layout"), NULL, error);
}

/**
 * kol_title_document_set_axes:
 * @self: a document
 * @x: what the x coordinate counts: "number" or "letter"
 * @y: the other one
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the axes were set
 */
gboolean
kol_title_document_set_axes (KolTitleDocument *self,
                             const char       *x,
                             const char       *y,
                             GError          **error)
{
  g_autoptr(JsonNode) value = NULL;
  JsonObject *axes;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if (!((g_strcmp0 (x, "number") == 0 && g_strcmp0 (y, "letter") == 0)
        || (g_strcmp0 (x, "letter") == 0 && g_strcmp0 (y, "number") == 0)))
    return _kol_edit_invalid (error, _("One axis counts letters, the other numbers"));
  axes = json_object_new ();
  json_object_set_string_member (axes, "x", x);
  json_object_set_string_member (axes, "y", y);
  value = json_node_init_object (json_node_alloc (), axes);
  json_object_unref (axes);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_set (&edit, KOL_TITLE_FILE_MAP, "$.axes", value, NULL, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GRID, NULL);
  return _kol_edit_commit (&edit, _("Map axes"), NULL, error);
}

typedef struct
{
  gboolean any;
  int      min_x, max_x, min_y, max_y;
  int      parity;
} Extent;

static void
extent_of (KolTitleDocument *self,
           JsonNode * const *roots,
           Extent           *extent)
{
  g_auto(GStrv) ids = kol_title_document_dup_hex_ids (self);
  KolGrid grid;

  memset (extent, 0, sizeof *extent);
  _kol_grid_of (roots[KOL_TITLE_FILE_MAP], &grid);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      int x, y;

      if (!kol_hex_parse (&grid, ids[i], &x, &y))
        continue;
      if (!extent->any)
        {
          extent->min_x = extent->max_x = x;
          extent->min_y = extent->max_y = y;
          extent->parity = ((x + y) % 2 + 2) % 2;
          extent->any = TRUE;
        }
      extent->min_x = MIN (extent->min_x, x);
      extent->max_x = MAX (extent->max_x, x);
      extent->min_y = MIN (extent->min_y, y);
      extent->max_y = MAX (extent->max_y, y);
    }
}

/**
 * kol_title_document_get_extent:
 * @self: a document
 * @min_x: (out): smallest x (doubled coordinates, as kol_hex_parse())
 * @max_x: (out): largest x
 * @min_y: (out): smallest y
 * @max_y: (out): largest y
 *
 * The box the hexes of the map (seen through the variant being edited)
 * lie in.
 *
 * Returns: %FALSE when the map has no hex
 */
gboolean
kol_title_document_get_extent (KolTitleDocument *self,
                               int              *min_x,
                               int              *max_x,
                               int              *min_y,
                               int              *max_y)
{
  Extent extent;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  extent_of (self, self->roots, &extent);
  *min_x = extent.min_x;
  *max_x = extent.max_x;
  *min_y = extent.min_y;
  *max_y = extent.max_y;
  return extent.any;
}

/* Where a new base hex goes: before the first hex that comes after it in
 * reading order (letters, then numbers), as the data files list them. */
static int
base_position (JsonArray     *hexes,
               const KolGrid *grid,
               int            x,
               int            y)
{
  int letter = grid->x == KOL_AXIS_LETTER ? x : y;
  int number = grid->x == KOL_AXIS_LETTER ? y : x;

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      const char *id = _kol_object_string (json_array_get_object_element (hexes, i), "id");
      int hx, hy, hl, hn;

      if (id == NULL || !kol_hex_parse (grid, id, &hx, &hy))
        continue;
      hl = grid->x == KOL_AXIS_LETTER ? hx : hy;
      hn = grid->x == KOL_AXIS_LETTER ? hy : hx;
      if (hl > letter || (hl == letter && hn > number))
        return (int) i;
    }
  return -1;
}

static JsonNode *
new_hex (const char *id,
         const char *color)
{
  JsonObject *object = json_object_new ();
  JsonNode *node;

  json_object_set_string_member (object, "id", id);
  json_object_set_string_member (object, "color", color);
  node = json_node_init_object (json_node_alloc (), object);
  json_object_unref (object);
  return node;
}

static gboolean
add_hex_in_edit (KolEdit     *edit,
                 const char  *hex,
                 const char  *color,
                 GError     **error)
{
  g_autofree char *variant = _kol_edit_variant_path (edit);
  g_autofree char *remove_list = NULL;
  g_autoptr(JsonNode) node = new_hex (hex, color);
  KolGrid grid;
  int x, y;

  _kol_grid_of (edit->roots[KOL_TITLE_FILE_MAP], &grid);
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_GRID, hex);
  if (variant == NULL)
    {
      kol_hex_parse (&grid, hex, &x, &y);
      return _kol_edit_insert (edit, KOL_TITLE_FILE_MAP, "$.hexes",
                               base_position (_kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, "$.hexes"), &grid, x, y),
                               node, error);
    }
  /* a hex the variant removes comes back as the base map has it */
  remove_list = g_strconcat (variant, ".remove", NULL);
  if (_kol_find_by_id (_kol_root_array (edit->roots[KOL_TITLE_FILE_MAP], "hexes"), hex) >= 0)
    return _kol_edit_remove_from_list (edit, KOL_TITLE_FILE_MAP, remove_list, hex, error);
  return _kol_edit_append (edit, KOL_TITLE_FILE_MAP, variant, "add", node, _kol_variant_key_order, error) >= 0;
}

static gboolean
check_new_hex (KolTitleDocument *self,
               const char       *hex,
               GError          **error)
{
  Extent extent;
  KolGrid grid;
  int x, y;

  _kol_grid_of (self->roots[KOL_TITLE_FILE_MAP], &grid);
  if (hex == NULL || !kol_hex_parse (&grid, hex, &x, &y))
    {
      /* Translators: %s is what was given as a hex id. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   _("“%s” is not a hex id of this map"), hex != NULL ? hex : "");
      return FALSE;
    }
  if (kol_title_document_get_hex (self, hex) != NULL)
    {
      /* Translators: %s is a hex id such as C5. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_EXISTS,
                   _("The map already has a hex %s"), hex);
      return FALSE;
    }
  extent_of (self, self->roots, &extent);
  if (extent.any && ((x + y) % 2 + 2) % 2 != extent.parity)
    {
      /* Translators: %s is a hex id such as C5. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   _("%s lies between the hexes of this map’s grid"), hex);
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_title_document_add_hex:
 * @self: a document
 * @hex: a new hex id on the map's grid
 * @color: its colour
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds a hex to the base map, in reading order, or to the variant being
 * edited (where a hex the variant removes is brought back instead).
 *
 * Returns: whether it was added
 */
gboolean
kol_title_document_add_hex (KolTitleDocument *self,
                            const char       *hex,
                            const char       *color,
                            GError          **error)
{
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if (!_kol_check_color (color, error) || !check_new_hex (self, hex, error))
    return FALSE;
  _kol_edit_begin (&edit, self);
  if (!add_hex_in_edit (&edit, hex, color, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Add hex"), NULL, error);
}

/* Variants naming a hex that is gone would make the map unloadable. */
static gboolean
forget_hex_in_variants (KolEdit     *edit,
                        const char  *hex,
                        GError     **error)
{
  JsonArray *variants = _kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, "$.variants");
  /* counted first: each removal replaces the arrays of the edit's tree */
  guint n_variants = variants != NULL ? json_array_get_length (variants) : 0;

  for (guint v = 0; v < n_variants; v++)
    {
      g_autofree char *remove_list = g_strdup_printf ("$.variants[%u].remove", v);
      g_autofree char *replace_list = g_strdup_printf ("$.variants[%u].replace", v);
      int i = _kol_find_by_id (_kol_edit_array_at (edit, KOL_TITLE_FILE_MAP, replace_list), hex);

      if (!_kol_edit_remove_from_list (edit, KOL_TITLE_FILE_MAP, remove_list, hex, error))
        return FALSE;
      if (i >= 0)
        {
          g_autofree char *item = kol_json_path_index (replace_list, (guint) i);

          if (!_kol_edit_remove (edit, KOL_TITLE_FILE_MAP, item, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
remove_hex_in_edit (KolEdit     *edit,
                    const char  *hex,
                    GError     **error)
{
  g_autofree char *variant = _kol_edit_variant_path (edit);
  g_autofree char *path = _kol_hex_path (edit->roots, edit->doc->variant, hex, error);
  g_autoptr(JsonNode) id = NULL;

  if (path == NULL)
    return FALSE;
  _kol_edit_touch (edit, KOL_TITLE_CHANGE_GRID, hex);
  if (variant == NULL)
    return _kol_edit_remove (edit, KOL_TITLE_FILE_MAP, path, error)
           && forget_hex_in_variants (edit, hex, error);
  if (!g_str_has_prefix (path, "$.hexes["))
    {
      /* added by the variant: simply gone; replaced: removed instead */
      gboolean replaced = strstr (path, ".replace[") != NULL;

      if (!_kol_edit_remove (edit, KOL_TITLE_FILE_MAP, path, error))
        return FALSE;
      if (!replaced)
        return TRUE;
    }
  id = _kol_node_string (hex);
  return _kol_edit_append (edit, KOL_TITLE_FILE_MAP, variant, "remove", id, _kol_variant_key_order, error) >= 0;
}

/**
 * kol_title_document_remove_hex:
 * @self: a document
 * @hex: a hex id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Removes the hex from the base map (and from the variants that name it),
 * or, when a variant is being edited, from that variant: a hex it adds is
 * dropped, a base hex is listed in its "remove".
 *
 * Returns: whether it was removed
 */
gboolean
kol_title_document_remove_hex (KolTitleDocument *self,
                               const char       *hex,
                               GError          **error)
{
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if (!remove_hex_in_edit (&edit, hex, error))
    return _kol_edit_abort (&edit);
  return _kol_edit_commit (&edit, _("Remove hex"), NULL, error);
}

static const char *
line_label (KolGridLine line,
            gboolean    add)
{
  if (line == KOL_GRID_ROW)
    return add ? _("Add row") : _("Remove row");
  return add ? _("Add column") : _("Remove column");
}

/* Runs @func on every grid position of the line within the map's extent
 * (along the other axis), with the map's parity. */
typedef gboolean (*LineFunc) (KolEdit *edit, const char *hex, GError **error);

static int
for_line (KolTitleDocument *self,
          KolEdit          *edit,
          KolGridLine       line,
          int               coordinate,
          LineFunc          func,
          GError          **error)
{
  Extent extent;
  KolGrid grid;
  int from, to, count = 0;

  extent_of (self, self->roots, &extent);
  _kol_grid_of (self->roots[KOL_TITLE_FILE_MAP], &grid);
  if (!extent.any)
    {
      _kol_edit_invalid (error, _("The map has no hex to line up with"));
      return -1;
    }
  from = line == KOL_GRID_COLUMN ? extent.min_y : extent.min_x;
  to = line == KOL_GRID_COLUMN ? extent.max_y : extent.max_x;
  for (int other = from; other <= to; other++)
    {
      int x = line == KOL_GRID_COLUMN ? coordinate : other;
      int y = line == KOL_GRID_COLUMN ? other : coordinate;
      g_autofree char *hex = NULL;
      g_autoptr(GError) local = NULL;

      if (((x + y) % 2 + 2) % 2 != extent.parity)
        continue;
      hex = kol_hex_format (&grid, x, y);
      if (!func (edit, hex, &local))
        {
          if (g_error_matches (local, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOTHING))
            continue;
          g_propagate_error (error, g_steal_pointer (&local));
          return -1;
        }
      count++;
    }
  return count;
}

static gboolean
add_white_hex (KolEdit     *edit,
               const char  *hex,
               GError     **error)
{
  g_autofree char *found = _kol_hex_path (edit->roots, edit->doc->variant, hex, NULL);

  if (found != NULL)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOTHING, "");
      return FALSE;
    }
  return add_hex_in_edit (edit, hex, "white", error);
}

static gboolean
remove_present_hex (KolEdit     *edit,
                    const char  *hex,
                    GError     **error)
{
  g_autofree char *found = _kol_hex_path (edit->roots, edit->doc->variant, hex, NULL);

  if (found == NULL)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOTHING, "");
      return FALSE;
    }
  return remove_hex_in_edit (edit, hex, error);
}

static guint
edit_line (KolTitleDocument *self,
           KolGridLine       line,
           int               coordinate,
           gboolean          add,
           GError          **error)
{
  KolEdit edit;
  int count;

  _kol_edit_begin (&edit, self);
  count = for_line (self, &edit, line, coordinate, add ? add_white_hex : remove_present_hex, error);
  if (count == 0)
    g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOTHING,
                         add ? _("That line of the grid is full already")
                             : _("That line of the grid has no hex"));
  if (count <= 0 || !_kol_edit_commit (&edit, line_label (line, add), NULL, error))
    {
      _kol_edit_clear (&edit);
      return 0;
    }
  return (guint) count;
}

/**
 * kol_title_document_add_line:
 * @self: a document
 * @line: a column or a row
 * @coordinate: its x (column) or y (row), in doubled coordinates; one past
 *   the extent grows the map
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Adds a white hex at every free grid position of the line, across the
 * map's extent, as one command.
 *
 * Returns: how many hexes were added (0 on error)
 */
guint
kol_title_document_add_line (KolTitleDocument *self,
                             KolGridLine       line,
                             int               coordinate,
                             GError          **error)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), 0);

  return edit_line (self, line, coordinate, TRUE, error);
}

/**
 * kol_title_document_remove_line:
 * @self: a document
 * @line: a column or a row
 * @coordinate: its x (column) or y (row), in doubled coordinates
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Removes every hex of the line, as kol_title_document_remove_hex() does,
 * in one command.
 *
 * Returns: how many hexes were removed (0 on error)
 */
guint
kol_title_document_remove_line (KolTitleDocument *self,
                                KolGridLine       line,
                                int               coordinate,
                                GError          **error)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), 0);

  return edit_line (self, line, coordinate, FALSE, error);
}

/* ---- variants --------------------------------------------------------------------------------- */

/**
 * kol_title_document_restore_hex:
 * @self: a document
 * @hex: a hex id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Takes back what the variant being edited does to @hex: a removed or
 * replaced hex is the base map's again, an added one is dropped.
 *
 * Returns: whether the variant changed @hex
 */
gboolean
kol_title_document_restore_hex (KolTitleDocument *self,
                                const char       *hex,
                                GError          **error)
{
  g_autofree char *variant = NULL;
  g_autofree char *path = NULL;
  g_autofree char *remove_list = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (hex != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if ((variant = _kol_edit_variant_path (&edit)) == NULL)
    {
      _kol_edit_clear (&edit);
      return _kol_edit_invalid (error, _("Choose a variant first"));
    }
  remove_list = g_strconcat (variant, ".remove", NULL);
  path = _kol_hex_path (edit.roots, self->variant, hex, NULL);
  if ((path != NULL && !g_str_has_prefix (path, "$.hexes[")
       && !_kol_edit_remove (&edit, KOL_TITLE_FILE_MAP, path, error))
      || !_kol_edit_remove_from_list (&edit, KOL_TITLE_FILE_MAP, remove_list, hex, error))
    return _kol_edit_abort (&edit);
  if (!_kol_edit_changed (&edit))
    {
      _kol_edit_clear (&edit);
      /* Translators: %s is a hex id such as C5. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOTHING,
                   _("This variant does not change the hex %s"), hex);
      return FALSE;
    }
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_VARIANTS, hex);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_HEXES, hex);
  return _kol_edit_commit (&edit, _("Restore hex"), NULL, error);
}
