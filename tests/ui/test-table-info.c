/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-charters-view.h"
#include "kol-display-text.h"
#include "kol-game-page.h"
#include "kol-game-words.h"
#include "kol-l10n.h"
#include "kol-players-view.h"
#include "ui-test-utils.h"

/*
 * What the table shows a player,
 * on the whole table (KolGamePage) with new games of both titles, moves
 * made with the action panel's own buttons:
 *  - open bids: a bid on a private company shows on the company's charter
 *    (bidder and amount), on the bidder's card (cash committed and free)
 *    and at the top of the action panel, in 1849's initial stock round
 *    (8) and 1840's pre-round (VI);
 *  - the par value: a charter keeps the price its company was started at
 *    while the market value moves.
 */

static const char *const player_names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };

typedef struct
{
  GtkWidget   *window;
  KolGamePage *page;
  KolGame     *game;
} Fixture;

static void
fixture_open (Fixture    *f,
              const char *title,
              gint64      seed)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), title, NULL);
  g_autoptr(GError) error = NULL;

  f->game = kol_game_new (dir, 4, player_names, NULL, seed, &error);
  g_assert_no_error (error);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->page = KOL_GAME_PAGE (kol_game_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  gtk_window_present (GTK_WINDOW (f->window));
  kol_game_page_set_game (f->page, f->game);
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

static char *
labels_of (Fixture *f,
           GType    type)
{
  return kol_test_collect_labels (kol_test_find_descendant (GTK_WIDGET (f->page), type));
}

static char *
card_labels (Fixture    *f,
             const char *company)
{
  GtkWidget *charters = kol_test_find_descendant (GTK_WIDGET (f->page), KOL_TYPE_CHARTERS_VIEW);
  GtkWidget *card = kol_charters_view_find_card (KOL_CHARTERS_VIEW (charters), company);

  g_assert_nonnull (card);
  return kol_test_collect_labels (card);
}

/* A choice of the panel whose key starts with @prefix ("bid:"), and
 * the company it names, for a bid that is not a purchase at face value
 * (its range is open). */
static KolGameChoice *
find_open_bid (KolGame  *game,
               char    **company)
{
  GListModel *choices = kol_game_get_choices (game);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      const char *key = kol_game_choice_get_key (c);

      if (key != NULL && g_str_has_prefix (key, "bid:"))
        {
          *company = g_strdup (key + strlen ("bid:"));
          return g_steal_pointer (&c);
        }
    }
  return NULL;
}

static gboolean
moved (gpointer data)
{
  gpointer *m = data;

  return kol_game_get_position (m[0]) != GPOINTER_TO_UINT (m[1]);
}

/* Sets the panel's spin button @key to @value and presses its button. */
static void
bid_through_panel (Fixture    *f,
                   const char *key,
                   int         value)
{
  KolActionPanel *panel = kol_game_page_get_action_panel (f->page);
  GtkSpinButton *spin = kol_action_panel_find_spin (panel, key);
  GtkWidget *button;
  gpointer m[2] = { f->game, GUINT_TO_POINTER (kol_game_get_position (f->game)) };

  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, value);
  button = gtk_widget_get_next_sibling (GTK_WIDGET (spin));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  kol_test_wait_until (moved, m);
  gtk_test_widget_wait_for_draw (f->window);
}

/* ------------------------------------------------------------------ tests */

