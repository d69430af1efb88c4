/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kol-editor-export-dialog.h"
#include "kol-editor-issues.h"
#include "kol-editor-hex-form.h"
#include "kol-editor-map.h"
#include "kol-editor-node-row.h"
#include "kol-editor-page.h"
#include "kol-editor-preview.h"
#include "kol-editor-save-dialog.h"
#include "kol-editor-tile-form.h"
#include "kol-editor-tiles.h"
#include "kol-editor-unsaved-dialog.h"
#include "kol-title-info.h"
#include "kol-title-issue.h"
#include "ui-test-utils.h"

/*
 * The tile and map editor (issue 9) driven through its own widgets: 1849
 * opened, a tile's count changed in the tile form and a hex's terrain with
 * the map's terrain tool, a city's revenue changed in its row with the
 * tile's picture following, undone and redone with the page's actions, saved
 * as a new title (the built-in one is never written) into a fresh
 * XDG_DATA_HOME, read back, and listed among the titles; a crafted bad
 * title shows its problem in the validation panel, and activating it
 * selects the hex on the map (or the tile in the tile list); the map is
 * printed to PDF through GtkPrintOperation and exported through the print
 * library, at real scale and fitted to one page; unsaved changes are asked
 * about.
 */

static char *data_home;

typedef struct
{
  GtkWidget     *window;
  KolEditorPage *page;
} Fixture;

static char *
title_dir (const char *title)
{
  return g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title, NULL);
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (GTK_WIDGET (widget));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  f->page = KOL_EDITOR_PAGE (kol_editor_page_new ());
  g_object_ref_sink (f->page);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  gtk_window_present (GTK_WINDOW (f->window));
  kol_test_wait_until (is_mapped, f->page);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->page);
}

static void
open_title (Fixture    *f,
            const char *title)
{
  g_autofree char *dir = title_dir (title);
  g_autoptr(GError) error = NULL;

  g_assert_true (kol_editor_page_open (f->page, dir, &error));
  g_assert_no_error (error);
}

static GtkWidget *
descendant (Fixture *f,
            GType    type)
{
  GtkWidget *widget = kol_test_find_descendant (GTK_WIDGET (f->page), type);

  g_assert_nonnull (widget);
  return widget;
}

static gpointer
template_child (gpointer    widget,
                GType       type,
                const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  g_assert_nonnull (child);
  return child;
}

static gint64
tile_count (KolTitleDocument *doc,
            const char       *tile)
{
  return json_object_get_int_member (kol_title_document_get_tile (doc, tile), "count");
}

/* The type of the first terrain of @hex, or NULL. */
static const char *
hex_terrain (KolTitleDocument *doc,
             const char       *hex)
{
  JsonObject *object = kol_title_document_get_hex (doc, hex);
  JsonArray *terrain;

  if (object == NULL || !json_object_has_member (object, "terrain"))
    return NULL;
  terrain = json_object_get_array_member (object, "terrain");
  return json_object_get_string_member (json_array_get_object_element (terrain, 0), "type");
}

/* ---- editing through the widgets --------------------------------------------------- */

static void
set_tile_count (Fixture    *f,
                const char *tile,
                int         count)
{
  KolEditorTiles *tiles = KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES));
  KolEditorTileForm *form = template_child (tiles, KOL_TYPE_EDITOR_TILES, "tile_form");

  g_assert_true (kol_editor_tiles_select_tile (tiles, tile));
  g_assert_cmpstr (kol_editor_tile_form_get_tile (form), ==, tile);
  gtk_spin_button_set_value (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "count_spin"), count);
}

static int
hex_index (KolMapView *map_view,
           const char *hex)
{
  const KolEngine *board = kol_map_view_get_board (map_view);

  g_assert_nonnull (board);
  return kol_title_hex_by_id (board->title, hex);
}

