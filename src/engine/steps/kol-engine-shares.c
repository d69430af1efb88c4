/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-shares.h"
#include "kol-engine-stock.h"
#include "kol-engine-operating.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"

#include <stdlib.h>
#include <string.h>

static inline KolEntity
corp_entity (int corp)
{
  return kol_entity (KOL_ENTITY_CORP, corp);
}

static inline KolEntity
pool_entity (void)
{
  return kol_entity (KOL_ENTITY_POOL, 0);
}

static inline gboolean
entity_is_none (KolEntity e)
{
  return e.kind == KOL_ENTITY_NONE;
}

/* kol_entity_equal treats two NONE entities as equal; Ruby's nil == nil is
 * true too, but "is X the president" must be false for nobody. */
static inline gboolean
same_entity (KolEntity a,
             KolEntity b)
{
  return !entity_is_none (a) && kol_entity_equal (a, b);
}

static int
capitalization (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->capitalization : KOL_CAPITALIZATION_FULL;
}

/* ------------------------------------------------------------------ bundles */

/**
 * kol_bundle_init:
 * @certs: (array length=n): certificate indices, in the order they move
 * @percent: the bundle's percentage, 0 for the certificates' total
 *
 * ShareBundle.new.
 *
 * Returns: %FALSE if the certificates do not form a bundle.
 */
gboolean
kol_bundle_init (KolEngine    *engine,
                 KolBundle    *b,
                 const gint16 *certs,
                 int           n,
                 int           percent)
{
  if (n < 1 || n > KOL_BUNDLE_MAX_CERTS)
    return FALSE;
  memset (b, 0, sizeof *b);
  for (int i = 0; i < n; i++)
    {
      const KolCert *c;

      if (certs[i] < 0 || certs[i] >= engine->n_certs)
        return FALSE;
      c = &engine->certs[certs[i]];
      if (i > 0 && (c->corp != b->corp || !kol_entity_equal (c->owner, b->owner)))
        return FALSE;
      for (int j = 0; j < i; j++)
        if (certs[j] == certs[i])
          return FALSE;
      b->corp = c->corp;
      b->owner = c->owner;
      b->certs[i] = certs[i];
    }
  b->n_certs = (guint8) n;
  b->percent = percent > 0 ? percent : kol_bundle_certs_percent (engine, b);
  return TRUE;
}

/**
 * kol_bundle_init_cert:
 *
 * Share#to_bundle: the bundle of certificate @cert alone.
 */
void
kol_bundle_init_cert (KolEngine *engine,
                      KolBundle *b,
                      int        cert)
{
  gint16 one = (gint16) cert;

  kol_bundle_init (engine, b, &one, 1, 0);
}

/**
 * kol_bundle_from_action:
 *
 * The bundle of a buy_shares or sell_shares action (shares and percent).
 *
 * Returns: %FALSE with a refusal if the certificates do not form a bundle.
 */
gboolean
kol_bundle_from_action (KolEngine        *engine,
                        KolBundle        *b,
                        const KolAction  *a,
                        GError          **error)
{
  if (!kol_bundle_init (engine, b, a->shares, a->n_shares, 0))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0,
                            "the certificates of the action do not form a bundle");
  if (a->percent > 0)
    {
      if (a->percent > b->percent)
        return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0,
                                "bundle of %d%% claims %d%%", b->percent, a->percent);
      b->percent = a->percent;
    }
  return TRUE;
}

/**
 * kol_bundle_certs_percent:
 *
 * Returns: the total percentage of the bundle's certificates.
 */
int
kol_bundle_certs_percent (KolEngine       *engine,
                          const KolBundle *b)
{
  int total = 0;

  for (int i = 0; i < b->n_certs; i++)
    total += engine->certs[b->certs[i]].percent;
  return total;
}

/**
 * kol_bundle_partial:
 *
 * Returns: %TRUE for a partial bundle (ShareBundle#partial?).
 */
gboolean
kol_bundle_partial (KolEngine       *engine,
                    const KolBundle *b)
{
  return b->percent != kol_bundle_certs_percent (engine, b);
}

/**
 * kol_bundle_president_cert:
 *
 * Returns: the president's certificate in @b, or -1.
 */
int
kol_bundle_president_cert (KolEngine       *engine,
                           const KolBundle *b)
{
  for (int i = 0; i < b->n_certs; i++)
    if (engine->certs[b->certs[i]].president)
      return b->certs[i];
  return -1;
}

/**
 * kol_bundle_num_shares:
 *
 * Returns: the number of shares in @b, rounded up.
 */
int
kol_bundle_num_shares (KolEngine       *engine,
                       const KolBundle *b)
{
  int sp = kol_engine_share_percent (engine, b->corp);

  return (b->percent + sp - 1) / sp;
}

/**
 * kol_cert_price_per_share:
 *
 * Share#price_per_share: IPO certificates cost the par price, others the
 * share price; before there is one, Corporation#min_price (the lowest par
 * price). The price multiplier is 1 in our titles.
 *
 * Returns: the price per share.
 */
int
kol_cert_price_per_share (KolEngine *engine,
                          int        cert)
{
  const KolCert *c = &engine->certs[cert];
  int price;

  if (same_entity (c->owner, corp_entity (c->corp)))
    price = kol_corp_par_price (engine, c->corp);
  else
    price = kol_market_corp_price (engine, c->corp);
  return price >= 0 ? price : kol_market_min_par_price (engine);
}

/**
 * kol_bundle_price_per_share:
 *
 * Returns: the bundle's share price override, else its first certificate's
 * price per share.
 */
int
kol_bundle_price_per_share (KolEngine       *engine,
                            const KolBundle *b)
{
  if (b->share_price > 0)
    return b->share_price;
  return kol_cert_price_per_share (engine, b->certs[0]);
}

