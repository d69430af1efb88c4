/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-autosave-entry.h"

G_BEGIN_DECLS

#define KOL_TYPE_AUTOSAVE_ROW (kol_autosave_row_get_type ())

G_DECLARE_FINAL_TYPE (KolAutosaveRow, kol_autosave_row, KOL, AUTOSAVE_ROW, GtkListBoxRow)

GtkWidget        *kol_autosave_row_new       (KolAutosaveEntry *entry);
KolAutosaveEntry *kol_autosave_row_get_entry (KolAutosaveRow   *self);

G_END_DECLS
