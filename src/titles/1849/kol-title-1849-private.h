/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"
#include "kol-engine-auction.h"
#include "kol-engine-operating.h"
#include "kol-engine-board.h"
#include "kol-engine-track.h"
#include "kol-engine-token.h"
#include "kol-engine-dividend.h"
#include "kol-engine-info.h"
#include "kol-engine-trains.h"
#include "kol-engine-companies.h"
#include "kol-engine-consent.h"
#include "kol-engine-route.h"
#include "kol-engine-invariants.h"

G_BEGIN_DECLS

/* The module's log kinds and refusal reasons (kol-title-1849-words.c). */
enum
{
  K49_LOG_REMOVED_CORP = KOL_LOG_TITLE_BASE, /* Removed %1 (a corporation not in this game) */
  K49_LOG_REMOVED_RESERVATION, /* Removed token reservation at %1 */
  K49_LOG_TOKEN_FEE, /* %1 spends %2 for tokens */
  K49_LOG_MAY_BUY_TWO, /* %1 may buy up to two additional shares. */
  K49_LOG_RECEIVES_FROM, /* %1 receives %2 from %3 (capital that RSA brings) */
  K49_LOG_AFG_SLOT_OPEN, /* %1 now has a token spot available and can be opened in the next stock round. */
  K49_LOG_AFG_NO_HOME, /* %1 has no home token locations and cannot be opened until one becomes available. */
  K49_LOG_EVENT_GREEN_PAR, /* -- Event: Corporations may now par at 144 (in addition to 68 and 100) -- */
  K49_LOG_EVENT_BROWN_PAR, /* -- Event: Corporations may now par at 216 (in addition to 68, 100, and 144) -- */
  K49_LOG_EVENT_EARTHQUAKE, /* -- Event: Messina Earthquake -- */
  K49_LOG_AFG_LOSES_TOKEN, /* -- %1 loses only token, closing. -- */
  K49_LOG_TOKENS_REMOVED, /* -- Removing tokens from game. -- */
  K49_LOG_MESSINA_YELLOW, /* -- Returning Messina to yellow. -- */
  K49_LOG_MESSINA_LOCKED, /* -- Messina cannot be upgraded until after the next stock round. -- */
  K49_LOG_EVENT_BUY_TOKENS, /* -- Event: Corporations may now buy station tokens from other corporations -- */
  K49_LOG_EVENT_BONDS, /* -- Event: Corporations can issue a single L.500 bond, with L.50 interest per OR -- */
  K49_LOG_EVENT_E_TOKENS, /* -- Event: Corporations can buy E-tokens to allow the purchase of E-Trains -- */
  K49_LOG_REACHED_MAX, /* %1 reached %2 share value, game will end after it operates. */
  K49_LOG_NARROW_COST, /* %1 pays 1/4 cost for narrow gauge track */
  K49_LOG_DISCOUNT, /* %1 receives a discount of %2 from %3 */
  K49_LOG_SWAP_DEFAULT, /* Presidency swapped for last cert by default. %1 may choose to swap for two 10% shares instead. */
  K49_LOG_SWAP_TWO, /* %1 chooses two 10% certificates */
  K49_LOG_SWAP_LAST, /* %1 chooses the 20% last certificate */
  K49_LOG_REORDER, /* Updating operating order for sold (and moved) corporations now on the same share value space to maintain their relative order before the sales. */
  K49_LOG_CLOSES_SMS, /* %1 closes %2 (SMS, to lay and token in a coastal city) */
  K49_LOG_ASSIGNED, /* %1 is assigned to %2 (CNM: a port or a corporation) */
  K49_LOG_SELLS_ALL, /* %1 sells all legally sellable shares */
  K49_LOG_TAKES_LOAN, /* %1 chooses to take a %2 loan and reduce %3 from their score. */
  K49_LOG_LEAVES, /* %1 chooses to leave game */
  K49_LOG_ENTERS_EMR, /* %1 enters Emergency Money Raising and owes the bank %2 in bond interest */
  K49_LOG_PAYS_DEBT, /* %1 pays off %2's debt of %3 */
  K49_LOG_ISSUES_BOND, /* %1 issues its bond and receives %2 */
  K49_LOG_REPAYS_BOND, /* %1 repays its outstanding bond for %2 */
  K49_LOG_BOND_INTEREST, /* %1 pays %2 interest for its issued bond */
  K49_LOG_BUYS_E_TOKEN, /* %1 buys an E-Token for %2. %1 can now buy E-Trains. */
  K49_LOG_BUYS_TOKEN, /* %1 buys (replaces) %2 token on %3 for %4 (paid to %2) */
  K49_LOG_AFG_DEFERRED, /* %1 has no home token locations: it moves to the end of the order */
  K49_LOG_REPAYS_BOND_ON_CLOSE, /* %1 closes and repays its bond: %2 paid, %3 lost */
  K49_LOG_END
};

