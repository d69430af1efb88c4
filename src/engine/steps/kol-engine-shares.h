/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine.h"
#include "kol-engine-market.h"

G_BEGIN_DECLS

/*
 * Certificates, bundles and their owners, after 18xx.games' Share,
 * ShareBundle, ShareHolder, SharePool and the share parts of Corporation and
 * Game (share.rb, share_bundle.rb, share_holder.rb, share_pool.rb,
 * corporation.rb, game/base.rb).
 *
 * A certificate's owner is a player, a corporation (a corporation holding its
 * own certificates: its IPO, which is also its treasury in both our titles),
 * the pool (KOL_ENTITY_POOL, the "Market") or KOL_ENTITY_REMOVED (a closed
 * corporation's). Holding order (KolCert.seq) is Ruby's shares_by_corporation
 * array order, which decides e.g. which certificates a presidency swap takes.
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
  int       share_price;              /* ShareBundle#share_price override per share, 0 = none */
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
/* Share#to_bundle. */
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
/* ShareBundle#num_shares (rounded up). */
int       kol_bundle_num_shares        (KolEngine       *engine,
                                        const KolBundle *b);
int       kol_bundle_price_per_share   (const KolEngine *engine,
                                        const KolBundle *b);
/* ShareBundle#price: price per share × percent / share percent, rounded up. */
int       kol_bundle_price             (const KolEngine *engine,
                                        const KolBundle *b);
gboolean  kol_bundle_buyable           (KolEngine       *engine,
                                        const KolBundle *b);
/* ShareBundle#can_dump?: a bundle with the president's certificate can be
 * dumped only if another player (or corporation) holds at least that
 * certificate's percentage. */
gboolean  kol_bundle_can_dump          (KolEngine       *engine,
                                        const KolBundle *b,
                                        KolEntity        entity);
/* Same corporation, owner, percent, presidency and certificate sizes: the
 * same choice for a player. */
gboolean  kol_bundle_same_shape        (KolEngine       *engine,
                                        const KolBundle *a,
                                        const KolBundle *b);

/* Share#price_per_share: the par price for IPO certificates, else the share
 * price; the lowest par price when there is none yet. */
int       kol_cert_price_per_share     (const KolEngine *engine,
                                        int              cert);

/* ---- corporations ----------------------------------------------------- */

/* Corporation#par_price (the share price when always_market_price), -1 when
 * none or closed. */
int       kol_corp_par_price           (const KolEngine *engine,
                                        int              corp);
int       kol_corp_presidents_percent  (KolEngine *engine,
                                        int        corp);
/* Corporation#total_shares: 100 / share percent. */
int       kol_corp_total_shares        (KolEngine *engine,
                                        int        corp);
/* Percentage of @corp in its IPO/treasury (held by itself). */
int       kol_corp_ipo_percent         (const KolEngine *engine,
                                        int              corp);
int       kol_corp_pool_percent        (const KolEngine *engine,
                                        int              corp);
/* Corporation#num_market_shares. */
int       kol_corp_num_market_shares   (KolEngine *engine,
                                        int        corp);
/* Total held by players (player_share_holders). */
int       kol_corp_player_percent      (KolEngine *engine,
                                        int        corp);
/* Corporation#floated?: once the IPO holds no more than 100 − float percent;
 * remembered once TRUE (Ruby's @floated ||=). */
gboolean  kol_corp_floated             (KolEngine *engine,
                                        int        corp);
gboolean  kol_corp_is_president        (const KolEngine *engine,
                                        int              corp,
                                        KolEntity        e);
/* Corporation#max_ownership_percent (through KolStockHooks). */
int       kol_corp_max_ownership       (KolEngine *engine,
                                        int        corp);
/* Corporation#holding_ok?: would @holder hold no more than the maximum with
 * @extra percent more? */
gboolean  kol_corp_holding_ok          (KolEngine *engine,
                                        int        corp,
                                        KolEntity  holder,
                                        int        extra);
