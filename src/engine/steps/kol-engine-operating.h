/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"

G_BEGIN_DECLS

/*
 * The operating side of a game: the operating round (corporations in
 * operating order, each taking its turn through the steps of the round) and
 * the rules its steps ask about (paying the private companies, the home
 * token, the tile lays of a turn, the train limit, whether a train must be
 * bought, …): 1849 §10, 1840 VIII and IX.
 *
 * Titles change behaviour through KolOperatingHooks (KolTitleModule.
 * operating_hooks): fixed choices of a title are fields (0 is the usual
 * rule), rules a title writes differently are function pointers (NULL is
 * the generic kol_default_<name>(), which stays public so that a hook can
 * call it for the part of the rule it keeps).
 *
 * The steps live in kol-engine-track.h, kol-engine-token.h,
 * kol-engine-dividend.h (routes and dividends), kol-engine-trains.h (depot,
 * phases, buying and discarding trains) and kol-engine-companies.h (buying
 * private companies, bankruptcy).
 */

/* ------------------------------------------------------------- round state */

#define KOL_MAX_LAID_HEXES   8
#define KOL_MAX_RUN_ROUTES   8

/* One route of the last run_routes action: what Dividend needs. */
typedef struct
{
  gint16 train;
  int    revenue;               /* as claimed by the action (a replay trusts it) */
} KolRunRoute;

/*
 * The round state of the generic operating steps, at the start of
 * engine->round.data in every operating-type round. Titles
 * keep theirs at KOL_ROUND_TITLE (engine, Type). Pending (home) tokens are kept by
 * the HomeToken step itself (kol-engine-token.h), because 1849 also uses that
 * step in stock rounds.
 */
typedef struct
{
  /* track lays this turn */
  int       num_laid_track;
  int       num_upgraded_track;
  guint8    upgraded_track;
  guint8    n_laid_hexes;
  gint16    laid_hexes[KOL_MAX_LAID_HEXES];
  /* station token placed this turn */
  guint8    tokened;
  /* the routes run this turn */
  guint8    n_routes;
  KolRunRoute routes[KOL_MAX_RUN_ROUTES];
  int       extra_revenue;
  /* private companies bought this turn */
  gint16    just_sold_company;               /* -1 when none */
  KolEntity company_sellers[KOL_MAX_COMPANIES];
} KolOperatingRoundState;

G_STATIC_ASSERT (sizeof (KolOperatingRoundState) <= KOL_ROUND_TITLE_OFFSET);

#define KOL_OPERATING_STATE(engine) KOL_ROUND_GENERIC (engine, KolOperatingRoundState)

/* ---------------------------------------------------------------- constants */

/* When a corporation places its home token. */
typedef enum
{
  KOL_HOME_TOKEN_OPERATE,          /* at its first operating turn (the usual rule; 1840 IX.6) */
  KOL_HOME_TOKEN_FLOAT,            /* when it is started (1849 §9.4) */
  KOL_HOME_TOKEN_PAR,              /* when its par price is set */
  KOL_HOME_TOKEN_OPERATING_ROUND,  /* at the start of the next operating round */
} KolHomeTokenTiming;

/* How much of the new track a lay must reach from the corporation's
 * network (kol_tracker_check_track_restrictions()). */
typedef enum
{
  KOL_TRACK_SEMI_RESTRICTIVE,      /* the usual rule; 1849 §10.3 */
  KOL_TRACK_PERMISSIVE,            /* 1840 */
  KOL_TRACK_CITY_PERMISSIVE,
  KOL_TRACK_RESTRICTIVE,
  KOL_TRACK_STATION_RESTRICTIVE,
} KolTrackRestriction;

/* When a corporation without a train must buy one. */
typedef enum
{
  KOL_MUST_BUY_TRAIN_ROUTE,        /* when it has a route (the usual rule) */
  KOL_MUST_BUY_TRAIN_NEVER,
  KOL_MUST_BUY_TRAIN_ALWAYS,
} KolMustBuyTrain;

/* May a forced train purchase (emergency buy) be made from another
 * corporation? */
typedef enum
{
  KOL_EBUY_FROM_OTHERS_VALUE,      /* yes, the president's money paying up to the train's price */
  KOL_EBUY_FROM_OTHERS_NEVER,      /* no: 1849 §10.7 A */
  KOL_EBUY_FROM_OTHERS_ALWAYS,
} KolEbuyFromOthers;

/* May the president borrow from the bank to complete a forced train
 * purchase? */
