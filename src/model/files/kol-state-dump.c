/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-action-json.h"
#include "kol-state-dump.h"
#include "kol-engine-round.h"
#include "kol-engine-market.h"

/* ------------------------------------------------------------------ dump */

static int
corp_price (const KolEngine *engine,
            int              corp)
{
  const KolCorp *c = &engine->corps[corp];

  if (c->price_row < 0 || c->price_col < 0 ||
      c->price_row >= KOL_MAX_MARKET_ROWS || c->price_col >= KOL_MAX_MARKET_COLS)
    return -1;
  return engine->title->market.cells[c->price_row][c->price_col].price;
}

/* The player at the top of @owner's chain of owners (a line's major's
 * president), or -1. */
static int
owning_player (KolEngine *engine,
               KolEntity  owner)
{
  for (int depth = 0; depth < 4; depth++)
    {
      if (owner.kind == KOL_ENTITY_PLAYER)
        return owner.index;
      if (owner.kind != KOL_ENTITY_CORP || owner.index < 0 || owner.index >= engine->n_corps)
        return -1;
      owner = engine->corps[owner.index].owner;
    }
  return -1;
}

static void
add_active (KolEngine  *engine,
            JsonObject *o)
{
  KolEntity active[KOL_MAX_ROUND_ENTITIES];
  int n = kol_engine_active_entities (engine, active, G_N_ELEMENTS (active));
  JsonArray *list = json_array_new ();

  /* a game ended by a player (end_game) keeps its round: 18xx.games still
   * names the entities its active step waits for */
  if (engine->finished)
    {
      KolStep *step = kol_round_active_step (engine);

      n = step ? kol_step_active_entities (engine, step, active, G_N_ELEMENTS (active)) : 0;
    }

  for (int i = 0; i < n; i++)
    json_array_add_element (list, kol_action_json_entity_node (engine, active[i]));
  json_object_set_array_member (o, "active", list);
}

static JsonArray *
companies_of (KolEngine *engine,
              KolEntity  owner)
{
  gint16 ids[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, owner, ids, G_N_ELEMENTS (ids));
  JsonArray *list = json_array_new ();

  for (int i = 0; i < n; i++)
    json_array_add_string_element (list, engine->title->companies[ids[i]].id);
  return list;
}

static JsonNode *
dump_player (KolEngine *engine,
             int        i)
{
  const KolPlayer *p = &engine->players[i];
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, i);
  g_autoptr(JsonObject) o = json_object_new ();
  JsonObject *shares = json_object_new ();

  json_object_set_int_member (o, "id", p->id);
  json_object_set_int_member (o, "cash", p->cash);
  for (int c = 0; c < engine->n_corps; c++)
    {
      int percent = kol_engine_percent_of (engine, me, c);

      if (percent != 0)
        json_object_set_int_member (shares, engine->title->corps[c].id, percent);
    }
  json_object_set_object_member (o, "shares", shares);
  json_object_set_array_member (o, "companies", companies_of (engine, me));
  if (p->bankrupt)
    json_object_set_boolean_member (o, "bankrupt", TRUE);
  if (p->debt)
    json_object_set_int_member (o, "debt", p->debt);
  return json_node_init_object (json_node_alloc (), o);
}

static void
add_trains (KolEngine  *engine,
            JsonObject *o,
            int         corp)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, G_N_ELEMENTS (trains));
  JsonArray *names = json_array_new ();
  JsonArray *ids = json_array_new ();

  for (int i = 0; i < n; i++)
    {
      g_autofree char *id = kol_engine_train_id (engine, trains[i]);

      json_array_add_string_element (names, kol_engine_train_name (engine, trains[i]));
      json_array_add_string_element (ids, id);
    }
  json_object_set_array_member (o, "trains", names);
  json_object_set_array_member (o, "train_ids", ids);
}

