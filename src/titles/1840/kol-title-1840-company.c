/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <math.h>
#include <string.h>

/*
 * Company rounds (VIII; 18xx.games G1840::Round::Company and
 * G1840::Round::Acquisition): private dividends (CRa), the tram deck
 * (CRb, at the round's start), the order by share price (CRc), tram
 * companies paying from their revenue pile and the Stadtbahn runs (CRd),
 * buying and reassigning trams, the line auctions (CRe) and the new line
 * cards (CRf). The Route and Dividend steps here serve the line rounds too.
 */

/* ------------------------------------------------------------ SellCompany */

/* IV.2: a director may return a private to the bank at face value while
 * one of his companies acts (G1840::Step::SellCompany). */
static guint32
sell_company_actions (KolEngine *engine,
                      KolStep   *s,
                      KolEntity  entity)
{
  KolEntity cur, owner;

  if (entity.kind != KOL_ENTITY_COMPANY || engine->companies[entity.index].closed)
    return 0;
  owner = engine->companies[entity.index].owner;
  if (owner.kind == KOL_ENTITY_NONE)
    return 0;
  /* asked last: the round's current entity looks at every step's actions */
  cur = kol_round_current_entity (engine);
  if (cur.kind != KOL_ENTITY_CORP)
    return 0;
  if ((owner.kind == KOL_ENTITY_CORP && owner.index == k1840_line_major (engine, cur.index)) ||
      kol_entity_equal (owner, engine->corps[cur.index].owner))
    return KOL_ACTION_BIT (KOL_ACTION_CHOOSE_ABILITY);
  return 0;
}

static gboolean
never_blocks (KolEngine *engine,
              KolStep   *s)
{
  return FALSE;
}

static gboolean
sell_company_process (KolEngine        *engine,
                      KolStep          *s,
                      const KolAction  *a,
                      GError          **error)
{
  return k1840_sell_company (engine, a, error);
}

static void
sell_company_legal_actions (KolEngine *engine,
                            KolStep   *s,
                            KolEntity  entity,
                            GPtrArray *out)
{
  if (sell_company_actions (engine, s, entity))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_CHOOSE_ABILITY, entity));
}

const KolStepClass k1840_step_sell_company = {
  .name = "Sell Company",
  .actions = sell_company_actions,
  .blocks = never_blocks,
  .process = sell_company_process,
  .legal_actions = sell_company_legal_actions,
};

/* ------------------------------------------------------------------ Route */

static gboolean
compat (KolEngine *engine)
{
  return K1840 (engine)->compat;
}

/* Trains of a tram company and its lines (scrappable_trains). */
static int
card_trains (KolEngine *engine,
             int        corp,
             gint16    *out)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR];
  int n = 0, n_lines = k1840_major_lines (engine, corp, lines);

  for (int i = 0; i < n_lines; i++)
    n += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, lines[i]), out + n, KOL_MAX_TRAINS - n);
  n += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out + n, KOL_MAX_TRAINS - n);
  return n;
}

static int
corp_trains (KolEngine *engine,
             int        corp,
             gint16    *out)
{
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out, KOL_MAX_TRAINS);
}

static guint32
route_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  guint32 base;
  gint16 trains[KOL_MAX_TRAINS];

  if (entity.kind != KOL_ENTITY_CORP || k1840_is (engine, entity.index, K1840_MAJOR))
    return 0;
  base = kol_step_route_actions (engine, s, entity);
  if (k1840_is (engine, entity.index, K1840_LINE) && corp_trains (engine, entity.index, trains) > 0 &&
      (compat (engine) || kol_step_is_current (engine, s, entity)))
    base |= KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES) | KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN);
  return base;
}

static gboolean
scrap_train (KolEngine        *engine,
             const KolAction  *a,
             const gint16     *allowed,
             int               n_allowed,
             GError          **error)
{
  gboolean ok = FALSE;
  KolArg args[2];

  if (a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such tram");
  for (int i = 0; i < n_allowed; i++)
    ok |= allowed[i] == a->train;
  if (!ok && !compat (engine))
    {
      KolArg r[2] = { kol_arg_int (KOL_ARG_TRAIN, a->train), kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_NOT_OWNED) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, r, 2, "not one of this company's trams");
    }
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_string (kol_engine_train_name (engine, a->train));
  kol_engine_log (engine, KOL_LOG_1840_SCRAPS_TRAIN, args, 2);
  kol_engine_move_train (engine, a->train, kol_entity (KOL_ENTITY_REMOVED, 0));
  return TRUE;
}

static gboolean
route_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  if (a->type == KOL_ACTION_SCRAP_TRAIN)
    {
      gint16 trains[KOL_MAX_TRAINS];
      int n = corp_trains (engine, a->entity.index, trains);

      return scrap_train (engine, a, trains, n, error);
    }
  if (a->type == KOL_ACTION_RUN_ROUTES)
    return kol_step_route_process_run_routes (engine, s, a, error);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a route action");
}

/* Route#auto_actions: the Stadtbahn companies run by themselves. */
static GPtrArray *
route_auto_actions (KolEngine *engine,
                    KolStep   *s,
                    KolEntity  entity)
{
  GPtrArray *out;
  KolAction *run;

  if (!k1840_entity_is (engine, entity, K1840_CITY) || !(route_actions (engine, s, entity) & KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES)))
    return NULL;
  run = k1840_city_run (engine, entity.index);
  if (run == NULL)
    return NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_ptr_array_add (out, run);
  return out;
}

static void
route_skip (KolEngine *engine,
            KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (!s->acted && e.kind != KOL_ENTITY_NONE && !k1840_entity_is (engine, e, K1840_MAJOR))
    kol_step_log_skip (engine, s, e);
  kol_step_pass (engine, s);
}

static void
route_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  guint32 actions = route_actions (engine, s, entity);

  if (!kol_step_is_current (engine, s, entity))
    return;
  if (actions & KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES))
    {
      if (k1840_entity_is (engine, entity, K1840_CITY))
        {
          KolAction *run = k1840_city_run (engine, entity.index);

          if (run)
            g_ptr_array_add (out, run);
        }
      else
        k1840_line_runs (engine, entity.index, out);
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN))
    {
      gint16 trains[KOL_MAX_TRAINS];
      int n = corp_trains (engine, entity.index, trains);

      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_SCRAP_TRAIN, entity);

          a->train = trains[i];
          g_ptr_array_add (out, a);
        }
    }
}

