/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-board.h"

G_BEGIN_DECLS

/*
 * Synthetic boards for engine tests, written in the tile notation of
 * 18xx.games (which its tile codes and our data's tile ids come from):
 *
 *   "city=revenue:20,slots:2;path=a:0,b:_0;path=a:_0,b:3;label=OO"
 *
 * Parts, separated by ';':
 *   city=slots:N,revenue:N,route:optional   town=…   offboard=…   junction
 *   path=a:E|_N,b:E|_N,track:ID|future,terminal:1,a_lane:W.I,b_lane:W.I,lanes:N
 *     (an edge 0..5 or _N, the N-th node declared; lanes:N makes N paths the
 *     way Path.make_lanes does)
 *   label=OO   rotations=0|3   policy=explicit|same_color|none
 *   upgrades_to=ID|ID   lay_only_on=HEX|HEX   requires=CAPABILITY
 * and on hexes only:
 *   upgrade=cost:N   border=edge:E,type:impassable   rotation=R
 */

typedef struct
{
  const char *id;        /* "C5" */
  const char *color;     /* NULL = white */
  const char *code;      /* the printed tile, NULL for a blank hex */
} KolTestHex;

typedef struct
{
  const char *id;        /* "57" */
  const char *color;
  int         count;     /* -1 = unlimited */
  const char *code;
} KolTestTile;

typedef struct
{
  const char *id;
  int         n_tokens;
  const char *home;      /* hex id or NULL */
  int         home_city; /* -1 = every city and town of the home hex */
} KolTestCorp;

typedef struct
{
  const char        *layout;   /* "flat" (default) or "pointy" */
  const char        *axes;     /* "letter-number" (default) or "number-letter" */
  const char        *colors;   /* upgrade order, default "yellow green brown gray" */
  const char        *tracks;   /* "broad:broad narrow:narrow dual:broad+narrow"; default one type */
  const char        *phases;   /* colours per phase, "yellow;yellow green"; default all colours */
  const KolTestHex  *hexes;    /* ended by an entry with id NULL */
  const KolTestTile *tiles;    /* ended by an entry with id NULL, may be NULL */
  const KolTestCorp *corps;    /* ended by an entry with id NULL, may be NULL */
} KolTestTitleSpec;

/* Builds and finishes a title; aborts the test on malformed specs. */
KolTitle *kol_test_title_new      (const KolTestTitleSpec *spec);
/* A two-player game on @title with the generic rules module. */
KolEngine  *kol_test_game_new       (const KolTitle *title);

int       kol_test_hex            (KolEngine  *engine,
                                   const char *id);
int       kol_test_tile           (KolEngine  *engine,
                                   const char *id);
int       kol_test_corp           (KolEngine  *engine,
                                   const char *id);
/* Places @corp's next token in (hex, city); asserts that it worked. */
void      kol_test_place          (KolEngine  *engine,
                                   const char *corp,
                                   const char *hex,
                                   int         city);
/* Lays the first free copy of @tile on @hex; asserts there is one. */
void      kol_test_lay            (KolEngine  *engine,
                                   const char *hex,
                                   const char *tile,
                                   int         rotation);
void      kol_test_reach          (KolEngine  *engine,
                                   const char *corp,
                                   KolReach   *out);

/* Descriptions for comparisons, in hex order; free with g_free():
 * "A1:0135 B2:3" hexes in connected_hexes with their edges; */
char     *kol_test_connected      (KolEngine *engine, const KolReach *reach);
/* "A1 B2" hexes with a connected path (reachable_hexes); */
char     *kol_test_reachable      (KolEngine *engine, const KolReach *reach);
/* "A1.0 B2.1" connected nodes as hex.node; */
char     *kol_test_nodes          (KolEngine *engine, const KolReach *reach);
/* "0 2 3" the bits of a rotation or edge mask. */
char     *kol_test_mask           (guint mask);
/* "B2 C3" tile or hex ids from an index list. */
char     *kol_test_tile_list      (KolEngine *engine, const gint16 *tiles, int n);
char     *kol_test_hex_list       (KolEngine *engine, const gint16 *hexes, int n);
/* "A:0 B:1 -:2": the corporation (or - for none) in each slot of a hex,
 * ':'-separated reservation shown as "rA". */
char     *kol_test_slots          (KolEngine *engine, const char *hex);

G_END_DECLS
