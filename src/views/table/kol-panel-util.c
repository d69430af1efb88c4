/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-panel-util.h"

/* ------------------------------------------------------------------ facts */

static GtkWidget *
fact_label (const char *text,
            gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/**
 * kol_panel_fact_new:
 * @grid: a grid of facts
 * @row: the row to fill
 * @term: what the fact is ("Treasury")
 * @markup: whether the value will be Pango markup
 *
 * A row "term  value" of @grid; the term follows the value's visibility
 * and labels it for accessibility.
 *
 * Returns: (transfer none): the value's label
 */
GtkWidget *
kol_panel_fact_new (GtkGrid    *grid,
                    int         row,
                    const char *term,
                    gboolean    markup)
{
  GtkWidget *name = fact_label (term, TRUE);
  GtkWidget *value = fact_label (NULL, FALSE);

  gtk_label_set_use_markup (GTK_LABEL (value), markup);
  gtk_widget_set_valign (name, GTK_ALIGN_START);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL, -1);
  g_object_bind_property (value, "visible", name, "visible", G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (value), "kol-term", name);
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_grid_attach (grid, value, 1, row, 1, 1);
  return value;
}

/**
 * kol_panel_fact_set_term:
 * @value: a fact's value (kol_panel_fact_new())
 * @term: what the fact is, in the title's words
 */
void
kol_panel_fact_set_term (GtkWidget  *value,
                         const char *term)
{
  GtkWidget *name = g_object_get_data (G_OBJECT (value), "kol-term");

  g_return_if_fail (GTK_IS_LABEL (name));
  gtk_label_set_text (GTK_LABEL (name), term != NULL ? term : "");
}

/**
 * kol_panel_fact_single_line:
 * @value: a fact's value (kol_panel_fact_new())
 *
 * Keeps the fact to one line (its height does not depend on the width it
 * gets): a long value is ellipsized and shown whole in its tooltip.
 */
void
kol_panel_fact_single_line (GtkWidget *value)
{
  GtkWidget *name = g_object_get_data (G_OBJECT (value), "kol-term");

  gtk_label_set_wrap (GTK_LABEL (value), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (value), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (value), -1);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_label_set_wrap (GTK_LABEL (name), FALSE);
  g_object_bind_property (value, "label", value,
                          gtk_label_get_use_markup (GTK_LABEL (value)) ? "tooltip-markup" : "tooltip-text",
                          G_BINDING_SYNC_CREATE);
}

static gboolean
string_set (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      data)
{
  const char *text = g_value_get_string (from);

  g_value_set_boolean (to, text != NULL && *text != '\0');
  return TRUE;
}

/**
 * kol_panel_bind_fact:
 * @group: the bindings to a model item
 * @property: a string property of the item, %NULL when there is nothing
 *   to say
 * @value: a fact's value (kol_panel_fact_new())
 *
 * The fact shows @property, and only when it has a value.
 */
