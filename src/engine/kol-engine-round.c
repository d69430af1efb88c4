/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-round.h"

#include <string.h>

/* ---------------------------------------------------------- entity helpers */

/**
 * kol_entity_closed:
 *
 * Returns: %TRUE for closed corporations and companies (players never close).
 */
gboolean
kol_entity_closed (KolEngine *engine,
                   KolEntity  e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_CORP:
      return engine->corps[e.index].closed;
    case KOL_ENTITY_COMPANY:
      return engine->companies[e.index].closed;
    default:
      return FALSE;
    }
}

/**
 * kol_entity_passed:
 *
 * Returns: whether the entity has passed in the current round.
 */
gboolean
kol_entity_passed (KolEngine *engine,
                   KolEntity  e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return engine->players[e.index].passed;
    case KOL_ENTITY_CORP:
      return engine->corps[e.index].passed;
    case KOL_ENTITY_COMPANY:
      return engine->companies[e.index].passed;
    default:
      return FALSE;
    }
}

/**
 * kol_entity_set_passed:
 *
 * Sets the entity's passed flag.
 */
void
kol_entity_set_passed (KolEngine *engine,
                       KolEntity  e,
                       gboolean   passed)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      engine->players[e.index].passed = passed;
      break;
    case KOL_ENTITY_CORP:
      engine->corps[e.index].passed = passed;
      break;
    case KOL_ENTITY_COMPANY:
      engine->companies[e.index].passed = passed;
      break;
    default:
      break;
    }
}

/**
 * kol_entity_player:
 *
 * Returns: the player index behind @e (itself, a corporation's president, a
 * company's owner, recursively), or -1.
 */
int
kol_entity_player (const KolEngine *engine,
                   KolEntity        e)
{
  for (int depth = 0; depth < 8; depth++)
    {
      switch (e.kind)
        {
        case KOL_ENTITY_PLAYER:
          return e.index;
        case KOL_ENTITY_CORP:
          e = engine->corps[e.index].owner;
          break;
        case KOL_ENTITY_COMPANY:
          e = engine->companies[e.index].owner;
          break;
        default:
          return -1;
        }
    }
  return -1;
}

/* ------------------------------------------------------------ step defaults */

/**
 * kol_step_active_entities:
 *
 * Returns: the number of entities the step waits for, filled into @out.
 */
int
kol_step_active_entities (KolEngine *engine,
                          KolStep   *s,
                          KolEntity *out,
                          int        max)
{
  if (s->klass->active_entities)
    return s->klass->active_entities (engine, s, out, max);
  if (max < 1 || engine->round.n_entities == 0)
    return 0;
  out[0] = engine->round.entities[engine->round.entity_index];
  return 1;
}

/**
 * kol_step_current_entity:
 *
 * Returns: the first active entity of the step, or none.
 */
KolEntity
kol_step_current_entity (KolEngine *engine,
                         KolStep   *s)
{
  KolEntity e[KOL_MAX_ROUND_ENTITIES];

  if (kol_step_active_entities (engine, s, e, KOL_MAX_ROUND_ENTITIES) < 1)
    return KOL_ENTITY_INIT_NONE;
  return e[0];
}

/**
 * kol_step_actions:
 *
 * Returns: the step's legal action types for @e.
 */
guint32
kol_step_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  e)
{
  if (s->klass->actions == NULL || e.kind == KOL_ENTITY_NONE)
    return 0;
  return s->klass->actions (engine, s, e);
}

/**
 * kol_step_current_actions:
 *
 * Returns: actions of the step's current entity (none if it is closed).
 */
guint32
kol_step_current_actions (KolEngine *engine,
                          KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (e.kind == KOL_ENTITY_NONE || kol_entity_closed (engine, e))
    return 0;
  return kol_step_actions (engine, s, e);
}

/**
 * kol_step_active:
 *
 * Returns: %TRUE if the step is active (default: not passed).
 */
gboolean
kol_step_active (KolEngine *engine,
                 KolStep   *s)
{
  if (s->klass->active)
    return s->klass->active (engine, s);
  return !s->passed;
}

/**
 * kol_step_blocks:
 *
 * Returns: %TRUE if the step blocks when it has something to do (default).
 */