static JsonNode *
dump_corp (KolEngine *engine,
           int        c)
{
  const KolCorp *corp = &engine->corps[c];
  KolEntity me = kol_entity (KOL_ENTITY_CORP, c);
  g_autoptr(JsonObject) o = json_object_new ();
  JsonArray *tokens = json_array_new ();
  int price = corp_price (engine, c);
  int president = owning_player (engine, corp->owner);

  json_object_set_string_member (o, "id", engine->title->corps[c].id);
  json_object_set_int_member (o, "cash", corp->cash);
  if (price >= 0)
    json_object_set_int_member (o, "price", price);
  else
    json_object_set_null_member (o, "price");
  add_trains (engine, o, c);
  for (int i = 0; i < corp->n_tokens; i++)
    if (corp->tokens[i].hex >= 0 && (guint) corp->tokens[i].hex < engine->title->n_hexes)
      json_array_add_string_element (tokens, engine->title->hexes[corp->tokens[i].hex].id);
  json_object_set_array_member (o, "tokens", tokens);
  json_object_set_boolean_member (o, "floated", corp->floated);
  if (president >= 0)
    json_object_set_int_member (o, "president", engine->players[president].id);
  json_object_set_int_member (o, "ipo", kol_engine_percent_of (engine, me, c));
  json_object_set_int_member (o, "market", kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_POOL, 0), c));
  if (corp->closed)
    json_object_set_boolean_member (o, "closed", TRUE);
  json_object_set_array_member (o, "companies", companies_of (engine, me));
  if (corp->loans)
    json_object_set_int_member (o, "loans", corp->loans);
  return json_node_init_object (json_node_alloc (), o);
}

static const char *
tile_name (KolEngine *engine,
           int        hex)
{
  int tile = engine->hexes[hex].tile;

  if (tile < 0 || (guint) tile >= engine->title->n_tiles)
    return engine->title->hexes[hex].id;
  return engine->title->tiles[tile].id;
}

static JsonArray *
dump_tiles (KolEngine *engine)
{
  JsonArray *tiles = json_array_new ();

  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      JsonObject *t = json_object_new ();

      json_object_set_string_member (t, "hex", engine->title->hexes[h].id);
      json_object_set_string_member (t, "tile", tile_name (engine, (int) h));
      json_object_set_int_member (t, "rot", engine->hexes[h].rotation);
      json_array_add_object_element (tiles, t);
    }
  return tiles;
}

/**
 * kol_state_dump:
 * @engine: a game
 * @flags: what to include
 *
 * Returns: (transfer full): the state as an object with the fields of the
 *   oracle dumps: round, round_num, turn, phase, active, bank, depot_next,
 *   finished, players, corporations (the game's list, removed ones left
 *   out) and, with %KOL_STATE_DUMP_TILES, tiles.
 */
JsonNode *
kol_state_dump (KolEngine         *engine,
                KolStateDumpFlags  flags)
{
  g_autoptr(JsonObject) o = json_object_new ();
  JsonArray *players = json_array_new ();
  JsonArray *corps = json_array_new ();
  gint16 depot[KOL_MAX_TRAINS];
  int n_depot = kol_engine_depot_upcoming (engine, depot, G_N_ELEMENTS (depot));

  json_object_set_string_member (o, "round", kol_engine_round_name (engine));
  json_object_set_int_member (o, "round_num", engine->round.round_num);
  json_object_set_int_member (o, "turn", engine->turn);
  if (engine->phase >= 0 && (guint) engine->phase < engine->title->n_phases)
    json_object_set_string_member (o, "phase", engine->title->phases[engine->phase].name);
  add_active (engine, o);
  json_object_set_int_member (o, "bank", engine->bank);
  if (n_depot > 0)
    json_object_set_string_member (o, "depot_next", kol_engine_train_name (engine, depot[0]));
  if (engine->finished)
    json_object_set_boolean_member (o, "finished", TRUE);
  /* in the order of play (rotated for the priority deal), as the oracle
   * dumps list them */
  for (int i = 0; i < engine->n_players; i++)
    json_array_add_element (players, dump_player (engine, engine->player_order[i]));
  json_object_set_array_member (o, "players", players);
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (c >= 0 && c < engine->n_corps && !engine->corps[c].removed)
        json_array_add_element (corps, dump_corp (engine, c));
    }
  json_object_set_array_member (o, "corporations", corps);
  if (flags & KOL_STATE_DUMP_TILES)
    json_object_set_array_member (o, "tiles", dump_tiles (engine));
  return json_node_init_object (json_node_alloc (), o);
}

/* ------------------------------------------------------------- compare */

/* Fields are compared as canonical JSON text: absent, null, 0, "", false
 * and [] all mean "none", as the oracle leaves such keys out. */
typedef enum
{
  CANON_INT,
  CANON_INT_OR_NULL,
  CANON_STRING,
  CANON_BOOL,
  CANON_LIST,          /* ordered */
  CANON_SET,           /* sorted */
  CANON_MAP,           /* {key: int}, sorted by key, zeros dropped */
  CANON_ID_SET,        /* ints or strings, as strings, sorted */
} CanonKind;

