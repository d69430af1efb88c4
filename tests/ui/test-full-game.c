/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "kol-action-json.h"
#include "kol-application.h"
#include "kol-engine-policy.h"
#include "kol-game-log-entry.h"
#include "kol-game-over-view.h"
#include "kol-l10n.h"
#include "kol-new-game-dialog.h"
#include "kol-panel-util.h"
#include "kol-state-dump.h"
#include "kol-test-board.h"
#include "kol-title-document.h"
#include "kol-game-words.h"
#include "kol-view-util.h"
#include "kol-why-format.h"
#include "kol-window.h"
#include "game-test-moves.h"
#include "ui-test-utils.h"

/*
 * A whole game of each title played hot-seat in the main window, from the
 * New Game dialog to the final scores (1849, 1840, and a title the test
 * makes from the New Title template of the standard rules module), only through the widgets a person
 * uses: each move is chosen among the engine's legal actions by a seeded
 * weighted policy (that of koleya-cli selfplay, so that games end), then
 * made with the action panel's button labelled kol_game_describe_action()
 * (after setting its spin button for a number in a range), or on the map
 * (activating the hex, picking the tile in the chooser, turning it with
 * the panel's rotate button, confirming; clicking the city for a station
 * marker; Best Routes and Confirm for a run). After each move the game
 * must have recorded exactly the move chosen. At the end the final scores
 * are shown and are the model's.
 *
 * Run by meson in English and with LANGUAGE=ru; in Russian the window's
 * texts are checked for English UI words at a few points. Under
 * sanitizers KOLEYA_FULL_GAME_ACTIONS limits how many moves are made;
 * KOLEYA_FULL_GAME_SEED picks another game, KOLEYA_SHOTS_DIR saves the
 * final scores as PNGs (docs/screenshots/game-over-*.png).
 */

static KolApplication *app;

static const char *const player_names[] = { "Anna", "Boris", "Clara", "Dmitri" };

typedef struct
{
  const char *title;
  int n_players;
  gint64 seed;
} Title;

/* "my-first-title" is a title the test makes from the New Title template
 * in the user's folder, as the editor's New does. */
#define TEMPLATE_TITLE "my-first-title"

static const Title titles[] = {
  { "1849", 4, 1 },
  { "1840", 4, 1 },
  { TEMPLATE_TITLE, 3, 1 },
};

typedef struct
{
  KolWindow *window;
  KolGamePage *page;
  KolActionPanel *panel;
  KolMapView *map;
  KolGame *game;
} Table;

static gboolean
russian (void)
{
  return g_str_has_prefix (g_getenv ("LANGUAGE") != NULL ? g_getenv ("LANGUAGE") : "", "ru");
}

/* ------------------------------------------------------------- the policy */

/* The policy of koleya-cli selfplay --policy=weighted, so that games end. */
static const KolAction *
choose_weighted (const KolEngine *engine,
                 GPtrArray       *legal,
                 GRand           *rand,
                 gboolean         no_raises)
{
  return g_ptr_array_index (legal, kol_policy_choose_weighted (engine, legal, rand, no_raises));
}

/* ---------------------------------------------------------- the widgets */

static gboolean
has_no_windows (gpointer data)
{
  return gtk_application_get_windows (GTK_APPLICATION (app)) == NULL;
}

