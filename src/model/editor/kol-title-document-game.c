/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kol-engine-types.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * The edits of game.json that the editor's pages make: a value changed
 * under a name the undo button shows, the items of its lists (trains,
 * phases, corporations, private companies) added, removed, moved and
 * renamed with every reference to them, and the player counts with the
 * per-count tables that follow them.
 */

/* Known keys of game.json's objects, in the order a new key is inserted. */
static const char * const root_keys[] = {
  "schema", "id", "data_version", "rules_module", "name", "designer", "currency", "players", "bank",
  "starting_cash", "cert_limit", "tile_colors", "track_types", "options", "terms", "market", "phases",
  "trains", "privates", "corporations", "rules", NULL
};
static const char * const train_keys[] = {
  "id", "name", "kind", "distance", "towns", "price", "count", "rusts_on", "obsolete_on", "available_on",
  "track", "variants", "extra", NULL
};
static const char * const phase_keys[] = {
  "name", "on", "starts_at", "tiles", "train_limit", "operating_rounds", "status", "events", NULL
};
static const char * const private_keys[] = {
  "id", "name", "short", "value", "revenue", "description", "abilities", NULL
};
static const char * const market_keys[] = { "kind", "rows", "par", "zones", NULL };
static const char * const zone_keys[] = { "flag", "cells", "color", "label", NULL };
static const char * const players_keys[] = { "min", "max", NULL };
static const char * const ability_keys[] = {
  "type", "when", "phase", "corporation", "hexes", "tiles", "owner_type", "free", "discount", "extra",
  "connected", "count", "price", "from", "closes_company", NULL
};

static const struct {
  const char         *list;
  const char * const *keys;
} lists[] = {
  { "trains", train_keys },
  { "phases", phase_keys },
  { "privates", private_keys },
  { "corporations", _kol_corp_key_order },
};

static const char * const *
keys_of_list (const char *list)
{
  for (gsize i = 0; i < G_N_ELEMENTS (lists); i++)
    if (g_str_equal (lists[i].list, list))
      return lists[i].keys;
  return NULL;
}

/* The key order for a new member at @path, from the object it goes in. */
static const char * const *
order_for (const char *path)
{
  char list[32];
  guint index;
  int n = 0;

  if (sscanf (path, "$.%31[a-z_][%u]%n", list, &index, &n) == 2 && n > 0)
    {
      const char *rest = path + n;

      if (g_str_has_prefix (rest, ".abilities["))
        return ability_keys;
      if (strchr (rest + 1, '.') == NULL && strchr (rest + 1, '[') == NULL)
        return keys_of_list (list);
      return NULL;
    }
  if (g_str_has_prefix (path, "$.market.zones["))
    return zone_keys;
  if (g_str_has_prefix (path, "$.market."))
    return market_keys;
  if (g_str_has_prefix (path, "$.players."))
    return players_keys;
  if (strchr (path + 2, '.') == NULL && strchr (path + 2, '[') == NULL)
    return root_keys;
  return NULL;
}

/* Creates the missing objects on the way to @path ("$.market.zones" makes
 * "market" when absent), so that a page can set a value of a part the file
 * does not have yet. */
static gboolean
ensure_parents (KolEdit     *edit,
                const char  *path,
                GError     **error)
{
  g_autofree char *parent = g_strdup (path);
  char *dot = strrchr (parent, '.');

  if (dot == NULL || dot <= parent + 1 || strchr (dot, '[') != NULL)
    return TRUE;
  *dot = '\0';
  if (strchr (parent + 2, '[') != NULL || _kol_edit_get (edit, KOL_TITLE_FILE_GAME, parent) != NULL)
    return TRUE;
  if (!ensure_parents (edit, parent, error))
    return FALSE;
  {
    g_autoptr(JsonNode) empty = json_node_init_object (json_node_alloc (), json_object_new ());

    json_object_unref (json_node_get_object (empty));
    return _kol_edit_set (edit, KOL_TITLE_FILE_GAME, parent, empty, order_for (parent), error);
  }
}

