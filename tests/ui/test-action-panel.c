/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "kol-action-panel.h"
#include "kol-engine-consent.h"
#include "kol-engine-policy.h"
#include "kol-l10n.h"
#include "kol-log-format.h"
#include "ui-test-utils.h"

/*
 * KolActionPanel bound to new games of 1849 and 1840 (fixed seed): the
 * heading names who acts, only legal choices are offered, the opening of
 * each title is played by activating the panel's own buttons, a number out
 * of the engine's range is refused live, and an illegal move gives the
 * model's translated refusal and leaves the game as it was. Run twice by
 * meson: in English, and with LANGUAGE=ru (then refusals must be Russian).
 */

static const char *const player_names[] = { "Anna", "Boris", "Clara", "Dmitri", NULL };

typedef struct
{
  const char *title;
  int n_players;
  guint opening_moves;      /* moves to play through the panel */
  guint last_every;         /* every so many moves the last button (pass), 0: never */
} Title;

/* 1840's auction goes on while anyone bids: passing now and then ends it. */
static const Title titles[] = {
  { "1849", 4, 40, 0 },
  { "1840", 4, 60, 2 },
};

typedef struct
{
  GtkWidget *window;
  KolActionPanel *panel;
  KolGame *game;
} Fixture;

static KolGame *
new_game (const Title *t)
{
  g_autofree char *dir = g_build_filename (g_getenv ("KOLEYA_DATA_DIR"), t->title, NULL);
  g_autoptr(GError) error = NULL;
  KolGame *game = kol_game_new (dir, t->n_players, player_names, NULL, 1234, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
fixture_open (Fixture     *f,
              const Title *t)
{
  f->game = new_game (t);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 420, 700);
  f->panel = KOL_ACTION_PANEL (kol_action_panel_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->panel));
  kol_action_panel_set_game (f->panel, f->game);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->window);
}

static void
fixture_close (Fixture *f)
{
  g_object_ref (f->panel);
  g_object_ref (f->window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->window);
  g_assert_finalize_object (f->panel);
  g_assert_finalize_object (f->game);
}

/* The panel's choice buttons, in order. */
static void
collect_choices (GtkWidget *widget,
                 GPtrArray *out)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                                           "panel.choose") == 0)
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_choices (c, out);
}

static GPtrArray *
choices (Fixture *f)
{
  GPtrArray *out = g_ptr_array_new ();

  collect_choices (GTK_WIDGET (f->panel), out);
  return out;
}

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x400 && c <= 0x4ff)
        return TRUE;
    }
  return FALSE;
}

static gboolean
russian (void)
{
  return g_str_has_prefix (g_getenv ("LANGUAGE") != NULL ? g_getenv ("LANGUAGE") : "", "ru");
}

typedef struct
{
  KolGame *game;
  guint position;
} Move;

static gboolean
moved (gpointer data)
{
  Move *m = data;

  return kol_game_get_position (m->game) != m->position;
}

/* Fails after ten seconds without a move. */
static void
wait_for_move (Fixture *f,
               guint    position)
{
  Move m = { f->game, position };

  kol_test_wait_until (moved, &m);
}

/* ------------------------------------------------------------------ tests */

/* Who acts is named, and every choice offered is one the engine plays. */
static void
test_heading_and_choices (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) buttons = NULL;
  g_autofree char *labels = NULL;
  const char *acting;

  fixture_open (&f, t);
  acting = kol_game_get_acting_entity_name (f.game);
  g_assert_nonnull (acting);
  labels = kol_test_collect_labels (GTK_WIDGET (f.panel));
  g_assert_nonnull (strstr (labels, acting));
  g_assert_nonnull (strstr (labels, kol_game_get_step_name (f.game)));

  buttons = choices (&f);
  g_assert_cmpuint (buttons->len, >, 0);
  g_assert_cmpuint (buttons->len, ==, kol_action_panel_get_n_choices (f.panel));
  for (guint i = 0; i < buttons->len; i++)
    {
      const char *label = gtk_button_get_label (buttons->pdata[i]);

      g_assert_nonnull (label);
      g_assert_true (kol_action_panel_find_button (f.panel, label) != NULL);
    }
  g_assert_null (kol_action_panel_get_error (f.panel));
  fixture_close (&f);
}

