/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kol-json-scan.h"
#include "kol-title-document-private.h"
#include "kol-title-info.h"
#include "kol-title-loader.h"

/*
 * KolTitleDocument: files, undo and redo, and the generic edits. The typed
 * edits are in kol-title-document-edit.c, validation in kol-title-check.c.
 */

G_DEFINE_QUARK (kol-title-document-error-quark, kol_title_document_error)

G_DEFINE_FLAGS_TYPE (KolTitleChange, kol_title_change,
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_GAME, "game"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_TILES, "tiles"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_HEXES, "hexes"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_GRID, "grid"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_VARIANTS, "variants"))

G_DEFINE_FINAL_TYPE (KolTitleDocument, kol_title_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PATH,
  PROP_ID,
  PROP_BUILT_IN,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_VARIANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Beyond this many commands the oldest are forgotten. */
#define MAX_UNDO 1000

static const char * const file_names[KOL_TITLE_N_FILES] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

/* The orders the data files use (README examples, then the titles). */
const char * const _kol_tile_key_order[] = {
  "id", "color", "count", "pool", "label", "nodes", "paths", "frame", "icons", "rotations",
  "upgrades_to", "upgrade_policy", "lay_only_on", "name", "lay_requires", NULL
};
const char * const _kol_hex_key_order[] = {
  "id", "color", "name", "tile", "rotation", "terrain", "borders", "frame", "icons", "tags",
  "stadtbahn", "notes", NULL
};
const char * const _kol_node_key_order[] = {
  "id", "kind", "part", "slots", "revenue", "optional", "visit_cost", "loc", "group", "name", NULL
};
const char * const _kol_path_key_order[] = {
  "a", "b", "track", "terminal", "lanes", "a_lane", "b_lane", NULL
};
const char * const _kol_border_key_order[] = {
  "edge", "type", "cost", "color", NULL
};
const char * const _kol_corp_key_order[] = {
  "id", "name", "short", "type", "color", "text_color", "shares", "float_percent", "tokens",
  "token_fee", "home", "home_city", "home_choices", NULL
};
const char * const _kol_game_key_order[] = {
  "schema", "id", "data_version", "rules_module", "name", "designer", NULL
};
const char * const _kol_variant_key_order[] = {
  "id", "when", "remove", "add", "replace", NULL
};

typedef struct
{
  char           *label;
  char           *merge_key;
  KolTitleChange  what;
  char           *target;
  JsonNode       *before[KOL_TITLE_N_FILES];
  JsonNode       *after[KOL_TITLE_N_FILES];
} KolCommand;

static void
command_free (KolCommand *command)
{
  g_free (command->label);
  g_free (command->merge_key);
  g_free (command->target);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_clear_pointer (&command->before[i], json_node_unref);
      g_clear_pointer (&command->after[i], json_node_unref);
    }
  g_free (command);
}

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

static JsonNode *
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

/* ---- commands --------------------------------------------------------------- */

