/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "kol-engine-title.h"
#include "kol-history.h"

G_BEGIN_DECLS

/*
 * Koleya's save files (docs/save-format.md): JSON holding the configuration
 * of a game and its action log in the 18xx.games vocabulary. The state is
 * never stored: loading replays the log through the engine, so a save made
 * by one version of the rules is checked by the next.
 */

#define KOL_SAVE_FILE_ERROR (kol_save_file_error_quark ())

/**
 * KolSaveFileError:
 * @KOL_SAVE_FILE_ERROR_READ: the file cannot be read
 * @KOL_SAVE_FILE_ERROR_SYNTAX: the file is not JSON (truncated, corrupted)
 * @KOL_SAVE_FILE_ERROR_FORMAT: the file is JSON but not a Koleya save
 * @KOL_SAVE_FILE_ERROR_VERSION: a newer Koleya wrote the file
 * @KOL_SAVE_FILE_ERROR_TITLE: the title is unknown, its data is older than
 *   the file's, or it refuses the players or options
 * @KOL_SAVE_FILE_ERROR_INVALID: a field has the wrong type or value
 * @KOL_SAVE_FILE_ERROR_REPLAY: an action of the log cannot be read or the
 *   rules refuse it
 * @KOL_SAVE_FILE_ERROR_WRITE: the file cannot be written
 */
typedef enum
{
  KOL_SAVE_FILE_ERROR_READ,
  KOL_SAVE_FILE_ERROR_SYNTAX,
  KOL_SAVE_FILE_ERROR_FORMAT,
  KOL_SAVE_FILE_ERROR_VERSION,
  KOL_SAVE_FILE_ERROR_TITLE,
  KOL_SAVE_FILE_ERROR_INVALID,
  KOL_SAVE_FILE_ERROR_REPLAY,
  KOL_SAVE_FILE_ERROR_WRITE,
} KolSaveFileError;

/* The "format" member of every save, and the newest version this Koleya
 * writes and reads. */
#define KOL_SAVE_FILE_FORMAT "koleya-save"
#define KOL_SAVE_FILE_VERSION 1

/**
 * KolTitleResolver:
 * @title_id: a title id ("1849")
 * @n_players: the player count
 * @options: (array zero-terminated=1): the option ids in effect, sorted
 * @user_data: closure data
 * @title_free: (out): how the caller frees the title (kol_title_free()),
 *   or %NULL when the resolver keeps it alive (a cache)
 * @error: return location for a #GError
 *
 * Loads a title for one configuration.
 *
 * Returns: (nullable): the title.
 */
typedef KolTitle *(*KolTitleResolver) (const char         *title_id,
                                       int                 n_players,
                                       const char * const *options,
                                       gpointer            user_data,
                                       GDestroyNotify     *title_free,
                                       GError            **error);

GQuark      kol_save_file_error_quark   (void);

KolTitle   *kol_save_file_load_title    (const char          *title_id,
                                         int                  n_players,
                                         const char * const  *options,
                                         gpointer             user_data,
                                         GDestroyNotify      *title_free,
                                         GError             **error);

JsonNode   *kol_save_file_parse_json    (const char          *data,
                                         gsize                length,
                                         GQuark               domain,
                                         int                  syntax_code,
                                         GError             **error);
char       *kol_save_file_locate        (const char          *data,
                                         gsize                length,
                                         const char          *path);

GBytes     *kol_save_file_read          (GFile               *file,
                                         GQuark               domain,
                                         int                  code,
                                         GError             **error);
GBytes     *kol_save_file_serialize     (KolHistory          *history);
gboolean    kol_save_file_write         (KolHistory          *history,
                                         GFile               *file,
                                         GError             **error);
gboolean    kol_save_file_write_bytes   (GBytes              *bytes,
                                         GFile               *file,
                                         GError             **error);
gboolean    kol_save_file_is_leftover   (const char          *name);
guint       kol_save_file_remove_leftovers (const char       *dir,
                                            GTimeSpan         min_age);

KolHistory *kol_save_file_load            (GFile               *file,
                                           GError             **error);
KolHistory *kol_save_file_load_bytes      (GBytes              *bytes,
                                           KolTitleResolver     resolver,
                                           gpointer             user_data,
                                           GError             **error);
KolHistory *kol_save_file_load_bytes_full (GBytes            *bytes,
                                           KolTitleResolver   resolver,
                                           gpointer           user_data,
                                           KolHistory       **partial,
                                           GError           **error);
gboolean    kol_save_file_is_save         (JsonNode            *root);

G_END_DECLS
