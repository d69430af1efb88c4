/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-info.h"

static const KolInfoHooks *
info_hooks (const KolEngine *engine)
{
  return engine->module != NULL ? (const KolInfoHooks *) engine->module->info_hooks : NULL;
}

/**
 * kol_engine_corp_parent:
 * @engine: a game
 * @corp: a corporation index
 *
 * Returns: the corporation that owns @corp (1840: a line's tram company),
 *   or -1 when it stands on its own
 */
int
kol_engine_corp_parent (const KolEngine *engine,
                        int              corp)
{
  const KolInfoHooks *h = info_hooks (engine);

  g_return_val_if_fail (engine != NULL, -1);
  if (corp < 0 || corp >= engine->n_corps || h == NULL || h->corp_parent == NULL)
    return -1;
  return h->corp_parent (engine, corp);
}

/**
 * kol_engine_corp_markers:
 * @engine: a game
 * @corp: a corporation index
 * @out: (out caller-allocates): marker ids
 * @max: room in @out
 *
 * The title's markers @corp holds (1849: "e_token").
 *
 * Returns: how many ids were written
 */
int
kol_engine_corp_markers (const KolEngine  *engine,
                         int               corp,
                         const char      **out,
                         int               max)
{
  const KolInfoHooks *h = info_hooks (engine);
  int n;

  g_return_val_if_fail (engine != NULL && (out != NULL || max == 0), 0);
  if (corp < 0 || corp >= engine->n_corps || h == NULL || h->corp_markers == NULL)
    return 0;
  n = h->corp_markers (engine, corp, out, max);
  return MIN (n, max);
}

/**
 * kol_engine_round_track_index:
 * @engine: a game
 *
 * Returns: the current round's index in the title's `rules.round_track`
 *   (its last entry once the game is over), or -1 when the title has no
 *   round track
 */
int
kol_engine_round_track_index (const KolEngine *engine)
{
  const KolInfoHooks *h = info_hooks (engine);

  g_return_val_if_fail (engine != NULL, -1);
  if (h == NULL || h->round_track_index == NULL)
    return -1;
  return h->round_track_index (engine);
}

/**
 * kol_engine_open_auction:
 * @engine: a game
 *
 * The bids open now, for the table to show on the companies and on the
 * bidders (their committed cash): those of an auction round
 * (Round::Auction, 1849's initial stock round), or of an auction the
 * title runs in a round of its own (1840's line auctions).
 *
 * Returns: (nullable): the auctioneer, valid until the state changes, or
 *   %NULL when no auction runs
 */
const KolAuctioneer *
kol_engine_open_auction (const KolEngine *engine)
{
  const KolInfoHooks *h = info_hooks (engine);
  const KolAuctioneer *a;

  g_return_val_if_fail (engine != NULL, NULL);
  if (engine->finished)
    return NULL;
  if (h != NULL && h->auction != NULL && (a = h->auction (engine)) != NULL)
    return a;
  if (engine->round.klass == &kol_round_auction)
    return &KOL_ROUND_GENERIC (engine, const KolAuctionRoundState)->auction;
  return NULL;
}
