/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The companies' charters (KolCharterCard), bound to the game's list of
 * companies: the share companies in the game's order, each with its place
 * in the operating order as a badge (1840: the tram companies with their
 * lines inside), the lines no company owns yet, then the private
 * companies. Scrolls by itself; put it anywhere.
 */

#define KOL_TYPE_CHARTERS_VIEW (kol_charters_view_get_type ())

G_DECLARE_FINAL_TYPE (KolChartersView, kol_charters_view, KOL, CHARTERS_VIEW, GtkWidget)

GtkWidget *kol_charters_view_new       (KolGame         *game);
KolGame   *kol_charters_view_get_game  (KolChartersView *self);
void       kol_charters_view_set_game  (KolChartersView *self,
                                        KolGame         *game);
GtkWidget *kol_charters_view_find_card (KolChartersView *self,
                                        const char      *id);

G_END_DECLS
