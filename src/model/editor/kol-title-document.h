/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "kol-engine-title.h"
#include "kol-title-issue.h"

G_BEGIN_DECLS

/*
 * A title folder (game.json, tiles.json, map.json) open in the editor.
 *
 * The three files are kept as json-glib trees in the order they were read,
 * unknown keys included, and are written back by kol-json-format's layout
 * rule, so that an unchanged document saves byte for byte as it was read.
 *
 * Trees are never changed in place: an edit builds new roots that share
 * every untouched subtree with the old ones, and a command on the undo stack
 * is just the roots before and after it. Undo and redo therefore give back
 * exactly the bytes of before, and the borrowed nodes returned by the
 * getters stay valid until the next change. Never change them: they are
 * shared with the undo history; edit through the document.
 *
 * Built-in titles are never overwritten: kol_title_document_save() refuses
 * them, and kol_title_document_save_as() stores a copy under a new id in
 * g_get_user_data_dir()/koleya/games/<id>/, where the title list and the
 * loader look first.
 */

#define KOL_TITLE_DOCUMENT_ERROR (kol_title_document_error_quark ())

/**
 * KolTitleDocumentError:
 * @KOL_TITLE_DOCUMENT_ERROR_READ: a file cannot be read or is not JSON
 * @KOL_TITLE_DOCUMENT_ERROR_WRITE: a file cannot be written
 * @KOL_TITLE_DOCUMENT_ERROR_BUILT_IN: the title is built in; save it as a
 *   new title instead
 * @KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND: no tile, hex, node, path, variant or
 *   corporation of that id or index
 * @KOL_TITLE_DOCUMENT_ERROR_EXISTS: the id is taken
 * @KOL_TITLE_DOCUMENT_ERROR_INVALID: the value is not allowed there
 * @KOL_TITLE_DOCUMENT_ERROR_NOTHING: there is nothing to undo, redo or change
 * @KOL_TITLE_DOCUMENT_ERROR_CHANGED_ON_DISK: a file changed on disk since it
 *   was read: reload it or keep the editor's version first
 */
typedef enum
{
  KOL_TITLE_DOCUMENT_ERROR_READ,
  KOL_TITLE_DOCUMENT_ERROR_WRITE,
  KOL_TITLE_DOCUMENT_ERROR_BUILT_IN,
  KOL_TITLE_DOCUMENT_ERROR_NOT_FOUND,
  KOL_TITLE_DOCUMENT_ERROR_EXISTS,
  KOL_TITLE_DOCUMENT_ERROR_INVALID,
  KOL_TITLE_DOCUMENT_ERROR_NOTHING,
  KOL_TITLE_DOCUMENT_ERROR_CHANGED_ON_DISK,
} KolTitleDocumentError;

/**
 * KolTitleFile:
 * @KOL_TITLE_FILE_GAME: game.json
 * @KOL_TITLE_FILE_TILES: tiles.json
 * @KOL_TITLE_FILE_MAP: map.json
 */
typedef enum
{
  KOL_TITLE_FILE_GAME,
  KOL_TITLE_FILE_TILES,
  KOL_TITLE_FILE_MAP,
} KolTitleFile;

#define KOL_TITLE_N_FILES 3

/**
 * KolTitleChange:
 * @KOL_TITLE_CHANGE_GAME: game.json: texts, corporations, homes
 * @KOL_TITLE_CHANGE_TILES: the tile manifest
 * @KOL_TITLE_CHANGE_HEXES: hexes of the map (or of a variant)
 * @KOL_TITLE_CHANGE_GRID: the layout, the axes, hexes added or removed
 * @KOL_TITLE_CHANGE_VARIANTS: the variant overlays
 * @KOL_TITLE_CHANGE_ALL: everything (a whole file changed)
 *
 * What a change touched, passed with #KolTitleDocument::changed so that a
 * live preview redraws only what it must.
 */
