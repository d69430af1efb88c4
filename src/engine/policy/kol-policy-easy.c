/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kol-policy-private.h"
#include "kol-engine-consent.h"
#include "kol-engine-policy.h"
#include "kol-engine-round.h"
#include "kol-engine-trains.h"

/*
 * Easy's judgement: each legal action is played on a copy of the game and
 * the position after it is evaluated (kol-policy-eval.c) for the player
 * whose decision it is. Only the corporations an action can change are
 * routed again; the others keep the routes of the position before it.
 * The reason given with the choice (KolPolicyWhy) is read from the same
 * evaluation: what the action did to the acting corporation's routes,
 * trains, treasury and president.
 */

/* An initial auction that lasts longer than this is random bidders
 * raising for ever (as koleya-cli selfplay guards against). */
#define RANDOM_AUCTION_GUARD 600

gboolean
kol_policy_apply (KolEngine       *engine,
                  const KolAction *a)
{
  engine->log_func = NULL;
  return kol_engine_apply_unsafe (engine, a, TRUE, NULL, NULL);
}

guint
kol_policy_random_choice (KolEngine *engine,
                          GPtrArray *actions,
                          GRand     *rand)
{
  gboolean auction = engine->round.klass != NULL && !engine->round.klass->stock && !engine->round.klass->operating;

  if (actions->len == 1)
    return 0;
  return kol_policy_choose_weighted (engine, actions, rand, auction && engine->n_actions > RANDOM_AUCTION_GUARD);
}

void
kol_policy_candidates_free (GArray *candidates)
{
  if (candidates == NULL)
    return;
  for (guint i = 0; i < candidates->len; i++)
    kol_action_free (g_array_index (candidates, KolCandidate, i).action);
  g_array_unref (candidates);
}

/* The corporation acting in @a, -1 for a player. */
static int
acting_corp (const KolAction *a)
{
  return a->entity.kind == KOL_ENTITY_CORP ? a->entity.index : -1;
}

/* Corporations nobody presides, whose routes run on any track laid
 * (1840's Stadtbahn companies). */
static guint32
ownerless (KolEngine *engine)
{
  guint32 mask = 0;

  for (int c = 0; c < engine->n_corps; c++)
    if (engine->corps[c].owner.kind == KOL_ENTITY_NONE)
      mask |= 1u << c;
  return mask;
}

/* Which corporations @a can change the routes of: the acting one for
 * track, trains and runs (and track the ownerless ones); every one for a
 * station marker, which may block a rival. */
static guint32
fresh_mask (KolEngine       *engine,
            const KolAction *a,
            gboolean         fast)
{
  int corp = acting_corp (a);

  switch (a->type)
    {
    case KOL_ACTION_PLACE_TOKEN:
    case KOL_ACTION_REMOVE_TOKEN:
    case KOL_ACTION_BUY_TOKEN:
      return KOL_POLICY_FRESH_ALL;
    case KOL_ACTION_LAY_TILE:
      return (corp >= 0 ? 1u << corp : 0) | (fast ? 0 : ownerless (engine));
    case KOL_ACTION_BUY_TRAIN:
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
    case KOL_ACTION_REASSIGN_TRAINS:
    case KOL_ACTION_RUN_ROUTES:
      return corp >= 0 ? 1u << corp : 0;
    default:
      return 0;
    }
}

/* ------------------------------------------------------------- reasons */

static int
corp_president_of (const KolEngine *engine,
                   int              corp)
{
  const KolEntity owner = engine->corps[corp].owner;

  return owner.kind == KOL_ENTITY_PLAYER ? owner.index : -1;
}

