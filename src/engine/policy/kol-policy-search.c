/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-policy-private.h"

static KolAction *
best_of (KolPolicyPlay *play,
         GPtrArray     *actions,
         int            player,
         KolPolicyWhy  *why)
{
  GArray *ranked = kol_policy_rank (play, actions, player, 0);
  KolCandidate *best = &g_array_index (ranked, KolCandidate, 0);
  KolAction *a = g_steal_pointer (&best->action);

  *why = best->why;
  kol_policy_candidates_free (ranked);
  return a;
}

KolAction *
kol_policy_lookahead (KolPolicyPlay *play,
                      GPtrArray     *actions,
                      int            player,
                      KolPolicyWhy  *why)
{
  return best_of (play, actions, player, why);
}

KolAction *
kol_policy_search (KolPolicyPlay *play,
                   GPtrArray     *actions,
                   int            player,
                   int            budget_ms,
                   KolPolicyWhy  *why)
{
  return best_of (play, actions, player, why);
}
