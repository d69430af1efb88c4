/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Certificates changing hands: transfers with the change of presidency
 * that may follow, buying, selling with the price moves, and the opening
 * and closing of corporations (their capital, their certificates back to
 * the IPO or out of the game). It is its own file because these are the
 * functions that change the game and log it, where kol-engine-shares.c
 * answers questions about certificates. */
#include "kol-engine-shares-private.h"
#include "kol-engine-stock.h"
#include "kol-engine-operating.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"

#include <string.h>

static int
capitalization (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->capitalization : KOL_CAPITALIZATION_FULL;
}

/* ------------------------------------------------------------- presidency */

/**
 * kol_shares_move_cert:
 *
 * @cert goes to the end of @to's holding.
 */
void
kol_shares_move_cert (KolEngine *engine,
                      int        cert,
                      KolEntity  to)
{
  kol_engine_move_cert (engine, cert, to);
}

/**
 * kol_default_change_president:
 *
 * The new president gives the first certificates of their holding, as many
 * as the president's certificate is shares, to @swap_to, and receives the
 * president's certificate: both keep the share they had (1849 §9.5).
 */
void
kol_default_change_president (KolEngine *engine,
                              int        presidents_cert,
                              KolEntity  swap_to,
                              KolEntity  president,
                              KolEntity  previous)
{
  int corp = engine->certs[presidents_cert].corp;
  int num = engine->certs[presidents_cert].percent / kol_engine_share_percent (engine, corp);
  gint16 held[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, president, corp, held, KOL_MAX_CERTS);

  for (int i = 0; i < n && i < num; i++)
    kol_shares_move_cert (engine, held[i], swap_to);
  kol_shares_move_cert (engine, presidents_cert, president);
}

/**
 * kol_shares_change_president:
 *
 * Swaps the president's certificate, through the title's hook.
 */
void
kol_shares_change_president (KolEngine *engine,
                             int        presidents_cert,
                             KolEntity  swap_to,
                             KolEntity  president,
                             KolEntity  previous)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->change_president)
    h->change_president (engine, presidents_cert, swap_to, president, previous);
  else
    kol_default_change_president (engine, presidents_cert, swap_to, president, previous);
}

/**
 * kol_default_handle_partial:
 *
 * The part of the president's certificate that was not sold comes back as
 * ordinary certificates: the first ones @from holds.
 */
void
kol_default_handle_partial (KolEngine       *engine,
                            const KolBundle *b,
                            KolEntity        from,
                            KolEntity        to)
{
  int num = (kol_bundle_certs_percent (engine, b) - b->percent) / kol_engine_share_percent (engine, b->corp);

  for (int i = 0; i < num; i++)
    {
      gint16 first;

      if (kol_engine_certs_of (engine, from, b->corp, &first, 1) < 1)
        return;
      kol_shares_move_cert (engine, first, to);
    }
}

/**
 * kol_shares_handle_partial:
 *
 * Gives back the unsold part of a split bundle, through the title's hook.
 */
void
kol_shares_handle_partial (KolEngine       *engine,
                           const KolBundle *b,
                           KolEntity        from,
                           KolEntity        to)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->handle_partial)
    h->handle_partial (engine, b, from, to);
  else
    kol_default_handle_partial (engine, b, from, to);
}

static void
log_president (KolEngine *engine,
               KolEntity  president,
               int        corp)
{
  KolArg args[2] = { kol_arg_entity (president), kol_arg_int (KOL_ARG_CORP, corp) };

  kol_engine_log (engine, KOL_LOG_BECOMES_PRESIDENT, args, 2);
}

/* The majority holder who becomes president, or NONE (transfer_shares'
 * choice: the president's certificate holder when there was no president,
 * else the nearest player after the previous one with enough shares). */