static KolPolicyWhy
why_dividend (KolEngine           *before,
              KolEngine           *after,
              const KolAction     *a)
{
  KolPolicyWhy why = { KOL_WHY_PAYOUT, a->entity.index, 0 };
  int corp = a->entity.index;
  int price = kol_depot_min_depot_price (before);

  if (g_strcmp0 (a->kind, "payout") == 0)
    return why;
  if (g_strcmp0 (a->kind, "variable") == 0 && a->amount > 0)
    {
      /* what went to the treasury instead of the holders */
      int kept = after->corps[corp].cash - before->corps[corp].cash;

      if (kept > 0)
        {
          why.kind = KOL_WHY_PARTIAL;
          why.amount = kept;
        }
      return why;
    }
  why.kind = price > before->corps[corp].cash ? KOL_WHY_WITHHOLD_TRAIN : KOL_WHY_WITHHOLD_PRICE;
  why.amount = MAX (0, price - before->corps[corp].cash);
  return why;
}

static KolPolicyWhy
why_shares (KolEngine       *before,
            KolEngine       *after,
            const KolAction *a,
            int              player)
{
  KolPolicyWhy why = { KOL_WHY_INVEST, -1, 0 };
  int corp = a->n_shares > 0 ? before->certs[a->shares[0]].corp : a->corp;

  why.corp = corp;
  if (corp < 0 || a->entity.kind != KOL_ENTITY_PLAYER)
    {
      /* a corporation dealing in its own shares: nothing to explain */
      why.kind = KOL_WHY_NONE;
      return why;
    }
  if (a->type == KOL_ACTION_SELL_SHARES)
    {
      gboolean was = corp_president_of (before, corp) == player;
      gboolean is = corp_president_of (after, corp) == player;

      why.kind = was && !is ? KOL_WHY_DUMP : (before->round.klass && before->round.klass->operating)
                                                 ? KOL_WHY_EMERGENCY
                                                 : KOL_WHY_SELL_CASH;
      return why;
    }
  if (corp_president_of (after, corp) == player)
    why.kind = KOL_WHY_CONTROL;
  return why;
}

static KolPolicyWhy
why_of (KolEngine           *before,
        KolEngine           *after,
        const KolAction     *a,
        const KolPolicyEval *root,
        const KolPolicyEval *eval,
        int                  player)
{
  KolPolicyWhy why = { KOL_WHY_NONE, acting_corp (a), 0 };
  int corp = why.corp;

  switch (a->type)
    {
    case KOL_ACTION_DIVIDEND:
      return why_dividend (before, after, a);
    case KOL_ACTION_BUY_SHARES:
    case KOL_ACTION_SELL_SHARES:
    case KOL_ACTION_PAR:
      return why_shares (before, after, a, player);
    case KOL_ACTION_BID:
      why.kind = KOL_WHY_BID_VALUE;
      why.amount = a->price;
      return why;
    case KOL_ACTION_BUY_TRAIN:
      if (corp >= 0)
        {
          gboolean had = root->routes[corp] >= 0;

          why.kind = had ? KOL_WHY_TRAIN_REVENUE : KOL_WHY_TRAIN_NEEDED;
          why.amount = MAX (eval->routes[corp], 0) - MAX (root->routes[corp], 0);
        }
      return why;
    case KOL_ACTION_LAY_TILE:
      if (corp >= 0)
        {
          why.amount = eval->routes[corp] - root->routes[corp];
          why.kind = why.amount > 0 ? KOL_WHY_TRACK_REVENUE : KOL_WHY_TRACK_TOWARD;
        }
      return why;
    case KOL_ACTION_PLACE_TOKEN:
      for (int c = 0; c < before->n_corps; c++)
        if (c != corp && eval->routes[c] < root->routes[c] && kol_policy_controller (before, kol_entity (KOL_ENTITY_CORP, c)) != player)
          {
            why.kind = KOL_WHY_BLOCK;
            why.corp = c;
            why.amount = root->routes[c] - eval->routes[c];
          }
      return why;
    case KOL_ACTION_CHOOSE:
      {
        const KolOffer *offer = kol_consent_pending (before);

        if (offer != NULL)
          {
            why.kind = g_strcmp0 (a->choice, KOL_CONSENT_ACCEPT) == 0 ? KOL_WHY_ACCEPT : KOL_WHY_DECLINE;
            why.amount = offer->price;
          }
      }
      return why;
    case KOL_ACTION_TAKE_LOAN:
    case KOL_ACTION_BANKRUPT:
      why.kind = KOL_WHY_EMERGENCY;
      return why;
    default:
      return why;
    }
}

