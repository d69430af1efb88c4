/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"
#include "kol-engine-shares.h"

G_BEGIN_DECLS

/*
 * Trains (1849 §10.6, 1840 VIII.5.3): the depot (the trains for sale in
 * order, and the pool of discarded ones), what a purchase does to the phase
 * and which trains it rusts, the train limit, and the steps that buy trains
 * (with the money a president must raise for a forced purchase, 1849 §10.7)
 * and discard the trains over the limit.
 *
 * Where trains are: KolTrain.owner BANK with in_depot = the depot's upcoming
 * list (in seq order); POOL = the depot's discarded list (in discard order);
 * REMOVED = rusted, exported or out of the game; CORP = owned.
 *
 * Unlimited trains (count "unlimited") are cloned when one leaves the
 * depot (kol_engine_move_train).
 *
 * Not written (neither title has them): train discounts and exchanges,
 * financing, buying at face value through abilities, selling more shares
 * than a forced purchase needs, issuing shares before one, buying obsolete
 * trains, and forbidding trains bought from other players' corporations.
 */

#define KOL_MAX_DEPOT_TRAINS 32

/* ----------------------------------------------------------------- depot */

gboolean  kol_train_from_depot          (KolEngine *engine,
                                         int        train);
gboolean  kol_train_discarded           (KolEngine *engine,
                                         int        train);
/* The least @train may be bought for: 1 from a corporation (1849 §10.6),
 * else the cheapest variant. */
int       kol_train_min_price           (KolEngine *engine,
                                         int        train);
/* Price of variant @variant of @train's def, -1 when none. */
int       kol_train_variant_price       (KolEngine *engine,
                                         int        train,
                                         int        variant);
/* Variant index of @train's def named @name, -1 when none; NULL = current. */
int       kol_train_variant_by_name     (KolEngine  *engine,
                                         int         train,
                                         const char *name);

/* The discarded trains (the pool), in discard order. */
int       kol_depot_discarded           (const KolEngine *engine,
                                         gint16          *out,
                                         int              max);
/* The trains for sale: the first upcoming train and the upcoming trains
 * available in this phase (one per name), then the discarded ones (one per
 * name). */
int       kol_depot_trains              (const KolEngine *engine,
                                         gint16          *out,
                                         int              max);
/* Trains of other corporations @corp may buy. */
int       kol_depot_other_trains        (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);
/* Depot trains, then other corporations' trains. */
int       kol_depot_available           (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);
/* The cheapest train @corp could buy, -1 when nothing is available. */
int       kol_depot_min_price           (KolEngine *engine,
                                         int        corp);
/* The cheapest depot train (the first of equals), -1. */
int       kol_depot_min_depot_train     (KolEngine *engine);
/* The lowest and highest depot price over the variants (0 if none). */
int       kol_depot_min_depot_price     (KolEngine *engine);
int       kol_depot_max_depot_price     (KolEngine *engine);
/* A discarded train goes to the pool (or out of
 * the game when the title removes discarded trains or it is obsolete). */
void      kol_depot_reclaim_train       (KolEngine *engine,
                                         int        train);
/* The first upcoming train leaves the game (with the phase effects of a
 * purchase). */
void      kol_depot_export              (KolEngine *engine);
/* Every leading upcoming train named @name leaves the game. */
void      kol_depot_export_all          (KolEngine  *engine,
                                         const char *name);
/* Every leading upcoming train named @name goes to the pool. */
void      kol_depot_reclaim_all         (KolEngine  *engine,
                                         const char *name);

/* ------------------------------------------------------ game and phase */

/* A train was bought: the phases it starts (1849 §10.6: the first of a new
 * class), the trains it rusts, then the title's after_buying_train.
 * @entity may be none (exports). */
void      kol_phase_buying_train        (KolEngine *engine,
                                         KolEntity  entity,
                                         int        train,
                                         KolEntity  source);
/* Makes obsolete or rusts the trains @train rusts. */
void      kol_default_rust_trains       (KolEngine *engine,
                                         int        train,
                                         KolEntity  entity);
/* @train rusts: it leaves the game. */
void      kol_engine_rust_train           (KolEngine *engine,
                                           int        train);
/* @corp pays @price to the train's owner and takes it. */
void      kol_default_buy_train         (KolEngine *engine,
                                         int        corp,
                                         int        train,
                                         int        price);
void      kol_operating_buy_train       (KolEngine *engine,
                                         int        corp,
                                         int        train,
                                         int        price);
/* @corp's trains that count for the train limit. */
int       kol_num_corp_trains           (KolEngine *engine,
                                         int        corp);
/* Corporations over their train limit, in the game's
 * corporation order; returns how many. */
int       kol_crowded_corps             (KolEngine *engine,
                                         gint16    *out,
                                         int        max);
/* Must @corp buy a train: none, and a route it could run (1849 §10.6)? */
gboolean  kol_default_must_buy_train    (KolEngine *engine,
                                         int        corp);
gboolean  kol_operating_must_buy_train  (KolEngine *engine,
                                         int        corp);
