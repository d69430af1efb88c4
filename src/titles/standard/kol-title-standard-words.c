/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

/*
 * The standard module's own words (kol-engine-words.h): its refusals, the
 * names of its steps, and the texts of its title checks. The model
 * translates them (po/); in a check's text %1$s is the value it names.
 */

static const KolReasonInfo reasons[] = {
  { "ability_hex", "standard reason",
    KOL_NC_ ("standard reason", "the private company’s ability does not reach there"),
    "not a hex or tile of the ability" },
  { "ability_share", "standard reason",
    KOL_NC_ ("standard reason", "the private company cannot be exchanged for that share"),
    "not a share the company is exchanged for" },
  { "fixed_price", "standard reason", KOL_NC_ ("standard reason", "private companies are sold at their price"),
    "not the company's price" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (reasons) == KOL_STD_REASON_END - KOL_REASON_TITLE_BASE);

static const KolWordInfo steps[] = {
  { "Buy a Private Company", "step", KOL_NC_ ("step", "Buy a private company at its price") },
  { "Exchange a Private Company", "step", KOL_NC_ ("step", "Exchange a private company for a share") },
  { "Use a Private Company's Track Lay", "step", KOL_NC_ ("step", "Lay the private company’s tile") },
  { "Use a Private Company's Station", "step", KOL_NC_ ("step", "Place the private company’s station token") },
};

static const KolWordInfo checks[] = {
  [KOL_STD_TEXT_MARKET_1D] = { "market_1d", "standard check",
    KOL_NC_ ("standard check", "the standard rules module plays a two-dimensional market only") },
  [KOL_STD_TEXT_MARKET_FLAG] = { "market_flag", "standard check",
    /* Translators: %1$s is a market cell flag: "u" or "z". */
    KOL_NC_ ("standard check", "the standard rules module has no rule for cells marked %1$s") },
  [KOL_STD_TEXT_NO_PAR_CELL] = { "no_par_cell", "standard check",
    KOL_NC_ ("standard check", "the market has no par cell (\"p\"), so no corporation can be started") },
  [KOL_STD_TEXT_FIRST_PHASE_ON] = { "first_phase_on", "standard check",
    KOL_NC_ ("standard check", "the first phase is in effect from the start and cannot have \"on\"") },
  [KOL_STD_TEXT_PHASE_WITHOUT_ON] = { "phase_without_on", "standard check",
    /* Translators: %1$s is a phase name. */
    KOL_NC_ ("standard check", "phase %1$s has no \"on\" train, so the game never reaches it") },
  [KOL_STD_TEXT_FIRST_PHASE_YELLOW] = { "first_phase_yellow", "standard check",
    KOL_NC_ ("standard check", "the first phase must allow yellow tiles") },
  [KOL_STD_TEXT_TILE_COLORS_YELLOW] = { "tile_colors_yellow", "standard check",
    KOL_NC_ ("standard check", "the upgrade order must start with yellow") },
  [KOL_STD_TEXT_TRAIN_VARIANTS] = { "train_variants", "standard check",
    /* Translators: %1$s is a train id. */
    KOL_NC_ ("standard check", "train %1$s has variants, which the standard rules module does not play") },
  [KOL_STD_TEXT_TRAIN_TOO_SHORT] = { "train_too_short", "standard check",
    KOL_NC_ ("standard check", "train %1$s is shorter than the stops a route needs (rules.routes.min_stops)") },
  [KOL_STD_TEXT_TRAIN_RUSTS_EARLIER] = { "train_rusts_earlier", "standard check",
    KOL_NC_ ("standard check", "train %1$s rusts or becomes obsolete on itself or an earlier train") },
  [KOL_STD_TEXT_EVERY_TRAIN_RUSTS] = { "every_train_rusts", "standard check",
    KOL_NC_ ("standard check", "every train type rusts: at least one must last, or corporations run out of trains") },
  [KOL_STD_TEXT_CORP_KEY] = { "corp_key", "standard check",
    /* Translators: %1$s is a key of game.json ("home_choices"). */
    KOL_NC_ ("standard check", "the standard rules module has no rule for a corporation’s \"%1$s\"") },
  [KOL_STD_TEXT_CORP_NO_HOME] = { "corp_no_home", "standard check",
    /* Translators: %1$s is a corporation id. */
    KOL_NC_ ("standard check", "corporation %1$s has no home") },
  [KOL_STD_TEXT_CORP_NO_TOKENS] = { "corp_no_tokens", "standard check",
    KOL_NC_ ("standard check", "corporation %1$s has no station tokens") },
  [KOL_STD_TEXT_CORP_SHARES] = { "corp_shares", "standard check",
    KOL_NC_ ("standard check", "the ordinary certificates of %1$s must all be the same size") },
  [KOL_STD_TEXT_PAR_TOO_DEAR] = { "par_too_dear", "standard check",
    /* Translators: %1$s is an amount of money. */
    KOL_NC_ ("standard check", "with %1$s to start with, no player can buy a president's certificate at the lowest par") },
  [KOL_STD_TEXT_BANK_TOO_SMALL] = { "bank_too_small", "standard check",
    KOL_NC_ ("standard check", "a bank of %1$s cannot pay every player's starting cash") },
  [KOL_STD_TEXT_BANK_UNLIMITED] = { "bank_unlimited", "standard check",
    KOL_NC_ ("standard check", "an unlimited bank never breaks: set rules.game_end.after_or_set so that the game ends") },
  [KOL_STD_TEXT_NONE_WITH_PRIVATES] = { "none_with_privates", "standard check",
    KOL_NC_ ("standard check", "the title has private companies, so they must be sold in a first round") },
  [KOL_STD_TEXT_TOO_MANY_TRAINS] = { "too_many_trains", "standard check",
    KOL_NC_ ("standard check", "the unlimited trains could exceed the engine’s limit of 128 trains") },
  [KOL_STD_TEXT_TRAIN_NO_STOP] = { "train_no_stop", "standard check",
    KOL_NC_ ("standard check", "train %1$s may run on no track type of the title") },
  [KOL_STD_TEXT_EXCHANGE_SHARES] = { "exchange_shares", "standard check",
    KOL_NC_ ("standard check", "the corporation of an exchange must have ordinary shares") },
  [KOL_STD_TEXT_PAYOUT_WITHHOLD] = { "payout_withhold", "standard check",
    KOL_NC_ ("standard check", "the dividends must include \"payout\" and \"withhold\"") },
  [KOL_STD_TEXT_CERT_LIMIT] = { "cert_limit", "standard check",
    KOL_NC_ ("standard check", "a certificate limit below 2 leaves nobody a share to buy") },
  [KOL_STD_TEXT_PLAYERS] = { "players", "standard check",
    KOL_NC_ ("standard check", "the standard rules module plays 2 to 8 players") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (checks) == KOL_STD_N_TEXTS);

const KolTitleWords kol_std_words = {
  .reasons = reasons,
  .n_reasons = G_N_ELEMENTS (reasons),
  .steps = steps,
  .n_steps = G_N_ELEMENTS (steps),
  .checks = checks,
  .n_checks = G_N_ELEMENTS (checks),
};
