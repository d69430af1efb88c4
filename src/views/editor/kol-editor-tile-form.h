/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-editor-preview.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_TILE_FORM (kol_editor_tile_form_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorTileForm, kol_editor_tile_form, KOL, EDITOR_TILE_FORM, GtkWidget)

GtkWidget        *kol_editor_tile_form_new         (void);
KolEditorPreview *kol_editor_tile_form_get_preview (KolEditorTileForm *self);
void              kol_editor_tile_form_set_preview (KolEditorTileForm *self,
                                                    KolEditorPreview  *preview);
const char       *kol_editor_tile_form_get_tile    (KolEditorTileForm *self);
void              kol_editor_tile_form_set_tile    (KolEditorTileForm *self,
                                                    const char        *tile);

G_END_DECLS
