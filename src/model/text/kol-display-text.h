/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Text from files (player names, title ids, file names, the bytes of a
 * damaged file) shown to people. In a terminal, control characters and
 * bidirectional controls would act instead of showing: ESC sequences
 * rewrite the screen, U+202E turns the rest of a line around. In the
 * window, a name written right to left would reorder the sentence around
 * it. These functions make such text inert.
 */

char *kol_display_escape_terminal (const char *text,
                                   gssize      length);
char *kol_display_isolate         (const char *text);
char *kol_display_file_name       (GFile      *file);
char *kol_display_when            (GDateTime  *time);

/* Messages say where a problem is in words (a line and a column, a file's
 * name); the JSON paths and full folders behind them are for developers:
 * only in verbose mode (koleya-cli --verbose). */
void     kol_display_set_verbose (gboolean verbose);
gboolean kol_display_get_verbose (void);

G_END_DECLS
