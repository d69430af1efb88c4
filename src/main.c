/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-application.h"
#include "kol-l10n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KolApplication) app = NULL;

  kol_application_set_process_start (g_get_monotonic_time ());
  kol_l10n_init_gettext ();

  app = kol_application_new (APP_ID, G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