enum
{
  K49_REASON_LAST_CERT = KOL_REASON_TITLE_BASE, /* the last certificate must come last */
  K49_REASON_NOT_NEXT_CORP, /* only the next corporation in the order may be started */
  K49_REASON_TILE_MESSINA_LOCKED, /* Messina cannot be upgraded until after the next stock round */
  K49_REASON_NOT_COASTAL, /* SMS: only the chosen coastal city */
  K49_REASON_E_TOKEN_NEEDED, /* an E-token is needed for E trains */
  K49_REASON_BOND, /* the bond cannot be issued or redeemed now */
  K49_REASON_TOKEN_NOT_BUYABLE, /* that station token cannot be bought */
  K49_REASON_NO_HOME, /* no home city has room */
  K49_REASON_END
};

extern const KolTitleWords kol_1849_words;

/*
 * 1849 Sicily: the rules module (rulebook 002; where the rulebook leaves a
 * question open, the answer is the one 18xx.games gives, so that its
 * recorded games replay). Split by area:
 *   kol-title-1849.c           module, setup, rounds, phases and events,
 *                              game end, scores, invariants
 *   kol-title-1849-stock.c     auction and stock rounds, shares, presidency
 *   kol-title-1849-operating.c operating round and its steps
 *   kol-title-1849-variants.c  bonds, buying station tokens, Electric Dreams
 *   kol-title-1849-board.c     track, gauges, Messina, market walls, routes
 */

/* Options (game.json "options"). COMPAT is hidden: the importer of
 * 18xx.games records selects it, for the values that differ from the
 * rulebook (loan penalty and bond floors, the port stop count). */
#define KOL_1849_OPT_DELAY_IFT    "delay_ift"
#define KOL_1849_OPT_REDUCED      "reduced_4p_corps"
#define KOL_1849_OPT_BONDS        "bonds"
#define KOL_1849_OPT_BUY_TOKENS   "acquiring_station_tokens"
#define KOL_1849_OPT_ELECTRIC     "electric_dreams"
#define KOL_1849_OPT_COMPAT       "compat_18xx_games"

/* What 1849 keeps of each corporation (KolCorp.title_data). A corporation
 * that closes is started again from zeroes, with its tokens lost to the
 * earthquake back (§11): kol_shares_reset_corporation() clears this with
 * the rest. */
typedef struct
{
  guint8  next_to_par;      /* the next in the order of corporations, the only one that
                             * may be started now (§9.4) */
  guint8  closed_recently;  /* closed in this stock round: not started again in it (§11) */
  guint8  slot_closed;      /* AFG without room for a home: its place in the order is
                             * skipped until a home has room (§9.4.1) */
  guint8  reached_max;      /* its share price has reached L.377 (§13) */
  guint8  e_token;          /* owns an E-token (Electric Dreams, §14.3) */
  guint8  cnm;              /* bought the CNM: the port marker's L.20 is its (§7.1 P3) */
  gint16  sms;              /* the SMS teleport (§7.1 P4): 0 none, -1 to any coastal
                             * city, else the chosen hex + 1 */
  guint8  can_token;        /* compat: the remembered answer of "may it place a station
                             * marker" (0 not known, 1 no, 2 yes), see
                             * kol_1849_forget_can_token() */
  guint32 destroyed;        /* its tokens the earthquake destroyed, a bit per token (§12) */
} Kol1849Corp;

G_STATIC_ASSERT (sizeof (Kol1849Corp) <= KOL_CORP_TITLE_SIZE);

/* Round kinds (KolRound.kind). */
enum
{
  K49_ROUND_AUCTION = 1,
  K49_ROUND_STOCK,
  K49_ROUND_OPERATING,
};

#define K49_PAR_GREEN 1u  /* par_1: 144 */
#define K49_PAR_BROWN 2u  /* par_2: 216 */

