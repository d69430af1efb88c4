/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-action-panel.h"
#include "kol-autosave-banner.h"
#include "kol-bank-view.h"
#include "kol-charters-view.h"
#include "kol-game-over-view.h"
#include "kol-game-page.h"
#include "kol-log-view.h"
#include "kol-map-controller.h"
#include "kol-map-view.h"
#include "kol-market-view.h"
#include "kol-message-dialog.h"
#include "kol-players-view.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolGamePage:
 *
 * The table of a game: the map in the centre (the final scores instead
 * once the game is over, with a switcher back to the map), the action
 * panel at the top of the side pane and under it the players, companies,
 * market, bank and log in a notebook, and a status line with the round,
 * the phase and who acts. The map controller's actions are inserted as
 * "play.*"; the page's own are "table.show-live" (back to the present)
 * and "table.continue-here" (play on from the point shown, after asking).
 */
struct _KolGamePage
{
  GtkWidget parent_instance;

  KolGame *game;
  KolMapController *controller;
  gboolean shown_over;

  GtkWidget *page_box;
  GtkPaned *paned;          /* the map | the side pane */
  GtkPaned *side_paned;
  gboolean panel_placed;    /* the action panel's height has been set */
  int side_width;           /* the side pane's width to restore, or 0 */
  guint side_pane_id;       /* an idle restoring it */
  KolAutosaveBanner *autosave_banner;
  GtkWidget *center_switcher;
  GtkStack *center_stack;
  KolMapView *map_view;
  KolGameOverView *over_view;
  KolActionPanel *action_panel;
  GtkNotebook *notebook;
  KolPlayersView *players_view;
  KolChartersView *charters_view;
  KolMarketView *market_view;
  KolBankView *bank_view;
  KolLogView *log_view;
  GtkLabel *charters_tab;
  GtkLabel *bank_tab;
  GtkLabel *market_tab;
  GtkLabel *round_label;
  GtkLabel *phase_label;
  GtkLabel *acting_label;
  GtkWidget *past_label;
  GtkLabel *position_label;
};

G_DEFINE_FINAL_TYPE (KolGamePage, kol_game_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------- status */

static void
update_status (KolGamePage *self)
{
  const char *acting = kol_game_get_acting_entity_name (self->game);
  const char *phase = kol_game_get_phase_name (self->game);
  g_autofree char *phase_text = NULL;
  g_autofree char *acting_text = NULL;
  g_autofree char *position = NULL;

  gtk_label_set_text (self->round_label, kol_game_get_round_name (self->game));
  /* Translators: the status line: "Phase 3". */
  phase_text = phase != NULL && *phase != '\0' ? g_strdup_printf (_("Phase %s"), phase) : g_strdup ("");
  gtk_label_set_text (self->phase_label, phase_text);
  if (kol_game_get_finished (self->game))
    acting_text = g_strdup (_("The game is over"));
  else if (acting != NULL)
    /* Translators: the status line: "Acting: ATA (Anna)". */
    acting_text = g_strdup_printf (_("Acting: %s"), acting);
  gtk_label_set_text (self->acting_label, acting_text != NULL ? acting_text : "");
  gtk_widget_set_visible (self->past_label, !kol_game_get_live (self->game));
  /* Translators: the status line: how many moves are shown of all: "Move 12 of 40". */
  position = g_strdup_printf (_("Move %u of %u"), kol_game_get_position (self->game),
                              kol_game_get_n_actions (self->game));
  gtk_label_set_text (self->position_label, position);
}

/* The notebook's tabs in the title's words (1840's trams and companies). */
static void
update_tabs (KolGamePage *self)
{
  const KolTitle *title = kol_game_get_title (self->game);

  gtk_label_set_text (self->charters_tab, kol_game_word (title, KOL_WORD_COMPANIES));
  gtk_label_set_text (self->market_tab, kol_game_word (title, KOL_WORD_STOCK_MARKET));
  gtk_label_set_text (self->bank_tab, kol_game_word (title, KOL_WORD_BANK));
}

/* The final scores replace the map once, when the game ends; the
 * switcher lets the players look at the map again. */
static void
update_center (KolGamePage *self)
{
  gboolean over = kol_game_get_finished (self->game);

  gtk_widget_set_visible (self->center_switcher, over);
  if (over && !self->shown_over)
    gtk_stack_set_visible_child_name (self->center_stack, "over");
  else if (!over)
    gtk_stack_set_visible_child_name (self->center_stack, "map");
  self->shown_over = over;
}

static void
update_actions (KolGamePage *self)
{
  gboolean past = self->game != NULL && !kol_game_get_live (self->game);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.show-live", past);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.continue-here", past);
}

