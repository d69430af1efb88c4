/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kol-cli-route-boards.h"

/*
 * How a synthetic board is made (see the header for what it is for).
 *
 * Tiles: for each phase up to the spec's, a few passes over the hexes in
 * random order; on each hex the board API's legal tiles (supply, colour,
 * upgrade rules, label, hex lock) in their legal rotations, with no
 * connection check (so the whole map fills, as after many turns of many
 * companies). A lay takes the candidate that joins most track of the
 * neighbours (then most exits, then most stops), or now and then a random
 * one. Upgrades return the old tile to the supply, which is then laid
 * elsewhere, until the supply runs out. Tiles that need a bonus lay (1840's
 * red inner-city and purple station tiles) are laid last where they are a
 * legal upgrade.
 *
 * Stations: the home (the title's home city, a random city of the home hex,
 * or of a home choice; any free city for a company without a home), then
 * round by round one more station per company in a random city its
 * network reaches (the board API's token check with connection).
 *
 * Runs: each company is given its trains from the depot (or from another
 * holder when the depot has none left: the rules only see the train
 * definitions), the title's route hooks prepare its rules and trains, and
 * the trains go back.
 */

#define MAX_PASSES 3

typedef struct
{
  KolEngine *engine;
  GRand   *rand;
  const KolRouteBoardSpec *spec;
  guint8  *region;           /* per hex: may be filled */
  int      lay_corp;
} Builder;

static gboolean
hex_has_track_to (KolEngine *engine,
                  int        hex,
                  int        edge)
{
  int rot;
  const KolTileDef *tile = kol_board_tile (engine, hex, &rot);

  return tile && (kol_tile_exits (tile, rot) & (1u << edge));
}

/* How well @tile at @rot on @hex joins the map: track of the neighbours it
 * meets first, then its exits towards hexes that may still get track. */
static int
lay_score (Builder *b,
           int      hex,
           int      tile,
           int      rot)
{
  const KolTileDef *def = &b->engine->title->tiles[tile];
  guint8 exits = kol_tile_exits (def, rot);
  int score = 0;

  for (int e = 0; e < 6; e++)
    {
      int nb;

      if (!(exits & (1u << e)))
        continue;
      nb = kol_board_neighbor (b->engine, hex, e);
      if (nb < 0)
        continue;
      if (hex_has_track_to (b->engine, nb, (e + 3) % 6))
        score += 8;
      else if (b->region[nb])
        score += 3;
    }
  score += 2 * (kol_tile_n_cities (def) + kol_tile_n_towns (def));
  return score;
}

static int
color_rank (KolEngine *engine,
            int        tile)
{
  return kol_title_color_rank (engine->title, (KolColor) engine->title->tiles[tile].color);
}

/* Lays the best (or a random) legal tile on @hex; TRUE if one was laid. */
static gboolean
lay_on_hex (Builder *b,
            int      hex)
{
  KolEngine *engine = b->engine;
  gint16 tiles[256];
  int n = kol_board_legal_tiles (engine, b->lay_corp, hex, NULL, tiles, G_N_ELEMENTS (tiles));
  int best_tile = -1, best_rot = -1, best_score = G_MININT, n_cand = 0;
  int cur_rank = color_rank (engine, engine->hexes[hex].tile);
  gboolean greedy = g_rand_int_range (b->rand, 0, 100) < b->spec->greedy;

  for (int i = 0; i < n; i++)
    {
      guint8 rots;

      if (color_rank (engine, tiles[i]) <= cur_rank && engine->hexes[hex].copy >= 0)
        continue;  /* no sideways "upgrades": every lay moves a colour on */
      rots = kol_board_legal_rotations (engine, b->lay_corp, hex, tiles[i], NULL);
      for (int r = 0; r < 6; r++)
        {
          int score;

          if (!(rots & (1u << r)))
            continue;
          n_cand++;
          score = greedy ? lay_score (b, hex, tiles[i], r) * 16 + g_rand_int_range (b->rand, 0, 16)
                         : g_rand_int_range (b->rand, 0, 1 << 20);
          if (score > best_score)
            {
              best_score = score;
              best_tile = tiles[i];
              best_rot = r;
            }
        }
    }
  if (n_cand == 0)
    return FALSE;
  kol_board_lay (engine, hex, kol_board_free_copy (engine, best_tile), best_rot);
  return TRUE;
}

