/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-engine-title.h"

G_BEGIN_DECLS

/*
 * Small helpers the drawn views share: the language of title data, SVG path
 * data for cairo, and cairo surfaces as GDK textures.
 */

/**
 * KolViewTerm:
 * @KOL_TERM_STOCK_MARKET: the stock market's name, as a heading
 * @KOL_TERM_REVENUE: what a location on the map earns
 * @KOL_TERM_CELL_PAR: market cells flagged `p`
 * @KOL_TERM_CELL_PAR_2: market cells flagged `z`
 * @KOL_TERM_CELL_PHASE_ZONE: market cells flagged `u`
 * @KOL_TERM_CELL_END: market cells flagged `e`
 * @KOL_TERM_CELL_CLOSE: market cells flagged `c`
 * @KOL_TERM_CELL_BLOCKED: market cells flagged `x`
 * @KOL_TERM_PRICE_MOVES: heading of the table of share price moves after
 *   dividends
 * @KOL_TERM_COMPANIES: the share companies, as a heading
 * @KOL_TERM_CHARTERS: the companies' charters, as a heading
 * @KOL_TERM_PRIVATE_COMPANIES: the private companies, as a heading
 * @KOL_TERM_TREASURY: a company's cash
 * @KOL_TERM_PRESIDENT: the holder of a company's president's certificate
 * @KOL_TERM_TRAINS: what companies run (1840: trams)
 * @KOL_TERM_SHARE_PRICE: a company's current share price
 * @KOL_TERM_PAR: a company's par value
 * @KOL_TERM_IPO_SHARES: where a company's unsold shares are, as a phrase
 *   ("in the treasury")
 * @KOL_TERM_IN_POOL: shares in the pool, as a phrase ("in the bank pool")
 * @KOL_TERM_POOL: the pool of shares players sold
 * @KOL_TERM_STATION_MARKERS: a company's station markers
 * @KOL_TERM_LOANS: a player's loans
 * @KOL_TERM_COMPANY_LOANS: a company's loans (1849: bonds)
 * @KOL_TERM_NET_WORTH: what a player is worth now, by the title's scoring
 * @KOL_TERM_PRIORITY_DEAL: the player who goes first in the next share
 *   round
 * @KOL_TERM_BANK: the bank
 * @KOL_TERM_AVAILABLE_TRAINS: trains that can be bought now
 * @KOL_TERM_FUTURE_TRAINS: trains that come later
 * @KOL_TERM_PHASES: the phase table, as a heading
 * @KOL_TERM_ROUND_TRACK: the track of rounds (1840's round bar)
 * @KOL_TERM_OPERATING_ORDER: the order the companies operate in
 * @KOL_TERM_SUBSIDIARIES: companies another company owns (1840: lines)
 * @KOL_TERM_REVENUE_PILE: what an owned company keeps of its revenue
 *   (1840: the Revenue space of the charter)
 * @KOL_TERM_SCORE_ADJUSTMENTS: what the final score takes off besides
 *   cash, shares and private companies (loans, bonds)
 * @KOL_TERM_TRAIN_LIMIT: how many trains a company may own (1840: trams
 *   per line)
 * @KOL_TERM_OPERATING_ROUNDS: the operating rounds of a phase (1840: line
 *   rounds)
 *
 * Words that each rulebook says its own way (in Russian especially). A
 * title gives its own in game.json "terms" under the id of the term
 * (kol_view_term_id()); the others are the usual 18xx words, translated.
 */
typedef enum
{
  KOL_TERM_STOCK_MARKET,
  KOL_TERM_REVENUE,
  KOL_TERM_CELL_PAR,
  KOL_TERM_CELL_PAR_2,
  KOL_TERM_CELL_PHASE_ZONE,
  KOL_TERM_CELL_END,
  KOL_TERM_CELL_CLOSE,
  KOL_TERM_CELL_BLOCKED,
  KOL_TERM_PRICE_MOVES,
  KOL_TERM_COMPANIES,
  KOL_TERM_CHARTERS,
  KOL_TERM_PRIVATE_COMPANIES,
  KOL_TERM_TREASURY,
  KOL_TERM_PRESIDENT,
  KOL_TERM_TRAINS,
  KOL_TERM_SHARE_PRICE,
  KOL_TERM_PAR,
  KOL_TERM_IPO_SHARES,
  KOL_TERM_IN_POOL,
  KOL_TERM_POOL,
  KOL_TERM_STATION_MARKERS,
  KOL_TERM_LOANS,
  KOL_TERM_COMPANY_LOANS,
  KOL_TERM_NET_WORTH,
  KOL_TERM_PRIORITY_DEAL,
  KOL_TERM_BANK,
  KOL_TERM_AVAILABLE_TRAINS,
  KOL_TERM_FUTURE_TRAINS,
  KOL_TERM_PHASES,
  KOL_TERM_ROUND_TRACK,
  KOL_TERM_OPERATING_ORDER,
  KOL_TERM_SUBSIDIARIES,
  KOL_TERM_REVENUE_PILE,
  KOL_TERM_SCORE_ADJUSTMENTS,
  KOL_TERM_TRAIN_LIMIT,
  KOL_TERM_OPERATING_ROUNDS,
  KOL_N_TERMS
} KolViewTerm;

const char *kol_view_term                (const KolTitle  *title,
                                          KolViewTerm      term);
const char *kol_view_term_key            (KolViewTerm      term);
const char *kol_view_term_id             (const KolTitle  *title,
                                          const char      *id,
                                          const char      *fallback);
const char *kol_view_language            (void);
const char *kol_view_pick_text           (const KolText   *text);
gboolean    kol_view_append_svg_path     (cairo_t         *cr,
                                          const char      *data);
GdkTexture *kol_view_texture_for_surface (cairo_surface_t *surface);

G_END_DECLS
