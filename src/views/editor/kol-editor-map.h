/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-editor-preview.h"
#include "kol-map-view.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_MAP (kol_editor_map_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorMap, kol_editor_map, KOL, EDITOR_MAP, GtkWidget)

GtkWidget  *kol_editor_map_new              (void);
void        kol_editor_map_set_preview      (KolEditorMap     *self,
                                             KolEditorPreview *preview);
KolMapView *kol_editor_map_get_map_view     (KolEditorMap     *self);
const char *kol_editor_map_get_tool         (KolEditorMap     *self);
void        kol_editor_map_set_tool         (KolEditorMap     *self,
                                             const char       *tool);
const char *kol_editor_map_get_selected_hex (KolEditorMap *self);
gboolean    kol_editor_map_select_hex       (KolEditorMap     *self,
                                             const char       *hex);

G_END_DECLS
