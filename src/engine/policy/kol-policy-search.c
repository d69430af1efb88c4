/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "kol-policy-private.h"

/*
 * Looking ahead (strong). It starts from easy's ranking of the legal
 * actions without noise (medium's choice) and plays the best few on, every
 * seat played by easy's judgement (the opponents are expected to play
 * sensibly), then judges the position reached (kol-policy-eval.c) or, at
 * the end of the game, the final scores.
 *
 *  - strong: a Monte Carlo search: the best several, many continuations
 *    each to two rounds ahead, with the game's random draws re-dealt for
 *    each (determinization: the order of a deck is not known) and a
 *    little noise in every seat's judgement, so that a candidate is
 *    judged over a spread of plausible futures. Candidates are raced: the
 *    ones clearly behind are dropped, and the time left goes to the rest.
 *    The search stops after its number of continuations, at its time
 *    budget (whichever comes first) or when asked to (cancel).
 */

/* Strong */
#define STRONG_CANDIDATES 5
#define STRONG_ROUNDS_AHEAD 2
#define STRONG_MAX_ACTIONS 250
#define STRONG_NOISE 2.0
/* A candidate whose mean trails the best by this many standard errors is
 * dropped. */
#define STRONG_RACE_SIGMAS 2.5
/* Easy's first choice stands unless another beats it by this many
 * standard errors over at least STRONG_MIN_PAIRS continuations: the best
 * of several noisy means is otherwise mostly luck. */
#define STRONG_SWITCH_SIGMAS 2.0
#define STRONG_MIN_PAIRS 6
/* …and by this much money at least. */
#define STRONG_SWITCH_MARGIN 25.0
/* Easy's judgement is trusted outright when its best action is this far
 * ahead of the next (in money), or when all but one are refused. */
#define CLEAR_MARGIN 400.0

#define STRONG_MAX_PASSES 512

typedef struct
{
  KolCandidate *candidate;
  double        values[STRONG_MAX_PASSES];  /* by pass; -G_MAXDOUBLE when not played */
  int           n;
  double        sum;
  gboolean      dropped;
} Arm;

/* Where the round stands, to count rounds passed. */
typedef struct
{
  gconstpointer klass;
  int           round_num;
  int           turn;
} RoundMark;

static RoundMark
round_mark (KolEngine *engine)
{
  return (RoundMark) { engine->round.klass, engine->round.round_num, engine->turn };
}

static gboolean
round_mark_equal (RoundMark a,
                  RoundMark b)
{
  return a.klass == b.klass && a.round_num == b.round_num && a.turn == b.turn;
}

/* What a finished game or a position reached is worth to @player. */
static double
leaf_value (KolPolicyPlay *play,
            KolEngine     *engine,
            int            player)
{
  const KolPolicyWeights *w = &kol_policy_default_weights;
  KolPolicyEval eval;

  if (engine->finished)
    {
      eval.n_players = engine->n_players;
      for (int p = 0; p < engine->n_players; p++)
        eval.value[p] = kol_engine_player_value (engine, p);
    }
  else
    kol_policy_evaluate (engine, &play->cache, w, NULL, KOL_POLICY_FRESH_ALL, &eval);
  return kol_policy_utility (&eval, w, player);
}

/*
 * Plays on from @engine (a scratch copy, changed) with every seat played by
 * easy's judgement until @rounds rounds have started, @max_actions were
 * played, the game ended, or @deadline (monotonic µs, 0 = none) passed.
 * Returns FALSE when it stopped for the deadline or a cancel.
 */
static gboolean
play_on (KolPolicyPlay *play,
         KolEngine     *engine,
         int            rounds,
         int            max_actions,
         double         noise,
         gint64         deadline)
{
  KolEngine *saved = play->engine;
  RoundMark mark = round_mark (engine);
  gboolean ok = TRUE;

  play->engine = engine;
  play->in_rollout = TRUE;
  for (int i = 0; i < max_actions && !engine->finished && rounds > 0; i++)
    {
      g_autoptr(GPtrArray) actions = kol_engine_legal_actions (engine);
      int player = kol_policy_acting_player (engine);
      guint choice;

      if (actions->len == 0 || kol_policy_cancelled (play->cancel) ||
          (deadline > 0 && kol_policy_now (play) > deadline))
        {
          ok = actions->len == 0;
          break;
        }
      choice = kol_policy_rollout_choice (play, actions, player, noise);
      if (!kol_policy_apply (engine, g_ptr_array_index (actions, choice)))
        break;
      if (!round_mark_equal (mark, round_mark (engine)))
        {
          mark = round_mark (engine);
          rounds--;
        }
    }
  play->engine = saved;
  play->in_rollout = FALSE;
  return ok;
}

/* One continuation after @candidate; returns FALSE when it was cut short.
 * With @seed non-zero the continuation's own choices (and with @redeal the
 * game's random draws) come from it, so that candidates played with the
 * same seed meet the same future (common random numbers: their difference
 * is the action's). */
