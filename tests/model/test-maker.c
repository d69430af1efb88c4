/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kol-json-format.h"
#include "kol-maker.h"
#include "kol-title-document.h"
#include "kol-title-loader.h"

/*
 * 18xx-maker's game definitions. Two definitions written
 * for these tests from 18xx-maker's published schema and documentation
 * (tests/model/maker): a flat map with a 2D market, share and token types,
 * standard tiles by number (from the manifests of 1849 and the template), local tiles with a town
 * on a sharp curve, an OO tile, dual and narrow gauge, terrain, an
 * impassable border, an off-board area with revenues by colour, homes, and
 * a map variant; and a pointy map with a 1D market. Each must import into
 * a title that loads without a problem, and import → export → import must
 * give the same title. Koleya's own titles must go through 18xx-maker and
 * back with every tile's connections intact.
 */

static char *
data_dir (const char *title)
{
  const char *root = g_getenv ("KOLEYA_DATA_DIR");

  return root != NULL ? g_build_filename (root, title, NULL) : NULL;
}

static JsonNode *
read_json (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  JsonNode *root;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  root = kol_json_format_parse (text, (gssize) length, NULL, &error);
  g_assert_no_error (error);
  return root;
}

static JsonNode *
read_definition (const char *name)
{
  g_autofree char *path = g_build_filename (KOL_MAKER_DIR, name, NULL);

  return read_json (path);
}

static KolMakerTitle *
import (JsonNode   *maker,
        GPtrArray  *report)
{
  g_autofree char *catalogue = data_dir ("1849");
  g_autofree char *template = kol_title_document_find_template ("blank");
  const char *dirs[] = { catalogue, template, NULL };
  g_autoptr(GError) error = NULL;
  KolMakerTitle *title = kol_maker_import (maker, "test", dirs, report, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

static JsonNode *
export (KolMakerTitle *title,
        GPtrArray     *report)
{
  KolMakerExportOptions opts = { 0, NULL, "en" };
  g_autoptr(GError) error = NULL;
  JsonNode *maker = kol_maker_export (title->game, title->map, title->tiles, &opts, report, &error);

  g_assert_no_error (error);
  g_assert_nonnull (maker);
  return maker;
}

static JsonObject *
object_at (JsonNode   *root,
           const char *path)
{
  g_autoptr(JsonNode) found = json_path_query (path, root, NULL);
  JsonArray *matches = json_node_get_array (found);

  g_assert_cmpuint (json_array_get_length (matches), ==, 1);
  return json_node_get_object (json_array_get_element (matches, 0));
}

static char *
compact (JsonNode   *root,
         const char *path)
{
  g_autoptr(JsonNode) found = json_path_query (path, root, NULL);

  g_assert_cmpuint (json_array_get_length (json_node_get_array (found)), ==, 1);
  return json_to_string (json_array_get_element (json_node_get_array (found), 0), FALSE);
}

/* A hex of a map by its id, as a tree of its own. */
static JsonNode *
hex_node (JsonNode   *map,
          const char *id)
{
  JsonArray *hexes = json_object_get_array_member (json_node_get_object (map), "hexes");

  for (guint i = 0; i < json_array_get_length (hexes); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (hexes, i), "id"), id))
      return json_node_copy (json_array_get_element (hexes, i));
  g_assert_not_reached ();
}

#define assert_hex(map, id, path, expected) \
  G_STMT_START { \
    g_autoptr(JsonNode) _hex = hex_node ((map), (id)); \
    g_autofree char *_text = compact (_hex, (path)); \
    g_assert_cmpstr (_text, ==, (expected)); \
  } G_STMT_END

#define assert_json(root, path, expected) \
  G_STMT_START { \
    g_autofree char *_text = compact ((root), (path)); \
    g_assert_cmpstr (_text, ==, (expected)); \
  } G_STMT_END

static gboolean
reported (GPtrArray  *report,
          const char *part)
{
  for (guint i = 0; i < report->len; i++)
    if (strstr (g_ptr_array_index (report, i), part) != NULL)
      return TRUE;
  return FALSE;
}

