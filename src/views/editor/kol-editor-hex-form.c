/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-hex-form.h"
#include "kol-editor-tile-form.h"
#include "kol-editor-util.h"

/**
 * KolEditorHexForm:
 *
 * Everything about one hex of the map (in the variant being edited): its
 * colour, terrain and cost, name in English and Russian, tags, the
 * rotation of its pre-printed tile, the corporations whose home it is, its
 * six borders, and the pre-printed tile itself in a #KolEditorTileForm
 * (cities, off-board revenues, track). Actions hex.remove and hex.restore
 * (take back the variant's change).
 */
struct _KolEditorHexForm
{
  GtkWidget parent_instance;

  KolEditorPreview *preview;
  KolTitleDocument *doc;
  char             *hex;
  gboolean          updating;

  GtkWidget         *content;
  GtkLabel          *heading_label;
  GtkLabel          *subtitle_label;
  GtkDropDown       *color_dropdown;
  GtkEntry          *terrain_entry;
  GtkLabel          *other_terrain_label;
  GtkSpinButton     *cost_spin;
  GtkEntry          *name_entry;
  GtkEntry          *name_ru_entry;
  GtkEntry          *tags_entry;
  GtkWidget         *rotation_label;
  GtkSpinButton     *rotation_spin;
  GtkLabel          *homes_label;
  GtkGrid           *borders_grid;
  GtkDropDown       *border_dropdowns[6];
  KolEditorTileForm *tile_form;
};

G_DEFINE_FINAL_TYPE (KolEditorHexForm, kol_editor_hex_form, GTK_TYPE_WIDGET)

/* ---- showing the hex ------------------------------------------------------------ */

static JsonObject *
first_terrain (JsonObject *hex)
{
  JsonNode *node = json_object_get_member (hex, "terrain");
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  return array != NULL && json_array_get_length (array) > 0 ? json_array_get_object_element (array, 0) : NULL;
}

static void
name_of (JsonObject  *hex,
         const char **en,
         const char **ru)
{
  JsonNode *node = json_object_get_member (hex, "name");

  *en = *ru = NULL;
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      *en = kol_editor_object_string (json_node_get_object (node), "en");
      *ru = kol_editor_object_string (json_node_get_object (node), "ru");
    }
  else
    *en = kol_editor_object_string (hex, "name");
}

static KolBorderKind
border_on (JsonObject *hex,
           int         edge)
{
  JsonNode *node = json_object_get_member (hex, "borders");
  JsonArray *borders = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; borders != NULL && i < json_array_get_length (borders); i++)
    {
      JsonObject *border = json_array_get_object_element (borders, i);

      if (border != NULL && kol_editor_object_int (border, "edge", -1) == edge)
        return g_strcmp0 (kol_editor_object_string (border, "type"), "impassable") == 0
               ? KOL_BORDER_IMPASSABLE : KOL_BORDER_DRAWN;
    }
  return KOL_BORDER_NONE;
}

static void
update_heading (KolEditorHexForm *self)
{
  const char *variant = kol_title_document_get_variant (self->doc);
  g_autofree char *path = kol_title_document_dup_hex_path (self->doc, self->hex);
  gboolean in_variant = path != NULL && g_str_has_prefix (path, "$.variants");
  g_autofree char *heading = g_strdup_printf (_("Hex %s"), self->hex);
  g_autofree char *subtitle = NULL;

  if (variant == NULL)
    subtitle = g_strdup (_("Base map"));
  else if (in_variant)
    /* Translators: %s is the id of a map variant. */
    subtitle = g_strdup_printf (_("Changed by the variant “%s”"), variant);
  else
    /* Translators: %s is the id of a map variant. */
    subtitle = g_strdup_printf (_("As on the base map; editing it changes the variant “%s”"), variant);
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->subtitle_label, subtitle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "hex.restore", in_variant);
}

static void
update_homes (KolEditorHexForm *self)
{
  g_auto(GStrv) homes = kol_title_document_dup_homes_on_hex (self->doc, self->hex);
  g_autofree char *text = homes != NULL && homes[0] != NULL ? g_strjoinv (", ", homes) : NULL;

  gtk_label_set_label (self->homes_label, text != NULL ? text : _("No corporation"));
}