typedef enum
{
  KOL_TITLE_CHANGE_GAME     = 1 << 0,
  KOL_TITLE_CHANGE_TILES    = 1 << 1,
  KOL_TITLE_CHANGE_HEXES    = 1 << 2,
  KOL_TITLE_CHANGE_GRID     = 1 << 3,
  KOL_TITLE_CHANGE_VARIANTS = 1 << 4,
  KOL_TITLE_CHANGE_ALL      = 0x1f,
} KolTitleChange;

/**
 * KolBorderKind:
 * @KOL_BORDER_NONE: no border on that edge
 * @KOL_BORDER_DRAWN: a boundary that is only drawn
 * @KOL_BORDER_IMPASSABLE: no track may cross the edge
 */
typedef enum
{
  KOL_BORDER_NONE,
  KOL_BORDER_DRAWN,
  KOL_BORDER_IMPASSABLE,
} KolBorderKind;

/**
 * KolGridLine:
 * @KOL_GRID_COLUMN: the hexes sharing an x coordinate
 * @KOL_GRID_ROW: the hexes sharing a y coordinate
 */
typedef enum
{
  KOL_GRID_COLUMN,
  KOL_GRID_ROW,
} KolGridLine;

/* A tile reference naming the pre-printed tile of a hex rather than a
 * manifest tile: "hex:C5". */
#define KOL_HEX_TILE_PREFIX "hex:"

#define KOL_TYPE_TITLE_CHANGE (kol_title_change_get_type ())
#define KOL_TYPE_TITLE_DOCUMENT (kol_title_document_get_type ())

G_DECLARE_FINAL_TYPE (KolTitleDocument, kol_title_document, KOL, TITLE_DOCUMENT, GObject)

GType             kol_title_change_get_type        (void);
GQuark            kol_title_document_error_quark   (void);

/* ---- opening and saving ---------------------------------------------------- */

KolTitleDocument *kol_title_document_new_from_directory (const char       *dir,
                                                         GError          **error);
KolTitleDocument *kol_title_document_new_from_template  (const char       *template_dir,
                                                         const char       *id,
                                                         GError          **error);
char             *kol_title_document_find_template      (const char       *name);
char             *kol_title_document_user_games_dir     (void);
gboolean          kol_title_document_is_valid_id        (const char       *id);

const char       *kol_title_document_get_path      (KolTitleDocument *self);
const char       *kol_title_document_get_id        (KolTitleDocument *self);
gboolean          kol_title_document_get_built_in  (KolTitleDocument *self);
gboolean          kol_title_document_get_modified  (KolTitleDocument *self);

gboolean  kol_title_document_save              (KolTitleDocument *self,
                                                GError          **error);
gboolean  kol_title_document_save_as           (KolTitleDocument *self,
                                                const char       *id,
                                                GError          **error);
gboolean  kol_title_document_save_to_directory (KolTitleDocument *self,
                                                const char       *dir,
                                                GError          **error);
char     *kol_title_document_serialize         (KolTitleDocument *self,
                                                KolTitleFile      file);
char     *kol_title_document_dup_text          (KolTitleDocument *self,
                                                KolTitleFile      file);

/* ---- hand edits on disk (kol-title-document-disk.c) ------------------------ */

gboolean  kol_title_document_watch               (KolTitleDocument *self,
                                                  GError          **error);
guint     kol_title_document_get_changed_on_disk (KolTitleDocument *self);
gboolean  kol_title_document_reload_from_disk    (KolTitleDocument *self,
                                                  GError          **error);
void      kol_title_document_keep_own            (KolTitleDocument *self);

/* ---- reading ----------------------------------------------------------------
 * Borrowed nodes, valid until the next change. */

JsonNode   *kol_title_document_get_root         (KolTitleDocument *self,
                                                 KolTitleFile      file);
JsonNode   *kol_title_document_get_value        (KolTitleDocument *self,
                                                 KolTitleFile      file,
                                                 const char       *path);
JsonObject *kol_title_document_get_tile         (KolTitleDocument *self,
                                                 const char       *tile);
JsonObject *kol_title_document_get_hex          (KolTitleDocument *self,
                                                 const char       *hex);
