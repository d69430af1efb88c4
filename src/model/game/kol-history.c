/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "kol-action-json.h"
#include "kol-engine-round.h"
#include "kol-history.h"
#include "kol-save-file.h"

/**
 * KolHistory:
 *
 * A game with its whole past: the title, the state, and the log of the
 * actions that led there (each kept both resolved and in the 18xx.games
 * vocabulary, as saved). Undo and redo are unlimited; any earlier point can
 * be shown, and play can continue from there once the player agrees to
 * discard what came after.
 *
 * The state is a flat struct, so the history keeps a copy every
 * %KOL_HISTORY_SNAPSHOT_INTERVAL actions and reaches any point by copying
 * the snapshot before it and replaying the rest.
 */

typedef struct
{
  KolAction *action;   /* resolved; NULL for a redo entry read from a file */
  JsonNode  *json;     /* as saved, auto actions embedded */
} Entry;

struct _KolHistory
{
  GObject parent_instance;

  KolTitle  *title;       /* freed with title_free */
  GDestroyNotify title_free;
  KolEngine   *live;        /* after every action of the log */
  KolEngine   *view;        /* after @position actions when not live, or NULL */
  KolEngine   *scratch;     /* work space for resolving auto actions */
  guint      position;
  GPtrArray *entries;     /* Entry*, the line of play */
  GPtrArray *redo;        /* Entry*, the most recently undone last */
  GPtrArray *snapshots;   /* KolEngine*, [k] = after k * INTERVAL actions */
  int        next_id;
  JsonObject *source;
  gint8      computers[KOL_MAX_PLAYERS]; /* KolPolicyKind of a computer seat, -1 for a person */
  GFile     *autosave;
  GError    *autosave_error;  /* why the last write failed, or NULL */
  int        autosaved;       /* actions in the autosave on disk; -1: none */
  KolHistoryRouteCheck route_check;
  gpointer   route_check_data;
};

G_DEFINE_FINAL_TYPE (KolHistory, kol_history, G_TYPE_OBJECT)

G_DEFINE_QUARK (kol-history-error-quark, kol_history_error)

enum {
  PROP_0,
  PROP_N_ACTIONS,
  PROP_POSITION,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_AUTOSAVE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_free (Entry *e)
{
  g_clear_pointer (&e->action, kol_action_free);
  g_clear_pointer (&e->json, json_node_unref);
  g_free (e);
}

static Entry *
entry_new (KolAction *action,
           JsonNode  *json)
{
  Entry *e = g_new0 (Entry, 1);

  e->action = action;
  e->json = json;
  return e;
}

static void
kol_history_finalize (GObject *object)
{
  KolHistory *self = KOL_HISTORY (object);

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->snapshots, g_ptr_array_unref);
  g_clear_pointer (&self->live, kol_engine_free);
  g_clear_pointer (&self->view, kol_engine_free);
  g_clear_pointer (&self->scratch, kol_engine_free);
  g_clear_pointer (&self->source, json_object_unref);
  g_clear_object (&self->autosave);
  g_clear_error (&self->autosave_error);
  /* the games point into the title: free it last */
  if (self->title && self->title_free)
    self->title_free (self->title);
  self->title = NULL;

  G_OBJECT_CLASS (kol_history_parent_class)->finalize (object);
}

