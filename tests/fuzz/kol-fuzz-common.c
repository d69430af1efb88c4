/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-fuzz-common.h"

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
