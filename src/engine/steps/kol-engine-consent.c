/* SPDX-License-Identifier: GPL-3.0-or-later */

/* Offers between owners and their answers (kol-engine-consent.h): the
 * consent step, which holds the offer, and the checks the selling steps
 * and self-play call. */
#include "kol-engine-consent.h"
#include "kol-engine-log.h"
#include "kol-engine-round.h"
#include "kol-engine-trains.h"

#include <string.h>

#define MAX_DECLINED 8

/* What a declined offer was for, and its price. */
typedef struct
{
  guint8    type;
  gint16    item;         /* company, train def (trains alike are one
                           * thing to their seller and to the table), or hex */
  gint8     city;
  gint8     slot;
  KolEntity buyer;
  KolEntity seller;
  int       price;
} Declined;

typedef struct
{
  guint8   pending;
  guint8   granting;      /* the accepted offer is being carried out */
  KolOffer offer;
  guint8   n_declined;    /* this turn's declined offers */
  Declined declined[MAX_DECLINED];
} ConsentData;

G_STATIC_ASSERT (sizeof (ConsentData) <= KOL_STEP_DATA_SIZE);

static ConsentData *
consent_data (KolStep *s)
{
  return (ConsentData *) (void *) s->data;
}

static KolStep *
consent_step (KolEngine *engine)
{
  return kol_round_find_step (engine, &kol_step_consent);
}

/* ------------------------------------------------------------ the offer */

static gint16
item_of (KolEngine *engine,
         int        type,
         int        company,
         int        train,
         int        hex)
{
  switch (type)
    {
    case KOL_ACTION_BUY_COMPANY:
      return (gint16) company;
    case KOL_ACTION_BUY_TRAIN:
      return train >= 0 && train < engine->n_trains ? engine->trains[train].def : -1;
    default:
      return (gint16) hex;
    }
}

static gboolean
same_thing (KolEngine       *engine,
            const Declined  *d,
            const KolAction *a,
            KolEntity        seller)
{
  return d->type == a->type && d->item == item_of (engine, a->type, a->company, a->train, a->hex) &&
         kol_entity_equal (d->buyer, a->entity) && kol_entity_equal (d->seller, seller) &&
         (a->type != KOL_ACTION_BUY_TOKEN || (d->city == a->city && d->slot == a->slot));
}

/* The highest declined price for what @a buys from @seller this turn, or
 * -1. */
static int
declined_price (KolEngine       *engine,
                ConsentData     *d,
                const KolAction *a,
                KolEntity        seller)
{
  int price = -1;

  for (int i = 0; i < d->n_declined; i++)
    if (same_thing (engine, &d->declined[i], a, seller))
      price = MAX (price, d->declined[i].price);
  return price;
}

/**
 * kol_consent_needed:
 *
 * Returns: %TRUE if a purchase by @buyer from @seller must be offered to
 *   the seller's owner first.
 */
gboolean
kol_consent_needed (KolEngine *engine,
                    KolEntity  buyer,
                    KolEntity  seller)
{
  KolStep *s = consent_step (engine);
  int from, to;

  if (s == NULL || s->opt == KOL_CONSENT_AUTO_ACCEPT || consent_data (s)->granting)
    return FALSE;
  from = kol_entity_player (engine, seller);
  to = kol_entity_player (engine, buyer);
  return from >= 0 && to >= 0 && from != to;
}

static void
log_offer (KolEngine      *engine,
           const KolOffer *o)
{
  KolArg args[4] = {
    kol_arg_entity (o->buyer),
    kol_arg_int (KOL_ARG_MONEY, o->price),
    kol_arg_entity (o->seller),
  };

  switch (o->type)
    {
    case KOL_ACTION_BUY_COMPANY:
      args[3] = kol_arg_int (KOL_ARG_COMPANY, o->company);
      kol_engine_log (engine, KOL_LOG_OFFERS_COMPANY, args, 4);
      break;
    case KOL_ACTION_BUY_TRAIN:
      args[3] = kol_arg_string (kol_engine_train_name (engine, o->train));
      kol_engine_log (engine, KOL_LOG_OFFERS_TRAIN, args, 4);
      break;
    default:
      args[3] = kol_arg_int (KOL_ARG_HEX, o->hex);
      kol_engine_log (engine, KOL_LOG_OFFERS_TOKEN, args, 4);
      break;
    }
}