static void
update_flags (KolTitleDocument *self,
              gboolean          could_undo,
              gboolean          could_redo,
              gboolean          was_modified)
{
  if (could_undo != kol_title_document_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != kol_title_document_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (was_modified != kol_title_document_get_modified (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
_kol_set_roots (KolTitleDocument *self,
                JsonNode * const *roots)
{
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (self->roots[i] != roots[i])
      {
        json_node_unref (self->roots[i]);
        self->roots[i] = json_node_ref (roots[i]);
      }
}

/* After undo or redo the variant being edited may be gone. */
static void
check_variant (KolTitleDocument *self)
{
  if (self->variant != NULL && _kol_variant_index (self->roots, self->variant) < 0)
    {
      g_clear_pointer (&self->variant, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
    }
}

static void
emit_changed (KolTitleDocument *self,
              KolTitleChange    what,
              const char       *target)
{
  if (what & KOL_TITLE_CHANGE_GAME)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ID]);
  g_signal_emit (self, signals[CHANGED], 0, what, target);
}

static gboolean
try_merge (KolTitleDocument *self,
           KolEdit          *edit,
           const char       *merge_key)
{
  KolCommand *top;

  if (merge_key == NULL || self->merge_barrier || self->undo->len == 0)
    return FALSE;
  top = g_ptr_array_index (self->undo, self->undo->len - 1);
  if (g_strcmp0 (top->merge_key, merge_key) != 0)
    return FALSE;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      json_node_unref (top->after[i]);
      top->after[i] = json_node_ref (edit->roots[i]);
    }
  top->what |= edit->what;
  if (g_strcmp0 (top->target, edit->target) != 0)
    g_clear_pointer (&top->target, g_free);
  return TRUE;
}

static void
push_command (KolTitleDocument *self,
              KolEdit          *edit,
              const char       *label,
              const char       *merge_key)
{
  KolCommand *command = g_new0 (KolCommand, 1);

  command->label = g_strdup (label);
  command->merge_key = g_strdup (merge_key);
  command->what = edit->what;
  command->target = g_strdup (edit->target);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      command->before[i] = json_node_ref (self->roots[i]);
      command->after[i] = json_node_ref (edit->roots[i]);
    }
  g_ptr_array_add (self->undo, command);
  if (self->undo->len > MAX_UNDO)
    g_ptr_array_remove_index (self->undo, 0);
}

gboolean
_kol_edit_commit (KolEdit     *edit,
                  const char  *label,
                  const char  *merge_key,
                  GError     **error)
{
  KolTitleDocument *self = edit->doc;
  gboolean could_undo = kol_title_document_get_can_undo (self);
  gboolean could_redo = kol_title_document_get_can_redo (self);
  gboolean was_modified = kol_title_document_get_modified (self);
  g_autofree char *target = NULL;
  KolTitleChange what;

  if (!_kol_edit_changed (edit))
    {
      _kol_edit_clear (edit);
      return TRUE;
    }
  if (!try_merge (self, edit, merge_key))
    push_command (self, edit, label, merge_key);
  g_ptr_array_set_size (self->redo, 0);
  _kol_set_roots (self, edit->roots);
  self->merge_barrier = FALSE;
  what = edit->what;
  target = g_steal_pointer (&edit->target);
  _kol_edit_clear (edit);
  emit_changed (self, what, target);
  update_flags (self, could_undo, could_redo, was_modified);
  return TRUE;
}

static gboolean
step_history (KolTitleDocument *self,
              GPtrArray        *from,
              GPtrArray        *to,
              gboolean          forward)
{
  gboolean could_undo = kol_title_document_get_can_undo (self);
  gboolean could_redo = kol_title_document_get_can_redo (self);
  gboolean was_modified = kol_title_document_get_modified (self);
  KolCommand *command;

  if (from->len == 0)
    return FALSE;
  command = g_ptr_array_steal_index (from, from->len - 1);
  _kol_set_roots (self, forward ? command->after : command->before);
  g_ptr_array_add (to, command);
  self->merge_barrier = TRUE;
  check_variant (self);
  emit_changed (self, command->what, command->target);
  update_flags (self, could_undo, could_redo, was_modified);
  return TRUE;
}

/**
 * kol_title_document_undo:
 * @self: a document
 *
 * Takes back the newest command; the files become again exactly what they
 * were before it.
 *
 * Returns: %FALSE when there was nothing to undo
 */
gboolean
kol_title_document_undo (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  return step_history (self, self->undo, self->redo, FALSE);
}

/**
 * kol_title_document_redo:
 * @self: a document
 *
 * Applies again the command undone last.
 *
 * Returns: %FALSE when there was nothing to redo
 */
gboolean
kol_title_document_redo (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  return step_history (self, self->redo, self->undo, TRUE);
}

/**
 * kol_title_document_break_merge:
 * @self: a document
 *
 * Makes the next edit a command of its own even if it would merge with the
 * previous one (a view calls this when a text entry loses focus, say).
 */
void
kol_title_document_break_merge (KolTitleDocument *self)
{
  g_return_if_fail (KOL_IS_TITLE_DOCUMENT (self));

  self->merge_barrier = TRUE;
}

/**
 * kol_title_document_get_can_undo:
 * @self: a document
 *
 * Returns: whether there is a command to undo
 */
gboolean
kol_title_document_get_can_undo (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  return self->undo->len > 0;
}

/**
 * kol_title_document_get_can_redo:
 * @self: a document
 *
 * Returns: whether there is an undone command to apply again
 */
gboolean
kol_title_document_get_can_redo (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  return self->redo->len > 0;
}

/**
 * kol_title_document_get_undo_label:
 * @self: a document
 *
 * Returns: (nullable): what undo would take back, translated
 *   (“Tile colour”), or %NULL
 */
const char *
kol_title_document_get_undo_label (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  if (self->undo->len == 0)
    return NULL;
  return ((KolCommand *) g_ptr_array_index (self->undo, self->undo->len - 1))->label;
}

/**
 * kol_title_document_get_redo_label:
 * @self: a document
 *
 * Returns: (nullable): what redo would apply again, translated, or %NULL
 */
const char *
kol_title_document_get_redo_label (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  if (self->redo->len == 0)
    return NULL;
  return ((KolCommand *) g_ptr_array_index (self->redo, self->redo->len - 1))->label;
}

/**
 * kol_title_document_get_modified:
 * @self: a document
 *
 * Returns: whether the document differs from its files on disk (undoing
 *   back to the saved state makes it unmodified again)
 */
gboolean
kol_title_document_get_modified (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (self->roots[i] != self->saved[i])
      return TRUE;
  return FALSE;
}

/* ---- finding things ----------------------------------------------------------- */

int
_kol_variant_index (JsonNode * const *roots,
                    const char       *variant)
{
  return _kol_find_by_id (_kol_root_array (roots[KOL_TITLE_FILE_MAP], "variants"), variant);
}

static gboolean G_GNUC_PRINTF (2, 3)
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

/* ---- files ------------------------------------------------------------------ */

/**
 * kol_title_document_user_games_dir:
 *
 * Returns: (transfer full): g_get_user_data_dir()/koleya/games, where
 *   edited titles are stored
 */
char *
kol_title_document_user_games_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "koleya", "games", NULL);
}

