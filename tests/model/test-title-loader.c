/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kol-json-scan.h"
#include "kol-title-loader.h"

/*
 * The title loader: both real titles load at every
 * configuration they allow; a small fixture title (tests/model/titles/mini)
 * checks what the loader fills in; and broken copies of it check that every
 * problem is reported with its file, JSON path, line and message, and that
 * nothing crashes.
 */

static const char *const file_names[] = { "game.json", "tiles.json", "map.json" };

static char *
mini_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "model", "titles", "mini", NULL);
}

static char *
data_dir (const char *title)
{
  const char *root = g_getenv ("KOLEYA_DATA_DIR");

  if (root == NULL)
    return NULL;
  return g_build_filename (root, title, NULL);
}

static char *
make_temp_dir (void)
{
  char *dir = g_build_filename (g_get_user_cache_dir (), "loader-XXXXXX", NULL);

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_nonnull (g_mkdtemp (dir));
  return dir;
}

static char *
read_text (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
write_text (const char *dir,
            const char *name,
            const char *text,
            gssize      length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
}

/* A copy of the mini title in a fresh directory. */
static char *
copy_mini (void)
{
  g_autofree char *source = mini_dir ();
  char *dir = make_temp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (file_names); i++)
    {
      g_autofree char *text = read_text (source, file_names[i]);
      write_text (dir, file_names[i], text, -1);
    }
  return dir;
}

static void
dump_problems (GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = kol_title_problem_format (g_ptr_array_index (problems, i));
      g_test_message ("  %s", line);
    }
}

/* ---- the real titles ------------------------------------------------------ */

static void
load_every_configuration (const char *title_id,
                          guint       expected_min)
{
  g_autofree char *dir = data_dir (title_id);
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(GPtrArray) configs = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("KOLEYA_DATA_DIR does not hold this title");
      return;
    }
  /* one reading for every configuration, as the editor and the CLI do */
  source = kol_title_source_new (dir);
  configs = kol_title_source_list_configurations (source, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (configs->len, >=, expected_min);
  for (guint i = 0; i < configs->len; i++)
    {
      KolTitleConfig *config = g_ptr_array_index (configs, i);
      g_autofree char *what = kol_title_config_describe (config);
      g_autoptr(KolTitle) title = NULL;
      g_autoptr(GError) load_error = NULL;

      title = kol_title_source_load (source, config->n_players, (const char * const *) config->options,
                                     &load_error);
      g_test_message ("%s %s: %s", title_id, what, load_error ? load_error->message : "loads");
      if (load_error != NULL)
        {
          g_autoptr(GPtrArray) problems = kol_title_source_validate (source, config->n_players,
                                                                     (const char * const *) config->options,
                                                                     NULL);
          dump_problems (problems);
        }
      g_assert_no_error (load_error);
      g_assert_nonnull (title);
      g_assert_cmpint (title->n_players, ==, config->n_players);
      g_assert_cmpuint (title->options->len, ==, g_strv_length (config->options));
      g_assert_cmpuint (title->n_tiles, ==, title->n_manifest_tiles + title->n_hexes);
      for (guint h = 0; h < title->n_hexes; h++)
        {
          const KolTileDef *tile = &title->tiles[title->hexes[h].tile];

          g_assert_true (tile->preprinted);
          g_assert_cmpstr (tile->id, ==, title->hexes[h].id);
          g_assert_cmpint (kol_title_hex_by_id (title, title->hexes[h].id), ==, (int) h);
        }
    }
}

/* 1849 allows 3–5 players and five options (one only at 4 players;
 * electric_dreams needs bonds and acquiring_station_tokens). */
static void
test_load_1849 (void)
{
  load_every_configuration ("1849", 3);
}

/* 1840 allows 2–6 players; three_player_small only at 3. */
static void
test_load_1840 (void)
{
  load_every_configuration ("1840", 5);
}

/* Spot checks of what the loader resolves on the real 1849 data (rulebook
 * 002: 1.1 player-count table, 10.5.2 grey revenues; tile ids as 18xx.games). */
static void
test_1849_details (void)
{
  g_autofree char *dir = data_dir ("1849");
  const char *reduced[] = { "reduced_4p_corps", NULL };
  g_autoptr(GVariant) ports = NULL;
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) error = NULL;
  int hex, six_h, dual;
  const KolTileDef *tile;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no 1849 data");
      return;
    }
  title = kol_title_loader_load (dir, 4, reduced, &error);
  g_assert_no_error (error);
  g_assert_cmpint (title->starting_cash, ==, 375);
  g_assert_cmpint (title->cert_limit, ==, 9);
  six_h = kol_title_train_by_id (title, "6H");
  g_assert_cmpint (six_h, >=, 0);
  g_assert_cmpint (title->trains[six_h].count, ==, 3);
  g_assert_cmpint (title->trains[kol_title_train_by_id (title, "E")].count, ==, 0);
  g_assert_cmpint (title->trains[kol_title_train_by_id (title, "4H")].rusts_on, ==,
                   kol_title_train_by_id (title, "8H"));
  g_assert_cmpint (title->phases[1].on, ==, six_h);

  dual = kol_title_track_by_id (title, "dual");
  g_assert_cmpint (dual, >=, 0);
  g_assert_cmpint (title->track_types[dual].networks, ==,
                   title->track_types[kol_title_track_by_id (title, "broad")].networks
                   | title->track_types[kol_title_track_by_id (title, "narrow")].networks);

  hex = kol_title_hex_by_id (title, "C1");
  g_assert_cmpint (hex, >=, 0);
  tile = &title->tiles[title->hexes[hex].tile];
  g_assert_cmpint (tile->nodes[0].revenue.kind, ==, KOL_REVENUE_BY_PHASE);
  g_assert_cmpint (tile->nodes[0].revenue.n, ==, 3);

  ports = kol_title_rule (title, "port_hexes");
  g_assert_nonnull (ports);
}

