/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int cli_run      (const char * const *args,
                  char              **out,
                  char              **err);
int cli_run_full (const char         *command,
                  const char * const *args,
                  const char         *data_dir,
                  gboolean            russian,
                  char              **out,
                  char              **err);

G_END_DECLS
