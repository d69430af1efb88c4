/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kol-engine-info.h"
#include "kol-engine-round.h"
#include "kol-engine-trains.h"
#include "kol-game-private.h"
#include "kol-game-words.h"
#include "kol-record-import.h"
#include "kol-refusal-format.h"
#include "kol-save-file.h"
#include "kol-title-info.h"
#include "kol-title-loader.h"

/**
 * KolGame:
 *
 * One game at the table: a #KolHistory (state, log, undo, autosave) seen
 * as properties, list models and signals.
 *
 * The log is derived from the history, not kept beside it: a private copy
 * of the state (the cursor) replays each action of the line of play with a
 * log function attached, and the entries it logs become the log model.
 * Whatever changes the history (an action, undo, redo, a discarded future)
 * is followed by the history's "changed" signal; the log is then cut back
 * to the actions that are still there and extended to the new ones, so
 * undo and redo never need to know about it.
 */
struct _KolGame
{
  GObject parent_instance;

  KolHistory *history;
  char       *title_dir;
  GFile      *path;

  GListStore *players;
  GListStore *companies;
  GListStore *certificates;
  GListStore *trains;
  GListStore *log;

  /* the log's replay */
  KolEngine  *cursor;       /* after n_logged actions, logging into pending */
  guint       n_logged;
  GPtrArray  *pending;      /* KolGameLogEntry* logged by the action replayed now */
  guint       logging_action;
  char       *round_key;    /* the round of the last entry */
  gboolean    header_logged;/* the engine just logged a round heading itself */

  /* properties */
  char       *round_name;
  char       *phase_name;
  char       *step_name;
  char       *acting_entity_name;
  char       *acting_color;
  int         acting_player;
  int         acting_corp;
  gboolean    can_undo;
  gboolean    can_redo;
  gboolean    live;
  gboolean    finished;
  gboolean    modified;
  guint       position;
  guint       n_actions;
};

