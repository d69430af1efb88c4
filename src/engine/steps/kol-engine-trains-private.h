/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-trains.h"

G_BEGIN_DECLS

/*
 * Internals shared by the trains and the depot (kol-engine-trains.c), the
 * BuyTrain step (kol-engine-trains-buy.c), its emergency money
 * (kol-engine-trains-emergency.c) and the DiscardTrain step
 * (kol-engine-trains-discard.c).
 */

/* ---- kol-engine-trains.c ------------------------------------------------- */

const KolTrainDef *_kol_trains_train_def  (KolEngine *engine,
                                           int        train);
int                _kol_trains_n_variants (KolEngine *engine,
                                           int        train);

/* ---- kol-engine-trains-buy.c --------------------------------------------- */

KolEntity _kol_trains_current_corp           (KolEngine *engine,
                                              KolStep   *s);
gboolean  _kol_trains_depot_must_be_cheapest (KolEngine *engine);
gboolean  _kol_trains_listed                 (const gint16 *list,
                                              int           n,
                                              int           train);
gboolean  _kol_trains_refuse_train           (KolEngine   *engine,
                                              GError     **error,
                                              int          train,
                                              KolReason    reason,
                                              const char  *message);

/* ---- kol-engine-trains-emergency.c --------------------------------------- */

gboolean  _kol_trains_player_has_sellable_shares (KolEngine *engine,
                                                  KolStep   *s,
                                                  int        player);

G_END_DECLS
