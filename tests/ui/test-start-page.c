/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-message-dialog.h"
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
  /* the titles' list, in the stack (the games to resume are above it) */
  GtkWidget *stack = kol_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_STACK);
  GtkWidget *list = kol_test_find_descendant (stack, GTK_TYPE_LIST_BOX);
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
  {
    /* activating a title starts a new game of it */
    GtkWidget *stack = kol_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_STACK);
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (
      GTK_LIST_BOX (kol_test_find_descendant (stack, GTK_TYPE_LIST_BOX)), 1);
    GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));

    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, "win.new-game-for-title");
    g_assert_nonnull (target);
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "b");
  }

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

static GtkWidget *
find_button (GtkWidget *root)
{
  return kol_test_find_action_button (root, "win.resume");
}

/* Every way in is on the page, not only in the menu: a new game (also
 * of each title, see above), opening a save, importing an 18xx.games
 * game, the editor. */
static void
test_ways_in (void)
{
  KolStartPage *page = g_object_ref_sink (KOL_START_PAGE (kol_start_page_new ()));
  static const char *const actions[] = { "win.new-game", "win.open", "win.import-game", "win.editor" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = kol_test_find_action_button (GTK_WIDGET (page), actions[i]);

      g_assert_nonnull (button);
      g_assert_true (gtk_widget_get_visible (button));
      g_assert_true (gtk_button_get_use_underline (GTK_BUTTON (button)));
    }
  g_assert_finalize_object (page);
}

/* Games to resume: shown only when there are some, each a button of
 * win.resume with the file's path. */
static void
test_resumable (void)
{
  KolStartPage *page = g_object_ref_sink (KOL_START_PAGE (kol_start_page_new ()));
  g_autoptr(GFile) file = g_file_new_for_path ("/tmp/some-game.koleya");
  g_autofree char *labels = NULL;
  GtkWidget *button;
  GVariant *target;

  g_assert_cmpuint (kol_start_page_get_n_resumable (page), ==, 0);
  g_assert_null (find_button (GTK_WIDGET (page)));
  kol_start_page_add_resumable (page, file, "Resume the Interrupted Game", "1849 Sicily");
  g_assert_cmpuint (kol_start_page_get_n_resumable (page), ==, 1);
  labels = kol_test_collect_labels (GTK_WIDGET (page));
  g_assert_nonnull (strstr (labels, "Resume the Interrupted Game\n1849 Sicily\n"));
  button = find_button (GTK_WIDGET (page));
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.resume");
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "/tmp/some-game.koleya");

  kol_start_page_clear_resumable (page);
  g_assert_cmpuint (kol_start_page_get_n_resumable (page), ==, 0);
  g_clear_pointer (&labels, g_free);
  labels = kol_test_collect_labels (GTK_WIDGET (page));
  g_assert_null (strstr (labels, "Resume"));
  g_assert_finalize_object (page);
}

/* An error dialog says what happened in words; the
 * file position and the engine's own message are folded into Details. */
static void
test_error_details (void)
{
  KolMessageDialog *plain = kol_message_dialog_new_for_error (NULL, "Heading", "The file is damaged.");
  KolMessageDialog *split = kol_message_dialog_new_for_error (NULL, "Heading",
                                                              "Move 3 is against the rules: too low.\n\n"
                                                              "bid of 3 is too low (line 1, column 144)");

  g_assert_cmpstr (kol_message_dialog_get_body (plain), ==, "The file is damaged.");
  g_assert_cmpstr (kol_message_dialog_get_details (plain), ==, "");
  g_assert_cmpstr (kol_message_dialog_get_body (split), ==, "Move 3 is against the rules: too low.");
  g_assert_cmpstr (kol_message_dialog_get_details (split), ==, "bid of 3 is too low (line 1, column 144)");
  gtk_window_destroy (GTK_WINDOW (plain));
  gtk_window_destroy (GTK_WINDOW (split));
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
  g_test_add_func ("/start-page/resumable", test_resumable);
  g_test_add_func ("/start-page/ways-in", test_ways_in);
  g_test_add_func ("/message-dialog/error-details", test_error_details);

  return g_test_run ();
}