G_DEFINE_FINAL_TYPE (KolGame, kol_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (kol-game-error-quark, kol_game_error)

enum {
  PROP_0,
  PROP_TITLE_ID,
  PROP_TITLE_NAME,
  PROP_ROUND_NAME,
  PROP_PHASE_NAME,
  PROP_STEP_NAME,
  PROP_ACTING_PLAYER,
  PROP_ACTING_CORPORATION,
  PROP_ACTING_COLOR,
  PROP_ACTING_ENTITY_NAME,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LIVE,
  PROP_POSITION,
  PROP_N_ACTIONS,
  PROP_FINISHED,
  PROP_MODIFIED,
  PROP_PATH,
  PROP_AUTOSAVE_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ACTION_APPLIED,
  STATE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void _kol_game_history_changed_cb (KolGame *self);

/* ------------------------------------------------------------ lifecycle */

static void
kol_game_dispose (GObject *object)
{
  KolGame *self = KOL_GAME (object);

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_func (self->history, _kol_game_history_changed_cb, self);
  g_clear_object (&self->history);
  g_clear_object (&self->players);
  g_clear_object (&self->companies);
  g_clear_object (&self->certificates);
  g_clear_object (&self->trains);
  g_clear_object (&self->log);

  G_OBJECT_CLASS (kol_game_parent_class)->dispose (object);
}

static void
kol_game_finalize (GObject *object)
{
  KolGame *self = KOL_GAME (object);

  g_clear_pointer (&self->cursor, kol_engine_free);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_object (&self->path);
  g_free (self->title_dir);
  g_free (self->round_key);
  g_free (self->round_name);
  g_free (self->phase_name);
  g_free (self->step_name);
  g_free (self->acting_entity_name);
  g_free (self->acting_color);

  G_OBJECT_CLASS (kol_game_parent_class)->finalize (object);
}

static void
kol_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  KolGame *self = KOL_GAME (object);

  switch (prop_id)
    {
    case PROP_TITLE_ID:
      g_value_set_string (value, kol_game_get_title (self)->id);
      break;
    case PROP_TITLE_NAME:
      g_value_set_string (value, kol_game_get_title_name (self));
      break;
    case PROP_ROUND_NAME:
      g_value_set_string (value, self->round_name);
      break;
    case PROP_PHASE_NAME:
      g_value_set_string (value, self->phase_name);
      break;
    case PROP_STEP_NAME:
      g_value_set_string (value, self->step_name);
      break;
    case PROP_ACTING_PLAYER:
      g_value_set_int (value, self->acting_player);
      break;
    case PROP_ACTING_CORPORATION:
      g_value_set_int (value, self->acting_corp);
      break;
    case PROP_ACTING_COLOR:
      g_value_set_string (value, self->acting_color);
      break;
    case PROP_ACTING_ENTITY_NAME:
      g_value_set_string (value, self->acting_entity_name);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_LIVE:
      g_value_set_boolean (value, self->live);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_N_ACTIONS:
      g_value_set_uint (value, self->n_actions);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_PATH:
      g_value_set_object (value, self->path);
      break;
    case PROP_AUTOSAVE_FILE:
      g_value_set_object (value, kol_game_get_autosave_file (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static void
kol_game_class_init (KolGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kol_game_dispose;
  object_class->finalize = kol_game_finalize;
  object_class->get_property = kol_game_get_property;

  properties[PROP_TITLE_ID] = g_param_spec_string ("title-id", NULL, NULL, NULL, FLAGS);
  properties[PROP_TITLE_NAME] = g_param_spec_string ("title-name", NULL, NULL, NULL, FLAGS);
  /** KolGame:round-name: the round shown, in the title's words, with its
   * number ("Operating Round 2.1", 1840 "Share Round SR2") */
  properties[PROP_ROUND_NAME] = g_param_spec_string ("round-name", NULL, NULL, NULL, FLAGS);
  properties[PROP_PHASE_NAME] = g_param_spec_string ("phase-name", NULL, NULL, NULL, FLAGS);
  /** KolGame:step-name: what is being decided now ("Buy or sell shares") */
  properties[PROP_STEP_NAME] = g_param_spec_string ("step-name", NULL, NULL, NULL, FLAGS);
  /** KolGame:acting-player: the player who decides now (a corporation's
   * president), -1 */
  properties[PROP_ACTING_PLAYER] = g_param_spec_int ("acting-player", NULL, NULL, -1, G_MAXINT, -1, FLAGS);
  /** KolGame:acting-corporation: the corporation acting now, -1 */
  properties[PROP_ACTING_CORPORATION] = g_param_spec_int ("acting-corporation", NULL, NULL, -1, G_MAXINT, -1,
                                                          FLAGS);
  /** KolGame:acting-color: "#rrggbb" of the acting corporation (a line's
   * tram company's), %NULL when a player acts */
  properties[PROP_ACTING_COLOR] = g_param_spec_string ("acting-color", NULL, NULL, NULL, FLAGS);
  /** KolGame:acting-entity-name: who acts now ("ATA (Anna)") */
  properties[PROP_ACTING_ENTITY_NAME] = g_param_spec_string ("acting-entity-name", NULL, NULL, NULL, FLAGS);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, FLAGS);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, FLAGS);
  /** KolGame:live: the latest state is shown (not the past) */
  properties[PROP_LIVE] = g_param_spec_boolean ("live", NULL, NULL, TRUE, FLAGS);
  /** KolGame:position: how many actions the state shown includes */
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  properties[PROP_N_ACTIONS] = g_param_spec_uint ("n-actions", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /** KolGame:finished: the game is over (at the latest state) */
  properties[PROP_FINISHED] = g_param_spec_boolean ("finished", NULL, NULL, FALSE, FLAGS);
  /** KolGame:modified: the line of play changed since it was opened or
   * saved */
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, FLAGS);
  /** KolGame:path: where the game was opened from or saved to, %NULL */
  properties[PROP_PATH] = g_param_spec_object ("path", NULL, NULL, G_TYPE_FILE, FLAGS);
  /** KolGame:autosave-file: where the game is autosaved, %NULL */
  properties[PROP_AUTOSAVE_FILE] = g_param_spec_object ("autosave-file", NULL, NULL, G_TYPE_FILE, FLAGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolGame::action-applied:
   * @self: the game
   * @action: (nullable): the action played (a const KolAction *), or
   *   %NULL after an undo, a redo or a seek
   *
   * The state shown changed because of a move, or a step through the
   * history. Emitted after the properties and the list models are up to
   * date.
   */
  signals[ACTION_APPLIED] = g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * KolGame::state-changed:
   * @self: the game
   *
   * Anything shown may have changed; views that draw the engine state
   * (the map, the market) read kol_game_get_engine() again.
   */
  signals[STATE_CHANGED] = g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kol_game_init (KolGame *self)
{
  self->players = g_list_store_new (KOL_TYPE_GAME_PLAYER);
  self->companies = g_list_store_new (KOL_TYPE_GAME_COMPANY);
  self->certificates = g_list_store_new (KOL_TYPE_GAME_CERTIFICATE);
  self->trains = g_list_store_new (KOL_TYPE_GAME_TRAIN);
  self->log = g_list_store_new (KOL_TYPE_GAME_LOG_ENTRY);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  self->acting_player = -1;
  self->acting_corp = -1;
  self->live = TRUE;
}

/* --------------------------------------------------------------- names */

char *
_kol_game_entity_name (const KolEngine *engine,
                       KolEntity        entity)
{
  KolArg arg = { 0 };

  switch (entity.kind)
    {
    case KOL_ENTITY_PLAYER:
      arg = kol_arg_int (KOL_ARG_PLAYER, entity.index);
      break;
    case KOL_ENTITY_CORP:
      arg = kol_arg_int (KOL_ARG_CORP, entity.index);
      break;
    case KOL_ENTITY_COMPANY:
      arg = kol_arg_int (KOL_ARG_COMPANY, entity.index);
      break;
    case KOL_ENTITY_POOL:
      return g_strdup (kol_game_word (engine->title, KOL_WORD_POOL));
    case KOL_ENTITY_BANK:
      return g_strdup (kol_game_word (engine->title, KOL_WORD_BANK));
    default:
      return g_strdup ("");
    }
  return kol_log_format_arg (engine, &arg);
}

/* The label of a round: its round track id (1840: "SR2"; none for "Pre"),
 * else the turn and the operating round in the set ("2.1"). */
static char *
round_number (KolEngine *engine)
{
  int track = kol_engine_round_track_index (engine);

  if (track >= 0)
    {
      g_autoptr(GVariant) list = kol_title_rule (engine->title, "round_track");
      g_autoptr(GVariant) entry = NULL;
      const char *id = NULL;

      if (list != NULL && g_variant_is_container (list) && (gsize) track < g_variant_n_children (list))
        entry = g_variant_get_child_value (list, track);
      if (entry != NULL && g_variant_is_of_type (entry, G_VARIANT_TYPE_VARIANT))
        {
          GVariant *inner = g_variant_get_variant (entry);

          g_variant_unref (entry);
          entry = inner;
        }
      /* only an id that counts ("SR2", "LR1a"): "Pre" and "End" name the
       * space, and the round's name already says it */
      if (entry != NULL && g_variant_is_of_type (entry, G_VARIANT_TYPE_VARDICT) &&
          g_variant_lookup (entry, "id", "&s", &id))
        return strpbrk (id, "0123456789") != NULL ? g_strdup (id) : NULL;
    }
  if (engine->round.klass == NULL)
    return NULL;
  if (engine->round.klass->operating)
    return g_strdup_printf ("%d.%d", MAX (engine->turn, 1), engine->round.round_num);
  if (engine->round.klass->stock)
    return g_strdup_printf ("%d", MAX (engine->turn, 1));
  return NULL;
}

static char *
round_label (KolEngine *engine)
{
  const char *name = kol_game_word_round (engine->title, kol_engine_round_name (engine));
  g_autofree char *number = round_number (engine);

  if (number == NULL)
    return g_strdup (name);
  /* Translators: a round and its number: "Stock Round 2", "Share Round SR2". */
  return g_strdup_printf (C_("round", "%s %s"), name, number);
}

/* ------------------------------------------------------------------ log */

static char *
round_key (KolEngine *engine)
{
  return g_strdup_printf ("%p/%d/%d/%d/%d", (void *) engine->round.klass, engine->round.kind, engine->turn,
                          engine->round.round_num, kol_engine_round_track_index (engine));
}

static void
add_pending (KolGame        *self,
             const char     *text,
             const char     *round,
             int             kind,
             KolLogCategory  category)
{
  guint index = g_list_model_get_n_items (G_LIST_MODEL (self->log)) + self->pending->len;

  KolGameLogEntry *e = _kol_game_log_entry_new (index, text, round, kind, category, self->logging_action);

  /* where the log stands, for cutting it back later */
  g_object_set_data_full (G_OBJECT (e), "kol-round-key", g_strdup (self->round_key), g_free);
  g_object_set_data (G_OBJECT (e), "kol-header-logged", GINT_TO_POINTER (self->header_logged));
  g_ptr_array_add (self->pending, e);
}

/* The engine's log function on the cursor. Entries are made into words at
 * once: the names and prices of this moment are the ones to show. */
static void
log_cb (KolEngine         *engine,
        const KolLogEntry *entry,
        gpointer           user_data)
{
  KolGame *self = user_data;
  g_autofree char *key = round_key (engine);
  g_autofree char *round = round_label (engine);
  g_autofree char *text = kol_log_format_entry (engine, entry);
  gboolean is_heading = kol_log_kind_is_round (entry->kind);

  if (g_strcmp0 (key, self->round_key) != 0)
    {
      /* a new round gets a heading, unless the engine just logged one */
      if (!is_heading && !self->header_logged)
        add_pending (self, round, round, 0, KOL_LOG_CATEGORY_ROUND);
      self->header_logged = FALSE;
      g_free (self->round_key);
      self->round_key = g_steal_pointer (&key);
    }
  else if (is_heading)
    self->header_logged = TRUE;
  add_pending (self, text, round, entry->kind, kol_log_kind_category (entry->kind));
}

static void
_kol_game_cursor_reset (KolGame *self,
                        guint    n)
{
  g_autoptr(GError) error = NULL;
  KolEngine *at = kol_history_dup_game_at (self->history, n, &error);

  if (at == NULL)
    {
      g_warning ("cannot rebuild the log at %u: %s", n, error->message);
      at = kol_engine_copy (kol_history_get_initial_game (self->history));
      n = 0;
    }
  g_clear_pointer (&self->cursor, kol_engine_free);
  self->cursor = at;
  self->cursor->log_func = log_cb;
  self->cursor->log_data = self;
  self->n_logged = n;
}

/* Drops the entries of actions @n and later. */
static void
log_truncate (KolGame *self,
              guint    n)
{
  guint len = g_list_model_get_n_items (G_LIST_MODEL (self->log));
  guint keep = len;

  while (keep > 0)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (G_LIST_MODEL (self->log), keep - 1);

      if (_kol_game_log_entry_get_action_index (e) < n)
        break;
      keep--;
    }
  if (keep < len)
    g_list_store_splice (self->log, keep, len - keep, NULL, 0);
  /* the log goes on from its last entry kept */
  g_clear_pointer (&self->round_key, g_free);
  self->header_logged = FALSE;
  if (keep > 0)
    {
      g_autoptr(KolGameLogEntry) last = g_list_model_get_item (G_LIST_MODEL (self->log), keep - 1);

      self->round_key = g_strdup (g_object_get_data (G_OBJECT (last), "kol-round-key"));
      self->header_logged = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (last), "kol-header-logged"));
    }
  _kol_game_cursor_reset (self, n);
}

static void
_kol_game_log_extend (KolGame *self,
                      guint    n_actions)
{
  for (guint i = self->n_logged; i < n_actions; i++)
    {
      const KolAction *a = kol_history_get_action (self->history, i);
      g_autoptr(GError) error = NULL;

      self->logging_action = i;
      if (!kol_engine_apply_unsafe (self->cursor, a, FALSE, NULL, &error))
        {
          g_warning ("action %u no longer replays for the log: %s", i, error->message);
          g_ptr_array_set_size (self->pending, 0);
          _kol_game_cursor_reset (self, i + 1);
          continue;
        }
      self->n_logged = i + 1;
    }
  if (self->pending->len > 0)
    {
      g_list_store_splice (self->log, g_list_model_get_n_items (G_LIST_MODEL (self->log)), 0,
                           self->pending->pdata, self->pending->len);
      g_ptr_array_set_size (self->pending, 0);
    }
}

/* Follows the history's line of play: returns TRUE when it changed. */
static gboolean
log_sync (KolGame *self)
{
  guint n = kol_history_get_n_actions (self->history);

  if (n == self->n_logged)
    return FALSE;
  if (n < self->n_logged)
    log_truncate (self, n);
  _kol_game_log_extend (self, n);
  return TRUE;
}

static void
log_mark_future (KolGame *self,
                 guint    position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (G_LIST_MODEL (self->log), i);

      _kol_game_log_entry_set_future (e, _kol_game_log_entry_get_action_index (e) >= position);
    }
}

/* ------------------------------------------------------------ refreshing */

static KolEntity
acting_entity (KolEngine *engine)
{
  KolEntity out[KOL_MAX_ROUND_ENTITIES];

  if (engine->finished || kol_engine_active_entities (engine, out, G_N_ELEMENTS (out)) == 0)
    return KOL_ENTITY_INIT_NONE;
  return out[0];
}

static char *
acting_name (KolEngine *engine,
             KolEntity  acting,
             int        player)
{
  g_autofree char *name = _kol_game_entity_name (engine, acting);
  int parent;

  if (acting.kind == KOL_ENTITY_NONE)
    return NULL;
  if (acting.kind == KOL_ENTITY_PLAYER || player < 0)
    return g_steal_pointer (&name);
  parent = acting.kind == KOL_ENTITY_CORP ? kol_engine_corp_parent (engine, acting.index) : -1;
  if (parent >= 0)
    {
      g_autofree char *parent_name = _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, parent));

      /* Translators: who acts: "Linie 5 of WT (Anna)". */
      return g_strdup_printf (C_("acting", "%1$s of %2$s (%3$s)"), name, parent_name,
                              engine->players[player].name);
    }
  /* Translators: who acts: "ATA (Anna)". */
  return g_strdup_printf (C_("acting", "%1$s (%2$s)"), name, engine->players[player].name);
}

