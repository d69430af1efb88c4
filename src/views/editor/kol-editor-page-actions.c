/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-editor-page-private.h"
#include "kol-editor-save-dialog.h"
#include "kol-file-dialogs.h"
#include "kol-view-util.h"

/*
 * The actions of KolEditorPage, in the "editor" group: undo, redo, save,
 * save-as, new, open (back to the list of titles), open-folder,
 * open-title (a folder), close (back to the start page), print and export
 * (in kol-editor-page-print.c), play, fit (a toggle: maps and markets on
 * one page), report (a message for the banner), dismiss and show (a page:
 * "tiles", "map", "chart").
 *
 * Starting a game is the window's business: editor.play saves the title
 * and activates win.new-game-for-title with its id, which the window's new
 * game dialog provides; until it does, and while the title has an error
 * (its rules module cannot play it), Play stays insensitive, its tooltip
 * saying why.
 */

#define PLAY_ACTION "new-game-for-title"

static GtkWindow *
parent_window (KolEditorPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static void
report_error (KolEditorPage *self,
              const GError  *error)
{
  kol_editor_page_show_message (self, error->message, TRUE);
}

/* Play needs the window's new game dialog, and a title without errors:
 * the validation panel's first one says why not. */
static gboolean
can_play (KolEditorPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *problem = self->doc != NULL ? kol_editor_issues_dup_first_error (self->issues) : NULL;
  g_autofree char *tip = NULL;

  if (self->play_button != NULL)
    {
      /* Translators: the tooltip of Play while the title has a problem. */
      tip = problem != NULL ? g_strdup_printf (_("The title cannot be played yet: %s"), problem) : NULL;
      gtk_widget_set_tooltip_text (self->play_button,
                                   tip != NULL ? tip : _("Start a new game with this title (saves it first)"));
    }
  return self->doc != NULL && problem == NULL && G_IS_ACTION_GROUP (root) &&
         g_action_group_has_action (G_ACTION_GROUP (root), PLAY_ACTION) &&
         g_action_group_get_action_enabled (G_ACTION_GROUP (root), PLAY_ACTION);
}

void
_kol_editor_page_update_actions (KolEditorPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean open = self->doc != NULL;

  gtk_widget_action_set_enabled (widget, "editor.undo", open && kol_title_document_get_can_undo (self->doc));
  gtk_widget_action_set_enabled (widget, "editor.redo", open && kol_title_document_get_can_redo (self->doc));
  gtk_widget_action_set_enabled (widget, "editor.save", open && kol_title_document_get_modified (self->doc));
  gtk_widget_action_set_enabled (widget, "editor.save-as", open);
  gtk_widget_action_set_enabled (widget, "editor.print", open);
  gtk_widget_action_set_enabled (widget, "editor.export", open);
  gtk_widget_action_set_enabled (widget, "editor.open", open);
  gtk_widget_action_set_enabled (widget, "editor.show", open);
  gtk_widget_action_set_enabled (widget, "editor.play", can_play (self));
}

/* ---- undo and redo ------------------------------------------------------------ */

static void
undo_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (self->doc != NULL)
    kol_title_document_undo (self->doc);
}

static void
redo_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (self->doc != NULL)
    kol_title_document_redo (self->doc);
}

/* ---- saving --------------------------------------------------------------------- */

typedef struct
{
  KolEditorPage         *self;
  KolEditorPageContinue  callback;
  gpointer               user_data;
  gboolean               done;
} SaveAs;

static void
save_as_destroyed_cb (SaveAs *save_as)
{
  if (!save_as->done && save_as->callback != NULL)
    save_as->callback (save_as->self, FALSE, save_as->user_data);
  g_object_unref (save_as->self);
  g_free (save_as);
}

