/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-game-page.h"
#include "kol-l10n.h"
#include "kol-message-dialog.h"
#include "ui-test-utils.h"

/*
 * KolGamePage (the table) bound to new games of 1849 and 1840 in a
 * 1280×800 window: every part is there and sized, the status line follows
 * the game, the table's "play" and "table" actions exist, and a log entry
 * shows the past, from which the table goes back to the present or, after
 * the question, continues.
 */

static const char *const player_names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };

typedef struct
{
  const char *title;
  int n_players;
} Title;

static const Title titles[] = {
  { "1849", 4 },
  { "1840", 4 },
};

typedef struct
{
  GtkWidget *window;
  KolGamePage *page;
  KolGame *game;
} Fixture;

static void
fixture_open (Fixture     *f,
              const Title *t)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), t->title, NULL);
  g_autoptr(GError) error = NULL;

  f->game = kol_game_new (dir, t->n_players, player_names, NULL, 77, &error);
  g_assert_no_error (error);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->page = KOL_GAME_PAGE (kol_game_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  /* as in the window: the page is shown (and measured) empty first */
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
  g_object_set (f->page, "game", f->game, NULL);
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_close (Fixture *f)
{
  g_object_ref (f->page);
  g_object_ref (f->window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->page);
  g_assert_finalize_object (f->game);
}

/* Plays @n legal moves, the engine's first choice each time. */
static void
play_moves (KolGame *game,
            guint    n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (kol_game_apply_action (game, legal->pdata[0], &error));
      g_assert_no_error (error);
    }
}

static gboolean
is_live (gpointer game)
{
  return kol_game_get_live (game);
}

/* Plays @n random legal moves, passing only when little else is offered;
 * returns the type of the last. */
static KolActionType
play_random (KolGame *game,
             GRand   *rand,
             guint    n)
{
  KolActionType type = KOL_ACTION_PASS;

  for (guint i = 0; i < n && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      KolAction *chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];

      for (int tries = 0; tries < 4 && chosen->type == KOL_ACTION_PASS && legal->len > 1; tries++)
        chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];
      type = chosen->type;
      g_assert_true (kol_game_apply_action (game, chosen, NULL));
    }
  return type;
}

/* Where @widget is in the window, rounded to pixels. */
static graphene_rect_t
bounds_in_window (GtkWidget *widget,
                  GtkWidget *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
  return r;
}

/* The panel's Pass button, when passing is a choice. */
static GtkWidget *
find_pass (KolGame        *game,
           KolActionPanel *panel)
{
  GListModel *choices = kol_game_get_choices (game);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);

      if (kol_game_choice_get_kind (c) == KOL_GAME_CHOICE_PASS)
        return kol_action_panel_find_button (panel, kol_game_choice_get_label (c));
    }
  return NULL;
}

/* ------------------------------------------------------------------ tests */

/* Nothing moves under the mouse: over 50 moves of every
 * kind (auctions, shares, tiles, tokens, runs, trains), the tabs of the
 * side pane and the Pass button stay where they were: the action panel
 * keeps its height and scrolls inside. */
static void
test_steady_layout (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  GtkNotebook *notebook;
  KolActionPanel *panel;
  GtkWidget *tab;
  graphene_rect_t tabs, pass = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean pass_seen = FALSE;
  guint kinds = 0;

  fixture_open (&f, t);
  /* past the first auctions, so that the moves watched are of every kind */
  play_random (f.game, rand, g_str_equal (t->title, "1840") ? 220 : 60);
  gtk_test_widget_wait_for_draw (f.window);
  panel = kol_game_page_get_action_panel (f.page);
  notebook = GTK_NOTEBOOK (kol_test_find_descendant (GTK_WIDGET (f.page), GTK_TYPE_NOTEBOOK));
  tab = gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, 0));
  tabs = bounds_in_window (tab, f.window);
  for (guint i = 0; i < 50 && !kol_game_get_finished (f.game); i++)
    {
      GtkWidget *button;
      graphene_rect_t now;

      kinds |= 1u << play_random (f.game, rand, 1);
      gtk_test_widget_wait_for_draw (f.window);
      now = bounds_in_window (tab, f.window);
      g_assert_cmpfloat_with_epsilon (now.origin.y, tabs.origin.y, 0.5);
      g_assert_cmpfloat_with_epsilon (now.origin.x, tabs.origin.x, 0.5);
      if ((button = find_pass (f.game, panel)) == NULL)
        continue;
      now = bounds_in_window (button, f.window);
      if (!pass_seen)
        pass = now;
      pass_seen = TRUE;
      g_assert_cmpfloat_with_epsilon (now.origin.y, pass.origin.y, 0.5);
    }
  /* the moves were of several kinds, and Pass was there to watch */
  g_assert_cmpuint (__builtin_popcount (kinds), >=, 3);
  g_assert_true (pass_seen);
  fixture_close (&f);
}


