/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-action-json-private.h"
#include "kol-display-text.h"

/**
 * SECTION:kol-action-json
 *
 * The action vocabulary of 18xx.games (18xx-games-format.md §1.3–1.4) in
 * both directions. Reading is strict: every
 * field that is present must have its type and a value that names something
 * in the game;
 * unknown fields are ignored, as 18xx.games ignores them. Nothing here
 * trusts the input: numbers are range-checked, arrays bounded and nesting
 * limited.
 */

G_DEFINE_QUARK (kol-action-json-error-quark, kol_action_json_error)

/* Money, counts and indices of a sane action fit easily; anything larger is
 * a corrupted or hostile file. */
#define MAX_ABS_INT 1000000000
#define MAX_ROUTES 32
#define MAX_ROUTE_NODES 64
#define MAX_ASSIGNMENTS 64
#define MAX_AUTO_ACTIONS 256
#define MAX_VARIANT_DEPTH 8

static char *describe_where (JsonObject *object,
                             const char *path,
                             gboolean    is_auto);

/* ------------------------------------------------------------------ errors */

gboolean
_kol_aj_fail (Ctx        *c,
              int         code,
              const char *field,
              const char *format,
              ...)
{
  g_autofree char *reason = NULL;
  g_autofree char *where = NULL;
  va_list ap;

  va_start (ap, format);
  reason = g_strdup_vprintf (format, ap);
  va_end (ap);

  if (c->error_path && *c->error_path == NULL)
    *c->error_path = g_strdup_printf ("%s%s%s", c->path->str,
                                      field[0] == '[' ? "" : ".", field);
  /* Translators: the first %s says which action ("Action 57 at
   * $.actions[56]"), the second names a field of it ("routes[0].nodes[1]"),
   * the third says what is wrong with it. */
  where = describe_where (c->object, c->action_path, c->is_auto);
  g_set_error (c->error, KOL_ACTION_JSON_ERROR, code, _("%s, field “%s”: %s"),
               where, field, reason);
  return FALSE;
}

static char *
describe_where (JsonObject *object,
                const char *path,
                gboolean    is_auto)
{
  JsonNode *id = json_object_get_member (object, "id");
  gboolean verbose = kol_display_get_verbose () && path != NULL;

  /* the JSON path only for developers (--verbose); people get the line
   * and column, which the callers add */
  if (id && JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_INT64)
    {
      g_autofree char *id_str = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (id));

      if (!verbose)
        /* Translators: %s is an action's id in the file. */
        return g_strdup_printf (_("Action %s"), id_str);
      /* Translators: %s is an action's id in the file, then a JSON path
       * such as $.actions[56]. */
      return g_strdup_printf (_("Action %s at %s"), id_str, path);
    }
  if (is_auto)
    /* Translators: %s is a JSON path such as $.actions[56].auto_actions[0]. */
    return verbose ? g_strdup_printf (_("Automatic action at %s"), path) : g_strdup (_("Automatic action"));
  /* Translators: %s is a JSON path such as $.actions[56]. */
  return verbose ? g_strdup_printf (_("Action at %s"), path) : g_strdup (_("Action"));
}

/* ---------------------------------------------------------- field readers */

JsonNode *
_kol_aj_member (JsonObject *o,
                const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  /* null is what 18xx.games writes for an absent optional value */
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  return node;
}

static gboolean
node_is_int (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

gboolean
_kol_aj_node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

gboolean
_kol_aj_int_node (Ctx        *c,
                  JsonNode   *node,
                  const char *field,
                  gint64      min,
                  gint64      max,
                  gint64     *out)
{
  gint64 v;

  if (!node_is_int (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be an integer"));
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, v);

      /* Translators: %s is a number. */
      return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, _("the value %s is out of range"), value);
    }
  *out = v;
  return TRUE;
}