/* Lets GTK lay out and draw what changed, as between a person's clicks. */
static void
settle (void)
{
  for (int i = 0; i < 50 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

/* Clicks the panel's button for the map controller's @action_name. */
static void
click_action (Table      *t,
              const char *action_name)
{
  GtkWidget *button = kol_test_find_action_button (GTK_WIDGET (t->panel), action_name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static gboolean
has_label (GtkWidget  *root,
           const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

/* The button of the tile chooser that shows @name under its picture. */
static GtkWidget *
find_tile_button (GtkWidget  *root,
                  const char *name)
{
  if (GTK_IS_BUTTON (root) && has_label (root, name))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_tile_button (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
tile_chooser (Table *t)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (t->map)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c))
      return c;
  return NULL;
}

/* ------------------------------------------------------------- the moves */

/* A tile: the hex activated, the tile picked when several are offered,
 * turned with the panel's rotate button to the rotation wanted, confirmed. */
static void
lay_tile (Table           *t,
          const KolAction *a)
{
  const KolTitle *title = kol_game_get_title (t->game);
  int tile = title->copy_tile[a->tile_copy];
  int hex = -1, shown = -1, rotation = -1;

  g_signal_emit_by_name (t->map, "hex-activated", (int) a->hex);
  if (!kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation))
    {
      GtkWidget *chooser = tile_chooser (t);
      GtkWidget *button;

      g_assert_nonnull (chooser);
      button = find_tile_button (chooser, title->tiles[tile].id);
      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
      g_assert_true (kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation));
    }
  g_assert_cmpint (hex, ==, a->hex);
  g_assert_cmpint (shown, ==, tile);
  for (int turns = 0; turns < 6 && rotation != a->rotation; turns++)
    {
      click_action (t, "play.rotate-cw");
      g_assert_true (kol_map_view_get_tentative_tile (t->map, &hex, &shown, &rotation));
    }
  g_assert_cmpint (rotation, ==, a->rotation);
  click_action (t, "play.confirm");
}

/* A station marker: a click on the city (the view's node, then its hex). */
static void
place_token (Table           *t,
             const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (t->game);
  const KolTileDef *def;
  int node = -1;

  g_assert_cmpint (engine->hexes[a->hex].tile, >=, 0);
  def = &engine->title->tiles[engine->hexes[a->hex].tile];
  for (int i = 0; i < def->n_nodes && node < 0; i++)
    if (def->nodes[i].kind == KOL_NODE_CITY && def->nodes[i].city_index == a->city)
      node = i;
  g_assert_cmpint (node, >=, 0);
  g_signal_emit_by_name (t->map, "node-activated", (int) a->hex, node);
  g_signal_emit_by_name (t->map, "hex-activated", (int) a->hex);
}

static void
run_routes (Table *t)
{
  click_action (t, "play.auto-route");
  click_action (t, "play.confirm");
}

/* Any other move: the panel's button, after its spin button if any. */
static void
press_choice (Table           *t,
              const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (t->game);
  g_autofree char *name = kol_test_spin_name (engine, a);
  GtkSpinButton *spin = kol_action_panel_find_spin (t->panel, name);
  g_autofree char *label = NULL;
  GtkWidget *button = NULL;

  if (spin != NULL)
    gtk_spin_button_set_value (spin, a->type == KOL_ACTION_DIVIDEND ? a->amount : a->price);
  label = kol_game_describe_action (t->game, a);
  button = kol_test_choice_button (t->panel, t->game, a);
  if (button == NULL)
    {
      g_autofree char *shown = kol_test_collect_labels (GTK_WIDGET (t->panel));

      g_error ("no button “%s” (spin %s: %s) in the panel:\n%s", label, name, spin != NULL ? "found" : "none",
               shown);
    }
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static void
collect_choices (GtkWidget  *widget,
                 GHashTable *labels)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "panel.choose") == 0)
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));

      if (g_hash_table_contains (labels, label))
        g_error ("two choices read “%s”", label);
      g_hash_table_add (labels, (gpointer) label);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_choices (c, labels);
}

/* No two buttons of the panel read alike: a person could not tell them
 * apart. */
static void
assert_choices_distinct (Table *t)
{
  g_autoptr(GHashTable) labels = g_hash_table_new (g_str_hash, g_str_equal);

  collect_choices (GTK_WIDGET (t->panel), labels);
  g_assert_cmpuint (g_hash_table_size (labels), ==, kol_action_panel_get_n_choices (t->panel));
}

/* Makes move @a through the UI; the game must then have recorded it. */
static void
play_move (Table           *t,
           const KolAction *a)
{
  guint before = kol_game_get_position (t->game);
  g_autoptr(JsonNode) wanted = kol_action_to_json ((KolEngine *) kol_game_get_engine (t->game), a);
  g_autofree char *offered = kol_test_collect_labels (GTK_WIDGET (t->panel));

  assert_choices_distinct (t);

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
  kol_test_assert_move_made (t->game, t->panel, before, wanted, offered);
}

