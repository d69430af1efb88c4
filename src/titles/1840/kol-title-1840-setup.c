/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kol-title-1840-private.h"

#include <stdlib.h>
#include <string.h>

/*
 * 1840 setup (rulebook III, XII, XIII): the configuration the module reads
 * from game.json's rules, the removals for two and three players, the
 * random draws of the line cards (and, for imported games, of the tram
 * companies), the Stadtbahn companies' markers, prices and City trains, and
 * the later line restocks.
 */

/* ------------------------------------------------------ reading the rules */

/* rules.<key1>.<key2>…, NULL-terminated. */
static GVariant *
rule (const KolTitle *title,
      const char     *first,
      ...)
{
  GVariant *v = kol_variant_unbox (kol_title_rule (title, first));
  va_list ap;
  const char *key;

  va_start (ap, first);
  while (v != NULL && (key = va_arg (ap, const char *)) != NULL)
    {
      GVariant *next = kol_variant_lookup (v, key);

      g_variant_unref (v);
      v = next;
    }
  va_end (ap);
  return v;
}

static int
n_items (GVariant *array)
{
  if (array == NULL || !g_variant_is_container (array) ||
      g_variant_is_of_type (array, G_VARIANT_TYPE_VARDICT))
    return 0;
  return (int) g_variant_n_children (array);
}

static GVariant *
item (GVariant *array,
      int       i)
{
  return kol_variant_unbox (g_variant_get_child_value (array, (gsize) i));
}

static int
to_int (GVariant *v,
        int       fallback)
{
  return kol_variant_to_int (v, fallback);
}

static const char *
to_str (GVariant *v)
{
  return v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_STRING) ? g_variant_get_string (v, NULL) : NULL;
}

static int
rule_int (const KolTitle *title,
          int             fallback,
          const char     *first,
          const char     *second)
{
  g_autoptr(GVariant) v = rule (title, first, second, NULL);

  return to_int (v, fallback);
}

/* A list of ids (strings) as an array of C strings; NULL-terminated. */
static char **
string_list (GVariant *array)
{
  int n = n_items (array);
  char **out = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    {
      g_autoptr(GVariant) s = item (array, i);

      out[i] = g_strdup (to_str (s) ? to_str (s) : "");
    }
  return out;
}

static int
train_def_by_id (const KolTitle *t,
                 const char     *id)
{
  return kol_title_train_by_id (t, id);
}

/* The (def, variant) of a train name ("O2"). */
static gboolean
train_variant_by_name (const KolTitle *t,
                       const char     *name,
                       int            *def,
                       int            *variant)
{
  for (guint d = 0; d < t->n_trains; d++)
    for (int v = 0; v < MAX (1, t->trains[d].n_variants); v++)
      {
        const char *vn = t->trains[d].n_variants > 0 ? t->trains[d].variants[v].name : t->trains[d].name;

        if (g_strcmp0 (vn, name) == 0)
          {
            *def = (int) d;
            *variant = v;
            return TRUE;
          }
      }
  return FALSE;
}

static K1840Bonus
bonus_from_role (const char *role)
{
  if (role == NULL)
    return K1840_BONUS_NONE;
  if (g_str_equal (role, "bonus:yellow_tile"))
    return K1840_BONUS_YELLOW;
  if (g_str_equal (role, "bonus:green_upgrade"))
    return K1840_BONUS_GREEN;
  if (g_str_equal (role, "bonus:red_tile"))
    return K1840_BONUS_RED;
  if (g_str_equal (role, "bonus:purple_tile"))
    return K1840_BONUS_PURPLE;
  if (g_str_equal (role, "bonus:station"))
    return K1840_BONUS_STATION;
  return K1840_BONUS_NONE;
}