/* The terrain tool, set to mountains at 160, clicked on @hex. */
static void
paint_mountains (Fixture    *f,
                 const char *hex)
{
  KolEditorMap *map = KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP));
  KolMapView *map_view = kol_editor_map_get_map_view (map);
  GtkDropDown *type = template_child (map, KOL_TYPE_EDITOR_MAP, "terrain_type");
  GListModel *types = gtk_drop_down_get_model (type);
  guint mountains = GTK_INVALID_LIST_POSITION;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "map");
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "terrain");
  g_assert_cmpstr (kol_editor_map_get_tool (map), ==, "terrain");
  for (guint i = 0; i < g_list_model_get_n_items (types); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (types), i), "Mountains"))
      mountains = i;
  g_assert_cmpuint (mountains, !=, GTK_INVALID_LIST_POSITION);
  gtk_drop_down_set_selected (type, mountains);
  gtk_spin_button_set_value (template_child (map, KOL_TYPE_EDITOR_MAP, "terrain_cost"), 160);
  g_signal_emit_by_name (map_view, "hex-activated", hex_index (map_view, hex));
}

typedef struct
{
  KolMapView *map_view;
  const char *hex;
  const char *terrain;
} BoardWait;

/* The map shows the document as it is now (the preview reloads a moment
 * after each change). */
static gboolean
board_has_terrain (gpointer data)
{
  BoardWait *w = data;
  const KolEngine *board = kol_map_view_get_board (w->map_view);
  int hex = kol_title_hex_by_id (board->title, w->hex);

  return g_strcmp0 (board->title->hexes[hex].terrain, w->terrain) == 0;
}

static KolEditorSaveDialog *
find_save_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (KOL_IS_EDITOR_SAVE_DIALOG (window))
        return KOL_EDITOR_SAVE_DIALOG (window);
    }
  return NULL;
}

static gboolean
listed (const char *id)
{
  g_autoptr(GListModel) titles = kol_title_info_list_titles ();

  for (guint i = 0; i < g_list_model_get_n_items (titles); i++)
    {
      g_autoptr(KolTitleInfo) info = g_list_model_get_item (titles, i);

      if (g_str_equal (kol_title_info_get_id (info), id))
        return TRUE;
    }
  return FALSE;
}

/* Save on a built-in title asks for a new id and writes the copy to the
 * user's titles. */
static void
save_as_new_title (Fixture    *f,
                   const char *id)
{
  KolEditorSaveDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.save", NULL));
  dialog = find_save_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (template_child (dialog, KOL_TYPE_EDITOR_SAVE_DIALOG, "id_entry"), id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "save-dialog.accept", NULL));
  g_assert_null (find_save_dialog ());
}

