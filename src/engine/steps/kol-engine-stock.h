/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"

G_BEGIN_DECLS

/*
 * Stock rounds (1849 §9, 1840 VII): players in turn sell, then buy one
 * certificate or start a corporation, or pass, until all pass in a row; and
 * the BuySellParShares step that does it.
 *
 * Titles change behaviour through KolStockHooks (KolTitleModule.stock_hooks):
 * fixed choices of a title are fields (0 is the usual rule), rules 1849 or
 * 1840 write differently are function pointers (NULL is the generic
 * kol_default_<name>() or kol_step_buy_sell_par_shares_<name>(), which stay
 * public so that a hook can call them for the part of the rule it keeps).
 *
 * Some of what a title changes is asked from inside the generic step (may
 * this bundle be bought, sold, …); those are hooks too (the "step" block
 * below), since step tables cannot override each other's internals. The
 * entry points (actions, process, setup, pass) a title overrides in its own
 * KolStepClass, calling the exported kol_step_buy_sell_par_shares_*
 * functions.
 *
 * Who receives the money of unsold shares, when the home token is placed,
 * closing a corporation and paying the private companies are shared with
 * operating rounds and read from KolOperatingHooks (kol-engine-operating.h).
 */

/* ---------------------------------------------------------------- constants */

/* In which order a player may sell and buy in one turn. */
typedef enum
{
  KOL_SELL_BUY_OR_BUY_SELL,        /* either order */
  KOL_SELL_BUY,                    /* sell, then buy: 1849 §9, 1840 VII.1 */
  KOL_SELL_BUY_SELL,
} KolSellBuyOrder;

/* When shares of a corporation may first be sold. */
typedef enum
{
  KOL_SELL_AFTER_FIRST,            /* after the first stock round (1840 VII.4) */
  KOL_SELL_AFTER_OPERATE,          /* once the corporation has operated (1849 §9.2) */
  KOL_SELL_AFTER_SR_FLOATED,
  KOL_SELL_AFTER_P_ANY_OPERATE,
  KOL_SELL_AFTER_ROUND,
  KOL_SELL_AFTER_ANY_TIME,
} KolSellAfter;

/* How a sale moves the share price. */
typedef enum
{
  KOL_SELL_MOVE_DOWN_SHARE,        /* one row down per certificate (1840 X.3) */
  KOL_SELL_MOVE_DOWN_PER_10,       /* one row down per 10% (1849 §9.2) */
  KOL_SELL_MOVE_DOWN_BLOCK,
  KOL_SELL_MOVE_LEFT_SHARE,
  KOL_SELL_MOVE_LEFT_SHARE_PRES,
  KOL_SELL_MOVE_LEFT_BLOCK,
  KOL_SELL_MOVE_DOWN_BLOCK_PRES,
  KOL_SELL_MOVE_LEFT_BLOCK_PRES,
  KOL_SELL_MOVE_LEFT_PER_10_IF_PRES_ELSE_LEFT_ONE,
  KOL_SELL_MOVE_NONE,
} KolSellMovement;

/* How shares in the pool move the price at the end of a stock round. */
typedef enum
{
  KOL_POOL_DROP_NONE,              /* not at all: 1840 */
  KOL_POOL_DROP_DOWN_BLOCK,        /* one row down: 1849 §9.7 */
  KOL_POOL_DROP_DOWN_SHARE,
  KOL_POOL_DROP_LEFT_BLOCK,
} KolPoolShareDrop;

/* -------------------------------------------------------------------- hooks */

