/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-token.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"

#include <string.h>

/* ------------------------------------------------------- pending tokens */

/**
 * kol_round_pending_tokens:
 *
 * Returns: (nullable): the current round's pending tokens, kept by its
 * HomeToken step.
 */
KolPendingTokens *
kol_round_pending_tokens (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_steps; i++)
    {
      KolStep *s = &engine->round.steps[i];

      if (s->klass->round_state == kol_step_home_token_round_state)
        return (KolPendingTokens *) (void *) s->data;
    }
  return NULL;
}

/**
 * kol_pending_tokens_push:
 *
 * Appends a token to be placed by @entity in one of @hexes.
 */
void
kol_pending_tokens_push (KolPendingTokens *pending,
                         KolEntity         entity,
                         int               corp,
                         int               token,
                         const gint16     *hexes,
                         int               n_hexes)
{
  KolPendingToken *p;

  g_return_if_fail (pending->n < KOL_MAX_PENDING_TOKENS);

  p = &pending->tokens[pending->n++];
  memset (p, 0, sizeof *p);
  p->entity = entity;
  p->corp = (gint16) corp;
  p->token = (gint8) token;
  p->n_hexes = (guint8) MIN (n_hexes, KOL_MAX_PENDING_HEXES);
  memcpy (p->hexes, hexes, sizeof *hexes * p->n_hexes);
}

/**
 * kol_pending_tokens_shift:
 *
 * Removes the first pending token.
 */
void
kol_pending_tokens_shift (KolPendingTokens *pending)
{
  if (pending->n <= 0)
    return;
  memmove (&pending->tokens[0], &pending->tokens[1], sizeof pending->tokens[0] * (gsize) (pending->n - 1));
  pending->n--;
}

/* -------------------------------------------------------------- Tokener */

/**
 * kol_place_token_opts_init:
 *
 * The defaults of placing a token: connected, not an extra action, the
 * placing entity pays.
 */
void
kol_place_token_opts_init (KolPlaceTokenOpts *opts)
{
  opts->connected = TRUE;
  opts->extra_action = FALSE;
  opts->spender = -1;
  opts->price = -1;
}

/**
 * kol_tokener_token_holder:
 *
 * Returns: the corporation whose tokens @entity uses, or -1.
 */
int
kol_tokener_token_holder (KolEngine *engine,
                          KolEntity  entity)
{
  return kol_operating_acting_corp (engine, entity);
}

/**
 * kol_tokener_available_token:
 *
 * Returns: the index of @corp's first unused token, or -1.
 */
int
kol_tokener_available_token (KolEngine *engine,
                             int        corp)
{
  const KolCorp *c = &engine->corps[corp];

  for (int t = 0; t < c->n_tokens; t++)
    if (!c->tokens[t].used && c->tokens[t].hex < 0)
      return t;
  return -1;
}

static gboolean
hex_reachable (const KolReach *reach,
               int             hex)
{
  return reach->paths[hex] != 0 || reach->nodes[hex] != 0;
}

static gboolean
city_connected (KolEngine      *engine,
                const KolReach *reach,
                int             hex,
                int             city)
{
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  int node = kol_tile_city_node (tile, city);

  return node >= 0 && kol_reach_has_node (reach, hex, node);
}

/* Whether (hex, city) could take one of @corp's tokens, ignoring money. */
static gboolean
city_tokenable (KolEngine *engine,
                int        corp,
                int        hex,
                int        city)
{
  KolReason reason;

  return kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason);
}

/**
 * kol_tokener_can_token:
 *
 * Returns: %TRUE if a city connected to @corp's network could take one of
 * its tokens (whatever the price).
 */
