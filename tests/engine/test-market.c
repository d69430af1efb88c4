/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-test-stock.h"

/*
 * The stock market (1849 §5): cells, moves on a two-dimensional market, the
 * stack on a cell, the operating order, par cells, ids and logs, and 1849's
 * blue zone as a hook.
 */

/* A small 2D market with a gap, a close cell and an end cell. */
static const char *market_rows[] = {
  "72 83 95 107 120e",
  "63 72 82p 93 104",
  "57 - 75 84",
  "0c 24 27",
  NULL,
};

static const KolTestStockCorp corps[] = {
  { "AA", "20 10 10 10 10 10 10 10 10", 60, NULL },
  { "BB", "20 10 10 10 10 10 10 10 10", 60, NULL },
  { "CC", "20 10 10 10 10 10 10 10 10", 60, NULL },
  { NULL },
};

static KolEngine *
market_game (const char **rows)
{
  g_autoptr(KolTitle) t = NULL;

  kol_test_stock_reset ();
  t = kol_test_stock_title (rows, corps, NULL, 3, 500, 12);
  /* the game keeps a pointer to its title: leak it with the game */
  return kol_test_stock_game (g_steal_pointer (&t));
}

static void
free_game (KolEngine *engine)
{
  KolTitle *t = (KolTitle *) engine->title;

  kol_engine_free (engine);
  kol_title_free (t);
}

/* ---- movement (TwoDimensionalMovement) ----------------------------------- */

typedef struct
{
  const char        *name;
  int                row, col;
  KolMarketDirection dir;
  int                to_row, to_col;
  const char        *source;
} MoveCase;

static const MoveCase move_cases[] = {
  { "right", 1, 2, KOL_MARKET_RIGHT, 1, 3, "stock_movement.rb right: one column right" },
  { "right-row-end-goes-up", 1, 4, KOL_MARKET_RIGHT, 0, 4, "right: c + 1 >= row size → @market.up" },
  { "right-top-corner-stays", 0, 4, KOL_MARKET_RIGHT, 0, 4, "right at the top row's end: up clamps" },
  { "left", 1, 3, KOL_MARKET_LEFT, 1, 2, "left: c.positive? and a cell on the left" },
  { "left-column-0-goes-down", 1, 0, KOL_MARKET_LEFT, 2, 0, "left at column 0 → @market.down" },
  { "left-into-gap-goes-down", 2, 2, KOL_MARKET_LEFT, 3, 2, "left onto a missing cell → down" },
  { "down", 0, 2, KOL_MARKET_DOWN, 1, 2, "down: r + 1 < rows" },
  { "down-bottom-stays", 3, 1, KOL_MARKET_DOWN, 3, 1, "down clamps at the last row" },
  { "down-into-short-row-stays", 2, 3, KOL_MARKET_DOWN, 2, 3, "down to a coordinate with no cell: move does nothing" },
  { "up", 2, 0, KOL_MARKET_UP, 1, 0, "up: r - 1 >= 0" },
  { "up-top-stays", 0, 1, KOL_MARKET_UP, 0, 1, "up clamps at the top row" },
};

static void
test_movement (gconstpointer data)
{
  const MoveCase *mc = data;
  KolEngine *engine = market_game (market_rows);
  int aa = kol_test_corp (engine, "AA");
  KolCell at;

  kol_market_set_par (engine, aa, kol_cell (mc->row, mc->col));
  kol_market_move_dir (engine, aa, mc->dir);
  at = kol_market_corp_cell (engine, aa);
  g_test_message ("%s", mc->source);
  g_assert_cmpint (at.row, ==, mc->to_row);
  g_assert_cmpint (at.col, ==, mc->to_col);
  free_game (engine);
}

/* find_relative_share_price: walks without moving; a step off the grid
 * keeps the last real cell. */
static void
test_find_relative (void)
{
  KolEngine *engine = market_game (market_rows);
  int aa = kol_test_corp (engine, "AA");
  KolMarketDirection right3[] = { KOL_MARKET_RIGHT, KOL_MARKET_RIGHT, KOL_MARKET_RIGHT };
  KolMarketDirection down2[] = { KOL_MARKET_DOWN, KOL_MARKET_DOWN };
  KolCell c;

  kol_market_set_par (engine, aa, kol_cell (1, 2));
  c = kol_market_find_relative (engine, aa, kol_cell (1, 2), right3, 3);
  /* 82 → 93 → 104 → (row end) up to 120 */
  g_assert_cmpint (kol_market_cell_price (engine, c), ==, 120);
  c = kol_market_find_relative (engine, aa, kol_cell (2, 3), down2, 2);
  /* (3,3) has no cell: the answer stays 84 */
  g_assert_cmpint (kol_market_cell_price (engine, c), ==, 84);
  g_assert_true (kol_cell_equal (kol_market_corp_cell (engine, aa), kol_cell (1, 2)));
  free_game (engine);
}

