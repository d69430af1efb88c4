/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-dividend.h"
#include "kol-engine-tile.h"
#include "kol-route-editor.h"
#include "kol-refusal-format.h"

/*
 * Routes by hand. The validator (kol_route_check) is the only judge: the
 * editor never decides a rule itself, it only keeps stop lists and asks,
 * for each train in order with the routes of the trains before it, whether
 * the stops make a route and what it earns. Stops are joined by the one
 * chain of track the validator finds between them; the routes taken over
 * from the best run keep their recorded chains until they are edited.
 */

struct _KolRouteEditor
{
  const KolEngine *engine;
  KolAction       *run;                             /* copy of the best run */
  int              corp;
  KolRouteRules    rules;
  int              n_trains;
  KolRouteTrain    trains[KOL_ROUTE_MAX_TRAINS];
  gint16           ids[KOL_ROUTE_MAX_TRAINS];       /* train index in the state */
  GArray          *stops[KOL_ROUTE_MAX_TRAINS];     /* KolRouteNode */
  GArray          *chains[KOL_ROUTE_MAX_TRAINS];    /* GArray* of gint16 hexes, or NULL */
  KolRoute         routes[KOL_ROUTE_MAX_TRAINS];    /* resolved, or the stops alone */
  int              revenue[KOL_ROUTE_MAX_TRAINS];
  char            *problem[KOL_ROUTE_MAX_TRAINS];
  int              selected;
};

static void
free_chain (gpointer data)
{
  g_array_unref (*(GArray **) data);
}

static GArray *
copy_chains (const GArray *chains)
{
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (GArray *), chains->len);

  g_array_set_clear_func (copy, free_chain);
  for (guint i = 0; i < chains->len; i++)
    {
      GArray *chain = g_array_index (chains, GArray *, i);
      GArray *c = g_array_sized_new (FALSE, FALSE, sizeof (gint16), chain->len);

      g_array_append_vals (c, chain->data, chain->len);
      g_array_append_val (copy, c);
    }
  return copy;
}

/* The trains that have not run yet, with the title's rules for them. */
static void
read_trains (KolRouteEditor *self)
{
  const KolRouteHooks *hooks = self->engine->module != NULL ? self->engine->module->route_hooks : NULL;
  KolRouteTrain all[KOL_ROUTE_MAX_TRAINS];
  gint16 owned[KOL_MAX_TRAINS];
  int n = 0, n_owned;

  kol_route_rules_init (&self->rules);
  if (hooks != NULL && hooks->prepare != NULL)
    n = hooks->prepare (self->engine, self->corp, &self->rules, all, KOL_ROUTE_MAX_TRAINS);
  n_owned = kol_engine_trains_of (self->engine, kol_entity (KOL_ENTITY_CORP, self->corp), owned,
                                  G_N_ELEMENTS (owned));
  for (int k = 0; k < n && k < n_owned; k++)
    if (!self->engine->trains[owned[k]].operated)
      {
        self->trains[self->n_trains] = all[k];
        self->ids[self->n_trains++] = owned[k];
      }
}

static void
take_best (KolRouteEditor *self)
{
  for (guint i = 0; self->run->routes != NULL && i < self->run->routes->len; i++)
    {
      const KolRouteSpec *spec = g_ptr_array_index (self->run->routes, i);

      for (int k = 0; k < self->n_trains; k++)
        if (self->ids[k] == spec->train && spec->nodes != NULL)
          {
            g_array_append_vals (self->stops[k], spec->nodes->data, spec->nodes->len);
            if (spec->connections != NULL && spec->connections->len + 1 == spec->nodes->len)
              self->chains[k] = copy_chains (spec->connections);
          }
    }
}

static void
stops_only (KolRouteEditor *self,
            int             k)
{
  KolRoute *route = &self->routes[k];

  kol_route_clear (route);
  route->train = k;
  route->n_nodes = (int) self->stops[k]->len;
  route->nodes = g_memdup2 (self->stops[k]->data, sizeof (KolRouteNode) * self->stops[k]->len);
}

