/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <stdlib.h>
#include <string.h>

/*
 * The pre-round (VI): the landmark privates are auctioned in turn order (a
 * selection auction on the engine's passable auctions), then the players
 * choose their SR1 positions from the least cash up. Also what this
 * auction shares with the line auction of the acquisition round
 * (kol-title-1840-acquisition.c): in both the bidders take turns, bid all
 * their cash at most and pass out.
 */

/* ------------------------------------------- both auctions: bids, passes */

static const K1840AuctionClass *
auction_class (KolStep *s)
{
  return (const K1840AuctionClass *) (const void *) s->klass;
}

/* Both auctions keep their bids in the round's KolAuctionRoundState. */
KolAuctioneer *
k1840_auctioneer (KolEngine *engine,
                  KolStep   *s)
{
  return &KOL_AUCTION_STATE (engine)->auction;
}

/* Is a private or a line up for auction (it has a bid)? */
gboolean
k1840_auctioning (KolEngine *engine)
{
  KolAuctioneer *a = k1840_auctioneer (engine, NULL);

  return a->auctioning.kind != KOL_ENTITY_NONE && kol_auctioneer_n_bids (a, a->auctioning) > 0;
}

static int
min_bid (KolEngine *engine,
         KolStep   *s,
         KolEntity  target)
{
  return auction_class (s)->min_bid (engine, s, target);
}

/* A bidder may bid all its cash. */
static int
max_bid (KolEngine *engine,
         KolStep   *s,
         KolEntity  bidder,
         KolEntity  target)
{
  return kol_engine_cash (engine, bidder);
}

static void
win_bid (KolEngine    *engine,
         KolStep      *s,
         const KolBid *winner,
         KolEntity     target)
{
  auction_class (s)->win_bid (engine, s, winner, target);
}

static void
post_win_bid (KolEngine    *engine,
              KolStep      *s,
              const KolBid *winner,
              KolEntity     target)
{
}

/* The bidders of a new auction: the auction's own, or the round's. */
static int
initial_auction_entities (KolEngine *engine,
                          KolStep   *s,
                          KolEntity *out)
{
  const K1840AuctionClass *c = auction_class (s);

  if (c->initial_auction_entities)
    return c->initial_auction_entities (engine, s, out);
  memcpy (out, engine->round.entities, (gsize) engine->round.n_entities * sizeof out[0]);
  return engine->round.n_entities;
}

gboolean
k1840_auction_add_bid (KolEngine     *engine,
                       KolStep       *s,
                       const KolBid  *bid,
                       GError       **error)
{
  KolArg args[3];

  if (!kol_passable_auction_add_bid (engine, s, &k1840_auction_ops, bid, error))
    return FALSE;
  /* bidder, what is bid for, the bid: as every auction logs it */
  args[0] = kol_arg_entity (bid->bidder);
  args[1] = kol_arg_entity (bid->target);
  args[2] = kol_arg_int (KOL_ARG_MONEY, bid->price);
  kol_engine_log (engine, KOL_LOG_BIDS, args, 3);
  return TRUE;
}

void
k1840_auction_resolve_bids (KolEngine *engine,
                            KolStep   *s)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);

  kol_passable_auction_resolve_bids (engine, s, &k1840_auction_ops);
  if (a->auction_triggerer.kind != KOL_ENTITY_NONE)
    kol_round_goto_entity (engine, a->auction_triggerer);
  auction_class (s)->after_resolve (engine, s);
}

const KolPassableAuctionOps k1840_auction_ops = {
  .min_bid = min_bid,
  .max_bid = max_bid,
  .win_bid = win_bid,
  .post_win_bid = post_win_bid,
  .resolve_bids = k1840_auction_resolve_bids,
  .add_bid = k1840_auction_add_bid,
  .initial_auction_entities = initial_auction_entities,
  .auctioneer = k1840_auctioneer,
};

/* VI, VIII.6: bids rise in multiples of 5 over the minimum (18xx.games
 * takes any amount). */
gboolean
k1840_auction_check_raise (KolEngine     *engine,
                           KolStep       *s,
                           const KolBid  *bid,
                           int            step,
                           GError       **error)
{
  if (!k1840_state (engine)->compat && (bid->price - min_bid (engine, s, bid->target)) % step != 0)
    return k1840_refuse (engine, error, KOL_REASON_NONE, "bids rise in steps of 5");
  return TRUE;
}

