/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The waterfall auction of 1849's initial stock round (§8): the cheapest company left is bought at its price,
 * the others are bid on; bids are resolved in order as the companies before
 * them are sold, several bids on one starting an auction; when everyone
 * passes the cheapest company gets cheaper (or, once it is sold, the
 * companies pay out as in an operating round). It is its own file because
 * it is one auction kind with rules of its own, beside the selection
 * auction (kol-engine-auction-selection.c); both keep their bids in the
 * KolAuctioneer of kol-engine-auction.c. */
#include "kol-engine-auction-private.h"
#include "kol-engine-operating.h"
#include "kol-engine-log.h"

/* -------------------------------------------------- the waterfall auction */

static KolAuctioneer *
wf (KolEngine *engine)
{
  return &KOL_AUCTION_STATE (engine)->auction;
}

/**
 * kol_step_waterfall_auction_auctioning:
 *
 * Returns: the company being auctioned (more than one bid on @auctioning),
 * or -1.
 */
int
kol_step_waterfall_auction_auctioning (KolEngine *engine,
                                       KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  if (a->auctioning.kind != KOL_ENTITY_COMPANY || kol_auctioneer_n_bids (a, a->auctioning) <= 1)
    return -1;
  return a->auctioning.index;
}

/**
 * kol_step_waterfall_auction_may_purchase:
 *
 * Returns: %TRUE if @company is the cheapest left and no auction runs: it is
 * bought at its price.
 */
gboolean
kol_step_waterfall_auction_may_purchase (KolEngine *engine,
                                         KolStep   *s,
                                         int        company)
{
  KolAuctioneer *a = wf (engine);

  if (kol_step_waterfall_auction_auctioning (engine, s) >= 0)
    return FALSE;
  return a->n_companies > 0 && a->companies[0] == company;
}

/**
 * kol_step_waterfall_auction_min_bid:
 *
 * Returns: the company's price if it may be purchased, else the highest bid
 * (or the price) plus the increment.
 */
int
kol_step_waterfall_auction_min_bid (KolEngine *engine,
                                    KolStep   *s,
                                    int        company)
{
  const KolBid *high;

  if (kol_step_waterfall_auction_may_purchase (engine, s, company))
    return kol_company_min_bid (engine, company);
  high = kol_auctioneer_highest (wf (engine), _kol_auction_company_entity (company));
  return (high ? high->price : kol_company_min_bid (engine, company)) + kol_auction_min_increment (engine);
}

/**
 * kol_step_waterfall_auction_max_bid:
 *
 * Returns: cash not committed to other bids.
 */
int
kol_step_waterfall_auction_max_bid (KolEngine *engine,
                                    KolStep   *s,
                                    int        player,
                                    int        company)
{
  KolEntity p = kol_entity (KOL_ENTITY_PLAYER, player);

  return engine->players[player].cash - kol_auctioneer_committed (wf (engine), p) +
         kol_auctioneer_current_bid (wf (engine), p, _kol_auction_company_entity (company));
}

/**
 * kol_step_waterfall_auction_active_entities:
 *
 * Returns: during an auction the lowest bidder, else the round's player.
 */
int
kol_step_waterfall_auction_active_entities (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity *out,
                                            int        max)
{
  int company = kol_step_waterfall_auction_auctioning (engine, s);

  if (max < 1)
    return 0;
  if (company >= 0)
    {
      out[0] = kol_auctioneer_lowest (wf (engine), _kol_auction_company_entity (company))->bidder;
      return 1;
    }
  if (engine->round.n_entities == 0)
    return 0;
  out[0] = engine->round.entities[engine->round.entity_index];
  return 1;
}

/**
 * kol_step_waterfall_auction_actions:
 *
 * Returns: bid and pass for the acting player while companies are left.
 */
