/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1849-private.h"

#include <string.h>

/*
 * 1849 Sicily: operating rounds (§10), closing corporations (§11) and the
 * bankruptcy of a president (§10.7), with the steps of a turn: the loan
 * choice, bankruptcy, raising money, the SMS teleport, the CNM marker,
 * track, tokens, dividends, trains and issuing shares.
 */

static gboolean
never_blocks (KolEngine *engine,
              KolStep   *s)
{
  return FALSE;
}

/* ------------------------------------------------------------- tokens */

/**
 * kol_1849_first_token:
 *
 * Returns: the index of @corp's first token still in the game (the
 * earthquake destroys tokens, so this may not be token 0), or -1.
 */
int
kol_1849_first_token (KolEngine *engine,
                      int        corp)
{
  for (int t = 0; t < engine->corps[corp].n_tokens; t++)
    if (!(kol_1849_corp (engine, corp)->destroyed & (1u << t)))
      return t;
  return -1;
}

/**
 * kol_1849_placed_tokens:
 *
 * Returns: the number of @corp's tokens on the board.
 */
int
kol_1849_placed_tokens (KolEngine *engine,
                        int        corp)
{
  int n = 0;

  for (int t = 0; t < engine->corps[corp].n_tokens; t++)
    n += engine->corps[corp].tokens[t].hex >= 0;
  return n;
}

/**
 * kol_1849_any_placed_token:
 *
 * Returns: %TRUE if @corp has a token on the board.
 */
gboolean
kol_1849_any_placed_token (KolEngine *engine,
                           int        corp)
{
  return kol_1849_placed_tokens (engine, corp) > 0;
}

/* ------------------------------------------------------- closing (§11) */

/**
 * kol_1849_close_corporation:
 *
 * Closing a corporation (§11): RSA forgets the corporation, the generic
 * closing (tokens, cash, trains, companies, certificates), then the
 * corporation starts afresh at the end of the order with its home reserved
 * again (§11), ahead of a blocked Garibaldi; Garibaldi may become
 * available again.
 */
void
kol_1849_close_corporation (KolEngine *engine,
                            int        corp)
{
  Kol1849State *st = kol_1849_state (engine);
  const KolCorpDef *def = &engine->title->corps[corp];
  int index, prev;

  if (st->rsa_share_corp == corp)
    st->rsa_share_corp = -1;
  if (st->rsa_close_corp == corp)
    st->rsa_close_corp = -1;
  kol_1849_repay_bond_on_close (engine, corp);
  kol_default_close_corporation (engine, corp);
  kol_shares_reset_corporation (engine, corp);
  if (!kol_1849_is_afg (engine, corp) && def->home >= 0)
    kol_board_reserve (engine, def->home, MAX (def->home_city, 0), corp);
  engine->corp_order[engine->n_corp_order++] = (gint16) corp;
  kol_1849_corp (engine, corp)->closed_recently = TRUE;
  index = engine->n_corp_order - 1;
  prev = index > 0 ? engine->corp_order[index - 1] : -1;
  /* the corporation skips Garibaldi in line while Garibaldi is blocked */
  if (prev >= 0 && kol_1849_corp (engine, prev)->slot_closed)
    {
      kol_1849_corp (engine, prev)->next_to_par = FALSE;
      engine->corp_order[index - 1] = (gint16) corp;
      engine->corp_order[index] = (gint16) prev;
    }
  prev = index > 0 ? engine->corp_order[index - 1] : -1;
  if (prev >= 0 && kol_corp_floated (engine, prev))
    kol_1849_corp (engine, corp)->next_to_par = TRUE;
  for (int i = 0; i < engine->n_corp_order; i++)
    engine->corps[engine->corp_order[i]].order_seq = (guint32) i;
  kol_1849_update_garibaldi (engine);
}

/* ----------------------------------------------------- operating hooks */

/* A corporation pays L.1 to twice the face value for a company (§10.2). */
static void
company_price_range (KolEngine *engine,
                     int        corp,
                     int        company,
                     int       *min,
                     int       *max)
{
  *min = 1;
  *max = engine->companies[company].value * 2;
}

/* RSA cannot be bought by a corporation (§7.1, §10.2). */
static gboolean
company_purchasable (KolEngine *engine,
                     int        corp,
                     int        company)
{
  return company != kol_1849_state (engine)->rsa;
}

/* CNM's port marker, usable during its corporation's turn (§7.1 P3), keeps
 * the final step of buying companies open. */
static gboolean
corp_has_abilities (KolEngine *engine,
                    int        corp)
{
  Kol1849State *st = kol_1849_state (engine);
  const KolCompany *cnm = st->cnm >= 0 ? &engine->companies[st->cnm] : NULL;

  return cnm && !cnm->closed && kol_entity_equal (cnm->owner, kol_entity_corp (corp)) &&
         kol_round_is_operating (engine) && kol_entity_equal (engine->round.current_operator, kol_entity_corp (corp));
}

/* CNM's assign_corporation ability when sold: the buyer gets the marker's
 * bonus (§7.1 P3). */
static void
company_bought (KolEngine *engine,
                int        company,
                int        corp)
{
  Kol1849State *st = kol_1849_state (engine);
  KolArg args[2];

  if (company != st->cnm)
    return;
  for (int c = 0; c < engine->n_corps; c++)
    kol_1849_corp (engine, c)->cnm = FALSE;
  kol_1849_corp (engine, corp)->cnm = TRUE;
  args[0] = kol_arg_int (KOL_ARG_COMPANY, company);
  args[1] = kol_arg_int (KOL_ARG_CORP, corp);
  kol_engine_log (engine, K49_LOG_ASSIGNED, args, 2);
}