void
kol_panel_bind_fact (GBindingGroup *group,
                     const char    *property,
                     GtkWidget     *value)
{
  g_binding_group_bind (group, property, value, "label", G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (group, property, value, "visible", G_BINDING_SYNC_CREATE, string_set, NULL, NULL,
                             NULL);
}

static gboolean
int_text (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      data)
{
  g_value_take_string (to, g_strdup_printf ("%d", g_value_get_int (from)));
  return TRUE;
}

static gboolean
int_nonzero (GBinding     *binding,
             const GValue *from,
             GValue       *to,
             gpointer      data)
{
  g_value_set_boolean (to, g_value_get_int (from) != 0);
  return TRUE;
}

/**
 * kol_panel_bind_nonzero:
 * @group: the bindings to a model item
 * @property: an int property of the item
 * @value: a fact's value
 *
 * The fact shows the number, and only when it is not 0 (loans, bonds).
 */
void
kol_panel_bind_nonzero (GBindingGroup *group,
                        const char    *property,
                        GtkWidget     *value)
{
  g_binding_group_bind_full (group, property, value, "label", G_BINDING_SYNC_CREATE, int_text, NULL, NULL, NULL);
  g_binding_group_bind_full (group, property, value, "visible", G_BINDING_SYNC_CREATE, int_nonzero, NULL, NULL,
                             NULL);
}

/**
 * kol_panel_set_css_class:
 *
 * Adds @css_class to @widget or takes it off.
 */
void
kol_panel_set_css_class (GtkWidget  *widget,
                         const char *css_class,
                         gboolean    set)
{
  if (set)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* ------------------------------------------------------------- tables */

/* A table row of the model: its cells as labels of the grid, following
 * the row's cells and whether it is the current one. */
static void
row_changed (KolGameRow *row,
             GParamSpec *pspec,
             GtkWidget  *first)
{
  GtkWidget *cell = first;

  for (guint i = 0; cell != NULL && g_object_get_data (G_OBJECT (cell), "kol-row") == row; i++)
    {
      const char *text = kol_game_row_get_cell (row, i);

      if (kol_game_row_get_markup (row))
        gtk_label_set_markup (GTK_LABEL (cell), text != NULL ? text : "");
      else
        gtk_label_set_text (GTK_LABEL (cell), text != NULL ? text : "");
      kol_panel_set_css_class (cell, "kol-current", kol_game_row_get_current (row));
      gtk_widget_set_tooltip_text (cell, kol_game_row_get_tooltip (row));
      cell = gtk_widget_get_next_sibling (cell);
    }
}

static void
attach_row (GtkGrid    *grid,
            KolGameRow *row,
            int         at)
{
  guint n = g_strv_length ((char **) kol_game_row_get_cells (row));
  GtkWidget *first = NULL;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      g_object_set_data_full (G_OBJECT (label), "kol-row", g_object_ref (row), g_object_unref);
      gtk_grid_attach (grid, label, (int) i, at, 1, 1);
      if (first == NULL)
        first = label;
    }
  if (first == NULL)
    return;
  row_changed (row, NULL, first);
  g_signal_connect_object (row, "notify", G_CALLBACK (row_changed), first, 0);
}

static void
rows_changed (GListModel *rows,
              guint       position,
              guint       removed,
              guint       added,
              GtkGrid    *grid)
{
  int first_row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (grid), "kol-first-row"));

  for (guint i = 0; i < removed; i++)
    gtk_grid_remove_row (grid, first_row + (int) position);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(KolGameRow) row = g_list_model_get_item (rows, position + i);

      gtk_grid_insert_row (grid, first_row + (int) (position + i));
      attach_row (grid, row, first_row + (int) (position + i));
    }
}

/**
 * kol_panel_rows_bind:
 * @grid: a grid
 * @rows: (nullable): a #KolGameRow list of the model, %NULL to unbind
 * @first_row: the grid's row of the list's first row (rows above it are
 *   the table's heading)
 *
 * Keeps the rows of @grid from @first_row on those of @rows: a row whose
 * cells change updates its labels; the grid changes rows only when the
 * list does.
 */
void
kol_panel_rows_bind (GtkGrid    *grid,
                     GListModel *rows,
                     int         first_row)
{
  GListModel *bound = g_object_get_data (G_OBJECT (grid), "kol-rows");

  if (bound != NULL)
    {
      rows_changed (bound, 0, g_list_model_get_n_items (bound), 0, grid);
      g_signal_handlers_disconnect_by_data (bound, grid);
    }
  g_object_set_data_full (G_OBJECT (grid), "kol-rows", rows != NULL ? g_object_ref (rows) : NULL,
                          g_object_unref);
  g_object_set_data (G_OBJECT (grid), "kol-first-row", GINT_TO_POINTER (first_row));
  if (rows == NULL)
    return;
  g_signal_connect_object (rows, "items-changed", G_CALLBACK (rows_changed), grid, 0);
  rows_changed (rows, 0, 0, g_list_model_get_n_items (rows), grid);
}

/* ------------------------------------------------------------------ chips */

typedef struct
{
  GdkRGBA fill;
  GdkRGBA ink;
  char   *label;
} Chip;

static void
chip_free (Chip *chip)
{
  g_free (chip->label);
  g_free (chip);
}

