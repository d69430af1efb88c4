/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-autosave-list.h"
#include "kol-editor-page.h"
#include "kol-game-page.h"
#include "kol-start-page.h"
#include "kol-window.h"

G_BEGIN_DECLS

/* KolWindow's insides, shared by kol-window.c (pages, size, closing),
 * kol-window-game.c (the game actions: new, open, import, save, undo,
 * zoom, resume) and kol-window-computers.c (computer seats, hints). */
struct _KolWindow
{
  GtkApplicationWindow parent_instance;

  GSettings *settings;

  GtkStack *main_stack;
  KolStartPage *start_page;
  KolEditorPage *editor_page;
  KolGamePage *game_page;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkWidget *hint_button;
  GtkWidget *thinking_box;
  GtkLabel *thinking_label;
  GtkSpinner *thinking_spinner;
  GCancellable *hint_cancellable;  /* while a hint is being looked for */
  GtkSpinner *loading_spinner;
  GtkLabel *loading_label;
  GCancellable *loading;      /* a game being opened in a thread, or NULL */
  KolAutosaveList *autosaves; /* the interrupted games, for the start page */
  gboolean closing_confirmed;
};

typedef void (*KolWindowLeaveFunc) (KolWindow *self,
                                    gpointer   data);

void     _kol_window_add_game_actions    (KolWindow          *self);
void     _kol_window_update_game_actions (KolWindow          *self);
void     _kol_window_refresh_resumable   (KolWindow          *self);
gboolean _kol_window_game_needs_asking   (KolWindow          *self);
void     _kol_window_confirm_leave_game  (KolWindow          *self,
                                          KolWindowLeaveFunc  func,
                                          gpointer            data,
                                          GDestroyNotify      destroy);
void     _kol_window_leave_game          (KolWindow          *self);

/* kol-window-computers.c: the computer seats at the table */
void     _kol_window_add_computer_actions (KolWindow         *self);
void     _kol_window_attach_computers     (KolWindow         *self,
                                           KolGame           *game);
void     _kol_window_detach_computers     (KolWindow         *self,
                                           KolGame           *game);

G_END_DECLS
