/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-action-panel.h"
#include "kol-engine-auction.h"
#include "kol-engine-info.h"
#include "kol-game-words.h"
#include "kol-panel-util.h"
#include "kol-view-util.h"

/**
 * KolActionPanel:
 *
 * The current decision of a game: who acts (player and company, with the
 * company's colour), the step, and one button per legal choice in sections
 * named after the kind of action. Choices that differ only in a price or
 * an amount become one spin button bounded by the engine's range; each
 * value is checked by the engine (kol_game_check_action()) before the
 * button can be pressed. A refusal shows the model's translated message.
 *
 * Buttons use the widget action "panel.choose" with the index of the
 * choice. Map steps show the guidance and buttons naming the "play.*"
 * actions of the table's map controller; while the past is shown, buttons
 * for the table's "table.show-live" and "table.continue-here".
 */
struct _KolActionPanel
{
  GtkWidget parent_instance;

  KolGame *game;
  char *guidance;
  char *error;
  int sized_width;      /* the content's width when its minimum height was set */
  guint resize_idle;
  GPtrArray *choices;   /* Choice* */

  GtkWidget *panel_box;
  GtkWidget *scroller;
  GtkBox *heading_box;
  GtkWidget *chip;
  GtkLabel *heading_label;
  GtkLabel *step_label;
  GtkLabel *guidance_label;
  GtkBox *content_box;
  GtkBox *pass_box;
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

/* One button of the panel: the action it plays, and for a number in a
 * range the spin button giving the number. */
typedef struct
{
  KolActionPanel *panel;
  KolAction *action;
  GtkWidget *button;
  GtkSpinButton *spin;
  gboolean has_run;     /* a train that ran, offered beside a twin that did not */
  gboolean president;   /* a president's certificate, beside an ordinary one alike */
} Choice;

static void
choice_free (Choice *choice)
{
  kol_action_free (choice->action);
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

/* ------------------------------------------------------- numbers in ranges */

static gboolean
is_ranged_type (const KolAction *a)
{
  switch (a->type)
    {
    case KOL_ACTION_BID:
    case KOL_ACTION_BUY_COMPANY:
    case KOL_ACTION_BUY_TRAIN:
      return TRUE;
    case KOL_ACTION_DIVIDEND:
      return g_strcmp0 (a->kind, "variable") == 0;
    default:
      return FALSE;
    }
}

static int *
value_of (KolAction *a)
{
  return a->type == KOL_ACTION_DIVIDEND ? &a->amount : &a->price;
}

/* Two actions are one choice in a range when only the number differs. */
static gboolean
same_choice (const KolAction *a,
             const KolAction *b)
{
  return a->type == b->type && is_ranged_type (a) && kol_entity_equal (a->entity, b->entity) &&
         a->company == b->company && a->corp == b->corp && a->train == b->train &&
         g_strcmp0 (a->variant, b->variant) == 0 && g_strcmp0 (a->kind, b->kind) == 0;
}

static int
gcd (int a,
     int b)
{
  while (b != 0)
    {
      int t = a % b;

      a = b;
      b = t;
    }
  return a;
}

typedef struct
{
  int min, max, step;
} Range;

/* A bid's range as the auction states it; other titles' auctions give
 * representative bids, up to what the bidder has. */
static void
bid_range (KolActionPanel  *self,
           const KolAction *a,
           Range           *range)
{
  KolEngine *engine = kol_panel_engine (self->game);
  KolBidOption options[KOL_MAX_COMPANIES];
  int n = kol_auction_bid_options (engine, a->entity, options, G_N_ELEMENTS (options));
  int cash;

  for (int i = 0; i < n; i++)
    if (options[i].company == a->company)
      {
        range->min = options[i].min;
        range->max = options[i].purchase ? options[i].min : options[i].max;
        range->step = MAX (options[i].step, 1);
        return;
      }
  cash = kol_engine_cash (engine, a->entity);
  range->max = MAX (range->max, cash);
}

/* The range of the choice of @actions[first], from its representative
 * values; marks the other actions of the same choice as used. */
static void
choice_range (KolActionPanel *self,
              GPtrArray      *actions,
              guint           first,
              gboolean       *used,
              Range          *range)
{
  KolAction *a = g_ptr_array_index (actions, first);
  int base = *value_of (a), step = 0, low_step = 0;

  range->min = range->max = base;
  for (guint i = first + 1; i < actions->len; i++)
    {
      KolAction *b = g_ptr_array_index (actions, i);
      int v;

      if (used[i] || !same_choice (a, b))
        continue;
      used[i] = TRUE;
      v = *value_of (b);
      range->min = MIN (range->min, v);
      range->max = MAX (range->max, v);
      step = gcd (step, ABS (v - base));
      if (low_step == 0 || ABS (v - base) < low_step)
        low_step = ABS (v - base);
    }
  /* prices agreed between companies may be any amount */
  range->step = a->type == KOL_ACTION_DIVIDEND ? MAX (step, 1) : 1;
  if (a->type == KOL_ACTION_BID)
    {
      range->step = MAX (low_step, 1);
      bid_range (self, a, range);
    }
}

/* ---------------------------------------------------------------- choices */

/* The words of a choice: the action, and whether its train has run. */
static char *
choice_label (Choice *choice)
{
  g_autofree char *what = kol_game_describe_action (choice->panel->game, choice->action);

  if (choice->president)
    /* Translators: a choice and where: "Remove a station marker — Wien (I11)". */
    return g_strdup_printf (_("%s — %s"), what,
                            kol_view_term (kol_game_get_title (choice->panel->game), KOL_TERM_PRESIDENT));
  if (!choice->has_run)
    return g_steal_pointer (&what);
  /* Translators: a train offered twice, once one that has run already
   * (it cannot run again for its buyer this turn): "4H from CTL for L.96
   * (has run this turn)". */
  return g_strdup_printf (_("%s (has run this turn)"), what);
}

static void
check_choice (Choice *choice)
{
  KolActionPanel *self = choice->panel;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = choice_label (choice);
  gboolean ok = kol_game_check_action (self->game, choice->action, &error);

  gtk_button_set_label (GTK_BUTTON (choice->button), label);
  gtk_widget_set_sensitive (choice->button, ok);
  set_error (self, ok ? NULL : error->message);
}

static void
spin_changed_cb (GtkSpinButton *spin,
                 Choice        *choice)
{
  *value_of (choice->action) = gtk_spin_button_get_value_as_int (spin);
  check_choice (choice);
}

static char *
spin_name (KolActionPanel  *self,
           const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (self->game);
  const char *target = "";
  g_autofree char *train = NULL;

  if (a->company >= 0 && a->company < engine->n_companies)
    target = engine->title->companies[a->company].id;
  else if (a->type == KOL_ACTION_BUY_TRAIN && a->train >= 0 && a->train < engine->n_trains)
    /* the train's own id ("4H-1"): trains of one kind from two sellers
     * are two spin buttons */
    target = train = kol_engine_train_id ((KolEngine *) engine, a->train);
  else if (a->type == KOL_ACTION_DIVIDEND && a->entity.kind == KOL_ENTITY_CORP)
    target = engine->title->corps[a->entity.index].id;
  return g_strdup_printf ("%s:%s", kol_action_type_to_string (a->type), target);
}

static GtkWidget *
choice_button_new (KolActionPanel  *self,
                   const KolAction *action)
{
  g_autofree char *label = kol_game_describe_action (self->game, action);
  GtkWidget *button = gtk_button_new_with_label (label);
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  gtk_label_set_wrap (GTK_LABEL (child), TRUE);
  gtk_label_set_xalign (GTK_LABEL (child), 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "panel.choose");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", self->choices->len);
  return button;
}

/* Adds a choice to @box: a button, with a spin button for a range. */
static void
add_choice (KolActionPanel  *self,
            GtkWidget       *box,
            const KolAction *action,
            const Range     *range)
{
  Choice *choice = g_new0 (Choice, 1);

  choice->panel = self;
  choice->action = kol_action_copy (action);
  choice->button = choice_button_new (self, action);
  g_ptr_array_add (self->choices, choice);
  if (range == NULL || range->min >= range->max)
    {
      gtk_box_append (GTK_BOX (box), choice->button);
      return;
    }
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    g_autofree char *name = spin_name (self, action);
    g_autofree char *what = kol_game_describe_action (self->game, action);

    choice->spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (range->min, range->max, range->step));
    gtk_widget_set_name (GTK_WIDGET (choice->spin), name);
    gtk_spin_button_set_value (choice->spin, *value_of (choice->action));
    gtk_spin_button_set_numeric (choice->spin, TRUE);
    gtk_accessible_update_property (GTK_ACCESSIBLE (choice->spin), GTK_ACCESSIBLE_PROPERTY_LABEL, what, -1);
    gtk_widget_set_hexpand (choice->button, TRUE);
    gtk_box_append (GTK_BOX (row), GTK_WIDGET (choice->spin));
    gtk_box_append (GTK_BOX (row), choice->button);
    gtk_box_append (GTK_BOX (box), row);
    g_signal_connect (choice->spin, "value-changed", G_CALLBACK (spin_changed_cb), choice);
  }
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

static gboolean
is_map_type (KolActionType type)
{
  return type == KOL_ACTION_LAY_TILE || type == KOL_ACTION_PLACE_TOKEN || type == KOL_ACTION_RUN_ROUTES;
}

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

/* ------------------------------------------------------------- building */

/* A focused spin button updates its value when it goes away: it must not
 * reach its choice then. */
static void
disconnect_spins (KolActionPanel *self)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (choice->spin != NULL)
        g_signal_handlers_disconnect_by_data (choice->spin, choice);
    }
}