gboolean
kol_step_blocks (KolEngine *engine,
                 KolStep   *s)
{
  return s->klass->blocks ? s->klass->blocks (engine, s) : TRUE;
}

/**
 * kol_step_blocking:
 *
 * Returns: %TRUE if the step blocks and its current entity can act.
 */
gboolean
kol_step_blocking (KolEngine *engine,
                   KolStep   *s)
{
  return kol_step_blocks (engine, s) && kol_step_current_actions (engine, s) != 0;
}

/**
 * kol_step_pass:
 *
 * Marks the step passed (or runs the class's pass).
 */
void
kol_step_pass (KolEngine *engine,
               KolStep   *s)
{
  if (s->klass->pass)
    s->klass->pass (engine, s);
  else
    s->passed = TRUE;
}

/**
 * kol_step_unpass:
 *
 * Clears the step's passed and acted flags.
 */
void
kol_step_unpass (KolEngine *engine,
                 KolStep   *s)
{
  if (s->klass->unpass)
    s->klass->unpass (engine, s);
  s->passed = FALSE;
  s->acted = FALSE;
}

/**
 * kol_step_skip:
 *
 * Skips the step (default: pass).
 */
void
kol_step_skip (KolEngine *engine,
               KolStep   *s)
{
  if (s->klass->skip)
    s->klass->skip (engine, s);
  else
    kol_step_pass (engine, s);
}

/**
 * kol_step_setup:
 *
 * Runs the step's setup hook.
 */
void
kol_step_setup (KolEngine *engine,
                KolStep   *s)
{
  if (s->klass->setup)
    s->klass->setup (engine, s);
}

/* ------------------------------------------------------------ default steps */

static guint32
end_game_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  e)
{
  return KOL_ACTION_BIT (KOL_ACTION_END_GAME);
}

static gboolean
end_game_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  kol_engine_end (engine, KOL_GAME_END_MANUAL);
  return TRUE;
}

static gboolean
never_blocks (KolEngine *engine,
              KolStep   *s)
{
  return FALSE;
}

static gboolean
always_active (KolEngine *engine,
               KolStep   *s)
{
  return TRUE;
}

const KolStepClass kol_step_end_game = {
  .name = "End Game",
  .actions = end_game_actions,
  .blocks = never_blocks,
  .active = always_active,
  .process = end_game_process,
};

static guint32
message_actions (KolEngine *engine,
                 KolStep   *s,
                 KolEntity  e)
{
  return KOL_ACTION_BIT (KOL_ACTION_MESSAGE) | KOL_ACTION_BIT (KOL_ACTION_LOG);
}

static gboolean
noop_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  return TRUE;
}

const KolStepClass kol_step_message = {
  .name = "Message",
  .actions = message_actions,
  .blocks = never_blocks,
  .active = always_active,
  .process = noop_process,
};

static guint32
program_actions (KolEngine *engine,
                 KolStep   *s,
                 KolEntity  e)
{
  return KOL_ACTION_BIT (KOL_ACTION_PROGRAM_BUY_SHARES) |
         KOL_ACTION_BIT (KOL_ACTION_PROGRAM_SHARE_PASS) |
         KOL_ACTION_BIT (KOL_ACTION_PROGRAM_DISABLE);
}

/* Programmed (standing) orders are a convenience of 18xx.games for playing
 * by mail: they arrive in its records, and their effects come as embedded
 * auto actions, which a replay processes. The order itself changes no
 * game state, so it is accepted and ignored. */
const KolStepClass kol_step_program = {
  .name = "Program",
  .actions = program_actions,
  .blocks = never_blocks,
  .active = always_active,
  .process = noop_process,
};

/* --------------------------------------------------------------- the round */

static void
default_select_entities (KolEngine *engine,
                         KolRound  *r)
{
  r->n_entities = 0;
}

/**
 * kol_round_start:
 *
 * Creates a new round of @klass in engine->round with @steps, and selects
 * its entities.
 */
