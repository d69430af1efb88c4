/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <time.h>

#include "kol-policy-private.h"

/*
 * The entry point of the computer players: the legal actions of the
 * current decision, narrowed to the acting player's, handed to the policy
 * of the seat's strength.
 */

/* Easy's jitter on the value of an action, in the game's money: enough to
 * make it vary between near-equal choices and sometimes misjudge. */
#define EASY_NOISE 4.0

static const char *const kind_names[KOL_N_POLICIES] = {
  [KOL_POLICY_RANDOM] = "random",
  [KOL_POLICY_EASY] = "easy",
  [KOL_POLICY_MEDIUM] = "medium",
  [KOL_POLICY_STRONG] = "strong",
};

const char *
kol_policy_kind_to_string (KolPolicyKind kind)
{
  return kind < KOL_N_POLICIES ? kind_names[kind] : NULL;
}

gboolean
kol_policy_kind_from_string (const char    *str,
                             KolPolicyKind *out)
{
  for (int k = 0; k < KOL_N_POLICIES; k++)
    if (g_strcmp0 (str, kind_names[k]) == 0)
      {
        *out = (KolPolicyKind) k;
        return TRUE;
      }
  return FALSE;
}

/**
 * kol_policy_acting_player:
 *
 * Returns: the player who decides now (the owner of the acting entity), or
 *   -1 when nobody does
 */
int
kol_policy_acting_player (KolEngine *engine)
{
  KolEntity active[KOL_MAX_ROUND_ENTITIES];

  if (engine->finished || kol_engine_active_entities (engine, active, G_N_ELEMENTS (active)) == 0)
    return -1;
  return kol_policy_controller (engine, active[0]);
}

/* Keeps the actions that @player decides (others may be listed, such as a
 * private company another player owns that may act in any turn). */
static void
keep_players_actions (KolEngine *engine,
                      GPtrArray *actions,
                      int        player)
{
  guint k = 0, mine = 0;

  for (guint i = 0; i < actions->len; i++)
    if (kol_policy_controller (engine, ((KolAction *) g_ptr_array_index (actions, i))->entity) == player)
      mine++;
  if (mine == 0 || mine == actions->len)
    return;
  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *a = g_ptr_array_index (actions, i);

      if (kol_policy_controller (engine, a->entity) == player)
        g_ptr_array_index (actions, k++) = a;
      else
        kol_action_free (a);
    }
  g_ptr_array_set_free_func (actions, NULL);
  g_ptr_array_set_size (actions, k);
  g_ptr_array_set_free_func (actions, (GDestroyNotify) kol_action_free);
}

/* A deal with a rival's corporation or private company is one the rival
 * would have to accept: the computer offers the face value (the steps list
 * only the ends of the price range). A train from its own corporation at
 * less than face value only when the buyer has none, else trains would
 * shuttle between them. Returns FALSE to drop @a. */
static gboolean
fair_price (KolEngine *engine,
            KolAction *a,
            int        player)
{
  if (a->type == KOL_ACTION_BUY_TRAIN && a->train >= 0 && engine->trains[a->train].owner.kind == KOL_ENTITY_CORP)
    {
      gint16 own[KOL_MAX_TRAINS];
      int face = kol_engine_train_price (engine, a->train);

      if (kol_policy_controller (engine, engine->trains[a->train].owner) != player)
        a->price = face;
      else if (kol_engine_trains_of (engine, a->entity, own, KOL_MAX_TRAINS) > 0)
        a->price = MIN (face, a->price);
      return TRUE;
    }
  if (a->type == KOL_ACTION_BUY_COMPANY && a->company >= 0)
    {
      const KolCompany *c = &engine->companies[a->company];

      if ((c->owner.kind == KOL_ENTITY_PLAYER || c->owner.kind == KOL_ENTITY_CORP) &&
          kol_policy_controller (engine, c->owner) != player)
        a->price = c->value;
    }
  return TRUE;
}

static gboolean
same_deal (const KolAction *a,
           const KolAction *b)
{
  return a->type == b->type && kol_entity_equal (a->entity, b->entity) && a->train == b->train &&
         a->company == b->company && a->price == b->price && g_strcmp0 (a->variant, b->variant) == 0;
}

