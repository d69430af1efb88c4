/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-info.h"
#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-engine-shares.h"
#include "kol-game-private.h"
#include "kol-game-words.h"

/**
 * KolGameCompany:
 *
 * One corporation, line or private company of a #KolGame: its charter's
 * treasury, trains, tokens, shares in its treasury and in the pool, its
 * president or director, the lines it owns and their revenue pile (1840),
 * its bonds and markers such as the E-token (1849), for a private its
 * owner, value and revenue.
 */
struct _KolGameCompany
{
  GObject parent_instance;

  KolEntity entity;
  KolGameCompanyKind kind;
  char    *type;
  char    *id;
  char    *name;
  char    *short_name;
  char    *color;
  char    *text_color;
  int      treasury;
  int      price;
  int      par;
  char   **trains;
  int      tokens_left;
  int      tokens_total;
  int      shares_treasury;
  int      shares_pool;
  int      president;
  char    *president_name;
  char    *owner_name;
  int      parent;
  char   **lines;
  int      revenue_pile;
  int      bonds;
  char   **extras;
  gboolean floated;
  gboolean ipoed;
  gboolean closed;
  gboolean removed;
  gboolean operated;
  int      value;
  int      revenue;
  gboolean acting;
  int      operating_order;
};

G_DEFINE_FINAL_TYPE (KolGameCompany, kol_game_company, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (KolGameCompanyKind, kol_game_company_kind,
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_CORPORATION, "corporation"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_LINE, "line"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_CITY, "city"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_PRIVATE, "private"))

