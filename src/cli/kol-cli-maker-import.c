/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-json-scan.h"
#include "kol-maker.h"
#include "kol-title-loader.h"

/*
 * koleya-cli maker-import FILE -o DIR [--id ID] [--catalogue DIR]…
 *
 * Makes a Koleya title folder from an 18xx-maker game definition, says on
 * standard error what did not translate, then checks the title as
 * `koleya-cli validate` does for its default configuration. ("import"
 * reads 18xx.games records.)
 */

typedef struct
{
  char  *output;
  char  *id;
  char **catalogue;
} ImportArgs;

static void
import_args_clear (ImportArgs *args)
{
  g_free (args->output);
  g_free (args->id);
  g_strfreev (args->catalogue);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ImportArgs, import_args_clear)

static int
parse_args (int         argc,
            char      **argv,
            ImportArgs *args)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("The title folder to write"), N_("DIR") },
    { "id", 0, 0, G_OPTION_ARG_STRING, &args->id,
      N_("The title's identifier (default: the folder's name)"), N_("ID") },
    { "catalogue", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args->catalogue,
      N_("A title folder whose tiles give standard tiles named only by number; repeat for several "
         "(default: the installed titles)"), N_("DIR") },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Makes a Koleya title from an 18xx-maker game definition and says what "
                                           "does not translate."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || args->output == NULL)
    {
      g_printerr ("%s\n", _("Give one 18xx-maker file and the folder to write with -o DIR."));
      return KOL_CLI_EXIT_USAGE;
    }
  return KOL_CLI_EXIT_OK;
}

static void
print_report (GPtrArray *report)
{
  for (guint i = 0; i < report->len; i++)
    g_printerr ("  %s\n", (char *) g_ptr_array_index (report, i));
}

/* Reads the definition in @path: a regular file of bounded size, scanned
 * before json-glib builds a tree (json-glib recurses without a limit, and
 * a file nested a million deep crashed it). */
static gboolean
read_definition (const char *path,
                 JsonParser *parser,
                 GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  gsize length;

  return kol_json_read_file (file, &text, &length, error) && kol_json_check_text (text, length, error) &&
         json_parser_load_from_data (parser, text, (gssize) length, error);
}

/* The title as the loader sees it for the most players. 18xx-maker
 * describes no rules: what the standard rules module cannot play is said,
 * but the title is still one to edit and print. */
static gboolean
check_title (const char    *dir,
             KolMakerTitle *title)
{
  JsonObject *players = json_object_get_object_member (json_node_get_object (title->game), "players");
  g_autoptr(GPtrArray) problems = kol_title_loader_validate (dir, (int) json_object_get_int_member (players, "max"),
                                                             NULL, NULL);
  guint broken = 0;
  gboolean said = FALSE;

  for (int rules = 0; rules <= 1; rules++)
    for (guint i = 0; i < problems->len; i++)
      {
        const KolTitleProblem *problem = g_ptr_array_index (problems, i);
        g_autofree char *line = NULL;

        if ((problem->kind == KOL_TITLE_LOADER_ERROR_RULES) != rules)
          continue;
        if (rules && !said)
          /* Translators: the problems of the standard rules module follow. */
          g_printerr ("%s\n", _("It cannot be played yet: the standard rules module does not play this:"));
        said = said || rules;
        line = kol_title_problem_format (problem);
        g_printerr ("%s\n", line);
        broken += !rules;
      }
  return broken == 0;
}

/**
 * kol_cli_maker_import:
 *
 * `koleya-cli maker-import FILE -o DIR`.
 *
 * Returns: a #KolCliExit status: a failure also when the title written
 *   has problems
 */
int
kol_cli_maker_import (int    argc,
                      char **argv)
{
  g_auto(ImportArgs) args = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KolMakerTitle) title = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) catalogue = NULL;
  g_autofree char *id = NULL;
  int status;

  if ((status = parse_args (argc, argv, &args)) != KOL_CLI_EXIT_OK)
    return status;
  id = args.id != NULL ? g_strdup (args.id) : g_path_get_basename (args.output);
  catalogue = args.catalogue != NULL ? g_strdupv (args.catalogue) : kol_maker_default_catalogue ();
  if (!read_definition (argv[1], parser, &error) ||
      (title = kol_maker_import (json_parser_get_root (parser), id, (const char * const *) catalogue, report,
                                 &error)) == NULL)
    {
      kol_cli_print_file_error (argv[1], error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  if (!kol_maker_title_write (title, args.output, &error))
    {
      kol_cli_print_file_error (args.output, error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  /* Translators: %s is a folder; the lines that follow say what was lost. */
  g_printerr (_("Wrote %s. What did not translate:\n"), args.output);
  print_report (report);
  return check_title (args.output, title) ? KOL_CLI_EXIT_OK : KOL_CLI_EXIT_FAILURE;
}
