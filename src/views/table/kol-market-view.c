/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-engine-market.h"
#include "kol-market-view.h"
#include "kol-svg-market.h"
#include "kol-view-util.h"

/**
 * KolMarketView:
 *
 * The stock market; see kol-market-view.h. The grid is drawn (a
 * GtkDrawingArea of the template); the heading, legend and price-move
 * table are widgets built when the title changes.
 */

#define CELL_W    58.0
#define CELL_H    52.0
#define TOKEN_R   11.0
#define CELL_FILL "#fbf8ef"
#define CELL_LINE "#6b6b6b"

struct _KolMarketView
{
  GtkWidget parent_instance;

  KolEngine        *engine;     /* our copy */
  const KolTitle *title;
  guint           n_price_moves;

  GtkLabel       *heading;
  GtkDrawingArea *grid;
  GtkBox         *legend;
  GtkWidget      *stack_note;
  GtkWidget      *moves_box;
  GtkLabel       *moves_heading;
  GtkGrid        *moves_table;
};

G_DEFINE_FINAL_TYPE (KolMarketView, kol_market_view, GTK_TYPE_WIDGET)

enum {
  CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* How special spaces look, in the order a space with several flags takes
 * its colour from. */
typedef struct
{
  guint8      flag;
  KolViewTerm term;
  const char *color;
} FlagStyle;

static const FlagStyle flag_styles[] = {
  { KOL_CELL_CLOSE, KOL_TERM_CELL_CLOSE, "#b39ddb" },
  { KOL_CELL_END, KOL_TERM_CELL_END, "#ffb74d" },
  { KOL_CELL_PHASE_ZONE, KOL_TERM_CELL_PHASE_ZONE, "#8ec5f2" },
  { KOL_CELL_PAR_2, KOL_TERM_CELL_PAR_2, "#ffa04d" },
  { KOL_CELL_PAR, KOL_TERM_CELL_PAR, "#f4d35e" },
  { KOL_CELL_BLOCKED, KOL_TERM_CELL_BLOCKED, "#a0a0a0" },
};

/* The colour of a cell: its zone's, as the printed market has it
 * (game.json market.zones), else its flag's. */
static const char *
cell_color (const KolTitle      *title,
            const KolMarketCell *cell,
            const FlagStyle     *style)
{
  const char *color = NULL;

  if (title != NULL && cell->zone > 0 && cell->zone <= title->market.n_zones)
    color = kol_svg_market_zone_color (title->market.zones[cell->zone - 1].color);
  if (color != NULL)
    return color;
  return style != NULL ? style->color : CELL_FILL;
}

static const FlagStyle *
cell_style (const KolMarketCell *cell)
{
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (cell->flags & flag_styles[i].flag)
      return &flag_styles[i];
  return NULL;
}

static void
set_source (cairo_t    *cr,
            const char *spec)
{
  GdkRGBA c;

  if (!gdk_rgba_parse (&c, spec))
    gdk_rgba_parse (&c, "#888888");
  gdk_cairo_set_source_rgba (cr, &c);
}

static char *
format_money (const KolTitle *title,
              int             amount)
{
  const char *format = kol_view_pick_text (&title->currency);
  const char *at = format != NULL ? strstr (format, "%d") : NULL;

  /* the format comes from a data file: never handed to printf */
  if (at == NULL)
    return g_strdup_printf ("%d", amount);
  return g_strdup_printf ("%.*s%d%s", (int) (at - format), format, amount, at + 2);
}

/* ---------------------------------------------------------------- grid */

static const KolMarketCell *
market_cell (KolMarketView *self,
             int            row,
             int            col)
{
  if (self->engine == NULL)
    return NULL;
  return kol_market_cell (self->engine, kol_cell (row, col));
}

static void
draw_token (KolMarketView *self,
            cairo_t       *cr,
            int            corp,
            double         x,
            double         y)
{
  const KolCorpDef *def = &self->title->corps[corp];
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  PangoRectangle ink;
  double size = 9.0;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, TOKEN_R, 0, 2 * G_PI);
  set_source (cr, def->color != NULL ? def->color : "#888888");
  cairo_fill_preserve (cr);
  set_source (cr, "#000000");
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);

  /* the id, shrunk to fit the token */
  pango_layout_set_text (layout, def->id, -1);
  for (;;)
    {
      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_extents (layout, &ink, NULL);
      if (ink.width <= 2 * TOKEN_R - 4 || size <= 5.0)
        break;
      size -= 0.5;
    }
  pango_font_description_free (font);
  set_source (cr, def->text_color != NULL ? def->text_color : "#ffffff");
  cairo_move_to (cr, x - ink.width / 2.0 - ink.x, y - ink.height / 2.0 - ink.y);
  pango_cairo_show_layout (cr, layout);
}

