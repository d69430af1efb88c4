/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"
#include "kol-engine-board.h"

G_BEGIN_DECLS

/*
 * Track laying in operating rounds: the rules of a lay (lays and upgrades
 * per turn, costs, track restrictions), the Track step and the
 * TrackAndToken step (one lay and one token in either order), on top of
 * the board API (kol-engine-board.h) for tiles, rotations and
 * connectivity.
 *
 * Not written, because no title reaches them: tile income abilities of
 * companies in these steps, border costs, teleports as abilities, upgrades
 * that must use the most exits (1840's bonus lays are its own step on top
 * of Track). A private company's tile lay ability lays through
 * kol_tracker_lay_tile_with.
 */

/* --------------------------------------------------------------- Tracker */

/* The lay available now (index num_laid_track of the title's lays), with
 * "not if upgraded" resolved and costs filled; FALSE when none is left. */
gboolean  kol_tracker_get_tile_lay        (KolEngine  *engine,
                                           KolEntity   entity,
                                           KolTileLay *out);
/* Can @entity lay a tile now (a lay left, on the map, the cost paid)? */
gboolean  kol_tracker_can_lay_tile        (KolEngine *engine,
                                           KolEntity  entity);
/* May @entity lay or upgrade on @hex now? */
gboolean  kol_tracker_available_hex       (KolEngine      *engine,
                                           KolEntity       entity,
                                           int             hex,
                                           const KolReach *reach);
/* Checks the turn's allowance, lays (see below),
 * and counts the lay. @spender is the paying corporation, -1 for the entity. */
gboolean  kol_tracker_lay_tile_action     (KolEngine        *engine,
                                           KolStep          *s,
                                           const KolAction  *a,
                                           int               spender,
                                           GError          **error);
/* Checks the tile (board rules, track restriction), lays
 * it, pays upgrade cost + @extra_cost, lifts tokens of a trackless
 * multi-city tile (pending tokens). */
gboolean  kol_tracker_lay_tile            (KolEngine        *engine,
                                           const KolAction  *a,
                                           int               extra_cost,
                                           int               spender,
                                           GError          **error);
/* A company's tile lay ability: on hexes the corporation need not reach,
 * free of terrain costs, or with a discount on them. */
typedef struct
{
  gboolean any_hex;
  gboolean free;
  int      discount;
} KolLayOpts;

gboolean  kol_tracker_lay_tile_with       (KolEngine          *engine,
                                           const KolAction    *a,
                                           int                 extra_cost,
                                           int                 spender,
                                           const KolLayOpts   *opts,
                                           GError            **error);
/* The track restriction, checked after the tile is laid: @old_tile (with
 * @old_rotation) was on @hex before. */
gboolean  kol_tracker_check_track_restrictions (KolEngine  *engine,
                                                int         corp,
                                                int         hex,
                                                int         old_tile,
                                                int         old_rotation,
                                                GError    **error);
/* Appends a lay_tile action for every legal lay of @entity now. */
void      kol_tracker_legal_lays          (KolEngine *engine,
                                           KolEntity  entity,
                                           GPtrArray *out);
void      kol_tracker_round_state         (KolEngine *engine,
                                           KolStep   *s);
void      kol_tracker_setup               (KolEngine *engine,
                                           KolStep   *s);

/* ------------------------------------------------------ the Track step */

extern const KolStepClass kol_step_track;

guint32   kol_step_track_actions          (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean  kol_step_track_process          (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* Lay, then pass unless another lay is possible. */
gboolean  kol_step_track_process_lay_tile (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void      kol_step_track_legal_actions    (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
gboolean  kol_step_track_explain          (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);

/* --------------------------------------------- the TrackAndToken step */

/* Step data of TrackAndToken (a title subclass may extend it behind). */
typedef struct
{
  guint8 tokened;
} KolTrackAndTokenData;

extern const KolStepClass kol_step_track_and_token;

guint32  kol_step_track_and_token_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_track_and_token_can_lay_tile    (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_track_and_token_can_place_token (KolEngine *engine, KolStep *s, KolEntity entity);
void     kol_step_track_and_token_setup           (KolEngine *engine, KolStep *s);
void     kol_step_track_and_token_unpass          (KolEngine *engine, KolStep *s);
void     kol_step_track_and_token_round_state     (KolEngine *engine, KolStep *s);
gboolean kol_step_track_and_token_process         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_track_and_token_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);

/* ---------------------------------------------------- legal choices (UI) */

typedef struct
{
  gint16 tile;             /* tile def */
  guint8 rotations;        /* legal rotations, bitmask */
  int    cost;             /* what the lay costs (first legal rotation) */
} KolTileOption;

/* Hexes where @entity may lay or upgrade now; returns how many. */
int       kol_track_available_hexes        (KolEngine *engine,
                                            KolEntity  entity,
                                            gint16    *out,
                                            int        max);
/* Tiles (with legal rotations and cost) @entity may lay on @hex now. */
int       kol_track_tile_options           (KolEngine     *engine,
                                            KolEntity      entity,
                                            int            hex,
                                            KolTileOption *out,
                                            int            max);

G_END_DECLS
