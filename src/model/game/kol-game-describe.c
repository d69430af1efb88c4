/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "kol-engine-consent.h"
#include "kol-engine-shares.h"
#include "kol-game-private.h"
#include "kol-game-words.h"

/*
 * Actions in words, for the buttons of the action panel and for messages:
 * "Buy a 10% share of ATA from its treasury for L.100". Part of KolGame
 * (kol_game_describe_action), kept apart because it is one long switch.
 */

static char *
name_of (const KolEngine *engine,
         KolEntity        e)
{
  return _kol_game_entity_name (engine, e);
}

static char *
money (const KolEngine *engine,
       int              amount)
{
  return kol_game_word_money (engine->title, amount);
}

/* What a bid is for. After "on" Russian needs the accusative («Ставка
 * 50 гульд. на Линию 17»), which a corporation's data may give. */
static char *
bid_target (const KolEngine *engine,
            const KolAction *a)
{
  char *accusative;

  if (a->company >= 0)
    return name_of (engine, kol_entity (KOL_ENTITY_COMPANY, a->company));
  accusative = a->corp >= 0 && a->corp < (int) engine->title->n_corps
               ? kol_game_word_extra_text (engine->title->corps[a->corp].extra, "short_accusative")
               : NULL;
  return accusative != NULL ? accusative : name_of (engine, kol_entity (KOL_ENTITY_CORP, a->corp));
}

static char *
describe_bid (const KolEngine *engine,
              const KolAction *a)
{
  g_autofree char *price = money (engine, a->price);
  g_autofree char *what = bid_target (engine, a);

  if (a->company >= 0 && a->price == engine->companies[a->company].value &&
      a->entity.kind == KOL_ENTITY_PLAYER && engine->round.klass != NULL && !engine->round.klass->operating)
    /* Translators: a bid at the company's price: "Prater for 10 G". */
    return g_strdup_printf (C_("describe", "%s for %s"), what, price);
  /* Translators: "Bid 25 G on Karlskirche". */
  return g_strdup_printf (C_("describe", "Bid %s on %s"), price, what);
}

static char *
describe_shares (const KolEngine *engine,
                 const KolAction *a)
{
  KolBundle b;
  g_autofree char *corp = NULL;
  g_autofree char *price = NULL;
  g_autofree char *from = NULL;
  int percent;

  if (a->n_shares == 0 || !kol_bundle_of_action (engine, &b, a))
    return g_strdup (kol_game_word_action (engine->title, a->type));
  corp = name_of (engine, kol_entity (KOL_ENTITY_CORP, b.corp));
  price = money (engine, kol_bundle_price (engine, &b));
  percent = a->percent > 0 ? a->percent : b.percent;
  if (a->type == KOL_ACTION_SELL_SHARES)
    {
      if (a->entity.kind == KOL_ENTITY_CORP && a->entity.index == b.corp)
        /* Translators: a corporation issues its own shares: "Issue 10% for L.100". */
        return g_strdup_printf (C_("describe", "Issue %d%% for %s"), percent, price);
      /* Translators: "Sell 20% of ATA for L.200". */
      return g_strdup_printf (C_("describe", "Sell %d%% of %s for %s"), percent, corp, price);
    }
  if (a->entity.kind == KOL_ENTITY_CORP && a->entity.index == b.corp)
    /* Translators: a corporation buys back its own share: "Buy back 10% for L.24". */
    return g_strdup_printf (C_("describe", "Buy back %d%% for %s"), percent, price);
  if (b.owner.kind == KOL_ENTITY_CORP && b.owner.index == b.corp)
    from = g_strdup (kol_game_word (engine->title, KOL_WORD_IPO_SHARES));
  else if (b.owner.kind == KOL_ENTITY_POOL)
    /* inside the sentence, not a heading: «банковский пул», «пул акций» */
    from = kol_game_word_string (engine->title, "Market");
  else
    from = name_of (engine, b.owner);
  if (a->entity.kind == KOL_ENTITY_COMPANY)
    {
      g_autofree char *company = name_of (engine, a->entity);

      /* Translators: a private company exchanged for a share: "Exchange
       * Northern Charter for 10% of NOR (IPO)". */
      return g_strdup_printf (C_("describe", "Exchange %s for %d%% of %s (%s)"), company, percent, corp, from);
    }
  /* Translators: "Buy 10% of ATA from the Treasury for L.100". */
  return g_strdup_printf (C_("describe", "Buy %d%% of %s (%s) for %s"), percent, corp, from, price);
}