gboolean
kol_tokener_can_token (KolEngine *engine,
                       int        corp)
{
  KolReach reach;

  if (kol_tokener_available_token (engine, corp) < 0)
    return FALSE;
  kol_board_compute_reach (engine, corp, NULL, &reach);
  for (guint hex = 0; hex < engine->title->n_hexes; hex++)
    {
      const KolTileDef *tile;
      int n;

      if (reach.nodes[hex] == 0)
        continue;
      tile = kol_board_tile (engine, (int) hex, NULL);
      n = kol_tile_n_cities (tile);
      for (int city = 0; city < n; city++)
        if (city_connected (engine, &reach, (int) hex, city) && city_tokenable (engine, corp, (int) hex, city))
          return TRUE;
    }
  return FALSE;
}

/**
 * kol_tokener_available_hex:
 *
 * Returns: %TRUE if @hex is reachable by @corp's network.
 */
gboolean
kol_tokener_available_hex (KolEngine *engine,
                           int        corp,
                           int        hex)
{
  KolReach reach;

  kol_board_compute_reach (engine, corp, NULL, &reach);
  return hex_reachable (&reach, hex);
}

/**
 * kol_tokener_can_place_token:
 *
 * @entity acts, has not placed a token this turn (1849 §10.4),
 * has a token it can pay for, and some connected city could take it.
 *
 * Returns: %TRUE if a token can be placed.
 */
gboolean
kol_tokener_can_place_token (KolEngine *engine,
                             KolStep   *s,
                             KolEntity  entity)
{
  int corp = kol_tokener_token_holder (engine, entity);
  int token;

  if (corp < 0 || !kol_step_is_current (engine, s, entity) || KOL_OPERATING_STATE (engine)->tokened)
    return FALSE;
  token = kol_tokener_available_token (engine, corp);
  if (token < 0)
    return FALSE;
  if (engine->corps[corp].tokens[token].price > kol_operating_buying_power (engine, entity))
    return FALSE;
  return kol_tokener_can_token (engine, corp);
}

static gboolean
refuse_token (KolEngine   *engine,
              GError     **error,
              int          hex,
              KolReason    reason,
              const char  *message)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_HEX, hex), kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 2, "cannot place a token on %s: %s",
                          engine->title->hexes[hex].id, message);
}

static void
log_token (KolEngine *engine,
           KolEntity  entity,
           int        hex,
           int        price)
{
  KolArg args[3] = {
    kol_arg_entity (entity),
    kol_arg_int (KOL_ARG_HEX, hex),
    kol_arg_int (KOL_ARG_MONEY, price),
  };

  kol_engine_log (engine, price > 0 ? KOL_LOG_TOKEN_PLACED_FOR : KOL_LOG_TOKEN_PLACED, args, price > 0 ? 3 : 2);
}

static gboolean
check_city (KolEngine  *engine,
            int         hex,
            int         city,
            GError    **error)
{
  const KolTileDef *tile;

  if (hex < 0 || hex >= (int) engine->title->n_hexes)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex");
  tile = kol_board_tile (engine, hex, NULL);
  if (city < 0 || city >= kol_tile_n_cities (tile))
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NO_SLOT, "no such city");
  return TRUE;
}

