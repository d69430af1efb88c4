/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The DiscardTrain step: a corporation over its train limit (a purchase
 * started a phase with a lower limit) discards trains to the depot until it
 * is within it (1849 §10.6: to the pool, without compensation). It is its own file because it is a step of its own, run
 * apart from the BuyTrain step and for corporations other than the one
 * buying. */
#include "kol-engine-trains-private.h"
#include "kol-engine-log.h"

/* ----------------------------------------------- the DiscardTrain step */

/**
 * kol_step_discard_train_active:
 *
 * Returns: %TRUE while a corporation is over its train limit.
 */
gboolean
kol_step_discard_train_active (KolEngine *engine,
                               KolStep   *s)
{
  gint16 one[1];

  return kol_crowded_corps (engine, one, 1) > 0;
}

/**
 * kol_step_discard_train_active_entities:
 *
 * Returns: the first crowded corporation (0 or 1).
 */
int
kol_step_discard_train_active_entities (KolEngine *engine,
                                        KolStep   *s,
                                        KolEntity *out,
                                        int        max)
{
  gint16 one[1];

  if (max < 1 || kol_crowded_corps (engine, one, 1) == 0)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_CORP, one[0]);
  return 1;
}

/**
 * kol_step_discard_train_actions:
 *
 * Returns: discard_train for a crowded corporation.
 */
guint32
kol_step_discard_train_actions (KolEngine *engine,
                                KolStep   *s,
                                KolEntity  entity)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (engine, crowded, KOL_MAX_CORPS);

  if (entity.kind != KOL_ENTITY_CORP || !_kol_trains_listed (crowded, n, entity.index))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_DISCARD_TRAIN);
}

/**
 * kol_step_discard_train_process:
 *
 * The train goes to the pool (or out of the game, see
 * kol_depot_reclaim_train()).
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_discard_train_process (KolEngine        *engine,
                                KolStep          *s,
                                const KolAction  *a,
                                GError          **error)
{
  KolArg args[2];

  if (a->type != KOL_ACTION_DISCARD_TRAIN || a->train < 0 || a->train >= engine->n_trains)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such train");
  if (!kol_entity_equal (engine->trains[a->train].owner, a->entity))
    return _kol_trains_refuse_train (engine, error, a->train, KOL_REASON_TRAIN_NOT_OWNED,
                                     "not the corporation's train");
  args[0] = kol_arg_entity (a->entity);
  args[1] = kol_arg_string (kol_engine_train_name (engine, a->train));
  kol_depot_reclaim_train (engine, a->train);
  kol_engine_log (engine, KOL_LOG_DISCARDS_TRAIN, args, 2);
  return TRUE;
}

/**
 * kol_step_discard_train_legal_actions:
 *
 * Appends a discard_train action for each train of the crowded @entity.
 */
void
kol_step_discard_train_legal_actions (KolEngine *engine,
                                      KolStep   *s,
                                      KolEntity  entity,
                                      GPtrArray *out)
{
  gint16 list[KOL_MAX_TRAINS];
  int n;

  if (entity.kind != KOL_ENTITY_CORP)
    return;
  n = kol_discardable_trains (engine, entity.index, list, KOL_MAX_TRAINS);
  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_DISCARD_TRAIN, entity);

      a->train = list[i];
      g_ptr_array_add (out, a);
    }
}

const KolStepClass kol_step_discard_train = {
  .name = "Discard Trains",
  .actions = kol_step_discard_train_actions,
  .active = kol_step_discard_train_active,
  .active_entities = kol_step_discard_train_active_entities,
  .process = kol_step_discard_train_process,
  .legal_actions = kol_step_discard_train_legal_actions,
};

/**
 * kol_discardable_trains:
 * @out: (out) (array): trains
 *
 * Returns: the trains a crowded @corp may discard (all of its trains).
 */
int
kol_discardable_trains (KolEngine *engine,
                        int        corp,
                        gint16    *out,
                        int        max)
{
  gint16 crowded[KOL_MAX_CORPS];
  int n = kol_crowded_corps (engine, crowded, KOL_MAX_CORPS);

  if (!_kol_trains_listed (crowded, n, corp))
    return 0;
  return kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), out, max);
}