static void
state_changed_cb (KolGamePage *self)
{
  /* the map controller keeps the map's board in step, the market view
   * follows the game's market */
  update_status (self);
  update_center (self);
  update_actions (self);
}

/* -------------------------------------------------------- the past */

static void
show_error (KolGamePage  *self,
            const char   *heading,
            const GError *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  KolMessageDialog *dialog = kol_message_dialog_new_for_error (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                               heading, error->message);

  kol_message_dialog_add_button (dialog, "close", _("_Close"), KOL_MESSAGE_BUTTON_SUGGESTED);
  kol_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_live_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  KolGamePage *self = KOL_GAME_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!kol_game_seek (self->game, kol_game_get_n_actions (self->game), &error))
    show_error (self, _("The Game Cannot Be Shown"), error);
}

static void
continue_response_cb (KolMessageDialog *dialog,
                      const char       *response,
                      KolGamePage      *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "continue") == 0 && self->game != NULL &&
      !kol_game_continue_from_here (self->game, &error))
    show_error (self, _("The Game Cannot Continue From Here"), error);
}

/**
 * kol_game_page_confirm_continue:
 * @self: a page
 *
 * Asks whether to play on from the point shown, which discards the later
 * moves (they stay in an autosave only until the next move), and does it
 * when the players agree.
 *
 * Returns: (transfer none): the question, already shown
 */
GtkWindow *
kol_game_page_confirm_continue (KolGamePage *self)
{
  GtkRoot *root;
  KolMessageDialog *dialog;
  g_autofree char *body = NULL;
  guint later;

  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  g_return_val_if_fail (self->game != NULL, NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  later = kol_game_get_n_actions (self->game) - kol_game_get_position (self->game);
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Playing on from here discards the %u later move.",
                                       "Playing on from here discards the %u later moves.", later),
                          later);
  dialog = kol_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Continue From This Point?"), body);
  kol_message_dialog_add_button (dialog, "cancel", _("_Cancel"), KOL_MESSAGE_BUTTON_NORMAL);
  kol_message_dialog_add_button (dialog, "continue", _("_Discard Later Moves"), KOL_MESSAGE_BUTTON_DESTRUCTIVE);
  kol_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (continue_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
continue_here_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  kol_game_page_confirm_continue (KOL_GAME_PAGE (widget));
}

/* A tile or a route the rules refuse: said where the panel says its own. */
static void
controller_error_cb (KolGamePage *self)
{
  const char *error = kol_map_controller_get_error (self->controller);

  if (error != NULL)
    kol_action_panel_show_error (self->action_panel, error);
}

/* ----------------------------------------------------------- the side pane */

/* The action panel keeps one height from move to move, and the tabs
 * under it their place: it scrolls inside instead of growing. The first
 * time the side pane has its height, the panel gets a fixed share of it;
 * after that only the players move the divider. */
#define PANEL_SHARE 0.46

static void
place_panel (KolGamePage *self)
{
  int max = 0, minimum = 0, height = gtk_widget_get_height (GTK_WIDGET (self->side_paned));

  /* the paned says G_MAXINT until it has a size */
  g_object_get (self->side_paned, "max-position", &max, NULL);
  if (self->panel_placed || height <= 0 || max <= 0 || max > height)
    return;
  gtk_widget_measure (GTK_WIDGET (self->action_panel), GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL, NULL);
  gtk_paned_set_position (self->side_paned, MAX (minimum, (int) (height * PANEL_SHARE)));
  self->panel_placed = TRUE;
}

/* The side pane comes back as wide as the players left it (the window
 * keeps it in GSettings), once the page has its width; after that the
 * divider is theirs and a resize goes to the map. */
