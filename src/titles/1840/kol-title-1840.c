/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <stdlib.h>
#include <string.h>

/*
 * 1840 Vienna Tramways: the module table, the order of rounds (V, the round
 * track), the end of the game (XI), the players' values, and helpers shared
 * by the other kol-title-1840-*.c files.
 */

/* ------------------------------------------------------------- helpers */

int
k1840_spender (KolEngine *engine,
               KolEntity  entity)
{
  int corp;

  if (entity.kind == KOL_ENTITY_COMPANY)
    {
      KolEntity owner = engine->companies[entity.index].owner;

      return owner.kind == KOL_ENTITY_CORP ? owner.index : -1;
    }
  if (entity.kind != KOL_ENTITY_CORP)
    return -1;
  corp = entity.index;
  if (k1840_is (engine, corp, K1840_LINE))
    return k1840_line_major (engine, corp);
  return corp;
}

int
k1840_major_lines (KolEngine *engine,
                   int        major,
                   gint16    *out)
{
  K1840State *st = k1840_state (engine);
  int n = 0;

  if (major < 0 || major >= engine->n_corps)
    return 0;
  for (int i = 0; i < st->n_major_lines[major]; i++)
    if (!engine->corps[st->major_lines[major][i]].closed)
      out[n++] = st->major_lines[major][i];
  return n;
}

int
k1840_major_revenue (KolEngine *engine,
                     int        major)
{
  gint16 lines[K1840_MAX_LINES_PER_MAJOR];
  int n = k1840_major_lines (engine, major, lines), sum = 0;

  for (int i = 0; i < n; i++)
    sum += engine->corps[lines[i]].cash;
  return sum;
}

int
k1840_line_number (KolEngine *engine,
                   int        line)
{
  return atoi (engine->title->corps[line].id);
}

int
k1840_train_maintenance (KolEngine *engine,
                         int        train)
{
  K1840State *st = k1840_state (engine);

  if (st->maint_level < 0)
    return 0;
  return st->maint[st->maint_level][engine->trains[train].def];
}

int
k1840_maintenance_costs (KolEngine *engine,
                         int        corp)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, KOL_MAX_TRAINS), sum = 0;

  for (int i = 0; i < n; i++)
    sum += k1840_train_maintenance (engine, trains[i]);
  return sum;
}

int
k1840_cr_multiplier (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);
  int index = MAX (st->cr_counter - 1, 0);

  return st->multipliers[MIN (index, K1840_MAX_CR - 1)];
}

gboolean
k1840_variant_available (KolEngine *engine,
                         int        train,
                         int        variant)
{
  K1840State *st = k1840_state (engine);
  int index = MIN (MAX (st->cr_counter - 1, 0), K1840_MAX_CR - 1);
  int bit = engine->trains[train].def * 4 + variant;

  return bit < 64 && (st->train_order[index] >> bit) & 1;
}

void
k1840_bank_pays (KolEngine *engine,
                 KolEntity  to,
                 int        amount)
{
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), to, amount);
}

/**
 * k1840_take_player_loan:
 *
 * VIII.5.3, IX.8: a director short of money takes as many loans of 100 as
 * needed (never more); each costs 200 at the end (XI).
 */
void
k1840_take_player_loan (KolEngine *engine,
                        int        player,
                        int        amount)
{
  K1840State *st = k1840_state (engine);
  int count = (amount + st->loan_amount - 1) / st->loan_amount;
  KolArg args[3];

  if (amount <= 0)
    return;
  k1840_bank_pays (engine, kol_entity (KOL_ENTITY_PLAYER, player), count * st->loan_amount);
  engine->players[player].loans += count;
  st->n_loans += count;
  args[0] = kol_arg_int (KOL_ARG_PLAYER, player);
  args[1] = kol_arg_int (KOL_ARG_MONEY, count * st->loan_amount);
  args[2] = kol_arg_int (KOL_ARG_MONEY, count * st->loan_amount * st->loan_penalty / st->loan_amount);
  kol_engine_log (engine, K1840_LOG_TAKES_LOAN, args, 3);
}

