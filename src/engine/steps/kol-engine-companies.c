/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-companies.h"
#include "kol-engine-consent.h"
#include "kol-engine-log.h"
#include "kol-engine-shares.h"
#include "kol-engine-token.h"
#include "kol-engine-trains.h"

#include <string.h>

/* ------------------------------------------------ the BuyCompany step */

/**
 * kol_company_price_range:
 * @min: (out): lowest price
 * @max: (out): highest price
 *
 * The prices @corp may pay for @company, through the title's hook.
 */
void
kol_company_price_range (KolEngine *engine,
                         int        corp,
                         int        company,
                         int       *min,
                         int       *max)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int value = engine->companies[company].value;

  *min = (value + 1) / 2;
  *max = value * 2;
  if (h && h->company_price_range)
    h->company_price_range (engine, corp, company, min, max);
}

static gboolean
company_purchasable (KolEngine *engine,
                     int        corp,
                     int        company)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  const KolCompany *c = &engine->companies[company];

  if (c->closed || c->owner.kind != KOL_ENTITY_PLAYER)
    return FALSE;
  return !(h && h->company_purchasable) || h->company_purchasable (engine, corp, company);
}

/**
 * kol_purchasable_companies:
 * @out: (out) (array): company indices
 *
 * Returns: how many companies players own that @corp may buy.
 */
int
kol_purchasable_companies (KolEngine *engine,
                           int        corp,
                           gint16    *out,
                           int        max)
{
  int n = 0;

  for (int i = 0; i < engine->n_companies && n < max; i++)
    if (company_purchasable (engine, corp, i))
      out[n++] = (gint16) i;
  return n;
}

/**
 * kol_step_buy_company_blocks:
 *
 * Returns: the step's blocks option.
 */
gboolean
kol_step_buy_company_blocks (KolEngine *engine,
                             KolStep   *s)
{
  return s->opt == KOL_BUY_COMPANY_BLOCKS;
}

/**
 * kol_step_buy_company_round_state:
 *
 * A new round: nothing sold yet.
 */
void
kol_step_buy_company_round_state (KolEngine *engine,
                                  KolStep   *s)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  st->just_sold_company = -1;
  for (int i = 0; i < KOL_MAX_COMPANIES; i++)
    st->company_sellers[i] = KOL_ENTITY_INIT_NONE;
}

/**
 * kol_step_buy_company_can_buy:
 *
 * Returns: whether the current corporation, in a phase that allows it (1849
 * §7.1: phases 6 to 10), can pay the lowest price of some company.
 */
gboolean
kol_step_buy_company_can_buy (KolEngine *engine,
                              KolStep   *s,
                              KolEntity  entity)
{
  gint16 list[KOL_MAX_COMPANIES];
  int corp = kol_operating_acting_corp (engine, entity);
  int n, lowest = G_MAXINT;

  if (corp < 0 || entity.kind != KOL_ENTITY_CORP || !kol_step_is_current (engine, s, entity) ||
      !kol_engine_phase_has_status (engine, "can_buy_companies"))
    return FALSE;
  n = kol_purchasable_companies (engine, corp, list, KOL_MAX_COMPANIES);
  for (int i = 0; i < n; i++)
    {
      int min, max;

      kol_company_price_range (engine, corp, list[i], &min, &max);
      lowest = MIN (lowest, min);
    }
  return n > 0 && lowest <= kol_operating_buying_power (engine, entity);
}

/**
 * kol_step_buy_company_actions:
 *
 * Returns: buy_company (with pass when the step blocks); a blocking step
 * offers pass alone to a corporation with usable abilities.
 */
guint32
kol_step_buy_company_actions (KolEngine *engine,
                              KolStep   *s,
                              KolEntity  entity)
{
  gboolean blocks = kol_step_buy_company_blocks (engine, s);

  if (kol_step_buy_company_can_buy (engine, s, entity))
    return KOL_ACTION_BIT (KOL_ACTION_BUY_COMPANY) | (blocks ? KOL_ACTION_BIT (KOL_ACTION_PASS) : 0);
  if (blocks && entity.kind == KOL_ENTITY_CORP && kol_operating_corp_has_abilities (engine, entity.index))
    return KOL_ACTION_BIT (KOL_ACTION_PASS);
  return 0;
}

