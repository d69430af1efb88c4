/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-action-json-private.h"

/*
 * Actions written as 18xx.games JSON (as its records write them,
 * 18xx-games-format.md §1.3–1.4):
 * the common fields, each payload and the raw fields Koleya keeps without
 * interpreting them. Writing never fails and shares nothing with the
 * strict reading but the ids, so it is a unit of its own.
 */

/* ----------------------------------------------------------------- write */

static JsonNode *
variant_to_json (GVariant *v)
{
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_VARIANT))
    {
      g_autoptr(GVariant) inner = g_variant_get_variant (v);

      return variant_to_json (inner);
    }
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_VARDICT))
    {
      g_autoptr(JsonObject) o = json_object_new ();
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, v);
      while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
        json_object_set_member (o, key, variant_to_json (value));
      return json_node_init_object (json_node_alloc (), o);
    }
  if (g_variant_is_of_type (v, G_VARIANT_TYPE ("av")))
    {
      g_autoptr(JsonArray) a = json_array_new ();
      GVariantIter iter;
      GVariant *value;

      g_variant_iter_init (&iter, v);
      while (g_variant_iter_loop (&iter, "v", &value))
        json_array_add_element (a, variant_to_json (value));
      return json_node_init_array (json_node_alloc (), a);
    }
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_INT64))
    return json_node_init_int (json_node_alloc (), g_variant_get_int64 (v));
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE))
    return json_node_init_double (json_node_alloc (), g_variant_get_double (v));
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN))
    return json_node_init_boolean (json_node_alloc (), g_variant_get_boolean (v));
  if (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    return json_node_init_string (json_node_alloc (), g_variant_get_string (v, NULL));
  return json_node_init_null (json_node_alloc ());
}

static void
set_string (JsonObject *o,
            const char *name,
            const char *value)
{
  if (value)
    json_object_set_string_member (o, name, value);
}

static void
set_corp (KolEngine  *engine,
          JsonObject *o,
          const char *name,
          int         corp)
{
  if (corp >= 0 && (guint) corp < engine->title->n_corps)
    json_object_set_string_member (o, name, engine->title->corps[corp].id);
}

static void
set_company (KolEngine  *engine,
             JsonObject *o,
             const char *name,
             int         company)
{
  if (company >= 0 && (guint) company < engine->title->n_companies)
    json_object_set_string_member (o, name, engine->title->companies[company].id);
}

static void
set_train (KolEngine  *engine,
           JsonObject *o,
           const char *name,
           int         train)
{
  if (train >= 0 && train < engine->n_trains)
    {
      g_autofree char *id = kol_engine_train_id (engine, train);

      json_object_set_string_member (o, name, id);
    }
}

static void
set_hex (KolEngine  *engine,
         JsonObject *o,
         const char *name,
         int         hex)
{
  if (hex >= 0 && (guint) hex < engine->title->n_hexes)
    json_object_set_string_member (o, name, engine->title->hexes[hex].id);
}

static JsonArray *
hex_array (KolEngine *engine,
           GArray    *hexes)
{
  JsonArray *a = json_array_new ();

  for (guint i = 0; hexes && i < hexes->len; i++)
    json_array_add_string_element (a, engine->title->hexes[g_array_index (hexes, gint16, i)].id);
  return a;
}

static char *
route_node_id (KolEngine          *engine,
               const KolRouteNode *rn)
{
  const KolTileDef *tile = _kol_aj_tile_of_hex (engine, rn->hex);
  int part = tile && rn->node >= 0 && rn->node < tile->n_nodes ? tile->nodes[rn->node].part : rn->node;

  return g_strdup_printf ("%s-%d", engine->title->hexes[rn->hex].id, part);
}

static JsonNode *
route_to_json (KolEngine          *engine,
               const KolRouteSpec *r)
{
  g_autoptr(JsonObject) o = json_object_new ();
  JsonArray *conns = json_array_new ();
  JsonArray *nodes = json_array_new ();

  set_train (engine, o, "train", r->train);
  for (guint i = 0; r->connections && i < r->connections->len; i++)
    json_array_add_array_element (conns, hex_array (engine, g_array_index (r->connections, GArray *, i)));
  json_object_set_array_member (o, "connections", conns);
  if (r->hexes)
    json_object_set_array_member (o, "hexes", hex_array (engine, r->hexes));
  else
    {
      /* derived, as 18xx.games does, from the stops in route order */
      JsonArray *hexes = json_array_new ();
      int last = -1;

      for (guint i = 0; r->nodes && i < r->nodes->len; i++)
        {
          int hex = g_array_index (r->nodes, KolRouteNode, i).hex;

          if (hex != last)
            json_array_add_string_element (hexes, engine->title->hexes[hex].id);
          last = hex;
        }
      json_object_set_array_member (o, "hexes", hexes);
    }
  json_object_set_int_member (o, "revenue", r->revenue);
  set_string (o, "revenue_str", r->revenue_str);
  for (guint i = 0; r->nodes && i < r->nodes->len; i++)
    {
      g_autofree char *id = route_node_id (engine, &g_array_index (r->nodes, KolRouteNode, i));

      json_array_add_string_element (nodes, id);
    }
  /* records from before 2022 have no nodes: write none rather than [] */
  if (json_array_get_length (nodes) > 0)
    json_object_set_array_member (o, "nodes", nodes);
  else
    json_array_unref (nodes);
  return json_node_init_object (json_node_alloc (), o);
}

