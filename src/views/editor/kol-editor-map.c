/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kol-editor-hex-form.h"
#include "kol-editor-map.h"
#include "kol-editor-util.h"
#include "kol-l10n.h"
#include "kol-svg-renderer.h"

/**
 * KolEditorMap:
 *
 * The map editor: the board as the engine loads it, with tools that act on
 * the hex clicked (select, paint a colour, terrain and cost, print a tile
 * of the manifest at a rotation, borders by clicking near an edge, home
 * reservations), the grid (layout, coordinates, rows and columns added or
 * removed), the variant overlay being edited, and on the right the form of
 * the hex selected. The tool is the property-action editor-map.tool.
 */
struct _KolEditorMap
{
  GtkWidget parent_instance;

  KolEditorPreview *preview;
  KolTitleDocument *doc;
  char             *tool;
  char             *selected;       /* hex id, kept across reloads */
  gboolean          updating;
  gboolean          has_board;
  GStrv             variants;       /* ids of the variant menu after "base map" */
  GStrv             terrains;       /* terrain types of the menu after "none" */
  GStrv             tiles;          /* manifest ids of the tile menu after "none" */
  GStrv             corporations;
  double            press_x;        /* where the last click on the map was */
  double            press_y;
  int               press_hex;
  gboolean          auto_fit;       /* the board is fitted to the view until zoomed */
  gboolean          fitting;

  GtkWidget      *box;
  GtkDropDown    *variant_dropdown;
  GtkGrid        *tools_grid;
  GtkStack       *tool_stack;
  GtkDropDown    *paint_color;
  GtkDropDown    *terrain_type;
  GtkSpinButton  *terrain_cost;
  GtkDropDown    *tile_dropdown;
  GtkSpinButton  *tile_rotation;
  GtkCheckButton *border_impassable;
  GtkDropDown    *home_corporation;
  GtkSpinButton  *home_city;
  GtkDropDown    *layout_dropdown;
  GtkDropDown    *axes_dropdown;
  KolMapView     *map_view;
  GtkStack       *inspector_stack;
  KolEditorHexForm *hex_form;
};

G_DEFINE_FINAL_TYPE (KolEditorMap, kol_editor_map, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  const char *id;
  const char *label;
  const char *tooltip;
} tools[] = {
  { "select", N_("_Select"), N_("Select hexes to edit them") },
  { "paint", N_("_Colour"), N_("Paint hexes a colour") },
  { "terrain", N_("Te_rrain"), N_("Give hexes a terrain and its cost") },
  { "tile", N_("T_ile"), N_("Print a tile of the manifest on hexes") },
  { "border", N_("_Border"), N_("Put borders on the edges of hexes") },
  { "home", N_("_Home"), N_("Reserve a city as a corporation's home") },
  { "add", N_("_Add Hex"), N_("Add a hex where the map has none") },
  { "remove", N_("Re_move Hex"), N_("Take hexes off the map") },
};

static const char * const standard_terrains[] = { "rough", "hills", "mountains", "water", NULL };

static const char *
terrain_label (const char *type)
{
  static const char * const labels[] = {
    NC_("terrain", "Rough"), NC_("terrain", "Hills"), NC_("terrain", "Mountains"), NC_("terrain", "Water"),
  };
  int i = kol_editor_index_of (standard_terrains, type);

  return i >= 0 ? g_dpgettext2 (NULL, "terrain", labels[i]) : type;
}

/* ---- reading the document ---------------------------------------------------------- */

static JsonObject *
root_object (KolTitleDocument *doc,
             KolTitleFile      file)
{
  JsonNode *root = kol_title_document_get_root (doc, file);

  return root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
}

static const char *
board_hex_id (KolEditorMap *self,
              int           hex)
{
  const KolEngine *engine = kol_map_view_get_board (self->map_view);

  return engine != NULL ? kol_board_query_hex_id (kol_board_query_title (engine), hex) : NULL;
}

static int
board_hex_index (KolEditorMap *self,
                 const char   *hex)
{
  const KolEngine *engine = kol_map_view_get_board (self->map_view);

  return engine != NULL ? kol_board_query_hex_by_id (kol_board_query_title (engine), hex) : -1;
}

/* Keeps a menu's items, and the ids behind them after its first item, in
 * step with the document; the selection stays on the same id. */