static gboolean
has_prefix (GFile      *file,
            const char *dir)
{
  g_autoptr(GFile) base = NULL;

  if (dir == NULL || dir[0] == '\0')
    return FALSE;
  base = g_file_new_for_path (dir);
  return g_file_has_prefix (file, base);
}

/* Titles in the search folders other than the user's own are built in
 * (installed, the source tree's, KOLEYA_DATA_DIR's), and so are the
 * templates: never written to. */
static gboolean
is_built_in_dir (const char *dir)
{
  g_auto(GStrv) search = kol_title_info_get_search_dirs ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  const char *templates[] = {
    g_getenv ("KOLEYA_TEMPLATE_DIR"),
    PKGDATADIR G_DIR_SEPARATOR_S "templates",
    SOURCE_DATADIR G_DIR_SEPARATOR_S "templates",
  };

  for (guint i = 1; search[i] != NULL; i++)
    if (has_prefix (file, search[i]))
      return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (templates); i++)
    if (has_prefix (file, templates[i]))
      return TRUE;
  return FALSE;
}

/**
 * kol_title_document_is_valid_id:
 * @id: a title id
 *
 * Title ids name folders: ASCII letters, digits, “-”, “_” and “.”, not
 * starting with a dot, at most 64 characters.
 *
 * Returns: whether @id may be a title id
 */
gboolean
kol_title_document_is_valid_id (const char *id)
{
  gsize len;

  if (id == NULL || id[0] == '\0' || id[0] == '.' || (len = strlen (id)) > 64)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '-' && id[i] != '_' && id[i] != '.')
      return FALSE;
  return TRUE;
}

