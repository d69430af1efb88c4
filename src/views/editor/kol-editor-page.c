/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kol-editor-page-private.h"
#include "kol-editor-unsaved-dialog.h"
#include "kol-editor-fields.h"
#include "kol-editor-util.h"
#include "kol-l10n.h"
#include "kol-title-info.h"
#include "kol-title-issue.h"
#include "kol-title-row.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/* Messages leave the banner by themselves after a while, errors later;
 * only a question about files changed on disk waits for an answer. */
#define BANNER_TIMEOUT_S 8
#define ERROR_TIMEOUT_S 20

/**
 * KolEditorPage:
 *
 * The editor mode of the main window. Without a document it lists the
 * titles to open (and offers a new title or a folder); with one it shows
 * the tile manifest, the map and the upgrade chart, with the validation
 * panel below, and a toolbar for undo, redo, saving and playing. Its
 * actions are in the "editor" group (see kol-editor-page-actions.c);
 * KolEditorPage::closed asks the window to leave the editor, and
 * KolEditorPage::titles-changed says a title was saved among the user's.
 */

G_DEFINE_FINAL_TYPE (KolEditorPage, kol_editor_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CLOSED,
  TITLES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the document --------------------------------------------------------------- */

/**
 * _kol_editor_page_title_name:
 * @language: "en" or "ru"
 *
 * Returns: (transfer full) (nullable): game.json's name in @language
 */
char *
_kol_editor_page_title_name (KolEditorPage *self,
                             const char    *language)
{
  JsonNode *name = self->doc != NULL ? kol_title_document_get_value (self->doc, KOL_TITLE_FILE_GAME, "$.name")
                                     : NULL;
  const char * const languages[] = { language, NULL };

  if (name == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (name))
    return g_strdup (json_node_get_string (name));
  return g_strdup (kol_l10n_pick_for_languages (name, languages));
}

static void
update_toolbar (KolEditorPage *self)
{
  JsonNode *name = kol_title_document_get_value (self->doc, KOL_TITLE_FILE_GAME, "$.name");
  const char *shown = name != NULL ? kol_l10n_pick (name) : NULL;
  const char *id = kol_title_document_get_id (self->doc);
  gboolean modified = kol_title_document_get_modified (self->doc);
  const char *state;
  g_autofree char *text = NULL;

  if (kol_title_document_get_built_in (self->doc))
    state = modified ? _("comes with Koleya, changed: save it as your own")
                     : _("comes with Koleya");
  else
    state = modified ? _("your title, changes not saved") : _("your title, saved");
  /* Translators: under the title's name in the editor: %1$s is the title's
   * identifier, %2$s whether it is saved. */
  text = g_strdup_printf (_("%1$s · %2$s"), id != NULL ? id : "", state);
  gtk_label_set_label (self->name_label, shown != NULL ? shown : id);
  gtk_label_set_label (self->state_label, text);
  /* the header may be too narrow for all of it */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->state_label), text);
}

static void
update_undo_buttons (KolEditorPage *self)
{
  const char *undo = kol_title_document_get_undo_label (self->doc);
  const char *redo = kol_title_document_get_redo_label (self->doc);
  /* Translators: the tooltip of Undo: %s names the edit, e.g. "Tile count". */
  g_autofree char *undo_tip = undo != NULL ? g_strdup_printf (_("Undo “%s” (Ctrl+Z)"), undo) : g_strdup (_("Undo (Ctrl+Z)"));
  /* Translators: the tooltip of Redo: %s names the edit. */
  g_autofree char *redo_tip = redo != NULL ? g_strdup_printf (_("Redo “%s” (Ctrl+Shift+Z)"), redo) : g_strdup (_("Redo (Ctrl+Shift+Z)"));

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->undo_button), undo_tip);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->redo_button), redo_tip);
}

static gboolean hide_banner_cb (gpointer user_data);

/* An edit went through: an error about an earlier one has had its say. */
static void
document_changed_cb (KolEditorPage *self)
{
  if (self->banner_id != 0 && gtk_widget_has_css_class (self->banner_box, "error"))
    {
      g_clear_handle_id (&self->banner_id, g_source_remove);
      hide_banner_cb (self);
    }
}

