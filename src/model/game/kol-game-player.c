/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-engine-info.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-game-private.h"
#include "kol-game-words.h"
#include "kol-state-dump.h"

/**
 * KolGamePlayer:
 *
 * One player of a #KolGame: cash, the shares held company by company,
 * certificates against the limit, private companies, loans, the bids
 * open in an auction, net worth (the score the title counts) and its
 * parts, the place in the turn order and the priority deal.
 */
struct _KolGamePlayer
{
  GObject parent_instance;

  int         index;
  char       *name;
  int         cash;
  char       *cash_text;
  int         n_certs;
  int         cert_limit;
  char       *certificates_text;
  gboolean    at_limit;
  gboolean    over_limit;
  int         net_worth;
  char       *net_worth_text;
  gboolean    priority;
  int         order;
  int         loans;
  gboolean    bankrupt;
  gboolean    passed;
  gboolean    acting;
  char       *privates_text;
  int         committed;
  char       *bids_text;
  int         score_cash;
  int         score_shares;
  int         score_privates;
  int         score_adjustments;
  GListStore *holdings;
};

G_DEFINE_FINAL_TYPE (KolGamePlayer, kol_game_player, G_TYPE_OBJECT)

#define F(field) KOL_ITEM_FIELD (KolGamePlayer, field)

static const KolItemProp props[] = {
  /** KolGamePlayer:index: the seat, as the engine numbers players */
  { "index", KOL_ITEM_INT, F (index) },
  { "name", KOL_ITEM_STRING, F (name) },
  /** KolGamePlayer:cash: the player's money (may be negative after a
   * title's penalty); cash-text in the title's currency */
  { "cash", KOL_ITEM_INT, F (cash), G_MININT },
  { "cash-text", KOL_ITEM_STRING, F (cash_text) },
  /** KolGamePlayer:n-certs: certificates counting against the limit */
  { "n-certs", KOL_ITEM_INT, F (n_certs) },
  { "cert-limit", KOL_ITEM_INT, F (cert_limit) },
  /** KolGamePlayer:certificates-text: "3/11" */
  { "certificates-text", KOL_ITEM_STRING, F (certificates_text) },
  { "at-limit", KOL_ITEM_BOOL, F (at_limit) },
  { "over-limit", KOL_ITEM_BOOL, F (over_limit) },
  /** KolGamePlayer:net-worth: the player's value as the title scores it */
  { "net-worth", KOL_ITEM_INT, F (net_worth), G_MININT },
  { "net-worth-text", KOL_ITEM_STRING, F (net_worth_text) },
  /** KolGamePlayer:priority: has the priority deal (1840: plays first) */
  { "priority", KOL_ITEM_BOOL, F (priority) },
  /** KolGamePlayer:order: 0-based place in the current turn order */
  { "order", KOL_ITEM_INT, F (order) },
  { "loans", KOL_ITEM_INT, F (loans) },
  { "bankrupt", KOL_ITEM_BOOL, F (bankrupt) },
  /** KolGamePlayer:passed: has passed in the current round */
  { "passed", KOL_ITEM_BOOL, F (passed) },
  /** KolGamePlayer:acting: acts now, or presides the company acting now */
  { "acting", KOL_ITEM_BOOL, F (acting) },
  /** KolGamePlayer:privates-text: the private companies the player owns,
   * by name, %NULL for none */
  { "privates-text", KOL_ITEM_STRING, F (privates_text) },
  /** KolGamePlayer:committed: the cash the player's open bids hold */
  { "committed", KOL_ITEM_INT, F (committed) },
  /** KolGamePlayer:bids-text: the open bids in words ("L.115 in bids,
   * L.285 free"), %NULL without bids */
  { "bids-text", KOL_ITEM_STRING, F (bids_text) },
  /** KolGamePlayer:score-cash: the parts of the net worth: cash, shares
   * at the current prices, private companies at face value, and what the
   * title's scoring adds or takes off besides (loans, bonds) */
  { "score-cash", KOL_ITEM_INT, F (score_cash), G_MININT },
  { "score-shares", KOL_ITEM_INT, F (score_shares), G_MININT },
  { "score-privates", KOL_ITEM_INT, F (score_privates), G_MININT },
  { "score-adjustments", KOL_ITEM_INT, F (score_adjustments), G_MININT },
};

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NAME,
  PROP_CASH,
  PROP_CASH_TEXT,
  PROP_N_CERTS,
  PROP_CERT_LIMIT,
  PROP_CERTIFICATES_TEXT,
  PROP_AT_LIMIT,
  PROP_OVER_LIMIT,
  PROP_NET_WORTH,
  PROP_NET_WORTH_TEXT,
  PROP_PRIORITY,
  PROP_ORDER,
  PROP_LOANS,
  PROP_BANKRUPT,
  PROP_PASSED,
  PROP_ACTING,
  PROP_PRIVATES_TEXT,
  PROP_COMMITTED,
  PROP_BIDS_TEXT,
  PROP_SCORE_CASH,
  PROP_SCORE_SHARES,
  PROP_SCORE_PRIVATES,
  PROP_SCORE_ADJUSTMENTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kol_game_player_finalize (GObject *object)
{
  KolGamePlayer *self = KOL_GAME_PLAYER (object);

  _kol_item_clear (object, props, G_N_ELEMENTS (props));
  g_clear_object (&self->holdings);
  G_OBJECT_CLASS (kol_game_player_parent_class)->finalize (object);
}

