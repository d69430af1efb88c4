/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_TRAINS_PAGE (kol_editor_trains_page_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorTrainsPage, kol_editor_trains_page, KOL, EDITOR_TRAINS_PAGE, GtkWidget)

void kol_editor_trains_page_set_document (KolEditorTrainsPage *self,
                                          KolTitleDocument    *doc);

G_END_DECLS
