/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Deals between owners: offers and consent.
 *
 * Some rulebooks let an entity buy from an entity of another owner only
 * with that owner's agreement (1849: a private company from a player,
 * 7.1/10.2; a train, 10.6, or a station marker, 14.1, from a corporation
 * of another president). Such a purchase is an *offer*: the step that
 * would carry it out checks it exactly as it would the purchase (on a
 * scratch copy of the game), records it and returns; the seller's owner
 * then answers with a choose action, "Accept" or "Decline", in
 * kol_step_consent, as their own action (logged, undoable, saved like any
 * other). Accepting runs the purchase through the step that made the
 * offer; declining changes nothing, except that the buyer may not offer
 * the same thing (or a train of the same kind from the same seller) again
 * at that price or less in the same turn (so an offer cannot be repeated
 * forever). Purchases between entities of one
 * owner stay immediate. The offer lives in the consent step's data, so
 * undo, saves and copies keep it.
 *
 * A title (or a data-driven rules module) uses it in two places:
 *
 *  1. its round's step list holds kol_step_consent before every step that
 *     sells between owners; the step blocks only while an offer waits.
 *     Its option (KolStep.opt) KOL_CONSENT_AUTO_ACCEPT makes every deal
 *     immediate, as on 18xx.games, whose records carry no answers;
 *
 *  2. the selling step's process, before it changes anything:
 *
 *       if (kol_consent_needed (engine, a->entity, seller))
 *         return kol_consent_offer (engine, s, a, error);
 *
 *     where @seller is the entity that owns what is bought (a player for
 *     a private company, a corporation for its train or station marker).
 *     When the offer is accepted the same process runs again with
 *     kol_consent_needed() FALSE. The step's legal_actions should pass
 *     each purchase it lists through kol_consent_listable(), which raises
 *     its price above a declined one or drops it.
 *
 * The core steps BuyCompany and BuyTrain already do 2.
 */

/* KolStep.opt of kol_step_consent. */
#define KOL_CONSENT_ASK          0
#define KOL_CONSENT_AUTO_ACCEPT  1

/* The choices of the seller's owner. */
#define KOL_CONSENT_ACCEPT  "Accept"
#define KOL_CONSENT_DECLINE "Decline"

extern const KolStepClass kol_step_consent;

/* A purchase waiting for its seller's answer: the fields of the buying
 * action that the purchase steps read. */
typedef struct
{
  guint8    type;         /* KolActionType: buy_company, buy_train, buy_token */
  gint8     step;         /* index in engine->round.steps of the step that made it */
  guint8    variant;      /* buy_train: variant index of the train's def */
  KolEntity buyer;        /* the acting entity of the purchase */
  KolEntity seller;       /* the entity that owns what is bought */
  gint16    player;       /* the seller's owner, who answers */
  gint16    company;
  gint16    train;
  gint16    hex;
  gint8     city;
  gint8     slot;
  int       price;
} KolOffer;

/* Whether a purchase by @buyer from @seller must be offered: the round
 * asks for consent, both have players behind them and they differ, and
 * this is not the accepted offer being carried out. */
gboolean        kol_consent_needed   (KolEngine       *engine,
                                      KolEntity        buyer,
                                      KolEntity        seller);
/* Records @a, made in step @s, as an offer to the owner of @a's seller,
 * once the purchase is known to be legal (it is tried on a copy of the
 * game: a refusal there is this call's refusal). */
gboolean        kol_consent_offer    (KolEngine       *engine,
                                      KolStep         *s,
                                      const KolAction *a,
                                      KolEntity        seller,
                                      GError         **error);
/* The offer waiting for an answer, or NULL. */
const KolOffer *kol_consent_pending  (KolEngine       *engine);
/* For a step's legal_actions: FALSE when @a may not be offered (a price at
 * or below a declined one); raises @a's price to one more than a declined
 * offer of the same thing when that stays within @max_price. Purchases
 * that need no consent are left alone. */
gboolean        kol_consent_listable (KolEngine       *engine,
                                      KolAction       *a,
                                      KolEntity        seller,
                                      int              max_price);
/* Self-play's invariant: between @before and @after, applying @a, nothing
 * changed hands between different owners without their consent (private
 * companies, trains, station markers). Appends what did to @problems. */
gboolean        kol_consent_check    (KolEngine       *before,
                                      KolEngine       *after,
                                      const KolAction *a,
                                      GString         *problems);

G_END_DECLS