char       *kol_title_document_dup_tile_path    (KolTitleDocument *self,
                                                 const char       *tile,
                                                 KolTitleFile     *file);
char       *kol_title_document_dup_hex_path     (KolTitleDocument *self,
                                                 const char       *hex);
GStrv       kol_title_document_dup_tile_ids     (KolTitleDocument *self);
GStrv       kol_title_document_dup_hex_ids      (KolTitleDocument *self);
GStrv       kol_title_document_dup_variant_ids  (KolTitleDocument *self);
GStrv       kol_title_document_dup_homes_on_hex (KolTitleDocument *self,
                                                 const char       *hex);

/* ---- undo and redo --------------------------------------------------------- */

gboolean    kol_title_document_get_can_undo   (KolTitleDocument *self);
gboolean    kol_title_document_get_can_redo   (KolTitleDocument *self);
const char *kol_title_document_get_undo_label (KolTitleDocument *self);
const char *kol_title_document_get_redo_label (KolTitleDocument *self);
gboolean    kol_title_document_undo           (KolTitleDocument *self);
gboolean    kol_title_document_redo           (KolTitleDocument *self);
void        kol_title_document_break_merge    (KolTitleDocument *self);
void        kol_title_document_clear_history  (KolTitleDocument *self);

/* ---- generic edits (each one command) ------------------------------------- */

gboolean          kol_title_document_set_value     (KolTitleDocument *self,
                                                    KolTitleFile      file,
                                                    const char       *path,
                                                    JsonNode         *value,
                                                    GError          **error);
gboolean          kol_title_document_insert_value  (KolTitleDocument *self,
                                                    KolTitleFile      file,
                                                    const char       *array_path,
                                                    int               index,
                                                    JsonNode         *value,
                                                    GError          **error);
gboolean          kol_title_document_set_text      (KolTitleDocument *self,
                                                    KolTitleFile      file,
                                                    const char       *path,
                                                    const char       *language,
                                                    const char       *text,
                                                    GError          **error);

/* ---- tiles --------------------------------------------------------------------
 * @tile is a manifest tile id or "hex:<id>" for a hex's pre-printed tile
 * (in the variant being edited); id, colour and count exist only on
 * manifest tiles. */

gboolean kol_title_document_add_tile                (KolTitleDocument *self,
                                                     const char       *id,
                                                     const char       *color,
                                                     GError          **error);
gboolean kol_title_document_add_tile_body           (KolTitleDocument *self,
                                                     JsonNode         *tile,
                                                     GError          **error);
gboolean kol_title_document_duplicate_tile          (KolTitleDocument *self,
                                                     const char       *id,
                                                     const char       *new_id,
                                                     GError          **error);
gboolean kol_title_document_delete_tile             (KolTitleDocument *self,
                                                     const char       *id,
                                                     GError          **error);
gboolean kol_title_document_set_tile_color          (KolTitleDocument *self,
                                                     const char       *id,
                                                     const char       *color,
                                                     GError          **error);
gboolean kol_title_document_set_tile_count          (KolTitleDocument *self,
                                                     const char       *id,
                                                     int               count,
                                                     GError          **error);
gboolean kol_title_document_set_tile_label          (KolTitleDocument *self,
                                                     const char       *tile,
                                                     const char       *label,
                                                     GError          **error);
gboolean kol_title_document_set_tile_frame          (KolTitleDocument *self,
                                                     const char       *tile,
                                                     const char       *frame,
                                                     GError          **error);
gboolean kol_title_document_set_tile_icons          (KolTitleDocument *self,
                                                     const char       *tile,
                                                     JsonNode         *icons,
                                                     GError          **error);
gboolean kol_title_document_set_tile_rotations      (KolTitleDocument *self,
                                                     const char       *tile,
                                                     guint             mask,
                                                     GError          **error);
gboolean kol_title_document_set_tile_upgrades_to    (KolTitleDocument   *self,
                                                     const char         *tile,
                                                     const char * const *ids,
                                                     GError            **error);
