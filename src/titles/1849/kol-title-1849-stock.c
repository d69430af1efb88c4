/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1849-private.h"

#include <string.h>

/*
 * 1849 Sicily: the initial stock round (§8, §8.1), stock rounds (§9), the
 * certificates (§7.2, §9.5, §9.6) and the financial step's bundles
 * (§10.8).
 */

#define LAST_CERT_FLAG 1u

static inline gboolean
is_last_cert (KolEngine *engine,
              int        cert)
{
  return (engine->certs[cert].flags & LAST_CERT_FLAG) != 0;
}

/* ------------------------------------------------------------- par prices */

/* The phase from which @price may be chosen as a par price (rules.
 * par_prices, read at setup), -1 when never. */
static int
par_price_phase (KolEngine *engine,
                 int        price)
{
  Kol1849State *st = kol_1849_state (engine);

  for (int i = 0; i < st->n_par; i++)
    if (st->par[i].price == price)
      return st->par[i].phase;
  return -1;
}

/* The par prices offered: the groups of par cells available now, growing
 * with the green_par and brown_par events (§9.4: L.68 and L.100 from the
 * start, L.144 from Phase 6, L.216 from Phase 10). */
static int
par_prices (KolEngine *engine,
            int        corp,
            KolCell   *out,
            int        max)
{
  KolCell cells[KOL_MAX_PAR_CELLS];
  int n = kol_market_par_cells (engine, 0, cells, KOL_MAX_PAR_CELLS), m = 0;

  for (int i = 0; i < n && m < max; i++)
    {
      int phase = par_price_phase (engine, kol_market_cell_price (engine, cells[i]));

      if (phase >= 0 && phase <= engine->phase)
        out[m++] = cells[i];
    }
  return m;
}

/* ------------------------------------------------------------ corporations */

/* May a corporation be started: the next in the order, not closed in this
 * set of rounds, and (Garibaldi) with a home (§9.4, §9.4.1, §11). */
static gboolean
can_par (KolEngine *engine,
         int        corp,
         KolEntity  parrer)
{
  const KolCorp *c = &engine->corps[corp];

  return !c->ipoed && !c->closed && !c->removed && kol_1849_corp (engine, corp)->next_to_par &&
         !kol_1849_corp (engine, corp)->closed_recently && !kol_1849_corp (engine, corp)->slot_closed;
}

/**
 * kol_1849_home_token_locations:
 * @hexes: (out) (array): hexes
 *
 * The cities Garibaldi may choose as its home that have a
 * free slot for it (§9.4.1).
 *
 * Returns: how many hexes were written.
 */
int
kol_1849_home_token_locations (KolEngine *engine,
                               int        corp,
                               gint16    *hexes,
                               int        max)
{
  GArray *choices = engine->title->corps[corp].home_choices;
  int n = 0;

  for (guint i = 0; choices && i < choices->len && n < max; i++)
    {
      int hex = g_array_index (choices, gint16, i);
      int cities = kol_tile_n_cities (kol_board_tile (engine, hex, NULL));
      gboolean room = FALSE;

      for (int city = 0; city < cities && !room; city++)
        {
          KolReason reason;

          room = kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason);
        }
      if (room)
        hexes[n++] = (gint16) hex;
    }
  return n;
}

/**
 * kol_1849_update_garibaldi:
 *
 * Garibaldi, blocked for want of a home, becomes
 * available again from the next stock round once a home has room (§9.4.1).
 */
void
kol_1849_update_garibaldi (KolEngine *engine)
{
  int afg = kol_1849_state (engine)->afg;
  gint16 hexes[8];
  KolArg args[1];

  if (afg < 0 || engine->corps[afg].removed || !kol_1849_corp (engine, afg)->slot_closed ||
      kol_1849_home_token_locations (engine, afg, hexes, G_N_ELEMENTS (hexes)) == 0)
    return;
  kol_1849_corp (engine, afg)->slot_closed = FALSE;
  kol_1849_corp (engine, afg)->closed_recently = TRUE;
  args[0] = kol_arg_int (KOL_ARG_CORP, afg);
  kol_engine_log (engine, K49_LOG_AFG_SLOT_OPEN, args, 1);
}

/* After a corporation is started: the capital RSA brings (§8.1), the token
 * fee (§9.4), the next
 * corporation in the order becomes available, and in a stock round the
 * home token. */
