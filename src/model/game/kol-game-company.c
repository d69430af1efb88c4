/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-info.h"
#include "kol-engine-market.h"
#include "kol-engine-operating.h"
#include "kol-engine-shares.h"
#include "kol-game-private.h"
#include "kol-game-words.h"

/**
 * KolGameCompany:
 *
 * One corporation, line or private company of a #KolGame, as its charter
 * shows it: treasury, share price and par value, where its shares are,
 * its president or director, trains (with the train that will rust or
 * obsolete them), station markers, the lines it owns (1840), bonds and
 * markers such as the E-token (1849), its place in the operating order;
 * for a private its owner, value, revenue and description; the bids open
 * on it in an auction.
 */
struct _KolGameCompany
{
  GObject parent_instance;

  KolEntity            entity;
  int                  index;
  KolGameCompanyKind   kind;
  KolGameCompanyStatus status;
  char                *status_text;
  char                *type;
  char                *id;
  char                *name;
  char                *short_name;
  char                *color;
  char                *text_color;
  char                *description;
  int                  treasury;
  char                *treasury_text;
  int                  price;
  char                *price_text;
  int                  par;
  char                *par_text;
  char               **trains;
  char                *trains_markup;
  char                *trains_brief_markup;
  int                  tokens_left;
  int                  tokens_total;
  char                *tokens_text;
  int                  shares_treasury;
  int                  shares_pool;
  char                *shares_text;
  int                  president;
  char                *president_name;
  char                *owner_name;
  int                  parent;
  char               **lines;
  int                  revenue_pile;
  char                *revenue_pile_text;
  int                  bonds;
  char               **extras;
  char                *extras_text;
  char                *privates_text;
  char                *home_text;
  gboolean             floated;
  gboolean             ipoed;
  gboolean             closed;
  gboolean             removed;
  gboolean             operated;
  int                  value;
  char                *value_text;
  int                  revenue;
  char                *revenue_text;
  gboolean             acting;
  int                  operating_order;
  int                  order_badge;
  char               **bids;
  gboolean             auctioning;
  GListStore          *subsidiaries;
};

G_DEFINE_FINAL_TYPE (KolGameCompany, kol_game_company, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (KolGameCompanyKind, kol_game_company_kind,
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_CORPORATION, "corporation"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_LINE, "line"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_CITY, "city"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_PRIVATE, "private"))
G_DEFINE_ENUM_TYPE (KolGameCompanyStatus, kol_game_company_status,
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_ACTIVE, "active"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_NOT_STARTED, "not-started"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_NOT_FLOATED, "not-floated"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_CLOSED, "closed"),
                    G_DEFINE_ENUM_VALUE (KOL_GAME_COMPANY_REMOVED, "removed"))

#define F(field) KOL_ITEM_FIELD (KolGameCompany, field)