static void
read_trains (KolEngine  *engine,
             K1840State *st)
{
  const KolTitle *t = engine->title;
  g_autoptr(GVariant) order = rule (t, "trams", "order_by_company_round", NULL);
  g_autoptr(GVariant) clearing = rule (t, "trams", "cleared_at_company_round_start", NULL);
  g_autoptr(GVariant) maint = rule (t, "trams", "maintenance", NULL);

  for (int cr = 0; cr < K1840_MAX_CR; cr++)
    {
      g_autoptr(GVariant) names = cr < n_items (order) ? item (order, cr) : NULL;
      g_autoptr(GVariant) clear = cr < n_items (clearing) ? item (clearing, cr) : NULL;

      st->train_order[cr] = 0;
      for (int i = 0; i < n_items (names); i++)
        {
          g_autoptr(GVariant) name = item (names, i);
          int def, variant;

          if (train_variant_by_name (t, to_str (name), &def, &variant))
            st->train_order[cr] |= G_GUINT64_CONSTANT (1) << (def * 4 + variant);
        }
      st->depot_clearing[cr] = (gint16) (to_str (clear) ? train_def_by_id (t, to_str (clear)) : -1);
    }

  /* the maintenance rows in the order of the depot (R1, Pi1, Pu1) */
  st->n_maint = 0;
  for (guint d = 0; d < t->n_trains && st->n_maint < K1840_MAX_MAINT; d++)
    {
      g_autoptr(GVariant) row = kol_variant_lookup (maint, t->trains[d].id);
      GVariantIter iter;
      const char *key;
      GVariant *value;

      if (row == NULL)
        continue;
      st->maint_def[st->n_maint] = (gint16) d;
      for (int k = 0; k < KOL_MAX_TRAIN_DEFS; k++)
        st->maint[st->n_maint][k] = 0;
      g_variant_iter_init (&iter, row);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          g_autoptr(GVariant) v = kol_variant_unbox (value);
          int def = train_def_by_id (t, key);

          if (def >= 0)
            st->maint[st->n_maint][def] = to_int (v, 0);
        }
      st->n_maint++;
    }
}

static void
read_price_moves (KolEngine  *engine,
                  K1840State *st)
{
  g_autoptr(GVariant) moves = rule (engine->title, "tram_companies", "price_moves", NULL);

  st->n_moves = 0;
  for (int i = 0; i < n_items (moves) && st->n_moves < K1840_MAX_MOVES; i++)
    {
      g_autoptr(GVariant) m = item (moves, i);
      g_autoptr(GVariant) min = kol_variant_lookup (m, "min");
      g_autoptr(GVariant) max = kol_variant_lookup (m, "max");
      g_autoptr(GVariant) move = kol_variant_lookup (m, "move");
      g_autoptr(GVariant) steps = kol_variant_lookup (m, "steps");
      K1840PriceMove *pm = &st->moves[st->n_moves++];
      const char *dir = to_str (move);

      pm->min = to_int (min, 0);
      pm->max = max ? to_int (max, -1) : -1;
      pm->steps = to_int (steps, 0);
      pm->direction = g_strcmp0 (dir, "left") == 0    ? KOL_PRICE_LEFT
                      : g_strcmp0 (dir, "right") == 0 ? KOL_PRICE_RIGHT
                                                       : KOL_PRICE_NONE;
    }
}

static int
hex_list (const KolTitle *t,
          GVariant       *array,
          gint16         *out,
          int             max)
{
  int n = 0;

  for (int i = 0; i < n_items (array) && n < max; i++)
    {
      g_autoptr(GVariant) s = item (array, i);
      int hex = to_str (s) ? kol_title_hex_by_id (t, to_str (s)) : -1;

      if (hex >= 0)
        out[n++] = (gint16) hex;
    }
  return n;
}

static void
read_map (KolEngine  *engine,
          K1840State *st)
{
  const KolTitle *t = engine->title;
  g_autoptr(GVariant) no_remove = rule (t, "stations", "no_token_remove_hexes", NULL);
  g_autoptr(GVariant) red = rule (t, "tiles", "red_tile_hexes", NULL);
  g_autoptr(GVariant) specials = rule (t, "tiles", "purple_special_tiles", NULL);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  int k = 0;

  st->n_no_remove = hex_list (t, no_remove, st->no_remove_hexes, G_N_ELEMENTS (st->no_remove_hexes));
  st->n_red = hex_list (t, red, st->red_hexes, G_N_ELEMENTS (st->red_hexes));
  for (int i = 0; i < 2; i++)
    {
      st->purple_special_hex[i] = -1;
      st->purple_special_tile[i][0] = st->purple_special_tile[i][1] = -1;
    }
  if (specials != NULL && g_variant_is_of_type (specials, G_VARIANT_TYPE_VARDICT))
    {
      g_variant_iter_init (&iter, specials);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value) && k < 2)
        {
          g_autoptr(GVariant) tiles = kol_variant_unbox (value);

          st->purple_special_hex[k] = (gint16) kol_title_hex_by_id (t, key);
          for (int i = 0; i < 2 && i < n_items (tiles); i++)
            {
              g_autoptr(GVariant) s = item (tiles, i);

              st->purple_special_tile[k][i] = (gint16) (to_str (s) ? kol_title_tile_by_id (t, to_str (s)) : -1);
            }
          k++;
        }
    }

  for (guint h = 0; h < t->n_hexes; h++)
    {
      const KolHexDef *hex = &t->hexes[h];
      const KolTileDef *tile = hex->tile >= 0 ? &t->tiles[hex->tile] : NULL;
      g_autoptr(GVariant) sb = kol_variant_lookup (hex->extra, "stadtbahn");
      g_autoptr(GVariant) exits = kol_variant_lookup (sb, "exits");

      st->hex_bonus[h] = K1840_BONUS_NONE;
      st->hex_exits[h] = 0;
      st->hex_orange[h] = tile && tile->frame != NULL;
      st->hex_park[h] = FALSE;
      for (guint i = 0; tile && tile->icons && i < tile->icons->len; i++)
        {
          const KolIconDef *icon = g_ptr_array_index (tile->icons, i);
          K1840Bonus b = bonus_from_role (icon->role);

          if (b != K1840_BONUS_NONE && st->hex_bonus[h] == K1840_BONUS_NONE)
            st->hex_bonus[h] = (guint8) b;
        }
      for (int i = 0; i < n_items (exits); i++)
        {
          g_autoptr(GVariant) e = item (exits, i);

          st->hex_exits[h] |= (guint8) (1u << (to_int (e, 0) % 6));
        }
      for (guint i = 0; hex->tags && i < hex->tags->len; i++)
        if (g_str_equal (g_ptr_array_index (hex->tags, i), "park"))
          st->hex_park[h] = TRUE;
    }
}

