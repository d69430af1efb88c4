/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-fuzz-common.h"
#include "kol-game.h"
#include "kol-svg-renderer.h"
#include "kol-title-loader.h"

/* Configurations kept loaded; beyond that, titles are loaded and freed. */
#define MAX_CACHED 64

static GHashTable *cache;     /* "id|players|options" → KolTitle* */
static GHashTable *failures;  /* "id|players|options" → GError* */

/**
 * kol_fuzz_title_cache:
 *
 * A #KolTitleResolver that keeps every title it loads (up to a bound).
 */
KolTitle *
kol_fuzz_title_cache (const char         *title_id,
                      int                 n_players,
                      const char * const *options,
                      gpointer            user_data,
                      GDestroyNotify     *title_free,
                      GError            **error)
{
  g_autofree char *joined = g_strjoinv (",", (char **) options);
  g_autofree char *key = g_strdup_printf ("%s|%d|%s", title_id, n_players, joined);
  KolTitle *title;

  g_autoptr(GError) local = NULL;
  const GError *failed;

  if (cache == NULL)
    {
      cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kol_title_free);
      failures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_error_free);
    }
  *title_free = NULL;
  if ((title = g_hash_table_lookup (cache, key)) != NULL)
    return title;
  if ((failed = g_hash_table_lookup (failures, key)) != NULL)
    {
      g_propagate_error (error, g_error_copy (failed));
      return NULL;
    }
  title = kol_save_file_load_title (title_id, n_players, options, NULL, title_free, &local);
  if (title == NULL && g_hash_table_size (failures) < 4 * MAX_CACHED)
    g_hash_table_insert (failures, g_steal_pointer (&key), g_error_copy (local));
  else if (title != NULL && g_hash_table_size (cache) < MAX_CACHED)
    {
      g_hash_table_insert (cache, g_steal_pointer (&key), title);
      *title_free = NULL;
    }
  if (local)
    g_propagate_error (error, g_steal_pointer (&local));
  return title;
}

/**
 * kol_fuzz_load_save:
 *
 * Loads @data as a save file; if it loads, writes it out and loads that
 * again, which must give the same game.
 */
void
kol_fuzz_load_save (const guint8 *data,
                    gsize         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolHistory) history = kol_save_file_load_bytes (bytes, kol_fuzz_title_cache, NULL, &error);
  g_autoptr(GBytes) again = NULL;
  g_autoptr(KolHistory) reloaded = NULL;

  if (history == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == KOL_SAVE_FILE_ERROR);
      return;
    }
  if (kol_history_can_undo (history))
    g_assert_true (kol_history_undo (history, NULL));
  again = kol_save_file_serialize (history);
  reloaded = kol_save_file_load_bytes (again, kol_fuzz_title_cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_history_get_n_actions (reloaded), ==, kol_history_get_n_actions (history));
}

/**
 * kol_fuzz_import:
 *
 * Parses @data as an 18xx.games record and replays it; what replays is
 * saved and loaded again, which must give the same number of actions.
 */
void
kol_fuzz_import (const guint8 *data,
                 gsize         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(KolRecord) record = kol_record_parse (bytes, &error);
  g_autoptr(KolHistory) history = NULL;
  g_autoptr(KolHistory) reloaded = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_auto(KolImportReport) report = { 0 };
  g_autofree char *why = NULL;

  if (record == NULL)
    {
      g_assert_nonnull (error);
      return;
    }
  history = kol_record_import (record, KOL_RECORD_SEED_AUTO, kol_fuzz_title_cache, NULL, NULL, NULL,
                               &report, &error);
  if (history == NULL)
    {
      g_assert_nonnull (error);
      return;
    }
  why = kol_import_report_describe_stop (&report);
  g_assert_true ((why != NULL) == report.stopped);
  saved = kol_save_file_serialize (history);
  reloaded = kol_save_file_load_bytes (saved, kol_fuzz_title_cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kol_history_get_n_actions (reloaded), ==, kol_history_get_n_actions (history));
}

/* Configurations tried per title folder, and moves played in each. */
#define MAX_CONFIGS 3
#define MAX_MOVES 12

/* Plays the first legal move a few times: the rules on a title that loads
 * must never crash, whatever its data. */