const KolStepClass k1840_step_route = {
  .name = "Run Routes",
  .actions = route_actions,
  .process = route_process,
  .round_state = kol_step_route_round_state,
  .skip = route_skip,
  .auto_actions = route_auto_actions,
  .legal_actions = route_legal_actions,
};

/* --------------------------------------------------------------- Dividend */

static KolOperatingRoundState *
ost (KolEngine *engine)
{
  return KOL_OPERATING_STATE (engine);
}

static guint32
dividend_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity)
{
  if (entity.kind != KOL_ENTITY_CORP)
    return 0;
  if (!compat (engine) && !kol_step_is_current (engine, s, entity))
    return 0;
  if (k1840_is (engine, entity.index, K1840_MAJOR))
    return k1840_major_revenue (engine, entity.index) != 0 ? KOL_ACTION_BIT (KOL_ACTION_DIVIDEND) : 0;
  return ost (engine)->n_routes > 0 ? KOL_ACTION_BIT (KOL_ACTION_DIVIDEND) : 0;
}

static void
mark_trains_operated (KolEngine *engine,
                      int        corp)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (kol_entity_equal (engine->trains[i].owner, kol_entity (KOL_ENTITY_CORP, corp)))
      {
        engine->trains[i].operated = TRUE;
        engine->trains[i].ever_operated = TRUE;
      }
}

/* IX.8: a negative result is paid from the tram company's revenue pile
 * (rulebook only), its treasury, then by its director, with loans if he
 * must (18xx.games: treasury, then director). */
static void
pay_negative (KolEngine *engine,
              int        line,
              int        to_pay)
{
  K1840State *st = K1840 (engine);
  int major = k1840_line_major (engine, line);
  KolEntity major_e, owner;
  KolArg args[2];

  if (major < 0)
    return;
  major_e = kol_entity (KOL_ENTITY_CORP, major);
  args[0] = kol_arg_int (KOL_ARG_CORP, line);
  args[1] = kol_arg_int (KOL_ARG_MONEY, to_pay);
  kol_engine_log (engine, KOL_LOG_1840_HAS_TO_PAY, args, 2);
  if (!st->compat)
    {
      gint16 lines[K1840_MAX_LINES_PER_MAJOR];
      int n = k1840_major_lines (engine, major, lines);

      for (int i = 0; i < n && to_pay > 0; i++)
        {
          int take = MIN (engine->corps[lines[i]].cash, to_pay);

          if (take <= 0)
            continue;
          kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, lines[i]), kol_entity (KOL_ENTITY_BANK, 0), take);
          to_pay -= take;
        }
    }
  owner = engine->corps[major].owner;
  if (engine->corps[major].cash < to_pay && owner.kind == KOL_ENTITY_PLAYER)
    {
      int difference = to_pay - engine->corps[major].cash;

      if (engine->players[owner.index].cash < difference)
        k1840_take_player_loan (engine, owner.index, difference - engine->players[owner.index].cash);
      kol_engine_transfer (engine, owner, major_e, difference);
      args[0] = kol_arg_entity (owner);
      args[1] = kol_arg_int (KOL_ARG_MONEY, difference);
      kol_engine_log (engine, KOL_LOG_1840_SUBVENTS, args, 2);
    }
  kol_engine_transfer (engine, major_e, kol_entity (KOL_ENTITY_BANK, 0), to_pay);
}

static void
finish_run (KolEngine *engine,
            int        corp)
{
  kol_operating_record_history (engine, corp);
  mark_trains_operated (engine, corp);
  ost (engine)->n_routes = 0;
  ost (engine)->extra_revenue = 0;
}

/* A line keeps its run's result in its tram company's revenue pile. */
static gboolean
line_dividend (KolEngine *engine,
               KolStep   *s,
               int        line)
{
  int revenue = kol_dividend_total_revenue (engine, line);
  KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, line), kol_arg_int (KOL_ARG_MONEY, revenue) };

  finish_run (engine, line);
  if (revenue > 0)
    {
      kol_engine_log (engine, KOL_LOG_WITHHOLDS, args, 2);
      k1840_bank_pays (engine, kol_entity (KOL_ENTITY_CORP, line), revenue);
    }
  else if (revenue < 0)
    pay_negative (engine, line, -revenue);
  else
    kol_engine_log (engine, KOL_LOG_DOES_NOT_RUN, args, 1);
  kol_step_pass (engine, s);
  return TRUE;
}

/* VIII.5.2: a Stadtbahn company pays all of its run to its shareholders;
 * its price moves by Table 6. */
static gboolean
city_dividend (KolEngine *engine,
               KolStep   *s,
               int        city)
{
  int revenue = kol_dividend_total_revenue (engine, city);
  KolPriceChange change;

  finish_run (engine, city);
  if (revenue > 0)
    kol_dividend_payout_shares (engine, city, revenue);
  else
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, city) };

      kol_engine_log (engine, KOL_LOG_DOES_NOT_RUN, args, 1);
    }
  kol_dividend_share_price_change (engine, city, revenue, &change);
  kol_dividend_change_share_price (engine, city, &change);
  kol_step_pass (engine, s);
  return TRUE;
}

/* VIII.5.1: a tram company pays any multiple of 10 of its revenue pile to
 * its shareholders (the pool's shares are ignored), keeps the rest, and its
 * price moves by what it paid (Table 6). */