/* Terrain entries after the first: shown, kept as they are. */
static void
show_other_terrains (KolEditorHexForm *self,
                     JsonObject       *hex)
{
  JsonNode *node = hex != NULL ? json_object_get_member (hex, "terrain") : NULL;
  JsonArray *array = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  GString *text = g_string_new (NULL);

  for (guint i = 1; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *entry = json_array_get_object_element (array, i);

      /* Translators: another terrain of a hex: %1$s its type, %2$d its cost. */
      g_string_append_printf (text, _(" + %1$s %2$d"), kol_editor_object_string (entry, "type"),
                              (int) kol_editor_object_int (entry, "cost", 0));
    }
  gtk_label_set_label (self->other_terrain_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->other_terrain_label), text->len > 0);
  g_string_free (text, TRUE);
}

static void
update_fields (KolEditorHexForm *self)
{
  JsonObject *hex = self->doc != NULL && self->hex != NULL
                    ? kol_title_document_get_hex (self->doc, self->hex) : NULL;
  JsonObject *terrain;
  g_autofree char *tags = NULL;
  const char *en, *ru;
  int color;

  gtk_widget_set_visible (self->content, hex != NULL);
  if (hex == NULL)
    return;
  terrain = first_terrain (hex);
  tags = kol_editor_join_strings (hex, "tags");
  color = kol_editor_index_of (kol_editor_colors, kol_editor_object_string (hex, "color"));
  name_of (hex, &en, &ru);
  self->updating = TRUE;
  update_heading (self);
  gtk_drop_down_set_selected (self->color_dropdown, color >= 0 ? (guint) color : GTK_INVALID_LIST_POSITION);
  kol_editor_entry_set_text (GTK_EDITABLE (self->terrain_entry), kol_editor_object_string (terrain, "type"));
  gtk_spin_button_set_value (self->cost_spin, (double) kol_editor_object_int (terrain, "cost", 0));
  show_other_terrains (self, hex);
  kol_editor_entry_set_text (GTK_EDITABLE (self->name_entry), en);
  kol_editor_entry_set_text (GTK_EDITABLE (self->name_ru_entry), g_strcmp0 (ru, en) != 0 ? ru : NULL);
  kol_editor_entry_set_text (GTK_EDITABLE (self->tags_entry), tags);
  gtk_widget_set_visible (self->rotation_label, json_object_has_member (hex, "tile"));
  gtk_widget_set_visible (GTK_WIDGET (self->rotation_spin), json_object_has_member (hex, "tile"));
  gtk_spin_button_set_value (self->rotation_spin, (double) kol_editor_object_int (hex, "rotation", 0));
  for (int e = 0; e < 6; e++)
    gtk_drop_down_set_selected (self->border_dropdowns[e], border_on (hex, e));
  update_homes (self);
  self->updating = FALSE;
}

static void
document_changed_cb (KolEditorHexForm *self)
{
  update_fields (self);
}

/* ---- edits -------------------------------------------------------------------------- */

static void
report (KolEditorHexForm *self,
        gboolean          ok,
        GError           *error)
{
  if (!ok)
    kol_editor_report (GTK_WIDGET (self), error);
  g_clear_error (&error);
}

static gboolean
can_edit (KolEditorHexForm *self)
{
  return !self->updating && self->doc != NULL && self->hex != NULL;
}

static void
color_changed_cb (KolEditorHexForm *self)
{
  guint c = gtk_drop_down_get_selected (self->color_dropdown);
  GError *error = NULL;

  if (!can_edit (self) || c >= KOL_EDITOR_N_COLORS)
    return;
  report (self, kol_title_document_set_hex_color (self->doc, self->hex, kol_editor_colors[c], &error), error);
}

static void
terrain_changed_cb (KolEditorHexForm *self)
{
  g_autofree char *type = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->terrain_entry))));
  GError *error = NULL;

  if (!can_edit (self))
    return;
  report (self, kol_title_document_set_hex_terrain (self->doc, self->hex, type[0] != '\0' ? type : NULL,
                                                    gtk_spin_button_get_value_as_int (self->cost_spin),
                                                    &error),
          error);
}

static void
name_changed_cb (KolEditorHexForm *self)
{
  g_autofree char *en = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  g_autofree char *ru = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_ru_entry))));
  GError *error = NULL;

  if (!can_edit (self))
    return;
  report (self, kol_title_document_set_hex_name (self->doc, self->hex, en[0] != '\0' ? en : NULL,
                                                 ru[0] != '\0' ? ru : NULL, &error),
          error);
}

