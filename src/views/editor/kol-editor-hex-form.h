/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-editor-preview.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_HEX_FORM (kol_editor_hex_form_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorHexForm, kol_editor_hex_form, KOL, EDITOR_HEX_FORM, GtkWidget)

GtkWidget  *kol_editor_hex_form_new         (void);
void        kol_editor_hex_form_set_preview (KolEditorHexForm *self,
                                             KolEditorPreview *preview);
const char *kol_editor_hex_form_get_hex     (KolEditorHexForm *self);
void        kol_editor_hex_form_set_hex     (KolEditorHexForm *self,
                                             const char       *hex);

G_END_DECLS