static void
test_edit_save_reload (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *builtin = title_dir ("1849");
  g_autofree char *saved = NULL;
  g_autoptr(KolTitleDocument) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  KolTitleDocument *doc;
  BoardWait wait;
  gint64 count;

  open_title (f, "1849");
  doc = kol_editor_page_get_document (f->page);
  g_assert_true (kol_title_document_get_built_in (doc));
  count = tile_count (doc, "8");
  g_assert_cmpint (count, ==, 10);
  g_assert_null (hex_terrain (doc, "B12"));

  set_tile_count (f, "8", 7);
  g_assert_cmpint (tile_count (doc, "8"), ==, 7);
  paint_mountains (f, "B12");
  g_assert_cmpstr (hex_terrain (doc, "B12"), ==, "mountains");
  wait = (BoardWait) { kol_editor_map_get_map_view (KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP))),
                       "B12", "mountains" };
  kol_test_wait_until (board_has_terrain, &wait);
  g_assert_true (kol_editor_page_get_modified (f->page));

  /* undo and redo, as Ctrl+Z and Ctrl+Shift+Z do */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_null (hex_terrain (doc, "B12"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_cmpint (tile_count (doc, "8"), ==, 10);
  g_assert_false (kol_editor_page_get_modified (f->page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.redo", NULL));
  g_assert_cmpint (tile_count (doc, "8"), ==, 7);
  g_assert_cmpstr (hex_terrain (doc, "B12"), ==, "mountains");

  save_as_new_title (f, "1849-edited");
  g_assert_false (kol_editor_page_get_modified (f->page));
  g_assert_false (kol_title_document_get_built_in (doc));
  saved = g_build_filename (data_home, "koleya", "games", "1849-edited", NULL);
  g_assert_cmpstr (kol_title_document_get_path (doc), ==, saved);

  /* read back from the disk; the built-in title is untouched */
  reloaded = kol_title_document_new_from_directory (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kol_title_document_get_id (reloaded), ==, "1849-edited");
  g_assert_cmpint (tile_count (reloaded, "8"), ==, 7);
  g_assert_cmpstr (hex_terrain (reloaded, "B12"), ==, "mountains");
  g_clear_object (&reloaded);
  reloaded = kol_title_document_new_from_directory (builtin, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tile_count (reloaded, "8"), ==, 10);

  /* the new game dialog finds titles through KolTitleInfo */
  g_assert_true (listed ("1849-edited"));
}

/* The tile tool, set to @tile at @rotation, clicked on @hex. */
static void
print_tile (Fixture    *f,
            const char *hex,
            const char *tile,
            int         rotation)
{
  KolEditorMap *map = KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP));
  KolMapView *map_view = kol_editor_map_get_map_view (map);
  GtkDropDown *tiles = template_child (map, KOL_TYPE_EDITOR_MAP, "tile_dropdown");
  GListModel *items = gtk_drop_down_get_model (tiles);
  guint position = GTK_INVALID_LIST_POSITION;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "map");
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "tile");
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (items), i), tile))
      position = i;
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  gtk_drop_down_set_selected (tiles, position);
  gtk_spin_button_set_value (template_child (map, KOL_TYPE_EDITOR_MAP, "tile_rotation"), rotation);
  g_signal_emit_by_name (map_view, "hex-activated", hex_index (map_view, hex));
}

typedef struct
{
  KolMapView *map_view;
  const char *hex;
  guint       n_paths;
} TileWait;

/* The map (as the engine loads the document) shows a tile with @n_paths
 * track on the hex. */
static gboolean
board_has_tile (gpointer data)
{
  TileWait *w = data;
  const KolEngine *board = kol_map_view_get_board (w->map_view);
  const KolHexDef *hex = &board->title->hexes[kol_title_hex_by_id (board->title, w->hex)];

  return hex->tile >= 0 && board->title->tiles[hex->tile].n_paths == w->n_paths;
}

/* The colour of the selected hex chosen in the hex form. */
static void
set_hex_color (Fixture    *f,
               const char *hex,
               guint       color)
{
  KolEditorMap *map = KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP));
  KolEditorHexForm *form = template_child (map, KOL_TYPE_EDITOR_MAP, "hex_form");

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "map");
  g_assert_true (kol_editor_map_select_hex (map, hex));
  gtk_drop_down_set_selected (template_child (form, KOL_TYPE_EDITOR_HEX_FORM, "color_dropdown"), color);
}

/* A blank hex made yellow in the hex form, then a manifest tile printed
 * on it with the tile tool: in the document at its rotation, on the map,
 * and gone again with undo. */