static void
set_menu (GtkDropDown        *dropdown,
          GStrv              *ids,
          const char         *first,
          GStrv               new_ids,
          const char * const *labels)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *kept = NULL;
  int again;

  if (*ids != NULL && new_ids != NULL && g_strv_equal ((const char * const *) *ids,
                                                       (const char * const *) new_ids))
    {
      g_strfreev (new_ids);
      return;
    }
  if (*ids != NULL && selected >= 1 && selected <= g_strv_length (*ids))
    kept = g_strdup ((*ids)[selected - 1]);
  gtk_string_list_append (model, first);
  for (guint i = 0; new_ids[i] != NULL; i++)
    gtk_string_list_append (model, labels != NULL ? labels[i] : new_ids[i]);
  g_strfreev (*ids);
  *ids = new_ids;
  again = kept != NULL ? kol_editor_index_of ((const char * const *) new_ids, kept) : -1;
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (model));
  gtk_drop_down_set_selected (dropdown, again >= 0 ? (guint) again + 1 : (selected == 0 ? 0 : 1));
}

/* An option of game.json by its name for people, else its id. */
static const char *
option_name (KolEditorMap *self,
             const char   *id)
{
  JsonNode *node = kol_title_document_get_value (self->doc, KOL_TITLE_FILE_GAME, "$.options");
  JsonArray *options = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonObject *option = json_array_get_object_element (options, i);
      JsonNode *name = option != NULL ? json_object_get_member (option, "name") : NULL;

      if (g_strcmp0 (kol_editor_object_string (option, "id"), id) == 0 && name != NULL)
        return kol_l10n_pick (name);
    }
  return id;
}

static char *
join_players (JsonArray *players)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (players); i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "",
                            json_array_get_int_element (players, i));
  return g_string_free (out, FALSE);
}

/* A variant as people know it: when it applies ("2 players", "3 players,
 * Small map"), not its id. */
static char *
variant_label (KolEditorMap *self,
               JsonObject   *variant)
{
  JsonObject *when = variant != NULL && json_object_has_member (variant, "when")
                     ? json_object_get_object_member (variant, "when") : NULL;
  JsonArray *players = when != NULL && json_object_has_member (when, "players")
                       ? json_object_get_array_member (when, "players") : NULL;
  JsonArray *options = when != NULL && json_object_has_member (when, "options")
                       ? json_object_get_array_member (when, "options") : NULL;
  GString *out = g_string_new (NULL);

  if (players != NULL && json_array_get_length (players) > 0)
    {
      g_autofree char *counts = join_players (players);
      guint last = (guint) json_array_get_int_element (players, json_array_get_length (players) - 1);

      /* Translators: when a map variant applies: %s is one or more player counts, "2" or "3, 4". */
      g_string_append_printf (out, ngettext ("%s player", "%s players", last), counts);
    }
  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, option_name (self, json_array_get_string_element (options, i)));
    }
  if (out->len == 0)
    g_string_append (out, kol_editor_object_string (variant, "id"));
  return g_string_free (out, FALSE);
}

static void
update_variants (KolEditorMap *self)
{
  GStrv ids = kol_title_document_dup_variant_ids (self->doc);
  int current = kol_editor_index_of ((const char * const *) ids, kol_title_document_get_variant (self->doc));
  JsonObject *map = root_object (self->doc, KOL_TITLE_FILE_MAP);
  JsonArray *variants = map != NULL && json_object_has_member (map, "variants")
                        ? json_object_get_array_member (map, "variants") : NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      JsonObject *variant = NULL;

      for (guint v = 0; variants != NULL && v < json_array_get_length (variants); v++)
        if (g_strcmp0 (kol_editor_object_string (json_array_get_object_element (variants, v), "id"), ids[i]) == 0)
          variant = json_array_get_object_element (variants, v);
      g_ptr_array_add (labels, variant_label (self, variant));
    }
  g_ptr_array_add (labels, NULL);
  set_menu (self->variant_dropdown, &self->variants, _("Base map"), ids, (const char * const *) labels->pdata);
  gtk_drop_down_set_selected (self->variant_dropdown, current >= 0 ? (guint) current + 1 : 0);
}

static void
collect_terrains (JsonNode     *hexes_node,
                  GStrvBuilder *builder,
                  GHashTable   *seen)
{
  JsonArray *hexes = hexes_node != NULL && JSON_NODE_HOLDS_ARRAY (hexes_node)
                     ? json_node_get_array (hexes_node) : NULL;

  for (guint i = 0; hexes != NULL && i < json_array_get_length (hexes); i++)
    {
      JsonObject *hex = json_array_get_object_element (hexes, i);
      JsonNode *terrain = hex != NULL ? json_object_get_member (hex, "terrain") : NULL;
      JsonArray *array = terrain != NULL && JSON_NODE_HOLDS_ARRAY (terrain) ? json_node_get_array (terrain) : NULL;

      for (guint k = 0; array != NULL && k < json_array_get_length (array); k++)
        {
          const char *type = kol_editor_object_string (json_array_get_object_element (array, k), "type");

          if (type != NULL && g_hash_table_add (seen, (gpointer) type))
            g_strv_builder_add (builder, type);
        }
    }
}