/* Plays the opening (private auction into the first stock round) by
 * activating the first sensitive button (or now and then the last). */
static void
test_opening_through_buttons (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  int first_player;
  gboolean player_changed = FALSE;
  g_autofree char *first_round = NULL;
  gboolean round_changed = FALSE;

  fixture_open (&f, t);
  first_player = kol_game_get_acting_player (f.game);
  first_round = g_strdup (kol_game_get_round_name (f.game));
  g_assert_cmpint (first_player, >=, 0);
  for (guint move = 0; move < t->opening_moves && !kol_game_get_finished (f.game); move++)
    {
      g_autoptr(GPtrArray) buttons = choices (&f);
      guint before = kol_game_get_position (f.game);
      int player = kol_game_get_acting_player (f.game);
      GtkWidget *chosen = NULL;

      for (guint i = 0; i < buttons->len; i++)
        if (gtk_widget_is_sensitive (buttons->pdata[i]) &&
            (chosen == NULL || (t->last_every > 0 && move % t->last_every == 1)))
          chosen = buttons->pdata[i];
      g_assert_nonnull (chosen);
      /* "clicked" as a pointer click emits it; gtk_widget_activate() (the
       * keyboard's way, tested by the bid test) first shows the button
       * pressed for 250 ms, which over a whole opening only slows the test */
      g_assert_true (GTK_IS_BUTTON (chosen));
      g_signal_emit_by_name (chosen, "clicked");
      wait_for_move (&f, before);
      g_assert_null (kol_action_panel_get_error (f.panel));
      g_assert_cmpuint (kol_game_get_position (f.game), >, before);
      player_changed = player_changed || kol_game_get_acting_player (f.game) != player;
      round_changed = round_changed || g_strcmp0 (first_round, kol_game_get_round_name (f.game)) != 0;
    }
  g_assert_true (player_changed);
  g_assert_true (round_changed);
  g_assert_cmpuint (kol_game_get_n_actions (f.game), >=, t->opening_moves);
  fixture_close (&f);
}

/* A move the rules do not allow now: refused in words (Russian under
 * LANGUAGE=ru), and the game unchanged. */
static void
test_illegal_refused (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(KolAction) action = NULL;
  int acting;
  guint position, n_actions;
  const char *error;
  g_autofree char *labels = NULL;

  fixture_open (&f, t);
  acting = kol_game_get_acting_player (f.game);
  position = kol_game_get_position (f.game);
  n_actions = kol_game_get_n_actions (f.game);
  action = kol_action_new (KOL_ACTION_PASS, kol_entity (KOL_ENTITY_PLAYER, (acting + 1) % t->n_players));
  g_assert_false (kol_action_panel_play (f.panel, action));
  error = kol_action_panel_get_error (f.panel);
  g_assert_nonnull (error);
  g_assert_cmpstr (error, !=, "");
  if (russian ())
    g_assert_true (has_cyrillic (error));
  else
    g_assert_false (has_cyrillic (error));
  g_assert_cmpuint (kol_game_get_position (f.game), ==, position);
  g_assert_cmpuint (kol_game_get_n_actions (f.game), ==, n_actions);
  g_assert_cmpint (kol_game_get_acting_player (f.game), ==, acting);
  labels = kol_test_collect_labels (GTK_WIDGET (f.panel));
  g_assert_nonnull (strstr (labels, error));
  fixture_close (&f);
}

static GtkSpinButton *
find_any_spin (GtkWidget *widget)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    return GTK_SPIN_BUTTON (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkSpinButton *spin = find_any_spin (c);

      if (spin != NULL)
        return spin;
    }
  return NULL;
}

/* A bid is a spin button bounded by the engine's range; a value out of it
 * is refused live and its button cannot be pressed; a value in it plays. */
