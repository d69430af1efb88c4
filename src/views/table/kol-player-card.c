/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-shares.h"
#include "kol-panel-util.h"
#include "kol-player-card.h"
#include "kol-game-words.h"
#include "kol-view-util.h"

/**
 * KolPlayerCard:
 *
 * A player; see kol-player-card.h. The header is in the template; the
 * facts (one row per company held, then the totals) are rebuilt after
 * every change.
 */
struct _KolPlayerCard
{
  GtkWidget parent_instance;

  KolGame       *game;
  KolGamePlayer *player;

  GtkLabel *order_badge;
  GtkLabel *name_label;
  GtkLabel *priority_label;
  GtkLabel *acting_label;
  GtkLabel *cash_label;
  GtkGrid  *facts;
};

G_DEFINE_FINAL_TYPE (KolPlayerCard, kol_player_card, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
value_label (const char *text,
             gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
add_row (KolPlayerCard *self,
         int           *row,
         GtkWidget     *name,
         const char    *value)
{
  GtkWidget *text = value_label (value, FALSE);

  gtk_accessible_update_relation (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  name, NULL, -1);
  gtk_grid_attach (self->facts, name, 0, *row, 1, 1);
  gtk_grid_attach (self->facts, text, 1, *row, 1, 1);
  (*row)++;
}

static void
add_money_row (KolPlayerCard *self,
               int           *row,
               const char    *term,
               int            amount)
{
  g_autofree char *money = kol_panel_money (self->game, amount);

  add_row (self, row, value_label (term, TRUE), money);
}

/* One row per company the player holds shares of, in the game's order. */
static void
add_share_rows (KolPlayerCard *self,
                KolEngine     *engine,
                int            player,
                int           *row)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, player);

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];
      const KolCorpDef *def;
      g_autofree char *text = NULL;
      int percent;

      if (c < 0 || c >= engine->n_corps || (percent = kol_engine_percent_of (engine, me, c)) == 0)
        continue;
      def = &engine->title->corps[c];
      if (kol_corp_is_president (engine, c, me))
        /* Translators: shares a player holds, and that the player is the
         * company's president (1840: director): "30% · President". */
        text = g_strdup_printf (_("%d%% · %s"), percent, kol_game_word (engine->title, KOL_WORD_PRESIDENT));
      else
        text = g_strdup_printf ("%d%%", percent);
      add_row (self, row, kol_panel_chip_new (def->color, def->text_color, def->id), text);
    }
}

static char *
privates_text (KolEngine *engine,
               int        player)
{
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), companies,
                                   G_N_ELEMENTS (companies));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      const KolCompanyDef *def = &engine->title->companies[companies[i]];

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", kol_game_word_text (&def->name));
    }
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

static void
add_certificates_row (KolPlayerCard *self,
                      KolEngine     *engine,
                      int            player,
                      int           *row)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, player);
  int count = kol_shares_num_certs (engine, me);
  int limit = kol_shares_cert_limit (engine, player);
  g_autofree char *text = g_strdup_printf ("%d/%d", count, limit);
  GtkWidget *name = value_label (_("Certificates"), TRUE);
  GtkWidget *value;

  add_row (self, row, name, text);
  value = gtk_grid_get_child_at (self->facts, 1, *row - 1);
  if (count > limit)
    {
      /* Translators: a player holds more certificates than the limit. */
      gtk_widget_set_tooltip_text (value, _("Over the certificate limit"));
      gtk_widget_add_css_class (value, "error");
      gtk_widget_add_css_class (value, "kol-over-limit");
    }
  else if (count == limit)
    gtk_widget_add_css_class (value, "warning");
}

static void
refresh_facts (KolPlayerCard *self,
               KolEngine     *engine,
               int            player)
{
  g_autofree char *privates = privates_text (engine, player);
  KolScoreParts parts;
  int row = 0;

  kol_panel_score_parts (engine, player, &parts);
  kol_panel_clear_box (GTK_WIDGET (self->facts));
  add_share_rows (self, engine, player, &row);
  add_certificates_row (self, engine, player, &row);
  if (privates != NULL)
    add_row (self, &row, value_label (kol_game_word (engine->title, KOL_WORD_PRIVATE_COMPANIES), TRUE), privates);
  if (engine->players[player].loans > 0)
    {
      g_autofree char *loans = g_strdup_printf ("%d", engine->players[player].loans);

      add_row (self, &row, value_label (kol_game_word (engine->title, KOL_WORD_LOANS), TRUE), loans);
    }
  add_money_row (self, &row, kol_game_word (engine->title, KOL_WORD_NET_WORTH), parts.total);
}

/* The player's place in the turn order (1-based), 0 when out. */
static int
turn_position (KolEngine *engine,
               int        player)
{
  for (int i = 0; i < engine->n_players; i++)
    if (engine->player_order[i] == player)
      return i + 1;
  return 0;
}

static void
refresh_header (KolPlayerCard *self,
                KolEngine     *engine,
                int            player)
{
  g_autofree char *cash = kol_panel_money (self->game, engine->players[player].cash);
  g_autofree char *order = g_strdup_printf ("%d", turn_position (engine, player));
  /* Translators: the badge of a player: their place in the turn order. */
  g_autofree char *tip = g_strdup_printf (_("%d. in the turn order"), turn_position (engine, player));
  gboolean acting = kol_game_player_get_acting (self->player);

  gtk_label_set_text (self->name_label, engine->players[player].name);
  gtk_label_set_text (self->cash_label, cash);
  gtk_label_set_text (self->order_badge, order);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->order_badge), tip);
  gtk_label_set_text (self->priority_label, kol_game_word (engine->title, KOL_WORD_PRIORITY_DEAL));
  gtk_widget_set_visible (GTK_WIDGET (self->priority_label), engine->player_order[0] == player && !engine->finished);
  gtk_widget_set_visible (GTK_WIDGET (self->acting_label), acting);
  if (acting)
    gtk_widget_add_css_class (GTK_WIDGET (self), "kol-acting");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "kol-acting");
  if (engine->players[player].bankrupt)
    gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  engine->players[player].name, -1);
}

static void
refresh (KolPlayerCard *self)
{
  KolEngine *engine;
  int player;

  if (self->game == NULL || self->player == NULL)
    return;
  engine = kol_panel_engine (self->game);
  player = kol_game_player_get_index (self->player);
  if (player < 0 || player >= engine->n_players)
    return;
  refresh_header (self, engine, player);
  refresh_facts (self, engine, player);
}

/* ------------------------------------------------------------- GObject */

static void
set_game (KolPlayerCard *self,
          KolGame       *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "state-changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
set_player (KolPlayerCard *self,
            KolGamePlayer *player)
{
  if (self->player == player)
    return;
  if (self->player != NULL)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_set_object (&self->player, player);
  if (player != NULL)
    g_signal_connect_object (player, "notify::acting", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}

static void
kol_player_card_dispose (GObject *object)
{
  KolPlayerCard *self = KOL_PLAYER_CARD (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->player != NULL)
    g_signal_handlers_disconnect_by_data (self->player, self);
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
