/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-print-export.h"
#include "kol-title-document.h"

G_BEGIN_DECLS

/**
 * KolEditorExportMode:
 * @KOL_EDITOR_EXPORT_PRINT: the sheets go to a printer (the print dialog
 *   follows)
 * @KOL_EDITOR_EXPORT_FILES: the sheets go to files (a file chooser follows)
 */
typedef enum
{
  KOL_EDITOR_EXPORT_PRINT,
  KOL_EDITOR_EXPORT_FILES,
} KolEditorExportMode;

#define KOL_TYPE_EDITOR_EXPORT_DIALOG (kol_editor_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorExportDialog, kol_editor_export_dialog, KOL, EDITOR_EXPORT_DIALOG, GtkWindow)

KolEditorExportDialog *kol_editor_export_dialog_new         (GtkWindow             *parent,
                                                             KolTitleDocument      *doc,
                                                             KolEditorExportMode    mode);
void                   kol_editor_export_dialog_set_options (KolEditorExportDialog *self,
                                                             const KolPrintOptions *opts,
                                                             const KolPrintOutput  *output);
void                   kol_editor_export_dialog_get_options (KolEditorExportDialog *self,
                                                             KolPrintOptions       *opts,
                                                             KolPrintOutput        *output);
const char            *kol_editor_export_dialog_get_summary (KolEditorExportDialog *self);
void                   kol_editor_export_dialog_update_now  (KolEditorExportDialog *self);

G_END_DECLS
