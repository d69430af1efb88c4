/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-application.h"
#include "kol-editor-export-dialog.h"
#include "kol-editor-map.h"
#include "kol-editor-page.h"
#include "kol-editor-tiles.h"
#include "kol-l10n.h"
#include "kol-test-board.h"
#include "kol-window.h"
#include "ui-test-utils.h"

/*
 * The main window with a title open in the tile and map editor, saved as a
 * PNG: for the screenshots in docs/ (not installed, not a test).
 *
 *   xvfb-run -a -s '-screen 0 1600x1000x24' meson devenv -C build \
 *     tests/ui/editor-shot 1849 tiles editor-tiles.png --tile 57
 *   LANGUAGE=ru LC_ALL=C.UTF-8 … editor-shot 1849 map editor-map.png --hex C5
 *   … editor-shot 1840 export export-dialog.png   (the export dialog, every
 *   sheet chosen)
 */

static char *tile_id;
static char *hex_id;
static char *tool;
static int width = 1440;
static int height = 900;

static const GOptionEntry entries[] = {
  { "tile", 0, 0, G_OPTION_ARG_STRING, &tile_id, "Select this tile", "TILE" },
  { "hex", 0, 0, G_OPTION_ARG_STRING, &hex_id, "Select this hex", "HEX" },
  { "tool", 0, 0, G_OPTION_ARG_STRING, &tool, "Choose this map tool", "TOOL" },
  { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "PX" },
  { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "PX" },
  { NULL },
};

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

static void
wait_ms (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("TITLE PAGE OUTPUT.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(KolApplication) app = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *dir = NULL;
  KolWindow *window;
  GtkWidget *page;

  kol_l10n_init_gettext ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 4)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "Give a title, a page and a file name.");
      return 2;
    }
  gtk_init ();
  app = kol_application_new ("io.github.koleya.Koleya.EditorShot", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = kol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "editor", NULL);
  page = kol_test_find_descendant (GTK_WIDGET (window), KOL_TYPE_EDITOR_PAGE);
  dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR") != NULL ? g_getenv ("KOLEYA_DATA_DIR") : "data/games",
                          argv[1], NULL);
  if (!g_str_equal (argv[2], "chooser") && !kol_editor_page_open (KOL_EDITOR_PAGE (page), dir, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (g_str_equal (argv[2], "export"))
    {
      KolEditorExportDialog *dialog;

      gtk_widget_activate_action (page, "editor.export", "(ss)", "all", "");
      wait_ms (800);
      dialog = find_export_dialog ();
      kol_editor_export_dialog_update_now (dialog);
      wait_ms (800);
      texture = kol_test_render_widget (GTK_WIDGET (dialog));
      return gdk_texture_save_to_png (texture, argv[3]) ? 0 : 1;
    }
  gtk_widget_activate_action (page, "editor.show", "s", argv[2]);
  wait_ms (800);
  if (tile_id != NULL)
    kol_editor_tiles_select_tile (KOL_EDITOR_TILES (kol_test_find_descendant (page, KOL_TYPE_EDITOR_TILES)),
                                  tile_id);
  if (tool != NULL)
    kol_editor_map_set_tool (KOL_EDITOR_MAP (kol_test_find_descendant (page, KOL_TYPE_EDITOR_MAP)), tool);
  if (hex_id != NULL)
    kol_editor_map_select_hex (KOL_EDITOR_MAP (kol_test_find_descendant (page, KOL_TYPE_EDITOR_MAP)), hex_id);
  wait_ms (2500);
  if (g_getenv ("SHOT_DEBUG") != NULL)
    {
      GtkWidget *map = kol_test_find_descendant (page, KOL_TYPE_EDITOR_MAP);
      GtkWidget *box = gtk_widget_get_first_child (map);

      GtkWidget *paned = kol_test_find_descendant (page, GTK_TYPE_PANED);
      int pos, max;

      g_object_get (paned, "position", &pos, "max-position", &max, NULL);
      g_printerr ("paned %d of %d (h %d)\n", pos, max, gtk_widget_get_height (paned));
      {
        KolViewport *vp = kol_map_view_get_viewport (kol_editor_map_get_map_view (KOL_EDITOR_MAP (map)));
        double bx, by, bw, bh;

        kol_viewport_get_bounds (vp, &bx, &by, &bw, &bh);
        g_printerr ("zoom %g fit %g size %dx%d bounds %g %g %g %g center %g %g widget %d\n",
                    kol_viewport_get_zoom (vp), kol_viewport_get_fit_zoom (vp),
                    kol_viewport_get_width (vp), kol_viewport_get_height (vp), bx, by, bw, bh,
                    kol_viewport_get_center_x (vp), kol_viewport_get_center_y (vp),
                    gtk_widget_get_width (GTK_WIDGET (kol_editor_map_get_map_view (KOL_EDITOR_MAP (map)))));
      }

      for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          int min, nat;

          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          g_printerr ("%s width %d min %d nat %d hexpand %d\n", G_OBJECT_TYPE_NAME (c),
                      gtk_widget_get_width (c), min, nat, gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL));
        }
    }
  texture = kol_test_render_widget (GTK_WIDGET (window));
  if (!gdk_texture_save_to_png (texture, argv[3]))
    {
      g_printerr ("Cannot write %s\n", argv[3]);
      return 1;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
