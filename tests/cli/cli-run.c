/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

#include "cli-run.h"

/*
 * Running the built koleya-cli (KOLEYA_CLI) and collecting what it printed,
 * shared by the CLI tests.
 */

/**
 * cli_run_full:
 * @command: (nullable): a first argument put before @args (a subcommand)
 * @args: the arguments, NULL-terminated
 * @data_dir: (nullable): the titles' directory, else the environment's
 * @russian: read the Russian catalogue (LANGUAGE=ru)
 *
 * Runs the tool in C.UTF-8 (which keeps the "–" in "2–4 players");
 * LANGUAGE picks the catalogue.
 *
 * Returns: its exit status
 */
int
cli_run_full (const char         *command,
              const char * const *args,
              const char         *data_dir,
              gboolean            russian,
              char              **out,
              char              **err)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("KOLEYA_CLI"));
  if (command != NULL)
    g_ptr_array_add (argv, (gpointer) command);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  if (russian)
    {
      g_subprocess_launcher_setenv (launcher, "LANGUAGE", "ru", TRUE);
      g_subprocess_launcher_setenv (launcher, "KOLEYA_LOCALEDIR", g_getenv ("KOLEYA_TEST_LOCALEDIR"), TRUE);
    }
  else
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  if (data_dir != NULL)
    g_subprocess_launcher_setenv (launcher, "KOLEYA_DATA_DIR", data_dir, TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error);
  g_assert_no_error (error);
  /* a sanitizer's report (a leak, an abort) is on the tool's stderr */
  if (!g_subprocess_get_if_exited (process) && err != NULL && *err != NULL)
    g_printerr ("%s", *err);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

/**
 * cli_run:
 *
 * cli_run_full() in English with the environment's titles.
 *
 * Returns: the tool's exit status
 */
int
cli_run (const char * const *args,
         char              **out,
         char              **err)
{
  return cli_run_full (NULL, args, NULL, FALSE, out, err);
}
