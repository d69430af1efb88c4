/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-print-export.h"
#include "kol-title-document.h"

/*
 * koleya-cli export DIR [--what SHEET,…|all] [--format pdf|svg|png]
 *   [--files one|sheet|page] [--paper a4|a3|a5|letter|legal|tabloid]
 *   [--orientation auto|portrait|landscape] [--scale real|fit]
 *   [--hex-mm MM] [--max-shrink PERCENT] [--bleed] [--dpi N]
 *   [--players N] [--option X]… [--language en|ru] -o FILE
 *
 * Prints a title's sheets (the editor's export dialog has the same
 * options), says on standard error how each sheet was laid out (pages,
 * orientation, whether it was turned or shrunk to save pages), and lists
 * the files written on standard output.
 */

typedef struct
{
  char    *what;
  char    *format;
  char    *files;
  char    *paper;
  char    *orientation;
  char    *scale;
  char    *language;
  char    *output;
  char   **options;
  double   hex_mm;
  double   max_shrink;
  double   dpi;
  int      players;
  gboolean landscape;
  gboolean bleed;
} ExportArgs;

static void
export_args_clear (ExportArgs *args)
{
  g_free (args->what);
  g_free (args->format);
  g_free (args->files);
  g_free (args->paper);
  g_free (args->orientation);
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

/* Without --format, the file's extension says. */
static gboolean
parse_format (const char     *format,
              const char     *output,
              KolPrintFormat *out)
{
  static const char * const names[] = { "pdf", "svg", "png" };
  g_autofree char *lower = g_ascii_strdown (output, -1);

  if (format == NULL)
    format = g_str_has_suffix (lower, ".svg") ? "svg" : g_str_has_suffix (lower, ".png") ? "png" : "pdf";
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (format, names[i]) == 0)
      {
        *out = (KolPrintFormat) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_choice (const char        *value,
              const char * const *names,
              int               *out)
{
  for (int i = 0; value != NULL && names[i] != NULL; i++)
    if (g_ascii_strcasecmp (value, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return value == NULL;
}

static int
fill_layout (ExportArgs      *args,
             KolPrintOptions *opts)
{
  static const char * const orientations[] = { "auto", "portrait", "landscape", NULL };
  int orientation = args->landscape ? KOL_ORIENTATION_LANDSCAPE : KOL_ORIENTATION_AUTO;

  if (args->paper != NULL && !kol_print_paper_from_string (args->paper, &opts->paper))
    return usage_error (_("The paper is a4, a3, a5, letter, legal or tabloid."));
  if (!parse_choice (args->orientation, orientations, &orientation))
    return usage_error (_("The orientation is auto, portrait or landscape."));
  if (args->scale != NULL && g_strcmp0 (args->scale, "real") != 0 && g_strcmp0 (args->scale, "fit") != 0)
    return usage_error (_("The scale is real or fit."));
  if (args->hex_mm != 0 && (args->hex_mm < 10 || args->hex_mm > 100))
    return usage_error (_("The hex size must be between 10 and 100 mm."));
  if (args->max_shrink > 50 || (args->max_shrink < 0 && args->max_shrink != -1))
    return usage_error (_("The shrink allowed must be between 0 and 50 %."));
  opts->orientation = (KolOrientation) orientation;
  opts->fit = g_strcmp0 (args->scale, "fit") == 0;
  if (args->hex_mm != 0)
    opts->hex_mm = args->hex_mm;
  if (args->max_shrink >= 0)
    opts->max_shrink = args->max_shrink / 100.0;
  opts->bleed = args->bleed;
  return KOL_CLI_EXIT_OK;
}

/* Checks the values given and fills @opts and @output; returns a
 * #KolCliExit. */
static int
fill_options (ExportArgs      *args,
              KolPrintOptions *opts,
              KolPrintOutput  *output)
{
  static const char * const files[] = { "one", "sheet", "page", NULL };
  int status, split = KOL_PRINT_FILES_ONE;

  kol_print_options_init (opts);
  kol_print_output_init (output);
  if (!kol_print_sheets_from_string (args->what != NULL ? args->what : "all", &opts->sheets))
    return usage_error (_("Say what to export with --what: all, or some of map, tiles, tile-counts, market, "
                          "charters, privates, trains and tokens, separated by commas."));
  if (!parse_format (args->format, args->output, &output->format))
    return usage_error (_("The format is pdf, svg or png."));
  if (!parse_choice (args->files, files, &split))
    return usage_error (_("The files are one, sheet or page."));
  if (args->dpi != 0 && (args->dpi < 30 || args->dpi > 1200))
    return usage_error (_("The resolution must be between 30 and 1200 dpi."));
  if (args->language != NULL && g_strcmp0 (args->language, "en") != 0 && g_strcmp0 (args->language, "ru") != 0)
    return usage_error (_("The language is en or ru."));
  if ((status = fill_layout (args, opts)) != KOL_CLI_EXIT_OK)
    return status;
  output->files = (KolPrintFiles) split;
  if (args->dpi != 0)
    output->dpi = args->dpi;
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
      N_("The sheets, separated by commas: map, tiles, tile-counts, market, charters, privates, trains, tokens; "
         "or all (the default)"), N_("SHEETS") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &args->format,
      N_("pdf, svg or png (default: from the file name)"), N_("FORMAT") },
    { "files", 0, 0, G_OPTION_ARG_STRING, &args->files,
      N_("one (PDF: every page in one file), sheet (a file per sheet) or page (a file per page); "
         "SVG and PNG write a file per page unless “sheet” is asked for SVG"), N_("FILES") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &args->paper,
      N_("Paper size: a4, a3, a5, letter, legal or tabloid (default a4)"), N_("PAPER") },
    { "orientation", 0, 0, G_OPTION_ARG_STRING, &args->orientation,
      N_("auto (whichever needs fewer pages, the default), portrait or landscape"), N_("ORIENTATION") },
    { "landscape", 0, 0, G_OPTION_ARG_NONE, &args->landscape,
      N_("The same as --orientation landscape"), NULL },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &args->scale,
      N_("real: board size over several pages; fit: the map and the market on one page each (default real)"),
      N_("SCALE") },
    { "hex-mm", 0, 0, G_OPTION_ARG_DOUBLE, &args->hex_mm,
      N_("Width of a hex across the flats in millimetres (default 38)"), N_("MM") },
    { "max-shrink", 0, 0, G_OPTION_ARG_DOUBLE, &args->max_shrink,
      N_("How much smaller the map and the market may print to need fewer pages, in percent (default 15)"),
      N_("PERCENT") },
    { "bleed", 0, 0, G_OPTION_ARG_NONE, &args->bleed,
      N_("Print tiles, cards and tokens apart, their colour running past the cut line"), NULL },
    { "dpi", 0, 0, G_OPTION_ARG_DOUBLE, &args->dpi,
      N_("Resolution of PNG pages (default 150)"), N_("DPI") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &args->players,
      N_("Number of players (default: the most the title allows)"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->options,
      N_("A variant option in effect; repeat for several"), N_("OPTION") },
    { "language", 0, 0, G_OPTION_ARG_STRING, &args->language,
      N_("Language of everything printed: “en” or “ru” (default: the user’s)"), N_("LANG") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("Write to FILE"), N_("FILE") },
    G_OPTION_ENTRY_NULL
  };

  args->max_shrink = -1;
  g_option_context_set_summary (context, _("Prints a title’s map, tiles, tile counts, stock market, charters, "
                                           "private company and train cards and station tokens as PDF, SVG or "
                                           "PNG."));
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
 * `koleya-cli export DIR --what SHEETS … -o FILE`.
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
  g_autofree char *summary = NULL;
  KolPrintOptions opts;
  KolPrintOutput output;
  int status;

  if ((status = parse_args (argc, argv, &args)) != KOL_CLI_EXIT_OK
      || (status = fill_options (&args, &opts, &output)) != KOL_CLI_EXIT_OK)
    return status;
  if ((doc = kol_title_document_new_from_directory (argv[1], &error)) == NULL
      || (job = kol_print_job_new (doc, &opts, &error)) == NULL
      || (files = kol_print_job_write (job, &output, args.output, &error)) == NULL)
    {
      kol_cli_print_file_error (doc == NULL ? argv[1] : args.output, error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  summary = kol_print_job_describe (job);
  g_printerr ("%s\n", summary);
  for (guint i = 0; files[i] != NULL; i++)
    g_print ("%s\n", files[i]);
  return KOL_CLI_EXIT_OK;
}
