/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"
#include "kol-game-player.h"

G_BEGIN_DECLS

/*
 * One player at the table: turn order, the priority deal (1840: the first
 * player), cash, the certificates held per company and their count against
 * the certificate limit (flagged when over), private companies, loans and
 * net worth by the title's scoring. Highlighted while the player acts.
 * Refreshes after the game's "state-changed".
 */

#define KOL_TYPE_PLAYER_CARD (kol_player_card_get_type ())

G_DECLARE_FINAL_TYPE (KolPlayerCard, kol_player_card, KOL, PLAYER_CARD, GtkWidget)

GtkWidget     *kol_player_card_new        (KolGame       *game,
                                           KolGamePlayer *player);
KolGamePlayer *kol_player_card_get_player (KolPlayerCard *self);

G_END_DECLS
