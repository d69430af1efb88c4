/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kol-game-words.h"
#include "kol-log-format.h"
#include "kol-refusal-format.h"

/*
 * Refusals carry their arguments in whatever order the rule that refused
 * found natural, so the sentence is not filled positionally: the arguments
 * are sorted into roles first (who, what corporation, which sums, which
 * hex, which rule), and each code's sentence names roles.
 */

typedef struct
{
  KolReason   reason;
  const char *name;      /* the reason without KOL_REASON_, for its term id */
  const char *context;
  const char *text;
} Reason;

#define R(reason) KOL_REASON_##reason, #reason

/* Each reason is a clause that completes "…: <reason>", in the usual 18xx
 * words; a title words it its own way in its game.json "terms" under
 * "reason_<name>" ("reason_train_limit": 1840's trams). */
static const Reason reasons[] = {
  { R (NONE), "reason", NC_("reason", "the rules do not allow it") },
  { R (TILE_NOT_AVAILABLE), "reason", NC_("reason", "no tile of this kind is left") },
  { R (TILE_COLOR_PHASE), "reason", NC_("reason", "tiles of this colour are not available in this phase") },
  { R (TILE_NOT_UPGRADE), "reason", NC_("reason", "it is not a legal upgrade of the tile there") },
  { R (TILE_NOT_CONNECTED), "reason", NC_("reason", "the new track does not connect to the company’s network") },
  { R (TILE_OFF_MAP), "reason", NC_("reason", "track would run off the map or into a blocked side") },
  { R (TILE_IMPASSABLE), "reason", NC_("reason", "track would cross an impassable hex side") },
  { R (TILE_ROTATION), "reason", NC_("reason", "the tile cannot be turned this way") },
  { R (TILE_HEX_LOCKED), "reason", NC_("reason", "this tile may only go on other hexes") },
  { R (TILE_LABEL), "reason", NC_("reason", "the tile’s label does not match the hex") },
  { R (TILE_TERRAIN_COST), "reason", NC_("reason", "the terrain cost cannot be paid") },
  { R (TILE_BLOCKED), "reason", NC_("reason", "the hex is blocked") },
  { R (TILE_GAUGE), "reason", NC_("reason", "the gauge does not match the track next to it") },
  { R (TILE_NO_LAYS_LEFT), "reason", NC_("reason", "no tile lay is left this turn") },
  { R (TOKEN_NONE_LEFT), "reason", NC_("reason", "no station token is left") },
  { R (TOKEN_NO_SLOT), "reason", NC_("reason", "the city has no free space") },
  { R (TOKEN_NOT_REACHABLE), "reason", NC_("reason", "the city cannot be reached") },
  { R (TOKEN_ALREADY_THERE), "reason", NC_("reason", "the company already has a station there") },
  { R (TOKEN_RESERVED), "reason", NC_("reason", "the space is reserved for another company") },
  { R (ROUTE_TOO_SHORT), "reason", NC_("reason", "a route needs at least two stops") },
  { R (ROUTE_NO_TOKEN), "reason", NC_("reason", "the route must include a station of the company") },
  { R (ROUTE_REUSES_TRACK), "reason", NC_("reason", "the route uses a piece of track twice") },
  { R (ROUTE_REUSES_STOP), "reason", NC_("reason", "the route visits a stop twice") },
  { R (ROUTE_TOO_LONG), "reason", NC_("reason", "the route is too long for this train") },
  { R (ROUTE_BLOCKED), "reason", NC_("reason", "the route passes through a city full of other companies’ tokens") },
  { R (ROUTE_NOT_CONNECTED), "reason", NC_("reason", "the stops are not connected by track") },
  { R (ROUTE_GAUGE_CHANGE), "reason", NC_("reason", "the gauge changes away from a stop") },
  { R (ROUTE_WRONG_TRACK), "reason", NC_("reason", "this train cannot use that track") },
  { R (ROUTE_PORT), "reason", NC_("reason", "the route breaks the port rules") },
  { R (ROUTE_TERMINAL), "reason", NC_("reason", "the route runs through a terminal") },
  { R (ROUTE_AMBIGUOUS), "reason", NC_("reason", "more than one track joins two stops: choose the track") },
  { R (TRAIN_LIMIT), "reason", NC_("reason", "the corporation is at its train limit") },
  { R (TRAIN_NOT_AVAILABLE), "reason", NC_("reason", "this train is not available") },
  { R (TRAIN_PRICE), "reason", NC_("reason", "the price is not allowed") },
  { R (TRAIN_MUST_BUY), "reason", NC_("reason", "the corporation must buy a train first") },
  { R (SELL_NOT_OPERATED), "reason", NC_("reason", "its shares cannot be sold before it has operated") },
  { R (SELL_PRESIDENT), "reason", NC_("reason", "the president’s certificate cannot be sold") },
  { R (SELL_FIRST_ROUND), "reason", NC_("reason", "nothing may be sold in the first stock round") },
  { R (SELL_AFTER_BUY), "reason", NC_("reason", "shares cannot be sold after buying in this turn") },
  { R (OPTION_CONFLICT), "reason", NC_("reason", "these options cannot be played together") },
  { R (SELL_SOLD_THIS_TURN), "reason", NC_("reason", "shares of this company were already sold this turn") },
  { R (BUY_ALREADY_BOUGHT), "reason", NC_("reason", "only one purchase is allowed per turn") },
  { R (BUY_NOT_AVAILABLE), "reason", NC_("reason", "this certificate cannot be bought now") },
  { R (MUST_SELL), "reason", NC_("reason", "shares must be sold first to come back within the limits") },
  { R (PAR_NOT_ALLOWED), "reason", NC_("reason", "this company cannot be started now") },
  { R (PAR_PRICE), "reason", NC_("reason", "this par price is not available") },
  { R (BID_MUST_PAY_PRICE), "reason", NC_("reason", "the cheapest company is bought at exactly its price") },
  { R (BID_AUCTION_ONLY), "reason", NC_("reason", "only the company being auctioned takes bids now") },
  { R (TILE_NO_NEW_TRACK), "reason", NC_("reason", "the tile must add new track") },
  { R (TOKEN_ALREADY_PLACED), "reason", NC_("reason", "a token was already placed this turn") },
  { R (TRAIN_NOT_BUYABLE), "reason", NC_("reason", "this train cannot be bought now") },
  { R (TRAIN_OWN), "reason", NC_("reason", "a corporation cannot buy its own train") },
  { R (TRAIN_CHEAPEST), "reason", NC_("reason", "in an emergency only the cheapest train of the depot may be bought") },
  { R (TRAIN_OVER_COST), "reason", NC_("reason", "with the president’s help the price may not exceed the train’s cost") },
  { R (TRAIN_NOT_OWNED), "reason", NC_("reason", "the train does not belong to this corporation") },
  { R (ROUTE_TRAIN_TWICE), "reason", NC_("reason", "a train runs twice") },
  { R (ROUTE_TRAIN_OPERATED), "reason", NC_("reason", "the train has already run this round") },
  { R (ROUTE_TRAIN_OWNER), "reason", NC_("reason", "the train belongs to another company") },
  { R (DIVIDEND_KIND), "reason", NC_("reason", "this is not one of the dividend choices now") },
  { R (COMPANY_NOT_BUYABLE), "reason", NC_("reason", "the private company cannot be bought now") },
  { R (COMPANY_PRICE), "reason", NC_("reason", "the price is outside the allowed range") },
  { R (SELL_NOT_NEEDED), "reason", NC_("reason", "it sells more than the emergency needs") },
  { R (SELL_PRESIDENCY), "reason", NC_("reason", "the sale would change the presidency") },
  { R (LOAN_NEEDS_SALE), "reason", NC_("reason", "shares must be sold before taking a loan") },
  { R (CANNOT_GO_BANKRUPT), "reason", NC_("reason", "enough money can still be raised") },
  { R (CHOICE), "reason", NC_("reason", "it is not one of the choices offered") },
  { R (ROUTE_NOT_BEST), "reason", NC_("reason", "the revenue claimed must be the highest the trains can earn") },
  { R (OFFER_DECLINED), "reason",
    NC_("reason", "an offer of this much was declined this turn: offer more, or buy elsewhere") },
};