static void
kol_history_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  KolHistory *self = KOL_HISTORY (object);

  switch (prop_id)
    {
    case PROP_N_ACTIONS:
      g_value_set_uint (value, self->entries->len);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, kol_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, kol_history_can_redo (self));
      break;
    case PROP_AUTOSAVE_ERROR:
      g_value_set_boxed (value, self->autosave_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_history_class_init (KolHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_history_finalize;
  object_class->get_property = kol_history_get_property;

  properties[PROP_N_ACTIONS] =
    g_param_spec_uint ("n-actions", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * KolHistory:autosave-error: (nullable)
   *
   * Why the last write of the autosave failed (a full disk, a read-only
   * folder), or %NULL while autosaving works. Every change of the log
   * tries again.
   */
  properties[PROP_AUTOSAVE_ERROR] =
    g_param_spec_boxed ("autosave-error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolHistory::changed:
   *
   * The state shown or the log changed: an action, undo, redo, goto.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * KolHistory::autosave-failed:
   * @error: why
   *
   * Writing the autosave file failed; the game goes on.
   */
  signals[AUTOSAVE_FAILED] = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
kol_history_init (KolHistory *self)
{
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->snapshots = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_engine_free);
  self->next_id = 1;
  for (int i = 0; i < KOL_MAX_PLAYERS; i++)
    self->computers[i] = -1;
  self->autosaved = -1;
}

static KolHistory *
history_new (KolTitle       *title,
             GDestroyNotify  title_free,
             KolEngine      *initial)
{
  KolHistory *self = g_object_new (KOL_TYPE_HISTORY, NULL);

  self->title = title;
  self->title_free = title_free;
  self->live = initial;
  self->scratch = kol_engine_copy (initial);
  g_ptr_array_add (self->snapshots, kol_engine_copy (initial));
  return self;
}

/**
 * kol_history_new:
 * @title: (transfer full): the title resolved for this configuration
 * @n_players: number of players
 * @player_ids: (array length=n_players) (nullable): ids in seating order
 * @player_names: (array length=n_players) (nullable): names in seating order
 * @seed: the seed of the game's random draws
 * @error: return location for a #GError
 *
 * Starts a new game. On failure the title is freed.
 *
 * Returns: (transfer full) (nullable): the history of the new game.
 */
KolHistory *
kol_history_new (KolTitle            *title,
                 int                  n_players,
                 const int           *player_ids,
                 const char * const  *player_names,
                 gint64               seed,
                 GError             **error)
{
  return kol_history_new_full (title, (GDestroyNotify) kol_title_free, n_players, player_ids,
                               player_names, seed, error);
}

/**
 * kol_history_new_full:
 * @title: the title resolved for this configuration
 * @title_free: (nullable): frees @title when the history is done with it
 *   (also on failure); %NULL when the caller keeps it alive
 * @n_players: number of players
 * @player_ids: (array length=n_players) (nullable): ids in seating order
 * @player_names: (array length=n_players) (nullable): names in seating order
 * @seed: the seed of the game's random draws
 * @error: return location for a #GError
 *
 * As kol_history_new(), with a title the caller may keep (a cache).
 *
 * Returns: (transfer full) (nullable): the history of the new game.
 */
KolHistory *
kol_history_new_full (KolTitle            *title,
                      GDestroyNotify       title_free,
                      int                  n_players,
                      const int           *player_ids,
                      const char * const  *player_names,
                      gint64               seed,
                      GError             **error)
{
  KolEngine *engine;

  g_return_val_if_fail (title != NULL, NULL);

  engine = kol_engine_new (title, n_players, player_ids, (const char **) player_names, seed, error);
  if (engine == NULL)
    {
      if (title_free)
        title_free (title);
      return NULL;
    }
  return history_new (title, title_free, engine);
}

/**
 * kol_history_new_from_game:
 * @title: (transfer full) (nullable): the title @initial is played on, kept
 *   alive as long as the history (%NULL if the caller keeps it alive)
 * @initial: the state before the first action (copied)
 *
 * Returns: (transfer full): a history starting at @initial.
 */
KolHistory *
kol_history_new_from_game (KolTitle        *title,
                           const KolEngine *initial)
{
  g_return_val_if_fail (initial != NULL, NULL);

  return history_new (title, title ? (GDestroyNotify) kol_title_free : NULL, kol_engine_copy (initial));
}

/* --------------------------------------------------------------- getters */

/**
 * kol_history_get_title:
 *
 * Returns: (transfer none): the title the game is played on.
 */
const KolTitle *
kol_history_get_title (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return self->live->title;
}

/**
 * kol_history_get_game:
 *
 * The state shown: after kol_history_get_position() actions. Read it, do
 * not change it.
 *
 * Returns: (transfer none): the game.
 */
KolEngine *
kol_history_get_game (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return self->view ? self->view : self->live;
}

/**
 * kol_history_get_initial_game:
 *
 * Returns: (transfer none): the state before the first action.
 */
KolEngine *
kol_history_get_initial_game (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return g_ptr_array_index (self->snapshots, 0);
}

guint
kol_history_get_n_actions (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), 0);
  return self->entries->len;
}

/**
 * kol_history_get_position:
 *
 * Returns: how many actions of the log the state shown includes.
 */
guint
kol_history_get_position (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), 0);
  return self->position;
}

