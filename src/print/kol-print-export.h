/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "kol-title-document.h"

G_BEGIN_DECLS

/*
 * Printing a title for a playtest copy: its map, its tiles (with cut lines,
 * optional bleed, and a sheet counting them), its stock market, the
 * corporations' charters, private company and train cards, and station
 * tokens, as PDF, SVG or PNG pages.
 *
 * A job lays every sheet out for one paper, builds each page as an SVG
 * document (text stays text), and draws or writes the pages: PDF and PNG
 * through librsvg and cairo, SVG as written. The map and the market are
 * printed at real board scale over as many pages as needed (or fitted to
 * one); the job may turn the paper or shrink them a little so that no page
 * holds a mere sliver, and says what it did.
 *
 * This is its own small library on the model, cairo and librsvg, without
 * GTK: koleya-cli exports with it, and the editor draws its pages into a
 * GtkPrintOperation's cairo context with kol_print_job_draw_page().
 */

#define KOL_PRINT_ERROR (kol_print_error_quark ())

/**
 * KolPrintError:
 * @KOL_PRINT_ERROR_TITLE: the title does not load
 * @KOL_PRINT_ERROR_RENDER: a picture could not be drawn
 * @KOL_PRINT_ERROR_WRITE: the file could not be written
 * @KOL_PRINT_ERROR_EMPTY: nothing to print (no sheet chosen, or the sheets
 *   chosen are empty for this title)
 */
typedef enum
{
  KOL_PRINT_ERROR_TITLE,
  KOL_PRINT_ERROR_RENDER,
  KOL_PRINT_ERROR_WRITE,
  KOL_PRINT_ERROR_EMPTY,
} KolPrintError;

/**
 * KolPrintSheet:
 * @KOL_PRINT_MAP: the board as a game starts on it
 * @KOL_PRINT_TILES: every copy of every manifest tile, with cut lines
 * @KOL_PRINT_TILE_COUNTS: one picture of each tile with its count, by
 *   colour (the manifest)
 * @KOL_PRINT_MARKET: the stock market
 * @KOL_PRINT_CHARTERS: a charter per corporation: token spaces, the share
 *   split, float and par, boxes for treasury and trains
 * @KOL_PRINT_PRIVATES: a card per private company
 * @KOL_PRINT_TRAINS: a card per train
 * @KOL_PRINT_TOKENS: each corporation's station tokens and share price
 *   marker, to cut out or stick on discs
 *
 * The sheets, as flags: a job prints any set of them, in this order.
 */
typedef enum
{
  KOL_PRINT_MAP         = 1 << 0,
  KOL_PRINT_TILES       = 1 << 1,
  KOL_PRINT_TILE_COUNTS = 1 << 2,
  KOL_PRINT_MARKET      = 1 << 3,
  KOL_PRINT_CHARTERS    = 1 << 4,
  KOL_PRINT_PRIVATES    = 1 << 5,
  KOL_PRINT_TRAINS      = 1 << 6,
  KOL_PRINT_TOKENS      = 1 << 7,
} KolPrintSheet;

#define KOL_PRINT_N_SHEETS 8
#define KOL_PRINT_ALL_SHEETS 0xffu

typedef enum
{
  KOL_PRINT_FORMAT_PDF,
  KOL_PRINT_FORMAT_SVG,
  KOL_PRINT_FORMAT_PNG,
} KolPrintFormat;

/**
 * KolPaper:
 * @KOL_PAPER_CUSTOM: the size in #KolPrintOptions' paper_w_mm and
 *   paper_h_mm (what a print dialog chose)
 */
typedef enum
{
  KOL_PAPER_A4,
  KOL_PAPER_A3,
  KOL_PAPER_LETTER,
  KOL_PAPER_A5,
  KOL_PAPER_LEGAL,
  KOL_PAPER_TABLOID,
  KOL_PAPER_CUSTOM,
} KolPaper;

#define KOL_N_PAPERS KOL_PAPER_CUSTOM

typedef enum
{
  KOL_ORIENTATION_AUTO,
  KOL_ORIENTATION_PORTRAIT,
  KOL_ORIENTATION_LANDSCAPE,
} KolOrientation;

/**
 * KolPrintFiles:
 * @KOL_PRINT_FILES_ONE: every page in one file (PDF only; SVG and PNG
 *   write one file per page)
 * @KOL_PRINT_FILES_PER_SHEET: a file per sheet ("-map", "-tiles"… before
 *   the extension); an SVG sheet of several pages holds them one under the
 *   other
 * @KOL_PRINT_FILES_PER_PAGE: a file per page ("-map-1", "-map-2"…)
 */
typedef enum
{
  KOL_PRINT_FILES_ONE,
  KOL_PRINT_FILES_PER_SHEET,
  KOL_PRINT_FILES_PER_PAGE,
} KolPrintFiles;

