/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-action-panel.h"
#include "kol-game-words.h"
#include "kol-panel-util.h"

/**
 * KolActionPanel:
 *
 * The current decision of a game: who acts (player and company, with the
 * company's colour), the step, and one button per choice of the model
 * (kol_game_get_choices()) in sections named after the kind of move. A
 * choice that is a number in a range is a spin button bounded by the
 * rules' range; each value is checked by the engine
 * (kol_game_check_action()) before the button can be pressed. A refusal
 * shows the model's translated message. When a move leaves the same
 * choices (the same sections and labels), the buttons stay where they are
 * and only follow the new choices.
 *
 * Buttons use the widget action "panel.choose" with the index of the
 * choice. Under the choices, a menu offers every private company its owner
 * may return to the bank now although someone else acts (1840 IV.2,
 * kol_game_out_of_turn_actions()), through "panel.return-private" with
 * the index of the return. Map steps show the guidance and buttons naming the "play.*"
 * actions of the table's map controller; while the past is shown, buttons
 * for the table's "table.show-live" and "table.continue-here".
 */
struct _KolActionPanel
{
  GtkWidget parent_instance;

  KolGame *game;
  char *guidance;
  char *error;
  char *signature;      /* what the buttons offer, to tell when they can stay */
  GPtrArray *choices;   /* Choice* */
  GBindingGroup *company_bindings;  /* to the company acting */
  GBindingGroup *player_bindings;   /* to the player acting */
  GBinding *auction_binding;
  GBinding *auction_shown;

  GtkWidget *panel_box;
  GtkWidget *scroller;
  GtkBox *heading_box;
  GtkWidget *chip;
  GtkLabel *heading_label;
  GtkLabel *step_label;
  GtkGrid *state_grid;
  GtkLabel *guidance_label;
  GtkBox *content_box;
  GtkBox *pass_box;
  GtkMenuButton *return_button;
  GPtrArray *returns;   /* KolAction*: kol_game_out_of_turn_actions() */
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE (KolActionPanel, kol_action_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_GUIDANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* One button of the panel: the model's choice, and for a number in a
 * range the spin button giving the number. */
typedef struct
{
  KolActionPanel *panel;
  KolGameChoice  *choice;
  GtkWidget      *button;
  GtkSpinButton  *spin;
  GtkLabel       *details;   /* what it costs or changes */
  gboolean        apart;     /* the details are not under the button */
  GtkEventController *motion;  /* the button's, for the preview */
  GtkEventController *focus;
} Choice;

static void
choice_free (Choice *choice)
{
  if (choice->spin != NULL)
    g_signal_handlers_disconnect_by_data (choice->spin, choice);
  /* the button outlives its choice for a moment (the focus leaves it as
   * it goes): the choices go first, while the buttons are in the panel */
  if (choice->motion != NULL)
    g_signal_handlers_disconnect_by_data (choice->motion, choice);
  if (choice->focus != NULL)
    g_signal_handlers_disconnect_by_data (choice->focus, choice);
  g_clear_object (&choice->choice);
  g_free (choice);
}

/* ---------------------------------------------------------------- errors */

static void
set_error (KolActionPanel *self,
           const char     *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

/* ---------------------------------------------------------------- choices */

/* What the choice costs or changes, under its button; and while the
 * pointer or the focus is on it, where it moves a share price, on the
 * market. */
static void
show_details (Choice *choice)
{
  const char *details = kol_game_choice_get_details (choice->choice);
  g_autofree char *text = NULL;

  if (details != NULL && choice->apart)
    /* Translators: what a choice does, shown apart from its button (the
     * button at the foot of the panel): "Withhold: L.0 a share · …". */
    text = g_strdup_printf (C_("details", "%1$s: %2$s"), kol_game_choice_get_label (choice->choice), details);
  gtk_label_set_text (choice->details, text != NULL ? text : details != NULL ? details : "");
  gtk_widget_set_visible (GTK_WIDGET (choice->details), details != NULL && *details != '\0');
}

static void
preview_on_market (Choice   *choice,
                   gboolean  shown)
{
  KolGame *game = choice->panel->game;
  int corp = -1, row = -1, col = -1;

  if (game == NULL)
    return;
  if (shown && !kol_game_choice_get_preview (choice->choice, &corp, &row, &col))
    corp = row = col = -1;
  kol_game_market_set_preview (kol_game_get_market (game), corp, row, col);
  /* and on the map, what it concerns there (a line's home, a marker) */
  if (shown)
    {
      int n;
      const gint16 *hexes = kol_game_choice_get_hexes (choice->choice, &n);

      kol_game_set_pointed_hexes (game, hexes, n);
    }
  else
    kol_game_set_pointed_hexes (game, NULL, 0);
}

static void
pointer_enter_cb (GtkEventControllerMotion *motion,
                  double                    x,
                  double                    y,
                  Choice                   *choice)
{
  preview_on_market (choice, TRUE);
}

static void
pointer_leave_cb (GtkEventControllerMotion *motion,
                  Choice                   *choice)
{
  preview_on_market (choice, FALSE);
}

static void
focus_enter_cb (GtkEventControllerFocus *focus,
                Choice                  *choice)
{
  preview_on_market (choice, TRUE);
}

static void
focus_leave_cb (GtkEventControllerFocus *focus,
                Choice                  *choice)
{
  preview_on_market (choice, FALSE);
}

/* The button previews its move on the market while pointed at or
 * focused (the controllers go with the button, before the choice). */
static void
watch_preview (Choice *choice)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (motion, "enter", G_CALLBACK (pointer_enter_cb), choice);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_leave_cb), choice);
  g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), choice);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_leave_cb), choice);
  gtk_widget_add_controller (choice->button, motion);
  gtk_widget_add_controller (choice->button, focus);
  choice->motion = motion;
  choice->focus = focus;
}

