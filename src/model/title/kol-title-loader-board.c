/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-title-loader-private.h"

/*
 * The board part of the title loader: map.json (layout, hexes, variants)
 * and tiles.json (the manifest), into the title's hexes and tiles. Manifest
 * tiles come first in title->tiles, then one preprinted tile per hex, named
 * after the hex. References between them (upgrades_to, lay_only_on) are
 * resolved in a second pass, once every id is known.
 */

/* ---- map: layout and variants ------------------------------------------- */

static void
read_grid (KolLoader  *l,
           JsonObject *map)
{
  static const char *const layouts[] = { "flat", "pointy", NULL };
  static const char *const axes[] = { "letter", "number", NULL };
  JsonNode *layout = kol_loader_member (l, KOL_FILE_MAP, map, "$", "layout", TRUE);
  JsonObject *axis = kol_loader_object_member (l, KOL_FILE_MAP, map, "$", "axes", TRUE);
  KolGrid *grid = &l->title->grid;
  int value, x, y;

  if (layout != NULL && (value = kol_loader_enum (l, KOL_FILE_MAP, layout, "$.layout", layouts)) >= 0)
    grid->layout = value == 0 ? KOL_LAYOUT_FLAT : KOL_LAYOUT_POINTY;
  if (axis == NULL)
    return;
  x = kol_loader_enum (l, KOL_FILE_MAP, kol_loader_member (l, KOL_FILE_MAP, axis, "$.axes", "x", TRUE),
                       "$.axes.x", axes);
  y = kol_loader_enum (l, KOL_FILE_MAP, kol_loader_member (l, KOL_FILE_MAP, axis, "$.axes", "y", TRUE),
                       "$.axes.y", axes);
  if (x < 0 || y < 0)
    return;
  if (x == y)
    {
      kol_loader_invalid (l, KOL_FILE_MAP, "$.axes", _("One axis must count letters and the other numbers"));
      return;
    }
  grid->x = x == 0 ? KOL_AXIS_LETTER : KOL_AXIS_NUMBER;
  grid->y = y == 0 ? KOL_AXIS_LETTER : KOL_AXIS_NUMBER;
}

/* The id of a hex object, reported when missing or malformed. */
static const char *
hex_id (KolLoader   *l,
        JsonNode    *node,
        const char  *path,
        JsonObject **object_out)
{
  JsonObject *object = kol_loader_object (l, KOL_FILE_MAP, node, path);

  *object_out = object;
  return object ? kol_loader_string_member (l, KOL_FILE_MAP, object, path, "id", TRUE) : NULL;
}

static int
find_hex (KolLoader  *l,
          const char *id)
{
  for (guint i = 0; i < l->hex_objects->len; i++)
    {
      JsonNode *node = json_object_get_member (g_ptr_array_index (l->hex_objects, i), "id");

      if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
          && g_strcmp0 (json_node_get_string (node), id) == 0)
        return (int) i;
    }
  return -1;
}

static void
append_hex (KolLoader  *l,
            JsonObject *object,
            const char *path)
{
  g_ptr_array_add (l->hex_objects, object);
  g_ptr_array_add (l->hex_paths, g_strdup (path));
}

/* Every hex id any definition uses: references to a hex that only a variant
 * adds, or that a variant removes, are not typos. */
static void
collect_ids (KolLoader *l,
             JsonArray *hexes)
{
  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      JsonNode *node = json_array_get_element (hexes, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *id = object ? json_object_get_member (object, "id") : NULL;

      if (id != NULL && JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_STRING)
        g_hash_table_add (l->all_hex_ids, g_strdup (json_node_get_string (id)));
    }
}

static void
read_base_hexes (KolLoader  *l,
                 JsonObject *map)
{
  JsonArray *hexes = kol_loader_array_member (l, KOL_FILE_MAP, map, "$", "hexes", TRUE);
  g_autoptr(GString) element = g_string_new ("$.hexes");

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      const char *path = kol_json_path_set_index (element, strlen ("$.hexes"), i);
      JsonObject *object;

      if (hex_id (l, json_array_get_element (hexes, i), path, &object) != NULL)
        append_hex (l, object, path);
    }
  collect_ids (l, hexes);
}

static void
variant_remove (KolLoader  *l,
                JsonObject *variant,
                const char *path)
{
  g_auto(GStrv) ids = kol_loader_strv_member (l, KOL_FILE_MAP, variant, path, "remove");
  g_autofree char *remove_path = kol_json_path_key (path, "remove");

  for (guint i = 0; ids[i] != NULL; i++)
    {
      int index = find_hex (l, ids[i]);

      if (index < 0)
        {
          g_autofree char *child = kol_json_path_index (remove_path, i);
          /* Translators: %s is a hex id. */
          kol_loader_invalid (l, KOL_FILE_MAP, child, _("The variant removes the hex %s, which is not on the map"),
                              ids[i]);
          continue;
        }
      g_ptr_array_remove_index (l->hex_objects, (guint) index);
      g_ptr_array_remove_index (l->hex_paths, (guint) index);
      g_hash_table_add (l->removed_hex_ids, g_strdup (ids[i]));
    }
}

/* "add" (the hex must be new) or "replace" (it must exist). */
static void
variant_put (KolLoader  *l,
             JsonObject *variant,
             const char *path,
             const char *key)
{
  JsonArray *hexes = kol_loader_array_member (l, KOL_FILE_MAP, variant, path, key, FALSE);
  g_autofree char *list_path = kol_json_path_key (path, key);
  gboolean add = g_str_equal (key, "add");

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      g_autofree char *child = kol_json_path_index (list_path, i);
      JsonObject *object;
      const char *id = hex_id (l, json_array_get_element (hexes, i), child, &object);
      int index = id != NULL ? find_hex (l, id) : -1;

      if (id == NULL)
        continue;
      g_hash_table_remove (l->removed_hex_ids, id);
      if (add && index >= 0)
        kol_loader_invalid (l, KOL_FILE_MAP, child, _("The variant adds the hex %s, which is already on the map"), id);
      else if (!add && index < 0)
        kol_loader_invalid (l, KOL_FILE_MAP, child, _("The variant replaces the hex %s, which is not on the map"), id);
      else if (add)
        append_hex (l, object, child);
      else
        {
          g_ptr_array_index (l->hex_objects, index) = object;
          g_free (g_ptr_array_index (l->hex_paths, index));
          g_ptr_array_index (l->hex_paths, index) = g_strdup (child);
        }
    }
}