static char *
scalar_text (JsonNode *n)
{
  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return g_strdup ("null");
  if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (n));
  return json_to_string (n, FALSE);
}

static int
compare_strs (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static char *
list_text (JsonNode *n,
           gboolean  sorted)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new ("[");

  if (n && JSON_NODE_HOLDS_ARRAY (n))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (n)); i++)
      g_ptr_array_add (items, scalar_text (json_array_get_element (json_node_get_array (n), i)));
  if (sorted)
    g_ptr_array_sort (items, compare_strs);
  for (guint i = 0; i < items->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (items, i));
  g_string_append_c (out, ']');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
map_text (JsonNode *n,
          gboolean  drop_zeros)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new ("{");

  if (n && JSON_NODE_HOLDS_OBJECT (n))
    {
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      json_object_iter_init (&iter, json_node_get_object (n));
      while (json_object_iter_next (&iter, &key, &value))
        {
          g_autofree char *v = scalar_text (value);

          if (!drop_zeros || !g_str_equal (v, "0"))
            g_ptr_array_add (items, g_strdup_printf ("%s: %s", key, v));
        }
    }
  g_ptr_array_sort (items, compare_strs);
  for (guint i = 0; i < items->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (items, i));
  g_string_append_c (out, '}');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
canon (JsonObject *o,
       const char *key,
       CanonKind   kind)
{
  JsonNode *n = o ? json_object_get_member (o, key) : NULL;

  if (n && JSON_NODE_HOLDS_NULL (n))
    n = NULL;
  switch (kind)
    {
    case CANON_INT:
      return n ? scalar_text (n) : g_strdup ("0");
    case CANON_INT_OR_NULL:
      return scalar_text (n);
    case CANON_STRING:
      return n ? scalar_text (n) : g_strdup ("");
    case CANON_BOOL:
      return g_strdup (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_boolean (n) ? "true" : "false");
    case CANON_LIST:
      return list_text (n, FALSE);
    case CANON_SET:
    case CANON_ID_SET:
      return list_text (n, TRUE);
    case CANON_MAP:
      return map_text (n, TRUE);
    default:
      return g_strdup ("");
    }
}

typedef struct
{
  KolStateMismatch *first;
  GString          *others;
  guint             n_others;
} Diff;

/* More differences than this in one line are counted, not listed. */
#define MAX_LISTED 6

static void
note (Diff       *d,
      const char *field,
      const char *expected,
      const char *actual)
{
  if (d->first->field == NULL)
    {
      d->first->field = g_strdup (field);
      d->first->expected = g_strdup (expected);
      d->first->actual = g_strdup (actual);
      return;
    }
  if (d->n_others++ < MAX_LISTED)
    g_string_append_printf (d->others, "; %s: expected %s, got %s", field, expected, actual);
}

static void
check (Diff       *d,
       const char *prefix,
       JsonObject *expected,
       JsonObject *actual,
       const char *key,
       CanonKind   kind)
{
  g_autofree char *e = canon (expected, key, kind);
  g_autofree char *a = canon (actual, key, kind);

  if (!g_str_equal (e, a))
    {
      g_autofree char *field = g_strdup_printf ("%s%s%s", prefix, *prefix ? "." : "", key);

      note (d, field, e, a);
    }
}

static JsonObject *
find_by_id (JsonArray  *list,
            const char *id)
{
  for (guint i = 0; list && i < json_array_get_length (list); i++)
    {
      JsonNode *item = json_array_get_element (list, i);
      g_autofree char *item_id = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (item))
        continue;
      item_id = scalar_text (json_object_get_member (json_node_get_object (item), "id"));
      if (g_str_equal (item_id, id))
        return json_node_get_object (item);
    }
  return NULL;
}