/* RSA closes when its corporation buys its first train (§8.1). */
static void
close_companies_on_event (KolEngine  *engine,
                          int         corp,
                          const char *event)
{
  Kol1849State *st = kol_1849_state (engine);
  KolArg args[1];

  if (g_strcmp0 (event, "bought_train") != 0 || st->rsa < 0 || st->rsa_close_corp != corp ||
      engine->companies[st->rsa].closed)
    return;
  kol_engine_close_company (engine, st->rsa);
  args[0] = kol_arg_int (KOL_ARG_COMPANY, st->rsa);
  kol_engine_log (engine, KOL_LOG_COMPANY_CLOSES, args, 1);
}

/* No E train without an E-token (§14.3). */
static gboolean
train_buyable (KolEngine *engine,
               int        corp,
               int        train)
{
  return engine->trains[train].def != kol_1849_state (engine)->train_e || kol_1849_corp (engine, corp)->e_token;
}

/* In a forced train purchase a corporation's shares are sold only after it
 * has operated, and not during its own first turn (§9.2, §10.7). */
static gboolean
ebuy_can_sell (KolEngine *engine,
               KolStep   *s,
               KolEntity  seller,
               int        corp)
{
  if (engine->corps[corp].operated == 0)
    return FALSE;
  if (kol_entity_equal (engine->round.current_operator, kol_entity_corp (corp)) &&
      kol_operating_history_size (engine, corp) < 2)
    return FALSE;
  return TRUE;
}

static void
after_ebuy_sell (KolEngine *engine,
                 int        corp,
                 gboolean   price_moved)
{
  if (!price_moved)
    return;
  kol_1849_note_moved (engine, corp);
  kol_1849_reorder_corps (engine);
}

/* How a dividend moves the price (§10.5.3): nothing paid → left; a total
 * below the share price → no move; at least the price → right. */
static void
share_price_change (KolEngine      *engine,
                    int             corp,
                    int             revenue,
                    KolPriceChange *out)
{
  int price = kol_market_corp_price (engine, corp);

  memset (out, 0, sizeof *out);
  if (revenue == 0)
    {
      out->n = 1;
      out->moves[0].direction = KOL_PRICE_LEFT;
      out->moves[0].times = 1;
    }
  else if (revenue >= price)
    {
      out->n = 1;
      out->moves[0].direction = KOL_PRICE_RIGHT;
      out->moves[0].times = 1;
    }
}

/* The SMS teleport needs no route to its city (§7.1 P4): the track
 * restriction is not checked for it. */
static gboolean
check_track_restrictions (KolEngine  *engine,
                          int         corp,
                          int         hex,
                          int         old_tile,
                          int         old_rotation,
                          GError    **error)
{
  if (kol_1849_corp (engine, corp)->sms != 0)
    return TRUE;
  return kol_tracker_check_track_restrictions (engine, corp, hex, old_tile, old_rotation, error);
}

static int emr_sellable (KolEngine *engine, KolEntity seller, KolBundle *out, int max);

/* May the president go bankrupt: for a train, when the president's cash and
 * sellable shares and the corporation's cash do not reach the cheapest
 * train (§10.7); for unpaid bond interest (§14.2), when the president
 * cannot raise the debt by selling one bundle of each corporation. */
static gboolean
can_go_bankrupt (KolEngine *engine,
                 int        player,
                 int        corp)
{
  KolEntity p = kol_entity (KOL_ENTITY_PLAYER, player);
  KolBundle bundles[64];
  int n, raise, best[KOL_MAX_CORPS] = { 0 };

  if (engine->corps[corp].cash >= 0)
    return kol_default_can_go_bankrupt (engine, player, corp);
  raise = MAX (engine->players[player].cash, 0);
  n = emr_sellable (engine, p, bundles, G_N_ELEMENTS (bundles));
  for (int i = 0; i < n; i++)
    {
      int price = kol_bundle_price (engine, &bundles[i]);

      best[bundles[i].corp] = MAX (best[bundles[i].corp], price);
    }
  for (int c = 0; c < KOL_MAX_CORPS; c++)
    raise += best[c];
  return raise < -engine->corps[corp].cash;
}

static gboolean
skip_entity (KolEngine *engine,
             KolEntity  e)
{
  if (kol_entity_closed (engine, e))
    return TRUE;
  return e.kind == KOL_ENTITY_CORP && !engine->corps[e.index].floated;
}

const KolOperatingHooks kol_1849_operating_hooks = {
  .home_token_timing = KOL_HOME_TOKEN_FLOAT,
  .ebuy_from_others = KOL_EBUY_FROM_OTHERS_NEVER,
  .capitalization = KOL_CAPITALIZATION_INCREMENTAL,
  .closed_corp_reservations_kept = TRUE,
  .home_token_locations = kol_1849_home_token_locations,
  .upgrade_cost = kol_1849_upgrade_cost,
  .close_corporation = kol_1849_close_corporation,
  .company_price_range = company_price_range,
  .company_purchasable = company_purchasable,
  .corp_has_abilities = corp_has_abilities,
  .company_bought = company_bought,
  .close_companies_on_event = close_companies_on_event,
  .train_buyable = train_buyable,
  .ebuy_can_sell = ebuy_can_sell,
  .after_ebuy_sell = after_ebuy_sell,
  .share_price_change = share_price_change,
  .validate_routes = kol_1849_validate_routes,
  .check_track_restrictions = check_track_restrictions,
  .skip_entity = skip_entity,
  .can_go_bankrupt = can_go_bankrupt,
};

/* ------------------------------------------------------------ the round */

/* The next corporation; one that reached L.377 ends the game when its turn
 * ends (§13). */
