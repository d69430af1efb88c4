/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-engine-board.h"
#include "kol-engine-route.h"
#include "kol-l10n.h"
#include "kol-map-controller.h"
#include "kol-svg-renderer.h"
#include "kol-test-board.h"
#include "kol-game-words.h"
#include "kol-view-util.h"
#include "ui-test-utils.h"

/*
 * KolMapController between a real game and a KolMapView, under Xvfb: games
 * of 1849 and 1840 with a fixed seed are played by a fixed policy over the
 * engine's own legal actions up to a map decision, then the map is driven
 * through the view's signals and the "play" actions: the highlighted hexes
 * are exactly the legal ones, other hexes are refused with a message, only
 * legal tiles and rotations are offered, confirming plays the lay, tokens go
 * on legal cities only, and the routes shown are the router's best.
 *
 * With KOLEYA_MAP_SHOTS=DIR the map is also saved as PNGs there, to look at.
 */

#define MAX_ACTIONS 4000

typedef struct
{
  GtkWidget        *window;
  KolMapView       *map;
  KolMapController *controller;
  KolGame          *game;
} Fixture;

typedef gboolean (*Goal) (KolGame *game, GPtrArray *legal);

static KolGame *
new_game (const char *id,
          int         n_players)
{
  static const char * const names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), id, NULL);
  g_autoptr(GError) error = NULL;
  KolGame *game = kol_game_new (dir, n_players, names, NULL, 20260522, &error);

  g_assert_no_error (error);
  return game;
}

/* How much the fixed policy wants an action: the game moves on to
 * operating rounds with trains (pars, share buys, buying privates at face
 * value, lays, trains, payouts), passing otherwise. */
static int
preference (const KolGame   *game,
            const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine ((KolGame *) game);

  switch ((int) a->type)
    {
    case KOL_ACTION_PAR:
      return 9;
    case KOL_ACTION_BUY_TRAIN:
      /* only when the rules leave no choice, or 1840 rushes to its end */
      return 1;
    case KOL_ACTION_BUY_SHARES:
      return a->entity.kind == KOL_ENTITY_PLAYER ? 7 : 0;
    case KOL_ACTION_MERGE:
      return 6;  /* 1840: a company acquires a line, which lays track */
    case KOL_ACTION_BID:
      return a->company >= 0 && a->price == engine->companies[a->company].value ? 6 : 0;
    case KOL_ACTION_LAY_TILE:
    case KOL_ACTION_RUN_ROUTES:
      return 8;
    case KOL_ACTION_DIVIDEND:
      return g_strcmp0 (a->kind, "payout") == 0 ? 4 : 1;
    case KOL_ACTION_PLACE_TOKEN:
      return 3;
    case KOL_ACTION_PASS:
      return 2;
    default:
      return 0;
    }
}


/* KOLEYA_TRACE=1 prints each action played and the kinds offered. */
static void
trace (KolGame         *game,
       guint            n,
       const KolAction *played,
       GPtrArray       *legal)
{
  g_autofree char *what = kol_game_describe_action (game, played);
  g_autoptr(GString) kinds = g_string_new (NULL);

  for (guint i = 0; i < legal->len; i++)
    g_string_append_printf (kinds, "%s,",
                            kol_action_type_to_string (((KolAction *) g_ptr_array_index (legal, i))->type));
  g_printerr ("%u %s [%s] %s\n", n, what, kol_game_get_step_name (game), kinds->str);
}

/* Plays the policy's choice until some legal action meets @goal. */
static void
advance (KolGame *game,
         Goal     goal)
{
  for (guint n = 0; n < MAX_ACTIONS; n++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;
      const KolAction *best = NULL;
      int best_score = -1;

      g_assert_false (kol_game_get_finished (game));
      g_assert_cmpuint (legal->len, >, 0);
      if (goal (game, legal))
        return;
      for (guint i = 0; i < legal->len; i++)
        {
          const KolAction *a = g_ptr_array_index (legal, i);
          int score = preference (game, a);

          if (score > best_score)
            {
              best = a;
              best_score = score;
            }
        }
      if (g_getenv ("KOLEYA_TRACE") != NULL)
        trace (game, n, best, legal);
      g_assert_true (kol_game_apply_action (game, best, &error));
      g_assert_no_error (error);
    }
  g_assert_not_reached ();
}

