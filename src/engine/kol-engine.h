/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-types.h"
#include "kol-engine-error.h"
#include "kol-engine-title.h"
#include "kol-engine-action.h"
#include "kol-engine-words.h"

G_BEGIN_DECLS

/*
 * The state of one game, and the framework that changes it.
 *
 * The state is one flat struct (no pointers into the heap except the shared,
 * immutable title and module), so that
 *  - kol_engine_apply() can work on a copy and commit only on success: an
 *    illegal action never leaves a half-changed state;
 *  - history snapshots and undo are a memcpy.
 *
 * A title's own state must be as flat, and is kept inside this struct:
 * fixed areas of bytes that each title module lays its own struct over,
 * once for the game (title_state), once for the current round (the second
 * half of round.data), and once per corporation and player (title_data).
 * The title module reads them only through typed accessors of its own
 * (e.g. kol_1849_corp()), built on the KOL_*_TITLE macros below, which
 * check at compile time that the struct fits its area. Nothing is
 * allocated, so a copy of the engine is a copy of the title's state too.
 *
 * The flow mirrors 18xx.games (rounds made of steps; the first active step that
 * accepts an action processes it; blocking steps stop the search), because
 * games recorded there must replay action by action to the same states.
 * Titles plug in through KolTitleModule hooks and their own step classes.
 */

typedef struct _KolEngine       KolEngine;
typedef struct _KolStep       KolStep;
typedef struct _KolStepClass  KolStepClass;
typedef struct _KolRound      KolRound;
typedef struct _KolRoundClass KolRoundClass;

/* ----------------------------------------------------------------- entities */

typedef struct
{
  gint16    corp;
  guint8    index;        /* id "<corp>_<index>" */
  guint8    percent;
  guint8    president;
  guint8    flags;        /* title flags, e.g. 1849's last certificate */
  guint8    buyable;
  KolEntity owner;
  guint32   seq;          /* order within the owner's holding (append order) */
} KolCert;

typedef struct
{
  gint16    def;          /* train def index */
  gint16    copy;         /* n in "<id>-<n>" */
  guint8    variant;      /* index into the def's variants: current name and price */
  guint8    rusted;
  guint8    obsolete;
  guint8    operated;
  guint8    ever_operated;
  guint8    in_depot;     /* still in the depot's upcoming list */
  KolEntity owner;        /* BANK = depot, POOL = discarded, REMOVED = rusted/exported */
  guint32   seq;          /* order in the owner's list */
} KolTrain;

typedef struct
{
  KolEntity owner;        /* NONE = bank/unsold */
  guint8    closed;
  guint8    passed;
  guint8    discounted;
  int       value;        /* current value (can drop in auctions) */
  int       revenue;
  guint32   seq;
} KolCompany;

typedef struct
{
  gint16 hex;             /* -1 = not placed */
  gint8  slot;            /* slot index over all cities of the hex's tile */
  guint8 used;            /* placed at least once / removed for good */
  int    price;
} KolToken;

/* Bytes of KolCorp.title_data and KolPlayer.title_data. */
#define KOL_CORP_TITLE_SIZE   64
#define KOL_PLAYER_TITLE_SIZE 32

typedef struct
{
  int       cash;
  gint16    price_row;    /* current share price cell, -1 when none */
  gint16    price_col;
  gint16    par_row;
  gint16    par_col;
  guint32   stack_seq;    /* order of arrival on the price cell (earlier = on top) */
  guint8    ipoed;
  guint8    floated;
  guint8    closed;
  guint8    operated;     /* has operated at least once */
  guint8    passed;
  guint8    removed;      /* not in this game */
  KolEntity owner;        /* president / director / owning corp, NONE */
  guint8    n_tokens;
  KolToken  tokens[KOL_MAX_CORP_TOKENS];
  int       loans;
  int       last_revenue;
  guint32   order_seq;    /* position in the game's corporation list */
  /* the title's own state of the corporation (KOL_CORP_TITLE), cleared
   * with the rest when the corporation is reset */
  _Alignas (8) guint8 title_data[KOL_CORP_TITLE_SIZE] G_GNUC_MAY_ALIAS;
} KolCorp;