/**
 * kol_bundle_price:
 *
 * Returns: ShareBundle#price, price per share × shares, rounded up.
 */
int
kol_bundle_price (KolEngine       *engine,
                  const KolBundle *b)
{
  gint64 num = (gint64) kol_bundle_price_per_share (engine, b) * b->percent;
  int sp = kol_engine_share_percent (engine, b->corp);

  return (int) ((num + sp - 1) / sp);
}

/**
 * kol_bundle_buyable:
 *
 * Returns: %TRUE if every certificate is buyable (not reserved).
 */
gboolean
kol_bundle_buyable (KolEngine       *engine,
                    const KolBundle *b)
{
  for (int i = 0; i < b->n_certs; i++)
    if (!engine->certs[b->certs[i]].buyable)
      return FALSE;
  return TRUE;
}

/**
 * kol_bundle_can_dump:
 *
 * ShareBundle#can_dump?: without the president's certificate always; with
 * it only if a player or another corporation (not @entity) holds at least
 * the certificate's percentage.
 *
 * Returns: %TRUE if @entity may part with @b.
 */
gboolean
kol_bundle_can_dump (KolEngine       *engine,
                     const KolBundle *b,
                     KolEntity        entity)
{
  int pres = kol_bundle_president_cert (engine, b);
  int by_player[KOL_MAX_PLAYERS] = { 0 }, by_corp[KOL_MAX_CORPS] = { 0 };
  int best = 0, first, end;

  if (pres < 0)
    return TRUE;
  /* one pass over the corporation's certificates (this runs for every
   * bundle offered) */
  kol_engine_corp_certs (engine, b->corp, &first, &end);
  for (int i = first; i < end; i++)
    {
      const KolCert *c = &engine->certs[i];

      if (c->owner.kind == KOL_ENTITY_PLAYER && c->owner.index < KOL_MAX_PLAYERS)
        by_player[c->owner.index] += c->percent;
      else if (c->owner.kind == KOL_ENTITY_CORP && c->owner.index < KOL_MAX_CORPS)
        by_corp[c->owner.index] += c->percent;
    }
  for (int p = 0; p < engine->n_players; p++)
    if (!kol_entity_equal (kol_entity (KOL_ENTITY_PLAYER, p), entity))
      best = MAX (best, by_player[p]);
  for (int c = 0; c < engine->n_corps; c++)
    if (c != b->corp && !kol_entity_equal (corp_entity (c), entity))
      best = MAX (best, by_corp[c]);
  return best >= engine->certs[pres].percent;
}

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/**
 * kol_bundle_same_shape:
 *
 * Returns: %TRUE if @a and @b are the same choice: corporation, owner,
 * percentage, president's certificate or not, and certificate sizes.
 */
gboolean
kol_bundle_same_shape (KolEngine       *engine,
                       const KolBundle *a,
                       const KolBundle *b)
{
  int pa[KOL_BUNDLE_MAX_CERTS], pb[KOL_BUNDLE_MAX_CERTS];

  if (a->corp != b->corp || !kol_entity_equal (a->owner, b->owner) ||
      a->percent != b->percent || a->n_certs != b->n_certs ||
      (kol_bundle_president_cert (engine, a) < 0) != (kol_bundle_president_cert (engine, b) < 0))
    return FALSE;
  for (int i = 0; i < a->n_certs; i++)
    {
      pa[i] = engine->certs[a->certs[i]].percent;
      pb[i] = engine->certs[b->certs[i]].percent;
    }
  qsort (pa, a->n_certs, sizeof (int), cmp_int);
  qsort (pb, b->n_certs, sizeof (int), cmp_int);
  return memcmp (pa, pb, a->n_certs * sizeof (int)) == 0;
}

/* ------------------------------------------------------------ corporations */

/**
 * kol_corp_par_price:
 *
 * Returns: Corporation#par_price (the share price for corporations that
 * always use the market price), -1 when none or closed.
 */
int
kol_corp_par_price (KolEngine *engine,
                    int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  const KolCorp *c = &engine->corps[corp];

  if (c->closed)
    return -1;
  if (h && h->always_market_price)
    return kol_market_corp_price (engine, corp);
  if (c->par_row < 0 || c->par_col < 0)
    return -1;
  return kol_market_cell_price (engine, kol_cell (c->par_row, c->par_col));
}

/**
 * kol_corp_presidents_percent:
 *
 * Returns: the percentage of @corp's president's certificate.
 */
int
kol_corp_presidents_percent (KolEngine *engine,
                             int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];

  return def->n_shares > 0 ? def->shares[0] : 0;
}

/**
 * kol_corp_total_shares:
 *
 * Returns: Corporation#total_shares.
 */
int
kol_corp_total_shares (KolEngine *engine,
                       int        corp)
{
  return 100 / kol_engine_share_percent (engine, corp);
}

/**
 * kol_corp_ipo_percent:
 *
 * Returns: the percentage of @corp still in its IPO (held by itself).
 */
int
kol_corp_ipo_percent (KolEngine *engine,
                      int        corp)
{
  return kol_engine_percent_of (engine, corp_entity (corp), corp);
}

/**
 * kol_corp_pool_percent:
 *
 * Returns: the percentage of @corp in the pool.
 */
int
kol_corp_pool_percent (KolEngine *engine,
                       int        corp)
{
  return kol_engine_percent_of (engine, pool_entity (), corp);
}

/**
 * kol_corp_num_market_shares:
 *
 * Returns: Corporation#num_market_shares.
 */
