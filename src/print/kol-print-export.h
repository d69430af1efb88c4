/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * Printing a title: its map, its tile sheet (every copy of every tile, with
 * cut lines) and its stock market, as PDF or SVG pages, at real board scale
 * across as many pages as needed (with overlap and registration marks to
 * glue them) or fitted to one page.
 *
 * This is its own small library on the model, cairo and librsvg, without
 * GTK: koleya-cli exports with it, and the views draw its pages into a
 * GtkPrintOperation's cairo context with kol_print_job_draw_page().
 */

#define KOL_PRINT_ERROR (kol_print_error_quark ())

/**
 * KolPrintError:
 * @KOL_PRINT_ERROR_TITLE: the title does not load
 * @KOL_PRINT_ERROR_RENDER: a picture could not be drawn
 * @KOL_PRINT_ERROR_WRITE: the file could not be written
 */
typedef enum
{
  KOL_PRINT_ERROR_TITLE,
  KOL_PRINT_ERROR_RENDER,
  KOL_PRINT_ERROR_WRITE,
} KolPrintError;

/**
 * KolPrintWhat:
 * @KOL_PRINT_MAP: the board as a game starts on it
 * @KOL_PRINT_TILES: every copy of every manifest tile, by colour, with cut
 *   lines
 * @KOL_PRINT_MARKET: the stock market
 */
typedef enum
{
  KOL_PRINT_MAP,
  KOL_PRINT_TILES,
  KOL_PRINT_MARKET,
} KolPrintWhat;

typedef enum
{
  KOL_PRINT_FORMAT_PDF,
  KOL_PRINT_FORMAT_SVG,
} KolPrintFormat;

typedef enum
{
  KOL_PAPER_A4,
  KOL_PAPER_A3,
  KOL_PAPER_LETTER,
} KolPaper;

/**
 * KolPrintOptions:
 * @what: what to print
 * @paper: the paper size
 * @landscape: turn the paper
 * @fit: scale the map or market down (or up) to one page instead of real
 *   board scale; tile sheets are always at real scale
 * @hex_mm: a hex's width across flats in millimetres (18xx boards: about 38)
 * @margin_mm: the unprinted margin around each page
 * @overlap_mm: how much adjacent pages of a large picture share
 * @market_cell_mm: the width of a stock market cell at real scale
 * @language: (nullable): "ru" for Russian names and legends
 * @n_players: the configuration printed: a player count (0: the most)
 * @options: (nullable): and the options in effect
 */
typedef struct
{
  KolPrintWhat        what;
  KolPaper            paper;
  gboolean            landscape;
  gboolean            fit;
  double              hex_mm;
  double              margin_mm;
  double              overlap_mm;
  double              market_cell_mm;
  const char         *language;
  int                 n_players;
  const char * const *options;
} KolPrintOptions;

typedef struct _KolPrintJob KolPrintJob;

GQuark       kol_print_error_quark         (void);
void         kol_print_options_init        (KolPrintOptions       *opts);
gboolean     kol_print_paper_from_string   (const char            *name,
                                            KolPaper              *paper);

KolPrintJob *kol_print_job_new             (KolTitleDocument      *doc,
                                            const KolPrintOptions *opts,
                                            GError               **error);
void         kol_print_job_free            (KolPrintJob           *job);
guint        kol_print_job_get_n_pages     (KolPrintJob           *job);
void         kol_print_job_get_page_size   (KolPrintJob           *job,
                                            double                *width_pt,
                                            double                *height_pt);
gboolean     kol_print_job_draw_page       (KolPrintJob           *job,
                                            cairo_t               *cr,
                                            guint                  page,
                                            GError               **error);
GStrv        kol_print_job_write           (KolPrintJob           *job,
                                            KolPrintFormat         format,
                                            const char            *filename,
                                            GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolPrintJob, kol_print_job_free)

G_END_DECLS
