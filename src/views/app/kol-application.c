/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-about.h"
#include "kol-application.h"
#include "kol-style-manager.h"
#include "kol-window.h"

/**
 * KolApplication:
 *
 * Owns what is shared by every window: the application actions and their
 * accelerators, the stylesheet and the light/dark preference. Kept thin on
 * purpose; window content lives in #KolWindow.
 */
struct _KolApplication
{
  GtkApplication parent_instance;

  KolStyleManager *style_manager;
};

G_DEFINE_FINAL_TYPE (KolApplication, kol_application, GTK_TYPE_APPLICATION)

static void
about_action_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);

  kol_about_show (gtk_application_get_active_window (app));
}

/* Closing rather than g_application_quit() lets each window save its state. */
static void
quit_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (app));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static const GActionEntry app_actions[] = {
  { .name = "about", .activate = about_action_cb },
  { .name = "quit", .activate = quit_action_cb },
};

/* Set for win.* actions too, even disabled ones, so the shortcuts window
 * and the menus show the keys from the start. */
static const struct {
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "win.new-game", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.zoom-reset", { "<Control>0", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
load_style_sheet (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
kol_application_startup (GApplication *application)
{
  KolApplication *self = KOL_APPLICATION (application);

  G_APPLICATION_CLASS (kol_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (gsize i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), app_accels[i].action,
                                           app_accels[i].accels);

  load_style_sheet ();
  gtk_window_set_default_icon_name (KOL_ICON_NAME);

  self->style_manager = kol_style_manager_new (gtk_settings_get_default ());
  kol_style_manager_follow_portal (self->style_manager,
                                   g_application_get_dbus_connection (application));
}

/* The startup benchmark (KOLEYA_BENCH_STARTUP=1): the time from main() to
 * the end of the window's first frame, printed, then the app quits. */
static gint64 process_start_us;

static void
first_frame_cb (GdkFrameClock *clock,
                GApplication  *application)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, application);
  g_print ("startup: first frame after %.1f ms\n",
           (g_get_monotonic_time () - process_start_us) / 1000.0);
  g_application_quit (application);
}

static void
window_mapped_cb (GtkWidget    *window,
                  GApplication *application)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (first_frame_cb),
                    application);
}

static void
kol_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      window = GTK_WINDOW (kol_window_new (KOL_APPLICATION (application)));
      if (process_start_us != 0 && g_getenv ("KOLEYA_BENCH_STARTUP") != NULL)
        g_signal_connect (window, "map", G_CALLBACK (window_mapped_cb), application);
    }

  gtk_window_present (window);
}

/**
 * kol_application_set_process_start:
 * @start_us: g_get_monotonic_time() when main() began
 *
 * For the startup benchmark (KOLEYA_BENCH_STARTUP).
 */
void
kol_application_set_process_start (gint64 start_us)
{
  process_start_us = start_us;
}

static void
kol_application_dispose (GObject *object)
{
  KolApplication *self = KOL_APPLICATION (object);

  g_clear_object (&self->style_manager);

  G_OBJECT_CLASS (kol_application_parent_class)->dispose (object);
}

static void
kol_application_class_init (KolApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = kol_application_dispose;
  app_class->startup = kol_application_startup;
  app_class->activate = kol_application_activate;
}

static void
kol_application_init (KolApplication *self)
{
}

/**
 * kol_application_new:
 * @application_id: the application id, normally `APP_ID`
 * @flags: %G_APPLICATION_DEFAULT_FLAGS, or %G_APPLICATION_NON_UNIQUE in tests
 *
 * The resource base path is fixed rather than derived from @application_id,
 * so a `.Devel` build still finds gtk/help-overlay.ui and the icons.
 *
 * Returns: (transfer full): a new #KolApplication
 */
KolApplication *
kol_application_new (const char        *application_id,
                     GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (KOL_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}
