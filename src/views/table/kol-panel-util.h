/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

/*
 * What the table's panels (charters, players, bank, game over) build in
 * the same way: rows of facts ("Treasury  L.120") bound to a property of
 * a model item, company colour chips, and tables bound to the model's
 * #KolGameRow lists. Not a widget: helpers. The panels read the model
 * only (kol-game.h and its items); everything here takes words the model
 * made.
 */

GtkWidget *kol_panel_fact_new          (GtkGrid        *grid,
                                        int             row,
                                        const char     *term,
                                        gboolean        markup);
void       kol_panel_fact_set_term     (GtkWidget      *value,
                                        const char     *term);
void       kol_panel_fact_single_line  (GtkWidget      *value);
void       kol_panel_bind_fact         (GBindingGroup  *group,
                                        const char     *property,
                                        GtkWidget      *value);
void       kol_panel_bind_nonzero      (GBindingGroup  *group,
                                        const char     *property,
                                        GtkWidget      *value);

GtkWidget *kol_panel_chip_new          (const char     *color,
                                        const char     *text_color,
                                        const char     *label);
void       kol_panel_chip_set          (GtkWidget      *chip,
                                        const char     *color,
                                        const char     *text_color,
                                        const char     *label);
GtkWidget *kol_panel_company_chip_new  (KolGameCompany *company);

void       kol_panel_rows_bind         (GtkGrid        *grid,
                                        GListModel     *rows,
                                        int             first_row);
void       kol_panel_set_css_class     (GtkWidget      *widget,
                                        const char     *css_class,
                                        gboolean        set);
void       kol_panel_clear_box         (GtkWidget      *box);
void       kol_panel_unparent_children (GtkWidget      *widget);

G_END_DECLS
