/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "kol-title-loader.h"

/*
 * The title data against the rulebooks: tile counts per
 * colour and per tile, money and certificate limits, trains, and the
 * consistency of every upgrade relation that can be checked without playing;
 * and the map of every configuration against the reference engine's first
 * state in ../shared/fixtures/oracle. Numbers come from the rulebooks as
 * reconstructed in ../shared/reference/glossary.md (sections cited per
 * table) and from the choices notes summarised in data/games/README.md.
 */

static char *
title_dir (const char *id)
{
  const char *root = g_getenv ("KOLEYA_DATA_DIR");

  return root != NULL ? g_build_filename (root, id, NULL) : NULL;
}

/* Each title folder is read once for the whole run. */
static GHashTable *sources;

static KolTitleSource *
source_of (const char *id)
{
  KolTitleSource *source = g_hash_table_lookup (sources, id);

  if (source == NULL)
    {
      g_autofree char *dir = title_dir (id);

      g_assert_nonnull (dir);
      source = kol_title_source_new (dir);
      g_hash_table_insert (sources, g_strdup (id), source);
    }
  return source;
}

static KolTitle *
load_options (const char         *id,
              int                 n_players,
              const char * const *options)
{
  g_autoptr(GError) error = NULL;
  KolTitle *title = kol_title_source_load (source_of (id), n_players, options, &error);

  g_assert_no_error (error);
  return title;
}

static KolTitle *
load (const char *id,
      int         n_players,
      const char *option)
{
  const char *options[] = { option, NULL };

  return load_options (id, n_players, options);
}

/* "pool" of every tile in tiles.json: tiles of one pool share one physical
 * copy (1840's L30a/L30b are the one tile L30 of the rulebook). The engine's
 * KolTileDef has no pool, so this reads the file. */
static GHashTable *
read_pools (const char *id)
{
  g_autofree char *dir = title_dir (id);
  g_autofree char *path = g_build_filename (dir, "tiles.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GHashTable *pools = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  JsonArray *tiles;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  tiles = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "tiles");
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);

      if (json_object_has_member (tile, "pool"))
        g_hash_table_insert (pools, g_strdup (json_object_get_string_member (tile, "id")),
                             g_strdup (json_object_get_string_member (tile, "pool")));
    }
  return pools;
}

/* Physical copies per rulebook id: pooled tiles count once, under the pool. */
static GHashTable *
physical_counts (const KolTitle *title,
                 GHashTable     *pools)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < title->n_manifest_tiles; i++)
    {
      const KolTileDef *tile = &title->tiles[i];
      const char *pool = g_hash_table_lookup (pools, tile->id);
      const char *key = pool != NULL ? pool : tile->id;
      gpointer old;

      g_assert_cmpint (tile->count, >=, 0);
      if (pool != NULL && g_hash_table_lookup_extended (counts, key, NULL, &old))
        {
          /* members of a pool all state the pool's count */
          g_assert_cmpint (GPOINTER_TO_INT (old), ==, tile->count);
          continue;
        }
      g_hash_table_insert (counts, g_strdup (key), GINT_TO_POINTER (tile->count));
    }
  return counts;
}

typedef struct
{
  const char *id;
  int         count;
} TileCount;

static void
check_tile_table (GHashTable      *counts,
                  const TileCount *table,
                  gsize            n)
{
  for (gsize i = 0; i < n; i++)
    {
      gpointer value;

      g_test_message ("tile %s: %d in the rulebook", table[i].id, table[i].count);
      g_assert_true (g_hash_table_lookup_extended (counts, table[i].id, NULL, &value));
      g_assert_cmpint (GPOINTER_TO_INT (value), ==, table[i].count);
    }
}

static gboolean
orange_edged (const KolTileDef *tile)
{
  return tile->frame != NULL;
}

/* ---- 1840 ------------------------------------------------------------------ */