/* An optional integer member: absent leaves *out as it is. */
gboolean
_kol_aj_get_int (Ctx        *c,
                 JsonObject *o,
                 const char *name,
                 gboolean    required,
                 gint64      min,
                 gint64      max,
                 gint64     *out)
{
  JsonNode *node = _kol_aj_member (o, name);

  if (node == NULL)
    return required ? _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("is missing")) : TRUE;
  return _kol_aj_int_node (c, node, name, min, max, out);
}

static gboolean
get_small (Ctx        *c,
           JsonObject *o,
           const char *name,
           gboolean    required,
           int        *out)
{
  gint64 v = *out;

  if (!_kol_aj_get_int (c, o, name, required, -MAX_ABS_INT, MAX_ABS_INT, &v))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

gboolean
_kol_aj_get_string (Ctx         *c,
                    JsonObject  *o,
                    const char  *name,
                    gboolean     required,
                    const char **out)
{
  JsonNode *node = _kol_aj_member (o, name);

  *out = NULL;
  if (node == NULL)
    return required ? _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("is missing")) : TRUE;
  if (!_kol_aj_node_is_string (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("must be a string"));
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
get_array (Ctx         *c,
           JsonObject  *o,
           const char  *name,
           gboolean     required,
           guint        max_len,
           JsonArray  **out)
{
  JsonNode *node = _kol_aj_member (o, name);

  *out = NULL;
  if (node == NULL)
    return required ? _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("is missing")) : TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("must be a list"));
  *out = json_node_get_array (node);
  if (json_array_get_length (*out) > max_len)
    /* Translators: %u is a number of elements. */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, _("has more than %u elements"), max_len);
  return TRUE;
}

/* --------------------------------------------------------- raw variants */

static GVariant *json_to_variant (JsonNode *node, int depth);

static GVariant *
object_to_variant (JsonObject  *o,
                   const char **skip,
                   int          depth)
{
  GVariantBuilder b;
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &name, &value))
    {
      GVariant *v;

      if (skip && g_strv_contains (skip, name))
        continue;
      if ((v = json_to_variant (value, depth + 1)) != NULL)
        g_variant_builder_add (&b, "{sv}", name, v);
    }
  return g_variant_builder_end (&b);
}

/* JSON to GVariant for the fields Koleya keeps without interpreting them;
 * null and what lies deeper than MAX_VARIANT_DEPTH are dropped. */
static GVariant *
json_to_variant (JsonNode *node,
                 int       depth)
{
  if (depth > MAX_VARIANT_DEPTH || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (node))
    return object_to_variant (json_node_get_object (node), NULL, depth);
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *a = json_node_get_array (node);
      GVariantBuilder b;

      g_variant_builder_init (&b, G_VARIANT_TYPE ("av"));
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          GVariant *v = json_to_variant (json_array_get_element (a, i), depth + 1);

          if (v)
            g_variant_builder_add (&b, "v", v);
        }
      return g_variant_builder_end (&b);
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return g_variant_new_int64 (json_node_get_int (node));
    case G_TYPE_DOUBLE:
      return g_variant_new_double (json_node_get_double (node));
    case G_TYPE_BOOLEAN:
      return g_variant_new_boolean (json_node_get_boolean (node));
    case G_TYPE_STRING:
      return g_variant_new_string (json_node_get_string (node));
    default:
      return NULL;
    }
}

/* ------------------------------------------------------- payload parsers */

static gboolean
parse_shares (Ctx        *c,
              JsonObject *o,
              KolAction  *a)
{
  JsonArray *shares;

  if (!get_array (c, o, "shares", TRUE, KOL_ACTION_MAX_SHARES, &shares))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (shares); i++)
    {
      JsonNode *node = json_array_get_element (shares, i);
      g_autofree char *field = g_strdup_printf ("shares[%u]", i);
      int cert;

      if (!_kol_aj_node_is_string (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be a string"));
      cert = kol_engine_cert_by_id (c->engine, json_node_get_string (node));
      if (cert < 0)
        /* Translators: %s is a certificate id such as "ATA_3". */
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("there is no certificate “%s”"),
                             json_node_get_string (node));
      a->shares[a->n_shares++] = (gint16) cert;
    }
  return get_small (c, o, "percent", FALSE, &a->percent);
}