static const char *
acting_color_of (KolEngine *engine,
                 int        corp)
{
  int parent;

  if (corp < 0)
    return NULL;
  parent = kol_engine_corp_parent (engine, corp);
  return engine->title->corps[parent >= 0 ? parent : corp].color;
}

static char *
step_label (KolEngine *engine)
{
  KolStep *step;

  if (engine->finished)
    return g_strdup (_("The game is over"));
  step = kol_engine_active_step (engine);
  if (step == NULL || step->klass == NULL || step->klass->name == NULL)
    return g_strdup ("");
  return g_strdup (kol_game_word_step (engine->title, step->klass->name));
}

static void
set_string (KolGame  *self,
            char    **field,
            char     *value,
            int       prop)
{
  _kol_set_string (G_OBJECT (self), field, value, properties[prop]);
}

static void
refresh_properties (KolGame   *self,
                    KolEngine *engine,
                    KolEntity  acting)
{
  GObject *o = G_OBJECT (self);
  int player = acting.kind != KOL_ENTITY_NONE ? kol_entity_player (engine, acting) : -1;
  int corp = acting.kind == KOL_ENTITY_CORP ? acting.index : -1;
  const KolPhaseDef *phase = engine->phase >= 0 && (guint) engine->phase < engine->title->n_phases ? &engine->title->phases[engine->phase]
                                                                                  : NULL;

  set_string (self, &self->round_name, round_label (engine), PROP_ROUND_NAME);
  set_string (self, &self->phase_name, g_strdup (phase != NULL ? phase->name : ""), PROP_PHASE_NAME);
  set_string (self, &self->step_name, step_label (engine), PROP_STEP_NAME);
  set_string (self, &self->acting_entity_name, acting_name (engine, acting, player), PROP_ACTING_ENTITY_NAME);
  set_string (self, &self->acting_color, g_strdup (acting_color_of (engine, corp)), PROP_ACTING_COLOR);
  _kol_set_int (o, &self->acting_player, player, properties[PROP_ACTING_PLAYER]);
  _kol_set_int (o, &self->acting_corp, corp, properties[PROP_ACTING_CORPORATION]);
  _kol_set_bool (o, &self->can_undo, kol_history_can_undo (self->history), properties[PROP_CAN_UNDO]);
  _kol_set_bool (o, &self->can_redo, kol_history_can_redo (self->history), properties[PROP_CAN_REDO]);
  _kol_set_bool (o, &self->live, kol_history_is_live (self->history), properties[PROP_LIVE]);
  _kol_set_bool (o, &self->finished, kol_history_get_game (self->history)->finished, properties[PROP_FINISHED]);
  if (self->position != kol_history_get_position (self->history))
    {
      self->position = kol_history_get_position (self->history);
      g_object_notify_by_pspec (o, properties[PROP_POSITION]);
    }
  if (self->n_actions != kol_history_get_n_actions (self->history))
    {
      self->n_actions = kol_history_get_n_actions (self->history);
      g_object_notify_by_pspec (o, properties[PROP_N_ACTIONS]);
    }
}

