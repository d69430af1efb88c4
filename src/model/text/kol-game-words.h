/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The words a table uses, as each title's rulebook says them: 1840 has a
 * director, a «казна», trams and Share Rounds; 1849 a president, a «касса»,
 * trains and Stock Rounds. Also the names of the engine's rounds, steps
 * and actions, and the English words the engine passes in log arguments
 * ("Market", "up and right", "payout"), translated. Plain C on gettext: the
 * model's log formatter and the views both use it.
 */

/**
 * KolWord:
 * @KOL_WORD_PRESIDENT: who runs a corporation ("President", 1840
 *   "Director")
 * @KOL_WORD_TREASURY: a corporation's cash ("Treasury": 1840 «казна»,
 *   1849 «касса»)
 * @KOL_WORD_IPO: where a corporation's unsold certificates are (both
 *   titles: its treasury)
 * @KOL_WORD_POOL: the bank pool (1840 "Share Pool")
 * @KOL_WORD_TRAIN: one train (1840 "tram"), lower case
 * @KOL_WORD_TRAINS: the heading of a list of trains (1840 "Trams")
 * @KOL_WORD_DEPOT: where new trains are bought
 * @KOL_WORD_CORPORATION: a share company (1840 "Company")
 * @KOL_WORD_CORPORATIONS: their heading
 * @KOL_WORD_PRIVATE: a private company
 * @KOL_WORD_PRIVATES: their heading
 * @KOL_WORD_LINE: a company run by another (1840 "Line")
 * @KOL_WORD_CITY_COMPANY: 1840's Stadtbahn companies
 * @KOL_WORD_REVENUE: what a run earns (1849 «прибыль»)
 * @KOL_WORD_REVENUE_PILE: 1840's revenue kept on a tram company's
 *   charter
 * @KOL_WORD_LOANS: player loans (1840 loan cards, 1849 emergency loans)
 * @KOL_WORD_BONDS: corporation bonds
 * @KOL_WORD_CERT_LIMIT: the certificate limit
 * @KOL_WORD_PRIORITY: the priority deal (1840: the first player)
 * @KOL_WORD_TOKENS: station tokens (markers)
 * @KOL_WORD_PAR: a par price (1840 "initial share price")
 * @KOL_WORD_SHARE_PRICE: a share price (1849 "market value")
 * @KOL_WORD_NET_WORTH: a player's value (1840 «денежное состояние»,
 *   1849 «богатство»)
 * @KOL_WORD_BANK: the bank
 * @KOL_WORD_PHASE: a phase
 *
 * Words of the table that differ between titles.
 */
typedef enum
{
  KOL_WORD_PRESIDENT,
  KOL_WORD_TREASURY,
  KOL_WORD_IPO,
  KOL_WORD_POOL,
  KOL_WORD_TRAIN,
  KOL_WORD_TRAINS,
  KOL_WORD_DEPOT,
  KOL_WORD_CORPORATION,
  KOL_WORD_CORPORATIONS,
  KOL_WORD_PRIVATE,
  KOL_WORD_PRIVATES,
  KOL_WORD_LINE,
  KOL_WORD_CITY_COMPANY,
  KOL_WORD_REVENUE,
  KOL_WORD_REVENUE_PILE,
  KOL_WORD_LOANS,
  KOL_WORD_BONDS,
  KOL_WORD_CERT_LIMIT,
  KOL_WORD_PRIORITY,
  KOL_WORD_TOKENS,
  KOL_WORD_PAR,
  KOL_WORD_SHARE_PRICE,
  KOL_WORD_NET_WORTH,
  KOL_WORD_BANK,
  KOL_WORD_PHASE,
  KOL_N_WORDS
} KolWord;

const char *kol_game_word          (const KolTitle *title,
                                    KolWord         word);
const char *kol_game_word_marker   (const KolTitle *title,
                                    const char     *marker);
const char *kol_game_word_round    (const KolTitle *title,
                                    const char     *round_name);
const char *kol_game_word_step     (const KolTitle *title,
                                    const char     *step_name);
const char *kol_game_word_action   (const KolTitle *title,
                                    KolActionType   type);
char       *kol_game_word_string   (const KolTitle *title,
                                    const char     *english);
char       *kol_game_word_money    (const KolTitle *title,
                                    int             amount);
const char *kol_game_word_text     (const KolText  *text);
/* A title's own wording from its "terms" (game.json), or NULL. */
const char *kol_game_word_own      (const KolTitle *title,
                                    const char     *prefix,
                                    const char     *name);
gboolean    kol_game_word_russian  (void);
/* A phase's name as the title's rulebook says it. */
const char *kol_game_word_phase    (const KolTitle *title,
                                    int             phase);

G_END_DECLS