/**
 * kol_tokener_place_token:
 * @entity: the entity placing the token
 * @corp: the corporation whose token it is
 * @token: the token's index
 * @opts: (nullable): options; NULL for the defaults
 *
 * Checks connection, the turn's placement, the token,
 * the city (slot, reservation, same hex) and the price, then places the
 * token and pays for it.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_tokener_place_token (KolEngine                *engine,
                         KolEntity                 entity,
                         int                       corp,
                         int                       token,
                         int                       hex,
                         int                       city,
                         const KolPlaceTokenOpts  *opts,
                         GError                  **error)
{
  KolPlaceTokenOpts defaults;
  KolToken *tok;
  KolEntity payer;
  KolReason reason;
  int acting = kol_operating_acting_corp (engine, entity);
  int price;

  if (opts == NULL)
    {
      kol_place_token_opts_init (&defaults);
      opts = &defaults;
    }
  if (!check_city (engine, hex, city, error))
    return FALSE;
  if (opts->connected)
    {
      KolReach reach;

      kol_board_compute_reach (engine, acting >= 0 ? acting : corp, NULL, &reach);
      if (!city_connected (engine, &reach, hex, city))
        return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NOT_REACHABLE, "not connected");
    }
  if (!opts->extra_action && KOL_OPERATING_STATE (engine)->tokened)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_REASON_TOKEN_ALREADY_PLACED) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 1,
                              "token already placed this turn");
    }
  if (token < 0 || token >= engine->corps[corp].n_tokens)
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NONE_LEFT, "no tokens left");
  tok = &engine->corps[corp].tokens[token];
  if (tok->used || tok->hex >= 0)
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NONE_LEFT, "token is already used");
  if (!kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason))
    return refuse_token (engine, error, hex, reason, kol_reason_to_string (reason));

  payer = opts->spender >= 0 ? kol_entity (KOL_ENTITY_CORP, opts->spender) : entity;
  price = opts->price >= 0 ? opts->price : tok->price;
  if (price > 0 && price > kol_engine_cash (engine, payer))
    {
      KolArg args[3] = {
        kol_arg_entity (payer),
        kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, payer)),
        kol_arg_int (KOL_ARG_MONEY, price),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3,
                              "%s cannot afford the token on %s", kol_engine_entity_name (engine, payer),
                              engine->title->hexes[hex].id);
    }

  if (!kol_board_place_token (engine, corp, token, hex, city, -1))
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NO_SLOT, "no slot available");
  tok->used = TRUE;
  if (price > 0)
    kol_engine_transfer (engine, payer, kol_entity (KOL_ENTITY_BANK, 0), price);
  log_token (engine, entity, hex, price);
  if (!opts->extra_action)
    KOL_OPERATING_STATE (engine)->tokened = TRUE;
  return TRUE;
}

/* ----------------------------------------------------- the Token step */

/**
 * kol_step_token_round_state:
 *
 * A new round: no token placed yet.
 */
void
kol_step_token_round_state (KolEngine *engine,
                            KolStep   *s)
{
  KOL_OPERATING_STATE (engine)->tokened = FALSE;
}

/**
 * kol_step_token_setup:
 *
 * A new turn has not placed a token.
 */
void
kol_step_token_setup (KolEngine *engine,
                      KolStep   *s)
{
  KOL_OPERATING_STATE (engine)->tokened = FALSE;
}

/**
 * kol_step_token_actions:
 *
 * Returns: place_token and pass while the entity can place a token.
 */
