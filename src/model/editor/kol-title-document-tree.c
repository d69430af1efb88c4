/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * The JSON trees of a KolTitleDocument and how an edit changes them: small
 * helpers that build and read values, the JSON paths the loader reports
 * ("$.hexes[12].tile.paths[3].b") parsed and looked up, and KolEdit, which
 * sets, inserts and removes values by path copying only the containers on
 * the way, so that the roots an undo command holds are never changed. It
 * knows nothing of commands, files or tiles and hexes, and every edit of
 * the document goes through it: a unit of its own.
 */

/* ---- small value helpers ----------------------------------------------- */

JsonNode *
_kol_node_string (const char *value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, value);
  return node;
}

JsonNode *
_kol_node_int (gint64 value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_int (node, value);
  return node;
}

JsonNode *
_kol_node_strv (const char * const *values)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; values != NULL && values[i] != NULL; i++)
    json_array_add_string_element (array, values[i]);
  json_node_take_array (node, array);
  return node;
}

/* The string member @key of @object, or NULL when absent or not a string. */
const char *
_kol_object_string (JsonObject *object,
                    const char *key)
{
  JsonNode *node;

  if (object == NULL || (node = json_object_get_member (object, key)) == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

int
_kol_find_by_id (JsonArray  *array,
                 const char *id)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_OBJECT (element)
          && g_strcmp0 (_kol_object_string (json_node_get_object (element), "id"), id) == 0)
        return (int) i;
    }
  return -1;
}

JsonArray *
_kol_root_array (JsonNode   *root,
                 const char *key)
{
  JsonNode *node;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  node = json_object_get_member (json_node_get_object (root), key);
  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* ---- paths ----------------------------------------------------------------
 * The JSON paths the loader reports ("$.hexes[12].tile.paths[3].b",
 * "$['odd key']") address values for the generic edits too. */

typedef struct
{
  char *key;      /* NULL for an array index */
  guint index;
} Step;

static void
step_clear (Step *step)
{
  g_free (step->key);
}

static gboolean
bad_path (const char *path,
          GError    **error)
{
  /* Translators: %s is a JSON path such as $.tiles[3].color. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
               _("“%s” is not a JSON path"), path);
  return FALSE;
}

static const char *
parse_quoted_key (const char *p,
                  GString    *key)
{
  for (; *p != '\0' && *p != '\''; p++)
    {
      if (*p == '\\' && p[1] != '\0')
        p++;
      g_string_append_c (key, *p);
    }
  if (p[0] != '\'' || p[1] != ']')
    return NULL;
  return p + 2;
}

static const char *
parse_step (const char *p,
            Step       *step)
{
  g_autoptr(GString) key = g_string_new (NULL);

  if (*p == '.')
    {
      for (p++; g_ascii_isalnum (*p) || *p == '_'; p++)
        g_string_append_c (key, *p);
      if (key->len == 0)
        return NULL;
    }
  else if (p[0] == '[' && p[1] == '\'')
    {
      if ((p = parse_quoted_key (p + 2, key)) == NULL)
        return NULL;
    }
  else if (p[0] == '[' && g_ascii_isdigit (p[1]))
    {
      char *end;
      guint64 index = g_ascii_strtoull (p + 1, &end, 10);

      if (*end != ']' || index > G_MAXINT)
        return NULL;
      step->index = (guint) index;
      return end + 1;
    }
  else
    return NULL;
  step->key = g_string_free (g_steal_pointer (&key), FALSE);
  return p;
}

static GArray *
parse_path (const char *path,
            GError    **error)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, TRUE, sizeof (Step));
  const char *p = path;

  g_array_set_clear_func (steps, (GDestroyNotify) step_clear);
  if (path == NULL || path[0] != '$')
    {
      bad_path (path, error);
      return NULL;
    }
  for (p = path + 1; *p != '\0';)
    {
      Step step = { NULL, 0 };

      if ((p = parse_step (p, &step)) == NULL)
        {
          bad_path (path, error);
          return NULL;
        }
      g_array_append_val (steps, step);
    }
  return g_steal_pointer (&steps);
}

static JsonNode *
child_of (JsonNode   *node,
          const Step *step)
{
  if (step->key != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return json_object_get_member (json_node_get_object (node), step->key);
  if (step->key == NULL && JSON_NODE_HOLDS_ARRAY (node)
      && step->index < json_array_get_length (json_node_get_array (node)))
    return json_array_get_element (json_node_get_array (node), step->index);
  return NULL;
}

JsonNode *
_kol_lookup (JsonNode   *root,
             const char *path)
{
  g_autoptr(GArray) steps = parse_path (path, NULL);
  JsonNode *node = root;

  if (steps == NULL)
    return NULL;
  for (guint i = 0; node != NULL && i < steps->len; i++)
    node = child_of (node, &g_array_index (steps, Step, i));
  return node;
}

/* ---- copy on write ------------------------------------------------------- */

typedef enum
{
  OP_SET,
  OP_INSERT,
  OP_REMOVE,
} Op;

static int
key_rank (const char * const *order,
          const char         *key)
{
  for (int i = 0; order != NULL && order[i] != NULL; i++)
    if (g_str_equal (order[i], key))
      return i;
  return -1;
}

/* Where a new member @key goes among @object's: after the last member that
 * @order puts before it, else before the first it puts after it, else at
 * the end. */
static guint
insertion_point (JsonObject         *object,
                 const char         *key,
                 const char * const *order)
{
  int rank = key_rank (order, key);
  int after = -1, before = -1, i = 0;
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;

  if (rank < 0)
    return json_object_get_size (object);
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      int r = key_rank (order, name);

      if (r >= 0 && r < rank)
        after = i;
      else if (r > rank && before < 0)
        before = i;
      i++;
    }
  if (after >= 0)
    return (guint) after + 1;
  return before >= 0 ? (guint) before : json_object_get_size (object);
}

static JsonNode *
object_with (JsonObject         *object,
             const char         *key,
             JsonNode           *value,
             const char * const *order)
{
  JsonObject *out = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  gboolean present = json_object_has_member (object, key);
  guint at = present || value == NULL ? G_MAXUINT : insertion_point (object, key, order);
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  guint i = 0;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      if (i++ == at)
        json_object_set_member (out, key, json_node_ref (value));
      if (!g_str_equal (name, key))
        json_object_set_member (out, name, json_node_ref (member));
      else if (value != NULL)
        json_object_set_member (out, name, json_node_ref (value));
    }
  if (at != G_MAXUINT && at >= i)
    json_object_set_member (out, key, json_node_ref (value));
  json_node_take_object (node, out);
  return node;
}