static void
test_bid_spin (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  GtkSpinButton *spin;
  GtkWidget *button;
  double min, max, step;
  guint position;

  fixture_open (&f, t);
  spin = find_any_spin (GTK_WIDGET (f.panel));
  g_assert_nonnull (spin);
  g_assert_true (kol_action_panel_find_spin (f.panel, gtk_widget_get_name (GTK_WIDGET (spin))) == spin);
  gtk_spin_button_get_range (spin, &min, &max);
  gtk_spin_button_get_increments (spin, &step, NULL);
  g_assert_cmpfloat (min, <, max);
  button = gtk_widget_get_next_sibling (GTK_WIDGET (spin));
  g_assert_true (GTK_IS_BUTTON (button));

  gtk_spin_button_set_value (spin, max);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_null (kol_action_panel_get_error (f.panel));
  /* past the engine's maximum (the spin button itself stops there) */
  gtk_adjustment_set_upper (gtk_spin_button_get_adjustment (spin), max + 1000);
  gtk_spin_button_set_value (spin, max + 1000);
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_nonnull (kol_action_panel_get_error (f.panel));
  gtk_spin_button_set_value (spin, min + step);
  g_assert_true (gtk_widget_is_sensitive (button));
  position = kol_game_get_position (f.game);
  g_assert_true (gtk_widget_activate (button));
  wait_for_move (&f, position);
  g_assert_cmpuint (kol_game_get_position (f.game), >, position);
  fixture_close (&f);
}

/* Rebuilding the panel (after any move, an undo) while a spin button has
 * focus and text not yet taken: the spin button takes the text as it
 * goes, which must not reach the choice it belonged to. */
static void
test_spin_focused_rebuild (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  GtkSpinButton *spin;
  guint n;

  fixture_open (&f, t);
  spin = find_any_spin (GTK_WIDGET (f.panel));
  g_assert_nonnull (spin);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (spin)));
  gtk_test_widget_wait_for_draw (f.window);
  gtk_editable_set_text (GTK_EDITABLE (spin), "123");
  n = kol_action_panel_get_n_choices (f.panel);
  kol_action_panel_refresh (f.panel);
  gtk_test_widget_wait_for_draw (f.window);
  g_assert_cmpuint (kol_action_panel_get_n_choices (f.panel), ==, n);
  fixture_close (&f);
}

static GtkLabel *
find_named_label (GtkWidget  *widget,
                  const char *name)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *label = find_named_label (c, name);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* Plays weighted random moves (as self-play) until an offer between
 * owners waits for its answer (1849 from Phase 6). */
static void
play_until_offer (KolGame *game)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (int i = 0; i < 20000 && kol_consent_pending ((KolEngine *) kol_game_get_engine (game)) == NULL; i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (kol_game_get_engine (game),
                                                                                           legal, rand, FALSE)],
                                            &error));
    }
  g_assert_nonnull (kol_consent_pending ((KolEngine *) kol_game_get_engine (game)));
}

/* 1849 §7.1, §10.2, §10.6, §14.1: a deal between owners waits for the
 * seller's owner, to whom the panel turns: their name heads it, the
 * question says who offers what for how much, and the two answers are
 * its only choices. Accepting plays; undo brings the question back. */
