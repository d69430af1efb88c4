/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * KolEditorUnsavedResponse:
 * @KOL_EDITOR_UNSAVED_CANCEL: keep editing
 * @KOL_EDITOR_UNSAVED_DISCARD: go on and lose the changes
 * @KOL_EDITOR_UNSAVED_SAVE: save first
 */
typedef enum
{
  KOL_EDITOR_UNSAVED_CANCEL,
  KOL_EDITOR_UNSAVED_DISCARD,
  KOL_EDITOR_UNSAVED_SAVE,
} KolEditorUnsavedResponse;

#define KOL_TYPE_EDITOR_UNSAVED_DIALOG (kol_editor_unsaved_dialog_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorUnsavedDialog, kol_editor_unsaved_dialog, KOL, EDITOR_UNSAVED_DIALOG, GtkWindow)

KolEditorUnsavedDialog *kol_editor_unsaved_dialog_new     (GtkWindow              *parent,
                                                           const char             *title_name);
void                    kol_editor_unsaved_dialog_respond (KolEditorUnsavedDialog   *self,
                                                           KolEditorUnsavedResponse  response);

G_END_DECLS