static const KolItemProp props[] = {
  /** KolGameCompany:index: the corporation's or private's index in the
   * engine (see #KolGameCompany:kind) */
  { "index", KOL_ITEM_INT, F (index) },
  { "kind", KOL_ITEM_ENUM, F (kind), KOL_GAME_COMPANY_CORPORATION, kol_game_company_kind_get_type },
  { "status", KOL_ITEM_ENUM, F (status), KOL_GAME_COMPANY_ACTIVE, kol_game_company_status_get_type },
  /** KolGameCompany:status-text: the status in words ("not floated",
   * "not in this game"), %NULL while in play */
  { "status-text", KOL_ITEM_STRING, F (status_text) },
  /** KolGameCompany:type: the title data's type ("public", "major",
   * "line", "city"; "private" for privates) */
  { "type", KOL_ITEM_STRING, F (type) },
  { "id", KOL_ITEM_STRING, F (id) },
  /** KolGameCompany:name: the full name, in the user's language */
  { "name", KOL_ITEM_STRING, F (name) },
  /** KolGameCompany:short-name: what logs call it ("ATA", "Line 5"); a
   * private's short name ("P1") */
  { "short-name", KOL_ITEM_STRING, F (short_name) },
  /** KolGameCompany:color: "#rrggbb", or %NULL for privates */
  { "color", KOL_ITEM_STRING, F (color) },
  { "text-color", KOL_ITEM_STRING, F (text_color) },
  /** KolGameCompany:description: what a private company does */
  { "description", KOL_ITEM_STRING, F (description) },
  { "treasury", KOL_ITEM_INT, F (treasury), G_MININT },
  { "treasury-text", KOL_ITEM_STRING, F (treasury_text) },
  /** KolGameCompany:price: the share price, -1 before it has one */
  { "price", KOL_ITEM_INT, F (price), -1 },
  { "price-text", KOL_ITEM_STRING, F (price_text) },
  /** KolGameCompany:par: the par value it was started at, -1 before */
  { "par", KOL_ITEM_INT, F (par), -1 },
  { "par-text", KOL_ITEM_STRING, F (par_text) },
  /** KolGameCompany:trains: the names of its trains (trams) */
  { "trains", KOL_ITEM_STRV, F (trains) },
  /** KolGameCompany:trains-markup: its trains as Pango markup: 1840's
   * trams with a dot of their colour, and the train whose purchase will
   * rust or retire each */
  { "trains-markup", KOL_ITEM_STRING, F (trains_markup) },
  /** KolGameCompany:trains-brief-markup: its trains for one short line
   * under a heading that says trains: each kind once with its count and
   * its short name (1840: "● orange ×2, ● red") */
  { "trains-brief-markup", KOL_ITEM_STRING, F (trains_brief_markup) },
  { "tokens-left", KOL_ITEM_INT, F (tokens_left) },
  { "tokens-total", KOL_ITEM_INT, F (tokens_total) },
  /** KolGameCompany:tokens-text: "1 left; C5 (Palermo), H12 (Catania)" */
  { "tokens-text", KOL_ITEM_STRING, F (tokens_text) },
  /** KolGameCompany:shares-treasury: percent of itself unsold (its IPO,
   * 1840's treasury) */
  { "shares-treasury", KOL_ITEM_INT, F (shares_treasury) },
  /** KolGameCompany:shares-pool: percent in the bank pool (Share Pool) */
  { "shares-pool", KOL_ITEM_INT, F (shares_pool) },
  /** KolGameCompany:shares-text: where its shares are, in the title's
   * words; %NULL for a company without shares */
  { "shares-text", KOL_ITEM_STRING, F (shares_text) },
  /** KolGameCompany:president: the president's or director's player
   * index; for a private, its owner if a player; -1 when none */
  { "president", KOL_ITEM_INT, F (president), -1 },
  { "president-name", KOL_ITEM_STRING, F (president_name) },
  /** KolGameCompany:owner-name: who owns it: a private's owner, a line's
   * tram company; %NULL for none */
  { "owner-name", KOL_ITEM_STRING, F (owner_name) },
  /** KolGameCompany:parent: the corporation owning it (1840: a line's
   * tram company), -1 */
  { "parent", KOL_ITEM_INT, F (parent), -1 },
  /** KolGameCompany:lines: the names of the companies it owns (1840) */
  { "lines", KOL_ITEM_STRV, F (lines) },
  /** KolGameCompany:revenue-pile: the cash of the companies it owns, kept
   * on its charter (1840's revenue pile) */
  { "revenue-pile", KOL_ITEM_INT, F (revenue_pile), G_MININT },
  { "revenue-pile-text", KOL_ITEM_STRING, F (revenue_pile_text) },
  /** KolGameCompany:bonds: bonds issued (1849 variant) or loans */
  { "bonds", KOL_ITEM_INT, F (bonds) },
  /** KolGameCompany:extras: markers it holds (1849's E-token), translated;
   * extras-text them joined, %NULL for none */
  { "extras", KOL_ITEM_STRV, F (extras) },
  { "extras-text", KOL_ITEM_STRING, F (extras_text) },
  /** KolGameCompany:privates-text: the private companies it owns, %NULL
   * for none */
  { "privates-text", KOL_ITEM_STRING, F (privates_text) },
  /** KolGameCompany:home-text: its home hex in words, %NULL without one */
  { "home-text", KOL_ITEM_STRING, F (home_text) },
  { "floated", KOL_ITEM_BOOL, F (floated) },
  /** KolGameCompany:ipoed: started (parred), so on the market */
  { "ipoed", KOL_ITEM_BOOL, F (ipoed) },
  { "closed", KOL_ITEM_BOOL, F (closed) },
  /** KolGameCompany:removed: not in this game (configuration) */
  { "removed", KOL_ITEM_BOOL, F (removed) },
  { "operated", KOL_ITEM_BOOL, F (operated) },
  /** KolGameCompany:value: a private's value (face value, or less after
   * an auction discount) */
  { "value", KOL_ITEM_INT, F (value), G_MININT },
  { "value-text", KOL_ITEM_STRING, F (value_text) },
  /** KolGameCompany:revenue: a private's revenue, or what a corporation's
   * last run earned; revenue-text in words */
  { "revenue", KOL_ITEM_INT, F (revenue), G_MININT },
  { "revenue-text", KOL_ITEM_STRING, F (revenue_text) },
  /** KolGameCompany:acting: acts now */
  { "acting", KOL_ITEM_BOOL, F (acting) },
  /** KolGameCompany:operating-order: 0-based place in the operating order
   * (floated corporations), -1 */
  { "operating-order", KOL_ITEM_INT, F (operating_order), -1 },
  /** KolGameCompany:order-badge: the place in the operating order the
   * charter shows (1-based; lines only during their round), 0 for none */
  { "order-badge", KOL_ITEM_INT, F (order_badge) },
  /** KolGameCompany:bids: the bids open on it, highest first, in words
   * ("Anna: L.115") */
  { "bids", KOL_ITEM_STRV, F (bids) },
  /** KolGameCompany:auctioning: it is up for auction now */
  { "auctioning", KOL_ITEM_BOOL, F (auctioning) },
};

