/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-game-company.h"

G_BEGIN_DECLS

/*
 * What a player holds of one company, as an item of
 * kol_game_player_get_holdings(): the company, the percent and whether it
 * is the president's (director's) share, in words: "30% · President".
 */

#define KOL_TYPE_GAME_HOLDING (kol_game_holding_get_type ())

G_DECLARE_FINAL_TYPE (KolGameHolding, kol_game_holding, KOL, GAME_HOLDING, GObject)

KolGameCompany *kol_game_holding_get_company   (KolGameHolding *self);
int             kol_game_holding_get_percent   (KolGameHolding *self);
gboolean        kol_game_holding_get_president (KolGameHolding *self);
const char     *kol_game_holding_get_text      (KolGameHolding *self);

G_END_DECLS