static void
or_next_entity (KolEngine *engine,
                KolRound  *r)
{
  KolEntity e = kol_round_entity (engine);

  if (e.kind == KOL_ENTITY_CORP && kol_1849_corp (engine, e.index)->reached_max)
    {
      kol_engine_end (engine, KOL_GAME_END_STOCK_MARKET);
      return;
    }
  kol_round_operating_next_entity (engine, r);
}

const KolRoundClass kol_1849_round_operating = {
  .name = "Operating Round",
  .short_name = "OR",
  .operating = TRUE,
  .select_entities = kol_round_operating_select_entities,
  .setup = kol_round_operating_setup,
  .after_process = kol_round_operating_after_process,
  .finished = kol_round_operating_finished,
  .next_entity = or_next_entity,
};

extern const Kol1849ChoiceClass kol_1849_step_loan_choice;
extern const KolStepClass kol_1849_step_bankrupt;
extern const KolStepClass kol_1849_step_emr;
extern const Kol1849ChoiceClass kol_1849_step_sms_teleport;
extern const KolStepClass kol_1849_step_assign;
extern const KolStepClass kol_1849_step_track;
extern const KolStepClass kol_1849_step_token;
extern const KolStepClass kol_1849_step_dividend;
extern const KolStepClass kol_1849_step_issue_shares;

/* The consent step comes first, so that nothing else happens while an
 * offer waits for its answer. */
static const KolStepClass *const operating_steps[] = {
  &kol_step_consent,
  &kol_1849_step_loan_choice.step,
  &kol_1849_step_bankrupt,
  &kol_1849_step_emr,
  &kol_1849_step_swap_choice.step,
  &kol_step_buy_company,
  &kol_1849_step_sms_teleport.step,
  &kol_1849_step_assign,
  &kol_1849_step_track,
  &kol_1849_step_token,
  &kol_step_route,
  &kol_1849_step_dividend,
  &kol_1849_step_buy_token,
  &kol_1849_step_buy_e_token,
  &kol_step_discard_train,
  &kol_step_buy_train,
  &kol_1849_step_issue_shares,
  &kol_1849_step_bond_interest,
  &kol_1849_step_bond,
  &kol_step_buy_company,
};

static const gint16 operating_opts[G_N_ELEMENTS (operating_steps)] = {
  [G_N_ELEMENTS (operating_steps) - 1] = KOL_BUY_COMPANY_BLOCKS,
};

/**
 * kol_1849_start_operating_round:
 *
 * Starts an operating round with the steps of a corporation's turn (§10,
 * §14).
 */
void
kol_1849_start_operating_round (KolEngine *engine,
                                int        round_num)
{
  gint16 opts[G_N_ELEMENTS (operating_steps)];

  /* 18xx.games asks nobody (and its records hold no answers): compat */
  memcpy (opts, operating_opts, sizeof opts);
  opts[0] = kol_1849_state (engine)->compat ? KOL_CONSENT_AUTO_ACCEPT : KOL_CONSENT_ASK;
  kol_round_start (engine, &kol_1849_round_operating, K49_ROUND_OPERATING, round_num, operating_steps, opts,
                   G_N_ELEMENTS (operating_steps));
}

/* ------------------------------------------------------ LoanChoice */

enum
{
  LOAN_TAKE,
  LOAN_LEAVE,
};

static int
loan_chooser (KolEngine *engine)
{
  return kol_1849_state (engine)->loan_choice_player;
}

/* §10.7 B «выйти из игры (заканчивая с L.0)»: a player who leaves ends with
 * nothing: their private companies leave play (they pay no more) and any
 * cash goes to the bank. 18xx.games lets them keep both (compat). */
static void
leave_game (KolEngine *engine,
            int        player)
{
  KolEntity who = kol_entity (KOL_ENTITY_PLAYER, player);
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, who, companies, KOL_MAX_COMPANIES);

  for (int i = 0; i < n; i++)
    kol_engine_close_company (engine, companies[i]);
  kol_engine_transfer (engine, who, kol_entity (KOL_ENTITY_BANK, 0), MAX (engine->players[player].cash, 0));
}

/* A president left without shares leaves the
 * game, or takes a L.500 loan that costs L.750 at the end (§10.7 B, §13). */
static gboolean
loan_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  int player = a->entity.index;
  int value = st->loan_value;
  int penalty = st->loan_penalty;
  KolArg args[3] = { kol_arg_entity (a->entity) };
  int choice = kol_1849_choice_of (engine, s, a, error);

  if (choice < 0)
    return FALSE;
  if (choice == LOAN_LEAVE)
    {
      kol_engine_log (engine, K49_LOG_LEAVES, args, 1);
      engine->players[player].bankrupt = TRUE;
      if (!st->compat)
        leave_game (engine, player);
    }
  else
    {
      args[1] = kol_arg_int (KOL_ARG_MONEY, value);
      args[2] = kol_arg_int (KOL_ARG_MONEY, penalty);
      kol_engine_log (engine, K49_LOG_TAKES_LOAN, args, 3);
      /* take_cash_loan(500, interest: -100): the debt is 0, the penalty
       * is counted at the end */
      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), a->entity, value);
      engine->players[player].loans++;
      st->n_loans[player]++;
      st->penalty[player] += penalty;
    }
  st->loan_choice_player = -1;
  return TRUE;
}

const Kol1849ChoiceClass kol_1849_step_loan_choice = {
  .step = {
    .name = "Bankruptcy Choice",
    .actions = kol_1849_choice_actions,
    .active = kol_1849_choice_active,
    .active_entities = kol_1849_choice_active_entities,
    .process = loan_process,
    .legal_actions = kol_1849_choice_legal_actions,
  },
  .choices = { "Take L.500 loan", "Leave game" },
  .chooser = loan_chooser,
};