static char *
describe_par (const KolEngine *engine,
              const KolAction *a)
{
  g_autofree char *corp = name_of (engine, kol_entity (KOL_ENTITY_CORP, a->corp));
  int cell = kol_market_cell_price (engine, kol_cell (a->cell_row, a->cell_col));
  g_autofree char *price = money (engine, cell);

  /* Translators: start a corporation at a par price: "ATA at L.100". */
  return g_strdup_printf (C_("describe", "%s at %s"), corp, price);
}

static char *
describe_dividend (const KolEngine *engine,
                   const KolAction *a)
{
  g_autofree char *amount = money (engine, a->amount);

  if (g_strcmp0 (a->kind, "payout") == 0)
    return g_strdup (C_("describe", "Pay out"));
  if (g_strcmp0 (a->kind, "withhold") == 0)
    return g_strdup (C_("describe", "Withhold"));
  if (g_strcmp0 (a->kind, "half") == 0)
    return g_strdup (C_("describe", "Pay half"));
  /* Translators: a chosen dividend: "Pay out 40 G". */
  return g_strdup_printf (C_("describe", "Pay out %s"), amount);
}

static char *
describe_train (const KolEngine *engine,
                const KolAction *a)
{
  g_autofree char *name = NULL;
  g_autofree char *price = money (engine, a->price);
  g_autofree char *from = NULL;

  if (a->train < 0 || a->train >= engine->n_trains)
    return g_strdup (kol_game_word_action (engine->title, a->type));
  /* the rulebook's name ("orange tram"), never the card's code ("O1") */
  if (a->variant != NULL && (name = kol_game_word_train (engine->title, a->variant)) == NULL)
    name = g_strdup (a->variant);
  if (name == NULL)
    name = _kol_game_train_name (engine, a->train);
  switch (a->type)
    {
    case KOL_ACTION_BUY_TRAIN:
      if (engine->trains[a->train].owner.kind == KOL_ENTITY_CORP)
        {
          from = name_of (engine, engine->trains[a->train].owner);
          /* Translators: "4H from ATA for L.150". */
          return g_strdup_printf (C_("describe", "%s from %s for %s"), name, from, price);
        }
      /* Translators: "4H for L.100". */
      return g_strdup_printf (C_("describe", "%s for %s"), name, price);
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
    default:
      /* Translators: a train to scrap or discard: "4H of ATA". */
      from = name_of (engine, engine->trains[a->train].owner);
      return g_strdup_printf (C_("describe", "%s of %s"), name, from);
    }
}

static char *
describe_company (const KolEngine *engine,
                  const KolAction *a)
{
  g_autofree char *company = name_of (engine, kol_entity (KOL_ENTITY_COMPANY, a->company));
  g_autofree char *price = money (engine, a->price);
  g_autofree char *owner = a->company >= 0 ? name_of (engine, engine->companies[a->company].owner) : g_strdup ("");

  /* Translators: "Prater from Anna for 10 G". */
  return g_strdup_printf (C_("describe", "%s from %s for %s"), company, owner, price);
}

static char *
describe_token (const KolEngine *engine,
                const KolAction *a)
{
  KolArg arg = kol_arg_int (KOL_ARG_HEX, a->hex);
  g_autofree char *hex = kol_log_format_arg (engine, &arg);

  if (a->type == KOL_ACTION_BUY_TOKEN)
    {
      g_autofree char *price = money (engine, a->price);

      /* Translators: buy another corporation's token: "C5 for L.40". */
      return g_strdup_printf (C_("describe", "%s for %s"), hex, price);
    }
  return g_strdup (hex);
}