static gboolean
rollout (KolPolicyPlay      *play,
         const KolCandidate *candidate,
         int                 player,
         int                 rounds,
         int                 max_actions,
         double              noise,
         guint32             seed,
         gboolean            redeal,
         gint64              deadline,
         double             *value)
{
  g_autoptr(KolEngine) engine = kol_engine_copy (play->engine);
  GRand *saved = play->rand;
  gboolean ok;

  if (seed != 0)
    {
      play->rand = g_rand_new_with_seed (seed);
      if (redeal)
        engine->rng = g_rand_int (play->rand) & 0x7fffffff;
    }
  if (!kol_policy_apply (engine, candidate->action))
    {
      *value = -G_MAXDOUBLE;
      ok = TRUE;
    }
  else
    {
      ok = play_on (play, engine, rounds, max_actions, noise, deadline);
      if (ok)
        *value = leaf_value (play, engine, player);
    }
  if (seed != 0)
    {
      g_rand_free (play->rand);
      play->rand = saved;
    }
  return ok;
}

static KolAction *
take (GArray       *ranked,
      guint         index,
      KolPolicyWhy *why)
{
  KolCandidate *c = &g_array_index (ranked, KolCandidate, index);
  KolAction *a = g_steal_pointer (&c->action);

  *why = c->why;
  kol_policy_candidates_free (ranked);
  return a;
}

/* Easy's choice is clear: one candidate, or a wide lead. */
static gboolean
clear_choice (GArray *ranked)
{
  double first, second;

  if (ranked->len < 2)
    return TRUE;
  first = g_array_index (ranked, KolCandidate, 0).score;
  second = g_array_index (ranked, KolCandidate, 1).score;
  return second == -G_MAXDOUBLE || first - second > CLEAR_MARGIN;
}

static double
arm_mean (const Arm *arm)
{
  return arm->n > 0 ? arm->sum / arm->n : -G_MAXDOUBLE;
}

/* The mean of arm @a's values less arm @b's over the passes both played,
 * and its standard error; returns how many passes that was. */
static int
paired (const Arm *a,
        const Arm *b,
        int        passes,
        double    *mean,
        double    *se)
{
  double sum = 0, sum_sq = 0;
  int k = 0;

  for (int p = 0; p < passes; p++)
    if (a->values[p] > -G_MAXDOUBLE && b->values[p] > -G_MAXDOUBLE)
      {
        double d = a->values[p] - b->values[p];

        sum += d;
        sum_sq += d * d;
        k++;
      }
  *mean = k > 0 ? sum / k : 0;
  *se = k > 1 ? sqrt (MAX (sum_sq / k - *mean * *mean, 0) / (k - 1)) : G_MAXDOUBLE;
  return k;
}

/* Drops the arms that trail the best by STRONG_RACE_SIGMAS standard errors
 * of their paired differences (common random numbers). Easy's first choice
 * (arm 0) is dropped only on the evidence that would make decide() switch
 * from it: after three continuations the spread is barely known, and a
 * race that dropped it there switched on luck (measured in 1840: strong
 * with that race won less than medium on the same deals). */
static void
race (Arm *arms,
      int  n,
      int  passes)
{
  int best = -1;

  for (int i = 0; i < n; i++)
    if (!arms[i].dropped && arms[i].n > 0 && (best < 0 || arm_mean (&arms[i]) > arm_mean (&arms[best])))
      best = i;
  if (best < 0)
    return;
  for (int i = 0; i < n; i++)
    {
      double mean, se;

      if (i == best || arms[i].dropped)
        continue;
      if (i == 0)
        {
          /* easy's first choice leaves the race only on the evidence that
           * would make the search switch from it (decide()) */
          if (paired (&arms[best], &arms[0], passes, &mean, &se) >= STRONG_MIN_PAIRS && mean >= STRONG_SWITCH_MARGIN &&
              mean >= STRONG_SWITCH_SIGMAS * se)
            arms[0].dropped = TRUE;
          continue;
        }
      if (paired (&arms[best], &arms[i], passes, &mean, &se) >= 3 && mean > STRONG_RACE_SIGMAS * se)
        arms[i].dropped = TRUE;
    }
}

/* Easy's first choice, unless another clearly beats it: by
 * STRONG_SWITCH_MARGIN on average over at least STRONG_MIN_PAIRS
 * continuations both played, and by STRONG_SWITCH_SIGMAS standard errors.
 * With fewer (a short budget, a slow machine) the first choice stands: one
 * or two noisy continuations are mostly luck. */
static int
decide (Arm *arms,
        int  n,
        int  passes)
{
  int best = 0;
  double best_gain = 0;

  for (int i = 1; i < n; i++)
    {
      double mean, se;
      int k;

      if (arms[i].n == 0)
        continue;
      if (arms[0].dropped && !arms[i].dropped && (best == 0 || arm_mean (&arms[i]) > arm_mean (&arms[best])))
        {
          best = i;
          continue;
        }
      k = paired (&arms[i], &arms[0], passes, &mean, &se);
      if (k < STRONG_MIN_PAIRS || mean < STRONG_SWITCH_MARGIN || mean <= best_gain ||
          mean < STRONG_SWITCH_SIGMAS * se)
        continue;
      best = i;
      best_gain = mean;
    }
  return best;
}

