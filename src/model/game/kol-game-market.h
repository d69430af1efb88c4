/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The stock market of a game (kol_game_get_market()), as the market view
 * draws it: its grid of spaces with their prices and colours (the zones of
 * the printed market, else the colour of a space's special flag), the
 * companies on each space (the top of the stack first), the legend, the
 * title's table of share price moves after dividends, and a preview of
 * where a company's price would go (the action panel's dividend choice).
 * "changed" is emitted when a price marker moved; "notify::preview" when
 * the preview did.
 */

/**
 * KolGameMarketSpace:
 * @present: there is a space at this row and column
 * @price: its price
 * @color: its fill, "#rrggbb"
 * @legend: the bits of the legend entries (kol_game_market_get_legend())
 *   that describe it
 */
typedef struct
{
  gboolean    present;
  int         price;
  const char *color;
  guint32     legend;
} KolGameMarketSpace;

#define KOL_TYPE_GAME_MARKET (kol_game_market_get_type ())

G_DECLARE_FINAL_TYPE (KolGameMarket, kol_game_market, KOL, GAME_MARKET, GObject)

KolGameMarket *kol_game_market_new             (void);
void           kol_game_market_update          (KolGameMarket      *self,
                                                const KolEngine    *engine);
int            kol_game_market_get_n_rows      (KolGameMarket      *self);
int            kol_game_market_get_n_columns   (KolGameMarket      *self);
gboolean       kol_game_market_get_space       (KolGameMarket      *self,
                                                int                 row,
                                                int                 col,
                                                KolGameMarketSpace *out);
int            kol_game_market_get_stack       (KolGameMarket      *self,
                                                int                 row,
                                                int                 col,
                                                int                *corps,
                                                int                 max);
const char    *kol_game_market_get_corp_id     (KolGameMarket      *self,
                                                int                 corp);
const char    *kol_game_market_get_corp_color  (KolGameMarket      *self,
                                                int                 corp,
                                                gboolean            text);
char          *kol_game_market_describe_space  (KolGameMarket      *self,
                                                int                 row,
                                                int                 col);
const char    *kol_game_market_get_heading     (KolGameMarket      *self);
const char    *kol_game_market_get_summary     (KolGameMarket      *self);
GListModel    *kol_game_market_get_legend      (KolGameMarket      *self);
GListModel    *kol_game_market_get_price_moves (KolGameMarket      *self);
const char    *kol_game_market_get_price_moves_heading (KolGameMarket *self);
void           kol_game_market_set_preview     (KolGameMarket      *self,
                                                int                 corp,
                                                int                 row,
                                                int                 col);
gboolean       kol_game_market_get_preview     (KolGameMarket      *self,
                                                int                *corp,
                                                int                *row,
                                                int                *col);

G_END_DECLS
