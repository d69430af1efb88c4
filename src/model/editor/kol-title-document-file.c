/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kol-file-set.h"
#include "kol-json-scan.h"
#include "kol-title-document-private.h"
#include "kol-title-info.h"
#include "kol-title-loader.h"

/*
 * The files of a KolTitleDocument: opening a title folder, new titles from
 * a template, which folders are built in and never written to, title ids,
 * and saving (the changed files written as one set, kol-file-set.c), saving
 * as a new title in the user's folder and exporting a copy. This is the one
 * part of the document that touches the disk, so it is a unit of its own.
 */

static const char * const file_names[KOL_TITLE_N_FILES] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

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
 * (installed, KOLEYA_DATA_DIR's), and so are the templates: never written
 * to. */
static gboolean
is_built_in_dir (const char *dir)
{
  g_auto(GStrv) search = kol_title_info_get_search_dirs ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  const char *templates[] = {
    g_getenv ("KOLEYA_TEMPLATE_DIR"),
    PKGDATADIR G_DIR_SEPARATOR_S "templates",
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
 * Title ids name folders: see kol_title_id_is_valid(), the rule the title
 * loader applies too.
 *
 * Returns: whether @id may be a title id
 */
gboolean
kol_title_document_is_valid_id (const char *id)
{
  return kol_title_id_is_valid (id);
}

static gboolean
read_tree (KolTitleDocument *self,
           const char       *dir,
           KolTitleFile      file,
           GError          **error)
{
  g_autofree char *path = g_build_filename (dir, file_names[file], NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autofree char *human = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;
  JsonNode *root;

  if (!kol_json_read_file (gfile, &text, &length, &local)
      || (root = kol_json_format_parse (text, (gssize) length, self->lexemes, &local)) == NULL)
    {
      /* Translators: %s is a file path. What went wrong where in it (a
       * JSON line and column) follows as details. */
      human = g_strdup_printf (_("Cannot open “%s”: the editor cannot read it."), path);
      g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ, "%s\n\n%s", human, local->message);
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
  g_free (self->disk_texts[file]);
  self->disk_texts[file] = g_steal_pointer (&text);
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
  /* a save stopped between its two renames leaves the folder aside */
  if (!g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *parent = g_path_get_dirname (self->path);

      kol_file_set_recover (parent, 0);
    }
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
 * Looks in `KOLEYA_TEMPLATE_DIR` (set to the source tree's templates by
 * `meson devenv` and the tests), then the installed templates.
 *
 * Returns: (transfer full) (nullable): the template's folder
 */
char *
kol_title_document_find_template (const char *name)
{
  const char *env = g_getenv ("KOLEYA_TEMPLATE_DIR");
  const char *bases[] = {
    env, PKGDATADIR G_DIR_SEPARATOR_S "templates",
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
    {
      g_clear_pointer (&self->saved[i], json_node_unref);
      g_clear_pointer (&self->disk_texts[i], g_free);
    }
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

/**
 * kol_title_document_dup_text:
 * @self: a document
 * @file: which file
 *
 * Returns: (transfer full): the file's text: as on disk while it is
 *   unchanged (so that line numbers are the file's own), else as it would
 *   be saved
 */
char *
kol_title_document_dup_text (KolTitleDocument *self,
                             KolTitleFile      file)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), NULL);
  g_return_val_if_fail (file < KOL_TITLE_N_FILES, NULL);

  if (self->roots[file] == self->saved[file] && self->disk_texts[file] != NULL)
    return g_strdup (self->disk_texts[file]);
  return kol_title_document_serialize (self, file);
}

/* Writes the files whose bit is in @files as one set (kol_file_set_write()):
 * a tile renamed in tiles.json and map.json is never found renamed in only
 * one of them, whatever stops the write. The files left out are carried
 * over as they are on disk. */
static gboolean
write_files (KolTitleDocument *self,
             const char       *dir,
             guint             files,
             GError          **error)
{
  g_auto(GStrv) texts = g_new0 (char *, KOL_TITLE_N_FILES + 1);
  const char *names[KOL_TITLE_N_FILES + 1] = { NULL };
  GError *local = NULL;
  guint n = 0;

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (files & (1u << i))
      {
        names[n] = file_names[i];
        texts[n++] = kol_title_document_serialize (self, i);
      }
  if (!kol_file_set_write (dir, names, (const char * const *) texts, &local))
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_WRITE, local->message);
      g_error_free (local);
      return FALSE;
    }
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
 * Writes the three files into @dir as one set, without changing the
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
 * Writes the files that changed since the last save, as one set. A
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
  if ((_kol_document_check_disk (self) & files) != 0)
    {
      g_set_error_literal (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_CHANGED_ON_DISK,
                           _("The title’s files were changed on disk: reload them or keep your version first"));
      return FALSE;
    }
  if (files != 0 && !write_files (self, self->path, files, error))
    return FALSE;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (files & (1u << i))
      {
        g_free (self->disk_texts[i]);
        self->disk_texts[i] = kol_title_document_serialize (self, i);
      }
  /* the set was swapped in as a new folder: a watch on the old one hears
   * nothing more */
  if (self->watching && (files != 0 || self->monitor == NULL))
    kol_title_document_watch (self, NULL);
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
  /* the new folder's files are not the ones read */
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    g_clear_pointer (&self->disk_texts[i], g_free);
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
  if (self->watching)
    kol_title_document_watch (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILT_IN]);
  return TRUE;
}