/**
 * kol_history_is_live:
 *
 * Returns: %TRUE if the state shown is the latest.
 */
gboolean
kol_history_is_live (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);
  return self->position == self->entries->len;
}

/**
 * kol_history_get_action:
 *
 * Returns: (transfer none): action @i of the log.
 */
const KolAction *
kol_history_get_action (KolHistory *self,
                        guint       i)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);
  return ((Entry *) g_ptr_array_index (self->entries, i))->action;
}

/**
 * kol_history_get_action_json:
 *
 * Returns: (transfer none): action @i of the log as it is saved.
 */
JsonNode *
kol_history_get_action_json (KolHistory *self,
                             guint       i)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);
  return ((Entry *) g_ptr_array_index (self->entries, i))->json;
}

guint
kol_history_get_n_redo (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), 0);
  return self->redo->len;
}

/**
 * kol_history_get_redo_json:
 *
 * Returns: (transfer none): undone action @i (0 = undone first, redone
 *   last) as it is saved.
 */
JsonNode *
kol_history_get_redo_json (KolHistory *self,
                           guint       i)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  g_return_val_if_fail (i < self->redo->len, NULL);
  return ((Entry *) g_ptr_array_index (self->redo, i))->json;
}

gboolean
kol_history_can_undo (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);
  return self->entries->len > 0;
}

gboolean
kol_history_can_redo (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);
  return self->redo->len > 0;
}

/* -------------------------------------------------------------- seeking */

/* Rebuilds the state after @n actions into @dest from the snapshot before. */
static gboolean
seek (KolHistory  *self,
      guint        n,
      KolEngine   *dest,
      GError     **error)
{
  guint k = MIN (n / KOL_HISTORY_SNAPSHOT_INTERVAL, self->snapshots->len - 1);

  kol_engine_copy_into (dest, g_ptr_array_index (self->snapshots, k));
  for (guint i = k * KOL_HISTORY_SNAPSHOT_INTERVAL; i < n; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      g_autoptr(GError) local = NULL;

      if (!kol_engine_apply_unsafe (dest, e->action, FALSE, NULL, &local))
        {
          g_set_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_REPLAY,
                       "action %u of the history no longer replays: %s", i, local->message);
          return FALSE;
        }
    }
  return TRUE;
}

static void
drop_snapshots_after (KolHistory *self,
                      guint       n)
{
  guint keep = n / KOL_HISTORY_SNAPSHOT_INTERVAL + 1;

  if (self->snapshots->len > keep)
    g_ptr_array_set_size (self->snapshots, keep);
}

static void
take_snapshot_if_due (KolHistory *self)
{
  guint n = self->entries->len;

  if (n % KOL_HISTORY_SNAPSHOT_INTERVAL == 0 &&
      self->snapshots->len == n / KOL_HISTORY_SNAPSHOT_INTERVAL)
    g_ptr_array_add (self->snapshots, kol_engine_copy (self->live));
}

/**
 * kol_history_dup_game_at:
 * @n: a number of actions, at most kol_history_get_n_actions()
 *
 * Returns: (transfer full) (nullable): a copy of the state after @n actions.
 */
KolEngine *
kol_history_dup_game_at (KolHistory *self,
                         guint       n,
                         GError    **error)
{
  g_autoptr(KolEngine) engine = NULL;

  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);

  if (n > self->entries->len)
    {
      g_set_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_RANGE,
                   _("The game has only %u actions."), self->entries->len);
      return NULL;
    }
  engine = kol_engine_copy (self->live);
  if (n < self->entries->len && !seek (self, n, engine, error))
    return NULL;
  return g_steal_pointer (&engine);
}

/* ------------------------------------------------------------ notifying */

