/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * Boards for the map and market view tests, the benchmark and the board
 * viewer: the real titles of the source tree, fresh or filled the way a
 * late game looks, and offscreen rendering of a widget to pixels.
 */

KolTitle   *kol_test_board_load_title  (const char *title_id,
                                        int         n_players);
KolEngine  *kol_test_board_new_game    (const KolTitle *title);
void        kol_test_board_fill        (KolEngine    *engine);
void        kol_test_board_fill_market (KolEngine    *engine);
GdkTexture *kol_test_render_widget     (GtkWidget  *widget);
GdkTexture *kol_test_render_node       (GskRenderNode *node,
                                        int            width,
                                        int            height);

G_END_DECLS
