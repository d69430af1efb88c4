/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-info.h"
#include "kol-title-1849-private.h"

/*
 * 1849 Sicily: what the table shows of the rules module's state
 * (kol-engine-info.h): the E-token of Electric Dreams (14.3), and the bids
 * of the initial stock round (8).
 */

static int
corp_markers (const KolEngine  *engine,
              int               corp,
              const char      **out,
              int               max)
{
  int n = 0;

  if (kol_1849_corp_const (engine, corp)->e_token && n < max)
    out[n++] = "e_token";
  return n;
}

/* The initial stock round's waterfall auction keeps its bids in the
 * round's auction state. */
static const KolAuctioneer *
auction (const KolEngine *engine)
{
  if (engine->round.kind != K49_ROUND_AUCTION)
    return NULL;
  return &KOL_ROUND_GENERIC (engine, const KolAuctionRoundState)->auction;
}

const KolInfoHooks kol_1849_info_hooks = {
  .corp_markers = corp_markers,
  .auction = auction,
};
