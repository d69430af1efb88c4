/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-engine-operating.h"
#include "kol-engine-board.h"
#include "kol-engine-log.h"
#include "kol-engine-market.h"
#include "kol-engine-shares.h"
#include "kol-engine-token.h"
#include "kol-engine-trains.h"

#include <string.h>

/* ------------------------------------------------------------ small helpers */

/**
 * kol_arg_entity:
 *
 * Returns: a log/refusal argument naming @e (players, corporations and
 * companies by index, the pool and the bank by name).
 */
KolArg
kol_arg_entity (KolEntity e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_PLAYER:
      return kol_arg_int (KOL_ARG_PLAYER, e.index);
    case KOL_ENTITY_CORP:
      return kol_arg_int (KOL_ARG_CORP, e.index);
    case KOL_ENTITY_COMPANY:
      return kol_arg_int (KOL_ARG_COMPANY, e.index);
    case KOL_ENTITY_POOL:
      return kol_arg_string ("Market");
    case KOL_ENTITY_BANK:
      return kol_arg_string ("Bank");
    default:
      return kol_arg_string ("");
    }
}

/**
 * kol_arg_string:
 *
 * Returns: a string argument (truncated to the argument's buffer).
 */
KolArg
kol_arg_string (const char *str)
{
  KolArg a = { 0 };

  a.kind = KOL_ARG_STRING;
  g_strlcpy (a.str, str ? str : "", sizeof a.str);
  return a;
}

/**
 * kol_step_log_pass:
 *
 * Logs "X passes <step>".
 */
void
kol_step_log_pass (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity)
{
  KolArg args[2] = { kol_arg_entity (entity), kol_arg_string (s->klass->name) };

  kol_engine_log (engine, KOL_LOG_STEP_PASS, args, 2);
}

/**
 * kol_step_log_skip:
 *
 * Logs "X skips <step>".
 */
void
kol_step_log_skip (KolEngine *engine,
                   KolStep   *s,
                   KolEntity  entity)
{
  KolArg args[2] = { kol_arg_entity (entity), kol_arg_string (s->klass->name) };

  kol_engine_log (engine, KOL_LOG_STEP_SKIP, args, 2);
}

/**
 * kol_step_default_skip:
 *
 * The usual skip of a step with nothing to do: logs a skip for the current
 * entity unless the step acted, then passes.
 */
void
kol_step_default_skip (KolEngine *engine,
                       KolStep   *s)
{
  KolEntity e = kol_step_current_entity (engine, s);

  if (!s->acted && e.kind != KOL_ENTITY_NONE)
    kol_step_log_skip (engine, s, e);
  kol_step_pass (engine, s);
}

/**
 * kol_step_process_pass:
 *
 * The usual pass: logs it and passes.
 *
 * Returns: %TRUE.
 */
gboolean
kol_step_process_pass (KolEngine        *engine,
                       KolStep          *s,
                       const KolAction  *a,
                       GError          **error)
{
  kol_step_log_pass (engine, s, a->entity);
  kol_step_pass (engine, s);
  return TRUE;
}

/**
 * kol_step_is_current:
 *
 * Returns: %TRUE if @entity is the step's current entity.
 */
gboolean
kol_step_is_current (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity)
{
  KolEntity cur = kol_step_current_entity (engine, s);

  return cur.kind != KOL_ENTITY_NONE && kol_entity_equal (cur, entity);
}

/**
 * kol_operating_acting_corp:
 *
 * Returns: the corporation acting for @entity (itself, or a company's owning
 * corporation), or -1.
 */
int
kol_operating_acting_corp (KolEngine *engine,
                           KolEntity  entity)
{
  if (entity.kind == KOL_ENTITY_CORP)
    return entity.index;
  if (entity.kind == KOL_ENTITY_COMPANY &&
      engine->companies[entity.index].owner.kind == KOL_ENTITY_CORP)
    return engine->companies[entity.index].owner.index;
  return -1;
}