static void
after_par (KolEngine *engine,
           int        corp)
{
  Kol1849State *st = kol_1849_state (engine);
  const KolCorpDef *def = &engine->title->corps[corp];
  int index, fee = def->token_fee;
  KolArg args[3];

  if (st->rsa >= 0 && st->rsa_share_corp == corp && !engine->companies[st->rsa].closed)
    {
      int amount = kol_market_corp_price (engine, corp) * (engine->certs[kol_engine_president_cert (engine, corp)].percent /
                                                      kol_engine_share_percent (engine, corp));

      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), kol_entity_corp (corp), amount);
      args[0] = kol_arg_int (KOL_ARG_CORP, corp);
      args[1] = kol_arg_int (KOL_ARG_MONEY, amount);
      args[2] = kol_arg_int (KOL_ARG_COMPANY, st->rsa);
      kol_engine_log (engine, K49_LOG_RECEIVES_FROM, args, 3);
    }

  kol_engine_transfer (engine, kol_entity_corp (corp), kol_entity (KOL_ENTITY_BANK, 0), fee);
  args[0] = kol_arg_int (KOL_ARG_CORP, corp);
  args[1] = kol_arg_int (KOL_ARG_MONEY, fee);
  kol_engine_log (engine, K49_LOG_TOKEN_FEE, args, 2);

  kol_1849_corp (engine, corp)->next_to_par = FALSE;
  index = kol_1849_corp_list_index (engine, corp);
  if (index >= 0 && index + 1 < engine->n_corp_order)
    kol_1849_corp (engine, engine->corp_order[index + 1])->next_to_par = TRUE;
  if (engine->round.klass && engine->round.klass->stock)
    kol_operating_place_home_token (engine, corp);
}

/* ---------------------------------------------------------- certificates */

/**
 * kol_1849_last_cert_last:
 *
 * A bundle with the last certificate must take every
 * certificate left where it comes from (the treasury or the pool, §9.6).
 *
 * Returns: %TRUE if @b respects it.
 */
gboolean
kol_1849_last_cert_last (KolEngine       *engine,
                         const KolBundle *b)
{
  gboolean has_last = FALSE;
  KolEntity location;
  gint16 certs[KOL_MAX_CERTS];

  for (int i = 0; i < b->n_certs && !has_last; i++)
    has_last = is_last_cert (engine, b->certs[i]);
  if (!has_last)
    return TRUE;
  location = b->owner.kind == KOL_ENTITY_POOL ? b->owner : kol_entity_corp (b->corp);
  return kol_engine_certs_of (engine, location, b->corp, certs, KOL_MAX_CERTS) == b->n_certs;
}

/* The players holding at least 20% of @corp other than @player, the
 * largest holders, nearest to @player (find_would_be_pres), or -1. */
static int
find_would_be_pres (KolEngine *engine,
                    int        player,
                    int        corp)
{
  int best = -1, best_percent = 0, best_distance = G_MAXINT;

  for (int p = 0; p < engine->n_players; p++)
    {
      int percent = kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, p), corp);

      if (p == player || percent < 20)
        continue;
      if (percent > best_percent)
        {
          best = p;
          best_percent = percent;
          best_distance = kol_shares_distance (engine, kol_entity (KOL_ENTITY_PLAYER, player),
                                               kol_entity (KOL_ENTITY_PLAYER, p));
        }
      else if (percent == best_percent)
        {
          int d = kol_shares_distance (engine, kol_entity (KOL_ENTITY_PLAYER, player),
                                       kol_entity (KOL_ENTITY_PLAYER, p));

          if (d < best_distance)
            {
              best = p;
              best_distance = d;
            }
        }
    }
  return best;
}

/* May the president give up the presidency with @b to
 * @would_be_pres (§9.5: only to a holder of two shares, and the swap must
 * be possible with the certificates they hold)? */
static gboolean
dumpable_on (KolEngine       *engine,
             const KolBundle *b,
             int              would_be_pres)
{
  KolEntity pres;
  int owner_percent, other_percent, after;
  gint16 certs[KOL_MAX_CERTS];

  if (kol_bundle_president_cert (engine, b) < 0)
    return TRUE;
  if (would_be_pres < 0)
    return FALSE;
  pres = kol_entity (KOL_ENTITY_PLAYER, would_be_pres);
  owner_percent = kol_engine_percent_of (engine, b->owner, b->corp);
  other_percent = kol_engine_percent_of (engine, pres, b->corp);
  after = owner_percent - b->percent;
  if (other_percent == 20 && kol_engine_certs_of (engine, pres, b->corp, certs, KOL_MAX_CERTS) == 1)
    {
      /* (18xx.games also tests "more than 20% sold down to 10%" here but
       * discards the result: only the test below decides) */
      if (after == 0)
        return TRUE;
    }
  return after < 20 && other_percent > after;
}

