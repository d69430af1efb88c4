/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-record-import.h"

G_BEGIN_DECLS

/*
 * A game file given on the command line: a Koleya save or an 18xx.games
 * record, told apart by their contents. Shared by `replay`, `import` and
 * `bench-replay`.
 */

typedef enum
{
  KOL_CLI_GAME_SAVE,
  KOL_CLI_GAME_RECORD,
} KolCliGameKind;

typedef struct
{
  KolCliGameKind   kind;
  KolHistory      *history;      /* NULL when the file could not be set up */
  KolRecord       *record;       /* records only */
  KolImportReport  report;       /* records: how far the replay went */
  GError          *error;        /* saves: why loading stopped; records: setup */
  guint            n_actions;    /* actions in the file's log (kept ones) */
} KolCliGame;

gboolean kol_cli_game_open            (const char        *path,
                                       KolRecordSeedMode  seed_mode,
                                       KolCliGame        *game,
                                       GError           **error);
void     kol_cli_game_clear           (KolCliGame        *game);
gboolean kol_cli_game_parse_seed_mode (const char        *value,
                                       KolRecordSeedMode *mode);
void     kol_cli_print_file_error     (const char        *path,
                                       const char        *message);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KolCliGame, kol_cli_game_clear)

G_END_DECLS
