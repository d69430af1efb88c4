/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "route-test-common.h"

/*
 * Random boards for the route tests and the benchmark, generated from a seed
 * in one of two title styles (see test-route-brute.c). The grid is laid
 * first, then links between neighbours (track on both sides, so that the
 * network joins where it should), then a tile per hex built around its
 * exits: plain track, halts, cities (one or two), red cities with terminal
 * paths, off-boards (1849 ports or 1840 red areas).
 */

typedef struct
{
  int min_rows, max_rows;      /* letters */
  int min_cols, max_cols;
  int min_density, max_density; /* percent of neighbour pairs linked */
  int holes;                   /* percent of grid cells without a hex */
  int min_own, max_own;        /* the company's stations */
  int min_trains, max_trains;  /* 1849 style */
  int plain;                   /* percent of tiles that are plain track */
  int offboards;               /* percent of off-boards */
  int towns;                   /* percent of halts; the rest are cities */
  int stop_trains;             /* 1830 style: trains count stops (normal,
                                * express, diesel), some towns are passed
                                * free (visit_cost 0) */
} RtBoardParams;

typedef struct
{
  gboolean             pointy;
  GRand               *rand;
  GPtrArray           *strings;
  const RtBoardParams *params;
} Gen;

/* The boards of the exhaustive comparison: small enough for the oracle. */
G_GNUC_UNUSED static const RtBoardParams rt_small_boards = {
  3, 6, 3, 6, 40, 75, 8, 1, 3, 1, 4, 20, 10, 32,
};
/* The same with fewer rows, for up to four trains of three kinds. */
G_GNUC_UNUSED static const RtBoardParams rt_small_boards_1849 = {
  3, 5, 3, 6, 40, 75, 8, 1, 3, 1, 4, 20, 10, 32,
};
/* 1849 boards with the trains of the 1830 family (standard module). */
G_GNUC_UNUSED static const RtBoardParams rt_small_boards_1830 = {
  3, 5, 3, 6, 40, 75, 8, 1, 3, 1, 3, 20, 10, 32, 1,
};

G_GNUC_UNUSED static const char *
random_track (Gen *gen)
{
  int r = g_rand_int_range (gen->rand, 0, 100);

  if (gen->pointy)
    return r < 85 ? "tram" : "stadtbahn";
  return r < 45 ? "broad" : r < 75 ? "narrow" : "dual";
}

