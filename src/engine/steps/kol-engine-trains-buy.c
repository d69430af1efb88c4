/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The BuyTrain step (1849 §10.6, §10.7; 1840 VIII.5.3): which trains a
 * corporation may buy from the depot and from other corporations, at what
 * price, with the president's contribution when it must buy; the processing
 * of a purchase, the step's legal actions and refusals, and the offers the
 * UI lists. It is its own file because it is the step, where
 * kol-engine-trains.c is the trains and the depot the step acts on; the
 * president's emergency share sales are in kol-engine-trains-emergency.c. */
#include "kol-engine-trains-private.h"
#include "kol-engine-consent.h"
#include "kol-engine-log.h"

#include <string.h>

/* -------------------------------------------------- the BuyTrain step */

/**
 * kol_step_buy_train_data:
 *
 * Returns: the BuyTrain step's data.
 */
KolBuyTrainData *
kol_step_buy_train_data (KolStep *s)
{
  return (KolBuyTrainData *) (void *) s->data;
}

KolEntity
_kol_trains_current_corp (KolEngine *engine,
                          KolStep   *s)
{
  return kol_step_current_entity (engine, s);
}

/**
 * kol_step_buy_train_setup:
 *
 * A new turn: no emergency sales yet.
 */
void
kol_step_buy_train_setup (KolEngine *engine,
                          KolStep   *s)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);

  memset (d, 0, sizeof *d);
  d->last_share_sold_price = -1;
  d->last_share_issued_price = -1;
}

/**
 * kol_step_buy_train_pass:
 *
 * The step is done: forgets the emergency sale prices.
 */
void
kol_step_buy_train_pass (KolEngine *engine,
                         KolStep   *s)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);

  d->last_share_sold_price = -1;
  d->last_share_issued_price = -1;
  s->passed = TRUE;
}

/**
 * kol_step_buy_train_room:
 *
 * Returns: whether @corp has fewer trains than the limit.
 */
gboolean
kol_step_buy_train_room (KolEngine *engine,
                         int        corp)
{
  return kol_num_corp_trains (engine, corp) < kol_operating_train_limit (engine, corp);
}

static gboolean
room (KolEngine *engine,
      KolStep   *s,
      int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->buy_train_room)
    return h->buy_train_room (engine, s, corp);
  return kol_step_buy_train_room (engine, corp);
}

static gboolean
can_buy (KolEngine *engine,
         KolStep   *s,
         int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->can_buy_train)
    return h->can_buy_train (engine, s, corp);
  return kol_step_buy_train_can_buy (engine, s, corp);
}

/**
 * kol_step_buy_train_can_buy:
 *
 * Returns: whether @corp may buy a train: room for one and money for the
 * cheapest available one.
 */
gboolean
kol_step_buy_train_can_buy (KolEngine *engine,
                            KolStep   *s,
                            int        corp)
{
  int min = kol_depot_min_price (engine, corp);

  return room (engine, s, corp) && min >= 0 &&
         kol_operating_buying_power (engine, kol_entity (KOL_ENTITY_CORP, corp)) >= min;
}

/**
 * kol_step_buy_train_president_may_contribute:
 *
 * Returns: whether the president may add money: only when the corporation
 * must buy a train (1849 §10.7).
 */
gboolean
kol_step_buy_train_president_may_contribute (KolEngine *engine,
                                             KolStep   *s,
                                             int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->step_must_buy_train)
    return h->step_must_buy_train (engine, s, corp);
  return kol_operating_must_buy_train (engine, corp);
}

static int
ebuy_from_others (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->ebuy_from_others : KOL_EBUY_FROM_OTHERS_VALUE;
}

gboolean
_kol_trains_depot_must_be_cheapest (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->ebuy_depot_train_any);
}

/**
 * kol_step_buy_train_spend_minmax:
 * @min: (out): lowest price
 * @max: (out): highest price
 *
 * What @corp may pay for another corporation's
 * @train (with the president's money when it cannot pay the train's price).
 */
void
kol_step_buy_train_spend_minmax (KolEngine *engine,
                                 KolStep   *s,
                                 int        corp,
                                 int        train,
                                 int       *min,
                                 int       *max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  int power = kol_operating_buying_power (engine, e);
  int price = kol_engine_train_price (engine, train);
  int rule = ebuy_from_others (engine);

  if (rule != KOL_EBUY_FROM_OTHERS_NEVER && power < price)
    {
      int max_possible = power + kol_engine_cash (engine, engine->corps[corp].owner);

      *min = d->last_share_sold_price >= 0 ? max_possible - d->last_share_sold_price + 1 : 1;
      *max = rule == KOL_EBUY_FROM_OTHERS_VALUE ? MIN (price, max_possible) : max_possible;
      return;
    }
  *min = 1;
  *max = power;
}