static void
read_variants (KolLoader  *l,
               JsonObject *map)
{
  JsonArray *variants = kol_loader_array_member (l, KOL_FILE_MAP, map, "$", "variants", FALSE);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; variants != NULL && i < json_array_get_length (variants); i++)
    {
      g_autofree char *path = kol_json_path_index ("$.variants", i);
      g_autofree char *when_path = kol_json_path_key (path, "when");
      JsonObject *variant = kol_loader_object (l, KOL_FILE_MAP, json_array_get_element (variants, i), path);
      const char *id;
      JsonNode *when;

      if (variant == NULL)
        continue;
      collect_ids (l, kol_loader_peek_array (variant, "add"));
      collect_ids (l, kol_loader_peek_array (variant, "replace"));
      id = kol_loader_string_member (l, KOL_FILE_MAP, variant, path, "id", TRUE);
      if (id != NULL && !g_hash_table_add (ids, (gpointer) id))
        /* Translators: %s is the id of a map variant. */
        kol_loader_invalid (l, KOL_FILE_MAP, path, _("The variant “%s” is defined twice"), id);
      if ((when = kol_loader_member (l, KOL_FILE_MAP, variant, path, "when", TRUE)) == NULL
          || !kol_loader_when (l, KOL_FILE_MAP, when, when_path))
        continue;
      variant_remove (l, variant, path);
      variant_put (l, variant, path, "add");
      variant_put (l, variant, path, "replace");
    }
}

/* After the variants: ids unique, count within the engine's limit. */
static void
index_hexes (KolLoader *l)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < l->hex_objects->len; i++)
    {
      JsonObject *object = g_ptr_array_index (l->hex_objects, i);
      const char *id = json_node_get_string (json_object_get_member (object, "id"));

      if (g_hash_table_add (seen, (gpointer) id))
        continue;
      kol_loader_invalid (l, KOL_FILE_MAP, g_ptr_array_index (l->hex_paths, i), _("The hex %s is defined twice"), id);
      g_ptr_array_remove_index (l->hex_objects, i);
      g_ptr_array_remove_index (l->hex_paths, i);
      i--;
    }
  if (l->hex_objects->len > KOL_MAX_HEXES)
    {
      kol_loader_invalid (l, KOL_FILE_MAP, "$.hexes", _("Hexes: %u, more than the engine's limit of %d"),
                          l->hex_objects->len, KOL_MAX_HEXES);
      g_ptr_array_set_size (l->hex_objects, KOL_MAX_HEXES);
      g_ptr_array_set_size (l->hex_paths, KOL_MAX_HEXES);
    }
  for (guint i = 0; i < l->hex_objects->len; i++)
    {
      JsonObject *object = g_ptr_array_index (l->hex_objects, i);

      g_hash_table_insert (l->hex_lookup, g_strdup (json_node_get_string (json_object_get_member (object, "id"))),
                           GINT_TO_POINTER (i + 1));
    }
}

/**
 * kol_loader_read_map:
 *
 * Reads the layout, the hexes and the variants of this configuration, into
 * the list of hex objects that kol_loader_build_hexes() turns into hexes.
 */
void
kol_loader_read_map (KolLoader *l)
{
  JsonObject *map = l->files[KOL_FILE_MAP].root;
  JsonNode *blank;

  kol_loader_check_schema (l, KOL_FILE_MAP, "koleya/map/1");
  read_grid (l, map);
  read_base_hexes (l, map);
  read_variants (l, map);
  index_hexes (l);

  if ((blank = json_object_get_member (map, "blank_upgrades_to")) != NULL)
    {
      g_auto(GStrv) ids = kol_loader_strv_member (l, KOL_FILE_MAP, map, "$", "blank_upgrades_to");

      l->blank_upgrades = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; ids[i] != NULL; i++)
        g_ptr_array_add (l->blank_upgrades, g_strdup (ids[i]));
      l->blank_upgrades_path = g_strdup ("$.blank_upgrades_to");
    }
}

/* ---- tile bodies ---------------------------------------------------------- */

static gboolean
read_revenue_key (KolLoader  *l,
                  KolFileId   file,
                  const char *key,
                  const char *path,
                  gboolean    by_color,
                  gint16     *out)
{
  KolColor color;
  int phase;

  if (by_color)
    {
      if (kol_color_from_string (key, &color))
        {
          *out = (gint16) color;
          return TRUE;
        }
      /* Translators: %s is a key of a revenue table. */
      kol_loader_invalid (l, file, path, _("“%s” is not a tile colour"), key);
      return FALSE;
    }
  if ((phase = kol_title_phase_by_name (l->title, key)) >= 0)
    {
      *out = (gint16) phase;
      return TRUE;
    }
  kol_loader_invalid (l, file, path, _("There is no phase “%s”"), key);
  return FALSE;
}

