/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-policy.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------- evaluation */

/*
 * What one decision (or one search) remembers between the positions it
 * judges: the revenue of a corporation's best routes depends only on the
 * board, its trains and the phase, so it is computed once for each of them.
 */
typedef struct
{
  GHashTable *routes;           /* guint64 signature → route revenue + 1 */
  guint       hits;
  guint       misses;
  guint64     board_hash;       /* of the position being evaluated, 0 = not known */
} KolPolicyCache;

void    kol_policy_cache_init  (KolPolicyCache *cache);
void    kol_policy_cache_clear (KolPolicyCache *cache);

/* How the positions are judged; the weights are hand-tuned (arena runs). */
typedef struct
{
  double cash_weight;           /* a unit in a treasury, to its holders */
  double income_weight;         /* a unit of future income, to its holders */
  double liability_weight;      /* a unit a president must put in for a train */
  double private_weight;        /* a unit of a private's future revenue */
  double rival_max_weight;      /* utility: the best rival's share of the rivals' part */
  gboolean fresh_routes;        /* route every corporation (else the last run
                                 * for those whose routes were not asked) */
} KolPolicyWeights;

extern const KolPolicyWeights kol_policy_default_weights;

/* What a position is worth to each player: an estimate of their final
 * score (the title's player_value now, plus the income their holdings will
 * still bring, minus the trains their corporations lack). */
typedef struct
{
  int    n_players;
  double value[KOL_MAX_PLAYERS];
  double rounds_left;
  int    income[KOL_MAX_CORPS];      /* per round, on the corporation that receives it */
  int    routes[KOL_MAX_CORPS];      /* its own best routes now, -1 without trains */
  guint64 train_sig[KOL_MAX_CORPS];  /* its trains, to tell when they change */
} KolPolicyEval;

#define KOL_POLICY_FRESH_ALL G_MAXUINT32

void   kol_policy_evaluate     (KolEngine              *engine,
                                KolPolicyCache         *cache,
                                const KolPolicyWeights *w,
                                const KolPolicyEval    *base,
                                guint32                 fresh,
                                KolPolicyEval          *out);
/* The value to @player relative to the others (what a seat maximises). */
double kol_policy_utility      (const KolPolicyEval    *eval,
                                const KolPolicyWeights *w,
                                int                     player);
/* The revenue of @corp's best routes now (cached), -1 without trains. */
int    kol_policy_corp_routes  (KolEngine              *engine,
                                KolPolicyCache         *cache,
                                int                     corp);
/* The player a corporation's, company's or player's decisions belong to. */
int    kol_policy_controller   (KolEngine              *engine,
                                KolEntity               entity);

/* ------------------------------------------------------------- playing */

/* A legal action with the value the heuristic gave it. */
typedef struct
{
  KolAction   *action;          /* owned by the candidate list */
  double       score;
  KolPolicyWhy why;
} KolCandidate;

/* A game the policies play on: a copy with no log, and a random source
 * of its own. */
typedef struct
{
  KolEngine      *engine;
  KolPolicyCache  cache;
  GRand          *rand;
  const gint     *cancel;
  gboolean        cpu_budget;
  gboolean        in_rollout;     /* judging inside a look-ahead: route only the
                                   * acting corporation's track */
} KolPolicyPlay;

/* Microseconds on the clock the budget is counted on. */
gint64   kol_policy_now             (const KolPolicyPlay *play);

/* Applies @a to @engine (a scratch copy); FALSE if it was refused. */
gboolean kol_policy_apply           (KolEngine       *engine,
                                     const KolAction *a);

/* Scores every legal action of the current decision for the player whose
 * it is (easy's judgement), best first. @noise adds random jitter (relative
 * to the spread of the scores). Returns the candidates (KolCandidate, with
 * their actions) and sets *player. */
GArray  *kol_policy_rank            (KolPolicyPlay   *play,
                                     GPtrArray       *actions,
                                     int              player,
                                     double           noise);
void     kol_policy_candidates_free (GArray *candidates);

/* The judgement used inside look-aheads: easy's, on a sample of the
 * choices when there are many, with @noise. Returns an index into
 * @actions. */
guint    kol_policy_rollout_choice  (KolPolicyPlay   *play,
                                     GPtrArray       *actions,
                                     int              player,
                                     double           noise);

/* Strong (and medium's look-ahead): kol-policy-search.c. */
KolAction *kol_policy_search        (KolPolicyPlay          *play,
                                     GPtrArray              *actions,
                                     int                     player,
                                     int                     budget_ms,
                                     int                     max_rollouts,
                                     KolPolicyWhy           *why);

/* Random seats (kol-engine-policy.c's weighted choice, with a guard for
 * endless random bidding). */
guint    kol_policy_random_choice   (KolEngine       *engine,
                                     GPtrArray       *actions,
                                     GRand           *rand);

static inline gboolean
kol_policy_cancelled (const gint *cancel)
{
  return cancel != NULL && g_atomic_int_get (cancel) != 0;
}

G_END_DECLS
