/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-market-view.h"
#include "kol-panel-util.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolMarketView:
 *
 * The stock market; see kol-market-view.h. The grid is drawn (a
 * GtkDrawingArea of the template) from the market's spaces and stacks;
 * the heading, legend and price-move table follow the market's lists.
 */

#define CELL_W    58.0
#define CELL_H    52.0
#define TOKEN_R   11.0
#define CELL_LINE "#6b6b6b"

struct _KolMarketView
{
  GtkWidget parent_instance;

  KolGameMarket  *market;

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

static void
set_source (cairo_t    *cr,
            const char *spec)
{
  GdkRGBA c;

  if (spec == NULL || !gdk_rgba_parse (&c, spec))
    gdk_rgba_parse (&c, "#888888");
  gdk_cairo_set_source_rgba (cr, &c);
}

/* ---------------------------------------------------------------- grid */

static gboolean
space_at (KolMarketView      *self,
          int                 row,
          int                 col,
          KolGameMarketSpace *space)
{
  return self->market != NULL && kol_game_market_get_space (self->market, row, col, space);
}

static void
draw_token (KolMarketView *self,
            cairo_t       *cr,
            int            corp,
            double         x,
            double         y,
            double         alpha)
{
  const char *id = kol_game_market_get_corp_id (self->market, corp);
  const char *text_color = kol_game_market_get_corp_color (self->market, corp, TRUE);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  PangoRectangle ink;
  double size = 9.0;

  cairo_push_group (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, TOKEN_R, 0, 2 * G_PI);
  set_source (cr, kol_game_market_get_corp_color (self->market, corp, FALSE));
  cairo_fill_preserve (cr);
  set_source (cr, "#000000");
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);

  /* the id, shrunk to fit the token */
  pango_layout_set_text (layout, id != NULL ? id : "", -1);
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
  set_source (cr, text_color != NULL ? text_color : "#ffffff");
  cairo_move_to (cr, x - ink.width / 2.0 - ink.x, y - ink.height / 2.0 - ink.y);
  pango_cairo_show_layout (cr, layout);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, alpha);
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
  int stack[KOL_MAX_CORPS];
  int n = kol_game_market_get_stack (self->market, row, col, stack, G_N_ELEMENTS (stack));
  double step;

  if (n == 0)
    return;
  step = n > 1 ? MIN (2 * TOKEN_R + 1, (CELL_W - 6 - 2 * TOKEN_R) / (n - 1)) : 0;
  for (int i = n - 1; i >= 0; i--)
    draw_token (self, cr, stack[i], x + 3 + TOKEN_R + i * step, y + CELL_H - TOKEN_R - 4, 1.0);
}

static void
draw_cell (KolMarketView            *self,
           cairo_t                  *cr,
           const KolGameMarketSpace *space,
           int                       row,
           int                       col)
{
  double x = col * CELL_W + 1, y = row * CELL_H + 1;
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 9");
  g_autofree char *price = g_strdup_printf ("%d", space->price);

  cairo_rectangle (cr, x, y, CELL_W, CELL_H);
  set_source (cr, space->color);
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

/* Where a share price would go (a dividend choice the player points at):
 * the space outlined and the company's token there, faint. */
static void
draw_preview (KolMarketView *self,
              cairo_t       *cr)
{
  int corp, row, col;
  double x, y;

  if (!kol_game_market_get_preview (self->market, &corp, &row, &col))
    return;
  x = col * CELL_W + 1;
  y = row * CELL_H + 1;
  cairo_rectangle (cr, x + 1.5, y + 1.5, CELL_W - 3, CELL_H - 3);
  set_source (cr, "#1c71d8");
  cairo_set_line_width (cr, 3.0);
  cairo_stroke (cr);
  draw_token (self, cr, corp, x + CELL_W - TOKEN_R - 4, y + TOKEN_R + 4, 0.6);
}

static void
grid_draw_cb (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  KolMarketView *self = data;
  int rows, cols;

  if (self->market == NULL)
    return;
  rows = kol_game_market_get_n_rows (self->market);
  cols = kol_game_market_get_n_columns (self->market);
  cairo_translate (cr, 0.5, 0.5);  /* crisp one-pixel lines */
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
        KolGameMarketSpace space;

        if (kol_game_market_get_space (self->market, r, c, &space))
          draw_cell (self, cr, &space, r, c);
      }
  draw_preview (self, cr);
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
  if (self->market == NULL ||
      !gtk_widget_translate_coordinates (GTK_WIDGET (self), GTK_WIDGET (self->grid), x, y, &gx, &gy) ||
      gx < 0 || gy < 0)
    return FALSE;
  r = (int) (gy / CELL_H);
  c = (int) (gx / CELL_W);
  if (!space_at (self, r, c, NULL))
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
  if (!space_at (self, row, col, NULL))
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
  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), NULL);
  return self->market != NULL ? kol_game_market_describe_space (self->market, row, col) : NULL;
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

  if (n_press == 1 && x >= 0 && y >= 0 && space_at (self, row, col, NULL))
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, row, col);
}

/* ------------------------------------------------------------- legend */

static void
swatch_draw_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  set_source (cr, g_object_get_data (G_OBJECT (area), "kol-color"));
  cairo_fill_preserve (cr);
  set_source (cr, CELL_LINE);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