static gboolean
place_side_pane_now (gpointer data)
{
  KolGamePage *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self->paned));
  int handle;

  self->side_pane_id = 0;
  if (self->side_width <= 0 || width <= 0)
    return G_SOURCE_REMOVE;
  /* the divider's own width is neither the map's nor the pane's */
  handle = width - gtk_paned_get_position (self->paned) - gtk_widget_get_width (GTK_WIDGET (self->side_paned));
  gtk_paned_set_position (self->paned, MAX (0, width - self->side_width - MAX (handle, 0)));
  self->side_width = 0;
  return G_SOURCE_REMOVE;
}

/* Not while the paned is being allocated: after. */
static void
place_side_pane (KolGamePage *self)
{
  if (self->side_width > 0 && self->side_pane_id == 0 && gtk_widget_get_width (GTK_WIDGET (self->paned)) > 0)
    self->side_pane_id = g_idle_add (place_side_pane_now, self);
}

/* ------------------------------------------------------------ keyboard */

/* Ctrl+M: the map takes the keyboard (arrows pick a hex, Return chooses). */
static void
focus_map_cb (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  KolGamePage *self = KOL_GAME_PAGE (widget);

  if (self->game != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

/* Ctrl+K: back to the choices of the action panel. */
static void
focus_panel_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  KolGamePage *self = KOL_GAME_PAGE (widget);

  if (self->game != NULL)
    kol_action_panel_focus_choices (self->action_panel);
}

/* Alt+P: pass, wherever the focus is. */
static void
pass_cb (GtkWidget  *widget,
         const char *action_name,
         GVariant   *parameter)
{
  KolGamePage *self = KOL_GAME_PAGE (widget);

  if (self->game != NULL)
    kol_action_panel_pass (self->action_panel);
}

/* ---------------------------------------------------------------- GObject */

static void
kol_game_page_dispose (GObject *object)
{
  KolGamePage *self = KOL_GAME_PAGE (object);

  g_clear_handle_id (&self->side_pane_id, g_source_remove);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->controller);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_GAME_PAGE);
  G_OBJECT_CLASS (kol_game_page_parent_class)->dispose (object);
}

static void
kol_game_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  KolGamePage *self = KOL_GAME_PAGE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_game_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  KolGamePage *self = KOL_GAME_PAGE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_game_page_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_game_page_class_init (KolGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_game_page_dispose;
  object_class->get_property = kol_game_page_get_property;
  object_class->set_property = kol_game_page_set_property;

  /** KolGamePage:game: the game on the table, or %NULL */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "table.show-live", NULL, show_live_action_cb);
  gtk_widget_class_install_action (widget_class, "table.continue-here", NULL, continue_here_action_cb);
  gtk_widget_class_install_action (widget_class, "table.focus-map", NULL, focus_map_cb);
  gtk_widget_class_install_action (widget_class, "table.focus-choices", NULL, focus_panel_cb);
  gtk_widget_class_install_action (widget_class, "table.pass", NULL, pass_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "table.focus-map", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "table.focus-choices", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_ALT_MASK, "table.pass", NULL);

  g_type_ensure (KOL_TYPE_ACTION_PANEL);
  g_type_ensure (KOL_TYPE_AUTOSAVE_BANNER);
  g_type_ensure (KOL_TYPE_BANK_VIEW);
  g_type_ensure (KOL_TYPE_CHARTERS_VIEW);
  g_type_ensure (KOL_TYPE_GAME_OVER_VIEW);
  g_type_ensure (KOL_TYPE_LOG_VIEW);
  g_type_ensure (KOL_TYPE_MAP_VIEW);
  g_type_ensure (KOL_TYPE_MARKET_VIEW);
  g_type_ensure (KOL_TYPE_PLAYERS_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, page_box);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, paned);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, side_paned);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, autosave_banner);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, center_switcher);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, center_stack);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, map_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, over_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, action_panel);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, notebook);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, players_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, charters_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, market_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, bank_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, log_view);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, charters_tab);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, bank_tab);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, market_tab);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, round_label);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, phase_label);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, acting_label);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, past_label);
  gtk_widget_class_bind_template_child (widget_class, KolGamePage, position_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kol_game_page_init (KolGamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->controller = kol_map_controller_new (self->map_view);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "play",
                                  kol_map_controller_get_action_group (self->controller));
  g_object_bind_property (self->controller, "guidance", self->action_panel, "guidance", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->controller, "notify::error", G_CALLBACK (controller_error_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->side_paned, "notify::max-position", G_CALLBACK (place_panel), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->side_paned, "map", G_CALLBACK (place_panel), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->paned, "notify::max-position", G_CALLBACK (place_side_pane), self,
                           G_CONNECT_SWAPPED);
  update_actions (self);
}

/* ------------------------------------------------------------------ API */

/** kol_game_page_new: Returns: (transfer floating): a table without a game */
GtkWidget *
kol_game_page_new (void)
{
  return g_object_new (KOL_TYPE_GAME_PAGE, NULL);
}

/**
 * kol_game_page_get_side_width:
 * @self: a table
 *
 * Returns: the side pane's width as shown, or 0 before it was ever shown
 */
int
kol_game_page_get_side_width (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), 0);
  return gtk_widget_get_width (GTK_WIDGET (self->side_paned));
}