/*
 * Operating history: each dividend (paid or withheld) records that the
 * corporation operated. The rules only ever ask how many times (has it
 * operated at all; 1849 also asks whether it is past its first turn), so
 * KolCorp.operated counts them (saturating), and "has operated" stays a
 * non-zero test.
 */

/**
 * kol_operating_history_size:
 *
 * Returns: the number of dividends recorded for @corp.
 */
int
kol_operating_history_size (KolEngine *engine,
                            int        corp)
{
  return engine->corps[corp].operated;
}

/**
 * kol_operating_record_history:
 *
 * Records one operating turn (a dividend) of @corp.
 */
void
kol_operating_record_history (KolEngine *engine,
                              int        corp)
{
  if (engine->corps[corp].operated < G_MAXUINT8)
    engine->corps[corp].operated++;
}

/* -------------------------------------------------------- operating order */

/* Operating order is the market's order of corporations (kol_market_compare_corps). */
static int
cmp_operating (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  return kol_market_compare_corps (data, ((const KolEntity *) a)->index, ((const KolEntity *) b)->index);
}

/**
 * kol_default_operating_order:
 * @out: (out) (array): the floated corporations in operating order
 *
 * The floated corporations sorted by share price: the highest first; on
 * equal prices the one further right, then higher, then the one on top of
 * the cell (1849 §10). A title's minors are corporations here.
 *
 * Returns: how many entities were written.
 */
int
kol_default_operating_order (const KolEngine *engine,
                             KolEntity       *out,
                             int              max)
{
  int n = 0;

  for (int i = 0; i < engine->n_corp_order && n < max; i++)
    {
      int c = engine->corp_order[i];

      if (engine->corps[c].floated && !engine->corps[c].closed && !engine->corps[c].removed)
        out[n++] = kol_entity (KOL_ENTITY_CORP, c);
    }
  g_qsort_with_data (out, n, sizeof *out, cmp_operating, (gpointer) engine);
  return n;
}

/**
 * kol_operating_order:
 *
 * Returns: the operating order through the title's hook.
 */
int
kol_operating_order (const KolEngine *engine,
                     KolEntity       *out,
                     int              max)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->operating_order)
    return h->operating_order (engine, out, max);
  return kol_default_operating_order (engine, out, max);
}

/* ------------------------------------------------------- company revenue */

static int
company_owner_rank (KolEngine *engine,
                    KolEntity  owner)
{
  return owner.kind == KOL_ENTITY_PLAYER ? 0 : 1;
}

/* The player's position in the order of play (reordered for priority). */
static int
player_position (KolEngine *engine,
                 int        player)
{
  for (int i = 0; i < engine->n_players; i++)
    if (engine->player_order[i] == player)
      return i;
  return player;
}

static int
cmp_company_payout (gconstpointer a,
                    gconstpointer b,
                    gpointer      data)
{
  KolEngine *engine = data;
  int ia = *(const gint16 *) a, ib = *(const gint16 *) b;
  const KolCompany *x = &engine->companies[ia], *y = &engine->companies[ib];
  int rx = company_owner_rank (engine, x->owner), ry = company_owner_rank (engine, y->owner);

  if (rx != ry)
    return rx < ry ? -1 : 1;
  if (rx == 0 && x->owner.index != y->owner.index)
    return player_position (engine, x->owner.index) < player_position (engine, y->owner.index) ? -1 : 1;
  if (rx == 1 && x->owner.kind == KOL_ENTITY_CORP && y->owner.kind == KOL_ENTITY_CORP &&
      x->owner.index != y->owner.index)
    return cmp_operating (&x->owner, &y->owner, engine);
  if (x->revenue != y->revenue)
    return x->revenue < y->revenue ? -1 : 1;
  return strcmp (engine->title->companies[ia].id, engine->title->companies[ib].id);
}

/**
 * kol_default_payout_companies:
 *
 * Private companies pay at the start of an operating round (1849 §10): every
 * owned company with revenue pays its owner, player-owned first (in the
 * order of play), then corporation-owned (in operating order), each by
 * revenue and name, the order of the log of recorded games.
 */