gboolean kol_title_document_set_tile_upgrade_policy (KolTitleDocument *self,
                                                     const char       *tile,
                                                     const char       *policy,
                                                     GError          **error);
gboolean kol_title_document_set_tile_lay_only_on    (KolTitleDocument   *self,
                                                     const char         *tile,
                                                     const char * const *hexes,
                                                     GError            **error);

char     *kol_title_document_add_node            (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *kind,
                                                  GError          **error);
gboolean  kol_title_document_remove_node         (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *node,
                                                  GError          **error);
gboolean  kol_title_document_set_node_kind       (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *node,
                                                  const char       *kind,
                                                  GError          **error);
gboolean  kol_title_document_set_node_slots      (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *node,
                                                  int               slots,
                                                  GError          **error);
gboolean  kol_title_document_set_node_revenue    (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *node,
                                                  int               revenue,
                                                  GError          **error);
gboolean  kol_title_document_set_node_revenue_by (KolTitleDocument   *self,
                                                  const char         *tile,
                                                  const char         *node,
                                                  const char         *by,
                                                  const char * const *keys,
                                                  const int          *values,
                                                  GError            **error);
gboolean  kol_title_document_set_node_loc        (KolTitleDocument *self,
                                                  const char       *tile,
                                                  const char       *node,
                                                  const char       *loc,
                                                  GError          **error);

int      kol_title_document_add_path       (KolTitleDocument *self,
                                            const char       *tile,
                                            const char       *a,
                                            const char       *b,
                                            const char       *track,
                                            GError          **error);
gboolean kol_title_document_remove_path    (KolTitleDocument *self,
                                            const char       *tile,
                                            guint             index,
                                            GError          **error);
gboolean kol_title_document_set_path_ends  (KolTitleDocument *self,
                                            const char       *tile,
                                            guint             index,
                                            const char       *a,
                                            const char       *b,
                                            GError          **error);
gboolean kol_title_document_set_path_track (KolTitleDocument *self,
                                            const char       *tile,
                                            guint             index,
                                            const char       *track,
                                            GError          **error);
gboolean kol_title_document_set_path_lanes    (KolTitleDocument *self,
                                               const char       *tile,
                                               guint             index,
                                               int               lanes,
                                               GError          **error);
gboolean kol_title_document_set_path_terminal (KolTitleDocument *self,
                                               const char       *tile,
                                               guint             index,
                                               int               terminal,
                                               GError          **error);

/* ---- hexes (of the variant being edited) ----------------------------------- */

gboolean kol_title_document_set_hex_color              (KolTitleDocument *self,
                                                        const char       *hex,
                                                        const char       *color,
                                                        GError          **error);
gboolean kol_title_document_set_hex_terrain            (KolTitleDocument *self,
                                                        const char       *hex,
                                                        const char       *type,
                                                        int               cost,
                                                        GError          **error);
gboolean kol_title_document_set_hex_tile               (KolTitleDocument *self,
                                                        const char       *hex,
                                                        JsonNode         *tile,
                                                        int               rotation,
                                                        GError          **error);
gboolean kol_title_document_set_hex_tile_from_manifest (KolTitleDocument *self,
                                                        const char       *hex,
                                                        const char       *tile,
                                                        int               rotation,
                                                        GError          **error);
gboolean kol_title_document_set_hex_rotation           (KolTitleDocument *self,
                                                        const char       *hex,
                                                        int               rotation,
                                                        GError          **error);
gboolean kol_title_document_set_hex_name               (KolTitleDocument *self,
                                                        const char       *hex,
                                                        const char       *en,
                                                        const char       *ru,
                                                        GError          **error);
gboolean kol_title_document_set_hex_border             (KolTitleDocument *self,
                                                        const char       *hex,
                                                        int               edge,
                                                        KolBorderKind     kind,
                                                        GError          **error);
gboolean kol_title_document_set_hex_tags               (KolTitleDocument   *self,
                                                        const char         *hex,
                                                        const char * const *tags,
                                                        GError            **error);