static void
shuffle (GRand *rand,
         int   *a,
         int    n)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1), t = a[i];

      a[i] = a[j];
      a[j] = t;
    }
}

static int
fill_phase (Builder *b)
{
  KolEngine *engine = b->engine;
  int n = (int) engine->title->n_hexes, laid = 0;
  g_autofree int *order = g_new (int, n);

  for (int pass = 0; pass < MAX_PASSES; pass++)
    {
      int before = laid;

      for (int h = 0; h < n; h++)
        order[h] = h;
      shuffle (b->rand, order, n);
      for (int i = 0; i < n; i++)
        if (b->region[order[i]] && lay_on_hex (b, order[i]))
          laid++;
      if (laid == before)
        break;
    }
  return laid;
}

/* Tiles a title lays only as a bonus (lay_requires): laid where they are a
 * legal upgrade, as the bonuses of a long game would have placed them. */
static int
bonus_lays (Builder *b)
{
  KolEngine *engine = b->engine;
  const KolBoardHooks *hooks = engine->module ? engine->module->board_hooks : NULL;
  int n = (int) engine->title->n_hexes, laid = 0;
  g_autofree int *order = g_new (int, n);

  for (guint t = 0; t < engine->title->n_manifest_tiles; t++)
    {
      const KolTileDef *def = &engine->title->tiles[t];

      if (def->lay_requires == NULL || g_rand_int_range (b->rand, 0, 100) >= b->spec->bonus_tiles)
        continue;
      for (int h = 0; h < n; h++)
        order[h] = h;
      shuffle (b->rand, order, n);
      for (int i = 0; i < n && kol_board_free_copy (engine, (int) t) >= 0; i++)
        {
          int hex = order[i], from = engine->hexes[hex].tile;
          gboolean up;
          guint8 rots;

          if (!b->region[hex])
            continue;
          if (def->lay_only_on)
            {
              gboolean listed = FALSE;

              for (guint k = 0; k < def->lay_only_on->len; k++)
                listed |= g_array_index (def->lay_only_on, gint16, k) == hex;
              if (!listed)
                continue;
            }
          up = hooks && hooks->upgrades_to ? hooks->upgrades_to (engine, hex, from, (int) t)
                                           : kol_board_upgrades_to (engine, hex, from, (int) t);
          if (!up || (rots = kol_board_legal_rotations (engine, b->lay_corp, hex, (int) t, NULL)) == 0)
            continue;
          for (int r = 0; r < 6; r++)
            if (rots & (1u << r))
              {
                kol_board_lay (engine, hex, kol_board_free_copy (engine, (int) t), r);
                laid++;
                break;
              }
          break;
        }
    }
  return laid;
}

/* ---- stations ---------------------------------------------------------- */

static gboolean
type_matches (const KolTitle *title,
              int             corp,
              const char     *types)
{
  g_auto(GStrv) list = NULL;

  if (types == NULL)
    return TRUE;
  list = g_strsplit (types, " ", -1);
  return title->corps[corp].type && g_strv_contains ((const char * const *) list, title->corps[corp].type);
}

static gboolean
try_token (KolEngine      *engine,
           int             corp,
           int             hex,
           int             city,
           guint           checks,
           const KolReach *reach)
{
  KolReason reason;

  if (!kol_board_check_token (engine, corp, hex, city, (KolTokenCheck) checks, reach, &reason))
    return FALSE;
  return kol_board_place_token (engine, corp, -1, hex, city, -1);
}

