/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1849-private.h"

#include <string.h>

/*
 * 1849 Sicily: the module, setup (rulebook 002 §2), the sequence of rounds
 * (§3, §6), events (§6, §12), the end of the game (§13) and the final
 * scores.
 */

/* ------------------------------------------------------------ small helpers */

/**
 * kol_1849_is_afg:
 *
 * Returns: %TRUE if @corp is Garibaldi, who chooses its home (§9.4.1).
 */
gboolean
kol_1849_is_afg (KolEngine *engine,
                 int        corp)
{
  return corp >= 0 && corp == kol_1849_state (engine)->afg;
}

/**
 * kol_1849_corp_list_index:
 *
 * Returns: the position of @corp in the game's corporation list (the
 * order of availability), or -1.
 */
int
kol_1849_corp_list_index (KolEngine *engine,
                          int        corp)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    if (engine->corp_order[i] == corp)
      return i;
  return -1;
}

/**
 * kol_1849_sorted_corps:
 * @out: (out) (array): corporations
 *
 * Returns: the corporations with a share price, in operating order (1849
 * §5).
 */
int
kol_1849_sorted_corps (KolEngine *engine,
                       gint16    *out)
{
  int n = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    if (kol_market_corp_price (engine, engine->corp_order[i]) >= 0)
      out[n++] = engine->corp_order[i];
  kol_market_sort_corps (engine, out, n);
  return n;
}

/**
 * kol_1849_log_event:
 *
 * Logs an entry (a shorthand).
 */
void
kol_1849_log_event (KolEngine    *engine,
                    int           kind,
                    const KolArg *args,
                    guint         n)
{
  kol_engine_log (engine, kind, args, n);
}

/* ---------------------------------------------------------------- config */

static gboolean
check_config (const KolTitle *title,
              GError        **error)
{
  if (title->n_players < 3 || title->n_players > 5)
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "1849 is played by 3 to 5 players, not %d", title->n_players);
      return FALSE;
    }
  /* §14.3: Electric Dreams is played only with the other variants */
  if (kol_title_has_option (title, KOL_1849_OPT_ELECTRIC) &&
      (!kol_title_has_option (title, KOL_1849_OPT_BONDS) ||
       !kol_title_has_option (title, KOL_1849_OPT_BUY_TOKENS)))
    {
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   "Electric Dreams variant requires the Bonds and Buy Tokens variants as well.");
      return FALSE;
    }
  return TRUE;
}

/* ----------------------------------------------------------------- setup */

static int
track_index (const KolTitle *t,
             const char     *id)
{
  return kol_title_track_by_id (t, id);
}

static void
flag_hexes (KolEngine    *engine,
            Kol1849State *st,
            const char   *rule,
            guint8        flag)
{
  g_autoptr(GVariant) list = kol_title_rule (engine->title, rule);

  for (gsize i = 0; list && i < g_variant_n_children (list); i++)
    {
      g_autoptr(GVariant) inner = kol_variant_unbox (g_variant_get_child_value (list, i));
      int hex;

      if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_STRING))
        continue;
      hex = kol_title_hex_by_id (engine->title, g_variant_get_string (inner, NULL));
      if (hex >= 0 && hex < KOL_MAX_HEXES)
        st->hex_flags[hex] |= flag;
    }
}

static int
sub_int (KolEngine  *engine,
         const char *rule,
         const char *key,
         int         fallback)
{
  g_autoptr(GVariant) r = kol_title_rule (engine->title, rule);
  g_autoptr(GVariant) v = r ? g_variant_lookup_value (r, key, NULL) : NULL;

  return kol_variant_to_int (v, fallback);
}

static int
read_cells (KolEngine  *engine,
            const char *key,
            KolCell    *out,
            int         max)
{
  g_autoptr(GVariant) market = kol_title_rule (engine->title, "stock_market");
  g_autoptr(GVariant) list = market ? g_variant_lookup_value (market, key, NULL) : NULL;
  int n = 0;

  for (gsize i = 0; list && i < g_variant_n_children (list) && n < max; i++)
    {
      g_autoptr(GVariant) pair = kol_variant_unbox (g_variant_get_child_value (list, i));
      g_autoptr(GVariant) r = NULL, c = NULL;

      if (g_variant_n_children (pair) < 2)
        continue;
      r = g_variant_get_child_value (pair, 0);
      c = g_variant_get_child_value (pair, 1);
      out[n++] = kol_cell (kol_variant_to_int (r, -1), kol_variant_to_int (c, -1));
    }
  return n;
}