int
kol_corp_num_market_shares (KolEngine *engine,
                            int        corp)
{
  return kol_corp_pool_percent (engine, corp) / kol_engine_share_percent (engine, corp);
}

/**
 * kol_corp_player_percent:
 *
 * Returns: the percentage of @corp held by players.
 */
int
kol_corp_player_percent (KolEngine *engine,
                         int        corp)
{
  int total = 0;

  for (int p = 0; p < engine->n_players; p++)
    total += kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, p), corp);
  return total;
}

/**
 * kol_corp_floated:
 *
 * Corporation#floated?, remembered once TRUE (@floated ||=). A closed
 * corporation is not floated (Ruby would recompute it from the emptied
 * holdings; nothing asks then).
 *
 * Returns: %TRUE if @corp has floated.
 */
gboolean
kol_corp_floated (KolEngine *engine,
                  int        corp)
{
  KolCorp *c = &engine->corps[corp];

  if (c->closed)
    return FALSE;
  if (!c->floated &&
      kol_corp_ipo_percent (engine, corp) <= 100 - engine->title->corps[corp].float_percent)
    c->floated = TRUE;
  return c->floated;
}

/**
 * kol_corp_is_president:
 *
 * Returns: %TRUE if @e presides over @corp (Corporation#president?).
 */
gboolean
kol_corp_is_president (KolEngine *engine,
                       int        corp,
                       KolEntity  e)
{
  return same_entity (engine->corps[corp].owner, e);
}

/**
 * kol_corp_max_ownership:
 *
 * Returns: Corporation#max_ownership_percent (60 unless the title says).
 */
int
kol_corp_max_ownership (KolEngine *engine,
                        int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->max_ownership)
    return h->max_ownership (engine, corp);
  return h && h->max_ownership_percent > 0 ? h->max_ownership_percent : 60;
}

/**
 * kol_corp_holding_ok:
 *
 * Corporation#holding_ok?. A corporation may hold all of itself.
 *
 * Returns: %TRUE if @holder may hold its share of @corp plus @extra percent.
 */
gboolean
kol_corp_holding_ok (KolEngine *engine,
                     int        corp,
                     KolEntity  holder,
                     int        extra)
{
  if (same_entity (holder, corp_entity (corp)))
    return TRUE;
  return kol_engine_percent_of (engine, holder, corp) + extra <= kol_corp_max_ownership (engine, corp);
}

/**
 * kol_corp_counts_for_limit:
 *
 * Corporation#counts_for_limit: by the share price cell's type. Our cell
 * flags have no unlimited / multiple-buy / no-cert-limit types (none of
 * 1849's or 1840's cells has one), so every certificate counts.
 *
 * Returns: %TRUE.
 */
gboolean
kol_corp_counts_for_limit (KolEngine *engine,
                           int        corp)
{
  return TRUE;
}

/**
 * kol_corp_buy_multiple:
 *
 * Corporation#buy_multiple?: only on multiple-buy cells, which neither title
 * has.
 *
 * Returns: %FALSE.
 */
gboolean
kol_corp_buy_multiple (KolEngine *engine,
                       int        corp)
{
  return FALSE;
}

/* ---------------------------------------------------------------- players */

/**
 * kol_shares_player_order:
 * @out: (out) (array): player indices; room for KOL_MAX_PLAYERS
 *
 * Game @players: engine->player_order, which titles reorder after stock rounds
 * (kol_engine_reorder_players), unless the title's hook says otherwise.
 *
 * Returns: the number of players.
 */
int
kol_shares_player_order (KolEngine *engine,
                         gint16    *out)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->player_order)
    return h->player_order (engine, out);
  for (int i = 0; i < engine->n_players; i++)
    out[i] = engine->player_order[i];
  return engine->n_players;
}

/**
 * kol_shares_possible_presidents:
 * @out: (out) (array): player indices; room for KOL_MAX_PLAYERS
 *
 * Returns: Game#possible_presidents: players in order, not bankrupt.
 */
int
kol_shares_possible_presidents (KolEngine *engine,
                                gint16    *out)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n = kol_shares_player_order (engine, order), m = 0;

  for (int i = 0; i < n; i++)
    if (!engine->players[order[i]].bankrupt)
      out[m++] = order[i];
  return m;
}

/**
 * kol_shares_distance:
 *
 * SharePool#distance: how many seats @b is after @a among the possible
 * presidents; 0 when either is not one.
 *
 * Returns: the distance.
 */
int
kol_shares_distance (KolEngine *engine,
                     KolEntity  a,
                     KolEntity  b)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n, ia = -1, ib = -1;

  if (a.kind != KOL_ENTITY_PLAYER || b.kind != KOL_ENTITY_PLAYER)
    return 0;
  n = kol_shares_possible_presidents (engine, order);
  for (int i = 0; i < n; i++)
    {
      if (order[i] == a.index)
        ia = i;
      if (order[i] == b.index)
        ib = i;
    }
  if (ia < 0 || ib < 0)
    return 0;
  return ia < ib ? ib - ia : ib - (ia - n);
}

/**
 * kol_shares_num_certs:
 *
 * Game#num_certs: certificates that count for the limit (one each) plus the
 * private companies @e owns (CERT_LIMIT_INCLUDES_PRIVATES, both titles).
 *
 * Returns: the certificate count.
 */
int
kol_shares_num_certs (KolEngine *engine,
                      KolEntity  e)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  int n = 0;

  for (int i = 0; i < engine->n_certs; i++)
    if (same_entity (engine->certs[i].owner, e) && kol_corp_counts_for_limit (engine, engine->certs[i].corp))
      n++;
  if (!(h && h->cert_limit_excludes_privates))
    {
      gint16 companies[KOL_MAX_COMPANIES];

      n += kol_engine_companies_of (engine, e, companies, KOL_MAX_COMPANIES);
    }
  return n;
}