gboolean
k1840_listed (const gint16 *list,
              int           n,
              int           value)
{
  for (int i = 0; i < n; i++)
    if (list[i] == value)
      return TRUE;
  return FALSE;
}

void
k1840_unlist (gint16 *list,
              int    *n,
              int     value)
{
  int m = 0;

  for (int i = 0; i < *n; i++)
    if (list[i] != value)
      list[m++] = list[i];
  *n = m;
}

gboolean
k1840_orange_framed (KolEngine *engine,
                     int        tile)
{
  return tile >= 0 && engine->title->tiles[tile].frame != NULL;
}

gboolean
k1840_pristine (KolEngine *engine,
                int        hex)
{
  return engine->hexes[hex].tile == engine->title->hexes[hex].tile;
}

int
k1840_chain_of (KolEngine *engine,
                int        hex,
                int       *pos)
{
  K1840State *st = k1840_state (engine);

  for (int c = 0; c < st->n_cities; c++)
    for (int i = 0; i < st->n_chain[c]; i++)
      if (st->chain[c][i] == hex)
        {
          if (pos)
            *pos = i;
          return c;
        }
  return -1;
}

gboolean
k1840_is_tile_reserved (KolEngine *engine,
                        int        hex,
                        int        corp)
{
  K1840State *st = k1840_state (engine);

  for (int i = 0; i < st->n_tile_res; i++)
    if (st->tile_res_hex[i] == hex && st->tile_res_corp[i] == corp)
      return TRUE;
  return FALSE;
}

/* Is a token of @corp blocked on @hex: the reservations of other lines on
 * the hex take every slot still open (reservations never block a walk)? */
gboolean
k1840_tile_token_blocked (KolEngine *engine,
                          int        hex,
                          int        corp)
{
  K1840State *st = k1840_state (engine);
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  int others = 0, open = 0, any = 0;

  for (int i = 0; i < st->n_tile_res; i++)
    if (st->tile_res_hex[i] == hex)
      {
        any++;
        if (st->tile_res_corp[i] != corp)
          others++;
      }
  if (any == 0)
    return FALSE;
  for (int s = 0; s < kol_tile_n_slots (tile) && s < KOL_MAX_HEX_SLOTS; s++)
    if (engine->hexes[hex].slot_token[s] < 0 && engine->hexes[hex].slot_reserved[s] < 0)
      open++;
  return others >= open;
}

void
k1840_remove_tile_reservation (KolEngine *engine,
                               int        hex,
                               int        corp)
{
  K1840State *st = k1840_state (engine);
  int m = 0;

  for (int i = 0; i < st->n_tile_res; i++)
    if (!(st->tile_res_hex[i] == hex && st->tile_res_corp[i] == corp))
      {
        st->tile_res_hex[m] = st->tile_res_hex[i];
        st->tile_res_corp[m] = st->tile_res_corp[i];
        m++;
      }
  st->n_tile_res = m;
}

gboolean
k1840_refuse (KolEngine   *engine,
              GError     **error,
              int          reason,
              const char  *message)
{
  KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1, "%s", message);
}

/**
 * k1840_round_process:
 *
 * An action a round makes itself (the Stadtbahn payout, a line's
 * withholding): the first active step that takes it, then the steps with
 * nothing to do are skipped and the round's after_process runs; no game
 * end check and no change of round, as in 18xx.games (where recorded games
 * log these actions).
 */
