/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-auction.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

#include <string.h>

static inline KolEntity
company_entity (int company)
{
  return kol_entity (KOL_ENTITY_COMPANY, company);
}

static inline gboolean
same_entity (KolEntity a,
             KolEntity b)
{
  return a.kind != KOL_ENTITY_NONE && kol_entity_equal (a, b);
}

/* --------------------------------------------------------------- Auctioner */

/**
 * kol_auctioneer_init:
 *
 * Auctioner#setup_auction and PassableAuction#setup_auction.
 */
void
kol_auctioneer_init (KolAuctioneer *a)
{
  memset (a, 0, sizeof *a);
  a->auctioning = KOL_ENTITY_INIT_NONE;
  a->auction_triggerer = KOL_ENTITY_INIT_NONE;
  a->cheapest = -1;
}

/**
 * kol_auctioneer_bids_on:
 * @idx: (out) (array): indices into a->bids, in bid order
 *
 * Returns: the number of bids on @target.
 */
int
kol_auctioneer_bids_on (const KolAuctioneer *a,
                        KolEntity            target,
                        int                 *idx,
                        int                  max)
{
  int n = 0;

  for (int i = 0; i < a->n_bids && n < max; i++)
    if (kol_entity_equal (a->bids[i].target, target))
      idx[n++] = i;
  return n;
}

/**
 * kol_auctioneer_n_bids:
 *
 * Returns: the number of bids on @target.
 */
int
kol_auctioneer_n_bids (const KolAuctioneer *a,
                       KolEntity            target)
{
  int idx[KOL_AUCTION_MAX_BIDS];

  return kol_auctioneer_bids_on (a, target, idx, KOL_AUCTION_MAX_BIDS);
}

/**
 * kol_auctioneer_highest:
 *
 * Returns: (nullable): the highest bid on @target (the first of equal ones).
 */
const KolBid *
kol_auctioneer_highest (const KolAuctioneer *a,
                        KolEntity            target)
{
  const KolBid *best = NULL;

  for (int i = 0; i < a->n_bids; i++)
    if (kol_entity_equal (a->bids[i].target, target) && (best == NULL || a->bids[i].price > best->price))
      best = &a->bids[i];
  return best;
}

/**
 * kol_auctioneer_lowest:
 *
 * Returns: (nullable): the lowest bid on @target (the first of equal ones).
 */
const KolBid *
kol_auctioneer_lowest (const KolAuctioneer *a,
                       KolEntity            target)
{
  const KolBid *best = NULL;

  for (int i = 0; i < a->n_bids; i++)
    if (kol_entity_equal (a->bids[i].target, target) && (best == NULL || a->bids[i].price < best->price))
      best = &a->bids[i];
  return best;
}

/**
 * kol_auctioneer_current_bid:
 *
 * Returns: @bidder's bid on @target, 0 when none.
 */
int
kol_auctioneer_current_bid (const KolAuctioneer *a,
                            KolEntity            bidder,
                            KolEntity            target)
{
  for (int i = 0; i < a->n_bids; i++)
    if (kol_entity_equal (a->bids[i].target, target) && same_entity (a->bids[i].bidder, bidder))
      return a->bids[i].price;
  return 0;
}

/**
 * kol_auctioneer_committed:
 *
 * Returns: the money @bidder has set aside for bids.
 */
int
kol_auctioneer_committed (const KolAuctioneer *a,
                          KolEntity            bidder)
{
  int total = 0;

  for (int i = 0; i < a->n_bids; i++)
    if (same_entity (a->bids[i].bidder, bidder))
      total += a->bids[i].price;
  return total;
}

/**
 * kol_auctioneer_remove_bidder:
 *
 * Withdraws @bidder's bid on @target.
 */
void
kol_auctioneer_remove_bidder (KolAuctioneer *a,
                              KolEntity      target,
                              KolEntity      bidder)
{
  int m = 0;

  for (int i = 0; i < a->n_bids; i++)
    if (!(kol_entity_equal (a->bids[i].target, target) && same_entity (a->bids[i].bidder, bidder)))
      a->bids[m++] = a->bids[i];
  a->n_bids = m;
}

/**
 * kol_auctioneer_clear_target:
 *
 * Drops every bid on @target.
 */
void
kol_auctioneer_clear_target (KolAuctioneer *a,
                             KolEntity      target)
{
  int m = 0;

  for (int i = 0; i < a->n_bids; i++)
    if (!kol_entity_equal (a->bids[i].target, target))
      a->bids[m++] = a->bids[i];
  a->n_bids = m;
}

/**
 * kol_auctioneer_clear:
 *
 * Drops every bid.
 */
void
kol_auctioneer_clear (KolAuctioneer *a)
{
  a->n_bids = 0;
}

/**
 * kol_auctioneer_put:
 *
 * Stores @bid after the other bids on its target, replacing the bidder's
 * earlier one.
 */
void
kol_auctioneer_put (KolAuctioneer *a,
                    const KolBid  *bid)
{
  kol_auctioneer_remove_bidder (a, bid->target, bid->bidder);
  if (a->n_bids < KOL_AUCTION_MAX_BIDS)
    a->bids[a->n_bids++] = *bid;
  else
    g_warning ("auction: too many bids");
}

/**
 * kol_auctioneer_replace:
 *
 * Auctioner#replace_bid: @bid becomes the only bid on its target.
 */
void
kol_auctioneer_replace (KolAuctioneer *a,
                        const KolBid  *bid)
{
  kol_auctioneer_clear_target (a, bid->target);
  kol_auctioneer_put (a, bid);
}

/**
 * kol_auction_check_bid:
 *
 * Auctioner#add_bid's checks (MUST_BID_INCREMENT_MULTIPLE is false in both
 * titles).
 *
 * Returns: %TRUE if @price is at least @min and at most @max.
 */
gboolean
kol_auction_check_bid (KolEngine  *engine,
                       KolEntity   bidder,
                       int         price,
                       int         min,
                       int         max,
                       GError    **error)
{
  if (price < min)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_MONEY, price), kol_arg_int (KOL_ARG_MONEY, min),
        kol_arg_int (KOL_ARG_MONEY, kol_auction_min_increment (engine)),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_BID, args, 3,
                              "bid of %d is too low: minimum %d", price, min);
    }
  if (price > max)
    {
      KolArg args[3] = {
        kol_arg_entity (bidder), kol_arg_int (KOL_ARG_MONEY, max),
        kol_arg_int (KOL_ARG_MONEY, price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3,
                              "cannot afford a bid of %d: maximum %d", price, max);
    }
  return TRUE;
}

