/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-display-text.h"
#include "kol-file-dialogs.h"
#include "kol-file-set.h"
#include "kol-history.h"
#include "kol-message-dialog.h"
#include "kol-save-file.h"
#include "kol-new-game-dialog.h"
#include "kol-title-document.h"
#include "kol-title-info.h"
#include "kol-window-private.h"

/*
 * The game actions of KolWindow: new game, open, import, save, save as,
 * undo, redo, zoom, close the game, and resuming an autosaved or recent
 * game from the start page. Part of KolWindow (kol-window-private.h).
 *
 * Every game on the table is autosaved in kol_history_get_autosave_dir()
 * ($XDG_DATA_HOME/koleya/autosave). A game left without saving keeps its
 * autosave, which the start page offers to resume; a game saved (or never
 * changed) when it leaves the table has its autosave removed.
 */

#define MAX_RECENT 5

static KolGame *
current_game (KolWindow *self)
{
  return kol_game_page_get_game (self->game_page);
}

static void
show_message (KolWindow  *self,
              const char *heading,
              const char *body)
{
  KolMessageDialog *dialog = kol_message_dialog_new_for_error (GTK_WINDOW (self), heading, body);

  kol_message_dialog_add_button (dialog, "close", _("_Close"), KOL_MESSAGE_BUTTON_SUGGESTED);
  kol_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
remember_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* ------------------------------------------------------ window state */

static void
update_title (KolWindow *self)
{
  KolGame *game = current_game (self);
  GFile *path;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (game == NULL || !g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "game"))
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Koleya"));
      return;
    }
  path = kol_game_get_path (game);
  name = path != NULL ? g_file_get_basename (path) : g_strdup (_("Unsaved Game"));
  /* Translators: the window title: "1849 — sicily.koleya •" (• when changed). */
  title = g_strdup_printf (_("%s — %s%s"), kol_game_get_title_name (game), name,
                           kol_game_get_modified (game) ? " •" : "");
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
set_enabled (KolWindow  *self,
             const char *name,
             gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/**
 * _kol_window_update_game_actions:
 *
 * The game actions mean something only while the table is shown (Ctrl+Z
 * and Ctrl+S then belong to the game, in the editor to the editor).
 */
static void stop_loading (KolWindow *self);

void
_kol_window_update_game_actions (KolWindow *self)
{
  KolGame *game = current_game (self);
  gboolean table = game != NULL && g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "game");

  /* a game being opened is dropped when the window goes elsewhere (a new
   * game, the editor) */
  if (self->loading != NULL && !g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "loading"))
    stop_loading (self);

  set_enabled (self, "save", table);
  set_enabled (self, "save-as", table);
  set_enabled (self, "close-game", table);
  set_enabled (self, "undo", table && kol_game_get_can_undo (game));
  set_enabled (self, "redo", table && kol_game_get_can_redo (game));
  set_enabled (self, "zoom-in", table);
  set_enabled (self, "zoom-out", table);
  set_enabled (self, "zoom-reset", table);
  gtk_widget_set_visible (self->undo_button, table);
  gtk_widget_set_visible (self->redo_button, table);
  update_title (self);
}

/* ------------------------------------------------------ the start page */

/* "sicily.koleya, 22.11.2026 12:30" for a recent save. */
static char *
describe_file (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE,
                                                 NULL, NULL);
  g_autoptr(GDateTime) time = info != NULL ? g_file_info_get_modification_date_time (info) : NULL;
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (base);
  g_autofree char *name = kol_display_isolate (display);
  g_autofree char *when = kol_display_when (time);

  if (when == NULL)
    return g_steal_pointer (&name);
  /* Translators: a file offered on the start page: "sicily.koleya, 22.11.2026 12:30". */
  return g_strdup_printf (_("%s, %s"), name, when);
}

