/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-node-row.h"
#include "kol-editor-util.h"

/**
 * KolEditorNodeRow:
 *
 * One revenue centre of a tile in the tile form: its kind, a city's token
 * slots, and its revenue, fixed or by tile colour or by phase (one value
 * per colour or phase; a value of 0 leaves that key out). Each control
 * changes the document at once; kol_editor_node_row_update() shows the
 * node as the document has it.
 */
struct _KolEditorNodeRow
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  char             *tile;
  char             *node;
  gboolean          updating;
  char             *keys_by;      /* "color" or "phase" the key spins are for */
  GPtrArray        *key_spins;    /* GtkSpinButton*, key in "kol-key" */

  GtkWidget      *box;
  GtkLabel       *id_label;
  GtkDropDown    *kind_dropdown;
  GtkWidget      *slots_box;
  GtkSpinButton  *slots_spin;
  GtkDropDown    *loc_dropdown;
  GStrv           locs;         /* the data's values of the position menu */
  char           *loc_layout;   /* the map layout its edges are named for */
  GtkWidget      *revenue_box;
  GtkDropDown    *revenue_mode;
  GtkSpinButton  *revenue_spin;
  GtkFlowBox     *keys_box;
  GtkButton      *remove_button;
};

G_DEFINE_FINAL_TYPE (KolEditorNodeRow, kol_editor_node_row, GTK_TYPE_WIDGET)

enum { MODE_FIXED, MODE_COLOR, MODE_PHASE };

static const char * const mode_by[] = { NULL, "color", "phase" };

/* The keys a revenue by @by may have: the title's tile colours (and gray)
 * or its phase names, and any other key the node has already. */
static GStrv
possible_keys (KolEditorNodeRow *self,
               const char       *by,
               JsonObject       *revenue)
{
  JsonNode *root = kol_title_document_get_root (self->doc, KOL_TITLE_FILE_GAME);
  JsonObject *game = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GList) members = revenue != NULL ? json_object_get_members (revenue) : NULL;
  JsonArray *array = NULL;

  if (game != NULL && g_str_equal (by, "color") && json_object_has_member (game, "tile_colors"))
    array = json_object_get_array_member (game, "tile_colors");
  else if (game != NULL && g_str_equal (by, "phase") && json_object_has_member (game, "phases"))
    array = json_object_get_array_member (game, "phases");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *key = JSON_NODE_HOLDS_OBJECT (element)
                        ? kol_editor_object_string (json_node_get_object (element), "name")
                        : json_node_get_string (element);

      if (key != NULL && g_hash_table_add (seen, (gpointer) key))
        g_strv_builder_add (builder, key);
    }
  if (g_str_equal (by, "color") && g_hash_table_add (seen, (gpointer) "gray"))
    g_strv_builder_add (builder, "gray");
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "by") && g_hash_table_add (seen, l->data))
      g_strv_builder_add (builder, l->data);
  return g_strv_builder_end (builder);
}

static void key_value_changed_cb (KolEditorNodeRow *self);

static void
build_key_spins (KolEditorNodeRow *self,
                 const char       *by,
                 JsonObject       *revenue)
{
  g_auto(GStrv) keys = possible_keys (self, by, revenue);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->keys_box))) != NULL)
    gtk_flow_box_remove (self->keys_box, child);
  g_ptr_array_set_size (self->key_spins, 0);
  g_free (self->keys_by);
  self->keys_by = g_strdup (by);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      GtkWidget *pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      const char *shown = g_str_equal (by, "color") ? kol_editor_color_label (keys[i]) : keys[i];
      GtkWidget *label = gtk_label_new (shown);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 9990, 10);

      gtk_widget_add_css_class (label, "dim-label");
      g_object_set_data_full (G_OBJECT (spin), "kol-key", g_strdup (keys[i]), g_free);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      shown, -1);
      gtk_widget_set_tooltip_text (spin, shown);
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (key_value_changed_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (pair), label);
      gtk_box_append (GTK_BOX (pair), spin);
      gtk_flow_box_append (self->keys_box, pair);
      /* the spin buttons take the focus, not the flow box's cells */
      gtk_widget_set_focusable (gtk_widget_get_parent (pair), FALSE);
      g_ptr_array_add (self->key_spins, spin);
    }
}