typedef struct
{
  int       id;           /* player id (18xx.games user id, or seat number) */
  char      name[64];
  int       cash;
  int       debt;
  int       loans;
  guint8    bankrupt;
  guint8    passed;
  /* the title's own state of the player (KOL_PLAYER_TITLE) */
  _Alignas (8) guint8 title_data[KOL_PLAYER_TITLE_SIZE] G_GNUC_MAY_ALIAS;
} KolPlayer;

/* ------------------------------------------------------------------- board */

typedef struct
{
  gint16  tile;           /* tile def index on the hex */
  gint16  copy;           /* copy index, -1 for the preprinted tile */
  guint8  rotation;
  guint8  flags;          /* title use */
  gint16  slot_token[KOL_MAX_HEX_SLOTS];    /* corp*KOL_MAX_CORP_TOKENS+i, or -1 */
  gint16  slot_reserved[KOL_MAX_HEX_SLOTS]; /* corp index, or -1 */
  guint32 marks;          /* title use: blockers, bonus markers, … */
} KolHexState;

#define KOL_TOKEN_ID(corp, i)  ((gint16) ((corp) * KOL_MAX_CORP_TOKENS + (i)))
#define KOL_TOKEN_CORP(id)     ((id) / KOL_MAX_CORP_TOKENS)
#define KOL_TOKEN_INDEX(id)    ((id) % KOL_MAX_CORP_TOKENS)

/* ------------------------------------------------------------- steps/rounds */

#define KOL_STEP_DATA_SIZE 256
#define KOL_MAX_STEPS       24  /* 1849: 20 operating steps + 3 default steps */
#define KOL_MAX_ROUND_ENTITIES 40
#define KOL_ROUND_DATA_SIZE 2048
/* round.data: generic round state (stock or operating) in the first half,
 * the title's own round state from KOL_ROUND_TITLE_OFFSET. */
#define KOL_ROUND_TITLE_OFFSET 1024
#define KOL_ROUND_GENERIC(engine, Type) \
  (G_STATIC_ASSERT_EXPR (sizeof (Type) <= KOL_ROUND_TITLE_OFFSET), \
   (Type *) (void *) (engine)->round.data)
#define KOL_ROUND_TITLE(engine, Type) \
  (G_STATIC_ASSERT_EXPR (sizeof (Type) <= KOL_ROUND_DATA_SIZE - KOL_ROUND_TITLE_OFFSET), \
   (Type *) (void *) ((engine)->round.data + KOL_ROUND_TITLE_OFFSET))

struct _KolStep
{
  const KolStepClass *klass;
  guint8 passed;
  guint8 acted;
  gint16 opt;             /* a per-instance option of the class */
  _Alignas (8) guint8 data[KOL_STEP_DATA_SIZE] G_GNUC_MAY_ALIAS; /* aligned for the structs cast onto it */
};

/* Step classes are static const tables. Every hook may be NULL for the
 * default behaviour given with it. */
struct _KolStepClass
{
  const char *name;                         /* "Lay Track", for logs and the UI */
  /* Legal action types for @entity (bitmask of KOL_ACTION_BIT). */
  guint32   (*actions)         (KolEngine *engine, KolStep *s, KolEntity entity);
  gboolean  (*blocks)          (KolEngine *engine, KolStep *s);             /* default TRUE */
  gboolean  (*active)          (KolEngine *engine, KolStep *s);             /* default !passed */
  /* Fills @out with the entities that may act now; returns how many. Default:
   * the round's entity at entity_index. */
  int       (*active_entities) (KolEngine *engine, KolStep *s, KolEntity *out, int max);
  gboolean  (*process)         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
  void      (*setup)           (KolEngine *engine, KolStep *s);
  void      (*pass)            (KolEngine *engine, KolStep *s);             /* default passed=TRUE */
  void      (*unpass)          (KolEngine *engine, KolStep *s);
  void      (*skip)            (KolEngine *engine, KolStep *s);             /* default pass */
  /* Auto actions for the current entity (new games only; replays use the
   * record's). Returns a new array of KolAction* or NULL. */
  GPtrArray*(*auto_actions)    (KolEngine *engine, KolStep *s, KolEntity entity);
  /* Round-state initialisation this step needs (called once per round). */
  void      (*round_state)     (KolEngine *engine, KolStep *s);
  /* Appends to @out (KolAction*) concrete legal actions of @entity in this
   * step, for self-play and for UIs that list choices. Where a choice is a
   * number in a range (bids, prices), add representative values (minimum,
   * a few steps, maximum); the ranges themselves come from the step's own
   * query functions. */
  void      (*legal_actions)   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
  /* Called when this blocking step refuses @a because actions() does not
   * offer its type: sets the most specific refusal it can (e.g. "at the
   * certificate limit") and returns FALSE; NULL or TRUE = generic message. */
  gboolean  (*explain)         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
};

