/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-panel-util.h"

#include "kol-player-card.h"
#include "kol-players-view.h"

/**
 * KolPlayersView:
 *
 * The players; see kol-players-view.h. A flow box bound to
 * kol_game_get_players(), one #KolPlayerCard per player.
 */
struct _KolPlayersView
{
  GtkWidget parent_instance;

  KolGame    *game;
  GtkFlowBox *players;
};

G_DEFINE_FINAL_TYPE (KolPlayersView, kol_players_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_card (gpointer item,
             gpointer data)
{
  KolPlayersView *self = data;

  return kol_player_card_new (self->game, item);
}

/**
 * kol_players_view_set_game:
 * @self: a view
 * @game: (nullable): the game to show
 */
void
kol_players_view_set_game (KolPlayersView *self,
                           KolGame        *game)
{
  g_return_if_fail (KOL_IS_PLAYERS_VIEW (self));
  g_return_if_fail (game == NULL || KOL_IS_GAME (game));

  if (self->game == game)
    return;
  gtk_flow_box_bind_model (self->players, NULL, NULL, NULL, NULL);
  g_set_object (&self->game, game);
  if (game != NULL)
    gtk_flow_box_bind_model (self->players, kol_game_get_players (game), create_card, self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KolGame *
kol_players_view_get_game (KolPlayersView *self)
{
  g_return_val_if_fail (KOL_IS_PLAYERS_VIEW (self), NULL);
  return self->game;
}

/**
 * kol_players_view_find_card:
 * @self: a view
 * @player: a player index (seat)
 *
 * Returns: (transfer none) (nullable): the #KolPlayerCard of that player
 */
GtkWidget *
kol_players_view_find_card (KolPlayersView *self,
                            int             player)
{
  g_return_val_if_fail (KOL_IS_PLAYERS_VIEW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->players)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *card = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (KOL_IS_PLAYER_CARD (card) &&
          kol_game_player_get_index (kol_player_card_get_player (KOL_PLAYER_CARD (card))) == player)
        return card;
    }
  return NULL;
}

static void
kol_players_view_dispose (GObject *object)
{
  KolPlayersView *self = KOL_PLAYERS_VIEW (object);

  if (self->players != NULL)
    gtk_flow_box_bind_model (self->players, NULL, NULL, NULL, NULL);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KOL_TYPE_PLAYERS_VIEW);
  /* template children without an id stay parented otherwise */
  kol_panel_unparent_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (kol_players_view_parent_class)->dispose (object);
}

static void
kol_players_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KolPlayersView *self = KOL_PLAYERS_VIEW (object);

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
kol_players_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KolPlayersView *self = KOL_PLAYERS_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kol_players_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kol_players_view_class_init (KolPlayersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kol_players_view_dispose;
  object_class->get_property = kol_players_view_get_property;
  object_class->set_property = kol_players_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KOL_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KOL_TYPE_PLAYER_CARD);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/kol-players-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KolPlayersView, players);
  gtk_widget_class_set_css_name (widget_class, "kol-players-view");
}

static void
kol_players_view_init (KolPlayersView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * kol_players_view_new:
 * @game: (nullable): the game to show
 *
 * Returns: (transfer floating): a new view
 */
GtkWidget *
kol_players_view_new (KolGame *game)
{
  return g_object_new (KOL_TYPE_PLAYERS_VIEW, "game", game, NULL);
}