static gboolean
train_buyable_by_title (KolEngine *engine,
                        int        corp,
                        int        train)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->train_buyable) || h->train_buyable (engine, corp, train);
}

/**
 * kol_step_buy_train_buyable_trains:
 * @out: (out) (array): trains
 *
 * The depot's trains (only the cheapest when the
 * corporation cannot pay for it and the title says so), then other
 * corporations' trains (within what an emergency allows).
 *
 * Returns: how many trains @corp may buy.
 */
int
kol_step_buy_train_buyable_trains (KolEngine *engine,
                                   KolStep   *s,
                                   int        corp,
                                   gint16    *out,
                                   int        max)
{
  KolBuyTrainData *d = kol_step_buy_train_data (s);
  gint16 depot[KOL_MAX_DEPOT_TRAINS], others[KOL_MAX_TRAINS];
  int n_depot = kol_depot_trains (engine, depot, KOL_MAX_DEPOT_TRAINS);
  int n_others = kol_depot_other_trains (engine, corp, others, KOL_MAX_TRAINS);
  int cash = engine->corps[corp].cash;
  int rule = ebuy_from_others (engine);
  int n = 0;

  if (cash < kol_depot_min_depot_price (engine))
    {
      if (_kol_trains_depot_must_be_cheapest (engine))
        {
          int cheapest = kol_depot_min_depot_train (engine);

          n_depot = cheapest >= 0 ? 1 : 0;
          depot[0] = (gint16) cheapest;
        }
      if (d->last_share_sold_price >= 0)
        {
          int k = 0;

          for (int i = 0; rule != KOL_EBUY_FROM_OTHERS_NEVER && i < n_others; i++)
            {
              int min, max_price;

              kol_step_buy_train_spend_minmax (engine, s, corp, others[i], &min, &max_price);
              if (kol_engine_train_price (engine, others[i]) >= min)
                others[k++] = others[i];
            }
          n_others = k;
        }
    }
  if (cash == 0 && rule == KOL_EBUY_FROM_OTHERS_NEVER)
    n_others = 0;
  for (int i = 0; i < n_depot && n < max; i++)
    if (train_buyable_by_title (engine, corp, depot[i]))
      out[n++] = depot[i];
  for (int i = 0; i < n_others && n < max; i++)
    if (train_buyable_by_title (engine, corp, others[i]))
      out[n++] = others[i];
  return n;
}

static gboolean
can_ebuy_sell_shares (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->ebuy_cannot_sell_shares);
}

/**
 * kol_step_buy_train_actions:
 *
 * Returns: the actions of the step: the president may sell shares for a
 * forced purchase; the corporation buys (and may pass unless it must buy).
 */
guint32
kol_step_buy_train_actions (KolEngine *engine,
                            KolStep   *s,
                            KolEntity  entity)
{
  KolEntity cur = _kol_trains_current_corp (engine, s);

  if (cur.kind != KOL_ENTITY_CORP)
    return 0;
  if (entity.kind == KOL_ENTITY_PLAYER && kol_entity_equal (entity, engine->corps[cur.index].owner) &&
      can_ebuy_sell_shares (engine))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (!kol_entity_equal (entity, cur))
    return 0;
  if (kol_step_buy_train_president_may_contribute (engine, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES) | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN);
  if (can_buy (engine, s, cur.index))
    return KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  return 0;
}

static gboolean
variant_buyable (KolEngine *engine,
                 int        corp,
                 int        train,
                 int        variant)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return !(h && h->train_variant_buyable) || h->train_variant_buyable (engine, corp, train, variant);
}

gboolean
_kol_trains_listed (const gint16 *list,
                    int           n,
                    int           train)
{
  for (int i = 0; i < n; i++)
    if (list[i] == train)
      return TRUE;
  return FALSE;
}

gboolean
_kol_trains_refuse_train (KolEngine   *engine,
                          GError     **error,
                          int          train,
                          KolReason    reason,
                          const char  *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_TRAIN, train), kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 2, "cannot buy train %s: %s",
                          train >= 0 ? kol_engine_train_name (engine, train) : "?", message);
}

