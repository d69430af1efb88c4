/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-standard-private.h"

/*
 * Private companies under the standard module: the first round that sells
 * them, and their abilities from the standard set (data/games/README.md):
 * revenue (the engine's), blocks_hex, tile_lay, token, exchange, close and
 * no_buy.
 */

/* ----------------------------------------------------------- abilities */

static const KolStdAbilities *
abilities (KolEngine *engine,
           int        company)
{
  return &kol_std_config (engine)->abilities[company];
}

/* Does the owner of @company have the kind of owner @a asks for? */
static gboolean
owner_fits (KolEngine           *engine,
            int                  company,
            const KolStdAbility *a)
{
  const KolCompany *c = &engine->companies[company];

  if (c->closed)
    return FALSE;
  return a->corp_owned ? c->owner.kind == KOL_ENTITY_CORP : c->owner.kind == KOL_ENTITY_PLAYER;
}

/**
 * kol_std_hex_blocked:
 *
 * Returns: %TRUE when a private company with blocks_hex on @hex is held by
 *   the kind of owner it names (1830's privates block their hex until a
 *   corporation buys them).
 */
gboolean
kol_std_hex_blocked (KolEngine *engine,
                     int        hex)
{
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        {
          const KolStdAbility *a = &list->a[i];

          if (a->type != KOL_STD_ABILITY_BLOCKS_HEX || !owner_fits (engine, c, a))
            continue;
          for (int h = 0; h < a->n_hexes; h++)
            if (a->hexes[h] == hex)
              return TRUE;
        }
    }
  return FALSE;
}

/**
 * kol_std_company_buyable:
 *
 * The companies corporations may buy: none with no_buy.
 */
gboolean
kol_std_company_buyable (KolEngine *engine,
                         int        corp,
                         int        company)
{
  const KolStdAbilities *list = abilities (engine, company);

  for (int i = 0; i < list->n; i++)
    if (list->a[i].type == KOL_STD_ABILITY_NO_BUY)
      return FALSE;
  return TRUE;
}

static void
close_company (KolEngine *engine,
               int        company)
{
  KolArg args[1] = { kol_arg_int (KOL_ARG_COMPANY, company) };

  if (engine->companies[company].closed)
    return;
  kol_engine_close_company (engine, company);
  kol_engine_log (engine, KOL_LOG_COMPANY_CLOSES, args, 1);
}

/**
 * kol_std_close_companies_on_event:
 *
 * Companies closing on an event: "bought_train" closes the companies whose
 * close ability names @corp (or any corporation) and that @corp owns or
 * whose corporation it is.
 */
void
kol_std_close_companies_on_event (KolEngine  *engine,
                                  int         corp,
                                  const char *event)
{
  if (g_strcmp0 (event, "bought_train") != 0)
    return;
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        {
          const KolStdAbility *a = &list->a[i];
          KolEntity owner = engine->companies[c].owner;

          if (a->type != KOL_STD_ABILITY_CLOSE || a->when != KOL_STD_CLOSE_BOUGHT_TRAIN)
            continue;
          if (a->corporation >= 0 ? a->corporation == corp
                                  : owner.kind == KOL_ENTITY_CORP && owner.index == corp)
            close_company (engine, c);
        }
    }
}

/**
 * kol_std_close_on_phase:
 *
 * Closes the companies whose close ability names phase @phase.
 */
void
kol_std_close_on_phase (KolEngine *engine,
                        int        phase)
{
  for (int c = 0; c < engine->n_companies; c++)
    {
      const KolStdAbilities *list = abilities (engine, c);

      for (int i = 0; i < list->n; i++)
        if (list->a[i].type == KOL_STD_ABILITY_CLOSE && list->a[i].when == KOL_STD_CLOSE_PHASE &&
            list->a[i].phase == phase)
          close_company (engine, c);
    }
}

/**
 * kol_std_company_bought:
 *
 * After a corporation bought a company: companies that close when a corporation buys them.
 */
