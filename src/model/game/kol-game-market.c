/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-engine-market.h"
#include "kol-game-market.h"
#include "kol-game-private.h"
#include "kol-game-words.h"
#include "kol-svg-market.h"

/**
 * KolGameMarket:
 *
 * The stock market of a game; see kol-game-market.h. The grid, the legend
 * and the price moves come from the title and are made once per title;
 * the stacks of price markers are read after every change.
 */
struct _KolGameMarket
{
  GObject parent_instance;

  const KolTitle *title;
  GArray     *stacks;          /* gint16 per space × KOL_MAX_CORPS: corp + 1, 0 ends */
  char       *summary;
  GListStore *legend;
  GListStore *price_moves;
  guint8      legend_flags[KOL_MAX_MARKET_ZONES + 8];  /* per legend row: its flag, or 0 */
  guint8      legend_zones[KOL_MAX_MARKET_ZONES + 8];  /* per legend row: its zone (1-based), or 0 */
  int         preview_corp;
  int         preview_row;
  int         preview_col;
};

G_DEFINE_FINAL_TYPE (KolGameMarket, kol_game_market, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SUMMARY,
  PROP_PREVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How special spaces look, in the order a space with several flags takes
 * its colour from. */
typedef struct
{
  guint8      flag;
  KolWord     word;
  const char *color;
} FlagStyle;

static const FlagStyle flag_styles[] = {
  { KOL_CELL_CLOSE, KOL_WORD_CELL_CLOSE, "#b39ddb" },
  { KOL_CELL_END, KOL_WORD_CELL_END, "#ffb74d" },
  { KOL_CELL_PHASE_ZONE, KOL_WORD_CELL_PHASE_ZONE, "#8ec5f2" },
  { KOL_CELL_PAR_2, KOL_WORD_CELL_PAR_2, "#ffa04d" },
  { KOL_CELL_PAR, KOL_WORD_CELL_PAR, "#f4d35e" },
  { KOL_CELL_BLOCKED, KOL_WORD_CELL_BLOCKED, "#a0a0a0" },
};

#define SPACE_FILL "#fbf8ef"

static void
kol_game_market_finalize (GObject *object)
{
  KolGameMarket *self = KOL_GAME_MARKET (object);

  g_array_unref (self->stacks);
  g_free (self->summary);
  g_object_unref (self->legend);
  g_object_unref (self->price_moves);
  G_OBJECT_CLASS (kol_game_market_parent_class)->finalize (object);
}

static void
kol_game_market_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KolGameMarket *self = KOL_GAME_MARKET (object);

  switch (prop_id)
    {
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    case PROP_PREVIEW:
      g_value_set_int (value, self->preview_corp);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_game_market_class_init (KolGameMarketClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_market_finalize;
  object_class->get_property = kol_game_market_get_property;

  /** KolGameMarket:summary: where each company stands ("AFG L.100, …"),
   * for the accessible description */
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** KolGameMarket:preview: the company whose price move is previewed,
   * -1 (kol_game_market_get_preview()) */
  properties[PROP_PREVIEW] =
    g_param_spec_int ("preview", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolGameMarket::changed:
   *
   * A price marker moved (or the title changed).
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
kol_game_market_init (KolGameMarket *self)
{
  self->stacks = g_array_new (FALSE, TRUE, sizeof (gint16));
  self->legend = g_list_store_new (KOL_TYPE_GAME_ROW);
  self->price_moves = g_list_store_new (KOL_TYPE_GAME_ROW);
  self->preview_corp = self->preview_row = self->preview_col = -1;
}

/**
 * kol_game_market_new:
 *
 * Returns: (transfer full): a market showing nothing until
 *   kol_game_market_update()
 */
KolGameMarket *
kol_game_market_new (void)
{
  return g_object_new (KOL_TYPE_GAME_MARKET, NULL);
}

/* ------------------------------------------------------------ spaces */

static const KolMarketCell *
cell_of (KolGameMarket *self,
         int            row,
         int            col)
{
  const KolMarketDef *m;

  if (self->title == NULL || row < 0 || col < 0)
    return NULL;
  m = &self->title->market;
  if (row >= m->n_rows || col >= m->row_len[row] || !m->cells[row][col].present)
    return NULL;
  return &m->cells[row][col];
}

static const FlagStyle *
flag_style (guint8 flags)
{
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (flags & flag_styles[i].flag)
      return &flag_styles[i];
  return NULL;
}

/* The colour of a space: its zone's, as the printed market has it
 * (game.json market.zones), else its flag's. */
static const char *
space_color (KolGameMarket       *self,
             const KolMarketCell *cell)
{
  const KolMarketDef *m = &self->title->market;
  const FlagStyle *style = flag_style (cell->flags);
  const char *color = NULL;

  if (cell->zone > 0 && cell->zone <= m->n_zones)
    color = kol_svg_market_zone_color (m->zones[cell->zone - 1].color);
  if (color != NULL)
    return color;
  return style != NULL ? style->color : SPACE_FILL;
}

static guint32
space_legend (KolGameMarket       *self,
              const KolMarketCell *cell)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->legend));
  guint32 bits = 0;

  for (guint i = 0; i < n && i < 32; i++)
    if (self->legend_zones[i] != 0 ? cell->zone == self->legend_zones[i]
                                   : (cell->flags & self->legend_flags[i]) != 0)
      bits |= 1u << i;
  return bits;
}

/**
 * kol_game_market_get_space:
 * @self: a market
 * @row: a row
 * @col: a column
 * @out: (out) (optional): the space
 *
 * Returns: %TRUE when there is a space at @row, @col
 */
gboolean
kol_game_market_get_space (KolGameMarket      *self,
                           int                 row,
                           int                 col,
                           KolGameMarketSpace *out)
{
  const KolMarketCell *cell;

  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), FALSE);
  cell = cell_of (self, row, col);
  if (out != NULL)
    *out = cell != NULL ? (KolGameMarketSpace) { TRUE, cell->price, space_color (self, cell), space_legend (self, cell) }
                        : (KolGameMarketSpace) { FALSE, 0, NULL, 0 };
  return cell != NULL;
}

