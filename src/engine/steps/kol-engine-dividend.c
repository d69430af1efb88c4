/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-dividend.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-route.h"
#include "kol-engine-token.h"
#include "kol-engine-trains.h"

#include <math.h>
#include <string.h>

/* ----------------------------------------------------- the Route step */

/**
 * kol_route_trains:
 * @out: (out) (array): trains
 *
 * Returns: how many of @corp's trains have not run this round.
 */
int
kol_route_trains (KolEngine *engine,
                  int        corp,
                  gint16    *out,
                  int        max)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), list, KOL_MAX_TRAINS);
  int k = 0;

  for (int i = 0; i < n && k < max; i++)
    if (!engine->trains[list[i]].operated)
      out[k++] = list[i];
  return k;
}

/**
 * kol_step_route_round_state:
 *
 * A new round: no routes run yet.
 */
void
kol_step_route_round_state (KolEngine *engine,
                            KolStep   *s)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  st->n_routes = 0;
}

/**
 * kol_step_route_actions:
 *
 * Returns: run_routes for the current corporation when it has a train that
 * has not run and a route to run.
 */
guint32
kol_step_route_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity)
{
  gint16 trains[KOL_MAX_TRAINS];

  if (!kol_step_is_current (engine, s, entity) || entity.kind != KOL_ENTITY_CORP)
    return 0;
  if (kol_route_trains (engine, entity.index, trains, KOL_MAX_TRAINS) == 0 ||
      !kol_operating_can_run_route (engine, entity.index))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES);
}

static gboolean
refuse_route (KolEngine   *engine,
              GError     **error,
              int          train,
              KolReason    reason,
              const char  *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_REASON, reason), kol_arg_int (KOL_ARG_TRAIN, train) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 2, "route not valid: %s", message);
}

static gboolean
check_route_trains (KolEngine        *engine,
                    int               corp,
                    const KolAction  *a,
                    GError          **error)
{
  guint n = a->routes ? a->routes->len : 0;

  if (n > KOL_MAX_RUN_ROUTES)
    return refuse_route (engine, error, -1, KOL_REASON_ROUTE_TRAIN_TWICE, "too many routes");
  for (guint i = 0; i < n; i++)
    {
      const KolRouteSpec *r = g_ptr_array_index (a->routes, i);

      if (r->train < 0 || r->train >= engine->n_trains)
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
      if (!kol_entity_equal (engine->trains[r->train].owner, kol_entity (KOL_ENTITY_CORP, corp)))
        return refuse_route (engine, error, r->train, KOL_REASON_ROUTE_TRAIN_OWNER,
                             "cannot run another corporation's train");
      for (guint j = 0; j < i; j++)
        if (((const KolRouteSpec *) g_ptr_array_index (a->routes, j))->train == r->train)
          return refuse_route (engine, error, r->train, KOL_REASON_ROUTE_TRAIN_TWICE, "cannot run train twice");
      if (engine->trains[r->train].operated)
        return refuse_route (engine, error, r->train, KOL_REASON_ROUTE_TRAIN_OPERATED,
                             "cannot run train that operated");
    }
  return TRUE;
}

/* The stops of a run as 18xx.games writes them ("F6-G7-H8"): the record's
 * own string, or the stops' hex ids for a run made here, whose record has
 * none. */
static char *
run_stops (const KolEngine    *engine,
           const KolRouteSpec *r)
{
  GString *str;
  gboolean by_nodes = r->nodes != NULL && r->nodes->len > 0;
  guint n = by_nodes ? r->nodes->len : r->hexes != NULL ? r->hexes->len : 0;

  if (r->revenue_str != NULL && *r->revenue_str != '\0')
    return g_strdup (r->revenue_str);
  str = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      int hex = by_nodes ? g_array_index (r->nodes, KolRouteNode, i).hex : g_array_index (r->hexes, gint16, i);

      if (hex >= 0 && (guint) hex < engine->title->n_hexes)
        g_string_append_printf (str, "%s%s", str->len ? "-" : "", engine->title->hexes[hex].id);
    }
  return g_string_free (str, FALSE);
}