void
kol_std_company_bought (KolEngine *engine,
                        int        company,
                        int        corp)
{
  const KolStdAbilities *list = abilities (engine, company);

  for (int i = 0; i < list->n; i++)
    if (list->a[i].type == KOL_STD_ABILITY_CLOSE && list->a[i].when == KOL_STD_CLOSE_BOUGHT_BY_CORPORATION)
      close_company (engine, company);
}

/* ------------------------------------------------------------- uses */

static int
uses_left (KolEngine *engine,
           int        company,
           int        i)
{
  return abilities (engine, company)->a[i].count - kol_std_state (engine)->ability_used[company][i];
}

static void
use_ability (KolEngine *engine,
             int        company,
             int        i)
{
  const KolStdAbility *a = &abilities (engine, company)->a[i];

  kol_std_state (engine)->ability_used[company][i]++;
  if (uses_left (engine, company, i) <= 0 && a->closes_company)
    close_company (engine, company);
}

/* The operating corporation, in an operating round; -1 otherwise. */
static int
operating_corp (KolEngine *engine)
{
  KolEntity e;

  if (engine->round.klass == NULL || !engine->round.klass->operating)
    return -1;
  e = kol_round_entity (engine);
  return e.kind == KOL_ENTITY_CORP ? e.index : -1;
}

/* The index of a usable ability of @type of @company, whose owner fits,
 * or -1. */
static int
usable_ability (KolEngine *engine,
                int        company,
                int        type)
{
  const KolStdAbilities *list;

  if (company < 0 || company >= engine->n_companies)
    return -1;
  list = abilities (engine, company);
  for (int i = 0; i < list->n; i++)
    if (list->a[i].type == type && owner_fits (engine, company, &list->a[i]) && uses_left (engine, company, i) > 0)
      return i;
  return -1;
}

/* A company of the operating corporation that may use an ability of @type
 * now, or -1 (for @entity: only that company). */
static int
operator_ability (KolEngine *engine,
                  KolEntity  entity,
                  int        type,
                  int       *index)
{
  int corp = operating_corp (engine);

  if (corp < 0 || entity.kind != KOL_ENTITY_COMPANY)
    return -1;
  if (!kol_entity_equal (engine->companies[entity.index].owner, kol_entity (KOL_ENTITY_CORP, corp)))
    return -1;
  *index = usable_ability (engine, entity.index, type);
  return *index >= 0 ? entity.index : -1;
}

static gboolean
hex_listed (const KolStdAbility *a,
            int                  hex)
{
  for (int i = 0; i < a->n_hexes; i++)
    if (a->hexes[i] == hex)
      return TRUE;
  return FALSE;
}

static gboolean
tile_listed (const KolStdAbility *a,
             int                  tile)
{
  if (a->n_tiles == 0)
    return TRUE;
  for (int i = 0; i < a->n_tiles; i++)
    if (a->tiles[i] == tile)
      return TRUE;
  return FALSE;
}

static int
companies_with (KolEngine *engine,
                int        type,
                KolEntity *out,
                int        max)
{
  int corp = operating_corp (engine), n = 0;

  for (int c = 0; corp >= 0 && c < engine->n_companies && n < max; c++)
    if (kol_entity_equal (engine->companies[c].owner, kol_entity (KOL_ENTITY_CORP, corp)) &&
        usable_ability (engine, c, type) >= 0)
      out[n++] = kol_entity (KOL_ENTITY_COMPANY, c);
  return n;
}

static gboolean
never_blocks (KolEngine *engine,
              KolStep   *s)
{
  return FALSE;
}

/* ------------------------------------------------- SpecialTrack (tile_lay) */

/* May the ability lay now: an extra lay always, another only while the
 * corporation's turn still has a lay. */
static gboolean
lay_allowed (KolEngine           *engine,
             int                  corp,
             const KolStdAbility *a)
{
  KolTileLay lay;

  return a->extra || kol_tracker_get_tile_lay (engine, kol_entity (KOL_ENTITY_CORP, corp), &lay);
}

static guint32
track_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  int i, company = operator_ability (engine, entity, KOL_STD_ABILITY_TILE_LAY, &i);

  if (company < 0 || !lay_allowed (engine, operating_corp (engine), &abilities (engine, company)->a[i]))
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_LAY_TILE);
}