enum {
  PROP_0,
  PROP_INDEX,
  PROP_KIND,
  PROP_TYPE,
  PROP_ID,
  PROP_NAME,
  PROP_SHORT_NAME,
  PROP_COLOR,
  PROP_TEXT_COLOR,
  PROP_TREASURY,
  PROP_PRICE,
  PROP_PAR,
  PROP_TRAINS,
  PROP_TOKENS_LEFT,
  PROP_TOKENS_TOTAL,
  PROP_SHARES_TREASURY,
  PROP_SHARES_POOL,
  PROP_PRESIDENT,
  PROP_PRESIDENT_NAME,
  PROP_OWNER_NAME,
  PROP_PARENT,
  PROP_LINES,
  PROP_REVENUE_PILE,
  PROP_BONDS,
  PROP_EXTRAS,
  PROP_FLOATED,
  PROP_IPOED,
  PROP_CLOSED,
  PROP_REMOVED,
  PROP_OPERATED,
  PROP_VALUE,
  PROP_REVENUE,
  PROP_ACTING,
  PROP_OPERATING_ORDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_company_finalize (GObject *object)
{
  KolGameCompany *self = KOL_GAME_COMPANY (object);

  g_free (self->type);
  g_free (self->id);
  g_free (self->name);
  g_free (self->short_name);
  g_free (self->color);
  g_free (self->text_color);
  g_strfreev (self->trains);
  g_free (self->president_name);
  g_free (self->owner_name);
  g_strfreev (self->lines);
  g_strfreev (self->extras);

  G_OBJECT_CLASS (kol_game_company_parent_class)->finalize (object);
}

static void
kol_game_company_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KolGameCompany *self = KOL_GAME_COMPANY (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_int (value, self->entity.index);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_TYPE:
      g_value_set_string (value, self->type);
      break;
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_SHORT_NAME:
      g_value_set_string (value, self->short_name);
      break;
    case PROP_COLOR:
      g_value_set_string (value, self->color);
      break;
    case PROP_TEXT_COLOR:
      g_value_set_string (value, self->text_color);
      break;
    case PROP_TREASURY:
      g_value_set_int (value, self->treasury);
      break;
    case PROP_PRICE:
      g_value_set_int (value, self->price);
      break;
    case PROP_PAR:
      g_value_set_int (value, self->par);
      break;
    case PROP_TRAINS:
      g_value_set_boxed (value, self->trains);
      break;
    case PROP_TOKENS_LEFT:
      g_value_set_int (value, self->tokens_left);
      break;
    case PROP_TOKENS_TOTAL:
      g_value_set_int (value, self->tokens_total);
      break;
    case PROP_SHARES_TREASURY:
      g_value_set_int (value, self->shares_treasury);
      break;
    case PROP_SHARES_POOL:
      g_value_set_int (value, self->shares_pool);
      break;
    case PROP_PRESIDENT:
      g_value_set_int (value, self->president);
      break;
    case PROP_PRESIDENT_NAME:
      g_value_set_string (value, self->president_name);
      break;
    case PROP_OWNER_NAME:
      g_value_set_string (value, self->owner_name);
      break;
    case PROP_PARENT:
      g_value_set_int (value, self->parent);
      break;
    case PROP_LINES:
      g_value_set_boxed (value, self->lines);
      break;
    case PROP_REVENUE_PILE:
      g_value_set_int (value, self->revenue_pile);
      break;
    case PROP_BONDS:
      g_value_set_int (value, self->bonds);
      break;
    case PROP_EXTRAS:
      g_value_set_boxed (value, self->extras);
      break;
    case PROP_FLOATED:
      g_value_set_boolean (value, self->floated);
      break;
    case PROP_IPOED:
      g_value_set_boolean (value, self->ipoed);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->closed);
      break;
    case PROP_REMOVED:
      g_value_set_boolean (value, self->removed);
      break;
    case PROP_OPERATED:
      g_value_set_boolean (value, self->operated);
      break;
    case PROP_VALUE:
      g_value_set_int (value, self->value);
      break;
    case PROP_REVENUE:
      g_value_set_int (value, self->revenue);
      break;
    case PROP_ACTING:
      g_value_set_boolean (value, self->acting);
      break;
    case PROP_OPERATING_ORDER:
      g_value_set_int (value, self->operating_order);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#define FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static GParamSpec *
int_param (const char *name,
           int         min,
           int         fallback)
{
  return g_param_spec_int (name, NULL, NULL, min, G_MAXINT, fallback, FLAGS);
}

static void
kol_game_company_class_init (KolGameCompanyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_company_finalize;
  object_class->get_property = kol_game_company_get_property;

  /** KolGameCompany:index: the corporation's or private's index in the
   * engine (see #KolGameCompany:kind) */
  properties[PROP_INDEX] = int_param ("index", 0, 0);
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, KOL_TYPE_GAME_COMPANY_KIND,
                                             KOL_GAME_COMPANY_CORPORATION, FLAGS);
  /** KolGameCompany:type: the title data's type ("public", "major",
   * "line", "city"; "private" for privates) */
  properties[PROP_TYPE] = g_param_spec_string ("type", NULL, NULL, NULL, FLAGS);
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, FLAGS);
  /** KolGameCompany:name: the full name, in the user's language */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, FLAGS);
  /** KolGameCompany:short-name: what logs call it ("ATA", "Line 5") */
  properties[PROP_SHORT_NAME] = g_param_spec_string ("short-name", NULL, NULL, NULL, FLAGS);
  /** KolGameCompany:color: "#rrggbb", or %NULL for privates */
  properties[PROP_COLOR] = g_param_spec_string ("color", NULL, NULL, NULL, FLAGS);
  properties[PROP_TEXT_COLOR] = g_param_spec_string ("text-color", NULL, NULL, NULL, FLAGS);
  properties[PROP_TREASURY] = int_param ("treasury", G_MININT, 0);
  /** KolGameCompany:price: the share price, -1 before it has one */
  properties[PROP_PRICE] = int_param ("price", -1, -1);
  /** KolGameCompany:par: the par price, -1 before it has one */
  properties[PROP_PAR] = int_param ("par", -1, -1);
  /** KolGameCompany:trains: the names of its trains (trams) */
  properties[PROP_TRAINS] = g_param_spec_boxed ("trains", NULL, NULL, G_TYPE_STRV, FLAGS);
  properties[PROP_TOKENS_LEFT] = int_param ("tokens-left", 0, 0);
  properties[PROP_TOKENS_TOTAL] = int_param ("tokens-total", 0, 0);
  /** KolGameCompany:shares-treasury: percent of itself in its treasury
   * (its IPO) */
  properties[PROP_SHARES_TREASURY] = int_param ("shares-treasury", 0, 0);
  /** KolGameCompany:shares-pool: percent in the bank pool (Share Pool) */
  properties[PROP_SHARES_POOL] = int_param ("shares-pool", 0, 0);
  /** KolGameCompany:president: the president's or director's player
   * index; for a private, its owner if a player; -1 when none */
  properties[PROP_PRESIDENT] = int_param ("president", -1, -1);
  properties[PROP_PRESIDENT_NAME] = g_param_spec_string ("president-name", NULL, NULL, NULL, FLAGS);
  /** KolGameCompany:owner-name: who owns it: a private's owner, a line's
   * tram company; %NULL for none */
  properties[PROP_OWNER_NAME] = g_param_spec_string ("owner-name", NULL, NULL, NULL, FLAGS);
  /** KolGameCompany:parent: the corporation owning it (1840: a line's
   * tram company), -1 */
  properties[PROP_PARENT] = int_param ("parent", -1, -1);
  /** KolGameCompany:lines: the names of the companies it owns (1840) */
  properties[PROP_LINES] = g_param_spec_boxed ("lines", NULL, NULL, G_TYPE_STRV, FLAGS);
  /** KolGameCompany:revenue-pile: the cash of the companies it owns, kept
   * on its charter (1840's revenue pile) */
  properties[PROP_REVENUE_PILE] = int_param ("revenue-pile", G_MININT, 0);
  /** KolGameCompany:bonds: bonds issued (1849 variant) */
  properties[PROP_BONDS] = int_param ("bonds", 0, 0);
  /** KolGameCompany:extras: markers it holds (1849's E-token), translated */
  properties[PROP_EXTRAS] = g_param_spec_boxed ("extras", NULL, NULL, G_TYPE_STRV, FLAGS);
  properties[PROP_FLOATED] = g_param_spec_boolean ("floated", NULL, NULL, FALSE, FLAGS);
  /** KolGameCompany:ipoed: started (parred), so on the market */
  properties[PROP_IPOED] = g_param_spec_boolean ("ipoed", NULL, NULL, FALSE, FLAGS);
  properties[PROP_CLOSED] = g_param_spec_boolean ("closed", NULL, NULL, FALSE, FLAGS);
  /** KolGameCompany:removed: not in this game (configuration) */
  properties[PROP_REMOVED] = g_param_spec_boolean ("removed", NULL, NULL, FALSE, FLAGS);
  properties[PROP_OPERATED] = g_param_spec_boolean ("operated", NULL, NULL, FALSE, FLAGS);
  /** KolGameCompany:value: a private's value (face value, or less after
   * an auction discount) */
  properties[PROP_VALUE] = int_param ("value", G_MININT, 0);
  /** KolGameCompany:revenue: a private's revenue, or a corporation's
   * last run */
  properties[PROP_REVENUE] = int_param ("revenue", G_MININT, 0);
  /** KolGameCompany:acting: acts now */
  properties[PROP_ACTING] = g_param_spec_boolean ("acting", NULL, NULL, FALSE, FLAGS);
  /** KolGameCompany:operating-order: 0-based place in the operating order
   * (floated corporations), -1 */
  properties[PROP_OPERATING_ORDER] = int_param ("operating-order", -1, -1);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kol_game_company_init (KolGameCompany *self)
{
  self->price = -1;
  self->par = -1;
  self->president = -1;
  self->parent = -1;
  self->operating_order = -1;
}

