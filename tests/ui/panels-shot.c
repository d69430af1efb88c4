/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-bank-view.h"
#include "kol-charters-view.h"
#include "kol-game-over-view.h"
#include "kol-l10n.h"
#include "kol-log-view.h"
#include "kol-players-view.h"
#include "kol-test-board.h"

/*
 * One of the table's panels bound to a game imported from an 18xx.games
 * record, shown after a number of actions and saved as a PNG: for the
 * screenshots in docs/screenshots (not installed, not a test).
 *
 *   xvfb-run -a -s '-screen 0 1600x1000x24' meson devenv -C build \
 *     tests/ui/panels-shot RECORD.json charters out.png --at 200
 *   LANGUAGE=ru LC_ALL=C.UTF-8 … panels-shot RECORD.json log out.png
 *
 * Panels: charters, players, bank, log, game-over.
 */

static int at = -1;
static int width = 1200;
static int height = 900;

static const GOptionEntry entries[] = {
  { "at", 0, 0, G_OPTION_ARG_INT, &at, "Show the game after this many actions (default: the end)", "N" },
  { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "PX" },
  { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "PX" },
  { NULL },
};

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

static GtkWidget *
panel_new (const char *name,
           KolGame    *game)
{
  if (g_str_equal (name, "charters"))
    return kol_charters_view_new (game);
  if (g_str_equal (name, "players"))
    return kol_players_view_new (game);
  if (g_str_equal (name, "bank"))
    return kol_bank_view_new (game);
  if (g_str_equal (name, "log"))
    return kol_log_view_new (game);
  if (g_str_equal (name, "game-over"))
    return kol_game_over_view_new (game);
  return NULL;
}

static void
load_style_sheet (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("RECORD PANEL OUTPUT.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(KolGame) game = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *window, *panel;
  guint n_actions = 0;

  kol_l10n_init_gettext ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 4)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "Give a record, a panel and a file name.");
      return 2;
    }
  gtk_init ();
  load_style_sheet ();
  file = g_file_new_for_commandline_arg (argv[1]);
  if ((game = kol_game_new_from_record (file, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_object_get (game, "n-actions", &n_actions, NULL);
  if (at >= 0 && (guint) at < n_actions && !kol_game_seek (game, (guint) at, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if ((panel = panel_new (argv[2], game)) == NULL)
    {
      g_printerr ("No panel %s\n", argv[2]);
      return 2;
    }
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), panel);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (1500);
  texture = kol_test_render_widget (window);
  if (!gdk_texture_save_to_png (texture, argv[3]))
    {
      g_printerr ("Cannot write %s\n", argv[3]);
      return 1;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