/**
 * kol_shares_cert_limit:
 *
 * Returns: Game#cert_limit (the title's limit for the player count).
 */
int
kol_shares_cert_limit (KolEngine *engine,
                       int        player)
{
  return engine->title->cert_limit;
}

/**
 * kol_shares_market_share_limit:
 *
 * Returns: Game#market_share_limit (50% unless the title says).
 */
int
kol_shares_market_share_limit (KolEngine *engine,
                               int        corp)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  return h && h->market_share_limit > 0 ? h->market_share_limit : 50;
}

/**
 * kol_shares_fit_in_pool:
 *
 * Returns: SharePool#fit_in_bank?: the pool may take @b.
 */
gboolean
kol_shares_fit_in_pool (KolEngine       *engine,
                        const KolBundle *b)
{
  return b->percent + kol_corp_pool_percent (engine, b->corp) <=
         kol_shares_market_share_limit (engine, b->corp);
}

/**
 * kol_shares_pool_at_limit:
 *
 * Returns: SharePool#bank_at_limit?.
 */
gboolean
kol_shares_pool_at_limit (KolEngine *engine,
                          int        corp)
{
  return kol_corp_pool_percent (engine, corp) >= kol_shares_market_share_limit (engine, corp);
}

/* ------------------------------------------------------------- presidency */

/**
 * kol_shares_move_cert:
 *
 * SharePool#move_share: @cert goes to the end of @to's holding.
 */
void
kol_shares_move_cert (KolEngine *engine,
                      int        cert,
                      KolEntity  to)
{
  kol_engine_move_cert (engine, cert, to);
}

/**
 * kol_default_change_president:
 *
 * SharePool#change_president: the new president gives the first
 * certificates of their holding, as many as the president's certificate is
 * shares (Game#shares_for_presidency_swap: take), to @swap_to, and receives
 * the president's certificate.
 */
void
kol_default_change_president (KolEngine *engine,
                              int        presidents_cert,
                              KolEntity  swap_to,
                              KolEntity  president,
                              KolEntity  previous)
{
  int corp = engine->certs[presidents_cert].corp;
  int num = engine->certs[presidents_cert].percent / kol_engine_share_percent (engine, corp);
  gint16 held[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, president, corp, held, KOL_MAX_CERTS);

  for (int i = 0; i < n && i < num; i++)
    kol_shares_move_cert (engine, held[i], swap_to);
  kol_shares_move_cert (engine, presidents_cert, president);
}

/**
 * kol_shares_change_president:
 *
 * SharePool#change_president through the title's hook.
 */
void
kol_shares_change_president (KolEngine *engine,
                             int        presidents_cert,
                             KolEntity  swap_to,
                             KolEntity  president,
                             KolEntity  previous)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->change_president)
    h->change_president (engine, presidents_cert, swap_to, president, previous);
  else
    kol_default_change_president (engine, presidents_cert, swap_to, president, previous);
}

/**
 * kol_default_handle_partial:
 *
 * SharePool#handle_partial: the part of the president's certificate that
 * was not sold comes back as ordinary certificates: the first ones @from
 * holds.
 */
void
kol_default_handle_partial (KolEngine       *engine,
                            const KolBundle *b,
                            KolEntity        from,
                            KolEntity        to)
{
  int num = (kol_bundle_certs_percent (engine, b) - b->percent) / kol_engine_share_percent (engine, b->corp);

  for (int i = 0; i < num; i++)
    {
      gint16 first;

      if (kol_engine_certs_of (engine, from, b->corp, &first, 1) < 1)
        return;
      kol_shares_move_cert (engine, first, to);
    }
}

/**
 * kol_shares_handle_partial:
 *
 * SharePool#handle_partial through the title's hook.
 */
void
kol_shares_handle_partial (KolEngine       *engine,
                           const KolBundle *b,
                           KolEntity        from,
                           KolEntity        to)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->handle_partial)
    h->handle_partial (engine, b, from, to);
  else
    kol_default_handle_partial (engine, b, from, to);
}

static void
log_president (KolEngine *engine,
               KolEntity  president,
               int        corp)
{
  KolArg args[2] = { kol_arg_entity (president), kol_arg_int (KOL_ARG_CORP, corp) };

  kol_engine_log (engine, KOL_LOG_BECOMES_PRESIDENT, args, 2);
}

/* The majority holder who becomes president, or NONE (transfer_shares'
 * choice: the president's certificate holder when there was no president,
 * else the nearest player after the previous one with enough shares). */
static KolEntity
choose_president (KolEngine *engine,
                  int        corp,
                  KolEntity  previous,
                  gboolean  *stays)
{
  gint16 order[KOL_MAX_PLAYERS];
  int n = kol_shares_player_order (engine, order);
  int max = 0, best = -1, best_distance = G_MAXINT;
  int pres_cert = kol_engine_president_cert (engine, corp);
  int pres_percent = kol_corp_presidents_percent (engine, corp);

  *stays = FALSE;
  for (int i = 0; i < n; i++)
    max = MAX (max, kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, order[i]), corp));
  for (int i = 0; i < n; i++)
    {
      KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);

      if (kol_engine_percent_of (engine, p, corp) == max && same_entity (p, previous))
        {
          *stays = TRUE;
          return KOL_ENTITY_INIT_NONE;
        }
    }
  if (entity_is_none (previous) && pres_cert >= 0)
    for (int i = 0; i < n; i++)
      {
        KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);

        if (kol_engine_percent_of (engine, p, corp) == max && same_entity (p, engine->certs[pres_cert].owner))
          return p;
      }
  for (int i = 0; i < n; i++)
    {
      KolEntity p = kol_entity (KOL_ENTITY_PLAYER, order[i]);
      int percent = kol_engine_percent_of (engine, p, corp), d;

      if (percent != max || percent < pres_percent)
        continue;
      d = kol_shares_distance (engine, previous, p);
      if (d < best_distance)
        {
          best_distance = d;
          best = order[i];
        }
    }
  return best >= 0 ? kol_entity (KOL_ENTITY_PLAYER, best) : KOL_ENTITY_INIT_NONE;
}