guint32
kol_step_waterfall_auction_actions (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  entity)
{
  if (wf (engine)->n_companies == 0 || !kol_entity_same (entity, kol_step_current_entity (engine, s)))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* @player buys @company for @price, paid from the cash not set aside for
 * other bids; the company leaves the list for sale. */
static gboolean
wf_buy_company (KolEngine  *engine,
                KolStep    *s,
                KolEntity   player,
                int         company,
                int         price,
                GError    **error)
{
  KolAuctioneer *a = wf (engine);
  int available = kol_step_waterfall_auction_max_bid (engine, s, player.index, company);
  int n_bidders = 0;
  int kind;

  if (available < price)
    {
      KolArg args[3] = {
        kol_arg_entity (player), kol_arg_int (KOL_ARG_MONEY, available),
        kol_arg_int (KOL_ARG_MONEY, price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3,
                              "%s has %d available and cannot spend %d",
                              kol_engine_entity_name (engine, player), available, price);
    }
  kol_engine_move_company (engine, company, player);
  if (price > 0)
    kol_engine_transfer (engine, player, kol_entity (KOL_ENTITY_BANK, 0), price);
  _kol_auction_drop_company (a, company);
  for (guint32 bits = a->bidders[company]; bits; bits &= bits - 1)
    n_bidders++;
  kind = n_bidders == 0 ? KOL_LOG_BUYS_COMPANY_FOR
       : n_bidders == 1 ? KOL_LOG_WINS_AUCTION_ONLY_BID : KOL_LOG_WINS_AUCTION;
  _kol_auction_log_company_price (engine, kind, player, company, price);
  kol_auction_after_buy_company (engine, player.index, company, price);
  return TRUE;
}

/* The company comes up: sold to its one bidder, or, when it is the next for
 * sale, auctioned among its several bidders (1849 §8); returns whether it
 * was sold. */
static gboolean
wf_resolve_company (KolEngine *engine,
                    KolStep   *s,
                    int        company)
{
  KolAuctioneer *a = wf (engine);
  KolEntity target = _kol_auction_company_entity (company);
  gboolean is_new = !kol_entity_equal (a->auctioning, target);
  int idx[KOL_AUCTION_MAX_BIDS];
  int n = kol_auctioneer_bids_on (a, target, idx, KOL_AUCTION_MAX_BIDS);

  a->auctioning = KOL_ENTITY_INIT_NONE;
  if (n == 1)
    {
      KolBid bid = a->bids[idx[0]];

      kol_auctioneer_clear_target (a, target);
      /* the bid's cash was set aside, so the purchase cannot fail */
      wf_buy_company (engine, s, bid.bidder, company, bid.price, NULL);
      return TRUE;
    }
  if (n > 1 && a->n_companies > 0 && a->companies[0] == company)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_COMPANY, company) };

      a->auctioning = target;
      if (is_new)
        kol_engine_log (engine, KOL_LOG_GOES_UP_FOR_AUCTION, args, 1);
    }
  return FALSE;
}

/* Companies with one bid are sold in order until one with no bid, or
 * several (an auction), comes up. */
static void
wf_resolve_bids (KolEngine *engine,
                 KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  while (a->n_companies > 0)
    if (!wf_resolve_company (engine, s, a->companies[0]))
      break;
}

/* A bid on a company: at least the increment over its price and over every
 * bid on it (1849 §8: L.5), within the cash not set aside. */
static gboolean
wf_add_bid (KolEngine  *engine,
            KolStep    *s,
            KolEntity   player,
            int         company,
            int         price,
            GError    **error)
{
  KolAuctioneer *a = wf (engine);
  KolBid bid = { _kol_auction_company_entity (company), player, price };

  if (!kol_auction_check_bid (engine, player, price, kol_step_waterfall_auction_min_bid (engine, s, company),
                              kol_step_waterfall_auction_max_bid (engine, s, player.index, company),
                              error))
    return FALSE;
  kol_auctioneer_put (a, &bid);
  a->bidders[company] |= 1u << player.index;
  _kol_auction_log_company_price (engine, KOL_LOG_BIDS, player, company, price);
  return TRUE;
}

/* Everyone passed: the cheapest company, if unsold, gets L.5 cheaper (and is
 * given away at 0); else the companies bought pay their revenue (1849 §8). */