int
k1840_auction_active_entities (KolEngine *engine,
                               KolStep   *s,
                               KolEntity *out,
                               int        max)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);

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

gboolean
k1840_all_entities_passed (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_entity_passed (engine, engine->round.entities[i]))
      return FALSE;
  return TRUE;
}

gboolean
k1840_auction_pass (KolEngine *engine,
                    KolStep   *s,
                    KolEntity  entity)
{
  KolArg args[1] = { kol_arg_entity (entity) };

  if (k1840_auctioning (engine))
    {
      kol_passable_auction_pass (engine, s, &k1840_auction_ops, entity);
      k1840_auction_resolve_bids (engine, s);
      return FALSE;
    }
  kol_engine_log (engine, KOL_LOG_PASSES_BIDDING, args, 1);
  kol_entity_set_passed (engine, entity, TRUE);
  return TRUE;
}

static void
add_bid_action (GPtrArray *out,
                KolEntity  entity,
                KolEntity  target,
                int        price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BID, entity);

  if (target.kind == KOL_ENTITY_COMPANY)
    a->company = (gint16) target.index;
  else
    a->corp = (gint16) target.index;
  a->price = price;
  g_ptr_array_add (out, a);
}

void
k1840_add_bid_actions (GPtrArray *out,
                       KolEntity  entity,
                       KolEntity  target,
                       int        min,
                       int        raise,
                       int        cash)
{
  if (min <= cash)
    add_bid_action (out, entity, target, min);
  if (min + raise <= cash)
    add_bid_action (out, entity, target, min + raise);
}

/* ------------------------------------------------------ SelectionAuction */

static int
sel_min_bid (KolEngine *engine,
             KolStep   *s,
             KolEntity  target)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  const KolBid *high;

  if (target.kind != KOL_ENTITY_COMPANY)
    return 0;
  high = kol_auctioneer_highest (a, target);
  if (high == NULL)
    return kol_company_min_bid (engine, target.index);
  return high->price + kol_auction_min_increment (engine);
}

static void
sel_win_bid (KolEngine    *engine,
             KolStep      *s,
             const KolBid *winner,
             KolEntity     target)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  KolArg args[3];

  if (winner == NULL)
    return;
  kol_engine_move_company (engine, target.index, winner->bidder);
  if (winner->price > 0)
    kol_engine_transfer (engine, winner->bidder, kol_entity (KOL_ENTITY_BANK, 0), winner->price);
  k1840_unlist (a->companies, &a->n_companies, target.index);
  args[0] = kol_arg_entity (winner->bidder);
  args[1] = kol_arg_int (KOL_ARG_COMPANY, target.index);
  args[2] = kol_arg_int (KOL_ARG_MONEY, winner->price);
  kol_engine_log (engine, KOL_LOG_WINS_AUCTION, args, 3);
}

/* after resolve_bids: everyone may bid again. */
static void
unpass_players (KolEngine *engine,
                KolStep   *s)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
}

static KolEntity
sel_current (KolEngine *engine,
             KolStep   *s)
{
  KolEntity e[1];

  return k1840_auction_active_entities (engine, s, e, 1) == 1 ? e[0] : KOL_ENTITY_INIT_NONE;
}

static guint32
sel_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  if (k1840_auctioneer (engine, s)->n_companies == 0)
    return 0;
  if (!kol_entity_equal (entity, sel_current (engine, s)) || entity.kind != KOL_ENTITY_PLAYER)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static void
next_entity (KolEngine *engine)
{
  for (int guard = 0; guard <= engine->round.n_entities; guard++)
    {
      kol_round_next_entity_index (engine);
      if (!kol_entity_passed (engine, kol_round_entity (engine)))
        return;
    }
}

/* Whether a player already holds a private company: in the pre-round that
 * means an auction of it has ended. */
static gboolean
any_private_sold (KolEngine *engine)
{
  for (int c = 0; c < engine->n_companies; c++)
    if (!engine->companies[c].closed && engine->companies[c].owner.kind == KOL_ENTITY_PLAYER)
      return TRUE;
  return FALSE;
}