/**
 * kol_reason_describe:
 * @title: (nullable): the title played
 * @reason: a rule
 *
 * Returns: (transfer none): why @reason refuses, as a clause in @title's
 *   words ("the corporation is at its train limit"), translated
 */
const char *
kol_reason_describe (const KolTitle *title,
                     KolReason       reason)
{
  const KolTitleWords *words = title != NULL && title->module != NULL ? title->module->words : NULL;

  /* a rules module's own reasons (KOL_REASON_TITLE_BASE and up) */
  if (words != NULL && (int) reason >= KOL_REASON_TITLE_BASE &&
      (guint) (reason - KOL_REASON_TITLE_BASE) < words->n_reasons)
    {
      const KolReasonInfo *info = &words->reasons[reason - KOL_REASON_TITLE_BASE];
      const char *own = kol_game_word_own (title, "reason_", info->name);

      return own != NULL ? own : g_dpgettext2 (GETTEXT_PACKAGE, info->context, info->text);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (reasons); i++)
    if (reasons[i].reason == reason)
      {
        const char *own = kol_game_word_own (title, "reason_", reasons[i].name);

        return own != NULL ? own : g_dpgettext2 (GETTEXT_PACKAGE, reasons[i].context, reasons[i].text);
      }
  return g_dpgettext2 (GETTEXT_PACKAGE, "reason", "the rules do not allow it");
}