/* Writes the autosave file, creating its folder when needed (it may have
 * been removed, or be creatable again), and keeps whether it worked:
 * KolHistory:autosave-error, and ::autosave-failed on each failure. */
static gboolean
write_autosave (KolHistory *self,
                GError    **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GFile) folder = g_file_get_parent (self->autosave);
  g_autofree char *dir = folder != NULL ? g_file_get_path (folder) : NULL;
  gboolean had_error = self->autosave_error != NULL;

  /* the folder's own failure says more than the file's (a read-only
   * folder, not a missing file) */
  if (dir != NULL && g_mkdir_with_parents (dir, 0700) != 0)
    {
      int errsv = errno;
      g_autofree char *display = g_filename_display_name (dir);

      /* Translators: %s is a folder, then the system's reason. */
      local = g_error_new (KOL_SAVE_FILE_ERROR, KOL_SAVE_FILE_ERROR_WRITE, _("Cannot create the folder “%s”: %s"),
                           display, g_strerror (errsv));
    }
  else if (kol_save_file_write (self, self->autosave, &local))
    {
      self->autosaved = (int) self->entries->len;
      g_clear_error (&self->autosave_error);
      if (had_error)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
      return TRUE;
    }
  g_clear_error (&self->autosave_error);
  self->autosave_error = g_error_copy (local);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
  g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static void
changed (KolHistory *self,
         gboolean    log_changed)
{
  if (log_changed && self->autosave)
    write_autosave (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ACTIONS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
go_live (KolHistory *self)
{
  g_clear_pointer (&self->view, kol_engine_free);
  self->position = self->entries->len;
}

/* ------------------------------------------------------------- applying */

static void
append_entry (KolHistory *self,
              KolAction  *action,
              JsonNode   *json)
{
  if (action->id >= self->next_id)
    self->next_id = action->id + 1;
  g_ptr_array_add (self->entries, entry_new (action, json));
  take_snapshot_if_due (self);
  go_live (self);
}

static gboolean
check_future (KolHistory          *self,
              KolHistoryApplyFlags flags,
              GError             **error)
{
  guint later = self->entries->len - self->position;

  if (later == 0)
    return TRUE;
  if (!(flags & KOL_HISTORY_APPLY_DISCARD_FUTURE))
    {
      g_set_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_HAS_FUTURE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Acting here discards the %u action that followed.",
                                "Acting here discards the %u actions that followed.", later),
                   later);
      return FALSE;
    }
  kol_history_discard_future (self);
  return TRUE;
}

/* Applies @action to the live state. Trusted replays skip the copy that
 * makes apply atomic; if the engine refuses, the live state is rebuilt and
 * the action applied atomically to get the same refusal on an intact state. */
static gboolean
apply_to_live (KolHistory          *self,
               const KolAction     *action,
               gboolean             generate,
               GPtrArray          **autos,
               KolHistoryApplyFlags flags,
               GError             **error)
{
  if (!(flags & KOL_HISTORY_APPLY_TRUSTED))
    return kol_engine_apply (self->live, action, generate, autos, error);
  if (kol_engine_apply_unsafe (self->live, action, generate, autos, NULL))
    return TRUE;
  if (autos)
    g_clear_pointer (autos, g_ptr_array_unref);
  if (!seek (self, self->entries->len, self->live, error))
    return FALSE;
  return kol_engine_apply (self->live, action, generate, autos, error);
}

static JsonNode *
entry_json (KolEngine       *before,
            KolEngine       *after,
            const KolAction *action,
            GPtrArray       *autos)
{
  g_autoptr(KolAction) bare = kol_action_copy (action);
  JsonNode *json;
  JsonArray *list;

  g_clear_pointer (&bare->auto_actions, g_ptr_array_unref);
  json = kol_action_to_json (before, bare);
  if (autos == NULL || autos->len == 0)
    return json;
  list = json_array_new ();
  for (guint i = 0; i < autos->len; i++)
    json_array_add_element (list, kol_action_to_json (after, g_ptr_array_index (autos, i)));
  json_object_set_array_member (json_node_get_object (json), "auto_actions", list);
  return json;
}