static void
test_parts (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  KolActionPanel *panel;
  g_autofree char *status = NULL;
  GObject *game = NULL;
  GtkWidget *over;

  fixture_open (&f, t);
  g_object_get (f.page, "game", &game, NULL);
  g_assert_true (game == G_OBJECT (f.game));
  g_object_unref (game);
  panel = kol_game_page_get_action_panel (f.page);
  g_assert_true (kol_action_panel_get_game (panel) == f.game);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), >, 40);
  g_assert_cmpuint (kol_action_panel_get_n_choices (panel), >, 0);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (kol_game_page_get_map_view (f.page))));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (kol_game_page_get_map_view (f.page))), >, 600);
  g_assert_nonnull (kol_map_view_get_board (kol_game_page_get_map_view (f.page)));
  over = kol_test_find_descendant (GTK_WIDGET (f.page), g_type_from_name ("KolGameOverView"));
  g_assert_nonnull (over);
  g_assert_false (gtk_widget_get_mapped (over));

  status = kol_game_page_dup_status (f.page);
  g_assert_nonnull (strstr (status, kol_game_get_round_name (f.game)));
  g_assert_nonnull (strstr (status, kol_game_get_acting_entity_name (f.game)));

  g_assert_nonnull (gtk_widget_get_ancestor (GTK_WIDGET (panel), KOL_TYPE_GAME_PAGE));
  for (guint i = 0; i < 5; i++)
    {
      static const char *const names[] = { "players", "companies", "market", "bank", "log" };

      kol_game_page_show_panel (f.page, names[i]);
      gtk_test_widget_wait_for_draw (f.window);
      kol_test_assert_boxes_fit (GTK_WIDGET (f.page), names[i]);
    }
  /* again after the panels followed the game for a while */
  play_moves (f.game, 40);
  gtk_test_widget_wait_for_draw (f.window);
  kol_test_assert_boxes_fit (GTK_WIDGET (f.page), "bank");
  fixture_close (&f);
}

/* The status line follows the game after each move. */
static void
test_status_follows (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  fixture_open (&f, t);
  before = kol_game_page_dup_status (f.page);
  play_moves (f.game, 1);
  after = kol_game_page_dup_status (f.page);
  g_assert_cmpstr (before, !=, after);
  g_assert_nonnull (strstr (after, kol_game_get_acting_entity_name (f.game)));
  fixture_close (&f);
}

/* A log entry shows the past: the panel offers the way back, or to go on
 * from there after the question. */
