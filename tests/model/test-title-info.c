/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "kol-title-info.h"

#define SAMPLE_GAME                                                        \
  "{\"schema\": \"koleya/game/1\", \"id\": \"9999\","                      \
  " \"name\": {\"en\": \"9999 Testland\", \"ru\": \"9999 Тестландия\"},"   \
  " \"designer\": \"A. Designer\", \"players\": {\"min\": 2, \"max\": 4}," \
  " \"bank\": 5000}"

/* Writes @json as @dir/@title/game.json. */
static void
write_game (const char *dir,
            const char *title,
            const char *json)
{
  g_autofree char *title_dir = g_build_filename (dir, title, NULL);
  g_autofree char *path = g_build_filename (title_dir, "game.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (title_dir, 0700), ==, 0);
  g_file_set_contents (path, json, -1, &error);
  g_assert_no_error (error);
}

/* Inside the test's isolated directories, which GTest removes afterwards. */
static char *
make_temp_dir (void)
{
  char *dir = g_build_filename (g_get_user_cache_dir (), "titles-XXXXXX", NULL);

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_cache_dir (), 0700), ==, 0);
  g_assert_nonnull (g_mkdtemp (dir));
  return dir;
}

static KolTitleInfo *
load (const char *dir,
      const char *title,
      GError    **error)
{
  g_autofree char *path = g_build_filename (dir, title, "game.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return kol_title_info_new_from_file (file, error);
}

static void
test_load_sample (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(KolTitleInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title_dir = g_build_filename (dir, "9999", NULL);
  g_autofree char *directory = NULL;

  write_game (dir, "9999", SAMPLE_GAME);
  g_setenv ("LANGUAGE", "en", TRUE);
  info = load (dir, "9999", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (kol_title_info_get_id (info), ==, "9999");
  g_assert_cmpstr (kol_title_info_get_name (info), ==, "9999 Testland");
  g_assert_cmpstr (kol_title_info_get_designer (info), ==, "A. Designer");
  g_assert_cmpuint (kol_title_info_get_min_players (info), ==, 2);
  g_assert_cmpuint (kol_title_info_get_max_players (info), ==, 4);
  directory = g_file_get_path (kol_title_info_get_directory (info));
  g_assert_cmpstr (directory, ==, title_dir);
}

/* The name follows the user's language (game.json "name" is {"en", "ru"}). */
static void
test_load_russian_name (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(KolTitleInfo) info = NULL;

  write_game (dir, "9999", SAMPLE_GAME);
  g_setenv ("LANGUAGE", "ru", TRUE);
  info = load (dir, "9999", NULL);
  g_unsetenv ("LANGUAGE");

  g_assert_cmpstr (kol_title_info_get_name (info), ==, "9999 Тестландия");
}

static void
test_designer_optional (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(KolTitleInfo) info = NULL;

  write_game (dir, "x", "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 3, \"max\": 3}}");
  info = load (dir, "x", NULL);

  g_assert_nonnull (info);
  g_assert_cmpstr (kol_title_info_get_designer (info), ==, "");
}

static const struct {
  const char *json;
  int code;
} invalid_cases[] = {
  { "{\"id\": ", KOL_TITLE_INFO_ERROR_READ },
  { "", KOL_TITLE_INFO_ERROR_INVALID },
  { "[1, 2]", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": 7, \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"players\": {\"min\": 2, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": {\"en\": 1}, \"players\": {\"min\": 2, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\"}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": [2, 4]}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 2}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 5, \"max\": 3}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 0, \"max\": 3}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 1000}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 2.5, \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": \"2\", \"max\": 4}}", KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}, \"designer\": []}",
    KOL_TITLE_INFO_ERROR_INVALID },
  /* ids name folders and autosaves: only plain names */
  { "{\"id\": \"../../../escape-test/owned\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}",
    KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \".hidden\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}",
    KOL_TITLE_INFO_ERROR_INVALID },
  { "{\"id\": \"a\\u001b[2Jb\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}}",
    KOL_TITLE_INFO_ERROR_INVALID },
};

/* Bad files give an error naming the file, never a crash or a warning. */
static void
test_invalid (void)
{
  g_autofree char *dir = make_temp_dir ();

  for (gsize i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    {
      g_autofree char *title = g_strdup_printf ("bad%" G_GSIZE_FORMAT, i);
      g_autoptr(KolTitleInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT ": %s", i, invalid_cases[i].json);
      write_game (dir, title, invalid_cases[i].json);
      info = load (dir, title, &error);

      g_assert_null (info);
      g_assert_error (error, KOL_TITLE_INFO_ERROR, invalid_cases[i].code);
      g_assert_nonnull (strstr (error->message, title));
    }
}

static void
test_missing_file (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleInfo) info = load (dir, "absent", &error);

  g_assert_null (info);
  g_assert_error (error, KOL_TITLE_INFO_ERROR, KOL_TITLE_INFO_ERROR_READ);
}

/* The title list reads every game.json it finds: one nested a million
 * deep (json-glib recurses without a limit) or of a million values is
 * refused with a message, not a crash or gigabytes. */
static void
test_hostile_game_json (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *deep = g_malloc (2000001);
  g_autoptr(GString) wide = g_string_new ("{\"id\": \"x\", \"name\": \"X\", \"players\": {\"min\": 2, \"max\": 4}, "
                                          "\"pad\": [");
  const char *texts[2];

  memset (deep, '[', 1000000);
  memset (deep + 1000000, ']', 1000000);
  deep[2000000] = '\0';
  for (guint i = 0; i < 1000000; i++)
    g_string_append (wide, i ? ",0" : "0");
  g_string_append (wide, "]}");
  texts[0] = deep;
  texts[1] = wide->str;
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *title = g_strdup_printf ("hostile%" G_GSIZE_FORMAT, i);
      g_autoptr(KolTitleInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      write_game (dir, title, texts[i]);
      info = load (dir, title, &error);
      g_assert_null (info);
      g_assert_error (error, KOL_TITLE_INFO_ERROR, KOL_TITLE_INFO_ERROR_READ);
      g_assert_nonnull (strstr (error->message, title));
    }
}

static void
test_players_label (void)
{
  static const struct {
    guint min, max;
    const char *label;
  } cases[] = {
    { 3, 5, "3–5 players" },
    { 2, 2, "2 players" },
    { 1, 1, "1 player" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KolTitleInfo) info = g_object_new (KOL_TYPE_TITLE_INFO,
                                                   "id", "x", "name", "X",
                                                   "min-players", cases[i].min,
                                                   "max-players", cases[i].max,
                                                   NULL);
      g_autofree char *label = kol_title_info_dup_players_label (info);

      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

/* Earlier directories win for the same id; broken, hidden and non-title
 * entries are skipped; the result is sorted by id. */
static void
test_list_in_dirs (void)
{
  g_autofree char *first = make_temp_dir ();
  g_autofree char *second = make_temp_dir ();
  g_autofree char *missing = g_build_filename (first, "no-such-dir", NULL);
  g_autofree char *stray = g_build_filename (second, "README.md", NULL);
  const char *dirs[] = { first, missing, second, NULL };
  g_autoptr(GListModel) titles = NULL;
  g_autoptr(KolTitleInfo) t0 = NULL;
  g_autoptr(KolTitleInfo) t1 = NULL;

  write_game (first, "t1", "{\"id\": \"t1\", \"name\": \"Mine\", \"players\": {\"min\": 2, \"max\": 4}}");
  write_game (first, "broken", "{\"id\": ");
  write_game (first, ".hidden", "{\"id\": \"h\", \"name\": \"H\", \"players\": {\"min\": 2, \"max\": 4}}");
  write_game (second, "t1", "{\"id\": \"t1\", \"name\": \"Shipped\", \"players\": {\"min\": 2, \"max\": 4}}");
  write_game (second, "t0", "{\"id\": \"t0\", \"name\": \"Zero\", \"players\": {\"min\": 3, \"max\": 6}}");
  g_assert_true (g_file_set_contents (stray, "not a title", -1, NULL));

  titles = kol_title_info_list_in_dirs (dirs);

  g_assert_cmpuint (g_list_model_get_n_items (titles), ==, 2);
  t0 = g_list_model_get_item (titles, 0);
  t1 = g_list_model_get_item (titles, 1);
  g_assert_cmpstr (kol_title_info_get_id (t0), ==, "t0");
  g_assert_cmpstr (kol_title_info_get_id (t1), ==, "t1");
  g_assert_cmpstr (kol_title_info_get_name (t1), ==, "Mine");
}

static void
test_search_dirs (void)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "koleya", "games", NULL);
  g_auto(GStrv) dirs = NULL;
  const char *expected[] = {
    user_dir, "/first", "/second",
    PKGDATADIR "/games", NULL
  };

  g_setenv ("KOLEYA_DATA_DIR", "/first" G_SEARCHPATH_SEPARATOR_S "/second", TRUE);
  dirs = kol_title_info_get_search_dirs ();
  g_assert_cmpstrv (dirs, expected);
}

/* The user's data directory comes before KOLEYA_DATA_DIR. */
static void
test_list_titles (void)
{
  g_autofree char *env_dir = make_temp_dir ();
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "koleya", "games", NULL);
  g_autoptr(GListModel) titles = NULL;
  gboolean found_user = FALSE, found_env = FALSE;

  write_game (env_dir, "9999", SAMPLE_GAME);
  write_game (env_dir, "t5", "{\"id\": \"t5\", \"name\": \"Env\", \"players\": {\"min\": 2, \"max\": 4}}");
  write_game (user_dir, "t5", "{\"id\": \"t5\", \"name\": \"User\", \"players\": {\"min\": 2, \"max\": 4}}");
  g_setenv ("KOLEYA_DATA_DIR", env_dir, TRUE);

  titles = kol_title_info_list_titles ();
  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_str_equal (kol_title_info_get_id (info), "9999"))
        found_env = TRUE;
      if (g_str_equal (kol_title_info_get_id (info), "t5"))
        found_user = g_str_equal (kol_title_info_get_name (info), "User");
    }
  g_assert_true (found_env);
  g_assert_true (found_user);
}

