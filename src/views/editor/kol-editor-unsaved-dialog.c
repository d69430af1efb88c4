/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-unsaved-dialog.h"

/**
 * KolEditorUnsavedDialog:
 *
 * Asks whether to save an edited title before it is closed: a modal window
 * (GTK 4.8 has no GtkAlertDialog) that emits KolEditorUnsavedDialog::response
 * once and closes. Closing it otherwise counts as Cancel.
 */
struct _KolEditorUnsavedDialog
{
  GtkWindow parent_instance;

  gboolean  responded;
  GtkLabel *heading_label;
};

G_DEFINE_FINAL_TYPE (KolEditorUnsavedDialog, kol_editor_unsaved_dialog, GTK_TYPE_WINDOW)

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
  kol_editor_unsaved_dialog_respond (KOL_EDITOR_UNSAVED_DIALOG (widget), g_variant_get_int32 (parameter));
}

static gboolean
kol_editor_unsaved_dialog_close_request (GtkWindow *window)
{
  KolEditorUnsavedDialog *self = KOL_EDITOR_UNSAVED_DIALOG (window);

  if (!self->responded)
    {
      self->responded = TRUE;
      g_signal_emit (self, signals[RESPONSE], 0, KOL_EDITOR_UNSAVED_CANCEL);
    }
  return GTK_WINDOW_CLASS (kol_editor_unsaved_dialog_parent_class)->close_request (window);
}

static void
kol_editor_unsaved_dialog_class_init (KolEditorUnsavedDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = kol_editor_unsaved_dialog_close_request;

  /**
   * KolEditorUnsavedDialog::response:
   * @self: the dialog
   * @response: a #KolEditorUnsavedResponse
   *
   * The user chose; the dialog closes after the handlers.
   */
  signals[RESPONSE] = g_signal_new ("response", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "unsaved.respond", "i", respond_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-unsaved-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorUnsavedDialog, heading_label);
}

static void
kol_editor_unsaved_dialog_init (KolEditorUnsavedDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_editor_unsaved_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @title_name: the name of the title edited
 *
 * Returns: (transfer none): a new dialog, not shown yet; it is destroyed
 *   when closed
 */
KolEditorUnsavedDialog *
kol_editor_unsaved_dialog_new (GtkWindow  *parent,
                               const char *title_name)
{
  KolEditorUnsavedDialog *self = g_object_new (KOL_TYPE_EDITOR_UNSAVED_DIALOG,
                                               "transient-for", parent, NULL);
  /* Translators: %s is the name of a game title being edited. */
  g_autofree char *heading = g_strdup_printf (_("Save the changes to “%s”?"), title_name);

  gtk_label_set_label (self->heading_label, heading);
  return self;
}

/**
 * kol_editor_unsaved_dialog_respond:
 * @self: a dialog
 * @response: the choice
 *
 * Chooses as the buttons do: emits KolEditorUnsavedDialog::response and
 * closes the dialog.
 */
void
kol_editor_unsaved_dialog_respond (KolEditorUnsavedDialog   *self,
                                   KolEditorUnsavedResponse  response)
{
  g_return_if_fail (KOL_IS_EDITOR_UNSAVED_DIALOG (self));

  if (self->responded)
    return;
  self->responded = TRUE;
  g_signal_emit (self, signals[RESPONSE], 0, response);
  gtk_window_destroy (GTK_WINDOW (self));
}