/* Tries @a in step @index of a scratch copy of the game, as the accepted
 * offer would run; a refusal there becomes @engine's. */
static gboolean
try_purchase (KolEngine        *engine,
              int               index,
              const KolAction  *a,
              GError          **error)
{
  g_autoptr(KolEngine) scratch = kol_engine_copy (engine);
  KolStep *consent = consent_step (scratch);
  KolStep *s = &scratch->round.steps[index];
  gboolean ok;

  scratch->log_func = NULL;
  consent_data (consent)->granting = TRUE;
  ok = s->klass->process (scratch, s, a, error);
  if (!ok)
    engine->refusal = scratch->refusal;
  return ok;
}

static gboolean
refuse_declined (KolEngine        *engine,
                 const KolAction  *a,
                 int               price,
                 GError          **error)
{
  KolArg args[3] = {
    kol_arg_entity (a->entity),
    kol_arg_int (KOL_ARG_REASON, KOL_REASON_OFFER_DECLINED),
    kol_arg_int (KOL_ARG_MONEY, price),
  };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 3,
                            "an offer of %d was declined this turn: offer more", price);
}

/**
 * kol_consent_offer:
 * @s: the step that would carry out @a
 * @seller: the entity that owns what @a buys
 *
 * Records @a as an offer to @seller's owner, once it is known to be a
 * legal purchase at a price above any declined one.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_consent_offer (KolEngine        *engine,
                   KolStep          *s,
                   const KolAction  *a,
                   KolEntity         seller,
                   GError          **error)
{
  KolStep *step = consent_step (engine);
  ConsentData *d = consent_data (step);
  int index = (int) (s - engine->round.steps), declined = declined_price (engine, d, a, seller);
  KolOffer *o = &d->offer;

  g_return_val_if_fail (index >= 0 && index < engine->round.n_steps, FALSE);
  if (declined >= 0 && a->price <= declined)
    return refuse_declined (engine, a, declined, error);
  if (!try_purchase (engine, index, a, error))
    return FALSE;
  memset (o, 0, sizeof *o);
  o->type = (guint8) a->type;
  o->step = (gint8) index;
  o->buyer = a->entity;
  o->seller = seller;
  o->player = (gint16) kol_entity_player (engine, seller);
  o->company = a->company;
  o->train = a->train;
  o->hex = a->hex;
  o->city = a->city;
  o->slot = a->slot;
  o->price = a->price;
  if (a->type == KOL_ACTION_BUY_TRAIN && a->train >= 0)
    {
      int variant = kol_train_variant_by_name (engine, a->train, a->variant);

      o->variant = (guint8) MAX (variant, 0);
    }
  d->pending = TRUE;
  log_offer (engine, o);
  return TRUE;
}

/**
 * kol_consent_pending:
 *
 * Returns: (nullable): the offer waiting for an answer
 */
const KolOffer *
kol_consent_pending (KolEngine *engine)
{
  KolStep *s = consent_step (engine);

  return s != NULL && consent_data (s)->pending ? &consent_data (s)->offer : NULL;
}

/**
 * kol_consent_listable:
 * @a: a purchase a step lists (its price may be raised)
 * @seller: the entity that owns what @a buys
 * @max_price: the highest price the step allows for it
 *
 * Returns: %FALSE when @a cannot be offered at any price up to @max_price
 *   after a declined offer.
 */
gboolean
kol_consent_listable (KolEngine *engine,
                      KolAction *a,
                      KolEntity  seller,
                      int        max_price)
{
  int declined;

  if (!kol_consent_needed (engine, a->entity, seller))
    return TRUE;
  declined = declined_price (engine, consent_data (consent_step (engine)), a, seller);
  if (declined < 0 || a->price > declined)
    return TRUE;
  if (declined + 1 > max_price)
    return FALSE;
  a->price = declined + 1;
  return TRUE;
}

/* ------------------------------------------------------------- the step */

