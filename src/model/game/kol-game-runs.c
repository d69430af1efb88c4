/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-round.h"
#include "kol-game-object-private.h"
#include "kol-game-private.h"
#include "kol-game-words.h"
#include "kol-route-editor.h"

/*
 * The last run of each company, for the map to keep drawing until the
 * company runs again (also while the history is browsed). A run_routes
 * action records its stops and the hexes between them; the track it used
 * is resolved by the route validator against the state the run was made
 * in (the board may have been upgraded since), through the route editor
 * that the map controller uses for runs being drawn. A resolved run is
 * cached by the history entry that made it: the entry's saved JSON is
 * kept referenced, so a cached run can never be taken for the run of
 * another entry put at the same index after an undo.
 */

typedef struct
{
  KolGameRun run;
  JsonNode  *entry;   /* the history entry's JSON, to tell it is the same entry */
} CachedRun;

static void
cached_run_free (gpointer data)
{
  CachedRun *c = data;

  for (int i = 0; i < c->run.n_routes; i++)
    kol_route_clear (&c->run.routes[i]);
  g_free (c->run.routes);
  g_free (c->run.label);
  json_node_unref (c->entry);
  g_free (c);
}

/* The key of run @sub of entry @index: 0 is the action itself, 1 + j its
 * auto action j. */
static gpointer
run_key (guint index,
         guint sub)
{
  return GUINT_TO_POINTER ((index << 8) | MIN (sub, 255u));
}

/* The state the run @sub of entry @index was made in, or NULL. */
static KolEngine *
state_before (KolHistory      *history,
              guint            index,
              const KolAction *action,
              guint            sub)
{
  g_autoptr(KolEngine) engine = kol_history_dup_game_at (history, index, NULL);

  if (engine == NULL || sub == 0)
    return g_steal_pointer (&engine);
  if (!kol_round_process_single (engine, action, NULL))
    return NULL;
  for (guint j = 0; j + 1 < sub; j++)
    if (!kol_round_process_single (engine, g_ptr_array_index (action->auto_actions, j), NULL))
      return NULL;
  return g_steal_pointer (&engine);
}

static int
run_revenue (const KolAction *run)
{
  int total = run->extra_revenue;

  for (guint i = 0; run->routes != NULL && i < run->routes->len; i++)
    total += ((const KolRouteSpec *) g_ptr_array_index (run->routes, i))->revenue;
  return total;
}

/* The run's routes along the track where the validator finds it, its
 * stops alone where it does not (a run the rules no longer explain). */
static void
resolve_routes (CachedRun       *c,
                const KolEngine *before,
                const KolAction *recorded)
{
  g_autoptr(KolAction) run = kol_action_copy (recorded);
  g_autoptr(KolRouteEditor) editor = NULL;
  int n;

  /* older records name the stops by their hexes only */
  for (guint i = 0; run->routes != NULL && i < run->routes->len; i++)
    {
      KolRouteSpec *spec = g_ptr_array_index (run->routes, i);

      if (spec->nodes == NULL || spec->nodes->len == 0)
        {
          g_clear_pointer (&spec->nodes, g_array_unref);
          spec->nodes = kol_route_spec_nodes_from_hexes (before, spec);
        }
    }
  editor = kol_route_editor_new (before, run);
  n = kol_route_editor_get_n_trains (editor);

  c->run.routes = g_new0 (KolRoute, MAX (n, 1));
  for (int k = 0; k < n; k++)
    {
      const KolRoute *route = kol_route_editor_get_route (editor, k);

      if (route->n_nodes == 0)
        continue;
      kol_route_copy (&c->run.routes[c->run.n_routes++], route);
    }
}

