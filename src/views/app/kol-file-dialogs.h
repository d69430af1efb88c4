/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * Every file chooser of the app, in one place: GTK 4.8 has only
 * GtkFileChooserNative (through the portal in flatpak), and when GTK 4.10's
 * GtkFileDialog can be used only this file changes. The calls already have
 * GtkFileDialog's asynchronous shape.
 */

void     kol_file_dialog_select_folder        (GtkWindow           *parent,
                                               const char          *title,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
GFile   *kol_file_dialog_select_folder_finish (GAsyncResult        *result,
                                               GError             **error);

void     kol_file_dialog_save                 (GtkWindow             *parent,
                                               const char            *title,
                                               const char            *initial_name,
                                               GtkFileFilter * const *filters,
                                               GAsyncReadyCallback    callback,
                                               gpointer               user_data);
GFile   *kol_file_dialog_save_finish          (GAsyncResult        *result,
                                               int                 *filter,
                                               GError             **error);

void     kol_file_dialog_open                 (GtkWindow             *parent,
                                               const char            *title,
                                               GtkFileFilter * const *filters,
                                               GAsyncReadyCallback    callback,
                                               gpointer               user_data);
GFile   *kol_file_dialog_open_finish          (GAsyncResult        *result,
                                               GError             **error);

G_END_DECLS