static void
wf_all_passed (KolEngine *engine,
               KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  if (a->cheapest >= 0 && _kol_auction_find_company (a, a->cheapest) >= 0)
    {
      int company = a->cheapest;

      const KolStockHooks *h = kol_stock_hooks (engine);
      int step = h && h->unsold_discount > 0 ? h->unsold_discount : 5;

      if (_kol_auction_discount_company (engine, company, step) <= 0)
        {
          kol_round_next_entity_index (engine);
          wf_buy_company (engine, s, kol_step_current_entity (engine, s), company, 0, NULL);
          wf_resolve_bids (engine, s);
        }
    }
  else
    kol_operating_payout_companies (engine);
  _kol_auction_unpass_round_entities (engine);
}

static gboolean
wf_process_pass (KolEngine       *engine,
                 KolStep         *s,
                 const KolAction *a)
{
  int company = kol_step_waterfall_auction_auctioning (engine, s);
  KolArg args[2] = { kol_arg_entity (a->entity) };

  if (company >= 0)
    {
      args[1] = kol_arg_int (KOL_ARG_COMPANY, company);
      kol_engine_log (engine, KOL_LOG_PASSES_ON, args, 2);
      kol_auctioneer_remove_bidder (wf (engine), _kol_auction_company_entity (company), a->entity);
      wf_resolve_bids (engine, s);
      return TRUE;
    }
  kol_engine_log (engine, KOL_LOG_PASSES_BIDDING, args, 1);
  kol_entity_set_passed (engine, a->entity, TRUE);
  if (_kol_auction_all_round_entities_passed (engine))
    wf_all_passed (engine, s);
  kol_round_next_entity_index (engine);
  return TRUE;
}

static gboolean
wf_process_bid (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  KolAuctioneer *au = wf (engine);
  int company = a->company;
  int auctioning = kol_step_waterfall_auction_auctioning (engine, s);

  if (company < 0 || _kol_auction_find_company (au, company) < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0,
                            "that company is not for sale");
  if (auctioning >= 0 && company != auctioning)
    {
      KolArg args[2] = {
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_BID_AUCTION_ONLY),
        kol_arg_int (KOL_ARG_COMPANY, auctioning),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                              "only %s takes bids now", engine->title->companies[auctioning].id);
    }
  kol_entity_set_passed (engine, a->entity, FALSE);
  if (auctioning >= 0)
    return wf_add_bid (engine, s, a->entity, company, a->price, error);

  if (kol_step_waterfall_auction_may_purchase (engine, s, company))
    {
      /* placement_bid of the cheapest company: a purchase at its price */
      if (a->price != kol_company_min_bid (engine, company))
        {
          KolArg args[2] = {
            kol_arg_int (KOL_ARG_REASON, KOL_REASON_BID_MUST_PAY_PRICE),
            kol_arg_int (KOL_ARG_MONEY, kol_company_min_bid (engine, company)),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                                  "%s is bought for exactly %d", engine->title->companies[company].id,
                                  kol_company_min_bid (engine, company));
        }
      engine->round.last_to_act = a->entity;
      au->auction_triggerer = a->entity;
      if (!wf_buy_company (engine, s, a->entity, company, a->price, error))
        return FALSE;
      wf_resolve_bids (engine, s);
    }
  else if (!wf_add_bid (engine, s, a->entity, company, a->price, error))
    return FALSE;
  kol_round_next_entity_index (engine);
  return TRUE;
}

/**
 * kol_step_waterfall_auction_process:
 *
 * A bid, a purchase at the price, or a pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_waterfall_auction_process (KolEngine        *engine,
                                    KolStep          *s,
                                    const KolAction  *a,
                                    GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_PLAYER)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only players bid");
  if (a->type == KOL_ACTION_PASS)
    return wf_process_pass (engine, s, a);
  if (a->type == KOL_ACTION_BID)
    return wf_process_bid (engine, s, a, error);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
}

static int
cmp_company_value (gconstpointer a,
                   gconstpointer b,
                   gpointer      data)
{
  KolEngine *engine = data;
  int x = *(const gint16 *) a, y = *(const gint16 *) b;

  if (engine->companies[x].value != engine->companies[y].value)
    return engine->companies[x].value < engine->companies[y].value ? -1 : 1;
  return x - y;
}

/**
 * kol_step_waterfall_auction_setup:
 *
 * The companies by value; the cheapest is remembered.
 */
