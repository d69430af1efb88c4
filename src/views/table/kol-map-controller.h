/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"
#include "kol-map-view.h"

G_BEGIN_DECLS

/*
 * The map decisions of an operating round, between a KolGame and a
 * KolMapView: it highlights exactly the hexes where a tile may be laid and
 * the cities where a token may go (from kol_game_legal_actions()), offers
 * only the legal tiles of a hex in a popover and only their legal
 * rotations, places tokens, and shows the engine's best routes per train
 * in distinct colours with their revenue. Every move goes through
 * kol_game_apply_action(); a refusal becomes the translated "error" and
 * changes nothing.
 *
 * Laying: click (or Enter on) a highlighted hex; a hex with several legal
 * tiles opens a popover of them; the tile is shown tentatively at its
 * first legal rotation; R / Shift+R (the view's rotate-requested) or
 * play.rotate-* turn it through the legal rotations only; Enter or a click
 * on it again, or play.confirm, lays it; Escape or play.cancel drops it.
 * Tokens: a click on a highlighted city places the token at once (the view
 * has no tentative token). Routes: the engine's best run is shown; clicking
 * stops edits the selected train's route by hand (T or play.next-train
 * selects the next train), checked live by the route validator;
 * play.auto-route goes back to the best run; play.confirm runs the routes
 * shown.
 *
 * The controller keeps the view's board in step with the game (it calls
 * kol_map_view_set_board() after each "state-changed"), so the page need
 * not. It handles Escape and T on the view itself. The page inserts the
 * action group under the prefix "play":
 *   play.confirm     apply the tentative tile, or run the routes shown
 *   play.cancel      drop the tentative tile (or close the tile popover)
 *   play.rotate-cw   next legal rotation of the tentative tile
 *   play.rotate-ccw  previous legal rotation
 *   play.auto-route  show the engine's best routes again (run step)
 *   play.next-train  select the next train for drawing by hand (run step)
 * Each is enabled only when it means something now.
 *
 * Properties (read-only, notify on change):
 *   "guidance"  translated: what to do on the map now (in the title's own
 *               words, game.json terms "map_*"), or NULL when the map has
 *               no decision
 *   "pending"   a tentative choice waits for play.confirm (a tile, or the
 *               routes of a run)
 *   "error"     translated refusal of the last attempt, or NULL
 */

#define KOL_TYPE_MAP_CONTROLLER (kol_map_controller_get_type ())

G_DECLARE_FINAL_TYPE (KolMapController, kol_map_controller, KOL, MAP_CONTROLLER, GObject)

KolMapController *kol_map_controller_new              (KolMapView       *view);
void              kol_map_controller_set_game         (KolMapController *self,
                                                       KolGame          *game);
KolGame          *kol_map_controller_get_game         (KolMapController *self);
GActionGroup     *kol_map_controller_get_action_group (KolMapController *self);

const char       *kol_map_controller_get_guidance (KolMapController *self);
gboolean          kol_map_controller_get_pending  (KolMapController *self);
const char       *kol_map_controller_get_error    (KolMapController *self);

/* For keyboard-free tests and the panel: choose @tile (a tile def index)
 * for the hex whose tiles are offered now, as the popover's buttons do. */
gboolean          kol_map_controller_choose_tile  (KolMapController *self,
                                                   int               tile);
/* The popover offering the tiles of a hex, or NULL when none is open. */
GtkWidget        *kol_map_controller_get_tile_chooser (KolMapController *self);
/* The revenue of the routes shown, -1 when none are or one drawn by hand
 * is not valid. */
int               kol_map_controller_get_route_revenue (KolMapController *self);

G_END_DECLS
