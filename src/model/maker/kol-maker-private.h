/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-maker.h"

G_BEGIN_DECLS

/*
 * What the files of the 18xx-maker reader and writer share:
 * kol-maker-json.c (members, texts, the report), kol-maker-tile.c (a hex's
 * drawing into a tile's connections and back), kol-maker-import.c (with
 * kol-maker-import-companies.c) and kol-maker-export.c (the rest of a
 * game).
 */

/* kol-maker-json.c */

void        _kol_maker_report       (GPtrArray   *report,
                                     const char  *format,
                                     ...) G_GNUC_PRINTF (2, 3);
const char *_kol_maker_string       (JsonObject  *object,
                                     const char  *member);
gboolean    _kol_maker_number       (JsonObject  *object,
                                     const char  *member,
                                     double      *value);
gboolean    _kol_maker_int          (JsonNode    *node,
                                     gint64      *value,
                                     gboolean    *exact);
JsonObject *_kol_maker_object       (JsonObject  *object,
                                     const char  *member);
JsonArray  *_kol_maker_array        (JsonObject  *object,
                                     const char  *member);
JsonNode   *_kol_maker_text         (const char  *text);
JsonNode   *_kol_maker_object_node  (JsonObject  *object);
const char *_kol_maker_pick         (JsonNode    *text,
                                     const char  *language);
void        _kol_maker_set_int      (JsonObject  *object,
                                     const char  *member,
                                     gint64       value);
void        _kol_maker_set_string   (JsonObject  *object,
                                     const char  *member,
                                     const char  *value);

/* kol-maker-import.c and kol-maker-import-companies.c: the importer's
 * state while it reads one game definition. */

typedef struct
{
  JsonObject *maker;
  GPtrArray  *report;
  gboolean    pointy;
  GHashTable *catalogue;   /* tile id → JsonObject of a catalogue manifest */
  GHashTable *homes;       /* company abbrev → "hex\ncity" */
  gboolean    narrow, dual;
  const char *colors[8];   /* tile_colors */
  int         n_colors;
  JsonArray  *options;     /* game.json options, from map variants */
} KolMakerImport;

JsonArray  *_kol_maker_import_companies (KolMakerImport *im);

/* kol-maker-tile.c: hex geometry. Sides are 18xx-maker's 1-6; points are
 * in its hex frame (75 from the centre to an edge's middle, y down), on
 * the screen: a pointy map's track is that of a flat one turned a quarter
 * turn clockwise. */

typedef struct
{
  gboolean    pointy;
  GPtrArray  *report;
  const char *where;        /* "tile 57", "hex C5": for the report */
  GHashTable *gauges;       /* writing: Koleya track type id → 18xx-maker
                             * gauge ("" for standard) */
  gboolean    narrow;       /* reading, out: narrow gauge was found */
  gboolean    dual;         /* reading, out: dual gauge was found */
} KolMakerGeometry;

/* A home reserved on a city of a hex (an 18xx-maker city's companies). */
typedef struct
{
  int   city;
  char *company;
} KolMakerReservation;

gboolean    _kol_maker_tile_import  (KolMakerGeometry *geometry,
                                     JsonObject       *hex,
                                     JsonObject       *tile,
                                     GArray           *reservations);
gboolean    _kol_maker_tile_export  (KolMakerGeometry *geometry,
                                     JsonObject       *tile,
                                     int               rotation,
                                     JsonObject       *hex);
int         _kol_maker_edge         (gboolean          pointy,
                                     int               side);
int         _kol_maker_side         (gboolean          pointy,
                                     int               edge);

G_END_DECLS
