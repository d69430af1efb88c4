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
kol_entity_closed (KolEngine  *g,
                   KolEntity e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_CORP:
      return g->corps[e.index].closed;
    case KOL_ENTITY_COMPANY:
      return g->companies[e.index].closed;
    default:
      return FALSE;
    }
}

/**
 * kol_entity_passed:
 *
 * Returns: the entity's passed flag (18xx.games' Passer).
 */
gboolean
kol_entity_passed (KolEngine  *g,
                   KolEntity e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return g->players[e.index].passed;
    case KOL_ENTITY_CORP:
      return g->corps[e.index].passed;
    case KOL_ENTITY_COMPANY:
      return g->companies[e.index].passed;
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
kol_entity_set_passed (KolEngine  *g,
                       KolEntity e,
                       gboolean  passed)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      g->players[e.index].passed = passed;
      break;
    case KOL_ENTITY_CORP:
      g->corps[e.index].passed = passed;
      break;
    case KOL_ENTITY_COMPANY:
      g->companies[e.index].passed = passed;
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
kol_entity_player (KolEngine  *g,
                   KolEntity e)
{
  for (int depth = 0; depth < 8; depth++)
    {
      switch (e.kind)
        {
        case KOL_ENTITY_PLAYER:
          return e.index;
        case KOL_ENTITY_CORP:
          e = g->corps[e.index].owner;
          break;
        case KOL_ENTITY_COMPANY:
          e = g->companies[e.index].owner;
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
kol_step_active_entities (KolEngine   *g,
                          KolStep   *s,
                          KolEntity *out,
                          int        max)
{
  if (s->klass->active_entities)
    return s->klass->active_entities (g, s, out, max);
  if (max < 1 || g->round.n_entities == 0)
    return 0;
  out[0] = g->round.entities[g->round.entity_index];
  return 1;
}

/**
 * kol_step_current_entity:
 *
 * Returns: the first active entity of the step, or none.
 */
KolEntity
kol_step_current_entity (KolEngine *g,
                         KolStep *s)
{
  KolEntity e[KOL_MAX_ROUND_ENTITIES];

  if (kol_step_active_entities (g, s, e, KOL_MAX_ROUND_ENTITIES) < 1)
    return KOL_ENTITY_INIT_NONE;
  return e[0];
}

/**
 * kol_step_actions:
 *
 * Returns: the step's legal action types for @e.
 */
guint32
kol_step_actions (KolEngine  *g,
                  KolStep  *s,
                  KolEntity e)
{
  if (s->klass->actions == NULL || e.kind == KOL_ENTITY_NONE)
    return 0;
  return s->klass->actions (g, s, e);
}

/**
 * kol_step_current_actions:
 *
 * Returns: actions of the step's current entity (none if it is closed).
 */
guint32
kol_step_current_actions (KolEngine *g,
                          KolStep *s)
{
  KolEntity e = kol_step_current_entity (g, s);

  if (e.kind == KOL_ENTITY_NONE || kol_entity_closed (g, e))
    return 0;
  return kol_step_actions (g, s, e);
}

/**
 * kol_step_active:
 *
 * Returns: %TRUE if the step is active (default: not passed).
 */
gboolean
kol_step_active (KolEngine *g,
                 KolStep *s)
{
  if (s->klass->active)
    return s->klass->active (g, s);
  return !s->passed;
}

/**
 * kol_step_blocks:
 *
 * Returns: %TRUE if the step blocks when it has something to do (default).
 */
gboolean
kol_step_blocks (KolEngine *g,
                 KolStep *s)
{
  return s->klass->blocks ? s->klass->blocks (g, s) : TRUE;
}

/**
 * kol_step_blocking:
 *
 * Returns: %TRUE if the step blocks and its current entity can act.
 */
gboolean
kol_step_blocking (KolEngine *g,
                   KolStep *s)
{
  return kol_step_blocks (g, s) && kol_step_current_actions (g, s) != 0;
}

/**
 * kol_step_pass:
 *
 * Marks the step passed (or runs the class's pass).
 */
void
kol_step_pass (KolEngine *g,
               KolStep *s)
{
  if (s->klass->pass)
    s->klass->pass (g, s);
  else
    s->passed = TRUE;
}

/**
 * kol_step_unpass:
 *
 * Clears the step's passed and acted flags.
 */
void
kol_step_unpass (KolEngine *g,
                 KolStep *s)
{
  if (s->klass->unpass)
    s->klass->unpass (g, s);
  s->passed = FALSE;
  s->acted = FALSE;
}

/**
 * kol_step_skip:
 *
 * Skips the step (default: pass).
 */
void
kol_step_skip (KolEngine *g,
               KolStep *s)
{
  if (s->klass->skip)
    s->klass->skip (g, s);
  else
    kol_step_pass (g, s);
}

/**
 * kol_step_setup:
 *
 * Runs the step's setup hook.
 */
void
kol_step_setup (KolEngine *g,
                KolStep *s)
{
  if (s->klass->setup)
    s->klass->setup (g, s);
}

/* ------------------------------------------------------------ default steps */

static guint32
end_game_actions (KolEngine  *g,
                  KolStep  *s,
                  KolEntity e)
{
  return KOL_ACTION_BIT (KOL_ACTION_END_GAME);
}

static gboolean
end_game_process (KolEngine         *g,
                  KolStep         *s,
                  const KolAction *a,
                  GError         **error)
{
  kol_engine_end (g, KOL_GAME_END_MANUAL);
  return TRUE;
}

static gboolean
never_blocks (KolEngine *g,
              KolStep *s)
{
  return FALSE;
}

static gboolean
always_active (KolEngine *g,
               KolStep *s)
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
message_actions (KolEngine  *g,
                 KolStep  *s,
                 KolEntity e)
{
  return KOL_ACTION_BIT (KOL_ACTION_MESSAGE) | KOL_ACTION_BIT (KOL_ACTION_LOG);
}

static gboolean
noop_process (KolEngine         *g,
              KolStep         *s,
              const KolAction *a,
              GError         **error)
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
program_actions (KolEngine  *g,
                 KolStep  *s,
                 KolEntity e)
{
  return KOL_ACTION_BIT (KOL_ACTION_PROGRAM_BUY_SHARES) |
         KOL_ACTION_BIT (KOL_ACTION_PROGRAM_SHARE_PASS) |
         KOL_ACTION_BIT (KOL_ACTION_PROGRAM_DISABLE);
}

/* Programmed (standing) orders are 18xx.games' remote-play convenience. Their
 * effects arrive in records as embedded auto actions, which replay processes;
 * the order itself changes no game state here. */
const KolStepClass kol_step_program = {
  .name = "Program",
  .actions = program_actions,
  .blocks = never_blocks,
  .active = always_active,
  .process = noop_process,
};

/* --------------------------------------------------------------- the round */

static void
default_select_entities (KolEngine  *g,
                         KolRound *r)
{
  r->n_entities = 0;
}

/**
 * kol_round_start:
 *
 * Creates a new round in g->round (Round::Base#initialize).
 */
void
kol_round_start (KolEngine                   *g,
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
  KolRound *r = &g->round;

  g_return_if_fail (n_steps + (int) G_N_ELEMENTS (defaults) <= KOL_MAX_STEPS);

  memset (r, 0, sizeof *r);
  r->klass = klass;
  r->kind = kind;
  r->round_num = round_num;
  r->last_to_act = KOL_ENTITY_INIT_NONE;
  r->current_operator = KOL_ENTITY_INIT_NONE;
  (klass->select_entities ? klass->select_entities : default_select_entities) (g, r);

  for (int i = 0; i < (int) G_N_ELEMENTS (defaults) + n_steps; i++)
    {
      KolStep *s = &r->steps[r->n_steps++];
      int k = i - (int) G_N_ELEMENTS (defaults);

      s->klass = k < 0 ? defaults[i] : steps[k];
      s->opt = (k >= 0 && opts) ? opts[k] : 0;
      if (s->klass->round_state)
        s->klass->round_state (g, s);
      kol_step_setup (g, s);
    }
}

/**
 * kol_round_setup:
 *
 * Runs the round class's setup (finalize_round_setup).
 */
void
kol_round_setup (KolEngine *g)
{
  g->round.at_start = TRUE;
  if (g->round.klass->setup)
    g->round.klass->setup (g, &g->round);
}

/**
 * kol_round_entity:
 *
 * Returns: the round's entity at its entity index.
 */
KolEntity
kol_round_entity (KolEngine *g)
{
  KolRound *r = &g->round;

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
kol_round_next_entity_index (KolEngine *g)
{
  KolRound *r = &g->round;

  if (r->n_entities > 0)
    r->entity_index = (r->entity_index + 1) % r->n_entities;
}

/**
 * kol_round_reset_entity_index:
 *
 * Moves back to the first entity.
 */
void
kol_round_reset_entity_index (KolEngine *g)
{
  g->round.entity_index = 0;
}

/**
 * kol_round_goto_entity:
 *
 * Moves the entity index to @entity if it is in the round.
 */
void
kol_round_goto_entity (KolEngine  *g,
                       KolEntity entity)
{
  KolRound *r = &g->round;

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
kol_round_active_step (KolEngine *g)
{
  KolRound *r = &g->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (kol_step_active (g, s) && kol_step_blocking (g, s))
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
kol_round_active_step_for (KolEngine  *g,
                           KolEntity entity)
{
  KolRound *r = &g->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (g, s))
        continue;
      if (entity.kind != KOL_ENTITY_COMPANY && !kol_step_blocking (g, s))
        continue;
      if (kol_step_actions (g, s, entity) != 0)
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
kol_round_current_entity (KolEngine *g)
{
  KolStep *s = kol_round_active_step (g);

  return s ? kol_step_current_entity (g, s) : KOL_ENTITY_INIT_NONE;
}

/**
 * kol_round_actions_for:
 *
 * Returns: the action types @entity may take now (Round#actions_for).
 */
guint32
kol_round_actions_for (KolEngine  *g,
                       KolEntity entity)
{
  KolRound *r = &g->round;
  guint32 actions = 0;

  if (entity.kind == KOL_ENTITY_NONE || g->finished)
    return 0;
  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (g, s))
        continue;
      actions |= kol_step_actions (g, s, entity);
      if (kol_step_blocking (g, s))
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
kol_round_step_for (KolEngine      *g,
                    KolEntity     entity,
                    KolActionType type)
{
  KolRound *r = &g->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (g, s))
        continue;
      if (kol_step_actions (g, s, entity) & KOL_ACTION_BIT (type))
        return s;
      if (kol_step_blocking (g, s))
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
kol_round_find_step (KolEngine            *g,
                     const KolStepClass *klass)
{
  for (int i = 0; i < g->round.n_steps; i++)
    if (g->round.steps[i].klass == klass)
      return &g->round.steps[i];
  return NULL;
}

/**
 * kol_round_finished:
 *
 * Returns: %TRUE when the round is over (default: no active step).
 */
gboolean
kol_round_finished (KolEngine *g)
{
  if (g->round.klass && g->round.klass->finished)
    return g->round.klass->finished (g, &g->round);
  return kol_round_active_step (g) == NULL;
}

/* Round#skip_steps; returns the blocking step it stopped at, and sets
 * @passed_over when it skipped a step or left one alone because the
 * round's entity is closed. */
static KolStep *
skip_steps (KolEngine *g,
            gboolean  *passed_over)
{
  KolRound *r = &g->round;
  KolEntity e = kol_round_entity (g);

  *passed_over = FALSE;
  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];

      if (!kol_step_active (g, s) || !kol_step_blocks (g, s))
        continue;
      if (e.kind != KOL_ENTITY_NONE && kol_entity_closed (g, e))
        {
          *passed_over = TRUE;
          continue;
        }
      if (kol_step_blocking (g, s))
        return s;
      kol_step_skip (g, s);
      *passed_over = TRUE;
    }
  return NULL;
}

/**
 * kol_round_skip_steps:
 *
 * Skips the leading steps that block but have nothing to do (Round#skip_steps).
 */
void
kol_round_skip_steps (KolEngine *g)
{
  gboolean passed_over;

  skip_steps (g, &passed_over);
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
kol_round_skip_steps_active (KolEngine *g)
{
  gboolean passed_over;
  KolStep *s = skip_steps (g, &passed_over);

  return passed_over ? kol_round_active_step (g) : s;
}

/**
 * kol_round_auto_actions:
 *
 * Returns: (transfer full) (nullable): the auto actions of the current
 * entity's step.
 */
GPtrArray *
kol_round_auto_actions (KolEngine *g)
{
  KolEntity e = kol_round_current_entity (g);
  KolStep *s;

  if (e.kind == KOL_ENTITY_NONE)
    return NULL;
  s = kol_round_active_step_for (g, e);
  if (s == NULL || s->klass->auto_actions == NULL)
    return NULL;
  return s->klass->auto_actions (g, s, e);
}

/* ----------------------------------------------------------------- process */

/* kol_step_blocking() when the actions of @entity in @s are known: usually
 * @entity is the step's current entity, whose actions need not be computed
 * again (they are the costly part). */
static gboolean
step_blocking_given (KolEngine *g,
                     KolStep   *s,
                     KolEntity  entity,
                     guint32    actions)
{
  KolEntity now;

  if (!kol_step_blocks (g, s))
    return FALSE;
  now = kol_step_current_entity (g, s);
  if (now.kind == KOL_ENTITY_NONE || kol_entity_closed (g, now))
    return FALSE;
  if (now.kind == entity.kind && now.index == entity.index)
    return actions != 0;
  return kol_step_actions (g, s, now) != 0;
}

static KolStep *
find_processing_step (KolEngine         *g,
                      const KolAction *a,
                      GError         **error)
{
  KolRound *r = &g->round;

  for (int i = 0; i < r->n_steps; i++)
    {
      KolStep *s = &r->steps[i];
      guint32 actions;
      gboolean process, blocking;

      if (!kol_step_active (g, s))
        continue;
      actions = kol_step_actions (g, s, a->entity);
      process = (actions & KOL_ACTION_BIT (a->type)) != 0;
      blocking = step_blocking_given (g, s, a->entity, actions);
      if (blocking && !process)
        {
          KolEntity now = kol_step_current_entity (g, s);

          if (kol_entity_equal (now, a->entity) && s->klass->explain &&
              !s->klass->explain (g, s, a, error))
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
              kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NOT_YOUR_TURN, args, 2,
                               "%s acts now, not %s", kol_engine_entity_name (g, now),
                               kol_engine_entity_name (g, a->entity));
              return NULL;
            }
          kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NOT_NOW, args, 1,
                           "%s cannot %s now (step: %s)", kol_engine_entity_name (g, a->entity),
                           kol_action_type_to_string (a->type), s->klass->name);
          return NULL;
        }
      if (blocking || process)
        return s;
    }
  {
    KolArg args[1] = { kol_arg_int (KOL_ARG_ACTION, a->type) };

    kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NOT_NOW, args, 1, "no step accepts %s now",
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
kol_engine_end (KolEngine *g,
              int      reason)
{
  if (g->finished)
    return;
  g->finished = TRUE;
  g->end_reason = (guint8) reason;
}

/**
 * kol_engine_end_now:
 *
 * Returns: %TRUE if a trigger with @timing ends the game now (base.rb end_now?).
 */
gboolean
kol_engine_end_now (KolEngine *g,
                  int      timing)
{
  gboolean final_or_in_set;

  if (g->module->end_now)
    return g->module->end_now (g, timing);
  if (timing == KOL_END_TIMING_NONE)
    return FALSE;
  if (timing == KOL_END_TIMING_IMMEDIATE || timing == KOL_END_TIMING_CURRENT_ROUND)
    return TRUE;
  if (g->round.klass == NULL || !g->round.klass->operating)
    return FALSE;
  if (timing == KOL_END_TIMING_CURRENT_OR)
    return TRUE;
  final_or_in_set = g->round.round_num == g->operating_rounds;
  if (final_or_in_set && timing == KOL_END_TIMING_ONE_MORE_FULL_OR_SET)
    return g->turn == g->final_turn;
  return final_or_in_set;
}

static int
game_end_check (KolEngine *g,
                int     *reason)
{
  *reason = KOL_GAME_END_NONE;
  if (g->module->game_end_check == NULL)
    return KOL_END_TIMING_NONE;
  return g->module->game_end_check (g, reason);
}

static void
unpass_round_entities (KolEngine *g)
{
  for (int i = 0; i < g->round.n_entities; i++)
    kol_entity_set_passed (g, g->round.entities[i], FALSE);
}

/**
 * kol_round_process_single:
 *
 * Processes one action (Game#process_single_action): the round's step, the
 * module's action hook, game end checks and round transitions.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_round_process_single (KolEngine         *g,
                          const KolAction *a,
                          GError         **error)
{
  KolRound *r = &g->round;
  KolStep *s;
  int reason, timing;

  if (g->finished && a->type != KOL_ACTION_MESSAGE && a->type != KOL_ACTION_LOG)
    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_GAME_OVER, NULL, 0, "the game is over");
  if (r->klass == NULL)
    return kol_engine_refuse (g, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no round is in progress");

  if (r->klass->before_process)
    r->klass->before_process (g, r, a);
  s = find_processing_step (g, a, error);
  if (s == NULL)
    return FALSE;
  s->acted = TRUE;
  if (s->klass->process == NULL || !s->klass->process (g, s, a, error))
    {
      if (error && *error == NULL)
        kol_engine_refuse (g, error, KOL_ENGINE_ERROR_INTERNAL, NULL, 0, "step %s failed",
                         s->klass->name);
      return FALSE;
    }
  r->at_start = FALSE;
  if (r->klass->after_process_before_skip)
    r->klass->after_process_before_skip (g, r, a);
  kol_round_skip_steps (g);
  if (r->klass->after_process)
    r->klass->after_process (g, r, a);
  if (g->module->action_processed)
    g->module->action_processed (g, a);

  timing = game_end_check (g, &reason);
  if (timing == KOL_END_TIMING_IMMEDIATE)
    kol_engine_end (g, reason);

  for (int guard = 0; kol_round_finished (g) && !g->finished; guard++)
    {
      unpass_round_entities (g);
      timing = game_end_check (g, &reason);
      if (kol_engine_end_now (g, timing))
        kol_engine_end (g, reason);
      else if (g->turn >= 100 || guard > 50 || g->module->next_round == NULL)
        kol_engine_end (g, KOL_GAME_END_NONE);
      else
        {
          g->module->next_round (g);
          if (!g->finished)
            kol_round_setup (g);
        }
    }
  return TRUE;
}
