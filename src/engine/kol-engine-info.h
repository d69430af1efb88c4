/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-auction.h"

G_BEGIN_DECLS

/*
 * What a table shows that only a title's rules know, for the views: which
 * corporation another one belongs to (1840: a line and its tram company),
 * the markers a corporation holds (1849: the E-token), and where the game
 * stands on the title's round track (1840: the round bar of
 * rules.round_track), and the bids open now. A title answers through the KolInfoHooks of its module
 * (KolTitleModule.info_hooks); without them the answers are the generic
 * ones: no parent, no markers, no round track, the bids of an auction
 * round (Round::Auction).
 */

/**
 * KolInfoHooks:
 * @corp_parent: the corporation @corp belongs to, or -1
 * @corp_markers: fills @out with the ids of the markers @corp holds (static
 *   strings such as "e_token"; the views name them with the title's terms
 *   "marker_<id>") and returns how many
 * @round_track_index: the index of the current round in the title's
 *   `rules.round_track`, or -1
 * @auction: the auction whose bids are open now (in a round of the
 *   title's own), or %NULL for the generic answer
 */
typedef struct
{
  int (*corp_parent)       (const KolEngine *engine, int corp);
  int (*corp_markers)      (const KolEngine *engine, int corp, const char **out, int max);
  int (*round_track_index) (const KolEngine *engine);
  const KolAuctioneer *(*auction) (const KolEngine *engine);
} KolInfoHooks;

int   kol_engine_corp_parent        (const KolEngine *engine,
                                     int              corp);
int   kol_engine_corp_markers       (const KolEngine  *engine,
                                     int               corp,
                                     const char      **out,
                                     int               max);
int   kol_engine_round_track_index  (const KolEngine *engine);
const KolAuctioneer *kol_engine_open_auction (const KolEngine *engine);

G_END_DECLS
