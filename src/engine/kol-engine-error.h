/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Errors of the engine. The GError message is developer English (the CLI prints
 * it); the code says which rule refused, and the refusal's arguments are kept in
 * a KolRefusal so that the model can build a translated message from the code
 * (i18n stays out of the engine).
 */
#define KOL_ENGINE_ERROR (kol_engine_error_quark ())
GQuark kol_engine_error_quark (void);

typedef enum
{
  KOL_ENGINE_ERROR_INVALID,        /* malformed action or unknown id */
  KOL_ENGINE_ERROR_DATA,           /* inconsistent title data */
  KOL_ENGINE_ERROR_GAME_OVER,      /* the game has ended */
  KOL_ENGINE_ERROR_NOT_YOUR_TURN,  /* %1 acts now, not %2 */
  KOL_ENGINE_ERROR_NOT_NOW,        /* %1 cannot do %2 now */
  KOL_ENGINE_ERROR_NO_CASH,        /* %1 has %2, needs %3 */
  KOL_ENGINE_ERROR_CERT_LIMIT,     /* %1 would exceed the certificate limit of %2 */
  KOL_ENGINE_ERROR_HOLDING_LIMIT,  /* %1 would hold more than %2% of %3 */
  KOL_ENGINE_ERROR_POOL_LIMIT,     /* the pool may not hold more than %1% of %2 */
  KOL_ENGINE_ERROR_SOLD_THIS_ROUND,/* %1 sold %2 this round and cannot buy it back */
  KOL_ENGINE_ERROR_CANNOT_SELL,    /* %1 cannot sell %2: %3 (reason code) */
  KOL_ENGINE_ERROR_BID,            /* bid of %1 is not valid: minimum %2, step %3 */
  KOL_ENGINE_ERROR_TILE,           /* tile %1 cannot be laid on %2: %3 (reason code) */
  KOL_ENGINE_ERROR_TOKEN,          /* no station token on %1: %2 (reason code) */
  KOL_ENGINE_ERROR_ROUTE,          /* route not valid: %1 (reason code) */
  KOL_ENGINE_ERROR_TRAIN,          /* train purchase not valid: %1 (reason code) */
  KOL_ENGINE_ERROR_RULE,           /* another rule: %1 (reason code) */
  KOL_ENGINE_ERROR_INTERNAL,
} KolEngineError;

/* Reason codes carried in the arguments of TILE, TOKEN, ROUTE, TRAIN, RULE and
 * CANNOT_SELL errors, so the model can say exactly which rule refused. */
