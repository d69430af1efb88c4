/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-export-dialog.h"

/**
 * KolEditorExportDialog:
 *
 * The choices before printing or exporting a title: which sheets, the
 * paper and its orientation, the hex size or fitting to a page, how much
 * the map may shrink to save pages, bleed, the player count and the
 * language printed, and (for files) the format and how pages are split
 * into files. Under them, what the job will do, sheet by sheet: its pages,
 * and whether it turned the paper or shrank the map to save some; the
 * job is laid out again a moment after each change.
 *
 * Emits KolEditorExportDialog::accepted when Print or Export is chosen;
 * whoever opened it reads the choices and closes it.
 */
struct _KolEditorExportDialog
{
  GtkWindow         parent_instance;

  KolTitleDocument *doc;
  KolTitle         *title;         /* for the sheets' names, or NULL */
  int               min_players;
  int               max_players;
  guint             update_source;
  gboolean          can_accept;
  char             *summary;
  GtkCheckButton   *sheet_checks[KOL_PRINT_N_SHEETS];

  GtkButton        *accept_button;
  GtkGrid          *sheets_grid;
  GtkDropDown      *paper_dropdown;
  GtkDropDown      *orientation_dropdown;
  GtkSpinButton    *hex_spin;
  GtkSpinButton    *shrink_spin;
  GtkCheckButton   *fit_check;
  GtkCheckButton   *bleed_check;
  GtkDropDown      *players_dropdown;
  GtkDropDown      *language_dropdown;
  GtkWidget        *files_box;
  GtkDropDown      *format_dropdown;
  GtkDropDown      *files_dropdown;
  GtkLabel         *summary_label;
};

G_DEFINE_FINAL_TYPE (KolEditorExportDialog, kol_editor_export_dialog, GTK_TYPE_WINDOW)