gboolean kol_title_document_set_home                   (KolTitleDocument *self,
                                                        const char       *corporation,
                                                        const char       *hex,
                                                        int               city,
                                                        GError          **error);

/* ---- the grid ------------------------------------------------------------------ */

gboolean          kol_title_document_set_layout    (KolTitleDocument *self,
                                                    const char       *layout,
                                                    GError          **error);
gboolean          kol_title_document_set_axes      (KolTitleDocument *self,
                                                    const char       *x,
                                                    const char       *y,
                                                    GError          **error);
gboolean          kol_title_document_get_extent    (KolTitleDocument *self,
                                                    int              *min_x,
                                                    int              *max_x,
                                                    int              *min_y,
                                                    int              *max_y);
gboolean          kol_title_document_add_hex       (KolTitleDocument *self,
                                                    const char       *hex,
                                                    const char       *color,
                                                    GError          **error);
gboolean          kol_title_document_remove_hex    (KolTitleDocument *self,
                                                    const char       *hex,
                                                    GError          **error);
guint             kol_title_document_add_line      (KolTitleDocument *self,
                                                    KolGridLine       line,
                                                    int               coordinate,
                                                    GError          **error);
guint             kol_title_document_remove_line   (KolTitleDocument *self,
                                                    KolGridLine       line,
                                                    int               coordinate,
                                                    GError          **error);

/* ---- variants -------------------------------------------------------------------- */

const char       *kol_title_document_get_variant   (KolTitleDocument *self);
gboolean          kol_title_document_set_variant   (KolTitleDocument *self,
                                                    const char       *variant,
                                                    GError          **error);
gboolean          kol_title_document_restore_hex   (KolTitleDocument *self,
                                                    const char       *hex,
                                                    GError          **error);

/* ---- validation ---------------------------------------------------------------- */

GListModel       *kol_title_document_validate      (KolTitleDocument   *self,
                                                    int                 n_players,
                                                    const char * const *options);
KolTitle         *kol_title_document_load_title    (KolTitleDocument   *self,
                                                    int                 n_players,
                                                    const char * const *options,
                                                    GError            **error);
gboolean          kol_title_document_check_playable (KolTitleDocument  *self,
                                                     GError           **error);
KolTitle         *kol_title_document_load_salvaged (KolTitleDocument   *self,
                                                    int                 n_players,
                                                    const char * const *options,
                                                    GError            **error);

/* ---- texts of game.json -------------------------------------------------------- */

gboolean          kol_title_document_set_title_name (KolTitleDocument *self,
                                                     const char       *language,
                                                     const char       *text,
                                                     GError          **error);

/* ---- game.json: the pages' edits (kol-title-document-game.c) ------------------- */

gboolean          kol_title_document_set_game_value   (KolTitleDocument *self,
                                                       const char       *path,
                                                       JsonNode         *value,
                                                       const char       *label,
                                                       GError          **error);
gboolean          kol_title_document_set_game_text    (KolTitleDocument *self,
                                                       const char       *path,
                                                       const char       *language,
                                                       const char       *text,
                                                       const char       *label,
                                                       GError          **error);
int               kol_title_document_add_game_item    (KolTitleDocument *self,
                                                       const char       *list,
                                                       JsonNode         *item,
                                                       GError          **error);
gboolean          kol_title_document_remove_game_item (KolTitleDocument *self,
                                                       const char       *list,
                                                       guint             index,
                                                       GError          **error);
gboolean          kol_title_document_move_game_item   (KolTitleDocument *self,
                                                       const char       *list,
                                                       guint             from,
                                                       guint             to,
                                                       GError          **error);
gboolean          kol_title_document_rename_game_item (KolTitleDocument *self,
                                                       const char       *list,
                                                       guint             index,
                                                       const char       *new_id,
                                                       GError          **error);
gboolean          kol_title_document_set_players      (KolTitleDocument *self,
                                                       int               min,
                                                       int               max,
                                                       GError          **error);

G_END_DECLS
