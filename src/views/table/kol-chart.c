/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kol-chart.h"

/**
 * KolChart:
 *
 * A line chart; see kol-chart.h. Everything is drawn in snapshot() on one
 * cairo node: title, y ticks, markers, lines and the legend.
 */

#define PAD       8.0
#define TICK_GAP  6.0
#define SWATCH   12.0

typedef struct
{
  char    *name;
  GdkRGBA  color;
} Series;

struct _KolChart
{
  GtkWidget parent_instance;

  char    *title;
  KolChartFormatFunc format;   /* the labels' words for values, or NULL */
  gpointer format_data;
  GDestroyNotify format_destroy;
  double   x_max;         /* 0: the largest x */
  GArray  *x;             /* double */
  GArray  *series;        /* Series */
  GArray  *values;        /* double, n_series × n_points */
  GArray  *marker_x;      /* double */
  GPtrArray *marker_labels;
};

G_DEFINE_FINAL_TYPE (KolChart, kol_chart, GTK_TYPE_WIDGET)

static void
series_clear (Series *series)
{
  g_clear_pointer (&series->name, g_free);
}

/* @amount as the chart's labels say it. */
static char *
format_value (KolChart *self,
              double    amount)
{
  long rounded = lround (amount);
  int v = (int) CLAMP (rounded, -G_MAXINT, G_MAXINT);

  if (self->format == NULL)
    return g_strdup_printf ("%d", v);
  return self->format (v, self->format_data);
}

static void
clear_format (KolChart *self)
{
  if (self->format_destroy != NULL)
    self->format_destroy (self->format_data);
  self->format = NULL;
  self->format_data = NULL;
  self->format_destroy = NULL;
}

/* A tick step of 1, 2 or 5 × 10^k giving about @n ticks over @range. */
static double
nice_step (double range,
           int    n)
{
  double raw = range / MAX (n, 1);
  double mag = pow (10, floor (log10 (MAX (raw, 1e-9))));
  double f = raw / mag;

  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

static void
value_range (KolChart *self,
             double   *lo,
             double   *hi)
{
  *lo = 0;
  *hi = 0;
  for (guint i = 0; i < self->values->len; i++)
    {
      double v = g_array_index (self->values, double, i);

      if (isnan (v))
        continue;
      *lo = MIN (*lo, v);
      *hi = MAX (*hi, v);
    }
  if (*hi - *lo < 1)
    *hi = *lo + 1;
}

static double
x_extent (KolChart *self)
{
  double max = self->x_max;

  for (guint i = 0; i < self->x->len; i++)
    max = MAX (max, g_array_index (self->x, double, i));
  return MAX (max, 1);
}

typedef struct
{
  double left, top, width, height;   /* the plot area */
  double lo, hi, step;               /* y range and tick step */
  double x_max;
} Frame;

static double
to_x (const Frame *f,
      double       x)
{
  return f->left + x / f->x_max * f->width;
}

static double
to_y (const Frame *f,
      double       v)
{
  return f->top + f->height - (v - f->lo) / (f->hi - f->lo) * f->height;
}

static void
text_size (PangoLayout *layout,
           const char  *text,
           int         *w,
           int         *h)
{
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, w, h);
}

/* Rows the legend needs in @width. */
static int
legend_rows (KolChart    *self,
             PangoLayout *layout,
             double       width)
{
  double x = 0;
  int rows = self->series->len > 0 ? 1 : 0, w, h;

  for (guint i = 0; i < self->series->len; i++)
    {
      double item;

      text_size (layout, g_array_index (self->series, Series, i).name, &w, &h);
      item = SWATCH + 4 + w + 14;
      if (x > 0 && x + item > width)
        {
          rows++;
          x = 0;
        }
      x += item;
    }
  return rows;
}

static void
draw_legend (KolChart      *self,
             cairo_t       *cr,
             PangoLayout   *layout,
             const GdkRGBA *ink,
             double         top,
             double         width,
             int            line_h)
{
  double x = PAD, y = top;
  int w, h;

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *s = &g_array_index (self->series, Series, i);
      double item;

      text_size (layout, s->name, &w, &h);
      item = SWATCH + 4 + w + 14;
      if (x > PAD && x + item > width)
        {
          x = PAD;
          y += line_h;
        }
      gdk_cairo_set_source_rgba (cr, &s->color);
      cairo_rectangle (cr, x, y + (line_h - SWATCH) / 2, SWATCH, SWATCH);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      gdk_cairo_set_source_rgba (cr, ink);
      cairo_move_to (cr, x + SWATCH + 4, y + (line_h - h) / 2.0);
      pango_cairo_show_layout (cr, layout);
      x += item;
    }
}