/* The check before a purchase: the variant and the train are on offer.
 * Measured before the variant is changed, so that a train bought as another
 * variant is judged by what was offered (as in recorded games). */
static gboolean
check_buyable (KolEngine  *engine,
               KolStep    *s,
               int         corp,
               int         train,
               int         variant,
               GError    **error)
{
  gint16 avail[KOL_MAX_TRAINS], buyable[KOL_MAX_TRAINS];
  int n_avail = kol_depot_available (engine, corp, avail, KOL_MAX_TRAINS);
  int n_buyable = kol_step_buy_train_buyable_trains (engine, s, corp, buyable, KOL_MAX_TRAINS);

  if (n_buyable == 0 || !variant_buyable (engine, corp, train, variant))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "variant not buyable");
  if (!_kol_trains_listed (avail, n_avail, train) && !_kol_trains_listed (buyable, n_buyable, train))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  if (!train_buyable_by_title (engine, corp, train))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_NOT_BUYABLE, "not a buyable train");
  return TRUE;
}

/* With the president's money only a variant of the cheapest depot train (at
 * its lowest price) may be bought (1849 §10.7 A). */
static gboolean
cheapest_ok (KolEngine *engine,
             int        train)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int cheapest = kol_depot_min_depot_train (engine);
  int min = G_MAXINT;

  if ((h && h->no_cheapest_train_check) || cheapest < 0 || !_kol_trains_depot_must_be_cheapest (engine))
    return TRUE;
  if (ebuy_from_others (engine) != KOL_EBUY_FROM_OTHERS_NEVER && !kol_train_from_depot (engine, train))
    return TRUE;
  for (int v = 0; v < _kol_trains_n_variants (engine, cheapest); v++)
    {
      int price = kol_train_variant_price (engine, cheapest, v);

      min = MIN (min, price);
    }
  for (int v = 0; v < _kol_trains_n_variants (engine, cheapest); v++)
    if (kol_train_variant_price (engine, cheapest, v) == min)
      {
        const KolTrainDef *def = _kol_trains_train_def (engine, cheapest);
        const char *name = def->n_variants > 0 ? def->variants[v].name : def->name;

        if (g_strcmp0 (name, kol_engine_train_name (engine, train)) == 0)
          return TRUE;
      }
  return FALSE;
}

static gboolean
check_cheapest (KolEngine  *engine,
                int         train,
                GError    **error)
{
  if (cheapest_ok (engine, train))
    return TRUE;
  return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_CHEAPEST, "a cheaper train is available");
}

/* The president borrows what a forced purchase still lacks, where the title
 * allows it (1840). */
static gboolean
try_take_player_loan (KolEngine  *engine,
                      KolStep    *s,
                      int         player,
                      int         cost,
                      GError    **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  int cash = engine->players[player].cash;

  if (cost <= 0 || cost <= cash || h == NULL || h->ebuy_player_loan == KOL_PLAYER_LOAN_NONE)
    return TRUE;
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_AFTER_SELL && _kol_trains_player_has_sellable_shares (engine, s, player))
    return _kol_trains_refuse_train (engine, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares must be sold first");
  if (h->ebuy_player_loan == KOL_PLAYER_LOAN_NO_SELL && kol_step_buy_train_data (s)->n_corps_sold > 0)
    return _kol_trains_refuse_train (engine, error, -1, KOL_REASON_LOAN_NEEDS_SALE, "shares were sold: no loan");
  if (h->take_player_loan)
    h->take_player_loan (engine, player, cost - cash);
  return TRUE;
}

static gboolean
president_contributes (KolEngine  *engine,
                       KolStep    *s,
                       int         corp,
                       int         train,
                       int         price,
                       int         remaining,
                       GError    **error)
{
  KolEntity owner = engine->corps[corp].owner;
  KolArg args[2];

  if (!check_cheapest (engine, train, error))
    return FALSE;
  if (price > kol_engine_train_price (engine, train) && kol_train_from_depot (engine, train))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_OVER_COST,
                                     "cannot buy for more than cost");
  if (owner.kind != KOL_ENTITY_PLAYER)
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_PRICE, "no president to contribute");
  if (!try_take_player_loan (engine, s, owner.index, remaining, error))
    return FALSE;
  if (engine->players[owner.index].cash < remaining)
    {
      KolArg cash_args[3] = {
        kol_arg_entity (owner),
        kol_arg_int (KOL_ARG_MONEY, engine->players[owner.index].cash),
        kol_arg_int (KOL_ARG_MONEY, remaining),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, cash_args, 3,
                              "%s cannot contribute %d", kol_engine_entity_name (engine, owner), remaining);
    }
  kol_engine_transfer (engine, owner, kol_entity (KOL_ENTITY_CORP, corp), remaining);
  args[0] = kol_arg_entity (owner);
  args[1] = kol_arg_int (KOL_ARG_MONEY, remaining);
  kol_engine_log (engine, KOL_LOG_CONTRIBUTES, args, 2);
  return TRUE;
}