/* An absent text is first made an empty object where the data's files
 * put it, so that its languages can be set. */
static gboolean
ensure_member (KolEdit     *edit,
               const char  *path,
               GError     **error)
{
  g_autoptr(JsonNode) empty = json_node_init_object (json_node_alloc (), json_object_new ());

  json_object_unref (json_node_get_object (empty));
  return _kol_edit_set (edit, KOL_TITLE_FILE_GAME, path, empty, order_for (path), error);
}

/**
 * kol_title_document_set_game_value:
 * @self: a document
 * @path: the JSON path of a value of game.json; missing objects on the way
 *   are created
 * @value: (nullable) (transfer none): the new value (copied), or %NULL to
 *   remove it
 * @label: the name of the change, shown with Undo (translated)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets a value of game.json as one command named @label; a new member goes
 * where the data's files put it. Changing the same value again at once
 * (typing, a spin button held down) merges into the same command.
 *
 * Returns: whether the value was set
 */
gboolean
kol_title_document_set_game_value (KolTitleDocument *self,
                                   const char       *path,
                                   JsonNode         *value,
                                   const char       *label,
                                   GError          **error)
{
  g_autoptr(JsonNode) copy = NULL;
  g_autofree char *merge_key = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL && label != NULL, FALSE);

  if (value != NULL)
    copy = kol_json_lexemes_copy_node (self->lexemes, value);
  _kol_edit_begin (&edit, self);
  if (!ensure_parents (&edit, path, error)
      || !_kol_edit_set (&edit, KOL_TITLE_FILE_GAME, path, copy, order_for (path), error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  merge_key = g_strconcat ("game:", path, NULL);
  return _kol_edit_commit (&edit, label, merge_key, error);
}

/**
 * kol_title_document_set_game_text:
 * @self: a document
 * @path: the JSON path of a text of game.json
 * @language: (nullable): "en" or "ru", or %NULL for a name that is the
 *   same in every language
 * @text: (nullable): the new text, or %NULL to remove it
 * @label: the name of the change, shown with Undo (translated)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * As kol_title_document_set_text(), under a name of its own; missing
 * objects on the way are created.
 *
 * Returns: whether the text was set
 */
gboolean
kol_title_document_set_game_text (KolTitleDocument *self,
                                  const char       *path,
                                  const char       *language,
                                  const char       *text,
                                  const char       *label,
                                  GError          **error)
{
  g_autofree char *merge_key = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL && label != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if (!ensure_parents (&edit, path, error)
      || (_kol_edit_get (&edit, KOL_TITLE_FILE_GAME, path) == NULL && text != NULL
          && !ensure_member (&edit, path, error))
      || !_kol_edit_set_text (&edit, KOL_TITLE_FILE_GAME, path, language, text, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  merge_key = g_strdup_printf ("game-text:%s:%s", path, language != NULL ? language : "");
  return _kol_edit_commit (&edit, label, merge_key, error);
}

/* ---- lists ------------------------------------------------------------------------ */

static gboolean
check_list (const char  *list,
            GError     **error)
{
  if (keys_of_list (list) != NULL)
    return TRUE;
  /* Translators: %s is a key of game.json such as "trains". */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
               _("game.json has no list “%s” the editor changes"), list);
  return FALSE;
}

static JsonArray *
list_array (KolTitleDocument *self,
            const char       *list)
{
  return _kol_root_array (self->roots[KOL_TITLE_FILE_GAME], list);
}

/* The key naming an item: phases go by "name", the rest by "id". */
static const char *
id_key (const char *list)
{
  return g_str_equal (list, "phases") ? "name" : "id";
}

static int
find_item (JsonArray  *array,
           const char *key,
           const char *id)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_OBJECT (element)
          && g_strcmp0 (_kol_object_string (json_node_get_object (element), key), id) == 0)
        return (int) i;
    }
  return -1;
}