/* "80,3,2": price, row and column of a market cell. */
static gboolean
parse_share_price (Ctx        *c,
                   JsonObject *o,
                   KolAction  *a)
{
  const KolMarketDef *m = &c->engine->title->market;
  g_auto(GStrv) parts = NULL;
  const char *id;
  gint64 v[3];

  if (!_kol_aj_get_string (c, o, "share_price", TRUE, &id))
    return FALSE;
  parts = g_strsplit (id, ",", 4);
  if (g_strv_length (parts) != 3)
    goto bad;
  for (int i = 0; i < 3; i++)
    if (!g_ascii_string_to_signed (parts[i], 10, 0, MAX_ABS_INT, &v[i], NULL))
      goto bad;
  if (v[1] >= m->n_rows || v[2] >= m->row_len[v[1]] || !m->cells[v[1]][v[2]].present ||
      m->cells[v[1]][v[2]].price != v[0])
    /* Translators: %s is a share price id "price,row,column" such as "80,3,2". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "share_price",
                         _("the market has no cell “%s”"), id);
  a->cell_row = (gint16) v[1];
  a->cell_col = (gint16) v[2];
  return TRUE;

bad:
  /* Translators: %s is what the file has instead of "price,row,column". */
  return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "share_price", _("“%s” is not a share price id"), id);
}