KolGameCompany *
_kol_game_company_new (KolEntity entity)
{
  KolGameCompany *self = g_object_new (KOL_TYPE_GAME_COMPANY, NULL);

  self->entity = entity;
  return self;
}

static KolGameCompanyKind
kind_of_type (const char *type)
{
  if (g_strcmp0 (type, "line") == 0)
    return KOL_GAME_COMPANY_LINE;
  if (g_strcmp0 (type, "city") == 0)
    return KOL_GAME_COMPANY_CITY;
  return KOL_GAME_COMPANY_CORPORATION;
}

static char **
train_names (KolEngine *engine,
             KolEntity  owner)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, KOL_MAX_TRAINS);
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = g_strdup (kol_engine_train_name (engine, trains[i]));
  return names;
}

static int
tokens_left (const KolCorp *c)
{
  int left = 0;

  for (int i = 0; i < c->n_tokens; i++)
    left += c->tokens[i].hex < 0 && !c->tokens[i].used;
  return left;
}

/* Companies whose parent is @corp: their names and their cash. */
static char **
children (KolEngine *engine,
          int        corp,
          int       *cash)
{
  GPtrArray *names = g_ptr_array_new ();

  *cash = 0;
  for (int c = 0; c < engine->n_corps; c++)
    if (c != corp && kol_engine_corp_parent (engine, c) == corp && !engine->corps[c].closed)
      {
        g_ptr_array_add (names, _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, c)));
        *cash += engine->corps[c].cash;
      }
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

