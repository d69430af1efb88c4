/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kol-game-object-private.h"
#include "kol-record-import.h"
#include "kol-save-file.h"
#include "kol-title-info.h"
#include "kol-title-loader.h"

/*
 * KolGame and its files: a new game from a title's folder, a game opened
 * from a Koleya save or imported from an 18xx.games record, saving, and
 * the autosave (enabled, resumed, removed). Errors here name the file and
 * what went wrong in words, for the open and save dialogs.
 */

/* The data folder of the title with @id among the installed and the
 * user's titles. */
static char *
title_dir_for_id (const char *id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_strcmp0 (kol_title_info_get_id (info), id) == 0)
        return g_file_get_path (kol_title_info_get_directory (info));
    }
  return NULL;
}

/* @template_ names the file %1$s and the cause %2$s. */
static void
set_file_error (GError     **error,
                const char  *template_,
                GFile       *file,
                GError      *cause)
{
  g_autofree char *name = file != NULL ? g_file_get_parse_name (file) : g_strdup ("");
  const char *values[2] = { name, cause != NULL ? cause->message : "" };
  g_autofree char *text = kol_log_format_template (template_, values, 2);

  g_set_error_literal (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, text);
}

/**
 * kol_game_new:
 * @title_dir: the folder of the title's data
 * @n_players: how many play
 * @player_names: (array length=n_players): their names, in seating order
 * @options: (array zero-terminated=1) (nullable): the option ids chosen
 * @seed: the seed of the game's random draws
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): a new game
 */
KolGame *
kol_game_new (const char          *title_dir,
              int                  n_players,
              const char * const  *player_names,
              const char * const  *options,
              gint64               seed,
              GError             **error)
{
  static const char * const no_options[] = { NULL };
  g_autoptr(KolHistory) history = NULL;
  g_autoptr(GError) local = NULL;
  KolTitle *title;

  g_return_val_if_fail (title_dir != NULL, NULL);

  title = kol_title_loader_load (title_dir, n_players, options != NULL ? options : no_options, &local);
  if (title == NULL)
    {
      /* what is wrong where in which file is for the one who fixes the
       * data: details, after a blank line */
      g_set_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, "%s\n\n%s",
                   _("The game’s data has a problem, so a game of it cannot start. The editor shows what to fix."),
                   local->message);
      return NULL;
    }
  history = kol_history_new (title, n_players, NULL, player_names, seed, error);
  if (history == NULL)
    return NULL;
  return kol_game_new_for_history (history, title_dir);
}

/* The history of the save in @file (the slow part of opening: reading,
 * replaying), for a thread or the caller's. */
static KolHistory *
history_from_save (GFile   *file,
                   GError **error)
{
  g_autoptr(GError) local = NULL;
  KolHistory *history = kol_save_file_load (file, &local);

  if (history == NULL)
    /* Translators: %1$s is a file, %2$s what is wrong with it. */
    set_file_error (error, _("“%1$s” cannot be opened: %2$s"), file, local);
  return history;
}

/* The history replayed from the 18xx.games record in @file. */
static KolHistory *
history_from_record (GFile   *file,
                     GError **error)
{
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolHistory) history = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autoptr(GError) local = NULL;

  record = kol_record_load (file, &local);
  if (record != NULL)
    history = kol_record_import (record, KOL_RECORD_SEED_AUTO, NULL, NULL, NULL, NULL, &report, &local);
  if (history == NULL)
    {
      set_file_error (error, _("“%1$s” cannot be imported: %2$s"), file, local);
      return NULL;
    }
  if (report.stopped)
    {
      g_autofree char *where = kol_import_report_describe_stop (&report);
      g_autofree char *name = g_file_get_parse_name (file);
      const char *message = report.error != NULL ? report.error->message : "";
      const char *details = strstr (message, "\n\n");
      g_autofree char *human = details != NULL ? g_strndup (message, (gsize) (details - message)) : NULL;

      /* the move the rules refuse, in words; where it is in the record
       * and the engine's own words after a blank line, as details */
      if (human != NULL)
        g_set_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, "%s\n\n%s", human, where);
      else
        /* Translators: %1$s is a file, %2$s says which action failed and why. */
        g_set_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, _("“%1$s” does not replay to its end: %2$s"),
                     name, where);
      return NULL;
    }
  return g_steal_pointer (&history);
}

