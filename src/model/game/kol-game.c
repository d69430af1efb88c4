/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-game-object-private.h"
#include "kol-game-words.h"

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

G_DEFINE_FINAL_TYPE (KolGame, kol_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (kol-game-error-quark, kol_game_error)

GParamSpec *_kol_game_properties[N_PROPS];

guint _kol_game_signals[N_SIGNALS];

/* ------------------------------------------------------------ lifecycle */

static void
kol_game_dispose (GObject *object)
{
  KolGame *self = KOL_GAME (object);

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_func (self->history, _kol_game_history_changed_cb, self);
  g_clear_object (&self->driver);
  g_clear_object (&self->history);
  g_clear_object (&self->players);
  g_clear_object (&self->companies);
  g_clear_object (&self->bank);
  g_clear_object (&self->market);
  g_clear_object (&self->choices);
  g_clear_object (&self->scores);
  g_clear_object (&self->log);

  G_OBJECT_CLASS (kol_game_parent_class)->dispose (object);
}

static void
kol_game_finalize (GObject *object)
{
  KolGame *self = KOL_GAME (object);

  g_clear_pointer (&self->cursor, kol_engine_free);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_hash_table_unref);
  g_clear_pointer (&self->runs, g_hash_table_unref);
  g_clear_pointer (&self->pointed, g_array_unref);
  g_clear_object (&self->path);
  g_free (self->title_dir);
  g_free (self->round_key);
  g_free (self->round_name);
  g_free (self->phase_name);
  g_free (self->step_name);
  g_free (self->end_reason);
  g_free (self->acting_entity_name);
  g_free (self->acting_color);
  g_free (self->acting_text_color);
  g_free (self->acting_chip);
  g_free (self->auction_text);
  g_clear_object (&self->acting_company_item);
  g_clear_object (&self->acting_player_item);

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
      g_value_set_string (value, kol_game_get_title_id (self));
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
    case PROP_ACTING_TEXT_COLOR:
      g_value_set_string (value, self->acting_text_color);
      break;
    case PROP_ACTING_CHIP:
      g_value_set_string (value, self->acting_chip);
      break;
    case PROP_ACTING_COMPANY_ITEM:
      g_value_set_object (value, self->acting_company_item);
      break;
    case PROP_ACTING_PLAYER_ITEM:
      g_value_set_object (value, self->acting_player_item);
      break;
    case PROP_AUCTION_TEXT:
      g_value_set_string (value, self->auction_text);
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
    case PROP_END_REASON:
      g_value_set_string (value, self->end_reason);
      break;
    case PROP_AUTOSAVE_ERROR:
      g_value_set_boxed (value, kol_game_get_autosave_error (self));
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
  properties[PROP_ACTING_TEXT_COLOR] = g_param_spec_string ("acting-text-color", NULL, NULL, NULL, FLAGS);
  /** KolGame:acting-chip: the id the acting corporation's chip shows (a
   * line's: its tram company's), %NULL */
  properties[PROP_ACTING_CHIP] = g_param_spec_string ("acting-chip", NULL, NULL, NULL, FLAGS);
  /** KolGame:acting-company-item: the #KolGameCompany acting now, %NULL
   * when a player acts for themselves */
  properties[PROP_ACTING_COMPANY_ITEM] = g_param_spec_object ("acting-company-item", NULL, NULL,
                                                              KOL_TYPE_GAME_COMPANY, FLAGS);
  /** KolGame:acting-player-item: the #KolGamePlayer acting now (for a
   * company: its president), %NULL */
  properties[PROP_ACTING_PLAYER_ITEM] = g_param_spec_object ("acting-player-item", NULL, NULL,
                                                             KOL_TYPE_GAME_PLAYER, FLAGS);
  /** KolGame:auction-text: the bids open in an auction, company by company
   * ("SCE: Anna L.115, Boris L.110"), %NULL without any */
  properties[PROP_AUCTION_TEXT] = g_param_spec_string ("auction-text", NULL, NULL, NULL, FLAGS);
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
  /** KolGame:end-reason: why the game ended, translated; %NULL while it
   * goes on */
  properties[PROP_END_REASON] = g_param_spec_string ("end-reason", NULL, NULL, NULL, FLAGS);
  /** KolGame:autosave-error: why writing the autosave failed last (a full
   * disk, a read-only folder), %NULL while it works */
  properties[PROP_AUTOSAVE_ERROR] = g_param_spec_boxed ("autosave-error", NULL, NULL, G_TYPE_ERROR, FLAGS);
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
  /**
   * KolGame::pointed-hexes-changed:
   * @self: the game
   *
   * The hexes of the choice pointed at changed (kol_game_get_pointed_hexes()).
   */
  signals[POINTED_HEXES_CHANGED] = g_signal_new ("pointed-hexes-changed", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/**
 * kol_game_set_pointed_hexes:
 * @hexes: (array length=n_hexes) (nullable): hex indices
 *
 * What the choice pointed at concerns on the map (kol_game_choice_get_hexes()),
 * for the map to show; none when no choice is pointed at.
 */
void
kol_game_set_pointed_hexes (KolGame      *self,
                            const gint16 *hexes,
                            int           n_hexes)
{
  g_return_if_fail (KOL_IS_GAME (self));

  if (self->pointed->len == (guint) MAX (n_hexes, 0) &&
      (n_hexes <= 0 || memcmp (self->pointed->data, hexes, sizeof (gint16) * (gsize) n_hexes) == 0))
    return;
  g_array_set_size (self->pointed, 0);
  if (n_hexes > 0)
    g_array_append_vals (self->pointed, hexes, (guint) n_hexes);
  g_signal_emit (self, signals[POINTED_HEXES_CHANGED], 0);
}

/**
 * kol_game_get_pointed_hexes:
 * @n_hexes: (out): how many
 *
 * Returns: (array length=n_hexes): the hexes of the choice pointed at
 */
const gint16 *
kol_game_get_pointed_hexes (KolGame *self,
                            int     *n_hexes)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  *n_hexes = (int) self->pointed->len;
  return (const gint16 *) (gconstpointer) self->pointed->data;
}

static void
kol_game_init (KolGame *self)
{
  self->pointed = g_array_new (FALSE, FALSE, sizeof (gint16));
  self->players = g_list_store_new (KOL_TYPE_GAME_PLAYER);
  self->companies = g_list_store_new (KOL_TYPE_GAME_COMPANY);
  self->bank = _kol_game_bank_new ();
  self->market = kol_game_market_new ();
  self->choices = g_list_store_new (KOL_TYPE_GAME_CHOICE);
  self->scores = g_list_store_new (KOL_TYPE_GAME_ROW);
  self->log = g_list_store_new (KOL_TYPE_GAME_LOG_ENTRY);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  self->notes = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  self->acting_player = -1;
  self->acting_corp = -1;
  self->live = TRUE;
}

/* ------------------------------------------------------------- creation */

static void
autosave_error_cb (KolGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_ERROR]);
}

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
  g_signal_connect_object (history, "notify::autosave-error", G_CALLBACK (autosave_error_cb), self,
                           G_CONNECT_SWAPPED);
  _kol_game_refresh (self);
  return self;
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
 * kol_game_get_title_id:
 *
 * Returns: (transfer none): the title's id ("1849")
 */
