/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-application.h"
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
  { "win.new-game", FALSE },
  { "win.open", FALSE },
  { "win.import-game", FALSE },
  { "win.editor", FALSE },
  { "win.show-help-overlay", TRUE },
  { "app.about", TRUE },
};

static const struct {
  const char *action;
  const char *accel;
} accels[] = {
  { "win.new-game", "<Control>n" },
  { "win.open", "<Control>o" },
  { "win.show-help-overlay", "<Control>question" },
  { "app.quit", "<Control>q" },
};

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

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
  kol_test_wait_until (is_mapped, window);
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

      if (!menu_actions[i].enabled)
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

static void
test_quit_closes_windows (void)
{
  open_window ();
  open_window ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  kol_test_wait_until (has_no_windows, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  app = kol_application_new (APP_ID ".Test", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/window/menu-actions", test_menu_actions);
  g_test_add_func ("/window/activate-enabled-actions", test_activate_enabled_actions);
  g_test_add_func ("/window/accels", test_accels);
  g_test_add_func ("/window/state-saved", test_window_state_saved);
  g_test_add_func ("/window/quit-closes-windows", test_quit_closes_windows);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