static gboolean
major_dividend (KolEngine  *engine,
                KolStep    *s,
                int         major,
                int         amount,
                GError    **error)
{
  K1840State *st = K1840 (engine);
  int revenue = k1840_major_revenue (engine, major), withhold;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR];
  int n_lines = k1840_major_lines (engine, major, lines);
  KolPriceChange change;
  KolArg args[3];

  if (amount > revenue || amount < 0)
    {
      KolArg r[3] = {
        kol_arg_int (KOL_ARG_REASON, KOL_REASON_DIVIDEND_KIND),
        kol_arg_int (KOL_ARG_MONEY, 0),
        kol_arg_int (KOL_ARG_MONEY, revenue),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, r, 3,
                              "the dividend must be between 0 and %d", revenue);
    }
  if (st->dividend_step > 0 && amount % st->dividend_step != 0)
    {
      KolArg r[2] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_1840_DIVIDEND_STEP),
                      kol_arg_int (KOL_ARG_MONEY, st->dividend_step) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, r, 2,
                              "the dividend must be a multiple of %d", st->dividend_step);
    }
  kol_operating_record_history (engine, major);
  st->last_revenue[major] = revenue;
  ost (engine)->n_routes = 0;
  withhold = revenue - amount;
  args[0] = kol_arg_int (KOL_ARG_CORP, major);
  args[1] = kol_arg_int (KOL_ARG_MONEY, amount);
  args[2] = kol_arg_int (KOL_ARG_MONEY, withhold);
  kol_engine_log (engine, KOL_LOG_1840_MAJOR_PAYS, args, 3);
  for (int i = 0; i < n_lines; i++)
    kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, lines[i]), kol_entity (KOL_ENTITY_BANK, 0),
                       engine->corps[lines[i]].cash);
  k1840_bank_pays (engine, kol_entity (KOL_ENTITY_CORP, major), withhold);
  if (amount > 0)
    {
      int share = kol_engine_share_percent (engine, major);
      double per_share = amount / (double) (100 / MAX (1, share));

      for (int i = 0; i < engine->n_players; i++)
        {
          int p = engine->player_order[i];
          int paid = kol_dividend_for_holder (engine, major, kol_entity (KOL_ENTITY_PLAYER, p), per_share);

          if (paid == 0)
            continue;
          k1840_bank_pays (engine, kol_entity (KOL_ENTITY_PLAYER, p), paid);
          {
            KolArg r[2] = { kol_arg_int (KOL_ARG_PLAYER, p), kol_arg_int (KOL_ARG_MONEY, paid) };

            kol_engine_log (engine, KOL_LOG_DIVIDEND_TO, r, 2);
          }
        }
    }
  kol_dividend_share_price_change (engine, major, amount, &change);
  kol_dividend_change_share_price (engine, major, &change);
  kol_step_pass (engine, s);
  return TRUE;
}

static gboolean
dividend_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  int corp = a->entity.index;

  if (a->type != KOL_ACTION_DIVIDEND || a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a dividend action");
  if (k1840_is (engine, corp, K1840_MAJOR))
    return major_dividend (engine, s, corp, a->amount, error);
  if (k1840_is (engine, corp, K1840_CITY))
    return city_dividend (engine, s, corp);
  return line_dividend (engine, s, corp);
}

/* Dividend#skip!: a withhold (a tram company without revenue moves left). */
static void
dividend_skip (KolEngine *engine,
               KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (e.kind != KOL_ENTITY_CORP)
    {
      kol_step_pass (engine, s);
      return;
    }
  if (k1840_is (engine, e.index, K1840_MAJOR))
    major_dividend (engine, s, e.index, 0, NULL);
  else if (k1840_is (engine, e.index, K1840_CITY))
    city_dividend (engine, s, e.index);
  else
    line_dividend (engine, s, e.index);
}

static void
add_dividend (GPtrArray  *out,
              KolEntity   entity,
              const char *kind,
              int         amount)
{
  KolAction *a = kol_action_new (KOL_ACTION_DIVIDEND, entity);

  a->kind = g_strdup (kind);
  a->amount = amount;
  g_ptr_array_add (out, a);
}

static void
dividend_legal_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity,
                        GPtrArray *out)
{
  if (!(dividend_actions (engine, s, entity) & KOL_ACTION_BIT (KOL_ACTION_DIVIDEND)) ||
      !kol_step_is_current (engine, s, entity))
    return;
  if (k1840_is (engine, entity.index, K1840_MAJOR))
    {
      int revenue = k1840_major_revenue (engine, entity.index);
      int step = MAX (1, K1840 (engine)->dividend_step);
      int top = revenue / step * step;

      add_dividend (out, entity, "variable", 0);
      if (top / 2 / step * step > 0)
        add_dividend (out, entity, "variable", top / 2 / step * step);
      if (top > 0)
        add_dividend (out, entity, "variable", top);
      return;
    }
  add_dividend (out, entity, k1840_is (engine, entity.index, K1840_CITY) ? "payout" : "withhold", 0);
}

const KolStepClass k1840_step_dividend = {
  .name = "Pay or Withhold Dividends",
  .actions = dividend_actions,
  .process = dividend_process,
  .round_state = kol_step_dividend_round_state,
  .skip = dividend_skip,
  .legal_actions = dividend_legal_actions,
};

/* --------------------------------------------------------------- BuyTrain */

/* Does the depot offer some tram this company round (buyable_depot_trains?). */
static gboolean
buyable_depot_trains (KolEngine *engine)
{
  gint16 depot[KOL_MAX_DEPOT_TRAINS];
  int n = kol_depot_trains (engine, depot, KOL_MAX_DEPOT_TRAINS);

  for (int i = 0; i < n; i++)
    {
      const KolTrainDef *def = &engine->title->trains[engine->trains[depot[i]].def];

      for (int v = 0; v < MAX (1, def->n_variants); v++)
        if (k1840_variant_available (engine, depot[i], v))
          return TRUE;
    }
  return FALSE;
}

/* VIII.5.3: at most three trams per tram company, on its card or its lines. */
gboolean
k1840_buy_train_room (KolEngine *engine,
                      KolStep   *s,
                      int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];

  return card_trains (engine, corp, trains) < kol_operating_train_limit (engine, corp);
}

gboolean
k1840_can_buy_train (KolEngine *engine,
                     KolStep   *s,
                     int        corp)
{
  return buyable_depot_trains (engine) && kol_step_buy_train_can_buy (engine, s, corp);
}

/* VIII.5.3: a tram company without a tram must buy one while there are
 * trams to buy. */
gboolean
k1840_step_must_buy_train (KolEngine *engine,
                           KolStep   *s,
                           int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];

  return buyable_depot_trains (engine) && card_trains (engine, corp, trains) == 0;
}

static guint32
buy_train_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity)
{
  guint32 actions = 0;
  gint16 trains[KOL_MAX_TRAINS];
  gboolean has_trains, buyable;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR) || !kol_step_is_current (engine, s, entity))
    return 0;
  has_trains = card_trains (engine, entity.index, trains) > 0;
  if (has_trains)
    actions |= KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN);
  /* k1840_step_must_buy_train and k1840_can_buy_train, sharing the look at
   * the depot */
  buyable = buyable_depot_trains (engine);
  if (buyable && !has_trains)
    return actions | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN);
  if (buyable && kol_step_buy_train_can_buy (engine, s, entity.index))
    return actions | KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  if (actions == 0)
    return 0;
  return actions | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static gboolean
