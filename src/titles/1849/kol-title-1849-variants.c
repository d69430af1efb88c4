/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1849-private.h"

#include <string.h>

/*
 * 1849 Sicily: the variants of §14 — acquiring station tokens (§14.1),
 * bonds (§14.2) and Electric Dreams (§14.3).
 */

static void
log_price_change (KolEngine *engine,
                  int        corp,
                  KolCell    from)
{
  kol_market_log_share_price (engine, corp, from, 0, FALSE);
}

/* --------------------------------------------------- BuyToken (§14.1) */

typedef struct
{
  guint8 bought_token;
} BuyTokenData;

G_STATIC_ASSERT (sizeof (BuyTokenData) <= KOL_STEP_DATA_SIZE);

static BuyTokenData *
bt_data (KolStep *s)
{
  return (BuyTokenData *) (void *) s->data;
}

static guint32
bt_actions (KolEngine *engine,
            KolStep   *s,
            KolEntity  entity)
{
  if (!kol_1849_state (engine)->buy_tokens_option || entity.kind != KOL_ENTITY_CORP ||
      !kol_step_is_current (engine, s, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BUY_TOKEN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static void
bt_setup (KolEngine *engine,
          KolStep   *s)
{
  bt_data (s)->bought_token = FALSE;
}

static gboolean
city_has_corp (KolEngine *engine,
               int        hex,
               int        corp)
{
  return kol_board_hex_tokened_by (engine, hex, corp);
}

/* May @corp buy this token: another player-run corporation's, not in its
 * home city, in a city @corp reaches and has no token in, and the seller
 * keeps another token (§14.1). */
static gboolean
can_replace_token (KolEngine      *engine,
                   int             corp,
                   int             hex,
                   int             slot,
                   const KolReach *reach)
{
  int id = engine->hexes[hex].slot_token[slot], other, first, city, node;
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);

  if (id < 0)
    return FALSE;
  other = KOL_TOKEN_CORP (id);
  if (other == corp || engine->corps[other].owner.kind != KOL_ENTITY_PLAYER)
    return FALSE;
  first = kol_1849_first_token (engine, other);
  if (first < 0 || engine->corps[other].tokens[first].hex == hex)
    return FALSE;
  if (city_has_corp (engine, hex, corp))
    return FALSE;
  if (kol_1849_placed_tokens (engine, other) <= 1)
    return FALSE;
  city = kol_board_slot_city (engine, hex, slot);
  node = city >= 0 ? kol_tile_city_node (tile, city) : -1;
  return node >= 0 && kol_reach_has_node (reach, hex, node);
}

/* Is there a token @corp could buy: another corporation's non-home token in
 * a city @corp reaches (§14.1)? */
static gboolean
any_buyable_tokens (KolEngine *engine,
                    int        corp)
{
  KolReach reach;

  kol_board_compute_reach (engine, corp, NULL, &reach);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      {
        int id = engine->hexes[h].slot_token[s], other, first, city, node;
        const KolTileDef *tile;

        if (id < 0 || reach.nodes[h] == 0)
          continue;
        other = KOL_TOKEN_CORP (id);
        if (other == corp)
          continue;
        tile = kol_board_tile (engine, (int) h, NULL);
        city = kol_board_slot_city (engine, (int) h, s);
        node = city >= 0 ? kol_tile_city_node (tile, city) : -1;
        if (node < 0 || !kol_reach_has_node (&reach, (int) h, node))
          continue;
        first = kol_1849_first_token (engine, other);
        if (first >= 0 && KOL_TOKEN_INDEX (id) == first)
          continue;
        if (!kol_board_city_tokened_by (engine, (int) h, city, corp))
          return TRUE;
      }
  return FALSE;
}

static GPtrArray *
bt_auto_actions (KolEngine *engine,
                 KolStep   *s,
                 KolEntity  entity)
{
  GPtrArray *autos;

  if (entity.kind != KOL_ENTITY_CORP || any_buyable_tokens (engine, entity.index))
    return NULL;
  autos = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_ptr_array_add (autos, kol_action_new (KOL_ACTION_PASS, entity));
  return autos;
}

static gboolean
refuse_buy_token (KolEngine   *engine,
                  GError     **error,
                  int          hex,
                  const char  *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_HEX, hex), kol_arg_int (KOL_ARG_REASON, K49_REASON_TOKEN_NOT_BUYABLE) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 2, "%s", message);
}