/* ------------------------------------------------------------- ranking */

static int
cmp_candidates (gconstpointer a,
                gconstpointer b)
{
  double sa = ((const KolCandidate *) a)->score, sb = ((const KolCandidate *) b)->score;

  return sa > sb ? -1 : sa < sb;
}

static double
gaussian (GRand *rand)
{
  double u = g_rand_double_range (rand, 1e-9, 1), v = g_rand_double (rand);

  return sqrt (-2 * log (u)) * cos (2 * G_PI * v);
}

/* ---------------------------------------------------------------- bids */

/* A bid is a promise, not a purchase: the position after it does not show
 * what the lot is worth. So the lot is given to the bidder at the bid's
 * price on a scratch copy and that position is judged; the gain counts
 * at half, since the others may still outbid. */
#define BID_WIN_SHARE 0.5
/* Cash early is worth more than its face (it buys shares that grow): a
 * lot must be worth this much more than its price. */
#define BID_CASH_PREMIUM 1.25

static double
company_bid_score (KolPolicyPlay       *play,
                   KolEngine           *scratch,
                   const KolAction     *a,
                   int                  player,
                   const KolPolicyEval *root)
{
  const KolPolicyWeights *w = &kol_policy_default_weights;
  KolPolicyEval eval;
  int price = a->price;

  kol_engine_copy_into (scratch, play->engine);
  if (kol_engine_cash (scratch, a->entity) < price)
    return -G_MAXDOUBLE;
  kol_engine_move_company (scratch, a->company, a->entity);
  kol_engine_transfer (scratch, a->entity, kol_entity (KOL_ENTITY_BANK, 0), (int) (BID_CASH_PREMIUM * price));
  kol_policy_evaluate (scratch, &play->cache, w, root, 0, &eval);
  return BID_WIN_SHARE * (kol_policy_utility (&eval, w, player) - kol_policy_utility (root, w, player));
}

/* A corporation put up for auction (1840's lines): the title says what
 * it is worth; what the bidder holds of it counts for the player. */
static double
lot_bid_score (KolPolicyPlay   *play,
               const KolAction *a,
               int              player,
               int              price)
{
  const KolPolicyHooks *h = play->engine->module != NULL ? play->engine->module->policy_hooks : NULL;
  KolEngine *engine = play->engine;
  double value, share = 1;

  if (h == NULL || h->lot_value == NULL || a->corp < 0)
    return -1;
  value = h->lot_value (engine, a->entity, a->corp);
  if (value < 0)
    return -1;
  if (a->entity.kind == KOL_ENTITY_CORP)
    share = kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), a->entity.index) / 100.0;
  return BID_WIN_SHARE * share * (value - BID_CASH_PREMIUM * price);
}

/* The score of a bid, or of naming a lot (which bids its minimum). */
static double
bid_score (KolPolicyPlay       *play,
           KolEngine           *scratch,
           const KolAction     *a,
           int                  player,
           const KolPolicyEval *root)
{
  if (a->type == KOL_ACTION_BID && a->company >= 0)
    return company_bid_score (play, scratch, a, player, root);
  return lot_bid_score (play, a, player, a->type == KOL_ACTION_BID ? a->price : 0);
}

/* ------------------------------------------------------------- scoring */

/* The score of playing @a: the player's utility after it, relative to now.
 * Refused actions (there should be none) get -inf. */
