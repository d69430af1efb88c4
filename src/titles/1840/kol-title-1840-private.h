/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"
#include "kol-engine-action.h"
#include "kol-engine-auction.h"
#include "kol-engine-board.h"
#include "kol-engine-companies.h"
#include "kol-engine-dividend.h"
#include "kol-engine-info.h"
#include "kol-engine-invariants.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-engine-route.h"
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"
#include "kol-engine-token.h"
#include "kol-engine-track.h"
#include "kol-engine-trains.h"
#include "kol-policy.h"

G_BEGIN_DECLS

/* The module's log kinds and refusal reasons (kol-title-1840-words.c). */
enum
{
  K1840_LOG_NEW_LINES = KOL_LOG_TITLE_BASE, /* -- New Tram Lines available for next round: %1 -- */
  K1840_LOG_ALL_LINES_OWNED, /* -- All major corporations own 3 line corporations -- */
  K1840_LOG_MAJOR_LEAVES, /* %1 was not chosen and leaves the game */
  K1840_LOG_TAKES_LOAN, /* %1 takes a loan of %2 from the bank and a game end penalty of %3 */
  K1840_LOG_COMPANY_ROUND, /* -- Company Round %1 -- */
  K1840_LOG_PRIORITY_ORDER, /* Priority order: (the players in their new order) */
  K1840_LOG_CHOOSES_POSITION, /* %1 chooses Position %2 */
  K1840_LOG_SELLS_PRIVATE, /* %1 sells %2 for %3 to the bank */
  K1840_LOG_PREEMPTIVE_RIGHT, /* Every player receives %1 to par a corporation */
  K1840_LOG_STOCK_ROUND, /* -- Stock Round %1 -- */
  K1840_LOG_SCRAPS_TRAIN, /* %1 scraps %2 */
  K1840_LOG_HAS_TO_PAY, /* %1 has to pay %2 */
  K1840_LOG_SUBVENTS, /* %1 subvents the tram company with %2 */
  K1840_LOG_MAJOR_PAYS, /* %1 pays out %2 and withholds %3 */
  K1840_LOG_TRAM_OBLIGATION_LIFTED, /* %1's obligation to own a tram is temporarily lifted, because no trams are available. */
  K1840_LOG_REASSIGNS, /* %1 reassigns trains: %2 */
  K1840_LOG_NO_REASSIGN, /* %1 does not reassign any trains */
  K1840_LOG_SELECTS_LINE, /* %1 selects %2 for auctioning */
  K1840_LOG_REMOVES_TOKEN, /* %1 removes the Stadtbahn station marker from %2 for %3 */
  K1840_LOG_LINE_ROUND, /* -- Line Round %1.%2 -- */
  K1840_LOG_END
};

enum
{
  K1840_REASON_DIRECTOR_FIRST = KOL_REASON_TITLE_BASE, /* every player must first buy a director's certificate (VII.5) */
  K1840_REASON_DIVIDEND_STEP, /* a tram company pays in multiples of 10 (VIII.5.1) */
  K1840_REASON_REASSIGN, /* trams move only within one tram company */
  K1840_REASON_ONE_TRAM_PER_LINE, /* a line runs one tram only */
  K1840_REASON_LINES_NEED_TRAMS, /* trams stay on the charter only when every line has one */
  K1840_REASON_LINE_NOT_OFFERED, /* this line is not up for auction */
  K1840_REASON_TOKEN_NOT_REMOVABLE, /* no removable Stadtbahn marker there (IX.6) */
  K1840_REASON_LAY_NOT_AVAILABLE, /* no tile lay of this kind left on this hex this turn (IX.3, IX.4) */
  K1840_REASON_MUST_RUN, /* the tram must run when it can (IX.3) */
  K1840_REASON_ROUTE_RED_AREA, /* a red city hex visited before its tile is laid (IX.8) */
  K1840_REASON_END
};

extern const KolTitleWords k1840_words;

/*
 * 1840 Vienna Tramways: the rules module's shared state and helpers.
 *
 * The rulebooks (../shared/seeds/000 and 001) decide play; 18xx.games
 * decides what they leave open and how recorded games replay. The
 * hidden option "compat_18xx_games", which the importer sets, switches the
 * few places where the two differ to 18xx.games' behaviour (see
 * data/games/1840/game.json rules.compat_18xx_games).
 *
 * Entities: the 18 lines are corporations of type "line" (minors that a
 * tram company owns), the six tram companies "major", the four Stadtbahn companies
 * "city". A line's cash is its part of its tram company's revenue pile.
 */

