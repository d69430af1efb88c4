/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define KOL_TYPE_AUTOSAVE_ENTRY (kol_autosave_entry_get_type ())

G_DECLARE_FINAL_TYPE (KolAutosaveEntry, kol_autosave_entry, KOL, AUTOSAVE_ENTRY, GObject)

KolAutosaveEntry   *kol_autosave_entry_new_for_file      (GFile            *file);
GFile              *kol_autosave_entry_get_file          (KolAutosaveEntry *self);
const char         *kol_autosave_entry_get_title_id      (KolAutosaveEntry *self);
const char         *kol_autosave_entry_get_title_name    (KolAutosaveEntry *self);
const char * const *kol_autosave_entry_get_player_names  (KolAutosaveEntry *self);
guint               kol_autosave_entry_get_n_actions     (KolAutosaveEntry *self);
GDateTime          *kol_autosave_entry_get_modified      (KolAutosaveEntry *self);
const char         *kol_autosave_entry_get_problem       (KolAutosaveEntry *self);

G_END_DECLS
