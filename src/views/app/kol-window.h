/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-application.h"
#include "kol-game-page.h"

G_BEGIN_DECLS

/* The schema id is the same in every build profile. */
#define KOL_SETTINGS_SCHEMA_ID "io.github.koleya.Koleya"

#define KOL_TYPE_WINDOW (kol_window_get_type ())

G_DECLARE_FINAL_TYPE (KolWindow, kol_window, KOL, WINDOW, GtkApplicationWindow)

KolWindow   *kol_window_new           (KolApplication *application);
void         kol_window_show_game     (KolWindow      *self,
                                       KolGame        *game);
KolGamePage *kol_window_get_game_page (KolWindow      *self);

G_END_DECLS