static void
draw_chip (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  Chip *chip = data;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", chip->label);
  double r = MIN (6.0, height / 2.0);
  int w, h;

  cairo_new_sub_path (cr);
  cairo_arc (cr, width - r - 0.5, r + 0.5, r, -G_PI / 2, 0);
  cairo_arc (cr, width - r - 0.5, height - r - 0.5, r, 0, G_PI / 2);
  cairo_arc (cr, r + 0.5, height - r - 0.5, r, G_PI / 2, G_PI);
  cairo_arc (cr, r + 0.5, r + 0.5, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, &chip->fill);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  gdk_cairo_set_source_rgba (cr, &chip->ink);
  cairo_move_to (cr, (width - w) / 2.0, (height - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
parse_color (GdkRGBA    *out,
             const char *spec,
             const char *fallback)
{
  if (spec == NULL || !gdk_rgba_parse (out, spec))
    gdk_rgba_parse (out, fallback);
}

/**
 * kol_panel_chip_set:
 * @chip: a chip made by kol_panel_chip_new()
 * @color: (nullable): its fill, "#rrggbb" or a colour name
 * @text_color: (nullable): its ink
 * @label: a short text (a company id)
 */
void
kol_panel_chip_set (GtkWidget  *chip,
                    const char *color,
                    const char *text_color,
                    const char *label)
{
  Chip *data = g_object_get_data (G_OBJECT (chip), "kol-chip");
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *markup = NULL;
  int w, h;

  g_return_if_fail (data != NULL);
  parse_color (&data->fill, color, "#9a9a9a");
  /* without a text colour: black or white, whichever reads on the fill */
  if (text_color == NULL || !gdk_rgba_parse (&data->ink, text_color))
    {
      double luma = 0.299 * data->fill.red + 0.587 * data->fill.green + 0.114 * data->fill.blue;

      gdk_rgba_parse (&data->ink, luma > 0.6 ? "#000000" : "#ffffff");
    }
  g_free (data->label);
  data->label = g_strdup (label != NULL ? label : "");
  markup = g_markup_printf_escaped ("<b>%s</b>", data->label);
  layout = gtk_widget_create_pango_layout (chip, NULL);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_widget_set_size_request (chip, MAX (w + 12, 28), h + 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  data->label, -1);
  gtk_widget_queue_draw (chip);
}

/**
 * kol_panel_company_chip_new:
 * @company: a company of the game
 *
 * Returns: (transfer floating): a chip in the company's colours with its
 *   id (a private's short name)
 */
GtkWidget *
kol_panel_company_chip_new (KolGameCompany *company)
{
  gboolean private = kol_game_company_get_kind (company) == KOL_GAME_COMPANY_PRIVATE;

  return kol_panel_chip_new (private ? "#e8e4d8" : kol_game_company_get_color (company),
                             private ? "#202020" : kol_game_company_get_text_color (company),
                             private ? kol_game_company_get_short_name (company)
                                     : kol_game_company_get_id (company));
}

/**
 * kol_panel_chip_new:
 * @color: (nullable): its fill
 * @text_color: (nullable): its ink
 * @label: a short text
 *
 * A label on a rounded patch of a company's colour, like its token.
 *
 * Returns: (transfer floating): the chip
 */
GtkWidget *
kol_panel_chip_new (const char *color,
                    const char *text_color,
                    const char *label)
{
  GtkWidget *chip = g_object_new (GTK_TYPE_DRAWING_AREA,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                  "valign", GTK_ALIGN_CENTER,
                                  "halign", GTK_ALIGN_START,
                                  NULL);
  Chip *data = g_new0 (Chip, 1);

  g_object_set_data_full (G_OBJECT (chip), "kol-chip", data, (GDestroyNotify) chip_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (chip), draw_chip, data, NULL);
  kol_panel_chip_set (chip, color, text_color, label);
  return chip;
}

/**
 * kol_panel_clear_box:
 * @box: a #GtkBox, #GtkFlowBox or #GtkGrid
 *
 * Removes every child.
 */
void
kol_panel_clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_BOX (box))
        gtk_box_remove (GTK_BOX (box), child);
      else if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_GRID (box))
        gtk_grid_remove (GTK_GRID (box), child);
      else
        gtk_widget_unparent (child);
    }
}

/**
 * kol_panel_unparent_children:
 * @widget: a widget
 *
 * Unparents every child, for dispose().
 */
void
kol_panel_unparent_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