#define K1840_MAX_LINES   18
#define K1840_MAX_MAJORS   6
#define K1840_MAX_CITIES   4
#define K1840_MAX_CHAIN   12
#define K1840_MAX_CR       6
#define K1840_MAX_LINES_PER_MAJOR 3
#define K1840_MAX_PENDING  6
#define K1840_MAX_MAINT    4
#define K1840_MAX_MOVES   12

typedef enum
{
  K1840_LINE,
  K1840_MAJOR,
  K1840_CITY,
} K1840CorpType;

/* Bonus printed on an orange (Stadtbahn) hex (IX.4). */
typedef enum
{
  K1840_BONUS_NONE,
  K1840_BONUS_YELLOW,     /* an extra yellow tile */
  K1840_BONUS_GREEN,      /* a green upgrade */
  K1840_BONUS_RED,        /* a red inner-city tile */
  K1840_BONUS_PURPLE,     /* a purple station tile */
  K1840_BONUS_STATION,    /* an extra station marker */
} K1840Bonus;

/* Round kinds (KolRound.kind). */
typedef enum
{
  K1840_ROUND_AUCTION,
  K1840_ROUND_CHOOSE,
  K1840_ROUND_STOCK,
  K1840_ROUND_COMPANY_RUN,      /* CRa, CRd: privates, dividends, Stadtbahn runs */
  K1840_ROUND_COMPANY_TRAINS,   /* CRd: buying and reassigning trams */
  K1840_ROUND_ACQUISITION,      /* CRe, CRf: line auctions */
  K1840_ROUND_LINE,
} K1840RoundKind;

typedef struct
{
  int    min;
  int    max;                  /* -1: no upper bound */
  guint8 direction;            /* KolPriceDirection */
  int    steps;
} K1840PriceMove;

typedef struct
{
  /* ---- configuration (from the title's data, cached at setup) ---- */
  guint8  compat;                          /* compat_18xx_games */
  guint8  remove_reachable_only;           /* token_remove_reachable_only */
  guint8  two_player;
  guint8  corp_type[KOL_MAX_CORPS];        /* K1840CorpType */
  gint8   city_slot[KOL_MAX_CORPS];        /* index in cities[], -1 */
  int     n_crs;
  int     n_lrs;                           /* line rounds of the round track */
  int     multipliers[K1840_MAX_CR];
  guint64 train_order[K1840_MAX_CR];       /* bit def * 4 + variant: buyable in CR n */
  gint16  depot_clearing[K1840_MAX_CR];    /* train def exported at CR n start, -1 */
  gint16  maint_def[K1840_MAX_MAINT];      /* train def whose first purchase sets the row */
  int     maint[K1840_MAX_MAINT][KOL_MAX_TRAIN_DEFS];
  int     n_maint;
  int     n_moves;
  K1840PriceMove moves[K1840_MAX_MOVES];
  int     preemptive_right;
  int     loan_amount;
  int     loan_penalty;
  int     token_remove_cost;
  int     dividend_step;
  int     line_min_bid;
  int     line_bid_step;
  int     max_lines;
  int     lines_plus;                      /* lines offered: players + this */
  gint16  held_back_line;                  /* line 2 */
  int     n_tram_pars;
  int     tram_pars[4];
  int     director_multiplier;             /* 5 */
  int     capital_multiplier;              /* 10 */
  int     n_no_remove;
  gint16  no_remove_hexes[8];
  int     n_red;
  gint16  red_hexes[4];
  gint16  purple_special_hex[2];
  gint16  purple_special_tile[2][2];       /* [hex][pair]: L30x, L31x */
  gint16  company_bonus_hex[KOL_MAX_COMPANIES];
  int     company_bonus[KOL_MAX_COMPANIES];
  gint16  start_hex[K1840_MAX_CITIES][2];
  gint8   start_city[K1840_MAX_CITIES][2];
  guint8  hex_bonus[KOL_MAX_HEXES];        /* K1840Bonus of the printed orange hex */
  guint8  hex_exits[KOL_MAX_HEXES];        /* Stadtbahn exits of orange hexes (mask) */
  guint8  hex_orange[KOL_MAX_HEXES];       /* printed with the orange frame */
  guint8  hex_park[KOL_MAX_HEXES];

  /* ---- the game ---- */
  int     cr_counter;
  int     cr_phase;                        /* @intern_cr_phase_counter */
  int     lr_count;                        /* @or */
  guint8  first_stock_round;               /* the pre-emptive right not yet paid */
  guint8  majors_settled;                  /* rulebook: the unchosen majors left */
  gint8   maint_level;                     /* row of maint[], -1 */
  int     n_tram_lines;                    /* lines up for auction (@tram_corporations) */
  gint16  tram_lines[K1840_MAX_LINES];
  int     n_unavailable;
  gint16  unavailable[K1840_MAX_LINES];
  int     n_all_lines;
  gint16  all_lines[K1840_MAX_LINES];
  int     n_majors;                        /* @major_corporations */
  gint16  majors[K1840_MAX_MAJORS];
  int     n_cities;
  gint16  cities[K1840_MAX_CITIES];
  gint16  line_major[KOL_MAX_CORPS];       /* owning tram company, -1 */
  guint8  n_major_lines[KOL_MAX_CORPS];
  gint16  major_lines[KOL_MAX_CORPS][K1840_MAX_LINES_PER_MAJOR];
  int     last_revenue[KOL_MAX_CORPS];
  gint8   first_sr_position[KOL_MAX_PLAYERS];
  guint8  have_sorted;
  int     n_sorted;
  gint16  sorted[KOL_MAX_CORPS];           /* @sorted_corporations_for_company_round */
  int     n_chain[K1840_MAX_CITIES];       /* @city_tracks: hexes still without a tile */
  gint16  chain[K1840_MAX_CITIES][K1840_MAX_CHAIN];
  int     n_tile_res;                      /* tile-level home reservations (OO hexes) */
  gint16  tile_res_hex[8];
  gint16  tile_res_corp[8];
  guint8  lay_mode;                        /* KolColor of the bonus lay being made, white */

  /* ---- ledger (self-play invariants) ---- */
  /* The bank is unlimited (III.5): KolEngine.bank starts at 0 and is the
   * ledger of every payment the bank made or received; n_loans counts
   * the loans it gave. */
  int     n_loans;
} K1840State;

