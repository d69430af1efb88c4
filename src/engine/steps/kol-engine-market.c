/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-market.h"
#include "kol-engine-log.h"

#include <string.h>

/* ------------------------------------------------------------------- cells */

/**
 * kol_market_cell:
 *
 * Returns: (nullable): the market cell at @cell, or %NULL when the grid has
 * none there.
 */
const KolMarketCell *
kol_market_cell (const KolEngine *engine,
                 KolCell          cell)
{
  const KolMarketDef *m = &engine->title->market;
  const KolMarketCell *c;

  if (cell.row < 0 || cell.col < 0 || cell.row >= m->n_rows || cell.row >= KOL_MAX_MARKET_ROWS)
    return NULL;
  if (cell.col >= m->row_len[cell.row] || cell.col >= KOL_MAX_MARKET_COLS)
    return NULL;
  c = &m->cells[cell.row][cell.col];
  return c->present ? c : NULL;
}

/**
 * kol_market_cell_price:
 *
 * Returns: the price of @cell, or -1 when there is no cell.
 */
int
kol_market_cell_price (const KolEngine *engine,
                       KolCell          cell)
{
  const KolMarketCell *c = kol_market_cell (engine, cell);

  return c ? c->price : -1;
}

/**
 * kol_market_cell_has_flag:
 *
 * Returns: %TRUE if @cell exists and has @flag (a KolCellFlags bit).
 */
gboolean
kol_market_cell_has_flag (KolEngine *engine,
                          KolCell    cell,
                          guint8     flag)
{
  const KolMarketCell *c = kol_market_cell (engine, cell);

  return c != NULL && (c->flags & flag) != 0;
}

/**
 * kol_market_row_length:
 *
 * Returns: the length of market row @row, 0 outside the grid.
 */
int
kol_market_row_length (KolEngine *engine,
                       int        row)
{
  const KolMarketDef *m = &engine->title->market;

  if (row < 0 || row >= m->n_rows || row >= KOL_MAX_MARKET_ROWS)
    return 0;
  return m->row_len[row];
}

/**
 * kol_market_cell_id:
 *
 * Returns: (transfer full): the id of @cell, "price,row,col", as records
 * name it.
 */
char *
kol_market_cell_id (KolEngine *engine,
                    KolCell    cell)
{
  return g_strdup_printf ("%d,%d,%d", kol_market_cell_price (engine, cell), cell.row, cell.col);
}

/**
 * kol_market_cell_from_id:
 * @out: (out): the cell
 *
 * Parses a SharePrice id ("100,3,5").
 *
 * Returns: %TRUE if @id names an existing cell with that price.
 */
gboolean
kol_market_cell_from_id (KolEngine  *engine,
                         const char *id,
                         KolCell    *out)
{
  g_auto(GStrv) parts = NULL;
  gint64 v[3];

  if (id == NULL)
    return FALSE;
  parts = g_strsplit (id, ",", -1);
  if (g_strv_length (parts) != 3)
    return FALSE;
  for (int i = 0; i < 3; i++)
    if (!g_ascii_string_to_signed (parts[i], 10, -1, G_MAXINT16, &v[i], NULL))
      return FALSE;
  if (kol_market_cell (engine, kol_cell ((int) v[1], (int) v[2])) == NULL ||
      kol_market_cell_price (engine, kol_cell ((int) v[1], (int) v[2])) != v[0])
    return FALSE;
  *out = kol_cell ((int) v[1], (int) v[2]);
  return TRUE;
}

/**
 * kol_market_has_close_cell:
 *
 * Returns: %TRUE if some cell closes the corporation on it.
 */
gboolean
kol_market_has_close_cell (KolEngine *engine)
{
  const KolMarketDef *m = &engine->title->market;

  for (int r = 0; r < m->n_rows && r < KOL_MAX_MARKET_ROWS; r++)
    for (int c = 0; c < m->row_len[r] && c < KOL_MAX_MARKET_COLS; c++)
      if (m->cells[r][c].present && (m->cells[r][c].flags & KOL_CELL_CLOSE))
        return TRUE;
  return FALSE;
}

/* par_prices.sort_by { [price, col, row] }.reverse! */
static int
cmp_par_cells (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  KolEngine *engine = data;
  const KolCell *x = a, *y = b;
  int px = kol_market_cell_price (engine, *x), py = kol_market_cell_price (engine, *y);

  if (px != py)
    return px > py ? -1 : 1;
  if (x->col != y->col)
    return x->col > y->col ? -1 : 1;
  return (x->row > y->row) ? -1 : (x->row < y->row);
}

