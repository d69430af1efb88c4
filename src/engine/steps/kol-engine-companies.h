/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Private companies and bankruptcy in operating rounds: the BuyCompany step
 * (a corporation buys a private company from a player, 1849 §7.1 and
 * §10.2) and the Bankrupt step.
 *
 * Not written (neither title has them in these steps): company abilities
 * that change on a sale (a new owner's assignment or revenue, abilities
 * removed when sold), or anything done after a company is sold.
 */

/* ------------------------------------------------ the BuyCompany step */

/* The step's option (KolStep.opt, given in the round's step list) says
 * whether it blocks: one at the end of a turn that waits for the
 * corporation to buy or pass. */
#define KOL_BUY_COMPANY_BLOCKS 1

extern const KolStepClass kol_step_buy_company;

guint32  kol_step_buy_company_actions       (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_buy_company_blocks        (KolEngine *engine, KolStep *s);
void     kol_step_buy_company_round_state   (KolEngine *engine, KolStep *s);
gboolean kol_step_buy_company_process       (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_buy_company_legal_actions (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* @corp buys @company from its owner for @price,
 * paid by @spender (-1: @corp). */
gboolean  kol_step_buy_company_buy          (KolEngine  *engine,
                                             KolStep    *s,
                                             int         corp,
                                             int         company,
                                             int         price,
                                             int         spender,
                                             GError    **error);
/* May the current corporation buy a company now? */
gboolean  kol_step_buy_company_can_buy      (KolEngine *engine,
                                             KolStep   *s,
                                             KolEntity  entity);

/* The companies @corp may buy; returns how many. */
int       kol_purchasable_companies         (KolEngine *engine,
                                             int        corp,
                                             gint16    *out,
                                             int        max);
/* The prices @corp may pay for @company (through the title's hook;
 * generic: half the value rounded up to twice the value). */
void      kol_company_price_range           (KolEngine *engine,
                                             int        corp,
                                             int        company,
                                             int       *min,
                                             int       *max);

/* -------------------------------------------------- the Bankrupt step */

extern const KolStepClass kol_step_bankrupt;

guint32   kol_step_bankrupt_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean  kol_step_bankrupt_process         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void      kol_step_bankrupt_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* May @player go bankrupt for @corp? Through the title's hook. */
gboolean  kol_operating_can_go_bankrupt     (KolEngine *engine,
                                             int        player,
                                             int        corp);
/* The generic answer: the president's cash and sellable shares plus the
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