void
kol_default_payout_companies (KolEngine *engine)
{
  gint16 list[KOL_MAX_COMPANIES] = { 0 };
  int n = 0;

  for (int i = 0; i < engine->n_companies; i++)
    {
      const KolCompany *c = &engine->companies[i];

      if (c->closed || c->revenue <= 0)
        continue;
      if (c->owner.kind != KOL_ENTITY_PLAYER && c->owner.kind != KOL_ENTITY_CORP)
        continue;
      list[n++] = (gint16) i;
    }
  g_qsort_with_data (list, n, sizeof *list, cmp_company_payout, engine);
  for (int i = 0; i < n; i++)
    {
      const KolCompany *c = &engine->companies[list[i]];
      KolArg args[3] = {
        kol_arg_entity (c->owner),
        kol_arg_int (KOL_ARG_MONEY, c->revenue),
        kol_arg_int (KOL_ARG_COMPANY, list[i]),
      };

      kol_engine_transfer (engine, kol_entity (KOL_ENTITY_BANK, 0), c->owner, c->revenue);
      kol_engine_log (engine, KOL_LOG_COMPANY_REVENUE, args, 3);
    }
}

/**
 * kol_operating_payout_companies:
 *
 * Pays company revenue through the title's hook.
 */
void
kol_operating_payout_companies (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->payout_companies)
    h->payout_companies (engine);
  else
    kol_default_payout_companies (engine);
}

/* ------------------------------------------------------------ home tokens */

static int
tile_n_paths (KolEngine *engine,
              int        hex)
{
  return engine->title->tiles[engine->hexes[hex].tile].n_paths;
}

/* A reservation of a whole tile: a home hex given without a city on a tile
 * with several cities (1840's D18). The reservation lasts until the
 * corporation places a token there. */
static gboolean
tile_reserved_by (KolEngine *engine,
                  int        hex,
                  int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];

  if (def->home != hex || def->home_city >= 0 || kol_tile_n_cities (tile) < 2)
    return FALSE;
  for (int t = 0; t < engine->corps[corp].n_tokens; t++)
    if (engine->corps[corp].tokens[t].hex == hex)
      return FALSE;
  return TRUE;
}

static int
reserved_city (KolEngine *engine,
               int        hex,
               int        corp)
{
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[hex].tile];
  int n = kol_tile_n_cities (tile);

  for (int city = 0; city < n; city++)
    {
      int base = kol_tile_city_slot_base (tile, city);
      int node = kol_tile_city_node (tile, city);

      for (int s = 0; node >= 0 && s < tile->nodes[node].slots; s++)
        if (base + s < KOL_MAX_HEX_SLOTS && engine->hexes[hex].slot_reserved[base + s] == corp)
          return city;
    }
  return -1;
}

static void
add_pending_home_token (KolEngine *engine,
                        int        corp,
                        int        hex)
{
  gint16 hexes[KOL_MAX_PENDING_HEXES];
  int n = 0;
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  KolPendingTokens *pending = kol_round_pending_tokens (engine);
  int token = kol_board_next_token (engine, corp);

  if (pending == NULL || token < 0)
    return;
  /* 1867: the same token is not added twice */
  for (int i = 0; i < pending->n; i++)
    if (kol_entity_equal (pending->tokens[i].entity, kol_entity (KOL_ENTITY_CORP, corp)))
      return;
  if (hex >= 0)
    hexes[n++] = (gint16) hex;
  else if (h && h->home_token_locations)
    n = h->home_token_locations (engine, corp, hexes, KOL_MAX_PENDING_HEXES);
  else
    return;

  {
    KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

    kol_engine_log (engine, KOL_LOG_HOME_TOKEN_CHOOSE, args, 1);
  }
  kol_pending_tokens_push (pending, kol_entity (KOL_ENTITY_CORP, corp), corp, token, hexes, n);
}

