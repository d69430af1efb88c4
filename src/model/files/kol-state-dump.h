/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * The state of a game as JSON, in the shape of the reference dumps of
 * ../shared/fixtures/oracle (18xx-games-format.md §6.2) and with 18xx.games
 * ids, so that a replay can be compared with them after every action, and
 * `koleya-cli replay --dump` can write the same lines for a diff.
 */

/**
 * KolStateDumpFlags:
 * @KOL_STATE_DUMP_NONE: the state fields only
 * @KOL_STATE_DUMP_TILES: also `tiles`: every hex with its tile and rotation
 */
typedef enum
{
  KOL_STATE_DUMP_NONE = 0,
  KOL_STATE_DUMP_TILES = 1 << 0,
} KolStateDumpFlags;

/**
 * KolStateMismatch:
 * @field: the path of the first field that differs ("corporations[ATA].cash")
 * @expected: the expected value, as JSON text
 * @actual: the value found, as JSON text
 */
typedef struct
{
  char *field;
  char *expected;
  char *actual;
} KolStateMismatch;

JsonNode   *kol_state_dump              (KolEngine         *engine,
                                         KolStateDumpFlags  flags);
gboolean    kol_state_compare           (JsonNode           *expected,
                                         JsonNode           *actual,
                                         KolStateMismatch   *mismatch);
gboolean    kol_state_compare_tiles     (GHashTable         *expected,
                                         JsonNode           *actual,
                                         KolStateMismatch   *mismatch);
void        kol_state_update_tiles      (GHashTable         *tiles,
                                         JsonNode           *line);
void        kol_state_mismatch_clear    (KolStateMismatch   *mismatch);

int         kol_state_player_value      (const KolEngine *engine,
                                         int              player);
JsonNode   *kol_state_result            (KolEngine            *engine);
gboolean    kol_state_compare_result    (JsonNode           *expected,
                                         JsonNode           *actual,
                                         KolStateMismatch   *mismatch);

G_END_DECLS
