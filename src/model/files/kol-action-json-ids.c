/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-action-json-private.h"

/*
 * The ids of the 18xx.games vocabulary, both ways: resolving the ids an
 * action names (player numbers, corporation and company symbols, hexes,
 * trains "4H-2", tile copies "57-3", cities "57-3-0", entities) against
 * the state at the moment the action is processed, and writing the ids of
 * entities, tiles and cities back for the state dump, the UI and the
 * writer. Which copy of a tile an id means, and where it lies now, is a
 * question of its own apart from the shape of each action.
 */

/* ---------------------------------------------------------- id resolvers */

static int
player_by_id (KolEngine *engine,
              gint64     id)
{
  for (int i = 0; i < engine->n_players; i++)
    if (engine->players[i].id == id)
      return i;
  return -1;
}

gboolean
_kol_aj_corp_field (Ctx        *c,
                    JsonObject *o,
                    const char *name,
                    gboolean    required,
                    gint16     *out)
{
  const char *id;
  int corp;

  if (!_kol_aj_get_string (c, o, name, required, &id))
    return FALSE;
  if (id == NULL)
    return TRUE;
  corp = kol_title_corp_by_id (c->engine->title, id);
  if (corp < 0)
    /* Translators: %s is a corporation id such as "ATA". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, name, _("there is no corporation “%s”"), id);
  *out = (gint16) corp;
  return TRUE;
}

/* Private company @id, or the one 18xx.games called @id before renaming
 * it (1840's privates were renamed in February 2022: records of 2021 say
 * "Karlskirche" for KK); the title lists the old names in
 * rules.compat_18xx_games.former_company_ids. -1 if none. */
static int
company_by_id (const KolTitle *title,
               const char     *id)
{
  int company = kol_title_company_by_id (title, id);
  g_autoptr(GVariant) compat = NULL;
  g_autoptr(GVariant) former = NULL;
  const char *now;

  if (company >= 0)
    return company;
  compat = kol_title_rule (title, "compat_18xx_games");
  former = compat != NULL && g_variant_is_of_type (compat, G_VARIANT_TYPE_VARDICT)
           ? g_variant_lookup_value (compat, "former_company_ids", G_VARIANT_TYPE_VARDICT) : NULL;
  if (former != NULL && g_variant_lookup (former, id, "&s", &now))
    return kol_title_company_by_id (title, now);
  return -1;
}

gboolean
_kol_aj_company_field (Ctx        *c,
                       JsonObject *o,
                       const char *name,
                       gboolean    required,
                       gint16     *out)
{
  const char *id;
  int company;

  if (!_kol_aj_get_string (c, o, name, required, &id))
    return FALSE;
  if (id == NULL)
    return TRUE;
  company = company_by_id (c->engine->title, id);
  if (company < 0)
    /* Translators: %s is a private company id such as "SCE". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, name, _("there is no private company “%s”"), id);
  *out = (gint16) company;
  return TRUE;
}

gboolean
_kol_aj_hex_id (Ctx        *c,
                const char *field,
                const char *id,
                gint16     *out)
{
  int hex = kol_title_hex_by_id (c->engine->title, id);

  if (hex < 0)
    /* Translators: %s is a hex id such as "C5". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("there is no hex “%s” on this map"), id);
  *out = (gint16) hex;
  return TRUE;
}

gboolean
_kol_aj_hex_node (Ctx        *c,
                  JsonNode   *node,
                  const char *field,
                  gint16     *out)
{
  if (!_kol_aj_node_is_string (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be a string"));
  return _kol_aj_hex_id (c, field, json_node_get_string (node), out);
}

/* Splits "<name>-<n>" at its last dash. */
gboolean
_kol_aj_split_numbered (const char *id,
                        char      **name,
                        gint64     *n)
{
  const char *dash = strrchr (id, '-');
  char *end = NULL;

  if (dash == NULL || dash == id || dash[1] == '\0' || !g_ascii_isdigit (dash[1]))
    return FALSE;
  *n = g_ascii_strtoll (dash + 1, &end, 10);
  if (*end != '\0' || *n < 0 || *n > G_MAXINT16)
    return FALSE;
  *name = g_strndup (id, (gsize) (dash - id));
  return TRUE;
}

/* A train id "4H-2": its def and copy number, as KolTrain records them. */
static int
train_index (KolEngine  *engine,
             const char *id)
{
  g_autofree char *name = NULL;
  gint64 copy;
  int def;

  if (!_kol_aj_split_numbered (id, &name, &copy))
    return -1;
  def = kol_title_train_by_id (engine->title, name);
  if (def < 0)
    return -1;
  for (int i = 0; i < engine->n_trains; i++)
    if (engine->trains[i].def == def && engine->trains[i].copy == copy)
      return i;
  return -1;
}

gboolean
_kol_aj_train_node (Ctx        *c,
                    JsonNode   *node,
                    const char *field,
                    gint16     *out)
{
  int train;

  if (!_kol_aj_node_is_string (node))
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, field, "%s", _("must be a string"));
  train = train_index (c->engine, json_node_get_string (node));
  if (train < 0)
    /* Translators: %s is a train id such as "4H-2". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("there is no train “%s” in this game"),
                         json_node_get_string (node));
  *out = (gint16) train;
  return TRUE;
}

gboolean
_kol_aj_train_field (Ctx        *c,
                     JsonObject *o,
                     const char *name,
                     gint16     *out)
{
  JsonNode *node = _kol_aj_member (o, name);

  if (node == NULL)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, "%s", _("is missing"));
  return _kol_aj_train_node (c, node, name, out);
}

/* The manifest tile of a copy id "57-3", and the copy number. */
int
_kol_aj_tile_def_of_copy_id (const KolTitle *t,
                             const char     *id,
                             gint64         *n)
{
  g_autofree char *name = NULL;
  int def;

  if (!_kol_aj_split_numbered (id, &name, n))
    return -1;
  def = kol_title_tile_by_id (t, name);
  if (def < 0 || t->tiles[def].preprinted)
    return -1;
  return def;
}

/* A tile copy id "57-3": the copy index in the title's copy table, or -1
 * when the tile or that copy does not exist. */
int
_kol_aj_tile_copy_index (const KolTitle *t,
                         const char     *id)
{
  gint64 n;
  int def = _kol_aj_tile_def_of_copy_id (t, id, &n);
  int copy;

  if (def < 0)
    return -1;
  copy = t->tiles[def].first_copy + (int) n;
  if (copy < 0 || (guint) copy >= t->n_tile_copies || t->copy_tile[copy] != def ||
      t->copy_number[copy] != n)
    return -1;
  return copy;
}

/* Where a title has fewer copies of a tile than 18xx.games (1849's 655 and
 * 656, whose earthquake-removed copy goes back to the supply here), a copy
 * number we lack stands for any copy of that tile: the first one in the
 * supply when laying it. */
int
_kol_aj_spare_copy (KolEngine *engine,
                    int        def)
{
  const KolTitle *t = engine->title;

  for (guint c = (guint) MAX (t->tiles[def].first_copy, 0); c < t->n_tile_copies && t->copy_tile[c] == def; c++)
    if (engine->copy_hex[c] < 0)
      return (int) c;
  return -1;
}

/* …and the one hex that tile lies on, when naming a city on it. */
static int
hex_of_tile (KolEngine *engine,
             int        def,
             int       *n_found)
{
  int hex = -1;

  *n_found = 0;
  for (guint h = 0; h < engine->title->n_hexes; h++)
    if (engine->hexes[h].tile == def && engine->hexes[h].copy >= 0)
      {
        hex = (int) h;
        (*n_found)++;
      }
  return hex;
}

/* The hex a tile id ("57-3" or the preprinted "K9-0") lies on now. */
static gboolean
tile_on_board (Ctx        *c,
               const char *field,
               const char *tile_id,
               gint16     *hex_out)
{
  const KolTitle *t = c->engine->title;
  g_autofree char *name = NULL;
  gint64 n;
  int copy = _kol_aj_tile_copy_index (t, tile_id);
  int def = _kol_aj_tile_def_of_copy_id (t, tile_id, &n);
  int hex, n_found;

  if (copy < 0 && def >= 0)
    {
      hex = hex_of_tile (c->engine, def, &n_found);
      if (n_found == 1)
        {
          *hex_out = (gint16) hex;
          return TRUE;
        }
      if (n_found > 1)
        /* Translators: %s is a tile id such as "655-1". */
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field,
                             _("tile “%s” cannot be told apart from the other copies on the map"), tile_id);
    }
  if (copy >= 0)
    {
      hex = c->engine->copy_hex[copy];
      if (hex < 0)
        /* Translators: %s is a tile id such as "57-3". */
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("tile “%s” is not on the map"), tile_id);
      *hex_out = (gint16) hex;
      return TRUE;
    }
  /* the preprinted tile of a hex is named after the hex, copy 0 */
  if (_kol_aj_split_numbered (tile_id, &name, &n) && n == 0 &&
      (hex = kol_title_hex_by_id (t, name)) >= 0)
    {
      if (c->engine->hexes[hex].copy >= 0)
        /* Translators: %s is a hex id such as "K9". */
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field,
                             _("the preprinted tile of hex %s has been replaced"), name);
      *hex_out = (gint16) hex;
      return TRUE;
    }
  /* Translators: %s is a tile id such as "57-3". */
  return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, field, _("there is no tile “%s”"), tile_id);
}