void
kol_round_start (KolEngine                 *engine,
                 const KolRoundClass       *klass,
                 int                        kind,
                 int                        round_num,
                 const KolStepClass *const *steps,
                 const gint16              *opts,
                 int                        n_steps)
{
  static const KolStepClass *const defaults[] = {
    &kol_step_end_game, &kol_step_message, &kol_step_program,
  };
  KolRound *r = &engine->round;

  g_return_if_fail (n_steps + (int) G_N_ELEMENTS (defaults) <= KOL_MAX_STEPS);

  memset (r, 0, sizeof *r);
  r->klass = klass;
  r->kind = kind;
  r->round_num = round_num;
  r->last_to_act = KOL_ENTITY_INIT_NONE;
  r->current_operator = KOL_ENTITY_INIT_NONE;
  r->remembered_step = -1;
  (klass->select_entities ? klass->select_entities : default_select_entities) (engine, r);

  for (int i = 0; i < (int) G_N_ELEMENTS (defaults) + n_steps; i++)
    {
      KolStep *s = &r->steps[r->n_steps++];
      int k = i - (int) G_N_ELEMENTS (defaults);

      s->klass = k < 0 ? defaults[i] : steps[k];
      s->opt = (k >= 0 && opts) ? opts[k] : 0;
      if (s->klass->round_state)
        s->klass->round_state (engine, s);
      kol_step_setup (engine, s);
    }
}

/**
 * kol_round_setup:
 *
 * Runs the round class's setup (finalize_round_setup).
 */
void
kol_round_setup (KolEngine *engine)
{
  engine->round.at_start = TRUE;
  if (engine->round.klass->setup)
    engine->round.klass->setup (engine, &engine->round);
}

/**
 * kol_round_entity:
 *
 * Returns: the round's entity at its entity index.
 */
KolEntity
kol_round_entity (KolEngine *engine)
{
  KolRound *r = &engine->round;

  if (r->n_entities == 0 || r->entity_index < 0 || r->entity_index >= r->n_entities)
    return KOL_ENTITY_INIT_NONE;
  return r->entities[r->entity_index];
}

/**
 * kol_round_next_entity_index:
 *
 * Moves to the next entity, wrapping around.
 */
void
kol_round_next_entity_index (KolEngine *engine)
{
  KolRound *r = &engine->round;

  if (r->n_entities > 0)
    r->entity_index = (r->entity_index + 1) % r->n_entities;
}

/**
 * kol_round_reset_entity_index:
 *
 * Moves back to the first entity.
 */
void
kol_round_reset_entity_index (KolEngine *engine)
{
  engine->round.entity_index = 0;
}

/**
 * kol_round_goto_entity:
 *
 * Moves the entity index to @entity if it is in the round.
 */
void
kol_round_goto_entity (KolEngine *engine,
                       KolEntity  entity)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_entities; i++)
    if (kol_entity_equal (r->entities[i], entity))
      {
        r->entity_index = i;
        return;
      }
}

/**
 * kol_round_active_step:
 *
 * Returns: (nullable): the first active blocking step.
 */
KolStep *
kol_round_active_step (KolEngine *engine)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (kol_step_active (engine, s) && kol_step_blocking (engine, s))
        return s;
    }
  return NULL;
}

/**
 * kol_round_active_step_for:
 *
 * Returns: (nullable): the step @entity acts in: companies may act in
 * non-blocking steps.
 */
KolStep *
kol_round_active_step_for (KolEngine *engine,
                           KolEntity  entity)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (engine, s))
        continue;
      if (entity.kind != KOL_ENTITY_COMPANY && !kol_step_blocking (engine, s))
        continue;
      if (kol_step_actions (engine, s, entity) != 0)
        return s;
    }
  return NULL;
}

/**
 * kol_round_current_entity:
 *
 * Returns: the first entity of the active step, or none.
 */
KolEntity
kol_round_current_entity (KolEngine *engine)
{
  KolStep *s = kol_round_active_step (engine);

  return s ? kol_step_current_entity (engine, s) : KOL_ENTITY_INIT_NONE;
}

/**
 * kol_round_remember_active_step:
 * @s: (nullable): the active step just found
 *
 * 18xx.games finds the round's active step once per action and keeps it
 * (Round::Base#active_step, cleared when the next action starts or the
 * operator changes); what is decided from it afterwards, during the same
 * action, must use the step found then, not the state changed since
 * (kol_round_current_entity_remembered).
 */
void
kol_round_remember_active_step (KolEngine *engine,
                                KolStep   *s)
{
  engine->round.remembered_step = (gint8) (s != NULL ? s - engine->round.steps : -1);
}