typedef enum
{
  KOL_PLAYER_LOAN_NONE,            /* no (the usual rule) */
  KOL_PLAYER_LOAN_ALWAYS,          /* yes: 1840 */
  KOL_PLAYER_LOAN_AFTER_SELL,
  KOL_PLAYER_LOAN_NO_SELL,
} KolPlayerLoan;

/* Who receives the dividends of unsold shares. */
typedef enum
{
  KOL_CAPITALIZATION_FULL,         /* pool shares pay the corporation (the usual rule) */
  KOL_CAPITALIZATION_INCREMENTAL,  /* treasury shares pay the corporation (1849) */
} KolCapitalization;

/* One tile lay of a turn: lay and upgrade are KolTileLayAllowed. */
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

/* Directions of a share price move. */
typedef enum
{
  KOL_PRICE_NONE,
  KOL_PRICE_LEFT,
  KOL_PRICE_RIGHT,
  KOL_PRICE_UP,
  KOL_PRICE_DOWN,
} KolPriceDirection;

#define KOL_MAX_PRICE_MOVES 2

/* How a dividend moves the share price: moves in order ({direction, times}). */
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
  /* --- the title's fixed choices (0 = the usual rule) --- */
  guint8  home_token_timing;                /* KolHomeTokenTiming; 1849 FLOAT */
  guint8  track_restriction;                /* KolTrackRestriction; 1840 PERMISSIVE */
  guint8  must_buy_train_rule;              /* KolMustBuyTrain */
  guint8  ebuy_from_others;                 /* KolEbuyFromOthers; 1849 NEVER */
  guint8  ebuy_depot_train_any;             /* a forced purchase may take any depot
                                             * train, not only the cheapest; 1840 */
  guint8  ebuy_cannot_sell_shares;          /* the president may not sell shares to
                                             * pay for a forced purchase; 1840 */
  guint8  ebuy_no_pres_swap;                /* such sales may not change the president */
  guint8  ebuy_player_loan;                 /* KolPlayerLoan; 1840 ALWAYS */
  guint8  no_train_buy_from_others;         /* no trains bought from other corporations; 1840 */
  guint8  capitalization;                   /* KolCapitalization; 1849 INCREMENTAL */
  guint8  closed_corp_reservations_kept;    /* a closed corporation keeps its home
                                             * reservation; 1849 §11 */
  guint8  obsolete_trains_count_for_limit;  /* obsolete trains count for the train limit */
  guint8  discarded_trains_removed;         /* trains over the limit leave the game
                                             * instead of going to the pool */
  /* the dividend may also be paid half (neither title; the standard module) */
  guint8  dividend_half;
  int     tile_cost;                        /* the cost of a lay in the TrackAndToken step */
  /* the tile lays of a turn; NULL: one lay or upgrade at no cost. 1840: two. */
  const KolTileLay *tile_lays_table;
  guint   n_tile_lays;

  /* --- rules a title writes differently (NULL = kol_default_<name>) --- */

  /* The entities of an operating round, in operating order. */
  int      (*operating_order)        (const KolEngine *engine, KolEntity *out, int max);
  /* Pays the private companies' revenue (1840 pays only in some rounds). */
  void     (*payout_companies)       (KolEngine *engine);
  /* Places @corp's home token. */
  void     (*place_home_token)       (KolEngine *engine, int corp);
  /* Where a corporation without a home hex may place it (1849 AFG, §9.4.1). */
  int      (*home_token_locations)   (KolEngine *engine, int corp, gint16 *hexes, int max);
  /* The tile lays of @corp's turn: fills @out, returns the number of lays. */
  int      (*tile_lays)              (KolEngine *engine, int corp, KolTileLay *out, int max);
  /* The cost of a lay with its discounts, asked after the tile is on the
   * hex: @old_tile was replaced by @new_tile. 1849 charges terrain on every
   * lay, by the gauge the tile adds (§10.3.1). */
  int      (*upgrade_cost)           (KolEngine *engine, KolEntity entity, int spender, int hex,
                                      int old_tile, int new_tile);
  /* The cash @entity may spend (1840: a line spends its major's cash). */
  int      (*buying_power)           (KolEngine *engine, KolEntity entity);
  /* How many trains @corp may own now. */
  int      (*train_limit)            (KolEngine *engine, int corp);
  /* Must @corp buy a train (it has none, and a route)? */
  gboolean (*must_buy_train)         (KolEngine *engine, int corp);
  /* May corporations buy trains from each other now? */
  gboolean (*can_buy_train_from_others)(KolEngine *engine);
  /* Does @corp's network hold a route it could run? */
  gboolean (*can_run_route)          (KolEngine *engine, int corp);
  /* The revenue of @corp's runs (1840: maintenance for lines, round multipliers). */
  int      (*routes_revenue)         (KolEngine *engine, int corp, const KolRunRoute *routes, int n);
  /* Optional check of a run_routes action for new games (the title connects
   * kol-engine-route.h's validator); replays trust the record. */
  gboolean (*validate_routes)        (KolEngine *engine, int corp, const KolAction *a, GError **error);
  /* How a dividend of @revenue moves @corp's share price (1849: by share
   * price; 1840 majors: Table 6). */
  void     (*share_price_change)     (KolEngine *engine, int corp, int revenue, KolPriceChange *out);
  /* The same knowing the dividend kind ("payout", "half", "withhold") and
   * the run's @revenue, of which @paid goes to the shareholders; when set
   * it is asked instead of share_price_change. */
  void     (*dividend_price_change)  (KolEngine *engine, int corp, const char *kind, int revenue, int paid,
                                      KolPriceChange *out);
  /* @corp bought @train for @price (1840 updates maintenance). */
  void     (*buy_train)              (KolEngine *engine, int corp, int train, int price);
  /* After a train was bought from @source: phase changes and events. */
  void     (*after_buying_train)     (KolEngine *engine, int train, KolEntity source);
  /* Rusts the trains @train (just bought) makes obsolete or rusts. */
  void     (*rust_trains)            (KolEngine *engine, int train, KolEntity entity);
  /* Companies that close on @event ("bought_train", "ran_train",
   * "operated") of @corp close. No default: the generic engine has no
   * system of company abilities (1849's RSA closes this way, §8.1). */
  void     (*close_companies_on_event)(KolEngine *engine, int corp, const char *event);
  /* Closes @corp. */
  void     (*close_corporation)      (KolEngine *engine, int corp);
  /* The prices a corporation may pay for a private company (1849: 1 to
   * twice its face value, §7.1; 1840: 1 to its face value). */
  void     (*company_price_range)    (KolEngine *engine, int corp, int company, int *min, int *max);
  /* May @corp buy @company? Default: every open company a player owns. */
  gboolean (*company_purchasable)    (KolEngine *engine, int corp, int company);
  /* Does @corp have an ability it may use now? A blocking step of buying
   * companies then offers to pass. Default no. */
  gboolean (*corp_has_abilities)     (KolEngine *engine, int corp);
  /* Lends @amount to @player (1840). */
  void     (*take_player_loan)       (KolEngine *engine, int player, int amount);
  /* After @corp's operating turn ended. */
  void     (*after_end_of_operating_turn)(KolEngine *engine, int corp);
  /* After @corp bought @company. */
  void     (*company_bought)         (KolEngine *engine, int company, int corp);
  /* May @player go bankrupt for @corp? Default: the president's cash and
   * sellable shares plus the corporation's cash buy no depot train. */
  gboolean (*can_go_bankrupt)        (KolEngine *engine, int player, int corp);
  /* Does @e lose its turn in this operating round? (Default: when closed.)
   * 1849 resets a closed corporation at once, while the round still lists
   * it: it skips corporations that are no longer floated. */
  gboolean (*skip_entity)            (KolEngine *engine, KolEntity e);

  /* --- parts of the generic steps a title changes (they are called from
   * inside those steps, so they are hooks here; NULL = generic) --- */

  /* The track restriction after a lay (1849 skips it for SMS teleports,
   * §7.1 P4); generic: kol_tracker_check_track_restrictions. */
  gboolean (*check_track_restrictions)(KolEngine *engine, int corp, int hex, int old_tile,
                                       int old_rotation, GError **error);
  /* Has @corp room for another train? (1840: the trains of the major and
   * its lines.) */
  gboolean (*buy_train_room)         (KolEngine *engine, KolStep *s, int corp);
  /* May @corp buy a train now? (1840: only while the depot offers a
   * variant of this round.) */
  gboolean (*can_buy_train)          (KolEngine *engine, KolStep *s, int corp);
  /* Must @corp buy a train in this step? (1840: no tram, and trams to buy.) */
  gboolean (*step_must_buy_train)    (KolEngine *engine, KolStep *s, int corp);
  /* May @variant of @train be bought? (1840: the variants of this round.) */
  gboolean (*train_variant_buyable)  (KolEngine *engine, int corp, int train, int variant);
  /* May @train be bought? (1849: no E train without an E-token, §14.3.) */
  gboolean (*train_buyable)          (KolEngine *engine, int corp, int train);
  /* A train bought from the depot need not be the cheapest (1840). */
  guint8   no_cheapest_train_check;
  /* May a president raising money for a forced purchase sell these shares?
   * (1849: the corporation has operated, and not its own shares before its
   * second turn, §10.7.) */
  gboolean (*ebuy_can_sell)          (KolEngine *engine, KolStep *s, KolEntity seller, int corp);
  /* After an emergency sale moved @corp's price (1849 reorders the
   * corporations). */
  void     (*after_ebuy_sell)        (KolEngine *engine, int corp, gboolean price_moved);
  /* Pays @corp its share of a dividend (1840 lines may pay maintenance: a
   * negative amount). Generic: the bank pays a positive amount. */
  void     (*payout_corporation)     (KolEngine *engine, int corp, int amount);
} KolOperatingHooks;

