/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-history.h"

G_BEGIN_DECLS

/*
 * How a game went: each player's net worth (the title's scoring) and each
 * corporation's share price at the start, at the end of every round and at
 * the last action, for the charts of the end of the game. It replays the
 * history on a copy of the state a few actions at a time from the main
 * loop, so a long game never blocks the window; "samples-added" tells
 * what is new and "complete" turns TRUE at the end.
 */

/**
 * KolGameSample:
 * @action: the number of actions applied (0 = setup)
 * @round: short name of the round that begins there ("SR 2", "OR 3.1"),
 *   or of the round going on at the last sample
 *
 * One point of the history; the values are in the arrays of
 * kol_game_progress_get_worth() and kol_game_progress_get_price().
 */
typedef struct
{
  guint  action;
  char  *round;
} KolGameSample;

#define KOL_TYPE_GAME_PROGRESS (kol_game_progress_get_type ())

G_DECLARE_FINAL_TYPE (KolGameProgress, kol_game_progress, KOL, GAME_PROGRESS, GObject)

KolGameProgress     *kol_game_progress_new           (KolHistory      *history,
                                                      guint            until);
void                 kol_game_progress_run_to_end    (KolGameProgress *self);
gboolean             kol_game_progress_is_complete   (KolGameProgress *self);
guint                kol_game_progress_get_until     (KolGameProgress *self);
guint                kol_game_progress_get_n_samples (KolGameProgress *self);
const KolGameSample *kol_game_progress_get_sample    (KolGameProgress *self,
                                                      guint            i);
int                  kol_game_progress_get_n_players (KolGameProgress *self);
int                  kol_game_progress_get_n_corps   (KolGameProgress *self);
int                  kol_game_progress_get_worth     (KolGameProgress *self,
                                                      guint            sample,
                                                      int              player);
int                  kol_game_progress_get_price     (KolGameProgress *self,
                                                      guint            sample,
                                                      int              corp);
gboolean             kol_game_progress_corp_priced   (KolGameProgress *self,
                                                      int              corp);

G_END_DECLS
