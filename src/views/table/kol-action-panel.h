/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The action panel of the table: what is being decided now and only the
 * choices the rules allow, built from the engine's legal actions. A choice
 * that is a number in a range (a bid, a price agreed between companies, a
 * dividend in multiples of 10) is a spin button bounded by the engine's
 * own range, checked live by the engine before it can be played. Choices
 * made on the map (laying tiles, placing tokens, running trains) show the
 * guidance and the buttons of the map controller's "play.*" actions
 * (confirm, cancel, rotate-cw, rotate-ccw, auto-route); while the past is
 * shown, buttons of the table's "table.show-live" and
 * "table.continue-here". Properties: "game", "guidance" (the map
 * controller's text for a map step).
 */

#define KOL_TYPE_ACTION_PANEL (kol_action_panel_get_type ())

G_DECLARE_FINAL_TYPE (KolActionPanel, kol_action_panel, KOL, ACTION_PANEL, GtkWidget)

GtkWidget     *kol_action_panel_new           (void);
KolGame       *kol_action_panel_get_game      (KolActionPanel *self);
void           kol_action_panel_set_game      (KolActionPanel *self,
                                               KolGame        *game);
void           kol_action_panel_refresh       (KolActionPanel *self);
guint          kol_action_panel_get_n_choices (KolActionPanel *self);
gboolean       kol_action_panel_pass          (KolActionPanel *self);
gboolean       kol_action_panel_focus_choices (KolActionPanel *self);
GtkWidget     *kol_action_panel_find_button   (KolActionPanel *self,
                                               const char     *label);
GtkSpinButton *kol_action_panel_find_spin     (KolActionPanel *self,
                                               const char     *name);
const char    *kol_action_panel_get_error     (KolActionPanel *self);
void           kol_action_panel_show_error    (KolActionPanel *self,
                                               const char     *message);
void           kol_action_panel_set_guidance  (KolActionPanel *self,
                                               const char     *guidance);
gboolean       kol_action_panel_play          (KolActionPanel  *self,
                                               const KolAction *action);

G_END_DECLS
