/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "kol-application.h"
#include "kol-autosave-banner.h"
#include "kol-autosave-row.h"
#include "kol-history.h"
#include "kol-editor-page.h"
#include "kol-message-dialog.h"
#include "kol-new-game-dialog.h"
#include "kol-start-page.h"
#include "kol-title-info.h"
#include "kol-window.h"
#include "ui-test-utils.h"

static KolApplication *app;

/* Every action of the primary menu, and whether it is available yet. The
 * features of the disabled ones have not landed: they must stay
 * insensitive until they do (then this table changes with them). */
static const struct {
  const char *action;
  gboolean enabled;
} menu_actions[] = {
  { "win.new-game", TRUE },
  { "win.open", TRUE },
  { "win.import-game", TRUE },
  /* only with a game on the table */
  { "win.save", FALSE },
  { "win.save-as", FALSE },
  { "win.close-game", FALSE },
  { "win.editor", TRUE },
  { "win.show-help-overlay", TRUE },
  { "app.about", TRUE },
};

static const struct {
  const char *action;
  const char *accel;
} accels[] = {
  { "win.new-game", "<Control>n" },
  { "win.open", "<Control>o" },
  { "win.save", "<Control>s" },
  { "win.save-as", "<Shift><Control>s" },
  { "win.undo", "<Control>z" },
  { "win.redo", "<Shift><Control>z" },
  { "win.zoom-in", "<Control>plus" },
  { "win.zoom-out", "<Control>minus" },
  { "win.zoom-reset", "<Control>0" },
  { "win.show-help-overlay", "<Control>question" },
  { "app.quit", "<Control>q" },
};

static guint
count_visible_toplevels (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint visible = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      visible += gtk_widget_get_visible (window) ? 1 : 0;
    }
  return visible;
}

static gboolean
has_toplevels (gpointer count)
{
  return count_visible_toplevels () == GPOINTER_TO_UINT (count);
}

/* Closes every visible window except @keep, as a user would. */
static void
close_other_windows (GtkWindow *keep)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (window != keep && gtk_widget_get_visible (GTK_WIDGET (window)))
        gtk_window_close (window);
    }
}

static KolWindow *
open_window (void)
{
  KolWindow *window = kol_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  kol_test_wait_until (kol_test_is_mapped, window);
  return window;
}

static gboolean
has_no_windows (gpointer data)
{
  return gtk_application_get_windows (GTK_APPLICATION (app)) == NULL;
}

static void
destroy_window (KolWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  kol_test_wait_until (has_no_windows, NULL);
}

static void
collect_menu_actions (GMenuModel *menu,
                      GPtrArray  *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      char *action = NULL;
      GMenuModel *linked;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (actions, action);
      while (g_menu_link_iter_get_next (links, NULL, &linked))
        {
          collect_menu_actions (linked, actions);
          g_object_unref (linked);
        }
    }
}

static GActionGroup *
group_for (KolWindow   *window,
           const char  *action,
           const char **name)
{
  *name = strchr (action, '.') + 1;
  if (g_str_has_prefix (action, "app."))
    return G_ACTION_GROUP (app);
  g_assert_true (g_str_has_prefix (action, "win."));
  return G_ACTION_GROUP (window);
}

/* The header bar's menu holds exactly the expected actions, with the
 * expected ones disabled. */
static void
test_menu_actions (void)
{
  KolWindow *window = open_window ();
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (window));
  GtkWidget *button = kol_test_find_descendant (titlebar, GTK_TYPE_MENU_BUTTON);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (button);
  collect_menu_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), actions);

  g_assert_cmpuint (actions->len, ==, G_N_ELEMENTS (menu_actions));
  for (guint i = 0; i < G_N_ELEMENTS (menu_actions); i++)
    {
      const char *name;
      GActionGroup *group = group_for (window, menu_actions[i].action, &name);

      g_test_message ("%s", menu_actions[i].action);
      g_assert_cmpstr (g_ptr_array_index (actions, i), ==, menu_actions[i].action);
      g_assert_true (g_action_group_has_action (group, name));
      g_assert_cmpint (g_action_group_get_action_enabled (group, name), ==, menu_actions[i].enabled);
    }
  destroy_window (window);
}

