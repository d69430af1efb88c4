/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kol-engine.h"
#include "kol-engine-route.h"

G_BEGIN_DECLS

/*
 * What a drawn board reads of a game: a narrow, const query API over the
 * engine's state and title for the map view, the table's map controller
 * and the editor. The views hold a state (KolEngine) and a title
 * (KolTitle) as handles they never look into: they pass them to the SVG
 * renderer and to these functions, which read them for them.
 *
 * Hexes are indices into the title's hexes, tiles into its tile
 * definitions, nodes into the nodes of the tile on a hex now, cities into
 * its cities (the board API's numbering).
 */

/* A fresh board of a title (the state of a new game on it), the view's own
 * copy of a state, and a state with a tile laid. */
KolEngine      *kol_board_query_new_board    (const KolTitle  *title,
                                              GError         **error);
KolEngine      *kol_board_query_copy         (const KolEngine *engine);
void            kol_board_query_copy_into    (KolEngine       *dest,
                                              const KolEngine *src);
void            kol_board_query_free         (KolEngine       *engine);
KolEngine      *kol_board_query_with_tile    (const KolEngine *engine,
                                              int              hex,
                                              int              tile,
                                              int              rotation);

/* The title. */
const KolTitle *kol_board_query_title        (const KolEngine *engine);
guint           kol_board_query_n_hexes      (const KolTitle  *title);
guint           kol_board_query_n_tiles      (const KolTitle  *title);
guint           kol_board_query_n_manifest_tiles (const KolTitle *title);
KolLayout       kol_board_query_layout       (const KolTitle  *title);
void            kol_board_query_hex_corner   (KolLayout        layout,
                                              int              corner,
                                              double          *x,
                                              double          *y);
const char     *kol_board_query_hex_id       (const KolTitle  *title,
                                              int              hex);
int             kol_board_query_hex_by_id    (const KolTitle  *title,
                                              const char      *id);
gboolean        kol_board_query_hex_grid     (const KolTitle  *title,
                                              int              hex,
                                              int             *x,
                                              int             *y);
char           *kol_board_query_grid_id_at   (const KolTitle  *title,
                                              double           bx,
                                              double           by);
gboolean        kol_board_query_axis_numbers (const KolTitle  *title,
                                              gboolean         columns);
const char     *kol_board_query_tile_id      (const KolTitle  *title,
                                              int              tile);
int             kol_board_query_tile_by_id   (const KolTitle  *title,
                                              const char      *id);
GStrv           kol_board_query_upgrades     (const KolEngine *engine,
                                              int              tile,
                                              gboolean         inferred);
int             kol_board_query_tile_of_copy (const KolTitle  *title,
                                              int              copy);
int             kol_board_query_tiles_left   (const KolEngine *engine,
                                              int              tile);

/* The state of a hex. */
KolColor        kol_board_query_hex_color    (const KolEngine *engine,
                                              int              hex);
char           *kol_board_query_hex_key      (const KolEngine *engine,
                                              int              hex);
int             kol_board_query_city_slots   (const KolEngine *engine,
                                              int              hex,
                                              int              city);
int             kol_board_query_slot_index   (const KolEngine *engine,
                                              int              hex,
                                              int              city,
                                              int              slot);
int             kol_board_query_node_city    (const KolEngine *engine,
                                              int              hex,
                                              int              node);
int             kol_board_query_hex_stops    (const KolEngine *engine,
                                              int              hex,
                                              int             *first);
int             kol_board_query_node_at      (const KolEngine *engine,
                                              int              hex,
                                              double           x,
                                              double           y);
char           *kol_board_query_describe_hex (const KolEngine *engine,
                                              int              hex,
                                              gboolean         markup);

G_END_DECLS
