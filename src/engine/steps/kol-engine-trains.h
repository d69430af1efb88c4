/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"
#include "kol-engine-shares.h"

G_BEGIN_DECLS

/*
 * Trains: 18xx.games' Depot (depot.rb), the train purchase part of Phase
 * (phase.rb buying_train!), Game#rust_trains!/#buy_train/#crowded_corps, and
 * the steps Step::BuyTrain (step/train.rb, buy_train.rb) and
 * Step::DiscardTrain.
 *
 * Where trains are: KolTrain.owner BANK with in_depot = the depot's upcoming
 * list (in seq order); POOL = the depot's discarded list (in discard order);
 * REMOVED = rusted, exported or out of the game; CORP = owned.
 *
 * Unlimited trains (count "unlimited") are cloned when one leaves the
 * depot (kol_engine_move_train).
 *
 * Not ported (neither title uses them): train discounts and exchanges, financing, face-value abilities,
 * EBUY_SELL_MORE_THAN_NEEDED(_SETS_PURCHASE_MIN), MUST_EMERGENCY_ISSUE_BEFORE_EBUY,
 * ALLOW_OBSOLETE_TRAIN_BUY, ALLOW_TRAIN_BUY_FROM_OTHER_PLAYERS = false.
 */

#define KOL_MAX_DEPOT_TRAINS 32

/* ----------------------------------------------------------------- depot */

gboolean  kol_train_from_depot          (KolEngine *engine,
                                         int        train);
gboolean  kol_train_discarded           (KolEngine *engine,
                                         int        train);
/* Train#min_price: 1 for a corporation's train, else the cheapest variant. */
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

/* Depot#discarded, in discard order. */
int       kol_depot_discarded           (KolEngine *engine,
                                         gint16    *out,
                                         int        max);
/* Depot#depot_trains: the first upcoming train and the upcoming trains
 * available in this phase (one per name), then the discarded ones (one per
 * name). */
int       kol_depot_trains              (KolEngine *engine,
                                         gint16    *out,
                                         int        max);
/* Depot#other_trains: trains of other corporations @corp may buy. */
int       kol_depot_other_trains        (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);
/* Depot#available: depot trains, then other trains. */
int       kol_depot_available           (KolEngine *engine,
                                         int        corp,
                                         gint16    *out,
                                         int        max);
/* Depot#min_price for @corp, -1 when nothing is available. */
int       kol_depot_min_price           (KolEngine *engine,
                                         int        corp);
/* Depot#min_depot_train (cheapest depot train, first of equals), -1. */
int       kol_depot_min_depot_train     (KolEngine *engine);
/* Depot#min_depot_price / #max_depot_price over the variants (0 if none). */
int       kol_depot_min_depot_price     (KolEngine *engine);
int       kol_depot_max_depot_price     (KolEngine *engine);
/* Depot#reclaim_train: a discarded train goes to the discard pile (or out of
 * the game when the title removes discarded trains or it is obsolete). */
void      kol_depot_reclaim_train       (KolEngine *engine,
                                         int        train);
/* Depot#export!: the first upcoming train leaves the game (with the phase
 * effects of a purchase). */
void      kol_depot_export              (KolEngine *engine);
/* Depot#export_all!: every leading upcoming train named @name leaves. */
void      kol_depot_export_all          (KolEngine  *engine,
                                         const char *name);
/* Depot#reclaim_all!: every leading upcoming train named @name is discarded. */
void      kol_depot_reclaim_all         (KolEngine  *engine,
                                         const char *name);

/* ------------------------------------------------------ game and phase */

/* Phase#buying_train!: phases started by this train, rusting, then the
 * title's after_buying_train. @entity may be none (exports). */
void      kol_phase_buying_train        (KolEngine *engine,
                                         KolEntity  entity,
                                         int        train,
                                         KolEntity  source);