/* Rulebook 000, «Таблица тайлов» (glossary §3.1.15), every entry. */
static const TileCount tiles_1840[] = {
  { "3", 7 }, { "58", 12 }, { "4", 10 }, { "5", 5 }, { "6", 5 }, { "57", 5 }, { "235", 3 },
  { "8858", 1 }, { "8859", 1 }, { "8860", 1 }, { "8863", 1 }, { "8864", 1 }, { "8865", 1 },
  { "14", 5 }, { "15", 5 }, { "619", 5 }, { "142", 6 }, { "141", 6 }, { "143", 4 }, { "144", 4 },
  { "767", 3 }, { "768", 3 }, { "769", 3 }, { "611", 11 }, { "L17", 3 },
  { "455", 2 }, { "L18", 1 }, { "L19", 1 },
  { "L20", 1 }, { "L21", 1 }, { "L22", 1 }, { "L23", 1 },
  { "L24", 1 }, { "L25", 1 }, { "L26", 1 }, { "L27", 1 }, { "L28", 1 }, { "L29", 1 }, { "L30", 1 }, { "L31", 1 },
  { "L1", 10 }, { "L2", 11 }, { "L3", 2 }, { "L4", 5 },
  { "L5", 2 }, { "L6", 2 }, { "L7", 2 }, { "L8", 2 }, { "L9", 2 }, { "L10", 2 }, { "L11", 2 }, { "L12", 2 },
  { "L13", 1 }, { "L14", 1 },
  { "L15", 1 }, { "L16", 2 },
};

/* Components list (rulebook 000 I, glossary §3.1.13): 47 yellow, 41 green,
 * 23 brown, 4 grey, 8 purple, 4 red normal tiles and 28/18/3 orange-edged
 * yellow/green/brown; 176 in all. */
static void
test_1840_tile_counts (void)
{
  g_autoptr(KolTitle) title = load ("1840", 5, NULL);
  g_autoptr(GHashTable) pools = read_pools ("1840");
  g_autoptr(GHashTable) counts = physical_counts (title, pools);
  int normal[KOL_N_COLORS] = { 0 }, orange[KOL_N_COLORS] = { 0 }, total = 0;
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int index = kol_title_tile_by_id (title, key);
      const KolTileDef *tile;

      if (index < 0)  /* a pool: take the first member */
        {
          GHashTableIter p;
          gpointer member, pool;

          g_hash_table_iter_init (&p, pools);
          while (index < 0 && g_hash_table_iter_next (&p, &member, &pool))
            if (g_str_equal (pool, key))
              index = kol_title_tile_by_id (title, member);
        }
      g_assert_cmpint (index, >=, 0);
      tile = &title->tiles[index];
      (orange_edged (tile) ? orange : normal)[tile->color] += GPOINTER_TO_INT (value);
      total += GPOINTER_TO_INT (value);
    }
  g_assert_cmpint (normal[KOL_COLOR_YELLOW], ==, 47);
  g_assert_cmpint (normal[KOL_COLOR_GREEN], ==, 41);
  g_assert_cmpint (normal[KOL_COLOR_BROWN], ==, 23);
  g_assert_cmpint (normal[KOL_COLOR_GRAY], ==, 4);
  g_assert_cmpint (normal[KOL_COLOR_PURPLE], ==, 8);
  g_assert_cmpint (normal[KOL_COLOR_RED], ==, 4);
  g_assert_cmpint (orange[KOL_COLOR_YELLOW], ==, 28);
  g_assert_cmpint (orange[KOL_COLOR_GREEN], ==, 18);
  g_assert_cmpint (orange[KOL_COLOR_BROWN], ==, 3);
  g_assert_cmpint (total, ==, 176);
  g_assert_cmpuint (g_hash_table_size (counts), ==, G_N_ELEMENTS (tiles_1840));
  check_tile_table (counts, tiles_1840, G_N_ELEMENTS (tiles_1840));
}

typedef struct
{
  int n_players;
  int starting_cash;
  int cert_limit;
  int trams[5];   /* yellow, orange, red, pink, purple */
} PlayerRow1840;

/* III.3 starting capital, VII.3 Table 5 certificate limit, III.5 Table 1
 * tram cards (glossary §3.1.1, §3.1.6, §3.1.2). */
static const PlayerRow1840 players_1840[] = {
  { 2, 350, 18, { 2, 3, 3, 3, 3 } },
  { 3, 300, 16, { 4, 4, 4, 4, 4 } },
  { 4, 260, 14, { 6, 5, 5, 5, 5 } },
  { 5, 230, 13, { 8, 6, 6, 6, 6 } },
  { 6, 200, 12, { 10, 7, 7, 7, 7 } },
};

static void
test_1840_players (void)
{
  static const char *const trams[] = { "Y1", "O1", "R1", "Pi1", "Pu1" };

  for (guint i = 0; i < G_N_ELEMENTS (players_1840); i++)
    {
      const PlayerRow1840 *row = &players_1840[i];
      g_autoptr(KolTitle) title = load ("1840", row->n_players, NULL);

      g_test_message ("1840, %d players", row->n_players);
      g_assert_cmpint (title->starting_cash, ==, row->starting_cash);
      g_assert_cmpint (title->cert_limit, ==, row->cert_limit);
      for (guint t = 0; t < G_N_ELEMENTS (trams); t++)
        g_assert_cmpint (title->trains[kol_title_train_by_id (title, trams[t])].count, ==, row->trams[t]);
    }
}