/* ------------------------------------------------------------ Game methods */

/**
 * kol_auction_min_increment:
 *
 * Returns: MIN_BID_INCREMENT (5 unless the title says).
 */
int
kol_auction_min_increment (KolEngine *engine)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  return h && h->min_bid_increment > 0 ? h->min_bid_increment : 5;
}

/**
 * kol_company_min_bid:
 *
 * Returns: Company#min_bid, its value less the auction discount.
 */
int
kol_company_min_bid (KolEngine *engine,
                     int        company)
{
  return engine->companies[company].value - engine->companies[company].discounted;
}

/**
 * kol_auction_after_buy_company:
 *
 * Game#after_buy_company through the title's hook (generic: nothing).
 */
void
kol_auction_after_buy_company (KolEngine *engine,
                               int        player,
                               int        company,
                               int        price)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->after_buy_company)
    h->after_buy_company (engine, player, company, price);
}

/**
 * kol_auction_add_pending_par:
 *
 * @company's owner must now par the corporation it brings (CompanyPendingPar).
 */
void
kol_auction_add_pending_par (KolEngine *engine,
                             int        company)
{
  KolAuctionRoundState *st = KOL_AUCTION_STATE (engine);

  if (st->n_pending_par < KOL_MAX_COMPANIES)
    st->pending_par[st->n_pending_par++] = (gint16) company;
}

static void
log_company_price (KolEngine *engine,
                   int        kind,
                   KolEntity  who,
                   int        company,
                   int        price)
{
  KolArg args[3] = {
    kol_arg_entity (who), kol_arg_int (KOL_ARG_COMPANY, company), kol_arg_int (KOL_ARG_MONEY, price),
  };

  kol_engine_log (engine, kind, args, 3);
}

static void
unpass_round_entities (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
}

static gboolean
all_round_entities_passed (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_entity_passed (engine, engine->round.entities[i]))
      return FALSE;
  return TRUE;
}

static int
find_company (const KolAuctioneer *a,
              int                  company)
{
  for (int i = 0; i < a->n_companies; i++)
    if (a->companies[i] == company)
      return i;
  return -1;
}

static void
drop_company (KolAuctioneer *a,
              int            company)
{
  int i = find_company (a, company);

  if (i < 0)
    return;
  memmove (&a->companies[i], &a->companies[i + 1], (a->n_companies - i - 1) * sizeof a->companies[0]);
  a->n_companies--;
}

/* Company#min_bid decreases by @discount (all_passed!'s fake OR). */
static int
discount_company (KolEngine *engine,
                  int        company,
                  int        discount)
{
  int value = kol_company_min_bid (engine, company);
  int nv;

  engine->companies[company].discounted = (guint8) MIN (engine->companies[company].discounted + discount, 255);
  nv = kol_company_min_bid (engine, company);
  {
    KolArg args[3] = {
      kol_arg_int (KOL_ARG_COMPANY, company), kol_arg_int (KOL_ARG_MONEY, value),
      kol_arg_int (KOL_ARG_MONEY, nv),
    };

    kol_engine_log (engine, KOL_LOG_MIN_BID_DECREASES, args, 3);
  }
  return nv;
}

/* Game#initial_auction_companies: every company. */
static int
initial_auction_companies (KolEngine *engine,
                           gint16    *out)
{
  for (int i = 0; i < engine->n_companies; i++)
    out[i] = (gint16) i;
  return engine->n_companies;
}

/* --------------------------------------------------------- Round::Auction */

/**
 * kol_round_auction_select_entities:
 *
 * Round::Auction#select_entities: every player in order.
 */
void
kol_round_auction_select_entities (KolEngine *engine,
                                   KolRound  *r)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n = kol_shares_player_order (engine, order);

  r->n_entities = n;
  for (int i = 0; i < n; i++)
    r->entities[i] = kol_entity (KOL_ENTITY_PLAYER, order[i]);
}

const KolRoundClass kol_round_auction = {
  .name = "Auction Round",
  .short_name = "ISR",
  .select_entities = kol_round_auction_select_entities,
};

/* --------------------------------------------------------- PassableAuction */

static KolAuctioneer *
ops_auctioneer (KolEngine                   *engine,
                KolStep                     *s,
                const KolPassableAuctionOps *ops)
{
  return ops->auctioneer ? ops->auctioneer (engine, s) : &KOL_AUCTION_STATE (engine)->auction;
}

/**
 * kol_passable_auction_setup:
 *
 * PassableAuction#setup_auction.
 */
void
kol_passable_auction_setup (KolAuctioneer *a)
{
  a->n_bids = 0;
  a->auctioning = KOL_ENTITY_INIT_NONE;
  a->n_active_bidders = 0;
  a->auction_triggerer = KOL_ENTITY_INIT_NONE;
}

static void
drop_active_bidder (KolAuctioneer *a,
                    KolEntity      entity)
{
  int m = 0;

  for (int i = 0; i < a->n_active_bidders; i++)
    if (!same_entity (a->active_bidders[i], entity))
      a->active_bidders[m++] = a->active_bidders[i];
  a->n_active_bidders = m;
}

/**
 * kol_passable_auction_resolve:
 *
 * The step's resolve_bids (its override or the PassableAuction one).
 */
void
kol_passable_auction_resolve (KolEngine                   *engine,
                              KolStep                     *s,
                              const KolPassableAuctionOps *ops)
{
  if (ops->resolve_bids)
    ops->resolve_bids (engine, s);
  else
    kol_passable_auction_resolve_bids (engine, s, ops);
}

/**
 * kol_passable_auction_remove:
 *
 * PassableAuction#remove_from_auction.
 */
void
kol_passable_auction_remove (KolEngine                   *engine,
                             KolStep                     *s,
                             const KolPassableAuctionOps *ops,
                             KolEntity                    entity)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);

  drop_active_bidder (a, entity);
  if (a->auctioning.kind != KOL_ENTITY_NONE)
    kol_auctioneer_remove_bidder (a, a->auctioning, entity);
  kol_passable_auction_resolve (engine, s, ops);
}

