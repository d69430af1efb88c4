/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kol-editor-issues.h"
#include "kol-title-issue.h"

/* Checking every configuration of a title takes about half a second, so it
 * runs in a worker thread, after the edits pause for this long. */
#define CHECK_DELAY_MS 400

static const char * const file_names[] = { "game.json", "tiles.json", "map.json" };

/**
 * KolEditorIssues:
 *
 * The validation panel: every problem the document has in any of its
 * configurations (kol_title_document_validate()), kept up to date while
 * the document is edited. The check runs on a copy of the document as it
 * would be saved, in a worker thread, so that editing never waits for it.
 * Activating a problem emits KolEditorIssues::issue-activated for the page
 * to show where it is.
 */
struct _KolEditorIssues
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  GListStore       *issues;
  char             *scratch_dir;   /* where the copy checked is written */
  GWeakRef         *running;       /* the check under way, or NULL */
  gboolean          again;         /* changed since that check started */
  guint             check_id;

  GtkWidget   *box;
  GtkImage    *status_icon;
  GtkLabel    *status_label;
  GtkSpinner  *spinner;
  GtkWidget   *empty_label;
  GtkWidget   *scroller;
  GtkListView *list_view;
};

G_DEFINE_FINAL_TYPE (KolEditorIssues, kol_editor_issues, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHECKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ISSUE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- rows ----------------------------------------------------------------------- */

/**
 * kol_editor_issues_describe_location:
 * @issue: an issue
 *
 * Returns: (transfer full): where the problem is, for people: the hex or
 *   tile, the file with line and column, the JSON path, the configuration
 */
char *
kol_editor_issues_describe_location (KolTitleIssue *issue)
{
  GString *out = g_string_new (NULL);
  int file = kol_title_issue_get_file (issue);

  if (kol_title_issue_get_hex (issue) != NULL)
    /* Translators: where a problem is; %s is a hex id. */
    g_string_append_printf (out, _("Hex %s · "), kol_title_issue_get_hex (issue));
  else if (kol_title_issue_get_tile (issue) != NULL)
    /* Translators: where a problem is; %s is a tile number. */
    g_string_append_printf (out, _("Tile %s · "), kol_title_issue_get_tile (issue));
  g_string_append (out, file_names[CLAMP (file, 0, 2)]);
  if (kol_title_issue_get_line (issue) > 0)
    /* Translators: a line and column in a file. */
    g_string_append_printf (out, _(", line %d, column %d"), kol_title_issue_get_line (issue),
                            kol_title_issue_get_column (issue));
  if (kol_title_issue_get_path (issue) != NULL)
    g_string_append_printf (out, " · %s", kol_title_issue_get_path (issue));
  if (kol_title_issue_get_configuration (issue) != NULL)
    /* Translators: %s names a configuration: a player count and options. */
    g_string_append_printf (out, _(" · only with %s"), kol_title_issue_get_configuration (issue));
  return g_string_free (out, FALSE);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *message = gtk_label_new (NULL);
  GtkWidget *where = gtk_label_new (NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (where), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (where), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_widget_add_css_class (where, "dim-label");
  gtk_widget_add_css_class (where, "caption");
  gtk_box_append (GTK_BOX (texts), message);
  gtk_box_append (GTK_BOX (texts), where);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), texts);
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_list_item_set_child (item, row);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  KolTitleIssue *issue = gtk_list_item_get_item (item);
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *icon = gtk_widget_get_first_child (row);
  GtkWidget *message = gtk_widget_get_first_child (gtk_widget_get_next_sibling (icon));
  GtkWidget *where = gtk_widget_get_next_sibling (message);
  gboolean error = kol_title_issue_get_severity (issue) == KOL_TITLE_ISSUE_ERROR;
  g_autofree char *location = kol_editor_issues_describe_location (issue);
  g_autofree char *description = NULL;

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_remove_css_class (icon, error ? "warning" : "error");
  gtk_widget_add_css_class (icon, error ? "error" : "warning");
  gtk_label_set_label (GTK_LABEL (message), kol_title_issue_get_message (issue));
  gtk_label_set_label (GTK_LABEL (where), location);
  /* Translators: a problem in the validation panel, read by screen
   * readers: %1$s is "Error" or "Warning", %2$s the message, %3$s where. */
  description = g_strdup_printf (_("%1$s: %2$s, %3$s"), error ? _("Error") : _("Warning"),
                                 kol_title_issue_get_message (issue), location);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
update_status (KolEditorIssues *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->issues));
  guint errors = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (G_LIST_MODEL (self->issues), i);

      errors += kol_title_issue_get_severity (issue) == KOL_TITLE_ISSUE_ERROR;
    }
  if (n == 0 && self->doc != NULL && kol_editor_issues_get_checking (self))
    text = g_strdup (_("Checking the title…"));
  else if (n == 0)
    text = g_strdup (self->doc != NULL ? _("No problems found") : "");
  else if (errors == 0)
    text = g_strdup_printf (ngettext ("%u warning", "%u warnings", n), n);
  else
    /* Translators: the heading of the validation panel: errors, then all problems. */
    text = g_strdup_printf (ngettext ("%u error, %u problem in all", "%u errors, %u problems in all", errors),
                            errors, n);
  gtk_label_set_label (self->status_label, text);
  gtk_image_set_from_icon_name (self->status_icon, n == 0 ? "emblem-ok-symbolic"
                                                   : errors > 0 ? "dialog-error-symbolic"
                                                                : "dialog-warning-symbolic");
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), self->doc != NULL);
  gtk_widget_set_visible (self->empty_label, n == 0 && self->doc != NULL &&
                          !kol_editor_issues_get_checking (self));
  gtk_widget_set_visible (self->scroller, n > 0 || self->doc == NULL);
}