/* ---- stacks ---------------------------------------------------------------- */

static char *
stack_of (KolEngine *engine,
          KolCell    cell)
{
  gint16 corps_on[KOL_MAX_CORPS];
  int n = kol_market_cell_corps (engine, cell, corps_on, KOL_MAX_CORPS);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", engine->title->corps[corps_on[i]].id);
  return g_string_free (s, FALSE);
}

/* set_par and move append the corporation to the cell's list: it lands
 * under the corporations already there (1849 rules 9.2). */
static void
test_stack_order (void)
{
  KolEngine *engine = market_game (market_rows);
  int aa = kol_test_corp (engine, "AA"), bb = kol_test_corp (engine, "BB"), cc = kol_test_corp (engine, "CC");
  KolCell par = kol_cell (1, 2);
  g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL, *s4 = NULL;

  kol_market_set_par (engine, aa, par);
  kol_market_set_par (engine, bb, par);
  kol_market_set_par (engine, cc, par);
  s1 = stack_of (engine, par);
  g_assert_cmpstr (s1, ==, "AA BB CC");
  g_assert_cmpint (kol_market_stack_position (engine, bb), ==, 1);

  /* AA leaves and comes back: now at the bottom */
  kol_market_move_right (engine, aa);
  kol_market_move_left (engine, aa);
  s2 = stack_of (engine, par);
  g_assert_cmpstr (s2, ==, "BB CC AA");

  /* a move that stays (up in the top row) does not restack */
  kol_market_set_par (engine, aa, kol_cell (0, 0));
  kol_market_set_par (engine, bb, kol_cell (0, 0));
  kol_market_move_up (engine, aa);
  s3 = stack_of (engine, kol_cell (0, 0));
  g_assert_cmpstr (s3, ==, "AA BB");

  /* 1849's reorder_corps replaces a cell's list */
  {
    gint16 order[] = { (gint16) bb, (gint16) aa };

    kol_market_restack (engine, kol_cell (0, 0), order, 2);
    s4 = stack_of (engine, kol_cell (0, 0));
    g_assert_cmpstr (s4, ==, "BB AA");
  }
  free_game (engine);
}

/* ---- operating order ---------------------------------------------------------- */

static const char *order_rows[] = {
  "70 60 90",
  "50 60 90",
  NULL,
};

static char *
sorted (KolEngine *engine)
{
  gint16 all[3] = { 0, 1, 2 };
  GString *s = g_string_new (NULL);

  kol_market_sort_corps (engine, all, 3);
  for (int i = 0; i < 3; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", engine->title->corps[all[i]].id);
  return g_string_free (s, FALSE);
}

static void
test_operating_order (void)
{
  KolEngine *engine = market_game (order_rows);
  int aa = kol_test_corp (engine, "AA"), bb = kol_test_corp (engine, "BB"), cc = kol_test_corp (engine, "CC");
  g_autofree char *by_price = NULL, *by_col = NULL, *by_row = NULL, *by_stack = NULL;
  g_autofree char *no_price = NULL;

  /* price first: 90 > 70 > 50 */
  kol_market_set_par (engine, aa, kol_cell (1, 0));
  kol_market_set_par (engine, bb, kol_cell (0, 0));
  kol_market_set_par (engine, cc, kol_cell (0, 2));
  by_price = sorted (engine);
  g_assert_cmpstr (by_price, ==, "CC BB AA");

  /* same price: the higher row first (60 at (0,1) before (1,1)) */
  kol_market_set_par (engine, aa, kol_cell (1, 1));
  kol_market_set_par (engine, bb, kol_cell (0, 1));
  kol_market_set_par (engine, cc, kol_cell (1, 2));
  by_row = sorted (engine);
  g_assert_cmpstr (by_row, ==, "CC BB AA");

  /* same cell: the top of the stack first, whatever the name */
  kol_market_set_par (engine, cc, kol_cell (0, 2));
  kol_market_set_par (engine, bb, kol_cell (0, 2));
  kol_market_set_par (engine, aa, kol_cell (1, 2));
  by_stack = sorted (engine);
  /* (0,2) and (1,2) are both 90 in the same column: row 0 first */
  g_assert_cmpstr (by_stack, ==, "CC BB AA");

  /* same price in different columns: the one further right first */
  {
    static const char *rows[] = { "60 70 60", NULL };
    KolEngine *h = market_game (rows);

    kol_market_set_par (h, kol_test_corp (h, "AA"), kol_cell (0, 0));
    kol_market_set_par (h, kol_test_corp (h, "BB"), kol_cell (0, 2));
    kol_market_set_par (h, kol_test_corp (h, "CC"), kol_cell (0, 1));
    by_col = sorted (h);
    g_assert_cmpstr (by_col, ==, "CC BB AA");
    free_game (h);
  }

  /* a corporation without a share price sorts first (<=> returns -1) */
  kol_market_remove (engine, bb);
  no_price = sorted (engine);
  g_assert_cmpstr (no_price, ==, "BB CC AA");
  free_game (engine);
}

/* ---- par prices, ids --------------------------------------------------------- */

/* Par cells by price, column and row, descending; both p and z (a second
 * kind of par cell: 1840's tram par) cells count. */
static void
test_par_cells (void)
{
  static const char *rows[] = {
    "100 105 110",
    "90 95p 100z",
    "80 95p 90z",
    "70 75 80p",
    NULL,
  };
  KolEngine *engine = market_game (rows);
  KolCell cells[16];
  int n = kol_market_par_cells (engine, 0, cells, 16);
  GString *s = g_string_new (NULL);
  g_autofree char *got = NULL;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *id = kol_market_cell_id (engine, cells[i]);

      g_string_append_printf (s, "%s%s", i ? " " : "", id);
    }
  got = g_string_free (s, FALSE);
  /* 95 twice in column 1: row 2 before row 1 (row descending) */
  g_assert_cmpstr (got, ==, "100,1,2 95,2,1 95,1,1 90,2,2 80,3,2");
  g_assert_cmpint (kol_market_min_par_price (engine), ==, 80);

  n = kol_market_par_cells (engine, KOL_CELL_PAR, cells, 16);
  g_assert_cmpint (n, ==, 3);
  free_game (engine);
}

