/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kol-engine-title.h"

G_BEGIN_DECLS

/*
 * Small helpers the drawn views share: the language of title data, SVG path
 * data for cairo, and cairo surfaces as GDK textures.
 */

/**
 * KolViewTerm:
 * @KOL_TERM_STOCK_MARKET: the stock market's name, as a heading
 * @KOL_TERM_REVENUE: what a location on the map earns
 * @KOL_TERM_CELL_PAR: market cells flagged `p`
 * @KOL_TERM_CELL_PAR_2: market cells flagged `z`
 * @KOL_TERM_CELL_PHASE_ZONE: market cells flagged `u`
 * @KOL_TERM_CELL_END: market cells flagged `e`
 * @KOL_TERM_CELL_CLOSE: market cells flagged `c`
 * @KOL_TERM_CELL_BLOCKED: market cells flagged `x`
 * @KOL_TERM_PRICE_MOVES: heading of the table of share price moves after
 *   dividends
 *
 * Words that each rulebook says its own way (in Russian especially).
 */
typedef enum
{
  KOL_TERM_STOCK_MARKET,
  KOL_TERM_REVENUE,
  KOL_TERM_CELL_PAR,
  KOL_TERM_CELL_PAR_2,
  KOL_TERM_CELL_PHASE_ZONE,
  KOL_TERM_CELL_END,
  KOL_TERM_CELL_CLOSE,
  KOL_TERM_CELL_BLOCKED,
  KOL_TERM_PRICE_MOVES,
  KOL_N_TERMS
} KolViewTerm;

const char *kol_view_term               (const KolTitle  *title,
                                         KolViewTerm      term);
const char *kol_view_language           (void);
const char *kol_view_pick_text          (const KolText   *text);
gboolean    kol_view_append_svg_path    (cairo_t         *cr,
                                         const char      *data);
GdkTexture *kol_view_texture_for_surface (cairo_surface_t *surface);

G_END_DECLS
