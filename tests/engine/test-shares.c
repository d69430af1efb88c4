/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-test-stock.h"

/*
 * Certificates and bundles: prices, limits, buying, selling and transfers
 * with the change of president (1849 §9.1–9.5), floating, the bundles a
 * holder may offer, selling with the price move, and closing on a closing
 * cell. The 1849 rulebook's presidency examples (§9.5) run with a test hook
 * that swaps certificates as 1849 does.
 */

static const char *market_rows[] = {
  "120 130 140 150",
  "100p 110 120 130",
  "90 100 110 120",
  "80 90 100",
  "70 80",
  NULL,
};

/* AA: the Base certificates; BB: 1849's (a 20% last certificate); CC:
 * 1840's majors (a 50% director's certificate). */
static const KolTestStockCorp corps[] = {
  { "AA", "20 10 10 10 10 10 10 10 10", 60, NULL },
  { "BB", "20 10 10 10 10 10 10 20", 20, NULL },
  { "CC", "50 10 10 10 10 10", 50, NULL },
  { NULL },
};

static const KolTestStockCompany companies[] = {
  { "X1", 20, 5 },
  { NULL },
};

static KolEngine *
shares_game (void)
{
  KolTitle *t;

  kol_test_stock_reset ();
  t = kol_test_stock_title (market_rows, corps, companies, 3, 1000, 12);
  return kol_test_stock_game (t);
}

static void
free_game (KolEngine *engine)
{
  KolTitle *t = (KolTitle *) engine->title;

  kol_engine_free (engine);
  kol_title_free (t);
}

#define P(i) kol_test_player (i)
#define POOL kol_entity (KOL_ENTITY_POOL, 0)

static void
assert_holding (KolEngine  *engine,
                KolEntity   holder,
                const char *corp,
                const char *expected)
{
  g_autofree char *got = kol_test_holding (engine, holder, corp);

  g_assert_cmpstr (got, ==, expected);
}

/* ---- prices --------------------------------------------------------------- */

static void
test_prices (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  KolBundle pres = kol_test_bundle (engine, "AA_0", 0);
  KolBundle two = kol_test_bundle (engine, "AA_1 AA_2", 0);

  /* no share price yet: the lowest par price */
  g_assert_cmpint (kol_bundle_price (engine, &pres), ==, 200);
  kol_market_set_par (engine, aa, kol_cell (1, 0));
  g_assert_cmpint (kol_bundle_price (engine, &pres), ==, 200);
  g_assert_cmpint (kol_bundle_num_shares (engine, &two), ==, 2);

  /* after a move, IPO certificates still cost the par price... */
  kol_market_move_right (engine, aa);
  g_assert_cmpint (kol_bundle_price (engine, &two), ==, 200);
  /* ...and pool certificates the share price */
  kol_test_give (engine, POOL, "AA_3");
  {
    KolBundle pooled = kol_test_bundle (engine, "AA_3", 0);

    g_assert_cmpint (kol_bundle_price (engine, &pooled), ==, 110);
  }
  /* always_market_price (both titles): IPO certificates at the market too */
  kol_test_stock_hooks.always_market_price = TRUE;
  g_assert_cmpint (kol_bundle_price (engine, &two), ==, 220);
  g_assert_cmpint (kol_corp_par_price (engine, aa), ==, 110);

  /* a partial bundle of the president's certificate: its percent counts */
  {
    KolBundle partial = kol_test_bundle (engine, "AA_0", 10);

    g_assert_true (kol_bundle_partial (engine, &partial));
    g_assert_cmpint (kol_bundle_price (engine, &partial), ==, 110);
  }
  /* a bundle with its own price per share */
  two.share_price = 95;
  g_assert_cmpint (kol_bundle_price (engine, &two), ==, 190);
  free_game (engine);
}