/* rules.par_prices: phase name → prices; each price from the first phase
 * that lists it (§9.4). */
static void
read_par_prices (KolEngine    *engine,
                 Kol1849State *st)
{
  g_autoptr(GVariant) rule = kol_title_rule (engine->title, "par_prices");
  GVariantIter iter;
  const char *phase;
  GVariant *list;

  if (rule == NULL || !g_variant_is_of_type (rule, G_VARIANT_TYPE_VARDICT))
    return;
  g_variant_iter_init (&iter, rule);
  while (g_variant_iter_next (&iter, "{&sv}", &phase, &list))
    {
      int index = kol_title_phase_by_name (engine->title, phase);
      g_autoptr(GVariant) prices = kol_variant_unbox (list);

      for (gsize i = 0; index >= 0 && i < g_variant_n_children (prices); i++)
        {
          g_autoptr(GVariant) item = g_variant_get_child_value (prices, i);
          int price = kol_variant_to_int (item, -1), k;

          for (k = 0; k < st->n_par && st->par[k].price != price; k++)
            ;
          if (k == st->n_par && st->n_par < G_N_ELEMENTS (st->par))
            {
              st->par[st->n_par].price = price;
              st->par[st->n_par].phase = (gint8) index;
              st->n_par++;
            }
          else if (k < st->n_par && index < st->par[k].phase)
            st->par[k].phase = (gint8) index;
        }
    }
}

static void
read_rules (KolEngine    *engine,
            Kol1849State *st)
{
  flag_hexes (engine, st, "coastal_hexes", K49_HEX_COASTAL);
  flag_hexes (engine, st, "port_hexes", K49_HEX_PORT);
  flag_hexes (engine, st, "e_train_double_hexes", K49_HEX_E_DOUBLE);
  st->narrow_divisor = sub_int (engine, "track", "narrow_only_terrain_divisor", 4);
  st->narrow_divisor = MAX (1, st->narrow_divisor);
  st->loan_value = sub_int (engine, "emergency_loan", "value", 500);
  st->loan_penalty = sub_int (engine, "emergency_loan", "penalty", 750);
  st->bond_value = sub_int (engine, "bonds", "value", 500);
  st->bond_interest = sub_int (engine, "bonds", "interest", 50);
  st->bond_max = sub_int (engine, "bonds", "per_corporation", 1);
  st->n_blocked_right = (guint8) read_cells (engine, "blocked_right_before_blue_zone", st->blocked_right,
                                             G_N_ELEMENTS (st->blocked_right));
  st->n_blocked_up = (guint8) read_cells (engine, "blocked_up_before_blue_zone", st->blocked_up,
                                          G_N_ELEMENTS (st->blocked_up));
  read_par_prices (engine, st);
}