static void
read_companies (KolEngine  *engine,
                K1840State *st)
{
  const KolTitle *t = engine->title;

  for (guint c = 0; c < t->n_companies && c < KOL_MAX_COMPANIES; c++)
    {
      st->company_bonus_hex[c] = -1;
      st->company_bonus[c] = 0;
      for (int i = 0; i < n_items (t->companies[c].abilities); i++)
        {
          g_autoptr(GVariant) ab = item (t->companies[c].abilities, i);
          g_autoptr(GVariant) type = kol_variant_lookup (ab, "type");
          g_autoptr(GVariant) hexes = kol_variant_lookup (ab, "hexes");
          g_autoptr(GVariant) amount = kol_variant_lookup (ab, "amount");
          gint16 hex = -1;

          if (g_strcmp0 (to_str (type), "hex_bonus") != 0 || hex_list (t, hexes, &hex, 1) != 1)
            continue;
          st->company_bonus_hex[c] = hex;
          st->company_bonus[c] = to_int (amount, 0);
        }
    }
}

/* rules.stadtbahn.starting_nodes.<city>.{<players>|default}. */
static void
read_starting_nodes (KolEngine  *engine,
                     K1840State *st,
                     int         city,
                     int         slot)
{
  const KolTitle *t = engine->title;
  g_autoptr(GVariant) nodes = rule (t, "stadtbahn", "starting_nodes", t->corps[city].id, NULL);
  g_autofree char *players = g_strdup_printf ("%d", engine->n_players);
  g_autoptr(GVariant) list = kol_variant_lookup (nodes, players);

  if (list == NULL)
    list = kol_variant_lookup (nodes, "default");
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(GVariant) n = i < n_items (list) ? item (list, i) : NULL;
      g_autoptr(GVariant) hex = kol_variant_lookup (n, "hex");
      g_autoptr(GVariant) c = kol_variant_lookup (n, "city");

      st->start_hex[slot][i] = (gint16) (to_str (hex) ? kol_title_hex_by_id (t, to_str (hex)) : -1);
      st->start_city[slot][i] = (gint8) to_int (c, 0);
    }
}