static JsonArray *
array_member (JsonObject *o,
              const char *key)
{
  JsonNode *n = o ? json_object_get_member (o, key) : NULL;

  return n && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static void
compare_list (Diff              *d,
              JsonObject        *expected,
              JsonObject        *actual,
              const char        *list_key,
              const char *const *keys,
              const CanonKind   *kinds)
{
  JsonArray *exp_list = array_member (expected, list_key);
  JsonArray *act_list = array_member (actual, list_key);
  g_autoptr(GPtrArray) exp_ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) act_ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) e = g_string_new (NULL);
  g_autoptr(GString) a = g_string_new (NULL);

  for (guint i = 0; exp_list && i < json_array_get_length (exp_list); i++)
    {
      JsonNode *item = json_array_get_element (exp_list, i);

      if (JSON_NODE_HOLDS_OBJECT (item))
        g_ptr_array_add (exp_ids, scalar_text (json_object_get_member (json_node_get_object (item), "id")));
    }
  for (guint i = 0; act_list && i < json_array_get_length (act_list); i++)
    {
      JsonNode *item = json_array_get_element (act_list, i);

      if (JSON_NODE_HOLDS_OBJECT (item))
        g_ptr_array_add (act_ids, scalar_text (json_object_get_member (json_node_get_object (item), "id")));
    }
  for (guint i = 0; i < exp_ids->len; i++)
    g_string_append_printf (e, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (exp_ids, i));
  for (guint i = 0; i < act_ids->len; i++)
    g_string_append_printf (a, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (act_ids, i));
  if (!g_str_equal (e->str, a->str))
    note (d, list_key, e->str, a->str);

  for (guint i = 0; i < exp_ids->len; i++)
    {
      const char *id = g_ptr_array_index (exp_ids, i);
      JsonObject *exp_item = find_by_id (exp_list, id);
      JsonObject *act_item = find_by_id (act_list, id);
      g_autofree char *prefix = g_strdup_printf ("%s[%s]", list_key, id);

      if (act_item == NULL)
        continue;
      for (int k = 0; keys[k] != NULL; k++)
        check (d, prefix, exp_item, act_item, keys[k], kinds[k]);
    }
}

static const char *const player_keys[] = { "cash", "shares", "companies", "debt", "bankrupt", NULL };
static const CanonKind player_kinds[] = { CANON_INT, CANON_MAP, CANON_SET, CANON_INT, CANON_BOOL };
static const char *const corp_keys[] = {
  "cash", "price", "trains", "train_ids", "tokens", "floated", "president", "ipo", "market",
  "closed", "companies", "loans", NULL
};
static const CanonKind corp_kinds[] = {
  CANON_INT, CANON_INT_OR_NULL, CANON_LIST, CANON_LIST, CANON_SET, CANON_BOOL, CANON_INT_OR_NULL,
  CANON_INT, CANON_INT, CANON_BOOL, CANON_SET, CANON_INT
};

/**
 * kol_state_compare:
 * @expected: an oracle line (or a dump)
 * @actual: a dump of our state
 * @mismatch: (out caller-allocates): the first difference, with the other
 *   differing fields of the same line appended to its @actual as
 *   "; field: expected …, got …" (clear it with kol_state_mismatch_clear())
 *
 * Compares the fields Koleya models: players (cash, shares, companies, debt,
 * bankrupt, matched by id), corporations (the list in order, then cash,
 * price, trains, train ids, tokens, floated, president, IPO and market
 * percent, closed, companies, loans), bank, depot_next, phase, round,
 * active entities and finished. Not the tiles: see
 * kol_state_compare_tiles().
 *
 * Returns: %TRUE if they agree.
 */
gboolean
kol_state_compare (JsonNode         *expected,
                   JsonNode         *actual,
                   KolStateMismatch *mismatch)
{
  JsonObject *e = JSON_NODE_HOLDS_OBJECT (expected) ? json_node_get_object (expected) : NULL;
  JsonObject *a = JSON_NODE_HOLDS_OBJECT (actual) ? json_node_get_object (actual) : NULL;
  g_autoptr(GString) others = g_string_new (NULL);
  Diff d = { mismatch, others, 0 };

  memset (mismatch, 0, sizeof *mismatch);
  compare_list (&d, e, a, "players", player_keys, player_kinds);
  compare_list (&d, e, a, "corporations", corp_keys, corp_kinds);
  check (&d, "", e, a, "bank", CANON_INT);
  check (&d, "", e, a, "depot_next", CANON_STRING);
  check (&d, "", e, a, "phase", CANON_STRING);
  check (&d, "", e, a, "round", CANON_STRING);
  check (&d, "", e, a, "active", CANON_ID_SET);
  check (&d, "", e, a, "finished", CANON_BOOL);
  if (d.n_others > MAX_LISTED)
    g_string_append_printf (others, "; and %u more", d.n_others - MAX_LISTED);
  if (mismatch->field && others->len > 0)
    {
      char *joined = g_strconcat (mismatch->actual, others->str, NULL);

      g_free (mismatch->actual);
      mismatch->actual = joined;
    }
  return mismatch->field == NULL;
}