static gboolean
read_tree (KolTitleDocument *self,
           const char       *dir,
           KolTitleFile      file,
           GError          **error)
{
  g_autofree char *path = g_build_filename (dir, file_names[file], NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;
  JsonNode *root;

  if (!g_file_get_contents (path, &text, &length, &local)
      || (root = kol_json_format_parse (text, (gssize) length, self->lexemes, &local)) == NULL)
    {
      /* Translators: %s is a file path, the second %s what went wrong. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                   _("Cannot open “%s”: %s"), path, local->message);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      json_node_unref (root);
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                   _("Cannot open “%s”: %s"), path, _("The file must hold a JSON object"));
      return FALSE;
    }
  self->roots[file] = root;
  self->saved[file] = json_node_ref (root);
  return TRUE;
}

/**
 * kol_title_document_new_from_directory:
 * @dir: a title folder
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Opens the three files of @dir. They must be JSON objects; whether the
 * title is consistent is for kol_title_document_validate() to say.
 *
 * Returns: (transfer full) (nullable): the document
 */
KolTitleDocument *
kol_title_document_new_from_directory (const char  *dir,
                                       GError     **error)
{
  g_autoptr(KolTitleDocument) self = NULL;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (KOL_TYPE_TITLE_DOCUMENT, NULL);
  self->path = g_canonicalize_filename (dir, NULL);
  self->built_in = is_built_in_dir (self->path);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (!read_tree (self, self->path, i, error))
      return NULL;
  return g_steal_pointer (&self);
}

/**
 * kol_title_document_find_template:
 * @name: a template's name, e.g. "blank"
 *
 * Looks in `KOLEYA_TEMPLATE_DIR`, then the installed templates, then the
 * source tree's.
 *
 * Returns: (transfer full) (nullable): the template's folder
 */
char *
kol_title_document_find_template (const char *name)
{
  const char *env = g_getenv ("KOLEYA_TEMPLATE_DIR");
  const char *bases[] = {
    env, PKGDATADIR G_DIR_SEPARATOR_S "templates", SOURCE_DATADIR G_DIR_SEPARATOR_S "templates",
  };

  g_return_val_if_fail (name != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (bases); i++)
    {
      g_autofree char *dir = NULL;
      g_autofree char *game = NULL;

      if (bases[i] == NULL || bases[i][0] == '\0')
        continue;
      dir = g_build_filename (bases[i], name, NULL);
      game = g_build_filename (dir, KOL_TITLE_GAME_FILE, NULL);
      if (g_file_test (game, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&dir);
    }
  return NULL;
}

static gboolean
check_new_id (const char  *id,
              char       **dir,
              GError     **error)
{
  g_autofree char *games = kol_title_document_user_games_dir ();

  if (!kol_title_document_is_valid_id (id))
    {
      /* Translators: %s is what the user typed as a title id. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   _("“%s” cannot be a title id: use letters, digits, “-”, “_” and “.”"), id);
      return FALSE;
    }
  *dir = g_build_filename (games, id, NULL);
  return TRUE;
}

/* Whether a title elsewhere (one that comes with Koleya) has @id: the
 * user's titles come first in the list, so a copy under the same id would
 * hide the original from the new game dialog. */
static gboolean
id_taken_elsewhere (const char *id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), id) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
refuse_existing (const char  *dir,
                 const char  *id,
                 GError     **error)
{
  if (g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      /* Translators: %s is a title id. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_EXISTS,
                   _("There is already a title “%s” in your titles"), id);
      return FALSE;
    }
  if (id_taken_elsewhere (id))
    {
      /* Translators: %s is a title id. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_EXISTS,
                   _("“%s” is the id of a title that comes with Koleya: choose another"), id);
      return FALSE;
    }
  return TRUE;
}

/* Sets game.json's "id" outside the history: for documents that have none. */
static void
set_id_in_place (KolTitleDocument *self,
                 const char       *id)
{
  g_autoptr(JsonNode) value = _kol_node_string (id);
  KolEdit edit;

  _kol_edit_begin (&edit, self);
  if (_kol_edit_set (&edit, KOL_TITLE_FILE_GAME, "$.id", value, NULL, NULL))
    _kol_set_roots (self, edit.roots);
  _kol_edit_clear (&edit);
}

/**
 * kol_title_document_new_from_template:
 * @template_dir: (nullable): a template's folder, or %NULL for "blank"
 *   (kol_title_document_find_template())
 * @id: the new title's id
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * A new title: a copy of the template, with game.json's id set to @id,
 * whose path is g_get_user_data_dir()/koleya/games/@id. Nothing is written
 * until kol_title_document_save(); the document starts modified.
 *
 * Returns: (transfer full) (nullable): the document
 */
KolTitleDocument *
kol_title_document_new_from_template (const char  *template_dir,
                                      const char  *id,
                                      GError     **error)
{
  g_autofree char *found = NULL;
  g_autofree char *dir = NULL;
  KolTitleDocument *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_new_id (id, &dir, error) || !refuse_existing (dir, id, error))
    return NULL;
  if (template_dir == NULL && (template_dir = found = kol_title_document_find_template ("blank")) == NULL)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ,
                           _("The template for new titles is not installed"));
      return NULL;
    }
  if ((self = kol_title_document_new_from_directory (template_dir, error)) == NULL)
    return NULL;
  g_free (self->path);
  self->path = g_steal_pointer (&dir);
  self->built_in = FALSE;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_clear_pointer (&self->saved[i], json_node_unref);
  set_id_in_place (self, id);
  return self;
}

/**
 * kol_title_document_serialize:
 * @self: a document
 * @file: which file
 *
 * Returns: (transfer full): the file's text as it would be saved
 */
char *
kol_title_document_serialize (KolTitleDocument *self,
                              KolTitleFile      file)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, NULL);

  return kol_json_format_write (self->roots[file], self->lexemes);
}

/* Makes the renames in @dir durable: g_file_set_contents_full() syncs each
 * file, not the folder entry that now names it. */
static void
sync_dir (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return;
  fsync (fd);
  close (fd);
}

static gboolean
write_failed (const char  *path,
              GError      *local,
              GError     **error)
{
  /* Translators: %s is a file or folder path, the second %s what went wrong. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_WRITE,
               _("Cannot write “%s”: %s"), path, local->message);
  g_error_free (local);
  return FALSE;
}

/* Writes each file whose bit is in @files atomically (a temporary file,
 * synced, renamed over the old one). */
static gboolean
write_files (KolTitleDocument *self,
             const char       *dir,
             guint             files,
             GError          **error)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    return write_failed (dir, g_error_new_literal (G_FILE_ERROR, g_file_error_from_errno (errno),
                                                   g_strerror (errno)), error);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      GError *local = NULL;

      if (!(files & (1u << i)))
        continue;
      path = g_build_filename (dir, file_names[i], NULL);
      text = kol_title_document_serialize (self, i);
      if (!g_file_set_contents_full (path, text, -1,
                                     G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                     0644, &local))
        return write_failed (path, local, error);
    }
  sync_dir (dir);
  return TRUE;
}

static gboolean
refuse_built_in (const char  *dir,
                 GError     **error)
{
  if (!is_built_in_dir (dir))
    return TRUE;
  /* Translators: %s is a folder. */
  g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_BUILT_IN,
               _("“%s” is a folder of built-in titles, which are never overwritten"), dir);
  return FALSE;
}

