/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kol-action-panel.h"
#include "kol-game.h"

G_BEGIN_DECLS

/* Moves of a whole game made through the table, shared by the tests that
 * play one (full-game by the widgets, keyboard-game by key presses). */
gboolean   kol_test_is_train_choice (const KolAction *a);
KolAction *kol_test_first_alike     (const KolEngine *engine,
                                     GPtrArray       *legal,
                                     const KolAction *a);
char      *kol_test_spin_name       (const KolEngine *engine,
                                     const KolAction *a);
GtkWidget *kol_test_choice_button   (KolActionPanel  *panel,
                                     KolGame         *game,
                                     const KolAction *a);
char      *kol_test_action_text     (JsonNode        *node);
void       kol_test_assert_move_made (KolGame         *game,
                                      KolActionPanel  *panel,
                                      guint            before,
                                      JsonNode        *wanted,
                                      const char      *offered);

G_END_DECLS
