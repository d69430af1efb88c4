/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean   kol_test_skip_without_display (void);
void       kol_test_wait_until           (gboolean  (*condition) (gpointer data),
                                          gpointer    data);
void       kol_test_iterate              (guint      ms);
gboolean   kol_test_is_mapped            (gpointer   widget);
GtkWidget *kol_test_wait_for_toplevel    (GType      type);
GtkWidget *kol_test_find_action_button   (GtkWidget  *root,
                                          const char *action_name);
GtkWidget *kol_test_find_descendant      (GtkWidget  *root,
                                          GType       type);
char      *kol_test_collect_labels       (GtkWidget  *root);
void       kol_test_assert_boxes_fit     (GtkWidget  *widget,
                                          const char *what);

G_END_DECLS