/* The item lists match the state's entities; only a different count
 * (never during a game) rebuilds one. */
static void
ensure_items (GListStore *store,
              guint       n,
              gpointer  (*make) (int index))
{
  g_autoptr(GPtrArray) items = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (store)) == n)
    return;
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, make ((int) i));
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), items->pdata, n);
}

static gpointer
make_player (int index)
{
  return _kol_game_player_new (index);
}

static gpointer
make_certificate (int index)
{
  return _kol_game_certificate_new (index);
}

static gpointer
make_train (int index)
{
  return _kol_game_train_new (index);
}

static void
ensure_companies (KolGame   *self,
                  KolEngine *engine)
{
  guint n = (guint) (engine->n_corps + engine->n_companies);
  g_autoptr(GPtrArray) items = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (self->companies)) == n)
    return;
  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = 0; i < engine->n_corps; i++)
    g_ptr_array_add (items, _kol_game_company_new (kol_entity (KOL_ENTITY_CORP, i)));
  for (int i = 0; i < engine->n_companies; i++)
    g_ptr_array_add (items, _kol_game_company_new (kol_entity (KOL_ENTITY_COMPANY, i)));
  g_list_store_splice (self->companies, 0, g_list_model_get_n_items (G_LIST_MODEL (self->companies)),
                       items->pdata, n);
}

