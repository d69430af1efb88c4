/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-info.h"
#include "kol-title-1849-private.h"

/*
 * 1849 Sicily: what the table shows of the rules module's state
 * (kol-engine-info.h): the E-token of Electric Dreams (14.3).
 */

static int
corp_markers (KolEngine   *engine,
              int          corp,
              const char **out,
              int          max)
{
  int n = 0;

  if (kol_1849_corp (engine, corp)->e_token && n < max)
    out[n++] = "e_token";
  return n;
}

const KolInfoHooks kol_1849_info_hooks = {
  .corp_markers = corp_markers,
};