static void
write_run_routes (KolEngine       *engine,
                  JsonObject      *o,
                  const KolAction *a)
{
  JsonArray *routes = json_array_new ();

  for (guint i = 0; a->routes && i < a->routes->len; i++)
    json_array_add_element (routes, route_to_json (engine, g_ptr_array_index (a->routes, i)));
  json_object_set_array_member (o, "routes", routes);
  json_object_set_int_member (o, "extra_revenue", a->extra_revenue);
  json_object_set_int_member (o, "subsidy", a->subsidy);
}

static void
write_shares (KolEngine       *engine,
              JsonObject      *o,
              const KolAction *a)
{
  JsonArray *shares = json_array_new ();

  for (int i = 0; i < a->n_shares && i < KOL_ACTION_MAX_SHARES; i++)
    {
      g_autofree char *id = kol_engine_cert_id (engine, a->shares[i]);

      json_array_add_string_element (shares, id);
    }
  json_object_set_array_member (o, "shares", shares);
  json_object_set_int_member (o, "percent", a->percent);
}

static void
write_city (KolEngine       *engine,
            JsonObject      *o,
            const KolAction *a)
{
  if (a->hex >= 0 && (guint) a->hex < engine->title->n_hexes)
    {
      g_autofree char *city = kol_action_json_city_id (engine, a->hex, a->city);

      json_object_set_string_member (o, "city", city);
    }
  json_object_set_int_member (o, "slot", a->slot < 0 ? 0 : a->slot);
}

static void
write_assignments (KolEngine       *engine,
                   JsonObject      *o,
                   const KolAction *a)
{
  JsonArray *list = json_array_new ();

  for (guint i = 0; a->assignments && i < a->assignments->len; i++)
    {
      const KolAssignment *as = &g_array_index (a->assignments, KolAssignment, i);
      JsonObject *item = json_object_new ();

      set_train (engine, item, "train", as->train);
      set_corp (engine, item, "corporation", as->corp);
      json_array_add_object_element (list, item);
    }
  json_object_set_array_member (o, "assignments", list);
}

/* A choice that is a canonical decimal number was an integer (1840's seat
 * index); 18xx.games' labels never are. */
static void
write_choice (JsonObject *o,
              const char *choice)
{
  gint64 n;

  if (choice && g_ascii_string_to_signed (choice, 10, G_MININT, G_MAXINT, &n, NULL))
    {
      g_autofree char *canonical = g_strdup_printf ("%" G_GINT64_FORMAT, n);

      if (g_str_equal (canonical, choice))
        {
          json_object_set_int_member (o, "choice", n);
          return;
        }
    }
  set_string (o, "choice", choice ? choice : "");
}

static void
write_program (JsonObject      *o,
               const KolAction *a)
{
  if (a->program && g_variant_is_of_type (a->program, G_VARIANT_TYPE_VARDICT))
    {
      g_autoptr(JsonNode) raw = variant_to_json (a->program);
      JsonObjectIter iter;
      const char *name;
      JsonNode *value;

      json_object_iter_init (&iter, json_node_get_object (raw));
      while (json_object_iter_next (&iter, &name, &value))
        if (!json_object_has_member (o, name))
          json_object_set_member (o, name, json_node_copy (value));
    }
  if (a->type == KOL_ACTION_PROGRAM_DISABLE && a->text && !json_object_has_member (o, "reason"))
    json_object_set_string_member (o, "reason", a->text);
}