/* @base, or @base followed by the first number that is free: "P1", "P2". */
static char *
free_id (JsonArray  *array,
         const char *key,
         const char *base,
         gboolean    numbered)
{
  for (int n = numbered ? 1 : 0; n < 10000; n++)
    {
      g_autofree char *id = n == 0 ? g_strdup (base) : g_strdup_printf ("%s%d", base, n);

      if (find_item (array, key, id) < 0)
        return g_steal_pointer (&id);
    }
  return g_strdup (base);
}

/* A node holding @object, whose reference it takes. */
static JsonNode *
take_object (JsonObject *object)
{
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  json_object_unref (object);
  return node;
}

static JsonNode *
text_node (const char *en,
           const char *ru)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "en", en);
  json_object_set_string_member (object, "ru", ru);
  return take_object (object);
}

static JsonNode *
int_array (const int *values,
           guint      n)
{
  JsonArray *array = json_array_sized_new (n);
  JsonNode *node;

  for (guint i = 0; i < n; i++)
    json_array_add_int_element (array, values[i]);
  node = json_node_init_array (json_node_alloc (), array);
  json_array_unref (array);
  return node;
}

static JsonObject *
last_item (JsonArray *array)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;
  JsonNode *last = n > 0 ? json_array_get_element (array, n - 1) : NULL;

  return last != NULL && JSON_NODE_HOLDS_OBJECT (last) ? json_node_get_object (last) : NULL;
}

/* A new train one step beyond the last: the next number as its id and
 * distance, a higher price, two copies. */
static JsonObject *
new_train (JsonArray *array)
{
  JsonObject *last = last_item (array);
  JsonObject *train = json_object_new ();
  gint64 distance = last != NULL && json_object_has_member (last, "distance")
                    && JSON_NODE_HOLDS_VALUE (json_object_get_member (last, "distance"))
                    && json_node_get_value_type (json_object_get_member (last, "distance")) == G_TYPE_INT64
                    ? json_object_get_int_member (last, "distance") + 1 : 2;
  gint64 price = last != NULL ? json_object_get_int_member_with_default (last, "price", 0) : 0;
  g_autofree char *base = g_strdup_printf ("%" G_GINT64_FORMAT, distance);
  g_autofree char *id = free_id (array, "id", base, FALSE);

  json_object_set_string_member (train, "id", id);
  json_object_set_string_member (train, "name", id);
  json_object_set_int_member (train, "distance", distance);
  json_object_set_int_member (train, "price", price > 0 ? price + 100 : 80);
  json_object_set_int_member (train, "count", 2);
  return train;
}

/* The train after the one that started the last phase: what usually
 * starts the next phase, and names it. */
static const char *
next_phase_train (JsonArray *phases,
                  JsonArray *trains)
{
  const char *on = _kol_object_string (last_item (phases), "on");
  int index = on != NULL ? find_item (trains, "id", on) : 0;
  JsonNode *next;

  if (trains == NULL || index < 0 || (guint) index + 1 >= json_array_get_length (trains))
    return NULL;
  next = json_array_get_element (trains, (guint) index + 1);
  return JSON_NODE_HOLDS_OBJECT (next) ? _kol_object_string (json_node_get_object (next), "id") : NULL;
}

/* A new phase like the last one, started by the next train. */
static JsonObject *
new_phase (JsonArray *phases,
           JsonArray *trains)
{
  JsonObject *last = last_item (phases);
  JsonObject *phase = json_object_new ();
  const char *train = last != NULL ? next_phase_train (phases, trains) : NULL;
  g_autofree char *name = train != NULL && find_item (phases, "name", train) < 0
                          ? g_strdup (train) : free_id (phases, "name", "P", TRUE);
  const char *yellow[] = { "yellow", NULL };

  json_object_set_string_member (phase, "name", name);
  if (train != NULL)
    json_object_set_string_member (phase, "on", train);
  if (last != NULL && json_object_has_member (last, "tiles"))
    json_object_set_member (phase, "tiles", json_node_copy (json_object_get_member (last, "tiles")));
  else
    json_object_set_member (phase, "tiles", _kol_node_strv (yellow));
  json_object_set_int_member (phase, "train_limit",
                              last != NULL ? json_object_get_int_member_with_default (last, "train_limit", 4) : 4);
  json_object_set_int_member (phase, "operating_rounds",
                              last != NULL ? json_object_get_int_member_with_default (last, "operating_rounds", 1)
                                           : 1);
  return phase;
}

