/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "kol-editor-companies-page.h"
#include "kol-editor-fields.h"
#include "kol-editor-game-page.h"
#include "kol-editor-export-dialog.h"
#include "kol-editor-issues.h"
#include "kol-editor-market-page.h"
#include "kol-editor-trains-page.h"
#include "kol-editor-hex-form.h"
#include "kol-editor-map.h"
#include "kol-editor-node-row.h"
#include "kol-editor-page.h"
#include "kol-editor-path-row.h"
#include "kol-editor-preview.h"
#include "kol-editor-save-dialog.h"
#include "kol-editor-tile-form.h"
#include "kol-editor-tiles.h"
#include "kol-editor-unsaved-dialog.h"
#include "kol-editor-upgrade-chart.h"
#include "kol-editor-util.h"
#include "kol-svg-renderer.h"
#include "kol-application.h"
#include "kol-game-page.h"
#include "kol-new-game-dialog.h"
#include "kol-title-info.h"
#include "kol-window.h"
#include "kol-title-issue.h"
#include "ui-test-utils.h"

/*
 * The tile and map editor driven through its own widgets: 1849
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
  kol_test_wait_until (kol_test_is_mapped, f->page);
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
 * reports, and its tooltip says which. */
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

/* ---- game.json's pages ----------------------------------------------------- */

/* The control under @root showing the value at @path. */
static GtkWidget *
find_field (GtkWidget  *root,
            const char *path)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (kol_editor_field_get_path (child), path) == 0)
        return child;
      if ((found = find_field (child, path)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
page_field (Fixture    *f,
            GType       page_type,
            const char *path)
{
  GtkWidget *page = descendant (f, page_type);
  GtkWidget *field = find_field (page, path);

  g_assert_nonnull (field);
  return field;
}

static char *
game_json (KolTitleDocument *doc,
           const char       *path)
{
  JsonNode *node = kol_title_document_get_value (doc, KOL_TITLE_FILE_GAME, path);
  g_autoptr(JsonGenerator) generator = NULL;

  if (node == NULL)
    return NULL;
  generator = json_generator_new ();
  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

static void
assert_game_json (KolTitleDocument *doc,
                  const char       *path,
                  const char       *expected)
{
  g_autofree char *actual = game_json (doc, path);

  g_assert_cmpstr (actual, ==, expected);
}

/* tests/model/titles/editor: the template as these tests were written for;
 * the template itself may grow. */
static char *
fixture_template (void)
{
  return g_test_build_filename (G_TEST_DIST, "model", "titles", "editor", NULL);
}

static KolTitleDocument *
new_template_document (Fixture    *f,
                       const char *id)
{
  g_autofree char *dir = fixture_template ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) doc = kol_title_document_new_from_template (dir, id, &error);

  g_assert_no_error (error);
  kol_editor_page_set_document (f->page, doc);
  return kol_editor_page_get_document (f->page);
}

/* The trains and phases tables: a price typed, a train added, a train
 * renamed with the phase it starts, each one named Undo step. */
static void
test_trains_page (Fixture       *f,
                  gconstpointer  data)
{
  KolTitleDocument *doc = new_template_document (f, "trains-page");
  GtkWidget *price, *id;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "trains");
  price = page_field (f, KOL_TYPE_EDITOR_TRAINS_PAGE, "$.trains[0].price");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (price), 95);
  assert_game_json (doc, "$.trains[0].price", "95");
  g_assert_cmpstr (kol_title_document_get_undo_label (doc), ==, "Train price");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (descendant (f, KOL_TYPE_EDITOR_TRAINS_PAGE)),
                                             "trains-page.add", "s", "trains"));
  assert_game_json (doc, "$.trains[3].id", "\"5\"");
  g_assert_nonnull (page_field (f, KOL_TYPE_EDITOR_TRAINS_PAGE, "$.trains[3].price"));

  /* the third train's id, typed and entered */
  id = gtk_widget_get_first_child (gtk_widget_get_parent (page_field (f, KOL_TYPE_EDITOR_TRAINS_PAGE,
                                                                      "$.trains[2].name")));
  for (; id != NULL; id = gtk_widget_get_next_sibling (id))
    if (GTK_IS_ENTRY (id) && g_str_equal (gtk_editable_get_text (GTK_EDITABLE (id)), "4"))
      break;
  g_assert_nonnull (id);
  gtk_editable_set_text (GTK_EDITABLE (id), "4D");
  g_signal_emit_by_name (id, "activate");
  assert_game_json (doc, "$.trains[2].id", "\"4D\"");
  assert_game_json (doc, "$.phases[2].on", "\"4D\"");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  assert_game_json (doc, "$.phases[2].on", "\"4\"");
}

typedef struct
{
  GtkPicture   *picture;
  GdkPaintable *before;
} PictureWait;

static gboolean
picture_changed (gpointer data)
{
  PictureWait *w = data;

  return gtk_picture_get_paintable (w->picture) != w->before;
}

/* The market's cells typed in, a row added, the picture drawn again; a
 * cell the loader refuses is marked as soon as the check has run. */