static void
read_config (KolEngine  *engine,
             K1840State *st)
{
  const KolTitle *t = engine->title;
  g_autoptr(GVariant) multipliers = rule (t, "stadtbahn", "multipliers", NULL);
  g_autoptr(GVariant) pars = rule (t, "tram_companies", "par", NULL);
  g_autoptr(GVariant) track = rule (t, "round_track", NULL);
  g_autoptr(GVariant) held = rule (t, "lines", "offered_at_start", "held_back", NULL);

  st->compat = kol_title_has_option (t, "compat_18xx_games");
  st->remove_reachable_only = kol_title_has_option (t, "token_remove_reachable_only");
  st->two_player = engine->n_players == 2;
  for (guint c = 0; c < t->n_corps; c++)
    {
      const char *type = t->corps[c].type;

      st->corp_type[c] = g_strcmp0 (type, "line") == 0    ? K1840_LINE
                         : g_strcmp0 (type, "city") == 0  ? K1840_CITY
                                                           : K1840_MAJOR;
      st->city_slot[c] = -1;
      st->line_major[c] = -1;
    }
  st->n_crs = 0;
  st->n_lrs = 0;
  for (int i = 0; i < n_items (track); i++)
    {
      g_autoptr(GVariant) r = item (track, i);
      g_autoptr(GVariant) type = kol_variant_lookup (r, "type");

      if (g_strcmp0 (to_str (type), "company") == 0)
        st->n_crs++;
      else if (g_strcmp0 (to_str (type), "line") == 0)
        st->n_lrs++;
    }
  if (st->n_crs == 0 || st->n_crs > K1840_MAX_CR)
    st->n_crs = K1840_MAX_CR;
  for (int i = 0; i < K1840_MAX_CR; i++)
    {
      g_autoptr(GVariant) m = i < n_items (multipliers) ? item (multipliers, i) : NULL;

      st->multipliers[i] = to_int (m, 1);
    }
  st->n_tram_pars = 0;
  for (int i = 0; i < n_items (pars) && i < 4; i++)
    {
      g_autoptr(GVariant) p = item (pars, i);

      st->tram_pars[st->n_tram_pars++] = to_int (p, 0);
    }
  st->preemptive_right = kol_title_rule_int (t, "preemptive_right", 350);
  st->loan_amount = rule_int (t, 100, "loan", "amount");
  st->loan_penalty = rule_int (t, 200, "loan", "end_penalty");
  st->token_remove_cost = rule_int (t, 40, "stations", "stadtbahn_token_remove_cost");
  st->dividend_step = rule_int (t, 10, "tram_companies", "dividend_step");
  st->max_lines = rule_int (t, 3, "tram_companies", "max_lines");
  st->director_multiplier = rule_int (t, 5, "tram_companies", "director_cost_multiplier");
  st->capital_multiplier = rule_int (t, 10, "tram_companies", "capital_multiplier");
  {
    g_autoptr(GVariant) a = rule (t, "lines", "auction", NULL);
    g_autoptr(GVariant) min = kol_variant_lookup (a, "min_bid");
    g_autoptr(GVariant) step = kol_variant_lookup (a, "step");
    g_autoptr(GVariant) plus = rule (t, "lines", "offered_at_start", "players_plus", NULL);

    st->line_min_bid = to_int (min, 20);
    st->line_bid_step = to_int (step, 5);
    st->lines_plus = to_int (plus, 1);
  }
  st->held_back_line = -1;
  if (n_items (held) > 0)
    {
      g_autoptr(GVariant) s = item (held, 0);

      st->held_back_line = (gint16) kol_title_corp_by_id (t, to_str (s));
    }
  read_trains (engine, st);
  read_price_moves (engine, st);
  read_map (engine, st);
  read_companies (engine, st);
}

/* ------------------------------------------------------------ removals */

static void
remove_corp (KolEngine *engine,
             int        corp)
{
  engine->corps[corp].removed = TRUE;
  k1840_unlist (engine->corp_order, &engine->n_corp_order, corp);
  for (guint h = 0; h < engine->title->n_hexes; h++)
    kol_board_unreserve (engine, (int) h, corp);
}

/* rules.removals["<players>"] (XII, XIII); with the compatibility option
 * the three-player removals only come with the small map, as on
 * 18xx.games. */
static void
apply_removals (KolEngine  *engine,
                K1840State *st)
{
  const KolTitle *t = engine->title;
  g_autofree char *players = g_strdup_printf ("%d", engine->n_players);
  g_autoptr(GVariant) removals = rule (t, "removals", players, NULL);
  g_autoptr(GVariant) only_with = rule (t, "compat_18xx_games", "removals_3_players_only_with", NULL);
  static const char *const kinds[] = { "lines", "corporations", "privates" };

  if (removals == NULL)
    return;
  if (st->compat && engine->n_players == 3 && to_str (only_with) &&
      !kol_title_has_option (t, to_str (only_with)))
    return;
  for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GVariant) list = kol_variant_lookup (removals, kinds[k]);
      g_auto(GStrv) ids = string_list (list);

      for (int i = 0; ids[i]; i++)
        {
          if (k < 2)
            {
              int corp = kol_title_corp_by_id (t, ids[i]);

              if (corp >= 0)
                remove_corp (engine, corp);
            }
          else
            {
              int company = kol_title_company_by_id (t, ids[i]);

              if (company >= 0)
                {
                  engine->companies[company].closed = TRUE;
                  engine->companies[company].owner = KOL_ENTITY_INIT_NONE;
                }
            }
        }
    }
}