buy_train_process (KolEngine        *engine,
                   KolStep          *s,
                   const KolAction  *a,
                   GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      return kol_step_buy_train_action (engine, s, a, TRUE, error);
    case KOL_ACTION_SCRAP_TRAIN:
      {
        gint16 trains[KOL_MAX_TRAINS];
        int n = card_trains (engine, a->entity.index, trains);

        return scrap_train (engine, a, trains, n, error);
      }
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a tram action");
    }
}

static void
buy_train_skip (KolEngine *engine,
                KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (!s->acted && k1840_entity_is (engine, e, K1840_MAJOR))
    {
      gint16 trains[KOL_MAX_TRAINS];

      if (card_trains (engine, e.index, trains) == 0 && !buyable_depot_trains (engine))
        {
          KolArg args[1] = { kol_arg_entity (e) };

          kol_engine_log (engine, KOL_LOG_1840_TRAM_OBLIGATION_LIFTED, args, 1);
        }
      else
        kol_step_log_skip (engine, s, e);
    }
  kol_step_pass (engine, s);
}

static void
buy_train_legal_actions (KolEngine *engine,
                         KolStep   *s,
                         KolEntity  entity,
                         GPtrArray *out)
{
  guint32 actions = buy_train_actions (engine, s, entity);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN))
    {
      KolTrainOffer offers[32];
      int n = kol_buyable_train_offers (engine, entity.index, offers, G_N_ELEMENTS (offers));
      gboolean must = k1840_step_must_buy_train (engine, s, entity.index);
      int power = engine->corps[entity.index].cash;

      for (int i = 0; i < n; i++)
        {
          KolAction *a;

          if (!k1840_variant_available (engine, offers[i].train, offers[i].variant))
            continue;
          if (!must && offers[i].min_price > power)
            continue;
          a = kol_action_new (KOL_ACTION_BUY_TRAIN, entity);
          a->train = offers[i].train;
          a->price = offers[i].min_price;
          a->variant = g_strdup (engine->title->trains[engine->trains[offers[i].train].def].n_variants > 0
                                   ? engine->title->trains[engine->trains[offers[i].train].def].variants[offers[i].variant].name
                                   : engine->title->trains[engine->trains[offers[i].train].def].name);
          g_ptr_array_add (out, a);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN))
    {
      gint16 trains[KOL_MAX_TRAINS];
      int n = card_trains (engine, entity.index, trains);

      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_SCRAP_TRAIN, entity);

          a->train = trains[i];
          g_ptr_array_add (out, a);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static gboolean
buy_train_explain (KolEngine        *engine,
                   KolStep          *s,
                   const KolAction  *a,
                   GError          **error)
{
  if (a->type == KOL_ACTION_PASS && k1840_step_must_buy_train (engine, s, a->entity.index))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_MUST_BUY) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 1,
                              "a tram company without a tram must buy one");
    }
  if (a->type == KOL_ACTION_BUY_TRAIN && !k1840_buy_train_room (engine, s, a->entity.index))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_TRAIN_LIMIT) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TRAIN, args, 1, "at most three trams");
    }
  return TRUE;
}

static const KolStepClass step_buy_train = {
  .name = "Buy Trains",
  .actions = buy_train_actions,
  .process = buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = kol_step_buy_train_pass,
  .skip = buy_train_skip,
  .legal_actions = buy_train_legal_actions,
  .explain = buy_train_explain,
};

/* --------------------------------------------------------- ReassignTrains */

static guint32
reassign_actions_for (KolEngine *engine,
                      KolEntity  entity)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR))
    return 0;
  n = k1840_major_lines (engine, entity.index, lines);
  if (n == 0 ||
      (n == 1 && corp_trains (engine, lines[0], trains) > 0 && corp_trains (engine, entity.index, trains) == 0))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_REASSIGN_TRAINS);
}

static guint32
reassign_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity)
{
  if (!kol_step_is_current (engine, s, entity))
    return 0;
  return reassign_actions_for (engine, entity);
}

/* VIII.5.3, VIII.6: the trams are placed on the card's lines, one per line;
 * trams left on the card itself mean every line has one. */
static gboolean
reassign (KolEngine        *engine,
          KolStep          *s,
          const KolAction  *a,
          GError          **error)
{
  int major = a->entity.index;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, major, lines);
  int n_trains = card_trains (engine, major, trains);
  GString *moves = g_string_new (NULL);
  KolArg args[2];

  for (guint i = 0; a->assignments && i < a->assignments->len; i++)
    {
      const KolAssignment *as = &g_array_index (a->assignments, KolAssignment, i);
      gboolean train_ok = FALSE, target_ok = as->corp == major;

      if (as->train < 0 || as->train >= engine->n_trains || as->corp < 0 || as->corp >= engine->n_corps)
        {
          g_string_free (moves, TRUE);
          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such tram or line");
        }
      for (int k = 0; k < n_trains; k++)
        train_ok |= trains[k] == as->train;
      for (int k = 0; k < n_lines; k++)
        target_ok |= lines[k] == as->corp;
      if ((!train_ok || !target_ok) && !compat (engine))
        {
          g_string_free (moves, TRUE);
          return k1840_refuse (engine, error, KOL_REASON_1840_REASSIGN, "trams move only within one tram company");
        }
      if (kol_entity_equal (engine->trains[as->train].owner, kol_entity (KOL_ENTITY_CORP, as->corp)))
        continue;
      kol_engine_move_train (engine, as->train, kol_entity (KOL_ENTITY_CORP, as->corp));
      g_string_append_printf (moves, "%s%s ➝ %s", moves->len ? ", " : "", kol_engine_train_name (engine, as->train),
                              engine->title->corps[as->corp].id);
    }
  for (int i = 0; i < n_lines; i++)
    if (corp_trains (engine, lines[i], trains) > 1)
      {
        g_string_free (moves, TRUE);
        return k1840_refuse (engine, error, KOL_REASON_1840_ONE_TRAM_PER_LINE, "a line runs one tram only");
      }
  if (corp_trains (engine, major, trains) > 0)
    for (int i = 0; i < n_lines; i++)
      if (corp_trains (engine, lines[i], trains) == 0)
        {
          g_string_free (moves, TRUE);
          return k1840_refuse (engine, error, KOL_REASON_1840_LINES_NEED_TRAMS, "all lines need a tram first");
        }
  args[0] = kol_arg_entity (engine->corps[major].owner);
  args[1] = kol_arg_string (moves->str);
  kol_engine_log (engine, moves->len ? KOL_LOG_1840_REASSIGNS : KOL_LOG_1840_NO_REASSIGN, args, moves->len ? 2 : 1);
  g_string_free (moves, TRUE);
  kol_step_pass (engine, s);
  return TRUE;
}

