/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine.h"

/* The engine reports the project's version, the one saved games record. */
static void
test_engine_version (void)
{
  g_assert_cmpstr (kol_engine_version (), ==, PACKAGE_VERSION);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/version", test_engine_version);

  return g_test_run ();
}
