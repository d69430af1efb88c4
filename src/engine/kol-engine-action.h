/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-types.h"

G_BEGIN_DECLS

/*
 * An action, with every id already resolved to an index of the game's title
 * or state. The action types and their fields are those of 18xx.games, so that
 * its records and our saves are the same vocabulary.
 */
typedef enum
{
  KOL_ACTION_PASS,
  KOL_ACTION_BID,
  KOL_ACTION_PAR,
  KOL_ACTION_BUY_SHARES,
  KOL_ACTION_SELL_SHARES,
  KOL_ACTION_LAY_TILE,
  KOL_ACTION_PLACE_TOKEN,
  KOL_ACTION_REMOVE_TOKEN,
  KOL_ACTION_BUY_TOKEN,
  KOL_ACTION_RUN_ROUTES,
  KOL_ACTION_DIVIDEND,
  KOL_ACTION_BUY_TRAIN,
  KOL_ACTION_SCRAP_TRAIN,
  KOL_ACTION_REASSIGN_TRAINS,
  KOL_ACTION_MERGE,
  KOL_ACTION_BUY_COMPANY,
  KOL_ACTION_SELL_COMPANY,
  KOL_ACTION_CHOOSE,
  KOL_ACTION_CHOOSE_ABILITY,
  KOL_ACTION_ASSIGN,
  KOL_ACTION_TAKE_LOAN,
  KOL_ACTION_PAYOFF_LOAN,
  KOL_ACTION_PAYOFF_DEBT,
  KOL_ACTION_BANKRUPT,
  KOL_ACTION_PROGRAM_BUY_SHARES,
  KOL_ACTION_PROGRAM_SHARE_PASS,
  KOL_ACTION_PROGRAM_DISABLE,
  KOL_ACTION_END_GAME,
  KOL_ACTION_MESSAGE,
  KOL_ACTION_LOG,
  KOL_ACTION_DISCARD_TRAIN,     /* a train over the train limit goes to the pool; uses .train */
  KOL_N_ACTION_TYPES
} KolActionType;

#define KOL_ACTION_BIT(t) (1u << (t))

const char *kol_action_type_to_string   (KolActionType type);   /* "buy_shares" */
gboolean    kol_action_type_from_string (const char    *str,
                                         KolActionType *out);

/* A node visited by a route: hex index and node index on the hex's tile. */
typedef struct
{
  gint16 hex;
  gint8  node;
} KolRouteNode;

/* One route of a run_routes action, as 18xx.games records it. */
typedef struct
{
  gint16  train;          /* train index in the state */
  int     revenue;        /* claimed revenue (trusted on replay) */
  GArray *nodes;          /* KolRouteNode, in route order; may be empty in old records */
  GArray *connections;    /* GArray* of gint16 hex index chains, one per connection */
  GArray *hexes;          /* gint16 stop hex indices as recorded ("hexes"), or NULL;
                           * the only stops old records (without nodes) carry */
  char   *revenue_str;
} KolRouteSpec;

typedef struct
{
  gint16 train;
  gint16 corp;
} KolAssignment;

#define KOL_ACTION_MAX_SHARES 8

typedef struct
{
  KolActionType type;
  KolEntity     entity;
  int           id;           /* record id, 0 when none */
  int           user;         /* acting user id of a record, 0 when none */
  gint64        created_at;

  /* payload, used according to type */
  gint16        corp;         /* bid/par/merge target, program corp */
  gint16        company;      /* bid / buy_company / sell_company */
  int           price;        /* bid, buy_train, buy_company, buy_token */
  gint16        cell_row;     /* par: share price cell */
  gint16        cell_col;
  guint8        n_shares;
  gint16        shares[KOL_ACTION_MAX_SHARES]; /* certificate indices */
  int           percent;
  gint16        hex;          /* lay_tile, assign target */
  gint16        tile_copy;    /* lay_tile: copy index */
  guint8        rotation;
  gint8         city;         /* place/remove/buy_token: city index on the hex's tile */
  gint8         slot;
  gint16        tokener;      /* place_token: the paying corporation, -1 */
  gint16        train;        /* buy_train / scrap_train */
  char         *variant;      /* buy_train variant name, or NULL */
  char         *kind;         /* dividend kind: "payout", "withhold", "variable"; NULL */
  int           amount;       /* dividend amount (variable) */
  GPtrArray    *routes;       /* KolRouteSpec*, run_routes */
  int           extra_revenue;
  int           subsidy;
  GArray       *assignments;  /* KolAssignment, reassign_trains */
  char         *choice;       /* choose: label or seat index as text */
  GVariant     *ability;      /* choose_ability: the choice object */
  int           loan;         /* take_loan / payoff_loan */
  char         *text;         /* message / log / program reason */
  GVariant     *program;      /* program_*: the raw fields a{sv} */

  /* embedded auto actions of a record, processed right after this one */
  GPtrArray    *auto_actions; /* KolAction* */
} KolAction;

KolAction *kol_action_new      (KolActionType type,
                                KolEntity     entity);
KolAction *kol_action_copy     (const KolAction *action);
void       kol_action_free     (KolAction *action);
void       kol_route_spec_free (KolRouteSpec *route);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolAction, kol_action_free)

G_END_DECLS