static void
refresh_items (KolGame   *self,
               KolEngine *engine,
               KolEntity  acting)
{
  guint8 available[KOL_MAX_TRAINS] = { 0 };
  gint16 depot[KOL_MAX_DEPOT_TRAINS];
  int n_depot = kol_depot_trains (engine, depot, KOL_MAX_DEPOT_TRAINS);

  for (int i = 0; i < n_depot; i++)
    available[depot[i]] = TRUE;
  ensure_items (self->players, (guint) engine->n_players, make_player);
  ensure_companies (self, engine);
  ensure_items (self->certificates, (guint) engine->n_certs, make_certificate);
  ensure_items (self->trains, (guint) engine->n_trains, make_train);
  for (int i = 0; i < engine->n_players; i++)
    {
      g_autoptr(KolGamePlayer) p = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      _kol_game_player_update (p, engine, kol_entity (KOL_ENTITY_PLAYER, kol_entity_player (engine, acting)));
    }
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->companies)); i++)
    {
      g_autoptr(KolGameCompany) c = g_list_model_get_item (G_LIST_MODEL (self->companies), i);

      _kol_game_company_update (c, engine, acting);
    }
  for (int i = 0; i < engine->n_certs; i++)
    {
      g_autoptr(KolGameCertificate) c = g_list_model_get_item (G_LIST_MODEL (self->certificates), i);

      _kol_game_certificate_update (c, engine);
    }
  for (int i = 0; i < engine->n_trains; i++)
    {
      g_autoptr(KolGameTrain) t = g_list_model_get_item (G_LIST_MODEL (self->trains), i);

      _kol_game_train_update (t, engine, available);
    }
}

static void
_kol_game_refresh (KolGame *self)
{
  KolEngine *engine = kol_history_get_game (self->history);
  KolEntity acting = acting_entity (engine);

  g_object_freeze_notify (G_OBJECT (self));
  refresh_items (self, engine, acting);
  log_mark_future (self, kol_history_get_position (self->history));
  refresh_properties (self, engine, acting);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[STATE_CHANGED], 0);
}

static void
_kol_game_set_modified (KolGame  *self,
                        gboolean  modified)
{
  _kol_set_bool (G_OBJECT (self), &self->modified, modified, properties[PROP_MODIFIED]);
}

static void
_kol_game_history_changed_cb (KolGame *self)
{
  if (log_sync (self))
    _kol_game_set_modified (self, TRUE);
  _kol_game_refresh (self);
}

/* ------------------------------------------------------------- creation */

/**
 * kol_game_new_for_history:
 * @history: (transfer none): a game's history
 * @title_dir: (nullable): the folder of its title's data
 *
 * Returns: (transfer full): a game showing @history
 */
