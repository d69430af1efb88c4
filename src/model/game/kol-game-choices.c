/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-auction.h"
#include "kol-engine-dividend.h"
#include "kol-engine-market.h"
#include "kol-engine-info.h"
#include "kol-game-object-private.h"
#include "kol-game-words.h"

/*
 * The current decision as the action panel offers it
 * (kol_game_get_choices()): the engine's legal actions grouped as a player
 * sees them. Part of KolGame, apart because it is the panel's whole logic
 * of what is the same choice: certificates or trains alike are one
 * purchase, bids and prices one number in a range bounded by the engine's
 * own range, twins the engine words alike told apart by where or what.
 */

static gboolean
is_map_type (KolActionType type)
{
  return type == KOL_ACTION_LAY_TILE || type == KOL_ACTION_PLACE_TOKEN || type == KOL_ACTION_RUN_ROUTES;
}

static gboolean
is_ranged_type (const KolAction *a)
{
  switch (a->type)
    {
    case KOL_ACTION_BID:
    case KOL_ACTION_BUY_COMPANY:
    case KOL_ACTION_BUY_TRAIN:
      return TRUE;
    case KOL_ACTION_DIVIDEND:
      return g_strcmp0 (a->kind, "variable") == 0;
    default:
      return FALSE;
    }
}

static int
value_of (const KolAction *a)
{
  return a->type == KOL_ACTION_DIVIDEND ? a->amount : a->price;
}

/* Two actions are one choice in a range when only the number differs. */
static gboolean
same_choice (const KolAction *a,
             const KolAction *b)
{
  return a->type == b->type && is_ranged_type (a) && kol_entity_equal (a->entity, b->entity) &&
         a->company == b->company && a->corp == b->corp && a->train == b->train &&
         g_strcmp0 (a->variant, b->variant) == 0 && g_strcmp0 (a->kind, b->kind) == 0;
}

static int
gcd (int a,
     int b)
{
  while (b != 0)
    {
      int t = a % b;

      a = b;
      b = t;
    }
  return a;
}

typedef struct
{
  int min, max, step;
} Range;

/* A bid's range as the auction states it; other titles' auctions give
 * representative bids, up to what the bidder has. */
static void
bid_range (KolEngine       *engine,
           const KolAction *a,
           Range           *range)
{
  KolBidOption options[KOL_MAX_COMPANIES];
  int n = kol_auction_bid_options (engine, a->entity, options, G_N_ELEMENTS (options));
  int cash;

  for (int i = 0; i < n; i++)
    if (options[i].company == a->company)
      {
        range->min = options[i].min;
        range->max = options[i].purchase ? options[i].min : options[i].max;
        range->step = MAX (options[i].step, 1);
        return;
      }
  cash = kol_engine_cash (engine, a->entity);
  range->max = MAX (range->max, cash);
}

/* The range of the choice of @actions[first], from its representative
 * values; marks the other actions of the same choice as used. */
static void
choice_range (KolEngine *engine,
              GPtrArray *actions,
              guint      first,
              gboolean  *used,
              Range     *range)
{
  KolAction *a = g_ptr_array_index (actions, first);
  int base = value_of (a), step = 0, low_step = 0;

  range->min = range->max = base;
  for (guint i = first + 1; i < actions->len; i++)
    {
      KolAction *b = g_ptr_array_index (actions, i);
      int v;

      if (used[i] || !same_choice (a, b))
        continue;
      used[i] = TRUE;
      v = value_of (b);
      range->min = MIN (range->min, v);
      range->max = MAX (range->max, v);
      step = gcd (step, ABS (v - base));
      if (low_step == 0 || ABS (v - base) < low_step)
        low_step = ABS (v - base);
    }
  /* prices agreed between companies may be any amount */
  range->step = a->type == KOL_ACTION_DIVIDEND ? MAX (step, 1) : 1;
  if (a->type == KOL_ACTION_BID)
    {
      range->step = MAX (low_step, 1);
      bid_range (engine, a, range);
    }
}

/* "bid:SCE", "buy_train:4H-1" (trains of one kind from two sellers are two
 * choices), "dividend:WT". */