/* ------------------------------------------------------------ Russian */

/* Words of the table's own UI that must not show in Russian (data names,
 * such as companies and the board's labels, may be English). */
static const char *const english_words[] = {
  "Pass", "Players", "Treasury", "to act", "Certificates", "Net worth", "Phase", "Round", "Bank", "Market",
  "Log", "Confirm", "Cancel", "Cash", "Shares", "Trains", "Companies", "President", "Acting", "Move",
  "Final scores", "Scores", "Price", "Par", "Buy", "Sell", "Bid", "Stock", "Operating", "Private",
};

static gboolean
word_at (const char *text,
         const char *at,
         gsize       len)
{
  return (at == text || !g_ascii_isalpha (at[-1])) && !g_ascii_isalpha (at[len]);
}

/* The first line of the window's texts with an English UI word, or NULL.
 * KOLEYA_LABELS_DIR=DIR also saves the texts there, to read. */
static char *
find_english (Table      *t,
              const char *when)
{
  g_autofree char *labels = kol_test_collect_labels (GTK_WIDGET (t->window));
  g_auto(GStrv) lines = g_strsplit (labels, "\n", -1);

  if (g_getenv ("KOLEYA_LABELS_DIR") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("%s-%s-%s.txt", kol_game_get_title (t->game)->id, when,
                                               russian () ? "ru" : "en");
      g_autofree char *path = g_build_filename (g_getenv ("KOLEYA_LABELS_DIR"), name, NULL);

      g_file_set_contents (path, labels, -1, NULL);
    }
  for (guint w = 0; w < G_N_ELEMENTS (english_words); w++)
    for (guint l = 0; lines[l] != NULL; l++)
      for (const char *at = strstr (lines[l], english_words[w]); at != NULL;
           at = strstr (at + 1, english_words[w]))
        if (word_at (lines[l], at, strlen (english_words[w])))
          return g_strdup_printf ("“%s” in “%s”", english_words[w], lines[l]);
  return NULL;
}

/* In Russian no English UI word shows; in English the same check finds
 * them (so that it can fail). */
static void
check_language (Table      *t,
                const char *when)
{
  g_autofree char *english = find_english (t, when);

  if (russian () && english != NULL)
    g_error ("%s: English %s", when, english);
  if (!russian ())
    g_assert_nonnull (english);
}

/* ------------------------------------------------------------- the game */

static void save_window_shot (GtkWidget  *window,
                              const char *what,
                              const char *title);

/* The New Game dialog of a main window starts @t's game on the table; with
 * @computers, every seat but the first is played by the computer at that
 * strength. */
static void
open_table_with (Table       *table,
                 const Title *t,
                 int          computers)
{
  GtkWidget *dialog = NULL;

  table->window = kol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (table->window), 1440, 900);
  gtk_window_present (GTK_WINDOW (table->window));
  kol_test_wait_until (kol_test_is_mapped, table->window);
  g_action_group_activate_action (G_ACTION_GROUP (table->window), "new-game", NULL);
  dialog = kol_test_wait_for_toplevel (KOL_TYPE_NEW_GAME_DIALOG);
  kol_new_game_dialog_set_title_id (KOL_NEW_GAME_DIALOG (dialog), t->title);
  kol_new_game_dialog_set_n_players (KOL_NEW_GAME_DIALOG (dialog), t->n_players);
  kol_new_game_dialog_set_seed (KOL_NEW_GAME_DIALOG (dialog), t->seed);
  for (int i = 0; i < t->n_players; i++)
    kol_new_game_dialog_set_player_name (KOL_NEW_GAME_DIALOG (dialog), i, player_names[i]);
  for (int i = 1; computers >= 0 && i < t->n_players; i++)
    kol_new_game_dialog_set_computer (KOL_NEW_GAME_DIALOG (dialog), i, computers);
  if (computers >= 0)
    {
      settle ();
      save_window_shot (dialog, "new-game-computers", t->title);
    }
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  table->page = kol_window_get_game_page (table->window);
  table->game = kol_game_page_get_game (table->page);
  g_assert_nonnull (table->game);
  g_assert_cmpstr (kol_game_get_title (table->game)->id, ==, t->title);
  table->panel = kol_game_page_get_action_panel (table->page);
  table->map = kol_game_page_get_map_view (table->page);
  settle ();
}

