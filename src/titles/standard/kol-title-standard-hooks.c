/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

#include <string.h>

/*
 * The Game methods and constants of the engine's shared steps as the
 * title's data configures them: the module keeps its stock and operating
 * hook tables in the game state (KolTitleModule.game_hooks), filled at
 * setup from KolStdConfig.
 */

/* --------------------------------------------------------- operating */

static int
tile_lays (KolEngine  *engine,
           int         corp,
           KolTileLay *out,
           int         max)
{
  const KolStdConfig *cfg = kol_std_config (engine);
  int n = MIN ((int) cfg->n_tile_lays, max);

  memcpy (out, cfg->tile_lays, sizeof *out * (gsize) n);
  return n;
}

/* The share price move of a dividend, by the data's table (rules.stock_market.
 * dividend_moves): a run that pays nothing moves as a withhold; with
 * dividend_right_when_total_at_least_price a move right needs a payout of
 * at least the share price (1849's rule, §10.5.3). */
static void
dividend_price_change (KolEngine      *engine,
                       int             corp,
                       const char     *kind,
                       int             revenue,
                       int             paid,
                       KolPriceChange *out)
{
  const KolStdConfig *cfg = kol_std_config (engine);
  int k = g_strcmp0 (kind, "payout") == 0 ? KOL_STD_PAYOUT : g_strcmp0 (kind, "half") == 0 ? KOL_STD_HALF
                                                                                            : KOL_STD_WITHHOLD;
  guint8 direction = cfg->dividend_move[paid > 0 ? k : KOL_STD_WITHHOLD];

  memset (out, 0, sizeof *out);
  if (direction == KOL_PRICE_RIGHT && cfg->right_needs_price && paid < kol_market_corp_price (engine, corp))
    direction = KOL_PRICE_NONE;
  if (direction == KOL_PRICE_NONE)
    return;
  out->n = 1;
  out->moves[0].direction = direction;
  out->moves[0].times = 1;
}

/* The prices a corporation may pay for a company (rules.private_sale). */
static void
company_price_range (KolEngine *engine,
                     int        corp,
                     int        company,
                     int       *min,
                     int       *max)
{
  const KolStdConfig *cfg = kol_std_config (engine);
  int value = engine->companies[company].value;

  *min = cfg->company_min_price < 0 ? (value + 1) / 2 : cfg->company_min_price;
  *max = value * cfg->company_max_multiple;
}

static gboolean
can_buy_train_from_others (KolEngine *engine)
{
  return kol_std_config (engine)->from_others != KOL_STD_FROM_OTHERS_NEVER;
}

static void
company_bought (KolEngine *engine,
                int        company,
                int        corp)
{
  kol_std_company_bought (engine, company, corp);
}

static void
after_buying_train (KolEngine *engine,
                    int        train,
                    KolEntity  source)
{
  KolEntity owner = engine->trains[train].owner;

  if (owner.kind == KOL_ENTITY_CORP)
    kol_std_close_companies_on_event (engine, owner.index, "bought_train");
}

/* Closing: a corporation on a closing cell leaves the board,
 * the market and its players' hands (its shares are worth nothing), and
 * starts afresh: it may be started again from the next stock round, at its
 * home (reserved again), so that a game never runs out of corporations. */
static void
close_corporation (KolEngine *engine,
                   int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];

  kol_default_close_corporation (engine, corp);
  kol_shares_reset_corporation (engine, corp);
  if (def->home >= 0)
    kol_board_reserve (engine, def->home, MAX (def->home_city, 0), corp);
  engine->corp_order[engine->n_corp_order++] = (gint16) corp;
  for (int i = 0; i < engine->n_corp_order; i++)
    engine->corps[engine->corp_order[i]].order_seq = (guint32) i;
  kol_std_state (engine)->closed_recently[corp] = TRUE;
}

/* May a corporation be started: not started, and not closed since the stock round. */
static gboolean
can_par (KolEngine *engine,
         int        corp,
         KolEntity  parrer)
{
  return kol_default_can_par (engine, corp, parrer) && !kol_std_state (engine)->closed_recently[corp];
}

/* ------------------------------------------------------------ tables */

/* The constants of the data and the module's methods (Game constants are
 * the fields, 0 the 18xx.games default; see kol-engine-stock.h and
 * kol-engine-operating.h). */
