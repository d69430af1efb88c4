/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-editor-export-dialog.h"
#include "kol-editor-page-private.h"
#include "kol-file-dialogs.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/*
 * Printing and exporting from KolEditorPage: the actions editor.print and
 * editor.export, each with the sheets ("map", "tiles,market", "all", or ""
 * for the sheets chosen last) and a file name. Without a file name the
 * export dialog asks what and how, then the print dialog or a file chooser
 * follows; with one, the sheets are written there at once (how tests run
 * them). The page remembers the choices of its last dialog.
 */

static GtkWindow *
parent_window (KolEditorPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* The choices of the last dialog, or the defaults: the map, in the user's
 * language, fitted if the page's fit toggle says so. */
static void
remembered_options (KolEditorPage   *self,
                    const char      *sheets,
                    KolPrintOptions *opts,
                    KolPrintOutput  *output)
{
  if (self->print_opts_set)
    {
      *opts = self->print_opts;
      *output = self->print_output;
    }
  else
    {
      kol_print_options_init (opts);
      kol_print_output_init (output);
      opts->language = kol_game_word_language ();
    }
  opts->fit = self->fit;
  if (sheets != NULL && sheets[0] != '\0')
    kol_print_sheets_from_string (sheets, &opts->sheets);
}

static void
remember_options (KolEditorPage         *self,
                  KolEditorExportDialog *dialog)
{
  kol_editor_export_dialog_get_options (dialog, &self->print_opts, &self->print_output);
  self->print_opts_set = TRUE;
  if (self->fit != self->print_opts.fit)
    g_object_set (self, "fit", self->print_opts.fit, NULL);
}

/* ---- printing ------------------------------------------------------------------- */

typedef struct
{
  KolEditorPage   *self;
  KolPrintOptions  opts;
  KolPrintJob     *job;
} Printing;

static void
printing_free (Printing *printing)
{
  g_clear_pointer (&printing->job, kol_print_job_free);
  g_object_unref (printing->self);
  g_free (printing);
}

/* The paper of the print dialog, by its size: any paper prints at real
 * scale, named or not. */
static void
take_paper (KolPrintOptions *opts,
            GtkPageSetup    *setup)
{
  GtkPaperSize *paper = gtk_page_setup_get_paper_size (setup);
  double w = gtk_paper_size_get_width (paper, GTK_UNIT_MM), h = gtk_paper_size_get_height (paper, GTK_UNIT_MM);

  if (kol_print_paper_from_size (w, h, &opts->paper))
    return;
  opts->paper = KOL_PAPER_CUSTOM;
  opts->paper_w_mm = w;
  opts->paper_h_mm = h;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                Printing          *printing)
{
  g_autoptr(GError) error = NULL;

  take_paper (&printing->opts, gtk_print_context_get_page_setup (context));
  printing->job = kol_print_job_new (printing->self->doc, &printing->opts, &error);
  if (printing->job == NULL)
    {
      kol_editor_page_show_message (printing->self, error->message, TRUE);
      gtk_print_operation_cancel (operation);
      return;
    }
  gtk_print_operation_set_n_pages (operation, (int) kol_print_job_get_n_pages (printing->job));
}

/* Each sheet is turned as its layout chose. */
static void
request_page_setup_cb (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page,
                       GtkPageSetup      *setup,
                       Printing          *printing)
{
  double width, height;

  if (printing->job == NULL || page < 0 || (guint) page >= kol_print_job_get_n_pages (printing->job))
    return;
  kol_print_job_get_page_size (printing->job, (guint) page, &width, &height);
  gtk_page_setup_set_orientation (setup, width > height ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                        : GTK_PAGE_ORIENTATION_PORTRAIT);
}

/* A printer that does not turn the page as asked gets it scaled to fit. */
static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              Printing          *printing)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width, height, scale_x, scale_y, scale;
  g_autoptr(GError) error = NULL;

  if (printing->job == NULL)
    return;
  kol_print_job_get_page_size (printing->job, (guint) page, &width, &height);
  scale_x = gtk_print_context_get_width (context) / width;
  scale_y = gtk_print_context_get_height (context) / height;
  scale = MIN (scale_x, scale_y);
  if (fabs (scale - 1.0) > 0.005)
    cairo_scale (cr, scale, scale);
  if (!kol_print_job_draw_page (printing->job, cr, (guint) page, &error))
    kol_editor_page_show_message (printing->self, error->message, TRUE);
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
        kol_editor_page_show_message (printing->self, error->message, TRUE);
    }
  printing_free (printing);
}

