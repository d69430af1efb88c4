/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <string.h>

/*
 * Line rounds (IX; with the steps SellCompany, SpecialTrack, SpecialToken,
 * BuyCompany, HomeToken, TrackAndToken, Route, Dividend, BuyCompany): the
 * lines act in number order; each may lay or upgrade one tile, lay one Stadtbahn tile for 20 and
 * then do its bonus action, place one station (home first), remove
 * Stadtbahn markers for 40, and run its tram. Also the board hooks: which
 * tiles, rotations and connections the 1840 rules allow.
 */

/* --------------------------------------------------------------- helpers */

static gboolean
compat (KolEngine *engine)
{
  return k1840_state (engine)->compat;
}

static int
stadtbahn_track (KolEngine *engine)
{
  return kol_title_track_by_id (engine->title, "stadtbahn");
}

static int
tram_track (KolEngine *engine)
{
  return kol_title_track_by_id (engine->title, "tram");
}

static guint8
track_networks (KolEngine *engine,
                int        track)
{
  return track >= 0 ? kol_board_track_networks (engine->title, track) : 0;
}

static KolColor
bonus_color (K1840Bonus bonus)
{
  switch (bonus)
    {
    case K1840_BONUS_YELLOW:
      return KOL_COLOR_YELLOW;
    case K1840_BONUS_GREEN:
      return KOL_COLOR_GREEN;
    case K1840_BONUS_RED:
      return KOL_COLOR_RED;
    case K1840_BONUS_PURPLE:
      return KOL_COLOR_PURPLE;
    default:
      return KOL_COLOR_WHITE;
    }
}

static gboolean
is_red_hex (KolEngine *engine,
            int        hex)
{
  K1840State *st = k1840_state (engine);

  return k1840_listed (st->red_hexes, st->n_red, hex);
}

static int
purple_special_index (KolEngine *engine,
                      int        hex)
{
  K1840State *st = k1840_state (engine);

  for (int i = 0; i < 2; i++)
    if (st->purple_special_hex[i] == hex && hex >= 0)
      return i;
  return -1;
}

static gboolean
is_fixed_special (KolEngine *engine,
                  int        tile)
{
  K1840State *st = k1840_state (engine);

  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 2; k++)
      if (st->purple_special_tile[i][k] == tile && tile >= 0)
        return TRUE;
  return FALSE;
}

/* L30a/L30b (and L31a/L31b) are one physical tile each (IX.4: either goes
 * on F24 or G11). */
static gboolean
pool_sibling_laid (KolEngine *engine,
                   int        tile)
{
  K1840State *st = k1840_state (engine);

  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 2; k++)
      if (st->purple_special_tile[i][k] == tile)
        {
          int sibling = st->purple_special_tile[1 - i][k];

          return sibling >= 0 && kol_board_free_copy (engine, sibling) < 0 &&
                 kol_board_tile_copies (engine, sibling) > 0;
        }
  return FALSE;
}

/* The bonus lay being made now (SpecialTrack), KOL_COLOR_WHITE when none. */
static KolColor
bonus_mode (KolEngine *engine)
{
  return (KolColor) k1840_state (engine)->lay_mode;
}

/* ------------------------------------------------------------ board hooks */

static guint8
hook_networks (KolEngine *engine,
               int        corp)
{
  if (k1840_is (engine, corp, K1840_LINE))
    return track_networks (engine, tram_track (engine));
  if (k1840_is (engine, corp, K1840_CITY))
    return track_networks (engine, stadtbahn_track (engine));
  return 0xff;
}

/* Blocking (IX.2, IX.7): a full interchange blocks every line without a
 * marker there, whoever's markers fill it, Stadtbahn companies' included
 * (so 18xx.games too). The Stadtbahn companies' own runs are never blocked
 * by the lines (18xx.games issue #5938, see
 * ../shared/reference/rules-notes.md), except in 18xx.games' route check
 * of imported games. */
static gboolean
hook_city_blocks (KolEngine *engine,
                  int        hex,
                  int        city,
                  int        corp)
{
  if (!compat (engine) && k1840_is (engine, corp, K1840_CITY))
    return FALSE;
  return kol_board_city_blocks (engine, hex, city, corp);
}

/* Which tiles a hex may take in 1840: orange hexes take orange
 * tiles only and the others none; red and purple tiles only by their bonus
 * (IX.4), the special purple tiles only on G11 and F24. */
static gboolean
hook_tile_available (KolEngine *engine,
                     int        corp,
                     int        hex,
                     int        tile,
                     KolReason *reason)
{
  const KolTileDef *def = &engine->title->tiles[tile];
  KolColor mode = bonus_mode (engine);
  gboolean orange_hex = k1840_orange_framed (engine, engine->hexes[hex].tile);
  int special = purple_special_index (engine, hex);

#define REFUSE(r) do { if (reason) *reason = (r); return FALSE; } while (0)
  if (def->preprinted)
    REFUSE (KOL_REASON_TILE_NOT_AVAILABLE);
  if (kol_board_free_copy (engine, tile) < 0 || pool_sibling_laid (engine, tile))
    REFUSE (KOL_REASON_TILE_NOT_AVAILABLE);
  if (def->lay_only_on && special < 0)
    {
      gboolean ok = FALSE;

      for (guint i = 0; i < def->lay_only_on->len; i++)
        ok |= g_array_index (def->lay_only_on, gint16, i) == hex;
      if (!ok)
        REFUSE (KOL_REASON_TILE_HEX_LOCKED);
    }
  if (mode == KOL_COLOR_RED || mode == KOL_COLOR_PURPLE)
    {
      if (def->color != mode)
        REFUSE (KOL_REASON_TILE_NOT_AVAILABLE);
      if (mode == KOL_COLOR_PURPLE)
        {
          if (special >= 0)
            {
              if (k1840_state (engine)->purple_special_tile[special][0] != tile &&
                  k1840_state (engine)->purple_special_tile[special][1] != tile)
                REFUSE (KOL_REASON_TILE_HEX_LOCKED);
            }
          else if (is_fixed_special (engine, tile))
            REFUSE (KOL_REASON_TILE_HEX_LOCKED);
        }
      return TRUE;
    }
  if (def->lay_requires != NULL || def->color == KOL_COLOR_RED || def->color == KOL_COLOR_PURPLE)
    REFUSE (KOL_REASON_TILE_NOT_AVAILABLE);
  if (!kol_board_color_available (engine, (KolColor) def->color))
    REFUSE (KOL_REASON_TILE_COLOR_PHASE);
  if (orange_hex != (def->frame != NULL))
    REFUSE (KOL_REASON_TILE_NOT_UPGRADE);
  return TRUE;
#undef REFUSE
}

