/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-error.h"
#include "kol-engine-types.h"

G_DEFINE_QUARK (kol-engine-error-quark, kol_engine_error)

static const char *const reason_names[KOL_N_REASONS] = {
  [KOL_REASON_NONE] = "none",
  [KOL_REASON_TILE_NOT_AVAILABLE] = "tile not available",
  [KOL_REASON_TILE_COLOR_PHASE] = "tile colour not available in this phase",
  [KOL_REASON_TILE_NOT_UPGRADE] = "not a legal upgrade",
  [KOL_REASON_TILE_NOT_CONNECTED] = "new track not connected",
  [KOL_REASON_TILE_OFF_MAP] = "track runs off the map",
  [KOL_REASON_TILE_IMPASSABLE] = "track crosses an impassable border",
  [KOL_REASON_TILE_ROTATION] = "rotation not allowed",
  [KOL_REASON_TILE_HEX_LOCKED] = "tile may not be laid on this hex",
  [KOL_REASON_TILE_LABEL] = "label does not match",
  [KOL_REASON_TILE_TERRAIN_COST] = "cannot pay the terrain cost",
  [KOL_REASON_TILE_BLOCKED] = "hex is blocked",
  [KOL_REASON_TILE_GAUGE] = "gauge does not match the adjoining track",
  [KOL_REASON_TILE_NO_LAYS_LEFT] = "no tile lay left",
  [KOL_REASON_TOKEN_NONE_LEFT] = "no station token left",
  [KOL_REASON_TOKEN_NO_SLOT] = "no free slot",
  [KOL_REASON_TOKEN_NOT_REACHABLE] = "city not reachable",
  [KOL_REASON_TOKEN_ALREADY_THERE] = "already has a token there",
  [KOL_REASON_TOKEN_RESERVED] = "slot reserved for another company",
  [KOL_REASON_ROUTE_TOO_SHORT] = "fewer than two revenue locations",
  [KOL_REASON_ROUTE_NO_TOKEN] = "no station of the company on the route",
  [KOL_REASON_ROUTE_REUSES_TRACK] = "track used twice",
  [KOL_REASON_ROUTE_REUSES_STOP] = "revenue location visited twice",
  [KOL_REASON_ROUTE_TOO_LONG] = "route too long for the train",
  [KOL_REASON_ROUTE_BLOCKED] = "passes through a blocked city",
  [KOL_REASON_ROUTE_NOT_CONNECTED] = "route is not connected",
  [KOL_REASON_ROUTE_GAUGE_CHANGE] = "gauge changes away from a station",
  [KOL_REASON_ROUTE_WRONG_TRACK] = "track type not usable by this train",
  [KOL_REASON_ROUTE_PORT] = "port rules broken",
  [KOL_REASON_ROUTE_TERMINAL] = "runs through a terminal",
  [KOL_REASON_ROUTE_AMBIGUOUS] = "more than one track joins these stops",
  [KOL_REASON_TRAIN_LIMIT] = "train limit",
  [KOL_REASON_TRAIN_NOT_AVAILABLE] = "train not available",
  [KOL_REASON_TRAIN_PRICE] = "price not allowed",
  [KOL_REASON_TRAIN_MUST_BUY] = "must buy a train",
  [KOL_REASON_SELL_NOT_OPERATED] = "company has not operated yet",
  [KOL_REASON_SELL_PRESIDENT] = "president's certificate cannot be sold",
  [KOL_REASON_SELL_FIRST_ROUND] = "no selling in the first share round",
  [KOL_REASON_SELL_AFTER_BUY] = "cannot sell after buying",
  [KOL_REASON_OPTION_CONFLICT] = "options conflict",
  [KOL_REASON_SELL_SOLD_THIS_TURN] = "already sold this company this turn",
  [KOL_REASON_BUY_ALREADY_BOUGHT] = "already bought this turn",
  [KOL_REASON_BUY_NOT_AVAILABLE] = "certificate not available",
  [KOL_REASON_MUST_SELL] = "must sell shares first",
  [KOL_REASON_PAR_NOT_ALLOWED] = "company cannot be started now",
  [KOL_REASON_PAR_PRICE] = "par price not available",
  [KOL_REASON_BID_MUST_PAY_PRICE] = "the first company is bought at its price",
  [KOL_REASON_BID_AUCTION_ONLY] = "only the company being auctioned takes bids",
  [KOL_REASON_TILE_NO_NEW_TRACK] = "the lay must use new track",
  [KOL_REASON_TOKEN_ALREADY_PLACED] = "a token was already placed this turn",
  [KOL_REASON_TRAIN_NOT_BUYABLE] = "train cannot be bought now",
  [KOL_REASON_TRAIN_OWN] = "a corporation cannot buy its own train",
  [KOL_REASON_TRAIN_CHEAPEST] = "only the cheapest train may be bought with the president's help",
  [KOL_REASON_TRAIN_OVER_COST] = "cannot pay more than the price with the president's help",
  [KOL_REASON_TRAIN_NOT_OWNED] = "not the corporation's train",
  [KOL_REASON_ROUTE_TRAIN_TWICE] = "a train runs twice",
  [KOL_REASON_ROUTE_TRAIN_OPERATED] = "the train already ran",
  [KOL_REASON_ROUTE_TRAIN_OWNER] = "another corporation's train",
  [KOL_REASON_DIVIDEND_KIND] = "not a dividend option now",
  [KOL_REASON_COMPANY_NOT_BUYABLE] = "company cannot be bought now",
  [KOL_REASON_COMPANY_PRICE] = "price outside the allowed range",
  [KOL_REASON_SELL_NOT_NEEDED] = "sells more than needed",
  [KOL_REASON_SELL_PRESIDENCY] = "the sale would change the presidency",
  [KOL_REASON_LOAN_NEEDS_SALE] = "shares must be sold before a loan",
  [KOL_REASON_CANNOT_GO_BANKRUPT] = "enough money can still be raised",
  [KOL_REASON_CHOICE] = "not one of the choices",
  [KOL_REASON_OFFER_DECLINED] = "an offer of this much was declined this turn",
  [KOL_REASON_ROUTE_NOT_BEST] = "the routes earn less than the best routes",
};

/**
 * kol_reason_to_string:
 * @reason: a reason code
 *
 * Returns: a short developer-English description of @reason.
 */
const char *
kol_reason_to_string (KolReason reason)
{
  if ((int) reason < 0 || reason >= KOL_N_REASONS || reason_names[reason] == NULL)
    return "unknown";
  return reason_names[reason];
}

static const char *const color_names[KOL_N_COLORS] = {
  "white", "yellow", "green", "brown", "gray", "red", "purple", "blue",
};

/**
 * kol_color_to_string:
 * @color: a colour
 *
 * Returns: the colour's data-file name.
 */
const char *
kol_color_to_string (KolColor color)
{
  if ((int) color < 0 || color >= KOL_N_COLORS)
    return "white";
  return color_names[color];
}

/**
 * kol_color_from_string:
 * @str: a colour name as in data files
 * @out: (out): the colour
 *
 * Returns: %TRUE if @str names a colour ("grey" is accepted for "gray").
 */
gboolean
kol_color_from_string (const char *str,
                       KolColor   *out)
{
  for (int i = 0; i < KOL_N_COLORS; i++)
    {
      if (g_strcmp0 (str, color_names[i]) == 0)
        {
          *out = (KolColor) i;
          return TRUE;
        }
    }
  if (g_strcmp0 (str, "grey") == 0)
    {
      *out = KOL_COLOR_GRAY;
      return TRUE;
    }
  return FALSE;
}