/* --------------------------------------------------------- Bankrupt */

/* The president's shares in operating order (shares_by_corporation(sorted:
 * true)): corporations without a price first. */
static int
player_corps_sorted (KolEngine *engine,
                     int        player,
                     gint16    *out)
{
  int n = 0;

  for (int c = 0; c < engine->n_corps; c++)
    if (kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), c) > 0)
      out[n++] = (gint16) c;
  kol_market_sort_corps (engine, out, n);
  return n;
}

/* Whether the step deciding now is where a corporation raises money it
 * must spend: Buy Trains, or the emergency of unpaid bond interest. */
static gboolean
raising_money (KolEngine *engine)
{
  KolStep *active = kol_round_active_step (engine);

  return active != NULL && (active->klass == &kol_step_buy_train || active->klass == &kol_1849_step_emr);
}

/* Bankruptcy (§10.7 B): the president sells one largest
 * sellable bundle of each corporation, gives all cash to the corporation,
 * which closes; without shares left the president chooses between a loan
 * and leaving the game (§10.7 B). */
static gboolean
bankrupt_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  int corp = kol_operating_acting_corp (engine, a->entity);
  int player = corp >= 0 ? kol_entity_player (engine, a->entity) : -1;
  KolStep *buy_train = kol_round_buy_train_step (engine);
  gint16 corps[KOL_MAX_CORPS];
  int n;
  KolArg args[1];
  /* Game#sellable_bundles asks the active step whether a bundle may be
   * sold: outside Buy Trains and Emergency Money Raising none may (which
   * only 18xx.games' bankruptcy at any step reaches) */
  gboolean may_sell = raising_money (engine);

  if (a->type != KOL_ACTION_BANKRUPT || corp < 0 || player < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no president to go bankrupt");
  if (!kol_operating_can_go_bankrupt (engine, player, corp))
    {
      KolArg why[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_CANNOT_GO_BANKRUPT) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1,
                              "cannot go bankrupt: enough money can still be raised");
    }
  args[0] = kol_arg_int (KOL_ARG_PLAYER, player);
  kol_engine_log (engine, K49_LOG_SELLS_ALL, args, 1);
  n = player_corps_sorted (engine, player, corps);
  for (int i = 0; i < n && may_sell && (buy_train != NULL || engine->corps[corp].cash < 0); i++)
    {
      KolBundle bundles[64];
      /* what may be sold depends on the emergency: raising money for unpaid
       * bond interest, else the forced train purchase */
      int m = engine->corps[corp].cash < 0
              ? emr_sellable (engine, kol_entity (KOL_ENTITY_PLAYER, player), bundles, G_N_ELEMENTS (bundles))
              : kol_ebuy_sellable_bundles (engine, buy_train, player, bundles, G_N_ELEMENTS (bundles));
      int best = -1, before;

      for (int k = 0; k < m; k++)
        if (bundles[k].corp == corps[i] &&
            (best < 0 || kol_bundle_price (engine, &bundles[k]) > kol_bundle_price (engine, &bundles[best])))
          best = k;
      if (best < 0)
        continue;
      before = kol_market_corp_price (engine, corps[i]);
      kol_shares_sell_and_change_price (engine, &bundles[best], TRUE, -1);
      if (before != kol_market_corp_price (engine, corps[i]))
        kol_1849_note_moved (engine, corps[i]);
    }
  if (engine->players[player].cash > 0)
    kol_engine_transfer (engine, kol_entity (KOL_ENTITY_PLAYER, player), kol_entity_corp (corp),
                       engine->players[player].cash);
  kol_operating_close_corporation (engine, corp);
  kol_1849_reorder_corps (engine);
  for (int c = 0; c < engine->n_corps; c++)
    if (kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), c) > 0)
      return TRUE;
  st->loan_choice_player = (gint16) player;
  return TRUE;
}

/* §10.7: a corporation goes under only when it must buy a train and cannot
 * (18xx.games offers the action at any time, and refuses it when enough
 * money can be raised). */
static gboolean
in_emergency (KolEngine *engine,
              int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];

  /* §14.2: unpaid bond interest is an emergency too */
  if (engine->corps[corp].cash < 0)
    return TRUE;
  return kol_engine_trains_of (engine, kol_entity_corp (corp), trains, KOL_MAX_TRAINS) == 0 &&
         kol_operating_must_buy_train (engine, corp);
}

/* §10.7: a corporation goes under when it must buy a train and its
 * president cannot raise the money, i.e. in Buy Trains (or, §14.2, when it
 * cannot pay its bond interest); 18xx.games offers bankruptcy at any step
 * of such a turn. */
static guint32
bankrupt_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity)
{
  if (entity.kind != KOL_ENTITY_CORP || !in_emergency (engine, entity.index))
    return 0;
  if (!kol_1849_state (engine)->compat && !raising_money (engine))
    return 0;
  return kol_step_bankrupt_actions (engine, s, entity);
}

static void
bankrupt_legal_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity,
                        GPtrArray *out)
{
  if (bankrupt_actions (engine, s, entity) != 0)
    kol_step_bankrupt_legal_actions (engine, s, entity, out);
}

const KolStepClass kol_1849_step_bankrupt = {
  .name = "Bankrupt",
  .actions = bankrupt_actions,
  .blocks = never_blocks,
  .process = bankrupt_process,
  .legal_actions = bankrupt_legal_actions,
};

/* ------------------------------------------- EmergencyMoneyRaising */

