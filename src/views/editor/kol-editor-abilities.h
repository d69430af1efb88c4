/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

GtkWidget *kol_editor_abilities_new   (KolTitleDocument *doc,
                                       guint             company);
char      *kol_editor_abilities_shape (KolTitleDocument *doc,
                                       guint             company);

G_END_DECLS