enum {
  PROP_0,
  PROP_INDEX,
  PROP_KIND,
  PROP_STATUS,
  PROP_STATUS_TEXT,
  PROP_TYPE,
  PROP_ID,
  PROP_NAME,
  PROP_SHORT_NAME,
  PROP_COLOR,
  PROP_TEXT_COLOR,
  PROP_DESCRIPTION,
  PROP_TREASURY,
  PROP_TREASURY_TEXT,
  PROP_PRICE,
  PROP_PRICE_TEXT,
  PROP_PAR,
  PROP_PAR_TEXT,
  PROP_TRAINS,
  PROP_TRAINS_MARKUP,
  PROP_TRAINS_BRIEF_MARKUP,
  PROP_TOKENS_LEFT,
  PROP_TOKENS_TOTAL,
  PROP_TOKENS_TEXT,
  PROP_SHARES_TREASURY,
  PROP_SHARES_POOL,
  PROP_SHARES_TEXT,
  PROP_PRESIDENT,
  PROP_PRESIDENT_NAME,
  PROP_OWNER_NAME,
  PROP_PARENT,
  PROP_LINES,
  PROP_REVENUE_PILE,
  PROP_REVENUE_PILE_TEXT,
  PROP_BONDS,
  PROP_EXTRAS,
  PROP_EXTRAS_TEXT,
  PROP_PRIVATES_TEXT,
  PROP_HOME_TEXT,
  PROP_FLOATED,
  PROP_IPOED,
  PROP_CLOSED,
  PROP_REMOVED,
  PROP_OPERATED,
  PROP_VALUE,
  PROP_VALUE_TEXT,
  PROP_REVENUE,
  PROP_REVENUE_TEXT,
  PROP_ACTING,
  PROP_OPERATING_ORDER,
  PROP_ORDER_BADGE,
  PROP_BIDS,
  PROP_AUCTIONING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_company_finalize (GObject *object)
{
  KolGameCompany *self = KOL_GAME_COMPANY (object);

  g_clear_object (&self->subsidiaries);
  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  G_OBJECT_CLASS (kol_game_company_parent_class)->finalize (object);
}

static void
kol_game_company_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_company_class_init (KolGameCompanyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_company_finalize;
  object_class->get_property = kol_game_company_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_company_init (KolGameCompany *self)
{
  self->price = -1;
  self->par = -1;
  self->president = -1;
  self->parent = -1;
  self->operating_order = -1;
  self->treasury = self->revenue_pile = self->value = self->revenue = G_MININT;
  self->subsidiaries = g_list_store_new (KOL_TYPE_GAME_COMPANY);
}

KolGameCompany *
_kol_game_company_new (KolEntity entity)
{
  KolGameCompany *self = g_object_new (KOL_TYPE_GAME_COMPANY, NULL);

  self->entity = entity;
  self->index = entity.index;
  self->kind = entity.kind == KOL_ENTITY_COMPANY ? KOL_GAME_COMPANY_PRIVATE : KOL_GAME_COMPANY_CORPORATION;
  return self;
}

/* ------------------------------------------------------------ helpers */

static void
set_string (KolGameCompany *self,
            char          **field,
            char           *value,
            int             prop)
{
  _kol_set_string (G_OBJECT (self), field, value, properties[prop]);
}

static void
set_int (KolGameCompany *self,
         int            *field,
         int             value,
         int             prop)
{
  _kol_set_int (G_OBJECT (self), field, value, properties[prop]);
}

static void
set_bool (KolGameCompany *self,
          gboolean       *field,
          gboolean        value,
          int             prop)
{
  _kol_set_bool (G_OBJECT (self), field, value, properties[prop]);
}

static char *
money_or_null (const KolEngine *engine,
               int              amount)
{
  return amount >= 0 ? kol_game_word_money (engine->title, amount) : NULL;
}

static char *
joined_or_null (char **list)
{
  return list != NULL && list[0] != NULL ? g_strjoinv (", ", list) : NULL;
}

/* ------------------------------------------------------------- trains */

static char **
train_names (const KolEngine *engine,
             KolEntity        owner)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, KOL_MAX_TRAINS);
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = _kol_game_train_name (engine, trains[i]);
  return names;
}

/* Has a train of @def left the depot (so that what it rusts is gone)? */
static gboolean
def_bought (const KolEngine *engine,
            int              def)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (engine->trains[i].def == def && !engine->trains[i].in_depot)
      return TRUE;
  return FALSE;
}

static char *
escaped_train_name (const KolEngine *engine,
                    int              def)
{
  const char *name = engine->title->trains[def].name;
  g_autofree char *label = kol_game_word_train (engine->title, name);

  return g_markup_escape_text (label != NULL ? label : name, -1);
}

/* "2H (rusts with 4H)": a train and the purchase that will end it. */
static void
append_train (GString         *out,
              const KolEngine *engine,
              int              train)
{
  const KolTrainDef *def = &engine->title->trains[engine->trains[train].def];
  g_autofree char *color = _kol_game_train_color (engine->title, engine->trains[train].def);
  g_autofree char *label = _kol_game_train_name (engine, train);
  g_autofree char *name = g_markup_escape_text (label, -1);

  if (color != NULL)
    g_string_append_printf (out, "<span foreground=\"%s\">●</span> ", color);
  g_string_append (out, name);
  if (def->rusts_on >= 0 && !def_bought (engine, def->rusts_on))
    {
      g_autofree char *by = escaped_train_name (engine, def->rusts_on);
      /* Translators: a train (1840: tram) and the train whose first
       * purchase takes it out of the game: "2H (rusts with 4H)". */
      g_autofree char *note = g_strdup_printf (_("rusts with %s"), by);

      g_string_append_printf (out, " <small>(%s)</small>", note);
    }
  else if (def->obsolete_on >= 0 && !def_bought (engine, def->obsolete_on))
    {
      g_autofree char *by = escaped_train_name (engine, def->obsolete_on);
      /* Translators: a train and the train whose first purchase makes it
       * obsolete: "4 (obsolete with 6)". */
      g_autofree char *note = g_strdup_printf (_("obsolete with %s"), by);

      g_string_append_printf (out, " <small>(%s)</small>", note);
    }
}