/* VI «ее номинальная стоимость уменьшается на 5»: the face value itself
 * drops, so the private is returned to the bank, scored and sold to a
 * company at the lowered value (IV.2); at 0 it is worth 0. 18xx.games
 * (compat) lowers only the minimum bid and keeps the face value. */
static void
lower_first_private (KolEngine *engine,
                     int        company)
{
  KolCompany *c = &engine->companies[company];

  if (k1840_state (engine)->compat)
    c->discounted = (guint8) MIN (c->discounted + 5, 255);
  else
    c->value = MAX (c->value - 5, 0);
}

/* Everyone passed. VI: during the auction of the first private its price
 * drops by 5 and at 0 the Starting Player must take it; during any later
 * one the privates in players' hands pay their dividends. 18xx.games
 * (compat) lowers the cheapest for as long as it is unsold, whatever was
 * sold before it. */

static void
all_passed (KolEngine *engine,
            KolStep   *s)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  int cheapest = a->cheapest;
  gboolean forced = FALSE;

  if (cheapest >= 0 && k1840_listed (a->companies, a->n_companies, cheapest) &&
      (k1840_state (engine)->compat || !any_private_sold (engine)))
    {
      int value = kol_company_min_bid (engine, cheapest), nv;
      KolArg args[3];

      lower_first_private (engine, cheapest);
      nv = kol_company_min_bid (engine, cheapest);
      args[0] = kol_arg_int (KOL_ARG_COMPANY, cheapest);
      args[1] = kol_arg_int (KOL_ARG_MONEY, value);
      args[2] = kol_arg_int (KOL_ARG_MONEY, nv);
      kol_engine_log (engine, KOL_LOG_MIN_BID_DECREASES, args, 3);
      if (nv <= 0)
        {
          KolEntity player;

          forced = TRUE;
          /* VI: at 0 the Starting Player must take it (18xx.games: the
           * player after the last to pass) */
          if (k1840_state (engine)->compat)
            kol_round_next_entity_index (engine);
          else
            engine->round.entity_index = 0;
          player = sel_current (engine, s);
          kol_engine_move_company (engine, cheapest, player);
          k1840_unlist (a->companies, &a->n_companies, cheapest);
          args[0] = kol_arg_entity (player);
          args[1] = kol_arg_int (KOL_ARG_COMPANY, cheapest);
          args[2] = kol_arg_int (KOL_ARG_MONEY, 0);
          kol_engine_log (engine, KOL_LOG_WINS_AUCTION, args, 3);
          k1840_auction_resolve_bids (engine, s);
        }
    }
  else
    kol_operating_payout_companies (engine);
  unpass_players (engine, s);
  /* VI: a new auction begins with the Starting Player (the caller moves on
   * to the next entity; after a forced take that is the second player) */
  if (!k1840_state (engine)->compat && !forced && engine->round.n_entities > 0)
    engine->round.entity_index = engine->round.n_entities - 1;
}

static gboolean
sel_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  KolAuctioneer *au = k1840_auctioneer (engine, s);
  KolBid bid;

  if (a->type == KOL_ACTION_PASS)
    {
      if (k1840_auction_pass (engine, s, a->entity) && k1840_all_entities_passed (engine))
        all_passed (engine, s);
      next_entity (engine);
      return TRUE;
    }
  if (a->type != KOL_ACTION_BID)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an auction action");
  if (a->company < 0 || a->company >= engine->n_companies ||
      !k1840_listed (au->companies, au->n_companies, a->company))
    return k1840_refuse (engine, error, KOL_REASON_BID_AUCTION_ONLY, "this private is not for sale");
  bid.target = kol_entity (KOL_ENTITY_COMPANY, a->company);
  bid.bidder = a->entity;
  bid.price = a->price;
  if (k1840_auctioning (engine) && !kol_entity_equal (bid.target, au->auctioning))
    return k1840_refuse (engine, error, KOL_REASON_BID_AUCTION_ONLY, "only the private being auctioned takes bids now");
  if (!k1840_auction_check_raise (engine, s, &bid, kol_auction_min_increment (engine), error))
    return FALSE;
  kol_entity_set_passed (engine, a->entity, FALSE);
  if (k1840_auctioning (engine))
    return k1840_auction_add_bid (engine, s, &bid, error);
  if (!kol_passable_auction_selection_bid (engine, s, &k1840_auction_ops, &bid, error))
    return FALSE;
  if (k1840_auctioning (engine))
    next_entity (engine);
  return TRUE;
}

