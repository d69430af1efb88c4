/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-editor-node-row.h"
#include "kol-editor-path-row.h"
#include "kol-editor-tile-form.h"
#include "kol-editor-util.h"

#define PREVIEW_SIZE 112
#define ROTATION_SIZE 64

/**
 * KolEditorTileForm:
 *
 * Everything about one tile: a manifest tile, or a hex's pre-printed tile
 * ("hex:C5", which has no colour, count or hex restriction of its own).
 * The picture at every rotation, with the rotations allowed; colour,
 * copies, label, frame, icons and hex restriction; the upgrade rule, the
 * upgrades the engine infers and an explicit list; the revenue centres and
 * the track. Each control edits the document at once (entries when Enter
 * is pressed or the focus leaves them), and the form follows the
 * document's changes, undo included.
 */
struct _KolEditorTileForm
{
  GtkWidget parent_instance;

  KolEditorPreview *preview;
  KolTitleDocument *doc;
  char             *tile;
  gboolean          updating;
  GStrv             node_ids;       /* of the rows shown */
  guint             n_paths;

  GtkWidget       *content;
  GtkPicture      *preview_picture;
  GtkLabel        *heading_label;
  GtkLabel        *subtitle_label;
  GtkFlowBox      *rotations_box;
  GtkPicture      *rotation_pictures[6];
  GtkCheckButton  *rotation_checks[6];
  GtkWidget       *general_grid;
  GtkDropDown     *color_dropdown;
  GtkWidget       *color_label;
  GtkWidget       *count_label;
  GtkWidget       *count_box;
  GtkSpinButton   *count_spin;
  GtkCheckButton  *unlimited_check;
  GtkEntry        *label_entry;
  GtkEntry        *frame_entry;
  GtkEntry        *icons_entry;
  GtkWidget       *lay_only_on_label;
  GtkEntry        *lay_only_on_entry;
  GtkDropDown     *policy_dropdown;
  GtkLabel        *inferred_label;
  GtkEntry        *upgrades_entry;
  GtkBox          *nodes_box;
  GtkWidget       *no_nodes_label;
  GtkBox          *paths_box;
  GtkWidget       *no_paths_label;
  GtkPopover      *add_path_popover;
  GtkDropDown     *new_a_dropdown;
  GtkDropDown     *new_b_dropdown;
  GStrv            new_ends;       /* "0"…"5", then node ids: the new track's menus */
};

G_DEFINE_FINAL_TYPE (KolEditorTileForm, kol_editor_tile_form, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PREVIEW,
  PROP_TILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const policies[] = { "inferred", "explicit", "same_color", "none", NULL };

static gboolean
is_hex_tile (KolEditorTileForm *self)
{
  return self->tile != NULL && g_str_has_prefix (self->tile, KOL_HEX_TILE_PREFIX);
}

/* ---- pictures ------------------------------------------------------------------ */

static void
set_picture (KolEditorTileForm *self,
             GtkPicture        *picture,
             int                rotation,
             int                size)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  g_autoptr(GdkTexture) texture = NULL;

  if (self->preview != NULL && self->tile != NULL)
    texture = kol_editor_preview_tile_texture (self->preview, self->tile, rotation, size * scale);
  gtk_picture_set_paintable (picture, GDK_PAINTABLE (texture));
  gtk_widget_set_size_request (GTK_WIDGET (picture), size, size);
}

static void
update_inferred (KolEditorTileForm *self)
{
  g_auto(GStrv) ids = NULL;
  g_autofree char *text = NULL;

  if (self->preview != NULL && self->tile != NULL)
    ids = kol_editor_preview_dup_upgrades (self->preview, self->tile, TRUE);
  text = ids != NULL && ids[0] != NULL ? g_strjoinv (" ", ids) : g_strdup (_("None"));
  gtk_label_set_label (self->inferred_label, text);
}

static void
update_pictures (KolEditorTileForm *self)
{
  set_picture (self, self->preview_picture, 0, PREVIEW_SIZE);
  for (int r = 0; r < 6; r++)
    set_picture (self, self->rotation_pictures[r], r, ROTATION_SIZE);
  update_inferred (self);
}

