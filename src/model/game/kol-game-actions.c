/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-game-object-private.h"
#include "kol-refusal-format.h"

/*
 * Acting on a KolGame: the engine's refusals in words, checking and
 * applying a move (continuing from a past point only when asked), undo,
 * redo and seeking through the history, who may act now and the legal
 * actions of the current decision. The views' moves all come through
 * here; the state they then show is refreshed by kol-game-refresh.c.
 */

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

/* The money of the players and companies (what a move may take to the
 * bank). */
static gint64
money_in_hand (const KolEngine *engine)
{
  gint64 sum = 0;

  for (int p = 0; p < engine->n_players; p++)
    sum += engine->players[p].cash;
  for (int c = 0; c < engine->n_corps; c++)
    sum += engine->corps[c].cash;
  return sum;
}

/**
 * kol_game_action_cost:
 * @action: a move for the state shown
 *
 * What a move costs before it is made (a tile's terrain or upgrade, a
 * station marker): it is tried on a copy of the state.
 *
 * Returns: the money it takes from the players and companies to the
 *   bank, 0 for none, -1 when the rules refuse it
 */
int
kol_game_action_cost (KolGame         *self,
                      const KolAction *action)
{
  g_autoptr(KolEngine) work = NULL;
  const KolEngine *engine;
  gint64 spent;

  g_return_val_if_fail (KOL_IS_GAME (self), -1);
  g_return_val_if_fail (action != NULL, -1);

  engine = kol_history_get_game (self->history);
  work = kol_engine_copy (engine);
  work->log_func = NULL;
  if (!kol_engine_apply_unsafe (work, action, TRUE, NULL, NULL))
    return -1;
  spent = money_in_hand (engine) - money_in_hand (work);
  return spent > 0 ? (int) MIN (spent, G_MAXINT) : 0;
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
 * kol_game_apply_action_noted:
 * @note: (nullable): what the player (a computer) says of its move; the
 *   log shows it after the action's entries
 *
 * kol_game_apply_action() with a note in the log.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_apply_action_noted (KolGame         *self,
                             const KolAction *action,
                             const char      *note,
                             GError         **error)
{
  guint index;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  index = kol_history_get_n_actions (self->history);
  if (note != NULL && *note != '\0' && kol_history_is_live (self->history))
    g_hash_table_insert (self->notes, GUINT_TO_POINTER (index), g_strdup (note));
  if (kol_game_apply_action_full (self, action, KOL_GAME_APPLY_NONE, error))
    return TRUE;
  g_hash_table_remove (self->notes, GUINT_TO_POINTER (index));
  return FALSE;
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

/* ---------------------------------------------------------------- seats */

/**
 * kol_game_set_computer:
 * @player: a player index
 * @strength: the #KolPolicyKind of the computer playing the seat
 *   (%KOL_POLICY_EASY, %KOL_POLICY_MEDIUM or %KOL_POLICY_STRONG), or -1
 *   for a person
 *
 * Who plays a seat; saved with the game. The game's #KolBotDriver plays
 * the computer seats.
 */
void
kol_game_set_computer (KolGame *self,
                       int      player,
                       int      strength)
{
  g_return_if_fail (KOL_IS_GAME (self));
  g_return_if_fail (player >= 0 && player < kol_history_get_game (self->history)->n_players);
  g_return_if_fail (strength == -1 || (strength > KOL_POLICY_RANDOM && strength < KOL_N_POLICIES));

  if (kol_history_get_computer (self->history, player) == strength)
    return;
  kol_history_set_computer (self->history, player, strength);
  g_signal_emit (self, signals[STATE_CHANGED], 0);
}

/**
 * kol_game_get_computer:
 *
 * Returns: the #KolPolicyKind of the computer playing seat @player, or -1
 *   for a person
 */
int
kol_game_get_computer (KolGame *self,
                       int      player)
{
  g_return_val_if_fail (KOL_IS_GAME (self), -1);
  return kol_history_get_computer (self->history, player);
}

/**
 * kol_game_get_computer_count:
 *
 * Returns: how many seats the computer plays
 */
int
kol_game_get_computer_count (KolGame *self)
{
  int n = 0;

  g_return_val_if_fail (KOL_IS_GAME (self), 0);
  for (int p = 0; p < kol_history_get_game (self->history)->n_players; p++)
    n += kol_history_get_computer (self->history, p) >= 0;
  return n;
}

/* Whether some seats are played by people, some by the computer. */
static void
seat_kinds (KolGame  *self,
            gboolean *persons,
            gboolean *computers)
{
  KolEngine *engine = kol_history_get_game (self->history);

  *persons = *computers = FALSE;
  for (int p = 0; p < engine->n_players; p++)
    {
      if (kol_history_get_computer (self->history, p) >= 0)
        *computers = TRUE;
      else
        *persons = TRUE;
    }
}

/* The computer decides at the latest state. */
static gboolean
computer_decides (KolGame *self)
{
  int player = kol_policy_acting_player (kol_history_get_game (self->history));

  return player >= 0 && kol_history_get_computer (self->history, player) >= 0;
}

/**
 * kol_game_undo:
 *
 * Takes back the last action and shows the latest state. When people play
 * with computer seats, the computers' moves are taken back too, to the
 * last decision of a person.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_undo (KolGame *self,
               GError **error)
{
  gboolean persons, computers, ok;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  seat_kinds (self, &persons, &computers);
  ok = kol_history_undo (self->history, error);
  while (ok && persons && computers && kol_history_can_undo (self->history) && computer_decides (self))
    ok = kol_history_undo (self->history, error);
  return stepped (self, ok);
}

/**
 * kol_game_redo:
 *
 * Plays the last action taken back again, and with computer seats the
 * computers' moves that followed it, up to a person's decision.
 *
 * Returns: %TRUE on success
 */
gboolean
kol_game_redo (KolGame *self,
               GError **error)
{
  gboolean persons, computers, ok;

  g_return_val_if_fail (KOL_IS_GAME (self), FALSE);
  seat_kinds (self, &persons, &computers);
  ok = kol_history_redo (self->history, error);
  while (ok && persons && computers && kol_history_can_redo (self->history) && computer_decides (self))
    ok = kol_history_redo (self->history, error);
  return stepped (self, ok);
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

/* Who may act now (kol_engine_acting_entities()). */
int
kol_game_get_acting_entities (KolGame   *self,
                              KolEntity *out,
                              int        max)
{
  g_return_val_if_fail (KOL_IS_GAME (self), 0);
  return kol_engine_acting_entities (kol_history_get_game (self->history), out, max);
}

/* Is an action of @type by @entity among @legal? */
static gboolean
listed (GPtrArray     *legal,
        KolActionType  type,
        KolEntity      entity)
{
  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);

      if (a->type == type && kol_entity_equal (a->entity, entity))
        return TRUE;
    }
  return FALSE;
}

/**
 * kol_game_out_of_turn_actions:
 *
 * The moves the rules allow an owner at any time, also when another
 * player acts, and that kol_game_legal_actions() does not list (it offers
 * the moves of those acting): the return of a private company to the
 * bank (1840 IV.2 «могут быть добровольно возвращены в банк в любое
 * время»), one per private in play whose return the engine accepts now.
 * Kept apart from the legal actions so that the panel's choices, the
 * computer players and self-play see only the decision at hand. Empty
 * while the past is shown or when the game is over.
 *
 * Returns: (transfer full) (element-type KolAction): the actions
 */
GPtrArray *
kol_game_out_of_turn_actions (KolGame *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_autoptr(GPtrArray) legal = NULL;
  const KolEngine *engine;

  g_return_val_if_fail (KOL_IS_GAME (self), out);

  if (!kol_history_is_live (self->history))
    return out;
  engine = kol_history_get_game (self->history);
  if (engine->finished)
    return out;
  legal = kol_game_legal_actions (self);
  for (int c = 0; c < engine->n_companies; c++)
    {
      KolEntity company = kol_entity (KOL_ENTITY_COMPANY, c);
      g_autoptr(KolAction) give_back = NULL;

      if (engine->companies[c].closed ||
          (engine->companies[c].owner.kind != KOL_ENTITY_PLAYER && engine->companies[c].owner.kind != KOL_ENTITY_CORP) ||
          listed (legal, KOL_ACTION_CHOOSE_ABILITY, company))
        continue;
      give_back = kol_action_new (KOL_ACTION_CHOOSE_ABILITY, company);
      if (kol_game_check_action (self, give_back, NULL))
        g_ptr_array_add (out, g_steal_pointer (&give_back));
    }
  return out;
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
  g_autoptr(KolEngine) work = NULL;

  g_return_val_if_fail (KOL_IS_GAME (self), g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free));

  if (!kol_history_is_live (self->history))
    return g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  /* the steps' query functions read the state only, but a copy keeps
   * the history safe from any scratch use */
  work = kol_engine_copy (kol_history_get_game (self->history));
  work->log_func = NULL;
  return kol_engine_legal_actions (work);
}
