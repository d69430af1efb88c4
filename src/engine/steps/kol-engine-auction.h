/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-stock.h"

G_BEGIN_DECLS

/*
 * Auctions, after 18xx.games' Round::Auction (round/auction.rb), the
 * Auctioner and PassableAuction step modules (step/auctioner.rb,
 * step/passable_auction.rb), Step::WaterfallAuction (1849's initial stock
 * round), Step::SelectionAuction and Step::CompanyPendingPar, and
 * Game#payout_companies (kol_operating_payout_companies).
 *
 * The bids live in a KolAuctioneer: at the start of engine->round.data in an
 * auction round (KolAuctionRoundState), or wherever a title keeps one (1840's
 * line auctions run in other rounds and can keep theirs in its title area).
 * Title hooks are in KolStockHooks: after_buy_company, pending_par_corp,
 * min_bid_increment.
 */

#define KOL_AUCTION_MAX_BIDS 40

/* One bid: Action::Bid's entity, target (company or corporation) and price. */
typedef struct
{
  KolEntity target;
  KolEntity bidder;
  int       price;
} KolBid;

/*
 * Auctioner's @bids (per target in bid order; a bidder has at most one bid
 * per target), PassableAuction's @auctioning, @active_bidders and
 * @auction_triggerer, and the step ivars of WaterfallAuction and
 * SelectionAuction (@companies, @cheapest, @bidders).
 */
typedef struct
{
  int       n_bids;
  KolBid    bids[KOL_AUCTION_MAX_BIDS];
  KolEntity auctioning;                       /* NONE when no auction runs */
  int       n_active_bidders;
  KolEntity active_bidders[KOL_MAX_PLAYERS];
  KolEntity auction_triggerer;
  guint32   bidders[KOL_MAX_COMPANIES];       /* players who bid on each company (bits) */
  int       n_companies;
  gint16    companies[KOL_MAX_COMPANIES];     /* still for sale, in auction order */
  gint16    cheapest;
} KolAuctioneer;

/* The round state of an auction round (Ruby's companies_pending_par round
 * state, and the auction steps' bids). */
typedef struct
{
  int           n_pending_par;
  gint16        pending_par[KOL_MAX_COMPANIES];
  KolAuctioneer auction;
} KolAuctionRoundState;

G_STATIC_ASSERT (sizeof (KolAuctionRoundState) <= KOL_ROUND_TITLE_OFFSET);

#define KOL_AUCTION_STATE(engine) KOL_ROUND_GENERIC (engine, KolAuctionRoundState)

/* ----------------------------------------------------------- Auctioner */

/* setup_auction: no bids, no auction. */
void          kol_auctioneer_init          (KolAuctioneer *a);
/* Bids on @target in bid order; returns the count (indices into a->bids). */
int           kol_auctioneer_bids_on       (const KolAuctioneer *a,
                                            KolEntity            target,
                                            int                 *idx,
                                            int                  max);
int           kol_auctioneer_n_bids        (const KolAuctioneer *a,
                                            KolEntity            target);
/* highest_bid (first of the highest) / the lowest bid (first of the lowest),
 * NULL when none. */
const KolBid *kol_auctioneer_highest       (const KolAuctioneer *a,
                                            KolEntity            target);
const KolBid *kol_auctioneer_lowest        (const KolAuctioneer *a,
                                            KolEntity            target);
/* current_bid_amount: @bidder's bid on @target, 0 when none. */
int           kol_auctioneer_current_bid   (const KolAuctioneer *a,
                                            KolEntity            bidder,
                                            KolEntity            target);
/* committed_cash of WaterfallAuction: the sum of @bidder's bids
 * (ONLY_HIGHEST_BID_COMMITTED is false in both titles). */
int           kol_auctioneer_committed     (const KolAuctioneer *a,
                                            KolEntity            bidder);
