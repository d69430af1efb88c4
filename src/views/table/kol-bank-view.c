/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-bank-view.h"
#include "kol-game-words.h"
#include "kol-panel-util.h"

/**
 * KolBankView:
 *
 * The bank, pool, depot, round and phase; see kol-bank-view.h. Everything
 * shown is the game's #KolGameBank: the facts are labels bound to its
 * properties, the depot and the phase table follow its row lists, the
 * round track is built when the title's track is and marks its current
 * step when that changes.
 */
struct _KolBankView
{
  GtkWidget parent_instance;

  KolGame       *game;
  GBinding      *round_binding;
  GBinding      *phase_binding;
  GBindingGroup *bindings;
  GSignalGroup  *signals;
  int            track_index;

  GtkLabel   *round_label;
  GtkLabel   *phase_label;
  GtkWidget  *track_box;
  GtkLabel   *track_heading;
  GtkFlowBox *track;
  GtkGrid    *money;
  GtkWidget  *bank_fact;
  GtkWidget  *pool_fact;
  GtkWidget  *discarded_fact;
  GtkLabel   *depot_heading;
  GtkLabel   *now_heading;
  GtkGrid    *now_grid;
  GtkLabel   *later_heading;
  GtkGrid    *later_grid;
  GtkWidget  *depot_empty;
  GtkWidget  *next;
  GtkLabel   *phases_heading;
  GtkGrid    *phases;
};

G_DEFINE_FINAL_TYPE (KolBankView, kol_bank_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static KolGameBank *
bank_of (KolBankView *self)
{
  return self->game != NULL ? kol_game_get_bank (self->game) : NULL;
}

/* --------------------------------------------------------------- depot */

static void
depot_changed (KolBankView *self)
{
  KolGameBank *bank = bank_of (self);
  guint now = bank != NULL ? g_list_model_get_n_items (kol_game_bank_get_depot_now (bank)) : 0;
  guint later = bank != NULL ? g_list_model_get_n_items (kol_game_bank_get_depot_later (bank)) : 0;

  gtk_widget_set_visible (GTK_WIDGET (self->now_heading), now > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->later_heading), later > 0);
  gtk_widget_set_visible (self->depot_empty, now + later == 0);
}

/* What buying the first train of each kind still to come changes, a line
 * each; a fresh box each time: GTK 4.8 keeps the size request mode a box
 * had when it was empty, so wrapping lines added later to the same box
 * were measured one line high and ran over the phase table. */
static void
effects_changed (KolBankView *self)
{
  const char * const *effects = kol_game_bank_get_effects (bank_of (self));
  GtkWidget *parent = gtk_widget_get_parent (self->next);
  GtkWidget *previous = gtk_widget_get_prev_sibling (self->next);  /* the heading */
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  for (guint i = 0; effects != NULL && effects[i] != NULL; i++)
    {
      GtkWidget *line = gtk_label_new (effects[i]);

      gtk_label_set_xalign (GTK_LABEL (line), 0);
      gtk_label_set_wrap (GTK_LABEL (line), TRUE);
      gtk_box_append (GTK_BOX (box), line);
    }
  if (effects == NULL || effects[0] == NULL)
    {
      /* Translators: buying trains (trams) changes no phase and rusts nothing. */
      GtkWidget *none = gtk_label_new (_("Buying trains changes nothing else now."));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (box), none);
    }
  gtk_accessible_update_relation (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_RELATION_LABELLED_BY, previous, NULL, -1);
  gtk_box_remove (GTK_BOX (parent), self->next);
  gtk_box_insert_child_after (GTK_BOX (parent), box, previous);
  self->next = box;
}

/* -------------------------------------------------------- round track */

static void
track_index_changed (KolBankView *self)
{
  int current = kol_game_bank_get_round_track_index (bank_of (self));
  int i = 0;

  self->track_index = current;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->track)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *label = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      kol_panel_set_css_class (label, "kol-current", i == current);
      kol_panel_set_css_class (label, "kol-past", i < current);
      gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_SELECTED, i == current, -1);
    }
}