static void
test_consent_prompt (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) buttons = NULL;
  g_autofree char *question = NULL, *accept = NULL, *labels = NULL;
  g_autoptr(KolAction) yes = kol_action_new (KOL_ACTION_CHOOSE, kol_entity (KOL_ENTITY_PLAYER, 0));
  const KolOffer *o;
  KolOffer offer;
  GtkLabel *prompt;
  guint position;

  f.game = new_game (t);
  play_until_offer (f.game);
  offer = *kol_consent_pending ((KolEngine *) kol_game_get_engine (f.game));
  f.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 420, 700);
  f.panel = KOL_ACTION_PANEL (kol_action_panel_new ());
  gtk_window_set_child (GTK_WINDOW (f.window), GTK_WIDGET (f.panel));
  kol_action_panel_set_game (f.panel, f.game);
  gtk_window_present (GTK_WINDOW (f.window));
  gtk_test_widget_wait_for_draw (f.window);

  /* the seller's owner acts, and is named */
  g_assert_cmpint (kol_game_get_acting_player (f.game), ==, offer.player);
  labels = kol_test_collect_labels (GTK_WIDGET (f.panel));
  g_assert_nonnull (strstr (labels, player_names[offer.player]));
  /* who offers what for how much */
  question = kol_game_describe_offer (f.game);
  g_assert_nonnull (question);
  g_test_message ("%s", question);
  prompt = find_named_label (GTK_WIDGET (f.panel), "offer");
  g_assert_nonnull (prompt);
  g_assert_cmpstr (gtk_label_get_text (prompt), ==, question);
  g_assert_nonnull (strstr (question, kol_game_get_engine (f.game)->title->corps[offer.buyer.index].id));
  {
    g_autofree char *price = g_strdup_printf ("%d", offer.price);

    g_assert_nonnull (strstr (question, price));
  }
  g_assert_true (russian () == has_cyrillic (question));
  /* the answers */
  buttons = choices (&f);
  g_assert_cmpuint (buttons->len, ==, 2);
  yes->entity = kol_entity (KOL_ENTITY_PLAYER, offer.player);
  yes->choice = g_strdup (KOL_CONSENT_ACCEPT);
  accept = kol_game_describe_action (f.game, yes);
  g_assert_true (russian () == has_cyrillic (accept));
  g_assert_nonnull (kol_action_panel_find_button (f.panel, accept));

  position = kol_game_get_position (f.game);
  g_signal_emit_by_name (kol_action_panel_find_button (f.panel, accept), "clicked");
  wait_for_move (&f, position);
  g_assert_null (kol_action_panel_get_error (f.panel));
  g_assert_null (kol_consent_pending ((KolEngine *) kol_game_get_engine (f.game)));
  g_assert_null (find_named_label (GTK_WIDGET (f.panel), "offer"));

  /* undone like any action: the question again */
  g_assert_true (kol_game_undo (f.game, NULL));
  o = kol_consent_pending ((KolEngine *) kol_game_get_engine (f.game));
  g_assert_nonnull (o);
  g_assert_cmpint (o->price, ==, offer.price);
  kol_action_panel_refresh (f.panel);
  g_assert_nonnull (find_named_label (GTK_WIDGET (f.panel), "offer"));
  fixture_close (&f);
}

/* Plays the pre-round (a bid, then passes) until a private company's
 * owner is not the one acting: its return is then out of turn. */