static void
log_run (KolEngine          *engine,
         int                 corp,
         const KolRouteSpec *r)
{
  g_autofree char *stops = run_stops (engine, r);
  KolArg args[4] = {
    kol_arg_int (KOL_ARG_CORP, corp),
    kol_arg_string (kol_engine_train_name (engine, r->train)),
    kol_arg_int (KOL_ARG_MONEY, r->revenue),
    kol_arg_string (stops),
  };

  kol_engine_log (engine, KOL_LOG_RUNS_TRAIN, args, 4);
}

/**
 * kol_step_route_process_run_routes:
 *
 * Processes a run: see kol-engine-dividend.h.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_route_process_run_routes (KolEngine        *engine,
                                   KolStep          *s,
                                   const KolAction  *a,
                                   GError          **error)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);
  int corp = a->entity.index;
  guint n = a->routes ? a->routes->len : 0;

  if (a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "only corporations run trains");
  if (!check_route_trains (engine, corp, a, error))
    return FALSE;
  if (h && h->validate_routes && !h->validate_routes (engine, corp, a, error))
    return FALSE;

  st->n_routes = (guint8) n;
  for (guint i = 0; i < n; i++)
    {
      const KolRouteSpec *r = g_ptr_array_index (a->routes, i);

      st->routes[i] = (KolRunRoute) { r->train, r->revenue };
      log_run (engine, corp, r);
    }
  st->extra_revenue = a->extra_revenue;
  if (a->extra_revenue != 0)
    {
      KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, corp), kol_arg_int (KOL_ARG_MONEY, a->extra_revenue) };

      kol_engine_log (engine, KOL_LOG_EXTRA_REVENUE, args, 2);
    }
  kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_route_process:
 *
 * Dispatches run_routes.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_route_process (KolEngine        *engine,
                        KolStep          *s,
                        const KolAction  *a,
                        GError          **error)
{
  if (a->type != KOL_ACTION_RUN_ROUTES)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a route action");
  return kol_step_route_process_run_routes (engine, s, a, error);
}

/**
 * kol_step_route_legal_actions:
 *
 * Appends the run of the router's proven best routes (the module's route
 * hooks say what the trains are).
 */
void
kol_step_route_legal_actions (KolEngine *engine,
                              KolStep   *s,
                              KolEntity  entity,
                              GPtrArray *out)
{
  if (kol_step_route_actions (engine, s, entity) == 0)
    return;
  kol_route_best_action (engine, entity.index, out);
}

const KolStepClass kol_step_route = {
  .name = "Run Routes",
  .actions = kol_step_route_actions,
  .process = kol_step_route_process,
  .round_state = kol_step_route_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_route_legal_actions,
};

/* ------------------------------------------------------ payout primitives */

static KolCapitalization
capitalization (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? (KolCapitalization) h->capitalization : KOL_CAPITALIZATION_FULL;
}

static int
total_shares (KolEngine *engine,
              int        corp)
{
  int percent = kol_engine_share_percent (engine, corp);

  return percent > 0 ? 100 / percent : 10;
}

/**
 * kol_dividend_per_share:
 *
 * Returns: @revenue divided by the corporation's total shares.
 */
double
kol_dividend_per_share (KolEngine *engine,
                        int        corp,
                        int        revenue)
{
  return revenue / (double) total_shares (engine, corp);
}

/**
 * kol_dividend_for_holder:
 *
 * Returns: what @holder's shares of @corp earn at @per_share, rounded up
 * (computed in doubles, so that the cents of recorded games' payouts round
 * the same way).
 */