/* The tokens of a space side by side, the top of the stack leftmost and
 * drawn last, so that it covers the ones under it where they overlap. */
static void
draw_stack (KolMarketView *self,
            cairo_t       *cr,
            int            row,
            int            col,
            double         x,
            double         y)
{
  gint16 stack[KOL_MAX_CORPS];
  int n = kol_market_cell_corps (self->engine, kol_cell (row, col), stack, KOL_MAX_CORPS);
  double step;

  if (n == 0)
    return;
  step = n > 1 ? MIN (2 * TOKEN_R + 1, (CELL_W - 6 - 2 * TOKEN_R) / (n - 1)) : 0;
  for (int i = n - 1; i >= 0; i--)
    draw_token (self, cr, stack[i], x + 3 + TOKEN_R + i * step, y + CELL_H - TOKEN_R - 4);
}

static void
draw_cell (KolMarketView       *self,
           cairo_t             *cr,
           const KolMarketCell *cell,
           int                  row,
           int                  col)
{
  const FlagStyle *style = cell_style (cell);
  double x = col * CELL_W + 1, y = row * CELL_H + 1;
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 9");
  g_autofree char *price = g_strdup_printf ("%d", cell->price);

  cairo_rectangle (cr, x, y, CELL_W, CELL_H);
  set_source (cr, cell_color (self->title, cell, style));
  cairo_fill_preserve (cr);
  set_source (cr, CELL_LINE);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, price, -1);
  set_source (cr, "#1e1e1e");
  cairo_move_to (cr, x + 4, y + 2);
  pango_cairo_show_layout (cr, layout);
  draw_stack (self, cr, row, col, x, y);
}

static void
grid_draw_cb (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  KolMarketView *self = data;
  const KolMarketDef *m;

  if (self->engine == NULL)
    return;
  m = &self->title->market;
  cairo_translate (cr, 0.5, 0.5);  /* crisp one-pixel lines */
  for (int r = 0; r < m->n_rows; r++)
    for (int c = 0; c < m->row_len[r]; c++)
      if (m->cells[r][c].present)
        draw_cell (self, cr, &m->cells[r][c], r, c);
}

/* ---------------------------------------------------------- hit-testing */

/**
 * kol_market_view_cell_at:
 * @self: a market view
 * @x: x in the view's coordinates
 * @y: y in the view's coordinates
 * @row: (out) (optional): the space's row
 * @col: (out) (optional): its column
 *
 * Returns: %TRUE if a space of the market is at the point
 */
gboolean
kol_market_view_cell_at (KolMarketView *self,
                         double         x,
                         double         y,
                         int           *row,
                         int           *col)
{
  double gx, gy;
  int r, c;

  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), FALSE);
  if (self->engine == NULL ||
      !gtk_widget_translate_coordinates (GTK_WIDGET (self), GTK_WIDGET (self->grid), x, y, &gx, &gy) ||
      gx < 0 || gy < 0)
    return FALSE;
  r = (int) (gy / CELL_H);
  c = (int) (gx / CELL_W);
  if (market_cell (self, r, c) == NULL)
    return FALSE;
  if (row != NULL)
    *row = r;
  if (col != NULL)
    *col = c;
  return TRUE;
}

/**
 * kol_market_view_get_cell_center:
 * @self: a market view
 * @row: a row
 * @col: a column
 * @x: (out): x of the space's middle in the view's coordinates
 * @y: (out): y
 *
 * Returns: %FALSE if there is no such space
 */
gboolean
kol_market_view_get_cell_center (KolMarketView *self,
                                 int            row,
                                 int            col,
                                 double        *x,
                                 double        *y)
{
  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), FALSE);
  if (market_cell (self, row, col) == NULL)
    return FALSE;
  return gtk_widget_translate_coordinates (GTK_WIDGET (self->grid), GTK_WIDGET (self),
                                           (col + 0.5) * CELL_W, (row + 0.5) * CELL_H, x, y);
}

/**
 * kol_market_view_describe_cell:
 * @self: a market view
 * @row: a row
 * @col: a column
 *
 * What the tooltip of a space says: its price, what is special about it,
 * and the corporations on it, the top of the stack first.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for no space
 */
char *
kol_market_view_describe_cell (KolMarketView *self,
                               int            row,
                               int            col)
{
  const KolMarketCell *cell;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *money = NULL;
  gint16 stack[KOL_MAX_CORPS];
  int n;

  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), NULL);
  if ((cell = market_cell (self, row, col)) == NULL)
    return NULL;
  money = format_money (self->title, cell->price);
  /* Translators: the price of a space of the stock market. */
  g_string_append_printf (out, _("Share price %s"), money);
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (cell->flags & flag_styles[i].flag)
      g_string_append_printf (out, "\n%s", kol_view_term (self->title, flag_styles[i].term));
  n = kol_market_cell_corps (self->engine, kol_cell (row, col), stack, KOL_MAX_CORPS);
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

