/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-hex.h"
#include "kol-engine.h"
#include "kol-json-format.h"
#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * Internals of KolTitleDocument shared by its files: kol-title-document.c
 * (the object, undo, the generic edits and texts), kol-title-document-tree.c
 * (values, JSON paths, copy-on-write edits), kol-title-document-query.c
 * (finding and reading tiles and hexes), kol-title-document-file.c (opening,
 * templates, saving), kol-title-document-edit.c (what the typed edits
 * share), kol-title-document-tiles.c (tiles, nodes, paths),
 * kol-title-document-map.c (hexes, homes, the grid, variants) and
 * kol-title-document-check.c (validation) and kol-title-document-game.c
 * (game.json's pages: named values, lists, renames, player counts).
 *
 * An edit runs in a KolEdit: it starts from the document's roots, replaces
 * values by path (copying only the containers on the way), and is committed
 * as one command, or dropped on error.
 */

struct _KolTitleDocument
{
  GObject         parent_instance;

  char           *path;
  gboolean        built_in;
  JsonNode       *roots[KOL_TITLE_N_FILES];
  JsonNode       *saved[KOL_TITLE_N_FILES];    /* the roots as on disk */
  KolJsonLexemes *lexemes;
  GPtrArray      *undo;                         /* KolCommand*, newest last */
  GPtrArray      *redo;
  gboolean        merge_barrier;
  char           *variant;
  char           *disk_texts[KOL_TITLE_N_FILES]; /* as last read or written, NULL if never */
  guint           changed_on_disk;               /* bits of files changed behind our back */
  GFileMonitor   *monitor;
  guint           disk_check_id;
  gboolean        watching;
};

enum
{
  PROP_0,
  PROP_PATH,
  PROP_ID,
  PROP_BUILT_IN,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_VARIANT,
  N_PROPS
};

/* The properties are installed in kol-title-document.c and notified by the
 * file that changes them (saving changes the path); every file calls them
 * properties[]. */
extern GParamSpec *_kol_title_document_properties[N_PROPS];
static GParamSpec **const properties = _kol_title_document_properties;

typedef struct
{
  KolTitleDocument *doc;
  JsonNode         *roots[KOL_TITLE_N_FILES];   /* the working roots (owned) */
  KolTitleChange    what;
  char             *target;                     /* a tile or hex id, or NULL */
  gboolean          many_targets;
} KolEdit;

/* Known keys of each kind of object in the order new keys are inserted: a
 * new key goes after the last key present that comes before it here. */
extern const char * const _kol_tile_key_order[];
extern const char * const _kol_hex_key_order[];
extern const char * const _kol_node_key_order[];
extern const char * const _kol_path_key_order[];
extern const char * const _kol_border_key_order[];
extern const char * const _kol_corp_key_order[];
extern const char * const _kol_variant_key_order[];
extern const char * const _kol_game_key_order[];

void        _kol_edit_begin        (KolEdit          *edit,
                                    KolTitleDocument *doc);
void        _kol_edit_clear        (KolEdit          *edit);
void        _kol_edit_touch        (KolEdit          *edit,
                                    KolTitleChange    what,
                                    const char       *target);
/* Does the edit change any file's content? */
gboolean    _kol_edit_changed      (KolEdit          *edit);
/* Commits the edit as one command labelled @label (translated); with
 * @merge_key, merges into the previous command of the same key. Returns
 * FALSE (and sets NOTHING) when nothing changed. */
gboolean    _kol_edit_commit       (KolEdit          *edit,
                                    const char       *label,
                                    const char       *merge_key,
                                    GError          **error);

JsonNode   *_kol_edit_get          (KolEdit          *edit,
                                    KolTitleFile      file,
                                    const char       *path);
/* Sets the value at @path (a member is added, keeping @order; NULL value
 * removes it), inserts into an array, or removes an element. */
gboolean    _kol_edit_set          (KolEdit             *edit,
                                    KolTitleFile         file,
                                    const char          *path,
                                    JsonNode            *value,
                                    const char * const  *order,
                                    GError             **error);
gboolean    _kol_edit_insert       (KolEdit          *edit,
                                    KolTitleFile      file,
                                    const char       *array_path,
                                    int               index,
                                    JsonNode         *value,
                                    GError          **error);
gboolean    _kol_edit_remove       (KolEdit          *edit,
                                    KolTitleFile      file,
                                    const char       *path,
                                    GError          **error);

/* Sets one language of the text at @path (a name becomes {"en", "ru"}
 * first), or the name itself when @language is NULL. */
gboolean    _kol_edit_set_text     (KolEdit          *edit,
                                    KolTitleFile      file,
                                    const char       *path,
                                    const char       *language,
                                    const char       *text,
                                    GError          **error);

/* The document's roots become @roots, outside the history. */
void        _kol_set_roots         (KolTitleDocument *self,
                                    JsonNode * const *roots);
/* The value at @path, or NULL when there is none or @path is not a path. */
JsonNode   *_kol_lookup            (JsonNode         *root,
                                    const char       *path);
/* Sets a NOT_FOUND error; returns FALSE. */
gboolean    _kol_not_found         (GError          **error,
                                    const char       *format,
                                    ...) G_GNUC_PRINTF (2, 3);

/* Finding things in a set of roots (the document's or an edit's). */
int         _kol_find_by_id        (JsonArray        *array,
                                    const char       *id);
JsonArray  *_kol_root_array        (JsonNode         *root,
                                    const char       *key);
char       *_kol_tile_path         (JsonNode * const *roots,
                                    const char       *variant,
                                    const char       *tile,
                                    KolTitleFile     *file,
                                    GError          **error);
char       *_kol_hex_path          (JsonNode * const *roots,
                                    const char       *variant,
                                    const char       *hex,
                                    GError          **error);
int         _kol_variant_index     (JsonNode * const *roots,
                                    const char       *variant);

/* Shared by the typed edits (kol-title-document-edit.c). */
gboolean    _kol_edit_invalid       (GError          **error,
                                     const char       *message);
gboolean    _kol_edit_abort         (KolEdit          *edit);
gboolean    _kol_check_color        (const char       *color,
                                     GError          **error);
gboolean    _kol_is_hex_tile        (const char       *tile);
gboolean    _kol_need_manifest_tile (const char      *tile,
                                     GError         **error);
gboolean    _kol_check_tile_ids     (KolTitleDocument    *self,
                                     const char * const  *ids,
                                     GError             **error);
JsonObject *_kol_edit_object_at     (KolEdit          *edit,
                                     KolTitleFile      file,
                                     const char       *path);
JsonArray  *_kol_edit_array_at      (KolEdit          *edit,
                                     KolTitleFile      file,
                                     const char       *path);
/* Sets member @key of the object at @path (NULL removes it). */
gboolean    _kol_edit_set_member   (KolEdit             *edit,
                                    KolTitleFile         file,
                                    const char          *path,
                                    const char          *key,
                                    JsonNode            *value,
                                    const char * const  *order,
                                    GError             **error);
/* Appends to the array member @key, created when absent; the new index or -1. */
int      _kol_edit_append           (KolEdit             *edit,
                                     KolTitleFile         file,
                                     const char          *path,
                                     const char          *key,
                                     JsonNode            *value,
                                     const char * const  *order,
                                     GError             **error);
gboolean _kol_edit_remove_from_list (KolEdit      *edit,
                                     KolTitleFile  file,
                                     const char   *path,
                                     const char   *id,
                                     GError      **error);
/* The paths of every hex object of map.json, the variants' included. */
GPtrArray *_kol_edit_all_hex_paths (KolEdit         *edit);
gboolean   _kol_grid_of            (JsonNode         *map,
                                    KolGrid          *grid);
char      *_kol_edit_variant_path  (KolEdit          *edit);
/* Where to change @hex, copying a base hex into the variant being edited. */
char       *_kol_edit_hex_path     (KolEdit          *edit,
                                    const char       *hex,
                                    GError          **error);
/* Where to change a tile body; a blank hex gets an empty one when @create. */
char       *_kol_edit_tile_path    (KolEdit          *edit,
                                    const char       *tile,
                                    gboolean          create,
                                    KolTitleFile     *file,
                                    GError          **error);

/* kol-title-document-disk.c: the files changed on disk since read or
 * written (bits), announced once; stopping the watch. */
guint       _kol_document_check_disk (KolTitleDocument *self);
void        _kol_document_unwatch    (KolTitleDocument *self);

/* kol-title-document-layout.c: every hex of map.json converted for the
 * other layout (axes swapped, edges mirrored). */
gboolean    _kol_edit_mirror_map   (KolEdit          *edit,
                                    GError          **error);

/* kol-title-document-paths.c: does another piece of @paths join @a and
 * @b (@except: the piece itself, or -1)? */
gboolean    _kol_path_is_duplicate (JsonArray        *paths,
                                    JsonNode         *a,
                                    JsonNode         *b,
                                    int               except);

/* kol-title-document-lint.c: the warnings about titles that load but
 * play wrong. A warning names a JSON path, or the hex, manifest tile or
 * corporation it is about (the caller finds its path). */
typedef struct
{
  const char   *code;
  KolTitleFile  file;
  char         *path;
  char         *message;
  char         *hex;
  char         *tile;
  char         *corporation;
  gboolean      every;       /* the same in every configuration */
} KolLint;

void        _kol_lint_free         (KolLint          *lint);
GPtrArray  *_kol_lint_files        (KolTitleDocument *doc);
GPtrArray  *_kol_lint_title        (const KolTitle   *title,
                                    KolEngine        *engine,
                                    gboolean          upgrades_too);

/* Helpers for building values. */
JsonNode   *_kol_node_string       (const char       *value);
JsonNode   *_kol_node_int          (gint64            value);
JsonNode   *_kol_node_strv         (const char * const *values);
const char *_kol_object_string     (JsonObject       *object,
                                    const char       *key);

G_END_DECLS