static void
check_choice (Choice *choice)
{
  KolActionPanel *self = choice->panel;
  g_autoptr(GError) error = NULL;
  gboolean ok = kol_game_check_action (self->game, kol_game_choice_get_action (choice->choice), &error);

  gtk_button_set_label (GTK_BUTTON (choice->button), kol_game_choice_get_label (choice->choice));
  gtk_widget_set_sensitive (choice->button, ok);
  set_error (self, ok ? NULL : error->message);
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 Choice        *choice)
{
  kol_game_choice_set_value (choice->choice, gtk_spin_button_get_value_as_int (spin));
  check_choice (choice);
  show_details (choice);
}

static GtkWidget *
choice_button_new (KolActionPanel *self,
                   KolGameChoice  *choice)
{
  GtkWidget *button = gtk_button_new_with_label (kol_game_choice_get_label (choice));
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  gtk_label_set_wrap (GTK_LABEL (child), TRUE);
  gtk_label_set_xalign (GTK_LABEL (child), 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "panel.choose");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", self->choices->len);
  return button;
}

static GtkLabel *
details_label_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_name (label, "details");
  return GTK_LABEL (label);
}

/* Adds a choice to @box: a button, with a spin button for a range, and
 * under it what it costs or changes. */
static void
add_choice (KolActionPanel *self,
            GtkWidget      *box,
            KolGameChoice  *model_choice)
{
  Choice *choice = g_new0 (Choice, 1);
  GtkWidget *row;
  int min, max, step;

  choice->panel = self;
  choice->choice = g_object_ref (model_choice);
  choice->button = choice_button_new (self, model_choice);
  choice->details = details_label_new ();
  g_ptr_array_add (self->choices, choice);
  watch_preview (choice);
  /* the foot of the panel keeps its height: what its buttons do is
   * said at the end of the choices */
  choice->apart = box == GTK_WIDGET (self->pass_box);
  show_details (choice);
  if (!kol_game_choice_get_ranged (model_choice))
    {
      gtk_box_append (GTK_BOX (box), choice->button);
      gtk_box_append (choice->apart ? self->content_box : GTK_BOX (box), GTK_WIDGET (choice->details));
      return;
    }
  kol_game_choice_get_range (model_choice, &min, &max, &step);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  choice->spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (min, max, step));
  gtk_widget_set_name (GTK_WIDGET (choice->spin), kol_game_choice_get_key (model_choice));
  gtk_spin_button_set_value (choice->spin, kol_game_choice_get_value (model_choice));
  gtk_spin_button_set_numeric (choice->spin, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (choice->spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kol_game_choice_get_label (model_choice), -1);
  gtk_widget_set_hexpand (choice->button, TRUE);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (choice->spin));
  gtk_box_append (GTK_BOX (row), choice->button);
  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (choice->apart ? self->content_box : GTK_BOX (box), GTK_WIDGET (choice->details));
  g_signal_connect (choice->spin, "value-changed", G_CALLBACK (spin_changed_cb), choice);
}

