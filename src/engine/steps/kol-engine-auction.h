/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-stock.h"

G_BEGIN_DECLS

/*
 * Auctions of private companies: the auction round; the bids; auctions
 * that players may leave by passing ("passable" auctions); the waterfall
 * auction of 1849's initial stock round (§8: buy the cheapest, or bid on a
 * later one); a selection auction (the player in turn picks a company and
 * the others bid or pass, as in 1840's pre-share round, VI, which 1840 runs
 * as a step of its own on the passable auction); and the step
 * in which the buyer of a company that brings a corporation starts it
 * (1849 §8.1, RSA). The companies' revenue is paid by
 * kol_operating_payout_companies().
 *
 * The bids live in a KolAuctioneer: at the start of engine->round.data in an
 * auction round (KolAuctionRoundState), or wherever a title keeps one (1840's
 * line auctions run in other rounds and can keep theirs in its title area).
 * Title hooks are in KolStockHooks: after_buy_company, pending_par_corp,
 * min_bid_increment.
 */

#define KOL_AUCTION_MAX_BIDS 40

/* One bid: who bids, on what (company or corporation) and how much. */
typedef struct
{
  KolEntity target;
  KolEntity bidder;
  int       price;
} KolBid;

/*
 * An auction's state: the bids (per target in bid order; a bidder has at
 * most one bid per target), what is being auctioned, who still bids and who
 * started the auction, and the companies still for sale with the cheapest
 * of them and who bid on each (the waterfall and selection auctions).
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

/* The round state of an auction round: the companies whose buyer must
 * still start their corporation, and the auction steps' bids. */
typedef struct
{
  int           n_pending_par;
  gint16        pending_par[KOL_MAX_COMPANIES];
  KolAuctioneer auction;
} KolAuctionRoundState;

G_STATIC_ASSERT (sizeof (KolAuctionRoundState) <= KOL_ROUND_TITLE_OFFSET);

#define KOL_AUCTION_STATE(engine) KOL_ROUND_GENERIC (engine, KolAuctionRoundState)

/* ---------------------------------------------------------------- bids */

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
/* The money @bidder has set aside: the sum of their bids (1849 §8: money bid
 * cannot be used until the company is sold). */
int           kol_auctioneer_committed     (const KolAuctioneer *a,
                                            KolEntity            bidder);
/* Stores @bid, replacing the bidder's earlier bid on the target. */
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
/* The checks of a bid: @price between @min and @max. */
gboolean      kol_auction_check_bid        (KolEngine  *engine,
                                            KolEntity   bidder,
                                            int         price,
                                            int         min,
                                            int         max,
                                            GError    **error);

/* ------------------------------------------------ rules the steps ask */

/* How much a bid must raise the last one (5 unless the title says: 1849 §8,
 * 1840 VI). */
int           kol_auction_min_increment    (KolEngine *engine);
/* The least bid on @company: its value less the discount of unsold rounds
 * (KolCompany.discounted holds the discount). */
int           kol_company_min_bid          (KolEngine *engine,
                                            int        company);
/* After @player bought @company, through the title's hook. */
void          kol_auction_after_buy_company (KolEngine *engine,
                                             int        player,
                                             int        company,
                                             int        price);
/* @company's owner must start the corporation it brings: the
 * CompanyPendingPar step then asks them for its par price. */
void          kol_auction_add_pending_par  (KolEngine *engine,
                                            int        company);

/* --------------------------------------------------- the auction round */

/* Every player, in order; the round ends when no step is active. */
extern const KolRoundClass kol_round_auction;

void          kol_round_auction_select_entities (KolEngine *engine, KolRound *r);

/* ------------------------------------------------- passable auctions */

/* What a passable auction asks the step that runs it. */
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
/* @entity leaves the auction: out of the bidders, bid withdrawn, resolve. */
void      kol_passable_auction_remove            (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    entity);
/* @entity passes: logs "passes on" and removes @entity (1840 VI: who passes
 * may not bid again in this auction). */
void      kol_passable_auction_pass              (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    entity);
/* @target goes up for auction; bidders who cannot reach the minimum (except
 * the one who started it) are out. */
void      kol_passable_auction_auction_entity    (KolEngine                   *engine,
                                                  KolStep                     *s,
                                                  const KolPassableAuctionOps *ops,
                                                  KolEntity                    target);
/* The first bid starts the auction of its target. */
gboolean  kol_passable_auction_selection_bid     (KolEngine                    *engine,
                                                  KolStep                      *s,
                                                  const KolPassableAuctionOps  *ops,
                                                  const KolBid                 *bid,
                                                  GError                      **error);
/* A bid, checked and stored; bidders who can no longer reach the minimum
 * drop out. */
gboolean  kol_passable_auction_add_bid           (KolEngine                    *engine,
                                                  KolStep                      *s,
                                                  const KolPassableAuctionOps  *ops,
                                                  const KolBid                 *bid,
                                                  GError                      **error);
/* With one bidder left (and a bid) or none, the auction ends
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
int       kol_step_waterfall_auction_auctioning     (KolEngine *engine,
                                                     KolStep   *s);
gboolean  kol_step_waterfall_auction_may_purchase   (KolEngine *engine,
                                                     KolStep   *s,
                                                     int        company);
int       kol_step_waterfall_auction_min_bid        (KolEngine *engine,
                                                     KolStep   *s,
                                                     int        company);
int       kol_step_waterfall_auction_max_bid        (KolEngine *engine,
                                                     KolStep   *s,
                                                     int        player,
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
int      kol_step_selection_auction_min_bid         (KolEngine *engine,
                                                     KolStep   *s,
                                                     KolEntity  target);
int      kol_step_selection_auction_max_bid         (KolEngine *engine,
                                                     KolStep   *s,
                                                     KolEntity  bidder,
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