struct _KolRound
{
  const KolRoundClass *klass;
  int        kind;          /* title-defined round kind */
  int        round_num;
  int        n_entities;
  KolEntity  entities[KOL_MAX_ROUND_ENTITIES];
  int        entity_index;
  KolEntity  last_to_act;
  guint8     at_start;
  int        n_steps;
  KolStep    steps[KOL_MAX_STEPS];
  KolEntity  current_operator;
  guint8     current_operator_acted;
  gint8      remembered_step; /* Round::Base's @active_step as the operating
                               * round's after_process found it, -1: none
                               * (kol_round_current_entity_remembered) */
  _Alignas (8) guint8 data[KOL_ROUND_DATA_SIZE] G_GNUC_MAY_ALIAS; /* round state (aligned for the structs cast onto it) */
};

struct _KolRoundClass
{
  const char *name;                  /* "Stock Round" */
  const char *short_name;            /* "SR" */
  guint8      operating;             /* an operating-type round */
  guint8      stock;
  /* Fill round entities (default: none). */
  void      (*select_entities) (KolEngine *engine, KolRound *r);
  void      (*setup)           (KolEngine *engine, KolRound *r);
  void      (*before_process)  (KolEngine *engine, KolRound *r, const KolAction *a);
  void      (*after_process_before_skip) (KolEngine *engine, KolRound *r, const KolAction *a);
  void      (*after_process)   (KolEngine *engine, KolRound *r, const KolAction *a);
  gboolean  (*finished)        (KolEngine *engine, KolRound *r);
  void      (*next_entity)     (KolEngine *engine, KolRound *r);
};

/* ------------------------------------------------------------ title module */

typedef struct _KolRouteResult KolRouteResult;

/* The hook tables a module may keep in the game state (game_hooks). */
typedef enum
{
  KOL_HOOKS_STOCK,
  KOL_HOOKS_OPERATING,
} KolHookTable;

/* Hooks of a title's rules module. NULL hooks take the generic behaviour. */
struct _KolTitleModule
{
  const char *id;                      /* "1849" */
  gsize       state_size;              /* bytes of KolEngine.title_state used */
  /* Validate options and configuration before setup. */
  gboolean  (*check_config)    (const KolTitle *title, GError **error);
  /* Everything in the title's data the module cannot play (unknown values,
   * unsupported features, a game that could not end), for the loader:
   * appends problems to @check; TRUE when there is none. NULL: no check
   * beyond the loader's. */
  gboolean  (*check_title)     (const KolTitle *title, KolTitleCheck *check);
  /* Setup after the generic initialisation; draws from the rng in the same
   * order as 18xx.games. Must create the first round. */
  gboolean  (*setup)           (KolEngine *engine, GError **error);
  /* Create the next round when the current one is finished. */
  void      (*next_round)      (KolEngine *engine);
  /* Game end check after each action: returns the KolEndTiming of the
   * trigger so far and sets *reason (KolGameEnd). */
  int       (*game_end_check)  (KolEngine *engine, int *reason);
  /* Does a trigger of @timing end the game now? NULL = kol_engine_end_now(). */
  gboolean  (*end_now)         (KolEngine *engine, int timing);
  /* Final value of a player (score). */
  int       (*player_value)    (const KolEngine *engine, int player);
  /* Called after an action and its auto actions were processed. */
  void      (*action_processed)(KolEngine *engine, const KolAction *a);
  /* Events named in phase or train data ("close_companies", …). */
  void      (*event)           (KolEngine *engine, const char *event);
  /* Phase changed to @phase. */
  void      (*phase_changed)   (KolEngine *engine, int phase);
  /* Self-play: checks the title's invariants after an action (money,
   * certificates, tiles, tokens…); appends what is wrong to @problems and
   * returns FALSE if something is. */
  gboolean  (*check_invariants)(KolEngine *engine, GString *problems);
  /* Optional hook tables, each defined by the part of the engine that calls
   * them; NULL or a NULL member means the generic behaviour. */
  gconstpointer board_hooks;     /* KolBoardHooks, kol-engine-board.h */
  gconstpointer market_hooks;    /* KolMarketHooks, kol-engine-market.h */
  gconstpointer stock_hooks;     /* KolStockHooks, kol-engine-stock.h */
  gconstpointer operating_hooks; /* KolOperatingHooks, kol-engine-operating.h */
  gconstpointer route_hooks;     /* kol-engine-route.h */
  gconstpointer info_hooks;      /* KolInfoHooks, kol-engine-info.h: what the views show */
  gconstpointer policy_hooks;    /* KolPolicyHooks, kol-policy.h: what the computer players ask */
  /* A module whose Game constants come from the title's data (standard)
   * keeps its stock and operating hook tables in its title state, filled
   * in setup before anything reads them, and returns them here (from
   * @engine, so a copy of the game has its own); NULL: the static tables
   * above. */
  gconstpointer (*game_hooks)  (const KolEngine *engine, KolHookTable table);
  /* The module's own words (kol-engine-words.h), or NULL. */
  const KolTitleWords *words;
};