/* ShareBundle.new refuses mixed owners or corporations and duplicates. */
static void
test_bundle_validation (void)
{
  KolEngine *engine = shares_game ();
  gint16 mixed_corp[] = { (gint16) kol_test_cert (engine, "AA_1"), (gint16) kol_test_cert (engine, "BB_1") };
  gint16 dup[] = { (gint16) kol_test_cert (engine, "AA_1"), (gint16) kol_test_cert (engine, "AA_1") };
  gint16 mixed_owner[] = { (gint16) kol_test_cert (engine, "AA_1"), (gint16) kol_test_cert (engine, "AA_2") };
  KolBundle b;

  g_assert_false (kol_bundle_init (engine, &b, mixed_corp, 2, 0));
  g_assert_false (kol_bundle_init (engine, &b, dup, 2, 0));
  g_assert_false (kol_bundle_init (engine, &b, dup, 0, 0));
  kol_test_give (engine, P (0), "AA_2");
  g_assert_false (kol_bundle_init (engine, &b, mixed_owner, 2, 0));
  free_game (engine);
}

/* ---- limits ---------------------------------------------------------------- */

/* The certificate count includes private companies (both titles: 1849 §9.1,
 * 1840 VII.3). */
static void
test_num_certs (void)
{
  KolEngine *engine = shares_game ();

  kol_test_give (engine, P (0), "AA_0 AA_1 BB_7");
  g_assert_cmpint (kol_shares_num_certs (engine, P (0)), ==, 3);
  kol_engine_move_company (engine, 0, P (0));
  g_assert_cmpint (kol_shares_num_certs (engine, P (0)), ==, 4);
  kol_test_stock_hooks.cert_limit_excludes_privates = TRUE;
  g_assert_cmpint (kol_shares_num_certs (engine, P (0)), ==, 3);
  kol_test_stock_hooks.cert_limit_excludes_privates = FALSE;
  kol_engine_close_company (engine, 0);
  g_assert_cmpint (kol_shares_num_certs (engine, P (0)), ==, 3);
  free_game (engine);
}

/* The holding limit (60%, 1849 §9.3) and the pool's limit (50%, §9.2; 1840 100%). */
static void
test_limits (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  KolBundle b;

  kol_test_give (engine, P (0), "AA_0 AA_1 AA_2 AA_3");
  g_assert_true (kol_corp_holding_ok (engine, aa, P (0), 10));
  g_assert_false (kol_corp_holding_ok (engine, aa, P (0), 20));
  /* a corporation may hold all of itself */
  g_assert_true (kol_corp_holding_ok (engine, aa, kol_test_corp_entity (engine, "AA"), 100));
  kol_test_stock_hooks.max_ownership_percent = 70;
  g_assert_true (kol_corp_holding_ok (engine, aa, P (0), 20));

  kol_test_give (engine, POOL, "AA_4 AA_5 AA_6 AA_7");
  b = kol_test_bundle (engine, "AA_8", 0);
  g_assert_true (kol_shares_fit_in_pool (engine, &b));
  kol_test_give (engine, POOL, "AA_8");
  g_assert_true (kol_shares_pool_at_limit (engine, aa));
  b = kol_test_bundle (engine, "AA_3", 0);
  g_assert_false (kol_shares_fit_in_pool (engine, &b));
  kol_test_stock_hooks.market_share_limit = 100;
  g_assert_true (kol_shares_fit_in_pool (engine, &b));
  free_game (engine);
}

/* ---- buying: money and floating ----------------------------------------------- */

/* A purchase with full capitalization (1840 majors): the bank takes the
 * money, and at float (60%) the corporation receives 10 × par. */
static void
test_buy_full_capitalization (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  int bank = engine->bank;
  KolBundle b;

  kol_market_set_par (engine, aa, kol_cell (1, 0));
  b = kol_test_bundle (engine, "AA_0", 0);
  kol_shares_buy (engine, P (0), &b, NULL);
  g_assert_true (engine->corps[aa].ipoed);
  g_assert_true (kol_corp_is_president (engine, aa, P (0)));
  g_assert_cmpint (engine->players[0].cash, ==, 800);
  g_assert_cmpint (engine->bank, ==, bank + 200);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_PARS), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_BECOMES_PRESIDENT), ==, 1);

  for (int i = 1; i <= 3; i++)
    {
      g_autofree char *id = g_strdup_printf ("AA_%d", i);

      b = kol_test_bundle (engine, id, 0);
      kol_shares_buy (engine, P (i % 3), &b, NULL);
      g_assert_false (engine->corps[aa].floated);
    }
  b = kol_test_bundle (engine, "AA_4", 0);
  kol_shares_buy (engine, P (1), &b, NULL);
  g_assert_true (engine->corps[aa].floated);
  g_assert_cmpint (engine->corps[aa].cash, ==, 1000);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_FLOATS), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_RECEIVES_CAPITAL), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_BUYS_SHARE_IPO), ==, 5);
  free_game (engine);
}