static void
clear_content (KolActionPanel *self)
{
  GtkWidget *child;

  disconnect_spins (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content_box))) != NULL)
    gtk_box_remove (self->content_box, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pass_box))) != NULL)
    gtk_box_remove (self->pass_box, child);
  g_ptr_array_set_size (self->choices, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->guidance_label), FALSE);
}

static void
update_heading (KolActionPanel *self)
{
  const KolEngine *engine = kol_game_get_engine (self->game);
  const char *name = kol_game_get_acting_entity_name (self->game);
  int corp = kol_game_get_acting_corporation (self->game);
  int shown = corp >= 0 && kol_engine_corp_parent ((KolEngine *) engine, corp) >= 0
                ? kol_engine_corp_parent ((KolEngine *) engine, corp) : corp;

  gtk_label_set_text (self->heading_label, name != NULL ? name : "");
  gtk_label_set_text (self->step_label, kol_game_get_step_name (self->game));
  gtk_widget_set_visible (self->chip, shown >= 0);
  if (shown >= 0)
    {
      g_autofree char *color = NULL;

      g_object_get (self->game, "acting-color", &color, NULL);
      kol_panel_chip_set (self->chip, color, engine->title->corps[shown].text_color, engine->title->corps[shown].id);
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
add_offer_prompt (KolActionPanel *self)
{
  g_autofree char *question = kol_game_describe_offer (self->game);
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

static gboolean
is_train_choice (const KolEngine *engine,
                 const KolAction *a)
{
  return (a->type == KOL_ACTION_BUY_TRAIN || a->type == KOL_ACTION_SCRAP_TRAIN ||
          a->type == KOL_ACTION_DISCARD_TRAIN) && a->train >= 0 && a->train < engine->n_trains;
}

/* Trains of one kind with one owner, in the same state, are the same
 * purchase (or scrapping) to a player and to the rules: the engine offers
 * each of them, the panel only the first, so that no two buttons read
 * alike. */
static gboolean
same_train_offered (KolActionPanel  *self,
                    const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (self->game);

  if (!is_train_choice (engine, a))
    return FALSE;
  for (guint i = 0; i < self->choices->len; i++)
    {
      const KolAction *b = ((Choice *) g_ptr_array_index (self->choices, i))->action;
      const KolTrain *x = &engine->trains[a->train], *y;

      if (b->type != a->type || !is_train_choice (engine, b) ||
          !kol_entity_equal (a->entity, b->entity) || g_strcmp0 (a->variant, b->variant) != 0)
        continue;
      y = &engine->trains[b->train];
      if (x->def == y->def && x->variant == y->variant && kol_entity_equal (x->owner, y->owner) &&
          x->obsolete == y->obsolete && x->rusted == y->rusted && x->operated == y->operated)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_president_share (const KolEngine *engine,
                    const KolAction *a)
{
  return (a->type == KOL_ACTION_BUY_SHARES || a->type == KOL_ACTION_SELL_SHARES) && a->n_shares > 0 &&
         a->shares[0] >= 0 && a->shares[0] < engine->n_certs && engine->certs[a->shares[0]].president;
}

/* Choices the engine words alike (1840: "Remove a Stadtbahn station
 * marker" on several hexes) are told apart by their hex. */
static void
disambiguate_labels (KolActionPanel *self)
{
  const KolTitle *title = kol_game_get_title (self->game);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->choices->len; i++)
    g_ptr_array_add (labels, g_strdup (gtk_button_get_label (GTK_BUTTON (((Choice *) self->choices->pdata[i])->button))));
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *a = g_ptr_array_index (self->choices, i);
      gboolean twin = FALSE;

      if (is_president_share (kol_game_get_engine (self->game), a->action))
        {
          for (guint k = 0; k < labels->len && !twin; k++)
            twin = k != i && g_strcmp0 (labels->pdata[i], labels->pdata[k]) == 0;
          a->president = twin;
          if (twin)
            {
              g_autofree char *label = choice_label (a);

              gtk_button_set_label (GTK_BUTTON (a->button), label);
            }
          continue;
        }
      if (is_train_choice (kol_game_get_engine (self->game), a->action) &&
          kol_game_get_engine (self->game)->trains[a->action->train].operated)
        {
          for (guint k = 0; k < labels->len && !twin; k++)
            twin = k != i && g_strcmp0 (labels->pdata[i], labels->pdata[k]) == 0;
          if (twin)
            {
              g_autofree char *label = NULL;

              a->has_run = TRUE;
              label = choice_label (a);
              gtk_button_set_label (GTK_BUTTON (a->button), label);
            }
          continue;
        }
      if (a->spin != NULL || a->action->hex < 0)
        continue;
      for (guint k = 0; k < labels->len && !twin; k++)
        twin = k != i && g_strcmp0 (labels->pdata[i], labels->pdata[k]) == 0;
      if (twin)
        {
          g_autofree char *hex = kol_panel_hex_name (title, a->action->hex);
          /* Translators: a choice and where: "Remove a station marker — Wien (I11)". */
          g_autofree char *label = g_strdup_printf (_("%s — %s"), (char *) labels->pdata[i], hex);

          gtk_button_set_label (GTK_BUTTON (a->button), label);
        }
    }
}

/* Certificates alike (same company, size and kind, same holder) are the
 * same purchase or sale to a player and to the rules: the engine offers
 * each of them, the panel only the first. */
static gboolean
same_certs (const KolEngine *engine,
            const KolAction *a,
            const KolAction *b)
{
  if (a->percent != b->percent)
    return FALSE;
  /* a sale is of a percentage of a company (two 10% or one 20%
   * certificate, the president's swapped as the rules say) */
  if (a->type == KOL_ACTION_SELL_SHARES && a->n_shares > 0 && b->n_shares > 0 && a->shares[0] >= 0 &&
      a->shares[0] < engine->n_certs && b->shares[0] >= 0 && b->shares[0] < engine->n_certs)
    return engine->certs[a->shares[0]].corp == engine->certs[b->shares[0]].corp;
  if (a->n_shares != b->n_shares)
    return FALSE;
  for (guint i = 0; i < a->n_shares; i++)
    {
      const KolCert *x, *y;

      if (a->shares[i] < 0 || a->shares[i] >= engine->n_certs || b->shares[i] < 0 || b->shares[i] >= engine->n_certs)
        return FALSE;
      x = &engine->certs[a->shares[i]];
      y = &engine->certs[b->shares[i]];
      if (x->corp != y->corp || x->percent != y->percent || x->president != y->president ||
          x->flags != y->flags || !kol_entity_equal (x->owner, y->owner))
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_shares_offered (KolActionPanel  *self,
                     const KolAction *a)
{
  const KolEngine *engine = kol_game_get_engine (self->game);

  if (a->type != KOL_ACTION_BUY_SHARES && a->type != KOL_ACTION_SELL_SHARES)
    return FALSE;
  for (guint i = 0; i < self->choices->len; i++)
    {
      const KolAction *b = ((Choice *) g_ptr_array_index (self->choices, i))->action;

      if (b->type == a->type && kol_entity_equal (a->entity, b->entity) && a->price == b->price &&
          same_certs (engine, a, b))
        return TRUE;
    }
  return FALSE;
}

/* Sections in the order the engine lists the kinds of action; passing
 * last, on its own. */
static void
build_choices (KolActionPanel *self,
               GPtrArray      *actions)
{
  g_autofree gboolean *used = g_new0 (gboolean, actions->len + 1);
  const KolTitle *title = kol_game_get_title (self->game);
  guint32 map_types = 0, done_types = 0;

  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *a = g_ptr_array_index (actions, i);

      if (is_map_type (a->type))
        map_types |= KOL_ACTION_BIT (a->type);
    }
  if (map_types != 0)
    add_map_controls (self, map_types);
  for (guint i = 0; i < actions->len; i++)
    {
      KolAction *first = g_ptr_array_index (actions, i);
      GtkWidget *section;

      if (is_map_type (first->type) || first->type == KOL_ACTION_PASS ||
          (done_types & KOL_ACTION_BIT (first->type)))
        continue;
      done_types |= KOL_ACTION_BIT (first->type);
      section = section_new (self, kol_game_word_action (title, first->type));
      for (guint k = i; k < actions->len; k++)
        {
          KolAction *a = g_ptr_array_index (actions, k);
          Range range;

          if (used[k] || a->type != first->type)
            continue;
          used[k] = TRUE;
          if (is_ranged_type (a))
            choice_range (self, actions, k, used, &range);
          if (same_train_offered (self, a) || same_shares_offered (self, a))
            continue;
          add_choice (self, section, a, is_ranged_type (a) ? &range : NULL);
        }
    }
  for (guint i = 0; i < actions->len; i++)
    if (((KolAction *) g_ptr_array_index (actions, i))->type == KOL_ACTION_PASS)
      {
        add_choice (self, GTK_WIDGET (self->pass_box), g_ptr_array_index (actions, i), NULL);
        break;
      }
  disambiguate_labels (self);
}

/* The choices scroll only past MAX_CHOICES_HEIGHT: up to there the panel
 * asks for all of them as its minimum, so that the table's side pane
 * gives it that room before the notebook under it. */
#define MAX_CHOICES_HEIGHT 300

static void
update_min_height (KolActionPanel *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->content_box));
  int natural = 0;

  gtk_widget_measure (GTK_WIDGET (self->content_box), GTK_ORIENTATION_VERTICAL, width > 0 ? width : -1,
                      NULL, &natural, NULL, NULL);
  self->sized_width = width;
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scroller),
                                              MIN (natural, MAX_CHOICES_HEIGHT));
}

