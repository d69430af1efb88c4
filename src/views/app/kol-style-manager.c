/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-style-manager.h"

/**
 * KolStyleManager:
 *
 * Makes the app follow the desktop's light or dark style. GTK 4.8 already
 * honours the desktop's own GTK setting (gtk-application-prefer-dark-theme
 * from settings.ini or XSettings) and `GTK_THEME=Adwaita:dark`; what it does
 * not read is the newer desktop-wide preference, the settings portal's
 * org.freedesktop.appearance color-scheme (libadwaita reads it, and we do
 * not use libadwaita). So this object reads it and maps it onto
 * gtk-application-prefer-dark-theme. Without a session bus or a portal
 * nothing changes, and nothing is logged above debug level.
 */
struct _KolStyleManager
{
  GObject parent_instance;

  GtkSettings *settings;
  gboolean desktop_prefers_dark;  /* the GTK setting before any portal value */
  GDBusProxy *portal;
  GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE (KolStyleManager, kol_style_manager, G_TYPE_OBJECT)

#define PORTAL_BUS_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_OBJECT_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_SETTINGS_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE_NAMESPACE "org.freedesktop.appearance"
#define COLOR_SCHEME_KEY "color-scheme"
#define PORTAL_TIMEOUT_MS 3000

static void
kol_style_manager_dispose (GObject *object)
{
  KolStyleManager *self = KOL_STYLE_MANAGER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->portal);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (kol_style_manager_parent_class)->dispose (object);
}

static void
kol_style_manager_class_init (KolStyleManagerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kol_style_manager_dispose;
}

static void
kol_style_manager_init (KolStyleManager *self)
{
  self->cancellable = g_cancellable_new ();
}

/**
 * kol_style_manager_new:
 * @settings: the display's #GtkSettings
 *
 * Returns: (transfer full): a style manager that changes @settings
 */
KolStyleManager *
kol_style_manager_new (GtkSettings *settings)
{
  KolStyleManager *self;

  g_return_val_if_fail (GTK_IS_SETTINGS (settings), NULL);

  self = g_object_new (KOL_TYPE_STYLE_MANAGER, NULL);
  self->settings = g_object_ref (settings);
  g_object_get (settings, "gtk-application-prefer-dark-theme", &self->desktop_prefers_dark, NULL);
  return self;
}

/**
 * kol_style_manager_set_color_scheme:
 * @self: a #KolStyleManager
 * @scheme: the desktop's preference
 *
 * Applies @scheme; %KOL_COLOR_SCHEME_DEFAULT restores the desktop's GTK
 * setting. Unknown values count as no preference, as the portal says.
 */
void
kol_style_manager_set_color_scheme (KolStyleManager *self,
                                    KolColorScheme   scheme)
{
  gboolean dark;

  g_return_if_fail (KOL_IS_STYLE_MANAGER (self));

  switch (scheme)
    {
    case KOL_COLOR_SCHEME_PREFER_DARK:
      dark = TRUE;
      break;
    case KOL_COLOR_SCHEME_PREFER_LIGHT:
      dark = FALSE;
      break;
    case KOL_COLOR_SCHEME_DEFAULT:
    default:
      dark = self->desktop_prefers_dark;
      break;
    }
  g_object_set (self->settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

/* Old portals wrap the value in one more variant than new ones. */
static void
apply_portal_value (KolStyleManager *self,
                    GVariant        *value)
{
  g_autoptr(GVariant) inner = g_variant_ref (value);

  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *unwrapped = g_variant_get_variant (inner);

      g_variant_unref (inner);
      inner = unwrapped;
    }
  if (g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT32))
    kol_style_manager_set_color_scheme (self, g_variant_get_uint32 (inner));
}

static void
portal_signal_cb (GDBusProxy *proxy,
                  const char *sender_name,
                  const char *signal_name,
                  GVariant   *parameters,
                  gpointer    user_data)
{
  const char *namespace, *key;
  g_autoptr(GVariant) value = NULL;

  if (!g_str_equal (signal_name, "SettingChanged")
      || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)")))
    return;

  g_variant_get (parameters, "(&s&sv)", &namespace, &key, &value);
  if (g_str_equal (namespace, APPEARANCE_NAMESPACE) && g_str_equal (key, COLOR_SCHEME_KEY))
    apply_portal_value (KOL_STYLE_MANAGER (user_data), value);
}

static void
read_color_scheme_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, &error);
  g_autoptr(GVariant) value = NULL;

  if (reply == NULL)
    {
      g_debug ("No color scheme from the settings portal: %s", error->message);
      return;
    }
  /* Not cancelled, so user_data is still alive. */
  g_variant_get (reply, "(v)", &value);
  apply_portal_value (KOL_STYLE_MANAGER (user_data), value);
}

static void
portal_proxy_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  GDBusProxy *proxy = g_dbus_proxy_new_finish (result, &error);
  KolStyleManager *self;

  if (proxy == NULL)
    {
      g_debug ("No settings portal: %s", error->message);
      return;
    }

  self = KOL_STYLE_MANAGER (user_data);
  self->portal = proxy;
  g_signal_connect_object (proxy, "g-signal", G_CALLBACK (portal_signal_cb), self, 0);
  g_dbus_proxy_call (proxy, "Read",
                     g_variant_new ("(ss)", APPEARANCE_NAMESPACE, COLOR_SCHEME_KEY),
                     G_DBUS_CALL_FLAGS_NONE, PORTAL_TIMEOUT_MS, self->cancellable,
                     read_color_scheme_cb, self);
}

/**
 * kol_style_manager_follow_portal:
 * @self: a #KolStyleManager
 * @bus: (nullable): the session bus, or %NULL when there is none
 *
 * Reads the desktop's color scheme from the settings portal, then follows
 * its changes. Takes the application's own bus connection rather than
 * connecting anew, so no bus is ever started just for this.
 */
void
kol_style_manager_follow_portal (KolStyleManager *self,
                                 GDBusConnection *bus)
{
  g_return_if_fail (KOL_IS_STYLE_MANAGER (self));
  g_return_if_fail (bus == NULL || G_IS_DBUS_CONNECTION (bus));

  if (bus == NULL || self->portal != NULL)
    return;

  g_dbus_proxy_new (bus, G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES, NULL,
                    PORTAL_BUS_NAME, PORTAL_OBJECT_PATH, PORTAL_SETTINGS_INTERFACE,
                    self->cancellable, portal_proxy_cb, self);
}