/* ------------------------------------------------------------- roles */

typedef struct
{
  char     *who;          /* the first player, corporation, company or named place */
  char     *other;        /* a second one */
  char     *corp;         /* the corporation it is about */
  char     *money[3];
  int       n_money;
  char     *percent;
  char     *number;
  char     *hex;
  char     *tile;
  char     *train;
  char     *action;
  gboolean  has_reason;
  KolReason reason;
} Roles;

static void
roles_clear (Roles *r)
{
  g_free (r->who);
  g_free (r->other);
  g_free (r->corp);
  for (int i = 0; i < r->n_money; i++)
    g_free (r->money[i]);
  g_free (r->percent);
  g_free (r->number);
  g_free (r->hex);
  g_free (r->tile);
  g_free (r->train);
  g_free (r->action);
}

static void
take (char **slot,
      char  *value)
{
  if (*slot == NULL)
    *slot = value;
  else
    g_free (value);
}

static void
roles_fill (const KolEngine  *engine,
            const KolRefusal *refusal,
            Roles            *r)
{
  for (guint i = 0; i < MIN (refusal->n_args, KOL_REFUSAL_MAX_ARGS); i++)
    {
      const KolArg *arg = &refusal->args[i];
      char *text;

      if (arg->kind == KOL_ARG_REASON)
        {
          r->has_reason = TRUE;
          r->reason = arg->value;
          continue;
        }
      text = kol_log_format_arg (engine, arg);
      switch ((KolArgKind) arg->kind)
        {
        case KOL_ARG_PLAYER:
        case KOL_ARG_COMPANY:
        case KOL_ARG_STRING:
          take (r->who == NULL ? &r->who : &r->other, text);
          break;
        case KOL_ARG_CORP:
          /* the first corporation acts unless a player already does */
          if (r->who == NULL && r->corp == NULL && i == 0)
            r->who = text;
          else if (refusal->code == KOL_ENGINE_ERROR_NOT_YOUR_TURN)
            take (&r->other, text);
          else
            take (&r->corp, text);
          break;
        case KOL_ARG_MONEY:
          if (r->n_money < (int) G_N_ELEMENTS (r->money))
            r->money[r->n_money++] = text;
          else
            g_free (text);
          break;
        case KOL_ARG_PERCENT:
          take (&r->percent, text);
          break;
        case KOL_ARG_INT:
          take (&r->number, text);
          break;
        case KOL_ARG_HEX:
          take (&r->hex, text);
          break;
        case KOL_ARG_TILE:
          if (arg->value >= 0)
            take (&r->tile, g_steal_pointer (&text));
          g_free (text);
          break;
        case KOL_ARG_TRAIN:
          take (&r->train, text);
          break;
        case KOL_ARG_ACTION:
          take (&r->action, text);
          break;
        case KOL_ARG_REASON:
        case KOL_ARG_NONE:
        default:
          g_free (text);
          break;
        }
    }
}