/**
 * kol_round_current_entity_remembered:
 *
 * Returns: the current entity of the step
 *   remembered by kol_round_remember_active_step(), or of the active step
 *   now when none is remembered.
 */
KolEntity
kol_round_current_entity_remembered (KolEngine *engine)
{
  int i = engine->round.remembered_step;

  if (i >= 0 && i < engine->round.n_steps)
    return kol_step_current_entity (engine, &engine->round.steps[i]);
  return kol_round_current_entity (engine);
}

/**
 * kol_round_actions_for:
 *
 * Returns: the action types @entity may take now, in the step it acts in.
 */
guint32
kol_round_actions_for (KolEngine *engine,
                       KolEntity  entity)
{
  KolRound *r = &engine->round;
  guint32 actions = 0;

  if (entity.kind == KOL_ENTITY_NONE || engine->finished)
    return 0;
  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (engine, s))
        continue;
      actions |= kol_step_actions (engine, s, entity);
      if (kol_step_blocking (engine, s))
        break;
    }
  return actions;
}

/**
 * kol_round_step_for:
 *
 * Returns: (nullable): the step that accepts @type from @entity.
 */
KolStep *
kol_round_step_for (KolEngine     *engine,
                    KolEntity      entity,
                    KolActionType  type)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (engine, s))
        continue;
      if (kol_step_actions (engine, s, entity) & KOL_ACTION_BIT (type))
        return s;
      if (kol_step_blocking (engine, s))
        break;
    }
  return NULL;
}

/**
 * kol_round_find_step:
 *
 * Returns: (nullable): the round's step of class @klass.
 */
KolStep *
kol_round_find_step (KolEngine          *engine,
                     const KolStepClass *klass)
{
  for (int i = 0; i < engine->round.n_steps; i++)
    if (engine->round.steps[i].klass == klass)
      return &engine->round.steps[i];
  return NULL;
}

/**
 * kol_round_finished:
 *
 * Returns: %TRUE when the round is over (default: no active step).
 */
gboolean
kol_round_finished (KolEngine *engine)
{
  if (engine->round.klass && engine->round.klass->finished)
    return engine->round.klass->finished (engine, &engine->round);
  return kol_round_active_step (engine) == NULL;
}

/* Skips the leading steps that block but have nothing to do; returns the
 * blocking step it stopped at, and sets @passed_over when it skipped a step
 * or left one alone because the round's entity is closed. */
static KolStep *
skip_steps (KolEngine *engine,
            gboolean  *passed_over)
{
  KolRound *r = &engine->round;
  KolEntity e = kol_round_entity (engine);

  *passed_over = FALSE;
  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (engine, s) || !kol_step_blocks (engine, s))
        continue;
      if (e.kind != KOL_ENTITY_NONE && kol_entity_closed (engine, e))
        {
          *passed_over = TRUE;
          continue;
        }
      if (kol_step_blocking (engine, s))
        return s;
      kol_step_skip (engine, s);
      *passed_over = TRUE;
    }
  return NULL;
}

/**
 * kol_round_skip_steps:
 *
 * Skips the leading steps that block but have nothing to do, so that the
 * first blocking step is one that waits for a decision.
 */
void
kol_round_skip_steps (KolEngine *engine)
{
  gboolean passed_over;

  skip_steps (engine, &passed_over);
}

/**
 * kol_round_skip_steps_active:
 *
 * kol_round_skip_steps(), then kol_round_active_step(). When the skipping
 * passed over no step (none skipped, none left alone for a closed entity),
 * nothing changed and every step before the one it stopped at is inactive
 * or never blocks: that step is the active step, and its actions (the
 * costly part) are not computed a second time.
 *
 * Returns: (nullable): the active step after skipping.
 */
KolStep *
kol_round_skip_steps_active (KolEngine *engine)
{
  gboolean passed_over;
  KolStep *s = skip_steps (engine, &passed_over);

  return passed_over ? kol_round_active_step (engine) : s;
}

/**
 * kol_round_auto_actions:
 *
 * Returns: (transfer full) (nullable): the auto actions of the current
 * entity's step.
 */
