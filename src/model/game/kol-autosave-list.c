/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"


#include "kol-autosave-list.h"
#include "kol-history.h"
#include "kol-save-file.h"

/**
 * KolAutosaveList:
 *
 * Every interrupted game: the #KolAutosaveEntry of each save file in the
 * autosave folder, the most recently written first, damaged ones
 * included (with their problem) so that each can be opened or discarded
 * on its own. Reloading reads the headers in a worker thread and first
 * removes the temporary files that interrupted writes left behind.
 */
struct _KolAutosaveList
{
  GObject parent_instance;

  char      *dir;
  GPtrArray *entries;     /* KolAutosaveEntry* */
  guint      generation;  /* of the newest reload asked for */
};

static void kol_autosave_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KolAutosaveList, kol_autosave_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, kol_autosave_list_model_init))

static GType
get_item_type (GListModel *model)
{
  return KOL_TYPE_AUTOSAVE_ENTRY;
}

static guint
get_n_items (GListModel *model)
{
  return KOL_AUTOSAVE_LIST (model)->entries->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  KolAutosaveList *self = KOL_AUTOSAVE_LIST (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
kol_autosave_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
kol_autosave_list_finalize (GObject *object)
{
  KolAutosaveList *self = KOL_AUTOSAVE_LIST (object);

  g_free (self->dir);
  g_ptr_array_unref (self->entries);
  G_OBJECT_CLASS (kol_autosave_list_parent_class)->finalize (object);
}

static void
kol_autosave_list_class_init (KolAutosaveListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kol_autosave_list_finalize;
}

static void
kol_autosave_list_init (KolAutosaveList *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * kol_autosave_list_new:
 * @dir: (nullable): the autosave folder; %NULL for
 *   kol_history_get_autosave_dir()
 *
 * Returns: (transfer full): an empty list of that folder: reload it
 */
KolAutosaveList *
kol_autosave_list_new (const char *dir)
{
  KolAutosaveList *self = g_object_new (KOL_TYPE_AUTOSAVE_LIST, NULL);

  self->dir = dir != NULL ? g_strdup (dir) : kol_history_get_autosave_dir ();
  return self;
}

/** kol_autosave_list_get_dir: Returns: the folder listed */
const char *
kol_autosave_list_get_dir (KolAutosaveList *self)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_LIST (self), NULL);
  return self->dir;
}

/* Newest first; files without a time last, then by name, so that the
 * order is the same every time. */
static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  KolAutosaveEntry *x = *(KolAutosaveEntry **) a;
  KolAutosaveEntry *y = *(KolAutosaveEntry **) b;
  GDateTime *tx = kol_autosave_entry_get_modified (x);
  GDateTime *ty = kol_autosave_entry_get_modified (y);
  g_autofree char *nx = NULL;
  g_autofree char *ny = NULL;

  if (tx != NULL && ty != NULL && g_date_time_compare (tx, ty) != 0)
    return -g_date_time_compare (tx, ty);
  if ((tx == NULL) != (ty == NULL))
    return tx == NULL ? 1 : -1;
  nx = g_file_get_basename (kol_autosave_entry_get_file (x));
  ny = g_file_get_basename (kol_autosave_entry_get_file (y));
  return g_strcmp0 (nx, ny);
}

/* Blocking: the leftovers removed, then an entry for every save file. */
static GPtrArray *
read_folder (const char *dir)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFileEnumerator) files = NULL;
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;

  kol_save_file_remove_leftovers (dir, KOL_AUTOSAVE_LEFTOVER_AGE);
  files = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (files != NULL && (info = g_file_enumerator_next_file (files, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && name[0] != '.' &&
          g_str_has_suffix (name, KOL_SAVE_FILE_EXTENSION))
        {
          g_autoptr(GFile) file = g_file_get_child (folder, name);

          g_ptr_array_add (entries, kol_autosave_entry_new_for_file (file));
        }
      g_object_unref (info);
    }
  g_ptr_array_sort (entries, compare_entries);
  return entries;
}

static void
replace_entries (KolAutosaveList *self,
                 GPtrArray       *entries)
{
  guint removed = self->entries->len;

  g_ptr_array_unref (self->entries);
  self->entries = g_ptr_array_ref (entries);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, entries->len);
}