G_STATIC_ASSERT (sizeof (K1840State) <= KOL_TITLE_STATE_SIZE);

/* The typed view of 1840's state in the engine (see kol-engine.h). */
static inline K1840State *
k1840_state (KolEngine *engine)
{
  return KOL_TITLE_STATE (engine, K1840State);
}

/* The same for those who only read it (the engine's const queries). */
static inline const K1840State *
k1840_state_const (const KolEngine *engine)
{
  return KOL_TITLE_STATE (engine, const K1840State);
}

/* ---- round state of line rounds (KOL_ROUND_TITLE) ---- */

typedef struct
{
  KolEntity entity;
  guint8    color;             /* KolColor of the bonus tile */
} K1840PendingLay;

typedef struct
{
  KolEntity entity;
  gint8     token;
} K1840PendingToken;

typedef struct
{
  int               n_lays;
  K1840PendingLay   lays[K1840_MAX_PENDING];
  int               n_tokens;
  K1840PendingToken tokens[K1840_MAX_PENDING];
} K1840LineRoundState;

/* ---- round state of acquisition rounds ---- */

typedef struct
{
  int       n_bought;                      /* corporation_bought_minor */
  gint16    bought[16];
  int       n_reassign;                    /* corporation_needs_reassign */
  gint16    reassign[16];
  int       n_available;                   /* @available_corporations */
  gint16    available[K1840_MAX_LINES + 2];
  int       n_who_bought;
  gint16    who_bought[K1840_MAX_MAJORS];
} K1840AcquisitionState;

G_STATIC_ASSERT (sizeof (K1840LineRoundState) <= KOL_ROUND_DATA_SIZE - KOL_ROUND_TITLE_OFFSET);
G_STATIC_ASSERT (sizeof (K1840AcquisitionState) <= KOL_ROUND_DATA_SIZE - KOL_ROUND_TITLE_OFFSET);

/* The state of the current round, while it is a line round. */
static inline K1840LineRoundState *
k1840_line_round (KolEngine *engine)
{
  return KOL_ROUND_TITLE (engine, K1840LineRoundState);
}

/* The state of the current round, while it is an acquisition round. */
static inline K1840AcquisitionState *
k1840_acq_round (KolEngine *engine)
{
  return KOL_ROUND_TITLE (engine, K1840AcquisitionState);
}

/* ---- helpers (kol-title-1840.c) ---- */

static inline gboolean
k1840_is (const KolEngine *engine,
          int              corp,
          K1840CorpType    type)
{
  return corp >= 0 && corp < engine->n_corps && k1840_state_const (engine)->corp_type[corp] == type;
}

static inline gboolean
k1840_entity_is (KolEngine *engine, KolEntity e, K1840CorpType type)
{
  return e.kind == KOL_ENTITY_CORP && k1840_is (engine, e.index, type);
}

