/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-json-format.h"
#include "kol-maker.h"
#include "kol-title-document.h"

/*
 * koleya-cli maker-export DIR -o FILE [--players N] [--option X]…
 *   [--language en|ru]
 *
 * Writes a title as an 18xx-maker game definition for one configuration
 * and language, and says on standard error what did not translate.
 */

typedef struct
{
  char  *output;
  char  *language;
  char **options;
  int    players;
} ExportArgs;

static void
export_args_clear (ExportArgs *args)
{
  g_free (args->output);
  g_free (args->language);
  g_strfreev (args->options);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExportArgs, export_args_clear)

static int
parse_args (int         argc,
            char      **argv,
            ExportArgs *args)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("DIR"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("Write to FILE"), N_("FILE") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &args->players,
      N_("Number of players (default: the most the title allows)"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->options,
      N_("A variant option in effect; repeat for several"), N_("OPTION") },
    { "language", 0, 0, G_OPTION_ARG_STRING, &args->language,
      N_("Language of the texts written: “en” (the default) or “ru”"), N_("LANG") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Writes a title as an 18xx-maker game definition and says what does not "
                                           "translate."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || args->output == NULL)
    {
      g_printerr ("%s\n", _("Give one title folder and the file to write with -o FILE."));
      return KOL_CLI_EXIT_USAGE;
    }
  if (args->language != NULL && g_strcmp0 (args->language, "en") != 0 && g_strcmp0 (args->language, "ru") != 0)
    {
      g_printerr ("%s\n", _("The language is en or ru."));
      return KOL_CLI_EXIT_USAGE;
    }
  return KOL_CLI_EXIT_OK;
}

/**
 * kol_cli_maker_export:
 *
 * `koleya-cli maker-export DIR -o FILE`.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_maker_export (int    argc,
                      char **argv)
{
  g_auto(ExportArgs) args = { 0 };
  g_autoptr(KolTitleDocument) doc = NULL;
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) maker = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  KolMakerExportOptions opts = { 0 };
  int status;

  if ((status = parse_args (argc, argv, &args)) != KOL_CLI_EXIT_OK)
    return status;
  opts.n_players = args.players;
  opts.options = (const char * const *) args.options;
  opts.language = args.language != NULL ? args.language : "en";
  if ((doc = kol_title_document_new_from_directory (argv[1], &error)) == NULL ||
      (maker = kol_maker_export (kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, "$"),
                                 kol_title_document_get_value (doc, KOL_TITLE_FILE_MAP, "$"),
                                 kol_title_document_get_value (doc, KOL_TITLE_FILE_TILES, "$"), &opts, report,
                                 &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  text = kol_json_format_write (maker, NULL);
  if (!g_file_set_contents (args.output, text, -1, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  /* Translators: %s is a file; the lines that follow say what was lost. */
  g_printerr (_("Wrote %s. What did not translate:\n"), args.output);
  for (guint i = 0; i < report->len; i++)
    g_printerr ("  %s\n", (char *) g_ptr_array_index (report, i));
  return KOL_CLI_EXIT_OK;
}