static void
open_table (Table       *table,
            const Title *t)
{
  open_table_with (table, t, -1);
}

static void
close_table (Table *table)
{
  kol_game_remove_autosave (table->game, NULL);
  gtk_window_destroy (GTK_WINDOW (table->window));
  kol_test_wait_until (has_no_windows, NULL);
}

static gboolean
over_complete (gpointer view)
{
  return kol_game_over_view_is_complete (view) && gtk_widget_get_mapped (GTK_WIDGET (view));
}

/* The final scores: shown instead of the map, ranked, the model's. */
static void
check_final_scores (Table *t)
{
  KolGameOverView *over = KOL_GAME_OVER_VIEW (kol_test_find_descendant (GTK_WIDGET (t->page),
                                                                        KOL_TYPE_GAME_OVER_VIEW));
  KolEngine *engine = (KolEngine *) kol_game_get_engine (t->game);
  g_autoptr(JsonNode) result = kol_state_result (engine);
  JsonObject *scores = json_node_get_object (result);
  g_autofree char *labels = NULL;
  int last = G_MAXINT;

  g_assert_nonnull (over);
  /* the charts replay the whole game from the main loop */
  for (gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC; !over_complete (over);)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  for (int rank = 0; rank < engine->n_players; rank++)
    {
      int score = 0;
      int player = kol_game_over_view_get_ranked (over, rank, &score);
      g_autofree char *id = NULL;
      g_autofree char *money = NULL;

      g_assert_cmpint (player, >=, 0);
      id = g_strdup_printf ("%d", engine->players[player].id);
      g_assert_cmpint (score, ==, json_object_get_int_member (scores, id));
      g_assert_cmpint (score, <=, last);
      last = score;
      money = kol_game_format_money (t->game, score);
      labels = kol_test_collect_labels (GTK_WIDGET (over));
      g_assert_nonnull (strstr (labels, money));
      g_clear_pointer (&labels, g_free);
    }
  g_assert_cmpint (kol_game_over_view_get_ranked (over, engine->n_players, NULL), ==, -1);
}

/* KOLEYA_SHOTS_DIR=DIR saves @window there as WHAT-TITLE-LANG.png, for
 * docs/screenshots. */
static void
save_window_shot (GtkWidget  *window,
                  const char *what,
                  const char *title)
{
  const char *dir = g_getenv ("KOLEYA_SHOTS_DIR");
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;

  if (dir == NULL)
    return;
  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  name = g_strdup_printf ("%s-%s-%s.png", what, title, russian () ? "ru" : "en");
  path = g_build_filename (dir, name, NULL);
  texture = kol_test_render_widget (window);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* The window at the end of the game: game-over-TITLE-LANG.png. */
static void
save_shot (Table *t)
{
  save_window_shot (GTK_WIDGET (t->window), "game-over", kol_game_get_title (t->game)->id);
}

/* KOLEYA_FULL_GAME_SEED=N plays another game (for a screenshot). */
static guint32
policy_seed (void)
{
  const char *seed = g_getenv ("KOLEYA_FULL_GAME_SEED");

  return seed != NULL ? (guint32) strtoul (seed, NULL, 10) : 1;
}

static guint
action_limit (void)
{
  const char *limit = g_getenv ("KOLEYA_FULL_GAME_ACTIONS");

  return limit != NULL ? (guint) strtoul (limit, NULL, 10) : G_MAXUINT;
}

/* Leaves in @legal the moves the panel offers: what it leaves out (a
 * president's share sale inside "Buy trains" while the company may pass)
 * has no button to press. */
static void
keep_offered (KolGame   *game,
              GPtrArray *legal)
{
  GListModel *choices = kol_game_get_choices (game);

  for (guint i = legal->len; i-- > 0;)
    {
      const KolAction *a = g_ptr_array_index (legal, i);
      gboolean offered = FALSE;

      for (guint k = 0; !offered && k < g_list_model_get_n_items (choices); k++)
        {
          g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, k);
          const KolAction *b = kol_game_choice_get_action (c);

          offered = b->type == a->type && b->entity.kind == a->entity.kind;
        }
      if (!offered && legal->len > 1)
        g_ptr_array_remove_index (legal, i);
    }
}