typedef struct
{
  /* --- the title's fixed choices (0 = the usual rule) --- */
  guint8   sell_buy_order;              /* KolSellBuyOrder; 1849, 1840 SELL_BUY */
  guint8   sell_after;                  /* KolSellAfter; 1849 OPERATE */
  guint8   sell_movement;               /* KolSellMovement; 1849 DOWN_PER_10 */
  guint8   pool_share_drop;             /* KolPoolShareDrop; 1849 DOWN_BLOCK */
  guint8   must_sell_in_blocks;         /* sales of one corporation in one block (neither title) */
  guint8   cert_limit_excludes_privates;/* private companies do not count for the
                                         * certificate limit (both titles count them) */
  guint8   no_sold_out_increase;        /* a sold-out corporation's price does not rise
                                         * at the end of the round (neither title) */
  /* The par price is the share price, so treasury (IPO) shares cost the
   * market price. Every corporation of 1849 and 1840. */
  guint8   always_market_price;
  int      market_share_limit;          /* % of one corporation the pool may hold;
                                         * 0 = 50 (1849 §9.2); 1840 100 */
  int      max_ownership_percent;       /* % of one corporation a player may hold;
                                         * 0 = 60 (1849 §9.3) */
  /* Par prices offered: par price × this ≤ cash. 0 = the president's
   * certificate in shares (2 for 20%: 1849); 1840 5 (its director's
   * certificate is 50%). */
  int      par_cash_multiplier;
  int      min_bid_increment;           /* in auctions; 0 = 5 */
  /* In the waterfall auction, what the cheapest unsold company's price
   * drops by when everybody passed; 0 = 5 (both titles). */
  int      unsold_discount;

  /* --- rules a title writes differently (NULL = generic) --- */

  /* May @parrer start @corp now? (1849: the next in order, and not closed in
   * this set of rounds, §9.4, §11; 1840: majors only.) Generic: not yet
   * started. */
  gboolean (*can_par)                  (KolEngine *engine, int corp, KolEntity parrer);
  /* After @corp was started (1849: the token fee, the next corporation in
   * the order, the home token, §9.4). Generic: nothing. */
  void     (*after_par)                (KolEngine *engine, int corp);
  /* The par cells available for @corp, in the market's order (1849: by
   * phase, §9.4; 1840: by corporation type). Generic:
   * kol_market_par_cells (). */
  int      (*par_prices)               (KolEngine *engine, int corp, KolCell *out, int max);
  /* The bundles @holder may offer of @corp's shares (1849: every
   * combination, with its rules for the last certificate, §9.6). Generic:
   * kol_default_bundles_for_corporation. */
  int      (*bundles_for_corporation)  (KolEngine *engine, KolEntity holder, int corp,
                                        KolBundle *out, int max);
  /* Swaps the president's certificate to a new president (1849: the heir's
   * last certificate, and the outgoing president's choice, §9.5). Generic:
   * kol_default_change_president. */
  void     (*change_president)         (KolEngine *engine, int presidents_cert, KolEntity swap_to,
                                        KolEntity president, KolEntity previous);
  /* A swap that leaves a bundle split (1849: one ordinary certificate). */
  void     (*handle_partial)           (KolEngine *engine, const KolBundle *bundle, KolEntity from,
                                        KolEntity to);
  /* The % of @corp a player may hold (1840 lines: 100). */
  int      (*max_ownership)            (KolEngine *engine, int corp);
  /* Does @corp's price move at the end of a stock round? Floated
   * corporations that are not minors (1840: not its lines). Generic:
   * floated. */
  gboolean (*moves_price_at_sr_end)    (KolEngine *engine, int corp);
  /* The players' order for a stock round (1840 sorts players by cash
   * between rounds). Generic: seating order from engine->priority_deal. */
  int      (*player_order)             (KolEngine *engine, gint16 *out);
  /* A player's turn starts (1849 forgets which corporations moved). */
  void     (*start_entity)             (KolEngine *engine);
  /* After @player bought @company (1849: RSA brings a president's
   * certificate, §8.1: kol_auction_add_pending_par ()). Generic: nothing. */
  void     (*after_buy_company)        (KolEngine *engine, int player, int company, int price);
  /* The corporation whose president's certificate company @company brings
   * (for CompanyPendingPar; 1849 RSA), -1 when any unstarted one may be
   * parred. */
  int      (*pending_par_corp)         (KolEngine *engine, int company);

  /* --- what the BuySellParShares step asks a title --- */

  /* May @entity buy @bundle? (1849: the last certificate last, §9.6; 1840:
   * majors first.) */
  gboolean (*can_buy)                  (KolEngine *engine, KolStep *s, KolEntity entity,
                                        const KolBundle *bundle);
  /* May @entity sell @bundle? (1840: Stadtbahn companies ignore the pool
   * limit and can always pass the presidency on.) */
  gboolean (*can_sell)                 (KolEngine *engine, KolStep *s, KolEntity entity,
                                        const KolBundle *bundle);
  /* May @entity buy another certificate of @corp this turn? (1849: two more
   * after starting it, §9.4.) */
  gboolean (*can_buy_multiple)         (KolEngine *engine, KolStep *s, KolEntity entity, int corp,
                                        KolEntity owner);
  /* Can @entity buy any treasury (IPO) certificate? (1849: the smallest
   * one.) */
  gboolean (*can_buy_any_from_ipo)     (KolEngine *engine, KolStep *s, KolEntity entity);
  /* May a purchase or sale change @corp's president? (1840: not for
   * Stadtbahn companies.) */
  gboolean (*allow_president_change)   (KolEngine *engine, int corp);
} KolStockHooks;