static GPtrArray *
play_until_return_out_of_turn (KolGame *game)
{
  for (int i = 0; i < 200; i++)
    {
      g_autoptr(GPtrArray) returns = kol_game_out_of_turn_actions (game);
      g_autoptr(GPtrArray) legal = NULL;
      const KolAction *pick = NULL;

      if (returns->len > 0)
        return g_steal_pointer (&returns);
      legal = kol_game_legal_actions (game);
      g_assert_cmpuint (legal->len, >, 0);
      for (guint k = 0; k < legal->len && i % 2 == 1 && pick == NULL; k++)
        if (((const KolAction *) g_ptr_array_index (legal, k))->type == KOL_ACTION_PASS)
          pick = g_ptr_array_index (legal, k);
      if (pick == NULL)
        pick = g_ptr_array_index (legal, 0);
      g_assert_true (kol_game_apply_action (game, pick, NULL));
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
log_ends_with (KolGame    *game,
               const char *company,
               const char *owner)
{
  GListModel *log = kol_game_get_log (game);
  guint n = g_list_model_get_n_items (log);
  g_autoptr(KolGameLogEntry) last = n > 0 ? g_list_model_get_item (log, n - 1) : NULL;

  if (last == NULL)
    return FALSE;
  g_test_message ("log: %s", kol_game_log_entry_get_text (last));
  return strstr (kol_game_log_entry_get_text (last), company) != NULL &&
         strstr (kol_game_log_entry_get_text (last), owner) != NULL;
}

/* 1840 IV.2 «могут быть добровольно возвращены в банк в любое время»: the
 * owner of a private company who is not acting may return it to the bank:
 * a menu under the choices lists each such private with its owner;
 * returning it is logged and undone like any move. */
static void
test_return_out_of_turn (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) returns = NULL;
  g_autofree char *label = NULL, *expected = NULL, *name = NULL;
  KolArg company_arg;
  GtkMenuButton *button;
  GMenuModel *menu;
  const KolAction *give_back;
  const KolEngine *engine;
  int c, owner;
  guint position;

  f.game = new_game (t);
  returns = play_until_return_out_of_turn (f.game);
  give_back = g_ptr_array_index (returns, 0);
  engine = kol_game_get_engine (f.game);
  c = give_back->entity.index;
  owner = engine->companies[c].owner.index;
  g_assert_cmpint (engine->companies[c].owner.kind, ==, KOL_ENTITY_PLAYER);
  g_assert_cmpint (kol_game_get_acting_player (f.game), !=, owner);
  company_arg = kol_arg_int (KOL_ARG_COMPANY, c);
  name = kol_log_format_arg (engine, &company_arg);
  f.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 420, 700);
  f.panel = KOL_ACTION_PANEL (kol_action_panel_new ());
  gtk_window_set_child (GTK_WINDOW (f.window), GTK_WIDGET (f.panel));
  kol_action_panel_set_game (f.panel, f.game);
  gtk_window_present (GTK_WINDOW (f.window));
  gtk_test_widget_wait_for_draw (f.window);

  /* the menu: each private with its owner, in the language of the table */
  button = GTK_MENU_BUTTON (kol_test_find_descendant (GTK_WIDGET (f.panel), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  g_assert_true (russian () == has_cyrillic (gtk_menu_button_get_label (button)));
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, (int) returns->len);
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  expected = kol_game_describe_return (f.game, give_back);
  g_assert_cmpstr (label, ==, expected);
  g_assert_nonnull (strstr (label, player_names[owner]));
  g_assert_nonnull (strstr (label, name));
  g_assert_true (russian () == has_cyrillic (label));

  /* returned: the owner has its face value, the log says so */
  position = kol_game_get_position (f.game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.panel), "panel.return-private", "u", 0));
  wait_for_move (&f, position);
  g_assert_null (kol_action_panel_get_error (f.panel));
  engine = kol_game_get_engine (f.game);
  g_assert_true (engine->companies[c].closed);
  g_assert_true (log_ends_with (f.game, name, player_names[owner]));

  /* undone like any move */
  g_assert_true (kol_game_undo (f.game, NULL));
  engine = kol_game_get_engine (f.game);
  g_assert_false (engine->companies[c].closed);
  kol_action_panel_refresh (f.panel);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  g_assert_cmpint (g_menu_model_get_n_items (gtk_menu_button_get_menu_model (button)), ==, (int) returns->len);
  fixture_close (&f);
}

/* Plays weighted random moves until a company with shares chooses its
 * dividend (1849: paying or withholding). */
static void
play_until_dividend (KolGame *game)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (int i = 0; i < 20000; i++)
    {
      g_autoptr(GPtrArray) legal = kol_game_legal_actions (game);
      const KolEngine *engine = kol_game_get_engine (game);

      g_assert_cmpuint (legal->len, >, 0);
      for (guint k = 0; k < legal->len; k++)
        {
          const KolAction *a = legal->pdata[k];

          if (a->type == KOL_ACTION_DIVIDEND && a->entity.kind == KOL_ENTITY_CORP &&
              engine->title->corps[a->entity.index].n_shares > 0)
            return;
        }
      g_assert_true (kol_game_apply_action (game, legal->pdata[kol_policy_choose_weighted (engine, legal, rand, FALSE)],
                                            NULL));
    }
  g_assert_not_reached ();
}