/* A random city on one of @hexes (all hexes when NULL) where @corp may put
 * a station; TRUE when placed. */
static gboolean
place_somewhere (Builder        *b,
                 int             corp,
                 const gint16   *hexes,
                 int             n_hexes,
                 guint           checks,
                 const KolReach *reach)
{
  KolEngine *engine = b->engine;
  int n = hexes ? n_hexes : (int) engine->title->n_hexes;
  g_autofree int *order = g_new (int, MAX (n, 1));

  for (int i = 0; i < n; i++)
    order[i] = hexes ? hexes[i] : i;
  shuffle (b->rand, order, n);
  for (int i = 0; i < n; i++)
    {
      int hex = order[i], rot;
      const KolTileDef *tile = kol_board_tile (engine, hex, &rot);
      int cities = tile ? kol_tile_n_cities (tile) : 0, first;

      if (cities == 0 || (!b->region[hex] && hexes == NULL))
        continue;
      first = g_rand_int_range (b->rand, 0, cities);
      for (int k = 0; k < cities; k++)
        if (try_token (engine, corp, hex, (first + k) % cities, checks, reach))
          return TRUE;
    }
  return FALSE;
}

static gboolean
place_home (Builder *b,
            int      corp)
{
  KolEngine *engine = b->engine;
  const KolCorpDef *def = &engine->title->corps[corp];

  if (def->home >= 0)
    {
      gint16 home = def->home;
      const KolTileDef *tile = kol_board_tile (engine, home, NULL);

      if (def->home_city >= 0 && tile && def->home_city < kol_tile_n_cities (tile) &&
          try_token (engine, corp, home, def->home_city, 0, NULL))
        return TRUE;
      return place_somewhere (b, corp, &home, 1, 0, NULL);
    }
  if (def->home_choices && def->home_choices->len > 0)
    return place_somewhere (b, corp, (const gint16 *) (gconstpointer) def->home_choices->data,
                            (int) def->home_choices->len, 0, NULL);
  return place_somewhere (b, corp, NULL, 0, 0, NULL);
}

static int
corp_stations (KolEngine *engine,
               int        corp)
{
  int n = 0;

  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      if (engine->hexes[h].slot_token[s] >= 0 && KOL_TOKEN_CORP (engine->hexes[h].slot_token[s]) == corp)
        n++;
  return n;
}

/* Does @corp belong to the board's region: a station there, or its home
 * (or a home choice) there? Always with the whole map. */
static gboolean
in_region (Builder *b,
           int      corp)
{
  KolEngine *engine = b->engine;
  const KolCorpDef *def = &engine->title->corps[corp];

  if (b->spec->region <= 0)
    return TRUE;
  for (guint h = 0; h < engine->title->n_hexes; h++)
    for (int s = 0; s < KOL_MAX_HEX_SLOTS; s++)
      if (b->region[h] && engine->hexes[h].slot_token[s] >= 0 && KOL_TOKEN_CORP (engine->hexes[h].slot_token[s]) == corp)
        return TRUE;
  if (def->home >= 0)
    return b->region[def->home];
  for (guint i = 0; def->home_choices && i < def->home_choices->len; i++)
    if (b->region[g_array_index (def->home_choices, gint16, i)])
      return TRUE;
  return def->home_choices == NULL;
}

/* Chooses the companies that run and gives them stations; returns them in
 * @chosen (count returned). */