typedef struct
{
  const char *id;
  int         value;
  int         revenue;
  const char *landmark;  /* 1840 */
} PrivateRow;

/* IV.2 Table 4 (glossary §3.1.5), and IV.1.3 Table 3 Stadtbahn start prices
 * (§3.1.4), IX.6 station marker costs of the lines (§3.1.9). */
static void
test_1840_companies (void)
{
  static const PrivateRow privates[] = {
    { "PR", 10, 5, "D28" }, { "KK", 20, 10, "E21" }, { "SB", 30, 15, "H22" }, { "HB", 40, 20, "E19" },
    { "SD", 50, 25, "D20" }, { "SSB", 60, 30, "K7" },
  };
  static const struct { const char *id; int par; } stadtbahn[] = {
    { "W", 95 }, { "V", 85 }, { "G", 75 }, { "D", 65 },
  };
  static const int station_costs[] = { 0, 20, 40, 60, 80, 100 };
  g_autoptr(KolTitle) title = load ("1840", 4, NULL);
  const char *landmark = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (privates); i++)
    {
      int c = kol_title_company_by_id (title, privates[i].id);

      g_test_message ("private %s", privates[i].id);
      g_assert_cmpint (c, >=, 0);
      g_assert_cmpint (title->companies[c].value, ==, privates[i].value);
      g_assert_cmpint (title->companies[c].revenue, ==, privates[i].revenue);
      g_assert_true (g_variant_lookup (title->companies[c].extra, "landmark", "&s", &landmark));
      g_assert_cmpstr (landmark, ==, privates[i].landmark);
    }
  for (guint i = 0; i < G_N_ELEMENTS (stadtbahn); i++)
    g_assert_cmpint (title->corps[kol_title_corp_by_id (title, stadtbahn[i].id)].par, ==, stadtbahn[i].par);
  for (guint c = 0; c < title->n_corps; c++)
    {
      const KolCorpDef *corp = &title->corps[c];

      if (g_strcmp0 (corp->type, "line") != 0)
        continue;
      g_assert_cmpint (corp->n_tokens, ==, G_N_ELEMENTS (station_costs));
      for (guint t = 0; t < G_N_ELEMENTS (station_costs); t++)
        g_assert_cmpint (corp->token_costs[t], ==, station_costs[t]);
    }
}

/* ---- 1849 ------------------------------------------------------------------ */

/* Rulebook 002, «Перечень тайлов» (glossary §3.2.12): every legible entry;
 * 655 and 656 are illegible and inferred from the printed totals (see the
 * 1849 choices in data/games/README.md). */
static const TileCount tiles_1849[] = {
  { "3", 4 }, { "4", 4 }, { "7", 4 }, { "8", 10 }, { "9", 6 }, { "58", 4 }, { "73", 4 }, { "74", 3 },
  { "77", 4 }, { "78", 10 }, { "79", 7 }, { "644", 2 }, { "645", 2 }, { "657", 2 }, { "658", 2 }, { "659", 2 },
  { "23", 3 }, { "24", 3 }, { "25", 2 }, { "26", 1 }, { "27", 1 }, { "28", 1 }, { "29", 1 }, { "30", 1 },
  { "31", 1 }, { "624", 1 }, { "661", 1 }, { "677", 3 }, { "678", 3 }, { "681", 1 }, { "694", 1 }, { "695", 1 },
  { "699", 2 }, { "701", 1 }, { "708", 1 }, { "710", 1 }, { "711", 1 }, { "712", 1 }, { "713", 1 }, { "714", 1 },
  { "39", 1 }, { "40", 1 }, { "41", 1 }, { "42", 1 }, { "673", 2 }, { "674", 2 }, { "696", 3 }, { "697", 2 },
  { "698", 2 },
  { "655", 1 }, { "656", 1 },
};