static gboolean
refuse_company (KolEngine   *engine,
                GError     **error,
                int          company,
                KolReason    reason,
                int          min,
                int          max,
                const char  *message)
{
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_COMPANY, company),
    kol_arg_int (KOL_ARG_REASON, reason),
    kol_arg_int (KOL_ARG_MONEY, min),
    kol_arg_int (KOL_ARG_MONEY, max),
  };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 4, "cannot buy %s: %s",
                          company >= 0 ? engine->title->companies[company].id : "?", message);
}

static void
log_company_buy (KolEngine *engine,
                 int        corp,
                 int        company,
                 KolEntity  owner,
                 int        price)
{
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_CORP, corp),
    kol_arg_int (KOL_ARG_COMPANY, company),
    kol_arg_entity (owner),
    kol_arg_int (KOL_ARG_MONEY, price),
  };

  if (owner.kind == KOL_ENTITY_NONE)
    {
      args[2] = args[3];
      kol_engine_log (engine, KOL_LOG_BUYS_COMPANY_MARKET, args, 3);
    }
  else
    kol_engine_log (engine, KOL_LOG_BUYS_COMPANY, args, 4);
}

/**
 * kol_step_buy_company_buy:
 *
 * The company must be a player's (1849 §10.2: never bought from a
 * corporation), the price within its range; the buyer pays the owner.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_company_buy (KolEngine  *engine,
                          KolStep    *s,
                          int         corp,
                          int         company,
                          int         price,
                          int         spender,
                          GError    **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);
  KolEntity owner, payer;
  int min, max;

  if (company < 0 || company >= engine->n_companies)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such company");
  if (!company_purchasable (engine, corp, company))
    return refuse_company (engine, error, company, KOL_REASON_COMPANY_NOT_BUYABLE, 0, 0,
                           "not for sale to this corporation");
  kol_company_price_range (engine, corp, company, &min, &max);
  if (price < min || price > max)
    return refuse_company (engine, error, company, KOL_REASON_COMPANY_PRICE, min, max,
                           "price outside the allowed range");
  payer = kol_entity (KOL_ENTITY_CORP, spender >= 0 ? spender : corp);
  if (kol_engine_cash (engine, payer) < price)
    {
      KolArg args[3] = {
        kol_arg_entity (payer),
        kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, payer)),
        kol_arg_int (KOL_ARG_MONEY, price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s cannot pay %d",
                              kol_engine_entity_name (engine, payer), price);
    }

  owner = engine->companies[company].owner;
  kol_engine_move_company (engine, company, kol_entity (KOL_ENTITY_CORP, corp));
  st->just_sold_company = (gint16) company;
  st->company_sellers[company] = owner;
  kol_engine_transfer (engine, payer, owner.kind == KOL_ENTITY_NONE ? kol_entity (KOL_ENTITY_BANK, 0) : owner, price);
  if (h && h->company_bought)
    h->company_bought (engine, company, corp);
  log_company_buy (engine, corp, company, owner, price);
  return TRUE;
}

/**
 * kol_step_buy_company_process:
 *
 * Dispatches buy_company and pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_company_process (KolEngine        *engine,
                              KolStep          *s,
                              const KolAction  *a,
                              GError          **error)
{
  int corp = kol_operating_acting_corp (engine, a->entity);

  switch (a->type)
    {
    case KOL_ACTION_BUY_COMPANY:
      if (corp < 0)
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only corporations buy");
      /* the player must agree to the sale (1849 7.1, 10.2) */
      if (a->company >= 0 && a->company < engine->n_companies &&
          kol_consent_needed (engine, a->entity, engine->companies[a->company].owner))
        return kol_consent_offer (engine, s, a, engine->companies[a->company].owner, error);
      return kol_step_buy_company_buy (engine, s, corp, a->company, a->price, -1, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a company action");
    }
}