/* Many short choices of one kind (1840's sixteen par values: "WT at
 * 100 G") are a compact grid rather than a long column: at least this
 * many. */
#define GRID_MIN_CHOICES 6

/* Longer labels ("Buy 10% of SJE (in the Share Pool) for 60 G") read
 * better a line each. */
#define GRID_MAX_CHARS 24

static gboolean
fits_grid (KolGameChoice *c)
{
  const char *details = kol_game_choice_get_details (c);

  return kol_game_choice_get_kind (c) == KOL_GAME_CHOICE_BUTTON && !kol_game_choice_get_ranged (c) &&
         (details == NULL || *details == '\0') &&
         g_utf8_strlen (kol_game_choice_get_label (c), -1) <= GRID_MAX_CHARS;
}

/* How many columns the choices of the section starting at @start make
 * (four when they come in fours: 1840's four par values of each company
 * on a row), or 0 for a column of buttons. */
static guint
section_grid_columns (GListModel *choices,
                      guint       start)
{
  g_autoptr(KolGameChoice) first = g_list_model_get_item (choices, start);
  guint n = 0;

  for (guint i = start; i < g_list_model_get_n_items (choices); i++, n++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);

      if (kol_game_choice_get_kind (c) != KOL_GAME_CHOICE_BUTTON ||
          g_strcmp0 (kol_game_choice_get_section (c), kol_game_choice_get_section (first)) != 0)
        break;
      if (!fits_grid (c))
        return 0;
    }
  if (n < GRID_MIN_CHOICES)
    return 0;
  return n % 4 == 0 ? 4 : 3;
}

/* A choice in a section's grid: a button, row by row. */
static void
add_grid_choice (KolActionPanel *self,
                 GtkGrid        *grid,
                 KolGameChoice  *model_choice,
                 guint           index,
                 guint           columns)
{
  Choice *choice = g_new0 (Choice, 1);

  choice->panel = self;
  choice->choice = g_object_ref (model_choice);
  choice->button = choice_button_new (self, model_choice);
  choice->details = details_label_new ();
  g_ptr_array_add (self->choices, choice);
  watch_preview (choice);
  show_details (choice);
  gtk_widget_set_hexpand (choice->button, TRUE);
  /* the grid asks for no more width than a column of buttons: the side
   * pane keeps its width from move to move */
  gtk_label_set_max_width_chars (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (choice->button))), 4);
  gtk_grid_attach (grid, choice->button, (int) (index % columns), (int) (index / columns), 1, 1);
  /* empty now (fits_grid); under the grid if a later move fills it */
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (grid))), GTK_WIDGET (choice->details));
}

static GtkWidget *
section_new (KolActionPanel *self,
             const char     *heading)
{
  GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label;

  if (heading != NULL)
    {
      label = gtk_label_new (heading);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (section), label);
    }
  gtk_box_append (self->content_box, section);
  return section;
}

/* ----------------------------------------------------------- map choices */

static void
add_action_button (GtkWidget  *box,
                   const char *label,
                   const char *action_name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  gtk_widget_set_hexpand (button, TRUE);
  gtk_box_append (GTK_BOX (box), button);
}

/* The guidance and the map controller's buttons for a map step. */
static void
add_map_controls (KolActionPanel *self,
                  guint32         map_types)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *section = section_new (self, NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->guidance_label), TRUE);
  if (map_types & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE))
    {
      GtkWidget *rotate = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      add_action_button (rotate, _("Rotate _Left"), "play.rotate-ccw");
      add_action_button (rotate, _("Rotate _Right"), "play.rotate-cw");
      gtk_box_append (GTK_BOX (section), rotate);
    }
  if (map_types & KOL_ACTION_BIT (KOL_ACTION_RUN_ROUTES))
    add_action_button (section, _("_Best Routes"), "play.auto-route");
  add_action_button (row, _("_Cancel"), "play.cancel");
  add_action_button (row, _("C_onfirm"), "play.confirm");
  gtk_box_append (GTK_BOX (section), row);
}

static void
update_guidance (KolActionPanel *self)
{
  const char *text = self->guidance;

  if (text == NULL || *text == '\0')
    text = _("Choose on the map, then confirm.");
  gtk_label_set_text (self->guidance_label, text);
}

/* --------------------------------------------------------- acting state */