GPtrArray *
kol_round_auto_actions (KolEngine *engine)
{
  KolEntity e = kol_round_current_entity (engine);
  KolStep *s;

  if (e.kind == KOL_ENTITY_NONE)
    return NULL;
  s = kol_round_active_step_for (engine, e);
  if (s == NULL || s->klass->auto_actions == NULL)
    return NULL;
  return s->klass->auto_actions (engine, s, e);
}

/* ----------------------------------------------------------------- process */

/* kol_step_blocking() when the actions of @entity in @s are known: usually
 * @entity is the step's current entity, whose actions need not be computed
 * again (they are the costly part). */
static gboolean
step_blocking_given (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     guint32    actions)
{
  KolEntity now;

  if (!kol_step_blocks (engine, s))
    return FALSE;
  now = kol_step_current_entity (engine, s);
  if (now.kind == KOL_ENTITY_NONE || kol_entity_closed (engine, now))
    return FALSE;
  if (now.kind == entity.kind && now.index == entity.index)
    return actions != 0;
  return kol_step_actions (engine, s, now) != 0;
}

static KolStep *
find_processing_step (KolEngine        *engine,
                      const KolAction  *a,
                      GError          **error)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];
      guint32 actions;
      gboolean process, blocking;

      if (!kol_step_active (engine, s))
        continue;
      actions = kol_step_actions (engine, s, a->entity);
      process = (actions & KOL_ACTION_BIT (a->type)) != 0;
      blocking = step_blocking_given (engine, s, a->entity, actions);
      if (blocking && !process)
        {
          KolEntity now = kol_step_current_entity (engine, s);

          if (kol_entity_equal (now, a->entity) && s->klass->explain &&
              !s->klass->explain (engine, s, a, error))
            return NULL;
          KolArg args[2] = {
            kol_arg_int (KOL_ARG_ACTION, a->type),
            kol_arg_int (KOL_ARG_INT, now.kind),
          };

          if (!kol_entity_equal (now, a->entity))
            {
              args[0] = kol_arg_int (now.kind == KOL_ENTITY_PLAYER ? KOL_ARG_PLAYER : KOL_ARG_CORP,
                                     now.index);
              args[1] = kol_arg_int (a->entity.kind == KOL_ENTITY_PLAYER ? KOL_ARG_PLAYER
                                                                         : KOL_ARG_CORP,
                                     a->entity.index);
              kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_YOUR_TURN, args, 2,
                               "%s acts now, not %s", kol_engine_entity_name (engine, now),
                               kol_engine_entity_name (engine, a->entity));
              return NULL;
            }
          kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, args, 1,
                           "%s cannot %s now (step: %s)", kol_engine_entity_name (engine, a->entity),
                           kol_action_type_to_string (a->type), s->klass->name);
          return NULL;
        }
      if (blocking || process)
        return s;
    }
  {
    KolArg args[1] = { kol_arg_int (KOL_ARG_ACTION, a->type) };

    kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, args, 1, "no step accepts %s now",
                     kol_action_type_to_string (a->type));
  }
  return NULL;
}

/**
 * kol_engine_end:
 *
 * Ends the game for @reason (KolGameEnd).
 */
void
kol_engine_end (KolEngine *engine,
                int        reason)
{
  if (engine->finished)
    return;
  engine->finished = TRUE;
  engine->end_reason = (guint8) reason;
}

/**
 * kol_engine_end_now:
 *
 * Asked when a round is finished: does a trigger of @timing end the game
 * now (for an immediate end, at the end of the round, of the operating
 * round or of the set of operating rounds, or one set later)?
 *
 * Returns: %TRUE if the game ends now.
 */
gboolean
kol_engine_end_now (KolEngine *engine,
                    int        timing)
{
  gboolean final_or_in_set;

  if (engine->module->end_now)
    return engine->module->end_now (engine, timing);
  if (timing == KOL_END_TIMING_NONE)
    return FALSE;
  if (timing == KOL_END_TIMING_IMMEDIATE || timing == KOL_END_TIMING_CURRENT_ROUND)
    return TRUE;
  if (engine->round.klass == NULL || !engine->round.klass->operating)
    return FALSE;
  if (timing == KOL_END_TIMING_CURRENT_OR)
    return TRUE;
  final_or_in_set = engine->round.round_num == engine->operating_rounds;
  if (final_or_in_set && timing == KOL_END_TIMING_ONE_MORE_FULL_OR_SET)
    return engine->turn == engine->final_turn;
  return final_or_in_set;
}