/* The usual terrain types and any other the map uses. */
static void
update_terrains (KolEditorMap *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonObject *map = root_object (self->doc, KOL_TITLE_FILE_MAP);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GStrv ids;

  for (guint i = 0; standard_terrains[i] != NULL; i++)
    {
      g_hash_table_add (seen, (gpointer) standard_terrains[i]);
      g_strv_builder_add (builder, standard_terrains[i]);
    }
  if (map != NULL)
    collect_terrains (json_object_get_member (map, "hexes"), builder, seen);
  ids = g_strv_builder_end (builder);
  for (guint i = 0; ids[i] != NULL; i++)
    g_ptr_array_add (labels, (gpointer) terrain_label (ids[i]));
  set_menu (self->terrain_type, &self->terrains, C_("terrain", "None"), ids,
            (const char * const *) labels->pdata);
}

static void
update_tiles (KolEditorMap *self)
{
  set_menu (self->tile_dropdown, &self->tiles, _("No tile (blank hex)"),
            kol_title_document_dup_tile_ids (self->doc), NULL);
}

static void
update_corporations (KolEditorMap *self)
{
  JsonObject *game = root_object (self->doc, KOL_TITLE_FILE_GAME);
  JsonNode *node = game != NULL ? json_object_get_member (game, "corporations") : NULL;
  JsonArray *corps = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  GStrv ids;

  for (guint i = 0; corps != NULL && i < json_array_get_length (corps); i++)
    {
      JsonObject *corp = json_array_get_object_element (corps, i);
      const char *id = kol_editor_object_string (corp, "id");
      JsonNode *name = corp != NULL ? json_object_get_member (corp, "name") : NULL;
      const char *text = name != NULL ? kol_l10n_pick (name) : NULL;

      if (id == NULL)
        continue;
      g_strv_builder_add (builder, id);
      /* Translators: a corporation in a menu: %1$s is its id, %2$s its name. */
      g_ptr_array_add (labels, text != NULL ? g_strdup_printf (_("%1$s — %2$s"), id, text) : g_strdup (id));
    }
  g_ptr_array_add (labels, NULL);
  ids = g_strv_builder_end (builder);
  set_menu (self->home_corporation, &self->corporations, _("No corporation"), ids,
            (const char * const *) labels->pdata);
}

static void
update_grid (KolEditorMap *self)
{
  JsonObject *map = root_object (self->doc, KOL_TITLE_FILE_MAP);
  JsonNode *axes = map != NULL ? json_object_get_member (map, "axes") : NULL;
  const char *x = axes != NULL && JSON_NODE_HOLDS_OBJECT (axes)
                  ? kol_editor_object_string (json_node_get_object (axes), "x") : NULL;

  self->updating = TRUE;
  gtk_drop_down_set_selected (self->layout_dropdown,
                              g_strcmp0 (kol_editor_map_layout (self->doc), "pointy") == 0 ? 1 : 0);
  gtk_drop_down_set_selected (self->axes_dropdown, g_strcmp0 (x, "letter") == 0 ? 1 : 0);
  self->updating = FALSE;
}

static void
document_changed_cb (KolEditorMap   *self,
                     KolTitleChange  what)
{
  self->updating = TRUE;
  if (what & KOL_TITLE_CHANGE_VARIANTS)
    update_variants (self);
  if (what & KOL_TITLE_CHANGE_TILES)
    update_tiles (self);
  if (what & KOL_TITLE_CHANGE_GAME)
    update_corporations (self);
  if (what & KOL_TITLE_CHANGE_HEXES)
    update_terrains (self);
  self->updating = FALSE;
  if (what & KOL_TITLE_CHANGE_GRID)
    update_grid (self);
}

static void
variant_notified_cb (KolEditorMap *self)
{
  self->updating = TRUE;
  update_variants (self);
  self->updating = FALSE;
}

/* ---- the board ---------------------------------------------------------------------- */

static void
show_selected (KolEditorMap *self)
{
  kol_editor_hex_form_set_hex (self->hex_form, self->selected);
  gtk_stack_set_visible_child_name (self->inspector_stack, self->selected != NULL ? "hex" : "none");
}