/* A new public company of the usual 1830 kind: ten shares, the
 * president's double, floated at 60 %, two station markers. */
static JsonObject *
new_corporation (JsonArray *array)
{
  static const int shares[] = { 20, 10, 10, 10, 10, 10, 10, 10, 10 };
  static const int tokens[] = { 0, 40 };
  JsonObject *corp = json_object_new ();
  g_autofree char *id = free_id (array, "id", "NEW", FALSE);

  json_object_set_string_member (corp, "id", id);
  json_object_set_member (corp, "name", text_node ("New Railway", "Новая дорога"));
  json_object_set_string_member (corp, "type", "public");
  json_object_set_string_member (corp, "color", "#555555");
  json_object_set_string_member (corp, "text_color", "#ffffff");
  json_object_set_member (corp, "shares", int_array (shares, G_N_ELEMENTS (shares)));
  json_object_set_int_member (corp, "float_percent", 60);
  json_object_set_member (corp, "tokens", int_array (tokens, G_N_ELEMENTS (tokens)));
  return corp;
}

static JsonObject *
new_private (JsonArray *array)
{
  JsonObject *company = json_object_new ();
  g_autofree char *id = free_id (array, "id", "P", TRUE);

  json_object_set_string_member (company, "id", id);
  json_object_set_member (company, "name", text_node ("New Company", "Новая компания"));
  json_object_set_int_member (company, "value", 20);
  json_object_set_int_member (company, "revenue", 5);
  json_object_set_member (company, "description", text_node ("No special ability.", "Без особых свойств."));
  json_object_set_array_member (company, "abilities", json_array_new ());
  return company;
}

/* The names of new items are the data's text, the same whatever language
 * the editor is in: both languages are written. */
static JsonNode *
new_item (KolTitleDocument *self,
          const char       *list)
{
  JsonArray *array = list_array (self, list);
  JsonObject *object;

  if (g_str_equal (list, "trains"))
    object = new_train (array);
  else if (g_str_equal (list, "phases"))
    object = new_phase (array, list_array (self, "trains"));
  else if (g_str_equal (list, "corporations"))
    object = new_corporation (array);
  else
    object = new_private (array);
  return take_object (object);
}

static const char *
add_label (const char *list)
{
  if (g_str_equal (list, "trains"))
    return _("Add a train");
  if (g_str_equal (list, "phases"))
    return _("Add a phase");
  if (g_str_equal (list, "corporations"))
    return _("Add a corporation");
  return _("Add a private company");
}

static const char *
remove_label (const char *list)
{
  if (g_str_equal (list, "trains"))
    return _("Remove a train");
  if (g_str_equal (list, "phases"))
    return _("Remove a phase");
  if (g_str_equal (list, "corporations"))
    return _("Remove a corporation");
  return _("Remove a private company");
}

/* The list at "$.<list>", created empty when game.json has none. */
static gboolean
ensure_list (KolEdit     *edit,
             const char  *list,
             char       **path,
             GError     **error)
{
  *path = g_strconcat ("$.", list, NULL);
  if (_kol_edit_array_at (edit, KOL_TITLE_FILE_GAME, *path) != NULL)
    return TRUE;
  {
    g_autoptr(JsonNode) empty = json_node_init_array (json_node_alloc (), json_array_new ());

    json_array_unref (json_node_get_array (empty));
    return _kol_edit_set (edit, KOL_TITLE_FILE_GAME, *path, empty, root_keys, error);
  }
}