/* The title written out loads for @players and @option without a problem
 * of its data (the standard rules module may not play all of it: an
 * 18xx-maker file describes no rules). */
static void
assert_loads (KolMakerTitle *title,
              int            players,
              const char    *option)
{
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "maker-title", NULL);
  const char *options[] = { option, NULL };
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (kol_maker_title_write (title, dir, &error));
  g_assert_no_error (error);
  problems = kol_title_loader_validate (dir, players, options, NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      const KolTitleProblem *problem = g_ptr_array_index (problems, i);
      g_autofree char *line = kol_title_problem_format (problem);

      g_test_message ("%s", line);
      g_assert_cmpint (problem->kind, ==, KOL_TITLE_LOADER_ERROR_RULES);
    }
}

static gboolean
have_catalogue (void)
{
  g_autofree char *dir = data_dir ("1849");

  if (dir != NULL && g_file_test (dir, G_FILE_TEST_IS_DIR))
    return TRUE;
  g_test_skip ("KOLEYA_DATA_DIR does not hold 1849, the catalogue of standard tiles");
  return FALSE;
}

/* ---- import ----------------------------------------------------------------------------------- */

static void
check_valley_game (KolMakerTitle *title,
                   GPtrArray     *report)
{
  assert_json (title->game, "$.currency", "{\"en\":\"£%d\",\"ru\":\"£%d\"}");
  assert_json (title->game, "$.players", "{\"min\":3,\"max\":4}");
  assert_json (title->game, "$.cert_limit", "{\"3\":14,\"4\":12}");
  g_assert_true (reported (report, "12/10"));
  assert_json (title->game, "$.corporations[0].shares", "[20,10,10,10,10,10,10,10,10]");
  assert_json (title->game, "$.corporations[0].tokens", "[0,40,100]");
  assert_json (title->game, "$.corporations[0].home", "\"C3\"");
  assert_json (title->game, "$.corporations[1].shares", "[40,10,10,10,10,10,10]");
  assert_json (title->game, "$.corporations[1].tokens", "[0,60]");
  assert_json (title->game, "$.corporations[1].color", "\"#1f5fa0\"");
  assert_json (title->game, "$.corporations[2].type", "\"minor\"");
  assert_json (title->game, "$.corporations[2].home", "\"A5\"");
  g_assert_true (reported (report, "labels"));
  assert_json (title->game, "$.privates[0].id", "\"ferry_company\"");
  assert_json (title->game, "$.privates[0].abilities[0].type", "\"blocks_hex\"");
  assert_json (title->game, "$.privates[1].id", "\"MO\"");
  assert_json (title->game, "$.privates[1].short", "\"P2\"");
  assert_json (title->game, "$.privates[1].revenue", "10");
  g_assert_true (reported (report, "bid"));
  assert_json (title->game, "$.trains[4].count", "\"unlimited\"");
  assert_json (title->game, "$.trains[4].distance", "\"unlimited\"");
  assert_json (title->game, "$.trains[4].available_on", "\"6\"");
  assert_json (title->game, "$.tile_colors", "[\"yellow\",\"green\",\"brown\",\"gray\"]");
  g_assert_false (json_object_has_member (object_at (title->game, "$.phases[0]"), "on"));
  g_assert_false (json_object_has_member (object_at (title->game, "$.phases[4]"), "train_limit"));
  assert_json (title->game, "$.phases[1].status", "[\"can_buy_companies\"]");
  assert_json (title->game, "$.phases[3].events", "[\"close_companies\"]");
  assert_json (title->game, "$.market.rows[0]", "[\"70p\",\"80\",\"90p\",\"100\",\"120\",\"150e\"]");
  assert_json (title->game, "$.market.rows[2][3]", "\"\"");
  assert_json (title->game, "$.market.par", "[70,90]");
  assert_json (title->game, "$.market.zones[0].cells", "[[0,0],[0,2]]");
  assert_json (title->game, "$.market.zones[1].flag", "\"e\"");
  assert_json (title->game, "$.options[0].id", "\"short\"");
  g_assert_true (json_object_has_member (object_at (title->game, "$.track_types"), "dual"));
}

