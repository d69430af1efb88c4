/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"

G_BEGIN_DECLS

/*
 * The operating side of a game, after 18xx.games' Round::Operating and the
 * Game methods its steps call (payout_companies, place_home_token, tile_lays,
 * train_limit, must_buy_train?, …).
 *
 * Titles change behaviour through KolOperatingHooks (KolTitleModule.
 * operating_hooks): constants of 18xx.games' Game classes are fields (0 is the
 * Base default), overridden Game methods are function pointers (NULL is the
 * generic kol_default_<name>(), which stays public so a hook can call it like
 * Ruby's super).
 *
 * The steps live in kol-engine-track.h, kol-engine-token.h,
 * kol-engine-dividend.h (Route and Dividend), kol-engine-trains.h (depot,
 * phases, BuyTrain, DiscardTrain) and kol-engine-companies.h (BuyCompany,
 * Bankrupt).
 */

/* ------------------------------------------------------------- round state */

#define KOL_MAX_LAID_HEXES   8
#define KOL_MAX_RUN_ROUTES   8

/* One route of the last run_routes action: what Dividend needs. */
typedef struct
{
  gint16 train;
  int    revenue;               /* as claimed by the action (18xx.games trusts it) */
} KolRunRoute;

/*
 * The round state the generic operating steps declare (Ruby round_state
 * ivars), at the start of engine->round.data in every operating-type round. Titles
 * keep theirs at KOL_ROUND_TITLE (engine, Type). Pending (home) tokens are kept by
 * the HomeToken step itself (kol-engine-token.h), because 1849 also uses that
 * step in stock rounds.
 */
typedef struct
{
  /* Step::Tracker */
  int       num_laid_track;
  int       num_upgraded_track;
  guint8    upgraded_track;
  guint8    n_laid_hexes;
  gint16    laid_hexes[KOL_MAX_LAID_HEXES];
  /* Step::Tokener */
  guint8    tokened;
  /* Step::Route */
  guint8    n_routes;
  KolRunRoute routes[KOL_MAX_RUN_ROUTES];
  int       extra_revenue;
  /* Step::BuyCompany */
  gint16    just_sold_company;               /* -1 when none */
  KolEntity company_sellers[KOL_MAX_COMPANIES];
} KolOperatingRoundState;

G_STATIC_ASSERT (sizeof (KolOperatingRoundState) <= KOL_ROUND_TITLE_OFFSET);

#define KOL_OPERATING_STATE(engine) KOL_ROUND_GENERIC (engine, KolOperatingRoundState)

/* ---------------------------------------------------------------- constants */

/* Game::HOME_TOKEN_TIMING */
typedef enum
{
  KOL_HOME_TOKEN_OPERATE,          /* first OR turn (Base default; 1840) */
  KOL_HOME_TOKEN_FLOAT,            /* 1849 */
  KOL_HOME_TOKEN_PAR,
  KOL_HOME_TOKEN_OPERATING_ROUND,  /* start of the next OR */
} KolHomeTokenTiming;

/* Game::TRACK_RESTRICTION */
typedef enum
{
  KOL_TRACK_SEMI_RESTRICTIVE,      /* Base default; 1849 */
  KOL_TRACK_PERMISSIVE,            /* 1840 */
  KOL_TRACK_CITY_PERMISSIVE,
  KOL_TRACK_RESTRICTIVE,
  KOL_TRACK_STATION_RESTRICTIVE,
} KolTrackRestriction;

/* Game::MUST_BUY_TRAIN */
typedef enum
{
  KOL_MUST_BUY_TRAIN_ROUTE,        /* Base default */
  KOL_MUST_BUY_TRAIN_NEVER,
  KOL_MUST_BUY_TRAIN_ALWAYS,
} KolMustBuyTrain;

/* Game::EBUY_FROM_OTHERS */
typedef enum
{
  KOL_EBUY_FROM_OTHERS_VALUE,      /* Base default */
  KOL_EBUY_FROM_OTHERS_NEVER,      /* 1849 */
  KOL_EBUY_FROM_OTHERS_ALWAYS,
} KolEbuyFromOthers;