static double
score_action (KolPolicyPlay       *play,
              KolEngine           *scratch,
              const KolAction     *a,
              int                  player,
              const KolPolicyEval *root,
              KolPolicyWhy        *why)
{
  const KolPolicyWeights *w = &kol_policy_default_weights;
  KolPolicyEval eval;

  if (a->type == KOL_ACTION_BID || a->type == KOL_ACTION_MERGE)
    {
      if (why != NULL)
        *why = (KolPolicyWhy) { KOL_WHY_BID_VALUE, a->corp, a->price };
      return bid_score (play, scratch, a, player, root);
    }
  kol_engine_copy_into (scratch, play->engine);
  if (!kol_policy_apply (scratch, a))
    return -G_MAXDOUBLE;
  kol_policy_evaluate (scratch, &play->cache, w, root, fresh_mask (play->engine, a, play->in_rollout), &eval);
  if (why != NULL)
    *why = why_of (play->engine, scratch, a, root, &eval, player);
  return kol_policy_utility (&eval, w, player) - kol_policy_utility (root, w, player);
}

/**
 * kol_policy_rank:
 *
 * Returns: (transfer full): the candidates, best first
 */
GArray *
kol_policy_rank (KolPolicyPlay *play,
                 GPtrArray     *actions,
                 int            player,
                 double         noise)
{
  GArray *out = g_array_sized_new (FALSE, TRUE, sizeof (KolCandidate), actions->len);
  g_autoptr(KolEngine) scratch = kol_engine_copy (play->engine);
  KolPolicyEval root;

  kol_policy_evaluate (play->engine, &play->cache, &kol_policy_default_weights, NULL, KOL_POLICY_FRESH_ALL, &root);
  for (guint i = 0; i < actions->len; i++)
    {
      KolCandidate c = { 0 };

      c.action = kol_action_copy (g_ptr_array_index (actions, i));
      c.score = score_action (play, scratch, c.action, player, &root, &c.why);
      if (noise > 0 && c.score > -G_MAXDOUBLE)
        c.score += noise * gaussian (play->rand);
      g_array_append_val (out, c);
    }
  g_array_sort (out, cmp_candidates);
  return out;
}

/* Inside look-aheads a decision with many choices (mostly tile lays) is
 * judged on a random sample of them. */
#define ROLLOUT_SAMPLE 6

/**
 * kol_policy_rollout_choice:
 *
 * Returns: the index in @actions of easy's choice among a sample
 */
guint
kol_policy_rollout_choice (KolPolicyPlay *play,
                           GPtrArray     *actions,
                           int            player,
                           double         noise)
{
  g_autoptr(KolEngine) scratch = NULL;
  KolPolicyEval root;
  double best = -G_MAXDOUBLE;
  guint choice = 0, n = actions->len;
  guint order[ROLLOUT_SAMPLE];

  if (n == 1)
    return 0;
  /* the first ROLLOUT_SAMPLE of a random permutation */
  if (n > ROLLOUT_SAMPLE)
    {
      for (guint i = 0; i < ROLLOUT_SAMPLE; i++)
        {
          gboolean again;

          do
            {
              order[i] = (guint) g_rand_int_range (play->rand, 0, (gint32) n);
              again = FALSE;
              for (guint k = 0; k < i; k++)
                again |= order[k] == order[i];
            }
          while (again);
        }
      n = ROLLOUT_SAMPLE;
    }
  else
    for (guint i = 0; i < n; i++)
      order[i] = i;
  scratch = kol_engine_copy (play->engine);
  kol_policy_evaluate (play->engine, &play->cache, &kol_policy_default_weights, NULL, KOL_POLICY_FRESH_ALL, &root);
  for (guint i = 0; i < n; i++)
    {
      double s = score_action (play, scratch, g_ptr_array_index (actions, order[i]), player, &root, NULL);

      if (noise > 0 && s > -G_MAXDOUBLE)
        s += noise * gaussian (play->rand);
      if (s > best)
        {
          best = s;
          choice = order[i];
        }
    }
  return choice;
}