static void
tags_changed_cb (KolEditorHexForm *self)
{
  g_auto(GStrv) tags = kol_editor_split_words (gtk_editable_get_text (GTK_EDITABLE (self->tags_entry)));
  GError *error = NULL;

  if (!can_edit (self))
    return;
  report (self, kol_title_document_set_hex_tags (self->doc, self->hex, (const char * const *) tags, &error),
          error);
}

static void
rotation_changed_cb (KolEditorHexForm *self)
{
  GError *error = NULL;

  if (!can_edit (self))
    return;
  report (self, kol_title_document_set_hex_rotation (self->doc, self->hex,
                                                     gtk_spin_button_get_value_as_int (self->rotation_spin),
                                                     &error),
          error);
}

static void
border_changed_cb (GtkDropDown      *dropdown,
                   GParamSpec       *pspec,
                   KolEditorHexForm *self)
{
  int edge = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dropdown), "kol-edge"));
  guint kind = gtk_drop_down_get_selected (dropdown);
  GError *error = NULL;

  if (!can_edit (self) || kind > KOL_BORDER_IMPASSABLE)
    return;
  report (self, kol_title_document_set_hex_border (self->doc, self->hex, edge, kind, &error), error);
}

static void
entry_focus_left_cb (GtkEventControllerFocus *controller,
                     GCallback                commit)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *self = gtk_widget_get_ancestor (entry, KOL_TYPE_EDITOR_HEX_FORM);

  ((void (*) (KolEditorHexForm *)) commit) (KOL_EDITOR_HEX_FORM (self));
}

/* Written when Enter is pressed or the focus leaves the entry. */
static void
watch_entry (KolEditorHexForm *self,
             GtkEntry         *entry,
             GCallback         commit)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (entry, "activate", commit, self);
  g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_left_cb), commit);
  gtk_widget_add_controller (GTK_WIDGET (entry), focus);
}

static void
remove_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolEditorHexForm *self = KOL_EDITOR_HEX_FORM (widget);
  g_autoptr(GError) error = NULL;

  if (can_edit (self) && !kol_title_document_remove_hex (self->doc, self->hex, &error))
    kol_editor_report (widget, error);
}

static void
restore_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  KolEditorHexForm *self = KOL_EDITOR_HEX_FORM (widget);
  g_autoptr(GError) error = NULL;

  if (can_edit (self) && !kol_title_document_restore_hex (self->doc, self->hex, &error))
    kol_editor_report (widget, error);
}

/* ---- the object ----------------------------------------------------------------------- */

static void
build_borders (KolEditorHexForm *self)
{
  const char *kinds[] = { C_("border", "None"), C_("border", "Drawn"), C_("border", "Impassable"), NULL };

  for (int e = 0; e < 6; e++)
    {
      g_autofree char *text = kol_editor_edge_label ("flat", e, FALSE);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *dropdown = gtk_drop_down_new_from_strings (kinds);

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      g_object_set_data (G_OBJECT (dropdown), "kol-edge", GINT_TO_POINTER (e));
      g_object_set_data (G_OBJECT (dropdown), "kol-label", label);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      label, NULL, -1);
      gtk_grid_attach (self->borders_grid, label, (e / 3) * 2, e % 3, 1, 1);
      gtk_grid_attach (self->borders_grid, dropdown, (e / 3) * 2 + 1, e % 3, 1, 1);
      self->border_dropdowns[e] = GTK_DROP_DOWN (dropdown);
      g_signal_connect (dropdown, "notify::selected", G_CALLBACK (border_changed_cb), self);
    }
}

/* The edges are named after the map's layout. */
static void
update_border_labels (KolEditorHexForm *self)
{
  const char *layout = self->doc != NULL ? kol_editor_map_layout (self->doc) : "flat";

  for (int e = 0; e < 6; e++)
    {
      g_autofree char *text = kol_editor_edge_label (layout, e, FALSE);

      gtk_label_set_label (g_object_get_data (G_OBJECT (self->border_dropdowns[e]), "kol-label"), text);
    }
}

static void
kol_editor_hex_form_dispose (GObject *object)
{
  KolEditorHexForm *self = KOL_EDITOR_HEX_FORM (object);

  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->doc);
  g_clear_object (&self->preview);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_HEX_FORM);

  G_OBJECT_CLASS (kol_editor_hex_form_parent_class)->dispose (object);
}

