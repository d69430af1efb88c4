/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * KolMessageStyle:
 * @KOL_MESSAGE_BUTTON_NORMAL: a plain button
 * @KOL_MESSAGE_BUTTON_SUGGESTED: the answer most people give (the default)
 * @KOL_MESSAGE_BUTTON_DESTRUCTIVE: an answer that loses something
 *
 * How a button of a #KolMessageDialog looks.
 */
typedef enum
{
  KOL_MESSAGE_BUTTON_NORMAL,
  KOL_MESSAGE_BUTTON_SUGGESTED,
  KOL_MESSAGE_BUTTON_DESTRUCTIVE,
} KolMessageStyle;

/*
 * A modal question or message of the table (GTK 4.8 has no GtkAlertDialog
 * and GtkDialog is on its way out): a heading, a text the user can select
 * and copy (error messages), and buttons, each answering with an id. An
 * error's technical details go into a "Details" expander.
 * Closing the window answers with the id given to
 * kol_message_dialog_set_close_response().
 */

#define KOL_TYPE_MESSAGE_DIALOG (kol_message_dialog_get_type ())

G_DECLARE_FINAL_TYPE (KolMessageDialog, kol_message_dialog, KOL, MESSAGE_DIALOG, GtkWindow)

KolMessageDialog *kol_message_dialog_new                (GtkWindow        *parent,
                                                         const char       *heading,
                                                         const char       *body);
KolMessageDialog *kol_message_dialog_new_for_error      (GtkWindow        *parent,
                                                         const char       *heading,
                                                         const char       *message);
void              kol_message_dialog_add_button         (KolMessageDialog *self,
                                                         const char       *id,
                                                         const char       *label,
                                                         KolMessageStyle   style);
void              kol_message_dialog_set_close_response (KolMessageDialog *self,
                                                         const char       *id);
void              kol_message_dialog_respond            (KolMessageDialog *self,
                                                         const char       *id);
const char       *kol_message_dialog_get_body           (KolMessageDialog *self);
const char       *kol_message_dialog_get_details        (KolMessageDialog *self);

G_END_DECLS
