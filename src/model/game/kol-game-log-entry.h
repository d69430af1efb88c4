/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kol-log-format.h"

G_BEGIN_DECLS

#define KOL_TYPE_LOG_CATEGORY (kol_log_category_get_type ())
GType kol_log_category_get_type (void);

/*
 * One line of the game's log, as an item of kol_game_get_log(): its text
 * in words, the round it happened in, and the point of the history it
 * belongs to (kol_game_seek() to #KolGameLogEntry:position shows the game
 * right after it).
 */

#define KOL_TYPE_GAME_LOG_ENTRY (kol_game_log_entry_get_type ())

G_DECLARE_FINAL_TYPE (KolGameLogEntry, kol_game_log_entry, KOL, GAME_LOG_ENTRY, GObject)

guint          kol_game_log_entry_get_index    (KolGameLogEntry *self);
const char    *kol_game_log_entry_get_text     (KolGameLogEntry *self);
const char    *kol_game_log_entry_get_round    (KolGameLogEntry *self);
int            kol_game_log_entry_get_kind     (KolGameLogEntry *self);
KolLogCategory kol_game_log_entry_get_category (KolGameLogEntry *self);
guint          kol_game_log_entry_get_position (KolGameLogEntry *self);
gboolean       kol_game_log_entry_get_future   (KolGameLogEntry *self);

G_END_DECLS
