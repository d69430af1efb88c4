/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * The bank of a game (kol_game_get_bank()), as the bank panel and the
 * action panel show it, in words: its cash, the pool, discarded trains,
 * the depot's trains now on sale and later (#KolGameRow lists: name,
 * count, price), what buying the next train changes (a phase, rusting),
 * the phase table and the title's round track. Refreshed in place;
 * each property notifies only when its value changed.
 */

#define KOL_TYPE_GAME_BANK (kol_game_bank_get_type ())

G_DECLARE_FINAL_TYPE (KolGameBank, kol_game_bank, KOL, GAME_BANK, GObject)

GListModel         *kol_game_bank_get_depot_now        (KolGameBank *self);
GListModel         *kol_game_bank_get_depot_later      (KolGameBank *self);
GListModel         *kol_game_bank_get_phases           (KolGameBank *self);
const char * const *kol_game_bank_get_effects          (KolGameBank *self);
const char * const *kol_game_bank_get_round_track      (KolGameBank *self);
int                 kol_game_bank_get_round_track_index (KolGameBank *self);
const char         *kol_game_bank_get_next_train       (KolGameBank *self);

G_END_DECLS