static int
consent_active_entities (KolEngine *engine,
                         KolStep   *s,
                         KolEntity *out,
                         int        max)
{
  ConsentData *d = consent_data (s);

  if (!d->pending || max < 1)
    return 0;
  out[0] = kol_entity (KOL_ENTITY_PLAYER, d->offer.player);
  return 1;
}

static gboolean
consent_active (KolEngine *engine,
                KolStep   *s)
{
  return consent_data (s)->pending;
}

static guint32
consent_actions (KolEngine *engine,
                 KolStep   *s,
                 KolEntity  entity)
{
  ConsentData *d = consent_data (s);

  if (!d->pending || entity.kind != KOL_ENTITY_PLAYER || entity.index != d->offer.player)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_CHOOSE);
}

/* A new turn: what was declined in the last one may be offered again. */
static void
consent_setup (KolEngine *engine,
               KolStep   *s)
{
  ConsentData *d = consent_data (s);

  d->n_declined = 0;
}

static void
remember_declined (KolEngine   *engine,
                   ConsentData *d)
{
  const KolOffer *o = &d->offer;
  Declined *slot;

  if (d->n_declined == MAX_DECLINED)
    {
      memmove (&d->declined[0], &d->declined[1], (MAX_DECLINED - 1) * sizeof d->declined[0]);
      d->n_declined--;
    }
  slot = &d->declined[d->n_declined++];
  slot->type = o->type;
  slot->item = item_of (engine, o->type, o->company, o->train, o->hex);
  slot->city = o->city;
  slot->slot = o->slot;
  slot->buyer = o->buyer;
  slot->seller = o->seller;
  slot->price = o->price;
}

/* The buying action again, from the offer. */
static KolAction *
offer_action (KolEngine      *engine,
              const KolOffer *o)
{
  KolAction *a = kol_action_new ((KolActionType) o->type, o->buyer);

  a->company = o->company;
  a->train = o->train;
  a->hex = o->hex;
  a->city = o->city;
  a->slot = o->slot;
  a->price = o->price;
  if (o->type == KOL_ACTION_BUY_TRAIN && o->train >= 0)
    {
      const KolTrainDef *def = &engine->title->trains[engine->trains[o->train].def];

      if (def->n_variants > 1 && o->variant < def->n_variants)
        a->variant = g_strdup (def->variants[o->variant].name);
    }
  return a;
}

static gboolean
accept (KolEngine        *engine,
        KolStep          *s,
        GError          **error)
{
  ConsentData *d = consent_data (s);
  g_autoptr(KolAction) a = offer_action (engine, &d->offer);
  KolStep *seller_step = &engine->round.steps[d->offer.step];
  gboolean ok;

  d->granting = TRUE;
  ok = seller_step->klass->process (engine, seller_step, a, error);
  d->granting = FALSE;
  if (ok)
    seller_step->acted = TRUE;
  return ok;
}

static gboolean
consent_process (KolEngine        *engine,
                 KolStep          *s,
                 const KolAction  *a,
                 GError          **error)
{
  ConsentData *d = consent_data (s);
  gboolean yes = g_strcmp0 (a->choice, KOL_CONSENT_ACCEPT) == 0;
  KolArg args[2] = { kol_arg_entity (a->entity), kol_arg_entity (d->offer.buyer) };

  if (a->type != KOL_ACTION_CHOOSE || (!yes && g_strcmp0 (a->choice, KOL_CONSENT_DECLINE) != 0))
    {
      KolArg why[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_CHOICE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, why, 1, "choose “%s” or “%s”",
                                KOL_CONSENT_ACCEPT, KOL_CONSENT_DECLINE);
    }
  d->pending = FALSE;
  kol_engine_log (engine, yes ? KOL_LOG_ACCEPTS_OFFER : KOL_LOG_DECLINES_OFFER, args, 2);
  if (yes)
    return accept (engine, s, error);
  remember_declined (engine, d);
  return TRUE;
}