/* GAME_END_TIMING_PRIORITY (base.rb: immediate, current_round,
 * current_or, full_or, one_more_full_or_set), with 1849's
 * after_max_operates (the end of one corporation's turn) before the end of
 * the OR. */
static int
timing_rank (int timing)
{
  switch (timing)
    {
    case KOL_END_TIMING_IMMEDIATE:
      return 0;
    case KOL_END_TIMING_CURRENT_ROUND:
      return 1;
    case KOL_END_TIMING_AFTER_MAX_OPERATES:
      return 2;
    case KOL_END_TIMING_CURRENT_OR:
      return 3;
    case KOL_END_TIMING_FULL_OR:
      return 4;
    case KOL_END_TIMING_ONE_MORE_FULL_OR_SET:
      return 5;
    default:
      return 6;
    }
}

/**
 * kol_game_end_update:
 * @checks: (array length=n): the title's game end triggers in the order
 *   it checks them (Game::GAME_END_CHECK)
 * @hits: bit i set when @checks[i] is met now
 * @reason: (inout): the KolGameEnd of the trigger so far
 * @timing: (inout): its KolEndTiming (NONE when there is none yet)
 *
 * base.rb game_end_check: the first trigger met stays, unless a later one
 * has an earlier timing (GAME_END_TIMING_PRIORITY).
 */
void
kol_game_end_update (const KolGameEndCheck *checks,
                     int                    n,
                     guint32                hits,
                     guint8                *reason,
                     guint8                *timing)
{
  for (int i = 0; i < n; i++)
    {
      if (!(hits & (1u << i)))
        continue;
      if (*timing != KOL_END_TIMING_NONE && timing_rank (checks[i].timing) >= timing_rank (*timing))
        continue;
      *reason = checks[i].reason;
      *timing = checks[i].timing;
    }
}

static int
game_end_check (KolEngine *engine,
                int       *reason)
{
  *reason = KOL_GAME_END_NONE;
  if (engine->module->game_end_check == NULL)
    return KOL_END_TIMING_NONE;
  return engine->module->game_end_check (engine, reason);
}

static void
unpass_round_entities (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
}

/**
 * kol_round_process_single:
 *
 * Processes one action: the step that takes it, the round's and the
 * module's hooks around it, the check of the game's end, and the start of
 * the next round when this one is finished.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_round_process_single (KolEngine        *engine,
                          const KolAction  *a,
                          GError          **error)
{
  KolRound *r = &engine->round;
  KolStep *s;
  int reason, timing;

  if (engine->finished && a->type != KOL_ACTION_MESSAGE && a->type != KOL_ACTION_LOG)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_GAME_OVER, NULL, 0, "the game is over");
  if (r->klass == NULL)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no round is in progress");

  r->remembered_step = -1;
  if (r->klass->before_process)
    r->klass->before_process (engine, r, a);
  s = find_processing_step (engine, a, error);
  if (s == NULL)
    return FALSE;
  s->acted = TRUE;
  if (s->klass->process == NULL || !s->klass->process (engine, s, a, error))
    {
      if (error && *error == NULL)
        kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0, "step %s failed",
                         s->klass->name);
      return FALSE;
    }
  r->at_start = FALSE;
  if (r->klass->after_process_before_skip)
    r->klass->after_process_before_skip (engine, r, a);
  kol_round_skip_steps (engine);
  if (r->klass->after_process)
    r->klass->after_process (engine, r, a);
  if (engine->module->action_processed)
    engine->module->action_processed (engine, a);

  timing = game_end_check (engine, &reason);
  if (timing == KOL_END_TIMING_IMMEDIATE)
    kol_engine_end (engine, reason);

  for (int guard = 0; kol_round_finished (engine) && !engine->finished; guard++)
    {
      unpass_round_entities (engine);
      timing = game_end_check (engine, &reason);
      if (kol_engine_end_now (engine, timing))
        kol_engine_end (engine, reason);
      else if (engine->turn >= 100 || guard > 50 || engine->module->next_round == NULL)
        kol_engine_end (engine, KOL_GAME_END_NONE);
      else
        {
          engine->module->next_round (engine);
          if (!engine->finished)
            kol_round_setup (engine);
        }
    }
  return TRUE;
}