/* Game::EBUY_CAN_TAKE_PLAYER_LOAN */
typedef enum
{
  KOL_PLAYER_LOAN_NONE,            /* false: Base default */
  KOL_PLAYER_LOAN_ALWAYS,          /* true: 1840 */
  KOL_PLAYER_LOAN_AFTER_SELL,
  KOL_PLAYER_LOAN_NO_SELL,
} KolPlayerLoan;

/* Game::CAPITALIZATION: who receives the dividends of unsold shares. */
typedef enum
{
  KOL_CAPITALIZATION_FULL,         /* pool shares pay the corporation (Base) */
  KOL_CAPITALIZATION_INCREMENTAL,  /* treasury shares pay the corporation (1849) */
} KolCapitalization;

/* One entry of Game::TILE_LAYS: lay/upgrade are KolTileLayAllowed. */
typedef enum
{
  KOL_TILE_LAY_NO,
  KOL_TILE_LAY_YES,
  KOL_TILE_LAY_NOT_IF_UPGRADED,
} KolTileLayAllowed;

typedef struct
{
  guint8 lay;
  guint8 upgrade;
  guint8 cannot_reuse_same_hex;
  int    cost;
  int    upgrade_cost;             /* -1: same as cost */
} KolTileLay;

#define KOL_MAX_TILE_LAYS 4

/* Directions of a share price move (stock_market.rb move_*). */
typedef enum
{
  KOL_PRICE_NONE,
  KOL_PRICE_LEFT,
  KOL_PRICE_RIGHT,
  KOL_PRICE_UP,
  KOL_PRICE_DOWN,
} KolPriceDirection;

#define KOL_MAX_PRICE_MOVES 2

/* Dividend#share_price_change: moves in order ({direction, times}). */
typedef struct
{
  int n;
  struct
  {
    guint8 direction;              /* KolPriceDirection */
    int    times;
  } moves[KOL_MAX_PRICE_MOVES];
} KolPriceChange;

/* -------------------------------------------------------------------- hooks */

