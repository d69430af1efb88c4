/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * Controls bound to one value of game.json, for the editor's pages: each
 * shows the value as the document has it (undo included) and changes it
 * under the name given, which Undo shows. Numbers and choices change the
 * document at once; entries when Enter is pressed or the focus leaves
 * them, so that a half-typed id is never written. A control whose value
 * the validation reports is marked (kol_editor_fields_show_issues()).
 */

GtkWidget *kol_editor_field_int       (KolTitleDocument   *doc,
                                       const char         *path,
                                       int                 min,
                                       int                 max,
                                       int                 step,
                                       const char         *label);
GtkWidget *kol_editor_field_int_or    (KolTitleDocument   *doc,
                                       const char         *path,
                                       int                 min,
                                       int                 max,
                                       int                 step,
                                       const char         *word,
                                       const char         *word_label,
                                       const char         *label);
GtkWidget *kol_editor_field_text      (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *language,
                                       const char         *label);
GtkWidget *kol_editor_field_string    (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *label);
GtkWidget *kol_editor_field_choice    (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char * const *values,
                                       const char * const *labels,
                                       const char         *none_label,
                                       const char         *label);
GtkWidget *kol_editor_field_words     (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *label);
GtkWidget *kol_editor_field_numbers   (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *label);
GtkWidget *kol_editor_field_cells     (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *label);
GtkWidget *kol_editor_field_check     (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *text,
                                       const char         *label);
GtkWidget *kol_editor_field_check_default (KolTitleDocument *doc,
                                           const char       *path,
                                           const char       *text,
                                           gboolean          default_value,
                                           const char       *label);
GtkWidget *kol_editor_field_color     (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char         *label);
GtkWidget *kol_editor_field_colors    (KolTitleDocument   *doc,
                                       const char         *path,
                                       const char * const *colors,
                                       const char         *label);

GtkWidget *kol_editor_field_id        (KolTitleDocument   *doc,
                                       const char         *list,
                                       guint               index);
GtkWidget *kol_editor_item_buttons    (KolTitleDocument   *doc,
                                       const char         *list,
                                       guint               index,
                                       guint               n_items);
GStrv      kol_editor_list_ids        (KolTitleDocument   *doc,
                                       const char         *list);

const char *kol_editor_field_get_path (GtkWidget          *field);
void        kol_editor_field_refresh  (GtkWidget          *field);

void        kol_editor_form_add       (GtkGrid            *grid,
                                       int                 row,
                                       const char         *mnemonic,
                                       GtkWidget          *field);
void        kol_editor_fields_set_issues  (KolTitleDocument *doc,
                                           GListModel     *issues);
void        kol_editor_fields_show_issues (GtkWidget      *container,
                                           GListModel     *issues);

G_END_DECLS