const char *
kol_game_get_title_id (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return kol_game_get_title (self)->id;
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
GETTER (const char *, end_reason, end_reason, NULL)
GETTER (const char *, acting_chip, acting_chip, NULL)
GETTER (KolGameCompany *, acting_company_item, acting_company_item, NULL)
GETTER (KolGamePlayer *, acting_player_item, acting_player_item, NULL)
GETTER (const char *, auction_text, auction_text, NULL)
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

/** kol_game_get_bank: Returns: (transfer none): the bank, the pool, the
 * depot, the phases and the round track */
KolGameBank *
kol_game_get_bank (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return self->bank;
}

/** kol_game_get_market: Returns: (transfer none): the stock market */
KolGameMarket *
kol_game_get_market (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return self->market;
}

/** kol_game_get_scores: Returns: (transfer none): the #KolGameRow list of
 * the scores, best first: rank, player, cash, shares, private companies,
 * what the title's scoring adds or takes off, net worth; the winners' rows
 * are current */
GListModel *
kol_game_get_scores (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->scores);
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
 * kol_game_get_bot_driver:
 *
 * Returns: (transfer none): the driver of the computer seats
 */
KolBotDriver *
kol_game_get_bot_driver (KolGame *self)
{
  g_return_val_if_fail (KOL_IS_GAME (self), NULL);
  if (self->driver == NULL)
    self->driver = kol_bot_driver_new (self);
  return self->driver;
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

