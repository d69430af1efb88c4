/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-editor-page-private.h"
#include "kol-editor-save-dialog.h"
#include "kol-file-dialogs.h"
#include "kol-print-export.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/*
 * The actions of KolEditorPage, in the "editor" group: undo, redo, save,
 * save-as, new, open (back to the list of titles), open-folder,
 * open-title (a folder), close (back to the start page), print and export
 * (what: "map", "tiles" or "market"; and a file name, or "" to ask), play,
 * fit (a toggle: maps and markets on one page), report (a message for the
 * banner), dismiss and show (a page: "tiles", "map", "chart").
 *
 * Starting a game is the window's business: editor.play saves the title
 * and activates win.new-game-for-title with its id, which the window's new
 * game dialog provides; until it does, Play stays insensitive.
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

static gboolean
can_play (KolEditorPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return self->doc != NULL && G_IS_ACTION_GROUP (root) &&
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

/* For a copy of @id: 1849-custom, 1849-custom-2, … */
static char *
suggest_copy_id (const char *id)
{
  g_autofree char *base = g_strdup_printf ("%s-custom", id);

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
  g_autofree char *new_ru = built_in && ru != NULL ? g_strconcat (ru, " (изменённая)", NULL) : g_strdup (ru);
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

/* ---- printing and exporting ------------------------------------------------------------- */

static gboolean
what_from_string (const char   *name,
                  KolPrintWhat *what)
{
  static const char * const names[] = { "map", "tiles", "market" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        *what = (KolPrintWhat) i;
        return TRUE;
      }
  return FALSE;
}

/* Maps and markets are wider than tall; tile sheets fill portrait pages. */
static void
init_options (KolEditorPage   *self,
              KolPrintOptions *opts,
              KolPrintWhat     what)
{
  kol_print_options_init (opts);
  opts->what = what;
  opts->landscape = what != KOL_PRINT_TILES;
  opts->fit = self->fit && what != KOL_PRINT_TILES;
  opts->language = kol_game_word_language ();
}

typedef struct
{
  KolEditorPage   *self;
  KolPrintOptions  opts;
  KolPrintJob     *job;
  GtkWidget       *fit_check;
} Printing;

static void
printing_free (Printing *printing)
{
  g_clear_pointer (&printing->job, kol_print_job_free);
  g_object_unref (printing->self);
  g_free (printing);
}

static KolPaper
paper_of (GtkPageSetup *setup)
{
  const char *name = gtk_paper_size_get_name (gtk_page_setup_get_paper_size (setup));

  if (g_strcmp0 (name, GTK_PAPER_NAME_A3) == 0)
    return KOL_PAPER_A3;
  if (g_strcmp0 (name, GTK_PAPER_NAME_LETTER) == 0)
    return KOL_PAPER_LETTER;
  return KOL_PAPER_A4;
}

/* The job is made for the paper chosen in the print dialog. */
static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                Printing          *printing)
{
  GtkPageSetup *setup = gtk_print_context_get_page_setup (context);
  GtkPageOrientation orientation = gtk_page_setup_get_orientation (setup);
  g_autoptr(GError) error = NULL;

  printing->opts.paper = paper_of (setup);
  printing->opts.landscape = orientation == GTK_PAGE_ORIENTATION_LANDSCAPE ||
                             orientation == GTK_PAGE_ORIENTATION_REVERSE_LANDSCAPE;
  printing->job = kol_print_job_new (printing->self->doc, &printing->opts, &error);
  if (printing->job == NULL)
    {
      report_error (printing->self, error);
      gtk_print_operation_cancel (operation);
      return;
    }
  gtk_print_operation_set_n_pages (operation, (int) kol_print_job_get_n_pages (printing->job));
}

/* Pages are drawn at the job's paper size; another paper gets them scaled
 * to fit. */
static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              Printing          *printing)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width, height, scale;
  g_autoptr(GError) error = NULL;

  if (printing->job == NULL)
    return;
  kol_print_job_get_page_size (printing->job, &width, &height);
  scale = MIN (gtk_print_context_get_width (context) / width, gtk_print_context_get_height (context) / height);
  if (fabs (scale - 1.0) > 0.005)
    cairo_scale (cr, scale, scale);
  if (!kol_print_job_draw_page (printing->job, cr, (guint) page, &error))
    report_error (printing->self, error);
}

static GObject *
create_custom_widget_cb (GtkPrintOperation *operation,
                         Printing          *printing)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  printing->fit_check = gtk_check_button_new_with_mnemonic (_("_Fit the map or the market to one page"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (printing->fit_check), printing->opts.fit);
  gtk_widget_set_sensitive (printing->fit_check, printing->opts.what != KOL_PRINT_TILES);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_box_append (GTK_BOX (box), printing->fit_check);
  return G_OBJECT (box);
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        Printing          *printing)
{
  printing->opts.fit = printing->opts.what != KOL_PRINT_TILES &&
                       gtk_check_button_get_active (GTK_CHECK_BUTTON (printing->fit_check));
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               Printing                *printing)
{
  g_autoptr(GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_print_operation_get_error (operation, &error);
      if (error != NULL)
        report_error (printing->self, error);
    }
  printing_free (printing);
}

