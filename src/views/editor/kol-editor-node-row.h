/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_NODE_ROW (kol_editor_node_row_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorNodeRow, kol_editor_node_row, KOL, EDITOR_NODE_ROW, GtkWidget)

GtkWidget  *kol_editor_node_row_new      (KolTitleDocument *doc,
                                          const char       *tile,
                                          const char       *node);
const char *kol_editor_node_row_get_node (KolEditorNodeRow *self);
void        kol_editor_node_row_update   (KolEditorNodeRow *self,
                                          JsonObject       *node);

G_END_DECLS