static gboolean
parse_lay_tile (Ctx        *c,
                JsonObject *o,
                KolAction  *a)
{
  const char *hex, *tile;
  gint64 rotation = 0, n;
  int copy, def;

  if (!_kol_aj_get_string (c, o, "hex", TRUE, &hex) || !_kol_aj_hex_id (c, "hex", hex, &a->hex) ||
      !_kol_aj_get_string (c, o, "tile", TRUE, &tile) ||
      !_kol_aj_get_int (c, o, "rotation", FALSE, 0, 5, &rotation))
    return FALSE;
  copy = _kol_aj_tile_copy_index (c->engine->title, tile);
  if (copy < 0 && (def = _kol_aj_tile_def_of_copy_id (c->engine->title, tile, &n)) >= 0 &&
      (copy = _kol_aj_spare_copy (c->engine, def)) < 0)
    /* Translators: %s is a tile id such as "57-3". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "tile", _("every copy of tile “%s” is on the map"), tile);
  if (copy < 0)
    /* Translators: %s is a tile id such as "57-3". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "tile", _("there is no tile “%s”"), tile);
  a->tile_copy = (gint16) copy;
  a->rotation = (guint8) rotation;
  return TRUE;
}

static gboolean
parse_token (Ctx        *c,
             JsonObject *o,
             KolAction  *a)
{
  if (!_kol_aj_city_field (c, o, "city", &a->hex, &a->city) || !_kol_aj_slot_field (c, o, &a->slot))
    return FALSE;
  if (a->type == KOL_ACTION_PLACE_TOKEN)
    return _kol_aj_corp_field (c, o, "tokener", FALSE, &a->tokener);
  if (a->type == KOL_ACTION_BUY_TOKEN)
    return get_small (c, o, "price", FALSE, &a->price);
  return TRUE;
}

static void
clear_chain (gpointer data)
{
  GArray **chain = data;

  g_clear_pointer (chain, g_array_unref);
}

static gboolean
parse_hex_list (Ctx        *c,
                JsonArray  *list,
                const char *field,
                GArray     *out)
{
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *f = g_strdup_printf ("%s[%u]", field, i);
      gint16 hex;

      if (!_kol_aj_hex_node (c, json_array_get_element (list, i), f, &hex))
        return FALSE;
      g_array_append_val (out, hex);
    }
  return TRUE;
}

static gboolean
parse_connections (Ctx          *c,
                   JsonObject   *route,
                   const char   *field,
                   KolRouteSpec *r)
{
  JsonArray *list;
  g_autofree char *f = g_strdup_printf ("%s.connections", field);
  JsonNode *node = _kol_aj_member (route, "connections");

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f, "%s", _("must be a list"));
  list = json_node_get_array (node);
  if (json_array_get_length (list) > MAX_ROUTE_NODES)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f, _("has more than %u elements"), MAX_ROUTE_NODES);
  r->connections = g_array_new (FALSE, FALSE, sizeof (GArray *));
  g_array_set_clear_func (r->connections, clear_chain);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *chain_node = json_array_get_element (list, i);
      g_autofree char *cf = g_strdup_printf ("%s[%u]", f, i);
      GArray *chain;

      if (!JSON_NODE_HOLDS_ARRAY (chain_node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, cf, "%s", _("must be a list"));
      if (json_array_get_length (json_node_get_array (chain_node)) > KOL_MAX_HEXES)
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, cf, _("has more than %u elements"), KOL_MAX_HEXES);
      chain = g_array_new (FALSE, FALSE, sizeof (gint16));
      g_array_append_val (r->connections, chain);
      if (!parse_hex_list (c, json_node_get_array (chain_node), cf, chain))
        return FALSE;
    }
  return TRUE;
}

/* "I27-0": a hex and the part index of a node of the tile there now. */
static gboolean
parse_route_node (Ctx          *c,
                  JsonNode     *node,
                  const char   *field,
                  KolRouteNode *out)
{
  g_autofree char *hex = NULL;
  const char *id;
  gint64 part;
  int n;

  if (!_kol_aj_node_is_string (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be a string"));
  id = json_node_get_string (node);
  if (!_kol_aj_split_numbered (id, &hex, &part))
    /* Translators: %s is what the file has instead of a node id such as "I27-0". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, _("“%s” is not a node id"), id);
  if (!_kol_aj_hex_id (c, field, hex, &out->hex))
    return FALSE;
  n = _kol_aj_node_by_part (c->engine, out->hex, part);
  if (n < 0)
    /* Translators: %s is a route node id such as "I27-0": a hex and a
     * number. */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("the tile on the map has no stop “%s”"), id);
  out->node = (gint8) n;
  return TRUE;
}

static gboolean
parse_route (Ctx          *c,
             JsonObject   *route,
             const char   *field,
             KolRouteSpec *r)
{
  g_autofree char *f_train = g_strdup_printf ("%s.train", field);
  g_autofree char *f_hexes = g_strdup_printf ("%s.hexes", field);
  g_autofree char *f_nodes = g_strdup_printf ("%s.nodes", field);
  g_autofree char *f_rev = g_strdup_printf ("%s.revenue", field);
  g_autofree char *f_str = g_strdup_printf ("%s.revenue_str", field);
  JsonNode *node;

  if ((node = _kol_aj_member (route, "train")) == NULL)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_train, "%s", _("is missing"));
  if (!_kol_aj_train_node (c, node, f_train, &r->train))
    return FALSE;
  if ((node = _kol_aj_member (route, "revenue")) != NULL)
    {
      gint64 v;

      if (!_kol_aj_int_node (c, node, f_rev, -MAX_ABS_INT, MAX_ABS_INT, &v))
        return FALSE;
      r->revenue = (int) v;
    }
  if ((node = _kol_aj_member (route, "revenue_str")) != NULL)
    {
      if (!_kol_aj_node_is_string (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_str, "%s", _("must be a string"));
      r->revenue_str = g_strdup (json_node_get_string (node));
    }
  if (!parse_connections (c, route, field, r))
    return FALSE;
  if ((node = _kol_aj_member (route, "hexes")) != NULL)
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_hexes, "%s", _("must be a list"));
      if (json_array_get_length (json_node_get_array (node)) > MAX_ROUTE_NODES)
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_hexes, _("has more than %u elements"),
                             MAX_ROUTE_NODES);
      r->hexes = g_array_new (FALSE, FALSE, sizeof (gint16));
      if (!parse_hex_list (c, json_node_get_array (node), f_hexes, r->hexes))
        return FALSE;
    }
  r->nodes = g_array_new (FALSE, FALSE, sizeof (KolRouteNode));
  if ((node = _kol_aj_member (route, "nodes")) != NULL)
    {
      JsonArray *list;

      if (!JSON_NODE_HOLDS_ARRAY (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_nodes, "%s", _("must be a list"));
      list = json_node_get_array (node);
      if (json_array_get_length (list) > MAX_ROUTE_NODES)
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_nodes, _("has more than %u elements"),
                             MAX_ROUTE_NODES);
      for (guint i = 0; i < json_array_get_length (list); i++)
        {
          g_autofree char *f = g_strdup_printf ("%s[%u]", f_nodes, i);
          KolRouteNode rn = { -1, -1 };

          if (!parse_route_node (c, json_array_get_element (list, i), f, &rn))
            return FALSE;
          g_array_append_val (r->nodes, rn);
        }
    }
  return TRUE;
}