static void
add_company_buy (KolEngine *engine,
                 GPtrArray *out,
                 KolEntity  entity,
                 int        company,
                 int        price,
                 int        max_price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_COMPANY, entity);

  a->company = (gint16) company;
  a->price = price;
  if (kol_consent_listable (engine, a, engine->companies[company].owner, max_price))
    g_ptr_array_add (out, a);
  else
    kol_action_free (a);
}

/**
 * kol_step_buy_company_legal_actions:
 *
 * Appends purchases at the lowest and highest price of each range, and the
 * pass when offered.
 */
void
kol_step_buy_company_legal_actions (KolEngine *engine,
                                    KolStep   *s,
                                    KolEntity  entity,
                                    GPtrArray *out)
{
  guint32 actions = kol_step_buy_company_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_COMPANY))
    {
      KolCompanyOffer offers[KOL_MAX_COMPANIES];
      int n = kol_buyable_company_offers (engine, entity, offers, G_N_ELEMENTS (offers));

      for (int i = 0; i < n; i++)
        {
          add_company_buy (engine, out, entity, offers[i].company, offers[i].min_price, offers[i].max_price);
          if (offers[i].max_price != offers[i].min_price)
            add_company_buy (engine, out, entity, offers[i].company, offers[i].max_price, offers[i].max_price);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_step_buy_company = {
  .name = "Buy Companies",
  .actions = kol_step_buy_company_actions,
  .blocks = kol_step_buy_company_blocks,
  .process = kol_step_buy_company_process,
  .round_state = kol_step_buy_company_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_buy_company_legal_actions,
};

/**
 * kol_buyable_company_offers:
 * @out: (out) (array): companies with price ranges
 *
 * Returns: the companies @entity's corporation may buy now.
 */
int
kol_buyable_company_offers (KolEngine       *engine,
                            KolEntity        entity,
                            KolCompanyOffer *out,
                            int              max)
{
  gint16 list[KOL_MAX_COMPANIES];
  int corp = kol_operating_acting_corp (engine, entity);
  int power, n_list, n = 0;

  if (corp < 0 || kol_round_step_for (engine, entity, KOL_ACTION_BUY_COMPANY) == NULL)
    return 0;
  power = kol_operating_buying_power (engine, entity);
  n_list = kol_purchasable_companies (engine, corp, list, KOL_MAX_COMPANIES);
  for (int i = 0; i < n_list && n < max; i++)
    {
      int min, max_price;

      kol_company_price_range (engine, corp, list[i], &min, &max_price);
      max_price = MIN (max_price, power);
      if (min <= max_price)
        out[n++] = (KolCompanyOffer) { list[i], engine->companies[list[i]].owner, min, max_price };
    }
  return n;
}

/* -------------------------------------------------- the Bankrupt step */

static int
sellable_value (KolEngine *engine,
                KolStep   *buy_train,
                int        player)
{
  KolBundle bundles[64];
  int n, value = 0;

  if (buy_train == NULL)
    return 0;
  n = kol_ebuy_sellable_bundles (engine, buy_train, player, bundles, G_N_ELEMENTS (bundles));
  for (int c = 0; c < engine->n_corps; c++)
    {
      int best = 0;

      for (int i = 0; i < n; i++)
        if (bundles[i].corp == c)
          {
            int price = kol_bundle_price (engine, &bundles[i]);

            best = MAX (best, price);
          }
      value += best;
    }
  return value;
}

/**
 * kol_default_can_go_bankrupt:
 *
 * Returns: whether @player may go bankrupt: the player's cash, the best sellable
 * bundle of each corporation and the corporation's cash together are less
 * than the cheapest depot train.
 */
gboolean
kol_default_can_go_bankrupt (KolEngine *engine,
                             int        player,
                             int        corp)
{
  int power = engine->players[player].cash + sellable_value (engine, kol_round_buy_train_step (engine), player);

  if (corp >= 0)
    power += engine->corps[corp].cash;
  return power < kol_depot_min_depot_price (engine);
}

/**
 * kol_operating_can_go_bankrupt:
 *
 * Returns: whether @player may go bankrupt, through the title's hook.
 */
gboolean
kol_operating_can_go_bankrupt (KolEngine *engine,
                               int        player,
                               int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->can_go_bankrupt)
    return h->can_go_bankrupt (engine, player, corp);
  return kol_default_can_go_bankrupt (engine, player, corp);
}

/**
 * kol_step_bankrupt_actions:
 *
 * Returns: bankrupt for the current corporation.
 */
guint32
kol_step_bankrupt_actions (KolEngine *engine,
                           KolStep   *s,
                           KolEntity  entity)
{
  if (!kol_step_is_current (engine, s, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BANKRUPT);
}

static gboolean
never_blocks (KolEngine *engine,
              KolStep   *s)
{
  return FALSE;
}

static void
sell_bankrupt_shares (KolEngine *engine,
                      KolStep   *buy_train,
                      int        player)
{
  KolArg args[1] = { kol_arg_int (KOL_ARG_PLAYER, player) };

  kol_engine_log (engine, KOL_LOG_BANKRUPT_SELLS, args, 1);
  for (int guard = 0; buy_train != NULL && guard < KOL_MAX_CERTS; guard++)
    {
      KolBundle bundles[64];
      int n = kol_ebuy_sellable_bundles (engine, buy_train, player, bundles, G_N_ELEMENTS (bundles));
      int best = -1;

      for (int i = 0; i < n; i++)
        if (best < 0 || kol_bundle_price (engine, &bundles[i]) > kol_bundle_price (engine, &bundles[best]))
          best = i;
      if (best < 0)
        break;
      kol_shares_sell_and_change_price (engine, &bundles[best], TRUE, -1);
    }
}

/**
 * kol_step_bankrupt_process:
 *
 * Allowed only when no train can be paid for;
 * the president sells what can be sold, loses the rest of the cash and is
 * bankrupt. (1849 replaces this step.)
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_bankrupt_process (KolEngine        *engine,
                           KolStep          *s,
                           const KolAction  *a,
                           GError          **error)
{
  int corp = kol_operating_acting_corp (engine, a->entity);
  int player = corp >= 0 ? kol_entity_player (engine, a->entity) : -1;

  if (a->type != KOL_ACTION_BANKRUPT || corp < 0 || player < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no president to go bankrupt");
  if (!kol_operating_can_go_bankrupt (engine, player, corp))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_CANNOT_GO_BANKRUPT) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                              "cannot go bankrupt: enough money can still be raised");
    }
  sell_bankrupt_shares (engine, kol_round_buy_train_step (engine), player);
  if (kol_round_is_operating (engine))
    kol_round_operating_recalculate_order (engine);
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_PLAYER, player), kol_entity (KOL_ENTITY_BANK, 0),
                     engine->players[player].cash);
  engine->players[player].bankrupt = TRUE;
  return TRUE;
}

/**
 * kol_step_bankrupt_legal_actions:
 *
 * Appends bankrupt when the president may go bankrupt now.
 */
void
kol_step_bankrupt_legal_actions (KolEngine *engine,
                                 KolStep   *s,
                                 KolEntity  entity,
                                 GPtrArray *out)
{
  int corp = kol_operating_acting_corp (engine, entity);
  int player = kol_entity_player (engine, entity);

  if (kol_step_bankrupt_actions (engine, s, entity) == 0 || corp < 0 || player < 0)
    return;
  if (kol_operating_can_go_bankrupt (engine, player, corp))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_BANKRUPT, entity));
}

const KolStepClass kol_step_bankrupt = {
  .name = "Bankrupt",
  .actions = kol_step_bankrupt_actions,
  .blocks = never_blocks,
  .process = kol_step_bankrupt_process,
  .legal_actions = kol_step_bankrupt_legal_actions,
};