enum {
  ACCEPTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define UPDATE_DELAY_MS 250

static const char * const languages[] = { "en", "ru" };

/* ---- the choices --------------------------------------------------------------- */

/**
 * kol_editor_export_dialog_get_options:
 * @opts: (out): the print options chosen; its strings belong to the dialog
 * @output: (out) (optional): the format and files chosen
 */
void
kol_editor_export_dialog_get_options (KolEditorExportDialog *self,
                                      KolPrintOptions       *opts,
                                      KolPrintOutput        *output)
{
  guint players = gtk_drop_down_get_selected (self->players_dropdown);
  guint language = gtk_drop_down_get_selected (self->language_dropdown);
  guint paper = gtk_drop_down_get_selected (self->paper_dropdown);

  g_return_if_fail (KOL_IS_EDITOR_EXPORT_DIALOG (self));

  kol_print_options_init (opts);
  opts->sheets = 0;
  for (guint i = 0; i < KOL_PRINT_N_SHEETS; i++)
    if (gtk_check_button_get_active (self->sheet_checks[i]))
      opts->sheets |= 1u << i;
  opts->paper = (KolPaper) MIN (paper, KOL_N_PAPERS - 1);
  opts->orientation = (KolOrientation) gtk_drop_down_get_selected (self->orientation_dropdown);
  opts->hex_mm = gtk_spin_button_get_value (self->hex_spin);
  opts->max_shrink = gtk_spin_button_get_value (self->shrink_spin) / 100.0;
  opts->fit = gtk_check_button_get_active (self->fit_check);
  opts->bleed = gtk_check_button_get_active (self->bleed_check);
  opts->n_players = players != GTK_INVALID_LIST_POSITION ? self->min_players + (int) players : 0;
  opts->language = languages[language < G_N_ELEMENTS (languages) ? language : 0];
  if (output == NULL)
    return;
  kol_print_output_init (output);
  output->format = (KolPrintFormat) gtk_drop_down_get_selected (self->format_dropdown);
  output->files = (KolPrintFiles) gtk_drop_down_get_selected (self->files_dropdown);
}

/**
 * kol_editor_export_dialog_set_options:
 * @opts: the options to show
 * @output: (nullable): and the format and files
 */
void
kol_editor_export_dialog_set_options (KolEditorExportDialog *self,
                                      const KolPrintOptions *opts,
                                      const KolPrintOutput  *output)
{
  g_return_if_fail (KOL_IS_EDITOR_EXPORT_DIALOG (self));

  for (guint i = 0; i < KOL_PRINT_N_SHEETS; i++)
    gtk_check_button_set_active (self->sheet_checks[i], (opts->sheets & (1u << i)) != 0);
  if (opts->paper < KOL_N_PAPERS)
    gtk_drop_down_set_selected (self->paper_dropdown, opts->paper);
  gtk_drop_down_set_selected (self->orientation_dropdown, opts->orientation);
  gtk_spin_button_set_value (self->hex_spin, opts->hex_mm);
  gtk_spin_button_set_value (self->shrink_spin, opts->max_shrink * 100.0);
  gtk_check_button_set_active (self->fit_check, opts->fit);
  gtk_check_button_set_active (self->bleed_check, opts->bleed);
  if (opts->n_players >= self->min_players && opts->n_players <= self->max_players)
    gtk_drop_down_set_selected (self->players_dropdown, (guint) (opts->n_players - self->min_players));
  gtk_drop_down_set_selected (self->language_dropdown, g_strcmp0 (opts->language, "ru") == 0 ? 1 : 0);
  if (output != NULL)
    {
      gtk_drop_down_set_selected (self->format_dropdown, output->format);
      gtk_drop_down_set_selected (self->files_dropdown, output->files);
    }
}

/* ---- what the job will do ------------------------------------------------------- */

/**
 * kol_editor_export_dialog_update_now:
 *
 * Lays the job out with the choices now and says what it does; enables
 * Print or Export when it can be done.
 */
void
kol_editor_export_dialog_update_now (KolEditorExportDialog *self)
{
  g_autoptr(KolPrintJob) job = NULL;
  g_autoptr(GError) error = NULL;
  KolPrintOptions opts;

  g_return_if_fail (KOL_IS_EDITOR_EXPORT_DIALOG (self));

  g_clear_handle_id (&self->update_source, g_source_remove);
  kol_editor_export_dialog_get_options (self, &opts, NULL);
  g_clear_pointer (&self->summary, g_free);
  if (opts.sheets == 0)
    self->summary = g_strdup (_("Choose at least one sheet."));
  else if ((job = kol_print_job_new (self->doc, &opts, &error)) == NULL)
    self->summary = g_strdup (error->message);
  else
    self->summary = kol_print_job_describe (job);
  gtk_label_set_text (self->summary_label, self->summary);
  self->can_accept = job != NULL;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export-dialog.accept", self->can_accept);
}

static gboolean
update_cb (gpointer user_data)
{
  KolEditorExportDialog *self = user_data;

  self->update_source = 0;
  kol_editor_export_dialog_update_now (self);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (KolEditorExportDialog *self)
{
  gboolean fit = gtk_check_button_get_active (self->fit_check);

  gtk_widget_set_sensitive (GTK_WIDGET (self->shrink_spin), !fit);
  g_clear_handle_id (&self->update_source, g_source_remove);
  self->update_source = g_timeout_add (UPDATE_DELAY_MS, update_cb, self);
}

/**
 * kol_editor_export_dialog_get_summary:
 *
 * Returns: (transfer none) (nullable): what the dialog says the job does
 */
const char *
kol_editor_export_dialog_get_summary (KolEditorExportDialog *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_EXPORT_DIALOG (self), NULL);

  return self->summary;
}

/* ---- the dialog ----------------------------------------------------------------- */

static void
accept_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolEditorExportDialog *self = KOL_EDITOR_EXPORT_DIALOG (widget);

  if (self->update_source != 0)
    kol_editor_export_dialog_update_now (self);
  if (self->can_accept)
    g_signal_emit (self, signals[ACCEPTED], 0);
}

static void
kol_editor_export_dialog_dispose (GObject *object)
{
  KolEditorExportDialog *self = KOL_EDITOR_EXPORT_DIALOG (object);

  g_clear_handle_id (&self->update_source, g_source_remove);
  g_clear_object (&self->doc);
  g_clear_pointer (&self->title, kol_title_free);
  g_clear_pointer (&self->summary, g_free);
  G_OBJECT_CLASS (kol_editor_export_dialog_parent_class)->dispose (object);
}