static void
test_print_tile_on_hex (Fixture       *f,
                        gconstpointer  data)
{
  KolTitleDocument *doc;
  JsonObject *hex;
  TileWait wait;

  open_title (f, "1849");
  doc = kol_editor_page_get_document (f->page);
  g_assert_false (json_object_has_member (kol_title_document_get_hex (doc, "B12"), "tile"));
  g_assert_cmpstr (json_object_get_string_member (kol_title_document_get_hex (doc, "B12"), "color"), !=, "yellow");

  set_hex_color (f, "B12", 1);  /* kol_editor_colors: white, yellow, … */
  g_assert_cmpstr (json_object_get_string_member (kol_title_document_get_hex (doc, "B12"), "color"), ==, "yellow");

  print_tile (f, "B12", "8", 2);
  hex = kol_title_document_get_hex (doc, "B12");
  g_assert_true (json_object_has_member (hex, "tile"));
  g_assert_cmpint (json_object_get_int_member_with_default (hex, "rotation", 0), ==, 2);
  wait = (TileWait) { kol_editor_map_get_map_view (KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP))),
                      "B12", 1 };
  kol_test_wait_until (board_has_tile, &wait);

  wait.n_paths = 0;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_false (json_object_has_member (kol_title_document_get_hex (doc, "B12"), "tile"));
  kol_test_wait_until (board_has_tile, &wait);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_cmpstr (json_object_get_string_member (kol_title_document_get_hex (doc, "B12"), "color"), !=, "yellow");
  g_assert_false (kol_editor_page_get_modified (f->page));
}

/* ---- a city's revenue and the tile's picture ----------------------------------------- */

typedef struct
{
  KolEditorPreview *preview;
  guint             serial;
} PreviewWait;

static gboolean
preview_updated (gpointer data)
{
  PreviewWait *w = data;

  return kol_editor_preview_get_serial (w->preview) != w->serial;
}

/* The revenue the preview's title (as the engine loads it) gives @tile's
 * first node. */
static int
preview_revenue (KolEditorPreview *preview,
                 const char       *tile)
{
  const KolTitle *title = kol_editor_preview_get_title (preview);
  int index = kol_editor_preview_tile_index (preview, tile);

  g_assert_cmpint (index, >=, 0);
  return title->tiles[index].nodes[0].revenue.fixed;
}

static gint64
node_revenue (KolTitleDocument *doc,
              const char       *tile)
{
  JsonArray *nodes = json_object_get_array_member (kol_title_document_get_tile (doc, tile), "nodes");

  return json_object_get_int_member (json_array_get_object_element (nodes, 0), "revenue");
}

/* Edits @tile's first city in its row of the form; returns when the
 * preview has loaded the change. */
static void
set_city_revenue (Fixture    *f,
                  const char *tile,
                  int         revenue)
{
  KolEditorTiles *tiles = KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES));
  KolEditorTileForm *form = template_child (tiles, KOL_TYPE_EDITOR_TILES, "tile_form");
  KolEditorNodeRow *row;
  PreviewWait wait;

  g_assert_true (kol_editor_tiles_select_tile (tiles, tile));
  row = KOL_EDITOR_NODE_ROW (kol_test_find_descendant (GTK_WIDGET (form), KOL_TYPE_EDITOR_NODE_ROW));
  g_assert_nonnull (row);
  g_assert_cmpstr (kol_editor_node_row_get_node (row), ==, "c0");
  wait = (PreviewWait) { kol_editor_tile_form_get_preview (form), 0 };
  wait.serial = kol_editor_preview_get_serial (wait.preview);
  gtk_spin_button_set_value (template_child (row, KOL_TYPE_EDITOR_NODE_ROW, "revenue_spin"), revenue);
  kol_test_wait_until (preview_updated, &wait);
}

static GdkPaintable *
tile_picture (Fixture *f)
{
  KolEditorTiles *tiles = KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES));
  KolEditorTileForm *form = template_child (tiles, KOL_TYPE_EDITOR_TILES, "tile_form");

  return gtk_picture_get_paintable (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "preview"));
}

/* A city's revenue typed into its row reaches the document, the title the
 * engine loads and the tile's picture; undo and redo bring both back. */
