/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

/*
 * 1840's own words (kol-engine-words.h): its log kinds, refusal reasons,
 * step and round names and choices, with their English texts; the model
 * translates them (po/, the same contexts and texts as before they moved
 * out of the core's tables). The kinds and reasons are numbered in the
 * order of these tables (K1840_LOG_*, K1840_REASON_* in kol-title-1840-private.h).
 */

static const KolLogKindInfo log_kinds[] = {
  { "1840_NEW_LINES", "1840 log",
    KOL_NC_ ("1840 log", "New lines for the next auction: %1$s"),
    KOL_WORDS_EVENT, KOL_WORDS_FORMAT_ARGS },
  { "1840_ALL_LINES_OWNED", "1840 log",
    KOL_NC_ ("1840 log", "Every tram company owns three lines"),
    KOL_WORDS_EVENT, KOL_WORDS_FORMAT_ARGS },
  { "1840_MAJOR_LEAVES", "1840 log",
    KOL_NC_ ("1840 log", "%1$s was not chosen and leaves the game"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_TAKES_LOAN", "1840 log",
    KOL_NC_ ("1840 log", "%1$s takes a loan of %2$s from the bank; %3$s will be taken off the final score"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_COMPANY_ROUND", "1840 log",
    /* Translators: a heading, «раунд компаний CR3». */
    KOL_NC_ ("1840 log", "Company Round CR%1$s"),
    KOL_WORDS_ROUND, KOL_WORDS_FORMAT_ARGS },
  { "1840_PRIORITY_ORDER", "1840 log",
    /* Translators: %1$s lists the players in their new order. */
    KOL_NC_ ("1840 log", "New playing order: %1$s"),
    KOL_WORDS_EVENT, KOL_WORDS_FORMAT_PLAYER_ORDER },
  { "1840_CHOOSES_POSITION", "1840 log",
    KOL_NC_ ("1840 log", "%1$s chooses position %2$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_SELLS_PRIVATE", "1840 log",
    KOL_NC_ ("1840 log", "%1$s returns %2$s to the bank for %3$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_PREEMPTIVE_RIGHT", "1840 log",
    /* Translators: the Pre-emptive Right card of 1840. */
    KOL_NC_ ("1840 log", "Every player receives %1$s to buy a director’s certificate"),
    KOL_WORDS_EVENT, KOL_WORDS_FORMAT_ARGS },
  { "1840_STOCK_ROUND", "1840 log",
    /* Translators: a heading, «раунд акций SR2». */
    KOL_NC_ ("1840 log", "Share Round SR%1$s"),
    KOL_WORDS_ROUND, KOL_WORDS_FORMAT_ARGS },
  { "1840_SCRAPS_TRAIN", "1840 log",
    KOL_NC_ ("1840 log", "%1$s scraps a %2$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_HAS_TO_PAY", "1840 log",
    /* Translators: a line pays the maintenance of its tram. */
    KOL_NC_ ("1840 log", "%1$s has to pay %2$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_SUBVENTS", "1840 log",
    KOL_NC_ ("1840 log", "%1$s supports its tram company with %2$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_MAJOR_PAYS", "1840 log",
    KOL_NC_ ("1840 log", "%1$s pays out %2$s and keeps %3$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_TRAM_OBLIGATION_LIFTED", "1840 log",
    KOL_NC_ ("1840 log", "%1$s need not own a tram for now: no trams are available"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_REASSIGNS", "1840 log",
    /* Translators: %2$s lists the moves ("Y1 ➝ 5, O2 ➝ 7"). */
    KOL_NC_ ("1840 log", "%1$s rearranges trams: %2$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_TRAIN_MOVES },
  { "1840_NO_REASSIGN", "1840 log",
    KOL_NC_ ("1840 log", "%1$s does not rearrange any trams"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_SELECTS_LINE", "1840 log",
    KOL_NC_ ("1840 log", "%1$s puts %2$s up for auction"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_REMOVES_TOKEN", "1840 log",
    KOL_NC_ ("1840 log", "%1$s removes the Stadtbahn station marker from %2$s for %3$s"),
    KOL_WORDS_ACTION, KOL_WORDS_FORMAT_ARGS },
  { "1840_LINE_ROUND", "1840 log",
    /* Translators: a heading, «раунд линий LR2.1». */
    KOL_NC_ ("1840 log", "Line Round LR%1$s.%2$s"),
    KOL_WORDS_ROUND, KOL_WORDS_FORMAT_ARGS },
};

G_STATIC_ASSERT (G_N_ELEMENTS (log_kinds) == K1840_LOG_END - KOL_LOG_TITLE_BASE);

static const KolReasonInfo reasons[] = {
  { "1840_DIRECTOR_FIRST", "1840 reason",
    KOL_NC_ ("1840 reason", "every player must first buy a director’s certificate (VII.5)"),
    "every player must first buy a director's certificate" },
  { "1840_DIVIDEND_STEP", "1840 reason",
    KOL_NC_ ("1840 reason", "a tram company pays out in multiples of 10 (VIII.5.1)"),
    "dividends are paid in multiples of 10" },
  { "1840_REASSIGN", "1840 reason",
    KOL_NC_ ("1840 reason", "trams move only within one tram company"),
    "trams move only within one tram company" },
  { "1840_ONE_TRAM_PER_LINE", "1840 reason",
    KOL_NC_ ("1840 reason", "a line runs one tram only"),
    "a line runs one tram only" },
  { "1840_LINES_NEED_TRAMS", "1840 reason",
    KOL_NC_ ("1840 reason", "trams stay on the company’s charter only when every line has one"),
    "every line needs a tram before one stays on the charter" },
  { "1840_LINE_NOT_OFFERED", "1840 reason",
    KOL_NC_ ("1840 reason", "this line is not up for auction"),
    "this line is not up for auction" },
  { "1840_TOKEN_NOT_REMOVABLE", "1840 reason",
    KOL_NC_ ("1840 reason", "there is no Stadtbahn station marker there that may be removed (IX.6)"),
    "no removable Stadtbahn marker there" },
  { "1840_LAY_NOT_AVAILABLE", "1840 reason",
    KOL_NC_ ("1840 reason", "no tile lay of this kind is left on this hex this turn (IX.3, IX.4)"),
    "no tile lay of this kind left on this hex" },
  { "1840_MUST_RUN", "1840 reason",
    KOL_NC_ ("1840 reason", "the tram must run when it can (IX.3)"),
    "the tram must run when it can" },
  { "ROUTE_RED_AREA", "reason",
    KOL_NC_ ("reason", "the red city hex cannot be visited before its tile is laid"),
    "red area visited before its tile is laid" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (reasons) == K1840_REASON_END - KOL_REASON_TITLE_BASE);

static const KolWordInfo steps[] = {
  { "Place free Token", "step", KOL_NC_ ("step", "Place a free station token") },
  { "Reassign Trains", "step", KOL_NC_ ("step", "Reassign trains") },
  { "Sell Company", "step", KOL_NC_ ("step", "Sell a private company to the bank") },
  { "Playing Order", "step", KOL_NC_ ("step", "Choose a place in the playing order") },
  { "Acquire Corporations", "step", KOL_NC_ ("step", "Auction the owned companies") },
};

static const KolWordInfo rounds[] = {
  { "Company Round", "round", KOL_NC_ ("round", "Company Round") },
  { "Line Round", "round", KOL_NC_ ("round", "Line Round") },
  /* Translators: the round in which players choose their places in the
   * playing order. */
  { "Choose", "round", KOL_NC_ ("round", "Playing order") },
};

const KolTitleWords k1840_words = {
  .log_kinds = log_kinds,
  .n_log_kinds = G_N_ELEMENTS (log_kinds),
  .reasons = reasons,
  .n_reasons = G_N_ELEMENTS (reasons),
  .steps = steps,
  .n_steps = G_N_ELEMENTS (steps),
  .rounds = rounds,
  .n_rounds = G_N_ELEMENTS (rounds),
};
