/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-game.h"

G_BEGIN_DECLS

#define KOL_TYPE_AUTOSAVE_BANNER (kol_autosave_banner_get_type ())

G_DECLARE_FINAL_TYPE (KolAutosaveBanner, kol_autosave_banner, KOL, AUTOSAVE_BANNER, GtkWidget)

GtkWidget *kol_autosave_banner_new      (void);
KolGame   *kol_autosave_banner_get_game (KolAutosaveBanner *self);
void       kol_autosave_banner_set_game (KolAutosaveBanner *self,
                                         KolGame           *game);
gboolean   kol_autosave_banner_is_shown (KolAutosaveBanner *self);

G_END_DECLS
