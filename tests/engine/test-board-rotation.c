/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-test-title.h"

#include <string.h>

/*
 * Where and how a tile may be laid: every new
 * exit must lead to a neighbour (no track off the map, across an impassable
 * border or into a blue/gray/red hex that does not point back; 1849 rule
 * 10.3, 1840 IX.4), one new exit must meet the corporation's network, the
 * old track must be kept, and the tile must be in the supply and of a colour
 * of the phase.
 */

static const KolTestHex hexes[] = {
  { "B4", "blue", NULL },
  { "C3", "gray", "city=revenue:20;path=a:_0,b:0" },
  { "C5", NULL, "border=edge:5,type:impassable" },
  { "C7", NULL, NULL },
  { "D4", NULL, NULL },
  { "D6", NULL, NULL },
  { "E9", NULL, NULL },
  { "G4", NULL, NULL },
  { "G6", NULL, NULL },
  { "H3", NULL, "city=revenue:20;path=a:_0,b:0" },
  { "H5", NULL, NULL },
  { "H7", NULL, NULL },
  { "I4", NULL, NULL },
  { "I6", NULL, NULL },
  { "K5", NULL, "city=revenue:0;label=P" },
  { NULL },
};

static const KolTestTile tiles[] = {
  { "7", "yellow", 2, "path=a:0,b:1" },
  { "8", "yellow", 2, "path=a:0,b:2" },
  { "9", "yellow", 2, "path=a:0,b:3" },
  { "57", "yellow", 2, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3" },
  { "L9", "yellow", 1, "path=a:0,b:3;lay_only_on=E9" },
  { "F9", "yellow", 1, "path=a:0,b:3;rotations=1" },
  { "Q9", "yellow", 1, "path=a:0,b:3;requires=bonus" },
  { "S9", "yellow", 1, "path=a:0,b:3" },
  { "14", "green", 1, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0" },
  { "18", "green", 1, "path=a:0,b:3;path=a:1,b:2" },
  { "19", "green", 1, "path=a:0,b:3;path=a:2,b:4" },
  { "26", "green", 1, "path=a:0,b:3;path=a:0,b:5" },
  { NULL },
};

static const KolTestCorp corps[] = {
  { "A", 4, NULL, 0 },
  { "B", 4, NULL, 0 },
  { NULL },
};

static KolTitle *
board_title (void)
{
  KolTestTitleSpec spec = {
    .phases = "yellow;yellow green",
    .hexes = hexes,
    .tiles = tiles,
    .corps = corps,
  };

  return kol_test_title_new (&spec);
}

/* A tokened in the gray city C3 (its track runs into C5), B in H3 (into H5). */
static KolEngine *
board_game (const KolTitle *title)
{
  KolEngine *engine = kol_test_game_new (title);

  kol_test_place (engine, "A", "C3", 0);
  kol_test_place (engine, "B", "H3", 0);
  return engine;
}

typedef struct
{
  const char *corp;
  const char *hex;
  const char *tile;
  const char *rotations;
} RotationCase;

/* C5: edge 1 runs off the map, edge 2 into the blue B4, edge 5 across an
 * impassable border; A's track arrives through edge 3. */
static const RotationCase rotation_cases[] = {
  { "A", "C5", "7", "3" },
  { "A", "C5", "8", "" },
  { "A", "C5", "9", "0" },
  /* H5 is open on all sides: of 9's look-alike rotations only 0 is listed */
  { "B", "H5", "9", "0" },
  { "B", "H5", "7", "2 3" },
  { "B", "H5", "8", "1 3" },
  /* a fixed rotation (1840's purple specials) */
  { "B", "H5", "F9", "" },
  { "A", "H5", "9", "" },
};

static void
test_legal_rotations (void)
{
  g_autoptr(KolTitle) title = board_title ();
  g_autoptr(KolEngine) engine = board_game (title);

  for (gsize i = 0; i < G_N_ELEMENTS (rotation_cases); i++)
    {
      const RotationCase *c = &rotation_cases[i];
      g_autofree char *got = NULL;
      KolReach reach;

      g_test_message ("%s lays %s on %s", c->corp, c->tile, c->hex);
      kol_test_reach (engine, c->corp, &reach);
      got = kol_test_mask (kol_board_legal_rotations (engine, kol_test_corp (engine, c->corp), kol_test_hex (engine, c->hex),
                                                       kol_test_tile (engine, c->tile), &reach));
      g_assert_cmpstr (got, ==, c->rotations);
    }
}

/* Upgrades keep the old track in the rotation laid (1849 §10.3): 7 on H5
 * runs 3-4, so 18 fits only turned by 2 and 26 only by 4. */
static void
test_upgrade_rotations (void)
{
  g_autoptr(KolTitle) title = board_title ();
  g_autoptr(KolEngine) engine = board_game (title);
  g_autofree char *r18 = NULL, *r26 = NULL, *legal = NULL;
  gint16 out[16];
  KolReach reach;
  KolReason reason;
  int n;

  kol_test_lay (engine, "H5", "7", 3);
  kol_engine_set_phase (engine, 1);
  kol_test_reach (engine, "B", &reach);
  r18 = kol_test_mask (kol_board_legal_rotations (engine, kol_test_corp (engine, "B"), kol_test_hex (engine, "H5"),
                                                   kol_test_tile (engine, "18"), &reach));
  r26 = kol_test_mask (kol_board_legal_rotations (engine, kol_test_corp (engine, "B"), kol_test_hex (engine, "H5"),
                                                   kol_test_tile (engine, "26"), &reach));
  g_assert_cmpstr (r18, ==, "2");
  g_assert_cmpstr (r26, ==, "4");

  g_assert_false (kol_board_check_lay (engine, kol_test_corp (engine, "B"), kol_test_hex (engine, "H5"), kol_test_tile (engine, "26"),
                                       0, &reach, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_ROTATION);

  n = kol_board_legal_tiles (engine, kol_test_corp (engine, "B"), kol_test_hex (engine, "H5"), &reach, out, G_N_ELEMENTS (out));
  legal = kol_test_tile_list (engine, out, n);
  g_assert_cmpstr (legal, ==, "18 26");
}

typedef struct
{
  const char *why;
  const char *corp;
  const char *hex;
  const char *tile;
  int         rotation;
  int         phase;
  KolReason   reason;
} LayCase;

static const LayCase lay_cases[] = {
  { "fits", "A", "C5", "9", 0, 0, KOL_REASON_NONE },
  { "look-alike rotation is legal too", "B", "H5", "9", 3, 0, KOL_REASON_NONE },
  { "track off the map", "A", "C5", "9", 1, 0, KOL_REASON_TILE_OFF_MAP },
  { "track into a blue hex", "A", "C5", "9", 2, 0, KOL_REASON_TILE_OFF_MAP },
  { "track across an impassable border", "A", "C5", "7", 4, 0, KOL_REASON_TILE_IMPASSABLE },
  { "not connected", "A", "C5", "8", 4, 0, KOL_REASON_TILE_NOT_CONNECTED },
  { "not connected at all", "A", "H5", "9", 0, 0, KOL_REASON_TILE_NOT_CONNECTED },
  { "green before its phase", "B", "H5", "18", 0, 0, KOL_REASON_TILE_COLOR_PHASE },
  { "no green on a blank hex", "B", "H5", "18", 0, 1, KOL_REASON_TILE_NOT_UPGRADE },
  { "city tile on a blank hex", "B", "H5", "57", 0, 0, KOL_REASON_TILE_NOT_UPGRADE },
  { "label", "B", "K5", "57", 0, 0, KOL_REASON_TILE_LABEL },
  { "hex-locked tile", "B", "H5", "L9", 0, 0, KOL_REASON_TILE_HEX_LOCKED },
  { "fixed rotation", "B", "H5", "F9", 0, 0, KOL_REASON_TILE_ROTATION },
  { "needs a capability", "B", "H5", "Q9", 0, 0, KOL_REASON_TILE_NOT_AVAILABLE },
  { "preprinted tiles are not in the supply", "B", "H5", "C7", 0, 0, KOL_REASON_TILE_NOT_AVAILABLE },
};

static void
test_check_lay (void)
{
  g_autoptr(KolTitle) title = board_title ();

  for (gsize i = 0; i < G_N_ELEMENTS (lay_cases); i++)
    {
      const LayCase *c = &lay_cases[i];
      g_autoptr(KolEngine) engine = board_game (title);
      KolReason reason = KOL_N_REASONS;
      KolReach reach;
      gboolean ok;

      g_test_message ("case: %s", c->why);
      kol_engine_set_phase (engine, c->phase);
      kol_test_reach (engine, c->corp, &reach);
      ok = kol_board_check_lay (engine, kol_test_corp (engine, c->corp), kol_test_hex (engine, c->hex), kol_test_tile (engine, c->tile),
                                c->rotation, &reach, &reason);
      g_assert_cmpint (ok, ==, c->reason == KOL_REASON_NONE);
      g_assert_cmpint (reason, ==, c->reason);
    }
}

/* The supply: the last copy laid, the tile is gone (potential_tiles only
 * offers tiles in @tiles). */
static void
test_supply (void)
{
  g_autoptr(KolTitle) title = board_title ();
  g_autoptr(KolEngine) engine = board_game (title);
  g_autofree char *before = NULL, *after = NULL;
  gint16 out[16];
  KolReach reach;
  KolReason reason;
  int n;

  kol_test_reach (engine, "A", &reach);
  n = kol_board_legal_tiles (engine, kol_test_corp (engine, "A"), kol_test_hex (engine, "C5"), &reach, out, G_N_ELEMENTS (out));
  before = kol_test_tile_list (engine, out, n);
  g_assert_cmpstr (before, ==, "7 9 S9");

  kol_test_lay (engine, "H5", "S9", 0);
  g_assert_cmpint (kol_board_tiles_left (engine, kol_test_tile (engine, "S9")), ==, 0);
  g_assert_false (kol_board_check_lay (engine, kol_test_corp (engine, "A"), kol_test_hex (engine, "C5"), kol_test_tile (engine, "S9"),
                                       0, &reach, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_NOT_AVAILABLE);
  n = kol_board_legal_tiles (engine, kol_test_corp (engine, "A"), kol_test_hex (engine, "C5"), &reach, out, G_N_ELEMENTS (out));
  after = kol_test_tile_list (engine, out, n);
  g_assert_cmpstr (after, ==, "7 9");
}

/* tracker_available_hex: connected hexes where some tile fits. */
static void
test_legal_hexes (void)
{
  g_autoptr(KolTitle) title = board_title ();
  g_autoptr(KolEngine) engine = board_game (title);
  g_autofree char *a = NULL, *b = NULL, *none = NULL;
  gint16 out[KOL_MAX_HEXES];
  KolReach reach;
  int n;

  kol_test_reach (engine, "A", &reach);
  n = kol_board_legal_hexes (engine, kol_test_corp (engine, "A"), &reach, out, G_N_ELEMENTS (out));
  a = kol_test_hex_list (engine, out, n);
  g_assert_cmpstr (a, ==, "C5");

  kol_test_reach (engine, "B", &reach);
  n = kol_board_legal_hexes (engine, kol_test_corp (engine, "B"), &reach, out, G_N_ELEMENTS (out));
  b = kol_test_hex_list (engine, out, n);
  g_assert_cmpstr (b, ==, "H5");

  /* nothing reached, nothing to lay */
  memset (&reach, 0, sizeof reach);
  n = kol_board_legal_hexes (engine, kol_test_corp (engine, "A"), &reach, out, G_N_ELEMENTS (out));
  none = kol_test_hex_list (engine, out, n);
  g_assert_cmpstr (none, ==, "");
}

/* -------------------------------------------------------------- hooks */

/* A title rule on top of the generic one, as 1849's gauge check (§10.3). */
static gboolean
hook_legal_rotation (KolEngine      *engine,
                     int             corp,
                     int             hex,
                     int             tile,
                     int             rotation,
                     const KolReach *reach,
                     KolReason      *reason)
{
  if (rotation == 3)
    {
      if (reason)
        *reason = KOL_REASON_TILE_GAUGE;
      return FALSE;
    }
  return kol_board_rotation_legal (engine, corp, hex, tile, rotation, reach, reason);
}

static gboolean
hook_hex_blocked (KolEngine *engine,
                  int        corp,
                  int        hex)
{
  return g_strcmp0 (engine->title->hexes[hex].id, "H5") == 0;
}

/* As 1840's orange hexes (IX.4): every neighbour counts as connected on G4. */
static guint8
hook_connected_edges (KolEngine      *engine,
                      int             corp,
                      int             hex,
                      const KolReach *reach)
{
  if (g_strcmp0 (engine->title->hexes[hex].id, "G4") == 0)
    return 0x3f;
  return kol_board_connected_edges (engine, corp, hex, reach);
}

/* A capability the title knows: Q9 is allowed. */
static gboolean
hook_tile_available (KolEngine *engine,
                     int        corp,
                     int        hex,
                     int        tile,
                     KolReason *reason)
{
  if (g_strcmp0 (engine->title->tiles[tile].lay_requires, "bonus") == 0)
    return kol_board_free_copy (engine, tile) >= 0;
  return kol_board_tile_available (engine, corp, hex, tile, reason);
}

static const KolBoardHooks rotation_hooks = { .legal_rotation = hook_legal_rotation };
static const KolTitleModule rotation_module = { .id = "test", .board_hooks = &rotation_hooks };
static const KolBoardHooks blocked_hooks = { .hex_blocked = hook_hex_blocked };
static const KolTitleModule blocked_module = { .id = "test", .board_hooks = &blocked_hooks };
static const KolBoardHooks edges_hooks = { .connected_edges = hook_connected_edges };
static const KolTitleModule edges_module = { .id = "test", .board_hooks = &edges_hooks };
static const KolBoardHooks tiles_hooks = { .tile_available = hook_tile_available };
static const KolTitleModule tiles_module = { .id = "test", .board_hooks = &tiles_hooks };

static void
test_hooks (void)
{
  g_autoptr(KolTitle) title = board_title ();
  g_autoptr(KolEngine) engine = board_game (title);
  g_autofree char *rotations = NULL, *hexes_b = NULL, *blocked = NULL;
  int b = kol_test_corp (engine, "B"), h5 = kol_test_hex (engine, "H5");
  gint16 out[KOL_MAX_HEXES];
  KolReason reason;
  KolReach reach;
  int n;

  kol_test_reach (engine, "B", &reach);

  engine->module = &rotation_module;
  rotations = kol_test_mask (kol_board_legal_rotations (engine, b, h5, kol_test_tile (engine, "7"), &reach));
  g_assert_cmpstr (rotations, ==, "2");
  g_assert_false (kol_board_check_lay (engine, b, h5, kol_test_tile (engine, "7"), 3, &reach, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_GAUGE);

  engine->module = &blocked_module;
  g_assert_false (kol_board_check_lay (engine, b, h5, kol_test_tile (engine, "9"), 0, &reach, &reason));
  g_assert_cmpint (reason, ==, KOL_REASON_TILE_BLOCKED);
  n = kol_board_legal_hexes (engine, b, &reach, out, G_N_ELEMENTS (out));
  blocked = kol_test_hex_list (engine, out, n);
  g_assert_cmpstr (blocked, ==, "");

  engine->module = &edges_module;
  n = kol_board_legal_hexes (engine, b, &reach, out, G_N_ELEMENTS (out));
  hexes_b = kol_test_hex_list (engine, out, n);
  g_assert_cmpstr (hexes_b, ==, "G4 H5");

  engine->module = &tiles_module;
  g_assert_true (kol_board_check_lay (engine, b, h5, kol_test_tile (engine, "Q9"), 0, &reach, &reason));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/board/rotation/legal-rotations", test_legal_rotations);
  g_test_add_func ("/engine/board/rotation/upgrade-rotations", test_upgrade_rotations);
  g_test_add_func ("/engine/board/rotation/check-lay", test_check_lay);
  g_test_add_func ("/engine/board/rotation/supply", test_supply);
  g_test_add_func ("/engine/board/rotation/legal-hexes", test_legal_hexes);
  g_test_add_func ("/engine/board/rotation/hooks", test_hooks);

  return g_test_run ();
}
