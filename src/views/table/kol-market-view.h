/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * The stock market of a game: the price grid with its special spaces
 * coloured (par, end of game, closing, phase zones) and a legend, each
 * corporation's token on its space (several on one space in stack order,
 * the top one leftmost), and for titles whose rules move share prices by
 * a table of dividends (1840's Table 6) that table.
 *
 * It shows a #KolGameMarket (kol_game_get_market()) and follows it: it
 * redraws when a price marker moved or a price move is previewed.
 */

#define KOL_TYPE_MARKET_VIEW (kol_market_view_get_type ())

G_DECLARE_FINAL_TYPE (KolMarketView, kol_market_view, KOL, MARKET_VIEW, GtkWidget)

GtkWidget       *kol_market_view_new               (void);
void             kol_market_view_set_market        (KolMarketView *self,
                                                    KolGameMarket *market);
KolGameMarket   *kol_market_view_get_market        (KolMarketView *self);
gboolean         kol_market_view_cell_at           (KolMarketView *self,
                                                    double         x,
                                                    double         y,
                                                    int           *row,
                                                    int           *col);
gboolean         kol_market_view_get_cell_center   (KolMarketView *self,
                                                    int            row,
                                                    int            col,
                                                    double        *x,
                                                    double        *y);
char            *kol_market_view_describe_cell     (KolMarketView *self,
                                                    int            row,
                                                    int            col);
guint            kol_market_view_get_n_price_moves (KolMarketView *self);

G_END_DECLS