/* -------------------------------------------------------------------- game */

#define KOL_TITLE_STATE_SIZE 8192

typedef enum
{
  KOL_GAME_END_NONE,
  KOL_GAME_END_BANK,
  KOL_GAME_END_STOCK_MARKET,
  KOL_GAME_END_BANKRUPT,
  KOL_GAME_END_FIXED_ROUND,
  KOL_GAME_END_MANUAL,
} KolGameEnd;

typedef struct _KolLogEntry KolLogEntry;
typedef void (*KolLogFunc) (KolEngine *engine, const KolLogEntry *entry, gpointer user_data);

/* The views hold a state as a handle they never look into: they read it
 * through the model (src/views/meson.build defines KOL_ENGINE_OPAQUE, so a
 * view that reads a field does not compile). */
#ifndef KOL_ENGINE_OPAQUE
struct _KolEngine
{
  /* shared, immutable */
  const KolTitle       *title;
  const KolTitleModule *module;
  KolLogFunc            log_func;
  gpointer              log_data;

  /* configuration */
  gint64     seed;
  guint32    rng;               /* state of 18xx.games' LCG */

  /* money */
  int        bank;              /* bank cash (may go negative if unlimited) */
  guint8     bank_broken;

  /* entities */
  int        n_players;
  KolPlayer  players[KOL_MAX_PLAYERS];
  int        n_corps;
  KolCorp    corps[KOL_MAX_CORPS];
  int        n_corp_order;      /* the game's corporation list, in order */
  gint16     corp_order[KOL_MAX_CORPS];
  int        n_companies;
  KolCompany companies[KOL_MAX_COMPANIES];
  int        n_certs;
  KolCert    certs[KOL_MAX_CERTS];
  gint16     corp_first_cert[KOL_MAX_CORPS]; /* certs are grouped by corporation */
  int        n_trains;
  KolTrain   trains[KOL_MAX_TRAINS];
  guint32    seq;               /* monotonic counter for holding orders */

  /* board */
  KolHexState hexes[KOL_MAX_HEXES];
  gint16     copy_hex[KOL_MAX_TILE_COPIES]; /* -1 = in supply */

  /* flow */
  int        phase;
  int        turn;
  int        operating_rounds;  /* ORs in the current set */
  KolRound   round;
  int        priority_deal;     /* player_order[0], kept for convenience */
  gint8      player_order[KOL_MAX_PLAYERS]; /* the players' order of play,
                                 * reordered for priority; first = priority deal */
  guint8     finished;
  guint8     end_reason;        /* KolGameEnd */
  guint8     end_timing;        /* KolEndTiming of the trigger so far */
  int        final_turn;
  int        n_actions;         /* actions processed */

  /* the last refusal (for the model to translate) */
  KolRefusal refusal;

  /* title state */
  _Alignas (8) guint8 title_state[KOL_TITLE_STATE_SIZE] G_GNUC_MAY_ALIAS;
};
#endif

/* The title's state areas as the title module's own structs: each checks at
 * compile time that @Type fits (see the top of this file for why the
 * state is kept in fixed areas). */
#define KOL_TITLE_STATE(engine, Type) \
  (G_STATIC_ASSERT_EXPR (sizeof (Type) <= KOL_TITLE_STATE_SIZE), \
   (Type *) (void *) (engine)->title_state)