static void
kol_editor_hex_form_finalize (GObject *object)
{
  g_free (KOL_EDITOR_HEX_FORM (object)->hex);

  G_OBJECT_CLASS (kol_editor_hex_form_parent_class)->finalize (object);
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KolEditorHexForm, name)

static void
kol_editor_hex_form_class_init (KolEditorHexFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_hex_form_dispose;
  object_class->finalize = kol_editor_hex_form_finalize;

  gtk_widget_class_install_action (widget_class, "hex.remove", NULL, remove_action_cb);
  gtk_widget_class_install_action (widget_class, "hex.restore", NULL, restore_action_cb);

  g_type_ensure (KOL_TYPE_EDITOR_TILE_FORM);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-hex-form.ui");
  BIND (content);
  BIND (heading_label);
  BIND (subtitle_label);
  BIND (color_dropdown);
  BIND (terrain_entry);
  BIND (other_terrain_label);
  BIND (cost_spin);
  BIND (name_entry);
  BIND (name_ru_entry);
  BIND (tags_entry);
  BIND (rotation_label);
  BIND (rotation_spin);
  BIND (homes_label);
  BIND (borders_grid);
  BIND (tile_form);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_hex_form_init (KolEditorHexForm *self)
{
  g_autoptr(GtkStringList) colors = kol_editor_color_model (FALSE);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drop_down_set_model (self->color_dropdown, G_LIST_MODEL (colors));
  build_borders (self);
  g_signal_connect_swapped (self->color_dropdown, "notify::selected", G_CALLBACK (color_changed_cb), self);
  g_signal_connect_swapped (self->cost_spin, "value-changed", G_CALLBACK (terrain_changed_cb), self);
  g_signal_connect_swapped (self->rotation_spin, "value-changed", G_CALLBACK (rotation_changed_cb), self);
  watch_entry (self, self->terrain_entry, G_CALLBACK (terrain_changed_cb));
  watch_entry (self, self->name_entry, G_CALLBACK (name_changed_cb));
  watch_entry (self, self->name_ru_entry, G_CALLBACK (name_changed_cb));
  watch_entry (self, self->tags_entry, G_CALLBACK (tags_changed_cb));
  update_fields (self);
}

/**
 * kol_editor_hex_form_new:
 *
 * Returns: (transfer floating): a form showing no hex
 */
GtkWidget *
kol_editor_hex_form_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_HEX_FORM, NULL);
}

/**
 * kol_editor_hex_form_set_preview:
 * @self: a hex form
 * @preview: (nullable): the preview of the document to edit
 */
void
kol_editor_hex_form_set_preview (KolEditorHexForm *self,
                                 KolEditorPreview *preview)
{
  g_return_if_fail (KOL_IS_EDITOR_HEX_FORM (self));
  g_return_if_fail (preview == NULL || KOL_IS_EDITOR_PREVIEW (preview));

  if (self->preview == preview)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->preview, preview);
  g_set_object (&self->doc, (preview != NULL ? kol_editor_preview_get_document (preview) : NULL));
  kol_editor_tile_form_set_preview (self->tile_form, preview);
  if (self->doc != NULL)
    {
      g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->doc, "notify::variant", G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  update_border_labels (self);
  update_fields (self);
}

/** kol_editor_hex_form_get_hex: Returns: (transfer none) (nullable): the hex shown */
const char *
kol_editor_hex_form_get_hex (KolEditorHexForm *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_HEX_FORM (self), NULL);
  return self->hex;
}

/**
 * kol_editor_hex_form_set_hex:
 * @self: a hex form
 * @hex: (nullable): a hex id, or %NULL for none
 */
void
kol_editor_hex_form_set_hex (KolEditorHexForm *self,
                             const char       *hex)
{
  g_autofree char *tile = NULL;

  g_return_if_fail (KOL_IS_EDITOR_HEX_FORM (self));

  if (g_strcmp0 (self->hex, hex) == 0)
    return;
  g_free (self->hex);
  self->hex = g_strdup (hex);
  tile = hex != NULL ? g_strconcat (KOL_HEX_TILE_PREFIX, hex, NULL) : NULL;
  kol_editor_tile_form_set_tile (self->tile_form, tile);
  update_border_labels (self);
  update_fields (self);
}