static char **
markers (KolEngine *engine,
         int        corp)
{
  const char *ids[8];
  int n = kol_engine_corp_markers (engine, corp, ids, G_N_ELEMENTS (ids));
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = g_strdup (kol_game_word_marker (engine->title, ids[i]));
  return names;
}

static int
par_price (KolEngine     *engine,
           const KolCorp *c)
{
  if (c->par_row < 0 || c->par_col < 0)
    return -1;
  return kol_market_cell_price (engine, kol_cell (c->par_row, c->par_col));
}

static int
operating_position (KolEngine *engine,
                    int        corp)
{
  KolEntity order[KOL_MAX_CORPS];
  int n = kol_operating_order (engine, order, KOL_MAX_CORPS);

  for (int i = 0; i < n; i++)
    if (order[i].kind == KOL_ENTITY_CORP && order[i].index == corp)
      return i;
  return -1;
}

static void
update_corp (KolGameCompany *self,
             KolEngine      *engine,
             int             operating_order)
{
  GObject *o = G_OBJECT (self);
  int corp = self->entity.index;
  const KolCorpDef *def = &engine->title->corps[corp];
  const KolCorp *c = &engine->corps[corp];
  KolEntity me = self->entity;
  int parent = kol_engine_corp_parent (engine, corp);
  int pile = 0;
  char **lines = children (engine, corp, &pile);

  self->kind = kind_of_type (def->type);
  _kol_set_string (o, &self->type, g_strdup (def->type), properties[PROP_TYPE]);
  _kol_set_string (o, &self->id, g_strdup (def->id), properties[PROP_ID]);
  _kol_set_string (o, &self->name, g_strdup (kol_game_word_text (&def->name)), properties[PROP_NAME]);
  _kol_set_string (o, &self->short_name, _kol_game_entity_name (engine, me), properties[PROP_SHORT_NAME]);
  _kol_set_string (o, &self->color, g_strdup (def->color), properties[PROP_COLOR]);
  _kol_set_string (o, &self->text_color, g_strdup (def->text_color), properties[PROP_TEXT_COLOR]);
  _kol_set_int (o, &self->treasury, c->cash, properties[PROP_TREASURY]);
  _kol_set_int (o, &self->price, c->ipoed && !c->closed ? kol_market_corp_price (engine, corp) : -1,
                properties[PROP_PRICE]);
  _kol_set_int (o, &self->par, c->ipoed ? par_price (engine, c) : -1, properties[PROP_PAR]);
  _kol_set_strv (o, &self->trains, train_names (engine, me), properties[PROP_TRAINS]);
  _kol_set_int (o, &self->tokens_left, tokens_left (c), properties[PROP_TOKENS_LEFT]);
  _kol_set_int (o, &self->tokens_total, c->n_tokens, properties[PROP_TOKENS_TOTAL]);
  _kol_set_int (o, &self->shares_treasury, kol_corp_ipo_percent (engine, corp), properties[PROP_SHARES_TREASURY]);
  _kol_set_int (o, &self->shares_pool, kol_corp_pool_percent (engine, corp), properties[PROP_SHARES_POOL]);
  _kol_set_int (o, &self->president, c->owner.kind == KOL_ENTITY_PLAYER ? c->owner.index : -1,
                properties[PROP_PRESIDENT]);
  _kol_set_string (o, &self->president_name,
                   c->owner.kind == KOL_ENTITY_PLAYER ? _kol_game_entity_name (engine, c->owner) : NULL,
                   properties[PROP_PRESIDENT_NAME]);
  _kol_set_string (o, &self->owner_name,
                   parent >= 0 ? _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, parent)) :
                   c->owner.kind != KOL_ENTITY_NONE ? _kol_game_entity_name (engine, c->owner) : NULL,
                   properties[PROP_OWNER_NAME]);
  _kol_set_int (o, &self->parent, parent, properties[PROP_PARENT]);
  _kol_set_strv (o, &self->lines, lines, properties[PROP_LINES]);
  _kol_set_int (o, &self->revenue_pile, pile, properties[PROP_REVENUE_PILE]);
  _kol_set_int (o, &self->bonds, c->loans, properties[PROP_BONDS]);
  _kol_set_strv (o, &self->extras, markers (engine, corp), properties[PROP_EXTRAS]);
  _kol_set_bool (o, &self->floated, c->floated, properties[PROP_FLOATED]);
  _kol_set_bool (o, &self->ipoed, c->ipoed, properties[PROP_IPOED]);
  _kol_set_bool (o, &self->closed, c->closed, properties[PROP_CLOSED]);
  _kol_set_bool (o, &self->removed, c->removed, properties[PROP_REMOVED]);
  _kol_set_bool (o, &self->operated, c->operated, properties[PROP_OPERATED]);
  _kol_set_int (o, &self->revenue, c->last_revenue, properties[PROP_REVENUE]);
  _kol_set_int (o, &self->operating_order, operating_order, properties[PROP_OPERATING_ORDER]);
}