static void
selected_hex_notified_cb (KolEditorMap *self)
{
  const char *id = board_hex_id (self, kol_map_view_get_selected_hex (self->map_view));

  if (self->updating)
    return;
  g_free (self->selected);
  self->selected = g_strdup (id);
  show_selected (self);
}

/* A new title keeps the same hex selected, by id. */
static void
preview_updated_cb (KolEditorMap *self)
{
  const KolEngine *engine = kol_editor_preview_get_game (self->preview);

  if (engine == NULL)
    return;
  self->updating = TRUE;
  if (self->has_board)
    kol_map_view_update_title (self->map_view, engine);
  else
    {
      self->auto_fit = TRUE;
      kol_map_view_set_board (self->map_view, engine);
    }
  self->has_board = TRUE;
  kol_map_view_set_selected_hex (self->map_view, board_hex_index (self, self->selected));
  self->updating = FALSE;
  if (board_hex_index (self, self->selected) < 0)
    g_clear_pointer (&self->selected, g_free);
  show_selected (self);
}

/* The map view draws the coordinates on a band at its edge when the
 * board's own margin is narrower than a label; a fitted board keeps this
 * much room on each side so that the band never covers the outer hexes. */
#define AXIS_ROOM 34.0

static double
fitted_zoom (KolViewport *viewport)
{
  double width = kol_viewport_get_width (viewport);
  double height = kol_viewport_get_height (viewport);
  double factor = 1.0;

  if (width > 4 * AXIS_ROOM && height > 4 * AXIS_ROOM)
    factor = MIN ((width - 2 * AXIS_ROOM) / width, (height - 2 * AXIS_ROOM) / height);
  return kol_viewport_get_fit_zoom (viewport) * factor;
}

static void
fit_board (KolEditorMap *self)
{
  KolViewport *viewport = kol_map_view_get_viewport (self->map_view);

  kol_viewport_fit (viewport);
  kol_viewport_set_zoom (viewport, fitted_zoom (viewport));
}

/* Until the user zooms, the whole board stays in view as the view's size
 * changes (the panes around it settle after the board is first shown). */
static void
viewport_size_cb (KolEditorMap *self)
{
  if (self->auto_fit)
    fit_board (self);
}

static void
viewport_zoom_cb (KolEditorMap *self)
{
  KolViewport *viewport = kol_map_view_get_viewport (self->map_view);
  double fit = kol_viewport_get_fit_zoom (viewport);
  double zoom = kol_viewport_get_zoom (viewport);

  /* the view's own fit (a new board, Ctrl+0) counts as fitted too */
  self->auto_fit = fabs (zoom - fitted_zoom (viewport)) <= fit * 1e-6 || fabs (zoom - fit) <= fit * 1e-6;
  if (fabs (zoom - fit) <= fit * 1e-6 && !self->fitting)
    {
      self->fitting = TRUE;
      fit_board (self);
      self->fitting = FALSE;
    }
}

/* ---- tools ---------------------------------------------------------------------------- */

static const char *
menu_id (GtkDropDown *dropdown,
         GStrv        ids)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  return ids != NULL && i >= 1 && i <= g_strv_length (ids) ? ids[i - 1] : NULL;
}

/* The edge of @hex nearest to where the map was clicked. */
static int
clicked_edge (KolEditorMap *self,
              int           hex)
{
  const KolEngine *engine = kol_map_view_get_board (self->map_view);
  KolViewport *viewport = kol_map_view_get_viewport (self->map_view);
  double bx, by, best = G_MAXDOUBLE;
  int edge = -1;

  if (hex != self->press_hex)
    return -1;
  kol_viewport_widget_to_board (viewport, self->press_x, self->press_y, &bx, &by);
  for (int e = 0; e < 6; e++)
    {
      double ex, ey, d;

      kol_svg_board_edge_point (kol_board_query_title (engine), hex, e, &ex, &ey);
      d = hypot (ex - bx, ey - by);
      if (d < best)
        {
          best = d;
          edge = e;
        }
    }
  return edge;
}

static KolBorderKind
border_kind (KolEditorMap *self,
             const char   *hex,
             int           edge)
{
  JsonObject *object = kol_title_document_get_hex (self->doc, hex);
  JsonNode *node = object != NULL ? json_object_get_member (object, "borders") : NULL;
  JsonArray *borders = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; borders != NULL && i < json_array_get_length (borders); i++)
    {
      JsonObject *border = json_array_get_object_element (borders, i);

      if (kol_editor_object_int (border, "edge", -1) == edge)
        return g_strcmp0 (kol_editor_object_string (border, "type"), "impassable") == 0
               ? KOL_BORDER_IMPASSABLE : KOL_BORDER_DRAWN;
    }
  return KOL_BORDER_NONE;
}