/**
 * kol_default_place_home_token:
 *
 * The corporation's first token goes to its home city (1849 §9.4, 1840
 * IX.6); when the home is not decided yet (no home hex, or a reserved tile
 * with track and several cities) the corporation must choose in the
 * HomeToken step.
 */
void
kol_default_place_home_token (KolEngine *engine,
                              int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  KolCorp *c = &engine->corps[corp];
  int hex = def->home;
  int token, city;
  KolReason reason;

  token = kol_board_next_token (engine, corp);
  if (token < 0)
    return;
  /* a corporation that has laid its first token has its home token */
  if (c->n_tokens > 0 && c->tokens[0].used)
    return;
  if (hex < 0 || (tile_reserved_by (engine, hex, corp) && tile_n_paths (engine, hex) > 0))
    {
      add_pending_home_token (engine, corp, hex);
      return;
    }

  city = reserved_city (engine, hex, corp);
  if (city < 0)
    city = 0;
  if (kol_tile_n_cities (&engine->title->tiles[engine->hexes[hex].tile]) == 0)
    return;
  if (!kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason))
    return;
  {
    KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, corp), kol_arg_int (KOL_ARG_HEX, hex) };

    kol_engine_log (engine, KOL_LOG_TOKEN_PLACED, args, 2);
  }
  kol_board_place_token (engine, corp, token, hex, city, -1);
  c->tokens[token].used = TRUE;
}

/**
 * kol_operating_place_home_token:
 *
 * Places @corp's home token through the title's hook.
 */
void
kol_operating_place_home_token (KolEngine *engine,
                                int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->place_home_token)
    h->place_home_token (engine, corp);
  else
    kol_default_place_home_token (engine, corp);
}

/* ----------------------------------------------------------- game methods */

/**
 * kol_default_tile_lays:
 *
 * The tile lays of a turn: the table of the title's hooks, or one lay or
 * upgrade at no cost (1849 §10.3).
 *
 * Returns: the number of lays written to @out.
 */
int
kol_default_tile_lays (KolEngine  *engine,
                       int         corp,
                       KolTileLay *out,
                       int         max)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->tile_lays_table && h->n_tile_lays > 0)
    {
      int n = MIN ((int) h->n_tile_lays, max);

      memcpy (out, h->tile_lays_table, sizeof *out * (gsize) n);
      return n;
    }
  if (max < 1)
    return 0;
  out[0] = (KolTileLay) { KOL_TILE_LAY_YES, KOL_TILE_LAY_YES, FALSE, 0, -1 };
  return 1;
}

/**
 * kol_operating_tile_lays:
 *
 * Returns: the tile lays of @corp this turn, through the title's hook.
 */
int
kol_operating_tile_lays (KolEngine  *engine,
                         int         corp,
                         KolTileLay *out,
                         int         max)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->tile_lays)
    return h->tile_lays (engine, corp, out, max);
  return kol_default_tile_lays (engine, corp, out, max);
}

/**
 * kol_default_upgrade_cost:
 *
 * The terrain cost printed on the hex, paid when the preprinted tile is
 * replaced (a laid tile carries no terrain of its own), the same as
 * kol_board_tile_cost before the lay. Discounts belong to the title's
 * hook. Without a hook the tracker uses
 * kol_board_tile_cost (and the board's tile_cost hook) before laying.
 *
 * Returns: the cost.
 */
int
kol_default_upgrade_cost (KolEngine *engine,
                          KolEntity  entity,
                          int        spender,
                          int        hex,
                          int        old_tile,
                          int        new_tile)
{
  if (!engine->title->tiles[old_tile].preprinted)
    return 0;
  return engine->title->hexes[hex].terrain_cost;
}

/**
 * kol_default_buying_power:
 *
 * Returns: the entity's cash: what it may spend.
 */
int
kol_default_buying_power (KolEngine *engine,
                          KolEntity  entity)
{
  return kol_engine_cash (engine, entity);
}

/**
 * kol_operating_buying_power:
 *
 * Returns: what @entity can spend, through the title's hook.
 */