int
kol_game_market_get_n_rows (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), 0);
  return self->title != NULL ? self->title->market.n_rows : 0;
}

/** kol_game_market_get_n_columns: Returns: the length of the longest row */
int
kol_game_market_get_n_columns (KolGameMarket *self)
{
  int n = 0;

  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), 0);
  for (int r = 0; self->title != NULL && r < self->title->market.n_rows; r++)
    n = MAX (n, self->title->market.row_len[r]);
  return n;
}

static gsize
stack_at (int row,
          int col)
{
  return ((gsize) row * KOL_MAX_MARKET_COLS + (gsize) col) * KOL_MAX_CORPS;
}

/**
 * kol_game_market_get_stack:
 * @self: a market
 * @row: a row
 * @col: a column
 * @corps: (out caller-allocates) (array length=max): corporation indices
 * @max: room in @corps
 *
 * Returns: how many price markers are on the space, the top of the stack
 *   (which operates first) first
 */
int
kol_game_market_get_stack (KolGameMarket *self,
                           int            row,
                           int            col,
                           int           *corps,
                           int            max)
{
  const gint16 *stack;
  int n = 0;

  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), 0);
  if (cell_of (self, row, col) == NULL || self->stacks->len == 0)
    return 0;
  stack = &g_array_index (self->stacks, gint16, stack_at (row, col));
  while (n < KOL_MAX_CORPS && n < max && stack[n] > 0)
    {
      corps[n] = stack[n] - 1;
      n++;
    }
  return n;
}

/** kol_game_market_get_corp_id: Returns: (nullable): a corporation's id */
const char *
kol_game_market_get_corp_id (KolGameMarket *self,
                             int            corp)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  if (self->title == NULL || corp < 0 || (guint) corp >= self->title->n_corps)
    return NULL;
  return self->title->corps[corp].id;
}