/* Each enabled menu action opens its window, which then closes again. */
static void
test_activate_enabled_actions (void)
{
  KolWindow *window = open_window ();

  for (guint i = 0; i < G_N_ELEMENTS (menu_actions); i++)
    {
      guint before = count_visible_toplevels ();
      const char *name;
      GActionGroup *group = group_for (window, menu_actions[i].action, &name);

      /* the editor is a page of this window, not a window (see below) */
      if (!menu_actions[i].enabled || g_str_equal (menu_actions[i].action, "win.editor"))
        continue;
      g_test_message ("activating %s", menu_actions[i].action);
      g_action_group_activate_action (group, name, NULL);
      kol_test_wait_until (has_toplevels, GUINT_TO_POINTER (before + 1));
      close_other_windows (GTK_WINDOW (window));
      kol_test_wait_until (has_toplevels, GUINT_TO_POINTER (before));
    }
  destroy_window (window);
}

static void
test_accels (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    {
      g_auto(GStrv) set = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                 accels[i].action);

      g_test_message ("%s", accels[i].action);
      g_assert_true (g_strv_contains ((const char * const *) set, accels[i].accel));
    }
}

/* The size comes from GSettings and goes back there when the window closes
 * (GSETTINGS_BACKEND=memory). */
static void
test_window_state_saved (void)
{
  g_autoptr(GSettings) settings = g_settings_new (KOL_SETTINGS_SCHEMA_ID);
  KolWindow *window;
  int width, height;

  g_settings_set_int (settings, "window-width", 777);
  g_settings_set_int (settings, "window-height", 555);
  window = open_window ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 777);
  g_assert_cmpint (height, ==, 555);

  gtk_window_set_default_size (GTK_WINDOW (window), 640, 480);
  gtk_window_close (GTK_WINDOW (window));
  kol_test_wait_until (has_no_windows, NULL);

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 640);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 480);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

static gboolean
window_closed (gpointer data)
{
  return *(KolWindow **) data == NULL;
}

/* win.editor shows the editor page, Back returns to the start page, and
 * closing the window with unsaved edits asks first. */
static void
test_editor_mode (void)
{
  KolWindow *window = open_window ();
  GtkStack *stack = GTK_STACK (kol_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK));
  GtkWidget *page = kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_EDITOR_PAGE);
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), "1849", NULL);
  g_autoptr(GError) error = NULL;
  KolTitleDocument *doc;

  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");
  g_action_group_activate_action (G_ACTION_GROUP (window), "editor", NULL);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "editor");
  g_assert_true (gtk_widget_activate_action (page, "editor.close", NULL));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");

  g_assert_true (kol_editor_page_open (KOL_EDITOR_PAGE (page), dir, &error));
  g_assert_no_error (error);
  doc = kol_editor_page_get_document (KOL_EDITOR_PAGE (page));
  g_assert_true (kol_title_document_set_tile_count (doc, "9", 2, &error));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_nonnull (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_assert_true (kol_title_document_undo (doc));
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  close_other_windows (GTK_WINDOW (window));  /* the question, cancelled */
  gtk_window_close (GTK_WINDOW (window));
  kol_test_wait_until (window_closed, &window);
}

static KolGame *
new_game (const char *title)
{
  static const char *const names[] = { "Anna", "Boris", "Clara", NULL };
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title, NULL);
  g_autoptr(GError) error = NULL;
  KolGame *game = kol_game_new (dir, 3, names, NULL, 5, &error);

  g_assert_no_error (error);
  return game;
}

static void
play_first_legal (KolGame *game)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (legal->len, >, 0);
  g_assert_true (kol_game_apply_action (game, legal->pdata[0], &error));
}

static gboolean
enabled (KolWindow  *window,
         const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), name);
}

