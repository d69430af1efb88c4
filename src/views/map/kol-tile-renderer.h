/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/*
 * SVG pictures rasterized into GDK textures with librsvg, cached by a key
 * (what the picture shows: a hex with its tile, rotation and tokens, a tile)
 * and a size (the pixel size it was drawn at).
 *
 * Rasterizing takes a few milliseconds per hex, so requests run in worker
 * threads; meanwhile a view draws the nearest size it has, scaled, and
 * redraws on KolTileRenderer::textures-ready. The cache keeps at most
 * KolTileRenderer:max-bytes of pixels, dropping the textures not used for
 * the longest time, but never those used since the last
 * kol_tile_renderer_begin_frame().
 */

#define KOL_TYPE_TILE_RENDERER (kol_tile_renderer_get_type ())

G_DECLARE_FINAL_TYPE (KolTileRenderer, kol_tile_renderer, KOL, TILE_RENDERER, GObject)

KolTileRenderer *kol_tile_renderer_new            (gboolean          threaded);
GdkTexture      *kol_tile_renderer_rasterize      (const char       *svg,
                                                   int               width,
                                                   int               height,
                                                   GError          **error);

void             kol_tile_renderer_begin_frame    (KolTileRenderer  *self);
GdkTexture      *kol_tile_renderer_lookup         (KolTileRenderer  *self,
                                                   const char       *key,
                                                   int               size,
                                                   int              *found_size,
                                                   cairo_surface_t **surface);
gboolean         kol_tile_renderer_is_pending     (KolTileRenderer  *self,
                                                   const char       *key,
                                                   int               size);
void             kol_tile_renderer_request        (KolTileRenderer  *self,
                                                   const char       *key,
                                                   int               size,
                                                   char             *svg,
                                                   int               width,
                                                   int               height);
guint            kol_tile_renderer_get_n_pending  (KolTileRenderer  *self);
guint            kol_tile_renderer_get_n_textures (KolTileRenderer  *self);
gsize            kol_tile_renderer_get_max_bytes  (KolTileRenderer  *self);
void             kol_tile_renderer_set_max_bytes  (KolTileRenderer  *self,
                                                   gsize             max_bytes);
void             kol_tile_renderer_clear          (KolTileRenderer  *self);

G_END_DECLS
