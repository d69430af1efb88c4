/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-market.h"

G_BEGIN_DECLS

/*
 * Certificates, bundles and their owners: what a certificate costs, which
 * bundles a holder may offer, the pool and its limit, transfers of shares
 * with the change of president they may cause (1849 §9.2–9.6, 1840 VII),
 * and starting and closing corporations.
 *
 * A certificate's owner is a player, a corporation (a corporation holding its
 * own certificates: its IPO, which is also its treasury in both our titles),
 * the pool (KOL_ENTITY_POOL, the "Market") or KOL_ENTITY_REMOVED (a closed
 * corporation's). Holding order (KolCert.seq) is the order in which the
 * holder received them, which decides e.g. which certificates a presidency
 * swap takes; it follows 18xx.games' so that recorded swaps replay.
 *
 * The title hooks these functions call are in KolStockHooks
 * (kol-engine-stock.h).
 */

#define KOL_BUNDLE_MAX_CERTS 16

/* ShareBundle: certificates of one corporation and one owner. @percent may
 * be less than the certificates' total: a partial bundle of a president's
 * certificate (the rest comes back as ordinary certificates). */
typedef struct
{
  gint16    corp;
  guint8    n_certs;
  KolEntity owner;
  int       percent;
  int       share_price;              /* a price per share other than the market's, 0 = none */
  gint16    certs[KOL_BUNDLE_MAX_CERTS];
} KolBundle;

/* ---- bundles ------------------------------------------------------------- */

/* ShareBundle.new(certs, percent): @percent 0 means the certificates' total.
 * Returns FALSE (and leaves @b undefined) if @certs is empty or mixes
 * corporations or owners. */
gboolean  kol_bundle_init              (const KolEngine *engine,
                                        KolBundle       *b,
                                        const gint16    *certs,
                                        int              n,
                                        int              percent);
/* A bundle of one certificate. */
void      kol_bundle_init_cert         (KolEngine *engine,
                                        KolBundle *b,
                                        int        cert);
/* The bundle of a buy_shares / sell_shares action, or a refusal. */
gboolean  kol_bundle_from_action       (KolEngine        *engine,
                                        KolBundle        *b,
                                        const KolAction  *a,
                                        GError          **error);
gboolean  kol_bundle_of_action         (const KolEngine  *engine,
                                        KolBundle        *b,
                                        const KolAction  *a);
int       kol_bundle_certs_percent     (const KolEngine *engine,
                                        const KolBundle *b);
gboolean  kol_bundle_partial           (KolEngine       *engine,
                                        const KolBundle *b);
/* The president's certificate in @b, or -1. */
int       kol_bundle_president_cert    (KolEngine       *engine,
                                        const KolBundle *b);
/* How many shares the bundle is (rounded up). */
int       kol_bundle_num_shares        (KolEngine       *engine,
                                        const KolBundle *b);
int       kol_bundle_price_per_share   (const KolEngine *engine,
                                        const KolBundle *b);
/* The bundle's price: price per share × percent / share percent, rounded up. */
int       kol_bundle_price             (const KolEngine *engine,
                                        const KolBundle *b);
gboolean  kol_bundle_buyable           (KolEngine       *engine,
                                        const KolBundle *b);
/* A bundle with the president's certificate can be sold ("dumped") only if
 * another player (or corporation) holds at least that certificate's
 * percentage, to take the presidency (1849 §9.5). */
gboolean  kol_bundle_can_dump          (KolEngine       *engine,
                                        const KolBundle *b,
                                        KolEntity        entity);
/* Same corporation, owner, percent, presidency and certificate sizes: the
 * same choice for a player. */
gboolean  kol_bundle_same_shape        (KolEngine       *engine,
                                        const KolBundle *a,
                                        const KolBundle *b);

/* The price per share of @cert: the par price for IPO certificates, else the
 * share price; the lowest par price when there is none yet. */
int       kol_cert_price_per_share     (const KolEngine *engine,
                                        int              cert);

/* ---- corporations ----------------------------------------------------- */

