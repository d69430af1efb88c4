/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-editor-preview.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_UPGRADE_CHART (kol_editor_upgrade_chart_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorUpgradeChart, kol_editor_upgrade_chart, KOL, EDITOR_UPGRADE_CHART, GtkWidget)

GtkWidget *kol_editor_upgrade_chart_new         (void);
void       kol_editor_upgrade_chart_set_preview (KolEditorUpgradeChart *self,
                                                 KolEditorPreview      *preview);
guint      kol_editor_upgrade_chart_get_n_rows  (KolEditorUpgradeChart *self);

G_END_DECLS
