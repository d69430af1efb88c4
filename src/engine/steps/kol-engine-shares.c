/* SPDX-License-Identifier: GPL-3.0-or-later */

/* The questions about certificates: bundles and their prices, what a
 * holder may buy or dump, a corporation's shares, float and holding
 * limits, the players' certificates and limits, and the bundles a holder
 * may sell. What changes hands (transfers and presidency, buying, selling,
 * floating and closing corporations) is in kol-engine-shares-transfer.c. */
#include "kol-engine-shares-private.h"
#include "kol-engine-stock.h"

#include <stdlib.h>
#include <string.h>

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
kol_bundle_init (const KolEngine *engine,
                 KolBundle       *b,
                 const gint16    *certs,
                 int              n,
                 int              percent)
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
 * The bundle of certificate @cert alone.
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
 * kol_bundle_of_action:
 *
 * kol_bundle_from_action() for those who only read the state: no refusal
 * is recorded.
 *
 * Returns: %FALSE if the certificates do not form a bundle of the
 *   action's percent
 */
gboolean
kol_bundle_of_action (const KolEngine *engine,
                      KolBundle       *b,
                      const KolAction *a)
{
  if (!kol_bundle_init (engine, b, a->shares, a->n_shares, 0) || a->percent > b->percent)
    return FALSE;
  if (a->percent > 0)
    b->percent = a->percent;
  return TRUE;
}

/**
 * kol_bundle_certs_percent:
 *
 * Returns: the total percentage of the bundle's certificates.
 */
int
kol_bundle_certs_percent (const KolEngine *engine,
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
 * Returns: %TRUE for a partial bundle: the president's certificate sold only
 * in part (a swap gives the rest back).
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
 * IPO certificates cost the par price, others the share price; before there
 * is one, the lowest par price.
 *
 * Returns: the price per share.
 */
int
kol_cert_price_per_share (const KolEngine *engine,
                          int              cert)
{
  const KolCert *c = &engine->certs[cert];
  int price;

  if (kol_entity_same (c->owner, kol_entity_corp (c->corp)))
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
kol_bundle_price_per_share (const KolEngine *engine,
                            const KolBundle *b)
{
  if (b->share_price > 0)
    return b->share_price;
  return kol_cert_price_per_share (engine, b->certs[0]);
}

/**
 * kol_bundle_price:
 *
 * Returns: the bundle's price: price per share × shares, rounded up.
 */
int
kol_bundle_price (const KolEngine *engine,
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
 * Without the president's certificate always; with it only if a player or
 * another corporation (not @entity) holds at least the certificate's
 * percentage, to take the presidency (1849 §9.5).
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
    if (c != b->corp && !kol_entity_equal (kol_entity_corp (c), entity))
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
 * Returns: the par price (the share price for corporations that always use
 * the market price), -1 when none or closed.
 */
int
kol_corp_par_price (const KolEngine *engine,
                    int              corp)
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
 * Returns: how many shares the corporation has (100 / share percent).
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
kol_corp_ipo_percent (const KolEngine *engine,
                      int              corp)
{
  return kol_engine_percent_of (engine, kol_entity_corp (corp), corp);
}

/**
 * kol_corp_pool_percent:
 *
 * Returns: the percentage of @corp in the pool.
 */
int
kol_corp_pool_percent (const KolEngine *engine,
                       int              corp)
{
  return kol_engine_percent_of (engine, _kol_shares_pool_entity (), corp);
}

/**
 * kol_corp_num_market_shares:
 *
 * Returns: how many of @corp's shares are in the pool.
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
 * Whether @corp has floated, remembered once TRUE. A closed corporation is
 * not floated.
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
 * Returns: %TRUE if @e presides over @corp.
 */
gboolean
kol_corp_is_president (const KolEngine *engine,
                       int              corp,
                       KolEntity        e)
{
  return kol_entity_same (engine->corps[corp].owner, e);
}

/**
 * kol_corp_max_ownership:
 *
 * Returns: the % of @corp one player may hold (60 unless the title says,
 * 1849 §9.3, 1840 VII.3).
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
 * A player may not hold more than the maximum; a corporation may hold all
 * of itself.
 *
 * Returns: %TRUE if @holder may hold its share of @corp plus @extra percent.
 */
gboolean
kol_corp_holding_ok (KolEngine *engine,
                     int        corp,
                     KolEntity  holder,
                     int        extra)
{
  if (kol_entity_same (holder, kol_entity_corp (corp)))
    return TRUE;
  return kol_engine_percent_of (engine, holder, corp) + extra <= kol_corp_max_ownership (engine, corp);
}

/**
 * kol_corp_counts_for_limit:
 *
 * By the share price cell's type. Our cell
 * flags have no unlimited / multiple-buy / no-cert-limit types (none of
 * 1849's or 1840's cells has one), so every certificate counts.
 *
 * Returns: %TRUE.
 */
gboolean
kol_corp_counts_for_limit (const KolEngine *engine,
                           int              corp)
{
  return TRUE;
}

/**
 * kol_corp_buy_multiple:
 *
 * Several certificates in one turn only on multiple-buy cells, which
 * neither title has.
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
 * Returns: players who may become president: in order, not bankrupt.
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
 * How many seats @b is after @a among the possible presidents (a tie for
 * the presidency goes to the nearest to the left, 1849 §9.5); 0 when
 * either is not one.
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
 * Certificates that count for the limit (one each) plus the private
 * companies @e owns (both titles count them: 1849 §9.1, 1840 VII.3).
 *
 * Returns: the certificate count.
 */
int
kol_shares_num_certs (const KolEngine *engine,
                      KolEntity        e)
{
  const KolStockHooks *h = kol_stock_hooks (engine);
  int n = 0;

  for (int i = 0; i < engine->n_certs; i++)
    if (kol_entity_same (engine->certs[i].owner, e) &&
        kol_corp_counts_for_limit (engine, engine->certs[i].corp))
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
 * Returns: the title's certificate limit for the player count.
 */
int
kol_shares_cert_limit (const KolEngine *engine,
                       int              player)
{
  return engine->title->cert_limit;
}

/**
 * kol_shares_market_share_limit:
 *
 * Returns: the % of @corp the pool may hold (50 unless the title says, 1849
 * §9.2).
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
 * Returns: whether the pool may take @b.
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
 * Returns: whether the pool holds as much of @corp as it may.
 */
gboolean
kol_shares_pool_at_limit (KolEngine *engine,
                          int        corp)
{
  return kol_corp_pool_percent (engine, corp) >= kol_shares_market_share_limit (engine, corp);
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
 * Nothing before the corporation is started; else the certificates ordered by (president's last, percent),
 * each bundle adding the next one, and, when the president's certificate is
 * included, the partial bundles that sell only part of it.
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
 * Every bundle of @holder's certificates (kol_shares_all_bundles_for_corporation()).
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
 * The bundles @holder may offer, through the title's hook.
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