static void
test_market_page (Fixture       *f,
                  gconstpointer  data)
{
  KolTitleDocument *doc = new_template_document (f, "market-page");
  KolEditorMarketPage *market = KOL_EDITOR_MARKET_PAGE (descendant (f, KOL_TYPE_EDITOR_MARKET_PAGE));
  KolEditorIssues *issues = KOL_EDITOR_ISSUES (descendant (f, KOL_TYPE_EDITOR_ISSUES));
  PictureWait wait = { kol_editor_market_page_get_preview (market), NULL };
  GtkWidget *cell;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "market");
  /* held, so that a new picture cannot take its address */
  wait.before = g_object_ref (gtk_picture_get_paintable (wait.picture));
  g_assert_nonnull (wait.before);
  cell = page_field (f, KOL_TYPE_EDITOR_MARKET_PAGE, "$.market.rows[0][0]");
  gtk_editable_set_text (GTK_EDITABLE (cell), "58");
  assert_game_json (doc, "$.market.rows[0][0]", "\"58\"");
  g_assert_true (picture_changed (&wait));
  g_clear_object (&wait.before);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (market), "market-page.add-row", NULL));
  assert_game_json (doc, "$.market.rows[4]", "[\"40\",\"50\",\"55\",\"60\",\"65\",\"70\"]");
  g_assert_nonnull (page_field (f, KOL_TYPE_EDITOR_MARKET_PAGE, "$.market.rows[4][5]"));

  /* the grid was built again for the new row */
  cell = page_field (f, KOL_TYPE_EDITOR_MARKET_PAGE, "$.market.rows[0][0]");
  kol_test_wait_until (checked, issues);
  g_assert_false (gtk_widget_has_css_class (cell, "error"));
  gtk_editable_set_text (GTK_EDITABLE (cell), "cheap");
  kol_test_wait_until (checked, issues);
  g_assert_true (gtk_widget_has_css_class (cell, "error"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (cell));

  /* activating the problem elsewhere brings the cell back, focused */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "tiles");
  for (guint i = 0; i < g_list_model_get_n_items (kol_editor_issues_get_issues (issues)); i++)
    {
      g_autoptr(KolTitleIssue) issue = g_list_model_get_item (kol_editor_issues_get_issues (issues), i);

      if (g_str_has_prefix (kol_title_issue_get_path (issue), "$.market.rows[0][0]"))
        {
          kol_editor_issues_activate (issues, i);
          break;
        }
    }
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (market)));
  g_assert_true (gtk_widget_has_focus (cell) || gtk_widget_is_focus (cell)
                 || gtk_widget_get_focus_child (cell) != NULL);
}

static gboolean
ability_is_tile_lay (gpointer doc)
{
  g_autofree char *type = game_json (doc, "$.privates[0].abilities[0].type");

  return g_strcmp0 (type, "\"tile_lay\"") == 0;
}

/* The button under @root whose label is @label (mnemonic as written). */
static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A corporation added and named in its form; the player counts widened
 * with the certificate limits following. */
static void
test_corporations_and_title_pages (Fixture       *f,
                                   gconstpointer  data)
{
  KolTitleDocument *doc = new_template_document (f, "companies-page");
  KolEditorGamePage *game;
  GtkSpinButton *min, *max;
  GtkWidget *corporations = NULL;
  GtkWidget *privates, *add, *hexes, *frame;
  GtkDropDown *type;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "corporations");
  corporations = template_child (f->page, KOL_TYPE_EDITOR_PAGE, "corporations_page");
  g_assert_true (gtk_widget_activate_action (corporations, "companies-page.add", NULL));
  assert_game_json (doc, "$.corporations[2].id", "\"NEW\"");
  gtk_editable_set_text (GTK_EDITABLE (find_field (corporations, "$.corporations[2].name")), "Green Line");
  assert_game_json (doc, "$.corporations[2].name", "{\"en\":\"Green Line\",\"ru\":\"Новая дорога\"}");

  /* a private company and an ability from the standard set */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "privates");
  privates = template_child (f->page, KOL_TYPE_EDITOR_PAGE, "privates_page");
  g_assert_true (gtk_widget_activate_action (privates, "companies-page.add", NULL));
  add = NULL;
  for (GtkWidget *w = gtk_widget_get_first_child (kol_editor_companies_page_get_form (KOL_EDITOR_COMPANIES_PAGE (privates)));
       w != NULL && add == NULL; w = gtk_widget_get_next_sibling (w))
    add = find_button (w, "Add an A_bility");
  g_assert_nonnull (add);
  g_signal_emit_by_name (add, "clicked");
  assert_game_json (doc, "$.privates[0].abilities", "[{\"type\":\"blocks_hex\",\"hexes\":[]}]");
  frame = kol_test_find_descendant (kol_editor_companies_page_get_form (KOL_EDITOR_COMPANIES_PAGE (privates)),
                                    GTK_TYPE_FRAME);
  type = GTK_DROP_DOWN (kol_test_find_descendant (frame, GTK_TYPE_DROP_DOWN));
  gtk_drop_down_set_selected (type, 1);  /* tile_lay, written once the menu is done */
  kol_test_wait_until (ability_is_tile_lay, doc);
  assert_game_json (doc, "$.privates[0].abilities", "[{\"type\":\"tile_lay\",\"hexes\":[]}]");
  hexes = find_field (privates, "$.privates[0].abilities[0].hexes");
  g_assert_nonnull (hexes);
  gtk_editable_set_text (GTK_EDITABLE (hexes), "C3");
  g_signal_emit_by_name (hexes, "activate");
  assert_game_json (doc, "$.privates[0].abilities[0].hexes", "[\"C3\"]");
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_field (privates,
                                                                            "$.privates[0].abilities[0].extra"))));

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "game");
  game = KOL_EDITOR_GAME_PAGE (descendant (f, KOL_TYPE_EDITOR_GAME_PAGE));
  kol_editor_game_page_get_players (game, &min, &max);
  gtk_spin_button_set_value (max, 5);
  assert_game_json (doc, "$.players", "{\"min\":2,\"max\":5}");
  assert_game_json (doc, "$.cert_limit", "{\"2\":16,\"3\":12,\"4\":10,\"5\":10}");
  g_assert_nonnull (page_field (f, KOL_TYPE_EDITOR_GAME_PAGE, "$.cert_limit['5']"));
}

