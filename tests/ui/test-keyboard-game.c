/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "kol-action-json.h"
#include "kol-application.h"
#include "kol-engine-policy.h"
#include "kol-game-words.h"
#include "kol-game-page.h"
#include "kol-map-view-private.h"
#include "kol-new-game-dialog.h"
#include "kol-svg-renderer.h"
#include "kol-window.h"
#include "game-test-moves.h"
#include "ui-test-utils.h"

/* after the project's headers: Xlib defines None, Bool, Status… */
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>

/*
 * A whole game of each title played from the keyboard alone: every move
 * is made by key presses that the X server delivers to the window as a
 * person's would (XTest), never by a click, a signal or a call into the
 * game. The moves are chosen as koleya-cli selfplay --policy=weighted
 * chooses them (reading the game is allowed; acting on it is not), with a
 * player count and seed that make a short game:
 *
 *   - a choice of the action panel: Ctrl+K (the first choice has the
 *     focus), Tab to its button, Return; for a number in a range, Tab to
 *     its spin button first, type the number, Tab to the button, Return;
 *   - a tile: Ctrl+M (the map has the focus), the arrow keys to the hex,
 *     Return; in the tile chooser the arrow keys to the tile, Return; R
 *     until the tile is turned as wanted; Return on the hex confirms;
 *   - a station marker: Ctrl+M, the arrows, S (in the city chooser of a
 *     hex with several cities, Tab to the city, Return);
 *   - a run: Ctrl+K, Shift+Tab to Best Routes, Return, Tab to Confirm,
 *     Return (under Xvfb GTK does not act on Alt with a key: the
 *     buttons' mnemonics cannot be pressed here);
 *   - once a game, Ctrl+Z takes the last move back and Ctrl+Shift+Z plays
 *     it again.
 *
 * After each move the game must have recorded exactly the move chosen, and
 * at the end it is over. meson runs it on an X server of its own
 * (xvfb-run), so that no other test's window takes the keyboard.
 */

static KolApplication *app;

static const char *const player_names[] = { "Anna", "Boris", "Clara" };

typedef struct
{
  const char *title;
  int n_players;
  gint64 seed;
} Title;

/* Seeds whose games, with these choices, are short and lay tiles and run
 * trains: 117 moves of 1840 at two players (its fixed number of rounds),
 * 114 of 1849 at three (a bankruptcy); other seeds play up to a thousand
 * moves of 1849. A change of the rules changes the games: pick again
 * (play the policy on a KolGame for seeds 1–40, count the moves). */
static const Title titles[] = {
  { "1840", 2, 27 },
  { "1849", 3, 4 },
};

typedef struct
{
  KolWindow *window;
  KolGamePage *page;
  KolActionPanel *panel;
  KolMapView *map;
  KolGame *game;
  int n_hexes;
  int *next;        /* the hex each arrow key leads to from each hex: [hex * 4 + key] */
} Table;

/* ---------------------------------------------------------------- keys */

static Display *
xdisplay (void)
{
  return gdk_x11_display_get_xdisplay (gdk_display_get_default ());
}

/* Lets GTK take in the events the server has sent and act on them. */
static void
settle (void)
{
  XSync (xdisplay (), False);
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < 200 && g_main_context_iteration (NULL, FALSE); i++)
      ;
}

/* The key that gives @modifier (Mod1Mask for Alt…) on this server. */
static KeyCode
modifier_key (int modifier)
{
  XModifierKeymap *map = XGetModifierMapping (xdisplay ());
  KeyCode code = 0;

  for (int i = 0; i < map->max_keypermod && code == 0; i++)
    code = map->modifiermap[modifier * map->max_keypermod + i];
  XFreeModifiermap (map);
  return code;
}