static void
test_log_past (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  KolActionPanel *panel;
  GtkWidget *back;
  GtkWindow *question;
  guint n;

  fixture_open (&f, t);
  panel = kol_game_page_get_action_panel (f.page);
  play_moves (f.game, 6);
  n = kol_game_get_n_actions (f.game);
  g_assert_cmpuint (g_list_model_get_n_items (kol_game_get_log (f.game)), >=, 2);

  g_assert_true (kol_log_view_activate_entry (kol_game_page_get_log_view (f.page), 1));
  g_assert_false (kol_game_get_live (f.game));
  g_assert_cmpuint (kol_action_panel_get_n_choices (panel), ==, 0);
  back = kol_test_find_action_button (GTK_WIDGET (panel), "table.show-live");
  g_assert_nonnull (back);
  g_assert_true (gtk_widget_is_sensitive (back));
  g_assert_true (gtk_widget_activate (back));
  /* a button shows itself pressed for a moment before it acts */
  kol_test_wait_until (is_live, f.game);
  g_assert_cmpuint (kol_game_get_position (f.game), ==, n);
  g_assert_null (kol_test_find_action_button (GTK_WIDGET (panel), "table.show-live"));

  /* refusing the question changes nothing */
  g_assert_true (kol_log_view_activate_entry (kol_game_page_get_log_view (f.page), 1));
  question = kol_game_page_confirm_continue (f.page);
  kol_message_dialog_respond (KOL_MESSAGE_DIALOG (question), "cancel");
  g_assert_false (kol_game_get_live (f.game));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, n);

  question = kol_game_page_confirm_continue (f.page);
  {
    /* it says how many moves go (in any language) */
    g_autofree char *later = g_strdup_printf ("%u", kol_game_get_n_actions (f.game) - kol_game_get_position (f.game));

    g_assert_nonnull (strstr (kol_message_dialog_get_body (KOL_MESSAGE_DIALOG (question)), later));
  }
  kol_message_dialog_respond (KOL_MESSAGE_DIALOG (question), "continue");
  g_assert_true (kol_game_get_live (f.game));
  g_assert_cmpuint (kol_game_get_n_actions (f.game), <, n);
  g_assert_cmpuint (kol_action_panel_get_n_choices (panel), >, 0);
  fixture_close (&f);
}

static gboolean
has_type (KolGame       *game,
          KolActionType  type)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

  for (guint i = 0; i < legal->len; i++)
    if (((KolAction *) legal->pdata[i])->type == type)
      return TRUE;
  return FALSE;
}

/* A map step (laying track): the panel shows the map controller's
 * guidance and buttons of its "play" actions, and no button per tile. */
static void
test_map_step (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  KolActionPanel *panel;
  g_autofree char *labels = NULL;
  g_autofree char *guidance = NULL;
  guint moves = 0;

  fixture_open (&f, t);
  panel = kol_game_page_get_action_panel (f.page);
  while (!has_type (f.game, KOL_ACTION_LAY_TILE) && moves++ < 600)
    play_moves (f.game, 1);
  g_assert_true (has_type (f.game, KOL_ACTION_LAY_TILE));
  g_assert_nonnull (kol_test_find_action_button (GTK_WIDGET (panel), "play.confirm"));
  g_assert_nonnull (kol_test_find_action_button (GTK_WIDGET (panel), "play.cancel"));
  g_assert_nonnull (kol_test_find_action_button (GTK_WIDGET (panel), "play.rotate-cw"));
  /* nothing is chosen on the map yet */
  g_assert_false (gtk_widget_is_sensitive (kol_test_find_action_button (GTK_WIDGET (panel), "play.confirm")));
  g_object_get (panel, "guidance", &guidance, NULL);
  g_assert_nonnull (guidance);
  labels = kol_test_collect_labels (GTK_WIDGET (panel));
  g_assert_nonnull (strstr (labels, guidance));
  g_assert_null (strstr (labels, "Tile "));
  fixture_close (&f);
}

/* A game that ended: the final scores replace the map, a switcher leads
 * back to it, and the panel offers nothing more. Needs the recorded game
 * in the repository's ../shared (skipped without it). */
static void
test_finished (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "..", "shared", "fixtures",
                                            "18xx.games", "1849-1849_game_end_bank.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  Fixture f = { 0 };
  GtkWidget *over, *switcher;

  if (!g_file_query_exists (file, NULL))
    {
      g_test_skip ("../shared/fixtures is not there");
      return;
    }
  f.game = kol_game_new_from_record (file, &error);
  g_assert_no_error (error);
  g_assert_true (kol_game_get_finished (f.game));
  f.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1280, 800);
  f.page = KOL_GAME_PAGE (kol_game_page_new ());
  gtk_window_set_child (GTK_WINDOW (f.window), GTK_WIDGET (f.page));
  kol_game_page_set_game (f.page, f.game);
  gtk_window_present (GTK_WINDOW (f.window));
  gtk_test_widget_wait_for_draw (f.window);

  over = kol_test_find_descendant (GTK_WIDGET (f.page), g_type_from_name ("KolGameOverView"));
  g_assert_true (gtk_widget_get_mapped (over));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (kol_game_page_get_map_view (f.page))));
  switcher = kol_test_find_descendant (GTK_WIDGET (f.page), GTK_TYPE_STACK_SWITCHER);
  g_assert_true (gtk_widget_get_visible (switcher));
  g_assert_cmpuint (kol_action_panel_get_n_choices (kol_game_page_get_action_panel (f.page)), ==, 0);

  /* looking back at a moment before the end shows the map again */
  g_assert_true (kol_game_seek (f.game, kol_game_get_n_actions (f.game) / 2, &error));
  gtk_test_widget_wait_for_draw (f.window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (kol_game_page_get_map_view (f.page))));
  fixture_close (&f);
}