/* Components and the tile list's header (002): 72 yellow, 72 green, 24 brown. */
static void
test_1849_tile_counts (void)
{
  g_autoptr(KolTitle) title = load ("1849", 4, NULL);
  g_autoptr(GHashTable) pools = read_pools ("1849");
  g_autoptr(GHashTable) counts = physical_counts (title, pools);
  int by_color[KOL_N_COLORS] = { 0 };

  for (guint i = 0; i < title->n_manifest_tiles; i++)
    by_color[title->tiles[i].color] += title->tiles[i].count;
  g_assert_cmpint (by_color[KOL_COLOR_YELLOW], ==, 72);
  g_assert_cmpint (by_color[KOL_COLOR_GREEN], ==, 72);
  g_assert_cmpint (by_color[KOL_COLOR_BROWN], ==, 24);
  g_assert_cmpint (by_color[KOL_COLOR_YELLOW] + by_color[KOL_COLOR_GREEN] + by_color[KOL_COLOR_BROWN], ==, 168);
  check_tile_table (counts, tiles_1849, G_N_ELEMENTS (tiles_1849));
}

typedef struct
{
  int         n_players;
  const char *option;
  int         starting_cash;
  int         cert_limit;
  int         trains[8];   /* 4H 6H 8H 10H 12H 16H R6H E */
} PlayerRow1849;

/* 1.1 player-count table, 9.1 certificate limit, 10.6 train list with five
 * or six corporations (glossary §3.2.1, §3.2.2, §3.2.7); E trains only with
 * Electric Dreams (14.3). */
static const PlayerRow1849 players_1849[] = {
  { 3, NULL, 500, 12, { 4, 3, 2, 2, 1, 4, 2, 0 } },
  { 4, NULL, 375, 11, { 4, 4, 3, 2, 1, 5, 2, 0 } },
  { 4, "reduced_4p_corps", 375, 9, { 4, 3, 2, 2, 1, 4, 2, 0 } },
  { 5, NULL, 300, 9, { 4, 4, 3, 2, 1, 5, 2, 0 } },
};

static void
test_1849_players (void)
{
  static const char *const trains[] = { "4H", "6H", "8H", "10H", "12H", "16H", "R6H", "E" };

  for (guint i = 0; i < G_N_ELEMENTS (players_1849); i++)
    {
      const PlayerRow1849 *row = &players_1849[i];
      g_autoptr(KolTitle) title = load ("1849", row->n_players, row->option);

      g_test_message ("1849, %d players, %s", row->n_players, row->option ? row->option : "no option");
      g_assert_cmpint (title->bank, ==, 7760);
      g_assert_cmpint (title->starting_cash, ==, row->starting_cash);
      g_assert_cmpint (title->cert_limit, ==, row->cert_limit);
      for (guint t = 0; t < G_N_ELEMENTS (trains); t++)
        g_assert_cmpint (title->trains[kol_title_train_by_id (title, trains[t])].count, ==, row->trains[t]);
    }
}

/* 10.6 prices and rusting; 14.3: six E trains with Electric Dreams. */
static void
test_1849_trains (void)
{
  static const struct { const char *id; int price; const char *rusts_on; } rows[] = {
    { "4H", 100, "8H" }, { "6H", 200, "10H" }, { "8H", 350, "16H" }, { "10H", 550, NULL },
    { "12H", 800, NULL }, { "16H", 1100, NULL }, { "R6H", 350, NULL }, { "E", 550, NULL },
  };
  g_autoptr(KolTitle) title = load ("1849", 5, NULL);
  g_autoptr(KolTitle) electric = NULL;
  const char *options[] = { "bonds", "acquiring_station_tokens", "electric_dreams", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const KolTrainDef *train = &title->trains[kol_title_train_by_id (title, rows[i].id)];

      g_assert_cmpint (train->price, ==, rows[i].price);
      g_assert_cmpint (train->rusts_on, ==, rows[i].rusts_on ? kol_title_train_by_id (title, rows[i].rusts_on) : -1);
    }
  electric = load_options ("1849", 5, options);
  g_assert_cmpint (electric->trains[kol_title_train_by_id (electric, "E")].count, ==, 6);
}