guint32
kol_step_token_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity)
{
  if (!kol_tokener_can_place_token (engine, s, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

/* The corporation whose token an action places: the action's, else the
 * acting entity's owner of tokens. */
static int
action_token_corp (KolEngine       *engine,
                   const KolAction *a)
{
  if (a->tokener >= 0 && a->tokener < engine->n_corps)
    return a->tokener;
  return kol_tokener_token_holder (engine, a->entity);
}

/**
 * kol_step_token_process_place_token:
 *
 * The hex must be reachable; one token, then the step passes (1849 §10.4:
 * one token a turn).
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_token_process_place_token (KolEngine        *engine,
                                    KolStep          *s,
                                    const KolAction  *a,
                                    GError          **error)
{
  int corp = action_token_corp (engine, a);
  int holder = kol_tokener_token_holder (engine, a->entity);

  if (corp < 0 || holder < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no token owner");
  if (!check_city (engine, a->hex, a->city, error))
    return FALSE;
  if (!kol_tokener_available_hex (engine, holder, a->hex))
    return refuse_token (engine, error, a->hex, KOL_REASON_TOKEN_NOT_REACHABLE, "hex not reachable");
  if (!kol_tokener_place_token (engine, a->entity, corp, kol_tokener_available_token (engine, corp), a->hex,
                                a->city, NULL, error))
    return FALSE;
  kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_token_process:
 *
 * Dispatches place_token and pass.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_token_process (KolEngine        *engine,
                        KolStep          *s,
                        const KolAction  *a,
                        GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_PLACE_TOKEN:
      return kol_step_token_process_place_token (engine, s, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a token action");
    }
}

/**
 * kol_tokener_legal_placements:
 * @out: (element-type KolAction): where place_token actions are appended
 *
 * Appends a place_token action for every city @entity may token now.
 */
void
kol_tokener_legal_placements (KolEngine *engine,
                              KolEntity  entity,
                              GPtrArray *out)
{
  KolTokenTarget targets[64];
  int n = kol_token_targets (engine, entity, targets, G_N_ELEMENTS (targets));

  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, entity);

      a->hex = targets[i].hex;
      a->city = targets[i].city;
      g_ptr_array_add (out, a);
    }
}

/**
 * kol_step_token_legal_actions:
 *
 * Appends the legal placements and the pass of @entity.
 */
void
kol_step_token_legal_actions (KolEngine *engine,
                              KolStep   *s,
                              KolEntity  entity,
                              GPtrArray *out)
{
  if (kol_step_token_actions (engine, s, entity) == 0)
    return;
  kol_tokener_legal_placements (engine, entity, out);
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

const KolStepClass kol_step_token = {
  .name = "Place a Token",
  .actions = kol_step_token_actions,
  .process = kol_step_token_process,
  .setup = kol_step_token_setup,
  .round_state = kol_step_token_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_token_legal_actions,
};

/* ------------------------------------------------- the HomeToken step */

static KolPendingToken *
first_pending (KolStep *s)
{
  KolPendingTokens *p = (KolPendingTokens *) (void *) s->data;

  return p->n > 0 ? &p->tokens[0] : NULL;
}

/**
 * kol_step_home_token_round_state:
 *
 * A new round: no pending tokens.
 */
void
kol_step_home_token_round_state (KolEngine *engine,
                                 KolStep   *s)
{
  memset (s->data, 0, sizeof (KolPendingTokens));
}

/**
 * kol_step_home_token_active:
 *
 * Returns: %TRUE while a token waits for its city.
 */
gboolean
kol_step_home_token_active (KolEngine *engine,
                            KolStep   *s)
{
  return first_pending (s) != NULL;
}

/**
 * kol_step_home_token_active_entities:
 *
 * Returns: the entity placing the first pending token (0 or 1).
 */
int
kol_step_home_token_active_entities (KolEngine *engine,
                                     KolStep   *s,
                                     KolEntity *out,
                                     int        max)
{
  KolPendingToken *p = first_pending (s);

  if (p == NULL || max < 1)
    return 0;
  out[0] = p->entity;
  return 1;
}

/**
 * kol_step_home_token_actions:
 *
 * Returns: place_token for the entity placing the first pending token.
 */
guint32
kol_step_home_token_actions (KolEngine *engine,
                             KolStep   *s,
                             KolEntity  entity)
{
  KolPendingToken *p = first_pending (s);

  if (p == NULL || !kol_entity_equal (p->entity, entity))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN);
}

static gboolean
pending_has_hex (const KolPendingToken *p,
                 int                    hex)
{
  for (int i = 0; i < p->n_hexes; i++)
    if (p->hexes[i] == hex)
      return TRUE;
  return FALSE;
}

/**
 * kol_step_home_token_process:
 *
 * The pending token goes to the chosen city
 * of one of its hexes, without a connection and outside the turn's token.
 *
 * Returns: %TRUE on success.
 */
gboolean
kol_step_home_token_process (KolEngine        *engine,
                             KolStep          *s,
                             const KolAction  *a,
                             GError          **error)
{
  KolPendingToken *p = first_pending (s);
  KolPlaceTokenOpts opts;

  if (p == NULL || a->type != KOL_ACTION_PLACE_TOKEN)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no token to place");
  if (!check_city (engine, a->hex, a->city, error))
    return FALSE;
  if (!pending_has_hex (p, a->hex))
    return refuse_token (engine, error, a->hex, KOL_REASON_TOKEN_NOT_REACHABLE, "hex is not available");
  kol_place_token_opts_init (&opts);
  opts.connected = FALSE;
  opts.extra_action = TRUE;
  if (!kol_tokener_place_token (engine, kol_entity (KOL_ENTITY_CORP, p->corp), p->corp, p->token, a->hex,
                                a->city, &opts, error))
    return FALSE;
  kol_pending_tokens_shift ((KolPendingTokens *) (void *) s->data);
  return TRUE;
}

/**
 * kol_step_home_token_legal_actions:
 *
 * Appends a place_token action for each city the first pending token may
 * go to.
 */
void
kol_step_home_token_legal_actions (KolEngine *engine,
                                   KolStep   *s,
                                   KolEntity  entity,
                                   GPtrArray *out)
{
  KolTokenTarget targets[64];
  int n;

  if (kol_step_home_token_actions (engine, s, entity) == 0)
    return;
  n = kol_home_token_targets (engine, targets, G_N_ELEMENTS (targets));
  for (int i = 0; i < n; i++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, entity);

      a->hex = targets[i].hex;
      a->city = targets[i].city;
      g_ptr_array_add (out, a);
    }
}