typedef struct
{
  /* --- Game constants (0 = 18xx.games Base default) --- */
  guint8  home_token_timing;                /* KolHomeTokenTiming; 1849 FLOAT */
  guint8  track_restriction;                /* KolTrackRestriction; 1840 PERMISSIVE */
  guint8  must_buy_train_rule;              /* KolMustBuyTrain */
  guint8  ebuy_from_others;                 /* KolEbuyFromOthers; 1849 NEVER */
  guint8  ebuy_depot_train_any;             /* !EBUY_DEPOT_TRAIN_MUST_BE_CHEAPEST; 1840 */
  guint8  ebuy_cannot_sell_shares;          /* !EBUY_CAN_SELL_SHARES; 1840 */
  guint8  ebuy_no_pres_swap;                /* !EBUY_PRES_SWAP */
  guint8  ebuy_player_loan;                 /* KolPlayerLoan; 1840 ALWAYS */
  guint8  no_train_buy_from_others;         /* !ALLOW_TRAIN_BUY_FROM_OTHERS; 1840 */
  guint8  capitalization;                   /* KolCapitalization; 1849 INCREMENTAL */
  guint8  closed_corp_reservations_kept;    /* !CLOSED_CORP_RESERVATIONS_REMOVED; 1849 */
  guint8  obsolete_trains_count_for_limit;  /* OBSOLETE_TRAINS_COUNT_FOR_LIMIT */
  guint8  discarded_trains_removed;         /* DISCARDED_TRAINS == :remove */
  /* Step::HalfPay: the dividend may also be paid half (neither title). */
  guint8  dividend_half;
  int     tile_cost;                        /* TILE_COST (Step::TrackAndToken) */
  /* TILE_LAYS; NULL: one lay or upgrade at no cost. 1840: two. */
  const KolTileLay *tile_lays_table;
  guint   n_tile_lays;

  /* --- Game methods (NULL = kol_default_<name>) --- */

  /* Game#operating_order: the entities of an operating round. */
  int      (*operating_order)        (KolEngine *engine, KolEntity *out, int max);
  /* Game#payout_companies (1840 pays only in some rounds). */
  void     (*payout_companies)       (KolEngine *engine);
  /* Game#place_home_token. */
  void     (*place_home_token)       (KolEngine *engine, int corp);
  /* Game#home_token_locations, for corporations without a home hex (1849 AFG). */
  int      (*home_token_locations)   (KolEngine *engine, int corp, gint16 *hexes, int max);
  /* Game#tile_lays(entity): fills @out, returns the number of lays. */
  int      (*tile_lays)              (KolEngine *engine, int corp, KolTileLay *out, int max);
  /* Game#upgrade_cost + tile_cost_with_discount, called after the tile is
   * on the hex (as 18xx.games does): @old_tile was replaced by @new_tile.
   * 1849 charges terrain on every lay with gauge fractions. */
  int      (*upgrade_cost)           (KolEngine *engine, KolEntity entity, int spender, int hex,
                                      int old_tile, int new_tile);
  /* Game#buying_power (1840: a line spends its major's cash). */
  int      (*buying_power)           (KolEngine *engine, KolEntity entity);
  /* Game#train_limit. */
  int      (*train_limit)            (KolEngine *engine, int corp);
  /* Game#must_buy_train?. */
  gboolean (*must_buy_train)         (KolEngine *engine, int corp);
  /* Game#can_buy_train_from_others?. */
  gboolean (*can_buy_train_from_others)(KolEngine *engine);
  /* Game#can_run_route?. */
  gboolean (*can_run_route)          (KolEngine *engine, int corp);
  /* Game#routes_revenue (1840: maintenance for lines, round multipliers). */
  int      (*routes_revenue)         (KolEngine *engine, int corp, const KolRunRoute *routes, int n);
  /* Optional check of a run_routes action for new games (the title connects
   * kol-engine-route.h's validator); replays trust the record. */
  gboolean (*validate_routes)        (KolEngine *engine, int corp, const KolAction *a, GError **error);
  /* Dividend#share_price_change (1849: by share price; 1840 majors: a table). */
  void     (*share_price_change)     (KolEngine *engine, int corp, int revenue, KolPriceChange *out);
  /* The same knowing the dividend kind ("payout", "half", "withhold") and
   * the run's @revenue, of which @paid goes to the shareholders; when set
   * it is asked instead of share_price_change. */
  void     (*dividend_price_change)  (KolEngine *engine, int corp, const char *kind, int revenue, int paid,
                                      KolPriceChange *out);
  /* Game#buy_train (1840 updates maintenance). */
  void     (*buy_train)              (KolEngine *engine, int corp, int train, int price);
  /* Game#after_buying_train. */
  void     (*after_buying_train)     (KolEngine *engine, int train, KolEntity source);
  /* Game#rust_trains! (called with the train just bought). */
  void     (*rust_trains)            (KolEngine *engine, int train, KolEntity entity);
  /* Game#close_companies_on_event!: companies with a :close ability for
   * @event ("bought_train", "ran_train", "operated") close. No default: the
   * generic engine has no ability system (1849's RSA uses it). */
  void     (*close_companies_on_event)(KolEngine *engine, int corp, const char *event);
  /* Game#close_corporation. */
  void     (*close_corporation)      (KolEngine *engine, int corp);
  /* Company#min_price/max_price for a corporation buying it (1849 1..2×,
   * 1840 1..face). */
  void     (*company_price_range)    (KolEngine *engine, int corp, int company, int *min, int *max);
  /* Game#purchasable_companies filter (no_buy abilities); default: every
   * open company a player owns. */
  gboolean (*company_purchasable)    (KolEngine *engine, int corp, int company);
  /* Does @corp have usable abilities (Game#abilities(entity, passive_ok:
   * false))? A blocking BuyCompany then offers pass. Default no. */
  gboolean (*corp_has_abilities)     (KolEngine *engine, int corp);
  /* Game#take_player_loan (1840). */
  void     (*take_player_loan)       (KolEngine *engine, int player, int amount);
  /* Game#after_end_of_operating_turn. */
  void     (*after_end_of_operating_turn)(KolEngine *engine, int corp);
  /* Game#company_bought (after BuyCompany). */
  void     (*company_bought)         (KolEngine *engine, int company, int corp);
  /* Game#can_go_bankrupt? (Step::Bankrupt); default: the president's cash
   * and sellable shares plus the corporation's cash buy no depot train. */
  gboolean (*can_go_bankrupt)        (KolEngine *engine, int player, int corp);
  /* Round::Operating#skip_entity? (default: closed). 1849 resets a closed
   * corporation at once (a new object in 18xx.games, while the round still
   * holds the closed one): it skips corporations that are no longer
   * floated. */
  gboolean (*skip_entity)            (KolEngine *engine, KolEntity e);

  /* --- step methods title steps override (18xx.games calls them from
   * inside the generic steps, so they are hooks here; NULL = generic) --- */

  /* Tracker#check_track_restrictions! (1849 skips it for SMS teleports);
   * generic: kol_tracker_check_track_restrictions. */
  gboolean (*check_track_restrictions)(KolEngine *engine, int corp, int hex, int old_tile,
                                       int old_rotation, GError **error);
  /* Step::Train#room? (1840: trains of the major and its lines). */
  gboolean (*buy_train_room)         (KolEngine *engine, KolStep *s, int corp);
  /* Step::Train#can_buy_train? (1840: only while the depot offers a
   * variant of this round). */
  gboolean (*can_buy_train)          (KolEngine *engine, KolStep *s, int corp);
  /* Step::Train#must_buy_train? (1840: no tram and trams to buy). */
  gboolean (*step_must_buy_train)    (KolEngine *engine, KolStep *s, int corp);
  /* #buyable_train_variants filter (1840: the variants of this round). */
  gboolean (*train_variant_buyable)  (KolEngine *engine, int corp, int train, int variant);
  /* #buyable_trains filter (1849: no E train without an E-token). */
  gboolean (*train_buyable)          (KolEngine *engine, int corp, int train);
  /* Step::Train#check_for_cheapest_train is a no-op (1840). */
  guint8   no_cheapest_train_check;
  /* EmergencyMoney#can_sell? extra conditions (1849: the corporation has
   * operated, and not its own shares before its second turn). */
  gboolean (*ebuy_can_sell)          (KolEngine *engine, KolStep *s, KolEntity seller, int corp);
  /* After an emergency sale moved @corp's price (1849 reorder_corps). */
  void     (*after_ebuy_sell)        (KolEngine *engine, int corp, gboolean price_moved);
  /* Dividend#payout_corporation (1840 lines may pay maintenance: negative).
   * Generic: the bank pays a positive amount. */
  void     (*payout_corporation)     (KolEngine *engine, int corp, int amount);
} KolOperatingHooks;

