/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kol-cli.h"
#include "kol-cli-game-file.h"
#include "kol-title-document.h"
#include "kol-title-loader.h"

/*
 * koleya-cli roundtrip DIR -o OUTDIR [--check]
 *
 * Opens a title folder with the editor's document model and saves it into
 * OUTDIR unchanged, then says for each file whether the bytes written are
 * those read. With --check a file that differs is a failure: the data files
 * must keep the layout the editor writes.
 */

static const char * const file_names[] = {
  KOL_TITLE_GAME_FILE, KOL_TITLE_TILES_FILE, KOL_TITLE_MAP_FILE,
};

static gboolean
same_bytes (const char *a,
            const char *b)
{
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  gsize len_a, len_b;

  if (!g_file_get_contents (a, &text_a, &len_a, NULL) || !g_file_get_contents (b, &text_b, &len_b, NULL))
    return FALSE;
  return len_a == len_b && memcmp (text_a, text_b, len_a) == 0;
}

/* Prints one line per file; returns how many differ. */
static guint
compare_files (const char *dir,
               const char *out_dir)
{
  guint differ = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (file_names); i++)
    {
      g_autofree char *in = g_build_filename (dir, file_names[i], NULL);
      g_autofree char *out = g_build_filename (out_dir, file_names[i], NULL);

      if (same_bytes (in, out))
        /* Translators: %s is a file name such as game.json. */
        g_print (_("%s: identical"), file_names[i]);
      else
        {
          /* Translators: %s is a file name such as game.json. */
          g_print (_("%s: written with a different layout"), file_names[i]);
          differ++;
        }
      g_print ("\n");
    }
  return differ;
}

/**
 * kol_cli_roundtrip:
 *
 * `koleya-cli roundtrip DIR -o OUTDIR [--check]`.
 *
 * Returns: a #KolCliExit status
 */
int
kol_cli_roundtrip (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("DIR"));
  g_autoptr(KolTitleDocument) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  gboolean check = FALSE;
  guint differ;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the title into folder OUTDIR"), N_("OUTDIR") },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check,
      N_("Fail when a file is not written back byte for byte"), NULL },
    G_OPTION_ENTRY_NULL
  };

  g_option_context_set_summary (context, _("Opens a title folder with the editor and saves it unchanged."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return KOL_CLI_EXIT_USAGE;
    }
  if (argc != 2 || output == NULL)
    {
      g_printerr ("%s\n", argc != 2 ? _("Give one title folder.") : _("Give the folder to write with -o OUTDIR."));
      return KOL_CLI_EXIT_USAGE;
    }
  if ((doc = kol_title_document_new_from_directory (argv[1], &error)) == NULL
      || !kol_title_document_save_to_directory (doc, output, &error))
    {
      kol_cli_print_file_error (doc == NULL ? argv[1] : output, error->message);
      return KOL_CLI_EXIT_FAILURE;
    }
  differ = compare_files (argv[1], output);
  return check && differ > 0 ? KOL_CLI_EXIT_FAILURE : KOL_CLI_EXIT_OK;
}
