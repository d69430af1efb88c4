/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>


G_BEGIN_DECLS

/*
 * Small helpers the drawn views share: SVG path data for cairo, and cairo
 * surfaces as GDK textures. (The language of title data, money and the
 * title's words are the model's: kol-game-words.h.)
 */

gboolean    kol_view_append_svg_path     (cairo_t         *cr,
                                          const char      *data);
GdkTexture *kol_view_texture_for_surface (cairo_surface_t *surface);

G_END_DECLS