/* The corporation that cannot pay its bond interest (cash_crisis_entity). */
static int
crisis_corp (KolEngine *engine)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    if (engine->corps[engine->corp_order[i]].cash < 0)
      return engine->corp_order[i];
  return -1;
}

static int
emr_active_entities (KolEngine *engine,
                     KolStep   *s,
                     KolEntity *out,
                     int        max)
{
  int corp = crisis_corp (engine);

  if (corp < 0 || max < 1)
    return 0;
  out[0] = kol_entity_corp (corp);
  return 1;
}

static gboolean
emr_active (KolEngine *engine,
            KolStep   *s)
{
  return crisis_corp (engine) >= 0;
}

static int
emr_needed (KolEngine *engine,
            KolEntity  entity)
{
  int corp = crisis_corp (engine);

  if (corp >= 0 && kol_entity_equal (engine->corps[corp].owner, entity))
    return -engine->corps[corp].cash;
  return -kol_engine_cash (engine, entity);
}

static gboolean
emr_can_sell (KolEngine       *engine,
              KolEntity        seller,
              const KolBundle *b)
{
  int corp = crisis_corp (engine);
  int cash = kol_engine_cash (engine, seller);
  KolReason reason;

  if (seller.kind != KOL_ENTITY_PLAYER || corp < 0)
    return FALSE;
  return kol_emergency_can_sell (engine, corp, seller, b, emr_needed (engine, seller), MAX (cash, 0), &reason);
}

static int
emr_sellable (KolEngine *engine,
              KolEntity  seller,
              KolBundle *out,
              int        max)
{
  int n = 0;

  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      KolBundle bundles[64];
      int m = kol_shares_bundles_for_corporation (engine, seller, engine->corp_order[i], bundles,
                                                  G_N_ELEMENTS (bundles));

      for (int k = 0; k < m && n < max; k++)
        if (emr_can_sell (engine, seller, &bundles[k]))
          out[n++] = bundles[k];
    }
  return n;
}

/* Raising money: the president may sell shares while short
 * of the debt, and pay it off (§14.2: a bond's interest). */
static guint32
emr_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  int corp = crisis_corp (engine);
  guint32 actions = 0;
  KolBundle bundles[8];

  if (corp < 0)
    return 0;
  if (!kol_entity_equal (entity, kol_entity_corp (corp)) && !kol_entity_equal (entity, engine->corps[corp].owner))
    return 0;
  if (entity.kind == KOL_ENTITY_PLAYER)
    {
      int cash = kol_engine_cash (engine, entity);

      if (cash < emr_needed (engine, entity) &&
          emr_sellable (engine, entity, bundles, G_N_ELEMENTS (bundles)) > 0)
        actions |= KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
      if (MAX (cash, 0) >= emr_needed (engine, entity))
        actions |= KOL_ACTION_BIT (KOL_ACTION_PAYOFF_DEBT);
    }
  else
    actions |= KOL_ACTION_BIT (KOL_ACTION_PAYOFF_DEBT);
  return actions;
}

static gboolean
emr_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  int corp = crisis_corp (engine);

  if (corp < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no debt to pay");
  if (a->type == KOL_ACTION_PAYOFF_DEBT)
    {
      int amount = -engine->corps[corp].cash;
      KolArg args[3] = {
        kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_CORP, corp), kol_arg_int (KOL_ARG_MONEY, amount),
      };

      if (kol_engine_cash (engine, a->entity) < amount)
        {
          KolArg why[3] = {
            kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, a->entity)),
            kol_arg_int (KOL_ARG_MONEY, amount),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, why, 3, "%s has %d, needs %d",
                                  kol_engine_entity_name (engine, a->entity), kol_engine_cash (engine, a->entity), amount);
        }
      kol_engine_transfer (engine, a->entity, kol_entity_corp (corp), amount);
      kol_engine_log (engine, K49_LOG_PAYS_DEBT, args, 3);
      return TRUE;
    }
  if (a->type == KOL_ACTION_SELL_SHARES)
    {
      KolBundle b;

      if (!kol_bundle_from_action (engine, &b, a, error))
        return FALSE;
      if (!emr_can_sell (engine, a->entity, &b))
        return kol_stock_refuse_sell (engine, s, a->entity, &b, error);
      kol_emergency_sell (engine, &b);
      return TRUE;
    }
  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an emergency action");
}

static void
emr_legal_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity,
                   GPtrArray *out)
{
  guint32 actions = emr_actions (engine, s, entity);
  int corp = crisis_corp (engine);

  if (actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES))
    {
      KolBundle bundles[64];
      int n = emr_sellable (engine, entity, bundles, G_N_ELEMENTS (bundles));

      for (int i = 0; i < n; i++)
        kol_stock_add_sell_action (engine, entity, &bundles[i], out);
    }
  if ((actions & KOL_ACTION_BIT (KOL_ACTION_PAYOFF_DEBT)) && corp >= 0 &&
      kol_engine_cash (engine, entity) >= -engine->corps[corp].cash)
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PAYOFF_DEBT, entity));
}

const KolStepClass kol_1849_step_emr = {
  .name = "Emergency Money Raising",
  .actions = emr_actions,
  .active = emr_active,
  .active_entities = emr_active_entities,
  .process = emr_process,
  .legal_actions = emr_legal_actions,
};

/* ------------------------------------------------------- SMSTeleport */

typedef struct
{
  guint8 passed_choice;
} SmsData;

enum
{
  SMS_CLOSE,
  SMS_PASS,
};

static gboolean
step_acted (KolEngine          *engine,
            const KolStepClass *klass)
{
  KolStep *s = kol_round_find_step (engine, klass);

  return s && s->acted;
}

/* The SMS teleport: a corporation owning SMS decides first whether to
 * close it (§7.1 P4), unless it already laid track or placed a token. */
