/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"

/**
 * KolGameCertificate:
 *
 * One certificate of a #KolGame. Its owner is a player, a corporation (its
 * treasury when the corporation holds itself), the pool or nobody (a
 * closed corporation's).
 */
struct _KolGameCertificate
{
  GObject parent_instance;

  int       index;
  int       corp;
  char     *corp_name;
  int       percent;
  gboolean  president;
  KolEntity owner;
  char     *owner_name;
};

G_DEFINE_FINAL_TYPE (KolGameCertificate, kol_game_certificate, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_CORP,
  PROP_CORP_NAME,
  PROP_PERCENT,
  PROP_PRESIDENT,
  PROP_OWNER_KIND,
  PROP_OWNER_INDEX,
  PROP_OWNER_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_certificate_finalize (GObject *object)
{
  KolGameCertificate *self = KOL_GAME_CERTIFICATE (object);

  g_free (self->corp_name);
  g_free (self->owner_name);

  G_OBJECT_CLASS (kol_game_certificate_parent_class)->finalize (object);
}

static void
kol_game_certificate_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  KolGameCertificate *self = KOL_GAME_CERTIFICATE (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_int (value, self->index);
      break;
    case PROP_CORP:
      g_value_set_int (value, self->corp);
      break;
    case PROP_CORP_NAME:
      g_value_set_string (value, self->corp_name);
      break;
    case PROP_PERCENT:
      g_value_set_int (value, self->percent);
      break;
    case PROP_PRESIDENT:
      g_value_set_boolean (value, self->president);
      break;
    case PROP_OWNER_KIND:
      g_value_set_int (value, self->owner.kind);
      break;
    case PROP_OWNER_INDEX:
      g_value_set_int (value, self->owner.index);
      break;
    case PROP_OWNER_NAME:
      g_value_set_string (value, self->owner_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static void
kol_game_certificate_class_init (KolGameCertificateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_certificate_finalize;
  object_class->get_property = kol_game_certificate_get_property;

  properties[PROP_INDEX] = g_param_spec_int ("index", NULL, NULL, 0, G_MAXINT, 0, FLAGS);
  /** KolGameCertificate:corp: the corporation's index */
  properties[PROP_CORP] = g_param_spec_int ("corp", NULL, NULL, -1, G_MAXINT, -1, FLAGS);
  properties[PROP_CORP_NAME] = g_param_spec_string ("corp-name", NULL, NULL, NULL, FLAGS);
  properties[PROP_PERCENT] = g_param_spec_int ("percent", NULL, NULL, 0, 100, 0, FLAGS);
  /** KolGameCertificate:president: the president's (director's)
   * certificate */
  properties[PROP_PRESIDENT] = g_param_spec_boolean ("president", NULL, NULL, FALSE, FLAGS);
  /** KolGameCertificate:owner-kind: a #KolEntityKind */
  properties[PROP_OWNER_KIND] = g_param_spec_int ("owner-kind", NULL, NULL, 0, G_MAXINT, 0, FLAGS);
  properties[PROP_OWNER_INDEX] = g_param_spec_int ("owner-index", NULL, NULL, -1, G_MAXINT, -1, FLAGS);
  properties[PROP_OWNER_NAME] = g_param_spec_string ("owner-name", NULL, NULL, NULL, FLAGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_game_certificate_init (KolGameCertificate *self)
{
  self->corp = -1;
  self->owner = KOL_ENTITY_INIT_NONE;
}

KolGameCertificate *
_kol_game_certificate_new (int index)
{
  KolGameCertificate *self = g_object_new (KOL_TYPE_GAME_CERTIFICATE, NULL);

  self->index = index;
  return self;
}

void
_kol_game_certificate_update (KolGameCertificate *self,
                              KolEngine          *engine)
{
  GObject *o = G_OBJECT (self);
  const KolCert *c = &engine->certs[self->index];
  int kind = self->owner.kind, index = self->owner.index;

  g_object_freeze_notify (o);
  _kol_set_int (o, &self->corp, c->corp, properties[PROP_CORP]);
  _kol_set_string (o, &self->corp_name, _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, c->corp)),
                   properties[PROP_CORP_NAME]);
  _kol_set_int (o, &self->percent, c->percent, properties[PROP_PERCENT]);
  _kol_set_bool (o, &self->president, c->president, properties[PROP_PRESIDENT]);
  self->owner = c->owner;
  _kol_set_int (o, &kind, c->owner.kind, properties[PROP_OWNER_KIND]);
  _kol_set_int (o, &index, c->owner.index, properties[PROP_OWNER_INDEX]);
  _kol_set_string (o, &self->owner_name, _kol_game_entity_name (engine, c->owner), properties[PROP_OWNER_NAME]);
  g_object_thaw_notify (o);
}

int
kol_game_certificate_get_corp (KolGameCertificate *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CERTIFICATE (self), -1);
  return self->corp;
}

int
kol_game_certificate_get_percent (KolGameCertificate *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CERTIFICATE (self), 0);
  return self->percent;
}

gboolean
kol_game_certificate_get_president (KolGameCertificate *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CERTIFICATE (self), FALSE);
  return self->president;
}

KolEntity
kol_game_certificate_get_owner (KolGameCertificate *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CERTIFICATE (self), KOL_ENTITY_INIT_NONE);
  return self->owner;
}

const char *
kol_game_certificate_get_owner_name (KolGameCertificate *self)
{
  g_return_val_if_fail (KOL_IS_GAME_CERTIFICATE (self), NULL);
  return self->owner_name;
}
