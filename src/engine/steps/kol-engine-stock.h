/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-round.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"

G_BEGIN_DECLS

/*
 * Stock rounds, after 18xx.games' Round::Stock (round/stock.rb) and
 * Step::BuySellParShares (step/buy_sell_par_shares.rb with ShareBuying),
 * and the Game methods they call.
 *
 * Titles change behaviour through KolStockHooks (KolTitleModule.stock_hooks):
 * constants of the Game classes are fields (0 is the Base default), Game
 * methods that 1849 or 1840 override are function pointers (NULL is the
 * generic kol_default_<name>() or kol_step_buy_sell_par_shares_<name>(),
 * which stay public so that a hook can call them like Ruby's super).
 *
 * Ruby's title steps (g_1849/step/buy_sell_par_shares.rb,
 * g_1840/step/buy_sell_par_shares.rb) override step methods that the generic
 * step calls from inside (can_buy?, can_sell?, ...). C has no virtual
 * dispatch between our step tables, so those overrides are hooks too (the
 * "step methods" block below); the entry points (actions, process, setup,
 * pass) a title overrides in its own KolStepClass, calling the exported
 * kol_step_buy_sell_par_shares_* functions.
 *
 * CAPITALIZATION, HOME_TOKEN_TIMING, place_home_token, close_corporation and
 * payout_companies are shared with operating rounds and read from
 * KolOperatingHooks (kol-engine-operating.h).
 */

/* ---------------------------------------------------------------- constants */

/* Game::SELL_BUY_ORDER */
typedef enum
{
  KOL_SELL_BUY_OR_BUY_SELL,        /* Base default */
  KOL_SELL_BUY,                    /* 1849, 1840 */
  KOL_SELL_BUY_SELL,
} KolSellBuyOrder;

/* Game::SELL_AFTER (Game#check_sale_timing) */
typedef enum
{
  KOL_SELL_AFTER_FIRST,            /* after the first stock round (Base; 1840) */
  KOL_SELL_AFTER_OPERATE,          /* once the corporation has operated (1849) */
  KOL_SELL_AFTER_SR_FLOATED,
  KOL_SELL_AFTER_P_ANY_OPERATE,
  KOL_SELL_AFTER_ROUND,
  KOL_SELL_AFTER_ANY_TIME,
} KolSellAfter;

/* Game::SELL_MOVEMENT (Game#sell_shares_and_change_price) */
typedef enum
{
  KOL_SELL_MOVE_DOWN_SHARE,        /* one row down per share (Base; 1840) */
  KOL_SELL_MOVE_DOWN_PER_10,       /* one row down per 10% (1849) */
  KOL_SELL_MOVE_DOWN_BLOCK,
  KOL_SELL_MOVE_LEFT_SHARE,
  KOL_SELL_MOVE_LEFT_SHARE_PRES,
  KOL_SELL_MOVE_LEFT_BLOCK,
  KOL_SELL_MOVE_DOWN_BLOCK_PRES,
  KOL_SELL_MOVE_LEFT_BLOCK_PRES,
  KOL_SELL_MOVE_LEFT_PER_10_IF_PRES_ELSE_LEFT_ONE,
  KOL_SELL_MOVE_NONE,
} KolSellMovement;

/* Game::POOL_SHARE_DROP (end of a stock round) */
typedef enum
{
  KOL_POOL_DROP_NONE,              /* Base; 1840 */
  KOL_POOL_DROP_DOWN_BLOCK,        /* 1849 */
  KOL_POOL_DROP_DOWN_SHARE,
  KOL_POOL_DROP_LEFT_BLOCK,
} KolPoolShareDrop;

/* -------------------------------------------------------------------- hooks */