static char *
choice_key (const KolEngine *engine,
            const KolAction *a)
{
  const char *target = "";
  g_autofree char *train = NULL;

  if (a->company >= 0 && a->company < engine->n_companies)
    target = engine->title->companies[a->company].id;
  else if (a->type == KOL_ACTION_BUY_TRAIN && a->train >= 0 && a->train < engine->n_trains)
    target = train = kol_engine_train_id (engine, a->train);
  else if (a->type == KOL_ACTION_DIVIDEND && a->entity.kind == KOL_ENTITY_CORP)
    target = engine->title->corps[a->entity.index].id;
  return g_strdup_printf ("%s:%s", kol_action_type_to_string (a->type), target);
}

/* ---------------------------------------------------- choices alike */

static gboolean
is_train_choice (const KolEngine *engine,
                 const KolAction *a)
{
  return (a->type == KOL_ACTION_BUY_TRAIN || a->type == KOL_ACTION_SCRAP_TRAIN ||
          a->type == KOL_ACTION_DISCARD_TRAIN) && a->train >= 0 && a->train < engine->n_trains;
}

static gboolean
same_train_name (const KolEngine *engine,
                 int              x,
                 int              y)
{
  g_autofree char *a = _kol_game_train_name (engine, x);
  g_autofree char *b = _kol_game_train_name (engine, y);

  return g_strcmp0 (a, b) == 0;
}

/* Trains of one kind with one owner, in the same state, are the same
 * purchase (or scrapping) to a player and to the rules: the engine offers
 * each of them, the panel only the first, so that no two buttons read
 * alike. */
static gboolean
same_train (const KolEngine *engine,
            const KolAction *a,
            const KolAction *b)
{
  const KolTrain *x, *y;

  if (!is_train_choice (engine, a) || b->type != a->type || !is_train_choice (engine, b) ||
      !kol_entity_equal (a->entity, b->entity) || g_strcmp0 (a->variant, b->variant) != 0)
    return FALSE;
  x = &engine->trains[a->train];
  y = &engine->trains[b->train];
  if (x->def != y->def || !kol_entity_equal (x->owner, y->owner) || x->obsolete != y->obsolete ||
      x->rusted != y->rusted || x->operated != y->operated)
    return FALSE;
  if (x->variant == y->variant)
    return TRUE;
  /* an owned card's face (1840's O1, O2: the price it was bought at) is no
   * matter once the rulebook names the kind alone («оранжевый трамвай») */
  return a->type != KOL_ACTION_BUY_TRAIN && same_train_name (engine, a->train, b->train);
}

static gboolean
valid_cert (const KolEngine *engine,
            int              cert)
{
  return cert >= 0 && cert < engine->n_certs;
}

/* Certificates alike (same company, size and kind, same holder) are the
 * same purchase or sale to a player and to the rules: the engine offers
 * each of them, the panel only the first. */
static gboolean
same_certs (const KolEngine *engine,
            const KolAction *a,
            const KolAction *b)
{
  if ((a->type != KOL_ACTION_BUY_SHARES && a->type != KOL_ACTION_SELL_SHARES) || b->type != a->type ||
      !kol_entity_equal (a->entity, b->entity) || a->price != b->price || a->percent != b->percent)
    return FALSE;
  /* a sale is of a percentage of a company (two 10% or one 20%
   * certificate, the president's swapped as the rules say) */
  if (a->type == KOL_ACTION_SELL_SHARES && a->n_shares > 0 && b->n_shares > 0 && valid_cert (engine, a->shares[0]) &&
      valid_cert (engine, b->shares[0]))
    return engine->certs[a->shares[0]].corp == engine->certs[b->shares[0]].corp;
  if (a->n_shares != b->n_shares)
    return FALSE;
  for (guint i = 0; i < a->n_shares; i++)
    {
      const KolCert *x, *y;

      if (!valid_cert (engine, a->shares[i]) || !valid_cert (engine, b->shares[i]))
        return FALSE;
      x = &engine->certs[a->shares[i]];
      y = &engine->certs[b->shares[i]];
      if (x->corp != y->corp || x->percent != y->percent || x->president != y->president ||
          x->flags != y->flags || !kol_entity_equal (x->owner, y->owner))
        return FALSE;
    }
  return TRUE;
}

static gboolean
offered_already (const KolEngine *engine,
                 GListStore      *choices,
                 const KolAction *a)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (choices)); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (G_LIST_MODEL (choices), i);
      const KolAction *b = kol_game_choice_get_action (c);

      if (same_train (engine, a, b) || same_certs (engine, a, b))
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------- twins */