static int
cmp_value (const void *x,
           const void *y,
           void       *data)
{
  KolEngine *engine = data;
  int a = *(const gint16 *) x, b = *(const gint16 *) y;

  if (engine->companies[a].value != engine->companies[b].value)
    return engine->companies[a].value - engine->companies[b].value;
  return a - b;
}

static void
sel_setup (KolEngine *engine,
           KolStep   *s)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);

  kol_auctioneer_init (a);
  a->n_companies = 0;
  for (int i = 0; i < engine->n_companies; i++)
    if (!engine->companies[i].closed && engine->companies[i].owner.kind == KOL_ENTITY_NONE)
      a->companies[a->n_companies++] = (gint16) i;
  g_qsort_with_data (a->companies, a->n_companies, sizeof a->companies[0], cmp_value, engine);
  a->cheapest = a->n_companies > 0 ? a->companies[0] : -1;
}

static void
sel_legal_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity,
                   GPtrArray *out)
{
  KolAuctioneer *a = k1840_auctioneer (engine, s);
  int cash = kol_engine_cash (engine, entity), step = kol_auction_min_increment (engine);

  if (sel_actions (engine, s, entity) == 0)
    return;
  for (int i = 0; i < a->n_companies; i++)
    {
      KolEntity target = kol_entity (KOL_ENTITY_COMPANY, a->companies[i]);

      if (!k1840_auctioning (engine) || kol_entity_equal (target, a->auctioning))
        k1840_add_bid_actions (out, entity, target, sel_min_bid (engine, s, target), step, cash);
    }
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static gboolean
sel_explain (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  return TRUE;
}

static const K1840AuctionClass step_selection_auction = {
  .step = {
    .name = "Bid on Companies",
    .actions = sel_actions,
    .active_entities = k1840_auction_active_entities,
    .process = sel_process,
    .setup = sel_setup,
    .legal_actions = sel_legal_actions,
    .explain = sel_explain,
  },
  .min_bid = sel_min_bid,
  .win_bid = sel_win_bid,
  .after_resolve = unpass_players,
};

static const KolRoundClass round_auction = {
  .name = "Auction Round",
  .short_name = "ISR",
  .select_entities = kol_round_auction_select_entities,
};

void
k1840_start_auction_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = { &step_selection_auction.step };
  /* IV.2 «в любое время»: a private already won may go back to the bank
   * during the pre-round too; 18xx.games (compat) only in an operating turn */
  static const KolStepClass *const returning_steps[] = { &k1840_step_sell_company, &step_selection_auction.step };

  if (!k1840_state (engine)->compat)
    kol_round_start (engine, &round_auction, K1840_ROUND_AUCTION, 1, returning_steps, NULL,
                     G_N_ELEMENTS (returning_steps));
  else
    kol_round_start (engine, &round_auction, K1840_ROUND_AUCTION, 1, steps, NULL, G_N_ELEMENTS (steps));
}

/* ------------------------------------------------------- ChoosePlayerOrder */

typedef struct
{
  int    n_left;
  gint8  left[KOL_MAX_PLAYERS];      /* positions still free */
} ChooseData;

G_STATIC_ASSERT (sizeof (ChooseData) <= KOL_STEP_DATA_SIZE);

static ChooseData *
choose_data (KolStep *s)
{
  return (ChooseData *) (void *) s->data;
}

static void
choose_setup (KolEngine *engine,
              KolStep   *s)
{
  ChooseData *d = choose_data (s);

  d->n_left = MIN (engine->n_players, KOL_MAX_PLAYERS);
  for (int i = 0; i < d->n_left; i++)
    d->left[i] = (gint8) i;
}

