/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-panel-util.h"
#include "kol-player-card.h"

/**
 * KolPlayerCard:
 *
 * A player; see kol-player-card.h. The header is in the template; the
 * facts are rows of a grid made once and bound to the player's properties
 * (a #GBindingGroup whose source is the player), so that a change of one
 * fact updates one label. The rows of the companies held follow the
 * player's holdings list.
 */
struct _KolPlayerCard
{
  GtkWidget parent_instance;

  KolGame       *game;
  KolGamePlayer *player;
  GBindingGroup *bindings;
  GSignalGroup  *signals;
  GListModel    *holdings;
  int            n_holdings;

  GtkLabel  *order_badge;
  GtkLabel  *name_label;
  GtkLabel  *priority_label;
  GtkLabel  *acting_label;
  GtkLabel  *cash_label;
  GtkGrid   *facts;
  GtkWidget *certificates;
  GtkWidget *privates;
  GtkWidget *loans;
  GtkWidget *bids;
  GtkWidget *net_worth;
};

G_DEFINE_FINAL_TYPE (KolPlayerCard, kol_player_card, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ----------------------------------------------------------- holdings */

static GtkWidget *
holding_row (KolPlayerCard  *self,
             KolGameHolding *holding,
             int             row)
{
  GtkWidget *chip = kol_panel_company_chip_new (kol_game_holding_get_company (holding));
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  g_object_bind_property (holding, "text", text, "label", G_BINDING_SYNC_CREATE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_RELATION_LABELLED_BY, chip, NULL, -1);
  gtk_grid_attach (self->facts, chip, 0, row, 1, 1);
  gtk_grid_attach (self->facts, text, 1, row, 1, 1);
  return text;
}

/* The first rows of the grid are the companies held, in the game's order. */
static void
holdings_changed (GListModel    *holdings,
                  guint          position,
                  guint          removed,
                  guint          added,
                  KolPlayerCard *self)
{
  for (guint i = 0; i < removed; i++)
    gtk_grid_remove_row (self->facts, (int) position);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(KolGameHolding) holding = g_list_model_get_item (holdings, position + i);

      gtk_grid_insert_row (self->facts, (int) (position + i));
      holding_row (self, holding, (int) (position + i));
    }
  self->n_holdings += (int) added - (int) removed;
}

static void
set_holdings (KolPlayerCard *self,
              GListModel    *holdings)
{
  if (self->holdings != NULL)
    {
      holdings_changed (self->holdings, 0, (guint) self->n_holdings, 0, self);
      g_signal_handlers_disconnect_by_data (self->holdings, self);
    }
  g_set_object (&self->holdings, holdings);
  if (holdings == NULL)
    return;
  g_signal_connect_object (holdings, "items-changed", G_CALLBACK (holdings_changed), self, 0);
  holdings_changed (holdings, 0, 0, g_list_model_get_n_items (holdings), self);
}

/* ------------------------------------------------------- other facts */

static void
acting_changed (KolPlayerCard *self)
{
  gboolean acting = kol_game_player_get_acting (self->player);

  gtk_widget_set_visible (GTK_WIDGET (self->acting_label), acting);
  kol_panel_set_css_class (GTK_WIDGET (self), "kol-acting", acting);
}

static void
limit_changed (KolPlayerCard *self)
{
  gboolean at = FALSE, over = FALSE;

  g_object_get (self->player, "at-limit", &at, "over-limit", &over, NULL);
  /* Translators: a player holds more certificates than the limit. */
  gtk_widget_set_tooltip_text (self->certificates, over ? _("Over the certificate limit") : NULL);
  kol_panel_set_css_class (self->certificates, "error", over);
  kol_panel_set_css_class (self->certificates, "kol-over-limit", over);
  kol_panel_set_css_class (self->certificates, "warning", at);
}

static void
bankrupt_changed (KolPlayerCard *self)
{
  gboolean bankrupt = FALSE;

  g_object_get (self->player, "bankrupt", &bankrupt, NULL);
  kol_panel_set_css_class (GTK_WIDGET (self), "dim-label", bankrupt);
}

static void
name_changed (KolPlayerCard *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kol_game_player_get_name (self->player), -1);
}

static gboolean
order_text (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      data)
{
  g_value_take_string (to, g_strdup_printf ("%d", g_value_get_int (from) + 1));
  return TRUE;
}

static gboolean
order_tooltip (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      data)
{
  /* Translators: the badge of a player: their place in the turn order. */
  g_value_take_string (to, g_strdup_printf (_("%d. in the turn order"), g_value_get_int (from) + 1));
  return TRUE;
}

/* A name keeps up to this many characters whole: the badges beside it
 * (the priority deal, "to act", long in Russian) give way first. */
#define WHOLE_NAME_CHARS 32

static void
name_label_changed (GtkLabel *label)
{
  int length = (int) g_utf8_strlen (gtk_label_get_label (label), -1);

  /* an ellipsized label's minimum width is its width-chars */
  gtk_label_set_width_chars (label, MIN (length + 1, WHOLE_NAME_CHARS));
}

/* The words that are the title's, once per game. */
static void
update_terms (KolPlayerCard *self)
{
  const KolTitle *title = self->game != NULL ? kol_game_get_title (self->game) : NULL;

  gtk_label_set_text (self->priority_label, kol_game_word (title, KOL_WORD_PRIORITY_DEAL));
  /* the rulebook's word for the priority deal (1840: «первый игрок») is
   * not self-explaining: the title says what it means */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->priority_label),
                               kol_game_word_id (title, "priority_deal_tooltip",
                                                 _("Acts first in the next stock round")));
  kol_panel_fact_set_term (self->privates, kol_game_word (title, KOL_WORD_PRIVATE_COMPANIES));
  kol_panel_fact_set_term (self->loans, kol_game_word (title, KOL_WORD_LOANS));
  kol_panel_fact_set_term (self->net_worth, kol_game_word (title, KOL_WORD_NET_WORTH));
}

