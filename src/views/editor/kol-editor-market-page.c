/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kol-editor-fields.h"
#include "kol-editor-market-page.h"
#include "kol-editor-util.h"
#include "kol-game-words.h"
#include "kol-svg-market.h"
#include "kol-tile-renderer.h"
#include "kol-view-util.h"

#define CELL_CHARS 4
#define PREVIEW_SCALE 0.7

/**
 * KolEditorMarketPage:
 *
 * The stock market of a title: every cell of its grid as a small entry
 * (price and marks, as game.json writes them), rows and cells added and
 * removed, the par prices, the zones that colour cells and name them in
 * the legend, and a picture of the market as it prints, drawn again after
 * every change.
 */
struct _KolEditorMarketPage
{
  GtkWidget parent_instance;

  KolTitleDocument *doc;
  GArray           *shape;        /* guint cells per row the grid was built for */
  guint             n_zones;

  GtkWidget  *scroller;
  GtkGrid    *form_grid;
  GtkGrid    *cells_grid;
  GtkGrid    *zones_grid;
  GtkPicture *preview;
};

G_DEFINE_FINAL_TYPE (KolEditorMarketPage, kol_editor_market_page, GTK_TYPE_WIDGET)

static JsonObject *
market_object (KolEditorMarketPage *self)
{
  JsonNode *node = self->doc != NULL ? kol_title_document_get_value (self->doc, KOL_TITLE_FILE_GAME, "$.market")
                                     : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
market_array (KolEditorMarketPage *self,
              const char          *key)
{
  JsonObject *market = market_object (self);
  JsonNode *node = market != NULL ? json_object_get_member (market, key) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

/* ---- the preview ---------------------------------------------------------------------- */

static void
update_preview (KolEditorMarketPage *self)
{
  JsonObject *market = market_object (self);
  g_autofree char *svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  const char *at;
  double width = 0, height = 0;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (market != NULL)
    svg = kol_svg_render_market (market, kol_game_word_language (), PREVIEW_SCALE);
  at = svg != NULL ? strstr (svg, "<svg") : NULL;
  if (at == NULL || sscanf (at, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%lf\" "
                                "height=\"%lf\"", &width, &height) != 2 || width < 1 || height < 1)
    {
      gtk_picture_set_paintable (self->preview, NULL);
      return;
    }
  texture = kol_tile_renderer_rasterize (svg, MIN ((int) (width * scale), 4096),
                                         MIN ((int) (height * scale), 4096), NULL);
  gtk_picture_set_paintable (self->preview, GDK_PAINTABLE (texture));
  gtk_widget_set_size_request (GTK_WIDGET (self->preview), (int) width, (int) height);
}

/* ---- the grid of cells ------------------------------------------------------------------ */

static GArray *
shape_of (JsonArray *rows)
{
  GArray *shape = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
    {
      JsonNode *row = json_array_get_element (rows, r);
      guint n = JSON_NODE_HOLDS_ARRAY (row) ? json_array_get_length (json_node_get_array (row)) : 0;

      g_array_append_val (shape, n);
    }
  return shape;
}

static GtkWidget *
row_button (const char *icon,
            const char *action,
            guint       row,
            const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", row);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static void
build_cells (KolEditorMarketPage *self)
{
  guint widest = 0;

  clear_grid (self->cells_grid);
  for (guint r = 0; r < self->shape->len; r++)
    widest = MAX (widest, g_array_index (self->shape, guint, r));
  for (guint r = 0; r < self->shape->len; r++)
    {
      guint n = g_array_index (self->shape, guint, r);

      for (guint c = 0; c < n; c++)
        {
          g_autofree char *path = g_strdup_printf ("$.market.rows[%u][%u]", r, c);
          /* Translators: a cell of the stock market: row and column, counted from 0. */
          g_autofree char *name = g_strdup_printf (_("Market cell %u:%u"), r, c);
          GtkWidget *entry = kol_editor_field_string (self->doc, path, _("Market cell"));

          gtk_editable_set_width_chars (GTK_EDITABLE (entry), CELL_CHARS);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), CELL_CHARS + 1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          gtk_grid_attach (self->cells_grid, entry, (int) c, (int) r, 1, 1);
        }
      gtk_grid_attach (self->cells_grid, row_button ("list-add-symbolic", "market-page.add-cell", r,
                                                     _("Add a cell at the end of the row")),
                       (int) widest, (int) r, 1, 1);
      gtk_grid_attach (self->cells_grid, row_button ("list-remove-symbolic", "market-page.remove-cell", r,
                                                     _("Remove the last cell of the row")),
                       (int) widest + 1, (int) r, 1, 1);
    }
}

/* ---- zones ---------------------------------------------------------------------------------- */

static const char * const zone_colors[] = {
  "yellow", "green", "brown", "gray", "red", "blue", "purple", "white", "orange", "pink", "black", NULL
};
static const char * const zone_flags[] = { "p", "z", "e", "c", "u", "x", NULL };

static const char *
zone_color_label (const char *color)
{
  if (g_str_equal (color, "orange"))
    return C_("market colour", "Orange");
  if (g_str_equal (color, "pink"))
    return C_("market colour", "Pink");
  if (g_str_equal (color, "black"))
    return C_("market colour", "Black");
  return kol_editor_color_label (color);
}

static void
build_zones (KolEditorMarketPage *self)
{
  const char *color_labels[G_N_ELEMENTS (zone_colors)];
  const char *flag_labels[] = {
    _("Par cells (p)"), _("Second par cells (z)"), _("Game end (e)"), _("Closing (c)"),
    _("Later phase (u)"), _("Not enterable (x)"), NULL
  };
  const char *headers[] = { _("Colour"), _("Cells marked"), _("Cells listed"), _("Legend (English)"),
                            _("Legend (Russian)"), NULL };

  clear_grid (self->zones_grid);
  for (guint i = 0; zone_colors[i] != NULL; i++)
    color_labels[i] = zone_color_label (zone_colors[i]);
  color_labels[G_N_ELEMENTS (zone_colors) - 1] = NULL;
  if (self->n_zones == 0)
    return;
  for (int i = 0; headers[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (headers[i]);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_grid_attach (self->zones_grid, label, i, 0, 1, 1);
    }
  for (guint z = 0; z < self->n_zones; z++)
    {
      g_autofree char *base = g_strdup_printf ("$.market.zones[%u]", z);
      g_autofree char *color = g_strconcat (base, ".color", NULL);
      g_autofree char *flag = g_strconcat (base, ".flag", NULL);
      g_autofree char *cells = g_strconcat (base, ".cells", NULL);
      g_autofree char *label = g_strconcat (base, ".label", NULL);
      GtkWidget *remove = row_button ("list-remove-symbolic", "market-page.remove-zone", z, _("Remove the zone"));

      gtk_grid_attach (self->zones_grid, kol_editor_field_choice (self->doc, color, zone_colors, color_labels,
                                                                  NULL, _("Zone colour")), 0, (int) z + 1, 1, 1);
      gtk_grid_attach (self->zones_grid, kol_editor_field_choice (self->doc, flag, zone_flags, flag_labels,
                                                                  _("Those listed"), _("Zone mark")),
                       1, (int) z + 1, 1, 1);
      gtk_grid_attach (self->zones_grid, kol_editor_field_cells (self->doc, cells, _("Zone cells")),
                       2, (int) z + 1, 1, 1);
      gtk_grid_attach (self->zones_grid, kol_editor_field_text (self->doc, label, "en", _("Zone legend")),
                       3, (int) z + 1, 1, 1);
      gtk_grid_attach (self->zones_grid, kol_editor_field_text (self->doc, label, "ru", _("Zone legend")),
                       4, (int) z + 1, 1, 1);
      gtk_grid_attach (self->zones_grid, remove, 5, (int) z + 1, 1, 1);
    }
}

/* ---- following the document -------------------------------------------------------------------- */

static gboolean
same_shape (GArray *a,
            GArray *b)
{
  return a != NULL && b != NULL && a->len == b->len
         && memcmp (a->data, b->data, a->len * sizeof (guint)) == 0;
}

static void
document_changed_cb (KolEditorMarketPage *self,
                     KolTitleChange       what)
{
  g_autoptr(GArray) shape = NULL;
  JsonArray *zones;
  guint n_zones;

  if (!(what & KOL_TITLE_CHANGE_GAME) || self->doc == NULL)
    return;
  shape = shape_of (market_array (self, "rows"));
  zones = market_array (self, "zones");
  n_zones = zones != NULL ? json_array_get_length (zones) : 0;
  if (!same_shape (shape, self->shape))
    {
      g_clear_pointer (&self->shape, g_array_unref);
      self->shape = g_steal_pointer (&shape);
      build_cells (self);
    }
  if (n_zones != self->n_zones || gtk_widget_get_first_child (GTK_WIDGET (self->zones_grid)) == NULL)
    {
      self->n_zones = n_zones;
      build_zones (self);
    }
  update_preview (self);
}

/* ---- actions ------------------------------------------------------------------------------------- */

static void
set_market_value (KolEditorMarketPage *self,
                  const char          *path,
                  JsonNode            *value,
                  const char          *label)
{
  g_autoptr(GError) error = NULL;

  if (!kol_title_document_set_game_value (self->doc, path, value, label, &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

/* A cell's price without its marks, 0 when there is none. */
static gint64
cell_price (JsonArray *row,
            guint      c)
{
  const char *text = c < json_array_get_length (row) ? json_array_get_string_element (row, c) : NULL;

  return text != NULL ? g_ascii_strtoll (text, NULL, 10) : 0;
}

static JsonNode *
cell_node (gint64 price)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = price > 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, price) : g_strdup ("");

  json_node_set_string (node, text);
  return node;
}

/* A new cell continues the row: its last price and one step more. */
static void
add_cell_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  guint r = g_variant_get_uint32 (parameter);
  JsonArray *rows = market_array (self, "rows");
  JsonArray *row;
  g_autofree char *path = NULL;
  g_autoptr(JsonNode) cells = json_node_new (JSON_NODE_ARRAY);
  guint n;
  gint64 last, step;

  if (rows == NULL || r >= json_array_get_length (rows))
    return;
  row = json_array_get_array_element (rows, r);
  n = json_array_get_length (row);
  last = n > 0 ? cell_price (row, n - 1) : 0;
  step = n > 1 ? last - cell_price (row, n - 2) : 10;
  json_node_take_array (cells, json_array_new ());
  for (guint c = 0; c < n; c++)
    json_array_add_element (json_node_get_array (cells), json_node_copy (json_array_get_element (row, c)));
  json_array_add_element (json_node_get_array (cells), cell_node (last + MAX (step, 1)));
  path = g_strdup_printf ("$.market.rows[%u]", r);
  set_market_value (self, path, cells, _("Add a market cell"));
}

static void
remove_cell_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  guint r = g_variant_get_uint32 (parameter);
  JsonArray *rows = market_array (self, "rows");
  g_autofree char *path = NULL;
  guint n;

  if (rows == NULL || r >= json_array_get_length (rows))
    return;
  n = json_array_get_length (json_array_get_array_element (rows, r));
  if (n <= 1)
    return;
  path = g_strdup_printf ("$.market.rows[%u][%u]", r, n - 1);
  set_market_value (self, path, NULL, _("Remove a market cell"));
}

/* A new row under the last one, with its prices and without its marks. */
static void
add_row_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  JsonArray *rows = market_array (self, "rows");
  guint n = rows != NULL ? json_array_get_length (rows) : 0;
  JsonArray *last = n > 0 ? json_array_get_array_element (rows, n - 1) : NULL;
  g_autoptr(JsonNode) all = json_node_new (JSON_NODE_ARRAY);
  JsonArray *row = json_array_new ();
  guint width = last != NULL ? json_array_get_length (last) : 8;

  json_node_take_array (all, json_array_new ());
  for (guint i = 0; i < n; i++)
    json_array_add_element (json_node_get_array (all), json_node_copy (json_array_get_element (rows, i)));
  for (guint c = 0; c < width; c++)
    json_array_add_element (row, cell_node (last != NULL ? cell_price (last, c) : 50 + 10 * (gint64) c));
  json_array_add_array_element (json_node_get_array (all), row);
  set_market_value (self, "$.market.rows", all, _("Add a market row"));
}

static void
remove_row_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  JsonArray *rows = market_array (self, "rows");
  guint n = rows != NULL ? json_array_get_length (rows) : 0;
  g_autofree char *path = NULL;

  if (n <= 1)
    return;
  path = g_strdup_printf ("$.market.rows[%u]", n - 1);
  set_market_value (self, path, NULL, _("Remove a market row"));
}