static GtkPrintOperation *
new_print_operation (KolEditorPage *self,
                     KolPrintWhat   what)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  GtkPrintOperation *operation = gtk_print_operation_new ();
  Printing *printing = g_new0 (Printing, 1);

  printing->self = g_object_ref (self);
  init_options (self, &printing->opts, what);
  gtk_page_setup_set_paper_size (setup, a4);
  gtk_page_setup_set_orientation (setup, printing->opts.landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                                  : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (operation, setup);
  /* the job leaves its own margins */
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, kol_title_document_get_id (self->doc));
  gtk_print_operation_set_custom_tab_label (operation, _("Koleya"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), printing);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), printing);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget_cb), printing);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply_cb), printing);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), printing);
  return operation;
}

/* With a file name, GTK's print system writes the pages there as PDF
 * without asking (this is how the action is tested); else the print dialog
 * is shown. */
static void
print_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  const char *name, *file;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;
  KolPrintWhat what;

  g_variant_get (parameter, "(&s&s)", &name, &file);
  if (self->doc == NULL || !what_from_string (name, &what))
    return;
  operation = new_print_operation (self, what);
  if (file[0] != '\0')
    {
      gtk_print_operation_set_export_filename (operation, file);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                        parent_window (self), &error);
    }
  else
    {
      gtk_print_operation_set_allow_async (operation, TRUE);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                        parent_window (self), &error);
    }
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && error != NULL)
    report_error (self, error);
}

static gboolean
export_to (KolEditorPage  *self,
           KolPrintWhat    what,
           const char     *path,
           KolPrintFormat  format,
           GError        **error)
{
  g_autoptr(KolPrintJob) job = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *message = NULL;
  KolPrintOptions opts;
  guint n;

  init_options (self, &opts, what);
  if ((job = kol_print_job_new (self->doc, &opts, error)) == NULL ||
      (files = kol_print_job_write (job, format, path, error)) == NULL)
    return FALSE;
  n = g_strv_length (files);
  if (n == 1)
    /* Translators: %s is a file name. */
    message = g_strdup_printf (_("Exported to %s"), files[0]);
  else
    /* Translators: %u is a number of SVG files (one per page), %s the first. */
    message = g_strdup_printf (ngettext ("Exported %u page, the first to %s",
                                         "Exported %u pages, the first to %s", n), n, files[0]);
  kol_editor_page_show_message (self, message, FALSE);
  return TRUE;
}

static KolPrintFormat
format_of (const char *path,
           int         filter)
{
  if (g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG"))
    return KOL_PRINT_FORMAT_SVG;
  if (g_str_has_suffix (path, ".pdf") || g_str_has_suffix (path, ".PDF"))
    return KOL_PRINT_FORMAT_PDF;
  return filter == 1 ? KOL_PRINT_FORMAT_SVG : KOL_PRINT_FORMAT_PDF;
}

static void
export_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(KolEditorPage) self = user_data;
  int filter = -1;
  g_autoptr(GFile) file = kol_file_dialog_save_finish (result, &filter, NULL);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  KolPrintWhat what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "kol-export-what"));
  g_autoptr(GError) error = NULL;

  if (path == NULL || self->doc == NULL)
    return;
  if (!export_to (self, what, path, format_of (path, filter), &error))
    report_error (self, error);
}

static void
ask_export_file (KolEditorPage *self,
                 const char    *name,
                 KolPrintWhat   what)
{
  g_autoptr(GtkFileFilter) pdf = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) svg = gtk_file_filter_new ();
  GtkFileFilter *filters[] = { pdf, svg, NULL };
  g_autofree char *initial = g_strdup_printf ("%s-%s.pdf", kol_title_document_get_id (self->doc), name);

  gtk_file_filter_set_name (pdf, _("PDF documents"));
  gtk_file_filter_add_mime_type (pdf, "application/pdf");
  gtk_file_filter_add_suffix (pdf, "pdf");
  gtk_file_filter_set_name (svg, _("SVG pictures"));
  gtk_file_filter_add_mime_type (svg, "image/svg+xml");
  gtk_file_filter_add_suffix (svg, "svg");
  g_object_set_data (G_OBJECT (self), "kol-export-what", GINT_TO_POINTER (what));
  kol_file_dialog_save (parent_window (self), _("Export"), initial, filters,
                        export_chosen_cb, g_object_ref (self));
}

static void
export_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  const char *name, *file;
  g_autoptr(GError) error = NULL;
  KolPrintWhat what;

  g_variant_get (parameter, "(&s&s)", &name, &file);
  if (self->doc == NULL || !what_from_string (name, &what))
    return;
  if (file[0] == '\0')
    ask_export_file (self, name, what);
  else if (!export_to (self, what, file, format_of (file, -1), &error))
    report_error (self, error);
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

  if (self->doc == NULL)
    return;
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
    { "editor.print", "(ss)", print_action_cb },
    { "editor.export", "(ss)", export_action_cb },
    { "editor.play", NULL, play_action_cb },
    { "editor.report", "s", report_action_cb },
    { "editor.dismiss", NULL, dismiss_action_cb },
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
                                       "(ss)", "map", "");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK, "editor.show", "s", "tiles");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK, "editor.show", "s", "map");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK, "editor.show", "s", "chart");
}