/**
 * kol_market_par_cells:
 * @flags: KolCellFlags to select, 0 for the par cells
 * @out: (out) (array): the cells
 *
 * Returns: the number of cells, ordered by price, then column, then row,
 * all descending.
 */
int
kol_market_par_cells (KolEngine *engine,
                      guint8     flags,
                      KolCell   *out,
                      int        max)
{
  const KolMarketDef *m = &engine->title->market;
  int n = 0;

  if (flags == 0)
    flags = KOL_CELL_PAR | KOL_CELL_PAR_2;
  for (int r = 0; r < m->n_rows && r < KOL_MAX_MARKET_ROWS; r++)
    for (int c = 0; c < m->row_len[r] && c < KOL_MAX_MARKET_COLS && n < max; c++)
      if (m->cells[r][c].present && (m->cells[r][c].flags & flags))
        out[n++] = kol_cell (r, c);
  g_qsort_with_data (out, n, sizeof *out, cmp_par_cells, engine);
  return n;
}

/**
 * kol_market_min_par_price:
 *
 * Returns: the lowest par price (what an IPO share costs before the
 * corporation has a price), 0 when the market has no par cell.
 */
int
kol_market_min_par_price (const KolEngine *engine)
{
  const KolMarketDef *m = &engine->title->market;
  gboolean any = FALSE;
  int min = 0;

  /* the cells of kol_market_par_cells(), without the sorted list a
   * minimum does not need (the stock steps ask often) */
  for (int r = 0; r < m->n_rows && r < KOL_MAX_MARKET_ROWS; r++)
    for (int c = 0; c < m->row_len[r] && c < KOL_MAX_MARKET_COLS; c++)
      if (m->cells[r][c].present && (m->cells[r][c].flags & (KOL_CELL_PAR | KOL_CELL_PAR_2)))
        {
          int p = kol_market_cell_price (engine, kol_cell (r, c));

          if (!any || p < min)
            min = p;
          any = TRUE;
        }
  return min;
}

/* ------------------------------------------------------------ corporations */

/**
 * kol_market_corp_cell:
 *
 * Returns: the share price cell of @corp; none if it has none or is closed.
 */
KolCell
kol_market_corp_cell (const KolEngine *engine,
                      int              corp)
{
  const KolCorp *c = &engine->corps[corp];

  if (c->closed || c->price_row < 0 || c->price_col < 0)
    return KOL_CELL_NONE;
  return kol_cell (c->price_row, c->price_col);
}

/**
 * kol_market_corp_price:
 *
 * Returns: the share price of @corp, -1 when it has none.
 */
int
kol_market_corp_price (const KolEngine *engine,
                       int              corp)
{
  KolCell cell = kol_market_corp_cell (engine, corp);

  return kol_cell_is_none (cell) ? -1 : kol_market_cell_price (engine, cell);
}

/**
 * kol_default_player_value:
 *
 * What a player is worth: cash, the market value of the shares of
 * corporations with a share price (price × percent / share percent) and the
 * value of the player's private companies.
 *
 * Returns: the value.
 */
int
kol_default_player_value (const KolEngine *engine,
                          int              player)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, player);
  gint16 companies[KOL_MAX_COMPANIES];
  gint64 value = engine->players[player].cash;
  int n;

  for (int c = 0; c < engine->n_corps; c++)
    {
      int price = kol_market_corp_price (engine, c);
      int percent = kol_engine_percent_of (engine, me, c);
      int share = kol_engine_share_percent (engine, c);

      if (price > 0 && percent > 0 && share > 0)
        value += (gint64) price * percent / share;
    }
  n = kol_engine_companies_of (engine, me, companies, G_N_ELEMENTS (companies));
  for (int i = 0; i < n; i++)
    value += engine->companies[companies[i]].value;
  return (int) CLAMP (value, G_MININT, G_MAXINT);
}

static int
cmp_stack (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  const KolEngine *engine = data;
  guint32 sa = engine->corps[*(const gint16 *) a].stack_seq;
  guint32 sb = engine->corps[*(const gint16 *) b].stack_seq;

  return sa < sb ? -1 : sa > sb;
}

/**
 * kol_market_cell_corps:
 * @out: (out) (array): corporation indices, top of the stack first
 *
 * Returns: how many corporations are on @cell.
 */
