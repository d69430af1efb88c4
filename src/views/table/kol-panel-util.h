/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * What the table's panels (charters, players, bank, log, game over) read
 * from a game in the same way: the engine state behind a KolGame, money in
 * the title's currency, owners, the parts of a player's score, the data of
 * a train kind, and company colour chips. Not a widget: helpers.
 */

/**
 * KolScoreParts:
 * @cash: the player's cash
 * @shares: the player's certificates at the current share prices
 * @privates: the face value of the player's private companies
 * @adjustments: what the title's scoring adds or takes off besides
 *   (loans, bonds, debts): the total minus the three above
 * @total: the title's score (kol_state_player_value())
 *
 * A player's net worth and where it comes from.
 */
typedef struct
{
  int cash;
  int shares;
  int privates;
  int adjustments;
  int total;
} KolScoreParts;

KolEngine  *kol_panel_engine             (KolGame         *game);
char       *kol_panel_money              (KolGame         *game,
                                          int              amount);
int         kol_panel_owning_player      (const KolEngine *engine,
                                          KolEntity        owner);
void        kol_panel_score_parts        (KolEngine       *engine,
                                          int              player,
                                          KolScoreParts   *parts);
int         kol_panel_acting             (KolEngine       *engine,
                                          KolEntity       *out,
                                          int              max);
gboolean    kol_panel_is_acting          (KolEngine       *engine,
                                          KolEntity        entity);
int         kol_panel_operating_position (KolEngine       *engine,
                                          int              corp);
char       *kol_panel_train_color        (const KolTitle  *title,
                                          int              def);
gboolean    kol_panel_train_buyable      (const KolTitle  *title,
                                          int              def);
char       *kol_panel_hex_name           (const KolTitle  *title,
                                          int              hex);
GtkWidget  *kol_panel_chip_new           (const char      *color,
                                          const char      *text_color,
                                          const char      *label);
void        kol_panel_chip_set           (GtkWidget       *chip,
                                          const char      *color,
                                          const char      *text_color,
                                          const char      *label);
void        kol_panel_clear_box          (GtkWidget       *box);
void        kol_panel_unparent_children  (GtkWidget       *widget);

G_END_DECLS