static int
place_stations (Builder *b,
                int     *chosen,
                int     *target)
{
  KolEngine *engine = b->engine;
  const KolRouteBoardSpec *spec = b->spec;
  int n = 0, n_set = 0, placed = 1;

  /* companies the setup gave stations (1840's Stadtbahn companies) keep
   * just those and always run */
  for (int c = 0; c < engine->n_corps; c++)
    if (!engine->corps[c].removed && !engine->corps[c].closed && engine->title->corps[c].n_tokens > 0 &&
        type_matches (engine->title, c, spec->corp_type) && corp_stations (engine, c) > 0 && in_region (b, c))
      {
        target[n_set] = 0;
        chosen[n_set++] = c;
      }
  n = n_set;
  for (int c = 0; c < engine->n_corps; c++)
    if (!engine->corps[c].removed && !engine->corps[c].closed && engine->title->corps[c].n_tokens > 0 &&
        type_matches (engine->title, c, spec->corp_type) && corp_stations (engine, c) == 0 && in_region (b, c))
      chosen[n++] = c;
  shuffle (b->rand, chosen + n_set, n - n_set);
  if (spec->companies > 0 && n - n_set > spec->companies)
    n = n_set + spec->companies;
  for (int i = n_set; i < n; i++)
    {
      int c = chosen[i], max = MIN (spec->max_stations, engine->title->corps[c].n_tokens);

      target[i] = g_rand_int_range (b->rand, MIN (spec->min_stations, max), max + 1);
      if (target[i] > 0)
        place_home (b, c);
    }
  while (placed)
    {
      placed = 0;
      for (int i = 0; i < n; i++)
        {
          KolReach reach;
          int c = chosen[i];

          if (target[i] == 0 || corp_stations (engine, c) == 0 || corp_stations (engine, c) >= target[i] ||
              kol_board_next_token (engine, c) < 0)
            continue;
          kol_board_compute_reach (engine, c, NULL, &reach);
          placed += place_somewhere (b, c, NULL, 0, KOL_TOKEN_CHECK_CONNECTED, &reach);
        }
    }
  /* a sorted list keeps the runs in the title's order */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && chosen[j - 1] > chosen[j]; j--)
      {
        int t = chosen[j];

        chosen[j] = chosen[j - 1];
        chosen[j - 1] = t;
        t = target[j];
        target[j] = target[j - 1];
        target[j - 1] = t;
      }
  return n;
}

/* ---- runs ---------------------------------------------------------------- */

/* 1840 lines earn a landmark bonus only while their tram company owns the
 * private (IX.8); synthetic games have no tram companies, so this wrapper
 * around the module's stop_value stands in for that ownership: it adds the
 * bonus bit of the privates chosen for the run, as the module would. Local
 * to the benchmark. */
static void
landmark_value (const KolEngine     *engine,
                int                  corp,
                const KolRouteTrain *train,
                KolRouteStop        *stop,
                gpointer             user_data)
{
  KolRouteBoardLandmarks *lm = user_data;

  if (lm->stop_value)
    lm->stop_value (engine, corp, train, stop, lm->user_data);
  for (int i = 0; i < lm->n_bonus_hex; i++)
    if (stop->hex == lm->bonus_hex[i] && stop->kind != KOL_NODE_JUNCTION)
      stop->bonus |= lm->bonus_hex_bits[i];
}

static void
add_landmarks (Builder          *b,
               KolRouteBoardRun *run)
{
  const KolTitle *title = b->engine->title;
  KolRouteBoardLandmarks *lm = &run->landmarks;

  for (guint c = 0; c < title->n_companies && c < KOL_ROUTE_MAX_BONUSES && (int) c < run->rules.n_bonuses; c++)
    {
      g_autoptr(GVariant) hex = title->companies[c].extra
                                ? g_variant_lookup_value (title->companies[c].extra, "landmark", NULL) : NULL;
      const char *id;
      int h;

      if (hex == NULL || !g_variant_is_of_type (hex, G_VARIANT_TYPE_STRING) ||
          g_rand_int_range (b->rand, 0, 100) >= 35)
        continue;
      id = g_variant_get_string (hex, NULL);
      h = kol_title_hex_by_id (title, id);
      if (h < 0 || run->rules.bonus_value[c] <= 0)
        continue;
      lm->bonus_hex[lm->n_bonus_hex] = (gint16) h;
      lm->bonus_hex_bits[lm->n_bonus_hex] = 1u << c;
      lm->n_bonus_hex++;
    }
  if (lm->n_bonus_hex == 0)
    return;
  lm->stop_value = run->rules.stop_value;
  lm->user_data = run->rules.user_data;
  run->rules.stop_value = landmark_value;
  run->rules.user_data = lm;
}

