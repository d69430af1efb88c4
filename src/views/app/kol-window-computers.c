/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-message-dialog.h"
#include "kol-why-format.h"
#include "kol-window-private.h"

/*
 * The computer seats at the table, part of KolWindow: the game's
 * KolBotDriver plays them (the model does the work); the window shows who
 * is thinking in the header bar, keeps the action panel out of reach
 * while a computer decides, and answers "What would the computer do?"
 * (win.hint) on a person's turn.
 */

static KolGame *
current_game (KolWindow *self)
{
  return kol_game_page_get_game (self->game_page);
}

/* A person decides now at the latest state. */
static gboolean
persons_turn (KolGame *game)
{
  int player = kol_game_get_acting_player (game);

  return kol_game_get_live (game) && !kol_game_get_finished (game) && player >= 0 &&
         kol_game_get_computer (game, player) < 0;
}

static void
update_thinking (KolWindow *self)
{
  KolGame *game = current_game (self);
  gboolean table = game != NULL && g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "game");
  int player = table ? kol_bot_driver_get_thinking_player (kol_game_get_bot_driver (game)) : -1;
  gboolean hinting = self->hint_cancellable != NULL;
  GAction *hint = g_action_map_lookup_action (G_ACTION_MAP (self), "hint");

  if (player >= 0)
    {
      g_autoptr(KolGamePlayer) who = g_list_model_get_item (kol_game_get_players (game), (guint) player);
      /* Translators: shown while a computer seat chooses its move. */
      g_autofree char *text = g_strdup_printf (_("%s is thinking…"), who != NULL ? kol_game_player_get_name (who) : "");

      gtk_label_set_label (self->thinking_label, text);
    }
  else if (hinting)
    gtk_label_set_label (self->thinking_label, _("The computer is looking for a move…"));
  gtk_widget_set_visible (self->thinking_box, player >= 0 || hinting);
  gtk_spinner_set_spinning (self->thinking_spinner, player >= 0 || hinting);
  /* a computer's decision is not the people's to make */
  if (table)
    gtk_widget_set_sensitive (GTK_WIDGET (kol_game_page_get_action_panel (self->game_page)), player < 0);
  gtk_widget_set_visible (self->hint_button, table && kol_game_get_computer_count (game) > 0);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (hint), table && !hinting && persons_turn (game));
}

static void
driver_notify_cb (KolWindow *self)
{
  update_thinking (self);
}

static void
game_changed_cb (KolWindow *self)
{
  /* a hint is for the position it was asked in */
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  update_thinking (self);
}

/**
 * _kol_window_attach_computers:
 *
 * Starts the computer seats of the game just put on the table.
 */
void
_kol_window_attach_computers (KolWindow *self,
                              KolGame   *game)
{
  KolBotDriver *driver = kol_game_get_bot_driver (game);

  kol_bot_driver_set_paused (driver, FALSE);
  g_signal_connect_object (driver, "notify::thinking-player", G_CALLBACK (driver_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "state-changed", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
  update_thinking (self);
}

/**
 * _kol_window_detach_computers:
 *
 * The game leaves the table: its computers stop thinking.
 */
void
_kol_window_detach_computers (KolWindow *self,
                              KolGame   *game)
{
  KolBotDriver *driver = kol_game_get_bot_driver (game);

  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  g_signal_handlers_disconnect_by_data (driver, self);
  g_signal_handlers_disconnect_by_func (game, game_changed_cb, self);
  kol_bot_driver_set_paused (driver, TRUE);
  gtk_widget_set_visible (self->thinking_box, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (kol_game_page_get_action_panel (self->game_page)), TRUE);
}

/* ------------------------------------------------------------------ hint */

static void
show_hint (KolWindow       *self,
           KolGame         *game,
           const KolAction *action,
           const char      *reason)
{
  g_autofree char *move = kol_game_describe_action (game, action);
  g_autofree char *body = reason != NULL ? g_strdup_printf ("%s\n\n%s", move, reason) : g_strdup (move);
  KolMessageDialog *dialog = kol_message_dialog_new (GTK_WINDOW (self), _("The Computer Would Play"), body);

  kol_message_dialog_add_button (dialog, "close", _("_Close"), KOL_MESSAGE_BUTTON_SUGGESTED);
  kol_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  KolWindow *self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autoptr(KolAction) action = kol_bot_driver_suggest_finish (KOL_BOT_DRIVER (source), result, &reason, &error);
  KolGame *game = current_game (self);
  gboolean stale = self->hint_cancellable == NULL || g_cancellable_is_cancelled (self->hint_cancellable);

  g_clear_object (&self->hint_cancellable);
  if (action != NULL && !stale && game != NULL)
    show_hint (self, game, action, reason);
  update_thinking (self);
  g_object_unref (self);
}

static void
hint_action_cb (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KolWindow *self = KOL_WINDOW (user_data);
  KolGame *game = current_game (self);

  if (game == NULL || self->hint_cancellable != NULL || !persons_turn (game))
    return;
  self->hint_cancellable = g_cancellable_new ();
  kol_bot_driver_suggest_async (kol_game_get_bot_driver (game), self->hint_cancellable, hint_done_cb,
                                g_object_ref (self));
  update_thinking (self);
}

static const GActionEntry computer_actions[] = {
  { .name = "hint", .activate = hint_action_cb },
};

void
_kol_window_add_computer_actions (KolWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), computer_actions, G_N_ELEMENTS (computer_actions), self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "hint")), FALSE);
}
