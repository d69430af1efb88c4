/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The stock market (1849 §5, 1840 III.4.2 and X): cells in rows and columns,
 * and how a share price moves on them. Both our titles use a
 * two-dimensional market.
 *
 * The cells are the title's (engine->title->market). A corporation's place is
 * KolCorp.price_row/price_col; the order of the corporations on one cell (the
 * stack) is the order of KolCorp.stack_seq, and a corporation arriving on a
 * cell goes under the others (1849 §5).
 *
 * Titles change the movement through KolMarketHooks (KolTitleModule.
 * market_hooks). A hook replaces the generic function of the same name, which
 * stays public so that the hook can call it for the moves it keeps.
 */

typedef struct
{
  gint16 row;
  gint16 col;
} KolCell;

#define KOL_CELL_NONE ((KolCell) { -1, -1 })

static inline KolCell
kol_cell (int row,
          int col)
{
  return (KolCell) { (gint16) row, (gint16) col };
}

static inline gboolean
kol_cell_equal (KolCell a,
                KolCell b)
{
  return a.row == b.row && a.col == b.col;
}

static inline gboolean
kol_cell_is_none (KolCell c)
{
  return c.row < 0 || c.col < 0;
}

/* Directions for kol_market_find_relative(). */
typedef enum
{
  KOL_MARKET_UP,
  KOL_MARKET_DOWN,
  KOL_MARKET_LEFT,
  KOL_MARKET_RIGHT,
} KolMarketDirection;

/*
 * A title's own price moves. @corp is the corporation that moves, or -1 when
 * the move is only computed (then nothing is logged). Each returns the cell
 * reached from @from; the result may be a coordinate without a cell (down
 * from a short row): moving there does nothing.
 */
typedef struct
{
  /* 1849: up from 230 is blocked before Phase 16 (logged; §5, §9.7). */
  KolCell  (*up)    (KolEngine *engine, int corp, KolCell from);
  KolCell  (*down)  (KolEngine *engine, int corp, KolCell from);
  KolCell  (*left)  (KolEngine *engine, int corp, KolCell from);
  /* 1849: right from 218, 240, 276 becomes up before Phase 16 (§5). */
  KolCell  (*right) (KolEngine *engine, int corp, KolCell from);
  /* After @corp moved from @from to a new cell. 1849 logs reaching L.377 and
   * records it, which ends the game (§13); the generic market keeps no
   * such flag. */
  void     (*moved) (KolEngine *engine, int corp, KolCell from);
} KolMarketHooks;

static inline const KolMarketHooks *
kol_market_hooks (KolEngine *engine)
{
  return engine->module ? (const KolMarketHooks *) engine->module->market_hooks : NULL;
}

/* ---- cells ------------------------------------------------------------- */

/* The cell at @cell, or NULL when there is none (off the grid or empty). */
const KolMarketCell *kol_market_cell          (const KolEngine *engine,
                                               KolCell          cell);
/* Price of @cell, -1 when there is no cell. */
int                  kol_market_cell_price    (const KolEngine *engine,
                                               KolCell          cell);
gboolean             kol_market_cell_has_flag (KolEngine *engine,
                                               KolCell    cell,
                                               guint8     flag);
/* Length of row @row (SharePrice rows of the MARKET array, gaps included). */
int                  kol_market_row_length    (KolEngine *engine,
                                               int        row);
/* The id of a cell as records name it: "<price>,<row>,<col>". */
char                *kol_market_cell_id       (KolEngine *engine,
                                               KolCell    cell);
/* Parses an id such as "100,3,5"; FALSE for malformed ids or a missing cell
 * or a price that does not match the cell. */
gboolean kol_market_cell_from_id   (KolEngine  *engine,
                                    const char *id,
                                    KolCell    *out);
gboolean kol_market_has_close_cell (KolEngine *engine);

/* Cells whose flags include any of @flags, by price, then column, then row,
 * all descending (the order of the par prices offered). @flags 0 means the
 * par cells (KOL_CELL_PAR and KOL_CELL_PAR_2). Returns the count. */
int                  kol_market_par_cells     (KolEngine *engine,
                                               guint8     flags,
                                               KolCell   *out,
                                               int        max);