static gboolean
tokens_left_text (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      data)
{
  /* Translators: how many station markers a company has left to place. */
  g_value_take_string (to, g_strdup_printf (_("%d left"), g_value_get_int (from)));
  return TRUE;
}

static gboolean
yes_no (GBinding     *binding,
        const GValue *from,
        GValue       *to,
        gpointer      data)
{
  /* Translators: whether the player acting has the priority deal. */
  g_value_set_string (to, g_value_get_boolean (from) ? C_("priority", "yes") : C_("priority", "no"));
  return TRUE;
}

static gboolean
has_text (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      data)
{
  const char *text = g_value_get_string (from);

  g_value_set_boolean (to, text != NULL && *text != '\0');
  return TRUE;
}

static GtkWidget *
state_fact (KolActionPanel *self,
            int             row,
            const char     *term,
            gboolean        markup)
{
  GtkWidget *value = kol_panel_fact_new (self->state_grid, row, term, markup);

  kol_panel_fact_single_line (value);
  return value;
}

/* What the one acting has, at the top of the panel (the rows of the
 * company acting, else of the player acting): bound to the model's items
 * the game names as acting. */
static void
build_state (KolActionPanel *self)
{
  GBindingGroup *c = self->company_bindings, *p = self->player_bindings;
  GtkWidget *value;
  int row = 0;

  kol_panel_bind_fact (c, "treasury-text", state_fact (self, row++, "", FALSE));
  kol_panel_bind_fact (c, "price-text", state_fact (self, row++, "", FALSE));
  kol_panel_bind_fact (c, "trains-brief-markup", state_fact (self, row++, "", TRUE));
  value = state_fact (self, row++, "", FALSE);
  g_binding_group_bind_full (c, "tokens-left", value, "label", G_BINDING_SYNC_CREATE, tokens_left_text, NULL,
                             NULL, NULL);
  g_binding_group_bind (c, "tokens-total", value, "visible", G_BINDING_SYNC_CREATE);
  /* Translators: a row of the action panel: what the company's last run earned. */
  kol_panel_bind_fact (c, "revenue-text", state_fact (self, row++, C_("acting", "Last run"), FALSE));
  /* Translators: a row of the action panel: the acting player's cash. */
  kol_panel_bind_fact (p, "cash-text", state_fact (self, row++, C_("acting", "Cash"), FALSE));
  kol_panel_bind_fact (p, "certificates-text", state_fact (self, row++, _("Certificates"), FALSE));
  value = state_fact (self, row++, "", FALSE);
  g_binding_group_bind_full (p, "priority", value, "label", G_BINDING_SYNC_CREATE, yes_no, NULL, NULL, NULL);
  /* Translators: a row of the action panel: the cash the acting player's
   * bids hold. */
  kol_panel_bind_fact (p, "bids-text", state_fact (self, row++, C_("player", "Bids"), FALSE));
  /* Translators: a row of the action panel: the bids open in an auction. */
  state_fact (self, row++, C_("acting", "Open bids"), FALSE);
}

static GtkWidget *
state_value (KolActionPanel *self,
             int             row)
{
  return gtk_grid_get_child_at (self->state_grid, 1, row);
}

/* The terms of the title, and which rows the one acting shows: the
 * company's when a company acts, the player's otherwise. */
static void
update_state (KolActionPanel *self)
{
  const KolTitle *title = self->game != NULL ? kol_game_get_title (self->game) : NULL;
  KolGameCompany *company = self->game != NULL && kol_game_get_live (self->game)
                            ? kol_game_get_acting_company_item (self->game) : NULL;
  KolGamePlayer *player = self->game != NULL && kol_game_get_live (self->game) && company == NULL
                          ? kol_game_get_acting_player_item (self->game) : NULL;
  static const KolWord terms[] = { KOL_WORD_TREASURY, KOL_WORD_SHARE_PRICE, KOL_WORD_TRAINS,
                                   KOL_WORD_STATION_MARKERS };

  for (guint i = 0; i < G_N_ELEMENTS (terms); i++)
    kol_panel_fact_set_term (state_value (self, (int) i), kol_game_word (title, terms[i]));
  kol_panel_fact_set_term (state_value (self, 7), kol_game_word (title, KOL_WORD_PRIORITY_DEAL));
  g_binding_group_set_source (self->company_bindings, company);
  g_binding_group_set_source (self->player_bindings, player);
  for (int row = 0; row < 5; row++)
    if (company == NULL)
      gtk_widget_set_visible (state_value (self, row), FALSE);
  for (int row = 5; row < 9; row++)
    if (player == NULL)
      gtk_widget_set_visible (state_value (self, row), FALSE);
  if (player != NULL)
    gtk_widget_set_visible (state_value (self, 7), TRUE);
}

