/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_MARKET_PAGE (kol_editor_market_page_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorMarketPage, kol_editor_market_page, KOL, EDITOR_MARKET_PAGE, GtkWidget)

void        kol_editor_market_page_set_document (KolEditorMarketPage *self,
                                                 KolTitleDocument    *doc);
GtkPicture *kol_editor_market_page_get_preview  (KolEditorMarketPage *self);

G_END_DECLS