static void
bind_facts (KolPlayerCard *self)
{
  GBindingGroup *b = self->bindings;

  g_binding_group_bind (b, "name", self->name_label, "label", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (b, "cash-text", self->cash_label, "label", G_BINDING_SYNC_CREATE);
  g_binding_group_bind (b, "priority", self->priority_label, "visible", G_BINDING_SYNC_CREATE);
  g_binding_group_bind_full (b, "order", self->order_badge, "label", G_BINDING_SYNC_CREATE, order_text, NULL, NULL,
                             NULL);
  g_binding_group_bind_full (b, "order", self->order_badge, "tooltip-text", G_BINDING_SYNC_CREATE, order_tooltip,
                             NULL, NULL, NULL);
  g_binding_group_bind (b, "certificates-text", self->certificates, "label", G_BINDING_SYNC_CREATE);
  kol_panel_bind_fact (b, "privates-text", self->privates);
  kol_panel_bind_nonzero (b, "loans", self->loans);
  kol_panel_bind_fact (b, "bids-text", self->bids);
  g_binding_group_bind (b, "net-worth-text", self->net_worth, "label", G_BINDING_SYNC_CREATE);
  g_signal_group_connect_swapped (self->signals, "notify::acting", G_CALLBACK (acting_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::at-limit", G_CALLBACK (limit_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::over-limit", G_CALLBACK (limit_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::bankrupt", G_CALLBACK (bankrupt_changed), self);
  g_signal_group_connect_swapped (self->signals, "notify::name", G_CALLBACK (name_changed), self);
}

/* ------------------------------------------------------------- GObject */

static void
set_game (KolPlayerCard *self,
          KolGame       *game)
{
  if (!g_set_object (&self->game, game))
    return;
  update_terms (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
set_player (KolPlayerCard *self,
            KolGamePlayer *player)
{
  if (!g_set_object (&self->player, player))
    return;
  g_binding_group_set_source (self->bindings, player);
  g_signal_group_set_target (self->signals, player);
  set_holdings (self, player != NULL ? kol_game_player_get_holdings (player) : NULL);
  if (player != NULL)
    {
      acting_changed (self);
      limit_changed (self);
      bankrupt_changed (self);
      name_changed (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}

static void
kol_player_card_dispose (GObject *object)
{
  KolPlayerCard *self = KOL_PLAYER_CARD (object);

  if (self->bindings != NULL)
    g_binding_group_set_source (self->bindings, NULL);
  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  if (self->holdings != NULL)
    g_signal_handlers_disconnect_by_data (self->holdings, self);
  g_clear_object (&self->holdings);
  g_clear_object (&self->bindings);
  g_clear_object (&self->signals);
  g_clear_object (&self->game);
  g_clear_object (&self->player);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_PLAYER_CARD);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_player_card_parent_class)->dispose (object);
}

static void
kol_player_card_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KolPlayerCard *self = KOL_PLAYER_CARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PLAYER:
      g_value_set_object (value, self->player);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_player_card_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KolPlayerCard *self = KOL_PLAYER_CARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      set_game (self, g_value_get_object (value));
      break;
    case PROP_PLAYER:
      set_player (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_player_card_class_init (KolPlayerCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_player_card_dispose;
  object_class->get_property = kol_player_card_get_property;
  object_class->set_property = kol_player_card_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] =
    g_param_spec_object ("player", NULL, NULL, KOL_TYPE_GAME_PLAYER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-player-card.ui");
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, order_badge);
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, priority_label);
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, acting_label);
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, cash_label);
  gtk_widget_class_bind_template_child (widget_class, KolPlayerCard, facts);
  gtk_widget_class_set_css_name (widget_class, "kol-player-card");
}

static void
kol_player_card_init (KolPlayerCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->name_label, "notify::label", G_CALLBACK (name_label_changed), NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->acting_label), gtk_label_get_label (self->acting_label));
  self->bindings = g_binding_group_new ();
  self->signals = g_signal_group_new (KOL_TYPE_GAME_PLAYER);
  self->certificates = kol_panel_fact_new (self->facts, 0, _("Certificates"), FALSE);
  self->privates = kol_panel_fact_new (self->facts, 1, "", FALSE);
  self->loans = kol_panel_fact_new (self->facts, 2, "", FALSE);
  /* Translators: a row of a player's card: the cash their open bids hold. */
  self->bids = kol_panel_fact_new (self->facts, 3, C_("player", "Bids"), FALSE);
  self->net_worth = kol_panel_fact_new (self->facts, 4, "", FALSE);
  bind_facts (self);
  update_terms (self);
}

/**
 * kol_player_card_new:
 * @game: the game
 * @player: an item of kol_game_get_players()
 *
 * Returns: (transfer floating): a new card
 */
GtkWidget *
kol_player_card_new (KolGame       *game,
                     KolGamePlayer *player)
{
  return g_object_new (KOL_TYPE_PLAYER_CARD, "game", game, "player", player, NULL);
}

KolGamePlayer *
kol_player_card_get_player (KolPlayerCard *self)
{
  g_return_val_if_fail (KOL_IS_PLAYER_CARD (self), NULL);
  return self->player;
}