/* ---- tiles ------------------------------------------------------- */

static JsonArray *
tile_array (KolTitleDocument *doc,
            const char       *tile,
            const char       *key)
{
  return json_object_get_array_member (kol_title_document_get_tile (doc, tile), key);
}

/* A common tile added by number from the library; a city placed in the
 * centre; track added between two chosen edges, never twice; lanes. The
 * new tile's colour follows the colour shown, and another title starts
 * with no search left over. */
static void
test_tile_library_and_track (Fixture       *f,
                             gconstpointer  data)
{
  KolTitleDocument *doc = new_template_document (f, "tile-library");
  KolEditorTiles *tiles = KOL_EDITOR_TILES (descendant (f, KOL_TYPE_EDITOR_TILES));
  KolEditorTileForm *form = template_child (tiles, KOL_TYPE_EDITOR_TILES, "tile_form");
  GtkFlowBox *library = template_child (tiles, KOL_TYPE_EDITOR_TILES, "library_box");
  GtkWidget *node_row, *path_row;
  guint n_library = 0, n_paths;

  gtk_drop_down_set_selected (template_child (tiles, KOL_TYPE_EDITOR_TILES, "color_filter"), 3);  /* green */
  gtk_popover_popup (template_child (tiles, KOL_TYPE_EDITOR_TILES, "add_popover"));
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (library)); c != NULL; c = gtk_widget_get_next_sibling (c))
    n_library++;
  g_assert_cmpuint (n_library, >=, 80);
  g_assert_cmpuint (gtk_drop_down_get_selected (template_child (tiles, KOL_TYPE_EDITOR_TILES, "add_color")), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tiles), "tiles.add-library", "s", "58"));
  g_assert_cmpstr (kol_editor_tiles_get_selected_tile (tiles), ==, "58");
  g_assert_cmpuint (json_array_get_length (tile_array (doc, "58", "paths")), ==, 2);

  /* the city of 57 in the centre */
  g_assert_true (kol_editor_tiles_select_tile (tiles, "57"));
  node_row = kol_test_find_descendant (GTK_WIDGET (form), KOL_TYPE_EDITOR_NODE_ROW);
  gtk_drop_down_set_selected (template_child (node_row, KOL_TYPE_EDITOR_NODE_ROW, "loc_dropdown"), 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tile_array (doc, "57", "nodes"), 0),
                                                  "loc"), ==, "center");

  /* track from edge 1 to edge 4, and not again */
  n_paths = json_array_get_length (tile_array (doc, "57", "paths"));
  gtk_drop_down_set_selected (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "new_a_dropdown"), 1);
  gtk_drop_down_set_selected (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "new_b_dropdown"), 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "form.add-path", NULL));
  g_assert_cmpuint (json_array_get_length (tile_array (doc, "57", "paths")), ==, n_paths + 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (tile_array (doc, "57", "paths"), n_paths),
                                               "a"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (tile_array (doc, "57", "paths"), n_paths),
                                               "b"), ==, 4);
  gtk_drop_down_set_selected (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "new_a_dropdown"), 4);
  gtk_drop_down_set_selected (template_child (form, KOL_TYPE_EDITOR_TILE_FORM, "new_b_dropdown"), 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "form.add-path", NULL));
  g_assert_cmpuint (json_array_get_length (tile_array (doc, "57", "paths")), ==, n_paths + 1);

  /* two lanes on the first piece */
  path_row = kol_test_find_descendant (GTK_WIDGET (form), KOL_TYPE_EDITOR_PATH_ROW);
  gtk_spin_button_set_value (template_child (path_row, KOL_TYPE_EDITOR_PATH_ROW, "lanes_spin"), 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (tile_array (doc, "57", "paths"), 0),
                                               "lanes"), ==, 2);

  /* another title: no search carried over */
  gtk_editable_set_text (template_child (tiles, KOL_TYPE_EDITOR_TILES, "search_entry"), "57");
  open_title (f, "1849");
  g_assert_cmpstr (gtk_editable_get_text (template_child (tiles, KOL_TYPE_EDITOR_TILES, "search_entry")), ==, "");
  g_assert_cmpuint (gtk_drop_down_get_selected (template_child (tiles, KOL_TYPE_EDITOR_TILES, "color_filter")), ==, 0);
}

