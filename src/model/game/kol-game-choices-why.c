/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <stdlib.h>

#include "kol-engine-token.h"
#include "kol-engine-trains.h"
#include "kol-game-object-private.h"
#include "kol-game-words.h"
#include "kol-log-format.h"

/*
 * The action panel's choices when the moment offers little: why a step
 * offers nothing but passing (the step would take a tile, a station marker
 * or a train, and none can be had), said under the Pass button before it
 * is pressed; and offers that make no sense now left out (a president's
 * share sale inside "Buy trains" while the company may simply pass: the
 * sale is for a train the company must buy). And what the moves of 1840's
 * line and company rounds do and cost, with the hexes they concern.
 */

static void
append_sentence (GString    *out,
                 const char *sentence)
{
  if (out->len > 0)
    g_string_append_c (out, ' ');
  g_string_append (out, sentence);
}

/* Treasury: L.30 */
static char *
treasury_of (const KolEngine *engine,
             KolEntity        entity)
{
  g_autofree char *money = kol_game_word_money (engine->title, kol_engine_cash ((KolEngine *) engine, entity));

  /* Translators: a company's cash, after the title's word for it: "Treasury: L.30". */
  return g_strdup_printf (C_("why", "%1$s: %2$s"), kol_game_word (engine->title, KOL_WORD_TREASURY), money);
}

static void
why_no_tile (GString         *out,
             const KolEngine *engine,
             KolEntity        entity)
{
  g_autofree char *treasury = treasury_of (engine, entity);
  g_autofree char *text = NULL;

  /* Translators: why a company cannot lay a tile; %s is its treasury
   * ("Treasury: L.30"). */
  text = g_strdup_printf (C_("why", "No tile can be laid now: no hex within reach takes a tile that is left, "
                                    "allowed in this phase and affordable (%s)."), treasury);
  append_sentence (out, text);
}

static void
why_no_token (GString         *out,
              KolEngine       *engine,
              KolEntity        entity)
{
  int t = entity.kind == KOL_ENTITY_CORP ? kol_tokener_available_token (engine, entity.index) : -1;
  int price;

  if (t < 0)
    {
      append_sentence (out, C_("why", "No station marker can be placed: none is left."));
      return;
    }
  price = engine->corps[entity.index].tokens[t].price;
  if (price > kol_engine_cash (engine, entity))
    {
      g_autofree char *money = kol_game_word_money (engine->title, price);
      g_autofree char *treasury = treasury_of (engine, entity);
      g_autofree char *text = NULL;

      /* Translators: %1$s is a price, %2$s the treasury ("Treasury: L.30"). */
      text = g_strdup_printf (C_("why", "No station marker can be placed: the next one costs %1$s (%2$s)."),
                              money, treasury);
      append_sentence (out, text);
      return;
    }
  append_sentence (out, C_("why", "No station marker can be placed: no city within reach has a free place."));
}

static void
why_no_train (GString         *out,
              const KolEngine *engine,
              KolEntity        entity)
{
  g_autofree char *treasury = treasury_of (engine, entity);
  g_autofree char *text = NULL;

  /* Translators: %s is the treasury ("Treasury: L.30"). */
  text = g_strdup_printf (C_("why", "Nothing can be bought now: nothing on offer is affordable or within "
                                    "the limit (%s)."), treasury);
  append_sentence (out, text);
}

static void
why_no_bid (GString         *out,
            const KolEngine *engine,
            KolEntity        entity)
{
  g_autofree char *money = kol_game_word_money (engine->title, kol_engine_cash ((KolEngine *) engine, entity));
  g_autofree char *text = NULL;

  /* Translators: %s is the bidder's cash. */
  text = g_strdup_printf (C_("why", "No bid can be made: the lowest bid is more than the cash free (%s)."), money);
  append_sentence (out, text);
}

/* Why the step offers @entity nothing but passing, in words, or NULL
 * when the step asks for nothing that is missing. */