/* A cell's id "price,row,col" and the reverse. */
static void
test_cell_ids (void)
{
  KolEngine *engine = market_game (market_rows);
  g_autofree char *id = kol_market_cell_id (engine, kol_cell (1, 2));
  KolCell c;

  g_assert_cmpstr (id, ==, "82,1,2");
  g_assert_true (kol_market_cell_from_id (engine, "0,3,0", &c));
  g_assert_cmpint (c.row, ==, 3);
  g_assert_cmpint (c.col, ==, 0);
  g_assert_false (kol_market_cell_from_id (engine, "83,1,2", &c));  /* wrong price */
  g_assert_false (kol_market_cell_from_id (engine, "0,2,1", &c));   /* the gap */
  g_assert_false (kol_market_cell_from_id (engine, "82,1", &c));
  g_assert_false (kol_market_cell_from_id (engine, "x,1,2", &c));
  g_assert_false (kol_market_cell_from_id (engine, NULL, &c));
  g_assert_true (kol_market_has_close_cell (engine));
  g_assert_true (kol_market_cell_has_flag (engine, kol_cell (0, 4), KOL_CELL_END));
  free_game (engine);
}

/* ---- logs --------------------------------------------------------------------- */

static void
test_log_share_price (void)
{
  KolEngine *engine = market_game (market_rows);
  int aa = kol_test_corp (engine, "AA");
  const KolLogEntry *e;

  kol_market_set_par (engine, aa, kol_cell (1, 0));
  kol_market_move_left (engine, aa);   /* column 0: down to 57 */
  kol_market_log_share_price (engine, aa, kol_cell (1, 0), 0, FALSE);
  e = kol_test_last_log (KOL_LOG_SHARE_PRICE_MOVES);
  g_assert_nonnull (e);
  g_assert_cmpint (e->args[1].value, ==, 63);
  g_assert_cmpint (e->args[2].value, ==, 57);
  g_assert_cmpstr (e->args[3].str, ==, "down");

  kol_market_move (engine, aa, kol_cell (1, 1));
  kol_market_log_share_price (engine, aa, kol_cell (2, 0), 2, FALSE);
  e = kol_test_last_log (KOL_LOG_SHARE_PRICE_MOVES_STEPS);
  g_assert_nonnull (e);
  g_assert_cmpstr (e->args[3].str, ==, "up and right");
  g_assert_cmpint (e->args[4].value, ==, 2);

  /* no move, no log */
  kol_market_log_share_price (engine, aa, kol_cell (1, 1), 0, FALSE);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_SHARE_PRICE_MOVES), ==, 1);
  free_game (engine);
}

/* ---- 1849's blue zone as market hooks (§5) ---------------------------------- */

static const char *sicily_rows[] = {
  "248 276 306u 340u 377e",
  "216 240 266u 295u 328u",
  "196 218 242u 269u 298u",
  "187 208 230",
  NULL,
};

static gboolean
blue_zone (KolEngine *engine)
{
  return kol_engine_phase_has_status (engine, "blue_zone");
}