/**
 * kol_title_document_save_to_directory:
 * @self: a document
 * @dir: a folder, created if needed
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Writes the three files into @dir, each atomically, without changing the
 * document's path or its modified state (an exported copy; `koleya-cli
 * roundtrip`). A folder holding a built-in title is refused.
 *
 * Returns: whether every file was written
 */
gboolean
kol_title_document_save_to_directory (KolTitleDocument *self,
                                      const char       *dir,
                                      GError          **error)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!refuse_built_in (dir, error))
    return FALSE;
  return write_files (self, dir, (1u << KOL_TITLE_N_FILES) - 1, error);
}

/* In the user's folder a title's id is its folder's name: otherwise a copy
 * saved as "1849-custom" could still say "1849" and hide the built-in one. */
static gboolean
ensure_id_matches_folder (KolTitleDocument *self,
                          GError          **error)
{
  g_autofree char *id = g_path_get_basename (self->path);
  g_autoptr(JsonNode) value = NULL;
  KolEdit edit;

  if (g_strcmp0 (kol_title_document_get_id (self), id) == 0)
    return TRUE;
  value = _kol_node_string (id);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_set (&edit, KOL_TITLE_FILE_GAME, "$.id", value, _kol_game_key_order, error))
    {
      _kol_edit_clear (&edit);
      return FALSE;
    }
  _kol_edit_touch (&edit, KOL_TITLE_CHANGE_GAME, NULL);
  self->merge_barrier = TRUE;
  return _kol_edit_commit (&edit, _("Title id"), NULL, error);
}

/**
 * kol_title_document_save:
 * @self: a document
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Writes the files that changed since the last save, each atomically. A
 * built-in title is refused with %KOL_TITLE_DOCUMENT_ERROR_BUILT_IN: save it
 * with kol_title_document_save_as() instead.
 *
 * Returns: whether the document was saved
 */