static void
consent_legal_actions (KolEngine *engine,
                       KolStep   *s,
                       KolEntity  entity,
                       GPtrArray *out)
{
  static const char *const choices[] = { KOL_CONSENT_ACCEPT, KOL_CONSENT_DECLINE };

  if (consent_actions (engine, s, entity) == 0)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_CHOOSE, entity);

      a->choice = g_strdup (choices[i]);
      g_ptr_array_add (out, a);
    }
}

/* Never passed: it is active exactly while an offer waits. */
static void
consent_skip (KolEngine *engine,
              KolStep   *s)
{
}

const KolStepClass kol_step_consent = {
  .name = "Accept or Decline an Offer",
  .actions = consent_actions,
  .active = consent_active,
  .active_entities = consent_active_entities,
  .process = consent_process,
  .setup = consent_setup,
  .skip = consent_skip,
  .legal_actions = consent_legal_actions,
};

/* ------------------------------------------------------------ invariant */

static gboolean
accepted_by (const KolAction *a,
             int              player)
{
  return a->type == KOL_ACTION_CHOOSE && g_strcmp0 (a->choice, KOL_CONSENT_ACCEPT) == 0 &&
         a->entity.kind == KOL_ENTITY_PLAYER && a->entity.index == player;
}

/* @what went from @from to @to: fine when one player is behind both (as the
 * game was before @a) or @from's owner accepted. */
static void
check_move (KolEngine       *before,
            KolEntity        from,
            KolEntity        to,
            const KolAction *a,
            const char      *what,
            GString         *problems,
            gboolean        *ok)
{
  int seller = kol_entity_player (before, from), buyer = kol_entity_player (before, to);

  if (seller < 0 || buyer < 0 || seller == buyer || accepted_by (a, seller))
    return;
  g_string_append_printf (problems, "%s went from %s to %s without %s's consent; ", what,
                          kol_engine_entity_name (before, from), kol_engine_entity_name (before, to),
                          before->players[seller].name);
  *ok = FALSE;
}

static void
check_tokens (KolEngine       *before,
              KolEngine       *after,
              const KolAction *a,
              GString         *problems,
              gboolean        *ok)
{
  for (guint h = 0; h < before->title->n_hexes; h++)
    for (int slot = 0; slot < KOL_MAX_HEX_SLOTS; slot++)
      {
        int was = before->hexes[h].slot_token[slot], now = after->hexes[h].slot_token[slot];

        if (was >= 0 && now >= 0 && KOL_TOKEN_CORP (was) != KOL_TOKEN_CORP (now))
          check_move (before, kol_entity (KOL_ENTITY_CORP, KOL_TOKEN_CORP (was)),
                      kol_entity (KOL_ENTITY_CORP, KOL_TOKEN_CORP (now)), a,
                      before->title->hexes[h].id, problems, ok);
      }
}

/**
 * kol_consent_check:
 * @before: the game before @a
 * @after: the game after @a
 *
 * Returns: %FALSE if a private company, a train or a station marker
 *   changed hands between different owners without the seller's owner
 *   accepting (only where the round asked for consent).
 */
gboolean
kol_consent_check (KolEngine       *before,
                   KolEngine       *after,
                   const KolAction *a,
                   GString         *problems)
{
  KolStep *s = consent_step (before);
  gboolean ok = TRUE;

  if (s == NULL || s->opt == KOL_CONSENT_AUTO_ACCEPT)
    return TRUE;
  for (int c = 0; c < before->n_companies; c++)
    if (before->companies[c].owner.kind == KOL_ENTITY_PLAYER &&
        !kol_entity_equal (before->companies[c].owner, after->companies[c].owner) &&
        after->companies[c].owner.kind == KOL_ENTITY_CORP)
      check_move (before, before->companies[c].owner, after->companies[c].owner, a,
                  before->title->companies[c].id, problems, &ok);
  for (int t = 0; t < before->n_trains; t++)
    if (before->trains[t].owner.kind == KOL_ENTITY_CORP && after->trains[t].owner.kind == KOL_ENTITY_CORP &&
        !kol_entity_equal (before->trains[t].owner, after->trains[t].owner))
      check_move (before, before->trains[t].owner, after->trains[t].owner, a,
                  kol_engine_train_name (before, t), problems, &ok);
  check_tokens (before, after, a, problems, &ok);
  return ok;
}
