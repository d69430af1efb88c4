/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * A folder whose files are written as one set: the three files of a title
 * must never be found half old and half new (a tile renamed in tiles.json
 * and not yet in map.json is a broken title). The new set is written into
 * a hidden sibling folder, synced, and swapped with the old folder in one
 * rename (RENAME_EXCHANGE); where the file system cannot exchange, two
 * renames, and kol_file_set_recover() puts back whichever set is whole.
 */

gboolean kol_file_set_write   (const char         *dir,
                               const char * const *names,
                               const char * const *texts,
                               GError            **error);
guint    kol_file_set_recover (const char         *parent,
                               GTimeSpan           min_age);

/* For tests: called after each step of a write (a crash there), and
 * whether to use RENAME_EXCHANGE at all. */
void     _kol_file_set_set_step_hook (void      (*hook) (int step));
void     _kol_file_set_set_exchange  (gboolean    use);

G_END_DECLS