static gboolean
bt_process (KolEngine        *engine,
            KolStep          *s,
            const KolAction  *a,
            GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  int corp = a->entity.index, slot, id, other, token;
  KolReach reach;
  KolArg args[4];

  if (a->type == KOL_ACTION_PASS)
    return kol_step_process_pass (engine, s, a, error);
  if (a->type != KOL_ACTION_BUY_TOKEN)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a token purchase");
  if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex");
  if (!st->buy_tokens_enabled)
    return refuse_buy_token (engine, error, a->hex, "station tokens can be bought only from Phase 6");
  if (bt_data (s)->bought_token)
    return refuse_buy_token (engine, error, a->hex, "only one station token may be bought per turn");
  token = kol_tokener_available_token (engine, corp);
  if (token < 0)
    return refuse_buy_token (engine, error, a->hex, "No token available to place");
  slot = kol_board_slot_index (engine, a->hex, a->city, MAX (a->slot, 0));
  if (slot < 0 || (id = engine->hexes[a->hex].slot_token[slot]) < 0)
    return refuse_buy_token (engine, error, a->hex, "no token there");
  /* with the other president's agreement (§14.1) */
  if (kol_consent_needed (engine, a->entity, kol_entity_corp (KOL_TOKEN_CORP (id))))
    return kol_consent_offer (engine, s, a, kol_entity_corp (KOL_TOKEN_CORP (id)), error);
  kol_board_compute_reach (engine, corp, NULL, &reach);
  if (!can_replace_token (engine, corp, a->hex, slot, &reach))
    return refuse_buy_token (engine, error, a->hex, "Cannot replace token");
  if (a->price < 1 || kol_operating_buying_power (engine, a->entity) < a->price)
    {
      KolArg why[3] = { kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, engine->corps[corp].cash),
                        kol_arg_int (KOL_ARG_MONEY, a->price) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, why, 3, "Insufficient cash for token");
    }
  other = KOL_TOKEN_CORP (id);
  kol_board_remove_token (engine, other, KOL_TOKEN_INDEX (id));
  /* §14.1: the marker is replaced, in its circle; 18xx.games puts the new
   * one in the city's first free circle (City#exchange_token), and its
   * records name circles by position */
  kol_board_place_token (engine, corp, token, a->hex, a->city, st->compat ? -1 : slot);
  kol_1849_forget_can_token (engine);
  kol_engine_transfer (engine, a->entity, kol_entity_corp (other), a->price);
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_int (KOL_ARG_CORP, other);
  args[2] = kol_arg_int (KOL_ARG_HEX, a->hex);
  args[3] = kol_arg_int (KOL_ARG_MONEY, a->price);
  kol_engine_log (engine, K49_LOG_BUYS_TOKEN, args, 4);
  bt_data (s)->bought_token = TRUE;
  return TRUE;
}