#define KOL_CORP_TITLE(engine, corp, Type) \
  (G_STATIC_ASSERT_EXPR (sizeof (Type) <= KOL_CORP_TITLE_SIZE), \
   (Type *) (void *) (engine)->corps[(corp)].title_data)
#define KOL_PLAYER_TITLE(engine, player, Type) \
  (G_STATIC_ASSERT_EXPR (sizeof (Type) <= KOL_PLAYER_TITLE_SIZE), \
   (Type *) (void *) (engine)->players[(player)].title_data)

/* Creates a game on @title (not owned; must outlive the game). @player_ids and
 * @player_names give the seating order. */
KolEngine *kol_engine_new       (const KolTitle  *title,
                                 int              n_players,
                                 const int       *player_ids,
                                 const char     **player_names,
                                 gint64           seed,
                                 GError         **error);
KolEngine *kol_engine_copy      (const KolEngine *engine);
void       kol_engine_copy_into (KolEngine       *dest,
                                 const KolEngine *src);
void       kol_engine_free      (KolEngine *engine);

/* Applies @action (and its embedded auto actions) atomically: on failure the
 * game is unchanged and @error (KOL_ENGINE_ERROR) says why; engine->refusal holds
 * the typed arguments. With @generate_auto, auto actions are computed by the
 * engine instead (new games) and appended to the returned array. */
gboolean    kol_engine_apply        (KolEngine        *engine,
                                     const KolAction  *action,
                                     gboolean          generate_auto,
                                     GPtrArray       **auto_out,
                                     GError          **error);
/* As kol_engine_apply but without the copy: faster, for trusted replays. On
 * failure the state is undefined. */
gboolean    kol_engine_apply_unsafe (KolEngine        *engine,
                                     const KolAction  *action,
                                     gboolean          generate_auto,
                                     GPtrArray       **auto_out,
                                     GError          **error);

/* ----------------------------------------------------- the current decision */

/* Entities that act now (0 when the game is over). */
int         kol_engine_active_entities (KolEngine *engine,
                                        KolEntity *out,
                                        int        max);
/* Legal action types for @entity now (bitmask of KOL_ACTION_BIT). */
guint32     kol_engine_actions_for     (KolEngine *engine,
                                        KolEntity  entity);
/* The step that would process @type for @entity, or NULL. */
KolStep    *kol_engine_step_for        (KolEngine     *engine,
                                        KolEntity      entity,
                                        KolActionType  type);
/* The first active blocking step. */
KolStep    *kol_engine_active_step     (KolEngine *engine);
const char *kol_engine_round_name      (const KolEngine *engine);
/* Who may act now (kol-engine-legal.c): the active entities, the president
 * of an acting corporation (emergency sales) and every private company in
 * play (1849's CNM, 1840's returning of privates). */
int         kol_engine_acting_entities (KolEngine *engine,
                                        KolEntity *out,
                                        int        max);
/* The current decision as concrete legal actions (KolAction*, a new array):
 * every acting entity's, from the round's steps in order
 * (KolStepClass.legal_actions). Empty when the game is over. */
GPtrArray  *kol_engine_legal_actions   (KolEngine *engine);

/* ------------------------------------------------------------ primitives
 * Used by steps and title modules. They do not check rules; steps do. */

/* Cash: moves @amount from one entity to another (bank/pool map to the bank). */
void        kol_engine_transfer     (KolEngine *engine,
                                     KolEntity  from,
                                     KolEntity  to,
                                     int        amount);
int         kol_engine_cash         (const KolEngine *engine,
                                     KolEntity        e);
void        kol_engine_add_cash     (KolEngine *engine,
                                     KolEntity  e,
                                     int        amount);

/* Random: 18xx.games' LCG (state = (1103515245*state + 12345) mod 2^31). */
guint32     kol_engine_rand         (KolEngine *engine);

/* Certificates */
int         kol_engine_cert_by_id   (KolEngine    *engine,
                                   const char *id);      /* "ATA_3" */
char       *kol_engine_cert_id      (const KolEngine *engine,
                                     int              cert);
/* Certificates of @corp held by @holder, in holding order; returns count. */
int         kol_engine_certs_of     (const KolEngine *engine,
                                     KolEntity        holder,
                                     int              corp,
                                     gint16          *out,
                                     int              max);
int         kol_engine_percent_of   (const KolEngine *engine,
                                     KolEntity        holder,
                                     int              corp);