static void
remove_leftovers_in_thread (GTask        *task,
                            gpointer      source,
                            gpointer      task_data,
                            GCancellable *cancellable)
{
  GPtrArray *dirs = task_data;
  g_autofree char *titles = kol_title_document_user_games_dir ();

  for (guint i = 0; i < dirs->len; i++)
    kol_save_file_remove_leftovers (g_ptr_array_index (dirs, i), KOL_AUTOSAVE_LEFTOVER_AGE);
  kol_file_set_recover (titles, KOL_AUTOSAVE_LEFTOVER_AGE);
  g_task_return_boolean (task, TRUE);
}

/* The temporary files that an interrupted save left next to the recent
 * saves go, and so do the halves of a title the editor was saving when it
 * stopped (kol_file_set_recover()), in a worker thread (the autosave
 * folder's go with its list). */
static void
remove_leftovers_near (GPtrArray *dirs)
{
  g_autoptr(GTask) task = NULL;

  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_task_data (task, g_ptr_array_ref (dirs), (GDestroyNotify) g_ptr_array_unref);
  g_task_run_in_thread (task, remove_leftovers_in_thread);
}

static void
add_recent_games (KolWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  int shown = 0;

  for (GList *l = items; l != NULL && shown < MAX_RECENT; l = l->next)
    {
      const char *uri = gtk_recent_info_get_uri (l->data);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFile) parent = NULL;
      g_autofree char *detail = NULL;
      g_autofree char *dir = NULL;

      if (!g_str_has_suffix (uri, KOL_SAVE_FILE_EXTENSION) || !g_str_has_prefix (uri, "file:"))
        continue;
      file = g_file_new_for_uri (uri);
      parent = g_file_get_parent (file);
      dir = parent != NULL ? g_file_get_path (parent) : NULL;
      if (dir != NULL && !g_ptr_array_find_with_equal_func (dirs, dir, g_str_equal, NULL))
        g_ptr_array_add (dirs, g_steal_pointer (&dir));
      if (!g_file_query_exists (file, NULL))
        continue;
      detail = describe_file (file);
      kol_start_page_add_resumable (self->start_page, file, _("Open a Recent Game"), detail);
      shown++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  remove_leftovers_near (dirs);
}

/**
 * _kol_window_refresh_resumable:
 *
 * Lists the interrupted games (every autosave, read in a worker thread)
 * and the recent saves on the start page.
 */
void
_kol_window_refresh_resumable (KolWindow *self)
{
  kol_autosave_list_reload_async (self->autosaves, NULL, NULL, NULL);
  kol_start_page_clear_resumable (self->start_page);
  add_recent_games (self);
}

/* ------------------------------------------------------ games in and out */

static void
game_notify_cb (KolWindow *self)
{
  _kol_window_update_game_actions (self);
}

/**
 * _kol_window_leave_game:
 *
 * Takes the game off the table. Its autosave stays when it has changes
 * not saved, so that it can be resumed.
 */
void
_kol_window_leave_game (KolWindow *self)
{
  KolGame *game = current_game (self);

  if (game == NULL)
    return;
  if (!kol_game_get_modified (game) && !kol_game_remove_autosave (game, NULL))
    g_debug ("The autosave of the game could not be removed");
  _kol_window_detach_computers (self, game);
  g_signal_handlers_disconnect_by_data (game, self);
  kol_game_page_set_game (self->game_page, NULL);
  if (g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "game"))
    gtk_stack_set_visible_child_name (self->main_stack, "start");
  _kol_window_refresh_resumable (self);
  _kol_window_update_game_actions (self);
}