/* CAPITALIZATION :incremental (1849): treasury certificates pay the
 * corporation; floating brings no capital. Pool certificates pay the bank. */
static void
test_buy_incremental (void)
{
  KolEngine *engine = shares_game ();
  int bb = kol_test_corp (engine, "BB");
  int bank = engine->bank;
  KolBundle b;

  kol_test_stock_op_hooks.capitalization = KOL_CAPITALIZATION_INCREMENTAL;
  kol_market_set_par (engine, bb, kol_cell (1, 0));
  b = kol_test_bundle (engine, "BB_0", 0);
  kol_shares_buy (engine, P (0), &b, NULL);
  /* 20% floats BB at once */
  g_assert_true (engine->corps[bb].floated);
  g_assert_cmpint (engine->corps[bb].cash, ==, 200);
  g_assert_cmpint (engine->bank, ==, bank);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_RECEIVES_CAPITAL), ==, 0);

  kol_test_give (engine, POOL, "BB_3");
  b = kol_test_bundle (engine, "BB_3", 0);
  kol_shares_buy (engine, P (1), &b, NULL);
  g_assert_cmpint (engine->corps[bb].cash, ==, 200);
  g_assert_cmpint (engine->bank, ==, bank + 100);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_BUYS_SHARE_MARKET), ==, 1);
  free_game (engine);
}

/* exchange: :free (CompanyPendingPar): no money, "receives". */
static void
test_buy_free (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  KolBundle b = kol_test_bundle (engine, "AA_0", 0);
  KolBuyOpts opts;

  kol_market_set_par (engine, aa, kol_cell (1, 0));
  kol_buy_opts_init (&opts);
  opts.exchange = KOL_EXCHANGE_FREE;
  kol_shares_buy (engine, P (2), &b, &opts);
  g_assert_cmpint (engine->players[2].cash, ==, 1000);
  g_assert_true (kol_corp_is_president (engine, aa, P (2)));
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_RECEIVES_SHARE), ==, 1);
  free_game (engine);
}

/* ---- presidency ------------------------------------------------------------- */

typedef struct
{
  const char *name;
  const char *source;
  /* holdings before: certificates per player, the pool */
  const char *p0, *p1, *p2;
  int         president;      /* before */
  /* the action: a sale (seller, certificates, percent) or a purchase from
   * the IPO (buyer, certificate) */
  gboolean    sale;
  int         actor;
  const char *certs;
  int         percent;
  /* after */
  int         new_president;
  const char *p0_after, *p1_after, *p2_after, *pool_after;
  gboolean    sicily;         /* the 1849 last-certificate hook */
} PresCase;

