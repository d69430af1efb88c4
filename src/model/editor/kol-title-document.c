/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-json-scan.h"
#include "kol-title-document-private.h"

/*
 * KolTitleDocument: the object, undo and redo, and the generic edits. Its
 * JSON trees and edits by path are in kol-title-document-tree.c, what the
 * views read in kol-title-document-query.c, its files in
 * kol-title-document-file.c; the typed edits are in
 * kol-title-document-edit.c, validation in kol-title-document-check.c.
 */

G_DEFINE_QUARK (kol-title-document-error-quark, kol_title_document_error)

G_DEFINE_FLAGS_TYPE (KolTitleChange, kol_title_change,
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_GAME, "game"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_TILES, "tiles"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_HEXES, "hexes"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_GRID, "grid"),
                     G_DEFINE_ENUM_VALUE (KOL_TITLE_CHANGE_VARIANTS, "variants"))

G_DEFINE_FINAL_TYPE (KolTitleDocument, kol_title_document, G_TYPE_OBJECT)

GParamSpec *_kol_title_document_properties[N_PROPS];

enum
{
  CHANGED,
  CHANGED_ON_DISK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Beyond this many commands the oldest are forgotten. */
#define MAX_UNDO 1000

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

void
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
 * kol_title_document_clear_history:
 * @self: a document
 *
 * Forgets every command: what came before cannot be undone (the steps
 * that made a new title out of the template are not the user's edits).
 */
void
kol_title_document_clear_history (KolTitleDocument *self)
{
  gboolean could_undo, could_redo, was_modified;

  g_return_if_fail (KOL_IS_TITLE_DOCUMENT (self));

  could_undo = kol_title_document_get_can_undo (self);
  could_redo = kol_title_document_get_can_redo (self);
  was_modified = kol_title_document_get_modified (self);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->merge_barrier = TRUE;
  update_flags (self, could_undo, could_redo, was_modified);
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

gboolean
_kol_edit_set_text (KolEdit      *edit,
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
  if (!_kol_edit_set_text (&edit, file, path, language, text, error))
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

  _kol_document_unwatch (self);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_clear_pointer (&self->roots[i], json_node_unref);
      g_clear_pointer (&self->saved[i], json_node_unref);
      g_clear_pointer (&self->disk_texts[i], g_free);
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

  /**
   * KolTitleDocument::changed-on-disk:
   * @self: the document
   * @files: the bits (1 << #KolTitleFile) of the files changed on disk
   *   since read or written, not decided about yet
   *
   * Another program changed the title's files (kol_title_document_watch()):
   * reload them (kol_title_document_reload_from_disk()) or keep the
   * editor's version (kol_title_document_keep_own()).
   */
  signals[CHANGED_ON_DISK] = g_signal_new ("changed-on-disk", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
kol_title_document_init (KolTitleDocument *self)
{
  self->lexemes = kol_json_lexemes_new ();
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
}