int
kol_market_cell_corps (const KolEngine *engine,
                       KolCell          cell,
                       gint16          *out,
                       int              max)
{
  int n = 0;

  for (int i = 0; i < engine->n_corps && n < max; i++)
    if (kol_cell_equal (kol_market_corp_cell (engine, i), cell))
      out[n++] = (gint16) i;
  g_qsort_with_data (out, n, sizeof *out, cmp_stack, (gpointer) engine);
  return n;
}

/**
 * kol_market_stack_position:
 *
 * Returns: the index of @corp in its cell's stack (0 = top), 0 without a cell.
 */
int
kol_market_stack_position (KolEngine *engine,
                           int        corp)
{
  KolCell cell = kol_market_corp_cell (engine, corp);
  gint16 stack[KOL_MAX_CORPS];
  int n;

  if (kol_cell_is_none (cell))
    return 0;
  n = kol_market_cell_corps (engine, cell, stack, KOL_MAX_CORPS);
  for (int i = 0; i < n; i++)
    if (stack[i] == corp)
      return i;
  return 0;
}

/**
 * kol_market_restack:
 * @order: (array length=n): corporations on @cell, in the new stack order
 *
 * Sets the stack order of @cell: @order on top, any other corporation on the
 * cell under them in their previous order.
 */
void
kol_market_restack (KolEngine    *engine,
                    KolCell       cell,
                    const gint16 *order,
                    int           n)
{
  gint16 stack[KOL_MAX_CORPS];
  int m = kol_market_cell_corps (engine, cell, stack, KOL_MAX_CORPS);

  for (int i = 0; i < n; i++)
    if (kol_cell_equal (kol_market_corp_cell (engine, order[i]), cell))
      engine->corps[order[i]].stack_seq = ++engine->seq;
  for (int i = 0; i < m; i++)
    {
      gboolean listed = FALSE;

      for (int j = 0; j < n && !listed; j++)
        listed = order[j] == stack[i];
      if (!listed)
        engine->corps[stack[i]].stack_seq = ++engine->seq;
    }
}

/**
 * kol_market_set_par:
 *
 * @corp gets @cell as share price and par price and goes to the bottom of
 * the cell's stack (1849 §5).
 */
void
kol_market_set_par (KolEngine *engine,
                    int        corp,
                    KolCell    cell)
{
  KolCorp *c = &engine->corps[corp];

  c->price_row = c->par_row = cell.row;
  c->price_col = c->par_col = cell.col;
  c->stack_seq = ++engine->seq;
}

/**
 * kol_market_remove:
 *
 * Takes @corp off its cell. Its par price is kept (and not shown once it is
 * closed).
 */
void
kol_market_remove (KolEngine *engine,
                   int        corp)
{
  engine->corps[corp].price_row = engine->corps[corp].price_col = -1;
}

/* ---------------------------------------------------------------- movement */

/**
 * kol_market_default_up:
 *
 * One row up, staying in the top row (1849 §5).
 */
KolCell
kol_market_default_up (KolEngine *engine,
                       int        corp,
                       KolCell    from)
{
  if (from.row - 1 >= 0)
    from.row--;
  return from;
}

/**
 * kol_market_default_down:
 *
 * One row down, staying in the bottom row (1849 §5). The result may have no
 * cell (a shorter row): moving there does nothing.
 */
KolCell
kol_market_default_down (KolEngine *engine,
                         int        corp,
                         KolCell    from)
{
  if (from.row + 1 < engine->title->market.n_rows)
    from.row++;
  return from;
}

/**
 * kol_market_default_left:
 *
 * One column left; from column 0, or when the cell on the left is missing,
 * down instead (through kol_market_down(); 1849 §5).
 */
KolCell
kol_market_default_left (KolEngine *engine,
                         int        corp,
                         KolCell    from)
{
  if (from.col > 0 && kol_market_cell (engine, kol_cell (from.row, from.col - 1)))
    return kol_cell (from.row, from.col - 1);
  return kol_market_down (engine, corp, from);
}

/**
 * kol_market_default_right:
 *
 * One column right; at the end of the row, up instead (through
 * kol_market_up(), which titles override; 1849 §5).
 */
KolCell
kol_market_default_right (KolEngine *engine,
                          int        corp,
                          KolCell    from)
{
  if (from.col + 1 >= kol_market_row_length (engine, from.row))
    return kol_market_up (engine, corp, from);
  return kol_cell (from.row, from.col + 1);
}

/**
 * kol_market_up:
 *
 * One row up, through the title's hook.
 */
KolCell
kol_market_up (KolEngine *engine,
               int        corp,
               KolCell    from)
{
  const KolMarketHooks *h = kol_market_hooks (engine);

  return h && h->up ? h->up (engine, corp, from) : kol_market_default_up (engine, corp, from);
}