typedef struct
{
  guint8 n10;
  guint8 pres;
  guint8 last;
} Shape;

/* The bundles a holder may offer (§9.6): every combination of the holder's
 * certificates, one per shape (number of 10% certificates, president's,
 * last), and for the president the partial bundle of the president's
 * certificate, kept when the presidency may pass with it; sorted by percent
 * (a stable sort, so that equal bundles keep the order recorded games
 * list them in). */
static int
bundles_for_corporation (KolEngine *engine,
                         KolEntity  holder,
                         int        corp,
                         KolBundle *out,
                         int        max)
{
  gint16 certs[KOL_MAX_CERTS];
  int n, m = 0;
  Shape seen[64];
  int n_seen = 0;
  KolBundle tmp[64];

  if (!engine->corps[corp].ipoed)
    return 0;
  n = kol_engine_certs_of (engine, holder, corp, certs, KOL_MAX_CERTS);
  n = MIN (n, 12);
  /* combinations by size, then in lexicographic order of positions */
  for (int size = 1; size <= n; size++)
    {
      int idx[16];

      for (int i = 0; i < size; i++)
        idx[i] = i;
      for (;;)
        {
          Shape shape = { 0 };
          gint16 pick[16];
          gboolean dup = FALSE;

          for (int i = 0; i < size; i++)
            {
              int c = certs[idx[i]];

              pick[i] = (gint16) c;
              if (engine->certs[c].percent == 10)
                shape.n10++;
              if (engine->certs[c].president)
                shape.pres = 1;
              if (is_last_cert (engine, c))
                shape.last = 1;
            }
          for (int s = 0; s < n_seen && !dup; s++)
            dup = seen[s].n10 == shape.n10 && seen[s].pres == shape.pres && seen[s].last == shape.last;
          if (!dup && n_seen < (int) G_N_ELEMENTS (seen) - 1)
            {
              seen[n_seen++] = shape;
              kol_bundle_init (engine, &tmp[m++], pick, size, 0);
            }
          /* next combination */
          {
            int i = size - 1;

            while (i >= 0 && idx[i] == n - size + i)
              i--;
            if (i < 0)
              break;
            idx[i]++;
            for (int j = i + 1; j < size; j++)
              idx[j] = idx[j - 1] + 1;
          }
        }
    }

  if (holder.kind == KOL_ENTITY_PLAYER && kol_corp_is_president (engine, corp, holder))
    {
      int pres = kol_engine_president_cert (engine, corp);
      int would_be = find_would_be_pres (engine, holder.index, corp);
      gint16 one = (gint16) pres;
      int k = 0;

      if (pres >= 0 && m < (int) G_N_ELEMENTS (tmp))
        kol_bundle_init (engine, &tmp[m++], &one, 1, 10);
      for (int i = 0; i < m; i++)
        if (dumpable_on (engine, &tmp[i], would_be))
          tmp[k++] = tmp[i];
      m = k;
    }

  /* stable sort by percent */
  {
    int k = 0;

    for (int percent = 0; percent <= 100; percent += 10)
      for (int i = 0; i < m && k < max; i++)
        if (tmp[i].percent == percent)
          out[k++] = tmp[i];
    return k;
  }
}

/* The swap of the president's certificate (§9.5): the new president gives the last
 * certificate if they hold it, else two 10% certificates; with the last
 * certificate and 40% or more, the outgoing president may later choose two
 * 10% certificates instead (the SwapChoice step; §9.5 example 3). */