/**
 * kol_passable_auction_pass:
 *
 * Auctioner#pass_auction.
 */
void
kol_passable_auction_pass (KolEngine                   *engine,
                           KolStep                     *s,
                           const KolPassableAuctionOps *ops,
                           KolEntity                    entity)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);
  KolArg args[2] = { kol_arg_entity (entity), kol_arg_entity (a->auctioning) };

  kol_engine_log (engine, KOL_LOG_PASSES_ON, args, 2);
  kol_passable_auction_remove (engine, s, ops, entity);
}

static void
log_cannot_bid (KolEngine *engine,
                KolEntity  who,
                int        min,
                KolEntity  target)
{
  KolArg args[3] = { kol_arg_entity (who), kol_arg_int (KOL_ARG_MONEY, min), kol_arg_entity (target) };

  kol_engine_log (engine, KOL_LOG_CANNOT_BID, args, 3);
}

/**
 * kol_passable_auction_auction_entity:
 *
 * PassableAuction#auction_entity.
 */
void
kol_passable_auction_auction_entity (KolEngine                   *engine,
                                     KolStep                     *s,
                                     const KolPassableAuctionOps *ops,
                                     KolEntity                    target)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);
  KolEntity entities[KOL_MAX_ROUND_ENTITIES];
  int n, min;

  a->auctioning = target;
  min = ops->min_bid (engine, s, target);
  if (ops->initial_auction_entities)
    n = ops->initial_auction_entities (engine, s, entities);
  else
    {
      n = engine->round.n_entities;
      memcpy (entities, engine->round.entities, n * sizeof entities[0]);
    }
  a->n_active_bidders = 0;
  for (int i = 0; i < n; i++)
    if (same_entity (entities[i], a->auction_triggerer) || ops->max_bid (engine, s, entities[i], target) >= min)
      {
        if (a->n_active_bidders < KOL_MAX_PLAYERS)
          a->active_bidders[a->n_active_bidders++] = entities[i];
      }
  for (int i = 0; i < n; i++)
    if (!(same_entity (entities[i], a->auction_triggerer) ||
          ops->max_bid (engine, s, entities[i], target) >= min))
      log_cannot_bid (engine, entities[i], min, target);
  kol_passable_auction_resolve (engine, s, ops);
}

/**
 * kol_passable_auction_add_bid:
 *
 * PassableAuction#add_bid: Auctioner#add_bid's checks and storage, then the
 * bidders who can no longer reach the minimum drop out.
 *
 * Returns: %TRUE if the bid was valid.
 */
gboolean
kol_passable_auction_add_bid (KolEngine                    *engine,
                              KolStep                      *s,
                              const KolPassableAuctionOps  *ops,
                              const KolBid                 *bid,
                              GError                      **error)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);
  KolEntity passing[KOL_MAX_PLAYERS];
  int n = 0, min;

  if (!kol_auction_check_bid (engine, bid->bidder, bid->price, ops->min_bid (engine, s, bid->target),
                              ops->max_bid (engine, s, bid->bidder, bid->target), error))
    return FALSE;
  kol_auctioneer_put (a, bid);
  if (a->auctioning.kind == KOL_ENTITY_NONE)
    return TRUE;
  min = ops->min_bid (engine, s, a->auctioning);
  for (int i = 0; i < a->n_active_bidders; i++)
    if (!(same_entity (a->active_bidders[i], bid->bidder) ||
          ops->max_bid (engine, s, a->active_bidders[i], a->auctioning) >= min))
      passing[n++] = a->active_bidders[i];
  for (int i = 0; i < n; i++)
    {
      log_cannot_bid (engine, passing[i], min, a->auctioning);
      kol_passable_auction_remove (engine, s, ops, passing[i]);
    }
  return TRUE;
}

static gboolean
class_add_bid (KolEngine                    *engine,
               KolStep                      *s,
               const KolPassableAuctionOps  *ops,
               const KolBid                 *bid,
               GError                      **error)
{
  if (ops->add_bid)
    return ops->add_bid (engine, s, bid, error);
  return kol_passable_auction_add_bid (engine, s, ops, bid, error);
}

/**
 * kol_passable_auction_selection_bid:
 *
 * PassableAuction#selection_bid.
 *
 * Returns: %TRUE if the bid was valid.
 */
gboolean
kol_passable_auction_selection_bid (KolEngine                    *engine,
                                    KolStep                      *s,
                                    const KolPassableAuctionOps  *ops,
                                    const KolBid                 *bid,
                                    GError                      **error)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);

  if (!class_add_bid (engine, s, ops, bid, error))
    return FALSE;
  a->auction_triggerer = bid->bidder;
  kol_passable_auction_auction_entity (engine, s, ops, bid->target);
  return TRUE;
}

/**
 * kol_passable_auction_resolve_bids:
 *
 * PassableAuction#resolve_bids: with no bidder left nobody wins; with one
 * left who has a bid... the first bid on the target wins. Then the auction
 * is over (post_win_bid).
 */
void
kol_passable_auction_resolve_bids (KolEngine                   *engine,
                                   KolStep                     *s,
                                   const KolPassableAuctionOps *ops)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);
  KolEntity target = a->auctioning;
  KolBid winner;
  gboolean has_winner = FALSE;
  int idx[KOL_AUCTION_MAX_BIDS];

  if (target.kind == KOL_ENTITY_NONE)
    return;
  if (a->n_active_bidders == 0)
    ops->win_bid (engine, s, NULL, target);
  else
    {
      if (a->n_active_bidders != 1 || kol_auctioneer_bids_on (a, target, idx, 1) < 1)
        return;
      winner = a->bids[idx[0]];
      has_winner = TRUE;
      ops->win_bid (engine, s, &winner, target);
    }
  kol_auctioneer_clear (a);
  a->n_active_bidders = 0;
  a->auctioning = KOL_ENTITY_INIT_NONE;
  ops->post_win_bid (engine, s, has_winner ? &winner : NULL, target);
}

/* ------------------------------------------------------- WaterfallAuction */

static KolAuctioneer *
wf (KolEngine *engine)
{
  return &KOL_AUCTION_STATE (engine)->auction;
}

