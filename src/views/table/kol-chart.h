/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * A line chart drawn with cairo: series of values over a shared x axis
 * (the number of actions played), with a y axis of money ticks, vertical
 * markers with labels (round starts), and a legend. Missing values (NAN)
 * break a line. Not bound to a game: the game-over view fills it.
 */

#define KOL_TYPE_CHART (kol_chart_get_type ())

G_DECLARE_FINAL_TYPE (KolChart, kol_chart, KOL, CHART, GtkWidget)

/**
 * KolChartFormatFunc:
 * @value: a value of the chart
 * @user_data: the data given with the function
 *
 * Returns: (transfer full): @value as the chart's labels say it
 *   ("L.750", the model's money)
 */
typedef char *(*KolChartFormatFunc) (int      value,
                                     gpointer user_data);

GtkWidget *kol_chart_new           (void);
void       kol_chart_set_title     (KolChart           *self,
                                    const char         *title);
void       kol_chart_set_format    (KolChart           *self,
                                    KolChartFormatFunc  format,
                                    gpointer            user_data,
                                    GDestroyNotify      destroy);
void       kol_chart_set_data      (KolChart           *self,
                                    guint               n_points,
                                    const double       *x,
                                    guint               n_series,
                                    const char * const *names,
                                    const char * const *colors,
                                    const double       *values);
void       kol_chart_set_markers   (KolChart           *self,
                                    guint               n_markers,
                                    const double       *x,
                                    const char * const *labels);
void       kol_chart_set_x_range   (KolChart           *self,
                                    double              x_max);
guint      kol_chart_get_n_series  (KolChart           *self);
guint      kol_chart_get_n_points  (KolChart           *self);

G_END_DECLS