/* The module's operating hooks (those it keeps in the game state when its
 * constants come from the title's data), or NULL. */
static inline const KolOperatingHooks *
kol_operating_hooks (KolEngine *engine)
{
  const KolTitleModule *m = engine->module;

  if (m == NULL)
    return NULL;
  if (m->game_hooks)
    return (const KolOperatingHooks *) m->game_hooks (engine, KOL_HOOKS_OPERATING);
  return (const KolOperatingHooks *) m->operating_hooks;
}

/* Generic defaults (and the entry points steps call, which dispatch to the
 * hook when there is one). */
int      kol_default_operating_order            (KolEngine *engine, KolEntity *out, int max);
int      kol_operating_order                    (KolEngine *engine, KolEntity *out, int max);
void     kol_default_payout_companies           (KolEngine *engine);
void     kol_operating_payout_companies         (KolEngine *engine);
void     kol_default_place_home_token           (KolEngine *engine, int corp);
void     kol_operating_place_home_token         (KolEngine *engine, int corp);
int      kol_default_tile_lays                  (KolEngine *engine, int corp, KolTileLay *out, int max);
int      kol_operating_tile_lays                (KolEngine *engine, int corp, KolTileLay *out, int max);
int      kol_default_upgrade_cost               (KolEngine *engine, KolEntity entity, int spender, int hex,
                                                 int        old_tile, int new_tile);
