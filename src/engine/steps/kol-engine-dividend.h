/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Running routes and paying dividends (1849 §10.5, 1840 IX.8 and VIII.5.1):
 * the Route step and the Dividend step.
 *
 * Route has no legal_actions: a run_routes action needs the router
 * (kol-engine-route.h), which the title connects.
 *
 * Route stores the routes of the run_routes action in the round state and
 * trusts their claimed revenues, as a replay of a recorded game must;
 * a title may check new actions with its validate_routes hook (the route
 * validator of kol-engine-route.h). Dividend pays the revenue out or keeps
 * it, moves the share price (share_price_change hook) and ends the
 * corporation's turn of running trains.
 *
 * Not ported (neither title uses them): subsidies, half pay, route
 * abilities, OperatingInfo's route details (only the count of entries is
 * kept, kol_operating_history_size).
 */

/* ----------------------------------------------------- the Route step */

extern const KolStepClass kol_step_route;

guint32   kol_step_route_actions        (KolEngine *engine, KolStep *s, KolEntity entity);
void      kol_step_route_legal_actions  (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
void      kol_step_route_round_state    (KolEngine *engine, KolStep *s);
gboolean  kol_step_route_process        (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* A run: the trains must be the corporation's, each run
 * once and not yet operated; routes and extra revenue go to the round
 * state; logs; passes. */
gboolean  kol_step_route_process_run_routes (KolEngine  *engine, KolStep *s, const KolAction *a,
                                             GError    **error);
/* Trains of @corp that may still run. */
int       kol_route_trains              (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);

/* -------------------------------------------------- the Dividend step */

/* One of the ways a revenue may be paid (payout, withhold, …). */
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
/* Nothing to pay: a withhold without revenue (price moves left, 1849
 * §10.5). */
void      kol_step_dividend_skip        (KolEngine *engine, KolStep *s);
/* After the dividend: companies that close when the corporation has
 * operated close. */
void      kol_step_dividend_pass        (KolEngine *engine, KolStep *s);
/* Pays @corp's revenue the way @kind says. */
gboolean  kol_step_dividend_process_kind (KolEngine   *engine,
                                          KolStep     *s,
                                          int          corp,
                                          const char  *kind,
                                          GError     **error);

/* The revenue of the stored routes (through the title's routes_revenue)
 * plus the extra revenue. */
int       kol_dividend_total_revenue    (KolEngine *engine,
                                         int        corp);
/* What a half pay leaves in the treasury (with dividend_half). */
int       kol_dividend_half_withheld    (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* The ways @corp may pay now (payout, half where the title has it,
 * withhold); returns how many. */
int       kol_dividend_options          (KolEngine         *engine,
                                         int                corp,
                                         KolDividendOption *out,
                                         int                max);
/* The generic price move of a dividend: right once for a payout, left once
 * for nothing (titles' hooks may call it). */
void      kol_default_share_price_change (KolEngine      *engine,
                                          int             corp,
                                          int             revenue,
                                          KolPriceChange *out);
/* The price move of a dividend, through the title's hook. */
void      kol_dividend_share_price_change (KolEngine      *engine,
                                           int             corp,
                                           int             revenue,
                                           KolPriceChange *out);

/* ---- payout primitives ---- */

/* @revenue / total shares, as a double: each holder's dividend is rounded
 * up (kol_dividend_for_holder()). */
double    kol_dividend_per_share        (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* A holder's dividend: ceil(shares held × per share). */
int       kol_dividend_for_holder       (KolEngine *engine,
                                         int        corp,
                                         KolEntity  holder,
                                         double     per_share);
/* The payout of the shares the corporation is paid for (its treasury when
 * incremental, 1849 §10.5.3; else the pool). */
int       kol_dividend_to_corporation   (KolEngine *engine,
                                         int        corp,
                                         double     per_share);
/* The bank pays every player and corporation its dividends on @revenue
 * (1849 §10.5.3); logs. */
void      kol_dividend_payout_shares    (KolEngine *engine,
                                         int        corp,
                                         int        revenue);
/* Pays the corporation its share, through the title's hook (generic: the
 * bank pays a positive amount to the corporation). */
void      kol_dividend_payout_corporation (KolEngine *engine,
                                           int        corp,
                                           int        amount);
/* Moves the share price as @change says and logs it. */
void      kol_dividend_change_share_price (KolEngine            *engine,
                                           int                   corp,
                                           const KolPriceChange *change);
/* @corp's obsolete trains rust after running. */
void      kol_dividend_rust_obsolete_trains (KolEngine *engine,
                                             int        corp);

G_END_DECLS