static void
change_president (KolEngine *engine,
                  int        presidents_cert,
                  KolEntity  swap_to,
                  KolEntity  president,
                  KolEntity  previous)
{
  Kol1849State *st = kol_1849_state (engine);
  int corp = engine->certs[presidents_cert].corp;
  gint16 held[KOL_MAX_CERTS], give[2];
  int n = kol_engine_certs_of (engine, president, corp, held, KOL_MAX_CERTS), n_give = 0;
  int double_cert = -1, total = 0;

  for (int i = 0; i < n; i++)
    {
      total += engine->certs[held[i]].percent;
      if (double_cert < 0 && is_last_cert (engine, held[i]))
        double_cert = held[i];
    }
  if (double_cert >= 0)
    {
      if (total >= 40)
        {
          KolArg args[1] = { kol_arg_entity (swap_to) };

          st->swap_choice_player = previous.kind == KOL_ENTITY_PLAYER ? previous.index : -1;
          st->swap_location = swap_to;
          st->swap_other_player = president.kind == KOL_ENTITY_PLAYER ? president.index : -1;
          st->swap_corp = (gint16) corp;
          kol_engine_log (engine, K49_LOG_SWAP_DEFAULT, args, 1);
        }
      give[n_give++] = (gint16) double_cert;
    }
  else
    for (int i = 0; i < n && n_give < 2; i++)
      if (!is_last_cert (engine, held[i]))
        give[n_give++] = held[i];
  for (int i = 0; i < n_give; i++)
    kol_shares_move_cert (engine, give[i], swap_to);
  kol_shares_move_cert (engine, presidents_cert, president);
}

/* A split president's certificate: one ordinary certificate comes back. */
static void
handle_partial (KolEngine       *engine,
                const KolBundle *b,
                KolEntity        from,
                KolEntity        to)
{
  gint16 held[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, from, b->corp, held, KOL_MAX_CERTS);

  for (int i = 0; i < n; i++)
    if (!is_last_cert (engine, held[i]))
      {
        kol_shares_move_cert (engine, held[i], to);
        return;
      }
}

/**
 * kol_1849_swap_double_cert:
 *
 * The last certificate goes from @from to @to,
 * which gives back two 10% certificates.
 */
void
kol_1849_swap_double_cert (KolEngine *engine,
                           KolEntity  from,
                           KolEntity  to,
                           int        corp)
{
  gint16 held[KOL_MAX_CERTS], tens[2];
  int n = kol_engine_certs_of (engine, from, corp, held, KOL_MAX_CERTS), n_tens = 0;

  for (int i = 0; i < n; i++)
    if (is_last_cert (engine, held[i]))
      {
        kol_shares_move_cert (engine, held[i], to);
        break;
      }
  n = kol_engine_certs_of (engine, to, corp, held, KOL_MAX_CERTS);
  for (int i = 0; i < n && n_tens < 2; i++)
    if (engine->certs[held[i]].percent == 10)
      tens[n_tens++] = held[i];
  for (int i = 0; i < n_tens; i++)
    kol_shares_move_cert (engine, tens[i], from);
}

/**
 * kol_1849_issuable_bundles:
 * @out: (out) (array): bundles of @corp's treasury certificates
 *
 * After the corporation's first turn, bundles that
 * leave the pool with at most five shares and respect the last certificate
 * (§10.8).
 *
 * Returns: how many bundles were written.
 */
int
kol_1849_issuable_bundles (KolEngine *engine,
                           int        corp,
                           KolBundle *out,
                           int        max)
{
  KolBundle all[64];
  int n, m = 0, room;

  if (kol_operating_history_size (engine, corp) <= 1)
    return 0;
  room = 5 - kol_corp_num_market_shares (engine, corp);
  n = bundles_for_corporation (engine, kol_entity_corp (corp), corp, all, G_N_ELEMENTS (all));
  for (int i = 0; i < n && m < max; i++)
    if (kol_bundle_num_shares (engine, &all[i]) <= room && kol_1849_last_cert_last (engine, &all[i]))
      out[m++] = all[i];
  return m;
}

/**
 * kol_1849_redeemable_bundles:
 * @out: (out) (array): single certificates in the pool
 *
 * After the first turn, one certificate of the
 * pool the corporation can pay for, the last certificate last (§10.8).
 *
 * Returns: how many bundles were written.
 */
int
kol_1849_redeemable_bundles (KolEngine *engine,
                             int        corp,
                             KolBundle *out,
                             int        max)
{
  KolBundle all[64];
  int n, m = 0;

  if (kol_operating_history_size (engine, corp) <= 1)
    return 0;
  n = bundles_for_corporation (engine, kol_entity (KOL_ENTITY_POOL, 0), corp, all, G_N_ELEMENTS (all));
  for (int i = 0; i < n && m < max; i++)
    if (all[i].n_certs == 1 && engine->corps[corp].cash >= kol_bundle_price (engine, &all[i]) &&
        kol_1849_last_cert_last (engine, &all[i]))
      out[m++] = all[i];
  return m;
}

