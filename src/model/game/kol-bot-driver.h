/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kol-engine.h"

G_BEGIN_DECLS

/*
 * KolBotDriver: plays the computer seats of a KolGame (kol_game_get_computer).
 * When the game, at its latest state, waits for a computer's decision, the
 * driver waits #KolBotDriver:delay milliseconds (a pause the players can
 * see), then asks the seat's policy (src/engine/policy) in a worker
 * thread and plays its choice with the reason as a note in the log. Any
 * change of the game meanwhile (an undo, a seek, a seat changed, the game
 * closed) cancels the search; nothing is played on a state that is gone.
 *
 * It also answers "What would the computer do?" for a person's turn
 * (kol_bot_driver_suggest_async()).
 *
 * Properties:
 *   "delay"           uint, milliseconds before a computer acts (default 600)
 *   "paused"          boolean: computers do not act
 *   "thinking"        boolean (read-only): a computer is choosing
 *   "thinking-player" int (read-only): whose choice it is, -1
 *   "budget"          int, a strong seat's thinking time in ms (default
 *                     KOL_POLICY_DEFAULT_BUDGET_MS)
 */

typedef struct _KolGame KolGame;

#define KOL_TYPE_BOT_DRIVER (kol_bot_driver_get_type ())

G_DECLARE_FINAL_TYPE (KolBotDriver, kol_bot_driver, KOL, BOT_DRIVER, GObject)

KolBotDriver *kol_bot_driver_new                 (KolGame       *game);

guint         kol_bot_driver_get_delay           (KolBotDriver  *self);
void          kol_bot_driver_set_delay           (KolBotDriver  *self,
                                                  guint          delay_ms);
gboolean      kol_bot_driver_get_paused          (KolBotDriver  *self);
void          kol_bot_driver_set_paused          (KolBotDriver  *self,
                                                  gboolean       paused);
gboolean      kol_bot_driver_get_thinking        (KolBotDriver  *self);
int           kol_bot_driver_get_thinking_player (KolBotDriver  *self);
int           kol_bot_driver_get_budget          (KolBotDriver  *self);
void          kol_bot_driver_set_budget          (KolBotDriver  *self,
                                                  int            budget_ms);

void          kol_bot_driver_suggest_async       (KolBotDriver        *self,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
KolAction    *kol_bot_driver_suggest_finish      (KolBotDriver        *self,
                                                  GAsyncResult        *result,
                                                  char               **reason,
                                                  GError             **error);

G_END_DECLS
