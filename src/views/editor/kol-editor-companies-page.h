/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_COMPANIES_PAGE (kol_editor_companies_page_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorCompaniesPage, kol_editor_companies_page, KOL, EDITOR_COMPANIES_PAGE, GtkWidget)

void       kol_editor_companies_page_set_document (KolEditorCompaniesPage *self,
                                                   KolTitleDocument       *doc);
gboolean   kol_editor_companies_page_select       (KolEditorCompaniesPage *self,
                                                   guint                   index);
GtkWidget *kol_editor_companies_page_get_form     (KolEditorCompaniesPage *self);

G_END_DECLS