/* A copy of train def @def for @corp: from the depot, else from any holder;
 * returns the train and its holder before, or −1. */
static int
borrow_train (KolEngine *engine,
              int        def,
              int        corp,
              KolEntity *was)
{
  int pick = -1;

  for (int i = 0; i < engine->n_trains; i++)
    {
      const KolTrain *t = &engine->trains[i];

      if (t->def != def || t->rusted || kol_entity_equal (t->owner, kol_entity (KOL_ENTITY_CORP, corp)))
        continue;
      if (pick < 0 || (t->in_depot && !engine->trains[pick].in_depot))
        pick = i;
    }
  if (pick >= 0)
    {
      *was = engine->trains[pick].owner;
      kol_engine_move_train (engine, pick, kol_entity (KOL_ENTITY_CORP, corp));
    }
  return pick;
}

static gboolean
make_run (Builder          *b,
          int               corp,
          gboolean          setup_run,
          KolRouteBoardRun *run)
{
  KolEngine *engine = b->engine;
  const KolRouteHooks *hooks = engine->module ? engine->module->route_hooks : NULL;
  g_auto(GStrv) words = b->spec->trains ? g_strsplit (b->spec->trains, " ", -1) : NULL;
  int lent[KOL_ROUTE_MAX_TRAINS], n_lent = 0;
  KolEntity was[KOL_ROUTE_MAX_TRAINS];
  GString *label = g_string_new (engine->title->corps[corp].id);

  memset (run, 0, sizeof *run);
  run->corp = corp;
  /* companies the setup equipped (1840's Stadtbahn companies) keep theirs */
  for (int i = 0; words && !setup_run && words[i] && n_lent < KOL_ROUTE_MAX_TRAINS; i++)
    {
      g_auto(GStrv) alts = g_strsplit (words[i], "|", -1);
      int n_alts = (int) g_strv_length (alts), t;

      if (n_alts == 0)
        continue;
      t = kol_title_train_by_id (engine->title, alts[g_rand_int_range (b->rand, 0, n_alts)]);
      if (t >= 0 && (lent[n_lent] = borrow_train (engine, t, corp, &was[n_lent])) >= 0)
        n_lent++;
    }
  {
    gint16 own[KOL_ROUTE_MAX_TRAINS];
    int n_own = kol_engine_trains_of (engine, kol_entity (KOL_ENTITY_CORP, corp), own, KOL_ROUTE_MAX_TRAINS);

    for (int i = 0; i < n_own; i++)
      g_string_append_printf (label, "%s%s", i ? "+" : " ", kol_engine_train_name (engine, own[i]));
  }
  run->n_trains = hooks && hooks->prepare
                  ? hooks->prepare (engine, corp, &run->rules, run->trains, KOL_ROUTE_MAX_TRAINS) : 0;
  for (int i = n_lent - 1; i >= 0; i--)
    kol_engine_move_train (engine, lent[i], was[i]);
  g_strlcpy (run->label, label->str, sizeof run->label);
  g_string_free (label, TRUE);
  if (run->n_trains > 0)
    add_landmarks (b, run);
  return run->n_trains > 0;
}

/* ---- the board ----------------------------------------------------------- */

/* @size hexes around a random company home, by breadth-first search over the
 * title's neighbours. */