static const PresCase pres_cases[] = {
  { "buyer-overtakes", "share_pool.rb: majority holder above the president; 1849 §9.5 example 1",
    "AA_0 AA_1", "AA_2 AA_3 AA_4", "", 0,
    FALSE, 1, "AA_5", 0,
    1, "AA_1 AA_2 AA_3", "AA_4 AA_5 AA_0", "", "" },
  { "tie-keeps-president", "share_pool.rb: majority_share_holders include the president",
    "AA_0 AA_1", "AA_2 AA_3", "", 0,
    FALSE, 1, "AA_4", 0,
    0, "AA_0 AA_1", "AA_2 AA_3 AA_4", "", "" },
  { "seller-keeps-enough", "share_pool.rb: swap_to is the previous president if it still holds a president's worth",
    "AA_0 AA_1 AA_2 AA_3", "AA_4 AA_5 AA_6 AA_7", "", 0,
    TRUE, 0, "AA_2 AA_3", 0,
    1, "AA_1 AA_4 AA_5", "AA_6 AA_7 AA_0", "", "AA_2 AA_3" },
  { "nearest-after-seller", "share_pool.rb distance: the first eligible player after the old president (1849 §9.5)",
    "AA_0 AA_1 AA_2", "AA_3 AA_4 AA_5", "AA_6 AA_7 AA_8", 0,
    TRUE, 0, "AA_1 AA_2", 0,
    1, "AA_3 AA_4", "AA_5 AA_0", "AA_6 AA_7 AA_8", "AA_1 AA_2" },
  { "nearest-wraps-around", "share_pool.rb distance: b - (a - size) when b is before a",
    "AA_3 AA_4 AA_5", "AA_6 AA_7 AA_8", "AA_0 AA_1 AA_2", 2,
    TRUE, 2, "AA_1 AA_2", 0,
    0, "AA_5 AA_0", "AA_6 AA_7 AA_8", "AA_3 AA_4", "AA_1 AA_2" },
  { "partial-president-sale", "share_pool.rb handle_partial: the unsold part of the president's certificate comes back",
    "AA_0 AA_1 AA_2", "AA_3 AA_4 AA_5", "", 0,
    TRUE, 0, "AA_1 AA_2 AA_0", 30,
    1, "AA_1", "AA_5 AA_0", "", "AA_2 AA_3 AA_4" },
  { "sicily-example-2", "1849 §9.5 example 2: the heir's last certificate is swapped",
    "BB_0 BB_1", "BB_7 BB_2", "", 0,
    TRUE, 0, "BB_1", 0,
    1, "BB_7", "BB_2 BB_0", "", "BB_1", TRUE },
  { "sicily-example-3", "1849 §9.5 example 3: last certificate by default (the SwapChoice step may change it)",
    "BB_0 BB_1 BB_2", "BB_7 BB_3 BB_4", "", 0,
    TRUE, 0, "BB_1", 0,
    1, "BB_2 BB_7", "BB_3 BB_4 BB_0", "", "BB_1", TRUE },
  { "sicily-example-1", "1849 §9.5 example 1 with the last-certificate hook: two 10% certificates",
    "BB_0 BB_1", "BB_2 BB_3 BB_4", "", 0,
    FALSE, 1, "BB_5", 0,
    1, "BB_1 BB_2 BB_3", "BB_4 BB_5 BB_0", "", "", TRUE },
};

/* 1849's swap (§9.5): the heir gives the last certificate if they have it,
 * else two ordinary ones. */
static void
sicily_change_president (KolEngine *engine,
                         int        presidents_cert,
                         KolEntity  swap_to,
                         KolEntity  president,
                         KolEntity  previous)
{
  int corp = engine->certs[presidents_cert].corp;
  gint16 held[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, president, corp, held, KOL_MAX_CERTS), moved = 0;
  int last = -1;

  for (int i = 0; i < n; i++)
    if (engine->certs[held[i]].index == engine->title->corps[corp].n_shares - 1)
      last = held[i];
  if (last >= 0)
    kol_shares_move_cert (engine, last, swap_to);
  else
    for (int i = 0; i < n && moved < 2; i++)
      {
        kol_shares_move_cert (engine, held[i], swap_to);
        moved++;
      }
  kol_shares_move_cert (engine, presidents_cert, president);
}