int
kol_operating_buying_power (KolEngine *engine,
                            KolEntity  entity)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->buying_power)
    return h->buying_power (engine, entity);
  return kol_default_buying_power (engine, entity);
}

/**
 * kol_default_train_limit:
 *
 * Returns: the phase's train limit.
 */
int
kol_default_train_limit (KolEngine *engine,
                         int        corp)
{
  return engine->title->phases[engine->phase].train_limit;
}

/**
 * kol_operating_train_limit:
 *
 * Returns: @corp's train limit, through the title's hook.
 */
int
kol_operating_train_limit (KolEngine *engine,
                           int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->train_limit)
    return h->train_limit (engine, corp);
  return kol_default_train_limit (engine, corp);
}

/**
 * kol_default_can_run_route:
 *
 * Returns: %TRUE if @corp's network has a route with two stops.
 */
gboolean
kol_default_can_run_route (KolEngine *engine,
                           int        corp)
{
  KolReachOpts opts;

  kol_board_reach_opts_init (&opts);
  return kol_board_route_available (engine, corp, &opts);
}

/**
 * kol_operating_can_run_route:
 *
 * Returns: whether @corp can run a route, through the title's hook.
 */
gboolean
kol_operating_can_run_route (KolEngine *engine,
                             int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->can_run_route)
    return h->can_run_route (engine, corp);
  return kol_default_can_run_route (engine, corp);
}

/**
 * kol_default_routes_revenue:
 *
 * Returns: the sum of the routes' revenues.
 */
int
kol_default_routes_revenue (KolEngine         *engine,
                            int                corp,
                            const KolRunRoute *routes,
                            int                n)
{
  int sum = 0;

  for (int i = 0; i < n; i++)
    sum += routes[i].revenue;
  return sum;
}

/**
 * kol_operating_routes_revenue:
 *
 * Returns: the revenue of @routes, through the title's hook.
 */
int
kol_operating_routes_revenue (KolEngine         *engine,
                              int                corp,
                              const KolRunRoute *routes,
                              int                n)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->routes_revenue)
    return h->routes_revenue (engine, corp, routes, n);
  return kol_default_routes_revenue (engine, corp, routes, n);
}

/**
 * kol_operating_close_companies_on_event:
 *
 * Lets the title close the companies that close on @event of @corp (the
 * engine knows no company abilities).
 */
void
kol_operating_close_companies_on_event (KolEngine  *engine,
                                        int         corp,
                                        const char *event)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->close_companies_on_event)
    h->close_companies_on_event (engine, corp, event);
}

/**
 * kol_operating_corp_has_abilities:
 *
 * Returns: %TRUE if the title says @corp has usable abilities.
 */
gboolean
kol_operating_corp_has_abilities (KolEngine *engine,
                                  int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h && h->corp_has_abilities && h->corp_has_abilities (engine, corp);
}

static void
remove_corp_from_board (KolEngine *engine,
                        int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);
  KolCorp *c = &engine->corps[corp];

  for (int t = 0; t < c->n_tokens; t++)
    if (c->tokens[t].hex >= 0)
      kol_board_remove_token (engine, corp, t);
  if (h && h->closed_corp_reservations_kept)
    return;
  for (guint hex = 0; hex < engine->title->n_hexes; hex++)
    kol_board_unreserve (engine, (int) hex, corp);
}

static void
close_corp_companies (KolEngine *engine,
                      int        corp)
{
  gint16 list[KOL_MAX_COMPANIES];
  int n = kol_engine_companies_of (engine, kol_entity (KOL_ENTITY_CORP, corp), list, KOL_MAX_COMPANIES);
  KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

  if (n == 0)
    return;
  kol_engine_log (engine, KOL_LOG_CORP_COMPANIES_CLOSE, args, 1);
  for (int i = 0; i < n; i++)
    kol_engine_close_company (engine, list[i]);
}

/**
 * kol_default_event_close_companies:
 *
 * The event "close companies": every open private company closes.
 * A title whose companies survive the event (close abilities on a later
 * phase) closes its own list instead.
 */
