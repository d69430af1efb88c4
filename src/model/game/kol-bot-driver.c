/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-bot-driver.h"
#include "kol-game.h"
#include "kol-policy.h"
#include "kol-why-format.h"

#define DEFAULT_DELAY_MS 600

/* One search: a copy of the game handed to a worker thread. */
typedef struct
{
  KolEngine       *engine;
  KolPolicyKind    kind;
  KolPolicyOptions opts;
  gint             cancel;
  guint            position;    /* of the game when it started */
  KolAction       *action;      /* the result */
  KolPolicyWhy     why;
  gulong           cancelled_id;
  GCancellable    *cancellable;
} Search;

struct _KolBotDriver
{
  GObject parent_instance;

  KolGame *game;                /* weak: the game owns the driver or outlives it */
  gulong   changed_id;
  guint    delay;
  gboolean paused;
  int      budget;

  guint    timeout_id;
  guint    timeout_position;
  Search  *search;              /* the move being chosen, or NULL */
  int      thinking_player;
};

G_DEFINE_FINAL_TYPE (KolBotDriver, kol_bot_driver, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DELAY,
  PROP_PAUSED,
  PROP_THINKING,
  PROP_THINKING_PLAYER,
  PROP_BUDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
search_free (Search *s)
{
  if (s->cancellable != NULL)
    {
      g_cancellable_disconnect (s->cancellable, s->cancelled_id);
      g_object_unref (s->cancellable);
    }
  g_clear_pointer (&s->engine, kol_engine_free);
  g_clear_pointer (&s->action, kol_action_free);
  g_free (s);
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Search *s = data;

  s->action = kol_policy_choose (s->engine, s->kind, &s->opts, &s->why);
  g_task_return_boolean (task, s->action != NULL);
}

static void
cancel_search_cb (GCancellable *cancellable,
                  Search       *s)
{
  g_atomic_int_set (&s->cancel, 1);
}

/* A search of the game's latest state for the acting player's seat. */
static Search *
search_new (KolBotDriver *self,
            KolPolicyKind kind)
{
  const KolEngine *engine = kol_game_get_engine (self->game);
  Search *s = g_new0 (Search, 1);

  s->engine = kol_engine_copy (engine);
  s->engine->log_func = NULL;
  s->kind = kind;
  s->position = kol_game_get_n_actions (self->game);
  /* the same position gets the same move: games can be played again */
  s->opts.seed = (guint64) engine->seed * 1000003u + s->position;
  s->opts.budget_ms = self->budget;
  s->opts.cancel = &s->cancel;
  return s;
}

static void
set_thinking (KolBotDriver *self,
              int           player)
{
  gboolean was = self->thinking_player >= 0;

  if (self->thinking_player == player)
    return;
  self->thinking_player = player;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING_PLAYER]);
  if (was != (player >= 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Stops the search and the pause before it. */
static void
stop (KolBotDriver *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->search != NULL)
    {
      /* the thread finishes on its own; its result is dropped */
      g_atomic_int_set (&self->search->cancel, 1);
      self->search = NULL;
    }
  set_thinking (self, -1);
}

static void schedule (KolBotDriver *self);

/* The acting player's seat, when a computer plays it and may act now. */
static int
computer_to_act (KolBotDriver *self,
                 int          *player)
{
  *player = -1;
  if (self->game == NULL || self->paused || !kol_game_get_live (self->game) || kol_game_get_finished (self->game))
    return -1;
  *player = kol_policy_acting_player ((KolEngine *) kol_game_get_engine (self->game));
  return *player >= 0 ? kol_game_get_computer (self->game, *player) : -1;
}

static void
play_result (KolBotDriver *self,
             Search       *s)
{
  const KolEngine *engine = kol_game_get_engine (self->game);
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  g_autofree char *note = NULL;
  int player = kol_policy_acting_player ((KolEngine *) engine);

  if (s->why.kind != KOL_WHY_ONLY_CHOICE)
    why = kol_why_format (engine, &s->why);
  if (why != NULL && player >= 0)
    /* Translators: a computer player's note in the log: "Boris (Strong):
     * ATA pays out: …". */
    note = g_strdup_printf (_("%1$s (%2$s): %3$s"), engine->players[player].name,
                            kol_why_strength_name (s->kind), why);
  if (!kol_game_apply_action_noted (self->game, s->action, note, &error))
    {
      /* the engine refused what it offered: a bug; stop rather than loop */
      g_warning ("a computer's move was refused: %s", error->message);
      kol_bot_driver_set_paused (self, TRUE);
    }
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  KolBotDriver *self = KOL_BOT_DRIVER (source);
  Search *s = g_task_get_task_data (G_TASK (result));

  if (self->search != s)
    return;
  self->search = NULL;
  set_thinking (self, -1);
  if (s->action != NULL && self->game != NULL && kol_game_get_live (self->game) &&
      kol_game_get_n_actions (self->game) == s->position)
    play_result (self, s);
  schedule (self);
}

static gboolean
think_cb (gpointer data)
{
  KolBotDriver *self = data;
  g_autoptr(GTask) task = NULL;
  int player, kind;

  self->timeout_id = 0;
  kind = computer_to_act (self, &player);
  if (kind < 0 || kol_game_get_n_actions (self->game) != self->timeout_position)
    {
      schedule (self);
      return G_SOURCE_REMOVE;
    }
  self->search = search_new (self, kind);
  set_thinking (self, player);
  task = g_task_new (self, NULL, search_done_cb, NULL);
  g_task_set_source_tag (task, think_cb);
  g_task_set_task_data (task, self->search, (GDestroyNotify) search_free);
  g_task_run_in_thread (task, search_thread);
  return G_SOURCE_REMOVE;
}

/* Starts the pause before a computer's move, if one is due. */
static void
schedule (KolBotDriver *self)
{
  int player;

  if (computer_to_act (self, &player) < 0)
    {
      stop (self);
      return;
    }
  if (self->search != NULL && self->search->position == kol_game_get_n_actions (self->game))
    return;
  if (self->timeout_id != 0 && self->timeout_position == kol_game_get_n_actions (self->game))
    return;
  stop (self);
  self->timeout_position = kol_game_get_n_actions (self->game);
  self->timeout_id = g_timeout_add (self->delay, think_cb, self);
  /* the pause is part of the thinking the players see */
  set_thinking (self, player);
}

static void
state_changed_cb (KolBotDriver *self)
{
  schedule (self);
}

static void
game_gone_cb (gpointer  data,
              GObject  *where)
{
  KolBotDriver *self = data;

  self->game = NULL;
  self->changed_id = 0;
  stop (self);
}

/* ---------------------------------------------------------------- hints */

/**
 * kol_bot_driver_suggest_async:
 * @cancellable: (nullable): stops the search
 *
 * What a strong computer would play now in the acting player's place.
 */
void
kol_bot_driver_suggest_async (KolBotDriver        *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Search *s;

  g_return_if_fail (KOL_IS_BOT_DRIVER (self));
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, kol_bot_driver_suggest_async);
  if (self->game == NULL || !kol_game_get_live (self->game) || kol_game_get_finished (self->game))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                               _("There is no decision to make here."));
      return;
    }
  s = search_new (self, KOL_POLICY_STRONG);
  g_task_set_task_data (task, s, (GDestroyNotify) search_free);
  if (cancellable != NULL)
    {
      s->cancellable = g_object_ref (cancellable);
      s->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancel_search_cb), s, NULL);
    }
  g_task_run_in_thread (task, search_thread);
}