static void
read_revenue_table (KolLoader  *l,
                    KolFileId   file,
                    JsonObject *table,
                    const char *path,
                    KolRevenue *revenue)
{
  static const char *const kinds[] = { "color", "phase", NULL };
  g_autoptr(GList) members = json_object_get_members (table);
  g_autofree char *by_path = kol_json_path_key (path, "by");
  JsonNode *by = kol_loader_member (l, file, table, path, "by", TRUE);
  int kind = by != NULL ? kol_loader_enum (l, file, by, by_path, kinds) : -1;

  if (kind < 0)
    return;
  revenue->kind = kind == 0 ? KOL_REVENUE_BY_COLOR : KOL_REVENUE_BY_PHASE;
  for (GList *m = members; m != NULL; m = m->next)
    {
      g_autofree char *child = kol_json_path_key (path, m->data);
      gint16 key;
      int value = 0;

      if (g_str_equal (m->data, "by"))
        continue;
      if (revenue->n >= KOL_MAX_REVENUE_KEYS)
        {
          kol_loader_invalid (l, file, path, _("A revenue may have at most %d values"), KOL_MAX_REVENUE_KEYS);
          return;
        }
      if (read_revenue_key (l, file, m->data, child, kind == 0, &key)
          && kol_loader_int (l, file, json_object_get_member (table, m->data), child, 0, 100000, &value))
        {
          revenue->keys[revenue->n] = key;
          revenue->values[revenue->n++] = value;
        }
    }
  if (revenue->n == 0)
    kol_loader_invalid (l, file, path, _("A revenue table needs at least one value"));
}

/* The "revenue" of node @object: a number or a table. */
static void
read_revenue (KolLoader  *l,
              KolFileId   file,
              JsonObject *object,
              const char *path,
              KolRevenue *revenue)
{
  JsonNode *node = json_object_get_member (object, "revenue");
  g_autofree char *child = NULL;

  revenue->kind = KOL_REVENUE_FIXED;
  if (node == NULL)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      kol_loader_int_member (l, file, object, path, "revenue", FALSE, 0, 100000, &revenue->fixed);
      return;
    }
  child = kol_json_path_key (path, "revenue");
  read_revenue_table (l, file, json_node_get_object (node), child, revenue);
}

static gboolean
valid_node_id (const char *id)
{
  if (strlen (id) >= sizeof ((KolNodeDef *) NULL)->id || (!g_ascii_isalpha (id[0]) && id[0] != '_'))
    return FALSE;
  for (const char *c = id; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

static void
read_node_loc (KolLoader  *l,
               KolFileId   file,
               JsonObject *object,
               const char *path,
               KolNodeDef *node)
{
  JsonNode *loc = json_object_get_member (object, "loc");
  g_autofree char *child = NULL;
  g_autofree char *text = NULL;

  if (loc == NULL)
    return;
  if (JSON_NODE_HOLDS_VALUE (loc) && json_node_get_value_type (loc) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (loc));
  else if (JSON_NODE_HOLDS_VALUE (loc) && json_node_get_value_type (loc) == G_TYPE_INT64)
    text = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (loc));
  else if (JSON_NODE_HOLDS_VALUE (loc) && json_node_get_value_type (loc) == G_TYPE_DOUBLE)
    text = g_strdup_printf ("%g", json_node_get_double (loc));
  if (text == NULL || strlen (text) >= sizeof node->loc)
    {
      child = kol_json_path_key (path, "loc");
      kol_loader_invalid (l, file, child, _("“loc” is a number or a string of at most %d characters"),
                          (int) sizeof node->loc - 1);
      return;
    }
  g_strlcpy (node->loc, text, sizeof node->loc);
}

static void
read_node_group (KolLoader  *l,
                 KolFileId   file,
                 JsonObject *object,
                 const char *path,
                 KolNodeDef *node)
{
  const char *group = kol_loader_string_member (l, file, object, path, "group", FALSE);
  gpointer found;

  node->group = -1;
  if (group == NULL)
    return;
  if ((found = g_hash_table_lookup (l->groups, group)) == NULL)
    {
      found = GINT_TO_POINTER (g_hash_table_size (l->groups) + 1);
      g_hash_table_insert (l->groups, g_strdup (group), found);
    }
  node->group = (gint16) (GPOINTER_TO_INT (found) - 1);
}

static void
read_node (KolLoader  *l,
           KolFileId   file,
           JsonObject *object,
           const char *path,
           KolTileDef *tile,
           int        *n_cities)
{
  static const char *const kinds[] = { "city", "town", "offboard", "junction", NULL };
  KolNodeDef *node = &tile->nodes[tile->n_nodes];
  const char *id = kol_loader_string_member (l, file, object, path, "id", TRUE);
  int kind = kol_loader_enum_member (l, file, object, path, "kind", TRUE, kinds);
  int slots, visit_cost = -1, part = tile->n_nodes;
  gboolean optional = FALSE;
  KolText name = { NULL, NULL };

  if (id != NULL && !valid_node_id (id))
    /* Translators: %s is a node id such as “c0”. */
    kol_loader_invalid (l, file, path, _("“%s” is not a node id: letters, digits and “_”, at most 7"), id);
  else if (id != NULL)
    g_strlcpy (node->id, id, sizeof node->id);
  node->kind = (guint8) MAX (kind, 0);
  node->city_index = kind == KOL_NODE_CITY ? (gint8) (*n_cities)++ : -1;
  slots = kind == KOL_NODE_CITY ? 1 : 0;
  kol_loader_int_member (l, file, object, path, "slots", FALSE, 0, KOL_MAX_HEX_SLOTS, &slots);
  node->slots = (guint8) slots;
  read_revenue (l, file, object, path, &node->revenue);
  kol_loader_bool_member (l, file, object, path, "optional", &optional);
  node->optional = (guint8) optional;
  kol_loader_int_member (l, file, object, path, "visit_cost", FALSE, 0, 100, &visit_cost);
  node->visit_cost = (gint8) visit_cost;
  /* 18xx.games' part index, which names nodes in recorded games */
  kol_loader_int_member (l, file, object, path, "part", FALSE, 0, 63, &part);
  node->part = (gint8) part;
  read_node_loc (l, file, object, path, node);
  read_node_group (l, file, object, path, node);
  kol_loader_text_member (l, file, object, path, "name", FALSE, FALSE, &name);
  g_free (name.en);
  g_free (name.ru);
  tile->n_nodes++;
}

static void
check_node_ids (KolLoader  *l,
                KolFileId   file,
                const char *path,
                KolTileDef *tile)
{
  for (int i = 0; i < tile->n_nodes; i++)
    for (int j = 0; j < i; j++)
      if (tile->nodes[i].id[0] != '\0' && g_str_equal (tile->nodes[i].id, tile->nodes[j].id))
        {
          g_autofree char *child = kol_json_path_index (path, (guint) i);
          /* Translators: %s is a node id. */
          kol_loader_invalid (l, file, child, _("The node id “%s” is used twice on this tile"), tile->nodes[i].id);
        }
}

static void
read_nodes (KolLoader  *l,
            KolFileId   file,
            JsonObject *body,
            const char *path,
            KolTileDef *tile)
{
  JsonArray *nodes = kol_loader_array_member (l, file, body, path, "nodes", FALSE);
  g_autofree char *nodes_path = kol_json_path_key (path, "nodes");
  int n_cities = 0, n_slots = 0;

  g_autoptr(GString) element = g_string_new (nodes_path);

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      const char *child = kol_json_path_set_index (element, strlen (nodes_path), i);
      JsonObject *object = kol_loader_object (l, file, json_array_get_element (nodes, i), child);

      if (tile->n_nodes >= KOL_MAX_NODES)
        {
          kol_loader_invalid (l, file, child, _("A tile may have at most %d nodes"), KOL_MAX_NODES);
          break;
        }
      if (object != NULL)
        read_node (l, file, object, child, tile, &n_cities);
    }
  check_node_ids (l, file, nodes_path, tile);
  n_slots = kol_tile_n_slots (tile);
  if (n_slots > KOL_MAX_HEX_SLOTS)
    kol_loader_invalid (l, file, nodes_path, _("The cities of a tile may have at most %d token slots together"),
                        KOL_MAX_HEX_SLOTS);
}

