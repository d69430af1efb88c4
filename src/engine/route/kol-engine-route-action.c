/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-route.h"
#include "kol-engine-dividend.h"

/*
 * Routes as actions: the check of a run_routes action (new games and
 * replays alike) and the run_routes action of the router's proven best
 * routes, for any module whose route hooks prepare a run
 * (KolTitleModule.route_hooks). 1849 wrote them first; every title module
 * with a router-played run uses them.
 */

/* The module's rules and trains for @corp's run: @corp's trains in holding
 * order (kol_engine_trains_of), or 0 when the module has no router. */
static int
prepare (KolEngine     *engine,
         int            corp,
         KolRouteRules *rules,
         KolRouteTrain *trains,
         int            max)
{
  const KolRouteHooks *hooks = engine->module ? engine->module->route_hooks : NULL;

  kol_route_rules_init (rules);
  if (hooks == NULL || hooks->prepare == NULL)
    return 0;
  return hooks->prepare (engine, corp, rules, trains, max);
}

static void
clear_route (gpointer data)
{
  kol_route_clear (data);
}

/**
 * kol_route_validate_action:
 *
 * Checks every route of a run_routes action with the route validator: the
 * title's routing rules, no track shared between the trains, and the
 * revenue claimed is the revenue of the route. A route of an old record
 * that names its stops by hex only, where a hex has more than one stop, is
 * trusted.
 *
 * Returns: %TRUE if the action may be processed.
 */
gboolean
kol_route_validate_action (KolEngine        *engine,
                           int               corp,
                           const KolAction  *a,
                           GError          **error)
{
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  gint16 owned[KOL_MAX_TRAINS];
  g_autoptr(GArray) accepted = g_array_new (FALSE, TRUE, sizeof (KolRoute));
  int n_trains, n_owned;

  if (a->routes == NULL)
    return TRUE;
  g_array_set_clear_func (accepted, clear_route);
  n_trains = prepare (engine, corp, &rules, trains, KOL_ROUTE_MAX_TRAINS);
  n_owned = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), owned, KOL_MAX_TRAINS);
  for (guint i = 0; i < a->routes->len; i++)
    {
      const KolRouteSpec *r = g_ptr_array_index (a->routes, i);
      g_autoptr(GArray) derived = NULL;
      g_autofree KolRouteConnection *conns = NULL;
      GArray *nodes = r->nodes;
      KolRouteDraft draft = { 0 };
      KolRefusal refusal = { 0 };
      KolRoute resolved = { 0 };
      int t = -1, revenue;

      for (int k = 0; k < n_owned && k < n_trains; k++)
        if (owned[k] == r->train)
          t = k;
      if (t < 0)
        {
          KolArg args[2] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_ROUTE_TRAIN_OWNER),
                             kol_arg_int (KOL_ARG_TRAIN, r->train) };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 2,
                                  "route not valid: not a train of the corporation");
        }
      if (nodes == NULL || nodes->len == 0)
        nodes = derived = kol_route_spec_nodes_from_hexes (engine, r);
      if (nodes == NULL)
        {
          /* a record whose stops cannot be told apart: trusted */
          continue;
        }
      draft.n_nodes = (int) nodes->len;
      draft.nodes = (const KolRouteNode *) (gconstpointer) nodes->data;
      if (r->connections && r->connections->len + 1 == nodes->len)
        {
          conns = g_new0 (KolRouteConnection, r->connections->len);
          for (guint c = 0; c < r->connections->len; c++)
            {
              GArray *chain = g_array_index (r->connections, GArray *, c);

              conns[c].n_hexes = (int) chain->len;
              conns[c].hexes = (const gint16 *) (gconstpointer) chain->data;
            }
          draft.connections = conns;
        }
      revenue = kol_route_check (engine, corp, &rules, &trains[t], &draft, (const KolRoute *) (gconstpointer) accepted->data,
                                 (int) accepted->len, &resolved, &refusal, error);
      if (revenue < 0)
        {
          engine->refusal = refusal;
          return FALSE;
        }
      if (revenue != r->revenue)
        {
          KolArg args[3] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_NONE), kol_arg_int (KOL_ARG_MONEY, r->revenue),
                             kol_arg_int (KOL_ARG_MONEY, revenue) };

          kol_route_clear (&resolved);
          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_ROUTE, args, 3,
                                  "the route claims %d but earns %d", r->revenue, revenue);
        }
      g_array_append_val (accepted, resolved);
    }
  return TRUE;
}

/* The router's view of @corp's trains that have not run yet: their ids in
 * @runnable and their KolRouteTrain in @trains; returns how many (at most
 * KOL_ROUTE_MAX_TRAINS). */
static int
runnable_trains (KolEngine     *engine,
                 int            corp,
                 KolRouteRules *rules,
                 gint16        *runnable,
                 KolRouteTrain *trains)
{
  KolRouteTrain all[KOL_MAX_TRAINS];
  gint16 owned[KOL_MAX_TRAINS];
  int n_all = prepare (engine, corp, rules, all, KOL_MAX_TRAINS);
  int n_owned = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), owned, KOL_MAX_TRAINS);
  int n = 0;

  for (int i = 0; i < n_owned && i < n_all && n < KOL_ROUTE_MAX_TRAINS; i++)
    if (!engine->trains[owned[i]].operated)
      {
        runnable[n] = owned[i];
        trains[n++] = all[i];
      }
  return n;
}

/**
 * kol_route_best_action:
 *
 * Appends a run_routes action with the router's proven best routes for
 * @corp's trains that have not run yet.
 */
void
kol_route_best_action (KolEngine *engine,
                       int        corp,
                       GPtrArray *out)
{
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  gint16 runnable[KOL_ROUTE_MAX_TRAINS];
  int n = runnable_trains (engine, corp, &rules, runnable, trains);
  g_autoptr(KolRouteResult) result = NULL;
  KolAction *a;

  a = kol_action_new (KOL_ACTION_RUN_ROUTES, kol_entity (KOL_ENTITY_CORP, corp));
  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  if (n > 0)
    result = kol_route_solve (engine, corp, &rules, trains, n, NULL, NULL);
  for (int i = 0; result && i < result->n_routes; i++)
    {
      const KolRoute *route = &result->routes[i];

      g_ptr_array_add (a->routes, kol_route_spec_new_from_route (route, runnable[route->train], route->revenue));
    }
  g_ptr_array_add (out, a);
}