static gboolean
is_token (const KolAction *a)
{
  return a->type == KOL_ACTION_PLACE_TOKEN;
}

static gboolean
is_paying_run (const KolAction *a)
{
  return a->type == KOL_ACTION_RUN_ROUTES && a->routes != NULL && a->routes->len > 0;
}

static gboolean
offers (GPtrArray *legal,
        gboolean (*test) (const KolAction *a))
{
  for (guint i = 0; i < legal->len; i++)
    if (test (g_ptr_array_index (legal, i)))
      return TRUE;
  return FALSE;
}

static gboolean
lay_goal (KolGame   *game,
          GPtrArray *legal)
{
  for (guint i = 0; i < legal->len; i++)
    if (((KolAction *) g_ptr_array_index (legal, i))->type == KOL_ACTION_LAY_TILE)
      return TRUE;
  return FALSE;
}

static gboolean
token_goal (KolGame   *game,
            GPtrArray *legal)
{
  return offers (legal, is_token);
}

static gboolean
run_goal (KolGame   *game,
          GPtrArray *legal)
{
  return offers (legal, is_paying_run);
}

/* Some hex offers two tiles. */
static gboolean
choice_goal (KolGame   *game,
             GPtrArray *legal)
{
  const gint16 *copy_tile = kol_game_get_title (game)->copy_tile;

  for (guint i = 0; i < legal->len; i++)
    for (guint k = 0; k < legal->len; k++)
      {
        const KolAction *a = g_ptr_array_index (legal, i);
        const KolAction *b = g_ptr_array_index (legal, k);

        if (a->type == KOL_ACTION_LAY_TILE && b->type == KOL_ACTION_LAY_TILE && a->hex == b->hex &&
            copy_tile[a->tile_copy] != copy_tile[b->tile_copy])
          return TRUE;
      }
  return FALSE;
}

/* Some tile may be laid on some hex at two to five rotations. */
static gboolean
restricted_lay_goal (KolGame   *game,
                     GPtrArray *legal)
{
  const KolTitle *title = kol_game_get_title (game);

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);
      int n = 0;

      if (a->type != KOL_ACTION_LAY_TILE)
        continue;
      for (guint k = 0; k < legal->len; k++)
        {
          const KolAction *b = g_ptr_array_index (legal, k);

          n += b->type == KOL_ACTION_LAY_TILE && b->hex == a->hex &&
               title->copy_tile[b->tile_copy] == title->copy_tile[a->tile_copy];
        }
      if (n > 1 && n < 6)
        return TRUE;
    }
  return FALSE;
}

static gboolean
ready_cb (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->map)) && gtk_widget_get_width (GTK_WIDGET (f->map)) > 0 &&
         !kol_map_view_get_rendering (f->map);
}

static void
fixture_open (Fixture    *f,
              const char *title_id,
              int         n_players,
              Goal        goal)
{
  f->game = new_game (title_id, n_players);
  advance (f->game, goal);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 700);
  f->map = KOL_MAP_VIEW (kol_map_view_new ());
  gtk_widget_set_focusable (GTK_WIDGET (f->map), TRUE);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->map));
  f->controller = kol_map_controller_new (f->map);
  gtk_widget_insert_action_group (f->window, "play", kol_map_controller_get_action_group (f->controller));
  kol_map_controller_set_game (f->controller, f->game);
  gtk_window_present (GTK_WINDOW (f->window));
  kol_test_wait_until (ready_cb, f);
}

/* Runs the main loop for @ms milliseconds. */
static void
spin (int ms)
{
  for (gint64 end = g_get_monotonic_time () + ms * 1000; g_get_monotonic_time () < end;)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static void
fixture_close (Fixture *f)
{
  /* GTK 4.8's tooltip timeout, started when a popover appeared under the
   * pointer, must not outlive the popover's surface */
  spin (700);
  g_object_ref (f->map);
  g_object_ref (f->window);
  g_assert_finalize_object (f->controller);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->map);
  g_assert_finalize_object (f->game);
}