static void
show_game (KolWindow *self,
           KolGame   *game)
{
  static const char *const watched[] = { "notify::can-undo", "notify::can-redo", "notify::modified",
                                         "notify::path" };
  g_autoptr(GError) error = NULL;

  _kol_window_leave_game (self);
  /* a failure shows in the table's banner, which stays while it lasts */
  if (!kol_game_enable_autosave (game, NULL, &error))
    g_debug ("%s", error->message);
  kol_game_page_set_game (self->game_page, game);
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    g_signal_connect_object (game, watched[i], G_CALLBACK (game_notify_cb), self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (self->main_stack, "game");
  /* the keyboard starts on the choices */
  kol_action_panel_focus_choices (kol_game_page_get_action_panel (self->game_page));
  _kol_window_attach_computers (self, game);
  _kol_window_update_game_actions (self);
}

/**
 * kol_window_show_game:
 * @self: a window
 * @game: a game to put on the table, instead of the one there
 *
 * Shows @game without asking (tests, the application's command line).
 */
void
kol_window_show_game (KolWindow *self,
                      KolGame   *game)
{
  g_return_if_fail (KOL_IS_WINDOW (self));
  g_return_if_fail (KOL_IS_GAME (game));

  show_game (self, game);
}

/** kol_window_get_game_page: Returns: (transfer none): the table */
KolGamePage *
kol_window_get_game_page (KolWindow *self)
{
  g_return_val_if_fail (KOL_IS_WINDOW (self), NULL);
  return self->game_page;
}

/* -------------------------------------------------- asking before leaving */

typedef struct
{
  KolWindow *self;
  KolWindowLeaveFunc func;
  gpointer data;
  GDestroyNotify destroy;
} Leave;

static void
leave_free (Leave *leave)
{
  if (leave->destroy != NULL)
    leave->destroy (leave->data);
  g_object_unref (leave->self);
  g_free (leave);
}

/**
 * _kol_window_game_needs_asking:
 *
 * Returns: whether the game on the table has moves not saved
 */
gboolean
_kol_window_game_needs_asking (KolWindow *self)
{
  KolGame *game = current_game (self);

  return game != NULL && kol_game_get_modified (game);
}

static void
leave_response_cb (KolMessageDialog *dialog,
                   const char       *response,
                   Leave            *leave)
{
  KolWindow *self = leave->self;
  KolGame *game = current_game (self);
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "save") == 0 && game != NULL &&
      !kol_game_save (game, kol_game_get_path (game), &error))
    {
      show_message (self, _("The Game Cannot Be Saved"), error->message);
      return;
    }
  if (g_strcmp0 (response, "save") == 0 || g_strcmp0 (response, "discard") == 0)
    leave->func (self, leave->data);
  else if (g_strcmp0 (response, "save-as") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
}

/* What closing without saving loses: only a resume that is on disk is
 * promised. */
static char *
describe_unsaved (KolGame *game)
{
  const GError *failure = kol_game_get_autosave_error (game);
  GFile *autosave = kol_game_get_autosave_file (game);
  int saved = autosave != NULL && g_file_query_exists (autosave, NULL) ? kol_game_get_autosaved_n_actions (game)
                                                                       : -1;

  if (failure == NULL && saved >= 0)
    return g_strdup (_("The game has moves that are not saved. If you close it without saving, it can still be "
                       "resumed from the start page."));
  if (failure == NULL)
    return g_strdup (_("The game has moves that are not saved. If you close it without saving, they are lost."));
  if (saved > 0)
    /* Translators: %1$s is why the autosave fails, %2$d the number of moves
     * its last good copy holds. */
    return g_strdup_printf (_("The game has moves that are not saved, and its autosave fails: %1$s\n\nIf you "
                              "close it without saving, only the game up to move %2$d can be resumed."),
                            failure->message, saved);
  /* Translators: %s is why the autosave fails. */
  return g_strdup_printf (_("The game has moves that are not saved, and it could not be autosaved: %s\n\nIf you "
                            "close it without saving, it is lost."),
                          failure->message);
}

/**
 * _kol_window_confirm_leave_game:
 * @func: what to do once the game may leave the table
 *
 * Calls @func at once when the game has nothing unsaved, otherwise after
 * asking: save (to its file, or Save As first), leave it unsaved (the
 * autosave keeps it), or cancel.
 */
