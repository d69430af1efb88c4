/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-display-text.h"

/**
 * kol_cli_import:
 *
 * `koleya-cli import FILE -o SAVE [--partial] [--seed MODE]`: replays an
 * 18xx.games record and writes it as a Koleya save. A record whose replay
 * stops early is not written unless --partial is given.
 *
 * Returns: a #KolCliExit status.
 */
int
kol_cli_import (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr(GError) error = NULL;
  g_auto(KolCliGame) game = { 0 };
  g_autoptr(GFile) out = NULL;
  g_autofree char *output = NULL;
  g_autofree char *seed = NULL;
  KolRecordSeedMode mode;
  gboolean partial = FALSE;
  gboolean verbose = FALSE;
  const GOptionEntry entries[] = {
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      N_("Say where problems are as JSON paths and whole file names, for developers"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the save to SAVE"), N_("SAVE") },
    { "partial", 0, 0, G_OPTION_ARG_NONE, &partial,
      N_("Also write a game whose replay stopped early, up to the action that failed"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
      N_("Take the seed from “settings”, from the “game-id”, or “auto” (by the record’s date; "
         "the default)"), N_("MODE") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Imports a game exported from 18xx.games: replays it and "
                                           "writes it as a Koleya save."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || output == NULL || !kol_cli_game_parse_seed_mode (seed, &mode))
    {
      g_printerr ("%s\n", _("Give one game file and the save to write with -o SAVE."));
      return KOL_CLI_EXIT_USAGE;
    }
  kol_display_set_verbose (verbose);
  if (!kol_cli_game_open (argv[1], mode, &game, &error))
    {
      kol_cli_print_file_error (argv[1], error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  if (game.history == NULL)
    {
      kol_cli_print_file_error (argv[1], game.error ? game.error->message : "");
      return KOL_CLI_EXIT_FAILURE;
    }
  for (guint i = 0; game.report.notes && i < game.report.notes->len; i++)
    g_print ("%s\n", (char *) g_ptr_array_index (game.report.notes, i));
  if (game.report.stopped || game.error)
    {
      g_autofree char *why = game.report.stopped ? kol_import_report_describe_stop (&game.report)
                                                 : g_strdup (game.error->message);

      kol_cli_print_file_error (argv[1], why);
      if (!partial)
        {
          g_printerr ("%s\n", _("Nothing written; use --partial to save the game up to that action."));
          return KOL_CLI_EXIT_FAILURE;
        }
    }
  out = g_file_new_for_commandline_arg (output);
  if (!kol_save_file_write (game.history, out, &error))
    {
      kol_cli_print_file_error (output, error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  /* Translators: %u is a number of actions, %s a file name. */
  g_print (_("Wrote %u actions to %s."), kol_history_get_n_actions (game.history), output);
  g_print ("\n");
  return game.report.stopped || game.error ? KOL_CLI_EXIT_FAILURE : KOL_CLI_EXIT_OK;
}