/**
 * kol_autosave_list_reload:
 *
 * Reads the folder again, blocking (tests, tools).
 */
void
kol_autosave_list_reload (KolAutosaveList *self)
{
  g_autoptr(GPtrArray) entries = NULL;

  g_return_if_fail (KOL_IS_AUTOSAVE_LIST (self));

  self->generation++;
  entries = read_folder (self->dir);
  replace_entries (self, entries);
}

static void
reload_in_thread (GTask        *task,
                  gpointer      source,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  g_task_return_pointer (task, read_folder (task_data), (GDestroyNotify) g_ptr_array_unref);
}

typedef struct
{
  GAsyncReadyCallback callback;
  gpointer            user_data;
  guint               generation;
} Reload;

/* The list changes here, whether anyone waits for the result or not. */
static void
reloaded_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  KolAutosaveList *self = KOL_AUTOSAVE_LIST (source);
  Reload *reload = data;
  g_autoptr(GPtrArray) entries = g_task_propagate_pointer (G_TASK (result), NULL);

  if (entries != NULL && reload->generation == self->generation)
    replace_entries (self, entries);
  if (reload->callback != NULL)
    reload->callback (source, result, reload->user_data);
  g_free (reload);
}

/**
 * kol_autosave_list_reload_async:
 * @callback: (nullable): called once the list changed
 *
 * Reads the folder again in a worker thread; the list changes when done
 * (unless a later reload was asked for meanwhile).
 */
void
kol_autosave_list_reload_async (KolAutosaveList     *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Reload *reload;

  g_return_if_fail (KOL_IS_AUTOSAVE_LIST (self));

  reload = g_new0 (Reload, 1);
  reload->callback = callback;
  reload->user_data = user_data;
  reload->generation = ++self->generation;
  task = g_task_new (self, cancellable, reloaded_cb, reload);
  g_task_set_source_tag (task, kol_autosave_list_reload_async);
  g_task_set_task_data (task, g_strdup (self->dir), g_free);
  g_task_run_in_thread (task, reload_in_thread);
}

/**
 * kol_autosave_list_reload_finish:
 *
 * Returns: %TRUE unless the reload was cancelled
 */
gboolean
kol_autosave_list_reload_finish (KolAutosaveList  *self,
                                 GAsyncResult     *result,
                                 GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (g_task_had_error (G_TASK (result)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_autosave_list_find:
 * @file: an autosave
 *
 * Returns: (transfer none) (nullable): its entry
 */
KolAutosaveEntry *
kol_autosave_list_find (KolAutosaveList *self,
                        GFile           *file)
{
  g_return_val_if_fail (KOL_IS_AUTOSAVE_LIST (self), NULL);

  for (guint i = 0; i < self->entries->len; i++)
    if (g_file_equal (kol_autosave_entry_get_file (g_ptr_array_index (self->entries, i)), file))
      return g_ptr_array_index (self->entries, i);
  return NULL;
}

/**
 * kol_autosave_list_discard:
 * @entry: an entry of the list
 * @delete_without_trash: where there is no trash (some file systems),
 *   delete the file instead; with %FALSE that gives
 *   %G_IO_ERROR_NOT_SUPPORTED, so that people can be asked first
 * @error: return location for a #GError
 *
 * Moves the interrupted game to the trash and takes it off the list.
 *
 * Returns: %TRUE when the file is gone from the folder
 */
gboolean
kol_autosave_list_discard (KolAutosaveList   *self,
                           KolAutosaveEntry  *entry,
                           gboolean           delete_without_trash,
                           GError           **error)
{
  g_autoptr(GError) local = NULL;
  GFile *file;
  guint position;

  g_return_val_if_fail (KOL_IS_AUTOSAVE_LIST (self), FALSE);
  g_return_val_if_fail (KOL_IS_AUTOSAVE_ENTRY (entry), FALSE);

  file = kol_autosave_entry_get_file (entry);
  if (!g_file_trash (file, NULL, &local))
    {
      if (!delete_without_trash || !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (!g_file_delete (file, NULL, error))
        return FALSE;
    }
  if (g_ptr_array_find (self->entries, entry, &position))
    {
      g_ptr_array_remove_index (self->entries, position);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
    }
  return TRUE;
}