static KolEntity
choose_president (KolEngine *engine,
                  int        corp,
                  KolEntity  previous,
                  gboolean  *stays)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n = kol_shares_player_order (engine, order);
  int max = 0, best = -1, best_distance = G_MAXINT;
  int pres_cert = kol_engine_president_cert (engine, corp);
  int pres_percent = kol_corp_presidents_percent (engine, corp);

  *stays = FALSE;
  for (int i = 0; i < n; i++)
    {
      int percent = kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, order[i]), corp);

      max = MAX (max, percent);
    }
  for (int i = 0; i < n; i++)
    {
      KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);

      if (kol_engine_percent_of (engine, p, corp) == max && kol_entity_same (p, previous))
        {
          *stays = TRUE;
          return KOL_ENTITY_INIT_NONE;
        }
    }
  if (_kol_shares_entity_is_none (previous) && pres_cert >= 0)
    for (int i = 0; i < n; i++)
      {
        KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);

        if (kol_engine_percent_of (engine, p, corp) == max &&
            kol_entity_same (p, engine->certs[pres_cert].owner))
          return p;
      }
  for (int i = 0; i < n; i++)
    {
      KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);
      int percent = kol_engine_percent_of (engine, p, corp), d;

      if (percent != max || percent < pres_percent)
        continue;
      d = kol_shares_distance (engine, previous, p);
      if (d < best_distance)
        {
          best_distance = d;
          best = order[i];
        }
    }
  return best >= 0 ? kol_entity (KOL_ENTITY_PLAYER, best) : KOL_ENTITY_INIT_NONE;
}

/* Who presides after shares moved: the holder of the most, the president
 * keeping it on a tie, else the nearest to the previous president's left
 * (1849 §9.5). (Receivership, where nobody may be president, is in
 * neither title.) */
static void
change_presidency (KolEngine       *engine,
                   const KolBundle *b,
                   KolEntity        to,
                   KolEntity        previous,
                   gboolean         corporate_transfer)
{
  int corp = b->corp;
  KolEntity owner = b->owner;
  int bundle_pres = kol_bundle_president_cert (engine, b);
  gboolean partial = kol_bundle_partial (engine, b), stays;
  KolEntity president = choose_president (engine, corp, previous, &stays);
  KolEntity transfer_to, swap_to;
  int pres_cert = bundle_pres;

  if (stays || _kol_shares_entity_is_none (president))
    return;
  engine->corps[corp].owner = president;
  log_president (engine, president, corp);

  if (kol_entity_same (to, president) && kol_entity_same (previous, owner) && bundle_pres >= 0 &&
      !partial)
    return;
  /* a corporation's own treasury may swap the president's certificate
   * directly, as a previous president would */
  if (kol_entity_same (owner, kol_entity_corp (corp)) && bundle_pres < 0 &&
      _kol_shares_entity_is_none (previous))
    previous = kol_entity_corp (corp);
  if (kol_entity_same (owner, president) || _kol_shares_entity_is_none (previous))
    return;
  if (pres_cert < 0)
    {
      gint16 held[KOL_MAX_CERTS];
      int n = kol_engine_certs_of (engine, previous, corp, held, KOL_MAX_CERTS);

      for (int i = 0; i < n && pres_cert < 0; i++)
        if (engine->certs[held[i]].president)
          pres_cert = held[i];
      if (pres_cert < 0)
        return;
    }
  if (((owner.kind == KOL_ENTITY_PLAYER && to.kind == KOL_ENTITY_PLAYER) || corporate_transfer) &&
      bundle_pres >= 0)
    {
      transfer_to = to;
      swap_to = to;
    }
  else
    {
      /* sold shares go to the pool in both titles */
      transfer_to = _kol_shares_pool_entity ();
      swap_to = kol_engine_percent_of (engine, previous, corp) >= engine->certs[pres_cert].percent
                ? previous : transfer_to;
    }
  kol_shares_change_president (engine, pres_cert, swap_to, president, previous);
  if (partial)
    kol_shares_handle_partial (engine, b, transfer_to, owner);
}

