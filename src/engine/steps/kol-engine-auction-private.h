/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-auction.h"

G_BEGIN_DECLS

/*
 * Internals shared by the auction machinery (kol-engine-auction.c) and the
 * two generic auction steps (kol-engine-auction-waterfall.c,
 * kol-engine-auction-selection.c).
 */

static inline KolEntity
_kol_auction_company_entity (int company)
{
  return kol_entity (KOL_ENTITY_COMPANY, company);
}

/* ---- kol-engine-auction.c ----------------------------------------------- */

void     _kol_auction_log_company_price         (KolEngine *engine,
                                                 int        kind,
                                                 KolEntity  who,
                                                 int        company,
                                                 int        price);
void     _kol_auction_unpass_round_entities     (KolEngine *engine);
gboolean _kol_auction_all_round_entities_passed (KolEngine *engine);
int      _kol_auction_find_company              (const KolAuctioneer *a,
                                                 int                  company);
void     _kol_auction_drop_company              (KolAuctioneer *a,
                                                 int            company);
int      _kol_auction_discount_company          (KolEngine *engine,
                                                 int        company,
                                                 int        discount);
int      _kol_auction_initial_auction_companies (KolEngine *engine,
                                                 gint16    *out);
void     _kol_auction_drop_active_bidder        (KolAuctioneer *a,
                                                 KolEntity      entity);

/* ---- kol-engine-auction-waterfall.c -------------------------------------- */

int      _kol_auction_waterfall_bid_options     (KolEngine    *engine,
                                                 KolStep      *s,
                                                 KolEntity     entity,
                                                 KolBidOption *out,
                                                 int           max);

/* ---- kol-engine-auction-selection.c -------------------------------------- */

int      _kol_auction_selection_bid_options     (KolEngine    *engine,
                                                 KolStep      *s,
                                                 KolEntity     entity,
                                                 KolBidOption *out,
                                                 int           max);

G_END_DECLS
