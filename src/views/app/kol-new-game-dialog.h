/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The new game dialog: a title (the installed ones and the user's own),
 * the number of players in the title's range, their names and who plays
 * each seat (a person or the computer, at a strength), the title's
 * options with their descriptions (only those the player count and the
 * other choices allow), and a random seed that can be edited. Start
 * creates the game and hands it over with #KolNewGameDialog::game-created.
 */

#define KOL_TYPE_NEW_GAME_DIALOG (kol_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (KolNewGameDialog, kol_new_game_dialog, KOL, NEW_GAME_DIALOG, GtkWindow)

KolNewGameDialog *kol_new_game_dialog_new             (GtkWindow        *parent,
                                                       GListModel       *titles);
void              kol_new_game_dialog_set_settings    (KolNewGameDialog *self,
                                                       GSettings        *settings);
void              kol_new_game_dialog_set_title_id    (KolNewGameDialog *self,
                                                       const char       *id);
const char       *kol_new_game_dialog_get_title_id    (KolNewGameDialog *self);
void              kol_new_game_dialog_set_n_players   (KolNewGameDialog *self,
                                                       int               n_players);
int               kol_new_game_dialog_get_n_players   (KolNewGameDialog *self);
void              kol_new_game_dialog_set_player_name (KolNewGameDialog *self,
                                                       int               index,
                                                       const char       *name);
void              kol_new_game_dialog_set_computer    (KolNewGameDialog *self,
                                                       int               index,
                                                       int               strength);
int               kol_new_game_dialog_get_computer    (KolNewGameDialog *self,
                                                       int               index);
void              kol_new_game_dialog_set_seed        (KolNewGameDialog *self,
                                                       gint64            seed);
gboolean          kol_new_game_dialog_set_option      (KolNewGameDialog *self,
                                                       const char       *id,
                                                       gboolean          active);
GStrv             kol_new_game_dialog_dup_options     (KolNewGameDialog *self);
gboolean          kol_new_game_dialog_option_offered  (KolNewGameDialog *self,
                                                       const char       *id);
KolGame          *kol_new_game_dialog_start           (KolNewGameDialog *self,
                                                       GError          **error);
const char       *kol_new_game_dialog_get_error       (KolNewGameDialog  *self,
                                                       const char       **details);

G_END_DECLS