/* 7.1 privates (glossary §3.2.5) and 7.2 token costs (§3.2.6). */
static void
test_1849_companies (void)
{
  static const PrivateRow privates[] = {
    { "SCE", 20, 5 }, { "SIGI", 45, 10 }, { "CNM", 75, 15 }, { "SMS", 110, 20 }, { "RSA", 150, 25 },
  };
  static const struct { const char *id; int fee; } fees[] = {
    { "AFG", 40 }, { "ATA", 30 }, { "CTL", 40 }, { "IFT", 90 }, { "RCS", 130 }, { "SFA", 40 },
  };
  g_autoptr(KolTitle) title = load ("1849", 4, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (privates); i++)
    {
      int c = kol_title_company_by_id (title, privates[i].id);

      g_assert_cmpint (c, >=, 0);
      g_assert_cmpint (title->companies[c].value, ==, privates[i].value);
      g_assert_cmpint (title->companies[c].revenue, ==, privates[i].revenue);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fees); i++)
    {
      const KolCorpDef *corp = &title->corps[kol_title_corp_by_id (title, fees[i].id)];

      g_assert_cmpint (corp->token_fee, ==, fees[i].fee);
      /* 7.2: 8 certificates, president's and last 20 %, six of 10 % */
      g_assert_cmpint (corp->n_shares, ==, 8);
      g_assert_cmpint (corp->shares[0], ==, 20);
      g_assert_cmpint (corp->shares[7], ==, 20);
    }
}

/* 10.3.1 and the components list: terrain markers 9 × L.40, 7 × L.80,
 * 16 × L.160 are the map's terrain hexes. */
static void
test_1849_terrain (void)
{
  g_autoptr(KolTitle) title = load ("1849", 3, NULL);
  int n40 = 0, n80 = 0, n160 = 0;

  for (guint h = 0; h < title->n_hexes; h++)
    {
      n40 += title->hexes[h].terrain_cost == 40;
      n80 += title->hexes[h].terrain_cost == 80;
      n160 += title->hexes[h].terrain_cost == 160;
    }
  g_assert_cmpint (n40, ==, 9);
  g_assert_cmpint (n80, ==, 7);
  g_assert_cmpint (n160, ==, 16);
}

/* ---- upgrades -------------------------------------------------------------- */

static guint8
networks (const KolTitle *title,
          guint8          track)
{
  return track == KOL_TRACK_FUTURE ? 0 : title->track_types[track].networks;
}

/* Does end @old of @from (rotated by @from_rot) correspond to end @new of
 * @to rotated by @to_rot: the same edge, or a node of the same kind? */
static gboolean
ends_match (const KolTileDef *from,
            guint8            old,
            int               from_rot,
            const KolTileDef *to,
            guint8            new,
            int               to_rot)
{
  if (KOL_PATH_IS_EDGE (old) != KOL_PATH_IS_EDGE (new))
    return FALSE;
  if (KOL_PATH_IS_EDGE (old))
    return kol_path_end_rotate (old, from_rot) == kol_path_end_rotate (new, to_rot);
  return from->nodes[KOL_PATH_NODE_INDEX (old)].kind == to->nodes[KOL_PATH_NODE_INDEX (new)].kind;
}

/* Is every path of @from kept by some path of @to with at least its
 * networks (gauges included)? */
static gboolean
paths_kept (const KolTitle   *title,
            const KolTileDef *from,
            int               from_rot,
            const KolTileDef *to,
            int               to_rot)
{
  for (int i = 0; i < from->n_paths; i++)
    {
      const KolPathDef *p = &from->paths[i];
      gboolean kept = FALSE;

      if (p->track == KOL_TRACK_FUTURE)
        continue;
      for (int j = 0; j < to->n_paths && !kept; j++)
        {
          const KolPathDef *q = &to->paths[j];
          gboolean same = (ends_match (from, p->a, from_rot, to, q->a, to_rot)
                           && ends_match (from, p->b, from_rot, to, q->b, to_rot))
                          || (ends_match (from, p->a, from_rot, to, q->b, to_rot)
                              && ends_match (from, p->b, from_rot, to, q->a, to_rot));

          kept = same && (networks (title, q->track) & networks (title, p->track)) == networks (title, p->track);
        }
      if (!kept)
        return FALSE;
    }
  return TRUE;
}

/* Rank in the upgrade order; a blank white hex comes before the first colour. */
static int
rank (const KolTitle *title,
      int             color)
{
  return color == KOL_COLOR_WHITE ? -1 : kol_title_color_rank (title, color);
}

/* The colour an upgrade of @from must have: the next in the title's order;
 * colours outside the order (1840's red and purple, laid only by bonus)
 * stay within their colour. */
static gboolean
next_color (const KolTitle   *title,
            const KolTileDef *from,
            const KolTileDef *to)
{
  if (from->color != KOL_COLOR_WHITE && rank (title, from->color) < 0)
    return to->color == from->color;
  return rank (title, to->color) == rank (title, from->color) + 1;
}

/* The generic upgrade rule (1849 §10.3, 1840 IX.5): next colour, same label, same towns, same cities unless
 * labelled, old track kept under some allowed rotation. */