/**
 * kol_transfer_opts_init:
 *
 * The defaults of a transfer: no money, the bundle's price, presidency
 * changes allowed.
 */
void
kol_transfer_opts_init (KolTransferOpts *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->spender = KOL_ENTITY_INIT_NONE;
  opts->receiver = KOL_ENTITY_INIT_NONE;
  opts->price = -1;
  opts->allow_president_change = TRUE;
}

/**
 * kol_shares_transfer:
 * @opts: (nullable): the options, NULL for the defaults
 *
 * @opts->spender pays @opts->receiver, the
 * bundle's certificates go to @to in bundle order, then the presidency may
 * change.
 */
void
kol_shares_transfer (KolEngine             *engine,
                     const KolBundle       *b,
                     KolEntity              to,
                     const KolTransferOpts *opts)
{
  KolTransferOpts defaults;
  KolEntity previous = engine->corps[b->corp].owner;
  KolBundle bundle = *b;
  int price;

  if (opts == NULL)
    {
      kol_transfer_opts_init (&defaults);
      opts = &defaults;
    }
  price = opts->price >= 0 ? opts->price : kol_bundle_price (engine, &bundle);
  if (!_kol_shares_entity_is_none (opts->spender) && !_kol_shares_entity_is_none (opts->receiver) && price > 0)
    kol_engine_transfer (engine, opts->spender, opts->receiver, price);
  for (int i = 0; i < bundle.n_certs; i++)
    kol_shares_move_cert (engine, bundle.certs[i], to);
  if (opts->allow_president_change)
    change_presidency (engine, &bundle, to, previous, opts->corporate_transfer);
}

/* ----------------------------------------------------------------- buying */

/**
 * kol_buy_opts_init:
 *
 * The defaults of a purchase.
 */
void
kol_buy_opts_init (KolBuyOpts *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->allow_president_change = TRUE;
}

static void
log_buy (KolEngine       *engine,
         KolEntity        entity,
         const KolBundle *b,
         int              price)
{
  KolArg args[5];
  gboolean redeem = kol_entity_same (entity, kol_entity_corp (b->corp));

  args[0] = kol_arg_entity (entity);
  args[1] = kol_arg_int (KOL_ARG_PERCENT, b->percent);
  if (redeem)
    {
      /* "redeems a 10% share from …": no corporation named */
      if (b->owner.kind == KOL_ENTITY_POOL)
        {
          args[2] = kol_arg_int (KOL_ARG_MONEY, price);
          kol_engine_log (engine, KOL_LOG_REDEEMS_SHARE_MARKET, args, 3);
        }
      else
        {
          args[2] = kol_arg_entity (b->owner);
          args[3] = kol_arg_int (KOL_ARG_MONEY, price);
          kol_engine_log (engine, KOL_LOG_REDEEMS_SHARE_FROM, args, 4);
        }
      return;
    }
  args[2] = kol_arg_int (KOL_ARG_CORP, b->corp);
  if (kol_entity_same (b->owner, kol_entity_corp (b->corp)))
    {
      args[3] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_IPO, args, 4);
    }
  else if (b->owner.kind == KOL_ENTITY_PLAYER || b->owner.kind == KOL_ENTITY_CORP)
    {
      args[3] = kol_arg_entity (b->owner);
      args[4] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_FROM, args, 5);
    }
  else
    {
      args[3] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_MARKET, args, 4);
    }
}

/* Who receives the money for @b: the corporation for its own certificates
 * when it is capitalised incrementally (1849 §9.3), another
 * corporation or a player selling theirs, else the bank (the IPO is the
 * corporation's treasury in both titles). */
static KolEntity
buy_receiver (KolEngine       *engine,
              const KolBundle *b)
{
  gboolean own = kol_entity_same (b->owner, kol_entity_corp (b->corp));

  if (own && capitalization (engine) == KOL_CAPITALIZATION_INCREMENTAL)
    return b->owner;
  if ((b->owner.kind == KOL_ENTITY_CORP && !own) || b->owner.kind == KOL_ENTITY_PLAYER)
    return b->owner;
  return kol_entity (KOL_ENTITY_BANK, 0);
}