static gboolean
parse_run_routes (Ctx        *c,
                  JsonObject *o,
                  KolAction  *a)
{
  JsonArray *routes;

  if (!get_array (c, o, "routes", TRUE, MAX_ROUTES, &routes) ||
      !get_small (c, o, "extra_revenue", FALSE, &a->extra_revenue) ||
      !get_small (c, o, "subsidy", FALSE, &a->subsidy))
    return FALSE;
  a->routes = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_route_spec_free);
  for (guint i = 0; i < json_array_get_length (routes); i++)
    {
      JsonNode *node = json_array_get_element (routes, i);
      g_autofree char *field = g_strdup_printf ("routes[%u]", i);
      KolRouteSpec *r = g_new0 (KolRouteSpec, 1);

      r->train = -1;
      g_ptr_array_add (a->routes, r);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be an object"));
      if (!parse_route (c, json_node_get_object (node), field, r))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_assignments (Ctx        *c,
                   JsonObject *o,
                   KolAction  *a)
{
  JsonArray *list;

  if (!get_array (c, o, "assignments", TRUE, MAX_ASSIGNMENTS, &list))
    return FALSE;
  a->assignments = g_array_new (FALSE, FALSE, sizeof (KolAssignment));
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      g_autofree char *field = g_strdup_printf ("assignments[%u]", i);
      g_autofree char *f_corp = g_strdup_printf ("%s.corporation", field);
      g_autofree char *f_train = g_strdup_printf ("%s.train", field);
      KolAssignment as = { -1, -1 };
      JsonObject *item;
      JsonNode *train;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be an object"));
      item = json_node_get_object (node);
      if ((train = _kol_aj_member (item, "train")) == NULL)
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, f_train, "%s", _("is missing"));
      if (!_kol_aj_train_node (c, train, f_train, &as.train))
        return FALSE;
      /* report the field under its full path */
      {
        const char *id;
        int corp;

        if (!_kol_aj_get_string (c, item, "corporation", TRUE, &id))
          return FALSE;
        if ((corp = kol_title_corp_by_id (c->engine->title, id)) < 0)
          return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, f_corp, _("there is no corporation “%s”"), id);
        as.corp = (gint16) corp;
      }
      g_array_append_val (a->assignments, as);
    }
  return TRUE;
}

static gboolean
parse_choice (Ctx        *c,
              JsonObject *o,
              KolAction  *a)
{
  JsonNode *node = _kol_aj_member (o, "choice");

  if (node == NULL)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "choice", "%s", _("is missing"));
  if (_kol_aj_node_is_string (node))
    a->choice = g_strdup (json_node_get_string (node));
  else if (node_is_int (node))
    a->choice = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  else
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "choice", "%s", _("must be a string or an integer"));
  return TRUE;
}

