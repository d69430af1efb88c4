/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * KolColorScheme:
 * @KOL_COLOR_SCHEME_DEFAULT: no preference: keep the desktop's GTK setting
 * @KOL_COLOR_SCHEME_PREFER_DARK: the desktop prefers dark
 * @KOL_COLOR_SCHEME_PREFER_LIGHT: the desktop prefers light
 *
 * The values of the settings portal's org.freedesktop.appearance color-scheme.
 */
typedef enum
{
  KOL_COLOR_SCHEME_DEFAULT = 0,
  KOL_COLOR_SCHEME_PREFER_DARK = 1,
  KOL_COLOR_SCHEME_PREFER_LIGHT = 2,
} KolColorScheme;

#define KOL_TYPE_STYLE_MANAGER (kol_style_manager_get_type ())

G_DECLARE_FINAL_TYPE (KolStyleManager, kol_style_manager, KOL, STYLE_MANAGER, GObject)

KolStyleManager *kol_style_manager_new              (GtkSettings     *settings);
void             kol_style_manager_follow_portal    (KolStyleManager *self,
                                                     GDBusConnection *bus);
void             kol_style_manager_set_color_scheme (KolStyleManager *self,
                                                     KolColorScheme   scheme);

G_END_DECLS