/**
 * kol_shares_buy:
 * @opts: (nullable): options, NULL for the defaults
 *
 * @entity gets @b. Logs the IPO ("pars") and the
 * purchase, pays the seller (see buy_receiver), transfers, and floats the
 * corporation if this floated it. No rule checks: steps check first.
 */
void
kol_shares_buy (KolEngine        *engine,
                KolEntity         entity,
                const KolBundle  *b,
                const KolBuyOpts *opts)
{
  KolBuyOpts defaults;
  KolCorp *c = &engine->corps[b->corp];
  gboolean ipoed = c->ipoed;
  gboolean floated = kol_corp_floated (engine, b->corp);
  int price, par;
  KolTransferOpts t;

  if (opts == NULL)
    {
      kol_buy_opts_init (&defaults);
      opts = &defaults;
    }
  if (kol_bundle_president_cert (engine, b) >= 0 || c->owner.kind == KOL_ENTITY_PLAYER)
    c->ipoed = TRUE;
  price = kol_bundle_price (engine, b);
  par = kol_corp_par_price (engine, b->corp);
  if (ipoed != c->ipoed && par >= 0 && !opts->silent)
    {
      KolArg args[3] = {
        kol_arg_entity (entity), kol_arg_int (KOL_ARG_CORP, b->corp),
        kol_arg_int (KOL_ARG_MONEY, par),
      };

      kol_engine_log (engine, KOL_LOG_PARS, args, 3);
    }

  kol_transfer_opts_init (&t);
  t.allow_president_change = opts->allow_president_change;
  if (opts->exchange != KOL_EXCHANGE_NONE)
    {
      price = opts->exchange_price;
      if (!opts->silent)
        {
          KolArg args[3] = {
            kol_arg_entity (entity), kol_arg_int (KOL_ARG_PERCENT, b->percent),
            kol_arg_int (KOL_ARG_CORP, b->corp),
          };

          kol_engine_log (engine, KOL_LOG_RECEIVES_SHARE, args, 3);
        }
    }
  else if (!opts->silent)
    log_buy (engine, entity, b, price);

  if (price != 0)
    {
      t.spender = entity.kind == KOL_ENTITY_POOL ? kol_entity (KOL_ENTITY_BANK, 0) : entity;
      t.receiver = buy_receiver (engine, b);
    }
  t.price = price;
  kol_shares_transfer (engine, b, entity, &t);

  if (floated != kol_corp_floated (engine, b->corp))
    kol_shares_float_corporation (engine, b->corp);
}

/* ---------------------------------------------------------------- selling */

static void
log_sell (KolEngine       *engine,
          const KolBundle *b,
          int              price)
{
  gboolean issue = kol_entity_same (b->owner, kol_entity_corp (b->corp));
  int num = kol_bundle_num_shares (engine, b);
  KolArg args[4] = {
    kol_arg_entity (b->owner),
    num == 1 ? kol_arg_int (KOL_ARG_PERCENT, b->percent) : kol_arg_int (KOL_ARG_INT, num),
    kol_arg_int (KOL_ARG_CORP, b->corp),
    kol_arg_int (KOL_ARG_MONEY, price),
  };
  int kind;

  if (issue)
    kind = num == 1 ? KOL_LOG_ISSUES_SHARE : KOL_LOG_ISSUES_SHARES;
  else
    kind = num == 1 ? KOL_LOG_SELLS_SHARE : KOL_LOG_SELLS_SHARES;
  kol_engine_log (engine, kind, args, 4);
}

/**
 * kol_shares_sell:
 *
 * @b goes to the pool and the bank pays its owner (1849 §9.2).
 */