/* Stores @bid, replacing the bidder's earlier bid on the target (add_bid). */
void          kol_auctioneer_put           (KolAuctioneer *a,
                                            const KolBid  *bid);
/* replace_bid: @bid becomes the only bid on its target. */
void          kol_auctioneer_replace       (KolAuctioneer *a,
                                            const KolBid  *bid);
void          kol_auctioneer_remove_bidder (KolAuctioneer *a,
                                            KolEntity      target,
                                            KolEntity      bidder);
/* @bids.delete(target) / @bids.clear */
void          kol_auctioneer_clear_target  (KolAuctioneer *a,
                                            KolEntity      target);
void          kol_auctioneer_clear         (KolAuctioneer *a);
/* Auctioner#add_bid's checks: @price between @min and @max. */
gboolean      kol_auction_check_bid        (KolEngine  *engine,
                                            KolEntity   bidder,
                                            int         price,
                                            int         min,
                                            int         max,
                                            GError    **error);

/* --------------------------------------------------------- Game methods */

/* MIN_BID_INCREMENT */
int           kol_auction_min_increment    (KolEngine *engine);
/* Company#min_bid: value − discount (KolCompany.discounted holds the
 * discount). */
int           kol_company_min_bid          (KolEngine *engine,
                                            int        company);
/* Game#after_buy_company through the title's hook. */
void          kol_auction_after_buy_company (KolEngine *engine,
                                             int        player,
                                             int        company,
                                             int        price);
/* round.companies_pending_par << @company (CompanyPendingPar then asks the
 * owner to par). */
void          kol_auction_add_pending_par  (KolEngine *engine,
                                            int        company);

/* -------------------------------------------------------- Round::Auction */

/* Round::Auction: every player, in order; the round ends when no step is
 * active. */
extern const KolRoundClass kol_round_auction;

void          kol_round_auction_select_entities (KolEngine *engine, KolRound *r);

/* --------------------------------------------------------- PassableAuction */

/* The step methods PassableAuction calls that its classes define. */
typedef struct
{
  int      (*min_bid)       (KolEngine *engine, KolStep *s, KolEntity target);
  int      (*max_bid)       (KolEngine *engine, KolStep *s, KolEntity bidder, KolEntity target);
  /* @winner NULL: nobody won. */
  void     (*win_bid)       (KolEngine *engine, KolStep *s, const KolBid *winner, KolEntity target);
  void     (*post_win_bid)  (KolEngine *engine, KolStep *s, const KolBid *winner, KolEntity target);
  /* NULL: kol_passable_auction_resolve_bids. */
  void     (*resolve_bids)  (KolEngine *engine, KolStep *s);
  /* NULL: kol_passable_auction_add_bid. */
  gboolean (*add_bid)       (KolEngine *engine, KolStep *s, const KolBid *bid, GError **error);
  /* NULL: the round's entities. */
  int      (*initial_auction_entities) (KolEngine *engine, KolStep *s, KolEntity *out);
  /* Where the step keeps its bids. */
  KolAuctioneer *(*auctioneer) (KolEngine *engine, KolStep *s);
} KolPassableAuctionOps;

void      kol_passable_auction_setup             (KolAuctioneer *a);
/* #remove_from_auction: out of the bidders, bid withdrawn, resolve. */
void      kol_passable_auction_remove            (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    entity);
/* #pass_auction: logs "passes on" and removes @entity. */
void      kol_passable_auction_pass              (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    entity);
/* #auction_entity: @target goes up; bidders who cannot reach the minimum
 * (except the triggerer) are out. */
void      kol_passable_auction_auction_entity    (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    target);
/* #selection_bid: the first bid starts the auction of its target. */
gboolean  kol_passable_auction_selection_bid     (KolEngine                    *engine,
                                                  KolStep                      *s,
                                                  const KolPassableAuctionOps  *ops,
                                                  const KolBid                 *bid,
                                                  GError                      **error);