/* @corp's par price (the share price when the title's par price follows
 * the market), -1 when none or closed. */
int       kol_corp_par_price           (const KolEngine *engine,
                                        int              corp);
int       kol_corp_presidents_percent  (KolEngine *engine,
                                        int        corp);
/* How many shares the corporation has: 100 / share percent. */
int       kol_corp_total_shares        (KolEngine *engine,
                                        int        corp);
/* Percentage of @corp in its IPO/treasury (held by itself). */
int       kol_corp_ipo_percent         (const KolEngine *engine,
                                        int              corp);
int       kol_corp_pool_percent        (const KolEngine *engine,
                                        int              corp);
/* How many of @corp's shares are in the pool. */
int       kol_corp_num_market_shares   (KolEngine *engine,
                                        int        corp);
/* Total held by players. */
int       kol_corp_player_percent      (KolEngine *engine,
                                        int        corp);
/* Has @corp floated: once the IPO holds no more than 100 − float percent;
 * remembered once TRUE (selling shares back does not unfloat it). */
gboolean  kol_corp_floated             (KolEngine *engine,
                                        int        corp);
gboolean  kol_corp_is_president        (const KolEngine *engine,
                                        int              corp,
                                        KolEntity        e);
/* The % of @corp one player may hold (through KolStockHooks). */
int       kol_corp_max_ownership       (KolEngine *engine,
                                        int        corp);
/* Would @holder hold no more than the maximum with
 * @extra percent more? */
gboolean  kol_corp_holding_ok          (KolEngine *engine,
                                        int        corp,
                                        KolEntity  holder,
                                        int        extra);
/* Do @corp's certificates count for the limit, and may several be bought
 * in one turn? (By the share price cell's type; our titles' cells all
 * count and allow one buy.) */
gboolean  kol_corp_counts_for_limit    (const KolEngine *engine,
                                        int              corp);
gboolean  kol_corp_buy_multiple        (KolEngine *engine,
                                        int        corp);

/* ---- players and limits ------------------------------------------------ */

/* Game @players: player indices in the current order (all players). */
int       kol_shares_player_order      (KolEngine *engine,
                                        gint16    *out);
/* Players who may become president: in order, without the bankrupt. */
int       kol_shares_possible_presidents (KolEngine *engine,
                                          gint16    *out);
/* Seats from @a to @b in that order: how far to the left of the old
 * president a tied player sits (1849 §9.5). */
int       kol_shares_distance          (KolEngine *engine,
                                        KolEntity  a,
                                        KolEntity  b);
/* Certificates of @e that count for the limit (and private companies unless
 * the title excludes them, 1849 §9.1). */
int kol_shares_num_certs          (const KolEngine *engine,
                                   KolEntity        e);
int kol_shares_cert_limit         (const KolEngine *engine,
                                   int              player);
int kol_shares_market_share_limit (KolEngine *engine,
                                   int        corp);
/* Would @b fit in the pool under its limit; is the pool at its limit? */
gboolean  kol_shares_fit_in_pool       (KolEngine       *engine,
                                        const KolBundle *b);
gboolean  kol_shares_pool_at_limit     (KolEngine *engine,
                                        int        corp);

/* ---- moving certificates ------------------------------------------------ */

typedef struct
{
  KolEntity spender;                  /* NONE: no money moves */
  KolEntity receiver;
  int       price;                    /* -1: the bundle's price */
  gboolean  allow_president_change;
  gboolean  corporate_transfer;
} KolTransferOpts;

void      kol_transfer_opts_init       (KolTransferOpts *opts);
/* Moves shares: money, certificates in bundle order, then the presidency (majority, distance from the previous president, swap of the
 * president's certificate, partial bundles). */
void      kol_shares_transfer          (KolEngine             *engine,
                                        const KolBundle       *b,
                                        KolEntity              to,
                                        const KolTransferOpts *opts);

typedef enum
{
  KOL_EXCHANGE_NONE,
  KOL_EXCHANGE_FREE,                  /* exchange: :free ("receives a share") */
} KolExchange;