static void
check_valley_tiles (KolMakerTitle *title)
{
  /* standard tiles from the catalogue, with the counts of the file */
  assert_json (title->tiles, "$.tiles[0].paths", "[{\"a\":0,\"b\":3,\"track\":\"broad\"}]");
  assert_json (title->tiles, "$.tiles[1].count", "3");
  assert_json (title->tiles, "$.tiles[2].count", "\"unlimited\"");
  /* a town on a sharp curve joins its two sides */
  assert_json (title->tiles, "$.tiles[3].paths",
               "[{\"a\":0,\"b\":\"t0\",\"track\":\"broad\"},{\"a\":1,\"b\":\"t0\",\"track\":\"broad\"}]");
  assert_json (title->tiles, "$.tiles[3].nodes", "[{\"id\":\"t0\",\"kind\":\"town\",\"revenue\":10}]");
  /* OO: each city its own sides */
  assert_json (title->tiles, "$.tiles[4].paths",
               "[{\"a\":0,\"b\":\"c0\",\"track\":\"broad\"},{\"a\":1,\"b\":\"c0\",\"track\":\"broad\"},"
               "{\"a\":3,\"b\":\"c1\",\"track\":\"broad\"},{\"a\":4,\"b\":\"c1\",\"track\":\"broad\"}]");
  assert_json (title->tiles, "$.tiles[4].label", "\"OO\"");
  assert_json (title->tiles, "$.tiles[5].paths",
               "[{\"a\":0,\"b\":3,\"track\":\"dual\"},{\"a\":1,\"b\":3,\"track\":\"narrow\"}]");
  assert_json (title->tiles, "$.tiles[6].nodes", "[{\"id\":\"c0\",\"kind\":\"city\",\"slots\":2,\"revenue\":50}]");
  assert_json (title->tiles, "$.tiles[0].upgrades_to", "[\"X3\"]");
}

static void
check_valley_map (KolMakerTitle *title)
{
  assert_json (title->map, "$.layout", "\"flat\"");
  assert_json (title->map, "$.axes", "{\"x\":\"letter\",\"y\":\"number\"}");
  assert_hex (title->map, "B2", "$.terrain", "[{\"type\":\"hills\",\"cost\":80}]");
  assert_hex (title->map, "C1", "$.borders", "[{\"edge\":3,\"type\":\"impassable\"}]");
  assert_hex (title->map, "C3", "$.tile.paths",
               "[{\"a\":0,\"b\":\"c0\",\"track\":\"broad\"},{\"a\":3,\"b\":\"c0\",\"track\":\"broad\"}]");
  assert_hex (title->map, "C3", "$.tile.label", "\"A\"");
  assert_hex (title->map, "E5", "$.tile.nodes[0].revenue",
               "{\"by\":\"color\",\"yellow\":20,\"brown\":50}");
  assert_hex (title->map, "E5", "$.tile.paths",
               "[{\"a\":1,\"b\":\"o0\",\"track\":\"broad\"},{\"a\":2,\"b\":\"o0\",\"track\":\"broad\"}]");
  assert_json (title->map, "$.variants[0].when", "{\"options\":[\"short\"]}");
  assert_json (title->map, "$.variants[0].remove", "[\"E5\"]");
  assert_json (title->map, "$.variants[0].replace[0].id", "\"E1\"");
}

static void
test_import_valley (void)
{
  g_autoptr(JsonNode) maker = read_definition ("valley.json");
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KolMakerTitle) title = NULL;

  if (!have_catalogue ())
    return;
  title = import (maker, report);
  for (guint i = 0; i < report->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (report, i));
  check_valley_game (title, report);
  check_valley_tiles (title);
  check_valley_map (title);
  assert_loads (title, 4, NULL);
  assert_loads (title, 3, "short");
}

/* A pointy map: side 1 is the west edge; a 1D market with a closing cell
 * that has only a label. */