/* ------------------------------------------------------------ the draws */

typedef struct
{
  guint32 key;
  gint16  corp;
} Draw;

static int
cmp_draw (const void *a,
          const void *b)
{
  const Draw *x = a, *y = b;

  return x->key < y->key ? -1 : x->key > y->key;
}

/* sort_by { rand }: one draw per element in list order, ascending. */
static void
sort_by_rand (KolEngine *engine,
              gint16    *list,
              int        n)
{
  Draw draws[KOL_MAX_CORPS];

  for (int i = 0; i < n; i++)
    {
      draws[i].key = kol_engine_rand (engine);
      draws[i].corp = list[i];
    }
  qsort (draws, (gsize) n, sizeof *draws, cmp_draw);
  for (int i = 0; i < n; i++)
    list[i] = draws[i].corp;
}

/* ----------------------------------------------------- Stadtbahn companies */

static int
par_cell_for (KolEngine *engine,
              int        price,
              KolCell   *out)
{
  KolCell cells[KOL_MAX_MARKET_ROWS * KOL_MAX_MARKET_COLS];
  int n = kol_market_par_cells (engine, 0, cells, G_N_ELEMENTS (cells));

  for (int i = 0; i < n; i++)
    if (kol_market_cell_price (engine, cells[i]) == price)
      {
        *out = cells[i];
        return TRUE;
      }
  return FALSE;
}

static int
first_city_train (KolEngine *engine)
{
  gint16 list[KOL_MAX_TRAINS];
  int n = kol_engine_depot_upcoming (engine, list, KOL_MAX_TRAINS);

  for (int i = 0; i < n; i++)
    {
      const KolTrainDef *def = &engine->title->trains[engine->trains[list[i]].def];
      g_autoptr(GVariant) sb = kol_variant_lookup (def->extra, "stadtbahn");

      if (sb != NULL && g_variant_is_of_type (sb, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (sb))
        return list[i];
    }
  return -1;
}

static void
setup_city (KolEngine  *engine,
            K1840State *st,
            int         corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  KolCorp *c = &engine->corps[corp];
  KolCell cell;
  int train;

  if (par_cell_for (engine, def->par, &cell))
    kol_market_set_par (engine, corp, cell);
  c->ipoed = TRUE;
  for (guint i = 0; def->initial_tokens && i < def->initial_tokens->len; i++)
    {
      const KolInitialToken *it = &g_array_index (def->initial_tokens, KolInitialToken, i);
      int token = kol_board_next_token (engine, corp);

      if (token < 0 || it->hex < 0)
        continue;
      if (kol_board_place_token (engine, corp, token, it->hex, it->city, -1))
        c->tokens[token].used = TRUE;
    }
  c->owner = kol_entity (KOL_ENTITY_POOL, 0);
  train = first_city_train (engine);
  if (train >= 0)
    kol_engine_move_train (engine, train, kol_entity (KOL_ENTITY_CORP, corp));
  c->floated = kol_corp_floated (engine, corp);

  st->city_slot[corp] = (gint8) st->n_cities;
  read_starting_nodes (engine, st, corp, st->n_cities);
  st->cities[st->n_cities++] = (gint16) corp;
}

typedef struct
{
  int    order;
  gint16 hex;
} ChainHex;

static int
cmp_chain (const void *a,
           const void *b)
{
  return ((const ChainHex *) a)->order - ((const ChainHex *) b)->order;
}

/* @city_tracks: the hexes on the map whose dotted line belongs to the
 * company, by their place in its chain. */
static void
setup_chains (KolEngine  *engine,
              K1840State *st)
{
  const KolTitle *t = engine->title;

  for (int i = 0; i < st->n_cities; i++)
    {
      ChainHex list[KOL_MAX_HEXES];
      int n = 0;

      for (guint h = 0; h < t->n_hexes; h++)
        {
          g_autoptr(GVariant) sb = kol_variant_lookup (t->hexes[h].extra, "stadtbahn");
          g_autoptr(GVariant) company = kol_variant_lookup (sb, "company");
          g_autoptr(GVariant) order = kol_variant_lookup (sb, "order");

          if (g_strcmp0 (to_str (company), t->corps[st->cities[i]].id) != 0)
            continue;
          list[n].order = to_int (order, 0);
          list[n].hex = (gint16) h;
          n++;
        }
      qsort (list, (gsize) n, sizeof *list, cmp_chain);
      st->n_chain[i] = MIN (n, K1840_MAX_CHAIN);
      for (int k = 0; k < st->n_chain[i]; k++)
        st->chain[i][k] = list[k].hex;
    }
}

/* Lines whose home is a hex with several cities reserve the whole hex, not
 * a city: the home city is chosen when the first token goes there (IX.6). */
static void
setup_tile_reservations (KolEngine  *engine,
                         K1840State *st)
{
  const KolTitle *t = engine->title;

  st->n_tile_res = 0;
  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];
      g_autoptr(GVariant) choice = kol_variant_lookup (def->extra, "home_city_choice");
      const KolTileDef *tile;

      if (def->home < 0 || engine->corps[c].removed)
        continue;
      tile = kol_board_tile (engine, def->home, NULL);
      if (!(choice && g_variant_is_of_type (choice, G_VARIANT_TYPE_BOOLEAN) &&
            g_variant_get_boolean (choice)) && kol_tile_n_cities (tile) < 2)
        continue;
      kol_board_unreserve (engine, def->home, (int) c);
      if (st->n_tile_res < (int) G_N_ELEMENTS (st->tile_res_hex))
        {
          st->tile_res_hex[st->n_tile_res] = def->home;
          st->tile_res_corp[st->n_tile_res] = (gint16) c;
          st->n_tile_res++;
        }
    }
  /* a city slot freed above goes to a line still waiting for one */
  for (guint c = 0; c < t->n_corps; c++)
    {
      const KolCorpDef *def = &t->corps[c];

      if (def->home < 0 || engine->corps[c].removed || k1840_is_tile_reserved (engine, def->home, (int) c) ||
          kol_board_city_reserved_by (engine, def->home, MAX (def->home_city, 0), (int) c))
        continue;
      kol_board_reserve (engine, def->home, MAX (def->home_city, 0), (int) c);
    }
}