static void
choose_region (Builder *b)
{
  KolEngine *engine = b->engine;
  int n = (int) engine->title->n_hexes, start = -1, head = 0, tail = 0, count = 0;
  g_autofree int *queue = g_new (int, n);

  if (b->spec->region <= 0)
    {
      memset (b->region, 1, (gsize) n);
      return;
    }
  for (int tries = 0; tries < 50 && start < 0; tries++)
    {
      int c = g_rand_int_range (b->rand, 0, engine->n_corps);

      if (type_matches (engine->title, c, b->spec->corp_type) && engine->title->corps[c].home >= 0)
        start = engine->title->corps[c].home;
    }
  if (start < 0)
    start = g_rand_int_range (b->rand, 0, n);
  queue[tail++] = start;
  b->region[start] = 1;
  while (head < tail && count < b->spec->region)
    {
      int h = queue[head++], e0 = g_rand_int_range (b->rand, 0, 6);

      count++;
      for (int k = 0; k < 6; k++)
        {
          int nb = engine->title->hexes[h].neighbors[(e0 + k) % 6];

          if (nb >= 0 && !b->region[nb])
            {
              b->region[nb] = 1;
              queue[tail++] = nb;
            }
        }
    }
  /* only what was dequeued counts */
  for (int i = head; i < tail; i++)
    b->region[queue[i]] = 0;
}

/**
 * kol_route_board_new:
 * @title: a title with a rules module that has route hooks
 * @spec: how to build the board
 * @seed: the random seed
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the board, or %NULL with @error set.
 */
KolRouteBoard *
kol_route_board_new (const KolTitle          *title,
                     const KolRouteBoardSpec *spec,
                     guint32                  seed,
                     GError                 **error)
{
  g_autoptr(KolEngine) engine = kol_engine_new (title, title->n_players, NULL, NULL, seed, error);
  Builder b = { 0 };
  KolRouteBoard *board;
  int last = spec->phase < 0 ? (int) title->n_phases - 1 : MIN (spec->phase, (int) title->n_phases - 1);
  g_autofree int *chosen = NULL, *target = NULL;
  int n_chosen;

  if (engine == NULL)
    return NULL;
  if (engine->module == NULL || engine->module->route_hooks == NULL ||
      ((const KolRouteHooks *) engine->module->route_hooks)->prepare == NULL)
    {
      /* Translators: %s is a title id such as "1849"; its rules module
       * cannot give the routing rules of its companies. */
      g_set_error (error, KOL_ENGINE_ERROR, KOL_ENGINE_ERROR_INVALID,
                   _("The rules of title %s do not give routing rules."), title->id);
      return NULL;
    }
  board = g_new0 (KolRouteBoard, 1);
  b.engine = engine;
  b.rand = g_rand_new_with_seed (seed);
  b.spec = spec;
  b.region = g_new0 (guint8, title->n_hexes);
  b.lay_corp = 0;
  choose_region (&b);
  for (int p = 0; p <= last; p++)
    {
      if (p > engine->phase)
        kol_engine_set_phase (engine, p);
      board->tiles_laid += fill_phase (&b);
    }
  board->tiles_laid += bonus_lays (&b);

  chosen = g_new0 (int, engine->n_corps);
  target = g_new0 (int, engine->n_corps);
  n_chosen = place_stations (&b, chosen, target);
  board->runs = g_new0 (KolRouteBoardRun, MAX (n_chosen, 1));
  for (int i = 0; i < n_chosen; i++)
    {
      board->stations += corp_stations (engine, chosen[i]);
      if (corp_stations (engine, chosen[i]) > 0 && make_run (&b, chosen[i], target[i] == 0, &board->runs[board->n_runs]))
        board->n_runs++;
    }
  g_rand_free (b.rand);
  g_free (b.region);
  board->engine = g_steal_pointer (&engine);
  return board;
}

/**
 * kol_route_board_free:
 * @board: (nullable): a board
 */
void
kol_route_board_free (KolRouteBoard *board)
{
  if (board == NULL)
    return;
  kol_engine_free (board->engine);
  g_free (board->runs);
  g_free (board);
}