static gboolean
track_active (KolEngine *engine,
              KolStep   *s)
{
  KolEntity list[KOL_MAX_COMPANIES];

  return companies_with (engine, KOL_STD_ABILITY_TILE_LAY, list, KOL_MAX_COMPANIES) > 0;
}

static int
track_active_entities (KolEngine *engine,
                       KolStep   *s,
                       KolEntity *out,
                       int        max)
{
  return companies_with (engine, KOL_STD_ABILITY_TILE_LAY, out, max);
}

static gboolean
track_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  int i, company = operator_ability (engine, a->entity, KOL_STD_ABILITY_TILE_LAY, &i);
  const KolStdAbility *ab;
  KolLayOpts opts = { 0 };
  KolOperatingRoundState *st = KOL_OPERATING_STATE (engine);

  if (company < 0 || a->type != KOL_ACTION_LAY_TILE)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no tile lay ability to use");
  ab = &abilities (engine, company)->a[i];
  if (!hex_listed (ab, a->hex) || a->tile_copy < 0 || a->tile_copy >= (int) engine->title->n_tile_copies ||
      !tile_listed (ab, engine->title->copy_tile[a->tile_copy]))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_STD_REASON_ABILITY_HEX) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                "the company's ability does not lay that tile there");
    }
  opts.any_hex = !ab->connected;
  opts.free = ab->free;
  opts.discount = ab->discount;
  if (!kol_tracker_lay_tile_with (engine, a, 0, operating_corp (engine), &opts, error))
    return FALSE;
  if (!ab->extra)
    st->num_laid_track++;
  if (st->n_laid_hexes < KOL_MAX_LAID_HEXES)
    st->laid_hexes[st->n_laid_hexes++] = a->hex;
  use_ability (engine, company, i);
  return TRUE;
}

static void
track_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  int i, corp = operating_corp (engine), company = operator_ability (engine, entity, KOL_STD_ABILITY_TILE_LAY, &i);
  const KolStdAbility *ab;
  KolReach reach;

  if (company < 0 || track_actions (engine, s, entity) == 0)
    return;
  ab = &abilities (engine, company)->a[i];
  kol_board_compute_reach (engine, corp, NULL, &reach);
  for (int h = 0; h < ab->n_hexes; h++)
    {
      gint16 tiles[KOL_MAX_TILE_DEFS];
      int hex = ab->hexes[h];
      const KolReach *r = ab->connected ? &reach : NULL;
      int n = kol_board_legal_tiles (engine, corp, hex, r, tiles, KOL_MAX_TILE_DEFS);

      for (int t = 0; t < n; t++)
        {
          guint8 rotations;
          int full = ab->free ? 0 : kol_board_tile_cost (engine, corp, hex, tiles[t]);
          int cost = ab->free ? 0 : MAX (0, full - ab->discount);

          if (!tile_listed (ab, tiles[t]) || cost > engine->corps[corp].cash)
            continue;
          rotations = kol_board_legal_rotations (engine, corp, hex, tiles[t], r);
          for (int rot = 0; rot < 6; rot++)
            if (rotations & (1u << rot))
              {
                KolAction *a = kol_action_new (KOL_ACTION_LAY_TILE, entity);

                a->hex = (gint16) hex;
                a->tile_copy = (gint16) kol_board_free_copy (engine, tiles[t]);
                a->rotation = (guint8) rot;
                g_ptr_array_add (out, a);
              }
        }
    }
}

/* The special track step: a company's tile_lay ability in its corporation's
 * turn (a non-blocking step: the corporation may use it or not). */
const KolStepClass kol_std_step_special_track = {
  .name = "Use a Private Company's Track Lay",
  .actions = track_actions,
  .blocks = never_blocks,
  .active = track_active,
  .active_entities = track_active_entities,
  .process = track_process,
  .legal_actions = track_legal_actions,
};

/* ----------------------------------------------------- SpecialToken (token) */

static gboolean
token_city_ok (KolEngine           *engine,
               int                  corp,
               const KolStdAbility *a,
               const KolReach      *reach,
               int                  hex,
               int                  city)
{
  KolReason reason;

  if (!kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason))
    return FALSE;
  return !a->connected || kol_tokener_available_hex (engine, corp, hex);
}

