/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-editor-tile-form.h"
#include "kol-editor-tiles.h"
#include "kol-board-query.h"
#include "kol-editor-util.h"
#include "kol-game-words.h"
#include "kol-svg-renderer.h"
#include "kol-tile-library.h"
#include "kol-tile-renderer.h"
#include "kol-view-util.h"

#define ITEM_SIZE 72
#define LIBRARY_SIZE 48

/**
 * KolEditorTiles:
 *
 * The tile manifest editor: every tile of the document with its picture
 * and count, filtered by colour and searched by number; adding (blank,
 * or a common tile from the library by its number), duplicating and
 * deleting tiles (actions tiles.add, tiles.add-library, tiles.duplicate,
 * tiles.delete); and the form of the tile selected.
 */
struct _KolEditorTiles
{
  GtkWidget parent_instance;

  KolEditorPreview   *preview;
  KolTitleDocument   *doc;
  GtkStringList      *ids;
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;

  GtkWidget         *paned;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *color_filter;
  GtkGridView       *grid_view;
  GtkWidget         *empty_label;
  GtkPopover        *add_popover;
  GtkEntry          *add_entry;
  GtkDropDown       *add_color;
  GtkFlowBox        *library_box;
  gboolean           library_built;
  GtkPopover        *duplicate_popover;
  GtkEntry          *duplicate_entry;
  GtkLabel          *count_label;
  KolEditorTileForm *tile_form;
};

G_DEFINE_FINAL_TYPE (KolEditorTiles, kol_editor_tiles, GTK_TYPE_WIDGET)

/* ---- items ----------------------------------------------------------------------- */

static void
setup_item_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               KolEditorTiles           *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *picture = gtk_picture_new ();
  GtkWidget *caption = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *id = gtk_label_new (NULL);
  GtkWidget *count = gtk_label_new (NULL);

  gtk_widget_set_size_request (picture, ITEM_SIZE, ITEM_SIZE);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
  gtk_widget_add_css_class (id, "heading");
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_set_halign (caption, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (caption), id);
  gtk_box_append (GTK_BOX (caption), count);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), caption);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_list_item_set_child (item, box);
}

/* The copies under a tile's picture: "×5", "×∞", or "×4*" for a count that
 * depends on the configuration (its default shown). */
static char *
count_text (JsonObject *tile)
{
  JsonNode *node = json_object_get_member (tile, "count");

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    /* Translators: the copies of a tile whose count depends on the player
     * count or options; %d is the usual count. */
    return g_strdup_printf (C_("tile count", "×%d*"),
                            (int) kol_editor_object_int (json_node_get_object (node), "default", 0));
  if (kol_editor_object_string (tile, "count") != NULL)
    return g_strdup (C_("tile count", "×∞"));
  /* Translators: how many copies of a tile there are, under its picture. */
  return g_strdup_printf (C_("tile count", "×%d"), (int) kol_editor_object_int (tile, "count", 0));
}

static void
refresh_item (GtkListItem *item)
{
  KolEditorTiles *self = g_object_get_data (G_OBJECT (item), "kol-tiles");
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *picture = gtk_widget_get_first_child (box);
  GtkWidget *id_label = gtk_widget_get_first_child (gtk_widget_get_next_sibling (picture));
  GtkWidget *count_label = gtk_widget_get_next_sibling (id_label);
  GtkStringObject *string = gtk_list_item_get_item (item);
  const char *id = string != NULL ? gtk_string_object_get_string (string) : NULL;
  JsonObject *tile = id != NULL ? kol_title_document_get_tile (self->doc, id) : NULL;
  int scale = gtk_widget_get_scale_factor (box);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *count = NULL;
  g_autofree char *description = NULL;

  if (id == NULL || tile == NULL)
    return;
  texture = kol_editor_preview_tile_texture (self->preview, id, 0, ITEM_SIZE * scale);
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
  gtk_label_set_label (GTK_LABEL (id_label), id);
  count = count_text (tile);
  gtk_label_set_label (GTK_LABEL (count_label), count);
  /* Translators: a tile in the list: %1$s is its number, %2$s its colour. */
  description = g_strdup_printf (_("Tile %1$s, %2$s"), id,
                                 kol_editor_color_label (kol_editor_object_string (tile, "color")));
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
bind_item_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              KolEditorTiles           *self)
{
  gulong id;

  g_object_set_data (G_OBJECT (item), "kol-tiles", self);
  refresh_item (item);
  id = g_signal_connect_swapped (self->preview, "updated", G_CALLBACK (refresh_item), item);
  g_object_set_data (G_OBJECT (item), "kol-handler", GSIZE_TO_POINTER (id));
}

