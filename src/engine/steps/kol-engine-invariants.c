/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-invariants.h"
#include "kol-engine-shares.h"

/*
 * The invariants every module's self-play check shares (1849 and 1840
 * wrote them first, each its own way).
 */

void
kol_invariants_problem (GString    *problems,
                        const char *format,
                        ...)
{
  va_list ap;

  if (problems->len)
    g_string_append (problems, "; ");
  va_start (ap, format);
  g_string_append_vprintf (problems, format, ap);
  va_end (ap);
}

/**
 * kol_invariants_money:
 *
 * Returns: %TRUE if the money adds up to @expected and nobody who plays on
 *   is in debt.
 */
gboolean
kol_invariants_money (KolEngine *engine,
                      gint64     expected,
                      GString   *problems)
{
  gsize before = problems->len;
  gint64 total = engine->bank;

  for (int p = 0; p < engine->n_players; p++)
    {
      total += engine->players[p].cash;
      if (engine->players[p].cash < 0 && !engine->players[p].bankrupt)
        kol_invariants_problem (problems, "player %s has %d", engine->players[p].name, engine->players[p].cash);
    }
  /* a corporation may owe money for a moment (1849's bond interest, paid
   * by its president's emergency fund-raising) */
  for (int c = 0; c < engine->n_corps; c++)
    total += engine->corps[c].cash;
  if (total != expected)
    kol_invariants_problem (problems, "money is %" G_GINT64_FORMAT ", not %" G_GINT64_FORMAT, total, expected);
  return problems->len == before;
}

/**
 * kol_invariants_certs:
 *
 * Returns: %TRUE if every corporation's certificates are where they may be.
 */
gboolean
kol_invariants_certs (KolEngine *engine,
                      int        max_pool_percent,
                      GString   *problems)
{
  const KolTitle *t = engine->title;
  gsize before = problems->len;

  for (int c = 0; c < engine->n_corps; c++)
    {
      int total = 0, first, end;

      /* a closed corporation's certificates left the game with it */
      if (engine->corps[c].removed || engine->corps[c].closed)
        continue;
      kol_engine_corp_certs (engine, c, &first, &end);
      for (int i = first; i < end; i++)
        {
          KolEntity owner = engine->certs[i].owner;

          if (owner.kind == KOL_ENTITY_PLAYER || owner.kind == KOL_ENTITY_POOL ||
              (owner.kind == KOL_ENTITY_CORP && owner.index == c))
            total += engine->certs[i].percent;
        }
      if (total != 100)
        kol_invariants_problem (problems, "%s certificates total %d%%", t->corps[c].id, total);
      if (kol_corp_pool_percent (engine, c) > max_pool_percent)
        kol_invariants_problem (problems, "the pool holds more than %d%% of %s", max_pool_percent, t->corps[c].id);
      if (engine->corps[c].floated && engine->corps[c].owner.kind != KOL_ENTITY_PLAYER)
        kol_invariants_problem (problems, "%s has no president", t->corps[c].id);
      if (engine->corps[c].owner.kind == KOL_ENTITY_PLAYER && !kol_corp_is_president (engine, c, engine->corps[c].owner))
        kol_invariants_problem (problems, "%s's president lacks the certificate", t->corps[c].id);
    }
  return problems->len == before;
}

/**
 * kol_invariants_tiles:
 *
 * Returns: %TRUE if every tile copy is in one place.
 */
gboolean
kol_invariants_tiles (KolEngine *engine,
                      GString   *problems)
{
  const KolTitle *t = engine->title;
  int on_map[KOL_MAX_TILE_COPIES] = { 0 };
  gsize before = problems->len;

  for (guint h = 0; h < t->n_hexes; h++)
    {
      int copy = engine->hexes[h].copy;

      if (copy < 0)
        {
          if (engine->hexes[h].tile != t->hexes[h].tile)
            kol_invariants_problem (problems, "%s shows a tile without a copy", t->hexes[h].id);
          continue;
        }
      on_map[copy]++;
      if (engine->copy_hex[copy] != (gint16) h || t->copy_tile[copy] != engine->hexes[h].tile)
        kol_invariants_problem (problems, "tile copy %d on %s is not booked there", copy, t->hexes[h].id);
    }
  for (guint c = 0; c < t->n_tile_copies; c++)
    if (on_map[c] > 1 || (engine->copy_hex[c] >= 0 && on_map[c] != 1))
      kol_invariants_problem (problems, "tile copy %u is on %d hexes", c, on_map[c]);
  return problems->len == before;
}

/**
 * kol_invariants_tokens:
 *
 * Returns: %TRUE if every station marker is in one place.
 */
gboolean
kol_invariants_tokens (KolEngine *engine,
                       gboolean (*one_per_hex) (KolEngine *engine, int corp),
                       GString   *problems)
{
  const KolTitle *t = engine->title;
  gsize before = problems->len;

  for (int c = 0; c < engine->n_corps; c++)
    {
      const KolCorp *corp = &engine->corps[c];
      gboolean single = one_per_hex == NULL || one_per_hex (engine, c);

      for (int i = 0; i < corp->n_tokens; i++)
        {
          const KolToken *tok = &corp->tokens[i];

          if (tok->hex < 0)
            continue;
          if (tok->slot < 0 || tok->slot >= KOL_MAX_HEX_SLOTS ||
              engine->hexes[tok->hex].slot_token[tok->slot] != KOL_TOKEN_ID (c, i))
            kol_invariants_problem (problems, "a marker of %s is lost on %s", t->corps[c].id, t->hexes[tok->hex].id);
          for (int j = 0; j < i && single; j++)
            if (corp->tokens[j].hex == tok->hex)
              kol_invariants_problem (problems, "%s has two markers on %s", t->corps[c].id, t->hexes[tok->hex].id);
        }
    }
  for (guint h = 0; h < t->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      {
        int id = engine->hexes[h].slot_token[s];

        if (id < 0)
          continue;
        if (engine->corps[KOL_TOKEN_CORP (id)].tokens[KOL_TOKEN_INDEX (id)].hex != (gint16) h ||
            engine->corps[KOL_TOKEN_CORP (id)].tokens[KOL_TOKEN_INDEX (id)].slot != s)
          kol_invariants_problem (problems, "the marker in slot %d of %s belongs elsewhere", s, t->hexes[h].id);
      }
  return problems->len == before;
}