static GtkSpinButton *
key_spin (KolEditorNodeRow *self,
          const char       *key)
{
  for (guint i = 0; i < self->key_spins->len; i++)
    {
      GtkSpinButton *spin = g_ptr_array_index (self->key_spins, i);

      if (g_str_equal (g_object_get_data (G_OBJECT (spin), "kol-key"), key))
        return spin;
    }
  return NULL;
}

static void
show_revenue_by (KolEditorNodeRow *self,
                 JsonObject       *revenue)
{
  const char *by = kol_editor_object_string (revenue, "by");
  g_autoptr(GList) members = json_object_get_members (revenue);
  gboolean rebuild = g_strcmp0 (by, self->keys_by) != 0;

  for (GList *l = members; l != NULL && !rebuild; l = l->next)
    rebuild = !g_str_equal (l->data, "by") && key_spin (self, l->data) == NULL;
  if (rebuild)
    build_key_spins (self, by != NULL ? by : "color", revenue);
  for (guint i = 0; i < self->key_spins->len; i++)
    {
      GtkSpinButton *spin = g_ptr_array_index (self->key_spins, i);
      const char *key = g_object_get_data (G_OBJECT (spin), "kol-key");

      gtk_spin_button_set_value (spin, (double) kol_editor_object_int (revenue, key, 0));
    }
  gtk_drop_down_set_selected (self->revenue_mode,
                              g_strcmp0 (by, "phase") == 0 ? MODE_PHASE : MODE_COLOR);
}

static void
show_revenue (KolEditorNodeRow *self,
              JsonObject       *node)
{
  JsonNode *revenue = json_object_get_member (node, "revenue");
  gboolean by = revenue != NULL && JSON_NODE_HOLDS_OBJECT (revenue);

  gtk_widget_set_visible (GTK_WIDGET (self->revenue_spin), !by);
  gtk_widget_set_visible (GTK_WIDGET (self->keys_box), by);
  if (by)
    show_revenue_by (self, json_node_get_object (revenue));
  else
    {
      gtk_drop_down_set_selected (self->revenue_mode, MODE_FIXED);
      gtk_spin_button_set_value (self->revenue_spin,
                                 (double) kol_editor_object_int (node, "revenue", 0));
    }
}

/* The position as the data writes it: "center", an edge "0"–"5", an
 * angle, or NULL for the renderer's choice. */
static char *
loc_of (JsonObject *node)
{
  JsonNode *loc = json_object_get_member (node, "loc");

  if (loc == NULL || !JSON_NODE_HOLDS_VALUE (loc))
    return NULL;
  if (json_node_get_value_type (loc) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (loc));
  if (json_node_get_value_type (loc) == G_TYPE_DOUBLE)
    return g_strdup_printf ("%g", json_node_get_double (loc));
  return g_strdup (json_node_get_string (loc));
}

/* Automatic, the centre, the six edges, and an angle the data has. */
static void
show_loc (KolEditorNodeRow *self,
          JsonObject       *node)
{
  g_autofree char *loc = loc_of (node);
  const char *layout = kol_editor_map_layout (self->doc);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_auto(GStrv) locs = NULL;
  int at;

  gtk_string_list_append (labels, C_("node position", "Automatic"));
  g_strv_builder_add (values, "");
  gtk_string_list_append (labels, C_("node position", "Centre"));
  g_strv_builder_add (values, "center");
  for (int e = 0; e < 6; e++)
    {
      g_autofree char *label = kol_editor_edge_label (layout, e, FALSE);
      g_autofree char *value = g_strdup_printf ("%d", e);

      gtk_string_list_append (labels, label);
      g_strv_builder_add (values, value);
    }
  locs = g_strv_builder_end (values);
  if (loc != NULL && kol_editor_index_of ((const char * const *) locs, loc) < 0)
    {
      /* Translators: a revenue centre drawn at an angle the data gives. */
      g_autofree char *label = g_strdup_printf (C_("node position", "At %s"), loc);
      GStrv grown = g_new0 (char *, g_strv_length (locs) + 2);

      gtk_string_list_append (labels, label);
      for (guint i = 0; locs[i] != NULL; i++)
        grown[i] = g_strdup (locs[i]);
      grown[g_strv_length (locs)] = g_strdup (loc);
      g_strfreev (locs);
      locs = grown;
    }
  /* the menu stays while its items do: it may be the one being changed */
  if (self->locs == NULL || !g_strv_equal ((const char * const *) locs, (const char * const *) self->locs)
      || self->loc_layout == NULL || !g_str_equal (self->loc_layout, layout))
    {
      g_strfreev (self->locs);
      self->locs = g_steal_pointer (&locs);
      g_free (self->loc_layout);
      self->loc_layout = g_strdup (layout);
      gtk_drop_down_set_model (self->loc_dropdown, G_LIST_MODEL (labels));
    }
  at = kol_editor_index_of ((const char * const *) self->locs, loc != NULL ? loc : "");
  gtk_drop_down_set_selected (self->loc_dropdown, at >= 0 ? (guint) at : 0);
}