static gboolean
hook_upgrades_to (KolEngine *engine,
                  int        hex,
                  int        from_tile,
                  int        to_tile)
{
  const KolTileDef *from = &engine->title->tiles[from_tile], *to = &engine->title->tiles[to_tile];

  /* red → red and purple → purple on their printed hexes (IX.5) */
  if (from->color == KOL_COLOR_RED && to->color == KOL_COLOR_RED && is_red_hex (engine, hex))
    return TRUE;
  if (from->color == KOL_COLOR_PURPLE && to->color == KOL_COLOR_PURPLE)
    return from->preprinted;
  return kol_board_upgrades_to (engine, hex, from_tile, to_tile);
}

static guint8
all_neighbor_edges (KolEngine *engine,
                    int        hex)
{
  guint8 edges = 0;

  for (int e = 0; e < 6; e++)
    if (engine->title->hexes[hex].neighbors[e] >= 0)
      edges |= (guint8) (1u << e);
  return edges;
}

/* Where track arrives: an untouched orange hex may be reached from
 * any side (its tile continues the dotted line, not a line's network). */
static guint8
hook_connected_edges (KolEngine      *engine,
                      int             corp,
                      int             hex,
                      const KolReach *reach)
{
  if (bonus_mode (engine) == KOL_COLOR_WHITE && k1840_state (engine)->hex_orange[hex] && k1840_pristine (engine, hex))
    return all_neighbor_edges (engine, hex);
  return kol_board_connected_edges (engine, corp, hex, reach);
}

static gboolean
hook_legal_rotation (KolEngine      *engine,
                     int             corp,
                     int             hex,
                     int             tile,
                     int             rotation,
                     const KolReach *reach,
                     KolReason      *reason)
{
  const KolTileDef *def = &engine->title->tiles[tile];
  KolColor mode = bonus_mode (engine);
  guint8 exits = kol_tile_exits (def, rotation);

  if (mode == KOL_COLOR_PURPLE)
    {
      if (is_fixed_special (engine, tile) && rotation != 0)
        {
          if (reason)
            *reason = KOL_REASON_TILE_ROTATION;
          return FALSE;
        }
      return TRUE;
    }
  if (mode == KOL_COLOR_RED)
    {
      guint8 connected = reach ? kol_board_connected_edges (engine, corp, hex, reach) : 0x3f;

      if ((exits & ~all_neighbor_edges (engine, hex)) == 0 && (exits & connected) != 0)
        return TRUE;
      if (reason)
        *reason = KOL_REASON_TILE_NOT_CONNECTED;
      return FALSE;
    }
  if (mode == KOL_COLOR_WHITE && k1840_state (engine)->hex_orange[hex] && k1840_pristine (engine, hex) &&
      def->color == KOL_COLOR_YELLOW)
    {
      guint8 needed = k1840_state (engine)->hex_exits[hex];

      if ((exits & needed) == needed)
        return TRUE;
      if (reason)
        *reason = KOL_REASON_TILE_ROTATION;
      return FALSE;
    }
  return kol_board_rotation_legal (engine, corp, hex, tile, rotation, reach, reason);
}

const KolBoardHooks k1840_board_hooks = {
  .networks = hook_networks,
  .city_blocks = hook_city_blocks,
  .upgrades_to = hook_upgrades_to,
  .legal_rotation = hook_legal_rotation,
  .tile_available = hook_tile_available,
  .connected_edges = hook_connected_edges,
};

/* ------------------------------------------------------------ line round */

/* ---- SpecialTrack and SpecialToken: the bonus actions ---- */

/* A yellow tile on an orange hex earns a bonus lay or a bonus station
 * (IX.4). They wait in two queues of the line round, each served by its
 * step (s->opt: which queue); the line at the head acts or passes. */
enum
{
  PENDING_LAYS,
  PENDING_TOKENS,
};

static int
pending_count (KolEngine *engine,
               KolStep   *s)
{
  K1840LineRoundState *ls = k1840_line_round (engine);

  return s->opt == PENDING_TOKENS ? ls->n_tokens : ls->n_lays;
}

/* The line at the head of the step's queue (when there is one). */
static KolEntity
pending_head (KolEngine *engine,
              KolStep   *s)
{
  K1840LineRoundState *ls = k1840_line_round (engine);

  return s->opt == PENDING_TOKENS ? ls->tokens[0].entity : ls->lays[0].entity;
}

static gboolean
pending_active (KolEngine *engine,
                KolStep   *s)
{
  return pending_count (engine, s) > 0;
}

static int
pending_active_entities (KolEngine *engine,
                         KolStep   *s,
                         KolEntity *out,
                         int        max)
{
  if (max < 1 || pending_count (engine, s) == 0)
    return 0;
  out[0] = pending_head (engine, s);
  return 1;
}