/**
 * kol_market_down:
 *
 * One row down, through the title's hook.
 */
KolCell
kol_market_down (KolEngine *engine,
                 int        corp,
                 KolCell    from)
{
  const KolMarketHooks *h = kol_market_hooks (engine);

  return h && h->down ? h->down (engine, corp, from) : kol_market_default_down (engine, corp, from);
}

/**
 * kol_market_left:
 *
 * One column left, through the title's hook.
 */
KolCell
kol_market_left (KolEngine *engine,
                 int        corp,
                 KolCell    from)
{
  const KolMarketHooks *h = kol_market_hooks (engine);

  return h && h->left ? h->left (engine, corp, from) : kol_market_default_left (engine, corp, from);
}

/**
 * kol_market_right:
 *
 * One column right, through the title's hook.
 */
KolCell
kol_market_right (KolEngine *engine,
                  int        corp,
                  KolCell    from)
{
  const KolMarketHooks *h = kol_market_hooks (engine);

  return h && h->right ? h->right (engine, corp, from) : kol_market_default_right (engine, corp, from);
}

/**
 * kol_market_step:
 *
 * Returns: the cell one step in @dir from @from (through the hooks).
 */
KolCell
kol_market_step (KolEngine          *engine,
                 int                 corp,
                 KolCell             from,
                 KolMarketDirection  dir)
{
  switch (dir)
    {
    case KOL_MARKET_UP:
      return kol_market_up (engine, corp, from);
    case KOL_MARKET_DOWN:
      return kol_market_down (engine, corp, from);
    case KOL_MARKET_LEFT:
      return kol_market_left (engine, corp, from);
    case KOL_MARKET_RIGHT:
    default:
      return kol_market_right (engine, corp, from);
    }
}

/**
 * kol_market_move:
 *
 * @corp leaves its cell's stack and goes to the bottom of @to's (1849 §5), if @to is a cell other than its own. The title's moved hook runs
 * after a move.
 *
 * Returns: %TRUE if @corp moved.
 */
gboolean
kol_market_move (KolEngine *engine,
                 int        corp,
                 KolCell    to)
{
  const KolMarketHooks *h = kol_market_hooks (engine);
  KolCell from = kol_market_corp_cell (engine, corp);
  KolCorp *c = &engine->corps[corp];

  if (kol_market_cell (engine, to) == NULL || kol_cell_equal (from, to))
    return FALSE;
  c->price_row = to.row;
  c->price_col = to.col;
  c->stack_seq = ++engine->seq;
  if (h && h->moved)
    h->moved (engine, corp, from);
  return TRUE;
}

/**
 * kol_market_move_dir:
 *
 * Moves @corp one step in @dir.
 */
void
kol_market_move_dir (KolEngine          *engine,
                     int                 corp,
                     KolMarketDirection  dir)
{
  KolCell from = kol_market_corp_cell (engine, corp);

  if (kol_cell_is_none (from))
    return;
  kol_market_move (engine, corp, kol_market_step (engine, corp, from, dir));
}

/**
 * kol_market_move_up:
 *
 * Moves @corp one row up.
 */
void
kol_market_move_up (KolEngine *engine,
                    int        corp)
{
  kol_market_move_dir (engine, corp, KOL_MARKET_UP);
}

/**
 * kol_market_move_down:
 *
 * Moves @corp one row down.
 */
void
kol_market_move_down (KolEngine *engine,
                      int        corp)
{
  kol_market_move_dir (engine, corp, KOL_MARKET_DOWN);
}

/**
 * kol_market_move_left:
 *
 * Moves @corp one column left.
 */
void
kol_market_move_left (KolEngine *engine,
                      int        corp)
{
  kol_market_move_dir (engine, corp, KOL_MARKET_LEFT);
}

/**
 * kol_market_move_right:
 *
 * Moves @corp one column right.
 */
void
kol_market_move_right (KolEngine *engine,
                       int        corp)
{
  kol_market_move_dir (engine, corp, KOL_MARKET_RIGHT);
}

/**
 * kol_market_find_relative:
 * @dirs: (array length=n): directions, applied in order
 *
 * Where @dirs would take a price from @from: a step onto a coordinate
 * without a cell keeps the last real cell as the answer, but the walk goes
 * on from the coordinate (as 18xx.games computes it, for the price moves
 * of recorded games).
 *
 * Returns: the last real cell reached.
 */