static gboolean
resize_idle_cb (gpointer data)
{
  KolActionPanel *self = data;

  self->resize_idle = 0;
  update_min_height (self);
  return G_SOURCE_REMOVE;
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
  g_autoptr(GPtrArray) actions = NULL;

  g_return_if_fail (KOL_IS_ACTION_PANEL (self));

  clear_content (self);
  update_guidance (self);
  if (self->game == NULL)
    {
      gtk_label_set_text (self->heading_label, "");
      gtk_label_set_text (self->step_label, "");
      gtk_widget_set_visible (self->chip, FALSE);
    }
  else if (!kol_game_get_live (self->game))
    {
      update_heading (self);
      build_past (self);
    }
  else
    {
      update_heading (self);
      add_offer_prompt (self);
      actions = kol_game_legal_actions (self->game);
      build_choices (self, actions);
    }
  update_min_height (self);
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
  action = kol_action_copy (((Choice *) g_ptr_array_index (self->choices, index))->action);
  kol_action_panel_play (self, action);
}

/* ----------------------------------------------------------------- sizes */

/* The panel's wrapping labels make its height depend on its width, and a
 * minimum height that grows as the width shrinks is one GtkPaned and
 * GtkBox reject ("Expect overlapping widgets") when the side pane is
 * measured at widths it never gets. So the minimum height is the one at the
 * panel's minimum width, for every width; the natural height follows the
 * width. */