static JsonNode *
array_with (JsonArray *array,
            guint      index,
            Op         op,
            JsonNode  *value)
{
  guint len = json_array_get_length (array);
  JsonArray *out = json_array_sized_new (len + 1);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i <= len; i++)
    {
      if (i == index && op != OP_REMOVE)
        json_array_add_element (out, json_node_ref (value));
      if (i == len)
        break;
      if (i != index || op == OP_INSERT)
        json_array_add_element (out, json_node_ref (json_array_get_element (array, i)));
    }
  json_node_take_array (node, out);
  return node;
}

/* The container @node with its child at @step set, inserted or removed. */
static JsonNode *
container_with (JsonNode           *node,
                const Step         *step,
                Op                  op,
                JsonNode           *value,
                const char * const *order)
{
  if (step->key != NULL)
    {
      if (!JSON_NODE_HOLDS_OBJECT (node) || op == OP_INSERT)
        return NULL;
      if (op == OP_REMOVE && !json_object_has_member (json_node_get_object (node), step->key))
        return NULL;
      return object_with (json_node_get_object (node), step->key, op == OP_REMOVE ? NULL : value, order);
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  if (step->index > json_array_get_length (json_node_get_array (node))
      || (op != OP_INSERT && step->index == json_array_get_length (json_node_get_array (node))))
    return NULL;
  return array_with (json_node_get_array (node), step->index, op, value);
}

static JsonNode *
apply_steps (JsonNode           *node,
             const Step         *steps,
             guint               n,
             Op                  op,
             JsonNode           *value,
             const char * const *order)
{
  JsonNode *child, *new_child, *result;

  if (n == 1)
    return container_with (node, &steps[0], op, value, order);
  if ((child = child_of (node, &steps[0])) == NULL)
    return NULL;
  if ((new_child = apply_steps (child, steps + 1, n - 1, op, value, order)) == NULL)
    return NULL;
  result = container_with (node, &steps[0], OP_SET, new_child, NULL);
  json_node_unref (new_child);
  return result;
}

/* ---- edits ------------------------------------------------------------------ */

void
_kol_edit_begin (KolEdit          *edit,
                 KolTitleDocument *doc)
{
  memset (edit, 0, sizeof *edit);
  edit->doc = doc;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    edit->roots[i] = json_node_ref (doc->roots[i]);
}

void
_kol_edit_clear (KolEdit *edit)
{
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_clear_pointer (&edit->roots[i], json_node_unref);
  g_clear_pointer (&edit->target, g_free);
}

/**
 * _kol_edit_touch:
 * @edit: an edit
 * @what: what it changes
 * @target: (nullable): the tile or hex changed
 *
 * Records what the edit changes, for #KolTitleDocument::changed: the first
 * target given, or %NULL once two different ones were.
 */
void
_kol_edit_touch (KolEdit        *edit,
                 KolTitleChange  what,
                 const char     *target)
{
  edit->what |= what;
  if (target == NULL || edit->many_targets || g_strcmp0 (edit->target, target) == 0)
    return;
  if (edit->target == NULL)
    {
      edit->target = g_strdup (target);
      return;
    }
  edit->many_targets = TRUE;
  g_clear_pointer (&edit->target, g_free);
}

JsonNode *
_kol_edit_get (KolEdit      *edit,
               KolTitleFile  file,
               const char   *path)
{
  return _kol_lookup (edit->roots[file], path);
}

static gboolean
edit_apply (KolEdit            *edit,
            KolTitleFile        file,
            const char         *path,
            Op                  op,
            JsonNode           *value,
            const char * const *order,
            GError            **error)
{
  g_autoptr(GArray) steps = parse_path (path, error);
  JsonNode *root;

  if (steps == NULL)
    return FALSE;
  if (steps->len == 0)
    {
      if (op != OP_SET || value == NULL || !JSON_NODE_HOLDS_OBJECT (value))
        return bad_path (path, error);
      root = json_node_ref (value);
    }
  else if ((root = apply_steps (edit->roots[file], (Step *) steps->data, steps->len, op, value, order)) == NULL)
    {
      /* Translators: %s is a JSON path such as $.tiles[3].color. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("There is nothing at “%s”"), path);
      return FALSE;
    }
  json_node_unref (edit->roots[file]);
  edit->roots[file] = root;
  return TRUE;
}

gboolean
_kol_edit_set (KolEdit            *edit,
               KolTitleFile        file,
               const char         *path,
               JsonNode           *value,
               const char * const *order,
               GError            **error)
{
  if (value == NULL)
    {
      /* removing what is not there changes nothing */
      if (_kol_edit_get (edit, file, path) == NULL)
        return TRUE;
      return edit_apply (edit, file, path, OP_REMOVE, NULL, NULL, error);
    }
  return edit_apply (edit, file, path, OP_SET, value, order, error);
}

gboolean
_kol_edit_insert (KolEdit      *edit,
                  KolTitleFile  file,
                  const char   *array_path,
                  int           index,
                  JsonNode     *value,
                  GError      **error)
{
  JsonNode *array = _kol_edit_get (edit, file, array_path);
  g_autofree char *path = NULL;

  if (array == NULL || !JSON_NODE_HOLDS_ARRAY (array))
    {
      /* Translators: %s is a JSON path such as $.tiles. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
                   _("There is no list at “%s”"), array_path);
      return FALSE;
    }
  if (index < 0 || (guint) index > json_array_get_length (json_node_get_array (array)))
    index = (int) json_array_get_length (json_node_get_array (array));
  path = kol_json_path_index (array_path, (guint) index);
  return edit_apply (edit, file, path, OP_INSERT, value, NULL, error);
}

gboolean
_kol_edit_remove (KolEdit      *edit,
                  KolTitleFile  file,
                  const char   *path,
                  GError      **error)
{
  return edit_apply (edit, file, path, OP_REMOVE, NULL, NULL, error);
}

gboolean
_kol_edit_changed (KolEdit *edit)
{
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (!kol_json_format_identical (edit->roots[i], edit->doc->roots[i]))
      return TRUE;
  return FALSE;
}