static void
kol_game_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  _kol_item_get (object, props, G_N_ELEMENTS (props), prop_id, value, pspec);
}

static void
kol_game_player_class_init (KolGamePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kol_game_player_finalize;
  object_class->get_property = kol_game_player_get_property;
  G_STATIC_ASSERT (G_N_ELEMENTS (props) + 1 == N_PROPS);
  _kol_item_install (object_class, props, G_N_ELEMENTS (props), properties);
}

static void
kol_game_player_init (KolGamePlayer *self)
{
  self->holdings = g_list_store_new (KOL_TYPE_GAME_HOLDING);
}

KolGamePlayer *
_kol_game_player_new (int index)
{
  KolGamePlayer *self = g_object_new (KOL_TYPE_GAME_PLAYER, NULL);

  self->index = index;
  return self;
}

/* ------------------------------------------------------------- refresh */

static int
order_of (const KolEngine *engine,
          int              player)
{
  for (int i = 0; i < engine->n_players; i++)
    if (engine->player_order[i] == player)
      return i;
  return player;
}

/* A player's certificates at the current prices, as 18xx.games values
 * them: price × percent / share percent, rounded up. */
static int
shares_value (const KolEngine *engine,
              int              player)
{
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), -1, certs, KOL_MAX_CERTS);
  gint64 value = 0;

  for (int i = 0; i < n; i++)
    {
      const KolCert *c = &engine->certs[certs[i]];
      int price = kol_market_corp_price (engine, c->corp);
      int share = kol_engine_share_percent (engine, c->corp);

      if (!engine->corps[c->corp].ipoed || engine->corps[c->corp].closed || price <= 0 || share <= 0)
        continue;
      value += ((gint64) price * c->percent + share - 1) / share;
    }
  return (int) CLAMP (value, G_MININT, G_MAXINT);
}

static int
privates_value (const KolEngine *engine,
                int              player,
                char           **names)
{
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), companies, KOL_MAX_COMPANIES);
  g_autoptr(GString) out = g_string_new (NULL);
  int value = 0;

  for (int i = 0; i < n; i++)
    {
      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                              kol_game_word_text (&engine->title->companies[companies[i]].name));
      value += engine->companies[companies[i]].value;
    }
  *names = n > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
  return value;
}

/* The net worth and its parts: the total is the title's own scoring (its
 * rules module); cash, shares and private companies are counted the usual
 * way, and whatever the title adds or takes off besides (1840 loans, 1849
 * emergency loans and bonds) is the difference. */