/* #add_bid: checked and stored; bidders who can no longer reach the
 * minimum drop out. */
gboolean  kol_passable_auction_add_bid           (KolEngine                    *engine,
                                                  KolStep                      *s,
                                                  const KolPassableAuctionOps  *ops,
                                                  const KolBid                 *bid,
                                                  GError                      **error);
/* #resolve_bids: with one bidder left (and a bid) or none, the auction ends
 * (win_bid, then post_win_bid). */
void      kol_passable_auction_resolve_bids      (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops);
/* The class's resolve_bids (ops->resolve_bids or the one above). */
void      kol_passable_auction_resolve           (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops);

/* ------------------------------------------------------ WaterfallAuction */

extern const KolStepClass kol_step_waterfall_auction;

guint32  kol_step_waterfall_auction_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
int      kol_step_waterfall_auction_active_entities (KolEngine *engine, KolStep *s, KolEntity *out,
                                                     int        max);
gboolean kol_step_waterfall_auction_process         (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                     GError    **error);
void     kol_step_waterfall_auction_setup           (KolEngine *engine, KolStep *s);
void     kol_step_waterfall_auction_round_state     (KolEngine *engine, KolStep *s);
void     kol_step_waterfall_auction_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity,
                                                     GPtrArray *out);
/* The company being auctioned (bids from more than one player), or -1. */
int       kol_step_waterfall_auction_auctioning     (KolEngine *engine, KolStep *s);
gboolean  kol_step_waterfall_auction_may_purchase   (KolEngine *engine, KolStep *s, int company);
int       kol_step_waterfall_auction_min_bid        (KolEngine *engine, KolStep *s, int company);
int       kol_step_waterfall_auction_max_bid        (KolEngine *engine, KolStep *s, int player,
                                                     int        company);

/* ------------------------------------------------------ SelectionAuction */

extern const KolStepClass kol_step_selection_auction;
extern const KolPassableAuctionOps kol_selection_auction_ops;

guint32  kol_step_selection_auction_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
int      kol_step_selection_auction_active_entities (KolEngine *engine, KolStep *s, KolEntity *out,
                                                     int        max);
gboolean kol_step_selection_auction_process         (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                     GError    **error);
void     kol_step_selection_auction_setup           (KolEngine *engine, KolStep *s);
int      kol_step_selection_auction_min_bid         (KolEngine *engine, KolStep *s, KolEntity target);
int      kol_step_selection_auction_max_bid         (KolEngine *engine, KolStep *s, KolEntity bidder,
                                                     KolEntity  target);

/* ----------------------------------------------------- CompanyPendingPar */

extern const KolStepClass kol_step_company_pending_par;

guint32  kol_step_company_pending_par_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_company_pending_par_active          (KolEngine *engine, KolStep *s);
int      kol_step_company_pending_par_active_entities (KolEngine *engine, KolStep *s, KolEntity *out,
                                                       int        max);
gboolean kol_step_company_pending_par_process         (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                       GError    **error);
void     kol_step_company_pending_par_round_state     (KolEngine *engine, KolStep *s);
void     kol_step_company_pending_par_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity,
                                                       GPtrArray *out);

/* ------------------------------------------------------------ legal choices */

/* A company @entity may bid on now: a purchase at exactly @min (the first
 * company of a waterfall), or a bid from @min to @max in steps of @step. */
typedef struct
{
  gint16   company;
  guint8   purchase;
  int      min;
  int      max;
  int      step;
} KolBidOption;

/* Each returns how many options it wrote (0 when @entity cannot bid / par
 * now). */
int       kol_auction_bid_options  (KolEngine    *engine,
                                    KolEntity     entity,
                                    KolBidOption *out,
                                    int           max);
int       kol_auction_par_options  (KolEngine    *engine,
                                    KolEntity     entity,
                                    KolParOption *out,
                                    int           max);

G_END_DECLS