static gboolean
is_president_share (const KolEngine *engine,
                    const KolAction *a)
{
  return (a->type == KOL_ACTION_BUY_SHARES || a->type == KOL_ACTION_SELL_SHARES) && a->n_shares > 0 &&
         valid_cert (engine, a->shares[0]) && engine->certs[a->shares[0]].president;
}

static gboolean
has_twin (GPtrArray *labels,
          guint      i)
{
  for (guint k = 0; k < labels->len; k++)
    if (k != i && g_strcmp0 (labels->pdata[i], labels->pdata[k]) == 0)
      return TRUE;
  return FALSE;
}

/* Choices the engine words alike are told apart: the president's
 * certificate, a train that ran this turn, else by hex (1840: "Remove a
 * Stadtbahn station marker" on several hexes). */
static void
tell_twins_apart (const KolEngine *engine,
                  GListStore      *choices)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (choices));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (G_LIST_MODEL (choices), i);

      g_ptr_array_add (labels, g_strdup (kol_game_choice_get_label (c)));
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (G_LIST_MODEL (choices), i);
      const KolAction *a = kol_game_choice_get_action (c);

      if (kol_game_choice_get_kind (c) != KOL_GAME_CHOICE_BUTTON || !has_twin (labels, i))
        continue;
      if (is_president_share (engine, a))
        _kol_game_choice_set_twin_note (c, g_strdup (kol_game_word (engine->title, KOL_WORD_PRESIDENT)));
      else if (is_train_choice (engine, a))
        {
          if (engine->trains[a->train].operated)
            _kol_game_choice_set_has_run (c);
        }
      else if (!kol_game_choice_get_ranged (c) && a->hex >= 0)
        _kol_game_choice_set_twin_note (c, kol_game_word_hex (engine->title, a->hex));
    }
}

/* ---------------------------------------------------------- details */

/* What a dividend pays a share: the title's own payout per share of the
 * run, or the amount chosen over the shares;
 * -1 for a company without shares (1840's lines). */
static double
per_share (KolEngine       *engine,
           const KolAction *a)
{
  int corp = a->entity.index;
  KolDividendOption options[KOL_MAX_DIVIDEND_OPTIONS];
  int n;

  if (engine->title->corps[corp].n_shares == 0)
    return -1;
  if (g_strcmp0 (a->kind, "withhold") == 0)
    return 0;
  if (g_strcmp0 (a->kind, "payout") != 0)
    return kol_dividend_per_share (engine, corp, a->amount);
  n = kol_dividend_options (engine, corp, options, G_N_ELEMENTS (options));
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (options[i].kind, "payout") == 0)
      return options[i].per_share;
  return -1;
}

static void
append_part (GString    *out,
             const char *part)
{
  if (out->len > 0)
    /* Translators: joins the parts of what a choice does: "L.12 a share ·
     * players get L.84". */
    g_string_append (out, C_("details", " · "));
  g_string_append (out, part);
}

/* Where the share price goes: "market value L.68 → L.76", with the
 * preview for the market. */
static void
append_price_move (GString         *out,
                   KolGameChoice   *choice,
                   const KolEngine *engine,
                   const KolEngine *after,
                   int              corp)
{
  int before_price = kol_market_corp_price (engine, corp);
  int after_price = kol_market_corp_price (after, corp);
  KolCell cell = kol_market_corp_cell (after, corp);
  g_autofree char *from = NULL, *to = NULL, *what = NULL, *part = NULL;

  if (before_price <= 0 || after_price <= 0)
    return;
  from = kol_game_word_money (engine->title, before_price);
  to = kol_game_word_money (engine->title, after_price);
  what = g_utf8_strdown (kol_game_word (engine->title, KOL_WORD_SHARE_PRICE), -1);
  if (after_price != before_price)
    /* Translators: where a share price goes: "market value L.68 → L.76". */
    part = g_strdup_printf (C_("details", "%1$s %2$s → %3$s"), what, from, to);
  else
    /* Translators: a share price that does not move: "market value stays L.68". */
    part = g_strdup_printf (C_("details", "%1$s stays %2$s"), what, from);
  append_part (out, part);
  _kol_game_choice_set_preview (choice, corp, cell.row, cell.col);
}

/* What the company keeps, or that it closes (a withheld dividend that
 * drops its price off the market). */