void
_kol_window_confirm_leave_game (KolWindow          *self,
                                KolWindowLeaveFunc  func,
                                gpointer            data,
                                GDestroyNotify      destroy)
{
  KolGame *game = current_game (self);
  KolMessageDialog *dialog;
  g_autofree char *body = NULL;
  Leave *leave;

  if (!_kol_window_game_needs_asking (self))
    {
      func (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }
  leave = g_new0 (Leave, 1);
  leave->self = g_object_ref (self);
  leave->func = func;
  leave->data = data;
  leave->destroy = destroy;
  body = describe_unsaved (game);
  dialog = kol_message_dialog_new (GTK_WINDOW (self), _("Save the Game?"), body);
  kol_message_dialog_add_button (dialog, "cancel", _("_Cancel"), KOL_MESSAGE_BUTTON_NORMAL);
  kol_message_dialog_add_button (dialog, "discard", _("Close _Without Saving"), KOL_MESSAGE_BUTTON_DESTRUCTIVE);
  if (kol_game_get_path (game) != NULL)
    kol_message_dialog_add_button (dialog, "save", _("_Save"), KOL_MESSAGE_BUTTON_SUGGESTED);
  else
    kol_message_dialog_add_button (dialog, "save-as", _("_Save As…"), KOL_MESSAGE_BUTTON_SUGGESTED);
  kol_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (leave_response_cb), leave,
                         (GClosureNotify) (void (*) (void)) leave_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------ new game */

static void
game_created_cb (KolNewGameDialog *dialog,
                 KolGame          *game,
                 KolWindow        *self)
{
  show_game (self, game);
}

/* @data: (nullable): the id of the title to preselect */
static void
new_game_now (KolWindow *self,
              gpointer   data)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();
  KolNewGameDialog *dialog = kol_new_game_dialog_new (GTK_WINDOW (self), titles);

  kol_new_game_dialog_set_settings (dialog, self->settings);
  if (data != NULL)
    kol_new_game_dialog_set_title_id (dialog, data);
  g_signal_connect_object (dialog, "game-created", G_CALLBACK (game_created_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_action_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), new_game_now, NULL, NULL);
}

/* win.new-game-for-title: the editor's Play, with the id of the title it
 * has just saved (listed anew, since it may be new). */
static void
new_game_for_title_action_cb (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  char *id = g_variant_dup_string (parameter, NULL);

  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), new_game_now, id, g_free);
}

/* ----------------------------------------------------- open and import */

static GtkFileFilter *
filter_new (const char *name,
            const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

/* A game being opened in a worker thread (kol_game_load_async()): the
 * window shows a spinner and stays responsive; Cancel drops the result. */
typedef struct
{
  KolWindow    *self;
  GCancellable *cancellable;
  GFile        *file;
  gboolean      record;
} Loading;

static void
loading_free (Loading *loading)
{
  g_object_unref (loading->self);
  g_object_unref (loading->cancellable);
  g_object_unref (loading->file);
  g_free (loading);
}

static void
stop_loading (KolWindow *self)
{
  if (self->loading != NULL)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  gtk_spinner_stop (self->loading_spinner);
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Loading *loading = user_data;
  KolWindow *self = loading->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolGame) game = kol_game_load_finish (result, &error);

  /* cancelled, or another file was chosen meanwhile */
  if (loading->cancellable != self->loading || g_cancellable_is_cancelled (loading->cancellable))
    {
      loading_free (loading);
      return;
    }
  stop_loading (self);
  if (game == NULL)
    {
      gtk_stack_set_visible_child_name (self->main_stack, "start");
      show_message (self, loading->record ? _("The Game Cannot Be Imported") : _("The Game Cannot Be Opened"),
                    error->message);
    }
  else
    {
      if (!loading->record)
        remember_recent (loading->file);
      show_game (self, game);
    }
  loading_free (loading);
}

/* Opens @file as a save (or a record when @record) in a worker thread,
 * then shows it or says why not. */
static void
open_file (KolWindow *self,
           GFile     *file,
           gboolean   record)
{
  g_autofree char *name = kol_display_file_name (file);
  g_autofree char *text = NULL;
  Loading *loading;

  stop_loading (self);
  self->loading = g_cancellable_new ();
  /* Translators: shown while a game is read and replayed; %s is a file name. */
  text = g_strdup_printf (record ? _("Importing %s…") : _("Opening %s…"), name);
  gtk_label_set_text (self->loading_label, text);
  gtk_spinner_start (self->loading_spinner);
  gtk_stack_set_visible_child_name (self->main_stack, "loading");
  loading = g_new0 (Loading, 1);
  loading->self = g_object_ref (self);
  loading->cancellable = g_object_ref (self->loading);
  loading->file = g_object_ref (file);
  loading->record = record;
  kol_game_load_async (file, record, self->loading, loaded_cb, loading);
}