const KolTileDef *
_kol_aj_tile_of_hex (KolEngine *engine,
                     int        hex)
{
  int tile = engine->hexes[hex].tile;

  if (tile < 0 || (guint) tile >= engine->title->n_tiles)
    return NULL;
  return &engine->title->tiles[tile];
}

/* The node of the tile on @hex whose 18xx.games part index is @part. */
int
_kol_aj_node_by_part (KolEngine *engine,
                      int        hex,
                      gint64     part)
{
  const KolTileDef *tile = _kol_aj_tile_of_hex (engine, hex);

  for (int i = 0; tile && i < tile->n_nodes; i++)
    if (tile->nodes[i].part == part)
      return i;
  return -1;
}

/* A city id "57-3-0" / "K9-0-0": the hex the tile lies on and the city index
 * of the part. */
gboolean
_kol_aj_city_field (Ctx        *c,
                    JsonObject *o,
                    const char *name,
                    gint16     *hex_out,
                    gint8      *city_out)
{
  g_autofree char *tile_id = NULL;
  const KolTileDef *tile;
  const char *id;
  gint64 part;
  int node;

  if (!_kol_aj_get_string (c, o, name, TRUE, &id))
    return FALSE;
  if (!_kol_aj_split_numbered (id, &tile_id, &part))
    /* Translators: %s is what the file has instead of a city id such as "57-3-0". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, name, _("“%s” is not a city id"), id);
  if (!tile_on_board (c, name, tile_id, hex_out))
    return FALSE;
  node = _kol_aj_node_by_part (c->engine, *hex_out, part);
  tile = _kol_aj_tile_of_hex (c->engine, *hex_out);
  if (node < 0 || tile->nodes[node].kind != KOL_NODE_CITY)
    /* Translators: %s is a city id such as "57-3-0". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, name, _("there is no city “%s” on the map"), id);
  *city_out = tile->nodes[node].city_index;
  return TRUE;
}

gboolean
_kol_aj_slot_field (Ctx        *c,
                    JsonObject *o,
                    gint8      *out)
{
  gint64 slot = 0;

  if (!_kol_aj_get_int (c, o, "slot", FALSE, 0, KOL_MAX_HEX_SLOTS - 1, &slot))
    return FALSE;
  *out = (gint8) slot;
  return TRUE;
}

/* ---------------------------------------------------------------- entity */

static gboolean
entity_by_string (Ctx        *c,
                  const char *type,
                  const char *id,
                  KolEntity  *out)
{
  const KolTitle *t = c->engine->title;
  int index;

  if (type == NULL || g_str_equal (type, "corporation") || g_str_equal (type, "minor"))
    {
      if ((index = kol_title_corp_by_id (t, id)) >= 0)
        {
          *out = kol_entity (KOL_ENTITY_CORP, index);
          return TRUE;
        }
      if (type != NULL)
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "entity", _("there is no corporation “%s”"), id);
    }
  if (type == NULL || g_str_equal (type, "company"))
    {
      if ((index = company_by_id (t, id)) >= 0)
        {
          *out = kol_entity (KOL_ENTITY_COMPANY, index);
          return TRUE;
        }
      return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "entity", _("there is no private company “%s”"), id);
    }
  /* Translators: %s is the entity_type of an action, e.g. "bank". */
  return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "entity_type", _("“%s” cannot act"), type);
}