static void
track_changed (KolBankView *self)
{
  const char * const *steps = kol_game_bank_get_round_track (bank_of (self));
  guint n = steps != NULL ? g_strv_length ((char **) steps) : 0;

  kol_panel_clear_box (GTK_WIDGET (self->track));
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *label = gtk_label_new (steps[i]);

      gtk_widget_add_css_class (label, "kol-track-step");
      gtk_flow_box_append (self->track, label);
    }
  gtk_widget_set_visible (self->track_box, n > 0);
  track_index_changed (self);
}

/* -------------------------------------------------------------- phases */

static void
phase_heading (KolBankView *self)
{
  const KolTitle *title = kol_game_get_title (self->game);
  const char *heads[4] = {
    /* Translators: column heading of the phase table. */
    C_("phase table", "Phase"),
    C_("phase table", "Tiles"),
    kol_game_word (title, KOL_WORD_TRAIN_LIMIT),
    kol_game_word (title, KOL_WORD_OPERATING_ROUNDS),
  };

  for (int i = 0; i < 4; i++)
    {
      GtkWidget *head = gtk_label_new (heads[i]);

      gtk_label_set_xalign (GTK_LABEL (head), 0);
      gtk_widget_add_css_class (head, "dim-label");
      gtk_widget_add_css_class (head, "caption-heading");
      gtk_grid_attach (self->phases, head, i, 0, 1, 1);
    }
}

/* ------------------------------------------------------------- binding */

static gboolean
phase_text (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      data)
{
  /* Translators: the current phase ("Phase 6H"). */
  g_value_take_string (to, g_strdup_printf (_("Phase %s"), g_value_get_string (from)));
  return TRUE;
}

static void
set_terms (KolBankView *self)
{
  const KolTitle *title = kol_game_get_title (self->game);

  kol_panel_fact_set_term (self->bank_fact, kol_game_word (title, KOL_WORD_BANK));
  kol_panel_fact_set_term (self->pool_fact, kol_game_word (title, KOL_WORD_POOL));
  gtk_label_set_text (self->depot_heading, kol_game_word (title, KOL_WORD_TRAINS));
  gtk_label_set_text (self->now_heading, kol_game_word (title, KOL_WORD_AVAILABLE_TRAINS));
  gtk_label_set_text (self->later_heading, kol_game_word (title, KOL_WORD_FUTURE_TRAINS));
  gtk_label_set_text (self->track_heading, kol_game_word (title, KOL_WORD_ROUND_TRACK));
  gtk_label_set_text (self->phases_heading, kol_game_word (title, KOL_WORD_PHASES));
}

static void
unbind (KolBankView *self)
{
  KolGameBank *bank = bank_of (self);

  g_clear_pointer (&self->round_binding, g_binding_unbind);
  g_clear_pointer (&self->phase_binding, g_binding_unbind);
  g_binding_group_set_source (self->bindings, NULL);
  g_signal_group_set_target (self->signals, NULL);
  if (bank != NULL)
    {
      g_signal_handlers_disconnect_by_data (kol_game_bank_get_depot_now (bank), self);
      g_signal_handlers_disconnect_by_data (kol_game_bank_get_depot_later (bank), self);
    }
  kol_panel_rows_bind (self->now_grid, NULL, 0);
  kol_panel_rows_bind (self->later_grid, NULL, 0);
  kol_panel_rows_bind (self->phases, NULL, 1);
  kol_panel_clear_box (GTK_WIDGET (self->phases));
}