static void
fake_key (KeySym   keysym,
          gboolean press)
{
  KeyCode code = keysym == XK_Alt_L ? modifier_key (Mod1MapIndex) : XKeysymToKeycode (xdisplay (), keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (xdisplay (), code, press, CurrentTime);
}

/* Presses and releases @keyval with the modifiers @mods held, as a person
 * does, and lets the window act on it. */
static void
press (guint           keyval,
       GdkModifierType mods)
{
  if (mods & GDK_CONTROL_MASK)
    fake_key (XK_Control_L, TRUE);
  if (mods & GDK_ALT_MASK)
    fake_key (XK_Alt_L, TRUE);
  if (mods & GDK_SHIFT_MASK)
    fake_key (XK_Shift_L, TRUE);
  fake_key (keyval, TRUE);
  fake_key (keyval, FALSE);
  if (mods & GDK_SHIFT_MASK)
    fake_key (XK_Shift_L, FALSE);
  if (mods & GDK_ALT_MASK)
    fake_key (XK_Alt_L, FALSE);
  if (mods & GDK_CONTROL_MASK)
    fake_key (XK_Control_L, FALSE);
  settle ();
}

static GtkWidget *
focus_of (Table *t)
{
  return gtk_root_get_focus (GTK_ROOT (t->window));
}

static gboolean
has_keyboard (gpointer data)
{
  GtkWindow *window = data;
  Window focus;
  int revert;

  XGetInputFocus (xdisplay (), &focus, &revert);
  return gtk_window_is_active (window) &&
         focus == gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
}

/* The X server sends the keys to @window (there is no window manager to
 * give it the focus). */
static void
give_keyboard (GtkWindow *window)
{
  XSetInputFocus (xdisplay (), gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                  RevertToParent, CurrentTime);
  settle ();
  kol_test_wait_until (has_keyboard, window);
}

/* Tab (Shift+Tab with @mods GDK_SHIFT_MASK) until @target, or a widget
 * inside it, has the focus. */
static void
tab_to_dir (Table           *t,
            GtkWidget       *target,
            GdkModifierType  mods)
{
  for (int i = 0; i < 400; i++)
    {
      GtkWidget *focus = focus_of (t);

      if (focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target)))
        return;
      press (GDK_KEY_Tab, mods);
    }
  g_error ("Tab never reached the %s", G_OBJECT_TYPE_NAME (target));
}

static void
tab_to (Table     *t,
        GtkWidget *target)
{
  tab_to_dir (t, target, 0);
}

/* Tab to the panel's button for @action_name. */
static void
tab_to_button (Table           *t,
               const char      *action_name,
               GdkModifierType  mods)
{
  GtkWidget *button = kol_test_find_action_button (GTK_WIDGET (t->panel), action_name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  tab_to_dir (t, button, mods);
}

/* ------------------------------------------------------- panel choices */

/* The panel's button for @a, as a person reads it. */
static GtkWidget *
choice_button (Table           *t,
               const KolAction *a)
{
  GtkWidget *button = kol_test_choice_button (t->panel, t->game, a);

  if (button == NULL)
    {
      g_autofree char *label = kol_game_describe_action (t->game, a);
      g_autofree char *shown = kol_test_collect_labels (GTK_WIDGET (t->panel));

      g_error ("no button “%s” in the panel:\n%s", label, shown);
    }
  return button;
}

/* Ctrl+K, then Tab to the choice (typing its number first), Return. */
static void
press_choice (Table           *t,
              const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (t->game);
  g_autofree char *name = kol_test_spin_name (engine, a);
  GtkSpinButton *spin = kol_action_panel_find_spin (t->panel, name);
  GtkWidget *button;

  press (GDK_KEY_k, GDK_CONTROL_MASK);
  if (spin != NULL)
    {
      g_autofree char *number = g_strdup_printf ("%d", a->type == KOL_ACTION_DIVIDEND ? a->amount : a->price);

      tab_to (t, GTK_WIDGET (spin));
      /* the text is selected when Tab comes in: the number replaces it */
      for (const char *c = number; *c != '\0'; c++)
        press (GDK_KEY_0 + (guint) (*c - '0'), 0);
      press (GDK_KEY_Tab, 0);
      g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==,
                       a->type == KOL_ACTION_DIVIDEND ? a->amount : a->price);
      button = gtk_widget_get_next_sibling (GTK_WIDGET (spin));
      g_assert_true (focus_of (t) == button);
    }
  else
    {
      button = choice_button (t, a);
      tab_to (t, button);
    }
  g_assert_true (gtk_widget_is_sensitive (button));
  press (GDK_KEY_Return, 0);
}