static gboolean
parse_assign (Ctx        *c,
              JsonObject *o,
              KolAction  *a)
{
  const char *target, *type;

  if (!_kol_aj_get_string (c, o, "target", TRUE, &target) ||
      !_kol_aj_get_string (c, o, "target_type", FALSE, &type))
    return FALSE;
  if (type == NULL || g_str_equal (type, "hex"))
    return _kol_aj_hex_id (c, "target", target, &a->hex);
  if (g_str_equal (type, "corporation"))
    return _kol_aj_corp_field (c, o, "target", TRUE, &a->corp);
  /* Translators: %s is the target_type of an assign action. */
  return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNSUPPORTED, "target_type", _("“%s” is not supported"), type);
}

static const char *const common_fields[] = {
  "type", "entity", "entity_type", "id", "user", "created_at", "auto_actions", "skip", NULL
};

static gboolean
parse_program (Ctx        *c,
               JsonObject *o,
               KolAction  *a)
{
  const char *reason;

  if (a->type == KOL_ACTION_PROGRAM_BUY_SHARES && !_kol_aj_corp_field (c, o, "corporation", TRUE, &a->corp))
    return FALSE;
  if (a->type == KOL_ACTION_PROGRAM_DISABLE)
    {
      if (!_kol_aj_get_string (c, o, "reason", FALSE, &reason))
        return FALSE;
      a->text = g_strdup (reason);
    }
  a->program = g_variant_ref_sink (object_to_variant (o, (const char **) common_fields, 0));
  return TRUE;
}

static gboolean
parse_choose_ability (Ctx        *c,
                      JsonObject *o,
                      KolAction  *a)
{
  JsonNode *node = _kol_aj_member (o, "choice");

  /* null: an ability used without a choice (as Koleya writes it) */
  if (node == NULL && json_object_has_member (o, "choice"))
    return TRUE;
  if (node == NULL)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "choice", "%s", _("is missing"));
  a->ability = json_to_variant (node, 0);
  if (a->ability)
    g_variant_ref_sink (a->ability);
  return TRUE;
}

static gboolean
parse_payload (Ctx        *c,
               JsonObject *o,
               KolAction  *a)
{
  const char *s;

  switch (a->type)
    {
    case KOL_ACTION_BID:
      return _kol_aj_company_field (c, o, "company", FALSE, &a->company) &&
             _kol_aj_corp_field (c, o, "corporation", FALSE, &a->corp) &&
             get_small (c, o, "price", TRUE, &a->price);
    case KOL_ACTION_PAR:
      return _kol_aj_corp_field (c, o, "corporation", TRUE, &a->corp) && parse_share_price (c, o, a);
    case KOL_ACTION_BUY_SHARES:
    case KOL_ACTION_SELL_SHARES:
      return parse_shares (c, o, a);
    case KOL_ACTION_LAY_TILE:
      return parse_lay_tile (c, o, a);
    case KOL_ACTION_PLACE_TOKEN:
    case KOL_ACTION_REMOVE_TOKEN:
    case KOL_ACTION_BUY_TOKEN:
      return parse_token (c, o, a);
    case KOL_ACTION_RUN_ROUTES:
      return parse_run_routes (c, o, a);
    case KOL_ACTION_DIVIDEND:
      if (!_kol_aj_get_string (c, o, "kind", TRUE, &s))
        return FALSE;
      a->kind = g_strdup (s);
      return get_small (c, o, "amount", FALSE, &a->amount);
    case KOL_ACTION_BUY_TRAIN:
      if (!_kol_aj_train_field (c, o, "train", &a->train) || !get_small (c, o, "price", FALSE, &a->price) ||
          !_kol_aj_get_string (c, o, "variant", FALSE, &s))
        return FALSE;
      a->variant = g_strdup (s);
      return TRUE;
    case KOL_ACTION_SCRAP_TRAIN:
    case KOL_ACTION_DISCARD_TRAIN:
      return _kol_aj_train_field (c, o, "train", &a->train);
    case KOL_ACTION_REASSIGN_TRAINS:
      return parse_assignments (c, o, a);
    case KOL_ACTION_MERGE:
      return _kol_aj_corp_field (c, o, "corporation", TRUE, &a->corp);
    case KOL_ACTION_BUY_COMPANY:
    case KOL_ACTION_SELL_COMPANY:
      return _kol_aj_company_field (c, o, "company", TRUE, &a->company) &&
             get_small (c, o, "price", FALSE, &a->price);
    case KOL_ACTION_CHOOSE:
      return parse_choice (c, o, a);
    case KOL_ACTION_CHOOSE_ABILITY:
      return parse_choose_ability (c, o, a);
    case KOL_ACTION_ASSIGN:
      return parse_assign (c, o, a);
    case KOL_ACTION_TAKE_LOAN:
    case KOL_ACTION_PAYOFF_LOAN:
      return get_small (c, o, "loan", FALSE, &a->loan);
    case KOL_ACTION_PROGRAM_BUY_SHARES:
    case KOL_ACTION_PROGRAM_SHARE_PASS:
    case KOL_ACTION_PROGRAM_DISABLE:
      return parse_program (c, o, a);
    case KOL_ACTION_MESSAGE:
    case KOL_ACTION_LOG:
      if (!_kol_aj_get_string (c, o, "message", FALSE, &s))
        return FALSE;
      a->text = g_strdup (s);
      return TRUE;
    case KOL_ACTION_PASS:
    case KOL_ACTION_PAYOFF_DEBT:
    case KOL_ACTION_BANKRUPT:
    case KOL_ACTION_END_GAME:
    case KOL_N_ACTION_TYPES:
    default:
      return TRUE;
    }
}

