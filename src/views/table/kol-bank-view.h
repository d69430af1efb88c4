/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The bank's side of the table: the round and phase, the title's round
 * track when it has one (1840's round bar, the current round marked), the
 * bank's cash (1840: unlimited), the shares in the pool per company, the
 * depot (trains, 1840: trams, with prices; those on sale now marked), what
 * buying the first train of each coming kind changes (phase, rusting,
 * events), and the phase table (tiles, train limit, operating rounds).
 * Follows the game's "state-changed"; scrolls by itself.
 */

#define KOL_TYPE_BANK_VIEW (kol_bank_view_get_type ())

G_DECLARE_FINAL_TYPE (KolBankView, kol_bank_view, KOL, BANK_VIEW, GtkWidget)

GtkWidget *kol_bank_view_new             (KolGame     *game);
KolGame   *kol_bank_view_get_game        (KolBankView *self);
void       kol_bank_view_set_game        (KolBankView *self,
                                          KolGame     *game);
char      *kol_bank_view_dup_next_train  (KolBankView *self);
int        kol_bank_view_get_track_index (KolBankView *self);

G_END_DECLS