/**
 * kol_game_market_get_corp_color:
 * @text: %TRUE for the colour of its id on its token
 *
 * Returns: (nullable): a corporation's colour, "#rrggbb"
 */
const char *
kol_game_market_get_corp_color (KolGameMarket *self,
                                int            corp,
                                gboolean       text)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  if (self->title == NULL || corp < 0 || (guint) corp >= self->title->n_corps)
    return NULL;
  return text ? self->title->corps[corp].text_color : self->title->corps[corp].color;
}

/**
 * kol_game_market_describe_space:
 *
 * What the tooltip of a space says: its price, what is special about it,
 * and the companies on it, the top of the stack first.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for no space
 */
char *
kol_game_market_describe_space (KolGameMarket *self,
                                int            row,
                                int            col)
{
  const KolMarketCell *cell;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *money = NULL;
  int stack[KOL_MAX_CORPS];
  int n;

  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  if ((cell = cell_of (self, row, col)) == NULL)
    return NULL;
  money = kol_game_word_money (self->title, cell->price);
  /* Translators: the price of a space of the stock market. */
  g_string_append_printf (out, _("Share price %s"), money);
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (cell->flags & flag_styles[i].flag)
      g_string_append_printf (out, "\n%s", kol_game_word (self->title, flag_styles[i].word));
  n = kol_game_market_get_stack (self, row, col, stack, G_N_ELEMENTS (stack));
  if (n > 0)
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (int i = 0; i < n; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", self->title->corps[stack[i]].id);
      g_string_append_c (out, '\n');
      /* Translators: the companies on a space of the market, listed from the
       * top of the stack (which operates first) down. */
      g_string_append_printf (out, n == 1 ? _("Here: %s") : _("Here, top first: %s"), names->str);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ----------------------------------------------------- legend, moves */

/* The flags of the spaces that no zone colours. */
static guint8
uncoloured_flags (const KolMarketDef *m)
{
  guint8 flags = 0;

  for (int r = 0; r < m->n_rows; r++)
    for (int c = 0; c < m->row_len[r]; c++)
      if (m->cells[r][c].present && m->cells[r][c].zone == 0)
        flags |= m->cells[r][c].flags;
  return flags;
}

/* One row per zone of the printed market, then per flag that colours a
 * space: the colour and what it means. */
static void
build_legend (KolGameMarket *self)
{
  const KolMarketDef *m = &self->title->market;
  g_autoptr(GArray) rows = _kol_game_row_specs_new ();
  guint8 flags = uncoloured_flags (m);
  guint n = 0;

  for (int i = 0; i < m->n_zones; i++)
    {
      const char *color = kol_svg_market_zone_color (m->zones[i].color);
      const char *label = kol_game_word_text (&m->zones[i].label);

      if (color == NULL || label == NULL || n >= G_N_ELEMENTS (self->legend_flags))
        continue;
      self->legend_zones[n] = (guint8) (i + 1);
      self->legend_flags[n++] = 0;
      _kol_game_row_spec_add (rows, FALSE, FALSE, NULL, g_strdup (color), g_strdup (label), NULL);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles) && n < G_N_ELEMENTS (self->legend_flags); i++)
    if (flags & flag_styles[i].flag)
      {
        self->legend_zones[n] = 0;
        self->legend_flags[n++] = flag_styles[i].flag;
        _kol_game_row_spec_add (rows, FALSE, FALSE, NULL, g_strdup (flag_styles[i].color),
                                g_strdup (kol_game_word (self->title, flag_styles[i].word)), NULL);
      }
  _kol_game_rows_sync (self->legend, rows);
}

static GVariant *
unbox (GVariant *value)
{
  while (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (value);

      g_variant_unref (value);
      value = inner;
    }
  return value;
}

static GVariant *
lookup (GVariant   *dict,
        const char *key)
{
  if (dict == NULL || !g_variant_is_of_type (dict, G_VARIANT_TYPE_VARDICT))
    return NULL;
  return unbox (g_variant_lookup_value (dict, key, NULL));
}

/* The title's table of share price moves by dividend, from its rules:
 * "dividend_price_moves", or its tram companies' "price_moves" (1840). */
static GVariant *
price_moves (const KolTitle *title)
{
  g_autoptr(GVariant) trams = NULL;
  GVariant *moves = unbox (kol_title_rule (title, "dividend_price_moves"));

  if (moves != NULL)
    return moves;
  trams = unbox (kol_title_rule (title, "tram_companies"));
  return lookup (trams, "price_moves");
}

static char *
range_text (GVariant *row)
{
  g_autoptr(GVariant) min_v = lookup (row, "min");
  g_autoptr(GVariant) max_v = lookup (row, "max");
  int min = kol_variant_to_int (min_v, 0), max = kol_variant_to_int (max_v, -1);

  if (max_v == NULL)
    /* Translators: a range of dividends without an upper end. */
    return g_strdup_printf (_("%d or more"), min);
  if (min == max)
    return g_strdup_printf ("%d", min);
  /* Translators: a range of dividends, “100–190”. */
  return g_strdup_printf (_("%1$d–%2$d"), min, max);
}

static char *
move_text (GVariant *row)
{
  g_autoptr(GVariant) move_v = lookup (row, "move");
  g_autoptr(GVariant) steps_v = lookup (row, "steps");
  const char *move = move_v != NULL && g_variant_is_of_type (move_v, G_VARIANT_TYPE_STRING)
                     ? g_variant_get_string (move_v, NULL) : "none";
  int n = kol_variant_to_int (steps_v, 1);

  if (g_str_equal (move, "left"))
    return g_strdup_printf (ngettext ("%d space to the left", "%d spaces to the left", n), n);
  if (g_str_equal (move, "right"))
    return g_strdup_printf (ngettext ("%d space to the right", "%d spaces to the right", n), n);
  if (g_str_equal (move, "up"))
    return g_strdup_printf (ngettext ("%d space up", "%d spaces up", n), n);
  if (g_str_equal (move, "down"))
    return g_strdup_printf (ngettext ("%d space down", "%d spaces down", n), n);
  return g_strdup (C_("share price", "no change"));
}

static void
build_price_moves (KolGameMarket *self)
{
  g_autoptr(GVariant) moves = price_moves (self->title);
  g_autoptr(GArray) rows = _kol_game_row_specs_new ();
  gsize n = moves != NULL && g_variant_is_of_type (moves, G_VARIANT_TYPE_ARRAY) ? g_variant_n_children (moves) : 0;

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) row = unbox (g_variant_get_child_value (moves, i));

      _kol_game_row_spec_add (rows, FALSE, FALSE, NULL, range_text (row), move_text (row), NULL);
    }
  _kol_game_rows_sync (self->price_moves, rows);
}