gboolean
_kol_aj_parse_entity (Ctx        *c,
                      JsonObject *o,
                      KolEntity  *out)
{
  JsonNode *node = _kol_aj_member (o, "entity");
  const char *type;
  gint64 id;
  int player;

  if (!_kol_aj_get_string (c, o, "entity_type", FALSE, &type))
    return FALSE;
  if (node == NULL)
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "entity", "%s", _("is missing"));
  if (_kol_aj_node_is_string (node) && g_strcmp0 (type, "player") == 0)
    {
      /* some hotseat records write player ids as strings */
      if (!g_ascii_string_to_signed (json_node_get_string (node), 10, G_MININT, G_MAXINT, &id, NULL))
        /* Translators: %s is what the file has instead of a player id. */
        return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "entity", _("“%s” is not a player id"),
                             json_node_get_string (node));
    }
  else if (_kol_aj_node_is_string (node))
    return entity_by_string (c, type, json_node_get_string (node), out);
  else if (!_kol_aj_int_node (c, node, "entity", G_MININT, G_MAXINT, &id))
    return FALSE;
  if (type != NULL && !g_str_equal (type, "player"))
    /* Translators: %s is the entity_type of an action as the file has it,
     * e.g. "corporation". */
    return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_INVALID, "entity",
                         _("a number is a player id, but the “entity_type” is “%s”"), type);
  player = player_by_id (c->engine, id);
  if (player < 0)
    {
      g_autofree char *id_str = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      /* Translators: %s is a player id, a number. */
      return _kol_aj_fail (c, KOL_ACTION_JSON_ERROR_UNKNOWN_ID, "entity", _("there is no player with id %s"), id_str);
    }
  *out = kol_entity (KOL_ENTITY_PLAYER, player);
  return TRUE;
}