static KolGame *
game_for_loaded (KolHistory *history,
                 GFile      *save)
{
  g_autofree char *dir = title_dir_for_id (kol_history_get_title (history)->id);
  KolGame *self = kol_game_new_for_history (history, dir);

  if (save != NULL)
    self->path = g_object_ref (save);
  return self;
}

/**
 * kol_game_new_from_file:
 * @file: a Koleya save
 * @error: %KOL_GAME_ERROR_FILE with what is wrong
 *
 * Returns: (transfer full) (nullable): the saved game, at its last action
 */
KolGame *
kol_game_new_from_file (GFile   *file,
                        GError **error)
{
  g_autoptr(KolHistory) history = history_from_save (file, error);

  return history != NULL ? game_for_loaded (history, file) : NULL;
}

/**
 * kol_game_new_from_record:
 * @file: a game exported from 18xx.games
 * @error: %KOL_GAME_ERROR_FILE saying why and, when the replay stopped,
 *   at which action
 *
 * Returns: (transfer full) (nullable): the game, replayed to its last
 *   action
 */
KolGame *
kol_game_new_from_record (GFile   *file,
                          GError **error)
{
  g_autoptr(KolHistory) history = history_from_record (file, error);

  return history != NULL ? game_for_loaded (history, NULL) : NULL;
}

/* ---------------------------------------------------- loading in a thread */

typedef struct
{
  GFile   *file;
  gboolean record;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_object_unref (job->file);
  g_free (job);
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LoadJob *job = task_data;
  GError *error = NULL;
  KolHistory *history;

  history = job->record ? history_from_record (job->file, &error) : history_from_save (job->file, &error);
  if (history == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, history, g_object_unref);
}

/**
 * kol_game_load_async:
 * @file: a Koleya save, or a game exported from 18xx.games when @record
 * @record: whether @file is an 18xx.games record to import
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the caller's main context when the game is ready
 * @user_data: data for @callback
 *
 * Opens (or imports) @file in a worker thread: reading, checking and
 * replaying a file takes time in proportion to it, and the window must
 * never freeze meanwhile. Finish with kol_game_load_finish().
 */
void
kol_game_load_async (GFile               *file,
                     gboolean             record,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadJob *job;

  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (file);
  job->record = record;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, kol_game_load_async);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_in_thread);
}

/**
 * kol_game_load_finish:
 * @result: the result given to the callback of kol_game_load_async()
 * @error: %KOL_GAME_ERROR_FILE with what is wrong, or %G_IO_ERROR_CANCELLED
 *
 * Returns: (transfer full) (nullable): the game, at its last action (a
 *   save's game has it as #KolGame:path)
 */
KolGame *
kol_game_load_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_autoptr(KolHistory) history = NULL;
  LoadJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == kol_game_load_async, NULL);

  history = g_task_propagate_pointer (G_TASK (result), error);
  if (history == NULL)
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  return game_for_loaded (history, job->record ? NULL : job->file);
}

/**
 * kol_game_save:
 * @file: where to write (atomically)
 *
 * Returns: %TRUE on success; then #KolGame:path is @file and the game is
 *   no longer #KolGame:modified
 */
gboolean
kol_game_save (KolGame  *self,
               GFile    *file,
               GError  **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!kol_save_file_write (self->history, file, &local))
    {
      /* Translators: %1$s is a file, %2$s what went wrong. */
      set_file_error (error, _("The game cannot be saved to “%1$s”: %2$s"), file, local);
      return FALSE;
    }
  if (self->path == NULL || !g_file_equal (self->path, file))
    {
      g_set_object (&self->path, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
    }
  _kol_game_set_modified (self, FALSE);
  return TRUE;
}

