/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-editor-preview.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_TILES (kol_editor_tiles_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorTiles, kol_editor_tiles, KOL, EDITOR_TILES, GtkWidget)

GtkWidget   *kol_editor_tiles_new               (void);
void         kol_editor_tiles_set_preview       (KolEditorTiles   *self,
                                                 KolEditorPreview *preview);
const char  *kol_editor_tiles_get_selected_tile (KolEditorTiles   *self);
gboolean     kol_editor_tiles_select_tile       (KolEditorTiles   *self,
                                                 const char       *tile);

G_END_DECLS
