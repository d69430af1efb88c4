/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-history.h"

G_BEGIN_DECLS

/*
 * A small game for the history, save and import tests that does not need a
 * title's rules: the real 1849 board and certificates, with one synthetic
 * round in which the players take turns to bid (pay the bank) or pass. A
 * player left with less than 10 passes automatically (an auto action).
 */

KolTitle  *kol_test_load_title  (const char *title_id,
                                 int         n_players);
KolEngine *kol_test_game_new    (KolTitle   *title);
KolAction *kol_test_bid         (KolEngine *engine,
                                 int        player,
                                 int        price);
KolAction *kol_test_pass        (KolEngine *engine,
                                 int        player);
gboolean   kol_test_games_equal (const KolEngine *a,
                                 const KolEngine *b);
char      *kol_test_shared_dir  (void);

G_END_DECLS
