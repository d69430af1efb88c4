/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * A row of one of the tables a panel shows, as an item of a list model of
 * the game (the depot's trains, the phases, the share price moves, the
 * scores): its cells in words, already in the title's terms and currency,
 * whether the cells are Pango markup, whether the row is the current one
 * (the phase in effect) and a tooltip. Rows are refreshed in place; a
 * table's list model changes length only when rows come or go.
 */

#define KOL_TYPE_GAME_ROW (kol_game_row_get_type ())

G_DECLARE_FINAL_TYPE (KolGameRow, kol_game_row, KOL, GAME_ROW, GObject)

const char * const *kol_game_row_get_cells   (KolGameRow *self);
const char         *kol_game_row_get_cell    (KolGameRow *self,
                                              guint       column);
gboolean            kol_game_row_get_markup  (KolGameRow *self);
gboolean            kol_game_row_get_current (KolGameRow *self);
const char         *kol_game_row_get_tooltip (KolGameRow *self);

G_END_DECLS
