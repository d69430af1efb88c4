/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "kol-engine.h"
#include "kol-policy.h"

G_BEGIN_DECLS

#define KOL_HISTORY_ERROR (kol_history_error_quark ())

/**
 * KolHistoryError:
 * @KOL_HISTORY_ERROR_HAS_FUTURE: the game is shown at an earlier point and
 *   acting there would discard the later actions; ask, then pass
 *   %KOL_HISTORY_APPLY_DISCARD_FUTURE
 * @KOL_HISTORY_ERROR_NOTHING: nothing to undo or redo
 * @KOL_HISTORY_ERROR_RANGE: no such point in the history
 * @KOL_HISTORY_ERROR_REPLAY: the log no longer replays (a bug: the engine
 *   refused an action it had accepted)
 */
typedef enum
{
  KOL_HISTORY_ERROR_HAS_FUTURE,
  KOL_HISTORY_ERROR_NOTHING,
  KOL_HISTORY_ERROR_RANGE,
  KOL_HISTORY_ERROR_REPLAY,
} KolHistoryError;

/**
 * KolHistoryApplyFlags:
 * @KOL_HISTORY_APPLY_NONE: an ordinary move
 * @KOL_HISTORY_APPLY_DISCARD_FUTURE: the player confirmed that the actions
 *   after the point shown are discarded
 * @KOL_HISTORY_APPLY_TRUSTED: replaying a log: apply in place without the
 *   copy that makes an action atomic; on a refusal the state is rebuilt from
 *   the history, so the result is the same, only faster when nothing fails
 */
typedef enum
{
  KOL_HISTORY_APPLY_NONE = 0,
  KOL_HISTORY_APPLY_DISCARD_FUTURE = 1 << 0,
  KOL_HISTORY_APPLY_TRUSTED = 1 << 1,
} KolHistoryApplyFlags;

/* A snapshot of the state every this many actions: seeking replays at most
 * this many actions. */
#define KOL_HISTORY_SNAPSHOT_INTERVAL 32

/* The extension of save files; autosaves use it too. */
#define KOL_SAVE_FILE_EXTENSION ".koleya"

/**
 * KolHistoryRouteCheck:
 * @before: the state the action is applied to
 * @action: a run_routes action read from a file
 * @path: its JSON path
 * @user_data: closure data
 *
 * Called for every run_routes action read from a file (auto actions too)
 * before it is applied, to check the claimed routes.
 */
typedef void (*KolHistoryRouteCheck) (const KolEngine   *before,
                                      const KolAction *action,
                                      const char      *path,
                                      gpointer         user_data);

#define KOL_TYPE_HISTORY (kol_history_get_type ())

G_DECLARE_FINAL_TYPE (KolHistory, kol_history, KOL, HISTORY, GObject)

GQuark            kol_history_error_quark        (void);

KolHistory       *kol_history_new                (KolTitle             *title,
                                                  int                   n_players,
                                                  const int            *player_ids,
                                                  const char * const   *player_names,
                                                  gint64                seed,
                                                  GError              **error);
KolHistory       *kol_history_new_full           (KolTitle             *title,
                                                  GDestroyNotify        title_free,
                                                  int                   n_players,
                                                  const int            *player_ids,
                                                  const char * const   *player_names,
                                                  gint64                seed,
                                                  GError              **error);
KolHistory       *kol_history_new_from_game      (KolTitle        *title,
                                                  const KolEngine *initial);

const KolTitle  *kol_history_get_title        (KolHistory           *self);
KolEngine       *kol_history_get_game         (KolHistory           *self);
KolEngine       *kol_history_get_initial_game (KolHistory           *self);
KolEngine       *kol_history_dup_game_at      (KolHistory  *self,
                                               guint        n,
                                               GError     **error);
guint            kol_history_get_n_actions    (KolHistory           *self);
guint            kol_history_get_position     (KolHistory           *self);
gboolean         kol_history_is_live          (KolHistory           *self);
const KolAction *kol_history_get_action       (KolHistory           *self,
                                               guint                 i);
JsonNode        *kol_history_get_action_json  (KolHistory           *self,
                                               guint                 i);
guint            kol_history_get_n_redo       (KolHistory           *self);
JsonNode        *kol_history_get_redo_json    (KolHistory           *self,
                                               guint                 i);

gboolean          kol_history_apply              (KolHistory           *self,
                                                  const KolAction      *action,
                                                  KolHistoryApplyFlags  flags,
                                                  GError              **error);
gboolean          kol_history_apply_json         (KolHistory           *self,
                                                  JsonNode             *node,
                                                  const char           *path,
                                                  KolHistoryApplyFlags  flags,
                                                  char                **error_path,
                                                  GError              **error);
gboolean          kol_history_push_redo_json     (KolHistory           *self,
                                                  JsonNode             *node,
                                                  GError              **error);
gboolean          kol_history_can_undo           (KolHistory           *self);
gboolean          kol_history_can_redo           (KolHistory           *self);
gboolean          kol_history_undo               (KolHistory           *self,
                                                  GError              **error);
gboolean          kol_history_redo               (KolHistory           *self,
                                                  GError              **error);
gboolean          kol_history_goto               (KolHistory           *self,
                                                  guint                 n,
                                                  GError              **error);
void              kol_history_discard_future     (KolHistory           *self);

void              kol_history_set_route_check    (KolHistory           *self,
                                                  KolHistoryRouteCheck  check,
                                                  gpointer              user_data);

JsonObject       *kol_history_get_source         (KolHistory           *self);
void              kol_history_set_source         (KolHistory           *self,
                                                  JsonObject           *source);

void              kol_history_set_computer       (KolHistory           *self,
                                                  int                   player,
                                                  int                   strength);
int               kol_history_get_computer       (KolHistory           *self,
                                                  int                   player);
gboolean          kol_history_set_autosave_file  (KolHistory           *self,
                                                  GFile                *file,
                                                  GError              **error);
GFile            *kol_history_get_autosave_file  (KolHistory           *self);
gboolean          kol_history_autosave_now       (KolHistory           *self,
                                                  GError              **error);
gboolean          kol_history_remove_autosave    (KolHistory           *self,
                                                  GError              **error);
const GError     *kol_history_get_autosave_error (KolHistory           *self);
int               kol_history_get_autosaved_n_actions (KolHistory      *self);

char             *kol_history_get_autosave_dir   (void);
GFile            *kol_history_find_autosave      (const char           *dir);

G_END_DECLS