static void
test_city_revenue_preview (Fixture       *f,
                           gconstpointer  data)
{
  KolTitleDocument *doc;
  KolEditorPreview *preview;
  g_autoptr(GdkPaintable) before = NULL;
  PreviewWait wait;

  open_title (f, "1849");
  doc = kol_editor_page_get_document (f->page);
  g_assert_true (kol_editor_tiles_select_tile (KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES)), "644"));
  before = g_object_ref (tile_picture (f));
  g_assert_cmpint (node_revenue (doc, "644"), ==, 20);

  set_city_revenue (f, "644", 30);
  g_assert_cmpint (node_revenue (doc, "644"), ==, 30);
  preview = kol_editor_tile_form_get_preview (template_child (descendant (f, KOL_TYPE_EDITOR_TILES),
                                                              KOL_TYPE_EDITOR_TILES, "tile_form"));
  g_assert_cmpint (preview_revenue (preview, "644"), ==, 30);
  g_assert_nonnull (tile_picture (f));
  g_assert_true (tile_picture (f) != before);
  g_assert_true (kol_editor_page_get_modified (f->page));

  wait = (PreviewWait) { preview, kol_editor_preview_get_serial (preview) };
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_cmpint (node_revenue (doc, "644"), ==, 20);
  kol_test_wait_until (preview_updated, &wait);
  g_assert_cmpint (preview_revenue (preview, "644"), ==, 20);
  g_assert_false (kol_editor_page_get_modified (f->page));

  wait.serial = kol_editor_preview_get_serial (preview);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.redo", NULL));
  g_assert_cmpint (node_revenue (doc, "644"), ==, 30);
  kol_test_wait_until (preview_updated, &wait);
  g_assert_cmpint (preview_revenue (preview, "644"), ==, 30);
}

/* ---- validation ------------------------------------------------------------------------ */

static gboolean
checked (gpointer issues)
{
  return !kol_editor_issues_get_checking (KOL_EDITOR_ISSUES (issues));
}

static guint
find_issue (GListModel *issues,
            const char *code,
            const char *hex)
{
  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (issues, i);

      if (g_str_equal (kol_title_issue_get_code (issue), code) &&
          g_strcmp0 (kol_title_issue_get_hex (issue), hex) == 0)
        return i;
    }
  return G_MAXUINT;
}

static guint
find_tile_issue (GListModel *issues,
                 const char *code,
                 const char *tile)
{
  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (issues, i);

      if (g_str_equal (kol_title_issue_get_code (issue), code) &&
          g_strcmp0 (kol_title_issue_get_tile (issue), tile) == 0)
        return i;
    }
  return G_MAXUINT;
}

/* A hex walled in by impassable borders on all six sides is reported, and
 * activating the report selects the hex on the map. */
static void
test_validation_jumps_to_hex (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) doc = kol_title_document_new_from_template (NULL, "walled", &error);
  KolEditorIssues *issues;
  KolEditorMap *map;
  guint position;

  g_assert_no_error (error);
  kol_editor_page_set_document (f->page, doc);
  issues = KOL_EDITOR_ISSUES (descendant (f, KOL_TYPE_EDITOR_ISSUES));
  kol_test_wait_until (checked, issues);
  g_assert_cmpuint (find_issue (kol_editor_issues_get_issues (issues), "unreachable-hex", "C3"), ==, G_MAXUINT);

  for (int edge = 0; edge < 6; edge++)
    {
      g_assert_true (kol_title_document_set_hex_border (doc, "C3", edge, KOL_BORDER_IMPASSABLE, &error));
      g_assert_no_error (error);
    }
  g_assert_true (kol_editor_issues_get_checking (issues));
  kol_test_wait_until (checked, issues);
  position = find_issue (kol_editor_issues_get_issues (issues), "unreachable-hex", "C3");
  g_assert_cmpuint (position, !=, G_MAXUINT);

  map = KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (map)));
  kol_editor_issues_activate (issues, position);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (map)) || gtk_widget_get_child_visible (GTK_WIDGET (map)));
  g_assert_cmpstr (kol_editor_map_get_selected_hex (map), ==, "C3");
  g_assert_cmpint (kol_map_view_get_selected_hex (kol_editor_map_get_map_view (map)), ==,
                   hex_index (kol_editor_map_get_map_view (map), "C3"));
}