typedef enum
{
  KOL_REASON_NONE,
  /* tiles */
  KOL_REASON_TILE_NOT_AVAILABLE,     /* none left / not in supply */
  KOL_REASON_TILE_COLOR_PHASE,       /* colour not available in this phase */
  KOL_REASON_TILE_NOT_UPGRADE,       /* not a legal upgrade of the tile there */
  KOL_REASON_TILE_NOT_CONNECTED,     /* new track not connected to the company */
  KOL_REASON_TILE_OFF_MAP,           /* track runs off the map or into a blocked edge */
  KOL_REASON_TILE_IMPASSABLE,        /* track crosses an impassable border */
  KOL_REASON_TILE_ROTATION,          /* rotation not allowed */
  KOL_REASON_TILE_HEX_LOCKED,        /* tile may only go on other hexes */
  KOL_REASON_TILE_LABEL,             /* label does not match */
  KOL_REASON_TILE_TERRAIN_COST,      /* cannot pay the terrain cost */
  KOL_REASON_TILE_BLOCKED,           /* hex blocked by a private company or rule */
  KOL_REASON_TILE_GAUGE,             /* gauge does not match adjacent track */
  KOL_REASON_TILE_NO_LAYS_LEFT,      /* no tile lay left this turn */
  /* tokens */
  KOL_REASON_TOKEN_NONE_LEFT,
  KOL_REASON_TOKEN_NO_SLOT,
  KOL_REASON_TOKEN_NOT_REACHABLE,
  KOL_REASON_TOKEN_ALREADY_THERE,
  KOL_REASON_TOKEN_RESERVED,
  /* routes */
  KOL_REASON_ROUTE_TOO_SHORT,        /* fewer than two revenue locations */
  KOL_REASON_ROUTE_NO_TOKEN,         /* no station of the company on the route */
  KOL_REASON_ROUTE_REUSES_TRACK,
  KOL_REASON_ROUTE_REUSES_STOP,
  KOL_REASON_ROUTE_TOO_LONG,
  KOL_REASON_ROUTE_BLOCKED,          /* passes through a blocked city */
  KOL_REASON_ROUTE_NOT_CONNECTED,
  KOL_REASON_ROUTE_GAUGE_CHANGE,     /* gauge changes away from a stop */
  KOL_REASON_ROUTE_WRONG_TRACK,      /* track type not usable by this train */
  KOL_REASON_ROUTE_PORT,             /* port rules */
  KOL_REASON_ROUTE_TERMINAL,         /* runs through a terminal */
  KOL_REASON_ROUTE_AMBIGUOUS,        /* more than one track joins two stops: give the paths */
  /* trains */
  KOL_REASON_TRAIN_LIMIT,
  KOL_REASON_TRAIN_NOT_AVAILABLE,
  KOL_REASON_TRAIN_PRICE,
  KOL_REASON_TRAIN_MUST_BUY,
  /* selling */
  KOL_REASON_SELL_NOT_OPERATED,
  KOL_REASON_SELL_PRESIDENT,
  KOL_REASON_SELL_FIRST_ROUND,
  KOL_REASON_SELL_AFTER_BUY,
  /* other */
  KOL_REASON_OPTION_CONFLICT,
  /* shares and auctions (steps/kol-engine-stock*.c, steps/kol-engine-auction*.c) */
  KOL_REASON_SELL_SOLD_THIS_TURN,    /* shares of this company were already sold this turn */
  KOL_REASON_BUY_ALREADY_BOUGHT,     /* one purchase per turn */
  KOL_REASON_BUY_NOT_AVAILABLE,      /* this certificate cannot be bought now */
  KOL_REASON_MUST_SELL,              /* over a limit: must sell first */
  KOL_REASON_PAR_NOT_ALLOWED,        /* this company cannot be started now */
  KOL_REASON_PAR_PRICE,              /* this par price is not available */
  KOL_REASON_BID_MUST_PAY_PRICE,     /* the first company is bought at exactly its price */
  KOL_REASON_BID_AUCTION_ONLY,       /* only the company being auctioned takes bids now */
  /* operating rounds (steps/kol-engine-operating.c and the steps of a turn) */
  KOL_REASON_TILE_NO_NEW_TRACK,      /* the lay must use new track (the track restriction) */
  KOL_REASON_TOKEN_ALREADY_PLACED,   /* a token was already placed this turn */
  KOL_REASON_TRAIN_NOT_BUYABLE,      /* not one of the trains that can be bought now */
  KOL_REASON_TRAIN_OWN,              /* a corporation cannot buy its own train */
  KOL_REASON_TRAIN_CHEAPEST,         /* in an emergency only the cheapest depot train */
  KOL_REASON_TRAIN_OVER_COST,        /* cannot pay more than the price with the president's help */
  KOL_REASON_TRAIN_NOT_OWNED,        /* the train is not the corporation's */
  KOL_REASON_ROUTE_TRAIN_TWICE,      /* a train runs twice */
  KOL_REASON_ROUTE_TRAIN_OPERATED,   /* the train already ran this round */
  KOL_REASON_ROUTE_TRAIN_OWNER,      /* another corporation's train */
  KOL_REASON_DIVIDEND_KIND,          /* not a dividend option now */
  KOL_REASON_COMPANY_NOT_BUYABLE,    /* the company cannot be bought now */
  KOL_REASON_COMPANY_PRICE,          /* price outside the allowed range */
  KOL_REASON_SELL_NOT_NEEDED,        /* sells more than the emergency needs */
  KOL_REASON_SELL_PRESIDENCY,        /* the sale would change the presidency */
  KOL_REASON_LOAN_NEEDS_SALE,        /* shares must be sold before a loan */
  KOL_REASON_CANNOT_GO_BANKRUPT,     /* enough money can still be raised */
  KOL_REASON_CHOICE,                 /* not one of the choices offered */
  KOL_REASON_OFFER_DECLINED,         /* an offer of this much was declined this turn */
  KOL_REASON_ROUTE_NOT_BEST,         /* the routes earn less than the best (args: claimed, best) */
  KOL_N_REASONS
} KolReason;

/* An argument of a refusal, typed so the model can format it. */
typedef enum
{
  KOL_ARG_NONE,
  KOL_ARG_INT,
  KOL_ARG_MONEY,
  KOL_ARG_PERCENT,
  KOL_ARG_PLAYER,   /* value = player index */
  KOL_ARG_CORP,     /* value = corporation index */
  KOL_ARG_COMPANY,  /* value = company index */
  KOL_ARG_HEX,      /* value = hex index */
  KOL_ARG_TILE,     /* value = tile def index */
  KOL_ARG_TRAIN,    /* value = train index */
  KOL_ARG_ACTION,   /* value = KolActionType */
  KOL_ARG_REASON,   /* value = KolReason */
  KOL_ARG_STRING,   /* str */
} KolArgKind;

#define KOL_REFUSAL_MAX_ARGS 4

/* str holds a run's whole route with its landmarks' names ("A29-B28-…
 * -D20 (Stephansdom)"), which 1840's long routes make over 100 bytes: a
 * shorter buffer cut them off in the log. */
typedef struct
{
  guint8 kind;
  int    value;
  char   str[160];
} KolArg;

typedef struct
{
  KolEngineError code;
  guint          n_args;
  KolArg         args[KOL_REFUSAL_MAX_ARGS];
} KolRefusal;

const char *kol_reason_to_string (KolReason reason);

G_END_DECLS