/* ------------------------------------------------------------- building */

static void
clear_content (KolActionPanel *self)
{
  GtkWidget *child;

  g_ptr_array_set_size (self->choices, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content_box))) != NULL)
    gtk_box_remove (self->content_box, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pass_box))) != NULL)
    gtk_box_remove (self->pass_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->guidance_label), FALSE);
  g_clear_pointer (&self->signature, g_free);
}

static void
update_heading (KolActionPanel *self)
{
  const char *name = kol_game_get_acting_entity_name (self->game);
  const char *chip = kol_game_get_acting_chip (self->game);

  gtk_label_set_text (self->heading_label, name != NULL ? name : "");
  gtk_label_set_text (self->step_label, kol_game_get_step_name (self->game));
  gtk_widget_set_visible (self->chip, chip != NULL);
  if (chip != NULL)
    {
      g_autofree char *color = NULL;
      g_autofree char *text_color = NULL;

      g_object_get (self->game, "acting-color", &color, "acting-text-color", &text_color, NULL);
      kol_panel_chip_set (self->chip, color, text_color, chip);
    }
}

static void
build_past (KolActionPanel *self)
{
  GtkWidget *section = section_new (self, NULL);
  GtkWidget *label = gtk_label_new (_("This is an earlier point of the game. Go back to the present to play on, "
                                      "or continue from here: the later moves are then discarded."));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (section), label);
  add_action_button (section, _("Back to the _Present"), "table.show-live");
  add_action_button (section, _("Continue From _Here…"), "table.continue-here");
}

/* An offer waiting for the answer of the player who acts now: the
 * question above the answers. */
static void
add_offer_prompt (KolActionPanel *self,
                  const char     *question)
{
  GtkWidget *label;

  if (question == NULL)
    return;
  label = gtk_label_new (question);
  gtk_widget_set_name (label, "offer");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (section_new (self, NULL)), label);
}

/* What the panel offers, in order (the offer's question, the choices):
 * equal for equal buttons. */
static char *
signature (const char *question,
           GListModel *choices)
{
  g_autoptr(GString) out = g_string_new (question);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      int min = 0, max = 0, step = 0;

      kol_game_choice_get_range (c, &min, &max, &step);
      g_string_append_printf (out, "%d|%s|%s|%s|%d|%d|%d\n", kol_game_choice_get_kind (c),
                              kol_game_choice_get_section (c), kol_game_choice_get_label (c),
                              kol_game_choice_get_key (c) != NULL ? kol_game_choice_get_key (c) : "",
                              min, max, step);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The same buttons for new choices: each follows its new choice. */
static void
follow_choices (KolActionPanel *self,
                GListModel     *choices)
{
  guint k = 0;

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);
      Choice *choice;

      if (kol_game_choice_get_kind (c) == KOL_GAME_CHOICE_MAP || k >= self->choices->len)
        continue;
      choice = g_ptr_array_index (self->choices, k++);
      g_set_object (&choice->choice, c);
      if (choice->spin != NULL)
        kol_game_choice_set_value (c, gtk_spin_button_get_value_as_int (choice->spin));
      gtk_widget_set_sensitive (choice->button, TRUE);
      show_details (choice);
    }
}

/* Sections in the order the model lists the choices; the map's controls
 * first, passing last, on its own. */
