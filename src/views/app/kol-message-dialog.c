/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-message-dialog.h"

/**
 * KolMessageDialog:
 *
 * A modal window asking one question. Each button answers with its id
 * through #KolMessageDialog::response, then the window closes itself.
 */
struct _KolMessageDialog
{
  GtkWindow parent_instance;

  GtkLabel *heading_label;
  GtkLabel *body_label;
  GtkExpander *details_expander;
  GtkLabel *details_label;
  GtkBox   *button_box;
  char     *close_response;
  gboolean  answered;
};

G_DEFINE_FINAL_TYPE (KolMessageDialog, kol_message_dialog, GTK_TYPE_WINDOW)

enum {
  RESPONSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
respond_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  kol_message_dialog_respond (KOL_MESSAGE_DIALOG (widget), g_variant_get_string (parameter, NULL));
}

static gboolean
kol_message_dialog_close_request (GtkWindow *window)
{
  KolMessageDialog *self = KOL_MESSAGE_DIALOG (window);

  /* closing is an answer too, given once */
  if (!self->answered)
    {
      self->answered = TRUE;
      g_signal_emit (self, signals[RESPONSE], 0, self->close_response);
    }
  return GTK_WINDOW_CLASS (kol_message_dialog_parent_class)->close_request (window);
}

static void
kol_message_dialog_finalize (GObject *object)
{
  KolMessageDialog *self = KOL_MESSAGE_DIALOG (object);

  g_free (self->close_response);

  G_OBJECT_CLASS (kol_message_dialog_parent_class)->finalize (object);
}

static void
kol_message_dialog_class_init (KolMessageDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->finalize = kol_message_dialog_finalize;
  window_class->close_request = kol_message_dialog_close_request;

  /**
   * KolMessageDialog::response:
   * @self: the dialog
   * @id: the id of the button chosen, or the close response
   *
   * The question was answered; the window closes right after.
   */
  signals[RESPONSE] = g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-message-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KolMessageDialog, heading_label);
  gtk_widget_class_bind_template_child (widget_class, KolMessageDialog, body_label);
  gtk_widget_class_bind_template_child (widget_class, KolMessageDialog, details_expander);
  gtk_widget_class_bind_template_child (widget_class, KolMessageDialog, details_label);
  gtk_widget_class_bind_template_child (widget_class, KolMessageDialog, button_box);
  gtk_widget_class_install_action (widget_class, "message.respond", "s", respond_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kol_message_dialog_init (KolMessageDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->close_response = g_strdup ("close");
}

/**
 * kol_message_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @heading: the question or the news, short
 * @body: (nullable): the details
 *
 * Returns: (transfer none): a new dialog, not shown yet; it destroys itself
 *   when answered
 */
KolMessageDialog *
kol_message_dialog_new (GtkWindow  *parent,
                        const char *heading,
                        const char *body)
{
  KolMessageDialog *self = g_object_new (KOL_TYPE_MESSAGE_DIALOG, "transient-for", parent, NULL);

  gtk_window_set_title (GTK_WINDOW (self), heading);
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->body_label, body != NULL ? body : "");
  gtk_widget_set_visible (GTK_WIDGET (self->body_label), body != NULL && *body != '\0');
  return self;
}

/**
 * kol_message_dialog_new_for_error:
 * @parent: (nullable): the window the dialog belongs to
 * @heading: what failed ("The Game Cannot Be Opened")
 * @message: an error message: what happened, then, after a blank line,
 *   its technical details (where in the file, the rules engine's own
 *   words), as the model writes its errors
 *
 * A message of an error: the details go into a "Details" expander, for a
 * bug report, and the text says what happened in the user's words.
 *
 * Returns: (transfer floating): the dialog, with no buttons yet
 */
KolMessageDialog *
kol_message_dialog_new_for_error (GtkWindow  *parent,
                                  const char *heading,
                                  const char *message)
{
  const char *details = message != NULL ? strstr (message, "\n\n") : NULL;
  g_autofree char *text = details != NULL ? g_strndup (message, (gsize) (details - message)) : g_strdup (message);
  KolMessageDialog *self = kol_message_dialog_new (parent, heading, text);

  if (details != NULL && details[2] != '\0')
    {
      gtk_label_set_label (self->details_label, details + 2);
      gtk_widget_set_visible (GTK_WIDGET (self->details_expander), TRUE);
    }
  return self;
}

/**
 * kol_message_dialog_add_button:
 * @id: what the button answers
 * @label: its label, with a mnemonic
 * @style: how it looks; a suggested button is the default one
 */
void
kol_message_dialog_add_button (KolMessageDialog *self,
                               const char       *id,
                               const char       *label,
                               KolMessageStyle   style)
{
  GtkWidget *button;

  g_return_if_fail (KOL_IS_MESSAGE_DIALOG (self));

  button = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "message.respond");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", id);
  gtk_widget_set_name (button, id);
  if (style == KOL_MESSAGE_BUTTON_SUGGESTED)
    {
      gtk_widget_add_css_class (button, "suggested-action");
      gtk_window_set_default_widget (GTK_WINDOW (self), button);
    }
  else if (style == KOL_MESSAGE_BUTTON_DESTRUCTIVE)
    gtk_widget_add_css_class (button, "destructive-action");
  gtk_box_append (self->button_box, button);
}

/**
 * kol_message_dialog_set_close_response:
 * @id: what closing the window answers ("close" unless set)
 */
void
kol_message_dialog_set_close_response (KolMessageDialog *self,
                                       const char       *id)
{
  g_return_if_fail (KOL_IS_MESSAGE_DIALOG (self));
  g_free (self->close_response);
  self->close_response = g_strdup (id);
}

/**
 * kol_message_dialog_respond:
 * @id: an answer
 *
 * Answers as if a button were chosen (for tests and keyboard paths), and
 * closes the window.
 */
void
kol_message_dialog_respond (KolMessageDialog *self,
                            const char       *id)
{
  g_return_if_fail (KOL_IS_MESSAGE_DIALOG (self));

  if (self->answered)
    return;
  self->answered = TRUE;
  g_object_ref (self);
  g_signal_emit (self, signals[RESPONSE], 0, id);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

/**
 * kol_message_dialog_get_body:
 *
 * Returns: (transfer none): the text shown (without the details folded
 *   away)
 */
const char *
kol_message_dialog_get_body (KolMessageDialog *self)
{
  g_return_val_if_fail (KOL_IS_MESSAGE_DIALOG (self), NULL);
  return gtk_label_get_label (self->body_label);
}

/**
 * kol_message_dialog_get_details:
 *
 * Returns: (transfer none): the details folded away under "Details", ""
 *   when there are none
 */
const char *
kol_message_dialog_get_details (KolMessageDialog *self)
{
  g_return_val_if_fail (KOL_IS_MESSAGE_DIALOG (self), NULL);
  return gtk_label_get_label (self->details_label);
}