/**
 * kol_bot_driver_suggest_finish:
 * @reason: (out) (optional) (nullable): why, in words
 *
 * Returns: (transfer full) (nullable): the action suggested
 */
KolAction *
kol_bot_driver_suggest_finish (KolBotDriver  *self,
                               GAsyncResult  *result,
                               char         **reason,
                               GError       **error)
{
  Search *s;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  if (reason != NULL)
    *reason = NULL;
  if (!g_task_propagate_boolean (G_TASK (result), error))
    {
      if (error != NULL && *error == NULL)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was stopped."));
      return NULL;
    }
  s = g_task_get_task_data (G_TASK (result));
  if (reason != NULL)
    *reason = kol_why_format (s->engine, &s->why);
  return g_steal_pointer (&s->action);
}

/* -------------------------------------------------------------- object */

static void
kol_bot_driver_dispose (GObject *object)
{
  KolBotDriver *self = KOL_BOT_DRIVER (object);

  stop (self);
  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->game);
      g_object_weak_unref (G_OBJECT (self->game), game_gone_cb, self);
      self->game = NULL;
    }
  G_OBJECT_CLASS (kol_bot_driver_parent_class)->dispose (object);
}

static void
kol_bot_driver_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KolBotDriver *self = KOL_BOT_DRIVER (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      g_value_set_uint (value, self->delay);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking_player >= 0);
      break;
    case PROP_THINKING_PLAYER:
      g_value_set_int (value, self->thinking_player);
      break;
    case PROP_BUDGET:
      g_value_set_int (value, self->budget);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_bot_driver_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KolBotDriver *self = KOL_BOT_DRIVER (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      kol_bot_driver_set_delay (self, g_value_get_uint (value));
      break;
    case PROP_PAUSED:
      kol_bot_driver_set_paused (self, g_value_get_boolean (value));
      break;
    case PROP_BUDGET:
      kol_bot_driver_set_budget (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_bot_driver_class_init (KolBotDriverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = kol_bot_driver_dispose;
  object_class->get_property = kol_bot_driver_get_property;
  object_class->set_property = kol_bot_driver_set_property;

  properties[PROP_DELAY] = g_param_spec_uint ("delay", NULL, NULL, 0, 60000, DEFAULT_DELAY_MS, rw);
  properties[PROP_PAUSED] = g_param_spec_boolean ("paused", NULL, NULL, FALSE, rw);
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_THINKING_PLAYER] = g_param_spec_int ("thinking-player", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_BUDGET] = g_param_spec_int ("budget", NULL, NULL, 1, 600000, KOL_POLICY_DEFAULT_BUDGET_MS, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_bot_driver_init (KolBotDriver *self)
{
  self->delay = DEFAULT_DELAY_MS;
  self->budget = KOL_POLICY_DEFAULT_BUDGET_MS;
  self->thinking_player = -1;
}

/**
 * kol_bot_driver_new:
 * @game: the game whose computer seats it plays
 *
 * Returns: (transfer full): a driver, acting from the next main loop
 *   iteration on
 */
KolBotDriver *
kol_bot_driver_new (KolGame *game)
{
  KolBotDriver *self;

  g_return_val_if_fail (KOL_IS_GAME (game), NULL);
  self = g_object_new (KOL_TYPE_BOT_DRIVER, NULL);
  self->game = game;
  g_object_weak_ref (G_OBJECT (game), game_gone_cb, self);
  self->changed_id = g_signal_connect_swapped (game, "state-changed", G_CALLBACK (state_changed_cb), self);
  schedule (self);
  return self;
}

guint
kol_bot_driver_get_delay (KolBotDriver *self)
{
  g_return_val_if_fail (KOL_IS_BOT_DRIVER (self), 0);
  return self->delay;
}

void
kol_bot_driver_set_delay (KolBotDriver *self,
                          guint         delay_ms)
{
  g_return_if_fail (KOL_IS_BOT_DRIVER (self));
  if (self->delay == delay_ms)
    return;
  self->delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

gboolean
kol_bot_driver_get_paused (KolBotDriver *self)
{
  g_return_val_if_fail (KOL_IS_BOT_DRIVER (self), FALSE);
  return self->paused;
}

void
kol_bot_driver_set_paused (KolBotDriver *self,
                           gboolean      paused)
{
  g_return_if_fail (KOL_IS_BOT_DRIVER (self));
  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  schedule (self);
}

gboolean
kol_bot_driver_get_thinking (KolBotDriver *self)
{
  g_return_val_if_fail (KOL_IS_BOT_DRIVER (self), FALSE);
  return self->thinking_player >= 0;
}

int
kol_bot_driver_get_thinking_player (KolBotDriver *self)
{
  g_return_val_if_fail (KOL_IS_BOT_DRIVER (self), -1);
  return self->thinking_player;
}

int
kol_bot_driver_get_budget (KolBotDriver *self)
{
  g_return_val_if_fail (KOL_IS_BOT_DRIVER (self), 0);
  return self->budget;
}

void
kol_bot_driver_set_budget (KolBotDriver *self,
                           int           budget_ms)
{
  g_return_if_fail (KOL_IS_BOT_DRIVER (self));
  if (self->budget == budget_ms)
    return;
  self->budget = MAX (budget_ms, 1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUDGET]);
}