static guint32
token_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  int i, corp = operating_corp (engine), company = operator_ability (engine, entity, KOL_STD_ABILITY_TOKEN, &i);
  const KolStdAbility *ab;

  if (company < 0 || kol_tokener_available_token (engine, corp) < 0)
    return 0;
  ab = &abilities (engine, company)->a[i];
  if (!ab->extra && KOL_OPERATING_STATE (engine)->tokened)
    return 0;
  if (ab->price > engine->corps[corp].cash)
    return 0;
  for (int h = 0; h < ab->n_hexes; h++)
    for (int c = 0; c < kol_tile_n_cities (kol_board_tile (engine, ab->hexes[h], NULL)); c++)
      if (token_city_ok (engine, corp, ab, NULL, ab->hexes[h], c))
        return KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN);
  return 0;
}

static gboolean
token_active (KolEngine *engine,
              KolStep   *s)
{
  KolEntity list[KOL_MAX_COMPANIES];

  return companies_with (engine, KOL_STD_ABILITY_TOKEN, list, KOL_MAX_COMPANIES) > 0;
}

static int
token_active_entities (KolEngine *engine,
                       KolStep   *s,
                       KolEntity *out,
                       int        max)
{
  return companies_with (engine, KOL_STD_ABILITY_TOKEN, out, max);
}

static gboolean
token_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  int i, corp = operating_corp (engine), company = operator_ability (engine, a->entity, KOL_STD_ABILITY_TOKEN, &i);
  const KolStdAbility *ab;
  KolPlaceTokenOpts opts;

  if (company < 0 || a->type != KOL_ACTION_PLACE_TOKEN)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "no token ability to use");
  ab = &abilities (engine, company)->a[i];
  if (!hex_listed (ab, a->hex))
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_STD_REASON_ABILITY_HEX) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                "the company's ability does not place a token there");
    }
  kol_place_token_opts_init (&opts);
  opts.connected = ab->connected;
  opts.extra_action = ab->extra;
  opts.spender = corp;
  opts.price = ab->price;
  if (!kol_tokener_place_token (engine, a->entity, corp, kol_tokener_available_token (engine, corp), a->hex,
                                a->city, &opts, error))
    return FALSE;
  use_ability (engine, company, i);
  return TRUE;
}

static void
token_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  int i, corp = operating_corp (engine), company = operator_ability (engine, entity, KOL_STD_ABILITY_TOKEN, &i);
  const KolStdAbility *ab;

  if (company < 0 || token_actions (engine, s, entity) == 0)
    return;
  ab = &abilities (engine, company)->a[i];
  for (int h = 0; h < ab->n_hexes; h++)
    for (int c = 0; c < kol_tile_n_cities (kol_board_tile (engine, ab->hexes[h], NULL)); c++)
      if (token_city_ok (engine, corp, ab, NULL, ab->hexes[h], c))
        {
          KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, entity);

          a->hex = ab->hexes[h];
          a->city = (gint8) c;
          g_ptr_array_add (out, a);
        }
}

/* The special token step: a company's token ability in its corporation's turn. */
const KolStepClass kol_std_step_special_token = {
  .name = "Use a Private Company's Station",
  .actions = token_actions,
  .blocks = never_blocks,
  .active = token_active,
  .active_entities = token_active_entities,
  .process = token_process,
  .legal_actions = token_legal_actions,
};

/**
 * kol_std_corp_has_abilities:
 *
 * Returns: %TRUE when @corp owns a company with a track or token ability
 *   it may use now (a blocking BuyCompany step then offers a pass).
 */
gboolean
kol_std_corp_has_abilities (KolEngine *engine,
                            int        corp)
{
  for (int c = 0; c < engine->n_companies; c++)
    if (kol_entity_equal (engine->companies[c].owner, kol_entity (KOL_ENTITY_CORP, corp)) &&
        (usable_ability (engine, c, KOL_STD_ABILITY_TILE_LAY) >= 0 ||
         usable_ability (engine, c, KOL_STD_ABILITY_TOKEN) >= 0))
      return TRUE;
  return FALSE;
}