gboolean
k1840_round_process (KolEngine        *engine,
                     const KolAction  *a,
                     GError          **error)
{
  KolRound *r = &engine->round;
  KolStep *step = NULL;

  for (int i = 0; i < r->n_steps && step == NULL; i++)
    {
      KolStep *s = &r->steps[i];
      gboolean process, blocking;

      if (!kol_step_active (engine, s))
        continue;
      process = (kol_step_actions (engine, s, a->entity) & KOL_ACTION_BIT (a->type)) != 0;
      blocking = kol_step_blocking (engine, s);
      if (blocking && !process)
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0,
                                "blocking step %s cannot process %s", s->klass->name,
                                kol_action_type_to_string (a->type));
      if (blocking || process)
        step = s;
    }
  if (step == NULL)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0, "no step for %s",
                            kol_action_type_to_string (a->type));
  step->acted = TRUE;
  if (!step->klass->process (engine, step, a, error))
    return FALSE;
  r->at_start = FALSE;
  if (r->klass->after_process_before_skip)
    r->klass->after_process_before_skip (engine, r, a);
  kol_round_skip_steps (engine);
  if (r->klass->after_process)
    r->klass->after_process (engine, r, a);
  return TRUE;
}

const K1840PendingLay *
k1840_pending_lay (KolEngine *engine)
{
  K1840LineRoundState *ls;

  if (engine->round.kind != K1840_ROUND_LINE)
    return NULL;
  ls = k1840_line_round (engine);
  return ls->n_lays > 0 ? &ls->lays[0] : NULL;
}

/* ------------------------------------------------------- the round track */

/* The order of a company round: floated corporations by share price. */
static int
operating_order (const KolEngine *engine,
                 KolEntity       *out,
                 int              max)
{
  return kol_default_operating_order (engine, out, max);
}

static void
init_company_round (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);
  KolEntity order[KOL_MAX_CORPS];
  int clearing;

  st->cr_counter++;
  st->cr_phase = 1;
  st->n_sorted = operating_order (engine, order, KOL_MAX_CORPS);
  for (int i = 0; i < st->n_sorted; i++)
    st->sorted[i] = order[i].index;
  st->have_sorted = TRUE;
  /* VIII.3 (CRb): trams left over from two company rounds ago leave */
  clearing = st->depot_clearing[MIN (MAX (st->cr_counter - 1, 0), K1840_MAX_CR - 1)];
  if (clearing >= 0)
    kol_depot_export_all (engine, engine->title->trains[clearing].name);
  {
    KolArg args[1] = { kol_arg_int (KOL_ARG_INT, st->cr_counter) };

    kol_engine_log (engine, K1840_LOG_COMPANY_ROUND, args, 1);
  }
  k1840_start_company_round (engine, K1840_ROUND_COMPANY_RUN);
}

static void
new_line_round (KolEngine *engine,
                int        round_num)
{
  K1840State *st = k1840_state (engine);

  /* green tiles from LR2a, brown from LR4a, grey from LR5a */
  if (st->lr_count == 2 || st->lr_count == 6 || st->lr_count == 8)
    {
      if ((guint) engine->phase + 1 < engine->title->n_phases)
        kol_engine_set_phase (engine, engine->phase + 1);
      engine->operating_rounds = engine->title->phases[engine->phase].operating_rounds;
    }
  st->lr_count++;
  k1840_start_line_round (engine, round_num);
}

static void
new_stock_round (KolEngine *engine)
{
  k1840_start_stock_round (engine);
}

/* After the company round: the first one leads to a line round, the
 * others to a share round. */
static void
after_company_round (KolEngine *engine)
{
  if (k1840_state (engine)->cr_counter == 1)
    new_line_round (engine, 1);
  else
    new_stock_round (engine);
}

