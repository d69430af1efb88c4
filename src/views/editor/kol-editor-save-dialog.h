/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * KolEditorSaveMode:
 * @KOL_EDITOR_SAVE_AS: saving a title as a new one in the user's titles
 * @KOL_EDITOR_SAVE_NEW: starting a new title from the template
 */
typedef enum
{
  KOL_EDITOR_SAVE_AS,
  KOL_EDITOR_SAVE_NEW,
} KolEditorSaveMode;

#define KOL_TYPE_EDITOR_SAVE_DIALOG (kol_editor_save_dialog_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorSaveDialog, kol_editor_save_dialog, KOL, EDITOR_SAVE_DIALOG, GtkWindow)

KolEditorSaveDialog *kol_editor_save_dialog_new         (GtkWindow           *parent,
                                                         KolEditorSaveMode    mode);
void                 kol_editor_save_dialog_set_values  (KolEditorSaveDialog *self,
                                                         const char          *id,
                                                         const char          *name,
                                                         const char          *name_ru);
const char          *kol_editor_save_dialog_get_id      (KolEditorSaveDialog *self);
const char          *kol_editor_save_dialog_get_name    (KolEditorSaveDialog *self);
const char          *kol_editor_save_dialog_get_name_ru (KolEditorSaveDialog *self);
void                 kol_editor_save_dialog_set_error   (KolEditorSaveDialog *self,
                                                         const char          *message);

G_END_DECLS
