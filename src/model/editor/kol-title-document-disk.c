/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-title-document-private.h"
#include "kol-title-loader.h"

/*
 * Hand edits are never lost: the document remembers each file's text as
 * it last read or wrote it, watches the title's folder, and when a file
 * changes to something else behind its back says so
 * (KolTitleDocument::changed-on-disk). The user then reloads the files
 * (one command, which undo takes back) or keeps the editor's version, which
 * the next Save writes. Save itself refuses to overwrite a file changed on
 * disk that nobody has decided about, in case no watch told.
 */

/* Editors write a file in several steps; wait for them to finish. */
#define CHECK_DELAY_MS 200

static const char * const file_names[KOL_TITLE_N_FILES] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

static char *
read_disk (KolTitleDocument *self,
           int               file)
{
  g_autofree char *path = g_build_filename (self->path, file_names[file], NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/**
 * _kol_document_check_disk:
 * @self: a document
 *
 * Compares the files on disk with their texts as last read or written,
 * and announces the ones that changed since (once each).
 *
 * Returns: the bits (1 << #KolTitleFile) of the files changed on disk
 */
guint
_kol_document_check_disk (KolTitleDocument *self)
{
  guint fresh = 0;

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *text = NULL;

      /* a file never read or written here (a new title) is not ours yet */
      if (self->disk_texts[i] == NULL || (self->changed_on_disk & (1u << i)))
        continue;
      text = read_disk (self, i);
      if (text != NULL && !g_str_equal (text, self->disk_texts[i]))
        fresh |= 1u << i;
    }
  if (fresh != 0)
    {
      self->changed_on_disk |= fresh;
      g_signal_emit_by_name (self, "changed-on-disk", self->changed_on_disk);
    }
  return self->changed_on_disk;
}

static gboolean
check_cb (gpointer user_data)
{
  KolTitleDocument *self = user_data;

  self->disk_check_id = 0;
  _kol_document_check_disk (self);
  return G_SOURCE_REMOVE;
}

static void
monitor_changed_cb (GFileMonitor      *monitor,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event,
                    KolTitleDocument  *self)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *other_name = other != NULL ? g_file_get_basename (other) : NULL;
  gboolean ours = FALSE;

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    ours |= g_strcmp0 (name, file_names[i]) == 0 || g_strcmp0 (other_name, file_names[i]) == 0;
  if (!ours)
    return;
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  self->disk_check_id = g_timeout_add (CHECK_DELAY_MS, check_cb, self);
}

/**
 * kol_title_document_watch:
 * @self: a document
 * @error: return location for a #GIOErrorEnum
 *
 * Watches the title's folder from now on; see
 * #KolTitleDocument::changed-on-disk. A new title is watched once it is
 * saved.
 *
 * Returns: whether the folder is watched
 */
gboolean
kol_title_document_watch (KolTitleDocument  *self,
                          GError           **error)
{
  g_autoptr(GFile) dir = NULL;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  _kol_document_unwatch (self);
  self->watching = TRUE;
  if (!g_file_test (self->path, G_FILE_TEST_IS_DIR))
    return TRUE;
  dir = g_file_new_for_path (self->path);
  self->monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, error);
  if (self->monitor == NULL)
    return FALSE;
  g_signal_connect (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self);
  return TRUE;
}

/* Stops watching (a new folder, or the document going). */
void
_kol_document_unwatch (KolTitleDocument *self)
{
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  self->watching = FALSE;
}

/**
 * kol_title_document_get_changed_on_disk:
 * @self: a document
 *
 * Returns: the bits (1 << #KolTitleFile) of the files found changed on
 *   disk that the user has not decided about
 */
guint
kol_title_document_get_changed_on_disk (KolTitleDocument *self)
{
  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), 0);
  return self->changed_on_disk;
}

/**
 * kol_title_document_reload_from_disk:
 * @self: a document
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Takes the files changed on disk as they are there now, as one command
 * ("Reload from disk"): undo brings the editor's version back.
 *
 * Returns: whether they were read
 */
gboolean
kol_title_document_reload_from_disk (KolTitleDocument  *self,
                                     GError           **error)
{
  char *texts[KOL_TITLE_N_FILES] = { NULL, NULL, NULL };
  JsonNode *roots[KOL_TITLE_N_FILES] = { NULL, NULL, NULL };
  gboolean ok = TRUE;
  KolEdit edit;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (self), FALSE);

  for (int i = 0; ok && i < KOL_TITLE_N_FILES; i++)
    {
      g_autoptr(GError) local = NULL;

      if (!(self->changed_on_disk & (1u << i)))
        continue;
      texts[i] = read_disk (self, i);
      roots[i] = texts[i] != NULL ? kol_json_format_parse (texts[i], -1, self->lexemes, &local) : NULL;
      if (roots[i] == NULL || !JSON_NODE_HOLDS_OBJECT (roots[i]))
        {
          /* Translators: %s is a file name such as game.json. What is
           * wrong where in it follows as details. */
          g_autofree char *human = g_strdup_printf (_("Cannot take %s as it is on disk now: the editor cannot read it."),
                                                    file_names[i]);

          g_set_error (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_READ, "%s\n\n%s", human,
                       local != NULL ? local->message : _("The file must hold a JSON object"));
          ok = FALSE;
        }
    }
  if (ok)
    {
      _kol_edit_begin (&edit, self);
      for (int i = 0; i < KOL_TITLE_N_FILES; i++)
        if (roots[i] != NULL)
          {
            json_node_unref (edit.roots[i]);
            edit.roots[i] = json_node_ref (roots[i]);
          }
      _kol_edit_touch (&edit, KOL_TITLE_CHANGE_ALL, NULL);
      self->merge_barrier = TRUE;
      ok = _kol_edit_commit (&edit, _("Reload from disk"), NULL, error);
    }
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      if (ok && roots[i] != NULL)
        {
          g_clear_pointer (&self->saved[i], json_node_unref);
          self->saved[i] = json_node_ref (self->roots[i]);
          g_free (self->disk_texts[i]);
          self->disk_texts[i] = g_steal_pointer (&texts[i]);
        }
      g_free (texts[i]);
      g_clear_pointer (&roots[i], json_node_unref);
    }
  if (!ok)
    return FALSE;
  self->changed_on_disk = 0;
  g_object_notify (G_OBJECT (self), "modified");
  return TRUE;
}

/**
 * kol_title_document_keep_own:
 * @self: a document
 *
 * Keeps the editor's version of the files changed on disk: the next Save
 * writes it over theirs.
 */
void
kol_title_document_keep_own (KolTitleDocument *self)
{
  gboolean was_modified;

  g_return_if_fail (KOL_IS_TITLE_DOCUMENT (self));

  was_modified = kol_title_document_get_modified (self);
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      if (!(self->changed_on_disk & (1u << i)))
        continue;
      g_free (self->disk_texts[i]);
      self->disk_texts[i] = read_disk (self, i);
      /* what is on disk is no longer what the editor has */
      g_clear_pointer (&self->saved[i], json_node_unref);
    }
  self->changed_on_disk = 0;
  self->merge_barrier = TRUE;
  if (!was_modified)
    g_object_notify (G_OBJECT (self), "modified");
}