static void
next_round (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);

  switch (engine->round.kind)
    {
    case K1840_ROUND_STOCK:
      kol_engine_reorder_players (engine, KOL_ORDER_MOST_CASH, NULL, 0);
      kol_engine_log (engine, K1840_LOG_PRIORITY_ORDER, NULL, 0);
      if (st->cr_counter == 0)
        init_company_round (engine);
      else
        new_line_round (engine, engine->round.round_num);
      break;
    case K1840_ROUND_COMPANY_RUN:
    case K1840_ROUND_COMPANY_TRAINS:
      st->cr_phase++;
      /* the rulebook's companies pay and buy in one round (CRd); the line
       * auction (CRe) ends with a purchase for those without a tram */
      if (!st->compat)
        k1840_start_acquisition_round (engine);
      else if (st->cr_phase < 3)
        k1840_start_company_round (engine, K1840_ROUND_COMPANY_TRAINS);
      else
        k1840_start_acquisition_round (engine);
      break;
    case K1840_ROUND_ACQUISITION:
      after_company_round (engine);
      break;
    case K1840_ROUND_LINE:
      if (engine->round.round_num < engine->operating_rounds)
        new_line_round (engine, engine->round.round_num + 1);
      else
        {
          engine->turn++;
          init_company_round (engine);
        }
      break;
    case K1840_ROUND_AUCTION:
      k1840_start_choose_round (engine);
      break;
    case K1840_ROUND_CHOOSE:
      {
        /* order_for_first_sr: the chosen positions */
        gint8 order[KOL_MAX_PLAYERS];

        for (int i = 0; i < engine->n_players; i++)
          order[i] = engine->player_order[i];
        for (int i = 1; i < engine->n_players; i++)
          for (int j = i; j > 0 && st->first_sr_position[order[j - 1]] > st->first_sr_position[order[j]]; j--)
            {
              gint8 tmp = order[j];

              order[j] = order[j - 1];
              order[j - 1] = tmp;
            }
        memcpy (engine->player_order, order, sizeof order[0] * (gsize) engine->n_players);
        engine->priority_deal = engine->player_order[0];
        kol_engine_log (engine, K1840_LOG_PRIORITY_ORDER, NULL, 0);
        new_stock_round (engine);
      }
      break;
    default:
      break;
    }
}

/* The game ends with the sixth company round (XI), at the end of its
 * dividends. */
static int
game_end_check (KolEngine *engine,
                int       *reason)
{
  K1840State *st = k1840_state (engine);

  if (st->cr_counter >= st->n_crs)
    {
      *reason = KOL_GAME_END_FIXED_ROUND;
      return KOL_END_TIMING_CURRENT_ROUND;
    }
  *reason = KOL_GAME_END_NONE;
  return KOL_END_TIMING_NONE;
}

/* XI: cash, shares at market price, minus the loans' penalty. Private
 * companies count at face value, as 18xx.games does: they can be sold to
 * the bank for exactly that at any time (IV.2). */
static int
player_value (const KolEngine *engine,
              int              player)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, player);
  const K1840State *st = k1840_state_const (engine);
  gint16 certs[KOL_MAX_CERTS], companies[KOL_MAX_COMPANIES];
  gint64 value = engine->players[player].cash;
  int n = kol_engine_certs_of (engine, me, -1, certs, KOL_MAX_CERTS);

  for (int i = 0; i < n; i++)
    {
      const KolCert *c = &engine->certs[certs[i]];
      int price = kol_market_corp_price (engine, c->corp);
      int share = kol_engine_share_percent (engine, c->corp);

      if (!engine->corps[c->corp].ipoed || price < 0 || share <= 0)
        continue;
      value += ((gint64) price * c->percent + share - 1) / share;
    }
  n = kol_engine_companies_of (engine, me, companies, KOL_MAX_COMPANIES);
  for (int i = 0; i < n; i++)
    value += engine->companies[companies[i]].value;
  value -= (gint64) engine->players[player].loans * st->loan_penalty;
  return (int) CLAMP (value, G_MININT, G_MAXINT);
}

static gboolean
module_setup (KolEngine  *engine,
              GError    **error)
{
  return k1840_setup (engine, error);
}

static void
action_processed (KolEngine       *engine,
                  const KolAction *a)
{
  k1840_settle_majors (engine);
}

/* ------------------------------------------------------------ invariants */