/* The presidency part of SharePool#transfer_shares (the receivership
 * branches of allow_president_sale are not reached by our titles). */
static void
change_presidency (KolEngine       *engine,
                   const KolBundle *b,
                   KolEntity        to,
                   KolEntity        previous,
                   gboolean         corporate_transfer)
{
  int corp = b->corp;
  KolEntity owner = b->owner;
  int bundle_pres = kol_bundle_president_cert (engine, b);
  gboolean partial = kol_bundle_partial (engine, b), stays;
  KolEntity president = choose_president (engine, corp, previous, &stays);
  KolEntity transfer_to, swap_to;
  int pres_cert = bundle_pres;

  if (stays || entity_is_none (president))
    return;
  engine->corps[corp].owner = president;
  log_president (engine, president, corp);

  if (same_entity (to, president) && same_entity (previous, owner) && bundle_pres >= 0 && !partial)
    return;
  /* can_swap_for_presidents_share_directly_from_corporation? is true */
  if (same_entity (owner, corp_entity (corp)) && bundle_pres < 0 && entity_is_none (previous))
    previous = corp_entity (corp);
  if (same_entity (owner, president) || entity_is_none (previous))
    return;
  if (pres_cert < 0)
    {
      gint16 held[KOL_MAX_CERTS];
      int n = kol_engine_certs_of (engine, previous, corp, held, KOL_MAX_CERTS);

      for (int i = 0; i < n && pres_cert < 0; i++)
        if (engine->certs[held[i]].president)
          pres_cert = held[i];
      if (pres_cert < 0)
        return;
    }
  if (((owner.kind == KOL_ENTITY_PLAYER && to.kind == KOL_ENTITY_PLAYER) || corporate_transfer) &&
      bundle_pres >= 0)
    {
      transfer_to = to;
      swap_to = to;
    }
  else
    {
      /* SOLD_SHARES_DESTINATION is :bank in both titles */
      transfer_to = pool_entity ();
      swap_to = kol_engine_percent_of (engine, previous, corp) >= engine->certs[pres_cert].percent
                ? previous : transfer_to;
    }
  kol_shares_change_president (engine, pres_cert, swap_to, president, previous);
  if (partial)
    kol_shares_handle_partial (engine, b, transfer_to, owner);
}

/**
 * kol_transfer_opts_init:
 *
 * Defaults of SharePool#transfer_shares: no money, the bundle's price,
 * presidency changes allowed.
 */
void
kol_transfer_opts_init (KolTransferOpts *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->spender = KOL_ENTITY_INIT_NONE;
  opts->receiver = KOL_ENTITY_INIT_NONE;
  opts->price = -1;
  opts->allow_president_change = TRUE;
}

/**
 * kol_shares_transfer:
 * @opts: (nullable): the options, NULL for the defaults
 *
 * SharePool#transfer_shares: @opts->spender pays @opts->receiver, the
 * bundle's certificates go to @to in bundle order, then the presidency may
 * change.
 */
void
kol_shares_transfer (KolEngine             *engine,
                     const KolBundle       *b,
                     KolEntity              to,
                     const KolTransferOpts *opts)
{
  KolTransferOpts defaults;
  KolEntity previous = engine->corps[b->corp].owner;
  KolBundle bundle = *b;
  int price;

  if (opts == NULL)
    {
      kol_transfer_opts_init (&defaults);
      opts = &defaults;
    }
  price = opts->price >= 0 ? opts->price : kol_bundle_price (engine, &bundle);
  if (!entity_is_none (opts->spender) && !entity_is_none (opts->receiver) && price > 0)
    kol_engine_transfer (engine, opts->spender, opts->receiver, price);
  for (int i = 0; i < bundle.n_certs; i++)
    kol_shares_move_cert (engine, bundle.certs[i], to);
  if (opts->allow_president_change)
    change_presidency (engine, &bundle, to, previous, opts->corporate_transfer);
}

/* ----------------------------------------------------------------- buying */

/**
 * kol_buy_opts_init:
 *
 * Defaults of SharePool#buy_shares.
 */
void
kol_buy_opts_init (KolBuyOpts *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->allow_president_change = TRUE;
}

static void
log_buy (KolEngine       *engine,
         KolEntity        entity,
         const KolBundle *b,
         int              price)
{
  KolArg args[5];
  gboolean redeem = same_entity (entity, corp_entity (b->corp));

  args[0] = kol_arg_entity (entity);
  args[1] = kol_arg_int (KOL_ARG_PERCENT, b->percent);
  if (redeem)
    {
      /* "redeems a 10% share from …": no corporation named */
      if (b->owner.kind == KOL_ENTITY_POOL)
        {
          args[2] = kol_arg_int (KOL_ARG_MONEY, price);
          kol_engine_log (engine, KOL_LOG_REDEEMS_SHARE_MARKET, args, 3);
        }
      else
        {
          args[2] = kol_arg_entity (b->owner);
          args[3] = kol_arg_int (KOL_ARG_MONEY, price);
          kol_engine_log (engine, KOL_LOG_REDEEMS_SHARE_FROM, args, 4);
        }
      return;
    }
  args[2] = kol_arg_int (KOL_ARG_CORP, b->corp);
  if (same_entity (b->owner, corp_entity (b->corp)))
    {
      args[3] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_IPO, args, 4);
    }
  else if (b->owner.kind == KOL_ENTITY_PLAYER || b->owner.kind == KOL_ENTITY_CORP)
    {
      args[3] = kol_arg_entity (b->owner);
      args[4] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_FROM, args, 5);
    }
  else
    {
      args[3] = kol_arg_int (KOL_ARG_MONEY, price);
      kol_engine_log (engine, KOL_LOG_BUYS_SHARE_MARKET, args, 4);
    }
}