static char *
fill (const char *template_,
      const char *a,
      const char *b,
      const char *c)
{
  const char *values[3] = { a, b, c };

  return kol_log_format_template (template_, values, 3);
}

static const char *
or_unknown (const char *s)
{
  return s != NULL ? s : "?";
}

static const char *
reason_of (const KolEngine *engine,
           const Roles     *r)
{
  return kol_reason_describe (engine->title, r->has_reason ? r->reason : KOL_REASON_NONE);
}

/* A title's own wording of a refusal's sentence ("refusal_train": 1840's
 * trams), else @fallback, the usual words. */
static const char *
own_or (const KolEngine *engine,
        const char      *name,
        const char      *fallback)
{
  const char *own = kol_game_word_own (engine->title, "refusal_", name);

  return own != NULL ? own : fallback;
}

/* "Not enough money", "certificate limit" and the other refusals that name
 * the numbers involved. */
static char *
format_limits (const KolEngine  *engine,
               const KolRefusal *refusal,
               const Roles      *r)
{
  switch (refusal->code)
    {
    case KOL_ENGINE_ERROR_NO_CASH:
      if (r->n_money >= 2)
        return fill (_("Not enough money: %1$s has %2$s but needs %3$s."), or_unknown (r->who),
                     r->money[0], r->money[1]);
      return fill (_("Not enough money: %1$s cannot pay for this."), or_unknown (r->who), NULL, NULL);
    case KOL_ENGINE_ERROR_CERT_LIMIT:
      return fill (_("%1$s would go over the certificate limit of %2$s."), or_unknown (r->who),
                   or_unknown (r->number), NULL);
    case KOL_ENGINE_ERROR_HOLDING_LIMIT:
      return fill (_("%1$s may not hold more than %2$s of %3$s."), or_unknown (r->who),
                   or_unknown (r->percent), or_unknown (r->corp));
    case KOL_ENGINE_ERROR_POOL_LIMIT:
      /* the pool's percentage and corporation come as the first arguments */
      return fill (own_or (engine, "pool_limit", _("The bank pool may not hold more than %1$s of %2$s.")),
                   or_unknown (r->percent), or_unknown (r->who != NULL ? r->who : r->corp), NULL);
    case KOL_ENGINE_ERROR_SOLD_THIS_ROUND:
      return fill (_("%1$s sold shares of %2$s this round and cannot buy them back now."), or_unknown (r->who),
                   or_unknown (r->corp), NULL);
    case KOL_ENGINE_ERROR_BID:
      if (r->n_money >= 3)
        return fill (_("A bid of %1$s is not possible: the minimum is %2$s, in steps of %3$s."),
                     r->money[0], r->money[1], r->money[2]);
      return g_strdup (_("This bid is not possible."));
    default:
      return NULL;
    }
}