/* ---- fields --------------------------------------------------------------------- */

static char *
icons_text (JsonObject *tile)
{
  JsonNode *node = json_object_get_member (tile, "icons");
  GString *out = g_string_new (NULL);
  JsonArray *icons;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return g_string_free (out, FALSE);
  icons = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (icons); i++)
    {
      JsonNode *element = json_array_get_element (icons, i);
      JsonObject *icon = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      const char *id = kol_editor_object_string (icon, "id");
      const char *role = kol_editor_object_string (icon, "role");

      if (id == NULL)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, id);
      if (role != NULL)
        g_string_append_printf (out, "=%s", role);
    }
  return g_string_free (out, FALSE);
}

static char *
frame_text (JsonObject *tile)
{
  JsonNode *node = json_object_get_member (tile, "frame");

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    return kol_editor_join_strings (tile, "frame");
  return g_strdup (kol_editor_object_string (tile, "frame"));
}

/* The count as a number for the spin button, -1 for unlimited; a count
 * by configuration shows its default. */
static int
count_of (JsonObject *tile)
{
  JsonNode *node = json_object_get_member (tile, "count");

  if (node == NULL)
    return 0;
  if (JSON_NODE_HOLDS_OBJECT (node))
    return (int) kol_editor_object_int (json_node_get_object (node), "default", 0);
  if (g_strcmp0 (kol_editor_object_string (tile, "count"), "unlimited") == 0)
    return -1;
  return (int) kol_editor_object_int (tile, "count", 0);
}

static guint
rotation_mask (JsonObject *tile)
{
  JsonNode *node = json_object_get_member (tile, "rotations");
  guint mask = 0;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return 0x3f;
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
    {
      gint64 r = json_array_get_int_element (json_node_get_array (node), i);

      if (r >= 0 && r < 6)
        mask |= 1u << r;
    }
  return mask;
}

static void
update_heading (KolEditorTileForm *self,
                JsonObject        *tile,
                int                count)
{
  g_autofree char *heading = NULL;
  g_autofree char *subtitle = NULL;

  if (is_hex_tile (self))
    {
      /* Translators: %s is a hex id such as C5. */
      heading = g_strdup_printf (_("Pre-printed Tile of %s"), self->tile + strlen (KOL_HEX_TILE_PREFIX));
      subtitle = g_strdup (_("Printed on the map, never in the supply"));
    }
  else
    {
      const char *color = kol_editor_color_label (kol_editor_object_string (tile, "color"));
      g_autofree char *copies = count < 0 ? g_strdup (_("unlimited copies"))
                                          : g_strdup_printf (ngettext ("%d copy", "%d copies", count), count);

      /* Translators: %s is a tile number such as 57. */
      heading = g_strdup_printf (_("Tile %s"), self->tile);
      /* Translators: a tile's colour and how many copies it has: "Yellow · 5 copies". */
      subtitle = g_strdup_printf (_("%1$s · %2$s"), color != NULL ? color : "", copies);
    }
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->subtitle_label, subtitle);
}