static char *
describe_reassign (const KolEngine *engine,
                   const KolAction *a)
{
  GString *moves = g_string_new (NULL);

  for (guint i = 0; a->assignments != NULL && i < a->assignments->len; i++)
    {
      const KolAssignment *as = &g_array_index (a->assignments, KolAssignment, i);
      g_autofree char *to = name_of (engine, kol_entity (KOL_ENTITY_CORP, as->corp));
      g_autofree char *tram = NULL;

      if (as->train < 0 || as->train >= engine->n_trains)
        continue;
      if (moves->len > 0)
        g_string_append (moves, ", ");
      tram = _kol_game_train_name (engine, as->train);
      g_string_append_printf (moves, "%s → %s", tram, to);
    }
  if (moves->len == 0)
    g_string_append (moves, C_("describe", "Keep the trams as they are"));
  return g_string_free (moves, FALSE);
}

static char *
describe_choice (KolEngine       *engine,
                 const KolAction *a)
{
  KolStep *step = kol_engine_active_step (engine);

  if (a->choice == NULL)
    return g_strdup (kol_game_word_action (engine->title, a->type));
  /* a bare number is a place in an order (1840's playing order) */
  if (g_ascii_isdigit (a->choice[0]) && strspn (a->choice, "0123456789") == strlen (a->choice) &&
      step != NULL)
    /* Translators: a place in the playing order: "Position 2". */
    return g_strdup_printf (C_("describe", "Position %d"), atoi (a->choice) + 1);
  return kol_game_word_string (engine->title, a->choice);
}

static char *
describe_routes (const KolEngine *engine,
                 const KolAction *a)
{
  int total = 0;
  g_autofree char *sum = NULL;

  for (guint i = 0; a->routes != NULL && i < a->routes->len; i++)
    total += ((KolRouteSpec *) g_ptr_array_index (a->routes, i))->revenue;
  sum = money (engine, total);
  /* Translators: the routes earn this much: "Run for L.120". */
  return g_strdup_printf (C_("describe", "Run for %s"), sum);
}

static char *
describe_other (const KolEngine *engine,
                const KolAction *a)
{
  switch (a->type)
    {
    case KOL_ACTION_LAY_TILE:
      {
        KolArg hex = kol_arg_int (KOL_ARG_HEX, a->hex);
        g_autofree char *where = kol_log_format_arg (engine, &hex);
        int tile = a->tile_copy >= 0 && (guint) a->tile_copy < engine->title->n_tile_copies
                     ? engine->title->copy_tile[a->tile_copy] : -1;

        /* Translators: "Tile 57 on C5 (Palermo)". */
        return g_strdup_printf (C_("describe", "Tile %s on %s"), tile >= 0 ? engine->title->tiles[tile].id : "?",
                                where);
      }
    case KOL_ACTION_MERGE:
      return name_of (engine, kol_entity (KOL_ENTITY_CORP, a->corp));
    case KOL_ACTION_CHOOSE_ABILITY:
      if (a->entity.kind == KOL_ENTITY_COMPANY)
        {
          g_autofree char *company = name_of (engine, a->entity);
          g_autofree char *value = money (engine, engine->companies[a->entity.index].value);

          /* Translators: return a private to the bank: "Return Prater for 10 G". */
          return g_strdup_printf (C_("describe", "Return %s for %s"), company, value);
        }
      break;
    case KOL_ACTION_ASSIGN:
      return describe_token (engine, a);
    default:
      break;
    }
  return g_strdup (kol_game_word_action (engine->title, a->type));
}

/**
 * kol_game_describe_return:
 * @action: an action of kol_game_out_of_turn_actions()
 *
 * Returns: (transfer full): the move naming the private company's owner,
 *   for a list of every owner's privates ("Return Prater (Anna) for 10 G");
 *   other actions as kol_game_describe_action()
 */