G_GNUC_UNUSED static void
shuffle (GRand *rand,
         int   *a,
         int    n)
{
  for (int i = 0; i < n; i++)
    {
      int j = g_rand_int_range (rand, i, n), t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
}

/* A tile whose track leaves by the @n edges @e (tile edges, before rotation),
 * with track types @types per edge. */
G_GNUC_UNUSED static char *
random_tile (Gen               *gen,
             int               *e,
             int                n,
             const char *const *types)
{
  GString *s = g_string_new (NULL);
  int r = g_rand_int_range (gen->rand, 0, 100);
  static const int town_values[] = { 10, 20, 30 };
  static const int city_values[] = { 20, 30, 40, 50 };

  if (n == 0)
    return g_string_free (s, FALSE);
  shuffle (gen->rand, e, n);
  int plain = gen->params->plain, off = plain + gen->params->offboards;
  int towns = off + gen->params->towns;

  if (n >= 2 && r < plain)
    {
      /* plain track, pairs of exits (crossings included) */
      for (int i = 0; i + 1 < n; i += 2)
        g_string_append_printf (s, "%spath=a:%d,b:%d,track:%s", i ? ";" : "", e[i], e[i + 1], types[e[i]]);
      return g_string_free (s, FALSE);
    }
  if (r < off || (n == 1 && r < off + 15))
    {
      /* an off-board: an 1849 port (optional stop) or a red area */
      gboolean port = !gen->pointy && g_rand_int_range (gen->rand, 0, 100) < 60;
      gboolean terminal = gen->pointy && g_rand_int_range (gen->rand, 0, 2);

      if (port)
        g_string_append_printf (s, "offboard=revenue:%d,route:optional", 20 * g_rand_int_range (gen->rand, 1, 4));
      else
        g_string_append (s, "offboard=revenue:0");
      for (int i = 0; i < n; i++)
        g_string_append_printf (s, ";path=a:%d,b:_0,track:%s%s", e[i], types[e[i]], terminal ? ",terminal:1" : "");
      return g_string_free (s, FALSE);
    }
  if (r < towns)
    {
      /* one halt, or two on one tile (the second one maybe joined by a
       * node-to-node path), maybe with track passing by */
      int split = (n >= 4 && g_rand_int_range (gen->rand, 0, 100) < 35) ? n / 2 : n;
      int pass = (split == n && n >= 4 && g_rand_int_range (gen->rand, 0, 100) < 30) ? 2 : 0;

      g_string_append_printf (s, "town=revenue:%d", town_values[g_rand_int_range (gen->rand, 0, 3)]);
      if (gen->params->stop_trains && g_rand_int_range (gen->rand, 0, 100) < 25)
        g_string_append (s, ",visit:0");
      if (split < n)
        g_string_append_printf (s, ";town=revenue:%d", town_values[g_rand_int_range (gen->rand, 0, 3)]);
      for (int i = 0; i < n - pass; i++)
        g_string_append_printf (s, ";path=a:%d,b:_%d,track:%s", e[i], i < split ? 0 : 1, types[e[i]]);
      if (pass)
        g_string_append_printf (s, ";path=a:%d,b:%d,track:%s", e[n - 2], e[n - 1], types[e[n - 2]]);
      if (split < n && g_rand_int_range (gen->rand, 0, 100) < 30)
        g_string_append_printf (s, ";path=a:_0,b:_1,track:%s", types[e[0]]);
      return g_string_free (s, FALSE);
    }
  {
    /* a city; two cities (OO); or a red city whose paths are terminal */
    int split = (n >= 3 && g_rand_int_range (gen->rand, 0, 100) < 30) ? MAX (1, n / 2) : n;
    gboolean terminal = gen->pointy && split == n && g_rand_int_range (gen->rand, 0, 100) < 15;

    g_string_append_printf (s, "city=revenue:%d,slots:%d", city_values[g_rand_int_range (gen->rand, 0, 4)],
                            g_rand_int_range (gen->rand, 1, 3));
    if (split < n)
      g_string_append_printf (s, ";city=revenue:%d", city_values[g_rand_int_range (gen->rand, 0, 4)]);
    /* red cities: some or all of their paths are terminal */
    for (int i = 0; i < n; i++)
      g_string_append_printf (s, ";path=a:%d,b:_%d,track:%s%s", e[i], i < split ? 0 : 1, types[e[i]],
                              terminal && g_rand_int_range (gen->rand, 0, 100) < 60 ? ",terminal:1" : "");
    if (split < n && g_rand_int_range (gen->rand, 0, 100) < 20)
      g_string_append_printf (s, ";path=a:_0,b:_1,track:%s", types[e[0]]);
    return g_string_free (s, FALSE);
  }
}

/* ---- the generated case ------------------------------------------------------ */

typedef struct
{
  KolTitle     *title;
  KolEngine      *engine;
  KolRouteRules rules;
  KolRouteTrain trains[4];
  int           n_trains;
  /* hook data */
  gboolean      style_1840;
  gboolean      stadtbahn;
  gboolean      strict_counts;
  int           bonus_hex[2];
  int           forbidden_hex[4];
  int           n_forbidden;
  int           double_hex[2];
  int           cnm_hex;
  int           home_hex;
} Case;

G_GNUC_UNUSED static void
case_flags (const KolEngine *engine,
            int              corp,
            KolRouteStop    *stop,
            gpointer         data)
{
  Case *c = data;

  for (int i = 0; i < c->n_forbidden; i++)
    if (stop->hex == c->forbidden_hex[i])
      {
        stop->flags |= KOL_ROUTE_STOP_FORBIDDEN;
        stop->forbid_reason = TEST_REASON_FORBIDDEN;
      }
  if (c->stadtbahn)
    {
      stop->flags &= (guint16) ~KOL_ROUTE_STOP_ANCHOR;
      if (stop->hex == c->home_hex && stop->kind == KOL_NODE_CITY)
        stop->flags |= KOL_ROUTE_STOP_ANCHOR;
    }
  /* the #5874 reading: an interchange without the line's station is not a
   * revenue location */
  if (c->strict_counts && stop->kind == KOL_NODE_CITY && !(stop->flags & KOL_ROUTE_STOP_ANCHOR))
    stop->flags &= (guint16) ~KOL_ROUTE_STOP_COUNTS;
}

G_GNUC_UNUSED static void
case_value (const KolEngine     *engine,
            int                  corp,
            const KolRouteTrain *train,
            KolRouteStop        *stop,
            gpointer             data)
{
  Case *c = data;
  const KolTileDef *tile = &engine->title->tiles[engine->hexes[stop->hex].tile];

  if (c->style_1840)
    {
      if (stop->kind == KOL_NODE_CITY && !(stop->flags & KOL_ROUTE_STOP_ANCHOR))
        stop->value = 0;
      for (int i = 0; i < 2; i++)
        if (stop->hex == c->bonus_hex[i] && (kol_tile_n_cities (tile) + kol_tile_n_towns (tile)) > 0)
          stop->bonus |= 1u << i;
      return;
    }
  /* an express train on which towns pay nothing (towns "free") */
  if (train->tag == 'F' && stop->kind == KOL_NODE_TOWN)
    stop->value = 0;
  if (train->tag == 'E')
    for (int i = 0; i < 2; i++)
      if (stop->hex == c->double_hex[i])
        stop->value *= 2;
  if (stop->hex == c->cnm_hex)
    stop->bonus |= 1;
}

G_GNUC_UNUSED static gboolean
case_token_blocks (const KolEngine *engine,
                   int              corp,
                   int              hex,
                   int              slot,
                   int              token,
                   gpointer         data)
{
  return KOL_TOKEN_CORP (token) != 3;
}

G_GNUC_UNUSED static int
random_hex_with (Case     *c,
                 GRand    *rand,
                 gboolean (*pred) (const KolTileDef *tile))
{
  int n = (int) c->title->n_hexes;

  for (int tries = 0; tries < 50; tries++)
    {
      int h = g_rand_int_range (rand, 0, n);

      if (pred (&c->title->tiles[c->engine->hexes[h].tile]))
        return h;
    }
  return -1;
}

G_GNUC_UNUSED static gboolean
has_city (const KolTileDef *tile)
{
  return kol_tile_n_cities (tile) > 0;
}

G_GNUC_UNUSED static gboolean
has_stop (const KolTileDef *tile)
{
  return kol_tile_n_cities (tile) + kol_tile_n_towns (tile) > 0;
}

G_GNUC_UNUSED static gboolean
has_offboard (const KolTileDef *tile)
{
  for (int i = 0; i < tile->n_nodes; i++)
    if (tile->nodes[i].kind == KOL_NODE_OFFBOARD)
      return TRUE;
  return FALSE;
}

G_GNUC_UNUSED static gboolean
has_port (const KolTileDef *tile)
{
  return has_offboard (tile) && tile->nodes[0].optional;
}

G_GNUC_UNUSED static void
place_tokens (Case                *c,
              GRand               *rand,
              const RtBoardParams *params)
{
  KolEngine *engine = c->engine;
  int own = g_rand_int_range (rand, params->min_own, params->max_own + 1);

  for (int i = 0; i < own; i++)
    {
      int h = random_hex_with (c, rand, has_city);

      if (h >= 0)
        {
          const KolTileDef *tile = &c->title->tiles[engine->hexes[h].tile];
          int city = g_rand_int_range (rand, 0, kol_tile_n_cities (tile));
          int base = kol_tile_city_slot_base (tile, city);

          if (engine->hexes[h].slot_token[base] < 0)
            rt_token (engine, h, city, 0);
        }
    }
  /* other companies fill slots at random: some cities become blocked */
  for (guint h = 0; h < c->title->n_hexes; h++)
    {
      const KolTileDef *tile = &c->title->tiles[engine->hexes[h].tile];

      for (int city = 0; city < kol_tile_n_cities (tile); city++)
        {
          const KolNodeDef *nd = &tile->nodes[kol_tile_city_node (tile, city)];
          int base = kol_tile_city_slot_base (tile, city);

          for (int s = 0; s < nd->slots; s++)
            if (engine->hexes[h].slot_token[base + s] < 0 && g_rand_int_range (rand, 0, 100) < 45)
              engine->hexes[h].slot_token[base + s] = KOL_TOKEN_ID (g_rand_int_range (rand, 1, c->style_1840 ? 4 : 3), s);
        }
    }
}

G_GNUC_UNUSED static KolRouteTrain
random_train_1849 (GRand *rand)
{
  KolRouteTrain t;
  int r = g_rand_int_range (rand, 0, 100);

  if (r < 65)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, 2 * g_rand_int_range (rand, 1, 5));
      t.edge_cost[1] = 2;
    }
  else if (r < 85)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, 6);
      t.edge_cost[0] = 2;
    }
  else
    {
      kol_route_train_init (&t, RT_BROAD, KOL_ROUTE_UNLIMITED);
      t.tag = 'E';
    }
  return t;
}