/**
 * kol_game_page_set_side_width:
 * @self: a table
 * @width: the side pane's width in pixels; 0 keeps its natural width
 *
 * Widens (or narrows) the side pane to @width, now or as soon as the table
 * has its size. The pane never gets narrower than its minimum.
 */
void
kol_game_page_set_side_width (KolGamePage *self,
                              int          width)
{
  g_return_if_fail (KOL_IS_GAME_PAGE (self));
  self->side_width = MAX (width, 0);
  place_side_pane (self);
}

/** kol_game_page_get_game: Returns: (transfer none) (nullable): the game */
KolGame *
kol_game_page_get_game (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  return self->game;
}

/**
 * kol_game_page_set_game:
 * @self: a page
 * @game: (nullable): the game to put on the table
 */
void
kol_game_page_set_game (KolGamePage *self,
                        KolGame     *game)
{
  g_return_if_fail (KOL_IS_GAME_PAGE (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  self->shown_over = FALSE;
  if (game != NULL)
    {
      state_changed_cb (self);
      g_signal_connect_object (game, "state-changed", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      update_tabs (self);
    }
  kol_market_view_set_market (self->market_view, game != NULL ? kol_game_get_market (game) : NULL);
  kol_map_controller_set_game (self->controller, game);
  kol_autosave_banner_set_game (self->autosave_banner, game);
  kol_action_panel_set_game (self->action_panel, game);
  kol_players_view_set_game (self->players_view, game);
  kol_charters_view_set_game (self->charters_view, game);
  kol_bank_view_set_game (self->bank_view, game);
  kol_log_view_set_game (self->log_view, game);
  kol_game_over_view_set_game (self->over_view, game);
  update_actions (self);
  /* a game is played from the action panel first */
  if (game != NULL)
    kol_action_panel_focus_choices (self->action_panel);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/** kol_game_page_get_map_view: Returns: (transfer none): the map */
KolMapView *
kol_game_page_get_map_view (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  return self->map_view;
}

/** kol_game_page_get_action_panel: Returns: (transfer none): the action panel */
KolActionPanel *
kol_game_page_get_action_panel (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  return self->action_panel;
}

/** kol_game_page_get_log_view: Returns: (transfer none): the log */
KolLogView *
kol_game_page_get_log_view (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  return self->log_view;
}

/**
 * kol_game_page_show_panel:
 * @self: a page
 * @name: "players", "companies", "market", "bank" or "log"
 *
 * Brings a page of the side pane to the front.
 */
void
kol_game_page_show_panel (KolGamePage *self,
                          const char  *name)
{
  static const char *const names[] = { "players", "companies", "market", "bank", "log" };

  g_return_if_fail (KOL_IS_GAME_PAGE (self));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (names[i], name) == 0)
      gtk_notebook_set_current_page (self->notebook, (int) i);
}

/** kol_game_page_dup_status: Returns: (transfer full): the status line's text */
char *
kol_game_page_dup_status (KolGamePage *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PAGE (self), NULL);
  return g_strjoin (" · ", gtk_label_get_text (self->round_label), gtk_label_get_text (self->phase_label),
                    gtk_label_get_text (self->acting_label), NULL);
}