static CachedRun *
cached_run_new (KolGame         *self,
                guint            index,
                const KolAction *action,
                guint            sub)
{
  const KolAction *run = sub == 0 ? action : g_ptr_array_index (action->auto_actions, sub - 1);
  g_autoptr(KolEngine) before = state_before (self->history, index, action, sub);
  CachedRun *c = g_new0 (CachedRun, 1);
  g_autofree char *name = NULL;
  g_autofree char *money = NULL;

  c->entry = json_node_ref (kol_history_get_action_json (self->history, index));
  c->run.corp = run->entity.index;
  c->run.action_index = index;
  c->run.revenue = run_revenue (run);
  if (before != NULL)
    {
      resolve_routes (c, before, run);
      name = _kol_game_entity_name (before, run->entity);
      money = kol_game_word_money (before->title, c->run.revenue);
      /* Translators: the last run of a company drawn on the map: the
       * company ("SBB") and what the run earned. */
      c->run.label = g_strdup_printf (C_("route", "%s: %s"), name, money);
    }
  return c;
}

static const KolGameRun *
lookup_run (KolGame         *self,
            guint            index,
            const KolAction *action,
            guint            sub)
{
  CachedRun *c;

  if (self->runs == NULL)
    self->runs = g_hash_table_new_full (NULL, NULL, NULL, cached_run_free);
  c = g_hash_table_lookup (self->runs, run_key (index, sub));
  if (c != NULL && c->entry != kol_history_get_action_json (self->history, index))
    {
      g_hash_table_remove (self->runs, run_key (index, sub));
      c = NULL;
    }
  if (c == NULL)
    {
      c = cached_run_new (self, index, action, sub);
      g_hash_table_insert (self->runs, run_key (index, sub), c);
    }
  return &c->run;
}

/* Whether the run of @corp is still to be drawn in @engine: a company
 * that closed or left the game has no track of its own any more. */
static gboolean
corp_shows_run (const KolEngine *engine,
                int              corp)
{
  return corp >= 0 && corp < engine->n_corps && !engine->corps[corp].closed && !engine->corps[corp].removed;
}

/* Looks at the run_routes of entry @index (the action, then its auto
 * actions, the later first) for companies that have no run in @runs yet. */
static void
scan_entry (KolGame         *self,
            const KolEngine *engine,
            guint            index,
            GPtrArray       *runs,
            guint8          *seen)
{
  const KolAction *action = kol_history_get_action (self->history, index);
  guint n_autos = action->auto_actions != NULL ? action->auto_actions->len : 0;

  for (guint sub = n_autos + 1; sub-- > 0;)
    {
      const KolAction *a = sub == 0 ? action : g_ptr_array_index (action->auto_actions, sub - 1);
      int corp = a->entity.index;

      if (a->type != KOL_ACTION_RUN_ROUTES || a->entity.kind != KOL_ENTITY_CORP ||
          !corp_shows_run (engine, corp) || seen[corp])
        continue;
      seen[corp] = TRUE;
      g_ptr_array_add (runs, (gpointer) lookup_run (self, index, action, sub));
    }
}

/**
 * kol_game_get_last_runs:
 * @self: a game
 *
 * The last run of each company before the point shown, drawn along the
 * track it used, until the company runs again. A company that closed or
 * left the game has none; a run without trains has no routes.
 *
 * Returns: (transfer container) (element-type KolGameRun): the runs, valid
 *   until the game changes (the next #KolGame::state-changed)
 */
GPtrArray *
kol_game_get_last_runs (KolGame *self)
{
  KolEngine *engine;
  GPtrArray *runs;
  g_autofree guint8 *seen = NULL;
  int left;

  g_return_val_if_fail (KOL_IS_GAME (self), NULL);

  engine = kol_history_get_game (self->history);
  runs = g_ptr_array_new ();
  seen = g_new0 (guint8, MAX (engine->n_corps, 1));
  left = 0;
  for (int c = 0; c < engine->n_corps; c++)
    left += corp_shows_run (engine, c);
  for (guint i = kol_history_get_position (self->history); i-- > 0 && (int) runs->len < left;)
    scan_entry (self, engine, i, runs, seen);
  return runs;
}

/* Forgets the runs of the entries from @n_actions on (undone or replaced). */
void
_kol_game_runs_trim (KolGame *self,
                     guint    n_actions)
{
  GHashTableIter iter;
  gpointer value;

  if (self->runs == NULL)
    return;
  g_hash_table_iter_init (&iter, self->runs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((CachedRun *) value)->run.action_index >= n_actions)
      g_hash_table_iter_remove (&iter);
}
