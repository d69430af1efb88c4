/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-editor-upgrade-chart.h"
#include "kol-editor-util.h"

#define FROM_SIZE 64
#define TO_SIZE 48

/**
 * KolEditorUpgradeChart:
 *
 * The upgrade chart of a tile manifest, generated: each tile, by colour,
 * with the pictures of the tiles it upgrades to (the engine's rule applied
 * to the manifest as it is now). Activating a row emits
 * KolEditorUpgradeChart::tile-activated. Built again after each change,
 * when it is on screen.
 */
struct _KolEditorUpgradeChart
{
  GtkWidget parent_instance;

  KolEditorPreview *preview;
  gboolean          dirty;
  guint             n_rows;

  GtkWidget  *scroller;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (KolEditorUpgradeChart, kol_editor_upgrade_chart, GTK_TYPE_WIDGET)

enum {
  TILE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* An image, not a GtkPicture: a picture asked for its width at a given
 * height grows with a row made taller by a wrapped list of upgrades, and
 * rows then drew their tiles at different sizes. */
static GtkWidget *
tile_picture (KolEditorUpgradeChart *self,
              const char            *id,
              int                    size)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  g_autoptr(GdkTexture) texture = kol_editor_preview_tile_texture (self->preview, id, 0, size * scale);
  GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

  gtk_image_set_pixel_size (GTK_IMAGE (image), size);
  gtk_widget_set_halign (image, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (image, GTK_ALIGN_CENTER);
  return image;
}

static GtkWidget *
target_box (KolEditorUpgradeChart *self,
            const char            *id)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (id);

  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), tile_picture (self, id, TO_SIZE));
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static GtkWidget *
chart_row (KolEditorUpgradeChart *self,
           const char            *id)
{
  g_auto(GStrv) targets = kol_editor_preview_dup_upgrades (self->preview, id, FALSE);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (id);
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
  GtkWidget *flow = gtk_flow_box_new ();
  g_autofree char *joined = g_strjoinv (" ", targets);
  g_autofree char *description = NULL;

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_width_chars (GTK_LABEL (label), 5);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (arrow, "dim-label");
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 16);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_widget_set_hexpand (flow, TRUE);
  gtk_widget_set_can_target (flow, FALSE);
  for (guint i = 0; targets[i] != NULL; i++)
    gtk_flow_box_append (GTK_FLOW_BOX (flow), target_box (self, targets[i]));
  gtk_widget_set_can_focus (flow, FALSE);  /* the row is the one focus stop */
  if (targets[0] == NULL)
    {
      GtkWidget *none = gtk_label_new (_("No upgrade"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_halign (none, GTK_ALIGN_START);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), none);
    }
  gtk_box_append (GTK_BOX (box), tile_picture (self, id, FROM_SIZE));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), arrow);
  gtk_box_append (GTK_BOX (box), flow);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "kol-tile", g_strdup (id), g_free);
  /* Translators: a row of the upgrade chart: %1$s is a tile number, %2$s
   * the numbers of the tiles it upgrades to. */
  description = g_strdup_printf (_("Tile %1$s upgrades to %2$s"), id,
                                 targets[0] != NULL ? joined : _("nothing"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  return row;
}

static GtkWidget *
color_header (const char *color)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (kol_editor_color_label (color));

  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "kol-chart-header");
  return row;
}

static void
clear (KolEditorUpgradeChart *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_rows = 0;
}

/* By colour in the order of the data's colours, then in manifest order. */
static void
rebuild (KolEditorUpgradeChart *self)
{
  KolTitleDocument *doc = self->preview != NULL ? kol_editor_preview_get_document (self->preview) : NULL;
  g_auto(GStrv) ids = doc != NULL ? kol_title_document_dup_tile_ids (doc) : NULL;

  self->dirty = FALSE;
  clear (self);
  for (int c = 0; ids != NULL && kol_editor_colors[c] != NULL; c++)
    {
      gboolean header = FALSE;

      for (guint i = 0; ids[i] != NULL; i++)
        {
          JsonObject *tile = kol_title_document_get_tile (doc, ids[i]);

          if (g_strcmp0 (kol_editor_object_string (tile, "color"), kol_editor_colors[c]) != 0)
            continue;
          if (!header)
            gtk_list_box_append (self->list, color_header (kol_editor_colors[c]));
          header = TRUE;
          gtk_list_box_append (self->list, chart_row (self, ids[i]));
          self->n_rows++;
        }
    }
}

static void
preview_updated_cb (KolEditorUpgradeChart *self)
{
  self->dirty = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
}

static void
row_activated_cb (KolEditorUpgradeChart *self,
                  GtkListBoxRow         *row)
{
  const char *id = g_object_get_data (G_OBJECT (row), "kol-tile");

  if (id != NULL)
    g_signal_emit (self, signals[TILE_ACTIVATED], 0, id);
}

static void
kol_editor_upgrade_chart_map (GtkWidget *widget)
{
  KolEditorUpgradeChart *self = KOL_EDITOR_UPGRADE_CHART (widget);

  GTK_WIDGET_CLASS (kol_editor_upgrade_chart_parent_class)->map (widget);
  if (self->dirty)
    rebuild (self);
}

static void
kol_editor_upgrade_chart_dispose (GObject *object)
{
  KolEditorUpgradeChart *self = KOL_EDITOR_UPGRADE_CHART (object);

  if (self->preview != NULL)
    g_signal_handlers_disconnect_by_data (self->preview, self);
  g_clear_object (&self->preview);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_UPGRADE_CHART);

  G_OBJECT_CLASS (kol_editor_upgrade_chart_parent_class)->dispose (object);
}

static void
kol_editor_upgrade_chart_class_init (KolEditorUpgradeChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_upgrade_chart_dispose;
  widget_class->map = kol_editor_upgrade_chart_map;

  /**
   * KolEditorUpgradeChart::tile-activated:
   * @self: the chart
   * @tile: the id of the tile activated
   *
   * A tile's row was activated, to edit that tile.
   */
  signals[TILE_ACTIVATED] = g_signal_new ("tile-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-upgrade-chart.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorUpgradeChart, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolEditorUpgradeChart, list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_upgrade_chart_init (KolEditorUpgradeChart *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
}

/**
 * kol_editor_upgrade_chart_new:
 *
 * Returns: (transfer floating): an empty chart
 */
GtkWidget *
kol_editor_upgrade_chart_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_UPGRADE_CHART, NULL);
}

/**
 * kol_editor_upgrade_chart_set_preview:
 * @self: a chart
 * @preview: (nullable): the preview of the document charted
 */
void
kol_editor_upgrade_chart_set_preview (KolEditorUpgradeChart *self,
                                      KolEditorPreview      *preview)
{
  g_return_if_fail (KOL_IS_EDITOR_UPGRADE_CHART (self));
  g_return_if_fail (preview == NULL || KOL_IS_EDITOR_PREVIEW (preview));

  if (self->preview == preview)
    return;
  if (self->preview != NULL)
    g_signal_handlers_disconnect_by_data (self->preview, self);
  g_set_object (&self->preview, preview);
  if (preview != NULL)
    g_signal_connect_object (preview, "updated", G_CALLBACK (preview_updated_cb), self,
                             G_CONNECT_SWAPPED);
  preview_updated_cb (self);
}

/**
 * kol_editor_upgrade_chart_get_n_rows:
 *
 * Returns: the number of tiles charted (after the chart was last built)
 */
guint
kol_editor_upgrade_chart_get_n_rows (KolEditorUpgradeChart *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_UPGRADE_CHART (self), 0);
  return self->n_rows;
}