static char *
trains_markup (const KolEngine *engine,
               KolEntity        owner)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, G_N_ELEMENTS (trains));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_train (out, engine, trains[i]);
    }
  if (n == 0)
    /* Translators: a company has no trains (or trams). */
    g_string_append (out, C_("trains", "none"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Each kind of train once, in the order owned: "● orange ×2, ● red". */
static char *
trains_brief_markup (const KolEngine *engine,
                     KolEntity        owner)
{
  gint16 trains[KOL_MAX_TRAINS];
  int n = kol_engine_trains_of (engine, owner, trains, G_N_ELEMENTS (trains));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      const char *name = kol_engine_train_name (engine, trains[i]);
      int def = engine->trains[trains[i]].def, count = 0;
      g_autofree char *color = NULL, *label = NULL, *escaped = NULL;
      gboolean seen = FALSE;

      for (int j = 0; j < n; j++)
        {
          gboolean alike = engine->trains[trains[j]].def == def &&
                           g_strcmp0 (kol_engine_train_name (engine, trains[j]), name) == 0;

          seen |= alike && j < i;
          count += alike;
        }
      if (seen)
        continue;
      color = _kol_game_train_color (engine->title, def);
      label = kol_game_word_train_short (engine->title, name);
      escaped = g_markup_escape_text (label != NULL ? label : name, -1);
      g_string_append (out, out->len > 0 ? ", " : "");
      if (color != NULL)
        g_string_append_printf (out, "<span foreground=\"%s\">●</span> ", color);
      g_string_append (out, escaped);
      if (count > 1)
        {
          g_autofree char *times = g_strdup_printf (C_("trains", "×%d"), count);

          /* after a no-break space: the count never starts a line */
          g_string_append_printf (out, "\xc2\xa0%s", times);
        }
    }
  if (n == 0)
    g_string_append (out, C_("trains", "none"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---------------------------------------------------- markers, shares */

static int
tokens_left (const KolCorp *c)
{
  int left = 0;

  for (int i = 0; i < c->n_tokens; i++)
    left += c->tokens[i].hex < 0 && !c->tokens[i].used;
  return left;
}

static char *
tokens_text (const KolEngine *engine,
             int              corp)
{
  const KolCorp *c = &engine->corps[corp];
  g_autoptr(GString) placed = g_string_new (NULL);

  if (c->n_tokens == 0)
    return NULL;
  for (int i = 0; i < c->n_tokens; i++)
    if (c->tokens[i].hex >= 0)
      {
        g_autofree char *hex = kol_game_word_hex (engine->title, c->tokens[i].hex);

        g_string_append_printf (placed, "%s%s", placed->len > 0 ? ", " : "", hex);
      }
  if (placed->len == 0)
    /* Translators: station markers: how many are left; none placed yet. */
    return g_strdup_printf (_("%d left"), tokens_left (c));
  /* Translators: station markers: how many are left, and where the others
   * stand ("1 left; C5 (Palermo), H12 (Catania)"). */
  return g_strdup_printf (_("%d left; %s"), tokens_left (c), placed->str);
}

/* "20% unsold" / "10% in the bank pool", or nothing when none is. */
static void
append_shares (GString    *out,
               int         percent,
               const char *where)
{
  if (percent <= 0)
    return;
  g_string_append (out, out->len > 0 ? ", " : "");
  /* Translators: a part of a company's shares and where it is: "20%
   * unsold", "10% in the bank pool" (the phrase is the title's own). */
  g_string_append_printf (out, C_("shares", "%d%% %s"), percent, where);
}

/* Where the shares players do not hold are; %NULL when players hold all. */
static char *
shares_text (const KolEngine *engine,
             int              corp)
{
  g_autoptr(GString) out = g_string_new (NULL);

  if (engine->title->corps[corp].n_shares == 0)
    return NULL;
  append_shares (out, kol_corp_ipo_percent (engine, corp), kol_game_word (engine->title, KOL_WORD_IPO_SHARES));
  append_shares (out, kol_corp_pool_percent (engine, corp), kol_game_word (engine->title, KOL_WORD_IN_POOL));
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* Companies whose parent is @corp: their names and their cash. */
static char **
children (const KolEngine *engine,
          int              corp,
          int             *cash)
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
markers (const KolEngine *engine,
         int              corp)
{
  const char *ids[8];
  int n = kol_engine_corp_markers (engine, corp, ids, G_N_ELEMENTS (ids));
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = g_strdup (kol_game_word_marker (engine->title, ids[i]));
  return names;
}

static char *
privates_of (const KolEngine *engine,
             KolEntity        owner)
{
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, owner, companies, G_N_ELEMENTS (companies));
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      const KolCompanyDef *def = &engine->title->companies[companies[i]];

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", def->short_name != NULL ? def->short_name : def->id);
    }
  return n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* The par value the company was started at, not the price its unsold
 * shares sell at now (1849 sells them at the market price). */
static int
par_price (const KolEngine *engine,
           const KolCorp   *c)
{
  if (!c->ipoed || c->par_row < 0 || c->par_col < 0)
    return -1;
  return kol_market_cell_price (engine, kol_cell (c->par_row, c->par_col));
}

/* -------------------------------------------------------- order, bids */

static int
position_in (const KolEntity *list,
             int              n,
             int              corp)
{
  for (int i = 0; i < n; i++)
    if (list[i].kind == KOL_ENTITY_CORP && list[i].index == corp)
      return i + 1;
  return 0;
}

/* The badge of a charter: during an operating round the company's place
 * in the round's order, otherwise the place it would take next; a line
 * (1840) shows one only during its round. */
static int
order_badge (const KolEngine *engine,
             int              corp)
{
  gboolean operating = engine->round.klass != NULL && engine->round.klass->operating;
  KolEntity order[KOL_MAX_CORPS];
  int at;

  if (kol_engine_corp_parent (engine, corp) >= 0)
    return operating ? position_in (engine->round.entities, engine->round.n_entities, corp) : 0;
  if (!engine->corps[corp].floated || engine->corps[corp].closed)
    return 0;
  if (operating && (at = position_in (engine->round.entities, engine->round.n_entities, corp)) > 0)
    return at;
  return position_in (order, kol_operating_order (engine, order, G_N_ELEMENTS (order)), corp);
}

static char **
bids_on (const KolEngine *engine,
         KolEntity        target,
         gboolean        *auctioning)
{
  const KolAuctioneer *a = kol_engine_open_auction (engine);
  int idx[KOL_AUCTION_MAX_BIDS];
  int n = a != NULL ? kol_auctioneer_bids_on (a, target, idx, G_N_ELEMENTS (idx)) : 0;
  char **out = g_new0 (char *, n + 1);

  /* highest first; equal bids in the order they were made */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && a->bids[idx[j]].price > a->bids[idx[j - 1]].price; j--)
      {
        int t = idx[j];

        idx[j] = idx[j - 1];
        idx[j - 1] = t;
      }
  for (int i = 0; i < n; i++)
    {
      g_autofree char *who = _kol_game_entity_name (engine, a->bids[idx[i]].bidder);
      g_autofree char *price = kol_game_word_money (engine->title, a->bids[idx[i]].price);

      /* Translators: an open bid: who bid, and how much ("Anna: L.115"). */
      out[i] = g_strdup_printf (C_("bid", "%1$s: %2$s"), who, price);
    }
  *auctioning = a != NULL && (n > 0 || kol_entity_equal (a->auctioning, target));
  return out;
}

/* ------------------------------------------------------------- status */

static KolGameCompanyStatus
corp_status (const KolCorp *c)
{
  if (c->removed)
    return KOL_GAME_COMPANY_REMOVED;
  if (c->closed)
    return KOL_GAME_COMPANY_CLOSED;
  if (!c->ipoed)
    return KOL_GAME_COMPANY_NOT_STARTED;
  if (!c->floated)
    return KOL_GAME_COMPANY_NOT_FLOATED;
  return KOL_GAME_COMPANY_ACTIVE;
}

static char *
status_text (KolGameCompanyStatus status)
{
  switch (status)
    {
    case KOL_GAME_COMPANY_REMOVED:
      /* Translators: the state of a company shown on its charter: it does
       * not take part at this number of players. */
      return g_strdup (C_("company", "not in this game"));
    case KOL_GAME_COMPANY_CLOSED:
      return g_strdup (C_("company", "closed"));
    case KOL_GAME_COMPANY_NOT_STARTED:
      return g_strdup (C_("company", "not started"));
    case KOL_GAME_COMPANY_NOT_FLOATED:
      return g_strdup (C_("company", "not floated"));
    case KOL_GAME_COMPANY_ACTIVE:
    default:
      return NULL;
    }
}

/* The status and its words (@text, taken; NULL for the usual ones). */
static void
set_status_text (KolGameCompany       *self,
                 KolGameCompanyStatus  status,
                 char                 *text)
{
  if (self->status != status)
    {
      self->status = status;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }
  set_string (self, &self->status_text, text != NULL ? text : status_text (status), PROP_STATUS_TEXT);
}

static void
set_status (KolGameCompany       *self,
            KolGameCompanyStatus  status)
{
  set_status_text (self, status, NULL);
}

/* The Delay IFT variant's note on the delayed corporation's charter
 * (1849 §2.2: it cannot draw one of the first places), or NULL. */
static char *
delay_note (const KolEngine *engine,
            GVariant        *order,
            int              corp)
{
  g_autoptr(GVariant) delay = kol_variant_unbox (kol_variant_lookup (order, "delay_ift"));
  g_autoptr(GVariant) option = NULL;
  g_autoptr(GVariant) who = NULL;
  g_autoptr(GVariant) buffer = NULL;

  if (delay == NULL || !g_variant_is_of_type (delay, G_VARIANT_TYPE_VARDICT))
    return NULL;
  option = kol_variant_unbox (kol_variant_lookup (delay, "option"));
  who = kol_variant_unbox (kol_variant_lookup (delay, "corporation"));
  buffer = kol_variant_unbox (kol_variant_lookup (delay, "buffer_index"));
  if (option == NULL || !g_variant_is_of_type (option, G_VARIANT_TYPE_STRING) ||
      who == NULL || !g_variant_is_of_type (who, G_VARIANT_TYPE_STRING) ||
      !kol_title_has_option (engine->title, g_variant_get_string (option, NULL)) ||
      g_strcmp0 (engine->title->corps[corp].id, g_variant_get_string (who, NULL)) != 0)
    return NULL;
  /* Translators: 1849's Delay IFT variant on IFT's charter: it may not be
   * among the first N corporations to start. */
  return g_strdup_printf (C_("company", "delayed by the variant: not among the first %d"),
                          kol_variant_to_int (buffer, 3));
}

/* A corporation that has not started, in a title whose corporations start
 * in a drawn order one after the other (1849 §2.2): its place in that
 * order ("next to start", "3rd to start"), and the Delay IFT variant. NULL
 * for other titles. */
static char *
start_order_text (const KolEngine *engine,
                  int              corp)
{
  g_autoptr(GVariant) order = kol_variant_unbox (kol_title_rule (engine->title, "corporation_order"));
  g_autofree char *place = NULL;
  g_autofree char *delay = NULL;
  int waiting = 0;

  if (order == NULL || !g_variant_is_of_type (order, G_VARIANT_TYPE_VARDICT) || engine->n_corp_order == 0)
    return NULL;
  for (int i = 0; i < engine->n_corp_order && engine->corp_order[i] != corp; i++)
    {
      const KolCorp *before = &engine->corps[engine->corp_order[i]];

      waiting += !before->ipoed && !before->removed && !before->closed;
    }
  if (waiting == 0)
    place = g_strdup (C_("company", "not started; next to start"));
  else
    /* Translators: 1849: a corporation's place among those still to
     * start, in the drawn corporation order ("2" = after one other). */
    place = g_strdup_printf (C_("company", "not started; number %d to start"), waiting + 1);
  delay = delay_note (engine, order, corp);
  if (delay == NULL)
    return g_steal_pointer (&place);
  /* Translators: a status and a note on it. */
  return g_strdup_printf (C_("company", "%s (%s)"), place, delay);
}

/* ------------------------------------------------------------ refresh */

static KolGameCompanyKind
kind_of_type (const char *type)
{
  if (g_strcmp0 (type, "line") == 0)
    return KOL_GAME_COMPANY_LINE;
  if (g_strcmp0 (type, "city") == 0)
    return KOL_GAME_COMPANY_CITY;
  return KOL_GAME_COMPANY_CORPORATION;
}

static int
operating_position (const KolEngine *engine,
                    int              corp)
{
  KolEntity order[KOL_MAX_CORPS];

  return position_in (order, kol_operating_order (engine, order, KOL_MAX_CORPS), corp) - 1;
}

/* What never changes in a game: names and colours. */
static void
update_corp_names (KolGameCompany  *self,
                   const KolEngine *engine,
                   const KolCorpDef *def)
{
  self->kind = kind_of_type (def->type);
  set_string (self, &self->type, g_strdup (def->type), PROP_TYPE);
  set_string (self, &self->id, g_strdup (def->id), PROP_ID);
  set_string (self, &self->name, g_strdup (kol_game_word_text (&def->name)), PROP_NAME);
  set_string (self, &self->short_name, _kol_game_entity_name (engine, self->entity), PROP_SHORT_NAME);
  set_string (self, &self->color, g_strdup (def->color), PROP_COLOR);
  set_string (self, &self->text_color, g_strdup (def->text_color), PROP_TEXT_COLOR);
  set_string (self, &self->home_text, def->home >= 0 ? kol_game_word_hex (engine->title, def->home) : NULL,
              PROP_HOME_TEXT);
}

static void
update_corp_money (KolGameCompany  *self,
                   const KolEngine *engine,
                   const KolCorp   *c)
{
  int corp = self->index;
  int price = c->ipoed && !c->closed ? kol_market_corp_price (engine, corp) : -1;
  int par = par_price (engine, c);
  int pile = 0;
  char **lines = children (engine, corp, &pile);

  set_int (self, &self->treasury, c->cash, PROP_TREASURY);
  set_string (self, &self->treasury_text, kol_game_word_money (engine->title, c->cash), PROP_TREASURY_TEXT);
  set_int (self, &self->price, price, PROP_PRICE);
  set_string (self, &self->price_text, money_or_null (engine, price), PROP_PRICE_TEXT);
  set_int (self, &self->par, par, PROP_PAR);
  set_string (self, &self->par_text, money_or_null (engine, par), PROP_PAR_TEXT);
  _kol_set_strv (G_OBJECT (self), &self->lines, lines, properties[PROP_LINES]);
  set_int (self, &self->revenue_pile, pile, PROP_REVENUE_PILE);
  set_string (self, &self->revenue_pile_text, kol_game_word_money (engine->title, pile), PROP_REVENUE_PILE_TEXT);
  set_int (self, &self->revenue, c->last_revenue, PROP_REVENUE);
  set_string (self, &self->revenue_text, c->operated ? kol_game_word_money (engine->title, c->last_revenue) : NULL,
              PROP_REVENUE_TEXT);
  set_int (self, &self->bonds, c->loans, PROP_BONDS);
}

static void
update_corp_holdings (KolGameCompany  *self,
                      const KolEngine *engine,
                      const KolCorp   *c)
{
  int corp = self->index;
  char **extras = markers (engine, corp);

  _kol_set_strv (G_OBJECT (self), &self->trains, train_names (engine, self->entity), properties[PROP_TRAINS]);
  set_string (self, &self->trains_markup, trains_markup (engine, self->entity), PROP_TRAINS_MARKUP);
  set_string (self, &self->trains_brief_markup, trains_brief_markup (engine, self->entity),
              PROP_TRAINS_BRIEF_MARKUP);
  set_int (self, &self->tokens_left, tokens_left (c), PROP_TOKENS_LEFT);
  set_int (self, &self->tokens_total, c->n_tokens, PROP_TOKENS_TOTAL);
  set_string (self, &self->tokens_text, tokens_text (engine, corp), PROP_TOKENS_TEXT);
  set_int (self, &self->shares_treasury, kol_corp_ipo_percent (engine, corp), PROP_SHARES_TREASURY);
  set_int (self, &self->shares_pool, kol_corp_pool_percent (engine, corp), PROP_SHARES_POOL);
  set_string (self, &self->shares_text, shares_text (engine, corp), PROP_SHARES_TEXT);
  set_string (self, &self->extras_text, joined_or_null (extras), PROP_EXTRAS_TEXT);
  _kol_set_strv (G_OBJECT (self), &self->extras, extras, properties[PROP_EXTRAS]);
  set_string (self, &self->privates_text, privates_of (engine, self->entity), PROP_PRIVATES_TEXT);
}

static void
update_corp (KolGameCompany  *self,
             const KolEngine *engine)
{
  int corp = self->index;
  const KolCorp *c = &engine->corps[corp];
  int parent = kol_engine_corp_parent (engine, corp);
  gboolean auctioning = FALSE;

  update_corp_names (self, engine, &engine->title->corps[corp]);
  update_corp_money (self, engine, c);
  update_corp_holdings (self, engine, c);
  set_status_text (self, corp_status (c),
                   corp_status (c) == KOL_GAME_COMPANY_NOT_STARTED && parent < 0 ? start_order_text (engine, corp)
                                                                                 : NULL);
  set_int (self, &self->president, c->owner.kind == KOL_ENTITY_PLAYER ? c->owner.index : -1, PROP_PRESIDENT);
  set_string (self, &self->president_name,
              c->owner.kind == KOL_ENTITY_PLAYER ? _kol_game_entity_name (engine, c->owner) : NULL,
              PROP_PRESIDENT_NAME);
  set_string (self, &self->owner_name,
              parent >= 0 ? _kol_game_entity_name (engine, kol_entity (KOL_ENTITY_CORP, parent)) :
              c->owner.kind != KOL_ENTITY_NONE ? _kol_game_entity_name (engine, c->owner) : NULL,
              PROP_OWNER_NAME);
  set_int (self, &self->parent, parent, PROP_PARENT);
  set_bool (self, &self->floated, c->floated, PROP_FLOATED);
  set_bool (self, &self->ipoed, c->ipoed, PROP_IPOED);
  set_bool (self, &self->closed, c->closed, PROP_CLOSED);
  set_bool (self, &self->removed, c->removed, PROP_REMOVED);
  set_bool (self, &self->operated, c->operated, PROP_OPERATED);
  set_int (self, &self->operating_order, operating_position (engine, corp), PROP_OPERATING_ORDER);
  set_int (self, &self->order_badge, order_badge (engine, corp), PROP_ORDER_BADGE);
  _kol_set_strv (G_OBJECT (self), &self->bids, bids_on (engine, self->entity, &auctioning), properties[PROP_BIDS]);
  set_bool (self, &self->auctioning, auctioning, PROP_AUCTIONING);
}

static void
update_private (KolGameCompany  *self,
                const KolEngine *engine)
{
  const KolCompanyDef *def = &engine->title->companies[self->index];
  const KolCompany *c = &engine->companies[self->index];
  KolEntity owner = c->owner;
  gboolean auctioning = FALSE;

  set_string (self, &self->type, g_strdup ("private"), PROP_TYPE);
  set_string (self, &self->id, g_strdup (def->id), PROP_ID);
  set_string (self, &self->name, g_strdup (kol_game_word_text (&def->name)), PROP_NAME);
  set_string (self, &self->short_name, g_strdup (def->short_name != NULL ? def->short_name : def->id),
              PROP_SHORT_NAME);
  set_string (self, &self->description, g_strdup (kol_game_word_text (&def->description)), PROP_DESCRIPTION);
  set_status (self, c->closed ? KOL_GAME_COMPANY_CLOSED : KOL_GAME_COMPANY_ACTIVE);
  set_int (self, &self->president, owner.kind == KOL_ENTITY_PLAYER ? owner.index : -1, PROP_PRESIDENT);
  set_string (self, &self->president_name,
              owner.kind == KOL_ENTITY_PLAYER ? _kol_game_entity_name (engine, owner) : NULL, PROP_PRESIDENT_NAME);
  set_string (self, &self->owner_name,
              owner.kind == KOL_ENTITY_PLAYER || owner.kind == KOL_ENTITY_CORP
                ? _kol_game_entity_name (engine, owner) : g_strdup (kol_game_word (engine->title, KOL_WORD_BANK)),
              PROP_OWNER_NAME);
  set_bool (self, &self->closed, c->closed, PROP_CLOSED);
  set_int (self, &self->value, c->value, PROP_VALUE);
  set_string (self, &self->value_text, kol_game_word_money (engine->title, c->value), PROP_VALUE_TEXT);
  set_int (self, &self->revenue, c->revenue, PROP_REVENUE);
  set_string (self, &self->revenue_text, kol_game_word_money (engine->title, c->revenue), PROP_REVENUE_TEXT);
  _kol_set_strv (G_OBJECT (self), &self->bids, bids_on (engine, self->entity, &auctioning), properties[PROP_BIDS]);
  set_bool (self, &self->auctioning, auctioning, PROP_AUCTIONING);
}

void
_kol_game_company_update (KolGameCompany  *self,
                          const KolEngine *engine,
                          KolEntity        acting)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->entity.kind == KOL_ENTITY_CORP)
    update_corp (self, engine);
  else
    update_private (self, engine);
  set_bool (self, &self->acting, kol_entity_equal (acting, self->entity), PROP_ACTING);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * _kol_game_company_set_run:
 * @revenue: what the run being paid earned
 *
 * The run shown while the company chooses its dividend.
 */
void
_kol_game_company_set_run (KolGameCompany *self,
                           const KolTitle *title,
                           int             revenue)
{
  set_int (self, &self->revenue, revenue, PROP_REVENUE);
  set_string (self, &self->revenue_text, kol_game_word_money (title, revenue), PROP_REVENUE_TEXT);
}

/**
 * _kol_game_company_set_subsidiaries:
 * @lines: (element-type KolGameCompany): the companies it owns now, in the
 *   game's order
 *
 * The list changes only where companies come or go.
 */
void
_kol_game_company_set_subsidiaries (KolGameCompany *self,
                                    GPtrArray      *lines)
{
  GListModel *have = G_LIST_MODEL (self->subsidiaries);

  for (guint k = 0; k < lines->len; k++)
    {
      gboolean kept;

      /* drop the lines it no longer owns ahead of this one */
      while (k < g_list_model_get_n_items (have))
        {
          g_autoptr(KolGameCompany) at = g_list_model_get_item (have, k);

          kept = FALSE;
          for (guint j = 0; j < lines->len && !kept; j++)
            kept = lines->pdata[j] == at;
          if (kept)
            break;
          g_list_store_remove (self->subsidiaries, k);
        }
      if (k < g_list_model_get_n_items (have))
        {
          g_autoptr(KolGameCompany) at = g_list_model_get_item (have, k);

          if (at == lines->pdata[k])
            continue;
        }
      g_list_store_insert (self->subsidiaries, k, lines->pdata[k]);
    }
  if (g_list_model_get_n_items (have) > lines->len)
    g_list_store_splice (self->subsidiaries, lines->len, g_list_model_get_n_items (have) - lines->len, NULL, 0);
}

/* ---------------------------------------------------------------- API */

/**
 * kol_game_company_get_subsidiaries:
 *
 * Returns: (transfer none): the #KolGameCompany list of the companies it
 *   owns (1840: a tram company's lines), in the game's order
 */
GListModel *
kol_game_company_get_subsidiaries (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return G_LIST_MODEL (self->subsidiaries);
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

KolGameCompanyStatus
kol_game_company_get_status (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), 0);
  return self->status;
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

const char *
kol_game_company_get_text_color (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return self->text_color;
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
kol_game_company_get_par (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), -1);
  return self->par;
}

int
kol_game_company_get_president (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), -1);
  return self->president;
}

int
kol_game_company_get_parent (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), -1);
  return self->parent;
}

int
kol_game_company_get_order_badge (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), 0);
  return self->order_badge;
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

/**
 * kol_game_company_get_bids:
 *
 * Returns: (nullable): the bids open on the company, highest first, in
 *   words
 */
const char * const *
kol_game_company_get_bids (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), NULL);
  return (const char * const *) self->bids;
}

gboolean
kol_game_company_get_auctioning (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), FALSE);
  return self->auctioning;
}

gboolean
kol_game_company_get_acting (KolGameCompany *self)
{
  g_return_val_if_fail (KOL_IS_GAME_COMPANY (self), FALSE);
  return self->acting;
}
