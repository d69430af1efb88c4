/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The selection auction: the player whose turn it is picks a company by
 * bidding on it, which puts it up for auction (the players bid in turn or
 * pass out of it until one bidder is left, as in 1840 VI). It is its own
 * file because it is one auction kind with rules of its own, beside the
 * waterfall auction (kol-engine-auction-waterfall.c); both keep their bids
 * in the KolAuctioneer of kol-engine-auction.c. */
#include "kol-engine-auction-private.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

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
      KolEntity c = _kol_auction_company_entity (a->companies[i]);

      if (kol_step_selection_auction_max_bid (engine, s, entity, c) >=
          kol_step_selection_auction_min_bid (engine, s, c))
        return TRUE;
    }
  return FALSE;
}

/* The next player; one who cannot bid is passed over. */
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
          if (_kol_auction_all_round_entities_passed (engine))
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
  _kol_auction_log_company_price (engine, KOL_LOG_BIDS, bid->bidder, bid->target.index, bid->price);
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
  _kol_auction_log_company_price (engine, KOL_LOG_WINS_AUCTION, winner->bidder, winner->target.index, winner->price);
  if (winner->price > 0)
    kol_engine_transfer (engine, winner->bidder, kol_entity (KOL_ENTITY_BANK, 0), winner->price);
  kol_auction_after_buy_company (engine, winner->bidder.index, winner->target.index, winner->price);
  _kol_auction_drop_company (sel (engine), winner->target.index);
}

static void
sel_post_win_bid (KolEngine    *engine,
                  KolStep      *s,
                  const KolBid *winner,
                  KolEntity     target)
{
  KolAuctioneer *a = sel (engine);

  kol_round_goto_entity (engine, a->auction_triggerer);
  _kol_auction_unpass_round_entities (engine);
  sel_next_entity (engine, s);
  a->auction_triggerer = kol_step_current_entity (engine, s);
  if (a->n_companies > 0)
    kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                         _kol_auction_company_entity (a->companies[0]));
}

static void
sel_all_passed (KolEngine *engine,
                KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  if (a->cheapest >= 0 && _kol_auction_find_company (a, a->cheapest) >= 0)
    {
      int nv = _kol_auction_discount_company (engine, a->cheapest, 5);

      kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                           _kol_auction_company_entity (a->cheapest));
      if (nv <= 0)
        {
          /* forced_win: the next player takes it for nothing */
          KolBid bid;

          kol_round_next_entity_index (engine);
          bid.target = _kol_auction_company_entity (a->cheapest);
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
                                             _kol_auction_company_entity (a->companies[0]));
    }
  _kol_auction_unpass_round_entities (engine);
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
      if (kol_entity_same (a->active_bidders[i], high->bidder))
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
  if (sel (engine)->n_companies == 0 || !kol_entity_same (entity, kol_step_current_entity (engine, s)))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* A bid: the first starts an auction, later ones raise it. */
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
 * A bid or a pass.
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
      KolBid bid = { _kol_auction_company_entity (action->company), e, action->price };
      KolEntity expected = a->auctioning.kind != KOL_ENTITY_NONE
                           ? a->auctioning
                           : (a->n_companies > 0 ? _kol_auction_company_entity (a->companies[0])
                                                 : KOL_ENTITY_INIT_NONE);

      /* bids only on the first company, or on the one being auctioned */
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
  _kol_auction_drop_active_bidder (a, e);
  kol_entity_set_passed (engine, e, TRUE);
  if (_kol_auction_all_round_entities_passed (engine))
    sel_all_passed (engine, s);
  sel_next_entity (engine, s);
  return TRUE;
}

/**
 * kol_step_selection_auction_setup:
 *
 * The companies in order; the first goes up for auction at once.
 */
void
kol_step_selection_auction_setup (KolEngine *engine,
                                  KolStep   *s)
{
  KolAuctioneer *a = sel (engine);

  kol_auctioneer_init (a);
  a->n_companies = _kol_auction_initial_auction_companies (engine, a->companies);
  a->cheapest = a->n_companies > 0 ? a->companies[0] : -1;
  if (a->n_companies > 0)
    kol_passable_auction_auction_entity (engine, s, &kol_selection_auction_ops,
                                         _kol_auction_company_entity (a->companies[0]));
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

int
_kol_auction_selection_bid_options (KolEngine    *engine,
                                    KolStep      *s,
                                    KolEntity     entity,
                                    KolBidOption *out,
                                    int           max)
{
  KolAuctioneer *a = sel (engine);
  KolEntity target = a->auctioning.kind != KOL_ENTITY_NONE
                     ? a->auctioning
                     : (a->n_companies > 0 ? _kol_auction_company_entity (a->companies[0]) : KOL_ENTITY_INIT_NONE);
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
