/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The round and step machinery (see docs/architecture.md). Its flow is the
 * one 18xx.games uses, so that recorded games replay action by action. A
 * round holds the title's steps behind three default steps (the end of the
 * game, chat messages and programmed orders). An action goes to the first active step that accepts it;
 * a blocking step that does not accept it refuses it. After each action the
 * steps that have nothing to do are skipped and the round moves on.
 */

typedef enum
{
  KOL_END_TIMING_NONE,
  KOL_END_TIMING_IMMEDIATE,
  KOL_END_TIMING_CURRENT_ROUND,
  KOL_END_TIMING_CURRENT_OR,
  KOL_END_TIMING_FULL_OR,
  KOL_END_TIMING_AFTER_MAX_OPERATES,
  KOL_END_TIMING_ONE_MORE_FULL_OR_SET,
} KolEndTiming;

/* Starts a new round in engine->round: selects entities, creates the default
 * steps and @steps (with per-step options @opts, may be NULL), runs each
 * step's round_state and setup. The caller then calls kol_round_setup
 * unless it is the game's first round, whose setup runs after the title's
 * setup (the order in which recorded games draw and log). */
void      kol_round_start            (KolEngine                 *engine,
                                      const KolRoundClass       *klass,
                                      int                        kind,
                                      int                        round_num,
                                      const KolStepClass *const *steps,
                                      const gint16              *opts,
                                      int                        n_steps);
void      kol_round_setup            (KolEngine *engine);

/* Processes one action through the round, including the checks of the
 * game's end and the start of the next round. */
gboolean  kol_round_process_single   (KolEngine        *engine,
                                      const KolAction  *a,
                                      GError          **error);

KolStep  *kol_round_active_step      (KolEngine *engine);
/* The step an entity acts in (companies may act in non-blocking steps). */
KolStep  *kol_round_active_step_for  (KolEngine *engine,
                                      KolEntity  entity);
guint32   kol_round_actions_for      (KolEngine *engine,
                                      KolEntity  entity);
KolStep  *kol_round_step_for         (KolEngine     *engine,
                                      KolEntity      entity,
                                      KolActionType  type);
GPtrArray*kol_round_auto_actions     (KolEngine *engine);
gboolean  kol_round_finished         (KolEngine *engine);
void      kol_round_skip_steps       (KolEngine *engine);
/* kol_round_skip_steps() then kol_round_active_step(), sharing their work. */
KolStep  *kol_round_skip_steps_active(KolEngine *engine);
KolEntity kol_round_current_entity   (KolEngine *engine);
/* 18xx.games keeps the active step it found after an action
 * (Round::Base#active_step) until the next action or a change of
 * operator: what is decided later in that action (a closing corporation's
 * turn ends if it is the current entity) must see that step. */
void      kol_round_remember_active_step      (KolEngine *engine,
                                               KolStep   *s);
KolEntity kol_round_current_entity_remembered (KolEngine *engine);
/* Entity at the round's entity index. */
KolEntity kol_round_entity             (KolEngine *engine);
void      kol_round_next_entity_index  (KolEngine *engine);
void      kol_round_reset_entity_index (KolEngine *engine);
void      kol_round_goto_entity        (KolEngine *engine,
                                        KolEntity  entity);
/* Find a step of @klass in the current round, or NULL. */
KolStep  *kol_round_find_step        (KolEngine          *engine,
                                      const KolStepClass *klass);

/* Step defaults and helpers. */
int       kol_step_active_entities   (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity *out,
                                      int        max);
KolEntity kol_step_current_entity    (KolEngine *engine,
                                      KolStep   *s);
guint32   kol_step_actions           (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity  e);
guint32   kol_step_current_actions   (KolEngine *engine,
                                      KolStep   *s);
gboolean  kol_step_active            (KolEngine *engine,
                                      KolStep   *s);
gboolean  kol_step_blocks            (KolEngine *engine,
                                      KolStep   *s);
gboolean  kol_step_blocking          (KolEngine *engine,
                                      KolStep   *s);
void      kol_step_pass              (KolEngine *engine,
                                      KolStep   *s);
void      kol_step_unpass            (KolEngine *engine,
                                      KolStep   *s);
void      kol_step_skip              (KolEngine *engine,
                                      KolStep   *s);
void      kol_step_setup             (KolEngine *engine,
                                      KolStep   *s);

/* Entity helpers shared by steps. */
gboolean  kol_entity_closed          (KolEngine *engine,
                                      KolEntity  e);
gboolean  kol_entity_passed          (KolEngine *engine,
                                      KolEntity  e);
void      kol_entity_set_passed      (KolEngine *engine,
                                      KolEntity  e,
                                      gboolean   passed);
/* The player behind an entity (corporation president, company owner). */
int       kol_entity_player          (const KolEngine *engine,
                                      KolEntity        e);

/* Default steps present in every round. */
extern const KolStepClass kol_step_end_game;
extern const KolStepClass kol_step_message;
extern const KolStepClass kol_step_program;

/* Does a trigger of @timing end the game now? The module's answer, else the
 * generic one. */
gboolean  kol_engine_end_now           (KolEngine *engine,
                                        int        timing);
void      kol_engine_end               (KolEngine *engine,
                                        int        reason);

/* One game end trigger of a title (Game::GAME_END_CHECK): a KolGameEnd
 * and the KolEndTiming at which it ends the game. */
typedef struct
{
  guint8 reason;
  guint8 timing;
} KolGameEndCheck;

void      kol_game_end_update          (const KolGameEndCheck *checks,
                                        int                    n,
                                        guint32                hits,
                                        guint8                *reason,
                                        guint8                *timing);

G_END_DECLS