static void
update_private (KolGameCompany *self,
                KolEngine      *engine)
{
  GObject *o = G_OBJECT (self);
  int company = self->entity.index;
  const KolCompanyDef *def = &engine->title->companies[company];
  const KolCompany *c = &engine->companies[company];
  KolEntity owner = c->owner;

  self->kind = KOL_GAME_COMPANY_PRIVATE;
  _kol_set_string (o, &self->type, g_strdup ("private"), properties[PROP_TYPE]);
  _kol_set_string (o, &self->id, g_strdup (def->id), properties[PROP_ID]);
  _kol_set_string (o, &self->name, g_strdup (kol_game_word_text (&def->name)), properties[PROP_NAME]);
  _kol_set_string (o, &self->short_name, g_strdup (def->short_name != NULL ? def->short_name : def->id),
                   properties[PROP_SHORT_NAME]);
  _kol_set_int (o, &self->president, owner.kind == KOL_ENTITY_PLAYER ? owner.index : -1,
                properties[PROP_PRESIDENT]);
  _kol_set_string (o, &self->president_name,
                   owner.kind == KOL_ENTITY_PLAYER ? _kol_game_entity_name (engine, owner) : NULL,
                   properties[PROP_PRESIDENT_NAME]);
  _kol_set_string (o, &self->owner_name,
                   owner.kind == KOL_ENTITY_PLAYER || owner.kind == KOL_ENTITY_CORP
                     ? _kol_game_entity_name (engine, owner) : NULL,
                   properties[PROP_OWNER_NAME]);
  _kol_set_bool (o, &self->closed, c->closed, properties[PROP_CLOSED]);
  _kol_set_int (o, &self->value, c->value, properties[PROP_VALUE]);
  _kol_set_int (o, &self->revenue, c->revenue, properties[PROP_REVENUE]);
}

void
_kol_game_company_update (KolGameCompany *self,
                          KolEngine      *engine,
                          KolEntity       acting)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->entity.kind == KOL_ENTITY_CORP)
    update_corp (self, engine, operating_position (engine, self->entity.index));
  else
    update_private (self, engine);
  _kol_set_bool (G_OBJECT (self), &self->acting, kol_entity_equal (acting, self->entity),
                 properties[PROP_ACTING]);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * kol_game_company_get_entity:
 *
 * Returns: the engine entity (a corporation or a private company)
 */
KolEntity
kol_game_company_get_entity (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), KOL_ENTITY_INIT_NONE);
  return self->entity;
}

KolGameCompanyKind
kol_game_company_get_kind (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), 0);
  return self->kind;
}

const char *
kol_game_company_get_id (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return self->id;
}

const char *
kol_game_company_get_name (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return self->name;
}

const char *
kol_game_company_get_short_name (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return self->short_name;
}

const char *
kol_game_company_get_color (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return self->color;
}

int
kol_game_company_get_treasury (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), 0);
  return self->treasury;
}

int
kol_game_company_get_price (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), -1);
  return self->price;
}

int
kol_game_company_get_president (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), -1);
  return self->president;
}

const char * const *
kol_game_company_get_trains (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return (const char * const *) self->trains;
}

const char * const *
kol_game_company_get_extras (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return (const char * const *) self->extras;
}

gboolean
kol_game_company_get_acting (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), FALSE);
  return self->acting;
}
