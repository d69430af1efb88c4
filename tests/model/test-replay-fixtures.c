/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-record-import.h"
#include "kol-state-dump.h"
#include "kol-test-game.h"
#include "kol-test-oracle.h"

/*
 * Every game in ../shared/fixtures/18xx.games replays to
 * its end and reproduces its recorded result; after every action the state
 * matches the reference dump in ../shared/fixtures/oracle, and a mismatch
 * names the first diverging action and field, and the test says how far
 * the game got ("1849-27939: 99/370 actions match; first divergence at
 * seq 100 (id 117, buy_company, $.actions[111]): corporations[IFT].cash
 * expected 296, got 295").
 *
 * The same for the games in tests/records (gzip-compressed
 * records with their dumps), 1849 games with its variants that Koleya's
 * self-play made and 18xx.games' engine replayed (tests/records/README.md).
 */

typedef struct
{
  char *record;
  char *oracle;
  char *name;
} Fixture;

static void
fixture_free (gpointer data)
{
  Fixture *f = data;

  g_free (f->record);
  g_free (f->oracle);
  g_free (f->name);
  g_free (f);
}

static void
report (const char *message)
{
  g_test_message ("%s", message);
  g_test_fail ();
}

/* A record, gzip-compressed when its name ends in ".gz". */
static KolRecord *
load_record (const char  *path,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GZlibDecompressor) gunzip = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (!g_str_has_suffix (path, ".gz"))
    return kol_record_load (file, error);
  if ((in = g_file_read (file, NULL, error)) == NULL)
    return NULL;
  gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  stream = g_converter_input_stream_new (G_INPUT_STREAM (in), G_CONVERTER (gunzip));
  out = g_memory_output_stream_new_resizable ();
  if (g_output_stream_splice (out, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, error) < 0)
    return NULL;
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  return kol_record_parse (bytes, error);
}

static void
test_fixture (gconstpointer data)
{
  const Fixture *f = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolOracle) oracle = NULL;
  g_autoptr(KolRecord) record = load_record (f->record, &error);
  g_autoptr(KolHistory) history = NULL;
  g_auto(KolImportReport) rep = { 0 };
  g_autofree char *progress = NULL;
  JsonNode *end;
  KolStateMismatch m;

  g_assert_no_error (error);
  oracle = kol_oracle_new (f->oracle, &error);
  g_assert_no_error (error);
  /* what the reference engine kept after undo filtering */
  g_assert_cmpuint (record->kept->len, ==, oracle->total);

  history = kol_record_import (record, KOL_RECORD_SEED_AUTO, NULL, NULL, kol_oracle_check_step, oracle,
                               &rep, &error);
  g_assert_no_error (error);
  g_assert_nonnull (history);
  kol_oracle_check_init (oracle, kol_history_get_initial_game (history));
  if (oracle->divergence == NULL && rep.stopped)
    {
      g_autofree char *why = kol_import_report_describe_stop (&rep);

      oracle->divergence = g_strdup_printf ("the replay stopped: %s", why);
    }
  if (oracle->divergence)
    {
      progress = g_strdup_printf ("%s: %u/%u actions match; first divergence at %s", f->name,
                                  oracle->matched, oracle->total, oracle->divergence);
      report (progress);
      return;
    }
  g_test_message ("%s: %u/%u actions match; %u claimed routes checked, %u valid", f->name, oracle->matched,
                  oracle->total, rep.n_routes_checked, rep.n_routes_valid);
  for (guint i = 0; i < rep.warnings->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (rep.warnings, i));

  /* the end: finished, and the recorded result */
  end = kol_oracle_end_line (oracle);
  g_assert_nonnull (end);
  g_assert_true (rep.finished);
  g_assert_nonnull (record->result);
  g_assert_nonnull (rep.result);
  if (!kol_state_compare_result (record->result, rep.result, &m))
    {
      progress = g_strdup_printf ("%s: all actions match, but the result differs: expected %s, got %s",
                                  f->name, m.expected, m.actual);
      kol_state_mismatch_clear (&m);
      report (progress);
      return;
    }
  /* every claimed route that the validator can check is valid and pays
   * what was claimed (18xx-games-format.md §5: all do, with browser
   * semantics) */
  g_assert_cmpuint (rep.warnings->len, ==, 0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static GPtrArray *
find_fixtures (const char *shared)
{
  g_autofree char *records = g_build_filename (shared, "fixtures", "18xx.games", NULL);
  g_autoptr(GDir) dir = g_dir_open (records, 0, NULL);
  GPtrArray *fixtures = g_ptr_array_new_with_free_func (fixture_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *base = g_strndup (file, strlen (file) - strlen (".json"));
      g_autofree char *oracle = g_strdup_printf ("%s.jsonl.gz", base);
      Fixture *f = g_new0 (Fixture, 1);

      f->name = g_steal_pointer (&base);
      f->record = g_build_filename (records, file, NULL);
      f->oracle = g_build_filename (shared, "fixtures", "oracle", oracle, NULL);
      g_ptr_array_add (fixtures, f);
    }
  return fixtures;
}

/* tests/records: NAME.json.gz with NAME.jsonl.gz beside it. */
static void
add_generated (GPtrArray *fixtures)
{
  g_autoptr(GDir) dir = g_dir_open (KOL_RECORDS_DIR, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json.gz"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *base = g_strndup (file, strlen (file) - strlen (".json.gz"));
      g_autofree char *oracle = g_strdup_printf ("%s.jsonl.gz", base);
      Fixture *f = g_new0 (Fixture, 1);

      f->name = g_strdup_printf ("generated/%s", base);
      f->record = g_build_filename (KOL_RECORDS_DIR, file, NULL);
      f->oracle = g_build_filename (KOL_RECORDS_DIR, oracle, NULL);
      g_ptr_array_add (fixtures, f);
    }
}

static void
test_missing (void)
{
  g_test_skip ("../shared/fixtures is not there");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *shared = NULL;
  g_autoptr(GPtrArray) fixtures = NULL;

  g_test_init (&argc, &argv, NULL);

  shared = kol_test_shared_dir ();
  if (shared == NULL)
    {
      g_test_add_func ("/replay-fixtures/shared-missing", test_missing);
      fixtures = g_ptr_array_new_with_free_func (fixture_free);
    }
  else
    fixtures = find_fixtures (shared);
  add_generated (fixtures);
  for (guint i = 0; i < fixtures->len; i++)
    {
      Fixture *f = g_ptr_array_index (fixtures, i);
      g_autofree char *path = g_strdup_printf ("/replay-fixtures/%s", f->name);

      g_test_add_data_func (path, f, test_fixture);
    }
  return g_test_run ();
}