static guint32
pending_actions (KolEngine *engine,
                 KolStep   *s,
                 KolEntity  entity)
{
  KolActionType bonus = s->opt == PENDING_TOKENS ? KOL_ACTION_PLACE_TOKEN : KOL_ACTION_LAY_TILE;

  if (pending_count (engine, s) == 0 || !kol_entity_equal (entity, pending_head (engine, s)))
    return 0;
  return KOL_ACTION_BIT (bonus) | KOL_ACTION_BIT (KOL_ACTION_PASS);
}

static void
queue_shift (void  *items,
             gsize  size,
             int   *n)
{
  if (*n == 0)
    return;
  memmove (items, (guint8 *) items + size, size * (gsize) (*n - 1));
  (*n)--;
}

/* The head has had its bonus. */
static void
pending_shift (KolEngine *engine,
               KolStep   *s)
{
  K1840LineRoundState *ls = k1840_line_round (engine);

  if (s->opt == PENDING_TOKENS)
    queue_shift (ls->tokens, sizeof ls->tokens[0], &ls->n_tokens);
  else
    queue_shift (ls->lays, sizeof ls->lays[0], &ls->n_lays);
}

/* A pass gives the bonus up; TRUE when @a was one. */
static gboolean
pending_pass (KolEngine       *engine,
              KolStep         *s,
              const KolAction *a)
{
  if (a->type != KOL_ACTION_PASS)
    return FALSE;
  kol_step_log_pass (engine, s, a->entity);
  pending_shift (engine, s);
  return TRUE;
}

static void
pending_round_state (KolEngine *engine,
                     KolStep   *s)
{
  if (s->opt == PENDING_TOKENS)
    k1840_line_round (engine)->n_tokens = 0;
  else
    k1840_line_round (engine)->n_lays = 0;
}

/* Where a bonus tile may go: connected, not an untouched orange hex, and
 * of the colour the bonus upgrades. */
static gboolean
special_hex_ok (KolEngine      *engine,
                int             corp,
                int             hex,
                KolColor        color,
                const KolReach *reach)
{
  const KolTileDef *tile = kol_board_tile (engine, hex, NULL);
  gboolean pristine = k1840_pristine (engine, hex);

  if (k1840_state (engine)->hex_orange[hex] && pristine)
    return FALSE;
  if (!reach->hex_connected[hex])
    return FALSE;
  switch (color)
    {
    case KOL_COLOR_YELLOW:
      return tile->color == KOL_COLOR_WHITE;
    case KOL_COLOR_GREEN:
      return tile->color == KOL_COLOR_YELLOW;
    case KOL_COLOR_RED:
      return is_red_hex (engine, hex) && pristine;
    default:
      return pristine && tile->color == color;
    }
}

static gboolean
special_track_process (KolEngine        *engine,
                       KolStep          *s,
                       const KolAction  *a,
                       GError          **error)
{
  K1840State *st = k1840_state (engine);
  int line = a->entity.index, major = k1840_line_major (engine, line);
  KolColor color;
  gboolean ok;

  if (pending_pass (engine, s, a))
    return TRUE;
  if (a->type != KOL_ACTION_LAY_TILE)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a tile lay");
  color = (KolColor) k1840_line_round (engine)->lays[0].color;
  if (!compat (engine) && a->hex >= 0 && a->hex < (int) engine->title->n_hexes)
    {
      KolReach reach;

      st->lay_mode = (guint8) color;
      kol_board_compute_reach (engine, line, NULL, &reach);
      ok = special_hex_ok (engine, line, a->hex, color, &reach);
      st->lay_mode = KOL_COLOR_WHITE;
      if (!ok)
        {
          KolArg args[3] = {
            kol_arg_int (KOL_ARG_TILE, -1), kol_arg_int (KOL_ARG_HEX, a->hex),
            kol_arg_int (KOL_ARG_REASON, KOL_REASON_TILE_NOT_CONNECTED),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TILE, args, 3,
                                  "the bonus tile cannot go on %s", engine->title->hexes[a->hex].id);
        }
    }
  st->lay_mode = (guint8) color;
  ok = kol_tracker_lay_tile (engine, a, 0, major, error);
  st->lay_mode = KOL_COLOR_WHITE;
  if (!ok)
    return FALSE;
  if (KOL_OPERATING_STATE (engine)->n_laid_hexes < KOL_MAX_LAID_HEXES)
    KOL_OPERATING_STATE (engine)->laid_hexes[KOL_OPERATING_STATE (engine)->n_laid_hexes++] = (gint16) a->hex;
  pending_shift (engine, s);
  return TRUE;
}

/* Every tile and rotation @line may lay on @hex that its tram company can
 * pay for (the bonus lays and the line's own). */
static void
add_hex_lays (KolEngine      *engine,
              int             line,
              KolEntity       entity,
              int             hex,
              const KolReach *reach,
              GPtrArray      *out)
{
  int major = k1840_line_major (engine, line);
  gint16 tiles[KOL_MAX_TILE_DEFS];
  int n = kol_board_legal_tiles (engine, line, hex, reach, tiles, KOL_MAX_TILE_DEFS);

  for (int i = 0; i < n; i++)
    {
      guint8 rotations = kol_board_legal_rotations (engine, line, hex, tiles[i], reach);
      int cost = kol_board_tile_cost (engine, line, hex, tiles[i]);

      if (major < 0 || cost > engine->corps[major].cash)
        continue;
      for (int r = 0; r < 6; r++)
        if (rotations & (1u << r))
          {
            KolAction *a = kol_action_new (KOL_ACTION_LAY_TILE, entity);

            a->hex = (gint16) hex;
            a->tile_copy = (gint16) kol_board_free_copy (engine, tiles[i]);
            a->rotation = (guint8) r;
            g_ptr_array_add (out, a);
          }
    }
}

