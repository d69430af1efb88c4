/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "kol-action-json.h"
#include "kol-record-import.h"
#include "kol-test-game.h"
#include "kol-test-oracle.h"

/*
 * The 18xx.games action vocabulary (every action type those games use;
 * 18xx-games-format.md §1.3–1.4): every action of the shared records
 * is read and written back unchanged, and broken or hostile actions are
 * refused with the action, its position and the field.
 */

/* ------------------------------------------------------ write-back equality */

static gboolean
is_default (JsonNode *n)
{
  if (JSON_NODE_HOLDS_NULL (n))
    return TRUE;
  if (JSON_NODE_HOLDS_ARRAY (n))
    return json_array_get_length (json_node_get_array (n)) == 0;
  if (JSON_NODE_HOLDS_OBJECT (n))
    return FALSE;
  switch (json_node_get_value_type (n))
    {
    case G_TYPE_INT64:
      return json_node_get_int (n) == 0;
    case G_TYPE_BOOLEAN:
      return !json_node_get_boolean (n);
    case G_TYPE_STRING:
      return json_node_get_string (n)[0] == '\0';
    default:
      return FALSE;
    }
}

static const KolTitle *current_title;

/* "655-1" and "655-0-0" name the same tile as "655-0…" when the title has
 * fewer copies than 18xx.games (see kol-action-json.c, spare_copy()). */
static gboolean
same_tile (const char *field,
           JsonNode   *orig,
           JsonNode   *ours)
{
  const char *a, *b, *dash_a, *dash_b;
  g_autofree char *def = NULL;
  int d;

  if (!g_str_equal (field, "tile") && !g_str_equal (field, "city"))
    return FALSE;
  a = json_node_get_string (orig);
  b = json_node_get_string (ours);
  dash_a = strchr (a, '-');
  dash_b = strchr (b, '-');
  if (dash_a == NULL || dash_b == NULL || dash_a - a != dash_b - b || strncmp (a, b, (gsize) (dash_a - a)) != 0)
    return FALSE;
  def = g_strndup (a, (gsize) (dash_a - a));
  d = kol_title_tile_by_id (current_title, def);
  /* the record's copy number is one the title does not have */
  return d >= 0 && atoi (dash_a + 1) >= current_title->tiles[d].count &&
         g_str_equal (strchr (dash_a + 1, '-') ? strchr (dash_a + 1, '-') : "",
                      strchr (dash_b + 1, '-') ? strchr (dash_b + 1, '-') : "");
}

/* Every member of @orig (but the legacy `skip`) is in @ours with the same
 * value; @ours may add members only with default values (18xx.games leaves
 * out what is nil, we write 0 and []). Returns the first difference. */
static char *
difference (JsonNode   *orig,
            JsonNode   *ours,
            const char *path)
{
  JsonObject *o = json_node_get_object (orig), *w = json_node_get_object (ours);
  JsonObjectIter iter;
  const char *name;
  JsonNode *value;

  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &name, &value))
    {
      JsonNode *mine = json_object_get_member (w, name);

      if (g_str_equal (name, "skip") || (mine == NULL && is_default (value)))
        continue;
      if (mine == NULL)
        return g_strdup_printf ("%s.%s is not written", path, name);
      if (g_str_equal (name, "auto_actions"))
        {
          JsonArray *a = json_node_get_array (value), *b = json_node_get_array (mine);

          if (json_array_get_length (a) != json_array_get_length (b))
            return g_strdup_printf ("%s.auto_actions: %u written instead of %u", path,
                                    json_array_get_length (b), json_array_get_length (a));
          for (guint i = 0; i < json_array_get_length (a); i++)
            {
              g_autofree char *sub = g_strdup_printf ("%s.auto_actions[%u]", path, i);
              char *diff = difference (json_array_get_element (a, i), json_array_get_element (b, i), sub);

              if (diff)
                return diff;
            }
          continue;
        }
      if (!json_node_equal (value, mine) && !same_tile (name, value, mine))
        {
          g_autofree char *e = json_to_string (value, FALSE);
          g_autofree char *g = json_to_string (mine, FALSE);

          return g_strdup_printf ("%s.%s: %s written as %s", path, name, e, g);
        }
    }
  json_object_iter_init (&iter, w);
  while (json_object_iter_next (&iter, &name, &value))
    if (!json_object_has_member (o, name) && !is_default (value))
      {
        g_autofree char *g = json_to_string (value, FALSE);

        return g_strdup_printf ("%s.%s: %s written but not in the record", path, name, g);
      }
  return NULL;
}