/* ------------------------------------------------------- reorder_corps */

/**
 * kol_1849_remember_order:
 *
 * @old_operating_order = @corporations.sort.
 */
void
kol_1849_remember_order (KolEngine *engine)
{
  Kol1849State *st = kol_1849_state (engine);

  st->n_old_order = (guint8) kol_1849_sorted_corps (engine, st->old_operating_order);
}

/**
 * kol_1849_note_moved:
 *
 * @moved_this_turn << @corp.
 */
void
kol_1849_note_moved (KolEngine *engine,
                     int        corp)
{
  Kol1849State *st = kol_1849_state (engine);

  if (st->n_moved < G_N_ELEMENTS (st->moved_this_turn))
    st->moved_this_turn[st->n_moved++] = (gint16) corp;
}

static int
old_position (KolEngine *engine,
              int        corp)
{
  Kol1849State *st = kol_1849_state (engine);

  for (int i = 0; i < st->n_old_order; i++)
    if (st->old_operating_order[i] == corp)
      return i;
  return G_MAXINT;
}

/**
 * kol_1849_reorder_corps:
 *
 * Corporations that sold down onto the same cell this
 * turn keep the order they had before the sales (§9.2: "the order in the
 * stack stays the same"), under those that did not move.
 */
void
kol_1849_reorder_corps (KolEngine *engine)
{
  Kol1849State *st = kol_1849_state (engine);
  gint16 moved[KOL_MAX_CORPS];
  int n_moved = 0;
  gboolean done_cell[KOL_MAX_MARKET_ROWS][KOL_MAX_MARKET_COLS] = { { FALSE } };

  for (int i = 0; i < st->n_moved; i++)
    {
      gboolean dup = FALSE;

      for (int j = 0; j < n_moved && !dup; j++)
        dup = moved[j] == st->moved_this_turn[i];
      if (!dup)
        moved[n_moved++] = st->moved_this_turn[i];
    }
  if (n_moved <= 1)
    return;

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      KolCell cell = kol_market_corp_cell (engine, engine->corp_order[i]);
      gint16 stack[KOL_MAX_CORPS], unmoved[KOL_MAX_CORPS], movers[KOL_MAX_CORPS], order[KOL_MAX_CORPS];
      int n, n_un = 0, n_mv = 0, k = 0;
      gboolean same = TRUE;

      if (!engine->corps[engine->corp_order[i]].floated || kol_cell_is_none (cell) || done_cell[cell.row][cell.col])
        continue;
      done_cell[cell.row][cell.col] = TRUE;
      n = kol_market_cell_corps (engine, cell, stack, KOL_MAX_CORPS);
      if (n <= 1)
        continue;
      for (int j = 0; j < n; j++)
        {
          gboolean was_moved = FALSE;

          for (int k2 = 0; k2 < n_moved && !was_moved; k2++)
            was_moved = moved[k2] == stack[j];
          if (was_moved)
            movers[n_mv++] = stack[j];
          else
            unmoved[n_un++] = stack[j];
        }
      /* moved ones by their old operating order (a stable sort) */
      for (int a = 1; a < n_mv; a++)
        for (int b = a; b > 0 && old_position (engine, movers[b - 1]) > old_position (engine, movers[b]); b--)
          {
            gint16 t = movers[b];

            movers[b] = movers[b - 1];
            movers[b - 1] = t;
          }
      for (int j = 0; j < n_un; j++)
        order[k++] = unmoved[j];
      for (int j = 0; j < n_mv; j++)
        order[k++] = movers[j];
      for (int j = 0; j < n; j++)
        same = same && order[j] == stack[j];
      if (same)
        continue;
      kol_engine_log (engine, K49_LOG_REORDER, NULL, 0);
      kol_market_restack (engine, cell, order, n);
    }
}

/* ------------------------------------------------------- step methods */

/* May @entity buy @bundle: the generic rules, and the last certificate last
 * (§9.6). */
static gboolean
can_buy (KolEngine       *engine,
         KolStep         *s,
         KolEntity        entity,
         const KolBundle *bundle)
{
  return kol_step_buy_sell_par_shares_can_buy (engine, s, entity, bundle) &&
         kol_1849_last_cert_last (engine, bundle);
}

/* The founder may buy two more certificates in the
 * turn of the par (§9.4). */