static gboolean
game_moved (gpointer data)
{
  return kol_game_get_position (data) > 0;
}

static gboolean
focus_in (KolWindow *window,
          GtkWidget *ancestor)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && gtk_widget_is_ancestor (focus, ancestor);
}

/* The keyboard starts on the action panel's choices;
 * the map takes it by Ctrl+M and the choices by Ctrl+K; Alt+P passes; after
 * a move the focus is on the new choices. */
static void
test_keyboard_start (void)
{
  KolWindow *window = open_window ();
  g_autoptr(KolGame) game = new_game ("1849");
  KolGamePage *page = kol_window_get_game_page (window);
  GtkWidget *panel = GTK_WIDGET (kol_game_page_get_action_panel (page));
  GtkWidget *map = GTK_WIDGET (kol_game_page_get_map_view (page));
  guint position;

  kol_window_show_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (focus_in (window, panel));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.focus-map", NULL));
  g_assert_true (gtk_widget_has_focus (map));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.focus-choices", NULL));
  g_assert_true (focus_in (window, panel));
  position = kol_game_get_position (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "table.pass", NULL));
  kol_test_wait_until (game_moved, game);
  g_assert_cmpuint (kol_game_get_position (game), ==, position + 1);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (focus_in (window, panel));

  kol_game_remove_autosave (game, NULL);
  destroy_window (window);
}

/* A game on the table: the game actions are enabled when they mean
 * something, undo/redo/zoom reach the game and the map, and the game is
 * autosaved. */
static void
test_game_on_table (void)
{
  KolWindow *window = open_window ();
  GtkStack *stack = GTK_STACK (kol_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK));
  g_autoptr(KolGame) game = new_game ("1849");
  KolViewport *viewport;
  double zoom;

  g_assert_false (enabled (window, "save"));
  g_assert_false (enabled (window, "undo"));
  kol_window_show_game (window, game);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");
  g_assert_true (kol_game_page_get_game (kol_window_get_game_page (window)) == game);
  g_assert_nonnull (kol_game_get_autosave_file (game));
  g_assert_true (g_file_query_exists (kol_game_get_autosave_file (game), NULL));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), kol_game_get_title_name (game)));
  g_assert_true (enabled (window, "save"));
  g_assert_true (enabled (window, "save-as"));
  g_assert_true (enabled (window, "close-game"));
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "redo"));

  play_first_legal (game);
  g_assert_true (enabled (window, "undo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (kol_game_get_position (game), ==, 0);
  g_assert_true (enabled (window, "redo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  g_assert_cmpuint (kol_game_get_position (game), ==, 1);

  viewport = kol_map_view_get_viewport (kol_game_page_get_map_view (kol_window_get_game_page (window)));
  zoom = kol_viewport_get_zoom (viewport);
  g_action_group_activate_action (G_ACTION_GROUP (window), "zoom-in", NULL);
  g_assert_cmpfloat (kol_viewport_get_zoom (viewport), >, zoom);

  /* the editor has the keys then */
  g_action_group_activate_action (G_ACTION_GROUP (window), "editor", NULL);
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "save"));
  g_assert_true (gtk_widget_activate_action (kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_EDITOR_PAGE),
                                             "editor.close", NULL));

  kol_game_remove_autosave (game, NULL);
  destroy_window (window);
}

static gboolean
has_interrupted_games (gpointer start)
{
  return kol_start_page_get_n_interrupted (start) >= 1;
}

static gboolean
has_game_on_table (gpointer window)
{
  return kol_game_page_get_game (kol_window_get_game_page (window)) != NULL;
}