char *
kol_game_describe_return (KolGame         *self,
                          const KolAction *action)
{
  KolEngine *engine;

  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  engine = kol_history_get_game (kol_game_get_history (self));
  if (action->type == KOL_ACTION_CHOOSE_ABILITY && action->entity.kind == KOL_ENTITY_COMPANY &&
      action->entity.index >= 0 && action->entity.index < engine->n_companies)
    {
      const KolCompany *company = &engine->companies[action->entity.index];
      g_autofree char *name = name_of (engine, action->entity);
      g_autofree char *owner = name_of (engine, company->owner);
      g_autofree char *value = money (engine, company->value);

      /* Translators: a private company returned to the bank by its owner,
       * who need not be the one acting: "Return Prater (Anna) for 10 G". */
      return g_strdup_printf (C_("describe", "Return %s (%s) for %s"), name, owner, value);
    }
  return kol_game_describe_action (self, action);
}

/**
 * kol_game_describe_action:
 * @action: an action for the state shown
 *
 * Returns: (transfer full): what @action does, in a few words, for a
 *   button or a message ("Sell 20% of ATA for L.200")
 */
char *
kol_game_describe_action (KolGame         *self,
                          const KolAction *action)
{
  KolEngine *engine;

  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  engine = kol_history_get_game (kol_game_get_history (self));
  switch (action->type)
    {
    case KOL_ACTION_BID:
      return describe_bid (engine, action);
    case KOL_ACTION_BUY_SHARES:
    case KOL_ACTION_SELL_SHARES:
      return describe_shares (engine, action);
    case KOL_ACTION_PAR:
      return describe_par (engine, action);
    case KOL_ACTION_DIVIDEND:
      return describe_dividend (engine, action);
    case KOL_ACTION_BUY_TRAIN:
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
      return describe_train (engine, action);
    case KOL_ACTION_BUY_COMPANY:
      return describe_company (engine, action);
    case KOL_ACTION_PLACE_TOKEN:
    case KOL_ACTION_BUY_TOKEN:
      return describe_token (engine, action);
    case KOL_ACTION_REASSIGN_TRAINS:
      return describe_reassign (engine, action);
    case KOL_ACTION_CHOOSE:
      return describe_choice (engine, action);
    case KOL_ACTION_RUN_ROUTES:
      return describe_routes (engine, action);
    default:
      return describe_other (engine, action);
    }
}

/**
 * kol_game_describe_offer:
 *
 * The offer between owners that waits for an answer (kol-engine-consent.h),
 * as the question put to the seller's owner, who acts now: who offers how
 * much for what ("IFT offers L.120 for your private company SMS.").
 *
 * Returns: (transfer full) (nullable): the question, or %NULL when no
 *   offer waits or the past is shown
 */
char *
kol_game_describe_offer (KolGame *self)
{
  KolEngine *engine;
  const KolOffer *o;
  g_autofree char *buyer = NULL, *price = NULL, *seller = NULL, *thing = NULL;

  g_return_val_if_fail (KOL_IS_GAME (self), NULL);

  engine = (KolEngine *) kol_game_get_engine (self);
  if (!kol_game_get_live (self) || (o = kol_consent_pending (engine)) == NULL)
    return NULL;
  buyer = name_of (engine, o->buyer);
  price = money (engine, o->price);
  seller = name_of (engine, o->seller);
  switch (o->type)
    {
    case KOL_ACTION_BUY_COMPANY:
      thing = name_of (engine, kol_entity (KOL_ENTITY_COMPANY, o->company));
      /* Translators: a corporation offers to buy the player's private
       * company: "IFT offers L.120 for your private company SMS." */
      return g_strdup_printf (_("%s offers %s for your private company %s."), buyer, price, thing);
    case KOL_ACTION_BUY_TRAIN:
      /* Translators: "IFT offers L.120 for the 4H train of AFG." */
      return g_strdup_printf (_("%s offers %s for the %s train of %s."), buyer, price,
                              kol_engine_train_name (engine, o->train), seller);
    default:
      {
        KolArg hex = kol_arg_int (KOL_ARG_HEX, o->hex);

        thing = kol_log_format_arg (engine, &hex);
        /* Translators: "IFT offers L.20 for the station token of AFG on C1 (Trapani)." */
        return g_strdup_printf (_("%s offers %s for the station token of %s on %s."), buyer, price, seller, thing);
      }
    }
}