/* --------------------------------------------------------------- actions */

static KolAction *parse_action (KolEngine           *engine,
                                JsonNode            *node,
                                const char          *path,
                                gboolean             is_auto,
                                int                  depth,
                                KolActionJsonFlags   flags,
                                char               **error_path,
                                GError             **error);

static gboolean
parse_auto_actions (Ctx                *c,
                    JsonObject         *o,
                    KolAction          *a,
                    int                 depth,
                    KolActionJsonFlags  flags)
{
  JsonArray *list;

  if (!get_array (c, o, "auto_actions", FALSE, MAX_AUTO_ACTIONS, &list))
    return FALSE;
  if (list == NULL || json_array_get_length (list) == 0 || (flags & KOL_ACTION_JSON_SKIP_AUTO))
    return TRUE;
  if (depth >= KOL_ACTION_JSON_MAX_AUTO_DEPTH)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "auto_actions", "%s", _("is nested too deeply"));
  a->auto_actions = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      g_autofree char *sub = g_strdup_printf ("%s.auto_actions[%u]", c->path->str, i);
      KolAction *child = parse_action (c->engine, json_array_get_element (list, i), sub, TRUE,
                                       depth + 1, flags, c->error_path, c->error);

      if (child == NULL)
        return FALSE;
      g_ptr_array_add (a->auto_actions, child);
    }
  return TRUE;
}