static void
test_full_game (gconstpointer data)
{
  const Title *t = data;
  Table table = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (policy_seed ());
  guint limit = action_limit (), n = 0;
  gboolean checked_operating = FALSE;
  gint64 start = g_get_monotonic_time ();

  open_table (&table, t);
  check_language (&table, "start");
  while (!kol_game_get_finished (table.game) && n < limit)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (table.game);
      const KolEngine *engine = kol_game_get_engine (table.game);
      gboolean auction = engine->round.klass != NULL && !engine->round.klass->stock && !engine->round.klass->operating;
      g_autoptr(KolAction) a = NULL;

      g_assert_cmpuint (legal->len, >, 0);
      g_assert_cmpuint (n, <, 20000);
      keep_offered (table.game, legal);
      a = kol_test_first_alike (engine, legal, choose_weighted (engine, legal, rand, auction && n >= 2000));
      if (!checked_operating && a->type == KOL_ACTION_LAY_TILE)
        {
          check_language (&table, "operating");
          checked_operating = TRUE;
        }
      play_move (&table, a);
      settle ();
      n++;
    }
  g_test_message ("%s: %u moves through the UI in %.1f s", t->title, n,
                  (g_get_monotonic_time () - start) / 1e6);
  if (limit == G_MAXUINT)
    {
      g_assert_true (kol_game_get_finished (table.game));
      check_final_scores (&table);
      check_language (&table, "over");
      save_shot (&table);
    }
  close_table (&table);
}

/* ------------------------------------------------ against the computer */

static gboolean
persons_turn (gpointer data)
{
  Table *t = data;
  int player = kol_game_get_acting_player (t->game);
  return kol_game_get_finished (t->game) ||
         (player >= 0 && kol_game_get_computer (t->game, player) < 0 &&
          !kol_bot_driver_get_thinking (kol_game_get_bot_driver (t->game)));
}

/* Waits for Anna's turn while the computers play: as long as they keep
 * moving (a whole operating round of theirs takes a while on a busy
 * machine), but not for ever once they stop. */
static void
wait_for_person (Table *t)
{
  guint seen = kol_game_get_n_actions (t->game);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!persons_turn (t))
    {
      if (kol_game_get_n_actions (t->game) != seen)
        {
          seen = kol_game_get_n_actions (t->game);
          deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
        }
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The log has a computer's note: "Boris (Easy): …". */
static gboolean
log_has_notes (KolGame *game)
{
  GListModel *log = kol_game_get_log (game);
  g_autofree char *prefix = g_strdup_printf ("%s (%s): ", player_names[1], kol_why_strength_name (KOL_POLICY_EASY));

  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(KolGameLogEntry) e = g_list_model_get_item (log, i);

      if (g_str_has_prefix (kol_game_log_entry_get_text (e), prefix))
        return TRUE;
    }
  return FALSE;
}

/* Anna's undo (the window's action) takes back the computers' moves to her
 * last decision; redo plays them again. */
static void
check_undo_over_computers (Table *t,
                           guint  mine)
{
  guint now = kol_game_get_n_actions (t->game);

  if (now <= mine + 1)
    return;
  g_action_group_activate_action (G_ACTION_GROUP (t->window), "undo", NULL);
  g_assert_cmpuint (kol_game_get_n_actions (t->game), ==, mine);
  g_assert_cmpint (kol_game_get_acting_player (t->game), ==, 0);
  g_action_group_activate_action (G_ACTION_GROUP (t->window), "redo", NULL);
  g_assert_cmpuint (kol_game_get_n_actions (t->game), ==, now);
}

/* One person, Anna in the first seat, against computers set up in the New
 * Game dialog: the computers move by themselves between her moves (made
 * through the widgets as above), the action panel is out of reach while
 * they think, they explain themselves in the log, her undo and redo step
 * over their moves, and the game ends with the final scores. */