void
kol_shares_sell (KolEngine       *engine,
                 const KolBundle *b,
                 gboolean         allow_president_change,
                 gboolean         silent)
{
  KolTransferOpts t;
  int price = kol_bundle_price (engine, b);

  if (!silent)
    log_sell (engine, b, price);
  kol_transfer_opts_init (&t);
  t.spender = kol_entity (KOL_ENTITY_BANK, 0);
  t.receiver = b->owner;
  t.price = price;
  t.allow_president_change = allow_president_change;
  kol_shares_transfer (engine, b, _kol_shares_pool_entity (), &t);
}

static int
sell_movement (KolEngine *engine)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  return h ? h->sell_movement : KOL_SELL_MOVE_DOWN_SHARE;
}

static void
move_times (KolEngine          *engine,
            int                 corp,
            KolMarketDirection  dir,
            int                 times)
{
  for (int i = 0; i < times; i++)
    kol_market_move_dir (engine, corp, dir);
}

/**
 * kol_shares_sell_and_change_price:
 * @movement: a KolSellMovement, or -1 for the title's
 *
 * Sells @b, moves the share price and logs the move (1849 §9.2).
 */
void
kol_shares_sell_and_change_price (KolEngine       *engine,
                                  const KolBundle *b,
                                  gboolean         allow_president_change,
                                  int              movement)
{
  int corp = b->corp;
  KolCell old = kol_market_corp_cell (engine, corp);
  gboolean was_president = kol_corp_is_president (engine, corp, b->owner);
  int shares = kol_bundle_num_shares (engine, b);

  kol_shares_sell (engine, b, allow_president_change, FALSE);
  if (movement < 0)
    movement = sell_movement (engine);
  switch ((KolSellMovement) movement)
    {
    case KOL_SELL_MOVE_DOWN_SHARE:
      move_times (engine, corp, KOL_MARKET_DOWN, shares);
      break;
    case KOL_SELL_MOVE_DOWN_PER_10:
      move_times (engine, corp, KOL_MARKET_DOWN, b->percent / 10);
      break;
    case KOL_SELL_MOVE_DOWN_BLOCK:
      move_times (engine, corp, KOL_MARKET_DOWN, 1);
      break;
    case KOL_SELL_MOVE_LEFT_SHARE:
      move_times (engine, corp, KOL_MARKET_LEFT, shares);
      break;
    case KOL_SELL_MOVE_LEFT_SHARE_PRES:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? shares : 0);
      break;
    case KOL_SELL_MOVE_LEFT_BLOCK:
      move_times (engine, corp, KOL_MARKET_LEFT, 1);
      break;
    case KOL_SELL_MOVE_DOWN_BLOCK_PRES:
      move_times (engine, corp, KOL_MARKET_DOWN, was_president ? 1 : 0);
      break;
    case KOL_SELL_MOVE_LEFT_BLOCK_PRES:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? 1 : 0);
      break;
    case KOL_SELL_MOVE_LEFT_PER_10_IF_PRES_ELSE_LEFT_ONE:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? b->percent / 10 : 1);
      break;
    case KOL_SELL_MOVE_NONE:
    default:
      break;
    }
  if (sell_movement (engine) != KOL_SELL_MOVE_NONE)
    kol_market_log_share_price (engine, corp, old, 0, FALSE);
}

/* ------------------------------------------------------ opening and closing */

/**
 * kol_shares_float_corporation:
 *
 * @corp floats: logged; a fully capitalised corporation receives par price
 * × total shares from the bank.
 */
void
kol_shares_float_corporation (KolEngine *engine,
                              int        corp)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, corp) };

  kol_engine_log (engine, KOL_LOG_FLOATS, args, 1);
  if (capitalization (engine) != KOL_CAPITALIZATION_FULL)
    return;
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), kol_entity_corp (corp),
                     kol_corp_par_price (engine, corp) * kol_corp_total_shares (engine, corp));
  args[1] = kol_arg_int (KOL_ARG_MONEY, engine->corps[corp].cash);
  kol_engine_log (engine, KOL_LOG_RECEIVES_CAPITAL, args, 2);
}

