/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_PATH_ROW (kol_editor_path_row_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorPathRow, kol_editor_path_row, KOL, EDITOR_PATH_ROW, GtkWidget)

GtkWidget *kol_editor_path_row_new    (KolTitleDocument   *doc,
                                       const char         *tile,
                                       guint               index,
                                       const char * const *node_ids);
void       kol_editor_path_row_update (KolEditorPathRow   *self,
                                       JsonObject         *path);

G_END_DECLS
