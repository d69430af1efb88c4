/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KOL_TYPE_START_PAGE (kol_start_page_get_type ())

G_DECLARE_FINAL_TYPE (KolStartPage, kol_start_page, KOL, START_PAGE, GtkWidget)

GtkWidget  *kol_start_page_new        (void);
GListModel *kol_start_page_get_titles (KolStartPage *self);
void        kol_start_page_set_titles (KolStartPage *self,
                                       GListModel   *titles);

void        kol_start_page_clear_resumable (KolStartPage *self);
void        kol_start_page_add_resumable   (KolStartPage *self,
                                            GFile        *file,
                                            const char   *heading,
                                            const char   *detail);
guint       kol_start_page_get_n_resumable (KolStartPage *self);

void        kol_start_page_set_interrupted   (KolStartPage *self,
                                              GListModel   *games);
guint       kol_start_page_get_n_interrupted (KolStartPage *self);

G_END_DECLS