/**
 * kol_step_waterfall_auction_auctioning:
 *
 * Returns: the company being auctioned (#active_auction: more than one bid
 * on @auctioning), or -1.
 */
int
kol_step_waterfall_auction_auctioning (KolEngine *engine,
                                       KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  if (a->auctioning.kind != KOL_ENTITY_COMPANY || kol_auctioneer_n_bids (a, a->auctioning) <= 1)
    return -1;
  return a->auctioning.index;
}

/**
 * kol_step_waterfall_auction_may_purchase:
 *
 * Returns: %TRUE if @company is the cheapest left and no auction runs: it is
 * bought at its price.
 */
gboolean
kol_step_waterfall_auction_may_purchase (KolEngine *engine,
                                         KolStep   *s,
                                         int        company)
{
  KolAuctioneer *a = wf (engine);

  if (kol_step_waterfall_auction_auctioning (engine, s) >= 0)
    return FALSE;
  return a->n_companies > 0 && a->companies[0] == company;
}

/**
 * kol_step_waterfall_auction_min_bid:
 *
 * Returns: the company's price if it may be purchased, else the highest bid
 * (or the price) plus the increment.
 */
int
kol_step_waterfall_auction_min_bid (KolEngine *engine,
                                    KolStep   *s,
                                    int        company)
{
  const KolBid *high;

  if (kol_step_waterfall_auction_may_purchase (engine, s, company))
    return kol_company_min_bid (engine, company);
  high = kol_auctioneer_highest (wf (engine), company_entity (company));
  return (high ? high->price : kol_company_min_bid (engine, company)) + kol_auction_min_increment (engine);
}

/**
 * kol_step_waterfall_auction_max_bid:
 *
 * Returns: cash not committed to other bids.
 */
int
kol_step_waterfall_auction_max_bid (KolEngine *engine,
                                    KolStep   *s,
                                    int        player,
                                    int        company)
{
  KolEntity p = kol_entity (KOL_ENTITY_PLAYER, player);

  return engine->players[player].cash - kol_auctioneer_committed (wf (engine), p) +
         kol_auctioneer_current_bid (wf (engine), p, company_entity (company));
}

/**
 * kol_step_waterfall_auction_active_entities:
 *
 * Returns: during an auction the lowest bidder, else the round's player.
 */
int
kol_step_waterfall_auction_active_entities (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity *out,
                                            int        max)
{
  int company = kol_step_waterfall_auction_auctioning (engine, s);

  if (max < 1)
    return 0;
  if (company >= 0)
    {
      out[0] = kol_auctioneer_lowest (wf (engine), company_entity (company))->bidder;
      return 1;
    }
  if (engine->round.n_entities == 0)
    return 0;
  out[0] = engine->round.entities[engine->round.entity_index];
  return 1;
}

/**
 * kol_step_waterfall_auction_actions:
 *
 * Returns: bid and pass for the acting player while companies are left.
 */
guint32
kol_step_waterfall_auction_actions (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  entity)
{
  if (wf (engine)->n_companies == 0 || !same_entity (entity, kol_step_current_entity (engine, s)))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* WaterfallAuction#buy_company */
static gboolean
wf_buy_company (KolEngine  *engine,
                KolStep    *s,
                KolEntity   player,
                int         company,
                int         price,
                GError    **error)
{
  KolAuctioneer *a = wf (engine);
  int available = kol_step_waterfall_auction_max_bid (engine, s, player.index, company);
  int n_bidders = 0;
  int kind;

  if (available < price)
    {
      KolArg args[3] = {
        kol_arg_entity (player), kol_arg_int (KOL_ARG_MONEY, available),
        kol_arg_int (KOL_ARG_MONEY, price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3,
                              "%s has %d available and cannot spend %d",
                              kol_engine_entity_name (engine, player), available, price);
    }
  kol_engine_move_company (engine, company, player);
  if (price > 0)
    kol_engine_transfer (engine, player, kol_entity (KOL_ENTITY_BANK, 0), price);
  drop_company (a, company);
  for (guint32 bits = a->bidders[company]; bits; bits &= bits - 1)
    n_bidders++;
  kind = n_bidders == 0 ? KOL_LOG_BUYS_COMPANY_FOR
       : n_bidders == 1 ? KOL_LOG_WINS_AUCTION_ONLY_BID : KOL_LOG_WINS_AUCTION;
  log_company_price (engine, kind, player, company, price);
  kol_auction_after_buy_company (engine, player.index, company, price);
  return TRUE;
}

/* WaterfallAuction#resolve_bids_for_company */
static gboolean
wf_resolve_company (KolEngine *engine,
                    KolStep   *s,
                    int        company)
{
  KolAuctioneer *a = wf (engine);
  KolEntity target = company_entity (company);
  gboolean is_new = !kol_entity_equal (a->auctioning, target);
  int idx[KOL_AUCTION_MAX_BIDS];
  int n = kol_auctioneer_bids_on (a, target, idx, KOL_AUCTION_MAX_BIDS);

  a->auctioning = KOL_ENTITY_INIT_NONE;
  if (n == 1)
    {
      KolBid bid = a->bids[idx[0]];

      kol_auctioneer_clear_target (a, target);
      /* the bid's cash was set aside, so the purchase cannot fail */
      wf_buy_company (engine, s, bid.bidder, company, bid.price, NULL);
      return TRUE;
    }
  if (n > 1 && a->n_companies > 0 && a->companies[0] == company)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_COMPANY, company) };

      a->auctioning = target;
      if (is_new)
        kol_engine_log (engine, KOL_LOG_GOES_UP_FOR_AUCTION, args, 1);
    }
  return FALSE;
}

/* WaterfallAuction#resolve_bids: companies with one bid are sold in order
 * until one with no bid, or several (an auction), comes up. */
static void
wf_resolve_bids (KolEngine *engine,
                 KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  while (a->n_companies > 0)
    if (!wf_resolve_company (engine, s, a->companies[0]))
      break;
}