/* Refusals that say which rule refused (a KolReason). */
static char *
format_rule (const KolEngine  *engine,
             const KolRefusal *refusal,
             const Roles      *r)
{
  const char *why = reason_of (engine, r);

  switch (refusal->code)
    {
    case KOL_ENGINE_ERROR_CANNOT_SELL:
      return fill (_("%1$s cannot sell %2$s: %3$s."), or_unknown (r->who), or_unknown (r->corp), why);
    case KOL_ENGINE_ERROR_TILE:
      if (r->hex != NULL)
        return fill (_("The tile cannot be laid on %1$s: %2$s."), r->hex, why, NULL);
      return fill (_("The tile cannot be laid: %1$s."), why, NULL, NULL);
    case KOL_ENGINE_ERROR_TOKEN:
      if (r->hex != NULL)
        return fill (own_or (engine, "token_on", _("No station token can be placed on %1$s: %2$s.")), r->hex, why,
                     NULL);
      return fill (own_or (engine, "token", _("No station token can be placed: %1$s.")), why, NULL, NULL);
    case KOL_ENGINE_ERROR_ROUTE:
      if (r->has_reason && r->reason == KOL_REASON_ROUTE_NOT_BEST && r->n_money >= 2)
        /* Translators: 1840 IX.8, 1849 §10.5.2; "Best Routes" is the
         * table's button. */
        return fill (_("These routes earn %1$s, but the best routes earn %2$s, and the revenue must be the "
                       "highest: choose Best Routes."), r->money[0], r->money[1], NULL);
      if (r->hex != NULL)
        return fill (_("The route is not valid at %1$s: %2$s."), r->hex, why, NULL);
      return fill (_("The route is not valid: %1$s."), why, NULL, NULL);
    case KOL_ENGINE_ERROR_TRAIN:
      return fill (own_or (engine, "train", _("The train cannot be bought: %1$s.")), why, NULL, NULL);
    case KOL_ENGINE_ERROR_RULE:
    default:
      {
        /* the clause alone, as a sentence */
        g_autofree char *first = g_utf8_strup (why, g_utf8_next_char (why) - why);

        return g_strconcat (first, g_utf8_next_char (why), ".", NULL);
      }
    }
}

/**
 * kol_refusal_format:
 * @engine: the game the action was refused in
 * @refusal: the engine's refusal (KolEngine.refusal)
 *
 * Returns: (transfer full): why the action was refused, as a translated
 *   sentence in the title's words
 */
char *
kol_refusal_format (const KolEngine  *engine,
                    const KolRefusal *refusal)
{
  Roles r = { 0 };
  char *text;

  roles_fill (engine, refusal, &r);
  text = format_limits (engine, refusal, &r);
  if (text == NULL)
    switch (refusal->code)
      {
      case KOL_ENGINE_ERROR_GAME_OVER:
        text = g_strdup (_("The game is over."));
        break;
      case KOL_ENGINE_ERROR_NOT_YOUR_TURN:
        text = fill (_("It is the turn of %1$s, not of %2$s."), or_unknown (r.who), or_unknown (r.other), NULL);
        break;
      case KOL_ENGINE_ERROR_NOT_NOW:
        text = r.action != NULL ? fill (_("“%1$s” is not possible now."), r.action, NULL, NULL)
                                : g_strdup (_("That is not possible now."));
        break;
      case KOL_ENGINE_ERROR_INVALID:
        text = g_strdup (_("This action is not valid in this game."));
        break;
      case KOL_ENGINE_ERROR_DATA:
        text = g_strdup (_("The title’s data does not allow this action."));
        break;
      case KOL_ENGINE_ERROR_INTERNAL:
        text = g_strdup (_("The rules engine could not carry out this action."));
        break;
      case KOL_ENGINE_ERROR_CANNOT_SELL:
      case KOL_ENGINE_ERROR_TILE:
      case KOL_ENGINE_ERROR_TOKEN:
      case KOL_ENGINE_ERROR_ROUTE:
      case KOL_ENGINE_ERROR_TRAIN:
      case KOL_ENGINE_ERROR_RULE:
      default:
        text = format_rule (engine, refusal, &r);
        break;
      }
  roles_clear (&r);
  return text;
}

/**
 * kol_replay_refusal_text:
 * @engine: the game as it was when it refused the move (its refusal set)
 * @move: the number of the move in the file, from 1
 *
 * What a reader of a file that no longer replays is told first: which
 * move the rules refuse and why, in the user's words ("Move 12 is against
 * the rules: not enough money …"), without the engine's English or a
 * position in the file, which go with the details.
 *
 * Returns: (transfer full): the sentence
 */
char *
kol_replay_refusal_text (const KolEngine *engine,
                         guint            move)
{
  g_autofree char *why = kol_refusal_format (engine, &engine->refusal);

  /* Translators: %u is the number of a move in a file, %s why the rules
   * refuse it (already translated). */
  return g_strdup_printf (_("Move %u is against the rules: %s"), move, why);
}
