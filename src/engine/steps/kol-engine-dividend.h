/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Running routes and paying dividends: 18xx.games' Step::Route (route.rb)
 * and Step::Dividend (dividend.rb).
 *
 * Route has no legal_actions: a run_routes action needs the router
 * (kol-engine-route.h), which the title connects.
 *
 * Route stores the routes of the run_routes action in the round state and
 * trusts their claimed revenues, as 18xx.games does when it replays a game;
 * a title may check new actions with its validate_routes hook (the route
 * validator of kol-engine-route.h). Dividend pays the revenue out or keeps
 * it, moves the share price (share_price_change hook) and ends the
 * corporation's turn of running trains.
 *
 * Not ported (neither title uses them): subsidies, half pay, route
 * abilities, OperatingInfo's route details (only the count of entries is
 * kept, kol_operating_history_size).
 */

/* ---------------------------------------------------------- Step::Route */

extern const KolStepClass kol_step_route;

guint32   kol_step_route_actions        (KolEngine *engine, KolStep *s, KolEntity entity);
void      kol_step_route_legal_actions  (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
void      kol_step_route_round_state    (KolEngine *engine, KolStep *s);
gboolean  kol_step_route_process        (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* Route#process_run_routes: the trains must be the corporation's, each run
 * once and not yet operated; routes and extra revenue go to the round
 * state; logs; passes. */
gboolean  kol_step_route_process_run_routes (KolEngine  *engine, KolStep *s, const KolAction *a,
                                             GError    **error);
/* Trains of @corp that may still run (Operator#runnable_trains). */
int       kol_route_trains              (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);

/* ------------------------------------------------------- Step::Dividend */

/* One entry of Dividend#dividend_options. */
typedef struct
{
  char           kind[16];           /* "payout", "withhold", or a title's */
  int            corporation;        /* what the corporation keeps (may be < 0) */
  double         per_share;          /* paid per share */
  int            divs_to_corporation;/* of the payout, what reaches its treasury */
  KolPriceChange price_change;       /* resulting share price moves */
} KolDividendOption;

#define KOL_MAX_DIVIDEND_OPTIONS 4

extern const KolStepClass kol_step_dividend;

guint32  kol_step_dividend_actions       (KolEngine *engine, KolStep *s, KolEntity entity);
void     kol_step_dividend_round_state   (KolEngine *engine, KolStep *s);
gboolean kol_step_dividend_process       (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_dividend_legal_actions (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* Dividend#skip!: a withhold without revenue (price moves left). */
void      kol_step_dividend_skip        (KolEngine *engine, KolStep *s);
/* Dividend#pass!: companies closing when the corporation first operated. */
void      kol_step_dividend_pass        (KolEngine *engine, KolStep *s);
/* Dividend#process_dividend for @kind. */
gboolean  kol_step_dividend_process_kind (KolEngine   *engine,
                                          KolStep     *s,
                                          int          corp,
                                          const char  *kind,
                                          GError     **error);

/* Dividend#total_revenue: routes_revenue of the stored routes plus the
 * extra revenue. */
int       kol_dividend_total_revenue    (KolEngine *engine,
                                         int        corp);
/* What a half pay leaves in the treasury (HalfPay, with dividend_half). */
int       kol_dividend_half_withheld    (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* Dividend#dividend_options for @corp now (payout, half where the title
 * has it, withhold); returns how many. */
int       kol_dividend_options          (KolEngine         *engine,
                                         int                corp,
                                         KolDividendOption *out,
                                         int                max);
/* The generic Dividend#share_price_change: right once for a payout, left
 * once for nothing (titles' hooks may call it). */
void      kol_default_share_price_change (KolEngine      *engine,
                                          int             corp,
                                          int             revenue,
                                          KolPriceChange *out);
/* Dividend#share_price_change through the title's hook. */
void      kol_dividend_share_price_change (KolEngine      *engine,
                                           int             corp,
                                           int             revenue,
                                           KolPriceChange *out);

/* ---- payout primitives ---- */

/* Dividend#payout_per_share: @revenue / total shares (a float, as Ruby). */
double    kol_dividend_per_share        (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* Dividend#dividends_for_entity: ceil(shares held × per share). */
int       kol_dividend_for_holder       (KolEngine *engine,
                                         int        corp,
                                         KolEntity  holder,
                                         double     per_share);
/* Dividend#corporation_dividends: the payout of the shares the corporation
 * is paid for (its treasury when incremental, else the pool). */
int       kol_dividend_to_corporation   (KolEngine *engine,
                                         int        corp,
                                         double     per_share);
/* Dividend#payout_shares: the bank pays every player and corporation its
 * dividends on @revenue; logs. */
void      kol_dividend_payout_shares    (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* Dividend#payout_corporation through the title's hook (generic: the bank
 * pays a positive amount to the corporation). */
void      kol_dividend_payout_corporation (KolEngine *engine,
                                           int        corp,
                                           int        amount);
/* Dividend#change_share_price: moves and logs. */
void      kol_dividend_change_share_price (KolEngine            *engine,
                                           int                   corp,
                                           const KolPriceChange *change);
/* Dividend#rust_obsolete_trains!. */
void      kol_dividend_rust_obsolete_trains (KolEngine *engine,
                                             int        corp);

G_END_DECLS