/* WaterfallAuction#add_bid */
static gboolean
wf_add_bid (KolEngine  *engine,
            KolStep    *s,
            KolEntity   player,
            int         company,
            int         price,
            GError    **error)
{
  KolAuctioneer *a = wf (engine);
  KolBid bid = { company_entity (company), player, price };

  if (!kol_auction_check_bid (engine, player, price, kol_step_waterfall_auction_min_bid (engine, s, company),
                              kol_step_waterfall_auction_max_bid (engine, s, player.index, company),
                              error))
    return FALSE;
  kol_auctioneer_put (a, &bid);
  a->bidders[company] |= 1u << player.index;
  log_company_price (engine, KOL_LOG_BIDS, player, company, price);
  return TRUE;
}

/* WaterfallAuction#all_passed!: the cheapest company, if unsold, gets
 * cheaper (and is given away at 0); else companies pay out as in an OR. */
static void
wf_all_passed (KolEngine *engine,
               KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  if (a->cheapest >= 0 && find_company (a, a->cheapest) >= 0)
    {
      int company = a->cheapest;

      if (discount_company (engine, company, 5) <= 0)
        {
          kol_round_next_entity_index (engine);
          wf_buy_company (engine, s, kol_step_current_entity (engine, s), company, 0, NULL);
          wf_resolve_bids (engine, s);
        }
    }
  else
    kol_operating_payout_companies (engine);
  unpass_round_entities (engine);
}

static gboolean
wf_process_pass (KolEngine       *engine,
                 KolStep         *s,
                 const KolAction *a)
{
  int company = kol_step_waterfall_auction_auctioning (engine, s);
  KolArg args[2] = { kol_arg_entity (a->entity) };

  if (company >= 0)
    {
      args[1] = kol_arg_int (KOL_ARG_COMPANY, company);
      kol_engine_log (engine, KOL_LOG_PASSES_ON, args, 2);
      kol_auctioneer_remove_bidder (wf (engine), company_entity (company), a->entity);
      wf_resolve_bids (engine, s);
      return TRUE;
    }
  kol_engine_log (engine, KOL_LOG_PASSES_BIDDING, args, 1);
  kol_entity_set_passed (engine, a->entity, TRUE);
  if (all_round_entities_passed (engine))
    wf_all_passed (engine, s);
  kol_round_next_entity_index (engine);
  return TRUE;
}

static gboolean
wf_process_bid (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  KolAuctioneer *au = wf (engine);
  int company = a->company;
  int auctioning = kol_step_waterfall_auction_auctioning (engine, s);

  if (company < 0 || find_company (au, company) < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0,
                            "that company is not for sale");
  if (auctioning >= 0 && company != auctioning)
    {
      KolArg args[2] = {
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_BID_AUCTION_ONLY),
        kol_arg_int (KOL_ARG_COMPANY, auctioning),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                              "only %s takes bids now", engine->title->companies[auctioning].id);
    }
  kol_entity_set_passed (engine, a->entity, FALSE);
  if (auctioning >= 0)
    return wf_add_bid (engine, s, a->entity, company, a->price, error);

  if (kol_step_waterfall_auction_may_purchase (engine, s, company))
    {
      /* placement_bid of the cheapest company: a purchase at its price */
      if (a->price != kol_company_min_bid (engine, company))
        {
          KolArg args[2] = {
            kol_arg_int (KOL_ARG_REASON, KOL_REASON_BID_MUST_PAY_PRICE),
            kol_arg_int (KOL_ARG_MONEY, kol_company_min_bid (engine, company)),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                                  "%s is bought for exactly %d", engine->title->companies[company].id,
                                  kol_company_min_bid (engine, company));
        }
      engine->round.last_to_act = a->entity;
      au->auction_triggerer = a->entity;
      if (!wf_buy_company (engine, s, a->entity, company, a->price, error))
        return FALSE;
      wf_resolve_bids (engine, s);
    }
  else if (!wf_add_bid (engine, s, a->entity, company, a->price, error))
    return FALSE;
  kol_round_next_entity_index (engine);
  return TRUE;
}

/**
 * kol_step_waterfall_auction_process:
 *
 * #process_bid / #process_pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_waterfall_auction_process (KolEngine        *engine,
                                    KolStep          *s,
                                    const KolAction  *a,
                                    GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_PLAYER)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only players bid");
  if (a->type == KOL_ACTION_PASS)
    return wf_process_pass (engine, s, a);
  if (a->type == KOL_ACTION_BID)
    return wf_process_bid (engine, s, a, error);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
}

static int
cmp_company_value (gconstpointer a,
                   gconstpointer b,
                   gpointer      data)
{
  KolEngine *engine = data;
  int x = *(const gint16 *) a, y = *(const gint16 *) b;

  if (engine->companies[x].value != engine->companies[y].value)
    return engine->companies[x].value < engine->companies[y].value ? -1 : 1;
  return x - y;
}

/**
 * kol_step_waterfall_auction_setup:
 *
 * #setup: the companies by value; the cheapest is remembered.
 */
void
kol_step_waterfall_auction_setup (KolEngine *engine,
                                  KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  kol_auctioneer_init (a);
  a->n_companies = initial_auction_companies (engine, a->companies);
  g_qsort_with_data (a->companies, a->n_companies, sizeof a->companies[0], cmp_company_value, engine);
  a->cheapest = a->n_companies > 0 ? a->companies[0] : -1;
}

/**
 * kol_step_waterfall_auction_round_state:
 *
 * companies_pending_par: none.
 */
void
kol_step_waterfall_auction_round_state (KolEngine *engine,
                                        KolStep   *s)
{
  KOL_AUCTION_STATE (engine)->n_pending_par = 0;
}

const KolStepClass kol_step_waterfall_auction = {
  .name = "Bid on Companies",
  .actions = kol_step_waterfall_auction_actions,
  .active_entities = kol_step_waterfall_auction_active_entities,
  .process = kol_step_waterfall_auction_process,
  .setup = kol_step_waterfall_auction_setup,
  .round_state = kol_step_waterfall_auction_round_state,
};

/* ------------------------------------------------------- SelectionAuction */

static KolAuctioneer *
sel (KolEngine *engine)
{
  return &KOL_AUCTION_STATE (engine)->auction;
}

/**
 * kol_step_selection_auction_min_bid:
 *
 * Returns: the company's price before any bid, else the highest bid plus
 * the increment.
 */
int
kol_step_selection_auction_min_bid (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  target)
{
  const KolBid *high = kol_auctioneer_highest (sel (engine), target);

  if (high == NULL)
    return kol_company_min_bid (engine, target.index);
  return high->price + kol_auction_min_increment (engine);
}

