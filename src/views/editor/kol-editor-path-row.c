/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-path-row.h"
#include "kol-editor-util.h"
#include "kol-l10n.h"

/**
 * KolEditorPathRow:
 *
 * One piece of track of a tile in the tile form: its two ends (a hex edge
 * or a revenue centre) and its track type (one of game.json's, or future
 * track, which is only drawn).
 */
struct _KolEditorPathRow
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  char             *tile;
  guint             index;
  GStrv             ends;         /* "0"…"5", then node ids: the menus' items */
  GStrv             tracks;       /* track type ids, then "future" */
  gboolean          updating;

  GtkWidget   *box;
  GtkDropDown *a_dropdown;
  GtkDropDown *b_dropdown;
  GtkDropDown *track_dropdown;
  GtkSpinButton *lanes_spin;
  GtkDropDown *terminal_dropdown;
  GtkButton   *remove_button;
};

G_DEFINE_FINAL_TYPE (KolEditorPathRow, kol_editor_path_row, GTK_TYPE_WIDGET)

static void
build_end_model (KolEditorPathRow   *self,
                 const char * const *node_ids)
{
  const char *layout = kol_editor_map_layout (self->doc);
  JsonObject *tile = kol_title_document_get_tile (self->doc, self->tile);
  JsonArray *nodes = tile != NULL && json_object_has_member (tile, "nodes")
                     ? json_object_get_array_member (tile, "nodes") : NULL;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) ends = g_strv_builder_new ();

  for (int e = 0; e < 6; e++)
    {
      g_autofree char *label = kol_editor_edge_label (layout, e, TRUE);
      g_autofree char *end = g_strdup_printf ("%d", e);

      gtk_string_list_append (labels, label);
      g_strv_builder_add (ends, end);
    }
  for (guint i = 0; node_ids != NULL && node_ids[i] != NULL; i++)
    {
      JsonObject *node = nodes != NULL && i < json_array_get_length (nodes)
                         ? json_array_get_object_element (nodes, i) : NULL;
      const char *kind = kol_editor_node_kind_label (kol_editor_object_string (node, "kind"));
      /* Translators: a revenue centre of a tile as an end of a track: %1$s
       * is its id (c0, t1), %2$s its kind (City, Town). */
      g_autofree char *label = g_strdup_printf (_("%1$s · %2$s"), node_ids[i],
                                                kind != NULL ? kind : "");

      gtk_string_list_append (labels, label);
      g_strv_builder_add (ends, node_ids[i]);
    }
  self->ends = g_strv_builder_end (ends);
  gtk_drop_down_set_model (self->a_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_model (self->b_dropdown, G_LIST_MODEL (labels));
}

/* Track types of game.json by their name for people, and future track. */
static void
build_track_model (KolEditorPathRow *self)
{
  JsonNode *root = kol_title_document_get_root (self->doc, KOL_TITLE_FILE_GAME);
  JsonObject *game = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonObject *types = game != NULL && json_object_has_member (game, "track_types")
                      ? json_object_get_object_member (game, "track_types") : NULL;
  g_autoptr(GList) ids = types != NULL ? json_object_get_members (types) : NULL;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) tracks = g_strv_builder_new ();

  for (GList *l = ids; l != NULL; l = l->next)
    {
      JsonObject *type = json_object_get_object_member (types, l->data);
      JsonNode *name = type != NULL ? json_object_get_member (type, "name") : NULL;
      const char *label = name != NULL ? kol_l10n_pick (name) : NULL;

      gtk_string_list_append (labels, label != NULL ? label : l->data);
      g_strv_builder_add (tracks, l->data);
    }
  gtk_string_list_append (labels, _("Future track (drawn only)"));
  g_strv_builder_add (tracks, "future");
  self->tracks = g_strv_builder_end (tracks);
  gtk_drop_down_set_model (self->track_dropdown, G_LIST_MODEL (labels));
}

/* An end of the data (an edge number or a node id) as a menu item. */
static guint
end_position (KolEditorPathRow *self,
              JsonNode         *end)
{
  g_autofree char *text = NULL;
  int i;

  if (end == NULL || !JSON_NODE_HOLDS_VALUE (end))
    return GTK_INVALID_LIST_POSITION;
  if (json_node_get_value_type (end) == G_TYPE_INT64)
    text = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (end));
  else
    text = g_strdup (json_node_get_string (end));
  i = kol_editor_index_of ((const char * const *) self->ends, text);
  return i >= 0 ? (guint) i : GTK_INVALID_LIST_POSITION;
}

/**
 * kol_editor_path_row_update:
 * @self: a row
 * @path: the path object as the document has it now
 *
 * Shows @path without changing the document.
 */