static void
unbind_item_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                KolEditorTiles           *self)
{
  gulong id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (item), "kol-handler"));

  if (id != 0 && self->preview != NULL)
    g_signal_handler_disconnect (self->preview, id);
  g_object_set_data (G_OBJECT (item), "kol-handler", NULL);
}

/* ---- filtering and selection -------------------------------------------------- */

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  KolEditorTiles *self = user_data;
  const char *id = gtk_string_object_get_string (item);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  guint color = gtk_drop_down_get_selected (self->color_filter);
  JsonObject *tile;

  if (search[0] != '\0')
    {
      g_autofree char *a = g_utf8_casefold (id, -1);
      g_autofree char *b = g_utf8_casefold (search, -1);

      if (strstr (a, b) == NULL)
        return FALSE;
    }
  if (color == 0 || color == GTK_INVALID_LIST_POSITION || self->doc == NULL)
    return TRUE;
  tile = kol_title_document_get_tile (self->doc, id);
  return g_strcmp0 (kol_editor_object_string (tile, "color"), kol_editor_colors[color - 1]) == 0;
}

static void
filter_changed_cb (KolEditorTiles *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
update_counts (KolEditorTiles *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->ids));
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->empty_label, shown == 0 && self->doc != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->grid_view), shown > 0 || self->doc == NULL);
  if (shown == all)
    text = g_strdup_printf (ngettext ("%u tile", "%u tiles", all), all);
  else
    /* Translators: tiles shown by the filter out of all the tiles. */
    text = g_strdup_printf (ngettext ("%u of %u tile", "%u of %u tiles", all), shown, all);
  gtk_label_set_label (self->count_label, text);
}

static void
selection_changed_cb (KolEditorTiles *self)
{
  GtkStringObject *item = gtk_single_selection_get_selected_item (self->selection);
  const char *id = item != NULL ? gtk_string_object_get_string (item) : NULL;

  kol_editor_tile_form_set_tile (self->tile_form, id);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tiles.duplicate", id != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tiles.delete", id != NULL);
}

/* The list follows the manifest; the selection stays on the same tile id
 * (or moves to its neighbour when it was deleted). */
static void
update_ids (KolEditorTiles *self)
{
  g_auto(GStrv) ids = self->doc != NULL ? kol_title_document_dup_tile_ids (self->doc) : NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->ids));
  g_autofree char *selected = g_strdup (kol_editor_tiles_get_selected_tile (self));
  guint position = gtk_single_selection_get_selected (self->selection);
  gboolean same = ids != NULL && g_strv_length (ids) == n;

  for (guint i = 0; same && i < n; i++)
    same = g_str_equal (ids[i], gtk_string_list_get_string (self->ids, i));
  if (same)
    {
      filter_changed_cb (self);
      return;
    }
  gtk_string_list_splice (self->ids, 0, n, (const char * const *) ids);
  if (selected == NULL || !kol_editor_tiles_select_tile (self, selected))
    {
      n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
      if (n > 0)
        gtk_single_selection_set_selected (self->selection, MIN (position, n - 1));
    }
  update_counts (self);
}

static void
document_changed_cb (KolEditorTiles *self,
                     KolTitleChange  what)
{
  if (what & KOL_TITLE_CHANGE_TILES)
    update_ids (self);
}

/* ---- actions ---------------------------------------------------------------------- */

static void
popdown_and_select (KolEditorTiles *self,
                    GtkPopover     *popover,
                    const char     *id)
{
  gtk_popover_popdown (popover);
  kol_editor_tiles_select_tile (self, id);
}

static void
add_action_cb (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  KolEditorTiles *self = KOL_EDITOR_TILES (widget);
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_entry))));
  guint color = gtk_drop_down_get_selected (self->add_color);
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL || color >= KOL_EDITOR_N_COLORS)
    return;
  if (!kol_title_document_add_tile (self->doc, id, kol_editor_colors[color], &error))
    {
      kol_editor_report (widget, error);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
  popdown_and_select (self, self->add_popover, id);
}

static void
duplicate_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  KolEditorTiles *self = KOL_EDITOR_TILES (widget);
  g_autofree char *id = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->duplicate_entry))));
  const char *from = kol_editor_tiles_get_selected_tile (self);
  g_autoptr(GError) error = NULL;

  if (self->doc == NULL || from == NULL)
    return;
  if (!kol_title_document_duplicate_tile (self->doc, from, id, &error))
    {
      kol_editor_report (widget, error);
      return;
    }
  popdown_and_select (self, self->duplicate_popover, id);
}

static void
delete_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolEditorTiles *self = KOL_EDITOR_TILES (widget);
  g_autofree char *id = g_strdup (kol_editor_tiles_get_selected_tile (self));
  g_autoptr(GError) error = NULL;

  if (self->doc != NULL && id != NULL && !kol_title_document_delete_tile (self->doc, id, &error))
    kol_editor_report (widget, error);
}