/* Spot checks on the real 1840 data: node part indices for recorded ids,
 * initial tokens by player count (III.5; 18xx.games 2-player map), the
 * orange frame and the blank hexes' declared upgrades. */
static void
test_1840_details (void)
{
  g_autofree char *dir = data_dir ("1840");
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(KolTitle) five = NULL;
  g_autoptr(KolTitle) two = NULL;
  g_autoptr(GError) error = NULL;
  const KolCorpDef *w;
  const KolTileDef *d20, *l1;
  gboolean on_i11 = FALSE;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no 1840 data");
      return;
    }
  source = kol_title_source_new (dir);
  five = kol_title_source_load (source, 5, NULL, &error);
  g_assert_no_error (error);
  two = kol_title_source_load (source, 2, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (five->grid.layout, ==, KOL_LAYOUT_POINTY);
  g_assert_cmpint (five->bank, ==, -1);
  d20 = &five->tiles[kol_title_tile_by_id (five, "D20")];
  g_assert_cmpint (d20->nodes[0].part, ==, 2);
  l1 = &five->tiles[kol_title_tile_by_id (five, "L1")];
  g_assert_cmpstr (l1->frame, ==, "#ffa500");
  g_assert_cmpint (l1->upgrade_policy, ==, KOL_UPGRADE_EXPLICIT);

  w = &two->corps[kol_title_corp_by_id (two, "W")];
  for (guint i = 0; i < w->initial_tokens->len; i++)
    {
      const KolInitialToken *t = &g_array_index (w->initial_tokens, KolInitialToken, i);

      on_i11 = on_i11 || (t->hex == kol_title_hex_by_id (two, "I11") && t->city == 1);
      g_assert_cmpint (t->hex, !=, kol_title_hex_by_id (two, "I1"));
    }
  g_assert_true (on_i11);
}

/* ---- the mini title --------------------------------------------------------- */

