/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-application.h"
#include "kol-engine-consent.h"
#include "kol-engine-policy.h"
#include "kol-game-page.h"
#include "kol-l10n.h"
#include "kol-test-board.h"
#include "kol-window.h"

/*
 * The main window with a new game on the table after some legal moves
 * chosen by a seeded random generator, saved as a PNG: for the screenshots
 * in docs/screenshots (not installed, not a test). Autosaves go to
 * $XDG_DATA_HOME, so point it somewhere harmless:
 *
 *   XDG_DATA_HOME=/tmp/shot xvfb-run -a -s '-screen 0 1600x1000x24' \
 *     meson devenv -C build tests/ui/table-shot 1849 out.png --moves 120
 *   LANGUAGE=ru LANG=C.UTF-8 … table-shot 1840 out.png
 *   … table-shot 1849 out.png --moves 0 --until-offer  (an offer to answer)
 *   … table-shot 1849 out.png --until dividend --preview --panel market
 *   … table-shot 1840 out.png --moves 0 --until-return  (the menu of returns)
 *   … table-shot 1840 out.png --moves 0 --weighted 300 --until lay_tile  (last runs on the map)
 *   … table-shot 1840 out.png --moves 0 --weighted 200 --until merge --point  (a line for auction)
 *   … table-shot 1849 out.png --start-page --width 960 --height 720
 */

static int moves = 120;
static int seed = 7;
static int width = 1440;
static int height = 900;
static int settle = 2500;
static char *panel = NULL;
static gboolean start = FALSE;
static gboolean start_page = FALSE;
static gboolean until_offer = FALSE;
static char *until_action = NULL;
static gboolean preview = FALSE;
static gboolean until_return = FALSE;
static int weighted = 0;
static gboolean point = FALSE;
static char **options = NULL;

static const GOptionEntry entries[] = {
  { "moves", 0, 0, G_OPTION_ARG_INT, &moves, "Legal moves to play first", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Seed of the game and of the moves", "N" },
  { "width", 0, 0, G_OPTION_ARG_INT, &width, "Window width", "PX" },
  { "height", 0, 0, G_OPTION_ARG_INT, &height, "Window height", "PX" },
  { "settle", 0, 0, G_OPTION_ARG_INT, &settle, "Time to let the window draw before the shot (a loaded machine needs more)", "MS" },
  { "panel", 0, 0, G_OPTION_ARG_STRING, &panel, "Side pane page: players, companies, market, bank, log", "NAME" },
  { "start", 0, 0, G_OPTION_ARG_NONE, &start, "Leave the game autosaved and show the start page", NULL },
  { "start-page", 0, 0, G_OPTION_ARG_NONE, &start_page,
    "Show the start page as it is (with an empty XDG_DATA_HOME: the titles only)", NULL },
  { "until-offer", 0, 0, G_OPTION_ARG_NONE, &until_offer,
    "After the moves, play on (weighted like self-play) until an offer waits for its answer", NULL },
  { "until", 0, 0, G_OPTION_ARG_STRING, &until_action,
    "After the moves, play on (weighted like self-play) until a move of this type is legal", "ACTION" },
  { "until-return", 0, 0, G_OPTION_ARG_NONE, &until_return,
    "After the moves, play on (weighted like self-play) until an owner who does not act may return a private", NULL },
  { "weighted", 0, 0, G_OPTION_ARG_INT, &weighted,
    "After the moves, play this many moves weighted like self-play (which reaches the late phases)", "N" },
  { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options, "A variant of the title's rules (delay_ift)", "ID" },
  { "point", 0, 0, G_OPTION_ARG_NONE, &point,
    "Show on the map what the first choice with hexes concerns (as the pointer on it does)", NULL },
  { "preview", 0, 0, G_OPTION_ARG_NONE, &preview,
    "Preview on the market the last choice that moves a share price (as the pointer on it does)", NULL },
  { NULL },
};

static const char *const player_names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };

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

/* Random legal moves; passing only one time in three, so that the game
 * gets somewhere. */
static void
play (KolGame *game,
      GRand   *rand,
      int      n)
{
  for (int i = 0; i < n && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;
      KolAction *chosen;

      if (legal->len == 0)
        break;
      chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];
      for (int tries = 0; tries < 3 && chosen->type == KOL_ACTION_PASS && legal->len > 1; tries++)
        chosen = legal->pdata[g_rand_int_range (rand, 0, (int) legal->len)];
      if (!kol_game_apply_action (game, chosen, &error))
        g_printerr ("move %d refused: %s\n", i, error->message);
    }
}

/* Moves weighted as self-play's (which reach the late phases) until an
 * offer between owners waits for its answer. */