void
kol_default_event_close_companies (KolEngine *engine)
{
  kol_engine_log (engine, KOL_LOG_COMPANIES_CLOSE_EVENT, NULL, 0);
  for (int i = 0; i < engine->n_companies; i++)
    if (!engine->companies[i].closed)
      kol_engine_close_company (engine, i);
}

/**
 * kol_default_close_corporation:
 *
 * Closes a corporation (1849 §11): tokens leave the board (and reservations unless
 * the title keeps them), cash goes to the bank, trains leave the game, the
 * corporation's companies close, and if it was operating the round moves
 * on; then the share side (kol_shares_close_corporation: certificates,
 * market, corporation list) and corporations in close cells. 1849's hook
 * then resets the corporation (kol_shares_reset_corporation).
 */
void
kol_default_close_corporation (KolEngine *engine,
                               int        corp)
{
  KolCorp *c = &engine->corps[corp];
  gint16 trains[KOL_MAX_TRAINS];
  int n;
  KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };
  /* whose turn it is, as the action left it (base.rb close_corporation asks
   * the round's remembered active step, and 18xx.games' route memory still
   * sees the board before the closing): a corporation closing in its own
   * turn ends it */
  gboolean current = kol_round_is_operating (engine) &&
                     kol_entity_equal (kol_round_current_entity_remembered (engine), kol_entity (KOL_ENTITY_CORP, corp));

  kol_engine_log (engine, KOL_LOG_CORP_CLOSES, args, 1);
  remove_corp_from_board (engine, corp);
  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, corp), kol_entity (KOL_ENTITY_BANK, 0), c->cash);
  /* the closed corporation's trains leave the game (1849 §11) */
  n = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), trains, KOL_MAX_TRAINS);
  for (int i = 0; i < n; i++)
    kol_engine_move_train (engine, trains[i], kol_entity (KOL_ENTITY_REMOVED, 0));
  close_corp_companies (engine, corp);
  if (current)
    kol_round_operating_force_next_entity (engine);
  kol_shares_close_corporation (engine, corp);
  /* the price of another corporation may stand in a closing cell of the
   * market too: those close now */
  kol_shares_close_corporations_in_close_cell (engine);
}

/**
 * kol_operating_close_corporation:
 *
 * Closes @corp through the title's hook.
 */
void
kol_operating_close_corporation (KolEngine *engine,
                                 int        corp)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->close_corporation)
    h->close_corporation (engine, corp);
  else
    kol_default_close_corporation (engine, corp);
}

/* ------------------------------------------------------------ the round */

/**
 * kol_round_operating_select_entities:
 *
 * The round's entities are the operating order.
 */
void
kol_round_operating_select_entities (KolEngine *engine,
                                     KolRound  *r)
{
  r->n_entities = kol_operating_order (engine, r->entities, KOL_MAX_ROUND_ENTITIES);
}

/**
 * kol_round_operating_skip_entity:
 *
 * Returns: %TRUE if @e does not operate (closed).
 */
gboolean
kol_round_operating_skip_entity (KolEngine *engine,
                                 KolEntity  e)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->skip_entity)
    return h->skip_entity (engine, e);
  return kol_entity_closed (engine, e);
}

/**
 * kol_round_operating_any_to_act:
 *
 * Returns: %TRUE if some entity of the round would operate.
 */
gboolean
kol_round_operating_any_to_act (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    if (!kol_round_operating_skip_entity (engine, engine->round.entities[i]))
      return TRUE;
  return FALSE;
}

static int
home_token_timing (KolEngine *engine)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  return h ? h->home_token_timing : KOL_HOME_TOKEN_OPERATE;
}

static void
reset_operated_trains (KolEngine *engine,
                       KolEntity  e)
{
  for (int i = 0; i < engine->n_trains; i++)
    if (kol_entity_equal (engine->trains[i].owner, e))
      engine->trains[i].operated = FALSE;
}