/* Asks the validator about train @k, after the valid routes @others. */
static void
check_train (KolRouteEditor *self,
             int             k,
             const KolRoute *others,
             int             n_others)
{
  g_autofree KolRouteConnection *conns = NULL;
  g_autoptr(GError) error = NULL;
  KolRouteDraft draft = { 0 };
  KolRefusal refusal = { 0 };
  GArray *stops = self->stops[k];

  kol_route_clear (&self->routes[k]);
  g_clear_pointer (&self->problem[k], g_free);
  self->revenue[k] = 0;
  if (stops->len == 0)
    return;
  if (stops->len == 1)
    {
      self->revenue[k] = -1;
      self->problem[k] = g_strdup (_("A route needs at least two stops."));
      stops_only (self, k);
      return;
    }
  draft.n_nodes = (int) stops->len;
  draft.nodes = (const KolRouteNode *) (gconstpointer) stops->data;
  if (self->chains[k] != NULL)
    {
      conns = g_new0 (KolRouteConnection, self->chains[k]->len);
      for (guint i = 0; i < self->chains[k]->len; i++)
        {
          GArray *chain = g_array_index (self->chains[k], GArray *, i);

          conns[i].n_hexes = (int) chain->len;
          conns[i].hexes = (const gint16 *) (gconstpointer) chain->data;
        }
      draft.connections = conns;
    }
  self->revenue[k] = kol_route_check (self->engine, self->corp, &self->rules, &self->trains[k], &draft, others,
                                      n_others, &self->routes[k], &refusal, &error);
  if (self->revenue[k] >= 0)
    return;
  self->revenue[k] = -1;
  self->problem[k] = refusal.code != 0 || refusal.n_args > 0 ? kol_refusal_format (self->engine, &refusal) : NULL;
  if (self->problem[k] == NULL || *self->problem[k] == '\0')
    {
      g_free (self->problem[k]);
      self->problem[k] = g_strdup (_("This route is not valid."));
    }
  stops_only (self, k);
}

static void
check_all (KolRouteEditor *self)
{
  KolRoute others[KOL_ROUTE_MAX_TRAINS];
  int n_others = 0;

  for (int k = 0; k < self->n_trains; k++)
    {
      check_train (self, k, others, n_others);
      if (self->revenue[k] > 0 || (self->revenue[k] == 0 && self->routes[k].n_paths > 0))
        others[n_others++] = self->routes[k];  /* shallow: the validator only reads */
    }
}

/**
 * kol_route_editor_new:
 * @engine: the state of the run (kept: valid until the next action)
 * @best_run: the engine's best run_routes action for the company
 *
 * Returns: (transfer full): an editor holding the best run's routes
 */
KolRouteEditor *
kol_route_editor_new (const KolEngine *engine,
                          const KolAction *best_run)
{
  KolRouteEditor *self;

  g_return_val_if_fail (engine != NULL && best_run != NULL, NULL);
  g_return_val_if_fail (best_run->type == KOL_ACTION_RUN_ROUTES, NULL);

  self = g_new0 (KolRouteEditor,
                 1);
  self->engine = engine;
  self->run = kol_action_copy (best_run);
  self->corp = best_run->entity.index;
  read_trains (self);
  for (int k = 0; k < self->n_trains; k++)
    self->stops[k] = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));
  take_best (self);
  check_all (self);
  return self;
}

void
kol_route_editor_free (KolRouteEditor *self)
{
  if (self == NULL)
    return;
  for (int k = 0; k < self->n_trains; k++)
    {
      g_array_unref (self->stops[k]);
      g_clear_pointer (&self->chains[k], g_array_unref);
      kol_route_clear (&self->routes[k]);
      g_free (self->problem[k]);
    }
  kol_action_free (self->run);
  g_free (self);
}

int
kol_route_editor_get_n_trains (KolRouteEditor *self)
{
  return self->n_trains;
}

int
kol_route_editor_get_train (KolRouteEditor *self)
{
  return self->n_trains > 0 ? self->selected : -1;
}

void
kol_route_editor_next_train (KolRouteEditor *self)
{
  if (self->n_trains > 0)
    self->selected = (self->selected + 1) % self->n_trains;
}