static void
log_buy (KolEngine *engine,
         int        corp,
         int        train,
         int        price,
         KolEntity  source)
{
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_CORP, corp),
    kol_arg_string (kol_engine_train_name (engine, train)),
    kol_arg_int (KOL_ARG_MONEY, price),
    kol_arg_entity (source),
  };

  if (source.kind == KOL_ENTITY_POOL)
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN_DISCARD, args, 3);
  else if (source.kind == KOL_ENTITY_BANK)
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN_DEPOT, args, 3);
  else
    kol_engine_log (engine, KOL_LOG_BUYS_TRAIN, args, 4);
}

static gboolean
check_train_action (KolEngine        *engine,
                    const KolAction  *a,
                    int              *variant,
                    GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only corporations buy trains");
  if (a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  *variant = kol_train_variant_by_name (engine, a->train, a->variant);
  if (*variant < 0)
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_NOT_BUYABLE, "no such variant");
  if (a->price < 0)
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE, "negative price");
  return TRUE;
}

/**
 * kol_step_buy_train_action:
 * @pass_after: pass when no other train can be bought
 *
 * The train (and variant) must be on offer;
 * a depot train costs its price; with the president's help (must buy) only
 * the cheapest depot train; the president pays what the corporation lacks;
 * then the corporation buys and the phase reacts.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_action (KolEngine        *engine,
                           KolStep          *s,
                           const KolAction  *a,
                           gboolean          pass_after,
                           GError          **error)
{
  int corp = a->entity.index, train = a->train, variant, remaining;
  KolEntity source;

  if (!check_train_action (engine, a, &variant, error) ||
      !check_buyable (engine, s, corp, train, variant, error))
    return FALSE;
  if (kol_entity_equal (engine->trains[train].owner, a->entity))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_OWN,
                                     "a corporation cannot buy from itself");
  engine->trains[train].variant = (guint8) variant;
  /* a depot train costs its variant's price (18xx.games takes the price the
   * action states) */
  if (kol_train_from_depot (engine, train) && a->price != kol_engine_train_price (engine, train))
    return _kol_trains_refuse_train (engine, error, train, KOL_REASON_TRAIN_PRICE, "a depot train costs its price");

  remaining = a->price - kol_operating_buying_power (engine, a->entity);
  if (remaining > 0 && kol_step_buy_train_president_may_contribute (engine, s, corp) &&
      !president_contributes (engine, s, corp, train, a->price, remaining, error))
    return FALSE;
  if (engine->corps[corp].cash < a->price)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_CORP, corp),
        kol_arg_int (KOL_ARG_MONEY, engine->corps[corp].cash),
        kol_arg_int (KOL_ARG_MONEY, a->price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s has %d, needs %d",
                              engine->title->corps[corp].id, engine->corps[corp].cash, a->price);
    }

  source = engine->trains[train].owner;
  log_buy (engine, corp, train, a->price, source);
  kol_operating_buy_train (engine, corp, train, a->price);
  kol_phase_buying_train (engine, a->entity, train, source);
  if (pass_after && !can_buy (engine, s, corp))
    kol_step_pass (engine, s);
  return TRUE;
}

/* A train of another corporation for a price within kol_step_buy_train_spend_minmax(). */
static gboolean
check_spend (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  int min, max;

  if (engine->trains[a->train].owner.kind != KOL_ENTITY_CORP)
    return TRUE;
  kol_step_buy_train_spend_minmax (engine, s, a->entity.index, a->train, &min, &max);
  if (a->price >= min && a->price <= max)
    return TRUE;
  if (max == 0 && ebuy_from_others (engine) == KOL_EBUY_FROM_OTHERS_NEVER)
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE,
                                     "may not buy a train from another corporation");
  {
    KolArg args[4] = {
      kol_arg_int (KOL_ARG_TRAIN, a->train),
      kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_PRICE),
      kol_arg_int (KOL_ARG_MONEY, min),
      kol_arg_int (KOL_ARG_MONEY, max),
    };

    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 4,
                            "may only spend between %d and %d", min, max);
  }
}

