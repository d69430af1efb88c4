/* SPDX-License-Identifier: GPL-3.0-or-later */
/* No #pragma once: this is an X-macro list, included once to declare the
 * command functions (kol-cli.h) and once to build the dispatch table
 * (koleya-cli.c).
 *
 * KOL_CLI_COMMAND (name, function suffix, summary)
 *
 * To add a command "foo-bar": write src/cli/kol-cli-foo-bar.c defining
 *   int kol_cli_foo_bar (int argc, char **argv);
 * where argv[0] is "foo-bar" and the rest are its arguments; add one line
 * here, in alphabetical order, and the file to src/cli/meson.build and
 * po/POTFILES.in. Summaries are marked with N_() and shown translated. */

#ifndef KOL_CLI_COMMAND
#error "Define KOL_CLI_COMMAND before including kol-cli-commands.h"
#endif

/* Translators: summaries of koleya-cli's commands, listed by “koleya-cli help”. */
KOL_CLI_COMMAND ("titles", titles, N_("List the game titles found in the data folders"))