/* The module's stock hooks (those it keeps in the game state when its
 * constants come from the title's data), or NULL. */
static inline const KolStockHooks *
kol_stock_hooks (const KolEngine *engine)
{
  const KolTitleModule *m = engine->module;

  if (m == NULL)
    return NULL;
  if (m->game_hooks)
    return (const KolStockHooks *) m->game_hooks (engine, KOL_HOOKS_STOCK);
  return (const KolStockHooks *) m->stock_hooks;
}

/* ------------------------------------------------------------- round state */

/* What a player did with a corporation in this round. */
typedef enum
{
  KOL_SOLD_NONE,
  KOL_SOLD_NOW,                    /* sold in the current turn */
  KOL_SOLD_PREV,                   /* sold in an earlier turn of the round */
} KolSold;

/* One action of the current turn. */
typedef struct
{
  guint8 type;                     /* KolActionType */
  guint8 from_corp;                /* buy: the bundle came from a corporation (IPO) */
  gint16 corp;
  gint16 percent;
} KolTurnAction;

#define KOL_STOCK_MAX_TURN_ACTIONS 40

/*
 * The round state of the BuySellParShares step, at the start of
 * engine->round.data in stock rounds. Which players acted in which turn is
 * not kept: only programmed orders would read it, and records embed their
 * effects.
 */
typedef struct
{
  guint8        players_sold[KOL_MAX_PLAYERS][KOL_MAX_CORPS];   /* KolSold */
  guint8        players_bought[KOL_MAX_PLAYERS][KOL_MAX_CORPS]; /* percent this round */
  guint8        bought_from_ipo;
  guint8        n_pass_order;
  gint8         pass_order[KOL_MAX_PLAYERS];
  guint8        n_current_actions;
  KolTurnAction current_actions[KOL_STOCK_MAX_TURN_ACTIONS];
} KolStockRoundState;

G_STATIC_ASSERT (sizeof (KolStockRoundState) <= KOL_ROUND_TITLE_OFFSET);

#define KOL_STOCK_STATE(engine) KOL_ROUND_GENERIC (engine, KolStockRoundState)

/* ------------------------------------------------ rules the step asks */

/* Through the hooks (the title's rule, else the generic one). */
gboolean  kol_stock_can_par              (KolEngine *engine, int corp, KolEntity parrer);
gboolean  kol_default_can_par            (KolEngine *engine, int corp, KolEntity parrer);
void      kol_stock_after_par            (KolEngine *engine, int corp);
int       kol_stock_par_prices           (KolEngine *engine, int corp, KolCell *out, int max);
/* May shares of @bundle's corporation be sold yet (KolSellAfter)? */
gboolean kol_stock_check_sale_timing      (KolEngine *engine, KolEntity entity, const KolBundle *bundle);
gboolean kol_stock_allow_president_change (KolEngine *engine, int corp);
/* Are all of @corp's shares held by players? */
gboolean  kol_stock_sold_out             (KolEngine *engine, int corp);
/* After an action: corporations on a closing cell close; if that left
 * the current entity without actions, the round moves on. Titles call this
 * from their module's action_processed hook. */
void      kol_stock_action_processed     (KolEngine *engine);

/* ------------------------------------------------------------------- round */

/* The stock round. Titles with their own stock round class copy this table
 * and replace slots, calling the kol_round_stock_* functions. */
extern const KolRoundClass kol_round_stock;

void      kol_round_stock_select_entities (KolEngine *engine, KolRound *r);
void      kol_round_stock_setup           (KolEngine *engine, KolRound *r);
void      kol_round_stock_after_process   (KolEngine *engine, KolRound *r, const KolAction *a);
gboolean  kol_round_stock_finished        (KolEngine *engine, KolRound *r);
void      kol_round_stock_next_entity     (KolEngine *engine, KolRound *r);
void      kol_round_stock_start_entity    (KolEngine *engine);
/* The end of a stock round: sold-out and pool price moves, in operating
 * order (1849 §9.7). */