KolGame *
kol_game_new_for_history (KolHistory *history,
                          const char *title_dir)
{
  KolGame *self;

  g_return_val_if_fail (KOL_IS_HISTORY (history), NULL);

  self = g_object_new (KOL_TYPE_GAME, NULL);
  self->history = g_object_ref (history);
  self->title_dir = g_strdup (title_dir);
  _kol_game_cursor_reset (self, 0);
  _kol_game_log_extend (self, kol_history_get_n_actions (history));
  g_signal_connect_swapped (history, "changed", G_CALLBACK (_kol_game_history_changed_cb), self);
  _kol_game_refresh (self);
  return self;
}

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
  KolTitle *title;

  g_return_val_if_fail (title_dir != NULL, NULL);

  title = kol_title_loader_load (title_dir, n_players, options != NULL ? options : no_options, error);
  if (title == NULL)
    return NULL;
  history = kol_history_new (title, n_players, NULL, player_names, seed, error);
  if (history == NULL)
    return NULL;
  return kol_game_new_for_history (history, title_dir);
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
  g_autoptr(GError) local = NULL;
  g_autoptr(KolHistory) history = kol_save_file_load (file, &local);
  g_autofree char *dir = NULL;
  KolGame *self;

  if (history == NULL)
    {
      /* Translators: %1$s is a file, %2$s what is wrong with it. */
      set_file_error (error, _("“%1$s” cannot be opened: %2$s"), file, local);
      return NULL;
    }
  dir = title_dir_for_id (kol_history_get_title (history)->id);
  self = kol_game_new_for_history (history, dir);
  self->path = g_object_ref (file);
  return self;
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
  g_autoptr(KolRecord) record = NULL;
  g_autoptr(KolHistory) history = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autoptr(GError) local = NULL;
  g_autofree char *dir = NULL;

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

      /* Translators: %1$s is a file, %2$s says which action failed and why. */
      g_set_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, _("“%1$s” does not replay to its end: %2$s"),
                   name, where);
      return NULL;
    }
  dir = title_dir_for_id (kol_history_get_title (history)->id);
  return kol_game_new_for_history (history, dir);
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

/* -------------------------------------------------------------- getters */

/**
 * kol_game_get_history:
 *
 * Returns: (transfer none): the game's history
 */
KolHistory *
kol_game_get_history (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return self->history;
}

/**
 * kol_game_get_title:
 *
 * Returns: (transfer none): the title the game is played on
 */
const KolTitle *
kol_game_get_title (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_history_get_title (self->history);
}

/**
 * kol_game_get_engine:
 *
 * The state shown (the past while seeking). Read it; it stays valid until
 * the next change of the game.
 *
 * Returns: (transfer none): the engine state
 */
const KolEngine *
kol_game_get_engine (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_history_get_game (self->history);
}

/**
 * kol_game_get_title_dir:
 *
 * Returns: (transfer none) (nullable): the folder of the title's data
 */
const char *
kol_game_get_title_dir (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return self->title_dir;
}

/**
 * kol_game_get_path:
 *
 * Returns: (transfer none) (nullable): where the game was opened from or
 *   last saved
 */
GFile *
kol_game_get_path (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return self->path;
}

/**
 * kol_game_get_title_name:
 *
 * Returns: (transfer none): the title's name in the user's language
 */
const char *
kol_game_get_title_name (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_game_word_text (&kol_game_get_title (self)->name);
}

#define GETTER(type, name, field, fallback)              \
  type                                                   \
  kol_game_get_##name (KolGame *self)                    \
  {                                                      \
    g_return_val_if_fail (KOL_IS_GAME (self), fallback); \
    return self->field;                                  \
  }

GETTER (const char *, round_name, round_name, NULL)
GETTER (const char *, phase_name, phase_name, NULL)
GETTER (const char *, step_name, step_name, NULL)
GETTER (const char *, acting_entity_name, acting_entity_name, NULL)
GETTER (int, acting_player, acting_player, -1)
GETTER (int, acting_corporation, acting_corp, -1)
GETTER (gboolean, can_undo, can_undo, FALSE)
GETTER (gboolean, can_redo, can_redo, FALSE)
GETTER (gboolean, live, live, TRUE)
GETTER (guint, position, position, 0)
GETTER (guint, n_actions, n_actions, 0)
GETTER (gboolean, finished, finished, FALSE)
GETTER (gboolean, modified, modified, FALSE)

#undef GETTER

/** kol_game_get_players: Returns: (transfer none): the #KolGamePlayer list */
GListModel *
kol_game_get_players (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->players);
}

/** kol_game_get_companies: Returns: (transfer none): the #KolGameCompany
 * list: corporations in the title's order, then the private companies */
GListModel *
kol_game_get_companies (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->companies);
}

/** kol_game_get_certificates: Returns: (transfer none): the
 * #KolGameCertificate list */
GListModel *
kol_game_get_certificates (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->certificates);
}

/** kol_game_get_trains: Returns: (transfer none): the #KolGameTrain list */
GListModel *
kol_game_get_trains (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->trains);
}