int
kol_dividend_for_holder (KolEngine *engine,
                         int        corp,
                         KolEntity  holder,
                         double     per_share)
{
  double shares = kol_engine_percent_of (engine, holder, corp) / (double) kol_engine_share_percent (engine, corp);

  return (int) ceil (shares * per_share);
}

/**
 * kol_dividend_to_corporation:
 *
 * Returns: the dividends paid to the corporation itself: on its treasury
 * shares when incrementally capitalised (1849), else on the pool's shares.
 */
int
kol_dividend_to_corporation (KolEngine *engine,
                             int        corp,
                             double     per_share)
{
  KolEntity holder = capitalization (engine) == KOL_CAPITALIZATION_INCREMENTAL
                       ? kol_entity (KOL_ENTITY_CORP, corp)
                       : kol_entity (KOL_ENTITY_POOL, 0);

  return kol_dividend_for_holder (engine, corp, holder, per_share);
}

/* The per-share amount in the log as recorded games write it ("3.5", "7.0"). */
static void
format_per_share (double value,
                  char  *buf,
                  gsize  size)
{
  g_ascii_dtostr (buf, (int) size, value);
  if (strchr (buf, '.') == NULL && strchr (buf, 'e') == NULL)
    g_strlcat (buf, ".0", size);
}

typedef struct
{
  KolEntity receiver;
  int       amount;
} Payout;

static void
log_payouts (KolEngine *engine,
             int        corp,
             int        revenue,
             double     per_share,
             Payout    *payouts,
             int        n)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  KolArg args[3];

  format_per_share (per_share, buf, sizeof buf);
  args[0] = kol_arg_int (KOL_ARG_CORP, corp);
  args[1] = kol_arg_int (KOL_ARG_MONEY, revenue);
  args[2] = kol_arg_string (buf);
  kol_engine_log (engine, KOL_LOG_PAYS_OUT, args, 3);
  /* receivers, largest first (a stable sort: equal amounts in payee order) */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && payouts[j - 1].amount < payouts[j].amount; j--)
      {
        Payout tmp = payouts[j];
        payouts[j] = payouts[j - 1];
        payouts[j - 1] = tmp;
      }
  for (int i = 0; i < n; i++)
    {
      KolArg r[2] = { kol_arg_entity (payouts[i].receiver), kol_arg_int (KOL_ARG_MONEY, payouts[i].amount) };

      kol_engine_log (engine, KOL_LOG_DIVIDEND_TO, r, 2);
    }
}

static int
pay_holder (KolEngine *engine,
            int        corp,
            KolEntity  payee,
            double     per_share,
            Payout    *payouts,
            int        n)
{
  int amount = payee.kind == KOL_ENTITY_CORP && payee.index == corp
                 ? kol_dividend_to_corporation (engine, corp, per_share)
                 : kol_dividend_for_holder (engine, corp, payee, per_share);

  if (amount == 0)
    return n;
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), payee, amount);
  payouts[n] = (Payout) { payee, amount };
  return n + 1;
}

/**
 * kol_dividend_payout_shares:
 *
 * Every player, then every corporation (the paying one for its own shares,
 * see kol_dividend_to_corporation), receives its dividends from the bank
 * (1849 §10.5.3).
 */
void
kol_dividend_payout_shares (KolEngine *engine,
                            int        corp,
                            int        revenue)
{
  Payout payouts[KOL_MAX_PLAYERS + KOL_MAX_CORPS];
  double per_share = kol_dividend_per_share (engine, corp, revenue);
  int n = 0;

  for (int i = 0; i < engine->n_players; i++)
    n = pay_holder (engine, corp, kol_entity (KOL_ENTITY_PLAYER, engine->player_order[i]), per_share, payouts, n);
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (!engine->corps[c].closed)
        n = pay_holder (engine, corp, kol_entity (KOL_ENTITY_CORP, c), per_share, payouts, n);
    }
  log_payouts (engine, corp, revenue, per_share, payouts, n);
}

/**
 * kol_dividend_payout_corporation:
 *
 * The corporation keeps @amount: the bank pays it.
 */
