/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-market.h"
#include "kol-game-private.h"
#include "kol-game-progress.h"
#include "kol-game-words.h"
#include "kol-state-dump.h"

/**
 * KolGameProgress:
 *
 * Net worth and share prices along a game's history; see
 * kol-game-progress.h. A private copy of the setup state is advanced with
 * the history's actions (as KolHistory replays them when it seeks), and
 * sampled whenever a new round begins.
 */

/* Actions replayed per turn of the main loop: a whole recorded game takes
 * a few tens of milliseconds, so a handful of turns. */
#define CHUNK 48

struct _KolGameProgress
{
  GObject parent_instance;

  KolHistory *history;
  guint       until;
  KolEngine  *work;
  guint       next;
  guint       idle;
  gboolean    complete;

  int         n_players;
  int         n_corps;
  GArray     *samples;        /* KolGameSample */
  GArray     *worth;          /* int: n_players per sample */
  GArray     *price;          /* int: n_corps per sample, -1 none */
  guint8      priced[KOL_MAX_CORPS];

  /* the round of the last sample */
  gconstpointer round_class;
  int         round_num;
  int         turn;
};

G_DEFINE_FINAL_TYPE (KolGameProgress, kol_game_progress, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SAMPLES_ADDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
sample_clear (KolGameSample *sample)
{
  g_clear_pointer (&sample->round, g_free);
}

/* "SR 2", "OR 3.1": the round's short name, the turn and, for operating
 * rounds of a set of several, its number in the set. The engine's short
 * names are 18xx.games' ("ISR", "Choices"); a title says its own under
 * "round_short_<name>" (1840's round bar "Pre", 1849's Russian «ОР»). A
 * title with a round bar names its rounds by their space ("LR1a"). */
static char *
round_label (KolEngine *engine)
{
  char *track_id = _kol_game_round_track_id (engine);
  const char *short_name = engine->round.klass != NULL && engine->round.klass->short_name != NULL
                       ? engine->round.klass->short_name : "";
  const char *own = *short_name != '\0' ? kol_game_word_own (engine->title, "round_short_", short_name) : NULL;
  const char *name = own != NULL ? own : short_name;

  if (track_id != NULL)
    return track_id;
  if (engine->round.klass != NULL && engine->round.klass->operating && engine->operating_rounds > 1)
    return g_strdup_printf ("%s %d.%d", name, engine->turn, engine->round.round_num);
  return g_strdup_printf ("%s %d", name, engine->turn);
}

static void
take_sample (KolGameProgress *self,
             guint            action)
{
  KolEngine *engine = self->work;
  KolGameSample sample = { action, round_label (engine) };

  g_array_append_val (self->samples, sample);
  for (int p = 0; p < self->n_players; p++)
    {
      int value = kol_state_player_value (engine, p);

      g_array_append_val (self->worth, value);
    }
  for (int c = 0; c < self->n_corps; c++)
    {
      const KolCorp *corp = &engine->corps[c];
      int price = corp->removed || corp->closed || !corp->ipoed ? -1 : kol_market_corp_price (engine, c);

      if (price > 0)
        self->priced[c] = TRUE;
      else
        price = -1;
      g_array_append_val (self->price, price);
    }
  self->round_class = engine->round.klass;
  self->round_num = engine->round.round_num;
  self->turn = engine->turn;
}

static gboolean
round_changed (KolGameProgress *self)
{
  KolEngine *engine = self->work;

  return (gconstpointer) engine->round.klass != self->round_class || engine->round.round_num != self->round_num ||
         engine->turn != self->turn;
}

static void
finish (KolGameProgress *self)
{
  guint last = self->samples->len;

  if (last == 0 || g_array_index (self->samples, KolGameSample, last - 1).action != self->next)
    take_sample (self, self->next);
  self->complete = TRUE;
  g_clear_pointer (&self->work, kol_engine_free);
}

/* Replays up to @max actions; returns whether more remain. */
static gboolean
advance (KolGameProgress *self,
         guint            max)
{
  guint first = self->samples->len;
  guint n_actions = kol_history_get_n_actions (self->history);
  guint n = MIN (self->until, n_actions);

  for (guint k = 0; k < max && !self->complete; k++)
    {
      g_autoptr(GError) error = NULL;

      if (self->next >= n)
        {
          finish (self);
          break;
        }
      if (!kol_engine_apply_unsafe (self->work, kol_history_get_action (self->history, self->next),
                                    FALSE, NULL, &error))
        {
          g_warning ("action %u of the history no longer replays: %s", self->next, error->message);
          finish (self);
          break;
        }
      self->next++;
      if (round_changed (self))
        take_sample (self, self->next);
    }
  if (self->samples->len > first)
    g_signal_emit (self, signals[SAMPLES_ADDED], 0, first, self->samples->len - first);
  if (self->complete)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  return !self->complete;
}

static gboolean
advance_cb (gpointer data)
{
  KolGameProgress *self = data;

  if (advance (self, CHUNK))
    return G_SOURCE_CONTINUE;
  self->idle = 0;
  return G_SOURCE_REMOVE;
}

/**
 * kol_game_progress_run_to_end:
 * @self: a progress
 *
 * Replays what is left at once (for tests and for a short history).
 */
void
kol_game_progress_run_to_end (KolGameProgress *self)
{
  g_return_if_fail (KOL_IS_GAME_PROGRESS (self));

  g_clear_handle_id (&self->idle, g_source_remove);
  while (advance (self, G_MAXUINT))
    ;
}

static void
kol_game_progress_dispose (GObject *object)
{
  KolGameProgress *self = KOL_GAME_PROGRESS (object);

  g_clear_handle_id (&self->idle, g_source_remove);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kol_game_progress_parent_class)->dispose (object);
}