static void
draw_axes (KolChart      *self,
           cairo_t       *cr,
           PangoLayout   *layout,
           const Frame   *f,
           const GdkRGBA *ink)
{
  int w, h;

  cairo_set_line_width (cr, 1);
  for (double v = ceil (f->lo / f->step) * f->step; v <= f->hi + 1e-6; v += f->step)
    {
      g_autofree char *label = format_value (self, v);
      double y = round (to_y (f, v)) + 0.5;

      cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, fabs (v) < 1e-6 ? 0.6 : 0.15);
      cairo_move_to (cr, f->left, y);
      cairo_line_to (cr, f->left + f->width, y);
      cairo_stroke (cr);
      text_size (layout, label, &w, &h);
      gdk_cairo_set_source_rgba (cr, ink);
      cairo_move_to (cr, f->left - TICK_GAP - w, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
draw_markers (KolChart      *self,
              cairo_t       *cr,
              PangoLayout   *layout,
              const Frame   *f,
              const GdkRGBA *ink)
{
  double free_from = -G_MAXDOUBLE;
  static const double dash[] = { 3, 3 };
  int w, h;

  for (guint i = 0; i < self->marker_x->len; i++)
    {
      double x = round (to_x (f, g_array_index (self->marker_x, double, i))) + 0.5;
      const char *label = g_ptr_array_index (self->marker_labels, i);

      cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, 0.18);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->top + f->height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      /* labels only where they do not run into the previous one */
      text_size (layout, label, &w, &h);
      if (x - w / 2.0 < free_from || x + w / 2.0 > f->left + f->width + PAD)
        continue;
      gdk_cairo_set_source_rgba (cr, ink);
      cairo_move_to (cr, x - w / 2.0, f->top + f->height + 3);
      pango_cairo_show_layout (cr, layout);
      free_from = x + w / 2.0 + 6;
    }
}

static void
draw_series (KolChart    *self,
             cairo_t     *cr,
             const Frame *f)
{
  guint n = self->x->len;

  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = &g_array_index (self->series, Series, s);
      gboolean pen_down = FALSE;

      gdk_cairo_set_source_rgba (cr, &series->color);
      for (guint i = 0; i < n; i++)
        {
          double v = g_array_index (self->values, double, s * n + i);
          double x = to_x (f, g_array_index (self->x, double, i));

          if (isnan (v))
            {
              pen_down = FALSE;
              continue;
            }
          if (pen_down)
            cairo_line_to (cr, x, to_y (f, v));
          else
            cairo_move_to (cr, x, to_y (f, v));
          pen_down = TRUE;
        }
      cairo_stroke (cr);
    }
}

static void
kol_chart_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  KolChart *self = KOL_CHART (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  g_autoptr(PangoLayout) title = gtk_widget_create_pango_layout (widget, NULL);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", self->title != NULL ? self->title : "");
  g_autofree char *widest = NULL;
  cairo_t *cr;
  GdkRGBA ink;
  Frame f;
  int w, h, title_h, line_h, rows;

  if (width < 40 || height < 40)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &ink);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  pango_layout_set_markup (title, markup, -1);
  pango_layout_get_pixel_size (title, &w, &title_h);
  text_size (layout, "Mg", &w, &line_h);
  value_range (self, &f.lo, &f.hi);
  f.step = nice_step (f.hi - f.lo, 5);
  f.lo = floor (f.lo / f.step) * f.step;
  f.hi = ceil (f.hi / f.step) * f.step;
  widest = format_value (self, fabs (f.hi) > fabs (f.lo) ? f.hi : f.lo);
  text_size (layout, widest, &w, &h);
  rows = legend_rows (self, layout, width - 2 * PAD);
  f.left = PAD + w + TICK_GAP;
  f.top = PAD + title_h + PAD;
  f.width = MAX (10, width - f.left - 2 * PAD);
  f.height = MAX (10, height - f.top - PAD - line_h - 6 - rows * (line_h + 4) - PAD);
  f.x_max = x_extent (self);

  gdk_cairo_set_source_rgba (cr, &ink);
  cairo_move_to (cr, PAD, PAD);
  pango_cairo_show_layout (cr, title);
  draw_axes (self, cr, layout, &f, &ink);
  draw_markers (self, cr, layout, &f, &ink);
  draw_series (self, cr, &f);
  draw_legend (self, cr, layout, &ink, f.top + f.height + line_h + 10, width - PAD, line_h + 4);
  cairo_destroy (cr);
}

static void
kol_chart_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 200;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 560 : 320;
}

static void
update_description (KolChart *self)
{
  g_autoptr(GString) text = g_string_new (self->title);

  for (guint i = 0; i < self->series->len; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? ": " : ", ", g_array_index (self->series, Series, i).name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str, -1);
}

