/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kol-engine-operating.h"

G_BEGIN_DECLS

/*
 * Station tokens in operating rounds (1849 §10.4, 1840 IX.6): the rules of
 * placing one, the Token step (one token per turn) and the HomeToken step
 * (tokens whose city must be chosen: a home without a decided city, or
 * tokens lifted when a multi-city tile replaces a trackless one).
 */

/* ------------------------------------------------------- pending tokens */

#define KOL_MAX_PENDING_TOKENS 6
#define KOL_MAX_PENDING_HEXES  8

typedef struct
{
  KolEntity entity;                     /* who places it */
  gint16    corp;                       /* whose token it is */
  gint8     token;                      /* index in the corporation's tokens */
  guint8    n_hexes;
  gint16    hexes[KOL_MAX_PENDING_HEXES];
} KolPendingToken;

/* The tokens waiting for their city. They live in the HomeToken step's
 * data, because 1849 uses the step in stock rounds too (where the generic
 * round state belongs to the stock round). */
typedef struct
{
  int             n;
  KolPendingToken tokens[KOL_MAX_PENDING_TOKENS];
} KolPendingTokens;

G_STATIC_ASSERT (sizeof (KolPendingTokens) <= KOL_STEP_DATA_SIZE);

/* The pending tokens of the current round: those of its HomeToken step (a
 * step whose round_state slot is kol_step_home_token_round_state), or NULL
 * when the round has none. */
KolPendingTokens *kol_round_pending_tokens (KolEngine *engine);
void              kol_pending_tokens_push  (KolPendingTokens *pending,
                                            KolEntity         entity,
                                            int               corp,
                                            int               token,
                                            const gint16     *hexes,
                                            int               n_hexes);
void              kol_pending_tokens_shift (KolPendingTokens *pending);

/* ------------------------------------------------- placing a token */

/* Options of kol_tokener_place_token(). */
typedef struct
{
  gboolean connected;      /* check the city is connected (default TRUE) */
  gboolean extra_action;   /* does not use the turn's token placement */
  int      spender;        /* corporation paying, -1 = the placing entity */
  int      price;          /* what the token costs, -1 = its own price (a
                            * company's token ability names its price) */
} KolPlaceTokenOpts;

void      kol_place_token_opts_init        (KolPlaceTokenOpts *opts);

/* The corporation whose tokens @entity places (a company's owner). */
int       kol_tokener_token_holder         (KolEngine *engine,
                                            KolEntity  entity);
/* The next unused token of @corp's, or -1 (tokens_by_type: the game has only
 * normal tokens). */
int       kol_tokener_available_token      (KolEngine *engine,
                                            int        corp);
/* May @entity place a token now? */
gboolean  kol_tokener_can_place_token      (KolEngine *engine,
                                            KolStep   *s,
                                            KolEntity  entity);
/* Could some connected city take one of @corp's tokens (ignoring the
 * price)? */
gboolean  kol_tokener_can_token            (KolEngine *engine,
                                            int        corp);
/* Is @hex reachable by @corp's network? */
gboolean  kol_tokener_available_hex        (KolEngine *engine,
                                            int        corp,
                                            int        hex);
/* Places token @token of @corp in (hex, city) for @entity, with every check,
 * and pays for it. */
gboolean  kol_tokener_place_token          (KolEngine                *engine,
                                            KolEntity                 entity,
                                            int                       corp,
                                            int                       token,
                                            int                       hex,
                                            int                       city,
                                            const KolPlaceTokenOpts  *opts,
                                            GError                  **error);

/* ----------------------------------------------------- the Token step */

extern const KolStepClass kol_step_token;

guint32   kol_step_token_actions           (KolEngine *engine, KolStep *s, KolEntity entity);
void      kol_step_token_round_state       (KolEngine *engine, KolStep *s);
void      kol_step_token_setup             (KolEngine *engine, KolStep *s);
gboolean  kol_step_token_process           (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
/* A token placement: see kol-engine-token.c. */
gboolean kol_step_token_process_place_token (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_token_legal_actions       (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);
/* Appends a place_token action for every city @entity may token now. */
void      kol_tokener_legal_placements     (KolEngine *engine, KolEntity entity, GPtrArray *out);

/* ------------------------------------------------- the HomeToken step */

extern const KolStepClass kol_step_home_token;

guint32  kol_step_home_token_actions         (KolEngine *engine, KolStep *s, KolEntity entity);
gboolean kol_step_home_token_active          (KolEngine *engine, KolStep *s);
int      kol_step_home_token_active_entities (KolEngine *engine, KolStep *s, KolEntity *out, int max);
void     kol_step_home_token_round_state     (KolEngine *engine, KolStep *s);
gboolean kol_step_home_token_process         (KolEngine *engine, KolStep *s, const KolAction *a, GError **error);
void     kol_step_home_token_legal_actions   (KolEngine *engine, KolStep *s, KolEntity entity, GPtrArray *out);

/* ---------------------------------------------------- legal choices (UI) */

typedef struct
{
  gint16 hex;
  gint8  city;
  int    cost;             /* what placing there costs now */
} KolTokenTarget;

/* Cities where @entity may place a token now in the Token step (or a
 * TrackAndToken step), with costs; returns how many. */
int       kol_token_targets                (KolEngine      *engine,
                                            KolEntity       entity,
                                            KolTokenTarget *out,
                                            int             max);
/* Cities where the first pending token may go (HomeToken). */
int       kol_home_token_targets           (KolEngine      *engine,
                                            KolTokenTarget *out,
                                            int             max);

G_END_DECLS
