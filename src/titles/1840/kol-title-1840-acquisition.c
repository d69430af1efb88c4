/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

/*
 * The acquisition round (CRe, CRf; VIII.6, VIII.7): the tram companies with room for a
 * line, in the company round's order, choose lines on offer and auction
 * them among themselves; the winner buys and reassigns trams at once
 * (kol-title-1840-trams.c). When all have passed, new line cards come, or
 * the unowned lines leave once every tram company has three (IV.3).
 */

/* --------------------------------------------------- acquisition round */

static gboolean
compat (KolEngine *engine)
{
  return k1840_state (engine)->compat;
}

/* ---- AcquisitionAuction ---- */

static int
acq_min_bid (KolEngine *engine,
             KolStep   *s,
             KolEntity  target)
{
  const KolBid *high = kol_auctioneer_highest (k1840_auctioneer (engine, s), target);

  return high == NULL ? k1840_state (engine)->line_min_bid : high->price + k1840_state (engine)->line_bid_step;
}

static void acq_next_entity (KolEngine *engine, KolStep *s);

/* Everyone passed: those that bought nothing may still buy trams; then new
 * line cards come, or the unowned lines leave once every tram company has
 * three. */
static void
acq_all_passed (KolEngine *engine,
                KolStep   *s)
{
  K1840State *st = k1840_state (engine);
  K1840AcquisitionState *as = k1840_acq_round (engine);
  gboolean room = FALSE;

  for (int i = 0; i < engine->round.n_entities; i++)
    {
      int corp = engine->round.entities[i].index;
      gboolean bought = FALSE;

      for (int k = 0; k < as->n_who_bought; k++)
        bought |= as->who_bought[k] == corp;
      if (!bought)
        k1840_queue_push (as->bought, &as->n_bought, corp);
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
      if (k1840_all_entities_passed (engine))
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
  K1840AcquisitionState *as = k1840_acq_round (engine);
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
  k1840_queue_push (as->bought, &as->n_bought, major);
  if (as->n_who_bought < K1840_MAX_MAJORS)
    as->who_bought[as->n_who_bought++] = (gint16) major;
  kol_entity_set_passed (engine, winner->bidder, TRUE);
}

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

/* After an auction: the turn goes back to whoever started it, or on if it
 * won. */
static void
acq_after_resolve (KolEngine *engine,
                   KolStep   *s)
{
  KolEntity triggerer = k1840_auctioneer (engine, s)->auction_triggerer;

  if (triggerer.kind != KOL_ENTITY_NONE && kol_entity_passed (engine, triggerer))
    acq_next_entity (engine, s);
}

static guint32
acq_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  guint32 actions = 0;

  if (!k1840_entity_is (engine, entity, K1840_MAJOR))
    return 0;
  if (!compat (engine) && !kol_step_is_current (engine, s, entity))
    return 0;
  /* IV.3: three lines in all */
  if (!compat (engine))
    {
      gint16 lines[K1840_MAX_LINES_PER_MAJOR];

      if (k1840_major_lines (engine, entity.index, lines) >= k1840_state (engine)->max_lines)
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
acq_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  KolAuctioneer *au = k1840_auctioneer (engine, s);
  K1840AcquisitionState *as = k1840_acq_round (engine);

  switch (a->type)
    {
    case KOL_ACTION_MERGE:
      {
        KolArg args[2];

        if (a->corp < 0 || a->corp >= engine->n_corps ||
            (!compat (engine) && !k1840_listed (as->available, as->n_available, a->corp)))
          return k1840_refuse (engine, error, K1840_REASON_LINE_NOT_OFFERED, "this line is not up for auction");
        if (!compat (engine) && engine->corps[a->entity.index].cash < acq_min_bid (engine, s, kol_entity (KOL_ENTITY_CORP, a->corp)))
          {
            KolArg r[3] = {
              kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, engine->corps[a->entity.index].cash),
              kol_arg_int (KOL_ARG_MONEY, k1840_state (engine)->line_min_bid),
            };

            return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, r, 3, "cannot afford the minimum bid");
          }
        au->auctioning = kol_entity (KOL_ENTITY_CORP, a->corp);
        args[0] = kol_arg_entity (a->entity);
        args[1] = kol_arg_int (KOL_ARG_CORP, a->corp);
        kol_engine_log (engine, K1840_LOG_SELECTS_LINE, args, 2);
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
        if (!compat (engine) && !kol_entity_equal (bid.target, au->auctioning))
          return k1840_refuse (engine, error, KOL_REASON_BID_AUCTION_ONLY, "only the line up for auction takes bids");
        if (!k1840_auction_check_raise (engine, s, &bid, k1840_state (engine)->line_bid_step, error))
          return FALSE;
        if (kol_auctioneer_n_bids (au, bid.target) == 0)
          {
            k1840_unlist (as->available, &as->n_available, a->corp);
            return kol_passable_auction_selection_bid (engine, s, &k1840_auction_ops, &bid, error);
          }
        return k1840_auction_add_bid (engine, s, &bid, error);
      }
    case KOL_ACTION_PASS:
      if (k1840_auction_pass (engine, s, a->entity))
        acq_next_entity (engine, s);
      return TRUE;
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
    }
}

static void
acq_setup (KolEngine *engine,
           KolStep   *s)
{
  K1840State *st = k1840_state (engine);
  K1840AcquisitionState *as = k1840_acq_round (engine);

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
  kol_auctioneer_init (k1840_auctioneer (engine, s));
}

static void
acq_legal_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity,
                   GPtrArray *out)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  K1840AcquisitionState *as = k1840_acq_round (engine);
  guint32 actions;
  int cash = kol_engine_cash (engine, entity);

  if (!kol_step_is_current (engine, s, entity))
    return;
  actions = acq_actions (engine, s, entity);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_MERGE))
    for (int i = 0; i < as->n_available; i++)
      if (cash >= k1840_state (engine)->line_min_bid)
        {
          KolAction *m = kol_action_new (KOL_ACTION_MERGE, entity);

          m->corp = as->available[i];
          g_ptr_array_add (out, m);
        }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_BID))
    {
      int min = acq_min_bid (engine, s, a->auctioning);

      k1840_add_bid_actions (out, entity, a->auctioning, min, 4 * k1840_state (engine)->line_bid_step, cash);
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static const K1840AuctionClass step_acquisition_auction = {
  .step = {
    .name = "Acquire Corporations",
    .actions = acq_actions,
    .active_entities = k1840_auction_active_entities,
    .process = acq_process,
    .setup = acq_setup,
    .legal_actions = acq_legal_actions,
  },
  .min_bid = acq_min_bid,
  .win_bid = acq_win_bid,
  .after_resolve = acq_after_resolve,
  .initial_auction_entities = acq_initial_entities,
};

/* The round's entities: the tram companies with room for a
 * line, in this company round's order. */
static void
acq_select_entities (KolEngine *engine,
                     KolRound  *r)
{
  K1840State *st = k1840_state (engine);

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
    &k1840_step_sell_company, &k1840_step_interrupting_reassign, &k1840_step_interrupting_buy_train,
    &step_acquisition_auction.step,
  };
  static const gint16 opts[] = { 0, K1840_QUEUE_REASSIGN, K1840_QUEUE_BOUGHT, 0 };

  kol_round_start (engine, &round_acquisition, K1840_ROUND_ACQUISITION, 1, steps, opts, G_N_ELEMENTS (steps));
}