static void
update_score (KolGamePlayer   *self,
              const KolEngine *engine)
{
  GObject *o = G_OBJECT (self);
  char *privates = NULL;
  int cash = engine->players[self->index].cash;
  int shares = shares_value (engine, self->index);
  int face = privates_value (engine, self->index, &privates);
  int total = kol_state_player_value (engine, self->index);

  _kol_set_string (o, &self->privates_text, privates, properties[PROP_PRIVATES_TEXT]);
  _kol_set_int (o, &self->score_cash, cash, properties[PROP_SCORE_CASH]);
  _kol_set_int (o, &self->score_shares, shares, properties[PROP_SCORE_SHARES]);
  _kol_set_int (o, &self->score_privates, face, properties[PROP_SCORE_PRIVATES]);
  _kol_set_int (o, &self->score_adjustments, total - cash - shares - face, properties[PROP_SCORE_ADJUSTMENTS]);
  _kol_set_int (o, &self->net_worth, total, properties[PROP_NET_WORTH]);
  _kol_set_string (o, &self->net_worth_text, kol_game_word_money (engine->title, total),
                   properties[PROP_NET_WORTH_TEXT]);
}

static void
update_certificates (KolGamePlayer   *self,
                     const KolEngine *engine)
{
  GObject *o = G_OBJECT (self);
  int count = kol_shares_num_certs (engine, kol_entity (KOL_ENTITY_PLAYER, self->index));
  int limit = kol_shares_cert_limit (engine, self->index);

  _kol_set_int (o, &self->n_certs, count, properties[PROP_N_CERTS]);
  _kol_set_int (o, &self->cert_limit, limit, properties[PROP_CERT_LIMIT]);
  _kol_set_string (o, &self->certificates_text, g_strdup_printf ("%d/%d", count, limit),
                   properties[PROP_CERTIFICATES_TEXT]);
  _kol_set_bool (o, &self->at_limit, count == limit, properties[PROP_AT_LIMIT]);
  _kol_set_bool (o, &self->over_limit, count > limit, properties[PROP_OVER_LIMIT]);
}

/* The open bids of an auction (1849's initial stock round, 1840's
 * pre-round and line auctions): the cash they hold, and what is free. */
static void
update_bids (KolGamePlayer   *self,
             const KolEngine *engine)
{
  GObject *o = G_OBJECT (self);
  const KolAuctioneer *auction = kol_engine_open_auction (engine);
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, self->index);
  int committed = auction != NULL ? kol_auctioneer_committed (auction, me) : 0;
  char *text = NULL;

  if (committed > 0)
    {
      g_autofree char *bids = kol_game_word_money (engine->title, committed);
      g_autofree char *free = kol_game_word_money (engine->title, engine->players[self->index].cash - committed);

      /* Translators: the cash a player's open bids hold, and the rest:
       * "L.115 in bids, L.285 free". */
      text = g_strdup_printf (_("%1$s in bids, %2$s free"), bids, free);
    }
  _kol_set_int (o, &self->committed, committed, properties[PROP_COMMITTED]);
  _kol_set_string (o, &self->bids_text, text, properties[PROP_BIDS_TEXT]);
}

static KolGameCompany *
company_item (GListModel *companies,
              int         corp)
{
  for (guint i = 0; i < g_list_model_get_n_items (companies); i++)
    {
      g_autoptr(KolGameCompany) c = g_list_model_get_item (companies, i);
      KolEntity e = kol_game_company_get_entity (c);

      if (e.kind == KOL_ENTITY_CORP && e.index == corp)
        return c;
    }
  return NULL;
}

typedef struct
{
  KolGameCompany *company;
  int             percent;
  gboolean        president;
} Held;

static gboolean
still_held (const Held     *held,
            int             n,
            KolGameCompany *company)
{
  for (int i = 0; i < n; i++)
    if (held[i].company == company)
      return TRUE;
  return FALSE;
}

static guint
n_holdings (KolGamePlayer *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->holdings));
}

static KolGameCompany *
holding_company_at (KolGamePlayer *self,
                    guint          at)
{
  g_autoptr(KolGameHolding) holding = g_list_model_get_item (G_LIST_MODEL (self->holdings), at);

  return kol_game_holding_get_company (holding);
}