static void
init_state (KolEngine *engine)
{
  const KolTitle *t = engine->title;
  Kol1849State *st = kol_1849_state (engine);

  memset (st, 0, sizeof *st);
  st->delay_ift = kol_title_has_option (t, KOL_1849_OPT_DELAY_IFT);
  st->reduced = kol_title_has_option (t, KOL_1849_OPT_REDUCED) && engine->n_players == 4;
  st->bonds = kol_title_has_option (t, KOL_1849_OPT_BONDS);
  st->buy_tokens_option = kol_title_has_option (t, KOL_1849_OPT_BUY_TOKENS);
  st->electric = kol_title_has_option (t, KOL_1849_OPT_ELECTRIC);
  st->compat = kol_title_has_option (t, KOL_1849_OPT_COMPAT);

  st->afg = -1;
  for (guint c = 0; c < t->n_corps; c++)
    if (t->corps[c].home < 0 && t->corps[c].home_choices != NULL)
      st->afg = (gint16) c;
  st->ift = (gint16) kol_title_corp_by_id (t, "IFT");
  st->sce = (gint16) kol_title_company_by_id (t, "SCE");
  st->sigi = (gint16) kol_title_company_by_id (t, "SIGI");
  st->cnm = (gint16) kol_title_company_by_id (t, "CNM");
  st->sms = (gint16) kol_title_company_by_id (t, "SMS");
  st->rsa = (gint16) kol_title_company_by_id (t, "RSA");
  st->messina = (gint16) kol_title_hex_by_id (t, "B14");
  st->acireale = (gint16) kol_title_hex_by_id (t, "G13");
  st->track_broad = (gint16) track_index (t, "broad");
  st->track_narrow = (gint16) track_index (t, "narrow");
  st->track_dual = (gint16) track_index (t, "dual");
  st->train_e = (gint16) kol_title_train_by_id (t, "E");
  st->train_r6h = (gint16) kol_title_train_by_id (t, "R6H");

  st->rsa_share_corp = -1;
  st->rsa_close_corp = -1;
  st->cnm_hex = -1;
  st->swap_choice_player = -1;
  st->swap_location = KOL_ENTITY_INIT_NONE;
  st->swap_other_player = -1;
  st->swap_corp = -1;
  st->loan_choice_player = -1;
  /* @messina_upgradeable is nil until the first stock round */
  st->messina_upgradeable = FALSE;
  read_rules (engine, st);
  kol_1849_read_route_rules (engine);
}

typedef struct
{
  gint16  corp;
  guint32 draw;
} Draw;

static int
cmp_draw (gconstpointer a,
          gconstpointer b)
{
  const Draw *x = a, *y = b;

  return x->draw < y->draw ? -1 : x->draw > y->draw;
}

/* The order of the corporations (§2.2): one random draw per corporation in
 * file order, sorted by the draws, as 18xx.games draws it
 * (18xx-games-format.md §4.2) so that recorded games get the same order;
 * Delay IFT moves IFT to the fourth place if it is earlier (§2.2). */
static void
draw_corporation_order (KolEngine *engine)
{
  Kol1849State *st = kol_1849_state (engine);
  Draw draws[KOL_MAX_CORPS];
  int n = (int) engine->title->n_corps;
  int buffer = 3;
  g_autoptr(GVariant) order = kol_title_rule (engine->title, "corporation_order");

  if (order)
    {
      g_autoptr(GVariant) delay = g_variant_lookup_value (order, "delay_ift", NULL);
      g_autoptr(GVariant) index = delay ? g_variant_lookup_value (delay, "buffer_index", NULL) : NULL;

      buffer = kol_variant_to_int (index, buffer);
    }

  for (int c = 0; c < n; c++)
    {
      draws[c].corp = (gint16) c;
      draws[c].draw = kol_engine_rand (engine);
    }
  qsort (draws, n, sizeof draws[0], cmp_draw);
  for (int i = 0; i < n; i++)
    engine->corp_order[i] = draws[i].corp;
  engine->n_corp_order = n;

  if (st->delay_ift && st->ift >= 0 && buffer < n)
    {
      int at = kol_1849_corp_list_index (engine, st->ift);

      if (at >= 0 && at < buffer)
        {
          gint16 tmp = engine->corp_order[at];

          engine->corp_order[at] = engine->corp_order[buffer];
          engine->corp_order[buffer] = tmp;
        }
    }
  for (int i = 0; i < n; i++)
    engine->corps[engine->corp_order[i]].order_seq = (guint32) i;
}

/* remove_corp: with five corporations the last in the order leaves, and
 * its home reservation with it unless it is Garibaldi (§2.2, §10.4). */
static void
remove_last_corporation (KolEngine *engine)
{
  int corp = engine->corp_order[engine->n_corp_order - 1];
  const KolCorpDef *def = &engine->title->corps[corp];
  KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

  engine->n_corp_order--;
  engine->corps[corp].removed = TRUE;
  kol_engine_log (engine, K49_LOG_REMOVED_CORP, args, 1);
  if (kol_1849_is_afg (engine, corp) || def->home < 0)
    return;
  kol_board_unreserve (engine, def->home, corp);
  args[0] = kol_arg_int (KOL_ARG_HEX, def->home);
  kol_engine_log (engine, K49_LOG_REMOVED_RESERVATION, args, 1);
}