/* ----------------------------------------------------------- the map */

static const guint arrows[4] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down };
static const double arrow_dx[4] = { -1, 1, 0, 0 };
static const double arrow_dy[4] = { 0, 0, -1, 1 };

/* Where each arrow key leads from each hex, as the map moves its cursor. */
static void
learn_arrows (Table *t)
{
  t->n_hexes = (int) kol_board_query_n_hexes (kol_game_get_title (t->game));
  t->next = g_new (int, t->n_hexes * 4);
  for (int h = 0; h < t->n_hexes; h++)
    for (int k = 0; k < 4; k++)
      t->next[h * 4 + k] = _kol_map_view_neighbor_in_direction (t->map, h, arrow_dx[k], arrow_dy[k]);
}

/* The first arrow key of a shortest way from @from to @to. */
static int
first_arrow (Table *t,
             int    from,
             int    to)
{
  g_autofree int *first = g_new (int, t->n_hexes);
  g_autofree int *queue = g_new (int, t->n_hexes);
  int head = 0, tail = 0;

  for (int h = 0; h < t->n_hexes; h++)
    first[h] = -2;
  first[from] = -1;
  queue[tail++] = from;
  while (head < tail)
    {
      int h = queue[head++];

      for (int k = 0; k < 4; k++)
        {
          int n = t->next[h * 4 + k];

          if (n < 0 || first[n] != -2)
            continue;
          first[n] = first[h] >= 0 ? first[h] : k;
          if (n == to)
            return first[n];
          queue[tail++] = n;
        }
    }
  g_error ("no arrow keys lead from hex %d to hex %d", from, to);
}

/* Ctrl+M, then the arrow keys to @hex. */
static void
go_to_hex (Table *t,
           int    hex)
{
  /* the panel may still be taking the focus back to its new choices */
  press (GDK_KEY_m, GDK_CONTROL_MASK);
  for (int i = 0; i < 100 && focus_of (t) != GTK_WIDGET (t->map); i++)
    {
      kol_test_iterate (20);
      press (GDK_KEY_m, GDK_CONTROL_MASK);
    }
  g_assert_true (focus_of (t) == GTK_WIDGET (t->map));
  if (kol_map_view_get_selected_hex (t->map) < 0)
    press (GDK_KEY_Right, 0);  /* the first key picks the hex in the middle */
  for (int i = 0; i < 200 && kol_map_view_get_selected_hex (t->map) != hex; i++)
    press (arrows[first_arrow (t, kol_map_view_get_selected_hex (t->map), hex)], 0);
  g_assert_cmpint (kol_map_view_get_selected_hex (t->map), ==, hex);
}

/* The map's popover (the tile or city chooser), if open. */
static GtkWidget *
open_chooser (Table *t)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (t->map)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c) && gtk_widget_get_visible (c))
      return c;
  return NULL;
}

/* The tile chooser's button for @tile, and where it is in the grid. */
static GtkWidget *
tile_button (GtkWidget *chooser,
             int        tile,
             int       *row,
             int       *column)
{
  GtkWidget *grid = gtk_popover_get_child (GTK_POPOVER (chooser));

  for (GtkWidget *b = gtk_widget_get_first_child (grid); b != NULL; b = gtk_widget_get_next_sibling (b))
    if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (b), "kol-tile")) == tile)
      {
        gtk_grid_query_child (GTK_GRID (grid), b, column, row, NULL, NULL);
        return b;
      }
  return NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  GtkWidget *chooser = open_chooser (data);

  return chooser != NULL && gtk_widget_get_mapped (chooser);
}