/* Money: the bank is unlimited (III.5), so its counter is the ledger of
 * every payment it made or received since the start: it and everybody's
 * cash add up to nothing. Loans: the ledger of loans taken. */
static void
check_money (KolEngine *engine,
             GString   *problems)
{
  K1840State *st = k1840_state (engine);
  gint64 total = engine->bank;
  int loans = 0;

  for (int p = 0; p < engine->n_players; p++)
    {
      total += engine->players[p].cash;
      loans += engine->players[p].loans;
      if (engine->players[p].cash < 0)
        kol_invariants_problem (problems, "player %s has %d", engine->players[p].name, engine->players[p].cash);
    }
  for (int c = 0; c < engine->n_corps; c++)
    {
      total += engine->corps[c].cash;
      if (engine->corps[c].cash < 0)
        kol_invariants_problem (problems, "%s has %d", engine->title->corps[c].id, engine->corps[c].cash);
    }
  if (total != 0)
    kol_invariants_problem (problems, "money is not conserved: the bank ledger is off by %" G_GINT64_FORMAT, total);
  if (loans != st->n_loans)
    kol_invariants_problem (problems, "loans: the players hold %d, the ledger says %d", loans, st->n_loans);
}

/* Certificates: every company in the game is divided into exactly 100 %. */
static void
check_certs (KolEngine *engine,
             GString   *problems)
{
  int total[KOL_MAX_CORPS] = { 0 };
  int held[KOL_MAX_PLAYERS][KOL_MAX_CORPS] = { { 0 } };

  for (int i = 0; i < engine->n_certs; i++)
    {
      const KolCert *c = &engine->certs[i];

      total[c->corp] += c->percent;
      if (c->owner.kind == KOL_ENTITY_PLAYER)
        held[c->owner.index][c->corp] += c->percent;
      if (c->owner.kind == KOL_ENTITY_NONE && !engine->corps[c->corp].removed && !engine->corps[c->corp].closed)
        kol_invariants_problem (problems, "a certificate of %s has no owner", engine->title->corps[c->corp].id);
    }
  for (int c = 0; c < engine->n_corps; c++)
    if (total[c] != 100)
      kol_invariants_problem (problems, "%s is divided into %d %%", engine->title->corps[c].id, total[c]);
  for (int p = 0; p < engine->n_players; p++)
    for (int c = 0; c < engine->n_corps; c++)
      if (held[p][c] > 60 && !k1840_is (engine, c, K1840_LINE))
        kol_invariants_problem (problems, "player %s holds %d %% of %s", engine->players[p].name, held[p][c], engine->title->corps[c].id);
}

/* Tiles: each copy is in the supply or on exactly one hex. */
/* A line holds one station marker per hex (IX.6). */
static gboolean
one_marker_per_hex (KolEngine *engine,
                    int        corp)
{
  return k1840_is (engine, corp, K1840_LINE);
}