static void
update_general (KolEditorTileForm *self,
                JsonObject        *tile)
{
  gboolean manifest = !is_hex_tile (self);
  int color = kol_editor_index_of (kol_editor_colors, kol_editor_object_string (tile, "color"));
  int count = count_of (tile);
  guint mask = rotation_mask (tile);
  g_autofree char *frame = frame_text (tile);
  g_autofree char *icons = icons_text (tile);
  g_autofree char *only_on = kol_editor_join_strings (tile, "lay_only_on");

  update_heading (self, tile, count);
  for (int r = 0; r < 6; r++)
    gtk_check_button_set_active (self->rotation_checks[r], (mask & (1u << r)) != 0);
  gtk_widget_set_visible (self->color_label, manifest);
  gtk_widget_set_visible (GTK_WIDGET (self->color_dropdown), manifest);
  gtk_widget_set_visible (self->count_label, manifest);
  gtk_widget_set_visible (self->count_box, manifest);
  gtk_widget_set_visible (self->lay_only_on_label, manifest);
  gtk_widget_set_visible (GTK_WIDGET (self->lay_only_on_entry), manifest);
  gtk_drop_down_set_selected (self->color_dropdown, color >= 0 ? (guint) color : GTK_INVALID_LIST_POSITION);
  gtk_check_button_set_active (self->unlimited_check, count < 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->count_spin), count >= 0);
  if (count >= 0)
    gtk_spin_button_set_value (self->count_spin, count);
  kol_editor_entry_set_text (GTK_EDITABLE (self->label_entry), kol_editor_object_string (tile, "label"));
  kol_editor_entry_set_text (GTK_EDITABLE (self->frame_entry), frame);
  kol_editor_entry_set_text (GTK_EDITABLE (self->icons_entry), icons);
  kol_editor_entry_set_text (GTK_EDITABLE (self->lay_only_on_entry), only_on);
}

static void
update_upgrades (KolEditorTileForm *self,
                 JsonObject        *tile)
{
  const char *policy = kol_editor_object_string (tile, "upgrade_policy");
  g_autofree char *list = kol_editor_join_strings (tile, "upgrades_to");
  int p;

  /* without a policy, a list means explicit (data/games/README.md) */
  if (policy == NULL)
    policy = json_object_has_member (tile, "upgrades_to") ? "explicit" : "inferred";
  p = kol_editor_index_of (policies, policy);
  gtk_drop_down_set_selected (self->policy_dropdown, p >= 0 ? (guint) p : GTK_INVALID_LIST_POSITION);
  kol_editor_entry_set_text (GTK_EDITABLE (self->upgrades_entry), list);
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static GStrv
node_ids_of (JsonArray *nodes)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      const char *id = kol_editor_object_string (json_array_get_object_element (nodes, i), "id");

      g_strv_builder_add (builder, id != NULL ? id : "");
    }
  return g_strv_builder_end (builder);
}

/* The menus of a new piece of track: the six edges, then the revenue
 * centres; from edge 0 to the first centre, or straight across. */
static void
build_new_ends (KolEditorTileForm *self,
                JsonArray         *nodes)
{
  const char *layout = self->doc != NULL ? kol_editor_map_layout (self->doc) : "flat";
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) ends = g_strv_builder_new ();
  guint n_nodes = 0;

  for (int e = 0; e < 6; e++)
    {
      g_autofree char *label = kol_editor_edge_label (layout, e, FALSE);
      g_autofree char *end = g_strdup_printf ("%d", e);

      gtk_string_list_append (labels, label);
      g_strv_builder_add (ends, end);
    }
  for (guint i = 0; nodes != NULL && i < json_array_get_length (nodes); i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i);
      const char *id = kol_editor_object_string (node, "id");
      const char *kind = kol_editor_node_kind_label (kol_editor_object_string (node, "kind"));
      g_autofree char *label = NULL;

      if (id == NULL)
        continue;
      /* Translators: a revenue centre of a tile as an end of a track: %1$s
       * is its id (c0, t1), %2$s its kind (City, Town). */
      label = g_strdup_printf (_("%1$s · %2$s"), id, kind != NULL ? kind : "");
      gtk_string_list_append (labels, label);
      g_strv_builder_add (ends, id);
      n_nodes++;
    }
  g_strfreev (self->new_ends);
  self->new_ends = g_strv_builder_end (ends);
  gtk_drop_down_set_model (self->new_a_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_model (self->new_b_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->new_a_dropdown, 0);
  gtk_drop_down_set_selected (self->new_b_dropdown, n_nodes > 0 ? 6 : 3);
}

/* Rows are updated in place while the nodes stay the same ones, so that a
 * spin button being clicked is not replaced under the pointer. */