static void
keep_fair_deals (KolEngine *engine,
                 GPtrArray *actions,
                 int        player)
{
  guint k = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *a = g_ptr_array_index (actions, i);
      gboolean keep = TRUE;

      if (a->type == KOL_ACTION_BUY_TRAIN || a->type == KOL_ACTION_BUY_COMPANY)
        {
          keep = fair_price (engine, a, player);
          for (guint j = 0; j < k && keep; j++)
            keep = !same_deal (g_ptr_array_index (actions, j), a);
        }
      if (keep)
        g_ptr_array_index (actions, k++) = a;
      else
        kol_action_free (a);
    }
  g_ptr_array_set_free_func (actions, NULL);
  g_ptr_array_set_size (actions, k);
  g_ptr_array_set_free_func (actions, (GDestroyNotify) kol_action_free);
}

gint64
kol_policy_now (const KolPolicyPlay *play)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (play->cpu_budget && clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}

static GRand *
new_rand (guint64 seed)
{
  guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };

  return g_rand_new_with_seed_array (words, 2);
}

/* Easy's best action; with @noise a little randomness among near equals.
 * Measured in the arena, the same judgement without noise (medium) wins
 * about twice its fair share against noisy seats. */
static KolAction *
choose_easy (KolPolicyPlay *play,
             GPtrArray     *actions,
             int            player,
             double         noise,
             KolPolicyWhy  *why)
{
  GArray *ranked = kol_policy_rank (play, actions, player, noise);
  KolCandidate *best = &g_array_index (ranked, KolCandidate, 0);
  KolAction *a = g_steal_pointer (&best->action);

  *why = best->why;
  kol_policy_candidates_free (ranked);
  return a;
}

/**
 * kol_policy_choose:
 * @engine: the game (not changed)
 * @kind: the strength of the seat
 * @opts: (nullable): seed, budget and cancel flag
 * @why: (out) (optional): why this action
 *
 * Returns: (transfer full) (nullable): the action to play
 */
KolAction *
kol_policy_choose (const KolEngine        *engine,
                   KolPolicyKind           kind,
                   const KolPolicyOptions *opts,
                   KolPolicyWhy           *why)
{
  static const KolPolicyOptions defaults = { 0 };
  KolPolicyWhy unused;
  KolPolicyPlay play = { 0 };
  g_autoptr(GPtrArray) actions = NULL;
  KolAction *chosen = NULL;
  int player;

  g_return_val_if_fail (engine != NULL && kind < KOL_N_POLICIES, NULL);
  if (opts == NULL)
    opts = &defaults;
  if (why == NULL)
    why = &unused;
  *why = (KolPolicyWhy) { KOL_WHY_NONE, -1, 0 };

  play.engine = kol_engine_copy (engine);
  play.engine->log_func = NULL;
  play.rand = new_rand (opts->seed);
  play.cancel = opts->cancel;
  play.cpu_budget = opts->cpu_budget;
  kol_policy_cache_init (&play.cache);
  actions = kol_engine_legal_actions (play.engine);
  player = kol_policy_acting_player (play.engine);
  keep_players_actions (play.engine, actions, player);
  if (kind != KOL_POLICY_RANDOM)
    keep_fair_deals (play.engine, actions, player);

  if (actions->len == 1)
    {
      why->kind = KOL_WHY_ONLY_CHOICE;
      chosen = kol_action_copy (g_ptr_array_index (actions, 0));
    }
  else if (actions->len > 1)
    switch (kind)
      {
      case KOL_POLICY_RANDOM:
        chosen = kol_action_copy (g_ptr_array_index (actions, kol_policy_random_choice (play.engine, actions,
                                                                                          play.rand)));
        break;
      case KOL_POLICY_EASY:
        chosen = choose_easy (&play, actions, player, EASY_NOISE, why);
        break;
      case KOL_POLICY_MEDIUM:
        chosen = choose_easy (&play, actions, player, 0, why);
        break;
      case KOL_POLICY_STRONG:
      default:
        chosen = kol_policy_search (&play, actions, player,
                                    opts->budget_ms > 0 ? opts->budget_ms : KOL_POLICY_DEFAULT_BUDGET_MS,
                                    opts->rollouts > 0 ? opts->rollouts : KOL_POLICY_DEFAULT_ROLLOUTS, why);
        break;
      }
  if (kol_policy_cancelled (opts->cancel))
    g_clear_pointer (&chosen, kol_action_free);
  kol_policy_cache_clear (&play.cache);
  g_rand_free (play.rand);
  kol_engine_free (play.engine);
  return chosen;
}
