/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * Actions in the JSON vocabulary of 18xx.games (the records it exports and
 * our own save files), converted to and from the engine's KolAction.
 *
 * Ids are resolved against a game's state at the moment the action is
 * processed, because some of them only mean something there: a city id such
 * as "57-3-0" names a tile copy, and the hex is wherever that copy lies now;
 * a route node "I27-0" is a part of the tile on I27 now. So convert an
 * action right before applying it, and convert it back against the state it
 * was applied to.
 */

#define KOL_ACTION_JSON_ERROR (kol_action_json_error_quark ())

/**
 * KolActionJsonError:
 * @KOL_ACTION_JSON_ERROR_INVALID: a field is missing, has the wrong type or
 *   is out of range
 * @KOL_ACTION_JSON_ERROR_UNKNOWN_ID: an id names nothing in this game, or
 *   something other than the action says
 * @KOL_ACTION_JSON_ERROR_UNSUPPORTED: an action type Koleya does not know
 */
typedef enum
{
  KOL_ACTION_JSON_ERROR_INVALID,
  KOL_ACTION_JSON_ERROR_UNKNOWN_ID,
  KOL_ACTION_JSON_ERROR_UNSUPPORTED,
} KolActionJsonError;

/* Nested auto actions deeper than this are refused (18xx.games never nests
 * them at all; the bound keeps hostile files from recursing). */
#define KOL_ACTION_JSON_MAX_AUTO_DEPTH 4

/**
 * KolActionJsonFlags:
 * @KOL_ACTION_JSON_NONE: convert the action and its auto actions
 * @KOL_ACTION_JSON_SKIP_AUTO: leave the auto actions out (the caller
 *   converts them one by one, each against the state it applies to)
 */
typedef enum
{
  KOL_ACTION_JSON_NONE = 0,
  KOL_ACTION_JSON_SKIP_AUTO = 1 << 0,
} KolActionJsonFlags;

GQuark      kol_action_json_error_quark  (void);

KolAction *kol_action_from_json             (KolEngine           *engine,
                                             JsonNode            *node,
                                             const char          *path,
                                             KolActionJsonFlags   flags,
                                             char               **error_path,
                                             GError             **error);
JsonNode  *kol_action_to_json               (KolEngine       *engine,
                                             const KolAction *action);
gboolean   kol_action_json_has_auto         (JsonNode           *node);
gboolean   kol_action_json_depends_on_board (JsonNode       *node);
char      *kol_action_json_describe         (JsonNode           *node,
                                             const char         *path);

/* Ids of the 18xx.games vocabulary, for the state dump and the UI. */
char       *kol_action_json_entity_id    (KolEngine   *engine,
                                          KolEntity    entity,
                                          const char **entity_type);
JsonNode   *kol_action_json_entity_node  (KolEngine *engine,
                                          KolEntity  entity);
char       *kol_action_json_tile_id      (KolEngine *engine,
                                          int        hex);
char       *kol_action_json_city_id      (KolEngine *engine,
                                          int        hex,
                                          int        city);

G_END_DECLS