/**
 * kol_title_document_add_game_item:
 * @self: a document
 * @list: "trains", "phases", "corporations" or "privates"
 * @item: (nullable) (transfer none): the new item, or %NULL for a new one
 *   that follows the last (a train of the next size, a phase like the last,
 *   a public company of ten shares, a private company)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Appends an item to a list of game.json, as one command.
 *
 * Returns: the new item's index, or -1
 */
int
kol_title_document_add_game_item (KolTitleDocument *self,
                                  const char       *list,
                                  JsonNode         *item,
                                  GError          **error)
{
  g_autoptr(JsonNode) value = NULL;
  g_autofree char *path = NULL;
  JsonArray *array;
  guint index;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), -1);
  g_return_val_if_fail (list != NULL, -1);

  if (!check_list (list, error))
    return -1;
  value = item != NULL ? kol_json_lexemes_copy_node (self->lexemes, item) : new_item (self, list);
  _kol_edit_begin (&edit, self);
  if (!ensure_list (&edit, list, &path, error))
    {
      _kol_edit_clear (&edit);
      return -1;
    }
  array = _kol_edit_array_at (&edit, KOL_TITLE_FILE_GAME, path);
  index = json_array_get_length (array);
  if (!_kol_edit_insert (&edit, KOL_TITLE_FILE_GAME, path, (int) index, value, error))
    {
      _kol_edit_clear (&edit);
      return -1;
    }
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  self->merge_barrier = TRUE;
  if (!_kol_edit_commit (&edit, add_label (list), NULL, error))
    return -1;
  return (int) index;
}

static gboolean
check_index (KolTitleDocument  *self,
             const char        *list,
             guint              index,
             GError           **error)
{
  JsonArray *array;

  if (!check_list (list, error))
    return FALSE;
  array = list_array (self, list);
  if (array != NULL && index < json_array_get_length (array))
    return TRUE;
  /* Translators: %1$s is a list of game.json such as "trains", %2$u a position in it. */
  return _kol_not_found (error, _("The list “%1$s” has no item %2$u"), list, index);
}

/**
 * kol_title_document_remove_game_item:
 * @self: a document
 * @list: "trains", "phases", "corporations" or "privates"
 * @index: the item's position
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Removes an item, as one command. References to it stay: the validation
 * says where they are.
 *
 * Returns: whether it was removed
 */
