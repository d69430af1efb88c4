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
#include "kol-engine-trains.h"
#include "kol-engine-companies.h"
#include "kol-engine-route.h"
#include "kol-engine-invariants.h"
#include "kol-engine-consent.h"

G_BEGIN_DECLS

/*
 * The standard rules module: the common core of the 1830 family played
 * from game.json alone (data/games/README.md, "The standard rules
 * module"). It reads the title's data once, at setup, into KolStdConfig
 * (kol-title-standard-config.c, which is also the check that refuses what
 * it cannot play), and plays with the engine's shared steps; what those
 * steps do not have (the fixed-price first round, the private companies'
 * abilities, a train sale between corporations that waits for the other
 * president) is here. Split by area:
 *   kol-title-standard.c           module, setup, rounds, game end, scores
 *   kol-title-standard-config.c    the reader and check of the data
 *   kol-title-standard-hooks.c     the Game methods the data configures
 *   kol-title-standard-privates.c  first round and private abilities
 *   kol-title-standard-words.c     the module's own log kinds, refusals,
 *                                  step names and check texts
 */

/* Round kinds (KolRound.kind). */
enum
{
  KOL_STD_ROUND_FIRST = 1,
  KOL_STD_ROUND_STOCK,
  KOL_STD_ROUND_OPERATING,
};

typedef enum
{
  KOL_STD_FIRST_WATERFALL,
  KOL_STD_FIRST_FIXED_PRICE,
  KOL_STD_FIRST_NONE,
} KolStdFirstRound;

/* Dividend kinds, for the price moves. */
enum
{
  KOL_STD_PAYOUT,
  KOL_STD_HALF,
  KOL_STD_WITHHOLD,
  KOL_STD_N_DIVIDENDS,
};

typedef enum
{
  KOL_STD_FROM_OTHERS_WITH_CONSENT,
  KOL_STD_FROM_OTHERS_ANY,
  KOL_STD_FROM_OTHERS_NEVER,
} KolStdFromOthers;

typedef enum
{
  KOL_STD_ABILITY_BLOCKS_HEX,
  KOL_STD_ABILITY_TILE_LAY,
  KOL_STD_ABILITY_TOKEN,
  KOL_STD_ABILITY_EXCHANGE,
  KOL_STD_ABILITY_CLOSE,
  KOL_STD_ABILITY_NO_BUY,
} KolStdAbilityType;

typedef enum
{
  KOL_STD_CLOSE_PHASE,
  KOL_STD_CLOSE_BOUGHT_BY_CORPORATION,
  KOL_STD_CLOSE_BOUGHT_TRAIN,
} KolStdCloseWhen;

#define KOL_STD_MAX_ABILITIES 4
#define KOL_STD_MAX_ABILITY_HEXES 8
#define KOL_STD_MAX_ABILITY_TILES 8

/* One ability of a private company (game.json privates[].abilities). */
typedef struct
{
  guint8 type;              /* KolStdAbilityType */
  guint8 corp_owned;        /* owner_type "corporation" (else "player") */
  guint8 n_hexes;
  gint16 hexes[KOL_STD_MAX_ABILITY_HEXES];
  guint8 n_tiles;           /* 0: any tile */
  gint16 tiles[KOL_STD_MAX_ABILITY_TILES];
  guint8 free;
  guint8 extra;
  guint8 connected;
  guint8 closes_company;
  guint8 count;
  int    discount;
  int    price;
  gint16 corporation;       /* exchange: the corporation; bought_train: whose */
  guint8 from_ipo, from_pool;
  guint8 when;              /* KolStdCloseWhen */
  gint16 phase;
} KolStdAbility;

typedef struct
{
  guint8        n;
  KolStdAbility a[KOL_STD_MAX_ABILITIES];
} KolStdAbilities;

/* What the title's data says, read once (kol_std_config_read). */
typedef struct
{
  guint8   first_round;             /* KolStdFirstRound */
  int      bid_increment;
  int      unsold_discount;
  guint8   sell_buy_order;          /* KolSellBuyOrder */
  guint8   sell_after;              /* KolSellAfter */
  guint8   sell_movement;           /* KolSellMovement */
  guint8   sold_out_up;
  guint8   pool_down;
  guint8   dividend_move[KOL_STD_N_DIVIDENDS]; /* KolPriceDirection */
  guint8   right_needs_price;
  guint8   dividend_half;
  int      max_player_percent;
  int      max_pool_percent;
  guint8   cert_limit_includes_privates;
  guint8   capitalization;          /* KolCapitalization */
  guint8   home_token_timing;       /* KolHomeTokenTiming */
  guint8   n_tile_lays;
  KolTileLay tile_lays[KOL_MAX_TILE_LAYS];
  guint8   terrain_on_upgrade;
  guint8   track_restriction;       /* KolTrackRestriction */
  guint8   from_others;             /* KolStdFromOthers */
  guint8   ebuy_from_others;        /* KolEbuyFromOthers */
  guint8   must_buy_train;          /* KolMustBuyTrain */
  guint8   discarded_removed;
  int      company_min_price;       /* -1: half the value, rounded up */
  int      company_max_multiple;
  int      min_stops;
  guint8   end_bank;                /* KolEndTiming */
  guint8   end_market;
  int      end_after_or_set;        /* 0: no fixed end */
  KolRouteTrain route_trains[KOL_MAX_TRAIN_DEFS];  /* tag: the train def */
  guint8   towns_pay_nothing[KOL_MAX_TRAIN_DEFS];  /* express trains, towns "free" */
  KolStdAbilities abilities[KOL_MAX_COMPANIES];
} KolStdConfig;