static void
test_import_harbour (void)
{
  g_autoptr(JsonNode) maker = read_definition ("harbour.json");
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KolMakerTitle) title = NULL;

  if (!have_catalogue ())
    return;
  title = import (maker, report);
  assert_json (title->map, "$.layout", "\"pointy\"");
  assert_json (title->map, "$.axes", "{\"x\":\"number\",\"y\":\"letter\"}");
  assert_hex (title->map, "A4", "$.tile.paths", "[{\"a\":1,\"b\":\"c0\",\"track\":\"broad\"}]");
  assert_hex (title->map, "C6", "$.color", "\"blue\"");
  assert_json (title->game, "$.bank", "\"unlimited\"");
  assert_json (title->game, "$.currency.en", "\"%d₽\"");
  assert_json (title->game, "$.starting_cash", "{\"2\":500,\"3\":500}");
  assert_json (title->game, "$.market.kind", "\"1d\"");
  assert_json (title->game, "$.market.rows[0][0]", "\"0c\"");
  assert_json (title->game, "$.market.par", "[60,80]");
  assert_json (title->game, "$.phases[1].on", "\"3\"");
  assert_json (title->tiles, "$.tiles[2].paths",
               "[{\"a\":1,\"b\":\"t0\",\"track\":\"broad\"},{\"a\":3,\"b\":\"t0\",\"track\":\"broad\"},"
               "{\"a\":5,\"b\":\"t0\",\"track\":\"narrow\"}]");
  g_assert_true (reported (report, "Closed"));
  assert_loads (title, 3, NULL);
}

/* ---- round trips ---------------------------------------------------------------------------------- */

static void
assert_same_title (KolMakerTitle *a,
                   KolMakerTitle *b)
{
  const struct { JsonNode *x, *y; } files[] = { { a->game, b->game }, { a->map, b->map }, { a->tiles, b->tiles } };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (!kol_json_format_identical (files[i].x, files[i].y))
      {
        g_autofree char *x = kol_json_format_write (files[i].x, NULL);
        g_autofree char *y = kol_json_format_write (files[i].y, NULL);

        g_assert_cmpstr (x, ==, y);
      }
}

/* Only members 18xx-maker's schema allows at the root. */
static void
assert_maker_root (JsonNode *maker)
{
  static const char * const allowed[] = {
    "info", "links", "bank", "capital", "certLimit", "floatPercent", "players", "companies", "shareTypes",
    "tokenTypes", "privates", "trains", "phases", "tiles", "map", "upgrades", "stock", "tokens", "pools", "rounds",
    "turns", "colors", "number_cards", "wip", "prototype", NULL,
  };
  g_autoptr(GList) members = json_object_get_members (json_node_get_object (maker));

  for (GList *l = members; l != NULL; l = l->next)
    g_assert_true (g_strv_contains (allowed, l->data));
}

static void
test_round_trip (gconstpointer data)
{
  g_autoptr(JsonNode) maker = read_definition (data);
  g_autoptr(KolMakerTitle) first = NULL;
  g_autoptr(KolMakerTitle) second = NULL;
  g_autoptr(JsonNode) written = NULL;

  if (!have_catalogue ())
    return;
  first = import (maker, NULL);
  written = export (first, NULL);
  assert_maker_root (written);
  second = import (written, NULL);
  assert_same_title (first, second);
}