/**
 * kol_step_selection_auction_max_bid:
 *
 * Returns: the bidder's cash.
 */
int
kol_step_selection_auction_max_bid (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  bidder,
                                    KolEntity  target)
{
  return kol_engine_cash (engine, bidder);
}

static int
sel_initial_entities (KolEngine *engine,
                      KolStep   *s,
                      KolEntity *out)
{
  KolRound *r = &engine->round;

  /* entities.rotate(entity_index) */
  for (int i = 0; i < r->n_entities; i++)
    out[i] = r->entities[(r->entity_index + i) % r->n_entities];
  return r->n_entities;
}

static gboolean
sel_can_afford_any (KolEngine *engine,
                    KolStep   *s,
                    KolEntity  entity)
{
  KolAuctioneer *a = sel (engine);

  for (int i = 0; i < a->n_companies; i++)
    {
      KolEntity c = company_entity (a->companies[i]);

      if (kol_step_selection_auction_max_bid (engine, s, entity, c) >=
          kol_step_selection_auction_min_bid (engine, s, c))
        return TRUE;
    }
  return FALSE;
}

/* SelectionAuction#next_entity!: the next player; one who cannot bid is
 * passed over. */
static void
sel_next_entity (KolEngine *engine,
                 KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  for (int guard = 0; guard <= 2 * engine->round.n_entities + 2; guard++)
    {
      KolEntity e;

      kol_round_next_entity_index (engine);
      e = kol_round_entity (engine);
      if (a->auctioning.kind != KOL_ENTITY_NONE)
        {
          if (kol_step_selection_auction_max_bid (engine, s, e, a->auctioning) <
              kol_step_selection_auction_min_bid (engine, s, a->auctioning))
            kol_entity_set_passed (engine, e, TRUE);
        }
      else if (!sel_can_afford_any (engine, s, e))
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (engine, KOL_LOG_NO_VALID_ACTIONS, args, 1);
          kol_entity_set_passed (engine, e, TRUE);
          if (all_round_entities_passed (engine))
            return;
        }
      if (!kol_entity_passed (engine, e))
        return;
    }
}

static void sel_all_passed (KolEngine *engine, KolStep *s);
static gboolean sel_process_bid_internal (KolEngine *engine, KolStep *s, const KolBid *bid, GError **error);

static void
sel_resolve_bids (KolEngine *engine,
                  KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  if (a->auctioning.kind != KOL_ENTITY_NONE && a->n_active_bidders == 0 &&
      kol_auctioneer_n_bids (a, a->auctioning) == 0)
    sel_all_passed (engine, s);
  else
    kol_passable_auction_resolve_bids (engine, s, &kol_selection_auction_ops);
}

static gboolean
sel_add_bid (KolEngine     *engine,
             KolStep       *s,
             const KolBid  *bid,
             GError       **error)
{
  if (!kol_passable_auction_add_bid (engine, s, &kol_selection_auction_ops, bid, error))
    return FALSE;
  log_company_price (engine, KOL_LOG_BIDS, bid->bidder, bid->target.index, bid->price);
  return TRUE;
}

static void
sel_win_bid (KolEngine    *engine,
             KolStep      *s,
             const KolBid *winner,
             KolEntity     target)
{
  if (winner == NULL)
    return;
  kol_engine_move_company (engine, winner->target.index, winner->bidder);
  log_company_price (engine, KOL_LOG_WINS_AUCTION, winner->bidder, winner->target.index, winner->price);
  if (winner->price > 0)
    kol_engine_transfer (engine, winner->bidder, kol_entity (KOL_ENTITY_BANK, 0), winner->price);
  kol_auction_after_buy_company (engine, winner->bidder.index, winner->target.index, winner->price);
  drop_company (sel (engine), winner->target.index);
}

static void
sel_post_win_bid (KolEngine    *engine,
                  KolStep      *s,
                  const KolBid *winner,
                  KolEntity     target)
{
  KolAuctioneer *a = sel (engine);

  kol_round_goto_entity (engine, a->auction_triggerer);
  unpass_round_entities (engine);
  sel_next_entity (engine, s);
  a->auction_triggerer = kol_step_current_entity (engine, s);
  if (a->n_companies > 0)
    kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                         company_entity (a->companies[0]));
}

static void
sel_all_passed (KolEngine *engine,
                KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  if (a->cheapest >= 0 && find_company (a, a->cheapest) >= 0)
    {
      int nv = discount_company (engine, a->cheapest, 5);

      kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                           company_entity (a->cheapest));
      if (nv <= 0)
        {
          /* forced_win: the next player takes it for nothing */
          KolBid bid;

          kol_round_next_entity_index (engine);
          bid.target = company_entity (a->cheapest);
          bid.bidder = kol_step_current_entity (engine, s);
          bid.price = 0;
          a->n_active_bidders = 1;
          a->active_bidders[0] = bid.bidder;
          sel_process_bid_internal (engine, s, &bid, NULL);
        }
    }
  else
    {
      kol_operating_payout_companies (engine);
      if (a->n_companies > 0)
        kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                             company_entity (a->companies[0]));
    }
  unpass_round_entities (engine);
}

static KolAuctioneer *
sel_auctioneer (KolEngine *engine,
                KolStep   *s)
{
  return sel (engine);
}

const KolPassableAuctionOps kol_selection_auction_ops = {
  .min_bid = kol_step_selection_auction_min_bid,
  .max_bid = kol_step_selection_auction_max_bid,
  .win_bid = sel_win_bid,
  .post_win_bid = sel_post_win_bid,
  .resolve_bids = sel_resolve_bids,
  .add_bid = sel_add_bid,
  .initial_auction_entities = sel_initial_entities,
  .auctioneer = sel_auctioneer,
};

/**
 * kol_step_selection_auction_active_entities:
 *
 * Returns: during an auction the active bidder after the highest bidder (or
 * the first), else the round's player.
 */