static void
test_open_bids (gconstpointer data)
{
  const char *title = data;
  Fixture f = { 0 };
  g_autoptr(KolGameChoice) choice = NULL;
  g_autofree char *company = NULL, *key = NULL, *bidder = NULL;
  g_autofree char *card = NULL, *players = NULL, *panel = NULL, *amount = NULL, *free_cash = NULL;
  g_autofree char *on_card = NULL, *on_player = NULL, *isolated = NULL;
  int min = 0, max = 0, step = 0, value;
  KolGamePlayer *player;

  fixture_open (&f, title, 4242);
  choice = find_open_bid (f.game, &company);
  g_assert_nonnull (choice);
  key = g_strdup (kol_game_choice_get_key (choice));
  kol_game_choice_get_range (choice, &min, &max, &step);
  value = min + step;
  player = kol_game_get_acting_player_item (f.game);
  g_assert_nonnull (player);
  bidder = g_strdup (kol_game_player_get_name (player));
  bid_through_panel (&f, key, value);

  amount = kol_game_format_money (f.game, value);
  free_cash = kol_game_format_money (f.game, kol_game_player_get_cash (player) - value);
  /* on the company's charter: who bid how much (the name isolated, as
   * every player name set inside a sentence) */
  isolated = kol_display_isolate (bidder);
  on_card = g_strdup_printf ("%s: %s", isolated, amount);
  card = card_labels (&f, company);
  g_test_message ("card of %s:\n%s", company, card);
  g_assert_nonnull (strstr (card, on_card));
  /* on the bidder's card: what the bid holds, and what is free */
  players = labels_of (&f, KOL_TYPE_PLAYERS_VIEW);
  g_assert_nonnull (strstr (players, amount));
  g_assert_nonnull (strstr (players, free_cash));
  g_assert_cmpint (kol_game_player_get_committed (player), ==, value);
  /* at the top of the action panel, where the next bidder looks */
  panel = kol_test_collect_labels (GTK_WIDGET (kol_game_page_get_action_panel (f.page)));
  g_assert_nonnull (strstr (panel, amount));
  g_assert_nonnull (strstr (panel, bidder));
  fixture_close (&f);
}

/* Plays random legal moves until a company's market value is not its par
 * value; returns its id. */
static char *
play_until_par_differs (KolGame *game)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint n = 0; n < 800 && !kol_game_get_finished (game); n++)
    {
      GListModel *companies = kol_game_get_companies (game);
      g_autoptr(GPtrArray) legal = NULL;
      KolAction *chosen;

      for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
        {
          g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, i);

          if (kol_game_company_get_par (c) > 0 && kol_game_company_get_price (c) > 0 &&
              kol_game_company_get_par (c) != kol_game_company_get_price (c))
            return g_strdup (kol_game_company_get_id (c));
        }
      legal = kol_game_legal_actions (game);
      chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];
      for (int tries = 0; tries < 4 && chosen->type == KOL_ACTION_PASS && legal->len > 1; tries++)
        chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];
      g_assert_true (kol_game_apply_action (game, chosen, NULL));
    }
  return NULL;
}

/* The charter says the par value the company was started at beside its
 * market value (1849 sells unsold shares at the market value, and the
 * charter used to say that twice). */
static void
test_par_value (gconstpointer data)
{
  const char *title = data;
  Fixture f = { 0 };
  g_autofree char *company = NULL, *card = NULL, *par = NULL, *price = NULL;
  GListModel *companies;

  fixture_open (&f, title, 99);
  company = play_until_par_differs (f.game);
  g_assert_nonnull (company);
  gtk_test_widget_wait_for_draw (f.window);
  companies = kol_game_get_companies (f.game);
  for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
    {
      g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, i);

      if (g_strcmp0 (kol_game_company_get_id (c), company) != 0)
        continue;
      par = kol_game_format_money (f.game, kol_game_company_get_par (c));
      price = kol_game_format_money (f.game, kol_game_company_get_price (c));
    }
  card = card_labels (&f, company);
  g_test_message ("card of %s:\n%s", company, card);
  /* "Par value\nL.68\n" and "Market value\nL.54\n": the rows' terms and values */
  {
    g_autofree char *par_row = g_strdup_printf ("%s\n%s\n",
                                                kol_game_word (kol_game_get_title (f.game), KOL_WORD_PAR), par);
    g_autofree char *price_row = g_strdup_printf ("%s\n%s\n",
                                                  kol_game_word (kol_game_get_title (f.game), KOL_WORD_SHARE_PRICE),
                                                  price);

    g_assert_nonnull (strstr (card, par_row));
    g_assert_nonnull (strstr (card, price_row));
  }
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

  g_test_add_data_func ("/table-info/1849/open-bids", "1849", test_open_bids);
  g_test_add_data_func ("/table-info/1840/open-bids", "1840", test_open_bids);
  g_test_add_data_func ("/table-info/1849/par-value", "1849", test_par_value);
  g_test_add_data_func ("/table-info/1840/par-value", "1840", test_par_value);
  return g_test_run ();
}
