/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-round.h"
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
 * corporation (emergency sales) and every private company in play (1849's
 * CNM; 1840's privates, which their owners may return to the bank at any
 * time, IV.2): the steps say which of them have anything to do. */
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
  for (int c = 0; c < engine->n_companies && n < max; c++)
    if (!engine->companies[c].closed &&
        (engine->companies[c].owner.kind == KOL_ENTITY_CORP || engine->companies[c].owner.kind == KOL_ENTITY_PLAYER))
      out[n++] = kol_entity (KOL_ENTITY_COMPANY, c);
  return n;
}

/* The legal actions of @entity in the round's steps, in order, up to the
 * first blocking one (the steps kol_round_actions_for() asks). */
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