/* Saves the window as DIR/@name.png when KOLEYA_MAP_SHOTS=DIR. */
static void
shot (Fixture    *f,
      const char *name,
      int         hex)
{
  KolViewport *viewport = kol_map_view_get_viewport (f->map);
  const char *dir = g_getenv ("KOLEYA_MAP_SHOTS");
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *png = NULL;

  if (dir == NULL)
    return;
  kol_test_wait_until (ready_cb, f);
  /* the tentative tile's texture comes from a worker thread */
  spin (500);
  gtk_test_widget_wait_for_draw (f->window);
  texture = kol_test_render_widget (f->window);
  png = g_strdup_printf ("%s.png", name);
  file = g_build_filename (dir, png, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("map saved as %s", file);
  if (kol_map_controller_get_tile_chooser (f->controller) != NULL)
    {
      /* the popover is a surface of its own */
      g_autoptr(GdkTexture) popover = kol_test_render_widget (kol_map_controller_get_tile_chooser (f->controller));
      g_autofree char *name2 = g_strdup_printf ("%s-popover.png", name);
      g_autofree char *file2 = g_build_filename (dir, name2, NULL);

      g_assert_true (gdk_texture_save_to_png (popover, file2));
    }
  if (hex >= 0)
    {
      /* and a close look at @hex */
      g_autofree char *zoomed = g_strdup_printf ("%s-zoom", name);
      double x, y;

      kol_svg_board_hex_center (kol_game_get_title (f->game), hex, &x, &y);
      kol_viewport_set_zoom (viewport, kol_viewport_get_fit_zoom (viewport) * 3);
      kol_viewport_set_center (viewport, x, y);
      shot (f, zoomed, -1);
      kol_viewport_fit (viewport);
    }
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_assert_true (g_action_group_get_action_enabled (kol_map_controller_get_action_group (f->controller), action));
  g_action_group_activate_action (kol_map_controller_get_action_group (f->controller), action, NULL);
}

static gboolean
enabled (Fixture    *f,
         const char *action)
{
  return g_action_group_get_action_enabled (kol_map_controller_get_action_group (f->controller), action);
}

/* The hexes of the legal lays, as a bitmap over the board's hexes. */
static guint8 *
legal_lay_hexes (KolGame *game)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  guint8 *hexes = g_new0 (guint8, KOL_MAX_HEXES);

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);

      if (a->type == KOL_ACTION_LAY_TILE)
        hexes[a->hex] = 1;
    }
  return hexes;
}

/* The legal rotations of @tile (a def) on @hex, as a bitmask. */
static guint8
legal_rotations (KolGame *game,
                 int      hex,
                 int      tile)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  const KolTitle *title = kol_game_get_title (game);
  guint8 mask = 0;

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);

      if (a->type == KOL_ACTION_LAY_TILE && a->hex == hex && title->copy_tile[a->tile_copy] == tile)
        mask |= (guint8) (1u << a->rotation);
    }
  return mask;
}

/* A legal lay: the hex offering the most tiles (@want_choice), or else a
 * hex and @tile whose legal rotations are a strict subset (which tests the
 * cycling best), or the most rotations. */
static int
pick_hex (KolGame  *game,
          gboolean  want_choice,
          int      *tile)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
  const KolTitle *title = kol_game_get_title (game);
  int best = -1, best_score = -1;

  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);
      int t = a->type == KOL_ACTION_LAY_TILE ? title->copy_tile[a->tile_copy] : -1;
      int lays = 0, rotations = 0, score;

      if (t < 0)
        continue;
      for (guint k = 0; k < legal->len; k++)
        {
          const KolAction *b = g_ptr_array_index (legal, k);

          if (b->type != KOL_ACTION_LAY_TILE || b->hex != a->hex)
            continue;
          lays++;
          rotations += title->copy_tile[b->tile_copy] == t;
        }
      if (want_choice)
        score = lays - rotations;  /* the lays of other tiles */
      else
        score = (rotations > 1 && rotations < 6 ? 100 : 0) + rotations;
      if (score > best_score)
        {
          best = a->hex;
          best_score = score;
          if (tile != NULL)
            *tile = t;
        }
    }
  g_assert_cmpint (best, >=, 0);
  return best;
}

/* The guidance is the title's own sentence @id (game.json "terms"), or
 * the one for laying and tokening at once. */
static void
check_guidance (Fixture    *f,
                const char *id)
{
  const KolTitle *title = kol_game_get_title (f->game);
  const char *guidance = kol_map_controller_get_guidance (f->controller);
  const char *own = kol_game_word_id (title, id, NULL);
  const char *both = kol_game_word_id (title, "map_lay_or_token", NULL);

  g_test_message ("guidance: %s", guidance);
  g_assert_nonnull (own);
  g_assert_true (g_strcmp0 (guidance, own) == 0 || g_strcmp0 (guidance, both) == 0);
}

