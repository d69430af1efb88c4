/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-why-format.h"
#include "kol-game-words.h"
#include "kol-log-format.h"

/* Each reason: its name in the title's "terms" ("why_<name>") and its
 * English sentence; %1$s is the corporation, %2$s the money or count. */
typedef struct
{
  const char *name;
  const char *sentence;
} Why;

static const Why whys[KOL_N_WHY] = {
  [KOL_WHY_NONE] = { NULL, NULL },
  /* Translators: the reasons a computer player gives for its move. %1$s is
   * a corporation, %2$s an amount of money (or, where said, a number). */
  [KOL_WHY_ONLY_CHOICE] = { "only_choice", N_("the only move the rules allow") },
  [KOL_WHY_PAYOUT] = { "payout", N_("%1$s pays out: its shareholders gain more than the company would") },
  [KOL_WHY_WITHHOLD_TRAIN] = { "withhold_train",
                               N_("%1$s withholds: it needs %2$s more for a train it must buy") },
  [KOL_WHY_WITHHOLD_PRICE] = { "withhold_price", N_("%1$s withholds: the money is worth more to the company") },
  [KOL_WHY_PARTIAL] = { "partial", N_("%1$s pays part and keeps the rest for trains") },
  [KOL_WHY_TRAIN_NEEDED] = { "train_needed", N_("%1$s buys a train: it has none that will keep running") },
  [KOL_WHY_TRAIN_REVENUE] = { "train_revenue", N_("%1$s buys a train: it earns %2$s more a run") },
  [KOL_WHY_EMERGENCY] = { "emergency", N_("raises money for a train the company must own") },
  [KOL_WHY_DUMP] = { "dump", N_("sells %1$s: hands a company in trouble to another player") },
  [KOL_WHY_SELL_CASH] = { "sell_cash", N_("sells %1$s: needs the money for better shares") },
  [KOL_WHY_BID_VALUE] = { "bid_value", N_("bids: the lot is worth more than %2$s to it") },
  [KOL_WHY_CONTROL] = { "control", N_("buys %1$s to gain or keep control of it") },
  [KOL_WHY_INVEST] = { "invest", N_("buys %1$s: expects it to pay well") },
  [KOL_WHY_TRACK_REVENUE] = { "track_revenue", N_("%1$s lays track that adds %2$s to its run") },
  [KOL_WHY_TRACK_TOWARD] = { "track_toward", N_("%1$s lays track toward revenue it cannot reach yet") },
  [KOL_WHY_BLOCK] = { "block", N_("places a station marker that cuts %2$s from the run of %1$s") },
  /* Translators: %2$s is a number of games played out in thought. */
  [KOL_WHY_SEARCH] = { "search", N_("the best result in %2$s games played out ahead") },
  [KOL_WHY_ACCEPT] = { "accept", N_("accepts the offer of %2$s: it is worth more than what is sold") },
  [KOL_WHY_DECLINE] = { "decline", N_("declines the offer of %2$s: what is sold is worth more") },
};

/**
 * kol_why_format:
 *
 * Returns: (transfer full) (nullable): the reason in words
 */
char *
kol_why_format (const KolEngine    *engine,
                const KolPolicyWhy *why)
{
  const char *template_;
  g_autofree char *corp = NULL, *amount = NULL;
  const char *values[2];

  if (why == NULL || why->kind <= KOL_WHY_NONE || why->kind >= KOL_N_WHY || whys[why->kind].sentence == NULL)
    return NULL;
  template_ = kol_game_word_own (engine->title, "why", whys[why->kind].name);
  if (template_ == NULL)
    template_ = _(whys[why->kind].sentence);
  if (why->corp >= 0 && why->corp < engine->n_corps)
    {
      KolArg arg = kol_arg_int (KOL_ARG_CORP, why->corp);

      corp = kol_log_format_arg (engine, &arg);
    }
  if (why->kind == KOL_WHY_SEARCH)
    amount = g_strdup_printf ("%d", why->amount);
  else
    amount = kol_game_word_money (engine->title, why->amount);
  values[0] = corp != NULL ? corp : "";
  values[1] = amount;
  return kol_log_format_template (template_, values, 2);
}

/**
 * kol_why_strength_name:
 *
 * Returns: (nullable): the name of a computer's strength
 */
const char *
kol_why_strength_name (int strength)
{
  switch (strength)
    {
    case KOL_POLICY_EASY:
      /* Translators: the strength of a computer player. */
      return C_("strength", "Easy");
    case KOL_POLICY_MEDIUM:
      /* Translators: the strength of a computer player. */
      return C_("strength", "Medium");
    case KOL_POLICY_STRONG:
      /* Translators: the strength of a computer player. */
      return C_("strength", "Strong");
    default:
      return NULL;
    }
}