/* Every hex, tile and rotation a bonus lay of @color allows @line now. */
static void
bonus_lays (KolEngine *engine,
            int        line,
            KolEntity  entity,
            KolColor   color,
            GPtrArray *out)
{
  K1840State *st = k1840_state (engine);
  KolReach reach;

  st->lay_mode = (guint8) color;
  kol_board_compute_reach (engine, line, NULL, &reach);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    if (special_hex_ok (engine, line, (int) h, color, &reach))
      add_hex_lays (engine, line, entity, (int) h, &reach, out);
  st->lay_mode = KOL_COLOR_WHITE;
}

/* ---- stations ---- */

static gboolean
token_hex_reachable (const KolReach *reach,
                     int             hex)
{
  return reach->paths[hex] != 0;
}

/* Can @line place its next marker in (hex, city) for @price? IX.6: a free
 * circle, connected, one per hex, the homes of lines not yet running kept
 * free. */
static gboolean
token_ok (KolEngine      *engine,
          int             line,
          int             hex,
          int             city,
          gboolean        connected,
          const KolReach *reach,
          KolReason      *reason)
{
  if (!kol_board_check_token (engine, line, hex, city, connected ? KOL_TOKEN_CHECK_CONNECTED : 0, reach, reason))
    return FALSE;
  if (!kol_board_city_reserved_by (engine, hex, city, line) && k1840_tile_token_blocked (engine, hex, line))
    {
      if (reason)
        *reason = KOL_REASON_TOKEN_RESERVED;
      return FALSE;
    }
  return TRUE;
}

static gboolean
refuse_token (KolEngine  *engine,
              GError    **error,
              int         hex,
              int         reason)
{
  KolArg args[2] = { kol_arg_int (KOL_ARG_HEX, hex), kol_arg_int (KOL_ARG_REASON, reason) };

  return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 2, "no station on %s: %s",
                          hex >= 0 && hex < (int) engine->title->n_hexes ? engine->title->hexes[hex].id : "?",
                          kol_reason_to_string (reason));
}

/* Places @line's next marker in (hex, city), paid by its tram company
 * (@price -1: the marker's printed cost). */
static gboolean
place_line_token (KolEngine  *engine,
                  int         line,
                  int         hex,
                  int         city,
                  gboolean    connected,
                  gboolean    extra_action,
                  int         price,
                  GError    **error)
{
  int major = k1840_line_major (engine, line), token = kol_board_next_token (engine, line);
  KolReason reason = KOL_REASON_NONE;
  KolReach reach;
  int cost;

  if (hex < 0 || hex >= (int) engine->title->n_hexes || city < 0 ||
      city >= kol_tile_n_cities (kol_board_tile (engine, hex, NULL)))
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NO_SLOT);
  if (token < 0)
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_NONE_LEFT);
  if (!extra_action && KOL_OPERATING_STATE (engine)->tokened)
    return refuse_token (engine, error, hex, KOL_REASON_TOKEN_ALREADY_PLACED);
  kol_board_compute_reach (engine, line, NULL, &reach);
  if (!token_ok (engine, line, hex, city, connected, &reach, &reason))
    return refuse_token (engine, error, hex, reason);
  cost = price >= 0 ? price : engine->corps[line].tokens[token].price;
  if (major < 0 || cost > engine->corps[major].cash)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_CORP, major), kol_arg_int (KOL_ARG_MONEY, major >= 0 ? engine->corps[major].cash : 0),
        kol_arg_int (KOL_ARG_MONEY, cost),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "cannot pay for the station");
    }
  kol_board_place_token (engine, line, token, hex, city, -1);
  engine->corps[line].tokens[token].used = TRUE;
  k1840_remove_tile_reservation (engine, hex, line);
  if (cost > 0)
    kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, major), kol_entity (KOL_ENTITY_BANK, 0), cost);
  {
    KolArg args[3] = {
      kol_arg_int (KOL_ARG_CORP, line), kol_arg_int (KOL_ARG_HEX, hex), kol_arg_int (KOL_ARG_MONEY, cost),
    };

    kol_engine_log (engine, cost > 0 ? KOL_LOG_TOKEN_PLACED_FOR : KOL_LOG_TOKEN_PLACED, args, cost > 0 ? 3 : 2);
  }
  if (!extra_action)
    KOL_OPERATING_STATE (engine)->tokened = TRUE;
  return TRUE;
}

static gboolean
no_remove_hex (KolEngine *engine,
               int        hex)
{
  K1840State *st = k1840_state (engine);

  return k1840_listed (st->no_remove_hexes, st->n_no_remove, hex);
}

/* The Stadtbahn marker in (hex, slot), or -1. */
static int
city_token_at (KolEngine *engine,
               int        hex,
               int        slot)
{
  int id;

  if (slot < 0 || slot >= KOL_MAX_HEX_SLOTS)
    return -1;
  id = engine->hexes[hex].slot_token[slot];
  return id >= 0 && k1840_is (engine, KOL_TOKEN_CORP (id), K1840_CITY) ? id : -1;
}

static gboolean
hex_has_city_token (KolEngine *engine,
                    int        hex)
{
  for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
    if (city_token_at (engine, hex, s) >= 0)
      return TRUE;
  return FALSE;
}

/* IX.6: a line removes a Stadtbahn marker for 40; it leaves the game. */
static void
destroy_city_token (KolEngine *engine,
                    int        line,
                    int        hex,
                    int        id)
{
  int major = k1840_line_major (engine, line), corp = KOL_TOKEN_CORP (id), index = KOL_TOKEN_INDEX (id);
  KolArg args[3] = {
    kol_arg_int (KOL_ARG_CORP, line), kol_arg_int (KOL_ARG_HEX, hex),
    kol_arg_int (KOL_ARG_MONEY, k1840_state (engine)->token_remove_cost),
  };

  kol_engine_transfer (engine, kol_entity (KOL_ENTITY_CORP, major), kol_entity (KOL_ENTITY_BANK, 0),
                     k1840_state (engine)->token_remove_cost);
  kol_engine_log (engine, K1840_LOG_REMOVES_TOKEN, args, 3);
  kol_board_remove_token (engine, corp, index);
  engine->corps[corp].tokens[index].used = TRUE;
  engine->corps[corp].tokens[index].hex = -1;
}