/* Each corporation's last certificate in the file is its "last
 * certificate", the 20% one (§7.2, §9.6). */
static void
mark_last_certificates (KolEngine *engine)
{
  g_autoptr(GVariant) rule = kol_title_rule (engine->title, "last_certificate");
  g_autoptr(GVariant) index = rule ? g_variant_lookup_value (rule, "share_index", NULL) : NULL;
  int share_index = kol_variant_to_int (index, -1);

  for (int i = 0; i < engine->n_certs; i++)
    {
      int last = share_index >= 0 ? share_index : engine->title->corps[engine->certs[i].corp].n_shares - 1;

      if (engine->certs[i].index == last)
        engine->certs[i].flags |= 1u;
    }
}

static gboolean
setup (KolEngine  *engine,
       GError    **error)
{
  Kol1849State *st;
  int first;

  init_state (engine);
  st = kol_1849_state (engine);
  mark_last_certificates (engine);
  draw_corporation_order (engine);

  /* RSA brings the president's certificate of the first corporation in the
   * order and closes when that one buys its first train (§8.1) */
  first = engine->corp_order[0];
  st->rsa_share_corp = (gint16) first;
  st->rsa_close_corp = (gint16) first;

  if (engine->n_players == 3 || st->reduced)
    remove_last_corporation (engine);
  kol_1849_corp (engine, engine->corp_order[0])->next_to_par = TRUE;

  kol_1849_start_auction_round (engine);
  kol_round_setup (engine);
  return TRUE;
}

/* ---------------------------------------------------------------- rounds */

static const Kol1849ChoiceClass *
choice_class (KolStep *s)
{
  return (const Kol1849ChoiceClass *) (const void *) s->klass;
}

/**
 * kol_1849_choice_active:
 *
 * Returns: %TRUE while the step's player must choose
 */
gboolean
kol_1849_choice_active (KolEngine *engine,
                        KolStep   *s)
{
  return choice_class (s)->chooser (engine) >= 0;
}

/**
 * kol_1849_choice_active_entities:
 *
 * Returns: the number of entities put in @out: the player who must choose
 * alone, or none
 */
int
kol_1849_choice_active_entities (KolEngine *engine,
                                 KolStep   *s,
                                 KolEntity *out,
                                 int        max)
{
  int player = choice_class (s)->chooser (engine);

  if (player < 0 || max < 1)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_PLAYER, player);
  return 1;
}

/**
 * kol_1849_choice_actions:
 *
 * Returns: the choose action for the player who must choose, nothing for
 * anybody else
 */
guint32
kol_1849_choice_actions (KolEngine *engine,
                         KolStep   *s,
                         KolEntity  entity)
{
  int player = choice_class (s)->chooser (engine);

  if (player < 0 || entity.kind != KOL_ENTITY_PLAYER || entity.index != player)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_CHOOSE);
}

/**
 * kol_1849_choice_legal_actions:
 *
 * A CHOOSE action for each answer, when the step offers @entity a choice.
 */
void
kol_1849_choice_legal_actions (KolEngine *engine,
                               KolStep   *s,
                               KolEntity  entity,
                               GPtrArray *out)
{
  const Kol1849ChoiceClass *c = choice_class (s);

  if (c->step.actions (engine, s, entity) == 0)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (c->choices); i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_CHOOSE, entity);

      a->choice = g_strdup (c->choices[i]);
      g_ptr_array_add (out, a);
    }
}

/**
 * kol_1849_choice_of:
 *
 * Returns: the index in the step's choices of the answer @a names, or -1
 * (with @error set) when it names none
 */
int
kol_1849_choice_of (KolEngine        *engine,
                    KolStep          *s,
                    const KolAction  *a,
                    GError          **error)
{
  const char *const *choices = choice_class (s)->choices;
  KolArg why[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_CHOICE) };

  for (int i = 0; a->choice != NULL && i < 2; i++)
    if (g_str_equal (a->choice, choices[i]))
      return i;
  kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1, "choose “%s” or “%s”", choices[0], choices[1]);
  return -1;
}