int
kol_step_selection_auction_active_entities (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity *out,
                                            int        max)
{
  KolAuctioneer *a = sel (engine);
  const KolBid *high;

  if (max < 1)
    return 0;
  if (a->auctioning.kind == KOL_ENTITY_NONE || a->n_active_bidders == 0)
    {
      if (engine->round.n_entities == 0)
        return 0;
      out[0] = engine->round.entities[engine->round.entity_index];
      return 1;
    }
  high = kol_auctioneer_highest (a, a->auctioning);
  out[0] = a->active_bidders[0];
  if (high)
    for (int i = 0; i < a->n_active_bidders; i++)
      if (same_entity (a->active_bidders[i], high->bidder))
        out[0] = a->active_bidders[(i + 1) % a->n_active_bidders];
  return 1;
}

/**
 * kol_step_selection_auction_actions:
 *
 * Returns: bid and pass for the acting player while companies are left.
 */
guint32
kol_step_selection_auction_actions (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  entity)
{
  if (sel (engine)->n_companies == 0 || !same_entity (entity, kol_step_current_entity (engine, s)))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* #process_bid */
static gboolean
sel_process_bid_internal (KolEngine     *engine,
                          KolStep       *s,
                          const KolBid  *bid,
                          GError       **error)
{
  KolAuctioneer *a = sel (engine);

  kol_entity_set_passed (engine, bid->bidder, FALSE);
  if (a->auctioning.kind == KOL_ENTITY_NONE)
    {
      if (!kol_passable_auction_selection_bid (engine, s, &kol_selection_auction_ops, bid, error))
        return FALSE;
      if (a->auctioning.kind != KOL_ENTITY_NONE)
        sel_next_entity (engine, s);
      return TRUE;
    }
  if (a->n_active_bidders == 1)
    {
      if (!sel_add_bid (engine, s, bid, error))
        return FALSE;
      sel_resolve_bids (engine, s);
      return TRUE;
    }
  return sel_add_bid (engine, s, bid, error);
}

/**
 * kol_step_selection_auction_process:
 *
 * #process_bid / #process_pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_selection_auction_process (KolEngine        *engine,
                                    KolStep          *s,
                                    const KolAction  *action,
                                    GError          **error)
{
  KolAuctioneer *a = sel (engine);
  KolEntity e = action->entity;

  if (action->type == KOL_ACTION_BID)
    {
      KolBid bid = { company_entity (action->company), e, action->price };
      KolEntity expected = a->auctioning.kind != KOL_ENTITY_NONE
                           ? a->auctioning
                           : (a->n_companies > 0 ? company_entity (a->companies[0])
                                                 : KOL_ENTITY_INIT_NONE);

      /* may_bid?: only the first company, or the one being auctioned */
      if (action->company < 0 || !kol_entity_equal (bid.target, expected))
        {
          KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_BID_AUCTION_ONLY) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                  "that company takes no bids now");
        }
      return sel_process_bid_internal (engine, s, &bid, error);
    }
  if (action->type != KOL_ACTION_PASS)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
  if (a->auctioning.kind != KOL_ENTITY_NONE)
    {
      kol_passable_auction_pass (engine, s, &kol_selection_auction_ops, e);
      sel_resolve_bids (engine, s);
      return TRUE;
    }
  {
    KolArg args[1] = { kol_arg_entity (e) };

    kol_engine_log (engine, KOL_LOG_PASSES_BIDDING, args, 1);
  }
  drop_active_bidder (a, e);
  kol_entity_set_passed (engine, e, TRUE);
  if (all_round_entities_passed (engine))
    sel_all_passed (engine, s);
  sel_next_entity (engine, s);
  return TRUE;
}

/**
 * kol_step_selection_auction_setup:
 *
 * #setup: the companies in order; the first goes up for auction at once.
 */
void
kol_step_selection_auction_setup (KolEngine *engine,
                                  KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  kol_auctioneer_init (a);
  a->n_companies = initial_auction_companies (engine, a->companies);
  a->cheapest = a->n_companies > 0 ? a->companies[0] : -1;
  if (a->n_companies > 0)
    kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                         company_entity (a->companies[0]));
  a->auction_triggerer = kol_step_current_entity (engine, s);
}

const KolStepClass kol_step_selection_auction = {
  .name = "Bid on Companies",
  .actions = kol_step_selection_auction_actions,
  .active_entities = kol_step_selection_auction_active_entities,
  .process = kol_step_selection_auction_process,
  .setup = kol_step_selection_auction_setup,
  .round_state = kol_step_waterfall_auction_round_state,
};

/* ------------------------------------------------------ CompanyPendingPar */

/**
 * kol_step_company_pending_par_round_state:
 *
 * companies_pending_par: none.
 */
void
kol_step_company_pending_par_round_state (KolEngine *engine,
                                          KolStep   *s)
{
  KOL_AUCTION_STATE (engine)->n_pending_par = 0;
}

/**
 * kol_step_company_pending_par_active:
 *
 * Returns: %TRUE while a company waits for its corporation to be parred.
 */
gboolean
kol_step_company_pending_par_active (KolEngine *engine,
                                     KolStep   *s)
{
  return KOL_AUCTION_STATE (engine)->n_pending_par > 0;
}

/**
 * kol_step_company_pending_par_active_entities:
 *
 * Returns: the owner of the first pending company.
 */
int
kol_step_company_pending_par_active_entities (KolEngine *engine,
                                              KolStep   *s,
                                              KolEntity *out,
                                              int        max)
{
  KolAuctionRoundState *st = KOL_AUCTION_STATE (engine);
  KolEntity owner;

  if (st->n_pending_par == 0 || max < 1)
    return 0;
  owner = engine->companies[st->pending_par[0]].owner;
  if (owner.kind == KOL_ENTITY_NONE)
    return 0;
  out[0] = owner;
  return 1;
}

/**
 * kol_step_company_pending_par_actions:
 *
 * Returns: par for the owner of the first pending company.
 */
guint32
kol_step_company_pending_par_actions (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity  entity)
{
  return same_entity (entity, kol_step_current_entity (engine, s)) ? KOL_ACTION_BIT (KOL_ACTION_PAR) : 0;
}

/* The corporations the pending company lets its owner par. */
static gboolean
pending_par_allowed (KolEngine *engine,
                     int        company,
                     int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  int required = h && h->pending_par_corp ? h->pending_par_corp (engine, company) : -1;

  if (corp < 0 || corp >= engine->n_corps || engine->corps[corp].ipoed || engine->corps[corp].closed)
    return FALSE;
  return required < 0 || required == corp;
}