static void
bt_legal_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity,
                  GPtrArray *out)
{
  Kol1849State *st = kol_1849_state (engine);
  int corp = entity.index, power;
  KolReach reach;

  if (bt_actions (engine, s, entity) == 0)
    return;
  power = kol_operating_buying_power (engine, entity);
  if (st->buy_tokens_enabled && !bt_data (s)->bought_token && kol_tokener_available_token (engine, corp) >= 0 &&
      power >= 1)
    {
      kol_board_compute_reach (engine, corp, NULL, &reach);
      for (guint h = 0; h < engine->title->n_hexes; h++)
        for (int slot = 0; slot < KOL_MAX_HEX_SLOTS; slot++)
          if (engine->hexes[h].slot_token[slot] >= 0 && can_replace_token (engine, corp, (int) h, slot, &reach))
            {
              int city = kol_board_slot_city (engine, (int) h, slot);
              int first = kol_board_slot_index (engine, (int) h, city, 0);
              int prices[2] = { 1, power };

              for (int k = 0; k < 2; k++)
                {
                  KolAction *a;

                  if (k == 1 && prices[1] == prices[0])
                    break;
                  a = kol_action_new (KOL_ACTION_BUY_TOKEN, entity);
                  a->hex = (gint16) h;
                  a->city = (gint8) city;
                  a->slot = (gint8) (slot - first);
                  a->price = prices[k];
                  if (kol_consent_listable (engine, a, kol_entity_corp (KOL_TOKEN_CORP (engine->hexes[h].slot_token[slot])),
                                            power))
                    g_ptr_array_add (out, a);
                  else
                    kol_action_free (a);
                }
            }
    }
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static void
variant_skip (KolEngine *engine,
              KolStep   *s,
              gboolean   on)
{
  if (on)
    kol_step_default_skip (engine, s);
  else
    kol_step_pass (engine, s);
}

static void
bt_skip (KolEngine *engine,
         KolStep   *s)
{
  variant_skip (engine, s, kol_1849_state (engine)->buy_tokens_option);
}

const KolStepClass kol_1849_step_buy_token = {
  .name = "Buy a Token From Another Corporation",
  .actions = bt_actions,
  .process = bt_process,
  .setup = bt_setup,
  .skip = bt_skip,
  .auto_actions = bt_auto_actions,
  .legal_actions = bt_legal_actions,
};

/* ---------------------------------------------- BuyEToken (§14.3) */

/**
 * kol_1849_e_token_cost:
 *
 * Returns: the price of the next E-token: the first L.1,100 in Phase 12
 * and L.800 in Phase 16, later ones L.800 and L.550 (§14.3).
 */
int
kol_1849_e_token_cost (KolEngine *engine)
{
  gboolean phase12 = g_strcmp0 (engine->title->phases[engine->phase].name, "12H") == 0;
  g_autoptr(GVariant) rule = kol_title_rule (engine->title, "e_tokens");
  g_autoptr(GVariant) costs = rule ? g_variant_lookup_value (rule, kol_1849_state (engine)->e_token_sold ? "later_cost"
                                                                                                : "first_cost", NULL)
                                   : NULL;
  g_autoptr(GVariant) v = costs ? g_variant_lookup_value (costs, engine->title->phases[engine->phase].name, NULL) : NULL;

  if (v)
    return kol_variant_to_int (v, 0);
  if (kol_1849_state (engine)->e_token_sold)
    return phase12 ? 800 : 550;
  return phase12 ? 1100 : 800;
}

static gboolean
can_buy_e_token (KolEngine *engine,
                 int        corp)
{
  Kol1849State *st = kol_1849_state (engine);

  return st->electric && st->e_tokens_enabled && !kol_1849_corp (engine, corp)->e_token &&
         engine->corps[corp].cash >= kol_1849_e_token_cost (engine);
}

static guint32
bet_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  if (!kol_1849_state (engine)->electric || entity.kind != KOL_ENTITY_CORP ||
      !kol_step_is_current (engine, s, entity) ||
      !can_buy_e_token (engine, entity.index))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_CHOOSE) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static gboolean
bet_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  int corp = a->entity.index, cost;
  KolArg args[2];

  if (a->type == KOL_ACTION_PASS)
    return kol_step_process_pass (engine, s, a, error);
  if (a->type != KOL_ACTION_CHOOSE || !can_buy_e_token (engine, corp))
    {
      KolArg why[1] = { kol_arg_int (KOL_ARG_REASON, K49_REASON_E_TOKEN_NEEDED) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1, "Cannot buy E-token");
    }
  cost = kol_1849_e_token_cost (engine);
  kol_engine_transfer (engine, a->entity, kol_entity (KOL_ENTITY_BANK, 0), cost);
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_int (KOL_ARG_MONEY, cost);
  kol_engine_log (engine, K49_LOG_BUYS_E_TOKEN, args, 2);
  kol_1849_state (engine)->e_token_sold = TRUE;
  kol_1849_corp (engine, corp)->e_token = TRUE;
  return TRUE;
}

static void
bet_legal_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity,
                   GPtrArray *out)
{
  KolAction *a;

  if (bet_actions (engine, s, entity) == 0)
    return;
  a = kol_action_new (KOL_ACTION_CHOOSE, entity);
  a->choice = g_strdup_printf ("Buy E-Token for L.%d", kol_1849_e_token_cost (engine));
  g_ptr_array_add (out, a);
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static void
bet_skip (KolEngine *engine,
          KolStep   *s)
{
  variant_skip (engine, s, kol_1849_state (engine)->electric);
}

const KolStepClass kol_1849_step_buy_e_token = {
  .name = "Buy E-Token",
  .actions = bet_actions,
  .process = bet_process,
  .skip = bet_skip,
  .legal_actions = bet_legal_actions,
};

/* ------------------------------------- BondInterestPayment (§14.2) */

static guint32
no_actions (KolEngine *engine,
            KolStep   *s,
            KolEntity  entity)
{
  return 0;
}

/* The interest step pays itself: L.50 per outstanding bond; what the
 * corporation cannot pay leaves its cash negative, and the emergency step
 * makes its president raise it (§14.2). */
static void
interest_skip (KolEngine *engine,
               KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);
  int owed, corp;
  KolArg args[2];

  kol_step_pass (engine, s);
  if (e.kind != KOL_ENTITY_CORP)
    return;
  corp = e.index;
  owed = kol_1849_state (engine)->bond_interest * engine->corps[corp].loans;
  if (owed <= 0)
    return;
  args[0] = kol_arg_entity (e);
  args[1] = kol_arg_int (KOL_ARG_MONEY, owed);
  kol_engine_log (engine, K49_LOG_BOND_INTEREST, args, 2);
  kol_engine_transfer (engine, e, kol_entity (KOL_ENTITY_BANK, 0), owed);
}

