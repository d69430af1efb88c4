/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-action.h"

static const char *const type_names[KOL_N_ACTION_TYPES] = {
  [KOL_ACTION_PASS] = "pass",
  [KOL_ACTION_BID] = "bid",
  [KOL_ACTION_PAR] = "par",
  [KOL_ACTION_BUY_SHARES] = "buy_shares",
  [KOL_ACTION_SELL_SHARES] = "sell_shares",
  [KOL_ACTION_LAY_TILE] = "lay_tile",
  [KOL_ACTION_PLACE_TOKEN] = "place_token",
  [KOL_ACTION_REMOVE_TOKEN] = "remove_token",
  [KOL_ACTION_BUY_TOKEN] = "buy_token",
  [KOL_ACTION_RUN_ROUTES] = "run_routes",
  [KOL_ACTION_DIVIDEND] = "dividend",
  [KOL_ACTION_BUY_TRAIN] = "buy_train",
  [KOL_ACTION_SCRAP_TRAIN] = "scrap_train",
  [KOL_ACTION_REASSIGN_TRAINS] = "reassign_trains",
  [KOL_ACTION_MERGE] = "merge",
  [KOL_ACTION_BUY_COMPANY] = "buy_company",
  [KOL_ACTION_SELL_COMPANY] = "sell_company",
  [KOL_ACTION_CHOOSE] = "choose",
  [KOL_ACTION_CHOOSE_ABILITY] = "choose_ability",
  [KOL_ACTION_ASSIGN] = "assign",
  [KOL_ACTION_TAKE_LOAN] = "take_loan",
  [KOL_ACTION_PAYOFF_LOAN] = "payoff_loan",
  [KOL_ACTION_PAYOFF_DEBT] = "payoff_debt",
  [KOL_ACTION_BANKRUPT] = "bankrupt",
  [KOL_ACTION_PROGRAM_BUY_SHARES] = "program_buy_shares",
  [KOL_ACTION_PROGRAM_SHARE_PASS] = "program_share_pass",
  [KOL_ACTION_PROGRAM_DISABLE] = "program_disable",
  [KOL_ACTION_END_GAME] = "end_game",
  [KOL_ACTION_MESSAGE] = "message",
  [KOL_ACTION_LOG] = "log",
  [KOL_ACTION_DISCARD_TRAIN] = "discard_train",
};

/**
 * kol_action_type_to_string:
 *
 * Returns: the name of @type in saves and in 18xx.games records
 * ("buy_shares").
 */
const char *
kol_action_type_to_string (KolActionType type)
{
  if ((int) type < 0 || type >= KOL_N_ACTION_TYPES)
    return "unknown";
  return type_names[type];
}

/**
 * kol_action_type_from_string:
 * @out: (out): the type
 *
 * Returns: %TRUE if @str names an action type.
 */
gboolean
kol_action_type_from_string (const char    *str,
                             KolActionType *out)
{
  for (int i = 0; i < KOL_N_ACTION_TYPES; i++)
    if (g_strcmp0 (str, type_names[i]) == 0)
      {
        *out = (KolActionType) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * kol_action_new:
 *
 * Returns: (transfer full): an action with empty payload.
 */
KolAction *
kol_action_new (KolActionType type,
                KolEntity     entity)
{
  KolAction *a = g_new0 (KolAction, 1);

  a->type = type;
  a->entity = entity;
  a->corp = a->company = -1;
  a->cell_row = a->cell_col = -1;
  a->hex = a->tile_copy = -1;
  a->city = a->slot = -1;
  a->tokener = -1;
  a->train = -1;
  a->loan = -1;
  return a;
}

/**
 * kol_route_spec_free:
 *
 * Frees a route spec.
 */
void
kol_route_spec_free (KolRouteSpec *route)
{
  if (route == NULL)
    return;
  g_clear_pointer (&route->nodes, g_array_unref);
  g_clear_pointer (&route->connections, g_array_unref);
  g_clear_pointer (&route->hexes, g_array_unref);
  g_free (route->revenue_str);
  g_free (route);
}

static void
free_connection (gpointer data)
{
  GArray **chain = data;

  g_clear_pointer (chain, g_array_unref);
}

static KolRouteSpec *
route_spec_copy (const KolRouteSpec *src)
{
  KolRouteSpec *r = g_new0 (KolRouteSpec, 1);

  r->train = src->train;
  r->revenue = src->revenue;
  r->revenue_str = g_strdup (src->revenue_str);
  if (src->nodes)
    {
      r->nodes = g_array_sized_new (FALSE, FALSE, sizeof (KolRouteNode), src->nodes->len);
      g_array_append_vals (r->nodes, src->nodes->data, src->nodes->len);
    }
  if (src->hexes)
    {
      r->hexes = g_array_sized_new (FALSE, FALSE, sizeof (gint16), src->hexes->len);
      g_array_append_vals (r->hexes, src->hexes->data, src->hexes->len);
    }
  if (src->connections)
    {
      r->connections = g_array_sized_new (FALSE, FALSE, sizeof (GArray *), src->connections->len);
      g_array_set_clear_func (r->connections, free_connection);
      for (guint i = 0; i < src->connections->len; i++)
        {
          GArray *chain = g_array_index (src->connections, GArray *, i);
          GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (gint16), chain->len);

          g_array_append_vals (copy, chain->data, chain->len);
          g_array_append_val (r->connections, copy);
        }
    }
  return r;
}

/**
 * kol_action_copy:
 *
 * Returns: (transfer full): a deep copy of @action.
 */
KolAction *
kol_action_copy (const KolAction *action)
{
  KolAction *a = g_memdup2 (action, sizeof *action);

  a->variant = g_strdup (action->variant);
  a->kind = g_strdup (action->kind);
  a->choice = g_strdup (action->choice);
  a->text = g_strdup (action->text);
  a->ability = action->ability ? g_variant_ref (action->ability) : NULL;
  a->program = action->program ? g_variant_ref (action->program) : NULL;
  a->routes = NULL;
  a->assignments = NULL;
  a->auto_actions = NULL;
  if (action->routes)
    {
      a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
      for (guint i = 0; i < action->routes->len; i++)
        g_ptr_array_add (a->routes, route_spec_copy (g_ptr_array_index (action->routes, i)));
    }
  if (action->assignments)
    {
      a->assignments = g_array_sized_new (FALSE, FALSE, sizeof (KolAssignment),
                                          action->assignments->len);
      g_array_append_vals (a->assignments, action->assignments->data, action->assignments->len);
    }
  if (action->auto_actions)
    {
      a->auto_actions = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
      for (guint i = 0; i < action->auto_actions->len; i++)
        g_ptr_array_add (a->auto_actions, kol_action_copy (g_ptr_array_index (action->auto_actions, i)));
    }
  return a;
}

/**
 * kol_action_free:
 *
 * Frees an action and its payload.
 */
void
kol_action_free (KolAction *action)
{
  if (action == NULL)
    return;
  g_free (action->variant);
  g_free (action->kind);
  g_free (action->choice);
  g_free (action->text);
  g_clear_pointer (&action->ability, g_variant_unref);
  g_clear_pointer (&action->program, g_variant_unref);
  g_clear_pointer (&action->routes, g_ptr_array_unref);
  g_clear_pointer (&action->assignments, g_array_unref);
  g_clear_pointer (&action->auto_actions, g_ptr_array_unref);
  g_free (action);
}