/* The board follows the reference engine's dump (the oracle's tile
 * changes after each action, earthquakes included), so that city and node
 * ids of later actions name tiles that are on the map; no rules involved.
 * A laid tile keeps the copy its action names. */
static void
follow_board (KolEngine       *engine,
              const KolAction *a,
              JsonNode        *line)
{
  JsonNode *tiles = json_object_get_member (json_node_get_object (line), "tiles");
  JsonArray *list = tiles && JSON_NODE_HOLDS_ARRAY (tiles) ? json_node_get_array (tiles) : NULL;
  const KolTitle *t = engine->title;

  for (guint i = 0; list && i < json_array_get_length (list); i++)
    {
      JsonObject *change = json_array_get_object_element (list, i);
      int hex = kol_title_hex_by_id (t, json_object_get_string_member (change, "hex"));
      const char *name = json_object_get_string_member (change, "tile");
      int def = kol_title_tile_by_id (t, name);
      KolHexState *hs;
      int copy = -1;

      g_assert_cmpint (hex, >=, 0);
      g_assert_cmpint (def, >=, 0);
      hs = &engine->hexes[hex];
      if (hs->copy >= 0)
        engine->copy_hex[hs->copy] = -1;
      if (!t->tiles[def].preprinted)
        {
          if (a->type == KOL_ACTION_LAY_TILE && a->hex == hex && t->copy_tile[a->tile_copy] == def)
            copy = a->tile_copy;
          for (guint c = (guint) t->tiles[def].first_copy; copy < 0 && c < t->n_tile_copies &&
               t->copy_tile[c] == def; c++)
            if (engine->copy_hex[c] < 0)
              copy = (int) c;
          g_assert_cmpint (copy, >=, 0);
          engine->copy_hex[copy] = (gint16) hex;
        }
      hs->tile = (gint16) def;
      hs->copy = (gint16) copy;
      hs->rotation = (guint8) json_object_get_int_member (change, "rot");
    }
}

typedef struct
{
  char *record;
  char *oracle;
} Paths;

static void
test_fixture_round_trip (gconstpointer data)
{
  const Paths *paths = data;
  g_autoptr(GFile) file = g_file_new_for_path (paths->record);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) record = kol_record_load (file, &error);
  g_autoptr(GPtrArray) oracle = kol_oracle_read_lines (paths->oracle, &error);
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(KolEngine) engine = NULL;
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  GDestroyNotify title_free = NULL;
  guint n_auto = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < record->options->len; i++)
    g_ptr_array_add (options, g_ptr_array_index (record->options, i));
  g_ptr_array_add (options, NULL);
  title = kol_save_file_load_title (record->title_id, record->n_players,
                                    (const char * const *) options->pdata, NULL, &title_free, &error);
  g_assert_no_error (error);
  engine = kol_engine_new (title, record->n_players, record->player_ids, (const char **) record->player_names,
                    0, &error);
  g_assert_no_error (error);
  current_title = title;

  for (guint k = 0; k < record->kept->len; k++)
    {
      const KolRecordAction *ra = &g_array_index (record->kept, KolRecordAction, k);
      g_autofree char *where = g_strdup_printf ("$.actions[%u]", ra->index);
      g_autoptr(KolAction) a = kol_action_from_json (engine, ra->node, where, KOL_ACTION_JSON_NONE, NULL, &error);
      g_autoptr(JsonNode) back = NULL;
      g_autofree char *diff = NULL;

      g_assert_no_error (error);
      back = kol_action_to_json (engine, a);
      diff = difference (ra->node, back, where);
      if (diff)
        g_test_message ("%s", diff);
      g_assert_null (diff);
      n_auto += a->auto_actions ? a->auto_actions->len : 0;
      g_assert_cmpuint (k + 1, <, oracle->len);
      follow_board (engine, a, g_ptr_array_index (oracle, k + 1));
    }
  g_test_message ("%u actions and %u auto actions read and written back", record->kept->len, n_auto);
}

/* ------------------------------------------------------------------ hostile */

typedef struct
{
  const char *json;
  int         code;        /* -1: accepted */
  const char *field;       /* the error path's end, after "$.actions[7]" */
  const char *in_message;
} BadCase;