static gboolean
grid_query_tooltip_cb (GtkWidget     *widget,
                       int            x,
                       int            y,
                       gboolean       keyboard_mode,
                       GtkTooltip    *tooltip,
                       KolMarketView *self)
{
  g_autofree char *text = NULL;
  int row = (int) (y / CELL_H), col = (int) (x / CELL_W);

  if (x < 0 || y < 0 || (text = kol_market_view_describe_cell (self, row, col)) == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { col * CELL_W, row * CELL_H, CELL_W, CELL_H });
  return TRUE;
}

static void
grid_released_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  KolMarketView   *self)
{
  int row = (int) (y / CELL_H), col = (int) (x / CELL_W);

  if (n_press == 1 && x >= 0 && y >= 0 && market_cell (self, row, col) != NULL)
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, row, col);
}

/* ------------------------------------------------------------- legend */

static void
swatch_draw_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        color)
{
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  set_source (cr, color);
  cairo_fill_preserve (cr);
  set_source (cr, CELL_LINE);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
add_legend_item (KolMarketView *self,
                 const char    *color,
                 const char    *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 18);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), swatch_draw_cb, (gpointer) color,
                                  NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (self->legend, box);
}

/* The flags of the cells that no zone colours. */
static guint8
market_flags (const KolMarketDef *m)
{
  guint8 flags = 0;

  for (int r = 0; r < m->n_rows; r++)
    for (int c = 0; c < m->row_len[r]; c++)
      if (m->cells[r][c].present && m->cells[r][c].zone == 0)
        flags |= m->cells[r][c].flags;
  return flags;
}

static void
build_legend (KolMarketView *self)
{
  GtkWidget *child;
  guint8 flags;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend))) != NULL)
    gtk_box_remove (self->legend, child);
  if (self->title == NULL)
    return;
  for (int i = 0; i < self->title->market.n_zones; i++)
    {
      const KolMarketZone *zone = &self->title->market.zones[i];
      const char *color = kol_svg_market_zone_color (zone->color);
      const char *label = kol_view_pick_text (&zone->label);

      if (color != NULL && label != NULL)
        add_legend_item (self, color, label);
    }
  flags = market_flags (&self->title->market);
  for (gsize i = 0; i < G_N_ELEMENTS (flag_styles); i++)
    if (flags & flag_styles[i].flag)
      add_legend_item (self, flag_styles[i].color, kol_view_term (self->title, flag_styles[i].term));
}

/* ------------------------------------------------------ price moves table */

/* The title's table of share price moves by dividend, from its rules:
 * "dividend_price_moves", or its tram companies' "price_moves" (1840). */
static GVariant *
price_moves (const KolTitle *title)
{
  g_autoptr(GVariant) trams = NULL;
  GVariant *moves = kol_variant_unbox (kol_title_rule (title, "dividend_price_moves"));

  if (moves != NULL)
    return moves;
  trams = kol_variant_unbox (kol_title_rule (title, "tram_companies"));
  return kol_variant_lookup (trams, "price_moves");
}

static char *
range_text (const KolTitle *title,
            GVariant       *row)
{
  g_autoptr(GVariant) min_v = kol_variant_lookup (row, "min");
  g_autoptr(GVariant) max_v = kol_variant_lookup (row, "max");
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
  g_autoptr(GVariant) move_v = kol_variant_lookup (row, "move");
  g_autoptr(GVariant) steps_v = kol_variant_lookup (row, "steps");
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
attach_label (GtkGrid    *grid,
              const char *text,
              int         column,
              int         row,
              gboolean    header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 1.0 : 0.0);
  if (header)
    gtk_widget_add_css_class (label, "heading");
  else if (column == 0)
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (grid, label, column, row, 1, 1);
}

static void
build_price_moves (KolMarketView *self)
{
  g_autoptr(GVariant) moves = NULL;
  GtkWidget *child;
  gsize n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->moves_table))) != NULL)
    gtk_grid_remove (self->moves_table, child);
  self->n_price_moves = 0;
  moves = self->title != NULL ? price_moves (self->title) : NULL;
  n = moves != NULL && g_variant_is_of_type (moves, G_VARIANT_TYPE_ARRAY)
      ? g_variant_n_children (moves) : 0;
  gtk_widget_set_visible (self->moves_box, n > 0);
  if (n == 0)
    return;
  gtk_label_set_text (self->moves_heading, kol_view_term (self->title, KOL_TERM_PRICE_MOVES));
  attach_label (self->moves_table, C_("price moves", "Dividends"), 0, 0, TRUE);
  attach_label (self->moves_table, C_("price moves", "Share price marker"), 1, 0, TRUE);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) row = kol_variant_unbox (g_variant_get_child_value (moves, i));
      g_autofree char *range = range_text (self->title, row);
      g_autofree char *move = move_text (row);

      attach_label (self->moves_table, range, 0, (int) i + 1, FALSE);
      attach_label (self->moves_table, move, 1, (int) i + 1, FALSE);
      self->n_price_moves++;
    }
}