add_legend_item (KolMarketView *self,
                 KolGameRow    *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (kol_game_row_get_cell (row, 1));

  g_object_set_data_full (G_OBJECT (swatch), "kol-color", g_strdup (kol_game_row_get_cell (row, 0)), g_free);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 18);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), swatch_draw_cb, NULL, NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (self->legend, box);
}

/* The legend and the heading change only with the title. */
static void
build_legend (KolMarketView *self)
{
  GListModel *legend = kol_game_market_get_legend (self->market);
  const char *heading = kol_game_market_get_heading (self->market);

  kol_panel_clear_box (GTK_WIDGET (self->legend));
  for (guint i = 0; i < g_list_model_get_n_items (legend); i++)
    {
      g_autoptr(KolGameRow) row = g_list_model_get_item (legend, i);

      add_legend_item (self, row);
    }
  gtk_label_set_text (self->heading, heading);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
}

/* ------------------------------------------------------ price moves table */

/* The table's column headings, only above a table. */
static void
moves_heading (KolMarketView *self,
               gboolean       shown)
{
  const char *heads[] = { C_("price moves", "Dividends"), C_("price moves", "Share price marker") };

  for (int i = 0; i < 2; i++)
    {
      GtkWidget *label = gtk_grid_get_child_at (self->moves_table, i, 0);

      if (label != NULL && !shown)
        gtk_grid_remove (self->moves_table, label);
      if (label != NULL || !shown)
        continue;
      label = gtk_label_new (heads[i]);
      gtk_label_set_xalign (GTK_LABEL (label), i == 0 ? 1.0 : 0.0);
      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (self->moves_table, label, i, 0, 1, 1);
    }
}

static void
moves_changed (KolMarketView *self)
{
  guint n = g_list_model_get_n_items (kol_game_market_get_price_moves (self->market));

  moves_heading (self, n > 0);
  gtk_widget_set_visible (self->moves_box, n > 0);
  gtk_label_set_text (self->moves_heading, kol_game_market_get_price_moves_heading (self->market));
}

/* ------------------------------------------------------------- object */

static void
size_grid (KolMarketView *self)
{
  int rows = self->market != NULL ? kol_game_market_get_n_rows (self->market) : 0;
  int cols = self->market != NULL ? kol_game_market_get_n_columns (self->market) : 0;

  gtk_drawing_area_set_content_width (self->grid, (int) (cols * CELL_W) + 3);
  gtk_drawing_area_set_content_height (self->grid, rows > 0 ? (int) (rows * CELL_H) + 3 : 0);
}

/* A price marker moved, or the title is new. */
static void
market_changed (KolMarketView *self)
{
  size_grid (self);
  build_legend (self);
  moves_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->grid));
}

static void
summary_changed (KolMarketView *self)
{
  const char *summary = kol_game_market_get_summary (self->market);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  summary != NULL ? summary : "", -1);
}

static void
preview_changed (KolMarketView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->grid));
}

/**
 * kol_market_view_set_market:
 * @self: a market view
 * @market: (nullable): the market to show (kol_game_get_market())
 *
 * Shows @market and follows it.
 */
void
kol_market_view_set_market (KolMarketView *self,
                            KolGameMarket *market)
{
  g_return_if_fail (KOL_IS_MARKET_VIEW (self));
  g_return_if_fail (market == NULL || KOL_IS_GAME_MARKET (market));

  if (self->market == market)
    return;
  if (self->market != NULL)
    g_signal_handlers_disconnect_by_data (self->market, self);
  kol_panel_rows_bind (self->moves_table, NULL, 1);
  g_set_object (&self->market, market);
  if (market == NULL)
    {
      size_grid (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->grid));
      return;
    }
  g_signal_connect_object (market, "changed", G_CALLBACK (market_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (market, "notify::summary", G_CALLBACK (summary_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (market, "notify::preview", G_CALLBACK (preview_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (kol_game_market_get_price_moves (market), "items-changed", G_CALLBACK (moves_changed),
                           self, G_CONNECT_SWAPPED);
  kol_panel_rows_bind (self->moves_table, kol_game_market_get_price_moves (market), 1);
  market_changed (self);
  summary_changed (self);
}

/**
 * kol_market_view_get_market:
 *
 * Returns: (transfer none) (nullable): the market shown
 */
KolGameMarket *
kol_market_view_get_market (KolMarketView *self)
{
  g_return_val_if_fail (KOL_IS_MARKET_VIEW (self), NULL);
  return self->market;
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
  return self->market != NULL ? g_list_model_get_n_items (kol_game_market_get_price_moves (self->market)) : 0;
}

static void
kol_market_view_dispose (GObject *object)
{
  KolMarketView *self = KOL_MARKET_VIEW (object);

  if (self->market != NULL)
    g_signal_handlers_disconnect_by_data (self->market, self);
  kol_panel_rows_bind (self->moves_table, NULL, 1);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_MARKET_VIEW);

  G_OBJECT_CLASS (kol_market_view_parent_class)->dispose (object);
}

static void
kol_market_view_finalize (GObject *object)
{
  KolMarketView *self = KOL_MARKET_VIEW (object);

  g_clear_object (&self->market);

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