/* A free identifier in the user's titles: @base, @base-2, … */
static char *
suggest_id (const char *base)
{
  g_autofree char *games = kol_title_document_user_games_dir ();

  for (int n = 1; n < 1000; n++)
    {
      g_autofree char *candidate = n == 1 ? g_strdup (base) : g_strdup_printf ("%s-%d", base, n);
      g_autofree char *dir = g_build_filename (games, candidate, NULL);

      if (!g_file_test (dir, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&candidate);
    }
  return g_strdup (base);
}

/* For a copy of @id: 1849-custom, 1849-custom-2, … (from a plain id only:
 * an id read from a file may be anything) */
static char *
suggest_copy_id (const char *id)
{
  g_autofree char *base = g_strdup_printf ("%s-custom", kol_title_document_is_valid_id (id) ? id : "title");

  return suggest_id (base);
}

static gboolean
set_name (KolEditorPage  *self,
          const char     *language,
          const char     *text,
          GError        **error)
{
  g_autofree char *old = _kol_editor_page_title_name (self, language);
  g_autofree char *clean = g_strstrip (g_strdup (text));

  if (clean[0] == '\0' || g_strcmp0 (old, clean) == 0)
    return TRUE;
  return kol_title_document_set_title_name (self->doc, language, clean, error);
}

static void
save_as_accepted_cb (KolEditorSaveDialog *dialog,
                     SaveAs              *save_as)
{
  KolEditorPage *self = save_as->self;
  g_autofree char *id = g_strdup (kol_editor_save_dialog_get_id (dialog));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!set_name (self, "en", kol_editor_save_dialog_get_name (dialog), &error) ||
      !set_name (self, "ru", kol_editor_save_dialog_get_name_ru (dialog), &error) ||
      !kol_title_document_save_as (self->doc, id, &error))
    {
      kol_editor_save_dialog_set_error (dialog, error->message);
      return;
    }
  save_as->done = TRUE;
  /* Translators: %s is a title identifier. */
  message = g_strdup_printf (_("Saved as your title “%s”"), id);
  kol_editor_page_show_message (self, message, FALSE);
  _kol_editor_page_emit_titles_changed (self);
  if (save_as->callback != NULL)
    save_as->callback (self, TRUE, save_as->user_data);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The names suggested for an edited copy: the same, marked as edited, in
 * each language of the data. */
static void
show_save_as (KolEditorPage         *self,
              KolEditorPageContinue  callback,
              gpointer               user_data)
{
  KolEditorSaveDialog *dialog = kol_editor_save_dialog_new (parent_window (self), KOL_EDITOR_SAVE_AS);
  g_autofree char *id = suggest_copy_id (kol_title_document_get_id (self->doc));
  g_autofree char *en = _kol_editor_page_title_name (self, "en");
  g_autofree char *ru = _kol_editor_page_title_name (self, "ru");
  gboolean built_in = kol_title_document_get_built_in (self->doc);
  g_autofree char *new_en = built_in && en != NULL ? g_strconcat (en, " (edited)", NULL) : g_strdup (en);
  g_autofree char *new_ru = built_in && ru != NULL ? g_strconcat (ru, " (измененная)", NULL) : g_strdup (ru);
  SaveAs *save_as = g_new0 (SaveAs, 1);

  save_as->self = g_object_ref (self);
  save_as->callback = callback;
  save_as->user_data = user_data;
  kol_editor_save_dialog_set_values (dialog, id, new_en, new_ru);
  g_signal_connect (dialog, "accepted", G_CALLBACK (save_as_accepted_cb), save_as);
  g_signal_connect_swapped (dialog, "destroy", G_CALLBACK (save_as_destroyed_cb), save_as);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * _kol_editor_page_save_then:
 * @self: the page
 * @callback: (nullable): called with whether the document was saved
 * @user_data: for @callback
 *
 * Saves the document where it is, or, for a built-in title, asks for a new
 * identifier and saves it as a new title of the user's.
 */
void
_kol_editor_page_save_then (KolEditorPage         *self,
                            KolEditorPageContinue  callback,
                            gpointer               user_data)
{
  g_autoptr(GError) error = NULL;

  if (kol_title_document_get_built_in (self->doc))
    {
      show_save_as (self, callback, user_data);
      return;
    }
  if (!kol_title_document_save (self->doc, &error))
    {
      /* the banner asks about the files changed on disk already */
      if (!g_error_matches (error, KOL_TITLE_DOCUMENT_ERROR, KOL_TITLE_DOCUMENT_ERROR_CHANGED_ON_DISK))
        report_error (self, error);
      if (callback != NULL)
        callback (self, FALSE, user_data);
      return;
    }
  _kol_editor_page_emit_titles_changed (self);
  if (callback != NULL)
    callback (self, TRUE, user_data);
}

static void
save_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (self->doc != NULL)
    _kol_editor_page_save_then (self, NULL, NULL);
}

static void
save_as_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (self->doc != NULL)
    show_save_as (self, NULL, NULL);
}