gboolean
kol_title_document_save (KolTitleDocument *self,
                         GError          **error)
{
  gboolean was_modified;
  guint files = 0;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->built_in)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_BUILT_IN,
                           _("This title is built in: save it as a new title"));
      return FALSE;
    }
  if (!ensure_id_matches_folder (self, error))
    return FALSE;
  was_modified = kol_title_document_get_modified (self);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (self->roots[i] != self->saved[i])
      files |= 1u << i;
  if (files != 0 && !write_files (self, self->path, files, error))
    return FALSE;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_clear_pointer (&self->saved[i], json_node_unref);
      self->saved[i] = json_node_ref (self->roots[i]);
    }
  self->merge_barrier = TRUE;
  if (was_modified)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
  return TRUE;
}

/**
 * kol_title_document_save_as:
 * @self: a document
 * @id: the new title's id, e.g. "1849-custom"
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Saves the document as a new title in the user's folder,
 * g_get_user_data_dir()/koleya/games/@id, with game.json's id set to @id
 * (one more command on the undo stack), and makes that its path. An
 * existing title of that id is not overwritten.
 *
 * Returns: whether the document was saved
 */
gboolean
kol_title_document_save_as (KolTitleDocument *self,
                            const char       *id,
                            GError          **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *old_path = NULL;
  JsonNode *old_saved[KOL_TITLE_N_FILES];
  gboolean old_built_in = self->built_in;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_new_id (id, &dir, error))
    return FALSE;
  if (g_strcmp0 (dir, self->path) != 0 && !refuse_existing (dir, id, error))
    return FALSE;
  old_path = g_steal_pointer (&self->path);
  self->path = g_steal_pointer (&dir);
  self->built_in = FALSE;
  memcpy (old_saved, self->saved, sizeof old_saved);
  memset (self->saved, 0, sizeof self->saved);
  if (!kol_title_document_save (self, error))
    {
      g_free (self->path);
      self->path = g_steal_pointer (&old_path);
      self->built_in = old_built_in;
      memcpy (self->saved, old_saved, sizeof old_saved);
      return FALSE;
    }
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_clear_pointer (&old_saved[i], json_node_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILT_IN]);
  return TRUE;
}

/* ---- properties ----------------------------------------------------------------- */

/**
 * kol_title_document_get_path:
 * @self: a document
 *
 * Returns: the title's folder (for a new title, where it will be saved)
 */
const char *
kol_title_document_get_path (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  return self->path;
}

/**
 * kol_title_document_get_id:
 * @self: a document
 *
 * Returns: (nullable): game.json's "id"
 */
const char *
kol_title_document_get_id (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  return _kol_object_string (json_node_get_object (self->roots[KOL_TITLE_FILE_GAME]), "id");
}

/**
 * kol_title_document_get_built_in:
 * @self: a document
 *
 * Returns: whether the title is outside the user's folder, and so is saved
 *   only with kol_title_document_save_as()
 */
gboolean
kol_title_document_get_built_in (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  return self->built_in;
}

/**
 * kol_title_document_get_variant:
 * @self: a document
 *
 * Returns: (nullable): the id of the variant whose hexes the hex edits
 *   change, or %NULL for the base map
 */
const char *
kol_title_document_get_variant (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);

  return self->variant;
}

/**
 * kol_title_document_set_variant:
 * @self: a document
 * @variant: (nullable): a variant id of map.json, or %NULL for the base map
 * @error: return location for NOT_FOUND
 *
 * Chooses the overlay that hex edits go to. Editing a base hex while a
 * variant is chosen makes the variant replace it; adding a hex adds it to
 * the variant, removing one lists it in the variant's "remove".
 *
 * Returns: whether @variant exists
 */
gboolean
kol_title_document_set_variant (KolTitleDocument *self,
                                const char       *variant,
                                GError          **error)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  if (variant != NULL && _kol_variant_index (self->roots, variant) < 0)
    return _kol_not_found (error, _("There is no variant “%s”"), variant);
  if (g_strcmp0 (variant, self->variant) == 0)
    return TRUE;
  g_free (self->variant);
  self->variant = g_strdup (variant);
  self->merge_barrier = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
  return TRUE;
}

/* ---- generic edits ------------------------------------------------------------- */

