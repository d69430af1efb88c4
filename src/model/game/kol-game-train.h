/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-engine-types.h"

G_BEGIN_DECLS

/**
 * KolGameTrainStatus:
 * @KOL_GAME_TRAIN_UPCOMING: in the depot, not on sale yet
 * @KOL_GAME_TRAIN_AVAILABLE: in the depot (or the discard), on sale now
 * @KOL_GAME_TRAIN_OWNED: a company owns it
 * @KOL_GAME_TRAIN_DISCARDED: in the discard (the bank pool), not on sale
 * @KOL_GAME_TRAIN_REMOVED: out of the game (rusted, exported, scrapped)
 *
 * Where a train (1840: a tram) is.
 */
typedef enum
{
  KOL_GAME_TRAIN_UPCOMING,
  KOL_GAME_TRAIN_AVAILABLE,
  KOL_GAME_TRAIN_OWNED,
  KOL_GAME_TRAIN_DISCARDED,
  KOL_GAME_TRAIN_REMOVED,
} KolGameTrainStatus;

#define KOL_TYPE_GAME_TRAIN_STATUS (kol_game_train_status_get_type ())
GType kol_game_train_status_get_type (void);

/*
 * A train (1840: a tram), as an item of kol_game_get_trains(): its name and
 * price now, its variants, who owns it, whether it is on sale.
 */

#define KOL_TYPE_GAME_TRAIN (kol_game_train_get_type ())

G_DECLARE_FINAL_TYPE (KolGameTrain, kol_game_train, KOL, GAME_TRAIN, GObject)

const char         *kol_game_train_get_name       (KolGameTrain *self);
int                 kol_game_train_get_price      (KolGameTrain *self);
KolGameTrainStatus  kol_game_train_get_status     (KolGameTrain *self);
KolEntity           kol_game_train_get_owner      (KolGameTrain *self);
const char         *kol_game_train_get_owner_name (KolGameTrain *self);

G_END_DECLS