gboolean
k1840_setup (KolEngine  *engine,
             GError    **error)
{
  K1840State *st = k1840_state (engine);
  const KolTitle *t = engine->title;
  gint16 lines[K1840_MAX_LINES], majors[K1840_MAX_MAJORS];
  int n_lines = 0, n_majors = 0, keep;

  memset (st, 0, sizeof *st);
  read_config (engine, st);
  st->first_stock_round = TRUE;
  st->maint_level = -1;

  apply_removals (engine, st);

  /* every line in list order (line 2 too) and the majors */
  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (st->corp_type[c] == K1840_LINE && st->n_all_lines < K1840_MAX_LINES)
        st->all_lines[st->n_all_lines++] = (gint16) c;
      else if (st->corp_type[c] == K1840_MAJOR && n_majors < K1840_MAX_MAJORS)
        majors[n_majors++] = (gint16) c;
    }

  /* III.5: line 2 set aside, players + 1 lines drawn at random */
  for (int i = 0; i < st->n_all_lines; i++)
    if (st->all_lines[i] != st->held_back_line)
      lines[n_lines++] = st->all_lines[i];
  sort_by_rand (engine, lines, n_lines);
  keep = MIN (n_lines, engine->n_players + st->lines_plus);
  st->n_tram_lines = keep;
  memcpy (st->tram_lines, lines, sizeof lines[0] * (gsize) keep);
  for (int i = 0; i < st->n_all_lines; i++)
    if (!k1840_listed (st->tram_lines, st->n_tram_lines, st->all_lines[i]))
      st->unavailable[st->n_unavailable++] = st->all_lines[i];

  /* the tram companies: 18xx.games draws as many as there are players;
   * the rulebook lets every player choose among all six (VII.5) */
  if (st->compat)
    {
      sort_by_rand (engine, majors, n_majors);
      keep = MIN (n_majors, engine->n_players);
      for (int i = keep; i < n_majors; i++)
        remove_corp (engine, majors[i]);
      n_majors = keep;
      st->majors_settled = TRUE;
    }
  st->n_majors = n_majors;
  memcpy (st->majors, majors, sizeof majors[0] * (gsize) n_majors);

  setup_tile_reservations (engine, st);

  for (int i = 0; i < engine->n_corp_order; i++)
    {
      int c = engine->corp_order[i];

      if (st->corp_type[c] == K1840_CITY && st->n_cities < K1840_MAX_CITIES)
        setup_city (engine, st, c);
    }
  setup_chains (engine, st);

  /* @corporations: majors, Stadtbahn companies, the lines on offer */
  engine->n_corp_order = 0;
  for (int i = 0; i < st->n_majors; i++)
    engine->corp_order[engine->n_corp_order++] = st->majors[i];
  for (int i = 0; i < st->n_cities; i++)
    engine->corp_order[engine->n_corp_order++] = st->cities[i];
  for (int i = 0; i < st->n_tram_lines; i++)
    engine->corp_order[engine->n_corp_order++] = st->tram_lines[i];
  for (int i = 0; i < engine->n_corp_order; i++)
    engine->corps[engine->corp_order[i]].order_seq = (guint32) i;

  if (t->n_phases == 0)
    return kol_engine_refuse (engine, error, KOL_ENGINE_ERROR_DATA, NULL, 0, "1840 needs phases");
  k1840_start_auction_round (engine);
  return TRUE;
}