static void
kol_chart_finalize (GObject *object)
{
  KolChart *self = KOL_CHART (object);

  g_free (self->title);
  clear_format (self);
  g_array_unref (self->x);
  g_array_unref (self->series);
  g_array_unref (self->values);
  g_array_unref (self->marker_x);
  g_ptr_array_unref (self->marker_labels);
  G_OBJECT_CLASS (kol_chart_parent_class)->finalize (object);
}

static void
kol_chart_class_init (KolChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = kol_chart_finalize;
  widget_class->snapshot = kol_chart_snapshot;
  widget_class->measure = kol_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "kol-chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
kol_chart_init (KolChart *self)
{
  self->x = g_array_new (FALSE, FALSE, sizeof (double));
  self->series = g_array_new (FALSE, FALSE, sizeof (Series));
  g_array_set_clear_func (self->series, (GDestroyNotify) series_clear);
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->marker_x = g_array_new (FALSE, FALSE, sizeof (double));
  self->marker_labels = g_ptr_array_new_with_free_func (g_free);
}

/**
 * kol_chart_new:
 *
 * Returns: (transfer floating): an empty chart
 */
GtkWidget *
kol_chart_new (void)
{
  return g_object_new (KOL_TYPE_CHART, NULL);
}

/**
 * kol_chart_set_title:
 * @self: a chart
 * @title: its heading
 */
void
kol_chart_set_title (KolChart   *self,
                     const char *title)
{
  g_return_if_fail (KOL_IS_CHART (self));
  g_free (self->title);
  self->title = g_strdup (title);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_chart_set_format:
 * @self: a chart
 * @format: (nullable): how values read (money, from the model); %NULL for
 *   plain numbers
 * @user_data: data for @format
 * @destroy: (nullable): frees @user_data
 */
void
kol_chart_set_format (KolChart           *self,
                      KolChartFormatFunc  format,
                      gpointer            user_data,
                      GDestroyNotify      destroy)
{
  g_return_if_fail (KOL_IS_CHART (self));
  clear_format (self);
  self->format = format;
  self->format_data = user_data;
  self->format_destroy = destroy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_chart_set_data:
 * @self: a chart
 * @n_points: points per series
 * @x: (array length=n_points): their x values, increasing
 * @n_series: how many series
 * @names: (array length=n_series): their names for the legend
 * @colors: (array length=n_series): their colours ("#rrggbb")
 * @values: (array): @n_series rows of @n_points values; NAN where a series
 *   has no value
 *
 * Replaces what the chart shows.
 */
void
kol_chart_set_data (KolChart           *self,
                    guint               n_points,
                    const double       *x,
                    guint               n_series,
                    const char * const *names,
                    const char * const *colors,
                    const double       *values)
{
  g_return_if_fail (KOL_IS_CHART (self));
  g_return_if_fail (n_points == 0 || x != NULL);
  g_return_if_fail (n_series == 0 || (names != NULL && colors != NULL && (n_points == 0 || values != NULL)));

  g_array_set_size (self->x, 0);
  g_array_append_vals (self->x, x, n_points);
  g_array_set_size (self->series, 0);
  for (guint i = 0; i < n_series; i++)
    {
      Series s = { g_strdup (names[i]), { 0.5, 0.5, 0.5, 1 } };

      if (colors[i] != NULL)
        gdk_rgba_parse (&s.color, colors[i]);
      g_array_append_val (self->series, s);
    }
  g_array_set_size (self->values, 0);
  g_array_append_vals (self->values, values, n_series * n_points);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_chart_set_markers:
 * @self: a chart
 * @n_markers: how many
 * @x: (array length=n_markers): where, on the x axis
 * @labels: (array length=n_markers): their labels
 *
 * Vertical lines across the plot (the starts of rounds).
 */
void
kol_chart_set_markers (KolChart           *self,
                       guint               n_markers,
                       const double       *x,
                       const char * const *labels)
{
  g_return_if_fail (KOL_IS_CHART (self));
  g_array_set_size (self->marker_x, 0);
  g_array_append_vals (self->marker_x, x, n_markers);
  g_ptr_array_set_size (self->marker_labels, 0);
  for (guint i = 0; i < n_markers; i++)
    g_ptr_array_add (self->marker_labels, g_strdup (labels[i]));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * kol_chart_set_x_range:
 * @self: a chart
 * @x_max: the right end of the x axis (0: the last point)
 */
void
kol_chart_set_x_range (KolChart *self,
                       double    x_max)
{
  g_return_if_fail (KOL_IS_CHART (self));
  self->x_max = x_max;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
kol_chart_get_n_series (KolChart *self)
{
  g_return_val_if_fail (KOL_IS_CHART (self), 0);
  return self->series->len;
}

guint
kol_chart_get_n_points (KolChart *self)
{
  g_return_val_if_fail (KOL_IS_CHART (self), 0);
  return self->x->len;
}