static const BadCase bad_cases[] = {
  { "{\"type\":\"bid\",\"entity\":11,\"entity_type\":\"player\",\"id\":5,\"company\":\"SCE\",\"price\":20}",
    -1, NULL, NULL },
  { "{\"type\":\"nope\",\"entity\":11,\"id\":5}", KOL_ACTION_JSON_ERROR_UNSUPPORTED, ".type", "Action 5, field" },
  { "{\"type\":\"undo\",\"entity\":11}", KOL_ACTION_JSON_ERROR_UNSUPPORTED, ".type", "undo" },
  { "{\"entity\":11}", KOL_ACTION_JSON_ERROR_INVALID, ".type", "missing" },
  { "{\"type\":\"pass\"}", KOL_ACTION_JSON_ERROR_INVALID, ".entity", "missing" },
  { "{\"type\":\"pass\",\"entity\":99}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".entity", "99" },
  { "{\"type\":\"pass\",\"entity\":\"ZZZ\",\"entity_type\":\"corporation\"}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".entity", "ZZZ" },
  { "{\"type\":\"pass\",\"entity\":\"ATA\",\"entity_type\":\"bank\"}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".entity_type", "bank" },
  { "{\"type\":\"pass\",\"entity\":11,\"entity_type\":\"corporation\"}", KOL_ACTION_JSON_ERROR_INVALID,
    ".entity", "player id" },
  { "{\"type\":\"pass\",\"entity\":1e30}", KOL_ACTION_JSON_ERROR_INVALID, ".entity", "integer" },
  { "{\"type\":\"pass\",\"entity\":9223372036854775807}", KOL_ACTION_JSON_ERROR_INVALID, ".entity", "range" },
  { "{\"type\":\"pass\",\"entity\":11,\"id\":-4}", KOL_ACTION_JSON_ERROR_INVALID, ".id", "range" },
  { "{\"type\":\"pass\",\"entity\":11,\"id\":\"7\"}", KOL_ACTION_JSON_ERROR_INVALID, ".id", "integer" },
  { "{\"type\":\"pass\",\"entity\":[11]}", KOL_ACTION_JSON_ERROR_INVALID, ".entity", "integer" },
  { "{\"type\":\"bid\",\"entity\":11,\"company\":\"XX\",\"price\":20}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".company", "XX" },
  { "{\"type\":\"bid\",\"entity\":11,\"company\":\"SCE\"}", KOL_ACTION_JSON_ERROR_INVALID, ".price", "missing" },
  { "{\"type\":\"bid\",\"entity\":11,\"company\":\"SCE\",\"price\":4000000000}", KOL_ACTION_JSON_ERROR_INVALID,
    ".price", "range" },
  { "{\"type\":\"buy_shares\",\"entity\":11,\"shares\":[\"ATA_1\",\"ATA_2\",\"ATA_3\",\"ATA_4\",\"ATA_5\","
    "\"ATA_6\",\"ATA_7\",\"AFG_1\",\"AFG_2\"],\"percent\":90}", KOL_ACTION_JSON_ERROR_INVALID, ".shares", "8" },
  { "{\"type\":\"buy_shares\",\"entity\":11,\"shares\":[\"ATA_99\"]}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".shares[0]", "ATA_99" },
  { "{\"type\":\"buy_shares\",\"entity\":11,\"shares\":\"ATA_1\"}", KOL_ACTION_JSON_ERROR_INVALID, ".shares",
    "list" },
  { "{\"type\":\"buy_shares\",\"entity\":11,\"shares\":[{}]}", KOL_ACTION_JSON_ERROR_INVALID, ".shares[0]",
    "string" },
  { "{\"type\":\"par\",\"entity\":11,\"corporation\":\"ATA\",\"share_price\":\"999,3,5\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".share_price", "999,3,5" },
  { "{\"type\":\"par\",\"entity\":11,\"corporation\":\"ATA\",\"share_price\":\"100,99999999999,5\"}",
    KOL_ACTION_JSON_ERROR_INVALID, ".share_price", "share price" },
  { "{\"type\":\"par\",\"entity\":11,\"corporation\":\"ATA\",\"share_price\":\"a,b\"}",
    KOL_ACTION_JSON_ERROR_INVALID, ".share_price", "share price" },
  { "{\"type\":\"lay_tile\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"hex\":\"Z99\",\"tile\":\"9-0\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".hex", "Z99" },
  { "{\"type\":\"lay_tile\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"hex\":\"D6\",\"tile\":\"X9-0\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".tile", "X9-0" },
  /* a copy number beyond the title's copies stands for a spare copy */
  { "{\"type\":\"lay_tile\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"hex\":\"D6\",\"tile\":\"9-999\"}",
    -1, NULL, NULL },
  { "{\"type\":\"lay_tile\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"hex\":\"D6\",\"tile\":\"9\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".tile", "“9”" },
  { "{\"type\":\"lay_tile\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"hex\":\"D6\",\"tile\":\"9-0\","
    "\"rotation\":6}", KOL_ACTION_JSON_ERROR_INVALID, ".rotation", "range" },
  { "{\"type\":\"place_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"9-0-0\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".city", "not on the map" },
  { "{\"type\":\"place_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"M9-0-7\"}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".city", "M9-0-7" },
  { "{\"type\":\"place_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"garbage\"}",
    KOL_ACTION_JSON_ERROR_INVALID, ".city", "garbage" },
  { "{\"type\":\"place_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"M9-0-0\","
    "\"slot\":200}", KOL_ACTION_JSON_ERROR_INVALID, ".slot", "range" },
  { "{\"type\":\"place_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"M9-0-0\","
    "\"slot\":1,\"tokener\":\"ATA\"}", -1, NULL, NULL },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":"
    "[{\"train\":\"4H-77\",\"revenue\":10}]}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".routes[0].train", "4H-77" },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":"
    "[{\"train\":\"4H-0\",\"revenue\":10,\"nodes\":[\"Q1-0\"]}]}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".routes[0].nodes[0]", "Q1" },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":"
    "[{\"train\":\"4H-0\",\"revenue\":10,\"nodes\":[\"M9-9\"]}]}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".routes[0].nodes[0]", "M9-9" },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":"
    "[{\"train\":\"4H-0\",\"revenue\":10,\"connections\":[[\"M9\",7]]}]}", KOL_ACTION_JSON_ERROR_INVALID,
    ".routes[0].connections[0][1]", "string" },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":[3]}",
    KOL_ACTION_JSON_ERROR_INVALID, ".routes[0]", "object" },
  { "{\"type\":\"run_routes\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"routes\":[{}]}",
    KOL_ACTION_JSON_ERROR_INVALID, ".routes[0].train", "missing" },
  { "{\"type\":\"choose\",\"entity\":11,\"choice\":[1]}", KOL_ACTION_JSON_ERROR_INVALID, ".choice", "integer" },
  { "{\"type\":\"reassign_trains\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"assignments\":"
    "[{\"train\":\"4H-0\",\"corporation\":\"QQ\"}]}", KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
    ".assignments[0].corporation", "QQ" },
  { "{\"type\":\"assign\",\"entity\":\"CNM\",\"entity_type\":\"company\",\"target\":\"A5\","
    "\"target_type\":\"player\"}", KOL_ACTION_JSON_ERROR_UNSUPPORTED, ".target_type", "player" },
  { "{\"type\":\"pass\",\"entity\":11,\"auto_actions\":[{\"type\":\"pass\",\"entity\":99}]}",
    KOL_ACTION_JSON_ERROR_UNKNOWN_ID, ".auto_actions[0].entity", "Automatic action" },
  { "{\"type\":\"pass\",\"entity\":11,\"auto_actions\":[{\"type\":\"pass\",\"entity\":11,\"auto_actions\":"
    "[{\"type\":\"pass\",\"entity\":11,\"auto_actions\":[{\"type\":\"pass\",\"entity\":11,\"auto_actions\":"
    "[{\"type\":\"pass\",\"entity\":11,\"auto_actions\":[{\"type\":\"pass\",\"entity\":11}]}]}]}]}]}",
    KOL_ACTION_JSON_ERROR_INVALID, ".auto_actions[0].auto_actions[0].auto_actions[0].auto_actions[0].auto_actions",
    "nested" },
  { "[1,2]", KOL_ACTION_JSON_ERROR_INVALID, "", "not an object" },
  { "null", KOL_ACTION_JSON_ERROR_INVALID, "", "not an object" },
};

static void
test_bad_actions (void)
{
  g_autoptr(KolTitle) title = kol_test_load_title ("1849", 3);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);

  for (gsize i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autoptr(JsonNode) node = json_from_string (c->json, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *error_path = NULL;
      g_autoptr(KolAction) a = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, c->json);
      a = kol_action_from_json (engine, node, "$.actions[7]", KOL_ACTION_JSON_NONE, &error_path, &error);
      if (c->code < 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (a);
          continue;
        }
      g_assert_null (a);
      g_assert_error (error, KOL_ACTION_JSON_ERROR, c->code);
      g_test_message ("  → %s (%s)", error->message, error_path);
      g_assert_nonnull (strstr (error->message, c->in_message));
      g_assert_nonnull (error_path);
      g_assert_true (g_str_has_prefix (error_path, "$.actions[7]"));
      g_assert_cmpstr (error_path + strlen ("$.actions[7]"), ==, c->field);
    }
}

/* Types the shared records do not use, read and written back unchanged. */
static const char *const own_vocabulary[] = {
  "{\"type\":\"sell_company\",\"entity\":11,\"entity_type\":\"player\",\"id\":3,\"company\":\"SCE\",\"price\":40}",
  "{\"type\":\"take_loan\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"loan\":0}",
  "{\"type\":\"payoff_loan\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"loan\":1}",
  "{\"type\":\"payoff_debt\",\"entity\":22,\"entity_type\":\"player\"}",
  "{\"type\":\"buy_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"M9-0-0\",\"slot\":1,"
  "\"price\":30}",
  "{\"type\":\"remove_token\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"city\":\"M9-0-0\",\"slot\":0}",
  "{\"type\":\"message\",\"entity\":33,\"entity_type\":\"player\",\"message\":\"привет\"}",
  "{\"type\":\"log\",\"entity\":33,\"entity_type\":\"player\",\"message\":\"note\"}",
  "{\"type\":\"assign\",\"entity\":\"CNM\",\"entity_type\":\"company\",\"target\":\"ATA\","
  "\"target_type\":\"corporation\"}",
  "{\"type\":\"choose\",\"entity\":\"SFA\",\"entity_type\":\"corporation\",\"choice\":\"Close SMS\"}",
  "{\"type\":\"choose\",\"entity\":11,\"entity_type\":\"player\",\"choice\":2}",
  "{\"type\":\"dividend\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"kind\":\"variable\",\"amount\":0}",
  "{\"type\":\"end_game\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"user\":22,\"created_at\":17}",
  "{\"type\":\"program_buy_shares\",\"entity\":11,\"entity_type\":\"player\",\"corporation\":\"AFG\","
  "\"until_condition\":\"float\",\"from_market\":false,\"auto_pass_after\":true}",
  "{\"type\":\"program_disable\",\"entity\":11,\"entity_type\":\"player\",\"reason\":\"Shares were sold\"}",
  /* 18xx.games requires the train (DiscardTrain#h_to_args) */
  "{\"type\":\"discard_train\",\"entity\":\"ATA\",\"entity_type\":\"corporation\",\"train\":\"4H-1\"}",
};

static void
test_own_vocabulary (void)
{
  g_autoptr(KolTitle) title = kol_test_load_title ("1849", 3);
  g_autoptr(KolEngine) engine = kol_test_game_new (title);

  for (gsize i = 0; i < G_N_ELEMENTS (own_vocabulary); i++)
    {
      g_autoptr(JsonNode) node = json_from_string (own_vocabulary[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(KolAction) a = kol_action_from_json (engine, node, "$", KOL_ACTION_JSON_NONE, NULL, &error);
      g_autoptr(JsonNode) back = NULL;
      g_autofree char *diff = NULL;

      g_test_message ("%s", own_vocabulary[i]);
      g_assert_no_error (error);
      back = kol_action_to_json (engine, a);
      diff = difference (node, back, "$");
      if (diff)
        g_test_message ("%s", diff);
      g_assert_null (diff);
      /* and what we write, we read back the same */
      g_clear_pointer (&diff, g_free);
      diff = difference (back, node, "$");
      g_assert_null (diff);
    }
}

static void
paths_free (gpointer data)
{
  Paths *p = data;

  g_free (p->record);
  g_free (p->oracle);
  g_free (p);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *shared = NULL;
  g_autofree char *records = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (paths_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/action-json/bad-actions", test_bad_actions);
  g_test_add_func ("/action-json/own-vocabulary", test_own_vocabulary);

  shared = kol_test_shared_dir ();
  records = shared ? g_build_filename (shared, "fixtures", "18xx.games", NULL) : NULL;
  dir = records ? g_dir_open (records, 0, NULL) : NULL;
  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        Paths *p = g_new0 (Paths, 1);
        g_autofree char *base = g_strndup (name, strlen (name) - strlen (".json"));
        g_autofree char *gz = g_strdup_printf ("%s.jsonl.gz", base);
        g_autofree char *test = g_strdup_printf ("/action-json/round-trip/%s", base);

        p->record = g_build_filename (records, name, NULL);
        p->oracle = g_build_filename (shared, "fixtures", "oracle", gz, NULL);
        g_ptr_array_add (paths, p);
        g_test_add_data_func (test, p, test_fixture_round_trip);
      }
  return g_test_run ();
}