static void
document_state_cb (KolEditorPage *self)
{
  update_toolbar (self);
  update_undo_buttons (self);
  _kol_editor_page_update_actions (self);
}

/* The control showing @path (or the nearest value around it), under @root. */
static GtkWidget *
field_for_path (GtkWidget  *root,
                const char *path)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *at = kol_editor_field_get_path (child);
      GtkWidget *found;

      if (at != NULL && g_str_has_prefix (path, at)
          && (path[strlen (at)] == '\0' || path[strlen (at)] == '.' || path[strlen (at)] == '['))
        return child;
      if ((found = field_for_path (child, path)) != NULL)
        return found;
    }
  return NULL;
}

/* A problem of game.json is shown on its page, with its control focused. */
static gboolean
show_game_issue (KolEditorPage *self,
                 const char    *path)
{
  static const struct { const char *prefix, *page; } pages[] = {
    { "$.market", "market" }, { "$.trains", "trains" }, { "$.phases", "trains" },
    { "$.corporations", "corporations" }, { "$.privates", "privates" },
  };
  const char *page = "game";
  GtkWidget *field;
  guint index;

  for (gsize i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_str_has_prefix (path, pages[i].prefix))
      page = pages[i].page;
  gtk_stack_set_visible_child_name (self->content_stack, page);
  if (sscanf (path, "$.corporations[%u]", &index) == 1)
    kol_editor_companies_page_select (self->corporations_page, index);
  else if (sscanf (path, "$.privates[%u]", &index) == 1)
    kol_editor_companies_page_select (self->privates_page, index);
  field = field_for_path (gtk_stack_get_visible_child (self->content_stack), path);
  if (field == NULL)
    return FALSE;
  gtk_widget_grab_focus (field);
  return TRUE;
}

static void
issue_activated_cb (KolEditorPage *self,
                    KolTitleIssue *issue)
{
  const char *hex = kol_title_issue_get_hex (issue);
  const char *tile = kol_title_issue_get_tile (issue);
  g_autofree char *where = NULL;
  g_autofree char *text = NULL;

  if (hex != NULL)
    {
      gtk_stack_set_visible_child_name (self->content_stack, "map");
      if (kol_editor_map_select_hex (self->map, hex))
        return;
    }
  else if (tile != NULL)
    {
      gtk_stack_set_visible_child_name (self->content_stack, "tiles");
      if (kol_editor_tiles_select_tile (self->tiles, tile))
        return;
    }
  else if (kol_title_issue_get_file (issue) == KOL_TITLE_FILE_GAME && kol_title_issue_get_path (issue) != NULL
           && show_game_issue (self, kol_title_issue_get_path (issue)))
    return;
  /* nothing on screen to point at: say where in the files */
  where = kol_editor_issues_describe_location (issue);
  /* Translators: a problem and where it is in the title's files. */
  text = g_strdup_printf (_("%1$s\n%2$s"), kol_title_issue_get_message (issue), where);
  kol_editor_page_show_message (self, text, FALSE);
}

static void
chart_tile_activated_cb (KolEditorPage *self,
                         const char    *tile)
{
  gtk_stack_set_visible_child_name (self->content_stack, "tiles");
  kol_editor_tiles_select_tile (self->tiles, tile);
}

/**
 * kol_editor_page_set_document:
 * @self: the page
 * @doc: (nullable): the document to edit, or %NULL to show the list of
 *   titles
 *
 * Edits @doc right away, without asking about the changes of the document
 * edited before (see kol_editor_page_confirm_close()).
 */
