/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-start-page.h"
#include "kol-title-info.h"
#include "kol-title-row.h"
#include "ui-test-utils.h"

static KolTitleInfo *
title_new (const char *id,
           const char *name,
           const char *designer,
           guint       min,
           guint       max)
{
  return g_object_new (KOL_TYPE_TITLE_INFO,
                       "id", id, "name", name, "designer", designer,
                       "min-players", min, "max-players", max,
                       NULL);
}

static const char *
visible_page (KolStartPage *page)
{
  GtkWidget *stack = kol_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_STACK);

  g_assert_nonnull (stack);
  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static guint
count_rows (KolStartPage *page)
{
  GtkWidget *list = kol_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_BOX);
  guint n = 0;

  g_assert_nonnull (list);
  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), n) != NULL)
    n++;
  return n;
}

/* With no titles the page says so; it follows the model as it changes. */
static void
test_empty_and_filled (void)
{
  KolStartPage *page = g_object_ref_sink (KOL_START_PAGE (kol_start_page_new ()));
  g_autoptr(GListStore) store = g_list_store_new (KOL_TYPE_TITLE_INFO);
  g_autoptr(KolTitleInfo) a = title_new ("a", "Alpha", "Ann", 2, 4);
  g_autoptr(KolTitleInfo) b = title_new ("b", "Beta", "", 3, 3);

  g_assert_cmpstr (visible_page (page), ==, "empty");

  kol_start_page_set_titles (page, G_LIST_MODEL (store));
  g_assert_true (kol_start_page_get_titles (page) == G_LIST_MODEL (store));
  g_assert_cmpstr (visible_page (page), ==, "empty");
  g_assert_cmpuint (count_rows (page), ==, 0);

  g_list_store_append (store, a);
  g_list_store_append (store, b);
  g_assert_cmpstr (visible_page (page), ==, "titles");
  g_assert_cmpuint (count_rows (page), ==, 2);

  g_list_store_remove_all (store);
  g_assert_cmpstr (visible_page (page), ==, "empty");

  kol_start_page_set_titles (page, NULL);
  g_assert_cmpstr (visible_page (page), ==, "empty");
  g_assert_finalize_object (page);
}

/* A row shows the name, the designer (when known) and the player range. */
static void
test_row_labels (void)
{
  g_autoptr(KolTitleInfo) info = title_new ("a", "Alpha", "Ann Designer", 2, 4);
  g_autoptr(KolTitleInfo) anonymous = title_new ("b", "Beta", "", 3, 3);
  GtkWidget *row = g_object_ref_sink (kol_title_row_new (info));
  GtkWidget *anonymous_row = g_object_ref_sink (kol_title_row_new (anonymous));
  g_autofree char *labels = kol_test_collect_labels (row);
  g_autofree char *anonymous_labels = kol_test_collect_labels (anonymous_row);

  g_assert_true (kol_title_row_get_title_info (KOL_TITLE_ROW (row)) == info);
  g_assert_cmpstr (labels, ==, "Alpha\nDesigned by Ann Designer\n2–4 players\n");
  g_assert_cmpstr (anonymous_labels, ==, "Beta\n3 players\n");

  g_assert_finalize_object (row);
  g_assert_finalize_object (anonymous_row);
}

int
main (int   argc,
      char *argv[])
{
  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/start-page/empty-and-filled", test_empty_and_filled);
  g_test_add_func ("/start-page/row-labels", test_row_labels);

  return g_test_run ();
}
