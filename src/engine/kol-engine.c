/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine.h"

/**
 * kol_engine_version:
 *
 * Returns: the version of the rules engine, which is the project version.
 */
const char *
kol_engine_version (void)
{
  return PACKAGE_VERSION;
}