static void
append_company_part (GString         *out,
                     const KolEngine *engine,
                     const KolEngine *after,
                     KolEntity        entity)
{
  g_autofree char *name = _kol_game_entity_name (engine, entity);
  g_autofree char *money = NULL;
  g_autofree char *part = NULL;

  if (after->corps[entity.index].closed)
    /* Translators: a dividend that makes the company close: "ATA closes". */
    part = g_strdup_printf (C_("details", "%s closes"), name);
  else
    {
      money = kol_game_word_money (engine->title, after->corps[entity.index].cash - engine->corps[entity.index].cash);
      /* Translators: what a company keeps of its run: "AFG keeps L.36". */
      part = g_strdup_printf (C_("details", "%1$s keeps %2$s"), name, money);
    }
  append_part (out, part);
}

/* What a dividend does, tried on a copy of the state: what a share gets,
 * what the players get in all, what the company keeps, where its share
 * price goes (also as a preview for the market). */
static void
describe_dividend (KolEngine     *engine,
                   KolGameChoice *choice)
{
  const KolAction *a = kol_game_choice_get_action (choice);
  int corp = a->entity.index;
  g_autoptr(KolEngine) after = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  double share;
  int players = 0;

  if (a->entity.kind != KOL_ENTITY_CORP || corp < 0 || corp >= engine->n_corps)
    return;
  _kol_game_choice_set_preview (choice, -1, -1, -1);
  after = kol_engine_copy (engine);
  after->log_func = NULL;
  if (!kol_engine_apply_unsafe (after, a, FALSE, NULL, NULL))
    return;
  for (int p = 0; p < engine->n_players; p++)
    players += after->players[p].cash - engine->players[p].cash;
  if ((share = per_share (engine, a)) >= 0)
    {
      /* 18xx pays whole money per holder; a share's part is shown as paid */
      g_autofree char *money = kol_game_word_money (engine->title, (int) (share + 0.5));
      /* Translators: what a dividend pays a share: "L.12 a share". */
      g_autofree char *part = g_strdup_printf (C_("details", "%s a share"), money);

      append_part (out, part);
    }
  if (players != 0)
    {
      g_autofree char *money = kol_game_word_money (engine->title, players);
      /* Translators: what the players get of a dividend in all. */
      g_autofree char *part = g_strdup_printf (C_("details", "players get %s"), money);

      append_part (out, part);
    }
  append_company_part (out, engine, after, a->entity);
  if (!after->corps[corp].closed)
    append_price_move (out, choice, engine, after, corp);
  _kol_game_choice_set_details (choice, g_string_free (g_steal_pointer (&out), FALSE));
}

/* What buying a train changes: the first of its kind starts a phase,
 * rusts or retires older trains (the bank panel's words). */
static void
describe_train (KolEngine     *engine,
                KolGameChoice *choice)
{
  const KolAction *a = kol_game_choice_get_action (choice);

  if (a->train < 0 || a->train >= engine->n_trains)
    return;
  _kol_game_choice_set_details (choice, _kol_game_bank_purchase_effects (engine, engine->trains[a->train].def));
}

/**
 * _kol_game_describe_choice:
 *
 * Says what a choice costs or changes before it is made (its details),
 * for its value now; called again when a ranged choice's value changes.
 */
void
_kol_game_describe_choice (KolGame       *self,
                           KolGameChoice *choice)
{
  KolEngine *engine = kol_history_get_game (self->history);

  if (_kol_game_choices_explain (self, engine, choice))
    return;
  switch (kol_game_choice_get_action (choice)->type)
    {
    case KOL_ACTION_DIVIDEND:
      describe_dividend (engine, choice);
      break;
    case KOL_ACTION_BUY_TRAIN:
      describe_train (engine, choice);
      break;
    default:
      break;
    }
}

/* --------------------------------------------------------- building */

/* The heading of a choice: its kind of move, except that a corporation
 * trading its own shares issues them and buys them back (1849 10.8:
 * «выпустить», «выкупить»), which a player's "sell" and "buy" are not. */