static JsonNode *
title_file (const char *dir,
            const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return read_json (path);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* What connects to what on a tile: the kinds of its nodes, and its paths
 * by edge and node kind, whatever the nodes are called. */
static char *
connections (JsonObject *tile)
{
  JsonArray *nodes = json_object_has_member (tile, "nodes") ? json_object_get_array_member (tile, "nodes") : NULL;
  JsonArray *paths = json_object_has_member (tile, "paths") ? json_object_get_array_member (tile, "paths") : NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i);

      g_hash_table_insert (kinds, (char *) json_object_get_string_member (node, "id"),
                           (char *) json_object_get_string_member (node, "kind"));
    }
  for (guint i = 0; paths != NULL && i < json_array_get_length (paths); i++)
    {
      JsonObject *path = json_array_get_object_element (paths, i);
      char *ends[2];

      if (g_strcmp0 (json_object_get_string_member_with_default (path, "track", ""), "future") == 0)
        continue;
      for (int e = 0; e < 2; e++)
        {
          JsonNode *end = json_object_get_member (path, e == 0 ? "a" : "b");

          ends[e] = json_node_get_value_type (end) == G_TYPE_STRING
                    ? g_strdup (g_hash_table_lookup (kinds, json_node_get_string (end)))
                    : g_strdup_printf ("%d", (int) json_node_get_int (end));
        }
      g_ptr_array_add (parts, g_strcmp0 (ends[0], ends[1]) < 0 ? g_strdup_printf ("%s-%s", ends[0], ends[1])
                                                                : g_strdup_printf ("%s-%s", ends[1], ends[0]));
      g_free (ends[0]);
      g_free (ends[1]);
    }
  g_ptr_array_sort (parts, compare_strings);
  for (guint i = 0; i < parts->len; i++)
    g_string_append_printf (out, "%s ", (char *) g_ptr_array_index (parts, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Koleya's titles through 18xx-maker: every manifest tile keeps its
 * connections, and a second pass changes nothing. */
static void
test_titles_through_maker (gconstpointer data)
{
  g_autofree char *dir = g_str_equal (data, "template") ? kol_title_document_find_template ("blank")
                                                         : data_dir (data);
  g_autoptr(KolMakerTitle) original = g_new0 (KolMakerTitle, 1);
  g_autoptr(KolMakerTitle) first = NULL;
  g_autoptr(KolMakerTitle) second = NULL;
  g_autoptr(JsonNode) written = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func (g_free);
  JsonArray *tiles, *read;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR) || !have_catalogue ())
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  original->game = title_file (dir, "game.json");
  original->map = title_file (dir, "map.json");
  original->tiles = title_file (dir, "tiles.json");
  written = export (original, report);
  assert_maker_root (written);
  g_assert_false (reported (report, "reads back"));
  first = import (written, NULL);
  tiles = json_object_get_array_member (json_node_get_object (original->tiles), "tiles");
  read = json_object_get_array_member (json_node_get_object (first->tiles), "tiles");
  g_assert_cmpuint (json_array_get_length (read), ==, json_array_get_length (tiles));
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    {
      g_autofree char *before = connections (json_array_get_object_element (tiles, i));
      g_autofree char *after = connections (json_array_get_object_element (read, i));

      g_assert_cmpstr (before, ==, after);
    }
  again = export (first, NULL);
  second = import (again, NULL);
  assert_same_title (first, second);
}

/* ---- refusals ------------------------------------------------------------------------------------- */

static void
test_refusals (void)
{
  g_autoptr(JsonNode) not_maker = json_from_string ("{\"schema\": \"koleya/game/1\"}", NULL);
  g_autoptr(JsonNode) array = json_from_string ("[1, 2]", NULL);
  KolMakerExportOptions opts = { 0, NULL, "en" };
  g_autoptr(GError) error = NULL;

  g_assert_null (kol_maker_import (not_maker, "x", NULL, NULL, &error));
  g_assert_error (error, KOL_MAKER_ERROR, KOL_MAKER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (kol_maker_import (array, "x", NULL, NULL, &error));
  g_assert_error (error, KOL_MAKER_ERROR, KOL_MAKER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (kol_maker_export (not_maker, NULL, array, &opts, NULL, &error));
  g_assert_error (error, KOL_MAKER_ERROR, KOL_MAKER_ERROR_TITLE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maker/import/valley", test_import_valley);
  g_test_add_func ("/maker/import/harbour", test_import_harbour);
  g_test_add_data_func ("/maker/round-trip/valley", "valley.json", test_round_trip);
  g_test_add_data_func ("/maker/round-trip/harbour", "harbour.json", test_round_trip);
  g_test_add_data_func ("/maker/titles/1849", "1849", test_titles_through_maker);
  g_test_add_data_func ("/maker/titles/1840", "1840", test_titles_through_maker);
  g_test_add_data_func ("/maker/titles/template", "template", test_titles_through_maker);
  g_test_add_func ("/maker/refusals", test_refusals);
  return g_test_run ();
}