/* ---------------------------------------------------------------- tests */

typedef struct
{
  const char *title;
  int         n_players;
} Game;

static const Game games[] = {
  { "1849", 3 },
  { "1840", 3 },
};

/* Exactly the legal lay hexes are highlighted; the guidance says so. */
static void
test_highlights (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autofree guint8 *legal = NULL;
  guint n_legal = 0;

  fixture_open (&f, game->title, game->n_players, lay_goal);
  legal = legal_lay_hexes (f.game);
  for (guint h = 0; h < kol_game_get_title (f.game)->n_hexes; h++)
    {
      KolMapHighlight style = kol_map_view_get_hex_highlight (f.map, (int) h);

      g_assert_cmpint (style == KOL_MAP_HIGHLIGHT_LAY, ==, legal[h]);
      n_legal += legal[h];
    }
  g_assert_cmpuint (n_legal, >, 0);
  check_guidance (&f, "map_lay_tile");
  g_assert_false (kol_map_controller_get_pending (f.controller));
  g_assert_false (enabled (&f, "confirm"));
  g_assert_false (enabled (&f, "rotate-cw"));
  g_assert_false (enabled (&f, "auto-route"));
  shot (&f, game->title[3] == '9' ? "1849-highlights" : "1840-highlights", -1);
  fixture_close (&f);
}

/* A hex without a legal lay: a message, nothing tentative, nothing played. */
static void
test_refused_hex (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autofree guint8 *legal = NULL;
  guint before;
  int hex = -1, t;

  fixture_open (&f, game->title, game->n_players, lay_goal);
  legal = legal_lay_hexes (f.game);
  for (guint h = 0; hex < 0 && h < kol_game_get_title (f.game)->n_hexes; h++)
    if (!legal[h])
      hex = (int) h;
  before = kol_game_get_n_actions (f.game);
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_signal_emit_by_name (f.map, "hex-activated", hex);
  g_assert_nonnull (kol_map_controller_get_error (f.controller));
  g_assert_nonnull (strstr (kol_map_controller_get_error (f.controller), kol_game_get_title (f.game)->hexes[hex].id));
  g_assert_false (kol_map_view_get_tentative_tile (f.map, &hex, &t, &t));
  g_assert_false (kol_map_controller_get_pending (f.controller));
  g_assert_null (kol_map_controller_get_tile_chooser (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before);
  fixture_close (&f);
}

/* Steps @step through the tentative tile's rotations: every one shown is
 * legal, and all legal ones come round. */
static void
check_rotations (Fixture    *f,
                 const char *action,
                 guint8      legal)
{
  guint8 seen = 0;

  for (int i = 0; i < 7; i++)
    {
      int hex, tile, rotation;

      g_assert_true (kol_map_view_get_tentative_tile (f->map, &hex, &tile, &rotation));
      g_assert_true (legal & (1u << rotation));
      seen |= (guint8) (1u << rotation);
      if (action != NULL)
        activate (f, action);
      else
        g_signal_emit_by_name (f->map, "rotate-requested", 1);
    }
  g_assert_cmpuint (seen, ==, legal);
}

/* A hex with one tile goes straight to it; rotations cycle only the legal
 * ones (actions and the view's R key); confirm lays it as shown. */
static void
test_lay_rotate_confirm (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  int hex, shown_hex, tile, rotation, wanted = -1;
  guint8 legal;
  guint before;
  const KolEngine *engine;

  fixture_open (&f, game->title, game->n_players, restricted_lay_goal);
  hex = pick_hex (f.game, FALSE, &wanted);
  g_signal_emit_by_name (f.map, "hex-activated", hex);
  if (kol_map_controller_get_tile_chooser (f.controller) != NULL)
    g_assert_true (kol_map_controller_choose_tile (f.controller, wanted));
  g_assert_null (kol_map_controller_get_tile_chooser (f.controller));
  g_assert_true (kol_map_controller_get_pending (f.controller));
  g_assert_true (kol_map_view_get_tentative_tile (f.map, &shown_hex, &tile, &rotation));
  g_assert_cmpint (shown_hex, ==, hex);
  g_assert_cmpint (tile, ==, wanted);
  legal = legal_rotations (f.game, hex, tile);
  g_test_message ("hex %d, tile %d: legal rotations 0x%02x", hex, tile, legal);
  /* the first legal rotation */
  g_assert_cmpint (rotation, ==, __builtin_ctz (legal));
  g_assert_cmpint (enabled (&f, "rotate-cw"), ==, __builtin_popcount (legal) > 1);
  if (__builtin_popcount (legal) > 1)
    {
      check_rotations (&f, "rotate-cw", legal);
      check_rotations (&f, "rotate-ccw", legal);
    }
  check_rotations (&f, NULL, legal);
  g_test_message ("guidance: %s", kol_map_controller_get_guidance (f.controller));
  shot (&f, game->title[3] == '9' ? "1849-tentative" : "1840-tentative", hex);
  g_assert_true (kol_map_view_get_tentative_tile (f.map, &shown_hex, &tile, &rotation));

  before = kol_game_get_n_actions (f.game);
  activate (&f, "confirm");
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before + 1);
  engine = kol_game_get_engine (f.game);
  g_assert_cmpint (engine->hexes[hex].tile, ==, tile);
  g_assert_cmpint (engine->hexes[hex].rotation, ==, rotation);
  /* the map shows the new position, nothing tentative */
  g_assert_false (kol_map_view_get_tentative_tile (f.map, &shown_hex, &tile, &rotation));
  g_assert_cmpint (kol_map_view_get_board (f.map)->hexes[hex].tile, ==, engine->hexes[hex].tile);
  fixture_close (&f);
}