/* The border tool puts its kind of border on the edge clicked, or takes
 * it away when that border is there already. */
static gboolean
apply_border (KolEditorMap  *self,
              int            hex,
              const char    *id,
              GError       **error)
{
  int edge = clicked_edge (self, hex);
  KolBorderKind kind = gtk_check_button_get_active (self->border_impassable)
                       ? KOL_BORDER_IMPASSABLE : KOL_BORDER_DRAWN;

  if (edge < 0)
    return TRUE;
  if (border_kind (self, id, edge) == kind)
    kind = KOL_BORDER_NONE;
  return kol_title_document_set_hex_border (self->doc, id, edge, kind, error);
}

/* The home tool reserves the hex for the corporation, or frees it when it
 * is that corporation's home already. */
static gboolean
apply_home (KolEditorMap  *self,
            const char    *id,
            GError       **error)
{
  const char *corp = menu_id (self->home_corporation, self->corporations);
  g_auto(GStrv) homes = NULL;

  if (corp == NULL)
    return TRUE;
  homes = kol_title_document_dup_homes_on_hex (self->doc, id);
  if (homes != NULL && g_strv_contains ((const char * const *) homes, corp))
    return kol_title_document_set_home (self->doc, corp, NULL, 0, error);
  return kol_title_document_set_home (self->doc, corp, id,
                                      gtk_spin_button_get_value_as_int (self->home_city), error);
}

static gboolean
apply_tile (KolEditorMap  *self,
            const char    *id,
            GError       **error)
{
  const char *tile = menu_id (self->tile_dropdown, self->tiles);
  int rotation = gtk_spin_button_get_value_as_int (self->tile_rotation);

  if (tile == NULL)
    return kol_title_document_set_hex_tile (self->doc, id, NULL, 0, error);
  return kol_title_document_set_hex_tile_from_manifest (self->doc, id, tile, rotation, error);
}

static gboolean
apply_tool (KolEditorMap  *self,
            int            hex,
            const char    *id,
            GError       **error)
{
  guint color = gtk_drop_down_get_selected (self->paint_color);

  if (g_str_equal (self->tool, "paint") && color < KOL_EDITOR_N_COLORS)
    return kol_title_document_set_hex_color (self->doc, id, kol_editor_colors[color], error);
  if (g_str_equal (self->tool, "terrain"))
    return kol_title_document_set_hex_terrain (self->doc, id, menu_id (self->terrain_type, self->terrains),
                                               gtk_spin_button_get_value_as_int (self->terrain_cost),
                                               error);
  if (g_str_equal (self->tool, "tile"))
    return apply_tile (self, id, error);
  if (g_str_equal (self->tool, "border"))
    return apply_border (self, hex, id, error);
  if (g_str_equal (self->tool, "home"))
    return apply_home (self, id, error);
  if (g_str_equal (self->tool, "remove"))
    return kol_title_document_remove_hex (self->doc, id, error);
  return TRUE;
}