/* The lowest par price (the price of an IPO share before the corporation
 * has one). */
int                  kol_market_min_par_price (const KolEngine *engine);

/* ---- corporations on the market ------------------------------------------ */

/* The share price cell of @corp, none when it has none or is closed. */
KolCell              kol_market_corp_cell     (const KolEngine *engine,
                                               int              corp);
/* Its price, -1 when none. */
int                  kol_market_corp_price    (const KolEngine *engine,
                                               int              corp);
/* What a player is worth at the end: cash, shares at their price, private
 * companies. */
int                  kol_default_player_value (const KolEngine *engine,
                                               int              player);
/* The corporations on @cell, top of the stack first. */
int                  kol_market_cell_corps    (const KolEngine *engine,
                                               KolCell          cell,
                                               gint16          *out,
                                               int              max);
/* Position of @corp in its cell's stack (0 = top), as sort_order_key's
 * find_index. */
int                  kol_market_stack_position (KolEngine *engine,
                                                int        corp);
/* Replaces the stack of @cell by @order (top first), as 1849's
 * reorder_corps does (sp.corporations.clear + concat). Corporations on the
 * cell that are not in @order go under them, in their old order. */
void                 kol_market_restack       (KolEngine    *engine,
                                               KolCell       cell,
                                               const gint16 *order,
                                               int           n);

/* Sets @corp's share price and par price, on the bottom of the cell's
 * stack. */
void                 kol_market_set_par       (KolEngine *engine,
                                               int        corp,
                                               KolCell    cell);
/* Takes @corp off the market (it closed). */
void                 kol_market_remove        (KolEngine *engine,
                                               int        corp);

/* ---- movement ------------------------------------------------------------ */

/* One step up, down, left or right: through the title's hook. */
KolCell   kol_market_up              (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_down            (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_left            (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_right           (KolEngine *engine, int corp, KolCell from);
/* TwoDimensionalMovement: right at the end of a row goes up; left from
 * column 0 or into a missing cell goes down; up and down stop at the edges. */
KolCell   kol_market_default_up      (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_default_down    (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_default_left    (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_default_right   (KolEngine *engine, int corp, KolCell from);
KolCell   kol_market_step            (KolEngine          *engine,
                                      int                 corp,
                                      KolCell             from,
                                      KolMarketDirection  dir);

/* Moves @corp to @to if that is a cell and not where it is;
 * it goes to the bottom of the new stack. Returns TRUE if it moved. */
gboolean  kol_market_move            (KolEngine *engine,
                                      int        corp,
                                      KolCell    to);
void      kol_market_move_up         (KolEngine *engine, int corp);
void      kol_market_move_down       (KolEngine *engine, int corp);
void      kol_market_move_left       (KolEngine *engine, int corp);
void      kol_market_move_right      (KolEngine *engine, int corp);
void      kol_market_move_dir        (KolEngine          *engine,
                                      int                 corp,
                                      KolMarketDirection  dir);
/* The cell reached by @dirs from @from without moving (the last real cell
 * passed). */
KolCell   kol_market_find_relative   (KolEngine                *engine,
                                      int                       corp,
                                      KolCell                   from,
                                      const KolMarketDirection *dirs,
                                      int                       n);

/* ---- operating order ------------------------------------------------------ */

/* Corporation#<=> by sort_order_key: higher price, further right, higher
 * row, higher in the cell's stack, then id. Corporations without a share
 * price sort first. */
int       kol_market_compare_corps   (KolEngine *engine,
                                      int        a,
                                      int        b);
/* Sorts corporation indices in place by kol_market_compare_corps. */
void      kol_market_sort_corps      (KolEngine *engine,
                                      gint16    *corps,
                                      int        n);

/* Logs "X's share price moves up from A to B" if
 * @corp's cell differs from @from; with @steps > 1 (or @log_steps) the
 * number of steps is logged too. */
void      kol_market_log_share_price (KolEngine *engine,
                                      int        corp,
                                      KolCell    from,
                                      int        steps,
                                      gboolean   log_steps);

G_END_DECLS