/* ---- the map -------------------------------------------------------- */

/* The editor map's own click gesture, pressed at widget point x, y. */
static void
press_map (KolEditorMap *map,
           double        x,
           double        y)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (kol_editor_map_get_map_view (map)));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller)
          && gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_CAPTURE)
        {
          g_signal_emit_by_name (controller, "pressed", 1, x, y);
          break;
        }
    }
  g_object_unref (controllers);
}

/* A hex taken off with the remove tool comes back with the add tool
 * clicked where it was; the home tool refuses a hex without a city at
 * once; the layout switch keeps the map and is one undo step; variants are
 * named by when they apply. */
static void
test_map_tools (Fixture       *f,
                gconstpointer  data)
{
  KolTitleDocument *doc = new_template_document (f, "map-tools");
  KolEditorMap *map = KOL_EDITOR_MAP (descendant (f, KOL_TYPE_EDITOR_MAP));
  KolMapView *view = kol_editor_map_get_map_view (map);
  const KolEngine *board;
  GtkDropDown *variants;
  int hex;
  double cx, cy, wx, wy;

  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "map");
  kol_test_wait_until (kol_test_is_mapped, view);
  board = kol_map_view_get_board (view);
  hex = kol_title_hex_by_id (board->title, "B4");
  kol_svg_board_hex_center (board->title, hex, &cx, &cy);
  kol_viewport_board_to_widget (kol_map_view_get_viewport (view), cx, cy, &wx, &wy);

  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "remove");
  g_signal_emit_by_name (view, "hex-activated", hex);
  g_assert_null (kol_title_document_get_hex (doc, "B4"));
  kol_editor_preview_update_now (kol_editor_tile_form_get_preview (template_child (descendant (f, KOL_TYPE_EDITOR_TILES),
                                                                                   KOL_TYPE_EDITOR_TILES, "tile_form")));
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "add");
  press_map (map, wx, wy);
  g_assert_nonnull (kol_title_document_get_hex (doc, "B4"));

  /* a home only on a city */
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "home");
  gtk_drop_down_set_selected (template_child (map, KOL_TYPE_EDITOR_MAP, "home_corporation"), 1);
  board = kol_map_view_get_board (view);
  g_signal_emit_by_name (view, "hex-activated", kol_title_hex_by_id (board->title, "A1"));
  assert_game_json (doc, "$.corporations[0].home", "\"C3\"");

  /* flat to pointy: the axes swap, every hex id stays */
  gtk_drop_down_set_selected (template_child (map, KOL_TYPE_EDITOR_MAP, "layout_dropdown"), 1);
  g_assert_cmpstr (kol_editor_map_layout (doc), ==, "pointy");
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (kol_title_document_get_value (doc,
                     KOL_TITLE_FILE_MAP, "$.axes")), "x"), ==, "letter");
  g_assert_nonnull (kol_title_document_get_hex (doc, "E5"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.undo", NULL));
  g_assert_cmpstr (kol_editor_map_layout (doc), ==, "flat");

  /* 1840's variants by their players, not their ids */
  open_title (f, "1840");
  variants = template_child (map, KOL_TYPE_EDITOR_MAP, "variant_dropdown");
  for (guint i = 1; i < g_list_model_get_n_items (gtk_drop_down_get_model (variants)); i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (variants)), i);

      g_assert_null (strstr (label, "_"));
      g_assert_nonnull (strstr (label, "player"));
    }
}

/* ---- hand edits, load errors, papercuts --------------------- */

static gboolean
is_visible (gpointer widget)
{
  return gtk_widget_get_visible (GTK_WIDGET (widget));
}

/* game.json edited by another program while the title is open: the
 * banner asks, and Reload takes the file as it is on disk. */