static void
cancel_loading_action_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);

  if (self->loading == NULL)
    return;
  stop_loading (self);
  gtk_stack_set_visible_child_name (self->main_stack, "start");
}

typedef struct
{
  KolWindow *self;
  gboolean   record;
} Opening;

static void
file_chosen_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Opening *opening = user_data;
  g_autoptr(GFile) file = kol_file_dialog_open_finish (result, NULL);

  if (file != NULL)
    open_file (opening->self, file, opening->record);
  g_object_unref (opening->self);
  g_free (opening);
}

static void
open_now (KolWindow *self,
          gpointer   data)
{
  gboolean record = GPOINTER_TO_INT (data);
  g_autoptr(GtkFileFilter) games = filter_new (_("Koleya Games"), "*" KOL_SAVE_FILE_EXTENSION);
  g_autoptr(GtkFileFilter) records = filter_new (_("18xx.games Records"), "*.json");
  g_autoptr(GtkFileFilter) all = filter_new (_("All Files"), "*");
  GtkFileFilter *filters[] = { record ? records : games, all, NULL };
  Opening *opening = g_new0 (Opening, 1);

  opening->self = g_object_ref (self);
  opening->record = record;
  kol_file_dialog_open (GTK_WINDOW (self), record ? _("Import an 18xx.games Game") : _("Open a Game"), filters,
                        file_chosen_cb, opening);
}

static void
open_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), open_now, GINT_TO_POINTER (FALSE), NULL);
}

static void
import_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), open_now, GINT_TO_POINTER (TRUE), NULL);
}

static void
resume_now (KolWindow *self,
            gpointer   data)
{
  g_autoptr(GFile) file = g_file_new_for_path (data);

  open_file (self, file, FALSE);
}

static void
resume_action_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), resume_now,
                                  g_variant_dup_string (parameter, NULL), g_free);
}

/* -------------------------------------------------- discarding autosaves */

static void
delete_response_cb (KolMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  KolAutosaveEntry *entry = kol_autosave_list_find (self->autosaves, file);
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "delete") == 0 && entry != NULL &&
      !kol_autosave_list_discard (self->autosaves, entry, TRUE, &error))
    show_message (self, _("The Game Cannot Be Discarded"), error->message);
}