/** kol_game_get_log: Returns: (transfer none): the #KolGameLogEntry list of
 * the whole line of play (entries after the point shown are "future") */
GListModel *
kol_game_get_log (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->log);
}

/**
 * kol_game_describe_entity:
 *
 * Returns: (transfer full): the name of @entity as the log writes it
 */
char *
kol_game_describe_entity (KolGame   *self,
                          KolEntity  entity)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return _kol_game_entity_name (kol_game_get_engine (self), entity);
}

/**
 * kol_game_format_money:
 *
 * Returns: (transfer full): @amount in the title's currency
 */
char *
kol_game_format_money (KolGame *self,
                       int      amount)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_game_word_money (kol_game_get_title (self), amount);
}

/* ---------------------------------------------------------------- acting */

/**
 * kol_game_refusal_error:
 * @engine: the state that refused (its #KolEngine.refusal is read)
 * @engine_error: the error the engine or the history gave
 *
 * Returns: (transfer full): a translated error: %KOL_GAME_ERROR_REFUSED
 *   for a refusal, %KOL_GAME_ERROR_NOT_LIVE when acting in the past
 */
GError *
kol_game_refusal_error (KolGame         *self,
                        const KolEngine *engine,
                        const GError    *engine_error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  g_return_val_if_fail (engine_error != NULL, NULL);

  if (engine_error->domain == KOL_HISTORY_ERROR && engine_error->code == KOL_HISTORY_ERROR_HAS_FUTURE)
    return g_error_new_literal (KOL_GAME_ERROR, KOL_GAME_ERROR_NOT_LIVE, engine_error->message);
  if (engine_error->domain != KOL_ENGINE_ERROR || engine == NULL)
    return g_error_new_literal (KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED, engine_error->message);
  text = kol_refusal_format (engine, &engine->refusal);
  return g_error_new_literal (KOL_GAME_ERROR, KOL_GAME_ERROR_REFUSED, text);
}

/**
 * kol_game_check_action:
 * @action: an action for the state shown
 * @error: why the engine would refuse it (%KOL_GAME_ERROR_REFUSED)
 *
 * Tries @action on a copy of the state shown; nothing changes.
 *
 * Returns: %TRUE if the engine accepts it
 */
gboolean
kol_game_check_action (KolGame          *self,
                       const KolAction  *action,
                       GError          **error)
{
  g_autoptr(KolEngine) work = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  work = kol_engine_copy (kol_history_get_game (self->history));
  work->log_func = NULL;
  if (kol_engine_apply_unsafe (work, action, TRUE, NULL, &local))
    return TRUE;
  if (error != NULL)
    *error = kol_game_refusal_error (self, work, local);
  return FALSE;
}

/**
 * kol_game_apply_action_full:
 * @action: the move, for the state shown
 * @flags: %KOL_GAME_APPLY_DISCARD_FUTURE once the players agreed to
 *   continue from the point shown
 * @error: %KOL_GAME_ERROR_REFUSED with the engine's reason in words, or
 *   %KOL_GAME_ERROR_NOT_LIVE in the past without the flag
 *
 * Plays @action (the engine adds its automatic actions). On failure
 * nothing changes, not even the future of the past shown.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_apply_action_full (KolGame            *self,
                            const KolAction    *action,
                            KolGameApplyFlags   flags,
                            GError            **error)
{
  g_autoptr(GError) local = NULL;
  KolHistoryApplyFlags hflags = KOL_HISTORY_APPLY_NONE;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!kol_history_is_live (self->history))
    {
      if (!(flags & KOL_GAME_APPLY_DISCARD_FUTURE))
        {
          g_set_error_literal (error, KOL_GAME_ERROR, KOL_GAME_ERROR_NOT_LIVE,
                               _("The game is shown at an earlier point: continue from here first."));
          return FALSE;
        }
      /* the future goes only for an action the engine takes */
      if (!kol_game_check_action (self, action, error))
        return FALSE;
      hflags |= KOL_HISTORY_APPLY_DISCARD_FUTURE;
    }
  if (!kol_history_apply (self->history, action, hflags, &local))
    {
      if (error != NULL)
        *error = kol_game_refusal_error (self, kol_history_get_game (self->history), local);
      return FALSE;
    }
  g_signal_emit (self, signals[ACTION_APPLIED], 0,
                 kol_history_get_action (self->history, kol_history_get_n_actions (self->history) - 1));
  return TRUE;
}

/**
 * kol_game_apply_action:
 *
 * kol_game_apply_action_full() without flags.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_apply_action (KolGame          *self,
                       const KolAction  *action,
                       GError          **error)
{
  return kol_game_apply_action_full (self, action, KOL_GAME_APPLY_NONE, error);
}

static gboolean
stepped (KolGame  *self,
         gboolean  ok)
{
  if (ok)
    g_signal_emit (self, signals[ACTION_APPLIED], 0, NULL);
  return ok;
}

/**
 * kol_game_undo:
 *
 * Takes back the last action and shows the latest state.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_undo (KolGame *self,
               GError **error)
{
  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  return stepped (self, kol_history_undo (self->history, error));
}

/**
 * kol_game_redo:
 *
 * Plays the last action taken back again.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_redo (KolGame *self,
               GError **error)
{
  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  return stepped (self, kol_history_redo (self->history, error));
}

/**
 * kol_game_seek:
 * @n: a number of actions, 0 … #KolGame:n-actions
 *
 * Shows the game after @n actions; the line of play is unchanged.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_seek (KolGame *self,
               guint    n,
               GError **error)
{
  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  if (n == kol_history_get_position (self->history))
    return TRUE;
  return stepped (self, kol_history_goto (self->history, n, error));
}

/**
 * kol_game_continue_from_here:
 *
 * Continues from the point shown: the later actions are discarded. Ask
 * the players first.
 *
 * Returns: %TRUE
 */