static void
test_hand_edits_asked (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *template = fixture_template ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) fresh = kol_title_document_new_from_template (template, "hand-edited", &error);
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  KolTitleDocument *doc;
  char *at;

  g_assert_true (kol_title_document_save (fresh, &error));
  g_assert_no_error (error);
  kol_editor_page_set_document (f->page, fresh);
  doc = kol_editor_page_get_document (f->page);
  path = g_build_filename (kol_title_document_get_path (doc), "game.json", NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, "\"bank\": 6000");
  g_assert_nonnull (at);
  edited = g_strdup_printf ("%.*s\"bank\": 6500%s", (int) (at - text), text, at + strlen ("\"bank\": 6000"));
  g_assert_true (g_file_set_contents (path, edited, -1, NULL));

  kol_test_wait_until (is_visible, template_child (f->page, KOL_TYPE_EDITOR_PAGE, "reload_button"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.reload-from-disk", NULL));
  assert_game_json (doc, "$.bank", "6500");
  g_assert_false (kol_editor_page_get_modified (f->page));
}

/* A title that does not load: its tiles are still drawn, Play says why it
 * cannot start and writes nothing. */
static void
test_load_error_fixable (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *template = fixture_template ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) broken = kol_title_document_new_from_template (template, "broken", &error);
  g_autoptr(JsonNode) track = json_from_string ("\"monorail\"", NULL);
  KolEditorPreview *preview;
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_true (kol_title_document_set_value (broken, KOL_TITLE_FILE_TILES, "$.tiles[1].paths[0].track", track,
                                               &error));
  g_assert_no_error (error);
  kol_editor_page_set_document (f->page, broken);
  preview = kol_editor_tile_form_get_preview (template_child (descendant (f, KOL_TYPE_EDITOR_TILES),
                                                              KOL_TYPE_EDITOR_TILES, "tile_form"));
  g_assert_nonnull (kol_editor_preview_get_error (preview));
  g_assert_nonnull (kol_editor_preview_get_title (preview));
  g_assert_cmpint (kol_editor_preview_tile_index (preview, "57"), >=, 0);
  texture = kol_editor_preview_tile_texture (preview, "57", 0, 72);
  g_assert_nonnull (texture);

  kol_test_wait_until (checked, descendant (f, KOL_TYPE_EDITOR_ISSUES));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (template_child (f->page, KOL_TYPE_EDITOR_PAGE,
                                                                         "play_button")), "monorail"));
  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.play", NULL);
  g_assert_false (g_file_test (kol_title_document_get_path (broken), G_FILE_TEST_EXISTS));
}

/* An error in the banner goes once an edit goes through; a new title
 * starts with nothing to undo; Ctrl+Z undoes while the focus is outside
 * the page (in the header bar); the upgrade chart's rows draw their tiles
 * at one size. */
static void
test_papercuts (Fixture       *f,
                gconstpointer  data)
{
  GtkRevealer *banner = template_child (f->page, KOL_TYPE_EDITOR_PAGE, "banner");
  GListModel *controllers;
  GtkWidget *chart, *list, *row;
  KolTitleDocument *doc;
  gboolean undone = FALSE;
  guint rows = 0;
  gint64 count;

  /* new title: the steps that made it are not undoable */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.new", NULL));
  gtk_editable_set_text (template_child (find_save_dialog (), KOL_TYPE_EDITOR_SAVE_DIALOG, "id_entry"), "papercuts");
  gtk_editable_set_text (template_child (find_save_dialog (), KOL_TYPE_EDITOR_SAVE_DIALOG, "name_entry"), "Papercuts");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_save_dialog ()), "save-dialog.accept", NULL));
  doc = kol_editor_page_get_document (f->page);
  g_assert_false (kol_title_document_get_can_undo (doc));

  /* an error's details (where in which file) are folded away */
  kol_editor_page_show_message (f->page, "Cannot open it.\n\nline 3, column 1: found the end", TRUE);
  g_assert_cmpstr (gtk_label_get_label (template_child (f->page, KOL_TYPE_EDITOR_PAGE, "banner_label")), ==,
                   "Cannot open it.");
  g_assert_true (gtk_widget_get_visible (template_child (f->page, KOL_TYPE_EDITOR_PAGE, "banner_details")));
  g_assert_cmpstr (gtk_label_get_label (template_child (f->page, KOL_TYPE_EDITOR_PAGE, "banner_details_label")), ==,
                   "line 3, column 1: found the end");
  kol_editor_page_show_message (f->page, "Refused", TRUE);
  g_assert_false (gtk_widget_get_visible (template_child (f->page, KOL_TYPE_EDITOR_PAGE, "banner_details")));
  g_assert_true (gtk_revealer_get_reveal_child (banner));
  count = tile_count (doc, "57");
  set_tile_count (f, "57", (int) count + 1);
  g_assert_false (gtk_revealer_get_reveal_child (banner));

  /* Ctrl+Z from outside the page: the page's global shortcut */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->page));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !undone; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      GListModel *shortcuts;

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
          || gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)) != GTK_SHORTCUT_SCOPE_GLOBAL)
        continue;
      shortcuts = G_LIST_MODEL (controller);
      for (guint k = 0; k < g_list_model_get_n_items (shortcuts) && !undone; k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (shortcuts, k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_z
              && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == GDK_CONTROL_MASK)
            undone = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (f->page), NULL);
        }
    }
  g_object_unref (controllers);
  g_assert_true (undone);
  g_assert_cmpint (tile_count (doc, "57"), ==, count);

  /* the chart: every row's tile at the same size */
  open_title (f, "1849");
  gtk_widget_activate_action (GTK_WIDGET (f->page), "editor.show", "s", "chart");
  chart = descendant (f, KOL_TYPE_EDITOR_UPGRADE_CHART);
  kol_test_wait_until (kol_test_is_mapped, chart);
  list = GTK_WIDGET (template_child (chart, KOL_TYPE_EDITOR_UPGRADE_CHART, "list"));
  for (row = gtk_widget_get_first_child (list); row != NULL && rows < 12; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      GtkWidget *picture = GTK_IS_BOX (box) ? gtk_widget_get_first_child (box) : NULL;
      int width;

      if (picture == NULL)
        continue;
      gtk_widget_measure (picture, GTK_ORIENTATION_HORIZONTAL, 300, NULL, &width, NULL, NULL);
      g_assert_cmpint (width, ==, 64);
      rows++;
    }
  g_assert_cmpuint (rows, >, 4);
}

