/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kol-autosave-entry.h"

G_BEGIN_DECLS

#define KOL_TYPE_AUTOSAVE_LIST (kol_autosave_list_get_type ())

G_DECLARE_FINAL_TYPE (KolAutosaveList, kol_autosave_list, KOL, AUTOSAVE_LIST, GObject)

/* Temporary files of an interrupted write older than this are leftovers:
 * a write takes milliseconds. */
#define KOL_AUTOSAVE_LEFTOVER_AGE (60 * G_TIME_SPAN_SECOND)

KolAutosaveList *kol_autosave_list_new           (const char          *dir);
const char      *kol_autosave_list_get_dir       (KolAutosaveList     *self);
void             kol_autosave_list_reload        (KolAutosaveList     *self);
void             kol_autosave_list_reload_async  (KolAutosaveList     *self,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean         kol_autosave_list_reload_finish (KolAutosaveList     *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);
KolAutosaveEntry *kol_autosave_list_find         (KolAutosaveList     *self,
                                                  GFile               *file);
gboolean         kol_autosave_list_discard       (KolAutosaveList     *self,
                                                  KolAutosaveEntry    *entry,
                                                  gboolean             delete_without_trash,
                                                  GError             **error);

G_END_DECLS