/* Every title shipped in data/games has valid metadata, and its id is the
 * name of its directory, as data/games/README.md requires. */
static void
test_shipped_titles (void)
{
  g_autofree char *games = g_test_build_filename (G_TEST_DIST, "..", "data", "games", NULL);
  g_autoptr(GDir) listing = g_dir_open (games, 0, NULL);
  const char *entry;

  g_assert_nonnull (listing);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (games, entry, "game.json", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(KolTitleInfo) info = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      g_test_message ("%s", path);
      info = kol_title_info_new_from_file (file, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (kol_title_info_get_id (info), ==, entry);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/title-info/load-sample", test_load_sample);
  g_test_add_func ("/title-info/load-russian-name", test_load_russian_name);
  g_test_add_func ("/title-info/designer-optional", test_designer_optional);
  g_test_add_func ("/title-info/invalid", test_invalid);
  g_test_add_func ("/title-info/missing-file", test_missing_file);
  g_test_add_func ("/title-info/hostile-game-json", test_hostile_game_json);
  g_test_add_func ("/title-info/players-label", test_players_label);
  g_test_add_func ("/title-info/list-in-dirs", test_list_in_dirs);
  g_test_add_func ("/title-info/search-dirs", test_search_dirs);
  g_test_add_func ("/title-info/list-titles", test_list_titles);
  g_test_add_func ("/title-info/shipped-titles", test_shipped_titles);

  return g_test_run ();
}