static void
check_trains_and_lines (KolEngine *engine,
                        GString   *problems)
{
  K1840State *st = k1840_state (engine);

  for (int i = 0; i < engine->n_trains; i++)
    {
      KolEntity o = engine->trains[i].owner;

      if (o.kind == KOL_ENTITY_CORP && (o.index < 0 || o.index >= engine->n_corps || engine->corps[o.index].closed))
        kol_invariants_problem (problems, "tram %d is held by a closed company", i);
    }
  for (int i = 0; i < st->n_majors; i++)
    {
      int major = st->majors[i];
      gint16 lines[K1840_MAX_LINES_PER_MAJOR], trains[KOL_MAX_TRAINS];
      int n_lines = k1840_major_lines (engine, major, lines);
      int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, major), trains, KOL_MAX_TRAINS);

      if (n_lines > st->max_lines)
        kol_invariants_problem (problems, "%s owns %d lines", engine->title->corps[major].id, n_lines);
      for (int l = 0; l < n_lines; l++)
        {
          int m = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, lines[l]), trains, KOL_MAX_TRAINS);

          if (m > 1)
            kol_invariants_problem (problems, "line %s runs %d trams", engine->title->corps[lines[l]].id, m);
          n += m;
        }
      if (n > kol_operating_train_limit (engine, major))
        kol_invariants_problem (problems, "%s has %d trams", engine->title->corps[major].id, n);
    }
  for (int i = 0; i < st->n_all_lines; i++)
    {
      int line = st->all_lines[i], places = 0;

      for (int k = 0; k < st->n_tram_lines; k++)
        places += st->tram_lines[k] == line;
      for (int k = 0; k < st->n_unavailable; k++)
        places += st->unavailable[k] == line;
      places += st->line_major[line] >= 0;
      /* closed when every tram company has three lines: out of the game,
       * though still listed where it was (as 18xx.games lists it) */
      if (engine->corps[line].closed && st->line_major[line] < 0)
        places = 1;
      if (places != 1)
        kol_invariants_problem (problems, "line card %s is in %d places", engine->title->corps[line].id, places);
    }
}

static gboolean
check_invariants (KolEngine *engine,
                  GString   *problems)
{
  gsize before = problems->len;

  check_money (engine, problems);
  check_certs (engine, problems);
  kol_invariants_tiles (engine, problems);
  kol_invariants_tokens (engine, one_marker_per_hex, problems);
  check_trains_and_lines (engine, problems);
  if (engine->finished)
    for (int p = 0; p < engine->n_players; p++)
      {
        int v = player_value (engine, p);

        if (v == G_MININT || v == G_MAXINT)
          kol_invariants_problem (problems, "the score of %s overflows", engine->players[p].name);
      }
  return problems->len == before;
}

/* ---------------------------------------------------------- hook tables */

/* Private companies pay only in the first part of a company round (CRa, VIII.2)
 * and when everyone passes in the private auction. */
static void
payout_companies (KolEngine *engine)
{
  if ((engine->round.kind == K1840_ROUND_COMPANY_RUN && k1840_state (engine)->cr_phase == 1) ||
      engine->round.kind == K1840_ROUND_AUCTION)
    kol_default_payout_companies (engine);
}

static int
buying_power (KolEngine *engine,
              KolEntity  entity)
{
  int spender;

  if (k1840_entity_is (engine, entity, K1840_CITY))
    return 0;
  spender = k1840_spender (engine, entity);
  if (entity.kind == KOL_ENTITY_CORP && spender >= 0)
    return engine->corps[spender].cash;
  return kol_default_buying_power (engine, entity);
}

/* The revenue of a run: a line adds its maintenance (Table 7, purple +200, IX.8),
 * a Stadtbahn company multiplies by the company round's factor. */
static int
routes_revenue (KolEngine         *engine,
                int                corp,
                const KolRunRoute *routes,
                int                n)
{
  int sum = kol_default_routes_revenue (engine, corp, routes, n);

  if (n == 0)
    return sum;
  if (k1840_is (engine, corp, K1840_LINE))
    return sum + k1840_maintenance_costs (engine, corp);
  return sum * k1840_cr_multiplier (engine);
}

/* How a tram company's dividend moves its price: Table 6 (X.2). */
static void
share_price_change (KolEngine      *engine,
                    int             corp,
                    int             revenue,
                    KolPriceChange *out)
{
  K1840State *st = k1840_state (engine);

  memset (out, 0, sizeof *out);
  for (int i = 0; i < st->n_moves; i++)
    {
      const K1840PriceMove *m = &st->moves[i];

      if (revenue < m->min || (m->max >= 0 && revenue > m->max))
        continue;
      if (m->direction != KOL_PRICE_NONE && m->steps > 0)
        {
          out->n = 1;
          out->moves[0].direction = m->direction;
          out->moves[0].times = m->steps;
        }
      return;
    }
}