/* The trains of the standard module: stops counted (towns count, or are
 * passed free), express trains paying their best stops, diesels. */
G_GNUC_UNUSED static KolRouteTrain
random_train_1830 (GRand *rand)
{
  KolRouteTrain t;
  int r = g_rand_int_range (rand, 0, 100);

  if (r < 60)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, g_rand_int_range (rand, 2, 6));
      t.count_stops = TRUE;
      t.stop_cost[KOL_NODE_CITY] = 1;
      t.stop_cost[KOL_NODE_OFFBOARD] = 1;
      t.stop_cost[KOL_NODE_TOWN] = g_rand_int_range (rand, 0, 3) ? 1 : 0;
    }
  else if (r < 85)
    {
      kol_route_train_init (&t, RT_BROAD | RT_NARROW, KOL_ROUTE_UNLIMITED);
      t.pay_best = g_rand_int_range (rand, 2, 5);
      if (g_rand_int_range (rand, 0, 2))
        t.tag = 'F';
    }
  else
    kol_route_train_init (&t, RT_BROAD | RT_NARROW, KOL_ROUTE_UNLIMITED);
  return t;
}

G_GNUC_UNUSED static void
case_init (Case                *c,
           guint32              seed,
           gboolean             style_1840,
           const RtBoardParams *params)
{
  GRand *rand = g_rand_new_with_seed (seed);
  Gen gen = { style_1840, rand, g_ptr_array_new_with_free_func (g_free), params };
  GArray *hexes = g_array_new (TRUE, TRUE, sizeof (KolTestHex));
  KolTestTitleSpec spec = { 0 };
  static const KolTestCorp corps[] = {
    { "A", 8, NULL, 0 }, { "B", 8, NULL, 0 }, { "C", 8, NULL, 0 }, { "D", 8, NULL, 0 }, { NULL },
  };

  memset (c, 0, sizeof *c);
  c->style_1840 = style_1840;
  {
    /* a grid with a few holes, then links between neighbours: each link is
     * track on both sides, so the network is connected where it should be */
    int rows = g_rand_int_range (rand, params->min_rows, params->max_rows + 1);
    int cols = g_rand_int_range (rand, params->min_cols, params->max_cols + 1);
    int density = g_rand_int_range (rand, params->min_density, params->max_density + 1);
    KolGrid grid = { style_1840 ? KOL_LAYOUT_POINTY : KOL_LAYOUT_FLAT, KOL_AXIS_LETTER, KOL_AXIS_NUMBER };
    GArray *ids = g_array_new (FALSE, FALSE, sizeof (char *));
    guint8 *links;
    const char **types;

    for (int row = 0; row < rows; row++)
      for (int col = 0; col < cols; col++)
        if (g_rand_int_range (rand, 0, 100) >= params->holes)
          {
            char *id = kol_hex_format (&grid, row, 2 * col + (row % 2));
            g_array_append_val (ids, id);
          }
    links = g_new0 (guint8, ids->len);
    types = g_new0 (const char *, ids->len * 6);
    for (guint h = 0; h < ids->len; h++)
      {
        int x, y;

        kol_hex_parse (&grid, g_array_index (ids, char *, h), &x, &y);
        for (int edge = 0; edge < 3; edge++)
          {
            int nx, ny;
            char *nid;

            kol_hex_neighbor (&grid, x, y, edge, &nx, &ny);
            nid = kol_hex_format (&grid, nx, ny);
            for (guint k = 0; k < ids->len; k++)
              if (strcmp (g_array_index (ids, char *, k), nid) == 0 &&
                  g_rand_int_range (rand, 0, 100) < density)
                {
                  const char *t = random_track (&gen);

                  links[h] |= (guint8) (1u << edge);
                  links[k] |= (guint8) (1u << (edge + 3));
                  types[h * 6 + (guint) edge] = t;
                  /* now and then the two sides disagree (dual against one gauge) */
                  types[k * 6 + (guint) edge + 3] = (!style_1840 && g_rand_int_range (rand, 0, 100) < 15)
                                                     ? "dual" : t;
                }
            g_free (nid);
          }
        /* a dead end now and then */
        if (g_rand_int_range (rand, 0, 100) < 15)
          {
            int edge = g_rand_int_range (rand, 0, 6);

            if (!(links[h] & (1u << edge)))
              {
                links[h] |= (guint8) (1u << edge);
                types[h * 6 + (guint) edge] = random_track (&gen);
              }
          }
      }
    for (guint h = 0; h < ids->len; h++)
      {
        KolTestHex hex = { 0 };
        int rot = g_rand_int_range (rand, 0, 6), e[6], n = 0;
        const char *local_types[6];

        for (int edge = 0; edge < 6; edge++)
          if (links[h] & (1u << edge))
            {
              int local = (edge - rot + 6) % 6;

              e[n++] = local;
              local_types[local] = types[h * 6 + (guint) edge];
            }
        hex.id = g_array_index (ids, char *, h);
        g_ptr_array_add (gen.strings, (gpointer) hex.id);
        hex.code = random_tile (&gen, e, n, local_types);
        g_ptr_array_add (gen.strings, (gpointer) hex.code);
        {
          char *code = g_strdup_printf ("%s%srotation=%d", hex.code, hex.code[0] ? ";" : "", rot);
          g_ptr_array_add (gen.strings, code);
          hex.code = code;
        }
        g_array_append_val (hexes, hex);
      }
    g_free (links);
    g_free (types);
    g_array_unref (ids);
  }
  spec.layout = style_1840 ? "pointy" : "flat";
  spec.tracks = style_1840 ? RT_TRACKS_1840 : RT_TRACKS_1849;
  spec.phases = "yellow;yellow green;yellow green brown";
  spec.hexes = (const KolTestHex *) hexes->data;
  spec.corps = corps;
  c->title = kol_test_title_new (&spec);
  c->engine = kol_test_game_new (c->title);
  rt_clear_tokens (c->engine);
  c->engine->phase = g_rand_int_range (rand, 0, 3);
  for (guint h = 0; h < c->title->n_hexes; h++)
    {
      KolTileDef *tile = &c->title->tiles[c->engine->hexes[h].tile];

      for (int n = 0; n < tile->n_nodes; n++)
        if (tile->nodes[n].kind == KOL_NODE_OFFBOARD && !tile->nodes[n].optional)
          {
            if (style_1840)
              rt_revenue (c->title, (int) h, n, KOL_REVENUE_BY_COLOR, KOL_COLOR_YELLOW, 20,
                          KOL_COLOR_GREEN, 30, KOL_COLOR_BROWN, 50, -1);
            else
              rt_revenue (c->title, (int) h, n, KOL_REVENUE_BY_PHASE, 0, 10, 1, 30, 2, 90, -1);
          }
    }

  kol_route_rules_init (&c->rules);
  c->rules.stop_flags = case_flags;
  c->rules.stop_value = case_value;
  c->rules.user_data = c;
  c->bonus_hex[0] = c->bonus_hex[1] = c->double_hex[0] = c->double_hex[1] = c->cnm_hex = -1;
  if (style_1840)
    {
      c->rules.token_blocks = case_token_blocks;
      c->rules.n_bonuses = 2;
      c->rules.bonus_value[0] = c->rules.bonus_value[1] = 20;
      c->bonus_hex[0] = random_hex_with (c, rand, has_stop);
      c->bonus_hex[1] = random_hex_with (c, rand, has_stop);
      for (int i = 0; i < 2; i++)
        {
          int h = random_hex_with (c, rand, has_offboard);

          if (h >= 0 && g_rand_int_range (rand, 0, 100) < 50)
            c->forbidden_hex[c->n_forbidden++] = h;
        }
      c->strict_counts = g_rand_int_range (rand, 0, 100) < 15;
      c->n_trains = 1;
      if (g_rand_int_range (rand, 0, 100) < 10)
        {
          c->stadtbahn = TRUE;
          c->rules.anchor_is_end = TRUE;
          c->home_hex = random_hex_with (c, rand, has_city);
          kol_route_train_init (&c->trains[0], RT_STADT, KOL_ROUTE_UNLIMITED);
        }
      else
        kol_route_train_init (&c->trains[0], RT_TRAM, KOL_ROUTE_UNLIMITED);
    }
  else
    {
      c->rules.optional_rule = g_rand_int_range (rand, 0, 2) ? KOL_ROUTE_OPTIONAL_NEED_MORE
                                                             : KOL_ROUTE_OPTIONAL_NOT_COUNTED;
      /* two boards in three price dual gauge as the gauge entered on (1849
       * §10.5.1), the others per stretch (18xx.games); from the seed, so
       * that the boards stay the ones they were */
      c->rules.entered_gauge = seed % 3 != 0;
      c->rules.n_bonuses = 1;
      c->rules.bonus_value[0] = 20;
      c->cnm_hex = random_hex_with (c, rand, has_port);
      c->double_hex[0] = random_hex_with (c, rand, has_city);
      c->double_hex[1] = random_hex_with (c, rand, has_city);
      c->n_trains = g_rand_int_range (rand, params->min_trains, params->max_trains + 1);
      for (int t = 0; t < c->n_trains; t++)
        c->trains[t] = params->stop_trains ? random_train_1830 (rand) : random_train_1849 (rand);
    }
  place_tokens (c, rand, params);

  g_array_unref (hexes);
  g_ptr_array_unref (gen.strings);
  g_rand_free (rand);
}

G_GNUC_UNUSED static void
case_clear (Case *c)
{
  kol_engine_free (c->engine);
  kol_title_free (c->title);
}