static gboolean
inferred_upgrade (const KolTitle   *title,
                  const KolTileDef *from,
                  int               from_rot,
                  const KolTileDef *to)
{
  if (!next_color (title, from, to) || g_strcmp0 (from->label, to->label) != 0)
    return FALSE;
  if (kol_tile_n_towns (from) != kol_tile_n_towns (to))
    return FALSE;
  if (from->label[0] == '\0' && kol_tile_n_cities (from) != kol_tile_n_cities (to))
    return FALSE;
  for (int r = 0; r < 6; r++)
    if ((to->rotations & (1u << r)) && paths_kept (title, from, from_rot, to, r))
      return TRUE;
  return FALSE;
}

/* Track is never taken away: the old exits are among the new ones under
 * some allowed rotation. */
static gboolean
exits_kept (const KolTileDef *from,
            int               from_rot,
            const KolTileDef *to)
{
  guint8 old = kol_tile_exits (from, from_rot);

  for (int r = 0; r < 6; r++)
    if ((to->rotations & (1u << r)) && (kol_tile_exits (to, r) & old) == old)
      return TRUE;
  return FALSE;
}

static gboolean
lay_allowed_on (const KolTileDef *tile,
                int               hex)
{
  if (tile->lay_only_on == NULL)
    return TRUE;
  for (guint i = 0; i < tile->lay_only_on->len; i++)
    if (g_array_index (tile->lay_only_on, gint16, i) == hex)
      return TRUE;
  return FALSE;
}

/* Candidate upgrades of tile @from (on @hex, or -1 for a manifest tile). */
static GArray *
candidates (const KolTitle   *title,
            const KolTileDef *from,
            int               from_rot,
            int               hex)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint t = 0; t < title->n_manifest_tiles; t++)
    {
      const KolTileDef *to = &title->tiles[t];
      gboolean ok = FALSE;
      int index = (int) t;

      switch (from->upgrade_policy)
        {
        case KOL_UPGRADE_EXPLICIT:
          for (guint i = 0; from->upgrades_to != NULL && i < from->upgrades_to->len; i++)
            ok = ok || g_array_index (from->upgrades_to, gint16, i) == index;
          break;
        case KOL_UPGRADE_SAME_COLOR:
          ok = to->color == from->color;
          break;
        case KOL_UPGRADE_INFERRED:
          ok = inferred_upgrade (title, from, from_rot, to);
          break;
        default:
          break;
        }
      if (ok && (hex < 0 || lay_allowed_on (to, hex)))
        g_array_append_val (out, index);
    }
  return out;
}

/* Every declared upgrade goes to the next colour (or the same colour for
 * "same_color"), keeps the orange frame family (1840 IX.5: orange-edged
 * tiles upgrade only to orange-edged ones) and keeps the old exits. */
static void
check_declared (const KolTitle   *title,
                const KolTileDef *from,
                int               from_rot)
{
  for (guint i = 0; from->upgrades_to != NULL && i < from->upgrades_to->len; i++)
    {
      const KolTileDef *to = &title->tiles[g_array_index (from->upgrades_to, gint16, i)];

      g_test_message ("%s -> %s", from->id, to->id);
      if (from->upgrade_policy == KOL_UPGRADE_SAME_COLOR)
        g_assert_cmpint (to->color, ==, from->color);
      else
        g_assert_true (next_color (title, from, to));
      g_assert_cmpint (orange_edged (from), ==, orange_edged (to));
      g_assert_true (exits_kept (from, from_rot, to));
    }
}

static void
check_all_declared (const KolTitle *title)
{
  for (guint t = 0; t < title->n_tiles; t++)
    {
      const KolTileDef *tile = &title->tiles[t];
      int rot = tile->preprinted ? title->hexes[t - title->n_manifest_tiles].rotation : 0;

      check_declared (title, tile, rot);
    }
}

/* A hex-locked tile is among the candidates of each hex it is locked to. */
static void
check_hex_locks (const KolTitle *title)
{
  for (guint t = 0; t < title->n_manifest_tiles; t++)
    {
      const KolTileDef *tile = &title->tiles[t];

      for (guint i = 0; tile->lay_only_on != NULL && i < tile->lay_only_on->len; i++)
        {
          int hex = g_array_index (tile->lay_only_on, gint16, i);
          const KolTileDef *printed = &title->tiles[title->hexes[hex].tile];
          g_autoptr(GArray) list = candidates (title, printed, title->hexes[hex].rotation, hex);
          gboolean found = FALSE;

          g_test_message ("%s locked to %s", tile->id, title->hexes[hex].id);
          for (guint c = 0; c < list->len; c++)
            found = found || g_array_index (list, int, c) == (int) t;
          g_assert_true (found);
        }
    }
}