/* The copy's number is suggested from the tile's: 57 → 57a. */
static void
duplicate_shown_cb (KolEditorTiles *self)
{
  const char *from = kol_editor_tiles_get_selected_tile (self);
  g_autofree char *suggestion = from != NULL ? g_strconcat (from, "a", NULL) : NULL;

  gtk_editable_set_text (GTK_EDITABLE (self->duplicate_entry), suggestion != NULL ? suggestion : "");
  gtk_widget_grab_focus (GTK_WIDGET (self->duplicate_entry));
}

/* ---- the library of common tiles ---------------------------------------------------------- */

static void
add_library_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  KolEditorTiles *self = KOL_EDITOR_TILES (widget);
  const char *number = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) tile = NULL;

  if (self->doc == NULL)
    return;
  if ((tile = kol_tile_library_dup_tile (number, &error)) == NULL
      || !kol_title_document_add_tile_body (self->doc, tile, &error))
    {
      kol_editor_report (widget, error);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
  popdown_and_select (self, self->add_popover, number);
}

static GtkWidget *
library_item (const KolTitle *title,
              guint           index,
              int             scale)
{
  const char *id = kol_board_query_tile_id (title, (int) index);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *picture = gtk_picture_new ();
  GtkWidget *label = gtk_label_new (id);
  g_autofree char *svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *description = NULL;
  KolSvgOptions opts;

  kol_svg_options_init (&opts);
  opts.hex_size = LIBRARY_SIZE * scale / 2.0;
  opts.language = kol_game_word_language ();
  opts.flags = KOL_SVG_NO_BACKGROUND;
  svg = kol_svg_render_tile (title, (int) index, 0, &opts);
  if (svg != NULL)
    texture = kol_tile_renderer_rasterize (svg, LIBRARY_SIZE * scale, LIBRARY_SIZE * scale, NULL);
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
  gtk_widget_set_size_request (picture, LIBRARY_SIZE, LIBRARY_SIZE);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "tiles.add-library");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", id);
  /* Translators: a tile of the library: %s is its number. */
  description = g_strdup_printf (_("Add tile %s from the library"), id);
  gtk_widget_set_tooltip_text (button, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  g_object_set_data_full (G_OBJECT (button), "kol-tile", g_strdup (id), g_free);
  return button;
}

/* The pictures are drawn the first time the popover opens. */
static void
build_library (KolEditorTiles *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitle) title = NULL;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (self->library_built)
    return;
  self->library_built = TRUE;
  if ((title = kol_tile_library_load_title (&error)) == NULL)
    {
      g_warning ("Cannot load the library of common tiles: %s", error->message);
      return;
    }
  for (guint i = 0; i < kol_board_query_n_manifest_tiles (title); i++)
    gtk_flow_box_append (self->library_box, library_item (title, i, scale));
}

/* Tiles the number typed starts with, all when nothing is typed. */
static gboolean
library_filter_func (GtkFlowBoxChild *child,
                     gpointer         user_data)
{
  KolEditorTiles *self = user_data;
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->add_entry));
  const char *id = g_object_get_data (G_OBJECT (gtk_flow_box_child_get_child (child)), "kol-tile");

  return typed[0] == '\0' || (id != NULL && g_str_has_prefix (id, typed));
}

/* Each time it opens, the new tile's colour is the one the list shows, or
 * yellow: never one left from an earlier tile by chance. */
static void
add_shown_cb (KolEditorTiles *self)
{
  guint filter = gtk_drop_down_get_selected (self->color_filter);

  gtk_drop_down_set_selected (self->add_color, filter >= 1 && filter <= KOL_EDITOR_N_COLORS ? filter - 1 : 1);
  build_library (self);
  gtk_flow_box_invalidate_filter (self->library_box);
  gtk_widget_grab_focus (GTK_WIDGET (self->add_entry));
}

/* ---- the object -------------------------------------------------------------------- */

static void
kol_editor_tiles_dispose (GObject *object)
{
  KolEditorTiles *self = KOL_EDITOR_TILES (object);

  kol_editor_tiles_set_preview (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_TILES);
  g_clear_object (&self->selection);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->ids);

  G_OBJECT_CLASS (kol_editor_tiles_parent_class)->dispose (object);
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KolEditorTiles, name)