static gboolean
can_remove_at (KolEngine      *engine,
               int             line,
               int             hex,
               const KolReach *reach)
{
  if (no_remove_hex (engine, hex) || !hex_has_city_token (engine, hex))
    return FALSE;
  return !k1840_state (engine)->remove_reachable_only || token_hex_reachable (reach, hex);
}

static gboolean
remove_token (KolEngine        *engine,
              const KolAction  *a,
              GError          **error)
{
  int line = a->entity.index, major = k1840_line_major (engine, line), slot, id;
  KolReach reach;

  if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex");
  kol_board_compute_reach (engine, line, NULL, &reach);
  if (!compat (engine) && !can_remove_at (engine, line, a->hex, &reach))
    return refuse_token (engine, error, a->hex, K1840_REASON_TOKEN_NOT_REMOVABLE);
  slot = kol_board_slot_index (engine, a->hex, a->city, a->slot);
  id = city_token_at (engine, a->hex, slot);
  if (id < 0 || no_remove_hex (engine, a->hex))
    return refuse_token (engine, error, a->hex, K1840_REASON_TOKEN_NOT_REMOVABLE);
  if (major < 0 || engine->corps[major].cash < k1840_state (engine)->token_remove_cost)
    {
      KolArg args[3] = {
        kol_arg_int (KOL_ARG_CORP, major), kol_arg_int (KOL_ARG_MONEY, major >= 0 ? engine->corps[major].cash : 0),
        kol_arg_int (KOL_ARG_MONEY, k1840_state (engine)->token_remove_cost),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "cannot pay for the removal");
    }
  destroy_city_token (engine, line, a->hex, id);
  return TRUE;
}

/* ---- SpecialToken: the bonus station ---- */

/* The bonus marker (IX.4): on 18xx.games free, and it may replace a
 * Stadtbahn marker for 40; by the rulebook it follows IX.6, cost included. */
static gboolean
special_token_process (KolEngine        *engine,
                       KolStep          *s,
                       const KolAction  *a,
                       GError          **error)
{
  int line = a->entity.index, slot, id;
  KolReach reach;

  if (pending_pass (engine, s, a))
    return TRUE;
  if (a->type != KOL_ACTION_PLACE_TOKEN)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a station action");
  if (a->hex < 0 || a->hex >= (int) engine->title->n_hexes)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex");
  kol_board_compute_reach (engine, line, NULL, &reach);
  if (!token_hex_reachable (&reach, a->hex))
    return refuse_token (engine, error, a->hex, KOL_REASON_TOKEN_NOT_REACHABLE);
  slot = kol_board_slot_index (engine, a->hex, a->city, a->slot);
  id = city_token_at (engine, a->hex, slot);
  if (id >= 0)
    {
      if (no_remove_hex (engine, a->hex))
        return refuse_token (engine, error, a->hex, K1840_REASON_TOKEN_NOT_REMOVABLE);
      if (!kol_board_city_tokened_by (engine, a->hex, a->city, line) &&
          !(reach.nodes[a->hex] & (1u << kol_tile_city_node (kol_board_tile (engine, a->hex, NULL), a->city))))
        return refuse_token (engine, error, a->hex, KOL_REASON_TOKEN_NOT_REACHABLE);
      if (engine->corps[k1840_line_major (engine, line)].cash < k1840_state (engine)->token_remove_cost)
        return refuse_token (engine, error, a->hex, K1840_REASON_TOKEN_NOT_REMOVABLE);
      destroy_city_token (engine, line, a->hex, id);
    }
  if (!place_line_token (engine, line, a->hex, a->city, !compat (engine), TRUE, compat (engine) ? 0 : -1, error))
    return FALSE;
  pending_shift (engine, s);
  return TRUE;
}

static void
add_token_action (GPtrArray *out,
                  KolEntity  entity,
                  int        hex,
                  int        city,
                  int        slot)
{
  KolAction *a = kol_action_new (KOL_ACTION_PLACE_TOKEN, entity);

  a->hex = (gint16) hex;
  a->city = (gint8) city;
  a->slot = (gint8) slot;
  a->tokener = entity.index;
  g_ptr_array_add (out, a);
}

/* Every city where @line may place its next marker now for @price. */
static void
token_targets (KolEngine *engine,
               int        line,
               KolEntity  entity,
               int        price,
               GPtrArray *out)
{
  int major = k1840_line_major (engine, line), token = kol_board_next_token (engine, line);
  KolReach reach;

  if (token < 0 || major < 0)
    return;
  if (price < 0)
    price = engine->corps[line].tokens[token].price;
  if (price > engine->corps[major].cash)
    return;
  kol_board_compute_reach (engine, line, NULL, &reach);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      const KolTileDef *tile;

      if (!token_hex_reachable (&reach, (int) h))
        continue;
      tile = kol_board_tile (engine, (int) h, NULL);
      for (int c = 0; c < kol_tile_n_cities (tile); c++)
        {
          int slot;

          if (!token_ok (engine, line, (int) h, c, TRUE, &reach, NULL))
            continue;
          slot = kol_board_city_get_slot (engine, (int) h, c, line);
          add_token_action (out, entity, (int) h, c, slot - kol_tile_city_slot_base (tile, c));
        }
    }
}

