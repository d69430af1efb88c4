/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-svg-renderer.h"
#include "kol-title-loader.h"

/*
 * koleya-cli render-map DIR [--players N] [--option X]… -o FILE.svg
 * koleya-cli render-tiles DIR [--players N] [--option X]… -o FILE.svg
 *
 * Draws a title's board at the start of a game, or every tile of its
 * manifest, as an SVG file.
 */

typedef struct
{
  int      players;
  char   **options;
  char    *output;
  double   hex_size;
  char    *language;
  gboolean coords;
  gboolean no_axes;
} RenderArgs;

static void
render_args_clear (RenderArgs *args)
{
  g_strfreev (args->options);
  g_free (args->output);
  g_free (args->language);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RenderArgs, render_args_clear)

/* Without --players: the most players and no options, the whole game as
 * printed. */
static int
default_players (const char *dir,
                 GError    **error)
{
  g_autoptr(GPtrArray) configs = kol_title_loader_list_configurations (dir, error);
  int best = 0;

  for (guint i = 0; configs != NULL && i < configs->len; i++)
    {
      const KolTitleConfig *config = g_ptr_array_index (configs, i);

      best = MAX (best, config->n_players);
    }
  return best;
}

static KolTitle *
load_title (const char  *dir,
            RenderArgs  *args,
            GError     **error)
{
  if (args->players <= 0)
    {
      args->players = default_players (dir, error);
      if (args->players <= 0)
        return NULL;
    }
  return kol_title_loader_load (dir, args->players, (const char * const *) args->options, error);
}

static gboolean
write_output (const char  *path,
              const char  *svg,
              GError     **error)
{
  if (g_strcmp0 (path, "-") == 0)
    {
      g_print ("%s", svg);
      return TRUE;
    }
  /* g_file_set_contents writes a temporary file and renames it */
  return g_file_set_contents (path, svg, -1, error);
}

/* Parses the common command line; returns a #KolCliExit other than OK to
 * stop, or OK with @dir set. */
static int
parse_args (int          argc,
            char       **argv,
            const char  *summary,
            gboolean     map,
            RenderArgs  *args,
            const char **dir)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("DIR"));
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &args->output,
      N_("Write the SVG to FILE (“-” for the standard output)"), N_("FILE") },
    { "players", 'p', 0, G_OPTION_ARG_INT, &args->players,
      N_("Number of players (default: the most the title allows)"), N_("N") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->options,
      N_("A variant option in effect; repeat for several"), N_("OPTION") },
    { "hex-size", 0, 0, G_OPTION_ARG_DOUBLE, &args->hex_size,
      N_("Circumradius of a hex in pixels (default 50)"), N_("SIZE") },
    { "language", 0, 0, G_OPTION_ARG_STRING, &args->language,
      N_("Language of the names drawn: “en” or “ru”"), N_("LANG") },
    G_OPTION_ENTRY_NULL
  };
  const GOptionEntry map_entries[] = {
    { "coords", 0, 0, G_OPTION_ARG_NONE, &args->coords,
      N_("Write each hex’s coordinates in the hex"), NULL },
    { "no-axes", 0, 0, G_OPTION_ARG_NONE, &args->no_axes,
      N_("Leave out the coordinates around the board"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (map)
    g_option_context_add_main_entries (context, map_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      g_printerr ("%s\n", argc < 2 ? _("Give the title folder to draw.")
                                  : _("Give only one title folder."));
      return KOL_CLI_EXIT_USAGE;
    }
  if (args->output == NULL)
    {
      g_printerr ("%s\n", _("Give the file to write with -o FILE."));
      return KOL_CLI_EXIT_USAGE;
    }
  if (args->hex_size < 0 || args->hex_size > 1000)
    {
      g_printerr ("%s\n", _("The hex size must be between 0 and 1000."));
      return KOL_CLI_EXIT_USAGE;
    }
  *dir = argv[1];
  return KOL_CLI_EXIT_OK;
}

static void
fill_options (const RenderArgs *args,
              KolSvgOptions    *opts)
{
  kol_svg_options_init (opts);
  if (args->hex_size > 0)
    opts->hex_size = args->hex_size;
  opts->language = args->language;
  if (args->coords)
    opts->flags |= KOL_SVG_COORDS;
}

static int
report_error (const char *dir,
              GError     *error)
{
  /* Translators: %s is a title folder, the second %s what went wrong. */
  g_printerr (_("Cannot draw “%s”: %s"), dir, error != NULL ? error->message : "?");
  g_printerr ("\n");
  return KOL_CLI_EXIT_FAILURE;
}

/**
 * kol_cli_render_map:
 *
 * `koleya-cli render-map DIR [--players N] [--option X]… -o FILE.svg`: the
 * board as a new game starts on it.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_render_map (int    argc,
                    char **argv)
{
  g_auto(RenderArgs) args = { 0 };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;
  KolSvgOptions opts;
  const char *dir = NULL;
  KolEngine *engine;
  int status;

  status = parse_args (argc, argv,
                       _("Draws the board of a title as a new game starts on it, as SVG."),
                       TRUE, &args, &dir);
  if (status != KOL_CLI_EXIT_OK)
    return status;
  if ((title = load_title (dir, &args, &error)) == NULL)
    return report_error (dir, error);
  if ((engine = kol_engine_new (title, args.players, NULL, NULL, 1, &error)) == NULL)
    return report_error (dir, error);

  fill_options (&args, &opts);
  opts.flags |= KOL_SVG_INITIAL_TOKENS;
  if (!args.no_axes)
    opts.flags |= KOL_SVG_AXES;
  svg = kol_svg_render_board (engine, &opts, NULL, NULL);
  kol_engine_free (engine);
  if (!write_output (args.output, svg, &error))
    return report_error (dir, error);
  return KOL_CLI_EXIT_OK;
}

/**
 * kol_cli_render_tiles:
 *
 * `koleya-cli render-tiles DIR -o FILE.svg`: every tile of the manifest,
 * grouped by colour, with its id and count.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_render_tiles (int    argc,
                      char **argv)
{
  g_auto(RenderArgs) args = { 0 };
  g_autoptr(KolTitle) title = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;
  KolSvgOptions opts;
  const char *dir = NULL;
  int status;

  status = parse_args (argc, argv,
                       _("Draws every tile of a title’s tile set with its count, as SVG."),
                       FALSE, &args, &dir);
  if (status != KOL_CLI_EXIT_OK)
    return status;
  if ((title = load_title (dir, &args, &error)) == NULL)
    return report_error (dir, error);

  fill_options (&args, &opts);
  svg = kol_svg_render_tile_sheet (title, &opts);
  if (!write_output (args.output, svg, &error))
    return report_error (dir, error);
  return KOL_CLI_EXIT_OK;
}
