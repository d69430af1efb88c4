/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kol-engine-title.h"

G_BEGIN_DECLS

/*
 * Reading a title's data folder (game.json, tiles.json, map.json; see
 * data/games/README.md) into the engine's KolTitle, resolved for one
 * configuration: a player count and the options in effect. Map variants and
 * selectors are applied here; the engine never sees them.
 *
 * Loading stops nowhere: every problem of every file is collected, with the
 * file, the JSON path, the line and column and a translated message, so the
 * editor and `koleya-cli validate` can list them all. kol_title_loader_load()
 * succeeds only when there is none.
 */

#define KOL_TITLE_LOADER_ERROR (kol_title_loader_error_quark ())

/**
 * KolTitleLoaderError:
 * @KOL_TITLE_LOADER_ERROR_READ: a file is missing or unreadable
 * @KOL_TITLE_LOADER_ERROR_SYNTAX: a file is not JSON
 * @KOL_TITLE_LOADER_ERROR_INVALID: the data is inconsistent or incomplete
 * @KOL_TITLE_LOADER_ERROR_CONFIGURATION: the player count or an option does
 *   not fit the title
 * @KOL_TITLE_LOADER_ERROR_RULES: the title's rules module cannot play the
 *   data, which is otherwise a sound title (it can be drawn and printed)
 */
typedef enum
{
  KOL_TITLE_LOADER_ERROR_READ,
  KOL_TITLE_LOADER_ERROR_SYNTAX,
  KOL_TITLE_LOADER_ERROR_INVALID,
  KOL_TITLE_LOADER_ERROR_CONFIGURATION,
  KOL_TITLE_LOADER_ERROR_RULES,
} KolTitleLoaderError;

/* The three files of a title folder. */
#define KOL_TITLE_GAME_FILE  "game.json"
#define KOL_TITLE_TILES_FILE "tiles.json"
#define KOL_TITLE_MAP_FILE   "map.json"

/**
 * KolTitleProblem:
 * @kind: a #KolTitleLoaderError
 * @file: the file's path as opened (folder + file name)
 * @path: the JSON path of the offending value, e.g.
 *   `$.hexes[12].tile.paths[3].b`, or %NULL for the whole file
 * @line: 1-based line where the value starts, 0 when unknown
 * @column: 1-based column in characters, 0 when unknown
 * @message: what is wrong, translated
 */
typedef struct
{
  int   kind;
  char *file;
  char *path;
  int   line;
  int   column;
  char *message;
} KolTitleProblem;

/**
 * KolTitleStats:
 *
 * What a loaded configuration holds, for reports and data tests. Tile copies
 * count the physical tiles of the manifest; tiles with an unlimited count
 * are counted in @unlimited_tiles only.
 */
typedef struct
{
  int   n_players;
  guint hexes;
  guint tiles;                          /* manifest tile types */
  guint tile_copies;
  guint unlimited_tiles;
  guint tiles_by_color[KOL_N_COLORS];   /* copies */
  guint tile_types_by_color[KOL_N_COLORS];
  guint phases;
  guint train_types;
  guint train_copies;                   /* unlimited trains not counted */
  guint companies;
  guint corporations;
  guint options;                        /* in effect */
  int   bank;                           /* -1 unlimited */
  int   starting_cash;
  int   cert_limit;
} KolTitleStats;

/**
 * KolTitleConfig:
 * @n_players: a player count
 * @options: (array zero-terminated=1): the option ids in effect, in the
 *   order of game.json
 */
typedef struct
{
  int    n_players;
  char **options;
} KolTitleConfig;

/* The three files of a title folder, read and parsed once, for loading
 * several configurations (the editor, `koleya-cli validate`). Not for use
 * from several threads at once. */
typedef struct _KolTitleSource KolTitleSource;

GQuark      kol_title_loader_error_quark       (void);

KolTitleSource *kol_title_source_new                 (const char         *dir);
KolTitleSource *kol_title_source_new_for_texts       (const char         *dir,
                                                      const char * const *texts,
                                                      const gssize       *lengths);
void            kol_title_source_set_board_only      (KolTitleSource     *source,
                                                      gboolean            board_only);
void            kol_title_source_free                (KolTitleSource     *source);
KolTitle       *kol_title_source_load                (KolTitleSource     *source,
                                                      int                 n_players,
                                                      const char * const *options,
                                                      GError            **error);
GPtrArray      *kol_title_source_validate            (KolTitleSource     *source,
                                                      int                 n_players,
                                                      const char * const *options,
                                                      KolTitleStats      *stats_out);
GPtrArray      *kol_title_source_list_configurations (KolTitleSource   *source,
                                                      GError          **error);

/* The same for a folder read just for this call. */

KolTitle  *kol_title_loader_load                (const char         *dir,
                                                 int                 n_players,
                                                 const char * const *options,
                                                 GError            **error);
GPtrArray *kol_title_loader_validate            (const char         *dir,
                                                 int                 n_players,
                                                 const char * const *options,
                                                 KolTitleStats      *stats_out);
GPtrArray *kol_title_loader_list_configurations (const char       *dir,
                                                 GError          **error);

char       *kol_title_problem_format           (const KolTitleProblem *problem);
JsonNode   *kol_title_problem_to_json          (const KolTitleProblem *problem);
JsonNode   *kol_title_problems_to_json         (GPtrArray             *problems);
JsonNode   *kol_title_stats_to_json            (const KolTitleStats   *stats);
void        kol_title_problem_free             (KolTitleProblem       *problem);
void        kol_title_config_free              (KolTitleConfig        *config);
char       *kol_title_config_describe          (const KolTitleConfig  *config);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolTitleSource, kol_title_source_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolTitleProblem, kol_title_problem_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolTitleConfig, kol_title_config_free)

GStrv           kol_title_loader_dup_rules_modules   (void);

G_END_DECLS