/* An end: an edge 0..5 or the id of one of the tile's nodes. */
static gboolean
read_end (KolLoader        *l,
          KolFileId         file,
          JsonObject       *object,
          const char       *path,
          const char       *key,
          const KolTileDef *tile,
          guint8           *out)
{
  JsonNode *node = kol_loader_member (l, file, object, path, key, TRUE);
  g_autofree char *child = NULL;
  const char *id;
  int edge;

  if (node == NULL)
    return FALSE;
  if (kol_loader_holds (node, G_TYPE_STRING))
    {
      id = json_node_get_string (node);
      for (int i = 0; i < tile->n_nodes; i++)
        if (g_strcmp0 (tile->nodes[i].id, id) == 0)
          {
            *out = (guint8) (KOL_PATH_NODE + i);
            return TRUE;
          }
      child = kol_json_path_key (path, key);
      /* Translators: %s is what a path end names. */
      kol_loader_invalid (l, file, child, _("The tile has no node “%s”"), id);
      return FALSE;
    }
  if (!kol_loader_int_member (l, file, object, path, key, TRUE, 0, 5, &edge))
    return FALSE;
  *out = (guint8) edge;
  return TRUE;
}

static gboolean
read_track (KolLoader  *l,
            KolFileId   file,
            JsonObject *object,
            const char *path,
            guint8     *out)
{
  const char *id = kol_loader_string_member (l, file, object, path, "track", FALSE);
  g_autofree char *child = NULL;
  int index;

  *out = 0;
  if (id == NULL)
    return !json_object_has_member (object, "track");
  if (g_str_equal (id, "future"))
    {
      *out = KOL_TRACK_FUTURE;
      return TRUE;
    }
  if ((index = kol_title_track_by_id (l->title, id)) < 0)
    {
      GString *declared = g_string_new (NULL);

      for (int i = 0; i < l->title->n_track_types; i++)
        g_string_append_printf (declared, "%s%s", i > 0 ? ", " : "", l->title->track_types[i].id);
      child = kol_json_path_key (path, "track");
      /* Translators: the first %s is a track type id, the second the list
       * of those declared in game.json. */
      kol_loader_invalid (l, file, child, _("There is no track type “%s”; game.json declares: %s"), id,
                          declared->str);
      g_string_free (declared, TRUE);
      return FALSE;
    }
  *out = (guint8) index;
  return TRUE;
}

static gboolean
read_lane (KolLoader  *l,
           KolFileId   file,
           JsonObject *object,
           const char *path,
           const char *key,
           guint8      lane[2])
{
  JsonArray *pair = kol_loader_array_member (l, file, object, path, key, FALSE);
  g_autofree char *child = NULL;
  g_autofree char *lanes_path = NULL;
  g_autofree char *index_path = NULL;
  int lanes = 0, index = 0;

  if (pair == NULL)
    return !json_object_has_member (object, key);
  child = kol_json_path_key (path, key);
  lanes_path = kol_json_path_index (child, 0);
  index_path = kol_json_path_index (child, 1);
  if (json_array_get_length (pair) != 2)
    {
      kol_loader_invalid (l, file, child, _("A lane is given as [lanes, index]"));
      return FALSE;
    }
  if (!kol_loader_int (l, file, json_array_get_element (pair, 0), lanes_path, 1, 8, &lanes)
      || !kol_loader_int (l, file, json_array_get_element (pair, 1), index_path, 0, 7, &index))
    return FALSE;
  if (index >= lanes)
    {
      kol_loader_invalid (l, file, child, _("The lane index must be less than the number of lanes"));
      return FALSE;
    }
  lane[0] = (guint8) lanes;
  lane[1] = (guint8) index;
  return TRUE;
}

static gboolean
add_path (KolLoader        *l,
          KolFileId         file,
          const char       *path,
          KolTileDef       *tile,
          const KolPathDef *def)
{
  if (tile->n_paths >= KOL_MAX_PATHS)
    {
      kol_loader_invalid (l, file, path, _("A tile may have at most %d paths"), KOL_MAX_PATHS);
      return FALSE;
    }
  tile->paths[tile->n_paths++] = *def;
  return TRUE;
}