/* The game state the module keeps (KolEngine.title_state). */
typedef struct
{
  KolStdConfig      cfg;
  KolStockHooks     stock_hooks;     /* the module's, with the data's constants */
  KolOperatingHooks operating_hooks;
  guint8            end_reason;      /* the game end trigger so far */
  guint8            end_timing;
  guint8            market_end;      /* a corporation reached an "e" cell */
  guint8            ability_used[KOL_MAX_COMPANIES][KOL_STD_MAX_ABILITIES];
  guint8            closed_recently[KOL_MAX_CORPS]; /* not startable before the next stock round */
} KolStdState;

G_STATIC_ASSERT (sizeof (KolStdState) <= KOL_TITLE_STATE_SIZE);

static inline KolStdState *
kol_std_state (const KolEngine *engine)
{
  return KOL_TITLE_STATE ((KolEngine *) engine, KolStdState);
}

static inline const KolStdConfig *
kol_std_config (const KolEngine *engine)
{
  return &kol_std_state (engine)->cfg;
}

/* The module's refusal reasons (kol-title-standard-words.c). */
enum
{
  KOL_STD_REASON_ABILITY_HEX = KOL_REASON_TITLE_BASE,
  KOL_STD_REASON_ABILITY_SHARE,
  KOL_STD_REASON_FIXED_PRICE,
  KOL_STD_REASON_END
};

/* ---- kol-title-standard-config.c ---- */

/* The module's check texts (KolTitleWords.checks), by index. */
typedef enum
{
  KOL_STD_TEXT_MARKET_1D,
  KOL_STD_TEXT_MARKET_FLAG,
  KOL_STD_TEXT_NO_PAR_CELL,
  KOL_STD_TEXT_FIRST_PHASE_ON,
  KOL_STD_TEXT_PHASE_WITHOUT_ON,
  KOL_STD_TEXT_FIRST_PHASE_YELLOW,
  KOL_STD_TEXT_TILE_COLORS_YELLOW,
  KOL_STD_TEXT_TRAIN_VARIANTS,
  KOL_STD_TEXT_TRAIN_TOO_SHORT,
  KOL_STD_TEXT_TRAIN_RUSTS_EARLIER,
  KOL_STD_TEXT_EVERY_TRAIN_RUSTS,
  KOL_STD_TEXT_CORP_KEY,
  KOL_STD_TEXT_CORP_NO_HOME,
  KOL_STD_TEXT_CORP_NO_TOKENS,
  KOL_STD_TEXT_CORP_SHARES,
  KOL_STD_TEXT_PAR_TOO_DEAR,
  KOL_STD_TEXT_BANK_TOO_SMALL,
  KOL_STD_TEXT_BANK_UNLIMITED,
  KOL_STD_TEXT_NONE_WITH_PRIVATES,
  KOL_STD_TEXT_TOO_MANY_TRAINS,
  KOL_STD_TEXT_TRAIN_NO_STOP,
  KOL_STD_TEXT_EXCHANGE_SHARES,
  KOL_STD_TEXT_PAYOUT_WITHHOLD,
  KOL_STD_TEXT_CERT_LIMIT,
  KOL_STD_TEXT_PLAYERS,
  KOL_STD_N_TEXTS
} KolStdCheckText;



/* Reads the title's data into @cfg; problems go to @check (may be NULL:
 * then the first problem only fails). Returns FALSE on a problem. */
gboolean kol_std_config_read  (const KolTitle *title,
                               KolStdConfig   *cfg,
                               KolTitleCheck  *check);

/* ---- kol-title-standard-hooks.c ---- */

void     kol_std_fill_hooks   (KolEngine *engine);
extern const KolBoardHooks kol_std_board_hooks;
extern const KolRouteHooks kol_std_route_hooks;
extern const KolMarketHooks kol_std_market_hooks;

/* ---- kol-title-standard-privates.c ---- */

void     kol_std_start_first_round        (KolEngine *engine);
gboolean kol_std_hex_blocked              (KolEngine *engine, int hex);
gboolean kol_std_company_buyable          (KolEngine *engine, int corp, int company);
void     kol_std_close_companies_on_event (KolEngine *engine, int corp, const char *event);
void     kol_std_close_on_phase           (KolEngine *engine, int phase);
void     kol_std_company_bought           (KolEngine *engine, int company, int corp);
gboolean kol_std_corp_has_abilities       (KolEngine *engine, int corp);
extern const KolStepClass kol_std_step_fixed_price;
extern const KolStepClass kol_std_step_exchange;
extern const KolStepClass kol_std_step_special_track;
extern const KolStepClass kol_std_step_special_token;

/* ---- kol-title-standard.c ---- */

extern const KolTitleModule kol_title_module_standard;

void     kol_std_start_stock_round     (KolEngine *engine);
void     kol_std_start_operating_round (KolEngine *engine, int round_num);

G_END_DECLS