/* ---- a whole title built in the GUI -------------------------------- */

static KolApplication *app;

static gboolean
idle_done (gpointer data)
{
  return !g_main_context_pending (NULL);
}

/* The window-relative point of @hex's centre on the editor's map. */
static void
hex_point (KolEditorMap *map,
           const char   *hex,
           double       *wx,
           double       *wy)
{
  KolMapView *view = kol_editor_map_get_map_view (map);
  const KolEngine *board = kol_map_view_get_board (view);
  double cx, cy;

  kol_svg_board_hex_center (board->title, kol_title_hex_by_id (board->title, hex), &cx, &cy);
  kol_viewport_board_to_widget (kol_map_view_get_viewport (view), cx, cy, wx, wy);
}

static void
activate_hex (KolEditorMap *map,
              const char   *hex)
{
  KolMapView *view = kol_editor_map_get_map_view (map);

  g_signal_emit_by_name (view, "hex-activated", kol_title_hex_by_id (kol_map_view_get_board (view)->title, hex));
}

/* A blank white hex of the map, not at its first or last place. */
static const char *
blank_hex (KolTitleDocument *doc)
{
  g_auto(GStrv) ids = kol_title_document_dup_hex_ids (doc);
  static char found[16];

  for (guint i = 1; ids[i] != NULL && ids[i + 1] != NULL; i++)
    {
      JsonObject *hex = kol_title_document_get_hex (doc, ids[i]);

      if (!json_object_has_member (hex, "tile") && !json_object_has_member (hex, "terrain")
          && g_strcmp0 (json_object_get_string_member (hex, "color"), "white") == 0)
        {
          g_strlcpy (found, ids[i], sizeof found);
          return found;
        }
    }
  return NULL;
}

static void
set_menu_item (GtkDropDown *dropdown,
               const char  *text)
{
  GListModel *items = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (items), i), text) == 0)
      {
        gtk_drop_down_set_selected (dropdown, i);
        return;
      }
  g_assert_not_reached ();
}

static void
build_map (KolEditorPage    *page,
           KolTitleDocument *doc,
           const char       *hex)
{
  KolEditorMap *map = KOL_EDITOR_MAP (kol_test_find_descendant (GTK_WIDGET (page), KOL_TYPE_EDITOR_MAP));
  KolEditorPreview *preview = kol_editor_tile_form_get_preview (
    template_child (kol_test_find_descendant (GTK_WIDGET (page), KOL_TYPE_EDITOR_TILES), KOL_TYPE_EDITOR_TILES,
                    "tile_form"));
  double wx, wy;

  gtk_widget_activate_action (GTK_WIDGET (page), "editor.show", "s", "map");
  kol_test_wait_until (kol_test_is_mapped, kol_editor_map_get_map_view (map));
  hex_point (map, hex, &wx, &wy);
  /* off the map and back with the add tool where it was */
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "remove");
  activate_hex (map, hex);
  g_assert_null (kol_title_document_get_hex (doc, hex));
  kol_editor_preview_update_now (preview);
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "add");
  press_map (map, wx, wy);
  g_assert_nonnull (kol_title_document_get_hex (doc, hex));
  kol_editor_preview_update_now (preview);
  /* a city printed on it from the tile set, hills around it */
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "tile");
  set_menu_item (template_child (map, KOL_TYPE_EDITOR_MAP, "tile_dropdown"), "57");
  activate_hex (map, hex);
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "terrain");
  gtk_drop_down_set_selected (template_child (map, KOL_TYPE_EDITOR_MAP, "terrain_type"), 2);  /* hills */
  gtk_spin_button_set_value (template_child (map, KOL_TYPE_EDITOR_MAP, "terrain_cost"), 40);
  activate_hex (map, hex);
  kol_editor_preview_update_now (preview);
}