static gboolean
counts_frames (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A game is opened in a worker thread: the window
 * shows that it is loading and keeps running its main loop meanwhile;
 * Cancel goes back to the start page and drops the game when it comes. */
static void
test_open_in_thread (void)
{
  KolWindow *window = open_window ();
  GtkStack *stack = GTK_STACK (kol_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK));
  g_autoptr(KolGame) game = new_game ("1840");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("koleya-open-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "open.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  guint ticks = 0, ticker;

  g_assert_no_error (error);
  for (int i = 0; i < 30; i++)
    play_first_legal (game);
  g_assert_true (kol_game_save (game, file, &error));

  ticker = g_timeout_add (1, counts_frames, &ticks);
  g_action_group_activate_action (G_ACTION_GROUP (window), "resume", g_variant_new_string (path));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "loading");
  g_assert_null (kol_game_page_get_game (kol_window_get_game_page (window)));
  kol_test_wait_until (has_game_on_table, window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");
  g_assert_cmpuint (kol_game_get_n_actions (kol_game_page_get_game (kol_window_get_game_page (window))), ==, 30);
  g_assert_cmpuint (ticks, >, 0);
  g_source_remove (ticker);
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");

  /* cancelled: back at the start, and the game never comes */
  g_action_group_activate_action (G_ACTION_GROUP (window), "resume", g_variant_new_string (path));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "loading");
  g_action_group_activate_action (G_ACTION_GROUP (window), "cancel-loading", NULL);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");
  kol_test_iterate (200);
  g_assert_null (kol_game_page_get_game (kol_window_get_game_page (window)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");

  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  destroy_window (window);
}

static KolMessageDialog *
find_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (KOL_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (window))
        return KOL_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Closing a game with moves not saved asks; cancelling keeps it, closing
 * without saving keeps its autosave, which the start page then offers. */
static void
test_close_game_asks (void)
{
  KolWindow *window = open_window ();
  GtkStack *stack = GTK_STACK (kol_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK));
  KolStartPage *start = KOL_START_PAGE (kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_START_PAGE));
  g_autoptr(KolGame) game = new_game ("1840");
  g_autoptr(GFile) autosave = NULL;
  KolMessageDialog *question;

  kol_window_show_game (window, game);
  play_first_legal (game);
  g_assert_true (kol_game_get_modified (game));
  autosave = g_object_ref (kol_game_get_autosave_file (game));

  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  question = find_question ();
  g_assert_nonnull (question);
  kol_message_dialog_respond (question, "cancel");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");

  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  question = find_question ();
  g_assert_nonnull (question);
  kol_message_dialog_respond (question, "discard");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "start");
  g_assert_null (kol_game_page_get_game (kol_window_get_game_page (window)));
  g_assert_true (g_file_query_exists (autosave, NULL));
  kol_test_wait_until (has_interrupted_games, start);

  /* resuming plays on in the same file */
  {
    g_autofree char *path = g_file_get_path (autosave);
    KolGame *resumed;

    g_action_group_activate_action (G_ACTION_GROUP (window), "resume", g_variant_new_string (path));
    kol_test_wait_until (has_game_on_table, window);
    resumed = kol_game_page_get_game (kol_window_get_game_page (window));
    g_assert_nonnull (resumed);
    g_assert_cmpuint (kol_game_get_n_actions (resumed), ==, kol_game_get_n_actions (game));
    g_assert_true (g_file_equal (kol_game_get_autosave_file (resumed), autosave));
    kol_game_remove_autosave (resumed, NULL);
  }
  destroy_window (window);
}

/* Limits the size of the files this process writes, as a full disk would
 * (EFBIG); 0 lifts the limit. */
static void
limit_file_size (rlim_t bytes)
{
  static struct rlimit saved;
  static gboolean limited;
  struct rlimit limit;

  if (bytes > 0)
    {
      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      limit = saved;
      limit.rlim_cur = bytes;
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      limited = TRUE;
    }
  else if (limited)
    {
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      limited = FALSE;
    }
}

/* The autosave fails (a full disk): the table says so in a banner that
 * stays while it lasts, offering Save As; closing never promises a resume
 * that is not on disk; a move that writes again clears it. */