gboolean
kol_game_continue_from_here (KolGame *self,
                             GError **error)
{
  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  if (kol_history_is_live (self->history))
    return TRUE;
  kol_history_discard_future (self->history);
  return stepped (self, TRUE);
}

/* ------------------------------------------------------- legal choices */

/* Who may act now: the active entities, the president of an acting
 * corporation (emergency sales) and the private companies of anyone
 * acting (1849's CNM, 1840's returning of privates). */
int
kol_game_get_acting_entities (KolGame   *self,
                              KolEntity *out,
                              int        max)
{
  KolEngine *engine;
  int n, base;

  g_return_val_if_fail (KOL_IS_GAME (self), 0);
  engine = kol_history_get_game (self->history);
  if (engine->finished)
    return 0;
  n = base = kol_engine_active_entities (engine, out, max);
  for (int i = 0; i < base && n < max; i++)
    if (out[i].kind == KOL_ENTITY_CORP && engine->corps[out[i].index].owner.kind == KOL_ENTITY_PLAYER)
      {
        KolEntity president = engine->corps[out[i].index].owner;
        gboolean listed = FALSE;

        for (int k = 0; k < n && !listed; k++)
          listed = kol_entity_equal (out[k], president);
        if (!listed)
          out[n++] = president;
      }
  for (int i = 0; i < base; i++)
    if (out[i].kind == KOL_ENTITY_CORP || out[i].kind == KOL_ENTITY_PLAYER)
      for (int c = 0; c < engine->n_companies && n < max; c++)
        if (!engine->companies[c].closed && kol_entity_equal (engine->companies[c].owner, out[i]))
          out[n++] = kol_entity (KOL_ENTITY_COMPANY, c);
  return n;
}

/* The legal actions of @entity in the steps as Round#actions_for visits
 * them, up to the first blocking one. */
static void
collect_entity (KolEngine *engine,
                KolEntity  entity,
                GPtrArray *out)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];
      gboolean blocking;

      if (!kol_step_active (engine, s))
        continue;
      blocking = kol_step_blocking (engine, s);
      if (entity.kind != KOL_ENTITY_COMPANY && !blocking && kol_step_actions (engine, s, entity) == 0)
        continue;
      if (s->klass->legal_actions != NULL && kol_step_actions (engine, s, entity) != 0)
        s->klass->legal_actions (engine, s, entity, out);
      if (blocking)
        break;
    }
}

/**
 * kol_game_legal_actions:
 *
 * The current decision as the engine's concrete legal actions (where a
 * choice is a number in a range, representative values of it: the ranges
 * come from the engine's query functions). Empty while the past is shown
 * or when the game is over.
 *
 * Returns: (transfer full) (element-type KolAction): the actions
 */
GPtrArray *
kol_game_legal_actions (KolGame *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  KolEntity entities[KOL_MAX_ROUND_ENTITIES + KOL_MAX_COMPANIES];
  g_autoptr(KolEngine) work = NULL;
  int n;

  g_return_val_if_fail (KOL_IS_GAME (self), out);

  if (!kol_history_is_live (self->history))
    return out;
  n = kol_game_get_acting_entities (self, entities, G_N_ELEMENTS (entities));
  /* the steps' query functions read the state only, but a copy keeps
   * the history safe from any scratch use */
  work = kol_engine_copy (kol_history_get_game (self->history));
  work->log_func = NULL;
  for (int i = 0; i < n; i++)
    collect_entity (work, entities[i], out);
  return out;
}

/* ------------------------------------------------------------- autosave */

/**
 * kol_game_enable_autosave:
 * @dir: (nullable): the folder for autosaves; %NULL for
 *   kol_history_get_autosave_dir()
 *
 * From now on every change of the line of play is written to a file in
 * @dir. A game opened from that folder (resumed) keeps its file.
 *
 * Returns: %TRUE when the first write succeeded
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

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);

  if (dir == NULL)
    dir = default_dir = kol_history_get_autosave_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, KOL_GAME_ERROR, KOL_GAME_ERROR_FILE, _("The folder “%s” cannot be created."), dir);
      return FALSE;
    }
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
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
      g_autofree char *name = g_strdup_printf ("%s-%s-%08x%s", kol_game_get_title (self)->id, stamp,
                                               g_random_int (), KOL_SAVE_FILE_EXTENSION);

      file = g_file_get_child (folder, name);
    }
  kol_history_set_autosave_file (self->history, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_FILE]);
  return g_file_query_exists (file, NULL);
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
