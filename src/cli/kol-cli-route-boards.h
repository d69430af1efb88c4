/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-board.h"
#include "kol-engine-route.h"

G_BEGIN_DECLS

/*
 * Synthetic late-game boards on a real title, for `koleya-cli bench-routes
 * --synthetic` and the route tests: a game of the title is set up, the map
 * is filled phase by phase with legal tiles from the supply (the board
 * API's legal tiles and rotations, preferring the most connected ones),
 * companies get their home and further connected stations, and each is
 * given trains. The routing rules and trains of each company come from the
 * title module's route hooks (KolRouteHooks.prepare), as in a game.
 *
 * Only the engine's API is used; the title is loaded by the caller.
 */

typedef struct
{
  /* Phase the board is filled up to (each phase in turn gets its fill
   * passes, so that tiles are upgraded colour by colour); −1: the last. */
  int         phase;
  /* Stations per company, home included: min .. max. */
  int         min_stations;
  int         max_stations;
  /* Companies that get stations, chosen at random among those with
   * stations to place; 0: all. */
  int         companies;
  /* The trains each company is given, by train def id, separated by
   * spaces; "A|B" picks one of A or B. NULL: the trains the game set up
   * (e.g. 1840's Stadtbahn companies). */
  const char *trains;
  /* Only companies of these corporation types (separated by spaces:
   * "line city", "public") get stations and run; NULL: any with stations.
   * Companies the game's setup gave stations keep just those. */
  const char *corp_type;
  /* 0: fill the whole map; else only this many hexes around a random
   * company home (small boards for exhaustive tests). */
  int         region;
  /* Percent of lays that take the most connected legal tile; the others
   * take a random legal one. */
  int         greedy;
  /* Percent of the tiles that need a bonus lay (1840's red inner-city and
   * purple station tiles) laid where they fit. */
  int         bonus_tiles;
} KolRouteBoardSpec;

/* Landmark bonus bits a run's wrapper adds (see kol-cli-route-boards.c). */
typedef struct
{
  void     (*stop_value) (const KolEngine *, int, const KolRouteTrain *, KolRouteStop *, gpointer);
  gpointer   user_data;
  guint32    bonus_hex_bits[KOL_ROUTE_MAX_BONUSES];
  gint16     bonus_hex[KOL_ROUTE_MAX_BONUSES];
  int        n_bonus_hex;
} KolRouteBoardLandmarks;

/* One company's run on the board: what the router is asked to solve. */
typedef struct
{
  int                    corp;
  char                   label[64];
  KolRouteRules          rules;
  KolRouteTrain          trains[KOL_ROUTE_MAX_TRAINS];
  int                    n_trains;
  KolRouteBoardLandmarks landmarks;
} KolRouteBoardRun;

typedef struct
{
  KolEngine          *engine;
  int               tiles_laid;
  int               stations;
  int               n_runs;
  KolRouteBoardRun *runs;
} KolRouteBoard;

/* A board of @title from @seed. Returns NULL with @error set when the game
 * cannot be set up or the title has no route hooks. */
KolRouteBoard *kol_route_board_new  (const KolTitle          *title,
                                     const KolRouteBoardSpec *spec,
                                     guint32                  seed,
                                     GError                 **error);
void           kol_route_board_free (KolRouteBoard           *board);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KolRouteBoard, kol_route_board_free)

G_END_DECLS
