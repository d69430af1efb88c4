/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-editor-page.h"
#include "kol-game-page.h"
#include "kol-start-page.h"
#include "kol-title-info.h"
#include "kol-window.h"
#include "kol-window-private.h"

/**
 * KolWindow:
 *
 * The main window: a header bar with the primary menu, and a stack of
 * pages: the start page, the table of a game (KolGamePage) and the tile and
 * map editor (win.editor). Its size and maximized state, the width of the
 * table's side pane and the players of the last new game of each title
 * are kept in GSettings when the schema is installed. Closing it asks first when the
 * editor has unsaved changes or the game changed since it was saved (the
 * autosave keeps an unsaved game for resuming anyway). The game actions
 * (kol-window-game.c) are enabled only while the table is shown.
 */

G_DEFINE_FINAL_TYPE (KolWindow, kol_window, GTK_TYPE_APPLICATION_WINDOW)

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
  kol_game_page_set_side_width (self->game_page, g_settings_get_int (self->settings, "side-pane-width"));
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
  /* a table never shown leaves the width the players chose last time */
  if (kol_game_page_get_side_width (self->game_page) > 0)
    g_settings_set_int (self->settings, "side-pane-width", kol_game_page_get_side_width (self->game_page));
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  g_settings_apply (self->settings);
}

static void
close_confirmed_cb (KolEditorPage *page,
                    gboolean       proceed,
                    gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);

  if (proceed)
    {
      self->closing_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  g_object_unref (self);
}

static void
game_close_confirmed_cb (KolWindow *self,
                         gpointer   data)
{
  self->closing_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
kol_window_close_request (GtkWindow *window)
{
  KolWindow *self = KOL_WINDOW (window);

  /* unsaved edits are never dropped without asking */
  if (!self->closing_confirmed && kol_editor_page_get_modified (self->editor_page))
    {
      kol_editor_page_confirm_close (self->editor_page, close_confirmed_cb, g_object_ref (self));
      return TRUE;
    }
  if (!self->closing_confirmed && _kol_window_game_needs_asking (self))
    {
      _kol_window_confirm_leave_game (self, game_close_confirmed_cb, NULL, NULL);
      return TRUE;
    }
  _kol_window_leave_game (self);
  save_window_state (KOL_WINDOW (window));

  return GTK_WINDOW_CLASS (kol_window_parent_class)->close_request (window);
}

static void
kol_window_dispose (GObject *object)
{
  KolWindow *self = KOL_WINDOW (object);
  KolGame *game = self->game_page != NULL ? kol_game_page_get_game (self->game_page) : NULL;

  /* The game's computers stop talking to the window while its widgets
   * are still there: the game may outlive them by a moment (its last
   * reference is the table's), and its driver says so when it stops. */
  if (game != NULL)
    _kol_window_detach_computers (self, game);
  /* No gtk_widget_dispose_template (): GtkWindow unparents its own child,
   * and in GTK 4.8 doing both unparents the stack twice. */
  g_clear_object (&self->settings);
  g_clear_object (&self->autosaves);
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);

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
  g_type_ensure (KOL_TYPE_EDITOR_PAGE);
  g_type_ensure (KOL_TYPE_GAME_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KolWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, editor_page);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, game_page);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, thinking_box);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, thinking_label);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, KolWindow, loading_label);
}

static void
editor_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);

  gtk_stack_set_visible_child_name (self->main_stack, "editor");
}

static void
editor_closed_cb (KolWindow *self)
{
  gtk_stack_set_visible_child_name (self->main_stack, "start");
}

/* A title saved in the editor joins the list of titles. */
static void
titles_changed_cb (KolWindow *self)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  kol_start_page_set_titles (self->start_page, titles);
}

static const GActionEntry window_actions[] = {
  { .name = "editor", .activate = editor_action_cb },
};

static void
add_actions (KolWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);
  _kol_window_add_game_actions (self);
  _kol_window_add_computer_actions (self);
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
  self->autosaves = kol_autosave_list_new (NULL);
  kol_start_page_set_interrupted (self->start_page, G_LIST_MODEL (self->autosaves));
  g_signal_connect_object (self->editor_page, "closed", G_CALLBACK (editor_closed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->editor_page, "titles-changed", G_CALLBACK (titles_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->main_stack, "notify::visible-child-name",
                           G_CALLBACK (_kol_window_update_game_actions), self, G_CONNECT_SWAPPED);
  _kol_window_refresh_resumable (self);
  _kol_window_update_game_actions (self);
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