/**
 * kol_1849_next_round:
 *
 * The 1830 family's cycle of rounds (kol_round_cycle_next): the initial
 * stock round (an auction) is followed by a stock round, a stock round by
 * the operating rounds of the set (fixed at that moment from the phase,
 * §6), and the last OR of a set by a stock round. Then 1849 forgets the
 * SMS choices.
 */
void
kol_1849_next_round (KolEngine *engine)
{
  static const KolRoundCycle cycle = {
    .start_stock = kol_1849_start_stock_round,
    .start_operating = kol_1849_start_operating_round,
  };

  kol_round_cycle_next (engine, &cycle);
  for (int c = 0; c < engine->n_corps; c++)
    kol_1849_corp (engine, c)->sms = 0;
}

/* ------------------------------------------------------------------ events */

static void
event (KolEngine  *engine,
       const char *name)
{
  Kol1849State *st = kol_1849_state (engine);

  if (g_str_equal (name, "green_par"))
    {
      st->par_groups |= K49_PAR_GREEN;
      kol_engine_log (engine, K49_LOG_EVENT_GREEN_PAR, NULL, 0);
    }
  else if (g_str_equal (name, "brown_par"))
    {
      st->par_groups |= K49_PAR_BROWN;
      kol_engine_log (engine, K49_LOG_EVENT_BROWN_PAR, NULL, 0);
    }
  else if (g_str_equal (name, "close_companies"))
    kol_default_event_close_companies (engine);
  else if (g_str_equal (name, "earthquake"))
    kol_1849_earthquake (engine);
  else if (g_str_equal (name, "buy_tokens") && st->buy_tokens_option)
    {
      st->buy_tokens_enabled = TRUE;
      kol_engine_log (engine, K49_LOG_EVENT_BUY_TOKENS, NULL, 0);
    }
  else if (g_str_equal (name, "bonds") && st->bonds)
    {
      st->issue_bonds_enabled = TRUE;
      kol_engine_log (engine, K49_LOG_EVENT_BONDS, NULL, 0);
    }
  else if (g_str_equal (name, "e_tokens") && st->electric)
    {
      st->e_tokens_enabled = TRUE;
      kol_engine_log (engine, K49_LOG_EVENT_E_TOKENS, NULL, 0);
    }
}

/* --------------------------------------------------------------- game end */

/* The ends of the game (§13): a bankrupt player ends it at once, L.377 after
 * that corporation operates, the bank's end at the end of the set of
 * operating rounds; the first trigger stays unless a later one ends the
 * game earlier (kol_game_end_update). */
static int
game_end_check (KolEngine *engine,
                int       *reason)
{
  Kol1849State *st = kol_1849_state (engine);
  static const KolGameEndCheck checks[] = {
    { KOL_GAME_END_BANKRUPT, KOL_END_TIMING_IMMEDIATE },
    { KOL_GAME_END_STOCK_MARKET, KOL_END_TIMING_AFTER_MAX_OPERATES },
    { KOL_GAME_END_BANK, KOL_END_TIMING_FULL_OR },
  };
  guint32 hits = 0;
  int left = 0;

  for (int p = 0; p < engine->n_players; p++)
    left += !engine->players[p].bankrupt;
  hits |= (left == 1) << 0;
  hits |= (st->max_reached != 0) << 1;
  hits |= (engine->bank_broken != 0) << 2;
  kol_game_end_update (checks, G_N_ELEMENTS (checks), hits, &st->end_trigger_reason, &st->end_trigger_timing);
  *reason = st->end_trigger_reason;
  engine->end_timing = st->end_trigger_timing;
  return st->end_trigger_timing;
}

/* Does the end come now: L.377 ends the game through the operating round
 * (after that corporation operates); otherwise at the end of the set's last
 * OR (§13). (As in 18xx.games, this compares the round number of any round,
 * which recorded games depend on.) */
static gboolean
end_now (KolEngine *engine,
         int        timing)
{
  if (timing == KOL_END_TIMING_NONE || timing == KOL_END_TIMING_AFTER_MAX_OPERATES)
    return FALSE;
  return engine->round.round_num == engine->operating_rounds;
}

