/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-start-page.h"
#include "kol-title-info.h"
#include "kol-window.h"

/**
 * KolWindow:
 *
 * The main window: a header bar with the primary menu, and a stack of
 * pages, for now the start page. Its size and maximized state are kept in
 * GSettings when the schema is installed.
 */
struct _KolWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;

  GtkStack *main_stack;
  KolStartPage *start_page;
};

G_DEFINE_FINAL_TYPE (KolWindow, kol_window, GTK_TYPE_APPLICATION_WINDOW)

/* The actions of features that have not landed yet. They are real
 * actions, so menus and shortcuts exist, but have no handler and stay
 * disabled (insensitive). The change that implements one gives it a handler
 * in a table of enabled actions instead. */
static const GActionEntry unavailable_actions[] = {
  { .name = "new-game" },
  { .name = "open" },
  { .name = "import-game" },
  { .name = "editor" },
};

/* A missing schema (an uninstalled run outside `meson devenv`) must not
 * abort the app as g_settings_new() would: the size is then not kept. */
static GSettings *
settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, KOL_SETTINGS_SCHEMA_ID, TRUE);
  if (schema == NULL)
    {
      g_message ("GSettings schema %s is not installed; the window size will not be kept",
                 KOL_SETTINGS_SCHEMA_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

static void
restore_window_state (KolWindow *self)
{
  if (self->settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* The default size follows the user's resizing but not maximizing, so it
 * is the size to come back to. */
static void
save_window_state (KolWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static gboolean
kol_window_close_request (GtkWindow *window)
{
  save_window_state (KOL_WINDOW (window));

  return GTK_WINDOW_CLASS (kol_window_parent_class)->close_request (window);
}

static void
kol_window_dispose (GObject *object)
{
  KolWindow *self = KOL_WINDOW (object);

  /* No gtk_widget_dispose_template (): GtkWindow unparents its own child,
   * and in GTK 4.8 doing both unparents the stack twice. */
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (kol_window_parent_class)->dispose (object);
}

static void
kol_window_class_init (KolWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kol_window_dispose;
  window_class->close_request = kol_window_close_request;

  g_type_ensure (KOL_TYPE_START_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KolWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, start_page);
}

static void
add_actions (KolWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), unavailable_actions,
                                   G_N_ELEMENTS (unavailable_actions), self);

  for (gsize i = 0; i < G_N_ELEMENTS (unavailable_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self),
                                                    unavailable_actions[i].name);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), FALSE);
    }
}

static void
kol_window_init (KolWindow *self)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  gtk_widget_init_template (GTK_WIDGET (self));
  add_actions (self);

  self->settings = settings_new_if_installed ();
  restore_window_state (self);

  kol_start_page_set_titles (self->start_page, titles);
}

/**
 * kol_window_new:
 * @application: the application the window belongs to
 *
 * Returns: (transfer none): a new main window, owned by @application
 */
KolWindow *
kol_window_new (KolApplication *application)
{
  g_return_val_if_fail (KOL_IS_APPLICATION (application), NULL);

  return g_object_new (KOL_TYPE_WINDOW, "application", application, NULL);
}