static void
test_presidency (gconstpointer data)
{
  const PresCase *pc = data;
  KolEngine *engine = shares_game ();
  const char *corp = pc->certs[0] == 'A' ? "AA" : "BB";
  int c = kol_test_corp (engine, corp);
  KolBundle b;

  g_test_message ("%s", pc->source);
  if (pc->sicily)
    kol_test_stock_hooks.change_president = sicily_change_president;
  kol_market_set_par (engine, c, kol_cell (1, 0));
  engine->corps[c].ipoed = TRUE;
  kol_test_give (engine, P (0), pc->p0);
  kol_test_give (engine, P (1), pc->p1);
  kol_test_give (engine, P (2), pc->p2);
  engine->corps[c].owner = P (pc->president);

  b = kol_test_bundle (engine, pc->certs, pc->percent);
  if (pc->sale)
    kol_shares_sell (engine, &b, TRUE, FALSE);
  else
    kol_shares_buy (engine, P (pc->actor), &b, NULL);

  g_assert_true (kol_corp_is_president (engine, c, P (pc->new_president)));
  assert_holding (engine, P (0), corp, pc->p0_after);
  assert_holding (engine, P (1), corp, pc->p1_after);
  assert_holding (engine, P (2), corp, pc->p2_after);
  assert_holding (engine, POOL, corp, pc->pool_after);
  free_game (engine);
}

/* The president's certificate bought outright from its holder: no swap
 * (the early return of transfer_shares). */
static void
test_president_cert_transfer (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  KolBundle b;
  KolTransferOpts t;

  kol_test_par (engine, "AA", 1, 0);
  kol_test_give (engine, P (0), "AA_0");
  kol_test_give (engine, P (1), "AA_1");
  engine->corps[aa].owner = P (0);
  b = kol_test_bundle (engine, "AA_0", 0);
  kol_transfer_opts_init (&t);
  kol_shares_transfer (engine, &b, P (1), &t);
  g_assert_true (kol_corp_is_president (engine, aa, P (1)));
  assert_holding (engine, P (1), "AA", "AA_1 AA_0");
  assert_holding (engine, P (0), "AA", "");

  /* allow_president_change: false (1840's Stadtbahn companies) */
  b = kol_test_bundle (engine, "AA_0", 0);
  t.allow_president_change = FALSE;
  kol_shares_transfer (engine, &b, P (2), &t);
  g_assert_true (kol_corp_is_president (engine, aa, P (1)));
  free_game (engine);
}

/* The player order decides the distance: 1840 reorders @players. */
static int
reversed_order (KolEngine *engine,
                gint16    *out)
{
  for (int i = 0; i < engine->n_players; i++)
    out[i] = (gint16) (engine->n_players - 1 - i);
  return engine->n_players;
}

static void
test_distance_player_order (void)
{
  KolEngine *engine = shares_game ();

  g_assert_cmpint (kol_shares_distance (engine, P (0), P (1)), ==, 1);
  g_assert_cmpint (kol_shares_distance (engine, P (2), P (0)), ==, 1);
  /* seats counted to the left, wrapping around: a player is size seats from itself */
  g_assert_cmpint (kol_shares_distance (engine, P (0), P (0)), ==, 3);
  engine->priority_deal = 1;   /* rotation: P2 P3 P1 */
  g_assert_cmpint (kol_shares_distance (engine, P (0), P (1)), ==, 1);
  kol_test_stock_hooks.player_order = reversed_order;
  g_assert_cmpint (kol_shares_distance (engine, P (0), P (1)), ==, 2);
  engine->players[1].bankrupt = TRUE;
  g_assert_cmpint (kol_shares_distance (engine, P (2), P (0)), ==, 1);
  free_game (engine);
}

/* ---- bundles ---------------------------------------------------------------- */

static char *
bundle_list (KolEngine  *engine,
             KolEntity   holder,
             const char *corp)
{
  KolBundle out[32];
  int n = kol_shares_bundles_for_corporation (engine, holder, kol_test_corp (engine, corp), out, 32);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%d%s", i ? " " : "", out[i].percent,
                            kol_bundle_partial (engine, &out[i]) ? "p" : "");
  return g_string_free (s, FALSE);
}