static guint32
sms_actions (KolEngine *engine,
             KolStep   *s,
             KolEntity  entity)
{
  Kol1849State *st = kol_1849_state (engine);

  if (!kol_step_is_current (engine, s, entity) || entity.kind != KOL_ENTITY_CORP || st->sms < 0 ||
      engine->companies[st->sms].closed || !kol_entity_equal (engine->companies[st->sms].owner, entity))
    return 0;
  if (step_acted (engine, &kol_1849_step_track) || step_acted (engine, &kol_1849_step_token))
    return 0;
  return s->passed ? 0 : KOL_ACTION_BIT (KOL_ACTION_CHOOSE);
}

static gboolean
sms_active (KolEngine *engine,
            KolStep   *s)
{
  return kol_step_current_actions (engine, s) != 0;
}

/**
 * kol_1849_is_sms_hex:
 *
 * Returns: %TRUE if @hex is one of the coastal cities of SMS.
 */
gboolean
kol_1849_is_sms_hex (KolEngine *engine,
                     int        hex)
{
  return hex >= 0 && hex < KOL_MAX_HEXES && (kol_1849_state (engine)->hex_flags[hex] & K49_HEX_COASTAL);
}

/**
 * kol_1849_sms_allows:
 *
 * Returns: %TRUE if @corp, having used SMS, may lay track or place its
 * token on @hex: any coastal city, or the one it teleported to (§7.1 P4)
 */
gboolean
kol_1849_sms_allows (KolEngine *engine,
                     int        corp,
                     int        hex)
{
  int sms = kol_1849_corp (engine, corp)->sms;

  if (sms == -1)
    return kol_1849_is_sms_hex (engine, hex);
  return sms == hex + 1;
}

static gboolean
sms_process (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  int choice = kol_1849_choice_of (engine, s, a, error);

  if (choice < 0)
    return FALSE;
  if (choice == SMS_CLOSE)
    {
      KolArg args[2] = { kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_COMPANY, st->sms) };

      kol_engine_log (engine, K49_LOG_CLOSES_SMS, args, 2);
      kol_engine_close_company (engine, st->sms);
      kol_1849_corp (engine, a->entity.index)->sms = -1;
    }
  s->passed = TRUE;
  return TRUE;
}

const Kol1849ChoiceClass kol_1849_step_sms_teleport = {
  .step = {
    .name = "SMS Teleport",
    .actions = sms_actions,
    .active = sms_active,
    .process = sms_process,
    .legal_actions = kol_1849_choice_legal_actions,
  },
  .choices = { "Close SMS", "Pass" },
};

/* ------------------------------------------------------------ Assign */

static gboolean
is_port (KolEngine *engine,
         int        hex)
{
  return hex >= 0 && hex < KOL_MAX_HEXES && (kol_1849_state (engine)->hex_flags[hex] & K49_HEX_PORT);
}

/* CNM, owned by the corporation operating now, may put its
 * +L.20 marker on a port (§7.1 P3). */
static guint32
assign_actions (KolEngine *engine,
                KolStep   *s,
                KolEntity  entity)
{
  Kol1849State *st = kol_1849_state (engine);
  const KolCompany *cnm;

  if (entity.kind != KOL_ENTITY_COMPANY || entity.index != st->cnm || st->cnm_hex >= 0)
    return 0;
  cnm = &engine->companies[st->cnm];
  if (cnm->closed || cnm->owner.kind != KOL_ENTITY_CORP ||
      !kol_entity_equal (engine->round.current_operator, cnm->owner))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_ASSIGN);
}

static gboolean
assign_process (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  KolArg args[2] = { kol_arg_int (KOL_ARG_COMPANY, st->cnm), kol_arg_int (KOL_ARG_HEX, a->hex) };

  if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes || !is_port (engine, a->hex))
    {
      KolArg why[2] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_CHOICE), kol_arg_int (KOL_ARG_HEX, a->hex) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 2,
                              "the CNM marker goes on a port");
    }
  st->cnm_hex = (gint16) a->hex;
  kol_engine_log (engine, K49_LOG_ASSIGNED, args, 2);
  kol_engine_close_company (engine, st->cnm);
  return TRUE;
}

static void
assign_legal_actions (KolEngine *engine,
                      KolStep   *s,
                      KolEntity  entity,
                      GPtrArray *out)
{
  if (assign_actions (engine, s, entity) == 0)
    return;
  for (guint h = 0; h < engine->title->n_hexes; h++)
    if (is_port (engine, (int) h))
      {
        KolAction *a = kol_action_new (KOL_ACTION_ASSIGN, entity);

        a->hex = (gint16) h;
        g_ptr_array_add (out, a);
      }
}

const KolStepClass kol_1849_step_assign = {
  .name = "Assign",
  .actions = assign_actions,
  .blocks = never_blocks,
  .process = assign_process,
  .legal_actions = assign_legal_actions,
};

/* ------------------------------------------------------------- Track */

/* A tile lay: one a turn; after an SMS lay the token may go
 * only to that city; a lay may give Garibaldi a home (§9.4.1). */
static gboolean
track_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  int corp;

  if (a->type != KOL_ACTION_LAY_TILE)
    return kol_step_track_process (engine, s, a, error);
  corp = kol_operating_acting_corp (engine, a->entity);
  if (corp >= 0 && kol_1849_corp (engine, corp)->sms != 0 && !kol_1849_is_sms_hex (engine, a->hex))
    {
      KolArg args[2] = { kol_arg_int (KOL_ARG_REASON, K49_REASON_NOT_COASTAL), kol_arg_int (KOL_ARG_HEX, a->hex) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TILE, args, 2,
                              "with SMS only coastal cities may be built");
    }
  if (!kol_tracker_lay_tile_action (engine, s, a, -1, error))
    return FALSE;
  kol_1849_forget_can_token (engine);
  if (corp >= 0 && kol_1849_corp (engine, corp)->sms != 0)
    kol_1849_corp (engine, corp)->sms = a->hex + 1;
  kol_1849_update_garibaldi (engine);
  kol_step_pass (engine, s);
  return TRUE;
}

