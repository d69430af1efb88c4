/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "kol-history.h"
#include "kol-save-file.h"

G_BEGIN_DECLS

/*
 * Games exported from 18xx.games (Tools → Copy): the record format of
 * ../shared/reference/18xx-games-format.md. A record is parsed (settings,
 * players, seed, undo/redo filtering), then replayed through the engine into
 * a KolHistory, stopping at the first action the rules refuse.
 */

#define KOL_RECORD_IMPORT_ERROR (kol_record_import_error_quark ())

/**
 * KolRecordImportError:
 * @KOL_RECORD_IMPORT_ERROR_READ: the file cannot be read
 * @KOL_RECORD_IMPORT_ERROR_SYNTAX: the file is not JSON
 * @KOL_RECORD_IMPORT_ERROR_FORMAT: the JSON is not an 18xx.games record
 * @KOL_RECORD_IMPORT_ERROR_TITLE: Koleya does not have the record's title,
 *   or the title refuses its players or options
 * @KOL_RECORD_IMPORT_ERROR_INVALID: a field is wrong (players, settings,
 *   an undo that names no action…)
 * @KOL_RECORD_IMPORT_ERROR_REPLAY: the replay stopped at an action
 */
typedef enum
{
  KOL_RECORD_IMPORT_ERROR_READ,
  KOL_RECORD_IMPORT_ERROR_SYNTAX,
  KOL_RECORD_IMPORT_ERROR_FORMAT,
  KOL_RECORD_IMPORT_ERROR_TITLE,
  KOL_RECORD_IMPORT_ERROR_INVALID,
  KOL_RECORD_IMPORT_ERROR_REPLAY,
} KolRecordImportError;

/**
 * KolRecordSeedMode:
 * @KOL_RECORD_SEED_AUTO: as the engine that played the game: before 2024
 *   (commit 7959e35c6 of 2023-12-31) it always used the digits of the game
 *   id; since then `settings.seed`. A record created before 2024 gets the id
 *   digits (a migrated record has them as its seed anyway), a later one
 *   `settings.seed`
 * @KOL_RECORD_SEED_SETTINGS: `settings.seed` if present and not "", else
 *   the first run of digits in the game id (today's engine)
 * @KOL_RECORD_SEED_GAME_ID: the first run of digits in the game id (the
 *   engine before 2024, for records that were not migrated)
 */
typedef enum
{
  KOL_RECORD_SEED_AUTO,
  KOL_RECORD_SEED_SETTINGS,
  KOL_RECORD_SEED_GAME_ID,
} KolRecordSeedMode;

/**
 * KolRecordAction:
 * @index: position in the record's `actions` (0-based)
 * @node: the action
 */
typedef struct
{
  guint     index;
  JsonNode *node;
} KolRecordAction;

/**
 * KolRecord:
 *
 * A parsed record. @kept are the actions to process after undo/redo
 * filtering, in order.
 */
typedef struct
{
  char      *title_id;
  char      *game_id;                         /* as text */
  int        n_players;
  int        player_ids[KOL_MAX_PLAYERS];
  char      *player_names[KOL_MAX_PLAYERS + 1];
  GPtrArray *options;                          /* char*, sorted, as in the record */
  gboolean   has_settings_seed;
  gint64     settings_seed;
  gboolean   has_id_seed;
  gint64     id_seed;
  gint64     created_at;                       /* 0 when absent */
  guint      n_raw;
  GArray    *kept;                             /* KolRecordAction */
  guint      n_undo;
  guint      n_redo;
  guint      n_dropped;
  JsonNode  *result;                           /* {id: score} or NULL */
  char      *end_reason;
  GPtrArray *notes;                            /* char*, translated */
  JsonNode  *root;
  GBytes    *bytes;                            /* the file, for positions; may be NULL */
} KolRecord;

/**
 * KolImportReport:
 *
 * How far a replay went and what it found.
 */
typedef struct
{
  gint64     seed;
  guint      n_processed;   /* kept actions processed */
  gboolean   stopped;       /* TRUE when an action could not be processed */
  guint      failed_seq;    /* 1-based among the kept actions */
  guint      failed_index;  /* in the record's `actions` */
  gint64     failed_id;
  char      *failed_type;
  GError    *error;         /* why it stopped */
  char      *error_path;    /* JSON path of the field at fault, or NULL */
  GPtrArray *warnings;      /* char*, translated: routes that do not check */
  guint      n_routes_checked; /* claimed routes looked at by the route validator */
  guint      n_routes_valid;   /* of those, accepted by it (revenue may differ) */
  GPtrArray *notes;         /* char*, translated: seed, ignored options */
  gboolean   finished;
  gboolean   result_checked;
  gboolean   result_matches;
  JsonNode  *result;        /* our scores by player id, when finished */
} KolImportReport;

/**
 * KolRecordStepFunc:
 * @history: the game, after the action
 * @seq: 1-based number of the action among the kept ones
 * @action: the action processed
 * @user_data: closure data
 *
 * Called after every action of a replay.
 *
 * Returns: %FALSE to stop the replay there.
 */
typedef gboolean (*KolRecordStepFunc) (KolHistory            *history,
                                       guint                  seq,
                                       const KolRecordAction *action,
                                       gpointer               user_data);

GQuark      kol_record_import_error_quark (void);

KolRecord  *kol_record_parse          (GBytes             *bytes,
                                       GError            **error);
KolRecord  *kol_record_parse_node     (JsonNode           *root,
                                       GError            **error);
KolRecord  *kol_record_load           (GFile              *file,
                                       GError            **error);
void        kol_record_free           (KolRecord          *record);
gboolean    kol_record_is_record      (JsonNode           *root);
gint64      kol_record_choose_seed    (KolRecord          *record,
                                       KolRecordSeedMode   mode,
                                       char              **note);

KolHistory *kol_record_import         (KolRecord          *record,
                                       KolRecordSeedMode   mode,
                                       KolTitleResolver    resolver,
                                       gpointer            resolver_data,
                                       KolRecordStepFunc   step,
                                       gpointer            step_data,
                                       KolImportReport    *report,
                                       GError            **error);

KolTitle   *kol_record_load_title     (KolRecord          *record,
                                       KolTitleResolver    resolver,
                                       gpointer            resolver_data,
                                       GPtrArray          *notes,
                                       GDestroyNotify     *title_free,
                                       GError            **error);
KolRecord  *kol_save_file_to_record   (JsonNode           *root,
                                       GError            **error);
void        kol_record_replay         (KolRecord          *record,
                                       KolHistory         *history,
                                       KolRecordStepFunc   step,
                                       gpointer            step_data,
                                       KolImportReport    *report);

JsonNode   *kol_record_export         (KolHistory         *history);

void  kol_import_report_clear         (KolImportReport    *report);
char *kol_import_report_describe_stop (KolImportReport *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolRecord, kol_record_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KolImportReport, kol_import_report_clear)

G_END_DECLS