static gboolean
has_candidate (const KolTitle *title,
               int             tile,
               int             hex)
{
  const KolTileDef *from = &title->tiles[tile];
  int rot = hex >= 0 ? title->hexes[hex].rotation : 0;
  g_autoptr(GArray) list = candidates (title, from, rot, hex);

  return list->len > 0;
}

static gboolean
is_last_color (const KolTitle *title,
               int             color)
{
  return rank (title, color) == title->n_colors - 1;
}

/* 1849 (§10.3, the generic rule with gauges): every
 * yellow and green tile has an upgrade except the green mixed-gauge
 * crossings 710–715 (the set has no brown one); every white and yellow hex
 * can take a tile; the labelled cities upgrade along their own tiles. */
static void
test_1849_upgrades (void)
{
  static const char *const dead_ends[] = { "710", "711", "712", "713", "714", "715", NULL };
  static const char *const chains[][2] = {
    { "C5", "651" }, { "651", "652" }, { "H12", "653" }, { "653", "654" },
    { "B14", "655" }, { "655", "656" }, { "M13", "675" }, { "675", "676" },
    { "H8", "644" }, { "H8", "645" }, { "J6", "657" }, { "J6", "658" }, { "J6", "659" },
  };
  g_autoptr(KolTitle) title = load ("1849", 5, NULL);

  check_all_declared (title);
  for (guint t = 0; t < title->n_manifest_tiles; t++)
    {
      const KolTileDef *tile = &title->tiles[t];
      gboolean expected = !is_last_color (title, tile->color) && !g_strv_contains (dead_ends, tile->id);

      g_test_message ("tile %s", tile->id);
      g_assert_cmpint (has_candidate (title, (int) t, -1), ==, expected);
    }
  for (guint h = 0; h < title->n_hexes; h++)
    {
      const KolHexDef *hex = &title->hexes[h];

      if (hex->color != KOL_COLOR_WHITE && hex->color != KOL_COLOR_YELLOW)
        continue;
      g_test_message ("hex %s", hex->id);
      g_assert_true (has_candidate (title, hex->tile, (int) h));
    }
  for (guint i = 0; i < G_N_ELEMENTS (chains); i++)
    {
      int from = kol_title_tile_by_id (title, chains[i][0]);
      int hex = title->tiles[from].preprinted ? kol_title_hex_by_id (title, chains[i][0]) : -1;
      g_autoptr(GArray) list = candidates (title, &title->tiles[from], hex >= 0 ? title->hexes[hex].rotation : 0, hex);
      gboolean found = FALSE;

      g_test_message ("%s -> %s", chains[i][0], chains[i][1]);
      for (guint c = 0; c < list->len; c++)
        found = found || g_array_index (list, int, c) == kol_title_tile_by_id (title, chains[i][1]);
      g_assert_true (found);
    }
}

/* 1840 (rulebook IX.4, IX.5; glossary §3.1.10): upgrades are declared tile
 * by tile; yellow → green → brown → grey, orange-edged only to
 * orange-edged, grey/red/purple end; the special purple tiles may go where
 * they are locked (on the full map). Every white hex can take a yellow tile, every
 * non-grey, non-orange-brown tile of yellow or green has an upgrade. */
static void
test_1840_upgrades (void)
{
  static const int configs[][2] = { { 5, 0 }, { 3, 1 }, { 2, 0 } };

  for (guint k = 0; k < G_N_ELEMENTS (configs); k++)
    {
      g_autoptr(KolTitle) title = load ("1840", configs[k][0], configs[k][1] ? "three_player_small" : NULL);

      g_test_message ("1840, %d players", configs[k][0]);
      check_all_declared (title);
      /* the 2-player map replaces G11 by an orange hex, where its special
       * purple tiles cannot go */
      if (configs[k][0] == 5)
        check_hex_locks (title);
      for (guint t = 0; t < title->n_manifest_tiles; t++)
        {
          const KolTileDef *tile = &title->tiles[t];

          if (tile->color == KOL_COLOR_RED || tile->color == KOL_COLOR_PURPLE || tile->color == KOL_COLOR_GRAY)
            g_assert_cmpint (tile->upgrade_policy, ==, KOL_UPGRADE_NONE);
        }
      for (guint h = 0; h < title->n_hexes; h++)
        if (title->hexes[h].color == KOL_COLOR_WHITE)
          {
            g_test_message ("hex %s", title->hexes[h].id);
            g_assert_true (has_candidate (title, title->hexes[h].tile, (int) h));
          }
    }
}