/* Under each tile offered, the copies left in the
 * supply and what its lay costs, before it is chosen. */
static void
assert_tile_facts (Fixture   *f,
                   GtkWidget *chooser,
                   int        hex,
                   const int *tiles,
                   int        n_tiles)
{
  const KolEngine *engine = kol_game_get_engine (f->game);
  g_autofree char *labels = kol_test_collect_labels (chooser);
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (f->game);

  g_test_message ("chooser: %s", labels);
  for (int k = 0; k < n_tiles; k++)
    {
      int left = kol_board_tiles_left (engine, tiles[k]);
      g_autofree char *text = g_strdup_printf (C_("tiles", "%d left"), left);

      if (left >= 0)
        g_assert_nonnull (strstr (labels, text));
    }
  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);
      int cost = a->type == KOL_ACTION_LAY_TILE && a->hex == hex ? kol_game_action_cost (f->game, a) : 0;
      g_autofree char *money = cost > 0 ? kol_game_word_money (engine->title, cost) : NULL;

      if (money != NULL)
        g_assert_nonnull (strstr (labels, money));
    }
}

/* A hex with several tiles opens a popover of exactly them; one is chosen;
 * an unoffered tile is refused; cancel clears it all. */
static void
test_tile_chooser (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) legal = NULL;
  GtkWidget *chooser;
  int hex, shown_hex, tile, rotation, n_tiles = 0, n_buttons = 0;
  int tiles[64];
  const KolTitle *title;

  fixture_open (&f, game->title, game->n_players, choice_goal);
  title = kol_game_get_title (f.game);
  hex = pick_hex (f.game, TRUE, NULL);
  legal = kol_game_legal_actions (f.game);
  for (guint i = 0; i < legal->len; i++)
    {
      const KolAction *a = g_ptr_array_index (legal, i);
      int k;

      if (a->type != KOL_ACTION_LAY_TILE || a->hex != hex)
        continue;
      for (k = 0; k < n_tiles && tiles[k] != title->copy_tile[a->tile_copy]; k++)
        ;
      if (k == n_tiles)
        tiles[n_tiles++] = title->copy_tile[a->tile_copy];
    }
  if (n_tiles < 2)
    {
      g_test_skip ("no hex offers two tiles in this position");
      fixture_close (&f);
      return;
    }
  g_signal_emit_by_name (f.map, "hex-activated", hex);
  chooser = kol_map_controller_get_tile_chooser (f.controller);
  g_assert_nonnull (chooser);
  g_assert_true (gtk_widget_get_visible (chooser));
  for (GtkWidget *w = kol_test_find_descendant (chooser, GTK_TYPE_BUTTON); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    n_buttons++;
  g_assert_cmpint (n_buttons, ==, n_tiles);
  assert_tile_facts (&f, chooser, hex, tiles, n_tiles);
  g_assert_true (enabled (&f, "cancel"));
  shot (&f, game->title[3] == '9' ? "1849-chooser" : "1840-chooser", -1);
  /* a tile not offered here */
  for (tile = 0; tile < (int) title->n_tiles; tile++)
    {
      int k;

      for (k = 0; k < n_tiles && tiles[k] != tile; k++)
        ;
      if (k == n_tiles)
        break;
    }
  g_assert_false (kol_map_controller_choose_tile (f.controller, tile));
  g_assert_nonnull (kol_map_controller_get_error (f.controller));
  g_assert_true (kol_map_controller_choose_tile (f.controller, tiles[1]));
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_assert_true (kol_map_view_get_tentative_tile (f.map, &shown_hex, &tile, &rotation));
  g_assert_cmpint (tile, ==, tiles[1]);
  g_assert_true (kol_map_controller_get_pending (f.controller));
  activate (&f, "cancel");
  g_assert_false (kol_map_view_get_tentative_tile (f.map, &shown_hex, &tile, &rotation));
  g_assert_false (kol_map_controller_get_pending (f.controller));
  g_assert_false (enabled (&f, "confirm"));
  fixture_close (&f);
}