static void
write_payload (KolEngine       *engine,
               JsonObject      *o,
               const KolAction *a)
{
  switch (a->type)
    {
    case KOL_ACTION_BID:
      set_company (engine, o, "company", a->company);
      set_corp (engine, o, "corporation", a->corp);
      json_object_set_int_member (o, "price", a->price);
      break;
    case KOL_ACTION_PAR:
      set_corp (engine, o, "corporation", a->corp);
      if (a->cell_row >= 0 && a->cell_row < KOL_MAX_MARKET_ROWS &&
          a->cell_col >= 0 && a->cell_col < KOL_MAX_MARKET_COLS)
        {
          g_autofree char *cell = g_strdup_printf ("%d,%d,%d",
                                                   engine->title->market.cells[a->cell_row][a->cell_col].price,
                                                   a->cell_row, a->cell_col);

          json_object_set_string_member (o, "share_price", cell);
        }
      break;
    case KOL_ACTION_BUY_SHARES:
    case KOL_ACTION_SELL_SHARES:
      write_shares (engine, o, a);
      break;
    case KOL_ACTION_LAY_TILE:
      set_hex (engine, o, "hex", a->hex);
      if (a->tile_copy >= 0 && (guint) a->tile_copy < engine->title->n_tile_copies)
        {
          const KolTitle *t = engine->title;
          g_autofree char *tile = g_strdup_printf ("%s-%d", t->tiles[t->copy_tile[a->tile_copy]].id,
                                                   t->copy_number[a->tile_copy]);

          json_object_set_string_member (o, "tile", tile);
        }
      json_object_set_int_member (o, "rotation", a->rotation);
      break;
    case KOL_ACTION_PLACE_TOKEN:
      write_city (engine, o, a);
      set_corp (engine, o, "tokener", a->tokener);
      break;
    case KOL_ACTION_REMOVE_TOKEN:
      write_city (engine, o, a);
      break;
    case KOL_ACTION_BUY_TOKEN:
      write_city (engine, o, a);
      json_object_set_int_member (o, "price", a->price);
      break;
    case KOL_ACTION_RUN_ROUTES:
      write_run_routes (engine, o, a);
      break;
    case KOL_ACTION_DIVIDEND:
      set_string (o, "kind", a->kind);
      if (a->amount != 0 || g_strcmp0 (a->kind, "variable") == 0)
        json_object_set_int_member (o, "amount", a->amount);
      break;
    case KOL_ACTION_BUY_TRAIN:
      set_train (engine, o, "train", a->train);
      json_object_set_int_member (o, "price", a->price);
      set_string (o, "variant", a->variant);
      break;
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
      set_train (engine, o, "train", a->train);
      break;
    case KOL_ACTION_REASSIGN_TRAINS:
      write_assignments (engine, o, a);
      break;
    case KOL_ACTION_MERGE:
      set_corp (engine, o, "corporation", a->corp);
      break;
    case KOL_ACTION_BUY_COMPANY:
    case KOL_ACTION_SELL_COMPANY:
      set_company (engine, o, "company", a->company);
      json_object_set_int_member (o, "price", a->price);
      break;
    case KOL_ACTION_CHOOSE:
      write_choice (o, a->choice);
      break;
    case KOL_ACTION_CHOOSE_ABILITY:
      /* the reader wants a choice: an ability used without one (1840's
       * return of a private company) is written as null, or its save
       * would not open again */
      if (a->ability)
        json_object_set_member (o, "choice", variant_to_json (a->ability));
      else
        json_object_set_null_member (o, "choice");
      break;
    case KOL_ACTION_ASSIGN:
      if (a->hex >= 0)
        {
          set_hex (engine, o, "target", a->hex);
          json_object_set_string_member (o, "target_type", "hex");
        }
      else
        {
          set_corp (engine, o, "target", a->corp);
          json_object_set_string_member (o, "target_type", "corporation");
        }
      break;
    case KOL_ACTION_TAKE_LOAN:
    case KOL_ACTION_PAYOFF_LOAN:
      if (a->loan >= 0)
        json_object_set_int_member (o, "loan", a->loan);
      break;
    case KOL_ACTION_PROGRAM_BUY_SHARES:
      set_corp (engine, o, "corporation", a->corp);
      write_program (o, a);
      break;
    case KOL_ACTION_PROGRAM_SHARE_PASS:
    case KOL_ACTION_PROGRAM_DISABLE:
      write_program (o, a);
      break;
    case KOL_ACTION_MESSAGE:
    case KOL_ACTION_LOG:
      set_string (o, "message", a->text ? a->text : "");
      break;
    case KOL_ACTION_PASS:
    case KOL_ACTION_PAYOFF_DEBT:
    case KOL_ACTION_BANKRUPT:
    case KOL_ACTION_END_GAME:
    case KOL_N_ACTION_TYPES:
    default:
      break;
    }
}

/**
 * kol_action_to_json:
 * @engine: the game in the state @action was (or is about to be) applied to
 * @action: the action
 *
 * Writes @action in the 18xx.games vocabulary. Auto actions are written
 * against the same state, which is right for every auto action the titles
 * generate (none of them lays a tile).
 *
 * Returns: (transfer full): a JSON object node.
 */
JsonNode *
kol_action_to_json (KolEngine       *engine,
                    const KolAction *action)
{
  g_autoptr(JsonObject) o = json_object_new ();
  const char *entity_type = NULL;

  g_free (kol_action_json_entity_id (engine, action->entity, &entity_type));
  json_object_set_string_member (o, "type", kol_action_type_to_string (action->type));
  json_object_set_member (o, "entity", kol_action_json_entity_node (engine, action->entity));
  set_string (o, "entity_type", entity_type);
  if (action->id > 0)
    json_object_set_int_member (o, "id", action->id);
  if (action->user != 0)
    json_object_set_int_member (o, "user", action->user);
  if (action->created_at != 0)
    json_object_set_int_member (o, "created_at", action->created_at);
  write_payload (engine, o, action);
  if (action->auto_actions && action->auto_actions->len > 0)
    {
      JsonArray *autos = json_array_new ();

      for (guint i = 0; i < action->auto_actions->len; i++)
        json_array_add_element (autos, kol_action_to_json (engine, g_ptr_array_index (action->auto_actions, i)));
      json_object_set_array_member (o, "auto_actions", autos);
    }
  return json_node_init_object (json_node_alloc (), o);
}