/* A tram bought: the first tram of a new colour may change the
 * maintenance of all trams (VIII.5.3, Table 7). */
static void
buy_train (KolEngine *engine,
           int        corp,
           int        train,
           int        price)
{
  K1840State *st = k1840_state (engine);
  int def = engine->trains[train].def;

  kol_default_buy_train (engine, corp, train, price);
  for (int i = 0; i < st->n_maint; i++)
    if (st->maint_def[i] == def && i > st->maint_level)
      st->maint_level = (gint8) i;
}

static void
company_price_range (KolEngine *engine,
                     int        corp,
                     int        company,
                     int       *min,
                     int       *max)
{
  /* IV.2: between 1 and the face value; a private whose face value fell
   * to 0 in the pre-round (VI) goes for 0 */
  *max = engine->companies[company].value;
  *min = MIN (1, *max);
}

static void
take_player_loan (KolEngine *engine,
                  int        player,
                  int        amount)
{
  k1840_take_player_loan (engine, player, amount);
}

static gboolean
variant_buyable (KolEngine *engine,
                 int        corp,
                 int        train,
                 int        variant)
{
  return k1840_variant_available (engine, train, variant);
}

static int
train_limit (KolEngine *engine,
             int        corp)
{
  return kol_default_train_limit (engine, corp);
}

/* Closing a corporation: reservations go too, the OO hexes' included. */
static void
close_corporation (KolEngine *engine,
                   int        corp)
{
  K1840State *st = k1840_state (engine);
  int m = 0;

  kol_default_close_corporation (engine, corp);
  for (int i = 0; i < st->n_tile_res; i++)
    if (st->tile_res_corp[i] != corp)
      {
        st->tile_res_hex[m] = st->tile_res_hex[i];
        st->tile_res_corp[m] = st->tile_res_corp[i];
        m++;
      }
  st->n_tile_res = m;
}

static const KolTileLay tile_lays[] = {
  { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
  { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 },
};

static const KolOperatingHooks operating_hooks = {
  .home_token_timing = KOL_HOME_TOKEN_OPERATE,
  .track_restriction = KOL_TRACK_PERMISSIVE,
  .ebuy_depot_train_any = TRUE,
  .ebuy_cannot_sell_shares = TRUE,
  .ebuy_player_loan = KOL_PLAYER_LOAN_ALWAYS,
  .no_train_buy_from_others = TRUE,
  .tile_lays_table = tile_lays,
  .n_tile_lays = G_N_ELEMENTS (tile_lays),
  .operating_order = operating_order,
  .payout_companies = payout_companies,
  .place_home_token = k1840_place_home_token,
  .buying_power = buying_power,
  .train_limit = train_limit,
  .routes_revenue = routes_revenue,
  .validate_routes = k1840_validate_routes,
  .share_price_change = share_price_change,
  .buy_train = buy_train,
  .company_price_range = company_price_range,
  .take_player_loan = take_player_loan,
  .close_corporation = close_corporation,
  .buy_train_room = k1840_buy_train_room,
  .can_buy_train = k1840_can_buy_train,
  .step_must_buy_train = k1840_step_must_buy_train,
  .train_variant_buyable = variant_buyable,
  .no_cheapest_train_check = TRUE,
};

const KolTitleModule kol_title_module_1840 = {
  .id = "1840",
  .state_size = sizeof (K1840State),
  .setup = module_setup,
  .next_round = next_round,
  .game_end_check = game_end_check,
  .player_value = player_value,
  .action_processed = action_processed,
  .check_invariants = check_invariants,
  .board_hooks = &k1840_board_hooks,
  .stock_hooks = &k1840_stock_hooks,
  .operating_hooks = &operating_hooks,
  .route_hooks = &k1840_route_hooks,
  .info_hooks = &k1840_info_hooks,
  .words = &k1840_words,
  .policy_hooks = &k1840_policy_hooks,
};