void
kol_dividend_payout_corporation (KolEngine *engine,
                                 int        corp,
                                 int        amount)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->payout_corporation)
    h->payout_corporation (engine, corp, amount);
  else if (amount > 0)
    kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), kol_entity (KOL_ENTITY_CORP, corp), amount);
}

/**
 * kol_default_share_price_change:
 *
 * Right once for a payout, else left once (1849 §10.5.3 without its rule
 * on the amount, which is the title's hook).
 */
void
kol_default_share_price_change (KolEngine      *engine,
                                int             corp,
                                int             revenue,
                                KolPriceChange *out)
{
  memset (out, 0, sizeof *out);
  out->n = 1;
  out->moves[0].direction = revenue > 0 ? KOL_PRICE_RIGHT : KOL_PRICE_LEFT;
  out->moves[0].times = 1;
}

/**
 * kol_dividend_share_price_change:
 *
 * The price moves for paying @revenue, through the title's hook.
 */
void
kol_dividend_share_price_change (KolEngine      *engine,
                                 int             corp,
                                 int             revenue,
                                 KolPriceChange *out)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  memset (out, 0, sizeof *out);
  if (h && h->share_price_change)
    h->share_price_change (engine, corp, revenue, out);
  else
    kol_default_share_price_change (engine, corp, revenue, out);
}

/**
 * kol_dividend_change_share_price:
 *
 * Moves the price as @change says, in order, then logs one line with the
 * number of steps right.
 */
void
kol_dividend_change_share_price (KolEngine            *engine,
                                 int                   corp,
                                 const KolPriceChange *change)
{
  KolCell from = kol_market_corp_cell (engine, corp);
  int right_times = 0;

  if (change->n == 0 || kol_cell_is_none (from))
    return;
  for (int m = 0; m < change->n && m < KOL_MAX_PRICE_MOVES; m++)
    for (int t = 0; t < change->moves[m].times; t++)
      switch (change->moves[m].direction)
        {
        case KOL_PRICE_LEFT:
          kol_market_move_left (engine, corp);
          break;
        case KOL_PRICE_RIGHT:
          kol_market_move_right (engine, corp);
          right_times++;
          break;
        case KOL_PRICE_UP:
          kol_market_move_up (engine, corp);
          break;
        case KOL_PRICE_DOWN:
          kol_market_move_down (engine, corp);
          break;
        default:
          break;
        }
  kol_market_log_share_price (engine, corp, from, right_times, FALSE);
}

/**
 * kol_dividend_rust_obsolete_trains:
 *
 * The corporation's obsolete trains rust after running.
 */
void
kol_dividend_rust_obsolete_trains (KolEngine *engine,
                                   int        corp)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), list, KOL_MAX_TRAINS);
  gboolean any = FALSE;

  for (int i = 0; i < n; i++)
    if (engine->trains[list[i]].obsolete)
      {
        kol_engine_rust_train (engine, list[i]);
        any = TRUE;
      }
  if (any)
    kol_engine_log (engine, KOL_LOG_OBSOLETE_TRAINS_RUST, NULL, 0);
}

/* -------------------------------------------------- the Dividend step */

/**
 * kol_dividend_total_revenue:
 *
 * Returns: the revenue of the stored routes plus the extra revenue.
 */
int
kol_dividend_total_revenue (KolEngine *engine,
                            int        corp)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  return kol_operating_routes_revenue (engine, corp, st->routes, st->n_routes) + st->extra_revenue;
}

static void
fill_option (KolEngine         *engine,
             int                corp,
             const char        *kind,
             int                keep,
             double             per_share,
             int                revenue,
             KolDividendOption *out)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  memset (out, 0, sizeof *out);
  g_strlcpy (out->kind, kind, sizeof out->kind);
  out->corporation = keep;
  out->per_share = per_share;
  out->divs_to_corporation = kol_dividend_to_corporation (engine, corp, per_share);
  if (h && h->dividend_price_change)
    h->dividend_price_change (engine, corp, kind, revenue, revenue - keep, &out->price_change);
  else
    kol_dividend_share_price_change (engine, corp, revenue - keep, &out->price_change);
}