typedef struct
{
  guint8   exchange;                  /* KolExchange */
  int      exchange_price;
  gboolean allow_president_change;
  gboolean silent;
} KolBuyOpts;

void      kol_buy_opts_init            (KolBuyOpts *opts);
/* @entity buys @b: logs, starts and floats the corporation when it should,
 * pays the right party (the corporation for treasury shares of
 * incremental corporations, else the bank). No rule checks. @opts may be
 * NULL. */
void      kol_shares_buy               (KolEngine        *engine,
                                        KolEntity         entity,
                                        const KolBundle  *b,
                                        const KolBuyOpts *opts);
/* Sells @b to the pool; the bank pays. */
void      kol_shares_sell              (KolEngine       *engine,
                                        const KolBundle *b,
                                        gboolean         allow_president_change,
                                        gboolean         silent);
/* Sells @b and moves the price: @movement is a KolSellMovement, or -1 for
 * the title's. */
void      kol_shares_sell_and_change_price (KolEngine       *engine,
                                            const KolBundle *b,
                                            gboolean         allow_president_change,
                                            int              movement);

/* The swap of the president's certificate and of a split bundle, through
 * the hooks, and the generic versions. */
void      kol_shares_change_president  (KolEngine *engine,
                                        int        presidents_cert,
                                        KolEntity  swap_to,
                                        KolEntity  president,
                                        KolEntity  previous);
void      kol_default_change_president (KolEngine *engine,
                                        int        presidents_cert,
                                        KolEntity  swap_to,
                                        KolEntity  president,
                                        KolEntity  previous);
void      kol_shares_handle_partial    (KolEngine       *engine,
                                        const KolBundle *b,
                                        KolEntity        from,
                                        KolEntity        to);
void      kol_default_handle_partial   (KolEngine       *engine,
                                        const KolBundle *b,
                                        KolEntity        from,
                                        KolEntity        to);
/* Moves one certificate and logs nothing. */
void      kol_shares_move_cert         (KolEngine *engine,
                                        int        cert,
                                        KolEntity  to);

/* The bundles @holder may offer of @corp, through the hook. */
int kol_shares_bundles_for_corporation  (KolEngine *engine,
                                         KolEntity  holder,
                                         int        corp,
                                         KolBundle *out,
                                         int        max);
int kol_default_bundles_for_corporation (KolEngine *engine,
                                         KolEntity  holder,
                                         int        corp,
                                         KolBundle *out,
                                         int        max);
/* Every bundle of @certs (NULL: @holder's): growing
 * bundles by (president's last, percent) plus the partial bundles of the
 * president's certificate, by percent. */
int       kol_shares_all_bundles_for_corporation (KolEngine    *engine,
                                                  KolEntity     holder,
                                                  int           corp,
                                                  const gint16 *certs,
                                                  int           n_certs,
                                                  KolBundle    *out,
                                                  int           max);

/* ---- corporations opening and closing ------------------------------------ */

/* @corp floats: logged; fully capitalised corporations receive par × total
 * shares from the bank. */
void      kol_shares_float_corporation (KolEngine *engine,
                                        int        corp);
/* The share side of closing a corporation: every certificate leaves the
 * game, the corporation leaves the market and the
 * game's corporation list and is no longer started, floated or owned. The
 * board, cash, trains and companies are kol_default_close_corporation's
 * (kol-engine-operating.h). */
void      kol_shares_close_corporation (KolEngine *engine,
                                        int        corp);
/* @corp starts afresh after closing (1849 §11): all certificates in its IPO
 * in index order, no price, no cash, tokens unplaced, title state cleared.
 * The caller puts it back in the corporation list. */
void      kol_shares_reset_corporation (KolEngine *engine,
                                        int        corp);
/* Closes (through the title's close_corporation) every corporation whose
 * price is on a closing cell (1849 §11), in corporation list order. Returns
 * TRUE if any closed. */
gboolean  kol_shares_close_corporations_in_close_cell (KolEngine *engine);

G_END_DECLS
