/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-json-scan.h"
#include "kol-title-loader.h"

G_BEGIN_DECLS

/* Internals shared by the title loader's files: kol-title-loader.c (API,
 * problems, files), kol-title-loader-read.c (typed readers, selectors),
 * kol-title-loader-game.c (game.json) and kol-title-loader-board.c
 * (tiles.json, map.json). */

/* Money and other amounts are bounded so that sums stay far from overflow. */
#define KOL_LOADER_MAX_AMOUNT 100000000

typedef enum
{
  KOL_FILE_GAME,
  KOL_FILE_TILES,
  KOL_FILE_MAP,
  KOL_N_FILES
} KolFileId;

typedef struct
{
  char        *path;
  char        *text;
  gsize        length;
  KolJsonScan *scan;        /* positions recorded on the first problem */
  gboolean     positioned;
  JsonParser  *parser;
  JsonObject  *root;        /* NULL when the file is missing or not a JSON object */
} KolLoaderFile;

/* Beyond this, problems are counted but not kept: a hostile file could make
 * millions. */
#define KOL_LOADER_MAX_PROBLEMS 500

/* The files of a title folder, read once for any number of loads. */
struct _KolTitleSource
{
  KolLoaderFile files[KOL_N_FILES];
  GPtrArray    *problems;          /* KolTitleProblem*: reading and syntax */
  guint         n_dropped;
  GVariant     *rules;             /* game.json "rules", once converted */
  gboolean      board_only;        /* the rules module's check is skipped */
};

typedef struct
{
  KolTitleSource *source;
  KolLoaderFile *files;            /* the source's */
  KolTitle     *title;
  GPtrArray    *problems;          /* KolTitleProblem* */
  guint         n_dropped;
  int           n_players;
  gboolean      players_known;     /* n_players is within the title's range */

  GHashTable   *declared_options;  /* option id -> GINT_TO_POINTER (1) */
  GPtrArray    *networks;          /* char*: track network ids, in order */
  GHashTable   *groups;            /* node group id -> index + 1 */

  /* the map after the variants of this configuration */
  GPtrArray    *hex_objects;       /* JsonObject* (owned by the parsers) */
  GPtrArray    *hex_paths;         /* char*: JSON path of each */
  GHashTable   *hex_lookup;        /* hex id -> index + 1, in this configuration */
  GHashTable   *all_hex_ids;       /* every hex id of the base map and of every variant */
  GHashTable   *removed_hex_ids;   /* ids a variant removed in this configuration */
  GPtrArray    *blank_upgrades;    /* char* tile ids for blank hexes, or NULL */
  char         *blank_upgrades_path;
  /* manifest tiles' JSON, for the second pass (upgrades_to, lay_only_on) */
  GHashTable   *tile_lookup;       /* manifest tile id -> index + 1 */
  GPtrArray    *tile_objects;      /* JsonObject* */
  GPtrArray    *tile_paths;        /* char* */
} KolLoader;

/* problems */
void        kol_loader_problem       (KolLoader   *l,
                                      KolFileId    file,
                                      int          kind,
                                      const char  *path,
                                      const char  *format,
                                      ...) G_GNUC_PRINTF (5, 6);
#define kol_loader_invalid(l, file, path, ...) \
  kol_loader_problem ((l), (file), KOL_TITLE_LOADER_ERROR_INVALID, (path), __VA_ARGS__)

/* files */
void        kol_loader_check_schema  (KolLoader   *l,
                                      KolFileId    file,
                                      const char  *expected);

/* typed readers: each reports a wrong type, and an absent member when
 * @required; they return NULL / FALSE when the value is unusable */
gboolean    kol_loader_holds         (JsonNode    *node,
                                      GType        type);
void        kol_loader_wrong_type    (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      const char  *expected);
JsonNode   *kol_loader_member        (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required);
JsonObject *kol_loader_object        (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);
JsonArray  *kol_loader_array         (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);
const char *kol_loader_string        (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);
gboolean    kol_loader_int           (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      int          min,
                                      int          max,
                                      int         *out);