/* Corporation#counts_for_limit and #buy_multiple? (by the share price cell's
 * type; our titles' cells all count and allow one buy). */
gboolean  kol_corp_counts_for_limit    (const KolEngine *engine,
                                        int              corp);
gboolean  kol_corp_buy_multiple        (KolEngine *engine,
                                        int        corp);

/* ---- players and limits ------------------------------------------------ */

/* Game @players: player indices in the current order (all players). */
int       kol_shares_player_order      (KolEngine *engine,
                                        gint16    *out);
/* Game#possible_presidents: players in order, without the bankrupt. */
int       kol_shares_possible_presidents (KolEngine *engine,
                                          gint16    *out);
/* SharePool#distance: seats from @a to @b in possible_presidents order. */
int       kol_shares_distance          (KolEngine *engine,
                                        KolEntity  a,
                                        KolEntity  b);
/* Game#num_certs: certificates that count (and private companies unless the
 * title excludes them). */
int kol_shares_num_certs          (const KolEngine *engine,
                                   KolEntity        e);
int kol_shares_cert_limit         (const KolEngine *engine,
                                   int              player);
int kol_shares_market_share_limit (KolEngine *engine,
                                   int        corp);
/* SharePool#fit_in_bank? / #bank_at_limit? */
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
/* SharePool#transfer_shares: money, certificates in bundle order, then the
 * presidency (majority, distance from the previous president, swap of the
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
/* SharePool#buy_shares: logs, the IPO/float of the corporation, who gets the
 * money (the corporation for treasury shares of incremental corporations,
 * else the bank), Game#float_corporation. No rule checks. @opts may be NULL. */
void      kol_shares_buy               (KolEngine        *engine,
                                        KolEntity         entity,
                                        const KolBundle  *b,
                                        const KolBuyOpts *opts);
/* SharePool#sell_shares: to the pool, the bank pays. */
void      kol_shares_sell              (KolEngine       *engine,
                                        const KolBundle *b,
                                        gboolean         allow_president_change,
                                        gboolean         silent);
/* Game#sell_shares_and_change_price: @movement is a KolSellMovement, or -1
 * for the title's SELL_MOVEMENT. */
void      kol_shares_sell_and_change_price (KolEngine       *engine,
                                            const KolBundle *b,
                                            gboolean         allow_president_change,
                                            int              movement);

/* SharePool#change_president / #handle_partial through the hooks, and the
 * generic versions. */
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
/* Moves one certificate and logs nothing (SharePool#move_share). */
void      kol_shares_move_cert         (KolEngine *engine,
                                        int        cert,
                                        KolEntity  to);

/* Game#bundles_for_corporation through the hook. */
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
/* Game#all_bundles_for_corporation over @certs (NULL: @holder's): growing
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

/* Game#float_corporation: logs; fully capitalised corporations receive
 * par × total shares from the bank. */
void      kol_shares_float_corporation (KolEngine *engine,
                                        int        corp);
/* The share side of Game#close_corporation and Corporation#close!: every
 * certificate leaves the game, the corporation leaves the market and the
 * game's corporation list and is no longer started, floated or owned. The
 * board, cash, trains and companies are kol_default_close_corporation's
 * (kol-engine-operating.h). */
void      kol_shares_close_corporation (KolEngine *engine,
                                        int        corp);
/* Game#reset_corporation: @corp as new (all certificates in its IPO in
 * index order, no price, no cash, tokens unplaced, title state cleared).
 * The caller puts it back in the corporation list. */
void      kol_shares_reset_corporation (KolEngine *engine,
                                        int        corp);
/* Game#close_corporations_in_close_cell!: closes (through the title's
 * close_corporation) every corporation on a close cell, in corporation list
 * order. Returns TRUE if any closed. */
gboolean  kol_shares_close_corporations_in_close_cell (KolEngine *engine);

G_END_DECLS