static void
test_with_computers (gconstpointer data)
{
  const Title *t = data;
  Table table = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (policy_seed ());
  guint limit = action_limit (), n = 0, mine = 0;
  gboolean undo_checked = FALSE, shot = FALSE;
  gint64 start = g_get_monotonic_time ();

  open_table_with (&table, t, KOL_POLICY_EASY);
  for (int p = 1; p < t->n_players; p++)
    g_assert_cmpint (kol_game_get_computer (table.game, p), ==, KOL_POLICY_EASY);
  kol_bot_driver_set_delay (kol_game_get_bot_driver (table.game), 20);
  /* the log, where the computers explain their moves */
  kol_game_page_show_panel (table.page, "log");
  while (n < limit)
    {
      g_autoptr(GPtrArray) legal = NULL;
      const KolEngine *engine;
      gboolean auction;
      g_autoptr(KolAction) a = NULL;

      wait_for_person (&table);
      if (kol_game_get_finished (table.game))
        break;
      g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (table.panel)));
      if (!undo_checked && n >= 10 && kol_game_get_n_actions (table.game) > mine + 1)
        {
          check_undo_over_computers (&table, mine);
          undo_checked = TRUE;
        }
      legal = kol_game_legal_actions (table.game);
      engine = kol_game_get_engine (table.game);
      auction = engine->round.klass != NULL && !engine->round.klass->stock && !engine->round.klass->operating;
      g_assert_cmpuint (legal->len, >, 0);
      keep_offered (table.game, legal);
      a = kol_test_first_alike (engine, legal, choose_weighted (engine, legal, rand, auction && n >= 200));
      mine = kol_game_get_n_actions (table.game);
      if (!shot && n >= 15)
        kol_bot_driver_set_delay (kol_game_get_bot_driver (table.game), 4000);
      play_move (&table, a);
      settle ();
      if (!shot && n >= 15 && kol_bot_driver_get_thinking (kol_game_get_bot_driver (table.game)))
        {
          /* a computer about to move, and the log of their reasons */
          save_window_shot (GTK_WIDGET (table.window), "against-computers", t->title);
          shot = TRUE;
        }
      kol_bot_driver_set_delay (kol_game_get_bot_driver (table.game), 20);
      n++;
    }
  g_test_message ("%s: Anna made %u moves through the UI against the computers, %u moves in all, in %.1f s",
                  t->title, n, kol_game_get_n_actions (table.game), (g_get_monotonic_time () - start) / 1e6);
  g_assert_true (log_has_notes (table.game));
  if (limit == G_MAXUINT)
    {
      g_assert_true (undo_checked);
      g_assert_true (kol_game_get_finished (table.game));
      check_final_scores (&table);
    }
  close_table (&table);
}

/* A title of the standard module made from the New Title template and
 * saved in the user's folder, so that New Game lists it. */
static void
make_template_title (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KolTitleDocument) doc = kol_title_document_new_from_template (NULL, TEMPLATE_TITLE, &error);

  g_assert_no_error (error);
  g_assert_true (kol_title_document_save (doc, &error));
  g_assert_no_error (error);
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
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  int status;

  if (kol_test_skip_without_display ())
    return 0;
  /* the template's title goes to a fresh user folder, set before GLib
   * reads it */
  data_home = g_dir_make_tmp ("koleya-full-game-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  kol_l10n_init_gettext ();
  gtk_test_init (&argc, &argv, NULL);
  make_template_title ();

  app = kol_application_new (APP_ID ".FullGameTest", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autofree char *path = g_strdup_printf ("/full-game/%s", titles[i].title);

      g_test_add_data_func (path, &titles[i], test_full_game);
    }
  /* the computers play the shipped titles */
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autofree char *path = g_strdup_printf ("/full-game/against-computers/%s", titles[i].title);

      if (g_str_equal (titles[i].title, TEMPLATE_TITLE))
        continue;

      g_test_add_data_func (path, &titles[i], test_with_computers);
    }
  status = g_test_run ();
  g_clear_object (&app);
  remove_tree (data_home);
  return status;
}