static void
update_nodes (KolEditorTileForm *self,
              JsonArray         *nodes)
{
  g_auto(GStrv) ids = node_ids_of (nodes);
  GtkWidget *row;
  guint i = 0;

  if (self->node_ids == NULL || !g_strv_equal ((const char * const *) ids,
                                               (const char * const *) self->node_ids))
    {
      clear_box (self->nodes_box);
      for (guint k = 0; ids[k] != NULL; k++)
        gtk_box_append (self->nodes_box, kol_editor_node_row_new (self->doc, self->tile, ids[k]));
      g_strfreev (self->node_ids);
      self->node_ids = g_strdupv (ids);
      self->n_paths = G_MAXUINT;  /* the ends' menus list the nodes */
      build_new_ends (self, nodes);
    }
  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->nodes_box)); row != NULL;
       row = gtk_widget_get_next_sibling (row), i++)
    kol_editor_node_row_update (KOL_EDITOR_NODE_ROW (row), json_array_get_object_element (nodes, i));
  gtk_widget_set_visible (self->no_nodes_label, ids[0] == NULL);
}

static void
update_paths (KolEditorTileForm *self,
              JsonArray         *paths)
{
  guint n = paths != NULL ? json_array_get_length (paths) : 0;
  GtkWidget *row;
  guint i = 0;

  if (n != self->n_paths)
    {
      clear_box (self->paths_box);
      for (guint k = 0; k < n; k++)
        gtk_box_append (self->paths_box,
                        kol_editor_path_row_new (self->doc, self->tile, k,
                                                 (const char * const *) self->node_ids));
      self->n_paths = n;
    }
  for (row = gtk_widget_get_first_child (GTK_WIDGET (self->paths_box)); row != NULL;
       row = gtk_widget_get_next_sibling (row), i++)
    kol_editor_path_row_update (KOL_EDITOR_PATH_ROW (row), json_array_get_object_element (paths, i));
  gtk_widget_set_visible (self->no_paths_label, n == 0);
}

static JsonArray *
array_member (JsonObject *object,
              const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static void
update_fields (KolEditorTileForm *self)
{
  JsonObject *tile = self->doc != NULL && self->tile != NULL
                     ? kol_title_document_get_tile (self->doc, self->tile) : NULL;

  gtk_widget_set_sensitive (self->content, tile != NULL);
  if (tile == NULL)
    {
      /* a blank hex has no tile body yet: show an empty one */
      tile = json_object_new ();
      g_object_set_data_full (G_OBJECT (self), "kol-empty", tile, (GDestroyNotify) json_object_unref);
      gtk_widget_set_sensitive (self->content, is_hex_tile (self));
    }
  self->updating = TRUE;
  update_general (self, tile);
  update_upgrades (self, tile);
  update_nodes (self, array_member (tile, "nodes"));
  update_paths (self, array_member (tile, "paths"));
  self->updating = FALSE;
}

static void
document_changed_cb (KolEditorTileForm *self,
                     KolTitleChange     what)
{
  if (what & (KOL_TITLE_CHANGE_TILES | KOL_TITLE_CHANGE_HEXES | KOL_TITLE_CHANGE_GAME |
              KOL_TITLE_CHANGE_VARIANTS))
    update_fields (self);
}

/* ---- edits ------------------------------------------------------------------------ */

static void
report (KolEditorTileForm *self,
        gboolean           ok,
        GError            *error)
{
  if (!ok)
    kol_editor_report (GTK_WIDGET (self), error);
  g_clear_error (&error);
}

static void
color_changed_cb (KolEditorTileForm *self)
{
  guint c = gtk_drop_down_get_selected (self->color_dropdown);
  GError *error = NULL;

  if (self->updating || is_hex_tile (self) || c >= KOL_EDITOR_N_COLORS)
    return;
  report (self, kol_title_document_set_tile_color (self->doc, self->tile, kol_editor_colors[c], &error),
          error);
}

static void
count_changed_cb (KolEditorTileForm *self)
{
  gboolean unlimited = gtk_check_button_get_active (self->unlimited_check);
  GError *error = NULL;

  if (self->updating || is_hex_tile (self))
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->count_spin), !unlimited);
  report (self, kol_title_document_set_tile_count (self->doc, self->tile,
                                                   unlimited ? -1 : gtk_spin_button_get_value_as_int (self->count_spin),
                                                   &error),
          error);
}