/**
 * kol_history_apply:
 * @action: a new action; its auto actions are generated by the engine
 * @flags: %KOL_HISTORY_APPLY_DISCARD_FUTURE once the player agreed to
 *   discard the actions after the point shown
 * @error: return location for a #GError
 *
 * Plays @action at the point shown. On failure nothing changes:
 * %KOL_HISTORY_ERROR_HAS_FUTURE asks for confirmation, and an engine refusal
 * (%KOL_ENGINE_ERROR) leaves its typed arguments in the game's refusal.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_apply (KolHistory          *self,
                   const KolAction     *action,
                   KolHistoryApplyFlags flags,
                   GError             **error)
{
  g_autoptr(KolEngine) before = NULL;
  g_autoptr(GPtrArray) autos = NULL;
  g_autoptr(KolAction) stored = NULL;
  JsonNode *json;

  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!check_future (self, flags, error))
    return FALSE;

  stored = kol_action_copy (action);
  g_clear_pointer (&stored->auto_actions, g_ptr_array_unref);
  if (stored->id <= 0)
    stored->id = self->next_id;
  if (stored->created_at == 0)
    stored->created_at = g_get_real_time () / G_USEC_PER_SEC;

  before = kol_engine_copy (self->live);
  if (!kol_engine_apply (self->live, stored, TRUE, &autos, error))
    return FALSE;
  json = entry_json (before, self->live, stored, autos);
  stored->auto_actions = g_steal_pointer (&autos);
  g_ptr_array_set_size (self->redo, 0);
  append_entry (self, g_steal_pointer (&stored), json);
  changed (self, TRUE);
  return TRUE;
}

static gboolean
auto_actions_need_board (JsonNode *node)
{
  JsonNode *autos = json_object_get_member (json_node_get_object (node), "auto_actions");
  JsonArray *list;

  if (autos == NULL || !JSON_NODE_HOLDS_ARRAY (autos))
    return FALSE;
  list = json_node_get_array (autos);
  for (guint i = 0; i < json_array_get_length (list); i++)
    if (kol_action_json_depends_on_board (json_array_get_element (list, i)))
      return TRUE;
  return FALSE;
}

/* Auto actions run after their parent, so a city or route node in them
 * names a tile as it lies after the parent: resolve each against a scratch
 * state that has processed everything before it. */
static KolAction *
convert_with_autos (KolHistory *self,
                    JsonNode   *node,
                    const char *path,
                    char      **error_path,
                    GError    **error)
{
  g_autoptr(KolAction) parent = NULL;
  JsonArray *list;
  gboolean in_step = TRUE;

  parent = kol_action_from_json (self->live, node, path, KOL_ACTION_JSON_SKIP_AUTO, error_path, error);
  if (parent == NULL)
    return NULL;
  kol_engine_copy_into (self->scratch, self->live);
  in_step = kol_round_process_single (self->scratch, parent, NULL);
  list = json_node_get_array (json_object_get_member (json_node_get_object (node), "auto_actions"));
  parent->auto_actions = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *sub = g_strdup_printf ("%s.auto_actions[%u]", path, i);
      KolAction *child;

      child = kol_action_from_json (self->scratch, json_array_get_element (list, i), sub,
                                    KOL_ACTION_JSON_NONE, error_path, error);
      if (child == NULL)
        return NULL;
      g_ptr_array_add (parent->auto_actions, child);
      if (in_step && self->route_check && child->type == KOL_ACTION_RUN_ROUTES)
        self->route_check (self->scratch, child, sub, self->route_check_data);
      /* once the engine refuses, the states no longer follow: the apply
       * that comes next reports the refusal */
      if (in_step)
        in_step = kol_round_process_single (self->scratch, child, NULL);
    }
  return g_steal_pointer (&parent);
}

static KolAction *
convert_json (KolHistory *self,
              JsonNode   *node,
              const char *path,
              char      **error_path,
              GError    **error)
{
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node) && auto_actions_need_board (node))
    return convert_with_autos (self, node, path, error_path, error);
  return kol_action_from_json (self->live, node, path, KOL_ACTION_JSON_NONE, error_path, error);
}