/* "lanes": n makes n parallel paths, numbered as 18xx.games does: the lane
 * index runs the same way at both ends, except between two edges, where it
 * is mirrored. */
static void
add_lanes (KolLoader  *l,
           KolFileId   file,
           const char *path,
           KolTileDef *tile,
           KolPathDef *def,
           int         lanes)
{
  for (int i = 0; i < lanes; i++)
    {
      gboolean both_edges = KOL_PATH_IS_EDGE (def->a) && KOL_PATH_IS_EDGE (def->b);

      def->a_lane[0] = def->b_lane[0] = (guint8) lanes;
      def->a_lane[1] = (guint8) i;
      def->b_lane[1] = (guint8) (both_edges ? lanes - i - 1 : i);
      if (!add_path (l, file, path, tile, def))
        return;
    }
}

static void
read_path (KolLoader  *l,
           KolFileId   file,
           JsonObject *object,
           const char *path,
           KolTileDef *tile)
{
  KolPathDef def = { 0 };
  gboolean ok;
  int terminal = 0, lanes = 0;

  ok = read_end (l, file, object, path, "a", tile, &def.a);
  ok = read_end (l, file, object, path, "b", tile, &def.b) && ok;
  ok = read_track (l, file, object, path, &def.track) && ok;
  if (json_object_has_member (object, "terminal"))
    ok = kol_loader_int_member (l, file, object, path, "terminal", FALSE, 1, 2, &terminal) && ok;
  def.terminal = (guint8) terminal;
  ok = read_lane (l, file, object, path, "a_lane", def.a_lane) && ok;
  ok = read_lane (l, file, object, path, "b_lane", def.b_lane) && ok;
  if (json_object_has_member (object, "lanes"))
    ok = kol_loader_int_member (l, file, object, path, "lanes", FALSE, 1, 4, &lanes) && ok;
  if (!ok)
    return;
  if (def.a == def.b)
    {
      kol_loader_invalid (l, file, path, _("A path must join two different ends"));
      return;
    }
  if (lanes > 0)
    add_lanes (l, file, path, tile, &def, lanes);
  else
    add_path (l, file, path, tile, &def);
}

static void
read_paths (KolLoader  *l,
            KolFileId   file,
            JsonObject *body,
            const char *path,
            KolTileDef *tile)
{
  JsonArray *paths = kol_loader_array_member (l, file, body, path, "paths", FALSE);
  g_autofree char *paths_path = kol_json_path_key (path, "paths");

  g_autoptr(GString) element = g_string_new (paths_path);

  for (guint i = 0; paths != NULL && i < json_array_get_length (paths); i++)
    {
      const char *child = kol_json_path_set_index (element, strlen (paths_path), i);
      JsonObject *object = kol_loader_object (l, file, json_array_get_element (paths, i), child);

      if (object != NULL)
        read_path (l, file, object, child, tile);
    }
}

static void
read_rotations (KolLoader  *l,
                KolFileId   file,
                JsonObject *body,
                const char *path,
                KolTileDef *tile)
{
  JsonArray *rotations = kol_loader_array_member (l, file, body, path, "rotations", FALSE);
  g_autofree char *child = NULL;

  tile->rotations = 0x3f;
  if (rotations == NULL)
    return;
  child = kol_json_path_key (path, "rotations");
  tile->rotations = 0;
  for (guint i = 0; i < json_array_get_length (rotations); i++)
    {
      g_autofree char *element = kol_json_path_index (child, i);
      int r;

      if (kol_loader_int (l, file, json_array_get_element (rotations, i), element, 0, 5, &r))
        tile->rotations |= (guint8) (1u << r);
    }
  if (tile->rotations == 0)
    {
      kol_loader_invalid (l, file, child, _("The list must not be empty"));
      tile->rotations = 0x3f;
    }
}

/* A frame colour, or several joined by “;” for the renderer. */
static char *
read_frame (KolLoader  *l,
            KolFileId   file,
            JsonObject *object,
            const char *path)
{
  JsonNode *frame = json_object_get_member (object, "frame");
  g_autofree char *child = NULL;
  g_auto(GStrv) colors = NULL;

  if (frame == NULL)
    return NULL;
  child = kol_json_path_key (path, "frame");
  if (JSON_NODE_HOLDS_ARRAY (frame))
    {
      colors = kol_loader_strv_member (l, file, object, path, "frame");
      if (colors[0] == NULL)
        {
          kol_loader_invalid (l, file, child, _("The list must not be empty"));
          return NULL;
        }
      return g_strjoinv (";", colors);
    }
  return g_strdup (kol_loader_string (l, file, frame, child));
}

static GPtrArray *
read_icons (KolLoader  *l,
            KolFileId   file,
            JsonObject *object,
            const char *path)
{
  JsonArray *icons = kol_loader_array_member (l, file, object, path, "icons", FALSE);
  g_autofree char *icons_path = NULL;
  GPtrArray *out;

  if (icons == NULL)
    return NULL;
  icons_path = kol_json_path_key (path, "icons");
  out = kol_tile_icons_new ();
  for (guint i = 0; i < json_array_get_length (icons); i++)
    {
      g_autofree char *child = kol_json_path_index (icons_path, i);
      JsonObject *icon = kol_loader_object (l, file, json_array_get_element (icons, i), child);
      const char *id = kol_loader_string_member (l, file, icon, child, "id", TRUE);
      const char *role = kol_loader_string_member (l, file, icon, child, "role", FALSE);

      if (id != NULL)
        g_ptr_array_add (out, kol_tile_icon_new (id, role));
    }
  return out;
}