static void
build_choices (KolActionPanel *self,
               GListModel     *choices)
{
  guint32 map_types = 0;
  GtkWidget *section = NULL;
  GtkGrid *grid = NULL;
  guint in_grid = 0, columns = 0;
  const char *heading = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);

      if (kol_game_choice_get_kind (c) == KOL_GAME_CHOICE_MAP)
        map_types |= KOL_ACTION_BIT (kol_game_choice_get_action (c)->type);
    }
  if (map_types != 0)
    add_map_controls (self, map_types);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(KolGameChoice) c = g_list_model_get_item (choices, i);

      switch (kol_game_choice_get_kind (c))
        {
        case KOL_GAME_CHOICE_MAP:
          break;
        case KOL_GAME_CHOICE_PASS:
          add_choice (self, GTK_WIDGET (self->pass_box), c);
          break;
        case KOL_GAME_CHOICE_BUTTON:
        default:
          if (section == NULL || g_strcmp0 (heading, kol_game_choice_get_section (c)) != 0)
            {
              heading = kol_game_choice_get_section (c);
              section = section_new (self, heading);
              grid = NULL;
              in_grid = 0;
              columns = section_grid_columns (choices, i);
              if (columns > 0)
                {
                  grid = GTK_GRID (gtk_grid_new ());
                  gtk_grid_set_column_homogeneous (grid, TRUE);
                  gtk_grid_set_row_spacing (grid, 4);
                  gtk_grid_set_column_spacing (grid, 4);
                  gtk_box_append (GTK_BOX (section), GTK_WIDGET (grid));
                }
            }
          if (grid != NULL)
            add_grid_choice (self, grid, c, in_grid++, columns);
          else
            add_choice (self, section, c);
          break;
        }
    }
}

/* Has a widget of the panel the keyboard focus? */
static gboolean
focus_inside (KolActionPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

/* Has the window no focus at all (as after the focused button went)? */
static gboolean
focus_lost (KolActionPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL && gtk_root_get_focus (root) == NULL;
}

/* The menu of the privates that may go back to the bank out of turn,
 * each with its owner; hidden when there is none. */
static void
update_returns (KolActionPanel *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();

  g_ptr_array_set_size (self->returns, 0);
  if (self->game != NULL)
    {
      g_autoptr(GPtrArray) found = kol_game_out_of_turn_actions (self->game);

      for (guint i = 0; i < found->len; i++)
        {
          g_autofree char *label = kol_game_describe_return (self->game, g_ptr_array_index (found, i));
          g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

          g_menu_item_set_action_and_target (item, "panel.return-private", "u", i);
          g_menu_append_item (menu, item);
        }
      g_ptr_array_extend_and_steal (self->returns, g_steal_pointer (&found));
    }
  gtk_menu_button_set_menu_model (self->return_button, G_MENU_MODEL (menu));
  gtk_widget_set_visible (GTK_WIDGET (self->return_button), self->returns->len > 0);
}

/**
 * kol_action_panel_refresh:
 * @self: a panel
 *
 * Builds the panel again from the game's current decision. Called after
 * every change of the game; tests call it to be sure.
 */
void
kol_action_panel_refresh (KolActionPanel *self)
{
  GListModel *choices;
  g_autofree char *offered = NULL;

  g_return_if_fail (KOL_IS_ACTION_PANEL (self));

  update_guidance (self);
  update_state (self);
  update_returns (self);
  if (self->game == NULL)
    {
      clear_content (self);
      gtk_label_set_text (self->heading_label, "");
      gtk_label_set_text (self->step_label, "");
      gtk_widget_set_visible (self->chip, FALSE);
    }
  else if (!kol_game_get_live (self->game))
    {
      clear_content (self);
      update_heading (self);
      build_past (self);
      self->signature = g_strdup ("past");
    }
  else
    {
      g_autofree char *question = kol_game_describe_offer (self->game);

      update_heading (self);
      choices = kol_game_get_choices (self->game);
      offered = signature (question, choices);
      if (g_strcmp0 (offered, self->signature) == 0)
        follow_choices (self, choices);
      else
        {
          gboolean had_focus = focus_inside (self);

          clear_content (self);
          add_offer_prompt (self, question);
          build_choices (self, choices);
          self->signature = g_steal_pointer (&offered);
          /* the keyboard player goes on where the new choices are */
          if (had_focus || focus_lost (self))
            kol_action_panel_focus_choices (self);
        }
    }
}

static void
state_changed_cb (KolActionPanel *self)
{
  set_error (self, NULL);
  kol_action_panel_refresh (self);
}

/* ------------------------------------------------------------- playing */

/**
 * kol_action_panel_play:
 * @self: a panel
 * @action: a move for the state shown
 *
 * Plays @action as if it had been chosen in the panel: on refusal the
 * panel shows the model's translated message and the game is unchanged.
 *
 * Returns: %TRUE when the move was played
 */
gboolean
kol_action_panel_play (KolActionPanel  *self,
                       const KolAction *action)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (self->game == NULL)
    return FALSE;
  if (kol_game_apply_action (self->game, action, &error))
    return TRUE;
  set_error (self, error->message);
  return FALSE;
}

