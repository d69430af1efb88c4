/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Private companies and bankruptcy in operating rounds: 18xx.games'
 * Step::BuyCompany (buy_company.rb) and Step::Bankrupt (bankrupt.rb).
 *
 * Not ported (neither title uses them in these steps): :assign_corporation
 * and :revenue_change abilities on sale, remove_ability_when(:sold),
 * after_sell_company (both titles leave it empty).
 */

/* --------------------------------------------------------- Step::BuyCompany */

/* The step's option (KolStep.opt, given in the round's step list) says
 * whether it blocks: 18xx.games' [Step::BuyCompany, { blocks: true }]. */
#define KOL_BUY_COMPANY_BLOCKS 1

extern const KolStepClass kol_step_buy_company;

guint32  kol_step_buy_company_actions       (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_company_blocks        (KolEngine *engine, KolStep *s);
void     kol_step_buy_company_round_state   (KolEngine *engine, KolStep *s);
gboolean kol_step_buy_company_process       (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_buy_company_legal_actions (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* BuyCompany#buy_company: @corp buys @company from its owner for @price,
 * paid by @spender (-1: @corp). */
gboolean  kol_step_buy_company_buy          (KolEngine  *engine,
                                             KolStep    *s,
                                             int         corp,
                                             int         company,
                                             int         price,
                                             int         spender,
                                             GError    **error);
/* BuyCompany#can_buy_company?. */
gboolean  kol_step_buy_company_can_buy      (KolEngine *engine,
                                             KolStep   *s,
                                             KolEntity  entity);

/* Game#purchasable_companies for @corp; returns how many. */
int       kol_purchasable_companies         (KolEngine *engine,
                                             int        corp,
                                             gint16    *out,
                                             int        max);
/* Company#min_price/#max_price for @corp (through the title's hook;
 * generic: half the value rounded up to twice the value). */
void      kol_company_price_range           (KolEngine *engine,
                                             int        corp,
                                             int        company,
                                             int       *min,
                                             int       *max);

/* ----------------------------------------------------------- Step::Bankrupt */

extern const KolStepClass kol_step_bankrupt;

guint32   kol_step_bankrupt_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean  kol_step_bankrupt_process         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void      kol_step_bankrupt_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* Game#can_go_bankrupt? through the title's hook. */
gboolean  kol_operating_can_go_bankrupt     (KolEngine *engine,
                                             int        player,
                                             int        corp);
/* Game#can_go_bankrupt?: the president's cash and sellable shares plus the
 * corporation's cash do not reach the cheapest depot train. */
gboolean  kol_default_can_go_bankrupt       (KolEngine *engine,
                                             int        player,
                                             int        corp);

/* ---------------------------------------------------- legal choices (UI) */

typedef struct
{
  gint16    company;
  KolEntity owner;
  int       min_price;
  int       max_price;     /* also bounded by what the corporation can pay */
} KolCompanyOffer;

/* Companies @entity's corporation may buy now, with price ranges. */
int       kol_buyable_company_offers        (KolEngine       *engine,
                                             KolEntity        entity,
                                             KolCompanyOffer *out,
                                             int              max);

G_END_DECLS