KolCell
kol_market_find_relative (KolEngine                *engine,
                          int                       corp,
                          KolCell                   from,
                          const KolMarketDirection *dirs,
                          int                       n)
{
  KolCell at = from;
  KolCell found = kol_market_cell (engine, from) ? from : KOL_CELL_NONE;

  for (int i = 0; i < n; i++)
    {
      at = kol_market_step (engine, corp, at, dirs[i]);
      if (kol_market_cell (engine, at))
        found = at;
    }
  return found;
}

/* --------------------------------------------------------- operating order */

/**
 * kol_market_compare_corps:
 *
 * The market's order of corporations, which is the operating order (1849
 * §10): higher price first, then further right, then higher up, then the
 * one on top of the cell's stack, then by name; a corporation without a
 * share price sorts first.
 *
 * Returns: <0, 0 or >0.
 */
int
kol_market_compare_corps (KolEngine *engine,
                          int        a,
                          int        b)
{
  KolCell ca = kol_market_corp_cell (engine, a), cb = kol_market_corp_cell (engine, b);
  int pa, pb;

  if (kol_cell_is_none (ca))
    return -1;
  if (kol_cell_is_none (cb))
    return 1;
  pa = kol_market_cell_price (engine, ca);
  pb = kol_market_cell_price (engine, cb);
  if (pa != pb)
    return pa > pb ? -1 : 1;
  if (ca.col != cb.col)
    return ca.col > cb.col ? -1 : 1;
  if (ca.row != cb.row)
    return ca.row < cb.row ? -1 : 1;
  if (kol_cell_equal (ca, cb) && engine->corps[a].stack_seq != engine->corps[b].stack_seq)
    return engine->corps[a].stack_seq < engine->corps[b].stack_seq ? -1 : 1;
  return strcmp (engine->title->corps[a].id, engine->title->corps[b].id);
}

static int
cmp_corps (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  return kol_market_compare_corps (data, *(const gint16 *) a, *(const gint16 *) b);
}

/**
 * kol_market_sort_corps:
 * @corps: (array length=n) (inout): corporation indices
 *
 * Sorts @corps into operating order (kol_market_compare_corps()).
 */
void
kol_market_sort_corps (KolEngine *engine,
                       gint16    *corps,
                       int        n)
{
  g_qsort_with_data (corps, n, sizeof *corps, cmp_corps, engine);
}

/* ------------------------------------------------------------------ logging */

/**
 * kol_market_log_share_price:
 * @from: the cell @corp was on before
 * @steps: number of steps moved, 0 when not counted
 * @log_steps: log the number of steps even when it is 1
 *
 * Logs a share price change (see kol-engine-market.h).
 */
void
kol_market_log_share_price (KolEngine *engine,
                            int        corp,
                            KolCell    from,
                            int        steps,
                            gboolean   log_steps)
{
  KolCell to = kol_market_corp_cell (engine, corp);
  GPtrArray *dirs;
  g_autofree char *dir_str = NULL;
  KolArg args[5] = { 0 };

  if (kol_cell_is_none (to) || kol_cell_is_none (from) || kol_cell_equal (from, to))
    return;
  dirs = g_ptr_array_new ();
  if (to.row < from.row)
    g_ptr_array_add (dirs, (gpointer) "up");
  if (to.row > from.row)
    g_ptr_array_add (dirs, (gpointer) "down");
  if (to.col < from.col)
    g_ptr_array_add (dirs, (gpointer) "left");
  if (to.col > from.col)
    g_ptr_array_add (dirs, (gpointer) "right");
  g_ptr_array_add (dirs, NULL);
  dir_str = g_strjoinv (" and ", (char **) dirs->pdata);
  g_ptr_array_free (dirs, TRUE);

  args[0] = kol_arg_int (KOL_ARG_CORP, corp);
  args[1] = kol_arg_int (KOL_ARG_MONEY, kol_market_cell_price (engine, from));
  args[2] = kol_arg_int (KOL_ARG_MONEY, kol_market_cell_price (engine, to));
  args[3].kind = KOL_ARG_STRING;
  g_strlcpy (args[3].str, dir_str, sizeof args[3].str);
  args[4] = kol_arg_int (KOL_ARG_INT, steps);
  if (steps > 1 || (steps > 0 && log_steps))
    kol_engine_log (engine, KOL_LOG_SHARE_PRICE_MOVES_STEPS, args, 5);
  else
    kol_engine_log (engine, KOL_LOG_SHARE_PRICE_MOVES, args, 4);
}