static GtkPrintOperation *
new_print_operation (KolEditorPage         *self,
                     const KolPrintOptions *opts)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = NULL;
  GtkPrintOperation *operation = gtk_print_operation_new ();
  Printing *printing = g_new0 (Printing, 1);
  double w, h;

  printing->self = g_object_ref (self);
  printing->opts = *opts;
  kol_print_paper_size_mm (opts->paper < KOL_N_PAPERS ? opts->paper : KOL_PAPER_A4, &w, &h);
  paper = gtk_paper_size_new_custom (kol_print_paper_to_string (opts->paper), kol_print_paper_to_string (opts->paper),
                                     w, h, GTK_UNIT_MM);
  gtk_page_setup_set_paper_size (setup, paper);
  gtk_print_operation_set_default_page_setup (operation, setup);
  /* the job leaves its own margins */
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, kol_title_document_get_id (self->doc));
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), printing);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (request_page_setup_cb), printing);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), printing);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), printing);
  return operation;
}

/* With a file name, GTK's print system writes the pages there as PDF
 * without asking; else the print dialog is shown. */
static void
run_print (KolEditorPage         *self,
           const KolPrintOptions *opts,
           const char            *file)
{
  g_autoptr(GtkPrintOperation) operation = new_print_operation (self, opts);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  if (file != NULL && file[0] != '\0')
    {
      gtk_print_operation_set_export_filename (operation, file);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, parent_window (self), &error);
    }
  else
    {
      gtk_print_operation_set_allow_async (operation, TRUE);
      result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent_window (self),
                                        &error);
    }
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && error != NULL)
    kol_editor_page_show_message (self, error->message, TRUE);
}

/* ---- exporting -------------------------------------------------------------------- */

static gboolean
export_to (KolEditorPage          *self,
           const KolPrintOptions  *opts,
           const KolPrintOutput   *output,
           const char             *path,
           GError                **error)
{
  g_autoptr(KolPrintJob) job = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *message = NULL;
  guint n;

  if ((job = kol_print_job_new (self->doc, opts, error)) == NULL ||
      (files = kol_print_job_write (job, output, path, error)) == NULL)
    return FALSE;
  n = g_strv_length (files);
  if (n == 1)
    /* Translators: %s is a file name. */
    message = g_strdup_printf (_("Exported to %s"), files[0]);
  else
    /* Translators: %u is a number of files (a sheet or a page each), %s
     * the first. */
    message = g_strdup_printf (ngettext ("Exported %u file, the first to %s",
                                         "Exported %u files, the first to %s", n), n, files[0]);
  kol_editor_page_show_message (self, message, FALSE);
  return TRUE;
}

static KolPrintFormat
format_of (const char     *path,
           KolPrintFormat  fallback)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".svg"))
    return KOL_PRINT_FORMAT_SVG;
  if (g_str_has_suffix (lower, ".png"))
    return KOL_PRINT_FORMAT_PNG;
  if (g_str_has_suffix (lower, ".pdf"))
    return KOL_PRINT_FORMAT_PDF;
  return fallback;
}