void
kol_editor_page_set_document (KolEditorPage    *self,
                              KolTitleDocument *doc)
{
  g_autoptr(KolEditorPreview) old_preview = NULL;
  const char * const notified[] = { "notify::modified", "notify::can-undo", "notify::can-redo",
                                    "notify::id", "notify::path", "notify::built-in" };

  g_return_if_fail (KOL_IS_EDITOR_PAGE (self));
  g_return_if_fail (doc == NULL || KOL_IS_TITLE_DOCUMENT (doc));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  /* the views leave the old preview's title before it goes */
  old_preview = g_steal_pointer (&self->preview);
  g_set_object (&self->doc, doc);
  self->preview = doc != NULL ? kol_editor_preview_new (doc) : NULL;
  kol_editor_tiles_set_preview (self->tiles, self->preview);
  kol_editor_map_set_preview (self->map, self->preview);
  kol_editor_upgrade_chart_set_preview (self->chart, self->preview);
  kol_editor_issues_set_document (self->issues, doc);
  if (doc != NULL)
    kol_editor_fields_set_issues (doc, kol_editor_issues_get_issues (self->issues));
  kol_editor_market_page_set_document (self->market_page, doc);
  kol_editor_trains_page_set_document (self->trains_page, doc);
  kol_editor_companies_page_set_document (self->corporations_page, doc);
  kol_editor_companies_page_set_document (self->privates_page, doc);
  kol_editor_game_page_set_document (self->game_page, doc);
  gtk_revealer_set_reveal_child (self->banner, FALSE);
  if (doc == NULL)
    {
      kol_editor_page_refresh_titles (self);
      gtk_stack_set_visible_child_name (self->stack, "chooser");
      _kol_editor_page_update_actions (self);
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (notified); i++)
    g_signal_connect_object (doc, notified[i], G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (doc, "changed", G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (doc, "changed-on-disk", G_CALLBACK (_kol_editor_page_ask_about_disk), self,
                           G_CONNECT_SWAPPED);
  if (!kol_title_document_get_built_in (doc))
    kol_title_document_watch (doc, NULL);
  document_state_cb (self);
  gtk_stack_set_visible_child_name (self->content_stack, "tiles");
  gtk_stack_set_visible_child_name (self->stack, "document");
}

/** kol_editor_page_get_document: Returns: (transfer none) (nullable): the document edited */
KolTitleDocument *
kol_editor_page_get_document (KolEditorPage *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PAGE (self), NULL);
  return self->doc;
}

/**
 * kol_editor_page_open:
 * @self: the page
 * @dir: a title's folder
 * @error: return location for a #KOL_TITLE_DOCUMENT_ERROR
 *
 * Opens the title in @dir for editing (replacing the document edited,
 * without asking).
 *
 * Returns: whether it was opened
 */
gboolean
kol_editor_page_open (KolEditorPage  *self,
                      const char     *dir,
                      GError        **error)
{
  g_autoptr(KolTitleDocument) doc = NULL;

  g_return_val_if_fail (KOL_IS_EDITOR_PAGE (self), FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);

  if ((doc = kol_title_document_new_from_directory (dir, error)) == NULL)
    return FALSE;
  kol_editor_page_set_document (self, doc);
  return TRUE;
}

/** kol_editor_page_get_modified: Returns: whether the document has unsaved changes */
gboolean
kol_editor_page_get_modified (KolEditorPage *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_PAGE (self), FALSE);
  return self->doc != NULL && kol_title_document_get_modified (self->doc);
}

/* ---- asking before changes are lost -------------------------------------------------- */

typedef struct
{
  KolEditorPage         *self;
  KolEditorPageContinue  callback;
  gpointer               user_data;
} Pending;

static void
unsaved_response_cb (KolEditorUnsavedDialog *dialog,
                     int                     response,
                     Pending                *pending)
{
  KolEditorPage *self = pending->self;

  if (response == KOL_EDITOR_UNSAVED_SAVE)
    _kol_editor_page_save_then (self, pending->callback, pending->user_data);
  else
    pending->callback (self, response == KOL_EDITOR_UNSAVED_DISCARD, pending->user_data);
  g_object_unref (self);
  g_free (pending);
}

/**
 * kol_editor_page_confirm_close:
 * @self: the page
 * @callback: called with whether to go on
 * @user_data: for @callback
 *
 * When the document has unsaved changes, asks whether to save them, and
 * calls @callback once the user has chosen (and saved); otherwise calls it
 * at once.
 */