/**
 * kol_step_buy_train_process_buy_train:
 *
 * A purchase: see kol-engine-trains.h.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_process_buy_train (KolEngine        *engine,
                                      KolStep          *s,
                                      const KolAction  *a,
                                      GError          **error)
{
  int variant;

  if (!check_train_action (engine, a, &variant, error) || !check_spend (engine, s, a, error))
    return FALSE;
  /* the selling corporation's president must agree (1849 10.6) */
  if (kol_consent_needed (engine, a->entity, engine->trains[a->train].owner))
    return kol_consent_offer (engine, s, a, engine->trains[a->train].owner, error);
  if (!kol_step_buy_train_action (engine, s, a, TRUE, error))
    return FALSE;
  if (!s->passed && !can_buy (engine, s, a->entity.index))
    kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_buy_train_process:
 *
 * Dispatches buy_train, sell_shares and pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_buy_train_process (KolEngine        *engine,
                            KolStep          *s,
                            const KolAction  *a,
                            GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      return kol_step_buy_train_process_buy_train (engine, s, a, error);
    case KOL_ACTION_SELL_SHARES:
      return kol_step_buy_train_process_sell_shares (engine, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a train action");
    }
}

/**
 * kol_step_buy_train_skip:
 *
 * The usual skip; a corporation at its train limit is logged as skipping
 * automatically.
 */
void
kol_step_buy_train_skip (KolEngine *engine,
                         KolStep   *s)
{
  KolEntity e = _kol_trains_current_corp (engine, s);

  if (!s->acted && e.kind == KOL_ENTITY_CORP)
    {
      if (kol_num_corp_trains (engine, e.index) < kol_operating_train_limit (engine, e.index))
        kol_step_log_skip (engine, s, e);
      else
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (engine, KOL_LOG_SKIPS_TRAINS_NO_ROOM, args, 1);
        }
    }
  kol_step_pass (engine, s);
}

static void
add_buy (GPtrArray           *out,
         KolEngine           *engine,
         KolEntity            entity,
         const KolTrainOffer *offer,
         int                  price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BUY_TRAIN, entity);
  const KolTrainDef *def = _kol_trains_train_def (engine, offer->train);

  a->train = offer->train;
  a->price = price;
  if (def->n_variants > 1)
    a->variant = g_strdup (def->variants[offer->variant].name);
  if (kol_consent_listable (engine, a, engine->trains[offer->train].owner, offer->max_price))
    g_ptr_array_add (out, a);
  else
    kol_action_free (a);
}

/**
 * kol_step_buy_train_legal_actions:
 *
 * Appends the purchases (the lowest and highest price of a range), the
 * president's emergency sales and the pass that are legal now.
 */
void
kol_step_buy_train_legal_actions (KolEngine *engine,
                                  KolStep   *s,
                                  KolEntity  entity,
                                  GPtrArray *out)
{
  guint32 actions = kol_step_buy_train_actions (engine, s, entity);

  if ((actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES)) && entity.kind == KOL_ENTITY_PLAYER)
    {
      KolBundle bundles[32];
      int n = kol_ebuy_sellable_bundles (engine, s, entity.index, bundles, G_N_ELEMENTS (bundles));

      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_SELL_SHARES, entity);

          a->n_shares = (guint8) MIN (bundles[i].n_certs, KOL_ACTION_MAX_SHARES);
          memcpy (a->shares, bundles[i].certs, sizeof a->shares[0] * a->n_shares);
          a->percent = bundles[i].percent;
          g_ptr_array_add (out, a);
        }
    }
  if ((actions & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN)) && entity.kind == KOL_ENTITY_CORP)
    {
      KolTrainOffer offers[64];
      int n = kol_buyable_train_offers (engine, entity.index, offers, G_N_ELEMENTS (offers));

      for (int i = 0; i < n; i++)
        {
          add_buy (out, engine, entity, &offers[i], offers[i].min_price);
          if (offers[i].max_price != offers[i].min_price)
            add_buy (out, engine, entity, &offers[i], offers[i].max_price);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

/**
 * kol_step_buy_train_explain:
 *
 * Explains a refused pass (the corporation must buy a train) or purchase
 * (no room, or no money).
 *
 * Returns: %FALSE with the refusal set, or %TRUE for the generic message.
 */
gboolean
kol_step_buy_train_explain (KolEngine        *engine,
                            KolStep          *s,
                            const KolAction  *a,
                            GError          **error)
{
  if (a->entity.kind != KOL_ENTITY_CORP)
    return TRUE;
  if (a->type == KOL_ACTION_PASS && kol_step_buy_train_president_may_contribute (engine, s, a->entity.index))
    return _kol_trains_refuse_train (engine, error, -1, KOL_REASON_TRAIN_MUST_BUY, "the corporation must buy a train");
  if (a->type == KOL_ACTION_BUY_TRAIN && !room (engine, s, a->entity.index))
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_LIMIT, "no room for another train");
  if (a->type == KOL_ACTION_BUY_TRAIN)
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_PRICE, "cannot pay for any train");
  return TRUE;
}