/* The companies the player holds shares of, in the game's order. A
 * holding that stays is refreshed in place; the list changes only where
 * companies come or go. */
static void
update_holdings (KolGamePlayer   *self,
                 const KolEngine *engine,
                 GListModel      *companies)
{
  KolEntity me = kol_entity (KOL_ENTITY_PLAYER, self->index);
  Held held[KOL_MAX_CORPS];
  int n = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];
      int percent = c >= 0 && c < engine->n_corps ? kol_engine_percent_of (engine, me, c) : 0;
      KolGameCompany *company = percent > 0 ? company_item (companies, c) : NULL;

      if (company != NULL)
        held[n++] = (Held) { company, percent, kol_corp_is_president (engine, c, me) };
    }
  for (int k = 0; k < n; k++)
    {
      g_autoptr(KolGameHolding) holding = NULL;
      char *text;

      while ((guint) k < n_holdings (self) && !still_held (held, n, holding_company_at (self, k)))
        g_list_store_remove (self->holdings, k);
      if ((guint) k < n_holdings (self) && holding_company_at (self, k) == held[k].company)
        holding = g_list_model_get_item (G_LIST_MODEL (self->holdings), k);
      else
        {
          holding = _kol_game_holding_new (held[k].company);
          g_list_store_insert (self->holdings, k, holding);
        }
      /* Translators: shares a player holds, and that the player is the
       * company's president (1840: director): "30% · President". */
      text = held[k].president ? g_strdup_printf (_("%d%% · %s"), held[k].percent,
                                                  kol_game_word (engine->title, KOL_WORD_PRESIDENT))
                               : g_strdup_printf ("%d%%", held[k].percent);
      _kol_game_holding_update (holding, held[k].percent, held[k].president, text);
    }
  if (n_holdings (self) > (guint) n)
    g_list_store_splice (self->holdings, n, n_holdings (self) - n, NULL, 0);
}

void
_kol_game_player_update (KolGamePlayer   *self,
                         const KolEngine *engine,
                         KolEntity        acting,
                         GListModel      *companies)
{
  GObject *o = G_OBJECT (self);
  const KolPlayer *p = &engine->players[self->index];

  g_object_freeze_notify (o);
  _kol_set_string (o, &self->name, g_strdup (p->name), properties[PROP_NAME]);
  _kol_set_int (o, &self->cash, p->cash, properties[PROP_CASH]);
  _kol_set_string (o, &self->cash_text, kol_game_word_money (engine->title, p->cash), properties[PROP_CASH_TEXT]);
  update_certificates (self, engine);
  update_score (self, engine);
  update_bids (self, engine);
  update_holdings (self, engine, companies);
  _kol_set_bool (o, &self->priority, engine->priority_deal == self->index && !engine->finished,
                 properties[PROP_PRIORITY]);
  _kol_set_int (o, &self->order, order_of (engine, self->index), properties[PROP_ORDER]);
  _kol_set_int (o, &self->loans, p->loans, properties[PROP_LOANS]);
  _kol_set_bool (o, &self->bankrupt, p->bankrupt, properties[PROP_BANKRUPT]);
  _kol_set_bool (o, &self->passed, p->passed, properties[PROP_PASSED]);
  _kol_set_bool (o, &self->acting, acting.kind == KOL_ENTITY_PLAYER && acting.index == self->index,
                 properties[PROP_ACTING]);
  g_object_thaw_notify (o);
}

/* ---------------------------------------------------------------- API */

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

int
kol_game_player_get_committed (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), 0);
  return self->committed;
}

/**
 * kol_game_player_get_holdings:
 *
 * Returns: (transfer none): the #KolGameHolding list: the companies the
 *   player holds shares of, in the game's order
 */
GListModel *
kol_game_player_get_holdings (KolGamePlayer *self)
{
  g_return_val_if_fail (KOL_IS_GAME_PLAYER (self), NULL);
  return G_LIST_MODEL (self->holdings);
}
