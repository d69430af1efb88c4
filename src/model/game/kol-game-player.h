/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A player at the table, as an item of kol_game_get_players(): what the
 * players panel, the action panel and the final scores show of a player,
 * in words (money in the title's currency, the title's terms), refreshed
 * in place after every change; each property notifies only when its value
 * changed.
 */

#define KOL_TYPE_GAME_PLAYER (kol_game_player_get_type ())

G_DECLARE_FINAL_TYPE (KolGamePlayer, kol_game_player, KOL, GAME_PLAYER, GObject)

int         kol_game_player_get_index      (KolGamePlayer *self);
const char *kol_game_player_get_name       (KolGamePlayer *self);
int         kol_game_player_get_cash       (KolGamePlayer *self);
int         kol_game_player_get_n_certs    (KolGamePlayer *self);
int         kol_game_player_get_cert_limit (KolGamePlayer *self);
int         kol_game_player_get_net_worth  (KolGamePlayer *self);
gboolean    kol_game_player_get_priority   (KolGamePlayer *self);
int         kol_game_player_get_order      (KolGamePlayer *self);
int         kol_game_player_get_loans      (KolGamePlayer *self);
gboolean    kol_game_player_get_acting     (KolGamePlayer *self);
int         kol_game_player_get_committed  (KolGamePlayer *self);
GListModel *kol_game_player_get_holdings   (KolGamePlayer *self);

G_END_DECLS