typedef struct
{
  /* --- Game constants (0 = 18xx.games Base default) --- */
  guint8   sell_buy_order;              /* KolSellBuyOrder; 1849, 1840 SELL_BUY */
  guint8   sell_after;                  /* KolSellAfter; 1849 OPERATE */
  guint8   sell_movement;               /* KolSellMovement; 1849 DOWN_PER_10 */
  guint8   pool_share_drop;             /* KolPoolShareDrop; 1849 DOWN_BLOCK */
  guint8   must_sell_in_blocks;         /* MUST_SELL_IN_BLOCKS (neither title) */
  guint8   cert_limit_excludes_privates;/* !CERT_LIMIT_INCLUDES_PRIVATES (both count them) */
  guint8   no_sold_out_increase;        /* !SOLD_OUT_INCREASE (neither title) */
  /* Corporation always_market_price: the par price is the share price, so
   * IPO shares cost the market price. Every corporation of 1849 and 1840. */
  guint8   always_market_price;
  int      market_share_limit;          /* MARKET_SHARE_LIMIT; 0 = 50; 1840 100 */
  int      max_ownership_percent;       /* Corporation default; 0 = 60 */
  /* BuySellParShares#get_par_prices: par price × this ≤ cash. 0 = the
   * president's certificate in shares (Base's 2 for 20 %: 1849); 1840 5
   * (its director's certificate is 50%). */
  int      par_cash_multiplier;
  int      min_bid_increment;           /* MIN_BID_INCREMENT; 0 = 5 */
  /* WaterfallAuction#all_passed!: what the cheapest unsold company's price
   * drops by when everybody passed; 0 = 5 (both titles). */
  int      unsold_discount;

  /* --- Game methods (NULL = generic) --- */

  /* Game#can_par? (1849: next in order and not closed this OR set; 1840:
   * majors only). Generic: not yet floated on the market (!ipoed). */
  gboolean (*can_par)                  (KolEngine *engine, int corp, KolEntity parrer);
  /* Game#after_par (1849: token fee, next corporation to par, home token).
   * Generic: nothing; Base's capital for :shares abilities and the 'par'
   * close event need ability data only the title knows. */
  void     (*after_par)                (KolEngine *engine, int corp);
  /* Game#par_prices: the par cells available for @corp, in StockMarket
   * order (1849: by phase, 1840: PAR_RANGE by corporation type). Generic:
   * kol_market_par_cells (). */
  int      (*par_prices)               (KolEngine *engine, int corp, KolCell *out, int max);
  /* Game#bundles_for_corporation (1849: every combination, last certificate
   * rules, dumpable_on). Generic: kol_default_bundles_for_corporation. */
  int      (*bundles_for_corporation)  (KolEngine *engine, KolEntity holder, int corp,
                                        KolBundle *out, int max);
  /* SharePool#change_president (1849: the heir's last certificate, and the
   * outgoing president's choice). Generic: kol_default_change_president. */
  void     (*change_president)         (KolEngine *engine, int presidents_cert, KolEntity swap_to,
                                        KolEntity president, KolEntity previous);
  /* SharePool#handle_partial (1849: one ordinary certificate). */
  void     (*handle_partial)           (KolEngine *engine, const KolBundle *bundle, KolEntity from,
                                        KolEntity to);
  /* Corporation#max_ownership_percent per corporation (1840 lines: 100). */
  int      (*max_ownership)            (KolEngine *engine, int corp);
  /* Round::Stock#corporations_to_move_price: floated corporations that are
   * not minors (1840: its lines, type "line" in our data). Generic: floated. */
  gboolean (*moves_price_at_sr_end)    (KolEngine *engine, int corp);
  /* Game @players order (1840 sorts players by cash between rounds).
   * Generic: seating order from engine->priority_deal. */
  int      (*player_order)             (KolEngine *engine, gint16 *out);
  /* Round::Stock#start_entity prologue (1849: moved_this_turn = []). */
  void     (*start_entity)             (KolEngine *engine);
  /* Game#after_buy_company (1849: RSA brings a president's certificate:
   * kol_auction_add_pending_par ()). Generic: nothing; Base's :shares and
   * :acquire_company abilities are title data. */
  void     (*after_buy_company)        (KolEngine *engine, int player, int company, int price);
  /* The corporation whose president's certificate company @company brings
   * (for CompanyPendingPar; 1849 RSA), -1 when any unstarted one may be
   * parred. */
  int      (*pending_par_corp)         (KolEngine *engine, int company);

  /* --- BuySellParShares step methods that title steps override --- */

  /* #can_buy? (1849: last certificate last; 1840: majors first). */
  gboolean (*can_buy)                  (KolEngine *engine, KolStep *s, KolEntity entity,
                                        const KolBundle *bundle);
  /* #can_sell? (1840: Stadtbahn companies ignore the pool limit and can
   * always dump). */
  gboolean (*can_sell)                 (KolEngine *engine, KolStep *s, KolEntity entity,
                                        const KolBundle *bundle);
  /* #can_buy_multiple? (1849: two more shares after parring). */
  gboolean (*can_buy_multiple)         (KolEngine *engine, KolStep *s, KolEntity entity, int corp,
                                        KolEntity owner);
  /* #can_buy_any_from_ipo? (1849: the smallest treasury certificate). */
  gboolean (*can_buy_any_from_ipo)     (KolEngine *engine, KolStep *s, KolEntity entity);
  /* #allow_president_change? (1840: not for Stadtbahn companies). */
  gboolean (*allow_president_change)   (KolEngine *engine, int corp);
} KolStockHooks;

/* The module's stock hooks (those it keeps in the game state when its
 * constants come from the title's data), or NULL. */
static inline const KolStockHooks *
kol_stock_hooks (KolEngine *engine)
{
  const KolTitleModule *m = engine->module;

  if (m == NULL)
    return NULL;
  if (m->game_hooks)
    return (const KolStockHooks *) m->game_hooks (engine, KOL_HOOKS_STOCK);
  return (const KolStockHooks *) m->stock_hooks;
}

/* ------------------------------------------------------------- round state */

/* What a player did with a corporation in this round (players_sold). */
typedef enum
{
  KOL_SOLD_NONE,
  KOL_SOLD_NOW,                    /* sold in the current turn */
  KOL_SOLD_PREV,                   /* sold in an earlier turn of the round */
} KolSold;

