/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-policy.h"

static gboolean
bid_at_face_value (const KolEngine *engine,
                   const KolAction *a)
{
  return a->company >= 0 && a->price == engine->companies[a->company].value;
}

static double
kind_weight (const KolEngine *engine,
             const KolAction *a)
{
  switch (a->type)
    {
    case KOL_ACTION_BID:
      /* buying the cheapest company at its price ends the waterfall */
      return bid_at_face_value (engine, a) ? 6 : 1;
    case KOL_ACTION_PAR:
    case KOL_ACTION_PLACE_TOKEN:
    case KOL_ACTION_BUY_TRAIN:
      return 3;
    case KOL_ACTION_BUY_SHARES:
      return a->entity.kind == KOL_ENTITY_CORP ? 0.3 : 4;
    case KOL_ACTION_SELL_SHARES:
      return 0.4;
    case KOL_ACTION_LAY_TILE:
      return 4;
    case KOL_ACTION_RUN_ROUTES:
      return 10;
    case KOL_ACTION_DIVIDEND:
      return g_strcmp0 (a->kind, "payout") == 0 ? 4 : 1;
    case KOL_ACTION_BUY_COMPANY:
      return 0.3;
    case KOL_ACTION_BUY_TOKEN:
    case KOL_ACTION_TAKE_LOAN:
    case KOL_ACTION_PAYOFF_LOAN:
      return 0.5;
    default:
      return 1;
    }
}

/**
 * kol_policy_choose_weighted:
 * @engine: the game
 * @actions: (element-type KolAction): the legal actions, not empty
 * @rand: the random generator
 * @no_raises: leave out bids above face value (random bidders could raise
 *   for ever)
 *
 * A kind's weight is shared by its actions, so that many possible lays or
 * bids do not crowd out the rest.
 *
 * Returns: the index in @actions of the action to play
 */
guint
kol_policy_choose_weighted (const KolEngine *engine,
                            GPtrArray       *actions,
                            GRand           *rand,
                            gboolean         no_raises)
{
  guint count[KOL_N_ACTION_TYPES] = { 0 };
  g_autofree double *weights = g_new0 (double, actions->len);
  double total = 0, pick;

  g_return_val_if_fail (actions->len > 0, 0);
  for (guint i = 0; i < actions->len; i++)
    count[((KolAction *) g_ptr_array_index (actions, i))->type]++;
  for (guint i = 0; i < actions->len; i++)
    {
      const KolAction *a = g_ptr_array_index (actions, i);

      if (no_raises && a->type == KOL_ACTION_BID && !bid_at_face_value (engine, a))
        continue;
      weights[i] = kind_weight (engine, a) / count[a->type];
      total += weights[i];
    }
  if (total <= 0)
    return (guint) g_rand_int_range (rand, 0, (gint32) actions->len);
  pick = g_rand_double (rand) * total;
  for (guint i = 0; i < actions->len; i++)
    {
      if (weights[i] > 0 && pick < weights[i])
        return i;
      pick -= weights[i];
    }
  return actions->len - 1;
}