/* ------------------------------------------------------------------ ids */

/**
 * kol_action_json_entity_id:
 * @entity_type: (out) (optional): "player", "corporation" or "company"
 *
 * Returns: (transfer full) (nullable): the 18xx.games id of @entity as a
 *   string (players' ids in decimal), or %NULL for the bank and the pool.
 */
char *
kol_action_json_entity_id (KolEngine   *engine,
                           KolEntity    entity,
                           const char **entity_type)
{
  const char *type = NULL;
  char *id = NULL;

  switch (entity.kind)
    {
    case KOL_ENTITY_PLAYER:
      type = "player";
      id = g_strdup_printf ("%d", engine->players[entity.index].id);
      break;
    case KOL_ENTITY_CORP:
      type = "corporation";
      id = g_strdup (engine->title->corps[entity.index].id);
      break;
    case KOL_ENTITY_COMPANY:
      type = "company";
      id = g_strdup (engine->title->companies[entity.index].id);
      break;
    default:
      break;
    }
  if (entity_type)
    *entity_type = type;
  return id;
}

/**
 * kol_action_json_entity_node:
 *
 * Returns: (transfer full): @entity as 18xx.games writes it: a player's id
 *   as an integer, others as their string id; null for none.
 */
JsonNode *
kol_action_json_entity_node (KolEngine *engine,
                             KolEntity  entity)
{
  g_autofree char *id = NULL;

  if (entity.kind == KOL_ENTITY_PLAYER)
    return json_node_init_int (json_node_alloc (), engine->players[entity.index].id);
  id = kol_action_json_entity_id (engine, entity, NULL);
  if (id == NULL)
    return json_node_init_null (json_node_alloc ());
  return json_node_init_string (json_node_alloc (), id);
}

/**
 * kol_action_json_tile_id:
 *
 * Returns: (transfer full): the 18xx.games id of the tile on @hex: "57-3"
 *   for a laid copy, "<hex>-0" for the preprinted tile.
 */
char *
kol_action_json_tile_id (KolEngine *engine,
                         int        hex)
{
  const KolHexState *hs = &engine->hexes[hex];
  const KolTitle *t = engine->title;

  if (hs->copy >= 0)
    return g_strdup_printf ("%s-%d", t->tiles[t->copy_tile[hs->copy]].id, t->copy_number[hs->copy]);
  return g_strdup_printf ("%s-0", t->hexes[hex].id);
}

/**
 * kol_action_json_city_id:
 *
 * Returns: (transfer full): the 18xx.games id of city @city (index among
 *   the cities of the tile on @hex): "<tile id>-<part index>".
 */
char *
kol_action_json_city_id (KolEngine *engine,
                         int        hex,
                         int        city)
{
  const KolTileDef *tile = _kol_aj_tile_of_hex (engine, hex);
  g_autofree char *tile_id = kol_action_json_tile_id (engine, hex);
  int node = tile ? kol_tile_city_node (tile, city) : -1;

  return g_strdup_printf ("%s-%d", tile_id, node >= 0 ? tile->nodes[node].part : city);
}