static void
collect_named_labels (GtkWidget  *widget,
                      const char *name,
                      GPtrArray  *out)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_named_labels (c, name, out);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;   /* the widget holds it */
    }
  return NULL;
}

/* Each dividend option says under its button what a
 * share gets and where the share price goes, before it is chosen; while
 * the pointer or the focus is on it, the market previews the move. */
static void
test_dividend_details (gconstpointer data)
{
  const Title *t = data;
  Fixture f = { 0 };
  g_autoptr(GPtrArray) details = g_ptr_array_new ();
  GListModel *model;
  guint shown = 0;
  int corp = -1;

  f.game = new_game (t);
  play_until_dividend (f.game);
  f.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f.window), 420, 700);
  f.panel = KOL_ACTION_PANEL (kol_action_panel_new ());
  gtk_window_set_child (GTK_WINDOW (f.window), GTK_WIDGET (f.panel));
  kol_action_panel_set_game (f.panel, f.game);
  gtk_window_present (GTK_WINDOW (f.window));
  gtk_test_widget_wait_for_draw (f.window);

  model = kol_game_get_choices (f.game);
  collect_named_labels (GTK_WIDGET (f.panel), "details", details);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (model, i);
      const char *text = kol_game_choice_get_details (c);

      if (kol_game_choice_get_action (c)->type != KOL_ACTION_DIVIDEND)
        continue;
      g_assert_nonnull (text);
      g_test_message ("%s: %s", kol_game_choice_get_label (c), text);
      g_assert_true (russian () == has_cyrillic (text));
      for (guint k = 0; k < details->len; k++)
        if (gtk_widget_get_visible (details->pdata[k]) &&
            g_strcmp0 (gtk_label_get_text (details->pdata[k]), text) == 0)
          shown++;
      kol_game_choice_get_preview (c, &corp, NULL, NULL);
    }
  g_assert_cmpuint (shown, >, 0);
  g_assert_cmpint (corp, >=, 0);

  /* the pointer on a dividend button previews its move, and leaving
   * takes the preview away */
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (model, i);
      GtkWidget *button = kol_action_panel_find_button (f.panel, kol_game_choice_get_label (c));
      GtkEventController *motion;
      int previewed = -1;

      if (kol_game_choice_get_action (c)->type != KOL_ACTION_DIVIDEND ||
          !kol_game_choice_get_preview (c, NULL, NULL, NULL))
        continue;
      g_assert_nonnull (button);
      motion = find_controller (button, GTK_TYPE_EVENT_CONTROLLER_MOTION);
      g_assert_nonnull (motion);
      g_signal_emit_by_name (motion, "enter", 1.0, 1.0);
      g_assert_true (kol_game_market_get_preview (kol_game_get_market (f.game), &previewed, NULL, NULL));
      g_assert_cmpint (previewed, ==, corp);
      g_signal_emit_by_name (motion, "leave");
      g_assert_false (kol_game_market_get_preview (kol_game_get_market (f.game), NULL, NULL, NULL));
      break;
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

  for (gsize i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      static const struct {
        const char *name;
        GTestDataFunc func;
      } cases[] = {
        { "heading-and-choices", test_heading_and_choices },
        { "opening-through-buttons", test_opening_through_buttons },
        { "illegal-refused", test_illegal_refused },
        { "bid-spin", test_bid_spin },
        { "spin-focused-rebuild", test_spin_focused_rebuild },
      };

      for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
        {
          g_autofree char *path = g_strdup_printf ("/action-panel/%s/%s", titles[i].title, cases[k].name);

          g_test_add_data_func (path, &titles[i], cases[k].func);
        }
    }
  g_test_add_data_func ("/action-panel/1849/consent-prompt", &titles[0], test_consent_prompt);
  g_test_add_data_func ("/action-panel/1849/dividend-details", &titles[0], test_dividend_details);
  g_test_add_data_func ("/action-panel/1840/return-out-of-turn", &titles[1], test_return_out_of_turn);
  return g_test_run ();
}