static gboolean
can_buy_multiple (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity,
                  int        corp,
                  KolEntity  owner)
{
  if (kol_step_buy_sell_par_shares_can_buy_multiple (engine, s, entity, corp, owner))
    return TRUE;
  return kol_entity_equal (engine->corps[corp].owner, entity) && entity.kind == KOL_ENTITY_PLAYER &&
         kol_step_buy_sell_par_shares_just_parred (engine, corp) &&
         kol_step_buy_sell_par_shares_num_bought (engine, corp) < 2;
}

/* Can @entity buy from a treasury: the smallest certificate of each started
 * corporation's treasury decides. */
static gboolean
can_buy_any_from_ipo (KolEngine *engine,
                      KolStep   *s,
                      KolEntity  entity)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];
      gint16 certs[KOL_MAX_CERTS];
      int n, min = -1;
      KolBundle b;

      if (!engine->corps[corp].ipoed)
        continue;
      /* its own certificates only, in holding order as among all it holds */
      n = kol_engine_certs_of (engine, kol_entity_corp (corp), corp, certs, KOL_MAX_CERTS);
      for (int k = 0; k < n; k++)
        if (min < 0 || engine->certs[certs[k]].percent < engine->certs[min].percent)
          min = certs[k];
      if (min < 0)
        continue;
      kol_bundle_init_cert (engine, &b, min);
      if (can_buy (engine, s, entity, &b))
        return TRUE;
    }
  return FALSE;
}

static void
start_entity (KolEngine *engine)
{
  kol_1849_state (engine)->n_moved = 0;
}

/* After a company is bought: RSA's president's certificate waits for a par
 * (§8.1). */
static void
after_buy_company (KolEngine *engine,
                   int        player,
                   int        company,
                   int        price)
{
  Kol1849State *st = kol_1849_state (engine);

  if (company == st->rsa && st->rsa_share_corp >= 0)
    kol_auction_add_pending_par (engine, company);
}

static int
pending_par_corp (KolEngine *engine,
                  int        company)
{
  return kol_1849_state (engine)->rsa_share_corp;
}

const KolStockHooks kol_1849_stock_hooks = {
  .sell_buy_order = KOL_SELL_BUY,
  .sell_after = KOL_SELL_AFTER_OPERATE,
  .sell_movement = KOL_SELL_MOVE_DOWN_PER_10,
  .pool_share_drop = KOL_POOL_DROP_DOWN_BLOCK,
  .always_market_price = TRUE,
  .can_par = can_par,
  .after_par = after_par,
  .par_prices = par_prices,
  .bundles_for_corporation = bundles_for_corporation,
  .change_president = change_president,
  .handle_partial = handle_partial,
  .start_entity = start_entity,
  .after_buy_company = after_buy_company,
  .pending_par_corp = pending_par_corp,
  .can_buy = can_buy,
  .can_buy_multiple = can_buy_multiple,
  .can_buy_any_from_ipo = can_buy_any_from_ipo,
};

/* --------------------------------------------------- the auction round */

static const KolStepClass *const auction_steps[] = {
  &kol_step_company_pending_par,
  &kol_step_waterfall_auction,
};

/**
 * kol_1849_start_auction_round:
 *
 * The initial stock round (§8): the privates are sold in a waterfall
 * auction; RSA's owner then pars its corporation.
 */
void
kol_1849_start_auction_round (KolEngine *engine)
{
  kol_round_start (engine, &kol_1849_round_auction, K49_ROUND_AUCTION, 1, auction_steps, NULL,
                   G_N_ELEMENTS (auction_steps));
}

const KolRoundClass kol_1849_round_auction = {
  .name = "Auction Round",
  .short_name = "ISR",
  .select_entities = kol_round_auction_select_entities,
};

/* ----------------------------------------------------- the stock round */

/* The start of a stock round: corporations floated without a placed token
 * (RSA's, or Garibaldi still to choose) place their home token first. */
static void
stock_round_setup (KolEngine *engine,
                   KolRound  *r)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int corp = engine->corp_order[i];
      const KolCorp *c = &engine->corps[corp];
      int unplaced = 0;

      if (!kol_corp_floated (engine, corp))
        continue;
      for (int t = 0; t < c->n_tokens; t++)
        if (c->tokens[t].hex < 0 && !(kol_1849_corp (engine, corp)->destroyed & (1u << t)))
          unplaced++;
      if (unplaced == c->n_tokens)
        kol_operating_place_home_token (engine, corp);
    }
  kol_round_stock_setup (engine, r);
}