/**
 * kol_round_operating_setup:
 *
 * The start of an operating round: companies pay, home tokens go down when the title
 * places them at the start of an OR, trains may run again, and the first
 * entity starts operating.
 */
void
kol_round_operating_setup (KolEngine *engine,
                           KolRound  *r)
{
  r->current_operator = KOL_ENTITY_INIT_NONE;
  kol_operating_payout_companies (engine);
  if (home_token_timing (engine) == KOL_HOME_TOKEN_OPERATING_ROUND)
    for (int i = 0; i < r->n_entities; i++)
      if (r->entities[i].kind == KOL_ENTITY_CORP)
        kol_operating_place_home_token (engine, r->entities[i].index);
  for (int i = 0; i < r->n_entities; i++)
    reset_operated_trains (engine, r->entities[i]);
  if (kol_round_operating_any_to_act (engine))
    kol_round_operating_start_operating (engine);
}

/**
 * kol_round_operating_after_end_of_turn:
 *
 * After an entity's turn: the title's after_end_of_operating_turn hook.
 */
void
kol_round_operating_after_end_of_turn (KolEngine *engine,
                                       KolEntity  operator)
{
  const KolOperatingHooks *h = kol_operating_hooks (engine);

  if (h && h->after_end_of_operating_turn && operator.kind == KOL_ENTITY_CORP)
    h->after_end_of_operating_turn (engine, operator.index);
}

static gboolean
round_finished (KolEngine *engine)
{
  return kol_round_finished (engine);
}

/**
 * kol_round_operating_start_operating:
 *
 * The current entity starts its turn, or is skipped: its president is
 * logged, its home token placed when the title places it then, and the
 * steps with nothing to do are skipped; a turn with nothing to do ends at
 * once.
 */
void
kol_round_operating_start_operating (KolEngine *engine)
{
  KolRound *r = &engine->round;
  KolEntity e = kol_round_entity (engine);

  if (e.kind == KOL_ENTITY_NONE)
    return;
  if (kol_round_operating_skip_entity (engine, e))
    {
      r->klass->next_entity (engine, r);
      return;
    }
  r->current_operator = e;
  r->current_operator_acted = FALSE;
  if (!round_finished (engine))
    {
      KolEntity owner = e.kind == KOL_ENTITY_CORP ? engine->corps[e.index].owner : KOL_ENTITY_INIT_NONE;
      KolArg args[2] = { kol_arg_entity (owner), kol_arg_entity (e) };

      /* a company nobody directs (1840's Stadtbahn companies run by the
       * rules) has no one to name as operating it */
      if (owner.kind == KOL_ENTITY_PLAYER)
        kol_engine_log (engine, KOL_LOG_OPERATES, args, 2);
    }
  if (home_token_timing (engine) == KOL_HOME_TOKEN_OPERATE && e.kind == KOL_ENTITY_CORP)
    kol_operating_place_home_token (engine, e.index);
  kol_round_skip_steps (engine);
  if (!round_finished (engine))
    return;
  kol_round_operating_after_end_of_turn (engine, e);
  r->klass->next_entity (engine, r);
}

/**
 * kol_round_operating_next_entity:
 *
 * The next entity that does not skip starts operating with fresh steps;
 * nothing happens after the last one.
 */
void
kol_round_operating_next_entity (KolEngine *engine,
                                 KolRound  *r)
{
  for (int guard = 0; guard <= r->n_entities; guard++)
    {
      if (r->entity_index >= r->n_entities - 1)
        return;
      kol_round_next_entity_index (engine);
      if (!kol_round_operating_skip_entity (engine, r->entities[r->entity_index]))
        break;
    }
  for (int i = 0; i < r->n_steps; i++)
    kol_step_unpass (engine, &r->steps[i]);
  for (int i = 0; i < r->n_steps; i++)
    kol_step_setup (engine, &r->steps[i]);
  kol_round_operating_start_operating (engine);
}

/**
 * kol_round_operating_force_next_entity:
 *
 * Ends the current entity's turn at once: every step passes and the next
 * entity operates.
 */