static KolTitle *
load_mini (int                 n_players,
           const char * const *options)
{
  g_autofree char *dir = mini_dir ();
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_loader_load (dir, n_players, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (title);
  return title;
}

/* Two players: variant "two" removes A3 and replaces B2; selectors by count. */
static void
test_mini_two_players (void)
{
  g_autoptr(KolTitle) title = load_mini (2, NULL);
  const KolTileDef *t15, *t57, *x1;
  const KolHexDef *b4;
  const KolCorpDef *bb;
  g_autoptr(GVariant) mini = NULL;
  int i15, ix1;

  g_assert_cmpstr (title->id, ==, "mini");
  g_assert_cmpstr (title->name.ru, ==, "Мини");
  g_assert_cmpstr (title->currency.ru, ==, "%d $");
  g_assert_cmpint (title->bank, ==, 5000);
  g_assert_cmpint (title->starting_cash, ==, 600);
  g_assert_cmpint (title->cert_limit, ==, 20);
  g_assert_cmpint (title->n_colors, ==, 2);
  g_assert_cmpint (title->n_track_types, ==, 3);

  g_assert_cmpuint (title->n_hexes, ==, 3);
  g_assert_cmpint (kol_title_hex_by_id (title, "A3"), ==, -1);
  g_assert_cmpint (title->hexes[kol_title_hex_by_id (title, "B2")].color, ==, KOL_COLOR_GREEN);
  b4 = &title->hexes[kol_title_hex_by_id (title, "B4")];
  g_assert_cmpstr (b4->name.ru, ==, "Залив");
  g_assert_cmpint (b4->rotation, ==, 1);
  g_assert_cmpint (b4->x, ==, 3);
  g_assert_cmpint (b4->y, ==, 1);
  g_assert_cmpint (title->tiles[b4->tile].nodes[0].slots, ==, 2);
  g_assert_cmpint (title->tiles[b4->tile].nodes[0].revenue.keys[1], ==, 1);  /* phase "3" */
  g_assert_cmpint (title->tiles[b4->tile].nodes[0].revenue.values[1], ==, 30);

  g_assert_cmpuint (title->n_manifest_tiles, ==, 4);
  t57 = &title->tiles[kol_title_tile_by_id (title, "57")];
  g_assert_cmpint (t57->paths[1].track, ==, 0);  /* default: the first track type */
  g_assert_cmpint (t57->paths[1].a, ==, KOL_PATH_NODE + 0);
  g_assert_cmpint (t57->nodes[0].part, ==, 0);  /* the node's position by default */
  i15 = kol_title_tile_by_id (title, "15");
  t15 = &title->tiles[i15];
  g_assert_cmpint (t15->count, ==, 1);
  g_assert_cmpstr (t15->label, ==, "X");
  g_assert_cmpint (t15->n_paths, ==, 3);  /* "lanes": 2 makes two paths */
  g_assert_cmpint (t15->paths[0].a_lane[0], ==, 2);
  g_assert_cmpint (t15->paths[1].a_lane[1], ==, 1);
  g_assert_cmpint (t15->paths[1].b_lane[1], ==, 1);
  g_assert_cmpint (t15->rotations, ==, 0x7);
  g_assert_cmpint (t15->upgrade_policy, ==, KOL_UPGRADE_NONE);
  g_assert_cmpstr (t15->frame, ==, "#ffa500;#000000");
  g_assert_cmpuint (t15->icons->len, ==, 1);
  g_assert_cmpint (t15->nodes[0].revenue.kind, ==, KOL_REVENUE_BY_COLOR);
  ix1 = kol_title_tile_by_id (title, "X1");
  x1 = &title->tiles[ix1];
  g_assert_cmpint (x1->count, ==, -1);
  g_assert_cmpint (x1->upgrade_policy, ==, KOL_UPGRADE_EXPLICIT);
  g_assert_cmpuint (x1->upgrades_to->len, ==, 1);
  g_assert_cmpint (g_array_index (x1->upgrades_to, gint16, 0), ==, i15);
  g_assert_cmpuint (x1->lay_only_on->len, ==, 1);  /* C1 is not on this map */

  g_assert_cmpint (title->phases[1].train_limit, ==, 2);
  g_assert_cmpuint (title->phases[1].events->len, ==, 1);
  g_assert_cmpint (title->trains[0].rusts_on, ==, 1);
  g_assert_cmpint (title->trains[1].available_on, ==, 0);
  g_assert_cmpint (title->trains[1].n_variants, ==, 2);
  g_assert_cmpint (title->trains[1].variants[1].price, ==, 200);
  g_assert_true (g_variant_lookup (title->trains[1].extra, "speed", "x", NULL));

  g_assert_cmpint (title->market.n_rows, ==, 3);
  g_assert_cmpint (title->market.n_cols, ==, 4);
  g_assert_true (title->market.cells[0][1].flags & KOL_CELL_PAR);
  g_assert_true (title->market.cells[2][0].flags & KOL_CELL_CLOSE);
  g_assert_false (title->market.cells[2][2].present);

  bb = &title->corps[kol_title_corp_by_id (title, "BB")];
  g_assert_cmpuint (bb->initial_tokens->len, ==, 1);
  g_assert_cmpint (bb->home, ==, kol_title_hex_by_id (title, "B4"));
  g_assert_true (g_variant_lookup (bb->extra, "motto", "&s", NULL));
  g_assert_cmpint (title->corps[0].n_shares, ==, 9);
  g_assert_cmpint (title->companies[0].value, ==, 20);
  g_assert_cmpuint (g_variant_n_children (title->companies[0].abilities), ==, 1);

  mini = kol_title_rule (title, "mini");
  g_assert_nonnull (mini);
  g_assert_true (g_variant_get_boolean (mini));
}

/* Three players with both options: the variant adds C1 and C3, selectors by
 * option apply, and the event that needs "big" is there. */
static void
test_mini_options (void)
{
  const char *options[] = { "big", "extra_train", NULL };
  g_autoptr(KolTitle) title = load_mini (3, options);
  const KolTileDef *x1;

  g_assert_cmpuint (title->n_hexes, ==, 6);
  g_assert_cmpint (kol_title_hex_by_id (title, "C3"), >=, 0);
  g_assert_cmpint (kol_title_tile_by_id (title, "C3"), ==, (int) title->n_manifest_tiles + 5);
  g_assert_cmpint (title->tiles[kol_title_tile_by_id (title, "15")].count, ==, 2);
  g_assert_cmpint (title->trains[1].count, ==, 4);
  g_assert_cmpint (title->phases[1].train_limit, ==, 3);
  g_assert_cmpuint (title->phases[1].events->len, ==, 2);
  g_assert_cmpuint (title->corps[1].initial_tokens->len, ==, 0);
  x1 = &title->tiles[kol_title_tile_by_id (title, "X1")];
  g_assert_cmpuint (x1->lay_only_on->len, ==, 2);
  g_assert_true (kol_title_has_option (title, "extra_train"));
}

static void
test_mini_four_players (void)
{
  const char *options[] = { "big", NULL };
  g_autoptr(KolTitle) title = load_mini (4, options);

  g_assert_cmpint (title->starting_cash, ==, 350);
}

static void
test_list_configurations (void)
{
  g_autofree char *dir = mini_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) configs = kol_title_loader_list_configurations (dir, &error);
  g_autoptr(GString) all = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < configs->len; i++)
    {
      g_autofree char *text = kol_title_config_describe (g_ptr_array_index (configs, i));
      g_string_append_printf (all, "%s|", text);
    }
  /* "big" only at 3 and 4 players; "extra_train" only with "big" */
  g_assert_cmpstr (all->str, ==,
                   "2 players|3 players|3 players, options: big|3 players, options: big, extra_train|"
                   "4 players|4 players, options: big|4 players, options: big, extra_train|");
}

/* ---- broken files ------------------------------------------------------------ */

typedef enum
{
  REPLACE,      /* replace the first @find by @replace */
  TRUNCATE,     /* keep the text before @find */
  DELETE,       /* remove the file */
  DEEP,         /* replace @find by 10 000 nested arrays */
  MANY_HEXES,   /* insert 250 hexes after @find */
} Mutation;

typedef struct
{
  const char *name;
  Mutation    mutation;
  const char *file;
  const char *find;
  const char *replace;
  int         n_players;
  const char *options;   /* comma-separated, or NULL */
  int         kind;
  const char *path;      /* expected JSON path; "*" = any, NULL = none */
  const char *line_of;   /* the problem is on the line of this text in the broken file; NULL: no check */
  const char *message;   /* a part of the message */
  const char *reported;  /* the file named by the problem, when not @file */
} BrokenCase;

/* line_of for a problem on the last line of the broken file */
#define AT_END "\x01end"


/* A title with more options than fit in a bit mask: each is listed alone,
 * once (the listing shifted 1 by 32 and more, undefined behaviour that
 * fuzz-title-folder found). */
