/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-style-manager.h"
#include "ui-test-utils.h"

static gboolean
prefers_dark (GtkSettings *settings)
{
  gboolean dark;

  g_object_get (settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

/* The portal's values map onto GTK's setting; "no preference" and unknown
 * values give back what the desktop had set. */
static void
test_color_schemes (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  static const gboolean desktop_values[] = { FALSE, TRUE };

  for (gsize i = 0; i < G_N_ELEMENTS (desktop_values); i++)
    {
      gboolean desktop = desktop_values[i];
      KolStyleManager *manager;

      g_object_set (settings, "gtk-application-prefer-dark-theme", desktop, NULL);
      manager = kol_style_manager_new (settings);

      kol_style_manager_set_color_scheme (manager, KOL_COLOR_SCHEME_PREFER_DARK);
      g_assert_true (prefers_dark (settings));
      kol_style_manager_set_color_scheme (manager, KOL_COLOR_SCHEME_PREFER_LIGHT);
      g_assert_false (prefers_dark (settings));
      kol_style_manager_set_color_scheme (manager, KOL_COLOR_SCHEME_DEFAULT);
      g_assert_cmpint (prefers_dark (settings), ==, desktop);
      kol_style_manager_set_color_scheme (manager, KOL_COLOR_SCHEME_PREFER_DARK);
      kol_style_manager_set_color_scheme (manager, (KolColorScheme) 7);
      g_assert_cmpint (prefers_dark (settings), ==, desktop);

      g_assert_finalize_object (manager);
    }
}

/* Without a session bus there is nothing to follow, and nothing fails. */
static void
test_no_bus (void)
{
  KolStyleManager *manager = kol_style_manager_new (gtk_settings_get_default ());

  kol_style_manager_follow_portal (manager, NULL);
  g_assert_finalize_object (manager);
}

int
main (int   argc,
      char *argv[])
{
  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/style-manager/color-schemes", test_color_schemes);
  g_test_add_func ("/style-manager/no-bus", test_no_bus);

  return g_test_run ();
}