static const char *
section_of (const KolEngine *engine,
            const KolAction *a)
{
  gboolean own = a->entity.kind == KOL_ENTITY_CORP && a->n_shares > 0 && a->shares[0] >= 0 &&
                 a->shares[0] < engine->n_certs && engine->certs[a->shares[0]].corp == a->entity.index;

  if (own && a->type == KOL_ACTION_SELL_SHARES)
    /* Translators: heading of a corporation's own shares it may sell. */
    return C_("action", "Issue shares");
  if (own && a->type == KOL_ACTION_BUY_SHARES)
    /* Translators: heading of a corporation's own shares it may buy back
     * from the bank pool. */
    return C_("action", "Buy back shares");
  return kol_game_word_action (engine->title, a->type);
}

static void
add_choice (KolGame           *self,
            KolEngine         *engine,
            GListStore        *choices,
            const KolAction   *a,
            KolGameChoiceKind  kind,
            const Range       *range)
{
  g_autoptr(KolGameChoice) choice = NULL;

  choice = _kol_game_choice_new (self, kol_action_copy (a), kind, g_strdup (section_of (engine, a)));
  if (range != NULL)
    _kol_game_choice_set_range (choice, range->min, range->max, range->step, choice_key (engine, a));
  _kol_game_describe_choice (self, choice);
  g_list_store_append (choices, choice);
}

/* The map's moves, one choice per kind, first: the panel shows their
 * controls above the rest. */
static void
add_map_choices (KolGame    *self,
                 KolEngine  *engine,
                 GListStore *choices,
                 GPtrArray  *actions)
{
  guint32 done = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      const KolAction *a = g_ptr_array_index (actions, i);

      if (!is_map_type (a->type) || (done & KOL_ACTION_BIT (a->type)))
        continue;
      done |= KOL_ACTION_BIT (a->type);
      add_choice (self, engine, choices, a, KOL_GAME_CHOICE_MAP, NULL);
    }
}

/* Sections in the order the engine lists the kinds of action; passing
 * last, on its own. */
static void
build (KolGame    *self,
       KolEngine  *engine,
       GListStore *choices,
       GPtrArray  *actions)
{
  g_autofree gboolean *used = g_new0 (gboolean, actions->len + 1);
  guint32 done_types = 0;

  add_map_choices (self, engine, choices, actions);
  for (guint i = 0; i < actions->len; i++)
    {
      const KolAction *first = g_ptr_array_index (actions, i);

      if (is_map_type (first->type) || first->type == KOL_ACTION_PASS || (done_types & KOL_ACTION_BIT (first->type)))
        continue;
      done_types |= KOL_ACTION_BIT (first->type);
      for (guint k = i; k < actions->len; k++)
        {
          const KolAction *a = g_ptr_array_index (actions, k);
          Range range = { 0, 0, 1 };

          if (used[k] || a->type != first->type)
            continue;
          used[k] = TRUE;
          if (is_ranged_type (a))
            choice_range (engine, actions, k, used, &range);
          if (offered_already (engine, choices, a))
            continue;
          add_choice (self, engine, choices, a, KOL_GAME_CHOICE_BUTTON, is_ranged_type (a) ? &range : NULL);
        }
    }
  for (guint i = 0; i < actions->len; i++)
    if (((KolAction *) g_ptr_array_index (actions, i))->type == KOL_ACTION_PASS)
      {
        add_choice (self, engine, choices, g_ptr_array_index (actions, i), KOL_GAME_CHOICE_PASS, NULL);
        break;
      }
  tell_twins_apart (engine, choices);
}

/**
 * _kol_game_choices_refresh:
 *
 * Makes the game's choices those of the state shown (none while the past
 * is shown or once the game is over).
 */
void
_kol_game_choices_refresh (KolGame *self)
{
  g_autoptr(GPtrArray) actions = kol_game_legal_actions (self);
  g_autoptr(GListStore) fresh = g_list_store_new (KOL_TYPE_GAME_CHOICE);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;

  _kol_game_choices_drop_idle_offers (kol_history_get_game (self->history), actions);
  build (self, kol_history_get_game (self->history), fresh, actions);
  _kol_game_choices_explain_pass (kol_history_get_game (self->history), fresh);
  n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (fresh), i));
  g_list_store_splice (self->choices, 0, g_list_model_get_n_items (G_LIST_MODEL (self->choices)), items->pdata, n);
}

/**
 * kol_game_get_choices:
 *
 * Returns: (transfer none): the #KolGameChoice list of the current
 *   decision: the map's moves first (one per kind), then the moves by
 *   section, passing last; empty while the past is shown
 */
GListModel *
kol_game_get_choices (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->choices);
}