/* ---------------------------------------------------- Exchange (stock round) */

/* The player whose stock round turn it is, or -1. */
static int
stock_player (KolEngine *engine)
{
  KolEntity e;

  if (engine->round.klass == NULL || !engine->round.klass->stock)
    return -1;
  e = kol_round_entity (engine);
  return e.kind == KOL_ENTITY_PLAYER ? e.index : -1;
}

/* The certificate @company may be exchanged for from @source (the
 * corporation's treasury or the pool): its first ordinary one, or -1. */
static int
exchange_cert (KolEngine           *engine,
               const KolStdAbility *a,
               KolEntity            source)
{
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, source, a->corporation, certs, KOL_MAX_CERTS);

  for (int i = 0; i < n; i++)
    if (!engine->certs[certs[i]].president)
      return certs[i];
  return -1;
}

static gboolean
exchange_allowed (KolEngine           *engine,
                  int                  player,
                  const KolStdAbility *a,
                  int                  cert)
{
  int corp = a->corporation;
  int percent;

  if (cert < 0 || corp < 0 || !engine->corps[corp].ipoed || engine->corps[corp].closed)
    return FALSE;
  percent = kol_engine_percent_of (engine, kol_entity (KOL_ENTITY_PLAYER, player), corp);
  return percent + engine->certs[cert].percent <= kol_std_config (engine)->max_player_percent;
}

/* The certificates @company's owner may take now (treasury, then pool). */
static int
exchange_options (KolEngine *engine,
                  int        company,
                  int       *index,
                  int        out[2])
{
  int player = stock_player (engine), n = 0;
  const KolStdAbility *a;

  *index = usable_ability (engine, company, KOL_STD_ABILITY_EXCHANGE);
  if (player < 0 || *index < 0 ||
      !kol_entity_equal (engine->companies[company].owner, kol_entity (KOL_ENTITY_PLAYER, player)))
    return 0;
  a = &abilities (engine, company)->a[*index];
  if (a->from_ipo)
    {
      int cert = exchange_cert (engine, a, kol_entity (KOL_ENTITY_CORP, a->corporation));

      if (exchange_allowed (engine, player, a, cert))
        out[n++] = cert;
    }
  if (a->from_pool)
    {
      int cert = exchange_cert (engine, a, kol_entity (KOL_ENTITY_POOL, 0));

      if (exchange_allowed (engine, player, a, cert))
        out[n++] = cert;
    }
  return n;
}

static guint32
exchange_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity)
{
  int i, certs[2];

  if (entity.kind != KOL_ENTITY_COMPANY || exchange_options (engine, entity.index, &i, certs) == 0)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BUY_SHARES);
}

static int
exchange_companies (KolEngine *engine,
                    KolEntity *out,
                    int        max)
{
  int n = 0, i, certs[2];

  for (int c = 0; c < engine->n_companies && n < max; c++)
    if (exchange_options (engine, c, &i, certs) > 0)
      out[n++] = kol_entity (KOL_ENTITY_COMPANY, c);
  return n;
}

static gboolean
exchange_active (KolEngine *engine,
                 KolStep   *s)
{
  KolEntity list[KOL_MAX_COMPANIES];

  return exchange_companies (engine, list, KOL_MAX_COMPANIES) > 0;
}

static int
exchange_active_entities (KolEngine *engine,
                          KolStep   *s,
                          KolEntity *out,
                          int        max)
{
  return exchange_companies (engine, out, max);
}