static void
add_zone_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  JsonArray *zones = market_array (self, "zones");
  g_autoptr(JsonNode) all = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(JsonNode) zone = json_from_string ("{\"flag\": \"p\", \"color\": \"yellow\", "
                                               "\"label\": {\"en\": \"Par price\", \"ru\": \"Цена учреждения\"}}",
                                               NULL);

  json_node_take_array (all, json_array_new ());
  for (guint i = 0; zones != NULL && i < json_array_get_length (zones); i++)
    json_array_add_element (json_node_get_array (all), json_node_copy (json_array_get_element (zones, i)));
  json_array_add_element (json_node_get_array (all), g_steal_pointer (&zone));
  set_market_value (self, "$.market.zones", all, _("Add a market zone"));
}

static void
remove_zone_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (widget);
  g_autofree char *path = g_strdup_printf ("$.market.zones[%u]", g_variant_get_uint32 (parameter));

  set_market_value (self, path, NULL, _("Remove a market zone"));
}

/* ---- the object ------------------------------------------------------------------------------ */

static void
build_form (KolEditorMarketPage *self)
{
  static const char * const kinds[] = { "2d", "1d", NULL };
  const char *kind_labels[] = { _("Grid (2D)"), _("Line (1D)"), NULL };
  GtkWidget *par;

  clear_grid (self->form_grid);
  if (self->doc == NULL)
    return;
  kol_editor_form_add (self->form_grid, 0, _("_Kind"),
                       kol_editor_field_choice (self->doc, "$.market.kind", kinds, kind_labels, NULL,
                                                _("Market kind")));
  par = kol_editor_field_numbers (self->doc, "$.market.par", _("Par prices"));
  gtk_widget_set_hexpand (par, FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (par), 28);
  kol_editor_form_add (self->form_grid, 1, _("_Par prices"), par);
}