static void
rotation_toggled_cb (KolEditorTileForm *self)
{
  guint mask = 0;
  GError *error = NULL;

  if (self->updating)
    return;
  for (int r = 0; r < 6; r++)
    if (gtk_check_button_get_active (self->rotation_checks[r]))
      mask |= 1u << r;
  report (self, kol_title_document_set_tile_rotations (self->doc, self->tile, mask, &error), error);
}

static void
policy_changed_cb (KolEditorTileForm *self)
{
  guint p = gtk_drop_down_get_selected (self->policy_dropdown);
  GError *error = NULL;

  if (self->updating || p >= G_N_ELEMENTS (policies) - 1)
    return;
  report (self, kol_title_document_set_tile_upgrade_policy (self->doc, self->tile, policies[p], &error),
          error);
}

static JsonNode *
parse_icons (const char *text)
{
  g_auto(GStrv) words = kol_editor_split_words (text);
  g_autoptr(JsonBuilder) builder = NULL;

  if (words == NULL)
    return NULL;
  builder = json_builder_new ();
  json_builder_begin_array (builder);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (words[i], "=", 2);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, parts[0]);
      if (parts[1] != NULL && parts[1][0] != '\0')
        {
          json_builder_set_member_name (builder, "role");
          json_builder_add_string_value (builder, parts[1]);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

/* An entry's text is written to the document when Enter is pressed or
 * the focus leaves it. */
static void
commit_entry (KolEditorTileForm *self,
              GtkEntry          *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  const char *value = text[0] != '\0' ? text : NULL;
  g_auto(GStrv) words = kol_editor_split_words (text);
  GError *error = NULL;
  gboolean ok = TRUE;

  if (self->updating || self->doc == NULL || self->tile == NULL)
    return;
  if (entry == self->label_entry)
    ok = kol_title_document_set_tile_label (self->doc, self->tile, value, &error);
  else if (entry == self->frame_entry)
    ok = kol_title_document_set_tile_frame (self->doc, self->tile, value, &error);
  else if (entry == self->icons_entry)
    {
      g_autoptr(JsonNode) icons = parse_icons (text);

      ok = kol_title_document_set_tile_icons (self->doc, self->tile, icons, &error);
    }
  else if (entry == self->lay_only_on_entry)
    ok = kol_title_document_set_tile_lay_only_on (self->doc, self->tile,
                                                  (const char * const *) words, &error);
  else if (entry == self->upgrades_entry)
    ok = kol_title_document_set_tile_upgrades_to (self->doc, self->tile,
                                                  (const char * const *) words, &error);
  report (self, ok, error);
}

static void
entry_focus_left_cb (GtkEventControllerFocus *controller,
                     KolEditorTileForm       *self)
{
  commit_entry (self, GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller))));
}

static void
watch_entry (KolEditorTileForm *self,
             GtkEntry          *entry)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (entry, "activate", G_CALLBACK (commit_entry), self);
  g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_left_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (entry), focus);
}

static void
add_node_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (self->doc == NULL || self->tile == NULL)
    return;
  id = kol_title_document_add_node (self->doc, self->tile, g_variant_get_string (parameter, NULL), &error);
  if (id == NULL)
    kol_editor_report (widget, error);
}

/* New track between the two ends chosen in the popover. */
static void
add_path_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (widget);
  guint a = gtk_drop_down_get_selected (self->new_a_dropdown);
  guint b = gtk_drop_down_get_selected (self->new_b_dropdown);
  guint n = self->new_ends != NULL ? g_strv_length (self->new_ends) : 0;
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL || self->tile == NULL || a >= n || b >= n)
    return;
  if (kol_title_document_add_path (self->doc, self->tile, self->new_ends[a], self->new_ends[b], NULL, &error) < 0)
    {
      kol_editor_report (widget, error);
      return;
    }
  gtk_popover_popdown (self->add_path_popover);
}