static void
choose_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  KolActionPanel *self = KOL_ACTION_PANEL (widget);
  guint index = g_variant_get_uint32 (parameter);
  g_autoptr(KolAction) action = NULL;

  if (index >= self->choices->len)
    return;
  /* playing rebuilds the panel, freeing the choice */
  action = kol_action_copy (kol_game_choice_get_action (((Choice *) g_ptr_array_index (self->choices, index))->choice));
  kol_action_panel_play (self, action);
}

static void
return_private_action_cb (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  KolActionPanel *self = KOL_ACTION_PANEL (widget);
  guint index = g_variant_get_uint32 (parameter);
  g_autoptr(KolAction) action = NULL;

  if (index >= self->returns->len)
    return;
  /* playing refreshes the menu, freeing the action */
  action = kol_action_copy (g_ptr_array_index (self->returns, index));
  kol_action_panel_play (self, action);
}

/* ---------------------------------------------------------------- GObject */

static void
kol_action_panel_dispose (GObject *object)
{
  KolActionPanel *self = KOL_ACTION_PANEL (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->auction_binding, g_binding_unbind);
  g_clear_pointer (&self->auction_shown, g_binding_unbind);
  g_binding_group_set_source (self->company_bindings, NULL);
  g_binding_group_set_source (self->player_bindings, NULL);
  g_ptr_array_set_size (self->choices, 0);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_ACTION_PANEL);
  G_OBJECT_CLASS (kol_action_panel_parent_class)->dispose (object);
}

static void
kol_action_panel_finalize (GObject *object)
{
  KolActionPanel *self = KOL_ACTION_PANEL (object);

  g_ptr_array_unref (self->choices);
  g_ptr_array_unref (self->returns);
  g_clear_object (&self->company_bindings);
  g_clear_object (&self->player_bindings);
  g_free (self->guidance);
  g_free (self->error);
  g_free (self->signature);
  G_OBJECT_CLASS (kol_action_panel_parent_class)->finalize (object);
}

static void
kol_action_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KolActionPanel *self = KOL_ACTION_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_GUIDANCE:
      g_value_set_string (value, self->guidance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_action_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KolActionPanel *self = KOL_ACTION_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_action_panel_set_game (self, g_value_get_object (value));
      break;
    case PROP_GUIDANCE:
      kol_action_panel_set_guidance (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_action_panel_class_init (KolActionPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_action_panel_dispose;
  object_class->finalize = kol_action_panel_finalize;
  object_class->get_property = kol_action_panel_get_property;
  object_class->set_property = kol_action_panel_set_property;

  /** KolActionPanel:game: the game whose decision is shown */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** KolActionPanel:guidance: what to do on the map in a map step */
  properties[PROP_GUIDANCE] =
    g_param_spec_string ("guidance", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "panel.choose", "u", choose_action_cb);
  gtk_widget_class_install_action (widget_class, "panel.return-private", "u", return_private_action_cb);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-action-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, panel_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, heading_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, heading_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, step_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, state_grid);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, guidance_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, content_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, pass_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, return_button);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, error_label);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kol_action_panel_init (KolActionPanel *self)
{
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  self->returns = g_ptr_array_new_with_free_func ((GDestroyNotify) kol_action_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->company_bindings = g_binding_group_new ();
  self->player_bindings = g_binding_group_new ();
  build_state (self);
  self->chip = kol_panel_chip_new (NULL, NULL, "");
  gtk_widget_set_visible (self->chip, FALSE);
  gtk_box_prepend (self->heading_box, self->chip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Current Decision"), -1);
}

/* ------------------------------------------------------------------ API */

/** kol_action_panel_new: Returns: (transfer floating): a panel without a game */
GtkWidget *
kol_action_panel_new (void)
{
  return g_object_new (KOL_TYPE_ACTION_PANEL, NULL);
}

/** kol_action_panel_get_game: Returns: (transfer none) (nullable): the game */
KolGame *
kol_action_panel_get_game (KolActionPanel *self)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), NULL);
  return self->game;
}

/**
 * kol_action_panel_set_game:
 * @self: a panel
 * @game: (nullable): the game to follow
 */
