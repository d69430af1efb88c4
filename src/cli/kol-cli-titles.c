/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-title-info.h"

static void
print_search_dirs (void)
{
  g_auto(GStrv) dirs = kol_title_info_get_search_dirs ();

  g_print ("%s\n", _("Folders searched, in order of precedence:"));
  for (guint i = 0; dirs[i] != NULL; i++)
    g_print ("  %s\n", dirs[i]);
}

static void
print_titles (GListModel *titles)
{
  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);
      g_autofree char *players = kol_title_info_dup_players_label (info);

      g_print ("%s\t%s\t%s\t%s\n",
               kol_title_info_get_id (info),
               kol_title_info_get_name (info),
               players,
               kol_title_info_get_designer (info));
    }
}

/**
 * kol_cli_titles:
 *
 * `koleya-cli titles [--dirs]`: lists the titles found, one per line, as
 * tab-separated id, name, players and designer.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_titles (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GListModel) titles = NULL;
  g_autoptr(GError) error = NULL;
  gboolean show_dirs = FALSE;
  const GOptionEntry entries[] = {
    { "dirs", 0, 0, G_OPTION_ARG_NONE, &show_dirs,
      N_("Also list the folders searched, in order of precedence"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context,
                                _("Lists the game titles found, one per line: id, name, "
                                  "players and designer, separated by tabs."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc > 1)
    {
      /* Translators: %s is an argument the user typed. */
      g_printerr (_("Unexpected argument “%s”."), argv[1]);
      g_printerr ("\n");
      return KOL_CLI_EXIT_USAGE;
    }

  if (show_dirs)
    print_search_dirs ();
  titles = kol_title_info_list_titles ();
  if (g_list_model_get_n_items (titles) == 0)
    g_print ("%s\n", _("No game titles found."));
  print_titles (titles);
  return KOL_CLI_EXIT_OK;
}