/* One action of the current turn (round.current_actions). */
typedef struct
{
  guint8 type;                     /* KolActionType */
  guint8 from_corp;                /* buy: the bundle came from a corporation (IPO) */
  gint16 corp;
  gint16 percent;
} KolTurnAction;

#define KOL_STOCK_MAX_TURN_ACTIONS 40

/*
 * The round state BuySellParShares declares (Ruby round_state), at the start
 * of engine->round.data in stock rounds. players_history is not kept: only
 * programmed actions read it, and records embed their effects.
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

/* ----------------------------------------------------------- Game methods */

/* Hooked Game methods (dispatch to the title, else the generic one). */
gboolean  kol_stock_can_par              (KolEngine *engine, int corp, KolEntity parrer);
gboolean  kol_default_can_par            (KolEngine *engine, int corp, KolEntity parrer);
void      kol_stock_after_par            (KolEngine *engine, int corp);
int       kol_stock_par_prices           (KolEngine *engine, int corp, KolCell *out, int max);
/* Game#check_sale_timing for SELL_AFTER. */
gboolean kol_stock_check_sale_timing      (KolEngine *engine, KolEntity entity, const KolBundle *bundle);
gboolean kol_stock_allow_president_change (KolEngine *engine, int corp);
/* Game#sold_out? */
gboolean  kol_stock_sold_out             (KolEngine *engine, int corp);
/* Game#action_processed: corporations on a close cell close; if that left
 * the current entity without actions, the round moves on. Titles call this
 * from their module's action_processed hook. */
void      kol_stock_action_processed     (KolEngine *engine);

/* ------------------------------------------------------------------- round */

/* Round::Stock. Titles with their own stock round class copy this table and
 * replace slots, calling the kol_round_stock_* functions. */
extern const KolRoundClass kol_round_stock;

void      kol_round_stock_select_entities (KolEngine *engine, KolRound *r);
void      kol_round_stock_setup           (KolEngine *engine, KolRound *r);
void      kol_round_stock_after_process   (KolEngine *engine, KolRound *r, const KolAction *a);
gboolean  kol_round_stock_finished        (KolEngine *engine, KolRound *r);
void      kol_round_stock_next_entity     (KolEngine *engine, KolRound *r);
void      kol_round_stock_start_entity    (KolEngine *engine);
/* Round::Stock#finish_round: sold-out and pool price moves, in operating
 * order. */
void      kol_round_stock_finish_round    (KolEngine *engine);
/* Game#reorder_players(:after_last_to_act) after a stock or auction round:
 * the player at the round's entity index gets the priority deal. */
void      kol_stock_priority_after_last_to_act (KolEngine *engine);

/* How a module of the 1830 family starts its rounds, for
 * kol_round_cycle_next (the first round → SR → ORs of the set → SR …). */
typedef struct
{
  void (*start_stock)     (KolEngine *engine);
  void (*start_operating) (KolEngine *engine, int round_num);
} KolRoundCycle;

void      kol_round_cycle_next                 (KolEngine *engine, const KolRoundCycle *cycle);

/* ---------------------------------------------------- Step::BuySellParShares */

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

/* The generic step methods (Ruby's super of the hooked ones). */
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
/* #can_buy_shares?: @certs are one holder's certificates of one corporation. */
gboolean kol_step_buy_sell_par_shares_can_buy_shares       (KolEngine    *engine, KolStep *s, KolEntity entity,
                                                            const gint16 *certs, int n);
gboolean kol_step_buy_sell_par_shares_can_ipo_any          (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_sell_any         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_sell_par_shares_can_sell_any_bundles (KolEngine *engine, KolStep *s,
                                                            KolEntity  entity, int corp);
/* #get_par_prices: par cells for @corp that @entity can afford. */
int       kol_step_buy_sell_par_shares_par_prices    (KolEngine *engine, KolStep *s, KolEntity entity,
                                                      int        corp, KolCell *out, int max);
/* #just_parred / #num_shares_bought (1849's can_buy_multiple?). */
gboolean  kol_step_buy_sell_par_shares_just_parred   (KolEngine *engine, int corp);
int       kol_step_buy_sell_par_shares_num_bought    (KolEngine *engine, int corp);
/* ShareBuying#buy_shares: checks can_buy? (through the hooks), buys, and
 * places the home token when HOME_TOKEN_TIMING says so. */
gboolean  kol_step_buy_sell_par_shares_buy_shares    (KolEngine        *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle  *bundle,
                                                      gboolean          allow_president_change,
                                                      GError          **error);
/* #sell_shares: checks can_sell?, records the sale, sells and moves the
 * price. */
gboolean  kol_step_buy_sell_par_shares_sell_shares   (KolEngine        *engine, KolStep *s, KolEntity entity,
                                                      const KolBundle  *bundle,
                                                      gboolean          allow_president_change,
                                                      GError          **error);
/* #track_action: last_to_act and the turn's actions. */
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