int      kol_default_buying_power               (KolEngine *engine, KolEntity entity);
int      kol_operating_buying_power             (KolEngine *engine, KolEntity entity);
int      kol_default_train_limit                (KolEngine *engine, int corp);
int      kol_operating_train_limit              (KolEngine *engine, int corp);
gboolean kol_default_can_run_route              (KolEngine *engine, int corp);
gboolean kol_operating_can_run_route            (KolEngine *engine, int corp);
int      kol_default_routes_revenue             (KolEngine *engine, int corp, const KolRunRoute *routes, int n);
int      kol_operating_routes_revenue           (KolEngine *engine, int corp, const KolRunRoute *routes, int n);
void     kol_default_close_corporation          (KolEngine *engine, int corp);
void     kol_operating_close_corporation        (KolEngine *engine, int corp);
void     kol_operating_close_companies_on_event (KolEngine *engine, int corp, const char *event);
/* Game#event_close_companies! for titles' event hooks (no abilities: all
 * open companies close). */
void     kol_default_event_close_companies (KolEngine *engine);
gboolean kol_operating_corp_has_abilities  (KolEngine *engine, int corp);

/* The corporation that pays for @entity's actions: a company's owner, else
 * the entity itself (Game#token_owner / Tracker#get_tile_lay_corporation). */
int       kol_operating_acting_corp     (KolEngine *engine, KolEntity entity);
/* Number of dividends recorded for @corp (Ruby operating_history.size). */
int       kol_operating_history_size    (KolEngine *engine, int corp);
/* Records one dividend in @corp's operating history. */
void      kol_operating_record_history  (KolEngine *engine, int corp);

/* -------------------------------------------------------------- the round */

/* Round::Operating. Titles with their own operating round class copy this
 * table and replace slots, calling the kol_round_operating_* functions. */
extern const KolRoundClass kol_round_operating;

void      kol_round_operating_select_entities (KolEngine *engine, KolRound *r);
void      kol_round_operating_setup           (KolEngine *engine, KolRound *r);
void      kol_round_operating_after_process   (KolEngine *engine, KolRound *r, const KolAction *a);
gboolean  kol_round_operating_finished        (KolEngine *engine, KolRound *r);
void      kol_round_operating_next_entity     (KolEngine *engine, KolRound *r);
/* Round::Operating#start_operating: the current entity begins its turn. */
void      kol_round_operating_start_operating (KolEngine *engine);
/* #skip_entity? (default: closed). */
gboolean  kol_round_operating_skip_entity     (KolEngine *engine, KolEntity e);
gboolean  kol_round_operating_any_to_act      (KolEngine *engine);
/* #force_next_entity!: every step passes and the next entity operates. */
void      kol_round_operating_force_next_entity (KolEngine *engine);
/* #recalculate_order: re-sorts the entities after the current one (after
 * share sales move prices). */
void      kol_round_operating_recalculate_order (KolEngine *engine);
/* #after_end_of_turn hook of the game. */
void      kol_round_operating_after_end_of_turn (KolEngine *engine, KolEntity operator);

/* Is the current round an operating-type round? */
static inline gboolean
kol_round_is_operating (KolEngine *engine)
{
  return engine->round.klass != NULL && engine->round.klass->operating;
}

/* ------------------------------------------------------------ step helpers */

/* Step::Base#log_pass / #log_skip with the step's name. */
void      kol_step_log_pass             (KolEngine *engine, KolStep *s, KolEntity entity);
void      kol_step_log_skip             (KolEngine *engine, KolStep *s, KolEntity entity);
/* Step::Base#skip!: logs a skip unless the step acted, then passes. */
void      kol_step_default_skip         (KolEngine *engine, KolStep *s);
/* Step::Base#process_pass: logs the pass and passes. */
gboolean  kol_step_process_pass         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* The acting entity of a step is @entity (Step#current_entity == entity). */
gboolean  kol_step_is_current           (KolEngine *engine, KolStep *s, KolEntity entity);

/* Convenience for typed log arguments. */
KolArg    kol_arg_entity                (KolEntity e);
KolArg    kol_arg_string                (const char *str);

G_END_DECLS