static void
test_all_bundles (void)
{
  KolEngine *engine = shares_game ();
  g_autofree char *none = NULL, *with_pres = NULL, *director = NULL, *plain = NULL;

  kol_test_give (engine, P (0), "AA_0 AA_1 AA_2");
  none = bundle_list (engine, P (0), "AA");
  g_assert_cmpstr (none, ==, "");   /* not started */

  kol_test_par (engine, "AA", 1, 0);
  with_pres = bundle_list (engine, P (0), "AA");
  g_assert_cmpstr (with_pres, ==, "10 20 30p 40");

  kol_test_par (engine, "CC", 1, 0);
  kol_test_give (engine, P (1), "CC_0");
  director = bundle_list (engine, P (1), "CC");
  g_assert_cmpstr (director, ==, "10p 20p 30p 40p 50");

  kol_test_par (engine, "BB", 1, 0);
  kol_test_give (engine, P (2), "BB_7 BB_1");
  plain = bundle_list (engine, P (2), "BB");
  g_assert_cmpstr (plain, ==, "10 30");
  free_game (engine);
}

/* The president's certificate only goes if someone
 * else (a player or another corporation) holds as much. */
static void
test_can_dump (void)
{
  KolEngine *engine = shares_game ();
  KolBundle b;

  kol_test_par (engine, "AA", 1, 0);
  kol_test_give (engine, P (0), "AA_0 AA_1");
  kol_test_give (engine, P (1), "AA_2");
  b = kol_test_bundle (engine, "AA_1", 0);
  g_assert_true (kol_bundle_can_dump (engine, &b, P (0)));
  b = kol_test_bundle (engine, "AA_0", 0);
  g_assert_false (kol_bundle_can_dump (engine, &b, P (0)));
  kol_test_give (engine, kol_test_corp_entity (engine, "BB"), "AA_3 AA_4");
  g_assert_true (kol_bundle_can_dump (engine, &b, P (0)));
  free_game (engine);
}

/* ---- selling ---------------------------------------------------------------- */

typedef struct
{
  const char *name;
  int         movement;
  const char *certs;
  int         to_price;
} SellCase;

static const SellCase sell_cases[] = {
  { "down-share", KOL_SELL_MOVE_DOWN_SHARE, "AA_1 AA_2", 100 },   /* Base, 1840 */
  { "down-per-10", KOL_SELL_MOVE_DOWN_PER_10, "AA_1 AA_2", 100 }, /* 1849 */
  { "down-block", KOL_SELL_MOVE_DOWN_BLOCK, "AA_1 AA_2", 110 },
  { "left-share", KOL_SELL_MOVE_LEFT_SHARE, "AA_1 AA_2", 100 },
  { "left-block-pres-not-pres", KOL_SELL_MOVE_LEFT_BLOCK_PRES, "AA_1 AA_2", 120 },
  { "none", KOL_SELL_MOVE_NONE, "AA_1 AA_2", 120 },
  { "down-share-stops-at-short-row", KOL_SELL_MOVE_DOWN_SHARE, "AA_1 AA_2 AA_3", 100 },
};

static void
test_sell_movement (gconstpointer data)
{
  const SellCase *sc = data;
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  int cash;
  KolBundle b;

  g_test_message ("base.rb sell_shares_and_change_price %s", sc->name);
  kol_test_stock_hooks.sell_movement = (guint8) sc->movement;
  kol_test_par (engine, "AA", 1, 0);
  kol_market_move (engine, aa, kol_cell (1, 2));   /* 120 */
  kol_test_give (engine, P (0), "AA_0");
  kol_test_give (engine, P (1), sc->certs);
  engine->corps[aa].owner = P (0);
  cash = engine->players[1].cash;
  b = kol_test_bundle (engine, sc->certs, 0);
  kol_shares_sell_and_change_price (engine, &b, TRUE, -1);
  g_assert_cmpint (engine->players[1].cash, ==, cash + 120 * b.n_certs);
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, sc->to_price);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_SELLS_SHARES), ==, 1);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_SHARE_PRICE_MOVES),
                   ==, sc->movement == KOL_SELL_MOVE_NONE || sc->to_price == 120 ? 0 : 1);
  free_game (engine);
}

/* ---- closing ------------------------------------------------------------------ */