/**
 * kol_history_apply_json:
 * @node: an action in the 18xx.games vocabulary, auto actions embedded
 * @path: (nullable): its JSON path in the file, for messages
 * @flags: %KOL_HISTORY_APPLY_TRUSTED for replays
 * @error_path: (out) (optional) (transfer full): the JSON path of the field
 *   at fault when the action cannot be read
 * @error: return location for a #GError
 *
 * Plays an action read from a file: its embedded auto actions are processed
 * as they are, not generated again. On failure nothing changes; the error
 * is %KOL_ACTION_JSON_ERROR when the action cannot be read, %KOL_ENGINE_ERROR
 * when the rules refuse it.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_apply_json (KolHistory          *self,
                        JsonNode            *node,
                        const char          *path,
                        KolHistoryApplyFlags flags,
                        char               **error_path,
                        GError             **error)
{
  g_autoptr(KolAction) action = NULL;

  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (!check_future (self, flags, error))
    return FALSE;
  action = convert_json (self, node, path, error_path, error);
  if (action == NULL)
    return FALSE;
  if (self->route_check && action->type == KOL_ACTION_RUN_ROUTES)
    self->route_check (self->live, action, path ? path : "$", self->route_check_data);
  if (!apply_to_live (self, action, FALSE, NULL, flags, error))
    return FALSE;
  g_ptr_array_set_size (self->redo, 0);
  append_entry (self, g_steal_pointer (&action), json_node_ref (node));
  if (!(flags & KOL_HISTORY_APPLY_TRUSTED))
    changed (self, TRUE);
  return TRUE;
}

/**
 * kol_history_push_redo_json:
 * @node: an undone action as saved
 *
 * Puts an undone action read from a save on the redo list, on top of those
 * pushed before. It is read when it is redone.
 *
 * Returns: %TRUE; %FALSE if @node is not an object.
 */
gboolean
kol_history_push_redo_json (KolHistory *self,
                            JsonNode   *node,
                            GError    **error)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, KOL_ACTION_JSON_ERROR, KOL_ACTION_JSON_ERROR_INVALID,
                           _("An undone action is not an object."));
      return FALSE;
    }
  g_ptr_array_add (self->redo, entry_new (NULL, json_node_ref (node)));
  return TRUE;
}

/* ------------------------------------------------------------ undo/redo */

/**
 * kol_history_undo:
 *
 * Takes back the last action of the log (with its auto actions) and shows
 * the latest state. It can be redone until a new action is played.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_undo (KolHistory *self,
                  GError    **error)
{
  guint n;

  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  n = self->entries->len;
  if (n == 0)
    {
      g_set_error_literal (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_NOTHING,
                           _("There is nothing to undo."));
      return FALSE;
    }
  if (!seek (self, n - 1, self->scratch, error))
    return FALSE;
  kol_engine_copy_into (self->live, self->scratch);
  g_ptr_array_add (self->redo, g_ptr_array_steal_index (self->entries, n - 1));
  drop_snapshots_after (self, n - 1);
  go_live (self);
  changed (self, TRUE);
  return TRUE;
}

/**
 * kol_history_redo:
 *
 * Plays the last undone action again.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_redo (KolHistory *self,
                  GError    **error)
{
  Entry *e;

  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (self->redo->len == 0)
    {
      g_set_error_literal (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_NOTHING,
                           _("There is nothing to redo."));
      return FALSE;
    }
  e = g_ptr_array_index (self->redo, self->redo->len - 1);
  if (e->action == NULL && (e->action = convert_json (self, e->json, "$.redo", NULL, error)) == NULL)
    return FALSE;
  if (!kol_engine_apply (self->live, e->action, FALSE, NULL, error))
    return FALSE;
  e = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  if (e->action->id >= self->next_id)
    self->next_id = e->action->id + 1;
  g_ptr_array_add (self->entries, e);
  take_snapshot_if_due (self);
  go_live (self);
  changed (self, TRUE);
  return TRUE;
}

/**
 * kol_history_goto:
 * @n: a number of actions, 0 … kol_history_get_n_actions()
 *
 * Shows the game as it was after @n actions. The log is unchanged.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_goto (KolHistory *self,
                  guint       n,
                  GError    **error)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (n > self->entries->len)
    {
      g_set_error (error, KOL_HISTORY_ERROR, KOL_HISTORY_ERROR_RANGE,
                   _("The game has only %u actions."), self->entries->len);
      return FALSE;
    }
  if (n == self->entries->len)
    go_live (self);
  else
    {
      if (self->view == NULL)
        self->view = kol_engine_copy (self->live);
      if (!seek (self, n, self->view, error))
        {
          go_live (self);
          return FALSE;
        }
      self->position = n;
    }
  changed (self, FALSE);
  return TRUE;
}

/**
 * kol_history_discard_future:
 *
 * Continues from the point shown: the actions after it and the redo list
 * are discarded. Call it only after the player agreed.
 */