/* ---- checking -------------------------------------------------------------------- */

static void schedule_check (KolEditorIssues *self);

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  const char *dir = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) copy = kol_title_document_new_from_directory (dir, &error);

  if (copy == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, kol_title_document_validate (copy, 0, NULL), g_object_unref);
}

static void
set_checking (KolEditorIssues *self,
              gboolean         checking)
{
  gtk_spinner_set_spinning (self->spinner, checking);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), checking);
  update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHECKING]);
}

static void
check_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr(KolEditorIssues) self = g_weak_ref_get (ref);
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) issues = g_task_propagate_pointer (G_TASK (result), &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  if (self == NULL || self->running != ref)
    return;
  self->running = NULL;
  if (issues != NULL && !self->again)
    {
      guint n = g_list_model_get_n_items (issues);
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (items, g_list_model_get_item (issues, i));
      g_list_store_splice (self->issues, 0, g_list_model_get_n_items (G_LIST_MODEL (self->issues)),
                           items->pdata, n);
      update_status (self);
    }
  else if (error != NULL)
    g_warning ("Cannot check the title: %s", error->message);
  if (self->again)
    schedule_check (self);
  else
    set_checking (self, FALSE);
}

static gboolean
write_copy (KolEditorIssues  *self,
            GError          **error)
{
  if (self->scratch_dir == NULL &&
      (self->scratch_dir = g_dir_make_tmp ("koleya-check-XXXXXX", error)) == NULL)
    return FALSE;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      /* the files as on disk while unchanged, so that lines are theirs */
      g_autofree char *text = kol_title_document_dup_text (self->doc, i);
      g_autofree char *path = g_build_filename (self->scratch_dir, file_names[i], NULL);

      if (!g_file_set_contents (path, text, -1, error))
        return FALSE;
    }
  return TRUE;
}

/* The thread gets the files as they are now and a weak reference back, so
 * that the panel may go while it runs. */
static void
start_check (KolEditorIssues *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;

  self->again = FALSE;
  if (self->doc == NULL || !write_copy (self, &error))
    {
      if (error != NULL)
        g_warning ("Cannot check the title: %s", error->message);
      set_checking (self, FALSE);
      return;
    }
  self->running = g_new0 (GWeakRef, 1);
  g_weak_ref_init (self->running, self);
  task = g_task_new (NULL, NULL, check_done_cb, self->running);
  g_task_set_task_data (task, g_strdup (self->scratch_dir), g_free);
  g_task_run_in_thread (task, check_thread);
}

static gboolean
check_cb (gpointer user_data)
{
  KolEditorIssues *self = user_data;

  self->check_id = 0;
  if (self->running != NULL)
    self->again = TRUE;
  else
    start_check (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_check (KolEditorIssues *self)
{
  if (self->running != NULL)
    {
      self->again = TRUE;
      return;
    }
  g_clear_handle_id (&self->check_id, g_source_remove);
  self->check_id = g_timeout_add (CHECK_DELAY_MS, check_cb, self);
  if (!gtk_spinner_get_spinning (self->spinner))
    set_checking (self, TRUE);
}

/* ---- the object --------------------------------------------------------------------- */

static void
list_activated_cb (KolEditorIssues *self,
                   guint            position)
{
  kol_editor_issues_activate (self, position);
}

static void
remove_scratch (KolEditorIssues *self)
{
  if (self->scratch_dir == NULL)
    return;
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *path = g_build_filename (self->scratch_dir, file_names[i], NULL);

      g_remove (path);
    }
  g_rmdir (self->scratch_dir);
  g_clear_pointer (&self->scratch_dir, g_free);
}

static void
kol_editor_issues_dispose (GObject *object)
{
  KolEditorIssues *self = KOL_EDITOR_ISSUES (object);

  kol_editor_issues_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_ISSUES);
  g_clear_object (&self->issues);

  G_OBJECT_CLASS (kol_editor_issues_parent_class)->dispose (object);
}

