/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-action-panel.h"
#include "kol-game.h"
#include "kol-log-view.h"
#include "kol-map-view.h"

G_BEGIN_DECLS

/*
 * The table of a game being played: the map in the centre (the final
 * scores once the game is over), the action panel at the top of the side
 * pane with the players, companies, market, bank and log under it, and a
 * status line with the round, the phase and who acts. Property "game".
 * Actions: "play.*" (the map controller's), "table.show-live",
 * "table.continue-here".
 */

#define KOL_TYPE_GAME_PAGE (kol_game_page_get_type ())

G_DECLARE_FINAL_TYPE (KolGamePage, kol_game_page, KOL, GAME_PAGE, GtkWidget)

GtkWidget      *kol_game_page_new              (void);
KolGame        *kol_game_page_get_game         (KolGamePage *self);
void            kol_game_page_set_game         (KolGamePage *self,
                                                KolGame     *game);
KolMapView     *kol_game_page_get_map_view     (KolGamePage *self);
KolActionPanel *kol_game_page_get_action_panel (KolGamePage *self);
KolLogView     *kol_game_page_get_log_view     (KolGamePage *self);
void            kol_game_page_show_panel       (KolGamePage *self,
                                                const char  *name);
char           *kol_game_page_dup_status       (KolGamePage *self);
int             kol_game_page_get_side_width   (KolGamePage *self);
void            kol_game_page_set_side_width   (KolGamePage *self,
                                                int          width);
GtkWindow      *kol_game_page_confirm_continue (KolGamePage *self);

G_END_DECLS
