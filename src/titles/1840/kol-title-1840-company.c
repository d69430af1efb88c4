/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <math.h>
#include <string.h>

/*
 * Company rounds (VIII): private
 * dividends (CRa), the tram deck (CRb, at the round's start), the order by
 * share price (CRc), tram companies paying from their revenue pile and the
 * Stadtbahn runs (CRd). The SellCompany, Route and Dividend steps here serve
 * the line rounds too. Buying and reassigning trams is in
 * kol-title-1840-trams.c, the line auctions (CRe, CRf) in
 * kol-title-1840-acquisition.c.
 */

/* ------------------------------------------------------------ SellCompany */

/* IV.2 «могут быть добровольно возвращены в банк в любое время»: the owner
 * of a private, player or company, may return it to the bank at face
 * value at any time, whoever acts (the SellCompany step). 18xx.games
 * (compat) only while one of the owner's, or its director's, companies
 * acts. */
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
  if (!k1840_state (engine)->compat)
    return KOL_ACTION_BIT (KOL_ACTION_CHOOSE_ABILITY);
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
  return k1840_state (engine)->compat;
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
  if (k1840_is (engine, entity.index, K1840_LINE) && k1840_corp_trains (engine, entity.index, trains) > 0 &&
      (compat (engine) || kol_step_is_current (engine, s, entity)))
    base |= KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES) | KOL_ACTION_BIT (KOL_ACTION_SCRAP_TRAIN);
  return base;
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
      int n = k1840_corp_trains (engine, a->entity.index, trains);

      return k1840_scrap_train (engine, a, trains, n, error);
    }
  if (a->type == KOL_ACTION_RUN_ROUTES)
    return kol_step_route_process_run_routes (engine, s, a, error);
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a route action");
}

/* The Stadtbahn companies run by themselves (VIII.5.2): their runs are
 * automatic actions. */
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
      int n = k1840_corp_trains (engine, entity.index, trains);

      k1840_add_scrap_actions (out, entity, trains, n);
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
  K1840State *st = k1840_state (engine);
  int major = k1840_line_major (engine, line);
  KolEntity major_e, owner;
  KolArg args[2];

  if (major < 0)
    return;
  major_e = kol_entity (KOL_ENTITY_CORP, major);
  args[0] = kol_arg_int (KOL_ARG_CORP, line);
  args[1] = kol_arg_int (KOL_ARG_MONEY, to_pay);
  kol_engine_log (engine, K1840_LOG_HAS_TO_PAY, args, 2);
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
      kol_engine_log (engine, K1840_LOG_SUBVENTS, args, 2);
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

/* X.2, Table 6: after paying @paid the company's price moves; it is done. */
static gboolean
price_moves (KolEngine *engine,
             KolStep   *s,
             int        corp,
             int        paid)
{
  KolPriceChange change;

  kol_dividend_share_price_change (engine, corp, paid, &change);
  kol_dividend_change_share_price (engine, corp, &change);
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

  finish_run (engine, city);
  if (revenue > 0)
    kol_dividend_payout_shares (engine, city, revenue);
  else
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, city) };

      kol_engine_log (engine, KOL_LOG_DOES_NOT_RUN, args, 1);
    }
  return price_moves (engine, s, city, revenue);
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
  K1840State *st = k1840_state (engine);
  int revenue = k1840_major_revenue (engine, major), withhold;
  gint16 lines[K1840_MAX_LINES_PER_MAJOR];
  int n_lines = k1840_major_lines (engine, major, lines);
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
      KolArg r[2] = { kol_arg_int (KOL_ARG_REASON, K1840_REASON_DIVIDEND_STEP),
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
  kol_engine_log (engine, K1840_LOG_MAJOR_PAYS, args, 3);
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
  return price_moves (engine, s, major, amount);
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

/* Nothing to pay: a withhold (a tram company without revenue moves left, X.2). */
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
      int listed = k1840_state (engine)->dividend_step;
      int step = MAX (1, listed);
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

/* ------------------------------------------------------- company rounds */

static void
company_select_entities (KolEngine *engine,
                         KolRound  *r)
{
  K1840State *st = k1840_state (engine);
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

/* After an action: a Stadtbahn company's run is paid out at once
 * (VIII.5.2). */
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
    &k1840_step_sell_company, &k1840_step_buy_train, &k1840_step_reassign,
  };

  /* VIII.5.1, VIII.5.3: by the rulebook each company, in CRc order, pays
   * and then buys trams before the next acts; 18xx.games (compat) runs all
   * of them first and buys in rounds of its own */
  static const KolStepClass *const pay_then_buy_steps[] = {
    &k1840_step_sell_company, &k1840_step_route, &k1840_step_dividend, &k1840_step_buy_train, &k1840_step_reassign,
  };

  if (kind == K1840_ROUND_COMPANY_RUN && !k1840_state (engine)->compat)
    kol_round_start (engine, &round_company, kind, 1, pay_then_buy_steps, NULL, G_N_ELEMENTS (pay_then_buy_steps));
  else if (kind == K1840_ROUND_COMPANY_RUN)
    kol_round_start (engine, &round_company, kind, 1, run_steps, NULL, G_N_ELEMENTS (run_steps));
  else
    kol_round_start (engine, &round_company, kind, 1, train_steps, NULL, G_N_ELEMENTS (train_steps));
}