static void
kol_editor_export_dialog_class_init (KolEditorExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_export_dialog_dispose;

  /**
   * KolEditorExportDialog::accepted:
   * @self: the dialog
   *
   * Print or Export was chosen, with choices that make a job.
   */
  signals[ACCEPTED] = g_signal_new ("accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "export-dialog.accept", NULL, accept_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, sheets_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, paper_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, orientation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, hex_spin);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, shrink_spin);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, fit_check);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, bleed_check);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, players_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, files_box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, files_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorExportDialog, summary_label);
}

static void
kol_editor_export_dialog_init (KolEditorExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
fill_papers (KolEditorExportDialog *self)
{
  static const char * const names[KOL_N_PAPERS] = {
    [KOL_PAPER_A4] = NC_("paper", "A4"), [KOL_PAPER_A3] = NC_("paper", "A3"),
    [KOL_PAPER_LETTER] = NC_("paper", "US Letter"), [KOL_PAPER_A5] = NC_("paper", "A5"),
    [KOL_PAPER_LEGAL] = NC_("paper", "US Legal"), [KOL_PAPER_TABLOID] = NC_("paper", "Tabloid (11 × 17 in)"),
  };
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (int i = 0; i < KOL_N_PAPERS; i++)
    gtk_string_list_append (list, g_dpgettext2 (GETTEXT_PACKAGE, "paper", names[i]));
  gtk_drop_down_set_model (self->paper_dropdown, G_LIST_MODEL (list));
}

static int
players_member (KolTitleDocument *doc,
                const char       *path,
                int               fallback)
{
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return (int) json_node_get_int (node);
}

static void
fill_players (KolEditorExportDialog *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  int max = players_member (self->doc, "$.players.max", 4), min;

  self->max_players = CLAMP (max, 1, 12);
  min = players_member (self->doc, "$.players.min", self->max_players);
  self->min_players = CLAMP (min, 1, self->max_players);
  for (int n = self->min_players; n <= self->max_players; n++)
    {
      /* Translators: a player count in the export dialog. */
      g_autofree char *label = g_strdup_printf (ngettext ("%d player", "%d players", n), n);

      gtk_string_list_append (list, label);
    }
  gtk_drop_down_set_model (self->players_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->players_dropdown, (guint) (self->max_players - self->min_players));
}

/* A check per sheet, named in the title's words ("Trams" for 1840). */
static void
fill_sheets (KolEditorExportDialog *self)
{
  for (guint i = 0; i < KOL_PRINT_N_SHEETS; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (kol_print_sheet_name (1u << i, self->title));

      self->sheet_checks[i] = GTK_CHECK_BUTTON (check);
      gtk_widget_set_name (check, kol_print_sheet_to_string (1u << i));
      gtk_grid_attach (self->sheets_grid, check, (int) (i % 2), (int) (i / 2), 1, 1);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (changed_cb), self);
    }
}

static void
connect_changes (KolEditorExportDialog *self)
{
  GObject *dropdowns[] = {
    G_OBJECT (self->paper_dropdown), G_OBJECT (self->orientation_dropdown), G_OBJECT (self->players_dropdown),
    G_OBJECT (self->language_dropdown),
  };

  for (gsize i = 0; i < G_N_ELEMENTS (dropdowns); i++)
    g_signal_connect_swapped (dropdowns[i], "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->hex_spin, "value-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->shrink_spin, "value-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->fit_check, "toggled", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->bleed_check, "toggled", G_CALLBACK (changed_cb), self);
}

/**
 * kol_editor_export_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @doc: the title printed
 * @mode: printing or exporting to files
 *
 * Returns: (transfer none): a new dialog, not yet shown
 */
KolEditorExportDialog *
kol_editor_export_dialog_new (GtkWindow           *parent,
                              KolTitleDocument    *doc,
                              KolEditorExportMode  mode)
{
  KolEditorExportDialog *self = g_object_new (KOL_TYPE_EDITOR_EXPORT_DIALOG, "transient-for", parent, NULL);
  gboolean print = mode == KOL_EDITOR_EXPORT_PRINT;
  KolPrintOptions opts;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), self);

  self->doc = g_object_ref (doc);
  self->title = kol_title_document_load_title (doc, 0, NULL, NULL);
  gtk_window_set_title (GTK_WINDOW (self), print ? _("Print") : _("Export"));
  gtk_button_set_label (self->accept_button, print ? _("_Print…") : _("_Export…"));
  gtk_widget_set_visible (self->files_box, !print);
  fill_papers (self);
  fill_players (self);
  fill_sheets (self);
  kol_print_options_init (&opts);
  kol_editor_export_dialog_set_options (self, &opts, NULL);
  connect_changes (self);
  changed_cb (self);
  return self;
}