/* Who receives the money for @b (SharePool#buy_shares): the corporation
 * for its own certificates when it is capitalised incrementally, another
 * corporation or a player selling theirs, else the bank (the IPO is the
 * corporation's treasury in both titles). */
static KolEntity
buy_receiver (KolEngine       *engine,
              const KolBundle *b)
{
  gboolean own = same_entity (b->owner, corp_entity (b->corp));

  if (own && capitalization (engine) == KOL_CAPITALIZATION_INCREMENTAL)
    return b->owner;
  if ((b->owner.kind == KOL_ENTITY_CORP && !own) || b->owner.kind == KOL_ENTITY_PLAYER)
    return b->owner;
  return kol_entity (KOL_ENTITY_BANK, 0);
}

/**
 * kol_shares_buy:
 * @opts: (nullable): options, NULL for the defaults
 *
 * SharePool#buy_shares: @entity gets @b. Logs the IPO ("pars") and the
 * purchase, pays the seller (see buy_receiver), transfers, and floats the
 * corporation if this floated it. No rule checks: steps check first.
 */
void
kol_shares_buy (KolEngine        *engine,
                KolEntity         entity,
                const KolBundle  *b,
                const KolBuyOpts *opts)
{
  KolBuyOpts defaults;
  KolCorp *c = &engine->corps[b->corp];
  gboolean ipoed = c->ipoed;
  gboolean floated = kol_corp_floated (engine, b->corp);
  int price, par;
  KolTransferOpts t;

  if (opts == NULL)
    {
      kol_buy_opts_init (&defaults);
      opts = &defaults;
    }
  if (kol_bundle_president_cert (engine, b) >= 0 || c->owner.kind == KOL_ENTITY_PLAYER)
    c->ipoed = TRUE;
  price = kol_bundle_price (engine, b);
  par = kol_corp_par_price (engine, b->corp);
  if (ipoed != c->ipoed && par >= 0 && !opts->silent)
    {
      KolArg args[3] = {
        kol_arg_entity (entity), kol_arg_int (KOL_ARG_CORP, b->corp),
        kol_arg_int (KOL_ARG_MONEY, par),
      };

      kol_engine_log (engine, KOL_LOG_PARS, args, 3);
    }

  kol_transfer_opts_init (&t);
  t.allow_president_change = opts->allow_president_change;
  if (opts->exchange != KOL_EXCHANGE_NONE)
    {
      price = opts->exchange_price;
      if (!opts->silent)
        {
          KolArg args[3] = {
            kol_arg_entity (entity), kol_arg_int (KOL_ARG_PERCENT, b->percent),
            kol_arg_int (KOL_ARG_CORP, b->corp),
          };

          kol_engine_log (engine, KOL_LOG_RECEIVES_SHARE, args, 3);
        }
    }
  else if (!opts->silent)
    log_buy (engine, entity, b, price);

  if (price != 0)
    {
      t.spender = entity.kind == KOL_ENTITY_POOL ? kol_entity (KOL_ENTITY_BANK, 0) : entity;
      t.receiver = buy_receiver (engine, b);
    }
  t.price = price;
  kol_shares_transfer (engine, b, entity, &t);

  if (floated != kol_corp_floated (engine, b->corp))
    kol_shares_float_corporation (engine, b->corp);
}

/* ---------------------------------------------------------------- selling */

static void
log_sell (KolEngine       *engine,
          const KolBundle *b,
          int              price)
{
  gboolean issue = same_entity (b->owner, corp_entity (b->corp));
  int num = kol_bundle_num_shares (engine, b);
  KolArg args[4] = {
    kol_arg_entity (b->owner),
    num == 1 ? kol_arg_int (KOL_ARG_PERCENT, b->percent) : kol_arg_int (KOL_ARG_INT, num),
    kol_arg_int (KOL_ARG_CORP, b->corp),
    kol_arg_int (KOL_ARG_MONEY, price),
  };
  int kind;

  if (issue)
    kind = num == 1 ? KOL_LOG_ISSUES_SHARE : KOL_LOG_ISSUES_SHARES;
  else
    kind = num == 1 ? KOL_LOG_SELLS_SHARE : KOL_LOG_SELLS_SHARES;
  kol_engine_log (engine, kind, args, 4);
}

/**
 * kol_shares_sell:
 *
 * SharePool#sell_shares: @b goes to the pool and the bank pays its owner.
 */
void
kol_shares_sell (KolEngine       *engine,
                 const KolBundle *b,
                 gboolean         allow_president_change,
                 gboolean         silent)
{
  KolTransferOpts t;
  int price = kol_bundle_price (engine, b);

  if (!silent)
    log_sell (engine, b, price);
  kol_transfer_opts_init (&t);
  t.spender = kol_entity (KOL_ENTITY_BANK, 0);
  t.receiver = b->owner;
  t.price = price;
  t.allow_president_change = allow_president_change;
  kol_shares_transfer (engine, b, pool_entity (), &t);
}

static int
sell_movement (KolEngine *engine)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  return h ? h->sell_movement : KOL_SELL_MOVE_DOWN_SHARE;
}