/* ---- the oracle's maps ------------------------------------------------------- */

static JsonObject *
read_first_line (const char *path,
                 JsonParser *parser)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInputStream) raw = g_file_read (file, NULL, &error);
  g_autoptr(GZlibDecompressor) gunzip = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autofree char *line = NULL;

  g_assert_no_error (error);
  gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  stream = g_converter_input_stream_new (G_INPUT_STREAM (raw), G_CONVERTER (gunzip));
  lines = g_data_input_stream_new (stream);
  line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  json_parser_load_from_data (parser, line, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

typedef struct
{
  const char *file;
  const char *title;
  guint       hexes;
} OracleCase;

/* The hexes of each configuration are exactly those of the reference
 * engine's first state, each with its preprinted tile named after it. */
static const OracleCase oracle_cases[] = {
  { "1849-27939.jsonl.gz", "1849", 73 },
  { "1849-1849_game_end_bank.jsonl.gz", "1849", 73 },
  { "1840-218809.jsonl.gz", "1840", 148 },
  { "1840-2player.jsonl.gz", "1840", 89 },
};

static void
test_oracle_map (gconstpointer data)
{
  const OracleCase *c = data;
  const char *dir = g_getenv ("KOLEYA_ORACLE_DIR");
  g_autofree char *path = dir ? g_build_filename (dir, c->file, NULL) : NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) options = NULL;
  g_autoptr(KolTitle) title = NULL;
  JsonObject *state;
  JsonArray *tiles, *rules;
  int n_players;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the oracle fixtures (../shared/fixtures/oracle) are not there");
      return;
    }
  state = read_first_line (path, parser);
  g_assert_cmpstr (json_object_get_string_member (state, "title"), ==, c->title);
  n_players = (int) json_array_get_length (json_object_get_array_member (state, "players"));
  rules = json_object_get_array_member (state, "optional_rules");
  for (guint i = 0; i < json_array_get_length (rules); i++)
    g_strv_builder_add (builder, json_array_get_string_element (rules, i));
  options = g_strv_builder_end (builder);

  title = load_options (c->title, n_players, (const char * const *) options);
  tiles = json_object_get_array_member (state, "tiles");
  g_assert_cmpuint (json_array_get_length (tiles), ==, c->hexes);
  g_assert_cmpuint (title->n_hexes, ==, c->hexes);
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      const char *hex = json_object_get_string_member (tile, "hex");
      int index = kol_title_hex_by_id (title, hex);

      g_test_message ("hex %s", hex);
      g_assert_cmpint (index, >=, 0);
      g_assert_cmpstr (title->tiles[title->hexes[index].tile].id, ==, json_object_get_string_member (tile, "tile"));
      g_assert_cmpint (title->hexes[index].rotation, ==, json_object_get_int_member (tile, "rot"));
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_setenv ("LANGUAGE", "en", TRUE);

  if (g_getenv ("KOLEYA_DATA_DIR") == NULL)
    {
      g_print ("1..0 # SKIP KOLEYA_DATA_DIR is not set\n");
      return 0;
    }
  g_test_add_func ("/title-data/1840/tile-counts", test_1840_tile_counts);
  g_test_add_func ("/title-data/1840/players", test_1840_players);
  g_test_add_func ("/title-data/1840/companies", test_1840_companies);
  g_test_add_func ("/title-data/1840/upgrades", test_1840_upgrades);
  g_test_add_func ("/title-data/1849/tile-counts", test_1849_tile_counts);
  g_test_add_func ("/title-data/1849/players", test_1849_players);
  g_test_add_func ("/title-data/1849/trains", test_1849_trains);
  g_test_add_func ("/title-data/1849/companies", test_1849_companies);
  g_test_add_func ("/title-data/1849/terrain", test_1849_terrain);
  g_test_add_func ("/title-data/1849/upgrades", test_1849_upgrades);
  for (guint i = 0; i < G_N_ELEMENTS (oracle_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/title-data/oracle/%s", oracle_cases[i].file);
      g_test_add_data_func (name, &oracle_cases[i], test_oracle_map);
    }
  sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kol_title_source_free);
  status = g_test_run ();
  g_hash_table_unref (sources);
  return status;
}
