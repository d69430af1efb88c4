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
KOL_CLI_COMMAND ("arena", arena, N_("Play games between computer players and report their wins, scores and move times"))
KOL_CLI_COMMAND ("bench-replay", bench_replay, N_("Time the replay of saved or imported games"))
KOL_CLI_COMMAND ("bench-routes", bench_routes, N_("Time the route optimiser on recorded games and dense synthetic boards"))
KOL_CLI_COMMAND ("export", export, N_("Print a title’s sheets (map, tiles, market, charters, cards, tokens) as PDF, SVG or PNG"))
KOL_CLI_COMMAND ("import", import, N_("Import a game exported from 18xx.games as a Koleya save"))
KOL_CLI_COMMAND ("maker-export", maker_export, N_("Write a title as an 18xx-maker game definition"))
KOL_CLI_COMMAND ("maker-import", maker_import, N_("Make a title from an 18xx-maker game definition"))
KOL_CLI_COMMAND ("render-map", render_map, N_("Draw a title’s board as an SVG picture"))
KOL_CLI_COMMAND ("render-tiles", render_tiles, N_("Draw every tile of a title’s tile set as an SVG picture"))
KOL_CLI_COMMAND ("replay", replay, N_("Replay a save or an 18xx.games game and print the final state and scores"))
KOL_CLI_COMMAND ("roundtrip", roundtrip, N_("Open a title with the editor and save it unchanged into another folder"))
KOL_CLI_COMMAND ("selfplay", selfplay, N_("Play games of random legal actions and check the rules after each"))
KOL_CLI_COMMAND ("titles", titles, N_("List the game titles found in the data folders"))
KOL_CLI_COMMAND ("validate", validate, N_("Check a title folder and list every problem in its data"))
