/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-print-export.h"

G_BEGIN_DECLS

/*
 * Internals of the print library, shared by the job (kol-print-job.c), the
 * page markup (kol-print-svg.c), the sheets (kol-print-picture.c for the
 * map and the market, kol-print-tiles.c, kol-print-charters.c,
 * kol-print-cards.c, kol-print-tokens.c) and the files (kol-print-write.c).
 *
 * Pages are SVG documents whose user unit is the point (1/72 inch), the
 * unit of PDF and of cairo's print surfaces; sizes in the options are in
 * millimetres.
 */

#define KOL_PT_PER_MM (72.0 / 25.4)
#define KOL_SQRT3 1.7320508075688772
#define KOL_PRINT_FONT "DejaVu Sans"
#define KOL_PRINT_FOOTER_PT 7.0
/* A page of a sheet of several pages is a sliver when its part of the
 * sheet fills less than this much of the printable area along the
 * direction the sheet continues in (tests check it). */
#define KOL_PRINT_SLIVER 0.25
#define KOL_PRINT_BLEED_MM 2.5

typedef struct
{
  KolPrintSheet sheet;
  double        w, h;      /* points */
  double        fill;      /* see kol_print_job_get_page_fill() */
  GString      *svg;
  char         *note;      /* the footer's addition: "row 1, column 2" */
} KolPrintPage;

/* The map or the market: one picture over cols × rows pages, split
 * equally among them. */
typedef struct
{
  char     *svg;           /* the picture at the size asked */
  double    view[4];       /* its viewBox */
  double    w, h;          /* its size at the size asked, points */
  gboolean  landscape;
  guint     cols, rows;
  double    scale;         /* printed / asked */
  gboolean  rotated, shrunk;
  guint     saved;         /* pages saved by turning or shrinking */
} KolPrintPicture;

struct _KolPrintJob
{
  KolPrintOptions   opts;
  char             *language;
  GStrv             options;
  KolTitleDocument *doc;
  KolTitle         *title;
  char             *title_name;
  double            margin;        /* points */
  double            paper_w;       /* portrait, points */
  double            paper_h;
  double            hex_mm;        /* a hex across flats as the map prints */
  double            cell_pt;       /* a market cell's width as the market prints */
  KolPrintPicture   map;
  KolPrintPicture   market;
  GPtrArray        *pages;         /* KolPrintPage* */
  GArray           *sheets;        /* KolPrintSheetInfo */
};

/* kol-print-svg.c: page markup */

typedef enum
{
  KOL_PRINT_TEXT_BOLD   = 1 << 0,
  KOL_PRINT_TEXT_MIDDLE = 1 << 1,
  KOL_PRINT_TEXT_END    = 1 << 2,
  KOL_PRINT_TEXT_ITALIC = 1 << 3,
} KolPrintTextFlags;

void          _kol_print_svg          (GString      *out,
                                       const char   *format,
                                       ...);
KolPrintPage *_kol_print_page_new     (KolPrintJob  *job,
                                       KolPrintSheet sheet,
                                       gboolean      landscape);
void          _kol_print_page_free    (KolPrintPage *page);
void          _kol_print_printable    (KolPrintJob  *job,
                                       gboolean      landscape,
                                       double       *width,
                                       double       *height);
double        _kol_print_text_width   (const char   *text,
                                       double        size,
                                       guint         flags);
GStrv         _kol_print_wrap         (const char   *text,
                                       double        size,
                                       guint         flags,
                                       double        width);
void          _kol_print_text         (GString      *out,
                                       double        x,
                                       double        y,
                                       double        size,
                                       guint         flags,
                                       const char   *fill,
                                       const char   *text);
double        _kol_print_fit_size     (const char   *text,
                                       double        size,
                                       guint         flags,
                                       double        width);
double        _kol_print_paragraph    (GString      *out,
                                       double        x,
                                       double        y,
                                       double        width,
                                       double        size,
                                       guint         flags,
                                       const char   *fill,
                                       const char   *text);
gboolean      _kol_print_embed        (GString      *out,
                                       const char   *document,
                                       double        x,
                                       double        y,
                                       double        width,
                                       double        height,
                                       const double *view);
gboolean      _kol_print_document_box (const char   *document,
                                       double       *view,
                                       double       *width,
                                       double       *height);
void          _kol_print_hex_points   (GString      *out,
                                       gboolean      flat,
                                       double        x,
                                       double        y,
                                       double        r);
void          _kol_print_crop_marks   (GString      *out,
                                       double        x0,
                                       double        y0,
                                       double        x1,
                                       double        y1,
                                       const double *xs,
                                       guint         n_xs,
                                       const double *ys,
                                       guint         n_ys);

/* kol-print-job.c: shared by the sheets */

const char   *_kol_print_pick         (KolPrintJob  *job,
                                       const KolText *text);
char         *_kol_print_money        (KolPrintJob  *job,
                                       int           amount);
KolPrintSheetInfo *_kol_print_sheet_begin (KolPrintJob *job,
                                           KolPrintSheet sheet);
void          _kol_print_add_page     (KolPrintJob  *job,
                                       KolPrintPage *page);

/* the sheets: each adds its pages to the job and fills its info */

gboolean      _kol_print_plan_map     (KolPrintJob       *job,
                                       GError           **error);
gboolean      _kol_print_plan_market  (KolPrintJob       *job);
gboolean      _kol_print_map_sheet    (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);
gboolean      _kol_print_market_sheet (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);
gboolean      _kol_print_tiles_sheet  (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);
gboolean      _kol_print_counts_sheet (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);
gboolean      _kol_print_charters_sheet (KolPrintJob       *job,
                                         KolPrintSheetInfo *info,
                                         GError           **error);
gboolean      _kol_print_privates_sheet (KolPrintJob       *job,
                                         KolPrintSheetInfo *info,
                                         GError           **error);
gboolean      _kol_print_trains_sheet (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);
gboolean      _kol_print_tokens_sheet (KolPrintJob       *job,
                                       KolPrintSheetInfo *info,
                                       GError           **error);

/* kol-print-cards.c: a grid of same-sized pieces, shared by charters and
 * cards */

typedef struct
{
  double   w, h;          /* a piece, points, without bleed */
  double   bleed;         /* around each piece */
  gboolean landscape;     /* the page */
  guint    cols, rows;    /* per page */
  double   x0, y0;        /* the top left piece's corner on the page */
} KolPrintGrid;

typedef void (*KolPrintDrawPiece) (KolPrintJob *job,
                                   GString     *out,
                                   guint        index,
                                   double       x,
                                   double       y,
                                   double       w,
                                   double       h,
                                   double       bleed,
                                   gpointer     data);

guint         _kol_print_pieces_on_page (guint         count,
                                         guint         cols,
                                         guint         rows,
                                         guint         page);
gboolean      _kol_print_grid_plan    (KolPrintJob  *job,
                                       KolPrintGrid *grid,
                                       double        w,
                                       double        h,
                                       guint         count);
void          _kol_print_grid_pack    (KolPrintJob       *job,
                                       KolPrintSheet      sheet,
                                       const KolPrintGrid *grid,
                                       guint              count,
                                       KolPrintDrawPiece  draw,
                                       gpointer           data);

G_END_DECLS