static void
test_many_options (void)
{
  g_autofree char *dir = copy_mini ();
  g_autofree char *text = read_text (dir, "game.json");
  g_autoptr(GString) options = g_string_new ("\"options\": [");
  g_autoptr(GString) out = g_string_new (text);
  g_autoptr(GPtrArray) configs = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  guint n = 40;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (options, "%s{\"id\": \"o%u\", \"name\": {\"en\": \"O%u\", \"ru\": \"O%u\"}, "
                            "\"players\": [2]}", i ? ", " : "", i, i, i);
  g_string_append (options, "],\n  \"unused_options\": [");
  g_assert_cmpuint (g_string_replace (out, "\"options\": [", options->str, 1), ==, 1);
  write_text (dir, "game.json", out->str, (gssize) out->len);
  configs = kol_title_loader_list_configurations (dir, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < configs->len; i++)
    {
      KolTitleConfig *c = g_ptr_array_index (configs, i);
      char *text_c = kol_title_config_describe (c);

      if (c->n_players == 2)
        g_assert_true (g_hash_table_add (seen, text_c));
      else
        g_free (text_c);
    }
  /* two players: none, and each of the forty alone */
  g_assert_cmpuint (g_hash_table_size (seen), ==, n + 1);
  g_assert_true (g_hash_table_contains (seen, "2 players, options: o39"));
}

