/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Auctions: the bids, the rules and helpers the auction steps share, the
 * auction round, passable auctions, the step in which the buyer of a
 * company that brings a corporation starts it (1849 §8.1) and the choices offered to the UI. The two generic auction steps
 * are each in a file of their own: kol-engine-auction-waterfall.c (1849's
 * initial stock round) and kol-engine-auction-selection.c. */
#include "kol-engine-auction-private.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

#include <string.h>

/* ---------------------------------------------------------------- bids */

/**
 * kol_auctioneer_init:
 *
 * No bids, nothing being auctioned.
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
    if (kol_entity_equal (a->bids[i].target, target) && kol_entity_same (a->bids[i].bidder, bidder))
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
    if (kol_entity_same (a->bids[i].bidder, bidder))
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
    if (!(kol_entity_equal (a->bids[i].target, target) && kol_entity_same (a->bids[i].bidder, bidder)))
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
 * @bid becomes the only bid on its target.
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
 * The checks of a bid (neither title requires multiples of the increment:
 * 1840 VI's "multiples of 5" are met by prices in steps of 5).
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
 * Returns: how much a bid must raise the last one (5 unless the title says).
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
 * Returns: the least bid on @company: its value less the auction discount.
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
 * After @player bought @company, through the title's hook (generic:
 * nothing).
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

void
_kol_auction_log_company_price (KolEngine *engine,
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

void
_kol_auction_unpass_round_entities (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
}

gboolean
_kol_auction_all_round_entities_passed (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_entity_passed (engine, engine->round.entities[i]))
      return FALSE;
  return TRUE;
}

int
_kol_auction_find_company (const KolAuctioneer *a,
                           int                  company)
{
  for (int i = 0; i < a->n_companies; i++)
    if (a->companies[i] == company)
      return i;
  return -1;
}

void
_kol_auction_drop_company (KolAuctioneer *a,
                           int            company)
{
  int i = _kol_auction_find_company (a, company);

  if (i < 0)
    return;
  memmove (&a->companies[i], &a->companies[i + 1], (a->n_companies - i - 1) * sizeof a->companies[0]);
  a->n_companies--;
}

/* The least bid on @company decreases by @discount: nobody bought it in a
 * whole round (1849 §8, 1840 VI: 5 less each time). */
int
_kol_auction_discount_company (KolEngine *engine,
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

/* The companies of the first auction: every company. */
int
_kol_auction_initial_auction_companies (KolEngine *engine,
                                        gint16    *out)
{
  for (int i = 0; i < engine->n_companies; i++)
    out[i] = (gint16) i;
  return engine->n_companies;
}

/* --------------------------------------------------- the auction round */

/**
 * kol_round_auction_select_entities:
 *
 * The round's entities: every player in order.
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

/* ------------------------------------------------- passable auctions */

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
 * No bids, nothing auctioned, nobody bidding.
 */
void
kol_passable_auction_setup (KolAuctioneer *a)
{
  a->n_bids = 0;
  a->auctioning = KOL_ENTITY_INIT_NONE;
  a->n_active_bidders = 0;
  a->auction_triggerer = KOL_ENTITY_INIT_NONE;
}

void
_kol_auction_drop_active_bidder (KolAuctioneer *a,
                                 KolEntity      entity)
{
  int m = 0;

  for (int i = 0; i < a->n_active_bidders; i++)
    if (!kol_entity_same (a->active_bidders[i], entity))
      a->active_bidders[m++] = a->active_bidders[i];
  a->n_active_bidders = m;
}

/**
 * kol_passable_auction_resolve:
 *
 * The step's resolve_bids (its own, or kol_passable_auction_resolve_bids()).
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
 * @entity leaves the auction: its bid is withdrawn, then the bids are
 * resolved.
 */
void
kol_passable_auction_remove (KolEngine                   *engine,
                             KolStep                     *s,
                             const KolPassableAuctionOps *ops,
                             KolEntity                    entity)
{
  KolAuctioneer *a = ops_auctioneer (engine, s, ops);

  _kol_auction_drop_active_bidder (a, entity);
  if (a->auctioning.kind != KOL_ENTITY_NONE)
    kol_auctioneer_remove_bidder (a, a->auctioning, entity);
  kol_passable_auction_resolve (engine, s, ops);
}

/**
 * kol_passable_auction_pass:
 *
 * @entity passes on the auction (logged) and leaves it.
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
 * @target goes up for auction among the bidders who can still reach its
 * minimum.
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
    if (kol_entity_same (entities[i], a->auction_triggerer) ||
        ops->max_bid (engine, s, entities[i], target) >= min)
      {
        if (a->n_active_bidders < KOL_MAX_PLAYERS)
          a->active_bidders[a->n_active_bidders++] = entities[i];
      }
  for (int i = 0; i < n; i++)
    if (!(kol_entity_same (entities[i], a->auction_triggerer) ||
          ops->max_bid (engine, s, entities[i], target) >= min))
      log_cannot_bid (engine, entities[i], min, target);
  kol_passable_auction_resolve (engine, s, ops);
}

/**
 * kol_passable_auction_add_bid:
 *
 * The bid is checked and stored, then the bidders who can no longer reach
 * the minimum drop out.
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
    if (!(kol_entity_same (a->active_bidders[i], bid->bidder) ||
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
 * The first bid starts the auction of its target.
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
 * With no bidder left nobody wins; with one
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
  return kol_entity_same (entity, kol_step_current_entity (engine, s)) ? KOL_ACTION_BIT (KOL_ACTION_PAR) : 0;
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
 * The par price is one the title offers, the owner receives the president's
 * certificate free (1849 §8.1), the title's after_par runs and the company
 * is no longer pending.
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

/**
 * kol_step_company_pending_par_legal_actions:
 *
 * Appends a par action for every corporation and par cell @entity may
 * choose.
 */
void
kol_step_company_pending_par_legal_actions (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity  entity,
                                            GPtrArray *out)
{
  KolParOption options[KOL_MAX_CORPS];
  int n;

  if (kol_step_actions (engine, s, entity) == 0)
    return;
  n = kol_auction_par_options (engine, entity, options, G_N_ELEMENTS (options));
  for (int i = 0; i < n; i++)
    for (int k = 0; k < options[i].n_cells; k++)
      {
        KolAction *a = kol_action_new (KOL_ACTION_PAR, entity);

        a->corp = options[i].corp;
        a->cell_row = options[i].cells[k].row;
        a->cell_col = options[i].cells[k].col;
        g_ptr_array_add (out, a);
      }
}

const KolStepClass kol_step_company_pending_par = {
  .name = "Choose Corporation Par Value",
  .actions = kol_step_company_pending_par_actions,
  .active = kol_step_company_pending_par_active,
  .active_entities = kol_step_company_pending_par_active_entities,
  .process = kol_step_company_pending_par_process,
  .round_state = kol_step_company_pending_par_round_state,
  .legal_actions = kol_step_company_pending_par_legal_actions,
};

/* ------------------------------------------------------------ legal choices */

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
    return _kol_auction_waterfall_bid_options (engine, s, entity, out, max);
  if (s->klass->process == kol_step_selection_auction_process)
    return _kol_auction_selection_bid_options (engine, s, entity, out, max);
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