static KolTitleChange
change_of_path (KolTitleFile  file,
                const char   *path)
{
  if (file == KOL_TITLE_FILE_GAME)
    return KOL_TITLE_CHANGE_GAME;
  if (file == KOL_TITLE_FILE_TILES)
    return KOL_TITLE_CHANGE_TILES;
  if (g_str_has_prefix (path, "$.variants"))
    return KOL_TITLE_CHANGE_VARIANTS;
  if (g_str_has_prefix (path, "$.hexes"))
    return KOL_TITLE_CHANGE_HEXES;
  return KOL_TITLE_CHANGE_ALL;
}

/**
 * kol_title_document_set_value:
 * @self: a document
 * @file: which file
 * @path: a JSON path; its parent must exist
 * @value: (nullable) (transfer none): the new value (copied), or %NULL to
 *   remove the member or element
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Sets any value, as one command: for what the typed edits do not cover
 * (options, trains, "rules", keys the editor does not know). A new member
 * goes at the end of its object.
 *
 * Returns: whether the value was set
 */
gboolean
kol_title_document_set_value (KolTitleDocument *self,
                              KolTitleFile      file,
                              const char       *path,
                              JsonNode         *value,
                              GError          **error)
{
  g_autoptr(JsonNode) copy = NULL;
  g_autofree char *merge_key = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (value != NULL)
    copy = kol_json_lexemes_copy_node (self->lexemes, value);
  _kol_edit_begin (&edit, self);
  if (!(value != NULL ? _kol_edit_set (&edit, file, path, copy, NULL, error)
                      : _kol_edit_remove (&edit, file, path, error)))
    {
      _kol_edit_clear (&edit);
      return FALSE;
    }
  _kol_edit_touch (&edit, change_of_path (file, path), NULL);
  merge_key = g_strdup_printf ("value:%d:%s", file, path);
  return _kol_edit_commit (&edit, _("Change a value"), merge_key, error);
}

/**
 * kol_title_document_insert_value:
 * @self: a document
 * @file: which file
 * @array_path: the JSON path of an array
 * @index: where to insert, or -1 to append
 * @value: (transfer none): the new element (copied)
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Inserts an element into any array, as one command.
 *
 * Returns: whether it was inserted
 */
gboolean
kol_title_document_insert_value (KolTitleDocument *self,
                                 KolTitleFile      file,
                                 const char       *array_path,
                                 int               index,
                                 JsonNode         *value,
                                 GError          **error)
{
  g_autoptr(JsonNode) copy = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, FALSE);
  g_return_val_if_fail (array_path != NULL && value != NULL, FALSE);

  copy = kol_json_lexemes_copy_node (self->lexemes, value);
  _kol_edit_begin (&edit, self);
  if (!_kol_edit_insert (&edit, file, array_path, index, copy, error))
    {
      _kol_edit_clear (&edit);
      return FALSE;
    }
  _kol_edit_touch (&edit, change_of_path (file, array_path), NULL);
  return _kol_edit_commit (&edit, _("Insert a value"), NULL, error);
}

/* {"en": …, "ru": …} from a proper name, so that one language can change. */
static JsonNode *
text_object_from (JsonNode *current)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  if (current != NULL && JSON_NODE_HOLDS_VALUE (current)
      && json_node_get_value_type (current) == G_TYPE_STRING)
    {
      json_object_set_string_member (object, "en", json_node_get_string (current));
      json_object_set_string_member (object, "ru", json_node_get_string (current));
    }
  json_node_take_object (node, object);
  return node;
}

static gboolean
set_text_in_edit (KolEdit      *edit,
                  KolTitleFile  file,
                  const char   *path,
                  const char   *language,
                  const char   *text,
                  GError      **error)
{
  JsonNode *current = _kol_edit_get (edit, file, path);
  g_autoptr(JsonNode) object = NULL;
  g_autofree char *member = NULL;
  static const char * const languages[] = { "en", "ru", NULL };

  if (language == NULL)
    {
      g_autoptr(JsonNode) value = text != NULL ? _kol_node_string (text) : NULL;

      return _kol_edit_set (edit, file, path, value, NULL, error);
    }
  if (!g_strv_contains (languages, language))
    {
      /* Translators: %s is a language code. */
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_INVALID,
                   _("Texts are in “en” and “ru”, not “%s”"), language);
      return FALSE;
    }
  if (current == NULL || !JSON_NODE_HOLDS_OBJECT (current))
    {
      if (text == NULL && current == NULL)
        return TRUE;
      object = text_object_from (current);
      if (!_kol_edit_set (edit, file, path, object, NULL, error))
        return FALSE;
    }
  member = kol_json_path_key (path, language);
  if (text == NULL)
    return _kol_edit_set (edit, file, member, NULL, NULL, error);
  {
    g_autoptr(JsonNode) value = _kol_node_string (text);

    return _kol_edit_set (edit, file, member, value, languages, error);
  }
}