/* The hex, Return; the tile in the chooser with the arrows, Return; R to
 * turn it; Return on the hex confirms. */
static void
lay_tile (Table           *t,
          const KolAction *a)
{
  const KolTitle *title = kol_game_get_title (t->game);
  int tile = title->copy_tile[a->tile_copy];
  int hex = -1, shown = -1, rotation = -1;

  go_to_hex (t, a->hex);
  press (GDK_KEY_Return, 0);
  if (!kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation))
    {
      GtkWidget *chooser, *button;
      int row = 0, column = 0;

      kol_test_wait_until (chooser_shown, t);
      chooser = open_chooser (t);
      button = tile_button (chooser, tile, &row, &column);
      g_assert_nonnull (button);
      /* the first tile has the focus */
      for (int i = 0; i < row; i++)
        press (GDK_KEY_Down, 0);
      for (int i = 0; i < column; i++)
        press (GDK_KEY_Right, 0);
      g_assert_true (gtk_widget_has_focus (button));
      press (GDK_KEY_Return, 0);
      g_assert_true (kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation));
      g_assert_true (focus_of (t) == GTK_WIDGET (t->map));
    }
  g_assert_cmpint (hex, ==, a->hex);
  g_assert_cmpint (shown, ==, tile);
  for (int turns = 0; turns < 6 && rotation != a->rotation; turns++)
    {
      press (GDK_KEY_r, 0);
      g_assert_true (kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation));
    }
  g_assert_cmpint (rotation, ==, a->rotation);
  press (GDK_KEY_Return, 0);
}

/* The hex, S; on a hex with several cities, Tab to the city in the
 * chooser, Return. */
static void
place_token (Table           *t,
             const KolAction *a)
{
  guint before = kol_game_get_position (t->game);

  go_to_hex (t, a->hex);
  press (GDK_KEY_s, 0);
  if (kol_game_get_position (t->game) != before)
    return;
  kol_test_wait_until (chooser_shown, t);
  for (int i = 0; i < 12; i++)
    {
      GtkWidget *focus = focus_of (t);

      if (focus != NULL && GTK_IS_BUTTON (focus) &&
          GPOINTER_TO_INT (g_object_get_data (G_OBJECT (focus), "kol-city")) == a->city)
        break;
      press (GDK_KEY_Tab, 0);
    }
  press (GDK_KEY_Return, 0);
}

/* Best Routes, then Confirm: from the first choice (Ctrl+K), Shift+Tab
 * back to the map step's buttons above the choices, Return on each. */
static void
run_routes (Table *t)
{
  press (GDK_KEY_k, GDK_CONTROL_MASK);
  tab_to_button (t, "play.auto-route", GDK_SHIFT_MASK);
  press (GDK_KEY_Return, 0);
  tab_to_button (t, "play.confirm", 0);
  press (GDK_KEY_Return, 0);
}

/* ------------------------------------------------------------- the game */

/* Makes move @a with keys; the game must then have recorded it. */
static void
play_move (Table           *t,
           const KolAction *a)
{
  guint before = kol_game_get_position (t->game);
  g_autoptr(JsonNode) wanted = kol_action_to_json ((KolEngine *) kol_game_get_engine (t->game), a);

  switch (a->type)
    {
    case KOL_ACTION_LAY_TILE:
      lay_tile (t, a);
      break;
    case KOL_ACTION_PLACE_TOKEN:
      place_token (t, a);
      break;
    case KOL_ACTION_RUN_ROUTES:
      run_routes (t);
      break;
    default:
      press_choice (t, a);
      break;
    }
  kol_test_assert_move_made (t->game, t->panel, before, wanted, NULL);
}