static void
pending_legal_actions (KolEngine *engine,
                       KolStep   *s,
                       KolEntity  entity,
                       GPtrArray *out)
{
  if (pending_actions (engine, s, entity) == 0)
    return;
  if (s->opt == PENDING_TOKENS)
    token_targets (engine, entity.index, entity, compat (engine) ? 0 : -1, out);
  else
    bonus_lays (engine, entity.index, entity, (KolColor) k1840_line_round (engine)->lays[0].color, out);
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

static const KolStepClass step_special_track = {
  .name = "Lay Track",
  .actions = pending_actions,
  .active = pending_active,
  .active_entities = pending_active_entities,
  .process = special_track_process,
  .round_state = pending_round_state,
  .setup = kol_tracker_setup,
  .legal_actions = pending_legal_actions,
};

static const KolStepClass step_special_token = {
  .name = "Place free Token",
  .actions = pending_actions,
  .active = pending_active,
  .active_entities = pending_active_entities,
  .process = special_token_process,
  .round_state = pending_round_state,
  .legal_actions = pending_legal_actions,
};

/* ---- BuyCompany: a tram company buys a private during its line's turn ---- */

static gboolean
buy_company_process (KolEngine        *engine,
                     KolStep          *s,
                     const KolAction  *a,
                     GError          **error)
{
  int major;

  if (a->type == KOL_ACTION_PASS)
    return kol_step_process_pass (engine, s, a, error);
  if (a->type != KOL_ACTION_BUY_COMPANY || a->entity.kind != KOL_ENTITY_CORP)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a company purchase");
  major = k1840_line_major (engine, a->entity.index);
  if (major < 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "the line has no tram company");
  return kol_step_buy_company_buy (engine, s, major, a->company, a->price, -1, error);
}

static const KolStepClass step_buy_company = {
  .name = "Buy Companies",
  .actions = kol_step_buy_company_actions,
  .blocks = kol_step_buy_company_blocks,
  .process = buy_company_process,
  .round_state = kol_step_buy_company_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = kol_step_buy_company_legal_actions,
};

/* ---- HomeToken: a line choosing its home city on an OO hex ---- */

static gboolean
home_token_process (KolEngine        *engine,
                    KolStep          *s,
                    const KolAction  *a,
                    GError          **error)
{
  KolPendingTokens *pending = kol_round_pending_tokens (engine);
  int corp = pending && pending->n > 0 ? pending->tokens[0].corp : -1;

  if (!kol_step_home_token_process (engine, s, a, error))
    return FALSE;
  if (corp >= 0 && a->hex >= 0)
    k1840_remove_tile_reservation (engine, a->hex, corp);
  return TRUE;
}

static const KolStepClass step_home_token = {
  .name = "Place Home Token",
  .actions = kol_step_home_token_actions,
  .active = kol_step_home_token_active,
  .active_entities = kol_step_home_token_active_entities,
  .process = home_token_process,
  .round_state = kol_step_home_token_round_state,
  .legal_actions = kol_step_home_token_legal_actions,
};

/* ---- TrackAndToken ---- */

typedef struct
{
  KolTrackAndTokenData base;
  guint8 orange_placed;
  guint8 normal_placed;
} TTData;

G_STATIC_ASSERT (sizeof (TTData) <= KOL_STEP_DATA_SIZE);

static TTData *
tt (KolStep *s)
{
  return (TTData *) (void *) s->data;
}

static void
tt_setup (KolEngine *engine,
          KolStep   *s)
{
  kol_step_track_and_token_setup (engine, s);
  tt (s)->orange_placed = FALSE;
  tt (s)->normal_placed = FALSE;
}

static void
tt_unpass (KolEngine *engine,
           KolStep   *s)
{
  tt_setup (engine, s);
}

static gboolean
tt_can_lay (KolEngine *engine,
            KolStep   *s,
            KolEntity  entity)
{
  return kol_tracker_can_lay_tile (engine, entity);
}

static gboolean
tt_can_place_token (KolEngine *engine,
                    KolStep   *s,
                    KolEntity  entity)
{
  int line = entity.index, major = k1840_line_major (engine, line), token;

  if (!kol_step_is_current (engine, s, entity) || KOL_OPERATING_STATE (engine)->tokened || major < 0)
    return FALSE;
  token = kol_board_next_token (engine, line);
  return token >= 0 && engine->corps[line].tokens[token].price <= engine->corps[major].cash;
}

static guint32
tt_actions (KolEngine *engine,
            KolStep   *s,
            KolEntity  entity)
{
  guint32 actions;

  if (!kol_step_is_current (engine, s, entity) || !k1840_entity_is (engine, entity, K1840_LINE))
    return 0;
  actions = KOL_ACTION_BIT (KOL_ACTION_REMOVE_TOKEN) | KOL_ACTION_BIT (KOL_ACTION_PASS);
  if (tt_can_lay (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_LAY_TILE);
  if (tt_can_place_token (engine, s, entity))
    actions |= KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN);
  return actions;
}

/* A Stadtbahn tile continues the dotted line from one of its two ends
 * (IX.4; 18xx.games issue #5587, see ../shared/reference/rules-notes.md). */
static gboolean
orange_available (KolEngine *engine,
                  KolStep   *s,
                  int        hex)
{
  K1840State *st = k1840_state (engine);
  int pos, city;

  if (tt (s)->orange_placed)
    return FALSE;
  city = k1840_chain_of (engine, hex, &pos);
  if (city < 0)
    return FALSE;
  return pos == 0 || pos == st->n_chain[city] - 1;
}

/* May the line lay or upgrade on @hex now (connected, or an orange hex the
 * Stadtbahn tile may continue)? */
static gboolean
lay_hex_available (KolEngine      *engine,
                   KolStep        *s,
                   KolEntity       entity,
                   int             hex,
                   const KolReach *reach)
{
  if (!tt_can_lay (engine, s, entity))
    return FALSE;
  if (k1840_state (engine)->hex_orange[hex] && k1840_pristine (engine, hex))
    return orange_available (engine, s, hex);
  if (tt (s)->normal_placed)
    return FALSE;
  return kol_tracker_available_hex (engine, entity, hex, reach);
}

static void
chain_remove (KolEngine *engine,
              int        hex)
{
  K1840State *st = k1840_state (engine);
  int pos, city = k1840_chain_of (engine, hex, &pos);

  if (city < 0)
    return;
  memmove (&st->chain[city][pos], &st->chain[city][pos + 1],
           sizeof st->chain[0][0] * (gsize) (st->n_chain[city] - pos - 1));
  st->n_chain[city]--;
}

static gboolean
tt_lay_tile (KolEngine        *engine,
             KolStep          *s,
             const KolAction  *a,
             GError          **error)
{
  K1840State *st = k1840_state (engine);
  int line = a->entity.index, tile, hex = a->hex;
  K1840Bonus bonus;

  if (hex < 0 || hex >= (int) engine->title->n_hexes || a->tile_copy < 0 ||
      a->tile_copy >= (int) engine->title->n_tile_copies)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_INVALID, NULL, 0, "no such hex or tile");
  tile = engine->title->copy_tile[a->tile_copy];
  if (!compat (engine))
    {
      KolReach reach;

      kol_board_compute_reach (engine, line, NULL, &reach);
      if (!lay_hex_available (engine, s, a->entity, hex, &reach))
        {
          KolArg args[3] = {
            kol_arg_int (KOL_ARG_TILE, tile), kol_arg_int (KOL_ARG_HEX, hex),
            kol_arg_int (KOL_ARG_REASON, K1840_REASON_LAY_NOT_AVAILABLE),
          };

          return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TILE, args, 3,
                                  "%s cannot lay a tile on %s now", engine->title->corps[line].id,
                                  engine->title->hexes[hex].id);
        }
    }
  bonus = st->hex_orange[hex] && k1840_pristine (engine, hex) ? (K1840Bonus) st->hex_bonus[hex] : K1840_BONUS_NONE;
  if (!kol_tracker_lay_tile_action (engine, s, a, k1840_line_major (engine, line), error))
    return FALSE;
  if (k1840_orange_framed (engine, tile) && engine->title->tiles[tile].color == KOL_COLOR_YELLOW)
    {
      K1840LineRoundState *ls = k1840_line_round (engine);

      tt (s)->orange_placed = TRUE;
      if (bonus == K1840_BONUS_STATION)
        {
          if (ls->n_tokens < K1840_MAX_PENDING)
            ls->tokens[ls->n_tokens++] = (K1840PendingToken) { a->entity, (gint8) kol_board_next_token (engine, line) };
        }
      else if (bonus != K1840_BONUS_NONE && ls->n_lays < K1840_MAX_PENDING)
        ls->lays[ls->n_lays++] = (K1840PendingLay) { a->entity, (guint8) bonus_color (bonus) };
      chain_remove (engine, hex);
    }
  else
    tt (s)->normal_placed = TRUE;
  return TRUE;
}