static void
loc_changed_cb (KolEditorNodeRow *self)
{
  guint i = gtk_drop_down_get_selected (self->loc_dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || self->locs == NULL || i >= g_strv_length (self->locs))
    return;
  if (!kol_title_document_set_node_loc (self->doc, self->tile, self->node,
                                        self->locs[i][0] != '\0' ? self->locs[i] : NULL, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

/**
 * kol_editor_node_row_update:
 * @self: a row
 * @node: the node object as the document has it now
 *
 * Shows @node without changing the document.
 */
void
kol_editor_node_row_update (KolEditorNodeRow *self,
                            JsonObject       *node)
{
  const char *kind;
  int k;

  g_return_if_fail (KOL_IS_EDITOR_NODE_ROW (self));
  g_return_if_fail (node != NULL);

  kind = kol_editor_object_string (node, "kind");
  k = kol_editor_index_of (kol_editor_node_kinds, kind);
  self->updating = TRUE;
  gtk_label_set_label (self->id_label, self->node);
  gtk_drop_down_set_selected (self->kind_dropdown, k >= 0 ? (guint) k : GTK_INVALID_LIST_POSITION);
  gtk_widget_set_visible (self->slots_box, g_strcmp0 (kind, "city") == 0);
  gtk_spin_button_set_value (self->slots_spin, (double) kol_editor_object_int (node, "slots", 1));
  show_loc (self, node);
  gtk_widget_set_visible (self->revenue_box, g_strcmp0 (kind, "junction") != 0);
  show_revenue (self, node);
  self->updating = FALSE;
}

static void
kind_changed_cb (KolEditorNodeRow *self)
{
  guint k = gtk_drop_down_get_selected (self->kind_dropdown);
  g_autoptr(GError) error = NULL;

  if (self->updating || k >= KOL_EDITOR_N_NODE_KINDS)
    return;
  if (!kol_title_document_set_node_kind (self->doc, self->tile, self->node,
                                         kol_editor_node_kinds[k], &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
slots_changed_cb (KolEditorNodeRow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  if (!kol_title_document_set_node_slots (self->doc, self->tile, self->node,
                                          gtk_spin_button_get_value_as_int (self->slots_spin),
                                          &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
revenue_changed_cb (KolEditorNodeRow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating)
    return;
  if (!kol_title_document_set_node_revenue (self->doc, self->tile, self->node,
                                            gtk_spin_button_get_value_as_int (self->revenue_spin),
                                            &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

/* Writes the key spins as a revenue by colour or phase; keys at 0 are left
 * out, but one key is always kept. */
static void
set_revenue_by (KolEditorNodeRow *self,
                const char       *by,
                int               first_value)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < self->key_spins->len; i++)
    {
      GtkSpinButton *spin = g_ptr_array_index (self->key_spins, i);
      int value = gtk_spin_button_get_value_as_int (spin);

      if (value > 0)
        {
          g_ptr_array_add (keys, g_object_get_data (G_OBJECT (spin), "kol-key"));
          g_array_append_val (values, value);
        }
    }
  if (keys->len == 0 && self->key_spins->len > 0)
    {
      g_ptr_array_add (keys, g_object_get_data (G_OBJECT (self->key_spins->pdata[0]), "kol-key"));
      g_array_append_val (values, first_value);
    }
  g_ptr_array_add (keys, NULL);
  if (!kol_title_document_set_node_revenue_by (self->doc, self->tile, self->node, by,
                                               (const char * const *) keys->pdata,
                                               (const int *) (gpointer) values->data, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
key_value_changed_cb (KolEditorNodeRow *self)
{
  if (self->updating || self->keys_by == NULL)
    return;
  set_revenue_by (self, self->keys_by, 0);
}

static void
mode_changed_cb (KolEditorNodeRow *self)
{
  guint mode = gtk_drop_down_get_selected (self->revenue_mode);
  int current = gtk_spin_button_get_value_as_int (self->revenue_spin);

  if (self->updating || mode > MODE_PHASE)
    return;
  if (mode == MODE_FIXED)
    {
      revenue_changed_cb (self);
      return;
    }
  self->updating = TRUE;
  build_key_spins (self, mode_by[mode], NULL);
  self->updating = FALSE;
  set_revenue_by (self, mode_by[mode], current);
}

static void
remove_clicked_cb (KolEditorNodeRow *self)
{
  g_autoptr(GError) error = NULL;

  if (!kol_title_document_remove_node (self->doc, self->tile, self->node, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
kol_editor_node_row_dispose (GObject *object)
{
  KolEditorNodeRow *self = KOL_EDITOR_NODE_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_NODE_ROW);
  g_clear_object (&self->doc);

  G_OBJECT_CLASS (kol_editor_node_row_parent_class)->dispose (object);
}

static void
kol_editor_node_row_finalize (GObject *object)
{
  KolEditorNodeRow *self = KOL_EDITOR_NODE_ROW (object);

  g_free (self->tile);
  g_free (self->node);
  g_free (self->keys_by);
  g_strfreev (self->locs);
  g_free (self->loc_layout);
  g_ptr_array_unref (self->key_spins);

  G_OBJECT_CLASS (kol_editor_node_row_parent_class)->finalize (object);
}

static void
kol_editor_node_row_class_init (KolEditorNodeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_node_row_dispose;
  object_class->finalize = kol_editor_node_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-node-row.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, id_label);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, slots_box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, slots_spin);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, loc_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, revenue_box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, revenue_mode);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, revenue_spin);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, keys_box);
  gtk_widget_class_bind_template_child (widget_class, KolEditorNodeRow, remove_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_node_row_init (KolEditorNodeRow *self)
{
  self->key_spins = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->kind_dropdown, "notify::selected", G_CALLBACK (kind_changed_cb), self);
  g_signal_connect_swapped (self->slots_spin, "value-changed", G_CALLBACK (slots_changed_cb), self);
  g_signal_connect_swapped (self->loc_dropdown, "notify::selected", G_CALLBACK (loc_changed_cb), self);
  g_signal_connect_swapped (self->revenue_mode, "notify::selected", G_CALLBACK (mode_changed_cb), self);
  g_signal_connect_swapped (self->revenue_spin, "value-changed", G_CALLBACK (revenue_changed_cb), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (remove_clicked_cb), self);
}

/**
 * kol_editor_node_row_new:
 * @doc: the document
 * @tile: a manifest tile id or "hex:<id>"
 * @node: the node's id
 *
 * Returns: (transfer floating): a row for the node; call
 *   kol_editor_node_row_update() to show it
 */
GtkWidget *
kol_editor_node_row_new (KolTitleDocument *doc,
                         const char       *tile,
                         const char       *node)
{
  KolEditorNodeRow *self;

  g_return_val_if_fail (KOL_IS_TITLE_DOCUMENT (doc), NULL);
  g_return_val_if_fail (tile != NULL && node != NULL, NULL);

  self = g_object_new (KOL_TYPE_EDITOR_NODE_ROW, NULL);
  self->doc = g_object_ref (doc);
  self->tile = g_strdup (tile);
  self->node = g_strdup (node);
  return GTK_WIDGET (self);
}

/** kol_editor_node_row_get_node: Returns: (transfer none): the node's id */
const char *
kol_editor_node_row_get_node (KolEditorNodeRow *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_NODE_ROW (self), NULL);
  return self->node;
}