const KolStepClass kol_1849_step_bond_interest = {
  .name = "Bond Interest Payment",
  .actions = no_actions,
  .skip = interest_skip,
};

/* ---------------------------------------------------- Bond (§14.2) */

static void
bond_round_state (KolEngine *engine,
                  KolStep   *s)
{
  memset (kol_1849_or_state (engine), 0, sizeof (Kol1849OperatingState));
}

static void
bond_setup (KolEngine *engine,
            KolStep   *s)
{
  memset (kol_1849_or_state (engine), 0, sizeof (Kol1849OperatingState));
}

static gboolean
can_take_bond (KolEngine *engine,
               int        corp)
{
  Kol1849State *st = kol_1849_state (engine);

  return st->bonds && st->issue_bonds_enabled && !kol_1849_or_state (engine)->redeemed_bond[corp] &&
         engine->corps[corp].loans < kol_1849_state (engine)->bond_max;
}

static gboolean
can_payoff_bond (KolEngine *engine,
                 int        corp)
{
  return !kol_1849_or_state (engine)->issued_bond[corp] && engine->corps[corp].loans > 0 &&
         engine->corps[corp].cash >= kol_1849_state (engine)->bond_value;
}

static guint32
bond_actions (KolEngine *engine,
              KolStep   *s,
              KolEntity  entity)
{
  guint32 actions = 0;

  if (!kol_1849_state (engine)->bonds || entity.kind != KOL_ENTITY_CORP || !kol_step_is_current (engine, s, entity))
    return 0;
  if (can_payoff_bond (engine, entity.index))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PAYOFF_LOAN);
  if (can_take_bond (engine, entity.index))
    actions |= KOL_ACTION_BIT (KOL_ACTION_TAKE_LOAN);
  if (actions)
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  return actions;
}

static gboolean
bond_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  int corp = a->entity.index;
  int value = kol_1849_state (engine)->bond_value;
  KolCell from;
  KolArg args[2] = { kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, value) };
  KolArg why[1] = { kol_arg_int (KOL_ARG_REASON, K49_REASON_BOND) };

  switch (a->type)
    {
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    case KOL_ACTION_TAKE_LOAN:
      if (!can_take_bond (engine, corp))
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1, "Cannot issue bond");
      kol_engine_log (engine, K49_LOG_ISSUES_BOND, args, 2);
      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), a->entity, value);
      engine->corps[corp].loans++;
      kol_1849_or_state (engine)->issued_bond[corp] = TRUE;
      from = kol_market_corp_cell (engine, corp);
      kol_market_move_left (engine, corp);
      log_price_change (engine, corp, from);
      return TRUE;
    case KOL_ACTION_PAYOFF_LOAN:
      if (!can_payoff_bond (engine, corp))
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1, "%s cannot redeem bond",
                                kol_engine_entity_name (engine, a->entity));
      kol_engine_log (engine, K49_LOG_REPAYS_BOND, args, 2);
      kol_engine_transfer (engine, a->entity, kol_entity (KOL_ENTITY_BANK, 0), value);
      engine->corps[corp].loans--;
      kol_1849_or_state (engine)->redeemed_bond[corp] = TRUE;
      from = kol_market_corp_cell (engine, corp);
      kol_market_move_right (engine, corp);
      log_price_change (engine, corp, from);
      return TRUE;
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a bond action");
    }
}