void
kol_std_fill_hooks (KolEngine *engine)
{
  KolStdState *st = kol_std_state (engine);
  const KolStdConfig *cfg = &st->cfg;
  KolStockHooks *sh = &st->stock_hooks;
  KolOperatingHooks *oh = &st->operating_hooks;

  memset (sh, 0, sizeof *sh);
  sh->sell_buy_order = cfg->sell_buy_order;
  sh->sell_after = cfg->sell_after;
  sh->sell_movement = cfg->sell_movement;
  sh->pool_share_drop = cfg->pool_down ? KOL_POOL_DROP_DOWN_BLOCK : KOL_POOL_DROP_NONE;
  sh->cert_limit_excludes_privates = !cfg->cert_limit_includes_privates;
  sh->no_sold_out_increase = !cfg->sold_out_up;
  sh->market_share_limit = cfg->max_pool_percent;
  sh->max_ownership_percent = cfg->max_player_percent;
  sh->min_bid_increment = cfg->bid_increment;
  sh->unsold_discount = cfg->unsold_discount;
  sh->can_par = can_par;

  memset (oh, 0, sizeof *oh);
  oh->home_token_timing = cfg->home_token_timing;
  oh->track_restriction = cfg->track_restriction;
  oh->must_buy_train_rule = cfg->must_buy_train;
  oh->ebuy_from_others = cfg->ebuy_from_others;
  oh->no_train_buy_from_others = cfg->from_others == KOL_STD_FROM_OTHERS_NEVER;
  oh->capitalization = cfg->capitalization;
  oh->discarded_trains_removed = cfg->discarded_removed;
  oh->dividend_half = cfg->dividend_half;
  oh->tile_lays = tile_lays;
  oh->dividend_price_change = dividend_price_change;
  oh->company_price_range = company_price_range;
  oh->company_purchasable = kol_std_company_buyable;
  oh->close_companies_on_event = kol_std_close_companies_on_event;
  oh->company_bought = company_bought;
  oh->corp_has_abilities = kol_std_corp_has_abilities;
  oh->can_buy_train_from_others = can_buy_train_from_others;
  oh->after_buying_train = after_buying_train;
  oh->close_corporation = close_corporation;
}

/* ------------------------------------------------------------- board */

static gboolean
hex_blocked (KolEngine *engine,
             int        corp,
             int        hex)
{
  return kol_std_hex_blocked (engine, hex);
}

/* Terrain on every lay when the data says so (rules.track.
 * terrain_cost_on_upgrade), else only on the printed hex's first lay. */
static int
tile_cost (KolEngine *engine,
           int        corp,
           int        hex,
           int        tile)
{
  const KolHexDef *def = &engine->title->hexes[hex];

  if (kol_std_config (engine)->terrain_on_upgrade || engine->hexes[hex].tile == def->tile)
    return def->terrain_cost;
  return 0;
}

const KolBoardHooks kol_std_board_hooks = {
  .tile_cost = tile_cost,
  .hex_blocked = hex_blocked,
};

/* ------------------------------------------------------------ market */

/* After a price move: a corporation on an "e" cell triggers the game end
 * (rules.game_end.share_price_timing). */
static void
market_moved (KolEngine *engine,
              int        corp,
              KolCell    from)
{
  if (kol_market_cell_has_flag (engine, kol_market_corp_cell (engine, corp), KOL_CELL_END))
    kol_std_state (engine)->market_end = TRUE;
}

const KolMarketHooks kol_std_market_hooks = {
  .moved = market_moved,
};

/* ------------------------------------------------------------ routes */

/* Express trains whose towns are "free" pass towns for nothing. */
static void
stop_value (const KolEngine     *engine,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             user_data)
{
  const KolStdConfig *cfg = kol_std_config (engine);

  if (train && train->tag >= 0 && train->tag < KOL_MAX_TRAIN_DEFS && cfg->towns_pay_nothing[train->tag] &&
      stop->kind == KOL_NODE_TOWN)
    stop->value = 0;
}

static int
prepare (const KolEngine *engine,
         int              corp,
         KolRouteRules   *rules,
         KolRouteTrain   *trains,
         int              max_trains)
{
  const KolStdConfig *cfg = kol_std_config (engine);
  gint16 owned[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of ((KolEngine *) engine, kol_entity (KOL_ENTITY_CORP, corp), owned, KOL_MAX_TRAINS);

  kol_route_rules_init (rules);
  rules->min_stops = cfg->min_stops;
  rules->stop_value = stop_value;
  n = MIN (n, max_trains);
  for (int i = 0; i < n; i++)
    trains[i] = cfg->route_trains[engine->trains[owned[i]].def];
  return n;
}

const KolRouteHooks kol_std_route_hooks = {
  .prepare = prepare,
};
