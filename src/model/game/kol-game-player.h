/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * A player at the table, as an item of kol_game_get_players(): what the
 * players panel shows, refreshed in place after every change.
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

G_END_DECLS