/* -------------------------------------------------------- line cards */

static void
append_corp_order (KolEngine *engine,
                   int        corp)
{
  for (int i = 0; i < engine->n_corp_order; i++)
    if (engine->corp_order[i] == corp)
      return;
  if (engine->n_corp_order < KOL_MAX_CORPS)
    {
      engine->corps[corp].order_seq = (guint32) engine->n_corp_order;
      engine->corp_order[engine->n_corp_order++] = (gint16) corp;
    }
}

/**
 * k1840_restock_lines:
 *
 * VIII.7 (CRf): players + 1 new line cards come up for auction, drawn from
 * the lines not yet offered (one random draw per line not yet offered, in
 * order, as 18xx.games draws them, so that recorded games get the same
 * lines).
 */
void
k1840_restock_lines (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);
  gint16 drawn[K1840_MAX_LINES];
  int n = st->n_unavailable, keep, m = 0;
  KolArg args[1];
  GString *ids = g_string_new (NULL);

  memcpy (drawn, st->unavailable, sizeof drawn[0] * (gsize) n);
  sort_by_rand (engine, drawn, n);
  keep = MIN (n, engine->n_players + st->lines_plus);
  for (int i = 0; i < keep; i++)
    {
      if (st->n_tram_lines < K1840_MAX_LINES)
        st->tram_lines[st->n_tram_lines++] = drawn[i];
      append_corp_order (engine, drawn[i]);
    }
  for (int i = 0; i < st->n_unavailable; i++)
    if (!k1840_listed (drawn, keep, st->unavailable[i]))
      st->unavailable[m++] = st->unavailable[i];
  st->n_unavailable = m;

  /* the log lists them by number */
  for (int i = 1; i < keep; i++)
    for (int j = i; j > 0 && k1840_line_number (engine, drawn[j - 1]) > k1840_line_number (engine, drawn[j]); j--)
      {
        gint16 tmp = drawn[j];

        drawn[j] = drawn[j - 1];
        drawn[j - 1] = tmp;
      }
  for (int i = 0; i < keep; i++)
    g_string_append_printf (ids, "%s%s", i ? ", " : "", engine->title->corps[drawn[i]].id);
  args[0] = kol_arg_string (ids->str);
  kol_engine_log (engine, K1840_LOG_NEW_LINES, args, 1);
  g_string_free (ids, TRUE);
}

/**
 * k1840_remove_open_lines:
 *
 * VIII.6 with every tram company at three lines: the lines nobody owns
 * leave the game (remove_open_tram_corporations).
 */
void
k1840_remove_open_lines (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);

  kol_engine_log (engine, K1840_LOG_ALL_LINES_OWNED, NULL, 0);
  for (int i = 0; i < st->n_all_lines; i++)
    {
      int line = st->all_lines[i];

      if (st->line_major[line] < 0 && !engine->corps[line].closed && !engine->corps[line].removed)
        kol_operating_close_corporation (engine, line);
    }
}

/**
 * k1840_buy_line:
 *
 * A tram company buys a line: the line's card goes to the tram company (its
 * certificate to the share pool, as 18xx.games keeps it); the line's owner is
 * the company's director.
 */
void
k1840_buy_line (KolEngine *engine,
                int        major,
                int        line)
{
  K1840State *st = k1840_state (engine);
  gint16 certs[KOL_MAX_CERTS];
  int n = kol_engine_certs_of (engine, kol_entity (KOL_ENTITY_CORP, line), line, certs, KOL_MAX_CERTS);

  engine->corps[line].ipoed = TRUE;
  for (int i = 0; i < n; i++)
    kol_shares_move_cert (engine, certs[i], kol_entity (KOL_ENTITY_POOL, 0));
  engine->corps[line].owner = engine->corps[major].owner;
  engine->corps[line].floated = kol_corp_floated (engine, line);
  st->line_major[line] = (gint16) major;
  if (st->n_major_lines[major] < K1840_MAX_LINES_PER_MAJOR)
    st->major_lines[major][st->n_major_lines[major]++] = (gint16) line;
  k1840_unlist (st->tram_lines, &st->n_tram_lines, line);
}