static void
move_times (KolEngine          *engine,
            int                 corp,
            KolMarketDirection  dir,
            int                 times)
{
  for (int i = 0; i < times; i++)
    kol_market_move_dir (engine, corp, dir);
}

/**
 * kol_shares_sell_and_change_price:
 * @movement: a KolSellMovement, or -1 for the title's SELL_MOVEMENT
 *
 * Game#sell_shares_and_change_price: sells @b, moves the share price and
 * logs the move.
 */
void
kol_shares_sell_and_change_price (KolEngine       *engine,
                                  const KolBundle *b,
                                  gboolean         allow_president_change,
                                  int              movement)
{
  int corp = b->corp;
  KolCell old = kol_market_corp_cell (engine, corp);
  gboolean was_president = kol_corp_is_president (engine, corp, b->owner);
  int shares = kol_bundle_num_shares (engine, b);

  kol_shares_sell (engine, b, allow_president_change, FALSE);
  if (movement < 0)
    movement = sell_movement (engine);
  switch ((KolSellMovement) movement)
    {
    case KOL_SELL_MOVE_DOWN_SHARE:
      move_times (engine, corp, KOL_MARKET_DOWN, shares);
      break;
    case KOL_SELL_MOVE_DOWN_PER_10:
      move_times (engine, corp, KOL_MARKET_DOWN, b->percent / 10);
      break;
    case KOL_SELL_MOVE_DOWN_BLOCK:
      move_times (engine, corp, KOL_MARKET_DOWN, 1);
      break;
    case KOL_SELL_MOVE_LEFT_SHARE:
      move_times (engine, corp, KOL_MARKET_LEFT, shares);
      break;
    case KOL_SELL_MOVE_LEFT_SHARE_PRES:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? shares : 0);
      break;
    case KOL_SELL_MOVE_LEFT_BLOCK:
      move_times (engine, corp, KOL_MARKET_LEFT, 1);
      break;
    case KOL_SELL_MOVE_DOWN_BLOCK_PRES:
      move_times (engine, corp, KOL_MARKET_DOWN, was_president ? 1 : 0);
      break;
    case KOL_SELL_MOVE_LEFT_BLOCK_PRES:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? 1 : 0);
      break;
    case KOL_SELL_MOVE_LEFT_PER_10_IF_PRES_ELSE_LEFT_ONE:
      move_times (engine, corp, KOL_MARKET_LEFT, was_president ? b->percent / 10 : 1);
      break;
    case KOL_SELL_MOVE_NONE:
    default:
      break;
    }
  if (sell_movement (engine) != KOL_SELL_MOVE_NONE)
    kol_market_log_share_price (engine, corp, old, 0, FALSE);
}

/* ---------------------------------------------------------------- bundles */

static int
cmp_bundle_order (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  KolEngine *engine = data;
  const KolCert *x = &engine->certs[*(const gint16 *) a];
  const KolCert *y = &engine->certs[*(const gint16 *) b];

  if (x->president != y->president)
    return x->president ? 1 : -1;
  if (x->percent != y->percent)
    return x->percent < y->percent ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int
cmp_bundle_percent (gconstpointer a,
                    gconstpointer b)
{
  const KolBundle *x = a, *y = b;

  return x->percent - y->percent;
}

/**
 * kol_shares_all_bundles_for_corporation:
 * @certs: (nullable) (array length=n_certs): certificates to bundle, NULL
 *   for @holder's certificates of @corp
 * @out: (out) (array): the bundles, by percent
 *
 * Game#all_bundles_for_corporation: nothing before the corporation is
 * started; else the certificates ordered by (president's last, percent),
 * each bundle adding the next one, and, when the president's certificate is
 * included, the partial bundles that sell only part of it
 * (Game#partial_bundles_for_presidents_share).
 *
 * Returns: the number of bundles.
 */
int
kol_shares_all_bundles_for_corporation (KolEngine    *engine,
                                        KolEntity     holder,
                                        int           corp,
                                        const gint16 *certs,
                                        int           n_certs,
                                        KolBundle    *out,
                                        int           max)
{
  gint16 held[KOL_MAX_CERTS];
  int n = 0, percent = 0;

  if (!engine->corps[corp].ipoed)
    return 0;
  if (certs == NULL)
    n_certs = kol_engine_certs_of (engine, holder, corp, held, KOL_MAX_CERTS);
  else
    memcpy (held, certs, MIN (n_certs, KOL_MAX_CERTS) * sizeof *held);
  n_certs = MIN (n_certs, KOL_BUNDLE_MAX_CERTS);
  if (n_certs == 0)
    return 0;
  /* a stable sort keeps equal certificates in holding order */
  g_qsort_with_data (held, n_certs, sizeof *held, cmp_bundle_order, engine);
  for (int i = 0; i < n_certs && n < max; i++)
    {
      percent += engine->certs[held[i]].percent;
      kol_bundle_init (engine, &out[n++], held, i + 1, percent);
    }
  if (engine->certs[held[n_certs - 1]].president)
    {
      int normal = kol_engine_share_percent (engine, corp);
      int partials = (kol_corp_presidents_percent (engine, corp) - normal) / normal;

      for (int k = 1; k <= partials && n < max; k++)
        kol_bundle_init (engine, &out[n++], held, n_certs, percent - normal * k);
    }
  qsort (out, n, sizeof *out, cmp_bundle_percent);
  return n;
}

/**
 * kol_default_bundles_for_corporation:
 *
 * Game#bundles_for_corporation: all_bundles_for_corporation of @holder's
 * certificates.
 *
 * Returns: the number of bundles.
 */
int
kol_default_bundles_for_corporation (KolEngine *engine,
                                     KolEntity  holder,
                                     int        corp,
                                     KolBundle *out,
                                     int        max)
{
  return kol_shares_all_bundles_for_corporation (engine, holder, corp, NULL, 0, out, max);
}

/**
 * kol_shares_bundles_for_corporation:
 *
 * Game#bundles_for_corporation through the title's hook.
 *
 * Returns: the number of bundles.
 */
int
kol_shares_bundles_for_corporation (KolEngine *engine,
                                    KolEntity  holder,
                                    int        corp,
                                    KolBundle *out,
                                    int        max)
{
  const KolStockHooks *h = kol_stock_hooks (engine);

  if (h && h->bundles_for_corporation)
    return h->bundles_for_corporation (engine, holder, corp, out, max);
  return kol_default_bundles_for_corporation (engine, holder, corp, out, max);
}

/* ------------------------------------------------------ opening and closing */

/**
 * kol_shares_float_corporation:
 *
 * Game#float_corporation: logs; a fully capitalised corporation receives
 * par price × total shares from the bank.
 */
void
kol_shares_float_corporation (KolEngine *engine,
                              int        corp)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, corp) };

  kol_engine_log (engine, KOL_LOG_FLOATS, args, 1);
  if (capitalization (engine) != KOL_CAPITALIZATION_FULL)
    return;
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), corp_entity (corp),
                     kol_corp_par_price (engine, corp) * kol_corp_total_shares (engine, corp));
  args[1] = kol_arg_int (KOL_ARG_MONEY, engine->corps[corp].cash);
  kol_engine_log (engine, KOL_LOG_RECEIVES_CAPITAL, args, 2);
}