/* ---- new titles and opening --------------------------------------------------------- */

static void
new_accepted_cb (KolEditorSaveDialog *dialog,
                 KolEditorPage       *self)
{
  g_autoptr(KolTitleDocument) doc = NULL;
  g_autoptr(GError) error = NULL;
  const char *en = kol_editor_save_dialog_get_name (dialog);
  const char *ru = kol_editor_save_dialog_get_name_ru (dialog);

  doc = kol_title_document_new_from_template (NULL, kol_editor_save_dialog_get_id (dialog), &error);
  if (doc != NULL && en[0] != '\0')
    kol_title_document_set_title_name (doc, "en", en, NULL);
  if (doc != NULL && ru[0] != '\0')
    kol_title_document_set_title_name (doc, "ru", ru, NULL);
  /* written at once, so that it is among the titles from the start */
  if (doc == NULL || !kol_title_document_save (doc, &error))
    {
      kol_editor_save_dialog_set_error (dialog, error->message);
      return;
    }
  /* naming it is part of making it: nothing the user can undo yet */
  kol_title_document_clear_history (doc);
  kol_editor_page_set_document (self, doc);
  _kol_editor_page_emit_titles_changed (self);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
new_confirmed_cb (KolEditorPage *self,
                  gboolean       proceed,
                  gpointer       user_data)
{
  KolEditorSaveDialog *dialog;

  if (!proceed)
    return;
  dialog = kol_editor_save_dialog_new (parent_window (self), KOL_EDITOR_SAVE_NEW);
  {
    g_autofree char *id = suggest_id ("my-title");

    /* the names go into the title's data, one per language of the data,
     * whatever the interface's language: not translatable messages */

    kol_editor_save_dialog_set_values (dialog, id, "New title", "Новая игра");
  }
  g_signal_connect_object (dialog, "accepted", G_CALLBACK (new_accepted_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  kol_editor_page_confirm_close (KOL_EDITOR_PAGE (widget), new_confirmed_cb, NULL);
}

static void
list_confirmed_cb (KolEditorPage *self,
                   gboolean       proceed,
                   gpointer       user_data)
{
  if (proceed)
    kol_editor_page_set_document (self, NULL);
}

static void
open_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  kol_editor_page_confirm_close (KOL_EDITOR_PAGE (widget), list_confirmed_cb, NULL);
}

static void
open_confirmed_cb (KolEditorPage *self,
                   gboolean       proceed,
                   gpointer       user_data)
{
  g_autofree char *dir = user_data;
  g_autoptr(GError) error = NULL;

  if (proceed && !kol_editor_page_open (self, dir, &error))
    report_error (self, error);
}

static void
open_title_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL)
    {
      if (!kol_editor_page_open (self, g_variant_get_string (parameter, NULL), &error))
        report_error (self, error);
      return;
    }
  kol_editor_page_confirm_close (self, open_confirmed_cb, g_variant_dup_string (parameter, NULL));
}

