/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-game-private.h"

/**
 * KolGameHolding:
 *
 * A player's shares of one company; see kol-game-holding.h.
 */
struct _KolGameHolding
{
  GObject parent_instance;

  KolGameCompany *company;
  int             percent;
  gboolean        president;
  char           *text;
};

G_DEFINE_FINAL_TYPE (KolGameHolding, kol_game_holding, G_TYPE_OBJECT)

static const KolItemProp props[] = {
  { "company", KOL_ITEM_OBJECT, KOL_ITEM_FIELD (KolGameHolding, company), 0, kol_game_company_get_type },
  { "percent", KOL_ITEM_INT, KOL_ITEM_FIELD (KolGameHolding, percent) },
  /** KolGameHolding:president: the president's (director's) certificate is
   * among the shares */
  { "president", KOL_ITEM_BOOL, KOL_ITEM_FIELD (KolGameHolding, president) },
  /** KolGameHolding:text: the holding in words: "30% · President" */
  { "text", KOL_ITEM_STRING, KOL_ITEM_FIELD (KolGameHolding, text) },
};

enum { PROP_0, PROP_COMPANY, PROP_PERCENT, PROP_PRESIDENT, PROP_TEXT, N_PROPS };

static GParamSpec *properties[N_PROPS];

static void
kol_game_holding_finalize (GObject *object)
{
  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  G_OBJECT_CLASS (kol_game_holding_parent_class)->finalize (object);
}

static void
kol_game_holding_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_holding_class_init (KolGameHoldingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_holding_finalize;
  object_class->get_property = kol_game_holding_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_holding_init (KolGameHolding *self)
{
}

KolGameHolding *
_kol_game_holding_new (KolGameCompany *company)
{
  KolGameHolding *self = g_object_new (KOL_TYPE_GAME_HOLDING, NULL);

  self->company = g_object_ref (company);
  return self;
}

/* Takes @text. */
void
_kol_game_holding_update (KolGameHolding *self,
                          int             percent,
                          gboolean        president,
                          char           *text)
{
  GObject *o = G_OBJECT (self);

  g_object_freeze_notify (o);
  _kol_set_int (o, &self->percent, percent, properties[PROP_PERCENT]);
  _kol_set_bool (o, &self->president, president, properties[PROP_PRESIDENT]);
  _kol_set_string (o, &self->text, text, properties[PROP_TEXT]);
  g_object_thaw_notify (o);
}

KolGameCompany *
kol_game_holding_get_company (KolGameHolding *self)
{
  g_return_val_if_fail (KOL_IS_GAME_HOLDING (self), NULL);
  return self->company;
}

int
kol_game_holding_get_percent (KolGameHolding *self)
{
  g_return_val_if_fail (KOL_IS_GAME_HOLDING (self), 0);
  return self->percent;
}

gboolean
kol_game_holding_get_president (KolGameHolding *self)
{
  g_return_val_if_fail (KOL_IS_GAME_HOLDING (self), FALSE);
  return self->president;
}

const char *
kol_game_holding_get_text (KolGameHolding *self)
{
  g_return_val_if_fail (KOL_IS_GAME_HOLDING (self), NULL);
  return self->text;
}