const char *
kol_route_editor_get_train_name (KolRouteEditor *self,
                                 int             train)
{
  g_return_val_if_fail (train >= 0 && train < self->n_trains, "");
  return self->engine->title->trains[self->engine->trains[self->ids[train]].def].name;
}

static gboolean
is_stop (const KolEngine *engine,
         int              hex,
         int              node)
{
  const KolTileDef *tile;

  if (hex < 0 || (guint) hex >= engine->title->n_hexes || engine->hexes[hex].tile < 0)
    return FALSE;
  tile = &engine->title->tiles[engine->hexes[hex].tile];
  return node >= 0 && node < tile->n_nodes && tile->nodes[node].kind != KOL_NODE_JUNCTION;
}

/* Adds (hex, node) at the end of the selected train's stops, or at the
 * start when only that makes a valid route. */
static void
add_stop (KolRouteEditor *self,
          KolRouteNode    stop)
{
  GArray *stops = self->stops[self->selected];

  g_array_append_val (stops, stop);
  check_all (self);
  if (self->revenue[self->selected] >= 0 || stops->len < 3)
    return;
  g_array_remove_index (stops, stops->len - 1);
  g_array_prepend_val (stops, stop);
  check_all (self);
  if (self->revenue[self->selected] >= 0)
    return;
  g_array_remove_index (stops, 0);
  g_array_append_val (stops, stop);
  check_all (self);
}

/**
 * kol_route_editor_toggle_stop:
 *
 * Removes (@hex, @node) from the selected train's route, or adds it.
 *
 * Returns: %FALSE when (@hex, @node) is no stop (a junction, nothing)
 */
gboolean
kol_route_editor_toggle_stop (KolRouteEditor *self,
                              int             hex,
                              int             node)
{
  KolRouteNode stop = { (gint16) hex, (gint8) node };
  GArray *stops;

  if (self->n_trains == 0 || !is_stop (self->engine, hex, node))
    return FALSE;
  stops = self->stops[self->selected];
  /* edited: the validator finds the chains from now on */
  g_clear_pointer (&self->chains[self->selected], g_array_unref);
  for (guint i = 0; i < stops->len; i++)
    {
      const KolRouteNode *s = &g_array_index (stops, KolRouteNode, i);

      if (s->hex == hex && s->node == node)
        {
          g_array_remove_index (stops, i);
          check_all (self);
          return TRUE;
        }
    }
  add_stop (self, stop);
  return TRUE;
}

int
kol_route_editor_get_n_stops (KolRouteEditor *self,
                              int             train)
{
  g_return_val_if_fail (train >= 0 && train < self->n_trains, 0);
  return (int) self->stops[train]->len;
}

int
kol_route_editor_get_revenue (KolRouteEditor *self,
                              int             train)
{
  g_return_val_if_fail (train >= 0 && train < self->n_trains, -1);
  return self->revenue[train];
}

const char *
kol_route_editor_get_problem (KolRouteEditor *self,
                              int             train)
{
  g_return_val_if_fail (train >= 0 && train < self->n_trains, NULL);
  return self->problem[train];
}

int
kol_route_editor_get_total (KolRouteEditor *self)
{
  int total = 0;

  for (int k = 0; k < self->n_trains; k++)
    {
      if (self->revenue[k] < 0)
        return -1;
      total += self->revenue[k];
    }
  return total;
}

const KolRoute *
kol_route_editor_get_route (KolRouteEditor *self,
                            int             train)
{
  g_return_val_if_fail (train >= 0 && train < self->n_trains, NULL);
  return &self->routes[train];
}

/**
 * kol_route_editor_to_action:
 *
 * Returns: (transfer full) (nullable): the run with the routes drawn, or
 *   %NULL when one of them is not valid
 */
KolAction *
kol_route_editor_to_action (KolRouteEditor *self)
{
  KolAction *a;

  if (kol_route_editor_get_total (self) < 0)
    return NULL;
  a = kol_action_copy (self->run);
  g_clear_pointer (&a->routes, g_ptr_array_unref);
  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  for (int k = 0; k < self->n_trains; k++)
    if (self->routes[k].n_paths > 0)
      g_ptr_array_add (a->routes,
                       kol_route_spec_new_from_route (&self->routes[k], self->ids[k], self->revenue[k]));
  return a;
}