static void
play_a_little (KolTitle *title,
               int       n_players)
{
  static const char * const names[] = { "A", "B", "C", "D", "E", "F", "G", "H" };
  g_autoptr(GError) error = NULL;
  g_autoptr(KolHistory) history = kol_history_new (title, n_players, NULL, names, 1, &error);
  g_autoptr(KolGame) game = NULL;
  g_autofree char *board = NULL;
  KolSvgOptions opts;

  if (history == NULL)
    return;
  game = kol_game_new_for_history (history, NULL);
  kol_svg_options_init (&opts);
  board = kol_svg_render_board (kol_game_get_engine (game), &opts, NULL, NULL);
  g_assert_nonnull (board);
  for (int i = 0; i < MAX_MOVES && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) refused = NULL;

      if (legal->len == 0)
        break;
      /* the engine offered it: it must accept it */
      g_assert_true (kol_game_apply_action (game, g_ptr_array_index (legal, i % legal->len), &refused));
    }
}

/**
 * kol_fuzz_title_folder:
 *
 * Reads @data as a title folder: game.json, tiles.json and map.json
 * separated by NUL bytes (which JSON text never holds). Its configurations
 * are validated and loaded, and those that load are set up and played a
 * few moves. Validation and loading must agree.
 */
void
kol_fuzz_title_folder (const guint8 *data,
                       gsize         size)
{
  const char *texts[3] = { "", "", "" };
  gssize lengths[3] = { 0, 0, 0 };
  const char *p = (const char *) data, *end = p + size;
  g_autoptr(KolTitleSource) source = NULL;
  g_autoptr(GPtrArray) configs = NULL;
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < 3 && p <= end; i++)
    {
      const char *nul = memchr (p, '\0', (gsize) (end - p));

      texts[i] = p;
      lengths[i] = (nul != NULL ? nul : end) - p;
      p += lengths[i] + 1;
    }
  source = kol_title_source_new_for_texts ("fuzz", texts, lengths);
  configs = kol_title_source_list_configurations (source, &error);
  if (configs == NULL)
    {
      g_assert_nonnull (error);
      return;
    }
  for (guint i = 0; i < configs->len && i < MAX_CONFIGS; i++)
    {
      KolTitleConfig *config = g_ptr_array_index (configs, i);
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GError) load_error = NULL;
      KolTitle *title;

      problems = kol_title_source_validate (source, config->n_players, (const char * const *) config->options, NULL);
      title = kol_title_source_load (source, config->n_players, (const char * const *) config->options, &load_error);
      g_assert_true ((title != NULL) == (problems->len == 0));
      if (title != NULL)
        play_a_little (title, config->n_players);
    }
}

/**
 * kol_fuzz_json_format:
 *
 * The editor's round trip on @data: what the strict reader accepts is
 * written by the layout rule; that text reads back as the same tree, and
 * writing it again gives the same bytes.
 */
void
kol_fuzz_json_format (const guint8 *data,
                      gsize         size)
{
  g_autoptr(KolJsonLexemes) lexemes = kol_json_lexemes_new ();
  g_autoptr(KolJsonLexemes) again_lexemes = kol_json_lexemes_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rewritten = NULL;
  g_autofree char *compact = NULL;

  if (size > 0 && data[size - 1] == '\0')
    size--;
  root = kol_json_format_parse ((const char *) data, (gssize) size, lexemes, &error);
  if (root == NULL)
    {
      g_assert_error (error, KOL_JSON_FORMAT_ERROR, KOL_JSON_FORMAT_ERROR_SYNTAX);
      return;
    }
  text = kol_json_format_write (root, lexemes);
  compact = kol_json_format_write_compact (root, lexemes);
  again = kol_json_format_parse (text, -1, again_lexemes, &error);
  g_assert_no_error (error);
  g_assert_true (kol_json_format_identical (root, again));
  rewritten = kol_json_format_write (again, again_lexemes);
  g_assert_cmpstr (rewritten, ==, text);
}

/**
 * kol_fuzz_cleanup:
 *
 * Frees the titles kept by kol_fuzz_title_cache().
 */
void
kol_fuzz_cleanup (void)
{
  g_clear_pointer (&cache, g_hash_table_unref);
  g_clear_pointer (&failures, g_hash_table_unref);
}
