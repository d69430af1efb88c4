/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-shares.h"
#include "kol-game-private.h"
#include "kol-state-dump.h"

/**
 * KolGamePlayer:
 *
 * One player of a #KolGame: cash, certificates against the limit, net
 * worth (the score the title counts), place in the turn order, loans.
 */
struct _KolGamePlayer
{
  GObject parent_instance;

  int      index;
  char    *name;
  int      cash;
  int      n_certs;
  int      cert_limit;
  int      net_worth;
  gboolean priority;
  int      order;
  int      loans;
  gboolean bankrupt;
  gboolean passed;
  gboolean acting;
};

G_DEFINE_FINAL_TYPE (KolGamePlayer, kol_game_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NAME,
  PROP_CASH,
  PROP_N_CERTS,
  PROP_CERT_LIMIT,
  PROP_NET_WORTH,
  PROP_PRIORITY,
  PROP_ORDER,
  PROP_LOANS,
  PROP_BANKRUPT,
  PROP_PASSED,
  PROP_ACTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_player_finalize (GObject *object)
{
  KolGamePlayer *self = KOL_GAME_PLAYER (object);

  g_free (self->name);

  G_OBJECT_CLASS (kol_game_player_parent_class)->finalize (object);
}

static void
kol_game_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KolGamePlayer *self = KOL_GAME_PLAYER (object);

  switch (prop_id)
    {
    case PROP_INDEX: g_value_set_int (value, self->index); break;
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_CASH: g_value_set_int (value, self->cash); break;
    case PROP_N_CERTS: g_value_set_int (value, self->n_certs); break;
    case PROP_CERT_LIMIT: g_value_set_int (value, self->cert_limit); break;
    case PROP_NET_WORTH: g_value_set_int (value, self->net_worth); break;
    case PROP_PRIORITY: g_value_set_boolean (value, self->priority); break;
    case PROP_ORDER: g_value_set_int (value, self->order); break;
    case PROP_LOANS: g_value_set_int (value, self->loans); break;
    case PROP_BANKRUPT: g_value_set_boolean (value, self->bankrupt); break;
    case PROP_PASSED: g_value_set_boolean (value, self->passed); break;
    case PROP_ACTING: g_value_set_boolean (value, self->acting); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
int_param (const char *name,
           int         min)
{
  return g_param_spec_int (name, NULL, NULL, min, G_MAXINT, MAX (min, 0),
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
bool_param (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
kol_game_player_class_init (KolGamePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_player_finalize;
  object_class->get_property = kol_game_player_get_property;

  /** KolGamePlayer:index: the seat, as the engine numbers players */
  properties[PROP_INDEX] = int_param ("index", 0);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
  /** KolGamePlayer:cash: the player's money (may be negative after a
   * title's penalty) */
  properties[PROP_CASH] = int_param ("cash", G_MININT);
  /** KolGamePlayer:n-certs: certificates counting against the limit */
  properties[PROP_N_CERTS] = int_param ("n-certs", 0);
  properties[PROP_CERT_LIMIT] = int_param ("cert-limit", 0);
  /** KolGamePlayer:net-worth: the player's value as the title scores it */
  properties[PROP_NET_WORTH] = int_param ("net-worth", G_MININT);
  /** KolGamePlayer:priority: has the priority deal (1840: plays first) */
  properties[PROP_PRIORITY] = bool_param ("priority");
  /** KolGamePlayer:order: 0-based place in the current turn order */
  properties[PROP_ORDER] = int_param ("order", 0);
  properties[PROP_LOANS] = int_param ("loans", 0);
  properties[PROP_BANKRUPT] = bool_param ("bankrupt");
  /** KolGamePlayer:passed: has passed in the current round */
  properties[PROP_PASSED] = bool_param ("passed");
  /** KolGamePlayer:acting: acts now, or presides the company acting now */
  properties[PROP_ACTING] = bool_param ("acting");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_game_player_init (KolGamePlayer *self)
{
}

KolGamePlayer *
_kol_game_player_new (int index)
{
  KolGamePlayer *self = g_object_new (KOL_TYPE_GAME_PLAYER, NULL);

  self->index = index;
  return self;
}

static int
order_of (KolEngine *engine,
          int        player)
{
  for (int i = 0; i < engine->n_players; i++)
    if (engine->player_order[i] == player)
      return i;
  return player;
}

void
_kol_game_player_update (KolGamePlayer *self,
                         KolEngine     *engine,
                         KolEntity      acting)
{
  GObject *o = G_OBJECT (self);
  const KolPlayer *p = &engine->players[self->index];
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, self->index);

  g_object_freeze_notify (o);
  _kol_set_string (o, &self->name, g_strdup (p->name), properties[PROP_NAME]);
  _kol_set_int (o, &self->cash, p->cash, properties[PROP_CASH]);
  _kol_set_int (o, &self->n_certs, kol_shares_num_certs (engine, me), properties[PROP_N_CERTS]);
  _kol_set_int (o, &self->cert_limit, kol_shares_cert_limit (engine, self->index), properties[PROP_CERT_LIMIT]);
  _kol_set_int (o, &self->net_worth, kol_state_player_value (engine, self->index), properties[PROP_NET_WORTH]);
  _kol_set_bool (o, &self->priority, engine->priority_deal == self->index, properties[PROP_PRIORITY]);
  _kol_set_int (o, &self->order, order_of (engine, self->index), properties[PROP_ORDER]);
  _kol_set_int (o, &self->loans, p->loans, properties[PROP_LOANS]);
  _kol_set_bool (o, &self->bankrupt, p->bankrupt, properties[PROP_BANKRUPT]);
  _kol_set_bool (o, &self->passed, p->passed, properties[PROP_PASSED]);
  _kol_set_bool (o, &self->acting, acting.kind == KOL_ENTITY_PLAYER && acting.index == self->index,
                 properties[PROP_ACTING]);
  g_object_thaw_notify (o);
}

int
kol_game_player_get_index (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), -1);
  return self->index;
}

const char *
kol_game_player_get_name (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), NULL);
  return self->name;
}

int
kol_game_player_get_cash (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->cash;
}

int
kol_game_player_get_n_certs (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->n_certs;
}

int
kol_game_player_get_cert_limit (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->cert_limit;
}

int
kol_game_player_get_net_worth (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->net_worth;
}

gboolean
kol_game_player_get_priority (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), FALSE);
  return self->priority;
}

int
kol_game_player_get_order (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->order;
}

int
kol_game_player_get_loans (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->loans;
}

gboolean
kol_game_player_get_acting (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), FALSE);
  return self->acting;
}