static void
bind (KolBankView *self)
{
  KolGameBank *bank = bank_of (self);

  self->round_binding = g_object_bind_property (self->game, "round-name", self->round_label, "label",
                                                G_BINDING_SYNC_CREATE);
  self->phase_binding = g_object_bind_property_full (self->game, "phase-name", self->phase_label, "label",
                                                     G_BINDING_SYNC_CREATE, phase_text, NULL, NULL, NULL);
  set_terms (self);
  g_binding_group_set_source (self->bindings, bank);
  g_signal_group_set_target (self->signals, bank);
  kol_panel_rows_bind (self->now_grid, kol_game_bank_get_depot_now (bank), 0);
  kol_panel_rows_bind (self->later_grid, kol_game_bank_get_depot_later (bank), 0);
  phase_heading (self);
  kol_panel_rows_bind (self->phases, kol_game_bank_get_phases (bank), 1);
  g_signal_connect_object (kol_game_bank_get_depot_now (bank), "items-changed", G_CALLBACK (depot_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (kol_game_bank_get_depot_later (bank), "items-changed", G_CALLBACK (depot_changed), self,
                           G_CONNECT_SWAPPED);
  depot_changed (self);
  effects_changed (self);
  track_changed (self);
}

/**
 * kol_bank_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_bank_view_set_game (KolBankView *self,
                        KolGame     *game)
{
  g_return_if_fail (KOL_IS_BANK_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  unbind (self);
  g_set_object (&self->game, game);
  if (game != NULL)
    bind (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_bank_view_get_game (KolBankView *self)
{
  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), NULL);
  return self->game;
}

/**
 * kol_bank_view_dup_next_train:
 * @self: a view
 *
 * Returns: (transfer full) (nullable): the name of the first train (tram)
 *   the depot sells next, as shown
 */
char *
kol_bank_view_dup_next_train (KolBankView *self)
{
  GtkWidget *first;

  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), NULL);
  first = gtk_grid_get_child_at (self->now_grid, 0, 0);
  return GTK_IS_LABEL (first) ? g_strdup (gtk_label_get_text (GTK_LABEL (first))) : NULL;
}

/**
 * kol_bank_view_get_track_index:
 * @self: a view
 *
 * Returns: the step of the round track marked current, -1 when none
 */
int
kol_bank_view_get_track_index (KolBankView *self)
{
  g_return_val_if_fail (KOL_IS_BANK_VIEW (self), -1);
  return self->track_index;
}

static void
kol_bank_view_dispose (GObject *object)
{
  KolBankView *self = KOL_BANK_VIEW (object);

  if (self->bindings != NULL)
    unbind (self);
  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_BANK_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_bank_view_parent_class)->dispose (object);
}

static void
kol_bank_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  KolBankView *self = KOL_BANK_VIEW (object);

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
kol_bank_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  KolBankView *self = KOL_BANK_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_bank_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_bank_view_class_init (KolBankViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_bank_view_dispose;
  object_class->get_property = kol_bank_view_get_property;
  object_class->set_property = kol_bank_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-bank-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolBankView, round_label);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track_box);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, track);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, money);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, depot_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, now_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, now_grid);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, later_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, later_grid);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, depot_empty);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, next);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phases_heading);
  gtk_widget_class_bind_template_child (widget_class, KolBankView, phases);
  gtk_widget_class_set_css_name (widget_class, "kol-bank-view");
}

static void
kol_bank_view_init (KolBankView *self)
{
  self->track_index = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->bindings = g_binding_group_new ();
  self->signals = g_signal_group_new (KOL_TYPE_GAME_BANK);
  self->bank_fact = kol_panel_fact_new (self->money, 0, "", FALSE);
  self->pool_fact = kol_panel_fact_new (self->money, 1, "", FALSE);
  /* Translators: trains (1840: trams) discarded to the pool, on sale. */
  self->discarded_fact = kol_panel_fact_new (self->money, 2, _("Discarded"), FALSE);
  g_binding_group_bind (self->bindings, "bank-text", self->bank_fact, "label", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->bindings, "pool-text", self->pool_fact, "label", G_BINDING_SYNC_CREATE);
  kol_panel_bind_fact (self->bindings, "discarded-text", self->discarded_fact);
  g_signal_group_connect_swapped (self->signals, "notify::effects", G_CALLBACK (effects_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::round-track", G_CALLBACK (track_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::round-track-index", G_CALLBACK (track_index_changed),
                                  self);
}

/**
 * kol_bank_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_bank_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_BANK_VIEW, "game", game, NULL);
}