typedef struct
{
  /* options */
  guint8    delay_ift;
  guint8    reduced;
  guint8    bonds;
  guint8    buy_tokens_option;
  guint8    electric;
  guint8    compat;

  /* title indices */
  gint16    afg;                 /* the corporation that chooses its home */
  gint16    ift;
  gint16    sce, sigi, cnm, sms, rsa;
  gint16    messina;             /* hex B14 */
  gint16    acireale;            /* hex G13 (SCE) */
  gint16    track_broad, track_narrow, track_dual;
  gint16    train_e, train_r6h;  /* train defs */

  /* game */
  guint8    par_groups;          /* K49_PAR_* added by events */
  guint8    messina_upgradeable;
  guint8    max_reached;         /* a share price has reached L.377 (§13) */
  guint8    end_trigger_reason;  /* KolGameEnd of the first end of game triggered */
  guint8    end_trigger_timing;  /* KolEndTiming */
  guint8    e_token_sold;
  guint8    e_tokens_enabled;
  guint8    issue_bonds_enabled;
  guint8    buy_tokens_enabled;
  gint16    rsa_share_corp;      /* RSA's shares ability (-1 once removed) */
  gint16    rsa_close_corp;      /* RSA's close ability (-1 once removed) */
  gint16    cnm_hex;             /* the port with the CNM marker, -1 */

  /* the outgoing president's choice of what to take for the president's
   * certificate (§9.5) */
  gint16    swap_choice_player;  /* -1 when no choice is pending */
  KolEntity swap_location;
  gint16    swap_other_player;
  gint16    swap_corp;

  /* LoanChoice (Bankrupt) */
  gint16    loan_choice_player;  /* -1 */

  /* reorder_corps */
  guint8    n_old_order;
  gint16    old_operating_order[KOL_MAX_CORPS];
  guint8    n_moved;
  gint16    moved_this_turn[KOL_MAX_CORPS * 2];

  /* end-of-game penalties of players (L.750 per loan, §10.7 B, §13) */
  int       penalty[KOL_MAX_PLAYERS];
  int       n_loans[KOL_MAX_PLAYERS];

  /* numbers and lists of game.json "rules", read once at setup */
  guint8    hex_flags[KOL_MAX_HEXES];  /* K49_HEX_* */
  int       narrow_divisor;
  int       loan_value, loan_penalty;
  int       bond_value, bond_interest, bond_max;
  guint8    n_blocked_right, n_blocked_up, n_par;
  KolCell   blocked_right[4];
  KolCell   blocked_up[4];
  struct { int price; gint8 phase; } par[8]; /* par price → first phase */
  /* the router's rules and trains (kol_1849_read_route_rules): every run
   * and every route check asks for them */
  int       route_min_stops;
  KolRouteTrain route_trains[KOL_MAX_TRAIN_DEFS]; /* by train def */
} Kol1849State;

G_STATIC_ASSERT (sizeof (Kol1849State) <= KOL_TITLE_STATE_SIZE);

#define K49_HEX_COASTAL   1u  /* SMS may teleport there */
#define K49_HEX_PORT      2u
#define K49_HEX_E_DOUBLE  4u  /* E trains double it */

/* Round state of operating rounds, at KOL_ROUND_TITLE. */
typedef struct
{
  guint8 issued_bond[KOL_MAX_CORPS];
  guint8 redeemed_bond[KOL_MAX_CORPS];
} Kol1849OperatingState;

G_STATIC_ASSERT (sizeof (Kol1849OperatingState) <= KOL_ROUND_DATA_SIZE - KOL_ROUND_TITLE_OFFSET);

/* The typed views of 1849's state in the engine (see kol-engine.h). */
static inline Kol1849State *
kol_1849_state (KolEngine *engine)
{
  return KOL_TITLE_STATE (engine, Kol1849State);
}

/* The same for those who only read it (the engine's const queries). */
static inline const Kol1849State *
kol_1849_state_const (const KolEngine *engine)
{
  return KOL_TITLE_STATE (engine, const Kol1849State);
}

static inline Kol1849Corp *
kol_1849_corp (KolEngine *engine,
               int        corp)
{
  return KOL_CORP_TITLE (engine, corp, Kol1849Corp);
}

static inline const Kol1849Corp *
kol_1849_corp_const (const KolEngine *engine,
                     int              corp)
{
  return KOL_CORP_TITLE (engine, corp, const Kol1849Corp);
}

/* Only while an operating round is the current round. */
static inline Kol1849OperatingState *
kol_1849_or_state (KolEngine *engine)
{
  return KOL_ROUND_TITLE (engine, Kol1849OperatingState);
}

/* ---- kol-title-1849.c ---- */
extern const KolTitleModule kol_title_module_1849;

gboolean  kol_1849_is_afg              (KolEngine *engine, int corp);
int       kol_1849_corp_list_index     (KolEngine *engine, int corp);
/* Operating order of the floated corporations (Corporation#<=>). */
int       kol_1849_sorted_corps        (KolEngine *engine, gint16 *out);
void      kol_1849_log_event           (KolEngine *engine, int kind, const KolArg *args, guint n);
void      kol_1849_next_round          (KolEngine *engine);