void
kol_editor_path_row_update (KolEditorPathRow *self,
                            JsonObject       *path)
{
  const char *track;
  gint64 terminal;
  int t;

  g_return_if_fail (KOL_IS_EDITOR_PATH_ROW (self));
  g_return_if_fail (path != NULL);

  track = kol_editor_object_string (path, "track");
  /* a path without "track" has the title's first type */
  t = track != NULL ? kol_editor_index_of ((const char * const *) self->tracks, track) : 0;
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->a_dropdown, end_position (self, json_object_get_member (path, "a")));
  gtk_drop_down_set_selected (self->b_dropdown, end_position (self, json_object_get_member (path, "b")));
  gtk_drop_down_set_selected (self->track_dropdown, t >= 0 ? (guint) t : GTK_INVALID_LIST_POSITION);
  gtk_spin_button_set_value (self->lanes_spin, (double) kol_editor_object_int (path, "lanes", 1));
  terminal = kol_editor_object_int (path, "terminal", 0);
  gtk_drop_down_set_selected (self->terminal_dropdown, (guint) CLAMP (terminal, 0, 2));
  self->updating = FALSE;
}

static void
ends_changed_cb (KolEditorPathRow *self)
{
  guint a = gtk_drop_down_get_selected (self->a_dropdown);
  guint b = gtk_drop_down_get_selected (self->b_dropdown);
  guint n = g_strv_length (self->ends);
  g_autoptr(GError) error = NULL;

  if (self->updating || a >= n || b >= n)
    return;
  if (!kol_title_document_set_path_ends (self->doc, self->tile, self->index,
                                         self->ends[a], self->ends[b], &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
track_changed_cb (KolEditorPathRow *self)
{
  guint t = gtk_drop_down_get_selected (self->track_dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || t >= g_strv_length (self->tracks))
    return;
  if (!kol_title_document_set_path_track (self->doc, self->tile, self->index, self->tracks[t],
                                          &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
lanes_changed_cb (KolEditorPathRow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  if (!kol_title_document_set_path_lanes (self->doc, self->tile, self->index,
                                          gtk_spin_button_get_value_as_int (self->lanes_spin), &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
terminal_changed_cb (KolEditorPathRow *self)
{
  guint t = gtk_drop_down_get_selected (self->terminal_dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || t > 2)
    return;
  if (!kol_title_document_set_path_terminal (self->doc, self->tile, self->index, (int) t, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
remove_clicked_cb (KolEditorPathRow *self)
{
  g_autoptr(GError) error = NULL;

  if (!kol_title_document_remove_path (self->doc, self->tile, self->index, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
kol_editor_path_row_dispose (GObject *object)
{
  KolEditorPathRow *self = KOL_EDITOR_PATH_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_PATH_ROW);
  g_clear_object (&self->doc);

  G_OBJECT_CLASS (kol_editor_path_row_parent_class)->dispose (object);
}

static void
kol_editor_path_row_finalize (GObject *object)
{
  KolEditorPathRow *self = KOL_EDITOR_PATH_ROW (object);

  g_free (self->tile);
  g_strfreev (self->ends);
  g_strfreev (self->tracks);

  G_OBJECT_CLASS (kol_editor_path_row_parent_class)->finalize (object);
}

static void
kol_editor_path_row_class_init (KolEditorPathRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_path_row_dispose;
  object_class->finalize = kol_editor_path_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-path-row.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, a_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, b_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, track_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, lanes_spin);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, terminal_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorPathRow, remove_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_path_row_init (KolEditorPathRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_editor_path_row_new:
 * @doc: the document
 * @tile: a manifest tile id or "hex:<id>"
 * @index: the path's index
 * @node_ids: (array zero-terminated=1): the tile's node ids, in order
 *
 * Returns: (transfer floating): a row for the path; call
 *   kol_editor_path_row_update() to show it
 */
GtkWidget *
kol_editor_path_row_new (KolTitleDocument   *doc,
                         const char         *tile,
                         guint               index,
                         const char * const *node_ids)
{
  KolEditorPathRow *self;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), NULL);
  g_return_val_if_fail (tile != NULL, NULL);

  self = g_object_new (KOL_TYPE_EDITOR_PATH_ROW, NULL);
  self->doc = g_object_ref (doc);
  self->tile = g_strdup (tile);
  self->index = index;
  build_end_model (self, node_ids);
  build_track_model (self);
  g_signal_connect_swapped (self->a_dropdown, "notify::selected", G_CALLBACK (ends_changed_cb), self);
  g_signal_connect_swapped (self->b_dropdown, "notify::selected", G_CALLBACK (ends_changed_cb), self);
  g_signal_connect_swapped (self->track_dropdown, "notify::selected", G_CALLBACK (track_changed_cb), self);
  g_signal_connect_swapped (self->lanes_spin, "value-changed", G_CALLBACK (lanes_changed_cb), self);
  g_signal_connect_swapped (self->terminal_dropdown, "notify::selected", G_CALLBACK (terminal_changed_cb), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (remove_clicked_cb), self);
  return GTK_WIDGET (self);
}