void
kol_action_panel_set_game (KolActionPanel *self,
                           KolGame        *game)
{
  g_return_if_fail (KOL_IS_ACTION_PANEL (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->auction_binding, g_binding_unbind);
  g_clear_pointer (&self->auction_shown, g_binding_unbind);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      GtkWidget *bids = state_value (self, 9);

      g_signal_connect_object (game, "state-changed", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      self->auction_binding = g_object_bind_property (game, "auction-text", bids, "label", G_BINDING_SYNC_CREATE);
      self->auction_shown = g_object_bind_property_full (game, "auction-text", bids, "visible", G_BINDING_SYNC_CREATE,
                                                         has_text, NULL, NULL, NULL);
      kol_panel_set_css_class (bids, "kol-bids", TRUE);
    }
  set_error (self, NULL);
  kol_action_panel_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * kol_action_panel_set_guidance:
 * @self: a panel
 * @guidance: (nullable): what to do on the map now (the map controller's
 *   "guidance"); %NULL for the general hint
 */
void
kol_action_panel_set_guidance (KolActionPanel *self,
                               const char     *guidance)
{
  g_return_if_fail (KOL_IS_ACTION_PANEL (self));

  if (g_strcmp0 (self->guidance, guidance) == 0)
    return;
  g_free (self->guidance);
  self->guidance = g_strdup (guidance);
  update_guidance (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GUIDANCE]);
}

/** kol_action_panel_get_n_choices: Returns: how many legal choices are offered */
guint
kol_action_panel_get_n_choices (KolActionPanel *self)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), 0);
  return self->choices->len;
}

/**
 * kol_action_panel_pass:
 * @self: a panel
 *
 * Presses the panel's Pass button (the choice on its own at the foot),
 * as the keyboard shortcut of the table does.
 *
 * Returns: %TRUE when there was one to press
 */
gboolean
kol_action_panel_pass (KolActionPanel *self)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), FALSE);

  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (kol_game_choice_get_kind (choice->choice) == KOL_GAME_CHOICE_PASS &&
          gtk_widget_is_sensitive (choice->button))
        return gtk_widget_activate (choice->button);
    }
  return FALSE;
}

/**
 * kol_action_panel_focus_choices:
 * @self: a panel
 *
 * Gives the keyboard focus to the first choice (or the first button of
 * a map step).
 *
 * Returns: %TRUE when something took it
 */
gboolean
kol_action_panel_focus_choices (KolActionPanel *self)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), FALSE);

  if (self->choices->len > 0)
    return gtk_widget_grab_focus (((Choice *) g_ptr_array_index (self->choices, 0))->button);
  return gtk_widget_child_focus (GTK_WIDGET (self->content_box), GTK_DIR_TAB_FORWARD) ||
         gtk_widget_child_focus (GTK_WIDGET (self->pass_box), GTK_DIR_TAB_FORWARD);
}

/**
 * kol_action_panel_find_button:
 * @self: a panel
 * @label: the label of a choice (kol_game_describe_action())
 *
 * Returns: (transfer none) (nullable): the button of that choice
 */
GtkWidget *
kol_action_panel_find_button (KolActionPanel *self,
                              const char     *label)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);

  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (choice->button)), label) == 0)
        return choice->button;
    }
  return NULL;
}

/**
 * kol_action_panel_find_spin:
 * @self: a panel
 * @name: "<action type>:<what>", e.g. "bid:SCE", "buy_train:4H-0",
 *   "dividend:WT"
 *
 * Returns: (transfer none) (nullable): the spin button of that choice
 */
GtkSpinButton *
kol_action_panel_find_spin (KolActionPanel *self,
                            const char     *name)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (choice->spin != NULL && g_strcmp0 (gtk_widget_get_name (GTK_WIDGET (choice->spin)), name) == 0)
        return choice->spin;
    }
  return NULL;
}

/**
 * kol_action_panel_show_error:
 * @self: a panel
 * @message: (nullable): a refusal in words (the map controller's), or
 *   %NULL to clear it
 *
 * Shows a refusal that came from elsewhere on the table, where the
 * panel's own refusals appear.
 */
void
kol_action_panel_show_error (KolActionPanel *self,
                             const char     *message)
{
  g_return_if_fail (KOL_IS_ACTION_PANEL (self));
  set_error (self, message);
}

/**
 * kol_action_panel_get_error:
 *
 * Returns: (transfer none) (nullable): the refusal shown, translated
 */
const char *
kol_action_panel_get_error (KolActionPanel *self)
{
  g_return_val_if_fail (KOL_IS_ACTION_PANEL (self), NULL);
  return self->error;
}