void
kol_editor_page_confirm_close (KolEditorPage         *self,
                               KolEditorPageContinue  callback,
                               gpointer               user_data)
{
  g_autofree char *name = NULL;
  KolEditorUnsavedDialog *dialog;
  Pending *pending;

  g_return_if_fail (KOL_IS_EDITOR_PAGE (self));
  g_return_if_fail (callback != NULL);

  if (!kol_editor_page_get_modified (self))
    {
      callback (self, TRUE, user_data);
      return;
    }
  name = _kol_editor_page_title_name (self, kol_game_word_language ());
  dialog = kol_editor_unsaved_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                          name != NULL ? name : kol_title_document_get_id (self->doc));
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->callback = callback;
  pending->user_data = user_data;
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- the banner ------------------------------------------------------------------------- */

static void
show_answers (KolEditorPage *self,
              gboolean       shown)
{
  gtk_widget_set_visible (self->reload_button, shown);
  gtk_widget_set_visible (self->keep_button, shown);
}

static gboolean
hide_banner_cb (gpointer user_data)
{
  KolEditorPage *self = user_data;

  self->banner_id = 0;
  /* a question about the files on disk is still waiting */
  if (self->doc != NULL && kol_title_document_get_changed_on_disk (self->doc) != 0)
    {
      _kol_editor_page_ask_about_disk (self);
      return G_SOURCE_REMOVE;
    }
  gtk_revealer_set_reveal_child (self->banner, FALSE);
  return G_SOURCE_REMOVE;
}

static char *
changed_files (guint files)
{
  static const char * const names[] = { "game.json", "tiles.json", "map.json" };
  GString *out = g_string_new (NULL);

  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    if (files & (1u << i))
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", names[i]);
  return g_string_free (out, FALSE);
}

/**
 * _kol_editor_page_ask_about_disk:
 * @self: the page
 *
 * Asks, in the banner, whether to reload the files another program
 * changed or to keep the editor's version; the question stays until
 * answered.
 */
void
_kol_editor_page_ask_about_disk (KolEditorPage *self)
{
  guint files = self->doc != NULL ? kol_title_document_get_changed_on_disk (self->doc) : 0;
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;

  if (files == 0)
    return;
  names = changed_files (files);
  /* Translators: %s lists file names such as “game.json, map.json”. */
  text = g_strdup_printf (_("Another program changed %s. Reload the title as it is on disk, or keep your "
                            "version and write it over theirs with the next Save?"), names);
  g_clear_handle_id (&self->banner_id, g_source_remove);
  gtk_label_set_label (self->banner_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->banner_details), FALSE);
  gtk_widget_remove_css_class (self->banner_box, "error");
  show_answers (self, TRUE);
  gtk_revealer_set_reveal_child (self->banner, TRUE);
}

/**
 * kol_editor_page_show_message:
 * @self: the page
 * @message: what to say
 * @is_error: an edit or a file operation failed (stays until dismissed)
 *
 * Shows @message in the banner under the toolbar.
 */
void
kol_editor_page_show_message (KolEditorPage *self,
                              const char    *message,
                              gboolean       is_error)
{
  const char *details;
  g_autofree char *text = NULL;

  g_return_if_fail (KOL_IS_EDITOR_PAGE (self));
  g_return_if_fail (message != NULL);

  g_clear_handle_id (&self->banner_id, g_source_remove);
  /* what happened, then, after a blank line, where (a file, a JSON line
   * and column): folded away */
  details = strstr (message, "\n\n");
  text = details != NULL ? g_strndup (message, (gsize) (details - message)) : g_strdup (message);
  gtk_label_set_label (self->banner_label, text);
  gtk_label_set_label (self->banner_details_label, details != NULL ? details + 2 : "");
  gtk_widget_set_visible (GTK_WIDGET (self->banner_details), details != NULL && details[2] != '\0');
  gtk_expander_set_expanded (self->banner_details, FALSE);
  show_answers (self, FALSE);
  if (is_error)
    gtk_widget_add_css_class (self->banner_box, "error");
  else
    gtk_widget_remove_css_class (self->banner_box, "error");
  gtk_revealer_set_reveal_child (self->banner, TRUE);
  self->banner_id = g_timeout_add_seconds (is_error ? ERROR_TIMEOUT_S : BANNER_TIMEOUT_S, hide_banner_cb, self);
}