static gboolean
exchange_process (KolEngine        *engine,
                  KolStep          *s,
                  const KolAction  *a,
                  GError          **error)
{
  int i, certs[2], n, company = a->entity.index;
  KolBundle bundle;
  KolBuyOpts opts;
  gboolean listed = FALSE;

  if (a->type != KOL_ACTION_BUY_SHARES || a->entity.kind != KOL_ENTITY_COMPANY || a->n_shares != 1)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not an exchange");
  n = exchange_options (engine, company, &i, certs);
  for (int k = 0; k < n; k++)
    listed = listed || certs[k] == a->shares[0];
  if (!listed)
    {
      KolArg args[1] = { kol_arg_int (KOL_ARG_REASON, KOL_STD_REASON_ABILITY_SHARE) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 1,
                                "the company cannot be exchanged for that share");
    }
  kol_bundle_init_cert (engine, &bundle, a->shares[0]);
  kol_buy_opts_init (&opts);
  opts.exchange = KOL_EXCHANGE_FREE;
  kol_shares_buy (engine, engine->companies[company].owner, &bundle, &opts);
  use_ability (engine, company, i);
  close_company (engine, company);
  return TRUE;
}

static void
exchange_legal_actions (KolEngine *engine,
                        KolStep   *s,
                        KolEntity  entity,
                        GPtrArray *out)
{
  int i, certs[2], n = entity.kind == KOL_ENTITY_COMPANY ? exchange_options (engine, entity.index, &i, certs) : 0;

  for (int k = 0; k < n; k++)
    {
      KolAction *a = kol_action_new (KOL_ACTION_BUY_SHARES, entity);

      a->n_shares = 1;
      a->shares[0] = (gint16) certs[k];
      a->percent = engine->certs[certs[k]].percent;
      g_ptr_array_add (out, a);
    }
}

/* The exchange step: in a stock round, the owner of a company with an
 * exchange ability swaps it for a share (not a turn's action). */
const KolStepClass kol_std_step_exchange = {
  .name = "Exchange a Private Company",
  .actions = exchange_actions,
  .blocks = never_blocks,
  .active = exchange_active,
  .active_entities = exchange_active_entities,
  .process = exchange_process,
  .legal_actions = exchange_legal_actions,
};

/* ----------------------------------------------------- FixedPriceSale */

static gboolean
company_unsold (KolEngine *engine,
                int        company)
{
  const KolCompany *c = &engine->companies[company];

  return c->owner.kind == KOL_ENTITY_NONE && !c->closed;
}

static int
cheapest_unsold (KolEngine *engine)
{
  int best = -1;

  for (int c = 0; c < engine->n_companies; c++)
    if (company_unsold (engine, c) && (best < 0 || engine->companies[c].value < engine->companies[best].value))
      best = c;
  return best;
}

static gboolean
fixed_active (KolEngine *engine,
              KolStep   *s)
{
  return cheapest_unsold (engine) >= 0;
}