static gboolean
reassign_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  if (a->type != KOL_ACTION_REASSIGN_TRAINS || !k1840_entity_is (engine, a->entity, K1840_MAJOR))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a reassignment");
  return reassign (engine, s, a, error);
}

static KolAction *
single_assignment (KolEngine *engine,
                   KolEntity  entity)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS], own[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, entity.index, lines);
  KolAction *a;
  KolAssignment as;

  if (n_lines != 1 || card_trains (engine, entity.index, trains) != 1 || corp_trains (engine, entity.index, own) != 1)
    return NULL;
  a = kol_action_new (KOL_ACTION_REASSIGN_TRAINS, entity);
  a->assignments = g_array_new (FALSE, FALSE, sizeof (KolAssignment));
  as.train = own[0];
  as.corp = lines[0];
  g_array_append_val (a->assignments, as);
  return a;
}

/* ReassignTrains#auto_actions: one line and one tram. */
static GPtrArray *
reassign_auto_actions (KolEngine *engine,
                       KolStep   *s,
                       KolEntity  entity)
{
  KolAction *a;
  GPtrArray *out;

  if (!(reassign_actions (engine, s, entity) & KOL_ACTION_BIT (KOL_ACTION_REASSIGN_TRAINS)))
    return NULL;
  a = single_assignment (engine, entity);
  if (a == NULL)
    return NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_ptr_array_add (out, a);
  return out;
}

/* Every placement of the card's trams with at most one per line and, when
 * trams stay on the card, one on every line. */
static void
reassign_legal (KolEngine *engine,
                KolEntity  entity,
                GPtrArray *out)
{
  int major = entity.index;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n_lines = k1840_major_lines (engine, major, lines);
  int n_card = card_trains (engine, major, trains);
  int n_trains = MIN (n_card, 4);
  int targets = n_lines + 1, combos = 1;
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int i = 0; i < n_trains; i++)
    combos *= targets;
  for (int c = 0; c < combos; c++)
    {
      int per_line[K1840_MAX_LINES_PER_MAJOR] = { 0 }, on_card = 0, x = c;
      int target[4];
      GString *key = g_string_new (NULL);
      gboolean ok = TRUE;

      for (int i = 0; i < n_trains; i++)
        {
          target[i] = x % targets;
          x /= targets;
          if (target[i] == n_lines)
            on_card++;
          else
            per_line[target[i]]++;
        }
      for (int l = 0; l < n_lines; l++)
        ok &= per_line[l] <= 1 && (on_card == 0 || per_line[l] == 1);
      /* trams of the same kind are interchangeable: one action per shape */
      for (int l = 0; l <= n_lines && ok; l++)
        {
          g_string_append_c (key, '|');
          for (int i = 0; i < n_trains; i++)
            if (target[i] == l)
              g_string_append_printf (key, "%d,", engine->trains[trains[i]].def * 8 + engine->trains[trains[i]].variant);
        }
      if (ok && !g_hash_table_contains (seen, key->str))
        {
          KolAction *a = kol_action_new (KOL_ACTION_REASSIGN_TRAINS, entity);

          g_hash_table_add (seen, g_strdup (key->str));
          a->assignments = g_array_new (FALSE, FALSE, sizeof (KolAssignment));
          for (int i = 0; i < n_trains; i++)
            {
              KolAssignment as = { trains[i], (gint16) (target[i] == n_lines ? major : lines[target[i]]) };

              g_array_append_val (a->assignments, as);
            }
          g_ptr_array_add (out, a);
        }
      g_string_free (key, TRUE);
    }
  g_hash_table_destroy (seen);
}

static void
reassign_legal_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity,
                        GPtrArray *out)
{
  if (reassign_actions (engine, s, entity))
    reassign_legal (engine, entity, out);
}

static const KolStepClass step_reassign = {
  .name = "Reassign Trains",
  .actions = reassign_actions,
  .process = reassign_process,
  .auto_actions = reassign_auto_actions,
  .skip = kol_step_default_skip,
  .legal_actions = reassign_legal_actions,
};

/* ------------------------------------------------------- company rounds */

static void
company_select_entities (KolEngine *engine,
                         KolRound  *r)
{
  K1840State *st = K1840 (engine);
  gboolean cities = r->kind == K1840_ROUND_COMPANY_RUN;

  r->n_entities = 0;
  for (int pass = 0; pass < (cities ? 2 : 1); pass++)
    for (int i = 0; i < st->n_sorted; i++)
      {
        int c = st->sorted[i];

        if (engine->corps[c].closed || engine->corps[c].removed)
          continue;
        if (k1840_is (engine, c, pass == 0 ? K1840_MAJOR : K1840_CITY))
          r->entities[r->n_entities++] = kol_entity (KOL_ENTITY_CORP, c);
      }
}

/* Round::Company#after_process: a Stadtbahn company's run is paid out at
 * once. */
static void
company_after_process (KolEngine       *engine,
                       KolRound        *r,
                       const KolAction *a)
{
  KolEntity e = kol_round_entity (engine);

  if (k1840_entity_is (engine, e, K1840_CITY) && a->type == KOL_ACTION_RUN_ROUTES && a->routes && a->routes->len > 0)
    {
      g_autoptr(KolAction) payout = kol_action_new (KOL_ACTION_DIVIDEND, e);

      payout->kind = g_strdup ("payout");
      if (!k1840_round_process (engine, payout, NULL))
        g_warning ("1840: the Stadtbahn payout of %s failed", engine->title->corps[e.index].id);
    }
  kol_round_operating_after_process (engine, r, a);
}