const KolStepClass kol_step_home_token = {
  .name = "Place Home Token",
  .actions = kol_step_home_token_actions,
  .active = kol_step_home_token_active,
  .active_entities = kol_step_home_token_active_entities,
  .process = kol_step_home_token_process,
  .round_state = kol_step_home_token_round_state,
  .legal_actions = kol_step_home_token_legal_actions,
};

/* ---------------------------------------------------- legal choices (UI) */

/**
 * kol_token_targets:
 * @out: (out) (array): cities and costs
 *
 * Returns: the cities where @entity may place its next token now (Token and
 * TrackAndToken steps), at most @max.
 */
int
kol_token_targets (KolEngine      *engine,
                   KolEntity       entity,
                   KolTokenTarget *out,
                   int             max)
{
  int corp = kol_tokener_token_holder (engine, entity);
  KolStep *s;
  KolReach reach;
  int token, price, n = 0;

  s = kol_round_step_for (engine, entity, KOL_ACTION_PLACE_TOKEN);
  if (s == NULL || corp < 0 || s->klass->round_state == kol_step_home_token_round_state)
    return 0;
  token = kol_tokener_available_token (engine, corp);
  if (token < 0)
    return 0;
  price = engine->corps[corp].tokens[token].price;
  kol_board_compute_reach (engine, corp, NULL, &reach);
  for (guint hex = 0; hex < engine->title->n_hexes && n < max; hex++)
    {
      const KolTileDef *tile;

      if (!hex_reachable (&reach, (int) hex))
        continue;
      tile = kol_board_tile (engine, (int) hex, NULL);
      for (int city = 0; city < kol_tile_n_cities (tile) && n < max; city++)
        if (city_connected (engine, &reach, (int) hex, city) && city_tokenable (engine, corp, (int) hex, city) &&
            price <= kol_operating_buying_power (engine, entity))
          out[n++] = (KolTokenTarget) { (gint16) hex, (gint8) city, price };
    }
  return n;
}

/**
 * kol_home_token_targets:
 * @out: (out) (array): cities for the first pending token
 *
 * Returns: how many cities the first pending token may go to.
 */
int
kol_home_token_targets (KolEngine      *engine,
                        KolTokenTarget *out,
                        int             max)
{
  KolPendingTokens *pending = kol_round_pending_tokens (engine);
  const KolPendingToken *p;
  int n = 0;

  if (pending == NULL || pending->n == 0)
    return 0;
  p = &pending->tokens[0];
  for (int i = 0; i < p->n_hexes && n < max; i++)
    {
      int hex = p->hexes[i];
      const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
      int price = engine->corps[p->corp].tokens[p->token].price;

      for (int city = 0; city < kol_tile_n_cities (tile) && n < max; city++)
        if (city_tokenable (engine, p->corp, hex, city) &&
            (price <= 0 || price <= engine->corps[p->corp].cash))
          out[n++] = (KolTokenTarget) { (gint16) hex, (gint8) city, MAX (price, 0) };
    }
  return n;
}