/* ---- the list of titles ------------------------------------------------------------------ */

static GtkWidget *
create_title_row (gpointer item,
                  gpointer user_data)
{
  GtkWidget *row = kol_title_row_new (KOL_TITLE_INFO (item));

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

/**
 * kol_editor_page_refresh_titles:
 * @self: the page
 *
 * Lists the titles found again (after one was saved).
 */
void
kol_editor_page_refresh_titles (KolEditorPage *self)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  g_return_if_fail (KOL_IS_EDITOR_PAGE (self));
  gtk_list_box_bind_model (self->title_list, titles, create_title_row, NULL, NULL);
}

static void
title_activated_cb (KolEditorPage *self,
                    GtkListBoxRow *row)
{
  KolTitleInfo *info = kol_title_row_get_title_info (KOL_TITLE_ROW (row));
  GFile *dir = kol_title_info_get_directory (info);
  g_autofree char *path = dir != NULL ? g_file_get_path (dir) : NULL;

  if (path != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "editor.open-title", "s", path);
}

/* ---- the object ----------------------------------------------------------------------------- */

/* The problems panel starts low, leaving the editors the height; after
 * that the divider stays where the user puts it. */
#define ISSUES_HEIGHT 120

static void
paned_max_notified_cb (KolEditorPage *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->paned));

  if (self->paned_placed || height <= ISSUES_HEIGHT * 3)
    return;
  self->paned_placed = TRUE;
  gtk_paned_set_position (self->paned, height - ISSUES_HEIGHT);
}

void
_kol_editor_page_emit_titles_changed (KolEditorPage *self)
{
  kol_editor_page_refresh_titles (self);
  g_signal_emit (self, signals[TITLES_CHANGED], 0);
}

void
_kol_editor_page_emit_closed (KolEditorPage *self)
{
  g_signal_emit (self, signals[CLOSED], 0);
}

/* Play is possible once the window offers to start games with a title. */
static void
kol_editor_page_root (GtkWidget *widget)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);
  GtkRoot *root;
  const char * const watched[] = { "action-added", "action-removed", "action-enabled-changed" };

  GTK_WIDGET_CLASS (kol_editor_page_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (G_IS_ACTION_GROUP (root))
    for (gsize i = 0; i < G_N_ELEMENTS (watched); i++)
      g_signal_connect_object (root, watched[i], G_CALLBACK (_kol_editor_page_update_actions), self,
                               G_CONNECT_SWAPPED);
  _kol_editor_page_update_actions (self);
}

static void
kol_editor_page_unroot (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (root != NULL)
    g_signal_handlers_disconnect_by_data (root, widget);
  GTK_WIDGET_CLASS (kol_editor_page_parent_class)->unroot (widget);
}