static void
kol_editor_issues_finalize (GObject *object)
{
  remove_scratch (KOL_EDITOR_ISSUES (object));

  G_OBJECT_CLASS (kol_editor_issues_parent_class)->finalize (object);
}

static void
kol_editor_issues_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  KolEditorIssues *self = KOL_EDITOR_ISSUES (object);

  switch (prop_id)
    {
    case PROP_CHECKING:
      g_value_set_boolean (value, kol_editor_issues_get_checking (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_issues_class_init (KolEditorIssuesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_issues_dispose;
  object_class->finalize = kol_editor_issues_finalize;
  object_class->get_property = kol_editor_issues_get_property;

  /**
   * KolEditorIssues:checking:
   *
   * Whether a check is waiting or running, so that the list may change.
   */
  properties[PROP_CHECKING] =
    g_param_spec_boolean ("checking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolEditorIssues::issue-activated:
   * @self: the panel
   * @issue: the #KolTitleIssue activated
   *
   * A problem was activated, to show where it is.
   */
  signals[ISSUE_ACTIVATED] = g_signal_new ("issue-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, KOL_TYPE_TITLE_ISSUE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-issues.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, status_icon);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, status_label);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, spinner);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, empty_label);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolEditorIssues, list_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_issues_init (KolEditorIssues *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->issues = g_list_store_new (KOL_TYPE_TITLE_ISSUE);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->issues)));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (factory);
  g_object_unref (selection);
  g_signal_connect_swapped (self->list_view, "activate", G_CALLBACK (list_activated_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  update_status (self);
}

/**
 * kol_editor_issues_new:
 *
 * Returns: (transfer floating): a panel without a document
 */
GtkWidget *
kol_editor_issues_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_ISSUES, NULL);
}

/**
 * kol_editor_issues_set_document:
 * @self: a panel
 * @doc: (nullable): the document to check
 *
 * Checks @doc at once and again a moment after every change.
 */
void
kol_editor_issues_set_document (KolEditorIssues  *self,
                                KolTitleDocument *doc)
{
  g_return_if_fail (KOL_IS_EDITOR_ISSUES (self));
  g_return_if_fail (doc == NULL || KOL_IS_TITLE_DOCUMENT (doc));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, doc);
  g_clear_handle_id (&self->check_id, g_source_remove);
  /* a check of the old document still running is ignored when it ends */
  self->running = NULL;
  self->again = FALSE;
  if (self->issues != NULL)
    g_list_store_remove_all (self->issues);
  if (doc == NULL)
    {
      if (self->spinner != NULL)
        set_checking (self, FALSE);
      return;
    }
  g_signal_connect_object (doc, "changed", G_CALLBACK (schedule_check), self, G_CONNECT_SWAPPED);
  start_check (self);
  if (self->running != NULL)
    set_checking (self, TRUE);
}

/** kol_editor_issues_get_issues: Returns: (transfer none): the #KolTitleIssue list shown */
GListModel *
kol_editor_issues_get_issues (KolEditorIssues *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_ISSUES (self), NULL);
  return G_LIST_MODEL (self->issues);
}

/**
 * kol_editor_issues_dup_first_error:
 * @self: the panel
 *
 * Returns: (transfer full) (nullable): the first problem that keeps the
 *   title from loading, formatted, or %NULL when there is none
 */
char *
kol_editor_issues_dup_first_error (KolEditorIssues *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_ISSUES (self), NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->issues)); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (G_LIST_MODEL (self->issues), i);

      if (kol_title_issue_get_severity (issue) == KOL_TITLE_ISSUE_ERROR)
        return kol_title_issue_format (issue);
    }
  return NULL;
}

/** kol_editor_issues_get_checking: Returns: see KolEditorIssues:checking */
gboolean
kol_editor_issues_get_checking (KolEditorIssues *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_ISSUES (self), FALSE);
  return self->running != NULL || self->check_id != 0;
}

/**
 * kol_editor_issues_activate:
 * @self: a panel
 * @position: the problem's position in the list
 *
 * Does what activating the row does: emits KolEditorIssues::issue-activated.
 */
void
kol_editor_issues_activate (KolEditorIssues *self,
                            guint            position)
{
  g_autoptr(KolTitleIssue) issue = NULL;

  g_return_if_fail (KOL_IS_EDITOR_ISSUES (self));

  issue = g_list_model_get_item (G_LIST_MODEL (self->issues), position);
  if (issue != NULL)
    g_signal_emit (self, signals[ISSUE_ACTIVATED], 0, issue);
}