static void
test_autosave_banner (void)
{
  KolWindow *window = open_window ();
  KolAutosaveBanner *banner = KOL_AUTOSAVE_BANNER (kol_test_find_descendant (GTK_WIDGET (window),
                                                                             KOL_TYPE_AUTOSAVE_BANNER));
  g_autoptr(KolGame) game = new_game ("1849");
  g_autofree char *labels = NULL;
  KolMessageDialog *question;

  g_assert_nonnull (banner);
  limit_file_size (16);
  kol_window_show_game (window, game);
  g_assert_true (kol_autosave_banner_is_shown (banner));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (banner)));
  labels = kol_test_collect_labels (GTK_WIDGET (banner));
  g_assert_nonnull (strstr (labels, "File too large"));
  g_assert_nonnull (strstr (labels, "could not be resumed"));

  play_first_legal (game);
  g_assert_true (kol_autosave_banner_is_shown (banner));
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  question = find_question ();
  g_assert_nonnull (question);
  g_assert_null (strstr (kol_message_dialog_get_body (question), "can still be resumed"));
  g_assert_nonnull (strstr (kol_message_dialog_get_body (question), "it is lost"));
  kol_message_dialog_respond (question, "cancel");

  /* room again: the next move writes, and the banner goes */
  limit_file_size (0);
  play_first_legal (game);
  g_assert_false (kol_autosave_banner_is_shown (banner));
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  question = find_question ();
  g_assert_nonnull (question);
  g_assert_nonnull (strstr (kol_message_dialog_get_body (question), "can still be resumed"));
  kol_message_dialog_respond (question, "cancel");

  kol_game_remove_autosave (game, NULL);
  destroy_window (window);
}

static gboolean
has_n_interrupted (gpointer data)
{
  KolStartPage *start = ((gpointer *) data)[0];

  return kol_start_page_get_n_interrupted (start) == GPOINTER_TO_UINT (((gpointer *) data)[1]);
}

static void
wait_for_interrupted (KolStartPage *start,
                      guint         n)
{
  gpointer data[2] = { start, GUINT_TO_POINTER (n) };

  kol_test_wait_until (has_n_interrupted, data);
}

/* The start page lists every interrupted game, a damaged one too, each
 * with its title, players and move, to resume or discard. */
static void
test_interrupted_games (void)
{
  g_autofree char *dir = kol_history_get_autosave_dir ();
  g_autofree char *broken_path = g_build_filename (dir, "1849-20990101-000000-00000000.koleya", NULL);
  g_autoptr(KolGame) first = new_game ("1849");
  g_autoptr(KolGame) second = new_game ("1840");
  g_autoptr(GFile) kept = NULL;
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autofree char *labels = NULL;
  KolWindow *window;
  KolStartPage *start;
  KolMessageDialog *question;
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  /* games other tests interrupted on purpose */
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_assert_true (kol_game_enable_autosave (first, NULL, NULL));
  g_assert_true (kol_game_enable_autosave (second, NULL, NULL));
  play_first_legal (second);
  kept = g_object_ref (kol_game_get_autosave_file (first));
  g_assert_true (g_file_set_contents (broken_path, "{\"format\": \"koleya-save\", \"vers", -1, NULL));

  window = open_window ();
  start = KOL_START_PAGE (kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_START_PAGE));
  wait_for_interrupted (start, 3);
  labels = kol_test_collect_labels (GTK_WIDGET (start));
  g_assert_nonnull (strstr (labels, kol_game_get_title_name (first)));
  g_assert_nonnull (strstr (labels, kol_game_get_title_name (second)));
  g_assert_nonnull (strstr (labels, "Boris"));
  g_assert_nonnull (strstr (labels, "Move 1"));
  g_assert_nonnull (strstr (labels, "damaged"));
  g_assert_nonnull (kol_test_find_descendant (GTK_WIDGET (start), KOL_TYPE_AUTOSAVE_ROW));

  /* discard the damaged one: to the trash, or deleted after asking */
  g_action_group_activate_action (G_ACTION_GROUP (window), "discard-autosave", g_variant_new_string (broken_path));
  if ((question = find_question ()) != NULL)
    kol_message_dialog_respond (question, "delete");
  wait_for_interrupted (start, 2);
  g_assert_false (g_file_query_exists (broken, NULL));

  /* resume the other: the list is read again when it leaves the table */
  {
    g_autofree char *path = g_file_get_path (kept);

    g_action_group_activate_action (G_ACTION_GROUP (window), "resume", g_variant_new_string (path));
    kol_test_wait_until (has_game_on_table, window);
    g_assert_true (g_file_equal (kol_game_get_autosave_file (kol_game_page_get_game (kol_window_get_game_page (window))),
                                 kept));
    g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
    question = find_question ();
    g_assert_nonnull (question);
    kol_message_dialog_respond (question, "discard");
  }
  wait_for_interrupted (start, 2);
  g_assert_true (g_file_query_exists (kept, NULL));
  kol_game_remove_autosave (first, NULL);
  kol_game_remove_autosave (second, NULL);
  destroy_window (window);
}