/* A tile left without copies (its count set to 0 in the form) is reported,
 * and activating the report brings the tile list back with the tile
 * selected. */
static void
test_validation_jumps_to_tile (Fixture       *f,
                               gconstpointer  data)
{
  KolEditorIssues *issues;
  KolEditorTiles *tiles;
  guint position;

  open_title (f, "1849");
  issues = KOL_EDITOR_ISSUES (descendant (f, KOL_TYPE_EDITOR_ISSUES));
  tiles = KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES));
  kol_test_wait_until (checked, issues);
  g_assert_cmpuint (find_tile_issue (kol_editor_issues_get_issues (issues), "zero-count", "9"), ==, G_MAXUINT);

  set_tile_count (f, "9", 0);
  kol_test_wait_until (checked, issues);
  position = find_tile_issue (kol_editor_issues_get_issues (issues), "zero-count", "9");
  g_assert_cmpuint (position, !=, G_MAXUINT);

  /* elsewhere: another tile selected, the map shown */
  g_assert_true (kol_editor_tiles_select_tile (tiles, "8"));
  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "map");
  kol_editor_issues_activate (issues, position);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (tiles)));
  g_assert_cmpstr (kol_editor_tiles_get_selected_tile (tiles), ==, "9");
}

/* ---- printing ------------------------------------------------------------------------------ */

static void
assert_pdf (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
}

/* The pages of a PDF, counted by their page objects. */
static guint
pdf_pages (const char *path)
{
  static const char needle[] = "/Type /Page";
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint pages = 0;

  /* PDFs hold NUL bytes: no string functions */
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize i = 0; i + sizeof needle < length; i++)
    if (memcmp (contents + i, needle, sizeof needle - 1) == 0 && contents[i + sizeof needle - 1] != 's')
      pages++;
  return pages;
}

static void
test_print_and_export (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *printed = g_build_filename (data_home, "printed-map.pdf", NULL);
  g_autofree char *exported = g_build_filename (data_home, "exported-tiles.pdf", NULL);
  g_autofree char *real = g_build_filename (data_home, "map-real.pdf", NULL);
  g_autofree char *fitted = g_build_filename (data_home, "map-fitted.pdf", NULL);
  g_autofree char *market = g_build_filename (data_home, "market.svg", NULL);
  g_autofree char *svg = NULL;

  open_title (f, "1849");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.print", "(ss)", "map", printed));
  assert_pdf (printed);
  /* the print path lays the map out as export does: 2 × 2 landscape pages */
  g_assert_cmpuint (pdf_pages (printed), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.export", "(ss)", "tiles", exported));
  assert_pdf (exported);

  /* the map at board scale takes several A4 pages, fitted one */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.export", "(ss)", "map", real));
  assert_pdf (real);
  g_assert_cmpuint (pdf_pages (real), >, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.fit", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.export", "(ss)", "map", fitted));
  g_assert_cmpuint (pdf_pages (fitted), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.export", "(ss)", "market", market));
  g_assert_true (g_file_get_contents (market, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, "<svg"));

  g_remove (printed);
  g_remove (exported);
  g_remove (real);
  g_remove (fitted);
  g_remove (market);
}

static KolEditorExportDialog *
find_export_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (KOL_IS_EDITOR_EXPORT_DIALOG (window))
        return KOL_EDITOR_EXPORT_DIALOG (window);
    }
  return NULL;
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Export… opens the dialog with the sheets asked, named in the title's
 * words, and it says what the job will do as the choices change. */
