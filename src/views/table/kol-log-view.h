/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The game's log in words (kol_game_get_log()), oldest first, with a
 * heading wherever a new round begins. While the game is live the view
 * follows the newest entry. Activating an entry (a click, or Enter on the
 * focused one) shows the game just after it (kol_game_seek()); the entry
 * shown is marked, later ones are dimmed, and a banner offers the way back
 * to the present (action "log.show-live").
 */

#define KOL_TYPE_LOG_VIEW (kol_log_view_get_type ())

G_DECLARE_FINAL_TYPE (KolLogView, kol_log_view, KOL, LOG_VIEW, GtkWidget)

GtkWidget *kol_log_view_new            (KolGame    *game);
KolGame   *kol_log_view_get_game       (KolLogView *self);
void       kol_log_view_set_game       (KolLogView *self,
                                        KolGame    *game);
gboolean   kol_log_view_activate_entry (KolLogView *self,
                                        guint       index);
int        kol_log_view_get_current    (KolLogView *self);

G_END_DECLS