static void
remove_from_corp_order (KolEngine *engine,
                        int        corp)
{
  int m = 0;

  for (int i = 0; i < engine->n_corp_order; i++)
    if (engine->corp_order[i] != corp)
      engine->corp_order[m++] = engine->corp_order[i];
  engine->n_corp_order = m;
}

/**
 * kol_shares_close_corporation:
 *
 * The share side of Game#close_corporation: every holder loses its
 * certificates of @corp (shares_by_corporation.delete), @corp leaves the
 * market and the corporation list, and Corporation#close! clears it.
 */
void
kol_shares_close_corporation (KolEngine *engine,
                              int        corp)
{
  KolCorp *c = &engine->corps[corp];

  for (int i = 0; i < engine->n_certs; i++)
    if (engine->certs[i].corp == corp)
      kol_engine_move_cert (engine, i, kol_entity (KOL_ENTITY_REMOVED, 0));
  kol_market_remove (engine, corp);
  remove_from_corp_order (engine, corp);
  c->closed = TRUE;
  c->ipoed = FALSE;
  c->floated = FALSE;
  c->owner = KOL_ENTITY_INIT_NONE;
}

/**
 * kol_shares_reset_corporation:
 *
 * Game#reset_corporation: @corp starts afresh, as a new Corporation object:
 * its certificates back in its IPO in index order, no price, cash, tokens on
 * the board, loans or title state. Its companies close.
 */
void
kol_shares_reset_corporation (KolEngine *engine,
                              int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  KolCorp *c = &engine->corps[corp];
  guint32 order_seq = c->order_seq;
  guint8 removed = c->removed;
  gint16 companies[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, corp_entity (corp), companies, KOL_MAX_COMPANIES);

  for (int i = 0; i < n; i++)
    kol_engine_close_company (engine, companies[i]);
  for (int t = 0; t < c->n_tokens; t++)
    if (c->tokens[t].hex >= 0)
      kol_board_remove_token (engine, corp, t);
  kol_engine_transfer (engine, corp_entity (corp), kol_entity (KOL_ENTITY_BANK, 0), c->cash);

  memset (c, 0, sizeof *c);
  c->price_row = c->price_col = -1;
  c->par_row = c->par_col = -1;
  c->owner = KOL_ENTITY_INIT_NONE;
  c->order_seq = order_seq;
  c->removed = removed;
  c->n_tokens = MIN (def->n_tokens, KOL_MAX_CORP_TOKENS);
  for (int t = 0; t < c->n_tokens; t++)
    {
      c->tokens[t].hex = -1;
      c->tokens[t].slot = -1;
      c->tokens[t].price = def->token_costs[t];
    }
  /* certificates in index order, as Corporation#initialize creates them */
  for (int i = 0; i < engine->n_certs; i++)
    if (engine->certs[i].corp == corp)
      {
        engine->certs[i].buyable = TRUE;
        kol_engine_move_cert (engine, i, corp_entity (corp));
      }
}

/**
 * kol_shares_close_corporations_in_close_cell:
 *
 * Game#close_corporations_in_close_cell!: closes every corporation on a
 * close cell through the title's close_corporation, in corporation list
 * order; a closing that puts another corporation there closes it too.
 *
 * Returns: %TRUE if any corporation closed.
 */
gboolean
kol_shares_close_corporations_in_close_cell (KolEngine *engine)
{
  guint32 done = 0;
  gboolean closed_any = FALSE;

  if (!kol_market_has_close_cell (engine))
    return FALSE;
  for (;;)
    {
      int victim = -1;

      for (int i = 0; i < engine->n_corp_order && victim < 0; i++)
        {
          int c = engine->corp_order[i];

          if (!engine->corps[c].closed && !(done & (1u << c)) &&
              kol_market_cell_has_flag (engine, kol_market_corp_cell (engine, c), KOL_CELL_CLOSE))
            victim = c;
        }
      if (victim < 0)
        return closed_any;
      done |= 1u << victim;
      kol_operating_close_corporation (engine, victim);
      closed_any = TRUE;
    }
}