/* Where thinking ahead pays: money and shares change hands, trains are
 * bought (and others rust), a company pays or not, a marker blocks. Track
 * is laid as easy lays it (its value shows at once in the routes). */
static gboolean
worth_searching_type (KolActionType type)
{
  switch (type)
    {
    case KOL_ACTION_BID:
    case KOL_ACTION_PAR:
    case KOL_ACTION_BUY_SHARES:
    case KOL_ACTION_SELL_SHARES:
    case KOL_ACTION_BUY_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DIVIDEND:
    case KOL_ACTION_CHOOSE:
    case KOL_ACTION_BUY_COMPANY:
    case KOL_ACTION_SELL_COMPANY:
    case KOL_ACTION_MERGE:
    case KOL_ACTION_TAKE_LOAN:
    case KOL_ACTION_BANKRUPT:
    case KOL_ACTION_PLACE_TOKEN:
    case KOL_ACTION_BUY_TOKEN:
      return TRUE;
    default:
      return FALSE;
    }
}

/* A decision is searched when one of easy's two best actions is of such a
 * kind: a step where a corporation may also buy a private company or
 * place a marker is still a decision about track when easy's choices are
 * tiles (searching those cost seconds in 1840's line rounds and switched
 * on noise). */
static gboolean
worth_searching (GArray *ranked)
{
  for (guint i = 0; i < MIN (ranked->len, 2); i++)
    {
      const KolCandidate *c = &g_array_index (ranked, KolCandidate, i);

      if (c->score > -G_MAXDOUBLE && worth_searching_type (c->action->type))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_policy_search:
 *
 * Strong: see the comment at the top.
 */
KolAction *
kol_policy_search (KolPolicyPlay *play,
                   GPtrArray     *actions,
                   int            player,
                   int            budget_ms,
                   int            max_rollouts,
                   KolPolicyWhy  *why)
{
  gint64 start = kol_policy_now (play);
  gint64 deadline = start + (gint64) budget_ms * 1000;
  GArray *ranked = kol_policy_rank (play, actions, player, 0);
  int n = (int) MIN (ranked->len, STRONG_CANDIDATES), alive = n, best = -1, total = 0, passes = 0;
  g_autofree Arm *arms = NULL;

  if (clear_choice (ranked) || !worth_searching (ranked))
    return take (ranked, 0, why);
  arms = g_new0 (Arm, n);
  for (int i = 0; i < n; i++)
    arms[i].candidate = &g_array_index (ranked, KolCandidate, i);
  while (alive > 1 && passes < STRONG_MAX_PASSES && total + alive <= max_rollouts &&
         kol_policy_now (play) < deadline && !kol_policy_cancelled (play->cancel))
    {
      /* the first pass plays every seat as easy plays without noise;
       * the later ones re-deal the random draws and add a little noise */
      guint32 seed = g_rand_int (play->rand) | 1;
      double noise = passes == 0 ? 0 : STRONG_NOISE;
      gboolean complete = TRUE;

      for (int i = 0; i < n; i++)
        {
          double value;

          arms[i].values[passes] = -G_MAXDOUBLE;
          if (arms[i].dropped || !complete)
            continue;
          if (!rollout (play, arms[i].candidate, player, STRONG_ROUNDS_AHEAD, STRONG_MAX_ACTIONS, noise, seed,
                        passes > 0, deadline, &value))
            {
              complete = FALSE;
              continue;
            }
          if (value == -G_MAXDOUBLE)
            {
              arms[i].dropped = TRUE;
              continue;
            }
          arms[i].values[passes] = value;
          arms[i].sum += value;
          arms[i].n++;
          total++;
        }
      if (!complete)
        break;
      passes++;
      race (arms, n, passes);
      alive = 0;
      for (int i = 0; i < n; i++)
        alive += !arms[i].dropped;
    }
  best = decide (arms, n, passes);
  if (g_getenv ("KOLEYA_POLICY_DEBUG") != NULL && (best != 0 || g_strcmp0 (g_getenv ("KOLEYA_POLICY_DEBUG"), "all") == 0))
    {
      g_printerr ("search: %d candidates, %d rollouts, %.0f ms, best %d;", n, total,
                  (kol_policy_now (play) - start) / 1000.0, best);
      for (int i = 0; i < n; i++)
        g_printerr (" [%d%s n=%d mean=%.0f easy=%.0f]", i, arms[i].dropped ? "x" : "", arms[i].n, arm_mean (&arms[i]),
                    arms[i].candidate->score);
      g_printerr ("\n");
    }
  {
    KolAction *a = take (ranked, (guint) best, why);

    if (why->kind == KOL_WHY_NONE)
      *why = (KolPolicyWhy) { KOL_WHY_SEARCH, -1, total };
    return a;
  }
}
