/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * 18xx-maker's game definitions (one JSON file per game, read by the
 * 18xx-maker app to print boards and cards), read into a Koleya title and
 * written from one.
 *
 * The two formats say different things: 18xx-maker draws, Koleya plays.
 * Import turns drawn track into connections by geometry (a piece of track
 * joins the edges it starts and ends at and every city or town it passes
 * through), takes standard tiles given only by their number from a
 * catalogue (the manifests of installed titles), and gives every text both
 * languages. Export draws each tile so that import finds the same
 * connections again, for one configuration (a player count and options) in
 * one language. Both say, line by line, what did not translate.
 */

#define KOL_MAKER_ERROR (kol_maker_error_quark ())

/**
 * KolMakerError:
 * @KOL_MAKER_ERROR_INVALID: the file is not an 18xx-maker game definition
 *   (no "info" with a "title", or a part of the wrong type)
 * @KOL_MAKER_ERROR_TITLE: the Koleya title to export is incomplete
 */
typedef enum
{
  KOL_MAKER_ERROR_INVALID,
  KOL_MAKER_ERROR_TITLE,
} KolMakerError;

/**
 * KolMakerTitle:
 * @game: game.json
 * @map: map.json
 * @tiles: tiles.json
 *
 * A Koleya title made from an 18xx-maker definition, as the three JSON
 * trees of its folder.
 */
typedef struct
{
  JsonNode *game;
  JsonNode *map;
  JsonNode *tiles;
} KolMakerTitle;

/**
 * KolMakerExportOptions:
 * @n_players: the configuration exported: a player count (0: the most)
 * @options: (nullable): and the options in effect
 * @language: "en" or "ru": the language of the texts written
 */
typedef struct
{
  int                 n_players;
  const char * const *options;
  const char         *language;
} KolMakerExportOptions;

GQuark         kol_maker_error_quark    (void);

KolMakerTitle *kol_maker_import         (JsonNode                    *maker,
                                         const char                  *id,
                                         const char * const          *catalogue,
                                         GPtrArray                   *report,
                                         GError                     **error);
void           kol_maker_title_free     (KolMakerTitle               *title);
gboolean       kol_maker_title_write    (KolMakerTitle               *title,
                                         const char                  *dir,
                                         GError                     **error);
GStrv          kol_maker_default_catalogue (void);

JsonNode      *kol_maker_export         (JsonNode                    *game,
                                         JsonNode                    *map,
                                         JsonNode                    *tiles,
                                         const KolMakerExportOptions *opts,
                                         GPtrArray                   *report,
                                         GError                     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolMakerTitle, kol_maker_title_free)

G_END_DECLS
