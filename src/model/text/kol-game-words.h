/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The one place that owns the words, the money and the language of a
 * table: each title's terms as its rulebook says them (1840 has a
 * director, a «казна», trams and Share Rounds; 1849 a president, a
 * «касса», trains and Stock Rounds), the names of the engine's rounds,
 * steps and actions, the English words the engine passes in log arguments
 * ("Market", "up and right", "payout"), amounts in the title's currency,
 * and the language title data is shown in. Plain C on gettext: the
 * model's log formatter, the SVG renderer, print export and, through the
 * model, the views all use it.
 */

/**
 * KolWord:
 * @KOL_WORD_PRESIDENT: the holder of a company's president's certificate
 *   (1840: its director)
 * @KOL_WORD_TREASURY: a company's cash (1840 «казна», 1849 «касса»)
 * @KOL_WORD_IPO_SHARES: where a company's unsold shares are, as a phrase
 *   ("in the treasury")
 * @KOL_WORD_IN_POOL: shares in the pool, as a phrase ("in the bank pool")
 * @KOL_WORD_POOL: the pool of shares players sold (1840: the Share Pool)
 * @KOL_WORD_TRAIN: one train (1840: tram), lower case
 * @KOL_WORD_TRAINS: what companies run, as a heading (1840: Trams)
 * @KOL_WORD_AVAILABLE_TRAINS: trains that can be bought now
 * @KOL_WORD_FUTURE_TRAINS: trains that come later
 * @KOL_WORD_COMPANY: a share company (1849: a corporation)
 * @KOL_WORD_COMPANIES: the share companies, as a heading
 * @KOL_WORD_PRIVATE_COMPANY: a private company
 * @KOL_WORD_PRIVATE_COMPANIES: the private companies, as a heading
 * @KOL_WORD_SUBSIDIARY: a company another one owns (1840: a line)
 * @KOL_WORD_SUBSIDIARIES: such companies, as a heading (1840: Lines)
 * @KOL_WORD_CITY_COMPANY: 1840's Stadtbahn companies
 * @KOL_WORD_CHARTERS: the companies' charters, as a heading
 * @KOL_WORD_REVENUE: what a location on the map or a run earns (1849
 *   «прибыль»)
 * @KOL_WORD_REVENUE_PILE: what an owned company keeps of its revenue
 *   (1840: the Revenue space of the charter)
 * @KOL_WORD_LOANS: a player's loans
 * @KOL_WORD_COMPANY_LOANS: a company's loans (1849: bonds)
 * @KOL_WORD_PRIORITY_DEAL: the player who goes first in the next share
 *   round (1840: the first player)
 * @KOL_WORD_STATION_MARKERS: a company's station markers
 * @KOL_WORD_PAR: a company's par value
 * @KOL_WORD_SHARE_PRICE: a company's current share price (1849: its
 *   market value)
 * @KOL_WORD_NET_WORTH: what a player is worth now, by the title's scoring
 * @KOL_WORD_SCORE_ADJUSTMENTS: what the final score takes off besides
 *   cash, shares and private companies (loans, bonds)
 * @KOL_WORD_BANK: the bank
 * @KOL_WORD_PHASE: a phase ("Phase")
 * @KOL_WORD_PHASES: the phase table, as a heading
 * @KOL_WORD_TRAIN_LIMIT: how many trains a company may own (1840: trams
 *   per line)
 * @KOL_WORD_OPERATING_ROUNDS: the operating rounds of a phase (1840: line
 *   rounds)
 * @KOL_WORD_OPERATING_ORDER: the order the companies operate in
 * @KOL_WORD_ROUND_TRACK: the track of rounds (1840's round bar)
 * @KOL_WORD_STOCK_MARKET: the stock market's name, as a heading
 * @KOL_WORD_PRICE_MOVES: heading of the table of share price moves after
 *   dividends
 * @KOL_WORD_CELL_PAR: market cells flagged `p`
 * @KOL_WORD_CELL_PAR_2: market cells flagged `z`
 * @KOL_WORD_CELL_PHASE_ZONE: market cells flagged `u`
 * @KOL_WORD_CELL_END: market cells flagged `e`
 * @KOL_WORD_CELL_CLOSE: market cells flagged `c`
 * @KOL_WORD_CELL_BLOCKED: market cells flagged `x`
 *
 * Words that each rulebook says its own way (in Russian especially). A
 * title gives its own in game.json "terms" under the word's key
 * (kol_game_word_key()); the others are the usual 18xx words, translated.
 */