/* A game taken off the table may be freed at once (the window owns a game
 * it opened): nothing on the table may keep pointing into its title. The
 * map view kept its board, and destroying the window read the freed
 * title (found with games opened in a thread). */
static void
test_game_freed_after_leaving (gconstpointer data)
{
  Fixture f = { 0 };

  fixture_open (&f, data);
  g_object_set (f.page, "game", NULL, NULL);
  g_assert_finalize_object (g_steal_pointer (&f.game));
  gtk_test_widget_wait_for_draw (f.window);
  g_object_ref (f.page);
  g_object_ref (f.window);
  gtk_window_destroy (GTK_WINDOW (f.window));
  g_assert_finalize_object (f.window);
  g_assert_finalize_object (f.page);
}

static const char *const long_names[] = { "Александра Константиновна", "Maximilian von Habsburg", "Клара", "Dmitri",
                                          NULL };

/* The labels under @widget that show a whole name of long_names, and
 * how many of those are cut («Александра Констан…»). */
static void
count_names (GtkWidget *widget,
             guint     *shown,
             guint     *cut)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strv_contains (long_names, gtk_label_get_label (GTK_LABEL (widget))))
    {
      (*shown)++;
      *cut += pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
      g_test_message ("%s: %d px%s", gtk_label_get_label (GTK_LABEL (widget)), gtk_widget_get_width (widget),
                      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))) ? ", cut" : "");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_names (child, shown, cut);
}

/* Long names on the players' cards, beside the badges of the first
 * player (1840's «Первый игрок», 1849's «Приоритетная сделка») and of the
 * one to act: the badges give way, the names stay whole. */
static void
test_long_names (gconstpointer data)
{
  const Title *t = data;
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), t->title, NULL);
  g_autoptr(GError) error = NULL;
  Fixture f = { NULL };
  guint shown = 0, cut = 0;

  f.game = kol_game_new (dir, t->n_players, long_names, NULL, 77, &error);
  g_assert_no_error (error);
  f.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1280, 800);
  f.page = KOL_GAME_PAGE (kol_game_page_new ());
  gtk_window_set_child (GTK_WINDOW (f.window), GTK_WIDGET (f.page));
  gtk_window_present (GTK_WINDOW (f.window));
  g_object_set (f.page, "game", f.game, NULL);
  kol_game_page_show_panel (f.page, "players");
  gtk_test_widget_wait_for_draw (f.window);
  count_names (GTK_WIDGET (f.page), &shown, &cut);
  g_test_message ("%u names shown, %u cut", shown, cut);
  g_assert_cmpuint (shown, >=, 4);
  g_assert_cmpuint (cut, ==, 0);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  if (kol_test_skip_without_display ())
    return 0;
  gtk_test_init (&argc, &argv, NULL);
  kol_l10n_init_gettext ();

  for (gsize i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      static const struct {
        const char *name;
        GTestDataFunc func;
      } cases[] = {
        { "parts", test_parts },
        { "status-follows", test_status_follows },
        { "log-past", test_log_past },
        { "map-step", test_map_step },
        { "game-freed-after-leaving", test_game_freed_after_leaving },
        { "steady-layout", test_steady_layout },
        { "long-names", test_long_names },
      };

      for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
        {
          g_autofree char *path = g_strdup_printf ("/game-page/%s/%s", titles[i].title, cases[k].name);

          g_test_add_data_func (path, &titles[i], cases[k].func);
        }
    }
  g_test_add_func ("/game-page/1849/finished", test_finished);
  return g_test_run ();
}