void
kol_history_discard_future (KolHistory *self)
{
  g_return_if_fail (KOL_IS_HISTORY (self));

  if (self->position == self->entries->len)
    return;
  kol_engine_copy_into (self->live, self->view);
  g_ptr_array_set_size (self->entries, self->position);
  g_ptr_array_set_size (self->redo, 0);
  drop_snapshots_after (self, self->position);
  go_live (self);
  changed (self, TRUE);
}

/**
 * kol_history_set_route_check:
 * @check: (nullable): the check, %NULL for none
 * @user_data: data for @check
 *
 * Sets a check run on the claimed routes of run_routes actions read from
 * files (kol_history_apply_json()); the importer uses it to compare them
 * with the route validator. The claimed revenue is what the game uses
 * either way.
 */
void
kol_history_set_route_check (KolHistory           *self,
                             KolHistoryRouteCheck  check,
                             gpointer              user_data)
{
  g_return_if_fail (KOL_IS_HISTORY (self));

  self->route_check = check;
  self->route_check_data = user_data;
}

/* ----------------------------------------------------------------- source */

/**
 * kol_history_get_source:
 *
 * Returns: (transfer none) (nullable): where the game came from (an
 *   18xx.games record: its id, result…), kept in saves.
 */
JsonObject *
kol_history_get_source (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return self->source;
}

/**
 * kol_history_set_source:
 * @source: (nullable): an object describing the game's origin
 */
void
kol_history_set_source (KolHistory *self,
                        JsonObject *source)
{
  g_return_if_fail (KOL_IS_HISTORY (self));

  if (source)
    json_object_ref (source);
  g_clear_pointer (&self->source, json_object_unref);
  self->source = source;
}

/* ------------------------------------------------------------------ seats */

/**
 * kol_history_set_computer:
 * @player: a player index
 * @strength: the #KolPolicyKind of the computer playing that seat, or -1
 *   for a person
 *
 * Who plays a seat is part of the game: it is saved with it.
 */
void
kol_history_set_computer (KolHistory *self,
                          int         player,
                          int         strength)
{
  g_return_if_fail (KOL_IS_HISTORY (self));
  g_return_if_fail (player >= 0 && player < KOL_MAX_PLAYERS);
  g_return_if_fail (strength >= -1 && strength < KOL_N_POLICIES);

  self->computers[player] = (gint8) strength;
}

/**
 * kol_history_get_computer:
 *
 * Returns: the #KolPolicyKind of the computer playing seat @player, or -1
 *   for a person
 */
int
kol_history_get_computer (KolHistory *self,
                          int         player)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), -1);

  if (player < 0 || player >= KOL_MAX_PLAYERS)
    return -1;
  return self->computers[player];
}

/* --------------------------------------------------------------- autosave */

/**
 * kol_history_set_autosave_file:
 * @file: (nullable): where to keep the autosave, %NULL to stop
 *
 * From now on every change of the log (action, undo, redo, discarded
 * future) writes the whole game to @file atomically, before the change is
 * announced; failures are reported by #KolHistory::autosave-failed and
 * kept in #KolHistory:autosave-error until a write works again. The file
 * is written once right away (its folder created if needed).
 *
 * Returns: whether that first write worked
 */
