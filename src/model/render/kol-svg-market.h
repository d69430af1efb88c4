/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * An SVG picture of a title's stock market as printed on a board: the grid
 * of cells with their prices, coloured by the zones of game.json's "market"
 * (or by their flags where no zone says), and a legend. Drawn from the JSON
 * itself (the title keeps the zones too, in KolMarketDef.zones, for the
 * views).
 */

/* The width of a cell in SVG user units; the height is two thirds of it. */
#define KOL_SVG_MARKET_CELL 60.0

char       *kol_svg_render_market     (JsonObject *market,
                                       const char *language,
                                       double      scale);
const char *kol_svg_market_zone_color (const char *name);

G_END_DECLS