/**
 * KolPrintOptions:
 * @sheets: the #KolPrintSheet flags to print
 * @paper: the paper size
 * @paper_w_mm: with %KOL_PAPER_CUSTOM, the paper's shorter side
 * @paper_h_mm: and its longer side
 * @orientation: portrait, landscape, or whichever prints each sheet on
 *   fewer pages
 * @fit: scale the map and the market to one page each instead of real
 *   board scale (tiles and tokens then match the printed map)
 * @hex_mm: a hex's width across flats in millimetres (18xx boards: 38)
 * @max_shrink: how much smaller than @hex_mm (a fraction) the map and the
 *   market may be printed to need fewer pages; 0 never
 * @margin_mm: the unprinted margin around each page
 * @overlap_mm: how much adjacent pages of a large picture share, to glue
 * @market_cell_mm: the width of a stock market cell at real scale
 * @bleed: tiles and cards printed with their colour running 2.5 mm past
 *   the cut line, apart, with crop marks
 * @language: (nullable): "en" or "ru": the language of everything printed;
 *   %NULL for the user's
 * @n_players: the configuration printed: a player count (0: the most)
 * @options: (nullable): and the options in effect
 */
typedef struct
{
  guint               sheets;
  KolPaper            paper;
  double              paper_w_mm;
  double              paper_h_mm;
  KolOrientation      orientation;
  gboolean            fit;
  double              hex_mm;
  double              max_shrink;
  double              margin_mm;
  double              overlap_mm;
  double              market_cell_mm;
  gboolean            bleed;
  const char         *language;
  int                 n_players;
  const char * const *options;
} KolPrintOptions;

/**
 * KolPrintOutput:
 * @format: PDF, SVG or PNG
 * @files: how pages are split into files
 * @dpi: the resolution of PNG pages
 */
typedef struct
{
  KolPrintFormat format;
  KolPrintFiles  files;
  double         dpi;
} KolPrintOutput;

/**
 * KolPrintSheetInfo:
 * @sheet: which sheet
 * @first_page: its first page in the job
 * @n_pages: its pages
 * @landscape: whether its pages are landscape
 * @cols: the map and market: pages across (else 0)
 * @rows: and down
 * @scale: the printed size against the size asked (1: real scale)
 * @rotated: the paper was turned from the orientation the sheet would
 *   have by its shape, to need fewer pages
 * @shrunk: the picture was printed smaller than asked, to need fewer pages
 * @pages_saved: how many pages turning or shrinking saved
 * @summary: what was printed and how, in the user's language
 */
typedef struct
{
  KolPrintSheet sheet;
  guint         first_page;
  guint         n_pages;
  gboolean      landscape;
  guint         cols;
  guint         rows;
  double        scale;
  gboolean      rotated;
  gboolean      shrunk;
  guint         pages_saved;
  char         *summary;
} KolPrintSheetInfo;

typedef struct _KolPrintJob KolPrintJob;

GQuark                   kol_print_error_quark           (void);
void                     kol_print_options_init          (KolPrintOptions       *opts);
void                     kol_print_output_init           (KolPrintOutput        *output);
gboolean                 kol_print_paper_from_string     (const char            *name,
                                                          KolPaper              *paper);
const char              *kol_print_paper_to_string       (KolPaper               paper);
gboolean                 kol_print_paper_from_size       (double                 width_mm,
                                                          double                 height_mm,
                                                          KolPaper              *paper);
void                     kol_print_paper_size_mm         (KolPaper               paper,
                                                          double                *width_mm,
                                                          double                *height_mm);
gboolean                 kol_print_sheets_from_string    (const char            *list,
                                                          guint                 *sheets);
const char              *kol_print_sheet_to_string       (KolPrintSheet          sheet);
const char              *kol_print_sheet_name            (KolPrintSheet          sheet,
                                                          const KolTitle        *title);

KolPrintJob             *kol_print_job_new               (KolTitleDocument      *doc,
                                                          const KolPrintOptions *opts,
                                                          GError               **error);
void                     kol_print_job_free              (KolPrintJob           *job);
guint                    kol_print_job_get_n_pages       (KolPrintJob           *job);
void                     kol_print_job_get_page_size     (KolPrintJob           *job,
                                                          guint                  page,
                                                          double                *width_pt,
                                                          double                *height_pt);
KolPrintSheet            kol_print_job_get_page_sheet    (KolPrintJob           *job,
                                                          guint                  page);
double                   kol_print_job_get_page_fill     (KolPrintJob           *job,
                                                          guint                  page);
const char              *kol_print_job_get_page_svg      (KolPrintJob           *job,
                                                          guint                  page);
guint                    kol_print_job_get_n_sheets      (KolPrintJob           *job);
const KolPrintSheetInfo *kol_print_job_get_sheet         (KolPrintJob           *job,
                                                          guint                  index);
double                   kol_print_job_get_hex_mm        (KolPrintJob           *job);
char                    *kol_print_job_describe          (KolPrintJob           *job);
gboolean                 kol_print_job_draw_page         (KolPrintJob           *job,
                                                          cairo_t               *cr,
                                                          guint                  page,
                                                          GError               **error);
GStrv                    kol_print_job_write             (KolPrintJob           *job,
                                                          const KolPrintOutput  *output,
                                                          const char            *filename,
                                                          GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolPrintJob, kol_print_job_free)

G_END_DECLS