static void
read_upgrade_policy (KolLoader  *l,
                     KolFileId   file,
                     JsonObject *body,
                     const char *path,
                     KolTileDef *tile)
{
  static const char *const policies[] = { "inferred", "explicit", "same_color", "none", NULL };
  int value = kol_loader_enum_member (l, file, body, path, "upgrade_policy", FALSE, policies);

  tile->upgrade_policy = json_object_has_member (body, "upgrades_to") ? KOL_UPGRADE_EXPLICIT : KOL_UPGRADE_INFERRED;
  if (value >= 0)
    tile->upgrade_policy = (guint8) value;
}

static void
read_label (KolLoader  *l,
            KolFileId   file,
            JsonObject *body,
            const char *path,
            KolTileDef *tile)
{
  const char *label = kol_loader_string_member (l, file, body, path, "label", FALSE);

  if (label == NULL)
    return;
  if (strlen (label) >= sizeof tile->label)
    {
      g_autofree char *child = kol_json_path_key (path, "label");
      kol_loader_invalid (l, file, child, _("A label may have at most %d bytes"), (int) sizeof tile->label - 1);
      return;
    }
  g_strlcpy (tile->label, label, sizeof tile->label);
}

/**
 * kol_loader_read_tile_body:
 *
 * Reads what a manifest tile and a preprinted tile share (label, nodes,
 * paths, rotations, frame, icons, upgrade policy, lay_requires). The
 * references upgrades_to and lay_only_on wait for kol_loader_resolve_tiles().
 */
gboolean
kol_loader_read_tile_body (KolLoader  *l,
                           KolFileId   file,
                           JsonObject *object,
                           const char *path,
                           KolTileDef *tile)
{
  const char *requires;
  KolText name = { NULL, NULL };

  read_label (l, file, object, path, tile);
  read_nodes (l, file, object, path, tile);
  read_paths (l, file, object, path, tile);
  read_rotations (l, file, object, path, tile);
  tile->frame = read_frame (l, file, object, path);
  tile->icons = read_icons (l, file, object, path);
  read_upgrade_policy (l, file, object, path, tile);
  if ((requires = kol_loader_string_member (l, file, object, path, "lay_requires", FALSE)) != NULL)
    tile->lay_requires = g_strdup (requires);
  kol_loader_text_member (l, file, object, path, "name", FALSE, FALSE, &name);
  g_free (name.en);
  g_free (name.ru);
  return TRUE;
}

/* ---- tiles.json ---------------------------------------------------------- */

static void
read_manifest_tile (KolLoader  *l,
                    JsonObject *object,
                    const char *path,
                    KolTileDef *tile)
{
  JsonNode *count = kol_loader_member (l, KOL_FILE_TILES, object, path, "count", TRUE);
  KolColor value = KOL_COLOR_WHITE;

  if (kol_loader_color_member (l, KOL_FILE_TILES, object, path, "color", TRUE, &value))
    tile->color = (guint8) value;
  if (kol_loader_holds (count, G_TYPE_INT64) && json_node_get_int (count) >= 0
      && json_node_get_int (count) <= KOL_MAX_TILE_COPIES && !kol_json_scan_has_bad_numbers (l->files[KOL_FILE_TILES].scan))
    tile->count = (int) json_node_get_int (count);
  else if (count != NULL)
    {
      g_autofree char *count_path = kol_json_path_key (path, "count");
      kol_loader_count (l, KOL_FILE_TILES, count, count_path, KOL_MAX_TILE_COPIES, &tile->count);
    }
  kol_loader_read_tile_body (l, KOL_FILE_TILES, object, path, tile);
}

static void
check_copy_total (KolLoader *l)
{
  int total = 0;

  for (guint i = 0; i < l->title->n_manifest_tiles; i++)
    total += l->title->tiles[i].count < 0 ? 1 : l->title->tiles[i].count;
  if (total > KOL_MAX_TILE_COPIES)
    kol_loader_invalid (l, KOL_FILE_TILES, "$.tiles", _("Tile copies: %d, more than the engine's limit of %d"),
                        total, KOL_MAX_TILE_COPIES);
}

/**
 * kol_loader_read_tiles:
 *
 * Reads the manifest into the first entries of title->tiles, leaving room
 * for one preprinted tile per hex after them.
 */
void
kol_loader_read_tiles (KolLoader *l)
{
  JsonObject *root = l->files[KOL_FILE_TILES].root;
  JsonArray *tiles = kol_loader_array_member (l, KOL_FILE_TILES, root, "$", "tiles", TRUE);
  guint n = tiles != NULL ? json_array_get_length (tiles) : 0;
  guint room = KOL_MAX_TILE_DEFS - MIN (l->hex_objects->len, KOL_MAX_TILE_DEFS);
  g_autoptr(GString) element = NULL;

  kol_loader_check_schema (l, KOL_FILE_TILES, "koleya/tiles/1");
  if (n > room)
    {
      kol_loader_invalid (l, KOL_FILE_TILES, "$.tiles",
                          _("Tiles: %u, and %u preprinted ones (one per hex), more than the engine's limit of %d"),
                          n, l->hex_objects->len, KOL_MAX_TILE_DEFS);
      n = room;
    }
  l->title->tiles = g_new0 (KolTileDef, n + l->hex_objects->len + 1);
  element = g_string_new ("$.tiles");
  for (guint i = 0; i < n; i++)
    {
      const char *path = kol_json_path_set_index (element, strlen ("$.tiles"), i);
      JsonObject *object = kol_loader_object (l, KOL_FILE_TILES, json_array_get_element (tiles, i), path);
      KolTileDef *tile = &l->title->tiles[l->title->n_manifest_tiles];
      const char *id = kol_loader_string_member (l, KOL_FILE_TILES, object, path, "id", TRUE);

      if (object == NULL || id == NULL)
        continue;
      if (g_hash_table_contains (l->tile_lookup, id))
        {
          /* Translators: %s is a tile id such as “57”. */
          kol_loader_invalid (l, KOL_FILE_TILES, path, _("The tile “%s” is defined twice"), id);
          continue;
        }
      tile->id = g_strdup (id);
      g_hash_table_insert (l->tile_lookup, g_strdup (id), GINT_TO_POINTER (l->title->n_manifest_tiles + 1));
      read_manifest_tile (l, object, path, tile);
      g_ptr_array_add (l->tile_objects, object);
      g_ptr_array_add (l->tile_paths, g_strdup (path));
      l->title->n_manifest_tiles++;
    }
  l->title->n_tiles = l->title->n_manifest_tiles;
  check_copy_total (l);
}

