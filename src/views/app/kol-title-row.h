/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-info.h"

G_BEGIN_DECLS

#define KOL_TYPE_TITLE_ROW (kol_title_row_get_type ())

G_DECLARE_FINAL_TYPE (KolTitleRow, kol_title_row, KOL, TITLE_ROW, GtkListBoxRow)

GtkWidget    *kol_title_row_new            (KolTitleInfo *info);
KolTitleInfo *kol_title_row_get_title_info (KolTitleRow  *self);

G_END_DECLS