static void
kol_editor_market_page_dispose (GObject *object)
{
  KolEditorMarketPage *self = KOL_EDITOR_MARKET_PAGE (object);

  kol_editor_market_page_set_document (self, NULL);
  g_clear_pointer (&self->shape, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_MARKET_PAGE);

  G_OBJECT_CLASS (kol_editor_market_page_parent_class)->dispose (object);
}

static void
kol_editor_market_page_class_init (KolEditorMarketPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_market_page_dispose;
  gtk_widget_class_install_action (widget_class, "market-page.add-cell", "u", add_cell_action_cb);
  gtk_widget_class_install_action (widget_class, "market-page.remove-cell", "u", remove_cell_action_cb);
  gtk_widget_class_install_action (widget_class, "market-page.add-row", NULL, add_row_action_cb);
  gtk_widget_class_install_action (widget_class, "market-page.remove-row", NULL, remove_row_action_cb);
  gtk_widget_class_install_action (widget_class, "market-page.add-zone", NULL, add_zone_action_cb);
  gtk_widget_class_install_action (widget_class, "market-page.remove-zone", "u", remove_zone_action_cb);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ui/kol-editor-market-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolEditorMarketPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolEditorMarketPage, form_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorMarketPage, cells_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorMarketPage, zones_grid);
  gtk_widget_class_bind_template_child (widget_class, KolEditorMarketPage, preview);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_market_page_init (KolEditorMarketPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_editor_market_page_set_document:
 * @self: the page
 * @doc: (nullable): the document to edit
 */
void
kol_editor_market_page_set_document (KolEditorMarketPage *self,
                                     KolTitleDocument    *doc)
{
  g_return_if_fail (KOL_IS_EDITOR_MARKET_PAGE (self));

  if (self->doc == doc)
    return;
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  g_set_object (&self->doc, doc);
  g_clear_pointer (&self->shape, g_array_unref);
  self->n_zones = 0;
  if (self->form_grid == NULL)
    return;
  build_form (self);
  clear_grid (self->cells_grid);
  clear_grid (self->zones_grid);
  gtk_picture_set_paintable (self->preview, NULL);
  if (doc != NULL)
    {
      g_signal_connect_object (doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      document_changed_cb (self, KOL_TITLE_CHANGE_ALL);
    }
}

/** kol_editor_market_page_get_preview: Returns: (transfer none): the picture of the market */
GtkPicture *
kol_editor_market_page_get_preview (KolEditorMarketPage *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_MARKET_PAGE (self), NULL);
  return self->preview;
}