/* ---- hexes --------------------------------------------------------------- */

static void
read_terrain (KolLoader  *l,
              JsonObject *object,
              const char *path,
              KolHexDef  *hex)
{
  JsonArray *terrain = kol_loader_array_member (l, KOL_FILE_MAP, object, path, "terrain", FALSE);
  g_autofree char *terrain_path = terrain != NULL ? kol_json_path_key (path, "terrain") : NULL;

  g_autoptr(GString) element = g_string_new (terrain_path);

  for (guint i = 0; terrain != NULL && i < json_array_get_length (terrain); i++)
    {
      const char *child = kol_json_path_set_index (element, strlen (terrain_path), i);
      JsonObject *item = kol_loader_object (l, KOL_FILE_MAP, json_array_get_element (terrain, i), child);
      const char *type = kol_loader_string_member (l, KOL_FILE_MAP, item, child, "type", TRUE);
      int cost = 0;

      if (item == NULL)
        continue;
      if (kol_loader_int_member (l, KOL_FILE_MAP, item, child, "cost", TRUE, 0, 1000000, &cost))
        hex->terrain_cost += cost;
      if (hex->terrain == NULL && type != NULL)
        hex->terrain = g_strdup (type);
    }
}

static void
read_borders (KolLoader  *l,
              JsonObject *object,
              const char *path,
              KolHexDef  *hex)
{
  JsonArray *borders = kol_loader_array_member (l, KOL_FILE_MAP, object, path, "borders", FALSE);
  g_autofree char *borders_path = borders != NULL ? kol_json_path_key (path, "borders") : NULL;

  g_autoptr(GString) element = g_string_new (borders_path);

  for (guint i = 0; borders != NULL && i < json_array_get_length (borders); i++)
    {
      const char *child = kol_json_path_set_index (element, strlen (borders_path), i);
      JsonObject *border = kol_loader_object (l, KOL_FILE_MAP, json_array_get_element (borders, i), child);
      const char *type = kol_loader_string_member (l, KOL_FILE_MAP, border, child, "type", FALSE);
      int edge = 0, cost = 0;

      if (border == NULL)
        continue;
      kol_loader_int_member (l, KOL_FILE_MAP, border, child, "cost", FALSE, 0, 1000000, &cost);
      if (!kol_loader_int_member (l, KOL_FILE_MAP, border, child, "edge", TRUE, 0, 5, &edge))
        continue;
      if (g_strcmp0 (type, "impassable") == 0)
        hex->impassable |= (guint8) (1u << edge);
      else
        hex->borders |= (guint8) (1u << edge);
    }
}

static GPtrArray *
read_tags (KolLoader  *l,
           JsonObject *object,
           const char *path)
{
  g_auto(GStrv) tags = kol_loader_strv_member (l, KOL_FILE_MAP, object, path, "tags");
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; tags[i] != NULL; i++)
    g_ptr_array_add (out, g_strdup (tags[i]));
  return out;
}

static void
read_coordinates (KolLoader  *l,
                  const char *path,
                  KolHexDef  *hex,
                  int        *parity)
{
  g_autofree char *id_path = NULL;

  if (!kol_hex_parse (&l->title->grid, hex->id, &hex->x, &hex->y))
    {
      id_path = kol_json_path_key (path, "id");
      /* Translators: %s is a hex id from the file. */
      kol_loader_invalid (l, KOL_FILE_MAP, id_path, _("“%s” is not a hex coordinate such as C5 or a12"), hex->id);
      return;
    }
  /* 18xx.games' doubled coordinates: neighbours keep the parity of x + y,
   * so a hex of the other parity would sit between the grid's cells. */
  if (*parity < 0)
    *parity = (hex->x + hex->y) & 1;
  else if (((hex->x + hex->y) & 1) != *parity)
    {
      id_path = kol_json_path_key (path, "id");
      kol_loader_invalid (l, KOL_FILE_MAP, id_path,
                          _("The hex %s lies off the map's grid (its coordinates have the other parity)"), hex->id);
    }
}

static void
read_preprinted (KolLoader  *l,
                 JsonObject *object,
                 const char *path,
                 KolHexDef  *hex,
                 KolTileDef *tile)
{
  JsonObject *body = kol_loader_object_member (l, KOL_FILE_MAP, object, path, "tile", FALSE);
  g_autofree char *body_path = kol_json_path_key (path, "tile");

  tile->id = g_strdup (hex->id);
  tile->color = hex->color;
  tile->count = 0;
  tile->preprinted = TRUE;
  tile->rotations = 0x3f;
  tile->upgrade_policy = KOL_UPGRADE_INFERRED;
  if (body != NULL)
    kol_loader_read_tile_body (l, KOL_FILE_MAP, body, body_path, tile);
  if (g_hash_table_contains (l->tile_lookup, hex->id))
    kol_loader_invalid (l, KOL_FILE_MAP, path,
                        _("The hex id %s is also a tile id; preprinted tiles take their hex's id"), hex->id);
}