static void
kol_game_progress_finalize (GObject *object)
{
  KolGameProgress *self = KOL_GAME_PROGRESS (object);

  g_clear_pointer (&self->work, kol_engine_free);
  g_clear_pointer (&self->samples, g_array_unref);
  g_clear_pointer (&self->worth, g_array_unref);
  g_clear_pointer (&self->price, g_array_unref);
  G_OBJECT_CLASS (kol_game_progress_parent_class)->finalize (object);
}

static void
kol_game_progress_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  KolGameProgress *self = KOL_GAME_PROGRESS (object);

  switch (prop_id)
    {
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_game_progress_class_init (KolGameProgressClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kol_game_progress_dispose;
  object_class->finalize = kol_game_progress_finalize;
  object_class->get_property = kol_game_progress_get_property;

  /**
   * KolGameProgress:complete:
   *
   * Whether every action up to the end has been replayed.
   */
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolGameProgress::samples-added:
   * @self: the progress
   * @first: index of the first new sample
   * @count: how many were added
   *
   * Emitted after new samples were taken.
   */
  signals[SAMPLES_ADDED] = g_signal_new ("samples-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
kol_game_progress_init (KolGameProgress *self)
{
  self->samples = g_array_new (FALSE, FALSE, sizeof (KolGameSample));
  g_array_set_clear_func (self->samples, (GDestroyNotify) sample_clear);
  self->worth = g_array_new (FALSE, FALSE, sizeof (int));
  self->price = g_array_new (FALSE, FALSE, sizeof (int));
}

/**
 * kol_game_progress_new:
 * @history: a game's history
 * @until: how many of its actions to follow (G_MAXUINT: all)
 *
 * Starts following @history from its setup; the samples come from the
 * main loop (or at once with kol_game_progress_run_to_end()).
 *
 * Returns: (transfer full): a new progress
 */
KolGameProgress *
kol_game_progress_new (KolHistory *history,
                       guint       until)
{
  KolGameProgress *self;
  g_autoptr(GError) error = NULL;
  guint n_actions;

  g_return_val_if_fail (KOL_IS_HISTORY (history), NULL);

  self = g_object_new (KOL_TYPE_GAME_PROGRESS, NULL);
  self->history = g_object_ref (history);
  n_actions = kol_history_get_n_actions (history);
  self->until = MIN (until, n_actions);
  self->work = kol_history_dup_game_at (history, 0, &error);
  if (self->work == NULL)
    {
      g_warning ("cannot replay the history: %s", error->message);
      self->complete = TRUE;
      return self;
    }
  /* the copy must not report to the game's log */
  self->work->log_func = NULL;
  self->work->log_data = NULL;
  self->n_players = self->work->n_players;
  self->n_corps = self->work->n_corps;
  take_sample (self, 0);
  self->idle = g_idle_add_full (G_PRIORITY_LOW, advance_cb, self, NULL);
  return self;
}

gboolean
kol_game_progress_is_complete (KolGameProgress *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), FALSE);
  return self->complete;
}

/**
 * kol_game_progress_get_until:
 * @self: a progress
 *
 * Returns: how many actions it follows
 */
guint
kol_game_progress_get_until (KolGameProgress *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), 0);
  return self->until;
}

guint
kol_game_progress_get_n_samples (KolGameProgress *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), 0);
  return self->samples->len;
}

/**
 * kol_game_progress_get_sample:
 * @self: a progress
 * @i: a sample index
 *
 * Returns: (transfer none): the sample
 */
const KolGameSample *
kol_game_progress_get_sample (KolGameProgress *self,
                              guint            i)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), NULL);
  g_return_val_if_fail (i < self->samples->len, NULL);
  return &g_array_index (self->samples, KolGameSample, i);
}

int
kol_game_progress_get_n_players (KolGameProgress *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), 0);
  return self->n_players;
}

int
kol_game_progress_get_n_corps (KolGameProgress *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), 0);
  return self->n_corps;
}

/**
 * kol_game_progress_get_worth:
 * @self: a progress
 * @sample: a sample index
 * @player: a player index
 *
 * Returns: the player's net worth by the title's scoring at that sample
 */
int
kol_game_progress_get_worth (KolGameProgress *self,
                             guint            sample,
                             int              player)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), 0);
  g_return_val_if_fail (sample < self->samples->len && player >= 0 && player < self->n_players, 0);
  return g_array_index (self->worth, int, sample * (guint) self->n_players + (guint) player);
}

/**
 * kol_game_progress_get_price:
 * @self: a progress
 * @sample: a sample index
 * @corp: a corporation index
 *
 * Returns: its share price at that sample, -1 when it had none
 */
int
kol_game_progress_get_price (KolGameProgress *self,
                             guint            sample,
                             int              corp)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), -1);
  g_return_val_if_fail (sample < self->samples->len && corp >= 0 && corp < self->n_corps, -1);
  return g_array_index (self->price, int, sample * (guint) self->n_corps + (guint) corp);
}

/**
 * kol_game_progress_corp_priced:
 * @self: a progress
 * @corp: a corporation index
 *
 * Returns: whether the corporation had a share price at some sample so far
 */
gboolean
kol_game_progress_corp_priced (KolGameProgress *self,
                               int              corp)
{
  g_return_val_if_fail (KOL_IS_GAME_PROGRESS (self), FALSE);
  return corp >= 0 && corp < self->n_corps && self->priced[corp];
}
