/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kol-engine-info.h"
#include "kol-title-1840-private.h"

/*
 * 1840 Vienna Tramways: what the table shows of the rules module's state
 * (kol-engine-info.h): a line's tram company, and the round bar (III.5,
 * rules.round_track).
 */

static int
corp_parent (const KolEngine *engine,
             int              corp)
{
  return k1840_is (engine, corp, K1840_LINE) ? k1840_line_major (engine, corp) : -1;
}

static gboolean
has_type (GVariant   *entry,
          const char *type)
{
  g_autoptr(GVariant) inner = g_variant_is_of_type (entry, G_VARIANT_TYPE_VARIANT)
                              ? g_variant_get_variant (entry) : g_variant_ref (entry);
  g_autoptr(GVariant) value = NULL;

  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_VARDICT))
    return FALSE;
  value = g_variant_lookup_value (inner, "type", G_VARIANT_TYPE_STRING);
  return value != NULL && g_strcmp0 (g_variant_get_string (value, NULL), type) == 0;
}

/* The @nth (1-based) entry of @type on the round bar, or -1. */
static int
nth_of_type (GVariant   *track,
             const char *type,
             int         nth)
{
  int seen = 0;

  for (gsize i = 0; track != NULL && i < g_variant_n_children (track); i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (track, i);

      if (has_type (entry, type) && ++seen == nth)
        return (int) i;
    }
  return -1;
}

/* SR n is played in turn n; the company and line rounds are counted by
 * the module as they start (CR1…CR6, LR1a…LR5c in bar order). */
static int
round_track_index (const KolEngine *engine)
{
  const K1840State *st = k1840_state_const (engine);
  g_autoptr(GVariant) rules = kol_title_rule (engine->title, "round_track");
  g_autoptr(GVariant) track = NULL;

  if (rules == NULL)
    return -1;
  track = g_variant_is_of_type (rules, G_VARIANT_TYPE_VARIANT) ? g_variant_get_variant (rules)
                                                                : g_variant_ref (rules);
  if (!g_variant_is_container (track) || g_variant_is_of_type (track, G_VARIANT_TYPE_VARDICT))
    return -1;
  if (engine->finished)
    return nth_of_type (track, "end", 1);
  switch (engine->round.kind)
    {
    case K1840_ROUND_AUCTION:
    case K1840_ROUND_CHOOSE:
      return nth_of_type (track, "pre", 1);
    case K1840_ROUND_STOCK:
      return nth_of_type (track, "stock", engine->turn);
    case K1840_ROUND_COMPANY_RUN:
    case K1840_ROUND_COMPANY_TRAINS:
    case K1840_ROUND_ACQUISITION:
      return nth_of_type (track, "company", st->cr_counter);
    case K1840_ROUND_LINE:
      return nth_of_type (track, "line", st->lr_count);
    default:
      return -1;
    }
}

/* The pre-round's private auction and the company rounds' line auctions
 * (the acquisition round) keep their bids in the round's auction state. */
static const KolAuctioneer *
auction (const KolEngine *engine)
{
  if (engine->round.kind != K1840_ROUND_AUCTION && engine->round.kind != K1840_ROUND_ACQUISITION)
    return NULL;
  return &KOL_ROUND_GENERIC (engine, const KolAuctionRoundState)->auction;
}

const KolInfoHooks k1840_info_hooks = {
  .corp_parent = corp_parent,
  .round_track_index = round_track_index,
  .auction = auction,
};