static void
play_until_offer (KolGame *game,
                  GRand   *rand)
{
  for (int i = 0; i < 20000 && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = NULL;
      g_autoptr(GError) error = NULL;

      if (kol_consent_pending ((KolEngine *) kol_game_get_engine (game)) != NULL)
        return;
      legal = kol_game_legal_actions (game);
      if (legal->len == 0)
        break;
      if (!kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game), legal,
                                                                                 rand, FALSE)], &error))
        g_printerr ("move %d refused: %s\n", i, error->message);
    }
  g_printerr ("no offer\n");
}

static gboolean
offers (KolGame       *game,
        KolActionType  type)
{
  g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

  for (guint i = 0; i < legal->len; i++)
    if (((KolAction *) legal->pdata[i])->type == type)
      return TRUE;
  return FALSE;
}

/* @n moves weighted as self-play's. */
static void
play_weighted (KolGame *game,
               GRand   *rand,
               int      n)
{
  for (int i = 0; i < n && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

      if (legal->len == 0 ||
          !kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game), legal,
                                                                                 rand, FALSE)], NULL))
        break;
    }
}

/* Moves weighted as self-play's until a move of @name is legal. */
static void
play_until_action (KolGame    *game,
                   GRand      *rand,
                   const char *name)
{
  KolActionType type;

  if (!kol_action_type_from_string (name, &type))
    {
      g_printerr ("no action type %s\n", name);
      return;
    }
  for (int i = 0; i < 20000 && !kol_game_get_finished (game) && !offers (game, type); i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);

      if (legal->len == 0 ||
          !kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game), legal,
                                                                                 rand, FALSE)], NULL))
        break;
    }
}

/* What the pointer on a choice shows on the map: the hexes of the first
 * choice that has some (a line's home). */
static void
point_choice (KolGame *game)
{
  GListModel *choices = kol_game_get_choices (game);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      int n;
      const gint16 *hexes = kol_game_choice_get_hexes (c, &n);

      if (n > 0)
        {
          kol_game_set_pointed_hexes (game, hexes, n);
          return;
        }
    }
}

/* Moves weighted as self-play's until the owner of a private who does not
 * act may return it (1840 IV.2: the panel's menu of returns). */
static void
play_until_return (KolGame *game,
                   GRand   *rand)
{
  for (int i = 0; i < 20000 && !kol_game_get_finished (game); i++)
    {
      g_autoptr(GPtrArray) returns = kol_game_out_of_turn_actions (game);
      g_autoptr(GPtrArray) legal = NULL;

      if (returns->len > 0)
        return;
      legal = kol_game_legal_actions (game);
      if (legal->len == 0 ||
          !kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game), legal,
                                                                                 rand, FALSE)], NULL))
        break;
    }
  g_printerr ("no private to return out of turn\n");
}

/* What the pointer on a choice shows: its price move on the market (the
 * last choice that has one: withholding moves the price). */
static void
preview_choice (KolGame *game)
{
  GListModel *choices = kol_game_get_choices (game);

  for (guint i = g_list_model_get_n_items (choices); i-- > 0;)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      int corp, row, col;

      if (kol_game_choice_get_preview (c, &corp, &row, &col))
        {
          kol_game_market_set_preview (kol_game_get_market (game), corp, row, col);
          return;
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("TITLE OUTPUT.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(KolApplication) app = NULL;
  g_autoptr(KolGame) game = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autofree char *dir = NULL;
  KolWindow *window;

  kol_l10n_init_gettext ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "Give a title and a file name.");
      return 2;
    }
  gtk_init ();
  dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR") != NULL ? g_getenv ("KOLEYA_DATA_DIR") : "data/games",
                          argv[1], NULL);
  if ((game = kol_game_new (dir, 4, player_names, (const char * const *) options, seed, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  rand = g_rand_new_with_seed ((guint32) seed);
  play (game, rand, moves);
  play_weighted (game, rand, weighted);
  if (until_offer)
    play_until_offer (game, rand);
  if (until_action != NULL)
    play_until_action (game, rand, until_action);
  if (until_return)
    play_until_return (game, rand);
  g_print ("%s: %s, %s\n", argv[1], kol_game_get_round_name (game), kol_game_get_step_name (game));

  /* an interrupted game, which the start page offers to resume */
  if (start && !kol_game_enable_autosave (game, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  app = kol_application_new ("io.github.koleya.Koleya.TableShot", G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = kol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  if (!start && !start_page)
    kol_window_show_game (window, game);
  if (panel != NULL)
    kol_game_page_show_panel (kol_window_get_game_page (window), panel);
  wait_ms (settle);
  if (preview)
    {
      preview_choice (game);
      wait_ms (500);
    }
  if (point)
    {
      point_choice (game);
      wait_ms (500);
    }
  texture = kol_test_render_widget (GTK_WIDGET (window));
  if (!gdk_texture_save_to_png (texture, argv[2]))
    {
      g_printerr ("Cannot write %s\n", argv[2]);
      return 1;
    }
  kol_game_remove_autosave (game, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