/* The module's operating hooks (those it keeps in the game state when its
 * constants come from the title's data), or NULL. */
static inline const KolOperatingHooks *
kol_operating_hooks (const KolEngine *engine)
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
int      kol_default_operating_order            (const KolEngine *engine,
                                                 KolEntity       *out,
                                                 int              max);
int      kol_operating_order                    (const KolEngine *engine,
                                                 KolEntity       *out,
                                                 int              max);
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
/* The event "close companies" for titles' event hooks: every open private
 * company closes. */
void     kol_default_event_close_companies (KolEngine *engine);
gboolean kol_operating_corp_has_abilities  (KolEngine *engine, int corp);

/* The corporation that pays for @entity's actions: a company's owner, else
 * the entity itself. */
int       kol_operating_acting_corp     (KolEngine *engine, KolEntity entity);
/* Number of dividends recorded for @corp: how many times it has operated. */
int       kol_operating_history_size    (KolEngine *engine, int corp);
/* Records one dividend in @corp's operating history. */
void      kol_operating_record_history  (KolEngine *engine, int corp);

/* -------------------------------------------------------------- the round */

/* The operating round. Titles with their own operating round class copy
 * this table and replace slots, calling the kol_round_operating_*
 * functions. */
extern const KolRoundClass kol_round_operating;