void      kol_round_stock_finish_round    (KolEngine *engine);
/* After a stock or auction round the priority deal goes to the player after
 * the last one who acted (1849 §9.7): the player at the round's entity
 * index. */
void      kol_stock_priority_after_last_to_act (KolEngine *engine);

/* How a module of the 1830 family starts its rounds, for
 * kol_round_cycle_next (the first round → SR → ORs of the set → SR …). */
typedef struct
{
  void (*start_stock)     (KolEngine *engine);
  void (*start_operating) (KolEngine *engine, int round_num);
} KolRoundCycle;

void      kol_round_cycle_next                 (KolEngine *engine, const KolRoundCycle *cycle);

/* ----------------------------------------------- the BuySellParShares step */

extern const KolStepClass kol_step_buy_sell_par_shares;

guint32   kol_step_buy_sell_par_shares_actions       (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean  kol_step_buy_sell_par_shares_process       (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                      GError    **error);
void      kol_step_buy_sell_par_shares_setup         (KolEngine *engine, KolStep *s);
void      kol_step_buy_sell_par_shares_round_state   (KolEngine *engine, KolStep *s);
void      kol_step_buy_sell_par_shares_pass          (KolEngine *engine, KolStep *s);
void      kol_step_buy_sell_par_shares_skip          (KolEngine *engine, KolStep *s);

gboolean  kol_step_buy_sell_par_shares_process_buy_shares  (KolEngine       *engine, KolStep *s,
                                                            const KolAction *a, GError **error);
gboolean  kol_step_buy_sell_par_shares_process_sell_shares (KolEngine       *engine, KolStep *s,
                                                            const KolAction *a, GError **error);
gboolean  kol_step_buy_sell_par_shares_process_par         (KolEngine       *engine, KolStep *s,
                                                            const KolAction *a, GError **error);
gboolean  kol_step_buy_sell_par_shares_process_pass        (KolEngine       *engine, KolStep *s,
                                                            const KolAction *a, GError **error);

/* The generic answers, which the hooks may call. */
gboolean kol_step_buy_sell_par_shares_can_buy              (KolEngine       *engine, KolStep *s, KolEntity entity,
                                                            const KolBundle *bundle);
gboolean kol_step_buy_sell_par_shares_can_sell             (KolEngine       *engine, KolStep *s, KolEntity entity,
                                                            const KolBundle *bundle);
gboolean kol_step_buy_sell_par_shares_can_buy_multiple     (KolEngine *engine, KolStep *s, KolEntity entity,
                                                            int        corp, KolEntity owner);
gboolean kol_step_buy_sell_par_shares_can_buy_any_from_ipo (KolEngine *engine, KolStep *s,
                                                            KolEntity  entity);
/* The same, through the hooks: what the generic step itself calls. */
gboolean  kol_stock_can_buy                  (KolEngine       *engine, KolStep *s, KolEntity entity,
                                              const KolBundle *bundle);
gboolean  kol_stock_can_sell                 (KolEngine       *engine, KolStep *s, KolEntity entity,
                                              const KolBundle *bundle);
gboolean  kol_stock_can_buy_multiple         (KolEngine *engine, KolStep *s, KolEntity entity, int corp,
                                              KolEntity  owner);
gboolean  kol_stock_can_buy_any_from_ipo     (KolEngine *engine, KolStep *s, KolEntity entity);

/* Other building blocks of the step. */
gboolean kol_step_buy_sell_par_shares_can_gain                (KolEngine       *engine, KolEntity entity,
                                                               const KolBundle *bundle);
gboolean kol_step_buy_sell_par_shares_can_dump                (KolEngine       *engine, KolEntity entity,
                                                               const KolBundle *bundle);
gboolean kol_step_buy_sell_par_shares_can_sell_order          (KolEngine *engine, KolStep *s);
gboolean kol_step_buy_sell_par_shares_bought                  (KolEngine *engine, KolStep *s);
gboolean kol_step_buy_sell_par_shares_sold                    (KolEngine *engine, KolStep *s);
gboolean kol_step_buy_sell_par_shares_must_sell               (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_buy_any             (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_buy_any_from_market (KolEngine *engine, KolStep *s,
                                                               KolEntity  entity);
/* Can @entity buy any of @certs (one holder's certificates of one corporation)? */
gboolean kol_step_buy_sell_par_shares_can_buy_shares       (KolEngine    *engine, KolStep *s, KolEntity entity,
                                                            const gint16 *certs, int n);
gboolean kol_step_buy_sell_par_shares_can_ipo_any          (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_sell_any         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_sell_any_bundles (KolEngine *engine, KolStep *s,
                                                            KolEntity  entity, int corp);
/* The par cells for @corp that @entity can afford. */
int       kol_step_buy_sell_par_shares_par_prices    (KolEngine *engine, KolStep *s, KolEntity entity,
                                                      int        corp, KolCell *out, int max);
/* Was @corp started this turn, and how many of its shares were bought
 * (for 1849's two more shares, §9.4)? */
gboolean  kol_step_buy_sell_par_shares_just_parred   (KolEngine *engine, int corp);
int       kol_step_buy_sell_par_shares_num_bought    (KolEngine *engine, int corp);
/* Checks that @entity may buy @bundle (through the hooks), buys it, and
 * places the home token when the title places it then. */
gboolean  kol_step_buy_sell_par_shares_buy_shares    (KolEngine        *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle  *bundle,
                                                      gboolean          allow_president_change,
                                                      GError          **error);
/* Checks that @entity may sell @bundle, records the sale, sells and moves
 * the price. */
gboolean  kol_step_buy_sell_par_shares_sell_shares   (KolEngine        *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle  *bundle,
                                                      gboolean          allow_president_change,
                                                      GError          **error);
/* Records who acted last and what the turn did. */
void      kol_step_buy_sell_par_shares_track_action  (KolEngine *engine, const KolAction *a, int corp,
                                                      gboolean   from_corp, int percent);
/* Explains why @entity cannot buy / sell @bundle (a refusal); FALSE. */
gboolean  kol_stock_refuse_buy                       (KolEngine       *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle *bundle, GError **error);
gboolean  kol_stock_refuse_sell                      (KolEngine       *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle *bundle, GError **error);

/* ------------------------------------------------------------ legal choices */

/* A certificate @entity may buy now: the first one in holding order of its
 * kind (corporation, source, percent, president's) from the IPO/treasury or
 * the pool. */
typedef struct
{
  gint16    corp;
  gint16    cert;
  KolEntity source;                /* the corporation itself (IPO/treasury) or the pool */
  int       percent;
  int       price;
} KolBuyOption;

/* A bundle @entity may sell now, with what it brings. */
typedef struct
{
  KolBundle bundle;
  int       price;
} KolSellOption;

#define KOL_MAX_PAR_CELLS 16

/* A corporation @entity may par now, and the par cells offered. */
typedef struct
{
  gint16  corp;
  int     n_cells;
  KolCell cells[KOL_MAX_PAR_CELLS];
} KolParOption;

/* Each returns how many options it wrote; 0 when the current step does not
 * offer that action to @entity. */
int       kol_stock_buy_options    (KolEngine *engine, KolEntity entity, KolBuyOption *out, int max);
int       kol_stock_sell_options   (KolEngine *engine, KolEntity entity, KolSellOption *out, int max);
int       kol_stock_par_options    (KolEngine *engine, KolEntity entity, KolParOption *out, int max);

/* Legal actions built from the options above, for self-play and the UI. */
void      kol_stock_add_sell_action  (KolEngine *engine, KolEntity entity, const KolBundle *bundle,
                                      GPtrArray *out);
void      kol_stock_add_buy_actions  (KolEngine *engine, KolEntity entity, GPtrArray *out);
void      kol_stock_add_sell_actions (KolEngine *engine, KolEntity entity, GPtrArray *out);
void      kol_stock_add_par_actions  (KolEngine *engine, KolEntity entity, GPtrArray *out);
/* BuySellParShares' legal actions: buys, sells, pars, then the pass. */
void      kol_step_buy_sell_par_shares_legal_actions (KolEngine *engine, KolStep *s, KolEntity entity,
                                                      GPtrArray *out);

G_END_DECLS
