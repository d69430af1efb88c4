/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void kol_about_show (GtkWindow *parent);

G_END_DECLS