const KolStepClass kol_1849_step_track = {
  .name = "Lay Track",
  .actions = kol_step_track_actions,
  .process = track_process,
  .setup = kol_tracker_setup,
  .round_state = kol_tracker_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_track_legal_actions,
  .explain = kol_step_track_explain,
};

/* ------------------------------------------------------------- Token */

/* Cities where @corp may place a token with SMS (no connection needed). */
static int
sms_token_targets (KolEngine      *engine,
                   int             corp,
                   KolTokenTarget *out,
                   int             max)
{
  int n = 0;

  if (kol_tokener_available_token (engine, corp) < 0)
    return 0;
  for (guint h = 0; h < engine->title->n_hexes && n < max; h++)
    {
      int cities;

      if (!kol_1849_sms_allows (engine, corp, (int) h))
        continue;
      cities = kol_tile_n_cities (kol_board_tile (engine, (int) h, NULL));
      for (int c = 0; c < cities && n < max; c++)
        {
          KolReason reason;

          if (kol_board_can_place_token (engine, corp, (int) h, c, FALSE, &reason))
            out[n++] = (KolTokenTarget) { (gint16) h, (gint8) c, 0 };
        }
    }
  return n;
}

/* May the current corporation place a token: it has one and,
 * with SMS, any coastal city, else a connected city with room. */
/**
 * kol_1849_forget_can_token:
 *
 * Forgets every corporation's remembered answer of can_token().
 */
void
kol_1849_forget_can_token (KolEngine *engine)
{
  for (int c = 0; c < engine->n_corps; c++)
    kol_1849_corp (engine, c)->can_token = 0;
}

/* Whether @corp may place a station marker somewhere (§10.4: a connected
 * city with a free circle; a closing frees circles at once). 18xx.games
 * remembers its first answer until it clears its graph (Graph#can_token?
 * and Graph#clear), which a closing or a stock round's home token does not
 * do; compat answers as it does, so that records replay. */
static gboolean
can_token (KolEngine *engine,
           int        corp)
{
  guint8 *memo = &kol_1849_corp (engine, corp)->can_token;

  if (!kol_1849_state (engine)->compat)
    return kol_tokener_can_token (engine, corp);
  if (*memo == 0)
    *memo = kol_tokener_can_token (engine, corp) ? 2 : 1;
  return *memo == 2;
}

static guint32
token_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  int corp;
  KolTokenTarget t[1];

  if (!kol_step_is_current (engine, s, entity) || entity.kind != KOL_ENTITY_CORP)
    return 0;
  corp = entity.index;
  if (kol_tokener_available_token (engine, corp) < 0)
    return 0;
  if (kol_1849_corp (engine, corp)->sms != 0)
    {
      /* 18xx.games asks (and a pass answers) even where no SMS city has
       * room; the rulebook only offers what can be done (§7.1 P4) */
      if (!kol_1849_state (engine)->compat && sms_token_targets (engine, corp, t, 1) == 0)
        return 0;
    }
  else if (!can_token (engine, corp))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* A token placement: with SMS only in its city and without
 * a route (§7.1 P4); then Garibaldi, not yet started, moves to the end of
 * the order if no home has room any more (§9.4.1). */
static gboolean
token_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  int corp = a->entity.index;
  int afg = st->afg;

  if (a->type == KOL_ACTION_PASS)
    return kol_step_process_pass (engine, s, a, error);
  if (a->type != KOL_ACTION_PLACE_TOKEN)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a token action");
  if (kol_1849_corp (engine, corp)->sms != 0)
    {
      KolPlaceTokenOpts opts;

      if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes ||
          !kol_1849_sms_allows (engine, corp, a->hex))
        {
          KolArg args[2] = { kol_arg_int (KOL_ARG_HEX, a->hex), kol_arg_int (KOL_ARG_REASON, K49_REASON_NOT_COASTAL) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 2,
                                  "Must place token on SMS hex");
        }
      kol_place_token_opts_init (&opts);
      opts.connected = FALSE;
      if (!kol_tokener_place_token (engine, a->entity, corp, kol_tokener_available_token (engine, corp), a->hex,
                                    a->city, &opts, error))
        return FALSE;
      kol_step_pass (engine, s);
    }
  else if (!kol_step_token_process_place_token (engine, s, a, error))
    return FALSE;
  kol_1849_forget_can_token (engine);

  if (afg >= 0 && !engine->corps[afg].removed && kol_1849_corp_list_index (engine, afg) >= 0 &&
      !kol_corp_floated (engine, afg))
    {
      gint16 hexes[8];

      if (kol_1849_home_token_locations (engine, afg, hexes, G_N_ELEMENTS (hexes)) == 0)
        {
          int index = kol_1849_corp_list_index (engine, afg);
          KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, afg) };

          if (kol_1849_corp (engine, afg)->next_to_par && index < engine->n_corp_order - 1)
            {
              kol_1849_corp (engine, engine->corp_order[index + 1])->next_to_par = TRUE;
              kol_1849_corp (engine, afg)->next_to_par = FALSE;
            }
          kol_1849_corp (engine, afg)->slot_closed = TRUE;
          memmove (&engine->corp_order[index], &engine->corp_order[index + 1],
                   (gsize) (engine->n_corp_order - index - 1) * sizeof engine->corp_order[0]);
          engine->corp_order[engine->n_corp_order - 1] = (gint16) afg;
          for (int i = 0; i < engine->n_corp_order; i++)
            engine->corps[engine->corp_order[i]].order_seq = (guint32) i;
          kol_engine_log (engine, K49_LOG_AFG_NO_HOME, args, 1);
        }
    }
  return TRUE;
}