/* Ctrl+Z takes the last move back, Ctrl+Shift+Z plays it again. */
static void
undo_and_redo (Table *t)
{
  guint position = kol_game_get_position (t->game);

  press (GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (kol_game_get_position (t->game), ==, position - 1);
  press (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (kol_game_get_position (t->game), ==, position);
}

static gboolean
has_no_windows (gpointer data)
{
  return gtk_application_get_windows (GTK_APPLICATION (app)) == NULL;
}

/* The window, and the game set up in the New Game dialog (Ctrl+N opens
 * it; the setting up is not the game). */
static void
open_table (Table       *t,
            const Title *title)
{
  GtkWidget *dialog = NULL;

  t->window = kol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (t->window), 1280, 720);
  gtk_window_present (GTK_WINDOW (t->window));
  kol_test_wait_until (kol_test_is_mapped, t->window);
  give_keyboard (GTK_WINDOW (t->window));
  press (GDK_KEY_n, GDK_CONTROL_MASK);
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  kol_new_game_dialog_set_title_id (KOL_NEW_GAME_DIALOG (dialog), title->title);
  kol_new_game_dialog_set_n_players (KOL_NEW_GAME_DIALOG (dialog), title->n_players);
  kol_new_game_dialog_set_seed (KOL_NEW_GAME_DIALOG (dialog), title->seed);
  for (int i = 0; i < title->n_players; i++)
    kol_new_game_dialog_set_player_name (KOL_NEW_GAME_DIALOG (dialog), i, player_names[i]);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  t->page = kol_window_get_game_page (t->window);
  t->game = kol_game_page_get_game (t->page);
  g_assert_nonnull (t->game);
  t->panel = kol_game_page_get_action_panel (t->page);
  t->map = kol_game_page_get_map_view (t->page);
  kol_test_wait_until (kol_test_is_mapped, t->map);
  give_keyboard (GTK_WINDOW (t->window));
  learn_arrows (t);
}

static void
close_table (Table *t)
{
  kol_game_remove_autosave (t->game, NULL);
  gtk_window_destroy (GTK_WINDOW (t->window));
  kol_test_wait_until (has_no_windows, NULL);
  g_free (t->next);
}

static void
test_keyboard_game (gconstpointer data)
{
  const Title *title = data;
  Table t = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) ((guint64) title->seed * 2654435761u + 97u));
  gint64 start = g_get_monotonic_time ();
  guint n = 0, tiles = 0, tokens = 0, runs = 0;

  open_table (&t, title);
  while (!kol_game_get_finished (t.game))
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (t.game);
      const KolEngine *engine = kol_game_get_engine (t.game);
      g_autoptr(KolAction) a = NULL;

      g_assert_cmpuint (legal->len, >, 0);
      g_assert_cmpuint (n, <, 5000);
      a = kol_test_first_alike (engine, legal,
                       g_ptr_array_index (legal, kol_policy_choose_weighted (engine, legal, rand, FALSE)));
      tiles += a->type == KOL_ACTION_LAY_TILE;
      tokens += a->type == KOL_ACTION_PLACE_TOKEN;
      runs += a->type == KOL_ACTION_RUN_ROUTES;
      play_move (&t, a);
      if (n == 3)
        undo_and_redo (&t);
      n++;
    }
  g_test_message ("%s: %u moves from the keyboard (%u tiles, %u station markers, %u runs) in %.1f s",
                  title->title, n, tiles, tokens, runs, (g_get_monotonic_time () - start) / 1e6);
  /* the map was played from the keyboard too */
  g_assert_cmpuint (tiles, >, 0);
  g_assert_cmpuint (runs, >, 0);
  close_table (&t);
}

int
main (int   argc,
      char *argv[])
{

  g_autoptr(GError) error = NULL;
  int status;

  if (kol_test_skip_without_display ())
    return 0;
  /* the keys go through the X server */
  gdk_set_allowed_backends ("x11");
  gtk_test_init (&argc, &argv, NULL);
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X server");
      return 77;
    }

  app = kol_application_new (APP_ID ".KeyboardGameTest", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autofree char *path = g_strdup_printf ("/keyboard-game/%s", titles[i].title);

      g_test_add_data_func (path, &titles[i], test_keyboard_game);
    }
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
