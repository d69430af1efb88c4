/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kol-cli.h"
#include "kol-display-text.h"
#include "kol-l10n.h"

/* koleya-cli: the headless tool on the engine and the model. This file only
 * dispatches; each command lives in kol-cli-<name>.c and is listed in
 * kol-cli-commands.h. */

typedef struct
{
  const char *name;
  const char *summary;  /* marked with N_(), translated when shown */
  int (*run) (int argc, char **argv);
} KolCliCommand;

static const KolCliCommand commands[] = {
#define KOL_CLI_COMMAND(name, function, summary) { name, summary, kol_cli_##function },
#include "kol-cli-commands.h"
#undef KOL_CLI_COMMAND
};

static const KolCliCommand *
find_command (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

static void
append_command_line (GString    *out,
                     const char *name,
                     const char *summary)
{
  g_string_append_printf (out, "  %-14s %s\n", name, summary);
}

static char *
usage_text (void)
{
  GString *out = g_string_new (NULL);

  /* Translators: %s is the program name, koleya-cli. COMMAND and ARGUMENT
   * are placeholders the user replaces; translate them. */
  g_string_append_printf (out, _("Usage: %s COMMAND [ARGUMENT…]"), "koleya-cli");
  g_string_append_printf (out, "\n\n%s\n", _("Commands:"));
  append_command_line (out, "help", _("Show this help, or the help of a command"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    append_command_line (out, commands[i].name, _(commands[i].summary));
  g_string_append_c (out, '\n');
  append_command_line (out, "--version", _("Show the version"));
  g_string_append_c (out, '\n');
  /* Translators: translate COMMAND as in “Usage: %s COMMAND [ARGUMENT…]”. */
  g_string_append_printf (out, "%s\n", _("Run “koleya-cli help COMMAND” for the options of a command."));

  return g_string_free (out, FALSE);
}

static int
unknown_command (const char *name)
{
  /* Translators: %s is what the user typed as a command. */
  g_printerr (_("Unknown command “%s”."), name);
  g_printerr ("\n");
  /* Translators: %s is a command line to type, “koleya-cli help”. */
  g_printerr (_("Run “%s” to list the commands."), "koleya-cli help");
  g_printerr ("\n");
  return KOL_CLI_EXIT_USAGE;
}

/* GOptionContext prints g_get_prgname () in a command's usage line, so it
 * is set, once, to "koleya-cli NAME". */
static int
run_command (const KolCliCommand *command,
             int                  argc,
             char               **argv)
{
  g_autofree char *prgname = g_strdup_printf ("koleya-cli %s", command->name);

  g_set_prgname (prgname);
  return command->run (argc, argv);
}

/* "help" alone prints the list; "help NAME" runs "NAME --help". */
static int
run_help (int    argc,
          char **argv)
{
  g_autofree char *usage = NULL;

  if (argc > 1)
    {
      const KolCliCommand *command = find_command (argv[1]);
      char *help_argv[] = { argv[1], (char *) "--help", NULL };

      if (command == NULL)
        return unknown_command (argv[1]);
      return run_command (command, 2, help_argv);
    }

  usage = usage_text ();
  g_print ("%s", usage);
  return KOL_CLI_EXIT_OK;
}

/* Everything the commands print goes through g_print() and g_printerr(),
 * and so through these: names, ids and bytes from the files given are
 * printed with their control and bidirectional characters escaped, so that
 * a file cannot move the cursor, clear the screen or turn a line around. */
static void
print_escaped (FILE       *stream,
               const char *text)
{
  g_autofree char *safe = kol_display_escape_terminal (text, -1);
  g_autofree char *local = NULL;
  const char *charset;

  if (!g_get_charset (&charset))
    local = g_convert_with_fallback (safe, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
  fputs (local != NULL ? local : safe, stream);
  fflush (stream);
}

static void
print_stdout (const char *text)
{
  print_escaped (stdout, text);
}

static void
print_stderr (const char *text)
{
  print_escaped (stderr, text);
}

/* Log messages (a title skipped, a warning) are escaped the same way. */
static GLogWriterOutput
log_escaped (GLogLevelFlags   level,
             const GLogField *fields,
             gsize            n_fields,
             gpointer         user_data)
{
  const char *domain = NULL;
  g_autofree char *text = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
  if (g_log_writer_default_would_drop (level, domain))
    return G_LOG_WRITER_HANDLED;
  text = g_log_writer_format_fields (level, fields, n_fields, FALSE);
  if (text == NULL)
    return G_LOG_WRITER_UNHANDLED;
  print_escaped (stderr, text);
  fputc ('\n', stderr);
  return G_LOG_WRITER_HANDLED;
}

int
main (int   argc,
      char *argv[])
{
  const KolCliCommand *command;
  g_autofree char *usage = NULL;

  kol_l10n_init_gettext ();
  g_set_print_handler (print_stdout);
  g_set_printerr_handler (print_stderr);
  g_log_set_writer_func (log_escaped, NULL, NULL);

  if (argc < 2)
    {
      usage = usage_text ();
      g_printerr ("%s", usage);
      return KOL_CLI_EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("koleya-cli %s\n", PACKAGE_VERSION);
      return KOL_CLI_EXIT_OK;
    }
  if (g_str_equal (argv[1], "help") || g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    return run_help (argc - 1, argv + 1);

  if ((command = find_command (argv[1])) == NULL)
    return unknown_command (argv[1]);
  return run_command (command, argc - 1, argv + 1);
}
