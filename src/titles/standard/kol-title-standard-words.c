/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

/*
 * The standard module's own words (kol-engine-words.h): the texts of its
 * title checks. The model translates them (po/); %1$s is the value the
 * check names.
 */

#define T(name, text) [KOL_STD_TEXT_##name] = { #name, "standard check", KOL_NC_ ("standard check", text) }

static const KolWordInfo checks[] = {
  T (MARKET_1D, "the standard rules module plays a two-dimensional market only"),
  /* Translators: %1$s is a market cell flag: "u" or "z". */
  T (MARKET_FLAG, "the standard rules module has no rule for cells marked %1$s"),
  T (NO_PAR_CELL, "the market has no par cell (\"p\"), so no corporation can be started"),
  T (FIRST_PHASE_ON, "the first phase is in effect from the start and cannot have \"on\""),
  /* Translators: %1$s is a phase name. */
  T (PHASE_WITHOUT_ON, "phase %1$s has no \"on\" train, so the game never reaches it"),
  T (FIRST_PHASE_YELLOW, "the first phase must allow yellow tiles"),
  T (TILE_COLORS_YELLOW, "the upgrade order must start with yellow"),
  /* Translators: %1$s is a train id. */
  T (TRAIN_VARIANTS, "train %1$s has variants, which the standard rules module does not play"),
  T (TRAIN_TOO_SHORT, "train %1$s is shorter than the stops a route needs (rules.routes.min_stops)"),
  T (TRAIN_RUSTS_EARLIER, "train %1$s rusts or becomes obsolete on itself or an earlier train"),
  T (EVERY_TRAIN_RUSTS, "every train type rusts: at least one must last, or corporations run out of trains"),
  /* Translators: %1$s is a key of game.json ("home_choices"). */
  T (CORP_KEY, "the standard rules module has no rule for a corporation's \"%1$s\""),
  /* Translators: %1$s is a corporation id. */
  T (CORP_NO_HOME, "corporation %1$s has no home"),
  T (CORP_NO_TOKENS, "corporation %1$s has no station tokens"),
  T (CORP_SHARES, "the ordinary certificates of %1$s must all be the same size"),
  /* Translators: %1$s is an amount of money. */
  T (PAR_TOO_DEAR, "with %1$s to start with, no player can buy a president's certificate at the lowest par"),
  T (BANK_TOO_SMALL, "a bank of %1$s cannot pay every player's starting cash"),
  T (BANK_UNLIMITED, "an unlimited bank never breaks: set rules.game_end.after_or_set so that the game ends"),
  T (NONE_WITH_PRIVATES, "the title has private companies, so they must be sold in a first round"),
  T (TOO_MANY_TRAINS, "the unlimited trains could exceed the engine's limit of 128 trains"),
  T (TRAIN_NO_STOP, "train %1$s may run on no track type of the title"),
  T (EXCHANGE_SHARES, "the corporation of an exchange must have ordinary shares"),
  T (PAYOUT_WITHHOLD, "the dividends must include \"payout\" and \"withhold\""),
  T (CERT_LIMIT, "a certificate limit below 2 leaves nobody a share to buy"),
  T (PLAYERS, "the standard rules module plays 2 to 8 players"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (checks) == KOL_STD_N_TEXTS);

const KolTitleWords kol_std_words = {
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
};