gboolean
kol_history_set_autosave_file (KolHistory *self,
                               GFile      *file,
                               GError    **error)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (file != self->autosave)
    self->autosaved = -1;
  g_set_object (&self->autosave, file);
  if (file == NULL)
    {
      if (self->autosave_error != NULL)
        {
          g_clear_error (&self->autosave_error);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
        }
      return TRUE;
    }
  return write_autosave (self, error);
}

/**
 * kol_history_get_autosave_file:
 *
 * Returns: (transfer none) (nullable): the autosave file.
 */
GFile *
kol_history_get_autosave_file (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return self->autosave;
}

/**
 * kol_history_autosave_now:
 *
 * Writes the autosave file now (nothing without one): to try again after
 * a failure without waiting for the next move.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_history_autosave_now (KolHistory *self,
                          GError    **error)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  if (self->autosave == NULL)
    return TRUE;
  return write_autosave (self, error);
}

/**
 * kol_history_get_autosave_error:
 *
 * Returns: (transfer none) (nullable): why the last write of the autosave
 *   failed, or %NULL while autosaving works (or is off)
 */
const GError *
kol_history_get_autosave_error (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), NULL);
  return self->autosave_error;
}

/**
 * kol_history_get_autosaved_n_actions:
 *
 * Returns: how many actions the autosave file on disk holds (written by
 *   this history), or -1 when none was written
 */
int
kol_history_get_autosaved_n_actions (KolHistory *self)
{
  g_return_val_if_fail (KOL_IS_HISTORY (self), -1);
  return self->autosave != NULL ? self->autosaved : -1;
}

/**
 * kol_history_remove_autosave:
 *
 * Deletes the autosave file and stops autosaving: for a game closed on
 * purpose (saved elsewhere or abandoned), so it is not offered for
 * resuming.
 *
 * Returns: %TRUE on success (also when there was none).
 */
gboolean
kol_history_remove_autosave (KolHistory *self,
                             GError    **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (KOL_IS_HISTORY (self), FALSE);

  file = g_steal_pointer (&self->autosave);
  self->autosaved = -1;
  if (self->autosave_error != NULL)
    {
      g_clear_error (&self->autosave_error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
    }
  if (file == NULL)
    return TRUE;
  if (!g_file_delete (file, NULL, &local) && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

/**
 * kol_history_get_autosave_dir:
 *
 * Returns: (transfer full): the folder for autosaves,
 *   `$XDG_DATA_HOME/koleya/autosave`.
 */
char *
kol_history_get_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "koleya", "autosave", NULL);
}

/**
 * kol_history_find_autosave:
 * @dir: (nullable): the folder to look in; %NULL for
 *   kol_history_get_autosave_dir()
 *
 * Finds the game to offer for resuming at start-up: the most recently
 * written save file in @dir. A game closed on purpose removed its autosave
 * (kol_history_remove_autosave()), so any file left is from a game that was
 * interrupted. Leftover temporary files of an interrupted write are not
 * save files and are skipped; the file they were replacing is intact.
 *
 * Returns: (transfer full) (nullable): the file, or %NULL if none.
 */
GFile *
kol_history_find_autosave (const char *dir)
{
  g_autofree char *default_dir = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFileEnumerator) files = NULL;
  g_autoptr(GFile) best = NULL;
  guint64 best_time = 0;
  GFileInfo *info;

  if (dir == NULL)
    dir = default_dir = kol_history_get_autosave_dir ();
  folder = g_file_new_for_path (dir);
  files = g_file_enumerate_children (folder,
                                     G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                     G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                     G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                     G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                     G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (files == NULL)
    return NULL;
  while ((info = g_file_enumerator_next_file (files, NULL, NULL)) != NULL)
    {
      const char *name = g_file_info_get_name (info);
      guint64 t = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
                  g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && name[0] != '.' &&
          g_str_has_suffix (name, KOL_SAVE_FILE_EXTENSION) && (best == NULL || t > best_time))
        {
          g_clear_object (&best);
          best = g_file_get_child (folder, name);
          best_time = t;
        }
      g_object_unref (info);
    }
  return g_steal_pointer (&best);
}