/* ------------------------------------------------------------- autosave */

/* A new autosave file in @folder: "<title id>-<date>-<time>-<random>.koleya".
 * Title ids are checked when a title is loaded (kol_title_id_is_valid()),
 * and checked again here, so that no id can make the name leave @folder
 * or hide the file. */
static GFile *
new_autosave_file (GFile      *folder,
                   const char *title_id)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  const char *prefix = kol_title_id_is_valid (title_id) ? title_id : "game";
  g_autofree char *name = g_strdup_printf ("%s-%s-%08x%s", prefix, stamp, g_random_int (),
                                           KOL_SAVE_FILE_EXTENSION);
  GFile *file = g_file_get_child (folder, name);
  g_autoptr(GFile) parent = g_file_get_parent (file);

  g_assert (g_file_equal (parent, folder));
  return file;
}

/**
 * kol_game_enable_autosave:
 * @dir: (nullable): the folder for autosaves; %NULL for
 *   kol_history_get_autosave_dir()
 *
 * From now on every change of the line of play is written to a file in
 * @dir. A game opened from that folder (resumed) keeps its file. When a
 * write fails, #KolGame:autosave-error says why and every change tries
 * again (the folder is created again if needed).
 *
 * Returns: %TRUE when the first write succeeded; otherwise @error says why
 */
gboolean
kol_game_enable_autosave (KolGame     *self,
                          const char  *dir,
                          GError     **error)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);

  if (dir == NULL)
    dir = default_dir = kol_history_get_autosave_dir ();
  folder = g_file_new_for_path (dir);
  parent = self->path != NULL ? g_file_get_parent (self->path) : NULL;
  if (parent != NULL && g_file_equal (parent, folder))
    {
      /* resumed: the autosave goes on in its own file, which is not a
       * place the players chose to save to */
      file = g_steal_pointer (&self->path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
      _kol_game_set_modified (self, TRUE);
    }
  else
    file = new_autosave_file (folder, kol_game_get_title (self)->id);
  ok = kol_history_set_autosave_file (self->history, file, &local);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_FILE]);
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local));
  return ok;
}

/**
 * kol_game_get_autosave_error:
 *
 * Returns: (transfer none) (nullable): why the last write of the autosave
 *   failed, %NULL while autosaving works or is off
 */
const GError *
kol_game_get_autosave_error (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_history_get_autosave_error (self->history);
}

/**
 * kol_game_get_autosaved_n_actions:
 *
 * Returns: how many actions the autosave on disk holds, -1 when there is
 *   none (never written, or removed)
 */
int
kol_game_get_autosaved_n_actions (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), -1);
  return kol_history_get_autosaved_n_actions (self->history);
}

/**
 * kol_game_retry_autosave:
 *
 * Writes the autosave now, after a failure (space freed, folder made
 * writable), without waiting for the next move.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_retry_autosave (KolGame  *self,
                         GError  **error)
{
  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  return kol_history_autosave_now (self->history, error);
}

/**
 * kol_game_remove_autosave:
 *
 * Deletes the autosave and stops autosaving: for a game closed on purpose
 * (saved, finished or abandoned).
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_remove_autosave (KolGame  *self,
                          GError  **error)
{
  gboolean had;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  had = kol_history_get_autosave_file (self->history) != NULL;
  if (!kol_history_remove_autosave (self->history, error))
    return FALSE;
  if (had)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_FILE]);
  return TRUE;
}

/**
 * kol_game_get_autosave_file:
 *
 * Returns: (transfer none) (nullable): where the game is autosaved
 */
GFile *
kol_game_get_autosave_file (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_history_get_autosave_file (self->history);
}