static guint32
fixed_actions (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity)
{
  if (!kol_entity_equal (entity, kol_round_entity (engine)) || cheapest_unsold (engine) < 0)
    return 0;
  return KOL_ACTION_BIT (KOL_ACTION_BID) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static void
unpass_all (KolEngine *engine)
{
  for (int i = 0; i < engine->round.n_entities; i++)
    kol_entity_set_passed (engine, engine->round.entities[i], FALSE);
}

static void
sell_company (KolEngine *engine,
              KolEntity  player,
              int        company,
              int        price)
{
  KolArg args[3] = {
    kol_arg_entity (player), kol_arg_int (KOL_ARG_COMPANY, company), kol_arg_int (KOL_ARG_MONEY, price),
  };

  if (price > 0)
    kol_engine_transfer (engine, player, kol_entity (KOL_ENTITY_BANK, 0), price);
  kol_engine_move_company (engine, company, player);
  kol_engine_log (engine, KOL_LOG_BUYS_COMPANY_FOR, args, 3);
}

/* Every player passed in a row: the cheapest company is cheaper by the
 * discount step; at 0 the next player receives it. */
static void
fixed_all_passed (KolEngine *engine)
{
  int company = cheapest_unsold (engine);
  KolCompany *c = &engine->companies[company];
  int before = c->value;
  int discount = kol_std_config (engine)->unsold_discount;
  KolArg args[3];

  c->value = MAX (0, c->value - discount);
  c->discounted = TRUE;
  args[0] = kol_arg_int (KOL_ARG_COMPANY, company);
  args[1] = kol_arg_int (KOL_ARG_MONEY, before);
  args[2] = kol_arg_int (KOL_ARG_MONEY, c->value);
  kol_engine_log (engine, KOL_LOG_MIN_BID_DECREASES, args, 3);
  unpass_all (engine);
  if (c->value == 0)
    {
      sell_company (engine, kol_round_entity (engine), company, 0);
      kol_round_next_entity_index (engine);
    }
}

static gboolean
fixed_process (KolEngine        *engine,
               KolStep          *s,
               const KolAction  *a,
               GError          **error)
{
  if (a->type == KOL_ACTION_PASS)
    {
      KolArg args[1] = { kol_arg_entity (a->entity) };

      kol_engine_log (engine, KOL_LOG_SR_PASSES, args, 1);
      kol_entity_set_passed (engine, a->entity, TRUE);
      kol_round_next_entity_index (engine);
      for (int i = 0; i < engine->round.n_entities; i++)
        if (!kol_entity_passed (engine, engine->round.entities[i]))
          return TRUE;
      fixed_all_passed (engine);
      return TRUE;
    }
  if (a->type != KOL_ACTION_BID || a->company < 0 || a->company >= engine->n_companies ||
      !company_unsold (engine, a->company))
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "that company is not for sale");
  if (a->price != engine->companies[a->company].value)
    {
      KolArg args[2] = { kol_arg_int (KOL_ARG_REASON, KOL_STD_REASON_FIXED_PRICE),
                         kol_arg_int (KOL_ARG_MONEY, engine->companies[a->company].value) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_RULE, args, 2, "the price is %d",
                                engine->companies[a->company].value);
    }
  if (a->price > kol_engine_cash (engine, a->entity))
    {
      KolArg args[3] = { kol_arg_entity (a->entity), kol_arg_int (KOL_ARG_MONEY, kol_engine_cash (engine, a->entity)),
                         kol_arg_int (KOL_ARG_MONEY, a->price) };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "not enough money");
    }
  sell_company (engine, a->entity, a->company, a->price);
  unpass_all (engine);
  kol_round_next_entity_index (engine);
  return TRUE;
}

static void
fixed_legal_actions (KolEngine *engine,
                     KolStep   *s,
                     KolEntity  entity,
                     GPtrArray *out)
{
  if (fixed_actions (engine, s, entity) == 0)
    return;
  for (int c = 0; c < engine->n_companies; c++)
    if (company_unsold (engine, c) && engine->companies[c].value <= kol_engine_cash (engine, entity))
      {
        KolAction *a = kol_action_new (KOL_ACTION_BID, entity);

        a->company = (gint16) c;
        a->price = engine->companies[c].value;
        g_ptr_array_add (out, a);
      }
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

/* The first round of a fixed-price sale: in turn, each player buys any
 * unsold private company at its price, or passes (a "bid" at exactly the
 * price, as the table offers it). */
const KolStepClass kol_std_step_fixed_price = {
  .name = "Buy a Private Company",
  .actions = fixed_actions,
  .active = fixed_active,
  .process = fixed_process,
  .legal_actions = fixed_legal_actions,
};

/* ----------------------------------------------------------- first round */

static const KolStepClass *const waterfall_steps[] = {
  &kol_step_company_pending_par,
  &kol_step_waterfall_auction,
};

static const KolStepClass *const fixed_price_steps[] = {
  &kol_std_step_fixed_price,
};

/**
 * kol_std_start_first_round:
 *
 * The first round sells the private companies: a waterfall auction (1830)
 * or a sale at fixed prices. Without privates the game starts with a stock
 * round.
 */
void
kol_std_start_first_round (KolEngine *engine)
{
  switch (kol_std_config (engine)->first_round)
    {
    case KOL_STD_FIRST_WATERFALL:
      kol_round_start (engine, &kol_round_auction, KOL_STD_ROUND_FIRST, 1, waterfall_steps, NULL,
                       G_N_ELEMENTS (waterfall_steps));
      break;
    case KOL_STD_FIRST_FIXED_PRICE:
      kol_round_start (engine, &kol_round_auction, KOL_STD_ROUND_FIRST, 1, fixed_price_steps, NULL,
                       G_N_ELEMENTS (fixed_price_steps));
      break;
    default:
      kol_std_start_stock_round (engine);
      break;
    }
}