/**
 * kol_title_document_set_text:
 * @self: a document
 * @file: which file
 * @path: the JSON path of a text: a proper name (string) or {"en", "ru"}
 * @language: (nullable): "en" or "ru", or %NULL for a proper name, the
 *   same in every language
 * @text: (nullable): the new text, or %NULL to remove it
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Changes one language of a text; a proper name becomes a translated text
 * holding the name in both languages first. Typing merges into one command.
 *
 * Returns: whether the text was set
 */
gboolean
kol_title_document_set_text (KolTitleDocument *self,
                             KolTitleFile      file,
                             const char       *path,
                             const char       *language,
                             const char       *text,
                             GError          **error)
{
  g_autofree char *merge_key = NULL;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  _kol_edit_begin (&edit, self);
  if (!set_text_in_edit (&edit, file, path, language, text, error))
    {
      _kol_edit_clear (&edit);
      return FALSE;
    }
  _kol_edit_touch (&edit, change_of_path (file, path), NULL);
  merge_key = g_strdup_printf ("text:%d:%s:%s", file, path, language != NULL ? language : "");
  return _kol_edit_commit (&edit, _("Text"), merge_key, error);
}

/**
 * kol_title_document_set_title_name:
 * @self: a document
 * @language: "en" or "ru"
 * @text: the title's name in that language
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Returns: whether the name was set
 */
gboolean
kol_title_document_set_title_name (KolTitleDocument *self,
                                   const char       *language,
                                   const char       *text,
                                   GError          **error)
{
  return kol_title_document_set_text (self, KOL_TITLE_FILE_GAME, "$.name", language, text, error);
}

/* ---- GObject ---------------------------------------------------------------------- */

static void
kol_title_document_finalize (GObject *object)
{
  KolTitleDocument *self = KOL_TITLE_DOCUMENT (object);

  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_clear_pointer (&self->roots[i], json_node_unref);
      g_clear_pointer (&self->saved[i], json_node_unref);
    }
  kol_json_lexemes_free (self->lexemes);
  g_free (self->path);
  g_free (self->variant);

  G_OBJECT_CLASS (kol_title_document_parent_class)->finalize (object);
}

static void
kol_title_document_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  KolTitleDocument *self = KOL_TITLE_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_ID:
      g_value_set_string (value, kol_title_document_get_id (self));
      break;
    case PROP_BUILT_IN:
      g_value_set_boolean (value, self->built_in);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, kol_title_document_get_modified (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, kol_title_document_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, kol_title_document_get_can_redo (self));
      break;
    case PROP_VARIANT:
      g_value_set_string (value, self->variant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_document_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  KolTitleDocument *self = KOL_TITLE_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      kol_title_document_set_variant (self, g_value_get_string (value), NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_title_document_class_init (KolTitleDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = kol_title_document_finalize;
  object_class->get_property = kol_title_document_get_property;
  object_class->set_property = kol_title_document_set_property;

  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL, ro);
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, ro);
  properties[PROP_BUILT_IN] = g_param_spec_boolean ("built-in", NULL, NULL, FALSE, ro);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_VARIANT] =
    g_param_spec_string ("variant", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolTitleDocument::changed:
   * @self: the document
   * @what: the #KolTitleChange flags of what changed
   * @target: (nullable): the one tile or hex id changed, or %NULL when
   *   several things or other things changed
   *
   * Emitted after every edit, undo and redo, for live previews.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 2,
                                   KOL_TYPE_TITLE_CHANGE, G_TYPE_STRING);
}

static void
kol_title_document_init (KolTitleDocument *self)
{
  self->lexemes = kol_json_lexemes_new ();
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
}