/* The add tool acts where the map has no hex, so on the press itself. */
static void
add_hex_at (KolEditorMap *self,
            double        x,
            double        y)
{
  const KolEngine *engine = kol_map_view_get_board (self->map_view);
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  double bx, by;

  if (engine == NULL || self->doc == NULL)
    return;
  kol_viewport_widget_to_board (kol_map_view_get_viewport (self->map_view), x, y, &bx, &by);
  id = kol_board_query_grid_id_at (kol_board_query_title (engine), bx, by);
  if (id == NULL || !kol_title_document_add_hex (self->doc, id, "white", &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
hex_activated_cb (KolEditorMap *self,
                  int           hex)
{
  g_autofree char *id = g_strdup (board_hex_id (self, hex));
  g_autoptr(GError) error = NULL;

  if (id == NULL || self->doc == NULL)
    return;
  if (!apply_tool (self, hex, id, &error))
    kol_editor_report (GTK_WIDGET (self), error);
  self->press_hex = -1;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            KolEditorMap    *self)
{
  int node;

  self->press_x = x;
  self->press_y = y;
  if (!kol_map_view_pick (self->map_view, x, y, &self->press_hex, &node))
    self->press_hex = -1;
  if (self->press_hex < 0 && g_strcmp0 (self->tool, "add") == 0)
    add_hex_at (self, x, y);
}

/* The tile tool shows its tile on the hex under the pointer. */
static void
update_tentative (KolEditorMap *self)
{
  int hex = kol_map_view_get_hovered_hex (self->map_view);
  const char *tile = menu_id (self->tile_dropdown, self->tiles);
  int index = self->preview != NULL && tile != NULL ? kol_editor_preview_tile_index (self->preview, tile) : -1;

  if (self->tool == NULL || !g_str_equal (self->tool, "tile") || hex < 0 || index < 0)
    kol_map_view_set_tentative_tile (self->map_view, -1, 0, 0);
  else
    kol_map_view_set_tentative_tile (self->map_view, hex, index,
                                     gtk_spin_button_get_value_as_int (self->tile_rotation));
}

static void
rotate_requested_cb (KolEditorMap *self,
                     int           step)
{
  int rotation = gtk_spin_button_get_value_as_int (self->tile_rotation);

  gtk_spin_button_set_value (self->tile_rotation, (rotation + step + 6) % 6);
}

/* ---- actions ---------------------------------------------------------------------------- */

static void
zoom_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolEditorMap *self = KOL_EDITOR_MAP (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (g_str_equal (name, "map.zoom-reset"))
    fit_board (self);
  else
    gtk_widget_activate_action (GTK_WIDGET (self->map_view), name, NULL);
}

static void
add_line_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  KolEditorMap *self = KOL_EDITOR_MAP (widget);
  const char *where = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;
  int min_x, max_x, min_y, max_y;
  KolGridLine line = KOL_GRID_ROW;
  int coordinate;

  if (self->doc == NULL || !kol_title_document_get_extent (self->doc, &min_x, &max_x, &min_y, &max_y))
    return;
  if (g_str_equal (where, "top"))
    coordinate = min_y - 1;
  else if (g_str_equal (where, "bottom"))
    coordinate = max_y + 1;
  else
    {
      line = KOL_GRID_COLUMN;
      coordinate = g_str_equal (where, "left") ? min_x - 1 : max_x + 1;
    }
  if (kol_title_document_add_line (self->doc, line, coordinate, &error) == 0)
    kol_editor_report (widget, error);
}

static void
remove_line_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  KolEditorMap *self = KOL_EDITOR_MAP (widget);
  const KolEngine *engine = kol_map_view_get_board (self->map_view);
  int hex = kol_map_view_get_selected_hex (self->map_view);
  gboolean row = g_str_equal (g_variant_get_string (parameter, NULL), "row");
  g_autoptr(GError) error = NULL;
  int x = 0, y = 0;

  if (self->doc == NULL || engine == NULL || !kol_board_query_hex_grid (kol_board_query_title (engine), hex, &x, &y))
    return;
  if (kol_title_document_remove_line (self->doc, row ? KOL_GRID_ROW : KOL_GRID_COLUMN, row ? y : x, &error) == 0)
    kol_editor_report (widget, error);
}

static void
variant_changed_cb (KolEditorMap *self)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->doc == NULL)
    return;
  if (!kol_title_document_set_variant (self->doc, menu_id (self->variant_dropdown, self->variants), &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

static void
grid_changed_cb (KolEditorMap *self)
{
  gboolean pointy = gtk_drop_down_get_selected (self->layout_dropdown) == 1;
  gboolean letters_x = gtk_drop_down_get_selected (self->axes_dropdown) == 1;
  g_autoptr(GError) error = NULL;

  JsonObject *map;
  JsonNode *axes;
  gboolean was_pointy, was_letters_x;

  if (self->updating || self->doc == NULL)
    return;
  map = root_object (self->doc, KOL_TITLE_FILE_MAP);
  axes = map != NULL ? json_object_get_member (map, "axes") : NULL;
  was_pointy = g_strcmp0 (kol_editor_map_layout (self->doc), "pointy") == 0;
  was_letters_x = axes != NULL && JSON_NODE_HOLDS_OBJECT (axes)
                  && g_strcmp0 (kol_editor_object_string (json_node_get_object (axes), "x"), "letter") == 0;
  /* a new layout brings its own axes (kol_title_document_set_layout()) */
  if (pointy != was_pointy)
    {
      if (!kol_title_document_set_layout (self->doc, pointy ? "pointy" : "flat", &error))
        kol_editor_report (GTK_WIDGET (self), error);
      return;
    }
  if (letters_x != was_letters_x
      && !kol_title_document_set_axes (self->doc, letters_x ? "letter" : "number",
                                       letters_x ? "number" : "letter", &error))
    kol_editor_report (GTK_WIDGET (self), error);
}

/* ---- the object -------------------------------------------------------------------------- */

static void
build_tools (KolEditorMap *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_mnemonic (_(tools[i].label));

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor-map.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].id);
      gtk_widget_set_tooltip_text (button, _(tools[i].tooltip));
      gtk_grid_attach (self->tools_grid, button, (int) i % 2, (int) i / 2, 1, 1);
    }
}

