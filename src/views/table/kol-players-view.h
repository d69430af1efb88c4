/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The players (KolPlayerCard), bound to the game's list of players in
 * seating order. Scrolls by itself.
 */

#define KOL_TYPE_PLAYERS_VIEW (kol_players_view_get_type ())

G_DECLARE_FINAL_TYPE (KolPlayersView, kol_players_view, KOL, PLAYERS_VIEW, GtkWidget)

GtkWidget *kol_players_view_new       (KolGame        *game);
KolGame   *kol_players_view_get_game  (KolPlayersView *self);
void       kol_players_view_set_game  (KolPlayersView *self,
                                       KolGame        *game);
GtkWidget *kol_players_view_find_card (KolPlayersView *self,
                                       int             player);

G_END_DECLS