gboolean
kol_title_document_remove_game_item (KolTitleDocument *self,
                                     const char       *list,
                                     guint             index,
                                     GError          **error)
{
  g_autofree char *path = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (list != NULL, FALSE);

  if (!check_index (self, list, index, error))
    return FALSE;
  path = g_strdup_printf ("$.%s[%u]", list, index);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_remove (&edit, KOL_TITLE_FILE_GAME, path, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  self->merge_barrier = TRUE;
  return _kol_edit_commit (&edit, remove_label (list), NULL, error);
}

/**
 * kol_title_document_move_game_item:
 * @self: a document
 * @list: "trains", "phases", "corporations" or "privates"
 * @from: the item's position
 * @to: its new position
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Moves an item within its list, as one command (the depot order of
 * trains, the order of phases, the file order of corporations that random
 * draws follow).
 *
 * Returns: whether it was moved
 */
gboolean
kol_title_document_move_game_item (KolTitleDocument *self,
                                   const char       *list,
                                   guint             from,
                                   guint             to,
                                   GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *item_path = NULL;
  g_autoptr(JsonNode) item = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (list != NULL, FALSE);

  if (!check_index (self, list, from, error) || !check_index (self, list, to, error))
    return FALSE;
  if (from == to)
    return TRUE;
  path = g_strconcat ("$.", list, NULL);
  item_path = g_strdup_printf ("%s[%u]", path, from);
  _kol_edit_begin (&edit, self);
  item = json_node_ref (_kol_edit_get (&edit, KOL_TITLE_FILE_GAME, item_path));
  if (!_kol_edit_remove (&edit, KOL_TITLE_FILE_GAME, item_path, error)
      || !_kol_edit_insert (&edit, KOL_TITLE_FILE_GAME, path, (int) to, item, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  self->merge_barrier = TRUE;
  return _kol_edit_commit (&edit, _("Move"), NULL, error);
}

/* ---- renaming ------------------------------------------------------------------------ */

/* Sets the string at @path to @new_id when it is @old_id. */
static gboolean
rename_at (KolEdit     *edit,
           KolTitleFile file,
           const char  *path,
           const char  *old_id,
           const char  *new_id,
           GError     **error)
{
  JsonNode *node = _kol_edit_get (edit, file, path);
  g_autoptr(JsonNode) value = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING
      || g_strcmp0 (json_node_get_string (node), old_id) != 0)
    return TRUE;
  value = _kol_node_string (new_id);
  return _kol_edit_set (edit, file, path, value, NULL, error);
}

/* The length of the array at @path of @file, 0 when there is none. */
static guint
array_length_at (KolEdit      *edit,
                 KolTitleFile  file,
                 const char   *path)
{
  JsonArray *array = _kol_edit_array_at (edit, file, path);

  return array != NULL ? json_array_get_length (array) : 0;
}

/* Member @key of every item of $.<list> (and of their abilities when
 * @in_abilities) naming @old_id. */
static gboolean
rename_members (KolEdit     *edit,
                const char  *list,
                const char  *key,
                gboolean     in_abilities,
                const char  *old_id,
                const char  *new_id,
                GError     **error)
{
  g_autofree char *list_path = g_strconcat ("$.", list, NULL);
  /* Every change replaces the edited tree, so only counts are kept across
   * changes, never a node; renaming leaves each list's length as it was. */
  guint n_items = array_length_at (edit, KOL_TITLE_FILE_GAME, list_path);

  for (guint i = 0; i < n_items; i++)
    {
      g_autofree char *item = kol_json_path_index (list_path, i);
      g_autofree char *abilities = kol_json_path_key (item, "abilities");
      guint n_abilities = in_abilities ? array_length_at (edit, KOL_TITLE_FILE_GAME, abilities) : 0;

      if (!in_abilities)
        {
          g_autofree char *member = kol_json_path_key (item, key);

          if (!rename_at (edit, KOL_TITLE_FILE_GAME, member, old_id, new_id, error))
            return FALSE;
        }
      for (guint k = 0; k < n_abilities; k++)
        {
          g_autofree char *ability = kol_json_path_index (abilities, k);
          g_autofree char *member = kol_json_path_key (ability, key);

          if (!rename_at (edit, KOL_TITLE_FILE_GAME, member, old_id, new_id, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* A revenue "by phase" keyed by @old_id gets the key @new_id, in place. */
static gboolean
rename_revenue_key (KolEdit      *edit,
                    KolTitleFile  file,
                    const char   *nodes_path,
                    const char   *old_id,
                    const char   *new_id,
                    GError      **error)
{
  guint n_nodes = array_length_at (edit, file, nodes_path);

  for (guint n = 0; n < n_nodes; n++)
    {
      g_autofree char *node = kol_json_path_index (nodes_path, n);
      g_autofree char *revenue = kol_json_path_key (node, "revenue");
      JsonObject *object = _kol_edit_object_at (edit, file, revenue);
      JsonObject *renamed;
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      if (object == NULL || g_strcmp0 (_kol_object_string (object, "by"), "phase") != 0
          || !json_object_has_member (object, old_id))
        continue;
      renamed = json_object_new ();
      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &name, &member))
        json_object_set_member (renamed, g_str_equal (name, old_id) ? new_id : name, json_node_ref (member));
      {
        g_autoptr(JsonNode) value = take_object (renamed);

        if (!_kol_edit_set (edit, file, revenue, value, NULL, error))
          return FALSE;
      }
    }
  return TRUE;
}

/* Revenues by phase in every tile body: the manifest's and the map's. */
static gboolean
rename_phase_revenues (KolEdit     *edit,
                       const char  *old_id,
                       const char  *new_id,
                       GError     **error)
{
  guint n_tiles = array_length_at (edit, KOL_TITLE_FILE_TILES, "$.tiles");
  g_autoptr(GPtrArray) hexes = _kol_edit_all_hex_paths (edit);

  for (guint i = 0; i < n_tiles; i++)
    {
      g_autofree char *nodes = g_strdup_printf ("$.tiles[%u].nodes", i);

      if (!rename_revenue_key (edit, KOL_TITLE_FILE_TILES, nodes, old_id, new_id, error))
        return FALSE;
    }
  for (guint i = 0; i < hexes->len; i++)
    {
      g_autofree char *nodes = g_strconcat (g_ptr_array_index (hexes, i), ".tile.nodes", NULL);

      if (!rename_revenue_key (edit, KOL_TITLE_FILE_MAP, nodes, old_id, new_id, error))
        return FALSE;
    }
  return TRUE;
}

/* What names a train, a phase or a corporation elsewhere in the title. */
static gboolean
rename_references (KolEdit     *edit,
                   const char  *list,
                   const char  *old_id,
                   const char  *new_id,
                   GError     **error)
{
  if (g_str_equal (list, "trains"))
    return rename_members (edit, "phases", "on", FALSE, old_id, new_id, error)
           && rename_members (edit, "trains", "rusts_on", FALSE, old_id, new_id, error)
           && rename_members (edit, "trains", "obsolete_on", FALSE, old_id, new_id, error);
  if (g_str_equal (list, "phases"))
    return rename_members (edit, "trains", "available_on", FALSE, old_id, new_id, error)
           && rename_members (edit, "privates", "phase", TRUE, old_id, new_id, error)
           && rename_phase_revenues (edit, old_id, new_id, error);
  if (g_str_equal (list, "corporations"))
    return rename_members (edit, "privates", "corporation", TRUE, old_id, new_id, error);
  return TRUE;
}

/**
 * kol_title_document_rename_game_item:
 * @self: a document
 * @list: "trains", "phases", "corporations" or "privates"
 * @index: the item's position
 * @new_id: its new id (for a phase, its name)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Renames an item and everything that names it, as one command: a train
 * in the phases it starts and the trains it rusts; a phase in the trains
 * available from it, the private companies closing with it and the
 * revenues by phase of tiles and hexes; a corporation in the abilities of
 * private companies.
 *
 * Returns: whether it was renamed
 */
gboolean
kol_title_document_rename_game_item (KolTitleDocument *self,
                                     const char       *list,
                                     guint             index,
                                     const char       *new_id,
                                     GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *old_id = NULL;
  g_autoptr(JsonNode) value = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (list != NULL && new_id != NULL, FALSE);

  if (!check_index (self, list, index, error))
    return FALSE;
  if (new_id[0] == '\0')
    return _kol_edit_invalid (error, _("An id cannot be empty"));
  old_id = g_strdup (_kol_object_string (json_array_get_object_element (list_array (self, list), index),
                                         id_key (list)));
  if (g_strcmp0 (old_id, new_id) == 0)
    return TRUE;
  if (find_item (list_array (self, list), id_key (list), new_id) >= 0)
    {
      /* Translators: %s is an id such as a train's "4H". */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_EXISTS,
                   _("The id “%s” is taken"), new_id);
      return FALSE;
    }
  path = g_strdup_printf ("$.%s[%u].%s", list, index, id_key (list));
  value = _kol_node_string (new_id);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_set (&edit, KOL_TITLE_FILE_GAME, path, value, NULL, error)
      || (old_id != NULL && !rename_references (&edit, list, old_id, new_id, error)))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_ALL, NULL);
  self->merge_barrier = TRUE;
  return _kol_edit_commit (&edit, _("Rename"), NULL, error);
}

/* ---- player counts ----------------------------------------------------------------- */

/* The entry of @table nearest to @count, for a new player count. */
static JsonNode *
nearest_entry (JsonObject *table,
               int         count)
{
  for (int d = 1; d <= KOL_MAX_PLAYERS; d++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        g_autofree char *key = g_strdup_printf ("%d", count + sign * d);

        if (json_object_has_member (table, key))
          return json_object_get_member (table, key);
      }
  return NULL;
}

static gboolean
count_key (const char *name,
           gint64     *count)
{
  char *end;

  *count = g_ascii_strtoll (name, &end, 10);
  return end != name && *end == '\0';
}

/* Where a new count goes among the kept keys: after the last count below
 * it, else before the first count above it. */
static guint
count_position (GPtrArray *keys,
                gint64     count)
{
  guint after = G_MAXUINT, before = G_MAXUINT;

  for (guint i = 0; i < keys->len; i++)
    {
      gint64 n;

      if (!count_key (g_ptr_array_index (keys, i), &n))
        continue;
      if (n < count)
        after = i;
      else if (before == G_MAXUINT)
        before = i;
    }
  if (after != G_MAXUINT)
    return after + 1;
  return before != G_MAXUINT ? before : keys->len;
}

/* A per-count table keeps its other keys (a selector such as "4+option"
 * or "default") and the counts from @min to @max, in the file's order; a
 * new count gets the value of the nearest one. */
static gboolean
fit_table (KolEdit     *edit,
           const char  *path,
           int          min,
           int          max,
           GError     **error)
{
  JsonObject *table = _kol_edit_object_at (edit, KOL_TITLE_FILE_GAME, path);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  JsonObject *fitted;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (table == NULL)
    return TRUE;
  json_object_iter_init_ordered (&iter, table);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      gint64 n;

      if (count_key (name, &n) && (n < min || n > max))
        continue;
      g_ptr_array_add (keys, g_strdup (name));
      g_ptr_array_add (values, json_node_ref (member));
    }
  for (int n = min; n <= max; n++)
    {
      g_autofree char *key = g_strdup_printf ("%d", n);
      JsonNode *entry = nearest_entry (table, n);
      guint at;

      if (json_object_has_member (table, key) || entry == NULL)
        continue;
      at = count_position (keys, n);
      g_ptr_array_insert (keys, (int) at, g_steal_pointer (&key));
      g_ptr_array_insert (values, (int) at, json_node_copy (entry));
    }
  fitted = json_object_new ();
  for (guint i = 0; i < keys->len; i++)
    json_object_set_member (fitted, g_ptr_array_index (keys, i), json_node_ref (g_ptr_array_index (values, i)));
  {
    g_autoptr(JsonNode) value = take_object (fitted);

    return _kol_edit_set (edit, KOL_TITLE_FILE_GAME, path, value, NULL, error);
  }
}

/**
 * kol_title_document_set_players:
 * @self: a document
 * @min: the fewest players
 * @max: the most players
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets the player counts, as one command, with the tables by player count
 * (starting cash, certificate limits) following: a new count gets the
 * values of the nearest one, a count no longer played loses its entry.
 *
 * Returns: whether the counts were set
 */
gboolean
kol_title_document_set_players (KolTitleDocument *self,
                                int               min,
                                int               max,
                                GError          **error)
{
  g_autoptr(JsonNode) value = NULL;
  JsonObject *players;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if (min < 1 || max < min || max > KOL_MAX_PLAYERS)
    return _kol_edit_invalid (error, _("The fewest players must be at least 1 and no more than the most"));
  players = json_object_new ();
  json_object_set_int_member (players, "min", min);
  json_object_set_int_member (players, "max", max);
  value = take_object (players);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_set (&edit, KOL_TITLE_FILE_GAME, "$.players", value, root_keys, error)
      || !fit_table (&edit, "$.starting_cash", min, max, error)
      || !fit_table (&edit, "$.cert_limit", min, max, error))
    return _kol_edit_abort (&edit);
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  return _kol_edit_commit (&edit, _("Player counts"), "game:players", error);
}