static gboolean
price_in (int price, const int *list, int n)
{
  for (int i = 0; i < n; i++)
    if (list[i] == price)
      return TRUE;
  return FALSE;
}

static const int blocked_right[] = { 218, 240, 276 };
static const int blocked_up[] = { 230 };

static KolCell
sicily_up (KolEngine *engine,
           int        corp,
           KolCell    from)
{
  if (!price_in (kol_market_cell_price (engine, from), blocked_up, 1) || blue_zone (engine))
    return kol_market_default_up (engine, corp, from);
  if (corp >= 0)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

      kol_engine_log (engine, KOL_LOG_PRICE_BLOCKED_UP, args, 1);
    }
  return from;
}

static KolCell
sicily_right (KolEngine *engine,
              int        corp,
              KolCell    from)
{
  if (!blue_zone (engine) && price_in (kol_market_cell_price (engine, from), blocked_right, 3))
    return kol_market_up (engine, corp, from);
  return kol_market_default_right (engine, corp, from);
}

static int sicily_reached;

static void
sicily_moved (KolEngine *engine,
              int        corp,
              KolCell    from)
{
  if (kol_market_cell_has_flag (engine, kol_market_corp_cell (engine, corp), KOL_CELL_END))
    sicily_reached++;
}

typedef struct
{
  const char *name;
  gboolean    blue;
  int         row, col;
  KolMarketDirection dir;
  int         to_price;
  int         blocked_logs;
} SicilyCase;

static const SicilyCase sicily_cases[] = {
  { "right-218-goes-up", FALSE, 2, 1, KOL_MARKET_RIGHT, 240, 0 },
  { "right-240-goes-up", FALSE, 1, 1, KOL_MARKET_RIGHT, 276, 0 },
  { "right-276-stays", FALSE, 0, 1, KOL_MARKET_RIGHT, 276, 0 },
  { "up-230-blocked", FALSE, 3, 2, KOL_MARKET_UP, 230, 1 },
  { "right-230-row-end-blocked", FALSE, 3, 2, KOL_MARKET_RIGHT, 230, 1 },
  { "right-208-normal", FALSE, 3, 1, KOL_MARKET_RIGHT, 230, 0 },
  { "blue-right-218", TRUE, 2, 1, KOL_MARKET_RIGHT, 242, 0 },
  { "blue-up-230", TRUE, 3, 2, KOL_MARKET_UP, 242, 0 },
  { "blue-right-340-to-377", TRUE, 0, 3, KOL_MARKET_RIGHT, 377, 0 },
};

static void
test_sicily_hooks (gconstpointer data)
{
  const SicilyCase *sc = data;
  KolEngine *engine = market_game (sicily_rows);
  int aa = kol_test_corp (engine, "AA");
  KolTitle *t = (KolTitle *) engine->title;

  g_test_message ("g_1849/stock_market.rb BLOCKED_RIGHT_PRICES / BLOCKED_UP_PRICES");
  kol_test_market_hooks.up = sicily_up;
  kol_test_market_hooks.right = sicily_right;
  kol_test_market_hooks.moved = sicily_moved;
  sicily_reached = 0;
  kol_test_stock_phase_status (t, 0, sc->blue ? "blue_zone" : "gray_uses_white");
  kol_market_set_par (engine, aa, kol_cell (sc->row, sc->col));
  kol_market_move_dir (engine, aa, sc->dir);
  g_assert_cmpint (kol_market_corp_price (engine, aa), ==, sc->to_price);
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_PRICE_BLOCKED_UP), ==, sc->blocked_logs);
  g_assert_cmpint (sicily_reached, ==, sc->to_price == 377 ? 1 : 0);
  /* computing a move (corp -1) never logs */
  kol_market_up (engine, -1, kol_cell (3, 2));
  g_assert_cmpint (kol_test_count_kind (KOL_LOG_PRICE_BLOCKED_UP), ==, sc->blocked_logs);
  free_game (engine);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (move_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/market/move/%s", move_cases[i].name);

      g_test_add_data_func (path, &move_cases[i], test_movement);
    }
  g_test_add_func ("/market/find-relative", test_find_relative);
  g_test_add_func ("/market/stack-order", test_stack_order);
  g_test_add_func ("/market/operating-order", test_operating_order);
  g_test_add_func ("/market/par-cells", test_par_cells);
  g_test_add_func ("/market/cell-ids", test_cell_ids);
  g_test_add_func ("/market/log-share-price", test_log_share_price);
  for (gsize i = 0; i < G_N_ELEMENTS (sicily_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/market/1849-hooks/%s", sicily_cases[i].name);

      g_test_add_data_func (path, &sicily_cases[i], test_sicily_hooks);
    }
  return g_test_run ();
}