/* Where there is no trash, the file is deleted only after asking. */
static void
ask_to_delete (KolWindow *self,
               GFile     *file)
{
  g_autofree char *name = kol_display_file_name (file);
  g_autofree char *body = NULL;
  KolMessageDialog *dialog;

  /* Translators: %s is a file name. */
  body = g_strdup_printf (_("This folder has no trash: %s will be deleted for good, and the game cannot be "
                            "resumed."), name);
  dialog = kol_message_dialog_new (GTK_WINDOW (self), _("Delete the Interrupted Game?"), body);
  kol_message_dialog_add_button (dialog, "cancel", _("_Cancel"), KOL_MESSAGE_BUTTON_NORMAL);
  kol_message_dialog_add_button (dialog, "delete", _("_Delete"), KOL_MESSAGE_BUTTON_DESTRUCTIVE);
  kol_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.discard-autosave (path): to the trash, which gives it back if
 * wanted; without a trash, deleted after asking. */
static void
discard_autosave_action_cb (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  KolAutosaveEntry *entry = kol_autosave_list_find (self->autosaves, file);
  g_autoptr(GError) error = NULL;

  if (entry == NULL || kol_autosave_list_discard (self->autosaves, entry, FALSE, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
    ask_to_delete (self, file);
  else
    show_message (self, _("The Game Cannot Be Discarded"), error->message);
}

static void
close_game_now (KolWindow *self,
                gpointer   data)
{
  _kol_window_leave_game (self);
}

static void
close_game_action_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  _kol_window_confirm_leave_game (KOL_WINDOW (user_data), close_game_now, NULL, NULL);
}

/* ------------------------------------------------------------- saving */

static gboolean
save_to (KolWindow *self,
         GFile     *file)
{
  g_autoptr(GError) error = NULL;

  if (!kol_game_save (current_game (self), file, &error))
    {
      show_message (self, _("The Game Cannot Be Saved"), error->message);
      return FALSE;
    }
  remember_recent (file);
  return TRUE;
}

static void
save_as_chosen_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(KolWindow) self = user_data;
  g_autoptr(GFile) chosen = kol_file_dialog_save_finish (result, NULL, NULL);
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (chosen == NULL || current_game (self) == NULL)
    return;
  path = g_file_get_path (chosen);
  /* a name typed without the extension gets it, so that Open finds it */
  if (path != NULL && !g_str_has_suffix (path, KOL_SAVE_FILE_EXTENSION))
    {
      g_autofree char *with = g_strconcat (path, KOL_SAVE_FILE_EXTENSION, NULL);

      file = g_file_new_for_path (with);
    }
  else
    file = g_object_ref (chosen);
  save_to (self, file);
}

static void
save_as_action_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  KolGame *game = current_game (self);
  g_autoptr(GtkFileFilter) games = filter_new (_("Koleya Games"), "*" KOL_SAVE_FILE_EXTENSION);
  GtkFileFilter *filters[] = { games, NULL };
  g_autofree char *name = NULL;

  if (game == NULL)
    return;
  name = g_strconcat (kol_game_get_title_id (game), KOL_SAVE_FILE_EXTENSION, NULL);
  kol_file_dialog_save (GTK_WINDOW (self), _("Save the Game"), name, filters, save_as_chosen_cb,
                        g_object_ref (self));
}

static void
save_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  KolGame *game = current_game (self);

  if (game == NULL)
    return;
  if (kol_game_get_path (game) == NULL)
    save_as_action_cb (action, parameter, user_data);
  else
    save_to (self, kol_game_get_path (game));
}

/* -------------------------------------------------------- undo and zoom */

static void
undo_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (current_game (self) != NULL && !kol_game_undo (current_game (self), &error))
    show_message (self, _("The Move Cannot Be Undone"), error->message);
}

static void
redo_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (current_game (self) != NULL && !kol_game_redo (current_game (self), &error))
    show_message (self, _("The Move Cannot Be Redone"), error->message);
}

/* win.zoom-in → map.zoom-in on the table's map */
static void
zoom_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  g_autofree char *name = g_strconcat ("map.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action (GTK_WIDGET (kol_game_page_get_map_view (self->game_page)), name, NULL);
}

static const GActionEntry game_actions[] = {
  { .name = "new-game", .activate = new_game_action_cb },
  { .name = "new-game-for-title", .activate = new_game_for_title_action_cb, .parameter_type = "s" },
  { .name = "open", .activate = open_action_cb },
  { .name = "import-game", .activate = import_action_cb },
  { .name = "resume", .activate = resume_action_cb, .parameter_type = "s" },
  { .name = "cancel-loading", .activate = cancel_loading_action_cb },
  { .name = "discard-autosave", .activate = discard_autosave_action_cb, .parameter_type = "s" },
  { .name = "close-game", .activate = close_game_action_cb },
  { .name = "save", .activate = save_action_cb },
  { .name = "save-as", .activate = save_as_action_cb },
  { .name = "undo", .activate = undo_action_cb },
  { .name = "redo", .activate = redo_action_cb },
  { .name = "zoom-in", .activate = zoom_action_cb },
  { .name = "zoom-out", .activate = zoom_action_cb },
  { .name = "zoom-reset", .activate = zoom_action_cb },
};

void
_kol_window_add_game_actions (KolWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), game_actions, G_N_ELEMENTS (game_actions), self);
}