static char *
why_only_pass (KolEngine *engine,
               KolEntity  entity)
{
  KolStep *step = kol_engine_active_step (engine);
  g_autoptr(GString) out = g_string_new (NULL);
  guint32 bits;

  if (step == NULL || step->klass == NULL || step->klass->actions == NULL)
    return NULL;
  bits = step->klass->actions (engine, step, entity);
  if (bits & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE))
    why_no_tile (out, engine, entity);
  if (bits & KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN))
    why_no_token (out, engine, entity);
  if (bits & KOL_ACTION_BIT (KOL_ACTION_BUY_TRAIN))
    why_no_train (out, engine, entity);
  /* a bid, or putting a line up for auction (1840), which takes one */
  if (bits & (KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_MERGE)))
    why_no_bid (out, engine, entity);
  if (out->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * _kol_game_choices_explain_pass:
 * @choices: the choices built, passing last
 *
 * When passing is the only choice, says why under it.
 */
void
_kol_game_choices_explain_pass (KolEngine  *engine,
                                GListStore *choices)
{
  g_autoptr(KolGameChoice) only = NULL;
  char *why;

  if (g_list_model_get_n_items (G_LIST_MODEL (choices)) != 1)
    return;
  only = g_list_model_get_item (G_LIST_MODEL (choices), 0);
  if (kol_game_choice_get_kind (only) != KOL_GAME_CHOICE_PASS)
    return;
  why = why_only_pass (engine, kol_game_choice_get_action (only)->entity);
  if (why != NULL)
    _kol_game_choice_set_details (only, why);
}

/**
 * _kol_game_choices_drop_idle_offers:
 * @actions: the legal actions (edited in place)
 *
 * Leaves out a president's share sales in the "Buy trains" step while the
 * company may pass: such a sale raises money for a train the company must
 * buy (and then it cannot pass); the engine still takes one, as records
 * may hold it, but the panel does not offer it.
 */
void
_kol_game_choices_drop_idle_offers (KolEngine *engine,
                                    GPtrArray *actions)
{
  KolStep *buy = kol_round_buy_train_step (engine);
  gboolean corp_may_pass = FALSE;

  if (buy == NULL || buy != kol_engine_active_step (engine))
    return;
  for (guint i = 0; i < actions->len; i++)
    {
      const KolAction *a = g_ptr_array_index (actions, i);

      corp_may_pass |= a->type == KOL_ACTION_PASS && a->entity.kind == KOL_ENTITY_CORP;
    }
  if (!corp_may_pass)
    return;
  for (guint i = actions->len; i-- > 0;)
    {
      const KolAction *a = g_ptr_array_index (actions, i);

      if (a->type == KOL_ACTION_SELL_SHARES && a->entity.kind == KOL_ENTITY_PLAYER)
        g_ptr_array_remove_index (actions, i);
    }
}

/* ------------------------------------------------ what a choice does */

static char *
hex_words (const KolEngine *engine,
           int              hex)
{
  KolArg arg = kol_arg_int (KOL_ARG_HEX, hex);

  return kol_log_format_arg (engine, &arg);
}

static GArray *
hexes_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (gint16));
}

static void
hexes_add (GArray *hexes,
           int     hex)
{
  gint16 h = (gint16) hex;

  if (hex < 0)
    return;
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, gint16, i) == h)
      return;
  g_array_append_val (hexes, h);
}

/* Where @corp is on the map: its station markers, or its home before it
 * has any. */
static void
hexes_add_corp (GArray          *hexes,
                const KolEngine *engine,
                int              corp)
{
  guint before = hexes->len;

  if (corp < 0 || corp >= engine->n_corps)
    return;
  for (int t = 0; t < engine->corps[corp].n_tokens; t++)
    hexes_add (hexes, engine->corps[corp].tokens[t].hex);
  if (hexes->len == before)
    hexes_add (hexes, engine->title->corps[corp].home);
}

/* The lowest bid the auction of @line would take: the first bid offered
 * once the line is up (tried on a copy of the state). */
static int
line_min_bid (const KolEngine *engine,
              const KolAction *select)
{
  g_autoptr(KolEngine) after = kol_engine_copy (engine);
  g_autoptr(GPtrArray) legal = NULL;
  int min = -1;

  after->log_func = NULL;
  if (!kol_engine_apply_unsafe (after, select, FALSE, NULL, NULL))
    return -1;
  legal = kol_engine_legal_actions (after);
  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *b = g_ptr_array_index (legal, i);

      if (b->type == KOL_ACTION_BID && b->corp == select->corp && (min < 0 || b->price < min))
        min = b->price;
    }
  return min;
}

/* A line offered for auction (1840 VIII.6) or bid on: its home, and the
 * lowest bid. */
