/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine.h"
#include "kol-engine-round.h"

/*
 * The current decision as the steps' concrete legal actions: what self-play,
 * the computer players and the table's choices all start from.
 */

/**
 * kol_engine_acting_entities:
 * @out: (out) (array): the entities
 *
 * Returns: how many entities may act now; 0 when the game is over.
 */
int
kol_engine_acting_entities (KolEngine *engine,
                            KolEntity *out,
                            int        max)
{
  int n, base;

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
  /* the private companies of anyone acting (1849's CNM, 1840's returning
   * of privates); the steps say which of them have anything to do */
  for (int i = 0; i < base; i++)
    if (out[i].kind == KOL_ENTITY_CORP || out[i].kind == KOL_ENTITY_PLAYER)
      for (int c = 0; c < engine->n_companies && n < max; c++)
        if (!engine->companies[c].closed && kol_entity_equal (engine->companies[c].owner, out[i]))
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
 * kol_engine_legal_actions:
 *
 * Where a choice is a number in a range (bids, prices), the steps give
 * representative values of it.
 *
 * Returns: (transfer full) (element-type KolAction): the actions
 */
GPtrArray *
kol_engine_legal_actions (KolEngine *engine)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  KolEntity entities[KOL_MAX_ROUND_ENTITIES + KOL_MAX_COMPANIES];
  int n;

  if (engine->finished)
    return out;
  n = kol_engine_acting_entities (engine, entities, G_N_ELEMENTS (entities));
  for (int i = 0; i < n; i++)
    collect_entity (engine, entities[i], out);
  return out;
}