static void
bond_legal_actions (KolEngine *engine,
                    KolStep   *s,
                    KolEntity  entity,
                    GPtrArray *out)
{
  guint32 actions = bond_actions (engine, s, entity);
  static const KolActionType kinds[] = { KOL_ACTION_PAYOFF_LOAN, KOL_ACTION_TAKE_LOAN };

  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (actions & KOL_ACTION_BIT (kinds[i]))
      {
        KolAction *a = kol_action_new (kinds[i], entity);

        /* the game's one bond: 18xx.games' Loan 0, which its records name */
        a->loan = 0;
        g_ptr_array_add (out, a);
      }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static void
bond_skip (KolEngine *engine,
           KolStep   *s)
{
  variant_skip (engine, s, kol_1849_state (engine)->bonds);
}

const KolStepClass kol_1849_step_bond = {
  .name = "Issue or Repay Bond",
  .actions = bond_actions,
  .process = bond_process,
  .setup = bond_setup,
  .round_state = bond_round_state,
  .skip = bond_skip,
  .legal_actions = bond_legal_actions,
};

/* ------------------------------------- a bond at closing (§14.2) */

static gboolean
holds_shares (KolEngine *engine,
              int        player)
{
  for (int c = 0; c < engine->n_corps; c++)
    if (kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), c) > 0)
      return TRUE;
  return FALSE;
}

/* The president's emergency sales for @needed (§10.7): the largest bundle
 * the rules let them sell, corporation by corporation in market order
 * (never of @closing, whose shares are about to be worth nothing), until
 * the money is there or nothing more may be sold. */
static void
sell_for (KolEngine *engine,
          int        player,
          int        closing,
          int        needed)
{
  KolEntity who = kol_entity (KOL_ENTITY_PLAYER, player);
  gboolean sold = TRUE;

  while (sold && engine->players[player].cash < needed)
    {
      gint16 corps[KOL_MAX_CORPS];
      int n = 0;

      sold = FALSE;
      for (int c = 0; c < engine->n_corps; c++)
        if (c != closing && kol_engine_percent_of (engine, who, c) > 0)
          corps[n++] = (gint16) c;
      kol_market_sort_corps (engine, corps, n);
      for (int i = 0; i < n && !sold; i++)
        {
          KolBundle bundles[64];
          int m = kol_shares_bundles_for_corporation (engine, who, corps[i], bundles, G_N_ELEMENTS (bundles));
          int best = -1;
          KolReason reason;

          for (int k = 0; k < m; k++)
            if (kol_emergency_can_sell (engine, -1, who, &bundles[k], needed, engine->players[player].cash, &reason) &&
                (best < 0 || kol_bundle_price (engine, &bundles[k]) > kol_bundle_price (engine, &bundles[best])))
              best = k;
          if (best >= 0)
            {
              kol_emergency_sell (engine, &bundles[best]);
              sold = TRUE;
            }
        }
    }
}

/**
 * kol_1849_repay_bond_on_close:
 *
 * §14.2: a corporation that closes with its bond out repays it at once,
 * from its treasury first, then by its president's emergency fund-raising
 * (§10.7: their cash, then shares sold until the money is there); what
 * cannot be raised is lost to the bank (§10.7 B). 18xx.games lets the
 * bond vanish (compat).
 */
void
kol_1849_repay_bond_on_close (KolEngine *engine,
                              int        corp)
{
  Kol1849State *st = kol_1849_state (engine);
  KolCorp *c = &engine->corps[corp];
  int owed = st->bond_value * c->loans, paid, president;
  KolEntity bank = kol_entity (KOL_ENTITY_BANK, 0);

  if (st->compat || c->loans <= 0)
    return;
  paid = MIN (MAX (c->cash, 0), owed);
  kol_engine_transfer (engine, kol_entity_corp (corp), bank, paid);
  president = c->owner.kind == KOL_ENTITY_PLAYER ? c->owner.index : -1;
  if (paid < owed && president >= 0)
    {
      int more;

      sell_for (engine, president, corp, owed - paid);
      more = MIN (engine->players[president].cash, owed - paid);
      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_PLAYER, president), bank, more);
      paid += more;
    }
  {
    KolArg args[3] = { kol_arg_int (KOL_ARG_CORP, corp), kol_arg_int (KOL_ARG_MONEY, paid),
                       kol_arg_int (KOL_ARG_MONEY, owed - paid) };

    kol_engine_log (engine, K49_LOG_REPAYS_BOND_ON_CLOSE, args, 3);
  }
  c->loans = 0;
  /* §10.7 B: a president who could not raise it all and has no shares
   * left chooses between a loan and leaving the game */
  if (paid < owed && president >= 0 && kol_round_is_operating (engine) && !holds_shares (engine, president))
    st->loan_choice_player = (gint16) president;
}