static gboolean
tt_place_token (KolEngine        *engine,
                KolStep          *s,
                const KolAction  *a,
                GError          **error)
{
  int line = a->entity.index;

  if (!compat (engine) && !tt_can_place_token (engine, s, a->entity))
    return refuse_token (engine, error, a->hex, KOL_REASON_TOKEN_ALREADY_PLACED);
  if (!place_line_token (engine, line, a->hex, a->city, !compat (engine), FALSE, -1, error))
    return FALSE;
  tt (s)->base.tokened = TRUE;
  return TRUE;
}

static gboolean
tt_process (KolEngine        *engine,
            KolStep          *s,
            const KolAction  *a,
            GError          **error)
{
  switch (a->type)
    {
    case KOL_ACTION_LAY_TILE:
      return tt_lay_tile (engine, s, a, error);
    case KOL_ACTION_PLACE_TOKEN:
      return tt_place_token (engine, s, a, error);
    case KOL_ACTION_REMOVE_TOKEN:
      return remove_token (engine, a, error);
    case KOL_ACTION_PASS:
      return kol_step_process_pass (engine, s, a, error);
    default:
      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NOT_NOW, NULL, 0, "not a track or station action");
    }
}

static void
tt_legal_lays (KolEngine *engine,
               KolStep   *s,
               KolEntity  entity,
               GPtrArray *out)
{
  int line = entity.index, major = k1840_line_major (engine, line);
  KolReach reach;
  KolTileLay lay;

  if (major < 0 || !kol_tracker_get_tile_lay (engine, entity, &lay))
    return;
  kol_board_compute_reach (engine, line, NULL, &reach);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    {
      gboolean upgrade;

      if (!lay_hex_available (engine, s, entity, (int) h, &reach))
        continue;
      upgrade = kol_board_tile (engine, (int) h, NULL)->color != KOL_COLOR_WHITE;
      if ((upgrade && !lay.upgrade) || (!upgrade && !lay.lay))
        continue;
      add_hex_lays (engine, line, entity, (int) h, &reach, out);
    }
}