static guint32
choose_actions (KolEngine *engine,
                KolStep   *s,
                KolEntity  entity)
{
  if (entity.kind != KOL_ENTITY_PLAYER)
    return 0;
  /* 18xx.games offers the choice to anyone; players choose in turn */
  if (!k1840_state (engine)->compat && !kol_step_is_current (engine, s, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_CHOOSE);
}

static void
select_choice (KolEngine *engine,
               KolStep   *s,
               int        player,
               int        position)
{
  ChooseData *d = choose_data (s);
  int m = 0;
  KolArg args[2] = { kol_arg_int (KOL_ARG_PLAYER, player), kol_arg_int (KOL_ARG_INT, position + 1) };

  for (int i = 0; i < d->n_left; i++)
    if (d->left[i] != position)
      d->left[m++] = d->left[i];
  d->n_left = m;
  k1840_state (engine)->first_sr_position[player] = (gint8) position;
  kol_engine_log (engine, K1840_LOG_CHOOSES_POSITION, args, 2);
}

static gboolean
choose_process (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  ChooseData *d = choose_data (s);
  char *end = NULL;
  gint64 position;
  gboolean found = FALSE;

  if (a->type != KOL_ACTION_CHOOSE || a->choice == NULL)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "a position must be chosen");
  position = g_ascii_strtoll (a->choice, &end, 10);
  for (int i = 0; i < d->n_left; i++)
    found |= d->left[i] == position;
  if (end == a->choice || *end != '\0' || !found)
    return k1840_refuse (engine, error, KOL_REASON_NONE, "this position is not free");

  select_choice (engine, s, a->entity.index, (int) position);
  kol_entity_set_passed (engine, a->entity, TRUE);
  if (d->n_left == 1)
    {
      /* finish!: the last player takes the last position */
      for (int i = 0; i < engine->round.n_entities; i++)
        if (!kol_entity_passed (engine, engine->round.entities[i]))
          {
            select_choice (engine, s, engine->round.entities[i].index, d->left[0]);
            break;
          }
      for (int i = 0; i < engine->round.n_entities; i++)
        kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
      s->passed = TRUE;
      return TRUE;
    }
  next_entity (engine);
  return TRUE;
}

static void
choose_legal_actions (KolEngine *engine,
                      KolStep   *s,
                      KolEntity  entity,
                      GPtrArray *out)
{
  ChooseData *d = choose_data (s);

  if (!kol_step_is_current (engine, s, entity))
    return;
  for (int i = 0; i < d->n_left; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_CHOOSE, entity);

      a->choice = g_strdup_printf ("%d", d->left[i]);
      g_ptr_array_add (out, a);
    }
}

static const KolStepClass step_choose_order = {
  .name = "Playing Order",
  .actions = choose_actions,
  .process = choose_process,
  .setup = choose_setup,
  .legal_actions = choose_legal_actions,
};

/* The players choosing their positions: least cash first, ties in the
 * current order (VI). */
static void
choose_select_entities (KolEngine *engine,
                        KolRound  *r)
{
  gint8 order[KOL_MAX_PLAYERS];

  memcpy (order, engine->player_order, sizeof order);
  for (int i = 1; i < engine->n_players; i++)
    for (int j = i; j > 0 && engine->players[order[j - 1]].cash > engine->players[order[j]].cash; j--)
      {
        gint8 tmp = order[j];

        order[j] = order[j - 1];
        order[j - 1] = tmp;
      }
  r->n_entities = engine->n_players;
  for (int i = 0; i < engine->n_players; i++)
    r->entities[i] = kol_entity (KOL_ENTITY_PLAYER, order[i]);
}

static const KolRoundClass round_choose = {
  .name = "Choose",
  .short_name = "Choices",
  .select_entities = choose_select_entities,
};

void
k1840_start_choose_round (KolEngine *engine)
{
  static const KolStepClass *const steps[] = { &step_choose_order };
  static const KolStepClass *const returning_steps[] = { &k1840_step_sell_company, &step_choose_order };

  /* IV.2, as in the auction */
  if (!k1840_state (engine)->compat)
    kol_round_start (engine, &round_choose, K1840_ROUND_CHOOSE, 1, returning_steps, NULL,
                     G_N_ELEMENTS (returning_steps));
  else
    kol_round_start (engine, &round_choose, K1840_ROUND_CHOOSE, 1, steps, NULL, G_N_ELEMENTS (steps));
}