static void
folder_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(KolEditorPage) self = user_data;
  g_autoptr(GFile) folder = kol_file_dialog_select_folder_finish (result, NULL);
  g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;

  if (path != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "editor.open-title", "s", path);
}

static void
open_folder_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  kol_file_dialog_select_folder (parent_window (self), _("Open a Title Folder"),
                                 folder_chosen_cb, g_object_ref (self));
}

static void
close_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  _kol_editor_page_emit_closed (KOL_EDITOR_PAGE (widget));
}

/* ---- playing and the rest ---------------------------------------------------------------- */

static void
play_saved_cb (KolEditorPage *self,
               gboolean       proceed,
               gpointer       user_data)
{
  if (proceed && !gtk_widget_activate_action (GTK_WIDGET (self), "win." PLAY_ACTION, "s",
                                              kol_title_document_get_id (self->doc)))
    kol_editor_page_show_message (self, _("New games cannot be started from here yet."), TRUE);
}

static void
play_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  g_autoptr(GError) error = NULL;

  if (self->doc == NULL)
    return;
  /* a title that does not load is neither saved nor played */
  if (!kol_title_document_check_playable (self->doc, &error))
    {
      report_error (self, error);
      return;
    }
  if (kol_title_document_get_modified (self->doc))
    _kol_editor_page_save_then (self, play_saved_cb, NULL);
  else
    play_saved_cb (self, TRUE, NULL);
}

static void
report_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  kol_editor_page_show_message (KOL_EDITOR_PAGE (widget), g_variant_get_string (parameter, NULL), TRUE);
}

static void
reload_from_disk_action_cb (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL)
    return;
  if (!kol_title_document_reload_from_disk (self->doc, &error))
    report_error (self, error);
  else
    kol_editor_page_show_message (self, _("Reloaded from disk: Undo brings your version back."), FALSE);
}

static void
keep_own_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (self->doc == NULL)
    return;
  kol_title_document_keep_own (self->doc);
  kol_editor_page_show_message (self, _("Your version is kept: the next Save writes it over the changed files."),
                                FALSE);
}

static void
dismiss_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  gtk_revealer_set_reveal_child (KOL_EDITOR_PAGE (widget)->banner, FALSE);
}

static void
show_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (gtk_stack_get_child_by_name (self->content_stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->content_stack, name);
}

void
_kol_editor_page_class_init_actions (GtkWidgetClass *widget_class)
{
  static const struct {
    const char                  *name;
    const char                  *type;
    GtkWidgetActionActivateFunc  activate;
  } actions[] = {
    { "editor.undo", NULL, undo_action_cb },
    { "editor.redo", NULL, redo_action_cb },
    { "editor.save", NULL, save_action_cb },
    { "editor.save-as", NULL, save_as_action_cb },
    { "editor.new", NULL, new_action_cb },
    { "editor.open", NULL, open_action_cb },
    { "editor.open-folder", NULL, open_folder_action_cb },
    { "editor.open-title", "s", open_title_action_cb },
    { "editor.close", NULL, close_action_cb },
    { "editor.print", "(ss)", _kol_editor_page_print_action_cb },
    { "editor.export", "(ss)", _kol_editor_page_export_action_cb },
    { "editor.play", NULL, play_action_cb },
    { "editor.report", "s", report_action_cb },
    { "editor.dismiss", NULL, dismiss_action_cb },
    { "editor.reload-from-disk", NULL, reload_from_disk_action_cb },
    { "editor.keep-own", NULL, keep_own_action_cb },
    { "editor.show", "s", show_action_cb },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].type, actions[i].activate);
  gtk_widget_class_install_property_action (widget_class, "editor.fit", "fit");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "editor.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "editor.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "editor.print",
                                       "(ss)", "", "");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK, "editor.show", "s", "tiles");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK, "editor.show", "s", "map");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK, "editor.show", "s", "chart");
}
