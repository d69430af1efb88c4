/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-title-1840-private.h"

/*
 * What the computer players need to know of 1840 (KolPolicyHooks): the
 * game has a fixed length (the round bar, XI), lines earn in line rounds
 * for their tram company's revenue pile (IX.8) net of maintenance (Table
 * 7), a Stadtbahn company pays its run times the company round's
 * multiplier (VIII.5.2), and a line is worth what a tram can earn on it.
 */

/* What a line typically earns a line round once it has a tram, before the
 * board gives better figures. */
#define TYPICAL_LINE_RUN 40

static int
lrs_left (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);

  return MAX (st->n_lrs - st->lr_count + (engine->round.kind == K1840_ROUND_LINE ? 1 : 0), 0);
}

/* The company rounds whose dividends are still to come. */
static double
rounds_left (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);

  return MAX (st->n_crs - st->cr_counter + (engine->round.kind == K1840_ROUND_COMPANY_RUN ? 1 : 0), 0);
}

static int
multipliers_left (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);
  int first = st->cr_counter - (engine->round.kind == K1840_ROUND_COMPANY_RUN ? 1 : 0), sum = 0;

  for (int i = MAX (first, 0); i < st->n_crs && i < K1840_MAX_CR; i++)
    sum += st->multipliers[i];
  return sum;
}

/* A line run by the lines that have a tram, or TYPICAL_LINE_RUN. */
static int
typical_run (KolEngine *engine)
{
  int sum = 0, n = 0;

  for (int c = 0; c < engine->n_corps; c++)
    if (k1840_is (engine, c, K1840_LINE) && !engine->corps[c].closed && engine->corps[c].last_revenue > 0)
      {
        sum += engine->corps[c].last_revenue;
        n++;
      }
  return n > 0 ? MAX (sum / n, TYPICAL_LINE_RUN) : TYPICAL_LINE_RUN;
}

static int
lines_without_tram (KolEngine *engine,
                    int        major)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
  int n = k1840_major_lines (engine, major, lines), free = 0;

  for (int i = 0; i < n; i++)
    free += kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, lines[i]), trains, KOL_MAX_TRAINS) == 0;
  return free;
}

static double
future_income (KolEngine *engine,
               int        corp,
               int        routes,
               double     horizon)
{
  gint16 trains[KOL_MAX_TRAINS];

  if (k1840_is (engine, corp, K1840_CITY))
    return MAX (routes, 0) * (double) multipliers_left (engine);
  if (k1840_is (engine, corp, K1840_LINE))
    {
      int net = routes + k1840_maintenance_costs (engine, corp);

      return routes < 0 ? 0 : MAX (net, 0) * (double) lrs_left (engine);
    }
  /* a tram company's own trams wait to be put on its lines, those it
   * has or will buy (IV.3: at most max_lines) */
  {
    K1840State *st = k1840_state (engine);
    gint16 lines[K1840_MAX_LINES_PER_MAJOR];
    int spare = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, KOL_MAX_TRAINS);
    int n_lines = k1840_major_lines (engine, corp, lines);
    int room = lines_without_tram (engine, corp) + MAX (st->max_lines - n_lines, 0);
    int used = MIN (spare, room);

    return (double) used * typical_run (engine) * lrs_left (engine) * (n_lines > 0 ? 1.0 : 0.7);
  }
}

/* A line for a tram company: what a tram earns on it over the line rounds
 * left, less a tram to buy when the company has none spare. */
static double
lot_value (KolEngine *engine,
           KolEntity  bidder,
           int        lot)
{
  gint16 trains[KOL_MAX_TRAINS];
  double value;

  if (bidder.kind != KOL_ENTITY_CORP || !k1840_is (engine, lot, K1840_LINE))
    return -1;
  value = 0.4 * typical_run (engine) * lrs_left (engine);
  if (kol_engine_trains_of (engine, bidder, trains, KOL_MAX_TRAINS) <= lines_without_tram (engine, bidder.index))
    {
      int price = kol_depot_min_depot_price (engine);

      value -= MAX (price, 0);
    }
  return value;
}

const KolPolicyHooks k1840_policy_hooks = {
  .rounds_left = rounds_left,
  .future_income = future_income,
  .lot_value = lot_value,
};