const KolStepClass kol_step_buy_train = {
  .name = "Buy Trains",
  .actions = kol_step_buy_train_actions,
  .process = kol_step_buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = kol_step_buy_train_pass,
  .skip = kol_step_buy_train_skip,
  .legal_actions = kol_step_buy_train_legal_actions,
  .explain = kol_step_buy_train_explain,
};

/* ---------------------------------------------------- legal choices (UI) */

static gboolean
player_loans_allowed (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h && h->ebuy_player_loan == KOL_PLAYER_LOAN_ALWAYS;
}

static int
add_depot_offers (KolEngine     *engine,
                  KolStep       *s,
                  int            corp,
                  int            train,
                  KolTrainOffer *out,
                  int            n,
                  int            max)
{
  int power = kol_operating_buying_power (engine, kol_entity (KOL_ENTITY_CORP, corp));
  gboolean contribute = kol_step_buy_train_president_may_contribute (engine, s, corp);
  int president_cash = kol_engine_cash (engine, engine->corps[corp].owner);

  for (int v = 0; v < _kol_trains_n_variants (engine, train) && n < max; v++)
    {
      int price = kol_train_variant_price (engine, train, v);
      KolTrain saved = engine->trains[train];
      gboolean ok = TRUE;

      if (!variant_buyable (engine, corp, train, v))
        continue;
      if (price > power)
        {
          /* with the president's money: only the cheapest train, and what
           * the president can pay now (selling shares raises more) */
          engine->trains[train].variant = (guint8) v;
          ok = contribute && cheapest_ok (engine, train);
          engine->trains[train] = saved;
          /* (unless the president may take loans: 1840) */
          ok = ok && (price <= power + president_cash || player_loans_allowed (engine));
        }
      if (ok)
        out[n++] = (KolTrainOffer) { (gint16) train, (guint8) v, TRUE, price, price };
    }
  return n;
}

/**
 * kol_buyable_train_offers:
 * @out: (out) (array): trains, variants and price ranges
 *
 * Returns: the purchases @corp may make now in its BuyTrain step.
 */
int
kol_buyable_train_offers (KolEngine     *engine,
                          int            corp,
                          KolTrainOffer *out,
                          int            max)
{
  KolEntity e = kol_entity (KOL_ENTITY_CORP, corp);
  KolStep *s = kol_round_step_for (engine, e, KOL_ACTION_BUY_TRAIN);
  gint16 list[KOL_MAX_TRAINS];
  int n_list, n = 0;

  /* a title's BuyTrain step keeps KolBuyTrainData in its data */
  if (s == NULL)
    return 0;
  n_list = kol_step_buy_train_buyable_trains (engine, s, corp, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n_list && n < max; i++)
    {
      int min, max_price;

      if (kol_train_from_depot (engine, list[i]))
        {
          n = add_depot_offers (engine, s, corp, list[i], out, n, max);
          continue;
        }
      kol_step_buy_train_spend_minmax (engine, s, corp, list[i], &min, &max_price);
      /* spend_minmax counts the president's cash, which is paid only when
       * the corporation must buy a train (buy_train_action) */
      if (!kol_step_buy_train_president_may_contribute (engine, s, corp))
        {
          int power = kol_operating_buying_power (engine, e);

          max_price = MIN (max_price, power);
        }
      if (min <= max_price && max_price > 0)
        out[n++] = (KolTrainOffer) { list[i], engine->trains[list[i]].variant, FALSE, min, max_price };
    }
  return n;
}
