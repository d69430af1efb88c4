/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The app icon as the resources name it (RESOURCE_PREFIX/icons); the installed
 * copies are named after the profile's app id instead. */
#define KOL_ICON_NAME "io.github.koleya.Koleya"

#define KOL_TYPE_APPLICATION (kol_application_get_type ())

G_DECLARE_FINAL_TYPE (KolApplication, kol_application, KOL, APPLICATION, GtkApplication)

KolApplication *kol_application_new               (const char        *application_id,
                                                   GApplicationFlags  flags);
void            kol_application_set_process_start (gint64 start_us);

G_END_DECLS