/* ---- the object -------------------------------------------------------------------- */

static void
build_rotations (KolEditorTileForm *self)
{
  for (int r = 0; r < 6; r++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      /* Translators: a tile's rotation in degrees: 0°, 60°, … */
      g_autofree char *label = g_strdup_printf (_("%d°"), r * 60);
      /* Translators: %d is a rotation in degrees. */
      g_autofree char *allowed = g_strdup_printf (_("Allow the rotation by %d°"), r * 60);
      GtkWidget *picture = gtk_picture_new ();
      GtkWidget *check = gtk_check_button_new_with_label (label);

      gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_tooltip_text (check, allowed);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, allowed, -1);
      gtk_widget_set_halign (check, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), picture);
      gtk_box_append (GTK_BOX (box), check);
      gtk_flow_box_append (self->rotations_box, box);
      gtk_widget_set_focusable (gtk_widget_get_parent (box), FALSE);
      self->rotation_pictures[r] = GTK_PICTURE (picture);
      self->rotation_checks[r] = GTK_CHECK_BUTTON (check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (rotation_toggled_cb), self);
    }
}

static void
kol_editor_tile_form_dispose (GObject *object)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (object);

  if (self->preview != NULL)
    g_signal_handlers_disconnect_by_data (self->preview, self);
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_clear_object (&self->preview);
  g_clear_object (&self->doc);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_TILE_FORM);

  G_OBJECT_CLASS (kol_editor_tile_form_parent_class)->dispose (object);
}

static void
kol_editor_tile_form_finalize (GObject *object)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (object);

  g_free (self->tile);
  g_strfreev (self->node_ids);
  g_strfreev (self->new_ends);

  G_OBJECT_CLASS (kol_editor_tile_form_parent_class)->finalize (object);
}