static void
remove_from_corp_order (KolEngine *engine,
                        int        corp)
{
  int m = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    if (engine->corp_order[i] != corp)
      engine->corp_order[m++] = engine->corp_order[i];
  engine->n_corp_order = m;
}

/**
 * kol_shares_close_corporation:
 *
 * The share side of closing a corporation (1849 §11): every holder loses its
 * certificates of @corp without compensation, @corp leaves the market and
 * the corporation list, and is no longer started, floated or owned.
 */
void
kol_shares_close_corporation (KolEngine *engine,
                              int        corp)
{
  KolCorp *c = &engine->corps[corp];

  for (int i = 0; i < engine->n_certs; i++)
    if (engine->certs[i].corp == corp)
      kol_engine_move_cert (engine, i, kol_entity (KOL_ENTITY_REMOVED, 0));
  kol_market_remove (engine, corp);
  remove_from_corp_order (engine, corp);
  c->closed = TRUE;
  c->ipoed = FALSE;
  c->floated = FALSE;
  c->owner = KOL_ENTITY_INIT_NONE;
}

/**
 * kol_shares_reset_corporation:
 *
 * @corp starts afresh, as if new (1849 §11: it may be started again): its
 * certificates back in its IPO in index order, no price, cash, tokens on
 * the board, loans or title state. Its companies close.
 */
void
kol_shares_reset_corporation (KolEngine *engine,
                              int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  KolCorp *c = &engine->corps[corp];
  guint32 order_seq = c->order_seq;
  guint8 removed = c->removed;
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, kol_entity_corp (corp), companies, KOL_MAX_COMPANIES);

  for (int i = 0; i < n; i++)
    kol_engine_close_company (engine, companies[i]);
  for (int t = 0; t < c->n_tokens; t++)
    if (c->tokens[t].hex >= 0)
      kol_board_remove_token (engine, corp, t);
  kol_engine_transfer (engine, kol_entity_corp (corp), kol_entity (KOL_ENTITY_BANK, 0), c->cash);

  memset (c, 0, sizeof *c);
  c->price_row = c->price_col = -1;
  c->par_row = c->par_col = -1;
  c->owner = KOL_ENTITY_INIT_NONE;
  c->order_seq = order_seq;
  c->removed = removed;
  c->n_tokens = MIN (def->n_tokens, KOL_MAX_CORP_TOKENS);
  for (int t = 0; t < c->n_tokens; t++)
    {
      c->tokens[t].hex = -1;
      c->tokens[t].slot = -1;
      c->tokens[t].price = def->token_costs[t];
    }
  /* certificates in index order, as at the start of the game */
  for (int i = 0; i < engine->n_certs; i++)
    if (engine->certs[i].corp == corp)
      {
        engine->certs[i].buyable = TRUE;
        kol_engine_move_cert (engine, i, kol_entity_corp (corp));
      }
}

/**
 * kol_shares_close_corporations_in_close_cell:
 *
 * Closes every corporation whose price is on a closing cell (1849 §11) through the title's close_corporation, in corporation list
 * order; a closing that puts another corporation there closes it too.
 *
 * Returns: %TRUE if any corporation closed.
 */
gboolean
kol_shares_close_corporations_in_close_cell (KolEngine *engine)
{
  guint32 done = 0;
  gboolean closed_any = FALSE;

  if (!kol_market_has_close_cell (engine))
    return FALSE;
  for (;;)
    {
      int victim = -1;

      for (int i = 0; i < engine->n_corp_order && victim < 0; i++)
        {
          int c = engine->corp_order[i];

          if (!engine->corps[c].closed && !(done & (1u << c)) &&
              kol_market_cell_has_flag (engine, kol_market_corp_cell (engine, c), KOL_CELL_CLOSE))
            victim = c;
        }
      if (victim < 0)
        return closed_any;
      done |= 1u << victim;
      kol_operating_close_corporation (engine, victim);
      closed_any = TRUE;
    }
}