static const KolRoundClass round_company = {
  .name = "Company Round",
  .short_name = "CR",
  .operating = TRUE,
  .select_entities = company_select_entities,
  .setup = kol_round_operating_setup,
  .after_process = company_after_process,
  .finished = kol_round_operating_finished,
  .next_entity = kol_round_operating_next_entity,
};

void
k1840_start_company_round (KolEngine      *engine,
                           K1840RoundKind  kind)
{
  static const KolStepClass *const run_steps[] = {
    &k1840_step_sell_company, &k1840_step_route, &k1840_step_dividend,
  };
  static const KolStepClass *const train_steps[] = {
    &k1840_step_sell_company, &step_buy_train, &step_reassign,
  };

  if (kind == K1840_ROUND_COMPANY_RUN)
    kol_round_start (engine, &round_company, kind, 1, run_steps, NULL, G_N_ELEMENTS (run_steps));
  else
    kol_round_start (engine, &round_company, kind, 1, train_steps, NULL, G_N_ELEMENTS (train_steps));
}

/* --------------------------------------------------- acquisition round */

static K1840AcquisitionState *
acq (KolEngine *engine)
{
  return K1840_ACQ_STATE (engine);
}

static void
queue_push (gint16 *queue,
            int    *n,
            int     corp)
{
  if (*n < 16)
    queue[(*n)++] = (gint16) corp;
}

static void
queue_shift (gint16 *queue,
             int    *n)
{
  if (*n <= 0)
    return;
  memmove (queue, queue + 1, sizeof queue[0] * (gsize) (*n - 1));
  (*n)--;
}

/* ---- InterruptingBuyTrain ---- */

static gboolean
ibuy_active (KolEngine *engine,
             KolStep   *s)
{
  return acq (engine)->n_bought > 0;
}

static int
ibuy_active_entities (KolEngine *engine,
                      KolStep   *s,
                      KolEntity *out,
                      int        max)
{
  if (acq (engine)->n_bought == 0 || max < 1)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_CORP, acq (engine)->bought[0]);
  return 1;
}

static void
ibuy_pass (KolEngine *engine,
           KolStep   *s)
{
  K1840AcquisitionState *st = acq (engine);

  if (st->n_bought > 0)
    {
      queue_push (st->reassign, &st->n_reassign, st->bought[0]);
      queue_shift (st->bought, &st->n_bought);
    }
  kol_step_buy_train_pass (engine, s);
}

static void
ibuy_round_state (KolEngine *engine,
                  KolStep   *s)
{
  acq (engine)->n_bought = 0;
}

static void
ibuy_skip (KolEngine *engine,
           KolStep   *s)
{
  buy_train_skip (engine, s);
}

static const KolStepClass step_interrupting_buy_train = {
  .name = "Buy Trains",
  .actions = buy_train_actions,
  .active = ibuy_active,
  .active_entities = ibuy_active_entities,
  .process = buy_train_process,
  .setup = kol_step_buy_train_setup,
  .pass = ibuy_pass,
  .skip = ibuy_skip,
  .round_state = ibuy_round_state,
  .legal_actions = buy_train_legal_actions,
  .explain = buy_train_explain,
};

/* ---- InterruptingReassignTrains ---- */

static gboolean
ireassign_active (KolEngine *engine,
                  KolStep   *s)
{
  return acq (engine)->n_reassign > 0;
}

static int
ireassign_active_entities (KolEngine *engine,
                           KolStep   *s,
                           KolEntity *out,
                           int        max)
{
  if (acq (engine)->n_reassign == 0 || max < 1)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_CORP, acq (engine)->reassign[0]);
  return 1;
}

static void
ireassign_pass (KolEngine *engine,
                KolStep   *s)
{
  queue_shift (acq (engine)->reassign, &acq (engine)->n_reassign);
  s->passed = TRUE;
}

static void
ireassign_round_state (KolEngine *engine,
                       KolStep   *s)
{
  acq (engine)->n_reassign = 0;
}

static const KolStepClass step_interrupting_reassign = {
  .name = "Reassign Trains",
  .actions = reassign_actions,
  .active = ireassign_active,
  .active_entities = ireassign_active_entities,
  .process = reassign_process,
  .pass = ireassign_pass,
  .skip = kol_step_default_skip,
  .round_state = ireassign_round_state,
  .auto_actions = reassign_auto_actions,
  .legal_actions = reassign_legal_actions,
};

/* ---- AcquisitionAuction ---- */

static KolAuctioneer *
acq_auctioneer (KolEngine *engine,
                KolStep   *s)
{
  return &KOL_AUCTION_STATE (engine)->auction;
}

/* Auctioner#auctioning: the line up once it has a bid. */
static gboolean
acq_auctioning (KolEngine *engine)
{
  KolAuctioneer *a = acq_auctioneer (engine, NULL);

  return a->auctioning.kind != KOL_ENTITY_NONE && kol_auctioneer_n_bids (a, a->auctioning) > 0;
}

static int
acq_min_bid (KolEngine *engine,
             KolStep   *s,
             KolEntity  target)
{
  const KolBid *high = kol_auctioneer_highest (acq_auctioneer (engine, s), target);

  return high == NULL ? K1840 (engine)->line_min_bid : high->price + K1840 (engine)->line_bid_step;
}

static int
acq_max_bid (KolEngine *engine,
             KolStep   *s,
             KolEntity  bidder,
             KolEntity  target)
{
  return kol_engine_cash (engine, bidder);
}

static gboolean
all_entities_passed (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_entity_passed (engine, engine->round.entities[i]))
      return FALSE;
  return TRUE;
}

static void acq_next_entity (KolEngine *engine, KolStep *s);

/* all_passed!: those that bought nothing may still buy trams; then new
 * line cards come, or the unowned lines leave once every tram company has
 * three. */
static void
acq_all_passed (KolEngine *engine,
                KolStep   *s)
{
  K1840State *st = K1840 (engine);
  K1840AcquisitionState *as = acq (engine);
  gboolean room = FALSE;

  for (int i = 0; i < engine->round.n_entities; i++)
    {
      int corp = engine->round.entities[i].index;
      gboolean bought = FALSE;

      for (int k = 0; k < as->n_who_bought; k++)
        bought |= as->who_bought[k] == corp;
      if (!bought)
        queue_push (as->bought, &as->n_bought, corp);
    }
  for (int i = 0; i < st->n_majors; i++)
    {
      gint16 lines[K1840_MAX_LINES_PER_MAJOR];

      room |= k1840_major_lines (engine, st->majors[i], lines) < st->max_lines;
    }
  if (room)
    k1840_restock_lines (engine);
  else
    k1840_remove_open_lines (engine);
  s->passed = TRUE;
}