/* ------------------------------------------------------------ refresh */

static char *
summary (const KolEngine *engine)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int c = 0; c < engine->n_corps; c++)
    {
      int price = kol_market_corp_price (engine, c);
      g_autofree char *money = NULL;

      if (price < 0)
        continue;
      money = kol_game_word_money (engine->title, price);
      g_string_append_printf (text, "%s%s %s", text->len > 0 ? ", " : "", engine->title->corps[c].id, money);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GArray *
read_stacks (const KolEngine *engine)
{
  const KolMarketDef *m = &engine->title->market;
  GArray *stacks = g_array_new (FALSE, TRUE, sizeof (gint16));

  g_array_set_size (stacks, stack_at (m->n_rows, 0));
  for (int r = 0; r < m->n_rows; r++)
    for (int c = 0; c < m->row_len[r]; c++)
      {
        gint16 corps[KOL_MAX_CORPS];
        int n = m->cells[r][c].present ? kol_market_cell_corps (engine, kol_cell (r, c), corps, KOL_MAX_CORPS) : 0;

        for (int i = 0; i < n; i++)
          g_array_index (stacks, gint16, stack_at (r, c) + (gsize) i) = (gint16) (corps[i] + 1);
      }
  return stacks;
}

/**
 * kol_game_market_update:
 * @self: a market
 * @engine: (nullable): the state to show, %NULL for none
 *
 * Shows @engine's market (its title must stay alive while it is shown).
 * The game calls this after every change; "changed" follows only when a
 * price marker moved or the title is new.
 */
void
kol_game_market_update (KolGameMarket   *self,
                        const KolEngine *engine)
{
  g_autoptr(GArray) stacks = NULL;
  gboolean changed = FALSE;

  g_return_if_fail (KOL_IS_GAME_MARKET (self));
  if ((engine != NULL ? engine->title : NULL) != self->title)
    {
      self->title = engine != NULL ? engine->title : NULL;
      g_array_set_size (self->stacks, 0);
      if (self->title != NULL)
        {
          build_legend (self);
          build_price_moves (self);
        }
      changed = TRUE;
    }
  if (engine == NULL)
    {
      g_list_store_remove_all (self->legend);
      g_list_store_remove_all (self->price_moves);
    }
  else
    {
      stacks = read_stacks (engine);
      if (stacks->len != self->stacks->len ||
          memcmp (stacks->data, self->stacks->data, stacks->len * sizeof (gint16)) != 0)
        {
          g_array_unref (self->stacks);
          self->stacks = g_steal_pointer (&stacks);
          changed = TRUE;
        }
      _kol_set_string (G_OBJECT (self), &self->summary, summary (engine), properties[PROP_SUMMARY]);
    }
  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* ---------------------------------------------------------------- API */

/** kol_game_market_get_heading: Returns: the market's name in the title's
 * words ("Stock Market", 1840 "Share Price Board") */
const char *
kol_game_market_get_heading (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  return kol_game_word (self->title, KOL_WORD_STOCK_MARKET);
}

const char *
kol_game_market_get_summary (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  return self->summary;
}

/**
 * kol_game_market_get_legend:
 *
 * Returns: (transfer none): the #KolGameRow list of the legend: a colour
 *   ("#rrggbb") and what it means; a space's #KolGameMarketSpace.legend
 *   bits index it
 */
GListModel *
kol_game_market_get_legend (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  return G_LIST_MODEL (self->legend);
}

/**
 * kol_game_market_get_price_moves:
 *
 * Returns: (transfer none): the #KolGameRow list of the title's share price
 *   moves after dividends: the range of dividends and the move (empty when
 *   the title has no such table)
 */
GListModel *
kol_game_market_get_price_moves (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  return G_LIST_MODEL (self->price_moves);
}

const char *
kol_game_market_get_price_moves_heading (KolGameMarket *self)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), NULL);
  return kol_game_word (self->title, KOL_WORD_PRICE_MOVES);
}