/* The run: the routes shown are the router's best, confirm runs them. */
static void
test_auto_route (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) legal = NULL;
  g_autoptr(KolRouteResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const KolAction *run = NULL;
  const KolEngine *engine;
  const KolRouteHooks *hooks;
  KolRouteRules rules;
  KolRouteTrain trains[KOL_ROUTE_MAX_TRAINS];
  int n_trains;
  guint before;

  fixture_open (&f, game->title, game->n_players, run_goal);
  legal = kol_game_legal_actions (f.game);
  for (guint i = 0; run == NULL && i < legal->len; i++)
    if (is_paying_run (g_ptr_array_index (legal, i)))
      run = g_ptr_array_index (legal, i);
  engine = kol_game_get_engine (f.game);
  hooks = engine->module->route_hooks;
  kol_route_rules_init (&rules);
  n_trains = hooks->prepare (engine, run->entity.index, &rules, trains, KOL_ROUTE_MAX_TRAINS);
  if (g_str_equal (game->title, "1840"))
    n_trains = MIN (n_trains, 1);  /* a line runs one tram */
  result = kol_route_solve (engine, run->entity.index, &rules, trains, n_trains, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result->proven);
  g_assert_cmpint (result->total, >, 0);

  g_assert_true (enabled (&f, "auto-route"));
  activate (&f, "auto-route");
  g_assert_cmpint (kol_map_controller_get_route_revenue (f.controller), ==, result->total);
  g_assert_cmpuint (kol_map_view_get_n_routes (f.map) - kol_map_view_get_n_last_runs (f.map), ==,
                    (guint) result->n_routes);
  g_assert_true (kol_map_controller_get_pending (f.controller));
  {
    g_autofree char *money = kol_game_format_money (f.game, result->total);

    g_assert_nonnull (strstr (kol_map_controller_get_guidance (f.controller), money));
  }
  g_test_message ("guidance: %s", kol_map_controller_get_guidance (f.controller));
  shot (&f, game->title[3] == '9' ? "1849-routes" : "1840-routes", -1);
  before = kol_game_get_n_actions (f.game);
  activate (&f, "confirm");
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before + 1);
  fixture_close (&f);
}

/* The number of routes of the last runs of the game shown, and how many
 * of them are @corp's, drawn along the track. */
static guint
n_last_run_routes (KolGame *game,
                   int      corp,
                   guint   *corp_routes)
{
  g_autoptr(GPtrArray) runs = kol_game_get_last_runs (game);
  guint n = 0;

  *corp_routes = 0;
  for (guint i = 0; i < runs->len; i++)
    {
      const KolGameRun *run = g_ptr_array_index (runs, i);

      n += (guint) run->n_routes;
      if (run->corp == corp)
        {
          *corp_routes = (guint) run->n_routes;
          for (int k = 0; k < run->n_routes; k++)
            g_assert_cmpint (run->routes[k].n_paths, >=, run->routes[k].n_nodes - 1);
        }
    }
  return n;
}

/* A run stays drawn after it is made, under the next company's routes,
 * along the track it used; browsing the history back before it takes it
 * off the map and forward again puts it back. */
