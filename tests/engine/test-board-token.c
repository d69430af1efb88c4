/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <string.h>

/*
 * Station tokens on the board: a token needs a slot that is free and not
 * reserved for another corporation, at most one token per hex (1849
 * §10.4, 1840 IX.6 "one per hex per line"), and a route to the city that
 * does not pass a city full of other tokens (the city must be connected and
 * its hex reachable).
 */

static const KolTestHex hexes[] = {
  { "C1", NULL, "city=revenue:20;path=a:0,b:_0" },
  { "C3", NULL, "city=revenue:30,slots:2;path=a:3,b:_0;path=a:_0,b:0" },
  { "C5", NULL, "city=revenue:20;city=revenue:20;path=a:3,b:_0;path=a:_1,b:0;label=OO" },
  { "C7", NULL, "path=a:3,b:0" },
  { "C9", NULL, "city=revenue:20;path=a:3,b:_0" },
  { "E1", NULL, NULL },
  { NULL },
};

static const KolTestCorp corps[] = {
  { "A", 3, NULL, 0 },
  { "B", 3, NULL, 0 },
  { "C", 3, NULL, 0 },
  { "D", 1, NULL, 0 },
  { NULL },
};

static KolTitle *
token_title (void)
{
  KolTestTitleSpec spec = { .hexes = hexes, .corps = corps };

  return kol_test_title_new (&spec);
}

/* "A@C1 rB@C3 A@C5.1" */
static void
setup (KolEngine  *engine,
       const char *spec)
{
  g_auto(GStrv) items = g_strsplit (spec, " ", -1);

  for (int i = 0; items[i]; i++)
    {
      char *item = items[i];
      gboolean reserve = item[0] == 'r';
      char *at, *dot;
      int city = 0;

      if (item[0] == '\0')
        continue;
      if (reserve)
        item++;
      at = strchr (item, '@');
      g_assert_nonnull (at);
      *at = '\0';
      dot = strchr (at + 1, '.');
      if (dot)
        {
          *dot = '\0';
          city = atoi (dot + 1);
        }
      if (reserve)
        kol_board_reserve (engine, kol_test_hex (engine, at + 1), city, kol_test_corp (engine, item));
      else
        kol_test_place (engine, item, at + 1, city);
    }
}

typedef struct
{
  const char   *why;
  const char   *setup;
  const char   *corp;
  const char   *hex;
  int           city;
  KolTokenCheck checks;
  KolReason     reason;
} TokenCase;

#define CONNECTED KOL_TOKEN_CHECK_CONNECTED

static const TokenCase token_cases[] = {
  { "connected city with a free slot", "A@C1", "A", "C3", 0, CONNECTED, KOL_REASON_NONE },
  { "the other slot is reserved", "A@C1 rB@C3", "A", "C3", 0, CONNECTED, KOL_REASON_NONE },
  { "one slot left", "A@C1 B@C3", "A", "C3", 0, CONNECTED, KOL_REASON_NONE },
  /* the slot taken skips other corporations' reservations */
  { "last slot reserved for another", "A@C1 B@C3 rC@C3", "A", "C3", 0, CONNECTED, KOL_REASON_TOKEN_RESERVED },
  { "own reservation", "A@C1 B@C3 rC@C3", "C", "C3", 0, 0, KOL_REASON_NONE },
  { "city full", "A@C1 B@C3 C@C3", "A", "C3", 0, CONNECTED, KOL_REASON_TOKEN_NO_SLOT },
  /* a token of the corporation anywhere on the tile forbids another */
  { "already on the hex", "A@C1 A@C5", "A", "C5", 1, 0, KOL_REASON_TOKEN_ALREADY_THERE },
  { "same hex allowed", "A@C1 A@C5", "A", "C5", 1, KOL_TOKEN_ALLOW_SAME_HEX, KOL_REASON_NONE },
  /* connected: the reach must hold the city itself */
  { "other OO city not connected", "A@C1", "A", "C5", 1, CONNECTED, KOL_REASON_TOKEN_NOT_REACHABLE },
  { "off the network", "A@C1", "A", "C9", 0, CONNECTED, KOL_REASON_TOKEN_NOT_REACHABLE },
  { "behind a full city", "A@C1 B@C3 C@C3", "A", "C5", 0, CONNECTED, KOL_REASON_TOKEN_NOT_REACHABLE },
  { "not checking the connection", "A@C1", "A", "C9", 0, 0, KOL_REASON_NONE },
  { "no tokens left", "D@C1", "D", "C3", 0, CONNECTED, KOL_REASON_TOKEN_NONE_LEFT },
  { "no city on the hex", "A@C1", "A", "E1", 0, 0, KOL_REASON_TOKEN_NO_SLOT },
};

