/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The end of a game: why it ended, the players ranked by the title's
 * scoring with the parts of each score (cash, shares at market, private
 * companies, and what the title adds or takes off: loans, bonds), and two
 * charts over the game, each player's net worth and the companies' share
 * prices, with the rounds marked. Before the end it shows the game so far.
 * The charts come from a KolGameProgress replaying the history from the
 * main loop; the view follows the point of the game shown.
 */

#define KOL_TYPE_GAME_OVER_VIEW (kol_game_over_view_get_type ())

G_DECLARE_FINAL_TYPE (KolGameOverView, kol_game_over_view, KOL, GAME_OVER_VIEW, GtkWidget)

GtkWidget *kol_game_over_view_new           (KolGame         *game);
KolGame   *kol_game_over_view_get_game      (KolGameOverView *self);
void       kol_game_over_view_set_game      (KolGameOverView *self,
                                             KolGame         *game);
int        kol_game_over_view_get_ranked    (KolGameOverView *self,
                                             int              rank,
                                             int             *score);
gboolean   kol_game_over_view_is_complete   (KolGameOverView *self);
GtkWidget *kol_game_over_view_get_chart     (KolGameOverView *self,
                                             gboolean         prices);

G_END_DECLS