static void
kol_editor_tiles_class_init (KolEditorTilesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_tiles_dispose;

  gtk_widget_class_install_action (widget_class, "tiles.add", NULL, add_action_cb);
  gtk_widget_class_install_action (widget_class, "tiles.add-library", "s", add_library_action_cb);
  gtk_widget_class_install_action (widget_class, "tiles.duplicate", NULL, duplicate_action_cb);
  gtk_widget_class_install_action (widget_class, "tiles.delete", NULL, delete_action_cb);

  g_type_ensure (KOL_TYPE_EDITOR_TILE_FORM);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-tiles.ui");
  BIND (paned);
  BIND (search_entry);
  BIND (color_filter);
  BIND (grid_view);
  BIND (empty_label);
  BIND (add_popover);
  BIND (add_entry);
  BIND (add_color);
  BIND (library_box);
  BIND (duplicate_popover);
  BIND (duplicate_entry);
  BIND (count_label);
  BIND (tile_form);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_tiles_init (KolEditorTiles *self)
{
  g_autoptr(GtkStringList) filter_colors = kol_editor_color_model (TRUE);
  g_autoptr(GtkStringList) add_colors = kol_editor_color_model (FALSE);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drop_down_set_model (self->color_filter, G_LIST_MODEL (filter_colors));
  gtk_drop_down_set_model (self->add_color, G_LIST_MODEL (add_colors));
  gtk_drop_down_set_selected (self->add_color, 1);  /* yellow */

  self->ids = gtk_string_list_new (NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->ids)),
                                              g_object_ref (GTK_FILTER (self->filter)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filtered)));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_item_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_item_cb), self);
  gtk_grid_view_set_factory (self->grid_view, factory);
  g_object_unref (factory);
  gtk_grid_view_set_model (self->grid_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->color_filter, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->filtered, "items-changed", G_CALLBACK (update_counts), self);
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->duplicate_popover, "show", G_CALLBACK (duplicate_shown_cb), self);
  g_signal_connect_swapped (self->add_popover, "show", G_CALLBACK (add_shown_cb), self);
  g_signal_connect_swapped (self->add_entry, "changed", G_CALLBACK (gtk_flow_box_invalidate_filter), self->library_box);
  gtk_flow_box_set_filter_func (self->library_box, library_filter_func, self, NULL);
  selection_changed_cb (self);
  update_counts (self);
}

/**
 * kol_editor_tiles_new:
 *
 * Returns: (transfer floating): a tile editor without a document
 */
GtkWidget *
kol_editor_tiles_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_TILES, NULL);
}

/**
 * kol_editor_tiles_set_preview:
 * @self: a tile editor
 * @preview: (nullable): the preview of the document to edit
 */
void
kol_editor_tiles_set_preview (KolEditorTiles   *self,
                              KolEditorPreview *preview)
{
  g_return_if_fail (KOL_IS_EDITOR_TILES (self));
  g_return_if_fail (preview == NULL || KOL_IS_EDITOR_PREVIEW (preview));

  if (self->preview == preview)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  /* items unbind from the old preview first */
  if (self->ids != NULL)
    gtk_string_list_splice (self->ids, 0, g_list_model_get_n_items (G_LIST_MODEL (self->ids)), NULL);
  g_set_object (&self->preview, preview);
  g_set_object (&self->doc, (preview != NULL ? kol_editor_preview_get_document (preview) : NULL));
  /* another title: what was searched in the last one does not apply */
  if (self->search_entry != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      gtk_drop_down_set_selected (self->color_filter, 0);
    }
  if (self->tile_form != NULL)
    kol_editor_tile_form_set_preview (self->tile_form, preview);
  if (self->doc != NULL)
    {
      g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
      update_ids (self);
    }
}

/** kol_editor_tiles_get_selected_tile: Returns: (transfer none) (nullable): the tile selected */
const char *
kol_editor_tiles_get_selected_tile (KolEditorTiles *self)
{
  GtkStringObject *item;

  g_return_val_if_fail (KOL_IS_EDITOR_TILES (self), NULL);

  item = self->selection != NULL ? gtk_single_selection_get_selected_item (self->selection) : NULL;
  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/**
 * kol_editor_tiles_select_tile:
 * @self: a tile editor
 * @tile: a manifest tile id
 *
 * Selects the tile, clearing the search and the colour filter if they hide
 * it, and scrolls to it.
 *
 * Returns: whether the manifest has that tile
 */
gboolean
kol_editor_tiles_select_tile (KolEditorTiles *self,
                              const char     *tile)
{
  guint n;

  g_return_val_if_fail (KOL_IS_EDITOR_TILES (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  for (int pass = 0; pass < 2; pass++)
    {
      n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);

          if (g_str_equal (gtk_string_object_get_string (item), tile))
            {
              gtk_single_selection_set_selected (self->selection, i);
              gtk_widget_activate_action (GTK_WIDGET (self->grid_view), "list.scroll-to-item", "u", i);
              return TRUE;
            }
        }
      /* hidden by the filters? */
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      gtk_drop_down_set_selected (self->color_filter, 0);
      filter_changed_cb (self);
    }
  return FALSE;
}