static void
build_game (KolEditorPage    *page,
            KolTitleDocument *doc,
            const char       *hex)
{
  GtkWidget *root = GTK_WIDGET (page);
  GtkWidget *corporations = template_child (page, KOL_TYPE_EDITOR_PAGE, "corporations_page");
  GtkWidget *privates = template_child (page, KOL_TYPE_EDITOR_PAGE, "privates_page");
  KolEditorMap *map = KOL_EDITOR_MAP (kol_test_find_descendant (root, KOL_TYPE_EDITOR_MAP));
  g_auto(GStrv) trains = NULL;
  g_auto(GStrv) corps = NULL;
  g_auto(GStrv) companies = NULL;
  g_autofree char *home = NULL;
  guint train, corp;
  GtkWidget *add, *hexes;
  char path[64];

  /* the market: a cell and a row */
  gtk_widget_activate_action (root, "editor.show", "s", "market");
  gtk_editable_set_text (GTK_EDITABLE (find_field (root, "$.market.rows[0][0]")), "58");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kol_test_find_descendant (root, KOL_TYPE_EDITOR_MARKET_PAGE)),
                                             "market-page.add-row", NULL));
  /* a train of its own */
  gtk_widget_activate_action (root, "editor.show", "s", "trains");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kol_test_find_descendant (root, KOL_TYPE_EDITOR_TRAINS_PAGE)),
                                             "trains-page.add", "s", "trains"));
  trains = kol_editor_list_ids (doc, "trains");
  train = g_strv_length (trains) - 1;
  g_snprintf (path, sizeof path, "$.trains[%u].price", train);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_field (root, path)), 1200);
  g_snprintf (path, sizeof path, "$.trains[%u].distance", train);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_first_child (find_field (root, path))), 9);
  g_snprintf (path, sizeof path, "$.trains[%u].count", train);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_widget_get_first_child (find_field (root, path))), 1);
  /* a corporation, homed on the new city with the home tool */
  gtk_widget_activate_action (root, "editor.show", "s", "corporations");
  g_assert_true (gtk_widget_activate_action (corporations, "companies-page.add", NULL));
  corps = kol_editor_list_ids (doc, "corporations");
  corp = g_strv_length (corps) - 1;
  g_snprintf (path, sizeof path, "$.corporations[%u].name", corp);
  gtk_editable_set_text (GTK_EDITABLE (find_field (corporations, path)), "Built Railway");
  gtk_widget_activate_action (root, "editor.show", "s", "map");
  gtk_widget_activate_action (GTK_WIDGET (map), "editor-map.tool", "s", "home");
  gtk_drop_down_set_selected (template_child (map, KOL_TYPE_EDITOR_MAP, "home_corporation"), corp + 1);
  activate_hex (map, hex);
  g_snprintf (path, sizeof path, "$.corporations[%u].home", corp);
  home = g_strdup_printf ("\"%s\"", hex);
  assert_game_json (doc, path, home);
  /* a private company that keeps track off that hex while a player has it */
  gtk_widget_activate_action (root, "editor.show", "s", "privates");
  g_assert_true (gtk_widget_activate_action (privates, "companies-page.add", NULL));
  add = find_button (kol_editor_companies_page_get_form (KOL_EDITOR_COMPANIES_PAGE (privates)), "Add an A_bility");
  g_signal_emit_by_name (add, "clicked");
  companies = kol_editor_list_ids (doc, "privates");
  g_snprintf (path, sizeof path, "$.privates[%u].abilities[0].hexes", g_strv_length (companies) - 1);
  hexes = find_field (privates, path);
  gtk_editable_set_text (GTK_EDITABLE (hexes), hex);
  g_signal_emit_by_name (hexes, "activate");
  /* the designer */
  gtk_widget_activate_action (root, "editor.show", "s", "game");
  gtk_editable_set_text (GTK_EDITABLE (find_field (root, "$.designer")), "A. Designer");
}

static void
assert_reopens_unchanged (KolTitleDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) again = kol_title_document_new_from_directory (kol_title_document_get_path (doc), &error);

  g_assert_no_error (error);
  g_assert_false (kol_title_document_get_modified (again));
  for (int i = 0; i < KOL_TITLE_N_FILES; i++)
    {
      g_autofree char *saved = kol_title_document_serialize (doc, i);
      g_autofree char *read = kol_title_document_serialize (again, i);
      g_autofree char *path = g_build_filename (kol_title_document_get_path (doc),
                                                (const char *[]) { "game.json", "tiles.json", "map.json" }[i], NULL);
      g_autofree char *disk = NULL;

      g_assert_true (g_file_get_contents (path, &disk, NULL, NULL));
      g_assert_cmpstr (read, ==, saved);
      g_assert_cmpstr (disk, ==, saved);
    }
}

/* A new title made in the editor's pages only (hexes off and on the map, a
 * city printed and a home on it, tiles from the library, the market, a
 * train, a corporation, a private company and its ability), saved,
 * reopened unchanged, and a game started on it from Play. */