void      kol_round_operating_select_entities (KolEngine *engine, KolRound *r);
void      kol_round_operating_setup           (KolEngine *engine, KolRound *r);
void      kol_round_operating_after_process   (KolEngine *engine, KolRound *r, const KolAction *a);
gboolean  kol_round_operating_finished        (KolEngine *engine, KolRound *r);
void      kol_round_operating_next_entity     (KolEngine *engine, KolRound *r);
/* The current entity begins its turn. */
void      kol_round_operating_start_operating (KolEngine *engine);
/* Does @e lose its turn? (Default: when closed.) */
gboolean  kol_round_operating_skip_entity     (KolEngine *engine, KolEntity e);
gboolean  kol_round_operating_any_to_act      (KolEngine *engine);
/* Every step passes and the next entity operates. */
void      kol_round_operating_force_next_entity (KolEngine *engine);
/* Re-sorts the entities after the current one (after
 * share sales move prices). */
void      kol_round_operating_recalculate_order (KolEngine *engine);
/* After @operator's turn: the title's after_end_of_operating_turn. */
void      kol_round_operating_after_end_of_turn (KolEngine *engine, KolEntity operator);

/* Is the current round an operating-type round? */
static inline gboolean
kol_round_is_operating (KolEngine *engine)
{
  return engine->round.klass != NULL && engine->round.klass->operating;
}

/* ------------------------------------------------------------ step helpers */

/* Logs that @entity passes, or skips, the step (with the step's name). */
void      kol_step_log_pass             (KolEngine *engine, KolStep *s, KolEntity entity);
void      kol_step_log_skip             (KolEngine *engine, KolStep *s, KolEntity entity);
/* The usual skip: logs it unless the step acted, then passes. */
void      kol_step_default_skip         (KolEngine *engine, KolStep *s);
/* The usual pass: logs it and passes. */
gboolean  kol_step_process_pass         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* Is @entity the step's acting entity? */
gboolean  kol_step_is_current           (KolEngine *engine, KolStep *s, KolEntity entity);

/* Convenience for typed log arguments. */
KolArg    kol_arg_entity                (KolEntity e);
KolArg    kol_arg_string                (const char *str);

G_END_DECLS