/* The tram company owning line @line, or -1 (owning_major_corporation). */
static inline int
k1840_line_major (const KolEngine *engine,
                  int              line)
{
  return line >= 0 && line < engine->n_corps ? k1840_state_const (engine)->line_major[line] : -1;
}

/* The corporation that pays for @entity: a line's tram company, else itself. */
int       k1840_spender            (KolEngine *engine, KolEntity entity);
/* Lines of @major in the order bought (as on its charter). */
int       k1840_major_lines        (KolEngine *engine, int major, gint16 *out);
/* The tram company's revenue pile: the cash of its lines (VIII.5.1). */
int       k1840_major_revenue      (KolEngine *engine, int major);
int       k1840_line_number        (KolEngine *engine, int line);
/* Maintenance of @train now (Table 7). */
int       k1840_train_maintenance  (KolEngine *engine, int train);
int       k1840_maintenance_costs  (KolEngine *engine, int corp);
int       k1840_cr_multiplier      (KolEngine *engine);
/* Is variant @variant of @train's def buyable in this company round? */
gboolean  k1840_variant_available  (KolEngine *engine, int train, int variant);
/* The director borrows @amount in whole loans (VIII.5.3, IX.8). */
void      k1840_take_player_loan   (KolEngine *engine, int player, int amount);
/* Pays @amount from the bank to @to and books it. */
void      k1840_bank_pays          (KolEngine *engine, KolEntity to, int amount);
/* Lists of corporations or companies (gint16 indices, with a count): is
 * @value among the first @n; every @value taken out. */
gboolean  k1840_listed             (const gint16 *list, int n, int value);
void      k1840_unlist             (gint16 *list, int *n, int value);
gboolean  k1840_orange_framed      (KolEngine *engine, int tile);
/* The hex still shows its printed tile. */
gboolean  k1840_pristine           (KolEngine *engine, int hex);
/* The Stadtbahn company whose chain lists @hex, or -1; *pos its index. */
int      k1840_chain_of                (KolEngine *engine, int hex, int *pos);
gboolean k1840_is_tile_reserved        (KolEngine *engine, int hex, int corp);
gboolean k1840_tile_token_blocked      (KolEngine *engine, int hex, int corp);
void     k1840_remove_tile_reservation (KolEngine *engine, int hex, int corp);
/* Processes an action a round makes itself (no game end or round change). */
gboolean  k1840_round_process      (KolEngine *engine, const KolAction *a, GError **error);
gboolean  k1840_refuse             (KolEngine  *engine, GError **error, int reason,
                                    const char *message);
/* The pending bonus lay of the current line round, or NULL. */
const K1840PendingLay *k1840_pending_lay (KolEngine *engine);

/* ---- setup and lines (kol-title-1840-setup.c) ---- */

gboolean  k1840_setup              (KolEngine *engine, GError **error);
void      k1840_restock_lines      (KolEngine *engine);
void      k1840_remove_open_lines  (KolEngine *engine);
void      k1840_buy_line           (KolEngine *engine, int major, int line);
void      k1840_settle_majors      (KolEngine *engine);
gboolean  k1840_all_majors_ipoed   (KolEngine *engine);
void      k1840_place_home_token   (KolEngine *engine, int corp);

/* ---- rounds and steps ---- */

/* kol-title-1840-auction.c */
void      k1840_start_auction_round (KolEngine *engine);
void      k1840_start_choose_round  (KolEngine *engine);
/* The privates' auction (VI) and the line auction (CRe) are one
 * PassableAuction, k1840_auction_ops, that differs in what it auctions: the
 * step classes of both start with this, which says how. The bids are in
 * KOL_AUCTION_STATE. */
typedef struct
{
  KolStepClass step;           /* first: the step's klass leads here */
  int   (*min_bid)       (KolEngine *engine, KolStep *s, KolEntity target);
  /* @winner NULL: nobody won */
  void  (*win_bid)       (KolEngine *engine, KolStep *s, const KolBid *winner, KolEntity target);
  /* after resolve_bids has given the turn back to the auction's triggerer */
  void  (*after_resolve) (KolEngine *engine, KolStep *s);
  /* the bidders of a new auction; NULL: the round's entities */
  int   (*initial_auction_entities) (KolEngine *engine, KolStep *s, KolEntity *out);
} K1840AuctionClass;