static gboolean
cell_in (const KolCell *cells,
         int            n,
         KolCell        cell)
{
  for (int i = 0; i < n; i++)
    if (kol_cell_equal (cells[i], cell))
      return TRUE;
  return FALSE;
}

/**
 * kol_step_company_pending_par_process:
 *
 * #process_par: the price is set from Game#par_prices, the owner receives
 * the president's certificate free, Game#after_par runs and the company is
 * no longer pending.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_company_pending_par_process (KolEngine        *engine,
                                      KolStep          *s,
                                      const KolAction  *a,
                                      GError          **error)
{
  KolAuctionRoundState *st = KOL_AUCTION_STATE (engine);
  KolCell cells[KOL_MAX_MARKET_ROWS * KOL_MAX_MARKET_COLS];
  KolCell cell = kol_cell (a->cell_row, a->cell_col);
  int corp = a->corp, n;
  gint16 cert;
  KolBundle bundle;
  KolBuyOpts opts;

  if (a->type != KOL_ACTION_PAR || st->n_pending_par == 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "nothing to par");
  if (!pending_par_allowed (engine, st->pending_par[0], corp) ||
      kol_engine_certs_of (engine, kol_entity (KOL_ENTITY_CORP, corp), corp, &cert, 1) < 1)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_PAR_NOT_ALLOWED) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "this corporation cannot be parred with this company");
    }
  n = kol_stock_par_prices (engine, corp, cells, G_N_ELEMENTS (cells));
  if (!cell_in (cells, n, cell))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_PAR_PRICE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "par price at %d,%d is not available", cell.row, cell.col);
    }
  kol_market_set_par (engine, corp, cell);
  kol_bundle_init_cert (engine, &bundle, cert);
  kol_buy_opts_init (&opts);
  opts.exchange = KOL_EXCHANGE_FREE;
  kol_shares_buy (engine, a->entity, &bundle, &opts);
  kol_stock_after_par (engine, corp);
  memmove (&st->pending_par[0], &st->pending_par[1], (st->n_pending_par - 1) * sizeof st->pending_par[0]);
  st->n_pending_par--;
  return TRUE;
}

const KolStepClass kol_step_company_pending_par = {
  .name = "Choose Corporation Par Value",
  .actions = kol_step_company_pending_par_actions,
  .active = kol_step_company_pending_par_active,
  .active_entities = kol_step_company_pending_par_active_entities,
  .process = kol_step_company_pending_par_process,
  .round_state = kol_step_company_pending_par_round_state,
};

/* ------------------------------------------------------------ legal choices */

static int
waterfall_bid_options (KolEngine    *engine,
                       KolStep      *s,
                       KolEntity     entity,
                       KolBidOption *out,
                       int           max)
{
  KolAuctioneer *a = wf (engine);
  int auctioning = kol_step_waterfall_auction_auctioning (engine, s), n = 0;

  for (int i = 0; i < a->n_companies && n < max; i++)
    {
      int c = a->companies[i];
      int min = kol_step_waterfall_auction_min_bid (engine, s, c);
      int top = kol_step_waterfall_auction_max_bid (engine, s, entity.index, c);
      gboolean purchase = kol_step_waterfall_auction_may_purchase (engine, s, c);

      if ((auctioning >= 0 && c != auctioning) || top < min)
        continue;
      out[n].company = (gint16) c;
      out[n].purchase = purchase;
      out[n].min = min;
      out[n].max = purchase ? min : top;
      out[n].step = purchase ? 0 : kol_auction_min_increment (engine);
      n++;
    }
  return n;
}

static int
selection_bid_options (KolEngine    *engine,
                       KolStep      *s,
                       KolEntity     entity,
                       KolBidOption *out,
                       int           max)
{
  KolAuctioneer *a = sel (engine);
  KolEntity target = a->auctioning.kind != KOL_ENTITY_NONE
                     ? a->auctioning
                     : (a->n_companies > 0 ? company_entity (a->companies[0]) : KOL_ENTITY_INIT_NONE);
  int min, top;

  if (target.kind == KOL_ENTITY_NONE || max < 1)
    return 0;
  min = kol_step_selection_auction_min_bid (engine, s, target);
  top = kol_step_selection_auction_max_bid (engine, s, entity, target);
  if (top < min)
    return 0;
  out[0].company = target.index;
  out[0].purchase = FALSE;
  out[0].min = min;
  out[0].max = top;
  out[0].step = kol_auction_min_increment (engine);
  return 1;
}

/**
 * kol_auction_bid_options:
 * @out: (out) (array): the companies @entity may bid on, with the amounts
 *
 * For the generic auction steps; title auction steps answer for
 * themselves.
 *
 * Returns: how many options were written.
 */
int
kol_auction_bid_options (KolEngine    *engine,
                         KolEntity     entity,
                         KolBidOption *out,
                         int           max)
{
  KolStep *s = kol_round_step_for (engine, entity, KOL_ACTION_BID);

  if (s == NULL || entity.kind != KOL_ENTITY_PLAYER)
    return 0;
  /* title subclasses reuse the generic process slot (1849's waterfall) */
  if (s->klass->process == kol_step_waterfall_auction_process)
    return waterfall_bid_options (engine, s, entity, out, max);
  if (s->klass->process == kol_step_selection_auction_process)
    return selection_bid_options (engine, s, entity, out, max);
  return 0;
}

/**
 * kol_auction_par_options:
 * @out: (out) (array): the corporations a pending company's owner may par
 *
 * Returns: how many options were written.
 */
int
kol_auction_par_options (KolEngine    *engine,
                         KolEntity     entity,
                         KolParOption *out,
                         int           max)
{
  KolAuctionRoundState *st = KOL_AUCTION_STATE (engine);
  KolStep *s = kol_round_step_for (engine, entity, KOL_ACTION_PAR);
  int n = 0;

  if (s == NULL || s->klass->process != kol_step_company_pending_par_process || st->n_pending_par == 0)
    return 0;
  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      int corp = engine->corp_order[i];

      if (!pending_par_allowed (engine, st->pending_par[0], corp))
        continue;
      out[n].corp = (gint16) corp;
      out[n].n_cells = kol_stock_par_prices (engine, corp, out[n].cells, KOL_MAX_PAR_CELLS);
      n++;
    }
  return n;
}
