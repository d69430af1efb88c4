/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"

/* Replays are timed after the file is parsed and the title loaded (both
 * reported on their own), so the figure is the engine's and the model's.
 * Both the wall-clock time and the CPU time of the thread are reported: on
 * a busy machine the second is the one to compare. */

typedef struct
{
  KolRecord *record;
  KolTitle  *title;
  GDestroyNotify title_free;
  gint64     seed;
  double     parse_ms;
  double     title_ms;
} Bench;

static void
bench_clear (Bench *b)
{
  g_clear_pointer (&b->record, kol_record_free);
  if (b->title && b->title_free)
    b->title_free (b->title);
  b->title = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Bench, bench_clear)

static double
ms_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / 1000.0;
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static gboolean
prepare (const char *path,
         Bench      *b,
         GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GBytes) bytes = kol_save_file_read (file, KOL_RECORD_IMPORT_ERROR, KOL_RECORD_IMPORT_ERROR_READ,
                                                error);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  gint64 start = g_get_monotonic_time ();
  gboolean saved;
  gsize length;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  root = kol_save_file_parse_json (data, length, KOL_RECORD_IMPORT_ERROR,
                                   KOL_RECORD_IMPORT_ERROR_SYNTAX, error);
  if (root == NULL)
    return FALSE;
  saved = kol_save_file_is_save (root);
  b->record = saved ? kol_save_file_to_record (root, error) : kol_record_parse_node (root, error);
  if (b->record == NULL)
    return FALSE;
  for (guint i = 0; i < b->record->options->len; i++)
    g_ptr_array_add (options, g_ptr_array_index (b->record->options, i));
  g_ptr_array_add (options, NULL);
  b->parse_ms = ms_since (start);
  b->seed = kol_record_choose_seed (b->record, KOL_RECORD_SEED_AUTO, NULL);
  start = g_get_monotonic_time ();
  /* a save names every option in effect; a record is loaded as the import
   * loads it */
  if (saved)
    b->title = kol_save_file_load_title (b->record->title_id, b->record->n_players,
                                         (const char * const *) options->pdata, NULL, &b->title_free, error);
  else
    b->title = kol_record_load_title (b->record, NULL, NULL, notes, &b->title_free, error);
  b->title_ms = ms_since (start);
  return b->title != NULL;
}

/* One replay from the initial state; returns its time in ms and sets
 * @cpu to the CPU time it took. */
static double
replay_once (Bench           *b,
             KolImportReport *report,
             double          *cpu,
             GError         **error)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();
  g_autoptr(KolEngine) initial = NULL;
  g_autoptr(KolHistory) history = NULL;

  initial = kol_engine_new (b->title, b->record->n_players, b->record->player_ids,
                          (const char **) b->record->player_names, b->seed, error);
  if (initial == NULL)
    return -1;
  history = kol_history_new_from_game (NULL, initial);
  kol_record_replay (b->record, history, NULL, NULL, report);
  *cpu = cpu_ms () - cpu_start;
  return ms_since (start);
}

static gboolean
bench_file (const char *path,
            int         repeat,
            GError    **error)
{
  g_auto(Bench) b = { 0 };
  g_autofree double *times = g_new0 (double, repeat);
  g_autofree double *cpu = g_new0 (double, repeat);
  g_auto(KolImportReport) report = { 0 };
  double median;

  if (!prepare (path, &b, error))
    return FALSE;
  for (int i = 0; i < repeat; i++)
    {
      kol_import_report_clear (&report);
      memset (&report, 0, sizeof report);
      if ((times[i] = replay_once (&b, &report, &cpu[i], error)) < 0)
        return FALSE;
    }
  qsort (times, (gsize) repeat, sizeof *times, compare_doubles);
  qsort (cpu, (gsize) repeat, sizeof *cpu, compare_doubles);
  median = times[repeat / 2];
  /* Translators: a benchmark line: file name, actions replayed, then
   * milliseconds (median, fastest, slowest) and actions per second. */
  g_print (_("%s: %u actions, %.3f ms per game (median of %d; min %.3f, max %.3f), %.0f actions/s"),
           path, report.n_processed, median, repeat, times[0], times[repeat - 1],
           median > 0 ? report.n_processed / (median / 1000.0) : 0.0);
  g_print ("\n");
  /* Translators: the median CPU time of a replay, in milliseconds. */
  g_print (_("  CPU time %.3f ms per game (median)"), cpu[repeat / 2]);
  g_print ("\n");
  /* Translators: the time to read the file's JSON and to load the title
   * data, in milliseconds, which the figure above leaves out. */
  g_print (_("  reading the file %.3f ms, loading the title %.3f ms (not included)"), b.parse_ms, b.title_ms);
  g_print ("\n");
  if (report.stopped)
    {
      g_autofree char *why = kol_import_report_describe_stop (&report);

      g_print ("  %s\n", why);
    }
  return TRUE;
}

/**
 * kol_cli_bench_replay:
 *
 * `koleya-cli bench-replay FILE… [--repeat N]`: times full replays of
 * saves or 18xx.games records.
 *
 * Returns: a #KolCliExit status.
 */
int
kol_cli_bench_replay (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE…"));
  g_autoptr(GError) error = NULL;
  int repeat = 20;
  int status = KOL_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "repeat", 'n', 0, G_OPTION_ARG_INT, &repeat, N_("Replay each game N times (default 20)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Times the replay of saves or games exported from 18xx.games: "
                                           "the median time per game and the actions per second."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc < 2 || repeat < 1 || repeat > 100000)
    {
      g_printerr ("%s\n", _("Give at least one game file, and a repeat count from 1 to 100000."));
      return KOL_CLI_EXIT_USAGE;
    }
  for (int i = 1; i < argc; i++)
    {
      g_clear_error (&error);
      if (!bench_file (argv[i], repeat, &error))
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          status = KOL_CLI_EXIT_FAILURE;
        }
    }
  return status;
}
