/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-stock.h"

G_BEGIN_DECLS

/*
 * Internals shared by the stock round and the Game methods it calls
 * (kol-engine-stock.c), the BuySellParShares step (kol-engine-stock-step.c)
 * and what the step allows (kol-engine-stock-legal.c).
 */

/* kol-engine-stock.c */
KolStockRoundState *_kol_stock_state (KolEngine *engine);

/* kol-engine-stock-step.c */
gboolean _kol_stock_is_purchase (guint8 type);

/* kol-engine-stock-legal.c */
gboolean _kol_stock_must_sell_given_can_sell (KolEngine *engine,
                                              KolStep   *s,
                                              KolEntity  entity);
int      _kol_stock_first_own_cert           (KolEngine *engine,
                                              int        corp);

G_END_DECLS