/**
 * kol_dividend_half_withheld:
 *
 * Half pay: the corporation keeps half the revenue,
 * rounded down to a whole amount per share, so that the other half pays
 * every share alike.
 *
 * Returns: what the corporation keeps.
 */
int
kol_dividend_half_withheld (KolEngine *engine,
                            int        corp,
                            int        revenue)
{
  int shares = kol_corp_total_shares (engine, corp);

  if (shares <= 2)
    return revenue / 2;
  return revenue / 2 / shares * shares;
}

/**
 * kol_dividend_options:
 * @out: (out) (array): payout and withhold
 *
 * Returns: the ways @corp may pay now (payout, withhold).
 */
int
kol_dividend_options (KolEngine         *engine,
                      int                corp,
                      KolDividendOption *out,
                      int                max)
{
  int revenue = kol_dividend_total_revenue (engine, corp);
  int n = 0;

  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (n < max)
    fill_option (engine, corp, "payout", 0, kol_dividend_per_share (engine, corp, revenue), revenue, &out[n++]);
  if (n < max && h && h->dividend_half)
    {
      int keep = kol_dividend_half_withheld (engine, corp, revenue);

      fill_option (engine, corp, "half", keep, kol_dividend_per_share (engine, corp, revenue - keep), revenue,
                   &out[n++]);
    }
  if (n < max)
    fill_option (engine, corp, "withhold", revenue, 0, revenue, &out[n++]);
  return n;
}

/**
 * kol_step_dividend_round_state:
 *
 * A new round: no extra revenue.
 */
void
kol_step_dividend_round_state (KolEngine *engine,
                               KolStep   *s)
{
  KOL_OPERATING_STATE (engine)->extra_revenue = 0;
}

/**
 * kol_step_dividend_actions:
 *
 * Returns: dividend for the current corporation when its routes earned
 * something (or cost something).
 */
guint32
kol_step_dividend_actions (KolEngine *engine,
                           KolStep   *s,
                           KolEntity  entity)
{
  if (!kol_step_is_current (engine, s, entity) || entity.kind != KOL_ENTITY_CORP)
    return 0;
  if (kol_dividend_total_revenue (engine, entity.index) == 0)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_DIVIDEND);
}

static void
log_run_payout (KolEngine               *engine,
                int                      corp,
                const char              *kind,
                int                      revenue,
                const KolDividendOption *payout)
{
  KolArg args[3] = { kol_arg_int (KOL_ARG_CORP, corp) };

  if (g_strcmp0 (kind, "payout") != 0 && g_strcmp0 (kind, "withhold") != 0)
    {
      args[1] = kol_arg_int (KOL_ARG_MONEY, revenue);
      args[2] = kol_arg_string (kind);
      kol_engine_log (engine, KOL_LOG_RUNS_AND_PAYS, args, 3);
    }
  if (payout->corporation > 0)
    {
      args[1] = kol_arg_int (KOL_ARG_MONEY, payout->corporation);
      kol_engine_log (engine, KOL_LOG_WITHHOLDS, args, 2);
    }
  else if (payout->per_share == 0)
    kol_engine_log (engine, KOL_LOG_DOES_NOT_RUN, args, 1);
}

static void
set_trains_operated (KolEngine *engine,
                     int        corp)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (kol_entity_equal (engine->trains[i].owner, kol_entity (KOL_ENTITY_CORP, corp)))
      {
        engine->trains[i].operated = TRUE;
        engine->trains[i].ever_operated = TRUE;
      }
}