static void
test_export_dialog (Fixture       *f,
                    gconstpointer  data)
{
  KolEditorExportDialog *dialog;
  KolPrintOptions opts;
  KolPrintOutput output;
  GtkWidget *trains;

  open_title (f, "1840");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.export", "(ss)", "all", ""));
  dialog = find_export_dialog ();
  g_assert_nonnull (dialog);
  kol_editor_export_dialog_get_options (dialog, &opts, &output);
  g_assert_cmpuint (opts.sheets, ==, KOL_PRINT_ALL_SHEETS);
  g_assert_cmpint (opts.paper, ==, KOL_PAPER_A4);
  trains = find_named (GTK_WIDGET (dialog), "trains");
  g_assert_nonnull (trains);
  g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (trains)), ==, "Trams");

  kol_editor_export_dialog_update_now (dialog);
  g_assert_nonnull (strstr (kol_editor_export_dialog_get_summary (dialog), "Trams: 3 pages"));
  g_assert_nonnull (strstr (kol_editor_export_dialog_get_summary (dialog), "In all: 28 pages"));

  opts.fit = TRUE;
  opts.sheets = KOL_PRINT_MAP;
  kol_editor_export_dialog_set_options (dialog, &opts, &output);
  kol_editor_export_dialog_update_now (dialog);
  g_assert_nonnull (strstr (kol_editor_export_dialog_get_summary (dialog), "fitted to one page"));

  opts.sheets = 0;
  kol_editor_export_dialog_set_options (dialog, &opts, &output);
  kol_editor_export_dialog_update_now (dialog);
  g_assert_cmpstr (kol_editor_export_dialog_get_summary (dialog), ==, "Choose at least one sheet.");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* ---- unsaved changes ---------------------------------------------------------------------- */

static KolEditorUnsavedDialog *
find_unsaved_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (KOL_IS_EDITOR_UNSAVED_DIALOG (window))
        return KOL_EDITOR_UNSAVED_DIALOG (window);
    }
  return NULL;
}

static void
record_decision (KolEditorPage *page,
                 gboolean       proceed,
                 gpointer       user_data)
{
  *(int *) user_data = proceed ? 1 : 0;
}

static void
test_unsaved_changes_asked (Fixture       *f,
                            gconstpointer  data)
{
  int decision = -1;

  open_title (f, "1849");
  kol_editor_page_confirm_close (f->page, record_decision, &decision);
  g_assert_cmpint (decision, ==, 1);  /* nothing to lose: no question */
  g_assert_null (find_unsaved_dialog ());

  set_tile_count (f, "9", 3);
  decision = -1;
  kol_editor_page_confirm_close (f->page, record_decision, &decision);
  g_assert_cmpint (decision, ==, -1);
  g_assert_nonnull (find_unsaved_dialog ());
  kol_editor_unsaved_dialog_respond (find_unsaved_dialog (), KOL_EDITOR_UNSAVED_CANCEL);
  g_assert_cmpint (decision, ==, 0);
  g_assert_true (kol_editor_page_get_modified (f->page));

  kol_editor_page_confirm_close (f->page, record_decision, &decision);
  kol_editor_unsaved_dialog_respond (find_unsaved_dialog (), KOL_EDITOR_UNSAVED_DISCARD);
  g_assert_cmpint (decision, ==, 1);
}

/* Play is insensitive while the title has an error its rules module
 * reports, and its tooltip says which (issue 17). */