static void
test_build_title (void)
{
  KolWindow *window = kol_window_new (app);
  KolEditorPage *page;
  KolTitleDocument *doc;
  GtkWidget *dialog = NULL;
  KolEditorTiles *tiles;
  KolGame *game;
  const char *hex;
  g_autofree char *problem = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  gtk_window_present (GTK_WINDOW (window));
  kol_test_wait_until (kol_test_is_mapped, window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "editor", NULL);
  page = KOL_EDITOR_PAGE (kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_EDITOR_PAGE));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "editor.new", NULL));
  gtk_editable_set_text (template_child (find_save_dialog (), KOL_TYPE_EDITOR_SAVE_DIALOG, "id_entry"), "built-title");
  gtk_editable_set_text (template_child (find_save_dialog (), KOL_TYPE_EDITOR_SAVE_DIALOG, "name_entry"), "Built Title");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_save_dialog ()), "save-dialog.accept", NULL));
  doc = kol_editor_page_get_document (page);
  g_assert_cmpstr (kol_title_document_get_id (doc), ==, "built-title");

  /* tiles from the library */
  tiles = KOL_EDITOR_TILES (kol_test_find_descendant (GTK_WIDGET (page), KOL_TYPE_EDITOR_TILES));
  for (guint i = 0; i < 3; i++)
    {
      const char *number = (const char *[]) { "87", "88", "70" }[i];

      if (kol_title_document_get_tile (doc, number) == NULL)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tiles), "tiles.add-library", "s", number));
      g_assert_nonnull (kol_title_document_get_tile (doc, number));
    }
  hex = blank_hex (doc);
  g_assert_nonnull (hex);
  build_map (page, doc, hex);
  build_game (page, doc, hex);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "editor.save", NULL));
  g_assert_false (kol_editor_page_get_modified (page));
  kol_test_wait_until (checked, kol_test_find_descendant (GTK_WIDGET (page), KOL_TYPE_EDITOR_ISSUES));
  problem = kol_editor_issues_dup_first_error (KOL_EDITOR_ISSUES (kol_test_find_descendant (GTK_WIDGET (page),
                                                                                           KOL_TYPE_EDITOR_ISSUES)));
  g_assert_cmpstr (problem, ==, NULL);
  assert_reopens_unchanged (doc);

  /* Play: the new game dialog on this title, and a game on the table */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "editor.play", NULL));
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  g_assert_cmpstr (kol_new_game_dialog_get_title_id (KOL_NEW_GAME_DIALOG (dialog)), ==, "built-title");
  kol_new_game_dialog_set_seed (KOL_NEW_GAME_DIALOG (dialog), 5);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  game = kol_game_page_get_game (kol_window_get_game_page (window));
  g_assert_nonnull (game);
  g_assert_cmpstr (kol_game_get_title (game)->id, ==, "built-title");
  kol_game_remove_autosave (game, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  kol_test_wait_until (idle_done, NULL);
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

/* KOLEYA_TEST_SHARD=I/N keeps every Nth test from the Ith (from 0), so
 * that meson runs the tests in N processes, each with its own timeout:
 * under sanitizers the whole set takes minutes. */
static guint shard;
static guint n_shards = 1;
static guint n_tests;

static void
read_shard (void)
{
  const char *spec = g_getenv ("KOLEYA_TEST_SHARD");

  if (spec == NULL || sscanf (spec, "%u/%u", &shard, &n_shards) != 2 || n_shards == 0 || shard >= n_shards)
    {
      shard = 0;
      n_shards = 1;
    }
}

static gboolean
in_shard (void)
{
  return n_tests++ % n_shards == shard;
}

static void
add_fixture_test (const char *path,
                  void      (*test) (Fixture *f, gconstpointer data))
{
  if (in_shard ())
    g_test_add (path, Fixture, NULL, fixture_set_up, test, fixture_tear_down);
}

static void
add_test (const char *path,
          GTestFunc   test)
{
  if (in_shard ())
    g_test_add_func (path, test);
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
  app = kol_application_new ("io.github.koleya.Koleya.EditorTest", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  read_shard ();
  add_fixture_test ("/editor/edit-save-reload", test_edit_save_reload);
  add_fixture_test ("/editor/print-tile-on-hex", test_print_tile_on_hex);
  add_fixture_test ("/editor/city-revenue-preview", test_city_revenue_preview);
  add_fixture_test ("/editor/validation-jumps-to-hex", test_validation_jumps_to_hex);
  add_fixture_test ("/editor/validation-jumps-to-tile", test_validation_jumps_to_tile);
  add_fixture_test ("/editor/export-dialog", test_export_dialog);
  add_fixture_test ("/editor/print-and-export", test_print_and_export);
  add_fixture_test ("/editor/unsaved-changes-asked", test_unsaved_changes_asked);
  add_fixture_test ("/editor/play-disabled", test_play_disabled);
  add_fixture_test ("/editor/new-from-template", test_new_from_template);
  add_fixture_test ("/editor/open-from-list", test_open_from_list);
  add_fixture_test ("/editor/trains-page", test_trains_page);
  add_fixture_test ("/editor/map-tools", test_map_tools);
  add_fixture_test ("/editor/hand-edits-asked", test_hand_edits_asked);
  add_fixture_test ("/editor/load-error-fixable", test_load_error_fixable);
  add_fixture_test ("/editor/papercuts", test_papercuts);
  add_test ("/editor/build-title", test_build_title);
  add_fixture_test ("/editor/tile-library-and-track", test_tile_library_and_track);
  add_fixture_test ("/editor/market-page", test_market_page);
  add_fixture_test ("/editor/corporations-and-title-pages", test_corporations_and_title_pages);

  status = g_test_run ();
  g_clear_object (&app);
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
