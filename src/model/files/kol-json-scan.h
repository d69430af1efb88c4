/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A strict, non-recursive JSON scanner that runs before json-glib. It exists
 * because json-glib 1.6 recurses without a limit (a deeply nested file
 * overflows the stack), silently wraps integers that do not fit in 64 bits,
 * keeps only the last of two equal keys, accepts comments and single quotes,
 * and forgets where a value was once the tree is built. The scanner checks
 * the file against RFC 8259, bounds the nesting depth, reports every
 * out-of-range number and duplicated key, and can record the line and column
 * of every value under its JSON path ("$.hexes[12].tile.paths[3].b"), so
 * that problems found later in the tree can point into the file.
 */

/* Deeper documents are refused before json-glib sees them. */
#define KOL_JSON_MAX_DEPTH 128
/* Larger files are refused unread. */
#define KOL_JSON_MAX_SIZE (16 * 1024 * 1024)
/* Files holding more values (objects, arrays, strings, numbers, literals)
 * are refused before json-glib builds a tree of them: a node costs json-glib
 * about a hundred bytes, an empty object several hundred, so 16 MiB of "{},"
 * would take gigabytes. The largest title file holds about 3,000 values, a
 * whole game exported from 18xx.games about 11,000; at the bound a save
 * parses in about 0.15 s and 70 MB. */
#define KOL_JSON_MAX_VALUES 100000
/* After this many problems a text is not scanned further: a hostile file
 * with millions of duplicated keys gets one message per problem only so
 * far. */
#define KOL_JSON_MAX_ISSUES 100

typedef struct
{
  char *path;       /* JSON path of the value, or NULL */
  int   line;       /* 1-based; 0 when unknown */
  int   column;     /* 1-based, in characters */
  char *message;    /* translated */
} KolJsonIssue;

typedef struct _KolJsonScan KolJsonScan;

/* Scans @text (@length bytes, need not be NUL-terminated). With
 * @record_positions, remembers where each value starts. */
KolJsonScan        *kol_json_scan_new           (const char         *text,
                                                 gsize               length,
                                                 gboolean            record_positions);
void                kol_json_scan_free          (KolJsonScan        *scan);
/* FALSE when the text is not JSON (syntax, encoding, depth): then the first
 * issue says why, and nothing should parse it further. */
gboolean            kol_json_scan_is_parsable   (const KolJsonScan  *scan);
/* Every issue found (KolJsonIssue*), in file order. */
GPtrArray          *kol_json_scan_get_issues    (const KolJsonScan  *scan);
/* Where the value at @path starts; FALSE if unknown (or not recorded). */
gboolean            kol_json_scan_lookup        (const KolJsonScan  *scan,
                                                 const char         *path,
                                                 int                *line,
                                                 int                *column);
/* Was any number out of range, or the one at @path (already reported as
 * an issue)? */
gboolean kol_json_scan_has_bad_numbers (const KolJsonScan *scan);
gboolean kol_json_scan_is_bad_number   (const KolJsonScan  *scan,
                                        const char         *path);

/* Where the value at @path starts in @text, without recording the others;
 * FALSE if no value starts there or the text is not JSON before it. */
gboolean kol_json_scan_find (const char *text,
                             gsize       length,
                             const char *path,
                             int        *line,
                             int        *column);

/* Reads @file as text to scan: a regular file of at most
 * KOL_JSON_MAX_SIZE bytes, otherwise a G_IO_ERROR (never reading a device,
 * a pipe or a huge file). The error message names no file. */
gboolean kol_json_read_file (GFile   *file,
                             char   **text,
                             gsize   *length,
                             GError **error);

/* Whether json-glib may parse @text: scans it and, if not parsable,
 * sets a G_IO_ERROR_INVALID_DATA saying where and why. */
gboolean kol_json_check_text (const char *text,
                              gsize       length,
                              GError    **error);

/* Appends ".key" or "['key']" (for keys that are not identifiers) to @path. */
void                kol_json_path_append_key    (GString            *path,
                                                 const char         *key);
char               *kol_json_path_key           (const char         *path,
                                                 const char         *key);
char               *kol_json_path_index         (const char         *path,
                                                 guint               index);
const char         *kol_json_path_set_index     (GString            *path,
                                                 gsize               base,
                                                 guint               index);

void                kol_json_issue_free         (KolJsonIssue       *issue);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolJsonScan, kol_json_scan_free)

G_END_DECLS