/* Save writes the file it was saved to before; the game is then not
 * modified and leaves the table without a question. */
static void
test_save (void)
{
  KolWindow *window = open_window ();
  g_autoptr(KolGame) game = new_game ("1849");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("koleya-save-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.koleya", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_no_error (error);
  kol_window_show_game (window, game);
  g_assert_true (kol_game_save (game, file, &error));
  play_first_legal (game);
  g_assert_true (kol_game_get_modified (game));
  g_action_group_activate_action (G_ACTION_GROUP (window), "save", NULL);
  g_assert_false (kol_game_get_modified (game));
  g_action_group_activate_action (G_ACTION_GROUP (window), "close-game", NULL);
  g_assert_null (find_question ());
  g_assert_null (kol_game_page_get_game (kol_window_get_game_page (window)));
  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  destroy_window (window);
}

/* New Game: the dialog starts a game, which goes on the table. */
static void
test_new_game (void)
{
  KolWindow *window = open_window ();
  GtkStack *stack = GTK_STACK (kol_test_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK));
  GtkWidget *dialog = NULL;
  KolGame *game;

  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  kol_new_game_dialog_set_title_id (KOL_NEW_GAME_DIALOG (dialog), "1840");
  kol_new_game_dialog_set_n_players (KOL_NEW_GAME_DIALOG (dialog), 3);
  kol_new_game_dialog_set_seed (KOL_NEW_GAME_DIALOG (dialog), 11);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  game = kol_game_page_get_game (kol_window_get_game_page (window));
  g_assert_nonnull (game);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "game");
  g_assert_cmpstr (kol_game_get_title (game)->id, ==, "1840");
  g_assert_nonnull (kol_game_get_autosave_file (game));
  kol_game_remove_autosave (game, NULL);
  destroy_window (window);
}

static gboolean
game_page_shown (gpointer data)
{
  KolGamePage *page = data;

  return gtk_widget_get_mapped (GTK_WIDGET (page)) && kol_game_page_get_side_width (page) > 0;
}

static gboolean
side_width_is (gpointer data)
{
  KolGamePage *page = ((gpointer *) data)[0];

  return kol_game_page_get_side_width (page) == GPOINTER_TO_INT (((gpointer *) data)[1]);
}

/* The texts of the entries under @root, in order, a line each. */
static void
collect_entries (GtkWidget *root,
                 GString   *out)
{
  if (GTK_IS_ENTRY (root))
    g_string_append_printf (out, "%s\n", gtk_editable_get_text (GTK_EDITABLE (root)));
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_entries (c, out);
}

/* Remembered in GSettings: the players of the last new game of each
 * title, in their seats (the next New Game of that title starts with
 * them), and the side pane's width. */