static const BrokenCase broken_cases[] = {
  { "truncated", TRUNCATE, "map.json", "\"variants\"", NULL, 3, NULL,
    KOL_TITLE_LOADER_ERROR_SYNTAX, "*", AT_END, "the end of the file" },
  { "wrong-type-count", REPLACE, "tiles.json", "\"count\": 2, \"paths\"", "\"count\": \"two\", \"paths\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].count", "\"two\"", "Expected a count" },
  { "wrong-type-null", REPLACE, "game.json", "\"bank\": 5000", "\"bank\": null", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.bank", "\"bank\"", "found null" },
  { "missing-required", REPLACE, "map.json", "{\"id\": \"B2\", \"color\": \"white\", ", "{\"id\": \"B2\", ", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[2]", "\"B2\"", "“color” is missing" },
  { "unknown-track-type", REPLACE, "tiles.json", "\"b\": 1, \"track\": \"broad\"", "\"b\": 1, \"track\": \"monorail\"",
    3, NULL, KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].paths[0].track", "monorail",
    "no track type “monorail”; game.json declares: broad, narrow, dual" },
  { "dangling-node", REPLACE, "tiles.json", "{\"a\": \"c0\", \"b\": 3}", "{\"a\": \"c9\", \"b\": 3}", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[1].paths[1].a", "\"c9\"", "no node “c9”" },
  { "edge-7", REPLACE, "tiles.json", "\"b\": 1, \"track\"", "\"b\": 7, \"track\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].paths[0].b", "\"b\": 7", "The value 7 is out of range (0 to 5)" },
  { "same-ends", REPLACE, "tiles.json", "{\"a\": 0, \"b\": 1,", "{\"a\": 1, \"b\": 1,", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].paths[0]", "\"a\": 1, \"b\": 1", "two different ends" },
  { "missing-ru", REPLACE, "game.json", "{\"en\": \"Mini\", \"ru\": \"Мини\"}", "{\"en\": \"Mini\"}", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.name", "\"Mini\"", "no “ru” translation" },
  { "missing-ru-track", REPLACE, "game.json", "\"en\": \"dual gauge\", \"ru\": \"двойная колея\"",
    "\"en\": \"dual gauge\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.track_types.dual.name", "dual gauge", "no “ru” translation" },
  { "duplicate-hex-after-variant", REPLACE, "map.json", "{\"id\": \"C1\", \"color\": \"white\"}",
    "{\"id\": \"A1\", \"color\": \"white\"}", 3, "big",
    KOL_TITLE_LOADER_ERROR_INVALID, "$.variants[0].add[0]", "{\"id\": \"A1\", \"color\": \"white\"}",
    "adds the hex A1, which is already on the map" },
  { "duplicate-hex", REPLACE, "map.json", "{\"id\": \"B2\"", "{\"id\": \"A3\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[2]", "{\"id\": \"A3\", \"color\": \"white\", \"tags\"",
    "The hex A3 is defined twice" },
  { "variant-removes-absent", REPLACE, "map.json", "\"remove\": [\"A3\"]", "\"remove\": [\"Z3\"]", 2, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.variants[1].remove[0]", "\"Z3\"", "removes the hex Z3" },
  { "huge-integer", REPLACE, "game.json", "\"price\": 80", "\"price\": 99999999999999999999999", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.trains[0].price", "99999999999999999999999", "out of range" },
  { "huge-exponent", REPLACE, "game.json", "\"bank\": 5000", "\"bank\": 1e999", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.bank", "1e999", "The number 1e999 is out of range" },
  { "large-integer", REPLACE, "game.json", "\"bank\": 5000", "\"bank\": 9223372036854775807", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.bank", "9223372036854775807", "out of range (0 to 100000000)" },
  { "deep-nesting", DEEP, "game.json", "{\"mini\": true, \"steps\": [1, 2]}", NULL, 3, NULL,
    KOL_TITLE_LOADER_ERROR_SYNTAX, "*", "\"rules\"", "nested more than 128 levels deep" },
  { "missing-file", DELETE, "tiles.json", NULL, NULL, 3, NULL,
    KOL_TITLE_LOADER_ERROR_READ, NULL, NULL, "Cannot read the file" },
  { "unknown-colour", REPLACE, "tiles.json", "\"color\": \"yellow\"", "\"color\": \"chartreuse\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].color", "chartreuse",
    "“chartreuse” is not allowed here; expected one of: white, yellow" },
  { "unknown-node-kind", REPLACE, "tiles.json", "\"kind\": \"city\"", "\"kind\": \"castle\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[1].nodes[0].kind", "castle", "“castle” is not allowed here" },
  { "duplicate-key", REPLACE, "game.json", "\"bank\": 5000,", "\"bank\": 5000, \"bank\": 6000,", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.bank", "\"bank\"", "“bank” appears twice" },
  { "comment", REPLACE, "game.json", "\"bank\": 5000,", "\"bank\": 5000, /* note */", 3, NULL,
    KOL_TITLE_LOADER_ERROR_SYNTAX, "*", "/* note */", "Expected a member name in double quotes but found “/”" },
  { "not-utf8", REPLACE, "game.json", "\"designer\": \"Test\"", "\"designer\": \"Te\xff\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_SYNTAX, "*", "\"designer\"", "not valid UTF-8" },
  { "empty-file", REPLACE, "map.json", NULL, "", 3, NULL,
    KOL_TITLE_LOADER_ERROR_SYNTAX, "*", NULL, "The file is empty" },
  { "root-not-object", REPLACE, "tiles.json", NULL, "[1, 2]\n", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$", "[1, 2]", "must hold a JSON object" },
  { "wrong-schema", REPLACE, "map.json", "\"koleya/map/1\"", "\"koleya/tiles/1\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.schema", "koleya/tiles/1", "not the right kind of file" },
  { "home-without-city", REPLACE, "game.json", "\"home\": \"A1\"", "\"home\": \"A3\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.corporations[0].home", "\"home\": \"A3\"", "The hex A3 has no city" },
  { "home-not-on-map", REPLACE, "game.json", "\"home\": \"A1\"", "\"home\": \"Q9\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.corporations[0].home", "\"home\": \"Q9\"", "There is no hex “Q9” on the map" },
  { "initial-token-city", REPLACE, "game.json", "\"city\": 0, \"when\"", "\"city\": 3, \"when\"", 2, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.corporations[1].initial_tokens[0].hex", "\"initial_tokens\"",
    "The hex B4 has no city 3 (it has 1)" },
  { "rusts-on-unknown", REPLACE, "game.json", "\"rusts_on\": \"3\"", "\"rusts_on\": \"9\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.trains[0].rusts_on", "\"rusts_on\"", "There is no train “9”" },
  { "available-on-unknown", REPLACE, "game.json", "\"available_on\": \"2\"", "\"available_on\": \"7\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.trains[1].available_on", "\"available_on\"", "There is no phase “7”" },
  { "upgrade-to-unknown", REPLACE, "tiles.json", "\"upgrades_to\": [\"15\"]", "\"upgrades_to\": [\"99\"]", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[3].upgrades_to[0]", "\"99\"", "There is no tile “99” in tiles.json" },
  { "lay-only-on-unknown", REPLACE, "tiles.json", "[\"A1\", \"C1\"]", "[\"A1\", \"Q7\"]", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[3].lay_only_on[1]", "\"Q7\"", "There is no hex “Q7” on the map" },
  { "revenue-unknown-phase", REPLACE, "map.json", "\"3\": 30", "\"9\": 30", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[3].tile.nodes[0].revenue['9']", "\"9\": 30", "There is no phase “9”" },
  { "revenue-unknown-colour", REPLACE, "tiles.json", "\"green\": 40", "\"teal\": 40", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[2].nodes[0].revenue.teal", "\"teal\"", "“teal” is not a tile colour" },
  { "selector-unknown-option", REPLACE, "game.json", "\"extra_train\": 4", "\"turbo\": 4", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.trains[1].count.turbo", "\"turbo\"", "names “turbo”, which is not an option" },
  { "selector-no-match", REPLACE, "game.json", "{\"default\": 300, \"big\": 350}", "{\"big\": 350}", 4, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.starting_cash['4']", "{\"big\": 350}", "No key of this selector applies" },
  { "negative-count", REPLACE, "tiles.json", "\"count\": 2, \"paths\"", "\"count\": -2, \"paths\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[0].count", "-2", "The value -2 is out of range (0 to 400)" },
  { "too-many-tokens", REPLACE, "game.json", "\"tokens\": [0, 40]", "\"tokens\": [0, 40, 40, 40, 40, 40, 40, 40, 40]",
    3, NULL, KOL_TITLE_LOADER_ERROR_INVALID, "$.corporations[0].tokens[8]", "\"tokens\"",
    "at most 8 station tokens" },
  { "too-many-hexes", MANY_HEXES, "map.json", "\"hexes\": [", NULL, 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes", "\"hexes\"", "Hexes: 254, more than the engine's limit of 224" },
  { "shares-not-100", REPLACE, "game.json", "[20, 10, 10, 10, 10, 10, 10, 10, 10]", "[20, 10, 10]", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.corporations[0].shares", "[20, 10, 10]", "add up to 40%, not 100%" },
  { "currency-format", REPLACE, "game.json", "\"$%d\"", "\"$%s\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.currency", "\"currency\"", "exactly one “%d”" },
  { "market-flag", REPLACE, "game.json", "\"80e\"", "\"80q\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.market.rows[0][3]", "\"80q\"", "Unknown market flag “q”" },
  { "market-empty-row", REPLACE, "game.json", "[\"0c\", \"30\"]", "[]", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.market.rows[2]", "[]", "must not be empty" },
  { "zone-cell-absent", REPLACE, "game.json", "[[0, 1]]", "[[2, 5]]", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.market.zones[0].cells[0]", "[[2, 5]]", "no cell at row 2, column 5" },
  { "bad-hex-id", REPLACE, "map.json", "{\"id\": \"A3\"", "{\"id\": \"A3x\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[1].id", "\"A3x\"", "not a hex coordinate" },
  { "hex-off-grid", REPLACE, "map.json", "{\"id\": \"A3\"", "{\"id\": \"A2\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[1].id", "\"A2\"", "off the map's grid" },
  { "hex-id-is-tile-id", REPLACE, "tiles.json", "{\"id\": \"7\"", "{\"id\": \"B2\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.hexes[2]", NULL, "also a tile id", "map.json" },
  { "duplicate-tile", REPLACE, "tiles.json", "{\"id\": \"57\"", "{\"id\": \"7\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.tiles[1]", "{\"id\": \"7\", \"color\": \"yellow\", \"count\": 2,\n",
    "The tile “7” is defined twice" },
  /* the id names folders and autosaves */
  { "id-leaves-folder", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"../../../escape-test/owned\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.id", NULL, "not a plain name" },
  { "id-with-slash", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"mini/x\"", 3, NULL,
    KOL_TITLE_LOADER_ERROR_INVALID, "$.id", NULL, "not a plain name" },
  { "players-out-of-range", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"mini\"", 5, NULL,
    KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.players", "\"players\"", "for 2 to 4 players, not 5" },
  { "unknown-option", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"mini\"", 3, "turbo",
    KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.options", "\"options\"", "no option “turbo”" },
  { "option-player-count", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"mini\"", 2, "big",
    KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.options[0].players", "\"players\": [3, 4]",
    "“big” is not available with 2 players" },
  { "option-requires", REPLACE, "game.json", "\"id\": \"mini\"", "\"id\": \"mini\"", 3, "extra_train",
    KOL_TITLE_LOADER_ERROR_CONFIGURATION, "$.options[1]", "\"extra_train\"",
    "“extra_train” requires the option “big”" },
};

static void
mutate (const BrokenCase *c,
        const char       *dir)
{
  g_autofree char *text = read_text (dir, c->file);
  g_autoptr(GString) out = g_string_new (text);
  g_autofree char *path = g_build_filename (dir, c->file, NULL);
  const char *at = c->find != NULL ? strstr (text, c->find) : NULL;

  if (c->mutation == DELETE)
    {
      g_assert_cmpint (g_unlink (path), ==, 0);
      return;
    }
  g_assert_true (c->find == NULL || at != NULL);
  if (c->mutation == REPLACE && c->find == NULL)
    g_string_assign (out, c->replace);
  else if (c->mutation == REPLACE)
    g_string_replace (out, c->find, c->replace, 1);
  else if (c->mutation == TRUNCATE)
    g_string_truncate (out, (gsize) (at - text));
  else if (c->mutation == DEEP)
    {
      g_autoptr(GString) deep = g_string_new (NULL);

      for (int i = 0; i < 10000; i++)
        g_string_append_c (deep, '[');
      for (int i = 0; i < 10000; i++)
        g_string_append_c (deep, ']');
      g_string_replace (out, c->find, deep->str, 1);
    }
  else if (c->mutation == MANY_HEXES)
    {
      g_autoptr(GString) hexes = g_string_new (c->find);

      /* rows D.. and columns of the right parity: 250 distinct valid hexes */
      for (int i = 0; i < 250; i++)
        g_string_append_printf (hexes, "{\"id\": \"%c%d\", \"color\": \"white\"},", 'D' + i / 25,
                                2 * (i % 25) + 1 + (3 + i / 25) % 2);
      g_string_replace (out, c->find, hexes->str, 1);
    }
  write_text (dir, c->file, out->str, (gssize) out->len);
}

static int
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static gboolean
problem_matches (const BrokenCase      *c,
                 const KolTitleProblem *p,
                 int                    expected_line)
{
  if (!g_str_has_suffix (p->file, c->reported != NULL ? c->reported : c->file) || p->kind != c->kind)
    return FALSE;
  if (c->path == NULL ? p->path != NULL : (!g_str_equal (c->path, "*") && g_strcmp0 (c->path, p->path) != 0))
    return FALSE;
  if (strstr (p->message, c->message) == NULL)
    return FALSE;
  return expected_line == 0 || (p->line == expected_line && p->column >= 1);
}

static int
last_line (const char *text)
{
  int line = 1;

  for (const char *p = text; *p != '\0'; p++)
    line += *p == '\n';
  return line;
}

static void
test_broken (gconstpointer data)
{
  const BrokenCase *c = data;
  g_autofree char *dir = copy_mini ();
  g_auto(GStrv) options = c->options ? g_strsplit (c->options, ",", -1) : NULL;
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) error = NULL;
  int expected_line = 0;
  gboolean found = FALSE;

  mutate (c, dir);
  if (c->line_of != NULL)
    {
      g_autofree char *text = read_text (dir, c->file);

      expected_line = g_str_equal (c->line_of, AT_END) ? last_line (text) : line_of (text, c->line_of);
    }

  source = kol_title_source_new (dir);
  problems = kol_title_source_validate (source, c->n_players, (const char * const *) options, NULL);
  dump_problems (problems);
  for (guint i = 0; i < problems->len && !found; i++)
    found = problem_matches (c, g_ptr_array_index (problems, i), expected_line);
  g_assert_true (found);

  /* loading reports the first problem and refuses the title */
  title = kol_title_source_load (source, c->n_players, (const char * const *) options, &error);
  g_assert_null (title);
  g_assert_error (error, KOL_TITLE_LOADER_ERROR, ((KolTitleProblem *) g_ptr_array_index (problems, 0))->kind);
}

/* The editor validates unsaved texts: problems name the would-be files, and
 * a NUL byte or a missing text is a problem, not a crash. */
static void
test_source_for_texts (void)
{
  g_autofree char *dir = mini_dir ();
  g_autofree char *game = read_text (dir, "game.json");
  g_autofree char *tiles = read_text (dir, "tiles.json");
  g_autofree char *map = read_text (dir, "map.json");
  const char *texts[] = { game, tiles, map };
  gssize lengths[] = { -1, -1, -1 };
  g_autoptr(KolTitleSource) good = kol_title_source_new_for_texts ("/unsaved", texts, lengths);
  g_autoptr(KolTitleSource) nul = NULL;
  g_autoptr(KolTitleSource) missing = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) error = NULL;

  title = kol_title_source_load (good, 3, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (title->n_hexes, ==, 4);

  lengths[2] = (gssize) strlen (map) + 1;  /* the terminating NUL too */
  nul = kol_title_source_new_for_texts ("/unsaved", texts, lengths);
  problems = kol_title_source_validate (nul, 3, NULL, NULL);
  g_assert_cmpuint (problems->len, >=, 1);
  g_assert_cmpstr (((KolTitleProblem *) g_ptr_array_index (problems, 0))->file, ==, "/unsaved/map.json");
  g_assert_nonnull (strstr (((KolTitleProblem *) g_ptr_array_index (problems, 0))->message, "UTF-8"));

  texts[1] = NULL;
  missing = kol_title_source_new_for_texts ("/unsaved", texts, lengths);
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = kol_title_source_validate (missing, 3, NULL, NULL);
  g_assert_cmpint (((KolTitleProblem *) g_ptr_array_index (problems, 0))->kind, ==, KOL_TITLE_LOADER_ERROR_READ);
}

/* ---- formatting and the scanner ------------------------------------------------ */

static void
test_problem_format (void)
{
  KolTitleProblem problem = {
    KOL_TITLE_LOADER_ERROR_INVALID, (char *) "data/games/x/map.json", (char *) "$.hexes[12].tile.paths[3].b",
    40, 7, (char *) "The tile has no node “c9”"
  };
  g_autofree char *text = kol_title_problem_format (&problem);
  g_autoptr(JsonNode) node = kol_title_problem_to_json (&problem);
  JsonObject *object = json_node_get_object (node);

  g_assert_cmpstr (text, ==, "data/games/x/map.json:40:7: $.hexes[12].tile.paths[3].b: The tile has no node “c9”");
  g_assert_cmpstr (json_object_get_string_member (object, "file"), ==, "data/games/x/map.json");
  g_assert_cmpstr (json_object_get_string_member (object, "path"), ==, "$.hexes[12].tile.paths[3].b");
  g_assert_cmpint (json_object_get_int_member (object, "line"), ==, 40);
  g_assert_cmpint (json_object_get_int_member (object, "column"), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (object, "kind"), ==, "invalid");

  problem.line = 0;
  problem.path = NULL;
  g_free (text);
  text = kol_title_problem_format (&problem);
  g_assert_cmpstr (text, ==, "data/games/x/map.json: The tile has no node “c9”");
}

/* Exact positions, in characters, of values under their JSON paths. */
static void
test_scan_positions (void)
{
  const char *text = "{\n  \"ж\": [1, {\"a.b\": \"x\\u00e9\"}],\n  \"n\": -0.5e3, \"it's\": true\n}";
  g_autoptr(KolJsonScan) scan = kol_json_scan_new (text, strlen (text), TRUE);
  int line = 0, column = 0;

  g_assert_true (kol_json_scan_is_parsable (scan));
  g_assert_cmpuint (kol_json_scan_get_issues (scan)->len, ==, 0);
  g_assert_true (kol_json_scan_lookup (scan, "$['ж'][1]['a.b']", &line, &column));
  g_assert_cmpint (line, ==, 2);
  g_assert_cmpint (column, ==, 20);
  g_assert_true (kol_json_scan_lookup (scan, "$.n", &line, &column));
  g_assert_cmpint (line, ==, 3);
  g_assert_cmpint (column, ==, 8);
  g_assert_true (kol_json_scan_lookup (scan, "$['it\\'s']", &line, &column));
  g_assert_false (kol_json_scan_lookup (scan, "$.missing", &line, &column));
}

typedef struct
{
  const char *text;
  gboolean    parsable;
  const char *message;
} ScanCase;

static const ScanCase scan_cases[] = {
  { "{\"a\": [1, 2,]}", FALSE, "Expected a value" },
  { "{\"a\": 01}", FALSE, "Expected “,” / “}” but found “1”" },
  { "{\"a\": 'x'}", FALSE, "Expected a value" },
  { "{\"a\": \"\\q\"}", FALSE, "Unknown escape" },
  { "{\"a\": \"\\ud800\"}", FALSE, "surrogate" },
  { "{\"a\": \"\\u0000\"}", FALSE, "NUL character" },
  { "{\"a\": \"tab\there\"}", FALSE, "control character" },
  { "{\"a\": 1} {", FALSE, "more text after the end" },
  { "\xEF\xBB\xBF{}", FALSE, "byte order mark" },
  { "{\"a\": tru}", FALSE, "Expected a value" },
  { "{\"a\": -}", FALSE, "Expected a digit" },
  { "{\"a\": 1.}", FALSE, "Expected a digit" },
  { "   ", FALSE, "The file is empty" },
  { "{\"a\": \"\\ud83d\\ude00\"}", TRUE, NULL },
  { "[1e308, -9223372036854775808]", TRUE, NULL },
  { "[-9223372036854775809]", TRUE, "out of range" },
};

static void
test_scan_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (scan_cases); i++)
    {
      const ScanCase *c = &scan_cases[i];
      g_autoptr(KolJsonScan) scan = kol_json_scan_new (c->text, strlen (c->text), FALSE);
      GPtrArray *issues = kol_json_scan_get_issues (scan);

      g_test_message ("scan case %u: %s", i, c->text);
      g_assert_cmpint (kol_json_scan_is_parsable (scan), ==, c->parsable);
      if (c->message == NULL)
        g_assert_cmpuint (issues->len, ==, 0);
      else
        {
          g_assert_cmpuint (issues->len, >=, 1);
          g_assert_nonnull (strstr (((KolJsonIssue *) g_ptr_array_index (issues, 0))->message, c->message));
          g_assert_cmpint (((KolJsonIssue *) g_ptr_array_index (issues, 0))->line, ==, 1);
        }
    }
}

/* Duplicate member names are found in small objects, in large ones (past
 * the scanner's switch to a hash set) and not confused across nesting. */
static void
test_scan_duplicate_keys (void)
{
  static const struct { int n_keys; int duplicate; gboolean nested; guint issues; } cases[] = {
    { 3, -1, FALSE, 0 }, { 3, 1, FALSE, 1 }, { 40, -1, FALSE, 0 }, { 40, 5, FALSE, 1 }, { 40, 38, FALSE, 1 },
    { 40, -1, TRUE, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GString) text = g_string_new ("{");
      g_autoptr(KolJsonScan) scan = NULL;

      for (int i = 0; i < cases[c].n_keys; i++)
        g_string_append_printf (text, "%s\"k%d\": %s", i ? ", " : "", i,
                                cases[c].nested && i == 0 ? "{\"k1\": 1, \"k2\": {\"k1\": 2}}" : "0");
      if (cases[c].duplicate >= 0)
        g_string_append_printf (text, ", \"k%d\": 1", cases[c].duplicate);
      g_string_append_c (text, '}');
      scan = kol_json_scan_new (text->str, text->len, FALSE);
      g_test_message ("case %u", c);
      g_assert_true (kol_json_scan_is_parsable (scan));
      g_assert_cmpuint (kol_json_scan_get_issues (scan)->len, ==, cases[c].issues);
    }
}

/* A million nested arrays and a long run of garbage: no crash, one issue. */
static void
test_scan_hostile (void)
{
  gsize n = 1000000;
  g_autofree char *deep = g_malloc (n);
  g_autoptr(KolJsonScan) scan = NULL;

  memset (deep, '[', n);
  scan = kol_json_scan_new (deep, n, TRUE);
  g_assert_false (kol_json_scan_is_parsable (scan));
  g_assert_cmpuint (kol_json_scan_get_issues (scan)->len, ==, 1);
}

/* Work and memory per file are bounded: a file of
 * millions of tiny values is refused before json-glib builds a tree, and
 * a file of millions of duplicated keys gives a bounded list of problems
 * (and so is refused too). */
static void
test_scan_bounded (void)
{
  g_autoptr(GString) many = g_string_new ("[");
  g_autoptr(GString) dups = g_string_new ("{");
  g_autoptr(KolJsonScan) scan = NULL;
  g_autoptr(KolJsonScan) dup_scan = NULL;
  GPtrArray *issues;

  for (guint i = 0; i < KOL_JSON_MAX_VALUES; i++)
    g_string_append (many, i ? ",{}" : "{}");
  g_string_append_c (many, ']');
  scan = kol_json_scan_new (many->str, many->len, FALSE);
  issues = kol_json_scan_get_issues (scan);
  g_assert_false (kol_json_scan_is_parsable (scan));
  g_assert_cmpuint (issues->len, ==, 1);
  g_assert_nonnull (strstr (((KolJsonIssue *) g_ptr_array_index (issues, 0))->message, "values"));

  for (guint i = 0; i < 100000; i++)
    g_string_append (dups, i ? ",\"k\":0" : "\"k\":0");
  g_string_append_c (dups, '}');
  dup_scan = kol_json_scan_new (dups->str, dups->len, TRUE);
  issues = kol_json_scan_get_issues (dup_scan);
  g_assert_false (kol_json_scan_is_parsable (dup_scan));
  g_assert_cmpuint (issues->len, ==, KOL_JSON_MAX_ISSUES + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_setenv ("LANGUAGE", "en", TRUE);

  g_test_add_func ("/title-loader/1849/every-configuration", test_load_1849);
  g_test_add_func ("/title-loader/1849/details", test_1849_details);
  g_test_add_func ("/title-loader/1840/every-configuration", test_load_1840);
  g_test_add_func ("/title-loader/1840/details", test_1840_details);
  g_test_add_func ("/title-loader/mini/two-players", test_mini_two_players);
  g_test_add_func ("/title-loader/mini/options", test_mini_options);
  g_test_add_func ("/title-loader/mini/four-players", test_mini_four_players);
  g_test_add_func ("/title-loader/configurations", test_list_configurations);
  g_test_add_func ("/title-loader/many-options", test_many_options);
  g_test_add_func ("/title-loader/source-for-texts", test_source_for_texts);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/title-loader/broken/%s", broken_cases[i].name);
      g_test_add_data_func (name, &broken_cases[i], test_broken);
    }
  g_test_add_func ("/title-loader/problem-format", test_problem_format);
  g_test_add_func ("/title-loader/scan/positions", test_scan_positions);
  g_test_add_func ("/title-loader/scan/cases", test_scan_cases);
  g_test_add_func ("/title-loader/scan/duplicate-keys", test_scan_duplicate_keys);
  g_test_add_func ("/title-loader/scan/bounded", test_scan_bounded);
  g_test_add_func ("/title-loader/scan/hostile", test_scan_hostile);
  return g_test_run ();
}