static void
test_last_runs (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autoptr(GError) error = NULL;
  guint before, shown_after, corp_routes;
  int corp;

  fixture_open (&f, game->title, game->n_players, run_goal);
  corp = kol_game_get_acting_corporation (f.game);
  /* the last run of the company running now is not drawn: its new
   * routes replace it */
  g_assert_cmpuint (kol_map_view_get_n_last_runs (f.map), ==,
                    n_last_run_routes (f.game, corp, &corp_routes) - corp_routes);
  g_assert_true (enabled (&f, "auto-route"));
  activate (&f, "auto-route");
  before = kol_game_get_n_actions (f.game);
  activate (&f, "confirm");
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before + 1);

  shown_after = kol_map_view_get_n_last_runs (f.map);
  g_assert_cmpuint (shown_after, ==, n_last_run_routes (f.game, corp, &corp_routes));
  g_assert_cmpuint (corp_routes, >, 0);
  g_assert_cmpuint (shown_after, >, 0);
  shot (&f, game->title[3] == '9' ? "1849-last-runs" : "1840-last-runs", -1);

  g_assert_true (kol_game_seek (f.game, before, &error));
  g_assert_no_error (error);
  /* browsing back before the run: the company's run before it, if any */
  g_assert_cmpuint (kol_map_view_get_n_last_runs (f.map), ==, n_last_run_routes (f.game, corp, &corp_routes));
  g_assert_false (kol_map_view_get_n_last_runs (f.map) == shown_after && corp_routes == 0);
  g_assert_true (kol_game_seek (f.game, before + 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kol_map_view_get_n_last_runs (f.map), ==, shown_after);
  fixture_close (&f);
}

/* What the choice under the pointer concerns (a line's home, a marker to
 * remove) is ringed on the map until the pointer leaves it or the game
 * moves on. */
static void
test_pointed_hexes (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  const gint16 hexes[] = { 3, 7 };

  fixture_open (&f, game->title, game->n_players, run_goal);
  g_assert_cmpuint (kol_map_view_get_n_pointed_hexes (f.map), ==, 0);
  kol_game_set_pointed_hexes (f.game, hexes, G_N_ELEMENTS (hexes));
  g_assert_cmpuint (kol_map_view_get_n_pointed_hexes (f.map), ==, G_N_ELEMENTS (hexes));
  kol_game_set_pointed_hexes (f.game, NULL, 0);
  g_assert_cmpuint (kol_map_view_get_n_pointed_hexes (f.map), ==, 0);
  kol_game_set_pointed_hexes (f.game, hexes, 1);
  g_assert_true (enabled (&f, "auto-route"));
  activate (&f, "auto-route");
  activate (&f, "confirm");
  g_assert_cmpuint (kol_map_view_get_n_pointed_hexes (f.map), ==, 0);
  fixture_close (&f);
}

static void
click_stop (Fixture *f,
            int      hex,
            int      node)
{
  g_signal_emit_by_name (f->map, "node-activated", hex, node);
  g_signal_emit_by_name (f->map, "hex-activated", hex);
}

/* Drawing by hand: taking the last stop off and putting it back gives the
 * best revenue again; a stop the route cannot reach is refused in words
 * (and confirm with it too) until it is taken off; confirm runs the routes
 * drawn. */