static void
test_close_and_reset (void)
{
  KolEngine *engine = shares_game ();
  int aa = kol_test_corp (engine, "AA");
  g_autofree char *ipo = NULL;

  kol_test_par (engine, "AA", 1, 0);
  kol_test_give (engine, P (0), "AA_0 AA_1");
  kol_test_give (engine, POOL, "AA_2");
  engine->corps[aa].owner = P (0);
  kol_shares_close_corporation (engine, aa);
  g_assert_true (engine->corps[aa].closed);
  g_assert_false (engine->corps[aa].ipoed);
  g_assert_cmpint (kol_engine_percent_of (engine, P (0), aa), ==, 0);
  g_assert_cmpint (kol_corp_pool_percent (engine, aa), ==, 0);
  g_assert_true (kol_cell_is_none (kol_market_corp_cell (engine, aa)));
  for (int i = 0; i < engine->n_corp_order; i++)
    g_assert_cmpint (engine->corp_order[i], !=, aa);

  kol_shares_reset_corporation (engine, aa);
  g_assert_false (engine->corps[aa].closed);
  ipo = kol_test_holding (engine, kol_test_corp_entity (engine, "AA"), "AA");
  g_assert_cmpstr (ipo, ==, "AA_0 AA_1 AA_2 AA_3 AA_4 AA_5 AA_6 AA_7 AA_8");
  g_assert_true (kol_cell_is_none (kol_market_corp_cell (engine, aa)));
  free_game (engine);
}

/* Corporations on a closing cell close (1849 §11), through the title's
 * close_corporation. */
static int closed_count;

static void
close_with_shares (KolEngine *engine,
                   int        corp)
{
  closed_count++;
  kol_default_close_corporation (engine, corp);
  kol_shares_close_corporation (engine, corp);
}

static void
test_close_cell (void)
{
  static const char *rows[] = { "100p 90", "0c 10", NULL };
  KolTitle *t;
  KolEngine *engine;
  int aa, bb;

  kol_test_stock_reset ();
  t = kol_test_stock_title (rows, corps, companies, 3, 1000, 12);
  engine = kol_test_stock_game (t);
  aa = kol_test_corp (engine, "AA");
  bb = kol_test_corp (engine, "BB");
  kol_test_stock_op_hooks.close_corporation = close_with_shares;
  closed_count = 0;
  kol_test_par (engine, "AA", 0, 0);
  kol_test_par (engine, "BB", 0, 0);
  g_assert_false (kol_shares_close_corporations_in_close_cell (engine));
  kol_market_move_left (engine, aa);   /* column 0: down to 0c */
  g_assert_true (kol_market_cell_has_flag (engine, kol_market_corp_cell (engine, aa), KOL_CELL_CLOSE));
  g_assert_true (kol_shares_close_corporations_in_close_cell (engine));
  g_assert_cmpint (closed_count, ==, 1);
  g_assert_true (engine->corps[aa].closed);
  g_assert_false (engine->corps[bb].closed);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_CORP_CLOSES), ==, 1);
  free_game (engine);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shares/prices", test_prices);
  g_test_add_func ("/shares/bundle-validation", test_bundle_validation);
  g_test_add_func ("/shares/num-certs", test_num_certs);
  g_test_add_func ("/shares/limits", test_limits);
  g_test_add_func ("/shares/buy-full-capitalization", test_buy_full_capitalization);
  g_test_add_func ("/shares/buy-incremental", test_buy_incremental);
  g_test_add_func ("/shares/buy-free", test_buy_free);
  for (gsize i = 0; i < G_N_ELEMENTS (pres_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/shares/presidency/%s", pres_cases[i].name);

      g_test_add_data_func (path, &pres_cases[i], test_presidency);
    }
  g_test_add_func ("/shares/president-cert-transfer", test_president_cert_transfer);
  g_test_add_func ("/shares/distance-player-order", test_distance_player_order);
  g_test_add_func ("/shares/all-bundles", test_all_bundles);
  g_test_add_func ("/shares/can-dump", test_can_dump);
  for (gsize i = 0; i < G_N_ELEMENTS (sell_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/shares/sell/%s", sell_cases[i].name);

      g_test_add_data_func (path, &sell_cases[i], test_sell_movement);
    }
  g_test_add_func ("/shares/close-and-reset", test_close_and_reset);
  g_test_add_func ("/shares/close-cell", test_close_cell);
  return g_test_run ();
}