/* A choice between two answers (a CHOOSE action naming one): the step
 * classes of the SwapChoice, LoanChoice and SMSTeleport steps start with
 * this. In the first two one player alone must choose (@chooser); their
 * active, active_entities and actions are kol_1849_choice_*. */
typedef struct
{
  KolStepClass step;           /* first: the step's klass leads here */
  const char  *choices[2];     /* the answers, as records name them */
  /* the player who must choose now, -1 when nobody must */
  int        (*chooser) (KolEngine *engine);
} Kol1849ChoiceClass;

gboolean  kol_1849_choice_active          (KolEngine *engine, KolStep *s);
int       kol_1849_choice_active_entities (KolEngine *engine, KolStep *s, KolEntity *out, int max);
guint32   kol_1849_choice_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
/* Self-play: each answer, when the step's actions allow a choice. */
void      kol_1849_choice_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* The index of the answer @a names, or -1 after refusing it. */
int       kol_1849_choice_of              (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);

/* ---- kol-title-1849-stock.c ---- */
extern const KolStockHooks kol_1849_stock_hooks;
extern const KolRoundClass kol_1849_round_stock;
extern const KolRoundClass kol_1849_round_auction;
extern const KolStepClass  kol_1849_step_buy_sell_par_shares;
extern const KolStepClass  kol_1849_step_home_token;
extern const Kol1849ChoiceClass kol_1849_step_swap_choice;

void     kol_1849_start_auction_round  (KolEngine *engine);
void     kol_1849_start_stock_round    (KolEngine *engine);
gboolean kol_1849_last_cert_last       (KolEngine *engine, const KolBundle *b);
int      kol_1849_home_token_locations (KolEngine *engine, int corp, gint16 *hexes, int max);
void     kol_1849_update_garibaldi     (KolEngine *engine);
void     kol_1849_reorder_corps        (KolEngine *engine);
void     kol_1849_remember_order       (KolEngine *engine);
void     kol_1849_note_moved           (KolEngine *engine, int corp);
int      kol_1849_issuable_bundles     (KolEngine *engine, int corp, KolBundle *out, int max);
int      kol_1849_redeemable_bundles   (KolEngine *engine, int corp, KolBundle *out, int max);
void     kol_1849_swap_double_cert     (KolEngine *engine, KolEntity from, KolEntity to, int corp);

/* ---- kol-title-1849-operating.c ---- */
extern const KolOperatingHooks kol_1849_operating_hooks;
extern const KolRoundClass kol_1849_round_operating;

void     kol_1849_start_operating_round   (KolEngine *engine, int round_num);
/* Where 18xx.games clears its graph (a tile laid, a token placed by a
 * step, a token bought, the earthquake): the Token step's answers to
 * "may it place a token?", which compat remembers as 18xx.games does, are
 * forgotten. */
void     kol_1849_forget_can_token        (KolEngine *engine);
gboolean kol_1849_validate_routes         (KolEngine        *engine,
                                          int               corp,
                                          const KolAction  *a,
                                          GError          **error);
void     kol_1849_close_corporation       (KolEngine *engine, int corp);
gboolean kol_1849_any_placed_token        (KolEngine *engine, int corp);
int      kol_1849_first_token             (KolEngine *engine, int corp);
int      kol_1849_placed_tokens           (KolEngine *engine, int corp);
gboolean kol_1849_is_sms_hex              (KolEngine *engine, int hex);
/* While @corp holds the SMS teleport (Kol1849Corp.sms): may it build on
 * @hex (any coastal city, or the one it chose)? */
gboolean kol_1849_sms_allows              (KolEngine *engine, int corp, int hex);

/* ---- kol-title-1849-variants.c ---- */
extern const KolStepClass kol_1849_step_buy_token;
extern const KolStepClass kol_1849_step_buy_e_token;
extern const KolStepClass kol_1849_step_bond_interest;
extern const KolStepClass kol_1849_step_bond;
int       kol_1849_e_token_cost        (KolEngine *engine);
void      kol_1849_repay_bond_on_close (KolEngine *engine, int corp);

/* ---- kol-title-1849-board.c ---- */
extern const KolBoardHooks kol_1849_board_hooks;
extern const KolMarketHooks kol_1849_market_hooks;
extern const KolRouteHooks kol_1849_route_hooks;

void      kol_1849_read_route_rules    (KolEngine *engine);
int       kol_1849_upgrade_cost        (KolEngine *engine, KolEntity entity, int spender, int hex,
                                        int        old_tile, int new_tile);
void      kol_1849_earthquake          (KolEngine *engine);

/* ---- kol-title-1849-info.c ---- */
extern const KolInfoHooks kol_1849_info_hooks;

G_END_DECLS