/**
 * kol_step_dividend_process_kind:
 *
 * Records the turn, marks the trains as run,
 * rusts obsolete ones, pays the corporation and the shareholders, moves the
 * share price and passes.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_dividend_process_kind (KolEngine   *engine,
                                KolStep     *s,
                                int          corp,
                                const char  *kind,
                                GError     **error)
{
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);
  KolDividendOption options[KOL_MAX_DIVIDEND_OPTIONS];
  const KolDividendOption *payout = NULL;
  int revenue = kol_dividend_total_revenue (engine, corp);
  int n = kol_dividend_options (engine, corp, options, KOL_MAX_DIVIDEND_OPTIONS);

  for (int i = 0; i < n && payout == NULL; i++)
    if (g_strcmp0 (options[i].kind, kind) == 0)
      payout = &options[i];
  if (payout == NULL)
    {
      KolArg args[2] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_DIVIDEND_KIND), kol_arg_string (kind) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2, "not a dividend option: %s",
                              kind ? kind : "(none)");
    }

  kol_operating_record_history (engine, corp);
  if (st->n_routes > 0)
    kol_operating_close_companies_on_event (engine, corp, "ran_train");
  set_trains_operated (engine, corp);
  kol_dividend_rust_obsolete_trains (engine, corp);
  st->n_routes = 0;
  st->extra_revenue = 0;

  log_run_payout (engine, corp, kind, revenue, payout);
  kol_dividend_payout_corporation (engine, corp, payout->corporation);
  if (payout->per_share > 0)
    kol_dividend_payout_shares (engine, corp, revenue - payout->corporation);
  kol_dividend_change_share_price (engine, corp, &payout->price_change);
  kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_dividend_process:
 *
 * Dispatches dividend.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_dividend_process (KolEngine        *engine,
                           KolStep          *s,
                           const KolAction  *a,
                           GError          **error)
{
  if (a->type != KOL_ACTION_DIVIDEND || a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a dividend action");
  return kol_step_dividend_process_kind (engine, s, a->entity.index, a->kind, error);
}

/**
 * kol_step_dividend_skip:
 *
 * Nothing was run: processes a withhold, so that the price moves left (1849
 * §10.5: a corporation without trains earns nothing and its price moves
 * left).
 */
void
kol_step_dividend_skip (KolEngine *engine,
                        KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (e.kind != KOL_ENTITY_CORP || !kol_step_dividend_process_kind (engine, s, e.index, "withhold", NULL))
    kol_step_pass (engine, s);
}

/**
 * kol_step_dividend_pass:
 *
 * After the dividend: a corporation's first operation closes the companies
 * that close then.
 */
void
kol_step_dividend_pass (KolEngine *engine,
                        KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (e.kind == KOL_ENTITY_CORP && kol_operating_history_size (engine, e.index) == 1)
    kol_operating_close_companies_on_event (engine, e.index, "operated");
  s->passed = TRUE;
}

/**
 * kol_step_dividend_legal_actions:
 *
 * Appends a dividend action for each option.
 */
void
kol_step_dividend_legal_actions (KolEngine *engine,
                                 KolStep   *s,
                                 KolEntity  entity,
                                 GPtrArray *out)
{
  KolDividendOption options[KOL_MAX_DIVIDEND_OPTIONS];
  int n;

  if (kol_step_dividend_actions (engine, s, entity) == 0)
    return;
  n = kol_dividend_options (engine, entity.index, options, G_N_ELEMENTS (options));
  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_DIVIDEND, entity);

      a->kind = g_strdup (options[i].kind);
      g_ptr_array_add (out, a);
    }
}

const KolStepClass kol_step_dividend = {
  .name = "Pay or Withhold Dividends",
  .actions = kol_step_dividend_actions,
  .process = kol_step_dividend_process,
  .round_state = kol_step_dividend_round_state,
  .skip = kol_step_dividend_skip,
  .pass = kol_step_dividend_pass,
  .legal_actions = kol_step_dividend_legal_actions,
};