/**
 * kol_state_update_tiles:
 * @tiles: hex id → "tile/rotation"
 * @line: an oracle line: its `tiles`, if any, replace those hexes
 */
void
kol_state_update_tiles (GHashTable *tiles,
                        JsonNode   *line)
{
  JsonArray *list = JSON_NODE_HOLDS_OBJECT (line) ? array_member (json_node_get_object (line), "tiles") : NULL;

  for (guint i = 0; list && i < json_array_get_length (list); i++)
    {
      JsonNode *item = json_array_get_element (list, i);
      JsonObject *t;
      g_autofree char *hex = NULL, *tile = NULL, *rot = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (item))
        continue;
      t = json_node_get_object (item);
      hex = scalar_text (json_object_get_member (t, "hex"));
      tile = scalar_text (json_object_get_member (t, "tile"));
      rot = scalar_text (json_object_get_member (t, "rot"));
      g_hash_table_insert (tiles, g_steal_pointer (&hex), g_strdup_printf ("%s/%s", tile, rot));
    }
}

/**
 * kol_state_compare_tiles:
 * @expected: hex id → "tile/rotation" (kol_state_update_tiles())
 * @actual: a dump made with %KOL_STATE_DUMP_TILES
 * @mismatch: (out caller-allocates): the first hex that differs
 *
 * Returns: %TRUE if every hex carries the expected tile and rotation and
 *   the maps have the same hexes.
 */
gboolean
kol_state_compare_tiles (GHashTable       *expected,
                         JsonNode         *actual,
                         KolStateMismatch *mismatch)
{
  g_autoptr(GHashTable) ours = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;

  memset (mismatch, 0, sizeof *mismatch);
  kol_state_update_tiles (ours, actual);
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *mine = g_hash_table_lookup (ours, key);

      if (g_strcmp0 (mine, value) != 0)
        {
          mismatch->field = g_strdup_printf ("tiles[%s]", (char *) key);
          mismatch->expected = g_strdup (value);
          mismatch->actual = g_strdup (mine ? mine : "(no such hex)");
          return FALSE;
        }
    }
  g_hash_table_iter_init (&iter, ours);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (expected, key))
      {
        mismatch->field = g_strdup_printf ("tiles[%s]", (char *) key);
        mismatch->expected = g_strdup ("(no such hex)");
        mismatch->actual = g_strdup (value);
        return FALSE;
      }
  return TRUE;
}

/**
 * kol_state_mismatch_clear:
 *
 * Frees the strings of @mismatch.
 */
void
kol_state_mismatch_clear (KolStateMismatch *mismatch)
{
  g_clear_pointer (&mismatch->field, g_free);
  g_clear_pointer (&mismatch->expected, g_free);
  g_clear_pointer (&mismatch->actual, g_free);
}

/* ------------------------------------------------------------------ score */

/**
 * kol_state_player_value:
 *
 * The final value of a player: the title module's, or else cash, the
 * market value of shares of corporations with a price and the value of
 * private companies (what the reference dumps compare).
 *
 * Returns: the value.
 */
int
kol_state_player_value (const KolEngine *engine,
                        int              player)
{
  return kol_engine_player_value (engine, player);
}

/**
 * kol_state_result:
 *
 * Returns: (transfer full): `{"<player id>": value}` for every player.
 */
JsonNode *
kol_state_result (KolEngine *engine)
{
  g_autoptr(JsonObject) o = json_object_new ();

  for (int i = 0; i < engine->n_players; i++)
    {
      g_autofree char *id = g_strdup_printf ("%d", engine->players[i].id);

      json_object_set_int_member (o, id, kol_state_player_value (engine, i));
    }
  return json_node_init_object (json_node_alloc (), o);
}

/**
 * kol_state_compare_result:
 * @expected: a result map of a record
 * @actual: kol_state_result()
 * @mismatch: (out caller-allocates): the difference
 *
 * Returns: %TRUE if both maps have the same keys and values (order aside).
 */
gboolean
kol_state_compare_result (JsonNode         *expected,
                          JsonNode         *actual,
                          KolStateMismatch *mismatch)
{
  g_autofree char *e = map_text (expected, FALSE);
  g_autofree char *a = map_text (actual, FALSE);

  memset (mismatch, 0, sizeof *mismatch);
  if (g_str_equal (e, a))
    return TRUE;
  mismatch->field = g_strdup ("result");
  mismatch->expected = g_steal_pointer (&e);
  mismatch->actual = g_steal_pointer (&a);
  return FALSE;
}