extern const KolPassableAuctionOps k1840_auction_ops;
KolAuctioneer *k1840_auctioneer          (KolEngine *engine, KolStep *s);
gboolean  k1840_auctioning               (KolEngine *engine);
/* add_bid: PassableAuction's, logged. */
gboolean  k1840_auction_add_bid          (KolEngine *engine, KolStep *s, const KolBid *bid, GError **error);
/* resolve_bids: PassableAuction's, then the turn goes back to whoever
 * started the auction; then the class's after_resolve. */
void      k1840_auction_resolve_bids     (KolEngine *engine, KolStep *s);
/* Refuses a bid that is not the minimum plus whole steps of @step. */
gboolean  k1840_auction_check_raise      (KolEngine *engine, KolStep *s, const KolBid *bid, int step,
                                          GError **error);
/* active_entities: while an auction runs, the bidder after the highest;
 * else the round's entity. */
int       k1840_auction_active_entities  (KolEngine *engine, KolStep *s, KolEntity *out, int max);
gboolean  k1840_all_entities_passed      (KolEngine *engine);
/* A pass: out of the running auction (which may then end), or, with none
 * running, on bidding at all; TRUE for the latter. */
gboolean  k1840_auction_pass             (KolEngine *engine, KolStep *s, KolEntity entity);
/* Bids of @entity on @target for self-play: the minimum and one raise,
 * those within @cash. */
void      k1840_add_bid_actions          (GPtrArray *out, KolEntity entity, KolEntity target, int min,
                                          int raise, int cash);
/* kol-title-1840-stock.c */
void      k1840_start_stock_round   (KolEngine *engine);
/* IV.2: a private returned to the bank at face value (choose_ability). */
gboolean  k1840_sell_company        (KolEngine *engine, const KolAction *a, GError **error);
extern const KolStockHooks k1840_stock_hooks;
/* kol-title-1840-company.c */
void k1840_start_company_round     (KolEngine *engine, K1840RoundKind kind);
extern const KolStepClass k1840_step_sell_company;
extern const KolStepClass k1840_step_route;
extern const KolStepClass k1840_step_dividend;
/* kol-title-1840-trams.c */
extern const KolStepClass k1840_step_buy_train;
extern const KolStepClass k1840_step_reassign;
extern const KolStepClass k1840_step_interrupting_buy_train;
extern const KolStepClass k1840_step_interrupting_reassign;
gboolean  k1840_buy_train_room      (KolEngine *engine, KolStep *s, int corp);
gboolean  k1840_can_buy_train       (KolEngine *engine, KolStep *s, int corp);
gboolean  k1840_step_must_buy_train (KolEngine *engine, KolStep *s, int corp);
gboolean  k1840_tram_purchase_optional (KolEngine *engine);
/* The trams on @corp itself (not its lines'). */
int       k1840_corp_trains         (KolEngine *engine, int corp, gint16 *out);
/* Scraps a->train if it is one of @allowed (with compat: any tram, as
 * 18xx.games allows). */
gboolean  k1840_scrap_train         (KolEngine *engine, const KolAction *a, const gint16 *allowed,
                                     int n_allowed, GError **error);
/* Self-play: a SCRAP_TRAIN action for each of @trains. */
void      k1840_add_scrap_actions   (GPtrArray *out, KolEntity entity, const gint16 *trains, int n);
/* The queues of the acquisition round that the Interrupting steps serve
 * (their opt in the round). */
enum
{
  K1840_QUEUE_BOUGHT,
  K1840_QUEUE_REASSIGN,
};
/* Appends @corp to a queue of the acquisition round (at most 16). */
void      k1840_queue_push          (gint16 *queue, int *n, int corp);
/* kol-title-1840-acquisition.c */
void k1840_start_acquisition_round (KolEngine *engine);
/* kol-title-1840-line.c */
void      k1840_start_line_round    (KolEngine *engine, int round_num);
extern const KolBoardHooks k1840_board_hooks;
/* kol-title-1840-route.c */
extern const KolRouteHooks k1840_route_hooks;
/* kol-title-1840-policy.c */
extern const KolPolicyHooks k1840_policy_hooks;
/* The Stadtbahn run of @city now (the automatic run_routes), or NULL. */
KolAction *k1840_city_run          (KolEngine *engine, int city);
/* Routes a line may run now: its best one first; appended to @out. */
void     k1840_line_runs           (KolEngine *engine, int line, GPtrArray *out);
gboolean k1840_validate_routes     (KolEngine *engine, int corp, const KolAction *a, GError **error);
int      k1840_route_revenue_check (KolEngine *engine, int corp, const KolRouteSpec *spec, GError **error);
/* kol-title-1840-info.c */
extern const KolInfoHooks k1840_info_hooks;

G_END_DECLS
