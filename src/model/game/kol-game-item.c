/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"

/*
 * The list items of a game (players, companies, table rows, holdings) and
 * the bank are plain bags of read-only properties that notify when they
 * change. Their properties are tables (kol-game-private.h) read here,
 * so that each item's file says what it shows and how it is computed,
 * not how GObject stores a string.
 */

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static GParamSpec *
make_pspec (const KolItemProp *p)
{
  switch (p->type)
    {
    case KOL_ITEM_INT:
      return g_param_spec_int (p->name, NULL, NULL, p->min, G_MAXINT, p->min, FLAGS);
    case KOL_ITEM_BOOL:
      return g_param_spec_boolean (p->name, NULL, NULL, FALSE, FLAGS);
    case KOL_ITEM_STRING:
      return g_param_spec_string (p->name, NULL, NULL, NULL, FLAGS);
    case KOL_ITEM_STRV:
      return g_param_spec_boxed (p->name, NULL, NULL, G_TYPE_STRV, FLAGS);
    case KOL_ITEM_ENUM:
      return g_param_spec_enum (p->name, NULL, NULL, p->gtype (), p->min, FLAGS);
    case KOL_ITEM_OBJECT:
    default:
      return g_param_spec_object (p->name, NULL, NULL, p->gtype (), FLAGS);
    }
}

/**
 * _kol_item_install:
 * @klass: an item's class
 * @props: (array length=n_props): its properties, in property id order
 *   from 1
 * @pspecs: (out caller-allocates): the pspecs, indexed by property id
 *   (@n_props + 1 of them)
 */
void
_kol_item_install (GObjectClass      *klass,
                   const KolItemProp *props,
                   guint              n_props,
                   GParamSpec       **pspecs)
{
  pspecs[0] = NULL;
  for (guint i = 0; i < n_props; i++)
    pspecs[i + 1] = make_pspec (&props[i]);
  g_object_class_install_properties (klass, n_props + 1, pspecs);
}

void
_kol_item_get (GObject           *object,
               const KolItemProp *props,
               guint              n_props,
               guint              prop_id,
               GValue            *value,
               GParamSpec        *pspec)
{
  const KolItemProp *p;
  gpointer field;

  if (prop_id == 0 || prop_id > n_props)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  p = &props[prop_id - 1];
  field = G_STRUCT_MEMBER_P (object, p->offset);
  switch (p->type)
    {
    case KOL_ITEM_INT:
      g_value_set_int (value, *(int *) field);
      break;
    case KOL_ITEM_BOOL:
      g_value_set_boolean (value, *(gboolean *) field);
      break;
    case KOL_ITEM_STRING:
      g_value_set_string (value, *(char **) field);
      break;
    case KOL_ITEM_STRV:
      g_value_set_boxed (value, *(char ***) field);
      break;
    case KOL_ITEM_ENUM:
      g_value_set_enum (value, *(int *) field);
      break;
    case KOL_ITEM_OBJECT:
    default:
      g_value_set_object (value, *(GObject **) field);
      break;
    }
}

/**
 * _kol_item_clear:
 *
 * Frees the strings, lists and objects the properties hold, for
 * finalize.
 */
void
_kol_item_clear (GObject           *object,
                 const KolItemProp *props,
                 guint              n_props)
{
  for (guint i = 0; i < n_props; i++)
    {
      gpointer field = G_STRUCT_MEMBER_P (object, props[i].offset);

      if (props[i].type == KOL_ITEM_STRING)
        g_clear_pointer ((char **) field, g_free);
      else if (props[i].type == KOL_ITEM_STRV)
        g_clear_pointer ((char ***) field, g_strfreev);
      else if (props[i].type == KOL_ITEM_OBJECT)
        g_clear_object ((GObject **) field);
    }
}

/* ------------------------------------------------------------- trains */

static GVariant *
train_extra (const KolTitle     *title,
             int                 def,
             const char         *key,
             const GVariantType *type)
{
  GVariant *extra;

  if (def < 0 || (guint) def >= title->n_trains)
    return NULL;
  extra = title->trains[def].extra;
  if (extra == NULL || !g_variant_is_of_type (extra, G_VARIANT_TYPE_VARDICT))
    return NULL;
  return g_variant_lookup_value (extra, key, type);
}

/**
 * _kol_game_train_color:
 * @title: a title
 * @def: a train kind
 *
 * Returns: (transfer full) (nullable): the colour the title gives the kind
 *   (1840's trams: "yellow", "orange"…), or %NULL
 */
char *
_kol_game_train_color (const KolTitle *title,
                       int             def)
{
  g_autoptr(GVariant) color = train_extra (title, def, "color", G_VARIANT_TYPE_STRING);

  return color != NULL ? g_variant_dup_string (color, NULL) : NULL;
}

/**
 * _kol_game_train_buyable:
 *
 * Returns: %FALSE for kinds nobody buys (1840's imaginary Stadtbahn trams)
 */
gboolean
_kol_game_train_buyable (const KolTitle *title,
                         int             def)
{
  g_autoptr(GVariant) buyable = train_extra (title, def, "buyable", G_VARIANT_TYPE_BOOLEAN);

  return buyable == NULL || g_variant_get_boolean (buyable);
}