static void
kol_editor_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (object);

  switch (prop_id)
    {
    case PROP_FIT:
      g_value_set_boolean (value, self->fit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (object);

  switch (prop_id)
    {
    case PROP_FIT:
      if (self->fit != g_value_get_boolean (value))
        {
          self->fit = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_page_dispose (GObject *object)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (object);

  g_clear_handle_id (&self->banner_id, g_source_remove);
  if (self->tiles != NULL)
    kol_editor_page_set_document (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_PAGE);
  g_clear_object (&self->preview);
  g_clear_object (&self->doc);

  G_OBJECT_CLASS (kol_editor_page_parent_class)->dispose (object);
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KolEditorPage, name)

static void
kol_editor_page_class_init (KolEditorPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_page_dispose;
  object_class->get_property = kol_editor_page_get_property;
  object_class->set_property = kol_editor_page_set_property;
  widget_class->root = kol_editor_page_root;
  widget_class->unroot = kol_editor_page_unroot;

  /**
   * KolEditorPage:fit:
   *
   * Whether maps and stock markets are printed and exported fitted to one
   * page rather than at the real board scale (action editor.fit).
   */
  properties[PROP_FIT] =
    g_param_spec_boolean ("fit", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * KolEditorPage::closed:
   * @self: the page
   *
   * Back was chosen: the window shows its start page again. The document
   * stays open for when the editor comes back.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * KolEditorPage::titles-changed:
   * @self: the page
   *
   * A title was saved among the user's titles: lists of titles (the start
   * page, the new game dialog) should be read again.
   */
  signals[TITLES_CHANGED] = g_signal_new ("titles-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  _kol_editor_page_class_init_actions (widget_class);

  g_type_ensure (KOL_TYPE_EDITOR_TILES);
  g_type_ensure (KOL_TYPE_EDITOR_MAP);
  g_type_ensure (KOL_TYPE_EDITOR_UPGRADE_CHART);
  g_type_ensure (KOL_TYPE_EDITOR_ISSUES);
  g_type_ensure (KOL_TYPE_EDITOR_MARKET_PAGE);
  g_type_ensure (KOL_TYPE_EDITOR_TRAINS_PAGE);
  g_type_ensure (KOL_TYPE_EDITOR_COMPANIES_PAGE);
  g_type_ensure (KOL_TYPE_EDITOR_GAME_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-page.ui");
  BIND (overlay);
  BIND (stack);
  BIND (title_list);
  BIND (name_label);
  BIND (state_label);
  BIND (undo_button);
  BIND (redo_button);
  BIND (play_button);
  BIND (banner);
  BIND (banner_box);
  BIND (banner_label);
  BIND (banner_details);
  BIND (banner_details_label);
  BIND (reload_button);
  BIND (keep_button);
  BIND (paned);
  BIND (content_stack);
  BIND (tiles);
  BIND (map);
  BIND (chart);
  BIND (market_page);
  BIND (trains_page);
  BIND (corporations_page);
  BIND (privates_page);
  BIND (game_page);
  BIND (issues);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "koleditorpage");
}

/* Ctrl+Z and the other shortcuts of the editor work wherever the focus is
 * in the window (the header bar's buttons too), while the editor shows;
 * a focused entry still undoes its own typing first. */
static gboolean
global_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  KolEditorPage *self = KOL_EDITOR_PAGE (widget);

  if (!gtk_widget_get_mapped (widget) || self->doc == NULL)
    return FALSE;
  return gtk_widget_activate_action (widget, user_data, NULL);
}

static void
add_global_shortcuts (KolEditorPage *self)
{
  static const struct {
    guint           key;
    GdkModifierType mods;
    const char     *action;
  } shortcuts[] = {
    { GDK_KEY_z, GDK_CONTROL_MASK, "editor.undo" },
    { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.redo" },
    { GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.redo" },
    { GDK_KEY_s, GDK_CONTROL_MASK, "editor.save" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  for (gsize i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (shortcuts[i].key, shortcuts[i].mods),
                                                            gtk_callback_action_new (global_shortcut_cb,
                                                                                     (gpointer) shortcuts[i].action,
                                                                                     NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
kol_editor_page_init (KolEditorPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->issues, "issue-activated", G_CALLBACK (issue_activated_cb), self);
  add_global_shortcuts (self);
  /* Play follows whether the title has errors */
  g_signal_connect_swapped (kol_editor_issues_get_issues (self->issues), "items-changed",
                            G_CALLBACK (_kol_editor_page_update_actions), self);
  g_signal_connect_swapped (self->chart, "tile-activated", G_CALLBACK (chart_tile_activated_cb), self);
  g_signal_connect_swapped (self->title_list, "row-activated", G_CALLBACK (title_activated_cb), self);
  g_signal_connect_swapped (self->paned, "notify::max-position", G_CALLBACK (paned_max_notified_cb), self);
  kol_editor_page_refresh_titles (self);
  _kol_editor_page_update_actions (self);
}

/**
 * kol_editor_page_new:
 *
 * Returns: (transfer floating): an editor page listing the titles
 */
GtkWidget *
kol_editor_page_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_PAGE, NULL);
}
