/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kol-engine-title.h"

G_BEGIN_DECLS

/*
 * The library of common tiles of the 18xx family (data/tiles/library.json,
 * a tile manifest): the tiles by their public numbers and shapes, for the
 * editor to add a tile by number. Their track has no type, so it takes the
 * title's default.
 */

char     *kol_tile_library_find       (void);
GStrv     kol_tile_library_dup_ids    (GError    **error);
JsonNode *kol_tile_library_dup_tile   (const char *number,
                                       GError    **error);
KolTitle *kol_tile_library_load_title (GError    **error);

G_END_DECLS