/* May corporations buy trains from each other now? */
gboolean  kol_operating_can_buy_train_from_others (KolEngine *engine);

/* -------------------------------------------------- the BuyTrain step */

/* Step data of BuyTrain. */
typedef struct
{
  int    last_share_sold_price;      /* -1 when none */
  int    last_share_issued_price;    /* -1 when none */
  guint8 n_corps_sold;
  gint16 corps_sold[KOL_MAX_CORPS];  /* corporations sold in emergency */
} KolBuyTrainData;

G_STATIC_ASSERT (sizeof (KolBuyTrainData) <= KOL_STEP_DATA_SIZE);

extern const KolStepClass kol_step_buy_train;

KolBuyTrainData *kol_step_buy_train_data          (KolStep *s);
guint32          kol_step_buy_train_actions       (KolEngine *engine, KolStep *s, KolEntity entity);
void             kol_step_buy_train_setup         (KolEngine *engine, KolStep *s);
void             kol_step_buy_train_pass          (KolEngine *engine, KolStep *s);
void             kol_step_buy_train_skip          (KolEngine *engine, KolStep *s);
gboolean         kol_step_buy_train_process       (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void             kol_step_buy_train_legal_actions (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
gboolean         kol_step_buy_train_explain       (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* Checks the price, buys, and passes when no other train can be bought. */
gboolean  kol_step_buy_train_process_buy_train (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                GError    **error);
/* Buys a train (without the pass at the end when @pass_after is FALSE). */
gboolean  kol_step_buy_train_action     (KolEngine        *engine,
                                         KolStep          *s,
                                         const KolAction  *a,
                                         gboolean          pass_after,
                                         GError          **error);
/* A president sells shares to pay for a forced purchase; then the operating
 * order is sorted again (prices moved). */
gboolean  kol_step_buy_train_process_sell_shares (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                  GError    **error);
/* May @corp buy a train now; has it room for one; may its president add
 * money (a forced purchase)? */
gboolean kol_step_buy_train_can_buy                  (KolEngine *engine, KolStep *s, int corp);
gboolean kol_step_buy_train_room                     (KolEngine *engine, int corp);
gboolean kol_step_buy_train_president_may_contribute (KolEngine *engine, KolStep *s, int corp);
/* The trains @corp may buy (depot trains, with the filters of a forced
 * purchase, then other corporations' trains); returns how many. */
int       kol_step_buy_train_buyable_trains (KolEngine *engine, KolStep *s, int corp,
                                             gint16    *out, int max);
/* The lowest and highest price @corp may pay for another corporation's train. */
void      kol_step_buy_train_spend_minmax (KolEngine *engine, KolStep *s, int corp, int train,
                                           int       *min, int *max);

/* The BuyTrain step of the current round (a step whose setup slot is
 * kol_step_buy_train_setup), or NULL. */
KolStep  *kol_round_buy_train_step      (KolEngine *engine);
/* Bundles @player may sell now for the emergency purchase of @s's current
 * corporation; returns how many. */
int       kol_ebuy_sellable_bundles     (KolEngine *engine,
                                         KolStep   *s,
                                         int        player,
                                         KolBundle *out,
                                         int        max);

/* ------------------------------------------------------- EmergencyMoney */

/* May @seller sell @b while raising @needed with @available at hand, in an
 * emergency of @current_corp (-1: none)? For the BuyTrain step and titles'
 * emergency steps (1849 §10.7). */
gboolean  kol_emergency_can_sell        (KolEngine       *engine,
                                         int              current_corp,
                                         KolEntity        seller,
                                         const KolBundle *b,
                                         int              needed,
                                         int              available,
                                         KolReason       *reason);
/* Sells @b in an emergency: price moves, operating order recalculated. */
void      kol_emergency_sell            (KolEngine       *engine,
                                         const KolBundle *b);

/* ----------------------------------------------- the DiscardTrain step */

extern const KolStepClass kol_step_discard_train;

guint32  kol_step_discard_train_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_discard_train_active          (KolEngine *engine, KolStep *s);
int      kol_step_discard_train_active_entities (KolEngine *engine, KolStep *s, KolEntity *out, int max);
gboolean kol_step_discard_train_process         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_discard_train_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);

/* ---------------------------------------------------- legal choices (UI) */

typedef struct
{
  gint16 train;
  guint8 variant;          /* variant index to name in the action */
  guint8 from_depot;
  int    min_price;        /* depot trains: min == max == the variant's price */
  int    max_price;
} KolTrainOffer;

/* Trains (and variants) @corp may buy now, with price ranges; returns how
 * many. */
int       kol_buyable_train_offers       (KolEngine     *engine,
                                          int            corp,
                                          KolTrainOffer *out,
                                          int            max);
/* Trains a crowded corporation may discard (its own, non-obsolete first). */
int       kol_discardable_trains         (KolEngine *engine,
                                          int        corp,
                                          gint16    *out,
                                          int        max);

G_END_DECLS