static void
read_hex (KolLoader  *l,
          JsonObject *object,
          const char *path,
          KolHexDef  *hex,
          int        *parity)
{
  static const char *const known[] = {
    "id", "color", "name", "tile", "rotation", "terrain", "borders", "frame", "icons", "tags", NULL
  };
  int index = (int) (hex - l->title->hexes);
  KolColor value = KOL_COLOR_WHITE;
  int rotation = 0;

  hex->id = g_strdup (json_node_get_string (json_object_get_member (object, "id")));
  read_coordinates (l, path, hex, parity);
  if (kol_loader_color_member (l, KOL_FILE_MAP, object, path, "color", TRUE, &value))
    hex->color = (guint8) value;
  kol_loader_text_member (l, KOL_FILE_MAP, object, path, "name", FALSE, FALSE, &hex->name);
  hex->tile = (gint16) (l->title->n_manifest_tiles + (guint) index);
  read_preprinted (l, object, path, hex, &l->title->tiles[hex->tile]);
  kol_loader_int_member (l, KOL_FILE_MAP, object, path, "rotation", FALSE, 0, 5, &rotation);
  hex->rotation = (guint8) rotation;
  read_terrain (l, object, path, hex);
  read_borders (l, object, path, hex);
  hex->frame = read_frame (l, KOL_FILE_MAP, object, path);
  hex->icons = read_icons (l, KOL_FILE_MAP, object, path);
  hex->tags = read_tags (l, object, path);
  hex->extra = kol_loader_extra (l, KOL_FILE_MAP, object, path, known);
  for (int e = 0; e < 6; e++)
    hex->neighbors[e] = -1;
}

/**
 * kol_loader_build_hexes:
 *
 * Turns the hex objects left after the variants into hexes, each with its
 * preprinted tile appended after the manifest tiles.
 */
void
kol_loader_build_hexes (KolLoader *l)
{
  KolTitle *title = l->title;
  guint n = l->hex_objects->len;
  int parity = -1;

  if (title->tiles == NULL)
    title->tiles = g_new0 (KolTileDef, n + 1);
  title->hexes = g_new0 (KolHexDef, MAX (n, 1));
  title->n_hexes = n;
  title->n_tiles = title->n_manifest_tiles + n;
  for (guint i = 0; i < n; i++)
    read_hex (l, g_ptr_array_index (l->hex_objects, i), g_ptr_array_index (l->hex_paths, i),
              &title->hexes[i], &parity);
}

/* ---- references between tiles and hexes --------------------------------- */

static GArray *
resolve_tile_ids (KolLoader         *l,
                  KolFileId          file,
                  const char *const *ids,
                  const char        *path)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint16));

  for (guint i = 0; ids[i] != NULL; i++)
    {
      gpointer found = g_hash_table_lookup (l->tile_lookup, ids[i]);
      gint16 index;

      if (found == NULL)
        {
          g_autofree char *child = kol_json_path_index (path, i);
          kol_loader_invalid (l, file, child, _("There is no tile “%s” in tiles.json"), ids[i]);
          continue;
        }
      index = (gint16) (GPOINTER_TO_INT (found) - 1);
      g_array_append_val (out, index);
    }
  return out;
}

static void
resolve_body (KolLoader  *l,
              KolFileId   file,
              JsonObject *body,
              const char *path,
              KolTileDef *tile)
{
  g_autofree char *lay_path = NULL;
  JsonArray *lay_only_on;

  if (body != NULL && json_object_has_member (body, "upgrades_to"))
    {
      g_auto(GStrv) ids = kol_loader_strv_member (l, file, body, path, "upgrades_to");
      g_autofree char *upgrades_path = kol_json_path_key (path, "upgrades_to");

      tile->upgrades_to = resolve_tile_ids (l, file, (const char *const *) ids, upgrades_path);
    }
  lay_only_on = body != NULL ? kol_loader_array_member (l, file, body, path, "lay_only_on", FALSE) : NULL;
  if (lay_only_on == NULL)
    return;
  lay_path = kol_json_path_key (path, "lay_only_on");
  tile->lay_only_on = g_array_new (FALSE, FALSE, sizeof (gint16));
  for (guint i = 0; i < json_array_get_length (lay_only_on); i++)
    {
      g_autofree char *child = kol_json_path_index (lay_path, i);
      gint16 hex = (gint16) kol_loader_hex_ref (l, file, json_array_get_element (lay_only_on, i), child);

      if (hex >= 0)
        g_array_append_val (tile->lay_only_on, hex);
    }
}

/* Blank hexes (no "tile") take the map's "blank_upgrades_to" list. */
static void
resolve_blank_hexes (KolLoader *l)
{
  g_autoptr(GArray) upgrades = NULL;

  if (l->blank_upgrades == NULL)
    return;
  g_ptr_array_add (l->blank_upgrades, NULL);
  upgrades = resolve_tile_ids (l, KOL_FILE_MAP, (const char *const *) l->blank_upgrades->pdata,
                               l->blank_upgrades_path);
  g_ptr_array_remove_index (l->blank_upgrades, l->blank_upgrades->len - 1);
  for (guint i = 0; i < l->title->n_hexes; i++)
    {
      KolTileDef *tile = &l->title->tiles[l->title->hexes[i].tile];

      if (json_object_has_member (g_ptr_array_index (l->hex_objects, i), "tile"))
        continue;
      tile->upgrade_policy = KOL_UPGRADE_EXPLICIT;
      tile->upgrades_to = g_array_copy (upgrades);
    }
}

/**
 * kol_loader_resolve_tiles:
 *
 * Resolves upgrades_to (manifest tile ids) and lay_only_on (hex ids) of
 * every manifest and preprinted tile.
 */
void
kol_loader_resolve_tiles (KolLoader *l)
{
  for (guint i = 0; i < l->tile_objects->len; i++)
    resolve_body (l, KOL_FILE_TILES, g_ptr_array_index (l->tile_objects, i),
                  g_ptr_array_index (l->tile_paths, i), &l->title->tiles[i]);
  for (guint i = 0; i < l->title->n_hexes; i++)
    {
      JsonObject *hex = g_ptr_array_index (l->hex_objects, i);
      g_autofree char *path = kol_json_path_key (g_ptr_array_index (l->hex_paths, i), "tile");

      resolve_body (l, KOL_FILE_MAP, kol_loader_peek_object (hex, "tile"), path,
                    &l->title->tiles[l->title->hexes[i].tile]);
    }
  resolve_blank_hexes (l);
}