static void
tt_legal_actions (KolEngine *engine,
                  KolStep   *s,
                  KolEntity  entity,
                  GPtrArray *out)
{
  guint32 actions = tt_actions (engine, s, entity);
  int line = entity.index, major = k1840_line_major (engine, line);

  if (actions == 0)
    return;
  if (actions & KOL_ACTION_BIT (KOL_ACTION_LAY_TILE))
    tt_legal_lays (engine, s, entity, out);
  if (actions & KOL_ACTION_BIT (KOL_ACTION_PLACE_TOKEN))
    token_targets (engine, line, entity, -1, out);
  if (major >= 0 && engine->corps[major].cash >= k1840_state (engine)->token_remove_cost)
    {
      KolReach reach;

      kol_board_compute_reach (engine, line, NULL, &reach);
      for (guint h = 0; h < engine->title->n_hexes; h++)
        {
          const KolTileDef *tile;

          if (!can_remove_at (engine, line, (int) h, &reach))
            continue;
          tile = kol_board_tile (engine, (int) h, NULL);
          for (int c = 0; c < kol_tile_n_cities (tile); c++)
            {
              int base = kol_tile_city_slot_base (tile, c);

              for (int k = 0; k < kol_board_city_slots (engine, (int) h, c); k++)
                if (city_token_at (engine, (int) h, base + k) >= 0)
                  {
                    KolAction *a = kol_action_new (KOL_ACTION_REMOVE_TOKEN, entity);

                    a->hex = (gint16) h;
                    a->city = (gint8) c;
                    a->slot = (gint8) k;
                    g_ptr_array_add (out, a);
                  }
            }
        }
    }
  g_ptr_array_add (out, kol_action_new (KOL_ACTION_PASS, entity));
}

/* Why a line may not lay a tile or place a station now (IX.3, IX.6). */
static gboolean
tt_explain (KolEngine        *engine,
            KolStep          *s,
            const KolAction  *a,
            GError          **error)
{
  int line = a->entity.index, major = k1840_line_major (engine, line), token;

  if (a->type == KOL_ACTION_LAY_TILE)
    return kol_step_track_explain (engine, s, a, error);
  if (a->type != KOL_ACTION_PLACE_TOKEN || major < 0)
    return TRUE;
  if (KOL_OPERATING_STATE (engine)->tokened || (token = kol_board_next_token (engine, line)) < 0)
    {
      KolArg args[2] = {
        kol_arg_int (KOL_ARG_HEX, a->hex),
        kol_arg_int (KOL_ARG_REASON, KOL_OPERATING_STATE (engine)->tokened ? KOL_REASON_TOKEN_ALREADY_PLACED
                                                                      : KOL_REASON_TOKEN_NONE_LEFT),
      };

      return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_TOKEN, args, 2, "%s",
                              KOL_OPERATING_STATE (engine)->tokened ? "one station per turn" : "no station marker left");
    }
  {
    KolArg args[3] = {
      kol_arg_entity (kol_entity (KOL_ENTITY_CORP, major)),
      kol_arg_int (KOL_ARG_MONEY, engine->corps[major].cash),
      kol_arg_int (KOL_ARG_MONEY, engine->corps[line].tokens[token].price),
    };

    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_NO_CASH, args, 3, "cannot pay for the station");
  }
}

static const KolStepClass step_track_and_token = {
  .name = "Place a Token or Lay Track",
  .explain = tt_explain,
  .actions = tt_actions,
  .process = tt_process,
  .setup = tt_setup,
  .unpass = tt_unpass,
  .round_state = kol_step_track_and_token_round_state,
  .skip = kol_step_default_skip,
  .legal_actions = tt_legal_actions,
};

/* ---------------------------------------------------------- the round */

static int
cmp_line (gconstpointer a,
          gconstpointer b,
          gpointer      data)
{
  return k1840_line_number (data, ((const KolEntity *) a)->index) -
         k1840_line_number (data, ((const KolEntity *) b)->index);
}

/* The round's entities: the lines of the tram companies, by number
 * (IX.1). */
static void
line_select_entities (KolEngine *engine,
                      KolRound  *r)
{
  r->n_entities = 0;
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (k1840_is (engine, c, K1840_LINE) && engine->corps[c].floated && !engine->corps[c].closed)
        r->entities[r->n_entities++] = kol_entity (KOL_ENTITY_CORP, c);
    }
  g_qsort_with_data (r->entities, r->n_entities, sizeof r->entities[0], cmp_line, engine);
}

/* After an action: a line's run goes to its revenue pile (IX.8). */
static void
line_after_process (KolEngine       *engine,
                    KolRound        *r,
                    const KolAction *a)
{
  KolEntity e = kol_round_entity (engine);

  if (a->type == KOL_ACTION_RUN_ROUTES && a->routes && a->routes->len > 0)
    {
      g_autoptr(KolAction) withhold = kol_action_new (KOL_ACTION_DIVIDEND, e);

      withhold->kind = g_strdup ("withhold");
      if (!k1840_round_process (engine, withhold, NULL))
        g_warning ("1840: the run of line %s could not be booked", engine->title->corps[e.index].id);
    }
  kol_round_operating_after_process (engine, r, a);
}

static const KolRoundClass round_line = {
  .name = "Line Round",
  .short_name = "LR",
  .operating = TRUE,
  .select_entities = line_select_entities,
  .setup = kol_round_operating_setup,
  .after_process = line_after_process,
  .finished = kol_round_operating_finished,
  .next_entity = kol_round_operating_next_entity,
};

void
k1840_start_line_round (KolEngine *engine,
                        int        round_num)
{
  static const KolStepClass *const steps[] = {
    &k1840_step_sell_company, &step_special_track, &step_special_token, &step_buy_company,
    &step_home_token, &step_track_and_token, &k1840_step_route, &k1840_step_dividend,
    &step_buy_company,
  };
  static const gint16 opts[] = { 0, PENDING_LAYS, PENDING_TOKENS, 0, 0, 0, 0, 0, KOL_BUY_COMPANY_BLOCKS };

  {
    KolArg args[2] = { kol_arg_int (KOL_ARG_INT, engine->turn), kol_arg_int (KOL_ARG_INT, round_num) };

    kol_engine_log (engine, K1840_LOG_LINE_ROUND, args, 2);
  }
  kol_round_start (engine, &round_line, K1840_ROUND_LINE, round_num, steps, opts, G_N_ELEMENTS (steps));
}