static void
test_check_token (void)
{
  g_autoptr(KolTitle) title = token_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (token_cases); i++)
    {
      const TokenCase *c = &token_cases[i];
      g_autoptr(KolEngine) engine = kol_test_game_new (title);
      KolReason reason = KOL_N_REASONS;
      KolReach reach;
      gboolean ok;

      g_test_message ("case: %s", c->why);
      setup (engine, c->setup);
      kol_test_reach (engine, c->corp, &reach);
      ok = kol_board_check_token (engine, kol_test_corp (engine, c->corp), kol_test_hex (engine, c->hex), c->city, c->checks,
                                  &reach, &reason);
      g_assert_cmpint (reason, ==, c->reason);
      g_assert_cmpint (ok, ==, c->reason == KOL_REASON_NONE);
      if (c->checks & CONNECTED)
        g_assert_cmpint (kol_board_can_place_token (engine, kol_test_corp (engine, c->corp), kol_test_hex (engine, c->hex),
                                                    c->city, TRUE, &reason), ==, ok);
    }
}

/* A token takes its corporation's
 * reservation or the first slot that is neither taken nor reserved, and
 * drops the reservation of its corporation in that city. */
static void
test_slots (void)
{
  g_autoptr(KolTitle) title = token_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL, *s4 = NULL;
  int c3 = kol_test_hex (engine, "C3"), c5 = kol_test_hex (engine, "C5");

  g_assert_cmpint (kol_board_city_slots (engine, c3, 0), ==, 2);
  g_assert_cmpint (kol_board_city_slots (engine, c5, 1), ==, 1);
  g_assert_cmpint (kol_board_slot_index (engine, c5, 1, 0), ==, 1);
  g_assert_cmpint (kol_board_slot_index (engine, c5, 1, 1), ==, -1);
  g_assert_cmpint (kol_board_slot_city (engine, c5, 1), ==, 1);

  setup (engine, "rB@C3");
  s1 = kol_test_slots (engine, "C3");
  g_assert_cmpstr (s1, ==, "rB -");
  g_assert_cmpint (kol_board_city_get_slot (engine, c3, 0, kol_test_corp (engine, "A")), ==, 1);
  g_assert_cmpint (kol_board_city_get_slot (engine, c3, 0, kol_test_corp (engine, "B")), ==, 0);

  setup (engine, "A@C3");
  s2 = kol_test_slots (engine, "C3");
  g_assert_cmpstr (s2, ==, "rB A");
  g_assert_cmpint (kol_board_slot_corp (engine, c3, 0, 1), ==, kol_test_corp (engine, "A"));
  g_assert_true (kol_board_city_reserved_by (engine, c3, 0, kol_test_corp (engine, "B")));

  setup (engine, "B@C3");
  s3 = kol_test_slots (engine, "C3");
  g_assert_cmpstr (s3, ==, "B A");
  g_assert_false (kol_board_city_reserved_by (engine, c3, 0, kol_test_corp (engine, "B")));

  /* a reservation in the other city of an OO hex stays */
  setup (engine, "rC@C5.0 C@C5.1");
  s4 = kol_test_slots (engine, "C5");
  g_assert_cmpstr (s4, ==, "rC | C");
}

/* A full city blocks: only tokens count, the corporation's own token opens it. */
static void
test_blocks (void)
{
  g_autoptr(KolTitle) title = token_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int c3 = kol_test_hex (engine, "C3");
  int a = kol_test_corp (engine, "A"), b = kol_test_corp (engine, "B"), c = kol_test_corp (engine, "C");

  setup (engine, "rC@C3 B@C3");
  g_assert_false (kol_board_city_blocks (engine, c3, 0, a));
  setup (engine, "C@C3");
  g_assert_true (kol_board_city_blocks (engine, c3, 0, a));
  g_assert_false (kol_board_city_blocks (engine, c3, 0, b));
  g_assert_false (kol_board_city_blocks (engine, c3, 0, c));
  g_assert_false (kol_board_city_blocks (engine, c3, 0, -1));
}

/* The next token is the first unused one; a token taken off the board is
 * unused again. */
static void
test_next_token (void)
{
  g_autoptr(KolTitle) title = token_title ();
  g_autoptr(KolEngine) engine = kol_test_game_new (title);
  int a = kol_test_corp (engine, "A");
  int c1 = kol_test_hex (engine, "C1");

  g_assert_cmpint (kol_board_next_token (engine, a), ==, 0);
  setup (engine, "A@C1 A@C3");
  g_assert_cmpint (kol_board_next_token (engine, a), ==, 2);
  g_assert_cmpint (engine->corps[a].tokens[0].hex, ==, c1);
  kol_board_remove_token (engine, a, 0);
  g_assert_cmpint (engine->corps[a].tokens[0].hex, ==, -1);
  g_assert_cmpint (engine->hexes[c1].slot_token[0], ==, -1);
  g_assert_cmpint (kol_board_next_token (engine, a), ==, 0);
  setup (engine, "A@C5 A@C9");
  g_assert_cmpint (kol_board_next_token (engine, a), ==, -1);
  /* no token, or a taken slot, is refused */
  g_assert_false (kol_board_place_token (engine, a, -1, c1, 0, -1));
  g_assert_false (kol_board_place_token (engine, kol_test_corp (engine, "B"), -1, kol_test_hex (engine, "C5"), 0, 0));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/board/token/check", test_check_token);
  g_test_add_func ("/engine/board/token/slots", test_slots);
  g_test_add_func ("/engine/board/token/blocks", test_blocks);
  g_test_add_func ("/engine/board/token/next-token", test_next_token);

  return g_test_run ();
}