static void
kol_action_panel_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  KolActionPanel *self = KOL_ACTION_PANEL (widget);
  int min_width = 0, tallest = 0;

  gtk_widget_measure (self->panel_box, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation != GTK_ORIENTATION_VERTICAL)
    return;
  gtk_widget_measure (self->panel_box, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (self->panel_box, GTK_ORIENTATION_VERTICAL, min_width, &tallest, NULL, NULL, NULL);
  *minimum = MAX (*minimum, tallest);
  *natural = MAX (*natural, *minimum);
  *minimum_baseline = *natural_baseline = -1;
}

static void
kol_action_panel_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  KolActionPanel *self = KOL_ACTION_PANEL (widget);

  gtk_widget_allocate (self->panel_box, width, height, -1, NULL);
  /* the choices wrap to the width they get: their room is measured again
   * at that width, after this layout */
  if (gtk_widget_get_width (GTK_WIDGET (self->content_box)) != self->sized_width && self->resize_idle == 0)
    self->resize_idle = g_idle_add (resize_idle_cb, self);
}

/* ---------------------------------------------------------------- GObject */

static void
kol_action_panel_dispose (GObject *object)
{
  KolActionPanel *self = KOL_ACTION_PANEL (object);

  g_clear_handle_id (&self->resize_idle, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  disconnect_spins (self);
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
  g_free (self->guidance);
  g_free (self->error);
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

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-action-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, panel_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, heading_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, heading_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, step_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, guidance_label);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, content_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, pass_box);
  gtk_widget_class_bind_template_child (widget_class, KolActionPanel, error_label);
  widget_class->measure = kol_action_panel_measure;
  widget_class->size_allocate = kol_action_panel_size_allocate;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kol_action_panel_init (KolActionPanel *self)
{
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  gtk_widget_init_template (GTK_WIDGET (self));
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
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "state-changed", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
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