/**
 * k1840_all_majors_ipoed:
 *
 * Returns: whether every tram company has been started (with compat, as
 * 18xx.games asks); by the rulebook, whether every player has bought a
 * director's certificate (VII.5).
 */
gboolean
k1840_all_majors_ipoed (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);

  if (st->compat)
    {
      for (int i = 0; i < st->n_majors; i++)
        if (!engine->corps[st->majors[i]].ipoed)
          return FALSE;
      return TRUE;
    }
  for (int p = 0; p < engine->n_players; p++)
    {
      gboolean director = FALSE;

      for (int i = 0; i < st->n_majors && !director; i++)
        director = kol_entity_equal (engine->corps[st->majors[i]].owner, kol_entity (KOL_ENTITY_PLAYER, p));
      if (!director)
        return FALSE;
    }
  return TRUE;
}

/**
 * k1840_settle_majors:
 *
 * VII.5: once every player directs a tram company, the others leave the
 * game (certificates, markers and charters back in the box).
 */
void
k1840_settle_majors (KolEngine *engine)
{
  K1840State *st = k1840_state (engine);
  int m = 0;

  if (st->majors_settled || !k1840_all_majors_ipoed (engine))
    return;
  st->majors_settled = TRUE;
  for (int i = 0; i < st->n_majors; i++)
    {
      int c = st->majors[i];

      if (engine->corps[c].ipoed)
        st->majors[m++] = (gint16) c;
      else
        {
          KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, c) };

          kol_engine_log (engine, K1840_LOG_MAJOR_LEAVES, args, 1);
          remove_corp (engine, c);
        }
    }
  st->n_majors = m;
}

/* ------------------------------------------------------------ home tokens */

/**
 * k1840_place_home_token:
 *
 * A line's home token (IX.6): its first marker goes to its
 * home, free. A home on a hex with several cities is reserved as a whole;
 * once track is there the line chooses its city (HomeToken step).
 */
void
k1840_place_home_token (KolEngine *engine,
                        int        corp)
{
  const KolCorpDef *def = &engine->title->corps[corp];
  KolCorp *c = &engine->corps[corp];
  int hex = def->home, token, city = -1, n_cities;
  const KolTileDef *tile;
  KolReason reason;

  token = kol_board_next_token (engine, corp);
  if (token < 0 || (c->n_tokens > 0 && c->tokens[0].used) || hex < 0)
    return;
  tile = kol_board_tile (engine, hex, NULL);
  if (k1840_is_tile_reserved (engine, hex, corp) && tile->n_paths > 0)
    {
      KolPendingTokens *pending = kol_round_pending_tokens (engine);
      gint16 one = (gint16) hex;
      KolArg args[1] = { kol_arg_int (KOL_ARG_CORP, corp) };

      if (pending == NULL)
        return;
      for (int i = 0; i < pending->n; i++)
        if (kol_entity_equal (pending->tokens[i].entity, kol_entity (KOL_ENTITY_CORP, corp)))
          return;
      kol_engine_log (engine, KOL_LOG_HOME_TOKEN_CHOOSE, args, 1);
      kol_pending_tokens_push (pending, kol_entity (KOL_ENTITY_CORP, corp), corp, token, &one, 1);
      return;
    }
  n_cities = kol_tile_n_cities (tile);
  for (int i = 0; i < n_cities && city < 0; i++)
    if (kol_board_city_reserved_by (engine, hex, i, corp))
      city = i;
  if (city < 0)
    city = 0;
  if (n_cities == 0 || !kol_board_can_place_token (engine, corp, hex, city, FALSE, &reason) ||
      (!kol_board_city_reserved_by (engine, hex, city, corp) && k1840_tile_token_blocked (engine, hex, corp)))
    return;
  {
    KolArg args[2] = { kol_arg_int (KOL_ARG_CORP, corp), kol_arg_int (KOL_ARG_HEX, hex) };

    kol_engine_log (engine, KOL_LOG_TOKEN_PLACED, args, 2);
  }
  kol_board_place_token (engine, corp, token, hex, city, -1);
  c->tokens[token].used = TRUE;
  k1840_remove_tile_reservation (engine, hex, corp);
}