void
kol_round_operating_force_next_entity (KolEngine *engine)
{
  KolRound *r = &engine->round;

  for (int i = 0; i < r->n_steps; i++)
    kol_step_pass (engine, &r->steps[i]);
  r->klass->next_entity (engine, r);
  r->remembered_step = -1;
}

static gboolean
entity_owned_by_player (KolEngine *engine,
                        KolEntity  e)
{
  switch (e.kind)
    {
    case KOL_ENTITY_CORP:
      return engine->corps[e.index].owner.kind == KOL_ENTITY_PLAYER;
    case KOL_ENTITY_COMPANY:
      return engine->companies[e.index].owner.kind == KOL_ENTITY_PLAYER;
    default:
      return FALSE;
    }
}

static gboolean
entity_in_receivership (KolEngine *engine,
                        KolEntity  e)
{
  return e.kind == KOL_ENTITY_CORP && engine->corps[e.index].owner.kind == KOL_ENTITY_POOL;
}

/**
 * kol_round_operating_after_process:
 *
 * After an action: the operator's turn goes on while a step waits for it;
 * otherwise the next entity operates.
 */
void
kol_round_operating_after_process (KolEngine       *engine,
                                   KolRound        *r,
                                   const KolAction *a)
{
  KolEntity acting;

  if (a->type == KOL_ACTION_MESSAGE || a->type == KOL_ACTION_LOG)
    return;
  acting = a->entity;
  if (acting.kind == KOL_ENTITY_COMPANY && engine->companies[acting.index].owner.kind == KOL_ENTITY_CORP)
    acting = engine->companies[acting.index].owner;
  if (acting.kind == KOL_ENTITY_CORP && kol_entity_equal (acting, r->current_operator))
    r->current_operator_acted = TRUE;

  kol_round_remember_active_step (engine, kol_round_active_step (engine));
  if (r->remembered_step >= 0)
    {
      KolEntity e = kol_round_entity (engine);

      if (entity_owned_by_player (engine, e) || entity_in_receivership (engine, e))
        return;
    }
  kol_round_operating_after_end_of_turn (engine, r->current_operator);
  if (!engine->finished)
    r->klass->next_entity (engine, r);
}

/**
 * kol_round_operating_finished:
 *
 * Returns: %TRUE when no step is active or no entity would operate; the
 * round then has no current operator.
 */
gboolean
kol_round_operating_finished (KolEngine *engine,
                              KolRound  *r)
{
  gboolean finished = kol_round_active_step (engine) == NULL || !kol_round_operating_any_to_act (engine);

  if (finished)
    r->current_operator = KOL_ENTITY_INIT_NONE;
  return finished;
}

/**
 * kol_round_operating_recalculate_order:
 *
 * The entities after the current one are put back in operating order
 * (share prices moved during the turn).
 */
void
kol_round_operating_recalculate_order (KolEngine *engine)
{
  KolRound *r = &engine->round;
  KolEntity order[KOL_MAX_ROUND_ENTITIES];
  KolEntity rest[KOL_MAX_ROUND_ENTITIES];
  int n_rest = 0, n_order, k;

  for (int i = r->entity_index + 1; i < r->n_entities; i++)
    rest[n_rest++] = r->entities[i];
  n_order = kol_operating_order (engine, order, KOL_MAX_ROUND_ENTITIES);
  k = r->entity_index + 1;
  for (int i = 0; i < n_order; i++)
    for (int j = 0; j < n_rest; j++)
      if (kol_entity_equal (order[i], rest[j]))
        {
          r->entities[k++] = order[i];
          break;
        }
  r->n_entities = k;
}

const KolRoundClass kol_round_operating = {
  .name = "Operating Round",
  .short_name = "OR",
  .operating = TRUE,
  .select_entities = kol_round_operating_select_entities,
  .setup = kol_round_operating_setup,
  .after_process = kol_round_operating_after_process,
  .finished = kol_round_operating_finished,
  .next_entity = kol_round_operating_next_entity,
};