gboolean    kol_loader_bool          (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      gboolean    *out);
/* member shortcuts; an absent optional member leaves *out alone */
JsonObject *kol_loader_object_member (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required);
JsonArray  *kol_loader_array_member  (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required);
const char *kol_loader_string_member (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required);
gboolean    kol_loader_int_member    (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required,
                                      int          min,
                                      int          max,
                                      int         *out);
gboolean    kol_loader_bool_member   (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean    *out);
/* A proper name (string) or {"en", "ru"}; @translatable refuses strings. */
gboolean    kol_loader_text          (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      gboolean     translatable,
                                      KolText     *out);
gboolean    kol_loader_text_member   (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required,
                                      gboolean     translatable,
                                      KolText     *out);
/* Index of @value in @names (NULL-terminated), reporting an unknown value. */
int         kol_loader_enum          (KolLoader          *l,
                                      KolFileId           file,
                                      JsonNode           *node,
                                      const char         *path,
                                      const char * const *names);
int         kol_loader_enum_member   (KolLoader          *l,
                                      KolFileId           file,
                                      JsonObject         *object,
                                      const char         *path,
                                      const char         *key,
                                      gboolean            required,
                                      const char * const *names);
gboolean    kol_loader_color_member  (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key,
                                      gboolean     required,
                                      KolColor    *out);
gboolean    kol_loader_color         (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      KolColor    *out);
/* An array of strings, NULL-terminated (empty when absent). */
GStrv       kol_loader_strv_member   (KolLoader   *l,
                                      KolFileId    file,
                                      JsonObject  *object,
                                      const char  *path,
                                      const char  *key);

/* selectors and conditions */
JsonNode   *kol_loader_select        (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      char       **chosen_path);
/* An integer, "unlimited" (-1), or a selector of those. */
gboolean    kol_loader_count         (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      int          max,
                                      int         *out);
/* An integer min..max, or a selector of those. */
gboolean    kol_loader_selected_int  (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path,
                                      int          min,
                                      int          max,
                                      int         *out);
/* Does @array hold the player count @wanted (bad elements reported)? */
gboolean    kol_loader_int_in_array  (KolLoader   *l,
                                      KolFileId    file,
                                      JsonArray   *array,
                                      const char  *path,
                                      int          wanted);
/* {"players": [...], "options": [...], "not_options": [...]}: does it hold now? */
gboolean    kol_loader_when          (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);
gboolean    kol_loader_has_option    (KolLoader   *l,
                                      const char  *option);

/* json_object_get_*_member() without their criticals: NULL unless present
 * and of the right kind */
JsonArray  *kol_loader_peek_array    (JsonObject  *object,
                                      const char  *key);
JsonObject *kol_loader_peek_object   (JsonObject  *object,
                                      const char  *key);

/* GVariant conversion */
GVariant   *kol_loader_variant       (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);
/* a{sv} of the members not in @known, merged with the "extra" object */
GVariant   *kol_loader_extra         (KolLoader          *l,
                                      KolFileId           file,
                                      JsonObject         *object,
                                      const char         *path,
                                      const char * const *known);

/* references into the map; -1 when absent (reported unless a variant removed it) */
int         kol_loader_hex_ref       (KolLoader   *l,
                                      KolFileId    file,
                                      JsonNode    *node,
                                      const char  *path);

/* kol-title-loader-game.c */
void        kol_loader_read_game      (KolLoader  *l);
void        kol_loader_read_companies (KolLoader  *l);

/* kol-title-loader-board.c */
void     kol_loader_read_map       (KolLoader   *l);
void     kol_loader_read_tiles     (KolLoader   *l);
void     kol_loader_build_hexes    (KolLoader   *l);
void     kol_loader_resolve_tiles  (KolLoader   *l);
gboolean kol_loader_read_tile_body (KolLoader  *l,
                                    KolFileId   file,
                                    JsonObject *object,
                                    const char *path,
                                    KolTileDef *tile);

G_END_DECLS
