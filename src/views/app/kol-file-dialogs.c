/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-file-dialogs.h"

/* What a finished dialog hands to its _finish(): the file and, for save
 * dialogs, the index of the filter chosen. */
typedef struct
{
  GFile *file;
  int    filter;
} Choice;

static void
choice_free (Choice *choice)
{
  g_clear_object (&choice->file);
  g_free (choice);
}

static int
filter_index (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) chosen = gtk_file_chooser_get_filter (chooser);
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  for (guint i = 0; chosen != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (filter == chosen)
        return (int) i;
    }
  return -1;
}

static void
native_response_cb (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  g_autoptr(GTask) task = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      Choice *choice = g_new0 (Choice, 1);

      choice->file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      choice->filter = filter_index (GTK_FILE_CHOOSER (native));
      g_task_return_pointer (task, choice, (GDestroyNotify) choice_free);
    }
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("No file was chosen"));
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
run (GtkFileChooserNative *native,
     GAsyncReadyCallback   callback,
     gpointer              user_data,
     gpointer              source_tag)
{
  GTask *task = g_task_new (NULL, NULL, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (native_response_cb), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static Choice *
finish (GAsyncResult  *result,
        gpointer       source_tag,
        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * kol_file_dialog_select_folder:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @callback: called when a folder was chosen or the chooser closed
 * @user_data: for @callback
 *
 * Asks for a folder to open.
 */
void
kol_file_dialog_select_folder (GtkWindow           *parent,
                               const char          *title,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                 _("_Open"), _("_Cancel"));

  run (native, callback, user_data, kol_file_dialog_select_folder);
}

/**
 * kol_file_dialog_select_folder_finish:
 * @result: the result given to the callback
 * @error: G_IO_ERROR_CANCELLED when no folder was chosen
 *
 * Returns: (transfer full) (nullable): the folder
 */
GFile *
kol_file_dialog_select_folder_finish (GAsyncResult  *result,
                                      GError       **error)
{
  Choice *choice = finish (result, kol_file_dialog_select_folder, error);
  GFile *file = choice != NULL ? g_steal_pointer (&choice->file) : NULL;

  g_clear_pointer (&choice, choice_free);
  return file;
}

/**
 * kol_file_dialog_save:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @initial_name: (nullable): the file name to start with
 * @filters: (nullable) (array zero-terminated=1): the file types offered,
 *   the first one chosen at first
 * @callback: called when a file was chosen or the chooser closed
 * @user_data: for @callback
 *
 * Asks where to write a file; the chooser confirms overwriting.
 */
void
kol_file_dialog_save (GtkWindow             *parent,
                      const char            *title,
                      const char            *initial_name,
                      GtkFileFilter * const *filters,
                      GAsyncReadyCallback    callback,
                      gpointer               user_data)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));

  for (guint i = 0; filters != NULL && filters[i] != NULL; i++)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filters[i]);
  if (filters != NULL && filters[0] != NULL)
    gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), filters[0]);
  if (initial_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
  run (native, callback, user_data, kol_file_dialog_save);
}

/**
 * kol_file_dialog_save_finish:
 * @result: the result given to the callback
 * @filter: (out) (optional): the index of the file type chosen, or -1
 * @error: G_IO_ERROR_CANCELLED when no file was chosen
 *
 * Returns: (transfer full) (nullable): the file to write
 */
GFile *
kol_file_dialog_save_finish (GAsyncResult  *result,
                             int           *filter,
                             GError       **error)
{
  Choice *choice = finish (result, kol_file_dialog_save, error);
  GFile *file = choice != NULL ? g_steal_pointer (&choice->file) : NULL;

  if (filter != NULL)
    *filter = choice != NULL ? choice->filter : -1;
  g_clear_pointer (&choice, choice_free);
  return file;
}

/**
 * kol_file_dialog_open:
 * @parent: (nullable): the window the chooser belongs to
 * @title: the chooser's title
 * @filters: (nullable) (array zero-terminated=1): the file types offered,
 *   the first one chosen at first
 * @callback: called when a file was chosen or the chooser closed
 * @user_data: for @callback
 *
 * Asks for a file to open.
 */
void
kol_file_dialog_open (GtkWindow             *parent,
                      const char            *title,
                      GtkFileFilter * const *filters,
                      GAsyncReadyCallback    callback,
                      gpointer               user_data)
{
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));

  for (guint i = 0; filters != NULL && filters[i] != NULL; i++)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filters[i]);
  if (filters != NULL && filters[0] != NULL)
    gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), filters[0]);
  run (native, callback, user_data, kol_file_dialog_open);
}

/**
 * kol_file_dialog_open_finish:
 * @result: the result given to the callback
 * @error: G_IO_ERROR_CANCELLED when no file was chosen
 *
 * Returns: (transfer full) (nullable): the file to open
 */
GFile *
kol_file_dialog_open_finish (GAsyncResult  *result,
                             GError       **error)
{
  Choice *choice = finish (result, kol_file_dialog_open, error);
  GFile *file = choice != NULL ? g_steal_pointer (&choice->file) : NULL;

  g_clear_pointer (&choice, choice_free);
  return file;
}