static char *
describe_line (const KolEngine *engine,
               const KolAction *a,
               GArray          *hexes)
{
  int home = a->corp >= 0 && a->corp < engine->n_corps ? engine->title->corps[a->corp].home : -1;
  g_autofree char *where = home >= 0 ? hex_words (engine, home) : g_strdup ("—");
  int min = a->type == KOL_ACTION_MERGE ? line_min_bid (engine, a) : -1;

  hexes_add (hexes, home);
  if (min >= 0)
    {
      g_autofree char *money = kol_game_word_money (engine->title, min);

      /* Translators: a line up for auction: its home and the lowest bid. */
      return g_strdup_printf (C_("details", "home %1$s; lowest bid %2$s"), where, money);
    }
  /* Translators: the line bid on: its home hex. */
  return g_strdup_printf (C_("details", "home %s"), where);
}

static char *
describe_reassign (const KolEngine *engine,
                   const KolAction *a,
                   GArray          *hexes)
{
  for (guint i = 0; a->assignments != NULL && i < a->assignments->len; i++)
    hexes_add_corp (hexes, engine, g_array_index (a->assignments, KolAssignment, i).corp);
  return g_strdup (C_("details", "puts each tram on the line named, one tram a line, at no cost"));
}

static char *
describe_scrap (const KolEngine *engine,
                const KolAction *a,
                GArray          *hexes)
{
  if (a->train >= 0 && a->train < engine->n_trains && engine->trains[a->train].owner.kind == KOL_ENTITY_CORP)
    hexes_add_corp (hexes, engine, engine->trains[a->train].owner.index);
  return g_strdup (C_("details", "takes this tram out of the game for good, without compensation: room for a new one"));
}

static char *
describe_remove_token (KolGame         *game,
                       const KolEngine *engine,
                       const KolAction *a,
                       GArray          *hexes)
{
  int cost = kol_game_action_cost (game, a);
  g_autofree char *money = kol_game_word_money (engine->title, MAX (cost, 0));

  hexes_add (hexes, a->hex);
  /* Translators: what removing a Stadtbahn station marker costs. */
  return g_strdup_printf (C_("details", "removes this Stadtbahn station marker from the game, freeing its place, "
                                        "for %s"), money);
}

static char *
describe_position (const KolAction *a)
{
  int place = atoi (a->choice) + 1;

  /* Translators: a place in 1840's playing order, chosen before the first
   * share round. */
  return g_strdup_printf (C_("details", "you act as number %d in the playing order of the first share round; "
                                        "it costs nothing"), place);
}

/**
 * _kol_game_choices_explain:
 *
 * What a choice of 1840's line and company rounds does and costs, and the
 * hexes it concerns (shown on the map while the choice is pointed at):
 * a line for auction, a bid on it, rearranging trams, scrapping one,
 * removing a Stadtbahn station marker, a place in the playing order.
 *
 * Returns: %TRUE when @choice is one of these
 */
gboolean
_kol_game_choices_explain (KolGame       *game,
                           KolEngine     *engine,
                           KolGameChoice *choice)
{
  const KolAction *a = kol_game_choice_get_action (choice);
  g_autoptr(GArray) hexes = hexes_new ();
  char *details = NULL;

  switch (a->type)
    {
    case KOL_ACTION_MERGE:
      details = describe_line (engine, a, hexes);
      break;
    case KOL_ACTION_BID:
      if (a->corp < 0 || a->entity.kind != KOL_ENTITY_CORP)
        return FALSE;
      details = describe_line (engine, a, hexes);
      break;
    case KOL_ACTION_REASSIGN_TRAINS:
      details = describe_reassign (engine, a, hexes);
      break;
    case KOL_ACTION_SCRAP_TRAIN:
      details = describe_scrap (engine, a, hexes);
      break;
    case KOL_ACTION_REMOVE_TOKEN:
      details = describe_remove_token (game, engine, a, hexes);
      break;
    case KOL_ACTION_CHOOSE:
      if (a->choice == NULL || !g_ascii_isdigit (a->choice[0]))
        return FALSE;
      details = describe_position (a);
      break;
    default:
      return FALSE;
    }
  _kol_game_choice_set_details (choice, details);
  _kol_game_choice_set_hexes (choice, hexes->len > 0 ? g_steal_pointer (&hexes) : NULL);
  return TRUE;
}