static gboolean
parse_common (Ctx         *c,
              JsonObject  *o,
              KolAction  **out)
{
  const char *type;
  KolActionType t;
  KolEntity entity;
  gint64 id = 0, user = 0, created = 0;

  if (!_kol_aj_get_string (c, o, "type", TRUE, &type))
    return FALSE;
  if (!kol_action_type_from_string (type, &t))
    /* Translators: %s is an action type such as "undo" or "hex_token". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNSUPPORTED, "type", _("the action type “%s” is not supported"),
                         type);
  if (!_kol_aj_parse_entity (c, o, &entity) ||
      !_kol_aj_get_int (c, o, "id", FALSE, 0, G_MAXINT, &id) ||
      !_kol_aj_get_int (c, o, "user", FALSE, G_MININT, G_MAXINT, &user) ||
      !_kol_aj_get_int (c, o, "created_at", FALSE, G_MININT64, G_MAXINT64, &created))
    return FALSE;
  *out = kol_action_new (t, entity);
  (*out)->id = (int) id;
  (*out)->user = (int) user;
  (*out)->created_at = created;
  return TRUE;
}

static KolAction *
parse_action (KolEngine           *engine,
              JsonNode            *node,
              const char          *path,
              gboolean             is_auto,
              int                  depth,
              KolActionJsonFlags   flags,
              char               **error_path,
              GError             **error)
{
  g_autoptr(GString) gpath = g_string_new (path);
  g_autoptr(KolAction) a = NULL;
  Ctx c = { engine, gpath, error_path, error, NULL, path, is_auto };
  JsonObject *o;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      if (error_path && *error_path == NULL)
        *error_path = g_strdup (path);
      /* Translators: %s is a JSON path such as $.actions[56]. */
      g_set_error (error, KOL_ACTION_JSON_ERROR, KOL_ACTION_JSON_ERROR_INVALID,
                   _("The action at %s is not an object."), path);
      return NULL;
    }
  o = json_node_get_object (node);
  c.object = o;
  if (!parse_common (&c, o, &a) || !parse_payload (&c, o, a) ||
      !parse_auto_actions (&c, o, a, depth, flags))
    return NULL;
  return g_steal_pointer (&a);
}

/**
 * kol_action_from_json:
 * @engine: the game the action is about to be applied to
 * @node: the action, an object in the 18xx.games vocabulary
 * @path: (nullable): the JSON path of @node in its file, for messages
 * @flags: what to convert
 * @error_path: (out) (optional) (transfer full): the JSON path of the field
 *   at fault, on failure
 * @error: return location for a #GError
 *
 * Converts an action, resolving its ids against the current state of
 * @engine. Auto actions are converted against the same state unless
 * %KOL_ACTION_JSON_SKIP_AUTO is given.
 *
 * Returns: (transfer full) (nullable): the action, or %NULL with @error
 *   naming the action (its id and path) and the field.
 */
KolAction *
kol_action_from_json (KolEngine           *engine,
                      JsonNode            *node,
                      const char          *path,
                      KolActionJsonFlags   flags,
                      char               **error_path,
                      GError             **error)
{
  g_return_val_if_fail (engine != NULL, NULL);

  return parse_action (engine, node, path ? path : "$", FALSE, 0, flags, error_path, error);
}

/**
 * kol_action_json_has_auto:
 *
 * Returns: %TRUE if the action object @node embeds auto actions.
 */
gboolean
kol_action_json_has_auto (JsonNode *node)
{
  JsonNode *autos;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  autos = json_object_get_member (json_node_get_object (node), "auto_actions");
  return autos && JSON_NODE_HOLDS_ARRAY (autos) && json_array_get_length (json_node_get_array (autos)) > 0;
}

/**
 * kol_action_json_depends_on_board:
 *
 * Returns: %TRUE if some id of the action object @node (or of its auto
 *   actions) can only be resolved against the tiles on the map at the time
 *   it is applied: cities and route nodes.
 */
gboolean
kol_action_json_depends_on_board (JsonNode *node)
{
  JsonObject *o;
  JsonNode *autos;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  o = json_node_get_object (node);
  if (json_object_has_member (o, "city") || json_object_has_member (o, "routes"))
    return TRUE;
  autos = json_object_get_member (o, "auto_actions");
  if (autos && JSON_NODE_HOLDS_ARRAY (autos))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (autos)); i++)
      if (kol_action_json_depends_on_board (json_array_get_element (json_node_get_array (autos), i)))
        return TRUE;
  return FALSE;
}

/**
 * kol_action_json_describe:
 * @node: an action object
 * @path: its JSON path
 *
 * Returns: (transfer full): a translated description of where the action
 *   is, "Action 57 at $.actions[56]".
 */
char *
kol_action_json_describe (JsonNode   *node,
                          const char *path)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    /* Translators: %s is a JSON path such as $.actions[56]. */
    return g_strdup_printf (_("Action at %s"), path);
  return describe_where (json_node_get_object (node), path, FALSE);
}