/* After each action: corporations on the closing cell close (§11). */
static void
action_processed (KolEngine       *engine,
                  const KolAction *a)
{
  kol_stock_action_processed (engine);
}

/* ------------------------------------------------------------------ scores */

/* What the certificates a player holds are worth: each share at its price.
 * A share of a corporation with bonds is worth price − 100 per bond, at
 * least 0 (§14.2); with compat, L.100 less per share and bond without the
 * floor, as 18xx.games counts it. */
static int
shares_value (const KolEngine *engine,
              int              player,
              gboolean         compat)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, player);
  int value = 0;

  for (int c = 0; c < engine->n_corps; c++)
    {
      int percent = kol_engine_percent_of (engine, me, c);
      int price = kol_market_corp_price (engine, c);
      int shares = percent / 10;
      int loans = engine->corps[c].loans;

      if (percent == 0)
        continue;
      if (price > 0 && engine->corps[c].ipoed)
        value += shares * (compat || loans == 0 ? price : MAX (0, price - 100 * loans));
      if (compat)
        value -= shares * loans * 100;
    }
  return value;
}

/* Cash and certificates less penalties. The rulebook stops the loan penalty
 * at a final total of L.0 (§13); 18xx.games does not (compat). */
static int
player_value (const KolEngine *engine,
              int              player)
{
  const Kol1849State *st = kol_1849_state_const (engine);
  const KolPlayer *p = &engine->players[player];
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), companies, KOL_MAX_COMPANIES);
  int value = p->cash - p->debt + shares_value (engine, player, st->compat);

  for (int i = 0; i < n; i++)
    value += engine->companies[companies[i]].value;
  if (st->compat || st->penalty[player] == 0)
    return value - st->penalty[player];
  return MAX (0, value - st->penalty[player]);
}

/* ------------------------------------------------------------- invariants */

/* The bank's L.7,760 only moves (loans and bonds come from it); the pool
 * holds at most 50 % (§7.2). */
static gboolean
check_invariants (KolEngine *engine,
                  GString   *problems)
{
  gboolean ok = kol_invariants_money (engine, engine->title->bank, problems);

  /* §10.7 B: a player who left holds no private company any more */
  for (int c = 0; c < engine->n_companies; c++)
    if (!kol_1849_state (engine)->compat && !engine->companies[c].closed &&
        engine->companies[c].owner.kind == KOL_ENTITY_PLAYER &&
        engine->players[engine->companies[c].owner.index].bankrupt)
      {
        g_string_append_printf (problems, "%s still owns %s after leaving; ",
                                engine->players[engine->companies[c].owner.index].name,
                                engine->title->companies[c].id);
        ok = FALSE;
      }
  /* bonds (§14.2): at most the allowed number, and only on a corporation
   * in play (a closing repays or loses it) */
  for (int c = 0; c < engine->n_corps; c++)
    if (engine->corps[c].loans < 0 || engine->corps[c].loans > kol_1849_state (engine)->bond_max ||
        (engine->corps[c].loans > 0 && !kol_corp_floated (engine, c)))
      {
        g_string_append_printf (problems, "%s holds %d bonds; ", engine->title->corps[c].id, engine->corps[c].loans);
        ok = FALSE;
      }
  ok = kol_invariants_certs (engine, 50, problems) && ok;
  ok = kol_invariants_tiles (engine, problems) && ok;
  return kol_invariants_tokens (engine, NULL, problems) && ok;
}

/* ------------------------------------------------------------------ module */

const KolTitleModule kol_title_module_1849 = {
  .id = "1849",
  .state_size = sizeof (Kol1849State),
  .check_config = check_config,
  .setup = setup,
  .next_round = kol_1849_next_round,
  .game_end_check = game_end_check,
  .end_now = end_now,
  .player_value = player_value,
  .event = event,
  .action_processed = action_processed,
  .check_invariants = check_invariants,
  .board_hooks = &kol_1849_board_hooks,
  .market_hooks = &kol_1849_market_hooks,
  .stock_hooks = &kol_1849_stock_hooks,
  .operating_hooks = &kol_1849_operating_hooks,
  .route_hooks = &kol_1849_route_hooks,
  .info_hooks = &kol_1849_info_hooks,
  .words = &kol_1849_words,
};
