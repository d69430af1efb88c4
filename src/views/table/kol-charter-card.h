/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"
#include "kol-game-company.h"

G_BEGIN_DECLS

/*
 * One company's charter on the table: for a share company its colour and
 * name, treasury, share price and par value, president (1840: director),
 * shares unsold and in the pool, station markers left and placed, trains
 * (1840: trams, by colour), loans or bonds, the title's markers (1849's
 * E-token), the private companies it owns and, for 1840's tram companies,
 * their lines with trams and revenue piles; for a private company its
 * owner, value, revenue and ability. A badge shows its place in the
 * operating order, and the card is highlighted while the company acts.
 *
 * It follows the company item: each fact is a label bound to one of its
 * properties, so a change updates that label alone; the lines follow the
 * company's list of subsidiaries.
 */

#define KOL_TYPE_CHARTER_CARD (kol_charter_card_get_type ())

G_DECLARE_FINAL_TYPE (KolCharterCard, kol_charter_card, KOL, CHARTER_CARD, GtkWidget)

GtkWidget      *kol_charter_card_new         (KolGame        *game,
                                              KolGameCompany *company);
KolGame        *kol_charter_card_get_game    (KolCharterCard *self);
KolGameCompany *kol_charter_card_get_company (KolCharterCard *self);
int             kol_charter_card_get_order   (KolCharterCard *self);

G_END_DECLS