static void
test_play_disabled (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) doc = kol_title_document_new_from_template (NULL, "unplayable", &error);
  g_autoptr(JsonNode) value = json_from_string ("{\"kind\": \"quarter\"}", NULL);
  KolEditorIssues *issues;
  GtkWidget *play;
  const char *tooltip;

  g_assert_no_error (error);
  kol_editor_page_set_document (f->page, doc);
  issues = KOL_EDITOR_ISSUES (descendant (f, KOL_TYPE_EDITOR_ISSUES));
  kol_test_wait_until (checked, issues);
  play = template_child (f->page, KOL_TYPE_EDITOR_PAGE, "play_button");
  tooltip = gtk_widget_get_tooltip_text (play);
  g_assert_null (strstr (tooltip, "quarter"));

  g_assert_true (kol_title_document_set_value (doc, KOL_TITLE_FILE_GAME, "$.rules.private_auction", value, &error));
  g_assert_no_error (error);
  kol_test_wait_until (checked, issues);
  g_assert_false (gtk_widget_get_sensitive (play));
  tooltip = gtk_widget_get_tooltip_text (play);
  g_assert_nonnull (strstr (tooltip, "\"quarter\""));
  g_assert_nonnull (strstr (tooltip, "\"waterfall\", \"fixed_price\", \"none\""));
}

/* New creates a title from the template in the user's folder, opens it and
 * lists it. */
static void
test_new_from_template (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *saved = g_build_filename (data_home, "koleya", "games", "my-own", NULL);
  KolEditorSaveDialog *dialog;
  KolTitleDocument *doc;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.new", NULL));
  dialog = find_save_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (template_child (dialog, KOL_TYPE_EDITOR_SAVE_DIALOG, "id_entry"), "my-own");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "save-dialog.accept", NULL));
  g_assert_null (find_save_dialog ());

  doc = kol_editor_page_get_document (f->page);
  g_assert_nonnull (doc);
  g_assert_cmpstr (kol_title_document_get_id (doc), ==, "my-own");
  g_assert_cmpstr (kol_title_document_get_path (doc), ==, saved);
  g_assert_false (kol_title_document_get_built_in (doc));
  g_assert_false (kol_editor_page_get_modified (f->page));
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_DIR));
  g_assert_true (listed ("my-own"));
}

/* The list of titles opens the one activated. */
static void
test_open_from_list (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *dir = title_dir ("1840");

  g_assert_null (kol_editor_page_get_document (f->page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.open-title", "s", dir));
  g_assert_nonnull (kol_editor_page_get_document (f->page));
  g_assert_cmpstr (kol_title_document_get_id (kol_editor_page_get_document (f->page)), ==, "1840");
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (kol_test_skip_without_display ())
    return 0;
  /* saved titles go to a fresh folder, set before GLib reads it */
  data_home = g_dir_make_tmp ("koleya-editor-test-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/editor/edit-save-reload", Fixture, NULL, fixture_set_up, test_edit_save_reload,
              fixture_tear_down);
  g_test_add ("/editor/print-tile-on-hex", Fixture, NULL, fixture_set_up, test_print_tile_on_hex,
              fixture_tear_down);
  g_test_add ("/editor/city-revenue-preview", Fixture, NULL, fixture_set_up, test_city_revenue_preview,
              fixture_tear_down);
  g_test_add ("/editor/validation-jumps-to-hex", Fixture, NULL, fixture_set_up,
              test_validation_jumps_to_hex, fixture_tear_down);
  g_test_add ("/editor/validation-jumps-to-tile", Fixture, NULL, fixture_set_up,
              test_validation_jumps_to_tile, fixture_tear_down);
  g_test_add ("/editor/export-dialog", Fixture, NULL, fixture_set_up, test_export_dialog, fixture_tear_down);
  g_test_add ("/editor/print-and-export", Fixture, NULL, fixture_set_up, test_print_and_export,
              fixture_tear_down);
  g_test_add ("/editor/unsaved-changes-asked", Fixture, NULL, fixture_set_up,
              test_unsaved_changes_asked, fixture_tear_down);
  g_test_add ("/editor/play-disabled", Fixture, NULL, fixture_set_up, test_play_disabled, fixture_tear_down);
  g_test_add ("/editor/new-from-template", Fixture, NULL, fixture_set_up, test_new_from_template,
              fixture_tear_down);
  g_test_add ("/editor/open-from-list", Fixture, NULL, fixture_set_up, test_open_from_list,
              fixture_tear_down);

  status = g_test_run ();
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
