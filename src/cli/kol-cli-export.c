/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-print-export.h"
#include "kol-title-document.h"

/*
 * koleya-cli export DIR --what map|tiles|market [--format pdf|svg]
 *   [--paper a4|a3|letter] [--landscape] [--scale real|fit] [--hex-mm MM]
 *   [--players N] [--option X]… [--language ru] -o FILE
 *
 * Prints a title's map, tile sheet or stock market into a PDF (all pages in
 * one file) or SVG files (one per page).
 */

typedef struct
{
  char    *what;
  char    *format;
  char    *paper;
  char    *scale;
  char    *language;
  char    *output;
  char   **options;
  double   hex_mm;
  int      players;
  gboolean landscape;
} ExportArgs;

static void
export_args_clear (ExportArgs *args)
{
  g_free (args->what);
  g_free (args->format);
  g_free (args->paper);
  g_free (args->scale);
  g_free (args->language);
  g_free (args->output);
  g_strfreev (args->options);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExportArgs, export_args_clear)

static int
usage_error (const char *message)
{
  g_printerr ("%s\n", message);
  return KOL_CLI_EXIT_USAGE;
}

static gboolean
parse_what (const char   *what,
            KolPrintWhat *out)
{
  if (g_strcmp0 (what, "map") == 0)
    *out = KOL_PRINT_MAP;
  else if (g_strcmp0 (what, "tiles") == 0)
    *out = KOL_PRINT_TILES;
  else if (g_strcmp0 (what, "market") == 0)
    *out = KOL_PRINT_MARKET;
  else
    return FALSE;
  return TRUE;
}

/* Without --format, the file's extension says. */
static gboolean
parse_format (const char     *format,
              const char     *output,
              KolPrintFormat *out)
{
  if (format == NULL)
    format = g_str_has_suffix (output, ".svg") || g_str_has_suffix (output, ".SVG") ? "svg" : "pdf";
  if (g_ascii_strcasecmp (format, "pdf") == 0)
    *out = KOL_PRINT_FORMAT_PDF;
  else if (g_ascii_strcasecmp (format, "svg") == 0)
    *out = KOL_PRINT_FORMAT_SVG;
  else
    return FALSE;
  return TRUE;
}

/* Checks the values given and fills @opts; returns a #KolCliExit. */
static int
fill_options (ExportArgs      *args,
              KolPrintOptions *opts,
              KolPrintFormat  *format)
{
  kol_print_options_init (opts);
  if (!parse_what (args->what, &opts->what))
    return usage_error (_("Say what to export with --what map, --what tiles or --what market."));
  if (!parse_format (args->format, args->output, format))
    return usage_error (_("The format is pdf or svg."));
  if (args->paper != NULL && !kol_print_paper_from_string (args->paper, &opts->paper))
    return usage_error (_("The paper is a4, a3 or letter."));
  if (args->scale != NULL && g_strcmp0 (args->scale, "real") != 0 && g_strcmp0 (args->scale, "fit") != 0)
    return usage_error (_("The scale is real or fit."));
  if (args->hex_mm != 0 && (args->hex_mm < 10 || args->hex_mm > 100))
    return usage_error (_("The hex size must be between 10 and 100 mm."));
  opts->fit = g_strcmp0 (args->scale, "fit") == 0;
  opts->landscape = args->landscape;
  if (args->hex_mm != 0)
    opts->hex_mm = args->hex_mm;
  opts->language = args->language;
  opts->n_players = args->players;
  opts->options = (const char * const *) args->options;
  return KOL_CLI_EXIT_OK;
}

static int
parse_args (int         argc,
            char      **argv,
            ExportArgs *args)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("DIR"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "what", 0, 0, G_OPTION_ARG_STRING, &args->what,
      N_("What to export: map, tiles or market"), N_("WHAT") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &args->format,
      N_("pdf or svg (default: from the file name)"), N_("FORMAT") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &args->paper,
      N_("Paper size: a4, a3 or letter (default a4)"), N_("PAPER") },
    { "landscape", 0, 0, G_OPTION_ARG_NONE, &args->landscape,
      N_("Turn the paper sideways"), NULL },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &args->scale,
      N_("real: board size over several pages; fit: one page (default real)"), N_("SCALE") },
    { "hex-mm", 0, 0, G_OPTION_ARG_DOUBLE, &args->hex_mm,
      N_("Width of a hex across the flats in millimetres (default 38)"), N_("MM") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &args->players,
      N_("Number of players (default: the most the title allows)"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->options,
      N_("A variant option in effect; repeat for several"), N_("OPTION") },
    { "language", 0, 0, G_OPTION_ARG_STRING, &args->language,
      N_("Language of the names drawn: “en” or “ru”"), N_("LANG") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("Write to FILE"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Prints a title’s map, tile sheet or stock market as PDF or SVG."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  if (argc != 2)
    return usage_error (_("Give one title folder."));
  if (args->output == NULL)
    return usage_error (_("Give the file to write with -o FILE."));
  return KOL_CLI_EXIT_OK;
}

/**
 * kol_cli_export:
 *
 * `koleya-cli export DIR --what map|tiles|market … -o FILE`.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_export (int    argc,
                char **argv)
{
  g_auto(ExportArgs) args = { 0 };
  g_autoptr(KolTitleDocument) doc = NULL;
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  KolPrintOptions opts;
  KolPrintFormat format;
  int status;

  if ((status = parse_args (argc, argv, &args)) != KOL_CLI_EXIT_OK
      || (status = fill_options (&args, &opts, &format)) != KOL_CLI_EXIT_OK)
    return status;
  if ((doc = kol_title_document_new_from_directory (argv[1], &error)) == NULL
      || (job = kol_print_job_new (doc, &opts, &error)) == NULL
      || (files = kol_print_job_write (job, format, args.output, &error)) == NULL)
    {
      kol_cli_print_file_error (doc == NULL ? argv[1] : args.output, error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  for (guint i = 0; files[i] != NULL; i++)
    g_print ("%s\n", files[i]);
  return KOL_CLI_EXIT_OK;
}
