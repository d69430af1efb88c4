/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Kinds of structured log entries (KolLogEntry.kind). Each kind carries typed
 * arguments (KolArg) and has an English template in its comment; the model
 * translates the template and formats the arguments (%1, %2, …). The texts
 * follow what 18xx.games logs, so players see the same history.
 *
 * Engineers append their kinds at the end, in a block named after their area.
 */
typedef enum
{
  KOL_LOG_NONE,

  /* ---- operating rounds (steps/kol-engine-operating.c and the steps of a turn) ---- */
  KOL_LOG_OPERATES,               /* %1 operates %2 */
  KOL_LOG_COMPANY_REVENUE,        /* %1 collects %2 from %3 */
  KOL_LOG_STEP_PASS,              /* %1 passes %2 (step name) */
  KOL_LOG_STEP_SKIP,              /* %1 skips %2 (step name) */
  KOL_LOG_HOME_TOKEN_CHOOSE,      /* %1 must choose city for home token */
  KOL_LOG_TOKEN_CHOOSE,           /* %1 must choose city for token */
  KOL_LOG_TOKEN_PLACED,           /* %1 places a token on %2 */
  KOL_LOG_TOKEN_PLACED_FOR,       /* %1 places a token on %2 for %3 */
  KOL_LOG_TILE_LAID,              /* %1 lays tile #%2 with rotation %3 on %4 */
  KOL_LOG_TILE_LAID_COST,         /* %1 spends %2 and lays tile #%3 with rotation %4 on %5 */
  KOL_LOG_RUNS_TRAIN,             /* %1 runs a %2 train for %3: %4 (route string) */
  KOL_LOG_EXTRA_REVENUE,          /* %1 receives %2 additional revenue */
  KOL_LOG_RUNS_AND_PAYS,          /* %1 runs for %2 and pays %3 (dividend kind) */
  KOL_LOG_WITHHOLDS,              /* %1 withholds %2 */
  KOL_LOG_DOES_NOT_RUN,           /* %1 does not run */
  KOL_LOG_PAYS_OUT,               /* %1 pays out %2 = %3 per share (%3: a decimal number) */
  KOL_LOG_DIVIDEND_TO,            /* %2 to %1 (one receiver of the payout above, largest first) */
  KOL_LOG_OBSOLETE_TRAINS_RUST,   /* -- Event: Obsolete trains rust -- */
  KOL_LOG_TRAINS_OBSOLETE,        /* -- Event: %1 trains are obsolete -- */
  KOL_LOG_OBSOLETE_REMOVED,       /* -- Event: obsolete %1 trains are removed from The Depot -- */
  KOL_LOG_TRAINS_RUST,            /* -- Event: %1 trains rust -- (%1: train names) */
  KOL_LOG_TRAINS_RUST_OWNER,      /* %1 x%2 (one owner of the rusted trains above) */
  KOL_LOG_BUYS_TRAIN,             /* %1 buys a %2 train for %3 from %4 */
  KOL_LOG_BUYS_TRAIN_DEPOT,       /* %1 buys a %2 train for %3 from The Depot */
  KOL_LOG_BUYS_TRAIN_DISCARD,     /* %1 buys a %2 train for %3 from The Discard */
  KOL_LOG_CONTRIBUTES,            /* %1 contributes %2 */
  KOL_LOG_DISCARDS_TRAIN,         /* %1 discards %2 */
  KOL_LOG_SKIPS_TRAINS_NO_ROOM,   /* %1 automatically skips buy trains because it has no room for more trains */
  KOL_LOG_BUYS_COMPANY,           /* %1 buys %2 from %3 for %4 */
  KOL_LOG_BUYS_COMPANY_MARKET,    /* %1 buys %2 from the market for %3 */
  KOL_LOG_COMPANY_CLOSES,         /* %1 closes (a private company) */
  KOL_LOG_CORP_CLOSES,            /* %1 closes (a corporation) */
  KOL_LOG_CORP_COMPANIES_CLOSE,   /* %1's companies close */
  KOL_LOG_BANKRUPT_SELLS,         /* -- %1 goes bankrupt and sells remaining shares -- */
  KOL_LOG_TRAIN_EXPORTS,          /* -- Event: A %1 train exports -- */
  KOL_LOG_TRAINS_EXPORTED,        /* -- Event: All %1 trains are exported -- */
  KOL_LOG_TRAINS_TO_POOL,         /* -- Event: All %1 trains are discarded to the Bank Pool -- */
  KOL_LOG_COMPANIES_CLOSE_EVENT,  /* -- Event: Private companies close -- */
  KOL_LOG_SHARE_PRICE_MOVES,      /* %1's share price moves %4 from %2 to %3 (%4: "up", "left and down", …) */
  KOL_LOG_SHARE_PRICE_MOVES_STEPS,/* %1's share price moves %4 from %2 to %3 (%5 steps) */
  /* ---- end of operating rounds ---- */

  /* ---- stock market, shares, stock rounds, auctions (steps/: the files
   * kol-engine-market.c, kol-engine-shares*.c, kol-engine-stock*.c and
   * kol-engine-auction*.c) ---- */
  KOL_LOG_PRICE_BLOCKED_UP,       /* %1 share price blocked from moving up by phase */
  KOL_LOG_PRICE_BLOCKED_RIGHT,    /* %1 share price blocked from moving right by phase */
  KOL_LOG_PARS,                   /* %1 pars %2 at %3 */
  KOL_LOG_BUYS_SHARE_IPO,         /* %1 buys a %2% share of %3 from the IPO for %4 (1849: "the Treasury") */
  KOL_LOG_BUYS_SHARE_MARKET,      /* %1 buys a %2% share of %3 from the market for %4 */
  KOL_LOG_BUYS_SHARE_FROM,        /* %1 buys a %2% share of %3 from %4 for %5 */
  KOL_LOG_REDEEMS_SHARE_MARKET,   /* %1 redeems a %2% share from the market for %3 */
  KOL_LOG_REDEEMS_SHARE_FROM,     /* %1 redeems a %2% share from %3 for %4 */
  KOL_LOG_RECEIVES_SHARE,         /* %1 receives a %2% share of %3 */
  KOL_LOG_SELLS_SHARE,            /* %1 sells a %2% share of %3 and receives %4 */
  KOL_LOG_SELLS_SHARES,           /* %1 sells %2 shares of %3 and receives %4 */
  KOL_LOG_ISSUES_SHARE,           /* %1 issues a %2% share of %3 and receives %4 */
  KOL_LOG_ISSUES_SHARES,          /* %1 issues %2 shares of %3 and receives %4 */
  KOL_LOG_BECOMES_PRESIDENT,      /* %1 becomes the president of %2 */
  KOL_LOG_FLOATS,                 /* %1 floats */
  KOL_LOG_RECEIVES_CAPITAL,       /* %1 receives %2 */
  KOL_LOG_SR_PASSES,              /* %1 passes */
  KOL_LOG_DECLINES_TO_BUY,        /* %1 declines to buy shares */
  KOL_LOG_DECLINES_TO_SELL,       /* %1 declines to sell shares */
  KOL_LOG_NO_VALID_ACTIONS,       /* %1 has no valid actions and passes */
  KOL_LOG_PRIORITY_DEAL,          /* %1 has priority deal */
  KOL_LOG_PASSES_BIDDING,         /* %1 passes bidding */
  KOL_LOG_PASSES_ON,              /* %1 passes on %2 */
  KOL_LOG_BIDS,                   /* %1 bids %2 for %3 */
  KOL_LOG_BUYS_COMPANY_FOR,       /* %1 buys %2 for %3 */
  KOL_LOG_WINS_AUCTION_ONLY_BID,  /* %1 wins the auction for %2 with the only bid of %3 */
  KOL_LOG_WINS_AUCTION,           /* %1 wins the auction for %2 with a bid of %3 */
  KOL_LOG_GOES_UP_FOR_AUCTION,    /* %1 goes up for auction */
  KOL_LOG_MIN_BID_DECREASES,      /* %1 minimum bid decreases from %2 to %3 */
  KOL_LOG_CANNOT_BID,             /* %1 cannot bid %2 and is out of the auction for %3 */
  /* ---- end of stock market, shares, stock rounds, auctions ---- */


  /* ---- deals between owners (steps/kol-engine-consent.c) ---- */
  KOL_LOG_OFFERS_COMPANY,         /* %1 offers %2 to %3 for %4 (a private company) */
  KOL_LOG_OFFERS_TRAIN,           /* %1 offers %2 to %3 for its %4 train */
  KOL_LOG_OFFERS_TOKEN,           /* %1 offers %2 to %3 for its station token on %4 */
  KOL_LOG_ACCEPTS_OFFER,          /* %1 accepts the offer of %2 */
  KOL_LOG_DECLINES_OFFER,         /* %1 declines the offer of %2 */
  /* ---- end of deals between owners ---- */

  KOL_N_LOG_KINDS
} KolLogKind;

G_END_DECLS