void
kol_step_waterfall_auction_setup (KolEngine *engine,
                                  KolStep   *s)
{
  KolAuctioneer *a = wf (engine);

  kol_auctioneer_init (a);
  a->n_companies = _kol_auction_initial_auction_companies (engine, a->companies);
  g_qsort_with_data (a->companies, a->n_companies, sizeof a->companies[0], cmp_company_value, engine);
  a->cheapest = a->n_companies > 0 ? a->companies[0] : -1;
}

/**
 * kol_step_waterfall_auction_round_state:
 *
 * companies_pending_par: none.
 */
void
kol_step_waterfall_auction_round_state (KolEngine *engine,
                                        KolStep   *s)
{
  KOL_AUCTION_STATE (engine)->n_pending_par = 0;
}

/**
 * kol_step_waterfall_auction_legal_actions:
 *
 * Appends the legal bids of @entity (the cheapest company at its price, a
 * bid on another one from the minimum up to what is not set aside: the
 * minimum, a few steps and the maximum when it is near) and the pass.
 */
void
kol_step_waterfall_auction_legal_actions (KolEngine *engine,
                                          KolStep   *s,
                                          KolEntity  entity,
                                          GPtrArray *out)
{
  KolBidOption options[KOL_MAX_COMPANIES];
  int n;

  if (kol_step_actions (engine, s, entity) == 0)
    return;
  n = kol_auction_bid_options (engine, entity, options, G_N_ELEMENTS (options));
  for (int i = 0; i < n; i++)
    {
      int step = MAX (options[i].step, 1);
      int prices[4] = { options[i].min, options[i].min + step, options[i].min + step * 4,
                        options[i].max <= options[i].min + step * 10 ? options[i].max : -1 };

      for (int k = 0; k < 4; k++)
        {
          KolAction *a;
          gboolean dup = FALSE;

          for (int j = 0; j < k; j++)
            dup = dup || prices[j] == prices[k];
          if (prices[k] < options[i].min || prices[k] > options[i].max || dup)
            continue;
          a = kol_action_new (KOL_ACTION_BID, entity);
          a->company = options[i].company;
          a->price = prices[k];
          g_ptr_array_add (out, a);
          if (options[i].purchase)
            break;
        }
    }
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_step_waterfall_auction = {
  .name = "Bid on Companies",
  .actions = kol_step_waterfall_auction_actions,
  .active_entities = kol_step_waterfall_auction_active_entities,
  .process = kol_step_waterfall_auction_process,
  .setup = kol_step_waterfall_auction_setup,
  .round_state = kol_step_waterfall_auction_round_state,
  .legal_actions = kol_step_waterfall_auction_legal_actions,
};

int
_kol_auction_waterfall_bid_options (KolEngine    *engine,
                                    KolStep      *s,
                                    KolEntity     entity,
                                    KolBidOption *out,
                                    int           max)
{
  KolAuctioneer *a = wf (engine);
  int auctioning = kol_step_waterfall_auction_auctioning (engine, s), n = 0;

  for (int i = 0; i < a->n_companies && n < max; i++)
    {
      int c = a->companies[i];
      int min = kol_step_waterfall_auction_min_bid (engine, s, c);
      int top = kol_step_waterfall_auction_max_bid (engine, s, entity.index, c);
      gboolean purchase = kol_step_waterfall_auction_may_purchase (engine, s, c);

      if ((auctioning >= 0 && c != auctioning) || top < min)
        continue;
      out[n].company = (gint16) c;
      out[n].purchase = purchase;
      out[n].min = min;
      out[n].max = purchase ? min : top;
      out[n].step = purchase ? 0 : kol_auction_min_increment (engine);
      n++;
    }
  return n;
}