static void
test_remembered (void)
{
  g_autoptr(GSettings) settings = g_settings_new (KOL_SETTINGS_SCHEMA_ID);
  static const char *const names[] = { "Vera", "Ivan", "Olga" };
  KolWindow *window = open_window ();
  KolGamePage *page = kol_window_get_game_page (window);
  GtkWidget *dialog = NULL;
  g_autoptr(GString) entries = NULL;
  gpointer wanted[2];
  int wider;

  g_settings_set_int (settings, "side-pane-width", 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game-for-title", g_variant_new_string ("1849"));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  kol_new_game_dialog_set_n_players (KOL_NEW_GAME_DIALOG (dialog), 3);
  for (int i = 0; i < 3; i++)
    kol_new_game_dialog_set_player_name (KOL_NEW_GAME_DIALOG (dialog), i, names[i]);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  kol_test_wait_until (game_page_shown, page);
  /* the players widen the side pane */
  wider = kol_game_page_get_side_width (page) + 80;
  kol_game_page_set_side_width (page, wider);
  wanted[0] = page;
  wanted[1] = GINT_TO_POINTER (wider);
  kol_test_wait_until (side_width_is, wanted);
  kol_game_remove_autosave (kol_game_page_get_game (page), NULL);
  gtk_window_close (GTK_WINDOW (window));
  kol_test_wait_until (has_no_windows, NULL);
  g_assert_cmpint (g_settings_get_int (settings, "side-pane-width"), ==, wider);

  /* a new window: the same players in the same seats, the same width */
  window = open_window ();
  page = kol_window_get_game_page (window);
  dialog = NULL;
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game-for-title", g_variant_new_string ("1849"));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  g_assert_cmpint (kol_new_game_dialog_get_n_players (KOL_NEW_GAME_DIALOG (dialog)), ==, 3);
  entries = g_string_new (NULL);
  collect_entries (dialog, entries);
  g_assert_nonnull (strstr (entries->str, "Vera\nIvan\nOlga\n"));
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  {
    g_autoptr(KolGamePlayer) third = g_list_model_get_item (kol_game_get_players (kol_game_page_get_game (page)), 2);

    g_assert_cmpstr (kol_game_player_get_name (third), ==, "Olga");
  }
  wanted[0] = page;
  kol_test_wait_until (side_width_is, wanted);
  kol_game_remove_autosave (kol_game_page_get_game (page), NULL);
  destroy_window (window);
  g_settings_reset (settings, "last-players");
  g_settings_reset (settings, "side-pane-width");
}

/* A title chosen on the start page or the editor's Play: the dialog opens
 * on that title. */
static void
test_new_game_for_title (void)
{
  KolWindow *window = open_window ();
  GtkWidget *dialog = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game-for-title", g_variant_new_string ("1849"));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  g_assert_cmpstr (kol_new_game_dialog_get_title_id (KOL_NEW_GAME_DIALOG (dialog)), ==, "1849");
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game-for-title", g_variant_new_string ("1840"));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  g_assert_cmpstr (kol_new_game_dialog_get_title_id (KOL_NEW_GAME_DIALOG (dialog)), ==, "1840");
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
}

/* A title whose data broke after it was listed: Start says so in words
 * (model/game-ru checks they are the user's); which file and where (a
 * JSON line and column) are details, folded away. */
static void
test_new_game_error_details (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kol-broken-XXXXXX", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "cli", "titles", "twin-valleys", NULL);
  g_autoptr(GListStore) titles = g_list_store_new (KOL_TYPE_TITLE_INFO);
  g_autoptr(KolTitleInfo) info = NULL;
  g_autoptr(GFile) game_json = NULL;
  g_autoptr(GError) error = NULL;
  KolNewGameDialog *dialog;
  const char *details = NULL, *text;

  for (int i = 0; i < 2; i++)
    {
      const char *file = i == 0 ? "game.json" : "map.json";
      g_autofree char *from = g_build_filename (source, file, NULL), *to = g_build_filename (dir, file, NULL);
      g_autofree char *contents = NULL;

      g_assert_true (g_file_get_contents (from, &contents, NULL, NULL));
      g_assert_true (g_file_set_contents (to, contents, -1, NULL));
    }
  game_json = g_file_new_build_filename (dir, "game.json", NULL);
  info = kol_title_info_new_from_file (game_json, &error);
  g_assert_no_error (error);
  g_list_store_append (titles, info);
  {
    g_autofree char *tiles = g_build_filename (dir, "tiles.json", NULL);

    g_assert_true (g_file_set_contents (tiles, "{\n  \"tiles\": [\n", -1, NULL));
  }
  dialog = kol_new_game_dialog_new (NULL, G_LIST_MODEL (titles));
  kol_new_game_dialog_set_title_id (dialog, "twin-valleys");
  g_assert_null (kol_new_game_dialog_get_error (dialog, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));
  text = kol_new_game_dialog_get_error (dialog, &details);
  g_test_message ("%s | %s", text, details);
  g_assert_nonnull (text);
  g_assert_null (strstr (text, "tiles.json"));
  g_assert_false (g_regex_match_simple ("[0-9]+:[0-9]+|\\$\\.", text, 0, 0));
  g_assert_nonnull (strstr (details, "tiles.json"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *path = g_build_filename (dir, i == 0 ? "game.json" : i == 1 ? "map.json" : "tiles.json", NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The panels of a game started from the dialog, after the game went on:
 * nothing runs over what follows it (the bank's "next purchases" ran over
 * its phase table, in Russian). */
static void
test_panels_fit (void)
{
  static const char *const names[] = { "players", "companies", "market", "bank", "log" };
  KolWindow *window = open_window ();
  GtkWidget *dialog = NULL;
  KolGamePage *page = kol_window_get_game_page (window);
  KolGame *game;

  gtk_window_set_default_size (GTK_WINDOW (window), 1440, 900);
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game-for-title", g_variant_new_string ("1849"));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  kol_new_game_dialog_set_seed (KOL_NEW_GAME_DIALOG (dialog), 7);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  game = kol_game_page_get_game (page);
  for (guint i = 0; i < 110 && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

      g_assert_true (kol_game_apply_action (game, legal->pdata[i % legal->len], NULL));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      kol_game_page_show_panel (page, names[i]);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      kol_test_assert_boxes_fit (GTK_WIDGET (page), names[i]);
    }
  kol_game_remove_autosave (game, NULL);
  destroy_window (window);
}

static void
test_quit_closes_windows (void)
{
  open_window ();
  open_window ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  kol_test_wait_until (has_no_windows, NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  int status;

  if (kol_test_skip_without_display ())
    return 0;
  /* a data folder of its own: this test runs in English and in Russian at
   * the same time, and both play with the autosaves */
  data_home = g_dir_make_tmp ("koleya-window-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpstr (g_get_user_data_dir (), ==, data_home);

  app = kol_application_new (APP_ID ".Test", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/window/menu-actions", test_menu_actions);
  g_test_add_func ("/window/activate-enabled-actions", test_activate_enabled_actions);
  g_test_add_func ("/window/accels", test_accels);
  g_test_add_func ("/window/state-saved", test_window_state_saved);
  g_test_add_func ("/window/editor-mode", test_editor_mode);
  g_test_add_func ("/window/game-on-table", test_game_on_table);
  g_test_add_func ("/window/keyboard-start", test_keyboard_start);
  g_test_add_func ("/window/new-game", test_new_game);
  g_test_add_func ("/window/new-game-for-title", test_new_game_for_title);
  g_test_add_func ("/window/new-game-error-details", test_new_game_error_details);
  g_test_add_func ("/window/remembered", test_remembered);
  g_test_add_func ("/window/panels-fit", test_panels_fit);
  g_test_add_func ("/window/close-game-asks", test_close_game_asks);
  g_test_add_func ("/window/save", test_save);
  g_test_add_func ("/window/open-in-thread", test_open_in_thread);
  g_test_add_func ("/window/autosave-banner", test_autosave_banner);
  g_test_add_func ("/window/interrupted-games", test_interrupted_games);
  g_test_add_func ("/window/quit-closes-windows", test_quit_closes_windows);

  status = g_test_run ();
  g_clear_object (&app);
  remove_tree (data_home);
  return status;
}
