/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"
#include "kol-game-words.h"

/**
 * KolGameTrain:
 *
 * One train of a #KolGame. A train keeps its identity while its name and
 * price change (1840's trams get cheaper as the stack moves).
 */
struct _KolGameTrain
{
  GObject parent_instance;

  int                 index;
  char               *name;
  char               *def_id;
  KolEntity           owner;
  char               *owner_name;
  int                 price;
  char               *variant;
  char              **variants;
  KolGameTrainStatus  status;
  gboolean            obsolete;
  gboolean            operated;
};

G_DEFINE_FINAL_TYPE (KolGameTrain, kol_game_train, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (KolGameTrainStatus, kol_game_train_status,
                    G_DEFINE_ENUM_VALUE (KOL_GAME_TRAIN_UPCOMING, "upcoming"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_TRAIN_AVAILABLE, "available"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_TRAIN_OWNED, "owned"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_TRAIN_DISCARDED, "discarded"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_TRAIN_REMOVED, "removed"))

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NAME,
  PROP_DEF_ID,
  PROP_OWNER_KIND,
  PROP_OWNER_INDEX,
  PROP_OWNER_NAME,
  PROP_PRICE,
  PROP_VARIANT,
  PROP_VARIANTS,
  PROP_STATUS,
  PROP_OBSOLETE,
  PROP_OPERATED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_train_finalize (GObject *object)
{
  KolGameTrain *self = KOL_GAME_TRAIN (object);

  g_free (self->name);
  g_free (self->def_id);
  g_free (self->owner_name);
  g_free (self->variant);
  g_strfreev (self->variants);

  G_OBJECT_CLASS (kol_game_train_parent_class)->finalize (object);
}

static void
kol_game_train_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KolGameTrain *self = KOL_GAME_TRAIN (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_int (value, self->index);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_DEF_ID:
      g_value_set_string (value, self->def_id);
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
    case PROP_PRICE:
      g_value_set_int (value, self->price);
      break;
    case PROP_VARIANT:
      g_value_set_string (value, self->variant);
      break;
    case PROP_VARIANTS:
      g_value_set_boxed (value, self->variants);
      break;
    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;
    case PROP_OBSOLETE:
      g_value_set_boolean (value, self->obsolete);
      break;
    case PROP_OPERATED:
      g_value_set_boolean (value, self->operated);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static void
kol_game_train_class_init (KolGameTrainClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_train_finalize;
  object_class->get_property = kol_game_train_get_property;

  properties[PROP_INDEX] = g_param_spec_int ("index", NULL, NULL, 0, G_MAXINT, 0, FLAGS);
  /** KolGameTrain:name: its name now ("4H", "O2") */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, FLAGS);
  /** KolGameTrain:def-id: the train type's id ("4H", "O") */
  properties[PROP_DEF_ID] = g_param_spec_string ("def-id", NULL, NULL, NULL, FLAGS);
  /** KolGameTrain:owner-kind: a #KolEntityKind (BANK: the depot) */
  properties[PROP_OWNER_KIND] = g_param_spec_int ("owner-kind", NULL, NULL, 0, G_MAXINT, 0, FLAGS);
  properties[PROP_OWNER_INDEX] = g_param_spec_int ("owner-index", NULL, NULL, -1, G_MAXINT, -1, FLAGS);
  properties[PROP_OWNER_NAME] = g_param_spec_string ("owner-name", NULL, NULL, NULL, FLAGS);
  /** KolGameTrain:price: its price now */
  properties[PROP_PRICE] = g_param_spec_int ("price", NULL, NULL, G_MININT, G_MAXINT, 0, FLAGS);
  /** KolGameTrain:variant: the variant it is now (its name) */
  properties[PROP_VARIANT] = g_param_spec_string ("variant", NULL, NULL, NULL, FLAGS);
  /** KolGameTrain:variants: every variant of its type, "name price" */
  properties[PROP_VARIANTS] = g_param_spec_boxed ("variants", NULL, NULL, G_TYPE_STRV, FLAGS);
  properties[PROP_STATUS] = g_param_spec_enum ("status", NULL, NULL, KOL_TYPE_GAME_TRAIN_STATUS,
                                               KOL_GAME_TRAIN_UPCOMING, FLAGS);
  properties[PROP_OBSOLETE] = g_param_spec_boolean ("obsolete", NULL, NULL, FALSE, FLAGS);
  /** KolGameTrain:operated: has run in the current round */
  properties[PROP_OPERATED] = g_param_spec_boolean ("operated", NULL, NULL, FALSE, FLAGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_game_train_init (KolGameTrain *self)
{
  self->owner = KOL_ENTITY_INIT_NONE;
}

KolGameTrain *
_kol_game_train_new (int index)
{
  KolGameTrain *self = g_object_new (KOL_TYPE_GAME_TRAIN, NULL);

  self->index = index;
  return self;
}

static KolGameTrainStatus
status_of (const KolTrain *t,
           gboolean        available)
{
  if (available)
    return KOL_GAME_TRAIN_AVAILABLE;
  switch (t->owner.kind)
    {
    case KOL_ENTITY_BANK:
      return t->in_depot ? KOL_GAME_TRAIN_UPCOMING : KOL_GAME_TRAIN_REMOVED;
    case KOL_ENTITY_POOL:
      return KOL_GAME_TRAIN_DISCARDED;
    case KOL_ENTITY_CORP:
      return KOL_GAME_TRAIN_OWNED;
    default:
      return KOL_GAME_TRAIN_REMOVED;
    }
}

static char **
variant_list (KolEngine         *engine,
              const KolTrainDef *def)
{
  char **list = g_new0 (char *, def->n_variants + 1);

  for (int i = 0; i < def->n_variants; i++)
    {
      g_autofree char *price = kol_game_word_money (engine->title, def->variants[i].price);

      list[i] = g_strdup_printf ("%s %s", def->variants[i].name, price);
    }
  return list;
}

void
_kol_game_train_update (KolGameTrain *self,
                        KolEngine    *engine,
                        const guint8 *available)
{
  GObject *o = G_OBJECT (self);
  const KolTrain *t = &engine->trains[self->index];
  const KolTrainDef *def = &engine->title->trains[t->def];
  int kind = self->owner.kind, index = self->owner.index;
  KolGameTrainStatus status = status_of (t, available[self->index]);

  g_object_freeze_notify (o);
  _kol_set_string (o, &self->name, g_strdup (kol_engine_train_name (engine, self->index)), properties[PROP_NAME]);
  _kol_set_string (o, &self->def_id, g_strdup (def->id), properties[PROP_DEF_ID]);
  self->owner = t->owner;
  _kol_set_int (o, &kind, t->owner.kind, properties[PROP_OWNER_KIND]);
  _kol_set_int (o, &index, t->owner.index, properties[PROP_OWNER_INDEX]);
  _kol_set_string (o, &self->owner_name,
                   t->owner.kind == KOL_ENTITY_CORP ? _kol_game_entity_name (engine, t->owner) : NULL,
                   properties[PROP_OWNER_NAME]);
  _kol_set_int (o, &self->price, kol_engine_train_price (engine, self->index), properties[PROP_PRICE]);
  _kol_set_string (o, &self->variant,
                   g_strdup (def->n_variants > 0 ? def->variants[MIN (t->variant, def->n_variants - 1)].name
                                                 : def->name),
                   properties[PROP_VARIANT]);
  _kol_set_strv (o, &self->variants, variant_list (engine, def), properties[PROP_VARIANTS]);
  if (self->status != status)
    {
      self->status = status;
      g_object_notify_by_pspec (o, properties[PROP_STATUS]);
    }
  _kol_set_bool (o, &self->obsolete, t->obsolete, properties[PROP_OBSOLETE]);
  _kol_set_bool (o, &self->operated, t->operated, properties[PROP_OPERATED]);
  g_object_thaw_notify (o);
}

const char *
kol_game_train_get_name (KolGameTrain *self)
{
  g_return_val_if_fail (KOL_IS_GAME_TRAIN (self), NULL);
  return self->name;
}

int
kol_game_train_get_price (KolGameTrain *self)
{
  g_return_val_if_fail (KOL_IS_GAME_TRAIN (self), 0);
  return self->price;
}

KolGameTrainStatus
kol_game_train_get_status (KolGameTrain *self)
{
  g_return_val_if_fail (KOL_IS_GAME_TRAIN (self), 0);
  return self->status;
}

KolEntity
kol_game_train_get_owner (KolGameTrain *self)
{
  g_return_val_if_fail (KOL_IS_GAME_TRAIN (self), KOL_ENTITY_INIT_NONE);
  return self->owner;
}

const char *
kol_game_train_get_owner_name (KolGameTrain *self)
{
  g_return_val_if_fail (KOL_IS_GAME_TRAIN (self), NULL);
  return self->owner_name;
}