const KolRoundClass kol_1849_round_stock = {
  .name = "Stock Round",
  .short_name = "SR",
  .stock = TRUE,
  .select_entities = kol_round_stock_select_entities,
  .setup = stock_round_setup,
  .after_process = kol_round_stock_after_process,
  .finished = kol_round_stock_finished,
  .next_entity = kol_round_stock_next_entity,
};

static const KolStepClass *const stock_steps[] = {
  &kol_step_discard_train,
  &kol_1849_step_home_token,
  &kol_1849_step_swap_choice.step,
  &kol_1849_step_buy_sell_par_shares,
};

/**
 * kol_1849_start_stock_round:
 *
 * A new stock round: corporations closed in the last set may be
 * started again, Messina may be upgraded again (§11, §12).
 */
void
kol_1849_start_stock_round (KolEngine *engine)
{
  for (int c = 0; c < engine->n_corps; c++)
    kol_1849_corp (engine, c)->closed_recently = FALSE;
  kol_1849_state (engine)->messina_upgradeable = TRUE;
  kol_round_start (engine, &kol_1849_round_stock, K49_ROUND_STOCK, 1, stock_steps, NULL,
                   G_N_ELEMENTS (stock_steps));
}

/* ----------------------------------------------- BuySellParShares (1849) */

static void
bsps_setup (KolEngine *engine,
            KolStep   *s)
{
  kol_step_buy_sell_par_shares_setup (engine, s);
  kol_1849_remember_order (engine);
}

static void
bsps_pass (KolEngine *engine,
           KolStep   *s)
{
  kol_step_buy_sell_par_shares_pass (engine, s);
  kol_1849_remember_order (engine);
}

static gboolean
bsps_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_PAR:
      {
        KolArg args[1] = { kol_arg_entity (a->entity) };

        if (a->corp >= 0 && a->corp < engine->n_corps && !kol_1849_corp (engine, a->corp)->next_to_par &&
            !engine->corps[a->corp].ipoed)
          {
            KolArg why[2] = {
              kol_arg_int (KOL_ARG_REASON, K49_REASON_NOT_NEXT_CORP),
              kol_arg_int (KOL_ARG_CORP, a->corp),
            };

            return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 2,
                                    "only the next corporation in the order may be started");
          }
        if (!kol_step_buy_sell_par_shares_process_par (engine, s, a, error))
          return FALSE;
        kol_engine_log (engine, K49_LOG_MAY_BUY_TWO, args, 1);
        return TRUE;
      }
    case KOL_ACTION_SELL_SHARES:
      {
        KolBundle b;
        int before;

        if (!kol_bundle_from_action (engine, &b, a, error))
          return FALSE;
        before = kol_market_corp_price (engine, b.corp);
        if (!kol_step_buy_sell_par_shares_process_sell_shares (engine, s, a, error))
          return FALSE;
        if (before != kol_market_corp_price (engine, b.corp))
          {
            kol_1849_note_moved (engine, b.corp);
            kol_1849_reorder_corps (engine);
          }
        return TRUE;
      }
    case KOL_ACTION_BUY_SHARES:
      {
        KolBundle b;

        if (!kol_bundle_from_action (engine, &b, a, error))
          return FALSE;
        if (!kol_1849_last_cert_last (engine, &b))
          {
            KolArg args[2] = {
              kol_arg_int (KOL_ARG_REASON, K49_REASON_LAST_CERT),
              kol_arg_int (KOL_ARG_CORP, b.corp),
            };

            return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                                    "the last certificate of %s can be bought only when no other "
                                    "is left there", engine->title->corps[b.corp].id);
          }
        return kol_step_buy_sell_par_shares_process (engine, s, a, error);
      }
    default:
      return kol_step_buy_sell_par_shares_process (engine, s, a, error);
    }
}

