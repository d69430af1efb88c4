/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-save-dialog.h"
#include "kol-title-document.h"

/**
 * KolEditorSaveDialog:
 *
 * A modal window asking for a title's identifier (its folder among the
 * user's titles) and its name in English and Russian, when a title is saved
 * as a new one or a new title is started. It checks the identifier as it is
 * typed, and emits KolEditorSaveDialog::accepted when the identifier can be
 * used; whoever saves then closes it, or shows why saving failed with
 * kol_editor_save_dialog_set_error(). (GTK 4.8 has no GtkAlertDialog, and
 * GtkDialog is on its way out.)
 */
struct _KolEditorSaveDialog
{
  GtkWindow parent_instance;

  GtkLabel  *explanation_label;
  GtkButton *accept_button;
  GtkEntry  *id_entry;
  GtkEntry  *name_entry;
  GtkEntry  *name_ru_entry;
  GtkLabel  *error_label;
};

G_DEFINE_FINAL_TYPE (KolEditorSaveDialog, kol_editor_save_dialog, GTK_TYPE_WINDOW)

enum {
  ACCEPTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Why the identifier typed cannot be used, or NULL. */
static char *
id_problem (KolEditorSaveDialog *self)
{
  const char *id = gtk_editable_get_text (GTK_EDITABLE (self->id_entry));
  g_autofree char *games = NULL;
  g_autofree char *dir = NULL;

  if (id[0] == '\0')
    return g_strdup (_("Give the title an identifier."));
  if (!kol_title_document_is_valid_id (id))
    return g_strdup (_("Use only letters, digits, “-”, “_” and “.” in the identifier."));
  games = kol_title_document_user_games_dir ();
  dir = g_build_filename (games, id, NULL);
  if (g_file_test (dir, G_FILE_TEST_EXISTS))
    /* Translators: %s is a title identifier. */
    return g_strdup_printf (_("There is already a title “%s” in your titles."), id);
  return NULL;
}

static void
id_changed_cb (KolEditorSaveDialog *self)
{
  g_autofree char *problem = id_problem (self);

  kol_editor_save_dialog_set_error (self, problem);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "save-dialog.accept", problem == NULL);
}

static void
accept_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolEditorSaveDialog *self = KOL_EDITOR_SAVE_DIALOG (widget);
  g_autofree char *problem = id_problem (self);

  if (problem != NULL)
    {
      kol_editor_save_dialog_set_error (self, problem);
      return;
    }
  g_signal_emit (self, signals[ACCEPTED], 0);
}

static void
kol_editor_save_dialog_class_init (KolEditorSaveDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * KolEditorSaveDialog::accepted:
   * @self: the dialog
   *
   * Save (or Create) was chosen with an identifier that can be used.
   */
  signals[ACCEPTED] = g_signal_new ("accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "save-dialog.accept", NULL, accept_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-save-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, id_entry);
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, name_ru_entry);
  gtk_widget_class_bind_template_child (widget_class, KolEditorSaveDialog, error_label);
}

static void
kol_editor_save_dialog_init (KolEditorSaveDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->id_entry, "changed", G_CALLBACK (id_changed_cb), self);
}

/**
 * kol_editor_save_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @mode: saving as a new title, or a new title from the template
 *
 * Returns: (transfer none): a new dialog, not shown yet; it is destroyed
 *   when closed
 */
KolEditorSaveDialog *
kol_editor_save_dialog_new (GtkWindow         *parent,
                            KolEditorSaveMode  mode)
{
  KolEditorSaveDialog *self = g_object_new (KOL_TYPE_EDITOR_SAVE_DIALOG,
                                            "transient-for", parent, NULL);
  gboolean new_title = mode == KOL_EDITOR_SAVE_NEW;

  gtk_window_set_title (GTK_WINDOW (self), new_title ? _("New Title") : _("Save As New Title"));
  gtk_button_set_label (self->accept_button, new_title ? _("C_reate") : _("_Save"));
  gtk_label_set_label (self->explanation_label,
                       new_title ? _("The new title starts from a small blank map and tile set, and is kept with your own titles.")
                                 : _("Titles that come with Koleya are never changed: your edited title is saved as a new one with your own titles, where new games can use it."));
  id_changed_cb (self);
  return self;
}

/**
 * kol_editor_save_dialog_set_values:
 * @self: a dialog
 * @id: (nullable): the identifier suggested
 * @name: (nullable): the English name suggested
 * @name_ru: (nullable): the Russian name suggested
 */
void
kol_editor_save_dialog_set_values (KolEditorSaveDialog *self,
                                   const char          *id,
                                   const char          *name,
                                   const char          *name_ru)
{
  g_return_if_fail (KOL_IS_EDITOR_SAVE_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name != NULL ? name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->name_ru_entry), name_ru != NULL ? name_ru : "");
  gtk_editable_set_text (GTK_EDITABLE (self->id_entry), id != NULL ? id : "");
  gtk_widget_grab_focus (GTK_WIDGET (self->id_entry));
}

/** kol_editor_save_dialog_get_id: Returns: (transfer none): the identifier typed */
const char *
kol_editor_save_dialog_get_id (KolEditorSaveDialog *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_SAVE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->id_entry));
}

/** kol_editor_save_dialog_get_name: Returns: (transfer none): the English name typed */
const char *
kol_editor_save_dialog_get_name (KolEditorSaveDialog *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_SAVE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
}

/** kol_editor_save_dialog_get_name_ru: Returns: (transfer none): the Russian name typed */
const char *
kol_editor_save_dialog_get_name_ru (KolEditorSaveDialog *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_SAVE_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->name_ru_entry));
}

/**
 * kol_editor_save_dialog_set_error:
 * @self: a dialog
 * @message: (nullable): why the title cannot be saved, or %NULL
 */
void
kol_editor_save_dialog_set_error (KolEditorSaveDialog *self,
                                  const char          *message)
{
  g_return_if_fail (KOL_IS_EDITOR_SAVE_DIALOG (self));

  gtk_label_set_label (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}