/**
 * kol_game_market_set_preview:
 * @self: a market
 * @corp: a corporation, or -1 for no preview
 * @row: the row its price marker would go to
 * @col: the column
 *
 * Shows where @corp's price marker would go (the action panel's dividend
 * choices say it, the market view draws it).
 */
void
kol_game_market_set_preview (KolGameMarket *self,
                             int            corp,
                             int            row,
                             int            col)
{
  g_return_if_fail (KOL_IS_GAME_MARKET (self));
  if (corp < 0 || cell_of (self, row, col) == NULL)
    corp = row = col = -1;
  if (self->preview_corp == corp && self->preview_row == row && self->preview_col == col)
    return;
  self->preview_corp = corp;
  self->preview_row = row;
  self->preview_col = col;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEW]);
}

/**
 * kol_game_market_get_preview:
 * @corp: (out) (optional): the company previewed
 * @row: (out) (optional): where its marker would go
 * @col: (out) (optional)
 *
 * Returns: %TRUE when a move is previewed
 */
gboolean
kol_game_market_get_preview (KolGameMarket *self,
                             int           *corp,
                             int           *row,
                             int           *col)
{
  g_return_val_if_fail (KOL_IS_GAME_MARKET (self), FALSE);
  if (corp != NULL)
    *corp = self->preview_corp;
  if (row != NULL)
    *row = self->preview_row;
  if (col != NULL)
    *col = self->preview_col;
  return self->preview_corp >= 0;
}