static void
kol_editor_tile_form_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (object);

  switch (prop_id)
    {
    case PROP_PREVIEW:
      g_value_set_object (value, self->preview);
      break;
    case PROP_TILE:
      g_value_set_string (value, self->tile);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_tile_form_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  KolEditorTileForm *self = KOL_EDITOR_TILE_FORM (object);

  switch (prop_id)
    {
    case PROP_PREVIEW:
      kol_editor_tile_form_set_preview (self, g_value_get_object (value));
      break;
    case PROP_TILE:
      kol_editor_tile_form_set_tile (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KolEditorTileForm, name)

static void
kol_editor_tile_form_class_init (KolEditorTileFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_tile_form_dispose;
  object_class->finalize = kol_editor_tile_form_finalize;
  object_class->get_property = kol_editor_tile_form_get_property;
  object_class->set_property = kol_editor_tile_form_set_property;

  /** KolEditorTileForm:preview: the document's preview, or %NULL. */
  properties[PROP_PREVIEW] =
    g_param_spec_object ("preview", NULL, NULL, KOL_TYPE_EDITOR_PREVIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** KolEditorTileForm:tile: the tile shown: a manifest tile id or "hex:<id>". */
  properties[PROP_TILE] =
    g_param_spec_string ("tile", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "form.add-node", "s", add_node_action_cb);
  gtk_widget_class_install_action (widget_class, "form.add-path", NULL, add_path_action_cb);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-tile-form.ui");
  BIND (content);
  gtk_widget_class_bind_template_child_full (widget_class, "preview", FALSE,
                                             G_STRUCT_OFFSET (KolEditorTileForm, preview_picture));
  BIND (heading_label);
  BIND (subtitle_label);
  BIND (rotations_box);
  BIND (general_grid);
  BIND (color_label);
  BIND (color_dropdown);
  BIND (count_label);
  BIND (count_box);
  BIND (count_spin);
  BIND (unlimited_check);
  BIND (label_entry);
  BIND (frame_entry);
  BIND (icons_entry);
  BIND (lay_only_on_label);
  BIND (lay_only_on_entry);
  BIND (policy_dropdown);
  BIND (inferred_label);
  BIND (upgrades_entry);
  BIND (nodes_box);
  BIND (no_nodes_label);
  BIND (paths_box);
  BIND (no_paths_label);
  BIND (add_path_popover);
  BIND (new_a_dropdown);
  BIND (new_b_dropdown);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_tile_form_init (KolEditorTileForm *self)
{
  g_autoptr(GtkStringList) colors = kol_editor_color_model (FALSE);

  gtk_widget_init_template (GTK_WIDGET (self));
  build_rotations (self);
  gtk_drop_down_set_model (self->color_dropdown, G_LIST_MODEL (colors));
  self->n_paths = G_MAXUINT;

  g_signal_connect_swapped (self->color_dropdown, "notify::selected", G_CALLBACK (color_changed_cb), self);
  g_signal_connect_swapped (self->count_spin, "value-changed", G_CALLBACK (count_changed_cb), self);
  g_signal_connect_swapped (self->unlimited_check, "toggled", G_CALLBACK (count_changed_cb), self);
  g_signal_connect_swapped (self->policy_dropdown, "notify::selected", G_CALLBACK (policy_changed_cb), self);
  watch_entry (self, self->label_entry);
  watch_entry (self, self->frame_entry);
  watch_entry (self, self->icons_entry);
  watch_entry (self, self->lay_only_on_entry);
  watch_entry (self, self->upgrades_entry);
  update_fields (self);
}

/**
 * kol_editor_tile_form_new:
 *
 * Returns: (transfer floating): a form showing no tile
 */
GtkWidget *
kol_editor_tile_form_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_TILE_FORM, NULL);
}

/** kol_editor_tile_form_get_preview: Returns: (transfer none) (nullable): the preview */
KolEditorPreview *
kol_editor_tile_form_get_preview (KolEditorTileForm *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_TILE_FORM (self), NULL);
  return self->preview;
}

static void
forget_rows (KolEditorTileForm *self)
{
  clear_box (self->nodes_box);
  clear_box (self->paths_box);
  g_clear_pointer (&self->node_ids, g_strfreev);
  self->n_paths = G_MAXUINT;
}

/**
 * kol_editor_tile_form_set_preview:
 * @self: a form
 * @preview: (nullable): the preview of the document to edit
 *
 * Edits the document of @preview, whose pictures the form shows.
 */
void
kol_editor_tile_form_set_preview (KolEditorTileForm *self,
                                  KolEditorPreview  *preview)
{
  g_return_if_fail (KOL_IS_EDITOR_TILE_FORM (self));
  g_return_if_fail (preview == NULL || KOL_IS_EDITOR_PREVIEW (preview));

  if (self->preview == preview)
    return;
  if (self->preview != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->preview, self);
      g_signal_handlers_disconnect_by_data (self->doc, self);
    }
  g_set_object (&self->preview, preview);
  g_set_object (&self->doc, (preview != NULL ? kol_editor_preview_get_document (preview) : NULL));
  if (preview != NULL)
    {
      g_signal_connect_object (preview, "updated", G_CALLBACK (update_pictures), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  if (self->content != NULL)
    {
      forget_rows (self);
      update_fields (self);
      update_pictures (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEW]);
}

/** kol_editor_tile_form_get_tile: Returns: (transfer none) (nullable): the tile shown */
const char *
kol_editor_tile_form_get_tile (KolEditorTileForm *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_TILE_FORM (self), NULL);
  return self->tile;
}

/**
 * kol_editor_tile_form_set_tile:
 * @self: a form
 * @tile: (nullable): a manifest tile id, "hex:<id>", or %NULL for none
 */
void
kol_editor_tile_form_set_tile (KolEditorTileForm *self,
                               const char        *tile)
{
  g_return_if_fail (KOL_IS_EDITOR_TILE_FORM (self));

  if (g_strcmp0 (self->tile, tile) == 0)
    return;
  g_free (self->tile);
  self->tile = g_strdup (tile);
  forget_rows (self);
  update_fields (self);
  update_pictures (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TILE]);
}
