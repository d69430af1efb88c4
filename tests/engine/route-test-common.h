/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-test-title.h"
#include "kol-engine-route.h"
#include "kol-engine-words.h"

#include <string.h>

/*
 * Helpers shared by the route tests (test-route-*.c, bench-route.c): tokens
 * set straight into city slots, routes written as "C1.0 C3.0" (hex.node),
 * and solve/check wrappers that assert what every call must satisfy.
 */

/* Networks of the track specs the route tests use. */
#define RT_TRACKS_1849 "broad:broad narrow:narrow dual:broad+narrow"
#define RT_TRACKS_1840 "tram:tram stadtbahn:stadtbahn"
#define RT_BROAD  1u
#define RT_NARROW 2u
#define RT_TRAM   1u
#define RT_STADT  2u

/* The reason a test's hook gives a forbidden stop: a module's own reason
 * (1840's red areas are one), which the route check must hand back. */
#define TEST_REASON_FORBIDDEN (KOL_REASON_TITLE_BASE + 9)

/* Puts a token of @corp in the first free slot of city @city on @hex. */
G_GNUC_UNUSED static void
rt_token (KolEngine *engine,
          int        hex,
          int        city,
          int        corp)
{
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];
  int base = kol_tile_city_slot_base (tile, city);
  int node = kol_tile_city_node (tile, city);
  int used = 0;

  g_assert_cmpint (base, >=, 0);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      if (engine->hexes[h].slot_token[s] >= 0 && KOL_TOKEN_CORP (engine->hexes[h].slot_token[s]) == corp)
        used++;
  for (int s = 0; s < tile->nodes[node].slots; s++)
    if (engine->hexes[hex].slot_token[base + s] < 0)
      {
        engine->hexes[hex].slot_token[base + s] = KOL_TOKEN_ID (corp, used % KOL_MAX_CORP_TOKENS);
        return;
      }
  g_error ("no free slot in city %d of hex %d", city, hex);
}

G_GNUC_UNUSED static void
rt_token_at (KolEngine  *engine,
             const char *hex,
             int         city,
             int         corp)
{
  rt_token (engine, kol_test_hex (engine, hex), city, corp);
}

/* Removes every token from the board (the game setup may place homes). */
G_GNUC_UNUSED static void
rt_clear_tokens (KolEngine *engine)
{
  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      {
        engine->hexes[h].slot_token[s] = -1;
        engine->hexes[h].slot_reserved[s] = -1;
      }
}

/* "C1.0 C3.0": the nodes of a route. */
G_GNUC_UNUSED static char *
rt_route_str (const KolEngine *engine,
              const KolRoute  *route)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < route->n_nodes; i++)
    g_string_append_printf (s, "%s%s.%d", i ? " " : "", engine->title->hexes[route->nodes[i].hex].id,
                            route->nodes[i].node);
  return g_string_free (s, FALSE);
}

G_GNUC_UNUSED static int
rt_parse_nodes (KolEngine    *engine,
                const char   *text,
                KolRouteNode *out,
                int           max)
{
  g_auto(GStrv) items = g_strsplit (text, " ", -1);
  int n = 0;

  for (int i = 0; items[i]; i++)
    {
      char *dot = strchr (items[i], '.');

      if (items[i][0] == '\0')
        continue;
      g_assert_nonnull (dot);
      g_assert_cmpint (n, <, max);
      *dot = '\0';
      out[n].hex = (gint16) kol_test_hex (engine, items[i]);
      out[n].node = (gint8) atoi (dot + 1);
      n++;
    }
  return n;
}

/* Checks the route through @nodes (connections inferred); returns the
 * revenue or −1 with *reason set. */
G_GNUC_UNUSED static int
rt_check (KolEngine           *engine,
          int                  corp,
          const KolRouteRules *rules,
          const KolRouteTrain *train,
          const char          *nodes,
          const KolRoute      *others,
          int                  n_others,
          KolReason           *reason)
{
  KolRouteNode buf[32];
  KolRouteDraft draft = { 0 };
  KolRefusal refusal = { 0 };
  g_autoptr(GError) error = NULL;
  int rev;

  draft.n_nodes = rt_parse_nodes (engine, nodes, buf, G_N_ELEMENTS (buf));
  draft.nodes = buf;
  rev = kol_route_check (engine, corp, rules, train, &draft, others, n_others, NULL, &refusal, &error);
  if (reason)
    *reason = rev >= 0 ? KOL_REASON_NONE : (KolReason) refusal.args[0].value;
  if (rev < 0)
    {
      g_assert_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_ROUTE);
      g_assert_cmpint (refusal.code, ==, KOL_ENGINE_ERROR_ROUTE);
    }
  return rev;
}

/* Solves and asserts the result is proven and consistent. */
G_GNUC_UNUSED static KolRouteResult *
rt_solve (KolEngine           *engine,
          int                  corp,
          const KolRouteRules *rules,
          const KolRouteTrain *trains,
          int                  n_trains)
{
  g_autoptr(GError) error = NULL;
  KolRouteResult *r = kol_route_solve (engine, corp, rules, trains, n_trains, NULL, &error);
  int sum = 0;

  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_true (r->proven);
  for (int i = 0; i < r->n_routes; i++)
    sum += r->routes[i].revenue;
  g_assert_cmpint (sum, ==, r->total);
  return r;
}

/* Sets the revenue of node @node on @hex's printed tile to a by-phase or
 * by-colour table (@kind, then pairs of key and value, ended by −1). */
G_GNUC_UNUSED static void
rt_revenue (KolTitle *title,
            int       hex,
            int       node,
            int       kind,
            ...)
{
  KolRevenue *rev = &title->tiles[title->hexes[hex].tile].nodes[node].revenue;
  va_list ap;
  int key;

  memset (rev, 0, sizeof *rev);
  rev->kind = (guint8) kind;
  va_start (ap, kind);
  while ((key = va_arg (ap, int)) >= 0 && rev->n < KOL_MAX_REVENUE_KEYS)
    {
      rev->keys[rev->n] = (gint16) key;
      rev->values[rev->n] = va_arg (ap, int);
      rev->n++;
    }
  va_end (ap);
}