/* Explains a refused buy, sell or par with the most specific reason. */
static gboolean
bsps_explain (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  KolBundle b;
  KolEntity e = a->entity;

  switch (a->type)
    {
    case KOL_ACTION_BUY_SHARES:
      if (!kol_bundle_from_action (engine, &b, a, error))
        return FALSE;
      if (kol_step_buy_sell_par_shares_must_sell (engine, s, e))
        {
          KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_MUST_SELL) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                  "over a limit: sell first");
        }
      return kol_stock_refuse_buy (engine, s, e, &b, error);
    case KOL_ACTION_SELL_SHARES:
      if (!kol_bundle_from_action (engine, &b, a, error))
        return FALSE;
      return kol_stock_refuse_sell (engine, s, e, &b, error);
    case KOL_ACTION_PAR:
      {
        KolArg args[2] = {
          kol_arg_int (KOL_ARG_REASON, KOL_REASON_PAR_NOT_ALLOWED),
          kol_arg_int (KOL_ARG_CORP, a->corp),
        };

        if (kol_step_buy_sell_par_shares_bought (engine, s))
          args[0] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_BUY_ALREADY_BOUGHT);
        else if (kol_step_buy_sell_par_shares_must_sell (engine, s, e))
          args[0] = kol_arg_int (KOL_ARG_REASON, KOL_REASON_MUST_SELL);
        else if (a->corp >= 0 && a->corp < engine->n_corps && !kol_1849_corp (engine, a->corp)->next_to_par)
          args[0] = kol_arg_int (KOL_ARG_REASON, K49_REASON_NOT_NEXT_CORP);
        else if (a->corp >= 0 && a->corp < engine->n_corps && kol_1849_corp (engine, a->corp)->slot_closed)
          args[0] = kol_arg_int (KOL_ARG_REASON, K49_REASON_NO_HOME);
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2,
                                "this corporation cannot be started now");
      }
    default:
      return TRUE;
    }
}

const KolStepClass kol_1849_step_buy_sell_par_shares = {
  .name = "Buy/Sell Shares",
  .actions = kol_step_buy_sell_par_shares_actions,
  .process = bsps_process,
  .setup = bsps_setup,
  .pass = bsps_pass,
  .skip = kol_step_buy_sell_par_shares_skip,
  .round_state = kol_step_buy_sell_par_shares_round_state,
  .legal_actions = kol_step_buy_sell_par_shares_legal_actions,
  .explain = bsps_explain,
};

/* -------------------------------------------------------- HomeToken */

/* The home token step, then the memo of where 1849 may place a token is
 * forgotten (kol_1849_forget_can_token): the new token changes it. */
static gboolean
home_token_process (KolEngine        *engine,
                    KolStep          *s,
                    const KolAction  *a,
                    GError          **error)
{
  if (!kol_step_home_token_process (engine, s, a, error))
    return FALSE;
  kol_1849_forget_can_token (engine);
  return TRUE;
}

const KolStepClass kol_1849_step_home_token = {
  .name = "Place Home Token",
  .actions = kol_step_home_token_actions,
  .active = kol_step_home_token_active,
  .active_entities = kol_step_home_token_active_entities,
  .round_state = kol_step_home_token_round_state,
  .process = home_token_process,
  .legal_actions = kol_step_home_token_legal_actions,
};
/* -------------------------------------------------------- SwapChoice */

enum
{
  SWAP_TWO,
  SWAP_LAST,
};

static int
swap_chooser (KolEngine *engine)
{
  return kol_1849_state (engine)->swap_choice_player;
}

/* The outgoing president's choice: the last
 * certificate (already done) or two 10% certificates instead (§9.5). */
static gboolean
swap_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  Kol1849State *st = kol_1849_state (engine);
  KolArg args[1] = { kol_arg_entity (a->entity) };
  int choice = kol_1849_choice_of (engine, s, a, error);

  if (choice < 0)
    return FALSE;
  if (choice == SWAP_TWO)
    {
      kol_engine_log (engine, K49_LOG_SWAP_TWO, args, 1);
      kol_1849_swap_double_cert (engine, st->swap_location, kol_entity (KOL_ENTITY_PLAYER, st->swap_other_player),
                                 st->swap_corp);
    }
  else
    kol_engine_log (engine, K49_LOG_SWAP_LAST, args, 1);
  st->swap_choice_player = -1;
  st->swap_location = KOL_ENTITY_INIT_NONE;
  st->swap_other_player = -1;
  st->swap_corp = -1;
  return TRUE;
}

const Kol1849ChoiceClass kol_1849_step_swap_choice = {
  .step = {
    .name = "Presidency Swap Choice",
    .actions = kol_1849_choice_actions,
    .active = kol_1849_choice_active,
    .active_entities = kol_1849_choice_active_entities,
    .process = swap_process,
    .legal_actions = kol_1849_choice_legal_actions,
  },
  .choices = { "Two 10% certs", "One 20% cert" },
  .chooser = swap_chooser,
};
