/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

#define KOL_TYPE_EDITOR_GAME_PAGE (kol_editor_game_page_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorGamePage, kol_editor_game_page, KOL, EDITOR_GAME_PAGE, GtkWidget)

void kol_editor_game_page_set_document (KolEditorGamePage  *self,
                                        KolTitleDocument   *doc);
void kol_editor_game_page_get_players  (KolEditorGamePage  *self,
                                        GtkSpinButton     **min,
                                        GtkSpinButton     **max);

G_END_DECLS