typedef enum
{
  KOL_WORD_PRESIDENT,
  KOL_WORD_TREASURY,
  KOL_WORD_IPO_SHARES,
  KOL_WORD_IN_POOL,
  KOL_WORD_POOL,
  KOL_WORD_TRAIN,
  KOL_WORD_TRAINS,
  KOL_WORD_AVAILABLE_TRAINS,
  KOL_WORD_FUTURE_TRAINS,
  KOL_WORD_COMPANY,
  KOL_WORD_COMPANIES,
  KOL_WORD_PRIVATE_COMPANY,
  KOL_WORD_PRIVATE_COMPANIES,
  KOL_WORD_SUBSIDIARY,
  KOL_WORD_SUBSIDIARIES,
  KOL_WORD_CITY_COMPANY,
  KOL_WORD_CHARTERS,
  KOL_WORD_REVENUE,
  KOL_WORD_REVENUE_PILE,
  KOL_WORD_LOANS,
  KOL_WORD_COMPANY_LOANS,
  KOL_WORD_PRIORITY_DEAL,
  KOL_WORD_STATION_MARKERS,
  KOL_WORD_PAR,
  KOL_WORD_SHARE_PRICE,
  KOL_WORD_NET_WORTH,
  KOL_WORD_SCORE_ADJUSTMENTS,
  KOL_WORD_BANK,
  KOL_WORD_PHASE,
  KOL_WORD_PHASES,
  KOL_WORD_TRAIN_LIMIT,
  KOL_WORD_OPERATING_ROUNDS,
  KOL_WORD_OPERATING_ORDER,
  KOL_WORD_ROUND_TRACK,
  KOL_WORD_STOCK_MARKET,
  KOL_WORD_PRICE_MOVES,
  KOL_WORD_CELL_PAR,
  KOL_WORD_CELL_PAR_2,
  KOL_WORD_CELL_PHASE_ZONE,
  KOL_WORD_CELL_END,
  KOL_WORD_CELL_CLOSE,
  KOL_WORD_CELL_BLOCKED,
  KOL_N_WORDS
} KolWord;

/* Terms */
const char *kol_game_word          (const KolTitle *title,
                                    KolWord         word);
const char *kol_game_word_key      (KolWord         word);
const char *kol_game_word_id       (const KolTitle *title,
                                    const char     *id,
                                    const char     *fallback);
const char *kol_game_word_own      (const KolTitle *title,
                                    const char     *prefix,
                                    const char     *name);
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
char       *kol_game_word_hex      (const KolTitle *title,
                                    int             hex);
const char *kol_game_word_color    (KolColor        color);

/* Language */
const char *kol_game_word_language (void);
const char *kol_game_word_text     (const KolText  *text);
const char *kol_game_word_text_in  (const KolText  *text,
                                    const char     *language);

/* Money */
char       *kol_game_word_money    (const KolTitle *title,
                                    int             amount);
char       *kol_game_word_money_in (const KolTitle *title,
                                    int             amount,
                                    const char     *language);

/* Phases and trains as the title's rulebook names them */
const char *kol_game_word_phase    (const KolTitle *title,
                                    int             phase);
char       *kol_game_word_train    (const KolTitle *title,
                                    const char     *name);
char       *kol_game_word_train_short (const KolTitle *title,
                                       const char     *name);
char       *kol_game_word_extra_text  (GVariant       *extra,
                                       const char     *key);

G_END_DECLS
