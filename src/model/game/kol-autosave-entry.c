/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-autosave-entry.h"
#include "kol-record-import.h"
#include "kol-save-file.h"
#include "kol-title-info.h"

/**
 * KolAutosaveEntry:
 *
 * One interrupted game in the autosave folder, as the start page lists it:
 * its title, players, how many moves were made and when it was last
 * written, read from the file's header without replaying it. A file that
 * cannot be read that far is still an entry, with the problem said, so
 * that it can be discarded: a damaged autosave must never hide the others.
 */
struct _KolAutosaveEntry
{
  GObject parent_instance;

  GFile     *file;
  char      *title_id;
  char      *title_name;
  GStrv      player_names;
  guint      n_actions;
  GDateTime *modified;
  char      *problem;
};

G_DEFINE_FINAL_TYPE (KolAutosaveEntry, kol_autosave_entry, G_TYPE_OBJECT)

static void
kol_autosave_entry_finalize (GObject *object)
{
  KolAutosaveEntry *self = KOL_AUTOSAVE_ENTRY (object);

  g_clear_object (&self->file);
  g_free (self->title_id);
  g_free (self->title_name);
  g_strfreev (self->player_names);
  g_clear_pointer (&self->modified, g_date_time_unref);
  g_free (self->problem);
  G_OBJECT_CLASS (kol_autosave_entry_parent_class)->finalize (object);
}

static void
kol_autosave_entry_class_init (KolAutosaveEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kol_autosave_entry_finalize;
}

static void
kol_autosave_entry_init (KolAutosaveEntry *self)
{
}

/* The title's name in the language of the interface, or %NULL when no
 * installed title has @id. */
static char *
title_name_for_id (const char *id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), id) == 0)
        return g_strdup (kol_title_info_get_name (info));
    }
  return NULL;
}

/* Reads the header: the title, the players and the length of the log. */
static gboolean
read_header (KolAutosaveEntry *self,
             GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(KolRecord) record = NULL;
  gsize length;
  const char *data;

  bytes = kol_save_file_read (self->file, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_READ, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  root = kol_save_file_parse_json (data, length, KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_SYNTAX, error);
  if (root == NULL || (record = kol_save_file_to_record (root, error)) == NULL)
    return FALSE;
  self->title_id = g_strdup (record->title_id);
  self->player_names = g_strdupv (record->player_names);
  self->n_actions = record->n_raw;
  return TRUE;
}

/**
 * kol_autosave_entry_new_for_file:
 * @file: an autosave
 *
 * Reads @file's header (blocking: call it in a worker thread for a
 * folder of them).
 *
 * Returns: (transfer full): the entry; kol_autosave_entry_get_problem()
 *   says when the file cannot be opened
 */
KolAutosaveEntry *
kol_autosave_entry_new_for_file (GFile *file)
{
  KolAutosaveEntry *self;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (KOL_TYPE_AUTOSAVE_ENTRY, NULL);
  self->file = g_object_ref (file);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL)
    self->modified = g_file_info_get_modification_date_time (info);
  if (!read_header (self, &error))
    {
      self->problem = g_strdup (error->message);
      return self;
    }
  self->title_name = title_name_for_id (self->title_id);
  if (self->title_name == NULL)
    /* Translators: %s is a title id such as "1849". */
    self->problem = g_strdup_printf (_("The game title “%s” is not installed."), self->title_id);
  return self;
}

/** kol_autosave_entry_get_file: Returns: (transfer none): the autosave */
GFile *
kol_autosave_entry_get_file (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return self->file;
}

/** kol_autosave_entry_get_title_id: Returns: (nullable): the title's id, %NULL when unreadable */
const char *
kol_autosave_entry_get_title_id (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return self->title_id;
}

/** kol_autosave_entry_get_title_name: Returns: (nullable): the title's name, %NULL when unknown */
const char *
kol_autosave_entry_get_title_name (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return self->title_name;
}

/**
 * kol_autosave_entry_get_player_names:
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   players in seating order, %NULL when unreadable
 */
const char * const *
kol_autosave_entry_get_player_names (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return (const char * const *) self->player_names;
}

/** kol_autosave_entry_get_n_actions: Returns: the moves made (the log's length) */
guint
kol_autosave_entry_get_n_actions (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), 0);
  return self->n_actions;
}

/** kol_autosave_entry_get_modified: Returns: (transfer none) (nullable): when it was last written */
GDateTime *
kol_autosave_entry_get_modified (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return self->modified;
}

/**
 * kol_autosave_entry_get_problem:
 *
 * Returns: (nullable): why the game cannot be opened (a damaged file, a
 *   title not installed), translated; %NULL when it looks fine
 */
const char *
kol_autosave_entry_get_problem (KolAutosaveEntry *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (self), NULL);
  return self->problem;
}