static void
acq_next_entity (KolEngine *engine,
                 KolStep   *s)
{
  for (int guard = 0; guard <= engine->round.n_entities + 1; guard++)
    {
      if (all_entities_passed (engine))
        {
          acq_all_passed (engine, s);
          return;
        }
      kol_round_next_entity_index (engine);
      if (!kol_entity_passed (engine, kol_round_entity (engine)))
        return;
    }
}

static void
acq_win_bid (KolEngine    *engine,
             KolStep      *s,
             const KolBid *winner,
             KolEntity     target)
{
  K1840AcquisitionState *as = acq (engine);
  int major, line = target.index;
  KolArg args[3];

  if (winner == NULL)
    return;
  major = winner->bidder.index;
  kol_engine_transfer (engine, winner->bidder, kol_entity (KOL_ENTITY_BANK, 0), winner->price);
  k1840_buy_line (engine, major, line);
  args[0] = kol_arg_entity (winner->bidder);
  args[1] = kol_arg_int (KOL_ARG_CORP, line);
  args[2] = kol_arg_int (KOL_ARG_MONEY, winner->price);
  kol_engine_log (engine, KOL_LOG_WINS_AUCTION, args, 3);
  queue_push (as->bought, &as->n_bought, major);
  if (as->n_who_bought < K1840_MAX_MAJORS)
    as->who_bought[as->n_who_bought++] = (gint16) major;
  kol_entity_set_passed (engine, winner->bidder, TRUE);
}

static void
acq_post_win_bid (KolEngine    *engine,
                  KolStep      *s,
                  const KolBid *winner,
                  KolEntity     target)
{
}

static void acq_resolve_bids (KolEngine *engine, KolStep *s);
static gboolean acq_add_bid (KolEngine *engine, KolStep *s, const KolBid *bid, GError **error);

static int
acq_initial_entities (KolEngine *engine,
                      KolStep   *s,
                      KolEntity *out)
{
  int n = 0;

  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_entity_passed (engine, engine->round.entities[i]))
      out[n++] = engine->round.entities[i];
  return n;
}

static const KolPassableAuctionOps acq_ops = {
  .min_bid = acq_min_bid,
  .max_bid = acq_max_bid,
  .win_bid = acq_win_bid,
  .post_win_bid = acq_post_win_bid,
  .resolve_bids = acq_resolve_bids,
  .add_bid = acq_add_bid,
  .initial_auction_entities = acq_initial_entities,
  .auctioneer = acq_auctioneer,
};

/* AcquisitionAuction#resolve_bids: PassableAuction's, then the turn goes
 * back to whoever started the auction, or on if it won. */
static void
acq_resolve_bids (KolEngine *engine,
                  KolStep   *s)
{
  KolAuctioneer *a = acq_auctioneer (engine, s);

  kol_passable_auction_resolve_bids (engine, s, &acq_ops);
  if (a->auction_triggerer.kind == KOL_ENTITY_NONE)
    return;
  kol_round_goto_entity (engine, a->auction_triggerer);
  if (kol_entity_passed (engine, a->auction_triggerer))
    acq_next_entity (engine, s);
}

static gboolean
acq_add_bid (KolEngine     *engine,
             KolStep       *s,
             const KolBid  *bid,
             GError       **error)
{
  KolArg args[3];

  if (!kol_passable_auction_add_bid (engine, s, &acq_ops, bid, error))
    return FALSE;
  args[0] = kol_arg_entity (bid->bidder);
  args[1] = kol_arg_int (KOL_ARG_MONEY, bid->price);
  args[2] = kol_arg_entity (bid->target);
  kol_engine_log (engine, KOL_LOG_BIDS, args, 3);
  return TRUE;
}

static int
acq_active_entities (KolEngine *engine,
                     KolStep   *s,
                     KolEntity *out,
                     int        max)
{
  KolAuctioneer *a = acq_auctioneer (engine, s);

  if (max < 1)
    return 0;
  if (a->auctioning.kind != KOL_ENTITY_NONE && a->n_active_bidders > 0)
    {
      const KolBid *win = kol_auctioneer_highest (a, a->auctioning);

      if (win != NULL)
        for (int i = 0; i < a->n_active_bidders; i++)
          if (kol_entity_equal (a->active_bidders[i], win->bidder))
            {
              out[0] = a->active_bidders[(i + 1) % a->n_active_bidders];
              return 1;
            }
    }
  if (engine->round.n_entities == 0)
    return 0;
  out[0] = kol_round_entity (engine);
  return 1;
}

static guint32
acq_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  KolAuctioneer *a = acq_auctioneer (engine, s);
  guint32 actions = 0;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR))
    return 0;
  if (!compat (engine) && !kol_step_is_current (engine, s, entity))
    return 0;
  /* IV.3: three lines in all */
  if (!compat (engine))
    {
      gint16 lines[K1840_MAX_LINES_PER_MAJOR];

      if (k1840_major_lines (engine, entity.index, lines) >= K1840 (engine)->max_lines)
        return 0;
    }
  if (a->auctioning.kind == KOL_ENTITY_NONE || kol_auctioneer_n_bids (a, a->auctioning) > 0)
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  if (a->auctioning.kind != KOL_ENTITY_NONE)
    actions |= KOL_ACTION_BIT (KOL_ACTION_BID);
  else
    actions |= KOL_ACTION_BIT (KOL_ACTION_MERGE);
  return actions;
}

static gboolean
line_available (KolEngine *engine,
                int        line)
{
  K1840AcquisitionState *as = acq (engine);

  for (int i = 0; i < as->n_available; i++)
    if (as->available[i] == line)
      return TRUE;
  return FALSE;
}

static void
drop_available (KolEngine *engine,
                int        line)
{
  K1840AcquisitionState *as = acq (engine);
  int m = 0;

  for (int i = 0; i < as->n_available; i++)
    if (as->available[i] != line)
      as->available[m++] = as->available[i];
  as->n_available = m;
}