static void
kol_editor_map_dispose (GObject *object)
{
  KolEditorMap *self = KOL_EDITOR_MAP (object);

  kol_editor_map_set_preview (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_EDITOR_MAP);

  G_OBJECT_CLASS (kol_editor_map_parent_class)->dispose (object);
}

static void
kol_editor_map_finalize (GObject *object)
{
  KolEditorMap *self = KOL_EDITOR_MAP (object);

  g_free (self->tool);
  g_free (self->selected);
  g_strfreev (self->variants);
  g_strfreev (self->terrains);
  g_strfreev (self->tiles);
  g_strfreev (self->corporations);

  G_OBJECT_CLASS (kol_editor_map_parent_class)->finalize (object);
}

static void
kol_editor_map_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KolEditorMap *self = KOL_EDITOR_MAP (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_editor_map_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KolEditorMap *self = KOL_EDITOR_MAP (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      kol_editor_map_set_tool (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KolEditorMap, name)

static void
kol_editor_map_class_init (KolEditorMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_editor_map_dispose;
  object_class->finalize = kol_editor_map_finalize;
  object_class->get_property = kol_editor_map_get_property;
  object_class->set_property = kol_editor_map_set_property;

  /**
   * KolEditorMap:tool:
   *
   * What a click on a hex does: "select", "paint", "terrain", "tile",
   * "border" or "home".
   */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, "select",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_property_action (widget_class, "editor-map.tool", "tool");
  gtk_widget_class_install_action (widget_class, "editor-map.zoom", "s", zoom_action_cb);
  gtk_widget_class_install_action (widget_class, "editor-map.add-line", "s", add_line_action_cb);
  gtk_widget_class_install_action (widget_class, "editor-map.remove-line", "s", remove_line_action_cb);

  g_type_ensure (KOL_TYPE_MAP_VIEW);
  g_type_ensure (KOL_TYPE_EDITOR_HEX_FORM);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-editor-map.ui");
  BIND (box);
  BIND (variant_dropdown);
  BIND (tools_grid);
  BIND (tool_stack);
  BIND (paint_color);
  BIND (terrain_type);
  BIND (terrain_cost);
  BIND (tile_dropdown);
  BIND (tile_rotation);
  BIND (border_impassable);
  BIND (home_corporation);
  BIND (home_city);
  BIND (layout_dropdown);
  BIND (axes_dropdown);
  BIND (map_view);
  BIND (inspector_stack);
  BIND (hex_form);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_editor_map_init (KolEditorMap *self)
{
  g_autoptr(GtkStringList) colors = kol_editor_color_model (FALSE);
  GtkGesture *press = gtk_gesture_click_new ();

  self->tool = g_strdup ("select");
  self->press_hex = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  build_tools (self);
  gtk_drop_down_set_model (self->paint_color, G_LIST_MODEL (colors));
  gtk_drop_down_set_selected (self->paint_color, 0);

  /* before the view's own click, which activates the hex on release */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), GTK_EVENT_CONTROLLER (press));

  g_signal_connect_object (kol_map_view_get_viewport (self->map_view), "notify::width",
                           G_CALLBACK (viewport_size_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (kol_map_view_get_viewport (self->map_view), "notify::height",
                           G_CALLBACK (viewport_size_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (kol_map_view_get_viewport (self->map_view), "notify::zoom",
                           G_CALLBACK (viewport_zoom_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->map_view, "hex-activated", G_CALLBACK (hex_activated_cb), self);
  g_signal_connect_swapped (self->map_view, "notify::selected-hex", G_CALLBACK (selected_hex_notified_cb), self);
  g_signal_connect_swapped (self->map_view, "notify::hovered-hex", G_CALLBACK (update_tentative), self);
  g_signal_connect_swapped (self->map_view, "rotate-requested", G_CALLBACK (rotate_requested_cb), self);
  g_signal_connect_swapped (self->tile_rotation, "value-changed", G_CALLBACK (update_tentative), self);
  g_signal_connect_swapped (self->tile_dropdown, "notify::selected", G_CALLBACK (update_tentative), self);
  g_signal_connect_swapped (self->variant_dropdown, "notify::selected", G_CALLBACK (variant_changed_cb), self);
  g_signal_connect_swapped (self->layout_dropdown, "notify::selected", G_CALLBACK (grid_changed_cb), self);
  g_signal_connect_swapped (self->axes_dropdown, "notify::selected", G_CALLBACK (grid_changed_cb), self);
}

/**
 * kol_editor_map_new:
 *
 * Returns: (transfer floating): a map editor without a document
 */
GtkWidget *
kol_editor_map_new (void)
{
  return g_object_new (KOL_TYPE_EDITOR_MAP, NULL);
}

/**
 * kol_editor_map_set_preview:
 * @self: a map editor
 * @preview: (nullable): the preview of the document to edit
 *
 * The map view stops showing the title of the old preview before that
 * preview can go.
 */
void
kol_editor_map_set_preview (KolEditorMap     *self,
                            KolEditorPreview *preview)
{
  g_return_if_fail (KOL_IS_EDITOR_MAP (self));
  g_return_if_fail (preview == NULL || KOL_IS_EDITOR_PREVIEW (preview));

  if (self->preview == preview)
    return;
  if (self->preview != NULL)
    g_signal_handlers_disconnect_by_data (self->preview, self);
  if (self->doc != NULL)
    g_signal_handlers_disconnect_by_data (self->doc, self);
  if (self->map_view != NULL)
    kol_map_view_set_board (self->map_view, NULL);
  self->has_board = FALSE;
  g_clear_pointer (&self->selected, g_free);
  if (self->hex_form != NULL)
    kol_editor_hex_form_set_preview (self->hex_form, preview);
  g_set_object (&self->preview, preview);
  g_set_object (&self->doc, (preview != NULL ? kol_editor_preview_get_document (preview) : NULL));
  if (preview == NULL)
    return;
  g_signal_connect_object (preview, "updated", G_CALLBACK (preview_updated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->doc, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->doc, "notify::variant", G_CALLBACK (variant_notified_cb), self,
                           G_CONNECT_SWAPPED);
  document_changed_cb (self, KOL_TITLE_CHANGE_ALL);
  preview_updated_cb (self);
}

/** kol_editor_map_get_map_view: Returns: (transfer none): the board */
KolMapView *
kol_editor_map_get_map_view (KolEditorMap *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_MAP (self), NULL);
  return self->map_view;
}

/** kol_editor_map_get_tool: Returns: (transfer none): see KolEditorMap:tool */
const char *
kol_editor_map_get_tool (KolEditorMap *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_MAP (self), NULL);
  return self->tool;
}

/**
 * kol_editor_map_set_tool:
 * @self: a map editor
 * @tool: see KolEditorMap:tool
 */
void
kol_editor_map_set_tool (KolEditorMap *self,
                         const char   *tool)
{
  gboolean known = FALSE;

  g_return_if_fail (KOL_IS_EDITOR_MAP (self));

  for (guint i = 0; tool != NULL && i < G_N_ELEMENTS (tools); i++)
    known |= g_str_equal (tools[i].id, tool);
  if (!known || g_strcmp0 (self->tool, tool) == 0)
    return;
  g_free (self->tool);
  self->tool = g_strdup (tool);
  gtk_stack_set_visible_child_name (self->tool_stack, tool);
  update_tentative (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/** kol_editor_map_get_selected_hex: Returns: (transfer none) (nullable): the hex selected */
const char *
kol_editor_map_get_selected_hex (KolEditorMap *self)
{
  g_return_val_if_fail (KOL_IS_EDITOR_MAP (self), NULL);
  return self->selected;
}

/**
 * kol_editor_map_select_hex:
 * @self: a map editor
 * @hex: a hex id
 *
 * Selects the hex and scrolls the map to it.
 *
 * Returns: whether the map shows that hex
 */
gboolean
kol_editor_map_select_hex (KolEditorMap *self,
                           const char   *hex)
{
  const KolEngine *engine = kol_map_view_get_board (self->map_view);
  int index = board_hex_index (self, hex);
  double x, y;

  g_return_val_if_fail (KOL_IS_EDITOR_MAP (self), FALSE);

  if (index < 0)
    return FALSE;
  kol_map_view_set_selected_hex (self->map_view, index);
  kol_svg_board_hex_center (kol_board_query_title (engine), index, &x, &y);
  kol_viewport_ensure_visible (kol_map_view_get_viewport (self->map_view), x, y, KOL_SVG_HEX_RADIUS * 1.5);
  return TRUE;
}