static void
token_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  if (token_actions (engine, s, entity) == 0)
    return;
  if (kol_1849_corp (engine, entity.index)->sms != 0)
    {
      KolTokenTarget targets[16];
      int n = sms_token_targets (engine, entity.index, targets, G_N_ELEMENTS (targets));

      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, entity);

          a->hex = targets[i].hex;
          a->city = targets[i].city;
          g_ptr_array_add (out, a);
        }
    }
  else
    kol_tokener_legal_placements (engine, entity, out);
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_1849_step_token = {
  .name = "Place a Token",
  .actions = token_actions,
  .process = token_process,
  .setup = kol_step_token_setup,
  .round_state = kol_step_token_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = token_legal_actions,
};

/* ---------------------------------------------------------- Dividend */

static void
dividend_pass (KolEngine *engine,
               KolStep   *s)
{
  kol_step_dividend_pass (engine, s);
  kol_1849_remember_order (engine);
}

const KolStepClass kol_1849_step_dividend = {
  .name = "Pay or Withhold Dividends",
  .actions = kol_step_dividend_actions,
  .process = kol_step_dividend_process,
  .round_state = kol_step_dividend_round_state,
  .skip = kol_step_dividend_skip,
  .pass = dividend_pass,
  .legal_actions = kol_step_dividend_legal_actions,
};

/* ------------------------------------------------------- IssueShares */

static guint32
issue_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  KolBundle b[1];
  guint32 actions = 0;

  if (entity.kind != KOL_ENTITY_CORP || !kol_step_is_current (engine, s, entity))
    return 0;
  if (kol_1849_redeemable_bundles (engine, entity.index, b, 1) > 0)
    actions |= KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES);
  if (kol_1849_issuable_bundles (engine, entity.index, b, 1) > 0)
    actions |= KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES);
  if (actions)
    actions |= KOL_ACTION_BIT (KOL_ACTION_PASS);
  return actions;
}

static gboolean
bundle_listed (KolEngine       *engine,
               const KolBundle *b,
               const KolBundle *list,
               int              n)
{
  for (int i = 0; i < n; i++)
    if (kol_bundle_same_shape (engine, b, &list[i]))
      return TRUE;
  return FALSE;
}

/* IssueShares (1849, §10.8): issue treasury certificates (the price moves
 * down a row per share) or redeem one from the pool; then the step ends. */
static gboolean
issue_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  int corp = a->entity.index;
  KolBundle b, list[64];
  int n;

  switch (a->type)
    {
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    case KOL_ACTION_SELL_SHARES:
      if (!kol_bundle_from_action (engine, &b, a, error))
        return FALSE;
      n = kol_1849_issuable_bundles (engine, corp, list, G_N_ELEMENTS (list));
      if (!bundle_listed (engine, &b, list, n))
        {
          KolArg args[3] = {
            kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_CORP, b.corp),
            kol_arg_int (KOL_ARG_REASON, kol_1849_last_cert_last (engine, &b) ? KOL_REASON_NONE : K49_REASON_LAST_CERT),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_CANNOT_SELL, args, 3,
                                  "%s cannot issue these certificates", kol_engine_entity_name (engine, a->entity));
        }
      kol_shares_sell_and_change_price (engine, &b, TRUE, -1);
      kol_step_pass (engine, s);
      return TRUE;
    case KOL_ACTION_BUY_SHARES:
      if (!kol_bundle_from_action (engine, &b, a, error))
        return FALSE;
      n = kol_1849_redeemable_bundles (engine, corp, list, G_N_ELEMENTS (list));
      if (!bundle_listed (engine, &b, list, n))
        {
          KolArg args[1] = {
            kol_arg_int (KOL_ARG_REASON, kol_1849_last_cert_last (engine, &b) ? KOL_REASON_BUY_NOT_AVAILABLE
                                                                      : K49_REASON_LAST_CERT),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                  "%s cannot redeem these certificates", kol_engine_entity_name (engine, a->entity));
        }
      kol_shares_buy (engine, a->entity, &b, NULL);
      kol_step_pass (engine, s);
      return TRUE;
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a financial action");
    }
}

static void
issue_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  guint32 actions = issue_actions (engine, s, entity);
  KolBundle list[64];
  int n;

  if (actions & KOL_ACTION_BIT (KOL_ACTION_SELL_SHARES))
    {
      n = kol_1849_issuable_bundles (engine, entity.index, list, G_N_ELEMENTS (list));
      for (int i = 0; i < n; i++)
        kol_stock_add_sell_action (engine, entity, &list[i], out);
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES))
    {
      n = kol_1849_redeemable_bundles (engine, entity.index, list, G_N_ELEMENTS (list));
      for (int i = 0; i < n; i++)
        {
          KolAction *a = kol_action_new (KOL_ACTION_BUY_SHARES, entity);

          a->n_shares = 1;
          a->shares[0] = list[i].certs[0];
          a->percent = list[i].percent;
          g_ptr_array_add (out, a);
        }
    }
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PASS))
    g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_1849_step_issue_shares = {
  .name = "Issue or Redeem Shares",
  .actions = issue_actions,
  .process = issue_process,
  .skip = kol_step_default_skip,
  .legal_actions = issue_legal_actions,
};
