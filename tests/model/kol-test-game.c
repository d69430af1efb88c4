/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "kol-engine-round.h"
#include "kol-test-game.h"
#include "kol-title-loader.h"

/**
 * kol_test_load_title:
 *
 * Loads a title of the source tree (KOLEYA_DATA_DIR) with no options.
 *
 * Returns: (transfer full): the title; the test fails if it does not load.
 */
KolTitle *
kol_test_load_title (const char *title_id,
                     int         n_players)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title_id, NULL);
  g_autoptr(GError) error = NULL;
  const char *none[] = { NULL };
  KolTitle *title = kol_title_loader_load (dir, n_players, none, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

/* ------------------------------------------------------- the test round */

static guint32
test_actions (KolEngine *engine,
              KolStep   *s,
              KolEntity  e)
{
  if (!kol_entity_equal (e, kol_round_entity (engine)))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static gboolean
test_process (KolEngine        *engine,
              KolStep          *s,
              const KolAction  *a,
              GError          **error)
{
  if (a->type == KOL_ACTION_BID)
    {
      int cash = kol_engine_cash (engine, a->entity);

      if (a->price <= 0 || a->price > cash)
        {
          KolArg args[3] = {
            kol_arg_int (KOL_ARG_PLAYER, a->entity.index),
            kol_arg_int (KOL_ARG_MONEY, cash),
            kol_arg_int (KOL_ARG_MONEY, a->price),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "%s has %d, needs %d",
                                  kol_engine_entity_name (engine, a->entity), cash, a->price);
        }
      kol_engine_transfer (engine, a->entity, kol_entity (KOL_ENTITY_BANK, 0), a->price);
    }
  kol_round_next_entity_index (engine);
  return TRUE;
}

/* A broke player passes automatically: the engine generates the action. */
static GPtrArray *
test_auto_actions (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  e)
{
  GPtrArray *autos;

  if (e.kind != KOL_ENTITY_PLAYER || e.index != 1 || engine->players[1].cash >= 10)
    return NULL;
  autos = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  g_ptr_array_add (autos, kol_action_new (KOL_ACTION_PASS, e));
  return autos;
}

static const KolStepClass test_step = {
  .name = "Test",
  .actions = test_actions,
  .process = test_process,
  .auto_actions = test_auto_actions,
};

static void
test_select_entities (KolEngine *engine,
                      KolRound  *r)
{
  r->n_entities = engine->n_players;
  for (int i = 0; i < engine->n_players; i++)
    r->entities[i] = kol_entity (KOL_ENTITY_PLAYER, i);
}

static const KolRoundClass test_round = {
  .name = "Test Round",
  .short_name = "TR",
  .select_entities = test_select_entities,
};

/**
 * kol_test_game_new:
 *
 * Returns: (transfer full): a game on @title (3 players, ids 11, 22, 33)
 *   in the synthetic round.
 */
KolEngine *
kol_test_game_new (KolTitle *title)
{
  static const int ids[] = { 11, 22, 33 };
  static const char *names[] = { "Anna", "Boris", "Vera" };
  static const KolStepClass *const steps[] = { &test_step };
  g_autoptr(GError) error = NULL;
  KolEngine *engine = kol_engine_new (title, 3, ids, names, 12345, &error);

  g_assert_no_error (error);
  kol_round_start (engine, &test_round, 0, 1, steps, NULL, 1);
  kol_round_setup (engine);
  return engine;
}

KolAction *
kol_test_bid (KolEngine *engine,
              int        player,
              int        price)
{
  KolAction *a = kol_action_new (KOL_ACTION_BID, kol_entity (KOL_ENTITY_PLAYER, player));

  a->price = price;
  a->company = 0;
  return a;
}

KolAction *
kol_test_pass (KolEngine *engine,
               int        player)
{
  return kol_action_new (KOL_ACTION_PASS, kol_entity (KOL_ENTITY_PLAYER, player));
}

/* KolEntity has a padding byte after its kind, which a struct copy from a
 * temporary may fill with anything: it is not state. */
static void
clear_entity_padding (KolEntity *e)
{
  ((guint8 *) e)[1] = 0;
}

static void
clear_padding (KolEngine *engine)
{
  G_STATIC_ASSERT (sizeof (KolEntity) == 4);
  for (int i = 0; i < KOL_MAX_CERTS; i++)
    clear_entity_padding (&engine->certs[i].owner);
  for (int i = 0; i < KOL_MAX_TRAINS; i++)
    clear_entity_padding (&engine->trains[i].owner);
  for (int i = 0; i < KOL_MAX_COMPANIES; i++)
    clear_entity_padding (&engine->companies[i].owner);
  for (int i = 0; i < KOL_MAX_CORPS; i++)
    clear_entity_padding (&engine->corps[i].owner);
  for (int i = 0; i < KOL_MAX_ROUND_ENTITIES; i++)
    clear_entity_padding (&engine->round.entities[i]);
  clear_entity_padding (&engine->round.last_to_act);
  clear_entity_padding (&engine->round.current_operator);
}

/**
 * kol_test_games_equal:
 *
 * Returns: %TRUE if two states are byte for byte the same, apart from the
 *   title they point to, their log hook, the last refusal and the padding
 *   of the entities in the generic state (every differing byte is logged).
 */
gboolean
kol_test_games_equal (const KolEngine *a,
                      const KolEngine *b)
{
  g_autoptr(KolEngine) ca = kol_engine_copy (a);
  g_autoptr(KolEngine) cb = kol_engine_copy (b);
  const guint8 *pa = (const guint8 *) ca, *pb = (const guint8 *) cb;
  gsize start = offsetof (KolEngine, seed);
  gsize refusal = offsetof (KolEngine, refusal);
  gsize after = refusal + sizeof a->refusal;
  gboolean equal = TRUE;

  clear_padding (ca);
  clear_padding (cb);
  for (gsize i = start; i < sizeof *a; i++)
    if ((i < refusal || i >= after) && pa[i] != pb[i])
      {
        g_test_message ("states differ at byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT, i, sizeof *a);
        equal = FALSE;
      }
  return equal;
}

/**
 * kol_test_shared_dir:
 *
 * Returns: (transfer full) (nullable): the project's ../shared folder
 *   (KOLEYA_SHARED_DIR overrides the one configured), or %NULL if absent.
 */
char *
kol_test_shared_dir (void)
{
  const char *dir = g_getenv ("KOLEYA_SHARED_DIR");

#ifdef KOL_SHARED_DIR
  if (dir == NULL)
    dir = KOL_SHARED_DIR;
#endif
  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_strdup (dir);
}