/* ------------------------------------------------------------- object */

static void
set_title (KolMarketView  *self,
           const KolTitle *title)
{
  const KolMarketDef *m = title != NULL ? &title->market : NULL;
  int n_cols = 0;

  self->title = title;
  for (int r = 0; m != NULL && r < m->n_rows; r++)
    n_cols = MAX (n_cols, m->row_len[r]);
  gtk_drawing_area_set_content_width (self->grid, (int) (n_cols * CELL_W) + 3);
  gtk_drawing_area_set_content_height (self->grid, m != NULL ? (int) (m->n_rows * CELL_H) + 3 : 0);
  gtk_label_set_text (self->heading, title != NULL ? kol_view_term (title, KOL_TERM_STOCK_MARKET)
                                                   : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kol_view_term (title, KOL_TERM_STOCK_MARKET), -1);
  build_legend (self);
  build_price_moves (self);
}

/* The accessible description: where each corporation stands. */
static void
update_description (KolMarketView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int c = 0; self->engine != NULL && c < self->engine->n_corps; c++)
    {
      int price = kol_market_corp_price (self->engine, c);
      g_autofree char *money = NULL;

      if (price < 0)
        continue;
      money = format_money (self->title, price);
      g_string_append_printf (text, "%s%s %s", text->len > 0 ? ", " : "",
                              self->title->corps[c].id, money);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

/**
 * kol_market_view_set_market:
 * @self: a market view
 * @engine: (nullable): the game whose market to show
 *
 * Shows the market of @engine's title with its corporations where they are.
 * The state is copied; its title must stay alive while it is shown.
 */
void
kol_market_view_set_market (KolMarketView   *self,
                            const KolEngine *engine)
{
  g_return_if_fail (KOL_IS_MARKET_VIEW (self));

  if (engine == NULL)
    g_clear_pointer (&self->engine, kol_engine_free);
  else if (self->engine == NULL)
    self->engine = kol_engine_copy (engine);
  else
    kol_engine_copy_into (self->engine, engine);
  if ((engine != NULL ? engine->title : NULL) != self->title)
    set_title (self, engine != NULL ? engine->title : NULL);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->grid));
}

/**
 * kol_market_view_get_market:
 *
 * Returns: (transfer none) (nullable): the view's copy of the state
 */
const KolEngine *
kol_market_view_get_market (KolMarketView *self)
{
  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), NULL);
  return self->engine;
}

/**
 * kol_market_view_get_n_price_moves:
 *
 * Returns: the rows of the price-move table shown (0 when the title has
 *   none)
 */
guint
kol_market_view_get_n_price_moves (KolMarketView *self)
{
  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), 0);
  return self->n_price_moves;
}

static void
kol_market_view_dispose (GObject *object)
{
  KolMarketView *self = KOL_MARKET_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_MARKET_VIEW);

  G_OBJECT_CLASS (kol_market_view_parent_class)->dispose (object);
}

static void
kol_market_view_finalize (GObject *object)
{
  KolMarketView *self = KOL_MARKET_VIEW (object);

  g_clear_pointer (&self->engine, kol_engine_free);

  G_OBJECT_CLASS (kol_market_view_parent_class)->finalize (object);
}

static void
kol_market_view_class_init (KolMarketViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_market_view_dispose;
  object_class->finalize = kol_market_view_finalize;

  /**
   * KolMarketView::cell-activated:
   * @self: the view
   * @row: the row of the space clicked
   * @col: its column
   *
   * A space of the market was clicked (choosing a par price).
   */
  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/koleya/Koleya/ui/kol-market-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, heading);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, grid);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, legend);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, stack_note);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, moves_box);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, moves_heading);
  gtk_widget_class_bind_template_child (widget_class, KolMarketView, moves_table);
  gtk_widget_class_set_css_name (widget_class, "kolmarketview");
}

static void
kol_market_view_init (KolMarketView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->grid, grid_draw_cb, self, NULL);
  g_signal_connect (self->grid, "query-tooltip", G_CALLBACK (grid_query_tooltip_cb), self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->grid), TRUE);
  g_signal_connect (click, "released", G_CALLBACK (grid_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->grid), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_visible (self->moves_box, FALSE);
}

/**
 * kol_market_view_new:
 *
 * Returns: (transfer floating): a market view showing nothing
 */
GtkWidget *
kol_market_view_new (void)
{
  return g_object_new (KOL_TYPE_MARKET_VIEW, NULL);
}