static void
export_chosen_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(KolEditorPage) self = user_data;
  g_autoptr(GFile) file = kol_file_dialog_save_finish (result, NULL, NULL);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts = self->print_opts;
  KolPrintOutput output = self->print_output;

  if (path == NULL || self->doc == NULL)
    return;
  output.format = format_of (path, output.format);
  if (!export_to (self, &opts, &output, path, &error))
    kol_editor_page_show_message (self, error->message, TRUE);
}

static void
ask_export_file (KolEditorPage *self)
{
  static const struct { const char *name, *mime, *suffix; } kinds[] = {
    { N_("PDF documents"), "application/pdf", "pdf" },
    { N_("SVG pictures"), "image/svg+xml", "svg" },
    { N_("PNG pictures"), "image/png", "png" },
  };
  guint kind = MIN ((guint) self->print_output.format, G_N_ELEMENTS (kinds) - 1);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileFilter *filters[] = { filter, NULL };
  const char *id = kol_title_document_get_id (self->doc);
  /* an id read from a file may be anything: only a plain one names a file */
  g_autofree char *initial = g_strdup_printf ("%s.%s", kol_title_document_is_valid_id (id) ? id : "title",
                                              kinds[kind].suffix);

  gtk_file_filter_set_name (filter, _(kinds[kind].name));
  gtk_file_filter_add_mime_type (filter, kinds[kind].mime);
  gtk_file_filter_add_suffix (filter, kinds[kind].suffix);
  kol_file_dialog_save (parent_window (self), _("Export"), initial, filters, export_chosen_cb, g_object_ref (self));
}

/* ---- the dialog --------------------------------------------------------------------- */

static void
dialog_accepted_cb (KolEditorExportDialog *dialog,
                    KolEditorPage         *self)
{
  gboolean print = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kol-print"));

  remember_options (self, dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (self->doc == NULL)
    return;
  if (print)
    run_print (self, &self->print_opts, NULL);
  else
    ask_export_file (self);
}

static void
show_dialog (KolEditorPage *self,
             const char    *sheets,
             gboolean       print)
{
  KolEditorExportDialog *dialog = kol_editor_export_dialog_new (parent_window (self), self->doc,
                                                                print ? KOL_EDITOR_EXPORT_PRINT
                                                                      : KOL_EDITOR_EXPORT_FILES);
  KolPrintOptions opts;
  KolPrintOutput output;

  remembered_options (self, sheets, &opts, &output);
  kol_editor_export_dialog_set_options (dialog, &opts, &output);
  g_object_set_data (G_OBJECT (dialog), "kol-print", GINT_TO_POINTER (print));
  g_signal_connect_object (dialog, "accepted", G_CALLBACK (dialog_accepted_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * _kol_editor_page_print_action_cb:
 *
 * editor.print (sheets, file): the export dialog then the print dialog,
 * or the pages written to @file as GTK's print system makes PDF.
 */
void
_kol_editor_page_print_action_cb (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  const char *sheets, *file;
  KolPrintOptions opts;
  KolPrintOutput output;

  g_variant_get (parameter, "(&s&s)", &sheets, &file);
  if (self->doc == NULL)
    return;
  if (file[0] == '\0')
    {
      show_dialog (self, sheets, TRUE);
      return;
    }
  remembered_options (self, sheets, &opts, &output);
  run_print (self, &opts, file);
}

/**
 * _kol_editor_page_export_action_cb:
 *
 * editor.export (sheets, file): the export dialog then a file chooser, or
 * the sheets written to @file in the format its name says.
 */
void
_kol_editor_page_export_action_cb (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  const char *sheets, *file;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts;
  KolPrintOutput output;

  g_variant_get (parameter, "(&s&s)", &sheets, &file);
  if (self->doc == NULL)
    return;
  if (file[0] == '\0')
    {
      show_dialog (self, sheets, FALSE);
      return;
    }
  remembered_options (self, sheets, &opts, &output);
  output.format = format_of (file, KOL_PRINT_FORMAT_PDF);
  if (!export_to (self, &opts, &output, file, &error))
    kol_editor_page_show_message (self, error->message, TRUE);
}