/* Game#rust_trains!: trains made obsolete or rusted by @train. */
void      kol_default_rust_trains       (KolEngine *engine,
                                         int        train,
                                         KolEntity  entity);
/* Game#rust: @train leaves the game. */
void      kol_engine_rust_train           (KolEngine *engine,
                                           int        train);
/* Game#buy_train: @corp pays @price to the train's owner and takes it. */
void      kol_default_buy_train         (KolEngine *engine,
                                         int        corp,
                                         int        train,
                                         int        price);
void      kol_operating_buy_train       (KolEngine *engine,
                                         int        corp,
                                         int        train,
                                         int        price);
/* Game#num_corp_trains: trains counting for the limit. */
int       kol_num_corp_trains           (KolEngine *engine,
                                         int        corp);
/* Game#crowded_corps: corporations over their train limit, in the game's
 * corporation order; returns how many. */
int       kol_crowded_corps             (KolEngine *engine,
                                         gint16    *out,
                                         int        max);
/* Game#must_buy_train?. */
gboolean  kol_default_must_buy_train    (KolEngine *engine,
                                         int        corp);
gboolean  kol_operating_must_buy_train  (KolEngine *engine,
                                         int        corp);
/* Game#can_buy_train_from_others?. */
gboolean  kol_operating_can_buy_train_from_others (KolEngine *engine);

/* -------------------------------------------------------- Step::BuyTrain */

/* Step data of BuyTrain (Step::Train's instance variables). */
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
/* BuyTrain#process_buy_train: check_spend, buy_train_action, pass when no
 * other train can be bought. */
gboolean  kol_step_buy_train_process_buy_train (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                GError    **error);
/* Step::Train#buy_train_action (without the pass at the end when
 * @pass_after is FALSE). */
gboolean  kol_step_buy_train_action     (KolEngine        *engine,
                                         KolStep          *s,
                                         const KolAction  *a,
                                         gboolean          pass_after,
                                         GError          **error);
/* EmergencyMoney#process_sell_shares through the title's ebuy_sell_shares
 * hook, then Round#recalculate_order. */
gboolean  kol_step_buy_train_process_sell_shares (KolEngine  *engine, KolStep *s, const KolAction *a,
                                                  GError    **error);
/* Step::Train#can_buy_train?, #room?, #president_may_contribute?. */
gboolean kol_step_buy_train_can_buy                  (KolEngine *engine, KolStep *s, int corp);
gboolean kol_step_buy_train_room                     (KolEngine *engine, int corp);
gboolean kol_step_buy_train_president_may_contribute (KolEngine *engine, KolStep *s, int corp);
/* Step::Train#buyable_trains (depot trains with the emergency filters, then
 * other corporations' trains); returns how many. */
int       kol_step_buy_train_buyable_trains (KolEngine *engine, KolStep *s, int corp,
                                             gint16    *out, int max);
/* Step::Train#spend_minmax for a train of another corporation. */
void      kol_step_buy_train_spend_minmax (KolEngine *engine, KolStep *s, int corp, int train,
                                           int       *min, int *max);

/* The BuyTrain step of the current round (a step whose setup slot is
 * kol_step_buy_train_setup), or NULL. */
KolStep  *kol_round_buy_train_step      (KolEngine *engine);
/* Bundles @player may sell now for the emergency purchase of @s's current
 * corporation (EmergencyMoney#can_sell?); returns how many. */
int       kol_ebuy_sellable_bundles     (KolEngine *engine,
                                         KolStep   *s,
                                         int        player,
                                         KolBundle *out,
                                         int        max);

/* ------------------------------------------------------- EmergencyMoney */

/* EmergencyMoney#can_sell? for @seller raising @needed with @available at
 * hand, in an emergency of @current_corp (-1: none); for the BuyTrain step
 * and titles' emergency steps (1849's EmergencyMoneyRaising). */
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

/* ---------------------------------------------------- Step::DiscardTrain */

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