static void
test_manual_route (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) legal = NULL;
  const KolAction *run = NULL;
  const KolRouteSpec *spec;
  const KolEngine *engine;
  KolRouteNode last;
  int best, bad_hex = -1, bad_node = -1;
  guint before;

  fixture_open (&f, game->title, game->n_players, run_goal);
  legal = kol_game_legal_actions (f.game);
  for (guint i = 0; run == NULL && i < legal->len; i++)
    if (is_paying_run (g_ptr_array_index (legal, i)))
      run = g_ptr_array_index (legal, i);
  spec = g_ptr_array_index (run->routes, 0);
  last = g_array_index (spec->nodes, KolRouteNode, spec->nodes->len - 1);
  best = kol_map_controller_get_route_revenue (f.controller);
  g_assert_true (enabled (&f, "next-train"));

  click_stop (&f, last.hex, last.node);
  if (spec->nodes->len == 2)
    {
      g_assert_cmpint (kol_map_controller_get_route_revenue (f.controller), ==, -1);
      g_assert_nonnull (kol_map_controller_get_error (f.controller));
    }
  else
    g_assert_cmpint (kol_map_controller_get_route_revenue (f.controller), <=, best);
  click_stop (&f, last.hex, last.node);
  g_assert_cmpint (kol_map_controller_get_route_revenue (f.controller), ==, best);
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_test_message ("guidance: %s", kol_map_controller_get_guidance (f.controller));

  /* a stop out of reach */
  engine = kol_game_get_engine (f.game);
  for (guint h = 0; bad_hex < 0 && h < engine->title->n_hexes; h++)
    {
      int node = kol_tile_city_node (&engine->title->tiles[engine->hexes[h].tile], 0);

      if (node < 0 || (int) h == last.hex)
        continue;
      click_stop (&f, (int) h, node);
      if (kol_map_controller_get_route_revenue (f.controller) < 0)
        {
          bad_hex = (int) h;
          bad_node = node;
        }
      else
        click_stop (&f, (int) h, node);
    }
  g_assert_cmpint (bad_hex, >=, 0);
  g_assert_nonnull (kol_map_controller_get_error (f.controller));
  g_test_message ("refused: %s", kol_map_controller_get_error (f.controller));
  shot (&f, game->title[3] == '9' ? "1849-manual-route" : "1840-manual-route", -1);
  before = kol_game_get_n_actions (f.game);
  activate (&f, "confirm");
  g_assert_nonnull (kol_map_controller_get_error (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before);

  click_stop (&f, bad_hex, bad_node);
  g_assert_cmpint (kol_map_controller_get_route_revenue (f.controller), ==, best);
  activate (&f, "next-train");
  activate (&f, "confirm");
  g_assert_null (kol_map_controller_get_error (f.controller));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before + 1);
  fixture_close (&f);
}

/* Tokens: a city not offered is refused in words, a legal one is taken. */
static void
test_token (gconstpointer data)
{
  const Game *game = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) legal = NULL;
  const KolAction *token = NULL;
  const KolEngine *engine;
  const KolTileDef *tile;
  guint before;
  int node;

  fixture_open (&f, game->title, game->n_players, token_goal);
  legal = kol_game_legal_actions (f.game);
  for (guint i = 0; token == NULL && i < legal->len; i++)
    if (is_token (g_ptr_array_index (legal, i)))
      token = g_ptr_array_index (legal, i);
  engine = kol_game_get_engine (f.game);
  before = kol_game_get_n_actions (f.game);
  check_guidance (&f, "map_place_token");
  /* some city that is not a target: the engine's reason */
  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      gboolean target = FALSE;

      tile = &engine->title->tiles[engine->hexes[h].tile];
      for (guint i = 0; i < legal->len; i++)
        target |= is_token (g_ptr_array_index (legal, i)) &&
                  ((KolAction *) g_ptr_array_index (legal, i))->hex == (int) h;
      if (target || (node = kol_tile_city_node (tile, 0)) < 0)
        continue;
      g_signal_emit_by_name (f.map, "node-activated", (int) h, node);
      g_signal_emit_by_name (f.map, "hex-activated", (int) h);
      g_assert_nonnull (kol_map_controller_get_error (f.controller));
      g_test_message ("refused: %s", kol_map_controller_get_error (f.controller));
      break;
    }
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before);
  shot (&f, game->title[3] == '9' ? "1849-token" : "1840-token", -1);
  tile = &engine->title->tiles[engine->hexes[token->hex].tile];
  node = kol_tile_city_node (tile, token->city);
  g_signal_emit_by_name (f.map, "node-activated", (int) token->hex, node);
  g_signal_emit_by_name (f.map, "hex-activated", (int) token->hex);
  g_assert_cmpstr (kol_map_controller_get_error (f.controller), ==, NULL);
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, before + 1);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  static const struct { const char *name; GTestDataFunc func; } cases[] = {
    { "highlights", test_highlights },
    { "refused-hex", test_refused_hex },
    { "lay-rotate-confirm", test_lay_rotate_confirm },
    { "tile-chooser", test_tile_chooser },
    { "auto-route", test_auto_route },
    { "last-runs", test_last_runs },
    { "pointed-hexes", test_pointed_hexes },
    { "manual-route", test_manual_route },
    { "token", test_token },
  };

  if (kol_test_skip_without_display ())
    return 0;
  kol_l10n_init_gettext ();
  gtk_test_init (&argc, &argv, NULL);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
      {
        g_autofree char *path = g_strdup_printf ("/map-controller/%s/%s", games[g].title, cases[c].name);

        g_test_add_data_func (path, &games[g], cases[c].func);
      }
  return g_test_run ();
}