static gboolean
acq_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  KolAuctioneer *au = acq_auctioneer (engine, s);

  switch (a->type)
    {
    case KOL_ACTION_MERGE:
      {
        KolArg args[2];

        if (a->corp < 0 || a->corp >= engine->n_corps || (!compat (engine) && !line_available (engine, a->corp)))
          return k1840_refuse (engine, error, KOL_REASON_1840_LINE_NOT_OFFERED, "this line is not up for auction");
        if (!compat (engine) && engine->corps[a->entity.index].cash < acq_min_bid (engine, s, kol_entity (KOL_ENTITY_CORP, a->corp)))
          {
            KolArg r[3] = {
              kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, engine->corps[a->entity.index].cash),
              kol_arg_int (KOL_ARG_MONEY, K1840 (engine)->line_min_bid),
            };

            return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, r, 3, "cannot afford the minimum bid");
          }
        au->auctioning = kol_entity (KOL_ENTITY_CORP, a->corp);
        args[0] = kol_arg_entity (a->entity);
        args[1] = kol_arg_int (KOL_ARG_CORP, a->corp);
        kol_engine_log (engine, KOL_LOG_1840_SELECTS_LINE, args, 2);
        return TRUE;
      }
    case KOL_ACTION_BID:
      {
        KolBid bid;

        if (a->corp < 0 || a->corp >= engine->n_corps)
          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such line");
        bid.target = kol_entity (KOL_ENTITY_CORP, a->corp);
        bid.bidder = a->entity;
        bid.price = a->price;
        if (!compat (engine))
          {
            if (!kol_entity_equal (bid.target, au->auctioning))
              return k1840_refuse (engine, error, KOL_REASON_BID_AUCTION_ONLY, "only the line up for auction takes bids");
            if ((bid.price - acq_min_bid (engine, s, bid.target)) % K1840 (engine)->line_bid_step != 0)
              return k1840_refuse (engine, error, KOL_REASON_NONE, "bids rise in steps of 5");
          }
        if (kol_auctioneer_n_bids (au, bid.target) == 0)
          {
            drop_available (engine, a->corp);
            return kol_passable_auction_selection_bid (engine, s, &acq_ops, &bid, error);
          }
        return acq_add_bid (engine, s, &bid, error);
      }
    case KOL_ACTION_PASS:
      if (acq_auctioning (engine))
        {
          kol_passable_auction_pass (engine, s, &acq_ops, a->entity);
          acq_resolve_bids (engine, s);
        }
      else
        {
          KolArg args[1] = { kol_arg_entity (a->entity) };

          kol_engine_log (engine, KOL_LOG_PASSES_BIDDING, args, 1);
          kol_entity_set_passed (engine, a->entity, TRUE);
          if (all_entities_passed (engine))
            acq_all_passed (engine, s);
          else
            acq_next_entity (engine, s);
        }
      return TRUE;
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
    }
}

static void
acq_setup (KolEngine *engine,
           KolStep   *s)
{
  K1840State *st = K1840 (engine);
  K1840AcquisitionState *as = acq (engine);

  /* @round.offer: the lines on offer by number */
  as->n_available = 0;
  for (int i = 0; i < st->n_tram_lines; i++)
    as->available[as->n_available++] = st->tram_lines[i];
  for (int i = 1; i < as->n_available; i++)
    for (int j = i; j > 0 && k1840_line_number (engine, as->available[j - 1]) > k1840_line_number (engine, as->available[j]); j--)
      {
        gint16 tmp = as->available[j];

        as->available[j] = as->available[j - 1];
        as->available[j - 1] = tmp;
      }
  as->n_who_bought = 0;
  kol_auctioneer_init (acq_auctioneer (engine, s));
}

static void
add_acq_bid (GPtrArray *out,
             KolEntity  entity,
             int        line,
             int        price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BID, entity);

  a->corp = (gint16) line;
  a->price = price;
  g_ptr_array_add (out, a);
}

static void
acq_legal_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity,
                   GPtrArray *out)
{
  KolAuctioneer *a = acq_auctioneer (engine, s);
  K1840AcquisitionState *as = acq (engine);
  guint32 actions;
  int cash = kol_engine_cash (engine, entity);

  if (!kol_step_is_current (engine, s, entity))
    return;
  actions = acq_actions (engine, s, entity);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_MERGE))
    for (int i = 0; i < as->n_available; i++)
      if (cash >= K1840 (engine)->line_min_bid)
        {
          KolAction *m = kol_action_new (KOL_ACTION_MERGE, entity);

          m->corp = as->available[i];
          g_ptr_array_add (out, m);
        }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_BID))
    {
      int min = acq_min_bid (engine, s, a->auctioning);

      if (min <= cash)
        add_acq_bid (out, entity, a->auctioning.index, min);
      if (min + 4 * K1840 (engine)->line_bid_step <= cash)
        add_acq_bid (out, entity, a->auctioning.index, min + 4 * K1840 (engine)->line_bid_step);
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static const KolStepClass step_acquisition_auction = {
  .name = "Acquire Corporations",
  .actions = acq_actions,
  .active_entities = acq_active_entities,
  .process = acq_process,
  .setup = acq_setup,
  .legal_actions = acq_legal_actions,
};

/* Round::Acquisition#select_entities: the tram companies with room for a
 * line, in this company round's order. */
static void
acq_select_entities (KolEngine *engine,
                     KolRound  *r)
{
  K1840State *st = K1840 (engine);

  r->n_entities = 0;
  for (int i = 0; i < st->n_sorted; i++)
    {
      int c = st->sorted[i];
      gint16 lines[K1840_MAX_LINES_PER_MAJOR];

      if (k1840_is (engine, c, K1840_MAJOR) && !engine->corps[c].closed && !engine->corps[c].removed &&
          k1840_major_lines (engine, c, lines) < st->max_lines)
        r->entities[r->n_entities++] = kol_entity (KOL_ENTITY_CORP, c);
    }
}

static const KolRoundClass round_acquisition = {
  .name = "Company Round",
  .short_name = "CR",
  .select_entities = acq_select_entities,
};

void
k1840_start_acquisition_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = {
    &k1840_step_sell_company, &step_interrupting_reassign, &step_interrupting_buy_train,
    &step_acquisition_auction,
  };

  kol_round_start (engine, &round_acquisition, K1840_ROUND_ACQUISITION, 1, steps, NULL, G_N_ELEMENTS (steps));
}
