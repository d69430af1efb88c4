/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-board-query.h"
#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * The title of an editor's document as the engine loads it, for every
 * preview of the editor: the pictures of tiles at each rotation, the map
 * (a new game on the title), the upgrades the engine infers. Loaded again
 * a moment after each change, in the configuration where the variant being
 * edited applies; while the document does not load, the last title that
 * did stays, with the reason in KolEditorPreview:error.
 */

#define KOL_TYPE_EDITOR_PREVIEW (kol_editor_preview_get_type ())

G_DECLARE_FINAL_TYPE (KolEditorPreview, kol_editor_preview, KOL, EDITOR_PREVIEW, GObject)

KolEditorPreview *kol_editor_preview_new          (KolTitleDocument *doc);
KolTitleDocument *kol_editor_preview_get_document (KolEditorPreview *self);
const KolTitle   *kol_editor_preview_get_title    (KolEditorPreview *self);
const KolEngine  *kol_editor_preview_get_game     (KolEditorPreview *self);
const char       *kol_editor_preview_get_error    (KolEditorPreview *self);
guint             kol_editor_preview_get_serial   (KolEditorPreview *self);
void              kol_editor_preview_update_now   (KolEditorPreview *self);

int               kol_editor_preview_tile_index     (KolEditorPreview *self,
                                                     const char       *tile);
GdkTexture       *kol_editor_preview_tile_texture   (KolEditorPreview *self,
                                                     const char       *tile,
                                                     int               rotation,
                                                     int               size);
GStrv             kol_editor_preview_dup_upgrades   (KolEditorPreview *self,
                                                     const char       *tile,
                                                     gboolean          inferred);

G_END_DECLS