/* The certificates of @corp are engine->certs[*first .. *end) (created
 * corporation by corporation, never reordered). */
void kol_engine_corp_certs     (const KolEngine *engine,
                                int              corp,
                                int             *first,
                                int             *end);
void kol_engine_move_cert      (KolEngine *engine,
                                int        cert,
                                KolEntity  to);
int  kol_engine_share_percent  (const KolEngine *engine,
                                int              corp);      /* the ordinary share */
int  kol_engine_president_cert (KolEngine *engine,
                                int        corp);

/* Trains */
int         kol_engine_train_by_id  (KolEngine    *engine,
                                   const char *id);      /* "4H-2" */
char       *kol_engine_train_id     (const KolEngine *engine,
                                     int              train);
const char *kol_engine_train_name   (const KolEngine *engine,
                                     int              train);      /* current variant name */
int         kol_engine_train_price  (const KolEngine *engine,
                                     int              train);
int         kol_engine_trains_of    (const KolEngine *engine,
                                     KolEntity        owner,
                                     gint16          *out,
                                     int              max);
/* The depot's upcoming trains (in order) / available ones. */
int  kol_engine_depot_upcoming (const KolEngine *engine,
                                gint16          *out,
                                int              max);
void kol_engine_move_train     (KolEngine *engine,
                                int        train,
                                KolEntity  to);

/* Companies */
int         kol_engine_companies_of (const KolEngine *engine,
                                     KolEntity        owner,
                                     gint16          *out,
                                     int              max);
void        kol_engine_move_company (KolEngine *engine,
                                     int        company,
                                     KolEntity  to);
void        kol_engine_close_company(KolEngine *engine,
                                     int        company);

/* Phases */
void     kol_engine_set_phase        (KolEngine *engine,
                                      int        phase);
gboolean kol_engine_phase_has_status (KolEngine  *engine,
                                      const char *status);

/* Corporation list order (operating order helpers live in the market). */
int         kol_engine_corp_index   (KolEngine  *engine,
                                     const char *id);

/* How the players' order is changed after a stock round. */
typedef enum
{
  KOL_ORDER_AFTER_LAST_TO_ACT,
  KOL_ORDER_FIRST_TO_PASS,
  KOL_ORDER_MOST_CASH,
  KOL_ORDER_LEAST_CASH,
  KOL_ORDER_NEXT_CLOCKWISE,
  KOL_ORDER_MOST_CASH_KEEP_ORDER,
} KolPlayerOrderKind;

/* Reorders engine->player_order; @pass_order (player indices, may be NULL) is the
 * round's pass order for KOL_ORDER_FIRST_TO_PASS. */
void        kol_engine_reorder_players (KolEngine          *engine,
                                        KolPlayerOrderKind  kind,
                                        const gint16       *pass_order,
                                        int                 n_pass);
/* engine->player_order without bankrupt players; returns the count. */
int         kol_engine_active_players  (KolEngine *engine,
                                        gint16    *out);

/* The value of @player now, as it would score at the end (the title
 * module's player_value, or else cash, shares at market price and private
 * companies at face value). */
int         kol_engine_player_value (const KolEngine *engine,
                                     int              player);

/* Names for logs and messages. */
const char *kol_engine_entity_name  (const KolEngine *engine,
                                     KolEntity        e);

/* Refusals: set engine->refusal and @error together; always returns FALSE. */
gboolean    kol_engine_refuse       (KolEngine       *engine,
                                     GError         **error,
                                     KolEngineError   code,
                                     const KolArg    *args,
                                     guint            n_args,
                                     const char      *format,
                                                      ...) G_GNUC_PRINTF (6, 7);

static inline KolArg
kol_arg_int (KolArgKind kind, int value)
{
  KolArg a = { 0 };
  a.kind = (guint8) kind;
  a.value = value;
  return a;
}

/* ---------------------------------------------------------------- logging */

#define KOL_LOG_MAX_ARGS 6

struct _KolLogEntry
{
  int    kind;                 /* KolLogKind (kol-engine-log.h) */
  guint  n_args;
  KolArg args[KOL_LOG_MAX_ARGS];
};

void        kol_engine_log          (KolEngine    *engine,
                                     int           kind,
                                     const KolArg *args,
                                     guint         n_args);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolEngine, kol_engine_free)

const char *kol_engine_version (void);

G_END_DECLS
