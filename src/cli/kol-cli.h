/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses every command uses. */
typedef enum
{
  KOL_CLI_EXIT_OK = 0,
  KOL_CLI_EXIT_FAILURE = 1,  /* the command ran and found a problem */
  KOL_CLI_EXIT_USAGE = 2,    /* wrong command line */
} KolCliExit;

/* One entry function per command, argv[0] being the command's name. */
#define KOL_CLI_COMMAND(name, function, summary) \
  int kol_cli_##function (int argc, char **argv);
#include "kol-cli-commands.h"
#undef KOL_CLI_COMMAND

G_END_DECLS
