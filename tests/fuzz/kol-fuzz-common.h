/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kol-json-format.h"
#include "kol-record-import.h"
#include "kol-save-file.h"

G_BEGIN_DECLS

/*
 * What the fuzz targets and their regression test share: the two loaders
 * run on one input, with the titles loaded once and kept (a title takes
 * milliseconds to load, a fuzz input microseconds).
 */

KolTitle *kol_fuzz_title_cache (const char         *title_id,
                                int                 n_players,
                                const char * const *options,
                                gpointer            user_data,
                                GDestroyNotify     *title_free,
                                GError            **error);
void      kol_fuzz_load_save   (const guint8       *data,
                                gsize               size);
void      kol_fuzz_import      (const guint8       *data,
                                gsize               size);
void      kol_fuzz_title_folder (const guint8      *data,
                                 gsize              size);
void      kol_fuzz_json_format (const guint8       *data,
                                gsize               size);
void      kol_fuzz_cleanup     (void);

G_END_DECLS
