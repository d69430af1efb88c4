/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * Computer players: given a game, the action a computer seat plays now.
 *
 * Every policy chooses among kol_engine_legal_actions(), so a computer
 * can never break a rule. They differ in how they judge:
 *  - random: today's self-play (kol_policy_choose_weighted);
 *  - easy: plays each legal action on a copy of the game and keeps the one
 *    after which its position is worth most (kol-policy-eval.c), with a
 *    few rules of thumb for bids and a little noise;
 *  - medium: the same judgement without the noise: always its best;
 *  - strong: Monte Carlo search: the best candidates are played on to a
 *    horizon many times, every seat played by a fast easy player, the
 *    game's own random draws re-dealt each time (so that the computer
 *    cannot see the order of a deck), and the one with the best mean
 *    result wins (kol-policy-search.c).
 *
 * The engine's state is a flat struct, so trying an action is a memcpy and
 * an apply. Nothing here names a title: what a title does differently
 * (how many rounds are left, what a corporation earns) comes through the
 * KolPolicyHooks of its module (KolTitleModule.policy_hooks).
 *
 * A policy is called from a worker thread by the model: it only reads the
 * state it is given (it works on copies), and stops early when the
 * cancel flag is set.
 */

typedef enum
{
  KOL_POLICY_RANDOM,
  KOL_POLICY_EASY,
  KOL_POLICY_MEDIUM,
  KOL_POLICY_STRONG,
  KOL_N_POLICIES
} KolPolicyKind;

const char *kol_policy_kind_to_string   (KolPolicyKind  kind);  /* "easy" */
gboolean    kol_policy_kind_from_string (const char    *str,
                                         KolPolicyKind *out);

/* Why the computer chose what it did, for the log and for hints. The
 * model turns it into a sentence (kol-policy-words in the model). */
typedef enum
{
  KOL_WHY_NONE,                 /* nothing worth saying */
  KOL_WHY_ONLY_CHOICE,          /* the only legal action */
  KOL_WHY_PAYOUT,               /* pays: the shareholders gain more than the treasury would */
  KOL_WHY_WITHHOLD_TRAIN,       /* withholds: the treasury needs @amount more for a train */
  KOL_WHY_WITHHOLD_PRICE,       /* withholds: paying would not lift the price and the cash is worth more inside */
  KOL_WHY_PARTIAL,              /* pays part, keeps @amount for trains */
  KOL_WHY_TRAIN_NEEDED,         /* buys a train: it has none that will still run */
  KOL_WHY_TRAIN_REVENUE,        /* buys a train: it earns @amount more per run */
  KOL_WHY_EMERGENCY,            /* raises money for a train it must own */
  KOL_WHY_DUMP,                 /* sells: hands a corporation in trouble to another player */
  KOL_WHY_SELL_CASH,            /* sells: needs the cash for better shares */
  KOL_WHY_BID_VALUE,            /* bids: the company is worth more than the price to it */
  KOL_WHY_CONTROL,              /* buys to gain or keep control of @corp */
  KOL_WHY_INVEST,               /* buys: @corp is expected to pay well */
  KOL_WHY_TRACK_REVENUE,        /* lays track that adds @amount to its run */
  KOL_WHY_TRACK_TOWARD,         /* lays track toward revenue it cannot reach yet */
  KOL_WHY_BLOCK,                /* places a marker that cuts a rival's route */
  KOL_WHY_SEARCH,               /* the best result in @amount simulated continuations */
  KOL_WHY_ACCEPT,               /* accepts an offer of @amount: worth more than what it sells */
  KOL_WHY_DECLINE,              /* declines an offer of @amount: what it sells is worth more */
  KOL_N_WHY
} KolWhyKind;

typedef struct
{
  KolWhyKind kind;
  int        corp;              /* the corporation concerned, -1 */
  int        amount;            /* money (or a count, for KOL_WHY_SEARCH) */
} KolPolicyWhy;

typedef struct
{
  guint64     seed;             /* the policy's own randomness (noise, re-dealing) */
  int         budget_ms;        /* strong: thinking time per move at most; 0 = KOL_POLICY_DEFAULT_BUDGET_MS */
  int         rollouts;         /* strong: simulated continuations per move at most; 0 =
                                 * KOL_POLICY_DEFAULT_ROLLOUTS. The search stops at whichever
                                 * limit comes first: with the time to spare, a move depends
                                 * only on the game and the seed (reproducible arenas). */
  const gint *cancel;           /* set non-zero (atomically) from another thread to stop */
  gboolean    cpu_budget;       /* count the budget in the thread's processor time, not on
                                 * the clock (arenas on a busy machine) */
} KolPolicyOptions;

#define KOL_POLICY_DEFAULT_BUDGET_MS 1500
#define KOL_POLICY_DEFAULT_ROLLOUTS  600

/* The player whose decision it is now (owner of the acting entity), -1. */
int        kol_policy_acting_player (KolEngine              *engine);

/* The action @kind plays now in @engine (not changed), or NULL when the game
 * is over, there is nothing to choose or @opts->cancel was set. @why may be
 * NULL. */
KolAction *kol_policy_choose        (const KolEngine        *engine,
                                     KolPolicyKind           kind,
                                     const KolPolicyOptions *opts,
                                     KolPolicyWhy           *why);

/*
 * KolPolicyHooks: what a title's rules module tells the computer players.
 * @rounds_left: how many more times the corporations will pay (operating
 *   rounds, or whatever pays in the title), counting the current one when
 *   it has not paid yet; NULL: an estimate from the bank and the incomes.
 * @future_income: all that @corp will still earn if its best routes stay
 *   worth @routes a run (-1: it has no trains), for its treasury or its
 *   holders (1840: a line over the line rounds left, with maintenance; a
 *   Stadtbahn with the company rounds' multipliers). NULL: @routes ×
 *   rounds_left.
 * @lot_value: what winning corporation @lot at auction is worth to
 *   @bidder's holders, before the price (1840: a line for a tram company);
 *   NULL or a negative result: not worth bidding for.
 * A corporation's income goes to the holders of its parent when it has one
 * (kol_engine_corp_parent(): 1840's lines earn for their tram company).
 */
typedef struct
{
  double (*rounds_left)   (KolEngine *engine);
  double (*future_income) (KolEngine *engine, int corp, int routes, double rounds_left);
  double (*lot_value)     (KolEngine *engine, KolEntity bidder, int lot);
} KolPolicyHooks;

G_END_DECLS
